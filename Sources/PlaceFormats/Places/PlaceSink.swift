/// One place as a streaming importer reads it: its text as the file's own bytes, valid only
/// during the call that hands it over (no `String`s, so a million rows cost no million
/// allocations).
public struct PlaceBytes {
    /// Empty when the file gives none (the store derives one).
    public var id: UnsafeBufferPointer<UInt8>
    public var name: UnsafeBufferPointer<UInt8>
    /// Empty when the file gives none.
    public var address: UnsafeBufferPointer<UInt8>
    /// The `types` field as written (`cafe;food`, `cafe, food`); empty for none.
    /// `PlaceValues.types` splits it.
    public var types: UnsafeBufferPointer<UInt8>
    public var latitude: Double
    public var longitude: Double
    /// Metres; nil when the file does not say.
    public var radius: Double?
    public var rating: Double?
    public var priceLevel: Int?
}

/// What a streaming importer fills, row by row: the one interface through which a file's places
/// reach a place store (PlaceKit's `PlaceStore.Load` implements it; tests collect into an array).
/// The importer says how many places to expect once, then hands over each place. Beginning and
/// ending the load (and undoing it when the file fails) are the sink's owner's business.
public protocol PlaceSink {
    /// About how many places are coming (a count of lines): to size storage once.
    mutating func expect(places: Int)
    /// One more place, in file order.
    mutating func add(_ place: PlaceBytes)
    /// A place that `add` will be given later (a few dozen places on), for a sink that can ask
    /// ahead for the memory it will need then, so that the waits overlap; its bytes as in
    /// `add`, valid during the call. Every place is given here before it is given to `add`.
    mutating func prefetch(_ place: PlaceBytes)
}

extension PlaceSink {
    public mutating func prefetch(_ place: PlaceBytes) {}
}

/// Where a streaming importer reads a file from, a chunk at a time (`CSVImporter.read(from:…)`),
/// so that a large file is never held whole.
public protocol ByteSource {
    /// Reads the next bytes into `buffer`, at most its count; 0 only at the end.
    mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ImportError) -> Int
    /// Goes back to the first byte.
    mutating func rewind() throws(ImportError)
    /// The size in bytes, when known: to size storage before all of it is read.
    var size: Int? { get }
}

extension ByteSource {
    public var size: Int? { nil }
}

/// Bytes in memory as a `ByteSource`.
public struct BytesSource: ByteSource {
    let bytes: [UInt8]
    var at = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let n = min(buffer.count, bytes.count - at)
        for k in 0..<n { buffer[k] = bytes[at + k] }
        at += n
        return n
    }

    public mutating func rewind() { at = 0 }

    public var size: Int? { bytes.count }
}
