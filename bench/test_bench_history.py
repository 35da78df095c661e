"""Hand-history reading speed, per format: the real Omaha Hi/Lo hands of tests/data (fpdb's
regression files), each site's hands pasted into one text of about 2,000 hands and read whole
by ``history.read_all`` (the site told from the text). The goal of issue 36: no format slower
than a third of PokerStars' rate. ``extra_info`` holds each format's hands a second."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha8 import history

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
FOLDERS = {f.name: DATA / f.name for f in history.FORMATS}  # each format's real files
HANDS = 2000


def site_text(site: str) -> tuple[str, int]:
    """About HANDS of a site's real hands in one text, and how many of them read."""
    paths = sorted(p for p in FOLDERS[site].iterdir() if p.suffix in (".txt", ".xml"))
    texts = [history.decode(p.read_bytes()) for p in paths]
    one = "\n\n\n".join(texts)
    per_copy = len(history.read_all(one))
    copies = max(1, HANDS // per_copy)
    return "\n\n\n".join([one] * copies), per_copy * copies


@pytest.mark.parametrize("site", sorted(FOLDERS))
def test_read_hands(benchmark, site):
    benchmark.group = "history: hands read a second, per format"
    text, hands = site_text(site)
    result = benchmark(history.read_all, text)
    assert len(result) == hands
    benchmark.extra_info["hands"] = hands
    benchmark.extra_info["hands_per_second"] = round(hands / benchmark.stats.stats.mean)
