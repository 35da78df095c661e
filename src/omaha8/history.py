"""Hand histories: PokerStars-format Omaha Hi/Lo hands read, replayed through ``Hand``,
checked against what the site paid, valued at the all-in, and written back; PHH in and out.

Reading keeps every amount an exact integer in the smallest unit the history uses (cents for
"$0.05", chips in tournaments and play money). Replaying drives ``omaha8.Hand`` action by
action as a user would: a bet the site accepted and the engine refuses is reported with the
rule it broke, and at the end the engine's pots are compared with the site's "collected"
lines, pot by pot, after the site's stated rake.
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence, Union

from .cards import CardError, parse_cards
from .equity import equity
from .game import MAX_CHIPS, STREETS, Hand, HandError, IllegalAction
from .pots import settle, split_pot

__all__ = ["History", "HistoryError", "Replay", "AllInEquity", "ReadResult", "read", "read_all",
           "write", "to_phh", "from_phh"]

_STREET_MARKERS = {"*** HOLE CARDS ***": "preflop", "*** FLOP ***": "flop", "*** TURN ***": "turn",
                   "*** RIVER ***": "river", "*** SHOW DOWN ***": "showdown", "*** SUMMARY ***": "summary"}
# Every header form of fpdb's PokerStars regression files: "Hand" or (before 2011) "Game", Zoom
# and Home Game ("{Club}") tables, cash and tournaments, any time zone.
_HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #([0-9]{1,30}):\s*(?:\{[^}]*\}\s*)?(.*?)"
                     r"\s+-\s+[0-9]{4}/[0-9]")
_HEADER_START = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #")
_GAME = re.compile(r"(?<![\w/])(?:([56]) Card )?Omaha Hi/Lo (Limit|Pot Limit|No Limit)\b", re.IGNORECASE)
# The blinds or bets: the last parentheses of the description; a mixed game's cash header puts
# the game first, "(Omaha Hi/Lo Limit, $400/$800 USD)".
_STAKES = re.compile(r"\((?:[^(),]*,\s*)?([^()/]*?)/([^()]*?)(?:\s+[A-Z]{3})?\)\s*$")
_TABLE = re.compile(r"^Table '(.*)' .*Seat #([0-9]{1,3}) is the button")
_SEAT = re.compile(r"^Seat ([0-9]{1,3}): (.*) \((\S+) in chips(?:[^)]*)\)(.*)$")
# The cap omaha8 writes into the table name where PokerStars' own would not replay the hand.
_CAP_TABLE = re.compile(r"^omaha8 \((?:([0-9]{1,3}) raises a round|no cap)\)$")
# An amount as the sites print it: digits, thousands separators, cents; nothing else.
_AMOUNT = re.compile(r"[$€£₹]?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]+))?", re.ASCII)
_MONEY_SIGNS = "$€£₹"
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
    r"(?: and is all-in)?\s*$")
_DEALT = re.compile(r"^Dealt to (.*?) \[([^\]]*)\]")
_SHOWS = re.compile(r"^(.*?): shows \[([^\]]*)\]")
_MUCKS = re.compile(r"^(.*?): mucks hand")
_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.*?)\s*$")
_COLLECTED = re.compile(r"^(.*?) collected (\S+) from (pot|main pot|side pot(?:-(\d+))?)\s*$")
_TOTAL = re.compile(r"^Total pot (\S+).*\| Rake (\S+)")
_BOARD = re.compile(r"^Board \[([^\]]*)\]")
_SUMMARY_CARDS = re.compile(r"^Seat \d+: (.*?)(?: \([^)]*\))* (?:showed|mucked) \[([^\]]*)\]")
_STREET_CARDS = re.compile(r"\[([^\]]*)\]\s*$")
# Lines about the table rather than the hand: they change nothing.
_NOISE = re.compile(r"(is sitting out|has returned|joins the table|leaves the table|has timed out|"
                    r"is disconnected|is connected|said, \"|doesn't show hand|No low hand qualified|"
                    r"will be allowed to play|was removed from the table|sits out|finished the tournament|"
                    r"is allowed to play|has been disconnected|has reconnected|Betting is capped|"
                    r"out of hand)")


class HistoryError(ValueError):
    """A hand that cannot be read: it names the hand id and the line."""


@dataclass(frozen=True)
class Player:
    name: str
    stack: int
    site_seat: int


@dataclass(frozen=True)
class Step:
    """One posting or action as the site wrote it. ``total`` is the player's whole bet this
    round after it (for calls, bets and raises), ``amount`` the chips it put in."""

    street: str
    name: str
    kind: str
    amount: int = 0
    total: int = 0
    all_in: bool = False


@dataclass
class History:
    """One hand as the site wrote it, amounts in the history's smallest unit."""

    hand_id: str
    game: str
    limit: str
    hole_size: int
    stakes: tuple[int, int]
    """The stakes in the header: the blinds (pot and no limit) or the small and big bet (fixed)."""
    unit: int
    """How many of this history's integer units make one of the site's (100 for cents)."""
    players: list[Player]
    """The players dealt in, in omaha8's seat order: first left of the button to the button."""
    steps: list[Step] = field(default_factory=list)
    board: list[int] = field(default_factory=list)
    holes: dict = field(default_factory=dict)
    """Known hole cards by name: dealt to the hero, shown, mucked and shown."""
    mucked: set = field(default_factory=set)
    """Players who mucked at the showdown, conceding every pot."""
    shown: set = field(default_factory=set)
    uncalled: list = field(default_factory=list)
    collected: list = field(default_factory=list)
    """(name, amount, pot): pot 0 the main pot (or the only one), k the k-th side pot."""
    total_pot: Optional[int] = None
    rake: int = 0
    showdown: bool = False
    text: str = ""
    sitting_out: set = field(default_factory=set)
    """Tournament players marked "is sitting out": dealt in, and folded when their turn comes
    without an action of theirs."""
    max_raises: Union[int, None, str] = "site"
    """Fixed limit's cap when the history says it (a hand omaha8 wrote with another cap than
    PokerStars'); "site" for PokerStars' own."""
    notes: list = field(default_factory=list)
    """What reading had to work out that the site did not print (an old file's uncalled bet)."""

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def replay(self, max_raises: Union[int, None, str] = "site") -> "Replay":
        """Play the hand through ``omaha8.Hand`` and check it. ``max_raises``: the fixed-limit
        cap to hold the site to; by default PokerStars' (a bet and three raises, no cap
        heads-up), or the cap the history itself states."""
        return _replay(self, max_raises)


@dataclass(frozen=True)
class AllInEquity:
    equity: float
    """The player's share of all the pots at the all-in, exact over the cards to come."""
    expected: float
    """Chips it wins on average, before rake."""
    actual: int
    """Chips it won, before rake."""


@dataclass
class Replay:
    history: History
    hand: Optional[Hand]
    """The engine's hand, as far as it could be played."""
    payouts: dict
    """What omaha8 pays each player, by name, before rake."""
    collected: dict
    """What omaha8 pays each player after the site's stated rake, to compare with the site."""
    differences: list
    """One line per difference; empty when the betting was legal and every chip was paid as
    omaha8 pays it."""
    checked: str
    """'showdown', 'uncontested', 'betting only', or 'not replayed'."""
    all_in_equity: Optional[dict] = None
    notes: list = field(default_factory=list)
    """What the replay worked out that the site did not print: not differences."""


class ReadResult(list):
    """The hands read (a list), with what was passed over. It compares and prints as the list
    of its hands; ``skipped_games`` and ``errors`` ride along."""

    def __init__(self, hands=(), skipped_games: int = 0, errors: Optional[list] = None) -> None:
        super().__init__(hands)
        self.skipped_games = skipped_games
        """Hands of other games in the file."""
        self.errors: list = [] if errors is None else errors
        """HistoryError for each hand that could not be read."""

    def __repr__(self) -> str:
        return (f"ReadResult({list.__repr__(self)}, skipped_games={self.skipped_games}, "
                f"errors={self.errors!r})")


# ---------------------------------------------------------------- reading

def _split_hands(text: str) -> list[str]:
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    hands, current = [], []
    for line in text.split("\n"):
        if current and _HEADER_START.match(line.lstrip("\ufeff")):
            hands.append("\n".join(current))
            current = []
        if line.strip() or current:
            current.append(line)
    if current:
        hands.append("\n".join(current))
    return [h for h in hands if h.strip()]


def _cp1252_or_latin1(error: UnicodeDecodeError):
    # The five bytes cp1252 leaves undefined are read as Latin-1, as browsers read them.
    return error.object[error.start:error.end].decode("latin-1"), error.end


codecs.register_error("omaha8-cp1252", _cp1252_or_latin1)


def decode(data: bytes) -> str:
    """A history file's bytes as text: UTF-8 with or without a byte-order mark, UTF-16 with a
    byte-order mark (or, without one, by its zero bytes), and cp1252 for files that are not
    valid UTF-8. Bytes no encoding reads raise HistoryError."""
    try:
        if data.startswith(codecs.BOM_UTF8):
            return data[3:].decode("utf-8")
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            return data.decode("utf-16")
        if len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] and data[2]:
            return data.decode("utf-16-le")
        if len(data) >= 4 and data[0] == 0 and data[2] == 0 and data[1] and data[3]:
            return data.decode("utf-16-be")
    except UnicodeDecodeError as error:
        raise HistoryError(f"the file is not readable text: {error.reason} at byte {error.start:,}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="omaha8-cp1252")


def _money(text: str, unit: int, hand_id: str, line: str) -> int:
    """An amount in the history's unit, exactly: plain digits with an optional currency sign,
    thousands separators and cents, as the sites print them."""
    cleaned = text.strip()
    match = _AMOUNT.fullmatch(cleaned) if len(cleaned) <= 40 else None
    if not match:
        raise HistoryError(f"hand {hand_id}: {_short(cleaned)!r} is not an amount in line {_short(line)!r}")
    whole, fraction = match.group(1).replace(",", ""), (match.group(2) or "").rstrip("0")
    if len(fraction) > len(str(unit)) - 1:
        raise HistoryError(f"hand {hand_id}: amount {cleaned!r} is finer than the history's unit in line {_short(line)!r}")
    value = int(whole) * unit + (int(fraction.ljust(len(str(unit)) - 1, "0")) if fraction else 0)
    if value > MAX_CHIPS:
        raise HistoryError(f"hand {hand_id}: amount {cleaned!r} is more than omaha8's engine holds "
                           f"({MAX_CHIPS:,} chips) in line {_short(line)!r}")
    return value


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _cards(text: str, hand_id: str, line: str) -> list[int]:
    try:
        return [int(c) for c in parse_cards(text)]
    except CardError as error:
        raise HistoryError(f"hand {hand_id}: {error} in line {line!r}") from None


def parse_hand(text: str) -> Optional[History]:
    """One hand's text as a History; None when it is not Omaha Hi/Lo."""
    lines = text.split("\n")
    header = _HEADER.match(lines[0].lstrip("\ufeff"))
    if not header:
        raise HistoryError(_not_a_hand(text))
    hand_id, description = header.group(1), header.group(2)
    game = _GAME.search(description)
    if not game:
        return None
    limit = {"limit": "fixed", "pot limit": "pot", "no limit": "no"}[game.group(2).lower()]
    stakes_match = _STAKES.search(description)
    if not stakes_match:
        raise HistoryError(f"hand {hand_id}: no stakes in the header line {lines[0]!r}")
    # Money in the stakes means cents; a tournament's buy-in in the header does not.
    unit = 100 if any(symbol in stakes_match.group(0) for symbol in _MONEY_SIGNS) else 1
    stakes = (_money(stakes_match.group(1), unit, hand_id, lines[0]),
              _money(stakes_match.group(2), unit, hand_id, lines[0]))
    hole_size = int(game.group(1) or 4)
    history = History(hand_id, f"{hole_size} Card Omaha Hi/Lo" if hole_size != 4 else "Omaha Hi/Lo", limit,
                      hole_size, stakes, unit, [], text=text)
    tournament = "Tournament #" in description
    button = None
    seated: list[tuple[int, str, int]] = []
    street = "preflop"
    section = "seats"
    totals: dict[str, int] = {}
    for line in lines[1:]:
        stripped = line.strip()
        if not stripped:
            continue
        marker = next((m for m in _STREET_MARKERS if stripped.startswith(m)), None)
        if marker is not None:
            section = _STREET_MARKERS[marker]
            if section in ("flop", "turn", "river"):
                street = section
                cards = _STREET_CARDS.search(stripped)
                if not cards:
                    raise HistoryError(f"hand {hand_id}: no cards on line {line!r}")
                history.board += _cards(cards.group(1), hand_id, line)
                totals = {}
            elif section == "showdown":
                history.showdown = True
            continue
        if stripped.startswith("*** "):
            raise HistoryError(f"hand {hand_id}: a section omaha8 does not read: {line!r}")
        if section == "seats" and (table := _TABLE.match(stripped)):
            button = int(table.group(2))
            if (cap := _CAP_TABLE.match(table.group(1))):
                history.max_raises = int(cap.group(1)) if cap.group(1) else None
            continue
        if section == "seats" and (seat := _SEAT.match(stripped)):
            # A player moved in from another table waits for the next hand; one sitting out
            # of a tournament is dealt in, posts, and is folded.
            # A cash player sitting out is not dealt in.
            sitting_out = "sitting out" in seat.group(4)
            if "out of hand" not in seat.group(4) and (tournament or not sitting_out):
                seated.append((int(seat.group(1)), seat.group(2), _money(seat.group(3), unit, hand_id, line)))
                if sitting_out:
                    history.sitting_out.add(seat.group(2))
            continue
        if section == "summary":
            if (total := _TOTAL.match(stripped)):
                history.total_pot = _money(total.group(1), unit, hand_id, line)
                history.rake = _money(total.group(2), unit, hand_id, line)
            elif (shown := _SUMMARY_CARDS.match(stripped)):
                history.holes.setdefault(shown.group(1), _cards(shown.group(2), hand_id, line))
            continue
        if (dealt := _DEALT.match(stripped)):
            history.holes[dealt.group(1)] = _cards(dealt.group(2), hand_id, line)
            continue
        if (shows := _SHOWS.match(stripped)):
            history.holes[shows.group(1)] = _cards(shows.group(2), hand_id, line)
            history.shown.add(shows.group(1))
            continue
        if (mucks := _MUCKS.match(stripped)):
            history.mucked.add(mucks.group(1))
            continue
        if (uncalled := _UNCALLED.match(stripped)):
            history.uncalled.append((uncalled.group(2), _money(uncalled.group(1), unit, hand_id, line)))
            continue
        if (collected := _COLLECTED.match(stripped)):
            pot = 0 if collected.group(3) in ("pot", "main pot") else int(collected.group(4) or 1)
            history.collected.append((collected.group(1), _money(collected.group(2), unit, hand_id, line), pot))
            continue
        if (action := _ACTION.match(stripped)):
            name, verb = action.group(1), action.group(2).split()[0]
            all_in = stripped.endswith("and is all-in")
            before = totals.get(name, 0)
            if verb == "folds":
                step = Step(street, name, "fold")
            elif verb == "checks":
                step = Step(street, name, "check", 0, before)
            elif verb == "calls":
                amount = _money(action.group(3), unit, hand_id, line)
                step = Step(street, name, "call", amount, before + amount, all_in)
            elif verb == "bets":
                amount = _money(action.group(4), unit, hand_id, line)
                step = Step(street, name, "bet", amount, before + amount, all_in)
            elif verb == "raises":
                to = _money(action.group(6), unit, hand_id, line)
                step = Step(street, name, "raise", to - before, to, all_in)
            else:  # a posting
                kind = {"small": "small blind", "big": "big blind", "the": "ante"}[action.group(2).split()[1]]
                if "small & big" in action.group(2):
                    kind = "small & big blinds"
                amount = _money(action.group(7) or action.group(8) or action.group(9) or action.group(10),
                                unit, hand_id, line)
                live = amount
                if kind == "ante":
                    live = 0
                elif kind == "small & big blinds":
                    # The small blind's part is dead money and goes in first, as Hand posts it;
                    # a stack short of both posts its dead part whole.
                    small, big = _blind_sizes(history, limit, stakes)
                    live = min(amount - min(amount, small), big)
                elif kind == "small blind" and button is not None and name != _small_blind_name(seated, button):
                    live = 0  # a missed small blind posted by another seat is dead money
                step = Step(street, name, kind, amount, before + live, all_in)
            totals[name] = step.total
            history.steps.append(step)
            continue
        if _NOISE.search(stripped):
            continue
        if ": " in stripped and stripped.split(": ")[0] in {s[1] for s in seated}:
            raise HistoryError(f"hand {hand_id}: an action omaha8 does not know: {line!r}")
        # Anything else is table chatter in some language: it moves no chip.
    if button is None:
        raise HistoryError(f"hand {hand_id}: no line says which seat is the button")
    if not seated:
        raise HistoryError(f"hand {hand_id}: no seats")
    if len(seated) < 2:
        raise HistoryError(f"hand {hand_id}: only one player is dealt in; a hand needs two")
    if len({number for number, _, _ in seated}) != len(seated) or len({name for _, name, _ in seated}) != len(seated):
        raise HistoryError(f"hand {hand_id}: a seat or a name appears twice")
    if sum(stack for _, _, stack in seated) > MAX_CHIPS:
        raise HistoryError(f"hand {hand_id}: the stacks add up to more than omaha8's engine holds ({MAX_CHIPS:,} chips)")
    if history.total_pot is None:
        raise HistoryError(f"hand {hand_id}: the hand is cut short (no 'Total pot' line)")
    # omaha8's order: the first seat left of the button first, the button last.
    seated.sort(key=lambda s: (s[0] <= button, s[0]))
    history.players = [Player(name, stack, number) for number, name, stack in seated]
    names = set(history.names)
    for step in history.steps:
        if step.name not in names:
            raise HistoryError(f"hand {hand_id}: {step.name!r} acts but is not seated")
    cards = history.board + [c for hole in history.holes.values() for c in hole]
    if len(set(cards)) != len(cards):
        raise HistoryError(f"hand {hand_id}: a card appears twice")
    put_in = sum(step.amount for step in history.steps) - sum(amount for _, amount in history.uncalled)
    if put_in != history.total_pot:
        returned = _unprinted_return(history, put_in - history.total_pot)
        if returned is None:
            raise HistoryError(f"hand {hand_id}: the bets add up to {put_in} but the total pot is {history.total_pot}")
        history.uncalled.append(returned)
        history.notes.append(f"hand {hand_id}: no 'Uncalled bet' line; the total pot shows that {returned[1]} "
                             f"went back to {returned[0]}, what its last bet was beyond the largest call")
    if sum(amount for _, amount, _ in history.collected) + history.rake != history.total_pot:
        raise HistoryError(f"hand {hand_id}: collected and rake do not add up to the total pot")
    return history


def _blind_sizes(history: History, limit: str, stakes: tuple) -> tuple[int, int]:
    """The blinds of this hand: as the blinds' seats posted them, else from the stakes (fixed
    limit's are half the small bet and the small bet)."""
    posted = {}
    for step in history.steps:
        if step.kind in ("small blind", "big blind") and not step.all_in:
            posted.setdefault(step.kind, step.amount)
    if limit == "fixed":
        default = (stakes[0] // 2, stakes[0])
    else:
        default = stakes
    return posted.get("small blind", default[0]), posted.get("big blind", default[1])


def _small_blind_name(seated: list, button: int) -> Optional[str]:
    """Who posts the small blind: the first seat left of the button (heads-up, the button)."""
    if not seated:
        return None
    order = sorted(seated, key=lambda s: (s[0] <= button, s[0]))
    return order[-1][1] if len(order) == 2 else order[0][1]


def _unprinted_return(history: History, excess: int) -> Optional[tuple]:
    """Older files (2005 to 2010) print no 'Uncalled bet' line. When the bets exceed the total
    pot by exactly what the last bettor put in beyond the largest call of that round, that
    excess went back to it: (name, excess); else None."""
    if excess <= 0 or history.uncalled:
        return None
    last = [step for step in history.steps if step.kind in ("bet", "raise", "call", "check", "fold")]
    street = last[-1].street if last else "preflop"
    bets: dict[str, int] = {}
    for step in history.steps:
        if step.street == street and step.kind != "ante":
            bets[step.name] = step.total
    ordered = sorted(bets.items(), key=lambda item: -item[1])
    if len(ordered) < 2 or ordered[0][1] - ordered[1][1] != excess:
        return None
    bettor = ordered[0][0]
    if not any(step.name == bettor and step.kind in ("bet", "raise", "small blind", "big blind")
               and step.street == street for step in history.steps):
        return None
    return (bettor, excess)


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


def _text_of(source: object) -> str:
    """A history's text from a path, an open binary or text file, bytes, or the text itself.
    A str that names an existing file is read from it; any other str is the text."""
    if isinstance(source, os.PathLike):
        return decode(Path(source).read_bytes())
    if isinstance(source, (bytes, bytearray, memoryview)):
        return decode(bytes(source))
    if isinstance(source, str):
        # os.path.isfile answers False, never raising, for names too long or with NUL bytes.
        if "\n" not in source and len(source) < 4096 and os.path.isfile(source):
            return decode(Path(source).read_bytes())
        return source
    read = getattr(source, "read", None)
    if callable(read):
        data = read()
        if isinstance(data, (bytes, bytearray)):
            return decode(bytes(data))
        if isinstance(data, str):
            return data
    raise TypeError(f"a history is a path, bytes, a file or its text, not {type(source).__name__}")


def read_all(source: Union[str, bytes, os.PathLike]) -> ReadResult:
    """Every hand of a history file (a path, its bytes or an open file) or text: the Omaha
    Hi/Lo hands read, other games counted in ``skipped_games``, unreadable hands as
    ``HistoryError``s in ``errors``. One bad hand costs that hand, not the file."""
    result = ReadResult()
    try:
        text = _text_of(source)
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


# ---------------------------------------------------------------- replaying

def _replay(history: History, max_raises) -> Replay:
    names = history.names
    seat_of = {name: seat for seat, name in enumerate(names)}
    n = len(names)
    hand_id = history.hand_id
    not_replayed = Replay(history, None, {}, {}, [], "not replayed")
    posts = [s for s in history.steps if s.kind in ("small blind", "big blind", "small & big blinds", "ante")]
    small_seat, big_seat = (1, 0) if n == 2 else (0, 1)
    blinds = [s for s in posts if s.kind in ("small blind", "big blind")]
    # Antes all the same, but for a stack too short for it (all-in on the ante).
    ante = max((s.amount for s in posts if s.kind == "ante"), default=0)
    short_ante = any(s.kind == "ante" and s.amount != ante and not s.all_in for s in posts)
    # Each blind from its own seat, the small first; a seat all-in on the ante posts none.
    # Posts from other seats (a player entering or coming back) are extra: live or dead.
    expected = [("small blind", names[small_seat]), ("big blind", names[big_seat])]
    extra = [s for s in blinds if (s.kind, s.name) not in expected]
    blinds = [s for s in blinds if (s.kind, s.name) in expected]
    extra += [s for s in posts if s.kind == "small & big blinds"]
    if [(s.kind, s.name) for s in blinds] not in (expected, expected[:1], expected[1:], []) or short_ante \
            or any(seat_of[s.name] in (small_seat, big_seat) for s in extra):
        not_replayed.differences.append(
            f"hand {hand_id}: not replayed: blinds posted out of the usual order")
        return not_replayed
    extra_posts: dict = {}
    for step in extra:
        live, dead = extra_posts.get(seat_of[step.name], (0, 0))
        if step.kind == "big blind":
            live += step.amount
        elif step.kind == "small blind":
            dead += step.amount
        else:
            live += step.total
            dead += step.amount - step.total
        extra_posts[seat_of[step.name]] = (live, dead)
    small_post = next((s for s in blinds if s.kind == "small blind"), None)
    big_post = next((s for s in blinds if s.kind == "big blind"), None)
    if history.limit == "fixed":
        # The header gives the bets; the blinds are what was posted (a short stack's post
        # is all-in for less: then the blind is half the small bet, as sites set it).
        bets = history.stakes
        small = 0 if small_post is None else small_post.amount
        if small_post is not None and small_post.all_in:
            small = min(max(small, bets[0] // 2), bets[0])  # any blind past the stack posts the same
        big = bets[0] if big_post is None or big_post.all_in else big_post.amount
    else:
        bets = None
        small, big = history.stakes
    # A post for less than the blind is a short stack's all-in, which Hand works out itself.
    holes = [history.holes.get(name) for name in names]
    if any(h is not None and len(h) != history.hole_size for h in holes):
        not_replayed.differences.append(f"hand {hand_id}: not replayed: hole cards of the wrong count")
        return not_replayed
    if max_raises == "site":
        max_raises = history.max_raises
    if max_raises == "site":
        max_raises = 3 if n > 2 else None
    try:
        hand = Hand([p.stack for p in history.players], limit=history.limit, blinds=(small, big), ante=ante,
                    bets=bets, max_raises=max_raises, hole_size=history.hole_size, holes=holes,
                    board=history.board, seed=int(hand_id) % 2**64, posts=extra_posts or None)
    except (HandError, CardError) as error:
        not_replayed.differences.append(f"hand {hand_id}: not replayed: {error}")
        return not_replayed
    differences: list[str] = []
    notes = list(history.notes)
    actions = [step for step in history.steps
               if step.kind not in ("small blind", "big blind", "ante", "small & big blinds")]
    for at, step in enumerate(actions):
        # A tournament player sitting out is folded when its turn comes without its own action.
        while (hand.actor is not None and names[hand.actor] in history.sitting_out
               and names[hand.actor] != step.name):
            notes.append(f"hand {hand_id}: {step.street}: {names[hand.actor]} is sitting out and is folded")
            hand.fold()
        if hand.actor is None:
            differences.append(f"hand {hand_id}: {step.street}: {step.name} {step.kind}s after the betting ended")
            break
        seat = seat_of[step.name]
        try:
            if step.kind == "fold":
                hand.fold(seat=seat)
            elif step.kind == "check":
                hand.check(seat=seat)
            elif step.kind == "call":
                if hand.to_call != step.amount:
                    differences.append(f"hand {hand_id}: {step.street}: {step.name} calls {step.amount}, "
                                       f"but the call is {hand.to_call}")
                hand.call(seat=seat)
            else:
                done = hand.raise_to(step.total, seat=seat)
                if done.total != step.total:
                    differences.append(f"hand {hand_id}: {step.street}: {step.name} {step.kind}s to {step.total}, "
                                       f"but its stack takes it to {done.total}")
        except IllegalAction as error:
            differences.append(f"hand {hand_id}: {step.street}: {step.name} {step.kind}s "
                               f"{step.total if step.kind in ('bet', 'raise') else ''}: illegal: {error}".replace("  ", " "))
            break
    while (not differences and hand.actor is not None and names[hand.actor] in history.sitting_out):
        notes.append(f"hand {hand_id}: {hand.street}: {names[hand.actor]} is sitting out and is folded")
        hand.fold()
    returned = [(names[a.seat], a.amount) for a in hand.history if a.kind == "return"]
    if not differences and sorted(returned) != sorted(history.uncalled) and hand.actor is None:
        differences.append(f"hand {hand_id}: uncalled bets: the site returned {history.uncalled}, "
                           f"omaha8 returns {returned}")
    if differences or hand.actor is not None:
        if hand.actor is not None and not differences:
            differences.append(f"hand {hand_id}: the history ends with {names[hand.actor]} (seat {hand.actor + 1}) "
                               "still to act")
        return Replay(history, hand, {}, {}, differences, "betting only", notes=notes)
    if hand.pot != history.total_pot:
        differences.append(f"hand {hand_id}: omaha8's pot is {hand.pot}, the site's total pot {history.total_pot}")
    return _check_payouts(history, hand, differences, notes)


def _check_payouts(history: History, hand: Hand, differences: list, notes: list) -> Replay:
    names = history.names
    hand_id = history.hand_id
    live = [s for s in range(hand.n) if not hand.folded[s]]
    site_pots: dict[int, dict[str, int]] = {}
    for name, amount, pot in history.collected:
        site_pots.setdefault(pot, {}).setdefault(name, 0)
        site_pots[pot][name] += amount
    if len(live) == 1:
        checked = "uncontested"
        result = hand.result
    else:
        known = all(names[s] in history.holes for s in live if names[s] not in history.mucked)
        if not known:
            return Replay(history, hand, {}, {}, differences, "betting only", notes=notes)
        checked = "showdown"
        # A player who mucks at the showdown concedes every pot.
        holes = [None if hand.folded[s] or names[s] in history.mucked else hand.holes[s] for s in range(hand.n)]
        if all(h is None for h in holes):
            return Replay(history, hand, {}, {}, differences, "betting only", notes=notes)
        result = settle(hand._board_cards, holes, hand.contributions) if history.mucked else hand.result
    payouts = {names[s]: result.payouts[s] for s in range(hand.n) if result.payouts[s]}
    collected: dict[str, int] = {}
    rake_left = history.rake
    pots = [p for p in result.pots if p.amount]
    for number, pot in enumerate(pots):
        site = site_pots.get(number, {})
        site_total = sum(site.values()) if site else pot.amount - rake_left
        if len(pots) == 1 or site:
            rake_left -= pot.amount - site_total
        label = "main pot" if number == 0 else f"side pot {number}"
        if site and not 0 <= pot.amount - site_total <= history.rake:
            # Rake comes out of the pots: no pot pays more than it holds, nor less by more than
            # the whole rake. A gap that one pot's surplus hides in another's is no rake.
            differences.append(f"hand {hand_id}: {label}: the site paid {site_total} from a pot of {pot.amount} "
                               f"with a rake of {history.rake}")
        awards = split_pot(site_total, pot.high_winners, pot.low_winners, hand.n)
        for seat, chips in enumerate(awards):
            if chips:
                collected[names[seat]] = collected.get(names[seat], 0) + chips
        paid = {names[s]: chips for s, chips in enumerate(awards) if chips}
        if site and paid != site:
            rule = "side pot" if number else "split"
            if len(set(paid) | set(site)) == len(set(paid)) and all(abs(paid.get(k, 0) - site.get(k, 0)) <= 1 for k in site):
                rule = "odd chip"
            differences.append(f"hand {hand_id}: {label}: the site paid {site}, omaha8 pays {paid} ({rule})")
    if rake_left != 0 and (len(pots) == 1 or len(site_pots) == len(pots)):
        differences.append(f"hand {hand_id}: the pots less the rake are not what the site paid")
    site_by_name: dict[str, int] = {}
    for name, amount, _ in history.collected:
        site_by_name[name] = site_by_name.get(name, 0) + amount
    if not differences and collected != site_by_name:
        differences.append(f"hand {hand_id}: the site paid {site_by_name}, omaha8 pays {collected} after rake")
    replay = Replay(history, hand, payouts, collected, differences, checked, notes=notes)
    if checked == "showdown" and not history.mucked:
        replay.all_in_equity = _all_in_equity(history, hand, result)
    return replay


def _all_in_equity(history: History, hand: Hand, result) -> Optional[dict]:
    """Each live player's share of the pots at the moment the betting ended, when that was
    before the river with someone all-in; None otherwise."""
    acted = [a for a in hand.history if a.seat is not None and a.kind not in ("hole cards", "return")]
    last_street = STREETS.index(acted[-1].street) if acted else 0
    if last_street >= 3 or not any(hand.is_all_in):
        return None
    board = [int(c) for c in hand._board_cards[:(0, 3, 4, 5)[last_street]]]
    live = [s for s in range(hand.n) if not hand.folded[s]]
    expected = {s: 0.0 for s in live}
    total = sum(p.amount for p in result.pots)
    for pot in result.pots:
        if len(pot.eligible) == 1:
            expected[pot.eligible[0]] += pot.amount
            continue
        others = [c for s in live if s not in pot.eligible for c in hand.holes[s]]
        shares = equity([hand.holes[s] for s in pot.eligible], board, others, exact=True)
        for s, player in zip(pot.eligible, shares.players):
            expected[s] += pot.amount * player.equity
    names = history.names
    return {names[s]: AllInEquity(expected[s] / total if total else 0.0, expected[s], result.payouts[s])
            for s in live}


# ---------------------------------------------------------------- writing

_LIMIT_TITLES = {"fixed": "Limit", "pot": "Pot Limit", "no": "No Limit"}


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
            raise HistoryError(f"names: {name!r} is not a name a history can carry (a line of text, no "
                               "spaces at its ends)")
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
    n = hand.n

    def money(amount: int) -> str:
        if not currency:
            return str(amount)
        whole, cents = divmod(amount, 100)
        return f"{currency}{whole}" + (f".{cents:02d}" if cents else "")

    names = _check_names(names, n)
    game = (f"{hand.hole_size} Card " if hand.hole_size != 4 else "") + "Omaha Hi/Lo"
    stakes = hand.fixed_bets if hand.limit == "fixed" else hand.blinds
    table = "omaha8"
    if hand.limit == "fixed" and hand.max_raises != _site_cap(n):
        table = "omaha8 (no cap)" if hand.max_raises is None else f"omaha8 ({hand.max_raises} raises a round)"
    lines = [f"PokerStars Hand #{hand_id}:  {game} {_LIMIT_TITLES[hand.limit]} ({money(stakes[0])}/{money(stakes[1])}{' USD' if currency == '$' else ''}) - 2026/01/01 00:00:00 ET",
             f"Table '{table}' {n}-max Seat #{n} is the button"]
    lines += [f"Seat {seat + 1}: {names[seat]} ({money(hand.starting_stacks[seat])} in chips)" for seat in range(n)]
    to_match = 0
    street = "preflop"
    board: list = []
    # A seat's dead and live extra blinds are written as one post, as PokerStars writes them.
    # A dead small blind and a live big blind from one seat are one post, as PokerStars writes
    # them; other amounts are written as two posts, which read back the same.
    dead_of = {a.seat: a.amount for a in hand.history if a.kind == "dead blind" and a.amount == hand.blinds[0]}
    live_extra = {a.seat: a.amount for a in hand.history
                  if a.kind == "big blind" and a.seat in dead_of and a.seat > 1}
    actions = hand.history
    for at, action in enumerate(actions):
        name = names[action.seat] if action.seat is not None else ""
        tail = " and is all-in" if action.all_in else ""
        if action.kind == "ante":
            lines.append(f"{name}: posts the ante {money(action.amount)}{tail}")
        elif action.kind == "dead blind":
            if action.seat in live_extra:
                tail = " and is all-in" if actions[at + 1].all_in else tail
                lines.append(f"{name}: posts small & big blinds {money(action.amount + live_extra[action.seat])}{tail}")
            else:
                lines.append(f"{name}: posts small blind {money(action.amount)}{tail}")
        elif action.kind in ("small blind", "big blind"):
            if not (action.kind == "big blind" and action.seat in live_extra):
                lines.append(f"{name}: posts {action.kind} {money(action.amount)}{tail}")
            to_match = max(to_match, action.total)
        elif action.kind == "hole cards":
            if action.seat == 0:
                lines.append("*** HOLE CARDS ***")
            lines.append(f"Dealt to {name} [{' '.join(map(str, action.cards))}]")
        elif action.kind == "board":
            old = " ".join(map(str, board))
            board += list(action.cards)
            street = action.street
            new = " ".join(map(str, action.cards))
            lines.append(f"*** {street.upper()} *** " + (f"[{new}]" if street == "flop" else f"[{old}] [{new}]"))
            to_match = 0
        elif action.kind == "fold":
            lines.append(f"{name}: folds")
        elif action.kind == "check":
            lines.append(f"{name}: checks")
        elif action.kind == "call":
            lines.append(f"{name}: calls {money(action.amount)}{tail}")
        elif action.kind == "bet":
            lines.append(f"{name}: bets {money(action.amount)}{tail}")
            to_match = action.total
        elif action.kind == "raise":
            lines.append(f"{name}: raises {money(action.total - to_match)} to {money(action.total)}{tail}")
            to_match = action.total
        elif action.kind == "return":
            lines.append(f"Uncalled bet ({money(action.amount)}) returned to {name}")
    result = hand.result
    if hand.showdown_order:
        lines.append("*** SHOW DOWN ***")
        for seat in hand.showdown_order:
            lines.append(f"{names[seat]}: shows [{' '.join(map(str, hand.holes[seat]))}]")
    pots = [p for p in result.pots if p.amount]
    for number, pot in enumerate(pots):
        where = "pot" if len(pots) == 1 else ("main pot" if number == 0 else f"side pot-{number}")
        for seat, chips in enumerate(pot.awards):
            if chips:
                lines.append(f"{names[seat]} collected {money(chips)} from {where}")
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {money(hand.pot)} | Rake {money(0)}")
    if board:
        lines.append(f"Board [{' '.join(map(str, board))}]")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- PHH

# PHH (the Poker Hand History format of pokerkit) names fixed-limit Omaha hi-lo "FO/8". It has
# no code for the pot-limit and no-limit games; omaha8 writes "PO/8" and "NO/8" for them, by
# the same pattern as its "PO" (pot-limit Omaha) and "NT" (no-limit Texas hold'em), with
# ``min_bet`` as in those; five-card hands add ``hole_size = 5``.
_PHH_VARIANTS = {"fixed": "FO/8", "pot": "PO/8", "no": "NO/8"}


def to_phh(hand: Hand) -> str:
    """A Hand as PHH text (TOML): the settings, then every deal and action so far."""
    n = hand.n
    blinds = [hand.blinds[0], hand.blinds[1]] + [0] * (n - 2)
    lines = [f'variant = "{_PHH_VARIANTS[hand.limit]}"', "ante_trimming_status = true",
             f"antes = {[hand.ante] * n}", f"blinds_or_straddles = {blinds}"]
    if hand.limit == "fixed":
        lines += [f"small_bet = {hand.fixed_bets[0]}", f"big_bet = {hand.fixed_bets[1]}"]
    else:
        lines.append(f"min_bet = {hand.blinds[1]}")
    if hand.hole_size != 4:
        lines.append(f"hole_size = {hand.hole_size}")
    if hand.limit == "fixed" and hand.max_raises != 4:
        lines.append(f"max_raises = {-1 if hand.max_raises is None else hand.max_raises}")
    posts = _extra_posts(hand)
    if posts:
        # Blinds posted by seats other than the blinds' (PHH has no field for them): a
        # user-defined field, as PHH prefixes them, of [player, live, dead].
        lines.append(f"_posts = {[[seat + 1, live, dead] for seat, (live, dead) in sorted(posts.items())]}")
    lines.append(f"starting_stacks = {list(hand.starting_stacks)}")
    actions = []
    for action in hand.history:
        player = f"p{action.seat + 1}" if action.seat is not None else ""
        if action.kind == "hole cards":
            actions.append(f"d dh {player} {''.join(map(str, action.cards))}")
        elif action.kind == "board":
            actions.append(f"d db {''.join(map(str, action.cards))}")
        elif action.kind == "fold":
            actions.append(f"{player} f")
        elif action.kind in ("check", "call"):
            actions.append(f"{player} cc")
        elif action.kind in ("bet", "raise"):
            actions.append(f"{player} cbr {action.total}")
    for seat in hand.showdown_order:
        actions.append(f"p{seat + 1} sm {''.join(map(str, hand.holes[seat]))}")
    lines.append("actions = [")
    lines += [f'  "{a}",' for a in actions]
    lines.append("]")
    lines.append(f"seed = {hand.seed}")
    return "\n".join(lines) + "\n"


def _toml(text: str) -> dict:
    try:
        import tomllib
    except ImportError:  # Python 3.10: the small subset to_phh writes
        import ast

        out, key, buffer = {}, None, ""
        for line in text.splitlines():
            if key is None:
                if "=" not in line:
                    continue
                key, _, value = (part.strip() for part in line.partition("="))
                buffer = value
            else:
                buffer += line.strip()
            if buffer.count("[") == buffer.count("]"):
                out[key] = ast.literal_eval(buffer.replace("true", "True").replace("false", "False"))
                key = None
        return out
    return tomllib.loads(text)


def _extra_posts(hand: Hand) -> dict:
    """{seat: (live, dead)}: the blinds posted by seats other than the two blinds'."""
    blind_seats = (0, 1)
    posts: dict = {}
    for action in hand.history:
        if action.street != "preflop" or action.seat is None or action.seat in blind_seats:
            continue
        if action.kind in ("big blind", "dead blind"):
            live, dead = posts.get(action.seat, (0, 0))
            if action.kind == "big blind":
                live += action.amount
            else:
                dead += action.amount
            posts[action.seat] = (live, dead)
    return posts


def _phh_int(data: dict, key: str, least: int, most: int, default: object = None) -> int:
    value = data.get(key, default)
    if type(value) is not int or not least <= value <= most:
        raise HistoryError(f"PHH: {key} must be a whole number {least}..{most:,}, not {_short(repr(value), 60)}")
    return value


def _phh_ints(data: dict, key: str, least: int, length: Optional[int] = None, default: object = None) -> list:
    value = data.get(key, default)
    if not isinstance(value, list) or any(type(v) is not int or not least <= v <= MAX_CHIPS for v in value) \
            or (length is not None and len(value) > length):
        raise HistoryError(f"PHH: {key} must be a list of whole numbers of chips"
                           + (f", at most {length}" if length is not None else "")
                           + f", not {_short(repr(value), 60)}")
    return value


def _phh_player(token: str, n: int, entry: str) -> int:
    """The seat of "p1".."pN" (PHH counts players from 1; "p0" is no player)."""
    if not re.fullmatch(r"p[1-9][0-9]?", token) or int(token[1:]) > n:
        raise HistoryError(f"PHH action {_short(entry, 60)!r}: {token!r} is not a player p1..p{n}")
    return int(token[1:]) - 1


def _phh_cards(text: str, entry: str) -> Optional[list]:
    if set(text) <= {"?"}:
        return None  # cards not known
    try:
        return [int(c) for c in parse_cards(text)]
    except CardError as error:
        raise HistoryError(f"PHH action {_short(entry, 60)!r}: {error}") from None


def from_phh(text: Union[str, bytes]) -> Hand:
    """A Hand from PHH text: the variants "FO/8" and omaha8's "PO/8" and "NO/8", through the
    same checks as a PokerStars replay: every field's type, players p1..pN, the cards, and every
    action legal in turn. Anything else is a HistoryError naming it."""
    if isinstance(text, (bytes, bytearray)):
        text = decode(bytes(text))
    if not isinstance(text, str):
        raise TypeError(f"PHH is text, not {type(text).__name__}")
    try:
        data = _toml(text)
    except Exception as error:  # a hostile file can trip any parser: it is not PHH
        raise HistoryError(f"not PHH: {_short(str(error), 200)}") from None
    if not isinstance(data, dict):
        raise HistoryError("not PHH: no table of fields")
    variant = data.get("variant")
    limit = {v: k for k, v in _PHH_VARIANTS.items()}.get(variant) if isinstance(variant, str) else None
    if limit is None:
        raise HistoryError(f"PHH variant {_short(repr(variant), 60)} is not Omaha Hi/Lo (FO/8, PO/8, NO/8)")
    stacks = _phh_ints(data, "starting_stacks", 1, 10)
    n = len(stacks)
    if n < 2:
        raise HistoryError(f"PHH: a hand needs 2 to 10 players, not {n}")
    antes = _phh_ints(data, "antes", 0, n, default=[])
    if len(set(antes)) > 1:
        raise HistoryError(f"PHH: antes differ from seat to seat ({antes}); omaha8 plays one ante for every seat")
    blinds = _phh_ints(data, "blinds_or_straddles", 0, n, default=[0, 0]) + [0, 0]
    if any(blinds[2:]):
        raise HistoryError(f"PHH: straddles ({blinds[2:n]}) are not played by omaha8; only the two blinds")
    bets = None
    if limit == "fixed":
        bets = (_phh_int(data, "small_bet", 1, MAX_CHIPS), _phh_int(data, "big_bet", 1, MAX_CHIPS))
    hole_size = _phh_int(data, "hole_size", 4, 6, default=4)
    max_raises = _phh_int(data, "max_raises", -1, 10**6, default=4)
    seed = data.get("seed")
    if seed is not None:
        seed = _phh_int(data, "seed", 0, 2**64 - 1)
    raw_posts = data.get("_posts", [])
    posts: dict = {}
    if not isinstance(raw_posts, list) or not all(
            isinstance(p, list) and len(p) == 3 and all(type(v) is int and 0 <= v <= MAX_CHIPS for v in p) for p in raw_posts):
        raise HistoryError(f"PHH: _posts must be a list of [player, live, dead], not {_short(repr(raw_posts), 60)}")
    for player, live, dead in raw_posts:
        if not 1 <= player <= n or player - 1 in posts:
            raise HistoryError(f"PHH: _posts names player {player}, not one of p1..p{n} once")
        posts[player - 1] = (live, dead)
    entries = data.get("actions", [])
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise HistoryError("PHH: actions must be a list of strings")
    holes: list = [None] * n
    dealt = [False] * n
    board: list = []
    plays = []
    for entry in entries:
        parts = entry.split()
        if len(parts) == 4 and parts[:2] == ["d", "dh"]:
            seat = _phh_player(parts[2], n, entry)
            if dealt[seat]:
                raise HistoryError(f"PHH action {_short(entry, 60)!r}: {parts[2]} is dealt twice")
            dealt[seat] = True
            holes[seat] = _phh_cards(parts[3], entry)
        elif len(parts) == 3 and parts[:2] == ["d", "db"]:
            cards = _phh_cards(parts[2], entry)
            if cards is None or len(board) + len(cards) > 5:
                raise HistoryError(f"PHH action {_short(entry, 60)!r}: not board cards omaha8 can deal")
            board += cards
        elif len(parts) >= 2 and parts[0].startswith("p"):
            seat = _phh_player(parts[0], n, entry)
            if parts[1] in ("f", "cc") and len(parts) == 2:
                plays.append((entry, seat, parts[1], None))
            elif parts[1] == "cbr" and len(parts) == 3 and re.fullmatch(r"[0-9]{1,19}", parts[2]):
                plays.append((entry, seat, "cbr", int(parts[2])))
            elif parts[1] == "sm" and len(parts) <= 3:
                plays.append((entry, seat, "sm", _phh_cards(parts[2], entry) if len(parts) == 3 else None))
            else:
                raise HistoryError(f"PHH action {_short(entry, 60)!r} is not one omaha8 reads")
        else:
            raise HistoryError(f"PHH action {_short(entry, 60)!r} is not one omaha8 reads")
    try:
        hand = Hand(stacks, limit=limit, blinds=(blinds[0], blinds[1]), ante=antes[0] if antes else 0,
                    bets=bets, max_raises=None if max_raises == -1 else max_raises, hole_size=hole_size,
                    holes=holes, board=board or None, seed=seed, posts=posts or None)
    except (HandError, CardError) as error:
        raise HistoryError(f"PHH: {error}") from None
    for entry, seat, kind, value in plays:
        try:
            if kind == "f":
                hand.fold(seat=seat)
            elif kind == "cc":
                hand.check(seat=seat) if hand.can_check or hand.actor != seat else hand.call(seat=seat)
            elif kind == "cbr":
                hand.raise_to(value, seat=seat)
            elif value is not None and sorted(value) != sorted(int(c) for c in hand.holes[seat]):
                raise HistoryError(f"PHH action {_short(entry, 60)!r}: p{seat + 1} shows cards it was not dealt")
        except IllegalAction as error:
            raise HistoryError(f"PHH action {_short(entry, 60)!r}: illegal: {error}") from None
    return hand
