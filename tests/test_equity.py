"""Equity: exact answers against a brute force, samples against exact answers, symmetries,
reproducibility, progress and stopping, bad input, and poker-equity when it is installed; and
equity against ranges (listed, or read hand by hand when too large to list)."""

import itertools
import random
import sys
from fractions import Fraction
from math import comb

import pytest

import omaha8
from omaha8 import CardError, Range, RangeError, equity, parse_cards
from omaha8._engine import MAX_SAMPLES, MAX_WORKERS
from omaha8._engine import core_py as pure
from omaha8.cli import main


def brute_force(holes, board, dead=()):
    """Each seat's exact share and scoop probability, by walking every runout with the pure
    evaluator and splitting each pot by the rules, in fractions."""
    holes = [[int(c) for c in parse_cards(h)] for h in holes]
    board = [int(c) for c in parse_cards(board)]
    used = set(board) | {int(c) for c in parse_cards(dead)} | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    shares = [Fraction(0)] * len(holes)
    lows = [Fraction(0)] * len(holes)
    scoops = [0] * len(holes)
    runouts = 0
    for extra in itertools.combinations(deck, 5 - len(board)):
        full = board + list(extra)
        results = [pure.evaluate(h, full) for h in holes]
        best_high = min(r[0] for r in results)
        high_winners = [s for s, r in enumerate(results) if r[0] == best_high]
        made = [r[1] for r in results if r[1] is not None]
        low_winners = [s for s, r in enumerate(results) if made and r[1] == min(made)]
        runouts += 1
        high_part = Fraction(1, 2) if low_winners else Fraction(1)
        for s in high_winners:
            shares[s] += high_part / len(high_winners)
        for s in low_winners:
            shares[s] += Fraction(1, 2) / len(low_winners)
            lows[s] += Fraction(1, 2) / len(low_winners)
        if len(high_winners) == 1 and (not low_winners or low_winners == high_winners):
            scoops[high_winners[0]] += 1
    return (
        [s / runouts for s in shares],
        [low / runouts for low in lows],
        [Fraction(x, runouts) for x in scoops],
        runouts,
    )


def deal(rng, seats, size, board_size):
    cards = rng.sample(range(52), seats * size + board_size)
    holes = [cards[i * size : (i + 1) * size] for i in range(seats)]
    return holes, cards[seats * size :]


@pytest.mark.parametrize("size", [4, 5, 6])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("board_size", [3, 4], ids=["flop", "turn"])
def test_exact_equals_brute_force(live, size, seats, board_size):
    rng = random.Random(size * 100 + seats * 10 + board_size)
    holes, board = deal(rng, seats, size, board_size)
    result = equity(holes, board, exact=True, threads=2)
    shares, lows, scoops, runouts = brute_force(holes, board)
    assert result.exact and result.runouts == runouts and result.seed is None
    for seat, player in enumerate(result.players):
        assert player.equity == pytest.approx(float(shares[seat]), abs=1e-12)
        assert player.low_equity == pytest.approx(float(lows[seat]), abs=1e-12)
        assert player.scoop == pytest.approx(float(scoops[seat]), abs=1e-12)
        assert player.high_equity + player.low_equity == pytest.approx(player.equity, abs=1e-12)
        assert player.std_error == 0.0
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)


def test_dead_cards_leave_the_deck(live):
    holes, board, dead = ["AsAh2s3h", "KsKdQhQc"], "2c7d9h", "4c5c"
    result = equity(holes, board, dead)
    shares, _, _, runouts = brute_force(holes, board, dead)
    assert result.runouts == runouts == 741  # C(39, 2)
    assert [p.equity for p in result.players] == pytest.approx([float(s) for s in shares], abs=1e-12)
    assert [str(c) for c in result.dead] == ["4c", "5c"]


def test_preflop_heads_up_is_exact_by_default(live_core):
    result = equity(["AsAh2s3h", "KsKdQhQc"])
    assert result.exact and result.runouts == 1_086_008
    aces, kings = result.players
    # The same figures poker-equity gives for this spot.
    assert aces.equity == pytest.approx(0.7371013841518663, abs=1e-15)
    assert aces.low_equity == pytest.approx(0.27899610315946105, abs=1e-15)
    assert aces.scoop == pytest.approx(0.6854019491569123, abs=1e-15)
    assert kings.high_win == pytest.approx(0.31459805084308773, abs=1e-15)
    assert kings.low_made == 0 and aces.low_made == result.low_possible


def test_a_hand_against_its_suit_mirror_splits_evenly(live):
    mirror = str.maketrans("shdc", "hscd")
    hand = "AsKs2d3c"
    board = "KcKd5h5s"  # the same board under the mirror
    result = equity([hand, hand.translate(mirror)], board)
    assert result.players[0].equity == pytest.approx(0.5, abs=1e-12)
    assert result.players[0].scoop == pytest.approx(result.players[1].scoop, abs=1e-12)


def test_suit_mirror_preflop(live_core):
    mirror = str.maketrans("shdc", "hscd")
    result = equity(["AsKs2d3c", "AsKs2d3c".translate(mirror)])
    assert result.players[0].equity == pytest.approx(0.5, abs=1e-12)


def test_permuting_seats_permutes_results(live):
    holes = ["AsAh2s3h", "KsKdQhQc", "JcTc9d8d"]
    board = "2c7dKh"
    base = equity(holes, board)
    for order in itertools.permutations(range(3)):
        permuted = equity([holes[i] for i in order], board)
        for new_seat, old_seat in enumerate(order):
            a, b = permuted.players[new_seat], base.players[old_seat]
            assert (a.equity, a.scoop, a.low_equity, a.high_tie) == pytest.approx(
                (b.equity, b.scoop, b.low_equity, b.high_tie), abs=1e-12
            )


def test_samples_fall_within_four_standard_errors(live):
    holes, board = ["AsAh2s3h", "KsKdQhQc", "7c6c5d4d"], "2c7d9h"
    exact = equity(holes, board, exact=True)
    count = 200_000 if live.__name__.endswith("core_c") else 4_000
    sampled = equity(holes, board, samples=count, seed=11)
    assert not sampled.exact and sampled.runouts == count and sampled.seed == 11
    for s, e in zip(sampled.players, exact.players):
        assert 0 < s.std_error < 0.05
        assert abs(s.equity - e.equity) < 4 * s.std_error
    assert sum(p.equity for p in sampled.players) == pytest.approx(1.0, abs=1e-12)


def test_a_seed_and_a_thread_count_repeat_the_samples(live):
    holes = ["AsAh2s3h", "KsKdQhQc"]
    first = equity(holes, "2c7d9h", samples=3000, seed=42, threads=2)
    again = equity(holes, "2c7d9h", samples=3000, seed=42, threads=2)
    other = equity(holes, "2c7d9h", samples=3000, seed=43, threads=2)
    assert first == again
    assert first.players != other.players
    assert equity(holes, "2c7d9h", samples=10).seed is not None


def test_a_complete_board_has_one_runout(live):
    result = equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9hTsJs")
    assert result.runouts == 1
    assert result.low_possible == 0
    # K-Q with J-T-9 is a straight; the aces have a pair and no low.
    assert [p.equity for p in result.players] == [0.0, 1.0]
    assert result.players[1].scoop == 1.0 and result.players[1].high_win == 1.0


def test_equity_object(live):
    result = equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h")
    assert len(result) == 2 and result[1] is result.players[1]
    assert [str(c) for c in result[0].hole] == ["As", "Ah", "2s", "3h"]
    with pytest.raises(AttributeError):
        result.exact = False


def test_progress_is_reported_and_can_stop_the_run(live_core):
    calls = []
    result = equity(["AsAh2s3h", "KsKdQhQc"], progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (1_086_008, 1_086_008)
    assert all(done <= total for done, total in calls)

    class Enough(Exception):
        pass

    def stop(done, total):
        raise Enough()

    with pytest.raises(Enough):
        equity(["AsAh2s3h", "KsKdQhQc"], samples=10**10, threads=2, progress=stop)
    assert result.exact


BAD = [
    (dict(holes=["AsAh2s3h", "AsKdQhQc"]), CardError, "duplicate card As"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], board="2s7d9h"), CardError, "duplicate card 2s"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], dead="Kd"), CardError, "duplicate card Kd"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], board="2c"), CardError, "wrong number of board cards"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], board="2c7d"), CardError, "wrong number of board cards"),
    (dict(holes=["AsAh2s3h", "KsKdQhQcJd"]), CardError, "unequal sizes"),
    (dict(holes=["AsAh2s3h"]), CardError, "two or more hands"),
    (dict(holes="AsAh2s3h"), CardError, "holes must be a list"),
    (dict(holes=["AsAh2s3h", ["Ks", "Kd", "Qh"]]), CardError, "hand 2: wrong number of hole cards"),
    (
        dict(holes=["".join(omaha8.Card(4 * r + s).__str__() for s in range(4)) for r in range(11)]),
        CardError,
        "too many players: 11",
    ),
    (dict(holes=[[6 * i + j for j in range(6)] for i in range(8)]), CardError, "too many players for the deck"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], samples=0), ValueError, "samples must be 1.."),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], samples=2.5), ValueError, "samples must be an int"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], exact=True, samples=100), ValueError, "give samples only without"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], threads=0), ValueError, "threads must be 1..256"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], samples=5, seed=-1), ValueError, "seed must be"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], exact="yes"), ValueError, "exact must be"),
    (dict(holes=["AsAh2s3h", "KsKdQhQc"], progress=5), ValueError, "progress must be"),
]


@pytest.mark.parametrize("kwargs, error, message", BAD)
def test_bad_questions(live, kwargs, error, message):
    with pytest.raises(error) as info:
        equity(**kwargs)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


POKER_EQUITY_SPOTS = [
    (["AsAh2s3h", "KsKdQhQc"], "2c7d9h"),
    (["Ac2d3h4s", "KcKdQcJd", "9h8h7s6s"], "5c6dTh"),
    (["AsKs2d3c", "AhQh4d5c"], "2h3h8sKd"),
    (["AsAh2s3hKc", "KsKdQhQcJd"], "4c5d9s"),
]


@pytest.mark.parametrize("holes, board", POKER_EQUITY_SPOTS)
def test_agrees_with_poker_equity(live_core, holes, board):
    poker_equity = pytest.importorskip("poker_equity")
    variant = "omaha_hi_lo" if len(holes[0]) == 8 else "omaha_five_hi_lo"
    theirs = poker_equity.exact_from_text(variant, holes, board)
    ours = equity(holes, board, exact=True)
    assert theirs["samples"] == ours.runouts
    for mine, other in zip(ours.players, theirs["players"]):
        assert mine.equity == pytest.approx(other["equity"], abs=1e-12)
        assert mine.scoop == pytest.approx(other["scoop"], abs=1e-12)
        assert mine.low_equity == pytest.approx(other["low_equity"], abs=1e-12)


@pytest.mark.parametrize(
    "args",
    [
        ([[0, 1, 2, 3]], [], [], True, 0, 0, 1),  # one hand
        ([[0, 1, 2, 3]] * 11, [], [], True, 0, 0, 1),  # eleven hands
        ([[0, 1, 2], [4, 5, 6, 7]], [], [], True, 0, 0, 1),  # three cards
        ([[0, 1, 2, 3], [4, 5, 6, 60]], [], [], True, 0, 0, 1),  # card 60
        ([[0, 1, 2, 3], [4, 5, 6, 3]], [], [], True, 0, 0, 1),  # card twice
        ([[0, 1, 2, 3], [4, 5, 6, 7]], [8, 9, 10, 11, 12, 13], [], True, 0, 0, 1),
        ([[0, 1, 2, 3], [4, 5, 6, 7]], [], [], True, 0, 0, 0),  # no worker
    ],
)
def test_equity_jobs_check_what_they_are_given(impl, args):
    with pytest.raises(ValueError):
        impl.EquityJob(*args)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(samples=1000.0), "samples must be an int, not float"),
        (dict(samples=True), "samples must be an int, not bool"),
        (dict(samples=1000, seed=1.0), "seed must be an int, not float"),
        (dict(samples=1000, seed=True), "seed must be an int, not bool"),
        (dict(threads=2.0), "threads must be an int, not float"),
    ],
)
def test_integer_arguments_follow_one_rule(live, kwargs, message):
    with pytest.raises(ValueError, match=message):
        equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h", **kwargs)


def test_integer_arguments_take_anything_with_index(live):
    class Count:
        def __index__(self):
            return 1000

    by_index = equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h", samples=Count(), seed=Count(), threads=1)
    by_int = equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h", samples=1000, seed=1000, threads=1)
    assert by_index == by_int


def test_ranges_that_all_need_one_card_are_refused_at_once(live):
    # Every hand of both ranges holds the ace of spades: no deal exists, exact or sampled.
    for hands in (["As", "As"], ["AsKs**", "As**"], ["AsAh2s3h", "As", "Kd"]):
        for samples in (None, 10):
            with pytest.raises(RangeError, match=r"no deal of these ranges|no hand left"):
                equity(hands, samples=samples, seed=1)
    assert equity(["As", "Ks"], samples=1000, seed=1).players[0].equity > 0.5


# ---- issue 8: hostile and careless callers: limits, seeds, exact by default


def test_dead_cards_as_an_iterator_through_equity(live):
    result = equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h", iter(["4c", "5c"]))
    assert result.runouts == 741


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(samples=2**63 - 1), "samples must be 1..1,000,000,000,000,000"),
        (dict(samples=2**64), "samples must be 1..1,000,000,000,000,000"),
        (dict(samples=MAX_SAMPLES + 1), "samples must be 1..1,000,000,000,000,000"),
        (dict(threads=100_000), f"threads must be 1..{MAX_WORKERS}"),
        (dict(threads=2**70), f"threads must be 1..{MAX_WORKERS}"),
    ],
)
def test_huge_numbers_are_refused_with_the_limit(live, kwargs, message):
    with pytest.raises(ValueError) as info:
        equity(["AsAh2s3h", "KsKdQhQc"], **kwargs)
    assert message in str(info.value) and len(str(info.value)) < 120


@pytest.mark.parametrize("board", ["", "2c7d9h"])
@pytest.mark.slow
def test_a_seed_gives_the_same_samples_on_any_thread_count(live, board):
    count = 100_000 if live.__name__.endswith("core_c") else 40_000
    answers = [equity(["AsAh2s3h", "KsKdQhQc"], board, samples=count, seed=7, threads=t) for t in (1, 2, 3, 4)]
    assert all(a == answers[0] for a in answers)


def test_exact_is_the_default_and_sampling_is_asked_for(live_core):
    module = sys.modules["omaha8.equity"]
    assert not hasattr(module, "EXACT_RUNOUT_LIMIT")  # the switch that could never happen
    assert equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h").exact
    sampled = equity(["AsAh2s3h", "KsKdQhQc"], "2c7d9h", exact=False, seed=1)
    assert not sampled.exact and sampled.runouts == module.DEFAULT_SAMPLES


def test_dead_card_count_is_worded_as_a_range(live):
    with pytest.raises(CardError, match=r"\(0 to 52 allowed\)"):
        equity(["AsAh2s3h", "KsKdQhQc"], dead=list(range(51)) + [51, 51])


# ---- equity against ranges


def brute_force_range(holes, board):
    """Each seat's exact share over every deal: a hand from each range (its weight), every
    runout, deals with a card twice left out; split by the rules, in fractions."""
    board = [int(c) for c in parse_cards(board)]
    choices = []
    for hole in holes:
        if isinstance(hole, Range):
            choices.append([(list(row), weight) for row, weight in zip(hole.combos.tolist(), hole.weights)])
        else:
            choices.append([([int(c) for c in parse_cards(hole)], 1)])
    shares = [Fraction(0)] * len(holes)
    total = Fraction(0)
    for deal in itertools.product(*choices):
        cards = [c for hand, _ in deal for c in hand] + board
        if len(set(cards)) != len(cards):
            continue
        weight = 1
        for _, w in deal:
            weight *= w
        deck = [c for c in range(52) if c not in cards]
        for extra in itertools.combinations(deck, 5 - len(board)):
            full = board + list(extra)
            results = [pure.evaluate(hand, full) for hand, _ in deal]
            best_high = min(r[0] for r in results)
            high = [s for s, r in enumerate(results) if r[0] == best_high]
            made = [r[1] for r in results if r[1] is not None]
            low = [s for s, r in enumerate(results) if made and r[1] == min(made)]
            part = Fraction(1, 2) if low else Fraction(1)
            for s in high:
                shares[s] += weight * part / len(high)
            for s in low:
                shares[s] += weight * Fraction(1, 2) / len(low)
            total += weight
    return [share / total for share in shares]


SPOTS = [
    (["AsAh2s3h", "KK**"], "2c7d9hTsJc"),  # river
    (["AsAh2s3h", "[2-4][2-4]**$ds"], "2c7d9hTsJc"),
    (["AsAh2s3h", "KsQs[J,T]*@40, JsJh**"], "2c7d9hTs"),  # turn, weights
    (["KsQh[J,T][2-4]", "JJ[5-6][5-6]", "7c6c5d4d"], "2c7d9hTsAc"),  # two ranges and a hand, collisions
]


@pytest.mark.parametrize("holes, board", SPOTS)
@pytest.mark.slow
def test_exact_range_equity_equals_a_brute_force(live, holes, board):
    if live.__name__.endswith("core_py") and len(board) == 8:
        pytest.skip("the turn walks are slow in pure Python")
    ranges = [Range(h) if not _is_hand(h) else h for h in holes]
    result = equity(ranges, board, exact=True, threads=2)
    expected = brute_force_range(ranges, board)
    assert result.exact
    for player, share in zip(result.players, expected):
        assert player.equity == pytest.approx(float(share), abs=1e-12)


def _is_hand(text):
    try:
        return len(parse_cards(text)) == 4
    except Exception:
        return False


def test_expressions_and_ranges_mix_with_hands(live_core):
    by_text = equity(["AsAh2s3h", "KK**"], "2c7d9hTsJc")
    by_object = equity(["AsAh2s3h", Range("KK**")], "2c7d9hTsJc")
    assert by_text == by_object and by_text[1].range == "KK**" and by_text[1].hole == ()
    with pytest.raises(omaha8.CardError, match="hand 2: wrong number"):
        equity(["AsAh2s3h", ["Ks", "Kd", "Qh"]])  # a list of cards of the wrong count: a typo
    # Text is a hand only when it is exactly one hand of concrete cards: three cards are the
    # range of every hand holding them (49 hands), two hands one after the other a range of two.
    short = equity(["AsAh2s3h", "KsKdQh"], "2c7d9hTsJc")
    assert short[1].range == "KsKdQh" and len(Range("KsKdQh")) == 49
    two = equity(["AsAh2s3h", "QcJc8s6d,KhKcQsQd"], "2c7d9hTs5h")
    assert two[1].range == "QcJc8s6d,KhKcQsQd" and len(Range("QcJc8s6d,KhKcQsQd")) == 2
    assert two[0].equity == pytest.approx(
        (
            equity(["AsAh2s3h", "QcJc8s6d"], "2c7d9hTs5h")[0].equity
            + equity(["AsAh2s3h", "KhKcQsQd"], "2c7d9hTs5h")[0].equity
        )
        / 2
    )
    with pytest.raises(RangeError, match="no hand left"):
        equity(["AsAh2s3h", "AsAh**"], "2c7d9h")
    with pytest.raises(RangeError, match="hand 2: unknown rank"):
        equity(["AsAh2s3h", "KKX*"])


@pytest.mark.slow
def test_samples_weigh_whole_deals_like_the_exact_walk(live_core):
    # Three seats whose ranges collide often: drawn seat by seat in a fixed order, the first
    # range would be favoured; drawn as whole deals and redrawn on a collision, the samples
    # agree with the exact walk within four standard errors.
    holes = [Range("Ad[K,Q][2-4]*"), Range("[K,Q][K,Q][2-4]*"), "AsKs2c3c"]
    exact = equity(holes, "Ac7d9hTsJh", exact=True)
    sampled = equity(holes, "Ac7d9hTsJh", samples=400_000, seed=3)
    for s, e in zip(sampled.players, exact.players):
        assert abs(s.equity - e.equity) < 4 * s.std_error + 1e-12, (s.equity, e.equity)


def test_aces_against_a_random_hand(live_core):
    # Published Omaha Hi/Lo odds tables put AA** against a random hand near 64%.
    result = equity(["AA**", "random"], samples=1_000_000, seed=1)
    assert abs(result[0].equity - 0.64) < 0.01


@pytest.mark.parametrize(
    "holes, board",
    [
        (["AsAh2s3h", "****"], "4d5c9hKs"),
        (["KsKdQhQc", "AA**"], "4d5c9hTs2h"),
    ],
)
@pytest.mark.slow
def test_agrees_with_poker_equity_wildcards(live_core, holes, board):
    poker_equity = pytest.importorskip("poker_equity")
    theirs = poker_equity.exact_from_text("omaha_hi_lo", holes, board)
    ours = equity(holes, board, exact=True)
    for mine, other in zip(ours.players, theirs["players"]):
        assert mine.equity == pytest.approx(other["equity"], abs=1e-12)


@pytest.mark.slow
def test_equity_command_with_a_range(live_core, capsys):
    assert main(["equity", "AsAh2s3h", "random", "--board", "4d5c9h"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("board: 4d 5c 9h") and "exact" in out[0]
    assert out[3].split()[:2] == ["2", "random"]


# ---- ranges too large to list


@pytest.mark.slow
def test_a_range_read_hand_by_hand_samples_like_the_listed_one(live_core):
    # "AA***" of five-card hands can be listed (and walked exactly on the turn); the same range
    # read hand by hand, as the ones too large to list are, samples to the same answer.
    listed = Range("AA***@60, KK***", hole_size=5)
    exact = equity(["QsQhJsJh2c", listed], "2d7d9hTs", exact=True)
    unlisted = Range("AA***@60, KK***", hole_size=5)
    unlisted.listed = False
    sampled = equity(["QsQhJsJh2c", unlisted], "2d7d9hTs", samples=300_000, seed=5)
    for s, e in zip(sampled.players, exact.players):
        assert abs(s.equity - e.equity) < 4 * s.std_error, (s.equity, e.equity)


def test_six_card_ranges_too_large_to_list_are_sampled(live_core):
    big = Range("A*****", hole_size=6)
    assert not big.listed and "AsKs2c3c4c5c" in big and "KsQs2c3c4c5c" not in big
    # Counted without a list: every six-card hand but those without an ace.
    assert len(big) == comb(52, 6) - comb(48, 6) == 8_087_008
    with pytest.raises(RangeError, match="too many to list"):
        big.combos
    result = equity(["KsKdQhQc2c3c", big], samples=100_000, seed=2)
    assert not result.exact and result[1].range == "A*****"
    with pytest.raises(ValueError, match="sample them instead"):
        equity(["KsKdQhQc2c3c", big], exact=True)


@pytest.mark.slow
def test_exact_equity_walks_a_range_too_large_to_list_in_the_engine(live_core):
    # "A****" of five cards (886,656 hands) is listed by the range's own expansion; read hand by
    # hand, the engine lists what the known cards leave instead. Both walk every river exactly.
    board = "2d7d9hTsJs"
    listed = equity(["KsKdQhQc2c", Range("A****", hole_size=5)], board, exact=True)
    by_engine = Range("A****", hole_size=5)
    by_engine.listed = False
    walked = equity(["KsKdQhQc2c", by_engine], board, exact=True)
    assert walked.exact and walked == listed
    # A hand against every five-card hand on the river: 2,598,960 too many to list, walked.
    every = equity(["KsKdQhQc2c", Range("*", hole_size=5)], board, exact=True)
    assert every.exact and every.runouts == comb(52 - 10, 5)
