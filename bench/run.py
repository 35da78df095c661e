"""Run bench/ and print hands per second and ratios against the peers, from one run.

    python bench/run.py [pytest options]

Rates use each benchmark's fastest round (the least disturbed by a shared machine). The
compiled rows are compared with phevaluator's per-call rate, the pure fallback with pokerkit's.
"""

import json
import os
import platform
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BASELINES = {"phevaluator": "test_phevaluator_high_only", "pokerkit": "test_pokerkit_high_and_low"}
COMPARED_WITH = {"test_omaha8_pure": "pokerkit", "test_pokerkit_high_and_low": "pokerkit"}


def rate(bench):
    return bench["extra_info"]["hands"] / bench["stats"]["min"]


def main(argv):
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "bench.json")
        command = [sys.executable, "-m", "pytest", HERE, "-q", "-p", "no:cacheprovider",
                   f"--benchmark-json={report}", "--benchmark-columns=min,median,rounds", *argv]
        status = subprocess.call(command, cwd=HERE)
        if status != 0 or not os.path.exists(report):
            return status or 1
        with open(report) as handle:
            results = json.load(handle)
    benches = {b["name"]: b for b in results["benchmarks"]}
    baselines = {peer: rate(benches[name]) for peer, name in BASELINES.items() if name in benches}
    info = results["machine_info"]
    print()
    print(f"machine: {info.get('cpu', {}).get('brand_raw', platform.processor())}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}")
    print()
    print("| group | benchmark | hands per second | ratio | against |")
    print("| --- | --- | ---: | ---: | --- |")
    for bench in sorted(results["benchmarks"], key=lambda b: (b["group"], -rate(b))):
        peer = COMPARED_WITH.get(bench["name"], "phevaluator")
        base = baselines.get(peer)
        ratio = f"{rate(bench) / base:.1f}x" if base else "n/a"
        print(f"| {bench['group']} | {bench['name'].removeprefix('test_')} | "
              f"{rate(bench):,.0f} | {ratio} | {peer} per call |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
