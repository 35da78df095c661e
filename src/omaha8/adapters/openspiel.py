"""Omaha Hi-Lo as an OpenSpiel game: ``import omaha8.adapters.openspiel`` registers ``python_omaha8`` with
``pyspiel``, so that ``pyspiel.load_game("python_omaha8(limit=pot,players=3)")`` plays it and
every OpenSpiel algorithm (CFR, MCCFR, exploitability, NFSP, PSRO, the sequence-form LP) runs on it.

The game is omaha8's own ``Hand``: its betting, its side pots, its split pots to the chip. The
players choose among the abstract actions of ``omaha8.adapters.abstraction`` (0 fold, 1 check or call,
2 + i bet or raise ``bets[i]`` of the pot, 2 + len(bets) all-in). Chance deals one card a node,
numbered as omaha8 numbers cards (rank x 4 + suit: 2c = 0, As = 51): every seat's hole cards,
seat 0's first, then the board as the hand comes to it. Returns are each seat's net chips
(``Hand.result.net``). OpenSpiel player i is seat i (heads-up: seat 0 the big blind, seat 1 the
button).

The subgame (``board`` given): the heads-up river spot of ``omaha8.solve_river``. ``pot`` chips
in the middle (put in equally, so an even number), ``stack`` behind each player, ``ranges`` one
expression per player joined by ``|``; one chance node deals the pair of hands, in proportion to
the product of their weights over the pairs disjoint from each other and the board; player 0 is
out of position and acts first; the smallest bet is one chip, fixed limit bets ``fixed_bets``'
big bet. A player's return is its chips from the final pot, less what it put in on the river,
less half the starting pot: zero-sum, as OpenSpiel's LP wants. The subgame splits a showdown's
pot exactly as ``solve_river`` does (half to the best high, half to the best low, each half shared
equally by tied hands, all of it to the high when nobody has a low), in fractions of a chip;
the full game pays the Hand's whole chips, odd chips by its rules.

Parameters, as OpenSpiel's game strings carry them (lists are space-separated strings; a game
string reads a lone number as a number, so one bet size is written as a percent, bets=100%):
limit ("fixed", "pot", "no"), players (2..10), blinds ("1 2"), ante, stack (every seat's chips,
200) or stacks (one per seat, "200 150"), hole_size (4 or 5), bets ("0.5 1", "50% 100%" or
"1/3": pot fractions), max_raises (raises a round after its bet, 4), fixed_bets (fixed limit's
small and big bet; default the big blind and twice it), and for the subgame board, pot, stack
(chips behind) and ranges (in a game string ";" stands for the notation's "," and braces for
its parentheses, as a game string keeps those for itself). Counts and chips (players, ante,
hole_size, max_raises, pot, stack) are ints: OpenSpiel types a parameter by its default, and
the Hand bets whole chips. ``load`` and ``Omaha8Game`` read every value before OpenSpiel sees
it (a ``GameConfigError`` naming a mistake); ``pyspiel.load_game`` types a game string's and a
dict's values itself first, so its refusals there are its own ``SpielError``.

A state serializes as its actions, one a line; ``Omaha8Game.deserialize_state`` replays them,
each checked legal, and never unpickles (OpenSpiel's C++ reader for Python games unpickles a
``__dict__=`` line: ``pyspiel.deserialize_game_and_state`` is not for text from others;
``deserialize_game_and_state`` here is).
"""

from __future__ import annotations

import functools
import math
import numbers
import operator
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Iterable, Optional, Protocol, Sequence, cast

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError("omaha8.adapters.openspiel needs OpenSpiel: pip install 'omaha8[openspiel]'") from error

from ..cards import CARDS, CardError, check_unique, quoted, read_counted, whole_number
from ..exceptions import GameConfigError, IllegalActionError, RangeError
from ..game import Hand, Street
from ..ranges import Range
from .abstraction import AbstractHand, TableRules, read_rules, table_vector, vector_size

__all__ = [
    "GAME_TYPE",
    "DEFAULTS",
    "Omaha8Game",
    "Omaha8State",
    "MAX_SUBGAME_DEALS",
    "load",
    "serialize_game_and_state",
    "deserialize_game_and_state",
]

DEFAULTS: dict[str, object] = {
    "limit": "pot",
    "players": 2,
    "blinds": "1 2",
    "ante": 0,
    "stacks": "",
    "hole_size": 4,
    "bets": "0.5 1",
    "max_raises": 4,
    "fixed_bets": "",
    "board": "",
    "pot": 0,
    "stack": 200,
    "ranges": "",
}
# The subgame lists its deals as chance outcomes: a pair of ranges past this is too many to list.
MAX_SUBGAME_DEALS = 250_000

GAME_TYPE = pyspiel.GameType(
    short_name="python_omaha8",
    long_name="Omaha Hi-Lo (omaha8)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_ROUNDS_BY_BOARD = {0: 1, 1: 1, 2: 1, 3: 2, 4: 3, 5: 4}  # board cards dealt -> betting rounds begun
_ROUND = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3, Street.OVER: 3}
_ROUND_OF_SUBGAME = dict.fromkeys(_ROUND, 0)


@dataclass(frozen=True)
class _Setup:
    """Everything a game's states share, read once from its parameters."""

    params: tuple  # the parameters, as (name, value) pairs: a state pickles by them
    rules: TableRules  # the hand's rules (the subgame's: its pot as antes and a blind of 1)
    given: TableRules  # the rules as the parameters give them
    board: tuple[int, ...]  # the subgame's board; () for the full game
    deals: tuple  # the subgame's pairs of hands: ((hole 0, hole 1), ...)
    outcomes: tuple  # the subgame's chance outcomes: ((deal id, probability), ...)
    pot: int  # the subgame's starting pot
    slots: int  # most player actions a game can have

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def subgame(self) -> bool:
        return bool(self.board)

    def __deepcopy__(self, memo: dict) -> "_Setup":
        return self  # immutable: states copy it by reference

    def __reduce__(self) -> tuple[Callable[[tuple], _Setup], tuple[tuple]]:
        return _setup_of, (self.params,)


@functools.lru_cache(maxsize=64)
def _setup_of(params: tuple) -> _Setup:
    """The setup of ``_frozen`` parameters, every value checked."""
    merged = dict(params)
    board_text = merged["board"]
    if board_text in ("", None):
        for name in ("pot", "ranges"):
            if merged[name] not in (0, ""):
                raise GameConfigError(f"{name} is for the subgame, which needs a board too")
        rules = read_rules(
            {**merged, "stacks": merged["stacks"] if merged["stacks"] not in ("", None) else merged["stack"]}
        )
        n = rules.players
        slots = 4 * n * (rules.max_raises + 2) + n * n
        return _Setup(params, rules, rules, (), (), (), 0, slots)
    return _subgame_setup(params, merged)


def _subgame_setup(params: tuple, merged: dict) -> _Setup:
    try:
        board = read_counted(str(merged["board"]), "the subgame's board", (5,))
        check_unique(board)
    except CardError as error:
        raise GameConfigError(f"board: {error}") from None
    if merged["players"] != 2:
        raise GameConfigError(f"the subgame is heads-up: players must be 2, not {quoted(merged['players'])}")
    pot = whole_number(merged["pot"], "pot", 2, None, GameConfigError)
    if pot % 2:
        raise GameConfigError(f"pot must be even (both players put in half of it), not {pot}")
    stack = whole_number(merged["stack"], "stack", 0, None, GameConfigError)
    texts = _range_text(str(merged["ranges"])).split("|")
    if len(texts) != 2 or not all(text.strip() for text in texts):
        raise GameConfigError(
            f"ranges must be two range expressions joined by '|', player 0's first, not {quoted(merged['ranges'])}"
        )
    given = read_rules({**merged, "stacks": stack + pot // 2})
    # The pot as each seat's ante and a big blind of one chip, checked down to the river: the
    # Hand then bets the river with the smallest bet one chip, and its net is the subgame's return.
    rules = read_rules({**merged, "players": 2, "stacks": f"{pot // 2 + stack}", "blinds": "0 1", "ante": pot // 2 - 1})
    # Fixed limit bets the big bet on the river.
    rules = replace(rules, fixed_bets=(rules.fixed_bets[1], rules.fixed_bets[1]))
    hole_size = rules.hole_size
    sides = []
    for player, text in enumerate(texts):
        try:
            combos, weights = Range(text.strip(), hole_size).apart_from(board)
        except RangeError as error:
            raise GameConfigError(f"ranges: player {player}'s range: {error}") from None
        hands = [tuple(combos[at : at + hole_size]) for at in range(0, len(combos), hole_size)]
        sides.append([(hand, weight) for hand, weight in zip(hands, weights) if weight])
        if not sides[-1]:
            raise GameConfigError(f"ranges: player {player}'s range {text.strip()!r} has no hand apart from the board")
    if len(sides[0]) * len(sides[1]) > MAX_SUBGAME_DEALS:
        raise GameConfigError(
            f"ranges: {len(sides[0]):,} x {len(sides[1]):,} pairs of hands are more deals than "
            f"the subgame lists ({MAX_SUBGAME_DEALS:,})"
        )
    deals: list[tuple] = []
    chances: list[int] = []
    for first, weight_first in sides[0]:
        cards = set(first)
        for second, weight_second in sides[1]:
            deals.append((first, second))
            chances.append(0 if cards.intersection(second) else weight_first * weight_second)
    total = sum(chances)
    if not total:
        raise GameConfigError("ranges: no pair of hands is apart from each other and the board")
    outcomes = tuple((deal, chance / total) for deal, chance in enumerate(chances) if chance)
    slots = 2 * (rules.max_raises + 4)
    return _Setup(params, rules, given, tuple(board), tuple(deals), outcomes, pot, slots)


def _canonical(setup: _Setup) -> dict:
    """The parameters as the game string writes them: every list in words that OpenSpiel cannot
    read back as a number ("200 200", "50% 100%"), so that a game string or a serialized state
    loads again as it was."""
    params = dict(setup.params)
    rules = setup.given
    if not setup.subgame:
        params["stacks"] = " ".join(map(str, rules.stacks))
    params["blinds"] = " ".join(map(str, rules.blinds))
    params["fixed_bets"] = " ".join(map(str, rules.fixed_bets))
    params["bets"] = " ".join(_bet_words(bet) for bet in rules.bets)
    if setup.subgame:
        params["ranges"] = str(params["ranges"]).translate(_STRING_SAFE)
    return params


# A game string separates parameters by commas and nests games in parentheses: in ``ranges``,
# ";" stands for the notation's "," and braces for its parentheses.
_STRING_SAFE = str.maketrans({",": ";", "(": "{", ")": "}"})
_NOTATION = str.maketrans({";": ",", "{": "(", "}": ")"})


def _range_text(text: str) -> str:
    return text.translate(_NOTATION)


def _bet_words(bet: Fraction) -> str:
    """A pot fraction as a game string writes it: a percent with at most four decimals when that
    is exact ("12.5%"), else the fraction ("1/3"); either reads back as the same fraction."""
    percent = bet * 100
    if (percent * 10**4).denominator == 1:
        return f"{float(percent):.4f}".rstrip("0").rstrip(".") + "%"
    return f"{bet.numerator}/{bet.denominator}"


def _as_text(value: object) -> object:
    """A list as OpenSpiel's strings carry it: its items separated by spaces; anything else as is."""
    return " ".join(str(item) for item in value) if isinstance(value, (list, tuple)) else value


def _frozen(params: dict) -> tuple:
    """The parameters as a key, each value of the type OpenSpiel's specification gives it (its
    default's): a count by ``whole_number`` (numpy integers are ints; bools, floats and text
    are not), within the C++ int OpenSpiel carries it in; anything else text (a list's items
    separated by spaces, a number as it is written). A value neither is a ``GameConfigError``."""
    pairs = []
    for name, value in params.items():
        if name not in DEFAULTS:
            raise GameConfigError(f"python_omaha8 has no parameter {quoted(name)}; it takes {', '.join(DEFAULTS)}")
        pairs.append((name, _count(name, value) if type(DEFAULTS[name]) is int else _text_of(name, value)))
    return tuple(sorted(pairs))


# OpenSpiel keeps an int parameter in a C++ int: its parser and pybind11 refuse a larger one.
_MOST_INT = 2**31 - 1
_WHY_INT = {
    "pot": "the subgame bets whole chips",
    "stack": "the Hand bets whole chips",
    "ante": "the Hand bets whole chips",
}


def _count(name: str, value: object) -> int:
    if isinstance(value, numbers.Real) and not isinstance(value, bool) and not hasattr(type(value), "__index__"):
        # A real amount: say what to pass (OpenSpiel's own parser would only say "Wrong type").
        try:
            number = float(value)
        except OverflowError:  # a Fraction past float's range
            number = math.inf
        hint = (
            f"pass {name}={int(number)}"
            if math.isfinite(number) and number.is_integer()
            else "a whole number of chips"
            if name in _WHY_INT
            else "a whole number"
        )
        why = _WHY_INT.get(name, "it is a count")
        raise GameConfigError(
            f"{name} must be an int, not {type(value).__name__} {quoted(value)}: {hint} ({why}, "
            f"and OpenSpiel types {name} by its default, an int)"
        )
    number = whole_number(value, name, -_MOST_INT - 1, None, GameConfigError)
    if number > _MOST_INT:
        more = "; the full game's stacks, text, takes any" if name == "stack" else ""
        raise GameConfigError(
            f"{name} must be at most {_MOST_INT:,} (OpenSpiel's int parameters hold no more{more}), not {number:,}"
        )
    return number


def _text_of(name: str, value: object) -> str:
    value = _as_text(value)
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return str(operator.index(value) if hasattr(type(value), "__index__") else value)  # type: ignore[arg-type]
    raise GameConfigError(
        f"{name} must be text (a list or a number is written as text), not {type(value).__name__} {quoted(value)}"
    )


class Omaha8Game(pyspiel.Game):
    """Omaha Hi-Lo under omaha8's rules (the module's words)."""

    def __init__(self, params: Optional[dict] = None) -> None:
        setup = _setup_of(_frozen({**DEFAULTS, **(params or {})}))
        merged = _canonical(setup)
        rules = setup.rules
        stacks = rules.stacks
        if setup.subgame:
            behind = stacks[0] - setup.pot // 2  # each seat's stack: half the pot and the chips behind
            lowest, highest = -(setup.pot / 2 + behind), setup.pot / 2 + behind
            outcomes, length = len(setup.deals), 1 + setup.slots
        else:
            lowest = -float(max(stacks))
            highest = float(max(sum(min(mine, other) for other in stacks) - mine for mine in stacks))
            outcomes, length = 52, rules.players * rules.hole_size + 5 + setup.slots
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.actions,
            max_chance_outcomes=outcomes,
            num_players=rules.players,
            min_utility=lowest,
            max_utility=highest,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(GAME_TYPE, info, merged)
        self.setup = setup

    def new_initial_state(self) -> "Omaha8State":
        return Omaha8State(self)

    def __reduce__(self) -> tuple[Callable[[str], Omaha8Game], tuple[str]]:
        # OpenSpiel's pickle of a game swaps a new C++ game under an object never initialized,
        # without its setup: a pickle loads the game string instead.
        return _game_of, (str(self),)

    def deserialize_state(self, text: str) -> "Omaha8State":
        """The state ``Omaha8State.serialize`` wrote: its actions replayed from a new initial
        state, each checked legal where it comes; anything else is a ``GameConfigError``.
        Nothing in the text is unpickled or run (OpenSpiel's own reader for Python games
        unpickles a ``__dict__=`` line: this one never does)."""
        return _replayed(self, _actions_of(text, self.max_game_length()))

    def make_py_observer(
        self, iig_obs_type: Optional[pyspiel.IIGObservationType] = None, params: Optional[dict] = None
    ) -> "_Observer":
        return _Observer(self.setup, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class Omaha8State(pyspiel.State):
    """A deal in progress: chance's cards, then the hand, played through the abstract actions."""

    def __init__(self, game: Omaha8Game) -> None:
        super().__init__(game)
        self._setup = game.setup
        self._cards: list[int] = []  # every card chance dealt, in order (the full game)
        self._pending: list[int] = []  # board cards dealt toward the street the hand waits for
        self._play: Optional[AbstractHand] = None  # the hand, once its cards are dealt
        self._moves: list[tuple[int, int]] = []  # (betting round, action) of every player action
        self._rounds = _ROUND_OF_SUBGAME if game.setup.subgame else _ROUND  # the subgame's one round is 0

    # ---- what OpenSpiel asks

    def current_player(self) -> int:
        play = self._play
        if play is None:
            return _CHANCE
        hand = play.hand
        actor = hand.actor
        if actor is not None:
            return actor
        return _CHANCE if hand.waiting_for else _TERMINAL

    def is_terminal(self) -> bool:
        play = self._play
        return play is not None and play.hand.actor is None and not play.hand.waiting_for

    def _legal_actions(self, player: int) -> list[int]:
        play = self._play
        if play is None or play.hand.actor != player:
            return []
        return play.legal_actions()

    def chance_outcomes(self) -> list:
        setup = self._setup
        if setup.subgame:
            return list(setup.outcomes) if self._play is None else []
        if self._play is not None and not self._play.hand.waiting_for:
            return []
        dealt = set(self._cards)
        left = [card for card in range(52) if card not in dealt]
        chance = 1.0 / len(left)
        return [(card, chance) for card in left]

    def _apply_action(self, action: int) -> None:
        play = self._play
        if play is not None and play.hand.actor is not None:
            street = play.hand.street
            play.play(action)
            self._moves.append((self._rounds[street], int(action)))
        elif self._setup.subgame:
            self._deal_pair(action)
        else:
            self._deal_card(action)

    def _deal_card(self, action: int) -> None:
        if isinstance(action, bool) or not hasattr(type(action), "__index__") or not 0 <= int(action) < 52:
            raise CardError(f"a chance outcome is a card 0..51, not {quoted(action)}")
        card = int(action)
        if card in self._cards:
            raise CardError(f"{CARDS[card]} is already dealt")
        rules = self._setup.rules
        play = self._play
        if play is None:
            self._cards.append(card)
            size = rules.hole_size
            if len(self._cards) == rules.players * size:
                holes = [self._cards[at : at + size] for at in range(0, len(self._cards), size)]
                self._play = AbstractHand(
                    rules.new_hand(holes=holes, wait_for_board=True, seed=0), rules.bets, rules.max_raises
                )
            return
        if not play.hand.waiting_for:
            raise IllegalActionError("no card is to be dealt: the hand is over")
        self._cards.append(card)
        self._pending.append(card)
        if len(self._pending) == play.hand.waiting_for:
            play.hand.deal(self._pending)
            self._pending = []
            play.dealt()

    def _deal_pair(self, action: int) -> None:
        setup = self._setup
        if self._play is not None:
            raise IllegalActionError("the subgame's hands are dealt already")
        if (
            isinstance(action, bool)
            or not hasattr(type(action), "__index__")
            or not 0 <= int(action) < len(setup.deals)
        ):
            raise IllegalActionError(f"a deal of this subgame is 0..{len(setup.deals) - 1}, not {quoted(action)}")
        first, second = setup.deals[int(action)]
        if set(first).intersection(second):
            raise IllegalActionError(f"deal {action} gives both players a card: it has no chance")
        hand = setup.rules.new_hand(holes=[first, second], board=setup.board, seed=0)
        while hand.street != Street.RIVER and hand.actor is not None:  # the checked-down streets before the spot
            if hand.can_check():
                hand.check()
            else:
                hand.call()
        self._cards = list(first) + list(second)
        self._play = AbstractHand(hand, setup.rules.bets, setup.rules.max_raises)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            if self._setup.subgame:
                if 0 <= action < len(self._setup.deals):
                    first, second = self._setup.deals[action]
                    return f"Deal {_words(first)} | {_words(second)}"
                return f"Deal {action}"
            return f"Deal {CARDS[action]}" if 0 <= action < 52 else f"Deal {action}"
        play = self._play
        if play is not None and play.hand.actor == player:
            return play.describe(action)
        return ("fold", "check/call")[action] if action < 2 else f"bet/raise {action}"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._setup.players
        result = self._play.hand.result  # type: ignore[union-attr]
        if self._setup.subgame:
            return _exact_returns(cast(_Settled, result))  # terminal: the hand is settled
        return [float(net) for net in result.net]  # type: ignore[union-attr]

    def __str__(self) -> str:
        play = self._play
        if play is None:
            size = self._setup.rules.hole_size
            dealt = [_words(self._cards[at : at + size]) for at in range(0, len(self._cards), size)]
            return f"dealing: {' | '.join(dealt) or 'no cards yet'}"
        hand = play.hand
        holes = " | ".join(_words(hole) for hole in hand.holes)
        board = _words(hand.board) or "-"
        moves = " ".join(str(action) for _, action in self._moves) or "-"
        return (
            f"holes {holes}; board {board}; street {hand.street}; pot {hand.pot}; stacks "
            f"{' '.join(map(str, hand.stacks))}; actions {moves}"
        )

    def serialize(self) -> str:
        """The state as its actions, chance's and the players' alike, one a line (OpenSpiel's
        plain ``State::Serialize``): ``Omaha8Game.deserialize_state`` replays them. The cards,
        the chips and the hand all follow from the game and its actions."""
        return "".join(f"{action}\n" for action in self.history())

    def __reduce__(self) -> tuple[Callable[[Omaha8Game, str], Omaha8State], tuple[Omaha8Game, str]]:
        # A pickle holds the game (its game string) and the actions, and loads by replaying them.
        return _state_of, (self.get_game(), self.serialize())

    # ---- what the observer reads

    def hole_of(self, player: int) -> list[int]:
        """The cards chance has dealt ``player`` so far."""
        play = self._play
        if play is not None:
            return [int(card) for card in play.hand.holes[player]]
        size = self._setup.rules.hole_size
        return self._cards[player * size : (player + 1) * size]

    def board_rows(self) -> tuple[list[int], list[int], list[int]]:
        """The board dealt so far: (flop, turn, river), each a list (empty when not dealt)."""
        play = self._play
        board = [int(card) for card in play.hand.board] if play is not None else []
        board += self._pending
        return board[:3], board[3:4], board[4:5]

    @property
    def hand(self) -> Optional[Hand]:
        """The ``omaha8.Hand`` being played (None while hole cards are being dealt)."""
        return None if self._play is None else self._play.hand

    @property
    def moves(self) -> list[tuple[int, int]]:
        """Every player action so far as (betting round, action id); the subgame's round is 0."""
        return list(self._moves)


# A serialized state's line: an action id in ASCII digits, short enough to be one.
_ACTION_LINE = re.compile(r"0|[1-9][0-9]{0,8}")
_WRITTEN_BY = "a serialized python_omaha8 state"


def _actions_of(text: object, most: int) -> list[int]:
    """The actions of a serialized state, one a line, each checked to be an action id."""
    if not isinstance(text, str):
        raise GameConfigError(f"{_WRITTEN_BY} must be text, not {type(text).__name__} {quoted(text)}")
    # Counted before it is split: a huge text is refused without a list of its lines.
    count = text.count("\n") + (0 if text.endswith("\n") else 1) if text else 0
    if count > most:
        raise GameConfigError(f"{_WRITTEN_BY}: {count:,} lines are more actions than the game's longest play ({most})")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, 1):
        if not _ACTION_LINE.fullmatch(line):
            raise GameConfigError(
                f"{_WRITTEN_BY} is its actions, one a line, as state.serialize() writes them: "
                f"line {number} is {quoted(line)}"
            )
    return [int(line) for line in lines]


def _replayed(game: Omaha8Game, actions: list[int]) -> "Omaha8State":
    """A new initial state of ``game`` with ``actions`` applied, each legal where it comes."""
    state = game.new_initial_state()
    setup = game.setup
    for number, action in enumerate(actions, 1):
        if state.is_terminal():
            raise GameConfigError(f"{_WRITTEN_BY}: line {number}: the hand is over, and {action} follows it")
        if state.is_chance_node():
            legal = any(outcome == action for outcome, _ in state.chance_outcomes())
            what = "a deal with a chance" if setup.subgame else "a card 0..51 not yet dealt"
        else:
            ids = state.legal_actions()
            legal, what = action in ids, f"legal: {' '.join(map(str, ids))}"
        if not legal:
            raise GameConfigError(f"{_WRITTEN_BY}: line {number}: {action} is not a legal action here ({what})")
        state.apply_action(action)
    return state


def _game_of(text: str) -> Omaha8Game:
    return pyspiel.load_game(text)


def _state_of(game: Omaha8Game, text: str) -> "Omaha8State":
    return game.deserialize_state(text)


class _SettledPot(Protocol):
    @property
    def amount(self) -> int: ...
    @property
    def high_winners(self) -> tuple[int, ...]: ...
    @property
    def low_winners(self) -> tuple[int, ...]: ...


class _Settled(Protocol):
    """What ``_exact_returns`` reads of a settled hand (``Hand.result``, an ``omaha8.Showdown``)."""

    @property
    def pots(self) -> Sequence[_SettledPot]: ...
    @property
    def contributions(self) -> tuple[int, ...]: ...


def _exact_returns(result: _Settled) -> list[float]:
    """Each seat's chips from the pots split exactly, as ``solve_river`` splits them, less its
    chips in: half of each pot to its best highs and half to its best lows, each half shared
    equally among tied winners, the whole pot to the highs when nobody has a low. The winners
    are the Hand's; only its odd chips are left out. Heads-up, every share is a whole number of
    quarter chips, which floats hold exactly."""
    takes = [0.0] * len(result.contributions)
    for pot in result.pots:
        halves = (
            ((pot.high_winners, pot.amount / 2), (pot.low_winners, pot.amount / 2))
            if pot.low_winners
            else ((pot.high_winners, float(pot.amount)),)
        )
        for winners, amount in halves:
            for seat in winners:
                takes[seat] += amount / len(winners)
    return [take - put for take, put in zip(takes, result.contributions)]


def _words(cards: Iterable[int]) -> str:
    return "".join(str(CARDS[int(card)]) for card in cards)


class _Observer:
    """OpenSpiel's observer for the game: a flat float32 tensor with named views, and strings.

    Pieces: ``player`` (one bit a player); the private cards by the observation type (``hole``,
    52 bits, for one player; ``holes``, 52 a player, for all; nothing for the public view);
    ``board`` (3 x 52: the flop, the turn, the river); ``table`` (the pot, the chips to call,
    the raise limits, each seat's chips and state: ``abstraction.table_vector`` less its cards);
    with perfect recall ``actions`` (one row an action so far, its id one-hot)."""

    def __init__(self, setup: _Setup, iig_obs_type: pyspiel.IIGObservationType, params: Optional[dict]) -> None:
        if params:
            raise GameConfigError(f"the observer takes no parameters, not {quoted(params)}")
        self._setup = setup
        n = setup.players
        self._private = iig_obs_type.private_info
        self._public = iig_obs_type.public_info
        self._recall = iig_obs_type.perfect_recall
        pieces: list[tuple[str, int, tuple]] = [("player", n, (n,))]
        if self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            pieces.append(("hole", 52, (52,)))
        elif self._private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            pieces.append(("holes", 52 * n, (n, 52)))
        if self._public:
            pieces.append(("board", 3 * 52, (3, 52)))
            table = vector_size(n) - 104
            pieces.append(("table", table, (table,)))
            if self._recall:
                actions = setup.rules.actions
                pieces.append(("actions", setup.slots * actions, (setup.slots, actions)))
        self.tensor = np.zeros(sum(size for _, size, _ in pieces), np.float32)
        self.dict = {}
        at = 0
        for name, size, shape in pieces:
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: Omaha8State, player: int) -> None:
        self.tensor.fill(0)
        views = self.dict
        views["player"][player] = 1
        if "hole" in views:
            views["hole"][state.hole_of(player)] = 1
        if "holes" in views:
            for seat in range(self._setup.players):
                views["holes"][seat, state.hole_of(seat)] = 1
        if self._public:
            for row, cards in enumerate(state.board_rows()):
                views["board"][row, cards] = 1
            hand = state.hand
            if hand is not None:
                views["table"][:] = table_vector(hand, player, self._setup.players, hand.blinds[1])[104:]
            if self._recall:
                for slot, (_, action) in enumerate(state.moves):
                    views["actions"][slot, action] = 1

    def string_from(self, state: Omaha8State, player: int) -> str:
        parts = [f"[Player {player}]"]
        if self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            parts.append(f"[Private {_words(sorted(state.hole_of(player)))}]")
        elif self._private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            parts.append(
                "[Private "
                + " | ".join(_words(sorted(state.hole_of(seat))) for seat in range(self._setup.players))
                + "]"
            )
        if self._public:
            flop, turn, river = state.board_rows()
            board = " ".join(part for part in (_words(sorted(flop)), _words(turn), _words(river)) if part)
            parts.append(f"[Board {board}]")
            hand = state.hand
            if self._recall:
                # The rounds the board has reached, each the actions in it: " / " between rounds.
                shown = 1 if self._setup.subgame else _ROUNDS_BY_BOARD[len(flop) + len(turn) + len(river)]
                rounds: list[list[str]] = [[] for _ in range(shown)]
                for betting_round, action in state.moves:
                    rounds[betting_round].append(str(action))
                parts.append("[Actions " + " / ".join(" ".join(moves) for moves in rounds) + "]")
            elif hand is not None:
                parts.append(
                    f"[Street {hand.street}][Pot {hand.pot}][Stacks {' '.join(map(str, hand.stacks))}]"
                    f"[Bets {' '.join(map(str, hand.bets))}]"
                )
        return "".join(parts)


def load(**params: object) -> Omaha8Game:
    """``pyspiel.load_game("python_omaha8", params)`` with keyword arguments, every value
    checked here first, so that a mistake is a ``GameConfigError`` naming it, never OpenSpiel's
    "Wrong type": counts are ints (numpy's too), lists may be Python sequences
    (``stacks=[200, 150]``) or text ("200 150"), a number given for a list is its text."""
    typed = dict(_frozen(params))
    _setup_of(_frozen({**DEFAULTS, **typed}))
    return pyspiel.load_game("python_omaha8", typed)


_HEADER = "# Automatically generated by omaha8.adapters.openspiel.serialize_game_and_state\n[Meta]\nVersion: 1\n\n"
# OpenSpiel's layout of a game and a state: comment lines, the version, the game string, the state.
_LAYOUT = re.compile(r"(?:#[^\n]*\n)*(?:\[Meta\]\nVersion: 1\n\n)?\[Game\]\n([^\n]*)\n\[State\]\n(.*)", re.S)
_GAME_STRING = re.compile(r"python_omaha8(?:\([^\n]*\))?")


def serialize_game_and_state(game: Omaha8Game, state: Omaha8State) -> str:
    """The game and the state in one text, laid out as ``pyspiel.serialize_game_and_state``
    lays them out, the state as its actions (``Omaha8State.serialize``), for
    ``deserialize_game_and_state``. (OpenSpiel's own writes the state's pickled ``__dict__``,
    which its reader unpickles: never give that reader text from anyone else.)"""
    if not isinstance(game, Omaha8Game) or not isinstance(state, Omaha8State):
        raise GameConfigError(
            f"serialize_game_and_state takes a python_omaha8 game and one of its states, not "
            f"{type(game).__name__} and {type(state).__name__}"
        )
    if str(state.get_game()) != str(game):
        raise GameConfigError("the state is of another game: serialize it with its own, state.get_game()")
    return f"{_HEADER}[Game]\n{game}\n[State]\n{state.serialize()}"


def deserialize_game_and_state(text: str) -> tuple[Omaha8Game, Omaha8State]:
    """The game and the state ``serialize_game_and_state`` wrote: the game loaded from its game
    string (python_omaha8's only, every parameter checked), the state replayed from its actions
    (``Omaha8Game.deserialize_state``). Nothing is unpickled; anything else is a
    ``GameConfigError``."""
    if not isinstance(text, str):
        raise GameConfigError(f"a serialized game and state must be text, not {type(text).__name__} {quoted(text)}")
    match = _LAYOUT.fullmatch(text)
    if match is None:
        raise GameConfigError(
            "not a game and state as serialize_game_and_state writes them: comment lines, "
            "[Meta], [Game] and the game string, [State] and the actions"
        )
    game_string, state_text = match.groups()
    if not _GAME_STRING.fullmatch(game_string):
        raise GameConfigError(f"the game is not python_omaha8: {quoted(game_string)}")
    try:
        game = pyspiel.load_game(game_string)
    except pyspiel.SpielError as error:
        raise GameConfigError(f"the game string {quoted(game_string)}: {error}") from None
    return game, game.deserialize_state(state_text)


pyspiel.register_game(GAME_TYPE, Omaha8Game)
