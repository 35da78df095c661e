"""The two engines, compiled (core_c) and pure (core_py), under hostile and careless callers: each
validates, then reads only what it validated; one worker a thread; the limits the C arrays hold;
a seed repeats on either engine and any split; one API, the same outcome for the same input;
ranges sampled, read, counted and listed alike.
Crash cases run in a subprocess, so that a crash fails the test instead of killing pytest."""

from __future__ import annotations

import array
import ctypes
import inspect
import os
import random
import subprocess
import sys
import threading
import time
from math import comb

import pytest

import omaha8
from omaha8 import Card, Range, equity
from omaha8._engine import MAX_SAMPLES, MAX_WORKERS

# ---- issue 8: hostile and careless callers


AA, KK = [51, 50, 3, 6], [47, 45, 42, 40]  # AsAh2s3h, KsKdQhQc


def run_python(code: str, timeout: float = 60, **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env={**os.environ, **env}
    )


HOSTILE_LIST = """
import omaha8
import omaha8.{module} as engine

class Liar(list):
    # Iterates as good cards, indexes as {bad}.
    def __getitem__(self, i):
        return {bad}

holes = [Liar([51, 50, 3, 6]), [47, 45, 42, 40]]
try:
    job = engine.EquityJob(holes, Liar([0, 1, 2]), [], True, 0, 0, 1)
    job.run(0)
    print("ran", job.tally()["runouts"])
except ValueError as error:
    print("refused", type(error).__name__)
"""


@pytest.mark.parametrize("bad", [-100_000_000, 100_000, 52])
@pytest.mark.parametrize("module", ["_engine.core_c", "_engine.core_py"])
def test_a_sequence_that_lies_cannot_reach_the_engine(module, bad):
    result = run_python(HOSTILE_LIST.format(module=module, bad=bad))
    assert result.returncode == 0, result.stderr[-2000:]
    # Validation read the cards by iterating; the engine must use what was validated.
    assert result.stdout.strip() == "ran 820"  # C(41, 2) runouts of the board 2c 2d 2h


def test_an_iterator_of_dead_cards_is_read_once(impl):
    job = impl.EquityJob([AA, KK], [0, 21, 31], iter([8, 12]), True, 0, 0, 1)
    job.run(0)
    assert job.tally()["runouts"] == 741  # C(39, 2): the dead cards left the deck


@pytest.mark.parametrize("card", [1.5, 3.0, "3", None, True, 2**80, -1])
def test_a_card_that_is_not_an_index_is_refused_alike(impl, card):
    with pytest.raises(ValueError) as info:
        impl.EquityJob([AA, [47, 45, 42, card]], [], [], True, 0, 0, 1)
    assert len(str(info.value)) < 200


def test_a_worker_cannot_run_twice_at_once(impl):
    job = impl.EquityJob([AA, KK], [], [], False, 10**9, 1, 2)
    started = threading.Event()

    def work():
        started.set()
        job.run(0)

    thread = threading.Thread(target=work)
    thread.start()
    started.wait()
    while job.done() == 0 and thread.is_alive():
        time.sleep(0.001)
    try:
        with pytest.raises(ValueError, match="worker 0 is already running"):
            job.run(0)
    finally:
        job.stop()
        thread.join()
    assert job.tally()["runouts"] == job.done()


def test_workers_together_walk_every_runout_once(core):
    job = core.EquityJob([AA, KK], [], [], True, 0, 0, 4)
    threads = [threading.Thread(target=job.run, args=(w,)) for w in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert job.tally()["runouts"] == job.done() == 1_086_008


@pytest.mark.parametrize("samples, seed, workers", [(2**63, 0, 1), (0, 2**64, 1), (0, 0, 10**6), (-1, 0, 1)])
def test_jobs_refuse_numbers_past_their_limits(impl, samples, seed, workers):
    with pytest.raises(ValueError):
        impl.EquityJob([AA, KK], [], [], False, samples, seed, workers)


def test_the_largest_sample_count_splits_without_overflow(impl):
    job = impl.EquityJob([AA, KK], [0, 21, 31], [], False, MAX_SAMPLES, 3, MAX_WORKERS)
    assert job.total == MAX_SAMPLES
    job.stop()


def test_the_core_holds_the_python_limits(core):
    assert core.CAPACITY["hole_cards"] >= max(omaha8.cards.HOLE_SIZES) == omaha8.cards.MAX_HOLE_CARDS
    assert core.CAPACITY["seats"] >= omaha8.cards.MAX_SEATS
    assert core.CAPACITY["chunk_runouts"] == omaha8._engine.CHUNK_RUNOUTS


@pytest.mark.parametrize("name, value", [("HOLE_SIZES", (4, 5, 6, 7)), ("MAX_HOLE_CARDS", 7), ("MAX_SEATS", 11)])
def test_the_core_refuses_limits_it_was_not_built_for(core, monkeypatch, name, value):
    monkeypatch.setattr(omaha8.cards, name, value)
    with pytest.raises(ImportError, match="rebuild"):
        core._check_limits()


def _tally(module, workers, exact, samples=0, board=(0, 21, 31), seed=7):
    job = module.EquityJob([AA, KK], list(board), [], exact, samples, seed, workers)
    threads = [threading.Thread(target=job.run, args=(w,)) for w in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return job.tally()


@pytest.mark.slow
def test_both_engines_sample_the_same_runouts(core, fallback):
    # The fallback's random stream is the core's, word for word.
    for seed in (0, 7, 2**64 - 1):
        assert _tally(core, 1, False, 40_000, seed=seed) == _tally(fallback, 3, False, 40_000, seed=seed)


def test_any_split_of_an_exact_walk_gives_the_same_tallies(core, fallback):
    first = _tally(core, 1, True)
    assert _tally(core, 3, True) == first == _tally(fallback, 2, True)
    preflop = _tally(core, 1, True, board=())
    assert _tally(core, 2, True, board=()) == preflop


def _parameters(function):
    """Names, kinds and defaults: what a caller can pass (annotations aside)."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def _river_jobs_agree(ours, theirs) -> None:
    # One decision, check or bet the pot, on a board where AA's set beats KK.
    river = dict(
        board=bytes([0, 21, 31, 12, 17]),
        oop_rows=bytes(sorted(AA)),
        ip_rows=bytes(sorted(KK)),
        hole_size=4,
        oop_weights=array.array("d", [1.0]).tobytes(),
        ip_weights=array.array("d", [1.0]).tobytes(),
        kinds=[0, 4, 3],
        firsts=[1, 0, 0],
        counts=[2, 0, 0],
        amounts=[100.0, 0, 0, 100.0, 0, 0, 200.0, 100.0, 0],
    )
    roots = []
    for cls in (ours, theirs):
        job = cls(**river)
        job.begin(1)
        job.run(0)
        roots.append((list(job.root(0)), list(job.root(1)), job.total))
    assert roots[0] == roots[1]
    assert list(_parameters(theirs.__init__))[1:] == [
        (key, inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty) for key in river
    ]


def _street_jobs_agree(ours, theirs) -> None:
    # A turn: OOP checks or bets the pot; the river deals every card left (a
    # chance node), each a showdown.
    board = bytes([0, 21, 31, 12])
    coming = [c for c in range(52) if c not in board]
    street = dict(
        board=board,
        oop_rows=bytes(sorted(AA)),
        ip_rows=bytes(sorted(KK)),
        hole_size=4,
        oop_weights=array.array("d", [1.0]).tobytes(),
        ip_weights=array.array("d", [1.0]).tobytes(),
        kinds=[0, 5, 3] + [4] * len(coming),
        firsts=[1, 3, 0] + [0] * len(coming),
        counts=[2, len(coming), 0] + [0] * len(coming),
        amounts=[1.0, 0, 0, 1.0, 0, 0, 2.0, 1.0, 0] + [1.0, 0, 0] * len(coming),
        cards=[-1, -1, -1] + coming,
        compressed=False,
        swaps=(),
    )
    roots = []
    for cls in (ours, theirs):
        job = cls(**street)
        job.begin(1, 0, 0)
        job.run(0)
        roots.append(list(job.root(0)))
    assert roots[0] == pytest.approx(roots[1]) and roots[0][0] > 0
    defaults = {"compressed": False, "swaps": ()}
    assert list(_parameters(theirs.__init__))[1:] == [
        (key, inspect.Parameter.POSITIONAL_OR_KEYWORD, defaults.get(key, inspect.Parameter.empty)) for key in street
    ]


def test_both_engines_export_the_same_api(core, fallback):
    assert core.__all__ == fallback.__all__
    for name in core.__all__:
        ours, theirs = getattr(core, name), getattr(fallback, name)
        if inspect.isclass(ours):

            def methods(cls):
                return {m for m in dir(cls) if not m.startswith("_") and callable(getattr(cls, m))}

            expected = {
                "ShowdownJob": {"run", "done", "stop", "result"},
                "StrengthJob": {"run", "done", "stop", "result"},
                "HandIndexer": {"size", "index", "index_batch", "unindex", "unindex_batch"},
                "TallySweeper": {"add_board", "add_runouts", "sums"},
                "RiverJob": {"begin", "run", "done", "stop", "root", "average"},
                "StreetJob": {
                    "begin",
                    "run",
                    "done",
                    "stop",
                    "root",
                    "average",
                    "averages",
                    "current",
                    "values_at",
                    "load_averages",
                    "release_regrets",
                },
            }.get(name, {"run", "done", "stop", "tally"})
            assert methods(ours) == methods(theirs) >= expected
            for method in methods(ours):
                assert _parameters(getattr(ours, method)) == _parameters(getattr(theirs, method))
            if name == "TallySweeper":
                sweeper = dict(
                    hands=bytes(sorted(AA)),
                    opponents=bytes(sorted(KK)),
                    hole_size=4,
                    hand_weights=array.array("q", [1]).tobytes(),
                    opponent_weights=array.array("d", [1.0]).tobytes(),
                    groups=array.array("i", [0]).tobytes(),
                    group_count=1,
                )
                tallies = []
                for cls in (ours, theirs):
                    job = cls(**sweeper)
                    job.add_runouts(bytes([0, 21, 31]), b"", 0, 1176)  # C(49, 2) runouts, 820 apart
                    tallies.append(job.sums())
                assert tallies[0] == tallies[1] and tallies[0][0][10] == 820
                assert list(_parameters(theirs.__init__))[1:] == [
                    (key, inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty) for key in sweeper
                ]
                continue
            if name == "ShowdownJob":
                showdown = dict(
                    board=bytes([0, 21, 31, 12, 17]),
                    hands=bytes(sorted(AA)),
                    opponents=bytes(sorted(KK)),
                    hole_size=4,
                    weights=array.array("d", [1.0]).tobytes(),
                    workers=1,
                )
                assert ours(**showdown).total == theirs(**showdown).total == 2
                assert list(_parameters(theirs.__init__))[1:] == [
                    (key, inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty) for key in showdown
                ]
                continue
            if name == "StrengthJob":
                strength = dict(
                    board=bytes([0, 21, 31, 12]),
                    hands=bytes(sorted(AA)),
                    opponents=bytes(sorted(KK)),
                    hole_size=4,
                    weights=array.array("d", [1.0]).tobytes(),
                    bins=4,
                    workers=1,
                )
                results = []
                for cls in (ours, theirs):
                    job = cls(**strength)
                    job.run(0)
                    results.append([list(column) for column in job.result()])
                assert results[0] == results[1] and results[0][6] == [float(52 - 4 - 8)]
                assert list(_parameters(theirs.__init__))[1:] == [
                    (key, inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty) for key in strength
                ]
                continue
            if name == "HandIndexer":
                for cls in (ours, theirs):
                    ix = cls(rounds=(4, 3))
                    assert ix.size(0) == 16_432 and ix.index(ix.unindex(1, 12_345)) == 12_345
                assert list(_parameters(theirs.__init__))[1:] == [
                    ("rounds", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty)
                ]
                continue
            if name in ("StreetJob", "RiverJob"):
                (_street_jobs_agree if name == "StreetJob" else _river_jobs_agree)(ours, theirs)
                continue
            # A compiled class shows no signature: both must take the same keywords.
            arguments = dict(holes=[AA, KK], board=[0, 21, 31], dead=[], exact=True, samples=0, seed=0, workers=1)
            if name == "RangeEquityJob":
                arguments["holes"] = [AA, None]
                arguments["ranges"] = [None, (bytes(sorted(KK)), b"\x01")]
            assert ours(**arguments).total == theirs(**arguments).total == 820
            assert list(_parameters(theirs.__init__))[1:] == [
                (key, inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty) for key in arguments
            ]
            arguments.pop("ranges", None)
            continue
        assert _parameters(ours) == _parameters(theirs), name


def _outcome(call):
    try:
        return ("ok", call())
    except Exception as error:  # the type and the words are what is compared
        return (type(error).__name__, str(error))


HOSTILE_TEXT = [
    "AsKsQsJsTs",
    "AsKsQsJs",
    "AsAsQsJsTs",
    "As Ks Qs Js Ts",
    "ﾠAs",
    "As\x00Ks",
    "10s",
    "\ud800As",
    "A" * 3000,
    "AsKsQsJsTs9s",
    "",
    [51, 47, 43, 39, 35],
    [51, 51, 43, 39, 35],
    [51, 47, 43, 39],
    (51, 47, 43, 39, 52),
    [51, 47, 43, 39, -1],
    [51.0, 47, 43, 39, 35],
    None,
    5,
    b"AsKs",
]


@pytest.mark.parametrize("cards", HOSTILE_TEXT, ids=range(len(HOSTILE_TEXT)))
def test_five_card_value_behaves_alike(core, fallback, cards):
    assert _outcome(lambda: core.five_card_value(cards)) == _outcome(lambda: fallback.five_card_value(cards))


def _random_text(rng: random.Random) -> str:
    pieces = [
        "As",
        "Kd",
        "2c",
        "7h",
        "Th",
        "10h",
        "a♠",
        "X",
        " ",
        ",",
        "[",
        "]",
        "\x00",
        "♥",
        "9",
        "s",
        "Ah",
        "Ah",
        "\ud800",
        "é",
        "Ｋ",
        "1",
        "0",
    ]
    return "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))


def _random_cards(rng: random.Random):
    kind = rng.randrange(6)
    if kind == 0:
        return _random_text(rng)
    if kind == 1:
        return [rng.randrange(-3, 56) for _ in range(rng.randrange(0, 8))]
    if kind == 2:
        return tuple(rng.sample(range(52), rng.randrange(2, 8)))
    if kind == 3:
        return [rng.choice([1.0, None, True, "As", 2**65, Card(5), b"x"]) for _ in range(4)]
    if kind == 4:
        return rng.choice([None, 7, 3.5, object(), {"As": 1}])
    return " ".join(str(Card(c)) for c in rng.sample(range(52), rng.randrange(3, 7)))


def test_fuzzed_cards_give_the_same_outcome_in_both_engines(core, fallback):
    rng = random.Random(2026)
    for _ in range(3000):
        hole, board = _random_cards(rng), _random_cards(rng)
        for name in ("evaluate", "evaluate_high", "evaluate_low"):
            ours = _outcome(lambda: getattr(core, name)(hole, board))
            theirs = _outcome(lambda: getattr(fallback, name)(hole, board))
            assert ours == theirs, (name, hole, board)
            if ours[0] != "ok":
                assert ours[0] == "CardError" and len(ours[1]) < 200


def test_fuzzed_job_arguments_give_the_same_outcome_in_both_engines(core, fallback):
    rng = random.Random(88)
    for _ in range(400):
        holes = [rng.sample(range(52), rng.choice([3, 4, 4, 5, 6, 7])) for _ in range(rng.choice([1, 2, 3, 11]))]
        board = rng.sample(range(52), rng.choice([0, 3, 4, 5, 6]))
        args = (
            holes,
            board,
            [rng.randrange(-1, 53)] * rng.randrange(2),
            rng.choice([True, False, 1]),
            rng.choice([0, 5, 2**63]),
            rng.choice([0, 2**64]),
            rng.choice([0, 1, 300]),
        )
        ours = _outcome(lambda: core.EquityJob(*args) and None)
        theirs = _outcome(lambda: fallback.EquityJob(*args) and None)
        assert ours == theirs, args


def test_the_fixture_swaps_the_package_evaluators(live):
    assert omaha8.evaluate is live.evaluate and omaha8.evaluate_batch is live.evaluate_batch
    assert omaha8._engine.ENGINE is live


def _buffer_kinds(rows: list[list[int]]):
    flat = bytes(c for row in rows for c in row)
    n, k = len(rows), len(rows[0])
    yield memoryview(flat).cast("B", (n, k))
    yield memoryview(bytearray(flat)).cast("B", (n, k))
    yield memoryview((ctypes.c_uint8 * len(flat)).from_buffer_copy(flat)).cast("B").cast("B", (n, k))
    yield (ctypes.c_uint8 * k * n).from_buffer_copy(flat)
    np = pytest.importorskip("numpy")
    yield np.frombuffer(flat, np.uint8).reshape(n, k)


def test_every_kind_of_buffer_gives_the_same_rows(core, fallback):
    rng = random.Random(5)
    deals = [rng.sample(range(52), 9) for _ in range(50)]
    holes, boards = [d[:4] for d in deals], [d[4:] for d in deals]
    expected = [core.evaluate(h, b) for h, b in zip(holes, boards)]
    for hole_buffer in _buffer_kinds(holes):
        for board_buffer in _buffer_kinds(boards):
            for module in (core, fallback):
                high, low = module.evaluate_batch(hole_buffer, board_buffer)
                got = [(h, None if lo == 255 else lo) for h, lo in zip(high, low)]
                assert got == expected, (module.__name__, type(hole_buffer), type(board_buffer))


def test_bad_buffers_fail_alike(core, fallback):
    rng = random.Random(9)
    cases = [
        (bytes(8), bytes(3)),
        (memoryview(bytes([51, 50, 3, 6, 51, 1, 2, 3])).cast("B", (2, 4)), bytes([0, 21, 31])),
        (memoryview(bytes([51, 50, 3, 60])).cast("B", (1, 4)), bytes([0, 21, 31])),
        (memoryview(bytes(12)).cast("B", (2, 6)), memoryview(bytes(6)).cast("B", (2, 3))),
        (array.array("H", [1, 2, 3, 4]), bytes(3)),
        ("AsKs", bytes(3)),
        (memoryview(bytes(7)).cast("B", (1, 7)), bytes(3)),
    ]
    for _ in range(200):
        n, k, m = rng.randrange(1, 4), rng.choice([3, 4, 6, 7]), rng.choice([2, 3, 5, 6])
        cases.append(
            (
                memoryview(bytes(rng.randrange(0, 60) for _ in range(n * k))).cast("B", (n, k)),
                bytes(rng.randrange(0, 60) for _ in range(m)),
            )
        )
    for holes, boards in cases:
        ours = _outcome(lambda: core.evaluate_batch(holes, boards))
        theirs = _outcome(lambda: fallback.evaluate_batch(holes, boards))
        if ours[0] == "ok":
            assert theirs[0] == "ok" and list(ours[1][0]) == list(theirs[1][0])
        else:
            assert ours == theirs


# ---- ranges: both engines sample, read, count and list a range alike, and refuse alike

C = comb


@pytest.mark.slow
def test_a_seed_gives_the_same_range_samples_anywhere(core, fallback):
    holes = ["AsAh2s3h", Range("KK**, QQ**@50")]
    results = []
    for module, threads in ((core, 1), (core, 3), (fallback, 2)):
        import omaha8._engine as engine

        saved = engine.ENGINE
        engine.ENGINE = module
        try:
            results.append(
                equity(holes, "2c7d9h", samples=30_000 if module is core else 20_000, seed=9, threads=threads)
            )
        finally:
            engine.ENGINE = saved
    assert results[0] == results[1]
    small = []
    for module in (core, fallback):
        job = module.RangeEquityJob(
            [[51, 50, 3, 6], None],
            [0, 21, 31],
            [],
            False,
            5000,
            4,
            1,
            [None, (Range("KK**").raw()[0], Range("KK**").raw()[1])],
        )
        job.run(0)
        small.append(job.tally())
    assert small[0] == small[1]


@pytest.mark.slow
def test_both_engines_read_a_range_hand_by_hand_alike(core, fallback):
    code, table = Range("AA**@40, KK**:$ds, [2-4]x[2-4]x").program()
    tallies = []
    for module in (core, fallback):
        job = module.RangeEquityJob(
            [[51, 50, 3, 6], None], [0, 21, 31], [], False, 4000, 4, 1, [None, (4, code, table)]
        )
        job.run(0)
        tallies.append(job.tally())
    assert tallies[0] == tallies[1]


@pytest.mark.slow
def test_both_engines_count_alike(core, fallback):
    for expression, size in (("wxyz", 4), ("AwKw*", 5), ("AA", 6), ("KK**:$ds", 4)):
        code, table = Range(expression, hole_size=size).program()
        from omaha8._engine import possible_shapes as _possible_shapes
        from omaha8._engine import relevant_cards as _relevant_cards

        relevant = _relevant_cards(code, table)
        shapes = _possible_shapes(code, table, size) if relevant == (1 << 52) - 1 else b""
        args = (code.tobytes(), table.tobytes(), size, relevant, shapes)
        assert core.range_count(*args) == fallback.range_count(*args)
    code, table = Range("AsKs**").program()
    listed = core.range_list(code.tobytes(), table.tobytes(), 4, (1 << 52) - 1 - (1 << 0))
    assert listed == fallback.range_list(code.tobytes(), table.tobytes(), 4, (1 << 52) - 1 - (1 << 0))
    assert len(listed[0]) == 4 * C(49, 2)


@pytest.mark.parametrize(
    "k, cards, shapes",
    [
        (4, -1, b""),
        (4, 1 << 52, b""),
        (4, 2**64, b""),
        (4, 1.5, b""),
        (4, True, b""),
        (3, 0, b""),
        (7, 0, b""),
        (4.0, 0, b""),
        (4, (1 << 52) - 1, b"\x04\x00\x00"),
        (4, (1 << 52) - 1, b"\x03\x00\x00\x00"),
        (4, (1 << 52) - 1, "abcd"),
    ],
)
def test_range_walks_refuse_bad_arguments_alike(core, fallback, k, cards, shapes):
    code, table = Range("AA").program()
    for module in (core, fallback):
        with pytest.raises(ValueError):
            module.range_count(code.tobytes(), table.tobytes(), k, cards, shapes)
        if not shapes:
            with pytest.raises(ValueError):
                module.range_list(code.tobytes(), table.tobytes(), k, cards)


@pytest.mark.parametrize("dead", [0, 1, (1 << 52) - 1, 0b1011 << 20])
def test_both_engines_list_rows_apart_alike(core, fallback, dead):
    rng = random.Random(dead)
    rows = bytes(c for _ in range(400) for c in sorted(rng.sample(range(52), 4)))
    weights = bytes(rng.randint(1, 100) for _ in range(400))
    kept = core.rows_apart(rows, weights, 4, dead)
    assert kept == fallback.rows_apart(rows, weights, 4, dead)
    expected = [i for i in range(400) if not any((dead >> c) & 1 for c in rows[4 * i : 4 * i + 4])]
    assert kept == (b"".join(rows[4 * i : 4 * i + 4] for i in expected), bytes(weights[i] for i in expected))


@pytest.mark.parametrize(
    "args",
    [
        (b"\x00\x01\x02\x03", b"", 4, 0),
        (b"\x00\x01\x02", b"\x01", 4, 0),
        (b"\x00\x01\x02\x03", b"\x01", 3, 0),
        (b"\x00\x01\x02\x03", b"\x01", 4, -1),
        (b"\x00\x01\x02\x03", b"\x01", 4, 1 << 52),
        ("abcd", b"\x01", 4, 0),
        (b"\x00\x01\x02\x03", [1], 4, 0),
        (b"\x00\x01\x02\x03", b"\x01", 4, 1.0),
    ],
)
def test_rows_apart_refuses_bad_arguments_alike(core, fallback, args):
    for module in (core, fallback):
        with pytest.raises(ValueError):
            module.rows_apart(*args)
    # A card past 51 is never dead, in either engine: nothing shifts past the mask.
    assert (
        core.rows_apart(b"\x00\x01\x02\xff", b"\x07", 4, 1 << 51)
        == fallback.rows_apart(b"\x00\x01\x02\xff", b"\x07", 4, 1 << 51)
        == (b"\x00\x01\x02\xff", b"\x07")
    )
