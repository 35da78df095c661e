"""Hand-strength features against a brute force over runouts and opponents (exact fractions,
every feature, the histogram's counts exactly), against omaha8.equity, across thread counts and
engines; the every-flop job on executors (Dask's included), its files and its checkpoint."""

from __future__ import annotations

import array
import json
import random
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

import omaha8
import omaha8.cli
from omaha8 import BatchError, CardError, JobError, Range, RangeError, TableError, equity, hand_strength
from omaha8.features import FEATURES, flop_features, read_flop_features

PURE = omaha8.IMPLEMENTATION == "python"


def rows_of(hands) -> memoryview:
    flat = bytes(c for hand in hands for c in hand)
    return memoryview(flat).cast("B", (len(hands), len(hands[0])))


def pot_share(hand, opponent, board) -> Fraction:
    """The hand's share of a heads-up pot, by the rules: half to the best high, half to the
    best qualifying low, the whole pot to the high when no hand has a low, ties splitting."""
    high, low = omaha8.evaluate(hand, board)
    opp_high, opp_low = omaha8.evaluate(opponent, board)
    # High values run from 1, the best, to 7462; a smaller low value is the better low.
    high_result = Fraction(1) if high < opp_high else Fraction(1, 2) if high == opp_high else Fraction(0)
    if low is None and opp_low is None:
        return high_result
    if low is None:
        low_result = Fraction(0)
    elif opp_low is None:
        low_result = Fraction(1)
    else:
        low_result = Fraction(1) if low < opp_low else Fraction(1, 2) if low == opp_low else Fraction(0)
    return high_result / 2 + low_result / 2


def brute_force(board, hands, opponents, weights, bins):
    """Per hand: every feature as an exact fraction, and the histogram as weight counts."""
    deck = [c for c in range(52) if c not in board]
    out = []
    for hand in hands:
        runouts = list(combinations([c for c in deck if c not in hand], 5 - len(board)))
        share = high = low = scoop = low_made = Fraction(0)
        total = 0
        square = Fraction(0)
        histogram = [0] * bins
        for runout in runouts:
            full = list(board) + list(runout)
            river_share, river_weight = Fraction(0), 0
            for opponent, w in zip(opponents, weights):
                if w == 0 or set(opponent) & set(hand) or set(opponent) & set(runout):
                    continue
                part = pot_share(hand, opponent, full)
                hand_high, hand_low = omaha8.evaluate(hand, full)
                opp_high, opp_low = omaha8.evaluate(opponent, full)
                both_none = hand_low is None and opp_low is None
                high_part = (
                    Fraction(1) if hand_high < opp_high else Fraction(1, 2) if hand_high == opp_high else Fraction(0)
                ) * (1 if both_none else Fraction(1, 2))
                river_share += w * part
                river_weight += w
                high += w * high_part
                low += w * (part - high_part)
                scoop += w * (part == 1)
                low_made += w * (hand_low is not None)
            if river_weight:
                e = river_share / river_weight
                share += river_share
                total += river_weight
                square += river_weight * e * e
                if bins:
                    histogram[min(int(e * bins), bins - 1)] += river_weight
        if not total:
            out.append(None)
            continue
        out.append(
            {
                "equity": share / total,
                "equity_squared": square / total,
                "high": high / total,
                "low": low / total,
                "scoop": scoop / total,
                "low_made": low_made / total,
                "weight": total,
                "histogram": histogram,
            }
        )
    return out


def check_against_brute_force(strength, expected, bins):
    for i, want in enumerate(expected):
        if want is None:
            assert strength.weight[i] == 0 and strength.equity[i] != strength.equity[i]  # NaN
            continue
        for name in FEATURES:
            assert getattr(strength, name)[i] == pytest.approx(float(want[name]), abs=1e-12), (i, name)
        assert strength.weight[i] == want["weight"]
        for b in range(bins):
            # The shares times the weight are the whole-number counts, exactly.
            assert round(strength.histogram[i, b] * want["weight"]) == want["histogram"][b]
            assert strength.histogram[i, b] == pytest.approx(want["histogram"][b] / want["weight"], abs=1e-15)


def _sample_rows(rng, board, count, size=4):
    deck = [c for c in range(52) if c not in board]
    seen = set()
    while len(seen) < count:
        seen.add(tuple(sorted(rng.sample(deck, size))))
    return sorted(seen)


@pytest.mark.parametrize("board", ["Ks8h3d9c", "7h6h2c", "AdKd4s2h", "QsJsTs9c"])
def test_every_feature_equals_a_brute_force_over_runouts_and_opponents(live, board):
    rng = random.Random(board)
    cards = list(omaha8.parse_cards(board))
    hands = _sample_rows(rng, cards, 4)
    opponents = _sample_rows(rng, cards, 12 if len(cards) == 4 else 3)
    weights = [rng.choice([0, 1, 2, 5, 100]) for _ in opponents]
    bins = 7
    strength = hand_strength(board, rows_of(hands), rows_of(opponents), weights, bins=bins, threads=1)
    check_against_brute_force(strength, brute_force(cards, hands, opponents, weights, bins), bins)


def test_a_hand_with_no_opponent_left_is_nan(live):
    board = omaha8.parse_cards("Ks8h3d9c")
    hands = [tuple(sorted(omaha8.parse_cards("AsAhKhQh")))]
    opponents = [tuple(sorted(omaha8.parse_cards("AsKdQdJd")))]
    strength = hand_strength(board, rows_of(hands), rows_of(opponents), bins=3)
    assert strength.weight[0] == 0 and all(v != v for v in (strength.equity[0], strength.histogram[0, 1]))


def test_equity_is_omaha8_equity_exact_against_a_range(live_core):
    board = "Ks8h3d9c"
    opponents = Range("QQ**, 76**, A3**$ds")
    hands = Range("AA**, KQJT, A2**$ds")
    strength = hand_strength(board, hands, opponents, bins=5, threads=2)
    rows = strength.hands.tobytes()
    rng = random.Random(1)
    for i in rng.sample(range(len(strength)), 25):
        hand = list(rows[4 * i : 4 * i + 4])
        exact = equity([hand, opponents], board=board)
        assert exact.exact
        player = exact[0]
        assert strength.equity[i] == pytest.approx(player.equity, abs=1e-13)
        assert strength.scoop[i] == pytest.approx(player.scoop, abs=1e-13)
        assert strength.low_made[i] == pytest.approx(player.low_made, abs=1e-13)
        assert strength.high[i] + strength.low[i] == pytest.approx(strength.equity[i], abs=1e-13)


@pytest.mark.slow
def test_any_thread_count_gives_the_same_bits(live):
    board = "Td7c2s"
    pure = live.__name__.endswith("core_py")
    hands = Range("AA**$ds, 9876") if not pure else Range("AsAh2s3h, 9c8c7d6d")
    opponents = Range("KK**, 5432") if not pure else Range("KsKh4s5h, 5c4c3d2d, QQJJ$ds")
    answers = []
    for threads in (1, 2, 3, 5):
        s = hand_strength(board, hands, opponents, bins=9, threads=threads)
        answers.append(tuple(getattr(s, name).tobytes() for name in FEATURES + ("weight",)) + (s.histogram.tobytes(),))
    assert len(set(answers)) == 1


def test_both_engines_give_the_same_features(core, fallback, monkeypatch):
    board = omaha8.parse_cards("Ah7d3c9s")
    rng = random.Random(9)
    hands = _sample_rows(rng, list(board), 5)
    opponents = _sample_rows(rng, list(board), 30)
    results = []
    for module in (core, fallback):
        job = module.StrengthJob(
            bytes(board),
            bytes(c for h in hands for c in h),
            bytes(c for h in opponents for c in h),
            4,
            array.array("d", [1.0] * 30).tobytes(),
            6,
            2,
        )
        for worker in range(job.workers):
            job.run(worker)
        results.append([column.tobytes() for column in job.result()])
    assert results[0] == results[1]


def test_on_a_river_ehs_squared_is_the_square_and_the_histogram_one_bin(live_core):
    board = "Ks8h3d9c2h"
    strength = hand_strength(board, Range("A2**, KK**"), bins=10)
    for i in range(0, len(strength), 97):
        e = strength.equity[i]
        assert strength.equity_squared[i] == pytest.approx(e * e, rel=1e-12)
        row = [strength.histogram[i, b] for b in range(10)]
        assert sorted(row) == [0.0] * 9 + [1.0] and row.index(1.0) == min(int(e * 10), 9)


def test_every_hand_against_every_hand_shares_the_pot_evenly(live_core):
    # Each pair of hands splits one pot, and every hand meets as many opponents: the average
    # equity over every hand is one half, exactly up to rounding.
    strength = hand_strength("Ks8h3d9c2h", threads=2)
    assert len(strength) == comb(47, 4)
    assert sum(strength.equity) / len(strength) == pytest.approx(0.5, abs=1e-12)
    assert set(strength.weight) == {100.0 * comb(43, 4)}  # a Range weighs a hand 100 (its percent)


def test_bad_input_is_refused_with_a_clear_error(live):
    hands = rows_of([tuple(sorted(omaha8.parse_cards("AsAhKhQh")))])
    # Weights that are not whole numbers up to 1000 are taken since issue 32 (rounded to
    # thousandths of the largest); a weight that is no weight is refused as showdown_values does.
    assert list(hand_strength("Ks8h3d", hands, hands, [0.5]).opponent_weights) == [1000.0]
    assert list(hand_strength("Ks8h3d", hands, hands, [1001]).opponent_weights) == [1.0]  # its own factor
    with pytest.raises(BatchError, match="a weight is a finite number, 0 or more"):
        hand_strength("Ks8h3d", hands, hands, [-1])
    with pytest.raises(JobError):
        hand_strength("Ks8h3d", hands, hands, bins=-1)
    with pytest.raises(CardError):
        hand_strength("Ks8h", hands, hands)
    with pytest.raises(CardError):
        hand_strength("AsKs8h", hands, hands)  # the hand holds a board card
    with pytest.raises(RangeError):
        hand_strength("Ks8h3d", "AA**+", "random")
    with pytest.raises(JobError, match="GB"):
        hand_strength("Ks8h3d", bins=10_000, threads=2)  # refused before any memory is taken
    assert issubclass(JobError, ValueError)


# ---------------------------------------------------------------- every flop

SMALL = dict(hands="AA**$ds", opponents="KK**$ds, QQ**$ds")


@pytest.mark.slow
def test_flop_files_hold_each_class_once_with_its_features(live_core, tmp_path):
    flop_features(tmp_path, bins=4, flops=[0, 400], file_format="npz", **SMALL)
    manifest = json.loads((tmp_path / "features.json").read_text())
    assert len(manifest["flops"]) == 1755 and sum(f["orbit"] for f in manifest["flops"]) == comb(52, 3)
    ix = omaha8.HandIndexer((4, 3))
    for number in (0, 400):
        board = manifest["flops"][number]["board"]
        columns = read_flop_features(tmp_path / manifest["flops"][number]["file"])
        strength = hand_strength(board, SMALL["hands"], SMALL["opponents"], bins=4)
        flop = bytes(omaha8.parse_cards(board))
        by_class = {}
        rows = strength.hands.tobytes()
        for i in range(len(strength)):
            by_class.setdefault(ix.index(rows[4 * i : 4 * i + 4] + flop), i)
        assert list(columns["index"]) == sorted(by_class)
        for row, index in enumerate(columns["index"]):
            i = by_class[index]
            assert ix.index(columns["hand"][4 * row : 4 * row + 4] + flop) == index
            for name in FEATURES:
                assert columns[name][row] == getattr(strength, name)[i]
            assert list(columns["histogram"][4 * row : 4 * row + 4]) == pytest.approx(
                [strength.histogram[i, b] for b in range(4)], abs=1e-7
            )


def test_the_directory_is_the_checkpoint(live_core, tmp_path):
    flop_features(tmp_path, bins=2, flops=[3, 4, 5], file_format="npz", **SMALL)
    first = (tmp_path / "flop-0004.npz").read_bytes()
    (tmp_path / "flop-0004.npz").unlink()
    calls = []
    flop_features(
        tmp_path, bins=2, flops=[3, 4, 5], file_format="npz", progress=lambda d, t: calls.append((d, t)), **SMALL
    )
    assert calls[0] == (2, 3) and calls[-1] == (3, 3)
    assert (tmp_path / "flop-0004.npz").read_bytes() == first
    with pytest.raises(TableError, match="another run"):
        flop_features(tmp_path, bins=3, flops=[3], file_format="npz", **SMALL)
    with pytest.raises(TableError):
        flop_features(tmp_path, bins=2, flops=[1755], file_format="npz", **SMALL)
    with pytest.raises(TableError):
        flop_features(tmp_path / "features.json", bins=2, flops=[1], **SMALL)
    with pytest.raises(RangeError):
        flop_features(tmp_path / "other", flops=[1], hands="AA**+")
    for broken in (b"", b"PK\x03\x04 not a zip", (tmp_path / "flop-0003.npz").read_bytes()[:100]):
        (tmp_path / "broken.npz").write_bytes(broken)
        with pytest.raises(TableError):
            read_flop_features(tmp_path / "broken.npz")
    with pytest.raises(TableError):
        read_flop_features(tmp_path / "missing.npz")


def test_any_executor_gives_the_same_files(live_core, tmp_path):
    with ThreadPoolExecutor(max_workers=3) as pool:
        flop_features(tmp_path / "a", bins=3, flops=[7, 8], executor=pool, file_format="npz", **SMALL)
    flop_features(tmp_path / "b", bins=3, flops=[7, 8], file_format="npz", **SMALL)
    for name in ("flop-0007.npz", "flop-0008.npz"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_parquet_files_read_back_as_the_npz_ones(live_core, tmp_path):
    pytest.importorskip("pyarrow")
    flop_features(tmp_path / "p", bins=3, flops=[9], file_format="parquet", **SMALL)
    flop_features(tmp_path / "n", bins=3, flops=[9], file_format="npz", **SMALL)
    assert read_flop_features(tmp_path / "p" / "flop-0009.parquet") == read_flop_features(
        tmp_path / "n" / "flop-0009.npz"
    )


@pytest.mark.skipif(PURE, reason="the cluster's workers would sweep in pure Python")
def test_a_dask_cluster_gives_the_same_files(dask_client, tmp_path):
    flop_features(
        tmp_path / "d", bins=3, flops=[11, 12], executor=dask_client.get_executor(), file_format="npz", **SMALL
    )
    flop_features(tmp_path / "h", bins=3, flops=[11, 12], file_format="npz", **SMALL)
    for name in ("flop-0011.npz", "flop-0012.npz"):
        assert (tmp_path / "d" / name).read_bytes() == (tmp_path / "h" / name).read_bytes()


def test_the_command_line_writes_features(live_core, tmp_path, capsys):
    out = tmp_path / "cli"
    assert (
        omaha8.cli.main(
            [
                "features",
                "--out",
                str(out),
                "--bins",
                "3",
                "--flops",
                "0-1,5",
                "--format",
                "npz",
                "--hands",
                SMALL["hands"],
                "--opponents",
                SMALL["opponents"],
            ]
        )
        == 0
    )
    assert "3 flops of features" in capsys.readouterr().out
    assert sorted(p.name for p in out.iterdir()) == ["features.json", "flop-0000.npz", "flop-0001.npz", "flop-0005.npz"]
    assert omaha8.cli.main(["features", "--out", str(out), "--flops", "9-2000"]) == 2
    assert "numbered 0..1754" in capsys.readouterr().err


@pytest.mark.slow
def test_hand_strength_takes_the_weights_showdown_values_takes(live):
    # Weights were whole numbers 0..1000 only (a JobError for reach probabilities, a BatchError
    # for a negative one): now the one weight rule, counted exactly where the weights are whole.
    import math

    river = "Ks7d2h9c3s"
    hands = "AsAh2s3h,QdQc8h6s,JcTc6d4h"
    opponents = Range("KK**,T9**")
    m = len(opponents.apart_from([int(c) for c in omaha8.parse_cards(river)])[1])
    reach = [((i * 7919) % 1000 + 1) / 1000 for i in range(m)]  # thousandths of the largest: exact
    strength = hand_strength(river, hands, opponents, reach)
    values = omaha8.showdown_values(river, hands, opponents, reach)
    assert list(strength.equity) == pytest.approx(list(values.equity), abs=1e-12)
    assert list(strength.opponent_weights) == [w * 1000 for w in reach]
    # Whole numbers past 1000 with a common factor are counted exactly, divided by it.
    scaled = hand_strength(river, hands, opponents, [w * 3000 for w in reach])
    assert list(scaled.equity) == list(strength.equity)
    assert list(scaled.weight) == pytest.approx([w * 3000 for w in strength.weight], rel=1e-12)
    assert list(scaled.opponent_weights) == list(strength.opponent_weights)
    # Any other weights are rounded to thousandths of the largest: close to the exact values.
    rough = [0.1 + ((i * 104729) % 997) ** 1.5 for i in range(m)]
    rounded = hand_strength(river, hands, opponents, rough)
    exact = omaha8.showdown_values(river, hands, opponents, rough)
    assert list(rounded.equity) == pytest.approx(list(exact.equity), abs=2e-3)
    assert max(rounded.opponent_weights) == 1000
    assert list(rounded.weight) == pytest.approx(list(exact.weight), rel=2e-3)  # in the given units
    # A mistake is worded as showdown_values words it, whatever the container.
    for bad in ([-1.0] + [1.0] * (m - 1), [math.nan] * m):
        with pytest.raises(BatchError, match=r"weights\[0\] is .*: a weight is a finite number, 0 or more"):
            hand_strength(river, hands, opponents, bad)


def test_a_refusal_for_memory_names_what_takes_it(live_core):
    # One six-card hand on a turn blamed "hands, bins or threads" for 4.7 GB: the 12 million
    # default opponents take it.
    numpy = pytest.importorskip("numpy")
    six = numpy.array([sorted(int(c) for c in omaha8.parse_cards("AsAh2s3h4d5d"))], numpy.uint8)
    with pytest.raises(
        JobError,
        match=r"12,271,512 opponents of 6 cards \(every hand of that size: the default\) "
        r"take most of it: pass opponents",
    ):
        hand_strength("Ks7d2h9c", six)
    with pytest.raises(JobError, match="hands with 10000 bins on 2 threads take most of it"):
        hand_strength("Ks8h3d", bins=10_000, threads=2)


@pytest.mark.parametrize("file_format", ["npz", "parquet"])
def test_a_flop_that_leaves_no_hand_has_its_file_empty(live_core, tmp_path, file_format):
    # flop 0 with AsAh2s3h against KK** raised memoryview's "cannot cast view with zeros in shape".
    if file_format == "parquet":
        pytest.importorskip("pyarrow")
    flop_features(tmp_path, bins=3, flops=[0, 0, 0], hands="AsAh2s3h", opponents="KK**", file_format=file_format)
    files = sorted(p.name for p in tmp_path.iterdir())  # flop 0 (4s3s2s) named three times: one file
    assert files == ["features.json", f"flop-0000.{file_format}"]
    columns = read_flop_features(tmp_path / files[1])
    assert all(len(values) == 0 for values in columns.values()) and "histogram" in columns
    with pytest.raises(TableError, match="list of flop numbers"):
        flop_features(tmp_path, flops="0")
