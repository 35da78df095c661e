"""history.winning: WPN's own ways, each shown on its real files (tests/data/winning): a total pot
without the rake and the jackpot fee, a walk with no "collected" line, the card each player draws
for the button, a tournament's chips, and a hand run twice."""

from __future__ import annotations

import pytest
from history_helpers import DATA

from omaha8 import history, parse_cards
from omaha8.exceptions import HistoryError

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


RUN_TWICE = WINNING / "NLO8-6max-USD-3-6-202104.RIT.txt"


def cards(text: str) -> list:
    return [int(c) for c in parse_cards(text)]


def test_a_hand_run_twice_keeps_both_boards_and_shares_the_pot_between_them(live_core):
    [hand] = history.read(RUN_TWICE)
    assert [board for board, _ in hand.runs] == [cards("8h Qd 7d 7h 5d"), cards("6c 9s Jh 8c 6s")]
    assert hand.board == cards("8h Qd 7d 7h 5d")
    # "Total pot $246.00 | Rake $2.76 | JP Fee $0.24"; each run's pot $123.00.
    assert hand.total_pot == 24900 and hand.rake == 300
    replay = hand.replay()
    assert replay.differences == [] and replay.checked == "showdown"
    # Run 1: Hero's flush scoops the high, both 8-7-5-2-A lows share the low: 61.50 + 30.75 to
    # Hero, 30.75 to Player2. Run 2: Player2's straight takes all 123.00 (no low).
    assert replay.collected == {"Hero": 9225, "Player2": 3075 + 12300}


def test_a_run_paid_to_the_wrong_player_is_a_difference_naming_the_run(live_core):
    text = RUN_TWICE.read_text(encoding="utf-8").replace(
        "Player2 collected $123.00 from main pot 2", "Hero collected $123.00 from main pot 2"
    )
    replay = history.read(text)[0].replay()
    assert replay.differences and "run 2: main pot: the site paid {'Hero': 12300}" in replay.differences[0]


def test_a_run_without_its_number_is_refused():
    text = RUN_TWICE.read_text(encoding="utf-8").replace("*** FLOP 2 ***", "*** FLOP 4 ***")
    with pytest.raises(HistoryError, match="run 4"):
        history.read(text)
