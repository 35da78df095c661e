"""Ranges of Omaha hands: what an expression in the range notation stands for, hand by hand.

``Range("AA**, A2**$ds")`` holds every matching hand with its weight. A pattern matches a
hand when distinct cards of the hand match its card specs one each, with suit variables
consistent; hands are built from the patterns (the specs' cards first, then any cards for the
rest) rather than by testing all 270,725 four-card hands, so common ranges expand in
milliseconds.
"""

from __future__ import annotations

import ctypes
from array import array
from functools import lru_cache
from itertools import chain, combinations, permutations
from math import comb
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from . import _engine
from ._engine import (
    ALL_CARDS,
    FILTER_BITS,
    MAX_PROGRAM_DEPTH,
    OP_BOTH,
    OP_BUT_NOT,
    OP_EITHER,
    OP_PATTERN,
    OP_WEIGHT,
    SUIT_ANY,
    SUIT_NAMED,
    SUIT_VARIABLE,
    passes_filters,
    possible_shapes,
    program_depth,
    program_weight,
    relevant_cards,
    suit_blind,
)
from .cards import Card, CardError, CardsLike, card_index, hole_size_of, parse_cards
from .exceptions import TableError
from .rangestring import Node, Pattern, Percent, RangeError, parse
from .tablefile import read_table_file

__all__ = ["Range", "RangeError", "MAX_EXPANDED", "MAX_APART", "program_weight", "PERCENT_TABLE", "percent_classes"]

# A range is built into a table of hands only up to this many: the full five- and six-card
# ranges (2,598,960 and 20,358,520 hands) are not.
MAX_EXPANDED = 1_000_000
# Range.apart_from lists a range too large to list whole over the cards left when at most this
# many hands of them are left to try (six cards from 43: 6 million).
MAX_APART = 30_000_000
# Every hand, as a program: one pattern with no specs.
_EVERY_HAND_PROGRAM = (array("i", [1, 0]), array("i", [100, 0, 0, 0]))
# A parsed range (rangestring.parse): a pattern, a percent band, or terms joined by an operator.
_Tree = Union[Pattern, Percent, Node]


@lru_cache(maxsize=1)
def _every_four_card_hand() -> bytes:
    """The 270,725 four-card hands, ascending, four card indices each."""
    code, table = _EVERY_HAND_PROGRAM
    return _engine.ENGINE.range_list(code.tobytes(), table.tobytes(), 4, (1 << 52) - 1)[0]


def _assignments(specs: list, explicit: set) -> Iterator[tuple]:
    """Sets of distinct cards, one per spec, suit variables bound consistently. Identical specs
    take cards in increasing order, so that no set comes up in every order; suit variables
    whose specs are alike ("wxyz": four alike) take suits in increasing order, since swapping
    their suits matches the same hands (without it, "wwwxxx" on six cards took minutes)."""
    chosen: list = []
    binding: dict = {}
    profiles: dict = {}
    for spec in specs:
        if isinstance(spec.suit, str):
            profiles.setdefault(spec.suit, []).append(tuple(sorted(spec.ranks)))
    alike_before: dict = {}
    last_of_profile: dict = {}
    for variable in sorted(profiles):
        profile = tuple(sorted(profiles[variable]))
        if profile in last_of_profile:
            alike_before[variable] = last_of_profile[profile]
        last_of_profile[profile] = variable

    def walk(i: int) -> Iterator[tuple]:
        if i == len(specs):
            yield tuple(chosen)
            return
        spec = specs[i]
        floor = chosen[-1] + 1 if i and specs[i - 1] == spec and isinstance(spec.suit, (int, type(None))) else 0
        if isinstance(spec.suit, str):
            bound = binding.get(spec.suit)
            above = binding.get(alike_before.get(spec.suit), -1)
            suits = (
                [bound]
                if bound is not None
                else [s for s in range(4) if s not in explicit and s not in binding.values() and s > above]
            )
        elif spec.suit is None:
            suits = [0, 1, 2, 3]
        else:
            suits = [spec.suit]
        for suit in suits:
            fresh = isinstance(spec.suit, str) and spec.suit not in binding
            if fresh:
                binding[spec.suit] = suit
            for rank in spec.ranks:
                card = rank * 4 + suit
                if card < floor or card in chosen:
                    continue
                chosen.append(card)
                yield from walk(i + 1)
                chosen.pop()
            if fresh:
                del binding[spec.suit]

    yield from walk(0)


def _check_pattern(pattern: Pattern, size: int, expression: str) -> None:
    if len(pattern.specs) > size:
        raise RangeError(
            f"a pattern of {len(pattern.specs)} cards cannot match a hand of {size}", expression, pattern.column
        )
    if (pattern.filters & {"ds", "ss", "r"}) and size != 4:
        raise RangeError("the suit macros $ds, $ss and $r are defined for four-card hands", expression, pattern.column)


def _check_tree(tree: _Tree, size: int, expression: str) -> None:
    """The errors a range's patterns can have, each with its caret, found without listing."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Pattern):
            _check_pattern(node, size, expression)
        elif isinstance(node, Percent):
            if size != 4:
                raise RangeError(
                    "percent ranges rank four-card hands (by omaha8's preflop table); "
                    f"there is no table of {size}-card hands",
                    expression,
                    node.column,
                )
        else:
            stack.extend(node.terms)


def _expand_pattern(pattern: Pattern, size: int, weight: int) -> dict:
    # Any-card specs need no search: the cards filled in after the others cover them.
    specs = [spec for spec in pattern.specs if not spec.free]
    rest = size - len(specs)
    if comb(52, rest) > MAX_EXPANDED:
        raise RangeError(f"this range of {size}-card hands is too large to list (more than {MAX_EXPANDED:,} hands)")
    explicit = {spec.suit for spec in specs if isinstance(spec.suit, int)}
    # Specs more particular first (the search branches late), identical specs side by side.
    specs.sort(
        key=lambda s: (
            isinstance(s.suit, str),
            len(s.ranks) * (1 if s.suit is not None else 4),
            sorted(s.ranks),
            str(s.suit),
        )
    )
    filter_bits = sum(FILTER_BITS[name] for name in pattern.filters)
    out: dict = {}
    for chosen in _assignments(specs, explicit):
        others = [c for c in range(52) if c not in chosen]
        for extra in combinations(others, rest):
            hand = tuple(sorted(chosen + extra))
            if hand not in out and passes_filters(hand, filter_bits):
                out[hand] = weight
        if len(out) > MAX_EXPANDED:
            raise RangeError(f"this range has more than {MAX_EXPANDED:,} hands: too many to list")
    return out


# Percent ranges rank hands by the preflop table that comes with omaha8 (four cards against one
# random hand, exact: every deal counted; see omaha8.tables). Its rows run best first.
PERCENT_TABLE = Path(__file__).with_name("data") / "preflop-4-cards-1-opponent.csv"


@lru_cache(maxsize=1)
def _ranking() -> tuple:
    """(canonical form, hands) of every four-card class, best first."""
    if not PERCENT_TABLE.is_file():
        raise RangeError(
            f"percent ranges need the preflop table {PERCENT_TABLE.name}, which is missing from this installation"
        )
    try:
        _, rows = read_table_file(PERCENT_TABLE)
    except TableError as error:
        raise RangeError(f"percent ranges rank hands by the shipped preflop table, which is damaged: {error}") from None
    return tuple((row["canonical"], row["hands"]) for row in rows)


def percent_classes(low: float, high: float) -> list:
    """The four-card classes (canonical forms) of the band from ``low`` to ``high`` percent of
    all hands, best first. Classes are whole: a class is in the band when the middle of its share
    of the ranking (the hands above it plus half its own) falls in [low, high). So bands that meet
    share no class and leave none out, and "15%" holds the whole classes nearest to 15%."""
    ranking = _ranking()
    everyone = sum(hands for _, hands in ranking)
    out, above = [], 0
    for form, hands in ranking:
        middle = 100 * (above + hands / 2) / everyone
        if low <= middle < high:
            out.append(form)
        above += hands
    return out


def _class_hands(form: str) -> set:
    """Every hand of a class: the canonical hand under the 24 renamings of suits."""
    cards = [card_index(c) for c in parse_cards(form)]
    return {tuple(sorted((c & ~3) | order[c & 3] for c in cards)) for order in permutations(range(4))}


def _percent_hands(tree: Percent, size: int, expression: str) -> dict:
    # Four-card hands only: the checks of the whole tree (above) refused any other size first.
    return dict.fromkeys(
        sorted(hand for form in percent_classes(tree.low, tree.high) for hand in _class_hands(form)), tree.weight
    )


def _evaluate(tree: _Tree, size: int, expression: str) -> dict:
    if isinstance(tree, Pattern) and not tree.filters and all(spec.free for spec in tree.specs):
        # Every hand: straight from the combinations, no search.
        if comb(52, size) > MAX_EXPANDED:
            raise RangeError(f"every {size}-card hand, {comb(52, size):,} of them, is too many to list")
        return dict.fromkeys(combinations(range(52), size), tree.weight)
    if isinstance(tree, Pattern):
        return _expand_pattern(tree, size, tree.weight)
    if isinstance(tree, Percent):
        return _percent_hands(tree, size, expression)
    out = _evaluate(tree.terms[0], size, expression)
    if tree.op == "!":
        # A but not B but not C: A less the union of the rest, in one pass.
        excluded: set = set()
        for term in tree.terms[1:]:
            excluded.update(_evaluate(term, size, expression))
        out = {hand: weight for hand, weight in out.items() if hand not in excluded}
    for term in tree.terms[1:] if tree.op != "!" else ():
        right = _evaluate(term, size, expression)
        if tree.op == ",":
            for hand, weight in right.items():
                out[hand] = max(weight, out.get(hand, 0))
        else:
            out = {hand: min(weight, right[hand]) for hand, weight in out.items() if hand in right}
    if tree.weight is not None:
        out = dict.fromkeys(out, tree.weight)
    return out


# A range whose listing builds at most about this many hands is counted by listing it (a list
# of a thousand hands); a larger one is counted by the engine without a list.
LIST_TO_COUNT = 50_000


class _Unprogrammable(Exception):
    """A range that only a list of hands can hold (percent ranges, always short enough)."""


def _compile(tree: _Tree, code: list[int], table: list[int]) -> None:
    if isinstance(tree, Percent):
        raise _Unprogrammable
    if isinstance(tree, Pattern):
        explicit = 0
        for spec in tree.specs:
            if isinstance(spec.suit, int):
                explicit |= 1 << spec.suit
        entry = [tree.weight, sum(FILTER_BITS[f] for f in tree.filters), len(tree.specs), explicit]
        for spec in tree.specs:
            mask = sum(1 << rank for rank in spec.ranks)
            if spec.suit is None:
                entry += [mask, SUIT_ANY, 0]
            elif isinstance(spec.suit, int):
                entry += [mask, SUIT_NAMED, spec.suit]
            else:
                entry += [mask, SUIT_VARIABLE, "wxyz".index(spec.suit)]
        code += [OP_PATTERN, len(table)]
        table += entry
        return
    op = {",": OP_EITHER, ":": OP_BOTH, "!": OP_BUT_NOT}[tree.op]
    _compile(tree.terms[0], code, table)
    for term in tree.terms[1:]:  # left to right: the stack holds two weights at a time
        _compile(term, code, table)
        code += [op, 0]
    if tree.weight is not None:
        code += [OP_WEIGHT, tree.weight]


def _listing_work(tree: _Tree, size: int) -> int:
    """About how many hands listing the range builds: its patterns' assignments times the
    fillings of their any-card specs, added up (an intersection or exclusion builds its first
    term and looks the rest up)."""
    if isinstance(tree, Percent):
        return 300_000
    if isinstance(tree, Pattern):
        specs = [spec for spec in tree.specs if not spec.free]
        work = comb(52, size - len(specs))
        for spec in specs:
            work *= len(spec.ranks) * (1 if isinstance(spec.suit, int) else 4)
        return work
    return sum(_listing_work(term, size) for term in tree.terms)


def _count_hands(code: array[int], table: array[int], k: int) -> int:
    """How many k-card hands a compiled range holds, counted by the engine without a list:
    over the subsets of the cards that matter when they are few, else over the suit shapes a
    hand of the range can have; a range that names no suit counts one order of each shape and
    multiplies by the orders (six for two suits of three)."""
    code_bytes, table_bytes = code.tobytes(), table.tobytes()
    relevant = relevant_cards(code, table)
    if relevant != ALL_CARDS:
        return _engine.ENGINE.range_count(code_bytes, table_bytes, k, relevant, b"")
    shapes = possible_shapes(code, table, k)
    if not suit_blind(code, table):
        return _engine.ENGINE.range_count(code_bytes, table_bytes, k, relevant, shapes)
    orders: dict = {}
    for at in range(0, len(shapes), 4):
        shape = tuple(sorted(shapes[at : at + 4], reverse=True))
        orders[shape] = orders.get(shape, 0) + 1
    return sum(
        ways * _engine.ENGINE.range_count(code_bytes, table_bytes, k, relevant, bytes(shape))
        for shape, ways in orders.items()
    )


class Range:
    """The hands an expression in the range notation stands for, each with its weight (1..100).

    ``Range("AA**$ds, A2**@50")``; ``len(r)`` hands (counted without listing them, for ranges
    of any size); ``hand in r``; ``r.combos`` the hands as an (n, hole_size) uint8 buffer, cards
    ascending within a row, rows ascending; ``r.weights``; ``str(r)`` the expression. Bad syntax
    raises RangeError with a caret under the culprit. The hands are listed when first asked
    for; a range of more than MAX_EXPANDED hands is read hand by hand instead (sampled, ``in``).
    """

    def __init__(self, expression: str, hole_size: int = 4) -> None:
        hole_size = hole_size_of(hole_size, RangeError)
        tree = parse(expression)
        self.expression = expression.strip()
        self.hole_size = hole_size
        self._tree = tree
        self._combos: Optional[bytes] = None
        self._weight_bytes: Optional[bytes] = None
        self._count: Optional[int] = None
        # Every hand alike ("*", "random") is known without a list: listed only when asked for.
        self.every_hand = isinstance(tree, Pattern) and not tree.filters and all(spec.free for spec in tree.specs)
        self._weight = tree.weight if self.every_hand and isinstance(tree, Pattern) else 100
        self._built: Optional[dict] = None
        self._hand_by_hand = False
        _check_tree(tree, hole_size, expression)
        code: list = []
        table: list = []
        try:
            _compile(tree, code, table)
        except _Unprogrammable:
            # Percent ranges are lists of classes, always short enough to list: listed now.
            code, table = [], []
            self._built = dict(sorted(_evaluate(tree, hole_size, expression).items()))
        self._code, self._table = array("i", code), array("i", table)
        if code and program_depth(code) > MAX_PROGRAM_DEPTH:
            # Too deep for the engines' stacks: such a range is listed, never read as a program.
            self._code, self._table = array("i"), array("i")
            self._built = dict(sorted(_evaluate(tree, hole_size, expression).items()))

    @property
    def listed(self) -> bool:
        """Whether the engines read the range as a list of its hands (at most MAX_EXPANDED of
        them) rather than hand by hand; set it False to have a listable range read hand by hand."""
        if self._hand_by_hand:
            return False
        return self._built is not None or len(self) <= MAX_EXPANDED

    @listed.setter
    def listed(self, value: bool) -> None:
        if value is not False or not self._code:
            raise RangeError("listed can only be set False, for a range with a program")
        self._hand_by_hand = True

    def program(self) -> tuple[array, array]:
        """The range as a program for one hand at a time: instructions and pattern table."""
        if not self._code:
            raise RangeError(
                f"the range {self.expression!r} has no program (percent ranges and ranges nested "
                "too deep are lists of hands): read its combos"
            )
        return self._code, self._table

    @property
    def _hands(self) -> dict:
        if self._built is None:
            if self.every_hand:
                if comb(52, self.hole_size) > MAX_EXPANDED:
                    raise RangeError(
                        f"every {self.hole_size}-card hand, {comb(52, self.hole_size):,} of them, is too many to list"
                    )
                self._built = dict.fromkeys(combinations(range(52), self.hole_size), self._weight)
            else:
                if self._count is None and _listing_work(self._tree, self.hole_size) > LIST_TO_COUNT:
                    len(self)  # counted by the engine first: a list may be too long to build
                if self._count is not None and self._count > MAX_EXPANDED:
                    raise RangeError(
                        f"the range {self.expression!r} of {self.hole_size}-card hands has "
                        f"{self._count:,} hands, too many to list (at most {MAX_EXPANDED:,}); "
                        "it can be sampled"
                    )
                self._built = dict(sorted(_evaluate(self._tree, self.hole_size, self.expression).items()))
        return self._built

    def __len__(self) -> int:
        if self._count is None:
            if self._built is not None:
                self._count = len(self._built)
            elif self.every_hand:
                self._count = comb(52, self.hole_size)
            elif _listing_work(self._tree, self.hole_size) <= LIST_TO_COUNT:
                self._count = len(self._hands)  # a short list: built now, read later
            else:
                self._count = _count_hands(self._code, self._table, self.hole_size)
        return self._count

    def __contains__(self, hand: CardsLike) -> bool:
        try:
            cards = tuple(sorted(int(c) for c in parse_cards(hand)))  # type: ignore[arg-type]
        except CardError:
            return False
        if len(cards) != self.hole_size:
            return False
        if self._built is not None:
            return cards in self._built
        return self.every_hand or program_weight(self._code, self._table, cards) > 0

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        for hand in self._hands:
            yield tuple(Card(c) for c in hand)

    def __str__(self) -> str:
        return self.expression

    def __repr__(self) -> str:
        return f"Range({self.expression!r}, hole_size={self.hole_size}): {len(self):,} hands"

    def raw(self) -> tuple[bytes, bytes]:
        """The hands as bytes, hole_size cards a hand (ascending in a hand, hands ascending),
        and their weights as bytes: what the equity engines read."""
        if self._combos is None or self._weight_bytes is None:
            # Kept: a solver lists the same range on board after board.
            self._combos = bytes(chain.from_iterable(self._hands))
            self._weight_bytes = bytes(self._hands.values())
        return self._combos, self._weight_bytes

    def apart_from(self, cards: Iterable[int], most: int = MAX_APART) -> tuple[bytes, bytes]:
        """The hands that hold none of ``cards`` (card indices, or anything ``card_index``
        reads), as ``raw`` gives them: cards ascending in a hand, hands ascending, and their
        weights. A range too large to list whole (every hand, or one read hand by hand) is
        listed over the cards left, when at most ``most`` hands of them are left to try; more
        is a RangeError."""
        known = {card_index(c) for c in cards}
        size = self.hole_size
        dead = sum(1 << c for c in known)
        if (self.every_hand or not self.listed) and comb(52 - len(known), size) > most:
            raise RangeError(
                f"the range {self.expression!r} has too many hands to list once the "
                f"{len(known)} known cards are out (at most {most:,} tried)"
            )
        if self.every_hand and size == 4:
            # Every four-card hand is listed once (270,725 rows, 1 MB) and filtered per board.
            rows = _every_four_card_hand()
            return _engine.ENGINE.rows_apart(rows, bytes([self._weight]) * (len(rows) // 4), 4, dead)
        if self.every_hand or not self.listed:
            unknown = sum(1 << c for c in range(52) if c not in known)
            code, table = (
                self.program() if not self.every_hand else (_EVERY_HAND_PROGRAM[0], array("i", [self._weight, 0, 0, 0]))
            )
            return _engine.ENGINE.range_list(code.tobytes(), table.tobytes(), size, unknown)
        combos, weights = self.raw()
        if not dead:
            return combos, weights
        return _engine.ENGINE.rows_apart(combos, weights, size, dead)

    @property
    def combos(self) -> memoryview:
        """The hands as an (n, hole_size) uint8 buffer (numpy.asarray takes it as it is)."""
        if not self._hands:
            # memoryview.cast refuses a zero in the shape; a ctypes array of no rows has the
            # (0, hole_size) shape numpy and len() read (its format is "<B", not "B").
            return memoryview((ctypes.c_uint8 * self.hole_size * 0)())
        return memoryview(self.raw()[0]).cast("B", (len(self._hands), self.hole_size))

    @property
    def weights(self) -> array:
        """Each hand's weight, 1..100, in the order of ``combos``."""
        return array("B", self.raw()[1])

    def weight(self, hand: CardsLike) -> int:
        """A hand's weight, 0 when it is not in the range."""
        cards = tuple(sorted(card_index(c) for c in parse_cards(hand)))
        if len(cards) != self.hole_size:
            return 0
        if self.every_hand:
            return self._weight
        if self._built is None and len(self) > MAX_EXPANDED:
            return program_weight(self._code, self._table, cards)
        return self._hands.get(cards, 0)
