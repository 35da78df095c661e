"""omaha8: exact, fast Omaha Hi-Lo (eight-or-better) hand evaluation.

The compiled core (``omaha8._engine.core_c``) serves by default; the pure-Python engine
(``omaha8._engine.core_py``, the same API) serves when the core is not importable or when the environment variable
OMAHA8_PURE_PYTHON=1 is set. ``IMPLEMENTATION`` says which is live. Every error omaha8 raises
on purpose is an ``Omaha8Error`` (``omaha8.exceptions``).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import _engine
from ._version import __version__
from .analysis import Breakdown, Nuts, Out, breakdown, nut_rank, nuts, outs
from .cards import Card, CardsLike, parse_cards
from .equity import Equity, PlayerEquity, equity
from .exceptions import (
    AnalysisError,
    BatchError,
    CardError,
    FallbackRefusedError,
    GameConfigError,
    HandError,
    HandValueError,
    HistoryError,
    IllegalActionError,
    IndexerError,
    JobError,
    Omaha8Error,
    RangeError,
    ShowdownError,
    SolverError,
    TableError,
    UsageError,
)
from .features import HandStrength, hand_strength
from .game import Action, Hand
from .hands import HighHand, LowHand, NutLow, high_hand, low_hand, nut_low
from .isomorphism import HandIndexer, canonical, canonical_boards
from .library import Aggregate, AggregateRow, aggregate
from .pots import Pot, Showdown, showdown
from .ranges import Range
from .reports import ClassRow, Report
from .solver import RiverSolution, solve_river, solve_rivers
from .streetsolver import Estimate, Solution, SpotNode, solve, solve_estimate, solve_many
from .sweep import ShowdownValues, release_showdown_memory, showdown_values
from .tables import PreflopTable, StartingHand, TableRow, preflop_table, starting_hands
from .values import CATEGORIES, NO_LOW, category_of, low_name, low_ranks

IMPLEMENTATION: str = _engine.IMPLEMENTATION
evaluate: Callable[[CardsLike, CardsLike], "tuple[int, Optional[int]]"] = _engine.ENGINE.evaluate
evaluate_high: Callable[[CardsLike, CardsLike], int] = _engine.ENGINE.evaluate_high
evaluate_low: Callable[[CardsLike, CardsLike], Optional[int]] = _engine.ENGINE.evaluate_low
evaluate_batch: Callable[..., "tuple[Any, Any]"] = _engine.ENGINE.evaluate_batch

__all__ = [
    "__version__",
    "IMPLEMENTATION",
    "Omaha8Error",
    "JobError",
    "HandValueError",
    "HistoryError",
    "TableError",
    "FallbackRefusedError",
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
    "showdown_values",
    "release_showdown_memory",
    "ShowdownValues",
    "Hand",
    "Range",
    "RangeError",
    "Action",
    "IllegalActionError",
    "HandError",
    "PlayerEquity",
    "canonical",
    "HandIndexer",
    "canonical_boards",
    "hand_strength",
    "HandStrength",
    "IndexerError",
    "solve_river",
    "solve_rivers",
    "RiverSolution",
    "Report",
    "ClassRow",
    "aggregate",
    "Aggregate",
    "AggregateRow",
    "solve",
    "solve_estimate",
    "solve_many",
    "Solution",
    "SpotNode",
    "Estimate",
    "SolverError",
    "GameConfigError",
    "AnalysisError",
    "UsageError",
    "starting_hands",
    "StartingHand",
    "preflop_table",
    "PreflopTable",
    "TableRow",
    "nuts",
    "Nuts",
    "nut_rank",
    "outs",
    "Out",
    "breakdown",
    "Breakdown",
    "CATEGORIES",
    "NO_LOW",
    "category_of",
    "low_name",
    "low_ranks",
]
