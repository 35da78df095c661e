import subprocess
import sys

import pytest

from omaha8.cli import main


def test_hand_prints_high_and_low(capsys):
    assert main(["hand", "AhKd5c2s", "--board", "Ac3d7hKs9c"]) == 0
    out = capsys.readouterr().out
    assert "two pair, A-A-K-K-9" in out
    assert "7-5-3-2-A" in out


def test_hand_without_low(capsys):
    assert main(["hand", "3h3dJc9s", "--board", "7c7d7h5sQd"]) == 0
    out = capsys.readouterr().out
    assert "full house, 7-7-7-3-3" in out
    assert "low:   none" in out


def test_bad_cards_are_one_line_and_status_2(capsys):
    assert main(["hand", "AhKd5c2s", "--board", "Ac3d7hKs9cXx"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "omaha8: error: unknown card 'Xx'"


def test_module_entry_point():
    result = subprocess.run([sys.executable, "-m", "omaha8", "hand", "As2d3s4d", "--board", "Ac5d4hQc9s"],
                            capture_output=True, text=True, check=True)
    assert "straight, 5-4-3-2-A" in result.stdout
    assert "5-4-3-2-A  (mask 31)" in result.stdout


def test_help_shows_an_example(capsys):
    with pytest.raises(SystemExit) as info:
        main(["hand", "--help"])
    assert info.value.code == 0
    assert "example: omaha8 hand AhKd5c2s --board Ac3d7hKs9c" in capsys.readouterr().out
