"""Bucket the hands of one flop by the distribution of their river equity: the features of
omaha8.hand_strength, clustered by scikit-learn's KMeans (an optional extra:
pip install scikit-learn numpy).

    python examples/cluster_flop.py [FLOP] [--buckets 50] [--bins 50]

Clustering the cumulative histograms with KMeans's squared distances stands in for earth
mover's distance, which on one dimension is the L1 distance between cumulative histograms
(Ganzfried and Sandholm cluster with EMD itself); it groups hands whose equity is spread
alike, not only hands of the same mean.
"""

from __future__ import annotations

import argparse
import time

import omaha8


def buckets(
    board: str, hands=None, opponents=None, clusters: int = 50, bins: int = 50, seed: int = 0, threads=None
) -> list[dict]:
    """One dict per bucket, weakest first: hands, mean EHS, EHS², low made, scoop, and examples."""
    import numpy
    from sklearn.cluster import KMeans

    strength = omaha8.hand_strength(board, hands, opponents, bins=bins, threads=threads)
    histograms = numpy.asarray(strength.histogram)
    cumulative = numpy.cumsum(histograms, axis=1)
    model = KMeans(n_clusters=clusters, n_init=3, random_state=seed).fit(cumulative)
    labels = model.labels_
    equity = numpy.asarray(strength.equity)
    squared = numpy.asarray(strength.equity_squared)
    low_made = numpy.asarray(strength.low_made)
    scoop = numpy.asarray(strength.scoop)
    rows = numpy.asarray(strength.hands)
    out = []
    for label in range(clusters):
        members = numpy.flatnonzero(labels == label)
        if not len(members):
            continue
        # The examples: the members nearest the bucket's centre.
        distance = ((cumulative[members] - model.cluster_centers_[label]) ** 2).sum(axis=1)
        nearest = members[numpy.argsort(distance)[:3]]
        out.append(
            {
                "hands": len(members),
                "ehs": float(equity[members].mean()),
                "ehs2": float(squared[members].mean()),
                "low_made": float(low_made[members].mean()),
                "scoop": float(scoop[members].mean()),
                "examples": ["".join(str(omaha8.Card(int(c))) for c in sorted(rows[i], reverse=True)) for i in nearest],
            }
        )
    out.sort(key=lambda bucket: bucket["ehs"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("flop", nargs="?", default="Ks7d2h")
    parser.add_argument("--buckets", type=int, default=50)
    parser.add_argument("--bins", type=int, default=50)
    args = parser.parse_args()
    started = time.perf_counter()
    rows = buckets(args.flop, clusters=args.buckets, bins=args.bins)
    print(
        f"{sum(r['hands'] for r in rows):,} hands on {args.flop} in {len(rows)} buckets "
        f"({time.perf_counter() - started:.0f} s), weakest first:"
    )
    print("bucket   hands    EHS   EHS²  low made  scoop  nearest the centre")
    for number, row in enumerate(rows):
        print(
            f"{number:>6} {row['hands']:>7,}  {row['ehs']:.3f}  {row['ehs2']:.3f}  {row['low_made']:7.1%} "
            f"{row['scoop']:6.1%}  {' '.join(row['examples'])}"
        )


if __name__ == "__main__":
    main()
