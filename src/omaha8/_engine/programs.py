"""The range-program format: a range as a small program, for engines that test hands one at a
time (a range too large to list, sampled): instructions for a stack of weights, and a table of
patterns. ``omaha8.ranges`` compiles ranges into it; this module names its opcodes and bits
once, checks a program before an engine reads it (:func:`check_program`), and reads it in
Python (:func:`program_weight`, the reference the compiled core repeats in C, which checks at
import that its own constants equal these).

A program is pairs (op, arg) of ints. ``OP_PATTERN`` pushes the weight of the pattern at
``table[arg]``; ``OP_EITHER``, ``OP_BOTH`` and ``OP_BUT_NOT`` pop two weights and push their
union (the larger), intersection (the smaller, 0 unless both) or exclusion (the first unless
the second); ``OP_WEIGHT`` replaces a nonzero top with ``arg``. A pattern is ``weight,
filter bits, spec count, named-suit bits`` and per spec ``rank mask, suit kind, suit``.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Union

from ..exceptions import JobError

__all__ = [
    "OP_PATTERN",
    "OP_EITHER",
    "OP_BOTH",
    "OP_BUT_NOT",
    "OP_WEIGHT",
    "FILTER_BITS",
    "FILTER_DOUBLE_SUITED",
    "FILTER_SINGLE_SUITED",
    "FILTER_RAINBOW",
    "FILTER_NO_PAIR",
    "SUIT_ANY",
    "SUIT_NAMED",
    "SUIT_VARIABLE",
    "ALL_RANKS",
    "ALL_CARDS",
    "MAX_WEIGHT",
    "MAX_PROGRAM_DEPTH",
    "check_program",
    "program_weight",
    "passes_filters",
    "pattern_starts",
    "relevant_cards",
    "possible_shapes",
    "suit_blind",
    "program_depth",
]

OP_PATTERN, OP_EITHER, OP_BOTH, OP_BUT_NOT, OP_WEIGHT = 1, 2, 3, 4, 5
# A pattern's filters, one bit each: "$ds", "$ss", "$r", "$np".
FILTER_DOUBLE_SUITED, FILTER_SINGLE_SUITED, FILTER_RAINBOW, FILTER_NO_PAIR = 1, 2, 4, 8
FILTER_BITS = {"ds": FILTER_DOUBLE_SUITED, "ss": FILTER_SINGLE_SUITED, "r": FILTER_RAINBOW, "np": FILTER_NO_PAIR}
# A spec's suit: any suit, a named suit (0..3), or a suit variable (0..3 for w, x, y, z).
SUIT_ANY, SUIT_NAMED, SUIT_VARIABLE = 0, 1, 2
ALL_RANKS = (1 << 13) - 1
ALL_CARDS = (1 << 52) - 1
MAX_WEIGHT = 100
# The deepest stack of weights a program may need. The compiled core's stack is this size
# (checked at import), and check_program refuses deeper programs.
MAX_PROGRAM_DEPTH = 60
# A compiled range's code or table as callers hand it over: its C ints as array('i'), their
# bytes, or the ints.
ProgramLike = Union[bytes, bytearray, Iterable[int]]


def passes_filters(hand: Sequence[int], filters: int) -> bool:
    """Whether a hand passes a pattern's filter bits (every filter but $np is for four cards)."""
    if filters & FILTER_NO_PAIR and len({card >> 2 for card in hand}) != len(hand):
        return False
    if filters & (FILTER_DOUBLE_SUITED | FILTER_SINGLE_SUITED | FILTER_RAINBOW):
        counts = [0, 0, 0, 0]
        for card in hand:
            counts[card & 3] += 1
        shape = sorted((c for c in counts if c), reverse=True)
        if filters & FILTER_DOUBLE_SUITED and shape != [2, 2]:
            return False
        if filters & FILTER_SINGLE_SUITED and shape != [2, 1, 1]:
            return False
        if filters & FILTER_RAINBOW and shape != [1, 1, 1, 1]:
            return False
    return True


def pattern_starts(code: Sequence[int]) -> list[int]:
    """Where each pattern of a program starts in its table."""
    return [code[at + 1] for at in range(0, len(code), 2) if code[at] == OP_PATTERN]


def _pattern_weight(table: Sequence[int], at: int, hand: Sequence[int]) -> int:
    weight, filters, count, explicit = table[at : at + 4]
    if filters and not passes_filters(hand, filters):
        return 0
    specs = [table[at + 4 + 3 * i : at + 7 + 3 * i] for i in range(count)]
    binding = [-1, -1, -1, -1]
    taken = [False] * len(hand)

    def place(i: int) -> bool:
        if i == count:
            return True
        mask, kind, value = specs[i]
        for j, card in enumerate(hand):
            if taken[j] or not (mask >> (card >> 2)) & 1:
                continue
            suit = card & 3
            fresh = False
            if kind == SUIT_NAMED and suit != value:
                continue
            if kind == SUIT_VARIABLE:
                if binding[value] == -1:
                    if (explicit >> suit) & 1 or suit in binding:
                        continue
                    binding[value] = suit
                    fresh = True
                elif binding[value] != suit:
                    continue
            taken[j] = True
            if place(i + 1):
                return True
            taken[j] = False
            if fresh:
                binding[value] = -1
        return False

    return weight if place(0) else 0


def program_weight(code: Sequence[int], table: Sequence[int], hand: Sequence[int]) -> int:
    """A hand's weight under a compiled range (0: not in it): the reference reading, which the
    fallback engine and ``in`` use, and the compiled core repeats in C."""
    stack: list[int] = []
    for at in range(0, len(code), 2):
        op, arg = code[at], code[at + 1]
        if op == OP_PATTERN:
            stack.append(_pattern_weight(table, arg, hand))
        elif op == OP_WEIGHT:
            stack.append(arg if stack.pop() else 0)
        else:
            right, left = stack.pop(), stack.pop()
            if op == OP_EITHER:
                stack.append(max(left, right))
            elif op == OP_BOTH:
                stack.append(min(left, right) if left and right else 0)
            else:
                stack.append(0 if right else left)
    return stack[-1]


def check_program(seat: int, code: ProgramLike, table: ProgramLike, k: int) -> tuple[bytes, bytes]:
    """A compiled range (``Range.program()``) checked so that the C reader stays inside it."""
    bad = JobError(f"seat {seat + 1}: not a compiled range")
    try:
        code_ints, table_ints = array("i", code), array("i", table)
    except (TypeError, ValueError, OverflowError):  # not a sequence of C ints
        raise bad from None
    depth = 0
    if len(code_ints) % 2 or not code_ints:
        raise bad
    for at in range(0, len(code_ints), 2):
        op, arg = code_ints[at], code_ints[at + 1]
        if op == OP_PATTERN:
            if not 0 <= arg <= len(table_ints) - 4:
                raise bad
            weight, _, count, _ = table_ints[arg : arg + 4]
            if not 1 <= weight <= MAX_WEIGHT or not 0 <= count <= k or arg + 4 + 3 * count > len(table_ints):
                raise bad
            for spec in range(count):
                mask, kind, value = table_ints[arg + 4 + 3 * spec : arg + 7 + 3 * spec]
                if (
                    not 0 <= mask <= ALL_RANKS
                    or kind not in (SUIT_ANY, SUIT_NAMED, SUIT_VARIABLE)
                    or not 0 <= value <= 3
                ):
                    raise bad
            depth += 1
        elif op == OP_WEIGHT:
            if depth < 1 or not 1 <= arg <= MAX_WEIGHT:
                raise bad
        elif op in (OP_EITHER, OP_BOTH, OP_BUT_NOT):
            depth -= 1
            if depth < 1:
                raise bad
        else:
            raise bad
        if depth > MAX_PROGRAM_DEPTH:
            raise bad
    if depth != 1:
        raise bad
    return code_ints.tobytes(), table_ints.tobytes()


def relevant_cards(code: Sequence[int], table: Sequence[int]) -> int:
    """The cards a range's weight can depend on, as a 52-bit mask: every card some spec other
    than "any card" can match; all 52 when a pattern has a filter (they read every card)."""
    mask = 0
    for at in pattern_starts(code):
        count = table[at + 2]
        if table[at + 1]:
            return ALL_CARDS
        for i in range(count):
            ranks, kind, value = table[at + 4 + 3 * i : at + 7 + 3 * i]
            if ranks == ALL_RANKS and kind == SUIT_ANY:
                continue
            suits = (value,) if kind == SUIT_NAMED else range(4)
            for rank in range(13):
                if (ranks >> rank) & 1:
                    for suit in suits:
                        mask |= 1 << (rank * 4 + suit)
    return mask


def _fits(table: Sequence[int], at: int, shape: tuple[int, ...]) -> bool:
    """Whether a hand of this suit shape could match the pattern at ``at`` (the compiled core's
    fits_suits, with the suit macros): named suits hold their specs, and the suits left, largest
    first, hold each suit variable's specs, largest first."""
    filters, count, explicit = table[at + 1], table[at + 2], table[at + 3]
    held = sorted((c for c in shape if c), reverse=True)
    if (
        (filters & FILTER_DOUBLE_SUITED and held != [2, 2])
        or (filters & FILTER_SINGLE_SUITED and held != [2, 1, 1])
        or (filters & FILTER_RAINBOW and held != [1, 1, 1, 1])
    ):
        return False
    named, need = [0] * 4, [0] * 4
    for i in range(count):
        kind, value = table[at + 5 + 3 * i], table[at + 6 + 3 * i]
        if kind == SUIT_NAMED:
            named[value] += 1
        elif kind == SUIT_VARIABLE:
            need[value] += 1
    if any(named[s] > shape[s] for s in range(4)):
        return False
    have = sorted((0 if (explicit >> s) & 1 else shape[s] for s in range(4)), reverse=True)
    return all(n <= h for n, h in zip(sorted(need, reverse=True), have))


def possible_shapes(code: Sequence[int], table: Sequence[int], k: int) -> bytes:
    """The suit shapes (cards of each suit) a hand of the range can have: a pattern's test, and
    for unions any term, for intersections every term, for exclusions the first."""
    out = bytearray()
    for shape in product(range(min(k, 13) + 1), repeat=4):
        if sum(shape) != k:
            continue
        stack: list = []
        for at in range(0, len(code), 2):
            op, arg = code[at], code[at + 1]
            if op == OP_PATTERN:
                stack.append(_fits(table, arg, shape))
            elif op != OP_WEIGHT:
                right, left = stack.pop(), stack.pop()
                stack.append(left or right if op == OP_EITHER else left and right if op == OP_BOTH else left)
        if stack[-1]:
            out += bytes(shape)
    return bytes(out)


def suit_blind(code: Sequence[int], table: Sequence[int]) -> bool:
    """Whether the range names no suit: then renaming suits maps its hands onto its hands."""
    for at in pattern_starts(code):
        if table[at + 3] or any(table[at + 5 + 3 * i] == SUIT_NAMED for i in range(table[at + 2])):
            return False
    return True


def program_depth(code: Sequence[int]) -> int:
    """The most weights a program's stack holds at once."""
    depth = most = 0
    for at in range(0, len(code), 2):
        op = code[at]
        if op == OP_PATTERN:
            depth += 1
        elif op != OP_WEIGHT:
            depth -= 1
        most = max(most, depth)
    return most
