"""The betting engine: one hand of Omaha Hi-Lo from the antes and blinds to the payouts, under
fixed-limit, pot-limit or no-limit rules (RULES.md, "Betting").

A ``Hand`` keeps its state in flat per-seat lists and works out what the player to act may do
once per action, so that queries are plain reads and a simulator can play millions of hands.
Every action is checked before anything changes: an illegal one raises ``IllegalActionError``, which
says what is legal, and leaves the hand exactly as it was. Pots are formed and awarded by
``omaha8.pots``, as ``showdown`` does; this module only decides who put in what.

Seats are numbered as everywhere in omaha8: seat 0 is the first seat left of the button, the
last seat is the button. Heads-up, seat 0 is the big blind and seat 1 the button, who posts the
small blind, acts first before the flop and last after it.
"""

from __future__ import annotations

import random
import threading
from enum import Enum
from typing import Callable, NamedTuple, Optional, Sequence

from . import _engine
from .cards import (
    CARDS,
    MAX_SEATS,
    Card,
    CardError,
    CardsLike,
    check_unique,
    hole_size_of,
    integer_of,
    quoted,
    read_counted,
    whole_number,
)
from .exceptions import HandError, IllegalActionError
from .pots import Pot, Showdown, settle

__all__ = [
    "Hand",
    "Action",
    "seat_words",
    "Kind",
    "Limit",
    "Street",
    "IllegalActionError",
    "HandError",
    "LIMITS",
    "STREETS",
    "MAX_CHIPS",
]


class _Words(str, Enum):
    """A closed set of words: each member is its own string (``Kind.FOLD == "fold"``), and
    prints and shows as it (an Action's repr reads as it did when these were plain strings)."""

    __repr__ = str.__repr__
    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]


class Limit(_Words):
    """The betting limits."""

    FIXED = "fixed"
    POT = "pot"
    NO = "no"


class Street(_Words):
    """The betting rounds, and "over" once the hand is."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    OVER = "over"


class Kind(_Words):
    """What an ``Action`` records."""

    ANTE = "ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    DEAD_BLIND = "dead blind"
    HOLE_CARDS = "hole cards"
    BOARD = "board"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RETURN = "return"


LIMITS = tuple(Limit)
STREETS = tuple(Street)
# The members the engine records, bound once (a global read costs less than an enum's attribute).
_ANTE, _SMALL_BLIND, _BIG_BLIND, _DEAD_BLIND = Kind.ANTE, Kind.SMALL_BLIND, Kind.BIG_BLIND, Kind.DEAD_BLIND
_HOLE_CARDS, _BOARD, _FOLD, _CHECK, _CALL = Kind.HOLE_CARDS, Kind.BOARD, Kind.FOLD, Kind.CHECK, Kind.CALL
_BET, _RAISE, _RETURN = Kind.BET, Kind.RAISE, Kind.RETURN
_PREFLOP = Street.PREFLOP
_LIMIT_WORDS = ("fixed limit", "pot limit", "no limit")
_FIXED, _POT, _NO = 0, 1, 2
# Chips on a table, at most: the compiled engine counts them in 64-bit integers, and no sum of
# bets and pots may pass 2**63.
MAX_CHIPS = 2**62
_OVER = 4
_BOARD_AFTER = (0, 3, 4, 5)  # board cards showing on each street


class Action(NamedTuple):
    """One entry of ``Hand.history``: a posting, an action, cards dealt or a bet returned."""

    street: Street
    """'preflop', 'flop', 'turn' or 'river'."""
    seat: Optional[int]
    """The seat acting or posting; None for board cards."""
    kind: Kind
    """'ante', 'small blind', 'big blind', 'dead blind', 'hole cards', 'board', 'fold',
    'check', 'call', 'bet', 'raise', or 'return' (an uncalled bet going back)."""
    amount: int = 0
    """Chips this entry moved: put in by a posting, call, bet or raise; given back by 'return'."""
    total: int = 0
    """The seat's whole bet this round after it (for postings, calls, bets and raises)."""
    all_in: bool = False
    """Whether this put the seat all-in."""
    cards: tuple[Card, ...] = ()
    """The cards dealt, for 'hole cards' and 'board'."""


def seat_words(seat: Optional[int]) -> str:
    """A seat as a person reads it, counted from 1 ("seat 3" for seat=2)."""
    return "no seat" if seat is None else f"seat {seat + 1}"


def _whole(value: object, what: str, least: int) -> int:
    return whole_number(value, what, least, None, HandError)


def _pair(value: object, what: str) -> tuple[int, int]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:  # type: ignore[arg-type]
        raise HandError(f"{what} must be two ints, such as (1, 2), not {quoted(value)}")
    first, second = value  # type: ignore[misc]
    return _whole(first, what, 0), _whole(second, what, 0)  # type: ignore[has-type]


def _read_rules(
    stacks: Sequence[object],
    limit: object,
    blinds: object,
    ante: object,
    bets: Optional[Sequence[object]],
    max_raises: object,
    hole_size: object,
) -> tuple[list[int], str, tuple[int, int], int, tuple[int, int], Optional[int], int]:
    """The rules a hand is dealt under, each checked: (chips, limit, blinds, ante, fixed-limit
    bets, max_raises, hole_size), or a HandError naming the first that is wrong."""
    if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__len__"):
        raise HandError(f"stacks must be a list of chip counts, one per seat, not {quoted(stacks)}")
    n = len(stacks)
    if not 2 <= n <= MAX_SEATS:
        raise HandError(f"a hand has 2 to {MAX_SEATS} seats, not {n}")
    chips = [_whole(stack, f"the stack of {seat_words(seat)}", 1) for seat, stack in enumerate(stacks)]
    if sum(chips) > MAX_CHIPS:
        raise HandError(f"the stacks add up to more than {MAX_CHIPS:,} chips")
    if not isinstance(limit, str) or limit not in LIMITS:
        raise HandError(f"limit must be 'fixed', 'pot' or 'no', not {quoted(limit)}")
    small, big = _pair(blinds, "blinds")
    if big < 1 and small < 1:
        raise HandError("the big blind must be at least 1 (or a lone blind: (blind, 0))")
    if big and small > big:
        raise HandError(f"the small blind ({small}) is larger than the big blind ({big})")
    ante = _whole(ante, "ante", 0)
    if bets is None:
        opening = big or small  # a lone blind is the opening bet
        small_bet, big_bet = opening, 2 * opening
    else:
        small_bet, big_bet = _pair(bets, "bets")
        if small_bet < 1 or big_bet < 1:
            raise HandError(f"bets must be at least 1, not {quoted(tuple(bets))}")
    if max(small, big, ante, small_bet, big_bet) > MAX_CHIPS:  # a lone blind's is the small
        raise HandError(f"blinds, ante and bets must be at most {MAX_CHIPS:,} chips")
    raises = None if max_raises is None else _whole(max_raises, "max_raises", 0)
    size = hole_size_of(hole_size, HandError)
    if n * size + 5 > 52:
        raise HandError(f"{n} seats of {size} cards and a board need {n * size + 5} cards: more than the deck holds")
    return chips, limit, (small, big), ante, (small_bet, big_bet), raises, size


def _read_seed(seed: object) -> int:
    """The seed that deals the hand: one drawn at random when none is given."""
    if seed is None:
        return _SEEDS.getrandbits(64)
    number = _whole(seed, "seed", 0)
    if number >= 2**64:
        raise HandError(f"seed must be below 2**64, not {quoted(seed)}")
    return number


def _deal(
    seed: int, hole_size: int, given_holes: list, given_board: list, wait_for_board: bool
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """Every unknown card, dealt now from the deck the seed shuffles: the hand is then fixed
    from the start, and the same seed replays it exactly, in either implementation. Returns
    each seat's cards and the board (all five, or those known when the hand waits for it)."""
    pool = _DECK
    if any(hole is not None for hole in given_holes) or given_board:
        used = set(given_board)
        for hole in given_holes:
            if hole is not None:
                used.update(hole)
        pool = [c for c in _DECK if c not in used]
    wanted = sum(hole_size for hole in given_holes if hole is None)
    if not wait_for_board:
        wanted += 5 - len(given_board)
    drawn = _engine.ENGINE.draw_cards(seed, pool, wanted)
    holes_dealt: list[tuple[Card, ...]] = []
    at = 0
    for hole in given_holes:
        if hole is None:
            holes_dealt.append(tuple(drawn[at : at + hole_size]))
            at += hole_size
        else:
            holes_dealt.append(tuple([CARDS[c] for c in hole]))
    return holes_dealt, tuple([CARDS[c] for c in given_board] + drawn[at:])


class Hand:
    """One hand of Omaha Hi-Lo, played by calling its actions in turn.

    ``stacks``: chips per seat, seat 0 first left of the button, the button last (2 to 10
    seats). ``limit``: "fixed", "pot" or "no". ``blinds``: (small, big); (blind, 0) is a lone
    blind, as a mixed game's first flop hand after stud may have: the small blind's seat posts it
    as the opening bet (seat 0, heads-up the button) and the next seat acts first. ``ante``: dead money
    each seat posts before the blinds. ``bets``: fixed limit's (small bet, big bet), by default
    (big blind, twice the big blind). ``max_raises``: fixed limit's raises after the opening
    bet (the big blind before the flop) in a round; None for no cap. ``hole_size``: 4, 5 or 6.
    ``holes``: per seat its cards or None to deal them; ``board``: 0 to 5 known board cards,
    the rest dealt; ``seed``: shuffles the deck the unknown cards come from (``hand.seed`` is
    the one used, drawn at random when none is given: pass it again to deal the same cards).
    ``posts``: blinds posted by other seats, as cardrooms let a player entering the game or
    coming back post: {seat: (live, dead)}, ``live`` counting as the seat's bet before the flop
    (a second big blind), ``dead`` going into the pot (a missed small blind).
    ``wait_for_board``: deal no board card the hand was not given; at each street it needs
    cards for, the hand waits (``waiting_for`` says how many, ``actor`` is None) until ``deal``
    gives them, as a live dealer or a game framework's chance player turns them over.

    A hand copies (``copy``, ``copy.copy``, ``copy.deepcopy``) and pickles: a pickle holds the
    rules, the cards and the actions, and loading it replays them.
    """

    def __init__(
        self,
        stacks: Sequence[int],
        limit: str = "pot",
        blinds: Sequence[int] = (1, 2),
        ante: int = 0,
        bets: Optional[Sequence[int]] = None,
        max_raises: Optional[int] = 4,
        hole_size: int = 4,
        holes: Optional[Sequence[Optional[CardsLike]]] = None,
        board: Optional[CardsLike] = None,
        seed: Optional[int] = None,
        posts: Optional[dict] = None,
        wait_for_board: bool = False,
    ) -> None:
        chips, limit, (small, big), ante, (small_bet, big_bet), max_raises, hole_size = _read_rules(
            stacks, limit, blinds, ante, bets, max_raises, hole_size
        )
        n = len(chips)
        given_holes, given_board = self._read_cards(holes, board, n, hole_size)
        extra = self._read_posts(posts, n, big or small)
        seed = _read_seed(seed)
        wait_for_board = bool(wait_for_board)
        holes_dealt, board_cards = _deal(seed, hole_size, given_holes, given_board, wait_for_board)
        # One lock a hand: actions from several threads take turns, so none sees a half-made move.
        lock = threading.Lock()

        # ---- The whole state of a hand, each field once, here (game.pxd gives its C types).
        # The rules it was dealt under, fixed for the hand:
        self._n = n  # seats
        self._limit_word = Limit(limit)  # the limit, as the Limit member
        self._limit = LIMITS.index(limit)  # the same as _FIXED, _POT or _NO
        self._blinds = (small, big)  # (small blind, big blind)
        self._ante = ante  # each seat's ante
        self._fixed_bets = (small_bet, big_bet)  # fixed limit's small and big bet
        self._max_raises = max_raises  # fixed limit's cap on raises, or None
        self._hole_size = hole_size  # cards a hand
        self._seed = seed  # the seed that dealt the cards
        self._extra_posts = extra  # [(seat, live, dead)]: blinds of other seats
        self._starting = tuple(chips)  # stacks before the antes
        self._holes = holes_dealt  # each seat's cards
        self._board_cards = board_cards  # all five, or those known
        self._wait_for_board = wait_for_board  # whether missing board cards come from deal()
        self._acquire, self._release = lock.acquire, lock.release  # the hand's lock
        # What happened so far:
        self._stacks = chips  # chips behind, per seat
        self._bets = [0] * n  # each seat's bet this round
        self._put_in = [0] * n  # each seat's chips in the pot, the whole hand
        self._folded = [False] * n  # who folded
        self._live = n  # seats not folded
        self._street = 0  # 0 preflop .. 3 river, _OVER when over
        self._ended_on = 0  # the street the hand ended on, once over
        self._history: list[Action] = []  # every Action recorded
        self._result: Optional[Showdown] = None  # the settled showdown, once over
        self._showing: tuple[int, ...] = ()  # the showdown order, once over
        self._all_in_at_end: tuple = ()  # who ended the hand all-in
        # The betting round under way:
        self._acted = [False] * n  # who acted this round
        self._reopen_at = [0] * n  # per seat: the bet that reopens raising to it
        self._to_match = 0  # the bet to match
        self._full_size = 0  # the last full bet or raise (no and pot limit)
        self._full_level = 0  # the bet the last full raise made
        self._full_count = 0  # full bets and raises this round (fixed limit)
        self._aggressor: Optional[int] = None  # the last to bet or raise this round
        self._final_aggressor: Optional[int] = None  # the last round's aggressor, who shows first
        # Derived from the above for the player to act, by _set_actor alone:
        self._actor: Optional[int] = None  # the seat to act, None when over
        self._to_call = 0  # chips its call puts in
        self._can_check = False  # whether it may check
        self._min_raise_to: Optional[int] = None  # the least total it may bet or raise to
        self._max_raise_to: Optional[int] = None  # the most
        self._why_no_raise: Optional[str] = None  # why it may not raise, in words
        self._waiting = 0  # board cards the hand waits for, by deal()
        self._post_blinds_and_deal()

    @staticmethod
    def _read_posts(posts: Optional[dict], n: int, big: int) -> list:
        if posts is None:
            return []
        if not isinstance(posts, dict):
            raise HandError(f"posts must be a dict {{seat: (live, dead)}}, not {quoted(posts)}")
        blind_seats = (0, 1)
        out = []
        for seat, amounts in sorted(posts.items()):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n or seat in blind_seats:
                raise HandError(
                    f"posts: {quoted(seat)} is not the index of a seat other than the blinds' "
                    f"(2..{n - 1}, counted from 0)"
                )
            live, dead = _pair(amounts, f"the posts of {seat_words(seat)}")
            if live > big:
                raise HandError(f"posts: {seat_words(seat)} posts {live} live, more than the big blind {big}")
            out.append((seat, live, dead))
        return out

    @staticmethod
    def _read_cards(
        holes: Optional[Sequence[Optional[CardsLike]]], board: Optional[CardsLike], n: int, hole_size: int
    ) -> tuple[list[Optional[list[int]]], list[int]]:
        given_holes: list[Optional[list[int]]] = [None] * n
        if holes is not None:
            if isinstance(holes, (str, bytes)) or not hasattr(holes, "__len__") or len(holes) != n:
                raise HandError(f"holes must be a list with one entry per seat ({n}), each cards or None")
            for seat, hole in enumerate(holes):
                if hole is not None:
                    try:
                        given_holes[seat] = read_counted(hole, "hole cards", (hole_size,))
                    except CardError as error:
                        raise CardError(f"{seat_words(seat)}: {error}") from None
        given_board = [] if board is None else read_counted(board, "board cards", (0, 1, 2, 3, 4, 5))
        check_unique([c for hole in given_holes if hole is not None for c in hole] + given_board)
        return given_holes, given_board

    # ------------------------------------------------------------ the deal

    def _post(self, seat: int, amount: int, kind: str) -> None:
        paid = min(amount, self._stacks[seat])
        self._stacks[seat] -= paid
        self._put_in[seat] += paid
        if kind is not _ANTE and kind is not _DEAD_BLIND:
            self._bets[seat] += paid
        self._history.append(_new(Action, (_PREFLOP, seat, kind, paid, self._bets[seat], self._stacks[seat] == 0, ())))

    def _post_blinds_and_deal(self) -> None:
        n = self._n
        small, big = self._blinds
        if self._ante:
            for seat in range(n):
                self._post(seat, self._ante, _ANTE)
        small_seat, big_seat = (1, 0) if n == 2 else (0, 1)
        if not big:
            # A lone blind: the small blind's seat posts the opening bet, and the next seat opens.
            big, big_seat = small, small_seat
            small = 0
        # A seat all-in for the ante posts no blind: it has nothing left.
        if small and self._stacks[small_seat]:
            self._post(small_seat, small, _SMALL_BLIND)
        if self._stacks[big_seat]:
            self._post(big_seat, big, _BIG_BLIND)
        for seat, live, dead in self._extra_posts:
            if dead and self._stacks[seat]:
                self._post(seat, dead, _DEAD_BLIND)
            if live and self._stacks[seat]:
                self._post(seat, live, _BIG_BLIND)
        for seat in range(n):
            self._history.append(_new(Action, (_PREFLOP, seat, _HOLE_CARDS, 0, 0, False, self._holes[seat])))
        # The big blind is the opening bet, even when it is short: the others call all of it.
        self._to_match = big
        self._full_size = big
        self._full_level = big
        self._full_count = 1
        self._start_betting((big_seat + 1) % n)

    # ------------------------------------------------------------ whose turn, and what is legal

    def _next_actor(self, start: int) -> Optional[int]:
        n = self._n
        stacks, folded, acted, bets, to_match = self._stacks, self._folded, self._acted, self._bets, self._to_match
        for step in range(n):
            seat = (start + step) % n
            if not folded[seat] and stacks[seat] and (not acted[seat] or bets[seat] < to_match):
                if bets[seat] >= to_match and not self._others_can_go_past(seat, to_match):
                    # It has matched, and nobody else can put in more: no more betting.
                    continue
                return seat
        return None

    def _others_can_go_past(self, seat: int, level: int) -> bool:
        """Whether another live player has chips enough to put in more than ``level``; if not,
        a raise could never be called, and there is no more betting."""
        stacks, folded, bets = self._stacks, self._folded, self._bets
        for other in range(self._n):
            if other != seat and not folded[other] and bets[other] + stacks[other] > level:
                return True
        return False

    def _start_betting(self, first: int) -> None:
        actor = self._next_actor(first)
        if actor is None:
            self._end_round()
        else:
            self._set_actor(actor)

    def _set_actor(self, seat: int) -> None:
        """Work out once what ``seat`` may do (-1: nobody, the hand is over), so that queries
        and checks only read it: the one method that sets the derived state."""
        if seat < 0:
            self._actor = None
            self._to_call = 0
            self._can_check = False
            self._min_raise_to = self._max_raise_to = None
            self._why_no_raise = None
            return
        self._actor = seat
        bet, stack, to_match = self._bets[seat], self._stacks[seat], self._to_match
        self._to_call = min(to_match - bet, stack)
        self._can_check = bet == to_match
        reach = bet + stack
        self._why_no_raise = None
        if reach <= to_match:
            self._why_no_raise = "it has no chips beyond the call"
        elif not self._others_can_go_past(seat, to_match):
            self._why_no_raise = "no other player has chips to call more"
        elif self._acted[seat] and to_match < self._reopen_at[seat]:
            self._why_no_raise = "an all-in short of a full raise does not reopen the betting to it"
        elif self._limit == _FIXED:
            if self._max_raises is not None and self._full_count > self._max_raises:
                self._why_no_raise = f"the betting is capped at {self._max_raises} raises"
            else:
                target = min(self._full_level + self._unit(), reach)
                self._min_raise_to = self._max_raise_to = target
        else:
            self._min_raise_to = min(to_match + self._full_size, reach)
            if self._limit == _NO:
                self._max_raise_to = reach
            else:
                # The largest bet, plus the pot after the raiser calls: every chip in the middle,
                # every bet in front of every player, and the call.
                pot_limit = to_match + sum(self._put_in) + to_match - bet
                self._max_raise_to = max(min(pot_limit, reach), self._min_raise_to)
        if self._why_no_raise is not None:
            self._min_raise_to = self._max_raise_to = None

    def _unit(self) -> int:
        return self._fixed_bets[0] if self._street < 2 else self._fixed_bets[1]

    def _legal_words(self) -> str:
        """What the actor may do, in words: 'seat 2 may fold, call 4, or raise to 8 (fixed limit)'."""
        seat = self._actor
        assert seat is not None  # words are asked for only while someone is to act
        choices = ["fold"]
        all_in = " (all-in)" if self._stacks[seat] and self._to_call == self._stacks[seat] else ""
        choices.append("check" if self._can_check else f"call {self._to_call}{all_in}")
        if self._min_raise_to is not None:
            verb = "bet" if self._to_match == 0 else "raise to"
            if self._min_raise_to == self._max_raise_to:
                choices.append(f"{verb} {self._min_raise_to}")
            else:
                choices.append(f"{verb} {self._min_raise_to} to {self._max_raise_to}")
        listed = " or ".join(choices) if len(choices) == 2 else f"{choices[0]}, {choices[1]}, or {choices[2]}"
        return f"{seat_words(seat)} may {listed} ({_LIMIT_WORDS[self._limit]})"

    # ------------------------------------------------------------ why an action is not allowed
    #
    # Each returns None when the action is legal now, else the reason, in the words of the
    # IllegalActionError the action raises. They only read the state, which _set_actor worked out.

    def _turn_problem(self, seat: Optional[int], what: str) -> Optional[str]:
        if self._actor is None:
            if self._waiting:
                return f"{what}: the hand waits for {self._waiting} board card{'s' if self._waiting > 1 else ''}"
            return f"{what}: the hand is over"
        if seat is not None and (seat != self._actor or isinstance(seat, bool)):  # True is no seat
            return f"{what} for seat={quoted(seat)}: it is {seat_words(self._actor)}'s turn (seat={self._actor})"
        return None

    def _check_problem(self, seat: Optional[int]) -> Optional[str]:
        why = self._turn_problem(seat, "check")
        if why is None and not self._can_check:
            why = f"{seat_words(self._actor)} cannot check facing a bet of {self._to_match}: {self._legal_words()}"
        return why

    def _call_problem(self, seat: Optional[int]) -> Optional[str]:
        why = self._turn_problem(seat, "call")
        if why is None and self._can_check:
            why = f"{seat_words(self._actor)} has nothing to call: {self._legal_words()}"
        return why

    def _raise_problem(self, total: object, seat: Optional[int]) -> Optional[str]:
        why = self._turn_problem(seat, "raise")
        if why is not None:
            return why
        if type(total) is not int:  # the common case, an int, needs no more checks
            number = integer_of(total)
            if number is None:
                return f"raise_to takes a whole number of chips, not {quoted(total)}"
            total = number
        assert self._actor is not None
        return self._amount_problem(self._actor, total)  # type: ignore[arg-type]

    def _amount_problem(self, actor: int, total: int) -> Optional[str]:
        verb = "bet" if self._to_match == 0 else "raise to"
        if self._min_raise_to is None:
            return f"{seat_words(actor)} may not {verb.split()[0]}: {self._why_no_raise}; {self._legal_words()}"
        if total > self._max_raise_to:  # type: ignore[operator]  # set whenever _min_raise_to is
            if self._max_raise_to != self._bets[actor] + self._stacks[actor]:  # the limit binds, not the stack
                if self._limit == _FIXED:
                    return f"{verb} {total} is not the fixed-limit amount {self._max_raise_to}; {self._legal_words()}"
                return f"{verb} {total} is more than the pot-limit maximum {self._max_raise_to}; {self._legal_words()}"
        elif total < self._min_raise_to:
            if self._limit == _FIXED:
                return f"{verb} {total} is not the fixed-limit amount {self._min_raise_to}; {self._legal_words()}"
            return f"{verb} {total} is less than the minimum {self._min_raise_to}; {self._legal_words()}"
        return None

    def _all_in_problem(self, seat: Optional[int]) -> Optional[str]:
        why = self._turn_problem(seat, "all-in")
        if why is not None:
            return why
        actor = self._actor
        assert actor is not None
        reach = self._bets[actor] + self._stacks[actor]
        if reach > self._to_match and (self._min_raise_to is None or self._max_raise_to != reach):
            why = self._why_no_raise or f"its stack reaches {reach}, past the most it may bet"
            return f"{seat_words(actor)} may not go all-in for {reach}: {why}; {self._legal_words()}"
        return None

    def why_not_fold(self, seat: Optional[int] = None) -> Optional[str]:
        """Why ``fold`` (by ``seat``, when given) is not allowed now; None when it is."""
        self._acquire()
        try:
            return self._turn_problem(seat, "fold")
        finally:
            self._release()

    def why_not_check(self, seat: Optional[int] = None) -> Optional[str]:
        """Why ``check`` is not allowed now; None when it is."""
        self._acquire()
        try:
            return self._check_problem(seat)
        finally:
            self._release()

    def why_not_call(self, seat: Optional[int] = None) -> Optional[str]:
        """Why ``call`` is not allowed now; None when it is."""
        self._acquire()
        try:
            return self._call_problem(seat)
        finally:
            self._release()

    def why_not_raise_to(self, total: int, seat: Optional[int] = None) -> Optional[str]:
        """Why ``raise_to(total)`` is not allowed now; None when it is."""
        self._acquire()
        try:
            return self._raise_problem(total, seat)
        finally:
            self._release()

    def why_not_all_in(self, seat: Optional[int] = None) -> Optional[str]:
        """Why ``all_in`` is not allowed now; None when it is."""
        self._acquire()
        try:
            return self._all_in_problem(seat)
        finally:
            self._release()

    def can_fold(self, seat: Optional[int] = None) -> bool:
        """Whether ``fold`` is allowed now."""
        return self.why_not_fold(seat) is None

    def can_check(self, seat: Optional[int] = None) -> bool:
        """Whether ``check`` is allowed now: a method taking ``seat``, as every ``can_`` form is
        (it was a property, and a form read without its call, a bound method, is always true)."""
        if seat is None:
            # The actor's answer, worked out by _set_actor (False when nobody may act): read
            # as the property it replaces was, since players and learners ask every action.
            return self._can_check
        return self.why_not_check(seat) is None

    def can_call(self, seat: Optional[int] = None) -> bool:
        """Whether ``call`` is allowed now."""
        return self.why_not_call(seat) is None

    def can_raise_to(self, total: int, seat: Optional[int] = None) -> bool:
        """Whether ``raise_to(total)`` is allowed now."""
        return self.why_not_raise_to(total, seat) is None

    def can_all_in(self, seat: Optional[int] = None) -> bool:
        """Whether ``all_in`` is allowed now."""
        return self.why_not_all_in(seat) is None

    # ------------------------------------------------------------ actions
    #
    # Each takes the lock, applies its check (raising IllegalActionError with the reason, the hand
    # unchanged), and records the action, returning its Action.

    def fold(self, seat: Optional[int] = None) -> Action:
        """Give up the hand (allowed at any turn, even when a check is free)."""
        self._acquire()
        try:
            why = self._turn_problem(seat, "fold")
            if why is not None:
                raise IllegalActionError(why)
            actor = self._actor
            assert actor is not None  # the check: it is someone's turn
            self._folded[actor] = True
            self._live -= 1
            return self._record(actor, _FOLD, 0)
        finally:
            self._release()

    def check(self, seat: Optional[int] = None) -> Action:
        """Pass when there is no bet to call (``can_check()`` says whether the actor may)."""
        self._acquire()
        try:
            why = self._check_problem(seat)
            if why is not None:
                raise IllegalActionError(why)
            assert self._actor is not None
            return self._record(self._actor, _CHECK, 0)
        finally:
            self._release()

    def call(self, seat: Optional[int] = None) -> Action:
        """Match the bet, or put in every chip left when the stack is short (all-in)."""
        self._acquire()
        try:
            why = self._call_problem(seat)
            if why is not None:
                raise IllegalActionError(why)
            assert self._actor is not None
            return self._record(self._actor, _CALL, self._to_call)
        finally:
            self._release()

    def raise_to(self, total: int, seat: Optional[int] = None) -> Action:
        """Bet or raise so that this seat's bet this round is ``total`` (a bet when nobody has
        bet this round). A total past the stack, where the stack is what limits it, is all-in."""
        self._acquire()
        try:
            why = self._raise_problem(total, seat)
            if why is not None:
                raise IllegalActionError(why)
            assert self._actor is not None
            return self._raise_to(self._actor, total if type(total) is int else integer_of(total))  # type: ignore[arg-type]
        finally:
            self._release()

    def all_in(self, seat: Optional[int] = None) -> Action:
        """Put in every chip: a call when that is no more than the call, else a bet or raise."""
        self._acquire()
        try:
            why = self._all_in_problem(seat)
            if why is not None:
                raise IllegalActionError(why)
            actor = self._actor
            assert actor is not None
            reach = self._bets[actor] + self._stacks[actor]
            if reach <= self._to_match:
                return self._record(actor, _CALL, self._to_call)
            return self._raise_to(actor, reach)
        finally:
            self._release()

    def _raise_to(self, actor: int, total: int) -> Action:
        """A checked bet or raise; a total past the stack is the stack."""
        reach = self._bets[actor] + self._stacks[actor]
        if total > reach:
            total = reach
        return self._record(actor, _BET if self._to_match == 0 else _RAISE, total - self._bets[actor])

    def _record(self, seat: int, kind: str, added: int) -> Action:
        """Apply a checked action, then move the turn on."""
        bets = self._bets
        if added:
            self._stacks[seat] -= added
            self._put_in[seat] += added
            bets[seat] += added
            total = bets[seat]
            if total > self._to_match:
                self._raise_level(seat, total)
        self._acted[seat] = True
        unit = self._unit() if self._limit == _FIXED else self._full_size
        self._reopen_at[seat] = self._to_match + unit
        action = _new(Action, (STREETS[self._street], seat, kind, added, bets[seat], self._stacks[seat] == 0, ()))
        self._history.append(action)
        if self._live == 1:
            self._win_by_folds()
            return action
        actor = self._next_actor(seat + 1)
        if actor is None:
            self._end_round()
        else:
            self._set_actor(actor)
        return action

    def _raise_level(self, seat: int, total: int) -> None:
        """A bet or raise to ``total``: is it a full one (reopening the betting), or short?"""
        self._aggressor = seat
        if self._limit == _FIXED:
            unit = self._unit()
            # A full bet or raise, or an all-in of at least half of one: both count toward the
            # cap and reopen the betting; a smaller all-in does neither.
            full = 2 * (total - self._full_level) >= unit
            if full:
                self._full_count += 1
                self._full_level = total
        else:
            full = total - self._to_match >= self._full_size
            if full:
                self._full_size = total - self._to_match
                self._full_level = total
        self._to_match = total
        if full:
            reopen = self._reopen_at
            for other in range(self._n):
                if other != seat:
                    reopen[other] = 0

    # ------------------------------------------------------------ rounds and the end

    def _return_uncalled(self) -> None:
        """The part of the largest bet that nobody matched goes back to its owner."""
        bets = self._bets
        top = max(bets)
        owner = bets.index(top)
        second = max(bet for seat, bet in enumerate(bets) if seat != owner)
        if top > second:
            back = top - second
            bets[owner] = second
            self._stacks[owner] += back
            self._put_in[owner] -= back
            self._history.append(Action(STREETS[self._street], owner, _RETURN, back, second, False))

    def _end_round(self) -> None:
        self._return_uncalled()
        # Rounds dealt without betting (after an all-in) never get here: this is the last
        # round that was bet, whose aggressor shows first.
        self._final_aggressor = self._aggressor
        self._bets = [0] * self._n
        self._next_street()

    def _next_street(self) -> None:
        """Turn over the next street's cards and start its betting; while fewer than two
        players can bet, the board comes without betting, then the showdown. A hand that waits
        for its board stops where it has no cards, until ``deal`` brings them."""
        n = self._n
        while self._street < 3:
            needed = _BOARD_AFTER[self._street + 1] - len(self._board_cards)
            if needed > 0:
                self._waiting = needed
                self._set_actor(-1)
                return
            self._street += 1
            self._deal_board()
            can_bet = sum(1 for seat in range(n) if not self._folded[seat] and self._stacks[seat])
            if can_bet >= 2:
                self._start_round()
                return
        self._showdown()

    def _start_round(self) -> None:
        n = self._n
        self._acted = [False] * n
        self._reopen_at = [0] * n
        self._to_match = 0
        self._full_size = self._blinds[1] or self._blinds[0]  # the big blind, or a lone blind
        self._full_level = 0
        self._full_count = 0
        self._aggressor = None
        self._start_betting(0)

    def deal(self, cards: CardsLike) -> Action:
        """Turn over the board cards a hand made with ``wait_for_board`` waits for (three for
        the flop, one for the turn or the river; ``waiting_for`` says how many); returns the
        board's Action. Cards already dealt, or the wrong number of them, raise CardError and
        change nothing."""
        self._acquire()
        try:
            if not self._waiting:
                state = "it is over" if self._street == _OVER else f"it is {seat_words(self._actor)}'s turn"
                raise IllegalActionError(f"deal: the hand waits for no board cards ({state})")
            given = read_counted(cards, "board cards", (self._waiting,))
            dealt = {c for hole in self._holes for c in hole}.union(self._board_cards)
            for c in given:
                if c in dealt:
                    raise CardError(f"deal: {CARDS[c]} is already dealt")
            check_unique(given)
            self._board_cards = self._board_cards + tuple([CARDS[c] for c in given])
            self._waiting = 0
            at = len(self._history)
            self._next_street()
            return self._history[at]
        finally:
            self._release()

    def copy(self) -> "Hand":
        """An independent hand in the same state, with its own lock."""
        self._acquire()
        try:
            other = Hand.__new__(Hand)
            self._copy_into(other)
            return other
        finally:
            self._release()

    def _copy_into(self, other: "Hand") -> None:
        """Every field of __init__'s list, lists copied: the new hand shares nothing it changes."""
        other._n, other._limit_word, other._limit = self._n, self._limit_word, self._limit
        other._blinds, other._ante, other._fixed_bets = self._blinds, self._ante, self._fixed_bets
        other._max_raises, other._hole_size, other._seed = self._max_raises, self._hole_size, self._seed
        other._extra_posts, other._starting = self._extra_posts, self._starting
        other._holes, other._board_cards = list(self._holes), self._board_cards
        other._wait_for_board, other._waiting = self._wait_for_board, self._waiting
        lock = threading.Lock()
        other._acquire, other._release = lock.acquire, lock.release
        other._stacks, other._bets, other._put_in = list(self._stacks), list(self._bets), list(self._put_in)
        other._folded, other._live, other._street = list(self._folded), self._live, self._street
        other._ended_on, other._history, other._result = self._ended_on, list(self._history), self._result
        other._showing, other._all_in_at_end = self._showing, self._all_in_at_end
        other._acted, other._reopen_at, other._to_match = list(self._acted), list(self._reopen_at), self._to_match
        other._full_size, other._full_level = self._full_size, self._full_level
        other._full_count, other._aggressor = self._full_count, self._aggressor
        other._final_aggressor, other._actor, other._to_call = self._final_aggressor, self._actor, self._to_call
        other._can_check, other._min_raise_to = self._can_check, self._min_raise_to
        other._max_raise_to, other._why_no_raise = self._max_raise_to, self._why_no_raise

    def __copy__(self) -> "Hand":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "Hand":
        return self.copy()

    def __reduce__(self) -> tuple[Callable[[dict, tuple], Hand], tuple[dict, tuple]]:
        # The rules and every card known, then the actions replayed: the same hand, in either
        # implementation, whatever the pickle's reader runs.
        settings = {
            "stacks": list(self._starting),
            "limit": str(self._limit_word),
            "blinds": self._blinds,
            "ante": self._ante,
            "bets": self._fixed_bets,
            "max_raises": self._max_raises,
            "hole_size": self._hole_size,
            "holes": [list(hole) for hole in self._holes],
            "board": list(self._board_cards),
            "seed": self._seed,
            "posts": {seat: (live, dead) for seat, live, dead in self._extra_posts} or None,
            "wait_for_board": self._wait_for_board,
        }
        moves = tuple((str(a.kind), a.total) for a in self._history if a.kind in _MOVES)
        return _replay, (settings, moves)

    def _deal_board(self) -> None:
        street = self._street
        cards = self._board_cards[_BOARD_AFTER[street - 1] : _BOARD_AFTER[street]]
        self._history.append(Action(STREETS[street], None, _BOARD, cards=cards))

    def _over(self) -> None:
        self._set_actor(-1)
        self._bets = [0] * self._n
        self._all_in_at_end = tuple(not self._folded[s] and not self._stacks[s] for s in range(self._n))
        payouts = self._result.payouts  # type: ignore[union-attr]
        for seat in range(self._n):
            self._stacks[seat] += payouts[seat]

    def _win_by_folds(self) -> None:
        self._return_uncalled()
        winner = self._folded.index(False)
        total = sum(self._put_in)
        awards = tuple(total if seat == winner else 0 for seat in range(self._n))
        self._result = Showdown(
            awards,
            (Pot(total, (winner,), (winner,), (), awards),),
            tuple(self._put_in),
            (),
            tuple(None for _ in range(self._n)),
        )
        self._showing = ()
        self._ended_on = self._street
        self._street = _OVER
        self._over()

    def _showdown(self) -> None:
        holes = [None if self._folded[seat] else self._holes[seat] for seat in range(self._n)]
        self._result = settle(self._board_cards, holes, self._put_in)
        live = [seat for seat in range(self._n) if not self._folded[seat]]
        first = self._final_aggressor
        if first is None or self._folded[first]:
            first = live[0]
        start = live.index(first)
        self._showing = tuple(live[start:] + live[:start])
        self._ended_on = self._street
        self._street = _OVER
        self._over()

    # ------------------------------------------------------------ the public state, read-only

    @property
    def n(self) -> int:
        """How many seats."""
        return self._n

    @property
    def limit(self) -> Limit:
        """'fixed', 'pot' or 'no'."""
        return self._limit_word

    @property
    def blinds(self) -> tuple[int, int]:
        """(small, big)."""
        return self._blinds

    @property
    def ante(self) -> int:
        return self._ante

    @property
    def fixed_bets(self) -> tuple[int, int]:
        """Fixed limit's (small bet, big bet)."""
        return self._fixed_bets

    @property
    def max_raises(self) -> Optional[int]:
        """Fixed limit's cap on raises in a round; None for no cap."""
        return self._max_raises

    @property
    def hole_size(self) -> int:
        return self._hole_size

    @property
    def seed(self) -> int:
        """The seed the unknown cards were dealt from."""
        return self._seed

    @property
    def actor(self) -> Optional[int]:
        """The seat to act, None once the hand is over."""
        return self._actor

    @property
    def to_call(self) -> int:
        """Chips the actor must put in to call (its whole stack when that is less)."""
        return self._to_call

    @property
    def min_raise_to(self) -> Optional[int]:
        """The least total the actor may bet or raise to; None when it may not."""
        return self._min_raise_to

    @property
    def max_raise_to(self) -> Optional[int]:
        """The most total the actor may bet or raise to; None when it may not."""
        return self._max_raise_to

    # ------------------------------------------------------------ queries

    @property
    def street(self) -> Street:
        """'preflop', 'flop', 'turn', 'river', or 'over'."""
        return STREETS[self._street]

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind each seat (after the payouts, once the hand is over)."""
        return tuple(self._stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self._starting

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet this round, still in front of it."""
        return tuple(self._bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat put in this hand: antes, blinds, bets in front; bets returned excluded."""
        return tuple(self._put_in)

    @property
    def pot(self) -> int:
        """Every chip put in, bets in front included (before the payouts)."""
        return sum(self._put_in)

    @property
    def board(self) -> tuple[Card, ...]:
        """The board cards dealt so far."""
        street = self._ended_on if self._street == _OVER else self._street
        return self._board_cards[: _BOARD_AFTER[min(street, 3)]]

    @property
    def holes(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(self._holes)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def is_all_in(self) -> tuple[bool, ...]:
        """Seats still in the hand with no chips behind (once the hand is over: as it ended,
        before the payouts)."""
        if self._street == _OVER:
            return self._all_in_at_end
        return tuple(not self._folded[s] and not self._stacks[s] for s in range(self._n))

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    @property
    def waiting_for(self) -> int:
        """Board cards the hand waits for (``wait_for_board``), to be given by ``deal``; else 0."""
        return self._waiting

    @property
    def result(self) -> Optional[Showdown]:
        """The settled hand once it is over (a hand won by folds too), else None."""
        return self._result

    @property
    def showdown_order(self) -> tuple[int, ...]:
        """The live seats in the order they show: the last to bet or raise in the final betting
        round first, else the first live seat left of the button; empty when won by folds or
        not over."""
        return self._showing if self._street == _OVER else ()

    def __repr__(self) -> str:
        if self._street == _OVER:
            where = "over"
        elif self._waiting:
            where = f"{self.street} done, waiting for {self._waiting} board card{'s' if self._waiting > 1 else ''}"
        else:
            where = f"{self.street}, {seat_words(self._actor)} to act"
        return f"<Hand {self._limit_word} limit, {self._n} seats, pot {self.pot}: {where}>"


_DECK = list(range(52))
_MOVES = frozenset((Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE))


def _replay(settings: dict, moves: tuple) -> Hand:
    """A pickled hand: made again, its actions played again."""
    hand = Hand(**settings)
    for kind, total in moves:
        if kind == "fold":
            hand.fold()
        elif kind == "check":
            hand.check()
        elif kind == "call":
            hand.call()
        else:
            hand.raise_to(total)
    return hand


# Action records are made on every action: tuple.__new__ skips the generated __new__'s
# keyword handling, about a third of the cost.
_new = tuple.__new__
# Seeds for hands dealt without one; any seed deals a fair deck, so these need no secrecy.
_SEEDS = random.Random()
