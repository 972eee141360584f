/// The place file formats `places load` reads, and how a file's format is recognised.
public enum PlaceFileFormat: String, Sendable, CaseIterable {
    case geojson, csv, osmXML, osmPBF

    /// `GeoJSON`, `CSV`, `OSM XML`, `OSM PBF` (also the importers' `ImportSummary.format`).
    public var displayName: String {
        switch self {
        case .geojson: return "GeoJSON"
        case .csv: return "CSV"
        case .osmXML: return "OSM XML"
        case .osmPBF: return "OSM PBF"
        }
    }

    /// The format of a file: by its content first, because names lie (`export.json` from
    /// Overpass, `data.txt` that is a CSV), then by its extension; nil when neither says.
    ///
    /// Content rules, in order, after a UTF-8 byte order mark and white space:
    /// - OSM PBF: a 4-byte big-endian BlobHeader length (under 64 KiB, the format's limit),
    ///   then the BlobHeader's field 1 (`0x0A`, length 9) holding `OSMHeader`;
    /// - GeoJSON: a `{` and, within the first 64 KiB, `"type"` : `"FeatureCollection"` or
    ///   `"Feature"` (features hold the latter, so member order does not matter);
    /// - OSM XML: `<osm` as the first element (after an optional `<?xml …?>` declaration and
    ///   comments); other XML (GPX, KML) is not a place format here;
    /// - CSV: a first line that `CSVImporter` would read as a header with a latitude and a
    ///   longitude column.
    public static func detect(_ bytes: [UInt8], fileName: String) -> PlaceFileFormat? {
        byContent(bytes) ?? byExtension(fileName)
    }

    /// The format by content alone.
    public static func byContent(_ bytes: [UInt8]) -> PlaceFileFormat? {
        if bytes.count >= 15 {
            // safe: bytes widen
            let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
            if length > 0 && length < 65536 && bytes[4] == 0x0A && bytes[5] == 9
                && Array(bytes[6..<15]) == Array("OSMHeader".utf8)
            {
                return .osmPBF
            }
        }
        var i = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09) {
            i += 1
        }
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "{") { return isGeoJSON(bytes, from: i) ? .geojson : nil }
        if bytes[i] == UInt8(ascii: "<") { return rootElement(bytes, from: i) == "osm" ? .osmXML : nil }
        return isCSV(bytes) ? .csv : nil
    }

    /// The format by the file name's extension (case-insensitive).
    public static func byExtension(_ fileName: String) -> PlaceFileFormat? {
        let name = fileName.lowercased()
        if name.hasSuffix(".pbf") { return .osmPBF }
        if name.hasSuffix(".osm") || name.hasSuffix(".xml") { return .osmXML }
        if name.hasSuffix(".geojson") || name.hasSuffix(".json") { return .geojson }
        if name.hasSuffix(".csv") || name.hasSuffix(".tsv") { return .csv }
        return nil
    }

    static func isGeoJSON(_ b: [UInt8], from start: Int) -> Bool {
        let end = min(b.count, start + 65536)
        let key = Array("\"type\"".utf8)
        var i = start
        while i + key.count <= end {
            guard b[i] == UInt8(ascii: "\""), Array(b[i..<i + key.count]) == key else {
                i += 1
                continue
            }
            var j = i + key.count
            func space() { while j < end && (b[j] == 0x20 || b[j] == 0x0A || b[j] == 0x0D || b[j] == 0x09) { j += 1 } }
            space()
            if j < end && b[j] == UInt8(ascii: ":") {
                j += 1
                space()
                for word in ["\"FeatureCollection\"", "\"Feature\""] {
                    let w = Array(word.utf8)
                    if j + w.count <= end && Array(b[j..<j + w.count]) == w { return true }
                }
            }
            i += key.count
        }
        return false
    }

    /// The name of the first element, skipping the XML declaration, comments and a DOCTYPE.
    static func rootElement(_ b: [UInt8], from start: Int) -> String? {
        var i = start
        let end = min(b.count, start + 65536)
        while i < end {
            guard b[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            guard i + 1 < end else { return nil }
            let next = b[i + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                // Declarations and comments: skip to the closing '>' (comments to '-->').
                let comment = i + 3 < end && b[i + 2] == UInt8(ascii: "-") && b[i + 3] == UInt8(ascii: "-")
                var j = i + 2
                while j < end {
                    if b[j] == UInt8(ascii: ">")
                        && (!comment || (j >= 2 && b[j - 1] == UInt8(ascii: "-") && b[j - 2] == UInt8(ascii: "-")))
                    {
                        break
                    }
                    j += 1
                }
                i = j + 1
                continue
            }
            var j = i + 1
            while j < end && b[j] != UInt8(ascii: ">") && b[j] != UInt8(ascii: "/") && b[j] > 0x20 { j += 1 }
            return String(decoding: b[(i + 1)..<j], as: UTF8.self)
        }
        return nil
    }

    /// A first line that reads as a CSV header with latitude and longitude columns.
    static func isCSV(_ bytes: [UInt8]) -> Bool {
        // Only the first line (up to 1 MiB) matters.
        var end = 0
        var quoted = false
        while end < bytes.count && end < 1 << 20 {
            let c = bytes[end]
            if c == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && (c == 0x0A || c == 0x0D) { break }
            end += 1
        }
        let head = Array(bytes[0..<end])
        return head.withUnsafeBufferPointer { buffer in
            guard var reader = try? CSVReader(buffer), (try? reader.record()) == true else { return false }
            var lat = false
            var lng = false
            for k in 0..<reader.fields.count {
                guard let name = try? reader.string(k), let (column, _) = CSVImporter.column(named: name) else {
                    continue
                }
                if column == .latitude { lat = true }
                if column == .longitude { lng = true }
            }
            return lat && lng
        }
    }
}
