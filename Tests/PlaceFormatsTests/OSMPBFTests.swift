import CZlib
import Foundation
import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// zlib's one-shot compress(), for building zlib blobs.
func zlibCompress(_ data: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(data.count))))
    var length = uLongf(out.count)
    let status = out.withUnsafeMutableBufferPointer { dst in
        data.withUnsafeBufferPointer { src in
            compress(dst.baseAddress!, &length, src.baseAddress ?? UnsafePointer(dst.baseAddress!), uLong(src.count))
        }
    }
    precondition(status == Z_OK)
    return Array(out[..<Int(length)])
}

/// zlib's one-shot uncompress(), for turning the real file's blobs into raw ones.
func zlibUncompress(_ data: [UInt8], size: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: size)
    var length = uLongf(size)
    let status = out.withUnsafeMutableBufferPointer { dst in
        data.withUnsafeBufferPointer { src in uncompress(dst.baseAddress!, &length, src.baseAddress!, uLong(src.count))
        }
    }
    precondition(status == Z_OK && Int(length) == size)
    return out
}

/// A test-only PBF writer: blobs (raw, zlib, or tagged with an unsupported compression), a
/// HeaderBlock, and PrimitiveBlocks built element by element.
struct PBFFile {
    enum Compression { case raw, zlib, lzma }
    var bytes: [UInt8] = []
    /// Where each blob ends, so a test knows which prefixes are whole files.
    var boundaries: [Int] = []

    /// A file that starts with a HeaderBlock requiring `required`.
    init(required: [String] = ["OsmSchema-V0.6", "DenseNodes"], headerCompression: Compression = .zlib) {
        var h = ProtoWriter()
        h.stringField(16, "placeshell tests")
        for f in required { h.stringField(4, f) }
        h.stringField(5, "Sort.Type_then_ID")
        blob("OSMHeader", h.bytes, headerCompression)
    }

    /// An empty file (for blobs added by hand).
    init(empty: Void) {}

    /// The Blob message for `data`.
    static func blobMessage(_ data: [UInt8], _ compression: Compression) -> [UInt8] {
        var b = ProtoWriter()
        switch compression {
        case .raw:
            b.bytesField(1, data)
        case .zlib:
            b.varintField(2, UInt64(data.count))
            b.bytesField(3, zlibCompress(data))
        case .lzma:
            b.varintField(2, UInt64(data.count))
            b.bytesField(4, data)
        }
        return b.bytes
    }

    /// Appends a length, a BlobHeader and `blob` as given.
    mutating func frame(_ type: String, blob: [UInt8], datasize: Int? = nil) {
        var header = ProtoWriter()
        header.stringField(1, type)
        header.varintField(3, UInt64(datasize ?? blob.count))
        let n = header.bytes.count
        bytes += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        bytes += header.bytes + blob
        boundaries.append(bytes.count)
    }

    mutating func blob(_ type: String, _ data: [UInt8], _ compression: Compression = .zlib) {
        frame(type, blob: Self.blobMessage(data, compression))
    }

    mutating func block(_ b: PBFBlock, _ compression: Compression = .zlib) {
        blob("OSMData", b.encoded(), compression)
    }
}

/// A PrimitiveBlock under construction.
struct PBFBlock {
    var strings: [String] = [""]
    var groups: [[UInt8]] = []
    var granularity: Int64 = 100
    var latOffset: Int64 = 0
    var lonOffset: Int64 = 0

    /// The string table index of `s`, added if new.
    mutating func index(_ s: String) -> UInt64 {
        if let i = strings.firstIndex(of: s) { return UInt64(i) }
        strings.append(s)
        return UInt64(strings.count - 1)
    }

    func raw(_ degrees: Double, offset: Int64) -> Int64 {
        Int64(((degrees * 1e9 - Double(offset)) / Double(granularity)).rounded())
    }

    mutating func dense(
        _ nodes: [(id: Int64, lat: Double, lon: Double, tags: [(String, String)])], visible: [Bool]? = nil
    ) {
        var d = ProtoWriter()
        var (pid, plat, plon): (Int64, Int64, Int64) = (0, 0, 0)
        var ids: [UInt64] = []
        var lats: [UInt64] = []
        var lons: [UInt64] = []
        var kv: [UInt64] = []
        for n in nodes {
            let la = raw(n.lat, offset: latOffset)
            let lo = raw(n.lon, offset: lonOffset)
            ids.append(ProtoReader.zigzag(n.id - pid))
            lats.append(ProtoReader.zigzag(la - plat))
            lons.append(ProtoReader.zigzag(lo - plon))
            (pid, plat, plon) = (n.id, la, lo)
            for (k, v) in n.tags { kv += [index(k), index(v)] }
            kv.append(0)
        }
        d.packedField(1, ids)
        if let visible {
            var info = ProtoWriter()
            info.packedField(6, visible.map { $0 ? 1 : 0 })
            d.bytesField(5, info.bytes)
        }
        d.packedField(8, lats)
        d.packedField(9, lons)
        if kv.contains(where: { $0 != 0 }) { d.packedField(10, kv) }
        var g = ProtoWriter()
        g.bytesField(2, d.bytes)
        groups.append(g.bytes)
    }

    /// A node with raw coordinates (units of `granularity` from the offsets), plain or dense.
    mutating func rawNode(_ id: Int64, lat: Int64, lon: Int64, _ tags: [(String, String)], dense: Bool) {
        var n = ProtoWriter()
        var g = ProtoWriter()
        if dense {
            n.packedField(1, [ProtoReader.zigzag(id)])
            n.packedField(8, [ProtoReader.zigzag(lat)])
            n.packedField(9, [ProtoReader.zigzag(lon)])
            n.packedField(10, tags.flatMap { [index($0.0), index($0.1)] } + [0])
            g.bytesField(2, n.bytes)
        } else {
            n.sintField(1, id)
            n.packedField(2, tags.map { index($0.0) })
            n.packedField(3, tags.map { index($0.1) })
            n.sintField(8, lat)
            n.sintField(9, lon)
            g.bytesField(1, n.bytes)
        }
        groups.append(g.bytes)
    }

    mutating func info(_ w: inout ProtoWriter, visible: Bool?) {
        guard let visible else { return }
        var i = ProtoWriter()
        i.varintField(1, 1)
        i.varintField(6, visible ? 1 : 0)
        w.bytesField(4, i.bytes)
    }

    mutating func node(_ id: Int64, _ lat: Double, _ lon: Double, _ tags: [(String, String)] = [], visible: Bool? = nil)
    {
        var n = ProtoWriter()
        n.sintField(1, id)
        n.packedField(2, tags.map { index($0.0) })
        n.packedField(3, tags.map { index($0.1) })
        info(&n, visible: visible)
        n.sintField(8, raw(lat, offset: latOffset))
        n.sintField(9, raw(lon, offset: lonOffset))
        var g = ProtoWriter()
        g.bytesField(1, n.bytes)
        groups.append(g.bytes)
    }

    mutating func way(_ id: Int64, _ refs: [Int64], _ tags: [(String, String)] = [], visible: Bool? = nil) {
        var w = ProtoWriter()
        w.intField(1, id)
        w.packedField(2, tags.map { index($0.0) })
        w.packedField(3, tags.map { index($0.1) })
        info(&w, visible: visible)
        var prev: Int64 = 0
        w.packedField(
            8,
            refs.map { r in
                defer { prev = r }
                return ProtoReader.zigzag(r &- prev)
            })
        var g = ProtoWriter()
        g.bytesField(3, w.bytes)
        groups.append(g.bytes)
    }

    mutating func relation(
        _ id: Int64, _ members: [(type: UInt64, ref: Int64, role: String)], _ tags: [(String, String)]
    ) {
        var r = ProtoWriter()
        r.intField(1, id)
        r.packedField(2, tags.map { index($0.0) })
        r.packedField(3, tags.map { index($0.1) })
        r.packedField(8, members.map { index($0.role) })
        var prev: Int64 = 0
        r.packedField(
            9,
            members.map { m in
                defer { prev = m.ref }
                return ProtoReader.zigzag(m.ref &- prev)
            })
        r.packedField(10, members.map(\.type))
        var g = ProtoWriter()
        g.bytesField(4, r.bytes)
        groups.append(g.bytes)
    }

    func encoded() -> [UInt8] {
        var table = ProtoWriter()
        for s in strings { table.stringField(1, s) }
        var b = ProtoWriter()
        b.bytesField(1, table.bytes)
        for g in groups { b.bytesField(2, g) }
        if granularity != 100 { b.intField(17, granularity) }
        if latOffset != 0 { b.intField(19, latOffset) }
        if lonOffset != 0 { b.intField(20, lonOffset) }
        return b.bytes
    }
}

/// The OSM PBF importer: the real Sydney CBD extract (counts, known places, agreement with the
/// XML cut and the GeoJSON derived from it), every element kind and block feature on files built
/// by a test encoder, every error path, and cut and mangled files (errors, never a crash).
final class OSMPBFTests: XCTestCase {
    private func summary(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> ImportSummary? {
        switch OSMPBFImporter.parse(bytes) {
        case .success(let s): return s
        case .failure(let e):
            XCTFail("unexpected error: \(e.message)", file: file, line: line)
            return nil
        }
    }

    private func failure(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> ImportError? {
        switch OSMPBFImporter.parse(bytes) {
        case .success(let s):
            XCTFail("expected an error, got \(s.line)", file: file, line: line)
            return nil
        case .failure(let e): return e
        }
    }

    /// The real Sydney CBD extract's summary; skipped without ../shared/data, naming the test
    /// that covers the same on the repository's Cockle Bay extract.
    private func realSummary(smallerCase: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> ImportSummary
    {
        // Read outside XCTUnwrap, which would turn the skip into a failure.
        let bytes = try osmDataFile("sydney_cbd_2023.osm.pbf", smallerCase: smallerCase)
        return try XCTUnwrap(summary(bytes, file: file, line: line))
    }

    // MARK: - The real file

    func testRealSydneyCBDCounts() throws {
        let s = try realSummary(smallerCase: "testCockleBayPBFCounts")
        XCTAssertEqual(s.format, "OSM PBF")
        XCTAssertEqual(
            s.line,
            "loaded 1,239 places, skipped 2,433: 1,517 not a place (no POI tag), 914 without a name, 2 relations with missing members"
        )
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:node/") }.count, 1108)
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:way/") }.count, 125)
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:relation/") }.count, 6)
        XCTAssertEqual(Set(s.records.map(\.id)).count, 1239)
    }

    func testRealSydneyCBDSpotChecks() throws {
        let s = try realSummary(smallerCase: "testCockleBayPBFCounts")
        func r(_ id: String) throws -> PlaceRecord { try XCTUnwrap(s.records.first { $0.id == id }, id) }
        let opera = try r("osm:relation/9596872")
        XCTAssertEqual(opera.name, "Sydney Opera House")
        XCTAssertEqual(opera.latitude, -33.8571123, accuracy: 1e-9)
        XCTAssertEqual(opera.longitude, 151.2151244, accuracy: 1e-9)
        XCTAssertEqual(opera.address, "2 Macquarie Street, Sydney 2000")
        XCTAssertEqual(opera.radius, 71.1)
        let hyde = try r("osm:relation/2030042")
        XCTAssertEqual(hyde.name, "Hyde Park")
        XCTAssertEqual(hyde.types.first, "park")
        XCTAssertTrue((-33.878...(-33.869)).contains(hyde.latitude) && (151.209...151.214).contains(hyde.longitude))
        let wynyard = try r("osm:node/1886265379")
        XCTAssertEqual(wynyard.name, "Wynyard")
        XCTAssertEqual(wynyard.types.prefix(2), ["train_station", "transit_station"])
        let pub = try r("osm:node/18249982")
        XCTAssertEqual(pub.name, "Bristol Arms")
        XCTAssertEqual(pub.latitude, -33.8677913)
        XCTAssertEqual(pub.longitude, 151.2032395)
    }

    /// The XML file is cut from the PBF: each of its places is in the PBF, identical to the bit.
    func testXMLPlacesAppearIdenticallyInThePBF() throws {
        let pbf = try realSummary(smallerCase: "testCockleBayXMLAndPBFGiveTheSamePlaces")
        let bytes = try osmDataFile("darling_harbour_2023.osm", smallerCase: "testCockleBayXMLAndPBFGiveTheSamePlaces")
        guard case .success(let xml) = OSMXMLImporter.parse(bytes)
        else {
            return XCTFail("the XML file must load")
        }
        let byId = Dictionary(uniqueKeysWithValues: pbf.records.map { ($0.id!, $0) })
        XCTAssertEqual(xml.records.count, 124)
        for r in xml.records {
            XCTAssertEqual(byId[r.id!], r, r.id!)
        }
    }

    /// The GeoJSON in ../shared/data, derived with osmium from the same extract (amenity, shop,
    /// tourism, leisure, office, craft, historic): every one of its 1,227 POIs is loaded, with
    /// the same name, and nodes at the same position. The PBF has 12 more: stations (railway,
    /// public_transport tags, not in the GeoJSON's key list), two open ways, and two
    /// multipolygons osmium left out.
    func testAgreesWithTheGeoJSONDerivedFromTheExtract() throws {
        let pbf = try realSummary(smallerCase: "testCockleBayAgreesWithItsGeoJSON")
        let geoJSON = try osmDataFile(
            "sydney_cbd_2023_named_pois.geojson", smallerCase: "testCockleBayAgreesWithItsGeoJSON")
        let features = try checkAgreement(pbf, geoJSON)
        XCTAssertEqual(features, 1227)
        XCTAssertEqual(pbf.records.count - features, 12)
    }

    /// Every feature of an osmium-style GeoJSON export is a place of the PBF with the same name,
    /// nodes at the same position; returns how many features there were.
    private func checkAgreement(_ pbf: ImportSummary, _ geoJSON: [UInt8]) throws -> Int {
        let byId = Dictionary(uniqueKeysWithValues: pbf.records.map { ($0.id!, $0) })
        let json = try JSONSerialization.jsonObject(with: Data(geoJSON))
        let features = try XCTUnwrap((json as? [String: Any])?["features"] as? [[String: Any]])
        for f in features {
            let p = try XCTUnwrap(f["properties"] as? [String: Any])
            let id = "osm:\(p["osm_type"]!)/\(p["osm_id"]!)"
            let r = try XCTUnwrap(byId[id], id)
            XCTAssertEqual(r.name, p["name"] as? String, id)
            if id.hasPrefix("osm:node/"), let c = (f["geometry"] as? [String: Any])?["coordinates"] as? [Double] {
                XCTAssertEqual(r.longitude, c[0], accuracy: 1e-9, id)
                XCTAssertEqual(r.latitude, c[1], accuracy: 1e-9, id)
            }
        }
        return features.count
    }

    /// A PBF file with every blob stored raw instead of zlib.
    private func withRawBlobs(_ file: [UInt8]) throws -> [UInt8] {
        var out = PBFFile(empty: ())
        var offset = 0
        while offset < file.count {
            let n =
                Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8
                | Int(file[offset + 3])
            var type = ""
            var size = 0
            try file.withUnsafeBufferPointer { buffer throws in
                var r = ProtoReader(buffer, range: (offset + 4)..<(offset + 4 + n))
                while let k = try r.key() {
                    if k.field == 1 {
                        type = try r.string()
                    } else if k.field == 3 {
                        size = Int(try r.varint())
                    } else {
                        try r.skip(k)
                    }
                }
            }
            let blobStart = offset + 4 + n
            var data: [UInt8] = []
            var rawSize = 0
            var zlib: [UInt8] = []
            try file.withUnsafeBufferPointer { buffer throws in
                var r = ProtoReader(buffer, range: blobStart..<(blobStart + size))
                while let k = try r.key() {
                    switch k.field {
                    case 1: data = Array(buffer[try r.lengthDelimited()])
                    case 2: rawSize = Int(try r.varint())
                    case 3: zlib = Array(buffer[try r.lengthDelimited()])
                    default: try r.skip(k)
                    }
                }
            }
            if data.isEmpty { data = zlibUncompress(zlib, size: rawSize) }
            out.blob(type, data, .raw)
            offset = blobStart + size
        }
        return out.bytes
    }

    func testRawBlobsGiveTheSamePlaces() throws {
        let file = try osmDataFile("sydney_cbd_2023.osm.pbf", smallerCase: "testCockleBayRawBlobsGiveTheSamePlaces")
        XCTAssertEqual(
            try XCTUnwrap(summary(try withRawBlobs(file))),
            try realSummary(smallerCase: "testCockleBayRawBlobsGiveTheSamePlaces"))
    }

    // MARK: - The repository's own extract (Cockle Bay)

    func testCockleBayPBFCounts() throws {
        let s = try XCTUnwrap(summary(try CockleBay.pbf()))
        XCTAssertEqual(s.format, "OSM PBF")
        XCTAssertEqual(s.line, CockleBay.line)
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:node/") }.count, 21)
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:way/") }.count, 4)
        XCTAssertEqual(Set(s.records.map(\.id)).count, 25)
        let aquarium = try XCTUnwrap(s.records.first { $0.id == "osm:way/16598675" })
        XCTAssertEqual(aquarium.name, "SEA LIFE Sydney Aquarium")
        XCTAssertEqual(aquarium.radius, 66.1)
    }

    /// The PBF twin holds the XML's elements (a zlib block of dense nodes, a raw block of ways
    /// and relations): the same places, identical to the bit, in the same order.
    func testCockleBayXMLAndPBFGiveTheSamePlaces() throws {
        let pbf = try XCTUnwrap(summary(try CockleBay.pbf()))
        guard case .success(let xml) = OSMXMLImporter.parse(try CockleBay.xml()) else {
            return XCTFail("the XML file must load")
        }
        XCTAssertEqual(xml.records.count, 25)
        XCTAssertEqual(pbf.records, xml.records)
        XCTAssertEqual(pbf.line, xml.line)
    }

    /// The GeoJSON twin (osmium's shape: every tag, osm_type and osm_id, ways at the mean of
    /// their outline): every feature is a place of the PBF with the same name; nodes at the same
    /// position.
    func testCockleBayAgreesWithItsGeoJSON() throws {
        let pbf = try XCTUnwrap(summary(try CockleBay.pbf()))
        XCTAssertEqual(try checkAgreement(pbf, try CockleBay.geoJSON()), 25)
    }

    func testCockleBayRawBlobsGiveTheSamePlaces() throws {
        let file = try CockleBay.pbf()
        let raw = try withRawBlobs(file)
        XCTAssertNotEqual(raw, file, "the fixture has a zlib blob to unpack")
        XCTAssertEqual(try XCTUnwrap(summary(raw)), try XCTUnwrap(summary(file)))
    }

    // MARK: - Elements and blocks

    /// The same small map as nodes, ways and a relation, in XML and in PBF (dense and plain
    /// nodes, raw and zlib blobs): the same places.
    func testEveryElementKindMatchesTheXMLImporter() throws {
        let xml = """
            <osm version="0.6">
            <node id="1" lat="-33.87" lon="151.2"/>
            <node id="2" lat="-33.87" lon="151.202"/>
            <node id="3" lat="-33.868" lon="151.202"/>
            <node id="4" lat="-33.868" lon="151.2"><tag k="name" v="Corner Café"/><tag k="amenity" v="cafe"/><tag k="addr:street" v="Pier St"/></node>
            <node id="5" lat="-33.869" lon="151.201"><tag k="amenity" v="bench"/></node>
            <node id="6" lat="-33.8695" lon="151.2015"><tag k="name" v="Wharf 3"/><tag k="amenity" v="ferry_terminal"/></node>
            <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/><tag k="name" v="Block"/><tag k="shop" v="mall"/></way>
            <way id="11"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="name" v="Walk"/><tag k="historic" v="yes"/></way>
            <way id="12"><nd ref="1"/><nd ref="99"/><tag k="name" v="Cut"/><tag k="shop" v="books"/></way>
            <relation id="20"><member type="way" ref="10" role="outer"/><tag k="type" v="multipolygon"/><tag k="name" v="Plaza"/><tag k="leisure" v="park"/></relation>
            <relation id="21"><member type="node" ref="6" role="stop"/><tag k="type" v="site"/><tag k="name" v="Ferry Site"/><tag k="public_transport" v="station"/></relation>
            </osm>
            """
        guard case .success(let expected) = OSMXMLImporter.parse(Array(xml.utf8)) else {
            return XCTFail("the XML must load")
        }
        XCTAssertEqual(expected.records.count, 6)

        for (dense, compression) in [(true, PBFFile.Compression.zlib), (false, .raw), (true, .raw)] {
            var b = PBFBlock()
            let nodes: [(id: Int64, lat: Double, lon: Double, tags: [(String, String)])] = [
                (1, -33.87, 151.2, []), (2, -33.87, 151.202, []), (3, -33.868, 151.202, []),
                (4, -33.868, 151.2, [("name", "Corner Café"), ("amenity", "cafe"), ("addr:street", "Pier St")]),
                (5, -33.869, 151.201, [("amenity", "bench")]),
                (6, -33.8695, 151.2015, [("name", "Wharf 3"), ("amenity", "ferry_terminal")]),
            ]
            if dense {
                b.dense(nodes)
            } else {
                for n in nodes { b.node(n.id, n.lat, n.lon, n.tags) }
            }
            b.way(10, [1, 2, 3, 4, 1], [("name", "Block"), ("shop", "mall")])
            b.way(11, [1, 2, 3], [("name", "Walk"), ("historic", "yes")])
            b.way(12, [1, 99], [("name", "Cut"), ("shop", "books")])
            b.relation(20, [(1, 10, "outer")], [("type", "multipolygon"), ("name", "Plaza"), ("leisure", "park")])
            b.relation(
                21, [(0, 6, "stop")], [("type", "site"), ("name", "Ferry Site"), ("public_transport", "station")])
            var file = PBFFile(headerCompression: compression)
            file.block(b, compression)
            let s = try XCTUnwrap(summary(file.bytes))
            XCTAssertEqual(s.records, expected.records, "dense \(dense), \(compression)")
            XCTAssertEqual(s.skipped, expected.skipped)
            XCTAssertEqual(s.line, "loaded 6 places, skipped 2: 1 without a name, 1 ways with missing nodes")
        }
    }

    func testGranularityOffsetsAndSeveralBlocks() throws {
        var file = PBFFile()
        var a = PBFBlock()
        a.granularity = 1000
        a.latOffset = -33_000_000_000
        a.lonOffset = 151_000_000_000
        a.dense([(7, -33.8688, 151.2093, [("name", "Town Hall"), ("railway", "station")])])
        file.block(a)
        var b = PBFBlock()
        b.node(8, -33.8568, 151.2153, [("name", "Opera Bar"), ("amenity", "bar")])
        file.block(b, .raw)
        let s = try XCTUnwrap(summary(file.bytes))
        XCTAssertEqual(s.records.map(\.name), ["Town Hall", "Opera Bar"])
        XCTAssertEqual(s.records[0].latitude, -33.8688)
        XCTAssertEqual(s.records[0].longitude, 151.2093)
        XCTAssertEqual(s.records[0].types.first, "train_station")
        XCTAssertEqual(s.records[1].latitude, -33.8568)
    }

    func testDeletedElementsAndOutOfRangeCoordinates() throws {
        var b = PBFBlock()
        b.dense(
            [
                (1, -33.87, 151.2, [("name", "Gone"), ("amenity", "cafe")]),
                (2, -33.87, 151.2, [("name", "Here"), ("amenity", "cafe")]),
            ],
            visible: [false, true])
        b.node(3, -33.87, 151.2, [("name", "Gone Too"), ("amenity", "bar")], visible: false)
        b.node(4, -95, 151.2, [("name", "Off The Map"), ("amenity", "bar")])
        b.way(5, [2, 2], [("name", "Gone Way"), ("shop", "books")], visible: false)
        var file = PBFFile()
        file.block(b)
        let s = try XCTUnwrap(summary(file.bytes))
        XCTAssertEqual(s.records.map(\.name), ["Here"])
        XCTAssertEqual(s.line, "loaded 1 place, skipped 1: 1 without coordinates")
        XCTAssertEqual(s.warnings, ["1 node with coordinates out of range", "3 deleted elements ignored"])
    }

    /// A node at raw 0,0 in a block whose offsets sit at the ends of Int64: the offset alone is
    /// the coordinate, far outside ±90°/±180°, and rounding it must not overflow.
    func testOffsetsAtTheEndsOfInt64AreOutOfRangeNotACrash() throws {
        let cases: [(lat: Int64, lon: Int64)] = [
            (Int64.max - 9, 0), (Int64.min, 0), (0, Int64.min), (Int64.max, Int64.max), (Int64.min + 49, 0),
        ]
        for (latOffset, lonOffset) in cases {
            for dense in [false, true] {
                var b = PBFBlock()
                b.latOffset = latOffset
                b.lonOffset = lonOffset
                b.granularity = 1_000_000_000
                b.rawNode(1, lat: 0, lon: 0, [("name", "Nowhere"), ("amenity", "cafe")], dense: dense)
                b.rawNode(2, lat: Int64.max, lon: Int64.min, [("name", "Far"), ("amenity", "bar")], dense: dense)
                var file = PBFFile()
                file.block(b, .raw)
                let s = try XCTUnwrap(summary(file.bytes), "offsets \(latOffset), \(lonOffset)")
                XCTAssertEqual(s.records.count, 0)
                XCTAssertEqual(s.line, "loaded 0 places, skipped 2: 2 without coordinates")
                XCTAssertEqual(s.warnings.first, "2 nodes with coordinates out of range")
            }
        }
    }

    /// Deltas that wrap Int64 (ids, coordinates, way refs, relation members) give wrong numbers,
    /// not a crash; a string index past the table is an error naming where it was read.
    func testWrappingDeltasAndHugeStringIndexes() throws {
        var b = PBFBlock()
        // One dense group whose second deltas wrap: max + max, min + min.
        var d = ProtoWriter()
        d.packedField(1, [ProtoReader.zigzag(Int64.max), ProtoReader.zigzag(Int64.max)])
        d.packedField(8, [ProtoReader.zigzag(Int64.min), ProtoReader.zigzag(Int64.min)])
        d.packedField(9, [ProtoReader.zigzag(Int64.max), ProtoReader.zigzag(Int64.max)])
        d.packedField(10, [b.index("name"), b.index("A"), b.index("amenity"), b.index("cafe"), 0, 0])
        var dg = ProtoWriter()
        dg.bytesField(2, d.bytes)
        b.groups.append(dg.bytes)
        b.way(3, [Int64.max, Int64.min, Int64.max], [("name", "W"), ("shop", "books")])
        b.relation(4, [(1, Int64.max, "outer"), (1, Int64.min, "outer")], [("name", "R"), ("type", "multipolygon")])
        var file = PBFFile()
        file.block(b, .raw)
        XCTAssertNotNil(summary(file.bytes))

        var n = ProtoWriter()
        n.sintField(1, 1)
        n.packedField(2, [UInt64.max])
        n.packedField(3, [0])
        n.sintField(8, 0)
        n.sintField(9, 0)
        var g = ProtoWriter()
        g.bytesField(1, n.bytes)
        var bad = PBFBlock()
        bad.groups.append(g.bytes)
        var badFile = PBFFile()
        badFile.block(bad, .raw)
        let e = try XCTUnwrap(failure(badFile.bytes))
        XCTAssertTrue(e.message.contains("string index 18446744073709551615 is outside the string table"), e.message)
    }

    func testUnknownBlobTypesAreSkipped() throws {
        var file = PBFFile()
        file.blob("OSMFutureIndex", [0xFF, 0xFF, 0xFF])
        var b = PBFBlock()
        b.node(1, -33.87, 151.2, [("name", "Kiosk"), ("shop", "kiosk")])
        file.block(b)
        XCTAssertEqual(try XCTUnwrap(summary(file.bytes)).records.count, 1)
    }

    // MARK: - Errors

    func testHeaderErrors() throws {
        XCTAssertEqual(failure([])?.message, "not an OSM PBF file: the file is empty")

        let history = try XCTUnwrap(
            failure(PBFFile(required: ["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation"]).bytes))
        XCTAssertEqual(
            history.message,
            "blob 1 (OSMHeader) at file offset 0: the file requires the feature 'HistoricalInformation', which this importer does not support (supported: OsmSchema-V0.6, DenseNodes)"
        )
        XCTAssertEqual(history.item, 1)

        var dataFirst = PBFFile(empty: ())
        dataFirst.block(PBFBlock())
        XCTAssertEqual(
            failure(dataFirst.bytes)?.message,
            "blob 1 (OSMData) at file offset 0: an OSMData blob before the OSMHeader blob")

        var noHeader = PBFFile(empty: ())
        noHeader.blob("Other", [1, 2, 3])
        XCTAssertEqual(
            failure(noHeader.bytes)?.message, "blob 1 (Other) at file offset 0: no OSMHeader blob (not an OSM PBF file)"
        )

        // An XML file is not a PBF file: its first four bytes are a huge header length.
        let xml = try XCTUnwrap(failure(Array("<?xml version='1.0'?><osm/>".utf8)))
        XCTAssertTrue(
            xml.message.hasPrefix("blob 1 at file offset 0: BlobHeader length 1010792557 is over"), xml.message)
    }

    func testFramingErrorsAndCaps() throws {
        let good = PBFFile()
        let second = good.bytes.count
        func withSecond(_ extra: [UInt8]) -> [UInt8] { good.bytes + extra }
        XCTAssertEqual(
            failure(withSecond([0, 0]))?.message,
            "blob 2 at file offset \(second): the file ends inside the 4-byte header length (2 bytes left)")
        XCTAssertEqual(
            failure(withSecond([0, 1, 0, 1]))?.message,
            "blob 2 at file offset \(second): BlobHeader length 65537 is over the format's limit of 64 KiB (not a PBF file, or corrupt)"
        )
        XCTAssertEqual(
            failure(withSecond([0, 0, 0, 9, 1]))?.message,
            "blob 2 at file offset \(second): the file ends inside the BlobHeader (9 bytes, 1 left)")

        var big = PBFFile()
        big.frame("OSMData", blob: [], datasize: 32 * 1024 * 1024 + 1)
        XCTAssertEqual(
            failure(big.bytes)?.message,
            "blob 2 at file offset \(second): Blob size 33554433 is over the format's limit of 32 MiB")

        var short = PBFFile()
        short.frame("OSMData", blob: [1, 2, 3], datasize: 10)
        XCTAssertEqual(
            failure(short.bytes)?.message,
            "blob 2 (OSMData) at file offset \(second): the file ends inside the Blob (10 bytes, 3 left)")

        var noType = PBFFile(empty: ())
        noType.bytes = [0, 0, 0, 2, 0x18, 0x00]
        XCTAssertEqual(failure(noType.bytes)?.message, "blob 1 at file offset 0: BlobHeader without a type")

        var badHeader = PBFFile(empty: ())
        badHeader.bytes = [0, 0, 0, 2, 0x0A, 0x05]
        XCTAssertEqual(
            failure(badHeader.bytes)?.message,
            "blob 1 at file offset 0: BlobHeader: length 5 runs past the end (0 bytes left) at byte 1 of the header")
    }

    func testCompressionErrors() throws {
        func file(_ blob: [UInt8]) -> [UInt8] {
            var f = PBFFile(empty: ())
            f.frame("OSMHeader", blob: blob)
            return f.bytes
        }
        let header = PBFFile().bytes  // only to make sure a good one loads
        XCTAssertNotNil(summary(header))
        let prefix = "blob 1 (OSMHeader) at file offset 0: "

        XCTAssertEqual(
            failure(file(PBFFile.blobMessage([1, 2, 3], .lzma)))?.message,
            prefix + "the Blob is lzma-compressed; only raw and zlib blobs are supported")
        XCTAssertEqual(failure(file([]))?.message, prefix + "the Blob has no data (neither raw nor zlib_data)")

        let data = [UInt8](repeating: 0x41, count: 1000)
        var w = ProtoWriter()
        w.bytesField(3, zlibCompress(data))
        XCTAssertEqual(failure(file(w.bytes))?.message, prefix + "a zlib Blob without raw_size")

        func zlibBlob(rawSize: UInt64, _ z: [UInt8]) -> [UInt8] {
            var w = ProtoWriter()
            w.varintField(2, rawSize)
            w.bytesField(3, z)
            return w.bytes
        }
        XCTAssertEqual(
            failure(file(zlibBlob(rawSize: 999, zlibCompress(data))))?.message,
            prefix + "the zlib data inflates to more than raw_size 999 bytes, or is cut short (zlib error -5)")
        XCTAssertEqual(
            failure(file(zlibBlob(rawSize: 1001, zlibCompress(data))))?.message,
            prefix + "the zlib data inflates to 1000 bytes, but raw_size says 1001")
        XCTAssertEqual(
            failure(file(zlibBlob(rawSize: 40 * 1024 * 1024, zlibCompress(data))))?.message,
            prefix + "raw_size 41943040 is over the format's limit of 32 MiB")
        var corrupt = zlibCompress(data)
        corrupt[0] = 0x00
        XCTAssertEqual(
            failure(file(zlibBlob(rawSize: 1000, corrupt)))?.message,
            prefix + "the zlib data is corrupt (zlib error -3)")
        let cut = Array(zlibCompress(data).dropLast(3))
        XCTAssertEqual(failure(file(zlibBlob(rawSize: 1000, cut)))?.message.hasPrefix(prefix + "the zlib data"), true)
    }

    func testBlockErrorsNameTheBlobAndOffset() throws {
        // A string index past the table.
        var b = PBFBlock()
        b.node(1, -33.87, 151.2, [("name", "X")])
        b.strings.removeLast()
        var f = PBFFile()
        f.block(b, .raw)
        let e = try XCTUnwrap(failure(f.bytes))
        XCTAssertTrue(e.message.hasPrefix("blob 2 (OSMData) at file offset"), e.message)
        XCTAssertTrue(e.message.contains("string index 2 is outside the string table (2 strings) at byte"), e.message)
        XCTAssertEqual(e.item, 2)

        // Dense nodes with one lat too few.
        func group(_ field: Int, _ message: [UInt8]) -> PBFFile {
            var g = ProtoWriter()
            g.bytesField(field, message)
            var block = ProtoWriter()
            block.bytesField(1, [])
            block.bytesField(2, g.bytes)
            var file = PBFFile()
            file.blob("OSMData", block.bytes, .raw)
            return file
        }
        var d = ProtoWriter()
        d.packedField(1, [2, 2])
        d.packedField(8, [4])
        d.packedField(9, [6, 6])
        XCTAssertTrue(failure(group(2, d.bytes).bytes)!.message.contains("DenseNodes has fewer lats or lons than ids"))
        d = ProtoWriter()
        d.packedField(1, [2])
        d.packedField(8, [4, 4])
        d.packedField(9, [6])
        XCTAssertTrue(failure(group(2, d.bytes).bytes)!.message.contains("DenseNodes has more lats or lons than ids"))
        d = ProtoWriter()
        d.packedField(1, [2, 2])
        d.packedField(8, [4, 4])
        d.packedField(9, [6, 6])
        d.packedField(10, [0])
        XCTAssertTrue(failure(group(2, d.bytes).bytes)!.message.contains("keys_vals ends before node 2's tags do"))

        // A way with more keys than values; a relation with fewer roles than members.
        var way = ProtoWriter()
        way.intField(1, 5)
        way.packedField(2, [0, 0])
        way.packedField(3, [0])
        XCTAssertTrue(failure(group(3, way.bytes).bytes)!.message.contains("2 keys but 1 values"))
        var rel = ProtoWriter()
        rel.intField(1, 6)
        rel.packedField(2, [1])
        rel.packedField(3, [1])
        rel.packedField(9, [2, 2])
        rel.packedField(10, [0, 0])
        rel.packedField(8, [0])
        var block = ProtoWriter()
        var table = ProtoWriter()
        table.stringField(1, "")
        table.stringField(1, "name")
        block.bytesField(1, table.bytes)
        var g = ProtoWriter()
        g.bytesField(4, rel.bytes)
        block.bytesField(2, g.bytes)
        var file = PBFFile()
        file.blob("OSMData", block.bytes, .raw)
        XCTAssertTrue(failure(file.bytes)!.message.contains("Relation 6 has 2 member ids, 1 roles and 2 types"))

        // A field with the wrong wire type; a node without an id.
        var node = ProtoWriter()
        node.bytesField(1, [1])
        XCTAssertTrue(
            failure(group(1, node.bytes).bytes)!.message.contains("Node.id (field 1) has wire type 2, expected 0"))
        node = ProtoWriter()
        node.sintField(8, 1)
        XCTAssertTrue(failure(group(1, node.bytes).bytes)!.message.contains("a Node without an id"))
    }

    // MARK: - Robustness

    /// The real file cut at many offsets: an error naming a blob, or (only at a blob boundary)
    /// fewer places; never a crash.
    func testTruncatedRealFile() throws {
        let file = try osmDataFile("sydney_cbd_2023.osm.pbf", smallerCase: "testTruncatedCockleBay")
        // About 90 cuts (each parse costs up to the whole file in a debug build); the small file
        // below is cut at every byte.
        let offsets =
            Array(stride(from: 0, to: file.count, by: 9973)) + Array(0..<16) + Array((file.count - 16)..<file.count)
        checkCuts(file, at: offsets.sorted(), places: 1239)
    }

    /// The repository's PBF cut at every byte.
    func testTruncatedCockleBay() throws {
        let file = try CockleBay.pbf()
        checkCuts(file, at: Array(0..<file.count), places: 25)
    }

    /// Each cut is an error naming a blob (or saying it is no PBF file), or fewer places.
    private func checkCuts(_ file: [UInt8], at offsets: [Int], places: Int, line: UInt = #line) {
        for n in offsets {
            switch OSMPBFImporter.parse(Array(file[..<n])) {
            case .success(let s):
                XCTAssertLessThan(s.records.count, places, "cut at \(n)", line: line)
            case .failure(let e):
                XCTAssertTrue(
                    e.message.hasPrefix("blob ") || e.message.hasPrefix("not an OSM PBF file"), e.message, line: line)
            }
        }
    }

    /// Raw blocks (so the bytes reach the protobuf reader, not zlib's checksum) with bytes
    /// changed at random, and every prefix and corrupted length of a small file: errors or
    /// results, never a crash or a hang.
    func testMangledAndTruncatedBlocks() throws {
        var b = PBFBlock()
        b.dense([
            (1, -33.87, 151.2, [("name", "A"), ("amenity", "cafe")]), (2, -33.871, 151.201, []),
            (3, -33.872, 151.2, []),
        ])
        b.node(4, -33.86, 151.21, [("name", "B"), ("shop", "books")])
        b.way(10, [1, 2, 3, 1], [("name", "C"), ("leisure", "park")])
        b.relation(20, [(1, 10, "outer"), (0, 4, "")], [("type", "multipolygon"), ("name", "D"), ("tourism", "zoo")])
        var small = PBFFile(headerCompression: .raw)
        small.block(b, .raw)
        XCTAssertEqual(try XCTUnwrap(summary(small.bytes)).records.count, 4)
        for n in 0..<small.bytes.count {
            let result = OSMPBFImporter.parse(Array(small.bytes[..<n]))
            if case .success = result {
                XCTAssertTrue(small.boundaries.contains(n), "prefix \(n) accepted")
            }
        }
        // Every single byte set to a few telling values (lengths, continuation bits, zero).
        for i in 0..<small.bytes.count {
            for v: UInt8 in [0x00, 0x7F, 0x80, 0xFF] {
                var bytes = small.bytes
                bytes[i] = v
                _ = OSMPBFImporter.parse(bytes)
            }
        }
        // The repository's extract with its blobs raw, mangled at random.
        let raw = try withRawBlobs(try CockleBay.pbf())
        var rng = SeededRandom(seed: 5)
        for _ in 0..<60 {
            var bytes = raw
            for _ in 0..<4 {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if case .failure(let e) = OSMPBFImporter.parse(bytes) {
                XCTAssertTrue(e.message.hasPrefix("blob "), e.message)
            }
        }
    }
}
