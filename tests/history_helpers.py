"""What the history tests share: the bundled real files, hands written out as PokerStars
prints them, and engine hands of every kind played to the end."""

from __future__ import annotations

import random
from pathlib import Path

from test_game import random_action

from omaha8 import Hand

__all__ = [
    "DATA",
    "STARS",
    "REAL_FILES",
    "OTHER_SITES",
    "SIX_MAX",
    "THREE_HANDED",
    "QUIRKS",
    "TOURNAMENT",
    "DEAD_BLIND",
    "side_pot_hand",
    "finished",
    "varied_hand",
    "mangled",
]

DATA = Path(__file__).resolve().parent / "data"
STARS = DATA / "pokerstars"
# Every PokerStars file of fpdb's regression collections that holds Omaha Hi/Lo, as published,
# and FPDB-for-OSX's copies with Windows line endings and trailing spaces (crlf/).
REAL_FILES = sorted(STARS.rglob("*.txt"))
OTHER_SITES = sorted((DATA / "other-sites").glob("*.txt"))
SIX_MAX = STARS / "PLO8-6max-USD-0.01-0.02-200911.txt"


THREE_HANDED = """PokerStars Hand #901: Tournament #42, $1+$0.10 USD Omaha Hi/Lo No Limit - Level I (10/20) - 2020/01/01 10:00:00 ET
Table '42 1' 9-max Seat #3 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cy (1500 in chips) is sitting out
Ann: posts small blind 10
Bob: posts big blind 20
*** HOLE CARDS ***
Cy: folds
Ann: raises 40 to 60
Bob: folds
Uncalled bet (40) returned to Ann
Ann collected 40 from pot
*** SUMMARY ***
Total pot 40 | Rake 0
Seat 1: Ann (small blind) collected (40)
"""  # noqa: E501 (the header line as PokerStars prints it)


QUIRKS = """\ufeffPokerStars Hand #12345:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2020/01/01 10:00:00 ET\r
Table 'Test' 6-max Seat #3 is the button\r
Seat 1: Ann ($10 in chips) \r
Seat 2: Bob ($10 in chips) \r
Seat 3: Cy ($10 in chips) \r
Seat 4: Dee ($10 in chips) is sitting out\r
Ann: posts small blind $0.05\r
Bob: posts big blind $0.10\r
*** HOLE CARDS ***\r
Dealt to Cy [7c 6c 5d 4d]\r
Eve joins the table at seat #5 \r
Cy: raises $0.20 to $0.30\r
Ann: calls $0.25\r
Bob: folds \r
Cy said, "good luck"\r
*** FLOP *** [2c 7d Kc]\r
Ann: bets $0.70\r
Cy: raises $1.40 to $2.10\r
Ann: calls $1.40\r
*** TURN *** [2c 7d Kc] [9h]\r
Ann: checks \r
Cy: bets $1\r
Ann: folds \r
Uncalled bet ($1) returned to Cy\r
Cy collected $4.80 from pot\r
Cy: doesn't show hand \r
*** SUMMARY ***\r
Total pot $4.90 | Rake $0.10 \r
Board [2c 7d Kc 9h]\r
Seat 1: Ann (small blind) folded on the Turn\r
Seat 2: Bob (big blind) folded before Flop\r
Seat 3: Cy (button) collected ($4.80)\r
\r
\r
\r
PokerStars Hand #12346:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/01 10:01:00 ET\r
Table 'Test' 6-max Seat #1 is the button\r
Seat 1: Ann ($10 in chips)\r
Seat 2: Bob ($10 in chips)\r
Ann: posts small blind $0.05\r
Bob: posts big blind $0.10\r
*** HOLE CARDS ***\r
Ann: folds\r
Uncalled bet ($0.05) returned to Bob\r
Bob collected $0.10 from pot\r
*** SUMMARY ***\r
Total pot $0.10 | Rake $0\r
"""


TOURNAMENT = """PokerStars Hand #900: Tournament #42, $1+$0.10 USD Omaha Hi/Lo Pot Limit - Level I (10/20) - 2020/01/01 10:00:00 ET
Table '42 1' 9-max Seat #2 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Bob: posts small blind 10
Ann: posts big blind 20
*** HOLE CARDS ***
Bob: raises 40 to 60
Ann: raises 120 to 180
Bob: calls 120
*** FLOP *** [2c 7d Kc]
Ann: bets 360
Bob: raises 960 to 1320 and is all-in
Ann: calls 960 and is all-in
*** TURN *** [2c 7d Kc] [9h]
*** RIVER *** [2c 7d Kc 9h] [4s]
*** SHOW DOWN ***
Ann: shows [As 2d 3h Kh] (HI: a pair of Kings; LO: 7,4,3,2,A)
Bob: shows [Ks Kd Qh Qc] (HI: three of a kind, Kings)
Bob collected 1500 from pot
Ann collected 1500 from pot
*** SUMMARY ***
Total pot 3000 | Rake 0
Board [2c 7d Kc 9h 4s]
Seat 1: Ann (big blind) showed [As 2d 3h Kh] and won (1500) with HI: a pair of Kings; LO: 7,4,3,2,A
Seat 2: Bob (button) (small blind) showed [Ks Kd Qh Qc] and won (1500) with HI: three of a kind, Kings
"""  # noqa: E501 (the header line as PokerStars prints it)


DEAD_BLIND = """PokerStars Hand #555:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2020/01/01 10:00:00 ET
Table 'Test' 6-max Seat #4 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Dee ($10 in chips)
Seat 4: Cy ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
Dee: posts small & big blinds $0.15
*** HOLE CARDS ***
Dee: checks
Cy: raises $0.30 to $0.40
Ann: folds
Bob: folds
Dee: folds
Uncalled bet ($0.30) returned to Cy
Cy collected $0.40 from pot
*** SUMMARY ***
Total pot $0.40 | Rake $0
"""


def side_pot_hand():
    """Three seats, no limit 5/10 cents: seat 2 raises to 30, seat 0 moves in for 5.00, seat 1
    calls all-in for 3.00, seat 2 calls all-in for 40 cents: a main pot and two side pots."""
    hand = Hand(
        [500, 300, 40], limit="no", blinds=(5, 10), holes=["As2d3hKh", "KsKdQhQc", "7c6c5d4d"], board="2c7dKc9h4s"
    )
    hand.raise_to(30)
    hand.all_in()
    hand.call()
    hand.call()
    assert hand.street == "over"
    return hand


def finished(hand: Hand, rng: random.Random) -> Hand:
    while hand.actor is not None:
        random_action(hand, rng)
    return hand


def varied_hand(rng: random.Random) -> Hand:
    """Hands of every kind the engine plays: any cap, six-card hands, antes, extra blinds."""
    seats = rng.randrange(2, 8)
    big = rng.choice([2, 4, 10])
    posts = None
    if seats > 3 and rng.random() < 0.4:
        posts = {rng.randrange(2, seats): (rng.choice([0, big]), rng.choice([0, big // 2]))}
    return Hand(
        [rng.choice([3, big * 5, big * 40, rng.randrange(1, big * 100)]) for _ in range(seats)],
        limit=rng.choice(["fixed", "fixed", "pot", "no"]),
        blinds=(rng.choice([0, big // 2]), big),
        ante=rng.choice([0, 0, 1]),
        max_raises=rng.choice([None, 0, 1, 2, 3, 4, 7]),
        hole_size=rng.choice([4, 5, 6]) if seats <= 6 else 4,
        seed=rng.randrange(2**32),
        posts=posts,
    )


def mangled(text: str, rng: random.Random, signs: str = "$") -> str:
    """A hand's text with one to three lines dropped, repeated, cut, swapped or with a character
    changed (to a digit, a currency sign, punctuation or a card's letter): the fuzz every history
    reader's test runs."""
    lines = text.split("\n")
    for _ in range(rng.randrange(1, 4)):
        k = rng.randrange(len(lines))
        change = rng.randrange(5)
        if change == 0:
            del lines[k]
        elif change == 1:
            lines.insert(k, rng.choice(lines))
        elif change == 2:
            lines[k] = lines[k][: rng.randrange(len(lines[k]) + 1)]
        elif change == 3 and lines[k]:
            at = rng.randrange(len(lines[k]))
            lines[k] = lines[k][:at] + rng.choice("0123456789" + signs + ".,: []()AKQJTshdcx-") + lines[k][at + 1 :]
        else:
            lines[k], lines[-1 - k] = lines[-1 - k], lines[k]
        if not lines:
            lines = [""]
    return "\n".join(lines)
