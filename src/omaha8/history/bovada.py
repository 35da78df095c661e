"""Bovada (Bodog, Ignition) hand histories, read into the ``History`` record.

Bovada's tables are anonymous: a player's name is its position of the hand ("Dealer", "Small
Blind", "UTG+2"), the hero's marked "[ME]" (dropped here), and every player's hole cards are
printed ("Card dealt to a spot"). Each line is "Name : Verb amount" with Bovada's verbs: "Call"
and "Calls", "Raises $1.73 to $1.86", "All-in $2.36" (the chips added: a call, a bet or a raise
by what it comes to), "Return uncalled portion of bet", "Hand result" for what a player
collected. The button is "Set dealer/Bring in spot [N]". A cash game's header holds no stakes:
the blinds are what the blinds posted. The total pot counts the rake, and the rake is not
printed: it is the total pot less what was collected. Files of 2012 that print no street lines
are refused by name.
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import Dialect, Reading, money, never, posted_stakes, read_lines
from .record import History, game_name

__all__ = ["HEADER_START", "BOVADA", "parse_hand"]

HEADER_START = re.compile(r"^(?:Bovada|Bodog|Ignition) Hand #[0-9]")
"""How a hand of Bovada's begins: its files are cut into hands here."""
_HEADER = re.compile(r"^(?:Bovada|Bodog|Ignition) Hand #(?P<id>[0-9]{1,30}):? (?P<description>.*?) - [0-9]{4}-[0-9]")
_GAME = re.compile(r"\bOMAHA HiLo\b")
_LIMIT = re.compile(r"\b(Fixed Limit|Pot Limit|No Limit)\b")
_LEVEL = re.compile(r"Level [0-9]+ \((?P<small>[0-9,]+)/(?P<big>[0-9,]+)\)")
_LIMITS = {"Fixed Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}
_ME = re.compile(r" +\[ME\](?= )")
_STREET_LINE = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\*", re.M)
_SUMMARY_BOARD = re.compile(r"^Board \[[^\]]*[2-9TJQKA][cdhs][^\]]*\]", re.M)

_NAME = r"(?P<name>.+?) +: "
BOVADA = Dialect(
    sections={
        "*** HOLE CARDS ***": "preflop",
        "*** FLOP ***": "flop",
        "*** TURN ***": "turn",
        "*** RIVER ***": "river",
        "*** SUMMARY ***": "summary",
    },
    table=re.compile(_NAME + r"Set dealer(?:/Bring in spot)? \[(?P<button>[0-9]{1,4})\]"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,4}): (?P<name>.+?) \((?P<stack>\S+) in chips\)(?P<rest>.*)$"),
    action=re.compile(
        _NAME + r"(?P<what>Folds?(?: ?\([^)]*\))?|Checks(?: ?\([^)]*\))?|(?:Calls?|Bets|All-in) (?P<amount>\S+)|"
        r"(?:Raises|All-in\(raise\)) (?P<by>\S+)(?: to (?P<to>\S+))?|"
        r"(?P<post>Ante/Small [Bb]lind|Small [Bb]lind|Big blind/Bring in|Big blind|Posts chip|Posts dead chip|"
        r"Ante chip) (?P<posted>\S+))\s*$"
    ),
    posts={
        "Ante/Small Blind": "small blind",
        "Ante/Small blind": "small blind",
        "Small Blind": "small blind",
        "Small blind": "small blind",
        "Big blind/Bring in": "big blind",
        "Big blind": "big blind",
        "Posts chip": "big blind",
        "Posts dead chip": "small blind",
        "Ante chip": "ante",
    },
    dealt=re.compile(_NAME + r"Card dealt to a spot \[(?P<cards>[^\]]*)\]"),
    shows=re.compile(_NAME + r"Showdown\b"),
    mucks=re.compile(_NAME + r"Mucks\b"),
    uncalled=re.compile(_NAME + r"Return uncalled portion of bet (?P<amount>\S+)\s*$"),
    collected=re.compile(_NAME + r"Hand [Rr]esult(?:-(?P<side>Side [Pp]ot))?(?P<number>) (?P<amount>\S+)\s*$"),
    total=re.compile(r"^Total Pot\((?P<total>[^)]*)\)(?P<rake>)"),
    summary_cards=never("name", "cards"),  # the hole cards were all dealt face up
    noise=re.compile(
        r": (?:Does not show|Leave|Enter|Sit out|Sitout|Re-join|Stand|Table |Seat |Ranking|Prize|Draw for dealer|"
        r"Rebuyin|Addon|Table deposit|Chat)"
    ),
    action_names_end_with_colon=False,
    rake_implied=True,
)
"""Bovada's lines, as its files of 2014 on show them."""


def parse_hand(text: str) -> Optional[History]:
    """One Bovada hand as a History; None when it is not Omaha Hi/Lo ("OMAHA HiLo")."""
    text = _ME.sub("", text)
    lines = text.split("\n")
    first = lines[0].lstrip("\ufeff")
    header = _HEADER.match(first)
    if not header:
        raise HistoryError(f"hand ?: not a Bovada hand header: {first[:80]!r}")
    hand_id, description = header.group("id"), header.group("description")
    if not _GAME.search(description):
        return None
    limit_match = _LIMIT.search(description)
    if limit_match is None:
        raise HistoryError(f"hand {hand_id}: no limit in the header line {first!r}")
    if _SUMMARY_BOARD.search(text) and not _STREET_LINE.search(text):
        raise HistoryError(f"hand {hand_id}: Bovada's format of 2012 prints no street lines; omaha8 does not read it")
    tournament = "Tournament #" in description
    unit = 1 if tournament else 100
    level = _LEVEL.search(description)
    stakes = (0, 0)
    if level is not None:
        stakes = (money(level.group("small"), unit, hand_id, first), money(level.group("big"), unit, hand_id, first))
    history = History(hand_id, game_name(4), _LIMITS[limit_match.group(1)], 4, stakes, unit, [], text=text)
    reading = Reading(history, tournament=tournament, button=_button_by_names(history, lines))
    read = read_lines(reading, lines[1:], BOVADA)
    if level is None:
        read.stakes = posted_stakes(read)
    return read


def _button_by_names(history: History, lines: list[str]) -> Optional[int]:
    """The button as the players' names tell it, for a hand whose dealer line is damaged
    ("Set dealer/Bring in spot" with no seat): the seat of "Dealer", else the seat before the
    "Small Blind" (or, with none, the "Big Blind"), empty or not. The dealer line, when whole,
    has the last word."""
    seats = {}
    for line in lines[1:40]:
        if seat := BOVADA.seat.match(line.strip()):
            seats[seat.group("name")] = int(seat.group("number"))
    for name, before in (("Dealer", 0), ("Small Blind", 1), ("Big Blind", 1)):
        if name in seats:
            if not any(BOVADA.table.match(line.strip()) for line in lines[1:60]):
                history.notes.append(f"hand {history.hand_id}: no dealer line; the button is read from the names")
            return seats[name] - before
    return None
