"""Settling a hand: main and side pots, each split high/low among its own eligible seats,
to the last chip.

Seats are given in order clockwise from the first seat left of the button (heads-up: the big
blind, then the button), so seat order is also the order in which odd chips are handed out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from numbers import Integral
from typing import Iterable, Optional, Sequence

from . import _engine
from .cards import CARDS, HOLE_SIZES, Card, CardError, CardsLike, check_unique, quoted, read_counted
from .exceptions import ShowdownError
from .hands import HighHand, LowHand, best_hands

__all__ = ["Pot", "Showdown", "ShowdownError", "showdown", "form_pots", "award_pots", "split_pot", "settle"]


@dataclass(frozen=True)
class Pot:
    """One pot: the main pot, or a side pot."""

    amount: int
    eligible: tuple[int, ...]
    """The live seats that put in enough to win it, in seat order."""
    high_winners: tuple[int, ...]
    """The seats sharing the high half (the whole pot when nobody eligible has a low). For an
    uncalled bet, the one seat it goes back to."""
    low_winners: tuple[int, ...]
    """The seats sharing the low half; empty when no eligible seat has a low."""
    awards: tuple[int, ...]
    """Chips each seat takes from this pot, one entry per seat at the table."""

    @property
    def uncalled(self) -> bool:
        """True for a pot only one seat can win: a bet nobody called, returned."""
        return len(self.eligible) == 1


@dataclass(frozen=True)
class Showdown:
    """The settled hand."""

    payouts: tuple[int, ...]
    """Chips each seat takes, summing to everything that was put in."""
    pots: tuple[Pot, ...]
    """The main pot first, then each side pot."""
    contributions: tuple[int, ...]
    # The cards behind the hand objects; two settlements are equal when they pay the same,
    # however the cards were written.
    board: tuple[Card, ...] = field(default=(), compare=False)
    """The board the hands were settled on (empty for a hand won by folds)."""
    holes: tuple[Optional[tuple[Card, ...]], ...] = field(default=(), compare=False)
    """Each seat's hole cards as shown; None for a folded seat (and for every seat when the
    hand was won by folds)."""

    @property
    def net(self) -> tuple[int, ...]:
        """What each seat won or lost on the hand: payout less contribution."""
        return tuple(p - c for p, c in zip(self.payouts, self.contributions))

    @cached_property
    def _hands(self) -> tuple[tuple[Optional[HighHand], ...], tuple[Optional[LowHand], ...]]:
        # Hand objects cost far more than the values the pots were split by, so a simulator
        # that reads only payouts never pays for them.
        pairs = [
            best_hands(hole, self.board) if hole is not None and self.board else (None, None) for hole in self.holes
        ]
        return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)

    @property
    def high(self) -> tuple[Optional[HighHand], ...]:
        """Each seat's high hand; None for a folded seat."""
        return self._hands[0]

    @property
    def low(self) -> tuple[Optional[LowHand], ...]:
        """Each seat's low; None for a folded seat or one without a low."""
        return self._hands[1]


def _share(amount: int, winners: Sequence[int], awards: list[int]) -> None:
    """Split ``amount`` evenly; odd chips go one at a time to the winners in seat order."""
    base, odd = divmod(amount, len(winners))
    for place, seat in enumerate(winners):
        awards[seat] += base + (1 if place < odd else 0)


def split_pot(amount: int, high_winners: Sequence[int], low_winners: Sequence[int], seats: int) -> tuple[int, ...]:
    """Chips each seat takes from a pot of ``amount`` with these winners, by the rules: the
    odd chip between the halves to the high, odd chips within a half in seat order, and a pot
    whose high and low go to the very same seats divided among them as one."""
    awards = [0] * seats
    if not low_winners or list(low_winners) == list(high_winners):
        _share(amount, high_winners, awards)
    else:
        _share(amount - amount // 2, high_winners, awards)
        _share(amount // 2, low_winners, awards)
    return tuple(awards)


def form_pots(contributions: Sequence[int], live: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """The main pot and side pots of a hand, as ``(amount, eligible seats)``.

    ``contributions``: chips each seat put in (checked ints); ``live``: the seats still in, in
    seat order. A pot forms at each level a live seat reached; chips of folded seats above every
    live level join the last pot. A pot with one eligible seat is a bet nobody called."""
    levels = sorted({contributions[seat] for seat in live if contributions[seat] > 0}) or [0]
    pots = []
    below = 0
    for number, level in enumerate(levels):
        amount = sum(min(c, level) - min(c, below) for c in contributions)
        if number == len(levels) - 1:
            amount += sum(c - level for c in contributions if c > level)
        pots.append((amount, tuple(seat for seat in live if contributions[seat] >= level)))
        below = level
    return pots


def award_pots(
    pots: Sequence[tuple[int, Sequence[int]]], high: Sequence[Optional[int]], low: Sequence[Optional[int]]
) -> tuple[Pot, ...]:
    """Split each pot high/low among its own eligible seats.

    ``high``: each seat's high value (``evaluate_high``: lower is stronger; None for a folded
    seat); ``low``: each seat's low mask (lower is stronger) or None. The odd chip between the
    halves goes to the high; odd chips within a half go out in seat order; when the very same
    seats win both halves the pot is divided among them as one."""
    seats = len(high)
    out = []
    for amount, eligible in pots:
        awards = [0] * seats
        if len(eligible) == 1:
            awards[eligible[0]] = amount
            out.append(Pot(amount, tuple(eligible), tuple(eligible), (), tuple(awards)))
            continue
        best_high = min(high[i] for i in eligible)  # type: ignore[type-var]
        high_winners = [i for i in eligible if high[i] == best_high]
        lows = [low[i] for i in eligible if low[i] is not None]
        low_winners = [i for i in eligible if lows and low[i] == min(lows)]  # type: ignore[type-var]
        out.append(
            Pot(
                amount,
                tuple(eligible),
                tuple(high_winners),
                tuple(low_winners),
                split_pot(amount, high_winners, low_winners, seats),
            )
        )
    return tuple(out)


def settle(board: Sequence[int], holes: Sequence[Optional[Sequence[int]]], contributions: Sequence[int]) -> Showdown:
    """Form and award the pots of checked cards and chips: ``showdown`` without the checks,
    for callers that have checked them (the betting engine)."""
    engine = _engine.ENGINE
    high: list[Optional[int]] = [None] * len(holes)
    low: list[Optional[int]] = [None] * len(holes)
    live = []
    for seat, hole in enumerate(holes):
        if hole is not None:
            high[seat], low[seat] = engine.evaluate(hole, board)
            live.append(seat)
    pots = award_pots(form_pots(contributions, live), high, low)
    payouts = tuple(sum(pot.awards[seat] for pot in pots) for seat in range(len(holes)))
    return Showdown(
        payouts,
        pots,
        tuple(contributions),
        tuple([CARDS[c] for c in board]),
        tuple([None if hole is None else tuple([CARDS[c] for c in hole]) for hole in holes]),
    )


def _as_list(value: object, what: str) -> list:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ShowdownError(f"{what}, not {type(value).__name__}")
    return list(value)


def _read_contributions(contributions: object, seats: int) -> list[int]:
    contributions = _as_list(contributions, "contributions must be a list of ints, one per seat")
    if len(contributions) != seats:
        raise ShowdownError(f"lengths differ: {seats} seats in holes but {len(contributions)} contributions")
    for seat, chips in enumerate(contributions):
        if isinstance(chips, bool) or not isinstance(chips, Integral):
            raise ShowdownError(
                f"contribution of seat {seat + 1} must be an int (chips), not {type(chips).__name__} {quoted(chips)}"
            )
        if chips < 0:
            raise ShowdownError(f"contribution of seat {seat + 1} is negative: {quoted(chips)}")
    return [int(c) for c in contributions]


def _read_holes(holes: object, board: list[int]) -> list[Optional[list[int]]]:
    entries = _as_list(holes, "holes must be a list with one entry per seat (cards or None)")
    read: list[Optional[list[int]]] = []
    for seat, hole in enumerate(entries):
        if hole is None:
            read.append(None)
            continue
        try:
            read.append(read_counted(hole, "hole cards", HOLE_SIZES))
        except CardError as error:
            raise CardError(f"seat {seat + 1}: {error}") from None
    live = [seat for seat, hole in enumerate(read) if hole is not None]
    if not live:
        raise ShowdownError("no live seat: every entry of holes is None")
    sizes = {len(read[seat]) for seat in live}  # type: ignore[arg-type]
    if len(sizes) > 1:
        described = ", ".join(f"seat {seat + 1}: {len(read[seat])}" for seat in live)  # type: ignore[arg-type]
        raise ShowdownError(f"hands of mixed sizes ({described}); all live hands must be the same size")
    check_unique(board + [card for hole in read if hole is not None for card in hole])
    return read


def showdown(
    board: CardsLike,
    holes: Sequence[Optional[CardsLike]],
    contributions: Sequence[int],
) -> Showdown:
    """Settle a hand of Omaha Hi-Lo at showdown.

    ``board`` is the five community cards; ``holes`` one entry per seat in seat order (the
    first seat left of the button first), each that seat's hole cards or None for a seat that
    folded; ``contributions`` the chips each seat put in during the hand, folded seats included.
    Every input is checked before anything is computed; bad input raises a ValueError
    (``CardError`` for cards, ``ShowdownError`` for the rest).
    """
    board_cards = read_counted(board, "board cards", (5,))
    check_unique(board_cards)
    read = _read_holes(holes, board_cards)
    chips = _read_contributions(contributions, len(read))
    return settle(board_cards, read, chips)
