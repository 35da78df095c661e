"""PKR hand histories (2011-2012), read into the ``History`` record.

PKR writes "Table #45061966 - ..." then "Starting Hand #N", the game and limit on lines of their
own ("Game Type: OMAHA HI/LO", "Limit Type: POT LIMIT"), "Blinds are now 10 / 20", the button
as "Moving Button to seat 9", cards as "[9 s][7 s][Q s][T d]", calls written to their total
("calls 1,090 (all-in)" after a bet of 580), emotes and chat ("Player6 yawns."), and, after
the river, each seat's stack after the hand. It prints neither the total pot nor a bet returned,
and its pots won ("ties, and wins $34.75 with high hand") leave out what a side pot returned: what
each player collected is worked out from its stacks, as for KingsClub.
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import Dialect, Reading, money, never, read_lines, unit_of
from .record import History, game_name

__all__ = ["HEADER_START", "PKR", "parse_hand"]

HEADER_START = re.compile(r"^Table #[0-9]+ - ")
"""How a hand of PKR's begins: its files are cut into hands here."""
_HAND = re.compile(r"^Starting Hand #(?P<id>[0-9]{1,30})\s*$")
_BLINDS = re.compile(r"^Blinds are now (?P<small>[$€£]?[0-9][0-9.,]*) / (?P<big>[$€£]?[0-9][0-9.,]*)")
_LIMITS = {"POT LIMIT": "pot", "NO LIMIT": "no", "LIMIT": "fixed", "FIXED LIMIT": "fixed"}
_CARD = re.compile(r"\[([2-9TJQKA]) ([cdhs])\]")

PKR = Dialect(
    sections={
        "Dealing Cards": "preflop",
        "Dealing Flop": "flop",
        "Dealing Turn": "turn",
        "Dealing River": "river",
        "*** SUMMARY ***": "summary",
    },
    section_starts=("Dealing Cards", "Dealing Flop", "Dealing Turn", "Dealing River", "*** SUMMARY ***"),
    table=re.compile(r"^(?:Moving Button to|Button is at) seat (?P<button>[0-9]{1,3})(?P<name>)"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.+?) - (?P<stack>[$€£]?[0-9][0-9.,]*)(?P<rest>.*)$"),
    action=re.compile(
        r"^(?P<name>.+?) (?P<what>folds|checks|(?:calls|bets) (?P<amount>\S+)|raises to (?P<to>\S+)|"
        r"posts (?P<post>small blind|big blind|dead blind|ante) \((?P<posted>[^)\s]+)\))(?: \(all-in\))?\s*$"
    ),
    posts={"small blind": "small blind", "big blind": "big blind", "dead blind": "small blind", "ante": "ante"},
    dealt=re.compile(r"^Dealing \[(?P<cards>[^\]]*)\] to (?P<name>.+?)\s*$"),
    shows=re.compile(r"^(?P<name>.+?) shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.+?) mucks\b"),
    uncalled=never("name", "amount"),  # never printed
    collected=never("name", "amount", "side", "number"),  # worked out from the stacks
    total=re.compile(r"^Taking Rake of (?P<rake>\S+) from pot"),
    summary_cards=never("name", "cards"),
    summary_stacks=re.compile(r"^Seat [0-9]{1,3}: (?P<name>.+?) - (?P<stack>[$€£]?[0-9][0-9.,]*)\s*$"),
    noise=re.compile(
        r"(^Pot sizes: |^Shuffling Deck|^Last Hand|^Start time of hand|^Game Type|^Limit Type|^Table Type|"
        r"^Money Type|^Blinds are now| has |: | yawns| says | ties| wins | did not respond in time|"
        r" brings .* to table| is sitting out| sits out)"
    ),
    action_names_end_with_colon=False,
    calls_to_total=True,
)
"""PKR's lines, as its files of 2011 and 2012 show them."""


def parse_hand(text: str) -> Optional[History]:
    """One PKR hand as a History; None when it is not Omaha Hi/Lo ("OMAHA HI/LO")."""
    text = _CARD.sub(r"[\1\2]", text).replace("][", " ")  # "[9 s][7 s]" as "[9s 7s]"
    lines = text.split("\n")
    hand = next((m for line in lines[1:3] if (m := _HAND.match(line.strip()))), None)
    if hand is None:
        raise HistoryError(f"hand ?: not a PKR hand: no 'Starting Hand #' after {lines[0].strip()[:60]!r}")
    hand_id = hand.group("id")
    fields = dict(
        line.strip().split(": ", 1)
        for line in lines[1:12]
        if line.strip().endswith(tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) and ": " in line
    )
    if fields.get("Game Type") != "OMAHA HI/LO":
        return None
    limit = _LIMITS.get(fields.get("Limit Type", ""))
    blinds = next((m for line in lines[1:14] if (m := _BLINDS.match(line.strip()))), None)
    if limit is None or blinds is None:
        raise HistoryError(f"hand {hand_id}: no limit or blinds in the hand's first lines")
    unit = unit_of(blinds.group("small"))
    stakes = (
        money(blinds.group("small"), unit, hand_id, blinds.group(0)),
        money(blinds.group("big"), unit, hand_id, blinds.group(0)),
    )
    if limit == "fixed":
        stakes = (stakes[1], 2 * stakes[1])
    history = History(hand_id, game_name(4), limit, 4, stakes, unit, [], text=text)
    return read_lines(
        Reading(history, tournament=fields.get("Table Type") == "TOURNAMENT"), _with_summary(lines[2:]), PKR
    )


def _with_summary(lines: list[str]) -> list[str]:
    """The lines with "*** SUMMARY ***" before the seats' stacks after the hand (PKR marks none),
    the rake taken moved after it."""
    dealt = next((at for at, line in enumerate(lines) if line.strip() == "Dealing Cards"), None)
    if dealt is None:
        return lines
    after = next((at for at in range(dealt, len(lines)) if lines[at].startswith("Seat ")), None)
    if after is None:
        return lines
    # "Taking Rake of $1 from pot 1" comes before the showdown: it is read with the summary.
    rake = [line for line in lines[dealt:after] if line.startswith("Taking Rake of ")]
    rest = [line for line in lines[:after] if not line.startswith("Taking Rake of ")]
    return rest + ["*** SUMMARY ***"] + rake + lines[after:]
