"""omaha8.sizes: the bet and raise sizes both solvers' trees read and work out."""

from __future__ import annotations

import math

import pytest

from omaha8 import SolverError
from omaha8.sizes import ALL_IN, action_name, bet_totals, read_chips, read_sizes


def test_options_that_come_to_the_same_amount_are_one_and_the_stack_is_the_all_in():
    # From 0 with a pot of 1 and a stack of 1.5: 0.5 and "1/2" are one; 2.0 and 3.0 both reach the stack.
    totals = bet_totals((0.5, 0.5, 1.0, 2.0, 3.0), 0.0, 1.0, 0.0, 1.5)
    assert totals == [(0.5, 0.5), (1.0, 1.0), (ALL_IN, 1.5)]


def test_a_size_that_adds_nothing_is_no_option_and_fixed_limit_adds_its_size():
    assert bet_totals((1e-300,), 1.0, 1.0, 0.0, 10.0) == []
    assert bet_totals((None,), 2.0, 5.0, 0.25, 10.0) == [(None, 2.25)]


def test_sizes_are_read_as_pot_fractions():
    assert read_sizes((0.5, "1/3", "75%"), "bets", "no") == (0.5, 1 / 3, 0.75)
    with pytest.raises(SolverError, match="more than the pot"):
        read_sizes((1.5,), "bets", "pot")
    with pytest.raises(SolverError, match="sequence of pot fractions"):
        read_sizes("0.5", "bets", "pot")
    with pytest.raises(SolverError, match="more than 100 sizes"):
        read_sizes(iter(lambda: 0.5, None), "bets", "no")  # endless: stops at once


@pytest.mark.parametrize("value", [True, "100", math.inf, -1.0, None])
def test_chips_are_finite_numbers(value):
    with pytest.raises(SolverError, match="pot"):
        read_chips(value, "pot", True)


def test_zero_chips_where_allowed_and_big_integers_past_float():
    assert read_chips(0, "stack", False) == 0.0
    with pytest.raises(SolverError, match="above 0"):
        read_chips(0, "pot", True)
    with pytest.raises(SolverError, match="finite"):
        read_chips(10**400, "pot", True)


def test_action_names():
    assert action_name("bet", 0.5) == "bet 0.5" and action_name("raise", None) == "raise"
