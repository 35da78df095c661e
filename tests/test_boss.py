"""history.boss: Boss Media's XML on its real files (tests/data/boss): cards as numbers, hands in
a <ROOT> or alone, calls written to the bet they match (2012) or by their chips (2017), a dead
small blind and the big blind from one player, a bet nobody called read from the pot, and what is
refused."""

from __future__ import annotations

import pytest
from history_helpers import DATA

from omaha8 import high_hand, history, parse_cards
from omaha8.exceptions import HistoryError
from omaha8.history.boss import card_of

BOSS = DATA / "boss"
ROOTED = BOSS / "LO8-EUR-0.05-0.10-201207.xml"
DEAD = BOSS / "PLO8-CAD-0.05-0.10-201703.dead.small.txt"


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_card_numbers_run_by_suit_from_the_ace():
    # 0 to 12 diamonds, 13 to 25 clubs, 26 to 38 hearts, 39 to 51 spades, each from the ace.
    assert [card_of(str(n), "1") for n in (0, 12, 13, 25, 26, 38, 39, 51)] == _cards("Ad Kd Ac Kc Ah Kh As Ks")
    for bad in ("52", "-1", "b", "1.0", "100"):
        with pytest.raises(HistoryError, match="is not a card"):
            card_of(bad, "1")


def test_a_showdown_whose_hands_the_site_names(live_core):
    [hand] = history.read(ROOTED)
    assert (hand.limit, hand.stakes, hand.unit) == ("pot", (5, 10), 100)
    assert hand.board == _cards("Ks Kd Ac Kh Tc")
    # The site writes Player1's "$(STR_G_WIN_FULLHOUSE)" and Player0's three kings: omaha8 finds
    # the same hands in the cards read from the numbers.
    assert high_hand(hand.holes["Player1"], hand.board).category == "full house"
    assert high_hand(hand.holes["Player0"], hand.board).category == "three of a kind"
    # Player1 raises to 0.35; the small blind's "ACTION_CALL 0.35" is the bet it comes to (0.30 more).
    call = next(s for s in hand.steps if s.kind == "call")
    assert (call.name, call.amount, call.total) == ("Player0", 30, 35)
    # POT 0.76 after RAKE 0.04.
    assert (hand.total_pot, hand.rake) == (80, 4)
    replay = hand.replay()
    assert replay.differences == [] and replay.checked == "showdown" and replay.collected == {"Player1": 76}


def test_dead_small_blinds_calls_by_their_chips_and_a_bet_nobody_called(live_core):
    [hand] = history.read(DEAD)
    # Player2 and Player3 each post HAND_DSB 0.05 and HAND_BB 0.10: both blinds, 0.10 live.
    posts = [(s.name, s.kind, s.amount, s.total) for s in hand.steps if s.kind.endswith("blinds")]
    assert posts == [("Player2", "small & big blinds", 15, 10), ("Player3", "small & big blinds", 15, 10)]
    # "ACTION_CALL 0.55" after a raise to 0.65, from the 0.10 live: the chips it adds.
    assert [(s.name, s.amount) for s in hand.steps if s.kind == "call"] == [("Player2", 55), ("Player5", 60)]
    # The turn bet of 1.12 is not in the pot of 2.14 + 0.11 of rake: it went back.
    assert hand.uncalled == [("Player5", 112)] and (hand.total_pot, hand.rake) == (225, 11)
    replay = hand.replay()
    assert replay.differences == [] and replay.checked == "uncontested" and replay.collected == {"Player5": 214}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('VALUE="0.55"', 'VALUE="0.50"'), "Player2 calls 50, neither the 55 it owes nor the bet of 65"),
        (('TYPE="ACTION_CHECK"', 'TYPE="ACTION_DANCE"'), "an action omaha8 does not know: 'ACTION_DANCE'"),
        (('<CARD LINK="44">', '<CARD LINK="60">'), "'60' is not a card"),
        (('<CARD LINK="44">', '<CARD LINK="²">'), "'²' is not a card"),
        (('SEAT="1"', 'SEAT="¹"'), "'¹' is not a seat number"),
        (('PLAYER="Player7" VALUE="0.65"', 'PLAYER="Nobody" VALUE="0.65"'), "'Nobody' acts but is not dealt in"),
        (('LIMIT="PL"', 'LIMIT="XL"'), "limit 'XL' and stakes '0.05/0.10' unread"),
        (("</HISTORY>", ""), "no <HISTORY> element from its start to its end"),
        (('POT="2.14" RAKE="0.11" MAINPOT="2.14" LEFTPOT="" RIGHTPOT="" STARTING', 'RAKE="0.11" STARTING'), "no 'POT'"),
    ],
)
def test_a_damaged_hand_is_a_history_error_naming_it(change, message):
    text = DEAD.read_text()
    assert change[0] in text
    result = history.read_all(text.replace(*change, 1))
    assert len(result.errors) == 1 and message in str(result.errors[0]), result.errors


def test_other_games_are_skipped_and_text_outside_the_hand_is_refused():
    holdem = DEAD.read_text().replace('GAME="GAME_OMAHL"', 'GAME="GAME_THM"')
    assert history.read_all(holdem).skipped_games == 1
    # The real file opens a <ROOT> it never closes: a "</ROOT>" or none is fine, anything else is not.
    assert len(history.read(ROOTED.read_text() + "</ROOT>\n")) == 1
    result = history.read_all(ROOTED.read_text() + "rm -rf /\n")
    assert "text outside the hand's XML: 'rm -rf /'" in str(result.errors[0])
