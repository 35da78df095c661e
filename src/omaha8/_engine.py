"""Which evaluator is live: the compiled core, or the pure-Python fallback.

The higher layers (hand objects, showdowns) call ``ENGINE`` rather than importing an
evaluator, so that they run on whichever is live, and the tests can run them on each.
"""

from __future__ import annotations

import os
import warnings
from types import ModuleType


def _select() -> tuple[ModuleType, str]:
    if os.environ.get("OMAHA8_PURE_PYTHON", "") not in ("", "0"):
        from . import fallback

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
