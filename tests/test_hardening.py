"""Issue 8: what a hostile or careless caller did to the core before it was hardened. Each test
here failed before the fix it names; crash cases run in a subprocess, so that a crash fails the
test instead of killing pytest."""

from __future__ import annotations

import array
import ast
import ctypes
import inspect
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import omaha8
from omaha8 import BatchError, Card, CardError, equity
from omaha8._engine import MAX_SAMPLES, MAX_WORKERS

SOURCE = Path(omaha8.__file__).resolve().parent
ROOT = Path(__file__).resolve().parent.parent  # the checkout the tests run from
AA, KK = [51, 50, 3, 6], [47, 45, 42, 40]  # AsAh2s3h, KsKdQhQc


def run_python(code: str, timeout: float = 60, **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env={**os.environ, **env}
    )


# ---------------------------------------------------------------- 1. validate, then read the same

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


def test_dead_cards_as_an_iterator_through_equity(live):
    result = equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h", iter(["4c", "5c"]))
    assert result.runouts == 741


@pytest.mark.parametrize("card", [1.5, 3.0, "3", None, True, 2**80, -1])
def test_a_card_that_is_not_an_index_is_refused_alike(impl, card):
    with pytest.raises(ValueError) as info:
        impl.EquityJob([AA, [47, 45, 42, card]], [], [], True, 0, 0, 1)
    assert len(str(info.value)) < 200


# ---------------------------------------------------------------- 2. one worker, one thread


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


# ---------------------------------------------------------------- 3. overlapping buffers


def _rows(rng, n, size):
    out = bytearray()
    for _ in range(n):
        out += bytes(rng.sample(range(52), size))
    return out


@pytest.mark.parametrize("where", ["holes", "boards"])
def test_outputs_that_overlap_an_input_give_right_rows(impl, where):
    rng = random.Random(8)
    n = 300
    holes, boards = _rows(rng, n, 4), _rows(rng, n, 5)
    # Each row's cards must not collide: deal hole and board together.
    holes, boards = bytearray(), bytearray()
    for _ in range(n):
        cards = rng.sample(range(52), 9)
        holes += bytes(cards[:4])
        boards += bytes(cards[4:])
    expected_high, expected_low = impl.evaluate_batch(
        memoryview(bytes(holes)).cast("B", (n, 4)), memoryview(bytes(boards)).cast("B", (n, 5))
    )
    # The outputs live inside the input buffer: the low output over its first rows, so that
    # writing row i early would change rows read later.
    shared = holes if where == "holes" else boards
    out_low = memoryview(shared)[:n]
    out_high = array.array("H", bytes(2 * n))
    impl.evaluate_batch(
        memoryview(bytes(holes)).cast("B", (n, 4)) if where == "boards" else memoryview(holes).cast("B", (n, 4)),
        memoryview(boards).cast("B", (n, 5)) if where == "boards" else memoryview(bytes(boards)).cast("B", (n, 5)),
        out_high,
        out_low,
    )
    assert list(out_high) == list(expected_high)
    assert list(out_low) == list(expected_low)


def test_outputs_that_overlap_each_other_are_refused(impl):
    holes = memoryview(bytes([51, 50, 3, 6] * 4)).cast("B", (4, 4))
    board = memoryview(bytes([0, 21, 31]))
    space = bytearray(16)
    with pytest.raises(BatchError, match="share memory"):
        impl.evaluate_batch(holes, board, memoryview(space).cast("H")[:4], memoryview(space)[4:8])


# ---------------------------------------------------------------- 4. limits


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(samples=2**63 - 1), "samples must be 1..1,000,000,000,000,000"),
        (dict(samples=2**64), "samples must be 1..1,000,000,000,000,000"),
        (dict(samples=MAX_SAMPLES + 1), "samples must be 1..1,000,000,000,000,000"),
        (dict(threads=100_000), f"threads must be 1..{MAX_WORKERS}"),
        (dict(threads=2**70), f"threads must be 1..{MAX_WORKERS}"),
    ],
)
def test_huge_numbers_are_refused_with_the_limit(live, kwargs, message):
    with pytest.raises(ValueError) as info:
        equity(["AsAh2s3h", "KsKdQhQc"], **kwargs)
    assert message in str(info.value) and len(str(info.value)) < 120


@pytest.mark.parametrize("samples, seed, workers", [(2**63, 0, 1), (0, 2**64, 1), (0, 0, 10**6), (-1, 0, 1)])
def test_jobs_refuse_numbers_past_their_limits(impl, samples, seed, workers):
    with pytest.raises(ValueError):
        impl.EquityJob([AA, KK], [], [], False, samples, seed, workers)


def test_the_largest_sample_count_splits_without_overflow(impl):
    job = impl.EquityJob([AA, KK], [0, 21, 31], [], False, MAX_SAMPLES, 3, MAX_WORKERS)
    assert job.total == MAX_SAMPLES
    job.stop()


def test_a_thread_that_cannot_start_stops_the_ones_started(live_core, monkeypatch):
    real_start = threading.Thread.start
    started = []

    def start(self):
        if self.name.startswith("omaha8-job-") and len(started) == 2:
            raise RuntimeError("can't start new thread")
        started.append(self)
        real_start(self)

    monkeypatch.setattr(threading.Thread, "start", start)
    with pytest.raises(RuntimeError, match="can't start new thread"):
        equity(["AsAh2s3h", "KsKdQhQc"], samples=10**12, seed=1, threads=4)
    assert len(started) == 2 and not any(thread.is_alive() for thread in started)


# ---------------------------------------------------------------- 5. C arrays and Python limits


def test_the_core_holds_the_python_limits(core):
    assert core.CAPACITY["hole_cards"] >= max(omaha8.cards.HOLE_SIZES) == omaha8.cards.MAX_HOLE_CARDS
    assert core.CAPACITY["seats"] >= omaha8.cards.MAX_SEATS
    assert core.CAPACITY["chunk_runouts"] == omaha8._engine.CHUNK_RUNOUTS


@pytest.mark.parametrize("name, value", [("HOLE_SIZES", (4, 5, 6, 7)), ("MAX_HOLE_CARDS", 7), ("MAX_SEATS", 11)])
def test_the_core_refuses_limits_it_was_not_built_for(core, monkeypatch, name, value):
    monkeypatch.setattr(omaha8.cards, name, value)
    with pytest.raises(ImportError, match="rebuild"):
        core._check_limits()


# ---------------------------------------------------------------- 6. a seed repeats anywhere


@pytest.mark.parametrize("board", ["", "2c7d9h"])
def test_a_seed_gives_the_same_samples_on_any_thread_count(live, board):
    count = 100_000 if live.__name__.endswith("core_c") else 40_000
    answers = [equity(["AsAh2s3h", "KsKdQhQc"], board, samples=count, seed=7, threads=t) for t in (1, 2, 3, 4)]
    assert all(a == answers[0] for a in answers)


def _tally(module, workers, exact, samples=0, board=(0, 21, 31), seed=7):
    job = module.EquityJob([AA, KK], list(board), [], exact, samples, seed, workers)
    threads = [threading.Thread(target=job.run, args=(w,)) for w in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return job.tally()


def test_both_engines_sample_the_same_runouts(core, fallback):
    # The fallback's random stream is the core's, word for word.
    for seed in (0, 7, 2**64 - 1):
        assert _tally(core, 1, False, 40_000, seed=seed) == _tally(fallback, 3, False, 40_000, seed=seed)


def test_any_split_of_an_exact_walk_gives_the_same_tallies(core, fallback):
    first = _tally(core, 1, True)
    assert _tally(core, 3, True) == first == _tally(fallback, 2, True)
    preflop = _tally(core, 1, True, board=())
    assert _tally(core, 2, True, board=()) == preflop


# ---------------------------------------------------------------- 7. Ctrl-C

INTERRUPTIBLE = """
import sys, time, omaha8
print("started", flush=True)
try:
    omaha8.equity(["AsAh2s3h", "KsKdQhQc"], samples=10**10, threads=1, seed=1)
    print("finished")
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def _interrupt(command: list, env: dict) -> tuple[float, subprocess.CompletedProcess]:
    """Start ``command``, wait for its "started" line (however slow its imports: a fixed sleep
    failed under coverage), let the run go a little, send Ctrl-C and time the exit."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, **env}
    )
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 60)
    first = process.stdout.readline() if ready else ""
    assert first == "started\n", (first, process.poll())
    time.sleep(0.3)  # into the run
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    return time.monotonic() - sent, subprocess.CompletedProcess(command, process.returncode, first + out, err)


@pytest.mark.parametrize("pure", ["0", "1"])
def test_ctrl_c_stops_a_one_thread_run_from_python(pure):
    took, result = _interrupt([sys.executable, "-c", INTERRUPTIBLE], {"OMAHA8_PURE_PYTHON": pure})
    assert result.stdout.split() == ["started", "interrupted"], result.stderr[-2000:]
    assert took < 0.5


def test_ctrl_c_stops_the_command_line():
    command = (
        "import sys, omaha8.cli; print('started', flush=True); sys.exit(omaha8.cli.main(['equity', "
        "'AsAh2s3h', 'KsKdQhQc', '--threads', '1', '--samples', '10000000000']))"
    )
    took, result = _interrupt([sys.executable, "-c", command], {})
    assert result.returncode == 130 and result.stderr.strip() == "omaha8: interrupted"
    assert took < 0.5


# ---------------------------------------------------------------- 8. exact whenever feasible


def test_exact_is_the_default_and_sampling_is_asked_for(live_core):
    module = sys.modules["omaha8.equity"]
    assert not hasattr(module, "EXACT_RUNOUT_LIMIT")  # the switch that could never happen
    assert equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h").exact
    sampled = equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h", exact=False, seed=1)
    assert not sampled.exact and sampled.runouts == module.DEFAULT_SAMPLES


# ---------------------------------------------------------------- 9. one API, two engines


def _parameters(function):
    """Names, kinds and defaults: what a caller can pass (annotations aside)."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


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
            if name == "RiverJob":
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
                got = [(h, None if l == 255 else l) for h, l in zip(high, low)]
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


# ---------------------------------------------------------------- 10. the engine behind the package


def test_the_fixture_swaps_the_package_evaluators(live):
    assert omaha8.evaluate is live.evaluate and omaha8.evaluate_batch is live.evaluate_batch
    assert omaha8._engine.ENGINE is live


# ---------------------------------------------------------------- 11. numpy integers are cards


def test_numpy_integers_are_cards_everywhere(live):
    np = pytest.importorskip("numpy")
    hole = np.array([50, 45, 12, 3], np.uint8)
    board = np.array([48, 5, 23, 47, 31], np.int64)
    plain = ([50, 45, 12, 3], [48, 5, 23, 47, 31])
    assert omaha8.evaluate(hole, board) == omaha8.evaluate(*plain)
    assert omaha8.evaluate(list(hole), tuple(board)) == omaha8.evaluate(*plain)
    assert Card(np.uint8(51)) is Card("As") and Card(np.int32(0)) is Card("2c")
    assert omaha8.high_hand(hole, board) == omaha8.high_hand(*plain)
    assert omaha8.showdown(board, [hole, None], [np.int64(10), np.int64(5)]).payouts == (15, 0)
    result = equity([hole, np.array([51, 46, 22, 1], np.uint16)], board[:3], exact=True)
    assert result == equity([plain[0], [51, 46, 22, 1]], plain[1][:3], exact=True)
    holes = np.array([hole, [51, 46, 22, 1]], np.uint8)
    high, low = omaha8.evaluate_batch(holes, board.astype(np.uint8))
    assert high[0] == omaha8.evaluate(holes[0], board)[0]
    for bad in (np.float64(3.0), np.array([1.5])[0]):
        with pytest.raises(CardError):
            Card(bad)


# ---------------------------------------------------------------- 12. short messages


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


def test_dead_card_count_is_worded_as_a_range(live):
    with pytest.raises(CardError, match=r"\(0 to 52 allowed\)"):
        equity(["AsAh2s3h", "KsKdQhQc"], dead=list(range(51)) + [51, 51])


# ---------------------------------------------------------------- 14 and 15. build and licence


def _load_setup():
    import importlib.util

    spec = importlib.util.spec_from_file_location("omaha8_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() runs only as __main__
    return module


def test_a_missing_compiler_is_told_apart_from_a_broken_build():
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not run from a checkout")
    setup = _load_setup()

    class Compiler:
        compiler_so = ["/nonexistent/cc", "-O2"]

    assert "no C compiler" in setup.missing_toolchain(Compiler())
    Compiler.compiler_so = [sys.executable]  # an executable that exists
    assert setup.missing_toolchain(Compiler()) is None


BROKEN_BUILD = """
import sys
sys.path.insert(0, {root!r})
import importlib.util
spec = importlib.util.spec_from_file_location("omaha8_setup", {setup!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
from setuptools import Extension, setup
setup(name="broken", ext_modules=[Extension("broken", ["broken.c"])],
      cmdclass={{"build_ext": module.OptionalBuildExt}},
      script_args=["build_ext", "--inplace"])
print("installed")
"""


@pytest.mark.parametrize("compiler, installs", [(None, False), ("/nonexistent/cc", True)])
def test_a_failed_compile_fails_and_a_missing_compiler_falls_back(tmp_path, compiler, installs):
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not run from a checkout")
    pytest.importorskip("setuptools")
    (tmp_path / "broken.c").write_text("this is not C;\n")
    env = {k: v for k, v in os.environ.items() if k != "OMAHA8_REQUIRE_EXTENSION"}
    if compiler:
        env["CC"] = compiler
    result = subprocess.run(
        [sys.executable, "-c", BROKEN_BUILD.format(root=str(ROOT), setup=str(ROOT / "setup.py"))],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert (result.returncode == 0 and "installed" in result.stdout) == installs, result.stderr[-2000:]
    if installs:
        assert "no C compiler" in result.stderr


def test_the_warning_for_a_missing_core_says_it_is_not_built():
    code = (
        "import sys, warnings\n"
        "sys.modules['omaha8._engine.core_c'] = None\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    import omaha8\n"
        "print([str(w.message) for w in caught])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "OMAHA8_PURE_PYTHON"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert "is not built" in result.stdout and "circular" not in result.stdout


def test_the_licence_the_project_promises_is_there():
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not run from a checkout")
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text()
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
