"""history.fulltilt: Full Tilt's own ways, on its real files (tests/data/fulltilt): the button
after the posts, observers' chat, sitting-out players, a pot paid high and low apart, a
tournament's chips, "Uncalled bet of 80 returned"."""

from __future__ import annotations

from history_helpers import DATA

from omaha8 import history

FULL_TILT = DATA / "fulltilt"


def test_an_observed_hand_with_chat_paid_high_and_low(live_core):
    [hand] = history.read(FULL_TILT / "LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt")
    # "Seat 4: Mike Matusow ($10,689), is sitting out": not dealt in; the button in seat 3.
    assert hand.names == ["Erick Lindgren", "Shoe Lab", "zbubop", "AllenCunningham", "TexasLimitDonk"]
    assert hand.limit == "fixed" and hand.stakes == (20000, 40000)
    # "Total pot $4,100 | Rake $3"; "wins the high pot ($2,048.50)", "wins the low pot ($2,048.50)".
    assert hand.total_pot == 410000 and hand.rake == 300
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"zbubop": 204850, "AllenCunningham": 204850}


def test_a_heads_up_sit_and_go_hand_in_chips(live_core):
    [hand] = history.read(FULL_TILT / "LO8-HORSE-2max-SnG-USD-200-200604.txt")
    assert hand.unit == 1 and hand.stakes == (40, 80) and hand.uncalled == [("Hero", 80)]
    replay = hand.replay()
    assert replay.differences == [] and replay.checked == "uncontested" and replay.collected == {"Hero": 320}
