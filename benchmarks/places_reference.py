"""The Python a careful user would write instead of placeshell's likely-places query: one scipy
cKDTree per size class of place (unit-sphere ECEF points, so distances are chords and nothing
breaks at the poles or the 180th meridian), each searched with the cutoff of its own largest
place (the classes placeshell's grid uses: radius up to 30, 60, 120, 250, 500 m, 1, 2, 4 km,
larger), numpy Gaussian scoring with the same formula as placeshell (see `help likelihood`), and
the top 20.

    python3 places_reference.py DIR

DIR holds what `PlaceBench query N Q SEED DIR DATASET` wrote: places.f64 (lat, lng, radius,
prior per place), queries.f64 (lat, lng per query) and expected.txt (placeshell's top 20 rows
for the first 100 queries at each accuracy), which the results are checked against. Prints
`key value` lines: index_build_ms, query_us_5m, query_us_100m, agree_5m, agree_100m.
"""
import sys
import time

import numpy as np
from scipy.spatial import cKDTree

R = 6371008.8
BASELINE, SPREADS, FLOOR, LIMIT, ELSEWHERE = 40.0, 3.0, 200.0, 20, 0.25
# Upper radius bound of each size class, metres (PlaceGrid.classLimits).
CLASS_LIMITS = [30.0, 60.0, 120.0, 250.0, 500.0, 1000.0, 2000.0, 4000.0, np.inf]


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
    cls = np.searchsorted(np.array(CLASS_LIMITS), radius, side="left")
    classes = []  # (rows of the class, its tree, its largest radius)
    for c in range(len(CLASS_LIMITS)):
        rows = np.flatnonzero(cls == c)
        if rows.size:
            classes.append((rows, cKDTree(xyz[rows]), radius[rows].max()))
    print("index_build_ms", (time.perf_counter() - t) * 1000)
    plat, plng = np.radians(lat), np.radians(lng)

    def rank(q, accuracy, chords):
        x = unit_xyz(q[:1], q[1:])[0]
        found = [rows[np.asarray(tree.query_ball_point(x, chord), dtype=np.intp)]
                 for (rows, tree, _), chord in zip(classes, chords)]
        idx = np.concatenate(found) if found else np.zeros(0, dtype=np.intp)
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
        chords = []
        for _, _, rmax in classes:
            cutoff = max(SPREADS * np.sqrt(accuracy**2 + rmax**2 + BASELINE**2), FLOOR)
            chords.append(2 * np.sin(min(cutoff / (2 * R), np.pi / 2)) * (1 + 1e-9))
        for q in queries[:50]:  # warm-up, as PlaceBench does
            rank(q, accuracy, chords)
        t = time.perf_counter()
        for q in queries:
            rank(q, accuracy, chords)
        per = (time.perf_counter() - t) / len(queries)
        agree = sum(
            " ".join(map(str, rank(q, accuracy, chords)[0])) == expected[k * 100 + i]
            for i, q in enumerate(queries[:100])
        )
        print(f"query_us_{int(accuracy)}m", per * 1e6)
        print(f"agree_{int(accuracy)}m", agree)


main()
