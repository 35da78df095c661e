"""Hand objects: the best high and low of a hand, with the cards that make them, in words.

The evaluator gives the value; the cards are found by trying the two-plus-three choices for
the first that reaches it, so a hand object costs more than a value and is meant for showing
and settling hands, not for inner loops.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Optional

from . import _engine
from .cards import BOARD_SIZES, Card, CardsLike, check_unique, read_counted, read_hand
from .values import category_of, classify, low_mask, low_name, low_rank, low_rank_name, low_ranks

__all__ = ["HighHand", "LowHand", "NutLow", "best_hands", "high_hand", "low_hand", "nut_low", "high_of"]

_RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)


@dataclass(frozen=True, eq=False)
class _Hand:
    """What high and low hands share: a value where smaller is stronger, and the cards.

    ``a > b`` when a is the stronger hand; hands of equal strength are equal whatever their
    suits; a high and a low never order (TypeError) and are never equal."""

    value: int
    cards: tuple[Card, ...]
    hole_cards: tuple[Card, Card]
    """The two hole cards used."""
    board_cards: tuple[Card, Card, Card]
    """The three board cards used."""

    def _stronger_first(self, other: object, compare: Callable[[int, int], bool]) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return compare(other.value, self.value)  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        return self._stronger_first(other, operator.eq)

    def __lt__(self, other: object) -> bool:
        return self._stronger_first(other, operator.lt)

    def __le__(self, other: object) -> bool:
        return self._stronger_first(other, operator.le)

    def __gt__(self, other: object) -> bool:
        return self._stronger_first(other, operator.gt)

    def __ge__(self, other: object) -> bool:
        return self._stronger_first(other, operator.ge)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.value))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.value} {str(self)!r}: {' '.join(map(str, self.cards))}>"


@dataclass(frozen=True, eq=False)
class HighHand(_Hand):
    """The best high hand: ``value`` 1..7462 (lower is stronger, as ``evaluate_high``);
    ``cards`` in order of significance: 7-7-7-3-3, the wheel as 5-4-3-2-A."""

    @property
    def category(self) -> str:
        return category_of(self.value)

    def __str__(self) -> str:
        ranks = [card.rank for card in self.cards]
        category = self.category
        if category in ("straight flush", "straight", "flush"):
            detail = f"{_RANK_WORDS[ranks[0]]} high"
        elif category == "full house":
            detail = f"{_RANK_PLURALS[ranks[0]]} full of {_RANK_PLURALS[ranks[3]]}"
        elif category == "two pair":
            detail = f"{_RANK_PLURALS[ranks[0]]} and {_RANK_PLURALS[ranks[2]]}"
        elif category == "high card":
            detail = _RANK_WORDS[ranks[0]]
        else:  # four of a kind, three of a kind, one pair
            detail = _RANK_PLURALS[ranks[0]]
        return f"{category}, {detail}"


@dataclass(frozen=True, eq=False)
class LowHand(_Hand):
    """The best qualifying low: ``value`` is the rank mask (smaller is stronger, as
    ``evaluate_low``); ``cards`` from the top down: 8-5-3-2-A."""

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks from the top down, the ace as 1: ``(8, 5, 3, 2, 1)``."""
        return low_ranks(self.value)

    def __str__(self) -> str:
        return f"{low_name(self.value)} low"


def _significance_order(five: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards in the order ``classify`` ranks them; within a rank, the higher suit first."""
    flush = len({c & 3 for c in five}) == 1
    _, ordered_ranks = classify([c >> 2 for c in five], flush)
    remaining = sorted(five, reverse=True)
    out = []
    for rank in ordered_ranks:
        card = next(c for c in remaining if c >> 2 == rank)
        remaining.remove(card)
        out.append(Card(card))
    return tuple(out)


def _hand_from(hole: list[int], board: list[int]) -> tuple[HighHand, Optional[LowHand]]:
    engine = _engine.ENGINE
    high_value, low_value = engine.evaluate(hole, board)
    high = low = None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            five = pair + triple
            if high is None and engine.five_card_value(five) == high_value:
                high = HighHand(high_value, _significance_order(five), _cards(pair), _cards(triple))
            if low is None and low_value is not None and low_mask(map(low_rank, five)) == low_value:
                cards = tuple(Card(c) for c in sorted(five, key=low_rank, reverse=True))
                low = LowHand(low_value, cards, _cards(pair), _cards(triple))
    assert high is not None and (low is not None or low_value is None)
    return high, low


def high_of(hole_pair: CardsLike, board_triple: CardsLike) -> HighHand:
    """The high hand of exactly these two hole cards and three board cards."""
    pair = read_counted(hole_pair, "hole cards", (2,))
    triple = read_counted(board_triple, "board cards", (3,))
    check_unique(pair + triple)
    five = tuple(pair + triple)
    return HighHand(
        _engine.ENGINE.five_card_value(five), _significance_order(five), _cards(tuple(pair)), _cards(tuple(triple))
    )


def _cards(indices: tuple[int, ...]) -> tuple:
    return tuple(Card(i) for i in indices)


def best_hands(hole: CardsLike, board: CardsLike) -> tuple[HighHand, Optional[LowHand]]:
    """Both hand objects at once: ``(high_hand(hole, board), low_hand(hole, board))``."""
    return _hand_from(*read_hand(hole, board))


def high_hand(hole: CardsLike, board: CardsLike) -> HighHand:
    """The best high hand of exactly two hole cards and three board cards."""
    return best_hands(hole, board)[0]


def low_hand(hole: CardsLike, board: CardsLike) -> Optional[LowHand]:
    """The best qualifying eight-or-better low, or None."""
    return best_hands(hole, board)[1]


@dataclass(frozen=True)
class NutLow:
    """The best low any hand can make on a board."""

    value: int
    """The low's rank mask, as ``evaluate_low`` gives it."""
    hole_ranks: tuple[int, int]
    """The two hole ranks that make it, ace as 1, higher first: ``(2, 1)`` for A-2."""
    all_hole_ranks: tuple[tuple[int, int], ...]
    """Every pair of hole ranks that makes it (several when the board holds four or five of
    its ranks), lowest pair first."""

    @property
    def ranks(self) -> tuple[int, ...]:
        return low_ranks(self.value)

    def __str__(self) -> str:
        hole = "-".join(map(low_rank_name, self.hole_ranks))
        return f"{low_name(self.value)} low with {hole}"


def nut_low(board: CardsLike) -> Optional[NutLow]:
    """The best low possible on ``board`` (3, 4 or 5 cards), or None when it allows no low."""
    cards = read_counted(board, "board cards", BOARD_SIZES)
    check_unique(cards)
    on_board = {low_rank(c) for c in cards} - {0}
    makers: dict[int, list[tuple[int, int]]] = {}
    for pair in combinations(range(8, 0, -1), 2):
        # A hole rank already on the board adds nothing: the three board ranks must be others.
        others = sorted(on_board - set(pair))
        if len(others) >= 3:
            mask = low_mask(pair + tuple(others[:3]))
            assert mask is not None  # five ranks, all different by construction
            makers.setdefault(mask, []).append(pair)
    if not makers:
        return None
    best = min(makers)
    pairs = tuple(sorted(makers[best]))
    return NutLow(best, pairs[0], pairs)
