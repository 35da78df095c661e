"""omaha8.solve from the turn and the flop, checked against what the tests compute on their own
(tests/street_reference.py): the game's value by the sequence-form LP of the whole game, chance
included (scipy's HiGHS), and the exploitability by an independent best-response walk over
every card; on a river, solve_river's bits; the pure engine's answer; the estimate against the
memory measured; every bad argument refused by name."""

from __future__ import annotations

import json
import math
import re
from array import array

import pytest
from conftest import make_live
from street_reference import Rules, best_response, build, node_at, pair_share, value_by_linear_program

import omaha8
from omaha8 import Range, SolverError, parse_cards, solve, solve_estimate, solve_river

POT, STACK = 100.0, 400.0
TURN = "Ks7d2h9c"
OOP = [("AhAd3c5d", 1.0), ("KhKd8c8d", 0.5), ("QhJhTd8s", 2.0)]
IP = [("AsAc3d5h", 1.0), ("JcJd8h6s", 1.5), ("2c3s5c6h", 0.5)]


def side(hands: list) -> tuple:
    cards = bytes(int(c) for h, _ in hands for c in parse_cards(h))
    return (memoryview(cards).cast("B", (len(hands), len(hands[0][0]) // 2)), [w for _, w in hands])


def reference_rules(board: str, **kw) -> Rules:
    """The reference's Rules for solve's keyword arguments (per street or for every street)."""
    streets = {3: ("flop", "turn", "river"), 4: ("turn", "river"), 5: ("river",)}[len(board) // 2]
    limit = kw.get("limit", "pot")

    def per(name, default):
        value = kw.get(name, default)
        return (
            {s: value.get(s, () if name != "max_raises" else default) for s in streets}
            if isinstance(value, dict)
            else dict.fromkeys(streets, value)
        )

    return Rules(
        POT,
        kw.get("stack", STACK),
        limit,
        bets=per("bets", (0.5, 1.0)) if limit != "fixed" else {},
        raises=per("raises", (1.0,)) if limit != "fixed" else {},
        max_raises=per("max_raises", 3 if limit == "fixed" else 2),
        small_bet=kw.get("small_bet"),
        big_bet=kw.get("big_bet"),
        rake=tuple(kw.get("rake") or (0.0, None)),
    )


def strategy_of(solution, board: str, rules: Rules) -> dict:
    """The Solution's average strategy in the reference's keys: (player, hand, decision)."""
    out: dict = {}

    def walk(node, path):
        if node.kind in ("oop", "ip"):
            p = 0 if node.kind == "oop" else 1
            played = solution.strategy(path)
            names = [name for name, _ in node.children]
            assert list(played) == names, (path, list(played), names)
            for h in range(len(solution.hands(node.kind))):
                out[(p, h, node.number)] = [0.0 if math.isnan(played[a][h]) else played[a][h] for a in names]
        for key, child in node.children:
            step = str(omaha8.Card(key)) if node.kind == "chance" else key
            walk(child, path + (step,))

    walk(build(board, rules), ())
    return out


SPOTS = {
    "pot limit": dict(bets={"turn": (1.0,), "river": (0.5,)}, raises=(1.0,), max_raises=1),
    "no limit": dict(limit="no", bets={"turn": (1.5,), "river": (0.75,)}, raises=(), max_raises=0),
    "fixed limit": dict(limit="fixed", big_bet=50.0, max_raises=1),
}


@pytest.mark.parametrize("name", sorted(SPOTS))
@pytest.mark.slow
def test_a_turn_spot_is_worth_the_linear_programs_value(name, live_core):
    """Converged to 1e-4 or 2e-4 of the pot: the LP's value within twice that (the slow test below
    goes to 1e-6)."""
    pytest.importorskip("scipy")
    kw = SPOTS[name]
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=600, exploitability=1e-4, **kw)
    lp = value_by_linear_program(TURN, OOP, IP, reference_rules(TURN, **kw))
    # The average strategies' value is within twice the exploitability of the game's value.
    assert solved.exploitability <= 2e-4
    assert abs(solved.value - lp) <= 2 * solved.exploitability * POT + 1e-9, (solved.value, lp)


@pytest.mark.slow
def test_a_turn_spot_converges_to_the_linear_programs_value_within_a_millionth_of_the_pot(live_core):
    pytest.importorskip("scipy")
    kw = SPOTS["pot limit"]
    # Float32 regrets and sums level the exploitability off near 3e-6 of the pot; the value is
    # far closer to the LP's than twice that.
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=4000, exploitability=1e-5, **kw)
    lp = value_by_linear_program(TURN, OOP, IP, reference_rules(TURN, **kw))
    assert solved.exploitability <= 2e-5
    assert abs(solved.value - lp) <= 1e-6 * POT


def test_a_turn_where_no_low_can_come(live_core):
    pytest.importorskip("scipy")
    board = "KsQdJh2c"  # one low card: no river makes three
    oop = [("AhAd3c5d", 1.0), ("KhKd8c8d", 1.0)]
    ip = [("AsAc3d5h", 1.0), ("TcTd8h6s", 1.0)]
    kw = dict(bets=(1.0,), raises=(), max_raises=0)
    solved = solve(board, side(oop), side(ip), POT, STACK, iterations=600, exploitability=1e-4, **kw)
    lp = value_by_linear_program(board, oop, ip, reference_rules(board, **kw))
    assert abs(solved.value - lp) <= 2 * solved.exploitability * POT + 1e-9


@pytest.mark.slow
def test_the_exploitability_is_the_reference_best_responses(live_core):
    kw = SPOTS["pot limit"]
    rules = reference_rules(TURN, **kw)
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=60, exploitability=0.0, **kw)
    assert solved.iterations == 60 and solved.exploitability > 1e-4  # not converged: a real test
    strategy = strategy_of(solved, TURN, rules)
    oop_best = best_response(TURN, OOP, IP, rules, strategy, 0)
    ip_best = best_response(TURN, OOP, IP, rules, strategy, 1)
    walked = (oop_best + ip_best - POT) / 2 / POT
    # The solution keeps its strategies as float32: the walk plays them rounded.
    assert walked == pytest.approx(solved.exploitability, abs=1e-6)


@pytest.mark.parametrize("rake", [None, (0.05, 30.0)])
@pytest.mark.slow
def test_a_river_through_solve_is_solve_river_to_the_bit(rake, live_core):
    river = TURN + "4s"
    kw = dict(bets=(0.5, 1.0), raises=(1.0,), max_raises=2, rake=rake)
    ours = solve(river, "5%", "5%", POT, STACK, iterations=40, exploitability=0.0, **kw)
    theirs = solve_river(river, "5%", "5%", POT, STACK, iterations=40, exploitability=0.0, **kw)
    assert ours.history == theirs.history
    assert ours.value == theirs.value
    for player in ("oop", "ip"):
        assert list(ours.ev(player)) == pytest.approx(list(theirs.ev(player)), abs=1e-9, nan_ok=True)
    for path in ((), ("check",), ("bet 0.5",), ("check", "bet 1.0")):
        for action, row in theirs.strategy(path).items():
            assert list(ours.strategy(path)[action]) == pytest.approx(list(row), abs=1e-6)


@pytest.mark.slow
def test_any_thread_count_gives_the_same_bits(live_core):
    kw = SPOTS["pot limit"]
    one = solve(TURN, "1%", "1%", POT, STACK, iterations=10, exploitability=0.0, threads=1, **kw)
    two = solve(TURN, "1%", "1%", POT, STACK, iterations=10, exploitability=0.0, threads=2, **kw)
    assert one.history == two.history and one.value == two.value
    for action, row in one.strategy(("check", "check", "7c")).items():
        assert row.tobytes() == two.strategy(("check", "check", "7c"))[action].tobytes()  # NaN for NaN


@pytest.mark.parametrize("compression", [False, True])
@pytest.mark.slow
def test_the_pure_engine_solves_the_same_game(live, compression):
    # Two hands a side, one size a street: small enough for the pure engine.
    oop, ip = OOP[:2], IP[:2]
    kw = dict(bets={"turn": (1.0,), "river": (1.0,)}, raises=(), max_raises=0, compression=compression)
    solved = solve(TURN, side(oop), side(ip), POT, STACK, iterations=300, exploitability=1e-4, **kw)
    assert solved.exploitability <= (1e-4 if not compression else 1e-3)
    kw.pop("compression")
    # Exact: the game's value from the reference's equilibrium walk (each best response to
    # the LP's own equilibrium is the value; see test_street_reference).
    pytest.importorskip("scipy")
    lp = value_by_linear_program(TURN, oop, ip, reference_rules(TURN, **kw))
    assert abs(solved.value - lp) <= 2 * solved.exploitability * POT + 1e-9


@pytest.mark.slow
def test_compressed_storage_takes_half_and_solves_the_same_game(live_core):
    kw = dict(bets=(1.0,), raises=(1.0,), max_raises=1, iterations=30, exploitability=0.0)
    full = solve(TURN, "1%", "1%", POT, STACK, **kw)
    half = solve(TURN, "1%", "1%", POT, STACK, compression=True, **kw)
    # Each value is within twice its exploitability of the game's: so within the sum of both.
    assert abs(full.value - half.value) <= 2 * (full.exploitability + half.exploitability) * POT
    assert half.exploitability < 2 * full.exploitability
    estimate = solve_estimate(TURN, "1%", "1%", POT, STACK, compression=True, **kw)
    stored = 4 * estimate.elements
    assert half.memory < full.memory - stored * 0.9  # 8 bytes an element became 4
    assert abs(estimate.bytes - half.memory) <= 0.1 * half.memory


def job_arguments(board: str, oop: list, ip: list, swaps: tuple = (), **kw) -> tuple:
    """StreetJob's arguments for a spot of the tests, the tree dealing every card or (with
    ``swaps``) but the mirror images."""
    from omaha8.streettree import build_street_tree, read_street_rules

    cards = tuple(int(c) for c in parse_cards(board))
    tree = build_street_tree(cards, read_street_rules(len(cards), POT, STACK, **kw), swaps)
    rows = [bytes(int(c) for h, _ in s for c in parse_cards(h)) for s in (oop, ip)]
    weights = [array("d", [w for _, w in s]).tobytes() for s in (oop, ip)]
    return (bytes(cards), rows[0], rows[1], 4, weights[0], weights[1], tree.kind, tree.first, tree.count, tree.units,
            array("i", tree.card), False, swaps)  # fmt: skip


def root_values(jobs: list, mode: int, player: int) -> list[list[float]]:
    """Each job's values at the root for ``player`` in phase ``mode``."""
    roots = []
    for job in jobs:
        job.begin(mode, 0, player)
        job.run(0)
        roots.append(list(job.root(player)))
    return roots


def test_the_compiled_engine_is_the_pure_one_hand_by_hand(core, fallback):
    """Before any update (every strategy uniform), both engines' best responses and values at
    the root, hand by hand: the compiled sweep over each river's sorted sides against the pure
    engine's pair-by-pair showdowns from the evaluator."""
    arguments = job_arguments(TURN, OOP, IP, **SPOTS["pot limit"])
    jobs = [engine.StreetJob(*arguments) for engine in (core, fallback)]
    for mode in (1, 2):
        for player in (0, 1):
            roots = root_values(jobs, mode, player)
            assert roots[0] == pytest.approx(roots[1], rel=1e-12), (mode, player)
            assert any(abs(v) > 1e-9 for v in roots[0])


def test_a_flop_spot_with_no_betting_is_the_equity_over_every_runout(live_core):
    flop = "Ks7d2h"
    oop, ip = [("AhAd3c5d", 1.0)], [("JcJd8h6s", 1.0)]
    solved = solve(flop, side(oop), side(ip), POT, STACK, bets=(), raises=(), iterations=1)
    a, b = (tuple(int(c) for c in parse_cards(h)) for h, _ in (oop[0], ip[0]))
    board = tuple(int(c) for c in parse_cards(flop))
    left = [c for c in range(52) if c not in board + a + b]
    total = 0.0
    count = 0
    for i, t in enumerate(left):
        for r in left[i + 1 :]:
            five = board + (t, r)
            total += float(pair_share(omaha8.evaluate(a, five), omaha8.evaluate(b, five)))
            count += 1
    assert solved.value == pytest.approx(POT * total / count, abs=1e-9)


def test_ev_at_a_river_node_is_the_showdown_against_the_hands_that_reach_it(live_core):
    kw = dict(bets={"turn": (1.0,), "river": ()}, raises=(), max_raises=0)
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=200, exploitability=0.0, **kw)
    path = ("check", "check", "7c")
    ev = solved.ev("oop", path)
    reach = solved.reach(("check",))  # IP's reach after OOP's check: its check there
    checked = solved.strategy(("check",))["check"]
    board = tuple(int(c) for c in parse_cards(TURN + "7c"))
    for i, (hand, _) in enumerate(OOP):
        mine = tuple(int(c) for c in parse_cards(hand))
        won = weight = 0.0
        for j, (other, w) in enumerate(IP):
            theirs = tuple(int(c) for c in parse_cards(other))
            if set(mine) & set(theirs) or set(theirs) & set(board):
                continue
            r = w * checked[j]
            won += r * float(pair_share(omaha8.evaluate(mine, board), omaha8.evaluate(theirs, board)))
            weight += r
        assert ev[i] == pytest.approx(POT * won / weight, rel=1e-6), i
    assert reach[0] == pytest.approx(IP[0][1] * 1.0)  # IP's first decision: its chance weight


def test_strategies_reaches_and_frequencies_at_a_dealt_card(live_core):
    kw = SPOTS["pot limit"]
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=30, **kw)
    path = ("check", "check", "3s")  # IP's 2c3s5c6h holds the 3s: it cannot be there
    strategy = solved.strategy(path + ("check",))
    assert set(strategy) == {"check", "bet 0.5"}
    assert math.isnan(strategy["check"][2]) and math.isnan(strategy["bet 0.5"][2])
    for h in (0, 1):
        assert strategy["check"][h] + strategy["bet 0.5"][h] == pytest.approx(1.0)
    assert solved.reach(path + ("check",))[2] == 0.0
    assert sum(solved.frequencies(path).values()) == pytest.approx(1.0)
    node = solved.node_at(path)
    assert node.kind == "oop" and node.board[-1] == omaha8.Card("3s") and node.actions == ("check", "bet 0.5")
    assert solved.node_at(("check", "check")).kind == "chance"
    with pytest.raises(SolverError, match="cannot come"):
        solved.node(("check", "check", "Ks"))
    with pytest.raises(SolverError, match="a card is dealt"):
        solved.node(("check", "check", "bet 1.0"))
    with pytest.raises(SolverError, match="no one acts"):
        solved.strategy(("check", "check"))
    tree = solved.tree()
    assert tree[0].kind == "oop" and tree[solved.node(path)] == node
    assert {n.kind for n in tree} == {"oop", "ip", "chance", "fold", "showdown"}


@pytest.mark.slow
def test_the_estimate_is_within_a_tenth_of_the_memory_measured(live_core):
    kw = dict(bets=(1.0,), raises=(1.0,), max_raises=1)
    estimate = solve_estimate(TURN, "5%", "5%", POT, STACK, **kw)
    solved = solve(TURN, "5%", "5%", POT, STACK, iterations=1, **kw)
    engine = solved.memory
    assert abs(estimate.bytes - engine) <= 0.1 * engine, (estimate, engine)
    # The peak: the engine's sums (4 bytes an element) beside the solution's float32 copy.
    assert estimate.bytes <= estimate.peak <= estimate.bytes + 0.1 * engine
    assert estimate.hands == (len(solved.hands("oop")), len(solved.hands("ip")))


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (dict(board="Ks7d"), "board"),
        (dict(board="Ks7d2h9c4s3d"), "board"),
        (dict(board=""), "board"),
        (dict(bets={"preflop": (1.0,)}), "no street"),
        (dict(bets={"flop": (1.0,)}), "past the flop"),
        (dict(max_raises={"turn": 1, "rivers": 1}), "no street"),
        (dict(limit="fixed"), "big_bet"),
        (dict(limit="fixed", big_bet=10, small_bet=5), "no flop"),
        (dict(max_memory=1000), "max_memory"),
        (dict(compression="yes"), "compression"),
        (dict(isomorphism=1), "isomorphism"),
        (dict(bets={"turn": (2.0,)}), "more than the pot"),
        (dict(rake=1.5), "rake"),
        (dict(rake=(0.05, -1)), "cap"),
        (dict(rake=(0.05, 3, 1)), "rake is"),
        (dict(rake="lots"), "rake"),
    ],
)
def test_bad_arguments_are_refused_by_name(arguments, words, live_core):
    spot = dict(board=TURN, oop="5%", ip="5%", pot=POT, stack=STACK)
    spot.update(arguments)
    with pytest.raises((SolverError, omaha8.CardError), match=words):
        solve(**spot)


@pytest.mark.slow
def test_a_spot_over_max_memory_is_refused_with_its_estimate(live_core):
    estimate = solve_estimate(TURN, Range("20%"), Range("20%"), POT, STACK)
    with pytest.raises(SolverError, match=r"GB .*elements over .*decisions") as caught:
        solve(TURN, Range("20%"), Range("20%"), POT, STACK, max_memory=estimate.peak - 1)
    assert f"{estimate.peak / 1e9:.2f} GB" in str(caught.value)


def test_the_engine_refuses_a_tree_it_cannot_play(impl):
    board = bytes(int(c) for c in parse_cards(TURN))
    rows = bytes(int(c) for c in parse_cards("AhAd3c5d"))
    weights = array("d", [1.0]).tobytes()
    # A chance node that skips a card, a showdown on the turn, a dealt decision.
    cases = [
        ([5, 4], [1, 0], [1, 0], [-1, 5]),
        ([0, 4], [1, 0], [1, 0], [-1, -1]),
        ([0, 0], [1, 0], [1, 0], [-1, 3]),
    ]
    for kinds, firsts, counts, cards in cases:
        with pytest.raises(SolverError):
            impl.StreetJob(board, rows, rows, 4, weights, weights, kinds, firsts, counts, [1.0, 0, 0] * 2, cards)


def test_solve_many_runs_spots_of_every_street_on_any_executor(live_core, dask_client):
    from concurrent.futures import ThreadPoolExecutor

    spots = [
        dict(board=TURN, oop="AsAh3d*", ip="QdQc8h*", pot=POT, stack=stack, bets=(1.0,), raises=(), iterations=10)
        for stack in (50, 400)
    ] + [dict(board=TURN + "4s", oop="AsAh3d*", ip="QdQc8h*", pot=POT, stack=STACK, bets=(1.0,), iterations=10)]
    alone = [solve(**spot) for spot in spots]
    for executor in (None, ThreadPoolExecutor(2), dask_client.get_executor()):
        solutions = omaha8.solve_many(spots, executor=executor)
        assert [s.value for s in solutions] == [s.value for s in alone]
        assert [len(s.board) for s in solutions] == [4, 4, 5]
        assert (
            solutions[1].strategy(("check",))["bet 1.0"].tobytes() == alone[1].strategy(("check",))["bet 1.0"].tobytes()
        )
    with pytest.raises(SolverError, match=r"spot 1: .*no street"):
        omaha8.solve_many([spots[0], dict(spots[0], bets={"preflop": (1.0,)})])
    with pytest.raises(SolverError, match="spot 0 has a progress"):
        omaha8.solve_many([dict(spots[0], progress=print)])


@pytest.mark.slow
def test_solve_many_saves_each_solution_to_a_folder_and_a_killed_run_resumes(live_core, tmp_path, dask_client):
    """Two quick spots and a slow one: a run in another process is killed while the slow one is
    solved, its two files already saved; a rerun loads those two (their files untouched), solves
    the third, and gives what solving all three here gives."""
    import subprocess
    import sys
    import time

    quick = dict(board=TURN, oop="AsAh3d*", ip="QdQc8h*", pot=POT, stack=STACK, bets=(1.0,), raises=(), iterations=10)
    slow = dict(board=TURN, oop="2%", ip="2%", pot=POT, stack=STACK, bets=(1.0,), iterations=40, exploitability=0.0)
    spots = [quick, dict(quick, stack=50), slow]
    folder = tmp_path / "library"
    script = f"import omaha8\nomaha8.solve_many({spots!r}, folder={str(folder)!r})\n"
    run = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.monotonic() + 120
        while len(list(folder.glob("spot-*.omaha8"))) < 2 and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.05)
        assert run.poll() is None, "the run ended before it could be killed: the slow spot is too quick"
    finally:
        run.kill()
        run.wait()
    saved = sorted(folder.glob("spot-*.omaha8"))
    assert [p.name[:10] for p in saved] == ["spot-00000", "spot-00001"]
    before = [p.read_bytes() for p in saved]
    solutions = omaha8.solve_many(spots, folder=folder)
    assert [p.read_bytes() for p in saved] == before  # loaded, not solved again
    assert solutions[0] == omaha8.Solution.load(saved[0]) and len(list(folder.glob("spot-*.omaha8"))) == 3
    alone = [solve(**spot) for spot in spots]
    assert [s.value for s in solutions] == [s.value for s in alone]
    # A changed spot is another file, solved; a damaged file is solved again and saved over.
    saved[1].write_bytes(b"damaged")
    again = omaha8.solve_many(
        [quick, dict(quick, stack=50), dict(quick, stack=60)], executor=dask_client.get_executor(), folder=folder
    )
    assert again[1].value == alone[1].value and omaha8.Solution.load(saved[1]) == again[1]
    assert len(list(folder.glob("spot-00002-*.omaha8"))) == 2
    with pytest.raises(SolverError, match="folder"):
        omaha8.solve_many([quick], folder=tmp_path / "library" / saved[0].name / "inside")


def test_a_solution_pickles_without_its_engine(live_core):
    import pickle

    solved = solve(TURN, side(OOP), side(IP), POT, STACK, bets=(1.0,), raises=(), iterations=20)
    below = solved.ev("oop", ("check", "check", "7c"))  # makes the engine job it keeps
    copy = pickle.loads(pickle.dumps(solved))
    assert copy.value == solved.value and copy.ev("oop", ("check", "check", "7c")).tobytes() == below.tobytes()


def test_save_and_load_give_the_solution_back_exactly(live_core, tmp_path):
    kw = SPOTS["pot limit"]
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=30, **kw)
    solved.save(tmp_path / "turn.o8s")
    loaded = omaha8.Solution.load(tmp_path / "turn.o8s")
    assert loaded == solved
    path = ("check", "check", "7c", "check")
    assert loaded.strategy(path)["bet 0.5"].tobytes() == solved.strategy(path)["bet 0.5"].tobytes()
    assert loaded.ev("ip", path).tobytes() == solved.ev("ip", path).tobytes()
    assert list(loaded.frequencies(("check",)).values()) == list(solved.frequencies(("check",)).values())


def test_a_damaged_file_is_refused_naming_it(live_core, tmp_path):
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=10, **SPOTS["pot limit"])
    good = tmp_path / "good"
    solved.save(good)
    data = good.read_bytes()
    header_end = 8 + len(b"omaha8 solution 1\n") + int.from_bytes(data[18:26], "little")
    damaged = {
        "short": data[:-5],
        "long": data + b"\0",
        "magic": b"omaha8 solutoin 1\n" + data[18:],
        "not a strategy": data[:-4] + array("f", [2.0]).tobytes(),
        "a river solution": b"omaha8 river solution 1\n" + data[18:],
        "header": data[:header_end].replace(b'"limit": "pot"', b'"limit": "pat"') + data[header_end:],
    }
    for name, content in damaged.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(SolverError, match=f"{path}: not a solution omaha8 saved") as caught:
            omaha8.Solution.load(path)
        assert "\n" not in str(caught.value), name
    with pytest.raises(SolverError, match="not a file"):
        omaha8.Solution.load(tmp_path)
    with pytest.raises(SolverError, match="directory"):
        solved.save(tmp_path)


# ---------------------------------------------------------------- suit isomorphism

# Hearts and clubs are absent from this turn; both ranges are unchanged by swapping them (the
# first hand of each is its own mirror image, the others come in mirror pairs, weights alike).
ALIKE = "Ks7s2d9d"
ALIKE_OOP = [("AhAc3h3c", 1.0), ("KhQh8s8d", 0.5), ("KcQc8s8d", 0.5)]
ALIKE_IP = [("JhJc6h6c", 1.5), ("AsAd4h5c", 1.0), ("AsAd4c5h", 1.0)]


def test_mirror_cards_are_dealt_once():
    """48 rivers become 35 on a turn with two suits absent, a monotone flop's 49 turns 23;
    a suit whose ranks differ, or a range that a swap changes, keeps every card."""
    from omaha8._engine import dealt_cards, symmetric_swaps

    def coming(board: str, oop: list, ip: list) -> int:
        cards = bytes(int(c) for c in parse_cards(board))
        rows = [bytes(int(c) for h, _ in hands for c in parse_cards(h)) for hands in (oop, ip)]
        weights = [[w for _, w in hands] for hands in (oop, ip)]
        swaps = symmetric_swaps(cards, rows, weights, 4)
        return len(dealt_cards(sum(1 << c for c in cards), swaps))

    assert coming(ALIKE, ALIKE_OOP, ALIKE_IP) == 35
    assert coming("As8s2s", [("KdQd5h5c", 1.0), ("KhQh5d5c", 1.0), ("KcQc5d5h", 1.0)], [("JdJhJcTs", 1.0)]) == 23
    assert coming(ALIKE, ALIKE_OOP[:2], ALIKE_IP) == 48  # KhQh8s8d without its mirror KcQc8s8d
    assert coming(ALIKE, [("AhAc3h3c", 1.0), ("KhQh8s8d", 0.5), ("KcQc8s8d", 0.7)], ALIKE_IP) == 48
    assert coming(TURN, OOP, IP) == 48  # four suits, four different ranks


@pytest.mark.slow
def test_a_spot_with_mirror_cards_is_worth_the_linear_programs_value(live_core):
    pytest.importorskip("scipy")
    kw = SPOTS["pot limit"]
    solved = solve(ALIKE, side(ALIKE_OOP), side(ALIKE_IP), POT, STACK, iterations=600, exploitability=1e-4, **kw)
    assert solved.node_at(("check", "check")).mirrors  # the isomorphism is in play
    lp = value_by_linear_program(ALIKE, ALIKE_OOP, ALIKE_IP, reference_rules(ALIKE, **kw))
    assert solved.exploitability <= 2e-4
    assert abs(solved.value - lp) <= 2 * solved.exploitability * POT + 1e-9, (solved.value, lp)


@pytest.mark.slow
def test_the_isomorphism_plays_the_game_that_every_card_plays(live_core):
    """The reference best responses, walking every river card (the mirror cards' strategies
    read through the swap), give the exploitability reported; with and without the isomorphism
    the values agree within the exploitability and the mirror cards play as every card does."""
    kw = SPOTS["pot limit"]
    rules = reference_rules(ALIKE, **kw)
    mirrored = solve(ALIKE, side(ALIKE_OOP), side(ALIKE_IP), POT, STACK, iterations=60, exploitability=0.0, **kw)
    every = solve(
        ALIKE, side(ALIKE_OOP), side(ALIKE_IP), POT, STACK, iterations=60, exploitability=0.0, isomorphism=False, **kw
    )
    assert mirrored.exploitability > 1e-4  # not converged: a real test
    strategy = strategy_of(mirrored, ALIKE, rules)
    walked = [best_response(ALIKE, ALIKE_OOP, ALIKE_IP, rules, strategy, p) for p in (0, 1)]
    assert (walked[0] + walked[1] - POT) / 2 / POT == pytest.approx(mirrored.exploitability, abs=1e-6)
    assert abs(mirrored.value - every.value) <= mirrored.exploitability * POT
    assert mirrored.exploitability == pytest.approx(every.exploitability, rel=1e-3)
    node = mirrored.node_at(("check", "check"))
    assert len(node.actions) == 35 and len(node.mirrors) == 13 and all(m[1] in "hc" for m in node.mirrors)
    assert len(every.node_at(("check", "check")).actions) == 48
    for card in ("3h", "3c", "Ah", "Ac", "Kh", "Kc"):
        path = ("check", "check", card)
        assert mirrored.node_at(path).board[-1] == omaha8.Card(card)
        for action, row in mirrored.strategy(path).items():
            other = every.strategy(path)[action]
            for x, y in zip(row, other):
                assert (math.isnan(x) and math.isnan(y)) or abs(x - y) < 1e-2, (card, action, x, y)
        assert mirrored.ev("oop", path + ("check",)).tolist() == pytest.approx(
            every.ev("oop", path + ("check",)).tolist(), abs=0.05 * POT, nan_ok=True
        )
        assert mirrored.frequencies(path) == pytest.approx(every.frequencies(path), abs=1e-2)
    # A hand on a mirror card plays as its mirror image on the solved card: exactly.
    hearts, clubs = mirrored.strategy(("check", "check", "4h")), mirrored.strategy(("check", "check", "4c"))
    for action in hearts:
        assert clubs[action][1] == hearts[action][2] and clubs[action][2] == hearts[action][1]
        assert clubs[action][0] == hearts[action][0]  # AhAc3h3c is its own mirror image
    estimates = [solve_estimate(ALIKE, "5%", "5%", POT, STACK, isomorphism=iso, **kw) for iso in (True, False)]
    assert (estimates[0].river_boards, estimates[1].river_boards) == (35, 48)
    assert estimates[0].elements < 0.8 * estimates[1].elements


def test_the_pure_engine_plays_mirror_cards_as_the_compiled_one(core, fallback):
    from omaha8._engine import symmetric_swaps

    arguments = job_arguments(ALIKE, ALIKE_OOP, ALIKE_IP, **SPOTS["pot limit"])
    swaps = symmetric_swaps(arguments[0], arguments[1:3], [array("d", w) for w in arguments[4:6]], 4)
    assert swaps == ((0, 2),)  # clubs and hearts
    mirrored = job_arguments(ALIKE, ALIKE_OOP, ALIKE_IP, swaps, **SPOTS["pot limit"])
    jobs = [engine.StreetJob(*mirrored) for engine in (core, fallback)]
    for iteration in (1, 2):
        for player in (0, 1):
            for job in jobs:
                job.begin(0, iteration, player)
                job.run(0)
    for mode in (1, 2):
        for player in (0, 1):
            roots = root_values(jobs, mode, player)
            assert roots[0] == pytest.approx(roots[1], rel=1e-5), (mode, player)
    # Before any update (every strategy uniform, so symmetric): the values of the tree that
    # deals every card.
    for player in (0, 1):
        fresh, full = root_values([core.StreetJob(*mirrored), core.StreetJob(*arguments)], 2, player)
        assert fresh == pytest.approx(full, rel=1e-12)


def test_the_engine_refuses_swaps_that_change_the_spot(impl):
    arguments = job_arguments(ALIKE, ALIKE_OOP, ALIKE_IP, bets=(1.0,), raises=(), max_raises=0)[:-1]
    weights = arguments[4:6]
    for swaps, words in [
        (((0, 2),), "but mirror images"),  # the tree deals every card, mirror images too
        (((1, 3),), "board's ranks"),  # diamonds and spades hold different ranks
        (((0, 1),), "board's ranks"),
        (((2, 0),), "pairs of suits"),
        (((0, 2), (0, 2)), "different pairs"),
        (((0, 1), (1, 2)), "not closed"),
        ("xy", "pairs of suits"),
    ]:
        with pytest.raises(SolverError, match=words):
            impl.StreetJob(*arguments, swaps)
    lopsided = [array("d", [1.0, 0.5, 0.7]).tobytes(), weights[1]]
    with pytest.raises(SolverError, match="oop's hands or weights"):
        impl.StreetJob(*arguments[:4], *lopsided, *arguments[6:], ((0, 2),))


def test_a_solution_with_mirror_cards_saves_and_loads(live_core, tmp_path):
    kw = SPOTS["pot limit"]
    solved = solve(ALIKE, side(ALIKE_OOP), side(ALIKE_IP), POT, STACK, iterations=20, **kw)
    solved.save(tmp_path / "alike.o8s")
    loaded = omaha8.Solution.load(tmp_path / "alike.o8s")
    assert loaded == solved and loaded._tree.swaps == ((0, 2),)
    path = ("check", "check", "5c", "check")
    assert loaded.strategy(path)["bet 0.5"].tobytes() == solved.strategy(path)["bet 0.5"].tobytes()
    data = (tmp_path / "alike.o8s").read_bytes().replace(b'"swaps": [[0, 2]]', b'"swaps": [[1, 3]]')
    (tmp_path / "bad.o8s").write_bytes(data)
    with pytest.raises(SolverError, match="swaps"):
        omaha8.Solution.load(tmp_path / "bad.o8s")


def test_a_compressed_solution_keeps_its_strategies_in_16_bits(live_core, tmp_path):
    kw = dict(bets=(1.0,), raises=(1.0,), max_raises=1, iterations=20, exploitability=0.0)
    full = solve(TURN, side(OOP), side(IP), POT, STACK, **kw)
    half = solve(TURN, side(OOP), side(IP), POT, STACK, compression=True, **kw)
    assert half._averages[0].typecode == "H" and full._averages[0].typecode == "f"
    for path in [(), ("check",), ("check", "check", "7c"), ("bet 1.0", "call", "Qd", "check")]:
        played = half.strategy(path)
        for h in range(3):
            column = [row[h] for row in played.values()]
            assert all(math.isnan(x) for x in column) or sum(column) == pytest.approx(1.0, abs=1e-12)
        # The 16-bit numbers are the engine's average strategy, rounded to 1/65535.
        assert half.reach(path) is not None
    estimate = solve_estimate(TURN, side(OOP), side(IP), POT, STACK, compression=True, **kw)
    assert len(half._averages[0]) + len(half._averages[1]) == estimate.elements
    half.save(tmp_path / "half.o8s")
    loaded = omaha8.Solution.load(tmp_path / "half.o8s")
    assert loaded == half and loaded._averages[0].typecode == "H"
    path = ("check", "check", "7c")
    assert loaded.ev("oop", path).tobytes() == half.ev("oop", path).tobytes()
    assert half.ev("oop", path).tolist() == pytest.approx(full.ev("oop", path).tolist(), abs=0.05 * POT, nan_ok=True)
    # A hand whose 16-bit numbers do not add up to 65535 is refused.
    data = (tmp_path / "half.o8s").read_bytes()
    last = (int.from_bytes(data[-2:], "little") + 1000) % 65536
    (tmp_path / "bad.o8s").write_bytes(data[:-2] + last.to_bytes(2, "little"))
    with pytest.raises(SolverError, match="not a strategy"):
        omaha8.Solution.load(tmp_path / "bad.o8s")


def test_both_engines_round_a_strategy_to_16_bits_alike(core, fallback):
    for engine in (core, fallback):
        with pytest.raises(omaha8.JobError, match="16 or 32"):
            engine.check_averages(b"", [], 0, 8)
        assert engine.check_averages(array("H", [21845] * 3).tobytes(), [3], 1, 16).tolist() == [21845] * 3
        with pytest.raises(omaha8.JobError, match="not a strategy"):
            engine.check_averages(array("H", [30000, 30000]).tobytes(), [2], 1, 16)


# ---------------------------------------------------------------- rake (issue 35)

RAKED = dict(SPOTS["pot limit"], rake=(0.05, 12.0))  # the cap binds above a final pot of 240


@pytest.mark.slow
def test_rake_values_are_the_walk_of_the_returned_strategies(live_core):
    """With rake the game is not zero-sum (no LP value): each player's value, and its
    best-response gain, are walked in the reference game with the rake taken from each pot
    won, against the strategies the solve returns."""
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=60, exploitability=0.0, **RAKED)
    values = _walked_against(solved, TURN, RAKED)
    assert values[0] + values[1] < POT - 1.0  # the rake took chips: a real test
    assert solved.rake == (0.05, 12.0)


def _walked_against(solved, board: str, kw: dict) -> list[float]:
    """Each player's value walked in the reference game against the solution's strategies,
    checked against its value and its exploitability (the best-response gains walked too)."""
    rules = reference_rules(board, **kw)
    strategy = strategy_of(solved, board, rules)
    values = [best_response(board, OOP, IP, rules, strategy, p, follow=True) for p in (0, 1)]
    best = [best_response(board, OOP, IP, rules, strategy, p) for p in (0, 1)]
    # float32 strategies, walked as stored: the values agree to float32's rounding of them.
    assert solved.value == pytest.approx(values[0], abs=1e-4)
    gain = ((best[0] - values[0]) + (best[1] - values[1])) / 2 / POT
    assert solved.exploitability == pytest.approx(gain, abs=1e-6)
    return values


@pytest.mark.slow
def test_no_rake_gives_the_bits_of_no_rake(live_core):
    kw = dict(SPOTS["pot limit"], iterations=20, exploitability=0.0)
    plain = solve(TURN, side(OOP), side(IP), POT, STACK, **kw)
    for rake in (None, 0.0, (0.0, None), (0.05, 0.0), "0%"):
        same = solve(TURN, side(OOP), side(IP), POT, STACK, rake=rake, **kw)
        assert (same.value, same.exploitability, same.history) == (plain.value, plain.exploitability, plain.history)
        assert same._averages[0].tobytes() == plain._averages[0].tobytes()
        assert same._averages[1].tobytes() == plain._averages[1].tobytes()


def test_a_rake_of_the_whole_pot_makes_every_bet_pointless(live_core):
    """100% of every pot, no cap: a bet can only lose chips, so both players check it down."""
    kw = dict(bets=(1.0,), raises=(1.0,), max_raises=1, iterations=200, exploitability=1e-4)
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, rake=(1.0, None), **kw)
    assert solved.frequencies(())["check"] > 0.99
    assert solved.frequencies(("check",))["check"] > 0.99
    assert solved.frequencies(("check", "check", "3d"))["check"] > 0.99
    assert abs(solved.value) < 0.1  # each takes nothing and puts nothing in


def test_a_raked_solution_saves_and_loads_with_its_rake(live_core, tmp_path):
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=10, **RAKED)
    solved.save(tmp_path / "raked.omaha8")
    loaded = omaha8.Solution.load(tmp_path / "raked.omaha8")
    assert loaded == solved and loaded.rake == solved.rake
    # Values below the root are the raked game's too (the job below the root takes the rake).
    path = ("check", "check", "3d")
    assert list(loaded.ev("oop", path)) == pytest.approx(list(solved.ev("oop", path)), nan_ok=True)


# ---------------------------------------------------------------- compact files (issue 35)


def _river_bytes(solved) -> int:
    """The bytes of the river decisions' strategies, by the test's own count over the tree: a
    decision on a five-card board takes 4 bytes an action and hand of its player."""
    n = {"oop": len(solved.hands("oop")), "ip": len(solved.hands("ip"))}
    return sum(
        4 * len(node.actions) * n[node.kind] for node in solved.tree() if node.kind in n and len(node.board) == 5
    )


def test_a_turn_saved_without_its_rivers_keeps_the_turn_whole(live_core, tmp_path):
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=30, **SPOTS["pot limit"])
    solved.save(tmp_path / "whole")
    solved.save(tmp_path / "turn", rivers=False)
    whole, turn = (tmp_path / "whole").stat().st_size, (tmp_path / "turn").stat().st_size
    assert whole - turn == _river_bytes(solved) + len(b', "rivers": true') - len(b', "rivers": false') > 0
    loaded = omaha8.Solution.load(tmp_path / "turn")
    assert not loaded.rivers and solved.rivers
    assert loaded.value == solved.value and loaded.values[0].tobytes() == solved.values[0].tobytes()
    decisions = [node for node in solved.tree() if node.kind in ("oop", "ip")]
    for node in decisions:
        if len(node.board) == 4:
            assert {a: s.tobytes() for a, s in loaded.strategy(node.path).items()} == {
                a: s.tobytes() for a, s in solved.strategy(node.path).items()
            }
            assert loaded.reach(node.path).tobytes() == solved.reach(node.path).tobytes()
            assert loaded.frequencies(node.path) == solved.frequencies(node.path)
    river = next(node.path for node in decisions if len(node.board) == 5)
    # The reach at the river's first decision is the turn's strategies' alone.
    assert loaded.reach(river).tobytes() == solved.reach(river).tobytes()
    for ask in (loaded.strategy, loaded.frequencies, loaded.report):
        with pytest.raises(SolverError, match="without its river strategies"):
            ask(river)
    with pytest.raises(SolverError, match="values below the root need them"):
        loaded.ev("oop", ("check",))
    # The root's report keeps its EVs (dealt by the test's own weights, not the engine's);
    # below the root a report has none, as a RiverSolution's.
    for got, want in zip(loaded.report(()).rows, solved.report(()).rows):
        assert got.frequencies == want.frequencies and got.ev == pytest.approx(want.ev, rel=1e-12)
    assert all(math.isnan(row.ev) for row in loaded.report(("check",)).rows)
    # Saved again as it is, the same bytes; it has no rivers to save whole.
    loaded.save(tmp_path / "again", rivers=False)
    assert (tmp_path / "again").read_bytes() == (tmp_path / "turn").read_bytes()
    with pytest.raises(SolverError, match="holds no river strategies"):
        loaded.save(tmp_path / "again")
    assert loaded.to_html(tmp_path / "turn.html").is_file()
    with pytest.raises(SolverError, match="without its river strategies"):
        loaded.to_html(tmp_path / "two.html", streets=2)


@pytest.mark.slow
def test_a_flop_saved_without_its_rivers_keeps_its_turns(live_core, tmp_path):
    oop, ip = [("AhAd3c5d", 1.0), ("QhJhTd8s", 1.0)], [("AsAc3d5h", 1.0), ("2c3s5c6h", 1.0)]
    kw = dict(bets={"flop": (1.0,), "turn": (1.0,), "river": (1.0,)}, raises=(), max_raises=0, iterations=10)
    solved = solve("Ks7d2h", side(oop), side(ip), POT, STACK, **kw)
    solved.save(tmp_path / "flop", rivers=False)
    loaded = omaha8.Solution.load(tmp_path / "flop")
    path = ("check", "check", "9c", "check")
    assert loaded.strategy(path)["bet 1.0"].tobytes() == solved.strategy(path)["bet 1.0"].tobytes()
    with pytest.raises(SolverError, match="without its river strategies"):
        loaded.strategy(path + ("check", "4s"))


@pytest.mark.parametrize(
    "board, kw",
    [
        (TURN, SPOTS["pot limit"]),
        (TURN, SPOTS["fixed limit"]),
        (TURN, dict(bets={"turn": (0.5, 1.0), "river": ()}, raises=(1.0,), max_raises=2)),
        ("Ks7d2h", dict(bets=(1.0,), raises=(), max_raises=0)),
        ("Ks7s2d9d", dict(bets=(1.0,), raises=(1.0,), max_raises=1)),  # hearts and clubs alike
    ],
)
def test_the_actions_before_the_river_are_counted_as_the_tree_holds_them(board, kw):
    from omaha8.streettree import actions_before_river, build_street_tree, read_street_rules

    cards = tuple(int(c) for c in parse_cards(board))
    rules = read_street_rules(len(cards), POT, STACK, **kw)
    for swaps in ((), ((0, 1),)) if board == "Ks7s2d9d" else ((),):
        tree = build_street_tree(cards, rules, swaps)
        parents = tree.parents()
        counted = [0, 0]
        for node in range(tree.nodes):
            if tree.kind[node] in (0, 1) and len(cards) + len(tree.dealt(node, parents)) < 5:
                counted[tree.kind[node]] += tree.count[node]
        assert actions_before_river(rules, cards if swaps else len(cards), swaps) == tuple(counted)


def test_a_small_file_naming_a_huge_tree_is_refused_before_it_is_built(live_core, tmp_path, monkeypatch):
    """A header of a few hundred bytes that says a flop of many sizes without its rivers (or
    with a state) is refused by its size, counted without building the tree."""

    def built(*args):
        raise AssertionError("the tree was built")

    turn = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=10, **SPOTS["pot limit"])
    turn.save(tmp_path / "turn", rivers=False)
    data = (tmp_path / "turn").read_bytes()
    header = json.loads(data[26 : 26 + int.from_bytes(data[18:26], "little")])
    sizes = (0.25, 0.5, 0.75, 1.0)
    header.update(
        board=["Ks", "7d", "2h"],
        bets={s: list(sizes) for s in ("flop", "turn", "river")},
        raises={s: list(sizes) for s in ("flop", "turn", "river")},
        max_raises={"flop": 2, "turn": 2, "river": 2},
    )
    for state in (None, 10):
        text = json.dumps({**header, "rivers": state is not None, "state_iteration": state}).encode()
        (tmp_path / "huge").write_bytes(data[:18] + len(text).to_bytes(8, "little") + text + b"\0" * 1000)
        with monkeypatch.context() as patch:
            patch.setattr("omaha8.streetsolver.build_street_tree", built)
            with pytest.raises(SolverError, match="it is cut short"):
                omaha8.Solution.load(tmp_path / "huge")


def test_what_rivers_false_cannot_save_or_load(live_core, tmp_path):
    river = solve(TURN + "4s", side(OOP), side(IP), POT, STACK, bets=(1.0,), iterations=10)
    with pytest.raises(SolverError, match="all on the river"):
        river.save(tmp_path / "river", rivers=False)
    turn = solve(TURN, side(OOP), side(IP), POT, STACK, iterations=10, **SPOTS["pot limit"])
    for bad in ("no", 0, None):
        with pytest.raises(SolverError, match="rivers is True or False"):
            turn.save(tmp_path / "turn", rivers=bad)
    turn.save(tmp_path / "turn", rivers=False)
    data = (tmp_path / "turn").read_bytes()
    whole = tmp_path / "whole"
    turn.save(whole)
    # A header that says false over a whole file's bytes, or true over a file without rivers.
    for name, content in {
        "past": whole.read_bytes().replace(b'"rivers": true', b'"rivers":false'),  # the header's length kept
        "short": data.replace(b'"rivers": false', b'"rivers": true '),
    }.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(SolverError, match="not a solution omaha8 saved"):
            omaha8.Solution.load(tmp_path / name)
    river.save(tmp_path / "river")
    (tmp_path / "river-false").write_bytes(
        (tmp_path / "river").read_bytes().replace(b'"rivers": true', b'"rivers":false')
    )
    with pytest.raises(SolverError, match="rivers is true, or false for a flop or turn"):
        omaha8.Solution.load(tmp_path / "river-false")


def _same_solve(a, b) -> None:
    """Two solutions of one spot that ran the same DCFR: every number alike, bit for bit."""
    assert a.history == b.history and a.iterations == b.iterations and a.value == b.value
    assert [v.tobytes() for v in a.values] == [v.tobytes() for v in b.values]
    for node in a.tree():
        if node.kind in ("oop", "ip"):
            assert {x: y.tobytes() for x, y in a.strategy(node.path).items()} == {
                x: y.tobytes() for x, y in b.strategy(node.path).items()
            }


RESUMED = dict(iterations=20, exploitability=0.0, **SPOTS["pot limit"])


@pytest.mark.parametrize("compression", [False, True])
@pytest.mark.slow
def test_a_resumed_solve_is_one_longer_solve_bit_for_bit(live, compression):
    """DCFR stopped at 20 and resumed to 40 is DCFR run to 40, on either engine, compressed or
    not; a solve's state is kept only when asked for."""
    first = solve(TURN, side(OOP), side(IP), POT, STACK, compression=compression, resumable=True, **RESUMED)
    whole = solve(TURN, side(OOP), side(IP), POT, STACK, compression=compression, **{**RESUMED, "iterations": 40})
    resumed = first.resume(40, exploitability=0.0)
    assert first.resumable and resumed.resumable and not whole.resumable
    assert [i for i, _ in resumed.history] == [10, 20, 30, 40] and resumed.seconds > first.seconds
    _same_solve(resumed, whole)
    with pytest.raises(SolverError, match="keeps no regrets to resume from"):
        whole.resume(60)
    with pytest.raises(SolverError, match="must be more than the 40 already run"):
        resumed.resume(40)


@pytest.mark.slow
def test_a_resumable_file_resumes_where_it_stopped(live_core, tmp_path):
    first = solve(TURN, side(OOP), side(IP), POT, STACK, resumable=True, **RESUMED)
    first.save(tmp_path / "plain")
    first.save(tmp_path / "state", resume=True)
    # The state is a regret and a sum, 4 bytes each, for every action and hand of every decision.
    n = {"oop": len(first.hands("oop")), "ip": len(first.hands("ip"))}
    elements = sum(len(node.actions) * n[node.kind] for node in first.tree() if node.kind in n)
    extra = len(b', "state_iteration": 20') - len(b', "state_iteration": null')
    assert (tmp_path / "state").stat().st_size - (tmp_path / "plain").stat().st_size == 8 * elements + extra
    plain, loaded = omaha8.Solution.load(tmp_path / "plain"), omaha8.Solution.load(tmp_path / "state")
    assert loaded == first and not plain.resumable and loaded.resumable
    whole = solve(TURN, side(OOP), side(IP), POT, STACK, **{**RESUMED, "iterations": 40})
    _same_solve(loaded.resume(40, exploitability=0.0), whole)
    with pytest.raises(SolverError, match="resume=True saves the regrets of a resumable solution"):
        plain.save(tmp_path / "x", resume=True)
    with pytest.raises(SolverError, match="resume=True saves the regrets of a resumable solution"):
        first.save(tmp_path / "x", rivers=False, resume=True)
    with pytest.raises(SolverError, match="resume is True or False"):
        first.save(tmp_path / "x", resume="yes")


def test_a_damaged_state_is_refused(live_core, tmp_path):
    first = solve(TURN, side(OOP), side(IP), POT, STACK, resumable=True, **{**RESUMED, "iterations": 10})
    first.save(tmp_path / "state", resume=True)
    data = (tmp_path / "state").read_bytes()
    n = len(first.hands("ip"))
    ip_sums = len(data) - 4 * sum(len(x.actions) * n for x in first.tree() if x.kind == "ip")
    ip_regrets = ip_sums - 4 * sum(len(x.actions) * n for x in first.tree() if x.kind == "ip")
    damaged = {
        r"ip's state: the regrets\[1\] is nan": (
            data[: ip_regrets + 4] + array("f", [math.nan]).tobytes() + data[ip_regrets + 8 :]
        ),
        r"ip's state: the sums\[0\] is -1.0": data[:ip_sums] + array("f", [-1.0]).tobytes() + data[ip_sums + 4 :],
        "state_iteration is null or the solve's iterations": data.replace(
            b'"state_iteration": 10', b'"state_iteration": 11'
        ),
        "state_iteration is null or the solve's iterations \\(10\\) with its rivers, not 10.0": data.replace(
            b'"state_iteration": 10', b'"state_iteration":1e1'
        ),
        "it is cut short": data[:-4],
    }
    for words, content in damaged.items():
        (tmp_path / "bad").write_bytes(content)
        with pytest.raises(SolverError, match="not a solution omaha8 saved") as caught:
            omaha8.Solution.load(tmp_path / "bad")
        assert re.search(words, str(caught.value)), (words, str(caught.value))


def test_both_engines_check_a_state_alike(core, fallback):
    f = lambda *x: array("f", x).tobytes()  # noqa: E731
    good32 = (f(-1.5, 0.0, 2.0), f(0.0, 0.25, 3.0), b"", b"", 3, 0, 32)
    good16 = (array("h", [-5, 7]).tobytes(), array("H", [0, 9]).tobytes(), f(0.5), f(2.0), 2, 1, 16)
    bad = {
        "16 or 32": (b"", b"", b"", b"", 0, 0, 8),
        "regrets are 8 bytes, not 12": (f(1.0, 2.0), f(0.0, 0.0, 0.0), b"", b"", 3, 0, 32),
        r"regrets\[1\] is nan": (f(1.0, math.nan, 2.0), f(0.0, 0.0, 0.0), b"", b"", 3, 0, 32),
        r"regrets\[0\] is -inf": (f(-math.inf, 0.0, 2.0), f(0.0, 0.0, 0.0), b"", b"", 3, 0, 32),
        r"sums\[2\] is -0.5": (f(0.0, 0.0, 0.0), f(0.0, 1.0, -0.5), b"", b"", 3, 0, 32),
        r"sums\[0\] is inf": (f(0.0, 0.0, 0.0), f(math.inf, 1.0, 0.5), b"", b"", 3, 0, 32),
        "regret scales are 4 bytes, not 0": (f(0.0), f(0.0), f(1.0), b"", 1, 0, 32),
        r"sums scales\[0\] is 0.0": (*good16[:3], f(0.0), 2, 1, 16),
        r"regret scales\[0\] is nan": (*good16[:2], f(math.nan), f(1.0), 2, 1, 16),
    }
    for engine in (core, fallback):
        regrets, sums, _, _ = engine.check_state(*good32)
        assert (regrets.tolist(), sums.tolist()) == ([-1.5, 0.0, 2.0], [0.0, 0.25, 3.0])
        assert [x.tolist() for x in engine.check_state(*good16)] == [[-5, 7], [0, 9], [0.5], [2.0]]
        for words, arguments in bad.items():
            with pytest.raises(omaha8.JobError, match=words):
                engine.check_state(*arguments)


def test_what_a_resumable_solve_refuses(live_core):
    with pytest.raises(SolverError, match="resumable is True or False"):
        solve(TURN, side(OOP), side(IP), POT, STACK, resumable=1, **RESUMED)
    locks = {(): {"check": 1.0, "bet 1.0": 0.0}}
    with pytest.raises(SolverError, match="a locked solve is not resumable"):
        solve(TURN, side(OOP), side(IP), POT, STACK, resumable=True, locks=locks, **RESUMED)


def test_solve_river_with_rake_is_the_walk_of_its_strategies(live_core):
    river = TURN + "4s"
    kw = dict(bets=(1.0,), raises=(1.0,), max_raises=1, rake=(0.05, 12.0))
    solved = solve_river(river, side(OOP), side(IP), POT, STACK, iterations=30, exploitability=0.0, **kw)
    values = _walked_against(solved, river, kw)
    assert values[0] + values[1] < POT - 1.0 and solved.rake == (0.05, 12.0)


# ---------------------------------------------------------------- node locking (issue 35)

LOCKED = dict(bets=(1.0,), raises=(1.0,), max_raises=1)


def test_a_locked_node_keeps_exactly_its_frequencies(live):
    hands = [h for h, _ in IP]
    locks = {
        (): {"bet 1.0": 1.0},  # OOP: every hand bets
        ("bet 1.0",): {hands[1]: {"fold": 0.25, "call": 0.75}, 2: {"all-in": 1.0}},  # IP: two hands
    }
    solved = solve(TURN, side(OOP), side(IP), POT, STACK, locks=locks, iterations=30, **LOCKED)
    assert list(solved.strategy(())["bet 1.0"]) == [1.0, 1.0, 1.0]
    facing = solved.strategy(("bet 1.0",))
    assert (facing["fold"][1], facing["call"][1], facing["all-in"][1]) == (0.25, 0.75, 0.0)
    assert (facing["fold"][2], facing["call"][2], facing["all-in"][2]) == (0.0, 0.0, 1.0)
    assert solved.frequencies(())["bet 1.0"] == 1.0


@pytest.mark.slow
def test_locking_one_player_to_its_equilibrium_gives_the_same_values(live_core):
    kw = dict(LOCKED, iterations=400, exploitability=2e-5)
    free = solve(TURN, side(OOP), side(IP), POT, STACK, **kw)
    locks = {}
    for node in free.tree():
        if node.kind == "oop":
            locks[node.path] = {a: list(row) for a, row in free.strategy(node.path).items()}
    locked = solve(TURN, side(OOP), side(IP), POT, STACK, locks=locks, **kw)
    assert locked.value == pytest.approx(free.value, abs=4 * POT * (free.exploitability + locked.exploitability))
    # Every OOP hand locked everywhere: its best response cannot move, so it gains nothing,
    # where free it still gains its (small) share of the exploitability.
    assert locked.gains[0] == pytest.approx(0.0, abs=1e-12) and free.gains[0] > 1e-7


@pytest.mark.slow
def test_locking_oop_to_bet_makes_ip_best_respond(live_core):
    """OOP always bets at the root: IP's reply is a best response to that (the tests' own best
    response, over every river card), and each player's gain is the reference's, OOP's best
    response leaving the locked root as it is."""
    rules = reference_rules(TURN, **LOCKED)
    solved = solve(
        TURN,
        side(OOP),
        side(IP),
        POT,
        STACK,
        locks={(): {"bet 1.0": 1.0}},
        iterations=300,
        exploitability=1e-5,
        **LOCKED,
    )
    strategy = strategy_of(solved, TURN, rules)
    ip_value = best_response(TURN, OOP, IP, rules, strategy, 1, follow=True)
    ip_best = best_response(TURN, OOP, IP, rules, strategy, 1)
    assert ip_best - ip_value <= 1e-3 * POT  # IP cannot gain against the lock: a best response
    assert solved.gains[1] * POT == pytest.approx(ip_best - ip_value, abs=1e-4)
    root = build(TURN, rules)
    fixed = frozenset((node_at(root, ()).number, h) for h in range(len(OOP)))
    oop_value = best_response(TURN, OOP, IP, rules, strategy, 0, follow=True)
    oop_best = best_response(TURN, OOP, IP, rules, strategy, 0, fixed=fixed)
    assert solved.gains[0] * POT == pytest.approx(oop_best - oop_value, abs=1e-4)
    unconstrained = best_response(TURN, OOP, IP, rules, strategy, 0)
    assert unconstrained - oop_value > 1.0  # checking some hands would pay: the lock costs OOP
    assert solved.exploitability == pytest.approx(sum(solved.gains) / 2, abs=1e-12)


def test_the_pure_engine_plays_locks_as_the_compiled_one(core, fallback, monkeypatch):
    locks = {(): {"AhAd3c5d": {"check": 0.5, "bet 1.0": 0.5}}, ("check",): {"bet 1.0": 1.0}}
    kw = dict(bets={"turn": (1.0,), "river": (1.0,)}, raises=(), max_raises=0, iterations=20, locks=locks)
    make_live(core, monkeypatch)
    a = solve(TURN, side(OOP[:2]), side(IP[:2]), POT, STACK, **kw)
    make_live(fallback, monkeypatch)
    b = solve(TURN, side(OOP[:2]), side(IP[:2]), POT, STACK, **kw)
    # float32 regrets, summed in another order: the two runs part by float32 rounding, no more.
    assert a.value == pytest.approx(b.value, abs=1e-4) and a.gains == pytest.approx(b.gains, abs=1e-6)
    for path in ((), ("check",), ("check", "check", "3d")):
        for action, row in a.strategy(path).items():
            assert list(row) == pytest.approx(list(b.strategy(path)[action]), abs=1e-5, nan_ok=True)


@pytest.mark.parametrize(
    ("locks", "words"),
    [
        ("check", "mapping"),
        ({("fold",): {"check": 1.0}}, "actions are"),
        ({(): {"raise": 1.0}}, "neither an action nor a hand"),
        ({(): {"check": 0.5}}, "add up to"),
        ({(): {"check": 1.5, "bet 1.0": -0.5}}, "from 0 to 1"),
        ({(): {"check": [1.0]}}, "one per hand"),
        ({(): {"AsKsQsJs": {"check": 1.0}}}, "not a hand of the player's range"),
        ({(): {7: {"check": 1.0}}}, "not one of the player's"),
        ({("check", "check"): {"check": 1.0}}, "chance node, not a decision"),
        ({(): {"AhAd3c5d": "check"}}, "mapping {action"),
    ],
)
def test_bad_locks_are_refused_by_name(locks, words, live_core):
    with pytest.raises(SolverError, match=words):
        solve(TURN, side(OOP), side(IP), POT, STACK, locks=locks, iterations=1, **LOCKED)


def test_a_spots_file_name_tells_apart_large_buffers_that_differ_in_one_byte():
    """The folder's digest reads every byte of a buffer argument (a repr would shorten a large
    numpy array to its ends, and two spots would share one file)."""
    numpy = pytest.importorskip("numpy")
    from omaha8.streetsolver import _digest

    weights = numpy.ones(5000)
    other = weights.copy()
    other[2500] = 0.5
    spot = dict(board=TURN, pot=POT, stack=STACK)
    assert repr(weights) == repr(other)  # what a repr-based name would have kept
    assert _digest(dict(spot, oop=("5%", weights))) != _digest(dict(spot, oop=("5%", other)))
    assert _digest(dict(spot, oop=("5%", weights))) == _digest(dict(spot, oop=("5%", weights.copy()), threads=2))
