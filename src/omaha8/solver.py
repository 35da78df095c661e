"""A reference solver for heads-up river spots: discounted CFR over every hand of both ranges at
once, the terminal values through the showdown sweep, the exploitability measured exactly.

The game. A five-card board; OOP's and IP's ranges, the pair of hands dealt with probability
proportional to the product of their weights over the pairs disjoint from each other and the
board; ``pot`` chips in the middle and ``stack`` behind each player; OOP acts first. With no bet
to face a player checks or bets a fraction of the pot; facing one, folds, calls or (while fewer
than ``max_raises`` raises are made) raises: the call plus a fraction of the pot after the call.
A bet or raise that reaches the stack is all-in, and options that come to the same amount are
one action. Check-check and a call show down (half the pot to the best high, half to the best
eight-or-better low, all of it to the high when no hand has a low, ties split); a fold gives the
other player the pot. Amounts are real numbers, not rounded to chips.

Values are in chips: a player's value is what it takes from the final pot less what it put in
on the river, so OOP's and IP's values add up to the pot.

Scale. The engine plays the spot in units of the pot (every amount divided by it, and the tree's
shape decided in those units) with each range's weights scaled by the power of two that brings
the largest into [1, 2): the same spot at any scale is the same game to the bit, its
strategies and exploitability alike and its values the pot's multiple, and tiny weights are
dealt like any others. What float cannot hold is refused: a pot below float's smallest normal
number, a final pot (pot + 2 stack) past float's range, a stack deeper than MAX_STACK_TO_POT
pots.

Size. The tree is counted before it is built (its nodes, their paths and each player's
actions: the count stops at MAX_TREE_NODES, so a refusal costs milliseconds), with at most
MAX_RAISES raises on a line and MAX_SIZES sizes in a list; the estimate of a solve's memory
counts the engine's floats, the solution's strategies and the tree's nodes with their paths.

Discounted CFR (Brown and Sandholm, "Solving Imperfect-Information Games via Discounted Regret
Minimization", 2019) with alpha 1.5, beta 0, gamma 2, both players updated each iteration.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
import os
import time
from array import array
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Optional, Sequence, Union

from . import _engine
from .cards import (
    Card,
    CardsLike,
    check_unique,
    quoted,
    read_counted,
    whole_number,
)
from .exceptions import Omaha8Error, SolverError
from .jobs import read_spots, run_job, run_spots, shaped_rows, thread_count
from .reports import Report, deal_weights, hand_report
from .sizes import (
    ALL_IN,
    LIMITS,
    MAX_SIZES,
    MAX_STACK_TO_POT,
    NO_RAKE,
    Rake,
    action_name,
    bet_totals,
    exploitability_of,
    raked_amounts,
    read_chips,
    read_pot_and_stack,
    read_rake,
    read_sizes,
)
from .solutionfile import (
    Blocks,
    check_save_path,
    header_fields,
    read_saved_values,
    read_saved_weights,
    read_solution_file,
    read_solve_fields,
    split_header,
    write_blocks,
)
from .spotinput import SideLike, check_rows, read_path, read_side, size_of, unit_weights
from .viewer import frame, write_page

__all__ = [
    "solve_river",
    "solve_rivers",
    "RiverSolution",
    "TreeNode",
    "build_tree",
    "LIMITS",
    "PLAYERS",
    "MAX_SOLVER_BYTES",
    "CHECK_EVERY",
    "MAX_TREE_NODES",
    "MAX_RAISES",
    "MAX_SIZES",
    "MAX_STACK_TO_POT",
]

PLAYERS = ("oop", "ip")
# Regrets and sums (float32) and the strategies played (float64) take 16 bytes per action and
# hand at each decision, the solution's average strategies 8 more, the tree's nodes (Python
# objects, each with its path) the rest; refused past this.
MAX_SOLVER_BYTES = 8 * 10**9
# A tree is counted before it is built (the count stops here): more nodes are refused at once.
# A node is a Python object of about 400 bytes with its path, and a decision holds 24 bytes per
# action and hand in the solve, so larger trees fit only toy ranges.
MAX_TREE_NODES = 1_000_000
# Raises in all on one line (so a path is at most MAX_RAISES + 3 actions long).
MAX_RAISES = 100
# Iterations between measurements of the exploitability (each costs about one iteration).
CHECK_EVERY = 10
_KINDS = ("oop", "ip", "fold", "fold", "showdown")  # as the engine numbers them: 0..4
_RAKED = (2, 3, 4)  # the folds and the showdown: the nodes whose pot somebody wins
_MAGIC = b"omaha8 river solution 1\n"
# Bytes a tree node takes beyond its path's 8 per action: the TreeNode, its tuples and floats,
# its spec while the tree is built, and the engine's arrays (measured: about 330).
_NODE_BYTES = 400


@dataclass(frozen=True)
class TreeNode:
    """One node of a river tree."""

    path: tuple[str, ...]
    """The actions from the root: () is the root, ("check", "bet 0.5") IP's bet after a check."""
    kind: str
    """"oop" or "ip" for the player to act, "fold" or "showdown" for the end of the hand."""
    actions: tuple[str, ...]
    """At a decision, the actions in order; () at the end of the hand."""
    pot: float
    """The chips in the middle: the starting pot and both players' river chips."""
    oop_in: float
    """What OOP has put in on the river."""
    ip_in: float
    """What IP has put in on the river."""
    folded: Optional[str] = None
    """At a fold, who folded."""
    children: tuple[int, ...] = field(default=(), repr=False)
    """The numbers of the nodes each action leads to, in order (the tree's list order)."""


class _Rules(NamedTuple):
    """A tree's rules, read: in chips as given, and in units of the pot, as the engine plays them."""

    pot: float
    stack: float
    limit: str
    bets: tuple[float, ...]  # () in fixed limit
    raises: tuple[float, ...]
    max_raises: int
    big_bet: Optional[float]
    unit_stack: float  # stack / pot
    unit_size: float  # big_bet / pot in fixed limit, else 0
    bet_options: tuple[Optional[float], ...]  # the fractions, or (None,): big_bet
    raise_options: tuple[Optional[float], ...]
    rake: Rake = NO_RAKE  # taken from each pot won; the tree is the same with it or without


def _rules(
    pot: object,
    stack: object,
    *,
    limit: object = "pot",
    bets: object = (0.5, 1.0),
    raises: object = (1.0,),
    max_raises: object = None,
    big_bet: object = None,
    rake: object = None,
) -> _Rules:
    """The tree's arguments read, each by its rule; what float cannot hold refused."""
    pot, stack = read_pot_and_stack(pot, stack)
    unit_stack = stack / pot
    if not isinstance(limit, str) or limit not in LIMITS:
        raise SolverError(f"limit must be one of {', '.join(map(repr, LIMITS))}, not {quoted(limit)}")
    if limit == "fixed":
        if big_bet is None:
            raise SolverError("fixed limit needs big_bet, the chips of every bet and raise")
        size = read_chips(big_bet, "big_bet", True)
        if size / pot == 0:
            raise SolverError(f"big_bet {size!r} is too small beside the pot {pot!r} to be a bet")
        bet_options: tuple[Optional[float], ...] = (None,)
        raise_options: tuple[Optional[float], ...] = (None,)
        bet_sizes: tuple[float, ...] = ()
        raise_sizes: tuple[float, ...] = ()
        big: Optional[float] = size
        unit_size = size / pot
    else:
        if big_bet is not None:
            raise SolverError("big_bet is for fixed limit; pot and no limit bet fractions of the pot")
        bet_sizes = read_sizes(bets, "bets", limit)
        raise_sizes = read_sizes(raises, "raises", limit)
        bet_options, raise_options, big, unit_size = bet_sizes, raise_sizes, None, 0.0
    if max_raises is None:
        max_raises = 3 if limit == "fixed" else 2
    most = whole_number(max_raises, "max_raises", 0, MAX_RAISES, SolverError)
    return _Rules(
        pot,
        stack,
        limit,
        bet_sizes,
        raise_sizes,
        most,
        big,
        unit_stack,
        unit_size,
        bet_options,
        raise_options,
        read_rake(rake),
    )


class _Shape(NamedTuple):
    """A tree's size, counted before it is built."""

    nodes: int
    paths: int  # the actions in all the nodes' paths
    depth: int  # the longest path
    widest: int  # the most actions at one decision
    actions: tuple[int, int]  # per player: actions summed over its decisions


class _TooBig(Exception):
    pass


def _raise_fractions(rules: _Rules) -> tuple[list[float], bool]:
    """The raise sizes sorted (none in fixed limit), and whether the count's formula holds for
    them (see _tree_shape)."""
    if rules.limit == "fixed":
        return [], rules.unit_size >= 1e-6
    fractions = sorted({f for f in rules.raise_options if f is not None})
    apart = all(b - a >= 1e-6 for a, b in itertools.pairwise(fractions))
    return fractions, bool(fractions) and fractions[0] >= 1e-6 and apart


def _full_subtrees(sizes: int, most: int, cap: int) -> list[tuple[int, int, int, int, int, int]]:
    """Per raises left r, a full subtree under a decision facing a bet (its root not counted):
    (nodes, their depths summed, actions of the root's player, of the other, depth, widest);
    the list ends at ``most`` raises left, or before a subtree of more than ``cap`` nodes."""
    full = [(2, 2, 2, 0, 1, 2)]
    while len(full) <= most and sizes:
        below, summed, same, other, deepest, wide = full[-1]
        count = 2 + sizes + sizes * below
        if count > cap:
            break  # a full subtree with this many raises left is too big: the table ends
        full.append(
            (
                count,
                (2 + sizes) + sizes * (summed + below),
                (2 + sizes) + sizes * other,
                sizes * same,
                1 + deepest,
                max(2 + sizes, wide),
            )
        )
    return full


class _ShapeCount:
    """_tree_shape's count, decision by decision as the builder goes: raises _TooBig past ``cap``."""

    def __init__(self, rules: _Rules, cap: int) -> None:
        self.rules, self.cap = rules, cap
        self.stack, self.size, self.most = rules.unit_stack, rules.unit_size, rules.max_raises
        self.fixed = rules.limit == "fixed"
        self.fractions, self.formula = _raise_fractions(rules)
        self.largest = self.fractions[-1] if self.fractions else 0.0
        self.full = _full_subtrees(1 if self.fixed else len(self.fractions), self.most, cap)
        self.nodes, self.paths, self.depth, self.widest = 1, 0, 0, 1
        self.actions = [0, 0]

    def shape(self) -> _Shape:
        return _Shape(self.nodes, self.paths, self.depth, self.widest, (self.actions[0], self.actions[1]))

    def add(self, me: int, children: int, at: int) -> None:
        """``children`` nodes under a decision of ``me`` whose path is ``at`` long."""
        self.nodes += children
        if self.nodes > self.cap:
            raise _TooBig
        self.paths += children * (at + 1)
        self.actions[me] += children
        self.depth = max(self.depth, at + 1)
        self.widest = max(self.widest, children)

    def add_full(self, me: int, left: int, at: int) -> None:
        """The full subtree, by formula, under a decision of ``me`` facing a bet with ``left``
        raises left, whose path is ``at`` long."""
        if left >= len(self.full):
            raise _TooBig
        below, summed, same, other, deepest, wide = self.full[left]
        self.nodes += below
        if self.nodes > self.cap:
            raise _TooBig
        self.paths += below * at + summed
        self.actions[me] += same
        self.actions[1 - me] += other
        self.depth = max(self.depth, at + deepest)
        self.widest = max(self.widest, wide)

    def add_ends(self, me: int, ends: int, at: int) -> None:
        """The other player's fold and call under each of ``ends`` raises of ``me`` (at a
        decision whose path is ``at`` long) that it can only fold to or call."""
        self.nodes += 2 * ends
        if self.nodes > self.cap:
            raise _TooBig
        self.paths += 2 * ends * (at + 2)
        self.actions[1 - me] += 2 * ends
        self.depth = max(self.depth, at + 2)
        self.widest = max(self.widest, 2)

    def reaches(self, faced: float, left: int) -> bool:
        """Whether ``left`` raises of the largest size from ``faced`` reach the stack."""
        for _ in range(left):
            faced = faced + (self.size if self.fixed else self.largest * (1.0 + 2.0 * faced))
            if faced >= self.stack:
                return True
        return False

    def facing(self, me: int, faced: float, made: int, at: int) -> None:
        """A decision of ``me`` facing a bet or raise to ``faced`` after ``made`` raises."""
        left, stack = self.most - made, self.stack
        if left == 0 or faced >= stack:
            self.add(me, 2, at)  # fold or call
            return
        if self.formula and not self.reaches(faced, left):
            self.add_full(me, left, at)
            return
        if self.formula and left == 1 and not self.fixed:
            # The last raise: only how many amounts the sizes come to matters. Those below the
            # stack are one each (the sizes apart), those at or past it one all-in between them.
            middle = 1.0 + 2.0 * faced
            under = bisect.bisect_left(self.fractions, True, key=lambda f: faced + f * middle >= stack)
            ends = under + (under < len(self.fractions))
            self.add(me, 2 + ends, at)
        else:
            options = bet_totals(self.rules.raise_options, faced, 1.0 + 2.0 * faced, self.size, stack)
            self.add(me, 2 + len(options), at)  # fold, call and the raises
            ends = 0  # raises the other can only fold to or call
            for _, total in options:
                if left == 1 or total >= stack:
                    ends += 1
                else:
                    self.facing(1 - me, total, made + 1, at + 1)
        if ends:
            self.add_ends(me, ends, at)

    def first(self, me: int, at: int) -> None:
        """A decision of ``me`` with no bet to face (``me`` 0 the root, 1 after a check)."""
        options = bet_totals(self.rules.bet_options, 0.0, 1.0, self.size, self.stack) if self.stack > 0 else []
        self.add(me, 1 + len(options), at)  # check and the bets
        if me == 0:
            self.first(1, at + 1)
        for _, total in options:
            self.facing(1 - me, total, 0, at + 1)


def _tree_shape(rules: _Rules, cap: int = MAX_TREE_NODES) -> Optional[_Shape]:
    """The shape of the tree ``rules`` make, counted by the builder's rules without building it;
    None once it passes ``cap`` nodes (the count stops there, so a refusal costs little).

    A subtree where no raise can reach the stack is counted by formula when every raise size
    is at least 1e-6 of the pot and the sizes are at least 1e-6 apart: then no two sizes come to the same
    amount below a stack of at most MAX_STACK_TO_POT pots (float's rounding there is below
    4e-9), and the largest size each time is the line that comes nearest the stack (an amount
    after a raise grows with the amount before and with the size, and so does its rounding).
    Elsewhere each decision's raises are worked out as the builder works them out."""
    count = _ShapeCount(rules, cap)
    try:
        count.first(0, 0)
    except _TooBig:
        return None
    return count.shape()


def _too_big(rules: _Rules) -> SolverError:
    words = "fewer bet or raise sizes or a lower max_raises" if rules.limit != "fixed" else "a lower max_raises"
    return SolverError(f"the tree would have more than {MAX_TREE_NODES:,} nodes (at most {MAX_TREE_NODES:,}): {words}")


def _checked_shape(rules: _Rules) -> _Shape:
    shape = _tree_shape(rules)
    if shape is None:
        raise _too_big(rules)
    return shape


def _build(rules: _Rules) -> tuple[list[TreeNode], array]:
    """The tree (its amounts in chips) and the engine's amounts (in units of the pot: the pot
    and each player's river chips, three per node). The structure is decided in units, so the
    same spot at any scale is the same tree; call it only on a counted tree."""
    return _TreeBuilder(rules).build()


class _TreeBuilder:
    """Makes the tree breadth first, so that each decision's children are numbered together.
    A node to make is a spec: (path, kind, river chips in units, river chips, raises made,
    facing a bet, who folded)."""

    def __init__(self, rules: _Rules) -> None:
        self.rules = rules
        self.pot, self.stack, self.size = rules.pot, rules.stack, rules.big_bet or 0.0
        self.unit_stack, self.unit_size = rules.unit_stack, rules.unit_size

    def build(self) -> tuple[list[TreeNode], array]:
        nodes: list[TreeNode] = []
        units = array("d")
        queue: list = [((), "oop", (0.0, 0.0), (0.0, 0.0), 0, False, None)]
        pot, unopened, facing_a_bet = self.pot, self._unopened, self._facing  # bound once: a tree has a million nodes
        at = 0
        while at < len(queue):
            path, kind, put, chips, made, facing, folded = queue[at]
            queue[at] = None  # made into a node below: let the spec go
            at += 1
            middle = pot + chips[0] + chips[1]
            units.extend((1.0 + put[0] + put[1], put[0], put[1]))
            if kind not in PLAYERS:
                nodes.append(TreeNode(path, kind, (), middle, chips[0], chips[1], folded))
                continue
            me = PLAYERS.index(kind)
            if facing:
                options = facing_a_bet(path, kind, me, put, chips, made)
            else:
                options = unopened(path, me, put, chips, made, middle)
            first = len(queue)
            queue.extend(spec for _, spec in options)
            names = tuple(name for name, _ in options)
            children = tuple(range(first, first + len(options)))
            nodes.append(TreeNode(path, kind, names, middle, chips[0], chips[1], None, children))
        return nodes, units

    def _unopened(self, path: tuple, me: int, put: tuple, chips: tuple, made: int, middle: float) -> list[tuple]:
        """(name, child spec) of each option with no bet to face: check, then the bets."""
        after = "showdown" if me == 1 else "ip"
        options: list[tuple] = [("check", (path + ("check",), after, put, chips, made, False, None))]
        if put[me] < self.unit_stack:
            pot_units = 1.0 + put[0] + put[1]
            choices = bet_totals(self.rules.bet_options, put[me], pot_units, self.unit_size, self.unit_stack)
            self._sized(options, "bet", choices, me, chips[me], middle, path, put, chips, made)
        return options

    def _facing(self, path: tuple, kind: str, me: int, put: tuple, chips: tuple, made: int) -> list[tuple]:
        """(name, child spec) of each option facing a bet: fold, call, then the raises."""
        other = 1 - me
        called, called_chips = list(put), list(chips)
        called[me], called_chips[me] = put[other], chips[other]
        options: list[tuple] = [
            ("fold", (path + ("fold",), "fold", put, chips, made, False, kind)),
            ("call", (path + ("call",), "showdown", tuple(called), tuple(called_chips), made, False, None)),
        ]
        if made < self.rules.max_raises and put[other] < self.unit_stack:
            # A raise of f: the call, then f times the pot after the call.
            pot_units = 1.0 + 2 * put[other]
            choices = bet_totals(self.rules.raise_options, put[other], pot_units, self.unit_size, self.unit_stack)
            chip_middle = self.pot + 2 * chips[other]
            self._sized(options, "raise", choices, me, chips[other], chip_middle, path, put, chips, made)
        return options

    def _sized(
        self,
        options: list,
        verb: str,
        choices: list,
        me: int,
        start: float,
        chip_middle: float,
        path: tuple,
        put: tuple,
        chips: tuple,
        made: int,
    ) -> None:
        """The children of each bet or raise in ``choices`` (from ``_totals``), the chips put in
        worked out in chips: ``start`` plus the fraction of ``chip_middle``."""
        raises, stack, size, acting = made + (verb == "raise"), self.stack, self.size, PLAYERS[1 - me]
        for option, total in choices:
            if option is ALL_IN:
                name, chip_total = ALL_IN, stack
            else:
                name = action_name(verb, option)
                chip_total = min(start + (size if option is None else option * chip_middle), stack)
            after, after_chips = list(put), list(chips)
            after[me], after_chips[me] = total, chip_total
            child = (path + (name,), acting, tuple(after), tuple(after_chips), raises, True, None)
            options.append((name, child))


def build_tree(
    pot: float,
    stack: float,
    *,
    limit: str = "pot",
    bets: Sequence[Union[float, str]] = (0.5, 1.0),
    raises: Sequence[Union[float, str]] = (1.0,),
    max_raises: Optional[int] = None,
    big_bet: Optional[float] = None,
) -> list[TreeNode]:
    """The river's action tree (see the module's words), the root first; each decision's
    children are consecutive in the list. Counted before it is built: more than
    MAX_TREE_NODES nodes is a SolverError at once."""
    rules = _rules(pot, stack, limit=limit, bets=bets, raises=raises, max_raises=max_raises, big_bet=big_bet)
    _checked_shape(rules)
    return _build(rules)[0]


def _engine_tree(nodes: list[TreeNode], units: Optional[array] = None) -> tuple[array, array, array, array]:
    """The engine's arrays of a tree: kinds, first children, child counts and amounts (``units``
    when given, else the nodes' chips)."""
    kinds, firsts, counts, amounts = array("i"), array("i"), array("i"), array("d")
    for node in nodes:
        if node.kind == "fold":
            kinds.append(2 if node.folded == "oop" else 3)
        else:
            kinds.append(_KINDS.index(node.kind))
        firsts.append(node.children[0] if node.children else 0)
        counts.append(len(node.children))
        if units is None:
            amounts.extend((node.pot, node.oop_in, node.ip_in))
    return kinds, firsts, counts, (amounts if units is None else units)


def _estimate(shape: _Shape, n: tuple[int, int]) -> int:
    """The bytes a solve takes: the engine's regrets, sums and strategies played (16 bytes per
    action and hand at each decision), its work buffers, the solution's average strategies (8),
    and the tree's nodes and their paths."""
    floats = shape.actions[0] * n[0] + shape.actions[1] * n[1]
    work = 8 * (shape.depth + 1) * (shape.widest + 6) * (n[0] + n[1])
    return 24 * floats + work + _NODE_BYTES * shape.nodes + 8 * shape.paths


class _Header(NamedTuple):
    rules: _Rules
    board: tuple[int, ...]
    iterations: int
    exploitability: float
    value: float
    history: tuple[tuple[int, float], ...]
    hole_size: int
    hands: tuple[int, int]
    seconds: float
    memory: int
    ip_value: float


_HEADER_KEYS = (
    "board",
    "pot",
    "stack",
    "limit",
    "bets",
    "raises",
    "max_raises",
    "big_bet",
    "iterations",
    "exploitability",
    "value",
    "history",
    "hole_size",
    "hands",
    "seconds",
    "memory",
    "rake",
    "ip_value",
)


def _read_header(header: object) -> _Header:
    """A file's header read by the rules solve_river reads its arguments by, and what a solve
    writes checked: the history measured up to the last iteration, the value within the chips."""
    if isinstance(header, dict):
        header = {"rake": None, "ip_value": None, **header}  # written before the rake: none
    header = header_fields(header, _HEADER_KEYS, "solve_river")
    board = header["board"]
    if not isinstance(board, list) or not all(isinstance(card, str) for card in board):
        raise SolverError(f"board must be a list of five card names, not {quoted(board)}")
    cards = read_counted(board, "board cards", (5,))
    check_unique(cards)
    limit = header["limit"]
    if limit == "fixed" and (header["bets"] != [] or header["raises"] != []):
        raise SolverError("bets and raises are [] in fixed limit: every bet and raise is big_bet")
    rules = _rules(
        header["pot"],
        header["stack"],
        limit=limit,
        bets=header["bets"],
        raises=header["raises"],
        max_raises=whole_number(header["max_raises"], "max_raises", 0, MAX_RAISES, SolverError),
        big_bet=header["big_bet"],
        rake=header["rake"],
    )
    read = read_solve_fields(header, rules.pot, rules.stack)
    return _Header(rules, tuple(cards), *read)


def _check_strategy(flat: array, count: int, n: int, node: TreeNode) -> None:
    """A decision's average strategy, [action][hand]: probabilities, adding up to 1 per hand."""
    total = sum(flat)
    if not (math.isfinite(total) and min(flat) >= 0.0 and max(flat) <= 1.0):
        i = next(i for i, p in enumerate(flat) if not 0.0 <= p <= 1.0)
        raise SolverError(
            f"the strategy at {node.path!r}: hand {i % n}'s probability of "
            f"{node.actions[i // n]!r} is {flat[i]!r}, not a probability"
        )
    sums = flat[:n].tolist()
    for a in range(1, count):
        sums = [s + p for s, p in zip(sums, flat[a * n : (a + 1) * n])]
    if min(sums) < 1 - 1e-9 or max(sums) > 1 + 1e-9:
        i = next(i for i, s in enumerate(sums) if not 1 - 1e-9 <= s <= 1 + 1e-9)
        raise SolverError(f"the strategy at {node.path!r}: hand {i}'s probabilities add up to {sums[i]!r}, not 1")


def _check_blocks(read: _Header, left: int) -> None:
    """The blocks' sizes, from the header, before any is read or the tree built: the rows,
    weights and values, then the strategies, which the tree's count sizes (the count stops as
    soon as the file could not hold the tree's strategies). ``left``: the bytes after the header."""
    k, n = read.hole_size, read.hands
    left -= (n[0] + n[1]) * (k + 16)
    if left < 0:
        raise SolverError(f"it is cut short: its header's {n[0]:,} and {n[1]:,} hands need more bytes")
    room = 1 + left // (8 * min(n))
    shape = _tree_shape(read.rules, min(room, MAX_TREE_NODES))
    if shape is None:
        if room <= MAX_TREE_NODES:
            raise SolverError(f"it is cut short: its header's tree needs more than the {left:,} bytes left")
        raise _too_big(read.rules)
    need = 8 * (shape.actions[0] * n[0] + shape.actions[1] * n[1])
    if need != left:
        raise SolverError("it is cut short" if need > left else "it has bytes past its end")


@dataclass
class RiverSolution:
    """A solved river spot: the average strategies of DCFR, the values, the exploitability."""

    board: tuple[Card, ...]
    pot: float
    stack: float
    limit: str
    bets: tuple[float, ...]
    raises: tuple[float, ...]
    max_raises: int
    big_bet: Optional[float]
    iterations: int
    """The DCFR iterations run."""
    exploitability: float
    """Each player's best-response gain over its value, averaged, as a fraction of the pot
    (with no rake: (OOP's best-response value against IP + IP's against OOP - pot) / 2 / pot)."""
    value: float
    """OOP's expected chips from the final pot (after the rake) less what OOP put in on the river."""
    ip_value: float
    """IP's (with no rake, the pot less OOP's)."""
    history: tuple[tuple[int, float], ...]
    """(iteration, exploitability) at each measurement."""
    nodes: tuple[TreeNode, ...] = field(repr=False)
    rows: tuple[bytes, bytes] = field(repr=False)
    hole_size: int = field(repr=False)
    weights: tuple[array, array] = field(repr=False)
    """Each range's chance weights, row by row."""
    values: tuple[array, array] = field(repr=False)
    """Per player, per hand: its expected chips given the hand (NaN for a hand no opponent can
    be dealt against)."""
    strategies: dict = field(repr=False)
    """Per decision's node number: array('d') of [action][hand] average strategy."""
    seconds: float = 0.0
    """The solve's wall time."""
    memory: int = 0
    """The engine's bytes for the solve."""
    rake: Rake = NO_RAKE
    """What comes off every pot won."""

    def _player(self, player: str) -> int:
        if player not in PLAYERS:
            raise SolverError(f"player is 'oop' or 'ip', not {player!r}")
        return PLAYERS.index(player)

    def hands(self, player: str) -> memoryview:
        """The (n, k) uint8 rows of ``player``'s hands, in the order of every per-hand buffer."""
        return shaped_rows(self.rows[self._player(player)], self.hole_size)

    def ev(self, player: str, path: Iterable[str] = ()) -> array:
        """``player``'s expected chips per hand (from the final pot, less its river chips) at the
        root: a river solution keeps no values below it (a SolverError; ``omaha8.solve`` on the
        river has them everywhere)."""
        p = self._player(player)
        if self.node(path) != 0:
            raise SolverError("a river solution keeps the values of its root only: omaha8.solve has them below it")
        return array("d", self.values[p])

    def node_at(self, path: Iterable[str] = ()) -> TreeNode:
        """The node at ``path``."""
        return self.nodes[self.node(path)]

    def tree(self) -> list[TreeNode]:
        """Every node, the root first."""
        return list(self.nodes)

    def report(self, path: Iterable[str] = (), by: Any = "category") -> Report:
        """The acting player's hands at the decision ``path`` by class (``omaha8.reports``):
        each class's share of the range there, its action frequencies and, at the root, its EV
        (a river solution keeps the values of the root only: NaN below it; ``omaha8.solve`` on
        the river has them everywhere). ``by``: "category", "nuts" or a function of a hand."""
        number = self.node(path)
        node = self.nodes[number]
        if node.kind not in PLAYERS:
            raise SolverError(f"a report is of a decision: {tuple(node.path)!r} is a {node.kind} node")
        player = node.kind
        ev = self.ev(player) if number == 0 else None
        board = tuple(int(c) for c in self.board)
        p = PLAYERS.index(player)
        k = self.hole_size
        rows = self.rows[p]
        # At the root, how often each hand is dealt: the other's chance weights apart from it.
        deals = (
            deal_weights([rows[i : i + k] for i in range(0, len(rows), k)], self.rows[1 - p], self.weights[1 - p], k)
            if ev is not None
            else None
        )
        reach, strategy = self.reach(node.path), self.strategy(node.path)
        return hand_report(player, tuple(node.path), board, self.hands(player), reach, strategy, ev, deals, by)

    def node(self, path: Iterable[str]) -> int:
        """The number of the node at ``path``: a list of action names from the root, such as
        ``["check", "bet 0.5"]`` (a string alone is refused: pass ``["check"]``)."""
        at = 0
        walked: list[str] = []
        for action in read_path(path, MAX_RAISES + 4):
            node = self.nodes[at]
            if not isinstance(action, str) or action not in node.actions:
                raise SolverError(f"after {tuple(walked)!r} the actions are {node.actions!r}, not {quoted(action)}")
            at = node.children[node.actions.index(action)]
            walked.append(action)
        return at

    def strategy(self, path: Iterable[str] = ()) -> dict[str, array]:
        """At the decision ``path`` leads to: {action: array('d') over the acting player's
        hands}, each hand's probabilities adding up to 1."""
        path = read_path(path, MAX_RAISES + 4)
        at = self.node(path)
        node = self.nodes[at]
        if node.kind not in PLAYERS:
            raise SolverError(f"{path!r} ends the hand ({node.kind}): no one acts there")
        n = len(self.rows[PLAYERS.index(node.kind)]) // self.hole_size
        flat = self.strategies[at]
        return {action: flat[a * n : (a + 1) * n] for a, action in enumerate(node.actions)}

    def frequencies(self, path: Iterable[str] = ()) -> dict[str, float]:
        """How often the acting player takes each action at ``path``, over the hands that reach
        it, by their chance weight and how often the player's own earlier actions lead there."""
        path = read_path(path, MAX_RAISES + 4)
        # The weights scaled by a power of two (exact), so that tiny weights do not underflow.
        reach = self._reach(path, unit_weights)
        total = sum(reach)
        return {
            action: (sum(r * s for r, s in zip(reach, probabilities)) / total if total else math.nan)
            for action, probabilities in self.strategy(path).items()
        }

    def reach(self, path: Iterable[str]) -> array:
        """Per hand of the player acting at ``path``: its chance weight times the probability of
        its own actions on the way there."""
        return self._reach(read_path(path, MAX_RAISES + 4), lambda weights: weights)

    def _reach(self, path: tuple, scaled: Callable[[array], array]) -> array:
        at = self.node(path)
        player = self.nodes[at].kind
        if player not in PLAYERS:
            raise SolverError(f"{path!r} ends the hand: no one acts there")
        reach = array("d", scaled(self.weights[PLAYERS.index(player)]))
        for depth in range(len(path)):
            before = self.nodes[self.node(path[:depth])]
            if before.kind == player:
                taken = self.strategy(path[:depth])[path[depth]]
                for i, probability in enumerate(taken):
                    reach[i] *= probability
        return reach

    def to_html(self, path: Union[str, os.PathLike], streets: Optional[int] = None) -> Path:
        """Write the solution viewer's page (``omaha8.viewer``) to ``path``: one HTML file that
        opens from disk and shows the tree, the frequencies, the hands by class and each hand
        (``streets``: None or 1, the river's)."""
        return write_page(self, path, streets)

    def _repr_html_(self) -> str:
        return frame(self)

    # ---------------------------------------------------------------- files

    @staticmethod
    def check_save_path(path: Union[str, os.PathLike]) -> Path:
        """What ``save(path)`` checks before it writes, for a caller to check before a long
        solve: ``path`` is text or a path, not empty, not a directory, and its folder exists
        and can be written in; else a SolverError naming ``path``."""
        return check_save_path(path)

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Write the solution to one file; ``RiverSolution.load`` reads it back exactly. The
        bytes go to a new file beside it, renamed over ``path`` once whole: a failure (a
        SolverError naming ``path`` and the reason) leaves ``path`` as it was and nothing else."""
        target = check_save_path(path)
        header = {
            "board": [str(c) for c in self.board],
            "pot": self.pot,
            "stack": self.stack,
            "limit": self.limit,
            "bets": list(self.bets),
            "raises": list(self.raises),
            "max_raises": self.max_raises,
            "big_bet": self.big_bet,
            "iterations": self.iterations,
            "exploitability": self.exploitability,
            "value": self.value,
            "history": [list(h) for h in self.history],
            "hole_size": self.hole_size,
            "hands": [len(r) // self.hole_size for r in self.rows],
            "seconds": self.seconds,
            "memory": self.memory,
            "rake": self.rake.as_list(),
            "ip_value": self.ip_value,
        }
        text = json.dumps(header, allow_nan=False).encode()
        blocks = [_MAGIC, len(text).to_bytes(8, "little"), text, self.rows[0], self.rows[1]]
        blocks += [a.tobytes() for a in self.weights + self.values]
        blocks += [self.strategies[i].tobytes() for i in sorted(self.strategies)]
        write_blocks(target, path, blocks)

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "RiverSolution":
        """A solution ``save`` wrote, checked as ``solve_river`` checks its arguments (the header's
        fields by the same rules, the tree counted before it is built, the hands, weights, values
        and strategies what a solve makes); anything else is a SolverError naming the file."""
        data = read_solution_file(path, MAX_SOLVER_BYTES)
        try:
            return cls._from_bytes(data)
        except Omaha8Error as error:
            raise SolverError(f"{path}: not a river solution omaha8 saved ({error})") from None

    @classmethod
    def _from_bytes(cls, data: bytes) -> "RiverSolution":
        header, at = split_header(data, _MAGIC)
        read = _read_header(header)
        rules, k, n = read.rules, read.hole_size, read.hands
        _check_blocks(read, len(data) - at)
        blocks = Blocks(data, at)
        rows = (blocks.take(n[0] * k), blocks.take(n[1] * k))
        for side, hands in zip(PLAYERS, rows):
            check_rows(hands, k, read.board, side)
        weights = [read_saved_weights(blocks.take(8 * count), count, side) for side, count in zip(PLAYERS, n)]
        values = [
            read_saved_values(blocks.take(8 * count), side, rules.pot, rules.stack) for side, count in zip(PLAYERS, n)
        ]
        nodes, _ = _build(rules)
        strategies = {}
        for number, node in enumerate(nodes):
            if node.kind in PLAYERS:
                count = n[PLAYERS.index(node.kind)]
                flat = array("d", blocks.take(8 * len(node.actions) * count))
                _check_strategy(flat, len(node.actions), count, node)
                strategies[number] = flat
        return cls(
            board=tuple(Card(c) for c in read.board),
            pot=rules.pot,
            stack=rules.stack,
            limit=rules.limit,
            bets=rules.bets,
            raises=rules.raises,
            max_raises=rules.max_raises,
            big_bet=rules.big_bet,
            iterations=read.iterations,
            exploitability=read.exploitability,
            value=read.value,
            ip_value=read.ip_value,
            history=read.history,
            nodes=tuple(nodes),
            rows=rows,
            hole_size=k,
            weights=(weights[0], weights[1]),
            values=(values[0], values[1]),
            strategies=strategies,
            seconds=read.seconds,
            memory=read.memory,
            rake=rules.rake,
        )


def _read_threads(threads: object) -> int:
    return thread_count(threads, SolverError)


class _Checked(NamedTuple):
    board: list[int]
    rules: _Rules
    shape: _Shape
    iterations: int
    target: float
    workers: int


def _check_arguments(
    board: object,
    pot: object,
    stack: object,
    limit: object,
    bets: object,
    raises: object,
    max_raises: object,
    big_bet: object,
    iterations: object,
    exploitability: object,
    threads: object,
    progress: object,
    rake: object = None,
) -> _Checked:
    """solve_river's arguments but the ranges, read (the tree counted, not built): no work
    begins before every one is known good."""
    if progress is not None and not callable(progress):
        raise SolverError(f"progress must be a function of (iteration, exploitability) or None, not {quoted(progress)}")
    board_cards = read_counted(board, "board cards", (5,))  # type: ignore[arg-type]
    check_unique(board_cards)
    rules = _rules(pot, stack, limit=limit, bets=bets, raises=raises, max_raises=max_raises, big_bet=big_bet, rake=rake)
    rounds = whole_number(iterations, "iterations", 1, None, SolverError)
    target = read_chips(exploitability, "exploitability", False)
    workers = min(_read_threads(threads), 2)
    return _Checked(board_cards, rules, _checked_shape(rules), rounds, target, workers)


def _run_dcfr(
    job: Any, checked: _Checked, game_value: Callable[[int], float], progress: Optional[Callable[[int, float], object]]
) -> list[tuple[int, float]]:
    """DCFR's iterations on ``job``, both players each, the exploitability measured every
    CHECK_EVERY and at the last: until it is at most the target. The measurements, the last
    one the last iteration's."""
    history: list[tuple[int, float]] = []
    iteration = 0
    workers = checked.workers
    while iteration < checked.iterations:
        iteration += 1
        for player in (0, 1):
            job.begin(0, iteration, player)
            run_job(job, workers)
        if iteration % CHECK_EVERY == 0 or iteration == checked.iterations:
            values = None
            if checked.rules.rake.taken:  # the values no longer add up to the pot: walked
                job.begin(2)
                run_job(job, workers)
                values = (game_value(0), game_value(1))
            job.begin(1)
            run_job(job, workers)
            measured = exploitability_of((game_value(0), game_value(1)), values)
            history.append((iteration, measured))
            if progress is not None:
                progress(iteration, measured)
            if measured <= checked.target:
                break
    return history


def solve_river(
    board: CardsLike,
    oop: SideLike,
    ip: SideLike,
    pot: float,
    stack: float,
    *,
    limit: str = "pot",
    bets: Sequence[Union[float, str]] = (0.5, 1.0),
    raises: Sequence[Union[float, str]] = (1.0,),
    max_raises: Optional[int] = None,
    big_bet: Optional[float] = None,
    rake: Any = None,
    iterations: int = 1000,
    exploitability: float = 0.003,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, float], object]] = None,
) -> RiverSolution:
    """Solve a heads-up river spot by discounted CFR (see the module's words for the game).

    ``board``: five cards. ``oop``, ``ip``: a Range, a range expression, or a uint8 (n, k)
    buffer of hands, alone (each weighing 1) or as ``(buffer, weights)``. ``pot``: the chips in
    the middle; ``stack``: each player's chips behind (at most MAX_STACK_TO_POT pots; the final
    pot a finite float). ``limit``: "pot" (fractions up to 1), "no" (up to MAX_POT_FRACTION),
    or "fixed" (every bet and raise ``big_bet`` chips). ``bets``: the pot fractions a player may
    bet with no bet to face; ``raises``: the fractions of the pot after the call a player may
    raise by; each a number or its text ("0.5", "1/3", "50%"), read by ``parse_pot_fraction``;
    ``max_raises``: raises in all (default 2, or 3 in fixed limit; at most MAX_RAISES). The tree
    is counted before it is built: more than MAX_TREE_NODES nodes is refused at once. ``rake``:
    None, a pot fraction, or ``(fraction, cap)`` (cap in chips, None for none), taken from every
    pot won as ``min(fraction * final pot, cap)``: the values are after it, and the
    exploitability is each player's best-response gain over its value, averaged.

    Runs DCFR until the exploitability, measured every CHECK_EVERY iterations and at the end,
    is at most ``exploitability`` (a fraction of the pot), or ``iterations`` are run;
    ``progress(iteration, exploitability)`` hears of each measurement. ``threads``: 1, or 2 to
    share each update's subtrees and the best responses (more are not used); the answer is the
    same bits either way. Counts are ints (numpy's too), never bools or floats; every argument
    is checked before any work.

    The engine plays the spot in units of the pot, each range's weights scaled by a power of
    two, so the same spot at any scale is the same game: the same strategies and
    exploitability, the values the pot's multiple.
    """
    started = time.perf_counter()
    checked = _check_arguments(
        board, pot, stack, limit, bets, raises, max_raises, big_bet, iterations, exploitability, threads, progress, rake
    )
    board_cards, rules = checked.board, checked.rules
    oop_rows, oop_weights, ip_rows, ip_weights, k = _read_ranges(oop, ip, checked)
    nodes, units = _build(rules)
    kinds, firsts, node_counts, amounts = _engine_tree(nodes, units)
    amounts = raked_amounts(kinds, amounts, _RAKED, rules.rake, rules.pot)
    # In units of the pot and of each range's largest weight (a power of two: exact).
    scaled = (unit_weights(oop_weights), unit_weights(ip_weights))
    job = _engine.ENGINE.RiverJob(
        bytes(board_cards),
        oop_rows,
        ip_rows,
        k,
        scaled[0].tobytes(),
        scaled[1].tobytes(),
        kinds,
        firsts,
        node_counts,
        amounts,
    )
    opponent = job.opponent_weights
    deals = math.fsum(w * o for w, o in zip(scaled[0], opponent[0]))
    if not deals > 0:
        raise SolverError("no hand of oop's range can be dealt against a hand of ip's on this board")

    def game_value(player: int) -> float:
        """The player's value in units of the pot."""
        return math.fsum(w * v for w, v in zip(scaled[player], job.root(player))) / deals

    history = _run_dcfr(job, checked, game_value, progress)
    iteration, measured = history[-1]
    job.begin(2)
    run_job(job, checked.workers)
    values = []
    for player in (0, 1):
        root = job.root(player)
        values.append(array("d", [v / o * rules.pot if o > 0 else math.nan for v, o in zip(root, opponent[player])]))
    strategies = {number: job.average(number) for number, node in enumerate(nodes) if node.kind in PLAYERS}
    return RiverSolution(
        board=tuple(Card(c) for c in board_cards),
        pot=rules.pot,
        stack=rules.stack,
        limit=rules.limit,
        bets=rules.bets,
        raises=rules.raises,
        max_raises=rules.max_raises,
        big_bet=rules.big_bet,
        iterations=iteration,
        exploitability=measured,
        value=game_value(0) * rules.pot,
        ip_value=game_value(1) * rules.pot,
        history=tuple(history),
        nodes=tuple(nodes),
        rows=(oop_rows, ip_rows),
        hole_size=k,
        weights=(oop_weights, ip_weights),
        values=(values[0], values[1]),
        strategies=strategies,
        seconds=time.perf_counter() - started,
        memory=job.memory,
        rake=rules.rake,
    )


def _read_ranges(oop: SideLike, ip: SideLike, checked: _Checked) -> tuple[bytes, array, bytes, array, int]:
    """Both sides' rows and weights on the board, of one hole size, and the memory their
    solve would take checked: (oop rows, oop weights, ip rows, ip weights, hole size)."""
    sizes = [size_of(side) for side in (oop, ip)]
    size = next((k for k in sizes if k is not None), 4)
    oop_rows, oop_weights, k = read_side(oop, "oop", checked.board, size)
    ip_rows, ip_weights, k_ip = read_side(ip, "ip", checked.board, size)
    if k != k_ip:
        raise SolverError(f"oop's hands have {k} cards and ip's {k_ip}: both must be the same size")
    counts = (len(oop_rows) // k, len(ip_rows) // k)
    need = _estimate(checked.shape, counts)
    if need > MAX_SOLVER_BYTES:
        raise SolverError(
            f"{counts[0]:,} hands against {counts[1]:,} on a tree of {checked.shape.nodes:,} nodes "
            f"would take about {need / 1e9:.1f} GB (at most {MAX_SOLVER_BYTES // 10**9} GB)"
        )
    return oop_rows, oop_weights, ip_rows, ip_weights, k


def _check_spot(arguments: dict) -> None:
    """A spot of solve_rivers, its arguments but the ranges read."""
    _check_arguments(
        *(
            arguments[name]
            for name in (
                "board",
                "pot",
                "stack",
                "limit",
                "bets",
                "raises",
                "max_raises",
                "big_bet",
                "iterations",
                "exploitability",
                "threads",
                "progress",
                "rake",
            )
        )
    )


def solve_rivers(spots: Iterable[Mapping[str, Any]], executor: Optional[Executor] = None) -> list[RiverSolution]:
    """Solve each spot (a mapping of ``solve_river``'s arguments) as a task on ``executor``
    (any ``concurrent.futures.Executor``, Dask's included; default: one after the other here),
    the solutions in the spots' order. On an executor a spot runs on one thread unless it says
    otherwise; ``progress`` stays here, so a spot may not carry one. Every spot's arguments but
    its ranges are checked before any spot is solved. ``omaha8.solve_many`` does the same for
    any street."""
    tasks = read_spots(spots, solve_river, _check_spot, executor, SolverError)
    return run_spots(solve_river, tasks, executor, "omaha8-solve")
