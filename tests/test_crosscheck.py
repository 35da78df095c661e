"""Randomized cross-checks: the compiled core against the pure fallback, and against
phevaluator when it is installed."""

import random

import pytest

from omaha8 import Card

DEALS_PER_HOLE_SIZE = 100_000


def random_deals(seed, hole_size, count, board_sizes=(3, 4, 5)):
    rng = random.Random(seed)
    deck = list(range(52))
    for _ in range(count):
        board_size = rng.choice(board_sizes)
        cards = rng.sample(deck, hole_size + board_size)
        yield cards[:hole_size], cards[hole_size:]


@pytest.mark.slow
@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_core_agrees_with_fallback(core, fallback, hole_size):
    mismatches = []
    for hole, board in random_deals(hole_size, hole_size, DEALS_PER_HOLE_SIZE):
        if core.evaluate(hole, board) != fallback.evaluate(hole, board):
            mismatches.append((hole, board))
    assert not mismatches, mismatches[:5]


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_flush_heavy_deals_agree(core, fallback, hole_size):
    """Random deals seldom hold a flush; here three or more board cards and two or more hole
    cards share a suit in every deal."""
    rng = random.Random(7 + hole_size)
    for _ in range(5000):
        suit = rng.randrange(4)
        board_size = rng.choice((3, 4, 5))
        on_board, in_hand = rng.randint(3, board_size), rng.randint(2, hole_size)
        suited = rng.sample([4 * r + suit for r in range(13)], on_board + in_hand)
        others = rng.sample([c for c in range(52) if c & 3 != suit], board_size - on_board + hole_size - in_hand)
        board = suited[:on_board] + others[: board_size - on_board]
        hole = suited[on_board:] + others[board_size - on_board :]
        assert core.evaluate(hole, board) == fallback.evaluate(hole, board), (hole, board)


def test_high_agrees_with_phevaluator(impl):
    phevaluator = pytest.importorskip("phevaluator")
    count = 100_000 if impl.__name__.endswith("core_c") else 5_000
    for hole, board in random_deals(99, 4, count, board_sizes=(5,)):
        expected = phevaluator.evaluate_omaha_cards(*board, *hole)
        assert impl.evaluate_high(hole, board) == expected, (hole, board)


def test_phevaluator_agrees_on_card_names(impl):
    """Same numbering: names and indices give the same answer in both libraries."""
    phevaluator = pytest.importorskip("phevaluator")
    hole, board = "AhKd5c2s", "Ac3d7hKs9c"
    names = [board[i : i + 2] for i in range(0, 10, 2)] + [hole[i : i + 2] for i in range(0, 8, 2)]
    assert phevaluator.evaluate_omaha_cards(*names) == impl.evaluate_high(hole, board)
    assert phevaluator.evaluate_omaha_cards(*(int(Card(n)) for n in names)) == impl.evaluate_high(hole, board)
