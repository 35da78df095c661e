import pickle

import pytest

from omaha8 import Card, CardError, parse_cards


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
