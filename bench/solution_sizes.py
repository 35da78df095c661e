"""The bytes of saved and viewed solutions for the two speed spots, as the README gives them: the
river speed spot (bench/test_bench_solver.py, by solve_river and by solve) and issue 34's turn
speed spot (bench/turn_spot.py), each saved whole, without its rivers (the turn), with its
regrets and sums to resume from, and written as the viewer's page.

    python bench/solution_sizes.py [--turn-iterations N] [--threads N] [--folder DIR]

A file's size does not depend on the iterations run (the turn's default 10 keeps the run to
minutes; the time to write each file and page is printed beside it).
"""

import argparse
import os
import tempfile
import time
from pathlib import Path

import omaha8

SIZES = dict(bets=(0.5, 1.0), raises=(1.0,), max_raises=2)


def _row(what: str, path: Path, seconds: float) -> None:
    print(f"  {what:<34} {os.path.getsize(path) / 1e6:10.2f} MB  {seconds:6.1f} s", flush=True)


def _timed(what: str, path: Path, write) -> None:
    started = time.perf_counter()
    write(path)
    _row(what, path, time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turn-iterations", type=int, default=10)
    parser.add_argument("--threads", type=int)
    parser.add_argument("--folder", help="keep the files here (default: a temporary folder)")
    args = parser.parse_args()
    top = omaha8.Range("20%")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.folder or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        river = omaha8.solve_river("Ks7d2h9c4s", top, top, 100, 400, threads=args.threads, **SIZES)
        print(
            f"river speed spot, solve_river: {len(river.hands('oop')):,} hands a side, "
            f"{river.iterations} iterations, {time.perf_counter() - started:.1f} s"
        )
        _timed("RiverSolution.save", folder / "river.omaha8", river.save)
        _timed("RiverSolution.to_html", folder / "river.html", river.to_html)
        started = time.perf_counter()
        street = omaha8.solve("Ks7d2h9c4s", top, top, 100, 400, threads=args.threads, resumable=True, **SIZES)
        print(f"river speed spot, solve: {street.iterations} iterations, {time.perf_counter() - started:.1f} s")
        _timed("Solution.save", folder / "street-river.omaha8", street.save)
        _timed(
            "Solution.save(resume=True)",
            folder / "street-river-state.omaha8",
            lambda path: street.save(path, resume=True),
        )
        _timed("Solution.to_html", folder / "street-river.html", street.to_html)
        river = street = None  # their memory back before the turn
        started = time.perf_counter()
        turn = omaha8.solve(
            "Ks7d2h9c",
            top,
            top,
            100,
            400,
            threads=args.threads,
            resumable=True,
            iterations=args.turn_iterations,
            exploitability=0.0,
            **SIZES,
        )
        print(
            f"turn speed spot: {len(turn.hands('oop')):,} hands a side, {turn.iterations} iterations, "
            f"{time.perf_counter() - started:.1f} s, exploitability {100 * turn.exploitability:.3f}%"
        )
        _timed("Solution.save", folder / "turn.omaha8", turn.save)
        _timed(
            "Solution.save(rivers=False)", folder / "turn-no-rivers.omaha8", lambda path: turn.save(path, rivers=False)
        )
        _timed("Solution.save(resume=True)", folder / "turn-state.omaha8", lambda path: turn.save(path, resume=True))
        _timed("Solution.to_html (the turn's betting)", folder / "turn.html", turn.to_html)
        started = time.perf_counter()
        loaded = omaha8.Solution.load(folder / "turn-no-rivers.omaha8")
        print(f"  Solution.load(rivers=False file)   {time.perf_counter() - started:17.1f} s")
        _timed("its to_html", folder / "turn-no-rivers.html", loaded.to_html)


if __name__ == "__main__":
    main()
