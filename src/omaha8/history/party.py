"""PartyPoker, 888 (Pacific, Cassava) and Everleaf hand histories, read into the ``History`` record.

Both write a hand as "***** Hand History for Game N *****" ("***** Cassava Hand History ...",
888's) after a "#Game No : N" line, streets as "** Dealing flop ** [ 2s, 5h, Jc ]", seats as
"Seat 4: Jack0340 ( $60 USD )", and amounts in brackets, each the chips the action adds ("raises
[$30 USD]" after a small blind of 10 is a raise to 40). Neither prints the total pot nor a bet
returned: the total is the bets, the last bet nobody called worked out. PartyPoker pays
"wins $239 USD" with that bet in it and prints no rake (the rake is what the pot kept); a pot
split high and low is two lines ("wins Lo (640 chips)"). 888 prints what each pot paid in its
summary ("collected [ $116 ]", high and low apart) and no rake either. Everleaf writes
PartyPoker's shape with "Everleaf Gaming Game #N" before it, "$ 0.05" with a space, a fixed-limit
game by its bets with no limit named ("$0.50/$1 Omaha Hi/Lo"), and wins without the uncalled
bet.
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import DEALT_TO, Dialect, Reading, money, never, posted_stakes, read_lines
from .record import History, game_name

__all__ = ["HEADER_START", "PREAMBLE", "PARTYPOKER", "PACIFIC", "EVERLEAF", "parse_hand"]

HEADER_START = re.compile(
    r"^(?:#Game No : [0-9]|Game #[0-9]+ starts\.|\*{5} (?:Cassava |888poker |888\.es )?Hand History [Ff]or Game [0-9]|"
    r"Everleaf Gaming Game #[0-9])"
)
"""How a hand of either site begins, its preamble lines included: its files are cut here."""
PREAMBLE = re.compile(r"^(?:#Game No : [0-9]+|Game #[0-9]+ starts\.|Everleaf Gaming Game #[0-9]+)\s*$")
"""The lines before a hand's header."""
_HEADER = re.compile(
    r"^\*{5} (?:(?P<pacific>Cassava |888poker |888\.es )?Hand History [Ff]or Game |"
    r"(?P<everleaf>Hand history for game #))(?P<id>[0-9]{1,30}) \*{5}"
)
_TEN = re.compile(r"(?<=[2-9TJQKA][cdhs]),")

_SECTIONS = {
    "** Dealing down cards **": "preflop",
    "** Dealing Flop **": "flop",
    "** Dealing flop **": "flop",
    "** Dealing Turn **": "turn",
    "** Dealing turn **": "turn",
    "** Dealing River **": "river",
    "** Dealing river **": "river",
}
_COMMON = {
    "section_starts": ("** ",),
    "table": re.compile(r"^Seat (?P<button>[0-9]{1,3}) is the button(?P<name>)"),
    "seat": re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.+?) \( +(?P<stack>[^ ()]+)(?: USD)? \)(?P<rest>.*)$"),
    "action": re.compile(
        r"^(?P<name>.+?):? (?P<what>folds|checks|(?:calls|bets|raises) \[(?P<amount>[^\] ]+)(?: USD)?\]|"
        r"posts (?P<post>small blind|big blind) \[(?P<posted>[^\] ]+)(?: USD)?\]\.?)\s*$"
    ),
    "posts": {"small blind": "small blind", "big blind": "big blind"},
    "dealt": DEALT_TO,
    "shows": re.compile(r"^(?P<name>.+?) shows \[(?P<cards>[^\]]*)\]"),
    # A hand not shown at the showdown is mucked: it concedes (the winner of an uncontested pot
    # "does not show cards" too, and wins all the same).
    "mucks": re.compile(r"^(?P<name>.+?) (?:mucks|does not show cards)\b(?: \[(?P<cards>[^\]]*)\])?"),
    "uncalled": never("name", "amount"),  # never printed
    "total": never("total", "rake"),  # never printed
    "summary_cards": never("name", "cards"),
    "action_names_end_with_colon": False,
    "total_unprinted": True,
}
_NOISE = (
    r"(did not show his hand|doesn't show|shows[0-9A-Z]|^\((?:Hi|Lo): |^Trny: |^Blinds\(|"
    r"^Total number of players|^Table |^Game #[0-9]+ starts|^#Game No|is sitting out|has left the table|"
    r"has joined the table|will be using his time bank|is disconnected|has been reconnected|: )"
)

PARTYPOKER = Dialect(
    sections=_SECTIONS,
    collected=re.compile(
        r"^(?P<name>.+?) wins (?:Lo \()?(?P<amount>[$0-9][0-9.,]*)(?: USD| chips)?\)?"
        r"(?: from the (?:main pot|(?P<side>side pot)[ -]?(?P<number>[0-9]*)))?(?: with .*)?\.?\s*$"
    ),
    noise=re.compile(_NOISE),
    uncalled_paid_as_pot=True,
    rake_implied=True,
    **_COMMON,  # type: ignore[arg-type]
)
"""PartyPoker's lines, as its files of 2012 to 2016 show them."""

PACIFIC = Dialect(
    sections={**_SECTIONS, "** Summary **": "showdown"},
    collected=re.compile(r"^(?P<name>.+?) collected \[ (?P<amount>[^ \]]+) \](?P<side>)(?P<number>)\s*$"),
    noise=re.compile(_NOISE),
    rake_implied=True,
    **_COMMON,  # type: ignore[arg-type]
)
"""888's lines (Pacific Poker, Cassava), as its files of 2011 to 2013 show them."""

EVERLEAF = Dialect(
    sections=_SECTIONS,
    collected=re.compile(
        r"^(?P<name>.+?) wins +(?:(?:high|low) \()?(?P<amount>\$?[0-9][0-9.,]*)(?: USD)?\)? from "
        r"(?:the )?(?:main pot|(?P<side>side pot)[ -]?(?P<number>[0-9]*))"
    ),
    noise=re.compile(_NOISE + r"|has disconnected|has been given|has reconnected"),
    rake_implied=True,
    **_COMMON,  # type: ignore[arg-type]
)
"""Everleaf's lines, as its files of 2010 show them: PartyPoker's shape, "$ 0.05" with a space."""

_PARTY_GAME = re.compile(
    r"^(?:(?P<stakes>\$?[0-9][0-9.,]*(?:/\$?[0-9][0-9.,]*)?)(?: USD)? )?(?P<limit>PL|FL|NL) Omaha Hi-Lo\b"
    r"(?:.*?Blinds\((?P<small>[0-9][0-9,]*)/(?P<big>[0-9][0-9,]*)\))?"
)
_PACIFIC_GAME = re.compile(
    r"^\$?(?P<small>[0-9][0-9.,]*)/\$?(?P<big>[0-9][0-9.,]*) Blinds (?P<limit>Pot Limit|Fix Limit|No Limit) OmahaHL\b"
)
_EVERLEAF_GAME = re.compile(
    r"^(?:Blinds )?\$?(?P<small>[0-9][0-9.,]*)/\$?(?P<big>[0-9][0-9.,]*) (?:(?P<limit>PL|NL|FL) )?Omaha Hi/Lo\b"
)
_LIMITS = {"PL": "pot", "FL": "fixed", "NL": "no", "Pot Limit": "pot", "Fix Limit": "fixed", "No Limit": "no"}


def parse_hand(text: str) -> Optional[History]:
    """One hand of PartyPoker's or 888's as a History; None when it is not Omaha Hi/Lo."""
    text = _TEN.sub("", text)  # "[ 9h, 7c, Qs, 6d ]": the cards without their commas
    text = text.replace("$ ", "$")  # Everleaf's "$ 0.05"
    lines = text.split("\n")
    while lines and (not lines[0].strip() or PREAMBLE.match(lines[0].strip().lstrip("\ufeff"))):
        del lines[0]
    first = lines[0].strip().lstrip("\ufeff") if lines else ""
    header = _HEADER.match(first)
    if not header or len(lines) < 3:
        raise HistoryError(f"hand ?: not a PartyPoker or 888 hand header: {first[:80]!r}")
    hand_id, game_line = header.group("id"), lines[1].strip()
    if header.group("pacific"):
        return _read(text, lines, hand_id, game_line, _PACIFIC_GAME, PACIFIC)
    if header.group("everleaf"):
        return _read(text, lines, hand_id, game_line, _EVERLEAF_GAME, EVERLEAF)
    return _read(text, lines, hand_id, game_line, _PARTY_GAME, PARTYPOKER)


def _read(
    text: str, lines: list[str], hand_id: str, game_line: str, pattern: re.Pattern, dialect: Dialect
) -> Optional[History]:
    game = pattern.match(game_line)
    if game is None:
        if "Omaha Hi-Lo" in game_line or "OmahaHL" in game_line:
            raise HistoryError(f"hand {hand_id}: a game line omaha8 does not read: {game_line[:80]!r}")
        return None
    tournament = any("Tournament #" in line or "Trny:" in line for line in lines[1:4])
    unit = 1 if tournament else 100
    limit = _LIMITS[game.group("limit") or "FL"]  # Everleaf names no limit for fixed limit
    stakes = (0, 0)
    small, big = game.groupdict().get("small"), game.groupdict().get("big")
    fixed_stakes = game.groupdict().get("stakes")
    if small and big:
        stakes = (money(small, unit, hand_id, game_line), money(big, unit, hand_id, game_line))
    elif limit == "fixed" and fixed_stakes and "/" in fixed_stakes:
        low, high = fixed_stakes.split("/")
        stakes = (money(low, unit, hand_id, game_line), money(high, unit, hand_id, game_line))
    history = History(hand_id, game_name(4), limit, 4, stakes, unit, [], text=text)
    read = read_lines(Reading(history, tournament=tournament), _dealt_in(history, lines[2:]), dialect)
    if read.stakes == (0, 0):
        read.stakes = posted_stakes(read)
    elif limit == "fixed" and dialect is PACIFIC:
        read.stakes = (read.stakes[1], 2 * read.stakes[1])  # 888 names a fixed-limit game by its blinds
    return read


def _dealt_in(history: History, lines: list[str]) -> list[str]:
    """The lines without the players who fold before the cards are dealt (888 prints one so, a
    player sitting out): they are not dealt in, with a note."""
    deal = next((at for at, line in enumerate(lines) if line.strip() == "** Dealing down cards **"), len(lines))
    out = {line.strip()[: -len(" folds")] for line in lines[:deal] if line.strip().endswith(" folds")}
    if not out:
        return lines
    history.notes.append(f"hand {history.hand_id}: {', '.join(sorted(out))} folded before the deal: not dealt in")
    seat = re.compile(r"^Seat [0-9]{1,3}: (.+?) \( ")
    return [
        line
        for at, line in enumerate(lines)
        if not (at < deal and line.strip()[: -len(" folds")] in out and line.strip().endswith(" folds"))
        and not ((m := seat.match(line.strip())) and m.group(1) in out)
    ]
