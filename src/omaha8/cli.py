"""The ``omaha8`` command: ``omaha8 hand HOLE --board BOARD``."""

from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from . import IMPLEMENTATION, evaluate, parse_cards
from .cards import RANK_CHARS, CardError
from .fallback import class_of_value
from .values import CATEGORIES, low_name


def describe_high(value: int) -> str:
    category, ranks = class_of_value(value)
    return f"{CATEGORIES[category]}, {'-'.join(RANK_CHARS[r] for r in ranks)}"


def _hand(args: argparse.Namespace) -> int:
    hole, board = parse_cards(args.hole), parse_cards(args.board)
    high, low = evaluate(hole, board)
    print(f"hand:  {' '.join(map(str, hole))}   board: {' '.join(map(str, board))}")
    print(f"high:  {describe_high(high)}  (value {high} of 7462, 1 is best)")
    print(f"low:   {low_name(low) + f'  (mask {low})' if low is not None else 'none'}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="omaha8",
        description=f"Omaha Hi-Lo (eight-or-better) evaluation ({IMPLEMENTATION} core).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    hand = commands.add_parser(
        "hand",
        help="the best high and low of one hand",
        description="The best high and the best eight-or-better low of a hand, each of exactly "
        "two hole cards and three board cards.",
        epilog="example: omaha8 hand AhKd5c2s --board Ac3d7hKs9c",
    )
    hand.add_argument("hole", help="4, 5 or 6 hole cards, e.g. AhKd5c2s")
    hand.add_argument("--board", required=True, help="3, 4 or 5 board cards, e.g. Ac3d7hKs9c")
    hand.set_defaults(run=_hand)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except CardError as error:
        print(f"omaha8: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
