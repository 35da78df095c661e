"""history.bovada: Bovada's own ways, each shown on its real files (tests/data/bovada): players
named by position, every hole card dealt face up, an unprinted rake, "All-in" amounts that are
calls, bets or raises by what they come to, a lone big blind, a damaged dealer line, a mucked
all-in that keeps its side pot, the low half's odd cents paid to the high, and 2012's files
without street lines, whose streets are found where the betting closed."""

from __future__ import annotations

import re

import pytest
from history_helpers import DATA

from omaha8 import history, parse_cards
from omaha8.history.record import CONVENTIONS

BOVADA = DATA / "bovada"
CASH = BOVADA / "PLO8-9max-USD-0.02-0.05-201408.corrupted.lines.txt"


@pytest.fixture(scope="module")
def cash() -> dict:
    return {hand.hand_id: hand for hand in history.read(CASH)}


def test_positions_are_names_and_the_rake_is_what_was_not_collected(live_core, cash):
    hand = cash["2902233667"]
    assert hand.names == ["Small Blind", "Big Blind", "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "UTG+5", "Dealer"]
    assert len(hand.holes) == 9 and all(len(cards) == 4 for cards in hand.holes.values())
    # "Total Pot($1.80)", "UTG+4 : Hand result $1.71": a rake of 9 cents, printed nowhere.
    assert hand.stakes == (2, 5) and hand.total_pot == 180 and hand.rake == 9
    assert hand.uncalled == [("UTG+4", 180)]
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"UTG+4": 171}


def test_an_all_in_is_a_bet_a_call_or_a_raise_by_what_it_comes_to(live_core, cash):
    river = [(s.name, s.kind, s.total, s.all_in) for s in cash["2902234353"].steps if s.street == "river"]
    # "UTG+1 : All-in $2.36" opens the river; the two others call it.
    assert river == [("UTG+1", "bet", 236, True), ("UTG+2", "call", 236, False), ("UTG+3", "call", 236, False)]
    # "UTG : All-in $0.03" after calling 0.05 into a raise to 0.15: a call, all-in for less.
    [short] = [s for s in cash["2902259613"].steps if s.name == "UTG" and s.all_in]
    assert (short.kind, short.amount, short.total) == ("call", 3, 8)


def test_a_lone_big_blind_is_the_first_seats_and_the_next_seat_opens(live_core, cash):
    hand = cash["2902236874"]  # the small blind's seat is empty: only "Big blind/Bring in $0.05"
    replay = hand.replay()
    assert replay.differences == [] and replay.hand.blinds == (5, 0)
    assert [a.seat for a in replay.hand.history if a.kind in ("small blind", "big blind")] == [0]
    assert replay.collected == {"UTG": 24}


def test_a_damaged_dealer_line_leaves_the_button_to_the_names(live_core, cash):
    hand = cash["2902237475"]  # "Set dealer/Bring in spot", with no seat
    assert hand.names[:2] == ["Small Blind", "Big Blind"] and hand.names[-1] == "UTG+5"
    assert any("the button is read from the names" in note for note in hand.notes)
    assert hand.replay().differences == []


def test_a_mucked_all_in_keeps_its_side_pot(live_core, cash):
    hand = cash["2902259613"]  # UTG all-in for 0.08 mucks; main pot 0.25 + 0.25, side pot 2.29 + 2.29
    assert hand.mucked == {"UTG"}
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Dealer": 254, "Small Blind": 254}
    assert [p.amount for p in replay.hand.result.pots if p.amount][:1] == [53]


def test_the_low_halfs_odd_cents_paid_to_the_high_are_a_named_convention(live_core, cash):
    replay = cash["2902266598"].replay()
    assert replay.differences == []
    assert replay.conventions == [
        "hand 2902266598: main pot: odd chip: the low half's odd chips paid to the high (Bovada)"
    ]
    assert replay.collected == {"Big Blind": 49, "Small Blind": 23, "UTG+3": 23}
    # The convention by hand: 95 cents, the high to seat 1, the low shared by seats 0 and 2:
    # the low half 47 pays 23 each, its odd cent goes up to the high's 48.
    [split] = CONVENTIONS.values()
    assert split(95, [1], [0, 2], 4) == (23, 49, 23, 0)
    assert split(96, [1], [0, 2], 4) == (24, 48, 24, 0)  # nothing odd: omaha8's split


def _streets_of_folds(text: str) -> dict:
    """This test's own reading of the summary's "Seat 5: Big Blind Folded on the FLOP"."""
    words = {"POCKET CARDS": "preflop", "FLOP": "flop", "TURN": "turn", "RIVER": "river"}
    found = re.findall(r"^Seat \d+: (.+?) Folded on the (POCKET CARDS|FLOP|TURN|RIVER)", text, re.M)
    return {name.replace(" [ME]", ""): words[street] for name, street in found}


@pytest.mark.parametrize("name", ["PLO8-9max-USD-10-MTT-201207.txt", "PLO8-USD-MTT-10-1-201207.allin.call.pf.txt"])
def test_2012s_streets_are_found_where_the_betting_closed(live_core, name):
    text = (BOVADA / name).read_text(encoding="utf-8-sig")
    [hand] = history.read(BOVADA / name)
    # Each fold on the street the summary names; the board is the summary's.
    folds = {s.name: s.street for s in hand.steps if s.kind == "fold"}
    assert folds == _streets_of_folds(text)
    board = re.search(r"^Board \[([^\]]*)\]", text, re.M).group(1).split()
    assert hand.board == [int(c) for c in parse_cards(" ".join(board))]
    replay = hand.replay()
    assert replay.differences == []


def test_2012s_fixed_limit_streets_bet_their_own_sizes(live_core):
    [hand] = history.read(BOVADA / "PLO8-USD-MTT-10-1-201207.allin.call.pf.txt")
    # "Fixed Limit- Level 6 (75/150)": the blinds; the bets 150 on the flop, 300 on the turn and river.
    assert hand.stakes == (150, 300)
    bets = [(s.street, s.total) for s in hand.steps if s.kind in ("bet", "raise")]
    assert bets == [("flop", 150), ("flop", 300)] + [("turn", t) for t in (300, 600, 900, 1200)] + [
        ("river", 300),
        ("river", 600),
    ]
    # The small blind all in for 90 before the flop: a main pot of 4 x 90 split, the rest a side pot.
    assert hand.replay().collected == {"Big Blind": 2370, "UTG+1": 2370}


def test_2012s_all_in_before_the_flop_deals_the_board_out_and_a_late_action_is_refused(live_core):
    text = (BOVADA / "PLO8-USD-MTT-10-1-201207.allin.call.pf.txt").read_text(encoding="utf-8-sig")
    # Everyone left all in before the flop: no more betting, the five cards dealt before the showdown.
    head, tail = text.split("Big Blind : Checks\n", 1)
    shove = head + "Big Blind : Checks\n" + tail[tail.index("UTG+1 : Showdown") :]
    shove = shove.replace("UTG+1 : Call 150\nUTG+2", "UTG+1 : Folds\nUTG+2").replace(
        "UTG+4 : Call 150\nDealer", "UTG+4 : Folds\nDealer"
    )
    from omaha8.history.bovada import _with_street_lines

    lines = _with_street_lines("2641146259", shove.split("\n"))
    at = lines.index("UTG+1 : Showdown [Jc Td Ts Jd Js] (Full House)")
    assert lines[at - 3 : at] == [
        "*** FLOP *** [Ts Jd 5d]",
        "*** TURN *** [Ts Jd 5d] [Js]",
        "*** RIVER *** [Ts Jd 5d Js] [5c]",
    ]
    # An action after the river's betting closed has no street.
    late = text.replace(
        "Big Blind : Call 300\nUTG+1 : Showdown", "Big Blind : Call 300\nUTG+1 : Bets 300\nUTG+1 : Showdown"
    )
    assert "an action after the last street's betting" in str(history.read_all(late).errors[0])


def test_a_tournament_hand_in_chips(live_core):
    [hand] = history.read(BOVADA / "PLO8-USD-MTT-1-0.10-201409.LOW.vs.LO.txt")
    assert hand.unit == 1 and hand.stakes == (15, 30) and hand.names == ["Big Blind", "Dealer"]
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Big Blind": 30, "Dealer": 30}
