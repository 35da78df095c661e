"""The adapters' abstract actions on a Hand: the chips each id bets (worked by hand from
RULES.md), duplicates dropped, the raise cap, refusals that change nothing, the rules read from
parameters, and the learner's vector."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from omaha8 import GameConfigError, Hand, IllegalActionError
from omaha8.adapters.abstraction import (
    CHECK_CALL,
    FOLD,
    AbstractHand,
    read_rules,
    table_vector,
    vector_size,
)

HALF_AND_POT = (Fraction(1, 2), Fraction(1))


def _menu(hand: Hand, bets=HALF_AND_POT, max_raises: int = 4) -> AbstractHand:
    return AbstractHand(hand, bets, max_raises)


def test_heads_up_preflop_pot_limit_the_button_raises_to_4_or_6():
    # RULES.md: heads-up with blinds 1/2 the button (1 in) may raise to 6 at most. Half the pot
    # after the call (4) is 2 more than the 2 to match: 4, the minimum raise too.
    menu = _menu(Hand([200, 200], limit="pot"))
    assert menu.legal_actions() == [FOLD, CHECK_CALL, 2, 3]  # all-in (6) is the pot raise: one action
    assert (menu.total_of(2), menu.total_of(3), menu.total_of(4)) == (4, 6, None)
    assert menu.describe(3) == "raise to 6 (100% pot)"


def test_the_rules_pot_raise_100_in_the_middle_facing_50_goes_to_250():
    # Antes of 48 and the blinds put 100 in the middle by the flop; seat 0 bets 50.
    hand = Hand([1000, 1000], limit="pot", ante=48)
    hand.call()
    hand.check()
    assert hand.pot == 100
    hand.raise_to(50)
    menu = _menu(hand)
    # The call (50) makes the pot 200: a pot raise is to 250, half of it to 150.
    assert (menu.total_of(2), menu.total_of(3)) == (150, 250)
    assert menu.legal_actions() == [FOLD, CHECK_CALL, 2, 3]
    nolimit = Hand([1000, 1000], limit="no", ante=48)
    nolimit.call()
    nolimit.check()
    nolimit.raise_to(50)
    menu = _menu(nolimit)
    assert (menu.total_of(2), menu.total_of(3), menu.total_of(4)) == (150, 250, 950)  # all-in: 50 + 900 behind


def test_a_bet_is_its_fraction_of_the_pot_in_whole_chips_halves_up_at_least_the_minimum():
    hand = Hand([500, 500], limit="no", ante=2)  # 4 antes + 3 blinds; called: 8 in the middle
    hand.call()
    hand.check()
    assert hand.pot == 8
    menu = _menu(hand, (Fraction(1, 16), Fraction(1, 3), Fraction(5, 16), Fraction(3, 4)))
    # 8/16 = 0.5 -> the minimum bet, the big blind (2); 8/3 = 2.67 -> 3; 8 x 5/16 = 2.5 -> 3 (halves
    # up), the same chips as 1/3: one action; 8 x 3/4 = 6.
    assert menu.legal_actions() == [CHECK_CALL, 2, 3, 5, 6]
    # All-in: the 496 chips left after the ante and the blind.
    assert [menu.total_of(action) for action in (2, 3, 4, 5, 6)] == [2, 3, None, 6, 496]
    assert menu.describe(6) == "bet 496 (all-in)"


def test_fixed_limit_every_size_is_the_one_fixed_bet_offered_once():
    menu = _menu(Hand([100, 100, 100], limit="fixed"))
    assert menu.legal_actions() == [FOLD, CHECK_CALL, 2]
    assert menu.total_of(2) == 4
    menu.play(2)
    assert menu.hand.bets == (1, 2, 4)


def test_the_cap_counts_raises_after_the_bet_in_every_round():
    hand = Hand([10_000] * 2, limit="no")
    menu = _menu(hand, max_raises=2)
    menu.play(3)  # raise 1 (the big blind is the bet)
    menu.play(3)  # raise 2
    assert menu.legal_actions() == [FOLD, CHECK_CALL]
    menu.play(CHECK_CALL)
    assert hand.street == "flop" and menu.raises == 0
    menu.play(2)  # the flop's bet does not count
    menu.play(2)
    menu.play(2)
    assert menu.raises == 2 and menu.legal_actions() == [FOLD, CHECK_CALL]
    # Fixed limit keeps the Hand's own cap, and counts its raises round by round too.
    fixed = _menu(Hand([10_000] * 2, limit="fixed", max_raises=1), max_raises=1)
    fixed.play(2)
    assert fixed.legal_actions() == [FOLD, CHECK_CALL] and fixed.raises == 1
    fixed.play(CHECK_CALL)
    fixed.play(2)  # the flop's bet
    fixed.play(2)  # its one raise
    assert fixed.hand.street == "flop" and fixed.raises == 1


def test_fold_is_offered_only_facing_a_bet():
    hand = Hand([100, 100], limit="pot")
    menu = _menu(hand)
    menu.play(CHECK_CALL)  # the button calls: the big blind may check
    assert FOLD not in menu.legal_actions()
    assert menu.hand.actor == 0
    assert menu.why_not(FOLD).startswith("action 0 is not legal for seat 1; the legal actions are 1 (check)")


@pytest.mark.parametrize("bad", [FOLD, 9, -1, 2.0, "2", None, True])
def test_an_illegal_action_changes_nothing(bad):
    hand = Hand([100, 100], limit="pot", seed=3)
    menu = _menu(hand)
    menu.play(CHECK_CALL)
    before = (hand.history, hand.stacks, hand.actor, menu.legal_actions())
    with pytest.raises(IllegalActionError):
        menu.play(bad)
    assert (hand.history, hand.stacks, hand.actor, menu.legal_actions()) == before


def test_random_play_offers_only_actions_the_hand_takes_each_once():
    rng = random.Random(7)
    for limit in ("fixed", "pot", "no"):
        for _ in range(300):
            n = rng.randint(2, 6)
            hand = Hand(
                [rng.randint(1, 300) for _ in range(n)], limit=limit, ante=rng.choice((0, 1)), seed=rng.randrange(10**6)
            )
            menu = _menu(hand, (Fraction(1, 3), Fraction(1, 2), Fraction(1)), max_raises=rng.randint(0, 3))
            while hand.actor is not None:
                legal = menu.legal_actions()
                totals = [menu.total_of(action) for action in legal if action >= 2]
                assert len(totals) == len(set(totals))
                for total in totals:
                    assert hand.min_raise_to <= total <= hand.max_raise_to and hand.can_raise_to(total)
                if hand.can_check():
                    assert FOLD not in legal and CHECK_CALL in legal
                else:
                    assert legal[:2] == [FOLD, CHECK_CALL]
                menu.play(rng.choice(legal))
            assert sum(hand.result.net) == 0


def test_copies_play_apart():
    menu = _menu(Hand([100, 100], limit="no", seed=1))
    twin = menu.copy()
    menu.play(3)
    assert twin.hand.bets == (2, 1) and menu.hand.bets == (2, 6)
    assert twin.legal_actions() == [FOLD, CHECK_CALL, 2, 3, 4]


BAD_RULES = [
    ({"limit": "nolimit"}, "limit must be"),
    ({"players": 1}, "players must be 2..10"),
    ({"players": 11}, "players must be 2..10"),
    ({"players": 2.0}, "players must be an int"),
    ({"blinds": "1"}, "blinds must be two numbers"),
    ({"blinds": "2 1"}, "small blind of at most the big blind"),
    ({"blinds": "1 0"}, "big blind of at least 1"),
    ({"blinds": "a b"}, "not a whole number"),
    ({"blinds": "1.5 2"}, "not a whole number"),
    ({"stacks": "100 100 100"}, "one stack for every seat"),
    ({"stacks": "0"}, "stacks must be at least 1"),
    ({"stacks": None}, "stacks must be numbers"),
    ({"ante": -1}, "ante must be at least 0"),
    ({"hole_size": 6}, "hole_size must be 4 or 5"),
    ({"hole_size": True}, "hole_size must be 4 or 5"),
    ({"bets": "0"}, "not a pot fraction above 0"),
    ({"bets": "-0.5"}, "not a pot fraction above 0"),
    ({"bets": "half"}, "is not a pot fraction"),
    ({"bets": "1/0"}, "is not a pot fraction"),
    ({"bets": "1.5"}, "above 1, more than pot limit allows"),
    ({"bets": "0.5 50%"}, "given twice"),
    ({"bets": " ".join(str(i) for i in range(1, 18)), "limit": "no"}, "at most 16 sizes"),
    ({"max_raises": -1}, "max_raises must be 0..64"),
    ({"fixed_bets": "2"}, "fixed_bets must be two numbers"),
    ({"players": 10, "hole_size": 5}, "more than the deck holds"),
]


@pytest.mark.parametrize(("params", "words"), BAD_RULES)
def test_bad_rules_are_a_game_config_error_naming_the_problem(params, words):
    with pytest.raises(GameConfigError, match=words.replace("(", r"\(").replace(".", r"\.")):
        read_rules(params)


def test_rules_read_lists_as_words_or_sequences():
    rules = read_rules({"players": 3, "stacks": "100 50 25", "blinds": [1, 2], "bets": "1/3 75% 2", "limit": "no"})
    assert rules.stacks == (100, 50, 25) and rules.blinds == (1, 2)
    assert rules.bets == (Fraction(1, 3), Fraction(3, 4), Fraction(2)) and rules.actions == 6
    assert read_rules({"players": 4, "stacks": 80}).stacks == (80,) * 4
    assert read_rules({"fixed_bets": "3 6"}).fixed_bets == (3, 6)
    assert read_rules({"blinds": "5 10"}).fixed_bets == (10, 20)


def test_the_vector_shows_cards_chips_and_the_betting_so_far():
    hand = Hand([100, 100, 100], limit="pot", holes=["AsKsQsJs", "2c3c4c5c", "7d7h8d8h"], board="2d3d4dKhQh", seed=1)
    hand.raise_to(7)  # seat 2 (the button) raises
    hand.call()  # seat 0 (small blind) calls 6
    hand.fold()  # seat 1 folds
    hand.raise_to(5)  # the flop: seat 0 bets 5
    vector = table_vector(hand, 2, 6, 2.0)
    assert len(vector) == vector_size(6) == 104 + 10 + 6 + 6 * 11
    assert [card for card in range(52) if vector[card]] == sorted(int(c) for c in hand.holes[2])
    assert [card for card in range(52) if vector[52 + card]] == sorted(int(c) for c in hand.board)
    street, numbers = vector[104:109], vector[109:114]
    assert street == [0, 1, 0, 0, 0]
    assert numbers[0] == 21 / 2 and numbers[1] == 5 / 2 and numbers[4] == 1.0  # pot, to call, a raise open
    assert vector[114 + 2] == 1.0  # its own seat
    seats = vector[120 : 120 + 6 * 7]
    # Seat 2 first (itself: the button, to act), then seat 0, seat 1, then padding.
    assert seats[0:7] == [93 / 2, 0, 7 / 2, 0, 0, 1, 1]
    assert seats[7:14] == [88 / 2, 5 / 2, 12 / 2, 0, 0, 0, 0]
    assert seats[14:21] == [98 / 2, 0, 2 / 2, 1, 0, 0, 0]
    assert seats[21:] == [0.0] * 21
    streets = vector[162:]
    assert streets[0:4] == [7 / 2, 0, 0, 0] and streets[4:8] == [7 / 2, 5 / 2, 0, 0] and streets[8:12] == [1, 0, 0, 0]
    for step in range(3):
        assert sum(streets[4 * step : 4 * step + 4]) == seats[7 * step + 2]


def test_numpy_numbers_are_numbers_and_arrays_are_refused_in_words():
    # A lone numpy integer for stacks was refused, hole_size kept numpy's type, and an array for
    # the limit, the hole size or an action raised numpy's "truth value is ambiguous" or a TypeError.
    numpy = pytest.importorskip("numpy")
    rules = read_rules(
        {
            "stacks": numpy.int64(50),
            "blinds": [numpy.int64(1), numpy.int32(2)],
            "hole_size": numpy.int64(5),
            "fixed_bets": "2 4",
        }
    )
    assert rules.stacks == (50, 50) and rules.blinds == (1, 2)
    assert rules.hole_size == 5 and type(rules.hole_size) is int
    for params, words in (
        ({"limit": numpy.array(["pot", "no"])}, "limit"),
        ({"hole_size": numpy.array([4, 5])}, "hole_size"),
        ({"hole_size": numpy.float64(4.0)}, "hole_size"),
    ):
        with pytest.raises(GameConfigError, match=words):
            read_rules(params)
    menu = _menu(Hand([100, 100], limit="pot", seed=3))
    assert menu.why_not(numpy.int64(1)) is None
    assert "whole number" in menu.why_not(numpy.array([1, 2]))
    with pytest.raises(IllegalActionError, match="whole number"):
        menu.play(numpy.array([0, 1]))
    assert menu.play(numpy.int64(1)).kind == "call"
