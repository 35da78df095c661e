"""Instruction counts of omaha8's paths under callgrind: what a noisy machine cannot time.

    python bench/instructions.py [PYTHON]

Runs each workload under ``valgrind --tool=callgrind`` twice, at size 0 and at full size, with
PYTHONHASHSEED=0, and prints the difference per unit: the cost of the work alone, without
Python's start or omaha8's import. PYTHON (default: this one) is the interpreter whose installed
omaha8 is measured, so two builds compare by running this once with each. Install both the
same way (``pip install .``): an editable install compiles its sources at every start.
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

WORKLOADS = {
    # name: (units, what one unit is, the code; N is the number of units)
    "evaluate": (
        20000,
        "call",
        """
import random, omaha8
rng = random.Random(1)
deals = [rng.sample(range(52), 9) for _ in range(20000)]   # dealt alike at any N
for cards in deals[:N]:
    omaha8.evaluate(cards[:4], cards[4:])
""",
    ),
    "pure evaluate": (
        3000,
        "hand",
        """
import random
from omaha8._engine import core_py
rng = random.Random(1)
deals = [rng.sample(range(52), 9) for _ in range(3000)]
core_py.evaluate([0, 1, 2, 3], [4, 5, 6, 7, 8])   # its tables are built on first use
for cards in deals[:N]:
    core_py.evaluate(cards[:4], cards[4:])
""",
    ),
    "sampled equity": (
        200000,
        "sample",
        """
import omaha8
if N:
    omaha8.equity(["AsAh2s3h", "random"], samples=N, seed=3, threads=1)
""",
    ),
    "playout": (
        1000,
        "hand",
        f"""
import sys
sys.path.insert(0, {HERE!r})
import omaha8
from test_bench_game import _stream, play_omaha8
stream = _stream()
for seed in range(N):
    play_omaha8(omaha8.Hand, stream, seed)
""",
    ),
    "preflop table": (
        262144,
        "deal of two classes",
        """
from concurrent.futures import ThreadPoolExecutor
from omaha8 import preflop_table
if N:
    with ThreadPoolExecutor(1) as pool:
        preflop_table(samples=N, seed=1, hands=["AsAh2s3h", "KsKdQhQc"], executor=pool)
""",
    ),
}


def instructions(python: str, code: str) -> int:
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(code)
    env = dict(os.environ, PYTHONHASHSEED="0")
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, script.name],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    os.unlink(script.name)
    if result.returncode:
        raise RuntimeError(f"the workload failed: {result.stderr[-2000:]}")
    for line in result.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    raise RuntimeError(f"callgrind failed: {result.stderr[-2000:]}")


def main() -> None:
    python = sys.argv[1] if len(sys.argv) > 1 else sys.executable
    for name, (units, unit, code) in WORKLOADS.items():
        empty = instructions(python, f"N = 0\n{code}")
        full = instructions(python, f"N = {units}\n{code}")
        print(f"{name}: {(full - empty) / units:,.1f} instructions a {unit} ({units:,} of them)")


if __name__ == "__main__":
    main()
