import pickle
import sys

import pytest

import omaha8
from omaha8 import Card, CardError, equity, parse_cards


def test_numbering_matches_phevaluator():
    assert int(Card("2c")) == 0
    assert int(Card("2d")) == 1
    assert int(Card("3c")) == 4
    assert int(Card("As")) == 51
    assert [str(Card(i)) for i in range(4)] == ["2c", "2d", "2h", "2s"]


def test_card_forms_give_one_object():
    ace = Card("As")
    assert Card(51) is ace
    assert Card(ace) is ace
    assert Card("as") is ace
    assert Card("A♠") is ace
    assert str(ace) == "As"
    assert repr(ace) == "Card('As')"
    assert f"{ace:>4}" == "  As"
    assert (ace.rank, ace.suit) == (12, 3)
    assert (ace.rank_char, ace.suit_char) == ("A", "s")
    assert Card("10h") is Card("Th")


def test_cards_are_ordered_hashable_and_picklable():
    cards = [Card(i) for i in range(52)]
    assert sorted(reversed(cards)) == cards  # noqa: C414 - sorting undoes the reversal
    assert len(set(cards)) == 52
    assert {Card("Kh"): 1}[Card(46)] == 1
    assert pickle.loads(pickle.dumps(Card("Kh"))) is Card("Kh")
    with pytest.raises(AttributeError):
        Card("Kh").foo = 1


@pytest.mark.parametrize(
    "text",
    [
        "As2d3c4h",
        "As 2d 3c 4h",
        "as 2D 3C 4H",
        "A♠ 2♦ 3♣ 4♥",
        "As,2d,3c,4h",
        ["As", "2d", "3c", "4h"],
        [51, 1, 4, 10],
        (Card("As"), 1, "3c", Card(10)),
    ],
)
def test_parse_cards_accepts_every_form(text):
    assert parse_cards(text) == (Card("As"), Card("2d"), Card("3c"), Card("4h"))


def test_parse_cards_ten_and_empty():
    assert parse_cards("10h 10C") == (Card("Th"), Card("Tc"))
    assert parse_cards("") == ()
    assert parse_cards([]) == ()


@pytest.mark.parametrize(
    "bad, message",
    [
        ("Ah2sKcXx", "unknown card 'Xx'"),
        ("AhXx2s", "unknown card 'Xx'"),
        ("A", "unknown card 'A'"),
        ("Ah 1c", "unknown card '1c'"),
        (["Ah", "Zz"], "unknown card 'Zz'"),
        (["AhKd"], "expected one card"),
        ("AhKdAh", "duplicate card Ah"),
        ([51, "As"], "duplicate card As"),
        ([52], "outside 0..51"),
        ([-1], "outside 0..51"),
        ([10**30], "outside 0..51"),
        ([True], "not bool"),
        ([1.0], "not float"),
        ([None], "not NoneType"),
        (None, "not None"),
        (7, "not 7"),
        (object(), "not object"),
    ],
)
def test_parse_cards_names_the_problem(bad, message):
    with pytest.raises(CardError) as info:
        parse_cards(bad)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_card_rejects_bad_values():
    for bad in ("Xx", "", "AsKs", 52, -1, True, 2.0, None):
        with pytest.raises(CardError):
            Card(bad)


# ---- issue 8: hostile and careless callers: numpy integers are cards


def test_numpy_integers_are_cards_everywhere(live):
    np = pytest.importorskip("numpy")
    hole = np.array([50, 45, 12, 3], np.uint8)
    board = np.array([48, 5, 23, 47, 31], np.int64)
    plain = ([50, 45, 12, 3], [48, 5, 23, 47, 31])
    assert omaha8.evaluate(hole, board) == omaha8.evaluate(*plain)
    assert omaha8.evaluate(list(hole), tuple(board)) == omaha8.evaluate(*plain)
    assert Card(np.uint8(51)) is Card("As") and Card(np.int32(0)) is Card("2c")
    assert omaha8.high_hand(hole, board) == omaha8.high_hand(*plain)
    assert omaha8.showdown(board, [hole, None], [np.int64(10), np.int64(5)]).payouts == (15, 0)
    result = equity([hole, np.array([51, 46, 22, 1], np.uint16)], board[:3], exact=True)
    assert result == equity([plain[0], [51, 46, 22, 1]], plain[1][:3], exact=True)
    holes = np.array([hole, [51, 46, 22, 1]], np.uint8)
    high, low = omaha8.evaluate_batch(holes, board.astype(np.uint8))
    assert high[0] == omaha8.evaluate(holes[0], board)[0]
    for bad in (np.float64(3.0), np.array([1.5])[0]):
        with pytest.raises(CardError):
            Card(bad)


def test_a_value_whose_repr_fails_is_still_worded():
    """Found in issue 33: a Fraction past 4,300 digits raised ValueError from repr while its
    own error message was being made; so would any caller's class whose repr raises."""
    from fractions import Fraction

    from omaha8.cards import quoted

    class Unshowable:
        def __repr__(self):
            raise RuntimeError("no")

    assert quoted(Unshowable()) == "a Unshowable that cannot be shown"
    if sys.int_info.default_max_str_digits:
        assert quoted(Fraction(10**5000 + 1, 3)) == "a Fraction that cannot be shown"
    with pytest.raises(CardError, match="cannot be shown"):
        Card(Unshowable())
