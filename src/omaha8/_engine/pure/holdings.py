"""Pure holdings, twin of ``holdings_c.pxi``: every holding on a board at once (the nuts both
ways, where a hand ranks, one hand's share against every other), pair by pair.
"""

from __future__ import annotations

from array import array
from itertools import combinations
from typing import Iterator, SupportsIndex

from ...values import NO_LOW, WORST_HIGH, low_rank
from ..checks import CardsLike, check_holding_ranks, check_holding_values, check_holdings, check_share_against_all
from .evaluate import best_high, best_low

__all__ = ["holding_counts", "share_against_all", "holding_values", "holding_ranks"]


def _holdings(board: list[int], out: int, k: int) -> Iterator[tuple[int, int]]:
    """(best high, best low mask or NO_LOW) of every k-card holding of the cards not in the
    ``out`` mask, on ``board``: each pair's high once, each holding's low by its low ranks."""
    deck = [card for card in range(52) if not (out >> card) & 1]
    pair_high = {pair: best_high(list(pair), board) for pair in combinations(deck, 2)}
    low_of: dict[int, int] = {}
    for holding in combinations(deck, k):
        high = min(pair_high[pair] for pair in combinations(holding, 2))
        ranks = 0
        for card in holding:
            rank = low_rank(card)
            if rank:
                ranks |= 1 << (rank - 1)
        if ranks not in low_of:
            low = best_low(holding, board)
            low_of[ranks] = NO_LOW if low is None else low
        yield high, low_of[ranks]


def holding_counts(board: CardsLike, hole_size: SupportsIndex, dead: SupportsIndex) -> tuple[array[int], array[int]]:
    """Over every holding of ``hole_size`` cards apart from ``board`` (3, 4 or 5 card indices)
    and the ``dead`` cards (a 52-bit mask), how many make each best high and each best low:
    (high, low), ``high[v]`` the holdings whose best high is v (1..7462; [0] unused), ``low[m]``
    those whose best low is mask m (``low[255]``: no low), as array('q')."""
    board_bytes, k, out = check_holdings(board, hole_size, dead)
    high = array("q", bytes(8 * 7463))
    low = array("q", bytes(8 * 256))
    for high_value, low_value in _holdings(list(board_bytes), out, k):
        high[high_value] += 1
        low[low_value] += 1
    return high, low


def share_against_all(board: CardsLike, hole: CardsLike, dead: SupportsIndex) -> tuple[int, int]:
    """``hole``'s share of the pot on a river ``board`` against every holding of as many cards
    apart from the board, the hand and the ``dead`` cards (a 52-bit mask), heads-up: (quarters,
    holdings), the shares summed in quarter pots (a scoop 4, a high half 2, a quartered low 1)."""
    board_bytes, hole_bytes, out = check_share_against_all(board, hole, dead)
    cards, hand = list(board_bytes), list(hole_bytes)
    mine_high = best_high(hand, cards)
    mine_low = best_low(hand, cards)
    mine = NO_LOW if mine_low is None else mine_low
    quarters = count = 0
    for high, low in _holdings(cards, out, len(hand)):
        count += 1
        high_part = 2 if mine_high < high else (1 if mine_high == high else 0)
        if mine == NO_LOW and low == NO_LOW:
            quarters += 2 * high_part
        else:
            quarters += high_part + (2 if mine < low else (1 if mine == low else 0))
    return quarters, count


def _made_values(
    cards: list[int], deck: list[int], k: int, below_high: int, below_low: int, most: int
) -> tuple[list[int], list[int]]:
    """The distinct best highs better than ``below_high`` and lows better than ``below_low``
    that k-card holdings of ``deck`` make on ``cards``, best first, ``most`` of each at most. A
    value some pair makes counts once a holding around the pair is found that makes nothing
    better; a holding's low is its set of low ranks' (nines and up fill the rest)."""
    pair_high: dict[tuple[int, int], int] = {}
    for a, b in combinations(deck, 2):
        pair_high[a, b] = pair_high[b, a] = best_high([a, b], cards)

    def grows(chosen: list[int], start: int, value: int) -> bool:
        if len(chosen) == k:
            return True
        for at in range(start, len(deck)):
            card = deck[at]
            if (
                card not in chosen
                and all(pair_high[other, card] >= value for other in chosen)
                and grows(chosen + [card], at + 1, value)
            ):
                return True
        return False

    highs = []
    for value in sorted({value for pair, value in pair_high.items() if value < below_high}):
        if any(grows(list(pair), 0, value) for pair, made in pair_high.items() if made == value and pair[0] < pair[1]):
            highs.append(value)
            if len(highs) == most:
                break
    there = sorted({low_rank(card) for card in deck} - {0})
    lows = set()
    for size in range(2, min(k, len(there)) + 1):
        for ranks in combinations(there, size):
            low = best_low([(12 if rank == 1 else rank - 2) * 4 for rank in ranks], cards)
            if low is not None and low < below_low:
                lows.add(low)
    return highs, sorted(lows)[:most]


def holding_values(
    board: CardsLike, hole_size: SupportsIndex, dead: SupportsIndex, most: SupportsIndex
) -> tuple[list[int], list[int]]:
    """The ``most`` best distinct highs and lows that holdings of ``hole_size`` cards apart from
    ``board`` (3, 4 or 5 card indices) and the ``dead`` cards (a 52-bit mask) make as their best,
    best first: (highs, lows), lists (lows empty when no low is possible)."""
    board_bytes, k, out, count = check_holding_values(board, hole_size, dead, most)
    deck = [card for card in range(52) if not (out >> card) & 1]
    if len(deck) < k:
        return [], []
    return _made_values(list(board_bytes), deck, k, WORST_HIGH + 1, NO_LOW, count)


def holding_ranks(board: CardsLike, hole: CardsLike) -> tuple[int, int]:
    """Where ``hole`` ranks on ``board`` among the holdings of as many cards apart from both:
    (high rank, low rank or 0 when the hand has no low), each 1 plus the distinct values better
    than the hand's that some such holding makes as its best."""
    board_bytes, hole_bytes, out = check_holding_ranks(board, hole)
    cards, hand = list(board_bytes), list(hole_bytes)
    mine_high = best_high(hand, cards)
    mine_low = best_low(hand, cards)
    deck = [card for card in range(52) if not (out >> card) & 1]
    highs, lows = _made_values(cards, deck, len(hand), mine_high, NO_LOW if mine_low is None else mine_low, 7462)
    return 1 + len(highs), 0 if mine_low is None else 1 + len(lows)
