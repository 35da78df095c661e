"""The preflop table's CSV reader (omaha8.tablefile, behind ``PreflopTable.read_csv``): a table
file whose fields are edited out of their ranges (negative deals, samples or seeds, a field too
long, an equity that is NaN or negative, opponents that are no whole number) is refused with a
TableError naming the field."""

from __future__ import annotations

import re

import pytest

import omaha8
from omaha8 import preflop_table
from omaha8.tables import PreflopTable, TableError

PURE = omaha8.IMPLEMENTATION == "python"


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda text: text[: -len(",300\n")] + ",-300\n", "deals"),
        (lambda text: text.replace("# samples: 300", "# samples: -300"), "samples"),
        (lambda text: text.replace("# seed: 1", "# seed: 1" + "0" * 30), "seed"),
        (
            lambda text: text + "1," + "A" * 200_000 + ",1,0.5,0.3,0.2,0.1,0.5,0.01,50,300\n",
            "short fields|field larger",
        ),
        (lambda text: re.sub(r"\n1,(\w+),(\d+),[^,]+,", r"\n1,\1,\2,nan,", text), "equity"),
        (lambda text: re.sub(r"\n1,(\w+),(\d+),[^,]+,", r"\n1,\1,\2,-292.0,", text), "equity"),
        (lambda text: text.replace("# opponents: 1", "# opponents: 1.5"), "opponents"),
    ],
)
def test_read_csv_refuses_fields_out_of_range(tmp_path, change, words):
    path = tmp_path / "t.csv"
    preflop_table(samples=300, seed=1, hands=["AsAh2s3h"], allow_fallback=PURE).to_csv(path)
    path.write_text(change(path.read_text()))
    with pytest.raises(TableError, match=words):
        PreflopTable.read_csv(path)
