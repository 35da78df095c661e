"""Winning Poker Network (Americas Cardroom, BlackChip, True Poker) hand histories of 2019 on,
PokerStars' shape in WPN's words, read into the ``History`` record.

WPN writes "Hand #..." ("Game Hand #..." in tournaments), its game as "Omaha H/L(Pot Limit)",
the table and button in one line without "Table", stacks without "in chips", actions without
a colon after the name, each street's pot so far ("Main pot $79.20 | Rake $0.80"), and a total
pot that is what was paid out, the rake and the jackpot fee ("JP Fee") apart. A walk prints no
"collected" line and no returned bet: the big blind "did not show and won" the whole pot in the
summary; it is read as the blind's uncalled part returned. A hand run twice writes each run's
streets ("*** FLOP 2 ***"), pots ("main pot 2") and showdown; both boards are read, and the replay
shares each pot between the runs. WPN's older format ("Game started at:", 2016-2017) is read
too (``WINNING_2016``).
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import DEALT_TO, STARRED_SECTIONS, Dialect, Reading, money, never, read_lines, unit_of
from .record import History, game_name

__all__ = ["HEADER_START", "WINNING", "WINNING_2016", "parse_hand"]

HEADER_START = re.compile(r"^(?:(?:Game )?Hand #[0-9]|Game started at: )")
"""How a hand of WPN's begins, in either format: its files are cut into hands here."""
_HEADER = re.compile(
    r"^(?:Game )?Hand #(?P<id>[0-9]{1,30}) - (?P<tournament>.*?Tournament #[0-9]+ - )?"
    r"(?P<game>[^(]*)\((?P<limit>[^)]*)\) - (?:Level [0-9]+ \()?(?P<small>[^/ ]+)/(?P<big>[^) ]+)\)?\s*- [0-9]{4}/"
)
_GAME = re.compile(r"^Omaha H/L$")
_LIMITS = {"Fixed Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}

WINNING = Dialect(
    sections={**STARRED_SECTIONS, "*** RUN IT TWICE ***": "showdown"},
    table=re.compile(r"^(?:Table )?(?P<name>.*?) (?:[0-9]+-max )?Seat #(?P<button>[0-9]{1,3}) is the button"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.*) \((?P<stack>[^\s()]+)\)(?P<rest>.*)$"),
    action=re.compile(
        r"^(?P<name>.*?) (?P<what>folds|checks|(?:calls|bets) (?P<amount>\S+)|raises \S+ to (?P<to>\S+)|"
        r"posts (?P<post>the small blind|the big blind|ante) (?P<posted>\S+))"
        r"(?: and is all-in)?\s*$"
    ),
    posts={"the small blind": "small blind", "the big blind": "big blind", "ante": "ante"},
    dealt=DEALT_TO,
    shows=re.compile(r"^(?P<name>.*?) shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.*?) mucks hand"),
    uncalled=re.compile(r"^Uncalled bet \((?P<amount>\S+)\) returned to (?P<name>.*?)\s*$"),
    collected=re.compile(
        r"^(?P<name>.*?) collected (?P<amount>\S+) from "
        r"(?:main pot|pot|(?P<side>side pot)[ -]?(?P<number>[0-9]+)?)(?: (?P<run>[1-3]))?\s*$"
    ),
    total=re.compile(r"^Total pot (?P<total>\S+)(?: \| Rake (?P<rake>\S+))?(?: \| JP Fee (?P<fee>\S+))?\s*$"),
    summary_cards=re.compile(r"^Seat \d+: (?P<name>.*?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^\]]*)\]"),
    run_sections=re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER|SHOW DOWN) (?P<run>[0-9]) \*\*\*"),
    summary_won=re.compile(r"^Seat \d+: (?P<name>.*?)(?: \([^)]*\))* did not show and won (?P<amount>\S+)\s*$"),
    noise=re.compile(
        r"(^Main pot |^Side pot |does not show|is sitting out|sitting out|is timed out|is disconnected|"
        r"is connected|has returned|said, \"|joins the table|leaves the table)"
    ),
    action_names_end_with_colon=False,
    total_includes_rake=False,
    uncalled_paid_as_pot=True,
)
"""WPN's lines, as its files of 2019 to 2021 show them."""


WINNING_2016 = Dialect(
    sections={
        "*** FLOP ***": "flop",
        "*** TURN ***": "turn",
        "*** RIVER ***": "river",
        "------ Summary ------": "summary",
    },
    section_starts=("*** ", "------ Summary"),
    table=re.compile(r"^Seat (?P<button>[0-9]{1,3}) is the button(?P<name>)"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.+?) \((?P<stack>[0-9][0-9,.]*)\)\.(?P<rest>.*)$"),
    action=re.compile(
        r"^Player (?P<name>.+?) (?P<what>folds|checks|(?:calls|bets|raises|allin) \((?P<amount>[0-9][0-9,.]*)\)|allin|"
        r"has (?P<post>small blind|big blind) \((?P<posted>[0-9][0-9,.]*)\))\s*$"
    ),
    posts={"small blind": "small blind", "big blind": "big blind"},
    dealt=re.compile(r"^Player (?P<name>.+?) received card: \[(?P<cards>[^\]]*)\]"),
    shows=never("name", "cards"),
    mucks=re.compile(r"^\*?Player (?P<name>.+?) mucks\b"),
    uncalled=re.compile(r"^Uncalled bet \((?P<amount>\S+)\) returned to (?P<name>.*?)\s*$"),
    collected=never("name", "amount", "side", "number"),
    total=re.compile(
        r"^Pot: (?P<total>[0-9][0-9,]*(?:\.[0-9]+)?)\.? Rake (?P<rake>[0-9][0-9,]*(?:\.[0-9]+)?)\.?"
        r"(?: JP fee (?P<fee>[0-9][0-9,]*(?:\.[0-9]+)?)\.?)?\s*$"
    ),
    summary_cards=re.compile(r"^\*?Player (?P<name>.+?) shows: [^\[]*\[(?P<cards>[^\]]*)\]"),
    summary_won=re.compile(
        r"^\*?Player (?P<name>.+?) (?:shows|mucks|does not show).*?Collects: (?P<amount>[0-9][0-9,.]*?)\.\s"
    ),
    noise=re.compile(
        r"(received a card\.|is timed out|sitting out|is disconnected|is connected|^Game ended at|^Board: |"
        r"has returned|said, \"|joins the table|leaves the table)"
    ),
    action_names_end_with_colon=False,
    total_includes_rake=False,
    one_card_a_line=True,
)
"""WPN's lines of 2016-2017: "Game started at:", "Player X has small blind (0.10)", hole cards
one a line, amounts in parentheses (a raise's the chips it adds), and a summary giving each
player's bets and what it collected."""
_HEADER_2016 = re.compile(
    r"^Game ID: (?P<id>[0-9]{1,30}) (?P<small>[0-9][0-9,.]*)/(?P<big>[0-9][0-9,.]*) .*\((?P<game>[^()]*)\)\s*$"
)
_TEN = re.compile(r"\b10([cdhs])\b")


def parse_hand(text: str) -> Optional[History]:
    """One WPN hand as a History, in either format; None when it is not Omaha Hi/Lo ("Omaha H/L",
    in 2016-2017 "Omaha HiLow")."""
    lines = text.split("\n")
    first = lines[0].lstrip("\ufeff")
    if first.startswith("Game started at: "):
        return _parse_2016(text, lines)
    header = _HEADER.match(first)
    if not header:
        raise HistoryError(f"hand ?: not a Winning Poker hand header: {first[:80]!r}")
    hand_id = header.group("id")
    if not _GAME.match(header.group("game").strip()):
        return None
    limit = _LIMITS.get(header.group("limit"))
    if limit is None:
        raise HistoryError(f"hand {hand_id}: a limit omaha8 does not know in the header line {first!r}")
    tournament = header.group("tournament") is not None
    unit = 1 if tournament else unit_of(header.group("small"))
    stakes = (money(header.group("small"), unit, hand_id, first), money(header.group("big"), unit, hand_id, first))
    history = History(hand_id, game_name(4), limit, 4, stakes, unit, [], text=text)
    return read_lines(Reading(history, tournament=tournament), lines[1:], WINNING)


def _parse_2016(text: str, lines: list[str]) -> Optional[History]:
    """A hand of WPN's format of 2016-2017. It names no limit: its Omaha Hi-Lo was pot limit (as
    the files' names say). Its stakes are the blinds posted (the header's pair is not always
    them: "40/80" over blinds of 20 and 40). A card's ten is "10"."""
    text = _TEN.sub(r"T\1", text)
    lines = text.split("\n")
    game_line = next((line.strip() for line in lines[1:4] if line.strip().startswith("Game ID: ")), "")
    header = _HEADER_2016.match(game_line)
    if not header:
        raise HistoryError(f"hand ?: no 'Game ID:' line after {lines[0].strip()[:60]!r}")
    hand_id = header.group("id")
    if header.group("game") != "Omaha HiLow":
        return None
    unit = 100
    stakes = (
        money(header.group("small"), unit, hand_id, game_line),
        money(header.group("big"), unit, hand_id, game_line),
    )
    history = History(hand_id, game_name(4), "pot", 4, stakes, unit, [], text=text)
    # "*** FLOP ***:" with no cards before the hole cards (one file of 2016): no street at all.
    rest = [line for line in lines[1:] if not line.strip().startswith("Game ID: ") and line.strip() != "*** FLOP ***:"]
    read = read_lines(Reading(history), rest, WINNING_2016)
    small = [s.amount for s in read.steps if s.kind == "small blind"]
    big = [s.amount for s in read.steps if s.kind == "big blind" and not s.all_in]
    if big:
        read.stakes = (small[0] if small else read.stakes[0], max(big))
    return read
