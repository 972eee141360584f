#!/usr/bin/env python3
"""Writes the fuzzing seeds in fuzz/seeds/findings: small files that crashed placeshell once.

fuzz/run puts them in the FuzzImporters corpus (the .osm.pbf files with selector 4, the .json
sessions with selector 5), so a fixed bug that comes back is found at once; FUZZ_FINDINGS=0
leaves them out (to measure how long the mutators take to find the bugs on their own).

  pbf-*.osm.pbf   a PrimitiveBlock whose lat_offset or lon_offset is near a 64-bit edge
                  (2^63-10, -2^63) with one dense node at 0,0: the nanodegree arithmetic of the
                  PBF reader overflowed.
  session-*.json  the saved session fuzz/seeds/session.json with one number set out of range
                  (1e19, 1e308, -1e308, 2147483648): Double to Int conversions in
                  SessionArchive, a last fix's timestamp (VirtualDate) and horizontal accuracy
                  (the map) trapped or hung.

Standard library only. Run from anywhere:  python3 fuzz/seeds/findings/make-findings.py
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "Tests/Fixtures"))
from protobuf_wire import f_bytes, f_varint, frame, varint  # noqa: E402

HERE = Path(__file__).resolve().parent
SESSION = HERE.parent / "session.json"


def pbf(lat_offset=0, lon_offset=0):
    header = f_bytes(4, b"OsmSchema-V0.6") + f_bytes(4, b"DenseNodes")
    # DenseNodes: id 1 (zigzag 2), lat 0, lon 0, no tags.
    dense = f_bytes(1, varint(2)) + f_bytes(8, varint(0)) + f_bytes(9, varint(0))
    block = f_bytes(1, f_bytes(1, b"")) + f_bytes(2, f_bytes(2, dense))
    block += f_varint(19, lat_offset) + f_varint(20, lon_offset)  # int64: two's complement
    return frame("OSMHeader", header, compress=False) + frame("OSMData", block, compress=False)


(HERE / "pbf-lat-offset-max.osm.pbf").write_bytes(pbf(lat_offset=2**63 - 10))
(HERE / "pbf-lat-offset-min.osm.pbf").write_bytes(pbf(lat_offset=-(2**63)))
(HERE / "pbf-lon-offset-min.osm.pbf").write_bytes(pbf(lon_offset=-(2**63)))


def session(edit, name):
    doc = json.loads(SESSION.read_text())
    edit(doc)
    (HERE / f"session-{name}.json").write_text(json.dumps(doc, separators=(",", ":")) + "\n")


def set_in(*path_and_value):
    *path, value = path_and_value

    def edit(doc):
        node = doc
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value

    return edit


session(set_in("app", "mapView", "selectedMarker", 1e19), "selected-marker-1e19")
session(set_in("app", "locationError", -1e308), "location-error-minus-1e308")
session(set_in("app", "lastPlacesResponse", "answered", 1e308), "answered-1e308")
session(set_in("app", "lastPlacesResponse", "failed", 1e19), "failed-1e19")
session(set_in("stats", "billing", 0, 1, 1e19), "billing-1e19")
session(set_in("app", "locationManager", "lastDelivered", "timestamp", 1e308), "fix-timestamp-1e308")
session(set_in("device", "position", "horizontalAccuracy", 1e308), "accuracy-1e308")
session(set_in("device", "position", "horizontalAccuracy", 2147483648), "accuracy-2147483648")
