"""Issue 34's turn speed spot solved once, as the README shows it: the exploitability as it
fell, the memory, OOP's first action, and what each player does after check-check on two river
cards (one that brings the low, one that does not).

    python bench/turn_spot.py [--out FILE] [--threads N]

Ks7d2h9c, both ranges Range("20%") (the preflop table's top 20%, board hands removed), pot 100,
stack 400, pot limit, bets 50% and 100% on both streets, raises 100%, two a street, to 0.5% of
the pot. The timed run with pytest-benchmark is bench/test_bench_solver.py.
"""

import argparse
import resource
import time

import omaha8


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="save the solution here")
    parser.add_argument("--threads", type=int)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--compression", action="store_true", help="16-bit regrets and sums")
    args = parser.parse_args()
    top = omaha8.Range("20%")
    started = time.perf_counter()
    estimate = omaha8.solve_estimate("Ks7d2h9c", top, top, 100, 400, compression=args.compression)
    print(
        f"estimate: engine {estimate.bytes / 1e9:.2f} GB, peak {estimate.peak / 1e9:.2f} GB, "
        f"{estimate.elements:,} elements, {estimate.decisions:,} decisions"
    )

    def progress(iteration: int, exploitability: float) -> None:
        print(
            f"  {time.perf_counter() - started:7.1f} s  iteration {iteration:4}  {100 * exploitability:.3f}%",
            flush=True,
        )

    solution = omaha8.solve(
        "Ks7d2h9c",
        top,
        top,
        100,
        400,
        bets=(0.5, 1.0),
        raises=(1.0,),
        max_raises=2,
        iterations=args.iterations,
        exploitability=0.005,
        threads=args.threads,
        compression=args.compression,
        progress=progress,
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(
        f"solved: {solution.seconds:.1f} s, {solution.iterations} iterations, exploitability "
        f"{100 * solution.exploitability:.3f}%, engine {solution.memory / 1e9:.2f} GB, peak {peak / 1e9:.2f} GB"
    )
    print(f"OOP's value {solution.value:.2f} of the pot 100")

    def show(path: tuple) -> None:
        words = ", ".join(f"{a} {100 * f:.1f}%" for a, f in solution.frequencies(path).items())
        print(f"  {' '.join(path) or '(root)'}: {words}")

    show(())
    show(("check",))
    for river in ("3d", "Qd"):
        show(("check", "check", river))
        show(("check", "check", river, "check"))
    if args.out:
        solution.save(args.out)


if __name__ == "__main__":
    main()
