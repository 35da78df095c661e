"""Pot fractions, read one way for every caller: the command line's ``--bets``, the river
solver's ``bets`` and ``raises``, and the adapters' ``bets`` parameter.

A pot fraction is a number (an int, a float, a ``Fraction`` or any other real but a bool) or its
text: a decimal ("0.5", "1e-3"), a ratio of whole numbers ("1/3") or either as a percent
("50%", "1/3%"). It is read as an exact ``Fraction`` (a float as the decimal it prints as, so
0.1 is 1/10 and ``float()`` gives the float back), above 0 and at most ``most``
(MAX_POT_FRACTION unless the caller says; from 0 if it allows 0), with a denominator of at most MAX_DENOMINATOR_DIGITS
digits. Anything else is the caller's error class, naming the caller's parameter.
"""

from __future__ import annotations

import math
import numbers
import re
from fractions import Fraction
from typing import Optional

from .cards import integer_of, quoted

__all__ = ["parse_pot_fraction", "MAX_POT_FRACTION", "MAX_DENOMINATOR_DIGITS"]

# A thousand pots: deeper than any stack a table or a solve plays, short of a typo.
MAX_POT_FRACTION = 1000
# Finer than any bet a chip can make: a longer denominator is a typo or a hostile number.
MAX_DENOMINATOR_DIGITS = 30
_MOST_DENOMINATOR = 10**MAX_DENOMINATOR_DIGITS
# Text longer than this is no pot fraction anyone writes (and would cost big-number work).
_MAX_TEXT = 200
_TEXT = re.compile(
    r"\s*(?P<sign>[-+]?)(?:(?P<top>\d+)/(?P<bottom>\d+)|(?P<digits>\d+\.?\d*|\.\d+)(?:[eE](?P<exp>[-+]?\d+))?)"
    r"(?P<percent>%?)\s*"
)
_MOST_EXPONENT = 2 * _MAX_TEXT
_EXAMPLES = "such as 0.5, 1/3 or 50%"


def _from_text(text: str, name: str, error: type) -> Fraction:
    """The Fraction a pot fraction's text stands for. An exponent past _MOST_EXPONENT either way
    is taken as that one: the number is as surely too large or too fine, without the work."""
    match = _TEXT.fullmatch(text) if len(text) <= _MAX_TEXT else None
    if match is None:
        raise error(f"{name}: {quoted(text)} is not a pot fraction ({_EXAMPLES})")
    if match["top"] is not None:
        if int(match["bottom"]) == 0:
            raise error(f"{name}: {quoted(text)} is not a pot fraction ({_EXAMPLES}): it divides by 0")
        value = Fraction(int(match["top"]), int(match["bottom"]))
    else:
        exponent = max(-_MOST_EXPONENT, min(int(match["exp"] or 0), _MOST_EXPONENT))
        value = Fraction(match["digits"]) * Fraction(10) ** exponent
    if match["percent"]:
        value /= 100
    return -value if match["sign"] == "-" else value


def _from_number(value: numbers.Real) -> Optional[Fraction]:
    """A real number as a Fraction; None for nan and the infinities."""
    whole = integer_of(value)
    if whole is not None:
        return Fraction(whole)
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    try:
        number = float(value)
    except OverflowError:  # past float's range
        return None
    # The decimal a float prints as (float's own repr, not a subclass's such as numpy's).
    return Fraction(float.__repr__(number)) if math.isfinite(number) else None


def _shown(value: object) -> str:
    """``value`` for a message: a Fraction of huge terms described, not written out."""
    if isinstance(value, numbers.Rational) and integer_of(value) is None:
        terms = (int(value.numerator), int(value.denominator))
        if max(term.bit_length() for term in terms) > 200:
            return "a fraction of huge terms"
    return quoted(value)


def parse_pot_fraction(
    value: object, name: str, error: type, *, most: int = MAX_POT_FRACTION, zero: bool = False
) -> Fraction:
    """``value`` (a number, or its text: "0.5", "1/3", "50%") as an exact Fraction above 0 (from
    0 with ``zero``) and at most ``most``; else an ``error`` (the caller's class: SolverError,
    GameConfigError, UsageError) whose message names ``name``."""
    if isinstance(value, str):
        fraction: Optional[Fraction] = _from_text(value, name, error)
    elif isinstance(value, numbers.Real) and not isinstance(value, bool):
        fraction = _from_number(value)
    else:
        raise error(f"{name}: {quoted(value)} is not a pot fraction ({_EXAMPLES})")
    if fraction is None:
        raise error(f"{name}: {quoted(value)} is not a finite pot fraction")
    if fraction < 0 or (fraction == 0 and not zero) or fraction > most:
        bound = f"from 0 to {most}" if zero else f"above 0 and at most {most}"
        raise error(f"{name}: {_shown(value)} is not a pot fraction {bound}")
    if fraction.denominator > _MOST_DENOMINATOR:
        raise error(
            f"{name}: {_shown(value)} is too fine a pot fraction (its denominator has more than "
            f"{MAX_DENOMINATOR_DIGITS} digits)"
        )
    return fraction
