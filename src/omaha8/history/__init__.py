"""Hand histories: one record for every format, replayed through ``Hand`` and checked.

Text histories of PokerStars and Winamax (``read``, ``read_all``: the site told from the text;
``write`` writes PokerStars') and PHH (``from_phh``, ``parse_phh``,
``to_phh``) both read into the same ``History`` record, and ``History.replay`` plays any of
them through ``omaha8.Hand``, checks every action against the rules and every payout against
omaha8's, and values the all-ins. See ``record``, ``pokerstars`` and ``phh``; ``reading`` holds
what every site's text reader shares (amounts, cards, the section-by-section parse, the checks
that a hand read adds up).
"""

from __future__ import annotations

from ..exceptions import HistoryError
from .formats import FORMATS, read, read_all
from .phh import from_phh, parse_phh, to_phh
from .pokerstars import parse_hand, write
from .record import AllInEquity, History, Player, ReadResult, Replay, Step, decode

__all__ = [
    "History",
    "HistoryError",
    "Replay",
    "AllInEquity",
    "ReadResult",
    "Player",
    "Step",
    "read",
    "read_all",
    "FORMATS",
    "parse_hand",
    "write",
    "to_phh",
    "from_phh",
    "parse_phh",
    "decode",
]
