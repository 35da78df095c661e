"""Boss Media hand histories (2011-2017, XML), read into the ``History`` record.

Boss writes each hand as a ``<HISTORY ID=... GAME="GAME_OMAHL" LIMIT="PL" STAKES="0.05/0.10">``
element (a file's hands inside ``<ROOT>``, or alone): the players by name with ``DEALER="Y"`` on
the button, the blinds (HAND_SB, HAND_BB, HAND_DSB a dead small blind, HAND_AB both), the hole
cards dealt to each player (``<CARD LINK="b">`` when hidden), the actions by name, each street's
whole board with the pot and the rake so far, and a ``<SHOWDOWN>`` with the pot after the rake,
the rake, and each player's ``<RESULT>``: what it won, and its cards. A card is a number from
0 to 51: diamonds, clubs, hearts and spades, ace to king, 13 each. A raise and an all-in are
written to their total, a bet by its chips; a call by its chips in 2017's files and by the bet
it comes to in 2012's, told apart by which the betting allows. A bet nobody called is not
printed: the pot shows it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from typing import Optional

from ..exceptions import HistoryError
from .reading import Reading, all_in_for, call_either, cards, money, settle
from .record import History, game_name
from .xmldoc import attribute, hand_element, is_number

__all__ = ["HEADER_START", "PREAMBLE", "card_of", "parse_hand"]

HEADER_START = re.compile(r"^\s*(?:<ROOT>\s*$|<HISTORY ID=)")
"""How a hand of Boss Media's begins, a file's ``<ROOT>`` included: its files are cut here."""
PREAMBLE = re.compile(r"^\s*(?:<ROOT>|<\?xml [^>]*\?>)\s*$")
_OUTSIDE = re.compile(r"^(?:</?ROOT>|<\?xml [^>]*\?>)$")
_LIMITS = {"PL": "pot", "NL": "no", "FL": "fixed"}
_STREETS = {"BOARD_FLOP": ("flop", 3), "BOARD_TURN": ("turn", 4), "BOARD_RIVER": ("river", 5)}
_RANKS = "A23456789TJQK"
_SUITS = "dchs"
_POSTS = {"HAND_SB": "small blind", "HAND_BB": "big blind", "HAND_DSB": "small blind", "HAND_AB": "small & big blinds"}


def card_of(link: str, hand_id: str) -> int:
    """Boss's card number (0 to 51: 13 a suit, diamonds, clubs, hearts, spades, each from the
    ace) as omaha8's card."""
    if not (is_number(link, 2) and int(link) < 52):
        raise HistoryError(f"hand {hand_id}: {link[:10]!r} is not a card")
    number = int(link)
    return cards(_RANKS[number % 13] + _SUITS[number // 13], hand_id, f"LINK={link!r}")[0]


def parse_hand(text: str) -> Optional[History]:
    """One Boss Media hand (its ``<HISTORY>`` element) as a History; None when it is not Omaha
    Hi/Lo."""
    root = hand_element(text, "HISTORY", _OUTSIDE)
    hand_id = attribute(root, "ID", "?")
    if root.get("GAME") != "GAME_OMAHL":
        return None
    limit = _LIMITS.get(root.get("LIMIT", ""))
    stakes_text = root.get("STAKES", "")
    if limit is None or stakes_text.count("/") != 1:
        raise HistoryError(f"hand {hand_id}: limit {root.get('LIMIT')!r} and stakes {stakes_text[:40]!r} unread")
    tournament = root.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
    unit = 1 if tournament else 100
    small, big = stakes_text.split("/")
    line = f"STAKES={stakes_text!r}"
    stakes = (money(small, unit, hand_id, line), money(big, unit, hand_id, line))
    history = History(hand_id, game_name(4), limit, 4, stakes, unit, [], text=text)
    reading = Reading(history, tournament=tournament)
    _seats(reading, root)
    for element in root:
        if element.tag == "ACTION":
            _action(reading, element)
        elif element.tag == "SHOWDOWN":
            _showdown(reading, element)
    if history.total_pot is None:
        raise HistoryError(f"hand {hand_id}: the hand is cut short (no <SHOWDOWN>)")
    return settle(reading)


def _seats(reading: Reading, root: ElementTree.Element) -> None:
    """The players dealt in (those the hand deals cards to), and the button's seat."""
    hand_id = reading.history.hand_id
    dealt = {deal.get("PLAYER") for deal in root.findall("ACTION[@TYPE='HAND_DEAL']")}
    for player in root.findall("PLAYER"):
        name = attribute(player, "NAME", hand_id)
        seat = attribute(player, "SEAT", hand_id)
        if not is_number(seat, 3):
            raise HistoryError(f"hand {hand_id}: {seat[:10]!r} is not a seat number")
        if player.get("DEALER") == "Y":
            reading.button = int(seat)
        if name in dealt:
            amount = attribute(player, "AMOUNT", hand_id)
            reading.seated.append((int(seat), name, reading.money(amount, f"AMOUNT={amount!r}")))


def _cards_of(reading: Reading, element: ElementTree.Element) -> list[int]:
    """The cards an element holds; hidden ones ("b") left out."""
    hand_id = reading.history.hand_id
    links = [attribute(card, "LINK", hand_id) for card in element.findall("CARD")]
    return [card_of(link, hand_id) for link in links if link != "b"]


def _action(reading: Reading, action: ElementTree.Element) -> None:
    history = reading.history
    hand_id = history.hand_id
    kind = attribute(action, "TYPE", hand_id)
    if kind == "HAND_BOARD":
        _board(reading, action)
        return
    name = attribute(action, "PLAYER", hand_id)
    if not reading.is_seated(name):
        raise HistoryError(f"hand {hand_id}: {name[:40]!r} acts but is not dealt in")
    if kind == "HAND_DEAL":
        hole = _cards_of(reading, action)
        if hole:
            history.holes[name] = hole
        return
    value = action.get("VALUE")
    amount = reading.money(value, f"VALUE={value!r}") if value is not None else 0
    if kind == "ACTION_FOLD":
        reading.fold(name)
    elif kind == "ACTION_CHECK":
        reading.check(name)
    elif kind == "ACTION_CALL":
        call_either(reading, name, amount)
    elif kind == "ACTION_BET":
        reading.bet(name, amount, False)
    elif kind == "ACTION_RAISE":
        reading.raise_to(name, amount, False)
    elif kind == "ACTION_ALLIN":
        all_in_for(reading, name, amount - reading.totals.get(name, 0))
    elif kind == "HAND_BLINDS" and action.get("KIND") in _POSTS:
        _blind(reading, name, _POSTS[action.get("KIND", "")], amount)
    elif kind == "HAND_ANTE":
        reading.post(name, "ante", amount, False)
    else:
        raise HistoryError(f"hand {hand_id}: an action omaha8 does not know: {kind[:40]!r} {action.get('KIND', '')!r}")


def _board(reading: Reading, action: ElementTree.Element) -> None:
    """A street's whole board: its new cards begin the street."""
    history = reading.history
    street = _STREETS.get(action.get("VALUE", ""))
    if street is None:
        raise HistoryError(f"hand {history.hand_id}: a board omaha8 does not read: {action.get('VALUE', '')[:40]!r}")
    board = _cards_of(reading, action)
    if len(board) != street[1] or board[: len(history.board)] != history.board:
        raise HistoryError(f"hand {history.hand_id}: the {street[0]}'s board does not follow the last")
    reading.new_street(street[0], board[len(history.board) :])


def _blind(reading: Reading, name: str, posting: str, amount: int) -> None:
    steps = reading.history.steps
    if (
        posting == "big blind"
        and steps
        and (steps[-1].name, steps[-1].kind, steps[-1].total) == (name, "small blind", 0)
    ):
        # A dead small blind, then the big blind, from one player: both blinds, as one post.
        amount += steps.pop().amount
        posting = "small & big blinds"
    reading.post(name, posting, amount, False)


def _showdown(reading: Reading, showdown: ElementTree.Element) -> None:
    """The pot after the rake, the rake, and each player's result: what it won, and its cards
    (shown at a showdown; a winner's are written even when nobody called)."""
    history = reading.history
    hand_id = history.hand_id
    pot, rake = attribute(showdown, "POT", hand_id), attribute(showdown, "RAKE", hand_id)
    history.rake = reading.money(rake, f"RAKE={rake!r}")
    history.total_pot = reading.money(pot, f"POT={pot!r}") + history.rake
    results = showdown.findall("RESULT")
    history.showdown = len(results) > 1
    for result in results:
        name = attribute(result, "PLAYER", hand_id)
        if not reading.is_seated(name):
            raise HistoryError(f"hand {hand_id}: a result for {name[:40]!r}, who is not dealt in")
        won = attribute(result, "WIN", hand_id)
        amount = reading.money(won, f"WIN={won!r}")
        if amount:
            history.collected.append((name, amount, -1))
        hole = _cards_of(reading, result)
        if len(hole) == 4:
            history.holes[name] = hole
            if history.showdown:
                history.shown.add(name)
