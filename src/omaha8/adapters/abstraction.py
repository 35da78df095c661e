"""The abstract betting the framework adapters play (``omaha8.adapters.openspiel``, ``omaha8.adapters.pettingzoo``):
a few numbered actions over a ``game.Hand``, the table's rules read from a framework's
parameters, and the fixed-size vector a learner sees.

The actions, numbered as the adapters promise their users:

- 0 fold (offered only facing a bet: folding when a check is free is never better);
- 1 check or call;
- 2 + i bet or raise ``bets[i]`` of the pot: a bet of f is f times the pot, a raise of f is the
  call plus f times the pot after the call (the pot counting every chip put in, this round's
  too), in whole chips (halves rounded up), at least the legal minimum and at most the
  maximum; in fixed limit every one of them is the one fixed size;
- 2 + len(bets) all-in: the most the player may put in (its stack; in pot limit at most the
  pot; in fixed limit the fixed size).

Options that come to the same chips are one action: an id is legal only when no lower id
bets the same amount, so a game tree never holds the same move twice. ``max_raises`` caps the
raises of every betting round (before the flop the big blind is the bet); fixed limit's cap is
the ``Hand``'s own, other limits' is counted here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Optional, Sequence

from ..cards import MAX_SEATS, integer_of, quoted, whole_number
from ..exceptions import GameConfigError, HandError, IllegalActionError
from ..game import Action, Hand, Kind, Limit, Street, seat_words
from ..potfraction import parse_pot_fraction

__all__ = [
    "FOLD",
    "CHECK_CALL",
    "TableRules",
    "read_rules",
    "AbstractHand",
    "MAX_BET_SIZES",
    "vector_size",
    "table_vector",
]

FOLD = 0
CHECK_CALL = 1
# Bet fractions a game may offer; more would make every decision's branching a framework's burden.
MAX_BET_SIZES = 16
_STREET_NUMBER = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3, Street.OVER: 4}


def _word_of(item: object) -> str:
    """One number's word: an int or numpy integer as its int ('5', not 'np.int64(5)'), a bool as
    'bool' (no number, refused by the reader), anything else as its text."""
    if isinstance(item, bool):
        return "bool"
    number = integer_of(item)
    return str(number) if number is not None else str(item)


def _words_of(value: object, name: str) -> list[str]:
    """The words of a list parameter: a space-separated string ("1 2", as OpenSpiel's game
    strings carry lists) or a sequence of numbers."""
    if isinstance(value, str):
        words = value.replace(",", " ").split()
    elif integer_of(value) is not None or isinstance(value, (float, Fraction)):
        words = [_word_of(value)]
    elif isinstance(value, (list, tuple)):
        words = [_word_of(item) for item in value]
    else:
        raise GameConfigError(f"{name} must be numbers separated by spaces, such as '1 2', not {quoted(value)}")
    return words


def _whole_numbers(value: object, name: str, least: int) -> list[int]:
    numbers = []
    for word in _words_of(value, name):
        try:
            number = int(word)
        except ValueError:
            raise GameConfigError(f"{name}: {word!r} is not a whole number of chips") from None
        numbers.append(whole_number(number, name, least, None, GameConfigError))
    return numbers


@dataclass(frozen=True)
class TableRules:
    """A table's rules as the adapters read them from their parameters, checked."""

    limit: Limit
    """'fixed', 'pot' or 'no'."""
    stacks: tuple[int, ...]
    """Chips per seat, seat 0 first (heads-up: seat 0 the big blind, seat 1 the button)."""
    blinds: tuple[int, int]
    """(small, big)."""
    ante: int
    """Each seat's ante."""
    hole_size: int
    """Cards a hand: 4 or 5."""
    bets: tuple[Fraction, ...]
    """The pot fractions of the bet and raise actions, in action order."""
    max_raises: int
    """Raises allowed in a betting round after its bet (the big blind before the flop)."""
    fixed_bets: tuple[int, int]
    """Fixed limit's small and big bet."""

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def actions(self) -> int:
        """How many action ids: fold, check/call, each bet size, all-in."""
        return 3 + len(self.bets)

    def new_hand(
        self,
        holes: Optional[Sequence] = None,
        board: Optional[Sequence] = None,
        seed: Optional[int] = None,
        wait_for_board: bool = False,
        stacks: Optional[Sequence[int]] = None,
    ) -> Hand:
        """A ``Hand`` under these rules (``stacks`` for a table whose chips have moved)."""
        return Hand(
            list(self.stacks if stacks is None else stacks),
            limit=self.limit,
            blinds=self.blinds,
            ante=self.ante,
            bets=self.fixed_bets,
            max_raises=self.max_raises,
            hole_size=self.hole_size,
            holes=holes,
            board=board,
            seed=seed,
            wait_for_board=wait_for_board,
        )


def read_rules(params: Mapping[str, object]) -> TableRules:
    """The rules in ``params`` (limit, players, blinds, ante, stacks, hole_size, bets,
    max_raises, fixed_bets), each checked; a mistake is a ``GameConfigError`` naming it.
    ``stacks`` gives one stack for every seat or one per seat."""
    limit = params.get("limit", "pot")
    if not isinstance(limit, str) or limit not in ("fixed", "pot", "no"):
        raise GameConfigError(f"limit must be 'fixed', 'pot' or 'no', not {quoted(limit)}")
    players = whole_number(params.get("players", 2), "players", 2, MAX_SEATS, GameConfigError)
    blinds = _whole_numbers(params.get("blinds", "1 2"), "blinds", 0)
    if len(blinds) != 2:
        raise GameConfigError(f"blinds must be two numbers, the small blind and the big blind, not {len(blinds)}")
    if blinds[1] < 1 or blinds[0] > blinds[1]:
        raise GameConfigError(
            f"blinds must be a small blind of at most the big blind, and a big blind of at least 1, "
            f"not {blinds[0]} {blinds[1]}"
        )
    ante = whole_number(params.get("ante", 0), "ante", 0, None, GameConfigError)
    stacks = _whole_numbers(params.get("stacks", "200"), "stacks", 1)
    if len(stacks) == 1:
        stacks = stacks * players
    if len(stacks) != players:
        raise GameConfigError(
            f"stacks must give one stack for every seat or one per seat ({players}), not {len(stacks)}"
        )
    given_size = params.get("hole_size", 4)
    hole_size = integer_of(given_size)
    if hole_size not in (4, 5):
        raise GameConfigError(f"hole_size must be 4 or 5, not {quoted(given_size)}")
    words = _words_of(params.get("bets", "0.5 1"), "bets")
    if len(words) > MAX_BET_SIZES:
        raise GameConfigError(f"bets: at most {MAX_BET_SIZES} sizes, not {len(words)}")
    bets = tuple(parse_pot_fraction(word, "bets", GameConfigError) for word in words)
    if len(set(bets)) != len(bets):
        raise GameConfigError(f"bets: a size is given twice in {' '.join(words)!r}")
    if limit == "pot" and any(bet > 1 for bet in bets):
        raise GameConfigError(f"bets: {' '.join(words)!r} has a fraction above 1, more than pot limit allows")
    max_raises = whole_number(params.get("max_raises", 4), "max_raises", 0, 64, GameConfigError)
    fixed_words = params.get("fixed_bets", "")
    if fixed_words in ("", None):
        fixed_bets = [blinds[1], 2 * blinds[1]]
    else:
        fixed_bets = _whole_numbers(fixed_words, "fixed_bets", 1)
        if len(fixed_bets) != 2:
            raise GameConfigError(
                f"fixed_bets must be two numbers, the small bet and the big bet, not {len(fixed_bets)}"
            )
    rules = TableRules(
        Limit(limit),
        tuple(stacks),
        (blinds[0], blinds[1]),
        ante,
        hole_size,
        bets,
        max_raises,
        (fixed_bets[0], fixed_bets[1]),
    )
    try:
        rules.new_hand(seed=0)  # the engine's own checks of the whole: chips, cards enough for the seats
    except HandError as error:
        raise GameConfigError(str(error)) from None
    return rules


class AbstractHand:
    """A ``Hand`` played through the abstract actions (the module's words): what is legal now,
    the chips each action puts in, playing one. The ``Hand`` is ``hand``; deal its board
    there."""

    __slots__ = ("_all_in", "_bets", "_cap", "_fixed", "_legal", "_raises", "_round", "_totals", "hand")

    def __init__(self, hand: Hand, bets: Sequence[Fraction], max_raises: int) -> None:
        self.hand = hand
        # Each fraction as (numerator, denominator): whole-number arithmetic, exact and fast.
        self._bets = tuple((bet.numerator, bet.denominator) for bet in bets)
        self._cap = max_raises
        self._fixed = hand.limit == Limit.FIXED
        self._all_in = 2 + len(self._bets)
        self._raises = 0  # raises made in the round under way (pot and no limit)
        self._round: Optional[Street] = hand.street
        self._legal: Optional[list[int]] = None  # worked out when first asked, after each move
        self._totals: dict[int, int] = {}

    def copy(self) -> "AbstractHand":
        other = AbstractHand.__new__(AbstractHand)
        other.hand = self.hand.copy()
        other._bets, other._cap, other._fixed, other._all_in = self._bets, self._cap, self._fixed, self._all_in
        other._raises, other._round, other._legal = self._raises, self._round, self._legal
        other._totals = self._totals
        return other

    def __deepcopy__(self, memo: dict) -> "AbstractHand":
        return self.copy()

    @property
    def raises(self) -> int:
        """Raises made in the betting round under way."""
        self._sync_round()
        return self._raises

    def _sync_round(self) -> None:
        street = self.hand.street
        if street != self._round:
            self._round = street
            self._raises = 0

    def legal_actions(self) -> list[int]:
        """The legal action ids now, ascending; empty when nobody is to act."""
        if self._legal is None:
            self._work_out()
        return list(self._legal)  # type: ignore[arg-type]

    def total_of(self, action: int) -> Optional[int]:
        """The total a bet or raise id bets or raises to now; None for another id, or one not legal now."""
        if self._legal is None:
            self._work_out()
        return self._totals.get(action)

    def _work_out(self) -> None:
        hand = self.hand
        actor = hand.actor
        totals: dict[int, int] = {}
        if actor is None:
            self._legal, self._totals = [], totals
            return
        legal = [CHECK_CALL] if hand.can_check() else [FOLD, CHECK_CALL]
        low = hand.min_raise_to
        if low is not None and self._may_raise(hand):
            high = hand.max_raise_to
            assert high is not None  # set whenever min_raise_to is
            to_call = hand.to_call
            to_match = hand.bets[actor] + to_call  # the actor's chips reach past it: the call is whole
            base = hand.pot + to_call  # the pot after the call
            seen = set()
            for number, (top, bottom) in enumerate(self._bets):
                total = to_match + (2 * top * base + bottom) // (2 * bottom)
                total = high if total > high else low if total < low else total
                if total not in seen:
                    seen.add(total)
                    totals[2 + number] = total
                    legal.append(2 + number)
            if high not in seen:
                totals[self._all_in] = high
                legal.append(self._all_in)
        self._legal, self._totals = legal, totals

    def _may_raise(self, hand: Hand) -> bool:
        if self._fixed:
            return True  # the Hand keeps fixed limit's cap itself
        self._sync_round()
        return self._raises < self._cap or not any(hand.bets)

    def why_not(self, action: object) -> Optional[str]:
        """Why ``action`` is not legal now, in words; None when it is."""
        number = integer_of(action)
        if number is None:
            return f"an action is a whole number 0..{self._all_in}, not {quoted(action)}"
        legal = self.legal_actions()
        if number in legal:
            return None
        if not legal:
            if self.hand.waiting_for:
                return f"action {action}: the hand waits for {self.hand.waiting_for} board card(s)"
            return f"action {action}: the hand is over"
        named = ", ".join(f"{choice} ({self.describe(choice)})" for choice in legal)
        return f"action {action} is not legal for {seat_words(self.hand.actor)}; the legal actions are {named}"

    def play(self, action: int) -> Action:
        """Play an action id; an illegal one raises ``IllegalActionError`` and changes nothing."""
        why = self.why_not(action)
        if why is not None:
            raise IllegalActionError(why)
        action = int(action)
        hand = self.hand
        self._sync_round()  # fixed limit counts its raises here too, for ``raises``
        if action == FOLD:
            record = hand.fold()
        elif action == CHECK_CALL:
            record = hand.check() if hand.can_check() else hand.call()
        else:
            record = hand.raise_to(self._totals[action])
            if record.kind == Kind.RAISE:
                self._raises += 1
        self._legal = None
        return record

    def dealt(self) -> None:
        """Say that the hand's board was dealt to (what is legal has changed)."""
        self._legal = None

    def describe(self, action: int) -> str:
        """An action in words, with its chips where it is legal now: 'call 4', 'raise to 20'."""
        hand = self.hand
        if action == FOLD:
            return "fold"
        if action == CHECK_CALL:
            if hand.actor is None:
                return "check/call"
            return "check" if hand.can_check() else f"call {hand.to_call}"
        if not 2 <= action <= self._all_in:
            return f"action {action}"
        total = self.total_of(action)
        name = "all-in" if action == self._all_in else f"{_percent(self._bets[action - 2])} pot"
        if total is None:
            return name
        verb = "bet" if not any(hand.bets) else "raise to"
        return f"{verb} {total} ({name})"


def _percent(fraction: tuple[int, int]) -> str:
    top, bottom = fraction
    return f"{100 * top / bottom:g}%"


# ---------------------------------------------------------------- the learner's vector

_CARD_BITS = 52
_PER_SEAT = 7  # stack, bet this round, chips in the hand, folded, all-in, to act, the button
_PER_STREET_SEAT = 4  # chips put in on each street


def vector_size(seats: int) -> int:
    """The length of ``table_vector`` for a table of up to ``seats`` seats."""
    return 2 * _CARD_BITS + 5 + 5 + seats + seats * (_PER_SEAT + _PER_STREET_SEAT)


def table_vector(hand: Hand, seat: int, seats: int, unit: float) -> list[float]:
    """What seat ``seat`` sees of ``hand``, as ``vector_size(seats)`` floats, chips in ``unit``
    (the big blind): its hole cards (52 bits), the board (52 bits), the street (5 bits:
    preflop, flop, turn, river, over), the pot, the chips to call, the least and most it may
    bet or raise to, and whether a raise is open (5 numbers), its seat (``seats`` bits), then for
    each seat from its own on clockwise (padded to ``seats``): stack, bet this round, chips in
    the hand, folded, all-in, to act, the button (7), then the chips put in on each street (4
    per seat)."""
    vector = [0.0] * vector_size(seats)
    for card in hand.holes[seat]:
        vector[int(card)] = 1.0
    for card in hand.board:
        vector[_CARD_BITS + int(card)] = 1.0
    at = 2 * _CARD_BITS
    vector[at + _STREET_NUMBER[hand.street]] = 1.0
    at += 5
    mine = hand.actor == seat
    vector[at] = hand.pot / unit
    if mine:
        vector[at + 1] = hand.to_call / unit
        if hand.min_raise_to is not None:
            vector[at + 2] = hand.min_raise_to / unit
            vector[at + 3] = (hand.max_raise_to or 0) / unit
            vector[at + 4] = 1.0
    at += 5
    vector[at + seat] = 1.0
    at += seats
    n = hand.n
    stacks, bets, put_in, folded, all_in = hand.stacks, hand.bets, hand.contributions, hand.folded, hand.is_all_in
    streets = [[0] * 4 for _ in range(n)]
    for record in hand.history:
        if record.seat is not None and record.kind not in (Kind.HOLE_CARDS, Kind.BOARD):
            signed = -record.amount if record.kind == Kind.RETURN else record.amount
            streets[record.seat][_STREET_NUMBER[record.street]] += signed
    for step in range(n):
        other = (seat + step) % n
        block = at + step * _PER_SEAT
        vector[block] = stacks[other] / unit
        vector[block + 1] = bets[other] / unit
        vector[block + 2] = put_in[other] / unit
        vector[block + 3] = float(folded[other])
        vector[block + 4] = float(all_in[other])
        vector[block + 5] = float(hand.actor == other)
        vector[block + 6] = float(other == n - 1)
        street_block = at + seats * _PER_SEAT + step * _PER_STREET_SEAT
        for street in range(4):
            vector[street_block + street] = streets[other][street] / unit
    return vector
