"""The river solver: the game value against the sequence-form linear program (scipy's HiGHS), the
exploitability against an independent best response with pairwise showdowns, the tree's amounts
worked by hand, the strategies' shape, files, executors and bad input; both engines."""

from __future__ import annotations

import math
import os
from array import array
from concurrent.futures import ThreadPoolExecutor
from typing import Optional

import pytest
from street_reference import pair_share

import omaha8
from omaha8 import RiverSolution, SolverError, parse_cards, solve_river, solve_rivers
from omaha8.solver import build_tree

POT, STACK = 100, 400


def rows(*hands: str) -> memoryview:
    cards = [int(c) for hand in hands for c in parse_cards(hand)]
    return memoryview(bytes(cards)).cast("B", (len(hands), len(cards) // len(hands)))


# Tiny spots: a handful of hands a side, each weighed differently, some sharing cards.
BOARD = "Ks7d2h9c4s"
NO_LOW_BOARD = "KsQd9c9hTd"
OOP_HANDS = ("AhAd3c5d", "KhKd8c8d", "Ac3h6d6c", "QhJhTd8s", "Ad5h6s8h")
IP_HANDS = ("AsAc3d5h", "JcJd8h6s", "2c3s5c6h", "QdQc9d9h", "Ah3h8c6d")
OOP_WEIGHTS = (1.0, 0.5, 2.0, 1.0, 0.75)
IP_WEIGHTS = (1.0, 1.5, 0.5, 1.0, 1.0)
SPOTS = {
    "pot limit": {"board": BOARD, "limit": "pot", "bets": (0.5, 1.0), "raises": (1.0,)},
    "no limit": {"board": BOARD, "limit": "no", "bets": (0.75, 2.0), "raises": (1.5,), "max_raises": 1},
    "fixed limit": {"board": BOARD, "limit": "fixed", "big_bet": 40, "max_raises": 3},
    "no low possible": {"board": NO_LOW_BOARD, "limit": "pot", "bets": (1.0,), "raises": (1.0,)},
}


def spot_hands(board: str) -> tuple:
    used = set(parse_cards(board))
    oop = [(h, w) for h, w in zip(OOP_HANDS, OOP_WEIGHTS) if not used & set(parse_cards(h))]
    ip = [(h, w) for h, w in zip(IP_HANDS, IP_WEIGHTS) if not used & set(parse_cards(h))]
    return ((rows(*[h for h, _ in oop]), [w for _, w in oop]), (rows(*[h for h, _ in ip]), [w for _, w in ip]))


# ---------------------------------------------------------------- the game, independently


class Game:
    """The spot as the tests see it: hands with their evaluations and weights, the deals, and
    the tree (checked against hand-worked amounts below)."""

    def __init__(self, solution: RiverSolution):
        self.s = solution
        board = "".join(map(str, solution.board))
        self.nodes = solution.tree()
        self.hands = []
        for player in ("oop", "ip"):
            side = []
            for row in solution.hands(player).tolist():
                hole = "".join(str(omaha8.Card(c)) for c in row)
                side.append((omaha8.evaluate(hole, board), frozenset(row)))
            self.hands.append(side)
        self.weights = [list(solution.weights[0]), list(solution.weights[1])]

    def payoff(self, node, p: int, i: int, j: int) -> float:
        """Player p's chips at terminal ``node``, p holding its hand i and the other its hand j."""
        put_in = (node.oop_in, node.ip_in)[p]
        if node.kind == "fold":
            return (node.pot if node.folded != ("oop", "ip")[p] else 0.0) - put_in
        return node.pot * float(pair_share(self.hands[p][i][0], self.hands[1 - p][j][0])) - put_in

    def disjoint(self, i: int, j: int) -> bool:
        return not self.hands[0][i][1] & self.hands[1][j][1]


def best_response_value(game: Game, p: int) -> float:
    """Player p's best-response value against the other's average strategy: a walk of the tree
    for each of p's hands, the other's reach carried hand by hand."""
    s, nodes = game.s, game.nodes
    q = 1 - p
    total = deals = 0.0

    def walk(at: int, i: int, reach: list) -> float:
        node = nodes[at]
        if node.kind in ("fold", "showdown"):
            return sum(r * game.payoff(node, p, i, j) for j, r in enumerate(reach) if r)
        if node.kind == ("oop", "ip")[p]:
            return max(walk(child, i, reach) for child in node.children)
        strategy = s.strategies[at]
        m = len(reach)
        return sum(
            walk(child, i, [reach[j] * strategy[a * m + j] for j in range(m)]) for a, child in enumerate(node.children)
        )

    for i, w in enumerate(game.weights[p]):
        reach = [
            game.weights[q][j] if (game.disjoint(i, j) if p == 0 else game.disjoint(j, i)) else 0.0
            for j in range(len(game.weights[q]))
        ]
        total += w * walk(0, i, reach)
        deals += w * sum(reach)
    return total / deals


def linear_program_value(game: Game) -> float:
    """OOP's value of the game by the sequence-form linear program (von Stengel 1996): maximize
    v_0 over OOP's realization plans x and IP's dual values v, with E x = e, F^T v <= A^T x."""
    linprog = pytest.importorskip("scipy.optimize").linprog
    nodes = game.nodes
    sequences = [{(): 0}, {(): 0}]  # per player: sequence key -> number
    infosets: list[list] = [[], []]  # per player: (parent sequence, child sequences)

    def sequence(p: int, key: tuple) -> int:
        return sequences[p].setdefault(key, len(sequences[p]))

    # Every (node, hand) of a player is an information set; its sequences are (node, action, hand).
    leaves = []  # (terminal node, oop's last sequence, ip's last, i or j)

    def walk(at: int, last: list) -> None:
        node = nodes[at]
        if node.kind in ("fold", "showdown"):
            leaves.append((node, dict(last[0]), dict(last[1])))
            return
        p = ("oop", "ip").index(node.kind)
        for hand in range(len(game.hands[p])):
            parent = last[p].get(hand, ())
            children = [sequence(p, (at, a, hand)) for a in range(len(node.children))]
            infosets[p].append((sequences[p][parent], children))
        for a, child in enumerate(node.children):
            changed = [dict(last[0]), dict(last[1])]
            changed[p] = {hand: (at, a, hand) for hand in range(len(game.hands[p]))}
            walk(child, changed)

    walk(0, [{}, {}])
    n1, n2 = len(sequences[0]), len(sequences[1])
    deals = sum(
        game.weights[0][i] * game.weights[1][j]
        for i in range(len(game.hands[0]))
        for j in range(len(game.hands[1]))
        if game.disjoint(i, j)
    )
    payoff = [[0.0] * n2 for _ in range(n1)]
    for node, last0, last1 in leaves:
        for i in range(len(game.hands[0])):
            for j in range(len(game.hands[1])):
                if game.disjoint(i, j):
                    chance = game.weights[0][i] * game.weights[1][j] / deals
                    s1 = sequences[0][last0.get(i, ())]
                    s2 = sequences[1][last1.get(j, ())]
                    payoff[s1][s2] += chance * game.payoff(node, 0, i, j)

    def constraints(p: int, size: int) -> list:
        matrix = [[0.0] * size for _ in range(len(infosets[p]) + 1)]
        matrix[0][0] = 1.0
        for row, (parent, children) in enumerate(infosets[p], start=1):
            matrix[row][parent] = -1.0
            for child in children:
                matrix[row][child] = 1.0
        return matrix

    E, F = constraints(0, n1), constraints(1, n2)
    rows_e, rows_f = len(E), len(F)
    # Variables: x (n1, >= 0), then v (rows_f, free). Minimize -v_0.
    cost = [0.0] * n1 + [-1.0] + [0.0] * (rows_f - 1)
    a_eq = [E[r] + [0.0] * rows_f for r in range(rows_e)]
    b_eq = [1.0] + [0.0] * (rows_e - 1)
    a_ub = [[-payoff[s1][s2] for s1 in range(n1)] + [F[r][s2] for r in range(rows_f)] for s2 in range(n2)]
    b_ub = [0.0] * n2
    bounds = [(0, None)] * n1 + [(None, None)] * rows_f
    result = linprog(cost, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=bounds, method="highs")
    assert result.status == 0, result.message
    return -result.fun


# ---------------------------------------------------------------- against the linear program


@pytest.mark.parametrize("name", sorted(SPOTS))
@pytest.mark.slow
def test_value_equals_the_linear_program(live, name):
    spot = dict(SPOTS[name])
    oop, ip = spot_hands(spot["board"])
    s = solve_river(spot.pop("board"), oop, ip, POT, STACK, iterations=1000, exploitability=1e-7, **spot)
    assert s.exploitability <= 5e-4, (s.iterations, s.history[-3:])
    game = Game(s)
    value = linear_program_value(game)
    assert abs(s.value - value) <= 1e-6 * POT
    # The best responses bound the value from both sides.
    assert POT - best_response_value(game, 1) - 1e-9 <= value <= best_response_value(game, 0) + 1e-9


@pytest.mark.parametrize("name", sorted(SPOTS))
def test_exploitability_is_an_independent_best_response(live, name):
    spot = dict(SPOTS[name])
    oop, ip = spot_hands(spot["board"])
    s = solve_river(spot.pop("board"), oop, ip, POT, STACK, iterations=40, exploitability=0.0, **spot)
    game = Game(s)
    expected = (best_response_value(game, 0) + best_response_value(game, 1) - POT) / 2 / POT
    assert s.exploitability > 0
    assert abs(s.exploitability - expected) <= 1e-6
    # Values per hand, weighted by each hand's deals, make the game value.
    for p, player in enumerate(("oop", "ip")):
        deals = [
            sum(
                game.weights[1 - p][j]
                for j in range(len(game.hands[1 - p]))
                if (game.disjoint(i, j) if p == 0 else game.disjoint(j, i))
            )
            for i in range(len(game.hands[p]))
        ]
        total = sum(w * d * v for w, d, v in zip(game.weights[p], deals, s.ev(player)))
        per_deal = total / sum(w * d for w, d in zip(game.weights[p], deals))
        assert per_deal == pytest.approx(s.value if p == 0 else POT - s.value, abs=1e-9)


def test_both_engines_solve_alike(core, fallback, monkeypatch):
    from tests.conftest import make_live

    from omaha8.solver import _engine_tree
    from omaha8.solver import build_tree as tree_of

    oop, ip = spot_hands(BOARD)
    board = bytes(parse_cards(BOARD))
    tree = _engine_tree(tree_of(POT, STACK))
    jobs = [
        module.RiverJob(
            board,
            oop[0].tobytes(),
            ip[0].tobytes(),
            4,
            bytes(memoryview(array("d", oop[1]))),
            bytes(memoryview(array("d", ip[1]))),
            *tree,
        )
        for module in (core, fallback)
    ]
    assert list(jobs[0].opponent_weights[0]) == pytest.approx(list(jobs[1].opponent_weights[0]), abs=1e-12)
    # Phase by phase the same values, while no hand is indifferent between two actions (where
    # a regret of 1e-14 either way, the sums' rounding, sends the strategies apart).
    for iteration in (1, 2):
        for player in (0, 1):
            for job in jobs:
                job.begin(0, iteration, player)
                job.run(0)
            assert list(jobs[0].root(player)) == pytest.approx(list(jobs[1].root(player)), abs=1e-9)
    for job in jobs:
        job.begin(1)
        job.run(0)
        job.run(1)
    for player in (0, 1):
        assert list(jobs[0].root(player)) == pytest.approx(list(jobs[1].root(player)), abs=1e-9)
    # Solved, the two engines find the same game, each within its own exploitability.
    answers = []
    for module in (core, fallback):
        make_live(module, monkeypatch)
        answers.append(solve_river(BOARD, oop, ip, POT, STACK, iterations=300, exploitability=1e-5))
    a, b = answers
    assert abs(a.value - b.value) <= 2 * (a.exploitability + b.exploitability) * POT + 1e-9


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_the_compiled_sweep_equals_pairwise_showdowns_hand_by_hand(core, fallback, hole_size):
    """The compiled engine's sorted sweep against the pure engine's pair-by-pair showdowns, every
    hand's value after each phase: random hands of every size, sharing cards, some the same hand
    on both sides, random weights."""
    import random

    from omaha8.solver import _engine_tree
    from omaha8.solver import build_tree as tree_of

    rng = random.Random(hole_size)
    board = bytes(parse_cards(BOARD))
    deck = [c for c in range(52) if c not in board]
    oop = [rng.sample(deck, hole_size) for _ in range(30)]
    ip = [rng.sample(deck, hole_size) for _ in range(25)] + oop[:5]
    weights = [array("d", [rng.uniform(0.1, 2.0) for _ in side]).tobytes() for side in (oop, ip)]
    tree = _engine_tree(tree_of(POT, STACK))
    jobs = [
        module.RiverJob(
            board,
            bytes(c for h in oop for c in h),
            bytes(c for h in ip for c in h),
            hole_size,
            weights[0],
            weights[1],
            *tree,
        )
        for module in (core, fallback)
    ]
    for player in (0, 1):
        assert list(jobs[0].opponent_weights[player]) == pytest.approx(
            list(jobs[1].opponent_weights[player]), rel=1e-12
        )
    # One iteration (later ones part where a hand's every opponent has reach 0: its regrets are
    # exact zeros pair by pair and 1e-13 of rounding in the sweep, and the strategy there,
    # which changes no value, follows the rounding), then both players' best responses and values.
    for player in (0, 1):
        for job in jobs:
            job.begin(0, 1, player)
            job.run(0)
        assert list(jobs[0].root(player)) == pytest.approx(list(jobs[1].root(player)), rel=1e-9, abs=1e-9)
    for mode in (1, 2):
        for job in jobs:
            job.begin(mode)
            job.run(0)
        for player in (0, 1):
            assert list(jobs[0].root(player)) == pytest.approx(list(jobs[1].root(player)), rel=1e-9, abs=1e-9)


# ---------------------------------------------------------------- the tree


def test_pot_limit_tree_amounts_worked_by_hand():
    nodes = build_tree(100, 400)
    by_path = {node.path: node for node in nodes}
    assert by_path[()].actions == ("check", "bet 0.5", "bet 1.0")
    # A half-pot bet is 50; a pot raise calls 50 and adds the 200 then in the middle: 250 in all.
    raised = by_path[("bet 0.5", "raise 1.0")]
    assert (raised.oop_in, raised.ip_in, raised.pot) == (50, 250, 400)
    # Facing 250, a pot raise would be 250 + 600: more than the 400 stack, so it is all-in.
    assert raised.actions == ("fold", "call", "all-in")
    assert by_path[("bet 0.5", "raise 1.0", "all-in")].actions == ("fold", "call")
    # A pot bet of 100 faces a pot raise of 100 + 300: exactly the stack.
    assert by_path[("bet 1.0",)].actions == ("fold", "call", "all-in")
    call = by_path[("bet 1.0", "all-in", "call")]
    assert (call.kind, call.pot, call.oop_in, call.ip_in) == ("showdown", 900, 400, 400)
    assert by_path[("check", "check")].kind == "showdown"
    folded = by_path[("check", "bet 0.5", "fold")]
    assert (folded.kind, folded.folded, folded.pot) == ("fold", "oop", 150)
    for number, node in enumerate(nodes):
        assert all(child > number for child in node.children)
        assert (
            list(node.children) == list(range(node.children[0], node.children[0] + len(node.children)))
            if node.children
            else True
        )


def test_options_that_come_to_the_same_amount_are_one_action():
    nodes = build_tree(100, 90, bets=(0.75, 1.0))
    assert nodes[0].actions == ("check", "bet 0.75", "all-in")
    nodes = build_tree(100, 50, bets=(0.75, 1.0))
    assert nodes[0].actions == ("check", "all-in")
    assert build_tree(100, 0)[0].actions == ("check",)


def test_fixed_limit_caps_the_raises():
    nodes = build_tree(100, 1000, limit="fixed", big_bet=20)
    by_path = {node.path: node for node in nodes}
    line = ("bet", "raise", "raise", "raise")
    assert by_path[line].actions == ("fold", "call")  # three raises: the cap
    assert by_path[line[:3]].oop_in == 60 and by_path[line[:3]].ip_in == 40  # 20, 40, 60
    assert by_path[line + ("call",)].pot == 100 + 2 * 80


def test_no_limit_takes_fractions_above_the_pot():
    nodes = build_tree(100, 1000, limit="no", bets=(2.5,), raises=())
    assert nodes[0].actions == ("check", "bet 2.5")
    assert nodes[2].oop_in == 250


# ---------------------------------------------------------------- what a solution holds


@pytest.fixture(scope="module")
def solved():
    oop, ip = spot_hands(BOARD)
    return solve_river(BOARD, oop, ip, POT, STACK, iterations=500, exploitability=1e-5)


def test_strategies_are_probability_vectors(solved):
    for node in solved.tree():
        if node.kind in ("oop", "ip"):
            strategy = solved.strategy(node.path)
            assert tuple(strategy) == node.actions
            n = len(solved.hands(node.kind))
            for i in range(n):
                column = [strategy[a][i] for a in strategy]
                assert all(0.0 <= x <= 1.0 for x in column)
                assert sum(column) == pytest.approx(1.0, abs=1e-12)
            frequencies = solved.frequencies(node.path)
            assert sum(frequencies.values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.slow
def test_the_nuts_both_ways_never_fold():
    # On 3c4d5hKcQs, 6-7 makes the nut straight and A-2 the wheel: Ah2h6d7c holds both nuts.
    board = "3c4d5hKcQs"
    oop = rows("Ah2h6d7c", "KhKd8c8d", "AdJc9s9h", "2d2s8h8s")
    ip = rows("AsAc6s8d", "QdQh9d9c", "Js2c6c7s", "7h7d6h8c")
    s = solve_river(board, oop, ip, POT, STACK, iterations=1000, exploitability=1e-6)
    # Where it could reach in play, it folds with probability 0 (an average strategy where the
    # hand no longer goes keeps what the first, uniform, iterations did there).
    folds = [
        s.reach(node.path)[0] * s.strategy(node.path)["fold"][0]
        for node in s.tree()
        if node.kind == "oop" and "fold" in node.actions
    ]
    assert len(folds) == 5 and max(folds) < 1e-6


def test_save_and_load_round_trip_exactly(solved, tmp_path):
    path = tmp_path / "spot.o8r"
    solved.save(path)
    loaded = RiverSolution.load(path)
    assert loaded == solved
    assert loaded.hands("ip").tobytes() == solved.hands("ip").tobytes()
    assert loaded.ev("oop").tobytes() == solved.ev("oop").tobytes()
    # A file cut short, or another file, is named.
    path.write_bytes(path.read_bytes()[:-5])
    with pytest.raises(SolverError, match=r"spot\.o8r"):
        RiverSolution.load(path)
    path.write_bytes(b"not a solution")
    with pytest.raises(SolverError, match="not a river solution"):
        RiverSolution.load(path)


def test_paths_name_their_mistakes(solved):
    with pytest.raises(SolverError, match="not 'raise 7'"):
        solved.strategy(("bet 0.5", "raise 7"))
    with pytest.raises(SolverError, match="ends the hand"):
        solved.strategy(("check", "check"))
    with pytest.raises(SolverError, match="player"):
        solved.ev("button")


def test_threads_give_the_same_answer():
    oop, ip = spot_hands(BOARD)
    one = solve_river(BOARD, oop, ip, POT, STACK, iterations=30, threads=1)
    two = solve_river(BOARD, oop, ip, POT, STACK, iterations=30, threads=2)
    assert one.value == two.value and one.exploitability == two.exploitability
    assert all(one.strategies[n].tobytes() == two.strategies[n].tobytes() for n in one.strategies)


def test_ranges_and_expressions():
    # Hands of the board's cards (the Ks, the 9c) drop out of the expression's.
    s = solve_river(BOARD, "AsAh3d*", "QdQc8h*", POT, STACK, bets=(1.0,), raises=(), iterations=20)
    assert len(s.hands("oop")) == len(omaha8.Range("AsAh3d*").apart_from(parse_cards(BOARD))[0]) // 4 == 44
    assert all(not set(row) & set(parse_cards(BOARD)) for row in s.hands("ip").tolist())
    assert math.isfinite(s.value) and s.history[-1][0] == 20


def test_progress_hears_each_measurement():
    oop, ip = spot_hands(BOARD)
    heard = []
    s = solve_river(
        BOARD, oop, ip, POT, STACK, iterations=35, exploitability=0.0, progress=lambda i, e: heard.append((i, e))
    )
    assert heard == list(s.history) and [i for i, _ in heard] == [10, 20, 30, 35]


def test_solve_rivers_on_executors(dask_client):
    # Expressions travel to other processes as they are.
    spots = [
        {
            "board": BOARD,
            "oop": "AsAh3d*",
            "ip": "QdQc8h*",
            "pot": POT,
            "stack": stack,
            "bets": (1.0,),
            "iterations": 20,
        }
        for stack in (0, 100, 400)
    ]
    alone = [solve_river(**spot) for spot in spots]
    for executor in (None, ThreadPoolExecutor(2), dask_client.get_executor()):
        solutions = solve_rivers(spots, executor=executor)
        assert [s.value for s in solutions] == [s.value for s in alone]
        assert [s.stack for s in solutions] == [0, 100, 400]
        assert solutions[2].strategies[0].tobytes() == alone[2].strategies[0].tobytes()
    with pytest.raises(SolverError, match="spot 1"):
        solve_rivers([spots[0], ("not", "a", "mapping")])


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "arguments, words",
    [
        ({"board": "Ks7d2h9cKs"}, "Ks"),
        ({"board": "Ks7d2h9c"}, "5"),
        ({"pot": -1}, "pot"),
        ({"pot": 0}, "pot"),
        ({"stack": -5}, "stack"),
        ({"stack": float("nan")}, "stack"),
        ({"bets": (1.5,)}, "pot limit"),
        ({"raises": (0.5, 2.0)}, "pot limit"),
        ({"bets": (0,)}, "above 0"),
        ({"bets": "0.5"}, "sequence"),
        ({"limit": "spread"}, "limit"),
        ({"limit": "fixed"}, "big_bet"),
        ({"big_bet": 10}, "fixed limit"),
        ({"max_raises": -1}, "max_raises"),
        ({"iterations": 0}, "iterations"),
        ({"oop": "AsKs7d"}, "oop"),
        ({"oop": "KsKd"}, "oop"),
        ({"ip": (rows("AhAd3c5d"), [0.0])}, "ip"),
        ({"ip": rows("Ks7d3c5d")}, "ip hand 0"),
        ({"ip": (rows("AhAd3c5d"), [-1.0])}, r"ip: weights\[0\]"),
        ({"threads": 0}, "threads"),
        ({"bets": [10**400]}, "bets"),  # an int past float's range: no OverflowError
        ({"pot": 10**400}, "pot"),
        ({"limit": ["pot"]}, "limit"),
    ],
)
def test_bad_input_is_a_value_error_naming_it(arguments, words):
    spot = {"board": BOARD, "oop": "AA", "ip": "KK", "pot": POT, "stack": STACK, "iterations": 1}
    spot.update(arguments)
    with pytest.raises(ValueError, match=words) as caught:
        solve_river(**spot)
    assert isinstance(caught.value, omaha8.Omaha8Error)


def test_the_engine_reads_only_a_checked_tree(impl):
    from array import array

    board = bytes(parse_cards(BOARD))
    hand = bytes(parse_cards("AhAd3c5d"))
    w = array("d", [1.0]).tobytes()
    good = (array("i", [0, 4]), array("i", [1, 0]), array("i", [1, 0]), array("d", [100, 0, 0] * 2))
    impl.RiverJob(board, hand, bytes(parse_cards("KhKd8c8d")), 4, w, w, *good)
    for kinds, firsts, counts, words in [
        ([1, 4], [1, 0], [1, 0], "root"),
        ([0, 4], [0, 0], [1, 0], "later nodes"),
        ([0, 4], [1, 0], [2, 0], "later nodes"),
        ([0, 4, 4], [1, 0, 0], [1, 0, 0], "exactly one"),
        ([0, 7], [1, 0], [1, 0], "kind"),
        ([0, 4], [1, 0], [1, 3], "children"),
    ]:
        amounts = array("d", [100, 0, 0] * len(kinds))
        with pytest.raises(SolverError, match=words):
            impl.RiverJob(board, hand, bytes(parse_cards("KhKd8c8d")), 4, w, w, kinds, firsts, counts, amounts)


# ---------------------------------------------------------------- issue 32: the tree's size


def _hostile_sizes() -> dict:
    return {
        "limit": "no",
        "bets": [0.1 * i for i in range(1, 31)],
        "raises": [0.1 * i for i in range(1, 31)],
        "max_raises": 3,
    }


def _refused_quickly(call, words: str, seconds: float = 1.0, megabytes: float = 20.0) -> float:
    """``call()`` raises a SolverError matching ``words`` within ``seconds``, allocating less
    than ``megabytes`` on the way; the seconds it took."""
    import time
    import tracemalloc

    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(SolverError, match=words):
            call()
        took = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert took < seconds and peak < megabytes * 1e6, (took, peak)
    return took


def test_a_tree_too_big_is_refused_before_it_is_built():
    from omaha8.solver import MAX_TREE_NODES

    # 30 bet and 30 raise sizes, three raises, a stack of a million pots: tens of millions of nodes.
    _refused_quickly(lambda: build_tree(POT, 10**6 * POT, **_hostile_sizes()), f"{MAX_TREE_NODES:,} nodes")
    oop, ip = spot_hands(BOARD)
    _refused_quickly(lambda: solve_river(BOARD, oop, ip, POT, 10**6 * POT, iterations=1, **_hostile_sizes()), "nodes")


@pytest.mark.parametrize("raises", [101, 10_000, 100_000, 10**30])
def test_max_raises_is_bounded_at_once(raises):
    from omaha8.solver import MAX_RAISES

    assert MAX_RAISES == 100
    _refused_quickly(
        lambda: build_tree(POT, 10**6 * POT, limit="fixed", big_bet=20, max_raises=raises),
        r"max_raises must be 0\.\.100",
    )
    oop, ip = spot_hands(BOARD)
    _refused_quickly(
        lambda: solve_river(
            BOARD, oop, ip, POT, 10**6 * POT, limit="fixed", big_bet=20, max_raises=raises, iterations=1
        ),
        "max_raises",
    )
    # At the cap a fixed limit line of a hundred raises is a tree of a few hundred nodes.
    assert len(build_tree(POT, 10**6 * POT, limit="fixed", big_bet=20, max_raises=MAX_RAISES)) == 6 * 100 + 9


def test_too_many_sizes_are_refused():
    from omaha8.solver import MAX_SIZES

    with pytest.raises(SolverError, match=f"at most {MAX_SIZES}"):
        build_tree(POT, STACK, limit="no", bets=[1.0] * (MAX_SIZES + 1))
    import itertools

    with pytest.raises(SolverError, match=f"at most {MAX_SIZES}"):
        build_tree(POT, STACK, limit="no", bets=(1.0 + i for i in itertools.count()))  # never ends


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"max_raises": 0},
        {"limit": "fixed", "big_bet": 20, "max_raises": 7},
        {"stack": 0},
        {"stack": 50},
        {"limit": "no", "bets": (0.3, 0.75, 2.0), "raises": (0.5, 1.0, 3.0), "max_raises": 3},
        {"limit": "no", "bets": (0.75, 0.75000000000000001, 1.0), "raises": (), "stack": 90},
        {"limit": "fixed", "big_bet": 150, "stack": 400},
        {"bets": ()},
    ],
)
def test_the_count_is_the_tree_built(rules):
    from omaha8.solver import _rules, _tree_shape

    rules = dict(rules)
    stack = rules.pop("stack", STACK)
    nodes = build_tree(POT, stack, **rules)
    shape = _tree_shape(_rules(POT, stack, **rules))
    assert shape.nodes == len(nodes)
    assert shape.paths == sum(len(node.path) for node in nodes)
    assert shape.depth == max(len(node.path) for node in nodes)
    assert shape.widest == max(len(node.actions) for node in nodes)
    assert shape.actions == tuple(
        sum(len(node.actions) for node in nodes if node.kind == player) for player in ("oop", "ip")
    )


def test_the_count_is_the_tree_built_on_random_rules():
    """The count's formula for subtrees no raise can take all-in, and its shortcut for the last
    raise, against the builder, on random rules: deep stacks and shallow, sizes near each other."""
    import random

    from omaha8.solver import _rules, _tree_shape

    rng = random.Random(32)
    for _ in range(300):
        limit = rng.choice(["pot", "no", "fixed"])
        rules = {"limit": limit, "max_raises": rng.randrange(0, 7)}
        pot = rng.choice([1.0, 100.0, 3.7, 1e-30, 1e30])
        stack = pot * rng.choice([0, 0.3, 1, 2.5, 4, 10, 50, 1000, 1e6])
        if limit == "fixed":
            rules["big_bet"] = pot * rng.choice([0.1, 0.5, 1, 3, 1e-7])
        else:
            top = 1.0 if limit == "pot" else 5.0
            for key, most in (("bets", 5), ("raises", 4)):
                rules[key] = [round(rng.uniform(0.05, top), rng.choice([1, 2, 9])) for _ in range(rng.randrange(most))]
                if rules[key] and rng.random() < 0.2:
                    rules[key].append(rules[key][0] + 1e-7)  # too near for the formula
        shape = _tree_shape(_rules(pot, stack, **rules), 20_000)
        if shape is None:
            continue
        nodes = build_tree(pot, stack, **rules)
        assert shape == (
            len(nodes),
            sum(len(node.path) for node in nodes),
            max(len(node.path) for node in nodes),
            max(len(node.actions) for node in nodes),
            tuple(sum(len(node.actions) for node in nodes if node.kind == player) for player in ("oop", "ip")),
        ), (pot, stack, rules)


def test_the_estimate_counts_the_tree_and_its_paths():
    import tracemalloc

    from omaha8.solver import _estimate, _rules, _tree_shape

    for rules in (
        {"limit": "fixed", "big_bet": 20, "max_raises": 100},
        {"limit": "no", "bets": (0.1, 0.2, 0.3), "raises": (0.1, 0.2, 0.3), "max_raises": 6},
    ):
        tracemalloc.start()
        nodes = build_tree(POT, 10**6 * POT, **rules)
        built = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        shape = _tree_shape(_rules(POT, 10**6 * POT, **rules))
        assert len(nodes) == shape.nodes
        # One hand a side: the engine's share is small, the tree's own objects are most of it.
        assert _estimate(shape, (1, 1)) >= built


# ---------------------------------------------------------------- issue 32: scale


@pytest.mark.parametrize("pot", [1e-300, 1e-50, 1e-30, 1e30, 1e36, 1e38, 1e300])
def test_the_same_spot_at_any_scale_is_the_same_game(pot):
    oop, ip = spot_hands(BOARD)
    one = solve_river(BOARD, oop, ip, 1.0, 4.0, iterations=30, exploitability=0.0)
    scaled = solve_river(BOARD, oop, ip, pot, 4 * pot, iterations=30, exploitability=0.0)
    assert one.exploitability < 0.005
    assert scaled.exploitability == one.exploitability and scaled.history == one.history
    assert all(scaled.strategies[n].tobytes() == one.strategies[n].tobytes() for n in one.strategies)
    assert scaled.value == one.value * pot
    for player in ("oop", "ip"):
        assert list(scaled.ev(player)) == [v * pot for v in one.ev(player)]
    # The tree the solution shows is in the spot's own chips.
    assert scaled.tree()[0].pot == pot and scaled.stack == 4 * pot
    assert scaled.tree()[2].oop_in == 0.5 * pot


def test_weights_are_scaled_before_the_engine_sees_them():
    oop, ip = spot_hands(BOARD)
    plain = solve_river(BOARD, oop, ip, POT, STACK, iterations=30, exploitability=0.0)
    for factor in (2.0**-1070, 2.0**-1000, 2.0**900):
        scaled = [(side[0], [w * factor for w in side[1]]) for side in (oop, ip)]
        s = solve_river(BOARD, scaled[0], scaled[1], POT, STACK, iterations=30, exploitability=0.0)
        assert s.exploitability == plain.exploitability and s.value == plain.value
        assert all(s.strategies[n].tobytes() == plain.strategies[n].tobytes() for n in plain.strategies)
        assert s.ev("ip").tobytes() == plain.ev("ip").tobytes()
        # The solution keeps the weights it was given, and its frequencies are the same.
        assert list(s.weights[0]) == scaled[0][1]
        assert s.frequencies(("check",)) == pytest.approx(plain.frequencies(("check",)), rel=1e-12)
    # Denormal weights, the smallest positive floats, are dealt.
    tiny = [(side[0], [5e-324] * len(side[1])) for side in (oop, ip)]
    s = solve_river(BOARD, tiny[0], tiny[1], POT, STACK, iterations=10)
    assert math.isfinite(s.value) and math.isfinite(s.exploitability)


@pytest.mark.parametrize(
    "pot, stack, words",
    [
        (1.0, 2.0**24 + 1, "stack"),
        (1e-300, 1e-200, "stack"),
        (1e308, 1e308, "finite"),
        (5e-324, 0, "pot"),
        (float("inf"), 1, "pot"),
        (1, float("inf"), "stack"),
    ],
)
def test_what_float_cannot_hold_is_refused(pot, stack, words):
    with pytest.raises(SolverError, match=words):
        build_tree(pot, stack)
    oop, ip = spot_hands(BOARD)
    with pytest.raises(SolverError, match=words):
        solve_river(BOARD, oop, ip, pot, stack, iterations=1)


# ---------------------------------------------------------------- issue 32: files


def _header_of(data: bytes) -> dict:
    import json

    from omaha8.solver import _MAGIC

    length = int.from_bytes(data[len(_MAGIC) : len(_MAGIC) + 8], "little")
    return json.loads(data[len(_MAGIC) + 8 : len(_MAGIC) + 8 + length])


def _with_header(data: bytes, header, text: Optional[bytes] = None) -> bytes:
    import json

    from omaha8.solver import _MAGIC

    length = int.from_bytes(data[len(_MAGIC) : len(_MAGIC) + 8], "little")
    new = text if text is not None else json.dumps(header).encode()
    return _MAGIC + len(new).to_bytes(8, "little") + new + data[len(_MAGIC) + 8 + length :]


@pytest.fixture(scope="module")
def saved(solved, tmp_path_factory):
    path = tmp_path_factory.mktemp("saved") / "spot.o8r"
    solved.save(path)
    return path.read_bytes()


def _load_bytes(tmp_path, data: bytes, name: str = "x.o8r"):
    path = tmp_path / name
    path.write_bytes(data)
    return RiverSolution.load(path)


def test_a_hostile_header_is_refused_before_its_tree_is_built(saved, tmp_path):
    from omaha8.solver import _MAGIC

    header = _header_of(saved)
    # The file: no limit, 30 bet and 30 raise sizes, three or four raises, a stack of 1e12.
    for stack, raises, words in [(1e12, 3, "stack"), (1e12, 4, "stack"), (1e6, 3, "tree"), (1e6, 4, "tree")]:
        hostile = dict(
            header,
            limit="no",
            bets=[0.1 * i for i in range(1, 31)],
            raises=[0.1 * i for i in range(1, 31)],
            max_raises=raises,
            stack=stack,
        )
        data = _with_header(saved, hostile)
        _refused_quickly(lambda data=data: _load_bytes(tmp_path, data), words)
        # Even the header alone, with no room for its hands, is refused as quickly.
        end = len(_MAGIC) + 8 + int.from_bytes(data[len(_MAGIC) : len(_MAGIC) + 8], "little")
        _refused_quickly(lambda head=data[:end]: _load_bytes(tmp_path, head), "stack" if stack > 1e6 else "cut short")


def test_a_deeply_nested_header_is_a_solver_error(saved, tmp_path):
    for text in (b"[" * 100_000, b'{"a":' * 100_000, b"[" * 100_000 + b"]" * 100_000):
        with pytest.raises(SolverError, match=r"x\.o8r.*too deep"):
            _load_bytes(tmp_path, _with_header(saved, None, text))
    for text in (b"", b"{", b"\xff\xfe", b'{"pot": 1e999999}', b"[" + b"1" * 5000 + b"]"):
        with pytest.raises(SolverError, match=r"x\.o8r.*(not JSON|mapping|lacks)"):
            _load_bytes(tmp_path, _with_header(saved, None, text))


def _changed(header: dict, **changes) -> dict:
    return dict(header, **changes)


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"board": []}, "board"),
        ({"board": ["Ks", "7d"]}, "board"),
        ({"board": ["As"] * 5}, "duplicate"),
        ({"board": "Ks7d2h9c4s"}, "board"),
        ({"iterations": "abc"}, "iterations"),
        ({"iterations": -5}, "iterations"),
        ({"iterations": 2.5}, "iterations"),
        ({"iterations": True}, "iterations"),
        ({"max_raises": 1.0}, "max_raises"),
        ({"hole_size": 7}, "hole_size"),
        ({"hands": [5]}, "hands"),
        ({"hands": [5, "5"]}, "hands"),
        ({"pot": float("nan")}, "pot"),
        ({"pot": -1}, "pot"),
        ({"stack": "400"}, "stack"),
        ({"limit": "spread"}, "limit"),
        ({"bets": "0.5"}, "bets"),
        ({"big_bet": 10}, "big_bet"),
        ({"exploitability": float("nan")}, "exploitability"),
        ({"exploitability": "small"}, "exploitability"),
        ({"exploitability": 1e300}, "exploitability"),
        ({"exploitability": -0.5}, "exploitability"),
        ({"value": float("inf")}, "value"),
        ({"value": 1e9}, "value"),
        ({"history": [[10, 0.1]]}, "history"),
        ({"history": "none"}, "history"),
        ({"seconds": -1}, "seconds"),
        ({"memory": "a lot"}, "memory"),
        ({"extra": 1}, "extra"),
    ],
)
def test_load_checks_the_header_as_solve_river_checks_its_arguments(saved, tmp_path, changes, words):
    header = _header_of(saved)
    header.update(changes)
    with pytest.raises(SolverError, match=words):
        _load_bytes(tmp_path, _with_header(saved, header))
    if "extra" not in changes:
        # A header lacking a field is refused too, naming it.
        missing = {key: value for key, value in _header_of(saved).items() if key != next(iter(changes))}
        with pytest.raises(SolverError, match=next(iter(changes))):
            _load_bytes(tmp_path, _with_header(saved, missing))


def test_a_file_written_before_the_rake_loads_with_none(solved, saved, tmp_path):
    header = _header_of(saved)
    assert header["rake"] == [0.0, None] and header["ip_value"] == solved.ip_value
    old = {key: value for key, value in header.items() if key not in ("rake", "ip_value")}
    loaded = _load_bytes(tmp_path, _with_header(saved, old))
    assert loaded.rake == (0.0, None) and loaded.ip_value == solved.pot - solved.value
    for changes, words in (
        ({"rake": [2.0, None]}, "rake"),
        ({"rake": [0.05, -3]}, "cap"),
        ({"rake": "5%,3"}, "rake"),
        ({"ip_value": 1e9}, "ip_value"),
        ({"ip_value": "most"}, "ip_value"),
    ):
        with pytest.raises(SolverError, match=words):
            _load_bytes(tmp_path, _with_header(saved, {**header, **changes}))


def test_a_raked_river_saves_and_loads_with_its_rake(tmp_path):
    oop, ip = spot_hands(BOARD)
    raked = solve_river(BOARD, oop, ip, POT, STACK, iterations=20, rake=(0.05, 3.0))
    assert raked.rake == (0.05, 3.0) and raked.value + raked.ip_value < POT - 1.0
    raked.save(tmp_path / "raked.o8r")
    assert RiverSolution.load(tmp_path / "raked.o8r") == raked


def _blocks(solution) -> dict:
    """Where each block of a solution's file starts, after the header."""
    k = solution.hole_size
    n = [len(rows) // k for rows in solution.rows]
    at = {"oop rows": 0, "ip rows": n[0] * k}
    at["oop weights"] = at["ip rows"] + n[1] * k
    at["ip weights"] = at["oop weights"] + 8 * n[0]
    at["oop values"] = at["ip weights"] + 8 * n[1]
    at["ip values"] = at["oop values"] + 8 * n[0]
    at["strategies"] = at["ip values"] + 8 * n[1]
    return at


@pytest.mark.parametrize(
    "block, offset, value, words",
    [
        ("oop rows", 0, bytes([200]), "oop hand 0"),
        ("ip rows", 1, bytes([int(parse_cards("Ks")[0])]), "ip hand 0"),
        ("oop rows", 1, None, "oop hand 0"),  # the row's first card twice
        ("oop weights", 0, array("d", [math.nan]).tobytes(), "oop weights"),
        ("ip weights", 8, array("d", [-1.0]).tobytes(), "ip weights"),
        ("oop weights", 0, array("d", [0.0]).tobytes(), "oop weights"),
        ("ip weights", 0, array("d", [1e301]).tobytes(), "ip weights"),
        ("oop values", 0, array("d", [math.inf]).tobytes(), "oop values"),
        ("ip values", 8, array("d", [1e9]).tobytes(), "ip values"),
        ("strategies", 0, array("d", [math.nan]).tobytes(), "strateg"),
        ("strategies", 0, array("d", [0.9]).tobytes(), "add up"),
        ("strategies", 0, array("d", [-0.5]).tobytes(), "strateg"),
    ],
)
def test_load_checks_the_rows_weights_values_and_strategies(solved, saved, tmp_path, block, offset, value, words):
    header_end = (
        len(saved)
        - len(b"".join([solved.rows[0], solved.rows[1]]))
        - 8 * (2 * len(solved.weights[0]) + 2 * len(solved.weights[1]))
        - 8 * sum(len(s) for s in solved.strategies.values())
    )
    at = header_end + _blocks(solved)[block] + offset
    if value is None:
        value = saved[at - 1 : at]
    data = saved[:at] + value + saved[at + len(value) :]
    assert len(data) == len(saved)
    with pytest.raises(SolverError, match=words):
        _load_bytes(tmp_path, data)


def _assert_valid(solution: RiverSolution) -> None:
    """What any solution solve_river writes holds."""
    board = {int(c) for c in solution.board}
    assert len(board) == 5
    for p, player in enumerate(("oop", "ip")):
        for row in solution.hands(player).tolist():
            assert len(set(row)) == len(row) and not board & set(row) and max(row) < 52
        assert all(0 < w < math.inf for w in solution.weights[p])
        assert all(math.isnan(v) or abs(v) <= solution.pot + 2 * solution.stack for v in solution.values[p])
    for node in solution.tree():
        if node.kind in ("oop", "ip"):
            strategy = solution.strategy(node.path)
            for column in zip(*strategy.values()):
                assert all(0 <= x <= 1 for x in column) and abs(sum(column) - 1) < 1e-9
    assert math.isfinite(solution.value) and math.isfinite(solution.exploitability)
    assert solution.iterations >= 1 and solution.history[-1][0] == solution.iterations


def test_damaged_files_load_whole_or_are_a_solver_error(saved, tmp_path):
    import random
    import time

    rng = random.Random(32)
    started = time.perf_counter()
    loaded = refused = 0
    for case in range(400):
        data = bytearray(saved)
        if case % 4 == 0:
            data = data[: rng.randrange(len(data))]
        else:
            for _ in range(rng.choice((1, 1, 2, 5))):
                data[rng.randrange(len(data))] = rng.randrange(256)
        try:
            solution = _load_bytes(tmp_path, bytes(data))
        except SolverError:
            refused += 1
        else:
            loaded += 1
            _assert_valid(solution)
    assert refused > 100 and time.perf_counter() - started < 20


def test_save_names_the_path_and_leaves_nothing_behind(solved, tmp_path, monkeypatch):
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(SolverError, match=r"folder.*directory"):
        solved.save(folder)
    with pytest.raises(SolverError, match="missing"):
        solved.save(tmp_path / "missing" / "dir" / "x")
    with pytest.raises(SolverError, match="empty"):
        solved.save("")
    with pytest.raises(SolverError, match="path"):
        solved.save(5)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"] and not list(folder.iterdir())

    # A failure while writing or renaming leaves no partial file.
    import os

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(SolverError, match=r"spot\.o8r.*No space left"):
        solved.save(tmp_path / "spot.o8r")
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]
    # A file of the user's named like the partial one is not touched.
    (tmp_path / "spot.o8r.partial").write_bytes(b"mine")
    solved.save(tmp_path / "spot.o8r")
    assert (tmp_path / "spot.o8r.partial").read_bytes() == b"mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "spot.o8r", "spot.o8r.partial"]
    assert RiverSolution.load(tmp_path / "spot.o8r") == solved


# ---------------------------------------------------------------- issue 32: arguments


def test_arguments_are_checked_before_any_work(monkeypatch):
    import omaha8.solver as solver

    def no_work(*args, **kwargs):
        raise AssertionError("work began before the arguments were checked")

    monkeypatch.setattr(solver, "run_job", no_work)
    monkeypatch.setattr(solver, "run_spots", no_work)
    oop, ip = spot_hands(BOARD)
    with pytest.raises(SolverError, match="progress"):
        solve_river(BOARD, oop, ip, POT, STACK, iterations=20, progress=5)
    spots = [{"board": BOARD, "oop": "AsAh3d*", "ip": "QdQc8h*", "pot": POT, "stack": STACK, "iterations": 1}]
    for executor in (5, "pool", ThreadPoolExecutor):
        with pytest.raises(SolverError, match="executor"):
            solve_rivers(spots, executor=executor)
    with pytest.raises(SolverError, match=r"spot 0.*'stacks'"):
        solve_rivers([dict(spots[0], stacks=5)])
    with pytest.raises(SolverError, match=r"spot 0.*'pot'"):
        solve_rivers([{key: value for key, value in spots[0].items() if key != "pot"}])


def test_numpy_integers_are_counts_and_bools_and_floats_are_not():
    np = pytest.importorskip("numpy")
    oop, ip = spot_hands(BOARD)
    plain = solve_river(BOARD, oop, ip, POT, STACK, max_raises=2, iterations=20, threads=1)
    s = solve_river(
        BOARD,
        oop,
        ip,
        np.int64(POT),
        np.int32(STACK),
        max_raises=np.int64(2),
        iterations=np.int64(20),
        threads=np.int8(1),
    )
    assert s.value == plain.value and s.max_raises == 2 and type(s.max_raises) is int
    assert s.iterations == 20 and type(s.iterations) is int
    for name, value in [
        ("max_raises", True),
        ("max_raises", 2.0),
        ("iterations", 20.0),
        ("iterations", False),
        ("threads", 1.0),
        ("threads", True),
    ]:
        with pytest.raises(SolverError, match=f"{name} must be an int, not"):
            solve_river(BOARD, oop, ip, POT, STACK, **{name: value})


def test_weights_of_a_buffer_follow_the_one_rule():
    oop, ip = spot_hands(BOARD)
    with pytest.raises(SolverError, match=r"oop: weights has 2 entries for 5 hands"):
        solve_river(BOARD, (oop[0], [1.0, 1.0]), ip, POT, STACK, iterations=1)
    with pytest.raises(SolverError, match=r"ip: weights\[1\] .*too large"):
        solve_river(BOARD, oop, (ip[0], [1, 10**400, 1, 1, 1]), POT, STACK, iterations=1)
    with pytest.raises(SolverError, match=r"ip: weights must be"):
        solve_river(BOARD, oop, (ip[0], {0: 1.0}), POT, STACK, iterations=1)
    with pytest.raises(SolverError, match=r"oop: weights add up to"):
        solve_river(BOARD, (oop[0], [1e300] * 5), ip, POT, STACK, iterations=1)


def test_a_path_given_as_one_string_is_refused_with_the_fix(solved):
    for method in (solved.node, solved.strategy, solved.frequencies, solved.reach):
        with pytest.raises(SolverError, match=r"""such as \["check"\]"""):
            method("check")
    with pytest.raises(SolverError, match="path"):
        solved.frequencies(5)
    assert solved.frequencies(["check"]) == solved.frequencies(("check",))


def test_the_engine_reads_weights_by_the_one_rule(impl):
    board = bytes(parse_cards(BOARD))
    oop, ip = bytes(parse_cards("AhAd3c5d")), bytes(parse_cards("KhKd8c8d"))
    tree = (array("i", [0, 4]), array("i", [1, 0]), array("i", [1, 0]), array("d", [1, 0, 0] * 2))
    good = array("d", [1.0]).tobytes()
    for weights in (good, array("d", [1.0]), [1.0], [1]):
        impl.RiverJob(board, oop, ip, 4, weights, good, *tree)
    for weights, words in [
        (b"\x00" * 7, "8 bytes"),
        ([10**400], r"ip weights\[0\].*too large"),
        ([math.nan], r"ip weights\[0\]"),
        ([1.5e300], "add up to"),
        ([0.0], "every weight is 0"),
        ("1.0", "ip weights"),
        ([1.0, 1.0], "2 entries for 1 hand"),
    ]:
        with pytest.raises(SolverError, match=words):
            impl.RiverJob(board, oop, ip, 4, good, weights, *tree)


def test_load_and_save_refuse_odd_paths_in_the_family(tmp_path):
    # A NUL in a path was a ValueError, a name too long an OSError, and load read a device or a
    # pipe to its end (or waited on it) before looking at a byte.
    for path in ("a\0b", str(tmp_path / ("a" * 5000))):
        with pytest.raises(SolverError):
            RiverSolution.load(path)
        with pytest.raises(SolverError):
            RiverSolution.check_save_path(path)
    with pytest.raises(SolverError, match="not a file"):
        RiverSolution.load("/dev/zero")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(SolverError, match="not a file"):
        RiverSolution.load(fifo)
    with pytest.raises(SolverError, match="not a file"):
        RiverSolution.load(tmp_path)
