"""omaha8.sizes: the bet and raise sizes both solvers' trees read and work out, and the rake."""

from __future__ import annotations

import math
from array import array

import pytest

from omaha8 import SolverError
from omaha8.sizes import (
    ALL_IN,
    NO_RAKE,
    Rake,
    action_name,
    bet_totals,
    exploitability_of,
    raked_amounts,
    read_chips,
    read_rake,
    read_sizes,
)


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


def test_the_rake_is_read_as_a_fraction_and_a_cap_in_chips():
    assert read_rake(None) == NO_RAKE and not NO_RAKE.taken
    assert read_rake(0.05) == Rake(0.05, None)
    assert read_rake("5%") == Rake(0.05, None)
    assert read_rake(("1/20", 3)) == Rake(0.05, 3.0)
    assert read_rake([0.05, None]) == Rake(0.05, None)  # as a file's header keeps it
    assert read_rake(Rake(0.1, 2.5)) == Rake(0.1, 2.5)
    assert not read_rake((0.05, 0)).taken and not read_rake(0).taken and read_rake(1).taken
    for bad, words in [
        (1.5, "rake"),
        (-0.01, "rake"),
        ("x", "rake"),
        (True, "rake"),
        ((0.05,), "rake is"),
        ((0.05, 3, 4), "rake is"),
        ((0.05, -1), "cap"),
        ((0.05, math.inf), "cap"),
        ((0.05, "3"), "cap"),
    ]:
        with pytest.raises(SolverError, match=words):
            read_rake(bad)


def test_the_rake_comes_off_each_pot_won_up_to_its_cap():
    rake = Rake(0.05, 3.0)
    assert rake.of(40.0) == 2.0 and rake.of(100.0) == 3.0 and Rake(0.05).of(100.0) == 5.0
    # Three nodes in units of a 20-chip pot: a decision, a fold at 2 pots, a showdown at 5.
    amounts = array("d", [1.0, 0.0, 0.0, 2.0, 0.5, 0.5, 5.0, 2.0, 2.0])
    raked = raked_amounts([0, 2, 4], amounts, (2, 3, 4), rake, 20.0)
    # 5% of 40 chips is 2 (under the cap: 0.1 pots); of 100 chips 5, capped at 3 (0.15 pots).
    assert list(raked) == pytest.approx([1.0, 0.0, 0.0, 1.9, 0.5, 0.5, 4.85, 2.0, 2.0])
    assert raked_amounts([0, 2, 4], amounts, (2, 3, 4), NO_RAKE, 20.0) is amounts


def test_the_exploitability_is_the_gains_over_the_values():
    assert exploitability_of((0.6, 0.5), None) == pytest.approx(0.05)
    assert exploitability_of((0.6, 0.5), (0.55, 0.45)) == pytest.approx(0.05)  # adding up to the pot: the same
    assert exploitability_of((0.5, 0.4), (0.48, 0.36)) == pytest.approx(0.03)  # raked: 0.16 of the pot gone
