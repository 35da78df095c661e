"""The ``omaha8`` command: ``hand``, ``equity``, ``showdown``, ``replay``, ``range``, ``table``,
``features``, ``solve``, ``resume``, ``report``, ``view``, ``board``, ``outs`` and ``breakdown``.

Errors are one line on stderr and exit status 2, never a traceback. Seats are numbered from 1
here, in output and errors alike (the library numbers them from 0).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import time
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, NoReturn, Optional, Sequence, TextIO, Union, cast

from ._engine import IMPLEMENTATION
from ._version import __version__
from .analysis import breakdown, nut_rank, nuts, outs, rank_words
from .cards import HOLE_SIZES, parse_cards, quoted, read_counted
from .equity import Equity, equity
from .exceptions import CardError, FallbackRefusedError, Omaha8Error, SolverError, UsageError
from .hands import best_hands
from .potfraction import parse_pot_fraction
from .pots import showdown
from .values import CATEGORIES, NO_LOW, low_name

if TYPE_CHECKING:  # imported where used, as the command needs them
    from concurrent.futures import Executor

    from .equity import PlayerEquity
    from .history import History, ReadResult, Replay
    from .reports import Report
    from .solver import RiverSolution
    from .streetsolver import Solution
    from .tables import PreflopTable

# Enough digits for any chip count or sample count; more is a typo, not a number.
_MAX_DIGITS = 18


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print the usage too
        if message.startswith("argument COMMAND: invalid choice:"):
            # argparse lists every command after it: one line says where the list is instead.
            raise UsageError(message.split(" (choose from", 1)[0] + ": 'omaha8 --help' lists the commands")
        raise UsageError(message)


def _cards(cards: Iterable[object]) -> str:
    return " ".join(map(str, cards))


# ---------------------------------------------------------------- hand


def _run_hand(args: argparse.Namespace) -> int:
    hole, board = parse_cards(args.hole), parse_cards(args.board)
    high, low = best_hands(hole, board)
    print(f"hand   {_cards(hole)}    board  {_cards(board)}")
    print(f"high   {high}: {_cards(high.cards)}")
    print(
        f"       hole {_cards(high.hole_cards)} + board {_cards(high.board_cards)}; "
        f"value {high.value} of 7462, 1 is best"
    )
    if low is None:
        print("low    none")
    else:
        print(f"low    {low}: {_cards(low.cards)}")
        print(f"       hole {_cards(low.hole_cards)} + board {_cards(low.board_cards)}; mask {low.value}")
    ranks = nut_rank(hole, board)
    print(f"rank   you have {rank_words(ranks)}")
    return 0


def _add_hand_parser(commands: Any) -> None:
    command = commands.add_parser(
        "hand",
        help="the best high and low of one hand, with the cards each uses",
        description="The best high and the best eight-or-better low of a hand, each of exactly "
        "two hole cards and three board cards.",
        epilog="example: omaha8 hand AhKd5c2s --board Ac3d7hKs9c",
    )
    command.add_argument("hole", help="4, 5 or 6 hole cards, e.g. AhKd5c2s")
    command.add_argument("--board", required=True, help="3, 4 or 5 board cards, e.g. Ac3d7hKs9c")
    command.set_defaults(run=_run_hand)


# ---------------------------------------------------------------- the board, outs, breakdown


def _run_board(args: argparse.Namespace) -> int:
    found = nuts(args.board, args.hole_size)
    print(f"board  {_cards(found.board)}    {found.holdings:,} holdings of {found.hole_size} cards")
    print(f"nut high  {found.high.description} ({found.high.holdings:,} holdings)")
    low = found.low
    print(
        f"nut low   {low.description} ({low.holdings:,} holdings)"
        if low is not None
        else "nut low   none: the board allows no low"
    )
    print(f"{'':<4} {'best highs':<34} {'holdings':>9}   {'best lows':<16} {'holdings':>9}")
    highs, lows = found.highs(args.show), found.lows(args.show)
    for row in range(max(len(highs), len(lows))):
        high = f"{highs[row].description:<34} {highs[row].holdings:>9,}" if row < len(highs) else " " * 44
        low_text = f"{lows[row].description:<16} {lows[row].holdings:>9,}" if row < len(lows) else ""
        print(f"{row + 1:<4} {high}   {low_text}".rstrip())
    return 0


def _add_board_parser(commands: Any) -> None:
    command = commands.add_parser(
        "board",
        help="the nuts of a board both ways, and the best highs and lows holdings make",
        description="The best high and the best low any holding can make on a board, with how many "
        "holdings make each, and the next best.",
        epilog="example: omaha8 board 3c5h8dKs",
    )
    command.add_argument("board", help="3, 4 or 5 board cards")
    command.add_argument("--hole-size", type=int, choices=(4, 5, 6), default=4, help="cards per holding")
    command.add_argument("--show", type=_whole_number, default=5, help="how many values to list (default 5)")
    command.set_defaults(run=_run_board)


def _is_hand(text: str) -> bool:
    try:
        read_counted(text, "hole cards", HOLE_SIZES)
    except CardError:
        return False
    return True


def _count_words(count: int, what: str) -> str:
    return f"{count} card{'s' if count != 1 else ''} {what}"


def _run_outs(args: argparse.Namespace) -> int:
    hole, board = parse_cards(args.hole), parse_cards(args.board)
    against = None
    if args.against:
        against = args.against[0] if len(args.against) == 1 else args.against
    found = outs(hole, board, against)
    now = nut_rank(hole, board)
    who = "one random hand" if against is None else " ".join(args.against)
    print(f"hand   {_cards(hole)}    board  {_cards(board)}    against {who}")
    print(f"now    you have {rank_words(now)}")
    groups = [
        (sum(1 for o in found if o.nut_rank == (1, 1)), "give you the nut low and the nut high"),
        (sum(1 for o in found if o.nut_rank[1] == 1 and now[1] != 1), "give you the nut low"),
        (sum(1 for o in found if o.nut_rank[0] == 1 and now[0] != 1), "give you the nut high"),
        (sum(1 for o in found if o.low is not None and now[1] is None), "give you a low"),
        (sum(1 for o in found if o.counterfeits), "counterfeit your low"),
        (sum(1 for o in found if o.low is None), "leave you without a low"),
    ]
    said = [_count_words(count, words) for count, words in groups if count]
    print(f"of {len(found)} unseen cards: " + ("; ".join(said) if said else "none changes where you rank"))
    # A card that leaves the range no hand cannot come beside it: its equity is None, and the
    # figures below are over the others.
    possible = [(o, o.equity) for o in found if o.equity is not None]
    if len(possible) < len(found):
        print(
            f"{_count_words(len(found) - len(possible), 'leave')} the range no hand: "
            + " ".join(str(o.card) for o in found if o.equity is None)
        )
    average = sum(share for _, share in possible) / len(possible)
    best, best_share = max(possible, key=lambda pair: pair[1])
    worst, worst_share = min(possible, key=lambda pair: pair[1])
    # Against a random hand or known hands every unseen card is as likely, so the average is the
    # equity now; a weighted range makes some cards likelier, so there it is only an average.
    ranged = against is not None and len(args.against) == 1 and not _is_hand(args.against[0])
    now_words = "averaged over the cards" if ranged else "now"
    print(
        f"equity {100 * average:.2f}% {now_words}; after the card from {100 * worst_share:.2f}% "
        f"({worst.card}) to {100 * best_share:.2f}% ({best.card})"
    )
    print()
    print(f"{'card':<5} {'high':<30} {'low':<11} {'rank (high, low)':<17} {'equity':>8}")
    for out in found:
        high = str(best_hands(hole, list(board) + [out.card])[0])
        low = low_name(out.low) if out.low is not None else "-"
        rank = f"{out.nut_rank[0]}, {'-' if out.nut_rank[1] is None else out.nut_rank[1]}"
        note = "  counterfeits" if out.counterfeits else ""
        share = _percent(out.equity) if out.equity is not None else "no hand"
        print(f"{out.card!s:<5} {high:<30} {low:<11} {rank:<17} {share:>8}{note}")
    return 0


def _add_outs_parser(commands: Any) -> None:
    command = commands.add_parser(
        "outs",
        help="what each card to come does for a hand: nuts, counterfeits, equity",
        description="On a flop or a turn, each unseen card: the hand's high and low with it, where the "
        "hand then ranks, whether it counterfeits the low, and the equity after it.",
        epilog="example: omaha8 outs As2dKhQh --board 3c5h8dJs",
    )
    command.add_argument("hole", help="4, 5 or 6 hole cards")
    command.add_argument("--board", required=True, help="a flop or a turn")
    command.add_argument(
        "--against", nargs="+", help="an opponent's hand, several hands, or a range (default: one random hand)"
    )
    command.set_defaults(run=_run_outs)


def _run_breakdown(args: argparse.Namespace) -> int:
    from .ranges import Range

    found = breakdown(Range(args.range, hole_size=args.hole_size), args.board)
    print(f"range  {args.range}    board  {_cards(found.board)}    {found.hands:,} hands apart from the board")
    print(f"{'':<16} {'share':>8} {'hands':>9}")
    for key, share in found.shares.items():
        print(f"{key.replace('_', ' '):<16} {_percent(share):>8} {found.counts[key]:>9,}")
    return 0


def _add_breakdown_parser(commands: Any) -> None:
    command = commands.add_parser(
        "breakdown",
        help="what a range holds on a board: categories, lows, draws",
        description="The share of a range, by weight, in each high category, with a low, with the nut "
        "low and, on a flop or a turn, drawing to a low or a flush.",
        epilog="example: omaha8 breakdown 'A2**,AA**' --board 3c5h8dKs",
    )
    command.add_argument("range", help="a range expression, quoted for the shell")
    command.add_argument("--board", required=True, help="3, 4 or 5 board cards")
    command.add_argument("--hole-size", type=int, choices=(4, 5, 6), default=4, help="cards per hand")
    command.set_defaults(run=_run_breakdown)


# ---------------------------------------------------------------- equity


def _whole_number(text: str) -> int:
    """A count from the command line: ASCII digits only (int() would also take other
    scripts' digits, underscores and signs), and not absurdly many of them."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number")
    if len(text) > _MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"{quoted(text)} has more than {_MAX_DIGITS} digits")
    return int(text)


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m" if seconds >= 3600 else f"{seconds // 60}m{seconds % 60:02d}s"


class _ProgressBar:
    """A bar on stderr for runs that take a while, when stderr is a terminal: as wide as the
    terminal allows, with the time left."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = time.monotonic()
        self.width = 0  # characters last drawn, to clear exactly that many
        self.first: Optional[int] = None  # work already done when the run began (a resumed run)

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
        elapsed = time.monotonic() - self.started
        if elapsed < 0.5:
            return
        share = done / max(total, 1)
        rate = (done - self.first) / elapsed
        left = f" {100 * share:5.1f}%  {_duration((total - done) / rate) if rate > 0 else '?'} left"
        columns = shutil.get_terminal_size((80, 24)).columns
        # One column spare: a line exactly as wide as the terminal wraps on some terminals.
        room = max(columns - 1 - len(left) - 2, 0)
        bar = min(room, 50)
        filled = bar * done // max(total, 1)
        line = (f"[{'#' * filled}{' ' * (bar - filled)}]" if bar >= 10 else "") + left
        line = line[: max(columns - 1, 0)]
        self.stream.write("\r" + line + " " * max(self.width - len(line), 0))
        self.stream.flush()
        self.width = len(line)

    def close(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def _percent(value: float) -> str:
    return f"{100 * value:6.2f}%"


def _equity_table(result: Equity) -> str:
    mode = f"exact, {result.runouts:,} runouts" if result.exact else f"{result.runouts:,} samples, seed {result.seed}"
    lines = [
        f"board: {_cards(result.board) or '(none)'}"
        + (f"   dead: {_cards(result.dead)}" if result.dead else "")
        + f"   {mode}"
    ]
    # A range shows as one, with its hands: a mistyped hand ("AsKdQhJ", 44 hands) cannot
    # pass for the hand meant.
    shown = [
        _cards(p.hole) if p.range is None else f"{p.range} (range, {_range_size(result, p):,} hands)"
        for p in result.players
    ]
    width = max(18, *map(len, shown))
    header = f"{'seat':<5} {'hand':<{width}} {'equity':>8}"
    if not result.exact:
        header += f" {'± error':>8}"
    header += f" {'high':>8} {'low':>8} {'scoop':>8} {'low made':>9}"
    lines.append(header)
    for seat, player in enumerate(result.players, start=1):
        row = f"{seat:<5} {shown[seat - 1]:<{width}} {_percent(player.equity):>8}"
        if not result.exact:
            row += f" {_percent(player.std_error):>8}"
        row += (
            f" {_percent(player.high_equity):>8} {_percent(player.low_equity):>8}"
            f" {_percent(player.scoop):>8} {_percent(player.low_made):>9}"
        )
        lines.append(row)
    lines.append(f"a low is possible on {_percent(result.low_possible).strip()} of runouts")
    return "\n".join(lines)


def _range_size(result: Equity, player: PlayerEquity) -> int:
    from .ranges import Range

    sizes = [len(p.hole) for p in result.players if p.range is None]
    # Called for a range seat only: its expression is set.
    return len(Range(cast(str, player.range), hole_size=sizes[0] if sizes else 4))


def _equity_json(result: Equity) -> str:
    return json.dumps(
        {
            "exact": result.exact,
            "runouts": result.runouts,
            "seed": result.seed,
            "board": [str(c) for c in result.board],
            "dead": [str(c) for c in result.dead],
            "low_possible": result.low_possible,
            "players": [
                {
                    "hand": [str(c) for c in p.hole],
                    "range": p.range,
                    "equity": p.equity,
                    "high_equity": p.high_equity,
                    "low_equity": p.low_equity,
                    "scoop": p.scoop,
                    "high_win": p.high_win,
                    "high_tie": p.high_tie,
                    "low_win": p.low_win,
                    "low_tie": p.low_tie,
                    "low_made": p.low_made,
                    "std_error": p.std_error,
                }
                for p in result.players
            ],
        },
        indent=2,
    )


def _check_seats(hands: Sequence[Optional[str]], ranges: bool) -> None:
    """Each seat's cards on their own first, so that an error names the seat as this command
    numbers it, from 1. With ``ranges``, text that is not one hand of concrete cards is a range
    (as ``equity`` reads it), checked here too."""
    from .ranges import Range

    sizes = set()
    for seat, cards in enumerate(hands, start=1):
        if cards is None:
            continue
        try:
            sizes.add(len(read_counted(cards, "hole cards", HOLE_SIZES)))
        except CardError as error:
            if not ranges:
                raise UsageError(f"seat {seat}: {error}") from None
    for seat, cards in enumerate(hands, start=1):
        if ranges and cards is not None and isinstance(cards, str):
            try:
                read_counted(cards, "hole cards", HOLE_SIZES)
            except CardError:
                try:
                    Range(cards, hole_size=min(sizes) if sizes else 4)
                except Omaha8Error as error:
                    raise UsageError(f"seat {seat}: {error}") from None


def _run_equity(args: argparse.Namespace) -> int:
    _check_seats(args.hands, ranges=True)
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() and not args.json else None
    try:
        result = equity(
            args.hands,
            args.board,
            args.dead,
            exact=True if args.exact else None,
            samples=args.samples,
            seed=args.seed,
            threads=args.threads,
            progress=bar,
        )
    finally:
        if bar is not None:
            bar.close()
    print(_equity_json(result) if args.json else _equity_table(result))
    return 0


def _add_equity_parser(commands: Any) -> None:
    command = commands.add_parser(
        "equity",
        help="each hand's share of the pot: high, low, scoop",
        description="Each hand's share of the pot over the runouts of the board: exact when "
        "the runouts can be walked (every heads-up spot), sampled with --samples.",
        epilog="example: omaha8 equity AsAh2s3h KsKdQhQc --board 2c7d9h",
    )
    command.add_argument("hands", nargs="+", help="two or more hands of 4, 5 or 6 cards")
    command.add_argument("--board", default="", help="0, 3, 4 or 5 known board cards")
    command.add_argument("--dead", default="", help="cards out of play")
    mode = command.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="walk every runout")
    mode.add_argument("--samples", type=_whole_number, help="sample this many runouts")
    command.add_argument("--threads", type=_whole_number, help="worker threads (default: every core)")
    command.add_argument(
        "--seed",
        type=_whole_number,
        help="seed of the samples: the same seed gives the same answer on any machine and any number of threads",
    )
    command.add_argument("--json", action="store_true", help="print JSON instead of a table")
    command.set_defaults(run=_run_equity)


# ---------------------------------------------------------------- showdown

FOLDED = "folded"


def _seat(text: str) -> tuple[Optional[str], int]:
    cards, sep, chips = text.rpartition(":")
    if not sep:
        raise UsageError(f"a seat is HAND:CHIPS or -:CHIPS, such as AhKd5c2s:20, not {quoted(text)}")
    try:
        amount = _whole_number(chips)
    except argparse.ArgumentTypeError as error:
        raise UsageError(f"chips of {quoted(text)}: {error}") from None
    return (None if cards.strip().lower() in ("-", FOLDED) else cards), amount


def _folded_seats_as_words(argv: list[str]) -> list[str]:
    """argparse takes '-:40' for an option; a folded seat is spelled 'folded:40' inside."""
    return [FOLDED + arg[1:] if arg.startswith("-:") else arg for arg in argv]


def _names(seats: Sequence[int]) -> str:
    return ", ".join(f"seat {s + 1}" for s in seats) or "nobody"


def _run_showdown(args: argparse.Namespace) -> int:
    seats = [_seat(text) for text in args.seats]
    holes = [hole for hole, _ in seats]
    _check_seats(holes, ranges=False)
    result = showdown(args.board, holes, [chips for _, chips in seats])
    print(f"board: {_cards(parse_cards(args.board))}")
    for seat, hole in enumerate(holes):
        put_in = result.contributions[seat]
        if hole is None:
            print(f"seat {seat + 1}: folded, put in {put_in}")
            continue
        low = result.low[seat]
        print(
            f"seat {seat + 1}: {_cards(parse_cards(hole))}, put in {put_in}; "
            f"high {result.high[seat]}; low {low if low else 'none'}"
        )
    for number, pot in enumerate(result.pots):
        name = "main pot" if number == 0 else f"side pot {number}"
        if pot.uncalled:
            print(f"{name} {pot.amount}: uncalled, back to seat {pot.eligible[0] + 1}")
            continue
        line = f"{name} {pot.amount} ({_names(pot.eligible)}): high {_names(pot.high_winners)}"
        line += f", low {_names(pot.low_winners)}" if pot.low_winners else ", no low"
        awards = ", ".join(f"seat {s + 1} {a}" for s, a in enumerate(pot.awards) if a)
        print(f"{line}; {awards}")
    print(
        "payouts: "
        + ", ".join(f"seat {s + 1} {p} ({n:+d})" for s, (p, n) in enumerate(zip(result.payouts, result.net)))
    )
    return 0


def _add_showdown_parser(commands: Any) -> None:
    command = commands.add_parser(
        "showdown",
        help="settle a hand: pots, winners, payouts",
        description="Settle a hand at showdown. Give the seats in order from the first seat "
        "left of the button, each as HAND:CHIPS (its hole cards and what it put in) or -:CHIPS "
        "for a seat that folded.",
        epilog="example: omaha8 showdown --board 4h5c7hQsAd Ah2sKcKs:20 As3sQhQd:100 JcJdTcTd:100 -:40",
    )
    command.add_argument("seats", nargs="+", help="HAND:CHIPS or -:CHIPS per seat")
    command.add_argument("--board", required=True, help="the five board cards")
    command.set_defaults(run=_run_showdown)


# ---------------------------------------------------------------- replay


def _replay_json(path: str, result: ReadResult, replays: list[Replay]) -> dict:
    return {
        "file": path,
        "skipped_games": result.skipped_games,
        "errors": [str(error) for error in result.errors],
        "hands": [
            {
                "hand_id": r.history.hand_id,
                "game": r.history.game,
                "limit": r.history.limit,
                "checked": r.checked,
                "differences": r.differences,
                "conventions": r.conventions,
                "payouts": r.payouts,
                "collected": r.collected,
                "site_collected": _site_collected(r.history),
                "rake": r.history.rake,
                "unit": r.history.unit,
                "all_in_equity": None
                if r.all_in_equity is None
                else {
                    name: {"equity": e.equity, "expected": e.expected, "actual": e.actual}
                    for name, e in r.all_in_equity.items()
                },
            }
            for r in replays
        ],
    }


def _site_collected(history: History) -> dict:
    paid: dict = {}
    for name, amount, _ in history.collected:
        paid[name] = paid.get(name, 0) + amount
    return paid


def _run_replay(args: argparse.Namespace) -> int:
    from . import history as histories

    reports, differing = [], False
    for path in args.files:
        try:
            result = histories.read_all(Path(path), format=args.format)
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None
        if not result and result.errors and not result.skipped_games:
            raise UsageError(f"{path} is not a hand history omaha8 reads: {result.errors[0]}")
        replays = [hand.replay() for hand in result]
        paid = sum(
            1 for r in replays if r.checked in ("showdown", "uncontested") and not r.differences and not r.conventions
        )
        by_convention = sum(1 for r in replays if r.conventions and not r.differences)
        differing_here = sum(1 for r in replays if r.differences) + len(result.errors)
        differing = differing or differing_here > 0
        if args.json:
            reports.append(_replay_json(path, result, replays))
            continue
        replayed = sum(1 for r in replays if r.checked != "not replayed")
        print(
            f"{path}: {len(result)} hands read, {replayed} replayed, {paid} paid exactly as omaha8 pays, "
            f"{differing_here} differing"
            + (f", {by_convention} paid by the site's own convention" if by_convention else "")
            + (f", {result.skipped_games} of other games skipped" if result.skipped_games else "")
        )
        for unreadable in result.errors:
            print(f"  unreadable: {unreadable}")
        for replay in replays:
            for line in replay.differences:
                print(f"  {line}")
            for line in replay.conventions:
                print(f"  site's convention: {line}")
            if args.ev and replay.all_in_equity:
                unit = replay.history.unit
                print(
                    f"  hand {replay.history.hand_id} all-in: "
                    + "; ".join(
                        f"{name} equity {100 * e.equity:.2f}%, expected {e.expected / unit:,.2f}, "
                        f"won {e.actual / unit:,.2f}"
                        if unit != 1
                        else f"{name} equity {100 * e.equity:.2f}%, expected {e.expected:,.2f}, won {e.actual:,}"
                        for name, e in replay.all_in_equity.items()
                    )
                )
    if args.json:
        print(json.dumps({"files": reports}, indent=2))
    return 1 if differing else 0


def _add_replay_parser(commands: Any) -> None:
    command = commands.add_parser(
        "replay",
        help="read hand histories, replay every hand and check what the site paid",
        description="Read Omaha Hi/Lo hand histories of PokerStars, Winamax, Winning, Bovada, KingsClub, "
        "PartyPoker, 888, Everleaf, Full Tilt, OnGame, Cake, Absolute or PKR (the site told from the text), "
        "replay each hand through omaha8's betting engine and compare the site's payouts, after its stated rake, with "
        "omaha8's. Exit status 0 when nothing differs, 1 when something does, 2 on unreadable input.",
        epilog="example: omaha8 replay HH20091126.txt --ev",
    )
    command.add_argument("files", nargs="+", help="hand history files")
    command.add_argument("--ev", action="store_true", help="show each all-in's equity and expected winnings")
    command.add_argument("--json", action="store_true", help="print everything as JSON")
    command.add_argument(
        "--format",
        # The names of history.FORMATS, written out so that the parser imports nothing (a test holds them).
        choices=(
            "pokerstars",
            "winamax",
            "winning",
            "bovada",
            "kingsclub",
            "party",
            "fulltilt",
            "ongame",
            "cake",
            "absolute",
            "pkr",
            "merge",
            "boss",
            "microgaming",
        ),
        help="read every file as this site's format",
    )
    command.set_defaults(run=_run_replay)


# ---------------------------------------------------------------- range


def _run_range(args: argparse.Namespace) -> int:
    from .ranges import MAX_EXPANDED, Range

    found = Range(args.expression, hole_size=args.hole_size)
    print(f"range: {found}")
    print(f"hands: {len(found):,} of {comb(52, args.hole_size):,} ({100 * len(found) / comb(52, args.hole_size):.2f}%)")
    if not found.listed:
        print(f"  (more than {MAX_EXPANDED:,} hands: too many to list examples of)")
        return 0
    shown = 0
    weights = found.weights
    for number, cards in enumerate(found):
        if shown == args.examples:
            break
        # Spread the examples over the range rather than showing its first hands.
        if number % max(1, len(found) // max(args.examples, 1)) == 0:
            weight = f" @{weights[number]}" if weights[number] != 100 else ""
            print(f"  {''.join(map(str, cards))}{weight}")
            shown += 1
    return 0


def _add_range_parser(commands: Any) -> None:
    command = commands.add_parser(
        "range",
        help="the hands a range expression stands for",
        description="Read an Omaha range expression (ProPokerTools' notation: AA**, A2**$ds, "
        "AxKx, [2-5], $L, @weights, ',' ':' '!') and say how many hands it holds, with examples.",
        epilog="example: omaha8 range 'AA**$ds, A2**$ds'",
    )
    command.add_argument("expression", help="the range, quoted for the shell")
    command.add_argument("--hole-size", type=int, choices=(4, 5, 6), default=4, help="cards per hand")
    command.add_argument("--examples", type=_whole_number, default=8, help="how many hands to show")
    command.set_defaults(run=_run_range)


# ---------------------------------------------------------------- table


def _table_text(table: PreflopTable, count: int) -> str:
    opponents = f"{table.opponents} random hand{'s' if table.opponents > 1 else ''}"
    how = (
        "every deal counted, exact"
        if getattr(table, "exact", False)
        else f"{table.samples:,} deals a class, seed {table.seed}"
    )
    lines = [
        f"{table.hole_size}-card starting hands against {opponents}, all in preflop: "
        f"{how} ({table.implementation} core)",
        f"{'rank':>5}  {'hand':<12} {'hands':>5} {'equity':>8} {'± error':>8} {'high':>8} {'low':>8} "
        f"{'scoop':>8} {'low made':>9} {'top':>8}",
    ]
    for row in table.top(count):
        lines.append(
            f"{row.rank:>5}  {row.canonical:<12} {row.hands:>5} {_percent(row.equity):>8} "
            f"{_percent(row.std_error):>8} {_percent(row.high):>8} {_percent(row.low):>8} "
            f"{_percent(row.scoop):>8} {_percent(row.low_made):>9} {row.percentile:7.3f}%"
        )
    return "\n".join(lines)


def _executor(args: argparse.Namespace) -> tuple:
    """(executor, Dask client) from --scheduler or --workers; (None, None) for this machine."""
    executor, client = None, None
    if args.scheduler:
        if args.workers is not None:
            raise UsageError("--workers counts local threads; a --scheduler's cluster has its own workers")
        try:
            from distributed import Client
        except ImportError:
            raise UsageError("--scheduler needs Dask: pip install 'omaha8[dask]'") from None
        try:
            client = Client(args.scheduler, timeout="10s")
        except (OSError, ValueError, TypeError, TimeoutError) as error:
            # distributed says an address is bad with a ValueError (no port), a TypeError (no
            # such protocol) or an OSError (nobody there, or a time-out): one line, not its traceback.
            raise UsageError(f"cannot reach the scheduler at {quoted(args.scheduler)}: {error}") from None
        executor = client.get_executor()
    elif args.workers is not None:
        from concurrent.futures import ThreadPoolExecutor

        if not 1 <= args.workers <= 1024:
            raise UsageError(f"--workers must be 1..1024, not {args.workers}")
        executor = ThreadPoolExecutor(max_workers=args.workers, thread_name_prefix="omaha8-table")
    return executor, client


def _finish(bar: Optional[_ProgressBar], executor: Optional[Executor], client: Any) -> None:  # a Dask Client
    """After a run on an executor: the bar cleared, the client closed or the local pool shut."""
    if bar is not None:
        bar.close()
    if client is not None:
        client.close()
    elif executor is not None:
        executor.shutdown(cancel_futures=True)


def _run_table(args: argparse.Namespace) -> int:
    from .tables import DEFAULT_TABLE_SAMPLES, PreflopTable, preflop_table

    computing = (
        args.out is not None or args.samples is not None or args.hands or args.checkpoint is not None or args.exact
    )
    if args.exact and (args.samples is not None or args.seed is not None):
        raise UsageError("--exact counts every deal: leave out --samples and --seed")
    if not computing:
        table = PreflopTable.read_csv(args.table) if args.table else PreflopTable.shipped()
        print(_table_text(table, args.show if args.show is not None else 20))
        return 0
    if args.table:
        raise UsageError("--table shows a table already made: leave out --out, --samples, --hands and --checkpoint")
    if args.out is not None:
        # Checked before hours of work, not after: a file to write in a folder that exists.
        out = Path(args.out)
        if out.exists() and not out.is_file():
            raise UsageError(f"--out {args.out} is not a regular file (a directory or a device)")
        if not out.parent.is_dir():
            raise UsageError(f"--out {args.out}: the directory {out.parent} does not exist")
    executor, client = _executor(args)
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        table = preflop_table(
            opponents=args.opponents,
            hole_size=args.hole_size,
            samples=args.samples if args.samples is not None else DEFAULT_TABLE_SAMPLES,
            seed=args.seed,
            hands=args.hands or None,
            executor=executor,
            checkpoint=args.checkpoint,
            progress=bar,
            allow_fallback=args.allow_fallback,
            exact=args.exact,
        )
    except FallbackRefusedError as error:
        raise UsageError(str(error)) from None
    finally:
        _finish(bar, executor, client)
    if args.out:
        table.to_csv(args.out)
        print(f"wrote {len(table):,} classes to {args.out}")
    print(_table_text(table, args.show if args.show is not None else 10))
    return 0


def _add_table_parser(commands: Any) -> None:
    command = commands.add_parser(
        "table",
        help="rank every starting hand by its equity against random hands, preflop",
        description="Without --out, --samples, --hands or --checkpoint: show the top of the table "
        "that comes with omaha8 (four cards, one opponent, exact), or of --table "
        "FILE. With them: compute a table, on this machine's threads or on a Dask cluster "
        "(--scheduler), and write it as CSV.",
        epilog="example: omaha8 table --opponents 1 --samples 100000 --seed 1 --out table.csv",
    )
    command.add_argument("--opponents", type=_whole_number, default=1, help="random hands to face (default 1)")
    command.add_argument("--hole-size", type=int, choices=(4, 5, 6), default=4, help="cards per hand")
    command.add_argument("--samples", type=_whole_number, help="deals per class (default 100,000)")
    command.add_argument("--seed", type=_whole_number, help="the same seed gives the same table anywhere")
    command.add_argument(
        "--exact",
        action="store_true",
        help="count every deal instead of sampling (four cards, one opponent; hours of work)",
    )
    command.add_argument("--hands", nargs="+", help="only these hands' classes (default: every class)")
    command.add_argument("--out", help="write the table to this CSV file")
    command.add_argument("--checkpoint", help="record finished work here; run again to continue")
    command.add_argument("--workers", type=_whole_number, help="local threads (default: every core)")
    command.add_argument("--scheduler", help="a Dask scheduler's address, e.g. tcp://10.0.0.5:8786")
    command.add_argument(
        "--allow-fallback",
        action="store_true",
        help="let workers without the compiled core compute (about 100 times slower)",
    )
    command.add_argument("--show", type=_whole_number, help="rows to print (default 20, or 10 after computing)")
    command.add_argument("--table", help="a table CSV to show instead of the shipped one")
    command.set_defaults(run=_run_table)


# ---------------------------------------------------------------- features


def _flop_list(text: Optional[str]) -> Optional[list[int]]:
    """--flops "0-9,17": flop numbers and ranges of them."""
    if text is None:
        return None
    out: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        try:
            low = int(first)
            high = int(last) if last else low
        except ValueError:
            raise UsageError(f"--flops takes numbers and ranges such as 0-9,17, not {text!r}") from None
        if not 0 <= low <= high <= 1754:
            raise UsageError(f"--flops {part.strip()}: flops are numbered 0..1754")
        out.extend(range(low, high + 1))
    return sorted(set(out))  # a flop named twice ("0,0,0", "0-9,5") is one flop and one file


def _run_features(args: argparse.Namespace) -> int:
    from .features import flop_features

    flops = _flop_list(args.flops)
    executor, client = _executor(args)
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    started = time.monotonic()
    try:
        manifest = flop_features(
            args.out,
            bins=args.bins,
            executor=executor,
            progress=bar,
            flops=flops,
            file_format=args.format,
            hands=args.hands,
            opponents=args.opponents,
        )
    finally:
        _finish(bar, executor, client)
    count = len(flops) if flops is not None else len(manifest["flops"])
    flops_word = "flop" if count == 1 else "flops"
    print(
        f"{count:,} {flops_word} of features in {args.out} ({manifest['identity']['file_format']}, "
        f"{args.bins} bins; {_duration(time.monotonic() - started)}); features.json lists them"
    )
    return 0


def _add_features_parser(commands: Any) -> None:
    command = commands.add_parser(
        "features",
        help="hand-strength features (EHS, EHS², histograms) of every hand on every canonical flop",
        description="Per canonical flop (1,755, each standing for its orbit), the features of every "
        "four-card hand against every hand: one file a flop in DIR (Parquet with pyarrow, else .npz), "
        "one row per class of (hand, flop). DIR is the checkpoint: run again to continue. About a "
        "minute of one core a flop.",
        epilog="example: omaha8 features --out features --bins 10 --flops 0-9",
    )
    command.add_argument("--out", required=True, help="the directory to write (made if missing)")
    command.add_argument("--bins", type=_whole_number, default=10, help="histogram bins (default 10; 0: none)")
    command.add_argument("--flops", help="only these flop numbers, such as 0-9,17 (default: all)")
    command.add_argument("--hands", default="random", help="the hands, a range (default: every hand)")
    command.add_argument("--opponents", default="random", help="the opponents' range (default: every hand)")
    command.add_argument(
        "--format", choices=("parquet", "npz"), help="file format (default: parquet when pyarrow is installed)"
    )
    command.add_argument("--workers", type=_whole_number, help="local threads (default: every core)")
    command.add_argument("--scheduler", help="a Dask scheduler's address, e.g. tcp://10.0.0.5:8786")
    command.set_defaults(run=_run_features)


# ---------------------------------------------------------------- solve


def _fraction(text: str, what: str) -> float:
    """'50%', '0.5' or '1/2' as 0.5: the pot fraction the solver and the adapters read."""
    return float(parse_pot_fraction(text, what, UsageError))


def _fractions(text: Optional[str], what: str) -> tuple[float, ...]:
    if text is None or not text.strip():
        return ()
    return tuple(_fraction(part, what) for part in text.split(","))


STREET_NAMES = ("flop", "turn", "river")


def _street_sizes(values: Optional[list], what: str) -> Any:
    """``--bets 50%,100%`` (every street) or ``--bets turn=50%,100% river=75%`` (by street; a
    street left out has none): a tuple, or a mapping by street; None when not given."""
    if values is None:
        return None
    if not any("=" in value for value in values):
        return tuple(size for value in values for size in _fractions(value, what))
    by_street: dict[str, tuple[float, ...]] = {}
    for value in values:
        street, equals, sizes = value.partition("=")
        if not equals or street not in STREET_NAMES:
            raise UsageError(
                f"{what}: {quoted(value)} is not street=sizes (streets: {', '.join(STREET_NAMES)}), "
                "and sizes for every street are not mixed with sizes by street"
            )
        if street in by_street:
            raise UsageError(f"{what}: the {street} is given twice")
        by_street[street] = _fractions(sizes, what)
    return by_street


def _street_counts(values: Optional[list], what: str) -> Any:
    """``--max-raises 2`` or ``--max-raises turn=1 river=2``."""
    if values is None:
        return None
    if len(values) == 1 and "=" not in values[0]:
        return _whole_number(values[0])
    by_street: dict[str, int] = {}
    for value in values:
        street, equals, count = value.partition("=")
        if not equals or street not in STREET_NAMES:
            raise UsageError(f"{what}: {quoted(value)} is not street=count (streets: {', '.join(STREET_NAMES)})")
        try:
            by_street[street] = _whole_number(count)
        except argparse.ArgumentTypeError as error:
            raise UsageError(f"{what}: {error}") from None
    return by_street


def _chips(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of chips") from None
    return value


def _hand_classes(solution: Union[RiverSolution, Solution], player: str) -> list[str]:
    """Each hand's class in words: its high category, and ' + low' when it makes one."""
    from . import _engine
    from .values import category_of

    holes = solution.hands(player)
    board = memoryview(bytes(int(c) for c in solution.board))
    highs, lows = _engine.ENGINE.evaluate_batch(holes, board)
    return [category_of(h) + (" + low" if low != NO_LOW else "") for h, low in zip(highs, lows)]


def _class_order(name: str) -> tuple[int, int]:
    category, _, low = name.partition(" + ")
    return CATEGORIES.index(category), 0 if low else 1


def _solve_summary(solution: Union[RiverSolution, Solution]) -> list[dict]:
    """Per decision: how often each action is taken, and by which classes of hands (each class's
    share of the action's weight), best class first."""
    classes = {player: _hand_classes(solution, player) for player in ("oop", "ip")}
    summary = []
    for node in solution.tree():
        if node.kind not in ("oop", "ip") or len(getattr(node, "board", solution.board)) > len(solution.board):
            continue  # the solved street's decisions: those below a dealt card are many
        reach = solution.reach(node.path)
        strategy = solution.strategy(node.path)
        total = sum(reach)
        actions = {}
        for action, probabilities in strategy.items():
            weights: dict[str, float] = {}
            for name, r, p in zip(classes[node.kind], reach, probabilities):
                weights[name] = weights.get(name, 0.0) + r * p
            taken = sum(weights.values())
            actions[action] = {
                "frequency": taken / total if total > 0 else None,
                "classes": {
                    name: weights[name] / taken
                    for name in sorted(weights, key=_class_order)
                    if taken > 0 and weights[name] > 0
                },
            }
        summary.append({"path": list(node.path), "player": node.kind, "reach": total, "actions": actions})
    return summary


def _chip_words(amount: float) -> str:
    """Chips to three decimals, or to six figures past a trillion (a pot of 1e308 has 309 digits)."""
    return f"{amount:.3f}" if abs(amount) < 1e12 else f"{amount:.6g}"


def _first_street(solution: Union[RiverSolution, Solution]) -> str:
    return STREET_NAMES[len(solution.board) - 3]


def _solve_text(solution: Union[RiverSolution, Solution], summary: list[dict]) -> str:
    rake = solution.rake
    raked = (
        f"   rake {100 * rake.fraction:g}%" + (f" capped at {rake.cap:g}" if rake.cap is not None else "")
        if rake.taken
        else ""
    )
    lines = [
        f"board {_cards(solution.board)}   pot {solution.pot:g}   stack {solution.stack:g}   {solution.limit} limit"
        + raked,
        f"{len(solution.hands('oop')):,} OOP hands against {len(solution.hands('ip')):,} IP hands; "
        f"{solution.iterations} iterations in {solution.seconds:.1f} s; exploitability "
        f"{100 * solution.exploitability:.3f}% of the pot",
        f"OOP's value {_chip_words(solution.value)} chips, "
        f"IP's {_chip_words(solution.ip_value)} (of the pot "
        f"{solution.pot:g}{', after the rake' if rake.taken else ''}, less what each puts in from the "
        f"{_first_street(solution)} on)",
        "",
    ]
    for entry in summary:
        if not entry["reach"]:
            continue
        where = " ".join(entry["path"]) or "(first to act)"
        lines.append(
            f"{entry['player'].upper()} after {where}:" if entry["path"] else f"{entry['player'].upper()} first to act:"
        )
        for action, detail in entry["actions"].items():
            frequency = detail["frequency"]
            shares = sorted(detail["classes"].items(), key=lambda item: -item[1])[:4]
            best_first = sorted(shares, key=lambda item: _class_order(item[0]))
            words = ", ".join(f"{name} {100 * share:.0f}%" for name, share in best_first)
            lines.append(f"  {action:<12} {100 * frequency:6.2f}%   {words}")
    return "\n".join(lines)


def _solve_progress(started: float, drawn: list) -> Callable[[int, float], None]:
    def progress(iteration: int, exploitability: float) -> None:
        if sys.stderr.isatty():
            line = (
                f"iteration {iteration}   exploitability {100 * exploitability:.3f}% of the pot   "
                f"{_duration(time.monotonic() - started)}"
            )
            sys.stderr.write("\r" + line + " " * max(drawn[0] - len(line), 0))
            sys.stderr.flush()
            drawn[0] = len(line)

    return progress


def _rake_argument(text: Optional[str]) -> Any:
    """``--rake``'s text: a fraction (solve reads it), or a fraction and a cap in chips."""
    if text is None:
        return None
    fraction, comma, cap = text.partition(",")
    if not comma:
        return fraction
    try:
        chips = float(cap)
    except ValueError:
        raise UsageError(f"--rake: the cap {cap!r} is not a number of chips (e.g. --rake 5%,3)") from None
    return (fraction, chips)


def _run_solve(args: argparse.Namespace) -> int:
    from .cards import parse_cards
    from .solver import RiverSolution, solve_river
    from .streetsolver import Solution, solve

    bets = _street_sizes(args.bets, "--bets")
    raises = _street_sizes(args.raises, "--raises")
    max_raises = _street_counts(args.max_raises, "--max-raises")
    target = float(parse_pot_fraction(args.exploitability, "--exploitability", UsageError, zero=True))
    river = len(parse_cards(args.board)) == 5
    if river and (isinstance(bets, dict) or isinstance(raises, dict) or isinstance(max_raises, dict)):
        raise UsageError("a river board has one street: --bets, --raises and --max-raises without street=")
    if args.no_rivers and (river or args.out is None):
        raise UsageError("--no-rivers saves a flop or turn solution without its river strategies: with --out")
    if args.resumable and (river or args.out is None or args.no_rivers):
        raise UsageError("--resumable saves a flop or turn solution's regrets with --out (rivers and all)")
    if args.out is not None:
        # Before any work: a folder that is missing, a directory or '' would be found after the solve.
        (RiverSolution if river else Solution).check_save_path(args.out)
    spot = (args.board, args.oop, args.ip, args.pot, args.stack)
    arguments = dict(
        limit=args.limit,
        bets=bets if bets is not None else (0.5, 1.0),
        raises=raises if raises is not None else (1.0,),
        max_raises=max_raises,
        big_bet=args.big_bet,
        rake=_rake_argument(args.rake),
        iterations=args.iterations,
        exploitability=target,
        threads=args.threads,
    )
    if river:
        if args.small_bet is not None:
            raise UsageError("--small-bet is the flop's fixed bet: a river board has no flop")
        if args.compression or args.no_isomorphism:
            raise UsageError("--compression and --no-isomorphism are the flop's and turn's: a river deals no card")
        solution = _with_progress(lambda progress: solve_river(*spot, **arguments, progress=progress))
    else:
        arguments.update(compression=args.compression, isomorphism=not args.no_isomorphism)
        if args.resumable:
            arguments.update(resumable=True)
        solution = _with_progress(
            lambda progress: solve(*spot, small_bet=args.small_bet, **arguments, progress=progress)
        )
    if args.out is not None:
        solution.save(args.out, **({"rivers": False} if args.no_rivers else {"resume": True} if args.resumable else {}))
    _print_solution(solution, args)
    return 0


def _with_progress(run: Callable[[Any], Any]) -> Any:
    """``run(progress)``, drawing a solve's progress bar on stderr, cleared after."""
    drawn = [0]
    try:
        return run(_solve_progress(time.monotonic(), drawn))
    finally:
        if drawn[0]:
            sys.stderr.write("\r" + " " * drawn[0] + "\r")
            sys.stderr.flush()


def _run_resume(args: argparse.Namespace) -> int:
    from .streetsolver import Solution

    out = args.out if args.out is not None else args.solution
    Solution.check_save_path(out)
    solution = Solution.load(args.solution)
    target = float(parse_pot_fraction(args.exploitability, "--exploitability", UsageError, zero=True))
    resumed = _with_progress(
        lambda progress: solution.resume(args.iterations, target, threads=args.threads, progress=progress)
    )
    resumed.save(out, resume=True)
    _print_solution(resumed, args)
    return 0


def _add_run_arguments(command: Any, iterations: str) -> None:
    """How long a solve runs, as solve and resume take it: --iterations, --exploitability, --threads."""
    command.add_argument("--iterations", type=_whole_number, default=1000, help=iterations)
    command.add_argument(
        "--exploitability", default="0.3%", help="stop at this exploitability, of the pot (default 0.3%%)"
    )
    command.add_argument("--threads", type=_whole_number, help="threads (default: every core)")


def _add_resume_parser(commands: Any) -> None:
    command = commands.add_parser(
        "resume",
        help="go on solving a solution saved with its regrets (omaha8 solve --resumable)",
        description="Load a flop or turn solution saved with its regrets and sums, go on with its DCFR to "
        "--iterations in all or the exploitability asked for, save it (over the file unless --out) and print it.",
        epilog="example: omaha8 resume spot.omaha8 --iterations 400 --exploitability 0.2%%",
    )
    command.add_argument("solution", help="a file omaha8 solve --resumable --out (or save(resume=True)) wrote")
    _add_run_arguments(command, "in all, at most (default 1000)")
    command.add_argument("--out", help="save it here (default: over SOLUTION)")
    command.add_argument("--json", action="store_true", help="the summary as JSON")
    command.set_defaults(run=_run_resume, report=None)


def _print_solution(solution: Any, args: argparse.Namespace) -> None:
    summary = _solve_summary(solution)
    print(_solve_json(solution, summary) if args.json else _solve_text(solution, summary))
    if args.report is not None:
        report = solution.report((), by=args.report)
        print(report.to_json() if args.json else "\n" + _report_text(report))


def _solve_json(solution: Union[RiverSolution, Solution], summary: list[dict]) -> str:
    return json.dumps(
        {
            "board": [str(c) for c in solution.board],
            "pot": solution.pot,
            "stack": solution.stack,
            "limit": solution.limit,
            "bets": solution.bets if isinstance(solution.bets, dict) else list(solution.bets),
            "raises": solution.raises if isinstance(solution.raises, dict) else list(solution.raises),
            "max_raises": solution.max_raises,
            "small_bet": getattr(solution, "small_bet", None),
            "big_bet": solution.big_bet,
            "hands": {"oop": len(solution.hands("oop")), "ip": len(solution.hands("ip"))},
            "iterations": solution.iterations,
            "exploitability": solution.exploitability,
            "value": solution.value,
            "ip_value": solution.ip_value,
            "rake": solution.rake.as_list(),
            "seconds": solution.seconds,
            "history": [list(h) for h in solution.history],
            "decisions": summary,
        },
        indent=1,
    )


def _add_solve_parser(commands: Any) -> None:
    command = commands.add_parser(
        "solve",
        help="solve a heads-up flop, turn or river spot by discounted CFR",
        description="Both ranges' every hand, every card dealt: OOP acts first on every street, bets "
        "and raises as fractions of the pot. Prints how often each player takes each action on the "
        "first street, and with which classes of hands, best first.",
        epilog="examples: omaha8 solve --board Ks7d2h9c4s --oop 20%% --ip 20%% --pot 100 --stack 400 "
        "--bets 50%%,100%% --raises 100%%;   omaha8 solve --board Ks7d2h9c --oop 5%% --ip 5%% "
        "--pot 100 --stack 400 --bets turn=50%%,100%% river=75%%",
    )
    command.add_argument("--board", required=True, help="three, four or five cards, e.g. Ks7d2h9c")
    command.add_argument("--oop", required=True, help="the out-of-position range, e.g. '20%%' or 'AA2,KK'")
    command.add_argument("--ip", required=True, help="the in-position range")
    command.add_argument("--pot", required=True, type=_chips, help="chips in the middle")
    command.add_argument("--stack", required=True, type=_chips, help="chips behind each player")
    command.add_argument("--limit", default="pot", choices=("pot", "no", "fixed"), help="default pot")
    command.add_argument(
        "--bets",
        nargs="+",
        help="bet sizes as pot fractions, e.g. 50%%,100%% (default) or 1/3,0.75, or by street: "
        "turn=50%%,100%% river=75%% (a street left out has no bet)",
    )
    command.add_argument(
        "--raises", nargs="+", help="raise sizes as fractions of the pot after the call (default 100%%); by street too"
    )
    command.add_argument(
        "--max-raises", nargs="+", help="raises a street (default 2; fixed limit 3), or by street: turn=1 river=2"
    )
    command.add_argument("--small-bet", type=_chips, help="fixed limit: the flop's chips of every bet and raise")
    command.add_argument("--big-bet", type=_chips, help="fixed limit: the turn's and river's (a river's every) bet")
    command.add_argument(
        "--rake",
        help="the site's cut of every pot won, a fraction of the final pot and an optional cap in chips: "
        "5%% or 5%%,3 (default none)",
    )
    _add_run_arguments(command, "at most (default 1000)")
    command.add_argument(
        "--compression", action="store_true", help="flop, turn: regrets and sums in 16 bits (half the memory)"
    )
    command.add_argument(
        "--no-isomorphism",
        action="store_true",
        help="flop, turn: solve every card, not one of each pair of mirror-image cards",
    )
    command.add_argument(
        "--out",
        help="save the solution to this file, checked before the solve (RiverSolution.load reads a river's, "
        "Solution.load a flop's or turn's)",
    )
    command.add_argument(
        "--resumable",
        action="store_true",
        help="flop, turn: --out keeps the regrets and sums too, so that omaha8 resume goes on from there",
    )
    command.add_argument(
        "--no-rivers",
        action="store_true",
        help="flop, turn: --out leaves out the river decisions' strategies (nearly all of a turn's bytes)",
    )
    command.add_argument("--json", action="store_true", help="the summary as JSON")
    command.add_argument(
        "--report", choices=("category", "nuts"), help="then the first decision's hands by class (see omaha8 report)"
    )
    command.set_defaults(run=_run_solve)


def _report_text(report: Report) -> str:
    """A report as a table: a class a line, its share, its frequencies and its EV."""
    where = " ".join(report.path) or "(first to act)"
    lines = [f"{report.player.upper()} at {where}, by {report.by}:"]
    width = max([len(row.hand_class) for row in report.rows] + [5])
    lines.append(
        f"  {'class':<{width}}  {'hands':>6}  {'share':>6}  "
        + "  ".join(f"{a:>10}" for a in report.actions)
        + "      ev"
    )
    for row in report.rows:
        cells = "  ".join(f"{100 * row.frequencies[a]:9.1f}%" for a in report.actions)
        ev = "     -" if row.ev != row.ev else f"{row.ev:8.2f}"
        lines.append(f"  {row.hand_class:<{width}}  {row.hands:>6,}  {100 * row.share:5.1f}%  {cells}  {ev}")
    return "\n".join(lines)


def _load_solution(path: str) -> Any:
    """A saved solution of any street: ``Solution``'s file, else ``RiverSolution``'s."""
    from .solver import RiverSolution
    from .streetsolver import Solution

    try:
        return Solution.load(path)
    except SolverError as error:
        if "not a solution omaha8 saved" not in str(error):
            raise
        return RiverSolution.load(path)  # a river's file, or the error naming it


def _run_report(args: argparse.Namespace) -> int:
    solution = _load_solution(args.solution)
    report = solution.report(args.path, by=args.by)
    if args.csv:
        sys.stdout.write(report.to_csv())
    else:
        print(report.to_json() if args.json else _report_text(report))
    return 0


def _add_report_parser(commands: Any) -> None:
    command = commands.add_parser(
        "report",
        help="a saved solution's hands at a decision, by class",
        description="For the player acting at a decision of a saved solution: each class of its hands, "
        "its share of the range there, how often it takes each action and what it is worth.",
        epilog="example: omaha8 report spot.omaha8 check check 3d --by nuts",
    )
    command.add_argument("solution", help="a file omaha8 solve --out (or Solution.save) wrote")
    command.add_argument("path", nargs="*", help="the actions and cards from the root (none: the first decision)")
    command.add_argument(
        "--by", default="category", choices=("category", "nuts"), help="the classes (default category)"
    )
    shape = command.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="as JSON")
    shape.add_argument("--csv", action="store_true", help="as CSV")
    command.set_defaults(run=_run_report)


def _run_view(args: argparse.Namespace) -> int:
    import webbrowser

    solution = _load_solution(args.solution)
    out = args.out
    if out is None:  # beside the solution, never over it
        beside = Path(args.solution).with_suffix(".html")
        out = str(beside if beside != Path(args.solution) else Path(args.solution + ".html"))
    written = solution.to_html(out, streets=args.streets).resolve()
    print(written)
    if not args.no_browser:
        # webbrowser.open says False where no browser can be had (a server, CI): the path is printed.
        with contextlib.suppress(webbrowser.Error):
            webbrowser.open(written.as_uri())
    return 0


def _add_view_parser(commands: Any) -> None:
    command = commands.add_parser(
        "view",
        help="a saved solution as one HTML page, opened in a browser",
        description="Write a saved solution's viewer: one self-contained HTML file (the tree as clickable "
        "actions and cards, the frequencies, the hands by class, each hand's strategy and EV), print its path "
        "and open it in a browser where one is available.",
        epilog="example: omaha8 view spot.omaha8 --streets 2",
    )
    command.add_argument("solution", help="a file omaha8 solve --out (or Solution.save) wrote")
    command.add_argument("--out", help="the page to write (default: the solution's path with .html)")
    command.add_argument(
        "--streets",
        type=int,
        help="the streets of betting the page holds from the root (default: a flop or turn solution's first)",
    )
    command.add_argument("--no-browser", action="store_true", help="write and print the path only")
    command.set_defaults(run=_run_view)


# ---------------------------------------------------------------- parser


# The subcommands in the order --help lists them: each one's parser is made beside the function
# that runs it (``_add_NAME_parser``, which sets ``run``), so a new command is those two and a line here.
_COMMANDS = (
    _add_hand_parser,
    _add_equity_parser,
    _add_showdown_parser,
    _add_replay_parser,
    _add_range_parser,
    _add_table_parser,
    _add_features_parser,
    _add_solve_parser,
    _add_resume_parser,
    _add_report_parser,
    _add_view_parser,
    _add_board_parser,
    _add_outs_parser,
    _add_breakdown_parser,
)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="omaha8",
        description=f"Omaha Hi-Lo (eight-or-better): hands, equity and showdowns ({IMPLEMENTATION} core).",
        epilog="'omaha8 COMMAND --help' shows a command's options and an example.",
    )
    parser.add_argument("--version", action="version", version=f"omaha8 {__version__} ({IMPLEMENTATION} core)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for add_parser in _COMMANDS:
        add_parser(commands)
    return parser


def _one_line(message: str) -> str:
    """An error as one line: a range error's expression and caret become "in 'KKX*'"."""
    lines = [line for line in message.splitlines() if line.strip()]
    if len(lines) == 3 and lines[2].strip() == "^":
        return f"{lines[0]} in {lines[1].strip()!r}"
    return " ".join(line.strip() for line in lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = _folded_seats_as_words(list(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 2
        return args.run(args)
    except Omaha8Error as error:
        # A user's mistake, in one line. Anything else is a bug in omaha8: its traceback shows.
        print(f"omaha8: error: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader left (``omaha8 solve ... | head``): nothing is wrong, and nothing more can be
        # said on stdout. Point it at /dev/null so that Python's exit flush does not complain.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 0
    except OSError as error:  # a file named on the command line that cannot be read or written
        where = f"{error.filename}: " if error.filename else ""
        print(f"omaha8: error: {where}{error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("omaha8: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
