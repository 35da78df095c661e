"""Microgaming hand histories (2009-2016, XML), read into the ``History`` record.

Microgaming writes a hand as ``----PRIMA.DAT----``, then a ``<Game id=... stakes="1|2"
betlimit="PL" gametype="Omaha H/L" rake="300">`` element, then "ExtendedTableName: ...". The
seats give each player's balance before and after the hand (``endbalance``) and the button
(``dealer="true"``); the actions are numbered by seat: SmallBlind, BigBlind, PostedToPlay (a
player coming in), DealCards (the hero's), Fold, Check, Call, Bet, Raise, AllIn, the streets'
new cards (DealFlop, DealTurn, DealRiver), ShowCards, MuckCards, MoneyReturned (a bet nobody
called) and a Win of each pot. From the format's second version (``hhversion="2"``) an amount
is the chips the action adds, a bet before the flop being a raise; in the first it is the total.
A win includes a bet nobody called that no MoneyReturned gave back. The rake is in hundredths.
Every hand is checked against its end balances: each player's balance, less what it put in, plus
what came back and what it won, must be its ``endbalance``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from typing import Optional

from ..exceptions import HistoryError
from .reading import Reading, all_in_for, cards, money, posted_stakes, settle
from .record import History, game_name
from .xmldoc import attribute, hand_element, is_number

__all__ = ["HEADER_START", "PREAMBLE", "parse_hand"]

HEADER_START = re.compile(r"^\s*(?:----PRIMA\.DAT----|<Game hhversion=|<Game id=)")
"""How a hand of Microgaming's begins, its "----PRIMA.DAT----" line included."""
PREAMBLE = re.compile(r"^\s*(?:----PRIMA\.DAT----|<\?xml [^>]*\?>)\s*$")
_OUTSIDE = re.compile(r"^(?:----PRIMA\.DAT----|ExtendedTableName: .*|<\?xml [^>]*\?>)$")
_LIMITS = {"PL": "pot", "NL": "no", "FL": "fixed", "L": "fixed"}
_STREETS = {"DealFlop": ("flop", 3), "DealTurn": ("turn", 1), "DealRiver": ("river", 1)}


def parse_hand(text: str) -> Optional[History]:
    """One Microgaming hand (its ``<Game>`` element) as a History; None when it is not Omaha
    Hi/Lo."""
    game = hand_element(text, "Game", _OUTSIDE)
    hand_id = attribute(game, "id", "?")
    if game.get("gametype") != "Omaha H/L":
        return None
    limit = _LIMITS.get(game.get("betlimit", ""))
    stakes_text = game.get("stakes", "")
    if limit is None or stakes_text.count("|") != 1:
        raise HistoryError(f"hand {hand_id}: limit {game.get('betlimit')!r} and stakes {stakes_text[:40]!r} unread")
    tournament = game.get("istournament", "0") != "0"
    unit = 1 if tournament else 100
    line = f"stakes={stakes_text!r}"
    small, big = (money(part, unit, hand_id, line) for part in stakes_text.split("|"))
    history = History(hand_id, game_name(4), limit, 4, (small, big), unit, [], text=text)
    reading = Reading(history, tournament=tournament)
    final = _seats(reading, game)
    version = game.get("hhversion", "1")
    gameplay = game.find("Gameplay")
    if gameplay is None:
        raise HistoryError(f"hand {hand_id}: no <Gameplay>")
    for action in gameplay.findall("Action"):
        _action(reading, action, adds=version != "1")
    if not history.collected:
        raise HistoryError(f"hand {hand_id}: the hand is cut short (no Win)")
    if limit == "fixed":
        history.stakes = posted_stakes(history)
    rake = game.get("rake")
    if rake is not None:
        if not is_number(rake, 12):
            raise HistoryError(f"hand {hand_id}: {rake[:20]!r} is not a rake")
        history.rake = int(rake) * unit // 100
    settled = settle(reading, total_unprinted=True, uncalled_paid_as_pot=True, rake_implied=rake is None)
    _check_end_balances(settled, reading, final)
    return settled


def _seats(reading: Reading, game: ElementTree.Element) -> dict[str, int]:
    """The players dealt in (not sitting out), the button's seat, and each balance after the
    hand, by name."""
    hand_id = reading.history.hand_id
    seats = game.find("Seats")
    if seats is None:
        raise HistoryError(f"hand {hand_id}: no <Seats>")
    final: dict[str, int] = {}
    for seat in seats.findall("Seat"):
        number = attribute(seat, "num", hand_id)
        if not is_number(number, 3):
            raise HistoryError(f"hand {hand_id}: {number[:10]!r} is not a seat number")
        if seat.get("dealer") == "true":
            reading.button = int(number)
        if seat.get("sittingout") == "true":
            continue
        name = attribute(seat, "alias", hand_id)
        balance, end = attribute(seat, "balance", hand_id), attribute(seat, "endbalance", hand_id)
        reading.seated.append((int(number), name, reading.money(balance, f"balance={balance!r}")))
        final[name] = reading.money(end, f"endbalance={end!r}")
    return final


def _name(reading: Reading, element: ElementTree.Element, key: str = "seat") -> str:
    number = attribute(element, key, reading.history.hand_id)
    name = next((name for seat, name, _ in reading.seated if str(seat) == number), None)
    if name is None:
        raise HistoryError(f"hand {reading.history.hand_id}: seat {number[:10]!r} acts but is not dealt in")
    return name


def _cards_of(reading: Reading, element: ElementTree.Element) -> list[int]:
    hand_id = reading.history.hand_id
    written = [
        attribute(card, "value", hand_id).replace("10", "T") + attribute(card, "suit", hand_id)
        for card in element.findall("Card")
    ]
    return cards(" ".join(written), hand_id, f"cards {written!r}"[:200]) if written else []


def _action(reading: Reading, action: ElementTree.Element, adds: bool) -> None:
    history = reading.history
    hand_id = history.hand_id
    kind = attribute(action, "type", hand_id)
    if kind in _STREETS:
        street, count = _STREETS[kind]
        new = _cards_of(reading, action)
        if len(new) != count:
            raise HistoryError(f"hand {hand_id}: the {street} deals {len(new)} cards")
        reading.new_street(street, new)
    elif kind == "Win":
        _wins(reading, action)
    elif kind in ("DealCards", "ShowCards", "MuckCards"):
        _hole_cards(reading, action, kind)
    else:
        _betting(reading, action, kind, adds)


def _wins(reading: Reading, action: ElementTree.Element) -> None:
    hand_id = reading.history.hand_id
    for seat in action.findall("Seat"):
        amount, pot = attribute(seat, "amount", hand_id), seat.get("pot", "0")
        if not is_number(pot, 2):
            raise HistoryError(f"hand {hand_id}: {pot[:10]!r} is not a pot number")
        won = reading.money(amount, f"amount={amount!r}")
        reading.history.collected.append((_name(reading, seat, "num"), won, int(pot)))


def _hole_cards(reading: Reading, action: ElementTree.Element, kind: str) -> None:
    history = reading.history
    name = _name(reading, action)
    known = _cards_of(reading, action)
    if known:
        history.holes[name] = known
    if kind == "ShowCards":
        history.shown.add(name)
        history.showdown = True
    elif kind == "MuckCards" and history.showdown:
        # Mucked at a showdown, the cards written or not; a winner nobody called "mucks" too.
        history.mucked.add(name)


def _betting(reading: Reading, action: ElementTree.Element, kind: str, adds: bool) -> None:
    history = reading.history
    name = _name(reading, action)
    value = action.get("value")
    amount = reading.money(value, f"value={value!r}") if value is not None else 0
    mine = reading.totals.get(name, 0)
    if kind == "Fold":
        reading.fold(name)
    elif kind == "Check":
        reading.check(name)
    elif kind == "Call":
        reading.call(name, amount if adds else amount - mine, False)
    elif kind == "Bet" and reading.street != "preflop":
        reading.bet(name, amount if adds else amount - mine, False)
    elif kind in ("Raise", "Bet"):  # a bet before the flop raises the big blind
        reading.raise_to(name, mine + amount if adds else amount, False)
    elif kind == "AllIn":
        all_in_for(reading, name, amount if adds else amount - mine)
    elif kind == "SmallBlind":
        reading.post(name, "small blind", amount, False)
    elif kind == "BigBlind":
        reading.post(name, "big blind", amount, False)
    elif kind == "PostedToPlay":  # a player coming in: the big blind live, or the small one dead
        reading.post(name, "big blind" if amount >= history.stakes[1] else "small blind", amount, False)
    elif kind == "MoneyReturned":
        history.uncalled.append((name, amount))
    else:
        raise HistoryError(f"hand {history.hand_id}: an action omaha8 does not know: {kind[:40]!r}")


def _check_end_balances(history: History, reading: Reading, final: dict[str, int]) -> None:
    """Each player's balance after the hand as the site wrote it, against the hand as read: its
    balance, less what it put in, plus what came back and what it collected."""
    returned = dict(history.uncalled)
    for _, name, stack in reading.seated:
        put_in = sum(step.amount for step in history.steps if step.name == name)
        won = sum(amount for winner, amount, _ in history.collected if winner == name)
        if stack - put_in + returned.get(name, 0) + won != final[name]:
            raise HistoryError(
                f"hand {history.hand_id}: {name} ends with {final[name]}, but the hand as read leaves it "
                f"{stack - put_in + returned.get(name, 0) + won}"
            )
