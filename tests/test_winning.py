"""history.winning: WPN's own ways, each shown on its real files (tests/data/winning): a total pot
without the rake and the jackpot fee, a walk with no "collected" line, the card each player draws
for the button, a tournament's chips, a hand run twice; and the format of 2016-2017: UTF-16 with a
stray last byte, one hole card a line, raises by what they add, an all-in past the pot limit and
a disconnected player kept in the pot, each a named convention."""

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
    assert hand.uncalled == [("Player0", 300)] and hand.collected == [("Player0", 600, -1)]  # the pot not told
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


def test_the_2016_format_in_utf16_with_a_stray_last_byte(live_core):
    path = WINNING / "PLO8-6max-USD-0.10-0.25-201608.utf16.txt"
    assert len(path.read_bytes()) % 2 == 1  # as published: half a character at the end
    hands = history.read(path)
    assert len(hands) == 5 and all(not h.replay().differences for h in hands)
    third = hands[2]
    # "Player fullstacker raises (0.85)", "Player ramair7 calls (0.60)" over its big blind.
    assert [(s.name, s.kind, s.amount, s.total) for s in third.steps if s.kind in ("raise", "call")][:2] == [
        ("fullstacker", "raise", 85, 85),
        ("ramair7", "call", 60, 85),
    ]
    # "Player ChazDazzle received card: [10h]", one card a line, the ten written "10".
    assert hands[0].holes["ChazDazzle"] == cards("Th Jc 8s 4d")
    # "Pot: 3.99. Rake 0.15. JP fee 0.06": the pot paid out, the rake and the fee apart.
    assert third.total_pot == 420 and third.rake == 21


def test_an_all_in_past_the_pot_limit_nobody_calls_is_a_named_convention(live_core):
    [hand] = history.read(WINNING / "PLO8-6max-USD-3-6-201701.short.txt")
    # "Player Player2 allin (402.40)", all fold, "Uncalled bet (393.40) returned to Player2".
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Player2": 4200}
    assert replay.conventions == [
        "hand 820605052: preflop: Player2 all-in to 40540 past the pot limit 5400, nobody calling (WPN's); "
        "played as a raise to 5400"
    ]


def test_a_disconnected_player_kept_in_the_pot_is_a_named_convention(live_core):
    [hand] = history.read(WINNING / "PLO8-6max-USD-40-80-201610.disconnected.allin.txt")
    replay = hand.replay()
    assert replay.checked == "betting only" and replay.differences == []
    assert "Player0 disconnected and was kept in the pots so far without calling" in replay.conventions[0]
    # The site's own figures, from its summary: Player0 bet 80 and collected 198.50.
    assert ("Player0", 19850, -1) in hand.collected and hand.rake == 300
