"""Cards: the 52 card indices, their names, and validation of what users pass in.

A card's index is ``rank * 4 + suit`` with ranks 2..A as 0..12 and suits c, d, h, s as
0..3, the numbering phevaluator and poker-equity use. Every public entry point of omaha8
funnels its card arguments through :func:`parse_cards` or :func:`read_hand`, so the error
messages below are the only ones users ever see for bad cards.
"""

from __future__ import annotations

import math
import numbers
import operator
import sys
from array import array
from collections.abc import Mapping, Set
from typing import Iterable, Optional, Union

from .exceptions import CardError

__all__ = [
    "Card",
    "CARDS",
    "CardError",
    "CardsLike",
    "HOLE_SIZES",
    "BOARD_SIZES",
    "MAX_HOLE_CARDS",
    "MAX_SEATS",
    "RANK_CHARS",
    "SUIT_CHARS",
    "card_index",
    "quoted",
    "whole_number",
    "integer_of",
    "read_weights",
    "MAX_WEIGHT_TOTAL",
    "hole_size_of",
    "parse_cards",
    "is_card_text",
    "read_counted",
    "read_hand",
    "check_unique",
    "suit_class",
    "CANONICAL_SUITS",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
HOLE_SIZES = (4, 5, 6)
BOARD_SIZES = (3, 4, 5)
# The compiled core sizes its fixed arrays from these and refuses to import if they grow past
# what it was compiled for, so changing them here cannot overflow a C array.
MAX_HOLE_CARDS = max(HOLE_SIZES)
MAX_SEATS = 10
# How much of a bad argument an error message quotes.
_QUOTE_LIMIT = 40

_RANK_OF_CHAR = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_OF_CHAR.update({c.lower(): i for i, c in enumerate(RANK_CHARS)})
_SUIT_OF_CHAR = {c: i for i, c in enumerate(SUIT_CHARS)}
_SUIT_OF_CHAR.update({c.upper(): i for i, c in enumerate(SUIT_CHARS)})
# Both the black and the white suit symbols appear in the wild.
_SUIT_OF_CHAR.update({"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3})
_SEPARATORS = " \t\r\n,;[]()"


class Card(int):
    """One of the 52 cards; an ``int`` whose value is the card index.

    ``Card("As")``, ``Card(51)`` and ``Card(Card(51))`` are the same object. Being an int,
    a Card can be passed anywhere an index is accepted and compares by index.
    """

    __slots__ = ()

    def __new__(cls, value: "Union[str, int, Card]") -> "Card":
        if type(value) is Card:
            return value
        return _CARDS[card_index(value)]

    @property
    def rank(self) -> int:
        """0 for a deuce up to 12 for an ace."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return int(self) & 3

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[int(self) >> 2]

    @property
    def suit_char(self) -> str:
        return SUIT_CHARS[int(self) & 3]

    def __str__(self) -> str:
        return _NAMES[int(self)]

    def __repr__(self) -> str:
        return f"Card({_NAMES[int(self)]!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_NAMES = [r + s for r in RANK_CHARS for s in SUIT_CHARS]
_CARDS = [int.__new__(Card, i) for i in range(52)]
CARDS: tuple[Card, ...] = tuple(_CARDS)
"""The 52 cards by index: ``CARDS[i]`` is ``Card(i)`` without the checks, for inner loops."""

CardsLike = Union[str, Iterable[Union[str, int, Card]]]


def quoted(value: object, limit: int = _QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, so that a huge bad argument makes a
    short message."""
    if isinstance(value, (str, bytes)) and len(value) > limit:
        return repr(value[:limit]) + f"... ({len(value):,} characters)"
    if isinstance(value, int) and value.bit_length() >= 200:
        return "a huge int"
    try:
        text = repr(value)
    except Exception:  # a repr that fails (a Fraction past 4,300 digits, a caller's own class)
        # must not turn the clear error being worded into another one
        return f"a {type(value).__name__} that cannot be shown"
    return text if len(text) <= limit else text[:limit] + "..."


def integer_of(value: object) -> Optional[int]:
    """``value`` as an int when it is one by omaha8's rule (an int, or anything whose
    ``__index__`` gives one: numpy integers and 0-d integer arrays; never a bool), else None. A
    numpy array of many numbers has ``__index__`` but raises from it: None too."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)  # type: ignore[call-overload, arg-type]
    except TypeError:
        return None


def whole_number(value: object, what: str, least: int, most: Optional[int], error: type) -> int:
    """The one rule omaha8 reads integer arguments by (chips, counts, seeds, seats, sizes): an
    int or anything with ``__index__`` (numpy integers), never a bool or a float, within
    ``least..most``; else ``error`` naming ``what`` and the bounds."""
    number = integer_of(value)
    if number is None:
        raise error(f"{what} must be an int, not {type(value).__name__} {quoted(value)}")
    if number < least or (most is not None and number > most):  # type: ignore[operator]
        bounds = f"at least {least:,}" if most is None else f"{least:,}..{most:,}"
        raise error(f"{what} must be {bounds}, not {quoted(number)}")
    return number  # type: ignore[return-value]


# Weights may add up to this at most: the sweeps' sums, differences and products stay finite
# below it (a total near float's 1.8e308 overflowed inside them: only the weights' ratios
# matter, so such weights are refused with a word to scale them down).
MAX_WEIGHT_TOTAL = 1e300
_FLOAT64_FORMATS = ("d", "=d", "@d", ("<" if sys.byteorder == "little" else ">") + "d")


def read_weights(value: object, count: int, what: str, error: type, unit: str = "row") -> array:
    """The one rule omaha8 reads weights by (opponents' weights, a range's, reach probabilities):
    a sequence of real numbers (ints, floats, numpy scalars; never bools, text or a mapping) or a
    1-D buffer, ``count`` of them (one per ``unit``), each finite and 0 or more, adding up to at most
    ``MAX_WEIGHT_TOTAL``; as ``array('d')``. Else ``error`` naming ``what``, the entry and the
    rule, worded alike whatever container the weights came in."""
    if isinstance(value, (str, bytes, bytearray, Mapping, Set)) or value is None:
        raise error(
            f"{what} must be a sequence of numbers, one per {unit}, or a float buffer, not {type(value).__name__}"
        )
    try:
        view: Optional[memoryview] = memoryview(value)  # type: ignore[arg-type]
    except TypeError:
        view = None
    if view is not None and view.ndim == 1 and view.format in _FLOAT64_FORMATS and view.c_contiguous:
        values = array("d", view.tobytes())  # the fast path: the bytes copied whole, checked below
    else:
        if view is not None and view.ndim != 1:
            raise error(f"{what} must be one-dimensional, one per {unit}, not shaped {tuple(view.shape or ())}")
        try:
            items = list(value)  # type: ignore[call-overload]
        except TypeError:
            raise error(f"{what} must be a sequence of numbers or a float buffer, not {type(value).__name__}") from None
        values = array("d", bytes(8 * len(items)))
        for row, item in enumerate(items):
            if isinstance(item, bool) or not isinstance(item, numbers.Real):
                raise error(f"{what}[{row}] is {quoted(item)}, not a number")
            try:
                values[row] = float(item)
            except OverflowError:
                raise error(
                    f"{what}[{row}] is {quoted(item)}: too large for a float (a weight is at most {MAX_WEIGHT_TOTAL:g})"
                ) from None
    if len(values) != count:
        raise error(f"{what} has {len(values):,} entries for {count:,} {unit}s")
    try:
        total = math.fsum(values)
    except OverflowError:  # an intermediate sum past float's range
        total = math.inf
    if not (math.isfinite(total) and min(values, default=0.0) >= 0.0):
        for row, weight in enumerate(values):
            if not 0.0 <= weight < math.inf:
                raise error(f"{what}[{row}] is {weight!r}: a weight is a finite number, 0 or more")
    if total > MAX_WEIGHT_TOTAL:
        raise error(
            f"{what} add up to {total:.3g}, more than {MAX_WEIGHT_TOTAL:g}: the sums could overflow; "
            "scale them down (only their ratios matter)"
        )
    return values


def hole_size_of(value: object, error: type) -> int:
    """A hole size, 4, 5 or 6, by the same rule (4.0 and True are not hole sizes)."""
    size = integer_of(value)
    if size not in HOLE_SIZES:
        raise error(f"hole_size must be 4, 5 or 6, not {quoted(value)}")
    return size  # type: ignore[return-value]


def card_index(value: object) -> int:
    """The index of one card given as a str, a Card or any integer 0..51 (``operator.index``:
    numpy integers too, not bool or float)."""
    if isinstance(value, str):
        cards = _parse_text(value)
        if len(cards) != 1:
            raise CardError(f"expected one card, got {quoted(value)}")
        return cards[0]
    index = integer_of(value)
    if index is None:
        raise CardError(f"a card must be a str, an int 0..51 or a Card, not {type(value).__name__} {quoted(value)}")
    if not 0 <= index <= 51:
        raise CardError(f"card index {quoted(index)} is outside 0..51")
    return index


def _parse_text(text: str) -> list[int]:
    """Indices of the cards written in ``text``: 'As2d', 'As 2d', 'a♠ 2♦', '10h'."""
    out = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        start = i
        rank: Optional[int]
        if text.startswith("10", i):
            rank, i = 8, i + 2
        else:
            rank, i = _RANK_OF_CHAR.get(ch), i + 1
        suit = _SUIT_OF_CHAR.get(text[i]) if i < n else None
        if rank is None or suit is None:
            # Name what the user wrote where a card should be: two characters, three for '10x'.
            end = start
            while end < min(n, start + (3 if rank == 8 and i - start == 2 else 2)):
                if text[end] in _SEPARATORS:
                    break
                end += 1
            raise CardError(f"unknown card {text[start:end]!r}")
        out.append(rank * 4 + suit)
        i += 1
    return out


def _indices(cards: object, what: str) -> list[int]:
    if isinstance(cards, str):
        return _parse_text(cards)
    if isinstance(cards, (int, float)) or cards is None:
        raise CardError(f"{what} must be a string or an iterable of cards, not {quoted(cards)}")
    try:
        items = list(cards)  # type: ignore[call-overload, arg-type]
    except TypeError:
        raise CardError(f"{what} must be a string or an iterable of cards, not {type(cards).__name__}") from None
    return [card_index(item) for item in items]


def check_unique(indices: Iterable[int]) -> None:
    """Raise ``duplicate card Kh`` for the first card seen twice."""
    seen = 0
    for i in indices:
        if seen >> i & 1:
            raise CardError(f"duplicate card {_NAMES[i]}")
        seen |= 1 << i


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Cards from a string ('As2d', 'As 2d', 'a♠ 2♦', '10h') or an iterable of str, int or Card.

    Raises :class:`CardError` for anything that is not a card and for a card given twice.
    """
    indices = _indices(cards, "cards")
    check_unique(indices)
    return tuple(_CARDS[i] for i in indices)


def is_card_text(text: str) -> bool:
    """Whether ``text`` is nothing but cards ("AsKd", "As Kd"); "AA**" and "random" are not."""
    try:
        _parse_text(text)
    except CardError:
        return False
    return True


def read_counted(cards: CardsLike, what: str, sizes: tuple[int, ...]) -> list[int]:
    """Card indices of one group ("hole cards", "board cards") whose size must be in ``sizes``."""
    indices = _indices(cards, what)
    if len(indices) not in sizes:
        allowed = _allowed_sizes(sizes)
        raise CardError(f"wrong number of {what}: {len(indices)} ({allowed} allowed)")
    return indices


def _allowed_sizes(sizes: tuple[int, ...]) -> str:
    if len(sizes) == 1:
        return str(sizes[0])
    if len(sizes) > 4 and list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]}"
    return ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"


def read_hand(hole: CardsLike, board: CardsLike) -> tuple[list[int], list[int]]:
    """Validated card indices of a hand: 4-6 hole cards, 3-5 board cards, no card twice."""
    h = read_counted(hole, "hole cards", HOLE_SIZES)
    b = read_counted(board, "board cards", BOARD_SIZES)
    check_unique(h + b)
    return h, b


# The names canonical forms give to suits, in order: the suit holding the most cards (ties: the
# higher ranks) is named s, the next h, then d, then c.
CANONICAL_SUITS = "shdc"


def suit_class(rank_sets: Iterable[Iterable[int]]) -> str:
    """The canonical form of a hand given as its four suits' ranks (0..12, any order within a
    suit, suits in any order): the suits are ordered by (number of cards, ranks from the top),
    largest first, and named in that order. Suits with equal ranks are interchangeable, so the
    order among them does not matter."""
    suits = sorted((sorted(ranks, reverse=True) for ranks in rank_sets), key=lambda r: (len(r), r), reverse=True)
    named = sorted((-rank, name) for name, ranks in enumerate(suits) for rank in ranks)
    return "".join(RANK_CHARS[-rank] + CANONICAL_SUITS[name] for rank, name in named)
