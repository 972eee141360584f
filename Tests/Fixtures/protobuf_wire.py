"""The protocol buffers wire format and OSM PBF's blob framing, for the scripts that write PBF
test files byte by byte (Tests/Fixtures/make-osm-twins.py, fuzz/seeds/findings/make-findings.py).
Standard library only."""
import struct
import zlib


def varint(n):
    """An unsigned varint; a negative n is written as its 64-bit two's complement."""
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if not n:
            out.append(b)
            return bytes(out)
        out.append(b | 0x80)


def zigzag(n):
    return (n << 1) ^ (n >> 63)


def key(field, wire):
    return varint(field << 3 | wire)


def f_varint(field, n):
    return key(field, 0) + varint(n)


def f_bytes(field, data):
    return key(field, 2) + varint(len(data)) + data


def f_packed(field, values, encode=varint):
    return f_bytes(field, b"".join(encode(v) for v in values))


def frame(kind, data, compress):
    """One BlobHeader/Blob pair of an OSM PBF file: the blob zlib-compressed or raw."""
    blob = f_varint(2, len(data)) + f_bytes(3, zlib.compress(data, 9)) if compress else f_bytes(1, data)
    header = f_bytes(1, kind.encode()) + f_varint(3, len(blob))
    return struct.pack(">I", len(header)) + header + blob
