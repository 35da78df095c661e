"""Settling a hand: main and side pots, each split high/low among its own eligible seats,
to the last chip.

Seats are given in order clockwise from the first seat left of the button (heads-up: the big
blind, then the button), so seat order is also the order in which odd chips are handed out.
"""

from __future__ import annotations

from dataclasses import dataclass
from numbers import Integral
from typing import Iterable, Optional, Sequence

from .cards import HOLE_SIZES, CardError, CardsLike, check_unique, quoted, read_counted
from .hands import HighHand, LowHand, hand

__all__ = ["Pot", "Showdown", "ShowdownError", "showdown"]


class ShowdownError(ValueError):
    """A table that cannot be settled: lengths, contributions or seats that do not fit."""


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
    high: tuple[Optional[HighHand], ...]
    """Each seat's high hand; None for a folded seat."""
    low: tuple[Optional[LowHand], ...]
    """Each seat's low; None for a folded seat or one without a low."""
    contributions: tuple[int, ...]

    @property
    def net(self) -> tuple[int, ...]:
        """What each seat won or lost on the hand: payout less contribution."""
        return tuple(p - c for p, c in zip(self.payouts, self.contributions))


def _share(amount: int, winners: Sequence[int], awards: list[int]) -> None:
    """Split ``amount`` evenly; odd chips go one at a time to the winners in seat order."""
    base, odd = divmod(amount, len(winners))
    for place, seat in enumerate(winners):
        awards[seat] += base + (1 if place < odd else 0)


def _split(amount: int, eligible: list[int], high: list, low: list, seats: int) -> Pot:
    awards = [0] * seats
    if len(eligible) == 1:
        awards[eligible[0]] = amount
        return Pot(amount, tuple(eligible), tuple(eligible), (), tuple(awards))
    best_high = max(high[i] for i in eligible)
    high_winners = [i for i in eligible if high[i] == best_high]
    with_low = [i for i in eligible if low[i] is not None]
    low_winners = []
    if with_low:
        best_low = max(low[i] for i in with_low)
        low_winners = [i for i in with_low if low[i] == best_low]
    if not low_winners or low_winners == high_winners:
        # No low, or the very same players win both halves: the pot is divided as one.
        _share(amount, high_winners, awards)
    else:
        # The odd chip between the halves goes to the high.
        _share(amount - amount // 2, high_winners, awards)
        _share(amount // 2, low_winners, awards)
    return Pot(amount, tuple(eligible), tuple(high_winners), tuple(low_winners), tuple(awards))


def _as_list(value: object, what: str) -> list:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ShowdownError(f"{what}, not {type(value).__name__}")
    return list(value)


def _read_contributions(contributions: object, seats: int) -> list[int]:
    contributions = _as_list(contributions, "contributions must be a list of ints, one per seat")
    if len(contributions) != seats:
        raise ShowdownError(
            f"lengths differ: {seats} seats in holes but {len(contributions)} contributions")
    for seat, chips in enumerate(contributions):
        if isinstance(chips, bool) or not isinstance(chips, Integral):
            raise ShowdownError(
                f"contribution of seat {seat} must be an int (chips), not {type(chips).__name__} {quoted(chips)}")
        if chips < 0:
            raise ShowdownError(f"contribution of seat {seat} is negative: {quoted(chips)}")
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
            raise CardError(f"seat {seat}: {error}") from None
    live = [seat for seat, hole in enumerate(read) if hole is not None]
    if not live:
        raise ShowdownError("no live seat: every entry of holes is None")
    sizes = {len(read[seat]) for seat in live}  # type: ignore[arg-type]
    if len(sizes) > 1:
        described = ", ".join(f"seat {seat}: {len(read[seat])}" for seat in live)  # type: ignore[arg-type]
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
    seats = len(read)

    high: list[Optional[HighHand]] = [None] * seats
    low: list[Optional[LowHand]] = [None] * seats
    for seat, hole in enumerate(read):
        if hole is not None:
            high[seat], low[seat] = hand(hole, board_cards)
    live = [seat for seat in range(seats) if read[seat] is not None]

    # A pot at each level a live seat reached; only when no live seat put in a chip does the
    # zero level make the one pot (for whatever folded seats left).
    levels = sorted({chips[seat] for seat in live if chips[seat] > 0}) or [0]
    pots = []
    below = 0
    for number, level in enumerate(levels):
        amount = sum(min(c, level) - min(c, below) for c in chips)
        if number == len(levels) - 1:
            amount += sum(c - level for c in chips if c > level)  # folded chips above every live seat
        eligible = [seat for seat in live if chips[seat] >= level]
        pots.append(_split(amount, eligible, high, low, seats))
        below = level
    payouts = tuple(sum(pot.awards[seat] for pot in pots) for seat in range(seats))
    return Showdown(payouts, tuple(pots), tuple(high), tuple(low), tuple(chips))
