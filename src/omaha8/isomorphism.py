"""Suit isomorphism: deals that differ only by a renaming of suits are one spot.

``HandIndexer(rounds)`` numbers the classes of a deal dealt in rounds (hole, flop, turn, river:
``(4, 3, 1, 1)``) densely, round by round, after Kevin Waugh's "A fast and optimal hand
isomorphism algorithm" (2013); the order of cards within a round does not matter, the order of
rounds does. On (4, 3, 1, 1) the classes number 16,432 / 204,461,673 / 8,964,883,057 /
389,802,959,832; flops alone 1,755, five-card boards 134,459.

    ix = HandIndexer((4, 3, 1, 1))
    ix.rounds; ix.size(r)               # classes after round r (0-based)
    ix.index(cards) -> int              # the cards of rounds 0..r, round by round
    ix.index_batch(buffer, out=None)    # uint8 (n, m), m the cards of whole rounds -> uint64 buffer
    ix.unindex(r, i) -> tuple[Card, ...]          # a representative: index(unindex(r, i)) == i
    ix.unindex_batch(r, indices, out=None)        # -> uint8 (n, m) buffer of representatives

A representative names its suits s, h, d, c in the indexer's order of suits (the suit with the
largest shape first) and lists each round's cards from the highest down. ``index_batch`` and
``unindex_batch`` run without the GIL. Bad input raises at once: ``IndexerError`` (a
``ValueError``) for rounds, sizes and indices, ``CardError`` for a card that is not one or
comes twice, ``BatchError`` for a buffer of the wrong kind.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from typing import Any, Sequence

from . import _engine
from ._engine import check_rounds
from .cards import Card, CardError, CardsLike, parse_cards, suit_class, whole_number
from .exceptions import IndexerError

__all__ = ["HandIndexer", "indexer", "canonical", "canonical_boards", "orbit_size", "hand_classes"]

HandIndexer = _engine.ENGINE.HandIndexer
"""The indexer class of the engine live at import (the compiled core's, or the pure one's:
the same API). The functions below ask ``_engine.ENGINE`` at each call, as every layer does."""


def indexer(rounds: tuple[int, ...]) -> Any:
    """One shared indexer per rounds, of the live engine (read-only: any thread may use it)."""
    return _indexer(_engine.ENGINE.__name__, tuple(rounds))


@lru_cache(maxsize=64)
def _indexer(engine: str, rounds: tuple[int, ...]) -> Any:
    return _engine.ENGINE.HandIndexer(rounds)


def orbit_size(cards: CardsLike, rounds: Sequence[int] = ()) -> int:
    """How many deals the class of ``cards`` holds: the 24 renamings of suits, less those that
    give the same deal. ``rounds`` splits the cards into rounds (default: one round)."""
    indices = [int(c) for c in parse_cards(cards)]
    ends = []
    total = 0
    for count in check_rounds(rounds) if rounds else (len(indices),):
        total += count
        ends.append(total)
    if total != len(indices):
        raise IndexerError(f"rounds {tuple(rounds)} deal {total} cards, not the {len(indices)} given")
    return _orbit(indices, ends)


def _orbit(indices: Sequence[int], ends: Sequence[int]) -> int:
    signature: list[list[int]] = [[0] * len(ends) for _ in range(4)]
    at = 0
    for r, end in enumerate(ends):
        for c in indices[at:end]:
            signature[c & 3][r] |= 1 << (c >> 2)
        at = end
    return 24 // _same_suits([tuple(s) for s in signature])


def _same_suits(signatures: list) -> int:
    """How many renamings leave a deal as it is: suits with the same cards in every round
    (empty ones too) trade places freely, so the product of their multiplicities' factorials."""
    keys = sorted(signatures)
    same, run = 1, 1
    for a, b in pairwise(keys):
        run = run + 1 if a == b else 1
        same *= run
    return same


def canonical(hand: CardsLike) -> str:
    """The hand's suit-isomorphism class as a string: hands that differ only by a renaming of
    suits have the same one (``AsAh2s3h`` and ``AdAc2d3c`` are both ``AsAh3s2h``). Cards run
    from the highest rank down; suits are renamed s, h, d, c in the order of ``suit_class``.
    The class is the indexer's: the string names the representative of the hand's index."""
    cards = parse_cards(hand)
    if not cards:
        raise CardError("a hand needs at least one card")
    ix = indexer((len(cards),))
    return _name(ix.unindex(0, ix.index(cards)))


def _name(cards: Sequence[int]) -> str:
    rank_sets: list[list[int]] = [[], [], [], []]
    for c in cards:
        rank_sets[c & 3].append(c >> 2)
    return suit_class(rank_sets)


@lru_cache(maxsize=8)
def _classes_of(engine: str, size: int) -> tuple[bytes, tuple[str, ...], tuple[int, ...]]:
    """Every class of one round of ``size`` cards: its representatives' cards (``size`` bytes
    a class), names and orbit sizes, in index order."""
    ix = indexer((size,))
    count = ix.size(0)
    rows = bytes(memoryview(ix.unindex_batch(0, range(count))).cast("B"))
    names = []
    orbits = []
    for at in range(0, len(rows), size):
        rank_sets: list[list[int]] = [[], [], [], []]
        for c in rows[at : at + size]:
            rank_sets[c & 3].append(c >> 2)
        names.append(suit_class(rank_sets))
        orbits.append(24 // _same_suits([tuple(ranks) for ranks in rank_sets]))
    return rows, tuple(names), tuple(orbits)


def _cards_of(rows: bytes, size: int, i: int) -> tuple[Card, ...]:
    return tuple(Card(c) for c in rows[i * size : (i + 1) * size])


def hand_classes(size: int) -> list[tuple[str, int]]:
    """Every class of ``size`` cards in index order: (its canonical string, the deals it holds)."""
    _, names, orbits = _classes_of(_engine.ENGINE.__name__, _size(size, "a hand", 1, 52))
    return list(zip(names, orbits))


def canonical_boards(n: int) -> list[tuple[tuple[Card, ...], int]]:
    """Every board of ``n`` cards (3, 4 or 5) up to a renaming of suits, in index order, each
    with the size of its orbit: the boards a job over every board needs, weighted so that the
    weights add up to C(52, n). 1,755 flops, 16,432 turns, 134,459 rivers."""
    size = _size(n, "a board", 3, 5)
    rows, _, orbits = _classes_of(_engine.ENGINE.__name__, size)
    return [(_cards_of(rows, size, i), orbit) for i, orbit in enumerate(orbits)]


def _size(value: object, what: str, least: int, most: int) -> int:
    """A card count by the one integer rule, ``whole_number`` (numpy integers too, never a
    bool or a float), worded as every count is."""
    return whole_number(value, f"{what}'s cards", least, most, IndexerError)
