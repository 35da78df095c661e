"""history.winning: WPN's own ways, each shown on its real files (tests/data/winning): a total pot
without the rake and the jackpot fee, a walk with no "collected" line, the card each player draws
for the button, a tournament's chips, and hands run twice refused by name."""

from __future__ import annotations

from history_helpers import DATA

from omaha8 import history, parse_cards

WINNING = DATA / "winning"


def test_the_rake_and_the_jackpot_fee_come_on_top_of_the_total_pot(live_core):
    [hand] = history.read(WINNING / "LO8-6max-USD-20-40-201907.St.Lucie.txt")
    # "Total pot $199.00 | Rake $0.96 | JP Fee $0.04": the bets are $100.00 a player.
    assert hand.limit == "fixed" and hand.stakes == (2000, 4000) and hand.unit == 100
    assert hand.total_pot == 20000 and hand.rake == 100
    assert hand.mucked == {"Hero"} and hand.holes["Hero"] == [int(c) for c in parse_cards("Kd 4c 9s 6s")]
    replay = hand.replay(max_raises=3)
    assert replay.differences == [] and replay.checked == "showdown" and replay.collected == {"Player0": 19900}


def test_a_walk_pays_the_big_blind_what_the_summary_says_it_won(live_core):
    [hand] = history.read(WINNING / "NLO8-6max-USD-3-6-202104.walk.txt")
    # No "collected" line and no bet returned: "Player0 did not show and won $9.00".
    assert hand.uncalled == [("Player0", 300)] and hand.collected == [("Player0", 600, 0)]
    assert any("uncalled 300 in the pot it won" in note for note in hand.notes)
    replay = hand.replay()
    assert replay.differences == [] and replay.checked == "uncontested" and replay.payouts == {"Player0": 900 - 300}


def test_the_cards_drawn_for_the_button_are_not_hole_cards(live_core):
    [hand] = history.read(WINNING / "PLO8-9max-USD-15-201906.SNG.Turbo.txt")
    # "Dealt to Player3 [7s]" before the hand; then Player3 shows four cards.
    assert all(len(cards) == 4 for cards in hand.holes.values())
    assert hand.unit == 1 and hand.stakes == (250, 500) and hand.rake == 0
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Player3": 60600}


def test_a_hand_run_twice_is_refused_by_name_and_costs_only_itself():
    run_twice = (WINNING / "NLO8-6max-USD-3-6-202104.RIT.txt").read_text(encoding="utf-8")
    walk = (WINNING / "NLO8-6max-USD-3-6-202104.walk.txt").read_text(encoding="utf-8")
    result = history.read_all(run_twice + "\n\n" + walk)
    assert [h.hand_id for h in result] == ["779388412"]
    assert "hand 779379637: run twice" in str(result.errors[0])
