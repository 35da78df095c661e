"""The error family: every error omaha8 raises on purpose is an Omaha8Error (and, as before,
a ValueError), and the public entry points raise nothing else for bad input."""

from __future__ import annotations

import functools
import inspect
import math
import random
import sys

import pytest

import omaha8
import omaha8.history
import omaha8.jobs
import omaha8.potfraction
from omaha8 import Card, equity, exceptions


def test_every_error_class_is_in_the_family_and_a_value_error():
    classes = [
        obj for _, obj in inspect.getmembers(exceptions, inspect.isclass) if obj.__module__ == exceptions.__name__
    ]
    assert {c.__name__ for c in classes} == set(exceptions.__all__)
    for error in classes:
        assert issubclass(error, exceptions.Omaha8Error)
        if error is not exceptions.Omaha8Error:
            assert issubclass(error, ValueError) or error is exceptions.FallbackRefusedError
    assert issubclass(exceptions.FallbackRefusedError, RuntimeError)


def test_the_package_and_its_modules_name_the_same_classes():
    from omaha8 import cards, game, history, pots, ranges, rangestring, tables
    from omaha8._engine import checks

    assert omaha8.CardError is cards.CardError is exceptions.CardError
    assert omaha8.HandError is game.HandError and omaha8.IllegalActionError is game.IllegalActionError
    assert (
        omaha8.ShowdownError is pots.ShowdownError and omaha8.RangeError is ranges.RangeError is rangestring.RangeError
    )
    assert omaha8.HistoryError is history.HistoryError and omaha8.TableError is tables.TableError
    assert omaha8.BatchError is checks.BatchError and omaha8.Omaha8Error is exceptions.Omaha8Error
    assert not any(
        isinstance(getattr(omaha8, name), type)
        and issubclass(getattr(omaha8, name), Exception)
        and getattr(omaha8, name).__module__ != exceptions.__name__
        for name in omaha8.__all__
    )


QQ_ROW = memoryview(bytes(omaha8.parse_cards("QdQc8h6h"))).cast("B", (1, 4))
# Issue 32's fuzzer added a mapping (read as its keys), an int too large for a float, NaN, a float
# near the top of float's range, a tiny positive one, and a numpy integer and array where numpy is.
BAD = [
    "",
    "As",
    "AsAs2c3d",
    "Xx",
    52,
    -1,
    None,
    2.5,
    True,
    [1, 2],
    "AsKsQsJsTs9s8s",
    b"\xff",
    object(),
    {1: 1},
    10**400,
    math.nan,
    1.5e308,
    5e-324,
    [10**400],
    [1.5e308, 1.5e308],
]
try:
    import numpy

    BAD += [numpy.int64(3), numpy.array([[0, 1, 4, 5]], numpy.uint8), numpy.array([1.0, 2.0])]
except ImportError:  # pragma: no cover - numpy is a test extra
    pass


@functools.lru_cache(maxsize=1)
def _river_nuts() -> omaha8.Nuts:
    """One board's nuts, counted once (every holding: a third of a second in pure Python)."""
    return omaha8.nuts("Ks7d2h9c4s")


TURN = "Ks7d2h9c"


@functools.lru_cache(maxsize=1)
def _tiny_turn() -> omaha8.Solution:
    """A turn of one hand a side, solved once: the reports' and aggregates' hostile callers."""
    return omaha8.solve(TURN, "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(1.0,), raises=(), iterations=1)


@functools.lru_cache(maxsize=1)
def _tiny_resumable() -> omaha8.Solution:
    """The tiny turn solved resumable: the hostile callers of resume."""
    return omaha8.solve(TURN, "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(1.0,), raises=(), iterations=1, resumable=True)


def _calls(rng: random.Random):
    # b is compared with text below: no numpy array there (its == is elementwise).
    a, b = rng.choice(BAD), rng.choice([x for x in BAD if not hasattr(x, "shape")] + ["AsKd2c3h", "2c7d9h"])
    return [
        lambda: omaha8.evaluate(a, b),
        lambda: omaha8.high_hand(a, b),
        lambda: omaha8.showdown(b, [a, "AsKd2c3h"], [1, 1]),
        lambda: omaha8.equity([a, b], samples=10, seed=1),
        lambda: omaha8.equity(["AsKd2c3h", "QsQd2h3c"], "2c7d9h", samples=a),  # None: 780 runouts
        lambda: omaha8.Range(a),
        lambda: omaha8.Hand([100, 100], limit=a),
        lambda: omaha8.Hand([a, 100]),
        lambda: omaha8.Hand([100, 100], seed=1).raise_to(a),
        lambda: omaha8.history.read_all(b if isinstance(b, (str, bytes)) else "x"),
        lambda: omaha8.history.from_phh(a if isinstance(a, (str, bytes)) else "x = 1"),
        lambda: omaha8.equity(["AsAh2s3h", "KsKdQhQc,Jc9c8d7d"], b, a),  # heads-up with a range: the sweep
        lambda: omaha8.showdown_values(b, a, "KsKdQhQc,Jc9c8d7d"),
        lambda: omaha8.showdown_values("Ks7d2h9c3s", "AsAh4d5c", "QdQc8h6h,Jc9c8d7d", a),
        lambda: omaha8.showdown_values(b, "AsAh4d5c", "QdQc8h6h", threads=a),
        lambda: omaha8.preflop_table(opponents=2, exact=a),  # never an exact table: hours
        lambda: omaha8.Range("****").apart_from([a, 0]),  # the cards a solver's board takes out
        lambda: omaha8.Range("AA**,KK**").apart_from(a if isinstance(a, list) else [a]),
        lambda: omaha8.release_showdown_memory(),
        lambda: omaha8.starting_hands(a),
        lambda: omaha8.HandIndexer(a),
        lambda: omaha8.isomorphism.indexer((4, 3, 1, 1)).index(a),  # the live engine's, built once
        lambda: omaha8.isomorphism.indexer((4, 3)).unindex(1, a),
        lambda: omaha8.isomorphism.indexer((4, 3)).unindex(a, 0),
        lambda: omaha8.isomorphism.indexer((3,)).index_batch(a),
        lambda: omaha8.isomorphism.indexer((3,)).unindex_batch(0, a),
        lambda: omaha8.canonical_boards(a),
        lambda: omaha8.canonical(a),
        lambda: omaha8.isomorphism.orbit_size("AsKd2c3h", a if isinstance(a, list) else (a,)),
        lambda: omaha8.isomorphism.hand_classes(a),
        lambda: omaha8.hand_strength(b + "Ks3s" if b == "2c7d9h" else b, "AsAh4d5c", "QdQc8h6h", bins=a),
        lambda: omaha8.hand_strength("Ks7d2h9c3s", a if a is not None else "AsAh", "QdQc8h6h"),  # None: every hand
        lambda: omaha8.hand_strength("Ks7d2h9c3s", "AsAh4d5c", "QdQc8h6h", [a]),
        lambda: omaha8.category_of(a),
        lambda: omaha8.low_name(a),
        # The river solver: a bad board, range, amount, fraction or count; one iteration at most.
        lambda: omaha8.solve_river(b + "Ks3s" if b == "2c7d9h" else b, "AsAh4d5c", "QdQc8h6h", 100, 100, iterations=1),
        lambda: omaha8.solve_river("Ks7d2h9c3s", "AsAh4d5c", (QQ_ROW, [a]), 100, 100, iterations=1),
        lambda: omaha8.solve_river(
            "Ks7d2h9c3s", "AsAh4d5c", a if isinstance(a, str) and len(a) > 3 else "QdQc8h6h", 100, 100, iterations=1
        ),
        lambda: omaha8.solve_river("Ks7d2h9c3s", "AsAh4d5c", "QdQc8h6h", a, 100, iterations=1),
        lambda: omaha8.solve_river("Ks7d2h9c3s", "AsAh4d5c", "QdQc8h6h", 100, a, iterations=1),
        lambda: omaha8.solve_river("Ks7d2h9c3s", "AsAh4d5c", "QdQc8h6h", 100, 100, bets=[a], iterations=1),
        lambda: omaha8.solve_river("Ks7d2h9c3s", "AsAh4d5c", "QdQc8h6h", 100, 100, iterations=a),
        lambda: omaha8.solve_river("Ks7d2h9c3s", "AsAh4d5c", "QdQc8h6h", 100, 100, limit=a, iterations=1),
        lambda: omaha8.solve_rivers([{"board": a, "oop": "AsAh4d5c", "ip": "QdQc8h6h", "pot": 1, "stack": 1}]),
        # The board in a player's words: a bad board, hand, size, count or opponent.
        lambda: omaha8.nuts(a),
        lambda: omaha8.hands.high_of(a, b),
        lambda: omaha8.nuts("Ks7d2h", hole_size=a),
        lambda: _river_nuts().highs(a),
        lambda: omaha8.nut_rank(a, b),
        lambda: omaha8.outs(a, "Ks7d2h9c"),
        lambda: omaha8.outs("AsAh4d5c", "Ks7d2h9c", against=a if a is not None else "Xx"),  # None: a long walk
        # (A range that parses, "As", would be broken down: a third of a second in pure Python.)
        lambda: omaha8.breakdown(a if a is not None and (not isinstance(a, str) or "s" not in a) else "Xx", "Ks7d2h"),
        lambda: omaha8.breakdown("A2**", a),
        # Issue 32: an expression beside a buffer, weights of every kind, hand strength's weights.
        lambda: omaha8.showdown_values("Ks7d2h9c3s", "AA**", a),
        lambda: omaha8.showdown_values("Ks7d2h9c3s", QQ_ROW, QQ_ROW, a),
        lambda: omaha8.hand_strength("Ks7d2h9c3s", "AsAh4d5c", QQ_ROW, a),
        lambda: omaha8.equity(["AsAh4d5c", a], "Ks7d2h9c"),
        # Issue 33: the one pot-fraction reader and the job runner's thread count, called directly.
        lambda: omaha8.potfraction.parse_pot_fraction(a, "bets", omaha8.SolverError),
        lambda: omaha8.potfraction.parse_pot_fraction(b, "bets", omaha8.UsageError, zero=True),
        lambda: omaha8.jobs.thread_count(a),
        # Issue 34: the solver from any street, its estimate, its batches and its files; small
        # trees (no bet but where the argument is one), one iteration.
        lambda: omaha8.solve(b if b != "AsKd2c3h" else TURN, "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(), iterations=1),
        lambda: omaha8.solve(TURN, "AsAh4d5c", "QdQc8h6h", 100, 100, bets={"river": [a]}, raises=(), iterations=1),
        lambda: omaha8.solve("Ks7d2h9c", "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(), max_raises=a, iterations=1),
        lambda: omaha8.solve("Ks7d2h9c", "AsAh4d5c", (QQ_ROW, [a]), 100, 100, bets=(), iterations=1),
        lambda: omaha8.solve("Ks7d2h9c", "AsAh4d5c", "QdQc8h6h", a, 100, bets=(), iterations=1),
        lambda: omaha8.solve("Ks7d2h9c", "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(), max_memory=a, iterations=1),
        lambda: omaha8.solve_estimate("Ks7d2h9c", "AsAh4d5c", "QdQc8h6h", 100, 100, bets=a),
        lambda: omaha8.solve_many([{"board": a, "oop": "AsAh4d5c", "ip": "QdQc8h6h", "pot": 1, "stack": 1}]),
        lambda: omaha8.Solution.load(a if isinstance(a, str) else str(a)),
        # Issue 35: the rake, alone and as (fraction, cap), on both solvers.
        lambda: omaha8.solve("Ks7d2h9c", "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(), rake=a, iterations=1),
        lambda: omaha8.solve_river("Ks7d2h9c3s", "AsAh4d5c", "QdQc8h6h", 100, 100, rake=(0.05, a), iterations=1),
        lambda: omaha8.sizes.read_rake((a, b)),
        # Issue 35: locks, reports by class, aggregates.
        lambda: omaha8.solve(TURN, "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(1.0,), locks=a, iterations=1),
        lambda: omaha8.solve(TURN, "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(1.0,), locks={(): a}, iterations=1),
        lambda: omaha8.solve(
            TURN, "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(1.0,), locks={(): {"check": a}}, iterations=1
        ),
        lambda: _tiny_turn().report(a),
        lambda: _tiny_turn().report((), by=a),
        lambda: omaha8.aggregate([_tiny_turn()], a),
        lambda: omaha8.aggregate(a if not isinstance(a, str) else [a]),
        lambda: omaha8.aggregate([_tiny_turn()], (), by=a),
        # Issue 35: the viewer, compact and resumable saves, resuming (no file is written).
        lambda: omaha8.viewer.page_data(_tiny_turn(), a),
        lambda: _tiny_turn().save("/nonexistent/folder/x", rivers=a),
        lambda: _tiny_resumable().save("/nonexistent/folder/x", resume=a),
        lambda: _tiny_resumable().resume(a),
        lambda: _tiny_resumable().resume(20, a),
        lambda: omaha8.solve(TURN, "AsAh4d5c", "QdQc8h6h", 100, 100, bets=(), resumable=a, iterations=1),
    ]


@pytest.mark.slow
def test_bad_input_raises_only_the_family(live):
    """Hostile arguments to the public entry points: either an answer or an Omaha8Error (a
    TypeError where Python itself would give one: a str where a list of text is wanted)."""
    rng = random.Random(8)
    raised: dict[int, int] = {}
    answered: dict[int, int] = {}
    for _ in range(200):
        for number, call in enumerate(_calls(rng)):
            try:
                call()
            except omaha8.Omaha8Error:
                raised[number] = raised.get(number, 0) + 1
            except TypeError as error:
                assert "history is" in str(error) or "PHH is text" in str(error), error
            else:
                answered[number] = answered.get(number, 0) + 1
    calls = len(_calls(rng))
    # Every entry point was refused something (its checks ran), but for the one with no argument
    # and the reader that keeps going (a bad hand costs that hand, reported in its result).
    never_refused = {number for number in range(calls) if number not in raised}
    assert never_refused == {9, 18}, never_refused  # history.read_all, release_showdown_memory()
    # And most hostile calls are refusals, not answers: an answer to "" or None is the default.
    assert sum(raised.values()) > 4 * sum(answered.values())


# ---- issue 8: hostile and careless callers: short messages


@pytest.mark.parametrize(
    "call",
    [
        lambda: Card("As" * 500_000),
        lambda: Card(10**100000 if sys.int_info.default_max_str_digits == 0 else 2**100000),
        lambda: omaha8.evaluate("As" * 500_000, "2c3c4c"),
        lambda: omaha8.evaluate("Qx" + "As" * 500_000, "2c3c4c"),
        lambda: equity(["AsAh2s3h", "KsKdQhQc"], dead=list(range(53))),
        lambda: equity(["AsAh2s3h", "KsKdQhQc"], samples="9" * 100_000),
        lambda: omaha8.showdown("2c3c4c5c6c", ["AsAh2s3h"], [-(2**100000)]),
        lambda: omaha8.showdown("2c3c4c5c6c", ["AsAh2s3h"], ["9" * 100_000]),
    ],
)
def test_error_messages_stay_short(live, call):
    with pytest.raises(ValueError) as info:
        call()
    assert len(str(info.value)) < 200, str(info.value)[:300]
