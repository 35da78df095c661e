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
    except ImportError as error:
        from . import fallback

        # Loud on purpose: pip hides the build's own warning, and the fallback is far slower.
        warnings.warn(
            f"omaha8: the compiled core is not available ({error}); using the pure-Python "
            "fallback. Reinstall with a C compiler, or set OMAHA8_PURE_PYTHON=1 to choose it.",
            RuntimeWarning,
            stacklevel=4,
        )
        return fallback, "python"


ENGINE, IMPLEMENTATION = _select()
