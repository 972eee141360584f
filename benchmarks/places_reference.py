"""The Python a user would write instead of placeshell's likely-places query: a scipy cKDTree
over the places (unit-sphere ECEF points, so distances are chords and nothing breaks at the
poles or the 180th meridian), a radius query with the largest cutoff any place can have, numpy
Gaussian scoring with the same formula as placeshell (see `help likelihood`), and the top 20.

    python3 places_reference.py DIR

DIR holds what `PlaceBench query N Q SEED DIR` wrote: places.f64 (lat, lng, radius, prior per
place), queries.f64 (lat, lng per query) and expected.txt (placeshell's top 20 rows for the
first 100 queries at each accuracy), which the results are checked against. Prints `key value`
lines: index_build_ms, query_us_5m, query_us_100m, agree_5m, agree_100m.
"""
import sys
import time

import numpy as np
from scipy.spatial import cKDTree

R = 6371008.8
BASELINE, SPREADS, FLOOR, LIMIT, ELSEWHERE = 40.0, 3.0, 200.0, 20, 0.25


def unit_xyz(lat, lng):
    p, l = np.radians(lat), np.radians(lng)
    return np.column_stack((np.cos(p) * np.cos(l), np.cos(p) * np.sin(l), np.sin(p)))


def main():
    d = sys.argv[1]
    places = np.fromfile(d + "/places.f64").reshape(-1, 4)
    queries = np.fromfile(d + "/queries.f64").reshape(-1, 2)
    expected = open(d + "/expected.txt").read().splitlines()
    lat, lng, radius, prior = places.T.copy()
    xyz = unit_xyz(lat, lng)
    t = time.perf_counter()
    tree = cKDTree(xyz)
    print("index_build_ms", (time.perf_counter() - t) * 1000)
    plat, plng = np.radians(lat), np.radians(lng)

    def rank(q, accuracy, chord):
        idx = np.asarray(tree.query_ball_point(unit_xyz(q[:1], q[1:])[0], chord), dtype=np.intp)
        if idx.size == 0:
            return idx, idx
        p1, l1 = np.radians(q[0]), np.radians(q[1])
        dp, dl = plat[idx] - p1, plng[idx] - l1
        h = np.sin(dp / 2) ** 2 + np.cos(p1) * np.cos(plat[idx]) * np.sin(dl / 2) ** 2
        dist = 2 * R * np.arcsin(np.minimum(1, np.sqrt(h)))
        s = np.sqrt(accuracy**2 + radius[idx] ** 2 + BASELINE**2)
        keep = dist <= np.maximum(SPREADS * s, FLOOR)
        idx, dist, s = idx[keep], dist[keep], s[keep]
        w = prior[idx] * np.exp(-(dist**2) / (2 * s**2))
        top = np.lexsort((idx, dist, -w))[:LIMIT]
        return idx[top], w[top] / (w[top].sum() + ELSEWHERE)

    for k, accuracy in enumerate((5.0, 100.0)):
        cutoff = max(SPREADS * np.sqrt(accuracy**2 + radius.max() ** 2 + BASELINE**2), FLOOR)
        chord = 2 * np.sin(cutoff / (2 * R)) * (1 + 1e-9)
        for q in queries[:50]:  # warm-up, as PlaceBench does
            rank(q, accuracy, chord)
        t = time.perf_counter()
        for q in queries:
            rank(q, accuracy, chord)
        per = (time.perf_counter() - t) / len(queries)
        agree = sum(
            " ".join(map(str, rank(q, accuracy, chord)[0])) == expected[k * 100 + i]
            for i, q in enumerate(queries[:100])
        )
        print(f"query_us_{int(accuracy)}m", per * 1e6)
        print(f"agree_{int(accuracy)}m", agree)


main()
