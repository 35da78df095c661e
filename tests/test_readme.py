"""The README's examples are run as doctests, so what it shows is what the code does."""

import doctest
import shlex
from pathlib import Path

import pytest

import omaha8

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.slow
def test_readme_examples():
    if omaha8.IMPLEMENTATION != "cython":
        pytest.skip("the README shows the compiled core live")
    pytest.importorskip("numpy")  # the batch example uses it
    for framework in ("pyspiel", "pettingzoo", "cvxpy", "distributed"):  # the adapters, OpenSpiel's LP, Dask
        pytest.importorskip(framework)
    # A code fence ends an example's expected output, as a blank line would.
    text = "\n".join("" if line.startswith("```") else line for line in README.read_text(encoding="utf-8").splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(README), 0)
    assert len(test.examples) >= 6
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test)
    assert result.failed == 0


def _shell_examples(text: str):
    """Each ``$ omaha8 ...`` line of the README with the lines printed under it."""
    command, output = None, []
    for line in text.splitlines() + [""]:
        if line.startswith("$ omaha8 "):
            command, output = shlex.split(line[2:]), []
        elif command is not None and line.strip() and not line.startswith("```"):
            output.append(line)
        elif command is not None:
            yield command, output
            command = None


def test_readme_command_lines(capsys, monkeypatch, tmp_path):
    if omaha8.IMPLEMENTATION != "cython":
        pytest.skip("the README shows the compiled core live")
    import glob
    import shutil

    from history_helpers import TOURNAMENT

    from omaha8.cli import main

    # The replay examples read tests/data, and allin.txt, the tests' own all-in hand.
    shutil.copytree(README.parent / "tests" / "data", tmp_path / "tests" / "data")
    (tmp_path / "allin.txt").write_text(TOURNAMENT)
    monkeypatch.chdir(tmp_path)
    examples = list(_shell_examples(README.read_text(encoding="utf-8")))
    assert len(examples) >= 5
    for command, expected in examples:
        # A seed alone repeats a sampled run, whatever the thread count, so every line is checked.
        argv = [
            path for word in command[1:] for path in (sorted(glob.glob(word)) if word.endswith("*.txt") else [word])
        ]
        failing = expected[0].startswith("omaha8: error:")
        assert main(argv) == (2 if failing else 0)
        out, err = capsys.readouterr()
        assert (err if failing else out).splitlines() == expected, command


@pytest.mark.slow
def test_the_clustering_example_buckets_hands(live_core):
    pytest.importorskip("sklearn")
    import importlib.util

    spec = importlib.util.spec_from_file_location("cluster_flop", README.parent / "examples" / "cluster_flop.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    hands = omaha8.Range("AA**, KK**, A2**$ds, 9876")
    rows = module.buckets("Ks7d2h", hands, omaha8.Range("5%"), clusters=6, bins=20, threads=2)
    assert sum(row["hands"] for row in rows) == len(hands.apart_from(omaha8.parse_cards("Ks7d2h"))[1])
    assert [row["ehs"] for row in rows] == sorted(row["ehs"] for row in rows)
    assert all(0 <= row["ehs2"] <= row["ehs"] <= 1 for row in rows)
