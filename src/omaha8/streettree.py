"""The game tree of a heads-up spot from the flop, turn or river to the showdown: each street's
betting (its own sizes, raises counted per street), and between streets a chance node with one
child per card that can come, in flat arrays laid out for the solver's sweep.

The rules are ``solve_river``'s, street by street. OOP acts first on every street; with no bet
to face a player checks or bets a fraction of the pot, facing one folds, calls or (while fewer
than the street's ``max_raises`` raises are made) raises: the call plus a fraction of the pot
after the call. An amount reaching the stack is the all-in; options that come to the same
amount are one. A street that ends in check-check or a call deals the next card; after an
all-in is called the cards are dealt to the river with no more betting; the river ends in a
showdown. Fixed limit bets ``small_bet`` on the flop and ``big_bet`` on the turn and river.

Layout. Nodes are numbered breadth first, so each decision's and each chance node's children
are consecutive. Amounts are kept twice: in chips, and in units of the starting pot (the pot,
then what each player has put in since the start of the solved street), the tree's shape
decided in units so that a spot at any scale is the same tree. Each street's betting below a
given pot is the same at every card, so it is worked out once (a template) and stamped under
every card; the count of nodes, decisions and actions is worked out from the templates before
anything is built, and a street's betting stops at MAX_STREET_BETTING nodes, so a refusal
costs under a second.

Suit isomorphism. Given the swaps of suits that leave the board and both ranges as they are
(``checks.SUIT_PAIRS``), a chance node has a child only for each card it solves, as
``checks.dealt_cards`` lists them (the mirror images' swaps kept per child, in ``mirrors``): a
turn with two suits absent deals 35 rivers, not 48.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Optional

from ._engine import dealt_cards
from .cards import Card, quoted, whole_number
from .exceptions import SolverError
from .sizes import (
    ALL_IN,
    LIMITS,
    NO_RAKE,
    Rake,
    action_name,
    bet_totals,
    read_chips,
    read_pot_and_stack,
    read_rake,
    read_sizes,
)

__all__ = [
    "STREETS",
    "KINDS",
    "CHANCE",
    "OOP",
    "IP",
    "OOP_FOLDED",
    "IP_FOLDED",
    "SHOWDOWN",
    "StreetRules",
    "TreeShape",
    "StreetTree",
    "read_street_rules",
    "tree_shape",
    "actions_before_river",
    "build_street_tree",
    "river_board_masks",
    "MAX_STREET_NODES",
    "MAX_STREET_RAISES",
    "MAX_STREET_BETTING",
]

STREETS = ("flop", "turn", "river")
# A node's kind as the engine numbers it: 0..5.
KINDS = ("oop", "ip", "fold", "fold", "showdown", "chance")
OOP, IP, OOP_FOLDED, IP_FOLDED, SHOWDOWN, CHANCE = range(6)
# Nodes in a tree at most (its arrays take about 70 bytes a node).
MAX_STREET_NODES = 30_000_000
# Nodes in one street's betting at most (below one pot): under every card of the streets before
# it, a street this large would make a tree past MAX_STREET_NODES anyway.
MAX_STREET_BETTING = 200_000
# Raises on one street at most.
MAX_STREET_RAISES = 20


class StreetRules(NamedTuple):
    """A spot's rules, read: in chips as given, per street as the engine plays them."""

    pot: float
    stack: float
    limit: str
    streets: tuple[str, ...]  # from the board's street to the river
    bets: dict  # street: pot fractions (() in fixed limit)
    raises: dict
    max_raises: dict  # street: raises at most
    small_bet: Optional[float]
    big_bet: Optional[float]
    unit_stack: float  # stack / pot
    rake: Rake = NO_RAKE  # taken from each pot won; the tree is the same with it or without


def _per_street(value: object, name: str, streets: tuple[str, ...]) -> dict:
    """``value`` for every street, or a mapping {street: value}: a street it does not name gets
    None; a name that is no street, or a street the board has passed, is refused."""
    if not isinstance(value, Mapping):
        return dict.fromkeys(streets, value)
    for key in value:
        if key not in STREETS:
            raise SolverError(f"{name}: {quoted(key)} is no street (the streets are {', '.join(STREETS)})")
        if key not in streets:
            raise SolverError(f"{name}: this board is past the {key}; its streets are {', '.join(streets)}")
    return {street: value.get(street) for street in streets}


def read_street_rules(
    board_size: int,
    pot: object,
    stack: object,
    *,
    limit: object = "pot",
    bets: object = (0.5, 1.0),
    raises: object = (1.0,),
    max_raises: object = None,
    small_bet: object = None,
    big_bet: object = None,
    rake: object = None,
) -> StreetRules:
    """The tree's arguments read, each by its rule (``solve``'s words tell them); what float
    cannot hold is refused."""
    streets = STREETS[board_size - 3 :]
    pot, stack = read_pot_and_stack(pot, stack)
    if not isinstance(limit, str) or limit not in LIMITS:
        raise SolverError(f"limit must be one of {', '.join(map(repr, LIMITS))}, not {quoted(limit)}")
    fixed = limit == "fixed"
    bet_sizes: dict[str, tuple[float, ...]] = dict.fromkeys(streets, ())
    raise_sizes: dict[str, tuple[float, ...]] = dict.fromkeys(streets, ())
    if fixed:
        small = _fixed_size(small_bet, "small_bet", "flop" in streets, "the flop's", pot)
        big = _fixed_size(big_bet, "big_bet", True, "the turn's and river's", pot)
    else:
        if small_bet is not None or big_bet is not None:
            raise SolverError("small_bet and big_bet are for fixed limit; pot and no limit bet fractions of the pot")
        small = big = None
        for name, given, table in (("bets", bets, bet_sizes), ("raises", raises, raise_sizes)):
            for street, sizes in _per_street(given, name, streets).items():
                table[street] = () if sizes is None else read_sizes(sizes, f"{name} ({street})", limit)
    most = {}
    for street, count in _per_street(max_raises, "max_raises", streets).items():
        if count is None:
            count = 3 if fixed else 2
        most[street] = whole_number(count, f"max_raises ({street})", 0, MAX_STREET_RAISES, SolverError)
    return StreetRules(
        pot, stack, limit, streets, bet_sizes, raise_sizes, most, small, big, stack / pot, read_rake(rake)
    )


def _fixed_size(value: object, name: str, needed: bool, whose: str, pot: float) -> Optional[float]:
    if not needed:
        if value is not None:
            raise SolverError(f"{name} is {whose} bet, and this board has no flop to bet it on")
        return None
    if value is None:
        raise SolverError(f"fixed limit needs {name}, {whose} every bet and raise, in chips")
    size = read_chips(value, name, True)
    if size / pot == 0:
        raise SolverError(f"{name} {size!r} is too small beside the pot {pot!r} to be a bet")
    return size


@dataclass
class _Local:
    """A node of one street's betting: its kind (a decision, a fold, or the street's end, -1),
    each player's total in units and in chips, and its children's local numbers."""

    kind: int
    put: tuple[float, float]
    chips: tuple[float, float]
    label: str
    children: tuple[int, ...] = ()


class _Template(NamedTuple):
    nodes: list  # of _Local, the street's root first, breadth first
    ends: list  # the local numbers of the street's ends (check-check and calls), in order


_END = -1


class _Templates:
    """Each street's betting from a pot (both players' totals equal at a street's start), worked
    out once per (street, total)."""

    def __init__(self, rules: StreetRules) -> None:
        self.rules = rules
        self.made: dict[tuple[int, float], _Template] = {}

    def get(self, street: int, put: float, chips: float) -> _Template:
        key = (street, put)
        if key not in self.made:
            self.made[key] = self._make(street, put, chips)
        return self.made[key]

    def _make(self, street_index: int, start: float, start_chips: float) -> _Template:
        rules = self.rules
        street = rules.streets[street_index]
        fixed = rules.limit == "fixed"
        size_chips = (rules.small_bet if street == "flop" else rules.big_bet) if fixed else 0.0
        size = (size_chips or 0.0) / rules.pot
        bet_options: tuple = (None,) if fixed else rules.bets[street]
        raise_options: tuple = (None,) if fixed else rules.raises[street]
        unit_stack, pot = rules.unit_stack, rules.pot
        nodes: list[_Local] = []
        ends: list[int] = []
        if 0 < unit_stack <= start:  # all-in and called: no betting here
            nodes.append(_Local(_END, (start, start), (start_chips, start_chips), ""))
            return _Template(nodes, [0])
        # (kind, put, chips, label, raises made, facing a bet), breadth first.
        queue: list[tuple] = [(OOP, (start, start), (start_chips, start_chips), "", 0, False)]
        at = 0
        while at < len(queue):
            if len(queue) > MAX_STREET_BETTING:
                # One street's betting alone past the cap (many sizes and raises): refused
                # while it is counted, before the count takes minutes and gigabytes.
                raise SolverError(
                    f"the {street}'s betting alone would have more than {MAX_STREET_BETTING:,} nodes: "
                    "fewer bet or raise sizes or a lower max_raises"
                )
            kind, put, chips, label, made, facing = queue[at]
            at += 1
            if kind not in (OOP, IP):
                nodes.append(_Local(kind, put, chips, label))
                if kind == _END:
                    ends.append(len(nodes) - 1)
                continue
            me, other = kind, 1 - kind
            options: list[tuple] = []
            if facing:
                options.append((OOP_FOLDED + me, put, chips, "fold", made, False))
                called = (put[other], put[other])
                called_chips = (chips[other], chips[other])
                options.append((_END, called, called_chips, "call", made, False))
                if made < rules.max_raises[street] and put[other] < unit_stack:
                    # A raise of f: the call, then f times the pot after the call.
                    choices = bet_totals(raise_options, put[other], 1.0 + 2 * put[other], size, unit_stack)
                    middle = pot + 2 * chips[other]
                    options.extend(
                        self._sized("raise", choices, me, chips[other], middle, size_chips, put, chips, made + 1)
                    )
            else:
                after = _END if me == IP else IP  # OOP acts first: IP's check ends the street
                options.append((after, put, chips, "check", made, False))
                if put[me] < unit_stack:
                    middle_units = 1.0 + put[0] + put[1]
                    choices = bet_totals(bet_options, put[me], middle_units, size, unit_stack)
                    middle = pot + chips[0] + chips[1]
                    options.extend(self._sized("bet", choices, me, chips[me], middle, size_chips, put, chips, made))
            first = len(queue)
            queue.extend(options)
            nodes.append(_Local(kind, put, chips, label, tuple(range(first, first + len(options)))))
        return _Template(nodes, ends)

    def _sized(
        self,
        verb: str,
        choices: list,
        me: int,
        start: float,
        middle: float,
        size_chips: Optional[float],
        put: tuple,
        chips: tuple,
        made: int,
    ) -> list[tuple]:
        """The child of each bet or raise in ``choices`` (from ``bet_totals``), the chips put in
        worked out in chips: ``start`` plus the fraction of ``middle``."""
        out = []
        stack = self.rules.stack
        for option, total in choices:
            if option is ALL_IN:
                name, chip_total = ALL_IN, stack
            else:
                name = action_name(verb, option)
                chip_total = min(start + ((size_chips or 0.0) if option is None else option * middle), stack)
            after, after_chips = list(put), list(chips)
            after[me], after_chips[me] = total, chip_total
            out.append((1 - me, tuple(after), tuple(after_chips), name, made, True))
        return out


class TreeShape(NamedTuple):
    """A tree's size, counted before it is built."""

    nodes: int
    decisions: tuple[int, int]  # per player
    actions: tuple[int, int]  # per player: actions summed over its decisions
    chance: int  # chance nodes
    frontier: int  # the subtrees the solver's threads share: the children of the splits
    splits: int  # the chance nodes nearest the root (the root itself on a river)
    depth: int  # the longest path, in nodes below the root
    widest: int  # the most actions at one decision
    river_boards: int  # the five-card boards the showdowns are on


class _Count(NamedTuple):
    nodes: int
    decisions: tuple[int, int]
    actions: tuple[int, int]
    chance: int
    depth: int
    widest: int
    showdowns: int  # showdown nodes: >0 where a river is reached


def _add(a: _Count, b: _Count, times: int) -> _Count:
    return _Count(
        a.nodes + times * b.nodes,
        (a.decisions[0] + times * b.decisions[0], a.decisions[1] + times * b.decisions[1]),
        (a.actions[0] + times * b.actions[0], a.actions[1] + times * b.actions[1]),
        a.chance + times * b.chance,
        a.depth,
        max(a.widest, b.widest),
        a.showdowns + times * b.showdowns,
    )


def _cards_left(board_size: int, street: int) -> int:
    """The cards a chance node after ``street`` deals from (none of the board so far)."""
    return 52 - board_size - street


class _Counter:
    def __init__(
        self, rules: StreetRules, templates: _Templates, board: tuple[int, ...], swaps: tuple, river: bool = True
    ) -> None:
        self.rules, self.templates, self.board_size, self.swaps = rules, templates, len(board), swaps
        self.river = river  # False: the river's decisions and actions are not counted
        self.board_mask = sum(1 << c for c in board)
        self.memo: dict[tuple[int, float, int], _Count] = {}
        self.betting: dict[tuple[int, float], tuple[_Count, list[int]]] = {}

    def _betting(self, index: int, put: float, chips: float) -> tuple[_Count, list[int]]:
        """Street ``index``'s own nodes below total ``put``, and each node's depth there."""
        key = (index, put)
        if key not in self.betting:
            template = self.templates.get(index, put, chips)
            decisions, actions, widest = [0, 0], [0, 0], 1
            for node in template.nodes:
                if node.kind in (OOP, IP):
                    decisions[node.kind] += 1
                    actions[node.kind] += len(node.children)
                    widest = max(widest, len(node.children))
            count = _Count(len(template.nodes), tuple(decisions), tuple(actions), 0, 0, widest, 0)  # type: ignore[arg-type]
            self.betting[key] = (count, self._depths(template))
        return self.betting[key]

    def street(self, index: int, put: float, chips: float, dealt: int = 0) -> _Count:
        """The subtree from street ``index``'s start at total ``put`` (each player), ``dealt``
        the cards dealt before it (a mask; read only where suits may swap)."""
        key = (index, put, dealt if self.swaps else 0)
        if key in self.memo:
            return self.memo[key]
        template = self.templates.get(index, put, chips)
        count, depths = self._betting(index, put, chips)
        deepest = max(depths)
        last = index == len(self.rules.streets) - 1
        if last and not self.river and index > 0:
            count = count._replace(decisions=(0, 0), actions=(0, 0))
        for end in template.ends:
            node = template.nodes[end]
            if last:
                count = _add(count, _Count(0, (0, 0), (0, 0), 0, 0, 1, 1), 1)
                continue
            # The end becomes a chance node (counted in the template) with a subtree per card.
            if self.swaps:
                for card, _ in dealt_cards(self.board_mask | dealt, self.swaps):
                    below = self.street(index + 1, node.put[0], node.chips[0], dealt | 1 << card)
                    count = _add(count, below, 1)
            else:
                below = self.street(index + 1, node.put[0], node.chips[0])
                count = _add(count, below, _cards_left(self.board_size, index))
            count = count._replace(chance=count.chance + 1, widest=count.widest)
            deepest = max(deepest, depths[end] + 1 + below.depth)
        count = count._replace(depth=deepest)
        self.memo[key] = count
        return count

    @staticmethod
    def _depths(template: _Template) -> list[int]:
        depths = [0] * len(template.nodes)
        for number, node in enumerate(template.nodes):
            for child in node.children:
                depths[child] = depths[number] + 1
        return depths


def river_board_masks(board: tuple[int, ...], swaps: tuple = ()) -> list[int]:
    """The cards dealt to each river board the tree's showdowns are on, as masks (0 on a river):
    every one, or with ``swaps`` (checks.SUIT_PAIRS) those the mirror images leave."""
    used = sum(1 << c for c in board)
    masks = {0}
    for _ in range(5 - len(board)):
        masks = {mask | 1 << card for mask in masks for card, _ in dealt_cards(used | mask, swaps)}
    return sorted(masks)


def actions_before_river(rules: StreetRules, board: "int | tuple[int, ...]", swaps: tuple = ()) -> tuple[int, int]:
    """Per player, its actions summed over its decisions on the streets before the river (what a
    flop's or turn's solution keeps without its rivers), counted as ``tree_shape`` counts."""
    cards = tuple(board) if not isinstance(board, int) else tuple(range(52 - board, 52))
    counter = _Counter(rules, _Templates(rules), cards, swaps, river=False)
    return counter.street(0, 0.0, 0.0).actions


def tree_shape(rules: StreetRules, board: "int | tuple[int, ...]", swaps: tuple = ()) -> TreeShape:
    """The tree's size from the templates, without building it. ``board``: its cards, or (every
    card solved, no ``swaps``) its size."""
    cards = tuple(board) if not isinstance(board, int) else tuple(range(52 - board, 52))
    templates = _Templates(rules)
    counter = _Counter(rules, templates, cards, swaps)
    whole = counter.street(0, 0.0, 0.0)
    root = templates.get(0, 0.0, 0.0)
    if len(rules.streets) == 1:
        frontier = sum(1 for child in root.nodes[0].children if root.nodes[child].kind in (OOP, IP))
        splits = 1
    else:
        frontier = len(root.ends) * len(dealt_cards(sum(1 << c for c in cards), swaps))
        splits = len(root.ends)
    if not whole.showdowns:
        boards = 0
    elif swaps:
        boards = len(river_board_masks(cards, swaps))
    else:
        boards = math.comb(52 - len(cards), 5 - len(cards))
    return TreeShape(
        whole.nodes, whole.decisions, whole.actions, whole.chance, frontier, splits, whole.depth, whole.widest, boards
    )


@dataclass
class StreetTree:
    """A whole tree in flat arrays, the root first, numbered breadth first."""

    board: tuple[int, ...]
    rules: StreetRules
    kind: array  # 'b': KINDS' index
    first: array  # 'i': the first child (0 at a leaf)
    count: array  # 'i': how many children
    units: array  # 'd': three per node, in units of the pot: the pot, OOP's total, IP's
    chips: array  # 'd': the same three in chips
    label: array  # 'i': the action or card that leads to the node, an index into ``names`` (-1 the root)
    card: array  # 'b': the card a chance node dealt to reach the node, else -1
    names: list[str]
    swaps: tuple = ()  # the suit swaps (checks.SUIT_PAIRS) dealt cards are mirrored by
    mirrors: array = None  # type: ignore[assignment]  # 'i': per chance node's child, its mirrors' swaps as bits

    @property
    def nodes(self) -> int:
        return len(self.kind)

    def children(self, node: int) -> range:
        return range(self.first[node], self.first[node] + self.count[node])

    def name(self, node: int) -> str:
        return self.names[self.label[node]] if self.label[node] >= 0 else ""

    def dealt(self, node: int, parents: Optional[array] = None) -> tuple[int, ...]:
        """The cards dealt from the root's board to ``node``, in order."""
        parent = parents if parents is not None else self.parents()
        cards = []
        while node > 0:
            if self.card[node] >= 0:
                cards.append(self.card[node])
            node = parent[node]
        return tuple(reversed(cards))

    def parents(self) -> array:
        parent = array("i", [0]) * self.nodes
        for node in range(self.nodes):
            for child in self.children(node):
                parent[child] = node
        return parent


def build_street_tree(board: tuple[int, ...], rules: StreetRules, swaps: tuple = ()) -> StreetTree:
    """The whole tree (see the module's words); call it only on a counted tree. With ``swaps``
    (checks.SUIT_PAIRS that leave the board and both ranges as they are) a chance node deals
    only the cards checks.dealt_cards solves, each with its mirror images' swaps."""
    templates = _Templates(rules)
    names: dict[str, int] = {}

    def code(name: str) -> int:
        return names.setdefault(name, len(names))

    kind, first, count = array("b"), array("i"), array("i")
    units, chips, label, card, mirrors = array("d"), array("d"), array("i"), array("b"), array("i")
    pot = rules.pot
    last = len(rules.streets) - 1
    # A node to make: (street, its template, its local number there, the cards dealt so far
    # (a bit mask), the card dealt to reach it or -1, its label's code).
    root = templates.get(0, 0.0, 0.0)
    queue: list[Any] = [(0, root, 0, 0, -1, -1, 0)]
    board_mask = sum(1 << c for c in board)
    at = 0
    while at < len(queue):
        street, template, local, dealt, dealt_card, name, mirrored = queue[at]
        queue[at] = None
        at += 1
        card.append(dealt_card)
        mirrors.append(mirrored)
        label.append(name)
        node = template.nodes[local]
        put, put_chips = node.put, node.chips
        units.extend((1.0 + put[0] + put[1], put[0], put[1]))
        chips.extend((pot + put_chips[0] + put_chips[1], put_chips[0], put_chips[1]))
        if node.kind == _END:
            if street == last:
                kind.append(SHOWDOWN)
                first.append(0)
                count.append(0)
                continue
            # The street's end is a chance node: made now, its children queued.
            kind.append(CHANCE)
            start = len(queue)
            below = templates.get(street + 1, put[0], put_chips[0])
            for c, mirrored in dealt_cards(board_mask | dealt, swaps):
                queue.append((street + 1, below, 0, dealt | 1 << c, c, code(str(Card(c))), mirrored))
            first.append(start)
            count.append(len(queue) - start)
            continue
        kind.append(node.kind)
        if node.children:
            start = len(queue)
            for child in node.children:
                queue.append((street, template, child, dealt, -1, code(template.nodes[child].label), 0))
            first.append(start)
            count.append(len(node.children))
        else:
            first.append(0)
            count.append(0)
    return StreetTree(tuple(board), rules, kind, first, count, units, chips, label, card, list(names), swaps, mirrors)
