"""No input may crash the process: every bad argument is a CardError naming the problem,
and what the caller passed is left as it was."""

import pytest

from omaha8 import Card, CardError

GOOD_HOLE = ["Ah", "2s", "Kc", "Ks"]
GOOD_BOARD = ["4h", "5c", "7h", "Qs", "Ad"]

BAD_HANDS = [
    ("AhKh2sKs", "Kh3d4d8s2d", "duplicate card Kh"),
    ("AhAh2sKs", "Kc3d4d8s2d", "duplicate card Ah"),
    ("Ah2sKcKs", "Qh3d4d8sQh", "duplicate card Qh"),
    ([48, 1, 2, 3], [48, 5, 6], "duplicate card Ac"),
    ((48, 1, 2, 3), (4, 5, 1), "duplicate card 2d"),
    ("Ah2sKc", "Kh3d4d8s2d", "wrong number of hole cards"),
    ("Ah2sKcKsQsQdJc", "Kh3d4d8s2d", "wrong number of hole cards"),
    ([], "Kh3d4d8s2d", "wrong number of hole cards"),
    ("Ah2sKcKs", "Qh3d4d8s2d9c", "wrong number of board cards"),
    ("Ah2sKcKs", "Qh3d", "wrong number of board cards"),
    ("Ah2sKcKs", "", "wrong number of board cards"),
    ("Ah2sKcXx", "Qh3d4d8s2d", "unknown card 'Xx'"),
    ("Ah2sKcKs", "Qh3d4d8s2z", "unknown card '2z'"),
    ([0, 1, 2, 52], [4, 5, 6], "outside 0..51"),
    ([0, 1, 2, -1], [4, 5, 6], "outside 0..51"),
    ([0, 1, 2, 2**64], [4, 5, 6], "outside 0..51"),
    ([0, 1, 2, -(2**70)], [4, 5, 6], "outside 0..51"),
    ([0, 1, 2, True], [4, 5, 6], "not bool"),
    ([0, 1, 2, 3.0], [4, 5, 6], "not float"),
    ([0, 1, 2, None], [4, 5, 6], "not NoneType"),
    ([0, 1, 2, 3], [4, 5, b"6"], "not bytes"),
    (None, [4, 5, 6], "hole cards must be"),
    ([0, 1, 2, 3], 7, "board cards must be"),
    ([0, 1, 2, 3], object(), "board cards must be"),
]


@pytest.mark.parametrize("hole, board, message", BAD_HANDS)
@pytest.mark.parametrize("function", ["evaluate", "evaluate_high", "evaluate_low"])
def test_bad_hand_raises_card_error(impl, function, hole, board, message):
    with pytest.raises(CardError) as info:
        getattr(impl, function)(hole, board)
    assert message in str(info.value)


def test_arguments_are_not_mutated(impl):
    hole, board = list(GOOD_HOLE), list(GOOD_BOARD)
    impl.evaluate(hole, board)
    assert (hole, board) == (GOOD_HOLE, GOOD_BOARD)
    bad = [0, 1, 2, 3, 4]
    with pytest.raises(CardError):
        impl.evaluate(bad, [4, 5, 6])
    assert bad == [0, 1, 2, 3, 4]


def test_every_input_form_gives_the_same_answer(impl):
    expected = impl.evaluate("Ah2sKcKs", "4h5c7hQsAd")
    hole_ints = [int(Card(c)) for c in GOOD_HOLE]
    board_ints = [int(Card(c)) for c in GOOD_BOARD]
    forms = [
        ("Ah 2s Kc Ks", "4h 5c 7h Qs Ad"),
        ("a♥ 2♠ k♣ k♠", "4♥ 5♣ 7♥ Q♠ A♦"),
        (GOOD_HOLE, GOOD_BOARD),
        (hole_ints, board_ints),
        (tuple(hole_ints), tuple(board_ints)),
        ([Card(c) for c in hole_ints], [Card(c) for c in board_ints]),
        (iter(hole_ints), (c for c in board_ints)),
        (hole_ints[:2] + GOOD_HOLE[2:], board_ints),
    ]
    for hole, board in forms:
        assert impl.evaluate(hole, board) == expected


@pytest.mark.parametrize("hole", ["Ah2s\ud800Kc", "Ah 2s Kc K\u2660\u2660", "\x00\x00\x00\x00", "A" * 10_000])
def test_strange_text_is_a_card_error(impl, hole):
    with pytest.raises(CardError):
        impl.evaluate(hole, "4h5c7hQsAd")
