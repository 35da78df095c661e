"""Betting engine speed: random playouts of six-seat pot-limit Omaha Hi-Lo hands, dealt,
bet to the end and settled, through omaha8's Hand and through pokerkit's state machine.

Both engines are driven by the same policy from the same stream of random numbers, drawn in
advance so that the driver costs both as little as it can: at each decision a random choice
among fold (when facing a bet), check or call, and bet or raise (to a random legal amount).
"""

import itertools
import random
import warnings

import pytest

GROUP = "game: random six-seat pot-limit playouts"
STACKS = [200] * 6
OMAHA8_HANDS = 4000
POKERKIT_HANDS = 100


def _stream():
    rng = random.Random(2026)
    return itertools.cycle([rng.random() for _ in range(1 << 16)])


def choose(stream, facing: bool, can_raise: bool) -> str:
    """The policy: fold (only facing a bet), check or call, or raise, with equal chances."""
    choice = int(next(stream) * (facing + 1 + can_raise))
    if facing and choice == 0:
        return "fold"
    return "pass" if choice == facing else "raise"


def play_omaha8(Hand, stream, seed):
    hand = Hand(STACKS, limit="pot", blinds=(1, 2), seed=seed)
    while hand.actor is not None:
        low = hand.min_raise_to
        action = choose(stream, not hand.can_check(), low is not None)
        if action == "raise":
            hand.raise_to(low + int((hand.max_raise_to - low) * next(stream)))
        elif action == "fold":
            hand.fold()
        elif hand.can_check():
            hand.check()
        else:
            hand.call()
    return hand.result


def _pokerkit_game():
    pokerkit = pytest.importorskip("pokerkit")
    a = pokerkit.Automation
    automations = (
        a.ANTE_POSTING,
        a.BET_COLLECTION,
        a.BLIND_OR_STRADDLE_POSTING,
        a.CARD_BURNING,
        a.HOLE_DEALING,
        a.BOARD_DEALING,
        a.RUNOUT_COUNT_SELECTION,
        a.HOLE_CARDS_SHOWING_OR_MUCKING,
        a.HAND_KILLING,
        a.CHIPS_PUSHING,
        a.CHIPS_PULLING,
    )
    # pokerkit's "fixed-limit Omaha hi-lo" is its pot-limit Omaha hi-lo (PotLimitPokerMixin).
    game = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
    return lambda: game.create_state(
        automations, True, 0, (1, 2), 2, 2, STACKS, len(STACKS), mode=pokerkit.Mode.CASH_GAME
    )


def play_pokerkit(new_state, stream):
    state = new_state()
    while state.status:
        can_raise = state.can_complete_bet_or_raise_to()
        action = choose(stream, state.checking_or_calling_amount > 0, can_raise)
        if action == "raise":
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(low + int((high - low) * next(stream)))
        elif action == "fold":
            state.fold()
        else:
            state.check_or_call()
    return state


@pytest.mark.benchmark(group=GROUP)
def test_omaha8_random_playouts(benchmark):
    from omaha8 import Hand

    stream = _stream()

    def run():
        for seed in range(OMAHA8_HANDS):
            play_omaha8(Hand, stream, seed)

    benchmark.pedantic(run, rounds=7, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=OMAHA8_HANDS, unit="hands")


@pytest.mark.benchmark(group=GROUP)
def test_pokerkit_random_playouts(benchmark):
    new_state = _pokerkit_game()
    stream = _stream()

    def run():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _ in range(POKERKIT_HANDS):
                play_pokerkit(new_state, stream)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=POKERKIT_HANDS, unit="hands")


@pytest.mark.benchmark(group=GROUP)
def test_omaha8_random_playouts_plain_python(benchmark):
    """The same engine from its .py source, as it runs where nothing compiles."""
    import importlib.util
    from pathlib import Path

    import omaha8.game

    spec = importlib.util.spec_from_file_location("omaha8._game_plain", Path(omaha8.game.__file__).with_name("game.py"))
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    stream = _stream()

    def run():
        for seed in range(OMAHA8_HANDS // 4):
            play_omaha8(plain.Hand, stream, seed)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=OMAHA8_HANDS // 4, unit="hands")
