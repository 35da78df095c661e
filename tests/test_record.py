"""history.record: the record every format reads into, its replay through ``Hand`` (every action
checked, every pot paid to the chip, the rake, all-in equity), and a history's text from a path,
a file or bytes in any encoding. The hands come as PokerStars text, the format with results."""

from __future__ import annotations

import pytest
from history_helpers import (
    DEAD_BLIND,
    QUIRKS,
    SIX_MAX,
    THREE_HANDED,
    TOURNAMENT,
    side_pot_hand,
)

import omaha8
from omaha8 import history
from omaha8.history import HistoryError

# ---------------------------------------------------------------- the record's replay: payouts, rake, all-in equity


def test_a_sitting_out_player_without_an_action_is_folded_with_a_note(live_core):
    [hand] = history.read(THREE_HANDED)
    assert hand.sitting_out == {"Cy"} and hand.names == ["Ann", "Bob", "Cy"]
    assert hand.replay().notes == [] and hand.replay().differences == []
    [silent] = history.read(THREE_HANDED.replace("Cy: folds\n", ""))
    replay = silent.replay()
    assert replay.differences == [] and replay.payouts == {"Ann": 40}
    assert replay.notes == ["hand 901: preflop: Cy is sitting out and is folded"]


def test_a_real_split_with_a_quartered_low_and_the_odd_cents(live_core):
    # Game #35875034981: 39 cents; three deuces take the high half, 20 (the odd cent goes to the
    # high); both players hold 6-5-4-2-A, so the low half, 19, is shared: 10 to UnderMeSensi,
    # the first of them left of the button (seat 5), and 9 to supermeXXX.
    [hand] = [h for h in history.read(SIX_MAX) if h.hand_id == "35875034981"]
    assert hand.unit == 100 and hand.total_pot == 39 and hand.rake == 0
    assert hand.names == ["tiger48475", "UnderMeSensi", "supermeXXX", "Hero"]
    replay = hand.replay()
    assert replay.checked == "showdown"
    assert replay.payouts == {"UnderMeSensi": 10, "supermeXXX": 29}
    assert replay.collected == {"UnderMeSensi": 10, "supermeXXX": 29}


def test_a_real_scoop_after_rake(live_core):
    # Game #35875159084: a pot of $4.85, rake $0.20; Hero (s0rrow before fpdb anonymized the
    # file) holds trips with the better kicker and the better low, and collects $2.33 + $2.32 =
    # $4.65: the whole pot less the rake.
    [hand] = [h for h in history.read(SIX_MAX) if h.hand_id == "35875159084"]
    replay = hand.replay()
    assert replay.payouts == {"Hero": 485} and replay.collected == {"Hero": 465}
    assert hand.collected == [("Hero", 233, 0), ("Hero", 232, 0)]


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
    [hand] = [h for h in history.read(SIX_MAX) if h.hand_id == "35875219121"]
    assert hand.replay().all_in_equity is None


def test_a_mucked_hand_concedes(live_core):
    # Game #35875293439: supermeXXX mucks at the showdown; the others split as the site paid.
    [hand] = [h for h in history.read(SIX_MAX) if h.hand_id == "35875293439"]
    assert hand.mucked == {"supermeXXX"}
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"EricSteph261": 4, "tiger48475": 4}


def test_dead_blinds_and_extra_big_blinds_are_replayed():
    # Dee comes back and posts both blinds: 10 cents live (a check is free to her) and 5 dead;
    # Cy's pot-limit raise may go to 10 + (30 + 10) = 50.
    [hand] = history.read(DEAD_BLIND)
    assert [s.kind for s in hand.steps[:3]] == ["small blind", "big blind", "small & big blinds"]
    replay = hand.replay()
    assert replay.checked == "uncontested" and replay.differences == []
    assert replay.collected == {"Cy": 40}
    assert [(a.kind, a.amount) for a in replay.hand.history if a.seat == 2][:2] == [
        ("dead blind", 5),
        ("big blind", 10),
    ]
    # And back out: written as PokerStars writes it, read to the same hand.
    again = history.read(history.write(replay.hand, names=hand.names, currency="$"))[0].replay()
    assert again.hand.history == replay.hand.history


def test_an_illegal_bet_is_reported_with_its_rule(live_core):
    text = (
        QUIRKS.split("\r\n\r\n")[0]
        .replace("Cy: raises $0.20 to $0.30", "Cy: raises $0.30 to $0.40")
        .replace("Ann: calls $0.25", "Ann: calls $0.35")
        .replace("Total pot $4.90", "Total pot $5.10")
        .replace("Rake $0.10", "Rake $0.30")
    )
    [hand] = history.read(text)
    replay = hand.replay()
    assert replay.checked == "betting only"
    # Cy sits in the third seat (seat=2): messages count seats from 1.
    assert replay.differences == [
        "hand 12345: preflop: Cy raises 40: illegal: raise to 40 is more than "
        "the pot-limit maximum 35; seat 3 may fold, call 10, or raise to 20 to 35 (pot limit)"
    ]


def test_a_site_that_pays_the_wrong_player_is_caught(live_core):
    text = TOURNAMENT.replace(
        "Bob collected 1500 from pot\nAnn collected 1500 from pot",
        "Bob collected 2000 from pot\nAnn collected 1000 from pot",
    )
    replay = history.read(text)[0].replay()
    assert replay.differences and "the site paid" in replay.differences[0] and "main pot" in replay.differences[0]


def test_a_gap_between_the_pots_is_a_difference_not_rake(live_core):
    # Five chips moved from the side pot to the main pot: the totals still add up, and with no
    # rake each pot must be paid exactly as the engine forms it.
    text = history.write(side_pot_hand(), hand_id=77, names=["Ann", "Bob", "Cy"], currency="$")
    for old, new in (
        ("Ann collected $0.60 from main pot", "Ann collected $0.62 from main pot"),
        ("Bob collected $0.60 from main pot", "Bob collected $0.63 from main pot"),
        ("Ann collected $2.60 from side pot-1", "Ann collected $2.57 from side pot-1"),
        ("Bob collected $2.60 from side pot-1", "Bob collected $2.58 from side pot-1"),
    ):
        assert old in text
        text = text.replace(old, new)
    differences = history.read(text)[0].replay().differences
    assert differences == [
        "hand 77: main pot: the site paid 125 from a pot of 120 with a rake of 0",
        "hand 77: side pot 1: the site paid 515 from a pot of 520 with a rake of 0",
    ]


def test_a_raise_past_the_stack_is_a_difference(live_core):
    # Ann's seat line says $4.95: her raise to $5 can only be all-in for $4.95.
    text = history.write(side_pot_hand(), hand_id=78, names=["Ann", "Bob", "Cy"], currency="$")
    text = text.replace("Seat 1: Ann ($5 in chips)", "Seat 1: Ann ($4.95 in chips)")
    differences = history.read(text)[0].replay().differences
    assert "preflop: Ann raises to 500, but its stack takes it to 495" in differences[0]


# ---------------------------------------------------------------- a history's text: paths, files, bytes, encodings


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252"])
def test_every_encoding_a_history_comes_in(encoding, tmp_path):
    text = TOURNAMENT.replace("Ann", "Åsa Öberg")
    data = text.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):
        data = ("\ufeff" + text).encode(encoding)  # with the byte-order mark, as Windows writes it
    path = tmp_path / "hand.txt"
    path.write_bytes(data)
    for source in (path, str(path), data):
        [hand] = history.read(source)
        assert "Åsa Öberg" in hand.names


def test_cp1252_bytes_that_it_leaves_undefined_are_still_read():
    data = TOURNAMENT.replace("Ann", "An\x81n").encode("latin-1")
    [hand] = history.read(data)
    assert "An\x81n" in hand.names


@pytest.mark.parametrize(
    "data", [b"\xff\xfe\x00\xd8", b"\xfe\xff\xd8\x00\x00", bytes(range(256)), b"\x00" * 64, b"PK\x03\x04" + bytes(200)]
)
def test_bytes_that_are_not_a_history_are_a_history_error(data):
    with pytest.raises(HistoryError):
        history.read(data)
    assert history.read_all(data).errors


def test_a_file_on_disk_is_read_by_path(tmp_path):
    path = tmp_path / "hands.txt"
    path.write_bytes(QUIRKS.encode("utf-8"))
    assert [h.hand_id for h in history.read(path)] == ["12345"]
    assert [h.hand_id for h in history.read(str(path))] == ["12345"]


def test_a_string_that_is_not_an_existing_file_is_text(tmp_path):
    for text in ("x" * 300, "x" * 5000, "no\x00such", "/no/such/dir/hand.txt", ""):
        result = history.read_all(text)  # never OSError or ValueError from the file system
        assert len(result) == 0
    with pytest.raises(HistoryError):
        history.read("x" * 300)
    path = tmp_path / "hand.txt"
    path.write_text(TOURNAMENT)
    assert history.read(str(path))[0].hand_id == "900"
    with open(path, "rb") as binary:
        assert history.read(binary)[0].hand_id == "900"


@pytest.mark.parametrize("source", [None, 123, 1.5, ["a"], object()])
def test_read_takes_text_bytes_or_paths_only(source):
    with pytest.raises(TypeError):
        history.read(source)
    with pytest.raises(TypeError):
        history.read_all(source)


def test_read_result_compares_and_prints_by_its_hands():
    first, second = history.read_all(TOURNAMENT), history.read_all(TOURNAMENT)
    assert first == second and first != history.read_all(THREE_HANDED)
    assert first == list(first) and "hand_id='900'" in repr(first)
    assert repr(first).startswith("ReadResult([History(")
