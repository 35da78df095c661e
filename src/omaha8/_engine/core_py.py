"""The pure-Python engine: the same API as the compiled core (``core_c``), written the slow,
plain way, and the pure twin of ``core_c.pyx``.

As ``core_c.pyx`` is the evaluator with its parts included (``equity_c.pxi``, ...), this module
gathers the pure parts, one module of ``pure/`` per C file (``pure/__init__.py`` maps them),
and exports exactly the engine API. It shares no table with the compiled core, so the two can
check each other; it serves where the extension did not build, and when OMAHA8_PURE_PYTHON=1.
"""

from __future__ import annotations

from .checks import ENGINE_API
from .pure.equity import EquityJob, RangeEquityJob, draw_cards, range_count, range_list, rows_apart
from .pure.evaluate import (
    _five_card_value,  # noqa: F401  (the tests check the five-card values one by one)
    all_five_card_values,
    class_of_value,  # noqa: F401  (the tests read the classes the values stand for)
    evaluate,
    evaluate_batch,
    evaluate_high,
    evaluate_low,
    five_card_value,
)
from .pure.holdings import holding_counts, holding_ranks, holding_values, share_against_all
from .pure.river import RiverJob
from .pure.showdown import ShowdownJob, TallySweeper, release_memory
from .pure.street import StreetJob, check_averages, check_state
from .pure.strength import StrengthJob
from .pure.suits import HandIndexer

# The evaluation API: the same names and signatures as the compiled core's.
__all__ = list(ENGINE_API)

# The API, each name from its part. They are presented as this module's, as the compiled
# core's are core_c's: what ``omaha8.evaluate.__module__`` tells, and where pickle finds them.
_PARTS = (
    evaluate,
    evaluate_high,
    evaluate_low,
    evaluate_batch,
    five_card_value,
    all_five_card_values,
    EquityJob,
    RangeEquityJob,
    draw_cards,
    range_count,
    range_list,
    rows_apart,
    ShowdownJob,
    TallySweeper,
    release_memory,
    HandIndexer,
    StrengthJob,
    RiverJob,
    StreetJob,
    check_averages,
    check_state,
    holding_counts,
    share_against_all,
    holding_ranks,
    holding_values,
)
assert [part.__name__ for part in _PARTS] == __all__, "core_py must import exactly the engine API"
for _part in _PARTS:
    _part.__module__ = __name__
