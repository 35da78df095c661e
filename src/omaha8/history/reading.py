"""What every reader of a site's text histories shares, whatever the site's wording.

Amounts and cards as the sites print them, a file cut into hands at each hand's first line, and
a ``Reading``: one hand's parse section by section, the ``History`` being built and what its
lines have told so far (the button, the seats, the street, each player's bet this round). A
reader (``pokerstars``) matches its site's lines, one handler per section, and turns them into
steps through ``Reading.post``, ``fold``, ``check``, ``call``, ``bet`` and ``raise_to``; then
``finish`` seats the players in omaha8's order and checks that the hand adds up: every card
once, the bets to the total pot (an old file's unprinted uncalled bet worked out), the pots to
what was collected and the rake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..cards import parse_cards
from ..exceptions import CardError, HistoryError
from ..game import MAX_CHIPS
from .record import History, Player, Step, short

__all__ = [
    "MONEY_SIGNS",
    "Reading",
    "Dialect",
    "read_lines",
    "split_hands",
    "unit_of",
    "money",
    "cards",
    "seat_order",
    "posted_stakes",
    "finish",
    "settle",
    "STARRED_SECTIONS",
    "DEALT_TO",
    "never",
    "all_in_for",
    "stack_left",
    "call_either",
]

# An amount as the sites print it: digits, thousands separators, cents; nothing else.
# The sign stands before the digits ("$0.05") or after them (Winamax's "0.05€").
_AMOUNT = re.compile(r"[$€£₹]?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]+))?[€£]?", re.ASCII)
MONEY_SIGNS = "$€£₹"


def split_hands(text: str, header_start: re.Pattern) -> list[str]:
    """A file's text cut into hands, each from a line ``header_start`` matches; line ends made
    "\\n", a byte-order mark dropped, blank lines between hands left out."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    hands: list[str] = []
    current: list[str] = []
    for line in text.split("\n"):
        if current and header_start.match(line.lstrip("\ufeff")):
            hands.append("\n".join(current))
            current = []
        if line.strip() or current:
            current.append(line)
    if current:
        hands.append("\n".join(current))
    return [h for h in hands if h.strip()]


def unit_of(stakes: str) -> int:
    """The history's unit from the text of its stakes: money there means cents (100 a unit of
    the site's); chips (a tournament's, whatever its buy-in) are whole."""
    return 100 if any(symbol in stakes for symbol in MONEY_SIGNS) else 1


def money(text: str, unit: int, hand_id: str, line: str) -> int:
    """An amount in the history's unit, exactly: plain digits with an optional currency sign,
    thousands separators and cents, as the sites print them."""
    cleaned = text.strip()
    match = _AMOUNT.fullmatch(cleaned) if len(cleaned) <= 40 else None
    if not match:
        raise HistoryError(f"hand {hand_id}: {short(cleaned)!r} is not an amount in line {short(line)!r}")
    whole, fraction = match.group(1).replace(",", ""), (match.group(2) or "").rstrip("0")
    if len(fraction) > len(str(unit)) - 1:
        raise HistoryError(
            f"hand {hand_id}: amount {cleaned!r} is finer than the history's unit in line {short(line)!r}"
        )
    value = int(whole) * unit + (int(fraction.ljust(len(str(unit)) - 1, "0")) if fraction else 0)
    if value > MAX_CHIPS:
        raise HistoryError(
            f"hand {hand_id}: amount {cleaned!r} is more than omaha8's engine holds "
            f"({MAX_CHIPS:,} chips) in line {short(line)!r}"
        )
    return value


def cards(text: str, hand_id: str, line: str) -> list[int]:
    """Cards as the sites print them ("As 2d"), or a HistoryError naming the hand and the line."""
    try:
        return [int(c) for c in parse_cards(text)]
    except CardError as error:
        raise HistoryError(f"hand {hand_id}: {error} in line {line!r}") from None


def posted_stakes(history: History) -> tuple[int, int]:
    """The stakes of a hand whose header does not print them (Bovada's and PartyPoker's cash
    games): the blinds as posted (a big blind short of chips posts less, so the largest big
    blind posted), for fixed limit the small and big bet they make."""
    small = max((s.amount for s in history.steps if s.kind == "small blind"), default=0)
    big = max((s.amount for s in history.steps if s.kind == "big blind"), default=0)
    if big == 0:
        raise HistoryError(f"hand {history.hand_id}: no big blind posted, and the header has no stakes")
    return (big, 2 * big) if history.limit == "fixed" else (small, big)


def seat_order(seated: list, button: int) -> list:
    """The seats (number, name, stack) in omaha8's order: the first seat left of the button
    first, the button last."""
    return sorted(seated, key=lambda s: (s[0] <= button, s[0]))


@dataclass
class Reading:
    """One hand's parse: the History being built and what the lines read so far have told."""

    history: History
    tournament: bool = False
    """Whether the hand is a tournament's, where a player sitting out is dealt in and folded."""
    button: Optional[int] = None
    """The button's seat number, as the site numbers seats."""
    seated: list[tuple[int, str, int]] = field(default_factory=list)
    """(seat number, name, stack) of every player dealt in, in the order of the seat lines."""
    section: str = "seats"
    """The part of the hand the lines are in: a reader names its own sections."""
    street: str = "preflop"
    totals: dict[str, int] = field(default_factory=dict)
    """Each player's whole bet this round: the ``total`` of its next step starts from it."""
    summary_wins: list[tuple[str, int, int]] = field(default_factory=list)
    """What the summary says each player won, for a hand with no "collected" line."""
    final_stacks: dict[str, int] = field(default_factory=dict)
    """Each player's stack after the hand, where the summary prints it."""
    run: int = 0
    """The run the lines are in, counted from 1, in a hand run more than once; else 0."""
    run_boards: dict[int, list[int]] = field(default_factory=dict)
    """Each run's whole board so far, by run."""
    run_collected: dict[int, list[tuple[str, int, int]]] = field(default_factory=dict)
    """What was collected in each run, by run."""

    def money(self, text: str, line: str) -> int:
        return money(text, self.history.unit, self.history.hand_id, line)

    def cards(self, text: str, line: str) -> list[int]:
        return cards(text, self.history.hand_id, line)

    def is_seated(self, name: str) -> bool:
        return name in {s[1] for s in self.seated}

    def new_street(self, street: str, board: list[int]) -> None:
        """A betting round begins with these cards on the board: every bet starts from 0."""
        self.street = street
        self.history.board += board
        self.totals = {}

    def _add(self, step: Step) -> None:
        self.totals[step.name] = step.total
        self.history.steps.append(step)

    def disconnected(self, name: str) -> None:
        """WPN's disconnect protection: the player stays in the pots so far without acting."""
        self._add(Step(self.street, name, "disconnected", 0, self.totals.get(name, 0)))

    def fold(self, name: str) -> None:
        self._add(Step(self.street, name, "fold"))

    def check(self, name: str) -> None:
        self._add(Step(self.street, name, "check", 0, self.totals.get(name, 0)))

    def call(self, name: str, amount: int, all_in: bool) -> None:
        self._add(Step(self.street, name, "call", amount, self.totals.get(name, 0) + amount, all_in))

    def bet(self, name: str, amount: int, all_in: bool) -> None:
        self._add(Step(self.street, name, "bet", amount, self.totals.get(name, 0) + amount, all_in))

    def raise_to(self, name: str, to: int, all_in: bool) -> None:
        self._add(Step(self.street, name, "raise", to - self.totals.get(name, 0), to, all_in))

    def post(self, name: str, kind: str, amount: int, all_in: bool) -> None:
        """A posting: "ante", "small blind", "big blind" or "small & big blinds". Only its live
        part counts toward the player's bet this round."""
        live = amount
        if kind == "ante":
            live = 0
        elif kind == "small & big blinds":
            # The small blind's part is dead money and goes in first, as Hand posts it;
            # a stack short of both posts its dead part whole.
            small, big = _blind_sizes(self.history)
            live = min(amount - min(amount, small), big)
        elif kind == "small blind" and self.button is not None and name != _small_blind_name(self.seated, self.button):
            live = 0  # a missed small blind posted by another seat is dead money
        self._add(Step(self.street, name, kind, amount, self.totals.get(name, 0) + live, all_in))


def _blind_sizes(history: History) -> tuple[int, int]:
    """The blinds of this hand: as the blinds' seats posted them, else from the stakes (fixed
    limit's are half the small bet and the small bet)."""
    posted: dict = {}
    for step in history.steps:
        if step.kind in ("small blind", "big blind") and not step.all_in:
            posted.setdefault(step.kind, step.amount)
    stakes = history.stakes
    if history.limit == "fixed":
        default = (stakes[0] // 2, stakes[0])
    else:
        default = stakes
    return posted.get("small blind", default[0]), posted.get("big blind", default[1])


def _small_blind_name(seated: list, button: int) -> Optional[str]:
    """Who posts the small blind: the first seat left of the button (heads-up, the button)."""
    if not seated:
        return None
    order = seat_order(seated, button)
    return order[-1][1] if len(order) == 2 else order[0][1]


# ---------------------------------------------------------------- sites in PokerStars' shape


STARRED_SECTIONS = {
    "*** HOLE CARDS ***": "preflop",
    "*** FLOP ***": "flop",
    "*** TURN ***": "turn",
    "*** RIVER ***": "river",
    "*** SHOW DOWN ***": "showdown",
    "*** SUMMARY ***": "summary",
}
"""The section lines of PokerStars and of the sites that write theirs the same way."""
DEALT_TO = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
"""Hole cards dealt, "Dealt to Hero [Ac 4d 2d 2h]", as most sites write it."""


def never(*groups: str) -> re.Pattern:
    """A pattern that matches no line, with the groups a Dialect's field names: for what a site
    never prints (its uncalled bets, its total pot)."""
    return re.compile("^(?!)" + "".join(f"(?P<{name}>)" for name in groups))


@dataclass(frozen=True)
class Dialect:
    """How a site in PokerStars' shape writes a hand after its header: sections opened by
    "*** ... ***" lines, the table and seat lines, then one line per posting, action, card shown,
    bet returned and pot collected, and a summary with the total pot and the rake. Each pattern
    names its groups, so that one driver (``read_lines``) reads every such site."""

    sections: dict[str, str]
    """A section line's start ("*** FLOP ***") and the section it opens: "seats" (the table,
    the seats and the posts), "preflop", "flop", "turn", "river", "showdown" or "summary"."""
    table: re.Pattern
    """The table line: groups ``name`` (the table's name) and ``button`` (its seat number)."""
    seat: re.Pattern
    """A seat line: groups ``number``, ``name``, ``stack`` and ``rest`` (what follows the stack)."""
    action: re.Pattern
    """A posting or an action: groups ``name`` and ``what`` (from the verb on), ``amount`` (a
    call's, a bet's or an all-in's chips, or a raise's where the site writes what it adds), ``to``
    (a raise's total; ``by`` where the site writes the total alone), ``post`` (the posting's
    words) and ``posted``. An all-in with no amount is a disconnection (WPN)."""
    posts: dict[str, str]
    """The words of a posting and its kind: "small blind", "big blind", "small & big blinds",
    "ante"."""
    dealt: re.Pattern
    """Hole cards dealt: groups ``name`` and ``cards``; ``shows`` and ``mucks`` likewise."""
    shows: re.Pattern
    mucks: re.Pattern
    uncalled: re.Pattern
    """A bet returned: groups ``amount`` and ``name``."""
    collected: re.Pattern
    """Chips won: groups ``name``, ``amount``, ``side`` with its ``number`` for a side pot, and
    ``run`` where a hand run more than once names the run. (Pot -1 in ``History.collected``: a
    site that does not say which pot.)"""
    total: re.Pattern
    """The summary's total pot and rake: groups ``total`` and ``rake`` (none: no rake), and
    ``fee`` where a site takes a jackpot fee beside the rake (counted with it)."""
    summary_cards: re.Pattern
    """The summary's cards of a player who showed or mucked: groups ``name`` and ``cards``."""
    noise: re.Pattern
    """Lines about the table rather than the hand (chat, sitting out): they move no chip."""
    summary_stacks: Optional[re.Pattern] = None
    """The summary's stack of each player after the hand, groups ``name`` and ``stack``: where a
    site prints neither the total pot nor every chip won (KingsClub), what each player collected
    is its stack's change plus what it put in, less a bet returned (worked out, with a note)."""
    run_sections: Optional[re.Pattern] = None
    """A section line of one run of a hand run more than once ("*** FLOP 2 *** [..]"): groups
    ``street`` and ``run``. Its cards make that run's board; the collected lines after it are
    that run's."""
    summary_won: Optional[re.Pattern] = None
    """The summary's "won" of a player, groups ``name`` and ``amount``: what it collected where
    the hand prints no "collected" line (WPN's walks)."""
    section_starts: tuple[str, ...] = ("*** ",)
    """How a section line begins (WPN's older format also "------ Summary ------")."""
    one_card_a_line: bool = False
    """Whether hole cards are dealt one a line ("received card: [Th]"), to be put together."""
    action_names_end_with_colon: bool = True
    """Whether a player's lines are "Name: ..." (a line of a seated name, a colon and words no
    pattern reads is an action omaha8 does not know, refused rather than passed over)."""
    total_includes_rake: bool = True
    """Whether the summary's total pot counts the rake (PokerStars) or is what was paid out
    (Winamax)."""
    calls_to_total: bool = False
    """Whether a call's amount is the bet it calls to (KingsClub's "calls 90" after a raise to
    90), not the chips it adds."""
    rake_implied: bool = False
    """Whether the site prints no rake (Bovada): it is the total pot less what was collected."""
    total_unprinted: bool = False
    """Whether the site prints neither the total pot nor a bet returned (PartyPoker, 888): the
    total is the bets, less a last bet nobody called (worked out, with a note)."""
    uncalled_paid_as_pot: bool = False
    """Whether the site pays an uncalled bet back as a pot of its own (Winamax), not a line."""
    on_table: Optional[Callable[["Reading", str], None]] = None
    """What a site reads in its table's name (omaha8's own fixed-limit cap in PokerStars')."""


def read_lines(reading: Reading, lines: list[str], dialect: Dialect) -> History:
    """A hand's lines after its header, each to the handler of its section (the seats and posts,
    the betting rounds and the showdown, the summary); a section line starts a section. Then the
    hand is checked whole (``finish``)."""
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith(dialect.section_starts):
            _section_line(reading, dialect, line, stripped)
        elif reading.section == "seats":
            _seats_line(reading, dialect, line, stripped)
        elif reading.section == "summary":
            _summary_line(reading, dialect, line, stripped)
        else:
            _play_line(reading, dialect, line, stripped)
    return settle(
        reading,
        total_unprinted=dialect.total_unprinted,
        uncalled_paid_as_pot=dialect.uncalled_paid_as_pot,
        rake_implied=dialect.rake_implied,
    )


def settle(
    reading: Reading, *, total_unprinted: bool = False, uncalled_paid_as_pot: bool = False, rake_implied: bool = False
) -> History:
    """The hand's results once every line is read: what was collected (from the stacks after
    the hand where a site prints those), the runs, and what the site leaves unprinted worked
    out (the flags as ``Dialect``'s: the total pot, an uncalled bet paid as a pot, the rake);
    then the hand is checked whole (``finish``)."""
    if reading.final_stacks:
        _collected_from_stacks(reading)
    if not reading.history.collected:
        reading.history.collected = reading.summary_wins
    if reading.run_boards:
        _keep_the_runs(reading)
    history = reading.history
    if total_unprinted and history.total_pot is None:
        history.total_pot = sum(step.amount for step in history.steps) - sum(a for _, a in history.uncalled)
    if uncalled_paid_as_pot:
        _uncalled_from_its_pot(history)
    if total_unprinted and not history.uncalled and (last := _last_excess(history)) is not None:
        history.uncalled.append(last)
        assert history.total_pot is not None  # set above
        history.total_pot -= last[1]
        history.notes.append(f"hand {history.hand_id}: no line returns {last[0]}'s uncalled {last[1]}; worked out")
    if rake_implied and history.total_pot is not None:
        history.rake = history.total_pot - sum(amount for _, amount, _ in history.collected)
        # What the pots kept is a rake only as large as a rake: none in a tournament, at most a
        # tenth of a cash pot (the sites take 5% at most). More is chips the file lost.
        if history.rake < 0 or history.rake > (0 if reading.tournament else history.total_pot // 10):
            raise HistoryError(
                f"hand {history.hand_id}: the pots paid {history.total_pot - history.rake} of a total pot of "
                f"{history.total_pot}: not what a rake keeps"
            )
    return finish(reading)


def _collected_from_stacks(reading: Reading) -> None:
    """What each player collected, from its stack before and after the hand and what it put in
    (a bet nobody called, which such sites do not print, worked out and returned first); the
    total pot the bets less that bet. The pots are not told: each collected line has pot -1."""
    history = reading.history
    put_in: dict[str, int] = {}
    for step in history.steps:
        put_in[step.name] = put_in.get(step.name, 0) + step.amount
    if not history.uncalled and (last := _last_excess(history)) is not None:
        history.uncalled.append(last)
        history.notes.append(f"hand {history.hand_id}: no line returns {last[0]}'s uncalled {last[1]}; worked out")
    returned = dict(history.uncalled)
    history.collected = []
    for _, name, stack in reading.seated:
        if name not in reading.final_stacks:
            raise HistoryError(f"hand {history.hand_id}: the summary gives no stack for {name!r}")
        won = reading.final_stacks[name] - stack + put_in.get(name, 0) - returned.get(name, 0)
        if won < 0:
            raise HistoryError(f"hand {history.hand_id}: {name!r} ends with less than it had and put in")
        if won:
            history.collected.append((name, won, -1))
    history.total_pot = sum(put_in.values()) - sum(returned.values())


def _keep_the_runs(reading: Reading) -> None:
    """A hand run more than once: each run's board and collected lines into ``History.runs``,
    the first run's board as the hand's."""
    history = reading.history
    runs = sorted(reading.run_boards)
    if runs != list(range(1, len(runs) + 1)) or len(runs) < 2:
        raise HistoryError(f"hand {history.hand_id}: runs {runs} of a hand run more than once")
    boards = [reading.run_boards[r] for r in runs]
    if any(len(board) != 5 for board in boards):
        raise HistoryError(f"hand {history.hand_id}: a run's board is not five cards: {boards}")
    # The cards before the runs are each run's; the cards after them are dealt once.
    shared = len(history.board)
    dealt = history.board + [c for board in boards for c in board[shared:]]
    dealt += [c for hole in history.holes.values() for c in hole]
    if len(set(dealt)) != len(dealt) or any(board[:shared] != history.board for board in boards):
        raise HistoryError(f"hand {history.hand_id}: a card appears twice in the runs")
    history.runs = [(board, reading.run_collected.get(r, [])) for r, board in zip(runs, boards)]
    history.board = list(boards[0])


def _new_cards(reading: Reading, known: list[int], stripped: str, line: str) -> list[int]:
    """The board cards a street line adds to ``known``: after the cards known, written again
    ("[Ks 7d 2h] [9c]"; KingsClub writes a shared card of a second board as "-"), or, where the
    line does not repeat them, its last brackets' cards. A river line may bring every card
    before it (KingsClub's "*** RIVER *** [2s Th 6h 7c] [5s]" after an all-in before the flop)."""
    brackets = _BRACKETS.findall(stripped)
    if not brackets:
        raise HistoryError(f"hand {reading.history.hand_id}: no cards on line {line!r}")
    tokens = " ".join(brackets).replace(",", " ").split()
    if len(tokens) > len(known) and "-" not in tokens[len(known) :]:
        head = tokens[: len(known)]
        if all(t == "-" or reading.cards(t, line) == [card] for t, card in zip(head, known)):
            return reading.cards(" ".join(tokens[len(known) :]), line)
    return reading.cards(brackets[-1].replace(",", " "), line)


_BRACKETS = re.compile(r"\[([^\]]*)\]")


def _run_section(reading: Reading, dialect: Dialect, line: str, stripped: str) -> bool:
    """A section line of one run ("*** TURN 2 *** [..] [..]"): that run's cards; False when the
    line is no run's."""
    if dialect.run_sections is None or not (match := dialect.run_sections.match(stripped)):
        return False
    run = reading.run = int(match.group("run"))
    if not 1 <= run <= 3:
        raise HistoryError(f"hand {reading.history.hand_id}: run {run} in line {line!r}")
    reading.section = "showdown"
    reading.history.showdown = True
    if match.group("street") != "SHOW DOWN":
        known = reading.run_boards.setdefault(run, list(reading.history.board))
        known += _new_cards(reading, known, stripped, line)
        if len(known) > 5:
            raise HistoryError(f"hand {reading.history.hand_id}: run {run} has more than five board cards")
    return True


def _section_line(reading: Reading, dialect: Dialect, line: str, stripped: str) -> None:
    """A "*** ... ***" line: the next section begins, a street with its cards."""
    if _run_section(reading, dialect, line, stripped):
        return
    sections = dialect.sections
    marker = next((m for m in sections if stripped.startswith(m)), None)
    if marker is None:
        raise HistoryError(f"hand {reading.history.hand_id}: a section omaha8 does not read: {line!r}")
    section = reading.section = sections[marker]
    if section in ("flop", "turn", "river"):
        reading.new_street(section, _new_cards(reading, reading.history.board, stripped, line))
    elif section == "showdown":
        reading.history.showdown = True


def _seats_line(reading: Reading, dialect: Dialect, line: str, stripped: str) -> None:
    """Before the hole cards: the table and its button, the seats, then the posts."""
    if table := dialect.table.match(stripped):
        reading.button = int(table.group("button"))
        if dialect.on_table is not None:
            dialect.on_table(reading, table.group("name"))
    elif seat := dialect.seat.match(stripped):
        # A player moved in from another table waits for the next hand; one sitting out of a
        # tournament is dealt in, posts, and is folded. A cash player sitting out is not dealt in.
        rest = seat.group("rest")
        sitting_out = "sitting out" in rest
        if "out of hand" not in rest and (reading.tournament or not sitting_out):
            name = seat.group("name")
            reading.seated.append((int(seat.group("number")), name, reading.money(seat.group("stack"), line)))
            if sitting_out:
                reading.history.sitting_out.add(name)
    else:
        _play_line(reading, dialect, line, stripped)


def _play_line(reading: Reading, dialect: Dialect, line: str, stripped: str) -> None:
    """A line of the posts, the betting rounds or the showdown (cards dealt, bets returned and
    pots collected may come in any of them); table chatter changes nothing."""
    history = reading.history
    if dealt := dialect.dealt.match(stripped):
        cards = reading.cards(dealt.group("cards"), line)
        if dialect.one_card_a_line:
            history.holes[dealt.group("name")] = history.holes.get(dealt.group("name"), []) + cards
        elif reading.section != "seats" or len(cards) != 1:  # one card before the hand: the draw for the button
            history.holes[dealt.group("name")] = cards
    elif shows := dialect.shows.match(stripped):
        if shown := shows.groupdict().get("cards"):  # Bovada shows the best hands, not the hole cards
            history.holes[shows.group("name")] = reading.cards(shown, line)
        history.shown.add(shows.group("name"))
    elif mucks := dialect.mucks.match(stripped):
        history.mucked.add(mucks.group("name"))
        if mucked := mucks.groupdict().get("cards"):  # 888 prints the cards mucked
            history.holes[mucks.group("name")] = reading.cards(mucked, line)
    elif uncalled := dialect.uncalled.match(stripped):
        history.uncalled.append((uncalled.group("name"), reading.money(uncalled.group("amount"), line)))
    elif collected := dialect.collected.match(stripped):
        pot = int(collected.group("number") or 1) if collected.group("side") else 0
        won = (collected.group("name"), reading.money(collected.group("amount"), line), pot)
        history.collected.append(won)
        run = int(collected.groupdict().get("run") or reading.run)
        if run:
            reading.run_collected.setdefault(run, []).append(won)
    elif action := dialect.action.match(stripped):
        _action(reading, dialect, action, line, stripped)
    elif not dialect.noise.search(stripped) and _names_a_seat(reading, dialect, stripped):
        raise HistoryError(f"hand {history.hand_id}: an action omaha8 does not know: {line!r}")
    # Anything else is table chatter in some language: it moves no chip.


def _names_a_seat(reading: Reading, dialect: Dialect, stripped: str) -> bool:
    """Whether a line begins with a seated player's name ("Name: ..." where a site writes
    actions so), and so is one of its actions, not chatter."""
    if dialect.action_names_end_with_colon:
        return ": " in stripped and reading.is_seated(stripped.split(": ")[0])
    return any(stripped.startswith(name + " ") for _, name, _ in reading.seated)


# A verb as the sites write it ("Folds(timeout)", "Call", "All-in(raise)"), as one of omaha8's.
_VERBS = {"fold": "folds", "call": "calls"}


def _action(reading: Reading, dialect: Dialect, action: re.Match, line: str, stripped: str) -> None:
    """A posting, a fold, a check, a call, a bet or a raise."""
    name, word = action.group("name"), action.group("what").split()[0].lower()
    verb = "raises" if word == "all-in(raise)" else _VERBS.get(word.split("(")[0], word.split("(")[0])
    all_in = stripped.endswith(("and is all-in", "and is all in")) or word.startswith("all-in")
    if verb == "folds":
        reading.fold(name)
    elif verb == "checks":
        reading.check(name)
    elif verb == "calls":
        amount = reading.money(action.group("amount"), line)
        if dialect.calls_to_total:
            amount -= reading.totals.get(name, 0)
        reading.call(name, amount, all_in)
    elif verb == "bets":
        reading.bet(name, reading.money(action.group("amount"), line), all_in)
    elif verb == "raises":
        # "raises 4 to 6" (to 6); Bovada's older "Raises 300" says the total alone.
        groups = action.groupdict()
        to = groups.get("to") or groups.get("by")
        if to is not None:
            reading.raise_to(name, reading.money(to, line), all_in)
        else:  # WPN's older "raises (0.85)": the chips it adds
            reading.raise_to(name, reading.totals.get(name, 0) + reading.money(action.group("amount"), line), all_in)
    elif verb in ("all-in", "allin") and action.group("amount") is None:
        reading.disconnected(name)
    elif verb in ("all-in", "allin"):
        all_in_for(reading, name, reading.money(action.group("amount"), line))
    else:
        kind = dialect.posts[action.group("post")]
        reading.post(name, kind, reading.money(action.group("posted"), line), all_in)


def all_in_for(reading: Reading, name: str, added: int) -> None:
    """An all-in written by the chips the player adds (Bovada's "All-in $2.36", Merge's and
    Microgaming's): a call when they come to no more than the bet to match, else a bet or a
    raise to its new total."""
    level = max(reading.totals.values(), default=0)
    total = reading.totals.get(name, 0) + added
    if total <= level:
        reading.call(name, added, True)
    elif level == 0:
        reading.bet(name, added, True)
    else:
        reading.raise_to(name, total, True)


def stack_left(reading: Reading, name: str) -> int:
    """What a player has behind: its stack at the start less every chip it has put in."""
    stack = next(stack for _, seated, stack in reading.seated if seated == name)
    return stack - sum(step.amount for step in reading.history.steps if step.name == name)


def call_either(reading: Reading, name: str, value: int) -> None:
    """A call whose amount a site writes either as the chips it adds or as the bet it comes to
    (Boss Media's files do both): whichever of the two is a call the betting allows, the chips
    owed (or, all in, the stack), or the bet matched; neither is a HistoryError."""
    level = max(reading.totals.values(), default=0)
    mine = reading.totals.get(name, 0)
    owed = min(level - mine, stack_left(reading, name))
    if value == owed:
        reading.call(name, value, value == stack_left(reading, name))
    elif value - mine == owed and mine:
        reading.call(name, owed, owed == stack_left(reading, name))
    else:
        raise HistoryError(
            f"hand {reading.history.hand_id}: {reading.street}: {name} calls {value}, neither the {owed} it owes "
            f"nor the bet of {mine + owed} it comes to"
        )


def _summary_line(reading: Reading, dialect: Dialect, line: str, stripped: str) -> None:
    """The summary: the total pot and the rake, and the hole cards shown or mucked."""
    history = reading.history
    if total := dialect.total.match(stripped):
        history.rake = reading.money(total.group("rake"), line) if total.group("rake") else 0
        if fee := total.groupdict().get("fee"):
            history.rake += reading.money(fee, line)
        if "total" in total.groupdict():  # KingsClub prints the rake alone
            history.total_pot = reading.money(total.group("total"), line)
            if not dialect.total_includes_rake:
                history.total_pot += history.rake
    elif collected := dialect.collected.match(stripped):  # OnGame pays its pots in the summary
        pot = int(collected.group("number") or 1) if collected.group("side") else 0
        history.collected.append((collected.group("name"), reading.money(collected.group("amount"), line), pot))
    elif dialect.summary_stacks is not None and (final := dialect.summary_stacks.match(stripped)):
        reading.final_stacks[final.group("name")] = reading.money(final.group("stack"), line)
    elif shown := dialect.summary_cards.match(stripped):
        history.holes.setdefault(shown.group("name"), reading.cards(shown.group("cards"), line))
        if dialect.summary_won is not None and (won := dialect.summary_won.match(stripped)):
            _summary_won(reading, won, line)
    elif mucks := dialect.mucks.match(stripped):
        history.mucked.add(mucks.group("name"))
        if dialect.summary_won is not None and (won := dialect.summary_won.match(stripped)):
            _summary_won(reading, won, line)
    elif dialect.summary_won is not None and (won := dialect.summary_won.match(stripped)):
        _summary_won(reading, won, line)


def _summary_won(reading: Reading, won: re.Match, line: str) -> None:
    """What the summary says a player won, for a hand with no "collected" line; the pot not told."""
    amount = reading.money(won.group("amount"), line)
    if amount:
        reading.summary_wins.append((won.group("name"), amount, -1))


# ---------------------------------------------------------------- the hand read: does it add up


def finish(reading: Reading) -> History:
    """The History read, its players in omaha8's seat order, once the hand is checked whole:
    a button, two or more seats, each seat and name once, every card once, and the bets, the
    total pot, what was collected and the rake adding up. Anything else is a HistoryError."""
    history = reading.history
    _check_seats(reading)
    if history.total_pot is None:
        raise HistoryError(f"hand {history.hand_id}: the hand is cut short (no 'Total pot' line)")
    assert reading.button is not None  # _check_seats
    history.players = [Player(name, stack) for _, name, stack in seat_order(reading.seated, reading.button)]
    _check_actors_and_cards(history)
    _balance_the_pot(history)
    return history


def _check_seats(reading: Reading) -> None:
    hand_id, seated = reading.history.hand_id, reading.seated
    if reading.button is None:
        raise HistoryError(f"hand {hand_id}: no line says which seat is the button")
    if not seated:
        raise HistoryError(f"hand {hand_id}: no seats")
    if len(seated) < 2:
        raise HistoryError(f"hand {hand_id}: only one player is dealt in; a hand needs two")
    if len({number for number, _, _ in seated}) != len(seated) or len({name for _, name, _ in seated}) != len(seated):
        raise HistoryError(f"hand {hand_id}: a seat or a name appears twice")
    if sum(stack for _, _, stack in seated) > MAX_CHIPS:
        raise HistoryError(
            f"hand {hand_id}: the stacks add up to more than omaha8's engine holds ({MAX_CHIPS:,} chips)"
        )


def _check_actors_and_cards(history: History) -> None:
    names = set(history.names)
    for step in history.steps:
        if step.name not in names:
            raise HistoryError(f"hand {history.hand_id}: {step.name!r} acts but is not seated")
    seen = history.board + [c for hole in history.holes.values() for c in hole]
    if len(set(seen)) != len(seen):
        raise HistoryError(f"hand {history.hand_id}: a card appears twice")


def _balance_the_pot(history: History) -> None:
    """The bets less the bets returned are the total pot, and the pots collected and the rake are
    the total pot; an old file's unprinted uncalled bet is added, with a note."""
    hand_id, total_pot = history.hand_id, history.total_pot
    assert total_pot is not None  # finish
    put_in = sum(step.amount for step in history.steps) - sum(amount for _, amount in history.uncalled)
    if put_in != total_pot:
        returned = _unprinted_return(history, put_in - total_pot)
        if returned is None:
            raise HistoryError(f"hand {hand_id}: the bets add up to {put_in} but the total pot is {total_pot}")
        history.uncalled.append(returned)
        history.notes.append(
            f"hand {hand_id}: no 'Uncalled bet' line; the total pot shows that {returned[1]} "
            f"went back to {returned[0]}, what its last bet was beyond the largest call"
        )
    if sum(amount for _, amount, _ in history.collected) + history.rake != total_pot:
        raise HistoryError(f"hand {hand_id}: collected and rake do not add up to the total pot")


def _unprinted_return(history: History, excess: int) -> Optional[tuple]:
    """Older files (PokerStars' of 2005 to 2010) print no 'Uncalled bet' line. When the bets
    exceed the total pot by exactly what the last bettor put in beyond the largest call of that
    round, that excess went back to it: (name, excess); else None."""
    if excess <= 0 or history.uncalled:
        return None
    last = _last_excess(history)
    return last if last is not None and last[1] == excess else None


def _uncalled_from_its_pot(history: History) -> None:
    """Winamax pays a bet nobody called back as a side pot of its own ("collected 84€ from side
    pot 1"), and WPN counts it in the pot its bettor alone won (a walk), with no line returning
    it: the same chips, read as the bet returned, with a note."""
    last = _last_excess(history)
    if last is None or history.uncalled or history.total_pot is None:
        return
    name, excess = last
    for at, (winner, amount, pot) in enumerate(history.collected):
        if pot >= 1 and (winner, amount) == last and sum(1 for c in history.collected if c[2] == pot) == 1:
            del history.collected[at]
            history.uncalled.append(last)
            history.total_pot -= amount
            history.notes.append(
                f"hand {history.hand_id}: the site paid {name}'s uncalled {amount} back as side pot {pot}; "
                "read as the bet returned"
            )
            return
    # WPN's walk: the one winner "won" the whole pot, its own uncalled part in it.
    if len(history.collected) == 1 and history.collected[0][0] == name and history.collected[0][1] > excess:
        winner, amount, pot = history.collected[0]
        history.collected[0] = (winner, amount - excess, pot)
        history.uncalled.append(last)
        history.total_pot -= excess
        history.notes.append(
            f"hand {history.hand_id}: the site counted {name}'s uncalled {excess} in the pot it won; "
            "read as the bet returned"
        )


def _last_excess(history: History) -> Optional[tuple]:
    """(name, chips): what the last bettor of the last round put in beyond the largest call, when
    it is more than nothing; else None."""
    last = [step for step in history.steps if step.kind in ("bet", "raise", "call", "check", "fold")]
    street = last[-1].street if last else "preflop"
    bets: dict[str, int] = {}
    for step in history.steps:
        if step.street == street and step.kind == "fold":
            bets.setdefault(step.name, 0)  # a fold leaves its bet in, or none
        elif step.street == street and step.kind != "ante":
            bets[step.name] = step.total
    ordered = sorted(bets.items(), key=lambda item: -item[1])
    if len(ordered) < 2 or ordered[0][1] <= ordered[1][1]:
        return None
    excess = ordered[0][1] - ordered[1][1]
    bettor = ordered[0][0]
    if not any(
        step.name == bettor and step.kind in ("bet", "raise", "small blind", "big blind") and step.street == street
        for step in history.steps
    ):
        return None
    return (bettor, excess)
