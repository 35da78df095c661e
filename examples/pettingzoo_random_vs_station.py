"""A random agent against a calling station, heads-up pot-limit Omaha Hi-Lo, through the PettingZoo
environment: the loop any multi-agent learner runs, with nothing learned.

    python examples/pettingzoo_random_vs_station.py [hands] [seed]

player_0 picks uniformly among its legal actions; player_1 checks or calls, always. Stacks of
100 big blinds are reset every hand (an episode is one hand), so the result is the random
agent's win rate in big blinds per hand, with its standard error.
"""

from __future__ import annotations

import math
import random
import sys

import numpy as np

from omaha8.adapters.pettingzoo import env

CHECK_CALL = 1


def main(hands: int = 500, seed: int = 2026) -> None:
    table = env(players=2, limit="pot", blinds=(1, 2), stacks=200, hands=1)
    rng = random.Random(seed)
    results, station = [], 0.0
    for hand in range(hands):
        table.reset(seed=seed + hand)
        won = 0.0
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if agent == "player_0":
                won += reward
            else:
                station += reward
            if terminated or truncated:
                table.step(None)
                continue
            if agent == "player_0":
                legal = np.flatnonzero(observation["action_mask"])
                table.step(int(rng.choice(list(legal))))
            else:
                table.step(CHECK_CALL)
        results.append(won)
    mean = sum(results) / hands
    spread = math.sqrt(sum((r - mean) ** 2 for r in results) / (hands - 1)) / math.sqrt(hands)
    wins = sum(1 for r in results if r > 0)
    losses = sum(1 for r in results if r < 0)
    print(f"{hands} hands, random agent (player_0) against a calling station (player_1)")
    print(
        f"random agent: {mean:+.2f} big blinds a hand (standard error {spread:.2f}); "
        f"won {wins}, lost {losses}, split or even {hands - wins - losses}"
    )
    print(f"calling station: {station / hands:+.2f} big blinds a hand")


if __name__ == "__main__":
    main(*(int(word) for word in sys.argv[1:3]))
