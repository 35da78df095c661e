"""Run bench/ and print rates and ratios against the peers, all from one run.

    python bench/run.py [pytest options, e.g. -k equity]

Each rate is hands, runouts or samples per second of a benchmark's fastest round (the one least
disturbed by a shared machine). Each row is compared with its group's peer: phevaluator's
per-call rate for evaluation, pokerkit for the pure fallback and the betting engine,
poker-equity for equity, and for preflop tables the same deals asked of omaha8.equity in a
loop on one thread.
"""

import json
import os
import platform
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PHEVALUATOR = "test_phevaluator_high_only"
POKERKIT = "test_pokerkit_high_and_low"
# The peer each benchmark is compared with; the rest are compared with phevaluator.
PEER_OF = {
    "test_omaha8_pure": POKERKIT,
    POKERKIT: POKERKIT,
    "test_omaha8_equity_exact": "test_poker_equity_exact",
    "test_omaha8_equity_exact_one_thread": "test_poker_equity_exact",
    "test_poker_equity_exact": "test_poker_equity_exact",
    "test_omaha8_equity_sampled": "test_poker_equity_sampled",
    "test_poker_equity_sampled": "test_poker_equity_sampled",
    "test_omaha8_range_exact": "test_poker_equity_range_exact",
    "test_poker_equity_range_exact": "test_poker_equity_range_exact",
    "test_omaha8_range_sampled": "test_poker_equity_range_sampled",
    "test_poker_equity_range_sampled": "test_poker_equity_range_sampled",
    "test_omaha8_hand_range_flop": "test_poker_equity_hand_range_flop",
    "test_poker_equity_hand_range_flop": "test_poker_equity_hand_range_flop",
    "test_omaha8_random_playouts": "test_pokerkit_random_playouts",
    "test_omaha8_random_playouts_plain_python": "test_pokerkit_random_playouts",
    "test_pokerkit_random_playouts": "test_pokerkit_random_playouts",
}
# Preflop tables are compared with the same deals asked of omaha8.equity in a loop, one thread.
EQUITY_LOOP = "test_omaha8_equity_loop_one_thread"
PEER_OF.update(
    dict.fromkeys(
        (
            EQUITY_LOOP,
            "test_omaha8_equity_loop_all_cores",
            "test_omaha8_table_one_thread",
            "test_omaha8_table_all_cores",
            "test_omaha8_table_processes",
            "test_omaha8_table_dask_two_workers",
        ),
        EQUITY_LOOP,
    )
)
# Showdown values are compared with omaha8.equity asked hand by hand; the sweep's range equity
# with the range walk it replaced.
SHOWDOWN_LOOP = "test_omaha8_equity_loop_against_every_hand"
PEER_OF.update(
    dict.fromkeys(
        (
            SHOWDOWN_LOOP,
            "test_omaha8_showdown_sweep_alone",
            "test_omaha8_showdown_values_small_ranges",
            *(
                f"test_omaha8_showdown_values[{case}]"
                for case in ("one_thread", "all_cores", "turn_one_thread", "turn_all_cores", "flop_all_cores")
            ),
        ),
        SHOWDOWN_LOOP,
    )
)
PEER_OF.update(
    dict.fromkeys(("test_omaha8_range_equity_sweep", "test_omaha8_range_equity_walk"), "test_omaha8_range_equity_walk")
)
# The indexer has no peer installed here (Waugh's C library: about 11 million a second, the
# issue's figure): its rows are compared with its own batch. Hand strength is compared with the
# showdown-values sweep of the same turn, one thread.
INDEX_BATCH = "test_omaha8_index_batch"
PEER_OF.update(
    dict.fromkeys(
        (
            INDEX_BATCH,
            "test_omaha8_unindex_batch",
            "test_omaha8_unindex_one_call_each",
            "test_omaha8_index_one_call_each",
        ),
        INDEX_BATCH,
    )
)
TURN_SWEEP = "test_omaha8_showdown_values[turn_one_thread]"
PEER_OF.update(
    dict.fromkeys(
        (
            "test_omaha8_hand_strength_turn[one_thread]",
            "test_omaha8_hand_strength_turn[all_cores]",
            "test_omaha8_hand_strength_flop",
        ),
        TURN_SWEEP,
    )
)
# The solver has no peer (no open-source Omaha Hi-Lo range solver): its rows are compared with
# the speed spot.
SPEED_SPOT = "test_omaha8_solve_speed_spot"
PEER_OF.update(dict.fromkeys((SPEED_SPOT, "test_omaha8_solve_full_ranges_one_bet_size"), SPEED_SPOT))
# The OpenSpiel game is compared with OpenSpiel's own pokerkit wrapper (Omaha high only); the
# PettingZoo environment has no installed peer and is compared with itself.
POKERKIT_WRAPPER = "test_pokerkit_wrapper_random_playouts"
PEER_OF.update(
    dict.fromkeys(
        (
            POKERKIT_WRAPPER,
            "test_omaha8_openspiel_random_playouts",
            "test_omaha8_openspiel_random_playouts_six_seats",
        ),
        POKERKIT_WRAPPER,
    )
)
PEER_OF["test_omaha8_pettingzoo_random_steps"] = "test_omaha8_pettingzoo_random_steps"
# Outs are compared with the loop of omaha8.equity they replace; the per-call rows with themselves.
EQUITY_PER_RIVER = "test_omaha8_outs_turn_by_equity_loop"
PEER_OF.update(dict.fromkeys((EQUITY_PER_RIVER, "test_omaha8_outs_turn"), EQUITY_PER_RIVER))
PEER_OF.update(
    dict.fromkeys(
        (
            "test_omaha8_nuts_river",
            "test_omaha8_nut_rank_river",
            "test_omaha8_nuts_river_with_holdings",
        ),
        "test_omaha8_nuts_river_with_holdings",
    )
)
PEER_NAMES = {
    EQUITY_PER_RIVER: "the equity() loop, river by river",
    "test_omaha8_nuts_river_with_holdings": "nuts with every holding counted",
    POKERKIT_WRAPPER: "OpenSpiel's pokerkit wrapper",
    "test_omaha8_pettingzoo_random_steps": "itself",
    SPEED_SPOT: "the speed spot",
    INDEX_BATCH: "omaha8's index_batch",
    TURN_SWEEP: "showdown_values on the turn, one thread",
    PHEVALUATOR: "phevaluator",
    SHOWDOWN_LOOP: "the equity() loop, hand by hand",
    "test_omaha8_range_equity_walk": "the range walk",
    POKERKIT: "pokerkit",
    "test_poker_equity_exact": "poker-equity",
    "test_poker_equity_sampled": "poker-equity",
    "test_pokerkit_random_playouts": "pokerkit",
    "test_poker_equity_range_exact": "poker-equity",
    "test_poker_equity_range_sampled": "poker-equity",
    "test_poker_equity_hand_range_flop": "poker-equity",
    EQUITY_LOOP: "the equity() loop",
}


def rate(bench):
    return bench["extra_info"]["count"] / bench["stats"]["min"]


def main(argv):
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "bench.json")
        command = [
            sys.executable,
            "-m",
            "pytest",
            HERE,
            "-q",
            "-p",
            "no:cacheprovider",
            f"--benchmark-json={report}",
            "--benchmark-columns=min,median,rounds",
            *argv,
        ]
        status = subprocess.call(command, cwd=HERE)
        if status != 0 or not os.path.exists(report):
            return status or 1
        with open(report) as handle:
            results = json.load(handle)
    benches = {b["name"]: b for b in results["benchmarks"]}
    info = results["machine_info"]
    print()
    print(
        f"machine: {info.get('cpu', {}).get('brand_raw', platform.processor())}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"
    )
    print()
    print("| group | benchmark | per second | ratio |")
    print("| --- | --- | ---: | ---: |")
    for bench in sorted(results["benchmarks"], key=lambda b: (b["group"], -rate(b))):
        peer = PEER_OF.get(bench["name"], PHEVALUATOR)
        ratio = f"{rate(bench) / rate(benches[peer]):.1f}x {PEER_NAMES[peer]}" if peer in benches else "n/a"
        print(
            f"| {bench['group']} | {bench['name'].removeprefix('test_')} | "
            f"{rate(bench):,.0f} {bench['extra_info']['unit']} | {ratio} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
