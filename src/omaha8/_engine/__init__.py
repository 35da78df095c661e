"""The engine: which implementation is live, and the names the layers above may use.

Two modules serve the same API (``checks.ENGINE_API``): ``core_c``, compiled from
``core_c.pyx`` (with the ``.pxi`` files it includes), and ``core_py``, the same in plain Python
(gathered from ``pure/``, a module per C file, each naming its twin). Both read
their arguments only through ``checks``, and range programs in the format ``programs`` names.
The layers above call ``ENGINE`` (looked up at each call, so that the tests can swap it) rather
than importing an implementation, and import nothing else from here but ``__all__``.

Two plain Python modules above, ``pots`` and ``game``, are also compiled by the build, for
speed. When the pure implementation is asked for (OMAHA8_PURE_PYTHON=1), their .py sources are
imported instead of the compiled copies, so that everything runs as plain Python.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Optional

from .checks import (
    CHUNK_RUNOUTS,
    ENGINE_API,
    MAX_SAMPLES,
    MAX_WORKERS,
    TALLY_LISTS,
    check_rounds,
    dealt_cards,
    hand_swap,
    showdown_rows,
    showdown_weights,
    swap_suits,
    symmetric_swaps,
)
from .programs import (
    ALL_CARDS,
    ALL_RANKS,
    FILTER_BITS,
    MAX_PROGRAM_DEPTH,
    MAX_WEIGHT,
    OP_BOTH,
    OP_BUT_NOT,
    OP_EITHER,
    OP_PATTERN,
    OP_WEIGHT,
    SUIT_ANY,
    SUIT_NAMED,
    SUIT_VARIABLE,
    passes_filters,
    pattern_starts,
    possible_shapes,
    program_depth,
    program_weight,
    relevant_cards,
    suit_blind,
)

__all__ = [
    "ENGINE",
    "IMPLEMENTATION",
    "COMPILED_PYTHON",
    "ENGINE_API",
    "CHUNK_RUNOUTS",
    "MAX_SAMPLES",
    "MAX_WORKERS",
    "TALLY_LISTS",
    "dealt_cards",
    "hand_swap",
    "swap_suits",
    "symmetric_swaps",
    "ALL_CARDS",
    "ALL_RANKS",
    "FILTER_BITS",
    "MAX_PROGRAM_DEPTH",
    "MAX_WEIGHT",
    "OP_BOTH",
    "OP_BUT_NOT",
    "OP_EITHER",
    "OP_PATTERN",
    "OP_WEIGHT",
    "SUIT_ANY",
    "SUIT_NAMED",
    "SUIT_VARIABLE",
    "passes_filters",
    "pattern_starts",
    "possible_shapes",
    "program_depth",
    "program_weight",
    "relevant_cards",
    "suit_blind",
    "showdown_rows",
    "showdown_weights",
    "check_rounds",
]

# The modules above the engine that the build compiles from their own .py source.
COMPILED_PYTHON = ("pots", "game")
_PACKAGE = __package__.rpartition(".")[0]


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds omaha8's compiled-from-Python modules as their .py sources."""

    def find_spec(
        self, name: str, path: Optional[Sequence[str]] = None, target: Optional[ModuleType] = None
    ) -> Optional[ModuleSpec]:
        package, _, module = name.rpartition(".")
        if package == _PACKAGE and module in COMPILED_PYTHON:
            return importlib.util.spec_from_file_location(name, Path(__file__).parent.with_name(module + ".py"))
        return None


def _select() -> tuple[ModuleType, str]:
    if os.environ.get("OMAHA8_PURE_PYTHON", "") not in ("", "0"):
        from . import core_py

        sys.meta_path.insert(0, _SourceFirst())
        return core_py, "python"
    try:
        from . import core_c

        return core_c, "cython"
    except ImportError:
        from . import core_py

        # Loud on purpose: pip hides the build's own warning, and the fallback is far slower.
        # The ImportError's own words are left out: Python words a missing module inside a
        # package as a possible circular import, which misleads.
        warnings.warn(
            "omaha8: the compiled core (omaha8._engine.core_c) is not built for this Python, so the "
            "pure-Python fallback serves, correct but about 100 times slower. Reinstall omaha8 "
            "where a C compiler and the Python headers are installed, or set "
            "OMAHA8_PURE_PYTHON=1 to choose the fallback and silence this warning.",
            RuntimeWarning,
            stacklevel=4,
        )
        return core_py, "python"


ENGINE, IMPLEMENTATION = _select()
