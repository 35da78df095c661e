"""Omaha Hi-Lo as a PettingZoo environment: ``omaha8.adapters.pettingzoo.env(players=3, limit="pot")``, an
``AECEnv`` in the style of PettingZoo's classic card games, on omaha8's own ``Hand``.

Agents ``player_0`` ... take turns. Each observes a ``Dict`` of ``observation`` (a float32 vector
of ``abstraction.vector_size(players)``: its hole cards, the board, the street, the pot, the chips
to call and the raise limits, its seat, then every seat from its own clockwise: stack, bet, chips
in the hand, folded, all-in, to act, the button, and the chips put in on each street; chips in
big blinds) and ``action_mask`` (int8, 1 for each legal action), as PettingZoo's classic card
games do; with ``action_mask="info"`` the observation is the vector alone (a ``Box``) and the
mask is ``infos[agent]["action_mask"]``. An agent out of chips observes the end of the hand it
went out in, from its seat. Actions are ``Discrete``: 0 fold, 1 check or call, 2 + i bet or
raise ``bets[i]`` of the pot, 2 + len(bets) all-in (as ``omaha8.adapters.abstraction`` defines them).
Rewards are each agent's net chips in big blinds, given at the end of each hand.

An episode is ``hands`` hands (default 1) with the stacks carried over and the button moving one
seat left each hand; an agent with no chips left is terminated, and the episode ends when the
hands are played or one agent has every chip (a tournament to the last player, with ``hands``
large). In the first hand agent i sits in seat i (heads-up: player_0 the big blind, player_1 the
button). ``reset(seed=...)`` (a whole number from 0, an int or a numpy integer) deals the same
cards for the same actions on any machine. ``hands_played`` counts the episode's hands;
``played`` keeps the last ``keep_hands`` of them (default none, so an episode of any length
takes the same memory). ``render_mode="ansi"``: ``render()`` returns the table in text.
"""

from __future__ import annotations

import random
import sys
from collections import deque
from typing import Any, ClassVar, Optional, Sequence, Union

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError("omaha8.adapters.pettingzoo needs PettingZoo: pip install 'omaha8[pettingzoo]'") from error

from ..cards import CARDS, quoted, whole_number
from ..exceptions import GameConfigError, IllegalActionError, Omaha8Error
from ..game import Hand
from .abstraction import AbstractHand, read_rules, table_vector, vector_size

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
    return _OrderEnforcingWrapper(environment)


class _OrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper``, for which a reset the environment refused (a bad
    seed) did not happen: what follows it is as before it, not an AttributeError from inside."""

    _has_reset: bool

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        has_reset = self._has_reset
        try:
            super().reset(seed=seed, options=options)
        except Omaha8Error:
            self._has_reset = has_reset
            raise

    def __str__(self) -> str:
        return str(self.env)  # the environment's name, as the wrapper itself gives it


def _words(cards: Sequence[int]) -> str:
    return " ".join(str(CARDS[int(card)]) for card in cards)


def _plain(value: object) -> object:
    """A setting as the rules read it: a numpy integer as an int, a numpy array as a list (or,
    0-d, its number); numpy's element-wise comparisons never reach the checks."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.integer):
        return int(value)
    return value


def _count(value: object, what: str, least: int, most: Optional[int]) -> int:
    """``whole_number`` for a count the environment reads, a numpy array only when it is one
    integer (0-d): any other array is refused in words, not by ``operator.index``'s TypeError."""
    if isinstance(value, np.ndarray):
        if value.shape != () or not np.issubdtype(value.dtype, np.integer):
            raise GameConfigError(f"{what} must be an int, not an array of shape {value.shape} ({value.dtype})")
        value = value[()]
    return whole_number(value, what, least, most, GameConfigError)


class _Actions(spaces.Discrete):
    """``Discrete``, in which a bool is no action (omaha8's rule for integers): gymnasium counts
    True as 1, and TerminateIllegalWrapper would index the mask with it."""

    def contains(self, x: Any) -> bool:
        return not isinstance(x, (bool, np.bool_)) and super().contains(x)


class raw_env(AECEnv):  # PettingZoo's name for the unwrapped environment
    """Omaha Hi-Lo for PettingZoo (the module's words).

    ``limit`` "fixed", "pot" or "no"; ``players`` 2..10; ``blinds`` (small, big); ``ante``;
    ``stacks`` one for all or one per agent; ``hole_size`` 4 or 5; ``bets`` the pot fractions of
    the bet actions; ``max_raises`` raises a round after its bet; ``fixed_bets`` fixed limit's
    (small, big) bet; ``hands`` per episode; ``keep_hands`` how many of the episode's last hands
    ``played`` keeps (0, the default: none; ``hands_played`` counts them all the same);
    ``action_mask`` "observation" (a ``Dict`` observation) or "info" (the vector alone, the mask
    in ``infos``); ``render_mode`` None or "ansi". Lists may also be space-separated strings, as
    the OpenSpiel game takes them; counts may be numpy integers.
    """

    metadata: ClassVar[dict] = {
        "render_modes": ["ansi"],
        "name": "omaha8_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        limit: str = "pot",
        players: int = 2,
        blinds: Union[str, Sequence[int]] = (1, 2),
        ante: int = 0,
        stacks: Union[str, int, Sequence[int]] = 200,
        hole_size: int = 4,
        bets: Union[str, Sequence[float]] = (0.5, 1.0),
        max_raises: int = 4,
        fixed_bets: Union[str, Sequence[int], None] = None,
        hands: int = 1,
        keep_hands: int = 0,
        action_mask: str = "observation",
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        settings = {
            "limit": limit,
            "players": players,
            "blinds": blinds,
            "ante": ante,
            "stacks": stacks,
            "hole_size": hole_size,
            "bets": bets,
            "max_raises": max_raises,
            "fixed_bets": "" if fixed_bets is None else fixed_bets,
        }
        self.rules = read_rules({name: _plain(value) for name, value in settings.items()})
        if self.rules.new_hand(seed=0).actor is None:
            raise GameConfigError(
                f"with stacks {' '.join(map(str, self.rules.stacks))} every seat is all-in on its "
                "ante and blinds: no agent would ever act"
            )
        self.hands = _count(hands, "hands", 1, None)
        self.keep_hands = _count(keep_hands, "keep_hands", 0, sys.maxsize)
        """How many of the episode's last hands ``played`` keeps."""
        if not (isinstance(action_mask, str) and action_mask in ("observation", "info")):
            raise GameConfigError(f"action_mask must be 'observation' or 'info', not {quoted(action_mask)}")
        self.action_mask = action_mask
        if not (render_mode is None or (isinstance(render_mode, str) and render_mode == "ansi")):
            raise GameConfigError(f"render_mode must be None or 'ansi', not {quoted(render_mode)}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{number}" for number in range(self.rules.players)]
        self.agents = self.possible_agents[:]
        self._unit = float(self.rules.blinds[1])
        chips = sum(self.rules.stacks) / self._unit
        size = vector_size(self.rules.players)
        vector_space = spaces.Box(low=0.0, high=max(1.0, chips), shape=(size,), dtype=np.float32)
        self.observation_spaces: dict[str, spaces.Space] = {
            agent: vector_space
            if action_mask == "info"
            else spaces.Dict(
                {
                    "observation": vector_space,
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.rules.actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: _Actions(self.rules.actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self._play: Optional[AbstractHand] = None
        self._seats: list[int] = []  # the agent (number) in each seat of the hand under way
        self._chips = list(self.rules.stacks)  # each agent's chips between hands
        self._button = self.rules.players - 1  # the agent on the button
        self._dealt = 0  # the episode's hands dealt, the one under way too
        self._out: dict[int, tuple[Hand, int]] = {}  # an agent out of chips: the hand it went out in, its seat
        self.played: deque[tuple[tuple[int, ...], Hand]] = deque(maxlen=self.keep_hands)
        """The episode's last ``keep_hands`` hands: (the agent in each seat, the Hand), oldest first."""

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the episode

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new episode; ``seed`` a whole number from 0 (an int or a numpy integer: the same
        number, the same episode), else a ``GameConfigError`` and nothing changes. None goes on
        with the generator as it is. ``options`` are not read."""
        if seed is not None:
            self._rng = random.Random(_count(seed, "seed", 0, None))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict = {agent: {} for agent in self.agents}
        self._chips = list(self.rules.stacks)
        self._button = self.rules.players - 1
        self._dealt = 0
        self._out = {}
        self.played = deque(maxlen=self.keep_hands)
        self._skip_agent_selection = None
        self._deal()
        self._post_masks()

    @property
    def hands_played(self) -> int:
        """The episode's hands played to the end (every one, kept in ``played`` or not)."""
        under_way = self._play is not None and self._play.hand.result is None
        return self._dealt - (1 if under_way else 0)

    def _deal(self) -> None:
        """Seat the agents with chips, the button last, and deal hands from the episode's seed
        until one has an agent to act (a hand where every seat is all-in on its blinds plays
        itself out) or the episode is over."""
        count = self.rules.players
        while True:
            order = [(self._button + 1 + step) % count for step in range(count)]
            self._seats = [agent for agent in order if self._chips[agent] > 0]
            hand = self.rules.new_hand(
                stacks=[self._chips[agent] for agent in self._seats], seed=self._rng.getrandbits(64)
            )
            self._play = AbstractHand(hand, self.rules.bets, self.rules.max_raises)
            self._dealt += 1
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
            if self._chips[agent] == 0:
                self._out[agent] = (hand, seat)
        left = [agent for agent in range(self.rules.players) if self._chips[agent] > 0]
        over = self.hands_played >= self.hands or len(left) < 2
        for name in self.agents:
            if over or self._chips[self.possible_agents.index(name)] == 0:
                self.terminations[name] = True
        if not over:
            count = self.rules.players
            self._button = next(
                agent
                for agent in ((self._button + step) % count for step in range(1, count + 1))
                if self._chips[agent] > 0
            )
        return not over

    def step(self, action: Optional[int]) -> None:
        """Play ``action`` for ``agent_selection``; None for a terminated agent. An action the
        hand does not allow (outside the space, a bool, an array but of one integer, any action
        for a terminated agent, a step before ``reset`` or after the episode) is an
        ``IllegalActionError`` (also a ``ValueError``, as PettingZoo has it for a terminated agent's
        action) and changes nothing."""
        play = self._play
        if play is None:
            raise IllegalActionError("no hand is dealt: call reset() before step()")
        if not self.agents:
            raise IllegalActionError("the episode is over: call reset() to begin another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, np.ndarray) and (action.shape != () or not np.issubdtype(action.dtype, np.integer)):
            raise IllegalActionError(
                f"an action is a whole number 0..{self.rules.actions - 1}, not an array of shape "
                f"{action.shape} ({action.dtype})"
            )
        play.play(action)  # type: ignore[arg-type]   # an illegal action: IllegalActionError, nothing changed
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        actor = play.hand.actor
        if actor is not None:
            self.agent_selection = self.possible_agents[self._seats[actor]]
        elif self._settle():
            self._deal()
        self._accumulate_rewards()
        self._deads_step_first()
        self._post_masks()

    def _was_dead_step(self, action: Any) -> None:
        # PettingZoo's ValueError for a terminated agent's action, as an IllegalActionError (a ValueError too)
        if action is not None:
            raise IllegalActionError(
                f"{self.agent_selection} is terminated: its only action is None, not {quoted(action)}"
            )
        super()._was_dead_step(None)

    def _vector(self, number: int) -> np.ndarray:
        """What agent ``number`` sees: its seat's view of the hand under way, or of the end of
        the hand it went out in (all zeros only before ``reset``)."""
        play = self._play
        if play is not None and number in self._seats:
            vector = table_vector(play.hand, self._seats.index(number), self.rules.players, self._unit)
        elif number in self._out:
            hand, seat = self._out[number]
            vector = table_vector(hand, seat, self.rules.players, self._unit)
        else:
            vector = [0.0] * vector_size(self.rules.players)
        return np.asarray(vector, np.float32)

    def _mask(self, number: int) -> np.ndarray:
        """1 for each action agent ``number`` may take now: none unless it is to act."""
        mask = np.zeros(self.rules.actions, np.int8)
        play = self._play
        if (
            play is not None
            and play.hand.actor is not None
            and self._seats[play.hand.actor] == number
            and not self.terminations.get(self.possible_agents[number], False)
        ):
            mask[play.legal_actions()] = 1
        return mask

    def _post_masks(self) -> None:
        """With ``action_mask="info"``, each agent's mask in its ``infos`` entry."""
        if self.action_mask == "info":
            for agent in self.agents:
                self.infos[agent]["action_mask"] = self._mask(self.possible_agents.index(agent))

    def observe(self, agent: str) -> Any:
        number = self.possible_agents.index(agent)
        if self.action_mask == "info":
            return self._vector(number)
        return {"observation": self._vector(number), "action_mask": self._mask(number)}

    @property
    def chips(self) -> tuple[int, ...]:
        """Each agent's chips: between hands, or before the hand under way."""
        return tuple(self._chips)

    @property
    def seating(self) -> tuple[int, ...]:
        """The agent (its number) in each seat of the hand under way, seat 0 first, the button last."""
        return tuple(self._seats)

    @property
    def hand(self) -> Optional[Hand]:
        """The ``omaha8.Hand`` under way (or just played)."""
        return None if self._play is None else self._play.hand

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        play = self._play
        if play is None:
            return "(no hand dealt: call reset)"
        hand = play.hand
        lines = [
            f"hand {self._dealt} of {self.hands} · {hand.limit} limit · {hand.street} · pot {hand.pot}",
            f"board: {_words(hand.board) or '-'}",
        ]
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
            lines.append(
                f"{pointer} seat {seat + 1} {agent:<9} [{_words(hand.holes[seat])}] "
                f"stack {hand.stacks[seat]:>6}  bet {hand.bets[seat]:>5}  {', '.join(marks)}".rstrip()
            )
        if hand.actor is not None:
            legal = ", ".join(f"{number} {play.describe(number)}" for number in play.legal_actions())
            lines.append(f"legal: {legal}")
        elif hand.result is not None:
            net = hand.result.net
            lines.append(
                "result: "
                + ", ".join(f"{self.possible_agents[number]} {net[seat]:+d}" for seat, number in enumerate(self._seats))
            )
        return "\n".join(lines)

    def close(self) -> None:
        pass
