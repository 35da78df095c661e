"""omaha8.adapters.pettingzoo: PettingZoo's own API and seed tests (with no warning but the two any Dict
observation draws), chips kept through random episodes, rewards equal to what the hands paid,
the button moving and busted agents leaving (and what they observe), the hands kept, seeds of
every integer type, illegal actions, the text rendering, bad parameters and hostile calls."""

from __future__ import annotations

import gc
import itertools
import random
import time
import tracemalloc
import warnings

import pytest
from param_ids import stable_id

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from omaha8 import GameConfigError, IllegalActionError  # noqa: E402
from omaha8.adapters.pettingzoo import ILLEGAL_REWARD, env, raw_env  # noqa: E402

SETTINGS = [
    {},
    {"players": 3, "limit": "fixed"},
    {"players": 6, "limit": "no", "stacks": 40, "hands": 50, "ante": 1},
    {"players": 2, "stacks": 20, "hands": 1000},
    {
        "players": 4,
        "limit": "pot",
        "hole_size": 5,
        "bets": "0.33 0.75",
        "blinds": "2 5",
        "stacks": [100, 30, 80, 12],
        "hands": 20,
    },
]


# Tables where agents bust while the episode goes on (a seat observed once it has no cards),
# where hands play themselves out (every seat all-in on its ante and blinds), five-card hands.
BUSTING = [
    {"players": 2, "limit": "pot", "stacks": 6, "hands": 50},
    {"players": 3, "limit": "fixed", "stacks": 6, "hands": 50},
    {"players": 4, "limit": "pot", "stacks": 20, "hands": 200, "ante": 1},
    {"players": 5, "limit": "no", "stacks": 6, "hands": 50},
    {"players": 6, "limit": "no", "hole_size": 5, "stacks": 10, "hands": 30},
    {"players": 6, "limit": "fixed", "stacks": 3, "ante": 1, "hands": 40},
]

# What api_test says of any Dict observation: it exempts only PettingZoo's own classic games, by
# name (its env_obs_dicts and env_obs_space lists), though they observe the same Dict.
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def _api_test_warnings(environment) -> set[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(environment, num_cycles=1000, verbose_progress=False)
    return {str(warning.message) for warning in caught}


@pytest.mark.parametrize("settings", SETTINGS + BUSTING, ids=str)
def test_pettingzoos_api_test_warns_only_that_the_observation_is_a_dict(settings):
    assert _api_test_warnings(env(**settings)) <= DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize("settings", SETTINGS + BUSTING, ids=str)
def test_pettingzoos_api_test_warns_of_nothing_with_the_mask_in_info(settings):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_test(env(action_mask="info", **settings), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("settings", SETTINGS + BUSTING + [dict(BUSTING[3], action_mask="info")], ids=str)
def test_pettingzoos_seed_test(settings):
    seed_test(lambda: env(**settings), num_cycles=300)


def _play_randomly(environment, rng: random.Random, steps: int = 10**9) -> None:
    """Random legal actions (None for a terminated agent) until the episode ends."""
    for _ in range(steps):
        if not environment.agents:
            return
        observation, _, terminated, truncated, info = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        mask = info["action_mask"] if isinstance(observation, np.ndarray) else observation["action_mask"]
        environment.step(int(rng.choice(list(np.flatnonzero(mask)))))


def test_a_busted_agent_observes_the_end_of_the_hand_it_went_out_in():
    seen = 0
    for seed in range(40):
        environment = raw_env(players=4, limit="no", stacks=10, hands=30)
        environment.reset(seed=seed)
        rng = random.Random(seed)
        while environment.agents:
            agent = environment.agent_selection
            observation, _, terminated, _, _ = environment.last()
            if terminated:
                number = environment.possible_agents.index(agent)
                if number not in environment.seating:  # out, and the episode goes on
                    seen += 1
                    vector = observation["observation"]
                    assert vector.any() and not observation["action_mask"].any()
                    assert vector[:52].sum() == 4  # its last hole cards
                    assert vector[2 * 52 + 4] == 1.0  # that hand is over
                    assert environment.observation_space(agent).contains(observation)
                environment.step(None)
                continue
            legal = list(np.flatnonzero(observation["action_mask"]))
            environment.step(int(legal[-1] if rng.random() < 0.5 else rng.choice(legal)))
    assert seen > 10


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_random_episodes_keep_every_chip_and_reward_what_the_hands_paid(settings):
    rng = random.Random(11)
    for episode in range(5):
        environment = raw_env(keep_hands=1000, **settings)
        environment.reset(seed=episode)
        chips = list(environment.chips)
        totals: dict[str, float] = {}
        while environment.agents:
            agent = environment.agent_selection
            observation, reward, terminated, truncated, _ = environment.last()
            totals[agent] = totals.get(agent, 0.0) + reward
            if terminated or truncated:
                environment.step(None)
                continue
            legal = list(np.flatnonzero(observation["action_mask"]))
            environment.step(int(rng.choice(legal)))
        # Each hand began with the chips the last one left, and paid what the rewards say.
        unit = environment.rules.blinds[1]
        paid = dict.fromkeys(environment.possible_agents, 0.0)
        for seating, hand in environment.played:
            assert hand.starting_stacks == tuple(chips[number] for number in seating)
            assert sorted(seating) == [number for number in range(len(chips)) if chips[number]]
            for seat, number in enumerate(seating):
                chips[number] += hand.result.net[seat]
                paid[environment.possible_agents[number]] += hand.result.net[seat] / unit
        assert tuple(chips) == environment.chips and sum(chips) == sum(environment.rules.stacks)
        played = len(environment.played)
        assert played == environment.hands_played
        assert played == environment.hands or sum(1 for count in chips if count) == 1
        for agent, total in totals.items():
            assert total == pytest.approx(paid[agent])
        assert sum(totals.values()) == pytest.approx(0.0)


def test_the_button_moves_and_a_busted_agent_leaves():
    environment = raw_env(players=3, stacks=[4, 100, 100], hands=10, limit="no")
    environment.reset(seed=1)
    first = environment.seating
    assert first == (0, 1, 2)  # agent i in seat i, player_2 the button
    seen = [first]
    while environment.agents:
        agent = environment.agent_selection
        observation, _, terminated, _, _ = environment.last()
        if terminated:
            environment.step(None)
            continue
        legal = list(np.flatnonzero(observation["action_mask"]))
        # player_0 shoves whenever it can; the others call.
        action = legal[-1] if agent == "player_0" else 1
        hand = environment.hand
        environment.step(int(action))
        if environment.hand is not hand and environment.agents:
            seen.append(environment.seating)
    # The button moved one seat left each hand, skipping whoever had no chips.
    # Agent 2 had the button: agent 0 has it next, or agent 1 when agent 0 is out.
    assert seen[1] in ((1, 2, 0), (2, 1))
    for before, after in itertools.pairwise(seen):
        assert before[-1] != after[-1]
    if environment.chips[0] == 0:
        assert all(0 not in seating for seating in seen[seen.index(next(s for s in seen if 0 not in s)) :])


def test_an_illegal_action_ends_the_episode_under_the_wrapper_and_changes_nothing_raw():
    wrapped = env(players=2)
    wrapped.reset(seed=3)
    agent = wrapped.agent_selection
    observation, *_ = wrapped.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == ILLEGAL_REWARD

    raw = raw_env(players=2)
    raw.reset(seed=3)
    before = (raw.hand.history, raw.agent_selection, raw.chips)
    with pytest.raises(IllegalActionError):
        raw.step(illegal)
    with pytest.raises(IllegalActionError):
        raw.step(99)
    assert (raw.hand.history, raw.agent_selection, raw.chips) == before


def test_the_same_seed_deals_the_same_cards():
    one, two = raw_env(players=4, hands=3), raw_env(players=4, hands=3)
    one.reset(seed=42)
    two.reset(seed=42)
    assert one.hand.holes == two.hand.holes
    two.reset(seed=43)
    assert one.hand.holes != two.hand.holes


def _hand_facts(seating, hand):
    return seating, hand.holes, hand.board, hand.history, None if hand.result is None else hand.result.net


def _episode(seed, **settings):
    """A seeded episode of random legal actions: every hand's facts, the rewards, the count."""
    environment = raw_env(keep_hands=10**6, **settings)
    environment.reset(seed=seed)
    rng = random.Random(5)
    rewards = []
    while environment.agents:
        agent = environment.agent_selection
        observation, reward, terminated, _, _ = environment.last()
        rewards.append((agent, reward))
        if terminated:
            environment.step(None)
        else:
            environment.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
    return [_hand_facts(*played) for played in environment.played], rewards, environment.hands_played


@pytest.mark.parametrize("keep", [0, 1, 7])
def test_only_the_last_keep_hands_are_kept_and_every_hand_is_counted(keep):
    settings = {"players": 3, "limit": "fixed", "stacks": 100, "hands": 300}
    kept, every = raw_env(keep_hands=keep, **settings), raw_env(keep_hands=10**6, **settings)
    kept.reset(seed=4)
    every.reset(seed=4)
    one, two = random.Random(2), random.Random(2)
    while every.agents:
        _play_randomly(kept, one, 1)
        _play_randomly(every, two, 1)
        assert len(kept.played) <= keep
        assert kept.hands_played == every.hands_played
    assert not kept.agents
    assert every.hands_played == len(every.played) > 2 * keep
    last = [_hand_facts(*hand) for hand in every.played][-keep:] if keep else []
    assert [_hand_facts(*hand) for hand in kept.played] == last
    if keep:
        assert kept.played[-1][1] is kept.hand


def test_no_hand_is_kept_by_default_and_the_memory_stays_flat():
    environment = raw_env(players=2, stacks=10**6, hands=10**18)
    assert environment.keep_hands == 0
    environment.reset(seed=1)

    def play(hands):
        target = environment.hands_played + hands
        while environment.hands_played < target:
            environment.step(1)  # check or call: every hand to the showdown

    def traced():
        gc.collect()  # what is kept, not garbage waiting for the collector
        return tracemalloc.get_traced_memory()[0]

    play(50)
    tracemalloc.start()
    try:
        before = traced()
        play(1000)
        grown = traced() - before
    finally:
        tracemalloc.stop()
    assert environment.hands_played == 1050 and len(environment.played) == 0
    assert grown < 100_000  # measured: 3.5 KB; keeping every hand, 4.7 MB
    assert environment.render() is None


def test_the_text_table_counts_hands_not_kept():
    environment = raw_env(players=2, hands=3, render_mode="ansi")
    environment.reset(seed=2)
    environment.step(0)  # the button folds: hand 2
    assert environment.render().startswith("hand 2 of 3 ·") and environment.hands_played == 1


SEEDS = [5, np.int64(5), np.int32(5), np.uint8(5), np.uint64(5), np.array(5)]


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
def test_a_numpy_integer_seed_is_the_same_seed_as_the_int(seed):
    settings = {"players": 3, "limit": "pot", "stacks": 40, "hands": 20}
    assert _episode(seed, **settings) == _episode(5, **settings)
    assert _episode(seed, **settings) != _episode(6, **settings)


def test_a_seed_of_any_size_deals():
    settings = {"players": 2, "hands": 3}
    assert _episode(2**70, **settings) == _episode(2**70, **settings) != _episode(2**70 + 1, **settings)


def test_numpy_integers_are_counts_in_every_setting():
    plain = raw_env(
        players=3, stacks=50, blinds=[1, 2], ante=1, hole_size=5, max_raises=2, fixed_bets=[2, 4], hands=4, keep_hands=4
    )
    numpy = raw_env(
        players=np.int64(3),
        stacks=np.int64(50),
        blinds=np.array([1, 2]),
        ante=np.uint8(1),
        hole_size=np.int16(5),
        max_raises=np.int8(2),
        fixed_bets=[np.int64(2), np.int64(4)],
        hands=np.int64(4),
        keep_hands=np.int32(4),
    )
    assert numpy.rules == plain.rules and (numpy.hands, numpy.keep_hands) == (plain.hands, plain.keep_hands) == (4, 4)
    assert all(type(number) is int for number in numpy.rules.stacks + numpy.rules.blinds + (numpy.rules.hole_size,))
    for environment in (plain, numpy):
        environment.reset(seed=np.int64(3))
        _play_randomly(environment, random.Random(1))
    assert [_hand_facts(*hand) for hand in numpy.played] == [_hand_facts(*hand) for hand in plain.played]


@pytest.mark.parametrize(
    "seed",
    [
        True,
        False,
        5.0,
        np.float64(5),
        "5",
        b"5",
        -1,
        np.int64(-1),
        [5],
        (5,),
        {},
        object(),
        np.array([5]),
        np.array(5.0),
    ],
    ids=stable_id,
)
def test_a_seed_that_is_not_a_whole_number_from_zero_is_a_game_config_error_and_changes_nothing(seed):
    environment, twin = raw_env(players=3, hands=5), raw_env(players=3, hands=5)
    environment.reset(seed=9)
    twin.reset(seed=9)
    environment.step(1)
    twin.step(1)
    before = (environment.hand.history, environment.agent_selection, environment.chips)
    with pytest.raises(GameConfigError, match="seed"):
        environment.reset(seed=seed)
    assert (environment.hand.history, environment.agent_selection, environment.chips) == before
    environment.reset()  # the generator was left as it was: the next deal is the twin's
    twin.reset()
    assert environment.hand.holes == twin.hand.holes


def test_the_mask_in_info_leaves_the_observation_a_plain_vector():
    environment = raw_env(players=3, action_mask="info")
    environment.reset(seed=9)
    agent = environment.agent_selection
    observation, _, _, _, info = environment.last()
    assert isinstance(observation, np.ndarray) and observation.dtype == np.float32
    assert environment.observation_space(agent).contains(observation)
    dict_environment = raw_env(players=3)
    dict_environment.reset(seed=9)
    assert (observation == dict_environment.observe(agent)["observation"]).all()
    assert (info["action_mask"] == dict_environment.observe(agent)["action_mask"]).all()
    for other in environment.agents:
        if other != agent:
            assert not environment.infos[other]["action_mask"].any()
    environment.step(1)
    assert environment.infos[environment.agent_selection]["action_mask"].any()
    assert not environment.infos[agent]["action_mask"].any()

    wrapped = env(players=2, action_mask="info")
    wrapped.reset(seed=3)
    agent = wrapped.agent_selection
    _, _, _, _, info = wrapped.last()
    wrapped.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert all(wrapped.terminations.values()) and wrapped.rewards[agent] == ILLEGAL_REWARD


def test_observations_are_the_seat_view_and_the_mask_is_the_legal_actions():
    environment = raw_env(players=3, limit="pot")
    environment.reset(seed=9)
    agent = environment.agent_selection
    assert agent == "player_2"  # the button acts first three-handed
    seen = environment.observe(agent)
    assert seen["observation"].dtype == np.float32 and seen["action_mask"].dtype == np.int8
    hole = environment.hand.holes[2]
    assert sorted(np.flatnonzero(seen["observation"][:52])) == sorted(int(card) for card in hole)
    assert list(np.flatnonzero(seen["action_mask"])) == [0, 1, 2, 3]  # pot raise to 7 is the all-in's max
    assert not environment.observe("player_0")["action_mask"].any()
    assert environment.observation_space(agent).contains(seen)


def test_render_draws_the_table_in_text():
    environment = raw_env(players=3, render_mode="ansi", hands=2)
    environment.reset(seed=5)
    text = environment.render()
    lines = text.splitlines()
    assert lines[0].startswith("hand 1 of 2 · pot limit · preflop · pot 3")
    assert lines[1] == "board: -"
    assert lines[4].startswith("-> seat 3 player_2") and lines[4].endswith("button, to act")
    assert lines[5].startswith("legal: 0 fold, 1 call 2, 2 raise to 5 (50% pot), 3 raise to 7 (100% pot)")
    assert raw_env().render() is None


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"players": 1}, "players must be 2..10"),
        ({"limit": "spread"}, "limit must be"),
        ({"stacks": [10, 10, 10]}, "one stack for every seat"),
        ({"bets": "2"}, "more than pot limit allows"),
        ({"hands": 0}, "hands must be at least 1"),
        ({"render_mode": "human"}, "render_mode must be None or 'ansi'"),
        ({"stacks": 1, "blinds": (1, 2)}, "every seat is all-in on its ante and blinds"),
        ({"keep_hands": -1}, "keep_hands must be"),
        ({"keep_hands": True}, "keep_hands must be an int"),
        ({"keep_hands": 2.0}, "keep_hands must be an int"),
        ({"keep_hands": "3"}, "keep_hands must be an int"),
        ({"keep_hands": 2**70}, "keep_hands must be"),
        ({"action_mask": "both"}, "action_mask must be 'observation' or 'info'"),
        ({"action_mask": None}, "action_mask must be 'observation' or 'info'"),
    ],
)
def test_bad_settings_are_a_game_config_error(settings, words):
    with pytest.raises(GameConfigError, match=words):
        raw_env(**settings)


def test_hostile_settings_make_an_environment_or_an_omaha8_error():
    from omaha8 import Omaha8Error

    hostile = [
        "",
        "x",
        "1 2",
        "0",
        "-3",
        "1/0",
        "50%",
        0,
        -1,
        1,
        2,
        3,
        7,
        10**30,
        2.5,
        float("nan"),
        True,
        None,
        [1, 2],
        [0.5, 1],
        (),
        object(),
        {"a": 1},
        "ansi",
    ]
    names = [
        "limit",
        "players",
        "blinds",
        "ante",
        "stacks",
        "hole_size",
        "bets",
        "max_raises",
        "fixed_bets",
        "hands",
        "keep_hands",
        "action_mask",
        "render_mode",
    ]
    rng = random.Random(6)
    made = refused = 0
    for _ in range(400):
        settings = {name: rng.choice(hostile) for name in rng.sample(names, rng.randint(1, 3))}
        try:
            environment = raw_env(**settings)
        except Omaha8Error:
            refused += 1
            continue
        made += 1
        environment.reset(seed=1)
        chips = sum(environment.chips)
        for _ in range(50):
            if not environment.agents:
                break
            agent = environment.agent_selection
            if environment.terminations[agent]:
                environment.step(None)
                continue
            environment.step(int(np.flatnonzero(environment.observe(agent)["action_mask"])[0]))
        # What a table made of hostile settings plays keeps its chips: none made or lost.
        assert sum(environment.chips) == chips, settings
    assert made > 5 and refused > 200


def test_the_readmes_random_agent_against_a_calling_station(capsys):
    """The example prints what the README shows (seeded: the same on any machine)."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    path = root / "examples" / "pettingzoo_random_vs_station.py"
    spec = importlib.util.spec_from_file_location("random_vs_station", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    example.main()
    printed = capsys.readouterr().out.splitlines()
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert printed[0] == "500 hands, random agent (player_0) against a calling station (player_1)"
    for line in printed:
        assert line in readme


HOSTILE = [
    None,
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    9,
    2**63,
    2**70,
    -(2**70),
    "1",
    "",
    "x",
    1.0,
    2.5,
    float("nan"),
    float("inf"),
    True,
    False,
    np.int64(1),
    np.int64(-1),
    np.uint8(2),
    np.int64(2**62),
    np.float32(1),
    np.float64(2),
    np.bool_(True),
    np.array(1),
    np.array([1]),
    np.array([1, 2]),
    np.array(1.0),
    [1],
    (1,),
    {},
    {"seed": 1},
    object(),
    b"1",
]

# What PettingZoo's wrappers answer: an action outside the space, a call before reset.
WRAPPER_ASSERTIONS = ("action is not in action space", "reset() needs to be called before")


@pytest.mark.parametrize("wrapped", [False, True], ids=["raw_env", "env"])
def test_hostile_resets_and_steps_are_omaha8_errors_or_pettingzoos_own(wrapped):
    """For a second, resets with any seed, steps with any action (legal, illegal, outside the
    space, a bool, an array, after termination, before reset, after the episode): only an
    Omaha8Error, or the wrappers' documented AssertionError, comes out, and a refused call
    changes nothing."""
    from pettingzoo.utils.env_logger import EnvLogger

    from omaha8 import Omaha8Error

    rng = random.Random(17 + wrapped)
    deadline = time.monotonic() + 1.0
    outcomes: dict[str, int] = {}
    while time.monotonic() < deadline:
        settings = dict(rng.choice(SETTINGS + BUSTING), action_mask=rng.choice(["observation", "info"]))
        environment = env(**settings) if wrapped else raw_env(**settings)
        unwrapped = environment.unwrapped
        was_reset = False
        for _ in range(rng.randint(1, 80)):
            roll = rng.random()
            state = (
                unwrapped.hand.history if unwrapped.hand else None,
                unwrapped.chips,
                getattr(unwrapped, "agent_selection", None),
                list(getattr(unwrapped, "agents", [])),
            )
            try:
                if roll < 0.1:
                    environment.reset(seed=rng.choice(HOSTILE), options=rng.choice(HOSTILE))
                    was_reset = True
                elif roll < 0.45 or not was_reset or not environment.agents:
                    environment.step(rng.choice(HOSTILE))
                else:
                    _play_randomly(environment, rng, rng.randint(1, 5))
                outcome = "done"
            except Omaha8Error as error:
                outcome = type(error).__name__
                if isinstance(error, GameConfigError):
                    assert "seed" in str(error)
            except AssertionError as error:
                assert wrapped and str(error).startswith(WRAPPER_ASSERTIONS), error
                outcome = "assertion"
            if outcome != "done":
                assert state == (
                    unwrapped.hand.history if unwrapped.hand else None,
                    unwrapped.chips,
                    getattr(unwrapped, "agent_selection", None),
                    list(getattr(unwrapped, "agents", [])),
                )
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            if was_reset:
                assert sum(unwrapped.chips) == sum(unwrapped.rules.stacks)
    EnvLogger.flush()
    assert outcomes.get("done", 0) > 100 and outcomes.get("IllegalActionError", 0) + outcomes.get("assertion", 0) > 100
    assert outcomes.get("GameConfigError", 0) > 10
