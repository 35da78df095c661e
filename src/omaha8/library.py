"""A library of solved spots: one table over many boards (a folder ``solve_many`` filled, or
solutions in hand), each board weighted by the boards it stands for up to a renaming of suits,
as players read aggregated reports: the acting player's action frequencies at a node, per board,
per suit texture, per pairing or per any grouping of the boards.

A board's weight is its orbit under the 24 renamings of suits (``isomorphism.orbit_size``): 24
for Ks7d2h9c, 4 for a monotone flop. A group's frequencies are its boards' frequencies at the
node (each over the hands that get there) averaged by those weights, and so is its EV (the
acting player's chips at the node per unit of its reach).
"""

from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence, Union

from .cards import Card, quoted
from .exceptions import SolverError
from .isomorphism import orbit_size
from .reports import Table
from .solver import RiverSolution
from .spotinput import read_path
from .streetsolver import Solution

__all__ = ["AggregateRow", "Aggregate", "aggregate", "GROUPINGS"]

# The named groupings of boards; ``by`` may be any function of a board's cards too.
GROUPINGS = ("board", "suits", "pairing", "high card", "last card")
_RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class AggregateRow:
    """One group of boards."""

    group: str
    boards: int
    """The solutions in the group."""
    weight: int
    """The boards they stand for: their suit orbits, added up."""
    frequencies: dict
    """Per action: the acting player's frequency at the node, averaged by weight."""
    ev: float
    """The acting player's chips at the node per unit of its reach, averaged by weight (NaN
    where a solution keeps no values there)."""


@dataclass(frozen=True)
class Aggregate(Table):
    """The table: ``rows`` in the order their groups first appear, boards sorted."""

    LEADS = (("group", "group"), ("boards", "boards"), ("weight", "weight"))
    player: str
    path: tuple
    by: str
    actions: tuple[str, ...]
    rows: list[AggregateRow] = field(default_factory=list)


Solved = Union[Solution, RiverSolution]


def aggregate(
    source: Union[str, os.PathLike, Iterable[Solved]],
    path: Sequence[str] = (),
    by: Union[str, Callable[[tuple], object]] = "board",
) -> Aggregate:
    """One table over many solved boards at the decision ``path`` (the same actions in every
    one). ``source``: a folder (every ``*.omaha8`` file in it, as ``solve_many`` saves them) or
    solutions. ``by``: "board", "suits" (rainbow, two-tone and monotone, else the suits'
    counts: "2-1-1" on a turn with two of one suit), "pairing", "high card", "last card" (a turn's or river's
    card), or a function of the board's cards giving a group's name."""
    path = read_path(path)  # type: ignore[arg-type]
    solutions = _solutions(source)
    if not callable(by) and not (isinstance(by, str) and by in GROUPINGS):
        raise SolverError(f"by is one of {', '.join(map(repr, GROUPINGS))} or a function of a board, not {quoted(by)}")
    groups: dict[str, list[tuple[int, dict, float]]] = {}
    player, actions = None, None
    for solution in sorted(solutions, key=lambda s: [int(c) for c in s.board]):
        board = tuple(solution.board)
        node_player, frequencies, ev = _at(solution, tuple(path))
        if player is None:
            player, actions = node_player, tuple(frequencies)
        elif (node_player, tuple(frequencies)) != (player, actions):
            raise SolverError(
                f"at {tuple(path)!r} the board {_text(board)} has {node_player} to act with {tuple(frequencies)!r}, "
                f"the others {player} with {actions!r}: aggregate boards of one tree"
            )
        groups.setdefault(_group(board, by), []).append((orbit_size(board), frequencies, ev))
    if player is None or actions is None:
        raise SolverError("aggregate needs at least one solution")
    rows = []
    for name, members in groups.items():
        weight = sum(w for w, _, _ in members)
        frequencies = {a: math.fsum(w * f[a] for w, f, _ in members) / weight for a in actions}
        known = all(not math.isnan(worth) for _, _, worth in members)
        ev = math.fsum(w * worth for w, _, worth in members) / weight if known else math.nan
        rows.append(AggregateRow(name, len(members), weight, frequencies, ev))
    label = by if isinstance(by, str) else getattr(by, "__name__", "callable")
    return Aggregate(player, tuple(path), label, actions, rows)


def _solutions(source: object) -> list[Solved]:
    if isinstance(source, (str, os.PathLike)):
        folder = Path(source)
        if not folder.is_dir():
            raise SolverError(f"{str(folder)!r} is not a folder of solutions")
        files = sorted(folder.glob("*.omaha8"))
        if not files:
            raise SolverError(f"{str(folder)!r} holds no solution (*.omaha8)")
        return [Solution.load(path) for path in files]
    if isinstance(source, (bytes, Solution, RiverSolution)) or not isinstance(source, Iterable):
        raise SolverError(f"source is a folder or solutions, not {quoted(source)}")
    solutions = list(source)
    for solution in solutions:
        if not isinstance(solution, (Solution, RiverSolution)):
            raise SolverError(f"source holds {quoted(solution)}, not a solution")
    return solutions


def _at(solution: Solved, path: tuple) -> tuple[str, dict, float]:
    """The player acting at ``path``, its frequencies there and its EV: a report's with one
    class, so that the EV is weighted as a report weights it (by how often each hand is dealt
    there)."""
    report = solution.report(path, by=_one_class)
    ev = report.rows[0].ev if report.rows else math.nan
    return report.player, dict(solution.frequencies(path)), ev


def _one_class(hand: tuple) -> str:
    return "every hand"


def _group(board: tuple, by: Any) -> str:
    if callable(by):
        name = by(tuple(Card(c) for c in board))
        return name if isinstance(name, str) else str(name)
    cards = [Card(c) for c in board]
    if by == "board":
        return _text(cards)
    if by == "suits":
        counts = tuple(sorted(Counter(str(c)[1] for c in cards).values(), reverse=True))
        named = {(1, 1, 1): "rainbow", (1, 1, 1, 1): "rainbow", (2, 1): "two-tone", (3,): "monotone", (4,): "monotone"}
        return named.get(counts, "-".join(map(str, counts)))
    if by == "pairing":
        ranks = sorted(Counter(str(c)[0] for c in cards).values(), reverse=True)
        if ranks[0] == 4:
            return "quads"
        if ranks[0] == 3:
            return "full house" if len(ranks) > 1 and ranks[1] == 2 else "trips"
        return {0: "unpaired", 1: "paired"}.get(ranks.count(2), "two pair")
    if by == "high card":
        return max((str(c)[0] for c in cards), key=_RANKS.index) + "-high"
    return str(cards[-1])[0] if len(cards) > 3 else "the flop"


def _text(board: Iterable) -> str:
    return "".join(str(Card(c)) for c in board)
