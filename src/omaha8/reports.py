"""Reports by hand class: at a decision of a solution, each class of the acting player's hands
with its share of the range that gets there, how often it takes each action and what it is
worth, as rows, CSV or JSON.

The classes: by default (``by="category"``) a hand's high category on the node's board and its
low (no low, a low, the nut low); ``by="nuts"`` its nut rank both ways (1 the nuts, ranks past
the fifth together, as ``omaha8.nut_rank`` counts them); ``by=callable`` any function of the
hand's cards (a tuple of ``Card``) giving its class's name. Shares and frequencies are by the
reach of each hand (its chance weight times the probability its player plays to the node), as
``frequencies`` counts them; a class's EV is its hands' EVs weighted by how often each is
dealt there: its reach times the other player's reach over the hands apart from it (a hand
that blocks most of the other's range is seldom there, whatever it is worth then).
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Callable, Iterator, Optional, Sequence, Union

from . import _engine
from .cards import Card, quoted
from .exceptions import SolverError
from .hands import nut_low
from .values import CATEGORIES, NO_LOW, category_of

__all__ = ["ClassRow", "Report", "Table", "hand_report", "hand_classes", "split_category", "deal_weights", "CLASSINGS"]

# The named ways to class hands: a high category and a low; the nut rank both ways.
CLASSINGS = ("category", "nuts")
# Nut ranks past this are one class.
_DEEPEST_RANK = 5
_LOWS = ("the nut low", "a low", "no low")


@dataclass(frozen=True)
class ClassRow:
    """One class of hands at a node."""

    hand_class: str
    hands: int
    """The class's hands that can get to the node (some reach)."""
    share: float
    """Of the acting player's reach at the node."""
    frequencies: dict
    """Per action: how often the class takes it, by reach."""
    ev: float
    """The class's chips at the node, per unit of reach (NaN where the solution has none)."""


class Table:
    """What a table of rows with action frequencies and an EV shares (a report here, an
    aggregate in ``library``): iterating over its ``rows``, its length, CSV and JSON. The CSV's
    first columns are ``LEADS`` (a row's fields), then a frequency per action, then the EV."""

    LEADS: tuple[tuple[str, str], ...] = ()  # (column, the row's field)
    rows: list
    actions: tuple[str, ...]

    def __iter__(self) -> Iterator:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def to_csv(self) -> str:
        """One line a row: its leading fields, a frequency per action, its EV."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([column for column, _ in self.LEADS] + [*self.actions, "ev"])
        for row in self.rows:
            lead = [getattr(row, name) for _, name in self.LEADS]
            writer.writerow(
                [repr(x) if isinstance(x, float) else x for x in lead]
                + [repr(row.frequencies[a]) for a in self.actions]
                + [repr(row.ev)]
            )
        return out.getvalue()

    def to_json(self) -> str:
        """The table as JSON (NaN as null): its other fields, then its rows."""
        rows = [{**asdict(row), "ev": None if math.isnan(row.ev) else row.ev} for row in self.rows]
        fields = {name: _plain(value) for name, value in asdict(self).items() if name != "rows"}  # type: ignore[call-overload]
        return json.dumps({**fields, "rows": rows}, allow_nan=False)


def _plain(value: object) -> object:
    """A field as JSON holds it: cards by name, tuples as lists."""
    if isinstance(value, tuple):
        return [str(v) if isinstance(v, Card) else v for v in value]
    return value


@dataclass(frozen=True)
class Report(Table):
    """The acting player's hands at a node, by class: ``rows`` best class first."""

    LEADS = (("class", "hand_class"), ("hands", "hands"), ("share", "share"))
    player: str
    path: tuple
    board: tuple[Card, ...]
    by: str
    actions: tuple[str, ...]
    rows: list[ClassRow] = field(default_factory=list)


Classing = Union[str, Callable[[tuple], object]]


def hand_report(
    player: str,
    path: tuple,
    board: Sequence[int],
    hands: memoryview,
    reach: Sequence[float],
    strategy: dict,
    ev: Optional[Sequence[float]],
    deals: Optional[Sequence[float]],
    by: Classing = "category",
) -> Report:
    """The report of a decision: ``player`` acting at ``path`` on ``board`` (the node's, dealt
    cards included), its ``hands`` ((n, k) rows), each hand's ``reach`` there, the node's
    ``strategy`` ({action: per hand}), each hand's ``ev`` (None: not known there), and per hand
    ``deals``, how often it is dealt there (the other player's reach over its hands apart from
    it, ``deal_weights``; any scale; None with ``ev``)."""
    raw = hands.tobytes()
    k = len(raw) // len(reach) if len(reach) else 0
    reached = [i for i in range(len(reach)) if reach[i] > 0]  # the others may hold a dealt card
    names = dict(zip(reached, hand_classes([raw[i * k : (i + 1) * k] for i in reached], board, by)))
    actions = tuple(strategy)
    weight: dict[str, float] = {}
    count: dict[str, int] = {}
    taken: dict[str, dict[str, float]] = {}
    worth: dict[str, list[float]] = {}
    for i, name in names.items():
        r = reach[i]
        weight[name] = weight.get(name, 0.0) + r
        count[name] = count.get(name, 0) + 1
        row = taken.setdefault(name, dict.fromkeys(actions, 0.0))
        for action in actions:
            row[action] += r * strategy[action][i]
        if ev is not None and deals is not None and not math.isnan(ev[i]) and deals[i] > 0:
            sums = worth.setdefault(name, [0.0, 0.0])
            sums[0] += r * deals[i] * ev[i]
            sums[1] += r * deals[i]
    total = math.fsum(weight.values())
    rows = []
    for name in sorted(weight, key=lambda n: _order(n, by)):
        valued = worth.get(name)
        rows.append(
            ClassRow(
                hand_class=name,
                hands=count[name],
                share=weight[name] / total,
                frequencies={a: taken[name][a] / weight[name] for a in actions},
                ev=valued[0] / valued[1] if valued and valued[1] > 0 else math.nan,
            )
        )
    label = by if isinstance(by, str) else getattr(by, "__name__", "callable")
    return Report(player, tuple(path), tuple(Card(c) for c in board), label, actions, rows)


def deal_weights(hands: list[bytes], other: bytes, reach: Sequence[float], k: int) -> list[float]:
    """Per hand of ``hands``: the other's ``reach`` summed over its hands (``other``, k bytes
    each) apart from it, by inclusion and exclusion over the cards they share."""
    held: dict[tuple, float] = {}
    total = 0.0
    for j in range(len(other) // k if k else 0):
        r = reach[j]
        if r > 0:
            total += r
            cards = tuple(sorted(other[j * k : (j + 1) * k]))
            for size in range(1, k + 1):
                for part in combinations(cards, size):
                    held[part] = held.get(part, 0.0) + r
    out = []
    for hand in hands:
        cards = tuple(sorted(hand))
        x = total
        for size in range(1, k + 1):
            sign = -1.0 if size % 2 else 1.0
            for part in combinations(cards, size):
                x += sign * held.get(part, 0.0)
        out.append(max(x, 0.0))
    return out


def hand_classes(hands: list[bytes], board: Sequence[int], by: Classing) -> list[str]:
    """Each hand's class name (the hands' cards apart from the board), as a report names it."""
    if not callable(by) and not (isinstance(by, str) and by in CLASSINGS):
        raise SolverError(f"by is {' or '.join(map(repr, CLASSINGS))} or a function of a hand, not {quoted(by)}")
    if not hands:
        return []
    if callable(by):
        return [_named(by, tuple(Card(c) for c in hand)) for hand in hands]
    cards = list(board)
    if by == "nuts":
        return [_rank_name(_engine.ENGINE.holding_ranks(cards, list(hand))) for hand in hands]
    rows = memoryview(b"".join(hands)).cast("B", (len(hands), len(hands[0])))
    highs, lows = _engine.ENGINE.evaluate_batch(rows, memoryview(bytes(cards)))
    best = nut_low(cards)
    nut = best.value if best is not None else None
    return [
        f"{category_of(h)}, {_LOWS[0] if low == nut else _LOWS[2] if low == NO_LOW else _LOWS[1]}"
        for h, low in zip(highs, lows)
    ]


def split_category(name: str) -> tuple[str, str]:
    """A "category" class's two parts: the high category and the low ("no low", "a low", "the
    nut low")."""
    high, _, low = name.partition(", ")
    return high, low


def _named(by: Callable[[tuple], object], hand: tuple) -> str:
    name = by(hand)
    if not isinstance(name, str):
        name = str(name)
    return name


def _rank_name(ranks: tuple[int, int]) -> str:
    high, low = ranks
    words = [f"high {_rank(high)}", f"low {_rank(low)}" if low else "no low"]
    return ", ".join(words)


def _rank(rank: int) -> str:
    return "nuts" if rank == 1 else f"#{rank}" if rank <= _DEEPEST_RANK else f"#{_DEEPEST_RANK + 1}+"


def _order(name: str, by: Classing) -> tuple:
    """Best class first: categories from the straight flush down, the nut low before a low
    before none; nut ranks from the nuts; other classes by name."""
    if by == "category":
        high, low = split_category(name)
        return (CATEGORIES.index(high), _LOWS.index(low))
    if by == "nuts":
        return tuple(_rank_key(part) for part in name.split(", "))
    return (name,)


def _rank_key(part: str) -> int:
    if part == "no low":
        return 99
    rank = part.split(" ", 1)[1]
    return 1 if rank == "nuts" else int(rank.strip("#+"))
