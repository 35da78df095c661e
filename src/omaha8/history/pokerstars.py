"""PokerStars-format hand histories: read into the ``History`` record, and written from a Hand.

``parse_hand`` reads a hand in any of the header forms PokerStars and the trackers that copy its
files used (``formats`` finds the hands of a file, in any encoding); ``STARS`` says how its
lines read, for ``reading.read_lines``.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from ..exceptions import HistoryError
from ..game import Action, Hand, Kind, Limit
from .reading import DEALT_TO, STARRED_SECTIONS, Dialect, Reading, money, read_lines, split_hands, unit_of
from .record import History, extra_posts, game_name, walk

__all__ = ["HEADER_START", "STARS", "parse_hand", "write"]

# Every header form of fpdb's PokerStars regression files: "Hand" or (before 2011) "Game", Zoom
# and Home Game ("{Club}") tables, cash and tournaments, any time zone.
_HEADER = re.compile(
    r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #([0-9]{1,30}):\s*(?:\{[^}]*\}\s*)?(.*?)"
    r"\s+-\s+[0-9]{4}/[0-9]"
)
HEADER_START = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #")
"""How a hand of PokerStars' begins: its files are cut into hands here."""
_GAME = re.compile(r"(?<![\w/])(?:([56]) Card )?Omaha Hi/Lo (Limit|Pot Limit|No Limit)\b", re.IGNORECASE)
# The blinds or bets: the last parentheses of the description; a mixed game's cash header puts
# the game first, "(Omaha Hi/Lo Limit, $400/$800 USD)".
_STAKES = re.compile(r"\((?:[^(),]*,\s*)?([^()/]*?)/([^()]*?)(?:\s+[A-Z]{3})?\)\s*$")
# The cap omaha8 writes into the table name where PokerStars' own would not replay the hand.
_CAP_TABLE = re.compile(r"^omaha8 \((?:([0-9]{1,3}) raises a round|no cap)\)$")
_ACTION = re.compile(
    r"^(?P<name>.*?): (?P<what>folds|checks|(?:calls|bets) (?P<amount>\S+)|raises \S+ to (?P<to>\S+)|"
    r"posts (?P<post>small blind|big blind|small & big blinds|the ante) (?P<posted>\S+))"
    r"(?: and is all-in)?\s*$"
)
# Lines about the table rather than the hand: they change nothing.
_NOISE = re.compile(
    r"(is sitting out|has returned|joins the table|leaves the table|has timed out|"
    r"is disconnected|is connected|said, \"|doesn't show hand|No low hand qualified|"
    r"will be allowed to play|was removed from the table|sits out|finished the tournament|"
    r"is allowed to play|has been disconnected|has reconnected|Betting is capped|"
    r"out of hand)"
)


def _cap_in_table_name(reading: Reading, name: str) -> None:
    """The fixed-limit cap omaha8 writes into the table's name where PokerStars' would not
    replay the hand."""
    if cap := _CAP_TABLE.match(name):
        reading.history.max_raises = int(cap.group(1)) if cap.group(1) else None


STARS = Dialect(
    sections=STARRED_SECTIONS,
    table=re.compile(r"^Table '(?P<name>.*)' .*Seat #(?P<button>[0-9]{1,3}) is the button"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.*) \((?P<stack>\S+) in chips(?:[^)]*)\)(?P<rest>.*)$"),
    action=_ACTION,
    posts={
        "small blind": "small blind",
        "big blind": "big blind",
        "small & big blinds": "small & big blinds",
        "the ante": "ante",
    },
    dealt=DEALT_TO,
    shows=re.compile(r"^(?P<name>.*?): shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.*?): mucks hand"),
    uncalled=re.compile(r"^Uncalled bet \((?P<amount>\S+)\) returned to (?P<name>.*?)\s*$"),
    collected=re.compile(
        r"^(?P<name>.*?) collected (?P<amount>\S+) from (?:pot|main pot|(?P<side>side pot)(?:-(?P<number>\d+))?)\s*$"
    ),
    total=re.compile(r"^Total pot (?P<total>\S+).*\| Rake (?P<rake>\S+)"),
    summary_cards=re.compile(r"^Seat \d+: (?P<name>.*?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^\]]*)\]"),
    noise=_NOISE,
    on_table=_cap_in_table_name,
)
"""PokerStars' lines, from 2005 to today."""

_LIMITS = {"limit": "fixed", "pot limit": "pot", "no limit": "no"}


def _split_hands(text: str) -> list[str]:
    return split_hands(text, HEADER_START)


def parse_hand(text: str) -> Optional[History]:
    """One hand's text as a History; None when it is not Omaha Hi/Lo. The header line opens the
    hand; the other lines are read as ``STARS`` says."""
    lines = text.split("\n")
    reading = _read_header(text, lines[0])
    if reading is None:
        return None
    return read_lines(reading, lines[1:], STARS)


def _read_header(text: str, first: str) -> Optional[Reading]:
    """The hand's first line: its id, game, limit and stakes, as a Reading of a new History;
    None for a game other than Omaha Hi/Lo."""
    header = _HEADER.match(first.lstrip("\ufeff"))
    if not header:
        raise HistoryError(f"hand ?: not a PokerStars hand header: {first.lstrip(chr(0xFEFF))[:80]!r}")
    hand_id, description = header.group(1), header.group(2)
    game = _GAME.search(description)
    if not game:
        return None
    limit = _LIMITS[game.group(2).lower()]
    stakes_match = _STAKES.search(description)
    if not stakes_match:
        raise HistoryError(f"hand {hand_id}: no stakes in the header line {first!r}")
    # Money in the stakes means cents; a tournament's buy-in in the header does not.
    unit = unit_of(stakes_match.group(0))
    stakes = (money(stakes_match.group(1), unit, hand_id, first), money(stakes_match.group(2), unit, hand_id, first))
    hole_size = int(game.group(1) or 4)
    history = History(hand_id, game_name(hole_size), limit, hole_size, stakes, unit, [], text=text)
    return Reading(history, tournament="Tournament #" in description)


_LIMIT_TITLES = {Limit.FIXED: "Limit", Limit.POT: "Pot Limit", Limit.NO: "No Limit"}


def _site_cap(n: int) -> Optional[int]:
    """PokerStars' fixed-limit cap: a bet and three raises, none heads-up."""
    return 3 if n > 2 else None


def _check_names(names: Optional[Sequence[str]], n: int) -> list[str]:
    if names is None:
        return [f"Player{seat + 1}" for seat in range(n)]
    if isinstance(names, (str, bytes)):
        raise HistoryError("names must be a list of player names, one per seat")
    names = list(names)
    if len(names) != n:
        raise HistoryError(f"names: {len(names)} names for {n} seats")
    for name in names:
        if not isinstance(name, str) or not name.strip() or name != name.strip() or any(c in name for c in "\r\n"):
            raise HistoryError(
                f"names: {name!r} is not a name a history can carry (a line of text, no spaces at its ends)"
            )
    if len(set(names)) != n:
        raise HistoryError("names: every seat needs its own name")
    return names


def write(hand: Hand, hand_id: int = 1, names: Optional[Sequence[str]] = None, currency: str = "") -> str:
    """A finished Hand as a PokerStars-format history, every hole card dealt written out,
    which ``read`` reads back to the same hand. Amounts are chips, or with ``currency`` ("$",
    "€", "£") cents written as money: 5 as "$0.05". A fixed-limit cap other than PokerStars'
    is written into the table name, "omaha8 (2 raises a round)", where ``read`` finds it."""
    if hand.actor is not None:
        raise HistoryError("write takes a finished hand (hand.actor is None)")
    if currency not in ("", "$", "€", "£"):
        raise HistoryError(f"currency must be '', '$', '€' or '£', not {currency!r}")
    writer = _Writer(hand, _check_names(names, hand.n), currency)
    lines = writer.header(hand_id) + walk(hand, writer.writers()) + writer.results()
    return "\n".join(lines) + "\n"


class _Writer:
    """A hand's lines as PokerStars writes them: the header and seats, one writer per kind of
    Action for ``walk`` (the board so far and the bet to match go along, for the street lines
    and the "raises X to Y" of a raise), then the showdown, the pots and the summary."""

    def __init__(self, hand: Hand, names: list[str], currency: str) -> None:
        self.hand, self.names, self.currency = hand, names, currency
        # A dead small blind and a live big blind from one seat are one post, as PokerStars
        # writes them; other amounts are written as two posts, which read back the same.
        self.live_extra = {
            seat: live for seat, (live, dead) in extra_posts(hand).items() if live and dead and dead == hand.blinds[0]
        }
        self.actions = hand.history
        self.board: list = []
        self.to_match = 0  # the bet to match this round

    def money(self, amount: int) -> str:
        if not self.currency:
            return str(amount)
        whole, cents = divmod(amount, 100)
        return f"{self.currency}{whole}" + (f".{cents:02d}" if cents else "")

    def header(self, hand_id: int) -> list[str]:
        hand, n, money = self.hand, self.hand.n, self.money
        game = (f"{hand.hole_size} Card " if hand.hole_size != 4 else "") + "Omaha Hi/Lo"
        stakes = hand.fixed_bets if hand.limit == Limit.FIXED else hand.blinds
        table = "omaha8"
        if hand.limit == Limit.FIXED and hand.max_raises != _site_cap(n):
            table = "omaha8 (no cap)" if hand.max_raises is None else f"omaha8 ({hand.max_raises} raises a round)"
        usd = " USD" if self.currency == "$" else ""
        lines = [
            f"PokerStars Hand #{hand_id}:  {game} {_LIMIT_TITLES[hand.limit]} "
            f"({money(stakes[0])}/{money(stakes[1])}{usd}) - 2026/01/01 00:00:00 ET",
            f"Table '{table}' {n}-max Seat #{n} is the button",
        ]
        starting = hand.starting_stacks
        return lines + [f"Seat {seat + 1}: {self.names[seat]} ({money(starting[seat])} in chips)" for seat in range(n)]

    def writers(self) -> dict:
        return {
            Kind.ANTE: lambda at, a: [f"{self.who(a)}: posts the ante {self.money(a.amount)}{self.tail(a)}"],
            Kind.DEAD_BLIND: self.dead_blind,
            Kind.SMALL_BLIND: self.blind,
            Kind.BIG_BLIND: self.blind,
            Kind.HOLE_CARDS: self.hole_cards,
            Kind.BOARD: self.board_cards,
            Kind.FOLD: lambda at, a: [f"{self.who(a)}: folds"],
            Kind.CHECK: lambda at, a: [f"{self.who(a)}: checks"],
            Kind.CALL: lambda at, a: [f"{self.who(a)}: calls {self.money(a.amount)}{self.tail(a)}"],
            Kind.BET: self.bet,
            Kind.RAISE: self.raise_,
            Kind.RETURN: lambda at, a: [f"Uncalled bet ({self.money(a.amount)}) returned to {self.who(a)}"],
        }

    def who(self, action: Action) -> str:
        return self.names[action.seat] if action.seat is not None else ""

    @staticmethod
    def tail(action: Action) -> str:
        return " and is all-in" if action.all_in else ""

    def dead_blind(self, at: int, action: Action) -> list[str]:
        if action.seat in self.live_extra:
            end = self.tail(self.actions[at + 1])  # the live part, next, is the one that can go all-in
            both = self.money(action.amount + self.live_extra[action.seat])
            return [f"{self.who(action)}: posts small & big blinds {both}{end}"]
        return [f"{self.who(action)}: posts small blind {self.money(action.amount)}{self.tail(action)}"]

    def blind(self, at: int, action: Action) -> list[str]:
        self.to_match = max(self.to_match, action.total)
        if action.kind == Kind.BIG_BLIND and action.seat in self.live_extra:
            return []  # written with the seat's dead blind
        return [f"{self.who(action)}: posts {action.kind} {self.money(action.amount)}{self.tail(action)}"]

    def hole_cards(self, at: int, action: Action) -> list[str]:
        dealt = [f"Dealt to {self.who(action)} [{' '.join(map(str, action.cards))}]"]
        return ["*** HOLE CARDS ***"] + dealt if action.seat == 0 else dealt

    def board_cards(self, at: int, action: Action) -> list[str]:
        old = " ".join(map(str, self.board))
        self.board.extend(action.cards)
        new = " ".join(map(str, action.cards))
        self.to_match = 0
        street = action.street
        return [f"*** {street.upper()} *** " + (f"[{new}]" if street == "flop" else f"[{old}] [{new}]")]

    def bet(self, at: int, action: Action) -> list[str]:
        self.to_match = action.total
        return [f"{self.who(action)}: bets {self.money(action.amount)}{self.tail(action)}"]

    def raise_(self, at: int, action: Action) -> list[str]:
        raised_by, self.to_match = action.total - self.to_match, action.total
        return [f"{self.who(action)}: raises {self.money(raised_by)} to {self.money(action.total)}{self.tail(action)}"]

    def results(self) -> list[str]:
        """The showdown, what each seat collected from each pot, and the summary."""
        hand, names, money = self.hand, self.names, self.money
        lines = []
        result = hand.result
        if hand.showdown_order:
            lines.append("*** SHOW DOWN ***")
            for seat in hand.showdown_order:
                lines.append(f"{names[seat]}: shows [{' '.join(map(str, hand.holes[seat]))}]")
        assert result is not None  # write takes a finished hand
        pots = [p for p in result.pots if p.amount]
        for number, pot in enumerate(pots):
            where = "pot" if len(pots) == 1 else ("main pot" if number == 0 else f"side pot-{number}")
            for seat, chips in enumerate(pot.awards):
                if chips:
                    lines.append(f"{names[seat]} collected {money(chips)} from {where}")
        lines.append("*** SUMMARY ***")
        lines.append(f"Total pot {money(hand.pot)} | Rake {money(0)}")
        if self.board:
            lines.append(f"Board [{' '.join(map(str, self.board))}]")
        return lines
