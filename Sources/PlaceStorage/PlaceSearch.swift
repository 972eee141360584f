import PlaceFormats

/// Finding places by a piece of their name, ignoring case and accents (`cafe` finds
/// "Café Sydney", `MULLER` finds "Müller"), without Foundation.
///
/// **Folding.** Each Unicode scalar becomes: its lower-case mapping; nothing, when it is a
/// combining mark (so a decomposed `e` + U+0301 folds as a precomposed `é` does); its base
/// letter, when Unicode names it a Latin letter "with" something (`é` LATIN SMALL LETTER E WITH
/// ACUTE → `e`, `Ø` → `o`, `Ł` → `l`). That is what Foundation's `.caseInsensitive,
/// .diacriticInsensitive` folding does for Latin text, and a little more (Foundation keeps `ø`
/// and `ł`, which have no decomposition); other scripts are only lower-cased.
///
/// **Speed.** An ASCII name is matched byte by byte, with no String made: a million names take
/// tens of milliseconds. Other names are folded scalar by scalar through a cache that lives as
/// long as one search.
public struct NameFolding {
    /// Folded scalars seen in this search (the Unicode name lookup is slow).
    package var cache: [UInt32: [UInt8]] = [:]

    public init() {}

    /// `text` folded, as UTF-8.
    public mutating func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    /// The folded UTF-8 of `bytes` (valid UTF-8, as the store holds it).
    package mutating func fold(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { append(scalar, to: &out) }
        return out
    }

    package mutating func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if scalar.isASCII {
            out.append(asciiLower(UInt8(scalar.value)))  // safe: an ASCII scalar is below 128
            return
        }
        if let known = cache[scalar.value] {
            out.append(contentsOf: known)
            return
        }
        let folded = Self.folded(scalar)
        cache[scalar.value] = folded
        out.append(contentsOf: folded)
    }

    /// One non-ASCII scalar folded (see the type's summary).
    package static func folded(_ scalar: Unicode.Scalar) -> [UInt8] {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return []
        default: break
        }
        if let name = properties.name {
            for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
                let rest = name.utf8.dropFirst(prefix.utf8.count)
                // "X WITH …": one letter, then " WITH ".
                if let letter = rest.first, letter >= 0x41 && letter <= 0x5A,
                    rest.dropFirst().starts(with: " WITH ".utf8)
                {
                    return [letter | 0x20]
                }
            }
        }
        return Array(properties.lowercaseMapping.utf8)
    }
}

extension PlaceStore {
    /// The rows whose name contains `text` folded (`NameFolding`), in row order. An empty
    /// `text` matches every name.
    public func indexes(nameContaining text: String) -> [Int] {
        var folding = NameFolding()
        let wanted = folding.fold(text)
        let asciiWanted = wanted.allSatisfy { $0 < 0x80 }
        var rows: [Int] = []
        self.text.withUnsafeBufferPointer { buffer in
            wanted.withUnsafeBufferPointer { needle in
                for row in 0..<count {
                    let r = Self.field(buffer, slots[row].name)
                    if isASCII(buffer, r) {
                        // Folding never makes a non-ASCII needle ASCII: no ASCII name holds it.
                        if asciiWanted && Self.contains(UnsafeBufferPointer(rebasing: buffer[r]), needle, fold: true) {
                            rows.append(row)
                        }
                        continue
                    }
                    let name = folding.fold(UnsafeBufferPointer(rebasing: buffer[r]))
                    if name.withUnsafeBufferPointer({ Self.contains($0, needle, fold: false) }) { rows.append(row) }
                }
            }
        }
        return rows
    }

    /// The places whose name contains `text` (`indexes(nameContaining:)`), nearest `point`
    /// first, then by ID; at most `limit`, and how many matched in all.
    public func find(
        _ text: String, from point: GeoPoint, limit: Int
    ) -> (found: [(index: Int, distance: Double)], total: Int) {
        let rows = indexes(nameContaining: text)
        let found = rows.map { (index: $0, distance: distance(point, coordinate(at: $0))) }
        return (Self.sortedByDistance(found, limit: max(0, limit), store: self), rows.count)
    }

    /// Whether `haystack` holds `needle` (already folded), ASCII-lower-casing the haystack's
    /// bytes when `fold` says so.
    package static func contains(
        _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, fold: Bool
    )
        -> Bool
    {
        let n = needle.count
        guard n > 0 else { return true }
        guard haystack.count >= n else { return false }
        for start in 0...(haystack.count - n) {
            var k = 0
            while k < n {
                let b = haystack[start + k]
                if (fold ? asciiLower(b) : b) != needle[k] { break }
                k += 1
            }
            if k == n { return true }
        }
        return false
    }
}
