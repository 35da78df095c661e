"""The solver from any street: heads-up Omaha Hi-Lo spots on the flop, turn or river solved whole
by discounted CFR, every card dealt, card removal exact, the exploitability measured exactly.

The game is ``solve_river``'s, street by street (``streettree`` tells the betting): OOP acts
first on every street, a street that ends in check-check or a call deals the next card
uniformly from the cards in neither hand nor on the board, a fold gives the pot away, the river
ends in a showdown. A player's value is what it takes from the final pot less what it put in
from the start of the solved street, so the two values add up to the starting pot.

DCFR as ``solve_river`` runs it (alpha 1.5, beta 0, gamma 2, alternating updates), chance
nodes summed over their cards, each pair of hands its own cards left to deal. Best responses
over the whole tree, chance included, every CHECK_EVERY iterations and at the end. The engine
(``StreetJob``) keeps regrets and strategy sums as float32, 8 bytes per action and hand at each
decision, and works out the strategy a node plays when it visits it; each river board's hands
are sorted for the sweep once per solve and kept (a turn has at most 48 such boards, a flop
1,176), and the solution keeps the average strategies as float32 (4 bytes per action and hand;
with ``compression``, 16 bits: each probability times 65535, rounded).

Suit isomorphism: where two suits hold the same ranks on the board and both ranges (weights
included) are unchanged by swapping them, a chance node deals one card of each mirror pair, the
other's values read through the swap (a hand's value is its mirror image's); a path through a
mirror card reads the solved node with every hand renamed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import numbers
import os
import time
from array import array
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Optional, Union

from . import _engine
from .cards import (
    Card,
    CardError,
    CardsLike,
    check_unique,
    parse_cards,
    quoted,
    read_counted,
    whole_number,
)
from .exceptions import JobError, Omaha8Error, SolverError
from .jobs import read_spots, run_job, run_spots, shaped_rows, thread_count
from .reports import Report, deal_weights, hand_report
from .sizes import Rake, exploitability_of, raked_amounts, read_chips
from .solutionfile import (
    Blocks,
    check_save_path,
    header_fields,
    read_real,
    read_saved_values,
    read_saved_weights,
    read_solution_file,
    read_solve_fields,
    split_header,
    write_blocks,
)
from .spotinput import SideLike, check_rows, read_path, read_side, size_of, unit_weights
from .streettree import (
    CHANCE,
    IP,
    IP_FOLDED,
    KINDS,
    MAX_STREET_NODES,
    OOP,
    OOP_FOLDED,
    SHOWDOWN,
    StreetRules,
    StreetTree,
    TreeShape,
    actions_before_river,
    build_street_tree,
    read_street_rules,
    river_board_masks,
    tree_shape,
)
from .viewer import frame, write_page

__all__ = ["solve", "solve_many", "solve_estimate", "Solution", "SpotNode", "Estimate", "PLAYERS", "CHECK_EVERY"]

PLAYERS = ("oop", "ip")
# Iterations between measurements of the exploitability (each costs about two iterations).
CHECK_EVERY = 10
_MODES = {"update": 0, "best": 1, "value": 2}


_MAGIC = b"omaha8 solution 1\n"
_HEADER_KEYS = (
    "board",
    "pot",
    "stack",
    "limit",
    "bets",
    "raises",
    "max_raises",
    "small_bet",
    "big_bet",
    "iterations",
    "exploitability",
    "value",
    "history",
    "hole_size",
    "hands",
    "seconds",
    "memory",
    "swaps",
    "strategy_bits",
    "rake",
    "ip_value",
    "gains",
    "rivers",
    "state_iteration",
)
# A saved solution's bytes at most (a full turn's strategies take gigabytes, three times that
# with the regrets and sums to resume from).
MAX_SOLUTION_BYTES = 200 * 10**9
# Iterations a file may say were run (the engines count them in 64 bits).
MAX_ITERATIONS = 2**53


def _read_header(header: object) -> dict:
    """A file's header, read by the rules ``solve`` reads its arguments by."""
    if isinstance(header, dict):
        # Written before the suit isomorphism, 16-bit strategies and rake: every card solved,
        # float32, no rake.
        header = {
            "swaps": [],
            "strategy_bits": 32,
            "rake": None,
            "ip_value": None,
            "gains": None,
            "rivers": True,
            "state_iteration": None,
            **header,
        }
    header = header_fields(header, _HEADER_KEYS, "solve")
    swaps = header["swaps"]
    pair = lambda x: isinstance(x, list) and len(x) == 2 and all(type(v) is int for v in x)  # noqa: E731
    if not (isinstance(swaps, list) and all(pair(x) for x in swaps)):
        raise SolverError(f"swaps must be a list of pairs of suits, not {quoted(swaps)}")
    board = header["board"]
    if not isinstance(board, list) or not all(isinstance(card, str) for card in board):
        raise SolverError(f"board must be a list of card names, not {quoted(board)}")
    cards = _read_board(board)
    for name in ("bets", "raises", "max_raises"):
        if not isinstance(header[name], dict):
            raise SolverError(f"{name} must be a mapping by street, not {quoted(header[name])}")
    if header["limit"] == "fixed" and any(header["bets"].values()) | any(header["raises"].values()):
        raise SolverError("bets and raises are empty in fixed limit: every bet is small_bet or big_bet")
    rules = read_street_rules(
        len(cards),
        header["pot"],
        header["stack"],
        limit=header["limit"],
        bets=header["bets"],
        raises=header["raises"],
        max_raises=header["max_raises"],
        small_bet=header["small_bet"],
        big_bet=header["big_bet"],
        rake=header["rake"],
    )
    bits = header["strategy_bits"]
    if type(bits) is not int or bits not in (16, 32):
        raise SolverError(f"strategy_bits is 16 or 32, not {quoted(bits)}")
    fields = read_solve_fields(header, rules.pot, rules.stack)._asdict()
    if fields["iterations"] > MAX_ITERATIONS:
        raise SolverError(f"iterations {fields['iterations']:,} is more than any solve runs ({MAX_ITERATIONS:,})")
    gains = header["gains"]
    if gains is not None:
        most = 1 + 2 * rules.stack / rules.pot
        if not (isinstance(gains, list) and len(gains) == 2):
            raise SolverError(f"gains must be two numbers, OOP's and IP's, not {quoted(gains)}")
        gains = tuple(read_real(x, "gains") for x in gains)
        if not all(-1e-6 <= x <= most for x in gains):
            raise SolverError(f"gains {quoted(list(gains))} are not between 0 and the final pot's worth")
    rivers = header["rivers"]
    if not isinstance(rivers, bool) or (not rivers and len(cards) == 5):
        raise SolverError(f"rivers is true, or false for a flop or turn, not {quoted(rivers)}")
    state_iteration = header["state_iteration"]
    if state_iteration is not None and (
        type(state_iteration) is not int or state_iteration != fields["iterations"] or not rivers
    ):
        raise SolverError(
            f"state_iteration is null or the solve's iterations ({fields['iterations']}) with its rivers, "
            f"not {quoted(state_iteration)}"
        )
    return {
        "state_iteration": state_iteration,
        "rivers": rivers,
        "rules": rules,
        "board": cards,
        "swaps": tuple(tuple(x) for x in swaps),
        "bits": bits,
        "gains": gains,
        **fields,
    }


class Estimate(NamedTuple):
    """What a solve would take, worked out without solving."""

    nodes: int
    decisions: int
    """Decisions of both players."""
    elements: int
    """(action, hand) pairs summed over the decisions: each takes 8 bytes of regrets and sums."""
    bytes: int
    """The engine's bytes: what ``Solution.memory`` measures once solved."""
    river_boards: int
    hands: tuple[int, int]
    peak: int = 0
    """The most the solve holds at once: the engine, then (its regrets freed) the engine's sums
    beside the solution's strategies (float32, or 16 bits compressed) and the tree; what ``max_memory`` is held to."""


@dataclass(frozen=True)
class SpotNode:
    """One node of a solved spot's tree."""

    number: int
    path: tuple[str, ...]
    """The actions and dealt cards from the root, as ``Solution`` methods take them."""
    kind: str
    """"oop" or "ip" to act, "chance" to deal a card, "fold" or "showdown" to end the hand."""
    actions: tuple[str, ...]
    """At a decision, its actions; at a chance node, the cards it solves; () at the end."""
    board: tuple[Card, ...]
    pot: float
    """The chips in the middle."""
    oop_in: float
    """What OOP has put in since the start of the solved street."""
    ip_in: float
    folded: Optional[str] = None
    children: tuple[int, ...] = field(default=(), repr=False)
    mirrors: tuple[str, ...] = ()
    """At a chance node under suit isomorphism, the cards it deals as mirror images of those
    it solves (a path may name them; their strategies are the solved card's, suits swapped)."""


def _machine_memory() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # no sysconf: assume 8 GB
        return 8 * 10**9


class _Spot(NamedTuple):
    board: tuple[int, ...]
    rules: StreetRules
    shape: TreeShape
    rows: tuple[bytes, bytes]
    weights: tuple[array, array]
    hole_size: int
    estimate: Estimate
    swaps: tuple  # the suit swaps dealt cards are mirrored by (checks.SUIT_PAIRS)


def _read_board(board: object) -> list[int]:
    cards = read_counted(board, "board cards", (3, 4, 5))  # type: ignore[arg-type]
    check_unique(cards)
    return cards


def _alive_counts(rows: bytes, k: int, boards: list[int]) -> list[int]:
    """Per river board (its dealt cards as a mask), how many of the hands hold none of them."""
    masks = [sum(1 << c for c in rows[i * k : (i + 1) * k]) for i in range(len(rows) // k)]
    if not boards or boards == [0]:
        return [len(masks)] * len(boards)
    by_card = [0] * 52
    by_pair: dict[int, int] = {}
    for mask in masks:
        cards = [c for c in range(52) if mask >> c & 1]
        for c in cards:
            by_card[c] += 1
        for a in range(len(cards)):
            for b in range(a + 1, len(cards)):
                key = 1 << cards[a] | 1 << cards[b]
                by_pair[key] = by_pair.get(key, 0) + 1
    out = []
    for dead in boards:
        cards = [c for c in range(52) if dead >> c & 1]
        held = sum(by_card[c] for c in cards)
        if len(cards) == 2:
            held -= by_pair.get(dead, 0)
        out.append(len(masks) - held)
    return out


def _estimate(
    board: tuple[int, ...],
    shape: TreeShape,
    rows: tuple[bytes, bytes],
    k: int,
    compression: bool = False,
    swaps: tuple = (),
) -> Estimate:
    """The bytes a solve takes, counted as the engine counts its ``memory`` (the regrets and
    sums, each river board's sorted sides, the frontier's reaches and values, the workers'
    buffers, the tree), and the peak: the solution's strategies (float32, or 16 bits compressed) are copied out once the
    regrets are freed, beside the sums, and the tree's arrays are kept here."""
    n = (len(rows[0]) // k, len(rows[1]) // k)
    elements = shape.actions[0] * n[0] + shape.actions[1] * n[1]
    most = max(n)
    sub = (2**k - 2) * 4 if k != 4 else 0
    sides = 0
    if len(board) < 5 and shape.river_boards:
        boards = river_board_masks(board, swaps)
        for p in (0, 1):
            sides += sum(_alive_counts(rows[p], k, boards)) * (2 * k + 16 + 2 * sub + 17)
    stored = 4 * elements + 8 * shape.nodes if compression else 8 * elements
    engine = stored + sides + 8 * most * (2 * shape.splits + shape.frontier)
    engine += 2 * (16 * (1 << k) * 8 + 8 * most * (2 + (shape.depth + 2) * (2 * shape.widest + 6)))
    engine += shape.nodes * (9 * 4 + 3 * 8 + 8 + 8) + 4 * len(swaps) * (n[0] + n[1])
    tree = shape.nodes * (1 + 4 + 4 + 24 + 24 + 4 + 1)
    regrets = (2 if compression else 4) * elements
    copy = (2 if compression else 4) * elements  # the solution's strategies, 16 bits when compressed
    peak = max(engine, engine - regrets + copy) + tree
    decisions = shape.decisions[0] + shape.decisions[1]
    return Estimate(shape.nodes, decisions, elements, engine, shape.river_boards, n, peak)


def _read_spot(
    board: object,
    oop: SideLike,
    ip: SideLike,
    pot: object,
    stack: object,
    arguments: dict,
    compression: bool = False,
    isomorphism: bool = True,
) -> _Spot:
    cards = _read_board(board)
    rules = read_street_rules(len(cards), pot, stack, **arguments)
    shape = tree_shape(rules, len(cards))  # every card solved
    sizes = [size_of(side) for side in (oop, ip)]
    size = next((k for k in sizes if k is not None), 4)
    oop_rows, oop_weights, k = read_side(oop, "oop", cards, size)
    ip_rows, ip_weights, k_ip = read_side(ip, "ip", cards, size)
    if k != k_ip:
        raise SolverError(f"oop's hands have {k} cards and ip's {k_ip}: both must be the same size")
    if 2 * k + len(cards) > 52 - (5 - len(cards)):
        raise SolverError(f"{k}-card hands leave too few cards to deal this board's streets")
    rows = (oop_rows, ip_rows)
    weights = (oop_weights, ip_weights)
    swaps = _engine.symmetric_swaps(bytes(cards), rows, weights, k) if isomorphism and len(cards) < 5 else ()
    if swaps and shape.nodes <= 24 * MAX_STREET_NODES:  # 24 renamings of suits: past that, too big anyway
        shape = tree_shape(rules, tuple(cards), swaps)
    if shape.nodes > MAX_STREET_NODES:
        raise SolverError(
            f"the tree would have {shape.nodes:,} nodes (at most {MAX_STREET_NODES:,}): fewer sizes or raises"
        )
    estimate = _estimate(tuple(cards), shape, rows, k, compression, swaps)
    return _Spot(tuple(cards), rules, shape, rows, weights, k, estimate, swaps)


_TREE_ARGUMENTS = ("limit", "bets", "raises", "max_raises", "small_bet", "big_bet", "rake")


def _tree_arguments(*values: object) -> dict:
    """The rules' arguments (_TREE_ARGUMENTS, in that order) as read_street_rules takes them."""
    return dict(zip(_TREE_ARGUMENTS, values))


# The nodes whose pot somebody wins: the rake comes off theirs.
_RAKED = (OOP_FOLDED, IP_FOLDED, SHOWDOWN)


def _engine_amounts(tree: StreetTree) -> array:
    """The engine's amounts of ``tree``: its units, the rake taken from every pot won."""
    return raked_amounts(tree.kind, tree.units, _RAKED, tree.rules.rake, tree.rules.pot)


def solve_estimate(
    board: CardsLike,
    oop: SideLike,
    ip: SideLike,
    pot: float,
    stack: float,
    *,
    limit: str = "pot",
    bets: Any = (0.5, 1.0),
    raises: Any = (1.0,),
    max_raises: Any = None,
    small_bet: Optional[float] = None,
    big_bet: Optional[float] = None,
    rake: Any = None,
    **ignored: Any,
) -> Estimate:
    """What ``solve`` with these arguments would take, without solving: the tree's nodes and
    decisions, the (action, hand) elements, the engine's bytes and the peak of the process.
    ``solve``'s other arguments are taken and not read, so one mapping of arguments serves both."""
    unknown = set(ignored) - {
        "isomorphism",
        "compression",
        "max_memory",
        "iterations",
        "exploitability",
        "threads",
        "progress",
        "locks",
    }
    if unknown:
        raise SolverError(f"solve_estimate: {quoted(sorted(unknown)[0])} is no argument of solve")
    compression = ignored.get("compression", False)
    isomorphism = ignored.get("isomorphism", True)
    for name, value in (("compression", compression), ("isomorphism", isomorphism)):
        if not isinstance(value, bool):
            raise SolverError(f"{name} is True or False, not {quoted(value)}")
    arguments = _tree_arguments(limit, bets, raises, max_raises, small_bet, big_bet, rake)
    return _read_spot(board, oop, ip, pot, stack, arguments, compression, isomorphism).estimate


def _read_locks(locks: object, tree: StreetTree, rows: tuple[bytes, bytes], k: int) -> list[tuple[int, array]]:
    """``solve``'s ``locks`` read on ``tree``: per locked decision its node and the strategy its
    player's hands play there, [action][hand] (NaN for a hand left free), each hand's
    frequencies checked and scaled to add up to 1."""
    if locks is None:
        return []
    if not isinstance(locks, Mapping):
        raise SolverError(f"locks is a mapping {{path: strategy}}, not {quoted(locks)}")
    out: dict[int, array] = {}
    for path, given in locks.items():
        node = _walk_tree(tree, path)[0]
        if tree.kind[node] not in (OOP, IP):
            raise SolverError(f"locks: {path!r} is a {KINDS[tree.kind[node]]} node, not a decision")
        if node in out:
            raise SolverError(f"locks: {path!r} is locked twice")
        p = tree.kind[node]
        names = [tree.name(c) for c in tree.children(node)]
        out[node] = _lock_of(given, names, rows[p], k, f"locks[{path!r}]")
    return sorted(out.items())


def _lock_of(given: object, names: list[str], rows: bytes, k: int, where: str) -> array:
    """One node's lock: ``{action: frequency}`` for every hand, ``{action: [one per hand]}``
    (a hand whose every frequency is NaN left free), or ``{hand (its text or index): {action:
    frequency}}`` for some."""
    if not isinstance(given, Mapping) or not given:
        raise SolverError(f"{where} is a mapping of actions or of hands, not {quoted(given)}")
    n = len(rows) // k
    per_hand: dict[int, object] = {}
    if all(isinstance(key, str) and key in names for key in given):
        if all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in given.values()):
            per_hand = dict.fromkeys(range(n), given)
        else:
            for action, column in given.items():
                if isinstance(column, (str, bytes, Mapping)) or not isinstance(column, Iterable):
                    raise SolverError(f"{where}[{action!r}] is one frequency or one per hand, not {quoted(column)}")
                column = list(column)
                if len(column) != n:
                    raise SolverError(f"{where}[{action!r}] has {len(column):,} frequencies, not one per hand ({n:,})")
            columns = {a: list(c) for a, c in given.items()}
            for i in range(n):
                frequencies = {a: c[i] for a, c in columns.items()}
                # All NaN: a hand left free (a solution's strategies give NaN where a hand is dead).
                if not all(isinstance(x, float) and math.isnan(x) for x in frequencies.values()):
                    per_hand[i] = frequencies
    else:
        index = {bytes(sorted(rows[i * k : (i + 1) * k])): i for i in range(n)}
        for key, chosen in given.items():
            per_hand[_lock_hand(key, index, n, where)] = chosen
    flat = array("d", [math.nan]) * (len(names) * n)
    for i, chosen in per_hand.items():
        row = _lock_row(chosen, names, f"{where} (hand {i})")
        for a, x in enumerate(row):
            flat[a * n + i] = x
    return flat


def _lock_hand(key: object, index: dict, n: int, where: str) -> int:
    """A locked hand: its index among the player's hands, or its text."""
    if isinstance(key, numbers.Integral) and not isinstance(key, bool):
        if not 0 <= int(key) < n:
            raise SolverError(f"{where}: hand {key} is not one of the player's {n:,} hands")
        return int(key)
    try:
        cards = parse_cards(key)  # type: ignore[arg-type]
    except (CardError, TypeError):
        raise SolverError(f"{where}: {quoted(key)} is neither an action nor a hand") from None
    found = index.get(bytes(sorted(int(c) for c in cards)))
    if found is None:
        raise SolverError(f"{where}: {quoted(key)} is not a hand of the player's range on this board")
    return found


def _lock_row(frequencies: object, names: list[str], where: str) -> list[float]:
    """A hand's locked frequencies over ``names`` (an action left out: 0), scaled to add up to 1."""
    if not isinstance(frequencies, Mapping):
        raise SolverError(f"{where} is a mapping {{action: frequency}}, not {quoted(frequencies)}")
    row = [0.0] * len(names)
    for action, x in frequencies.items():
        if action not in names:
            raise SolverError(f"{where}: {quoted(action)} is not an action here (the actions are {tuple(names)!r})")
        if isinstance(x, bool) or not isinstance(x, numbers.Real) or not 0 <= x <= 1:  # type: ignore[operator]  # exact: 10**400 too
            raise SolverError(f"{where}: {action!r}'s frequency {quoted(x)} is not a number from 0 to 1")
        row[names.index(action)] = float(x)
    total = math.fsum(row)
    if abs(total - 1.0) > 1e-6:
        raise SolverError(f"{where}: the frequencies add up to {total!r}, not 1")
    return [x / total for x in row]


def _read_options(
    isomorphism: object,
    compression: object,
    max_memory: object,
    iterations: object,
    exploitability: object,
    threads: object,
    progress: object,
) -> tuple[int, int, float, int]:
    for name, value in (("isomorphism", isomorphism), ("compression", compression)):
        if not isinstance(value, bool):
            raise SolverError(f"{name} is True or False, not {quoted(value)}")
    if progress is not None and not callable(progress):
        raise SolverError(f"progress must be a function of (iteration, exploitability) or None, not {quoted(progress)}")
    if max_memory is None:
        most = _machine_memory() * 4 // 5
    else:
        most = whole_number(max_memory, "max_memory", 1, None, SolverError)
    rounds = whole_number(iterations, "iterations", 1, None, SolverError)
    target = read_chips(exploitability, "exploitability", False)
    workers = min(thread_count(threads, SolverError), 2)
    return most, rounds, target, workers


def solve(
    board: CardsLike,
    oop: SideLike,
    ip: SideLike,
    pot: float,
    stack: float,
    *,
    limit: str = "pot",
    bets: Any = (0.5, 1.0),
    raises: Any = (1.0,),
    max_raises: Any = None,
    small_bet: Optional[float] = None,
    big_bet: Optional[float] = None,
    rake: Any = None,
    locks: Optional[Mapping] = None,
    isomorphism: bool = True,
    compression: bool = False,
    resumable: bool = False,
    max_memory: Optional[int] = None,
    iterations: int = 1000,
    exploitability: float = 0.005,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, float], object]] = None,
) -> "Solution":
    """Solve a heads-up spot from the flop, turn or river (see the module's words).

    ``board``: three, four or five cards. ``oop``, ``ip``: a Range, a range expression, or a
    uint8 (n, k) buffer of hands, alone or as ``(buffer, weights)``. ``pot``, ``stack``: as
    ``solve_river``'s. ``bets``, ``raises``: pot fractions for every street, or a mapping by
    street (``{"turn": (0.5, 1.0), "river": (0.75,)}``; a street left out has none);
    ``max_raises``: raises per street, a count or a mapping (default 2, 3 in fixed limit).
    Fixed limit: ``small_bet`` on the flop, ``big_bet`` on the turn and river. ``rake``: None,
    a pot fraction, or ``(fraction, cap)`` (cap in chips, None for none): ``min(fraction * the
    final pot, cap)`` comes off every pot won, at a showdown or a fold, so the values are what
    each player takes after it and no longer add up to the pot; the exploitability is then each
    player's best-response gain over its value, averaged (with no rake the same number).
    ``locks``: ``{path: strategy}`` fixes the acting player's strategy at the decision
    ``path``, as ``{action: frequency}`` for every hand, ``{action: [a frequency per hand]}``
    (in ``Solution.hands``' order: the range's hands on the board), or ``{hand (its text or
    index): {action: frequency}}`` for some hands, the rest left free; every other node is
    solved against it, a best response does not move the locked hands, and ``gains`` gives
    each player's. Locks solve every card (no isomorphism: a lock need not be symmetric).

    Runs DCFR until the exploitability (a fraction of the pot, measured every CHECK_EVERY
    iterations and at the end) is at most ``exploitability``, or ``iterations`` are run;
    ``progress(iteration, exploitability)`` hears of each measurement. ``threads``: 1 or 2 (the
    answer is the same bits either way). A spot whose estimate (``solve_estimate``) is over
    ``max_memory`` bytes (default: 80% of the machine's memory) is refused before any work.
    ``compression=True`` stores regrets and sums in 16 bits with a float32 scale per node and
    array (4 bytes an action and hand, half of float32's). ``isomorphism``: where two suits
    are the same on the board and both ranges (weights included) are unchanged by swapping
    them, deal one card of each mirror pair and read the other's values through the swap (the
    same game; ``False`` solves every card). ``resumable=True`` keeps the solve's regrets and
    sums in the solution (as many bytes again as the engine's), so that ``Solution.resume``
    goes on with DCFR where it stopped, bit for bit as one longer solve, and ``save(path,
    resume=True)`` writes them (not with ``locks``).
    """
    return _solve(
        board,
        oop,
        ip,
        pot,
        stack,
        (limit, bets, raises, max_raises, small_bet, big_bet, rake),
        locks,
        (isomorphism, compression, max_memory, iterations, exploitability, threads, progress),
        resumable,
        None,
    )


class _State(NamedTuple):
    """A solve's DCFR state, to resume it from: after ``iteration`` iterations, each player's
    (regrets, strategy sums) as the engine keeps them, and a compressed solve's scales."""

    iteration: int
    players: tuple[tuple[bytes, bytes], tuple[bytes, bytes]]
    scales: tuple[bytes, bytes]


def _solve(
    board: CardsLike,
    oop: SideLike,
    ip: SideLike,
    pot: float,
    stack: float,
    tree_options: tuple,
    locks: Optional[Mapping],
    options: tuple,
    resumable: bool,
    resumed: Optional["Solution"],
) -> "Solution":
    """``solve``, or (``resumed``) ``Solution.resume``: the spot read, the engine's job made
    (from ``resumed``'s state), DCFR run, the solution made."""
    started = time.perf_counter()
    isomorphism, compression, progress = options[0], options[1], options[6]
    most, rounds, target, workers = _read_options(*options)
    if not isinstance(resumable, bool):
        raise SolverError(f"resumable is True or False, not {quoted(resumable)}")
    spot, tree, locked = _spot_to_solve(
        (board, oop, ip, pot, stack), _tree_arguments(*tree_options), locks, isomorphism, compression, resumable, most
    )
    if resumed is not None and (
        spot.rows != resumed.rows
        or any(a.tobytes() != b.tobytes() for a, b in zip(spot.weights, resumed.weights))
        or (tree.kind, tree.count, tree.swaps) != (resumed._tree.kind, resumed._tree.count, resumed._tree.swaps)
    ):
        raise SolverError("the solution's spot, read again, is not the spot its state is of")
    scaled = (unit_weights(spot.weights[0]), unit_weights(spot.weights[1]))
    job = _engine.ENGINE.StreetJob(
        bytes(spot.board),
        spot.rows[0],
        spot.rows[1],
        spot.hole_size,
        scaled[0].tobytes(),
        scaled[1].tobytes(),
        tree.kind,
        tree.first,
        tree.count,
        _engine_amounts(tree),
        array("i", tree.card),
        compression,
        spot.swaps,
    )
    for node, strategy in locked:
        job.lock_strategy(node, strategy.tobytes())
    history: list[tuple[int, float]] = []
    if resumed is not None:
        history = _load_state(job, resumed, rounds)
        started -= resumed.seconds
    run = _Run(job, workers, scaled, spot.rules.rake.taken)
    while job.iteration < rounds:
        iteration = job.iteration + 1
        run.phase(0, iteration, 0)
        run.phase(0, iteration, 1)
        if iteration % CHECK_EVERY == 0 or iteration == rounds:
            measured = run.exploitability()
            history.append((iteration, measured))
            if progress is not None:
                progress(iteration, measured)
            if measured <= target:
                break
    if not all(math.isfinite(x) for _, x in history):
        # Only a crafted state (finite numbers near float32's top) can overflow the sums.
        raise SolverError("the solve's numbers overflowed (a resumed state out of any solve's range)")
    values = []
    for player in (0, 1):
        run.phase(2, 0, player)
        root = job.root(player)
        chips = [v / o * spot.rules.pot if o > 0 else math.nan for v, o in zip(root, run.opponent[player])]
        values.append(array("d", chips))
    value = run.value(0) * spot.rules.pot
    memory = job.memory
    kept = _State(job.iteration, (job.state(0), job.state(1)), job.scales()) if resumable else None
    job.release_regrets()  # before the strategies are copied out: the peak is the solve's
    # Compressed, the strategies are kept in 16 bits as well: half the bytes beside the sums.
    bits = 16 if compression else 32
    averages = (job.averages(0, bits), job.averages(1, bits))
    rules = spot.rules
    return Solution(
        board=tuple(Card(c) for c in spot.board),
        pot=rules.pot,
        stack=rules.stack,
        limit=rules.limit,
        bets=dict(rules.bets),
        raises=dict(rules.raises),
        max_raises=dict(rules.max_raises),
        small_bet=rules.small_bet,
        big_bet=rules.big_bet,
        rake=rules.rake,
        iterations=history[-1][0],
        exploitability=history[-1][1],
        value=value,
        ip_value=run.value(1) * spot.rules.pot,
        gains=(run.best[0] - run.value(0), run.best[1] - run.value(1)),
        history=tuple(history),
        rows=spot.rows,
        hole_size=spot.hole_size,
        weights=spot.weights,
        values=(values[0], values[1]),
        seconds=time.perf_counter() - started,
        memory=memory,
        _tree=tree,
        _averages=averages,
        _state=kept,
    )


def _spot_to_solve(
    given: tuple, arguments: dict, locks: object, isomorphism: bool, compression: bool, resumable: bool, most: int
) -> tuple[_Spot, StreetTree, list[tuple[int, array]]]:
    """The spot read, refused over ``most`` bytes, its tree built and its locks read."""
    if locks is not None and not isinstance(locks, Mapping):
        raise SolverError(f"locks is a mapping {{path: strategy}}, not {quoted(locks)}")
    if locks and resumable:
        raise SolverError("a locked solve is not resumable: its locks are not kept with its state")
    if locks:
        isomorphism = False  # a lock (by hand above all) need not be the same under a suit swap
    board, oop, ip, pot, stack = given
    spot = _read_spot(board, oop, ip, pot, stack, arguments, compression, isomorphism)
    # A resumable solve keeps its regrets and sums beside the solution: the engine's bytes again.
    peak = spot.estimate.peak + (spot.estimate.bytes if resumable else 0)
    if peak > most:
        e = spot.estimate
        raise SolverError(
            f"this spot would take about {peak / 1e9:.2f} GB ({e.elements:,} action-hand elements over "
            f"{e.decisions:,} decisions, {e.hands[0]:,} and {e.hands[1]:,} hands), more than max_memory "
            f"{most / 1e9:.2f} GB: fewer sizes, fewer hands, or compression"
        )
    tree = build_street_tree(spot.board, spot.rules, spot.swaps)
    return spot, tree, _read_locks(locks, tree, spot.rows, spot.hole_size)


def _load_state(job: Any, resumed: "Solution", rounds: int) -> list[tuple[int, float]]:
    """Put ``resumed``'s DCFR state into ``job``; its history, which the solve goes on with."""
    state = resumed._state
    assert state is not None
    if rounds <= state.iteration:
        raise SolverError(f"iterations {rounds:,} must be more than the {state.iteration:,} already run")
    try:
        job.load_state(state.iteration, *state.players[0], *state.players[1], *state.scales)
    except JobError as error:
        raise SolverError(f"its state: {error}") from None
    return list(resumed.history)


class _Run:
    """A solve's phases on its engine job, and the values and exploitability they give."""

    def __init__(self, job: Any, workers: int, scaled: tuple[array, array], raked: bool) -> None:
        self.job, self.workers, self.scaled, self.raked = job, workers, scaled, raked
        self.opponent = job.opponent_weights
        self.deals = math.fsum(w * o for w, o in zip(scaled[0], self.opponent[0]))
        if not self.deals > 0:
            raise SolverError("no hand of oop's range can be dealt against a hand of ip's on this board")
        self.best = [math.nan, math.nan]  # the last best responses measured, for the gains

    def phase(self, mode: int, iteration: int, player: int) -> None:
        self.job.begin(mode, iteration, player)
        run_job(self.job, self.workers)

    def value(self, player: int) -> float:
        """The player's value (a fraction of the pot) in the phase it last ran."""
        return math.fsum(w * v for w, v in zip(self.scaled[player], self.job.root(player))) / self.deals

    def exploitability(self) -> float:
        """Each player's best-response gain over its value, averaged; with no rake the values
        add up to the pot and are not walked for."""
        values = None
        if self.raked:
            self.phase(2, 0, 0)
            own = self.value(0)
            self.phase(2, 0, 1)
            values = (own, self.value(1))
        self.phase(1, 0, 0)
        self.best[0] = self.value(0)
        self.phase(1, 0, 1)
        self.best[1] = self.value(1)
        return exploitability_of((self.best[0], self.best[1]), values)


def _check_spot(arguments: dict) -> None:
    """A spot of solve_many: its arguments but the ranges read, as solve reads them."""
    _read_options(*(arguments[name] for name in _OPTIONS))
    if not isinstance(arguments["resumable"], bool):
        raise SolverError(f"resumable is True or False, not {quoted(arguments['resumable'])}")
    if arguments["resumable"] and isinstance(arguments["locks"], Mapping) and arguments["locks"]:
        raise SolverError("a locked solve is not resumable: its locks are not kept with its state")
    cards = _read_board(arguments["board"])
    read_street_rules(
        len(cards),
        arguments["pot"],
        arguments["stack"],
        **{name: arguments[name] for name in _TREE_ARGUMENTS},
    )


_OPTIONS = ("isomorphism", "compression", "max_memory", "iterations", "exploitability", "threads", "progress")


def solve_many(
    spots: Iterable[Mapping[str, Any]],
    executor: Optional[Executor] = None,
    *,
    folder: Union[str, os.PathLike, None] = None,
) -> list["Solution"]:
    """Solve each spot (a mapping of ``solve``'s arguments, on any street) as a task on
    ``executor`` (any ``concurrent.futures.Executor``, Dask's included; default: one after the
    other here), the solutions in the spots' order. On an executor a spot runs on one thread
    unless it says otherwise; a spot may not carry ``progress``. Every spot's arguments but its
    ranges (and locks) are checked before any spot is solved.

    ``folder`` (made if missing): each solution is saved there as soon as it is solved, as
    ``spot-NNNNN-DIGEST.omaha8`` (its number, and a digest of its arguments but ``threads``),
    and a spot whose file is there already is loaded, not solved: a run killed part way
    resumes where it stopped, and a spot changed since is solved again."""
    tasks = read_spots(spots, solve, _check_spot, executor, SolverError)
    if folder is None:
        return run_spots(solve, tasks, executor, "omaha8-solve")
    paths = _spot_files(folder, tasks)
    known: dict[int, Solution] = {}
    for number, path in enumerate(paths):
        # A file cut short or damaged is solved again, and saved over.
        with contextlib.suppress(SolverError):
            if path.is_file():
                known[number] = Solution.load(path)
    return run_spots(
        solve, tasks, executor, "omaha8-solve", known, lambda number, solution: solution.save(paths[number])
    )


def _spot_files(folder: object, tasks: list[dict]) -> list[Path]:
    """Each spot's file in ``folder``, which is made if it is missing."""
    if not isinstance(folder, (str, os.PathLike)) or not os.fspath(folder):
        raise SolverError(f"folder is a folder's path, not {quoted(folder)}")
    directory = Path(folder)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SolverError(f"folder {str(directory)!r}: {error.strerror or error}") from None
    return [directory / f"spot-{number:05d}-{_digest(task)}.omaha8" for number, task in enumerate(tasks)]


def _digest(task: dict) -> str:
    """A spot's arguments but ``threads`` (which change no answer), as 16 hex digits."""
    described = {key: _described(value) for key, value in sorted(task.items()) if key != "threads"}
    text = json.dumps(described, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _described(value: object) -> object:
    """An argument as JSON can hold it, the same for the same spot: a range by its expression,
    a buffer of hands or weights by its bytes' digest."""
    if hasattr(value, "expression") and hasattr(value, "hole_size"):  # a Range
        return ["range", str(value.expression), value.hole_size]
    if isinstance(value, Mapping):
        return [[_described(key), _described(item)] for key, item in value.items()]
    if isinstance(value, (list, tuple)):
        return [_described(item) for item in value]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    try:
        # Any buffer (bytes, array, memoryview, a numpy array) by its layout and every byte:
        # a repr would shorten a large array, and two arrays would share a file.
        view = memoryview(value)  # type: ignore[arg-type]
    except TypeError:
        return repr(value)
    data = hashlib.sha256(view.tobytes()).hexdigest()
    return ["buffer", view.format, list(view.shape or ()), data]


def _walk_tree(tree: StreetTree, path: object) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The solved node at ``path`` (actions, and at a chance node the card dealt) in ``tree``;
    the swaps (indices into the tree's) that rename the path's cards to its, in the order they
    apply; the cards the path deals."""
    at = 0
    walked: list[str] = []
    applied: list[int] = []
    cards: list[int] = []
    for step in read_path(path):  # type: ignore[arg-type]
        children = tree.children(at)
        if tree.kind[at] == CHANCE:
            card = _card_of(step, walked)
            cards.append(card)
            renamed = 1 << card
            for j in applied:
                renamed = _engine.swap_suits(renamed, *tree.swaps[j])
            found = [c for c in children if 1 << tree.card[c] == renamed]
            for c in children if not found else ():
                for j, (a, b) in enumerate(tree.swaps):
                    if tree.mirrors[c] >> j & 1 and _engine.swap_suits(1 << tree.card[c], a, b) == renamed:
                        found.append(c)
                        applied.append(j)
            if not found:
                raise SolverError(f"after {tuple(walked)!r} the card {quoted(step)} cannot come (it is dealt)")
            at = found[0]
        else:
            names = [tree.name(c) for c in children]
            if not isinstance(step, str) or step not in names:
                raise SolverError(f"after {tuple(walked)!r} the actions are {tuple(names)!r}, not {quoted(step)}")
            at = children[names.index(step)]
        walked.append(step)
    return at, tuple(applied), tuple(cards)


def _read_state(blocks: Blocks, read: dict, sizes: tuple[int, int], nodes: int, width: int) -> _State:
    """A file's DCFR state, each player's regrets and sums (and a compressed solve's scales)
    checked as the engine loads them."""
    players = [(blocks.take(width * sizes[p]), blocks.take(width * sizes[p])) for p in (0, 1)]
    scales = (blocks.take(4 * nodes), blocks.take(4 * nodes)) if width == 2 else (b"", b"")
    bits = 8 * width
    try:
        for p in (0, 1):
            given = scales if p == 0 else (b"", b"")
            _engine.ENGINE.check_state(*players[p], *given, sizes[p], nodes if p == 0 and width == 2 else 0, bits)
    except JobError as error:
        raise SolverError(f"{PLAYERS[p]}'s state: {error}") from None
    return _State(read["state_iteration"], (players[0], players[1]), scales)


def _streets_deep(tree: StreetTree) -> array:
    """Per node: the cards dealt on the way to it (0 on the solved street, the river's count
    on the river)."""
    deep = array("b", bytes(tree.nodes))
    for node in range(tree.nodes):  # breadth first: a parent before its children
        below = deep[node] + (tree.kind[node] == CHANCE)
        for child in tree.children(node):
            deep[child] = below
    return deep


def _card_of(step: object, walked: list) -> int:
    if isinstance(step, Card):
        return int(step)
    words = f"after {tuple(walked)!r} a card is dealt: a card's name such as '7c', not {quoted(step)}"
    if not isinstance(step, str):
        raise SolverError(words)
    try:
        cards = parse_cards(step)
    except CardError:
        raise SolverError(words) from None
    if len(cards) != 1:
        raise SolverError(f"after {tuple(walked)!r} one card is dealt, not {quoted(step)}")
    return int(cards[0])


@dataclass
class Solution:
    """A solved spot from any street: the average strategies of DCFR, the values, the
    exploitability. Paths are actions and dealt cards from the root, such as
    ``("check", "bet 1.0", "call", "7c", "check")``."""

    board: tuple[Card, ...]
    pot: float
    stack: float
    limit: str
    bets: dict
    """Per street: the pot fractions a player may bet (() in fixed limit)."""
    raises: dict
    max_raises: dict
    small_bet: Optional[float]
    big_bet: Optional[float]
    rake: Rake
    """What comes off every pot won (Rake(0.0, None): none)."""
    iterations: int
    exploitability: float
    """Each player's best-response gain over its value, averaged, as a fraction of the pot
    (with no rake: (OOP's best-response value against IP + IP's against OOP - pot) / 2 / pot)."""
    value: float
    """OOP's expected chips from the final pot (after the rake) less what OOP put in from the start."""
    ip_value: float
    """IP's (with no rake, the pot less OOP's)."""
    gains: Optional[tuple[float, float]]
    """Each player's best-response gain over its value at the end, a fraction of the pot (a
    locked player's best response leaving its locked hands as they are); their mean is the
    exploitability. None in files written before them."""
    history: tuple[tuple[int, float], ...]
    rows: tuple[bytes, bytes] = field(repr=False)
    hole_size: int = field(repr=False)
    weights: tuple[array, array] = field(repr=False)
    values: tuple[array, array] = field(repr=False)
    """Per player, per hand: its expected chips at the root (NaN for a hand no opponent can be
    dealt against)."""
    seconds: float = 0.0
    memory: int = 0
    """The engine's bytes for the solve."""
    rivers: bool = True
    """Whether it holds the strategies of its river decisions: a flop or turn solution loaded
    from a file saved with ``rivers=False`` has its earlier streets' only (and no EVs below the
    root, which need the rivers)."""
    _tree: StreetTree = field(default=None, repr=False)  # type: ignore[assignment]
    _averages: tuple[array, array] = field(default=None, repr=False)  # type: ignore[assignment]
    _offsets: Optional[dict] = field(default=None, repr=False)
    _parents: Optional[array] = field(default=None, repr=False)
    _engine_job: Any = field(default=None, repr=False)
    _swapped: Optional[dict] = field(default=None, repr=False)
    _last_valued: Optional[tuple] = field(default=None, repr=False)
    _state: Optional[_State] = field(default=None, repr=False)

    # ---------------------------------------------------------------- files

    @staticmethod
    def check_save_path(path: Union[str, os.PathLike]) -> Path:
        """What ``save(path)`` checks before it writes, for a caller to check before a long
        solve; else a SolverError naming ``path``."""
        return check_save_path(path)

    @property
    def resumable(self) -> bool:
        """Whether it keeps its solve's regrets and sums (``solve(..., resumable=True)``, or a
        file saved with ``resume=True``), so that ``resume`` can go on with DCFR."""
        return self._state is not None

    def resume(
        self,
        iterations: int = 1000,
        exploitability: float = 0.005,
        *,
        threads: Optional[int] = None,
        progress: Optional[Callable[[int, float], object]] = None,
        max_memory: Optional[int] = None,
    ) -> "Solution":
        """Go on with DCFR from where this solution's solve stopped, to ``iterations`` in all
        (more than its ``iterations``) or until the exploitability is at most
        ``exploitability``: the same bits as one solve run that far (its history goes on
        from this one's). The answer is resumable again."""
        if self._state is None:
            raise SolverError(
                "this solution keeps no regrets to resume from: solve(..., resumable=True), "
                "or a file saved with resume=True"
            )
        return _solve(
            self.board,
            (self.hands("oop"), self.weights[0]),
            (self.hands("ip"), self.weights[1]),
            self.pot,
            self.stack,
            (self.limit, self.bets, self.raises, self.max_raises, self.small_bet, self.big_bet, self.rake),
            None,
            (bool(self._tree.swaps), self._bits == 16, max_memory, iterations, exploitability, threads, progress),
            True,
            self,
        )

    def save(self, path: Union[str, os.PathLike], *, rivers: bool = True, resume: bool = False) -> None:
        """Write the solution to one file: the average strategies only (as float32, 4 bytes an
        action and hand, or 16 bits when it was solved with ``compression``), not the solve's
        regrets; ``Solution.load`` reads it back exactly. ``rivers=False`` (a flop or turn
        solution) leaves out the river decisions' strategies, nearly all of a turn's bytes: the
        file loads with the earlier streets' strategies, the root's values and no EVs below the
        root. ``resume=True`` writes the solve's regrets and sums too (a resumable solution's:
        ``Solution.load`` of the file can ``resume``), as many bytes again as the solve's engine.
        The bytes go to a new file beside it, renamed over ``path`` once whole: a failure
        leaves ``path`` as it was."""
        for name, value in (("rivers", rivers), ("resume", resume)):
            if not isinstance(value, bool):
                raise SolverError(f"{name} is True or False, not {quoted(value)}")
        if resume and (self._state is None or not rivers):
            raise SolverError(
                "resume=True saves the regrets of a resumable solution (solve(..., resumable=True)), rivers and all"
            )
        if not rivers and len(self.board) == 5:
            raise SolverError("a river solution's strategies are all on the river: save it with rivers=True")
        if rivers and not self.rivers:
            raise SolverError("this solution holds no river strategies (its file left them out): rivers=False")
        target = check_save_path(path)
        header = {
            "board": [str(c) for c in self.board],
            "pot": self.pot,
            "stack": self.stack,
            "limit": self.limit,
            "bets": {street: list(sizes) for street, sizes in self.bets.items()},
            "raises": {street: list(sizes) for street, sizes in self.raises.items()},
            "max_raises": dict(self.max_raises),
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "iterations": self.iterations,
            "exploitability": self.exploitability,
            "value": self.value,
            "history": [list(h) for h in self.history],
            "hole_size": self.hole_size,
            "hands": [self._count(0), self._count(1)],
            "seconds": self.seconds,
            "memory": self.memory,
            "swaps": [list(pair) for pair in self._tree.swaps],
            "strategy_bits": self._bits,
            "rake": self.rake.as_list(),
            "ip_value": self.ip_value,
            "gains": None if self.gains is None else list(self.gains),
            "rivers": rivers,
            "state_iteration": self._state.iteration if resume and self._state is not None else None,
        }
        text = json.dumps(header, allow_nan=False).encode()
        blocks = [_MAGIC, len(text).to_bytes(8, "little"), text, self.rows[0], self.rows[1]]
        blocks += [a.tobytes() for a in self.weights + self.values]
        for p in (0, 1):
            if rivers == self.rivers:
                blocks.append(self._averages[p].tobytes())
                continue
            for node in self._kept(p, rivers):  # the decisions before the river, in order
                start, size = self._offset(node), self._tree.count[node] * self._count(p)
                blocks.append(self._averages[p][start : start + size].tobytes())
        if resume and self._state is not None:
            blocks += [*self._state.players[0], *self._state.players[1], *self._state.scales]
        write_blocks(target, path, blocks)

    def _kept(self, p: int, rivers: bool) -> list[int]:
        """p's decisions whose strategies a solution (or its file) holds, in node order: every
        one, or (``rivers`` False) those before the river."""
        tree = self._tree
        last = len(tree.rules.streets) - 1
        deep = _streets_deep(tree)
        return [node for node in range(tree.nodes) if tree.kind[node] == p and (rivers or deep[node] < last)]

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "Solution":
        """A solution ``save`` wrote, checked as ``solve`` checks its arguments (the header's
        fields by the same rules, the tree counted before it is built, the hands, weights,
        values and strategies what a solve makes); anything else is a SolverError naming the
        file."""
        data = read_solution_file(path, MAX_SOLUTION_BYTES)
        try:
            return cls._from_bytes(data)
        except Omaha8Error as error:
            raise SolverError(f"{path}: not a solution omaha8 saved ({error})") from None

    @classmethod
    def _from_bytes(cls, data: bytes) -> "Solution":
        header, at = split_header(data, _MAGIC)
        read = _read_header(header)
        rules, board, k, n, swaps = read["rules"], read["board"], read["hole_size"], read["hands"], read["swaps"]
        alike = _engine.symmetric_swaps(bytes(board), (b"", b""), ((), ()), k)  # the board's alone
        if not set(swaps) <= set(alike):
            raise SolverError(f"its swaps {quoted(swaps)} are not of suits its board holds alike")
        shape = tree_shape(rules, len(board))
        if swaps and shape.nodes <= 24 * MAX_STREET_NODES:
            shape = tree_shape(rules, tuple(board), swaps)
        if shape.nodes > MAX_STREET_NODES:
            raise SolverError(f"its tree would have {shape.nodes:,} nodes (at most {MAX_STREET_NODES:,})")
        width = read["bits"] // 8
        # The file's size, counted before the tree is built: the hands, weights and values, the
        # strategies (without its rivers, those before the river), the state to resume from.
        kept = shape.actions
        if not read["rivers"]:
            kept = actions_before_river(rules, tuple(board) if swaps else len(board), swaps)
        need = (n[0] + n[1]) * (k + 16) + width * (kept[0] * n[0] + kept[1] * n[1])
        if read["state_iteration"] is not None:
            need += 2 * width * (shape.actions[0] * n[0] + shape.actions[1] * n[1])
            need += 8 * shape.nodes if width == 2 else 0  # compressed: two float32 scales a node
        if need != len(data) - at:
            raise SolverError("it is cut short" if need > len(data) - at else "it has bytes past its end")
        blocks = Blocks(data, at)
        rows = (blocks.take(n[0] * k), blocks.take(n[1] * k))
        for side, hands in zip(PLAYERS, rows):
            check_rows(hands, k, board, side)
        weights = [read_saved_weights(blocks.take(8 * count), count, side) for side, count in zip(PLAYERS, n)]
        values = [
            read_saved_values(blocks.take(8 * count), side, rules.pot, rules.stack) for side, count in zip(PLAYERS, n)
        ]
        if swaps and swaps != _engine.symmetric_swaps(bytes(board), rows, tuple(weights), k):
            raise SolverError(f"its swaps {quoted(swaps)} are not the suits its board and ranges leave alike")
        tree = build_street_tree(tuple(board), rules, swaps)
        deep, last = _streets_deep(tree), len(rules.streets) - 1
        decisions = [
            [node for node in range(tree.nodes) if tree.kind[node] == p and (read["rivers"] or deep[node] < last)]
            for p in (0, 1)
        ]
        actions = [sum(tree.count[node] for node in decisions[p]) for p in (0, 1)]
        if tuple(actions) != tuple(kept):  # the count and the tree are of one header: never
            raise SolverError(f"its tree has {actions} actions, not the {tuple(kept)} counted")
        averages = []
        for p in (0, 1):
            counts = [tree.count[node] for node in decisions[p]]
            block = blocks.take(width * actions[p] * n[p])
            try:
                averages.append(_engine.ENGINE.check_averages(block, counts, n[p], read["bits"]))
            except JobError as error:
                raise SolverError(f"{PLAYERS[p]}'s strategies: {error}") from None
        sizes = (shape.actions[0] * n[0], shape.actions[1] * n[1])
        state = None if read["state_iteration"] is None else _read_state(blocks, read, sizes, tree.nodes, width)
        return cls(
            board=tuple(Card(c) for c in board),
            pot=rules.pot,
            stack=rules.stack,
            limit=rules.limit,
            bets=dict(rules.bets),
            raises=dict(rules.raises),
            max_raises=dict(rules.max_raises),
            small_bet=rules.small_bet,
            big_bet=rules.big_bet,
            rake=rules.rake,
            iterations=read["iterations"],
            exploitability=read["exploitability"],
            value=read["value"],
            ip_value=read["ip_value"],
            gains=read["gains"],
            history=read["history"],
            rows=rows,
            hole_size=k,
            weights=(weights[0], weights[1]),
            values=(values[0], values[1]),
            seconds=read["seconds"],
            memory=read["memory"],
            rivers=read["rivers"],
            _tree=tree,
            _averages=(averages[0], averages[1]),
            _state=state,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        fields: tuple[str, ...] = ("board", "pot", "stack", "limit", "bets", "raises", "max_raises", "small_bet")
        fields += ("big_bet", "iterations", "exploitability", "value", "history", "rows", "hole_size", "seconds")
        fields += ("memory", "rake", "ip_value", "gains", "rivers", "_state")
        return all(getattr(self, f) == getattr(other, f) for f in fields) and all(
            a.tobytes() == b.tobytes()
            for a, b in zip(self.weights + self.values + self._averages, other.weights + other.values + other._averages)
        )

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict:
        # The engine job made for values below the root is a cache, and not picklable.
        state = dict(self.__dict__)
        state["_engine_job"] = None
        state["_last_valued"] = None
        return state

    # ---------------------------------------------------------------- the tree

    def _player(self, player: str) -> int:
        if player not in PLAYERS:
            raise SolverError(f"player is 'oop' or 'ip', not {quoted(player)}")
        return PLAYERS.index(player)

    def _count(self, p: int) -> int:
        return len(self.rows[p]) // self.hole_size

    def hands(self, player: str) -> memoryview:
        """The (n, k) uint8 rows of ``player``'s hands, in the order of every per-hand buffer."""
        return shaped_rows(self.rows[self._player(player)], self.hole_size)

    def node(self, path: Iterable[str] = ()) -> int:
        """The number of the node at ``path``: a list of action names and, at a chance node,
        the card dealt (``"7c"``), from the root (a string alone is refused: pass ``["check"]``).
        Past a card dealt as a mirror image (suit isomorphism), the solved node it mirrors."""
        return self._walk(path)[0]

    def report(self, path: Iterable[str] = (), by: Any = "category") -> Report:
        """The acting player's hands at the decision ``path`` by class (``omaha8.reports``):
        each class's share of the range there, its action frequencies and its EV; ``by``
        "category" (the high category and the low), "nuts" (the nut rank both ways) or a
        function of a hand's cards."""
        node = self.node_at(path)
        if node.kind not in PLAYERS:
            raise SolverError(f"a report is of a decision: {tuple(node.path)!r} is a {node.kind} node")
        board = tuple(int(c) for c in node.board)
        # Without its rivers a solution has values at the root only (as a RiverSolution).
        valued = self.rivers or not node.path
        ev, deals = self._valued(PLAYERS.index(node.kind), tuple(node.path)) if valued else (None, None)
        return hand_report(
            node.kind,
            tuple(node.path),
            board,
            self.hands(node.kind),
            self.reach(node.path),
            self.strategy(node.path),
            ev,
            deals,
            by,
        )

    def to_html(self, path: Union[str, os.PathLike], streets: Optional[int] = None) -> Path:
        """Write the solution viewer's page (``omaha8.viewer``) to ``path``: one HTML file that
        opens from disk and shows the tree, the frequencies, the hands by class and each hand,
        for the betting of ``streets`` streets from the root (default 1: a turn's rivers are 48
        trees; 2 or 3 hold the next streets too, each card's tree whole)."""
        return write_page(self, path, streets)

    def _repr_html_(self) -> str:
        return frame(self)

    def _walk(self, path: object) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """The solved node at ``path``, as ``_walk_tree`` finds it in this solution's tree."""
        return _walk_tree(self._tree, path)

    def _renamed(self, p: int, applied: tuple[int, ...]) -> Optional[array]:
        """Per hand of p: the index of the hand ``applied``'s swaps rename it to (None: none)."""
        if not applied:
            return None
        if self._swapped is None:
            self._swapped = {}
        key = (p, applied)
        if key not in self._swapped:
            index = array("i", range(self._count(p)))
            for j in applied:
                a, b = self._tree.swaps[j]
                perm = _engine.hand_swap(self.rows[p], self.hole_size, self.weights[p], a, b)
                assert perm is not None  # the tree's swaps leave both ranges as they are
                index = array("i", [perm[i] for i in index])
            self._swapped[key] = index
        return self._swapped[key]

    @staticmethod
    def _through(values: array, renamed: Optional[array]) -> array:
        """Per hand: its renamed hand's entry of ``values``."""
        return values if renamed is None else array(values.typecode, [values[j] for j in renamed])

    def _parent(self) -> array:
        if self._parents is None:
            self._parents = self._tree.parents()
        return self._parents

    def _spot_node(self, number: int, path: tuple, applied: tuple[int, ...] = ()) -> SpotNode:
        """Node ``number`` described, its cards named as a path renamed by ``applied`` sees them."""
        tree = self._tree
        kind = tree.kind[number]
        children = tuple(tree.children(number))
        chips = tree.chips[3 * number : 3 * number + 3]
        dealt = [self._unrenamed(c, applied) for c in tree.dealt(number, self._parent())]
        folded = {2: "oop", 3: "ip"}.get(kind)
        if kind == CHANCE:
            actions = tuple(str(Card(self._unrenamed(tree.card[c], applied))) for c in children)
            mirrors = []
            for c in children:
                for j, (a, b) in enumerate(tree.swaps):
                    if tree.mirrors[c] >> j & 1:
                        mirrored = _engine.swap_suits(1 << tree.card[c], a, b).bit_length() - 1
                        mirrors.append(str(Card(self._unrenamed(mirrored, applied))))
        else:
            actions, mirrors = tuple(tree.name(c) for c in children), []
        return SpotNode(
            number,
            path,
            KINDS[kind],
            actions,
            self.board + tuple(Card(c) for c in dealt),
            chips[0],
            chips[1],
            chips[2],
            folded,
            children,
            tuple(mirrors),
        )

    def _unrenamed(self, card: int, applied: tuple[int, ...]) -> int:
        """The card that ``applied``'s swaps rename to ``card``."""
        mask = 1 << card
        for j in reversed(applied):
            mask = _engine.swap_suits(mask, *self._tree.swaps[j])
        return mask.bit_length() - 1

    def tree(self) -> list[SpotNode]:
        """Every node, the root first (numbered breadth first)."""
        paths: list[tuple] = [()] * self._tree.nodes
        out = []
        for number in range(self._tree.nodes):
            for child in self._tree.children(number):
                paths[child] = paths[number] + (self._tree.name(child),)
            out.append(self._spot_node(number, paths[number]))
        return out

    def node_at(self, path: Iterable[str] = ()) -> SpotNode:
        """The node at ``path``, described."""
        path = read_path(path)
        at, applied, _ = self._walk(path)
        return self._spot_node(at, tuple(path), applied)

    # ---------------------------------------------------------------- strategies

    def _offset(self, number: int) -> int:
        if self._offsets is None:
            offsets: dict = {}
            for p in (0, 1):
                size = 0
                for node in self._kept(p, self.rivers):
                    offsets[node] = size
                    size += self._tree.count[node] * self._count(p)
            self._offsets = offsets
        if number not in self._offsets:
            raise SolverError("this solution was saved without its river strategies (rivers=False)")
        return self._offsets[number]

    def _dead(self, number: int, p: int) -> list[bool]:
        """Per hand of p: whether it holds a card dealt on the way to ``number``."""
        dealt = sum(1 << c for c in self._tree.dealt(number, self._parent()))
        k, rows = self.hole_size, self.rows[p]
        if not dealt:
            return [False] * self._count(p)
        return [any(dealt >> c & 1 for c in rows[i * k : (i + 1) * k]) for i in range(self._count(p))]

    def _decision(self, path: object) -> tuple[int, int, tuple[int, ...]]:
        path = read_path(path)
        at, applied, _ = self._walk(path)
        kind = self._tree.kind[at]
        if kind > 1:
            raise SolverError(f"{path!r} is a {KINDS[kind]} node: no one acts there")
        return at, kind, applied

    def strategy(self, path: Iterable[str] = ()) -> dict[str, array]:
        """At the decision ``path`` leads to: {action: array('d') over the acting player's
        hands}, each hand's probabilities adding up to 1 (NaN for a hand holding a card dealt on
        the way, which cannot be there). Past a mirror card, each hand plays as the hand with
        the suits swapped plays at the solved node."""
        at, p, applied = self._decision(path)
        return self._strategy(at, p, self._renamed(p, applied))

    def _strategy(self, at: int, p: int, renamed: Optional[array]) -> dict[str, array]:
        n = self._count(p)
        dead = self._dead(at, p)
        out = {}
        for child, row in zip(self._tree.children(at), self._played(at, p)):
            for i in range(n):
                if dead[i]:
                    row[i] = math.nan
            out[self._tree.name(child)] = self._through(row, renamed)
        return out

    @property
    def _bits(self) -> int:
        """The bits a probability of the strategies takes: 32 (float32), or 16 (compressed)."""
        return 16 if self._averages[0].typecode == "H" else 32

    def _played(self, at: int, p: int) -> list[array]:
        """The average strategy decision ``at`` plays, per action an array('d') over p's hands
        (16-bit strategies: each hand's numbers over their sum, so that they add up to 1)."""
        n, start, count = self._count(p), self._offset(at), self._tree.count[at]
        flat = self._averages[p]
        rows = [array("d", flat[start + a * n : start + (a + 1) * n]) for a in range(count)]
        if flat.typecode == "H":
            for i in range(n):
                total = math.fsum(row[i] for row in rows)
                for row in rows:
                    row[i] = row[i] / total if total > 0 else 1.0 / count
        return rows

    def reach(self, path: Iterable[str] = ()) -> array:
        """Per hand of the player acting at ``path``: its chance weight times the probability of
        its own actions on the way there (0 for a hand holding a dealt card)."""
        at, p, applied = self._decision(path)
        return self._through(self._reach(at, p, self.weights[p]), self._renamed(p, applied))

    def _reach(self, at: int, p: int, weights: array) -> array:
        reach = array("d", weights)
        dead = self._dead(at, p)
        parent = self._parent()
        n = self._count(p)
        line = []
        node = at
        while node > 0:
            line.append(node)
            node = parent[node]
        for child in reversed(line):
            above = parent[child]
            if self._tree.kind[above] == p:
                played = self._played(above, p)[child - self._tree.first[above]]
                for i in range(n):
                    reach[i] *= played[i]
        for i in range(n):
            if dead[i]:
                reach[i] = 0.0
        return reach

    def frequencies(self, path: Iterable[str] = ()) -> dict[str, float]:
        """How often the acting player takes each action at ``path``, over the hands that reach
        it, by their chance weight and how often the player's own earlier actions lead there."""
        at, p, _ = self._decision(path)
        reach = self._reach(at, p, unit_weights(self.weights[p]))
        total = math.fsum(reach)
        out = {}
        # At the solved node: the same sums over the hands, renamed or not.
        for action, row in self._strategy(at, p, None).items():
            out[action] = math.fsum(r * s for r, s in zip(reach, row) if r > 0) / total if total > 0 else math.nan
        return out

    def ev(self, player: str, path: Iterable[str] = ()) -> array:
        """``player``'s expected chips per hand at ``path`` (what it takes from the final pot
        less what it put in from the start of the solved street), both players on their average
        strategies from there, the other's hands as likely as their chance weights and actions
        make them: NaN for a hand no hand of the other can be there against, or holding a
        dealt card. At the root, ``values``."""
        p, path = self._player(player), read_path(path)
        if path == ():
            return array("d", self.values[p])  # no engine job is made for them
        return array("d", self._valued(p, path)[0])

    def _valued(self, p: int, path: tuple) -> tuple[array, array]:
        """p's expected chips per hand at ``path``, and how often each hand is dealt there (the
        other's reach over its hands apart from it, to scale), from one walk of the engine; the
        last path's kept, as a report and a page ask for both in turn."""
        key = (p, path)
        if self._last_valued is not None and self._last_valued[0] == key:
            return self._last_valued[1]
        other = 1 - p
        if path == () and self._engine_job is not None:
            # At the root: the values of the solve, dealt against the other's chance weights.
            chips, deals = array("d", self.values[p]), array("d", self._engine_job.opponent_weights[p])
        elif path == ():
            # The same weights without making an engine job (a turn's would double the memory).
            k, rows = self.hole_size, self.rows[p]
            hands = [rows[i : i + k] for i in range(0, len(rows), k)]
            chips = array("d", self.values[p])
            deals = array("d", deal_weights(hands, self.rows[other], self.weights[other], k))
        else:
            at, applied, _ = self._walk(path)
            reach = self._reach(at, other, unit_weights(self.weights[other]))
            values, weights = self._job().values_at(p, at, reach.tobytes())
            dead = self._dead(at, p)
            chips = array(
                "d",
                [v / w * self.pot if w > 0 and not d else math.nan for v, w, d in zip(values, weights, dead)],
            )
            renamed = self._renamed(p, applied)
            chips, deals = self._through(chips, renamed), self._through(array("d", weights), renamed)
        self._last_valued = (key, (chips, deals))
        return chips, deals

    def _job(self) -> Any:
        """An engine job on this tree holding the average strategies (as its sums), for the
        values below the root; made once, when first asked."""
        if not self.rivers:
            raise SolverError(
                "this solution was saved without its river strategies (rivers=False): values below the root need them"
            )
        if self._engine_job is None:
            tree = self._tree
            job = _engine.ENGINE.StreetJob(
                bytes(int(c) for c in self.board),
                self.rows[0],
                self.rows[1],
                self.hole_size,
                self.weights[0].tobytes(),
                self.weights[1].tobytes(),
                tree.kind,
                tree.first,
                tree.count,
                _engine_amounts(tree),
                array("i", tree.card),
                self._bits == 16,
                tree.swaps,
            )
            job.load_averages(self._averages[0], self._averages[1])
            self._engine_job = job
        return self._engine_job

    @property
    def streets(self) -> tuple[str, ...]:
        return self._tree.rules.streets
