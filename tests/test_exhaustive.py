"""Checks over whole spaces: every five-card hand, every low-table entry, every table row."""

import itertools
from collections import Counter

import pytest

from omaha8.values import category_of

FIVE_CARD_CATEGORY_COUNTS = {
    "straight flush": 40,
    "four of a kind": 624,
    "full house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three of a kind": 54912,
    "two pair": 123552,
    "one pair": 1098240,
    "high card": 1302540,
}
# Distinct values per category, in Cactus Kev's blocks.
CLASS_COUNTS = {
    "straight flush": 10,
    "four of a kind": 156,
    "full house": 156,
    "flush": 1277,
    "straight": 10,
    "three of a kind": 858,
    "two pair": 858,
    "one pair": 2860,
    "high card": 1277,
}


@pytest.fixture(scope="module")
def five_card_values(impl):
    return impl.all_five_card_values()


@pytest.mark.slow
def test_every_five_card_hand(impl, five_card_values):
    values = five_card_values
    assert len(values) == 2598960
    assert min(values) == 1 and max(values) == 7462
    assert Counter(category_of(v) for v in values) == FIVE_CARD_CATEGORY_COUNTS
    distinct = set(values)
    assert len(distinct) == 7462
    assert Counter(category_of(v) for v in distinct) == CLASS_COUNTS


@pytest.mark.slow
def test_every_five_card_hand_is_classified_alike(core, fallback):
    """The compiled rows and the pure classifier agree on all 2,598,960 hands."""
    assert core.all_five_card_values() == fallback.all_five_card_values()


@pytest.mark.slow
def test_five_card_anchors(impl, five_card_values):
    """Cactus Kev's anchors: royal flush 1, the wheel flush 10, 7-5-4-3-2 offsuit 7462."""
    index = {cards: i for i, cards in enumerate(itertools.combinations(range(52), 5)) if cards in ANCHORS}
    for cards, value in ANCHORS.items():
        assert five_card_values[index[cards]] == value


def _cards(*names):
    from omaha8 import parse_cards

    return tuple(sorted(int(c) for c in parse_cards(names)))


ANCHORS = {
    _cards("As", "Ks", "Qs", "Js", "Ts"): 1,
    _cards("5h", "4h", "3h", "2h", "Ah"): 10,
    _cards("Ac", "Ad", "Ah", "As", "Ks"): 11,
    _cards("Ac", "Ad", "Ah", "Ks", "Kd"): 167,
    _cards("As", "Ks", "Qs", "Js", "9s"): 323,
    _cards("As", "Kd", "Qs", "Js", "Ts"): 1600,
    _cards("5s", "4d", "3s", "2s", "Ac"): 1609,
    _cards("7c", "5d", "4h", "3s", "2c"): 7462,
}


def brute_force_low_entry(hole_mask, board_mask):
    """The best low from two hole ranks and three other board ranks, by enumeration: lows
    compare from the top card down, so the least descending rank list wins."""
    hole = [r for r in range(8) if hole_mask >> r & 1]
    board = [r for r in range(8) if board_mask >> r & 1]
    lows = [
        sorted(two + three, reverse=True)
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
        if len(set(two + three)) == 5
    ]
    return sum(1 << r for r in min(lows)) if lows else 255


@pytest.mark.slow
def test_every_low_table_entry(core):
    table = core.low_table()
    assert len(table) == 65536
    for hole_mask in range(256):
        for board_mask in range(256):
            assert table[hole_mask << 8 | board_mask] == brute_force_low_entry(hole_mask, board_mask), (
                hole_mask,
                board_mask,
            )


@pytest.mark.slow
@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_every_high_row(core, fallback, board_size):
    """Each non-flush row entry is the best of the board's three-card parts with the pair."""
    for board in itertools.combinations_with_replacement(range(13), board_size):
        if max(Counter(board).values()) > 4:
            continue
        row = core.high_row(board)
        for pair in itertools.combinations_with_replacement(range(13), 2):
            if max(Counter(board + pair).values()) > 4:
                continue
            expected = min(
                # Suits cycle over three, so never a flush; a rank may repeat a card, which the
                # rank-keyed lookup behind five_card_value does not mind.
                fallback._five_card_value([4 * r + (i % 3) for i, r in enumerate(three + pair)])
                for three in itertools.combinations(board, 3)
            )
            assert row[core.pair_index(*pair)] == expected, (board, pair)
