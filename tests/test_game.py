"""The betting engine against RULES.md, "Betting": every rule its own test, with the figures of
the rules' own examples, derived by hand here (not copied from the engine's output)."""

from __future__ import annotations

import contextlib
import random
import re

import pytest

import omaha8
from omaha8 import CardError, Hand, HandError, IllegalActionError, showdown

# Fixed cards, so that showdowns can be worked out by hand where they matter.
A_HOLES = ["AsAh2s3h", "KsKdQhQc", "7c6c5d4d", "JhJdTsTc", "9s9h8s8h", "2c2d3c3d"]


def snapshot(hand: Hand):
    return (
        hand.actor,
        hand.street,
        hand.to_call,
        hand.can_check(),
        hand.min_raise_to,
        hand.max_raise_to,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.pot,
        hand.board,
        hand.folded,
        hand.is_all_in,
        hand.history,
        hand.result,
    )


def illegal(hand: Hand, action: str, *args, match: str, **kwargs) -> IllegalActionError:
    """The action is refused with words matching ``match``, and nothing changes."""
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=match) as info:
        getattr(hand, action)(*args, **kwargs)
    assert snapshot(hand) == before
    return info.value


def kinds(hand: Hand, street: str) -> list:
    return [
        (a.seat, a.kind, a.total) for a in hand.history if a.street == street and a.kind not in ("hole cards", "board")
    ]


# ---------------------------------------------------------------- seats, blinds and order


def test_three_seats_blinds_and_first_to_act():
    hand = Hand([100, 100, 100], limit="no", blinds=(1, 2), seed=1)
    assert kinds(hand, "preflop") == [(0, "small blind", 1), (1, "big blind", 2)]
    assert hand.actor == 2 and hand.to_call == 2  # the button, first after the big blind
    hand.call()
    assert hand.actor == 0 and hand.to_call == 1  # the small blind adds the difference
    hand.call()
    assert hand.actor == 1 and hand.can_check()  # the big blind's option
    assert hand.min_raise_to == 4
    hand.check()
    assert hand.street == "flop" and len(hand.board) == 3
    assert hand.actor == 0  # first live seat left of the button


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_preflop_only():
    hand = Hand([100, 100], limit="no", seed=2)
    assert kinds(hand, "preflop") == [(1, "small blind", 1), (0, "big blind", 2)]
    assert hand.actor == 1
    hand.call()
    assert hand.actor == 0 and hand.can_check()
    hand.check()
    assert hand.street == "flop" and hand.actor == 0  # the big blind acts first after the flop
    hand.check()
    assert hand.actor == 1


def test_ante_is_dead_money_posted_before_the_blinds():
    hand = Hand([100] * 4, limit="pot", blinds=(1, 2), ante=1, seed=3)
    assert [a.kind for a in hand.history[:6]] == ["ante"] * 4 + ["small blind", "big blind"]
    assert hand.bets == (1, 2, 0, 0)  # antes are not part of anyone's bet
    assert hand.pot == 7 and hand.contributions == (2, 3, 1, 1)
    # Pot limit counts the antes: 2 + (7 + 2) = 11.
    assert hand.max_raise_to == 11


def test_a_player_may_fold_when_checking_is_free():
    hand = Hand([100, 100, 100], limit="no", seed=4)
    hand.call()
    hand.call()
    hand.fold()
    assert hand.folded == (False, True, False)


# ---------------------------------------------------------------- fixed limit


def test_fixed_limit_sizes_and_the_cap_of_four_raises():
    hand = Hand([500] * 4, limit="fixed", blinds=(1, 2), bets=(2, 4), seed=5)
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)
    illegal(hand, "raise_to", 5, match="not the fixed-limit amount 4")
    for target in (4, 6, 8, 10):  # the big blind is the bet; four raises after it
        hand.raise_to(target)
    assert hand.min_raise_to is None
    error = illegal(hand, "raise_to", 12, match="capped at 4 raises")
    assert "may fold or call" in str(error)
    while hand.street == "preflop":
        hand.call()
    # Flop: a bet of 2 and four raises; turn: bets of 4.
    for target in (2, 4, 6, 8, 10):
        hand.raise_to(target)
    assert hand.min_raise_to is None
    while hand.street == "flop":
        hand.call()
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)
    hand.raise_to(4)
    assert hand.min_raise_to == hand.max_raise_to == 8


def test_robert_rules_cap_of_three_and_no_cap():
    capped = Hand([500] * 3, limit="fixed", blinds=(1, 2), max_raises=3, seed=6)
    for target in (4, 6, 8):
        capped.raise_to(target)
    assert capped.min_raise_to is None
    free = Hand([500] * 3, limit="fixed", blinds=(1, 2), max_raises=None, seed=6)
    for target in range(4, 40, 2):
        free.raise_to(target)
    assert free.min_raise_to == 40


def _flop_with_bet(stacks):
    """Four seats limp to the flop at fixed limit 20/40 (blinds 10/20); seat 0 (A) bets 20."""
    hand = Hand(stacks, limit="fixed", blinds=(10, 20), bets=(20, 40), seed=7)
    while hand.street == "preflop":
        hand.call() if not hand.can_check() else hand.check()
    assert hand.actor == 0
    hand.raise_to(20)
    return hand


def test_fixed_limit_all_in_under_half_a_bet_does_not_reopen():
    # RULES.md: A bets 20; B is all-in for 25: C may call 25 or raise to 40; A, facing only 25
    # if C calls, may just call or fold.
    hand = _flop_with_bet([200, 45, 200, 200])  # B has 25 left after the 20 preflop
    hand.all_in()  # B: all-in for 25
    assert hand.bets[1] == 25 and hand.is_all_in[1]
    assert (hand.actor, hand.to_call, hand.min_raise_to, hand.max_raise_to) == (2, 25, 40, 40)
    hand.call()  # C calls 25
    hand.call()  # D calls 25
    assert hand.actor == 0 and hand.to_call == 5 and hand.min_raise_to is None
    illegal(hand, "raise_to", 40, match="does not reopen")


def test_fixed_limit_all_in_of_half_a_bet_reopens():
    # Had B been all-in for 30 (half a bet), it counts as a raise: C could raise to 50 and A
    # could re-raise.
    hand = _flop_with_bet([200, 50, 200, 200])
    hand.all_in()  # B: all-in for 30
    assert (hand.min_raise_to, hand.max_raise_to) == (50, 50)
    hand.call()  # C calls 30
    hand.call()  # D calls 30
    assert hand.actor == 0 and hand.min_raise_to == 50
    hand.raise_to(50)
    assert hand.history[-1].kind == "raise"


def test_fixed_limit_completion_after_a_short_raise():
    hand = _flop_with_bet([200, 45, 200, 200])
    hand.all_in()
    hand.raise_to(40)  # C completes to a full raise over 20
    assert hand.actor == 3 and (hand.min_raise_to, hand.max_raise_to) == (60, 60)
    hand.call()
    assert hand.actor == 0 and hand.min_raise_to == 60  # a full raise reopens A


# ---------------------------------------------------------------- pot limit


def _pot_of_100_with_a_bet_of_50():
    """Heads-up pot limit, 50 each preflop: 100 in the middle; the big blind bets 50 on the flop."""
    hand = Hand([1000, 1000], limit="pot", blinds=(1, 2), seed=8)
    hand.raise_to(6)  # the button
    hand.raise_to(18)  # the big blind
    hand.raise_to(50)  # the button: at most 18 + (6 + 18) + 12 = 54
    hand.call()
    assert hand.street == "flop" and hand.pot == 100
    hand.raise_to(50)
    return hand


def test_pot_limit_raise_is_the_bet_plus_the_pot_after_the_call():
    hand = _pot_of_100_with_a_bet_of_50()
    assert hand.to_call == 50 and hand.max_raise_to == 250
    assert hand.min_raise_to == 100  # the previous bet's size again
    illegal(hand, "raise_to", 251, match="more than the pot-limit maximum 250")
    illegal(hand, "raise_to", 99, match="less than the minimum 100")
    illegal(hand, "all_in", match="past the most it may bet")
    hand.raise_to(250)
    assert hand.pot == 400


@pytest.mark.parametrize("seats, opener_max", [(3, 7), (6, 7), (2, 6)])
def test_pot_limit_first_raise_before_the_flop(seats, opener_max):
    # 1/2 blinds: the first player may raise to 7; heads-up the button, who has 1 in, to 6.
    hand = Hand([500] * seats, limit="pot", blinds=(1, 2), seed=9)
    assert (hand.min_raise_to, hand.max_raise_to) == (4, opener_max)


def test_pot_limit_smallest_bet_is_the_big_blind():
    hand = Hand([500] * 3, limit="pot", blinds=(5, 10), seed=10)
    hand.call()
    hand.call()
    hand.check()
    assert hand.min_raise_to == 10 and hand.max_raise_to == 30
    illegal(hand, "raise_to", 9, match="less than the minimum 10")


def test_pot_limit_has_no_cap():
    # Twenty-five pot-sized raises in a row, each the call plus the pot after it (RULES.md), the
    # pot tripling and more each time, and a twenty-sixth still offered.
    hand = Hand([10**15] * 2, limit="pot", blinds=(1, 2), seed=11)
    for _ in range(25):
        actor = hand.actor
        facing = hand.bets[actor] + hand.to_call
        assert hand.max_raise_to == facing + hand.pot + hand.to_call
        pot_before = hand.pot
        action = hand.raise_to(hand.max_raise_to)
        assert action.kind == "raise" and hand.pot == pot_before + action.amount
    assert hand.min_raise_to is not None and hand.max_raise_to > hand.min_raise_to
    assert hand.pot > 3**25


# ---------------------------------------------------------------- no limit


def test_no_limit_min_raise_is_the_largest_full_raise():
    hand = Hand([1000] * 4, limit="no", blinds=(1, 2), seed=12)
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 1000)
    hand.raise_to(10)  # a raise of 8
    assert hand.min_raise_to == 18
    illegal(hand, "raise_to", 17, match="less than the minimum 18")
    hand.raise_to(40)  # a raise of 30
    assert hand.min_raise_to == 70
    hand.all_in()
    assert hand.bets[0] == 1000 and hand.is_all_in[0]


def test_no_limit_bet_from_the_big_blind_to_all_in():
    hand = Hand([300, 300, 300], limit="no", blinds=(2, 4), seed=13)
    hand.call()
    hand.call()
    hand.check()
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 296)
    hand.raise_to(10**6)  # past the stack, which is what limits it: all-in
    assert hand.bets[0] == 296 and hand.history[-1].all_in


# ---------------------------------------------------------------- short all-ins (pot and no limit)


def _short_all_in_hand(limit):
    """Seat 2 (first to act) opens to 6, seat 3 calls, seat 0 folds, seat 1 (the big blind,
    9 chips) goes all-in for 9: a raise of 3, short of a full raise of 4."""
    hand = Hand([200, 9, 200, 200], limit=limit, blinds=(1, 2), seed=14)
    hand.raise_to(6)
    hand.call()
    hand.fold()
    hand.all_in()
    assert hand.bets == (1, 9, 6, 6) and hand.is_all_in[1]
    return hand


@pytest.mark.parametrize("limit", ["pot", "no"])
def test_short_all_in_leaves_those_who_acted_to_call_or_fold(limit):
    hand = _short_all_in_hand(limit)
    assert hand.actor == 2 and hand.to_call == 3 and hand.min_raise_to is None
    illegal(hand, "raise_to", 20, match="does not reopen")
    illegal(hand, "all_in", match="does not reopen")
    hand.call()
    assert hand.actor == 3 and hand.min_raise_to is None
    hand.call()
    assert hand.street == "flop"


@pytest.mark.parametrize("limit", ["pot", "no"])
def test_a_player_yet_to_act_may_raise_over_a_short_all_in_from_the_last_full_raise(limit):
    # Five seats: seat 2 opens to 6, seat 3 goes all-in for 9 (short), seat 4 has not acted:
    # it may raise, at least to 9 + 4 (the last full raise is still 4).
    hand = Hand([200, 200, 200, 9, 200], limit=limit, blinds=(1, 2), seed=15)
    hand.raise_to(6)
    hand.all_in()
    assert hand.actor == 4 and hand.min_raise_to == 13


def test_short_all_ins_that_add_up_to_a_full_raise_reopen():
    # No limit: seat 2 bets 100 on the flop... set up preflop for simplicity: seat 2 raises to
    # 100 (a raise of 98); seats 3 and 4 go all-in for 130 and 170 (each short), then seat 5 for
    # 210: 110 over the 100 seat 2 last faced, a full raise: seat 2 may raise again.
    hand = Hand([1000, 1000, 1000, 130, 170, 210], limit="no", blinds=(1, 2), seed=16)
    hand.raise_to(100)  # seat 2
    hand.all_in()  # seat 3: 130
    hand.all_in()  # seat 4: 170
    assert hand.actor == 5 and hand.min_raise_to == hand.max_raise_to == 210  # only all-in
    hand.all_in()  # seat 5: 210, short of a full raise to 268 too
    hand.call()  # seat 0
    hand.fold()  # seat 1
    assert hand.actor == 2 and hand.min_raise_to is not None  # 210 - 100 >= 98


def test_short_all_ins_short_of_a_full_raise_together_do_not_reopen():
    hand = Hand([1000, 1000, 1000, 130, 170], limit="no", blinds=(1, 2), seed=16)
    hand.raise_to(100)
    hand.all_in()
    hand.all_in()  # 170: 70 over the 100 seat 2 faced, short of 98
    hand.call()
    hand.fold()
    assert hand.actor == 2 and hand.min_raise_to is None


def test_a_short_big_blind_does_not_lower_the_bet():
    # The big blind has 1 chip: it posts it and is all-in; the others still call 2.
    hand = Hand([100, 1, 100], limit="no", blinds=(1, 2), seed=17)
    assert hand.bets == (1, 1, 0) and hand.is_all_in[1]
    assert hand.actor == 2 and hand.to_call == 2 and hand.min_raise_to == 4
    hand.call()
    hand.call()
    # The one chip over the big blind's forms a side pot between seats 0 and 2.
    assert hand.street == "flop" and hand.contributions == (2, 1, 2)


def test_a_raise_nobody_can_call_in_full_is_legal_and_the_rest_goes_back():
    hand = Hand([600, 100, 300], limit="no", blinds=(1, 2), seed=18)
    hand.raise_to(50)  # seat 2
    hand.all_in()  # seat 0: 600, more than anyone can call
    hand.call()  # seat 1: all-in for 100
    hand.call()  # seat 2: all-in for 300
    assert hand.street == "over" and hand.contributions == (300, 100, 300)
    back = [a for a in hand.history if a.kind == "return"]
    assert back == [omaha8.Action("preflop", 0, "return", 300, 300, False)]


def test_no_raise_when_every_other_player_is_all_in():
    # When at most one live player has chips there is no more betting: facing an all-in it may
    # call or fold, and having matched, it is not asked again (the big blind's option included).
    heads_up = Hand([500, 80], limit="no", blinds=(1, 2), seed=19)
    heads_up.all_in()  # the button: 80
    assert heads_up.actor == 0 and heads_up.min_raise_to is None
    illegal(heads_up, "raise_to", 500, match="no other player has chips to call more")
    heads_up.call()
    assert heads_up.street == "over" and heads_up.contributions == (80, 80)
    option = Hand([1, 100, 2], limit="no", blinds=(1, 2), seed=19)
    option.call()  # seat 2: all-in for 2; seat 0 is all-in on its blind
    assert option.street == "over"


def test_a_bet_nobody_calls_goes_back_and_the_pot_to_the_last_player():
    hand = Hand([100, 100, 100], limit="pot", blinds=(1, 2), seed=20)
    hand.raise_to(7)
    hand.fold()
    hand.fold()
    assert hand.street == "over"
    assert hand.contributions == (1, 2, 2)  # 5 of the 7 went back
    assert hand.result.payouts == (0, 0, 5) and hand.stacks == (99, 98, 103)
    assert hand.showdown_order == ()


# ---------------------------------------------------------------- showdown and pots


def test_the_engine_settles_as_showdown_does_with_side_pots():
    holes = ["Ah2sKcKs", "As3sQhQd", "JcJdTcTd", "9c8c7d6d"]
    hand = Hand([20, 100, 100, 100], limit="no", blinds=(1, 2), holes=holes, board="4h5c7hQsAd", seed=21)
    hand.raise_to(40)  # seat 2
    hand.fold()  # seat 3
    hand.all_in()  # seat 0: 20
    hand.all_in()  # seat 1: 100
    hand.call()  # seat 2 calls 100
    assert hand.street == "over" and len(hand.board) == 5
    expected = showdown("4h5c7hQsAd", [holes[0], holes[1], holes[2], None], [20, 100, 100, 0])
    assert hand.result == expected
    # Settled by hand: main pot 60 (seats 0-2): high queens (seat 1), low 7-5-4-2-A (seat 0)
    # beats 7-5-4-3-A (seat 1): 30 each; side pot 160 (seats 1, 2): seat 1 scoops.
    assert hand.result.payouts == (30, 190, 0, 0)
    assert sum(hand.stacks) == 320


def test_hi_lo_is_decided_per_pot():
    # pokerkit decides whether a pot is split by the table; the rules say per pot. Seat 0 holds
    # the only low and is all-in for the main pot only: the side pot has no eligible low, so its
    # high takes all of it.
    holes = ["Ah2sJs9c", "QcQd9h9d", "JcJdTcTd"]
    hand = Hand([10, 100, 100], limit="no", blinds=(1, 2), holes=holes, board="4h5c7hQsKd", seed=22)
    hand.all_in()  # seat 2: 100
    hand.call()  # seat 0: all-in for 10
    hand.call()  # seat 1: 100
    pots = hand.result.pots
    assert [p.amount for p in pots] == [30, 180]
    assert pots[0].low_winners == (0,) and pots[1].low_winners == ()
    assert hand.result.payouts == (15, 195, 0)


def test_showdown_order_last_aggressor_first():
    hand = Hand([100, 100, 100], limit="pot", blinds=(1, 2), seed=23)
    hand.call()
    hand.call()
    hand.check()
    for _ in range(2):  # flop and turn checked around
        hand.check()
        hand.check()
        hand.check()
    hand.check()  # river: seat 0 checks, seat 1 bets, seats 2 and 0 call
    hand.raise_to(2)
    hand.call()
    hand.call()
    assert hand.showdown_order == (1, 2, 0)


def test_showdown_order_without_a_river_bet_starts_left_of_the_button():
    hand = Hand([100, 100, 100], limit="pot", blinds=(1, 2), seed=24)
    hand.call()
    hand.fold()
    hand.check()
    while hand.street != "over":
        hand.check()
    assert hand.showdown_order == (1, 2)  # seat 0 folded: seat 1 is the first live seat


def test_showdown_order_after_an_all_in_runout():
    hand = Hand([100, 100, 100], limit="no", blinds=(1, 2), seed=25)
    hand.raise_to(6)  # seat 2
    hand.all_in()  # seat 0: the last to raise
    hand.call()  # seat 1
    hand.call()  # seat 2
    assert hand.street == "over" and hand.showdown_order == (0, 1, 2)


# ---------------------------------------------------------------- illegal actions


def test_out_of_turn_after_the_end_and_wrong_kinds_are_illegal():
    hand = Hand([100, 100, 100], limit="no", seed=26)
    # Messages count seats from 1; seat= arguments and attributes from 0 (issue 32).
    illegal(hand, "call", seat=0, match=r"call for seat=0: it is seat 3's turn \(seat=2\)")
    illegal(hand, "check", match="cannot check facing a bet of 2")
    hand.call(seat=2)
    hand.call(seat=0)
    illegal(hand, "call", match="nothing to call")
    illegal(hand, "raise_to", 2.5, match="whole number")
    illegal(hand, "raise_to", True, match="whole number")
    hand.fold()
    hand.fold()
    assert hand.street == "over"
    for action in ("fold", "check", "call", "all_in"):
        illegal(hand, action, match="the hand is over")
    illegal(hand, "raise_to", 10, match="the hand is over")


def test_illegal_messages_name_what_is_legal():
    hand = Hand([100, 100, 100], limit="fixed", blinds=(1, 2), bets=(2, 4), seed=27)
    error = illegal(hand, "raise_to", 5, match="fixed-limit")
    assert hand.actor == 2
    assert str(error).endswith("seat 3 may fold, call 2, or raise to 4 (fixed limit)")
    hand = _pot_of_100_with_a_bet_of_50()
    error = illegal(hand, "raise_to", 300, match="pot-limit")
    assert hand.actor == 1
    assert str(error).endswith("seat 2 may fold, call 50, or raise to 100 to 250 (pot limit)")


def test_a_call_larger_than_the_stack_is_all_in():
    hand = Hand([100, 100, 30], limit="no", blinds=(1, 2), seed=28)
    hand.call()
    hand.raise_to(60)
    hand.call()
    # Facing 58 more with 28 left, the button's call puts in the 28 and it is all-in.
    assert hand.actor == 2 and hand.to_call == 28
    hand.call()
    assert hand.history[-2][1:6] == (2, "call", 28, 30, True)
    assert hand.is_all_in == (False, False, True) and hand.contributions == (60, 60, 30)
    assert hand.street == "flop" and hand.actor == 0


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (dict(stacks=[100]), HandError, "2 to 10 seats"),
        (dict(stacks=[100] * 11), HandError, "2 to 10 seats"),
        (dict(stacks=[100, 0]), HandError, "stack of seat 2 must be at least 1"),
        (dict(stacks=[100, -5]), HandError, "stack of seat 2"),
        (dict(stacks=[100, 2.5]), HandError, "must be an int"),
        (dict(stacks="100"), HandError, "stacks must be a list"),
        (dict(stacks=[100, 100], limit="spread"), HandError, "limit must be"),
        (dict(stacks=[100, 100], blinds=(1,)), HandError, "blinds must be two ints"),
        (dict(stacks=[100, 100], blinds=(1, 2, 3)), HandError, "blinds must be two ints"),
        (dict(stacks=[100, 100], blinds=(3, 2)), HandError, "larger than the big blind"),
        (dict(stacks=[100, 100], blinds=(0, 0)), HandError, "big blind must be at least 1"),
        # A lone blind past the engine's chips, the bets given: refused, not an OverflowError in C.
        (dict(stacks=[100, 100, 100], blinds=(2**70, 0), bets=(2, 4)), HandError, "must be at most"),
        (dict(stacks=[100, 100, 100], blinds=(2**62 + 1, 0), bets=(2, 4)), HandError, "must be at most"),
        (dict(stacks=[100, 100], ante=-1), HandError, "ante must be at least 0"),
        (dict(stacks=[100, 100], bets=(0, 4)), HandError, "bets must be at least 1"),
        (dict(stacks=[100, 100], max_raises=-1), HandError, "max_raises"),
        (dict(stacks=[100, 100], hole_size=7), HandError, "hole_size"),
        (dict(stacks=[100] * 10, hole_size=5), HandError, "more than the deck holds"),
        (dict(stacks=[100, 100], holes=["AsAh2s3h"]), HandError, "one entry per seat"),
        (dict(stacks=[100, 100], holes=["AsAh2s3h", "AsKdQhQc"]), CardError, "duplicate card As"),
        (dict(stacks=[100, 100], holes=["AsAh2s", None]), CardError, "seat 1: wrong number of hole cards"),
        (dict(stacks=[100, 100], holes=["AsAh2s3h", None], board="3h4c5d"), CardError, "duplicate card 3h"),
        (dict(stacks=[100, 100], board="3h4c5d6d7d8d"), CardError, "wrong number of board cards"),
        (dict(stacks=[100, 100], seed=-3), HandError, "seed"),
        (dict(stacks=[100, 100], seed=2**64), HandError, "seed must be below 2\\*\\*64"),
        (dict(stacks=[2**61, 2**61, 2]), HandError, "more than 4,611,686,018,427,387,904 chips"),
        (dict(stacks=[100, 100], blinds=(1, 2**70)), HandError, "must be at most"),
        (dict(stacks=[100, 100], ante=2**63), HandError, "must be at most"),
        (
            dict(stacks=[100] * 3, posts={1: (2, 0)}),
            HandError,
            r"posts: 1 is not the index of a seat other than the blinds' \(2..2, counted from 0\)",
        ),
        (dict(stacks=[100] * 3, posts={2: (3, 0)}), HandError, "more than the big blind 2"),
        (dict(stacks=[100] * 3, posts=[(2, 2, 0)]), HandError, "posts must be a dict"),
    ],
)
def test_bad_hands_are_refused_at_construction(kwargs, error, message):
    with pytest.raises(error, match=message) as info:
        Hand(**kwargs)
    assert isinstance(info.value, ValueError)


def test_a_player_coming_in_posts_a_live_and_a_dead_blind():
    hand = Hand([100] * 4, limit="pot", blinds=(1, 2), posts={2: (2, 1)}, seed=40)
    assert [(a.seat, a.kind, a.amount) for a in hand.history[:4]] == [
        (0, "small blind", 1),
        (1, "big blind", 2),
        (2, "dead blind", 1),
        (2, "big blind", 2),
    ]
    assert hand.bets == (1, 2, 2, 0) and hand.pot == 6 and hand.actor == 2 and hand.can_check()
    # Pot limit counts the dead chip: 2 + (6 + 0) = 8 for seat 2, who may check.
    assert hand.max_raise_to == 8


def test_a_short_stack_posts_what_it_has():
    hand = Hand([1, 100, 100], limit="pot", blinds=(2, 4), ante=1, seed=29)
    assert hand.contributions[0] == 1 and hand.is_all_in[0] and hand.bets[0] == 0


def test_the_compiled_and_the_plain_engine_play_alike():
    # The build compiles game.py; the same source runs as plain Python where nothing compiles.
    import importlib.util
    from pathlib import Path

    import omaha8.game as live

    source = Path(live.__file__).with_name("game.py")
    spec = importlib.util.spec_from_file_location("omaha8._game_source", source)
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    for seed in range(300):
        hands = []
        for module in (live, plain):
            rng = random.Random(seed)
            hand = random_hand(rng, module.Hand)
            while hand.actor is not None:
                random_action(hand, rng, module.IllegalActionError)
            hands.append(hand)
        ours, theirs = hands
        assert ours.history == theirs.history and ours.result == theirs.result
        assert ours.stacks == theirs.stacks and ours.showdown_order == theirs.showdown_order


def test_a_hand_without_a_seed_says_which_it_drew():
    hand = Hand([100, 100, 100], seed=None)
    assert 0 <= hand.seed < 2**64
    again = Hand([100, 100, 100], seed=hand.seed)
    assert again.holes == hand.holes and again._board_cards == hand._board_cards


def test_given_cards_are_dealt_and_the_rest_come_from_the_seed():
    holes = ["AsAh2s3h", None, "KsKdQhQc"]
    first = Hand([100] * 3, holes=holes, board="2c7d", seed=30)
    again = Hand([100] * 3, holes=holes, board="2c7d", seed=30)
    assert first.holes == again.holes and first._board_cards == again._board_cards
    assert [str(c) for c in first.holes[0]] == ["As", "Ah", "2s", "3h"]
    assert [str(c) for c in first._board_cards[:2]] == ["2c", "7d"]
    cards = [c for hole in first.holes for c in hole] + list(first._board_cards)
    assert len(set(cards)) == len(cards) == 17


# ---------------------------------------------------------------- random hands keep every chip


def random_hand(rng: random.Random, make=None) -> Hand:
    seats = rng.randrange(2, 11)
    limit = rng.choice(["fixed", "pot", "no"])
    big = rng.choice([1, 2, 4, 10])
    stacks = [rng.choice([1, 2, 3, big * 3, big * 20, big * 100, rng.randrange(1, big * 200)]) for _ in range(seats)]
    return (make or Hand)(
        stacks,
        limit=limit,
        blinds=(rng.choice([0, big // 2, big]), big),
        ante=rng.choice([0, 0, 1, big]),
        max_raises=rng.choice([None, 3, 4]),
        hole_size=4 if seats > 8 else rng.choice([4, 5]),
        seed=rng.randrange(2**32),
    )


def random_action(hand: Hand, rng: random.Random, refused=IllegalActionError) -> None:
    choice = rng.randrange(4)
    if choice == 0:
        hand.fold()
    elif choice == 1 or hand.min_raise_to is None:
        hand.check() if hand.can_check() else hand.call()
    elif choice == 2:
        hand.raise_to(rng.randint(hand.min_raise_to, hand.max_raise_to))
    else:
        try:
            hand.all_in()
        except refused:
            hand.raise_to(hand.max_raise_to)


def test_random_hands_conserve_every_chip():
    rng = random.Random(31)
    for _ in range(3000):
        hand = random_hand(rng)
        start = hand.starting_stacks
        steps = 0
        while hand.actor is not None:
            random_action(hand, rng)
            steps += 1
            if hand.street != "over":
                assert sum(hand.stacks) + hand.pot == sum(start)
            assert all(s >= 0 for s in hand.stacks)
        assert steps < 500
        result = hand.result
        assert sum(result.payouts) == sum(hand.contributions) == sum(p.amount for p in result.pots)
        assert tuple(s + c - p for s, c, p in zip(hand.stacks, hand.contributions, result.payouts)) == start
        assert hand.bets == (0,) * hand.n


# ---------------------------------------------------------------- the deal


def test_both_engines_draw_the_same_cards(core, fallback):
    from collections import Counter

    pool = list(range(52))
    for seed in (0, 1, 2**64 - 1):
        assert core.draw_cards(seed, pool, 29) == fallback.draw_cards(seed, pool, 29)
    drawn = core.draw_cards(7, pool[10:40], 30)
    assert sorted(drawn) == pool[10:40] and all(type(c) is omaha8.Card for c in drawn)
    # Each card comes first about equally often (52,000 draws: 1,000 each, sd about 31).
    firsts = Counter(core.draw_cards(seed, pool, 1)[0] for seed in range(52_000))
    assert len(firsts) == 52 and max(firsts.values()) < 1150 and min(firsts.values()) > 850


@pytest.mark.parametrize(
    "args, message",
    [
        ((1, [1, 2, 2], 1), "appears twice"),
        ((1, [1, 2, 52], 1), "outside 0..51"),
        ((1, [1, 2, 3], 4), "count must be"),
        ((-1, [1, 2, 3], 1), "seed must be"),
        ((2**64, [1, 2, 3], 1), "seed must be"),
        ((1, list(range(52)) + [0], 1), "at most 52"),
        ((1, [1, 2, None], 1), "a card must be"),
    ],
)
def test_bad_draws_fail_alike(core, fallback, args, message):
    for module in (core, fallback):
        with pytest.raises(ValueError, match=message):
            module.draw_cards(*args)


# ---------------------------------------------------------------- hardening (issue 16)

PUBLIC_STATE = (
    "n",
    "limit",
    "blinds",
    "ante",
    "fixed_bets",
    "max_raises",
    "hole_size",
    "seed",
    "actor",
    "to_call",
    "min_raise_to",
    "max_raise_to",
)


@pytest.mark.parametrize("name", PUBLIC_STATE)
def test_the_public_state_is_read_only(name):
    hand = Hand([100, 100, 100], limit="pot", blinds=(1, 2))
    hand.raise_to(7)
    before = snapshot(hand)
    with pytest.raises(AttributeError):
        setattr(hand, name, 0)
    assert snapshot(hand) == before


def test_a_check_facing_a_bet_stays_illegal_whatever_a_caller_writes():
    hand = Hand([100, 100, 100], limit="pot", blinds=(1, 2))
    with pytest.raises(AttributeError):
        hand.to_call = 0
    assert not hand.can_check()
    illegal(hand, "check", match="cannot check facing a bet")


def test_each_action_returns_the_action_it_records():
    hand = Hand([100, 100, 100], limit="no", blinds=(1, 2))
    raised = hand.raise_to(6)
    assert raised == hand.history[-1] and (raised.kind, raised.seat, raised.total) == ("raise", 2, 6)
    called = hand.call()
    assert (called.kind, called.seat, called.amount) == ("call", 0, 5)
    folded = hand.fold()
    assert (folded.kind, folded.seat) == ("fold", 1)
    # The action comes back even when it ends the round and the board is dealt after it.
    assert hand.history[-1].kind == "board" and folded in hand.history
    checked = hand.check()
    assert (checked.kind, checked.street) == ("check", "flop")
    shoved = hand.all_in()
    assert (shoved.kind, shoved.amount, shoved.all_in) == ("bet", 94, True)
    final = hand.call()
    assert (final.kind, final.all_in) == ("call", True) and hand.street == "over"


def test_one_hand_driven_from_four_threads_keeps_every_chip():
    import sys
    import threading

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        for trial in range(60):
            hand = Hand([1000] * 6, limit="pot", blinds=(5, 10), seed=trial)
            errors = []

            def play():
                try:
                    for _ in range(400):
                        if hand.actor is None:
                            return
                        with contextlib.suppress(IllegalActionError):  # another thread acted first
                            hand.check() if hand.can_check() else hand.call()
                except Exception as error:  # anything else is a corrupted hand
                    errors.append(error)

            threads = [threading.Thread(target=play) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert not errors
            assert hand.street == "over"
            assert sum(hand.stacks) == 6000
            assert sum(hand.result.payouts) == sum(hand.contributions)
            # Every seat called or checked in turn: no action was recorded twice for one turn.
            calls = [a for a in hand.history if a.kind == "call" and a.street == "preflop"]
            assert [a.seat for a in calls] == [2, 3, 4, 5, 0]
    finally:
        sys.setswitchinterval(old)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"stacks": [100, 100.0]}, "must be an int, not float"),
        ({"stacks": [100, True]}, "must be an int, not bool"),
        ({"stacks": [100, 100], "blinds": (1.0, 2)}, "must be an int"),
        ({"stacks": [100, 100], "ante": 1.5}, "must be an int"),
        ({"stacks": [100, 100], "seed": 1.0}, "must be an int"),
        ({"stacks": [100, 100], "seed": False}, "must be an int"),
        ({"stacks": [100, 100], "max_raises": 2.0}, "must be an int"),
        ({"stacks": [100, 100], "hole_size": 4.0}, "hole_size must be 4, 5 or 6"),
        ({"stacks": [100, 100], "hole_size": True}, "hole_size must be 4, 5 or 6"),
    ],
)
def test_integer_arguments_are_ints_never_bools_or_floats(kwargs, message):
    with pytest.raises(HandError, match=message):
        Hand(**kwargs)


def test_integer_arguments_take_anything_with_index():
    class Chips:
        def __init__(self, value):
            self.value = value

        def __index__(self):
            return self.value

    hand = Hand([Chips(100), Chips(50)], blinds=(Chips(1), Chips(2)), seed=Chips(3), hole_size=Chips(5))
    assert hand.starting_stacks == (100, 50) and hand.blinds == (1, 2) and hand.seed == 3
    assert hand.hole_size == 5 and type(hand.starting_stacks[0]) is int


# ---------------------------------------------------------------- each action: why not, can, do


def _attempts(hand: Hand, rng: random.Random) -> list:
    """(name, why_not, can, act) for every action, with arguments legal and not."""
    seats = [None, rng.randrange(hand.n), hand.actor, True, -1, hand.n, 2.5, "1"]
    seat = rng.choice(seats)
    totals = [
        rng.randrange(0, 3 * max(hand.stacks) + 3),
        hand.min_raise_to,
        hand.max_raise_to,
        (hand.max_raise_to or 0) + 1,
        (hand.min_raise_to or 2) - 1,
        2.5,
        True,
        "10",
    ]
    total = rng.choice(totals)
    return [
        ("fold", lambda: hand.why_not_fold(seat), lambda: hand.can_fold(seat), lambda: hand.fold(seat)),
        (
            "check",
            lambda: hand.why_not_check(seat),
            lambda: hand.can_check(seat),
            lambda: hand.check(seat),
        ),
        ("call", lambda: hand.why_not_call(seat), lambda: hand.can_call(seat), lambda: hand.call(seat)),
        (
            "raise_to",
            lambda: hand.why_not_raise_to(total, seat),
            lambda: hand.can_raise_to(total, seat),
            lambda: hand.raise_to(total, seat),
        ),
        ("all_in", lambda: hand.why_not_all_in(seat), lambda: hand.can_all_in(seat), lambda: hand.all_in(seat)),
    ]


def _state(hand: Hand) -> tuple:
    return (
        hand.actor,
        hand.street,
        hand.stacks,
        hand.bets,
        hand.pot,
        hand.history,
        hand.min_raise_to,
        hand.max_raise_to,
        hand.to_call,
        hand.can_check(),
    )


def test_each_check_says_what_its_action_raises_and_can_agrees():
    """For random hands and random attempts: the check's reason is None exactly when the action
    succeeds, the can_ form agrees, and a refused action raises that very reason, changing
    nothing."""
    rng = random.Random(1717)
    tried = {"ok": 0, "refused": 0}
    hands = 400 if omaha8.IMPLEMENTATION == "cython" else 60
    for _ in range(hands):
        hand = random_hand(rng)
        while hand.actor is not None:
            for name, why_not, can, act in _attempts(hand, rng):
                why = why_not()
                assert (why is None) == can(), (name, why)
                before = _state(hand)
                if why is None:
                    continue
                with pytest.raises(IllegalActionError) as raised:
                    act()
                assert str(raised.value) == why, name
                assert _state(hand) == before, name
                tried["refused"] += 1
            name, why_not, can, act = rng.choice(_attempts(hand, rng))
            if why_not() is None:
                record = act()
                assert hand.history[-1] is record or record in hand.history
                tried["ok"] += 1
            else:
                random_action(hand, rng)
        for name, why_not, can, act in _attempts(hand, rng):
            assert why_not() is not None and "the hand is over" in why_not() and not can()
    assert tried["ok"] > hands and tried["refused"] > 5 * hands


def test_kinds_limits_and_streets_are_string_enums_equal_to_their_words():
    from omaha8.game import LIMITS, STREETS, Kind, Limit, Street

    assert LIMITS == ("fixed", "pot", "no") and STREETS == ("preflop", "flop", "turn", "river", "over")
    assert [str(k) for k in Kind] == [
        "ante",
        "small blind",
        "big blind",
        "dead blind",
        "hole cards",
        "board",
        "fold",
        "check",
        "call",
        "bet",
        "raise",
        "return",
    ]
    hand = Hand([100, 100], limit="no", seed=4)
    action = hand.call()
    assert action.kind == "call" and action.kind is Kind.CALL and f"{action.kind}" == "call"
    assert hand.limit == "no" and hand.limit is Limit.NO and hand.street is Street.PREFLOP
    assert {a.kind for a in hand.history} <= set(Kind) and all(isinstance(a.street, Street) for a in hand.history)
    assert {"call": 1}[action.kind] == 1  # hashes as its word


# ---------------------------------------------------------------- the board from a dealer, copies, pickles


def random_moves(hand: Hand, rng: random.Random, dealer=None) -> None:
    """Play ``hand`` to its end with random legal actions; ``dealer`` gives board cards."""
    while hand.street != "over":
        if hand.waiting_for:
            dealer(hand)
        else:
            random_action(hand, rng)


@pytest.mark.parametrize("limit", ["fixed", "pot", "no"])
def test_a_hand_waiting_for_its_board_plays_as_the_same_hand_dealt_at_once(limit):
    rng = random.Random(21)
    for trial in range(150):
        n = rng.randint(2, 6)
        stacks = [rng.randint(1, 60) for _ in range(n)]
        dealt = Hand(stacks, limit=limit, ante=rng.randint(0, 1), seed=trial)
        waiting = Hand(stacks, limit=limit, ante=dealt.ante, holes=dealt.holes, wait_for_board=True)
        board = list(Hand(stacks, limit=limit, seed=trial)._board_cards)  # the five the seed deals

        def dealer(hand, board=board):
            shown = len(hand.board) if hand.street != "over" else 5
            hand.deal(board[shown : shown + hand.waiting_for])

        seed = rng.random()
        random_moves(dealt, random.Random(seed))
        random_moves(waiting, random.Random(seed), dealer)
        assert waiting.history == dealt.history
        assert waiting.result == dealt.result and waiting.stacks == dealt.stacks


def test_a_waiting_hand_takes_exactly_the_cards_it_waits_for():
    hand = Hand([50, 50], limit="no", holes=["AsAh2s3h", "KsKdQhQc"], wait_for_board=True)
    hand.call()
    hand.check()
    assert hand.street == "preflop" and hand.actor is None and hand.waiting_for == 3
    assert "waiting for 3 board cards" in repr(hand)
    illegal(hand, "check", match="waits for 3 board cards")
    for bad, words in [
        ("2c3c", "wrong number of board cards"),
        ("2c3cAs", "As is already dealt"),
        ("2c2c3c", "duplicate card 2c"),
        ("2c3cXx", "Xx"),
    ]:
        before = snapshot(hand)
        with pytest.raises(CardError, match=words):
            hand.deal(bad)
        assert snapshot(hand) == before and hand.waiting_for == 3
    action = hand.deal("2c3c4c")
    assert action.kind == "board" and action.street == "flop" and [str(c) for c in action.cards] == ["2c", "3c", "4c"]
    assert hand.street == "flop" and hand.actor == 0 and hand.waiting_for == 0
    illegal(hand, "deal", "5c", match="waits for no board cards")
    hand.all_in()
    hand.call()
    hand.deal("5c")
    assert hand.street == "turn" and hand.waiting_for == 1  # all-in: each street waits, none bets
    hand.deal("6c")
    # Board 2c3c4c5c6c, two hole cards exactly: nobody holds a club, so no flush; 2s3h + 456 is a
    # six-high straight against KK's pair of kings, and As2s + 345 the wheel, the only low: a scoop.
    assert hand.street == "over" and hand.result.payouts == (100, 0)
    illegal(hand, "deal", "7c", match="it is over")


def test_a_hand_given_part_of_its_board_waits_only_for_the_rest():
    hand = Hand([50, 50], holes=["AsAh2s3h", "KsKdQhQc"], board="2c3c4c", wait_for_board=True)
    hand.call()
    hand.check()
    assert hand.street == "flop" and hand.waiting_for == 0 and len(hand.board) == 3
    hand.check()
    hand.check()
    assert hand.waiting_for == 1


def test_copies_are_independent_and_pickles_replay_the_hand():
    import copy
    import pickle

    hand = Hand([80, 60, 40], limit="no", ante=1, posts=None, seed=5)
    hand.call()
    hand.raise_to(10)
    twin = hand.copy()
    for other in (copy.copy(hand), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        assert snapshot(other) == snapshot(hand) and other.seed == hand.seed
    twin.fold()
    assert snapshot(hand) != snapshot(twin) and not hand.folded[twin.history[-1].seat]
    random_moves(hand, random.Random(1))
    assert snapshot(pickle.loads(pickle.dumps(hand))) == snapshot(hand)
    waiting = Hand([30, 30], wait_for_board=True, posts=None, seed=9)
    waiting.call()
    waiting.check()
    back = pickle.loads(pickle.dumps(waiting))
    assert back.waiting_for == 3 and snapshot(back) == snapshot(waiting)
    posted = Hand([30, 30, 30, 30], posts={3: (2, 1)}, seed=4)
    assert snapshot(pickle.loads(pickle.dumps(posted))) == snapshot(posted)


def test_every_can_form_is_a_method_taking_a_seat():
    """Issue 33: ``can_check`` was a property while the other four were methods, so that
    ``if hand.can_call:`` (a bound method) was always true. All five are now methods."""
    hand = Hand([100, 100, 100], limit="pot", blinds=(1, 2))
    actor, other = hand.actor, (hand.actor + 1) % 3
    answers = {
        "can_fold": (True, False),
        "can_check": (False, False),  # facing the big blind
        "can_call": (True, False),
        "can_all_in": (False, False),  # pot limit: 100 is past the most the button may bet
    }
    for name, (for_actor, for_other) in answers.items():
        form = getattr(hand, name)
        assert callable(form)
        assert (form(), form(actor), form(other)) == (for_actor, for_actor, for_other), name
    assert hand.can_raise_to(7, actor) and not hand.can_raise_to(7, other)
    hand.call()
    hand.call()
    assert hand.can_check() and hand.can_check(hand.actor) and not hand.can_call()


def test_no_caller_reads_a_can_form_without_calling_it():
    """A ``can_`` form read without a call is a bound method, always true: no module of omaha8,
    no bench and no example may do that."""
    from pathlib import Path

    root = Path(omaha8.__file__).resolve().parent
    sources = list(root.rglob("*.py")) + list(root.rglob("*.pyx")) + list(root.rglob("*.pxi"))
    checkout = root.parent.parent
    for folder in ("bench", "examples"):
        sources += list((checkout / folder).rglob("*.py"))
    unread = re.compile(r"\.can_(fold|check|call|raise_to|all_in)\b(?!\s*\()")
    found = [
        f"{path.name}:{number}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if unread.search(line.split("#")[0])
    ]
    assert not found, found
