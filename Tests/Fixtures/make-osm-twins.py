#!/usr/bin/env python3
"""Writes the OSM PBF and GeoJSON twins of examples/data/cockle-bay.osm into Tests/Fixtures/osm.

The twins hold the same OpenStreetMap elements as the XML, so the importers can be checked
against each other on a file the repository ships. The PBF is laid out to exercise the reader:
an OSMHeader with a bounding box, then one zlib-compressed block of dense nodes (granularity
100, offsets 0) and one raw (uncompressed) block holding the ways and relations. The GeoJSON is
shaped like an osmium export: Point features with every tag, `osm_type` and `osm_id`; a way is
placed at the mean of its outline's nodes.

Standard library only. Run from the repository root after changing the XML:
    python3 Tests/Fixtures/make-osm-twins.py
"""
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from protobuf_wire import f_bytes, f_packed, f_varint, frame, key, varint, zigzag  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "examples/data/cockle-bay.osm"
OUT = ROOT / "Tests/Fixtures/osm"


# --- protobuf wire format: protobuf_wire.py ------------------------------------------------


def deltas(values):
    out, last = [], 0
    for v in values:
        out.append(v - last)
        last = v
    return out


def sint(n):
    return varint(zigzag(n))


# --- reading the XML ------------------------------------------------------------------------

root = ET.parse(SOURCE).getroot()
nodes = []
ways = []
relations = []
for e in root:
    tags = [(t.get("k"), t.get("v")) for t in e.findall("tag")]
    if e.tag == "node":
        nodes.append((int(e.get("id")), e.get("lat"), e.get("lon"), tags))
    elif e.tag == "way":
        ways.append((int(e.get("id")), [int(n.get("ref")) for n in e.findall("nd")], tags))
    elif e.tag == "relation":
        members = [(m.get("type"), int(m.get("ref")), m.get("role")) for m in e.findall("member")]
        relations.append((int(e.get("id")), members, tags))


def nano(text):
    """Degrees as written in the file → units of 100 nanodegrees (granularity 100), exactly."""
    whole, _, frac = text.lstrip("-").partition(".")
    frac = (frac + "0000000")[:7]
    value = int(whole) * 10_000_000 + int(frac)
    return -value if text.startswith("-") else value


class Strings:
    def __init__(self):
        self.table = [b""]
        self.index = {}

    def __call__(self, s):
        if s not in self.index:
            self.index[s] = len(self.table)
            self.table.append(s.encode())
        return self.index[s]

    def encoded(self):
        return f_bytes(1, b"".join(f_bytes(1, s) for s in self.table))


def dense_block():
    strings = Strings()
    keys_vals = []
    for _, _, _, tags in nodes:
        for k, v in tags:
            keys_vals += [strings(k), strings(v)]
        keys_vals.append(0)
    dense = (
        f_packed(1, deltas([n[0] for n in nodes]), sint)
        + f_packed(8, deltas([nano(n[1]) for n in nodes]), sint)
        + f_packed(9, deltas([nano(n[2]) for n in nodes]), sint)
        + f_packed(10, keys_vals)
    )
    return strings.encoded() + f_bytes(2, f_bytes(2, dense))


def way_relation_block():
    strings = Strings()
    group = b""
    for wid, refs, tags in ways:
        group += f_bytes(
            3,
            f_varint(1, wid)
            + f_packed(2, [strings(k) for k, _ in tags])
            + f_packed(3, [strings(v) for _, v in tags])
            + f_packed(8, deltas(refs), sint),
        )
    types = {"node": 0, "way": 1, "relation": 2}
    for rid, members, tags in relations:
        group += f_bytes(
            4,
            f_varint(1, rid)
            + f_packed(2, [strings(k) for k, _ in tags])
            + f_packed(3, [strings(v) for _, v in tags])
            + f_packed(8, [strings(role) for _, _, role in members])
            + f_packed(9, deltas([ref for _, ref, _ in members]), sint)
            + f_packed(10, [types[t] for t, _, _ in members]),
        )
    return strings.encoded() + f_bytes(2, group)


def header_block():
    lats = [nano(n[1]) * 100 for n in nodes if n[0] > 0]
    lons = [nano(n[2]) * 100 for n in nodes if n[0] > 0]
    bbox = (
        key(1, 0) + sint(min(lons)) + key(2, 0) + sint(max(lons))
        + key(3, 0) + sint(max(lats)) + key(4, 0) + sint(min(lats))
    )
    return (
        f_bytes(1, bbox)
        + f_bytes(4, b"OsmSchema-V0.6")
        + f_bytes(4, b"DenseNodes")
        + f_bytes(16, b"placeshell Tests/Fixtures/make-osm-twins.py")
    )


pbf = (
    frame("OSMHeader", header_block(), compress=True)
    + frame("OSMData", dense_block(), compress=True)
    + frame("OSMData", way_relation_block(), compress=False)
)
(OUT / "cockle-bay.osm.pbf").write_bytes(pbf)

# --- GeoJSON ----------------------------------------------------------------------------------

position = {n[0]: (float(n[2]), float(n[1])) for n in nodes}
features = []


def feature(kind, ident, lon, lat, tags):
    properties = dict(tags)
    properties["osm_type"] = kind
    properties["osm_id"] = ident
    features.append({
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [round(lon, 7), round(lat, 7)]},
        "properties": properties,
    })


POI_KEYS = ("amenity", "shop", "tourism", "leisure", "office", "craft", "historic")
for ident, lat, lon, tags in nodes:
    if any(k == "name" for k, _ in tags) and any(k in POI_KEYS for k, _ in tags):
        feature("node", ident, float(lon), float(lat), tags)
for ident, refs, tags in ways:
    if any(k == "name" for k, _ in tags) and any(k in POI_KEYS for k, _ in tags):
        outline = [position[r] for r in refs if r in position]
        if outline[0] == outline[-1] and len(outline) > 1:
            outline = outline[:-1]
        lon = sum(p[0] for p in outline) / len(outline)
        lat = sum(p[1] for p in outline) / len(outline)
        feature("way", ident, lon, lat, tags)

geojson = {"type": "FeatureCollection", "features": features}
(OUT / "cockle-bay-pois.geojson").write_text(json.dumps(geojson, ensure_ascii=False, indent=1) + "\n")
print(f"{len(pbf)} bytes of PBF, {len(features)} GeoJSON features")
