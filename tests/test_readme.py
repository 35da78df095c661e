"""The README's examples are run as doctests, so what it shows is what the code does."""

import doctest
from pathlib import Path

import pytest

import omaha8

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples():
    if omaha8.IMPLEMENTATION != "cython":
        pytest.skip("the README shows the compiled core live")
    pytest.importorskip("numpy")  # the batch example uses it
    # A code fence ends an example's expected output, as a blank line would.
    text = "\n".join("" if line.startswith("```") else line
                     for line in README.read_text(encoding="utf-8").splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(README), 0)
    assert len(test.examples) >= 6
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test)
    assert result.failed == 0
