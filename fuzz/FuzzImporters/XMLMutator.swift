// The XML mutator, for GPX (selector 0) and OSM XML (selector 3): changes the file's structure,
// not its bytes, so that what reaches the readers is well-formed XML of an unusual shape — the
// shapes that once made them quadratic (80,000 `<tag>`s on one node, each copying the node) or
// slow to stop (a long file with no point at which to look for Ctrl-C).
//
// The file is scanned for its elements (start and end tags matched on a stack; comments,
// processing instructions, CDATA and the DOCTYPE are kept as they are, untouched). One
// mutation:
//
//   - an element repeated, right after itself, 2 to 100,000 times (as many as fit);
//   - attributes added to a start tag: many distinct ones (`a1="1" a2="2" …`, up to 10,000),
//     or one of its own repeated (a duplicate, which a reader must refuse);
//   - an element nested in copies of itself, 2 to 1,000 deep;
//   - an attribute's value set to an edge: a number at or past the ends of a double, `-0`,
//     `NaN`, `inf`, an empty value, a long one, a character reference to a control character;
//   - an element removed, or moved into another element.
//
// Nil when the file has no element or the result would not fit in `maxSize`.
import PlaceKit
import PlaceStorage

enum XMLMutator {
    struct Element {
        /// Where its start tag begins (`<`) and ends (after `>`).
        var start: Int
        var startTagEnd: Int
        /// After its end tag (or after `/>` for an empty element).
        var end: Int
        /// Where its name ends in the start tag.
        var nameEnd: Int
        var isEmpty: Bool
    }

    static func mutate(_ file: [UInt8], maxSize: Int, _ random: inout SeededRandom) -> [UInt8]? {
        let elements = scan(file)
        guard !elements.isEmpty else { return nil }
        let element = random.pick(elements)
        let whole = Array(file[element.start..<element.end])
        var out: [UInt8]
        switch random.below(6) {
        case 0:
            let room = max(0, maxSize - file.count) / max(1, whole.count)
            let times = min(random.pick([2, 10, 1_000, 100_000]), room)
            guard times > 0 else { return nil }
            out = Array(file[..<element.end])
            for _ in 0..<times { out += whole }
            out += file[element.end...]
        case 1:
            var added: [UInt8] = []
            let attributes = attributeRanges(file, element)
            if random.oneIn(3), let own = attributes.first {
                // A duplicate of its own: `lat="1" lat="1"`.
                added = [0x20] + Array(file[own])
            } else {
                let count = random.pick([2, 16, 1_000, 10_000])
                for k in 0..<count {
                    added += Array(" a\(k)=\"\(k)\"".utf8)
                    if added.count > maxSize - file.count { break }
                }
            }
            out = Array(file[..<element.nameEnd]) + added + Array(file[element.nameEnd...])
        case 2:
            guard !element.isEmpty else { return nil }
            let name = Array(file[(element.start + 1)..<element.nameEnd])
            let open = Array(file[element.start..<element.startTagEnd])
            let close = [UInt8(ascii: "<"), UInt8(ascii: "/")] + name + [UInt8(ascii: ">")]
            let depth = min(
                random.pick([2, 10, 1_000]), max(0, maxSize - file.count) / max(1, open.count + close.count))
            guard depth > 0 else { return nil }
            out = Array(file[..<element.start])
            for _ in 0..<depth { out += open }
            out += whole
            for _ in 0..<depth { out += close }
            out += file[element.end...]
        case 3:
            let attributes = attributeRanges(file, element)
            guard let attribute = attributes.isEmpty ? nil : random.pick(attributes),
                let quote = file[attribute].firstIndex(where: { $0 == 0x22 || $0 == 0x27 })
            else { return nil }
            let edges = [
                "1e309", "-1e309", "1.7976931348623157e308", "4.9e-324", "-0", "NaN", "nan", "inf", "-inf", "", "0",
                "90.0000001", "-180.0000001", "9223372036854775808", "-9223372036854775809", "1e-400",
                "&#1;", "&#x202E;", String(repeating: "9", count: 400), "2024-02-30T25:61:61Z",
            ]
            let value = Array(random.pick(edges).utf8)
            out = Array(file[..<(quote + 1)]) + value + [file[quote]] + Array(file[attribute.upperBound...])
        case 4:
            out = Array(file[..<element.start]) + Array(file[element.end...])
        default:
            let hosts = elements.filter { !$0.isEmpty && ($0.end <= element.start || $0.start >= element.end) }
            guard let host = hosts.isEmpty ? nil : random.pick(hosts) else { return nil }
            // Inserted in the other element, just after its start tag; then removed from here.
            var copy = file
            if host.startTagEnd > element.start {
                copy.insert(contentsOf: whole, at: host.startTagEnd)
                copy.removeSubrange(element.start..<element.end)
            } else {
                copy.removeSubrange(element.start..<element.end)
                copy.insert(contentsOf: whole, at: host.startTagEnd)
            }
            out = copy
        }
        return out.count <= maxSize ? out : nil
    }

    /// The elements of `file`, in document order; tags that do not match are left out.
    static func scan(_ file: [UInt8]) -> [Element] {
        var elements: [Element] = []
        var open: [(start: Int, startTagEnd: Int, nameEnd: Int, name: ArraySlice<UInt8>)] = []
        var i = 0
        let n = file.count
        while i < n {
            guard file[i] == UInt8(ascii: "<"), i + 1 < n else {
                i += 1
                continue
            }
            let next = file[i + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                // A comment, CDATA, DOCTYPE or processing instruction: skipped whole.
                let terminator: [UInt8] =
                    file[i...].starts(with: Array("<!--".utf8))
                    ? Array("-->".utf8) : file[i...].starts(with: Array("<![CDATA[".utf8)) ? Array("]]>".utf8) : [0x3E]
                guard let end = find(terminator, in: file, from: i + 2) else { return elements }
                i = end + terminator.count
                continue
            }
            guard let close = file[i...].firstIndex(of: UInt8(ascii: ">")) else { return elements }
            if next == UInt8(ascii: "/") {
                let name = file[(i + 2)..<close].prefix { isNameByte($0) }
                if let k = open.lastIndex(where: { $0.name == name }) {
                    let o = open[k]
                    open.removeSubrange(k...)
                    elements.append(
                        Element(
                            start: o.start, startTagEnd: o.startTagEnd, end: close + 1, nameEnd: o.nameEnd,
                            isEmpty: false))
                }
            } else {
                let nameEnd = file[(i + 1)..<close].firstIndex { !isNameByte($0) } ?? close
                guard nameEnd > i + 1 else {
                    i += 1
                    continue
                }
                if file[close - 1] == UInt8(ascii: "/") {
                    elements.append(
                        Element(start: i, startTagEnd: close + 1, end: close + 1, nameEnd: nameEnd, isEmpty: true))
                } else {
                    open.append((i, close + 1, nameEnd, file[(i + 1)..<nameEnd]))
                }
            }
            i = close + 1
        }
        return elements.sorted { $0.start < $1.start }
    }

    /// The `name="value"` attributes of an element's start tag, each as a range of `file`.
    static func attributeRanges(_ file: [UInt8], _ element: Element) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = element.nameEnd
        let end = element.startTagEnd - 1
        while i < end {
            while i < end && !isNameByte(file[i]) { i += 1 }
            let start = i
            while i < end && isNameByte(file[i]) { i += 1 }
            while i < end && (file[i] == 0x20 || file[i] == 0x3D || file[i] == 0x09 || file[i] == 0x0A) { i += 1 }
            guard i < end, file[i] == 0x22 || file[i] == 0x27 else { continue }
            let quote = file[i]
            guard let closing = file[(i + 1)..<end].firstIndex(of: quote) else { break }
            ranges.append(start..<(closing + 1))
            i = closing + 1
        }
        return ranges.filter { !$0.isEmpty }
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x3A || b == 0x5F
            || b == 0x2D || b == 0x2E || b >= 0x80
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
