"""The values module's names for what the evaluators return: the high categories are contiguous
blocks of values 1..7462 (``category_of``, a value outside them refused), and the 56 possible lows
are named from the top card down (``low_name``) in the order of their masks, as the worked
examples count and order them."""

import itertools
from collections import Counter

import pytest

from omaha8.values import CATEGORIES, category_of, low_name


def test_category_blocks_are_contiguous():
    assert [
        category_of(v)
        for v in (1, 10, 11, 166, 167, 322, 323, 1599, 1600, 1609, 1610, 2467, 2468, 3325, 3326, 6185, 6186, 7462)
    ] == [c for c in CATEGORIES for _ in (0, 1)]
    for bad in (0, 7463, -5):
        with pytest.raises(ValueError):
            category_of(bad)


def test_the_56_lows(rules_examples):
    lows = [sum(1 << r for r in ranks) for ranks in itertools.combinations(range(8), 5)]
    assert len(lows) == 56
    tops = Counter(low_name(mask).split("-")[0] for mask in lows)
    assert dict(tops) == rules_examples["low_counts_by_top_card"]
    ordered = [low_name(mask) for mask in sorted(lows)]
    assert ordered[0] == "5-4-3-2-A" and ordered[-1] == "8-7-6-5-4"
    # The vectors' order is a sub-sequence of the order of the masks.
    positions = [ordered.index(name) for name in rules_examples["lows_strongest_first"]]
    assert positions == sorted(positions)
    # Comparing from the top card down is comparing masks.
    by_rule = sorted(lows, key=lambda m: [r for r in range(7, -1, -1) if m >> r & 1])
    assert by_rule == sorted(lows)
