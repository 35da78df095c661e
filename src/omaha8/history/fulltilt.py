"""Full Tilt Poker hand histories (2004-2011), PokerStars' shape in Full Tilt's words, read into
the ``History`` record.

Full Tilt writes "Full Tilt Poker Game #N: Table Vero (6 max) - $200/$400 - Limit Omaha Hi/Lo",
the button after the posts ("The button is in seat #3"), posts as "posts the small blind of
$100", actions without a colon after the name, observers' chat ("Name (Observer): ..."), a pot
split high and low as "wins the high pot ($2,048.50)" and "wins the low pot", and "Uncalled bet
of 80 returned to Hero".
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import DEALT_TO, STARRED_SECTIONS, Dialect, Reading, money, read_lines, unit_of
from .record import History, game_name

__all__ = ["HEADER_START", "FULL_TILT", "parse_hand"]

HEADER_START = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) (?:Game|Hand) #[0-9]")
"""How a hand of Full Tilt's begins: its files are cut into hands here."""
_HEADER = re.compile(
    r"^(?:Full Tilt Poker|FullTiltPoker) (?:Game|Hand) #(?P<id>[0-9]{1,30}): (?P<description>.*?) - "
    r"(?P<small>[$€£]?[0-9][0-9,.]*)/(?P<big>[$€£]?[0-9][0-9,.]*)(?: Ante [^-]*)? - (?P<game>[^-]*?) - "
)
_GAME = re.compile(r"^(?P<limit>Limit|Pot Limit|No Limit) Omaha H(?:i/Lo|/L)$")
_LIMITS = {"Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}

FULL_TILT = Dialect(
    sections=STARRED_SECTIONS,
    table=re.compile(r"^The button is in seat #(?P<button>[0-9]{1,3})(?P<name>)"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.+?) \((?P<stack>[$€£]?[0-9][0-9,.]*)\)(?P<rest>.*)$"),
    action=re.compile(
        r"^(?P<name>.+?) (?P<what>folds|checks|(?:calls|bets) (?P<amount>[^\s,]+)|raises to (?P<to>[^\s,]+)|"
        r"posts (?P<post>the small blind|the big blind|a dead small blind|an ante) of (?P<posted>[^\s,]+))"
        r"(?:, and is all in)?\s*$"
    ),
    posts={
        "the small blind": "small blind",
        "the big blind": "big blind",
        "a dead small blind": "small blind",
        "an ante": "ante",
    },
    dealt=DEALT_TO,
    shows=re.compile(r"^(?P<name>.+?) shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.+?) mucks\b"),
    uncalled=re.compile(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+?)\s*$"),
    collected=re.compile(
        r"^(?P<name>.+?) (?:wins|ties for) (?:the (?:high |low )?pot|the main pot|"
        r"(?P<side>(?:the )?side pot)(?: #?(?P<number>[0-9]+))?) \((?P<amount>[^)\s]+)\)"
    ),
    total=re.compile(r"^Total pot (?P<total>\S+) \| Rake (?P<rake>\S+)"),
    summary_cards=re.compile(r"^Seat \d+: (?P<name>.*?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^\]]*)\]"),
    noise=re.compile(
        r"(\(Observer\): |seconds left to act|is sitting out|has returned|sits down|stands up|"
        r"is disconnected|has reconnected|^ ?\([0-9A,]+\)$|^Duration |timed out|is feeling)"
    ),
    action_names_end_with_colon=False,
)
"""Full Tilt's lines, as its files of 2006 show them."""


def parse_hand(text: str) -> Optional[History]:
    """One Full Tilt hand as a History; None when it is not Omaha Hi/Lo ("Omaha Hi/Lo", "Omaha
    H/L")."""
    lines = text.split("\n")
    first = lines[0].lstrip("\ufeff")
    header = _HEADER.match(first)
    if not header:
        raise HistoryError(f"hand ?: not a Full Tilt hand header: {first[:80]!r}")
    hand_id = header.group("id")
    game = _GAME.match(header.group("game").strip())
    if game is None:
        return None
    description = header.group("description")
    tournament = "Sit & Go" in description or "Tournament" in description
    unit = unit_of(header.group("small"))
    stakes = (money(header.group("small"), unit, hand_id, first), money(header.group("big"), unit, hand_id, first))
    history = History(hand_id, game_name(4), _LIMITS[game.group("limit")], 4, stakes, unit, [], text=text)
    return read_lines(Reading(history, tournament=tournament), lines[1:], FULL_TILT)
