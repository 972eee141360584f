// The OSM PBF mutator: changes one value inside a blob and writes the file back with its framing
// intact, so the change reaches the PrimitiveBlock reader instead of failing the blob checks.
//
// The file is split into its BlobHeader/Blob pairs (a 4-byte big-endian header length, the
// header, the blob; anything after the last whole pair is kept as it is). One blob is picked
// (an `OSMData` one three times in four), its data taken raw or inflated from `zlib_data`, and
// parsed as a tree of protobuf fields: varints, fixed64, fixed32 and length-delimited values,
// each of those read as a nested message if it parses as one, else as packed varints, else kept
// as bytes. One mutation is applied to the tree:
//
//   - a varint, or one element of a packed list (the first a quarter of the time), set to a
//     64-bit edge value (0, ±1, 2^31, 2^32, 2^63−1, 2^63−10, −2^63, …), written as two's
//     complement or zigzag, or to a random value, or moved by a small step;
//   - biased to the fields the coordinate arithmetic reads: the PrimitiveBlock's granularity,
//     date_granularity, lat_offset and lon_offset (fields 17, 18, 19, 20; added if missing) set to
//     an edge value, half the time with the first node's matching coordinate (DenseNodes or
//     Node lat/lon, fields 8 and 9) set to 0 or an edge value at the same time;
//   - a fixed32/fixed64 value set to all zeros or all ones;
//   - a field deleted or repeated, or a new varint field added;
//   - a length-delimited value emptied or cut short;
//   - one time in eight, the blob made to inflate (`inflate`): a packed list grown by up to
//     millions of zeros or copies, or a message repeated as often, and deflated again, so a
//     file of kilobytes asks for tens of megabytes (the reader's budget must refuse it).
//
// The tree is encoded again with correct lengths, the blob written raw or deflated again (with
// its raw_size), and the BlobHeader's datasize set to the new blob's size.
import CZlib
import PlaceFormats
import PlaceKit
import PlaceStorage

enum PBFMutator {
    indirect enum Value {
        case varint(UInt64)
        case fixed64([UInt8])
        case fixed32([UInt8])
        case bytes([UInt8])
        case packed([UInt64])
        case message([Field])
    }

    struct Field {
        var number: Int
        var value: Value
    }

    /// Nesting below this depth stays bytes (PBF's deepest message, a DenseInfo, is at 4).
    static let maxDepth = 6
    /// Blobs that say they inflate to more than this are left to the default mutator.
    static let maxInflated = 8 * 1024 * 1024

    struct Pair {
        var header: [Field]
        var blob: [UInt8]
        var isData: Bool
    }

    static func mutate(_ file: [UInt8], _ random: inout SeededRandom) -> [UInt8]? {
        guard var (pairs, rest) = split(file), !pairs.isEmpty else { return nil }
        let data = pairs.indices.filter { pairs[$0].isData }
        let index = !data.isEmpty && !random.oneIn(4) ? random.pick(data) : random.below(pairs.count)
        guard let (payload, compressed) = unwrap(pairs[index].blob),
            var tree = parseMessage(payload[...], depth: 0)
        else { return nil }
        if random.oneIn(8) { inflate(&tree, &random) } else { mutateTree(&tree, isData: pairs[index].isData, &random) }
        let encoded = encode(tree)
        var blob = ProtoWriter()
        // A blob made large is always deflated: its zeros and repeats take a few bytes there,
        // as in a file made to inflate.
        if (compressed && !random.oneIn(2)) || encoded.count > 1 << 20, let deflated = deflate(encoded) {
            blob.varintField(2, UInt64(encoded.count))
            blob.bytesField(3, deflated)
        } else {
            blob.bytesField(1, encoded)
        }
        pairs[index].blob = blob.bytes
        for i in pairs[index].header.indices where pairs[index].header[i].number == 3 {
            pairs[index].header[i].value = .varint(UInt64(blob.bytes.count))
        }
        var out: [UInt8] = []
        for pair in pairs {
            let header = encode(pair.header)
            let n = UInt32(header.count)
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            out += header
            out += pair.blob
        }
        rest.insert(contentsOf: out, at: 0)
        return rest
    }

    // MARK: - Framing

    /// The file's whole BlobHeader/Blob pairs and what follows them.
    static func split(_ file: [UInt8]) -> ([Pair], [UInt8])? {
        var pairs: [Pair] = []
        var at = 0
        while file.count - at >= 4 {
            let n = Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
            guard n <= file.count - at - 4, let header = parseMessage(file[(at + 4)..<(at + 4 + n)], depth: maxDepth)
            else { break }
            var size: UInt64?
            var isData = false
            for field in header {
                if field.number == 3, case .varint(let v) = field.value { size = v }
                if field.number == 1, case .bytes(let b) = field.value { isData = b == Array("OSMData".utf8) }
            }
            let start = at + 4 + n
            guard let size, size <= UInt64(file.count - start) else { break }
            pairs.append(Pair(header: header, blob: Array(file[start..<(start + Int(size))]), isData: isData))
            at = start + Int(size)
        }
        return (pairs, Array(file[at...]))
    }

    /// A blob's data and whether it was zlib-compressed; nil for other compressions or damage.
    static func unwrap(_ blob: [UInt8]) -> ([UInt8], Bool)? {
        guard let fields = parseMessage(blob[...], depth: maxDepth) else { return nil }
        var rawSize: UInt64?
        var zlib: [UInt8]?
        for field in fields {
            switch (field.number, field.value) {
            case (1, .bytes(let raw)): return (raw, false)
            case (2, .varint(let v)): rawSize = v
            case (3, .bytes(let z)): zlib = z
            default: break
            }
        }
        guard let zlib, let rawSize, rawSize <= UInt64(maxInflated) else { return nil }
        var out = [UInt8](repeating: 0, count: max(Int(rawSize), 1))
        var length = uLongf(rawSize)
        let status = out.withUnsafeMutableBufferPointer { dst in
            zlib.withUnsafeBufferPointer { src in
                guard let d = dst.baseAddress, let s = src.baseAddress else { return Z_DATA_ERROR }
                return uncompress(d, &length, s, uLong(src.count))
            }
        }
        guard status == Z_OK else { return nil }
        return (Array(out.prefix(Int(length))), true)
    }

    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(bytes.count))))
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { dst in
            bytes.withUnsafeBufferPointer { src in
                guard let d = dst.baseAddress else { return Z_MEM_ERROR }
                // An empty source still needs a valid pointer.
                return compress2(d, &length, src.baseAddress ?? UnsafePointer(d), uLong(src.count), Z_BEST_SPEED)
            }
        }
        return status == Z_OK ? Array(out.prefix(Int(length))) : nil
    }

    // MARK: - The field tree

    /// `bytes` as a message, or nil when it is not one (a bad key or length, a group field).
    /// Length-delimited values are parsed further below `maxDepth`.
    static func parseMessage(_ bytes: ArraySlice<UInt8>, depth: Int) -> [Field]? {
        let contiguous = Array(bytes)
        return contiguous.withUnsafeBufferPointer { buffer -> [Field]? in
            var r = ProtoReader(buffer)
            var fields: [Field] = []
            do throws(ProtoReader.Failure) {
                while let key = try r.key() {
                    guard key.field < 1 << 29 else { return nil }
                    let number = Int(key.field)
                    let start = r.position
                    switch key.wireType {
                    case .varint:
                        fields.append(Field(number: number, value: .varint(try r.varint())))
                    case .fixed64:
                        try r.skip(key)
                        fields.append(Field(number: number, value: .fixed64(Array(buffer[start..<r.position]))))
                    case .fixed32:
                        try r.skip(key)
                        fields.append(Field(number: number, value: .fixed32(Array(buffer[start..<r.position]))))
                    case .lengthDelimited:
                        let range = try r.lengthDelimited()
                        fields.append(Field(number: number, value: lengthDelimited(contiguous[range], depth: depth)))
                    case .startGroup, .endGroup:
                        return nil
                    }
                }
            } catch {
                return nil
            }
            return fields
        }
    }

    static func lengthDelimited(_ bytes: ArraySlice<UInt8>, depth: Int) -> Value {
        if depth < maxDepth, !bytes.isEmpty, let message = parseMessage(bytes, depth: depth + 1) {
            return .message(message)
        }
        if depth < maxDepth, !bytes.isEmpty, let list = packed(bytes) { return .packed(list) }
        return .bytes(Array(bytes))
    }

    /// `bytes` as packed varints, or nil when they do not divide into whole ones.
    static func packed(_ bytes: ArraySlice<UInt8>) -> [UInt64]? {
        let contiguous = Array(bytes)
        return contiguous.withUnsafeBufferPointer { buffer -> [UInt64]? in
            var r = ProtoReader(buffer)
            var out: [UInt64] = []
            while !r.isAtEnd {
                guard let v = try? r.varint() else { return nil }
                out.append(v)
            }
            return out
        }
    }

    static func encode(_ fields: [Field]) -> [UInt8] {
        var w = ProtoWriter()
        for field in fields {
            switch field.value {
            case .varint(let v): w.varintField(field.number, v)
            case .fixed64(let b):
                w.key(field.number, .fixed64)
                w.bytes += b
            case .fixed32(let b):
                w.key(field.number, .fixed32)
                w.bytes += b
            case .bytes(let b): w.bytesField(field.number, b)
            case .packed(let list): w.packedField(field.number, list)
            case .message(let m): w.bytesField(field.number, encode(m))
            }
        }
        return w.bytes
    }

    // MARK: - Mutations

    /// A path to a field: the index of a field in each message on the way down.
    typealias Path = [Int]

    static func mutateTree(_ tree: inout [Field], isData: Bool, _ random: inout SeededRandom) {
        let choice = random.below(8)
        if choice < 2 && isData { return coordinateFields(&tree, &random) }
        if choice == 2, let site = pickSite(tree, &random, { if case .fixed64 = $0 { true } else { false } }) {
            return update(&tree, site) { $0 = .fixed64([UInt8](repeating: random.oneIn(2) ? 0 : 0xFF, count: 8)) }
        }
        if choice == 3, let site = pickSite(tree, &random, { if case .fixed32 = $0 { true } else { false } }) {
            return update(&tree, site) { $0 = .fixed32([UInt8](repeating: random.oneIn(2) ? 0 : 0xFF, count: 4)) }
        }
        if choice == 4 { return structure(&tree, &random) }
        if choice == 5, let site = pickSite(tree, &random, { if case .bytes = $0 { true } else { false } }) {
            return update(&tree, site) { value in
                if case .bytes(let b) = value { value = .bytes(Array(b.prefix(random.below(b.count + 1)))) }
            }
        }
        let isNumber = { (v: Value) -> Bool in
            switch v {
            case .varint: true
            case .packed(let list): !list.isEmpty
            default: false
            }
        }
        guard let site = pickSite(tree, &random, isNumber) else { return structure(&tree, &random) }
        update(&tree, site) { value in
            switch value {
            case .varint(let v): value = .varint(varint(from: v, &random))
            case .packed(var list):
                let i = random.oneIn(4) ? 0 : random.below(list.count)
                list[i] = varint(from: list[i], &random)
                value = .packed(list)
            default: break
            }
        }
    }

    /// What a blob may grow to when inflated by the mutator: far beyond PBF's 32 MiB, so that
    /// the reader's budget (16 bytes a file byte and 64 MiB) is what refuses it.
    static let inflateLimit = 48 << 20

    /// Makes the blob large and repetitive, as a file made to inflate is: a packed list (a
    /// way's refs, the dense nodes' ids) grown by thousands to millions of zeros (zero deltas:
    /// the same node again and again) or copies of its last element, or one message (a way, a
    /// node group, a string table) repeated as often.
    static func inflate(_ tree: inout [Field], _ random: inout SeededRandom) {
        let counts = [1_000, 100_000, 1_000_000, 4_000_000]
        let count = random.pick(counts)
        let size = encode(tree).count
        if random.oneIn(2), let site = pickSite(tree, &random, { if case .packed = $0 { true } else { false } }) {
            update(&tree, site) { value in
                guard case .packed(var list) = value else { return }
                let element: UInt64 = random.oneIn(2) ? 0 : list.last ?? 0
                let room = max(0, (inflateLimit - size) / 10)
                list += repeatElement(element, count: min(count, room))
                value = .packed(list)
            }
            return
        }
        guard let site = pickSite(tree, &random, { if case .message = $0 { true } else { false } }),
            site.count >= 1
        else { return }
        // The message's copies, beside it in its parent.
        var parentPath = site
        let index = parentPath.removeLast()
        func repeatIn(_ fields: inout [Field]) {
            guard index < fields.count else { return }
            let one = encode([fields[index]]).count
            let times = min(count, max(0, (inflateLimit - size) / max(1, one)))
            fields.insert(contentsOf: repeatElement(fields[index], count: times), at: index + 1)
        }
        if parentPath.isEmpty {
            repeatIn(&tree)
        } else {
            update(&tree, parentPath) { value in
                guard case .message(var fields) = value else { return }
                repeatIn(&fields)
                value = .message(fields)
            }
        }
    }

    /// A random one of the fields whose values `matches` takes, or nil when there is none.
    static func pickSite(_ tree: [Field], _ random: inout SeededRandom, _ matches: (Value) -> Bool) -> Path? {
        let sites = collect(tree, matches)
        return sites.isEmpty ? nil : random.pick(sites)
    }

    /// The signed 64-bit values where arithmetic on coordinates and ids goes wrong.
    static let edges: [Int64] = [
        0, 1, -1, 2, Int64.max, Int64.max - 9, Int64.min, Int64.min + 1, 1 << 31, (1 << 31) - 1, -(1 << 31),
        1 << 32, (1 << 32) - 1, 1 << 53, 9_000_000_000, -9_000_000_000,
    ]

    /// An edge value written as two's complement or as zigzag.
    static func edge(_ random: inout SeededRandom) -> UInt64 {
        let v = random.pick(edges)
        return random.oneIn(2) ? UInt64(bitPattern: v) : ProtoReader.zigzag(v)
    }

    /// A new value for a varint that was `v`.
    static func varint(from v: UInt64, _ random: inout SeededRandom) -> UInt64 {
        switch random.below(6) {
        case 0: random.next()
        case 1: v &+ UInt64(random.below(16)) &- 8
        case 2: v ^ (1 << UInt64(random.below(64)))
        default: edge(&random)
        }
    }

    /// PrimitiveBlock.granularity, date_granularity, lat_offset or lon_offset set to an edge value
    /// (added when missing), half the time with the first node's latitude or longitude (the one the
    /// offset applies to) set to 0 or an edge value.
    static func coordinateFields(_ tree: inout [Field], _ random: inout SeededRandom) {
        let number = random.pick([17, 18, 19, 20])
        let value = Value.varint(edge(&random))
        if let i = tree.firstIndex(where: { $0.number == number }) {
            tree[i].value = value
        } else {
            tree.append(Field(number: number, value: value))
        }
        guard random.oneIn(2) else { return }
        let coordinate = number == 20 ? 9 : number == 19 ? 8 : random.pick([8, 9])
        let zero = !random.oneIn(4)
        // PrimitiveGroup (2) → DenseNodes (2) or Node (1) → lat (8) / lon (9).
        for g in tree.indices where tree[g].number == 2 {
            guard case .message(var group) = tree[g].value else { continue }
            for n in group.indices where group[n].number == 1 || group[n].number == 2 {
                guard case .message(var node) = group[n].value,
                    let c = node.firstIndex(where: { $0.number == coordinate })
                else { continue }
                let new = zero ? 0 : edge(&random)
                switch node[c].value {
                case .varint: node[c].value = .varint(new)
                case .packed(var list) where !list.isEmpty:
                    list[0] = new
                    node[c].value = .packed(list)
                default: continue
                }
                group[n].value = .message(node)
                tree[g].value = .message(group)
                return
            }
        }
    }

    /// A field deleted, repeated, or a new varint field added, in a random message of the tree.
    static func structure(_ tree: inout [Field], _ random: inout SeededRandom) {
        let messages = [[]] + collect(tree) { if case .message = $0 { true } else { false } }
        let path = random.pick(messages)
        func change(_ fields: inout [Field]) {
            switch random.below(3) {
            case 0 where !fields.isEmpty: fields.remove(at: random.below(fields.count))
            case 1 where !fields.isEmpty:
                let i = random.below(fields.count)
                fields.insert(fields[i], at: random.below(fields.count + 1))
            default:
                fields.insert(
                    Field(number: 1 + random.below(24), value: .varint(edge(&random))),
                    at: random.below(fields.count + 1))
            }
        }
        if path.isEmpty { return change(&tree) }
        update(&tree, path) { value in
            if case .message(var fields) = value {
                change(&fields)
                value = .message(fields)
            }
        }
    }

    /// The paths of the fields whose values `matches` takes, in every message of the tree.
    static func collect(_ tree: [Field], _ matches: (Value) -> Bool) -> [Path] {
        var out: [Path] = []
        func walk(_ fields: [Field], _ prefix: Path) {
            for (i, field) in fields.enumerated() {
                if matches(field.value) { out.append(prefix + [i]) }
                if case .message(let inner) = field.value { walk(inner, prefix + [i]) }
            }
        }
        walk(tree, [])
        return out
    }

    /// Applies `change` to the value of the field at `path`.
    static func update(_ fields: inout [Field], _ path: Path, _ change: (inout Value) -> Void) {
        guard let first = path.first, fields.indices.contains(first) else { return }
        if path.count == 1 { return change(&fields[first].value) }
        guard case .message(var inner) = fields[first].value else { return }
        update(&inner, Array(path.dropFirst()), change)
        fields[first].value = .message(inner)
    }
}
