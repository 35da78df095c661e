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

Discounted CFR (Brown and Sandholm, "Solving Imperfect-Information Games via Discounted Regret
Minimization", 2019) with alpha 1.5, beta 0, gamma 2, both players updated each iteration.
"""

from __future__ import annotations

import json
import math
import numbers
import os
import time
from array import array
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from . import _engine
from .cards import Card, CardError, CardsLike, check_unique, read_counted
from .equity import finished_batches, run_job
from .exceptions import BatchError, RangeError, SolverError
from .ranges import Range
from .sweep import shaped_rows, thread_count

__all__ = ["solve_river", "solve_rivers", "RiverSolution", "TreeNode", "build_tree", "LIMITS", "PLAYERS",
           "MAX_SOLVER_BYTES", "CHECK_EVERY"]

LIMITS = ("pot", "no", "fixed")
PLAYERS = ("oop", "ip")
# Regrets and sums (float32) and the strategies played (float64) take 16 bytes per action and
# hand at each decision; refused past this.
MAX_SOLVER_BYTES = 8 * 10**9
# Iterations between measurements of the exploitability (each costs about one iteration).
CHECK_EVERY = 10
_KINDS = ("oop", "ip", "fold", "fold", "showdown")   # as the engine numbers them: 0..4
_MAGIC = b"omaha8 river solution 1\n"

SideLike = Union[Range, str, tuple, object]


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


def _amount(value: object, name: str, positive: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise SolverError(f"{name} must be a number of chips, not {value!r}")
    number = float(value)
    if not math.isfinite(number) or number < 0 or (positive and number == 0):
        raise SolverError(f"{name} must be a finite number {'above' if positive else 'of at least'} 0, "
                          f"not {value!r}")
    return number


def _fractions(values: object, name: str, limit: str) -> tuple[float, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise SolverError(f"{name} must be a sequence of pot fractions, not {values!r}")
    fractions = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(float(value)) \
                or float(value) <= 0:
            raise SolverError(f"{name}: {value!r} is not a pot fraction above 0")
        if limit == "pot" and float(value) > 1:
            raise SolverError(f"{name}: {value!r} is more than the pot, which pot limit refuses")
        fractions.append(float(value))
    return tuple(fractions)


def _name(verb: str, fraction: Optional[float]) -> str:
    return verb if fraction is None else f"{verb} {fraction!r}"


def _sizes(verb: str, fractions: tuple[Optional[float], ...], start: float, pot: float, size: float,
           stack: float) -> list[tuple[str, float]]:
    """(name, the player's river chips after it) of each bet or raise: ``start`` plus the fraction
    of ``pot`` (or ``size`` chips in fixed limit); one reaching the stack is all-in, and options
    that come to the same amount are one."""
    totals: dict[float, str] = {}
    for fraction in fractions:
        total = start + (size if fraction is None else fraction * pot)
        name = _name(verb, fraction)
        if total >= stack:
            total, name = stack, "all-in"
        totals.setdefault(total, name)
    return [(name, total) for total, name in totals.items()]


def build_tree(pot: float, stack: float, *, limit: str = "pot", bets: Sequence[float] = (0.5, 1.0),
               raises: Sequence[float] = (1.0,), max_raises: Optional[int] = None,
               big_bet: Optional[float] = None) -> list[TreeNode]:
    """The river's action tree (see the module's words), the root first; each decision's
    children are consecutive in the list."""
    pot = _amount(pot, "pot", True)
    stack = _amount(stack, "stack", False)
    if limit not in LIMITS:
        raise SolverError(f"limit must be one of {', '.join(map(repr, LIMITS))}, not {limit!r}")
    if limit == "fixed":
        if big_bet is None:
            raise SolverError("fixed limit needs big_bet, the chips of every bet and raise")
        size = _amount(big_bet, "big_bet", True)
        bet_options: tuple[Optional[float], ...] = (None,)
        raise_options: tuple[Optional[float], ...] = (None,)
    else:
        if big_bet is not None:
            raise SolverError("big_bet is for fixed limit; pot and no limit bet fractions of the pot")
        size = 0.0
        bet_options = _fractions(bets, "bets", limit)
        raise_options = _fractions(raises, "raises", limit)
    if max_raises is None:
        max_raises = 3 if limit == "fixed" else 2
    if isinstance(max_raises, bool) or not isinstance(max_raises, int) or max_raises < 0:
        raise SolverError(f"max_raises must be a whole number of at least 0, not {max_raises!r}")

    # Breadth first, so that each decision's children are numbered together. A node to make:
    # (path, kind, oop_in, ip_in, raises made, facing a bet, who folded).
    nodes: list[TreeNode] = []
    queue_nodes: list[tuple] = [((), "oop", 0.0, 0.0, 0, False, None)]
    at = 0
    while at < len(queue_nodes):
        path, kind, oop_in, ip_in, made, facing, folded = queue_nodes[at]
        at += 1
        middle = pot + oop_in + ip_in
        if kind not in PLAYERS:
            nodes.append(TreeNode(path, kind, (), middle, oop_in, ip_in, folded))
            continue
        me = PLAYERS.index(kind)
        put = [oop_in, ip_in]
        other = 1 - me
        options: list[tuple] = []     # (name, child spec)
        if not facing:
            if me == 1:
                options.append(("check", (path + ("check",), "showdown", oop_in, ip_in, made, False, None)))
            else:
                options.append(("check", (path + ("check",), "ip", oop_in, ip_in, made, False, None)))
            if put[me] < stack:
                for name, total in _sizes("bet", bet_options, put[me], middle, size, stack):
                    after = list(put)
                    after[me] = total
                    options.append((name, (path + (name,), PLAYERS[other], after[0], after[1], made, True, None)))
        else:
            options.append(("fold", (path + ("fold",), "fold", oop_in, ip_in, made, False, kind)))
            called = list(put)
            called[me] = put[other]
            options.append(("call", (path + ("call",), "showdown", called[0], called[1], made, False, None)))
            if made < max_raises and put[other] < stack:
                # A raise of f: the call, then f times the pot after the call.
                for name, total in _sizes("raise", raise_options, put[other], pot + 2 * put[other], size, stack):
                    after = list(put)
                    after[me] = total
                    options.append((name, (path + (name,), PLAYERS[other], after[0], after[1], made + 1, True,
                                           None)))
        first = len(queue_nodes)
        queue_nodes.extend(spec for _, spec in options)
        nodes.append(TreeNode(path, kind, tuple(name for name, _ in options), middle, oop_in, ip_in, None,
                              tuple(range(first, first + len(options)))))
    return nodes


def _engine_tree(nodes: list[TreeNode]) -> tuple[array, array, array, array]:
    kinds, firsts, counts, amounts = array("i"), array("i"), array("i"), array("d")
    for node in nodes:
        if node.kind == "fold":
            kinds.append(2 if node.folded == "oop" else 3)
        else:
            kinds.append(_KINDS.index(node.kind))
        firsts.append(node.children[0] if node.children else 0)
        counts.append(len(node.children))
        amounts.extend((node.pot, node.oop_in, node.ip_in))
    return kinds, firsts, counts, amounts


def _size_of(value: SideLike) -> Optional[int]:
    if isinstance(value, Range):
        return value.hole_size
    if isinstance(value, tuple) and len(value) == 2:
        value = value[0]
    if isinstance(value, str):
        return None
    shape = _engine.showdown_rows(value, "range").shape or (0, 0)
    return shape[1]


def _read_side(value: SideLike, name: str, board: list[int], size: int) -> tuple[bytes, array, int]:
    """(rows, weights, hole size) of a range: a Range or expression (its hands apart from the
    board), or a uint8 (n, k) buffer, alone (weights 1.0) or as (buffer, weights). Hands of
    weight 0 are left out: they are never dealt."""
    weights: Optional[array] = None
    if isinstance(value, str):
        try:
            value = Range(value, hole_size=size)
        except RangeError as error:
            raise RangeError(f"{name}: {error}") from None
    if isinstance(value, Range):
        rows, raw = value.apart_from(board)
        k = value.hole_size
        weights = array("d", [float(w) for w in raw])
    else:
        buffer, given = value if isinstance(value, tuple) and len(value) == 2 else (value, None)
        view = _engine.showdown_rows(buffer, name)
        k = (view.shape or (0, 0))[1]
        rows = view.tobytes()
        count = len(rows) // k
        if given is None:
            weights = array("d", [1.0]) * count
        else:
            try:
                weights = _engine.showdown_weights(given, count)
            except BatchError as error:
                raise BatchError(f"{name}: {error}") from None
        board_mask = sum(1 << c for c in board)
        for i in range(count):
            row = rows[i * k:(i + 1) * k]
            if any(c > 51 or board_mask >> c & 1 for c in row) or len(set(row)) != k:
                raise CardError(f"{name} row {i} ({' '.join(str(Card(c)) if c < 52 else str(c) for c in row)}) "
                                "repeats a card, holds one of the board or one that is not a card")
        for i, w in enumerate(weights):
            if not (w >= 0 and math.isfinite(w)):
                raise SolverError(f"{name} weight {i} is {w!r}: weights are finite and 0 or more")
    kept = [i for i, w in enumerate(weights) if w > 0]
    if not kept:
        raise SolverError(f"{name}: no hand of the range is left on this board")
    if len(kept) != len(weights):
        rows = b"".join(rows[i * k:(i + 1) * k] for i in kept)
        weights = array("d", [weights[i] for i in kept])
    return rows, weights, k


def _estimate(nodes: list[TreeNode], n: tuple[int, int]) -> int:
    floats = sum(len(node.actions) * n[PLAYERS.index(node.kind)] for node in nodes if node.kind in PLAYERS)
    depth = max(len(node.path) for node in nodes) + 1
    widest = max((len(node.actions) for node in nodes), default=1)
    return 16 * floats + 8 * depth * (widest + 6) * (n[0] + n[1])


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
    """(OOP's best-response value against IP + IP's against OOP - pot) / 2 / pot."""
    value: float
    """OOP's expected chips from the final pot less what OOP put in on the river."""
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

    def _player(self, player: str) -> int:
        if player not in PLAYERS:
            raise SolverError(f"player is 'oop' or 'ip', not {player!r}")
        return PLAYERS.index(player)

    def hands(self, player: str) -> memoryview:
        """The (n, k) uint8 rows of ``player``'s hands, in the order of every per-hand buffer."""
        return shaped_rows(self.rows[self._player(player)], self.hole_size)

    def ev(self, player: str) -> array:
        """``player``'s expected chips per hand (from the final pot, less its river chips)."""
        return array("d", self.values[self._player(player)])

    def tree(self) -> list[TreeNode]:
        """Every node, the root first."""
        return list(self.nodes)

    def node(self, path: Iterable[str]) -> int:
        """The number of the node at ``path`` (action names from the root)."""
        at = 0
        walked: list[str] = []
        if isinstance(path, str):
            raise SolverError(f"a path is a sequence of action names, not the string {path!r}")
        for action in path:
            node = self.nodes[at]
            if action not in node.actions:
                raise SolverError(f"after {tuple(walked)!r} the actions are {node.actions!r}, not {action!r}")
            at = node.children[node.actions.index(action)]
            walked.append(action)
        return at

    def strategy(self, path: Iterable[str] = ()) -> dict[str, array]:
        """At the decision ``path`` leads to: {action: array('d') over the acting player's
        hands}, each hand's probabilities adding up to 1."""
        at = self.node(path)
        node = self.nodes[at]
        if node.kind not in PLAYERS:
            raise SolverError(f"{tuple(path)!r} ends the hand ({node.kind}): no one acts there")
        n = len(self.rows[PLAYERS.index(node.kind)]) // self.hole_size
        flat = self.strategies[at]
        return {action: flat[a * n:(a + 1) * n] for a, action in enumerate(node.actions)}

    def frequencies(self, path: Iterable[str] = ()) -> dict[str, float]:
        """How often the acting player takes each action at ``path``, over the hands that reach
        it, by their chance weight and how often the player's own earlier actions lead there."""
        path = tuple(path)
        reach = self.reach(path)
        total = sum(reach)
        return {action: (sum(r * s for r, s in zip(reach, probabilities)) / total if total else math.nan)
                for action, probabilities in self.strategy(path).items()}

    def reach(self, path: Iterable[str]) -> array:
        """Per hand of the player acting at ``path``: its chance weight times the probability of
        its own actions on the way there."""
        path = tuple(path)
        at = self.node(path)
        player = self.nodes[at].kind
        if player not in PLAYERS:
            raise SolverError(f"{path!r} ends the hand: no one acts there")
        reach = array("d", self.weights[PLAYERS.index(player)])
        for depth in range(len(path)):
            before = self.nodes[self.node(path[:depth])]
            if before.kind == player:
                taken = self.strategy(path[:depth])[path[depth]]
                for i, probability in enumerate(taken):
                    reach[i] *= probability
        return reach

    # ---------------------------------------------------------------- files

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Write the solution to one file; ``RiverSolution.load`` reads it back exactly."""
        header = {
            "board": [str(c) for c in self.board], "pot": self.pot, "stack": self.stack, "limit": self.limit,
            "bets": list(self.bets), "raises": list(self.raises), "max_raises": self.max_raises,
            "big_bet": self.big_bet, "iterations": self.iterations, "exploitability": self.exploitability,
            "value": self.value, "history": [list(h) for h in self.history], "hole_size": self.hole_size,
            "hands": [len(r) // self.hole_size for r in self.rows], "seconds": self.seconds,
            "memory": self.memory,
        }
        blocks = [self.rows[0], self.rows[1]]
        blocks += [a.tobytes() for a in self.weights + self.values]
        blocks += [self.strategies[i].tobytes() for i in sorted(self.strategies)]
        text = json.dumps(header).encode()
        data = _MAGIC + len(text).to_bytes(8, "little") + text + b"".join(blocks)
        target = Path(path)
        partial = target.with_name(target.name + ".partial")
        partial.write_bytes(data)
        partial.replace(target)

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "RiverSolution":
        """A solution ``save`` wrote; anything else is a SolverError naming the file."""
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise SolverError(f"{path}: cannot read it: {error.strerror}") from None
        try:
            return cls._from_bytes(data)
        except (KeyError, TypeError, ValueError, IndexError, UnicodeDecodeError, AttributeError) as error:
            raise SolverError(f"{path}: not a river solution omaha8 saved ({error})") from None

    @classmethod
    def _from_bytes(cls, data: bytes) -> "RiverSolution":
        if not data.startswith(_MAGIC):
            raise ValueError("it does not start as one")
        at = len(_MAGIC)
        length = int.from_bytes(data[at:at + 8], "little")
        header = json.loads(data[at + 8:at + 8 + length])
        at += 8 + length
        nodes = build_tree(header["pot"], header["stack"], limit=header["limit"], bets=header["bets"],
                           raises=header["raises"], max_raises=header["max_raises"], big_bet=header["big_bet"])
        k = header["hole_size"]
        counts = header["hands"]
        if k not in (4, 5, 6) or len(counts) != 2 or not all(isinstance(n, int) and n > 0 for n in counts):
            raise ValueError("its hands are not two lists of hands")

        def take(size: int) -> bytes:
            nonlocal at
            if at + size > len(data):
                raise ValueError("it is cut short")
            block = data[at:at + size]
            at += size
            return block

        rows = (take(counts[0] * k), take(counts[1] * k))
        doubles = [array("d", take(8 * n)) for n in (counts[0], counts[1], counts[0], counts[1])]
        strategies = {}
        for number, node in enumerate(nodes):
            if node.kind in PLAYERS:
                strategies[number] = array("d", take(8 * len(node.actions) * counts[PLAYERS.index(node.kind)]))
        if at != len(data):
            raise ValueError("it has bytes past its end")
        board = tuple(Card(c) for c in header["board"])
        return cls(board=board, pot=float(header["pot"]), stack=float(header["stack"]), limit=header["limit"],
                   bets=tuple(header["bets"]), raises=tuple(header["raises"]), max_raises=header["max_raises"],
                   big_bet=header["big_bet"], iterations=header["iterations"],
                   exploitability=float(header["exploitability"]), value=float(header["value"]),
                   history=tuple((int(i), float(e)) for i, e in header["history"]), nodes=tuple(nodes),
                   rows=rows, hole_size=k, weights=(doubles[0], doubles[1]), values=(doubles[2], doubles[3]),
                   strategies=strategies, seconds=float(header["seconds"]), memory=int(header["memory"]))


def solve_river(
    board: CardsLike,
    oop: SideLike,
    ip: SideLike,
    pot: float,
    stack: float,
    *,
    limit: str = "pot",
    bets: Sequence[float] = (0.5, 1.0),
    raises: Sequence[float] = (1.0,),
    max_raises: Optional[int] = None,
    big_bet: Optional[float] = None,
    iterations: int = 1000,
    exploitability: float = 0.003,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, float], object]] = None,
) -> RiverSolution:
    """Solve a heads-up river spot by discounted CFR (see the module's words for the game).

    ``board``: five cards. ``oop``, ``ip``: a Range, a range expression, or a uint8 (n, k)
    buffer of hands, alone (each weighing 1) or as ``(buffer, weights)``. ``pot``: the chips in
    the middle; ``stack``: each player's chips behind. ``limit``: "pot" (fractions up to 1),
    "no" (any), or "fixed" (every bet and raise ``big_bet`` chips). ``bets``: the pot fractions
    a player may bet with no bet to face; ``raises``: the fractions of the pot after the call a
    player may raise by; ``max_raises``: raises in all (default 2, or 3 in fixed limit).

    Runs DCFR until the exploitability, measured every CHECK_EVERY iterations and at the end,
    is at most ``exploitability`` (a fraction of the pot), or ``iterations`` are run;
    ``progress(iteration, exploitability)`` hears of each measurement. ``threads``: 1, or 2 to
    share each update's subtrees and the best responses (more are not used); the answer is the
    same bits either way.
    """
    started = time.perf_counter()
    board_cards = read_counted(board, "board cards", (5,))
    check_unique(board_cards)
    nodes = build_tree(pot, stack, limit=limit, bets=bets, raises=raises, max_raises=max_raises, big_bet=big_bet)
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise SolverError(f"iterations must be a whole number of at least 1, not {iterations!r}")
    target = _amount(exploitability, "exploitability", False)
    workers = min(thread_count(threads), 2)
    sizes = [_size_of(side) for side in (oop, ip)]
    size = next((k for k in sizes if k is not None), 4)
    oop_rows, oop_weights, k = _read_side(oop, "oop", board_cards, size)
    ip_rows, ip_weights, k_ip = _read_side(ip, "ip", board_cards, size)
    if k != k_ip:
        raise SolverError(f"oop's hands have {k} cards and ip's {k_ip}: both must be the same size")
    counts = (len(oop_rows) // k, len(ip_rows) // k)
    need = _estimate(nodes, counts)
    if need > MAX_SOLVER_BYTES:
        raise SolverError(f"{counts[0]:,} hands against {counts[1]:,} on a tree of {len(nodes)} nodes would take "
                          f"about {need / 1e9:.1f} GB (at most {MAX_SOLVER_BYTES // 10**9} GB)")
    kinds, firsts, node_counts, amounts = _engine_tree(nodes)
    job = _engine.ENGINE.RiverJob(bytes(board_cards), oop_rows, ip_rows, k, oop_weights.tobytes(),
                                  ip_weights.tobytes(), kinds, firsts, node_counts, amounts)
    pot_chips = nodes[0].pot
    opponent = job.opponent_weights
    deals = math.fsum(w * o for w, o in zip(oop_weights, opponent[0]))
    if not deals > 0:
        raise SolverError("no hand of oop's range can be dealt against a hand of ip's on this board")
    weights = (oop_weights, ip_weights)

    def game_value(player: int) -> float:
        return math.fsum(w * v for w, v in zip(weights[player], job.root(player))) / deals

    history: list[tuple[int, float]] = []
    measured = math.inf
    iteration = 0
    while iteration < iterations:
        iteration += 1
        for player in (0, 1):
            job.begin(0, iteration, player)
            run_job(job, workers)
        if iteration % CHECK_EVERY == 0 or iteration == iterations:
            job.begin(1)
            run_job(job, workers)
            measured = (game_value(0) + game_value(1) - pot_chips) / 2 / pot_chips
            history.append((iteration, measured))
            if progress is not None:
                progress(iteration, measured)
            if measured <= target:
                break
    job.begin(2)
    run_job(job, workers)
    values = []
    for player in (0, 1):
        root = job.root(player)
        values.append(array("d", [v / o if o > 0 else math.nan for v, o in zip(root, opponent[player])]))
    strategies = {number: job.average(number) for number, node in enumerate(nodes) if node.kind in PLAYERS}
    return RiverSolution(
        board=tuple(Card(c) for c in board_cards), pot=float(pot), stack=float(stack), limit=limit,
        bets=tuple(float(b) for b in bets) if limit != "fixed" else (),
        raises=tuple(float(r) for r in raises) if limit != "fixed" else (),
        max_raises=max_raises if max_raises is not None else (3 if limit == "fixed" else 2),
        big_bet=float(big_bet) if big_bet is not None else None, iterations=iteration, exploitability=measured,
        value=game_value(0), history=tuple(history), nodes=tuple(nodes), rows=(oop_rows, ip_rows), hole_size=k,
        weights=weights, values=(values[0], values[1]), strategies=strategies,
        seconds=time.perf_counter() - started, memory=job.memory)


def _solve_spot(spot: Mapping[str, Any]) -> RiverSolution:
    return solve_river(**spot)


def solve_rivers(spots: Iterable[Mapping[str, Any]], executor: Optional[Executor] = None) -> list[RiverSolution]:
    """Solve each spot (a mapping of ``solve_river``'s arguments) as a task on ``executor``
    (any ``concurrent.futures.Executor``, Dask's included; default: one after the other here),
    the solutions in the spots' order. On an executor a spot runs on one thread unless it says
    otherwise; ``progress`` stays here, so a spot may not carry one."""
    tasks = []
    for number, spot in enumerate(spots):
        if not isinstance(spot, Mapping):
            raise SolverError(f"spot {number} is {type(spot).__name__}: a spot is a mapping of solve_river's "
                              "arguments")
        if "progress" in spot:
            raise SolverError(f"spot {number} has a progress callback: solve_rivers runs spots as tasks")
        task = dict(spot)
        if executor is not None:
            task.setdefault("threads", 1)
        tasks.append(task)
    if executor is None:
        return [_solve_spot(task) for task in tasks]
    results: dict[int, RiverSolution] = {}
    numbered = list(enumerate(tasks))
    for batch in finished_batches(_solve_numbered, numbered, executor, "omaha8-solve"):
        for number, solution in batch:
            results[number] = solution
    return [results[number] for number in range(len(tasks))]


def _solve_numbered(task: tuple[int, Mapping[str, Any]]) -> tuple[int, RiverSolution]:
    number, spot = task
    return number, _solve_spot(spot)
