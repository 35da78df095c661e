"""Hand histories: real PokerStars Omaha Hi/Lo hands (tests/data, sources in its README) read,
replayed and checked to the chip; every quirk the issue names; bad input; round trips of
thousands of engine hands through the PokerStars format and through PHH; all-in equity; and
the ``omaha8 replay`` command."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import omaha8
from omaha8 import Hand, history
from omaha8.cli import main
from omaha8.history import HistoryError

from test_game import random_action, random_hand

DATA = Path(__file__).resolve().parent / "data"
REAL_FILES = sorted(DATA.glob("*.txt"))


# ---------------------------------------------------------------- real hands

def test_every_real_hand_is_read_and_paid_as_omaha8_pays_it(live_core):
    outcomes = Counter()
    for path in REAL_FILES:
        result = history.read_all(path)
        assert not result.errors and result.skipped_games == 0
        for hand in result:
            replay = hand.replay()
            outcomes[replay.checked] += 1
            assert replay.differences == [], replay.differences
    # 20 hands from PokerStars and one converted from another network; one of them has a new
    # player posting a second big blind, one a river all-in, one antes.
    assert outcomes == {"showdown": 8, "uncontested": 12}


def test_a_real_split_with_a_quartered_low_and_the_odd_cents(live_core):
    # Game #35875034981: 39 cents; three deuces take the high half, 20 (the odd cent goes to the
    # high); both players hold 6-5-4-2-A, so the low half, 19, is shared: 10 to UnderMeSensi,
    # the first of them left of the button (seat 5), and 9 to supermeXXX.
    [hand] = [h for h in history.read(DATA / "stars-plo8-6max-0.01-0.02-200911.txt")
              if h.hand_id == "35875034981"]
    assert hand.unit == 100 and hand.total_pot == 39 and hand.rake == 0
    assert hand.names == ["tiger48475", "UnderMeSensi", "supermeXXX", "s0rrow"]
    replay = hand.replay()
    assert replay.checked == "showdown"
    assert replay.payouts == {"UnderMeSensi": 10, "supermeXXX": 29}
    assert replay.collected == {"UnderMeSensi": 10, "supermeXXX": 29}


def test_a_real_scoop_after_rake(live_core):
    # Game #35875159084: a pot of $4.85, rake $0.20; s0rrow holds trips with the better kicker
    # and the better low, and collects $2.33 + $2.32 = $4.65: the whole pot less the rake.
    [hand] = [h for h in history.read(DATA / "stars-plo8-6max-0.01-0.02-200911.txt")
              if h.hand_id == "35875159084"]
    replay = hand.replay()
    assert replay.payouts == {"s0rrow": 485} and replay.collected == {"s0rrow": 465}
    assert hand.collected == [("s0rrow", 233, 0), ("s0rrow", 232, 0)]


def test_a_real_five_card_hand_with_rake(live_core):
    [hand] = history.read(DATA / "stars-5card-plo8-2-4-201304.txt")
    assert hand.hole_size == 5 and hand.stakes == (200, 400) and hand.rake == 81
    assert hand.holes["Hero"] == [int(c) for c in omaha8.parse_cards("Td Kh 3d 4s 9d")]
    replay = hand.replay()
    assert replay.checked == "uncontested" and replay.collected == {"Player1": 1719}


# ---------------------------------------------------------------- quirks

def _side_pot_hand():
    """Three seats, no limit 5/10 cents: seat 2 raises to 30, seat 0 moves in for 5.00, seat 1
    calls all-in for 3.00, seat 2 calls all-in for 40 cents: a main pot and two side pots."""
    hand = Hand([500, 300, 40], limit="no", blinds=(5, 10),
                holes=["As2d3hKh", "KsKdQhQc", "7c6c5d4d"], board="2c7dKc9h4s")
    hand.raise_to(30)
    hand.all_in()
    hand.call()
    hand.call()
    assert hand.street == "over"
    return hand


def test_side_pots_all_ins_and_money_read_back(live_core):
    engine_hand = _side_pot_hand()
    text = history.write(engine_hand, hand_id=77, names=["Ann", "Bo b", "Cy"], currency="$")
    assert "Omaha Hi/Lo No Limit ($0.05/$0.10 USD)" in text
    assert "collected" in text and "from side pot-1" in text and "and is all-in" in text
    [read] = history.read(text)
    assert read.unit == 100 and read.players[0].stack == 500
    replay = read.replay()
    assert replay.checked == "showdown" and replay.differences == []
    by_seat = dict(zip(["Ann", "Bo b", "Cy"], engine_hand.result.payouts))
    assert replay.payouts == {k: v for k, v in by_seat.items() if v}


QUIRKS = """\ufeffPokerStars Hand #12345:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2020/01/01 10:00:00 ET\r
Table 'Test' 6-max Seat #3 is the button\r
Seat 1: Ann ($10 in chips) \r
Seat 2: Bob ($10 in chips) \r
Seat 3: Cy ($10 in chips) \r
Seat 4: Dee ($10 in chips) is sitting out\r
Ann: posts small blind $0.05\r
Bob: posts big blind $0.10\r
*** HOLE CARDS ***\r
Dealt to Cy [7c 6c 5d 4d]\r
Eve joins the table at seat #5 \r
Cy: raises $0.20 to $0.30\r
Ann: calls $0.25\r
Bob: folds \r
Cy said, "good luck"\r
*** FLOP *** [2c 7d Kc]\r
Ann: bets $0.70\r
Cy: raises $1.40 to $2.10\r
Ann: calls $1.40\r
*** TURN *** [2c 7d Kc] [9h]\r
Ann: checks \r
Cy: bets $1\r
Ann: folds \r
Uncalled bet ($1) returned to Cy\r
Cy collected $4.80 from pot\r
Cy: doesn't show hand \r
*** SUMMARY ***\r
Total pot $4.90 | Rake $0.10 \r
Board [2c 7d Kc 9h]\r
Seat 1: Ann (small blind) folded on the Turn\r
Seat 2: Bob (big blind) folded before Flop\r
Seat 3: Cy (button) collected ($4.80)\r
\r
\r
\r
PokerStars Hand #12346:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/01 10:01:00 ET\r
Table 'Test' 6-max Seat #1 is the button\r
Seat 1: Ann ($10 in chips)\r
Seat 2: Bob ($10 in chips)\r
Ann: posts small blind $0.05\r
Bob: posts big blind $0.10\r
*** HOLE CARDS ***\r
Ann: folds\r
Uncalled bet ($0.05) returned to Bob\r
Bob collected $0.10 from pot\r
*** SUMMARY ***\r
Total pot $0.10 | Rake $0\r
"""


def test_windows_lines_a_byte_order_mark_noise_and_other_games():
    result = history.read_all(QUIRKS)
    assert len(result) == 1 and result.skipped_games == 1 and not result.errors
    [hand] = result
    assert hand.hand_id == "12345" and hand.names == ["Ann", "Bob", "Cy"]   # Dee sits out
    assert hand.rake == 10 and hand.uncalled == [("Cy", 100)]
    replay = hand.replay()
    assert replay.checked == "uncontested" and replay.differences == []
    assert replay.payouts == {"Cy": 490} and replay.collected == {"Cy": 480}


def test_a_file_on_disk_is_read_by_path(tmp_path):
    path = tmp_path / "hands.txt"
    path.write_bytes(QUIRKS.encode("utf-8"))
    assert [h.hand_id for h in history.read(path)] == ["12345"]
    assert [h.hand_id for h in history.read(str(path))] == ["12345"]


TOURNAMENT = """PokerStars Hand #900: Tournament #42, $1+$0.10 USD Omaha Hi/Lo Pot Limit - Level I (10/20) - 2020/01/01 10:00:00 ET
Table '42 1' 9-max Seat #2 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Bob: posts small blind 10
Ann: posts big blind 20
*** HOLE CARDS ***
Bob: raises 40 to 60
Ann: raises 120 to 180
Bob: calls 120
*** FLOP *** [2c 7d Kc]
Ann: bets 360
Bob: raises 960 to 1320 and is all-in
Ann: calls 960 and is all-in
*** TURN *** [2c 7d Kc] [9h]
*** RIVER *** [2c 7d Kc 9h] [4s]
*** SHOW DOWN ***
Ann: shows [As 2d 3h Kh] (HI: a pair of Kings; LO: 7,4,3,2,A)
Bob: shows [Ks Kd Qh Qc] (HI: three of a kind, Kings)
Bob collected 1500 from pot
Ann collected 1500 from pot
*** SUMMARY ***
Total pot 3000 | Rake 0
Board [2c 7d Kc 9h 4s]
Seat 1: Ann (big blind) showed [As 2d 3h Kh] and won (1500) with HI: a pair of Kings; LO: 7,4,3,2,A
Seat 2: Bob (button) (small blind) showed [Ks Kd Qh Qc] and won (1500) with HI: three of a kind, Kings
"""


def test_tournament_chips_and_all_in_equity(live_core):
    [hand] = history.read(TOURNAMENT)
    assert hand.unit == 1 and hand.stakes == (10, 20) and hand.names == ["Ann", "Bob"]
    replay = hand.replay()
    assert replay.checked == "showdown" and replay.differences == []
    ev = replay.all_in_equity
    assert set(ev) == {"Ann", "Bob"}
    # All in on the flop: each player's expected chips are the pot times its exact equity
    # over the 990 turn-and-river runouts, computed here by omaha8.equity directly.
    exact = omaha8.equity(["As2d3hKh", "KsKdQhQc"], "2c7dKc", exact=True)
    assert ev["Ann"].expected == pytest.approx(3000 * exact.players[0].equity, abs=1e-9)
    assert ev["Ann"].expected + ev["Bob"].expected == pytest.approx(3000)
    assert ev["Ann"].equity == pytest.approx(exact.players[0].equity)
    assert (ev["Ann"].actual, ev["Bob"].actual) == (1500, 1500)


def test_all_in_equity_is_none_without_an_all_in(live_core):
    [hand] = [h for h in history.read(DATA / "stars-plo8-6max-0.01-0.02-200911.txt") if h.hand_id == "35875219121"]
    assert hand.replay().all_in_equity is None


def test_a_mucked_hand_concedes(live_core):
    # Game #35875293439: supermeXXX mucks at the showdown; the others split as the site paid.
    [hand] = [h for h in history.read(DATA / "stars-plo8-6max-0.01-0.02-200911.txt") if h.hand_id == "35875293439"]
    assert hand.mucked == {"supermeXXX"}
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"EricSteph261": 4, "tiger48475": 4}


DEAD_BLIND = """PokerStars Hand #555:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2020/01/01 10:00:00 ET
Table 'Test' 6-max Seat #4 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Dee ($10 in chips)
Seat 4: Cy ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
Dee: posts small & big blinds $0.15
*** HOLE CARDS ***
Dee: checks
Cy: raises $0.30 to $0.40
Ann: folds
Bob: folds
Dee: folds
Uncalled bet ($0.30) returned to Cy
Cy collected $0.40 from pot
*** SUMMARY ***
Total pot $0.40 | Rake $0
"""


def test_dead_blinds_and_extra_big_blinds_are_replayed():
    # Dee comes back and posts both blinds: 10 cents live (a check is free to her) and 5 dead;
    # Cy's pot-limit raise may go to 10 + (30 + 10) = 50.
    [hand] = history.read(DEAD_BLIND)
    assert [s.kind for s in hand.steps[:3]] == ["small blind", "big blind", "small & big blinds"]
    replay = hand.replay()
    assert replay.checked == "uncontested" and replay.differences == []
    assert replay.collected == {"Cy": 40}
    assert [(a.kind, a.amount) for a in replay.hand.history if a.seat == 2][:2] == [("dead blind", 5), ("big blind", 10)]
    # And back out: written as PokerStars writes it, read to the same hand.
    again = history.read(history.write(replay.hand, names=hand.names, currency="$"))[0].replay()
    assert again.hand.history == replay.hand.history


def test_an_illegal_bet_is_reported_with_its_rule(live_core):
    text = QUIRKS.split("\r\n\r\n")[0].replace("Cy: raises $0.20 to $0.30", "Cy: raises $0.30 to $0.40").replace(
        "Ann: calls $0.25", "Ann: calls $0.35").replace("Total pot $4.90", "Total pot $5.10").replace(
        "Rake $0.10", "Rake $0.30")
    [hand] = history.read(text)
    replay = hand.replay()
    assert replay.checked == "betting only"
    assert replay.differences == ["hand 12345: preflop: Cy raises 40: illegal: raise to 40 is more than "
                                  "the pot-limit maximum 35; seat 2 may fold, call 10, or raise to 20 to 35 (pot limit)"]


def test_a_site_that_pays_the_wrong_player_is_caught(live_core):
    text = TOURNAMENT.replace("Bob collected 1500 from pot\nAnn collected 1500 from pot",
                              "Bob collected 2000 from pot\nAnn collected 1000 from pot")
    replay = history.read(text)[0].replay()
    assert replay.differences and "the site paid" in replay.differences[0] and "main pot" in replay.differences[0]


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("change, message", [
    (lambda t: t.split("*** SUMMARY ***")[0], "cut short"),
    (lambda t: t.replace("Total pot 3000", "Total pot 3100"), "add up to 3000 but the total pot is 3100"),
    (lambda t: t.replace("Board [2c 7d Kc 9h 4s]", "Board [2c 7d Kc 9h 4s]").replace("[Ks Kd Qh Qc]", "[Ks Kd Qh 2c]"),
     "a card appears twice"),
    (lambda t: t.replace("Bob: calls 120", "Bob: dances 120"), "an action omaha8 does not know"),
    (lambda t: t.replace("[2c 7d Kc]", "[2c 7d Xx]"), "unknown card 'Xx'"),
    (lambda t: t.replace("Table '42 1' 9-max Seat #2 is the button\n", ""), "button"),
    (lambda t: t.replace("Bob: raises 40 to 60", "Bob: raises 4o to 6o"), "not an amount"),
])
def test_hands_that_cannot_be_read_name_the_hand_and_the_line(change, message):
    with pytest.raises(HistoryError, match=message) as info:
        history.read(change(TOURNAMENT))
    assert "hand 900" in str(info.value)


def test_reading_a_file_goes_on_past_a_bad_hand():
    text = TOURNAMENT.replace("Total pot 3000", "Total pot 1") + "\n\n" + QUIRKS.lstrip("\ufeff")
    result = history.read_all(text)
    assert [h.hand_id for h in result] == ["12345"] and len(result.errors) == 1
    assert result.skipped_games == 1


def test_a_line_in_an_unknown_language_is_a_skipped_game():
    text = TOURNAMENT.replace("Omaha Hi/Lo Pot Limit", "Омаха Хай-Лоу Пот-лимит")
    result = history.read_all(text)
    assert len(result) == 0 and result.skipped_games == 1


# ---------------------------------------------------------------- round trips

def test_thousands_of_engine_hands_survive_the_pokerstars_format(live_core):
    rng = random.Random(10)
    checked = Counter()
    for number in range(1500):
        hand = random_hand(rng)
        while hand.actor is not None:
            random_action(hand, rng)
        [read] = history.read(history.write(hand, hand_id=number + 1))
        replay = read.replay(max_raises=hand.max_raises)
        assert replay.differences == [], (number, replay.differences)
        assert replay.hand.history == hand.history
        assert replay.payouts == {f"Player{s + 1}": p for s, p in enumerate(hand.result.payouts) if p}
        checked[replay.checked] += 1
    assert set(checked) == {"showdown", "uncontested"}


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
        hand = Hand([rng.randrange(40, 200) for _ in range(rng.randrange(3, 7))], limit="fixed",
                    blinds=(1, 2), seed=rng.randrange(2**32))
        while hand.actor is not None:
            random_action(hand, rng)
        text = history.to_phh(hand)
        loaded = pokerkit.HandHistory.loads(text.split("seed =")[0])
        ours = [line.strip().strip('",') for line in text.splitlines() if line.startswith('  "')]
        assert list(loaded.actions) == ours
        *_, final = iter(loaded)   # pokerkit applies every action, or raises
        assert final is not None


# ---------------------------------------------------------------- the command

def test_replay_command_on_real_files(live_core, capsys):
    status = main(["replay", *map(str, REAL_FILES)])
    out = capsys.readouterr().out
    assert status == 0
    assert "stars-plo8-6max-0.01-0.02-200911.txt: 15 hands read, 15 replayed, 15 paid exactly as omaha8 pays, 0 differing" in out
    assert "stars-plo8-9max-0.01-0.02-201008.txt: 1 hands read, 1 replayed, 1 paid exactly" in out
    assert main(["replay", str(DATA / "stars-5card-plo8-2-4-201304.txt")]) == 0


def test_replay_command_json_and_ev(live_core, capsys, tmp_path):
    path = tmp_path / "t.txt"
    path.write_text(TOURNAMENT)
    assert main(["replay", str(path), "--ev"]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "expected" in out
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["files"][0]["hands"][0]["hand_id"] == "900"
    assert data["files"][0]["hands"][0]["all_in_equity"]["Ann"]["actual"] == 1500


def test_replay_command_unreadable_input(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt" in capsys.readouterr().err


def test_replay_command_exit_status_1_on_a_difference(live_core, capsys, tmp_path):
    path = tmp_path / "wrong.txt"
    path.write_text(TOURNAMENT.replace("Bob collected 1500 from pot\nAnn collected 1500 from pot",
                                       "Bob collected 2000 from pot\nAnn collected 1000 from pot"))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "1 differing" in out and "the site paid" in out


def test_mangled_histories_never_crash_the_reader_or_the_replay(live_core):
    # Lines dropped, repeated, cut, swapped, characters changed: every hand is read or
    # reported as a HistoryError, and every hand read replays without an exception.
    texts = [path.read_text() for path in REAL_FILES] + [TOURNAMENT, QUIRKS, DEAD_BLIND]
    rng = random.Random(2026)
    outcomes = Counter()
    for _ in range(3000):
        lines = rng.choice(texts).split("\n")
        for _ in range(rng.randrange(1, 4)):
            k = rng.randrange(len(lines))
            change = rng.randrange(5)
            if change == 0:
                del lines[k]
            elif change == 1:
                lines.insert(k, rng.choice(lines))
            elif change == 2:
                lines[k] = lines[k][:rng.randrange(len(lines[k]) + 1)]
            elif change == 3 and lines[k]:
                at = rng.randrange(len(lines[k]))
                lines[k] = lines[k][:at] + rng.choice("0123456789$.,: []()AKQJTshdcx-") + lines[k][at + 1:]
            else:
                lines[k], lines[-1 - k] = lines[-1 - k], lines[k]
        result = history.read_all("\n".join(lines))
        assert all(isinstance(error, HistoryError) for error in result.errors)
        for hand in result:
            outcomes[hand.replay().checked] += 1
        outcomes["unreadable"] += len(result.errors)
    assert outcomes["unreadable"] and outcomes["showdown"] and outcomes["betting only"]
