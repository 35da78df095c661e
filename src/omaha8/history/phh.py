"""PHH, the Poker Hand History format of pokerkit: a Hand written as PHH, and PHH read into the
``History`` record, replayed through the same code and checks as every other format."""

from __future__ import annotations

import ast
import re
from typing import Optional, Union, cast

from ..cards import parse_cards
from ..exceptions import CardError, HistoryError
from ..game import MAX_CHIPS, Action, Hand, Kind, Limit
from .record import History, Player, Step, decode, extra_posts, game_name, short, walk

__all__ = ["to_phh", "from_phh", "parse_phh"]

# PHH (the Poker Hand History format of pokerkit) names fixed-limit Omaha hi-lo "FO/8". It has
# no code for the pot-limit and no-limit games; omaha8 writes "PO/8" and "NO/8" for them, by
# the same pattern as its "PO" (pot-limit Omaha) and "NT" (no-limit Texas hold'em), with
# ``min_bet`` as in those; five-card hands add ``hole_size = 5``.
_PHH_VARIANTS = {Limit.FIXED: "FO/8", Limit.POT: "PO/8", Limit.NO: "NO/8"}


def to_phh(hand: Hand) -> str:
    """A Hand as PHH text (TOML): the settings, then every deal and action so far."""
    n = hand.n
    blinds = [hand.blinds[0], hand.blinds[1]] + [0] * (n - 2)
    lines = [
        f'variant = "{_PHH_VARIANTS[hand.limit]}"',
        "ante_trimming_status = true",
        f"antes = {[hand.ante] * n}",
        f"blinds_or_straddles = {blinds}",
    ]
    if hand.limit == Limit.FIXED:
        lines += [f"small_bet = {hand.fixed_bets[0]}", f"big_bet = {hand.fixed_bets[1]}"]
    else:
        lines.append(f"min_bet = {hand.blinds[1] or hand.blinds[0]}")  # a lone blind's is the blind
    if hand.hole_size != 4:
        lines.append(f"hole_size = {hand.hole_size}")
    if hand.limit == Limit.FIXED and hand.max_raises != 4:
        lines.append(f"max_raises = {-1 if hand.max_raises is None else hand.max_raises}")
    posts = extra_posts(hand)
    if posts:
        # Blinds posted by seats other than the blinds' (PHH has no field for them): a
        # user-defined field, as PHH prefixes them, of [player, live, dead].
        lines.append(f"_posts = {[[seat + 1, live, dead] for seat, (live, dead) in sorted(posts.items())]}")
    lines.append(f"starting_stacks = {list(hand.starting_stacks)}")

    def player(action: Action) -> str:
        return f"p{cast(int, action.seat) + 1}"  # a player's action: it has a seat

    actions = walk(
        hand,
        {
            Kind.HOLE_CARDS: lambda at, a: [f"d dh {player(a)} {''.join(map(str, a.cards))}"],
            Kind.BOARD: lambda at, a: [f"d db {''.join(map(str, a.cards))}"],
            Kind.FOLD: lambda at, a: [f"{player(a)} f"],
            Kind.CHECK: lambda at, a: [f"{player(a)} cc"],
            Kind.CALL: lambda at, a: [f"{player(a)} cc"],
            Kind.BET: lambda at, a: [f"{player(a)} cbr {a.total}"],
            Kind.RAISE: lambda at, a: [f"{player(a)} cbr {a.total}"],
        },
    )
    for seat in hand.showdown_order:
        actions.append(f"p{seat + 1} sm {''.join(map(str, hand.holes[seat]))}")
    lines.append("actions = [")
    lines += [f'  "{a}",' for a in actions]
    lines.append("]")
    lines.append(f"seed = {hand.seed}")
    return "\n".join(lines) + "\n"


def _toml(text: str) -> dict:
    """The TOML of a PHH text, or a HistoryError saying why it is not PHH: a hostile file trips
    the parser in the ways caught here, and only those; anything else is a bug, not bad PHH."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        return _toml_subset(text)
    try:
        return tomllib.loads(text)
    # TOMLDecodeError (a ValueError); ValueError for an integer past Python's 4,300 digits;
    # RecursionError for arrays or inline tables nested some thousand deep.
    except (ValueError, RecursionError) as error:
        raise HistoryError(f"not PHH: {short(str(error), 200)}") from None


def _toml_subset(text: str) -> dict:
    """The small subset of TOML that to_phh writes, for Python 3.10, which has no tomllib."""
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
            try:
                out[key] = ast.literal_eval(buffer.replace("true", "True").replace("false", "False"))
            # SyntaxError for what is no Python literal (nested 200 deep among them); ValueError
            # for a name, a call, a NUL or a lone surrogate; TypeError for a list as a dict key
            # or set member; MemoryError, "Parser stack overflowed", for a long chain of signs.
            except (SyntaxError, ValueError, TypeError, MemoryError) as error:
                raise HistoryError(f"not PHH: {short(str(error), 200)}") from None
            key = None
    return out


def _phh_int(data: dict, key: str, least: int, most: int, default: object = None) -> int:
    value = data.get(key, default)
    if type(value) is not int or not least <= value <= most:
        raise HistoryError(f"PHH: {key} must be a whole number {least}..{most:,}, not {short(repr(value), 60)}")
    return value


def _phh_ints(data: dict, key: str, least: int, length: Optional[int] = None, default: object = None) -> list:
    value = data.get(key, default)
    if (
        not isinstance(value, list)
        or any(type(v) is not int or not least <= v <= MAX_CHIPS for v in value)
        or (length is not None and len(value) > length)
    ):
        raise HistoryError(
            f"PHH: {key} must be a list of whole numbers of chips"
            + (f", at most {length}" if length is not None else "")
            + f", not {short(repr(value), 60)}"
        )
    return value


def _phh_player(token: str, n: int, entry: str) -> int:
    """The seat of "p1".."pN" (PHH counts players from 1; "p0" is no player)."""
    if not re.fullmatch(r"p[1-9][0-9]?", token) or int(token[1:]) > n:
        raise HistoryError(f"PHH action {short(entry, 60)!r}: {token!r} is not a player p1..p{n}")
    return int(token[1:]) - 1


def _phh_cards(text: str, entry: str) -> Optional[list]:
    if set(text) <= {"?"}:
        return None  # cards not known
    try:
        return [int(c) for c in parse_cards(text)]
    except CardError as error:
        raise HistoryError(f"PHH action {short(entry, 60)!r}: {error}") from None


def parse_phh(text: Union[str, bytes]) -> History:
    """PHH text as the ``History`` record: the variants "FO/8" and omaha8's "PO/8" and "NO/8",
    every field's type checked, players p1..pN, the cards. Anything else is a HistoryError
    naming it. ``History.replay`` then checks every action in turn, as for any format."""
    text, data = _phh_fields(text)
    limit = _phh_limit(data)
    stacks, ante, small, big = _phh_seats(data)
    stakes = (small, big)
    if limit == "fixed":
        stakes = (_phh_int(data, "small_bet", 1, MAX_CHIPS), _phh_int(data, "big_bet", 1, MAX_CHIPS))
    hole_size = _phh_int(data, "hole_size", 4, 6, default=4)
    max_raises = _phh_int(data, "max_raises", -1, 10**6, default=4)
    seed = data.get("seed")
    if seed is not None:
        seed = _phh_int(data, "seed", 0, 2**64 - 1)
    posts = _phh_posts(data, len(stacks))
    entries = data.get("actions", [])
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise HistoryError("PHH: actions must be a list of strings")
    history = History(
        str(data.get("hand", "")) if type(data.get("hand")) is int else "PHH",
        game_name(hole_size),
        limit,
        hole_size,
        stakes,
        1,
        [Player(f"p{seat + 1}", stack) for seat, stack in enumerate(stacks)],
        text=text,
        blinds=(small, big),
        max_raises=None if max_raises == -1 else max_raises,
        seed=seed,
        results_stated=False,
        complete=False,
    )
    _posting_steps(history, ante, posts)
    _read_actions(history, entries)
    return history


def _phh_fields(text: Union[str, bytes]) -> tuple[str, dict]:
    """The text, decoded from bytes, and its table of fields."""
    if isinstance(text, (bytes, bytearray)):
        text = decode(bytes(text))
    if not isinstance(text, str):
        raise TypeError(f"PHH is text, not {type(text).__name__}")
    data = _toml(text)
    if not isinstance(data, dict):
        raise HistoryError("not PHH: no table of fields")
    return text, data


def _phh_limit(data: dict) -> str:
    variant = data.get("variant")
    limit = {v: k for k, v in _PHH_VARIANTS.items()}.get(variant) if isinstance(variant, str) else None
    if limit is None:
        raise HistoryError(f"PHH variant {short(repr(variant), 60)} is not Omaha Hi/Lo (FO/8, PO/8, NO/8)")
    return limit


def _phh_seats(data: dict) -> tuple[list, int, int, int]:
    """(the starting stacks, the ante, the small blind, the big blind), each field checked."""
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
    return stacks, antes[0] if antes else 0, blinds[0], blinds[1]


def _phh_posts(data: dict, n: int) -> dict:
    """omaha8's own field ``_posts``, [player, live, dead] each, as {seat: (live, dead)}."""
    raw_posts = data.get("_posts", [])
    posts: dict = {}
    if not isinstance(raw_posts, list) or not all(
        isinstance(p, list) and len(p) == 3 and all(type(v) is int and 0 <= v <= MAX_CHIPS for v in p)
        for p in raw_posts
    ):
        raise HistoryError(f"PHH: _posts must be a list of [player, live, dead], not {short(repr(raw_posts), 60)}")
    for player, live, dead in raw_posts:
        if not 1 <= player <= n or player - 1 in posts:
            raise HistoryError(f"PHH: _posts names player {player}, not one of p1..p{n} once")
        posts[player - 1] = (live, dead)
    return posts


def _read_actions(history: History, entries: list) -> None:
    """PHH's actions, each in turn: the dealer's hole cards ("d dh") and board ("d db"), and
    each player's fold, check or call, bet or raise, and show ("pN f", "cc", "cbr", "sm")."""
    dealt = [False] * len(history.players)
    street = "preflop"
    for entry in entries:
        parts = entry.split()
        if len(parts) == 4 and parts[:2] == ["d", "dh"]:
            _deal_hole(history, parts, entry, dealt)
        elif len(parts) == 3 and parts[:2] == ["d", "db"]:
            cards = _phh_cards(parts[2], entry)
            if cards is None or len(history.board) + len(cards) > 5:
                raise HistoryError(f"PHH action {short(entry, 60)!r}: not board cards omaha8 can deal")
            history.board += cards
            street = ("preflop", "preflop", "preflop", "flop", "turn", "river")[len(history.board)]
        elif len(parts) >= 2 and parts[0].startswith("p"):
            _player_action(history, parts, entry, street)
        else:
            raise HistoryError(f"PHH action {short(entry, 60)!r} is not one omaha8 reads")


def _deal_hole(history: History, parts: list, entry: str, dealt: list) -> None:
    seat = _phh_player(parts[2], len(history.players), entry)
    if dealt[seat]:
        raise HistoryError(f"PHH action {short(entry, 60)!r}: {parts[2]} is dealt twice")
    dealt[seat] = True
    cards = _phh_cards(parts[3], entry)
    if cards is not None:
        history.holes[history.players[seat].name] = cards


def _player_action(history: History, parts: list, entry: str, street: str) -> None:
    seat = _phh_player(parts[0], len(history.players), entry)
    name = history.players[seat].name
    if parts[1] == "f" and len(parts) == 2:
        history.steps.append(Step(street, name, "fold"))
    elif parts[1] == "cc" and len(parts) == 2:
        history.steps.append(Step(street, name, "check or call"))
    elif parts[1] == "cbr" and len(parts) == 3 and re.fullmatch(r"[0-9]{1,19}", parts[2]):
        history.steps.append(Step(street, name, "bet or raise", total=int(parts[2])))
    elif parts[1] == "sm" and len(parts) <= 3:
        shown = _phh_cards(parts[2], entry) if len(parts) == 3 else None
        if shown is not None:
            known = history.holes.get(name)
            if known is not None and sorted(known) != sorted(shown):
                raise HistoryError(f"PHH action {short(entry, 60)!r}: p{seat + 1} shows cards it was not dealt")
            history.holes[name] = shown
        history.shown.add(name)
        history.showdown = True
    else:
        raise HistoryError(f"PHH action {short(entry, 60)!r} is not one omaha8 reads")


def _posting_steps(history: History, ante: int, posts: dict) -> None:
    """The antes, the blinds and the other seats' posts as the steps a site writes for them,
    from omaha8's seat order (heads-up, seat 1 the button posts the small blind)."""
    players = history.players
    n = len(players)
    small_seat, big_seat = (1, 0) if n == 2 else (0, 1)
    small, big = history.blinds or (0, 0)
    left = [p.stack for p in players]
    for seat in range(n) if ante else ():
        paid = min(ante, left[seat])
        left[seat] -= paid
        history.steps.append(Step("preflop", players[seat].name, "ante", paid, 0, left[seat] == 0))
    for seat, kind, amount in ((small_seat, "small blind", small), (big_seat, "big blind", big)):
        if left[seat] and amount:  # a lone blind (blind, 0) has no big blind's post
            paid = min(amount, left[seat])
            left[seat] -= paid
            history.steps.append(Step("preflop", players[seat].name, kind, paid, paid, left[seat] == 0))
    for seat, (live, dead) in sorted(posts.items()):
        history.steps.append(Step("preflop", players[seat].name, "small & big blinds", live + dead, live))


def from_phh(text: Union[str, bytes]) -> Hand:
    """A Hand from PHH text (``parse_phh``), replayed with every check a PokerStars hand gets:
    any action the rules refuse, or cards that do not fit, is a HistoryError naming it."""
    history = parse_phh(text)
    replay = history.replay()
    if replay.hand is None or replay.differences:
        raise HistoryError("PHH: " + (replay.differences[0] if replay.differences else "not replayed"))
    return replay.hand
