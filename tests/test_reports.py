"""omaha8.reports: a solution's hands at a decision by class, checked against what the test
works out itself from the solution's per-hand arrays and omaha8's own hand words."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest
from conftest import make_live

import omaha8
from omaha8 import SolverError

TURN = "Ks7d2h9c"
SPOT = dict(bets=(1.0,), raises=(1.0,), max_raises=1, iterations=30)


@pytest.fixture(scope="module")
def solved(core):
    """A small turn solved on the compiled core (the pure engine would take minutes); each test
    runs with the compiled core live (``live_core``), as its values below the root need."""
    with pytest.MonkeyPatch.context() as patch:
        make_live(core, patch)
        # A few iterations: the reports are held to the solution's own numbers, not to a
        # converged strategy, and the fixture stays in the fast tests.
        return omaha8.solve(TURN, "2%", "2%", 100, 400, **dict(SPOT, iterations=6))


def _by_hand(solution, path, classify):
    """(class -> [hands' indices]) among the hands reaching ``path``, by the test's own rule."""
    node = solution.node_at(path)
    reach = solution.reach(path)
    out: dict = {}
    for i, row in enumerate(solution.hands(node.kind).tolist()):
        if reach[i] > 0:
            out.setdefault(classify(tuple(omaha8.Card(c) for c in row), node.board), []).append(i)
    return out


def _category(hand, board) -> str:
    high, low = omaha8.evaluate(hand, board)
    best = omaha8.nut_low(board)
    words = "no low" if low is None else "the nut low" if best is not None and low == best.value else "a low"
    return f"{omaha8.high_hand(hand, board).category}, {words}"


def _other_reach(solution, path) -> list:
    """The other player's reach at ``path``, from the public strategies along it: its chance
    weight, times each of its own actions' probability, 0 for a hand holding a dealt card."""
    acting = solution.node_at(path).kind
    other = "ip" if acting == "oop" else "oop"
    hands = solution.hands(other).tolist()
    reach = list(solution.weights[("oop", "ip").index(other)])
    for depth in range(len(path)):
        node = solution.node_at(path[:depth])
        if node.kind == other:
            taken = solution.strategy(path[:depth])[path[depth]]
            reach = [r * t if r else 0.0 for r, t in zip(reach, taken)]
        elif node.kind == "chance":
            card = int(omaha8.Card(path[depth]))
            reach = [0.0 if card in hand else r for r, hand in zip(reach, hands)]
    return [(set(hand), r) for hand, r in zip(hands, reach)]


@pytest.mark.parametrize("path", [(), ("check",), ("check", "check", "3d"), ("check", "check", "Qd", "check")])
@pytest.mark.slow
def test_each_class_is_its_hands_reach_frequencies_and_ev(solved, path, live_core):
    report = solved.report(path)
    node = solved.node_at(path)
    reach, strategy, ev = solved.reach(path), solved.strategy(path), solved.ev(node.kind, path)
    hands = solved.hands(node.kind).tolist()
    against = _other_reach(solved, path)
    # How often each hand is dealt there: its reach times the other's reach apart from it.
    dealt = [reach[i] * sum(r for cards, r in against if not cards & set(hands[i])) for i in range(len(hands))]
    groups = _by_hand(solved, path, _category)
    total = math.fsum(reach[i] for members in groups.values() for i in members)
    assert {row.hand_class for row in report} == set(groups)
    assert math.fsum(row.share for row in report) == pytest.approx(1.0)
    for row in report:
        members = groups[row.hand_class]
        weight = math.fsum(reach[i] for i in members)
        assert row.hands == len(members)
        assert row.share == pytest.approx(weight / total)
        for action, column in strategy.items():
            assert row.frequencies[action] == pytest.approx(math.fsum(reach[i] * column[i] for i in members) / weight)
        played = [i for i in members if dealt[i] > 0 and not math.isnan(ev[i])]
        expected = math.fsum(dealt[i] * ev[i] for i in played) / math.fsum(dealt[i] for i in played)
        assert row.ev == pytest.approx(expected)
    assert report.player == node.kind and report.actions == tuple(strategy)


def test_one_class_at_the_root_is_worth_the_games_value(solved, live_core):
    everything = solved.report((), by=lambda hand: "every hand")
    assert len(everything) == 1 and everything.rows[0].ev == pytest.approx(solved.value, rel=1e-9)


def test_by_nuts_is_the_nut_rank_both_ways(solved, live_core):
    path = ("check", "check", "3d")
    report = solved.report(path, by="nuts")

    def ranks(hand, board):
        high, low = omaha8.nut_rank(hand, board)
        word = lambda r: "nuts" if r == 1 else f"#{r}" if r <= 5 else "#6+"  # noqa: E731
        return f"high {word(high)}, " + (f"low {word(low)}" if low else "no low")

    groups = _by_hand(solved, path, ranks)
    assert {row.hand_class: row.hands for row in report} == {name: len(m) for name, m in groups.items()}
    assert report.rows[0].hand_class.startswith("high nuts")  # the best first


def test_by_any_function_of_a_hand(solved, live_core):
    report = solved.report((), by=lambda hand: "has an ace" if any(str(c)[0] == "A" for c in hand) else "no ace")
    groups = _by_hand(solved, (), lambda hand, board: "has an ace" if any(str(c)[0] == "A" for c in hand) else "no ace")
    assert {row.hand_class: row.hands for row in report} == {name: len(m) for name, m in groups.items()}


def test_csv_and_json_hold_the_rows(solved, live_core):
    report = solved.report(("check",))
    lines = list(csv.reader(io.StringIO(report.to_csv())))
    assert lines[0] == ["class", "hands", "share", *report.actions, "ev"]
    assert [line[0] for line in lines[1:]] == [row.hand_class for row in report]
    assert float(lines[1][2]) == report.rows[0].share
    data = json.loads(report.to_json())
    assert data["path"] == ["check"] and data["board"] == ["Ks", "7d", "2h", "9c"]
    assert [r["hand_class"] for r in data["rows"]] == [row.hand_class for row in report]


def test_a_river_solution_reports_its_root_ev_and_none_below(live_core):
    river = omaha8.solve_river(TURN + "3d", "2%", "2%", 100, 400, **SPOT)
    root = river.report(())
    assert all(not math.isnan(row.ev) for row in root)
    below = river.report(("check",))
    assert all(math.isnan(row.ev) for row in below)
    assert json.loads(below.to_json())["rows"][0]["ev"] is None


@pytest.mark.parametrize(("path", "by", "words"), [((), "colour", "by is"), (("check", "check"), "category", "chance")])
def test_bad_reports_are_refused_by_name(solved, path, by, words, live_core):
    with pytest.raises(SolverError, match=words):
        solved.report(path, by=by)
