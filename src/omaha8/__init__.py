"""omaha8: exact, fast Omaha Hi-Lo (eight-or-better) hand evaluation.

The compiled core (``omaha8._core``) serves by default; the pure-Python fallback
(``omaha8.fallback``, same API) serves when the core is not importable or when the
environment variable OMAHA8_PURE_PYTHON=1 is set. ``IMPLEMENTATION`` says which is live.
"""

from __future__ import annotations

import os as _os
import warnings as _warnings

from .cards import Card, CardError, parse_cards
from .values import CATEGORIES, NO_LOW, category_of, low_name, low_ranks

if _os.environ.get("OMAHA8_PURE_PYTHON", "") not in ("", "0"):
    from .fallback import evaluate, evaluate_high, evaluate_low

    IMPLEMENTATION = "python"
else:
    try:
        from ._core import evaluate, evaluate_high, evaluate_low

        IMPLEMENTATION = "cython"
    except ImportError as _error:
        from .fallback import evaluate, evaluate_high, evaluate_low

        IMPLEMENTATION = "python"
        # Loud on purpose: pip hides the build's own warning, and the fallback is far slower.
        _warnings.warn(
            f"omaha8: the compiled core is not available ({_error}); using the pure-Python "
            "fallback. Reinstall with a C compiler, or set OMAHA8_PURE_PYTHON=1 to choose it.",
            RuntimeWarning,
            stacklevel=2,
        )

__version__ = "0.1.0"
__all__ = [
    "IMPLEMENTATION",
    "Card",
    "CardError",
    "parse_cards",
    "evaluate",
    "evaluate_high",
    "evaluate_low",
    "CATEGORIES",
    "NO_LOW",
    "category_of",
    "low_name",
    "low_ranks",
]
