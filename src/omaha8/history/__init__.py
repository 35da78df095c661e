"""Hand histories: one record for every format, replayed through ``Hand`` and checked.

Histories of every site in ``formats.FORMATS`` (``read``, ``read_all``: the site told from the
text; ``write`` writes PokerStars') and PHH (``from_phh``, ``parse_phh``, ``to_phh``) all read
into the same ``History`` record, and ``History.replay`` plays any of them through
``omaha8.Hand``, checks every action against the rules and every payout against omaha8's, and
values the all-ins. See ``record``, ``formats``, ``pokerstars`` and ``phh``; ``reading`` holds
what every site's reader shares (amounts, cards, the section-by-section parse, the checks that a
hand read adds up) and ``xmldoc`` the XML sites' parsing with limits.
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
