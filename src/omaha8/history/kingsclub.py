"""KingsClub (Americas Cardroom's private clubs, 2020-2021) hand histories, read into the
``History`` record.

KingsClub writes "#39969304: Pot Limit Omaha Hi-Lo - 5/10" ("Big O" for five cards, "Limit" for
fixed limit), the date on a line of its own, the posts with a colon after the name and the other
actions without ("Hero raises to 30", "bets 198.49, and is all in"; "calls 90" calls to 90, not
90 more), unseen hole cards as
"[X X X X]", and boards run twice as "*** BOARD 2 - RIVER *** [- - - Qd] [Jd]" (a dash for a
card both boards share). Its summary prints each player's stack after the hand and the rake,
but neither the total pot, nor a returned bet, nor every pot won ("wins pot (375)" leaves out a
side pot): what each player collected is worked out from its stacks, the pots not told.
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import STARRED_SECTIONS, Dialect, Reading, money, never, read_lines
from .record import History, game_name

__all__ = ["HEADER_START", "KINGSCLUB", "parse_hand"]

HEADER_START = re.compile(r"^#[0-9]{1,30}: ")
"""How a hand of KingsClub's begins: its files are cut into hands here."""
_HEADER = re.compile(r"^#(?P<id>[0-9]{1,30}): (?P<game>.*?) - (?P<small>[0-9][0-9,.]*)/(?P<big>[0-9][0-9,.]*)\s*$")
_GAME = re.compile(r"^(?P<limit>Limit|Pot Limit|No Limit) (?P<name>Omaha Hi-Lo|Big O)$")
_LIMITS = {"Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}

KINGSCLUB = Dialect(
    sections=STARRED_SECTIONS,
    table=re.compile(r"^Table '(?P<name>.*)' Seat (?P<button>[0-9]{1,3}) is the button"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.+?) \((?P<stack>[0-9][0-9,.]*)\)(?P<rest>.*)$"),
    action=re.compile(
        r"^(?P<name>.+?):? (?P<what>folds|checks|(?:calls|bets) (?P<amount>[^\s,]+)|raises (?:\S+ )?to (?P<to>[^\s,]+)|"
        r"posts (?P<post>the small blind|the big blind|ante) (?P<posted>[^\s,]+))(?:, and is all in)?\s*$"
    ),
    posts={"the small blind": "small blind", "the big blind": "big blind", "ante": "ante"},
    dealt=re.compile(r"^Dealt to (?P<name>.+?): \[(?P<cards>(?!X[ \]])[^\]]*)\]"),
    shows=re.compile(r"^(?P<name>.+?) shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.+?) mucks\b"),
    uncalled=re.compile(r"^Uncalled bet \((?P<amount>\S+)\) returned to (?P<name>.*?)\s*$"),
    collected=never("name", "amount", "side", "number"),  # worked out from the stacks
    total=re.compile(r"^Rake (?P<rake>[0-9][0-9,.]*)\s*$"),
    summary_cards=never("name", "cards"),
    summary_stacks=re.compile(
        r"^Seat [0-9]{1,3}: (?P<name>.+?) \((?P<stack>[0-9][0-9,.]*)\)(?: [+-][0-9][0-9,.]*)?\s*$"
    ),
    run_sections=re.compile(r"^\*\*\* BOARD (?P<run>[0-9]) - (?P<street>FLOP|TURN|RIVER) \*\*\*"),
    noise=re.compile(
        r"(^Dealt to .*\[X|said, \"|is sitting out|sits out|joins the table|leaves the table|"
        r"is disconnected|is connected|has timed out)"
    ),
    action_names_end_with_colon=False,
    calls_to_total=True,
)
"""KingsClub's lines, as its files of 2020 and 2021 show them."""


def parse_hand(text: str) -> Optional[History]:
    """One KingsClub hand as a History; None when it is not Omaha Hi/Lo ("Omaha Hi-Lo", "Big O")."""
    lines = text.split("\n")
    first = lines[0].lstrip("\ufeff")
    header = _HEADER.match(first)
    if not header:
        raise HistoryError(f"hand ?: not a KingsClub hand header: {first[:80]!r}")
    hand_id = header.group("id")
    game = _GAME.match(header.group("game"))
    if game is None:
        return None
    # KingsClub's clubs play for dollars to the cent, printed without the sign.
    unit = 100
    stakes = (money(header.group("small"), unit, hand_id, first), money(header.group("big"), unit, hand_id, first))
    hole_size = 5 if game.group("name") == "Big O" else 4
    history = History(
        hand_id, game_name(hole_size), _LIMITS[game.group("limit")], hole_size, stakes, unit, [], text=text
    )
    return read_lines(Reading(history), lines[1:], KINGSCLUB)
