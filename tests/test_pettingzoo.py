"""omaha8.pettingzoo: PettingZoo's own API and seed tests, chips kept through random episodes,
rewards equal to what the hands paid, the button moving and busted agents leaving, illegal
actions, the text rendering and bad parameters."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from omaha8 import GameConfigError, IllegalAction  # noqa: E402
from omaha8.pettingzoo import ILLEGAL_REWARD, env, raw_env  # noqa: E402

SETTINGS = [
    {},
    {"players": 3, "limit": "fixed"},
    {"players": 6, "limit": "no", "stacks": 40, "hands": 50, "ante": 1},
    {"players": 2, "stacks": 20, "hands": 1000},
    {"players": 4, "limit": "pot", "hole_size": 5, "bets": "0.33 0.75", "blinds": "2 5", "stacks": [100, 30, 80, 12],
     "hands": 20},
]


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_pettingzoos_api_test(settings):
    api_test(env(**settings), num_cycles=1000)


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_pettingzoos_seed_test(settings):
    seed_test(lambda: env(**settings), num_cycles=300)


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_random_episodes_keep_every_chip_and_reward_what_the_hands_paid(settings):
    rng = random.Random(11)
    for episode in range(5):
        environment = raw_env(**settings)
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
    assert first == (0, 1, 2)               # agent i in seat i, player_2 the button
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
    for before, after in zip(seen, seen[1:]):
        assert before[-1] != after[-1]
    if environment.chips[0] == 0:
        assert all(0 not in seating for seating in seen[seen.index(next(s for s in seen if 0 not in s)):])


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
    with pytest.raises(IllegalAction):
        raw.step(illegal)
    with pytest.raises(IllegalAction):
        raw.step(99)
    assert (raw.hand.history, raw.agent_selection, raw.chips) == before


def test_the_same_seed_deals_the_same_cards():
    one, two = raw_env(players=4, hands=3), raw_env(players=4, hands=3)
    one.reset(seed=42)
    two.reset(seed=42)
    assert one.hand.holes == two.hand.holes
    two.reset(seed=43)
    assert one.hand.holes != two.hand.holes


def test_observations_are_the_seat_view_and_the_mask_is_the_legal_actions():
    environment = raw_env(players=3, limit="pot")
    environment.reset(seed=9)
    agent = environment.agent_selection
    assert agent == "player_2"                    # the button acts first three-handed
    seen = environment.observe(agent)
    assert seen["observation"].dtype == np.float32 and seen["action_mask"].dtype == np.int8
    hole = environment.hand.holes[2]
    assert sorted(np.flatnonzero(seen["observation"][:52])) == sorted(int(card) for card in hole)
    assert list(np.flatnonzero(seen["action_mask"])) == [0, 1, 2, 3]     # pot raise to 7 is the all-in's max
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


@pytest.mark.parametrize(("settings", "words"), [
    ({"players": 1}, "players must be 2..10"),
    ({"limit": "spread"}, "limit must be"),
    ({"stacks": [10, 10, 10]}, "one stack for every seat"),
    ({"bets": "2"}, "more than pot limit allows"),
    ({"hands": 0}, "hands must be at least 1"),
    ({"render_mode": "human"}, "render_mode must be None or 'ansi'"),
    ({"stacks": 1, "blinds": (1, 2)}, "every seat is all-in on its ante and blinds"),
])
def test_bad_settings_are_a_game_config_error(settings, words):
    with pytest.raises(GameConfigError, match=words):
        raw_env(**settings)


def test_hostile_settings_make_an_environment_or_an_omaha8_error():
    from omaha8 import Omaha8Error

    hostile = ["", "x", "1 2", "0", "-3", "1/0", "50%", 0, -1, 1, 2, 3, 7, 10**30, 2.5, float("nan"), True, None,
               [1, 2], [0.5, 1], (), object(), {"a": 1}, "ansi"]
    names = ["limit", "players", "blinds", "ante", "stacks", "hole_size", "bets", "max_raises", "fixed_bets",
             "hands", "render_mode"]
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
        for _ in range(50):
            if not environment.agents:
                break
            agent = environment.agent_selection
            if environment.terminations[agent]:
                environment.step(None)
                continue
            environment.step(int(np.flatnonzero(environment.observe(agent)["action_mask"])[0]))
    assert made > 5 and refused > 200


def test_the_readmes_random_agent_against_a_calling_station(capsys):
    """The example prints what the README shows (seeded: the same on any machine)."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("random_vs_station", root / "examples" / "pettingzoo_random_vs_station.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    example.main()
    printed = capsys.readouterr().out.splitlines()
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert printed[0] == "500 hands, random agent (player_0) against a calling station (player_1)"
    for line in printed:
        assert line in readme
