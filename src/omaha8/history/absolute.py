"""Absolute Poker and UltimateBet (Cereus) hand histories (2009), read into the ``History``
record.

Absolute writes "Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60" ("Normal" is fixed
limit), "Table: Linden Ct (Real Money) Seat #6 is the dealer", seats and actions as "Name - Verb"
("Player0 - Raises $45 to $60", "Hero - Calls $30"), "returned ($30) : not called", "Collects
$119.25 from main pot", and "Total Pot($120) | Rake ($0.75)".
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import DEALT_TO, STARRED_SECTIONS, Dialect, Reading, money, read_lines, unit_of
from .record import History, game_name

__all__ = ["HEADER_START", "ABSOLUTE", "parse_hand"]

HEADER_START = re.compile(r"^Stage #[0-9A-Z]+: ")
"""How a hand of Absolute's begins: its files are cut into hands here."""
_HEADER = re.compile(
    r"^Stage #(?P<id>[0-9A-Z]{1,30}): (?P<game>[^(]*?)(?: \([^)]*\))? +(?P<limit>Normal|Pot Limit|No Limit) "
    r"(?P<small>[$€£]?[0-9][0-9.,]*)/(?P<big>[$€£]?[0-9][0-9.,]*) - "
)
_LIMITS = {"Normal": "fixed", "Pot Limit": "pot", "No Limit": "no"}

ABSOLUTE = Dialect(
    sections={**STARRED_SECTIONS, "*** POCKET CARDS ***": "preflop"},
    table=re.compile(r"^Table: .* Seat #(?P<button>[0-9]{1,3}) is the dealer(?P<name>)"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}) - (?P<name>.+?) \((?P<stack>\S+) in chips\)(?P<rest>.*)$"),
    action=re.compile(
        r"^(?P<name>.+?) - (?P<what>Folds|Checks|(?:Calls|Bets) (?P<amount>\S+)|Raises \S+ to (?P<to>\S+)|"
        r"Posts (?P<post>small blind|big blind|dead blind|ante) (?P<posted>\S+))\s*$"
    ),
    posts={"small blind": "small blind", "big blind": "big blind", "dead blind": "small blind", "ante": "ante"},
    dealt=DEALT_TO,
    shows=re.compile(r"^(?P<name>.+?) - Shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.+?) - Mucks\b"),
    uncalled=re.compile(r"^(?P<name>.+?) - returned \((?P<amount>[^)]+)\) : not called"),
    collected=re.compile(
        r"^(?P<name>.+?) Collects (?P<amount>\S+) from (?:main pot|(?P<side>side pot)(?:[ -#]*(?P<number>[0-9]+))?)"
    ),
    total=re.compile(r"^Total Pot\((?P<total>[^)]+)\) \| Rake \((?P<rake>[^)]+)\)"),
    summary_cards=re.compile(r"^Seat \d+: (?P<name>.*?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^\]]*)\]"),
    noise=re.compile(r"( - Does not show| - Sits out| - is sitting out| - returned to the table|has joined|has left)"),
    action_names_end_with_colon=False,
)
"""Absolute's lines, as its files of 2009 show them."""


def parse_hand(text: str) -> Optional[History]:
    """One Absolute hand as a History; None when it is not Omaha Hi/Lo ("Omaha Hi/Lo")."""
    lines = text.split("\n")
    first = lines[0].lstrip("\ufeff")
    header = _HEADER.match(first)
    if not header:
        raise HistoryError(f"hand ?: not an Absolute hand header: {first[:80]!r}")
    hand_id = header.group("id")
    if header.group("game").strip() != "Omaha Hi/Lo":
        return None
    unit = unit_of(header.group("small"))
    stakes = (money(header.group("small"), unit, hand_id, first), money(header.group("big"), unit, hand_id, first))
    history = History(hand_id, game_name(4), _LIMITS[header.group("limit")], 4, stakes, unit, [], text=text)
    tournament = "Tourney" in first or "Tournament" in first
    return read_lines(Reading(history, tournament=tournament), lines[1:], ABSOLUTE)
