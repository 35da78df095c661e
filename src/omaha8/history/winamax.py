"""Winamax hand histories: PokerStars' shape in Winamax's words, read into the ``History`` record.

Winamax writes its own header ("Winamax Poker - CashGame - HandId: #...") and table line, a
seat's stack without "in chips", the currency after the amount ("4.96€"), the antes and
blinds in a section of their own, actions without a colon after the name, a pot split high
and low in two lines ("collected 4.96€ from pot(HI)"), and a total pot that is what was paid
out, the rake apart. A bet nobody called comes back as a side pot of its own, with no line
returning it; it is read as the bet returned.
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import DEALT_TO, Dialect, Reading, money, read_lines
from .record import History, game_name

__all__ = ["HEADER_START", "WINAMAX", "parse_hand"]

HEADER_START = re.compile(r"^Winamax Poker - (?!Tournament summary)")
"""How a hand of Winamax's begins: its files are cut into hands here."""
_HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[0-9][0-9-]{0,40}) - (?P<game>.*?) "
    r"\((?P<stakes>[^()]*)\) - [0-9]{4}/[0-9]"
)
_GAME = re.compile(r"^(?:([56]) Card )?(?:Omaha Hi/Lo|Omaha8) (fixed limit|pot limit|no limit)$", re.IGNORECASE)
_LIMITS = {"fixed limit": "fixed", "pot limit": "pot", "no limit": "no"}

WINAMAX = Dialect(
    sections={
        "*** ANTE/BLINDS ***": "seats",
        "*** PRE-FLOP ***": "preflop",
        "*** FLOP ***": "flop",
        "*** TURN ***": "turn",
        "*** RIVER ***": "river",
        "*** SHOW DOWN ***": "showdown",
        "*** SUMMARY ***": "summary",
    },
    table=re.compile(r"^Table: '(?P<name>.*)' .*Seat #(?P<button>[0-9]{1,3}) is the button"),
    # A tournament's seat adds the bounty: "(20000, 5€ bounty)".
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.*) \((?P<stack>[^\s,()]+)(?:, [^()]*)?\)(?P<rest>.*)$"),
    action=re.compile(
        r"^(?P<name>.*?) (?P<what>folds|checks|(?:calls|bets) (?P<amount>\S+)|raises \S+ to (?P<to>\S+)|"
        r"posts (?P<post>small blind|big blind|ante) (?P<posted>\S+)(?: out of position)?)"
        r"(?: and is all-in)?\s*$"
    ),
    posts={"small blind": "small blind", "big blind": "big blind", "ante": "ante"},
    dealt=DEALT_TO,
    shows=re.compile(r"^(?P<name>.*?) shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.*?) (?:mucks|doesn't show)\b"),
    uncalled=re.compile(r"^Uncalled bet \((?P<amount>\S+)\) returned to (?P<name>.*?)\s*$"),
    collected=re.compile(
        r"^(?P<name>.*?) collected (?P<amount>\S+) from "
        r"(?:(?P<side>side pot)(?: (?P<number>\d+))?|main pot|pot) ?(?:\((?:HI|LO)\))?\s*$"
    ),
    total=re.compile(r"^Total pot (?P<total>\S+) \| (?:Rake (?P<rake>\S+)|No rake)"),
    summary_cards=re.compile(r"^Seat \d+: (?P<name>.*?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^\]]*)\]"),
    noise=re.compile(
        r"(said, \"|is sitting out|sits out|is back|joins the table|leaves the table|is disconnected|"
        r"is connected|has timed out|will be allowed to play|is eliminated|wins the tournament)"
    ),
    action_names_end_with_colon=False,
    total_includes_rake=False,
    uncalled_paid_as_pot=True,
)
"""Winamax's lines, as its files of 2011 to 2016 show them."""


def parse_hand(text: str) -> Optional[History]:
    """One Winamax hand as a History; None when it is not Omaha Hi/Lo (Winamax's "Omaha Hi/Lo",
    "5 Card Omaha Hi/Lo", and play money's "Omaha8")."""
    lines = text.split("\n")
    first = lines[0].lstrip("\ufeff")
    header = _HEADER.match(first)
    if not header:
        raise HistoryError(f"hand ?: not a Winamax hand header: {first[:80]!r}")
    hand_id = header.group("id")
    game = _GAME.match(header.group("game").strip())
    if not game:
        return None
    tournament = header.group("kind").startswith("Tournament")
    # A cash game's amounts are money to the cent, play money's too ("0.05/0.10"); a
    # tournament's are chips. A tournament writes "ante/small/big"; the last two are the blinds.
    unit = 1 if tournament else 100
    parts = header.group("stakes").split("/")
    if len(parts) not in (2, 3):
        raise HistoryError(f"hand {hand_id}: no stakes in the header line {first!r}")
    stakes = (money(parts[-2], unit, hand_id, first), money(parts[-1], unit, hand_id, first))
    hole_size = int(game.group(1) or 4)
    limit = _LIMITS[game.group(2).lower()]
    history = History(hand_id, game_name(hole_size), limit, hole_size, stakes, unit, [], text=text)
    return read_lines(Reading(history, tournament=tournament), lines[1:], WINAMAX)
