"""Benchmarks: omaha8 beside its peers on the same random deals. Not part of the test run;
``python -m pytest bench`` runs them. A peer that is not installed is skipped."""

import random

import pytest

DEALS = 2000


@pytest.fixture(scope="session")
def deals():
    """Random Omaha deals: four hole cards and a five-card board each, as card indices."""
    rng = random.Random(2026)
    out = []
    for _ in range(DEALS):
        cards = rng.sample(range(52), 9)
        out.append((cards[:4], cards[4:]))
    return out
