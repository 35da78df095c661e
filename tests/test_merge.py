"""history.merge: Merge's XML on its real files (tests/data/merge): the file's game written once
before its hands, seats by number from 0, rounds whose board comes at their end, a player coming
back posting both blinds, a win with the bet nobody called in it, a tournament's balances after
the blinds, and what is refused."""

from __future__ import annotations

import pytest
from history_helpers import DATA

from omaha8 import high_hand, history, parse_cards
from omaha8.exceptions import HistoryError

MERGE = DATA / "merge"
CASH = MERGE / "PLO8-USD-0.25-0.50-201111.txt"
BOTH = MERGE / "LO8-9max-USD-1.00-2.00-201112.post.both.txt"
SNG = MERGE / "PLO8-USD-SNG-2-2012.Sample.xml"


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_a_fixed_limit_hand_to_the_showdown(live_core):
    [hand] = history.read(CASH)
    # 'stakes="Limit $0.25/$0.50"': the small and big bet; blinds 0.10 and 0.25 as posted.
    assert (hand.limit, hand.stakes, hand.unit) == ("fixed", (25, 50), 100)
    # 'dealer="7"': seat 8 (Player6) is first, seat 7 (Player5) the button.
    assert hand.names == ["Player6", "Hero", "Player2", "Player0", "Player1", "Player3", "Player5"]
    assert hand.board == _cards("Jc Kh Td Qd 8s") and hand.holes["Player6"] == _cards("2c 3h Tc Kd")
    # The site names Hero's hand "King High Straight": so does omaha8, from the cards read.
    assert high_hand("Th 9c 9s Qh", "Jc Kh Td Qd 8s").category == "straight"
    # Bets of 1.00 before the flop and 0.25 each on it: 1.50; the winner's 1.43 leaves 0.07 of rake.
    assert (hand.total_pot, hand.rake) == (150, 7)
    replay = hand.replay()
    assert replay.differences == [] and replay.checked == "showdown" and replay.collected == {"Hero": 143}


def test_both_blinds_posted_coming_back_and_a_win_with_the_uncalled_bet_in_it(live_core):
    [hand] = history.read(BOTH)
    post = next(s for s in hand.steps if s.name == "Player1" and s.street == "preflop")
    # RETURN_BLIND 1.50 at $1/$2 (blinds 0.50 and 1.00): the big blind live, the small dead.
    assert (post.kind, post.amount, post.total) == ("small & big blinds", 150, 100)
    # "RAISE 2.00" is to its total: the big blind then calls 1.00 more.
    raise_ = next(s for s in hand.steps if s.kind == "raise")
    assert (raise_.name, raise_.total, raise_.amount) == ("Player1", 200, 100)
    # The flop bet of 1.00 nobody called is in the 5.75 won: 0.50 + 2 + 1.50 + 1 in the pot, 0.25 raked.
    assert hand.uncalled == [("Player1", 100)] and (hand.total_pot, hand.rake) == (500, 25)
    assert hand.replay().collected == {"Player1": 475} and hand.replay().differences == []


def test_a_sit_and_go_whose_balances_are_after_the_blinds(live_core):
    [hand] = history.read(SNG)
    # Every player starts the sit-and-go with 1,500; the blinds' players are written 1,490 and 1,480.
    assert {p.stack for p in hand.players} == {1500} and hand.unit == 1 and hand.limit == "pot"
    assert hand.stakes == (10, 20) and hand.rake == 0
    replay = hand.replay()
    # Both all in on the river for 12 more: 4 x 110 + 20 + 2 x 306 + 2 x 1,072 + 2 x 12.
    assert replay.differences == [] and replay.collected == {"Player2": 3240}


def test_the_description_holds_for_every_hand_after_it():
    cash, both = CASH.read_text(), BOTH.read_text()
    second = "\n".join(line for line in both.split("\n") if not line.startswith("<description"))
    hands = history.read(cash + "\n" + second)
    assert [h.hand_id for h in hands] == ["40231841-160", "45547825-416"]
    assert all(h.limit == "fixed" for h in hands)
    with pytest.raises(HistoryError, match="hand 45547825-416: no <description> line before it"):
        history.read(second, format="merge")


def test_other_games_are_skipped_and_raises_before_september_2010_add_their_chips():
    holdem = CASH.read_text().replace('type="Omaha H/L8"', 'type="Holdem"')
    result = history.read_all(holdem)
    assert (len(result), result.skipped_games, result.errors) == (0, 1, [])
    old = BOTH.read_text().replace('starttime="20111220050117"', 'starttime="20100901050117"')
    # "RAISE 2.00" of 2010 adds its chips to the 1.00 live, a raise to 3.00: the bets then come
    # to 1.00 more than this hand's (whose raise is to 2.00), and the pot paid does not add up.
    with pytest.raises(HistoryError, match="the pots paid 475 of a total pot of 600"):
        history.read(old)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('player="8" amount="0.10"', 'player="2" amount="0.10"'), "seat '2' acts but is not dealt in"),
        (('type="CHECK"', 'type="DANCE"'), "an event omaha8 does not know: 'DANCE'"),
        (('cards="Jc,Kh,Td,Qd"', 'cards="Jc,Kh,Td,Qd,2c"'), "the turn's board 'Jc,Kh,Td,Qd,2c' does not follow"),
        (('amount="1.43"', 'amount="1.4x"'), "'1.4x' is not an amount"),
        (('dealer="7"', 'dealer="x"'), "'x' is not a seat number"),
        # "²" is a digit to str.isdigit, not to int: refused, not a ValueError.
        (('dealer="7"', 'dealer="²"'), "'²' is not a seat number"),
        (('numholecards="4"', 'numholecards="٤"'), "'٤' hole cards"),
        (('potnumber="1"', 'potnumber="¹"'), "'¹' is not a pot number"),
        (("</game>", ""), "no <game> element from its start to its end"),
        (('numholecards="4"', 'numholecards="2"'), "'2' hole cards"),
        (('<round id="END_OF_GAME" sequence="7">', '<round id="END" sequence="7">'), "cut short"),
        (('stakes="Limit $0.25/$0.50"', 'stakes="Half Pot Limit"'), "stakes omaha8 does not read"),
    ],
)
def test_a_damaged_hand_is_a_history_error_naming_it(change, message):
    text = CASH.read_text()
    assert change[0] in text
    result = history.read_all(text.replace(*change, 1))
    assert len(result.errors) == 1 and message in str(result.errors[0]), result.errors
