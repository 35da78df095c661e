"""Which evaluator is live, how to choose it, and what it costs to import."""

import os
import subprocess
import sys

import pytest

import omaha8


def run_python(code, **env):
    environment = {**os.environ, **env}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True)
    return result.stdout.strip()


def test_pure_python_on_request():
    assert run_python("import omaha8; print(omaha8.IMPLEMENTATION)", OMAHA8_PURE_PYTHON="1") == "python"
    answer = run_python("import omaha8; print(omaha8.evaluate.__module__)", OMAHA8_PURE_PYTHON="1")
    assert answer == "omaha8._engine.core_py"
    # The modules the build compiles from Python run from their sources.
    files = run_python(
        "import omaha8.game, omaha8.pots; print(omaha8.game.__file__, omaha8.pots.__file__)", OMAHA8_PURE_PYTHON="1"
    )
    assert [f.rsplit(os.sep, 1)[-1] for f in files.split()] == ["game.py", "pots.py"]


def test_game_and_pots_are_compiled_with_the_core(core):
    if omaha8.IMPLEMENTATION != "cython":
        pytest.skip("the pure implementation was asked for")
    import importlib

    for module in map(importlib.import_module, ("omaha8.game", "omaha8.pots")):
        assert not module.__file__.endswith(".py"), module.__file__


def test_compiled_by_default(core):
    environment = {k: v for k, v in os.environ.items() if k != "OMAHA8_PURE_PYTHON"}
    code = "import omaha8; print(omaha8.IMPLEMENTATION)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True)
    assert result.stdout.strip() == "cython"


def test_live_implementation_is_consistent():
    assert omaha8.IMPLEMENTATION in ("cython", "python")
    module = "omaha8._engine.core_c" if omaha8.IMPLEMENTATION == "cython" else "omaha8._engine.core_py"
    assert sys.modules[module].evaluate is omaha8.evaluate


def test_tables_are_small(core):
    assert core.TABLE_BYTES < 4 * 1024 * 1024


def test_public_api_is_typed():
    assert os.path.exists(os.path.join(os.path.dirname(omaha8.__file__), "py.typed"))


def test_missing_core_falls_back_loudly():
    code = (
        "import sys, warnings\n"
        "sys.modules['omaha8._engine.core_c'] = None  # what a failed build leaves: no importable core\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    import omaha8\n"
        "print(omaha8.IMPLEMENTATION, omaha8.evaluate('AhKd5c2s', 'Ac3d7hKs9c'))\n"
        "print(any('pure-Python fallback' in str(w.message) for w in caught))\n"
    )
    environment = {k: v for k, v in os.environ.items() if k != "OMAHA8_PURE_PYTHON"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True)
    assert result.stdout.split("\n") == ["python (2471, 87)", "True", ""]


# ---- issue 8: hostile and careless callers: the warning for a missing core


def test_the_warning_for_a_missing_core_says_it_is_not_built():
    code = (
        "import sys, warnings\n"
        "sys.modules['omaha8._engine.core_c'] = None\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    import omaha8\n"
        "print([str(w.message) for w in caught])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "OMAHA8_PURE_PYTHON"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert "is not built" in result.stdout and "circular" not in result.stdout
