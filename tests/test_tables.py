"""Starting-hand classes and preflop tables: counts checked by an independent method, tables
the same on every executor, resumed runs, and the shipped table against fresh runs."""

from __future__ import annotations

import math
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from itertools import combinations, permutations
from pathlib import Path

import pytest
from test_isomorphism import burnside

import omaha8
import omaha8.cli
from omaha8 import Range, RangeError, canonical, equity, preflop_table, starting_hands
from omaha8.tables import (
    BLOCK_DEALS,
    SHIPPED_TABLE,
    FallbackRefusedError,
    PreflopTable,
    TableError,
    TableTask,
    run_task,
)

PURE = omaha8.IMPLEMENTATION == "python"


def renamed(hand: tuple, order: tuple) -> tuple:
    """The hand with suit s renamed order[s] (card = rank * 4 + suit)."""
    return tuple(sorted((card & ~3) | order[card & 3] for card in hand))


# ---------------------------------------------------------------- classes


def burnside_classes(hole_size: int) -> int:
    """Classes of hole_size-card hands under the 24 renamings of suits, by Burnside's lemma
    (one round of test_isomorphism's count for any rounds)."""
    return burnside((hole_size,))


def test_burnside_counts_the_published_four_card_classes():
    # 16,432 is the count the issue (and every Omaha starting-hand table) gives.
    assert burnside_classes(4) == 16_432
    # Two-card hold'em hands as a check on the method itself: 169 classes.
    assert burnside_classes(2) == 169


@pytest.mark.parametrize("hole_size", [4, 5])
@pytest.mark.slow
def test_classes_match_the_independent_count_and_cover_every_hand(hole_size):
    classes = starting_hands(hole_size)
    assert len(classes) == burnside_classes(hole_size)
    assert sum(c.hands for c in classes) == math.comb(52, hole_size)
    assert len({c.canonical for c in classes}) == len(classes)
    assert all(canonical(c.canonical) == c.canonical for c in classes)


@pytest.mark.slow
def test_six_card_classes_match_the_independent_count():
    classes = starting_hands(6)
    assert len(classes) == burnside_classes(6)
    assert sum(c.hands for c in classes) == math.comb(52, 6)


@pytest.mark.slow
def test_every_four_card_hand_falls_in_its_class_and_classes_have_their_sizes():
    counts = Counter(canonical(hand) for hand in combinations(range(52), 4))
    assert counts == {c.canonical: c.hands for c in starting_hands(4)}


@pytest.mark.slow
def test_a_class_is_the_same_for_every_renaming_of_suits():
    rng = random.Random(12)
    renamings = list(permutations(range(4)))
    for hole_size in (4, 5, 6):
        sizes = dict(starting_hands(hole_size)) if hole_size < 6 else None
        for _ in range(300):
            hand = tuple(rng.sample(range(52), hole_size))
            forms = {canonical(renamed(hand, order)) for order in renamings}
            assert len(forms) == 1
            # ... and the class holds exactly the hand's distinct renamings.
            images = {renamed(hand, order) for order in renamings}
            if sizes is not None:
                assert sizes[forms.pop()] == len(images)


def test_hands_of_different_classes_are_not_renamings_of_each_other():
    # Two hands with the same ranks that are no renaming of each other: double-suited and
    # single-suited aces.
    assert canonical("AsAh2s3h") == canonical("AdAc2d3c") == "AsAh3s2h"
    assert canonical("AsAh2s3h") != canonical("AsAh2s3d")
    assert canonical("AsAh2h3s") == canonical("AsAh2s3h")  # swap s and h
    assert canonical("9h8h7c6c") == canonical("9s8s7d6d") != canonical("9h8c7h6c")


def test_canonical_refuses_what_is_not_cards():
    for bad in ("", "AsAs", "Zz", 53):
        with pytest.raises(omaha8.CardError):
            canonical(bad)


# ---------------------------------------------------------------- the same table anywhere

# Two blocks and a bit: a class's deals cross blocks, so splits inside a class are exercised.
SAMPLES = 2_000 if PURE else 2 * BLOCK_DEALS + 1_000
HANDS = ["AsAh2s3h", "2c2d2h2s", "9h8h7c6c", "KsKdQhQc", "Ac2d7h9s", "AhAs3c4d"]


def rows(table):
    return [tuple(vars(row).values()) for row in table]


class LateFirstExecutor(ThreadPoolExecutor):
    """A thread per task, each task waiting less the later it was given: tasks finish last
    given, first done. ``finished`` records the order they finished in."""

    def __init__(self) -> None:
        super().__init__(64)
        self.given = 0
        self.finished: list[int] = []

    def submit(self, fn, *args, **kwargs):
        number, self.given = self.given, self.given + 1
        return super().submit(self._late, number, fn, *args, **kwargs)

    def _late(self, number, fn, *args, **kwargs):
        time.sleep(max(0.0, 0.4 - 0.02 * number))
        try:
            return fn(*args, **kwargs)
        finally:
            self.finished.append(number)


@pytest.fixture(scope="module")
def reference():
    return preflop_table(samples=SAMPLES, seed=99, hands=HANDS, executor=ThreadPoolExecutor(1), allow_fallback=PURE)


def test_threads_in_any_number_give_the_same_table(reference):
    for workers in (2, 3):
        with ThreadPoolExecutor(workers) as pool:
            table = preflop_table(samples=SAMPLES, seed=99, hands=HANDS, executor=pool, allow_fallback=PURE)
        assert rows(table) == rows(reference)
    assert rows(preflop_table(samples=SAMPLES, seed=99, hands=HANDS, allow_fallback=PURE)) == rows(reference)


def test_processes_give_the_same_table(reference):
    with ProcessPoolExecutor(2) as pool:
        table = preflop_table(samples=SAMPLES, seed=99, hands=HANDS, executor=pool, allow_fallback=PURE)
    assert rows(table) == rows(reference)
    assert table.implementation == reference.implementation == omaha8.IMPLEMENTATION


def test_tasks_finishing_in_any_order_and_any_split_give_the_same_table(reference, monkeypatch):
    import omaha8.tables as tables

    monkeypatch.setattr(tables, "MIN_TASK_BLOCKS", 1)  # a task a block: several tasks
    with LateFirstExecutor() as late:
        table = preflop_table(samples=SAMPLES, seed=99, hands=HANDS, executor=late, allow_fallback=PURE)
    assert len(late.finished) >= 6 and late.finished != sorted(late.finished)
    assert rows(table) == rows(reference)
    # One block a task, and every class in one task.
    for per_task, least in ((1, 10**6), (10**6, 1)):
        monkeypatch.setattr(tables, "TASK_BLOCKS", per_task)
        monkeypatch.setattr(tables, "MIN_TASKS", least)
        assert rows(preflop_table(samples=SAMPLES, seed=99, hands=HANDS, allow_fallback=PURE)) == rows(reference)


def test_another_seed_gives_other_deals(reference):
    other = preflop_table(samples=SAMPLES, seed=100, hands=HANDS, allow_fallback=PURE)
    assert rows(other) != rows(reference)


def test_a_dask_cluster_gives_the_same_table(reference, dask_client):
    table = preflop_table(
        samples=SAMPLES, seed=99, hands=HANDS, executor=dask_client.get_executor(), allow_fallback=PURE
    )
    assert rows(table) == rows(reference)


def test_the_command_line_runs_on_a_dask_scheduler(dask_client, tmp_path, capsys):
    address = dask_client.scheduler.address
    out = tmp_path / "t.csv"
    args = [
        "table",
        "--samples",
        "3000",
        "--seed",
        "5",
        "--hands",
        "AsAh2s3h",
        "KsKdQhQc",
        "--scheduler",
        address,
        "--out",
        str(out),
    ] + (["--allow-fallback"] if PURE else [])
    assert omaha8.cli.main(args) == 0
    here = preflop_table(samples=3000, seed=5, hands=["AsAh2s3h", "KsKdQhQc"], allow_fallback=PURE)
    assert rows(PreflopTable.read_csv(out)) == rows(here)


# ---------------------------------------------------------------- tallies add up


def test_tasks_are_plain_data_and_their_tallies_add_exactly():
    import pickle

    task = TableTask(1, 7, 3 * BLOCK_DEALS, (("AsAh3s2h", 0, 3),), allow_fallback=True)
    assert pickle.loads(pickle.dumps(task)) == task
    assert all(isinstance(x, (int, str, bool, tuple)) for x in task)
    if PURE:
        pytest.skip("three blocks are slow in pure Python")
    whole = run_task(task)[0].tally
    parts = [run_task(task._replace(work=(("AsAh3s2h", b, b + 1),)))[0].tally for b in range(3)]
    assert parts[0] + parts[1] + parts[2] == whole
    assert whole.runouts == 3 * BLOCK_DEALS
    assert all(isinstance(n, int) for seat in whole.seats for n in seat)


# ---------------------------------------------------------------- the fallback


def test_a_worker_on_the_fallback_refuses_unless_asked(fallback, monkeypatch):
    from conftest import make_live

    make_live(fallback, monkeypatch)
    with pytest.raises(FallbackRefusedError, match="pure-Python fallback"):
        preflop_table(samples=500, seed=1, hands=["AsAh2s3h"])
    table = preflop_table(samples=500, seed=1, hands=["AsAh2s3h", "KsKdQhQc"], allow_fallback=True)
    assert table.implementation == "python"


def test_the_fallback_computes_the_same_table_as_the_core(core, fallback, monkeypatch):
    from conftest import make_live

    question = dict(
        samples=1_500, seed=3, hands=["AsAh2s3h", "Td9d8c7c"], allow_fallback=True, executor=ThreadPoolExecutor(1)
    )
    make_live(core, monkeypatch)
    compiled = preflop_table(**question)
    make_live(fallback, monkeypatch)
    pure = preflop_table(**question)
    assert rows(pure) == rows(compiled)
    assert (compiled.implementation, pure.implementation) == ("cython", "python")


# ---------------------------------------------------------------- checkpoints and progress


def table_command(out, checkpoint, workers="1"):
    return [
        sys.executable,
        "-m",
        "omaha8",
        "table",
        "--samples",
        "300000",
        "--seed",
        "11",
        "--hands",
        *[h.canonical for h in starting_hands()[::160]],
        "--workers",
        workers,
        "--out",
        str(out),
        "--checkpoint",
        str(checkpoint),
    ] + (["--allow-fallback"] if PURE else [])


@pytest.mark.skipif(PURE, reason="a run long enough to kill takes minutes in pure Python")
@pytest.mark.slow
def test_a_killed_run_continues_from_its_checkpoint_to_the_same_table(tmp_path):
    checkpoint = tmp_path / "run.checkpoint"
    killed = subprocess.Popen(table_command(tmp_path / "killed.csv", checkpoint), stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if checkpoint.exists() and checkpoint.read_text().count("\n") > 40:
            break
        time.sleep(0.01)
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    assert not (tmp_path / "killed.csv").exists()
    assert checkpoint.read_text().count("\n") > 40
    with open(checkpoint, "a") as file:  # as if killed in the middle of a line
        file.write('{"class":"AsAh3s2h","fir')
    subprocess.run(table_command(tmp_path / "resumed.csv", checkpoint), check=True, stdout=subprocess.DEVNULL)
    subprocess.run(
        table_command(tmp_path / "whole.csv", tmp_path / "fresh.checkpoint", workers="2"),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    resumed = PreflopTable.read_csv(tmp_path / "resumed.csv")
    assert rows(resumed) == rows(PreflopTable.read_csv(tmp_path / "whole.csv"))
    assert len(resumed) == 103
    # The cut line was dropped, not written after: the checkpoint reads whole again.
    assert '"fir{' not in checkpoint.read_text()
    subprocess.run(table_command(tmp_path / "again.csv", checkpoint), check=True, stdout=subprocess.DEVNULL)
    assert rows(PreflopTable.read_csv(tmp_path / "again.csv")) == rows(resumed)


def test_a_checkpoint_resumes_in_process_and_reports_progress(tmp_path, monkeypatch):
    import omaha8.tables as tables

    monkeypatch.setattr(tables, "MIN_TASK_BLOCKS", 1)  # several tasks, even from a small table
    checkpoint = tmp_path / "c"
    calls = []

    def stop_after_two(done, total):
        calls.append((done, total))
        if len(calls) == 3:
            raise KeyboardInterrupt

    question = dict(samples=SAMPLES, seed=99, hands=HANDS, allow_fallback=PURE, executor=ThreadPoolExecutor(1))
    with pytest.raises(KeyboardInterrupt):
        preflop_table(checkpoint=checkpoint, progress=stop_after_two, **question)
    assert calls[0] == (0, SAMPLES * len(HANDS))
    resumed_calls = []
    table = preflop_table(checkpoint=checkpoint, progress=lambda d, t: resumed_calls.append((d, t)), **question)
    assert resumed_calls[0][0] >= calls[-1][0] > 0  # began where the first run stopped
    assert resumed_calls[-1] == (SAMPLES * len(HANDS),) * 2
    assert [d for d, _ in resumed_calls] == sorted(d for d, _ in resumed_calls)
    assert rows(table) == rows(preflop_table(**question))


def test_a_checkpoint_of_another_table_is_refused(tmp_path):
    checkpoint = tmp_path / "c"
    preflop_table(samples=300, seed=1, hands=["AsAh2s3h"], checkpoint=checkpoint, allow_fallback=PURE)
    with pytest.raises(TableError, match=r"another table.*seed"):
        preflop_table(samples=300, seed=2, hands=["AsAh2s3h"], checkpoint=checkpoint, allow_fallback=PURE)
    (tmp_path / "junk").write_text("hello\n")
    with pytest.raises(TableError, match="line 1: not the header of an omaha8 checkpoint"):
        preflop_table(samples=300, seed=2, hands=["AsAh2s3h"], checkpoint=tmp_path / "junk", allow_fallback=PURE)


# ---------------------------------------------------------------- corrupt files (issue 16)

CORRUPT_QUESTION = dict(samples=300, seed=5, hands=["AsAh2s3h", "KsKh2d3c"])
_GOOD: list = []


def _good_checkpoint(tmp_path) -> list:
    """The header and a block of each class: computed once, the corruptions are the tests."""
    if not _GOOD:
        checkpoint = tmp_path / "good"
        preflop_table(checkpoint=checkpoint, allow_fallback=PURE, **CORRUPT_QUESTION)
        _GOOD.extend(checkpoint.read_text().splitlines())
    return list(_GOOD)


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda lines: ['{"format": 1}'] + lines[1:],  # a header of nothing
        lambda lines: ["[" * 100_000] + lines[1:],  # deeply nested JSON
        lambda lines: lines[:1] + ["[" * 100_000 + "]" * 100_000] + lines[1:],
        lambda lines: (
            lines[:1] + [lines[1].replace('"AsAh3s2h"', '"QsQh3s2h"').replace('"KsKh3d2c"', '"QsQh3s2h"')] + lines[2:]
        ),  # a class not in the table
        lambda lines: lines[:1] + [re.sub(r'"runouts":\d+', '"runouts":"65536"', lines[1])] + lines[2:],
        lambda lines: lines[:1] + [re.sub(r'"runouts":\d+', '"runouts":1.5', lines[1])] + lines[2:],
        lambda lines: lines[:1] + [re.sub(r'"seats":\[\[\d+', '"seats":[[NaN', lines[1])] + lines[2:],
        lambda lines: lines[:1] + [re.sub(r'"seats":\[\[\d+', '"seats":[[-292', lines[1])] + lines[2:],
        lambda lines: lines[:1] + [re.sub(r'"seats":\[\[\d+', '"seats":[[1e999', lines[1])] + lines[2:],
        lambda lines: (
            lines[:1] + [re.sub(r'"seats":\[\[\d+', '"seats":[[99999999999999999999999999', lines[1])] + lines[2:]
        ),
        lambda lines: lines[:1] + [re.sub(r'"stop":\d+', '"stop":99', lines[1])] + lines[2:],
        lambda lines: lines[:1] + [re.sub(r'"first":\d+', '"first":-1', lines[1])] + lines[2:],
        lambda lines: lines[:1] + [re.sub(r'"pot_units":\d+', '"pot_units":0', lines[1])] + lines[2:],
        lambda lines: lines[:1] + [lines[1].replace('"implementation":"', '"implementation":"x')] + lines[2:],
        lambda lines: lines[:1] + ["17"] + lines[2:],
        lambda lines: lines[:1] + ["{}"] + lines[2:],
    ],
)
def test_a_corrupt_checkpoint_is_a_table_error_naming_the_line(tmp_path, corrupt):
    lines = _good_checkpoint(tmp_path)
    assert len(lines) == 3
    bad = tmp_path / "bad"
    bad.write_text("\n".join(corrupt(lines)) + "\n")
    with pytest.raises(TableError, match=r"line \d+"):
        preflop_table(checkpoint=bad, allow_fallback=PURE, **CORRUPT_QUESTION)


def test_random_corruptions_of_a_checkpoint_never_escape_as_other_errors(tmp_path):
    good = "\n".join(_good_checkpoint(tmp_path)) + "\n"
    rng = random.Random(16)
    outcomes = Counter()
    for attempt in range(150):
        text = list(good)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text))
            text[at] = rng.choice('0123456789-.,:[]{}"eE \nNaI')
        path = tmp_path / f"fuzz{attempt}"
        path.write_text("".join(text))
        try:
            table = preflop_table(checkpoint=path, allow_fallback=PURE, **CORRUPT_QUESTION)
        except TableError:
            outcomes["refused"] += 1
            continue
        assert all(0 <= row.equity <= 1 and row.std_error >= 0 for row in table)
        outcomes["read"] += 1
    assert outcomes["refused"] > 50


def test_a_checkpoint_path_must_be_a_file_it_can_write(tmp_path):
    question = dict(samples=300, seed=1, hands=["AsAh2s3h"], allow_fallback=PURE)
    for path, words in (
        (tmp_path, "not a regular file"),
        (tmp_path / "missing" / "c", "does not exist"),
        ("", "empty path"),
        ("/dev/null", "not a regular file"),
    ):
        with pytest.raises(TableError, match=words):
            preflop_table(checkpoint=path, **question)


# ---------------------------------------------------------------- arguments and files


@pytest.mark.parametrize(
    "arguments, words",
    [
        (dict(opponents=0), "opponents"),
        (dict(opponents=10), "opponents"),
        (dict(opponents=True), "opponents"),
        (dict(samples=0), "samples"),
        (dict(samples=1.5), "samples"),
        (dict(samples=True), "samples"),
        (dict(seed=1.0), "seed"),
        (dict(seed=False), "seed"),
        (dict(opponents=1.0), "opponents"),
        (dict(hole_size=4.0), "hole_size"),
        (dict(seed=-1), "seed"),
        (dict(seed=2**64), "seed"),
        (dict(hole_size=7), "hole_size"),
        (dict(hands="AsAh2s3h"), "list of hands"),
        (dict(hands=["AsAh2s3hKd"]), "5 cards, not 4"),
        (dict(hands=["AsAs2s3h"]), "hand"),
        (dict(hands=[]), "empty"),
        (dict(executor=object()), "Executor"),
        (dict(progress=3), "progress"),
        (dict(opponents=9, hole_size=6), "too few cards"),
    ],
)
def test_bad_arguments_are_refused_with_their_name(arguments, words):
    with pytest.raises(TableError, match=words):
        preflop_table(**{"samples": 10, "hands": ["AsAh2s3h"], **arguments})


def test_a_table_comes_back_from_its_csv_file(reference, tmp_path):
    path = tmp_path / "t.csv"
    reference.to_csv(path)
    text = path.read_text()
    head = [line for line in text.splitlines() if line.startswith("#")]
    assert f"# version: {omaha8.__version__}" in head and "# seed: 99" in head
    assert f"# samples: {SAMPLES}" in head and "# opponents: 1" in head
    assert any(line.startswith("# command: omaha8 table --opponents 1") for line in head)
    back = PreflopTable.read_csv(path)
    assert back == reference
    assert back["AdAc2d3c"].canonical == "AsAh3s2h" and back[0] == reference.rows[0]
    with pytest.raises(KeyError):
        back["KhKs5c5d"]
    for broken in ("", "# seed: 1\nrank,canonical\n", text.replace("# seed: 99\n", "")):
        path.write_text(broken)
        with pytest.raises(TableError):
            PreflopTable.read_csv(path)
    with pytest.raises(TableError, match="cannot read"):
        PreflopTable.read_csv(tmp_path / "missing.csv")


def test_ranks_and_percentiles_follow_equity_weighted_by_hands(reference):
    equities = [row.equity for row in reference]
    assert equities == sorted(equities, reverse=True)
    assert [row.rank for row in reference] == list(range(1, len(HANDS) + 1))
    hands = [row.hands for row in reference]
    assert [row.percentile for row in reference] == pytest.approx(
        [100 * sum(hands[: i + 1]) / sum(hands) for i in range(len(hands))]
    )
    # 2222: one hand; AA23 double suited: 12 (4 x 3 ways to pick the suits); 9876 ds: 12.
    assert reference["2c2d2h2s"].hands == 1 and reference["AsAh2s3h"].hands == 12
    assert reference["Ac2d7h9s"].hands == 24 and reference["AhAs3c4d"].hands == 12


def test_the_table_agrees_with_equity_runs_against_the_full_range(reference):
    if PURE:
        pytest.skip("long runs in pure Python")
    for row in reference:
        direct = equity([row.canonical, "random"], samples=400_000, seed=5)[0]
        error = math.hypot(row.std_error, direct.std_error)
        assert abs(row.equity - direct.equity) < 4.5 * error, row
        assert abs(row.low_made - direct.low_made) < 0.02


# ---------------------------------------------------------------- the shipped table


@pytest.fixture(scope="module")
def shipped():
    return PreflopTable.shipped()


SAMPLED_TABLE = Path(__file__).resolve().parent / "data" / "preflop-4-cards-1-opponent-sampled.csv"
EXACT_DEALS_PER_HAND = math.comb(48, 5) * math.comb(43, 4)  # boards, then the opponent's hands


def test_the_shipped_table_is_whole_exact_and_says_how_it_was_made(shipped):
    assert (shipped.opponents, shipped.hole_size, shipped.samples, shipped.complete, shipped.exact) == (
        1,
        4,
        0,
        True,
        True,
    )
    assert shipped.implementation == "cython"
    assert len(shipped) == 16_432 and sum(row.hands for row in shipped) == 270_725
    assert {row.canonical for row in shipped} == {c.canonical for c in starting_hands(4)}
    head = SHIPPED_TABLE.read_text().split("\n", 12)[:11]
    assert "# command: omaha8 table --opponents 1 --exact" in head
    assert all(row.deals == row.hands * EXACT_DEALS_PER_HAND for row in shipped)
    assert all(row.std_error == 0.0 for row in shipped)


def test_the_exact_table_is_half_the_pots_on_average(shipped):
    # Against a random hand the hands' mean equity is a half, by symmetry: exactly, to rounding.
    assert sum(row.equity * row.hands for row in shipped) / 270_725 == pytest.approx(0.5, abs=1e-13)
    # Each row's parts are whole numbers of quarter pots over its deals, written in full.
    for row in shipped.rows[:200]:
        quarters = row.equity * row.deals * 4
        assert quarters == pytest.approx(round(quarters), abs=1e-3 * max(1.0, quarters * 1e-12))
        assert row.high + row.low == pytest.approx(row.equity, abs=1e-15)


def test_the_exact_table_agrees_with_the_sampled_one_it_replaced(shipped):
    sampled = PreflopTable.read_csv(SAMPLED_TABLE)
    assert sampled.samples == 1_000_000 and not sampled.exact
    worst = 0.0
    for row in sampled:
        exact = shipped[row.canonical]
        worst = max(worst, abs(exact.equity - row.equity) / row.std_error)
        assert abs(exact.scoop - row.scoop) < 0.005 and abs(exact.low_made - row.low_made) < 0.005
    assert worst < 4.0  # standard errors: 16,432 classes, each within four of its own


def test_sampled_rows_recompute_within_their_error_of_the_exact_table(shipped):
    if PURE:
        pytest.skip("long runs in pure Python")
    rng = random.Random(2)
    picked = [shipped[0], shipped[-1]] + rng.sample(shipped.rows, 10)
    fresh = preflop_table(samples=300_000, seed=12345, hands=[row.canonical for row in picked])
    for row in picked:
        again = fresh[row.canonical]
        assert abs(row.equity - again.equity) < 4.5 * again.std_error, (row, again)
        assert abs(row.high - again.high) < 0.01 and abs(row.scoop - again.scoop) < 0.01


def test_the_lore(shipped):
    """What the README reports, read from the table and checked against independent runs."""
    aa23 = shipped["AsAh2s3h"]
    assert aa23.rank == 1
    quads = shipped["2c2d2h2s"]
    assert quads.percentile > 99.5
    # AA** against a random hand: its classes weighted by their hands, and a direct run.
    aces = [row for row in shipped if row.canonical[0] == "A" and row.canonical[2] == "A"]
    assert sum(row.hands for row in aces) == len(Range("AA**"))
    weighted = sum(row.equity * row.hands for row in aces) / sum(row.hands for row in aces)
    assert 0.63 < weighted < 0.65
    if not PURE:
        direct = equity(["AA**", "random"], samples=2_000_000, seed=1)[0]
        assert abs(direct.equity - weighted) < 5 * direct.std_error
    # Rundowns: 9876 double suited is a below-average hand in hi-lo, behind A2 hands.
    assert shipped["9s8s7h6h"].percentile > 40
    assert shipped["9s8s7h6h"].equity < shipped["As2hKd7c"].equity


# ---------------------------------------------------------------- percent ranges


def test_percent_ranges_take_whole_classes_from_the_top(shipped):
    top = Range("15%")
    assert abs(len(top) - 0.15 * 270_725) <= max(row.hands for row in shipped)
    classes = {canonical(hand) for hand in top}
    # Whole classes: every hand of each class, and the classes are the best ones.
    assert sum(shipped[form].hands for form in classes) == len(top)
    worst_in = max(shipped[form].rank for form in classes)
    assert sorted(shipped[form].rank for form in classes) == list(range(1, worst_in + 1))
    # The boundary: a class is in when the middle of its share lies below 15%.
    boundary = shipped[worst_in - 1]
    assert boundary.percentile - 50 * boundary.hands / 270_725 < 15
    following = shipped[worst_in]
    assert following.percentile - 50 * following.hands / 270_725 >= 15
    assert "AsAh2s3h" in top and "2c2d2h2s" not in top


@pytest.mark.slow
def test_percent_bands_join_without_gaps_or_overlaps():
    low, high, both = Range("10%-20%"), Range("20%-30%"), Range("10%-30%")
    assert set(low).isdisjoint(high)
    assert set(low) | set(high) == set(both)
    assert set(Range("0%-15%")) == set(Range("15%"))
    assert len(Range("100%")) == 270_725
    assert set(Range("15%, KK**")) == set(Range("15%")) | set(Range("KK**"))


def test_percent_ranges_need_four_cards():
    with pytest.raises(RangeError, match="four-card"):
        Range("15%", hole_size=5)


# ---------------------------------------------------------------- the command line


def test_the_command_line_shows_the_shipped_table(capsys, shipped):
    assert omaha8.cli.main(["table", "--show", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 7
    assert lines[2].split()[:3] == ["1", shipped[0].canonical, str(shipped[0].hands)]


def test_the_command_line_computes_and_writes_a_table(tmp_path, capsys):
    out = tmp_path / "t.csv"
    args = [
        "table",
        "--samples",
        "2000",
        "--seed",
        "4",
        "--hands",
        "AsAh2s3h",
        "KsKdQhQc",
        "--workers",
        "2",
        "--out",
        str(out),
    ] + (["--allow-fallback"] if PURE else [])
    assert omaha8.cli.main(args) == 0
    assert "wrote 2 classes" in capsys.readouterr().out
    table = PreflopTable.read_csv(out)
    assert rows(table) == rows(preflop_table(samples=2000, seed=4, hands=["AsAh2s3h", "KsKdQhQc"], allow_fallback=PURE))
    assert omaha8.cli.main(["table", "--table", str(out), "--show", "1"]) == 0
    assert "AsAh3s2h" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, words",
    [
        (["table", "--samples", "10", "--workers", "0"], "--workers"),
        (["table", "--samples", "10", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"], "own workers"),
        (["table", "--samples", "10", "--hands", "AsAs2c3c"], "duplicate card"),
        (["table", "--table", "/nonexistent/t.csv"], "cannot read"),
    ],
)
def test_the_command_line_refuses_bad_tables_in_one_line(args, words, capsys):
    assert omaha8.cli.main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


# ---------------------------------------------------------------- the exact table


def _exact_forms(*hands: str) -> tuple[str, ...]:
    return tuple(sorted({canonical(hand) for hand in hands}))


def _renamed_boards(board: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every board a renaming of suits makes of ``board``: its orbit."""
    return {tuple(sorted(c - (c & 3) + rename[c & 3] for c in board)) for rename in permutations(range(4))}


@pytest.mark.slow
def test_exact_one_canonical_board_stands_for_its_orbit(live_core):
    from omaha8.tables import ExactTask, run_exact_task

    forms = _exact_forms("AsAh3s2h", "KsKhQdJd", "7s6h5d4c", "9s9hTsTh")
    for text in ("Ks7d2h9c3s", "AsKs7s2s2d", "QhQdQs8c8d"):
        board = tuple(int(c) for c in omaha8.parse_cards(text))
        orbit = sorted(_renamed_boards(board))
        _, whole = run_exact_task(ExactTask(0, (board,), (len(orbit),), forms))
        _, each = run_exact_task(ExactTask(0, tuple(orbit), (1,) * len(orbit), forms))
        assert whole == each
        assert len(orbit) == next(b.hands for b in starting_hands(5) if canonical(b.canonical) == canonical(text))


def test_exact_sums_are_half_the_pots_on_any_board(live_core):
    # Every hand against every hand: what the hands win is half of all the pots, to the unit.
    from omaha8.tables import ExactTask, run_exact_task

    names = {name: i for i, name in enumerate(omaha8.equity.__globals__["Tally"].FIELDS)}
    for text in ("Ks7d2h9c3s", "AhKhQh7h6d"):
        board = tuple(int(c) for c in omaha8.parse_cards(text))
        _, sums = run_exact_task(ExactTask(0, (board,), (1,)))
        units = sum(row[names["high_units"]] + row[names["low_units"]] for row in sums)
        deals = sum(row[-1] for row in sums)
        assert deals == math.comb(47, 4) * math.comb(43, 4)
        assert 2 * units == 5040 * deals


@pytest.mark.slow
def test_exact_class_equity_is_its_hands_equity(live_core, monkeypatch):
    # The class's equity over a few boards, against what the range walk gives its hands there.
    from omaha8 import tables

    monkeypatch.setattr(sys.modules["omaha8.equity"], "SWEEP_HOLE_SIZES", ())
    forms = _exact_forms("AsAh3s2h")
    chosen = [b for b in starting_hands(5) if b.canonical == canonical("Ks7d2h9c3s")]
    sizes = tables._class_sizes(4)
    table = tables._exact_table(list(forms), sizes, None, None, None, False, boards=chosen, task_boards=1)
    members = _renamed_boards(tuple(int(c) for c in omaha8.parse_cards(forms[0])))  # the class's hands
    high_units = low_units = deals = 0
    for board in chosen:
        for cards in _renamed_boards(tuple(int(c) for c in board.cards)):
            for hand in members:
                if set(hand) & set(cards):
                    continue
                tally = omaha8.equity.__globals__["equity_tally"]([list(hand), "****"], list(cards), exact=True)
                counts = tally.counts()
                high_units += counts["high_units"][0]
                low_units += counts["low_units"][0]
                deals += tally.runouts
    row = table.rows[0]
    assert row.deals == deals
    assert row.equity == pytest.approx((high_units + low_units) / (5040 * deals), abs=1e-15)
    assert row.std_error == 0.0


def test_exact_table_checkpoint_resumes(live_core, tmp_path):
    from omaha8 import tables

    forms = list(_exact_forms("AsAh3s2h", "7s6h5d4c"))
    boards = starting_hands(5)[2000:2008]
    sizes = tables._class_sizes(4)
    whole = tables._exact_table(forms, sizes, None, None, None, False, boards=boards, task_boards=2)
    path = tmp_path / "exact.json"

    def stop_after_one(done, total):
        if done >= 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tables._exact_table(
            forms, sizes, ThreadPoolExecutor(1), path, stop_after_one, False, boards=boards, task_boards=2
        )
    assert path.exists()
    seen = []
    resumed = tables._exact_table(
        forms, sizes, None, path, lambda d, t: seen.append(d), False, boards=boards, task_boards=2
    )
    assert seen[0] >= 2 and resumed.rows == whole.rows
    # A checkpoint of another table is refused, naming the file.
    with pytest.raises(TableError, match="another table"):
        tables._exact_table(forms[:1], sizes, None, path, None, False, boards=boards, task_boards=2)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(TableError, match="not an omaha8 exact-table checkpoint"):
        tables._exact_table(forms, sizes, None, path, None, False, boards=boards, task_boards=2)


def test_exact_tables_are_four_cards_against_one(tmp_path):
    with pytest.raises(TableError, match="four-card hands against one opponent"):
        preflop_table(opponents=2, exact=True)
    with pytest.raises(TableError, match="four-card hands against one opponent"):
        preflop_table(hole_size=5, exact=True)
    with pytest.raises(TableError, match="exact"):
        preflop_table(exact=1)
    assert omaha8.cli.main(["table", "--exact", "--samples", "10"]) == 2


def test_an_exact_table_file_reads_back(live_core, tmp_path):
    from omaha8 import tables

    forms = list(_exact_forms("AsAh3s2h", "KsKhQdJd"))
    table = tables._exact_table(
        forms, tables._class_sizes(4), None, None, None, False, boards=starting_hands(5)[5000:5003], task_boards=3
    )
    path = tmp_path / "exact.csv"
    table.to_csv(path)
    again = PreflopTable.read_csv(path)
    assert again == table and again.exact and again.samples == 0
    assert "--exact" in again.command() and "--samples" not in again.command()
