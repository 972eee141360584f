#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads places from GeoJSON (RFC 7946): a FeatureCollection, or a single Feature.
///
/// **Geometry.** A Point is the place. A Polygon or MultiPolygon is placed at an interior point
/// (see `GeoJSONGeometry.interiorPoint`) with a radius of sqrt(area / π) from its area on the
/// sphere; a MultiPolygon uses its largest part for the point and the sum of parts for the
/// area. Every other geometry (LineString, MultiPoint, GeometryCollection, …) is skipped and
/// counted, as is a feature with a null or empty geometry.
///
/// **Properties.** Two schemas, chosen per feature:
/// - *OpenStreetMap* (osmium, Overpass, QGIS): when the properties carry `osm_type`/`osm_id`,
///   `@id`, a nested `tags` object, an `addr:*` key or one of `OSMTags.poiKeys`. Types come
///   from `OSMTags.types`, the address from `OSMTags.address`, the id from `@id` or
///   `osm_type`+`osm_id` as `osm:node/123`. A named feature no tag makes a place is skipped.
/// - *plain* (what `GeoJSONExporter` writes): `id`, `name`, `type`, `types` or `category` (as
///   a CSV file's columns), `address`, `rating`, `price` or `priceLevel`, `radius`. A file
///   where no feature has a name fails, naming the properties there are (as a CSV file without
///   a name column does).
///
/// **Mapped properties.** A `PlaceFieldMapping` names the properties that hold the name, ID,
/// types or address (read as the plain schema's `name`, `id`, `types`, `address` are) and,
/// given both, the latitude and longitude (numbers, or numbers as text), which then place the
/// feature instead of its geometry. A property no feature has fails the file before any
/// feature is read, its `field` and `columns` (the properties seen) set.
///
/// **Skip or fail.** A feature that is well-formed but not a usable place is skipped and counted
/// by reason: no name, no coordinates (null or empty geometry), 0,0, coordinates out of range,
/// no place tag, a geometry that is not a point or polygon. Anything malformed fails the whole
/// file with an error naming the feature (`feature 12: coordinates must be [longitude,
/// latitude]`): JSON syntax, a position that is not numbers, a ring too short, an unknown
/// geometry type, a rating or price of the wrong kind. A wrong file should be loud, not
/// silently half-loaded.
public enum GeoJSONImporter {
    /// The format name in summaries.
    public static let formatName = "GeoJSON"

    /// Reads a GeoJSON document. Error messages begin with where the fault is (`line 3,
    /// column 14:` for JSON syntax, `feature 12:` for a feature), and `line`/`item` say the same.
    public static func parse(
        _ bytes: [UInt8], mapping: PlaceFieldMapping = PlaceFieldMapping(), interruption: ImportInterruption = .none
    ) -> Result<ImportSummary, ImportError> {
        let result = parseAll(bytes, mapping: mapping, interruption: interruption)
        // No feature with a name at all: the names are under another property, as a CSV file
        // whose header lacks the name column; say so, and which properties there are.
        if case .success(let summary) = result, summary.records.isEmpty,
            summary.skipped.contains(where: { $0.reason == "without a name" })
        {
            var names = PropertyNames()
            if case .success(let root) = JSON.parse(bytes) {
                for feature in root.object?["features"]?.array ?? [root] { names.add(feature) }
            }
            var e = ImportError(
                "no feature has a name (property '\(mapping.columns[.name] ?? "name")'); the properties are "
                    + CSVReader.list(names.seen, total: names.seen.count))
            e.columns = Array(names.seen.prefix(1000))
            return .failure(e)
        }
        return result
    }

    private static func parseAll(
        _ bytes: [UInt8], mapping: PlaceFieldMapping, interruption: ImportInterruption
    ) -> Result<ImportSummary, ImportError> {
        if let streamed = parseStreamed(bytes, mapping: mapping, interruption: interruption) { return streamed }
        let root: JSONValue
        switch JSON.parse(bytes) {
        case .success(let v): root = v
        case .failure(let e): return .failure(ImportError(e.description, line: e.line))
        }
        do throws(ImportError) {
            var interruption = interruption
            return .success(try read(root, mapping: mapping, interruption: &interruption))
        } catch {
            return .failure(error)
        }
    }

    /// A FeatureCollection read feature by feature as the parser meets them
    /// (`JSON.parse(_:streaming:each:)`): the file, the records and one feature's JSON are in
    /// memory, not a tree of every feature (about 17 times the file). With a field mapping, a
    /// first pass collects the properties' names. Nil when the file is not a FeatureCollection
    /// that reads without an error: `parse` then reads it whole, so that what it says of a
    /// broken file, and in what order, is what it always said. Ctrl-C is answered at once.
    static func parseStreamed(
        _ bytes: [UInt8], mapping: PlaceFieldMapping, interruption: ImportInterruption
    ) -> Result<ImportSummary, ImportError>? {
        var interruption = interruption
        var keys: [PlaceFieldMapping.Field: String] = [:]
        if !mapping.isEmpty {
            var names = PropertyNames()
            let pass = JSON.parse(bytes, streaming: ["features"]) { feature in
                names.add(feature)
                return true
            }
            guard case .success = pass, let resolved = try? resolve(mapping, names) else { return nil }
            keys = resolved
        }
        var summary = ImportSummary(format: formatName)
        var number = 0
        var stop: ImportError?
        let parsed = JSON.parse(bytes, streaming: ["features"]) { feature in
            number += 1
            do throws(ImportError) {
                try interruption.check()
                try readFeature(feature, number: number, keys: keys, into: &summary)
                return true
            } catch {
                stop = error
                return false
            }
        }
        if let stop, stop.isInterruption { return .failure(stop) }
        guard stop == nil, case .success(let root) = parsed, let object = root.object,
            object["type"]?.string == "FeatureCollection", object["features"]?.array != nil
        else { return nil }
        if object["crs"] != nil {
            summary.warnings.insert(
                "the 'crs' member is ignored: RFC 7946 coordinates are always WGS 84 longitude, latitude", at: 0)
        }
        return .success(summary)
    }

    /// The names of the features' properties, in the order first met.
    struct PropertyNames {
        var seen: [String] = []
        var known: Set<String> = []

        mutating func add(_ feature: JSONValue) {
            guard let properties = feature.object?["properties"]?.object else { return }
            for m in properties.members where known.insert(m.key).inserted { seen.append(m.key) }
        }
    }

    static func read(
        _ root: JSONValue, mapping: PlaceFieldMapping = PlaceFieldMapping(), interruption: inout ImportInterruption
    ) throws(ImportError) -> ImportSummary {
        guard let object = root.object else {
            throw ImportError("expected a GeoJSON object, found \(root.kindName)")
        }
        var summary = ImportSummary(format: formatName)
        if object["crs"] != nil {
            summary.warnings.append(
                "the 'crs' member is ignored: RFC 7946 coordinates are always WGS 84 longitude, latitude")
        }
        switch object["type"]?.string {
        case "FeatureCollection":
            guard let features = object["features"]?.array else {
                throw ImportError("a FeatureCollection needs a 'features' array")
            }
            let keys = try resolve(mapping, features)
            summary.records.reserveCapacity(features.count)
            for (index, feature) in features.enumerated() {
                try interruption.check()
                try readFeature(feature, number: index + 1, keys: keys, into: &summary)
            }
        case "Feature":
            try readFeature(root, number: 1, keys: try resolve(mapping, [root]), into: &summary)
        case let type?:
            throw ImportError("expected a GeoJSON FeatureCollection or Feature, found type '\(type)'")
        case nil:
            throw ImportError("expected a GeoJSON FeatureCollection or Feature: the object has no \"type\"")
        }
        return summary
    }

    static func fail(_ number: Int, _ message: String) -> ImportError {
        ImportError("feature \(number): \(message)", item: number)
    }

    /// The property each mapped field is read from, as the features spell it (an exact match
    /// first, then one ignoring case); throws for a property no feature has, or for a latitude
    /// without a longitude or the reverse.
    static func resolve(
        _ mapping: PlaceFieldMapping, _ features: [JSONValue]
    ) throws(ImportError) -> [PlaceFieldMapping.Field: String] {
        guard !mapping.isEmpty else { return [:] }
        var names = PropertyNames()
        for feature in features { names.add(feature) }
        return try resolve(mapping, names)
    }

    static func resolve(
        _ mapping: PlaceFieldMapping, _ names: PropertyNames
    ) throws(ImportError) -> [PlaceFieldMapping.Field: String] {
        let seen = names.seen
        let known = names.known
        var keys: [PlaceFieldMapping.Field: String] = [:]
        for field in PlaceFieldMapping.Field.allCases {
            guard let wanted = mapping.columns[field] else { continue }
            let lowered = wanted.lowercased()
            guard let key = known.contains(wanted) ? wanted : seen.first(where: { $0.lowercased() == lowered }) else {
                var e = ImportError(
                    "no feature has a property '\(PlaceValues.short(wanted))'; the properties are "
                        + CSVReader.list(seen, total: seen.count))
                e.field = field
                e.columns = Array(seen.prefix(1000))
                throw e
            }
            keys[field] = key
        }
        if (keys[.latitude] == nil) != (keys[.longitude] == nil) {
            var e = ImportError(
                "a position from properties needs both --lat and --lng (without either, the geometry gives it)")
            e.field = keys[.latitude] == nil ? .longitude : .latitude
            throw e
        }
        return keys
    }

    static func readFeature(
        _ value: JSONValue, number: Int, keys: [PlaceFieldMapping.Field: String] = [:],
        into summary: inout ImportSummary
    ) throws(ImportError) {
        guard let feature = value.object, feature["type"]?.string == "Feature" else {
            throw fail(
                number,
                "expected a Feature object, found \(value.object == nil ? value.kindName : "an object without \"type\": \"Feature\"")"
            )
        }
        var given: JSONObject {
            get throws(ImportError) {
                switch feature["properties"] {
                case .object(let o)?: return o
                case nil, .null?: return JSONObject()
                case let other?: throw fail(number, "properties must be an object or null, not \(other.kindName)")
                }
            }
        }
        let located: (point: GeoPoint, radius: Double?)
        if let latKey = keys[.latitude], let lngKey = keys[.longitude] {
            // The position from properties: the geometry is not read.
            let p = try given
            guard let lat = try coordinate(p[latKey], latKey, "latitude", number),
                let lng = try coordinate(p[lngKey], lngKey, "longitude", number)
            else {
                summary.skip("without coordinates")
                return
            }
            let point = GeoPoint(latitude: lat, longitude: lng)
            if case .skip(let reason)? = GeoJSONGeometry.check(point) {
                summary.skip(reason)
                return
            }
            located = (point, nil)
        } else {
            // Geometry first: its shape errors fail the file whatever the properties say.
            switch try GeoJSONGeometry.locate(feature["geometry"], feature: number) {
            case .place(let p, let r): located = (p, r)
            case .skip(let reason):
                summary.skip(reason)
                return
            }
        }
        var properties = try given
        if !keys.isEmpty { properties = renamed(properties, keys) }
        let record: PlaceRecord?
        if isOSM(properties) {
            record = osmRecord(properties, featureID: feature["id"], at: located.point, into: &summary)
        } else {
            record = try plainRecord(
                properties, featureID: feature["id"], at: located.point, number: number, into: &summary)
        }
        guard var r = record else { return }
        if r.radius == nil { r.radius = located.radius }
        summary.records.append(r)
    }

    /// A coordinate property: a number, or a number as text; nil when absent, null or empty.
    static func coordinate(
        _ v: JSONValue?, _ key: String, _ what: String, _ number: Int
    ) throws(ImportError) -> Double? {
        switch v {
        case nil, .null?: return nil
        case .number(let n)?: return n
        case .string(let s)?:
            let t = trim(s)
            if t.isEmpty { return nil }
            if let n = PlaceValues.number(t) { return n }
            throw fail(number, "'\(PlaceValues.short(t))' (property '\(key)') is not a \(what)")
        case let other?: throw fail(number, "property '\(key)' must be a \(what), not \(other.kindName)")
        }
    }

    /// The properties with each mapped one under the name the plain schema reads (`name`, `id`,
    /// `types`, `address`), in place of any property already so named.
    static func renamed(_ p: JSONObject, _ keys: [PlaceFieldMapping.Field: String]) -> JSONObject {
        let plain: [(PlaceFieldMapping.Field, [String])] = [
            (.name, ["name"]), (.id, ["id"]), (.types, ["types", "type"]), (.address, ["address"]),
        ]
        var out = p
        for (field, names) in plain {
            guard let key = keys[field] else { continue }
            let value = p[key]
            out.members.removeAll { names.contains($0.key) }
            if let value { out.members.append(JSONObject.Member(key: names[0], value: value)) }
        }
        return out
    }

    /// True when the properties look like OpenStreetMap tags rather than the plain schema.
    static func isOSM(_ p: JSONObject) -> Bool {
        for m in p.members {
            let k = m.key
            if k == "osm_type" || k == "osm_id" || k == "@id" || k == "tags" || k.hasPrefix("addr:") { return true }
            if OSMTags.poiKeys.contains(k) { return true }
        }
        return false
    }

    /// A property value as tag text: strings as they are, numbers in shortest form (osmium
    /// writes `osm_id` and some exports `addr:housenumber` as numbers), others not at all.
    static func text(_ v: JSONValue?) -> String? {
        switch v {
        case .string(let s)?: return s
        case .number(let n)?: return JSON.format(n)
        case .bool(let b)?: return b ? "yes" : "no"
        default: return nil
        }
    }

    static func osmRecord(_ p: JSONObject, featureID: JSONValue?, at point: GeoPoint, into summary: inout ImportSummary)
        -> PlaceRecord?
    {
        var tags: [String: String] = [:]
        tags.reserveCapacity(p.members.count)
        for m in p.members {
            if m.key == "tags", let nested = m.value.object {
                for t in nested.members { if let s = text(t.value) { tags[t.key] = s } }
            } else if let s = text(m.value) {
                tags[m.key] = s
            }
        }
        guard let name = tags["name"].map(trim), !name.isEmpty else {
            summary.skip("without a name")
            return nil
        }
        guard let types = OSMTags.types(tags) else {
            summary.skip("without a place tag")
            return nil
        }
        return PlaceRecord(
            id: osmID(tags, featureID: featureID), name: name, latitude: point.latitude, longitude: point.longitude,
            types: types, address: OSMTags.address(tags))
    }

    /// `osm:node/123` from osmium's `osm_type`+`osm_id`, Overpass's `@id` (`node/123`), osmium's
    /// unique ids (`n123`), or the feature's own `id`; nil when none says.
    static func osmID(_ tags: [String: String], featureID: JSONValue?) -> String? {
        if let type = tags["osm_type"] ?? tags["@type"], let id = tags["osm_id"] ?? tags["@id"],
            id.allSatisfy(\.isNumber)
        {
            return "osm:\(type)/\(id)"
        }
        for candidate in [tags["@id"], text(featureID), tags["id"]] {
            guard let c = candidate, !c.isEmpty else { continue }
            if c.hasPrefix("osm:") { return c }
            if c.hasPrefix("node/") || c.hasPrefix("way/") || c.hasPrefix("relation/") { return "osm:" + c }
            let kinds: [Character: String] = ["n": "node", "w": "way", "r": "relation", "a": "area"]
            if let first = c.first, let kind = kinds[first], c.count > 1, c.dropFirst().allSatisfy(\.isNumber) {
                return "osm:\(kind)/\(c.dropFirst())"
            }
            return c
        }
        return nil
    }

    static func plainRecord(
        _ p: JSONObject, featureID: JSONValue?, at point: GeoPoint, number: Int, into summary: inout ImportSummary
    ) throws(ImportError) -> PlaceRecord? {
        let name: String
        switch p["name"] {
        case .string(let s)?: name = trim(s)
        case .number(let n)?: name = JSON.format(n)
        case nil, .null?: name = ""
        case let other?: throw fail(number, "name must be a string, not \(other.kindName)")
        }
        guard !name.isEmpty else {
            summary.skip("without a name")
            return nil
        }
        var record = PlaceRecord(name: name, latitude: point.latitude, longitude: point.longitude)
        record.id = text(p["id"]).map(trim).flatMap { $0.isEmpty ? nil : $0 } ?? text(featureID)
        switch p["types"] ?? p["type"] ?? p["category"] {
        case .array(let items)?:
            for item in items {
                guard let s = item.string else { throw fail(number, "types must be strings, not \(item.kindName)") }
                record.types += PlaceValues.types(s)
            }
        case .string(let s)?: record.types = PlaceValues.types(s)
        case nil, .null?: break
        case let other?: throw fail(number, "types must be a string or an array of strings, not \(other.kindName)")
        }
        switch p["address"] {
        case .string(let s)?: record.address = trim(s).isEmpty ? nil : trim(s)
        case nil, .null?: break
        case let other?: throw fail(number, "address must be a string, not \(other.kindName)")
        }
        do throws(PlaceValues.Problem) {
            record.rating = try PlaceValues.rating(numberOrText(p["rating"]))
            record.priceLevel = try PlaceValues.price(numberOrText(p["price"] ?? p["priceLevel"] ?? p["price_level"]))
            record.radius = try PlaceValues.radius(numberOrText(p["radius"]))
        } catch {
            throw fail(number, error.message)
        }
        return record
    }

    /// A property for the value parsers: numbers as their text, strings as they are.
    static func numberOrText(_ v: JSONValue?) -> String? {
        switch v {
        case .number(let n)?: return JSON.format(n)
        case .string(let s)?: return s
        case nil, .null?: return nil
        case .bool(let b)?: return b ? "true" : "false"
        case .array?: return "[…]"
        case .object?: return "{…}"
        }
    }

    static func trim(_ s: String) -> String { PlaceValues.trim(s) }
}

/// The parsing of a place's optional values shared by the GeoJSON and CSV importers, so both
/// accept and reject the same things.
public enum PlaceValues {
    /// Why a value was rejected (the message names the value).
    struct Problem: Error {
        var message: String
    }

    /// Leading and trailing white space (spaces, tabs, line breaks, no-break spaces) removed:
    /// it is never part of a name and spreadsheets add it freely.
    static func trim(_ s: String) -> String {
        let u = s.utf8
        guard let f = u.first, let l = u.last, f <= 0x20 || l <= 0x20 || f >= 0x80 || l >= 0x80 else { return s }
        let scalars = s.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    /// Types from one text (`cafe;food`, `cafe, food`, `Coffee Shop`): split on `;` and `,`,
    /// trimmed, lower-cased with spaces and hyphens as underscores, so a spreadsheet's
    /// categories look like Google's types. Already-normal text (all exports) takes a fast path.
    public static func types(_ text: String) -> [String] {
        var out: [String] = []
        var normal = true
        var start = text.utf8.startIndex
        var i = start
        let u = text.utf8
        // One pass over the bytes: split on `;` and `,`, noting whether a part needs normalising.
        while true {
            let atEnd = i == u.endIndex
            let c = atEnd ? 0 : u[i]
            if atEnd || c == UInt8(ascii: ";") || c == UInt8(ascii: ",") {
                if start < i {
                    let part = text[start..<i]
                    if normal {
                        out.append(String(part))
                    } else if let t = normalised(String(part)) {
                        out.append(t)
                    }
                }
                if atEnd { break }
                i = u.index(after: i)
                start = i
                normal = true
                continue
            }
            if !((c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || c == UInt8(ascii: "_")
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")))
            {
                normal = false
            }
            i = u.index(after: i)
        }
        return out
    }

    /// `Coffee Shop` → `coffee_shop`; nil when nothing is left.
    static func normalised(_ part: String) -> String? {
        let t = trim(part).lowercased()
        guard !t.isEmpty else { return nil }
        var normal = ""
        var gap = false
        for ch in t {
            if ch == " " || ch == "-" || ch == "\t" {
                gap = true
            } else {
                if gap && !normal.isEmpty { normal.append("_") }
                gap = false
                normal.append(ch)
            }
        }
        return normal
    }

    /// A number from text, or nil for text that is not one.
    static func number(_ text: String) -> Double? {
        // withUTF8 reads a native string in place: no allocation per value (CSV calls this for
        // every rating, price and radius cell).
        var t = text
        return t.withUTF8 { GPX.number($0, 0..<$0.count) }
    }

    /// A rating 1–5; empty or 0 means none (spreadsheets write 0 for "not rated", and
    /// `Place.rating` uses 0 for none).
    static func rating(_ text: String?) throws(Problem) -> Double? {
        guard let t = text.map(trim), !t.isEmpty else { return nil }
        return try rating(number(t), t)
    }

    /// `rating` for a value already read as a number (nil when it is not one) and its text.
    static func rating(_ v: Double?, _ text: @autoclosure () -> String) throws(Problem) -> Double? {
        guard let v, v == 0 || (1...5).contains(v) else {
            throw Problem(message: "rating '\(short(text()))' is not a number from 1 to 5")
        }
        return v == 0 ? nil : v
    }

    /// A price level 0–4, or `$`…`$$$$`; empty or -1 means unknown.
    static func price(_ text: String?) throws(Problem) -> Int? {
        guard let t = text.map(trim), !t.isEmpty else { return nil }
        if t.allSatisfy({ $0 == "$" }) && t.count <= 4 { return t.count }
        return try price(number(t), t)
    }

    /// `price` for a value already read as a number (nil when it is not one) and its text.
    static func price(_ v: Double?, _ text: @autoclosure () -> String) throws(Problem) -> Int? {
        // Whole: compared with its truncation (in range, no call into the C library's round).
        guard let v, v >= -1 && v <= 4, Double(Int(v)) == v else {  // safe: −1…4 fits
            throw Problem(message: "price '\(short(text()))' is not a price level from 0 to 4")
        }
        return v == -1 ? nil : Int(v)  // safe: a whole number in −1…4, checked above
    }

    /// A radius in metres, more than 0; empty or 0 means not given.
    static func radius(_ text: String?) throws(Problem) -> Double? {
        guard let t = text.map(trim), !t.isEmpty else { return nil }
        return try radius(number(t), t)
    }

    /// `radius` for a value already read as a number (nil when it is not one) and its text.
    static func radius(_ v: Double?, _ text: @autoclosure () -> String) throws(Problem) -> Double? {
        guard let v, v >= 0, v.isFinite else {
            throw Problem(message: "radius '\(short(text()))' is not a size in metres")
        }
        return v == 0 ? nil : v
    }

    /// A value cut to a readable length for a message.
    static func short(_ s: String) -> String { s.count > 40 ? String(s.prefix(40)) + "…" : s }
}

/// Where a GeoJSON geometry puts a place, and the geometry arithmetic behind it.
enum GeoJSONGeometry {
    enum Located {
        case place(GeoPoint, radius: Double?)
        case skip(String)
    }

    static func fail(_ feature: Int, _ message: String) -> ImportError { GeoJSONImporter.fail(feature, message) }

    /// The place's point (and size) for a feature's `geometry` member, a skip reason, or an
    /// error for a malformed geometry.
    static func locate(_ geometry: JSONValue?, feature: Int) throws(ImportError) -> Located {
        guard let g = geometry, !g.isNull else { return .skip("without coordinates") }
        guard let object = g.object else {
            throw fail(feature, "geometry must be an object or null, not \(g.kindName)")
        }
        guard let type = object["type"]?.string else { throw fail(feature, "the geometry has no \"type\"") }
        switch type {
        case "Point":
            guard let c = object["coordinates"]?.array else {
                throw fail(feature, "coordinates must be [longitude, latitude]")
            }
            if c.isEmpty { return .skip("without coordinates") }
            let p = try position(c, feature: feature)
            return check(p) ?? .place(p, radius: nil)
        case "Polygon", "MultiPolygon":
            guard let c = object["coordinates"]?.array else {
                throw fail(feature, "a \(type) needs a coordinates array")
            }
            if c.isEmpty { return .skip("without coordinates") }
            var polygons: [[[GeoPoint]]] = []
            if type == "Polygon" {
                polygons.append(try rings(c, feature: feature))
            } else {
                for part in c {
                    guard let rs = part.array else {
                        throw fail(feature, "a MultiPolygon's coordinates must be an array of polygons")
                    }
                    if !rs.isEmpty { polygons.append(try rings(rs, feature: feature)) }
                }
                if polygons.isEmpty { return .skip("without coordinates") }
            }
            for polygon in polygons {
                for ring in polygon {
                    for p in ring { if let skip = check(p) { return skip } }
                }
            }
            var best: (area: Double, polygon: [[GeoPoint]])? = nil
            var total = 0.0
            for polygon in polygons {
                let a = area(polygon)
                total += a
                if a > best?.area ?? -1 { best = (a, polygon) }
            }
            guard let best else { return .skip("without coordinates") }
            let point = interiorPoint(best.polygon)
            let radius = total > 0 ? (total / .pi).squareRoot() : nil
            return .place(point, radius: radius)
        case "LineString", "MultiLineString", "MultiPoint", "GeometryCollection":
            return .skip("with \(type) geometry")
        default:
            throw fail(feature, "unknown geometry type '\(type)'")
        }
    }

    /// nil when the point is usable, else why it is skipped.
    static func check(_ p: GeoPoint) -> Located? {
        if !(-90...90).contains(p.latitude) || !(-180...180).contains(p.longitude) {
            return .skip("with coordinates out of range")
        }
        if p.latitude == 0 && p.longitude == 0 { return .skip("at 0,0") }
        return nil
    }

    /// A position `[longitude, latitude]` or `[longitude, latitude, elevation]`.
    static func position(_ c: [JSONValue], feature: Int) throws(ImportError) -> GeoPoint {
        guard c.count >= 2, let lng = c[0].number, let lat = c[1].number,
            c.dropFirst(2).allSatisfy({ $0.number != nil })
        else {
            throw fail(feature, "coordinates must be [longitude, latitude]")
        }
        return GeoPoint(latitude: lat, longitude: lng)
    }

    /// A polygon's rings: each at least four positions (RFC 7946 §3.1.6). An unclosed ring is
    /// read as if closed rather than refused: the intent is plain and some writers omit it.
    static func rings(_ c: [JSONValue], feature: Int) throws(ImportError) -> [[GeoPoint]] {
        var out: [[GeoPoint]] = []
        for r in c {
            guard let positions = r.array else {
                throw fail(feature, "a polygon's coordinates must be an array of rings")
            }
            guard positions.count >= 4 else {
                throw fail(feature, "a polygon ring needs at least 4 positions, found \(positions.count)")
            }
            var ring: [GeoPoint] = []
            ring.reserveCapacity(positions.count)
            for p in positions {
                guard let a = p.array else { throw fail(feature, "coordinates must be [longitude, latitude]") }
                ring.append(try position(a, feature: feature))
            }
            if ring.first == ring.last { ring.removeLast() }
            out.append(ring)
        }
        return out
    }

    /// Area in square metres on the sphere: the outer ring's minus its holes', each by the
    /// spherical-excess line integral of Chamberlain & Duquette ("Some algorithms for polygons
    /// on a sphere", JPL 2007), the formula Turf and d3 use. Rings are taken without orientation.
    static func area(_ polygon: [[GeoPoint]]) -> Double {
        guard let outer = polygon.first else { return 0 }
        var a = ringArea(outer)
        for hole in polygon.dropFirst() { a -= ringArea(hole) }
        return max(0, a)
    }

    static func ringArea(_ ring: [GeoPoint]) -> Double {
        let n = ring.count
        guard n >= 3 else { return 0 }
        let rad = Double.pi / 180
        var sum = 0.0
        for i in 0..<n {
            let prev = ring[(i + n - 1) % n]
            let next = ring[(i + 1) % n]
            sum += (next.longitude - prev.longitude) * rad * sin(ring[i].latitude * rad)
        }
        return abs(sum) * earthRadius * earthRadius / 2
    }

    /// A point inside the polygon (outer ring, holes after it), found in longitude/latitude
    /// degrees: both steps are unchanged by the east-west scaling of any local projection, so
    /// no projection is needed (polygons crossing the antimeridian are not handled).
    ///
    /// 1. The area centroid, when it lies inside (even-odd rule over all rings): for convex and
    ///    most real building outlines it is the natural "middle".
    /// 2. Otherwise (an L, a U, a ring around a courtyard) a horizontal line through the
    ///    centroid is cut by every ring edge; the crossings, sorted, pair up into the spans that
    ///    lie inside, and the middle of the widest span is the point: always inside, and as far
    ///    from the outline as that line allows.
    /// 3. A degenerate polygon (no area, no span) falls back to the mean of its outer vertices.
    static func interiorPoint(_ polygon: [[GeoPoint]]) -> GeoPoint {
        let outer = polygon[0]
        var cx = 0.0
        var cy = 0.0
        var a2 = 0.0
        // Shift to the first vertex so the products keep their precision near ±180.
        let ox = outer[0].longitude
        let oy = outer[0].latitude
        for (k, ring) in polygon.enumerated() {
            var ringA = 0.0
            var ringX = 0.0
            var ringY = 0.0
            let n = ring.count
            for i in 0..<n {
                let p = ring[i]
                let q = ring[(i + 1) % n]
                let x0 = p.longitude - ox
                let y0 = p.latitude - oy
                let x1 = q.longitude - ox
                let y1 = q.latitude - oy
                let cross = x0 * y1 - x1 * y0
                ringA += cross
                ringX += (x0 + x1) * cross
                ringY += (y0 + y1) * cross
            }
            // The outer ring counts positive and holes negative, whatever their winding.
            let sign: Double = (k == 0) == (ringA >= 0) ? 1 : -1
            a2 += sign * ringA
            cx += sign * ringX
            cy += sign * ringY
        }
        if a2 != 0 {
            let c = GeoPoint(latitude: oy + cy / (3 * a2), longitude: ox + cx / (3 * a2))
            if contains(polygon, c) { return c }
            if let p = widestSpan(polygon, latitude: c.latitude) { return p }
        }
        let lat = outer.reduce(0) { $0 + $1.latitude } / Double(outer.count)
        let lng = outer.reduce(0) { $0 + $1.longitude } / Double(outer.count)
        return GeoPoint(latitude: lat, longitude: lng)
    }

    /// Even-odd point in polygon over all rings.
    static func contains(_ polygon: [[GeoPoint]], _ p: GeoPoint) -> Bool {
        var inside = false
        for ring in polygon {
            let n = ring.count
            var j = n - 1
            for i in 0..<n {
                let a = ring[i]
                let b = ring[j]
                if (a.latitude > p.latitude) != (b.latitude > p.latitude) {
                    let x =
                        a.longitude + (p.latitude - a.latitude) / (b.latitude - a.latitude)
                        * (b.longitude - a.longitude)
                    if p.longitude < x { inside.toggle() }
                }
                j = i
            }
        }
        return inside
    }

    /// The middle of the widest inside span of the horizontal line at `latitude`, or nil.
    static func widestSpan(_ polygon: [[GeoPoint]], latitude y: Double) -> GeoPoint? {
        var xs: [Double] = []
        for ring in polygon {
            let n = ring.count
            for i in 0..<n {
                let a = ring[i]
                let b = ring[(i + 1) % n]
                // Half-open on latitude, so a vertex on the line is counted once.
                if (a.latitude > y) != (b.latitude > y) {
                    xs.append(a.longitude + (y - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude))
                }
            }
        }
        xs.sort()
        var best: (width: Double, mid: Double)? = nil
        var k = 0
        while k + 1 < xs.count {
            let w = xs[k + 1] - xs[k]
            if w > 0 && w > best?.width ?? 0 { best = (w, (xs[k] + xs[k + 1]) / 2) }
            k += 2
        }
        return best.map { GeoPoint(latitude: y, longitude: $0.mid) }
    }
}

/// Writes places as GeoJSON that `GeoJSONImporter` reads back to the same records.
///
/// A FeatureCollection of Point features, one per line (diffable, and still one JSON value),
/// coordinates `[longitude, latitude]` in shortest round-tripping form, and the plain schema's
/// properties in a fixed order: `id`, `name`, `types`, `address`, `rating`, `price`, `radius`.
/// A missing address (empty), rating (0) or price (-1) is written as `null`, so every feature
/// has the same keys.
public enum GeoJSONExporter {
    /// The document's bytes (UTF-8, ending with a line break).
    public static func write<P: ExportedPlace>(_ places: [P]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(places.count * 220 + 64)
        func put(_ s: String) { out.append(contentsOf: s.utf8) }
        put("{\"type\":\"FeatureCollection\",\"features\":[")
        for (i, p) in places.enumerated() {
            put(i == 0 ? "\n" : ",\n")
            put("{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
            put(JSON.format(p.coordinate.longitude))
            put(",")
            put(JSON.format(p.coordinate.latitude))
            put("]},\"properties\":{\"id\":")
            JSON.appendQuoted(p.id, to: &out)
            put(",\"name\":")
            JSON.appendQuoted(p.name, to: &out)
            put(",\"types\":[")
            for (k, t) in p.types.enumerated() {
                if k > 0 { put(",") }
                JSON.appendQuoted(t, to: &out)
            }
            put("],\"address\":")
            if p.address.isEmpty { put("null") } else { JSON.appendQuoted(p.address, to: &out) }
            put(",\"rating\":")
            put(p.rating > 0 && p.rating.isFinite ? JSON.format(p.rating) : "null")
            put(",\"price\":")
            put(p.priceLevel >= 0 ? String(p.priceLevel) : "null")
            put(",\"radius\":")
            put(p.radius > 0 && p.radius.isFinite ? JSON.format(p.radius) : "null")
            put("}}")
        }
        put(places.isEmpty ? "]}\n" : "\n]}\n")
        return out
    }
}
