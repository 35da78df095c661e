"""history.microgaming: Microgaming's XML on its real file (tests/data/microgaming): cards by
value and suit, the rake in hundredths, the two versions' amounts, and every hand checked
against the balances the site writes after it."""

from __future__ import annotations

import pytest
from history_helpers import DATA

from omaha8 import history, low_hand, parse_cards
from omaha8.exceptions import HistoryError

MG = DATA / "microgaming" / "PLO8-EUR-1.00-2.00-201209.txt"


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_a_showdown_won_both_ways(live_core):
    [hand] = history.read(MG)
    assert (hand.limit, hand.stakes, hand.unit) == ("pot", (100, 200), 100)
    # 'dealer="true"' on seat 2: seat 3 (the small blind) first, seat 2 last.
    assert hand.names == ["Player1", "Hero", "Player2", "Player0"]
    assert hand.holes["Hero"] == _cards("8d 5d As Qh") and hand.board == _cards("3d Kc 7s Ah 2s")
    # 'lowhandwin="1"': Player0's A-3 makes 7-4-3-2-A, better than Hero's 7-5-3-2-A.
    assert low_hand(hand.holes["Player0"], hand.board).ranks == (7, 4, 3, 2, 1)
    assert low_hand(hand.holes["Hero"], hand.board).ranks == (7, 5, 3, 2, 1)
    # rake="300": 3.00 of the 105.00 pot; Hero's "betamount" 52.00 = 7 + 15 + 30.
    assert (hand.total_pot, hand.rake) == (10500, 300)
    assert sum(s.amount for s in hand.steps if s.name == "Hero") == 5200
    replay = hand.replay()
    assert replay.differences == [] and replay.checked == "showdown" and replay.collected == {"Player0": 10200}


def test_every_hand_is_held_to_the_balances_after_it():
    text = MG.read_text(encoding="utf-8")
    with pytest.raises(HistoryError, match="Hero ends with 9310, but the hand as read leaves it 9210"):
        history.read(text.replace('endbalance="92.10"', 'endbalance="93.10"'))
    # The first version writes a call to its total: read so, the big blind's "Call 5.00" adds 3.00,
    # and the pot it makes is 2.00 short of what was won and raked.
    with pytest.raises(HistoryError, match="collected and rake do not add up to the total pot"):
        history.read(text.replace('hhversion="2"', 'hhversion="1"'))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('type="Check" seat="4"', 'type="Dance" seat="4"'), "an action omaha8 does not know: 'Dance'"),
        (('<Card value="2" suit="s"', '<Card value="1" suit="s"'), "cards ['1s']"),
        (('type="Fold" seat="5"', 'type="Fold" seat="9"'), "seat '9' acts but is not dealt in"),
        (('betlimit="PL"', 'betlimit="XL"'), "limit 'XL' and stakes '1|2' unread"),
        (('rake="300"', 'rake="3.00"'), "'3.00' is not a rake"),
        (('rake="300"', 'rake="³00"'), "'³00' is not a rake"),
        (('pot="0"', 'pot="⁰"'), "'⁰' is not a pot number"),
        (('num="2"', 'num="²"'), "'²' is not a seat number"),
        (('pot="0"', 'pot="x"'), "'x' is not a pot number"),
        (("</Game>", ""), "no <Game> element from its start to its end"),
        (("ExtendedTableName: ", "Extended: "), "text outside the hand's XML: 'Extended: Cut-Off"),
    ],
)
def test_a_damaged_hand_is_a_history_error_naming_it(change, message):
    text = MG.read_text(encoding="utf-8")
    assert change[0] in text
    result = history.read_all(text.replace(*change, 1))
    assert len(result.errors) == 1 and message in str(result.errors[0]), result.errors


def test_other_games_are_skipped():
    holdem = MG.read_text(encoding="utf-8").replace('gametype="Omaha H/L"', 'gametype="Hold&apos;em"')
    assert history.read_all(holdem).skipped_games == 1
