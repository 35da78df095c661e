"""``omaha8.fallback``, the pure-Python engine's name before the engine package: now
``omaha8._engine.core_py``, the same module."""

import sys

from ._engine import core_py

sys.modules[__name__] = core_py
