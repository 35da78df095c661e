"""Bet and raise sizes of the solvers' trees, read and worked out: chip amounts and pot fractions
read by one rule, the totals a player's options come to, the all-in and the amounts that come
to the same one merged, and the rake taken from every pot won; ``solver`` (the river) and
``streets`` (every street) share them.
"""

from __future__ import annotations

import itertools
import math
import numbers
import sys
from array import array
from collections.abc import Set
from typing import Any, Iterable, Mapping, NamedTuple, Optional

from .cards import quoted
from .exceptions import SolverError
from .potfraction import parse_pot_fraction

__all__ = [
    "ALL_IN",
    "MAX_SIZES",
    "LIMITS",
    "MAX_STACK_TO_POT",
    "read_chips",
    "read_pot_and_stack",
    "read_sizes",
    "bet_totals",
    "action_name",
    "Rake",
    "NO_RAKE",
    "read_rake",
    "raked_amounts",
    "exploitability_of",
]

LIMITS = ("pot", "no", "fixed")
# Bet or raise sizes in one list.
MAX_SIZES = 100
# The name of the action that puts in the whole stack, whatever size came to it.
ALL_IN = "all-in"
# The engines play in units of the pot, their regrets float32: a stack deeper than 2^24 pots
# (float32 holds whole numbers exactly up to there) would leave the pot below the regrets' rounding.
MAX_STACK_TO_POT = 2.0**24


def _as_float(value: numbers.Real) -> float:
    try:
        return float(value)
    except OverflowError:  # a Python int (or Fraction) past float's range
        return math.inf if value > 0 else -math.inf  # type: ignore[operator]


def read_chips(value: object, name: str, positive: bool) -> float:
    """A number of chips: a real number (not a bool), finite, above 0 or at least 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise SolverError(f"{name} must be a number of chips, not {quoted(value)}")
    number = _as_float(value)
    if not math.isfinite(number) or number < 0 or (positive and number == 0):
        raise SolverError(
            f"{name} must be a finite number {'above' if positive else 'of at least'} 0, not {quoted(value)}"
        )
    return number


def read_pot_and_stack(pot: object, stack: object) -> tuple[float, float]:
    """A spot's pot (above 0, at least float's smallest normal number) and stack (0 or more,
    at most MAX_STACK_TO_POT pots), the final pot pot + 2 stack a finite float."""
    pot = read_chips(pot, "pot", True)
    if pot < sys.float_info.min:
        raise SolverError(f"pot must be at least {sys.float_info.min!r} (float's smallest normal number), not {pot!r}")
    stack = read_chips(stack, "stack", False)
    if not math.isfinite(pot + 2 * stack):
        raise SolverError(f"the final pot, pot + 2 * stack = {pot!r} + 2 * {stack!r}, must be a finite float")
    if stack / pot > MAX_STACK_TO_POT:
        raise SolverError(
            f"stack must be at most {MAX_STACK_TO_POT:,.0f} times the pot (the float32 regrets "
            f"could not tell the pot from the stacks), not {stack / pot:.3g} times"
        )
    return pot, stack


def read_sizes(values: object, name: str, limit: str) -> tuple[float, ...]:
    """A sequence of pot fractions (numbers or their text, by ``parse_pot_fraction``): at most
    MAX_SIZES of them, none above 1 in pot limit."""
    if isinstance(values, (str, bytes, Mapping, Set)) or not isinstance(values, Iterable):
        raise SolverError(f"{name} must be a sequence of pot fractions, not {quoted(values)}")
    fractions = []
    for value in itertools.islice(values, MAX_SIZES + 1):
        fraction = parse_pot_fraction(value, name, SolverError)
        if limit == "pot" and fraction > 1:
            raise SolverError(f"{name}: {quoted(value)} is more than the pot, which pot limit refuses")
        fractions.append(float(fraction))
    if len(fractions) > MAX_SIZES:
        raise SolverError(f"{name}: more than {MAX_SIZES} sizes (at most {MAX_SIZES})")
    return tuple(fractions)


def bet_totals(options: tuple, start: float, middle: float, size: float, stack: float) -> list[tuple[Any, float]]:
    """(option, the player's total after it) of each bet or raise, in units of the pot:
    ``start`` plus the fraction of ``middle`` (``size`` for None, fixed limit); one reaching the
    stack is ALL_IN, options that come to the same amount are one (the first), and one that adds
    nothing (a fraction lost in rounding) is none."""
    totals: dict[float, Any] = {}
    for option in options:
        total = start + (size if option is None else option * middle)
        if total >= stack:
            totals.setdefault(stack, ALL_IN)
        elif total > start:
            totals.setdefault(total, option)
    return [(option, total) for total, option in totals.items()]


def action_name(verb: str, fraction: Optional[float]) -> str:
    """ "bet 0.5", "raise 1.0"; the bare verb for fixed limit's one size (None)."""
    return verb if fraction is None else f"{verb} {fraction!r}"


class Rake(NamedTuple):
    """The site's cut of every pot won, at a showdown or a fold, the starting pot included:
    ``min(fraction * final pot, cap)`` chips."""

    fraction: float = 0.0
    """Of the final pot, from 0 to 1."""
    cap: Optional[float] = None
    """The most it takes from one pot, in chips; None for no cap."""

    @property
    def taken(self) -> bool:
        """Whether any pot loses chips to it."""
        return self.fraction > 0 and (self.cap is None or self.cap > 0)

    def of(self, pot: float) -> float:
        """The chips taken from a final pot of ``pot`` chips."""
        cut = self.fraction * pot
        return cut if self.cap is None else min(cut, self.cap)

    def as_list(self) -> list:
        """As a file's header keeps it: [fraction, cap or None]."""
        return [self.fraction, self.cap]


NO_RAKE = Rake()


def read_rake(rake: object) -> Rake:
    """``rake``: None (no rake), a pot fraction (a number or its text, "5%"; no cap), or
    ``(fraction, cap)`` with the cap in chips (None: no cap)."""
    if rake is None:
        return NO_RAKE
    if isinstance(rake, (tuple, list)):
        if len(rake) != 2:
            raise SolverError(f"rake is (fraction, cap), a pot fraction or None, not {quoted(rake)}")
        given, cap_given = rake
    else:
        given, cap_given = rake, None
    fraction = parse_pot_fraction(given, "rake", SolverError, most=1, zero=True)
    cap = None if cap_given is None else read_chips(cap_given, "the rake's cap", False)
    return Rake(float(fraction), cap)


def raked_amounts(kinds: Iterable[int], amounts: array, terminals: tuple[int, ...], rake: Rake, pot: float) -> array:
    """A tree's engine amounts (three a node, in units of the pot: the pot, each player's chips
    in) with the rake taken from the pot of each node whose kind is in ``terminals``: what the
    winner of that pot takes. ``pot``: the starting pot in chips. No rake: ``amounts`` itself."""
    if not rake.taken:
        return amounts
    out = array("d", amounts)
    cap = math.inf if rake.cap is None else rake.cap / pot
    for node, kind in enumerate(kinds):
        if kind in terminals:
            final = out[3 * node]
            out[3 * node] = final - min(rake.fraction * final, cap)
    return out


def exploitability_of(best: tuple[float, float], values: Optional[tuple[float, float]]) -> float:
    """The exploitability in units of the pot: each player's best-response gain over its value,
    averaged. With no rake (``values`` None) the values add up to the pot, and it is
    (best[0] + best[1] - 1) / 2, as it always was."""
    if values is None:
        return (best[0] + best[1] - 1.0) / 2
    return ((best[0] - values[0]) + (best[1] - values[1])) / 2
