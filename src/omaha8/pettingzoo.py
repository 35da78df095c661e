"""Omaha Hi-Lo as a PettingZoo environment: ``omaha8.pettingzoo.env(players=3, limit="pot")``, an
``AECEnv`` in the style of PettingZoo's classic card games, on omaha8's own ``Hand``.

Agents ``player_0`` ... take turns. Each observes a ``Dict`` of ``observation`` (a float32 vector
of ``abstraction.vector_size(players)``: its hole cards, the board, the street, the pot, the chips
to call and the raise limits, then every seat from its own clockwise: stack, bet, chips in the
hand, folded, all-in, to act, the button, and the chips put in on each street; chips in big
blinds) and ``action_mask`` (int8, 1 for each legal action). Actions are ``Discrete``: 0 fold,
1 check or call, 2 + i bet or raise ``bets[i]`` of the pot, 2 + len(bets) all-in (as
``omaha8.abstraction`` defines them). Rewards are each agent's net chips in big blinds, given
at the end of each hand.

An episode is ``hands`` hands (default 1) with the stacks carried over and the button moving one
seat left each hand; an agent with no chips left is terminated, and the episode ends when the
hands are played or one agent has every chip (a tournament to the last player, with ``hands``
large). In the first hand agent i sits in seat i (heads-up: player_0 the big blind, player_1 the
button). ``reset(seed=...)`` deals the same cards for the same actions on any machine.
``render_mode="ansi"``: ``render()`` returns the table in text.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Optional, Sequence, Union

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:   # pragma: no cover - the message is the point
    raise ImportError("omaha8.pettingzoo needs PettingZoo: pip install 'omaha8[pettingzoo]'") from error

from .abstraction import AbstractHand, read_rules, table_vector, vector_size
from .cards import CARDS, quoted, whole_number
from .exceptions import GameConfigError
from .game import Hand

__all__ = ["env", "raw_env", "ILLEGAL_REWARD"]

# What TerminateIllegalWrapper gives an agent whose action the mask forbids (in big blinds).
ILLEGAL_REWARD = -1.0


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's classic wrappers: an illegal action ends the episode
    (``ILLEGAL_REWARD`` to its agent), an action outside the space is an assertion, and the
    API's order is enforced."""
    environment: AECEnv = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=ILLEGAL_REWARD)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


def _words(cards: Sequence[int]) -> str:
    return " ".join(str(CARDS[int(card)]) for card in cards)


class raw_env(AECEnv):   # PettingZoo's name for the unwrapped environment
    """Omaha Hi-Lo for PettingZoo (the module's words).

    ``limit`` "fixed", "pot" or "no"; ``players`` 2..10; ``blinds`` (small, big); ``ante``;
    ``stacks`` one for all or one per agent; ``hole_size`` 4 or 5; ``bets`` the pot fractions of
    the bet actions; ``max_raises`` raises a round after its bet; ``fixed_bets`` fixed limit's
    (small, big) bet; ``hands`` per episode; ``render_mode`` None or "ansi". Lists may also be
    space-separated strings, as the OpenSpiel game takes them.
    """

    metadata: ClassVar[dict] = {"render_modes": ["ansi"], "name": "omaha8_v0", "is_parallelizable": False,
                                "render_fps": 1}

    def __init__(self, limit: str = "pot", players: int = 2, blinds: Union[str, Sequence[int]] = (1, 2),
                 ante: int = 0, stacks: Union[str, int, Sequence[int]] = 200, hole_size: int = 4,
                 bets: Union[str, Sequence[float]] = (0.5, 1.0), max_raises: int = 4,
                 fixed_bets: Union[str, Sequence[int], None] = None, hands: int = 1,
                 render_mode: Optional[str] = None) -> None:
        super().__init__()
        self.rules = read_rules({"limit": limit, "players": players, "blinds": blinds, "ante": ante,
                                 "stacks": stacks, "hole_size": hole_size, "bets": bets, "max_raises": max_raises,
                                 "fixed_bets": "" if fixed_bets is None else fixed_bets})
        if self.rules.new_hand(seed=0).actor is None:
            raise GameConfigError(f"with stacks {' '.join(map(str, self.rules.stacks))} every seat is all-in on its "
                                  "ante and blinds: no agent would ever act")
        self.hands = whole_number(hands, "hands", 1, None, GameConfigError)
        if render_mode not in (None, "ansi"):
            raise GameConfigError(f"render_mode must be None or 'ansi', not {quoted(render_mode)}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{number}" for number in range(self.rules.players)]
        self.agents = self.possible_agents[:]
        self._unit = float(self.rules.blinds[1])
        chips = sum(self.rules.stacks) / self._unit
        size = vector_size(self.rules.players)
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=max(1.0, chips), shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.rules.actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.rules.actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self._play: Optional[AbstractHand] = None
        self._seats: list[int] = []           # the agent (number) in each seat of the hand under way
        self._chips = list(self.rules.stacks)  # each agent's chips between hands
        self._button = self.rules.players - 1  # the agent on the button
        self.played: list[tuple[tuple[int, ...], Hand]] = []
        """The episode's hands so far: (the agent in each seat, the Hand), oldest first."""

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the episode

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict = {agent: {} for agent in self.agents}
        self._chips = list(self.rules.stacks)
        self._button = self.rules.players - 1
        self.played = []
        self._skip_agent_selection = None
        self._deal()

    @property
    def hands_played(self) -> int:
        """The episode's hands played to the end."""
        return len(self.played) - (1 if self.played and self.played[-1][1].result is None else 0)

    def _deal(self) -> None:
        """Seat the agents with chips, the button last, and deal hands from the episode's seed
        until one has an agent to act (a hand where every seat is all-in on its blinds plays
        itself out) or the episode is over."""
        count = self.rules.players
        while True:
            order = [(self._button + 1 + step) % count for step in range(count)]
            self._seats = [agent for agent in order if self._chips[agent] > 0]
            hand = self.rules.new_hand(stacks=[self._chips[agent] for agent in self._seats],
                                       seed=self._rng.getrandbits(64))
            self._play = AbstractHand(hand, self.rules.bets, self.rules.max_raises)
            self.played.append((tuple(self._seats), hand))
            if hand.actor is not None:
                self.agent_selection = self.possible_agents[self._seats[hand.actor]]
                return
            if not self._settle():
                return

    def _settle(self) -> bool:
        """Pay the hand just played and terminate the agents it left without chips; move the
        button to the next agent with chips. False when the episode is over."""
        hand = self._play.hand  # type: ignore[union-attr]
        net = hand.result.net  # type: ignore[union-attr]
        for seat, agent in enumerate(self._seats):
            self._chips[agent] += net[seat]
            self.rewards[self.possible_agents[agent]] += net[seat] / self._unit
        left = [agent for agent in range(self.rules.players) if self._chips[agent] > 0]
        over = self.hands_played >= self.hands or len(left) < 2
        for name in self.agents:
            if over or self._chips[self.possible_agents.index(name)] == 0:
                self.terminations[name] = True
        if not over:
            count = self.rules.players
            self._button = next(agent for agent in ((self._button + step) % count for step in range(1, count + 1))
                                if self._chips[agent] > 0)
        return not over

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        play = self._play
        assert play is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        play.play(action)  # type: ignore[arg-type]   # an illegal action: IllegalAction, nothing changed
        actor = play.hand.actor
        if actor is not None:
            self.agent_selection = self.possible_agents[self._seats[actor]]
        elif self._settle():
            self._deal()
        self._accumulate_rewards()
        self._deads_step_first()

    def observe(self, agent: str) -> dict:
        number = self.possible_agents.index(agent)
        play = self._play
        mask = np.zeros(self.rules.actions, np.int8)
        if play is None or number not in self._seats:
            vector = [0.0] * vector_size(self.rules.players)
        else:
            seat = self._seats.index(number)
            vector = table_vector(play.hand, seat, self.rules.players, self._unit)
            if play.hand.actor == seat:
                mask[play.legal_actions()] = 1
        return {"observation": np.asarray(vector, np.float32), "action_mask": mask}

    @property
    def chips(self) -> tuple[int, ...]:
        """Each agent's chips: between hands, or before the hand under way."""
        return tuple(self._chips)

    @property
    def seating(self) -> tuple[int, ...]:
        """The agent (its number) in each seat of the hand under way, seat 0 first, the button last."""
        return tuple(self._seats)

    @property
    def hand(self):
        """The ``omaha8.Hand`` under way (or just played)."""
        return None if self._play is None else self._play.hand

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        play = self._play
        if play is None:
            return "(no hand dealt: call reset)"
        hand = play.hand
        lines = [f"hand {len(self.played)} of {self.hands} · {hand.limit} limit · "
                 f"{hand.street} · pot {hand.pot}", f"board: {_words(hand.board) or '-'}"]
        for seat, number in enumerate(self._seats):
            agent = self.possible_agents[number]
            marks = []
            if seat == hand.n - 1:
                marks.append("button")
            if hand.folded[seat]:
                marks.append("folded")
            elif hand.is_all_in[seat]:
                marks.append("all-in")
            if hand.actor == seat:
                marks.append("to act")
            pointer = "->" if hand.actor == seat else "  "
            lines.append(f"{pointer} seat {seat + 1} {agent:<9} [{_words(hand.holes[seat])}] "
                         f"stack {hand.stacks[seat]:>6}  bet {hand.bets[seat]:>5}  {', '.join(marks)}".rstrip())
        if hand.actor is not None:
            legal = ", ".join(f"{number} {play.describe(number)}" for number in play.legal_actions())
            lines.append(f"legal: {legal}")
        elif hand.result is not None:
            net = hand.result.net
            lines.append("result: " + ", ".join(f"{self.possible_agents[number]} {net[seat]:+d}"
                                               for seat, number in enumerate(self._seats)))
        return "\n".join(lines)

    def close(self) -> None:
        pass
