"""What every reader of a site's text histories shares, whatever the site's wording.

Amounts and cards as the sites print them, a file cut into hands at each hand's first line, and
a ``Reading``: one hand's parse section by section, the ``History`` being built and what its
lines have told so far (the button, the seats, the street, each player's bet this round). A
reader (``pokerstars``) matches its site's lines, one handler per section, and turns them into
steps through ``Reading.post``, ``fold``, ``check``, ``call``, ``bet`` and ``raise_to``; then
``finish`` seats the players in omaha8's order and checks that the hand adds up: every card
once, the bets to the total pot (an old file's unprinted uncalled bet worked out), the pots to
what was collected and the rake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from ..cards import parse_cards
from ..exceptions import CardError, HistoryError
from ..game import MAX_CHIPS
from .record import History, Player, Step, short

__all__ = ["MONEY_SIGNS", "Reading", "split_hands", "unit_of", "money", "cards", "seat_order", "finish"]

# An amount as the sites print it: digits, thousands separators, cents; nothing else.
_AMOUNT = re.compile(r"[$€£₹]?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]+))?", re.ASCII)
MONEY_SIGNS = "$€£₹"


def split_hands(text: str, header_start: re.Pattern) -> list[str]:
    """A file's text cut into hands, each from a line ``header_start`` matches; line ends made
    "\\n", a byte-order mark dropped, blank lines between hands left out."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    hands: list[str] = []
    current: list[str] = []
    for line in text.split("\n"):
        if current and header_start.match(line.lstrip("\ufeff")):
            hands.append("\n".join(current))
            current = []
        if line.strip() or current:
            current.append(line)
    if current:
        hands.append("\n".join(current))
    return [h for h in hands if h.strip()]


def unit_of(stakes: str) -> int:
    """The history's unit from the text of its stakes: money there means cents (100 a unit of
    the site's); chips (a tournament's, whatever its buy-in) are whole."""
    return 100 if any(symbol in stakes for symbol in MONEY_SIGNS) else 1


def money(text: str, unit: int, hand_id: str, line: str) -> int:
    """An amount in the history's unit, exactly: plain digits with an optional currency sign,
    thousands separators and cents, as the sites print them."""
    cleaned = text.strip()
    match = _AMOUNT.fullmatch(cleaned) if len(cleaned) <= 40 else None
    if not match:
        raise HistoryError(f"hand {hand_id}: {short(cleaned)!r} is not an amount in line {short(line)!r}")
    whole, fraction = match.group(1).replace(",", ""), (match.group(2) or "").rstrip("0")
    if len(fraction) > len(str(unit)) - 1:
        raise HistoryError(
            f"hand {hand_id}: amount {cleaned!r} is finer than the history's unit in line {short(line)!r}"
        )
    value = int(whole) * unit + (int(fraction.ljust(len(str(unit)) - 1, "0")) if fraction else 0)
    if value > MAX_CHIPS:
        raise HistoryError(
            f"hand {hand_id}: amount {cleaned!r} is more than omaha8's engine holds "
            f"({MAX_CHIPS:,} chips) in line {short(line)!r}"
        )
    return value


def cards(text: str, hand_id: str, line: str) -> list[int]:
    """Cards as the sites print them ("As 2d"), or a HistoryError naming the hand and the line."""
    try:
        return [int(c) for c in parse_cards(text)]
    except CardError as error:
        raise HistoryError(f"hand {hand_id}: {error} in line {line!r}") from None


def seat_order(seated: list, button: int) -> list:
    """The seats (number, name, stack) in omaha8's order: the first seat left of the button
    first, the button last."""
    return sorted(seated, key=lambda s: (s[0] <= button, s[0]))


@dataclass
class Reading:
    """One hand's parse: the History being built and what the lines read so far have told."""

    history: History
    tournament: bool = False
    """Whether the hand is a tournament's, where a player sitting out is dealt in and folded."""
    button: Optional[int] = None
    """The button's seat number, as the site numbers seats."""
    seated: list[tuple[int, str, int]] = field(default_factory=list)
    """(seat number, name, stack) of every player dealt in, in the order of the seat lines."""
    section: str = "seats"
    """The part of the hand the lines are in: a reader names its own sections."""
    street: str = "preflop"
    totals: dict[str, int] = field(default_factory=dict)
    """Each player's whole bet this round: the ``total`` of its next step starts from it."""

    def money(self, text: str, line: str) -> int:
        return money(text, self.history.unit, self.history.hand_id, line)

    def cards(self, text: str, line: str) -> list[int]:
        return cards(text, self.history.hand_id, line)

    def is_seated(self, name: str) -> bool:
        return name in {s[1] for s in self.seated}

    def new_street(self, street: str, board: list[int]) -> None:
        """A betting round begins with these cards on the board: every bet starts from 0."""
        self.street = street
        self.history.board += board
        self.totals = {}

    def _add(self, step: Step) -> None:
        self.totals[step.name] = step.total
        self.history.steps.append(step)

    def fold(self, name: str) -> None:
        self._add(Step(self.street, name, "fold"))

    def check(self, name: str) -> None:
        self._add(Step(self.street, name, "check", 0, self.totals.get(name, 0)))

    def call(self, name: str, amount: int, all_in: bool) -> None:
        self._add(Step(self.street, name, "call", amount, self.totals.get(name, 0) + amount, all_in))

    def bet(self, name: str, amount: int, all_in: bool) -> None:
        self._add(Step(self.street, name, "bet", amount, self.totals.get(name, 0) + amount, all_in))

    def raise_to(self, name: str, to: int, all_in: bool) -> None:
        self._add(Step(self.street, name, "raise", to - self.totals.get(name, 0), to, all_in))

    def post(self, name: str, kind: str, amount: int, all_in: bool) -> None:
        """A posting: "ante", "small blind", "big blind" or "small & big blinds". Only its live
        part counts toward the player's bet this round."""
        live = amount
        if kind == "ante":
            live = 0
        elif kind == "small & big blinds":
            # The small blind's part is dead money and goes in first, as Hand posts it;
            # a stack short of both posts its dead part whole.
            small, big = _blind_sizes(self.history)
            live = min(amount - min(amount, small), big)
        elif kind == "small blind" and self.button is not None and name != _small_blind_name(self.seated, self.button):
            live = 0  # a missed small blind posted by another seat is dead money
        self._add(Step(self.street, name, kind, amount, self.totals.get(name, 0) + live, all_in))


def _blind_sizes(history: History) -> tuple[int, int]:
    """The blinds of this hand: as the blinds' seats posted them, else from the stakes (fixed
    limit's are half the small bet and the small bet)."""
    posted: dict = {}
    for step in history.steps:
        if step.kind in ("small blind", "big blind") and not step.all_in:
            posted.setdefault(step.kind, step.amount)
    stakes = history.stakes
    if history.limit == "fixed":
        default = (stakes[0] // 2, stakes[0])
    else:
        default = stakes
    return posted.get("small blind", default[0]), posted.get("big blind", default[1])


def _small_blind_name(seated: list, button: int) -> Optional[str]:
    """Who posts the small blind: the first seat left of the button (heads-up, the button)."""
    if not seated:
        return None
    order = seat_order(seated, button)
    return order[-1][1] if len(order) == 2 else order[0][1]


# ---------------------------------------------------------------- the hand read: does it add up


def finish(reading: Reading) -> History:
    """The History read, its players in omaha8's seat order, once the hand is checked whole:
    a button, two or more seats, each seat and name once, every card once, and the bets, the
    total pot, what was collected and the rake adding up. Anything else is a HistoryError."""
    history = reading.history
    _check_seats(reading)
    if history.total_pot is None:
        raise HistoryError(f"hand {history.hand_id}: the hand is cut short (no 'Total pot' line)")
    assert reading.button is not None  # _check_seats
    history.players = [Player(name, stack) for _, name, stack in seat_order(reading.seated, reading.button)]
    _check_actors_and_cards(history)
    _balance_the_pot(history)
    return history


def _check_seats(reading: Reading) -> None:
    hand_id, seated = reading.history.hand_id, reading.seated
    if reading.button is None:
        raise HistoryError(f"hand {hand_id}: no line says which seat is the button")
    if not seated:
        raise HistoryError(f"hand {hand_id}: no seats")
    if len(seated) < 2:
        raise HistoryError(f"hand {hand_id}: only one player is dealt in; a hand needs two")
    if len({number for number, _, _ in seated}) != len(seated) or len({name for _, name, _ in seated}) != len(seated):
        raise HistoryError(f"hand {hand_id}: a seat or a name appears twice")
    if sum(stack for _, _, stack in seated) > MAX_CHIPS:
        raise HistoryError(
            f"hand {hand_id}: the stacks add up to more than omaha8's engine holds ({MAX_CHIPS:,} chips)"
        )


def _check_actors_and_cards(history: History) -> None:
    names = set(history.names)
    for step in history.steps:
        if step.name not in names:
            raise HistoryError(f"hand {history.hand_id}: {step.name!r} acts but is not seated")
    seen = history.board + [c for hole in history.holes.values() for c in hole]
    if len(set(seen)) != len(seen):
        raise HistoryError(f"hand {history.hand_id}: a card appears twice")


def _balance_the_pot(history: History) -> None:
    """The bets less the bets returned are the total pot, and the pots collected and the rake are
    the total pot; an old file's unprinted uncalled bet is added, with a note."""
    hand_id, total_pot = history.hand_id, history.total_pot
    assert total_pot is not None  # finish
    put_in = sum(step.amount for step in history.steps) - sum(amount for _, amount in history.uncalled)
    if put_in != total_pot:
        returned = _unprinted_return(history, put_in - total_pot)
        if returned is None:
            raise HistoryError(f"hand {hand_id}: the bets add up to {put_in} but the total pot is {total_pot}")
        history.uncalled.append(returned)
        history.notes.append(
            f"hand {hand_id}: no 'Uncalled bet' line; the total pot shows that {returned[1]} "
            f"went back to {returned[0]}, what its last bet was beyond the largest call"
        )
    if sum(amount for _, amount, _ in history.collected) + history.rake != total_pot:
        raise HistoryError(f"hand {hand_id}: collected and rake do not add up to the total pot")


def _unprinted_return(history: History, excess: int) -> Optional[tuple]:
    """Older files (PokerStars' of 2005 to 2010) print no 'Uncalled bet' line. When the bets
    exceed the total pot by exactly what the last bettor put in beyond the largest call of that
    round, that excess went back to it: (name, excess); else None."""
    if excess <= 0 or history.uncalled:
        return None
    last = [step for step in history.steps if step.kind in ("bet", "raise", "call", "check", "fold")]
    street = last[-1].street if last else "preflop"
    bets: dict[str, int] = {}
    for step in history.steps:
        if step.street == street and step.kind != "ante":
            bets[step.name] = step.total
    ordered = sorted(bets.items(), key=lambda item: -item[1])
    if len(ordered) < 2 or ordered[0][1] - ordered[1][1] != excess:
        return None
    bettor = ordered[0][0]
    if not any(
        step.name == bettor and step.kind in ("bet", "raise", "small blind", "big blind") and step.street == street
        for step in history.steps
    ):
        return None
    return (bettor, excess)
