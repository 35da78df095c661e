"""omaha8: exact, fast Omaha Hi-Lo (eight-or-better) hand evaluation.

The compiled core (``omaha8._core``) serves by default; the pure-Python fallback
(``omaha8.fallback``, same API) serves when the core is not importable or when the
environment variable OMAHA8_PURE_PYTHON=1 is set. ``IMPLEMENTATION`` says which is live.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import _engine
from ._version import __version__
from .buffers import BatchError
from .cards import Card, CardError, CardsLike, parse_cards
from .cards import canonical
from .equity import Equity, PlayerEquity, equity
from .game import Action, Hand, HandError, IllegalAction
from .ranges import Range, RangeError
from .hands import HighHand, LowHand, NutLow, high_hand, low_hand, nut_low
from .pots import Pot, Showdown, ShowdownError, showdown
from .tables import PreflopTable, StartingHand, TableRow, preflop_table, starting_hands
from .values import CATEGORIES, NO_LOW, category_of, low_name, low_ranks

IMPLEMENTATION: str = _engine.IMPLEMENTATION
evaluate: Callable[[CardsLike, CardsLike], "tuple[int, Optional[int]]"] = _engine.ENGINE.evaluate
evaluate_high: Callable[[CardsLike, CardsLike], int] = _engine.ENGINE.evaluate_high
evaluate_low: Callable[[CardsLike, CardsLike], Optional[int]] = _engine.ENGINE.evaluate_low
evaluate_batch: Callable[..., "tuple[Any, Any]"] = _engine.ENGINE.evaluate_batch

__all__ = [
    "IMPLEMENTATION",
    "Card",
    "CardError",
    "parse_cards",
    "evaluate",
    "evaluate_high",
    "evaluate_low",
    "evaluate_batch",
    "BatchError",
    "HighHand",
    "LowHand",
    "NutLow",
    "high_hand",
    "low_hand",
    "nut_low",
    "Pot",
    "Showdown",
    "ShowdownError",
    "showdown",
    "equity",
    "Equity",
    "Hand",
    "Range",
    "RangeError",
    "Action",
    "IllegalAction",
    "HandError",
    "PlayerEquity",
    "canonical",
    "starting_hands",
    "StartingHand",
    "preflop_table",
    "PreflopTable",
    "TableRow",
    "CATEGORIES",
    "NO_LOW",
    "category_of",
    "low_name",
    "low_ranks",
]
