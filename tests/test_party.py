"""history.party: PartyPoker's, 888's and Everleaf's own ways, each shown on their real files (tests/data/party):
the lines before a hand's header, amounts that are what an action adds, no total pot and no bet
returned printed, PartyPoker's win with the uncalled bet in it and its unprinted rake, 888's
high and low paid apart, a player folding before the deal, and the damaged files refused."""

from __future__ import annotations

import pytest
from history_helpers import DATA

from omaha8 import history, parse_cards
from omaha8.exceptions import HistoryError

PARTY = DATA / "party"


def test_a_partypoker_fixed_limit_hand_with_its_preamble(live_core):
    result = history.read_all(PARTY / "LO8-USD-20-40.201201.limit3format.txt")
    # "Game #11354414824 starts." and "#Game No : 11354414824" come before the header: no error.
    assert result.errors == [] and len(result) == 1
    [hand] = result
    assert hand.limit == "fixed" and hand.stakes == (2000, 4000) and hand.names == ["Player0", "Player1"]
    # "Player1 raises [$30 USD]" over its small blind of 10 is a raise to 40; then 60, 80 and a call.
    assert [(s.name, s.kind, s.total) for s in hand.steps if s.street == "preflop" and s.kind != "small blind"][1:] == [
        ("Player1", "raise", 4000),
        ("Player0", "raise", 6000),
        ("Player1", "raise", 8000),
        ("Player0", "call", 8000),
    ]
    # "Player1 wins $239 USD": the pot of 200 and its own uncalled turn bet of 40, less a rake of 1.
    assert hand.uncalled == [("Player1", 4000)] and hand.total_pot == 20000 and hand.rake == 100
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Player1": 19900}


def test_a_partypoker_tournament_split_high_and_low_with_table_chat(live_core):
    [hand] = history.read(PARTY / "PLO8-10max-USD-20-2-201310.chat.fix.txt")
    assert (
        hand.unit == 1
        and hand.stakes == (20, 40)
        and hand.holes["Hero"] == [int(c) for c in parse_cards("Ac 2c 5d 5c")]
    )
    replay = hand.replay()
    # "Player6 wins 640 chips from the main pot" (the high), "Player2 wins Lo (640 chips)".
    assert replay.differences == [] and replay.collected == {"Player6": 640, "Player2": 640}


def test_an_888_hand_with_a_player_folding_before_the_deal_and_a_muck(live_core):
    [hand] = history.read(PARTY / "888-FLOHL-PM-30-60.txt")
    assert "Borr_09" not in hand.names and any("folded before the deal" in note for note in hand.notes)
    assert hand.mucked == {"Dlady14"} and hand.holes["Dlady14"] == [int(c) for c in parse_cards("8c 6d Jh 6h")]
    # 15/30 blinds of a fixed-limit game: bets of 30 and 60. The pot 480, paid 238 and 238.
    assert hand.stakes == (3000, 6000) and hand.total_pot == 48000 and hand.rake == 400
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"nugsy20": 23800, "harryabc": 23800}


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("PLO8-6max-USD-1.00-2.00-201601.preamble.fatal.txt", "'holdem_AA' acts but is not seated"),
        ("888-PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt", "the pots paid 308 of a total pot of 808"),
        ("888-PLO8-USD-STT-10-1-201308.no.pot.awarded.txt", "the pots paid 0 of a total pot of 1049"),
    ],
)
def test_the_damaged_files_are_refused_by_what_does_not_add_up(name, message):
    with pytest.raises(HistoryError, match=message):
        history.read(PARTY / name)


def test_everleaf_heads_up_hands_with_a_space_in_every_amount(live_core):
    path = PARTY / "Everleaf-PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt"
    hands = {hand.hand_id: hand for hand in history.read(path)}
    assert len(hands) == 23
    first = hands["149107406"]
    # "Blinds $0.05/$0.10 PL Omaha Hi/Lo"; "Seat 5: Villain (  $ 10 USD )"; "[$ 0.05 USD]".
    assert first.limit == "pot" and first.stakes == (5, 10) and first.players[0].stack == 1000
    # "Villain: bets [$ 1.80 USD]", "Hero folds", "Villain wins  high ($ 1.71 USD)": the bet
    # returned is not in the win; the pot 1.80 keeps 0.09 of rake.
    assert first.uncalled == [("Villain", 180)] and first.total_pot == 180 and first.rake == 9
    # At the showdown "Villain does not show cards": a muck, conceding; Hero takes both halves.
    showdown = hands["149107795"]
    assert showdown.mucked == {"Villain"}
    assert showdown.replay().collected == {"Hero": 257 + 256}


def test_everleaf_names_no_limit_for_fixed_limit():
    [first, *_] = history.read(PARTY / "Everleaf-FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt")
    assert first.limit == "fixed" and first.stakes == (50, 100)  # "$0.50/$1 Omaha Hi/Lo": the bets
