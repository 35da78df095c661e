"""Cake Poker hand histories (2013), read into the ``History`` record.

Cake writes "Hand#3389E587C7000012 - ... -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40" (the
ante, the blinds, the limit and the game), "Dealer: Seat 8", actions with a colon ("Hero: raises
to 60", "Player0: calls 40" by what it adds), cards with commas and no spaces ("[5s,3c,4s,5c]"),
a street's new card alone ("*** TURN *** [8h]"), "***SHOW DOWN***", "returns uncalled bet 10",
and pots won high and low apart ("wins high pot 327"). It prints no total pot.
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import DEALT_TO, Dialect, Reading, money, never, read_lines, unit_of
from .record import History, game_name

__all__ = ["HEADER_START", "CAKE", "parse_hand"]

HEADER_START = re.compile(r"^Hand#[0-9A-F]{6,40} - ")
"""How a hand of Cake's begins: its files are cut into hands here."""
_HEADER = re.compile(
    r"^Hand#(?P<id>[0-9A-F]{6,40}) - (?P<description>.*?) -- (?P<ante>[$0-9][0-9.,]*)/(?P<small>[$0-9][0-9.,]*)/"
    r"(?P<big>[$0-9][0-9.,]*) (?P<limit>PL|NL|FL) (?P<game>\w+) -- "
)
_LIMITS = {"PL": "pot", "NL": "no", "FL": "fixed"}
_COMMA = re.compile(r"(?<=[2-9TJQKA][cdhs]),")

CAKE = Dialect(
    sections={
        "*** FLOP ***": "flop",
        "*** TURN ***": "turn",
        "*** RIVER ***": "river",
        "***SHOW DOWN***": "showdown",
    },
    section_starts=("*** ", "***SHOW DOWN***"),
    table=re.compile(r"^Dealer: Seat (?P<button>[0-9]{1,3})(?P<name>)"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.+?) \((?P<stack>\S+) in chips\)(?P<rest>.*)$"),
    action=re.compile(
        r"^(?P<name>.+?): (?P<what>folds|checks|(?:calls|bets) (?P<amount>[^\s,]+)|raises to (?P<to>[^\s,]+)|"
        r"posts (?P<post>small blind|big blind|dead blind|ante) (?P<posted>[^\s,]+))(?: \(all.in\))?\s*$"
    ),
    posts={"small blind": "small blind", "big blind": "big blind", "dead blind": "small blind", "ante": "ante"},
    dealt=DEALT_TO,
    shows=re.compile(r"^(?P<name>.+?): shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.+?): mucks\b"),
    uncalled=re.compile(r"^(?P<name>.+?): returns uncalled bet (?P<amount>\S+)\s*$"),
    collected=re.compile(
        r"^(?P<name>.+?) wins (?:high |low )?(?:(?P<side>side )?pot)(?: (?P<number>[0-9]+))?"
        r" (?P<amount>[$0-9][0-9.,]*)(?: with.*)?$"
    ),
    total=never("total", "rake"),  # never printed
    summary_cards=never("name", "cards"),
    noise=re.compile(r"(^There is no low hand|is sitting out|has joined|has left|: sits out|timed out)"),
    total_unprinted=True,
    rake_implied=True,
)
"""Cake's lines, as its files of 2013 show them."""


def parse_hand(text: str) -> Optional[History]:
    """One Cake hand as a History; None when it is not Omaha Hi/Lo ("OmahaHiLo")."""
    text = _COMMA.sub(" ", text)
    lines = text.split("\n")
    first = lines[0].lstrip("\ufeff")
    header = _HEADER.match(first)
    if not header:
        raise HistoryError(f"hand ?: not a Cake hand header: {first[:80]!r}")
    hand_id = header.group("id")
    if header.group("game") != "OmahaHiLo":
        return None
    unit = unit_of(header.group("small"))
    stakes = (money(header.group("small"), unit, hand_id, first), money(header.group("big"), unit, hand_id, first))
    limit = _LIMITS[header.group("limit")]
    history = History(hand_id, game_name(4), limit, 4, stakes, unit, [], text=text)
    tournament = re.search(r"\bT[0-9]+\b", header.group("description")) is not None
    return read_lines(Reading(history, tournament=tournament), lines[1:], CAKE)
