"""The omaha8 command: what each subcommand prints, and one-line errors with status 2."""

import io
import json
import math
import os
import random
import subprocess
import sys
import time

import pytest
from ctrl_c import interrupt

import omaha8
from omaha8.cli import _ProgressBar, main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_hand_in_words_with_the_cards_used(live, capsys):
    status, out, err = run(capsys, "hand", "AhKd5c2s", "--board", "Ac3d7hKs9c")
    assert status == 0 and not err
    assert "high   two pair, aces and kings: Ah Ac Ks Kd 9c" in out
    assert "hole Ah Kd + board Ac Ks 9c; value 2471" in out
    assert "low    7-5-3-2-A low: 7h 5c 3d 2s Ac" in out
    assert "hole 5c 2s + board Ac 3d 7h; mask 87" in out


def test_hand_without_low(live, capsys):
    status, out, _ = run(capsys, "hand", "3h3dJc9s", "--board", "7c7d7h5sQd")
    assert "full house, sevens full of threes" in out
    assert "low    none" in out


def test_equity_table(live, capsys):
    status, out, _ = run(capsys, "equity", "AsAh2s3h", "KsKdQhQc", "--board", "2c7d9h", "--dead", "Kc")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "board: 2c 7d 9h   dead: Kc   exact, 780 runouts"
    assert lines[1].split() == ["seat", "hand", "equity", "high", "low", "scoop", "low", "made"]
    assert lines[2].split()[:5] == ["1", "As", "Ah", "2s", "3h"]
    assert lines[3].split()[:5] == ["2", "Ks", "Kd", "Qh", "Qc"]
    assert lines[-1].startswith("a low is possible on ")


def test_equity_sampled_shows_the_error_bar(live, capsys):
    status, out, _ = run(
        capsys,
        "equity",
        "AsAh2s3h",
        "KsKdQhQc",
        "--board",
        "2c7d9h",
        "--samples",
        "2000",
        "--seed",
        "5",
        "--threads",
        "1",
    )
    assert "2,000 samples, seed 5" in out
    assert "± error" in out


def test_equity_json(live, capsys):
    status, out, _ = run(capsys, "equity", "AsAh2s3h", "KsKdQhQc", "--board", "2c7d9hTs", "--json")
    data = json.loads(out)
    assert data["exact"] and data["runouts"] == 40
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)
    assert data["players"][0]["hand"] == ["As", "Ah", "2s", "3h"]


def test_showdown(live, capsys):
    status, out, _ = run(
        capsys, "showdown", "--board", "4h5c7hQsAd", "Ah2sKcKs:20", "As3sQhQd:100", "JcJdTcTd:100", "-:40"
    )
    assert status == 0
    assert "seat 4: folded, put in 40" in out
    assert "main pot 80 (seat 1, seat 2, seat 3): high seat 2, low seat 1; seat 1 40, seat 2 40" in out
    assert "side pot 1 180 (seat 2, seat 3): high seat 2, low seat 2; seat 2 180" in out
    assert out.splitlines()[-1] == "payouts: seat 1 40 (+20), seat 2 220 (+120), seat 3 0 (-100), seat 4 0 (-40)"


def test_uncalled_bet_in_showdown(live, capsys):
    status, out, _ = run(capsys, "showdown", "--board", "4h5c7hQsAd", "As3sQhQd:30", "JcJdTcTd:100")
    assert "side pot 1 70: uncalled, back to seat 2" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["hand", "AhKd5c2s", "--board", "Ac3d7hKs9cXx"], "unknown card 'Xx'"),
        (["hand", "AhKd5c", "--board", "Ac3d7hKs9c"], "wrong number of hole cards"),
        (["equity", "AsAh2s3h"], "two or more hands"),
        (["equity", "AsAh2s3h", "AsKdQhQc"], "duplicate card As"),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--board", "2c"], "wrong number of board cards"),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--samples", "0"], "samples must be 1.."),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--samples", "x"], "'x' is not a whole number"),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--samples", "\uff11\uff12"], "is not a whole number"),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--samples", "1" * 5000], "more than 18 digits"),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--samples", str(2**63)], "more than 18 digits"),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--samples", "9" * 18], "samples must be 1..1,000,000,000,000,000"),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--threads", "100000"], "threads must be 1..256"),
        (["equity", "AsAh2s3h", "KsKdQhX"], "seat 2: unknown rank 'X' at column 7 in 'KsKdQhX'"),
        (["equity", "AsAh2s3h", "0%"], "seat 2: percents go from 0 to 100"),
        (["showdown", "--board", "4h5c7hQsAd", "Ah2sKcKs:20", "AA**:20"], "seat 2: "),
        (["showdown", "--board", "4h5c7hQsAd", "Ah2sKcKs:20", "As3s:20"], "seat 2: wrong number of hole cards"),
        (["showdown", "--board", "4h5c7hQsAd", "Ah2sKcKs:\u0661\u0662", "-:4"], "is not a whole number"),
        (["showdown", "--board", "4h5c7hQsAd", "Ah2sKcKs:" + "7" * 5000, "-:4"], "more than 18 digits"),
        (["equity", "AsAh2s3h", "KsKdQhQc", "--exact", "--samples", "5"], "not allowed with"),
        (["showdown", "--board", "4h5c7hQsAd", "Ah2sKcKs"], "a seat is HAND:CHIPS"),
        (["showdown", "--board", "4h5c7hQs", "Ah2sKcKs:1", "As3sQhQd:1"], "wrong number of board cards"),
        (["showdown", "--board", "4h5c7hQsAd", "-:1", "-:1"], "no live seat"),
        (["bogus"], "invalid choice"),
    ],
)
def test_errors_are_one_line_and_status_2(live, capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("omaha8: error: ")
    assert len(err) < 200 and "Python" not in err and "int()" not in err
    assert message in err


def test_bare_command_prints_usage_and_the_commands(capsys):
    status, out, err = run(capsys)
    assert status == 2
    assert out.startswith("usage: omaha8")
    for command in ("hand", "equity", "showdown"):
        assert f"\n    {command} " in out


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"omaha8 {omaha8.__version__} ({omaha8.IMPLEMENTATION} core)"


def test_a_seed_alone_repeats_a_sampled_run_on_any_thread_count(live_core, capsys):
    outputs = []
    for threads in ("1", "2", "3"):
        status, out, _ = run(
            capsys, "equity", "AsAh2s3h", "KsKdQhQc", "--samples", "100000", "--seed", "7", "--threads", threads
        )
        assert status == 0
        outputs.append(out)
    assert outputs[0] == outputs[1] == outputs[2]
    assert "100,000 samples, seed 7" in outputs[0]


@pytest.mark.parametrize(
    "command, example",
    [
        ("hand", "example: omaha8 hand AhKd5c2s --board Ac3d7hKs9c"),
        ("equity", "example: omaha8 equity AsAh2s3h KsKdQhQc --board 2c7d9h"),
        ("showdown", "example: omaha8 showdown --board 4h5c7hQsAd Ah2sKcKs:20"),
    ],
)
def test_help_shows_an_example(capsys, command, example):
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    assert example in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("columns", [20, 40, 80, 200])
def test_progress_bar_fits_the_terminal_and_clears(monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    stream = io.StringIO()
    bar = _ProgressBar(stream)
    bar(0, 100)
    assert stream.getvalue() == ""  # nothing in the first half second
    bar.started -= 10
    bar(50, 100)
    drawn = stream.getvalue()
    assert drawn.startswith("\r") and len(drawn) - 1 < columns
    assert "50.0%" in drawn and "0m10s left" in drawn
    if columns >= 40:
        assert "[" + "#" * 5 in drawn
    bar(60, 100)
    bar.close()
    # The last thing written blanks every column drawn and returns to the line's start.
    last = stream.getvalue().rsplit("\r", 2)
    assert last[-1] == "" and last[-2].strip() == "" and len(last[-2]) >= len(drawn) - 1


def test_the_time_left_of_a_resumed_run_counts_only_this_run():
    stream = io.StringIO()
    bar = _ProgressBar(stream)
    bar(60, 100)  # 60 done by an earlier run, read from its checkpoint
    bar.started -= 10
    bar(80, 100)  # 20 in 10 seconds: 20 left take 10 more
    assert "80.0%" in stream.getvalue() and "0m10s left" in stream.getvalue()


def test_module_and_console_entry_points():
    result = subprocess.run(
        [sys.executable, "-m", "omaha8", "hand", "As2d3s4d", "--board", "Ac5d4hQc9s"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "straight, five high" in result.stdout
    assert "5-4-3-2-A low" in result.stdout
    error = subprocess.run([sys.executable, "-m", "omaha8", "equity", "AsAh2s3h"], capture_output=True, text=True)
    assert error.returncode == 2 and "Traceback" not in error.stderr


# ---------------------------------------------------------------- hardening (issue 16)


def test_a_range_seat_shows_as_a_range_with_its_hands(live, capsys):
    # "KsKdQhJ": three cards and a rank, the range of the four hands of those cards and a jack.
    status, out, _ = run(capsys, "equity", "AsAh2s3h", "KsKdQhJ", "--board", "2c7d9h")
    assert status == 0 and "KsKdQhJ (range, 4 hands)" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["range", "(" * 400 + "AA" + ")" * 400], "nested more than 100 deep"),
        (["range", ",".join(["AsAh2s3h"] * 1000) + ",KKX"], "unknown rank 'X'"),
        (["range", "AA@" + "9" * 5000], "weight after '@'"),
    ],
)
def test_range_errors_are_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and message in err and err.count("\n") == 1 and err.startswith("omaha8: error:")


def test_table_paths_that_cannot_be_written_are_one_line_errors(capsys, tmp_path):
    base = ["table", "--samples", "100", "--hands", "AsAh2s3h", "--allow-fallback"]
    for option, path, message in (
        ("--out", tmp_path, "not a regular file"),
        ("--out", tmp_path / "missing" / "t.csv", "does not exist"),
        ("--out", "/dev/null", "not a regular file"),
        ("--checkpoint", tmp_path, "not a regular file"),
        ("--checkpoint", tmp_path / "missing" / "c", "does not exist"),
        ("--checkpoint", "/dev/null", "not a regular file"),
    ):
        status, out, err = run(capsys, *base, option, str(path))
        assert status == 2 and message in err and err.count("\n") == 1, (option, path, err)
    bad = tmp_path / "bad.csv"
    bad.write_text("rank,canonical\n" + "x" * 200_000 + "\n")
    status, out, err = run(capsys, "table", "--table", str(bad))
    assert status == 2 and "not" in err and err.count("\n") == 1


def test_replay_of_what_is_not_a_history_exits_2(capsys, tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_bytes(bytes(range(256)) * 4)
    status, out, err = run(capsys, "replay", str(junk))
    assert status == 2 and "not a hand history" in err and err.count("\n") == 1
    infinite = tmp_path / "inf.txt"
    infinite.write_text(
        "PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\n"
        "Table 'T' 6-max Seat #1 is the button\nSeat 1: A ($Infinity in chips)\n"
    )
    status, out, err = run(capsys, "replay", str(infinite))
    assert status == 2 and "is not an amount" in err and err.count("\n") == 1


@pytest.mark.slow
def test_random_command_lines_never_end_in_a_traceback(live, capsys, tmp_path):
    rng = random.Random(16)
    words = [
        "hand",
        "equity",
        "showdown",
        "range",
        "replay",
        "table",
        "--board",
        "--dead",
        "--samples",
        "--seed",
        "--threads",
        "--exact",
        "--json",
        "--hole-size",
        "--examples",
        "--ev",
        "--hands",
        "--show",
        "--table",
        "AsAh2s3h",
        "KsKdQhQc",
        "2c7d9h",
        "AA**",
        "0%",
        "random",
        "-1",
        "0",
        "1e9",
        "x",
        "KK:5",
        "-:3",
        "AsAh2s3h:10",
        str(tmp_path),
        "/dev/null",
        "",
        "((((",
        "AA@999",
        "\x00",
        "１２",
    ]
    for _ in range(300):
        argv = [rng.choice(words[:6])] + [rng.choice(words) for _ in range(rng.randrange(0, 5))]
        if argv[0] == "table" and "--table" not in argv:
            argv += ["--table", str(tmp_path / "none.csv")]  # never a long computation here
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse's --help, or its usage error
            status = exit_.code
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err, argv
        if status == 0:
            assert out.strip(), argv  # an answer, or --help's text
        else:
            # A mistake: status 2 and the last line of stderr saying what it is, nothing on stdout
            # after it (argparse prints its usage line first).
            assert status == 2, (argv, status, err)
            assert "error: " in err.strip().splitlines()[-1], (argv, err)


def test_solve_summarizes_each_decision(live, capsys, tmp_path):
    argv = [
        "solve",
        "--board",
        "Ks7d2h9c4s",
        "--oop",
        "AhAd3c5d,KhKd8c8d,Ac3h6d6c",
        "--ip",
        "AsAc3d5h,JcJd8h6s,2c3s5c6h",
        "--pot",
        "100",
        "--stack",
        "400",
        "--bets",
        "50%,100%",
        "--raises",
        "100%",
        "--iterations",
        "200",
        "--exploitability",
        "0.01%",
    ]
    status, out, err = run(capsys, *argv, "--out", str(tmp_path / "spot"))
    assert status == 0 and not err
    assert "3 OOP hands against 3 IP hands" in out and "OOP first to act:" in out
    assert "  bet 0.5 " in out and "IP after bet 0.5:" in out
    solution = omaha8.RiverSolution.load(tmp_path / "spot")
    status, out, err = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert data["iterations"] == solution.iterations and data["value"] == solution.value
    root = data["decisions"][0]
    assert root["path"] == [] and root["player"] == "oop"
    assert sum(action["frequency"] for action in root["actions"].values()) == pytest.approx(1.0)
    for action in root["actions"].values():
        if action["classes"]:
            assert sum(action["classes"].values()) == pytest.approx(1.0)


@pytest.mark.slow
def test_solve_a_turn_with_sizes_by_street(live_core, capsys, tmp_path):
    argv = [
        "solve",
        "--board",
        "Ks7d2h9c",
        "--oop",
        "AhAd3c5d,KhKd8c8d",
        "--ip",
        "AsAc3d5h,JcJd8h6s",
        "--pot",
        "100",
        "--stack",
        "400",
        "--bets",
        "turn=100%",
        "river=50%",
        "--max-raises",
        "turn=0",
        "river=1",
        "--iterations",
        "100",
    ]
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0 and not err
    data = json.loads(out)
    assert data["bets"] == {"turn": [1.0], "river": [0.5]} and data["max_raises"] == {"turn": 0, "river": 1}
    # The summary is the turn's decisions: none below a river card.
    assert all(not any(step[0] in "23456789TJQKA" and len(step) == 2 for step in d["path"]) for d in data["decisions"])
    assert [d["path"] for d in data["decisions"]][:2] == [[], ["check"]]
    solved = omaha8.solve(
        "Ks7d2h9c",
        "AhAd3c5d,KhKd8c8d",
        "AsAc3d5h,JcJd8h6s",
        100,
        400,
        bets={"turn": (1.0,), "river": (0.5,)},
        max_raises={"turn": 0, "river": 1},
        iterations=100,
        exploitability=0.003,  # the command's default
    )
    assert data["value"] == solved.value and data["exploitability"] == solved.exploitability
    status, out, err = run(capsys, *argv)
    assert status == 0 and "from the turn on" in out and "OOP first to act:" in out
    mixed = [word if word != "river=50%" else "50%" for word in argv]
    status, out, err = run(capsys, *mixed)
    assert status == 2 and "not mixed" in err and not out
    status, out, err = run(capsys, *argv, "--out", str(tmp_path / "turn"))
    assert status == 0 and omaha8.Solution.load(tmp_path / "turn").value == solved.value


@pytest.mark.slow
def test_solve_out_without_the_rivers(live_core, capsys, tmp_path):
    argv = ["solve", "--board", "Ks7d2h9c", "--oop", "2%", "--ip", "2%", "--pot", "100", "--stack", "400"]
    argv += ["--bets", "100%", "--max-raises", "1", "--iterations", "10"]
    status, out, err = run(capsys, *argv, "--out", str(tmp_path / "turn"), "--no-rivers")
    assert status == 0 and not omaha8.Solution.load(tmp_path / "turn").rivers
    status, out, err = run(capsys, *argv, "--no-rivers")
    assert status == 2 and "with --out" in err
    river = [word if word != "Ks7d2h9c" else "Ks7d2h9c3s" for word in argv]
    status, out, err = run(capsys, *river, "--out", str(tmp_path / "river"), "--no-rivers")
    assert status == 2 and "--no-rivers" in err and not (tmp_path / "river").exists()


@pytest.mark.slow
def test_solve_resumable_then_resume_is_one_longer_solve(live_core, capsys, tmp_path):
    argv = ["solve", "--board", "Ks7d2h9c", "--oop", "2%", "--ip", "2%", "--pot", "100", "--stack", "400"]
    argv += ["--bets", "100%", "--max-raises", "1", "--exploitability", "0"]
    status, out, err = run(capsys, *argv, "--iterations", "10", "--out", str(tmp_path / "turn"), "--resumable")
    assert status == 0 and omaha8.Solution.load(tmp_path / "turn").resumable
    status, out, err = run(capsys, "resume", str(tmp_path / "turn"), "--iterations", "20", "--exploitability", "0")
    assert status == 0 and "from the turn on" in out
    status, out, err = run(capsys, *argv, "--iterations", "20", "--json")
    whole = json.loads(out)
    resumed = omaha8.Solution.load(tmp_path / "turn")  # saved over the file, resumable again
    assert resumed.resumable and resumed.history == tuple(tuple(h) for h in whole["history"])
    assert resumed.value == whole["value"]
    status, out, err = run(capsys, "resume", str(tmp_path / "turn"), "--iterations", "30", "--out", str(tmp_path / "x"))
    assert status == 0 and omaha8.Solution.load(tmp_path / "x").iterations == 30
    for more in (["--iterations", "10"], []):
        status, out, err = run(capsys, *argv, *more, "--resumable")
        assert status == 2 and "--resumable saves" in err
    status, out, err = run(capsys, "resume", str(tmp_path / "x"), "--iterations", "30")
    assert status == 2 and "must be more than the 30 already run" in err
    omaha8.Solution.load(tmp_path / "x").save(tmp_path / "plain")
    status, out, err = run(capsys, "resume", str(tmp_path / "plain"), "--iterations", "40")
    assert status == 2 and "keeps no regrets to resume from" in err


def test_solve_compression_and_every_card_by_flag(live_core, capsys):
    argv = ["solve", "--board", "Ks7s2d9d", "--oop", "AhAc3h3c", "--ip", "JhJc6h6c", "--pot", "100"]
    argv += ["--stack", "400", "--bets", "turn=100%", "--max-raises", "0", "--iterations", "20", "--json"]
    spot = ("Ks7s2d9d", "AhAc3h3c", "JhJc6h6c", 100, 400)
    kw = dict(bets={"turn": (1.0,)}, max_raises=0, iterations=20, exploitability=0.003)
    for flags, options in [
        ([], {}),
        (["--compression"], dict(compression=True)),
        (["--no-isomorphism"], dict(isomorphism=False)),
    ]:
        status, out, err = run(capsys, *argv, *flags)
        assert status == 0 and not err
        assert json.loads(out)["value"] == omaha8.solve(*spot, **kw, **options).value, flags
    river = [word if word != "turn=100%" else "100%" for word in argv]
    status, out, err = run(capsys, *river[:2], "Ks7s2d9d4c", *river[3:], "--compression")
    assert status == 2 and "a river deals no card" in err


@pytest.mark.slow
def test_report_prints_a_saved_solutions_hands_by_class(live_core, capsys, tmp_path):
    argv = ["solve", "--board", "Ks7d2h9c", "--oop", "2%", "--ip", "2%", "--pot", "100", "--stack", "400"]
    argv += ["--bets", "100%", "--max-raises", "1", "--iterations", "20", "--out", str(tmp_path / "turn")]
    status, out, err = run(capsys, *argv, "--report", "category")
    assert status == 0 and "OOP at (first to act), by category:" in out
    solved = omaha8.Solution.load(tmp_path / "turn")
    expected = solved.report(("check", "check", "3d"), by="nuts")
    status, out, err = run(capsys, "report", str(tmp_path / "turn"), "check", "check", "3d", "--by", "nuts", "--json")
    assert status == 0 and json.loads(out) == json.loads(expected.to_json())
    status, out, err = run(capsys, "report", str(tmp_path / "turn"), "check", "--csv")
    assert status == 0 and out == solved.report(("check",)).to_csv()
    status, out, err = run(capsys, "report", str(tmp_path / "turn"), "check")
    first = solved.report(("check",)).rows[0]
    assert status == 0 and out.splitlines()[2].split()[0] == first.hand_class.split()[0]
    river = omaha8.solve_river("Ks7d2h9c3d", "2%", "2%", 100, 400, bets=(1.0,), iterations=10)
    river.save(tmp_path / "river")
    status, out, err = run(capsys, "report", str(tmp_path / "river"), "--json")
    assert status == 0 and json.loads(out) == json.loads(river.report(()).to_json())
    for words, extra in (("chance node", ["check", "check"]), ("the actions are", ["fold"])):
        status, out, err = run(capsys, "report", str(tmp_path / "turn"), *extra)
        assert status == 2 and words in err and not out
    status, out, err = run(capsys, "report", str(tmp_path / "missing"))
    assert status == 2 and "cannot read it" in err


def test_solve_with_rake_by_flag(live_core, capsys, tmp_path):
    """--rake 5%,3 is solve's rake=("5%", 3.0), on a turn and on a river; the text says the rake
    and IP's value after it (not the pot less OOP's)."""
    for board, bets, solver in (("Ks7d2h9c", "turn=100%", omaha8.solve), ("Ks7d2h9c4s", "100%", omaha8.solve_river)):
        argv = ["solve", "--board", board, "--oop", "AhAd3c5d,KhKd8c8d", "--ip", "AsAc3d5h,JcJd8h6s", "--pot", "100"]
        argv += ["--stack", "400", "--bets", bets, "--max-raises", "0", "--iterations", "20", "--rake", "5%,3"]
        kw = dict(bets={"turn": (1.0,)} if len(board) == 8 else (1.0,), max_raises=0, iterations=20)
        solved = solver(board, "AhAd3c5d,KhKd8c8d", "AsAc3d5h,JcJd8h6s", 100, 400, rake=(0.05, 3), **kw)
        status, out, err = run(capsys, *argv, "--json")
        data = json.loads(out)
        assert status == 0 and data["value"] == solved.value and data["ip_value"] == solved.ip_value
        assert data["rake"] == [0.05, 3.0] and data["value"] + data["ip_value"] < 100 - 1  # the rake took chips
        status, out, err = run(capsys, *argv)
        assert status == 0 and "rake 5% capped at 3" in out and "after the rake" in out
    for bad, words in (("5%,x", "--rake"), ("150%", "rake"), ("5%,-1", "cap")):
        status, out, err = run(capsys, *argv, "--rake", bad)
        assert status == 2 and words in err and not out


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--bets", "preflop=50%"], "street=sizes"),
        (["--max-raises", "turn=x"], "--max-raises"),
        (["--bets", "river=50%"], "one street"),
        (["--bets", "half"], "--bets"),
        (["--bets", "150%"], "pot limit"),
        (["--pot", "-5"], "pot"),
        (["--oop", "KsKd"], "oop"),
    ],
)
def test_solve_mistakes_are_one_line(capsys, extra, words):
    options = {
        "--board": "Ks7d2h9c4s",
        "--oop": "AA",
        "--ip": "QQ",
        "--pot": "100",
        "--stack": "400",
        "--iterations": "1",
        extra[0]: extra[1],
    }
    status, out, err = run(capsys, "solve", *[word for pair in options.items() for word in pair])
    assert status == 2 and not out
    assert err.startswith("omaha8: error:") and words in err and len(err.splitlines()) == 1


_SOLVE_SPOT = [
    "solve",
    "--board",
    "Ks7d2h9c4s",
    "--oop",
    "AhAd3c5d,KhKd8c8d",
    "--ip",
    "AsAc3d5h,JcJd8h6s",
    "--pot",
    "100",
    "--stack",
    "400",
    "--iterations",
    "20",
]


def test_solve_checks_out_before_the_solve(capsys, tmp_path, monkeypatch):
    import omaha8.solver

    def no_solve(*args, **kwargs):
        raise AssertionError("the solve began before --out was checked")

    monkeypatch.setattr(omaha8.solver, "solve_river", no_solve)
    folder = tmp_path / "folder"
    folder.mkdir()
    for out, words in [
        (str(folder), f"{folder}: is a directory"),
        ("", "empty path"),
        (str(tmp_path / "missing" / "x.o8r"), "does not exist"),
        (str(tmp_path / "new") + "/", "is a directory"),
    ]:
        status, stdout, err = run(capsys, *_SOLVE_SPOT, "--out", out)
        assert status == 2 and not stdout, out
        assert err.startswith("omaha8: error:") and words in err and len(err.splitlines()) == 1, err
        assert "partial" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"] and not list(folder.iterdir())


def test_solve_out_leaves_only_the_file(live, capsys, tmp_path, monkeypatch):
    status, out, err = run(capsys, *_SOLVE_SPOT, "--out", str(tmp_path / "spot.o8r"))
    assert status == 0 and not err
    assert [p.name for p in tmp_path.iterdir()] == ["spot.o8r"]
    assert omaha8.RiverSolution.load(tmp_path / "spot.o8r").iterations == 20
    # A failure as the file is written: one line naming the user's path, nothing left behind.

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    status, out, err = run(capsys, *_SOLVE_SPOT, "--out", str(tmp_path / "other.o8r"))
    assert status == 2 and not out and len(err.splitlines()) == 1
    assert f"{tmp_path / 'other.o8r'}: cannot save there: No space left on device" in err and "partial" not in err
    assert [p.name for p in tmp_path.iterdir()] == ["spot.o8r"]


@pytest.mark.parametrize("pot", ["1e-300", "1e30", "1e300"])
def test_solve_at_any_scale_prints_the_same_answer(live, capsys, pot):
    argv = list(_SOLVE_SPOT)
    argv[argv.index("--pot") + 1], argv[argv.index("--stack") + 1] = pot, repr(4 * float(pot))
    status, out, err = run(capsys, *argv)
    assert status == 0 and not err
    # The same spot as at pot 100: the same exploitability and strategies.
    _, plain, _ = run(capsys, *_SOLVE_SPOT)
    assert out.splitlines()[1].split("exploitability")[1] == plain.splitlines()[1].split("exploitability")[1]
    assert out.splitlines()[4:] == plain.splitlines()[4:]


def test_solve_a_pot_of_1e308_is_a_finite_answer(live, capsys):
    # The command printed "exploitability nan%" and exited 0. A stack of 400 beside such
    # a pot leaves each player one bet, all-in.
    argv = list(_SOLVE_SPOT)
    argv[argv.index("--pot") + 1] = "1e308"
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0 and not err
    data = json.loads(out)
    assert 0 <= data["exploitability"] < 0.01 and math.isfinite(data["value"])
    assert list(data["decisions"][0]["actions"]) == ["check", "all-in"]
    status, out, err = run(capsys, *argv)  # the summary's values in six figures, not 309 digits
    assert status == 0 and "OOP's value " in out and max(len(line) for line in out.splitlines()) < 200


@pytest.mark.parametrize(
    "pot, stack, words",
    [("1e308", "1e308", "finite"), ("1", "1e9", "stack"), ("nan", "400", "pot"), ("inf", "400", "pot")],
)
def test_solve_refuses_what_float_cannot_hold(capsys, pot, stack, words):
    argv = list(_SOLVE_SPOT)
    argv[argv.index("--pot") + 1], argv[argv.index("--stack") + 1] = pot, stack
    status, out, err = run(capsys, *argv)
    assert status == 2 and not out and words in err and len(err.splitlines()) == 1


def test_a_reader_that_leaves_early_is_not_an_error(capsys, monkeypatch):
    # `omaha8 ... | head -1`: the pipe closes under the output, which is no mistake of anyone's.
    class ClosedPipe(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self):
            raise ValueError("no descriptor")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["hand", "AhKd5c2s", "--board", "Ac3d7hKs9c"]) == 0
    assert capsys.readouterr().err == ""


# ---------------------------------------------------------------- a user's mistake, or a bug


def test_a_users_mistake_is_one_line_and_a_bug_is_a_traceback(live, capsys, monkeypatch):
    assert main(["equity", "AsAh2s3h", "KsKdQhZz"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("omaha8: error: ") and err.count("\n") == 1
    # Anything but an Omaha8Error is a bug: the command line must not dress it as a mistake.
    import omaha8.cli

    def broken(*args, **kwargs):
        raise ValueError("a bug inside omaha8")

    monkeypatch.setattr(omaha8.cli, "equity", broken)
    with pytest.raises(ValueError, match="a bug inside omaha8"):
        main(["equity", "AsAh2s3h", "KsKdQhQc"])


@pytest.mark.slow
def test_outs_names_the_cards_that_leave_the_range_no_hand(live, capsys):
    status, out, err = run(capsys, "outs", "AsAh7c8d", "--board", "2c3d4hKc", "--against", "AA**")
    assert status == 0 and not err
    assert "2 cards leave the range no hand: Ac Ad" in out
    assert "equity 41.98% averaged over the cards" in out
    status, out, err = run(capsys, "outs", "AsAh7c8d", "--board", "2c3d4hKc", "--against", "KsKd9c9d", "QQ**")
    assert status == 2 and "'QQ**' is not a hand" in err and "give a range alone" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "address, words", [("garbage", "missing port number"), ("foo://x:1", "unknown address scheme")]
)
def test_features_with_a_bad_scheduler_is_one_line(capsys, tmp_path, address, words):
    pytest.importorskip("distributed")
    # It printed distributed's 47-line traceback.
    status, out, err = run(capsys, "features", "--out", str(tmp_path / "f"), "--flops", "0", "--scheduler", address)
    assert status == 2 and f"cannot reach the scheduler at '{address}'" in err and words in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_features_counts_a_flop_named_twice_once(live_core, capsys, tmp_path):
    status, out, err = run(
        capsys,
        "features",
        "--out",
        str(tmp_path / "f"),
        "--flops",
        "0,0,0",
        "--hands",
        "AsAh2s3h",
        "--opponents",
        "KK**",
        "--bins",
        "3",
        "--format",
        "npz",
    )
    assert status == 0 and out.startswith("1 flop of features") and not err


def test_outs_against_a_range_the_board_empties_is_one_line(live, capsys):
    # Every card left AA** no hand: the average over none of them was a ZeroDivisionError.
    status, out, err = run(capsys, "outs", "AsAh7c8d", "--board", "2c3d4hAc", "--against", "AA**")
    assert status == 2 and not out and err.count("\n") == 1
    assert err.startswith("omaha8: error: against: the range 'AA**' has no hand left beside the hand and the board")


@pytest.mark.slow
def test_features_with_a_scheduler_nobody_runs_gives_up_in_seconds(capsys, tmp_path):
    # Nobody listens on port 1: connecting gives up after the client's time-out (10 s), in one line.
    pytest.importorskip("distributed")

    started = time.monotonic()
    status, out, err = run(
        capsys, "features", "--out", str(tmp_path / "f"), "--flops", "0", "--scheduler", "tcp://127.0.0.1:1"
    )
    assert time.monotonic() - started < 30
    assert status == 2 and not out and err.count("\n") == 1
    assert err.startswith("omaha8: error: cannot reach the scheduler at 'tcp://127.0.0.1:1'")


# ---------------------------------------------------------------- issue 8: hostile and careless callers: Ctrl-C


def test_ctrl_c_stops_the_command_line():
    command = (
        "import sys, omaha8.cli; print('started', flush=True); sys.exit(omaha8.cli.main(['equity', "
        "'AsAh2s3h', 'KsKdQhQc', '--threads', '1', '--samples', '10000000000']))"
    )
    took, result = interrupt([sys.executable, "-c", command], {})
    assert result.returncode == 130 and result.stderr.strip() == "omaha8: interrupted"
    assert took < 0.5
