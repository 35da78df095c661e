"""history.reading: what every site's text reader shares; here the amounts as the sites print
them. The readers' tests (test_pokerstars) read whole hands through the rest of it."""

from __future__ import annotations

import pytest

from omaha8.history import HistoryError, reading


def test_amounts_as_the_sites_print_them():
    assert reading.money("$1,234.50", 100, "1", "") == 123450
    assert reading.money("€0.05", 100, "1", "") == 5
    assert reading.money("1,500", 1, "1", "") == 1500
    assert reading.money("1500.00", 1, "1", "") == 1500
    assert reading.money(str(2**62), 1, "1", "") == 2**62
    with pytest.raises(HistoryError, match="finer than"):
        reading.money("$0.005", 100, "1", "")
