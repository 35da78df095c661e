"""Hand histories: PokerStars-format Omaha Hi/Lo hands read, replayed through ``Hand``,
checked against what the site paid, valued at the all-in, and written back; PHH in and out.

Reading keeps every amount an exact integer in the smallest unit the history uses (cents for
"$0.05", chips in tournaments and play money). Replaying drives ``omaha8.Hand`` action by
action as a user would: a bet the site accepted and the engine refuses is reported with the
rule it broke, and at the end the engine's pots are compared with the site's "collected"
lines, pot by pot, after the site's stated rake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Optional, Sequence, Union

from .cards import CardError, parse_cards
from .equity import equity
from .game import STREETS, Hand, HandError, IllegalAction
from .pots import settle, split_pot

__all__ = ["History", "HistoryError", "Replay", "AllInEquity", "ReadResult", "read", "read_all",
           "write", "to_phh", "from_phh"]

_STREET_MARKERS = {"*** HOLE CARDS ***": "preflop", "*** FLOP ***": "flop", "*** TURN ***": "turn",
                   "*** RIVER ***": "river", "*** SHOW DOWN ***": "showdown", "*** SUMMARY ***": "summary"}
_HEADER = re.compile(r"^PokerStars (?:Zoom )?(?:Hand|Game) #(\d+):\s*(.*?)\s+-\s+\d{4}/\d")
_GAME = re.compile(r"(?:(5) Card )?Omaha Hi/Lo (Limit|Pot Limit|No Limit)")
_STAKES = re.compile(r"\(([^()]*?)/([^()]*?)(?:\s+[A-Z]{3})?\)\s*$")
_TABLE = re.compile(r"^Table '.*' .*Seat #(\d+) is the button")
_SEAT = re.compile(r"^Seat (\d+): (.*) \((\S+) in chips(?:[^)]*)\)(.*)$")
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
                    r"is allowed to play|has been disconnected|has reconnected)")


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

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def replay(self, max_raises: Union[int, None, str] = "site") -> "Replay":
        """Play the hand through ``omaha8.Hand`` and check it. ``max_raises``: the fixed-limit
        cap to hold the site to; by default PokerStars' (a bet and three raises, no cap
        heads-up)."""
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


@dataclass
class ReadResult(list):
    """The hands read (a list), with what was passed over."""

    skipped_games: int = 0
    """Hands of other games in the file."""
    errors: list = field(default_factory=list)
    """HistoryError for each hand that could not be read."""


# ---------------------------------------------------------------- reading

def _split_hands(text: str) -> list[str]:
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    hands, current = [], []
    for line in text.split("\n"):
        if line.startswith("PokerStars ") and ("Hand #" in line or "Game #" in line) and current:
            hands.append("\n".join(current))
            current = []
        if line.strip() or current:
            current.append(line)
    if current:
        hands.append("\n".join(current))
    return [h for h in hands if h.strip()]


def _money(text: str, unit: int, hand_id: str, line: str) -> int:
    cleaned = text.strip().lstrip("$€£").replace(",", "")
    try:
        value = Decimal(cleaned) * unit
    except InvalidOperation:
        raise HistoryError(f"hand {hand_id}: {cleaned!r} is not an amount in line {line!r}") from None
    if value != value.to_integral_value() or value < 0:
        raise HistoryError(f"hand {hand_id}: amount {text!r} is finer than the history's unit in line {line!r}")
    return int(value)


def _cards(text: str, hand_id: str, line: str) -> list[int]:
    try:
        return [int(c) for c in parse_cards(text)]
    except CardError as error:
        raise HistoryError(f"hand {hand_id}: {error} in line {line!r}") from None


def parse_hand(text: str) -> Optional[History]:
    """One hand's text as a History; None when it is not Omaha Hi/Lo."""
    lines = text.split("\n")
    header = _HEADER.match(lines[0])
    if not header:
        raise HistoryError(f"hand ?: not a PokerStars hand header: {lines[0][:80]!r}")
    hand_id, description = header.group(1), header.group(2)
    game = _GAME.search(description)
    if not game:
        return None
    limit = {"Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}[game.group(2)]
    stakes_match = _STAKES.search(description)
    if not stakes_match:
        raise HistoryError(f"hand {hand_id}: no stakes in the header line {lines[0]!r}")
    # Money in the stakes means cents; a tournament's buy-in in the header does not.
    unit = 100 if any(symbol in stakes_match.group(0) for symbol in "$€£") else 1
    stakes = (_money(stakes_match.group(1), unit, hand_id, lines[0]),
              _money(stakes_match.group(2), unit, hand_id, lines[0]))
    history = History(hand_id, "5 Card Omaha Hi/Lo" if game.group(1) else "Omaha Hi/Lo", limit,
                       5 if game.group(1) else 4, stakes, unit, [], text=text)
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
            button = int(table.group(1))
            continue
        if section == "seats" and (seat := _SEAT.match(stripped)):
            if "sitting out" not in seat.group(4):
                seated.append((int(seat.group(1)), seat.group(2), _money(seat.group(3), unit, hand_id, line)))
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
                elif kind == "small & big blinds":  # the small blind part is dead money
                    live = min(amount, stakes[0] if limit == "fixed" else stakes[1])
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
        raise HistoryError(f"hand {hand_id}: the bets add up to {put_in} but the total pot is {history.total_pot}")
    if sum(amount for _, amount, _ in history.collected) + history.rake != history.total_pot:
        raise HistoryError(f"hand {hand_id}: collected and rake do not add up to the total pot")
    return history


def read_all(source: Union[str, Path]) -> ReadResult:
    """Every hand of a history file (a path) or text: the Omaha Hi/Lo hands read, other games
    counted in ``skipped_games``, unreadable hands as ``HistoryError``s in ``errors``."""
    text = source.read_text(encoding="utf-8-sig") if isinstance(source, Path) else source
    if isinstance(source, str) and "\n" not in source and len(source) < 4096 and Path(source).is_file():
        text = Path(source).read_text(encoding="utf-8-sig")
    result = ReadResult()
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


def read(source: Union[str, Path]) -> list[History]:
    """The Omaha Hi/Lo hands of a PokerStars-format history (a path or the text). Other games
    are skipped (``read_all`` counts them); a hand that cannot be read raises HistoryError."""
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
    try:
        hand = Hand([p.stack for p in history.players], limit=history.limit, blinds=(small, big), ante=ante,
                    bets=bets, max_raises=((3 if n > 2 else None) if max_raises == "site" else max_raises),
                    hole_size=history.hole_size, holes=holes, board=history.board, seed=int(hand_id) % 2**64,
                    posts=extra_posts or None)
    except (HandError, CardError) as error:
        not_replayed.differences.append(f"hand {hand_id}: not replayed: {error}")
        return not_replayed
    differences: list[str] = []
    for step in history.steps:
        if step.kind in ("small blind", "big blind", "ante", "small & big blinds"):
            continue
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
                hand.raise_to(step.total, seat=seat)
        except IllegalAction as error:
            differences.append(f"hand {hand_id}: {step.street}: {step.name} {step.kind}s "
                               f"{step.total if step.kind in ('bet', 'raise') else ''}: illegal: {error}".replace("  ", " "))
            break
    returned = [(names[a.seat], a.amount) for a in hand.history if a.kind == "return"]
    if not differences and sorted(returned) != sorted(history.uncalled) and hand.actor is None:
        differences.append(f"hand {hand_id}: uncalled bets: the site returned {history.uncalled}, "
                           f"omaha8 returns {returned}")
    if differences or hand.actor is not None:
        if hand.actor is not None and not differences:
            differences.append(f"hand {hand_id}: the history ends with seat {hand.actor} still to act")
        return Replay(history, hand, {}, {}, differences, "betting only")
    return _check_payouts(history, hand, differences)


def _check_payouts(history: History, hand: Hand, differences: list) -> Replay:
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
            return Replay(history, hand, {}, {}, differences, "betting only")
        checked = "showdown"
        # A player who mucks at the showdown concedes every pot.
        holes = [None if hand.folded[s] or names[s] in history.mucked else hand.holes[s] for s in range(hand.n)]
        if all(h is None for h in holes):
            return Replay(history, hand, {}, {}, differences, "betting only")
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
        awards = split_pot(site_total, pot.high_winners, pot.low_winners, hand.n)
        for seat, chips in enumerate(awards):
            if chips:
                collected[names[seat]] = collected.get(names[seat], 0) + chips
        label = "main pot" if number == 0 else f"side pot {number}"
        paid = {names[s]: chips for s, chips in enumerate(awards) if chips}
        if site and paid != site:
            rule = "side pot" if number else "split"
            if len(set(paid) | set(site)) == len(set(paid)) and all(abs(paid.get(k, 0) - site.get(k, 0)) <= 1 for k in site):
                rule = "odd chip"
            differences.append(f"hand {hand_id}: {label}: the site paid {site}, omaha8 pays {paid} ({rule})")
    if rake_left != 0 and len(pots) == 1:
        differences.append(f"hand {hand_id}: the pot less the rake is not what the site paid")
    site_by_name: dict[str, int] = {}
    for name, amount, _ in history.collected:
        site_by_name[name] = site_by_name.get(name, 0) + amount
    if not differences and collected != site_by_name:
        differences.append(f"hand {hand_id}: the site paid {site_by_name}, omaha8 pays {collected} after rake")
    replay = Replay(history, hand, payouts, collected, differences, checked)
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


def write(hand: Hand, hand_id: int = 1, names: Optional[Sequence[str]] = None, currency: str = "") -> str:
    """A finished Hand as a PokerStars-format history, every hole card dealt written out,
    which ``read`` reads back to the same hand. Amounts are chips, or with ``currency`` ("$",
    "€", "£") cents written as money: 5 as "$0.05"."""
    if hand.actor is not None:
        raise HistoryError("write takes a finished hand (hand.actor is None)")
    n = hand.n

    def money(amount: int) -> str:
        if not currency:
            return str(amount)
        whole, cents = divmod(amount, 100)
        return f"{currency}{whole}" + (f".{cents:02d}" if cents else "")

    names = list(names) if names is not None else [f"Player{seat + 1}" for seat in range(n)]
    game = ("5 Card " if hand.hole_size == 5 else "") + "Omaha Hi/Lo"
    stakes = hand.fixed_bets if hand.limit == "fixed" else hand.blinds
    lines = [f"PokerStars Hand #{hand_id}:  {game} {_LIMIT_TITLES[hand.limit]} ({money(stakes[0])}/{money(stakes[1])}{' USD' if currency == '$' else ''}) - 2026/01/01 00:00:00 ET",
             f"Table 'omaha8' {n}-max Seat #{n} is the button"]
    lines += [f"Seat {seat + 1}: {names[seat]} ({money(hand.starting_stacks[seat])} in chips)" for seat in range(n)]
    to_match = 0
    street = "preflop"
    board: list = []
    # A seat's dead and live extra blinds are written as one post, as PokerStars writes them.
    dead_of = {a.seat: a.amount for a in hand.history if a.kind == "dead blind"}
    live_extra = {a.seat: a.amount for a in hand.history
                  if a.kind == "big blind" and a.seat in dead_of}
    for action in hand.history:
        name = names[action.seat] if action.seat is not None else ""
        tail = " and is all-in" if action.all_in else ""
        if action.kind == "ante":
            lines.append(f"{name}: posts the ante {money(action.amount)}{tail}")
        elif action.kind == "dead blind":
            if action.seat in live_extra:
                tail = " and is all-in" if hand.history[hand.history.index(action) + 1].all_in else tail
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


def from_phh(text: str) -> Hand:
    """A Hand from PHH text: the variants "FO/8" and omaha8's "PO/8" and "NO/8"."""
    try:
        data = _toml(text)
    except Exception as error:
        raise HistoryError(f"not PHH: {error}") from None
    limit = {v: k for k, v in _PHH_VARIANTS.items()}.get(data.get("variant"))
    if limit is None:
        raise HistoryError(f"PHH variant {data.get('variant')!r} is not Omaha Hi/Lo (FO/8, PO/8, NO/8)")
    stacks = data["starting_stacks"]
    n = len(stacks)
    holes: list = [None] * n
    board = ""
    plays = []
    for entry in data.get("actions", []):
        parts = entry.split()
        if parts[:2] == ["d", "dh"]:
            holes[int(parts[2][1:]) - 1] = parts[3]
        elif parts[:2] == ["d", "db"]:
            board += parts[2]
        elif parts[0].startswith("p"):
            plays.append(parts)
        else:
            raise HistoryError(f"PHH action {entry!r} is not one omaha8 reads")
    max_raises = data.get("max_raises", 4)
    blinds = data.get("blinds_or_straddles", [0, 0])
    hand = Hand(stacks, limit=limit, blinds=(blinds[0], blinds[1]), ante=(data.get("antes") or [0])[0],
                bets=(data["small_bet"], data["big_bet"]) if limit == "fixed" else None,
                max_raises=None if max_raises == -1 else max_raises, hole_size=data.get("hole_size", 4),
                holes=holes, board=board or None, seed=data.get("seed"))
    for parts in plays:
        seat = int(parts[0][1:]) - 1
        if parts[1] == "f":
            hand.fold(seat=seat)
        elif parts[1] == "cc":
            hand.check(seat=seat) if hand.can_check else hand.call(seat=seat)
        elif parts[1] == "cbr":
            hand.raise_to(int(parts[2]), seat=seat)
        elif parts[1] != "sm":
            raise HistoryError(f"PHH action {' '.join(parts)!r} is not one omaha8 reads")
    return hand

