"""Merge Gaming Network hand histories (2010-2015, XML), read into the ``History`` record.

Merge writes a file's game once, ``<description type="Omaha H/L8" stakes="Limit $0.25/$0.50"/>``
("Omaha H/L8 Tournament", "Pot Limit"), then each hand as a ``<game id=...>`` element: the
players by seat number from 0 (``dealtin`` for those dealt in), the button as
``<players dealer="7">``, and rounds (BLINDS, PREFLOP, POSTFLOP, POSTTURN, POSTRIVER, SHOWDOWN,
END_OF_GAME) of events by seat: SMALL_BLIND, BIG_BLIND, RETURN_BLIND (a player coming back
posts the big blind, and past it the small one dead), CALL, BET and ALL_IN by the chips they
add, RAISE to its total (by the chips it adds before September 2010), FOLD, CHECK, CHAT. A
round's shared cards come at its end, as all the board so far. Each ``<winner>`` is what a
player collected from a pot (``potnumber`` from 1, ``pottype`` n, h or l), a bet nobody called
included; the rake is not printed. A tournament's balances of 2012 are after the blinds posted.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from typing import Optional

from ..exceptions import HistoryError
from .reading import Reading, all_in_for, cards, money, posted_stakes, settle
from .record import History, game_name
from .xmldoc import attribute, hand_element, is_number, parse

__all__ = ["HEADER_START", "PREAMBLE", "parse_hand"]

HEADER_START = re.compile(r'^\s*(?:<description type=|<game id=")')
"""How a hand of Merge's begins, the file's description line included: its files are cut here."""
PREAMBLE = re.compile(r"^\s*<description type=.*/>\s*$")
"""The file's game, once before its first hand: it holds for every hand after it."""
_OUTSIDE = re.compile(r"^(?:<description type=.*/>|<\?xml [^>]*\?>)$")
_STAKES = re.compile(
    r"^(?P<limit>No Limit|Pot Limit|Limit)(?: Level [0-9]+ Blinds)?"
    r"(?: \(?(?P<small>\$?[0-9][0-9.,]*)/(?P<big>\$?[0-9][0-9.,]*)\)?)?\s*$"
)
_LIMITS = {"No Limit": "no", "Pot Limit": "pot", "Limit": "fixed"}
_STREETS = {"POSTFLOP": ("flop", 3), "POSTTURN": ("turn", 4), "POSTRIVER": ("river", 5)}
_NEW_RAISES = "20100908000000"  # from this start time a RAISE's amount is its total (as fpdb reads it)
# Events that move no chip: table talk, the showdown's order, players leaving after the hand.
_QUIET = {"CHAT", "SHOW", "MUCK", "PLAYER_OUT", "RECONNECTED", "LEAVE"}


def parse_hand(text: str) -> Optional[History]:
    """One Merge hand (its ``<game>`` element, after the file's ``<description>``) as a
    History; None when it is not Omaha Hi/Lo."""
    description = next((line.strip() for line in text.split("\n") if PREAMBLE.match(line)), None)
    game = hand_element(text, "game", _OUTSIDE)
    hand_id = attribute(game, "id", "?")
    if description is None:
        raise HistoryError(f"hand {hand_id}: no <description> line before it names the game and its limit")
    head = parse(description, hand_id)
    kind = head.get("type", "")
    if kind.removesuffix(" Tournament") != "Omaha H/L8":
        return None
    tournament = kind.endswith(" Tournament")
    stakes_text = game.get("stakes") or head.get("stakes") or ""
    stakes_match = _STAKES.match(stakes_text)
    if stakes_match is None:
        raise HistoryError(f"hand {hand_id}: stakes omaha8 does not read: {stakes_text[:80]!r}")
    limit = _LIMITS[stakes_match.group("limit")]
    unit = 1 if tournament else 100
    stakes = (0, 0)
    if stakes_match.group("big"):
        line = f"stakes={stakes_text!r}"
        stakes = (
            money(stakes_match.group("small"), unit, hand_id, line),
            money(stakes_match.group("big"), unit, hand_id, line),
        )
    hole_size = int(game.get("numholecards", "")) if is_number(game.get("numholecards", ""), 2) else 0
    if hole_size not in (4, 5):
        raise HistoryError(f"hand {hand_id}: {game.get('numholecards')!r} hole cards")
    history = History(hand_id, game_name(hole_size), limit, hole_size, stakes, unit, [], text=text)
    reading = Reading(history, tournament=tournament)
    _seats(reading, game)
    after_posts = tournament and game.get("version") is None
    for round_ in game.findall("round"):
        _round(reading, round_, game.get("starttime", "") >= _NEW_RAISES)
    if after_posts:
        # The balances of 2012's tournament hands are after the blinds: the stacks are before.
        posted = {s.name: s.amount for s in history.steps if s.kind in ("small blind", "big blind", "ante")}
        reading.seated = [(number, name, stack + posted.get(name, 0)) for number, name, stack in reading.seated]
    if history.stakes == (0, 0):
        history.stakes = posted_stakes(history)
    if game.find("round[@id='END_OF_GAME']") is None and game.find("round[@id='END_OF_FOLDED_GAME']") is None:
        raise HistoryError(f"hand {hand_id}: the hand is cut short (no END_OF_GAME)")
    return settle(reading, total_unprinted=True, uncalled_paid_as_pot=True, rake_implied=True)


def _seats(reading: Reading, game: ElementTree.Element) -> None:
    hand_id = reading.history.hand_id
    players = game.find("players")
    if players is None:
        raise HistoryError(f"hand {hand_id}: no <players>")
    reading.button = _number(attribute(players, "dealer", hand_id), hand_id)
    for player in players.findall("player"):
        if player.get("dealtin") != "true":
            continue
        balance = attribute(player, "balance", hand_id)
        reading.seated.append(
            (
                _number(attribute(player, "seat", hand_id), hand_id),
                attribute(player, "nickname", hand_id),
                reading.money(balance, f"balance={balance!r}"),
            )
        )


def _number(text: str, hand_id: str) -> int:
    if not is_number(text, 3):
        raise HistoryError(f"hand {hand_id}: {text[:20]!r} is not a seat number")
    return int(text)


def _round(reading: Reading, round_: ElementTree.Element, raises_to_total: bool) -> None:
    """One round: its street's new cards first (Merge writes them at the round's end), then its
    events, hole cards, cards shown and pots won in order."""
    history = reading.history
    hand_id = history.hand_id
    name_of = {str(number): name for number, name, _ in reading.seated}
    kind = round_.get("id", "")
    if kind in _STREETS:
        street, size = _STREETS[kind]
        board = round_.find("cards[@type='COMMUNITY']")
        if board is None:
            raise HistoryError(f"hand {hand_id}: the {street} has no cards")
        dealt = _cards(reading, attribute(board, "cards", hand_id))
        if len(dealt) != size or dealt[: len(history.board)] != history.board:
            raise HistoryError(f"hand {hand_id}: the {street}'s board {board.get('cards')!r} does not follow the last")
        reading.new_street(street, dealt[len(history.board) :])
    elif kind == "SHOWDOWN":
        history.showdown = True
    for element in round_:
        if element.tag == "event":
            _event(reading, element, name_of, raises_to_total)
        elif element.tag == "cards":
            _shown(reading, element, name_of)
        elif element.tag == "winner":
            _winner(reading, element, name_of)


def _seated_name(reading: Reading, element: ElementTree.Element, name_of: dict) -> str:
    seat = attribute(element, "player", reading.history.hand_id)
    if seat not in name_of:
        raise HistoryError(f"hand {reading.history.hand_id}: seat {seat[:10]!r} acts but is not dealt in")
    return name_of[seat]


def _event(reading: Reading, event: ElementTree.Element, name_of: dict, raises_to_total: bool) -> None:
    hand_id = reading.history.hand_id
    kind = attribute(event, "type", hand_id)
    if kind in _QUIET:
        return
    if kind in ("DISCONNECTED", "GAME_CANCELLED"):
        raise HistoryError(f"hand {hand_id}: {kind.lower().replace('_', ' ')}: the hand is not played out")
    name = _seated_name(reading, event, name_of)
    value = event.get("amount")
    amount = reading.money(value, f"amount={value!r}") if value is not None else 0
    if kind in ("FOLD", "SIT_OUT"):
        reading.fold(name)
    elif kind == "CHECK":
        reading.check(name)
    elif kind == "CALL":
        reading.call(name, amount, False)
    elif kind == "BET":
        reading.bet(name, amount, False)
    elif kind == "RAISE":
        reading.raise_to(name, amount if raises_to_total else reading.totals.get(name, 0) + amount, False)
    elif kind == "ALL_IN":
        all_in_for(reading, name, amount)
    elif kind == "SMALL_BLIND":
        reading.post(name, "small blind", amount, False)
    elif kind in ("BIG_BLIND", "INITIAL_BLIND"):
        reading.post(name, "big blind", amount, False)
    elif kind == "ANTE":
        reading.post(name, "ante", amount, False)
    elif kind == "RETURN_BLIND":
        # A player coming back: the big blind, and past it the small blind dead (fpdb reads so).
        big = max((s.amount for s in reading.history.steps if s.kind == "big blind"), default=0)
        posting = "small blind" if amount < big else "big blind" if amount == big else "small & big blinds"
        reading.post(name, posting, amount, False)
    else:
        raise HistoryError(f"hand {hand_id}: an event omaha8 does not know: {kind[:40]!r}")


def _cards(reading: Reading, text: str) -> list[int]:
    return cards(text.replace(",", " "), reading.history.hand_id, f"cards={text!r}")


def _shown(reading: Reading, element: ElementTree.Element, name_of: dict) -> None:
    kind = element.get("type")
    if kind not in ("HOLE", "SHOWN", "MUCKED"):
        return  # COMMUNITY: read with its round
    name = _seated_name(reading, element, name_of)
    reading.history.holes[name] = _cards(reading, attribute(element, "cards", reading.history.hand_id))
    if kind == "SHOWN":
        reading.history.shown.add(name)
    elif kind == "MUCKED":
        reading.history.mucked.add(name)


def _winner(reading: Reading, winner: ElementTree.Element, name_of: dict) -> None:
    hand_id = reading.history.hand_id
    name = _seated_name(reading, winner, name_of)
    value = attribute(winner, "amount", hand_id)
    amount = reading.money(value, f"amount={value!r}")
    if winner.get("uncalled") == "true":
        reading.history.uncalled.append((name, amount))
        return
    pot = winner.get("potnumber", "1")
    if not (is_number(pot, 2) and int(pot) >= 1):
        raise HistoryError(f"hand {hand_id}: {pot[:10]!r} is not a pot number")
    reading.history.collected.append((name, amount, int(pot) - 1))
