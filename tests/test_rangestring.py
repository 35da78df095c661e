"""The range notation's parser (omaha8.rangestring): a mistake is a RangeError that names it,
shows the expression and puts a caret under the culprit's column; long and deeply nested
expressions give a Range or a RangeError, never a crash or a hang; and random strings over the
notation's alphabet give a range (whose count the listing and the engine agree on) or a
RangeError, never another exception."""

from __future__ import annotations

import random
from math import comb

import pytest

from omaha8 import Range, RangeError, parse_cards


@pytest.mark.parametrize(
    "expression, message, column",
    [
        ("AAX*", "unknown rank 'X'", 3),
        ("AA**@0", "weight 0 is outside 1..100", 6),
        ("(AA**", "a '(' is not closed", 6),
        ("[5-2]", "a span goes up", 4),
        ("$zz", "unknown macro '$zz'", 1),
        ("AA,,KK", "expected a hand pattern", 4),
        ("20%-10%", "the first below the second", 1),
        ("101%", "percents go from 0 to 100", 1),
    ],
)
def test_errors_point_at_the_culprit(expression, message, column):
    with pytest.raises(RangeError) as info:
        Range(expression)
    text = str(info.value)
    assert message in text and f"at column {column}" in text
    first, shown, caret = text.split("\n")
    assert shown.strip() == expression and caret.index("^") - 2 == column - 1
    assert isinstance(info.value, ValueError)


def _deck_hands(rng: random.Random, count: int) -> list:
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    return ["".join(rng.sample(deck, 4)) for _ in range(count)]


def test_long_and_deep_expressions_give_a_range_or_a_range_error():
    rng = random.Random(16)
    thousand = _deck_hands(rng, 1000)
    assert len(Range(",".join(thousand))) == len({tuple(sorted(parse_cards(h))) for h in thousand})
    exclusions = _deck_hands(rng, 5000)
    aces = Range("AA" + "".join("!" + hand for hand in exclusions))
    assert len(aces) == len(Range("AA")) - len(
        {tuple(sorted(parse_cards(h))) for h in exclusions if sum(c.rank == 12 for c in parse_cards(h)) >= 2}
    )
    assert len(Range("(" * 90 + "AA" + ")" * 90)) == len(Range("AA"))
    with pytest.raises(RangeError, match="nested more than 100 deep") as info:
        Range("(" * 400 + "AA" + ")" * 400)
    assert "^" in str(info.value)
    with pytest.raises(RangeError, match="weight after '@' is a whole number") as info:
        Range("AA@" + "9" * 5000)
    assert "^" in str(info.value)
    with pytest.raises(RangeError, match="percents go from 0 to 100"):
        Range("9" * 5000 + "%")


@pytest.mark.slow
def test_random_expressions_give_a_range_or_a_range_error(live_core):
    # Random strings over the notation's alphabet: each is a range whose count the listing
    # and the engine agree on, or a RangeError; never another exception.
    rng = random.Random(1616)
    alphabet = list("AKQJT98765432*shdcwxyz[],-:!()@%$") + [
        "$ds",
        "$ss",
        "$r",
        "$np",
        "$L",
        "$B",
        "random",
        "@50",
        "10%",
        "AA",
        "Ax",
        "**",
    ]
    outcomes = {"range": 0, "error": 0}
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 12)))
        size = rng.choice([4, 4, 5])
        try:
            found = Range(text, hole_size=size)
            count = len(found)
        except RangeError:
            outcomes["error"] += 1
            continue
        assert 0 <= count <= comb(52, size)
        if count <= 20_000 and found._code:
            from omaha8.ranges import _count_hands

            assert _count_hands(*found.program(), size) == len(found.combos), text
        outcomes["range"] += 1
    assert outcomes["range"] > 50 and outcomes["error"] > 50
