"""OnGame (iPoker's predecessor network: bwin, PartyGaming's later skin sites) hand histories of
2011, read into the ``History`` record.

OnGame writes "***** History for hand R5-174523451-25 *****", the game in the table line
("POT_LIMIT OMAHA_HI_LO $0.50/$0.50"), "Button: seat 8", sections opened by "---" lines
("--- Dealing flop [Ts, Th, 3h]"), cards with commas, raises as "raises $2.50 to $2.50", and a
summary of pots ("Main pot: $6 won by Player1 ($5.70)", several winners on one line) and "Rake
taken: $0.30", the cards shown in the summary's seat lines. It prints no
total pot and no bet returned: the total is the bets, the last bet nobody called worked out.
A game whose small blind is the big blind ($0.50/$0.50) writes both posts as "big blind".
"""

from __future__ import annotations

import re
from typing import Optional

from ..exceptions import HistoryError
from .reading import Dialect, Reading, money, never, read_lines, unit_of
from .record import History, Step, game_name

__all__ = ["HEADER_START", "ONGAME", "parse_hand"]

HEADER_START = re.compile(r"^\*{5} History for hand ")
"""How a hand of OnGame's begins: its files are cut into hands here."""
_HEADER = re.compile(r"^\*{5} History for hand (?P<id>[A-Za-z0-9-]{1,40})(?P<tournament> \(TOURNAMENT: [^*]*\))? \*{5}")
_TABLE = re.compile(
    r"^Table: .*\((?P<limit>POT_LIMIT|NO_LIMIT|LIMIT) (?P<game>[A-Z_]+) (?P<small>[$€£]?[0-9][0-9.,]*)/"
    r"(?P<big>[$€£]?[0-9][0-9.]*(?:,[0-9]{3})*)"
)
_LIMITS = {"POT_LIMIT": "pot", "NO_LIMIT": "no", "LIMIT": "fixed"}
_COMMA = re.compile(r"(?<=[2-9TJQKA][cdhs]),")

ONGAME = Dialect(
    sections={
        "--- Dealing flop": "flop",
        "--- Dealing turn": "turn",
        "--- Dealing river": "river",
        "Dealing pocket cards": "preflop",
        "Summary:": "summary",
        "---": "showdown",
    },
    section_starts=("---", "Dealing pocket cards", "Summary:"),
    table=re.compile(r"^Button: seat (?P<button>[0-9]{1,3})(?P<name>)"),
    seat=re.compile(r"^Seat (?P<number>[0-9]{1,3}): (?P<name>.+?) \((?P<stack>[$€£]?[0-9][0-9.,]*)\)(?P<rest>.*)$"),
    action=re.compile(
        r"^(?P<name>.+?) (?P<what>folds|checks|(?:calls|bets) (?P<amount>[^\s,]+)|raises \S+ to (?P<to>[^\s,]+)|"
        r"posts (?P<post>small blind|big blind|ante) \((?P<posted>[^\s)]+)\))(?: \[all in\])?\s*$"
    ),
    posts={"small blind": "small blind", "big blind": "big blind", "ante": "ante"},
    dealt=re.compile(r"^Dealing to (?P<name>.+?): \[(?P<cards>[^\]]*)\]"),
    shows=re.compile(r"^(?P<name>.+?) shows \[(?P<cards>[^\]]*)\]"),
    mucks=re.compile(r"^(?P<name>.+?) mucks\b"),
    uncalled=never("name", "amount"),  # never printed
    collected=re.compile(
        r"^(?:Main pot|(?P<side>Side pot)(?: (?P<number>[0-9]+))?): \S+ won by (?P<name>.+?) "
        r"\((?P<amount>[^)\s]+)(?: High| Low)?\)\s*$"
    ),
    total=re.compile(r"^Rake taken: (?P<rake>\S+)"),
    # "Seat 6: zlnalea (1620), net: -380, [Qs 9h 8c 7d] (STRAIGHT QUEEN)": the cards shown.
    summary_cards=re.compile(r"^Seat [0-9]{1,3}: (?P<name>.+?) \([^()]*\), net: [^,]*, \[(?P<cards>[^\]]*)\]"),
    noise=re.compile(r"(^Start hand: |^User: |^Players in round: |^Seat [0-9]+: .*, net: |^\*{5} End of hand )"),
    action_names_end_with_colon=False,
    total_unprinted=True,
)
"""OnGame's lines, as its files of 2011 show them."""


def parse_hand(text: str) -> Optional[History]:
    """One OnGame hand as a History; None when it is not Omaha Hi/Lo ("OMAHA_HI_LO")."""
    text = _one_winner_a_line(_COMMA.sub("", text))  # "[6h, 3s, 8s, 4s]"
    lines = text.split("\n")
    first = lines[0].lstrip("\ufeff")
    header = _HEADER.match(first)
    if not header:
        raise HistoryError(f"hand ?: not an OnGame hand header: {first[:80]!r}")
    hand_id = header.group("id")
    table_line = next((line.strip() for line in lines[1:5] if line.strip().startswith("Table: ")), "")
    table = _TABLE.match(table_line)
    if table is None:
        raise HistoryError(f"hand {hand_id}: no game in a 'Table:' line")
    if table.group("game") != "OMAHA_HI_LO":
        return None
    unit = unit_of(table.group("small"))
    stakes = (
        money(table.group("small"), unit, hand_id, table_line),
        money(table.group("big"), unit, hand_id, table_line),
    )
    limit = _LIMITS[table.group("limit")]
    history = History(hand_id, game_name(4), limit, 4, stakes, unit, [], text=text)
    reading = Reading(history, tournament=header.group("tournament") is not None)
    read = read_lines(reading, [line for line in lines[1:] if not line.startswith("Table: ")], ONGAME)
    _small_blind_written_big(read)
    # The summary shows every hand shown at the showdown: one it does not show was mucked.
    read.mucked |= {name for name in read.names if name not in read.holes}
    return read


_POT_WON = re.compile(r"^((?:Main pot|Side pot(?: [0-9]+)?): \S+ won by )(.*)$")
_WINNER = re.compile(r"(.+?) (\([^)]*\))(?:, |$)")


def _one_winner_a_line(text: str) -> str:
    """A pot won by several ("won by A (125 High), B (125 Low)") as one line a winner."""
    out = []
    for line in text.split("\n"):
        won = _POT_WON.match(line.strip())
        if won and "), " in won.group(2):
            out += [won.group(1) + name + " " + amount for name, amount in _WINNER.findall(won.group(2))]
        else:
            out.append(line)
    return "\n".join(out)


def _small_blind_written_big(history: History) -> None:
    """Where the small blind is the big blind, OnGame writes the first post "big blind" too: it
    is the small blind's."""
    if history.stakes[0] != history.stakes[1]:
        return
    posts = [at for at, step in enumerate(history.steps) if step.kind in ("small blind", "big blind")]
    if len(posts) >= 2 and all(history.steps[at].kind == "big blind" for at in posts[:2]):
        step = history.steps[posts[0]]
        history.steps[posts[0]] = Step(step.street, step.name, "small blind", step.amount, step.total, step.all_in)
