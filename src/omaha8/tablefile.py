"""The preflop table's CSV file, read strictly: the one reader of every table file, the shipped
one included (``tables.PreflopTable.read_csv`` builds a table from it; ``ranges`` ranks its
percent ranges by the shipped file's rows).

A table file is ``# key: value`` lines (the table's arguments and provenance), a header line of
``ROW_FIELDS``, and one row per starting-hand class, best first. Every field is checked: whole
numbers are plain ASCII digits, shares lie in 0..1 (the percentile in 0..100), rank and hands
are at least 1. Anything else is a TableError naming the file and the line.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Any, Union

from .exceptions import TableError

__all__ = ["ROW_FIELDS", "FLOAT_FIELDS", "MAX_TABLE_BYTES", "read_table_file", "csv_int"]

ROW_FIELDS = [
    "rank",
    "canonical",
    "hands",
    "equity",
    "high",
    "low",
    "scoop",
    "low_made",
    "std_error",
    "percentile",
    "deals",
]
FLOAT_FIELDS = frozenset({"equity", "high", "low", "scoop", "low_made", "std_error", "percentile"})
MAX_TABLE_BYTES = 1 << 30  # the six-card table, 962,988 rows, is about 150 MB


def csv_int(text: str, name: str, line: int) -> int:
    """A whole number of a table file: plain ASCII digits, at most 20 of them (ValueError else)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 20):
        raise ValueError(
            f"{'line ' + str(line) + ': ' if line else ''}{name} {text[:40]!r} is not a whole number 0 or more"
        )
    return int(text)


def read_table_file(path: Union[str, os.PathLike]) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """A table file's ``# key: value`` lines and its rows (each a dict by ``ROW_FIELDS``, its
    numbers read), checked field by field."""
    try:
        if Path(path).stat().st_size > MAX_TABLE_BYTES:
            raise TableError(f"{path} is larger than any preflop table ({MAX_TABLE_BYTES:,} bytes)")
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise TableError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise TableError(f"{path} is not an omaha8 preflop table (not UTF-8 text)") from None
    lines = text.splitlines()
    meta = {}
    at = 0
    while at < len(lines) and lines[at].startswith("#"):
        key, colon, value = lines[at][1:].partition(":")
        if colon:
            meta[key.strip()] = value.strip()
        at += 1
    reader = csv.reader(lines[at:])
    if next(reader, None) != ROW_FIELDS:
        raise TableError(f"{path}: the header line is not {','.join(ROW_FIELDS)}")
    rows = []
    try:
        for number, record in enumerate(reader, start=at + 2):
            if len(record) != len(ROW_FIELDS) or any(len(value) > 40 for value in record):
                raise ValueError(f"line {number} is not a row of {len(ROW_FIELDS)} short fields")
            row: dict[str, Any] = {
                name: (
                    float(value)
                    if name in FLOAT_FIELDS
                    else value
                    if name == "canonical"
                    else csv_int(value, name, number)
                )
                for name, value in zip(ROW_FIELDS, record)
            }
            for name in FLOAT_FIELDS:
                top = 100.0 if name == "percentile" else 1.0
                if not 0.0 <= row[name] <= top:  # NaN fails this too
                    raise ValueError(f"line {number}: {name} {row[name]!r} is outside 0..{top:g}")
            if row["rank"] < 1 or row["hands"] < 1:
                raise ValueError(f"line {number}: rank and hands are at least 1")
            rows.append(row)
    except (ValueError, csv.Error) as error:
        raise TableError(f"{path} is not an omaha8 preflop table ({type(error).__name__}: {error})") from None
    return meta, rows
