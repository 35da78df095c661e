"""One reader of pot fractions, ``omaha8.potfraction.parse_pot_fraction``, behind the command
line's ``--bets`` and ``--raises``, the river solver's ``bets`` and ``raises`` and the adapters'
``bets`` (``read_rules``, OpenSpiel's game strings): every form it takes is the same fraction to
each of them, and every form it refuses is each one's own error, naming the parameter."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import omaha8
from omaha8.adapters.abstraction import read_rules
from omaha8.cli import main
from omaha8.exceptions import GameConfigError, SolverError, UsageError
from omaha8.potfraction import MAX_DENOMINATOR_DIGITS, MAX_POT_FRACTION, parse_pot_fraction
from omaha8.solver import build_tree

# (form, the fraction it stands for); the text forms are what a command line or a game string carries.
ACCEPTED = [
    (0.5, Fraction(1, 2)),
    ("0.5", Fraction(1, 2)),
    ("50%", Fraction(1, 2)),
    (" 50% ", Fraction(1, 2)),
    (".5", Fraction(1, 2)),
    ("5e-1", Fraction(1, 2)),
    ("1/2", Fraction(1, 2)),
    ("1/3", Fraction(1, 3)),
    (Fraction(1, 3), Fraction(1, 3)),
    ("12.5%", Fraction(1, 8)),
    (0.1, Fraction(1, 10)),  # a float as the decimal it prints as
    (1, Fraction(1)),
    ("1", Fraction(1)),
    ("100%", Fraction(1)),
]
TEXT_FORMS = [(form, value) for form, value in ACCEPTED if isinstance(form, str)]
REFUSED = ["1/0", "-50%", "nan", "inf", "1e400", "1e-400", "abc", "", "1 / 3", 10**100, 0, "0", -0.5]


def _id(form: object) -> str:
    return repr(form) if isinstance(form, (str, float)) and len(repr(form)) < 40 else type(form).__name__


SPOT = ["--board", "Ks7d2h9c4s", "--oop", "AhAd3c5d", "--ip", "AsAc3d5h", "--pot", "100", "--stack", "400"]


def _solver_bets(form) -> tuple[float, ...]:
    """The bet sizes the river solver reads ``form`` as, from its tree's root."""
    root = build_tree(100, 400, limit="no", bets=[form], raises=())[0]
    return tuple(float(action.split()[1]) for action in root.actions if action.startswith("bet "))


def _cli_bets(capsys, text: str) -> list[float]:
    status = main(["solve", *SPOT, "--limit", "no", "--bets", text, "--iterations", "1", "--threads", "1", "--json"])
    out, err = capsys.readouterr()
    assert status == 0 and not err, err
    return json.loads(out)["bets"]


@pytest.mark.parametrize("form, value", ACCEPTED, ids=_id)
def test_every_form_is_the_same_fraction_to_the_solver_and_the_adapters(form, value):
    assert parse_pot_fraction(form, "bets", SolverError) == value
    assert _solver_bets(form) == (float(value),)
    assert read_rules({"bets": [form], "limit": "no"}).bets == (value,)


@pytest.mark.parametrize("form, value", TEXT_FORMS, ids=_id)
def test_the_command_line_reads_each_text_form_as_the_solver_does(capsys, form, value):
    assert _cli_bets(capsys, form) == [float(value)] == list(_solver_bets(form))
    assert read_rules({"bets": form, "limit": "no"}).bets == (value,)  # a game string's one size


def test_solve_takes_a_third_of_the_pot(capsys):
    status = main(["solve", *SPOT, "--bets", "1/3,75%", "--raises", "1/2", "--iterations", "10", "--threads", "1"])
    out, err = capsys.readouterr()
    assert status == 0 and not err
    assert f"bet {1 / 3!r}" in out
    assert _cli_bets(capsys, "1/3,0.75") == [1 / 3, 0.75]


def test_an_openspiel_game_string_reads_the_same_fractions():
    pytest.importorskip("pyspiel")
    from omaha8.adapters.openspiel import load

    game = load(limit="no", bets="1/3 50% 0.25")
    assert game.setup.rules.bets == (Fraction(1, 3), Fraction(1, 2), Fraction(1, 4))
    assert _solver_bets("1/3") == (float(game.setup.rules.bets[0]),)


@pytest.mark.parametrize("form", REFUSED, ids=_id)
def test_a_bad_form_is_each_callers_own_error_naming_it(capsys, form):
    for error, name in ((SolverError, "bets"), (GameConfigError, "bets"), (UsageError, "--bets")):
        with pytest.raises(error, match=f"^{name}: .*pot fraction"):
            parse_pot_fraction(form, name, error)
    with pytest.raises(SolverError, match=r"^bets: .*pot fraction"):
        build_tree(100, 400, limit="no", bets=[form])
    with pytest.raises(SolverError, match=r"^raises: .*pot fraction"):
        omaha8.solve_river("Ks7d2h9c4s", "AhAd3c5d", "AsAc3d5h", 100, 400, raises=[form], iterations=1)
    with pytest.raises(GameConfigError, match=r"^bets: .*pot fraction"):
        read_rules({"bets": [form], "limit": "no"})
    status = main(["solve", *SPOT, "--bets", f"50%,{form}", "--iterations", "1"])
    out, err = capsys.readouterr()
    assert status == 2 and not out
    assert err.startswith("omaha8: error: --bets: ") and "pot fraction" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "form, words",
    [
        ("1/0", "divides by 0"),
        ("-50%", "above 0 and at most 1000"),
        ("1e400", "above 0 and at most 1000"),
        (10**100, "a huge int is not"),
        (Fraction(10**5000, 3), "a fraction of huge terms is not"),
        (1001, "at most 1000"),
        ("1e-31", f"more than {MAX_DENOMINATOR_DIGITS} digits"),
        ("1/" + "7" * 31, "too fine"),
        (5e-324, "too fine"),
        (float("nan"), "not a finite pot fraction"),
        (float("inf"), "not a finite pot fraction"),
        (True, "not a pot fraction"),
        (None, "not a pot fraction"),
        (b"0.5", "not a pot fraction"),
        ("x" * 10_000, "10,000 characters"),
    ],
    ids=_id,
)
def test_each_refusal_says_why(form, words):
    with pytest.raises(SolverError, match=words):
        parse_pot_fraction(form, "bets", SolverError)


def test_huge_exponents_cost_nothing():
    import time

    started = time.perf_counter()
    for text in ("1e999999999", "1e-999999999", "0e999999999"):
        with pytest.raises(SolverError):
            parse_pot_fraction(text, "bets", SolverError)
    assert time.perf_counter() - started < 0.5


def test_limits_and_zero():
    assert parse_pot_fraction(MAX_POT_FRACTION, "bets", SolverError) == MAX_POT_FRACTION
    assert parse_pot_fraction("2", "bets", SolverError, most=2) == 2
    with pytest.raises(SolverError, match="above 0 and at most 2"):
        parse_pot_fraction("2.5", "bets", SolverError, most=2)
    assert parse_pot_fraction("0", "target", UsageError, zero=True) == 0
    with pytest.raises(UsageError, match="from 0 to 1000"):
        parse_pot_fraction("-1%", "target", UsageError, zero=True)
    # A float past float's precision still reads back as itself.
    for number in (0.1 * 3, 1 / 3, 2.0**-40, 999.9999999999999):
        assert float(parse_pot_fraction(number, "bets", SolverError)) == number


def test_numpy_numbers_are_numbers():
    np = pytest.importorskip("numpy")
    assert parse_pot_fraction(np.float64(0.1), "bets", SolverError) == Fraction(1, 10)
    assert parse_pot_fraction(np.float32(0.5), "bets", SolverError) == Fraction(1, 2)
    assert parse_pot_fraction(np.int64(2), "bets", SolverError) == 2
    assert read_rules({"bets": [np.float64(0.25)], "limit": "no"}).bets == (Fraction(1, 4),)
