"""The record every hand-history format reads into, and its replay.

A ``History`` is one hand as a site (or a file) wrote it: the players in omaha8's seat order,
every posting and action as a ``Step``, the cards known, and what the site paid. Each format
(``pokerstars``, ``phh``) parses into it; ``History.replay`` then drives ``omaha8.Hand`` action
by action as a user would, so that every format gets the same checks: a bet the site accepted
and the engine refuses is reported with the rule it broke, and at the end the engine's pots are
compared with the site's "collected" lines, pot by pot, after the site's stated rake.
Amounts are exact integers in the smallest unit the history uses (cents for "$0.05").
"""

from __future__ import annotations

import codecs
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Sequence, Union, cast

from .. import _engine
from ..equity import equity
from ..exceptions import CardError, HandError, HistoryError, IllegalActionError
from ..game import STREETS, Hand, Kind, Street
from ..pots import Showdown, award_pots, form_pots, settle, split_pot

__all__ = [
    "Player",
    "Step",
    "History",
    "AllInEquity",
    "Replay",
    "ReadResult",
    "decode",
    "text_of",
    "short",
    "walk",
    "extra_posts",
    "game_name",
    "CONVENTIONS",
]


@dataclass(frozen=True)
class Player:
    name: str
    """The player's name in the history (PHH's "p1".."pN")."""
    stack: int
    """Its stack at the start of the hand."""


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
    max_raises: Union[int, str, None] = "site"
    """Fixed limit's cap when the history says it (a hand omaha8 wrote with another cap than
    PokerStars'); "site" for PokerStars' own."""
    notes: list = field(default_factory=list)
    """What reading had to work out that the site did not print (an old file's uncalled bet)."""
    blinds: Optional[tuple[int, int]] = None
    """The blinds when the format states them (PHH); None to work them out from the posts and
    the stakes, as for PokerStars."""
    seed: Optional[int] = None
    """The seed that deals the cards the history does not show; None for one from the hand id."""
    results_stated: bool = True
    """Whether the history states the results, the bets returned, the total pot and what each
    player collected (PokerStars does, PHH does not): only then are omaha8's compared."""
    complete: bool = True
    """Whether the history runs to the end of the hand (a PHH file may stop at any action)."""
    runs: list = field(default_factory=list)
    """A hand run more than once: each run's whole board and what was collected in it,
    [(board, [(name, amount, pot)])]; ``board`` is the first run's and ``collected`` every run's.
    Empty for a hand run once."""

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def replay(self, max_raises: Union[int, str, None] = "site") -> "Replay":
        """Play the hand through ``omaha8.Hand`` and check it. ``max_raises``: the fixed-limit
        cap to hold the site to; by default PokerStars' (a bet and three raises, no cap
        heads-up), or the cap the history itself states."""
        return _replay(self, max_raises)


def game_name(hole_size: int) -> str:
    """``History.game`` for hands of ``hole_size`` cards: "Omaha Hi/Lo", "5 Card Omaha Hi/Lo"."""
    return f"{hole_size} Card Omaha Hi/Lo" if hole_size != 4 else "Omaha Hi/Lo"


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
    conventions: list = field(default_factory=list)
    """Where the site paid by a named convention of its own that differs from omaha8's rules
    (``CONVENTIONS``), one line each naming the hand, the pot and the convention: neither a
    difference nor passed over in silence."""


class ReadResult(list):
    """The hands read (a list), with what was passed over. It compares and prints as the list
    of its hands; ``skipped_games`` and ``errors`` ride along."""

    def __init__(self, hands: Iterable[History] = (), skipped_games: int = 0, errors: Optional[list] = None) -> None:
        super().__init__(hands)
        self.skipped_games = skipped_games
        """Hands of other games in the file."""
        self.errors: list = [] if errors is None else errors
        """HistoryError for each hand that could not be read."""

    def __repr__(self) -> str:
        return f"ReadResult({list.__repr__(self)}, skipped_games={self.skipped_games}, errors={self.errors!r})"


def _cp1252_or_latin1(error: UnicodeDecodeError) -> tuple[str, int]:
    # The five bytes cp1252 leaves undefined are read as Latin-1, as browsers read them.
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error("omaha8-cp1252", _cp1252_or_latin1)  # type: ignore[arg-type]


def decode(data: bytes) -> str:
    """A history file's bytes as text: UTF-8 with or without a byte-order mark, UTF-16 with a
    byte-order mark (or, without one, by its zero bytes), and cp1252 for files that are not
    valid UTF-8. Bytes no encoding reads raise HistoryError."""
    try:
        if data.startswith(codecs.BOM_UTF8):
            return data[3:].decode("utf-8")
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            # A stray last byte (a UTF-16 file of WPN's ends in one) is half a character: no text.
            return data[: len(data) - len(data) % 2].decode("utf-16")
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


def short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def text_of(source: object) -> str:
    """A history's text from a path, an open binary or text file, bytes, or the text itself.
    A str that names an existing file is read from it; any other str is the text."""
    if isinstance(source, os.PathLike):
        if "\0" in os.fspath(source):
            raise HistoryError(f"{short(repr(os.fspath(source)), 60)} is not a file name: it holds a NUL character")
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


_POSTS = ("small blind", "big blind", "small & big blinds", "ante")


def _replay(history: History, max_raises: Union[int, str, None]) -> Replay:
    """The replay's phases: the hand dealt as the history sets it up (blinds, posts, cards), its
    actions played in turn, the betting's end checked (the bets returned), then the pots."""
    names = history.names
    hand = _deal(history, names, max_raises)
    if isinstance(hand, str):
        return Replay(history, None, {}, {}, [f"hand {history.hand_id}: not replayed: {hand}"], "not replayed")
    notes = list(history.notes)
    disconnected = next((s for s in history.steps if s.kind == "disconnected"), None)
    conventions: list[str] = []
    past_the_limit: dict[str, int] = {}  # what each player put in past the pot limit (WPN)
    differences = _play(history, hand, names, notes, conventions, past_the_limit)
    if disconnected is not None and not differences:
        # WPN's disconnect protection: a player who loses its connection stays in the pots so far
        # without calling. omaha8's rules have no such all-in; the betting is checked up to it.
        convention = (
            f"hand {history.hand_id}: {disconnected.street}: {disconnected.name} disconnected and was kept in "
            "the pots so far without calling (WPN's disconnect protection): not replayed past it"
        )
        return Replay(history, hand, {}, {}, [], "betting only", notes=notes, conventions=conventions + [convention])
    if not differences:
        _fold_sitting_out(history, hand, names, notes, hand.street)
        differences = _check_returns(history, hand, names, past_the_limit)
    if differences or hand.actor is not None:
        if hand.actor is not None and not differences and history.complete:
            differences.append(
                f"hand {history.hand_id}: the history ends with {names[hand.actor]} "
                f"(seat {hand.actor + 1}) still to act"
            )
        return Replay(history, hand, {}, {}, differences, "betting only", notes=notes, conventions=conventions)
    if history.results_stated and hand.pot != history.total_pot:
        differences.append(
            f"hand {history.hand_id}: omaha8's pot is {hand.pot}, the site's total pot {history.total_pot}"
        )
    replay = _check_payouts(history, hand, names, differences, notes)
    replay.conventions[:0] = conventions
    return replay


def _deal(history: History, names: list, max_raises: Union[int, str, None]) -> Union[Hand, str]:
    """The engine's Hand as the history sets it up, or why it cannot be dealt."""
    posts = _blinds_and_posts(history, names)
    if isinstance(posts, str):
        return posts
    (small, big), ante, bets, extra = posts
    holes = [history.holes.get(name) for name in names]
    if any(h is not None and len(h) != history.hole_size for h in holes):
        return "hole cards of the wrong count"
    if max_raises == "site":
        max_raises = history.max_raises
    if max_raises == "site":
        max_raises = 3 if len(holes) > 2 else None
    try:
        return Hand(
            [p.stack for p in history.players],
            limit=history.limit,
            blinds=(small, big),
            ante=ante,
            bets=bets,
            # Any other text than "site" is Hand's to refuse (a HandError: returned below).
            max_raises=cast(Optional[int], max_raises),
            hole_size=history.hole_size,
            holes=holes,
            board=history.board,
            seed=_seed_of(history),
            posts=extra or None,
        )
    except (HandError, CardError) as error:
        return str(error)


def _blinds_and_posts(history: History, names: list) -> Union[tuple, str]:
    """((small, big), ante, bets, {seat: (live, dead)}) from the posts, or why Hand cannot post
    them so: each blind from its own seat, the small first (a seat all-in on the ante posts
    none); posts from other seats (a player entering or coming back) are extra, live or dead."""
    seat_of = {name: seat for seat, name in enumerate(names)}
    posts = [s for s in history.steps if s.kind in _POSTS]
    small_seat, big_seat = (1, 0) if len(names) == 2 else (0, 1)
    blinds = [s for s in posts if s.kind in ("small blind", "big blind")]
    # Antes all the same, but for a stack too short for it (all-in on the ante).
    ante = max((s.amount for s in posts if s.kind == "ante"), default=0)
    short_ante = any(s.kind == "ante" and s.amount != ante and not s.all_in for s in posts)
    expected = [("small blind", names[small_seat]), ("big blind", names[big_seat])]
    lone = [(s.kind, s.name) for s in blinds] == [("big blind", names[small_seat])] and history.blinds is None
    if lone:
        # One blind, from the first seat (the small blind's seat empty or dead): a lone blind.
        blinds[0] = Step(blinds[0].street, blinds[0].name, "small blind", blinds[0].amount, blinds[0].total)
        expected = expected[:1]
    extra = [s for s in blinds if (s.kind, s.name) not in expected]
    blinds = [s for s in blinds if (s.kind, s.name) in expected]
    extra += [s for s in posts if s.kind == "small & big blinds"]
    if (
        [(s.kind, s.name) for s in blinds] not in (expected, expected[:1], expected[1:], [])
        or short_ante
        or any(seat_of[s.name] in (small_seat, big_seat) for s in extra)
    ):
        return "blinds posted out of the usual order"
    posted: dict = {}
    for step in extra:
        live, dead = posted.get(seat_of[step.name], (0, 0))
        if step.kind == "big blind":
            live += step.amount
        elif step.kind == "small blind":
            dead += step.amount
        else:
            live += step.total
            dead += step.amount - step.total
        posted[seat_of[step.name]] = (live, dead)
    blinds_played = _blinds_and_bets(history, blinds)
    if lone:
        blinds_played = (max(history.stakes) if history.limit != "fixed" else blinds_played[1], 0)
    return blinds_played, ante, _bets(history), posted


def _bets(history: History) -> Optional[tuple[int, int]]:
    """Fixed limit's small and big bet: the header's stakes. None for pot and no limit."""
    return history.stakes if history.limit == "fixed" else None


def _blinds_and_bets(history: History, blinds: list) -> tuple[int, int]:
    """The blinds: as the format states them; for pot and no limit, the stakes; for fixed limit,
    what was posted (a short stack's post is all-in for less: then the blind is half the small
    bet, as sites set it). A post for less than the blind is a short stack's all-in, which
    Hand works out itself."""
    if history.blinds is not None:
        return history.blinds
    if history.limit != "fixed":
        return history.stakes
    bets = history.stakes
    small_post = next((s for s in blinds if s.kind == "small blind"), None)
    big_post = next((s for s in blinds if s.kind == "big blind"), None)
    small = 0 if small_post is None else small_post.amount
    if small_post is not None and small_post.all_in:
        small = min(max(small, bets[0] // 2), bets[0])  # any blind past the stack posts the same
    big = bets[0] if big_post is None or big_post.all_in else big_post.amount
    return small, big


def _play(history: History, hand: Hand, names: list, notes: list, conventions: list, past: dict) -> list[str]:
    """Every action of the history through the Hand, in turn, each as a user would make it; the
    differences, up to the first action the engine refuses or that comes after the betting."""
    hand_id = history.hand_id
    seat_of = {name: seat for seat, name in enumerate(names)}
    differences: list[str] = []
    for step in history.steps:
        if step.kind in _POSTS:
            continue
        if step.kind == "disconnected":
            break
        if history.sitting_out:
            # A tournament player sitting out is folded when its turn comes without its own action.
            _fold_sitting_out(history, hand, names, notes, step.street, step.name)
        if hand.actor is None:
            differences.append(f"hand {hand_id}: {step.street}: {step.name} {_verb(step.kind)} after the betting ended")
            break
        try:
            if not _all_in_past_the_limit(history, hand, step, conventions, past):
                _act(hand, step, seat_of[step.name], hand_id, differences)
        except IllegalActionError as error:
            differences.append(
                f"hand {hand_id}: {step.street}: {step.name} {_verb(step.kind)} "
                f"{step.total if 'bet' in step.kind or 'raise' in step.kind else ''}: illegal: {error}".replace(
                    "  ", " "
                )
            )
            break
    return differences


def _fold_sitting_out(
    history: History, hand: Hand, names: list, notes: list, street: str, acting: Optional[str] = None
) -> None:
    """Fold each tournament player sitting out whose turn it is, but ``acting``, with a note."""
    while hand.actor is not None and names[hand.actor] in history.sitting_out and names[hand.actor] != acting:
        notes.append(f"hand {history.hand_id}: {street}: {names[hand.actor]} is sitting out and is folded")
        hand.fold()


def _act(hand: Hand, step: Step, seat: int, hand_id: str, differences: list) -> None:
    """One action, as the history wrote it; a call or a raise for another amount than the
    engine's is a difference (IllegalActionError: the engine refused it)."""
    if step.kind == "fold":
        hand.fold(seat=seat)
    elif step.kind == "check":
        hand.check(seat=seat)
    elif step.kind == "check or call":  # PHH's "cc"
        hand.check(seat=seat) if hand.can_check() or hand.actor != seat else hand.call(seat=seat)
    elif step.kind == "call":
        if hand.to_call != step.amount:
            differences.append(
                f"hand {hand_id}: {step.street}: {step.name} calls {step.amount}, but the call is {hand.to_call}"
            )
        hand.call(seat=seat)
    else:
        done = hand.raise_to(step.total, seat=seat)
        if done.total != step.total:
            differences.append(
                f"hand {hand_id}: {step.street}: {step.name} {_verb(step.kind)} to "
                f"{step.total}, "
                f"but its stack takes it to {done.total}"
            )


def _all_in_past_the_limit(history: History, hand: Hand, step: Step, conventions: list, past: dict) -> bool:
    """WPN lets an all-in go past the pot limit and, when nobody calls, returns what the
    player put in past the call: the chips come out the same as the largest legal raise. Played
    as that raise, with the convention named and what went past it kept in ``past``; False for
    any other action."""
    ceiling = hand.max_raise_to
    if not (step.all_in and step.kind in ("raise", "bet") and ceiling is not None and step.total > ceiling):
        return False
    if hand.limit != "pot" or not any(name == step.name for name, _ in history.uncalled):
        return False
    hand.raise_to(ceiling)
    past[step.name] = past.get(step.name, 0) + step.total - ceiling
    conventions.append(
        f"hand {history.hand_id}: {step.street}: {step.name} all-in to {step.total} past the pot limit "
        f"{ceiling}, nobody calling (WPN's); played as a raise to {ceiling}"
    )
    return True


def _check_returns(history: History, hand: Hand, names: list, past: Optional[dict] = None) -> list[str]:
    """The bets the engine returned at the end of the betting against the site's uncalled bets
    (less what went past the pot limit, ``past``)."""
    returned = [(names[a.seat], a.amount) for a in hand.history if a.kind == Kind.RETURN and a.seat is not None]
    past = dict(past or {})
    uncalled = [(name, amount - past.pop(name, 0)) for name, amount in history.uncalled]
    uncalled = [(name, amount) for name, amount in uncalled if amount]
    if history.results_stated and sorted(returned) != sorted(uncalled) and hand.actor is None:
        return [
            f"hand {history.hand_id}: uncalled bets: the site returned {history.uncalled}, omaha8 returns {returned}"
        ]
    return []


def _seed_of(history: History) -> int:
    """The seed that deals what the history does not show: its own, or one from the hand id."""
    if history.seed is not None:
        return history.seed
    digits = history.hand_id.isascii() and history.hand_id.isdigit()
    return int(history.hand_id) % 2**64 if digits else 0


def _verb(kind: str) -> str:
    """A step's kind as the verb of a sentence: "raises", "checks or calls"."""
    return " or ".join(word + "s" for word in kind.split(" or "))


def _check_payouts(history: History, hand: Hand, names: list, differences: list, notes: list) -> Replay:
    """The pots as omaha8 settles them (a player mucking at the showdown concedes), and, when the
    history states its results, each pot against what the site paid from it after the rake."""
    settled = _settle(history, hand, names)
    if settled is None:
        return Replay(history, hand, {}, {}, differences, "betting only", notes=notes)
    checked, result = settled
    if history.runs and checked == "showdown":
        return _check_runs(history, hand, names, differences, notes)
    payouts = {names[s]: result.payouts[s] for s in range(hand.n) if result.payouts[s]}
    if not history.results_stated:
        replay = Replay(history, hand, payouts, payouts, differences, checked, notes=notes)
    else:
        conventions: list = []
        collected = _compare_pots(history, hand, names, result, differences, conventions)
        site_by_name: dict[str, int] = {}
        for name, amount, _ in history.collected:
            site_by_name[name] = site_by_name.get(name, 0) + amount
        if not differences and collected != site_by_name:
            differences.append(
                f"hand {history.hand_id}: the site paid {site_by_name}, omaha8 pays {collected} after rake"
            )
        replay = Replay(history, hand, payouts, collected, differences, checked, notes=notes, conventions=conventions)
    if checked == "showdown" and not history.mucked:
        replay.all_in_equity = _all_in_equity(history, hand, result)
    return replay


def _settle(history: History, hand: Hand, names: list) -> Optional[tuple]:
    """("uncontested" or "showdown", the engine's result); None when the cards the showdown
    needs are not known."""
    live = [s for s in range(hand.n) if not hand.folded[s]]
    if len(live) == 1:
        return "uncontested", hand.result
    if not all(names[s] in history.holes for s in live if names[s] not in history.mucked):
        return None
    # A player who mucks at the showdown concedes every pot.
    holes = [None if hand.folded[s] or names[s] in history.mucked else hand.holes[s] for s in range(hand.n)]
    if all(h is None for h in holes):
        return None
    result = _settle_with_mucks(hand, holes) if history.mucked else hand.result
    assert result is not None  # the hand is over
    return "showdown", result


def _settle_with_mucks(hand: Hand, holes: list) -> Showdown:
    """The pots when players muck at the showdown: formed at every live player's level, the
    mucked ones' included (they were in the hand until the showdown, as the sites form them),
    each paid among its players who showed."""
    live = [s for s in range(hand.n) if not hand.folded[s]]
    values = [_engine.ENGINE.evaluate(hole, hand.board) if hole is not None else (None, None) for hole in holes]
    pots = [
        (amount, [s for s in eligible if holes[s] is not None])
        for amount, eligible in form_pots(hand.contributions, live)
    ]
    if any(not eligible for _, eligible in pots):
        # Every player of a side pot mucked (its players are a few of the main pot's): the pots
        # are formed among the players who showed, as before.
        return settle(hand.board, holes, hand.contributions)
    awarded = award_pots(pots, [v[0] for v in values], [v[1] for v in values])
    payouts = tuple(sum(pot.awards[s] for pot in awarded) for s in range(hand.n))
    return Showdown(payouts, awarded, tuple(hand.contributions))


def _low_odd_chips_to_the_high(amount: int, high: Sequence[int], low: Sequence[int], seats: int) -> tuple:
    """Bovada's split: the halves as omaha8 makes them, but the chips a low half cannot share
    evenly go to the high half's winners, not to the first low winners."""
    if not low or list(low) == list(high):
        return split_pot(amount, high, low, seats)
    low_half = amount // 2
    spare = low_half % len(low)
    awards = list(split_pot(amount - low_half + spare, high, [], seats))
    for seat in low:
        awards[seat] += low_half // len(low)
    return tuple(awards)


CONVENTIONS = {
    "odd chip: the low half's odd chips paid to the high (Bovada)": _low_odd_chips_to_the_high,
}
"""The sites' own ways of paying a pot that differ from omaha8's rules, by name: each a split
of a pot's amount among (high winners, low winners) as that site makes it."""


def _compare_pots(
    history: History, hand: Hand, names: list, result: Showdown, differences: list, conventions: list
) -> dict:
    """What omaha8 pays each player from what the site paid out of each pot (the site's rake
    taken from the pots), each pot's difference added to ``differences``."""
    hand_id = history.hand_id
    if any(pot < 0 for _, _, pot in history.collected):
        return _compare_totals(history, hand, names, [result], differences)
    site_pots: dict[int, dict[str, int]] = {}
    for name, amount, pot in history.collected:
        site_pots.setdefault(pot, {}).setdefault(name, 0)
        site_pots[pot][name] += amount
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
            differences.append(
                f"hand {hand_id}: {label}: the site paid {site_total} from a pot of {pot.amount} "
                f"with a rake of {history.rake}"
            )
        awards = split_pot(site_total, pot.high_winners, pot.low_winners, hand.n)
        paid = {names[s]: chips for s, chips in enumerate(awards) if chips}
        if site and paid != site:
            for convention, split in CONVENTIONS.items():
                other = split(site_total, pot.high_winners, pot.low_winners, hand.n)
                if {names[s]: chips for s, chips in enumerate(other) if chips} == site:
                    conventions.append(f"hand {hand_id}: {label}: {convention}")
                    awards = other
                    paid = site
                    break
        for seat, chips in enumerate(awards):
            if chips:
                collected[names[seat]] = collected.get(names[seat], 0) + chips
        if site and paid != site:
            differences.append(
                f"hand {hand_id}: {label}: the site paid {site}, omaha8 pays {paid} ({_rule(number, paid, site)})"
            )
    if rake_left != 0 and (len(pots) == 1 or len(site_pots) == len(pots)):
        differences.append(f"hand {hand_id}: the pots less the rake are not what the site paid")
    return collected


def _compare_totals(history: History, hand: Hand, names: list, results: list, differences: list) -> dict:
    """A site that tells what each player collected but not from which pot (KingsClub): what
    omaha8 pays after the site's rake (``_paid_in_totals``), each player's total against the
    site's."""
    collected = _paid_in_totals(hand, names, results, history.rake)
    site: dict[str, int] = {}
    for name, amount, _ in history.collected:
        site[name] = site.get(name, 0) + amount
    if collected != site:
        differences.append(f"hand {history.hand_id}: the site paid {site}, omaha8 pays {collected} after rake")
    return collected


def _paid_in_totals(hand: Hand, names: list, results: list, rake: int) -> dict:
    """Each player's chips: the rake off the pots in turn, the main pot first; each pot shared
    among the runs (one result a run, the odd chip to the first) and each share split by its
    run's winners."""
    paid: dict[str, int] = {}
    rake_left = rake
    for number, pot in enumerate(p for p in results[0].pots if p.amount):
        taken = min(rake_left, pot.amount)
        rake_left -= taken
        shares = split_pot(pot.amount - taken, list(range(len(results))), [], len(results))
        for result, share in zip(results, shares):
            run_pot = [p for p in result.pots if p.amount][number]
            for seat, chips in enumerate(split_pot(share, run_pot.high_winners, run_pot.low_winners, hand.n)):
                if chips:
                    paid[names[seat]] = paid.get(names[seat], 0) + chips
    return paid


def _check_runs(history: History, hand: Hand, names: list, differences: list, notes: list) -> Replay:
    """A hand run more than once: each pot is shared among the runs (the odd chip to the first),
    and each run's share split by that run's board. The site's pots, after its rake, must be
    shared the same way and each run's share paid to that run's winners."""
    hand_id, n = history.hand_id, hand.n
    holes = [None if hand.folded[s] or names[s] in history.mucked else hand.holes[s] for s in range(n)]
    results = [settle(board, holes, hand.contributions) for board, _ in history.runs]
    if any(pot < 0 for _, _, pot in history.collected):
        notes.append(f"hand {hand_id}: run {len(results)} times, each pot shared among the runs")
        paid = _compare_totals(history, hand, names, results, differences)
        return Replay(
            history, hand, _paid_in_totals(hand, names, results, 0), paid, differences, "showdown", notes=notes
        )
    payouts: dict[str, int] = {}
    collected: dict[str, int] = {}
    site_paid = 0
    for number, pot in enumerate(p for p in results[0].pots if p.amount):
        runs_pots = [[p for p in result.pots if p.amount][number] for result in results]
        site_runs = []
        for _, run_collected in history.runs:
            site: dict[str, int] = {}
            for name, amount, at in run_collected:
                if at == number:
                    site[name] = site.get(name, 0) + amount
            site_runs.append(site)
        site_totals = [sum(site.values()) for site in site_runs]
        site_paid += sum(site_totals)
        label = "main pot" if number == 0 else f"side pot {number}"
        if not 0 <= pot.amount - sum(site_totals) <= history.rake:
            differences.append(
                f"hand {hand_id}: {label}: the site paid {sum(site_totals)} over {len(site_totals)} runs "
                f"from a pot of {pot.amount} with a rake of {history.rake}"
            )
        if max(site_totals) - min(site_totals) > 1:
            differences.append(f"hand {hand_id}: {label}: the runs were paid {site_totals}, not equal shares")
        shares = split_pot(pot.amount, list(range(len(results))), [], len(results))
        for run, (run_pot, site, share, site_total) in enumerate(zip(runs_pots, site_runs, shares, site_totals)):
            for seat, chips in enumerate(split_pot(share, run_pot.high_winners, run_pot.low_winners, n)):
                if chips:
                    payouts[names[seat]] = payouts.get(names[seat], 0) + chips
            paid = {
                names[s]: chips
                for s, chips in enumerate(split_pot(site_total, run_pot.high_winners, run_pot.low_winners, n))
                if chips
            }
            for name, chips in paid.items():
                collected[name] = collected.get(name, 0) + chips
            if paid != site:
                differences.append(
                    f"hand {hand_id}: run {run + 1}: {label}: the site paid {site}, omaha8 pays {paid} "
                    f"({_rule(number, paid, site)})"
                )
    if site_paid + history.rake != hand.pot and not differences:
        differences.append(f"hand {hand_id}: the pots less the rake are not what the site paid")
    notes.append(f"hand {hand_id}: run {len(results)} times, each pot shared among the runs")
    return Replay(history, hand, payouts, collected, differences, "showdown", notes=notes)


def _rule(number: int, paid: dict, site: dict) -> str:
    """The rule a pot paid otherwise than the site's breaks: the odd chip when the same players
    are paid a chip apart, else the side pot's or the split's."""
    if len(set(paid) | set(site)) == len(set(paid)) and all(abs(paid.get(k, 0) - site.get(k, 0)) <= 1 for k in site):
        return "odd chip"
    return "side pot" if number else "split"


def _all_in_equity(history: History, hand: Hand, result: Showdown) -> Optional[dict]:
    """Each live player's share of the pots at the moment the betting ended, when that was
    before the river with someone all-in; None otherwise."""
    acted = [a for a in hand.history if a.seat is not None and a.kind not in (Kind.HOLE_CARDS, Kind.RETURN)]
    last_street = STREETS.index(acted[-1].street) if acted else 0
    if last_street >= 3 or not any(hand.is_all_in):
        return None
    board = [int(c) for c in hand.board[: (0, 3, 4, 5)[last_street]]]
    live = [s for s in range(hand.n) if not hand.folded[s]]
    expected = dict.fromkeys(live, 0.0)
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
    return {names[s]: AllInEquity(expected[s] / total if total else 0.0, expected[s], result.payouts[s]) for s in live}


# ---------------------------------------------------------------- writing, for every format


def walk(hand: Hand, writers: dict) -> list[str]:
    """The lines a format writes for a hand's history, in one walk for every format: each
    Action's kind picks its writer, which gives its lines (``at``, its place in the history,
    lets a writer look at a neighbour); a kind with no writer writes nothing."""
    lines: list[str] = []
    for at, action in enumerate(hand.history):
        write = writers.get(action.kind)
        if write is not None:
            lines += write(at, action)
    return lines


def extra_posts(hand: Hand) -> dict:
    """{seat: (live, dead)}: the blinds posted by seats other than the two blinds'."""
    blind_seats = (0, 1)
    posts: dict = {}
    for action in hand.history:
        if action.street != Street.PREFLOP or action.seat is None or action.seat in blind_seats:
            continue
        if action.kind in (Kind.BIG_BLIND, Kind.DEAD_BLIND):
            live, dead = posts.get(action.seat, (0, 0))
            if action.kind == Kind.BIG_BLIND:
                live += action.amount
            else:
                dead += action.amount
            posts[action.seat] = (live, dead)
    return posts
