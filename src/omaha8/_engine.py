"""Which evaluator is live: the compiled core, or the pure-Python fallback.

The higher layers (hand objects, showdowns) call ``ENGINE`` rather than importing an
evaluator, so that they run on whichever is live, and the tests can run them on each.

Two plain Python modules, ``pots`` and ``game``, are also compiled by the build, for speed.
When the pure implementation is asked for, their .py sources are imported instead of the
compiled copies, so that everything runs as plain Python.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType

COMPILED_PYTHON = ("pots", "game")


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds omaha8's compiled-from-Python modules as their .py sources."""

    def find_spec(self, name, path=None, target=None):
        package, _, module = name.rpartition(".")
        if package == __package__ and module in COMPILED_PYTHON:
            return importlib.util.spec_from_file_location(name, Path(__file__).with_name(module + ".py"))
        return None


def _select() -> tuple[ModuleType, str]:
    if os.environ.get("OMAHA8_PURE_PYTHON", "") not in ("", "0"):
        from . import fallback

        sys.meta_path.insert(0, _SourceFirst())
        return fallback, "python"
    try:
        from . import _core

        return _core, "cython"
    except ImportError:
        from . import fallback

        # Loud on purpose: pip hides the build's own warning, and the fallback is far slower.
        # The ImportError's own words are left out: Python words a missing module inside a
        # package as a possible circular import, which misleads.
        warnings.warn(
            "omaha8: the compiled core (omaha8._core) is not built for this Python, so the "
            "pure-Python fallback serves, correct but about 100 times slower. Reinstall omaha8 "
            "where a C compiler and the Python headers are installed, or set "
            "OMAHA8_PURE_PYTHON=1 to choose the fallback and silence this warning.",
            RuntimeWarning,
            stacklevel=4,
        )
        return fallback, "python"


ENGINE, IMPLEMENTATION = _select()
