"""omaha8.streettree: the multi-street tree, counted node for node against the tests' own
reference game (tests/street_reference.py), its shape counted before it is built, and its
arguments read street by street."""

from __future__ import annotations

import pytest
from street_reference import Rules, build

import omaha8
from omaha8 import SolverError, parse_cards
from omaha8.streettree import KINDS, build_street_tree, read_street_rules, tree_shape

POT, STACK = 100.0, 400.0


def kinds_of(tree) -> dict:
    counts: dict = {}
    for kind in tree.kind:
        counts[KINDS[kind]] = counts.get(KINDS[kind], 0) + 1
    return counts


def reference_kinds(node, counts=None) -> dict:
    counts = {} if counts is None else counts
    counts[node.kind] = counts.get(node.kind, 0) + 1
    for _, child in node.children:
        reference_kinds(child, counts)
    return counts


SPOTS = [
    (
        "Ks7d2h9c4s",
        dict(bets=(0.5, 1.0)),
        Rules(POT, STACK, bets={"river": (0.5, 1.0)}, raises={"river": (1.0,)}, max_raises={"river": 2}),
    ),
    (
        "Ks7d2h9c",
        dict(bets={"turn": (1.0,), "river": (0.5,)}, raises=(1.0,), max_raises=1),
        Rules(
            POT,
            STACK,
            bets={"turn": (1.0,), "river": (0.5,)},
            raises={"turn": (1.0,), "river": (1.0,)},
            max_raises={"turn": 1, "river": 1},
        ),
    ),
    (
        "Ks7d2h9c",
        dict(limit="fixed", big_bet=50, max_raises=2),
        Rules(POT, STACK, limit="fixed", big_bet=50, max_raises={"turn": 2, "river": 2}),
    ),
    (
        "Ks7d2h",
        dict(limit="no", bets={"flop": (2.0,), "turn": (), "river": (1.0,)}, raises=(), max_raises=0),
        Rules(POT, STACK, limit="no", bets={"flop": (2.0,), "river": (1.0,)}, max_raises={}),
    ),
    (
        "Ks7d2h",
        dict(limit="fixed", small_bet=25, big_bet=50, max_raises={"flop": 1, "turn": 0, "river": 1}),
        Rules(POT, STACK, limit="fixed", small_bet=25, big_bet=50, max_raises={"flop": 1, "turn": 0, "river": 1}),
    ),
]


@pytest.mark.parametrize(("board", "arguments", "reference"), SPOTS)
@pytest.mark.slow
def test_the_tree_is_the_reference_games_node_for_node(board, arguments, reference):
    cards = tuple(int(c) for c in parse_cards(board))
    rules = read_street_rules(len(cards), POT, STACK, **arguments)
    tree = build_street_tree(cards, rules)
    assert kinds_of(tree) == reference_kinds(build(board, reference))
    shape = tree_shape(rules, len(cards))
    assert shape.nodes == tree.nodes
    decisions = [sum(1 for k in tree.kind if k == p) for p in (0, 1)]
    assert shape.decisions == tuple(decisions)
    assert shape.actions == tuple(sum(tree.count[n] for n in range(tree.nodes) if tree.kind[n] == p) for p in (0, 1))
    assert shape.chance == sum(1 for k in tree.kind if k == 5)


def test_children_are_consecutive_and_each_chance_node_deals_every_card():
    cards = tuple(int(c) for c in parse_cards("Ks7d2h9c"))
    tree = build_street_tree(cards, read_street_rules(4, POT, STACK, bets=(1.0,)))
    parents = tree.parents()
    for node in range(tree.nodes):
        if tree.kind[node] == 5:
            dealt = [tree.card[c] for c in tree.children(node)]
            assert dealt == [c for c in range(52) if c not in cards]
        for child in tree.children(node):
            assert parents[child] == node and child > node
    # Amounts: the pot is the starting pot and both totals, in chips and in units.
    for node in range(tree.nodes):
        pot, oop, ip = tree.chips[3 * node : 3 * node + 3]
        assert pot == pytest.approx(POT + oop + ip)
        assert tree.units[3 * node] == pytest.approx(pot / POT)


def test_an_all_in_on_the_turn_deals_the_river_with_no_betting():
    cards = tuple(int(c) for c in parse_cards("Ks7d2h9c"))
    tree = build_street_tree(cards, read_street_rules(4, POT, 100.0, bets=(1.0,), raises=(), max_raises=0))
    bet = next(c for c in tree.children(0) if tree.name(c) == "all-in")
    call = next(c for c in tree.children(bet) if tree.name(c) == "call")
    assert KINDS[tree.kind[call]] == "chance"
    assert {KINDS[tree.kind[c]] for c in tree.children(call)} == {"showdown"}
    assert tree.dealt(tree.first[call]) == (min(c for c in range(52) if c not in cards),)


@pytest.mark.parametrize(
    ("board_size", "arguments", "words"),
    [
        (4, dict(bets={"flop": (1.0,)}), "past the flop"),
        (4, dict(bets={"Turn": (1.0,)}), "no street"),
        (4, dict(raises={"showdown": (1.0,)}), "no street"),
        (4, dict(max_raises={"turn": 21}), "max_raises"),
        (4, dict(max_raises={"turn": True}), "max_raises"),
        (3, dict(limit="fixed", big_bet=10), "small_bet"),
        (5, dict(limit="fixed", big_bet=10, small_bet=5), "no flop"),
        (4, dict(small_bet=5), "fixed limit"),
        (4, dict(limit="spread"), "limit"),
        (4, dict(bets={"turn": "1.0"}), "sequence"),
    ],
)
def test_bad_rules_are_refused_by_name(board_size, arguments, words):
    with pytest.raises(SolverError, match=words):
        read_street_rules(board_size, POT, STACK, **arguments)


def test_a_street_left_out_of_a_mapping_has_no_bet_and_the_default_raises():
    rules = read_street_rules(4, POT, STACK, bets={"river": (0.5,)})
    assert rules.bets == {"turn": (), "river": (0.5,)}
    assert rules.raises == {"turn": (1.0,), "river": (1.0,)} and rules.max_raises == {"turn": 2, "river": 2}
    assert omaha8.solve_estimate("Ks7d2h9c", "1%", "1%", POT, STACK, bets={"river": (0.5,)}).decisions > 0


def test_a_street_of_too_many_sizes_is_refused_while_it_is_counted():
    import time

    # 100 sizes and 20 raises: 100^20 lines of betting on the turn alone. The count stops at
    # MAX_STREET_BETTING, in under a second here, instead of running out of memory.
    sizes = [round(0.01 * i, 2) for i in range(1, 101)]
    rules = read_street_rules(4, POT, 1e6, limit="no", bets=sizes, raises=sizes, max_raises=20)
    started = time.perf_counter()
    with pytest.raises(SolverError, match="the turn's betting alone would have more than"):
        tree_shape(rules, 4)
    assert time.perf_counter() - started < 10
