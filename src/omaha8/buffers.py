"""``omaha8.buffers``, the engines' argument checks' name before the engine package: now
``omaha8._engine.checks``, the same module."""

import sys

from ._engine import checks

sys.modules[__name__] = checks
