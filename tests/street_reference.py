"""Issue 34's game, written out independently of the solver, for its tests: heads-up Omaha Hi-Lo
from a flop, turn or river board to the showdown, every card dealt, and its value by the
sequence-form linear program (von Stengel) solved with scipy's HiGHS.

The rules, from the issue: OOP acts first on every street; a bet of f is f times the pot, a
raise of f the call plus f times the pot after the call, an amount reaching the stack is the
all-in, options that come to the same amount are one (the first), and one adding nothing is
none; raises are counted per street. A street that ends in check-check or a call deals the next
card uniformly from the cards in neither hand nor on the board (for four-card hands on the turn,
40 rivers a pair); a fold gives the pot away; the river, or a call of an all-in, goes to the
showdown. A player's value is what it takes from the final pot less what it put in from the
start, so the two values add up to the starting pot. Amounts are real numbers of chips, as
``solve_river`` plays them. With rake (issue 35), min(fraction x the final pot, cap) comes off
every pot won, at a fold or a showdown, before the winner takes it.

Plain and slow on purpose: a tree of dicts, showdowns from ``omaha8.evaluate`` pair by pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

import omaha8

STREETS = {3: ("flop", "turn", "river"), 4: ("turn", "river"), 5: ("river",)}


@dataclass(frozen=True)
class Rules:
    """A spot's betting. ``bets``, ``raises``, ``max_raises``: per street name; a street missing
    from ``bets`` has no bet (check or nothing). Fixed limit: ``small_bet`` on the flop,
    ``big_bet`` on the turn and river."""

    pot: float
    stack: float
    limit: str = "pot"
    bets: dict = field(default_factory=dict)
    raises: dict = field(default_factory=dict)
    max_raises: dict = field(default_factory=dict)
    small_bet: Optional[float] = None
    big_bet: Optional[float] = None
    rake: tuple = (0.0, None)  # (fraction of the final pot, cap in chips or None)


@dataclass
class Node:
    """``kind``: "oop", "ip", "chance", "fold" (``folder`` the seat that folded) or "showdown";
    ``put``: each player's chips in since the start; ``children``: (action or card, Node)."""

    kind: str
    put: tuple[float, float]
    cards: tuple[int, ...]  # the board so far
    folder: Optional[int] = None
    children: list = field(default_factory=list)
    number: int = -1  # decisions numbered in depth-first order, by build


def _sizes(rules: Rules, street: str, raising: bool) -> tuple:
    if rules.limit == "fixed":
        return (None,)  # the street's one fixed size
    table = rules.raises if raising else rules.bets
    return tuple(table.get(street, ()))


def _options(rules: Rules, street: str, mine: float, base: float, middle: float, raising: bool) -> list:
    """(name, total) of each bet or raise: ``base`` plus the fraction of ``middle``."""
    fixed = rules.small_bet if street == "flop" else rules.big_bet
    out: list = []
    seen: set = set()
    for size in _sizes(rules, street, raising):
        total = base + (fixed if size is None else size * middle)
        name = ("raise" if raising else "bet") + ("" if size is None else f" {size!r}")
        if total >= rules.stack:
            total, name = rules.stack, "all-in"
        if total <= mine or total in seen:
            continue
        seen.add(total)
        out.append((name, total))
    return out


def build(board: str, rules: Rules) -> Node:
    """The whole game tree from ``board``'s street on."""
    cards = tuple(int(c) for c in omaha8.parse_cards(board))
    root = _street(rules, cards, STREETS[len(cards)], (0.0, 0.0))
    stack, number = [root], 0
    while stack:
        node = stack.pop()
        if node.kind in ("oop", "ip"):
            node.number, number = number, number + 1
        stack.extend(child for _, child in reversed(node.children))
    return root


def _street(rules: Rules, cards: tuple, streets: tuple, put: tuple) -> Node:
    if put[0] >= rules.stack or put[1] >= rules.stack:  # all-in and called: deal the rest
        return _after_street(rules, cards, streets, put)
    return _decision(rules, cards, streets, put, 0, False, 0, False)


def _after_street(rules: Rules, cards: tuple, streets: tuple, put: tuple) -> Node:
    if len(streets) == 1:
        return Node("showdown", put, cards)
    chance = Node("chance", put, cards)
    for card in range(52):
        if card not in cards:
            chance.children.append((card, _street(rules, cards + (card,), streets[1:], put)))
    return chance


def _decision(
    rules: Rules, cards: tuple, streets: tuple, put: tuple, me: int, facing: bool, raises: int, checked: bool
) -> Node:
    node = Node(("oop", "ip")[me], put, cards)
    street, other = streets[0], 1 - me
    middle = rules.pot + put[0] + put[1]
    if facing:
        node.children.append(("fold", Node("fold", put, cards, folder=me)))
        called = (put[other], put[other])
        node.children.append(("call", _after_street(rules, cards, streets, called)))
        if raises < rules.max_raises.get(street, 0) and put[other] < rules.stack:
            after_call = rules.pot + 2 * put[other]
            for name, total in _options(rules, street, put[me], put[other], after_call, True):
                mine = (total, put[1]) if me == 0 else (put[0], total)
                node.children.append((name, _decision(rules, cards, streets, mine, other, True, raises + 1, False)))
        return node
    if checked:  # the second check ends the street
        node.children.append(("check", _after_street(rules, cards, streets, put)))
    else:
        node.children.append(("check", _decision(rules, cards, streets, put, other, False, 0, True)))
    for name, total in _options(rules, street, put[me], put[me], middle, False):
        mine = (total, put[1]) if me == 0 else (put[0], total)
        node.children.append((name, _decision(rules, cards, streets, mine, other, True, raises, False)))
    return node


def pair_share(mine: tuple, theirs: tuple) -> Fraction:
    """A hand's fraction of the pot against one other, from omaha8.evaluate's (high, low)."""

    def result(a, b) -> Fraction:
        return Fraction(1) if a < b else Fraction(1, 2) if a == b else Fraction(0)

    high = result(mine[0], theirs[0])
    if mine[1] is None and theirs[1] is None:
        return high
    low = Fraction(1) if theirs[1] is None else Fraction(0) if mine[1] is None else result(mine[1], theirs[1])
    return (high + low) / 2


def leaf_value(
    node: Node, oop_hand: tuple, ip_hand: tuple, pot: float, player: int, rake: tuple = (0.0, None)
) -> float:
    """A player's value at a fold or a showdown: what it takes (after the rake) less what it
    put in."""
    final = pot + node.put[0] + node.put[1]
    cut = rake[0] * final if rake[1] is None else min(rake[0] * final, rake[1])
    if node.kind == "fold":
        taken = 0.0 if node.folder == player else final - cut
    else:
        share = float(pair_share(omaha8.evaluate(oop_hand, node.cards), omaha8.evaluate(ip_hand, node.cards)))
        taken = (final - cut) * (share if player == 0 else 1 - share)
    return taken - node.put[player]


def _hands(oop: list, ip: list) -> list:
    return [[(tuple(int(c) for c in omaha8.parse_cards(h)), w) for h, w in side] for side in (oop, ip)]


@dataclass
class _SequenceForm:
    hands: list
    sequences: list  # per player: {(hand, decision, action) or None: column}
    rows: list  # per player: its constraint rows, as [(column, coefficient)]
    infosets: list  # per player: (hand, decision, parent column, the actions' columns)
    payoff: dict  # (OOP column, IP column): OOP's expected value there


def _sequence_form(board: str, oop: list, ip: list, rules: Rules) -> _SequenceForm:
    assert rules.rake[0] == 0.0, "with rake the game is not zero-sum: no value by this LP"
    hands = _hands(oop, ip)
    pairs = [(i, j) for i, (a, _) in enumerate(hands[0]) for j, (b, _) in enumerate(hands[1]) if not set(a) & set(b)]
    total = sum(hands[0][i][1] * hands[1][j][1] for i, j in pairs)
    size = len(hands[0][0][0])
    form = _SequenceForm(hands, [{None: 0}, {None: 0}], [[[(0, 1.0)]], [[(0, 1.0)]]], [[], []], {})

    def column(p: int, key: tuple) -> int:
        return form.sequences[p].setdefault(key, len(form.sequences[p]))

    def walk(node: Node, last: tuple, chance: float, dealt: tuple) -> None:
        if node.kind in ("oop", "ip"):
            p = 0 if node.kind == "oop" else 1
            for h in range(len(hands[p])):
                parent = column(p, (h,) + last[p]) if last[p] else 0
                actions = [column(p, (h, node.number, a)) for a, _ in node.children]
                form.rows[p].append([(parent, -1.0)] + [(c, 1.0) for c in actions])
                form.infosets[p].append((h, node.number, parent, actions))
            for action, child in node.children:
                step = list(last)
                step[p] = (node.number, action)
                walk(child, tuple(step), chance, dealt)
            return
        if node.kind == "chance":
            left = 52 - len(node.cards) - 2 * size  # the cards a pair's deal leaves
            for card, child in node.children:
                walk(child, last, chance / left, dealt + (card,))
            return
        for i, j in pairs:
            a, b = hands[0][i][0], hands[1][j][0]
            if set(dealt) & (set(a) | set(b)):
                continue
            weight = hands[0][i][1] * hands[1][j][1] / total * chance
            key = (column(0, (i,) + last[0]) if last[0] else 0, column(1, (j,) + last[1]) if last[1] else 0)
            form.payoff[key] = form.payoff.get(key, 0.0) + weight * leaf_value(node, a, b, rules.pot, 0)

    walk(build(board, rules), ((), ()), 1.0, ())
    return form


def value_by_linear_program(board: str, oop: list, ip: list, rules: Rules) -> float:
    """OOP's value of the game in chips (what it takes less what it puts in, the deal weighted
    by the hands' weights): ``oop``, ``ip`` are lists of (hand text, weight)."""
    form = _sequence_form(board, oop, ip, rules)
    return _solve_sequence_form(form.rows, form.payoff, len(form.sequences[0]), len(form.sequences[1]))[0]


def equilibrium(board: str, oop: list, ip: list, rules: Rules) -> tuple[float, dict]:
    """OOP's value and an equilibrium: {(player, hand index, decision number): the probability
    of each action in order}, from each player's own LP."""
    form = _sequence_form(board, oop, ip, rules)
    nx, ny = len(form.sequences[0]), len(form.sequences[1])
    value, plan_x = _solve_sequence_form(form.rows, form.payoff, nx, ny)
    against = {(y, x): -v for (x, y), v in form.payoff.items()}  # IP maximizes minus OOP's value
    _, plan_y = _solve_sequence_form(form.rows[::-1], against, ny, nx)
    strategy = {}
    for p, plan in ((0, plan_x), (1, plan_y)):
        for h, number, parent, actions in form.infosets[p]:
            reach = plan[parent]
            probabilities = [plan[c] / reach for c in actions] if reach > 1e-12 else [1 / len(actions)] * len(actions)
            strategy[(p, h, number)] = [max(0.0, q) for q in probabilities]
    return value, strategy


def best_response(
    board: str,
    oop: list,
    ip: list,
    rules: Rules,
    strategy: dict,
    player: int,
    follow: bool = False,
    fixed: frozenset = frozenset(),
) -> float:
    """``player``'s value when it best-responds to the other's ``strategy`` (as ``equilibrium``
    gives it), the deal weighted by the hands' weights: a walk of the whole tree, every card
    dealt, the other's reach carried hand by hand and showdowns pair by pair. ``follow``: the
    player plays its own part of ``strategy`` instead, the walk giving its value there;
    ``fixed``: (decision number, hand) pairs where it plays its own part even so (locked)."""
    hands = _hands(oop, ip)
    other = 1 - player
    size = len(hands[0][0][0])

    def walk(node: Node, mine: tuple, reach: list, me: int) -> float:
        if node.kind == "chance":
            left = 52 - len(node.cards) - 2 * size
            out = 0.0
            for card, child in node.children:
                if card not in mine:
                    kept = [r if card not in hands[other][j][0] else 0.0 for j, r in enumerate(reach)]
                    out += walk(child, mine, kept, me) / left
            return out
        if node.kind in ("fold", "showdown"):
            out = 0.0
            for j, r in enumerate(reach):
                if r:
                    pair = (mine, hands[other][j][0]) if player == 0 else (hands[other][j][0], mine)
                    out += r * leaf_value(node, pair[0], pair[1], rules.pot, player, rules.rake)
            return out
        acting = 0 if node.kind == "oop" else 1
        if acting == player and (follow or (node.number, me) in fixed):
            played = strategy[(player, me, node.number)]
            return sum(played[a] * walk(child, mine, reach, me) for a, (_, child) in enumerate(node.children))
        if acting == player:
            return max(walk(child, mine, reach, me) for _, child in node.children)
        out = 0.0
        for a, (_, child) in enumerate(node.children):
            moved = [r * strategy[(other, j, node.number)][a] if r else 0.0 for j, r in enumerate(reach)]
            out += walk(child, mine, moved, me)
        return out

    root = build(board, rules)
    total = 0.0
    value = 0.0
    for me, (hand, weight) in enumerate(hands[player]):
        reach = [w if not set(hand) & set(cards) else 0.0 for cards, w in hands[other]]
        total += weight * sum(reach)
        value += weight * walk(root, hand, reach, me)
    return value / total


def _solve_sequence_form(rows: list, payoff: dict, nx: int, ny: int) -> tuple[float, list]:
    """max over OOP's realization plans x of min over IP's y of x A y, as one LP: the variables
    are x (nx, at least 0), then IP's dual values q (one per IP constraint row, free); maximize
    q[root] subject to E x = e and, for each IP sequence s, (F^T q)[s] <= (A^T x)[s]."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    ry = len(rows[1])
    eq_r, eq_c, eq_v = [], [], []
    for r, row in enumerate(rows[0]):
        for c, v in row:
            eq_r.append(r)
            eq_c.append(c)
            eq_v.append(v)
    ub_r, ub_c, ub_v = [], [], []
    for r, row in enumerate(rows[1]):
        for s, v in row:
            ub_r.append(s)
            ub_c.append(nx + r)
            ub_v.append(v)
    for (x, y), v in payoff.items():
        ub_r.append(y)
        ub_c.append(x)
        ub_v.append(-v)
    a_eq = coo_matrix((eq_v, (eq_r, eq_c)), shape=(len(rows[0]), nx + ry))
    b_eq = np.zeros(len(rows[0]))
    b_eq[0] = 1.0
    a_ub = coo_matrix((ub_v, (ub_r, ub_c)), shape=(ny, nx + ry))
    cost = np.zeros(nx + ry)
    cost[nx] = -1.0
    bounds = [(0, None)] * nx + [(None, None)] * ry
    result = linprog(cost, A_ub=a_ub, b_ub=np.zeros(ny), A_eq=a_eq, b_eq=b_eq, bounds=bounds, method="highs")
    assert result.status == 0, result.message
    return -result.fun, list(result.x[:nx])


def node_at(root: Node, path: tuple) -> Node:
    """The node ``path`` (action names, and at a chance node the card dealt as an index) reaches."""
    node = root
    for step in path:
        node = dict(node.children)[step]
    return node
