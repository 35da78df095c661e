"""PokerStars-format hand histories: read into the ``History`` record, and written from a Hand.

Reading finds every Omaha Hi/Lo hand of a file (other games are counted, other sites' formats
named), in any of the encodings and header forms PokerStars and the trackers that copy its
files used; one bad hand costs that hand, not the file.
"""

from __future__ import annotations

import os
import re
from typing import Optional, Sequence, Union

from ..exceptions import HistoryError
from ..game import Action, Hand, Kind, Limit
from .reading import Reading, finish, money, split_hands, unit_of
from .record import History, ReadResult, extra_posts, game_name, text_of, walk

__all__ = ["read", "read_all", "parse_hand", "write"]

_STREET_MARKERS = {
    "*** HOLE CARDS ***": "preflop",
    "*** FLOP ***": "flop",
    "*** TURN ***": "turn",
    "*** RIVER ***": "river",
    "*** SHOW DOWN ***": "showdown",
    "*** SUMMARY ***": "summary",
}
# Every header form of fpdb's PokerStars regression files: "Hand" or (before 2011) "Game", Zoom
# and Home Game ("{Club}") tables, cash and tournaments, any time zone.
_HEADER = re.compile(
    r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #([0-9]{1,30}):\s*(?:\{[^}]*\}\s*)?(.*?)"
    r"\s+-\s+[0-9]{4}/[0-9]"
)
_HEADER_START = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #")
_GAME = re.compile(r"(?<![\w/])(?:([56]) Card )?Omaha Hi/Lo (Limit|Pot Limit|No Limit)\b", re.IGNORECASE)
# The blinds or bets: the last parentheses of the description; a mixed game's cash header puts
# the game first, "(Omaha Hi/Lo Limit, $400/$800 USD)".
_STAKES = re.compile(r"\((?:[^(),]*,\s*)?([^()/]*?)/([^()]*?)(?:\s+[A-Z]{3})?\)\s*$")
_TABLE = re.compile(r"^Table '(.*)' .*Seat #([0-9]{1,3}) is the button")
_SEAT = re.compile(r"^Seat ([0-9]{1,3}): (.*) \((\S+) in chips(?:[^)]*)\)(.*)$")
# The cap omaha8 writes into the table name where PokerStars' own would not replay the hand.
_CAP_TABLE = re.compile(r"^omaha8 \((?:([0-9]{1,3}) raises a round|no cap)\)$")
# Other sites' hand histories, by how their hands begin: named in the error, not read.
_OTHER_FORMATS = (
    (re.compile(r"^\s*(?:Full Tilt Poker|FullTiltPoker) (?:Game|Hand) #", re.M), "Full Tilt Poker"),
    (re.compile(r"^\s*Winamax Poker - ", re.M), "Winamax"),
    (re.compile(r"^\s*(?:Bovada|Bodog|Ignition) Hand #", re.M), "Bovada / Ignition"),
    (re.compile(r"^\s*BetOnline Poker Game #", re.M), "BetOnline"),
    (re.compile(r"^\s*Poker Hand #[A-Z]{2}[0-9]+:", re.M), "GGPoker"),
    (re.compile(r"^\s*(?:#Game No : |\*{5} (?:888poker|Cassava) Hand History)", re.M), "888poker"),
    (re.compile(r"^\s*\*{5} Betfair Poker Hand History", re.M), "Betfair"),
    (re.compile(r"^\s*\*{5} Hand History [Ff]or Game", re.M), "PartyPoker"),
    (re.compile(r"^\s*\*{5} History for hand ", re.M), "OnGame"),
    (re.compile(r"^\s*Everleaf Gaming Game #", re.M), "Everleaf"),
    (re.compile(r"^\s*Stage #\w+:", re.M), "Absolute / UltimateBet (Cereus)"),
    (re.compile(r"^\s*(?:Game started at: |Game Hand #[0-9]+ - )", re.M), "Winning Poker"),
    (re.compile(r"^\s*Table #[0-9]+ - .*\n\s*Starting Hand #", re.M), "PKR"),
    (re.compile(r"^\s*Game # [0-9]+ - ", re.M), "Entraction"),
    (re.compile(r"^\s*#[0-9]+: .*Omaha", re.M), "KingsClub"),
    (re.compile(r"----PRIMA\.DAT----|<Game hhversion=", re.M), "Microgaming"),
    (re.compile(r"<HISTORY ID=", re.M), "Boss Media"),
    (re.compile(r"<description type=|<game id=\"", re.M), "Merge (XML)"),
    (re.compile(r"<session |<game gamecode=", re.M), "iPoker (XML)"),
    (re.compile(r"^\s*<\?xml ", re.M), "an XML history"),
)
_ACTION = re.compile(
    r"^(.*?): (folds|checks|calls (\S+)|bets (\S+)|raises (\S+) to (\S+)|"
    r"posts small blind (\S+)|posts big blind (\S+)|posts small & big blinds (\S+)|posts the ante (\S+))"
    r"(?: and is all-in)?\s*$"
)
_DEALT = re.compile(r"^Dealt to (.*?) \[([^\]]*)\]")
_SHOWS = re.compile(r"^(.*?): shows \[([^\]]*)\]")
_MUCKS = re.compile(r"^(.*?): mucks hand")
_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.*?)\s*$")
_COLLECTED = re.compile(r"^(.*?) collected (\S+) from (pot|main pot|side pot(?:-(\d+))?)\s*$")
_TOTAL = re.compile(r"^Total pot (\S+).*\| Rake (\S+)")
_SUMMARY_CARDS = re.compile(r"^Seat \d+: (.*?)(?: \([^)]*\))* (?:showed|mucked) \[([^\]]*)\]")
_STREET_CARDS = re.compile(r"\[([^\]]*)\]\s*$")
# Lines about the table rather than the hand: they change nothing.
_NOISE = re.compile(
    r"(is sitting out|has returned|joins the table|leaves the table|has timed out|"
    r"is disconnected|is connected|said, \"|doesn't show hand|No low hand qualified|"
    r"will be allowed to play|was removed from the table|sits out|finished the tournament|"
    r"is allowed to play|has been disconnected|has reconnected|Betting is capped|"
    r"out of hand)"
)


_LIMITS = {"limit": "fixed", "pot limit": "pot", "no limit": "no"}
_POSTS = {"small": "small blind", "big": "big blind", "the": "ante"}


def _split_hands(text: str) -> list[str]:
    return split_hands(text, _HEADER_START)


def parse_hand(text: str) -> Optional[History]:
    """One hand's text as a History; None when it is not Omaha Hi/Lo. The header line opens the
    hand; then each line goes to the handler of its section (the seats and posts before the
    hole cards, the betting rounds and the showdown, the summary), and a "*** ... ***" line
    starts a section."""
    lines = text.split("\n")
    reading = _read_header(text, lines[0])
    if reading is None:
        return None
    for line in lines[1:]:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("*** "):
            _section_line(reading, line, stripped)
        else:
            _SECTIONS[reading.section](reading, line, stripped)
    return finish(reading)


def _read_header(text: str, first: str) -> Optional[Reading]:
    """The hand's first line: its id, game, limit and stakes, as a Reading of a new History;
    None for a game other than Omaha Hi/Lo."""
    header = _HEADER.match(first.lstrip("\ufeff"))
    if not header:
        raise HistoryError(_not_a_hand(text))
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


def _section_line(reading: Reading, line: str, stripped: str) -> None:
    """A "*** ... ***" line: the next section begins, a street with its cards."""
    marker = next((m for m in _STREET_MARKERS if stripped.startswith(m)), None)
    if marker is None:
        raise HistoryError(f"hand {reading.history.hand_id}: a section omaha8 does not read: {line!r}")
    section = reading.section = _STREET_MARKERS[marker]
    if section in ("flop", "turn", "river"):
        board = _STREET_CARDS.search(stripped)
        if not board:
            raise HistoryError(f"hand {reading.history.hand_id}: no cards on line {line!r}")
        reading.new_street(section, reading.cards(board.group(1), line))
    elif section == "showdown":
        reading.history.showdown = True


def _seats_line(reading: Reading, line: str, stripped: str) -> None:
    """Before the hole cards: the table and its button, the seats, then the posts."""
    if table := _TABLE.match(stripped):
        reading.button = int(table.group(2))
        if cap := _CAP_TABLE.match(table.group(1)):
            reading.history.max_raises = int(cap.group(1)) if cap.group(1) else None
    elif seat := _SEAT.match(stripped):
        # A player moved in from another table waits for the next hand; one sitting out of a
        # tournament is dealt in, posts, and is folded. A cash player sitting out is not dealt in.
        sitting_out = "sitting out" in seat.group(4)
        if "out of hand" not in seat.group(4) and (reading.tournament or not sitting_out):
            reading.seated.append((int(seat.group(1)), seat.group(2), reading.money(seat.group(3), line)))
            if sitting_out:
                reading.history.sitting_out.add(seat.group(2))
    else:
        _play_line(reading, line, stripped)


def _play_line(reading: Reading, line: str, stripped: str) -> None:
    """A line of the posts, the betting rounds or the showdown (PokerStars may print cards dealt,
    bets returned and pots collected in any of them); table chatter changes nothing."""
    history = reading.history
    if dealt := _DEALT.match(stripped):
        history.holes[dealt.group(1)] = reading.cards(dealt.group(2), line)
    elif shows := _SHOWS.match(stripped):
        history.holes[shows.group(1)] = reading.cards(shows.group(2), line)
        history.shown.add(shows.group(1))
    elif mucks := _MUCKS.match(stripped):
        history.mucked.add(mucks.group(1))
    elif uncalled := _UNCALLED.match(stripped):
        history.uncalled.append((uncalled.group(2), reading.money(uncalled.group(1), line)))
    elif collected := _COLLECTED.match(stripped):
        pot = 0 if collected.group(3) in ("pot", "main pot") else int(collected.group(4) or 1)
        history.collected.append((collected.group(1), reading.money(collected.group(2), line), pot))
    elif action := _ACTION.match(stripped):
        _action(reading, action, line, stripped)
    elif not _NOISE.search(stripped) and ": " in stripped and reading.is_seated(stripped.split(": ")[0]):
        raise HistoryError(f"hand {history.hand_id}: an action omaha8 does not know: {line!r}")
    # Anything else is table chatter in some language: it moves no chip.


def _action(reading: Reading, action: re.Match, line: str, stripped: str) -> None:
    """A posting, a fold, a check, a call, a bet or a raise."""
    name, words = action.group(1), action.group(2)
    verb = words.split()[0]
    all_in = stripped.endswith("and is all-in")
    if verb == "folds":
        reading.fold(name)
    elif verb == "checks":
        reading.check(name)
    elif verb == "calls":
        reading.call(name, reading.money(action.group(3), line), all_in)
    elif verb == "bets":
        reading.bet(name, reading.money(action.group(4), line), all_in)
    elif verb == "raises":
        reading.raise_to(name, reading.money(action.group(6), line), all_in)
    else:
        kind = "small & big blinds" if "small & big" in words else _POSTS[words.split()[1]]
        amount = action.group(7) or action.group(8) or action.group(9) or action.group(10)
        reading.post(name, kind, reading.money(amount, line), all_in)


def _summary_line(reading: Reading, line: str, stripped: str) -> None:
    """The summary: the total pot and the rake, and the hole cards shown or mucked."""
    if total := _TOTAL.match(stripped):
        reading.history.total_pot = reading.money(total.group(1), line)
        reading.history.rake = reading.money(total.group(2), line)
    elif shown := _SUMMARY_CARDS.match(stripped):
        reading.history.holes.setdefault(shown.group(1), reading.cards(shown.group(2), line))


_SECTIONS = {
    "seats": _seats_line,
    "preflop": _play_line,
    "flop": _play_line,
    "turn": _play_line,
    "river": _play_line,
    "showdown": _play_line,
    "summary": _summary_line,
}


def _not_a_hand(text: str) -> str:
    """Why a text is not a PokerStars hand: another site's format, named, or what it begins with."""
    head = text[:4000]
    for pattern, name in _OTHER_FORMATS:
        if pattern.search(head):
            return f"hand ?: a hand history in {name}'s format: omaha8 reads PokerStars-format histories only"
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    if first.startswith("PokerStars Tournament #"):
        return "hand ?: a PokerStars tournament summary, not a hand history"
    return f"hand ?: not a PokerStars hand header: {first[:80]!r}"


def read_all(source: Union[str, bytes, os.PathLike]) -> ReadResult:
    """Every hand of a history file (a path, its bytes or an open file) or text: the Omaha
    Hi/Lo hands read, other games counted in ``skipped_games``, unreadable hands as
    ``HistoryError``s in ``errors``. One bad hand costs that hand, not the file."""
    result = ReadResult()
    try:
        text = text_of(source)
    except HistoryError as error:
        result.errors.append(error)
        return result
    for chunk in _split_hands(text):
        try:
            history = parse_hand(chunk)
        except HistoryError as error:
            result.errors.append(error)
            continue
        if history is None:
            result.skipped_games += 1
        else:
            result.append(history)
    return result


def read(source: Union[str, bytes, os.PathLike]) -> list[History]:
    """The Omaha Hi/Lo hands of a PokerStars-format history (a path, bytes, a file or the
    text). Other games are skipped (``read_all`` counts them); a hand that cannot be read
    raises HistoryError."""
    result = read_all(source)
    if result.errors:
        raise result.errors[0]
    return list(result)


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
