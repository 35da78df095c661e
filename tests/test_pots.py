"""Settling hands: every rule of "Splitting the pot" with its own test, the vectors, and
properties of random tables. Each runs on both evaluators."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from omaha8 import Card, CardError, ShowdownError, showdown

BOARD = "4h5c7hQsAd"
# On BOARD: seat hands with known strength.
ACE_DEUCE = "Ah2sKcKs"  # one pair of aces; low 7-5-4-2-A (best low)
QUEENS = "As3sQhQd"  # trips queens (best high); low 7-5-4-3-A
JACKS = "JcJdTcTd"  # one pair of jacks; no low
EIGHTS = "8c8d9c9d"  # nines; no low


def test_vectors(live, rules_examples):
    assert len(rules_examples["showdowns"]) >= 8
    for example in rules_examples["showdowns"]:
        result = showdown(example["board"], example["holes"], example["contributions"])
        assert list(result.payouts) == example["payouts"], example["name"]
        assert sum(result.payouts) == sum(example["contributions"])


def test_split_pot(live):
    result = showdown(BOARD, [ACE_DEUCE, QUEENS], [50, 50])
    (pot,) = result.pots
    assert (pot.amount, pot.eligible, pot.high_winners, pot.low_winners) == (100, (0, 1), (1,), (0,))
    assert pot.awards == (50, 50) and result.payouts == (50, 50)
    assert str(result.high[1]) == "three of a kind, queens"
    assert str(result.low[0]) == "7-5-4-2-A low"
    assert result.net == (0, 0)


def test_pots_form_at_each_live_level(live):
    # Seat 3 folded after putting in 30: its chips reach the first two pots.
    result = showdown(BOARD, [ACE_DEUCE, QUEENS, JACKS, None], [20, 60, 100, 30])
    assert [p.amount for p in result.pots] == [20 * 4, 40 + 40 + 10, 40]
    assert [p.eligible for p in result.pots] == [(0, 1, 2), (1, 2), (2,)]
    assert result.pots[2].uncalled and not result.pots[0].uncalled
    assert sum(result.payouts) == 210


def test_folded_chips_above_every_live_level_join_the_last_pot(live):
    result = showdown(BOARD, [ACE_DEUCE, QUEENS, None], [10, 10, 25])
    (pot,) = result.pots
    assert pot.amount == 45 and pot.eligible == (0, 1)
    assert result.payouts == (22, 23, 0)


def test_uncalled_bet_goes_back(live):
    # Seat 1 bet 100, seat 0 called only 30 all-in: 70 are returned whatever the hands.
    result = showdown(BOARD, [QUEENS, JACKS], [30, 100])
    assert [p.amount for p in result.pots] == [60, 70]
    assert result.pots[1].awards == (0, 70) and result.pots[1].uncalled
    assert result.payouts == (60, 70)


def test_one_live_seat_takes_everything(live):
    result = showdown(BOARD, [None, JACKS, None], [5, 10, 10])
    assert result.payouts == (0, 25, 0)
    assert result.high[0] is None and result.low[0] is None


def test_a_low_outside_a_side_pot_does_not_split_it(live):
    # Seat 0 holds the only low (6-5-4-2-A, and ace-high) and is all-in for 20. The side pot is
    # between seats 1 and 2, neither with a low: the jacks take all of it, not half.
    result = showdown(BOARD, ["2s6dTsJs", JACKS, EIGHTS], [20, 100, 100])
    main, side = result.pots
    assert main.amount == 60 and main.low_winners == (0,)
    assert side.eligible == (1, 2) and side.low_winners == ()
    assert side.high_winners == (1,) and side.awards == (0, 160, 0)  # jacks beat nines, all of it
    assert result.payouts == (30, 30 + 160, 0)


def test_odd_chip_goes_to_the_high_half(live):
    result = showdown(BOARD, [ACE_DEUCE, QUEENS], [0, 0])
    assert result.payouts == (0, 0)
    result = showdown(BOARD, [ACE_DEUCE, QUEENS, None], [10, 10, 1])
    assert result.payouts == (10, 11, 0)


def test_leftover_chips_in_seat_order_from_the_first_seat(live):
    # Three broadway straights tie for a pot of 14 with no low: 5, 5, 4.
    board = "AhKdQs7c2h"
    holes = ["JcTc9d9h", "JdTd8s8h", "JhTh6c6d", None]
    assert showdown(board, holes, [4, 4, 4, 2]).payouts == (5, 5, 4, 0)
    # The first winners in seat order get the odd chips, whoever sits first.
    assert showdown(board, [None] + holes[:3], [2, 4, 4, 4]).payouts == (0, 5, 5, 4)


def test_quartered(live):
    result = showdown("7s4d5cKhKd", ["As2d9h9c", "Ac2h9s9d", "QcQhJsJh"], [100, 100, 100])
    assert result.payouts == (75, 75, 150)
    # With an odd low half: 301 chips, high 151, low 150 shared 75/75.
    result = showdown("7s4d5cKhKd", ["As2d9h9c", "Ac2h9s9d", "QcQhJsJh", None], [100, 100, 100, 1])
    assert result.payouts == (75, 75, 151, 0)


def test_same_players_win_both_halves(live):
    result = showdown("As2d3cKhQs", ["4c5dJcJd", "4h5sTcTd", "KcKdQcQd"], [22, 22, 22])
    assert result.payouts == (33, 33, 0)
    (pot,) = result.pots
    assert pot.high_winners == pot.low_winners == (0, 1)


def test_scoop(live):
    result = showdown("Kh3d4d8s2d", ["Ah2sKcKs", "6h7hTdJd"], [40, 40])
    assert result.payouts == (0, 80)


BAD_TABLES = [
    (BOARD, [ACE_DEUCE, QUEENS], [10], ShowdownError, "lengths differ"),
    (BOARD, [ACE_DEUCE, QUEENS], [10, -1], ShowdownError, "negative"),
    (BOARD, [ACE_DEUCE, QUEENS], [10, 1.5], ShowdownError, "not float"),
    (BOARD, [ACE_DEUCE, QUEENS], [10, 10.0], ShowdownError, "not float"),
    (BOARD, [ACE_DEUCE, QUEENS], [10, True], ShowdownError, "not bool"),
    (BOARD, [ACE_DEUCE, QUEENS], [10, "10"], ShowdownError, "not str"),
    (BOARD, [ACE_DEUCE, QUEENS], "10 10", ShowdownError, "contributions must be"),
    (BOARD, [None, None], [10, 10], ShowdownError, "no live seat"),
    (BOARD, [], [], ShowdownError, "no live seat"),
    (BOARD, ACE_DEUCE, [10], ShowdownError, "holes must be"),
    ("4h5c7hQs", [ACE_DEUCE, QUEENS], [10, 10], CardError, "wrong number of board cards"),
    (BOARD + "2c", [ACE_DEUCE, QUEENS], [10, 10], CardError, "wrong number of board cards"),
    (BOARD, [ACE_DEUCE, QUEENS + "2c"], [10, 10], ShowdownError, "mixed sizes"),
    (BOARD, [ACE_DEUCE, "As3s"], [10, 10], CardError, "seat 2: wrong number of hole cards"),
    (BOARD, [ACE_DEUCE, "Ah3sQhQd"], [10, 10], CardError, "duplicate card Ah"),
    (BOARD, [ACE_DEUCE, "4h3sQhQd"], [10, 10], CardError, "duplicate card 4h"),
    (BOARD, [ACE_DEUCE, None, "Xx3sQhQd"], [10, 0, 10], CardError, "seat 3: unknown card 'Xx'"),
]


@pytest.mark.parametrize("board, holes, contributions, error, message", BAD_TABLES)
def test_bad_tables(live, board, holes, contributions, error, message):
    holes_before = list(holes) if isinstance(holes, list) else holes
    contributions_before = list(contributions) if isinstance(contributions, list) else contributions
    with pytest.raises(error) as info:
        showdown(board, holes, contributions)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)
    assert holes == holes_before and contributions == contributions_before


# ---------------------------------------------------------------- random tables


@st.composite
def tables(draw):
    seats = draw(st.integers(2, 10))
    size = draw(st.sampled_from([k for k in (4, 5, 6) if seats * k + 5 <= 52]))
    deck = draw(st.permutations(range(52)))
    board, rest = deck[:5], deck[5:]
    holes = [rest[i * size : (i + 1) * size] for i in range(seats)]
    folded = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    assume(not all(folded))
    holes = [None if f else h for h, f in zip(holes, folded)]
    # Few distinct amounts, so that all-ins and ties of levels are common.
    contributions = draw(st.lists(st.sampled_from([0, 1, 2, 5, 7, 10, 33, 100]), min_size=seats, max_size=seats))
    return board, holes, contributions


TABLE_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@TABLE_SETTINGS
@given(table=tables())
def test_random_tables_conserve_every_chip(live, table):
    board, holes, contributions = table
    result = showdown(board, holes, contributions)
    assert sum(result.payouts) == sum(contributions)
    assert sum(p.amount for p in result.pots) == sum(contributions)
    assert all(p >= 0 for p in result.payouts)
    for seat, hole in enumerate(holes):
        if hole is None:
            assert result.payouts[seat] == 0 and result.high[seat] is None
    for pot in result.pots:
        assert sum(pot.awards) == pot.amount
        assert set(pot.high_winners) <= set(pot.eligible) and set(pot.low_winners) <= set(pot.eligible)
        assert all(pot.awards[s] == 0 for s in range(len(holes)) if s not in pot.eligible)
        assert all(holes[s] is not None for s in pot.eligible)


@TABLE_SETTINGS
@given(table=tables())
def test_a_seat_best_both_ways_takes_all_it_is_eligible_for(live, table):
    board, holes, contributions = table
    result = showdown(board, holes, contributions)
    live_seats = [s for s, h in enumerate(holes) if h is not None]
    for seat in live_seats:
        others = [s for s in live_seats if s != seat]
        best_high = all(result.high[seat] > result.high[o] for o in others)
        lows = [result.low[o] for o in others if result.low[o] is not None]
        best_low = result.low[seat] is not None and all(result.low[seat] > low for low in lows)
        no_low_at_all = result.low[seat] is None and not lows
        if best_high and (best_low or no_low_at_all):
            owed = sum(p.amount for p in result.pots if seat in p.eligible)
            assert result.payouts[seat] == owed


@TABLE_SETTINGS
@given(table=tables(), data=st.data())
def test_how_cards_are_written_does_not_matter(live, table, data):
    board, holes, contributions = table
    expected = showdown(board, holes, contributions)
    as_text = " ".join(str(Card(c)) for c in data.draw(st.permutations(board)))
    holes_as_cards = [None if h is None else tuple(Card(c) for c in data.draw(st.permutations(h))) for h in holes]
    holes_as_text = ["".join(str(Card(c)) for c in h) if h is not None else None for h in holes]
    assert showdown(as_text, holes_as_cards, contributions) == expected
    assert showdown(board, holes_as_text, tuple(contributions)) == expected
