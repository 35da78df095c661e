"""The solution viewer: a solved spot as one self-contained HTML page (no network, no server: it
opens from disk) with the tree as clickable actions and dealt cards, the acting player's action
frequencies as a bar, its hands by class as a grid coloured by each cell's action mix, a cell's
hands with their strategies and EVs, the exploitability and the spot's settings.

The page's data is JSON inside the page, every text of it put on screen as text (never as
markup), so a hand or a name cannot inject anything. Per-hand strategies are kept to the
percent, as bytes in base64, and EVs as float32: a full-range turn's first street fits in a few
megabytes. A page holds the betting of ``streets`` streets from the root (a turn solution's
rivers are 48 trees each); past them a card's node says how to write a page that holds it.

A solution here is anything with ``node_at``, ``strategy``, ``reach``, ``frequencies``,
``report``, ``ev`` and ``hands``, and the spot's fields (``solve``'s ``Solution`` and
``solve_river``'s ``RiverSolution``); the solvers' ``to_html`` call ``write_page``.
"""

from __future__ import annotations

import base64
import html
import json
import math
import os
import sys
from array import array
from collections import deque
from importlib import resources
from pathlib import Path
from typing import Any, Optional, Union

from .cards import Card, quoted, whole_number
from .exceptions import SolverError
from .reports import hand_classes, split_category
from .solutionfile import check_save_path, write_blocks

__all__ = ["page_data", "page", "page_html", "write_page", "frame", "MAX_PAGE_BYTES"]

# A page's bytes at most, as the issue asks of a full-range solution's page.
MAX_PAGE_BYTES = 20_000_000
# Per-hand data stops here (the rest of the page: the tree, the grids, the hands' names).
_HAND_BYTES = 15_000_000
# The marker in the template where the data goes.
_DATA = "/*OMAHA8-DATA*/null"
_PLAYERS = ("oop", "ip")
# What a page reads of a solution.
_SOLUTION_NAMES = ("board", "node_at", "strategy", "reach", "frequencies", "report", "ev", "hands", "rake")


def page_data(solution: Any, streets: Optional[int] = None) -> dict:
    """What the page shows, as JSON holds it: the spot's settings, each player's hands by name,
    and the nodes of the first ``streets`` streets (default: every street of a river solution,
    the first street's betting of a flop or turn one) breadth first, each decision with its
    frequencies, its class grid and (while the page has room) its hands' strategies and EVs."""
    missing = [name for name in _SOLUTION_NAMES if not hasattr(solution, name)]
    if missing:
        raise SolverError(f"a page shows a solution (solve's or solve_river's), not {quoted(solution)}")
    board = tuple(solution.board)
    most = 1 + max(0, 5 - len(board))  # the streets a solution from this board plays
    depth = 1 if streets is None else whole_number(streets, "streets", 1, 3, SolverError)
    if depth > most:
        raise SolverError(f"streets: a solution from a {len(board)}-card board plays {most} street(s), not {depth}")
    names = [_hand_names(solution, player) for player in _PLAYERS]
    nodes: list[dict] = []
    numbers: dict[tuple, int] = {(): 0}
    queue: deque[tuple] = deque([()])
    room = _HAND_BYTES - sum(len(name) + 3 for side in names for name in side)
    size = _HAND_BYTES - room
    while queue:
        path = queue.popleft()
        node = solution.node_at(path)
        entry: dict[str, Any] = {
            "path": list(path),
            "kind": node.kind,
            "board": [str(c) for c in getattr(node, "board", board)],
            "pot": node.pot,
            "in": [node.oop_in, node.ip_in],
            "folded": node.folded,
        }
        labels = list(node.actions)
        if node.kind == "chance":
            labels = sorted(labels + list(getattr(node, "mirrors", ())), key=lambda name: int(Card(name)))
        dealt = sum(1 for step in path if _is_card(step))
        children = []
        for label in labels:
            child = (*path, label)
            shown = node.kind != "chance" or dealt + 1 < depth
            if shown:
                numbers[child] = len(numbers)
                queue.append(child)
            children.append([label, numbers.get(child)])
        entry["children"] = children
        if node.kind in _PLAYERS:
            room -= _add_decision(entry, solution, path, node, room)
        nodes.append(entry)
        # Stop as soon as the page is over its limit, not after every node of a flop's streets.
        size += len(json.dumps(entry, separators=(",", ":")))
        if size > MAX_PAGE_BYTES:
            raise SolverError(f"the page would take more than {MAX_PAGE_BYTES:,} bytes: fewer streets")
    return {
        "settings": _settings(solution, depth),
        "hands": names,
        "nodes": nodes,
    }


def _is_card(step: str) -> bool:
    return len(step) == 2 and step[0] in "23456789TJQKA" and step[1] in "cdhs"


def _hand_names(solution: Any, player: str) -> list[str]:
    return ["".join(str(Card(c)) for c in row) for row in solution.hands(player).tolist()]


def _settings(solution: Any, depth: int) -> dict:
    """The spot and its solve, for the page's header."""
    rake = solution.rake
    return {
        "board": [str(c) for c in solution.board],
        "pot": solution.pot,
        "stack": solution.stack,
        "limit": solution.limit,
        "bets": _sizes(solution.bets),
        "raises": _sizes(solution.raises),
        "max_raises": solution.max_raises,
        "fixed": [getattr(solution, "small_bet", None), solution.big_bet],
        "rake": None if not rake.taken else [rake.fraction, rake.cap],
        "hands": [len(solution.rows[p]) // solution.hole_size for p in (0, 1)],
        "iterations": solution.iterations,
        "exploitability": solution.exploitability,
        "value": [solution.value, solution.ip_value],
        "seconds": solution.seconds,
        "streets": depth,
    }


def _sizes(sizes: object) -> object:
    if isinstance(sizes, dict):
        return {street: list(values) for street, values in sizes.items()}
    return list(sizes)  # type: ignore[call-overload]


def _add_decision(entry: dict, solution: Any, path: tuple, node: Any, room: int) -> int:
    """Fill in a decision's frequencies, grid and (within ``room`` bytes) hands; the bytes its
    hands took."""
    player = node.kind
    strategy = solution.strategy(path)
    reach = solution.reach(path)
    report = solution.report(path)
    actions = list(strategy)
    frequencies = solution.frequencies(path)
    entry["frequencies"] = [_plain(frequencies[a]) for a in actions]
    cells = []
    for row in report.rows:
        high, low = split_category(row.hand_class)
        cells.append([high, low, row.hands, row.share, [row.frequencies[a] for a in actions], _plain(row.ev)])
    entry["grid"] = cells
    n = len(reach)
    size = 4 * (n * (len(actions) + 5)) // 3
    if size > room:
        entry["hands"] = None
        return 0
    reached = [i for i in range(n) if reach[i] > 0]
    cell_of = {(cell[0], cell[1]): c for c, cell in enumerate(cells)}
    rows = solution.hands(player).tobytes()
    k = len(rows) // n if n else 0
    named = hand_classes(
        [rows[i * k : (i + 1) * k] for i in reached],
        tuple(int(c) for c in getattr(node, "board", solution.board)),
        "category",
    )
    classes = bytearray(b"\xff" * n)
    for i, name in zip(reached, named):
        classes[i] = cell_of[split_category(name)]
    percents = bytearray(len(actions) * n)
    for a, action in enumerate(actions):
        row = strategy[action]
        for i in reached:
            percents[a * n + i] = round(100 * row[i])
    evs = _hand_evs(solution, player, path, n)
    entry["hands"] = {
        "cell": _b64(bytes(classes)),
        "strategy": _b64(bytes(percents)),
        "ev": _b64(evs),
    }
    return size


def _hand_evs(solution: Any, player: str, path: tuple, n: int) -> bytes:
    """Each hand's EV there as little-endian float32 (NaN where the solution has none)."""
    try:
        values = array("f", solution.ev(player, path))
    except SolverError:  # a river solution keeps the values of its root only
        values = array("f", [math.nan]) * n
    if sys.byteorder == "big":
        values.byteswap()
    return values.tobytes()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _plain(x: float) -> Optional[float]:
    return None if math.isnan(x) else x


def _json(data: dict) -> str:
    """``data`` as JSON safe inside a script element: no '<', '>' or '&' (each an escape in a
    JSON string, and nowhere else in JSON), so no text can close the element."""
    try:
        text = json.dumps(data, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as error:
        raise SolverError(f"a page's data is page_data's form, JSON throughout: {error}") from None
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(raw, escaped)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def page(solution: Any, streets: Optional[int] = None) -> str:
    """The whole page, as text: ``page_html`` of ``page_data``."""
    return page_html(page_data(solution, streets))


def page_html(data: dict) -> str:
    """The page showing ``data`` (``page_data``'s form): the template with the data inside, as
    JSON no text of which can end its script element; a SolverError past MAX_PAGE_BYTES."""
    template = resources.files("omaha8").joinpath("data/viewer.html").read_text(encoding="utf-8")
    before, marker, after = template.partition(_DATA)
    assert marker, "the viewer's template holds the data's marker"
    text = before + _json(data) + after
    if len(text.encode()) > MAX_PAGE_BYTES:
        raise SolverError(
            f"the page would take {len(text.encode()):,} bytes, more than {MAX_PAGE_BYTES:,}: fewer streets"
        )
    return text


def write_page(solution: Any, path: Union[str, os.PathLike], streets: Optional[int] = None) -> Path:
    """Write the page to ``path`` (through a file renamed over it once whole) and give its path."""
    target = check_save_path(path)
    write_blocks(target, path, [page(solution, streets).encode()])
    return target


def frame(solution: Any) -> str:
    """The page inside an iframe of its own (its styles and script apart from the notebook's),
    as Jupyter shows a solution."""
    return (
        '<iframe title="omaha8 solution" style="width:100%;height:780px;border:1px solid #ccc" '
        f'srcdoc="{html.escape(page(solution), quote=True)}"></iframe>'
    )
