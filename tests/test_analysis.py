"""The board in a player's words: nuts, highs, lows and nut_rank against a brute force over every
holding (evaluate_batch on each), outs against evaluate and equity on the completed boards,
breakdown against a brute force over the range's hands and their runouts, the rule pages'
examples, the command line, and bad input."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import omaha8
from omaha8 import analysis, parse_cards
from omaha8.values import NO_LOW, category_of

np = pytest.importorskip("numpy")

EVERY_FOUR = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
# The pure engine counts every holding in Python (a third of a second a board): fewer boards there.
MANY = 1 if omaha8.IMPLEMENTATION == "cython" else 0.05


def _ints(cards) -> list[int]:
    return [int(c) for c in parse_cards(cards)] if isinstance(cards, str) else [int(c) for c in cards]


def _brute(board: list[int], out=(), rows=EVERY_FOUR):
    """Every holding's best high and low by the batch evaluator, counted."""
    gone = list(set(board) | set(out))
    keep = np.ascontiguousarray(rows[~np.isin(rows, gone).any(axis=1)])
    high, low = omaha8.evaluate_batch(keep, np.array(board, np.uint8))
    return np.bincount(np.asarray(high), minlength=7463), np.bincount(np.asarray(low), minlength=256)


def _boards(rng: random.Random, count: int):
    """Random boards of 3, 4 and 5 cards, with paired, suited, connected and no-low ones made on purpose."""
    made = []
    for number in range(count):
        size = (3, 4, 5)[number % 3]
        kind = number % 5
        deck = list(range(52))
        if kind == 0:  # paired
            rank = rng.randrange(13)
            cards = [rank * 4, rank * 4 + 1] + rng.sample([c for c in deck if c >> 2 != rank], size - 2)
        elif kind == 1:  # three or more of a suit
            suit = rng.randrange(4)
            cards = rng.sample([c for c in deck if c & 3 == suit], 3) + rng.sample(
                [c for c in deck if c & 3 != suit], size - 3
            )
        elif kind == 2:  # connected
            top = rng.randrange(4, 13)
            cards = [rank * 4 + rng.randrange(4) for rank in range(top - 2, top + 1)]
            cards += rng.sample([c for c in deck if c not in cards], size - 3)
        elif kind == 3:  # no low possible: nine and up
            cards = rng.sample([c for c in deck if 7 <= c >> 2 <= 11], size)
        else:
            cards = rng.sample(deck, size)
        made.append(cards)
    return made


@pytest.mark.slow
def test_nuts_highs_and_lows_are_the_brute_forces_on_every_kind_of_board():
    rng = random.Random(22)
    for board in _boards(rng, int(150 * MANY)):
        found = omaha8.nuts(board)
        high, low = _brute(board)
        values = [v for v in range(1, 7463) if high[v]]
        lows = [m for m in range(255) if low[m]]
        assert found.holdings == int(high.sum())
        assert [(h.value, h.holdings) for h in found.highs(8)] == [(v, int(high[v])) for v in values[:8]]
        assert [(w.value, w.holdings) for w in found.lows(8)] == [(m, int(low[m])) for m in lows[:8]]
        assert found.high.value == values[0]
        assert (found.low is None) == (not lows) and found.no_low == int(low[NO_LOW])
        if board and all(c >> 2 >= 7 for c in board):
            assert found.low is None


@pytest.mark.parametrize("hole_size", [4, 5, pytest.param(6, marks=pytest.mark.slow)])
def test_nut_rank_is_the_brute_forces_blockers_included(hole_size):
    rng = random.Random(23 + hole_size)
    rows = EVERY_FOUR if hole_size == 4 else None
    for board in _boards(rng, int((120 if hole_size == 4 else 4) * MANY) or 1):
        hole = rng.sample([c for c in range(52) if c not in board], hole_size)
        if rows is None:
            m = 0
            for card in hole:
                m |= 1 << card
            high, low = omaha8._engine.ENGINE.holding_counts(board, hole_size, m)  # checked by the brute force above
            high, low = np.asarray(high), np.asarray(low)
            mine_high, mine_low = omaha8.evaluate(hole, board)
            expected_high = 1 + sum(1 for v in range(1, mine_high) if high[v])
            expected_low = None if mine_low is None else 1 + sum(1 for m in range(mine_low) if low[m])
            assert omaha8.nut_rank(hole, board) == (expected_high, expected_low)
            continue
        high, low = _brute(board, hole)
        mine_high, mine_low = omaha8.evaluate(hole, board)
        expected_high = 1 + sum(1 for v in range(1, mine_high) if high[v])
        expected_low = None if mine_low is None else 1 + sum(1 for m in range(mine_low) if low[m])
        assert omaha8.nut_rank(hole, board) == (expected_high, expected_low)


@pytest.mark.slow
def test_five_card_holdings_too():
    every_five = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    for board in (_ints("Ks7d2h9c4s"), _ints("3c5h8d")):
        found = omaha8.nuts(board, hole_size=5)
        high, low = _brute(board, rows=every_five)
        assert [(h.value, h.holdings) for h in found.highs(5)] == [
            (v, int(high[v])) for v in range(1, 7463) if high[v]
        ][:5]
        assert [(w.value, w.holdings) for w in found.lows(5)] == [(m, int(low[m])) for m in range(255) if low[m]][:5]
    # The nut flush, and A-2 with the board's 8-5-4, the nut low; A-3 holds the second.
    assert omaha8.nut_rank("AsKs2d3c9h", "Qs8s4s5dJd") == (1, 1)
    assert omaha8.nut_rank("AsKs3d7c9h", "Qs8s4s5dJd") == (1, 2)


@pytest.mark.slow
def test_both_engines_count_the_same(core, fallback):
    for board in (_ints("Ks7d2h9c4s"), _ints("2h7h9hJc"), _ints("AcAd5s")):
        assert core.holding_counts(board, 4, 0) == fallback.holding_counts(board, 4, 0)
    for hole, board in (("As2d3c5h", "Ks7d2h9c4s"), ("KhQhQcQd", "2h7h9hJc3s"), ("9c8c3d3h", "AcAd5s")):
        assert core.holding_ranks(_ints(board), _ints(hole)) == fallback.holding_ranks(_ints(board), _ints(hole))
        dead = sum(1 << card for card in _ints(hole))
        assert core.holding_values(_ints(board), 4, dead, 12) == fallback.holding_values(_ints(board), 4, dead, 12)
    hole = _ints("As2d3c5h")
    assert core.share_against_all(_ints("Ks7d2h9c4s"), hole, 1 << 51) == fallback.share_against_all(
        _ints("Ks7d2h9c4s"), hole, 1 << 51
    )


HOLDING_CALLS = [
    ("holding_counts", (_ints("Ks7d2h9c4s"), 4, 0)),
    ("holding_values", (_ints("Ks7d2h9c4s"), 4, 0, 3)),
    ("holding_ranks", (_ints("Ks7d2h9c4s"), _ints("As2d3c5h"))),
    ("share_against_all", (_ints("Ks7d2h9c4s"), _ints("As2d3c5h"), 0)),
]
HOSTILE = [
    None,
    "",
    "x",
    -1,
    52,
    2**60,
    2.5,
    True,
    [0, 0, 1],
    [1, 2],
    b"\xff\xfe\xfd",
    [0, 1, 2, 3, 4, 5, 6, 7],
    object(),
    0,
    3,
    7,
    7463,
]


@pytest.mark.slow
def test_the_holding_functions_refuse_hostile_arguments_alike(core, fallback):
    """Each argument of each engine function replaced by a hostile one: the same error of the
    family from both engines at once, or the same answer."""
    for name, good in HOLDING_CALLS:
        for at in range(len(good)):
            for bad in HOSTILE:
                args = list(good)
                args[at] = bad
                answers = []
                for module in (core, fallback):
                    try:
                        answers.append(("answer", getattr(module, name)(*args)))
                    except omaha8.Omaha8Error as error:
                        answers.append((type(error).__name__, str(error)))
                assert answers[0] == answers[1], (name, args)
    # Every card out of play: no holding at all, in either engine.
    everything = (1 << 52) - 1
    for module in (core, fallback):
        assert sum(module.holding_counts(_ints("Ks7d2h"), 4, everything)[0]) == 0
        assert module.holding_values(_ints("Ks7d2h"), 4, everything, 5) == ([], [])
        assert module.share_against_all(_ints("Ks7d2h9c4s"), _ints("As2d3c5h"), everything) == (0, 0)


def test_a_blocker_takes_the_values_only_it_could_make_off_the_count():
    # Three hearts on the board: the ace-high flushes (the ace with K, Q, J, T, 8, 6, 5, 4, 3 of
    # hearts) are nine values other holdings make unless this hand holds the ace of hearts.
    board = "2h7h9hJc3s"
    with_ace = omaha8.nut_rank("AhQcQd5s", board)
    without = omaha8.nut_rank("AcQcQd5s", board)
    assert without[0] - with_ace[0] == 9
    # Holding the ace and the king of hearts, the ace-high flush is this hand's own: the nuts.
    assert omaha8.nut_rank("AhKhQcQd", board)[0] == 1
    # The king-queen flush: of the nine ace-high flushes, A-K and A-Q need this hand's own king
    # and queen, so seven beat it.
    assert omaha8.nut_rank("KhQhQcQd", board)[0] == 8


def test_the_rule_pages_examples():
    # The nut low and the nut high: the wheel with a six-high straight on 3-4-5.
    assert omaha8.nut_rank("Ah2h6d7c", "3c4d5hKcQs") == (1, 1)
    assert analysis.rank_words((1, 1)) == "the nut low and the nut high"
    assert analysis.rank_words((3, None)) == "the third-best high, no low"
    assert analysis.rank_words((56, 2)) == "the second-best low, the 56th-best high"
    # The nut low on 3-6-8 is A-2; A-4 holds the second nut low.
    assert omaha8.nut_rank("Ah2cKsQs", "3d6c8sJhKc")[1] == 1
    assert omaha8.nut_rank("Ad4cKdQh", "3d6c8sJhKc")[1] == 2
    # Quartered: two identical nut lows.
    for hole in ("As2d9h9c", "Ac2h9s9d"):
        assert omaha8.nut_rank(hole, "7s4d5cKhKd")[1] == 1
    assert omaha8.showdown("7s4d5cKhKd", ["As2d9h9c", "Ac2h9s9d", "QcQhJsJh"], [100, 100, 100]).payouts == (75, 75, 150)
    # Counterfeited: the deuce pairs the board, no low at all.
    assert omaha8.nut_rank("As2hKcQc", "2c5h7dJsKd")[1] is None
    # The issue's own: As2d on 3c5h8d holds the nut low; a deuce or an ace leaves 8-5-3-2-A but
    # seventh best; a four makes the wheel.
    found = {str(out.card): out for out in omaha8.outs("As2dKhQh", "3c5h8d", against="KsKd9c9d")}
    assert omaha8.nut_rank("As2dKhQh", "3c5h8d")[1] == 1
    for card in ("2c", "2h", "2s", "Ac", "Ad", "Ah"):
        assert found[card].counterfeits and found[card].nut_rank[1] == 7
        assert omaha8.low_name(found[card].low) == "8-5-3-2-A"
    assert not found["4c"].counterfeits and omaha8.low_name(found["4c"].low) == "5-4-3-2-A"
    assert found["4c"].nut_rank[1] == 1
    assert sum(out.counterfeits for out in found.values()) == 6


def _counterfeits(hole, board, card) -> bool:
    """The definition, worked out on its own."""
    low_now = omaha8.evaluate_low(hole, board)
    if low_now is None:
        return False
    rank = 1 if card >> 2 == 12 else card // 4 + 2
    if rank > 8 or not low_now >> (rank - 1) & 1:
        return False
    return omaha8.nut_rank(hole, board + [card])[1] > omaha8.nut_rank(hole, board)[1]


# Outs against one random hand sweep every opponent on every river: seconds a card in pure
# Python, so these run with the compiled core (the pure engine's sweep is checked against it in
# test_both_engines_count_the_same).
@pytest.mark.slow
def test_outs_on_a_turn_against_evaluate_and_equity():
    rng = random.Random(24)
    for _ in range(4):
        cards = rng.sample(range(52), 8)
        hole, board = cards[:4], cards[4:]
        found = omaha8.outs(hole, board)
        assert [int(o.card) for o in found] == [c for c in range(52) if c not in cards]
        # Every unseen card is as likely against a random hand: the outs' average is the equity now.
        now = omaha8.equity([hole, "****"], board).players[0].equity
        assert sum(out.equity for out in found) / len(found) == pytest.approx(now, abs=1e-12)
        for out in rng.sample(found, 6):
            after = board + [int(out.card)]
            assert (out.high, out.low) == omaha8.evaluate(hole, after)
            assert out.nut_rank == omaha8.nut_rank(hole, after)
            assert out.counterfeits == _counterfeits(hole, board, int(out.card))
            assert out.equity == pytest.approx(omaha8.equity([hole, "****"], after).players[0].equity, abs=1e-12)


@pytest.mark.slow
def test_outs_against_a_hand_hands_or_a_range():
    hole, board = "As2dKhQh", "3c5h8dJs"
    villain = "KsKd9c9d"
    by_hand = omaha8.outs(hole, board, against=villain)
    assert "Ks" not in [str(o.card) for o in by_hand] and len(by_hand) == 40
    for out in by_hand[:5]:
        assert out.equity == omaha8.equity([hole, villain], board + str(out.card)).players[0].equity
    two = omaha8.outs(hole, board, against=[villain, "7c7d6c6d"])
    assert len(two) == 36
    assert two[0].equity == omaha8.equity([hole, villain, "7c7d6c6d"], board + str(two[0].card)).players[0].equity
    ranged = omaha8.outs(hole, board, against="KK**")
    assert ranged[3].equity == pytest.approx(
        omaha8.equity([hole, "KK**"], board + str(ranged[3].card)).players[0].equity, abs=1e-12
    )


@pytest.mark.slow
def test_outs_on_a_flop_against_equity():
    hole, board = _ints("Ah2h6d7c"), _ints("3c4dKs")
    found = omaha8.outs(hole, board)
    assert len(found) == 45
    for out in found[::9]:
        after = board + [int(out.card)]
        assert out.equity == pytest.approx(omaha8.equity([hole, "****"], after).players[0].equity, abs=1e-12)
        assert out.nut_rank == omaha8.nut_rank(hole, after)


def _brute_breakdown(expression: str, board: list[int]) -> dict:
    """Each hand of the range, its keys worked out from evaluate and every runout."""
    found: dict = {}
    hands = omaha8.Range(expression)
    holdings_low = _brute(board)[1]
    nut_low = next((m for m in range(255) if holdings_low[m]), None)
    left = [c for c in range(52) if c not in board]
    for hand in hands:
        cards = [int(c) for c in hand]
        if set(cards) & set(board):
            continue
        weight = hands.weight(cards)
        high, low = omaha8.evaluate(cards, board)
        keys = [category_of(high)]
        if low is not None:
            keys.append("low_made")
            if low == nut_low:
                keys.append("nut_low")
        if len(board) < 5:
            deck = [c for c in left if c not in cards]
            if low is None and any(
                omaha8.evaluate_low(cards, board + list(runout)) is not None
                for runout in combinations(deck, 5 - len(board))
            ):
                keys.append("low_draw")
            made = category_of(high) in ("flush", "straight flush")
            if not made and any(
                category_of(omaha8.evaluate_high(cards, board + [c])) in ("flush", "straight flush")
                and sum(1 for x in board + [c] if x & 3 == c & 3) >= 3
                and sum(1 for x in cards if x & 3 == c & 3) >= 2
                for c in deck
            ):
                keys.append("flush_draw")
        for key in keys:
            count, weighed = found.get(key, (0, 0))
            found[key] = (count + 1, weighed + weight)
    return found


@pytest.mark.slow  # the brute force walks every runout of every hand
@pytest.mark.parametrize(
    ("expression", "board"),
    [
        ("A2**,A3**@50,KK**$ds@30,[2-5][2-5]**", "3c9hKd"),
        ("AA**,A2**$ds,TJQK", "2h7h9hJc"),
        ("[6-9][6-9]xx$ss,A4**@20", "2s5s8d"),
        ("A2**,KQJT", "3c5h8dKs2h"),
    ],
)
def test_breakdown_is_the_brute_force_over_the_range(expression, board):
    cards = _ints(board)
    found = omaha8.breakdown(expression, cards)
    expected = _brute_breakdown(expression, cards)
    total = sum(w for c, w in [expected.get(k, (0, 0)) for k in omaha8.CATEGORIES])
    assert found.weight == total
    for key in found.shares:
        count, weighed = expected.get(key, (0, 0))
        assert found.counts[key] == count, key
        assert found.shares[key] == pytest.approx(weighed / total), key
    assert ("low_draw" in found.shares) == (len(cards) < 5)


@pytest.mark.slow
def test_the_command_line(capsys):
    from omaha8.cli import main

    assert main(["hand", "Ah2h6d7c", "--board", "3c4d5hKcQs"]) == 0
    assert "rank   you have the nut low and the nut high" in capsys.readouterr().out
    assert main(["board", "3c5h8dKs"]) == 0
    out = capsys.readouterr().out
    assert "nut high  three of a kind, kings (3,015 holdings)" in out and "8-5-3-2-A low (14,468 holdings)" in out
    assert main(["outs", "As2dKhQh", "--board", "3c5h8d"]) == 0
    out = capsys.readouterr().out
    assert "6 cards counterfeit your low" in out and "4c    straight, five high" in out
    assert main(["outs", "As2dKhQh", "--board", "3c5h8dJs", "--against", "KsKd9c9d"]) == 0
    out = capsys.readouterr().out
    assert "against KsKd9c9d" in out and "equity 58.75% now;" in out
    assert omaha8.equity(["As2dKhQh", "KsKd9c9d"], "3c5h8dJs").players[0].equity == 0.5875
    assert main(["outs", "As2dKhQh", "--board", "3c5h8dJs", "--against", "KK**"]) == 0
    assert "averaged over the cards" in capsys.readouterr().out
    assert main(["breakdown", "A2**,AA**", "--board", "3c9hKd"]) == 0
    assert "low draw" in capsys.readouterr().out
    assert main(["outs", "As2dKhQh", "--board", "3c5h8dJs2c"]) == 2
    assert "outs are for a flop or a turn" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: omaha8.nuts("AsAs5d"), "duplicate card As"),
        (lambda: omaha8.nuts("As5d"), "wrong number of board cards"),
        (lambda: omaha8.nuts("As5d7c", hole_size=3), "hole_size must be 4, 5 or 6"),
        (lambda: omaha8.nuts("As5d7c").highs(0), "k must be at least 1"),
        (lambda: omaha8.nut_rank("As2d3c4h", "As5d7c"), "duplicate card As"),
        (lambda: omaha8.nut_rank("As2d3c", "Ks5d7c"), "wrong number of hole cards"),
        (lambda: omaha8.outs("As2d3c4h", "Ks5d7c9h2s"), "outs are for a flop or a turn"),
        (lambda: omaha8.outs("As2d3c4h", "Ks5d7c", against="As8d8c9c"), "duplicate card As"),
        (lambda: omaha8.outs("As2d3c4h", "Ks5d7c", against="KX**"), "against"),
        (lambda: omaha8.outs("As2d3c4h", "Ks5d7c", against=42), "against must be"),
        (lambda: omaha8.breakdown("AA**", "Ks5d"), "wrong number of board cards"),
        (lambda: omaha8.breakdown(42, "Ks5d7c"), "breakdown takes a Range"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_problem(call, words):
    with pytest.raises(ValueError, match=words):
        call()


@pytest.mark.slow
def test_outs_give_every_card_when_one_leaves_the_range_no_hand(live):
    # One card emptying AA** refused the whole question with a RangeError; the equity is 0.4198.
    found = omaha8.outs("AsAh7c8d", "2c3d4hKc", "AA**")
    assert len(found) == 52 - 8
    empty = [str(out.card) for out in found if out.equity is None]
    assert empty == ["Ac", "Ad"]
    possible = [out.equity for out in found if out.equity is not None]
    assert sum(possible) / len(possible) == pytest.approx(
        omaha8.equity(["AsAh7c8d", "AA**"], "2c3d4hKc")[0].equity, abs=1e-12
    )
    for out in found:
        if out.equity is not None:
            assert out.equity == omaha8.equity(["AsAh7c8d", "AA**"], ["2c", "3d", "4h", "Kc", out.card])[0].equity


def test_outs_take_a_buffer_of_hands_as_a_range(live):
    numpy = pytest.importorskip("numpy")
    rows = numpy.array([sorted(int(c) for c in omaha8.parse_cards(h)) for h in ("KsKd9c9d", "QsQd5c6d")], numpy.uint8)
    by_buffer = omaha8.outs("AsAh7c8d", "2c3d4hKc", rows)
    by_range = omaha8.outs("AsAh7c8d", "2c3d4hKc", omaha8.Range("KsKd9c9d,QsQd5c6d"))
    assert [(o.card, o.equity) for o in by_buffer] == [(o.card, o.equity) for o in by_range]
    with pytest.raises(omaha8.Omaha8Error):
        omaha8.outs("AsAh7c8d", "2c3d4hKc", numpy.zeros((0, 4), numpy.uint8))


def test_outs_against_a_list_is_of_known_hands(live):
    # 'QQ**' among known hands was read as cards: "unknown card 'QQ'".
    with pytest.raises(omaha8.AnalysisError, match=r"against: 'QQ\*\*' is not a hand .*give a range alone"):
        omaha8.outs("AsAh7c8d", "2c3d4hKc", ["KsKd9c9d", "QQ**"])


@pytest.mark.slow
def test_outs_refuse_a_range_the_hand_and_board_leave_no_hand(live):
    # With every card None there was no equity to average: the command line divided by zero.
    # The range is empty before any card comes (AsAh in the hand, Ac on the board: one ace
    # left for AA**), which omaha8.equity refuses too.
    with pytest.raises(omaha8.RangeError, match=r"against: the range 'AA\*\*' has no hand left beside the hand"):
        omaha8.outs("AsAh7c8d", "2c3d4hAc", "AA**")
    with pytest.raises(omaha8.RangeError):
        omaha8.equity(["AsAh7c8d", "AA**"], "2c3d4hAc")
    found = omaha8.outs("AsAh7c8d", "2c3d4hKc", "AA**")  # one ace gone: two cards empty it
    assert [str(out.card) for out in found if out.equity is None] == ["Ac", "Ad"]
