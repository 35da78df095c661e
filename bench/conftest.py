"""Benchmarks: omaha8 beside its peers on the same random deals, in one run.

Not part of the test run: ``python bench/run.py`` runs them and prints the ratios. A peer that
is not installed is skipped. Every benchmark records how many hands one round evaluates, so
that rates (hands per second) and ratios can be compared across rows of one run.
"""

import random

import pytest

PER_CALL_DEALS = 2000
BATCH_ROWS = 1_000_000


def deal(rng, hole_size=4, board_size=5):
    cards = rng.sample(range(52), hole_size + board_size)
    return cards[:hole_size], cards[hole_size:]


@pytest.fixture(scope="session")
def deals():
    """Random Omaha deals as card index lists: four hole cards, a five-card board."""
    rng = random.Random(2026)
    return [deal(rng) for _ in range(PER_CALL_DEALS)]


@pytest.fixture(scope="session")
def numpy():
    return pytest.importorskip("numpy")


def _random_rows(numpy, rows, width, exclude=()):
    """``rows`` random rows of ``width`` distinct cards each, none of them in ``exclude``."""
    deck = numpy.array([c for c in range(52) if c not in exclude], dtype=numpy.uint8)
    rng = numpy.random.default_rng(2026)
    order = numpy.argsort(rng.random((rows, len(deck)), dtype=numpy.float32), axis=1)[:, :width]
    return numpy.ascontiguousarray(deck[order])


@pytest.fixture(scope="session")
def random_board_batch(numpy):
    """(holes, boards): BATCH_ROWS deals of four hole cards, each with its own board."""
    cards = _random_rows(numpy, BATCH_ROWS, 9)
    return numpy.ascontiguousarray(cards[:, :4]), numpy.ascontiguousarray(cards[:, 4:])


@pytest.fixture(scope="session")
def shared_board_batch(numpy):
    """(holes, board): BATCH_ROWS hands of four hole cards on one board, Ah 7h 4d Ks 2c."""
    board = numpy.array([50, 22, 9, 47, 0], dtype=numpy.uint8)
    return _random_rows(numpy, BATCH_ROWS, 4, exclude=board.tolist()), board
