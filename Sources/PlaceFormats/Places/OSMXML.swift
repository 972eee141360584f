/// The OpenStreetMap XML importer (`.osm`, as the OSM API, JOSM, osmium and Overpass write it).
public enum OSMXMLImporter {
    /// Reads an OSM XML file: named nodes, ways and relations with a POI tag become places, per
    /// the rules of `OSMAssembler` (which ways and relations become what, where they are placed),
    /// shared with the PBF importer so that both formats give the same places.
    ///
    /// What is read: `<osm>` with `<node id lat lon>`, `<way id>` with `<nd ref>`, `<relation
    /// id>` with `<member type ref role>`, and `<tag k v>` in each. Everything else (`<bounds>`,
    /// `<changeset>`, unknown elements, metadata attributes) is ignored. Elements marked
    /// `action="delete"` (JOSM) or `visible="false"` (history) are ignored and counted in a
    /// warning. Element names are matched by local name, attribute names exactly.
    ///
    /// **Errors** (with the line, and `item` = the element's number among nodes, ways and
    /// relations): XML that is not well-formed (see `XMLScanner`, including a file cut short), an
    /// empty file, a root element other than `<osm>`, an element without a valid integer `id`,
    /// an `<nd>` without a valid `ref`, a `<member>` without a valid `ref` or with a `type` other
    /// than node, way or relation, a `<tag>` without `k`.
    ///
    /// **Skipped** (counted in the summary): a node feature whose `lat`/`lon` is missing, not a
    /// number or out of range is skipped *without coordinates* (a warning names its line, the
    /// first ten one by one), and ways that use such a node lack it.
    ///
    /// With `baseMap`, the summary's `baseMap` holds the extract's roads, railways, water,
    /// green areas, buildings and street names (`MapFeatureKind.of`).
    public static func parse(
        _ bytes: [UInt8], interruption: ImportInterruption = .none, baseMap: Bool = false
    ) -> Result<ImportSummary, ImportError> {
        bytes.withUnsafeBufferPointer { buffer -> Result<ImportSummary, ImportError> in
            var reader = OSMXMLReader(buffer, interruption: interruption, baseMap: baseMap)
            do throws(ImportError) {
                return .success(try reader.read())
            } catch {
                return .failure(error)
            }
        }
    }
}

/// The state of one OSM XML read: the scanner, the element being read and the assembler.
struct OSMXMLReader {
    private var scanner: XMLScanner
    private var assembler: OSMAssembler

    /// The kind of top-level element being read.
    private enum Kind { case node, way, relation }

    /// The node, way or relation being read, until its end tag.
    private struct Current {
        var kind: Kind
        var id: Int64
        var offset: Int
        var deleted: Bool
        /// Nodes: the position in 10⁻⁷ degrees, or why it is not usable.
        var position: Result<(Int32, Int32), Problem>
        var tags: [String: String] = [:]
        var refs: [Int64] = []
        var members: [OSMAssembler.Member] = []
    }

    /// Why a node has no usable position, for the warning.
    private struct Problem: Error {
        var text: String
    }

    private var current: Current?
    /// Elements read (nodes, ways, relations), for `ImportError.item`.
    private var elementCount = 0
    /// Warnings about nodes without a usable position: the first ten, and a count.
    private var positionWarnings: [String] = []
    private var positionProblems = 0

    private var interruption: ImportInterruption

    init(_ bytes: UnsafeBufferPointer<UInt8>, interruption: ImportInterruption = .none, baseMap: Bool = false) {
        scanner = XMLScanner(bytes)
        assembler = OSMAssembler(format: "OSM XML", baseMap: baseMap)
        assembler.baseMapPointBudget = OSMAssembler.baseMapPoints(forFileOf: bytes.count)
        self.interruption = interruption
    }

    private mutating func line(_ offset: Int) -> Int { scanner.location(of: offset).line }

    private mutating func error(_ message: String, at offset: Int) -> ImportError {
        // Inside a node, way or relation (whose `current` is taken out while a child is read).
        ImportError(message, line: line(offset), item: scanner.depth >= 2 ? elementCount : nil)
    }

    mutating func read() throws(ImportError) -> ImportSummary {
        let bytes = scanner.bytes
        var first = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while first < bytes.count && GPX.isSpace(bytes[first]) { first += 1 }
        if first == bytes.count { throw ImportError("not an OpenStreetMap XML file: the file is empty", line: 1) }
        while true {
            // Every event, not every element: one node may hold a million tags.
            try interruption.check()
            let event: XMLScanner.Event
            do {
                event = try scanner.next()
            } catch {
                throw ImportError(
                    "\(error.message) (column \(error.column))", line: error.line,
                    item: current == nil ? nil : elementCount)
            }
            switch event {
            case .start(let name, let offset):
                try start(name, offset: offset)
            case .end:
                // Depth is already one less: 1 means a child of <osm> just ended.
                if scanner.depth == 1, let c = current {
                    finishElement(c)
                    current = nil
                }
            case .text:
                continue
            case .endOfDocument:
                var summary = assembler.finish()
                if positionProblems > 0 {
                    var lines = positionWarnings
                    if positionProblems > positionWarnings.count {
                        lines.append(
                            "…and \(positionProblems - positionWarnings.count) more nodes without a usable position")
                    }
                    summary.warnings.insert(contentsOf: lines, at: 0)
                }
                return summary
            }
        }
    }

    private mutating func start(_ name: XMLScanner.Name, offset: Int) throws(ImportError) {
        let depth = scanner.depth
        if depth == 1 {
            guard scanner.bytes(name.local, equal: "osm") else {
                throw error(
                    "not an OpenStreetMap XML file: the root element is <\(scanner.shown(name.qualified))>, not <osm>",
                    at: offset)
            }
            return
        }
        if depth == 2 {
            let kind: Kind
            if scanner.bytes(name.local, equal: "node") {
                kind = .node
            } else if scanner.bytes(name.local, equal: "way") {
                kind = .way
            } else if scanner.bytes(name.local, equal: "relation") {
                kind = .relation
            } else {
                return
            }
            elementCount += 1
            let what = kind == .node ? "node" : kind == .way ? "way" : "relation"
            guard let idAttr = scanner.attribute("id") else {
                current = Current(
                    kind: kind, id: 0, offset: offset, deleted: false, position: .failure(Problem(text: "")))
                throw error("<\(what)> without an id", at: offset)
            }
            guard let id = Self.integer(scanner.bytes, idAttr.value) else {
                current = Current(
                    kind: kind, id: 0, offset: offset, deleted: false, position: .failure(Problem(text: "")))
                throw error("<\(what)> has id '\(excerpt(scanner.string(idAttr)))', not an integer", at: offset)
            }
            var deleted = false
            if let action = scanner.attribute("action"), scanner.bytes(action.value, equal: "delete") { deleted = true }
            if let visible = scanner.attribute("visible"), scanner.bytes(visible.value, equal: "false") {
                deleted = true
            }
            var position: Result<(Int32, Int32), Problem> = .failure(Problem(text: ""))
            if kind == .node && !deleted {
                position = nodePosition()
            }
            current = Current(kind: kind, id: id, offset: offset, deleted: deleted, position: position)
            return
        }
        // Taken out while it changes, so that its tags and refs are not copied for each child.
        guard depth == 3, var element = current else { return }
        current = nil
        defer { current = element }
        let what = element.kind == .node ? "node" : element.kind == .way ? "way" : "relation"
        let id = element.id
        if scanner.bytes(name.local, equal: "tag") {
            guard let k = scanner.attribute("k") else { throw error("\(what) \(id): <tag> without k", at: offset) }
            let key = scanner.string(k)
            let value = scanner.attribute("v").map { scanner.string($0) } ?? ""
            if element.tags[key] == nil { element.tags[key] = value }
        } else if element.kind == .way && scanner.bytes(name.local, equal: "nd") {
            guard let r = scanner.attribute("ref") else { throw error("way \(id): <nd> without a ref", at: offset) }
            guard let ref = Self.integer(scanner.bytes, r.value) else {
                throw error("way \(id): <nd> has ref '\(excerpt(scanner.string(r)))', not an integer", at: offset)
            }
            element.refs.append(ref)
        } else if element.kind == .relation && scanner.bytes(name.local, equal: "member") {
            guard let r = scanner.attribute("ref") else {
                throw error("relation \(id): <member> without a ref", at: offset)
            }
            guard let ref = Self.integer(scanner.bytes, r.value) else {
                throw error(
                    "relation \(id): <member> has ref '\(excerpt(scanner.string(r)))', not an integer", at: offset)
            }
            let typeText = scanner.attribute("type").map { scanner.string($0) } ?? ""
            let kind: OSMAssembler.Member.Kind
            switch typeText {
            case "node": kind = .node
            case "way": kind = .way
            case "relation": kind = .relation
            default:
                throw error(
                    "relation \(id): <member> has type '\(excerpt(typeText))', not node, way or relation", at: offset)
            }
            let role = scanner.attribute("role").map { scanner.string($0) } ?? ""
            element.members.append(OSMAssembler.Member(kind: kind, ref: ref, role: role))
        }
    }

    /// The `lat`/`lon` of the node start tag just read, in 10⁻⁷ degrees, or what is wrong.
    private func nodePosition() -> Result<(Int32, Int32), Problem> {
        func coordinate(_ name: StaticString, limit: Double) -> Result<Int32, Problem> {
            guard let a = scanner.attribute(name) else { return .failure(Problem(text: "no \(name)")) }
            guard let v = GPX.number(scanner.bytes, a.value) else {
                return .failure(Problem(text: "\(name) '\(excerpt(scanner.string(a)))' is not a number"))
            }
            guard v >= -limit && v <= limit else {
                return .failure(Problem(text: "\(name) \(excerpt(scanner.string(a))) is out of range"))
            }
            return .success(Int32((v * 1e7).rounded()))  // safe: within ±180°, checked above: at most 1.8e9
        }
        switch (coordinate("lat", limit: 90), coordinate("lon", limit: 180)) {
        case (.success(let lat), .success(let lon)): return .success((lat, lon))
        case (.failure(let p), _), (_, .failure(let p)): return .failure(p)
        }
    }

    private mutating func finishElement(_ c: Current) {
        if c.deleted {
            assembler.addDeleted()
            return
        }
        switch c.kind {
        case .node:
            switch c.position {
            case .success(let (lat, lon)):
                assembler.addNode(id: c.id, lat: lat, lon: lon, tags: c.tags)
            case .failure(let problem):
                positionProblems += 1
                if positionWarnings.count < 10 {
                    positionWarnings.append(
                        "line \(line(c.offset)): node \(c.id) has no usable position (\(problem.text))")
                }
                assembler.addNodeWithoutPosition(tags: c.tags)
            }
        case .way:
            assembler.addWay(id: c.id, refs: c.refs, tags: c.tags)
        case .relation:
            assembler.addRelation(id: c.id, members: c.members, tags: c.tags)
        }
    }

    /// A decimal integer (optional `-`, digits only, fits in Int64) from bytes, or nil.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        var i = range.lowerBound
        let negative = i < range.upperBound && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < range.upperBound else { return nil }
        var value: Int64 = 0
        while i < range.upperBound {
            let d = bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int64(d))  // safe: a digit, 0…9
            guard !o1 && !o2 else { return nil }
            value = s
            i += 1
        }
        return negative ? -value : value
    }
}
