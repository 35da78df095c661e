"""history.winamax: Winamax's own ways, each shown on its real files (tests/data/winamax) or on a
line of them changed: a total pot without the rake, a pot split high and low in two lines, an
uncalled bet paid as a side pot, play money in cents, amounts with the sign after them."""

from __future__ import annotations

import pytest
from history_helpers import DATA

from omaha8 import history, parse_cards

WINAMAX = DATA / "winamax"
SIX_MAX = WINAMAX / "PLO8-6max-EUR-1.00-2.00-201611.txt"
FIVE_CARDS = WINAMAX / "5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt"
PLAY_MONEY = WINAMAX / "PLO8-2max-play-0.05-0.10-201610.export.txt"


def test_the_total_pot_is_what_was_paid_and_the_rake_comes_on_top(live_core):
    [hand] = history.read(SIX_MAX)
    # "Total pot 9.91€ | Rake 0.69€": the bets (2€ + 2€ + 3.30€ + 3.30€) are 10.60€.
    assert hand.total_pot == 1060 and hand.rake == 69 and hand.unit == 100
    assert hand.stakes == (100, 200) and hand.limit == "pot" and hand.hole_size == 4
    assert hand.names == ["Hero", "Player0"] and hand.board == [int(c) for c in parse_cards("Ac 5s 4h 5d Qc")]
    # Hero scoops: "collected 4.96€ from pot(HI)" and "4.95€ from pot(LO)".
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Hero": 991}


def test_an_uncalled_bet_paid_back_as_a_side_pot_is_read_as_returned(live_core):
    [hand] = history.read(FIVE_CARDS)
    # Hero bets 108€, Player0 calls 24€ all-in; Winamax writes "Hero collected 84€ from side pot 1".
    assert hand.uncalled == [("Hero", 8400)] and hand.hole_size == 5
    assert all(pot == 0 for _, _, pot in hand.collected)
    assert hand.total_pot == 15600 and hand.rake == 150
    assert any("back as side pot 1" in note for note in hand.notes)
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Player0": 15450}


def test_play_money_is_read_to_the_cent_and_the_odd_cent_goes_high(live_core):
    [hand] = history.read(PLAY_MONEY)
    assert hand.stakes == (5, 10) and hand.unit == 100 and hand.total_pot == 100 and hand.rake == 7
    # 0.93 after rake: Player0's high takes the odd cent (0.47), Hero's low 0.46, as RULES.md.
    assert hand.replay().collected == {"Player0": 47, "Hero": 46}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Hero bets 3.30€", "Hero bets 3.3O€", "is not an amount"),
        ("Hero bets 3.30€", "Hero dances 3.30€", "an action omaha8 does not know"),
        ("*** FLOP *** [Ac 5s 4h]", "*** FLOP *** [Ac 5s 4x]", "hand 9247976-238-1478874600"),
        ("Total pot 9.91€ | Rake 0.69€", "Total pot 9.90€ | Rake 0.69€", "the bets add up to"),
        ("(1€/2€)", "(1€)", "no stakes"),
    ],
)
def test_a_bad_line_costs_its_hand_with_a_message_naming_it(old, new, message):
    text = SIX_MAX.read_text(encoding="utf-8")
    assert old in text
    result = history.read_all(text.replace(old, new) + "\n" + text)
    assert len(result) == 1 and len(result.errors) == 1
    assert message in str(result.errors[0])


def test_other_winamax_games_are_counted_and_skipped():
    text = SIX_MAX.read_text(encoding="utf-8").replace("Omaha Hi/Lo pot limit", "Holdem no limit")
    result = history.read_all(text)
    assert list(result) == [] and result.skipped_games == 1 and result.errors == []
