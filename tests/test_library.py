"""omaha8.library: aggregate tables over many solved boards, checked against the test's own
weighted sums of each solution's frequencies and EVs, with the boards' suit orbits counted here
by renaming the suits."""

from __future__ import annotations

import csv
import io
import itertools
import json

import pytest

import omaha8
from omaha8 import SolverError

SPOT = dict(oop="AsAh3d*", ip="QdQc8h*", pot=100.0, stack=400.0, bets=(1.0,), raises=(), iterations=10)
BOARDS = ("Ks7d2h9c", "Ks7s2d9d", "Ks7s2s9d", "Kd7d2h2c")


def _orbit(board: str) -> int:
    """The boards a board stands for: its distinct renamings under the 24 permutations of suits."""
    cards = [str(c) for c in omaha8.parse_cards(board)]
    seen = set()
    for order in itertools.permutations("shdc"):
        rename = dict(zip("shdc", order))
        seen.add(frozenset(c[0] + rename[c[1]] for c in cards))
    return len(seen)


@pytest.fixture(scope="module")
def solved(core):
    with pytest.MonkeyPatch.context() as patch:
        from conftest import make_live

        make_live(core, patch)
        return [omaha8.solve(board=board, **SPOT) for board in BOARDS]


def _mean(members, path, action=None):
    weights = [_orbit("".join(str(c) for c in s.board)) for s in members]
    if action is not None:
        values = [s.frequencies(path)[action] for s in members]
    else:
        # Each board's EV at the node as its report with one class weighs it (tests/test_reports.py
        # checks that weighing against its own sums): how often each hand is dealt there.
        values = [s.report(path, by=lambda hand: "every hand").rows[0].ev for s in members]
    return sum(w * v for w, v in zip(weights, values)) / sum(weights)


@pytest.mark.parametrize("path", [(), ("check",)])
def test_each_board_is_a_row_weighted_by_its_suit_orbit(solved, path, live_core):
    table = omaha8.aggregate(solved, path)
    in_order = sorted(solved, key=lambda s: [int(c) for c in s.board])
    assert [row.group for row in table] == ["".join(str(c) for c in s.board) for s in in_order]
    by_board = {"".join(str(c) for c in s.board): s for s in solved}
    assert {row.group for row in table} == set(by_board)
    for row in table:
        solution = by_board[row.group]
        assert row.boards == 1 and row.weight == _orbit(row.group)
        for action, frequency in solution.frequencies(path).items():
            assert row.frequencies[action] == pytest.approx(frequency)
        assert row.ev == pytest.approx(_mean([solution], path))
    assert table.player == ("oop" if path == () else "ip")


def test_groups_average_their_boards_by_weight(solved, live_core):
    table = omaha8.aggregate(solved, (), by="suits")
    groups = {"rainbow": ["Ks7d2h9c"], "2-2": ["Ks7s2d9d"], "3-1": ["Ks7s2s9d"], "2-1-1": ["Kd7d2h2c"]}
    assert {row.group: row.boards for row in table} == {name: len(b) for name, b in groups.items()}
    pairing = omaha8.aggregate(solved, (), by="pairing")
    assert {row.group: row.boards for row in pairing} == {"unpaired": 3, "paired": 1}
    unpaired = [s for s in solved if len({str(c)[0] for c in s.board}) == 4]
    row = next(r for r in pairing if r.group == "unpaired")
    assert row.weight == sum(_orbit("".join(str(c) for c in s.board)) for s in unpaired)
    for action in pairing.actions:
        assert row.frequencies[action] == pytest.approx(_mean(unpaired, (), action))
    assert row.ev == pytest.approx(_mean(unpaired, ()))
    custom = omaha8.aggregate(solved, (), by=lambda board: "deuce" if any(str(c)[0] == "2" for c in board) else "none")
    assert {r.group: r.boards for r in custom} == {"deuce": 4}


def test_a_folder_solve_many_filled_is_the_same_table(solved, tmp_path, live_core):
    omaha8.solve_many([dict(board=board, **SPOT) for board in BOARDS], folder=tmp_path)
    from_folder = omaha8.aggregate(tmp_path, ("check",), by="high card")
    in_hand = omaha8.aggregate(solved, ("check",), by="high card")
    assert from_folder == in_hand and [r.group for r in in_hand] == ["K-high"]
    lines = list(csv.reader(io.StringIO(in_hand.to_csv())))
    weight = sum(_orbit(b) for b in BOARDS)
    assert lines[0] == ["group", "boards", "weight", *in_hand.actions, "ev"]
    assert lines[1][:3] == ["K-high", "4", str(weight)]
    assert json.loads(in_hand.to_json())["rows"][0]["weight"] == weight


def test_bad_sources_and_trees_are_refused_by_name(solved, tmp_path, live_core):
    with pytest.raises(SolverError, match="at least one"):
        omaha8.aggregate([], ())
    with pytest.raises(SolverError, match="no solution"):
        omaha8.aggregate(tmp_path, ())
    with pytest.raises(SolverError, match="not a folder"):
        omaha8.aggregate(tmp_path / "missing", ())
    with pytest.raises(SolverError, match="not a solution"):
        omaha8.aggregate([solved[0], "Ks7d2h9c"], ())
    with pytest.raises(SolverError, match="by is"):
        omaha8.aggregate(solved, (), by="colour")
    other = omaha8.solve(board="Ks7d2h9c", **dict(SPOT, bets=(0.5,)))
    with pytest.raises(SolverError, match="one tree"):
        omaha8.aggregate([solved[0], other], ())
    with pytest.raises(SolverError, match="chance node"):
        omaha8.aggregate(solved, ("check", "check"))
