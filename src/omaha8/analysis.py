"""The board in a player's words: the nuts both ways, where a hand ranks, outs card by card, and
what a range holds.

A *holding* is a whole hand of hole cards (as many as the game deals) apart from the board. The
values holdings make come from the board's pairs (``holding_values``, ``holding_ranks``): each
value a pair of the deck makes counts once a holding around that pair is found that makes
nothing better, and a holding's low is its set of low ranks'. So the nuts both ways, the k best
values and where a hand ranks (1 plus the distinct values better than its own that some holding
apart from the board and the hand makes: blockers count) take microseconds; how many holdings
make each value is counted over every holding (``holding_counts``) when first asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Optional, Sequence, Union

from . import _engine
from .cards import (
    Card,
    CardError,
    CardsLike,
    check_unique,
    hole_size_of,
    quoted,
    read_counted,
    read_hand,
    whole_number,
)
from .equity import equity
from .exceptions import AnalysisError, RangeError
from .hands import high_of
from .ranges import Range
from .values import CATEGORIES, NO_LOW, category_of, low_name, low_rank

__all__ = [
    "nuts",
    "Nuts",
    "HighValue",
    "LowValue",
    "nut_rank",
    "outs",
    "Out",
    "breakdown",
    "Breakdown",
    "BREAKDOWN_KEYS",
    "rank_words",
]

# What a breakdown shares out: the high categories, then the low's keys, then the draws (a flop
# or a turn only).
BREAKDOWN_KEYS = CATEGORIES + ("low_made", "nut_low", "low_draw", "flush_draw")


def _board_of(board: CardsLike) -> list[int]:
    cards = read_counted(board, "board cards", (3, 4, 5))
    check_unique(cards)
    return cards


class _Holdings:
    """Every holding of a board counted by its best high and low, once, when first asked."""

    def __init__(self, board: list[int], hole_size: int) -> None:
        self._board, self._hole_size = board, hole_size
        self._counts: Optional[tuple] = None

    def counts(self) -> tuple:
        if self._counts is None:
            self._counts = _engine.ENGINE.holding_counts(self._board, self._hole_size, 0)
        return self._counts


@dataclass(frozen=True)
class HighValue:
    """A best high some holdings make on a board."""

    value: int
    """omaha8's high value, 1 (a royal flush) .. 7462."""
    board: tuple[Card, ...] = field(repr=False)
    _holdings: _Holdings = field(repr=False, compare=False)

    @property
    def holdings(self) -> int:
        """How many holdings make it as their best high (every holding counted: a millisecond
        on a river, the first time a board is asked)."""
        return self._holdings.counts()[0][self.value]

    @property
    def category(self) -> str:
        return category_of(self.value)

    @property
    def description(self) -> str:
        """In words, as omaha8's hand objects say it: 'straight, jack high'."""
        board = [int(card) for card in self.board]
        left = [card for card in range(52) if card not in board]
        five_card_value = _engine.ENGINE.five_card_value
        for triple in combinations(board, 3):
            for pair in combinations(left, 2):
                if five_card_value(pair + triple) == self.value:
                    return str(high_of(pair, triple))
        raise AssertionError(f"no two cards make {self.value} on the board")  # made by a holding, so by a pair


@dataclass(frozen=True)
class LowValue:
    """A best eight-or-better low some holdings make on a board."""

    value: int
    """The low's rank mask, as ``evaluate_low`` gives it (smaller is better)."""
    _holdings: _Holdings = field(repr=False, compare=False)

    @property
    def holdings(self) -> int:
        """How many holdings make it as their best low."""
        return self._holdings.counts()[1][self.value]

    @property
    def description(self) -> str:
        return f"{low_name(self.value)} low"


class Nuts:
    """What the holdings of a board make: ``high`` (the nut high) and ``low`` (the nut low, None
    when no low is possible), ``highs(k)`` and ``lows(k)`` the k best, each with its holdings.

    The values come from the board's pairs (microseconds); the holdings of each are counted over
    every holding when first asked for."""

    def __init__(self, board: list[int], hole_size: int) -> None:
        self.board = tuple(Card(c) for c in board)
        self.hole_size = hole_size
        self._cards = board
        self._holdings = _Holdings(board, hole_size)
        self._values: tuple[list, list] = ([], [])
        self._asked = 0

    def _best(self, k: int) -> tuple[list, list]:
        if k > self._asked:
            self._values = _engine.ENGINE.holding_values(self._cards, self.hole_size, 0, min(k, 7462))
            self._asked = k
        return self._values

    def highs(self, k: int) -> list[HighValue]:
        """The k best distinct high values holdings make, best first."""
        k = _count(k)
        return [HighValue(value, self.board, self._holdings) for value in self._best(k)[0][:k]]

    def lows(self, k: int) -> list[LowValue]:
        """The k best distinct lows holdings make, best first (none when no low is possible)."""
        k = _count(k)
        return [LowValue(mask, self._holdings) for mask in self._best(k)[1][:k]]

    @property
    def high(self) -> HighValue:
        return self.highs(1)[0]

    @property
    def low(self) -> Optional[LowValue]:
        lows = self.lows(1)
        return lows[0] if lows else None

    @property
    def holdings(self) -> int:
        """Every holding of the board."""
        return sum(self._holdings.counts()[0])

    @property
    def no_low(self) -> int:
        """The holdings that make no low."""
        return self._holdings.counts()[1][NO_LOW]

    def __repr__(self) -> str:
        low = self.low.description if self.low is not None else "no low"
        return f"<Nuts of {''.join(map(str, self.board))}: {self.high.description}, {low}>"


def _count(k: object) -> int:
    return whole_number(k, "k", 1, None, AnalysisError)


def nuts(board: CardsLike, hole_size: int = 4) -> Nuts:
    """The nuts of ``board`` (3, 4 or 5 cards) both ways, over every holding of ``hole_size``
    cards apart from it."""
    return Nuts(_board_of(board), hole_size_of(hole_size, CardError))


def _ranks_of(hole: list[int], board: list[int]) -> tuple[int, Optional[int], int, Optional[int]]:
    """(high, low, high rank, low rank) of a checked hand."""
    high, low = _engine.ENGINE.evaluate(hole, board)
    high_rank, low_rank_ = _engine.ENGINE.holding_ranks(board, hole)
    return high, low, high_rank, low_rank_ or None


def nut_rank(hole: CardsLike, board: CardsLike) -> tuple[int, Optional[int]]:
    """Where a hand ranks on ``board`` both ways: (high rank, low rank), 1 for the nuts; a rank
    is 1 plus the distinct values better than the hand's that some holding apart from the board
    and from this hand can make. The low rank is None when the hand has no low."""
    hand, cards = read_hand(hole, board)
    _board_of(cards)
    _, _, high_rank, low_rank_ = _ranks_of(hand, cards)
    return high_rank, low_rank_


def rank_words(ranks: tuple[int, Optional[int]]) -> str:
    """A nut rank in words: 'the nut low and the nut high', 'the third-best high, no low'."""
    high, low = ranks
    if high == 1 and low == 1:
        return "the nut low and the nut high"
    high_words = "the nut high" if high == 1 else f"the {_ordinal(high)}-best high"
    if low is None:
        return f"{high_words}, no low"
    low_words = "the nut low" if low == 1 else f"the {_ordinal(low)}-best low"
    return f"{low_words}, {high_words}"


def _ordinal(number: int) -> str:
    words = {
        2: "second",
        3: "third",
        4: "fourth",
        5: "fifth",
        6: "sixth",
        7: "seventh",
        8: "eighth",
        9: "ninth",
        10: "tenth",
    }
    if number in words:
        return words[number]
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


# ---------------------------------------------------------------- outs


@dataclass(frozen=True)
class Out:
    """What one unseen card does for a hand."""

    card: Card
    high: int
    """The hand's high value with the card on the board."""
    low: Optional[int]
    """Its low mask, or None."""
    nut_rank: tuple[int, Optional[int]]
    """Where it then ranks, as ``nut_rank`` says."""
    equity: Optional[float]
    """Its share of the pot after the card against the opponents, exact as ``omaha8.equity``;
    None where the card leaves the opponents' range no hand (``AA**`` against a hand of two aces,
    when the card is one of the other two): that card cannot come with such an opponent."""
    counterfeits: bool
    """The hand had a low, the card's rank is one of that low's five, and the low ranks worse."""


AgainstLike = Union[None, str, Range, Sequence[CardsLike], object]


def _opponents(against: AgainstLike, hole_size: int) -> tuple[Optional[list[list[int]]], Optional[Range]]:
    """(known hands, or None; a range, or None): None and None for one random hand."""
    if against is None:
        return None, None
    if isinstance(against, Range):
        return None, against
    if isinstance(against, str):
        try:
            return [read_counted(against, "the opponent's hand", (4, 5, 6))], None
        except CardError:
            try:
                return None, Range(against, hole_size)
            except RangeError as error:
                raise RangeError(f"against: {error}") from None
    if isinstance(against, (list, tuple)) and against:
        known = []
        for hand in against:
            try:
                known.append(read_counted(hand, "an opponent's hand", (4, 5, 6)))
            except CardError as error:
                # A list is of known hands, one per opponent; a range comes alone.
                raise AnalysisError(
                    f"against: {quoted(hand)} is not a hand ({error}): a list gives known hands, "
                    "one per opponent; give a range alone"
                ) from None
        return known, None
    if hasattr(against, "__array_interface__") or isinstance(against, memoryview):
        # A uint8 (n, k) buffer of hands, as showdown_values and hand_strength take: a range of
        # those hands, each weighing one.
        rows = _engine.showdown_rows(against, "against")
        if not rows.shape or not rows.shape[0]:
            raise AnalysisError("against: the buffer holds no hand")
        size = rows.shape[1]
        cards = rows.tobytes()
        return None, Range(
            ",".join("".join(str(Card(c)) for c in cards[i : i + size]) for i in range(0, len(cards), size))
        )
    raise AnalysisError(
        "against must be a hand, a list of hands, a Range, a range expression or a uint8 (n, k) "
        f"buffer of hands, not {quoted(against)}"
    )


def outs(hole: CardsLike, board: CardsLike, against: AgainstLike = None) -> list[Out]:
    """Each unseen card on a flop or a turn (not on the board, in the hand or in a known
    opponent's hand), in card order, with what it does for the hand: its new values, where it
    then ranks, its equity after the card against ``against`` (a hand, hands, a Range or an
    expression; None: one random hand) and whether it counterfeits the hand's low. A card that
    leaves a range no hand has equity None; a range the hand and the board already leave no
    hand is a RangeError, as ``omaha8.equity`` says."""
    hand, cards = read_hand(hole, board)
    if len(cards) not in (3, 4):
        raise CardError(f"outs are for a flop or a turn: the board has {len(cards)} cards")
    known, opponent_range = _opponents(against, len(hand))
    seen = hand + cards + [card for other in (known or []) for card in other]
    check_unique(seen)
    _, low_now, _, low_rank_now = _ranks_of(hand, cards)
    low_ranks_now = set() if low_now is None else {bit + 1 for bit in range(8) if low_now >> bit & 1}
    result = []
    for card in range(52):
        if card in seen:
            continue
        after = cards + [card]
        high, low, high_rank, low_rank_after = _ranks_of(hand, after)
        share: Optional[float]
        if known is not None:
            share = equity([hand, *known], after).players[0].equity
        elif opponent_range is not None:
            share = _against_range(hand, after, opponent_range)
        else:
            share = _against_one_random(hand, after)
        counterfeits = (
            low_now is not None
            and low_rank(card) in low_ranks_now
            and low_rank_after is not None
            and low_rank_now is not None
            and low_rank_after > low_rank_now
        )
        result.append(Out(Card(card), high, low, (high_rank, low_rank_after), share, counterfeits))
    if opponent_range is not None and all(out.equity is None for out in result):
        # No card leaves it a hand: it had none beside the hand and the board (a hand's four
        # cards cannot all be every unseen card), so there is no opponent to ask about.
        raise RangeError(
            f"against: the range {quoted(opponent_range.expression)} has no hand left beside the hand and the board"
        )
    return result


def _against_range(hand: list[int], board: list[int], opponents: Range) -> Optional[float]:
    """The hand's equity against the range after the card, or None where no hand of the range
    is left beside the hand and the board."""
    try:
        return equity([hand, opponents], board).players[0].equity  # type: ignore[list-item]
    except RangeError:
        if opponents.apart_from(hand + board)[1]:
            raise  # not the range's emptiness: something else, which must be said
        return None


def _against_one_random(hand: list[int], board: list[int]) -> float:
    """The hand's share against one random hand of its size, every runout of the board, as
    ``omaha8.equity([hand, '*' * size], board)`` counts it: the sweep of every opponent a river."""
    rivers = (
        [board] if len(board) == 5 else [board + [card] for card in range(52) if card not in board and card not in hand]
    )
    quarters = holdings = 0
    for river in rivers:
        share, count = _engine.ENGINE.share_against_all(river, hand, 0)
        quarters += share
        holdings += count
    return quarters / (4 * holdings)


# ---------------------------------------------------------------- breakdown


@dataclass(frozen=True)
class Breakdown:
    """What a range holds on a board: ``shares[key]`` by weight and ``counts[key]`` in hands for
    each of BREAKDOWN_KEYS (the draws only on a flop or a turn); ``breakdown[key]`` is the share."""

    board: tuple[Card, ...]
    hands: int
    """The range's hands apart from the board."""
    weight: int
    """Their weight."""
    shares: dict
    counts: dict

    def __getitem__(self, key: str) -> float:
        return self.shares[key]


def breakdown(hands: Union[Range, str], board: CardsLike) -> Breakdown:
    """The shares of a range (a Range or an expression) on ``board`` (3, 4 or 5 cards) in each
    high category, with a low, with the nut low, and on a flop or a turn drawing to a low (no
    low yet, but two different hole ranks of eight or lower with which some runout makes one; a
    hole rank the board pairs still counts) or to a flush (two hole cards of a suit the board
    shows twice); the hands touching the board left out, shares by weight."""
    cards = _board_of(board)
    if isinstance(hands, str):
        hands = Range(hands)
    if not isinstance(hands, Range):
        raise AnalysisError(f"breakdown takes a Range or a range expression, not {hands!r}")
    size = hands.hole_size
    combos, weights = hands.apart_from(cards)
    keys = BREAKDOWN_KEYS if len(cards) < 5 else BREAKDOWN_KEYS[:-2]
    counts = dict.fromkeys(keys, 0)
    weighed = dict.fromkeys(keys, 0)
    nut = nuts(cards, size).low
    board_suits = [sum(1 for card in cards if card & 3 == suit) for suit in range(4)]
    board_low_ranks = {low_rank(card) for card in cards} - {0}
    # Cards of each low rank (1..8) not on the board: a hand's own take the rest.
    left_of_rank = [0] + [4 - sum(1 for card in cards if low_rank(card) == rank) for rank in range(1, 9)]
    to_come = 5 - len(cards)
    rows = len(weights)
    if rows:
        highs, lows = _engine.ENGINE.evaluate_batch(memoryview(combos).cast("B", (rows, size)), bytes(cards))
    for row, weight in enumerate(weights):
        high, low = highs[row], lows[row]
        found = [category_of(high)]
        if low != NO_LOW:
            found.append("low_made")
            if nut is not None and low == nut.value:
                found.append("nut_low")
        if to_come:
            hand = combos[row * size : (row + 1) * size]
            if low == NO_LOW and _draws_to_low(hand, board_low_ranks, left_of_rank, to_come):
                found.append("low_draw")
            if any(board_suits[suit] == 2 and sum(1 for card in hand if card & 3 == suit) >= 2 for suit in range(4)):
                found.append("flush_draw")
        for key in found:
            counts[key] += 1
            weighed[key] += weight
    total = sum(weights)
    shares = {key: (weighed[key] / total if total else 0.0) for key in keys}
    return Breakdown(tuple(Card(c) for c in cards), len(weights), total, shares, counts)


def _draws_to_low(hand: bytes, board_low_ranks: set, left_of_rank: list, to_come: int) -> bool:
    """Two different hole low ranks, and runout cards enough of other low ranks, still in the
    deck, to give three board ranks beside them. A hole rank the board pairs still plays: A-8 on
    2-5-8 makes 8-5-3-2-A when a trey comes."""
    held = [low_rank(card) for card in hand]
    hole_ranks = set(held) - {0}
    if len(hole_ranks) < 2:
        return False
    in_deck = {rank for rank in range(1, 9) if rank not in board_low_ranks and left_of_rank[rank] > held.count(rank)}
    for first, second in combinations(sorted(hole_ranks), 2):
        have = len(board_low_ranks - {first, second})
        if have + min(to_come, len(in_deck - {first, second})) >= 3:
            return True
    return False
