"""history.pkr: PKR's own ways, on its real files (tests/data/pkr): the game on lines of its own,
cards as "[9 s][7 s]", calls written to their total, emotes and chat, the rake taken before the
showdown, and the stacks after the hand in place of the pots won."""

from __future__ import annotations

from history_helpers import DATA

from omaha8 import history, parse_cards

PKR = DATA / "pkr"


def test_a_cash_hand_with_tied_highs_and_lows(live_core):
    [hand] = history.read(PKR / "PLO8-USD-2.00-4.00-201108.ties.low.txt")
    # "Blinds are now $2 / $4", "Moving Button to seat 6": Hero (seat 1) posts the small blind.
    assert hand.stakes == (200, 400) and hand.names == ["Hero", "Player0", "Player1"]
    assert hand.holes["Hero"] == [int(c) for c in parse_cards("9d 5d 7h 3s")]
    # "Player0 calls $12" after "Hero raises to $12": to 12, 8 more than its big blind.
    first_call = next(s for s in hand.steps if s.kind == "call")
    assert (first_call.name, first_call.amount) == ("Player0", 800)
    # "Taking Rake of $1 from pot 1"; each ends 0.50 down: 69.50 each of 140 less 1.
    assert hand.rake == 100 and hand.total_pot == 14000
    assert hand.replay().collected == {"Hero": 6950, "Player0": 6950}


def test_a_tournament_with_all_ins_and_a_player_joining(live_core):
    hands = history.read(PKR / "PLO8-USD-MTT-201205.txt")
    assert len(hands) == 5 and all(not h.replay().differences for h in hands)
    first = hands[0]
    # Four all in on the flop; "Player6 wins 2,470" high and low: the whole 4,940.
    assert first.unit == 1 and first.replay().collected == {"Player6": 4940}
