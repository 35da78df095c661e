"""The reference game of issue 34 (tests/street_reference.py), checked where it can be checked
before ``solve`` exists: on a river it is ``solve_river``'s game (the same value); on a turn
with no betting on the turn it is the average of the river games below, each pair's 40 rivers
equally likely; with no betting at all its value is the showdown equity over every runout; and
its best-response walk earns the LP's value against the LP's own equilibrium, no less against
any other strategy."""

from __future__ import annotations

import pytest

import omaha8
from omaha8 import parse_cards, showdown_values, solve_river

pytest.importorskip("scipy")
from street_reference import Rules, best_response, build, equilibrium, value_by_linear_program

POT, STACK = 100.0, 400.0
TURN = "Ks7d2h9c"
OOP = [("AhAd3c5d", 1.0), ("KhKd8c8d", 0.5), ("QhJhTd8s", 2.0)]
IP = [("AsAc3d5h", 1.0), ("JcJd8h6s", 1.5), ("2c3s5c6h", 0.5)]


def rows_of(side: list, dead: str = "") -> tuple:
    used = {int(c) for c in parse_cards(dead)} if dead else set()
    kept = [(h, w) for h, w in side if not used & {int(c) for c in parse_cards(h)}]
    cards = bytes(int(c) for h, _ in kept for c in parse_cards(h))
    return (memoryview(cards).cast("B", (len(kept), 4)), [w for _, w in kept])


def count(node) -> dict:
    kinds: dict = {}
    stack = [node]
    while stack:
        n = stack.pop()
        kinds[n.kind] = kinds.get(n.kind, 0) + 1
        stack.extend(child for _, child in n.children)
    return kinds


def test_a_river_tree_counted_by_hand():
    # OOP: check or bet 100; after check IP: check or bet; facing a bet: fold, call, raise (one).
    rules = Rules(POT, STACK, bets={"river": (1.0,)}, raises={"river": (1.0,)}, max_raises={"river": 1})
    tree = build(TURN + "4s", rules)
    assert [name for name, _ in tree.children] == ["check", "bet 1.0"]
    bet = dict(tree.children)["bet 1.0"]
    assert bet.put == (100.0, 0.0) and [name for name, _ in bet.children] == ["fold", "call", "all-in"]
    # A raise of 1.0 facing 100: the call to 100, then the pot after it (300): 400, the stack.
    assert dict(bet.children)["all-in"].put == (100.0, 400.0)
    # OOP: the root, facing IP's bet, facing IP's raise; IP: after the check, facing the bet,
    # facing OOP's raise. Folds: one a bet or raise faced (4); showdowns: check-check and 4 calls.
    assert count(tree) == {"oop": 3, "ip": 3, "fold": 4, "showdown": 5}


@pytest.mark.slow
def test_the_river_is_solve_rivers_game(live_core):
    river = TURN + "4s"
    rules = Rules(POT, STACK, bets={"river": (0.5, 1.0)}, raises={"river": (1.0,)}, max_raises={"river": 2})
    solved = solve_river(
        river,
        rows_of(OOP, river),
        rows_of(IP, river),
        POT,
        STACK,
        bets=(0.5, 1.0),
        raises=(1.0,),
        max_raises=2,
        iterations=3000,
        exploitability=1e-7,
    )
    assert solved.exploitability <= 1e-4
    assert value_by_linear_program(river, OOP, IP, rules) == pytest.approx(solved.value, abs=2e-3 * POT)


@pytest.mark.slow  # 44 river solves
def test_a_turn_with_no_turn_bet_is_its_rivers_averaged(live_core):
    rules = Rules(POT, STACK, bets={"river": (1.0,)}, raises={"river": (1.0,)}, max_raises={"river": 1})
    value = value_by_linear_program(TURN, OOP, IP, rules)
    board = [int(c) for c in parse_cards(TURN)]
    holes = [[({int(c) for c in parse_cards(h)}, w) for h, w in side] for side in (OOP, IP)]
    pairs = [(a, wa, b, wb) for a, wa in holes[0] for b, wb in holes[1] if not a & b]
    total = sum(wa * wb for _, wa, _, wb in pairs)
    expected = 0.0
    for card in range(52):
        if card in board:
            continue
        # Each pair not holding the card deals it with probability 1/40.
        reach = sum(wa * wb for a, wa, b, wb in pairs if card not in a | b) / (40 * total)
        river = TURN + str(omaha8.Card(card))
        solved = solve_river(
            river,
            rows_of(OOP, river),
            rows_of(IP, river),
            POT,
            STACK,
            bets=(1.0,),
            raises=(1.0,),
            max_raises=1,
            iterations=3000,
            exploitability=1e-7,
        )
        expected += reach * solved.value
    assert value == pytest.approx(expected, abs=2e-3 * POT)


@pytest.mark.parametrize("board", [TURN, TURN[:6]])
def test_no_betting_at_all_is_the_showdown_equity(live_core, board):
    value = value_by_linear_program(board, OOP, IP, Rules(POT, STACK))
    oop_rows, oop_weights = rows_of(OOP)
    ip_rows, ip_weights = rows_of(IP)
    sweep = showdown_values(board, oop_rows, ip_rows, ip_weights)
    share = sum(w * s for w, s in zip(oop_weights, sweep.share))
    weight = sum(w * d for w, d in zip(oop_weights, sweep.weight))
    assert value == pytest.approx(POT * share / weight, abs=1e-9 * POT)


@pytest.mark.slow
def test_fixed_limit_takes_each_streets_size():
    rules = Rules(POT, STACK, limit="fixed", small_bet=10.0, big_bet=20.0, max_raises={"flop": 1, "turn": 1})
    flop = build(TURN[:6], rules)
    assert dict(flop.children)["bet"].put == (10.0, 0.0)
    check_check = dict(dict(flop.children)["check"].children)["check"]
    turn = check_check.children[0][1]
    assert check_check.kind == "chance" and len(check_check.children) == 49
    assert dict(turn.children)["bet"].put == (20.0, 0.0)


BETTING_TURN = Rules(
    POT, STACK, bets={"turn": (1.0,), "river": (1.0,)}, raises={"river": (1.0,)}, max_raises={"river": 1}
)


def test_best_responses_to_the_equilibrium_give_its_value(live_core):
    """The walk and the LP agree: against each player's equilibrium strategy the other's best
    response earns exactly the game value, and against any other strategy (uniform) no less."""
    value, strategy = equilibrium(TURN, OOP, IP, BETTING_TURN)
    assert best_response(TURN, OOP, IP, BETTING_TURN, strategy, 0) == pytest.approx(value, abs=1e-6 * POT)
    assert best_response(TURN, OOP, IP, BETTING_TURN, strategy, 1) == pytest.approx(POT - value, abs=1e-6 * POT)
    uniform = {key: [1 / len(q)] * len(q) for key, q in strategy.items()}
    assert best_response(TURN, OOP, IP, BETTING_TURN, uniform, 0) >= value - 1e-9
    assert best_response(TURN, OOP, IP, BETTING_TURN, uniform, 1) >= POT - value - 1e-9
    # Betting on the turn is worth something to someone: the value is not the check-down's.
    assert value != pytest.approx(value_by_linear_program(TURN, OOP, IP, Rules(POT, STACK)), abs=1e-3)


def test_best_responses_on_a_river_bound_the_value():
    rules = Rules(POT, STACK, bets={"river": (0.5, 1.0)}, raises={"river": (1.0,)}, max_raises={"river": 2})
    river = TURN + "4s"
    value, strategy = equilibrium(river, OOP, IP, rules)
    assert value == pytest.approx(value_by_linear_program(river, OOP, IP, rules), abs=1e-9)
    assert best_response(river, OOP, IP, rules, strategy, 0) == pytest.approx(value, abs=1e-6 * POT)
    assert best_response(river, OOP, IP, rules, strategy, 1) == pytest.approx(POT - value, abs=1e-6 * POT)
