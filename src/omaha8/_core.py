"""``omaha8._core``, the compiled core's name before the engine package: now
``omaha8._engine.core_c``, the same module (an ImportError where it is not built)."""

import sys

from ._engine import core_c  # type: ignore[attr-defined]

sys.modules[__name__] = core_c
