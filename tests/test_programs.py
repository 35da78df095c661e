"""The range-program format (omaha8._engine.programs): the validator that keeps the C reader
inside a program, the reference interpreter both engines agree with, and the compiled core's
constants checked against the names."""

from __future__ import annotations

import random
from array import array

import pytest

from omaha8 import JobError, Range
from omaha8._engine import programs


def test_the_core_refuses_program_constants_it_was_not_built_with(core, monkeypatch):
    core._check_limits()  # as built: the same constants
    for name in ("OP_PATTERN", "OP_BUT_NOT", "FILTER_RAINBOW", "SUIT_VARIABLE", "MAX_PROGRAM_DEPTH"):
        monkeypatch.setattr(programs, name, getattr(programs, name) + 7)
        with pytest.raises(ImportError, match=f"{name}.*rebuild"):
            core._check_limits()
        monkeypatch.undo()


def _deep(depth: int) -> tuple[list, list]:
    """A program whose stack holds ``depth`` weights at once: depth patterns, then unions."""
    table = [100, 0, 0, 0]
    code = [programs.OP_PATTERN, 0] * depth + [programs.OP_EITHER, 0] * (depth - 1)
    return code, table


def test_the_depth_limit_is_the_one_constant():
    code, table = _deep(programs.MAX_PROGRAM_DEPTH)
    assert programs.program_depth(code) == programs.MAX_PROGRAM_DEPTH
    programs.check_program(0, code, table, 4)
    code, table = _deep(programs.MAX_PROGRAM_DEPTH + 1)
    with pytest.raises(JobError, match="not a compiled range"):
        programs.check_program(0, code, table, 4)


def test_both_engines_read_the_deepest_program_alike(impl):
    code, table = _deep(programs.MAX_PROGRAM_DEPTH)
    count = impl.range_count(array("i", code).tobytes(), array("i", table).tobytes(), 4, 0)
    assert count == 270725  # every hand: the pattern of no specs matches all of them


@pytest.mark.parametrize("expression", ["AA**", "A2**$ds, KK**!KKK*", "AK**:**QQ, 9876$np", "xxyy", "A*$r@40, 22**"])
def test_the_interpreter_agrees_with_the_listing(expression):
    """The weight the program gives a hand is the weight the range's listing holds for it."""
    rng = random.Random(expression)
    listed = Range(expression)
    code, table = listed.program()
    for _ in range(3000):
        hand = tuple(sorted(rng.sample(range(52), 4)))
        assert programs.program_weight(code, table, hand) == listed.weight(hand), hand


@pytest.mark.parametrize("mutation", range(200))
def test_no_mutated_program_passes_unless_it_is_one(core, fallback, mutation):
    rng = random.Random(mutation)
    code, table = (list(x) for x in Range("A2**$ds, KKx*!KKKK, (AK**:**QQ)@50").program())
    for _ in range(rng.randrange(1, 4)):
        target = rng.choice([code, table])
        target[rng.randrange(len(target))] = rng.choice([-1, 0, 1, 2, 3, 4, 5, 6, 99, 100, 101, 8191, 8192, 2**31 - 1])
    try:
        checked = programs.check_program(0, code, table, 4)
    except JobError:
        return
    # A program that passes is one the reader stays inside: it reads every hand to a weight.
    code_ints, table_ints = array("i"), array("i")
    code_ints.frombytes(checked[0])
    table_ints.frombytes(checked[1])
    for hand in ((0, 1, 2, 3), (48, 49, 50, 51), (0, 13, 26, 39)):
        assert 0 <= programs.program_weight(code_ints, table_ints, hand) <= programs.MAX_WEIGHT
    # And the C reader reads it as the Python one does, hand by hand (ten cards: 210 hands).
    cards = sum(1 << c for c in (0, 1, 4, 5, 20, 33, 46, 47, 50, 51))
    assert core.range_list(*checked, 4, cards) == fallback.range_list(*checked, 4, cards)


@pytest.mark.parametrize(
    "code, table",
    [
        ("abc", b""),
        (None, b""),
        (5, b""),
        ([1, 0], None),
        ([1, 2**40], [100, 0, 0, 0]),
        ([1.5, 0], [100, 0, 0, 0]),
        (b"\x01", b""),
    ],
)
def test_what_is_not_a_program_is_a_job_error_in_both_engines(impl, code, table):
    with pytest.raises(JobError, match="not a compiled range"):
        impl.range_count(code, table, 4, 0)
    with pytest.raises(JobError, match="not a compiled range"):
        impl.range_list(code, table, 4, 15)


@pytest.mark.parametrize(
    "code, table",
    [
        ([1, 0], [100, 0, 9, 0]),  # nine specs for a four-card hand
        ([1, 4], [100, 0, 0, 0]),  # a pattern past the table
        ([2, 0], [100, 0, 0, 0]),  # an operator with nothing on the stack
        ([1, 0, 1, 0], [100, 0, 0, 0]),  # two values left
        ([9, 0], [100, 0, 0, 0]),  # no such operation
        ([1, 0], [100, 0, 1, 0, 1 << 13, 0, 0]),
    ],
)
def test_malformed_programs_are_refused(impl, code, table):
    from array import array

    with pytest.raises(ValueError, match="not a compiled range"):
        impl.RangeEquityJob(
            [[51, 50, 3, 6], None], [0, 21, 31], [], False, 10, 1, 1, [None, (4, array("i", code), array("i", table))]
        )
