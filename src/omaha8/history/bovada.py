"""Bovada (Bodog, Ignition) hand histories, read into the ``History`` record.

Bovada's tables are anonymous: a player's name is its position of the hand ("Dealer", "Small
Blind", "UTG+2"), the hero's marked "[ME]" (dropped here), and every player's hole cards are
printed ("Card dealt to a spot"). Each line is "Name : Verb amount" with Bovada's verbs: "Call"
and "Calls", "Raises $1.73 to $1.86", "All-in $2.36" (the chips added: a call, a bet or a raise
by what it comes to), "Return uncalled portion of bet", "Hand result" for what a player
collected. The button is "Set dealer/Bring in spot [N]". A cash game's header holds no stakes:
the blinds are what the blinds posted. The total pot counts the rake, and the rake is not
printed: it is the total pot less what was collected. Files of 2012 print no street lines: a
street begins where the betting of the last one closed (every player still able to bet has
acted and matched the bet), its cards taken from the summary's board, and the streets an all-in
leaves unplayed are dealt before the showdown.
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
        lines = _with_street_lines(hand_id, lines)
    tournament = "Tournament #" in description
    unit = 1 if tournament else 100
    level = _LEVEL.search(description)
    stakes = (0, 0)
    if level is not None:
        stakes = (money(level.group("small"), unit, hand_id, first), money(level.group("big"), unit, hand_id, first))
        if limit_match.group(1) == "Fixed Limit":  # "Level 6 (75/150)" are the blinds: bets of 150 and 300
            stakes = (stakes[1], 2 * stakes[1])
    history = History(hand_id, game_name(4), _LIMITS[limit_match.group(1)], 4, stakes, unit, [], text=text)
    reading = Reading(history, tournament=tournament, button=_button_by_names(history, lines))
    read = read_lines(reading, lines[1:], BOVADA)
    if level is None:
        read.stakes = posted_stakes(read)
    return read


_BOARD = re.compile(r"^Board \[(?P<cards>[^\]]*)\]")
_STACK = re.compile(r"^Seat [0-9]{1,4}: (?P<name>.+?) \((?P<stack>[0-9][0-9,.]*) in chips\)")
_BETTING_ENDS = re.compile(_NAME + r"(?:Showdown|Mucks|Does not show|Hand [Rr]esult|Return uncalled)\b")
_NEXT = (("FLOP", 0, 3), ("TURN", 3, 4), ("RIVER", 4, 5))


def _with_street_lines(hand_id: str, lines: list[str]) -> list[str]:
    """A hand of 2012's lines with the street lines Bovada did not print: each street begins
    where the last one's betting closed, with its cards from the summary's board; the streets
    left to deal when the betting has ended (players all in) come before the showdown."""
    board = next((m.group("cards").split() for line in lines if (m := _BOARD.match(line.strip()))), [])
    stacks = {m.group("name"): _chips(m.group("stack"), hand_id) for line in lines if (m := _STACK.match(line.strip()))}
    betting = _Betting(hand_id, stacks)
    out: list[str] = []
    dealing = False  # after "*** HOLE CARDS ***", before the betting ends
    for line in lines:
        stripped = line.strip()
        if stripped == "*** HOLE CARDS ***":
            dealing = True
        elif dealing and (stripped.startswith("*** ") or _BETTING_ENDS.match(stripped)):
            dealing = False
            if len(betting.alive) > 1:  # the betting over with players all in: the board is dealt out
                while betting.street < len(_NEXT) and len(board) >= _NEXT[betting.street][2]:
                    out.append(_street_line(betting.street, board))
                    betting.street += 1
        elif action := BOVADA.action.match(stripped):
            if dealing and betting.closed and action.group("post") is None:
                if betting.street >= len(_NEXT) or len(board) < _NEXT[betting.street][2]:
                    raise HistoryError(f"hand {hand_id}: an action after the last street's betting: {stripped!r}")
                out.append(_street_line(betting.street, board))
                betting.next_street()
            betting.act(action)
        out.append(line)
    return out


def _street_line(street: int, board: list[str]) -> str:
    """The line Bovada writes from 2014 on: "*** TURN *** [Ts Jd 5d] [Js]"."""
    name, before, after = _NEXT[street]
    known = f"[{' '.join(board[:before])}] " if before else ""
    return f"*** {name} *** {known}[{' '.join(board[before:after])}]"


def _chips(text: str, hand_id: str) -> int:
    """An amount in hundredths (chips or cents: the street lines only compare amounts)."""
    return money(text, 100, hand_id, text)


class _Betting:
    """Just enough of a betting round to tell where it closes: who is still in, who is all in,
    each player's bet this round and who has acted since the last bet or raise."""

    def __init__(self, hand_id: str, stacks: dict[str, int]) -> None:
        self.hand_id = hand_id
        self.left = dict(stacks)  # chips behind
        self.alive = set(stacks)  # not folded
        self.bets: dict[str, int] = {}
        self.acted: set[str] = set()
        self.street = 0  # the next street to deal: 0 the flop

    @property
    def closed(self) -> bool:
        """Whether the round's betting is over: every player who can still bet has acted and
        matched the bet. (A lone such player facing only all-ins may still check, as Bovada
        writes; when it does not, the betting ends there and the board is dealt out.)"""
        level = max(self.bets.values(), default=0)
        able = [p for p in self.alive if self.left.get(p, 0) > 0]
        if len(self.alive) < 2:
            return False  # the hand is won: no street follows
        return all(self.bets.get(p, 0) >= level and p in self.acted for p in able)

    def next_street(self) -> None:
        self.street += 1
        self.bets = {}
        self.acted = set()

    def act(self, action: re.Match) -> None:
        name, what = action.group("name"), action.group("what")
        if name not in self.left:
            return  # not seated: the reader names it
        mine = self.bets.get(name, 0)
        if action.group("post") is not None:
            added = _chips(action.group("posted"), self.hand_id)
            live = 0 if action.group("post") in ("Posts dead chip", "Ante chip") else added
            self._put(name, added, mine + live)
            return
        word = what.split()[0].lower()
        if word.startswith("fold"):
            self.alive.discard(name)
        elif word.startswith(("call", "check")):
            self._put(name, _chips(action.group("amount"), self.hand_id) if action.group("amount") else 0, None)
        elif word in ("bets", "all-in"):
            self._put(name, _chips(action.group("amount"), self.hand_id), None)
        else:  # "Raises 300" (2012: the total) or "Raises 1.73 to 1.86"
            total = _chips(action.group("to") or action.group("by"), self.hand_id)
            self._put(name, total - mine, total)
        self.acted.add(name)

    def _put(self, name: str, added: int, total: Optional[int]) -> None:
        level = max(self.bets.values(), default=0)
        self.left[name] -= added
        self.bets[name] = self.bets.get(name, 0) + added if total is None else total
        if self.bets[name] > level and self.acted:
            self.acted = set()  # a bet or a raise: everyone else acts again


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
