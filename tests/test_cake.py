"""history.cake: Cake's own ways, on its real file (tests/data/cake): the ante and blinds in the
header, cards with commas and no spaces, a street's new card alone, "***SHOW DOWN***", pots won
high and low apart, no total pot printed."""

from __future__ import annotations

from history_helpers import DATA

from omaha8 import history, parse_cards


def test_a_heads_up_sit_and_go(live_core):
    split, walk = history.read(DATA / "cake" / "PLO8-2max-USD-5-201307.txt")
    # "0/10/20 PL OmahaHiLo": no ante, blinds 10 and 20, chips; "Dealt to Hero [5s,3c,4s,5c]".
    assert split.unit == 1 and split.stakes == (10, 20) and split.limit == "pot"
    assert split.holes["Hero"] == [int(c) for c in parse_cards("5s 3c 4s 5c")]
    assert split.board == [int(c) for c in parse_cards("4d 2h Jc 8h Qs")]
    # "Player0 wins high pot 327", "Hero wins low pot 327": 654 in, no rake in a tournament.
    assert split.total_pot == 654 and split.rake == 0
    assert split.replay().collected == {"Player0": 327, "Hero": 327}
    # "Hero: returns uncalled bet 10", "Hero wins high pot 20".
    assert walk.uncalled == [("Hero", 10)] and walk.replay().collected == {"Hero": 20}
