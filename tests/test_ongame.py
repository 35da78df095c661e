"""history.ongame: OnGame's own ways, on its real files (tests/data/ongame): "---" sections, cards
with commas, equal blinds both written "big blind", pots paid in the summary (several winners on
a line), the hands shown in the summary's seat lines and those not shown mucked."""

from __future__ import annotations

from history_helpers import DATA

from omaha8 import history, parse_cards

ONGAME = DATA / "ongame"


def test_equal_blinds_both_written_big_and_a_pot_paid_after_its_rake(live_core):
    first, second = history.read(ONGAME / "PLO8-USD-0.50-0.50-201111.txt")
    # "POT_LIMIT OMAHA_HI_LO $0.50/$0.50": "Player2 posts big blind ($0.50)" is the small blind.
    assert first.stakes == (50, 50) and [s.kind for s in first.steps[:2]] == ["small blind", "big blind"]
    assert first.holes["Hero"] == [int(c) for c in parse_cards("6h 3s 8s 4s")]
    # "Main pot: $6 won by Player1 ($5.70)", "Rake taken: $0.30"; Player1's flop bet of 3 returned.
    assert first.uncalled == [("Player1", 300)] and first.total_pot == 600 and first.rake == 30
    assert first.replay().collected == {"Player1": 570}
    assert second.replay().collected == {"Player3": 475}


def test_a_tournament_with_pots_split_on_one_line_and_hands_mucked(live_core):
    hands = {hand.hand_id: hand for hand in history.read(ONGAME / "PLO8-USD-MTT-1.20-201306.R-186-1481_1.txt")}
    assert len(hands) == 12 and all(not hand.replay().differences for hand in hands.values())
    first = hands["T5-330030241-1"]
    # "Main pot: 250 won by tsop13 (125 High), tsop13 (125 Low)"; AApoKK's hand not shown: mucked.
    assert first.unit == 1 and sorted(first.collected) == [("tsop13", 125, 0), ("tsop13", 125, 0)]
    assert "AApoKK" in first.mucked and first.holes["zlnalea"] == [int(c) for c in parse_cards("4c 9s Ks 9c")]
    assert first.replay().collected == {"tsop13": 250}
