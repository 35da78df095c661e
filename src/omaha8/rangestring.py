"""Omaha range notation (ProPokerTools' style), parsed into a small tree; plain Python.

Grammar, lowest precedence first::

    range   := inter ("," inter)*                  union
    inter   := weighted ((":" | "!") weighted)*    both / but not, left to right
    weighted:= primary ("@" N)?                    N = 1..100, default 100
    primary := "(" range ")" | "random" | percent | pattern
    percent := N "%" ("-" N "%")?
    pattern := (spec | filter)+
    spec    := rank suit? | suit                   a card: "A", "As", "Ax", "s", "*", "$L", "$B"
    rank    := A K Q J T 9..2 (either case) | "*" | "[" rank-list or span "]" | "$L" | "$B"
    suit    := s h d c | w x y z (variables)
    filter  := "$ds" | "$ss" | "$r" | "$np"

Errors are ``RangeError``s that show the expression with a caret under the offending
character, columns counted from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from .exceptions import RangeError

__all__ = ["RangeError", "Spec", "Pattern", "Percent", "Node", "parse"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
VARIABLES = "wxyz"
LOW_RANKS = frozenset(range(7)) | {12}  # A..8 (ranks 0..6 are 2..8, 12 the ace)
BROADWAY_RANKS = frozenset(range(8, 13))  # T J Q K A
FILTERS = ("ds", "ss", "r", "np")
# Parentheses deeper than this are refused with a caret, before Python's own stack runs out.
MAX_NESTING = 100
MAX_LENGTH = 1_000_000


@dataclass(frozen=True)
class Spec:
    """One card of a pattern: the ranks it may have (0 deuce .. 12 ace) and its suit: None for
    any, 0..3 for a named suit, or a variable letter."""

    ranks: frozenset
    suit: Union[int, str, None]

    @property
    def free(self) -> bool:
        """Any card at all."""
        return self.suit is None and len(self.ranks) == 13


@dataclass(frozen=True)
class Pattern:
    specs: tuple
    filters: frozenset
    weight: int = 100
    column: int = 1
    """Where the pattern starts in the expression, counted from 1: for errors' carets."""


@dataclass(frozen=True)
class Percent:
    low: int
    high: int
    column: int
    weight: int = 100


@dataclass(frozen=True)
class Node:
    """Terms joined by one operator, left to right: ``a, b, c`` is one union of three terms,
    ``AA ! A2 ! A3`` AA but not A2, then but not A3. A flat list, not a nested pair a term,
    so that a thousand hands or exclusions make no deep tree."""

    op: str  # ",", ":" or "!"
    terms: tuple
    weight: Optional[int] = None


_ALL = frozenset(range(13))
# A parsed range: a pattern, a percent band, or terms joined by an operator.
_Tree = Union[Pattern, Percent, Node]


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.depth = 0

    def error(self, message: str, at: Optional[int] = None) -> RangeError:
        return RangeError(message, self.text, (self.at if at is None else at) + 1)

    def peek(self) -> str:
        while self.at < len(self.text) and self.text[self.at] == " ":
            self.at += 1
        return self.text[self.at] if self.at < len(self.text) else ""

    def parse(self) -> _Tree:
        if not self.text.strip():
            raise RangeError("an empty expression is not a range")
        tree = self.union()
        if self.peek():
            raise self.error(f"unexpected {self.peek()!r}")
        return tree

    def union(self) -> _Tree:
        terms = [self.inter()]
        while self.peek() == ",":
            self.at += 1
            terms.append(self.inter())
        return terms[0] if len(terms) == 1 else Node(",", tuple(terms))

    def inter(self) -> _Tree:
        left = self.weighted()
        while self.peek() in (":", "!") and self.peek():
            op = self.peek()
            terms = [left]
            while self.peek() == op:
                self.at += 1
                terms.append(self.weighted())
            left = Node(op, tuple(terms))
        return left

    def weighted(self) -> _Tree:
        term = self.primary()
        if self.peek() == "@":
            self.at += 1
            start = self.at
            digits = self.digits()
            if not digits or len(digits) > 3:
                raise self.error("a weight after '@' is a whole number 1 to 100", start)
            weight = int(digits)
            if not 1 <= weight <= 100:
                raise self.error(f"weight {weight} is outside 1..100", start)
            if isinstance(term, Node):
                term = Node(term.op, term.terms, weight)
            else:
                term = type(term)(**{**term.__dict__, "weight": weight})
        return term

    def digits(self) -> str:
        start = self.at
        while self.at < len(self.text) and self.text[self.at].isdigit() and self.text[self.at].isascii():
            self.at += 1
        return self.text[start : self.at]

    def primary(self) -> _Tree:
        ch = self.peek()
        if ch == "(":
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise self.error(f"parentheses nested more than {MAX_NESTING} deep")
            self.at += 1
            inner = self.union()
            self.depth -= 1
            if self.peek() != ")":
                raise self.error("a '(' is not closed")
            self.at += 1
            return inner
        if self.text.startswith("random", self.at):
            self.at += len("random")
            return Pattern((), frozenset(), column=self.at - len("random") + 1)
        if ch.isdigit():
            start = self.at
            saved = self.at
            digits = self.digits()
            if self.peek() == "%":
                self.at += 1
                if len(digits) > 3:
                    raise self.error("percents go from 0 to 100, the first below the second", start)
                low, high = 0, int(digits)
                if self.peek() == "-":
                    self.at += 1
                    second = self.digits()
                    if not second or self.peek() != "%":
                        raise self.error("a percent range is N%-M%")
                    self.at += 1
                    if len(second) > 3:
                        raise self.error("percents go from 0 to 100, the first below the second", start)
                    low, high = int(digits), int(second)
                if not 0 <= low < high <= 100:
                    raise self.error("percents go from 0 to 100, the first below the second", start)
                return Percent(low, high, start + 1)
            self.at = saved
        return self.pattern()

    def pattern(self) -> Pattern:
        specs, filters = [], set()
        start = self.at
        while self.at < len(self.text) and self.text[self.at] not in " ,:!()@":
            ch = self.text[self.at]
            if ch == "$":
                self.at += 1
                # The known names, longest first: "$Lx" is a low card of suit x.
                name = next(
                    (known for known in ("ds", "ss", "np", "r", "L", "B") if self.text.startswith(known, self.at)), ""
                )
                if not name:
                    while self.at < len(self.text) and self.text[self.at].isalpha():
                        name += self.text[self.at]
                        self.at += 1
                    raise self.error(f"unknown macro '${name}'", self.at - len(name) - 1)
                self.at += len(name)
                if name in FILTERS:
                    filters.add(name)
                elif name == "L":
                    specs.append(Spec(LOW_RANKS, self.suit()))
                else:
                    specs.append(Spec(BROADWAY_RANKS, self.suit()))
                continue
            if ch == "[":
                specs.append(Spec(self.rank_set(), self.suit()))
                continue
            if ch == "*":
                self.at += 1
                specs.append(Spec(_ALL, self.suit()))
                continue
            if ch.upper() in RANKS:
                self.at += 1
                specs.append(Spec(frozenset({RANKS.index(ch.upper())}), self.suit()))
                continue
            suit = self.suit()
            if suit is None:
                raise self.error(f"unknown rank {ch!r}")
            specs.append(Spec(_ALL, suit))
        if not specs and not filters:
            raise self.error(
                f"expected a hand pattern, found {self.peek()!r}"
                if self.peek()
                else "expected a hand pattern at the end",
                start,
            )
        return Pattern(tuple(specs), frozenset(filters), column=start + 1)

    def suit(self) -> Union[int, str, None]:
        if self.at < len(self.text):
            ch = self.text[self.at]
            if ch in SUITS:
                self.at += 1
                return SUITS.index(ch)
            if ch in VARIABLES:
                self.at += 1
                return ch
        return None

    def rank_set(self) -> frozenset:
        start = self.at
        self.at += 1
        ranks: set = set()
        while True:
            if self.at >= len(self.text):
                raise self.error("a '[' is not closed", start)
            ch = self.text[self.at]
            if ch.upper() not in RANKS:
                raise self.error(f"unknown rank {ch!r}")
            first = RANKS.index(ch.upper())
            self.at += 1
            if self.text.startswith("-", self.at):
                self.at += 1
                if self.at >= len(self.text) or self.text[self.at].upper() not in RANKS:
                    raise self.error("a span is two ranks, such as [2-5]")
                last = RANKS.index(self.text[self.at].upper())
                if last < first:
                    raise self.error("a span goes up, aces high: write wheel cards as a list, [A,2,3]")
                self.at += 1
                ranks.update(range(first, last + 1))
            else:
                ranks.add(first)
            if self.text.startswith(",", self.at):
                self.at += 1
                continue
            if self.text.startswith("]", self.at):
                self.at += 1
                return frozenset(ranks)
            raise self.error("expected ',' or ']' in a rank list")


def parse(text: str) -> _Tree:
    """The tree of a range expression; RangeError for bad syntax."""
    if not isinstance(text, str):
        raise RangeError(f"a range is written as text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise RangeError(f"a range expression is at most {MAX_LENGTH:,} characters, not {len(text):,}")
    return _Parser(text).parse()
