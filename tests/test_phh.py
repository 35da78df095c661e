"""history.phh: PHH written from engine hands and read back, pokerkit loading ours, every field
and action checked, and PHH read into the one record and replayed through its checks."""

from __future__ import annotations

import ast
import random
import re
import sys
from collections import Counter

import pytest
from history_helpers import finished, varied_hand
from test_game import random_action, random_hand

from omaha8 import Hand, history
from omaha8.history import HistoryError

# ---------------------------------------------------------------- round trips


@pytest.mark.slow
def test_thousands_of_engine_hands_survive_phh(live_core):
    rng = random.Random(11)
    for _ in range(1500):
        hand = random_hand(rng)
        while hand.actor is not None:
            random_action(hand, rng)
        again = history.from_phh(history.to_phh(hand))
        assert again.history == hand.history and again.result == hand.result


def test_phh_names_the_variants():
    for limit, code in (("fixed", "FO/8"), ("pot", "PO/8"), ("no", "NO/8")):
        hand = Hand([100, 100], limit=limit, seed=1)
        hand.fold()
        assert history.to_phh(hand).startswith(f'variant = "{code}"')
    with pytest.raises(HistoryError, match="not Omaha Hi/Lo"):
        history.from_phh('variant = "NT"\nstarting_stacks = [1, 2]\n')


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pokerkit_loads_our_fixed_limit_phh_with_the_same_actions(live_core):
    # pokerkit reads "FO/8" (its fixed-limit Omaha hi-lo, pot limit in fact); omaha8's
    # fixed-limit amounts are legal there, so it replays every one of our actions.
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(12)
    for _ in range(100):
        hand = Hand(
            [rng.randrange(40, 200) for _ in range(rng.randrange(3, 7))],
            limit="fixed",
            blinds=(1, 2),
            seed=rng.randrange(2**32),
        )
        while hand.actor is not None:
            random_action(hand, rng)
        text = history.to_phh(hand)
        loaded = pokerkit.HandHistory.loads(text.split("seed =")[0])
        ours = [line.strip().strip('",') for line in text.splitlines() if line.startswith('  "')]
        assert list(loaded.actions) == ours
        *_, final = iter(loaded)  # pokerkit applies every action, or raises
        assert final is not None


@pytest.mark.slow
def test_phh_keeps_dead_and_extra_blinds(live_core):
    rng = random.Random(17)
    with_posts = 0
    for _ in range(400):
        hand = finished(varied_hand(rng), rng)
        again = history.from_phh(history.to_phh(hand))
        assert again.history == hand.history and again.result == hand.result
        with_posts += any(a.kind == "dead blind" or (a.kind == "big blind" and a.seat > 1) for a in hand.history)
    assert with_posts > 20


# ---------------------------------------------------------------- bad input


def test_phh_players_count_from_one():
    text = history.to_phh(finished(Hand([100, 100, 100], seed=3), random.Random(1)))
    with pytest.raises(HistoryError, match=r"'p0' is not a player p1..p3"):
        history.from_phh(text.replace('"p1 ', '"p0 ', 1) if '"p1 ' in text else text.replace("d dh p1", "d dh p0"))
    with pytest.raises(HistoryError, match="'p4' is not a player"):
        history.from_phh(text.replace("d dh p3", "d dh p4"))


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("blinds_or_straddles", "[1, 2, 4]", "straddles"),
        ("antes", "[1, 2, 1]", "antes differ"),
        ("starting_stacks", "[100]", "2 to 10 players"),
        ("starting_stacks", "[100, -1, 100]", "starting_stacks must be"),
        ("starting_stacks", '"abc"', "starting_stacks must be"),
        ("hole_size", "7", "hole_size must be"),
        ("seed", "1.5", "seed must be"),
        ("min_bet", "[[[[[[[[1]]]]]]]]", None),
    ],
)
def test_phh_fields_are_checked(field, value, message):
    hand = finished(Hand([100, 100, 100], blinds=(1, 2), seed=5), random.Random(2))
    lines = [line for line in history.to_phh(hand).splitlines() if not line.startswith(f"{field} =")]
    text = "\n".join(lines[:1] + [f"{field} = {value}"] + lines[1:]) + "\n"
    if message is None:
        assert history.from_phh(text).history == hand.history  # a field omaha8 does not read
    else:
        with pytest.raises(HistoryError, match=message):
            history.from_phh(text)


@pytest.mark.slow
def test_mutated_phh_files_raise_history_errors_only(live_core):
    rng = random.Random(1616)
    texts = [history.to_phh(finished(varied_hand(rng), rng)) for _ in range(40)]
    alphabet = list('0123456789-[]",= pdhbfcrsm?AKQJTshdcx\n') + ["true", "-1", "1e99", "[[", "p0", "p11", "{}"]
    outcomes = Counter()
    for _ in range(4000):
        text = list(rng.choice(texts))
        for _ in range(rng.randrange(1, 5)):
            at = rng.randrange(len(text))
            change = rng.randrange(3)
            if change == 0:
                del text[at : at + rng.randrange(1, 20)]
            elif change == 1:
                text.insert(at, rng.choice(alphabet))
            else:
                text[at] = rng.choice(alphabet)
        try:
            history.from_phh("".join(text))
            outcomes["read"] += 1
        except HistoryError:
            outcomes["refused"] += 1
    assert outcomes["read"] and outcomes["refused"]


# What each TOML parser raises on a hostile file, and only that, is bad PHH: tomllib, and the
# subset parser of Python 3.10 (taken here as there, by hiding tomllib).


@pytest.mark.parametrize(
    "text, raised",
    [
        ('variant = "FO/8"\nstarting_stacks = [100, 100\n', "TOMLDecodeError"),
        ("seed = " + "1" * 5000 + "\n", "ValueError"),  # past Python's 4,300 digits
        ("actions = " + "[" * 5000 + "]" * 5000 + "\n", "RecursionError"),
    ],
)
def test_what_tomllib_raises_on_a_hostile_file_is_not_phh(text, raised):
    pytest.importorskip("tomllib")
    with pytest.raises(HistoryError, match=r"^not PHH: ") as info:
        history.parse_phh(text)
    assert type(info.value.__context__).__name__ == raised


@pytest.mark.parametrize(
    "text, raised",
    [
        ('variant = "FO/8"\nstarting_stacks = [100, = 100]\n', SyntaxError),
        ("antes = " + "[" * 300 + "]" * 300 + "\n", SyntaxError),  # too many nested parentheses
        ("variant = f(1)\n", ValueError),
        ("variant = 'x\x00'\n", (ValueError, SyntaxError)),  # SyntaxError from Python 3.12
        ("variant = {[1]: 2}\n", TypeError),
        ("seed = " + "-" * 100_000 + "1\n", MemoryError),  # "Parser stack overflowed"
    ],
)
def test_what_the_subset_parser_raises_on_a_hostile_file_is_not_phh(monkeypatch, text, raised):
    monkeypatch.setitem(sys.modules, "tomllib", None)  # import tomllib raises ImportError
    with pytest.raises(HistoryError, match=r"^not PHH: ") as info:
        history.parse_phh(text)
    assert isinstance(info.value.__context__, raised)


def test_the_subset_parser_reads_what_to_phh_writes(monkeypatch):
    rng = random.Random(19)
    texts = [history.to_phh(finished(varied_hand(rng), rng)) for _ in range(30)]
    read = [repr(history.parse_phh(text)) for text in texts]
    monkeypatch.setitem(sys.modules, "tomllib", None)
    assert [repr(history.parse_phh(text)) for text in texts] == read


def test_a_bug_under_the_parser_is_not_taken_for_bad_phh(monkeypatch):
    text = history.to_phh(finished(Hand([100, 100, 100], seed=4), random.Random(4)))

    def bug(*args, **kwargs):
        raise RuntimeError("a bug, not bad PHH")

    with monkeypatch.context() as patch:
        patch.setitem(sys.modules, "tomllib", None)
        patch.setattr(ast, "literal_eval", bug)
        with pytest.raises(RuntimeError, match="a bug"):
            history.parse_phh(text)
    tomllib = pytest.importorskip("tomllib")
    monkeypatch.setattr(tomllib, "loads", bug)
    with pytest.raises(RuntimeError, match="a bug"):
        history.parse_phh(text)


# ---------------------------------------------------------------- PHH through the one record


@pytest.mark.slow
def test_phh_reads_into_the_record_and_replays_through_the_same_checks(live_core):
    rng = random.Random(1818)
    for _ in range(150):
        hand = finished(varied_hand(rng), rng)
        record = history.parse_phh(history.to_phh(hand))
        assert isinstance(record, history.History) and record.names == [f"p{s + 1}" for s in range(hand.n)]
        assert [p.stack for p in record.players] == list(hand.starting_stacks)
        replay = record.replay()
        assert replay.differences == [] and replay.checked in ("showdown", "uncontested")
        assert replay.payouts == {f"p{s + 1}": chips for s, chips in enumerate(hand.result.payouts) if chips}


def test_an_illegal_phh_action_is_caught_by_the_shared_replay():
    hand = Hand([100, 100, 100], limit="pot", blinds=(1, 2), seed=8)
    hand.raise_to(7)
    text = history.to_phh(hand).replace('"p3 cbr 7"', '"p3 cbr 500"')
    replay = history.parse_phh(text).replay()
    assert replay.checked == "betting only" and "illegal" in replay.differences[0]
    assert "more than the pot-limit maximum" in replay.differences[0]
    with pytest.raises(HistoryError, match="p3 bets or raises 500: illegal"):
        history.from_phh(text)


def test_a_phh_hand_may_stop_at_any_action():
    hand = Hand([100, 100, 100], limit="no", seed=9)
    hand.call()
    again = history.from_phh(history.to_phh(hand))
    assert again.history == hand.history and again.actor == hand.actor == 0


def test_phh_showing_cards_it_was_not_dealt_is_refused():
    hand = finished(Hand([100, 100], limit="pot", seed=10), random.Random(3))
    text = history.to_phh(hand)
    if " sm " not in text:
        text = text.replace("]\nseed", '  "p1 sm AsKsQsJs",\n]\nseed')
    else:
        text = re.sub(r'"p(\d) sm [^"]*"', r'"p\1 sm 2c2d2h2s"', text, count=1)
    with pytest.raises(HistoryError, match="shows cards it was not dealt"):
        history.from_phh(text)


# A mixed game's first Omaha hand after a stud round, as pokerkit writes it: one blind, posted by
# p1, and p2 first to act (pokerkit's blinds_or_straddles); the hand's cards are this test's.
LONE_BLIND_PHH = """variant = "FO/8"
ante_trimming_status = true
antes = [0, 0, 0, 0]
blinds_or_straddles = [250000, 0, 0, 0]
small_bet = 250000
big_bet = 500000
starting_stacks = [4000000, 3000000, 2500000, 5000000]
actions = [
  "d dh p1 AcKd2h3s",
  "d dh p2 QsQdJc9h",
  "d dh p3 4c5c6d7d",
  "d dh p4 8s8h2c2d",
  "p2 cc",
  "p3 cbr 500000",
  "p4 f",
  "p1 cc",
  "p2 cc",
  "d db Ah4d9s",
  "p1 cc",
  "p2 cbr 250000",
  "p3 cc",
  "p1 cc",
  "d db Td",
  "p1 cc",
  "p2 cc",
  "p3 cbr 500000",
  "p1 cc",
  "p2 f",
  "d db 5s",
  "p1 cc",
  "p3 cc",
  "p1 sm AcKd2h3s",
  "p3 sm 4c5c6d7d",
]
"""


def test_a_lone_big_blind_reads_and_pays_as_pokerkit_plays_it(live_core):
    hand = history.from_phh(LONE_BLIND_PHH)
    posts = [(a.seat, a.kind, a.amount) for a in hand.history if a.kind in ("small blind", "big blind")]
    assert posts == [(0, "big blind", 250000)]
    assert hand.actor is None and hand.pot == 500000 * 3 + 250000 * 3 + 500000 * 2
    pokerkit = pytest.importorskip("pokerkit")
    *_, final = iter(pokerkit.HandHistory.loads(LONE_BLIND_PHH))
    # p2 acted first before the flop, in both; the stacks after the payouts agree to the chip.
    assert tuple(final.stacks) == hand.stacks
    # And it is written back as a lone blind, which reads back to the same hand.
    again = history.from_phh(history.to_phh(hand))
    assert "blinds_or_straddles = [250000, 0, 0, 0]" in history.to_phh(hand)
    assert again.history == hand.history and again.result == hand.result
