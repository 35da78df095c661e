"""Hand-history formats: which site wrote a file, told from its text, and every hand read.

A file is cut into hands where any format's hand begins, and each hand goes to its own format's
reader (``pokerstars``, ``winamax``, ``winning``, ``bovada``, ``kingsclub``, ``party`` for
PartyPoker, 888 and Everleaf, ``fulltilt``, ``ongame``, ``cake``, ``absolute``, ``pkr``, and the
XML of ``merge``, ``boss`` and ``microgaming``), so that a file of one site, or of several pasted
together, is read without being told which; ``format=`` forces one. Every reader gives the one
``History`` record. A site omaha8 does not read yet is named in the error.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Callable, Optional, Union

from ..exceptions import HistoryError
from . import (
    absolute,
    boss,
    bovada,
    cake,
    fulltilt,
    kingsclub,
    merge,
    microgaming,
    ongame,
    party,
    pkr,
    pokerstars,
    winamax,
    winning,
)
from .reading import split_hands
from .record import History, ReadResult, text_of

__all__ = ["Format", "FORMATS", "MAX_LINE", "read", "read_all"]

MAX_LINE = 4000
"""The longest line a hand may hold: every site's lines are a few hundred characters at most."""


@dataclass(frozen=True)
class Format:
    """A format omaha8 reads: its name, how its hands begin, and its reader of one hand."""

    name: str
    header_start: re.Pattern
    parse_hand: Callable[[str], Optional[History]]
    """One hand's text as a History, None for a game other than Omaha Hi/Lo, or HistoryError."""
    preamble: Optional[re.Pattern] = None
    """Lines a site writes before a hand's header ("#Game No : 1234"): a piece of text of these
    lines alone goes with the hand after it (and, after the last hand, is nothing)."""
    preamble_sticks: bool = False
    """Whether the preamble holds for every later hand of the format, not the next alone
    (Merge writes a file's game once, before its first hand)."""


FORMATS = (
    Format("pokerstars", pokerstars.HEADER_START, pokerstars.parse_hand),
    Format("winamax", winamax.HEADER_START, winamax.parse_hand),
    Format("winning", winning.HEADER_START, winning.parse_hand),
    Format("bovada", bovada.HEADER_START, bovada.parse_hand),
    Format("kingsclub", kingsclub.HEADER_START, kingsclub.parse_hand),
    Format("party", party.HEADER_START, party.parse_hand, party.PREAMBLE),
    Format("fulltilt", fulltilt.HEADER_START, fulltilt.parse_hand),
    Format("ongame", ongame.HEADER_START, ongame.parse_hand),
    Format("cake", cake.HEADER_START, cake.parse_hand),
    Format("absolute", absolute.HEADER_START, absolute.parse_hand),
    Format("pkr", pkr.HEADER_START, pkr.parse_hand),
    Format("merge", merge.HEADER_START, merge.parse_hand, merge.PREAMBLE, preamble_sticks=True),
    Format("boss", boss.HEADER_START, boss.parse_hand, boss.PREAMBLE),
    Format("microgaming", microgaming.HEADER_START, microgaming.parse_hand, microgaming.PREAMBLE),
)
"""Every text format read, by the name ``format=`` takes."""

# Other sites' hand histories, by how their hands begin: named in the error, not yet read.
_OTHER_FORMATS = (
    (re.compile(r"^\s*BetOnline Poker Game #", re.M), "BetOnline"),
    (re.compile(r"^\s*Poker Hand #[A-Z]{2}[0-9]+:", re.M), "GGPoker"),
    (re.compile(r"^\s*\*{5} Betfair Poker Hand History", re.M), "Betfair"),
    (re.compile(r"^\s*Game # [0-9]+ - ", re.M), "Entraction"),
    (re.compile(r"<session |<game gamecode=", re.M), "iPoker (XML)"),
    (re.compile(r"^\s*<\?xml ", re.M), "an XML history"),
)


def _not_a_hand(text: str) -> str:
    """Why a text holds no hand omaha8 reads: another site's format, named, or what it begins with."""
    head = text[:4000]
    for pattern, name in _OTHER_FORMATS:
        if pattern.search(head):
            return f"hand ?: a hand history of {name}, which omaha8 does not read yet"
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    for summary, site in (("PokerStars Tournament #", "PokerStars"), ("Winamax Poker - Tournament summary", "Winamax")):
        if first.startswith(summary):
            return f"hand ?: a {site} tournament summary, not a hand history"
    return f"hand ?: not the first line of a hand in a format omaha8 reads: {first[:80]!r}"


def _forced(name: Optional[str]) -> Optional[Format]:
    if name is None:
        return None
    for candidate in FORMATS:
        if name == candidate.name:
            return candidate
    known = ", ".join(repr(f.name) for f in FORMATS)
    raise HistoryError(f"format must be one of {known} or None, not {name!r}"[:200])


def _hands(text: str, forced: Optional[Format]) -> list[tuple[str, Optional[Format]]]:
    """The text cut into hands, each with the format whose header begins it."""
    formats = (forced,) if forced is not None else FORMATS
    starts = re.compile("|".join(f"(?:{f.header_start.pattern})" for f in formats))
    hands: list[tuple[str, Optional[Format]]] = []
    held = ""  # a preamble, waiting for its hand
    sticking: dict[str, str] = {}  # a preamble that holds for every later hand, by format
    for chunk in split_hands(text, starts):
        chunk = held + chunk
        first = chunk.split("\n", 1)[0].lstrip("\ufeff")
        owner = next((f for f in formats if f.header_start.match(first)), None)
        preamble = owner.preamble if owner is not None else None
        if preamble is not None and all(preamble.match(line) or not line.strip() for line in chunk.split("\n")):
            assert owner is not None  # preamble
            if owner.preamble_sticks:
                sticking[owner.name] = chunk + "\n"
            else:
                held = chunk + "\n"
            continue
        held = ""
        if owner is not None and owner.name in sticking:
            chunk = sticking[owner.name] + chunk
        if owner is not None:
            hands.append((chunk, owner))
        elif forced is not None:
            hands.append((chunk, forced))  # its reader says why it is not a hand of its format
        else:
            hands.append((chunk, None))
    return hands


def read_all(source: Union[str, bytes, os.PathLike], format: Optional[str] = None) -> ReadResult:
    """Every hand of a history file (a path, its bytes or an open file) or text, whichever
    site wrote it (``FORMATS``; ``format`` forces one by name): the Omaha Hi/Lo hands read,
    other games counted in ``skipped_games``, unreadable hands as ``HistoryError``s in
    ``errors``. One bad hand costs that hand, not the file."""
    result = ReadResult()
    try:
        forced = _forced(format)
        text = text_of(source)
    except HistoryError as error:
        result.errors.append(error)
        return result
    for chunk, owner in _hands(text, forced):
        if max(map(len, chunk.split("\n"))) > MAX_LINE:
            # No site writes such a line; reading it could take a regular expression seconds.
            number = re.search(r"#\s*([0-9A-Za-z-]{1,40})", chunk.split("\n", 1)[0][:200])
            hand_id = number.group(1) if number else "?"
            result.errors.append(HistoryError(f"hand {hand_id}: a line longer than {MAX_LINE:,} characters"))
            continue
        if owner is None:
            result.errors.append(HistoryError(_not_a_hand(chunk)))
            continue
        try:
            history = owner.parse_hand(chunk)
        except HistoryError as error:
            result.errors.append(error)
            continue
        if history is None:
            result.skipped_games += 1
        else:
            result.append(history)
    return result


def read(source: Union[str, bytes, os.PathLike], format: Optional[str] = None) -> list[History]:
    """The Omaha Hi/Lo hands of a history (a path, bytes, a file or the text), in any format
    of ``FORMATS`` (``format`` forces one). Other games are skipped (``read_all`` counts them);
    a hand that cannot be read raises HistoryError."""
    result = read_all(source, format)
    if result.errors:
        raise result.errors[0]
    return list(result)
