"""history.absolute: Absolute's own ways, on its real file (tests/data/absolute): "Stage #",
"Normal" for fixed limit, "Name - Verb" lines, "returned ($30) : not called", "Total Pot($120)
| Rake ($0.75)"."""

from __future__ import annotations

from history_helpers import DATA

from omaha8 import history


def test_a_heads_up_fixed_limit_hand(live_core):
    [hand] = history.read(DATA / "absolute" / "PLO8-2max-USD-30-60-200912.txt")
    assert hand.limit == "fixed" and hand.stakes == (3000, 6000) and hand.names == ["Hero", "Player0"]
    assert [(s.name, s.kind, s.total) for s in hand.steps if s.kind == "raise"] == [("Player0", "raise", 6000)]
    assert hand.uncalled == [("Player0", 3000)] and hand.total_pot == 12000 and hand.rake == 75
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Player0": 11925}
