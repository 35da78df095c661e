"""Every error omaha8 raises on purpose, in one family.

``Omaha8Error`` is the base: catching it catches every mistake of a caller's input, and nothing
else, so that a bug in omaha8 is never taken for one. Each error is also a ``ValueError`` (the
table refusing the slow engine, a ``RuntimeError``), as each was before the family existed.
"""

from __future__ import annotations

from typing import Optional

__all__ = [
    "Omaha8Error",
    "CardError",
    "BatchError",
    "JobError",
    "HandValueError",
    "RangeError",
    "ShowdownError",
    "HandError",
    "IllegalActionError",
    "HistoryError",
    "TableError",
    "FallbackRefusedError",
    "IndexerError",
    "SolverError",
    "GameConfigError",
    "AnalysisError",
    "UsageError",
]


class Omaha8Error(Exception):
    """The base of every error omaha8 raises on purpose."""


class CardError(Omaha8Error, ValueError):
    """Text or numbers that are not valid cards, or cards a deal cannot hold."""


class BatchError(Omaha8Error, ValueError):
    """A buffer of the wrong type, element type, shape or layout for ``evaluate_batch``."""


class JobError(Omaha8Error, ValueError):
    """Arguments an engine's equity job, draw or range walk cannot take (the engines' checks)."""


class HandValueError(Omaha8Error, ValueError):
    """A number that is not a hand value: a high value outside 1..7462, or not a low mask."""


class RangeError(Omaha8Error, ValueError):
    """A range expression that does not parse (saying what and where, with a caret), or a
    range that cannot do what is asked."""

    def __init__(self, message: str, expression: str = "", column: Optional[int] = None) -> None:
        if column is not None:
            # A long expression shows the 60 characters around the culprit, with the caret.
            start = max(0, column - 31) if len(expression) > 80 else 0
            shown = expression[start : start + 60] if len(expression) > 80 else expression
            lead = "..." if start else ""
            tail = "..." if start + len(shown) < len(expression) else ""
            message = (
                f"{message} at column {column}\n  {lead}{shown}{tail}\n  {' ' * (len(lead) + column - 1 - start)}^"
            )
        super().__init__(message)


class ShowdownError(Omaha8Error, ValueError):
    """A table that cannot be settled: lengths, contributions or seats that do not fit."""


class HandError(Omaha8Error, ValueError):
    """Arguments a hand cannot be dealt with: stacks, blinds, limits, seats or cards."""


class IllegalActionError(Omaha8Error, ValueError):
    """An action the rules do not allow now. The hand is left as it was."""


class HistoryError(Omaha8Error, ValueError):
    """A hand that cannot be read, or that breaks the rules when replayed: it names the hand
    id and the line."""


class TableError(Omaha8Error, ValueError):
    """A table that cannot be made or read as asked: bad arguments, a checkpoint of another
    table, a CSV file that is not a table."""


class FallbackRefusedError(Omaha8Error, RuntimeError):
    """A task reached a worker that has only the pure-Python fallback, which is about a hundred
    times slower, and the table was not told it may run there."""


class IndexerError(Omaha8Error, ValueError):
    """Rounds a hand indexer cannot take, cards that are not whole rounds, or an index outside
    0 .. size - 1 (a card repeated is a ``CardError``)."""


class SolverError(Omaha8Error, ValueError):
    """A spot the river solver cannot take (a pot or stack that is not a chip count, a bet
    fraction the limit refuses, an empty range) or a saved solution that cannot be read."""


class GameConfigError(Omaha8Error, ValueError):
    """Parameters a framework adapter (``omaha8.adapters.openspiel``, ``omaha8.adapters.pettingzoo``) cannot take:
    a limit, stacks, blinds, bet fractions or a subgame it cannot play, named."""


class AnalysisError(Omaha8Error, ValueError):
    """What the board's analysis (``nuts``, ``outs``, ``breakdown``) cannot take: a count of
    values that is not one, opponents that are neither hands nor a range."""


class UsageError(Omaha8Error, ValueError):
    """A command line ``omaha8`` cannot run: an unknown option, a missing argument, a value of
    the wrong form. The command line reports it in one line and exits with status 2."""
