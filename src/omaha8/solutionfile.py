"""Saved solutions' files, written and read the one way both solvers' solutions are (the
river's ``RiverSolution``, every street's ``Solution``): a first line naming the format, a JSON
header of 8-byte length, then binary blocks; written to a new file renamed over the target once
whole, read only from a regular file of a size a solve could write.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import stat
from array import array
from pathlib import Path
from typing import Callable, NamedTuple, Union

from .cards import HOLE_SIZES, quoted, read_weights, whole_number
from .exceptions import SolverError

__all__ = [
    "Blocks",
    "check_save_path",
    "write_blocks",
    "read_solution_file",
    "split_header",
    "read_real",
    "read_history",
    "read_saved_weights",
    "read_saved_values",
    "SolveFields",
    "read_solve_fields",
    "header_fields",
]


def check_save_path(path: object) -> Path:
    """The file ``save`` would write ``path`` as, checked: a SolverError naming ``path`` when it is
    no path, names a directory, or its folder is missing or cannot be written in."""
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise SolverError(f"a path to save to is text or a path, not {quoted(path)}")
    text = os.fspath(path)
    if not isinstance(text, str):
        raise SolverError(f"a path to save to is text or a path, not {quoted(path)}")
    if not text:
        raise SolverError("an empty path names no file to save to")
    if "\0" in text:
        raise SolverError(f"{quoted(text)}: a path holds no NUL character")
    target = Path(text)
    try:
        if text.endswith(("/", os.sep)) or target.is_dir():
            raise SolverError(f"{text}: is a directory, not a file to save to")
        folder = target.parent
        if not folder.is_dir():
            raise SolverError(f"{text}: cannot save there: its folder {str(folder)!r} does not exist")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise SolverError(f"{text}: cannot save there: its folder {str(folder)!r} cannot be written in")
    except OSError as error:  # a name too long for the file system, say
        raise SolverError(f"{quoted(text)}: cannot save there: {error.strerror or error}") from None
    return target


def write_blocks(target: Path, path: Union[str, os.PathLike], blocks: list[bytes]) -> None:
    """Write ``blocks`` to ``target`` (``check_save_path``'s answer for ``path``) through a new
    file beside it, renamed over it once whole: a failure (a SolverError naming ``path`` and the
    reason) leaves ``target`` as it was and nothing else."""
    # A name of its own (never a file of the user's), created afresh.
    partial = target.with_name(f".{target.name}.{secrets.token_hex(4)}.partial")
    written = False
    try:
        with open(partial, "xb") as stream:
            written = True
            for block in blocks:
                stream.write(block)
        os.replace(partial, target)
        written = False
    except OSError as error:
        raise SolverError(f"{os.fspath(path)}: cannot save there: {error.strerror or error}") from None
    finally:
        if written:
            with contextlib.suppress(OSError):
                os.unlink(partial)


def read_solution_file(path: object, most: int) -> bytes:
    """The bytes of a saved solution at ``path``, read once: a regular file of at most
    ``most`` bytes (a FIFO, whose open would wait for a writer, a device such as /dev/zero or a
    larger file is refused before it is opened); else a SolverError naming ``path``."""
    try:
        status = os.stat(path)  # type: ignore[arg-type]
        if not stat.S_ISREG(status.st_mode):
            raise SolverError(f"{path}: not a file (a directory, device or pipe)")
        if status.st_size > most:
            raise SolverError(f"{path}: {status.st_size:,} bytes, more than any solution takes ({most:,})")
        with open(path, "rb") as stream:  # type: ignore[call-overload]
            return stream.read()  # its size, checked above, is what read allocates
    except SolverError:
        raise
    except OSError as error:
        raise SolverError(f"{path}: cannot read it: {error.strerror or error}") from None
    except (TypeError, ValueError):  # no path, or text with a NUL in it
        raise SolverError(f"a path to load is text or a path, not {quoted(path)}") from None


def read_real(value: object, name: str) -> float:
    """A finite real number of a file's header (not a bool, not text)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SolverError(f"{name} must be a finite number, not {quoted(value)}")
    return float(value)


def read_history(
    history: object, iterations: int, exploitability: float, exploitability_of: Callable[[object, str], float]
) -> list[tuple[int, float]]:
    """A header's history: [iteration, exploitability] pairs, the iterations rising, the last
    the solve's last iteration and its exploitability."""
    if not isinstance(history, list) or not 1 <= len(history) <= iterations:
        raise SolverError(f"history must be a list of 1 to {iterations:,} measurements, not {quoted(history)}")
    measured: list[tuple[int, float]] = []
    for entry in history:
        if not isinstance(entry, list) or len(entry) != 2:
            raise SolverError(f"history holds [iteration, exploitability] pairs, not {quoted(entry)}")
        at = whole_number(
            entry[0], "history's iteration", measured[-1][0] + 1 if measured else 1, iterations, SolverError
        )
        measured.append((at, exploitability_of(entry[1], "history's exploitability")))
    if measured[-1] != (iterations, exploitability):
        raise SolverError(
            f"history ends at {measured[-1]!r}, not at the last iteration and its exploitability "
            f"{(iterations, exploitability)!r}"
        )
    return measured


def split_header(data: bytes, magic: bytes) -> tuple[object, int]:
    """A saved solution's header, as JSON read, and where its blocks begin."""
    if not data.startswith(magic):
        raise SolverError("it does not start as one")
    at = len(magic)
    if len(data) < at + 8:
        raise SolverError("it is cut short")
    length = int.from_bytes(data[at : at + 8], "little")
    at += 8
    if length > len(data) - at:
        raise SolverError("it is cut short: its header runs past the end")
    try:
        header = json.loads(data[at : at + length])
    except RecursionError:  # brackets nested past Python's stack: no header solve_river writes
        raise SolverError("its header nests brackets too deep to be JSON omaha8 writes") from None
    except ValueError as error:
        raise SolverError(f"its header is not JSON: {error}") from None
    return header, at + length


class Blocks:
    """A saved solution's blocks, taken in order (their sizes checked before)."""

    def __init__(self, data: bytes, at: int) -> None:
        self.data, self.at = data, at

    def take(self, size: int) -> bytes:
        block = self.data[self.at : self.at + size]
        self.at += size
        return block


def read_saved_weights(block: bytes, count: int, side: str) -> array:
    """A side's chance weights as saved: float64, by the one weight rule, each above 0 (a
    solution keeps only the hands it can deal)."""
    chance = read_weights(array("d", block), count, f"{side} weights", SolverError, "hand")
    if min(chance) <= 0:
        raise SolverError(
            f"{side} weights[{chance.index(min(chance))}] is {min(chance)!r}: a solution "
            "keeps only hands of weight above 0"
        )
    return chance


def read_saved_values(block: bytes, side: str, pot: float, stack: float) -> array:
    """A side's values per hand as saved: float64, each NaN or between -stack and pot + stack."""
    chips = array("d", block)
    slack = 1e-9 * (pot + 2 * stack)
    for i, v in enumerate(chips):
        if not (v != v or -stack - slack <= v <= pot + stack + slack):
            raise SolverError(f"{side} values[{i}] is {v!r}: a hand's value is NaN or between -stack and pot + stack")
    return chips


class SolveFields(NamedTuple):
    """What every saved solution's header tells of its solve, read."""

    iterations: int
    exploitability: float
    value: float
    history: tuple[tuple[int, float], ...]
    hole_size: int
    hands: tuple[int, int]
    seconds: float
    memory: int
    ip_value: float  # IP's expected chips: pot - value with no rake


def read_solve_fields(header: dict, pot: float, stack: float) -> SolveFields:
    """A header's fields of the solve, checked as a solve makes them: the iterations, the
    exploitability (0 or more, less a rounding, and at most half the final pot's worth), the
    value within the chips, the history measured up to the last iteration, the hole size, both
    hand counts, the seconds and the memory."""
    iterations = whole_number(header["iterations"], "iterations", 1, None, SolverError)
    most = (1 + 2 * stack / pot) / 2 + 1e-9

    def exploitability_of(value: object, name: str) -> float:
        measured = read_real(value, name)
        if not -1e-9 <= measured <= most:
            raise SolverError(f"{name} {measured!r} is not between 0 and {most:.6g}, as a fraction of the pot")
        return measured

    exploitability = exploitability_of(header["exploitability"], "exploitability")
    slack = 1e-9 * (pot + 2 * stack)
    value = read_real(header["value"], "value")
    # Written before the rake: IP's value is the rest of the pot.
    ip_value = pot - value if header.get("ip_value") is None else read_real(header["ip_value"], "ip_value")
    for name, chips in (("value", value), ("ip_value", ip_value)):
        if not -stack - slack <= chips <= pot + stack + slack:
            raise SolverError(f"{name} {chips!r} is not between -stack and pot + stack")
    history = read_history(header["history"], iterations, exploitability, exploitability_of)
    hole_size = whole_number(header["hole_size"], "hole_size", HOLE_SIZES[0], HOLE_SIZES[-1], SolverError)
    hands = header["hands"]
    if not isinstance(hands, list) or len(hands) != 2:
        raise SolverError(f"hands must be two counts, OOP's and IP's, not {quoted(hands)}")
    counts = (
        whole_number(hands[0], "hands", 1, None, SolverError),
        whole_number(hands[1], "hands", 1, None, SolverError),
    )
    seconds = read_real(header["seconds"], "seconds")
    if seconds < 0:
        raise SolverError(f"seconds must be 0 or more, not {seconds!r}")
    memory = whole_number(header["memory"], "memory", 0, None, SolverError)
    return SolveFields(iterations, exploitability, value, tuple(history), hole_size, counts, seconds, memory, ip_value)


def header_fields(header: object, keys: tuple[str, ...], writer: str) -> dict:
    """A file's header: a mapping of every field in ``keys`` (what ``writer`` writes), and of
    no other."""
    if not isinstance(header, dict):
        raise SolverError(f"its header is {type(header).__name__}, not a mapping of fields")
    for key in keys:
        if key not in header:
            raise SolverError(f"its header lacks {key!r}")
    for key in header:
        if key not in keys:
            raise SolverError(f"its header has a field {writer} does not write: {quoted(key)}")
    return header
