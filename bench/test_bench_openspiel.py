"""The framework adapters' speed: random playouts of heads-up pot-limit Omaha through OpenSpiel,
python_omaha8 (Hi-Lo, on omaha8's Hand) beside OpenSpiel's own python_pokerkit_wrapper (its
PotLimitOmahaHoldem, high only: OpenSpiel has no Hi-Lo game), with the same blinds (5/10) and
stacks (2,000); and random steps of the PettingZoo environment.

A playout starts from ``new_initial_state()`` and, until the game ends, samples a chance outcome
uniformly (every card is equally likely in both games) or a legal action uniformly, the way
``pyspiel.random_sim_test`` and MCCFR's samplers walk a game. Random numbers are drawn ahead.
"""

import itertools
import logging
import random

import pytest

GROUP = "openspiel: random heads-up pot-limit playouts"
OMAHA8_GAMES = 2000
POKERKIT_GAMES = 100


def _stream():
    rng = random.Random(2026)
    return itertools.cycle([rng.random() for _ in range(1 << 16)])


def play(game, stream) -> None:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(next(stream) * len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(next(stream) * len(legal))])


@pytest.mark.benchmark(group=GROUP)
def test_omaha8_openspiel_random_playouts(benchmark):
    pyspiel = pytest.importorskip("pyspiel")
    import omaha8.adapters.openspiel  # noqa: F401 - registers python_omaha8

    game = pyspiel.load_game("python_omaha8", {"limit": "pot", "blinds": "5 10", "stacks": "2000 2000"})
    stream = _stream()

    def run():
        for _ in range(OMAHA8_GAMES):
            play(game, stream)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=OMAHA8_GAMES, unit="games")


@pytest.mark.benchmark(group=GROUP)
def test_omaha8_openspiel_random_playouts_six_seats(benchmark):
    pyspiel = pytest.importorskip("pyspiel")
    import omaha8.adapters.openspiel  # noqa: F401 - registers python_omaha8

    game = pyspiel.load_game("python_omaha8", {"limit": "pot", "players": 6, "blinds": "5 10", "stacks": "2000"})
    stream = _stream()

    def run():
        for _ in range(OMAHA8_GAMES // 4):
            play(game, stream)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=OMAHA8_GAMES // 4, unit="games")


@pytest.mark.benchmark(group=GROUP)
def test_pokerkit_wrapper_random_playouts(benchmark):
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pokerkit")
    from open_spiel.python.games import pokerkit_wrapper  # noqa: F401 - registers the game

    game = pyspiel.load_game(
        "python_pokerkit_wrapper",
        {"variant": "PotLimitOmahaHoldem", "num_players": 2, "blinds": "5 10", "stack_sizes": "2000 2000"},
    )
    stream = _stream()
    # The wrapper logs a warning on every all-in for one chip; the log is not what is measured.
    logging.getLogger("absl").setLevel(logging.ERROR)

    def run():
        for _ in range(POKERKIT_GAMES):
            play(game, stream)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=POKERKIT_GAMES, unit="games")


@pytest.mark.benchmark(group="pettingzoo: random steps, six seats, 100 hands an episode")
def test_omaha8_pettingzoo_random_steps(benchmark):
    pytest.importorskip("pettingzoo")
    from omaha8.adapters.pettingzoo import raw_env

    environment = raw_env(players=6, stacks=200, hands=100)
    stream = _stream()
    steps = 20_000

    def run():
        environment.reset(seed=1)
        for _ in range(steps):
            if not environment.agents:
                environment.reset()
            agent = environment.agent_selection
            if environment.terminations[agent]:
                environment.step(None)
                continue
            mask = environment.observe(agent)["action_mask"]
            legal = [action for action in range(len(mask)) if mask[action]]
            environment.step(legal[int(next(stream) * len(legal))])

    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=steps, unit="steps")
