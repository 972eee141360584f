/// A piece of input the lexer reads: a script file, a `-c` argument, a line typed at the prompt.
/// It keeps the raw bytes so that a location can be turned into a line, a column and the text
/// of the line for a caret, only when an error is actually reported.
public final class SourceText: @unchecked Sendable {
    /// The name diagnostics print: a path, `<command-line>` or `<stdin>`.
    public let name: String
    public let bytes: [UInt8]
    /// The line number of the first byte (a REPL entry continues the count of earlier ones).
    public let firstLine: Int
    /// Script arguments that `$1`, `$#` and `$0` expand to, when this is a script.
    public let arguments: ScriptArguments?
    private var lineStartsCache: [Int]?

    public init(name: String, bytes: [UInt8], firstLine: Int = 1, arguments: ScriptArguments? = nil) {
        self.name = name
        self.bytes = bytes
        self.firstLine = firstLine
        self.arguments = arguments
    }

    public convenience init(name: String, text: String, firstLine: Int = 1, arguments: ScriptArguments? = nil) {
        self.init(name: name, bytes: Array(text.utf8), firstLine: firstLine, arguments: arguments)
    }

    private var lineStarts: [Int] {
        if let cached = lineStartsCache { return cached }
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStartsCache = starts
        return starts
    }

    /// The 0-based index of the line holding `offset`.
    private func lineIndex(of offset: Int) -> Int {
        let starts = lineStarts
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// 1-based line and column of a byte offset; the column counts characters (Unicode scalars),
    /// not bytes, so it matches what a person counts in an editor.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let index = lineIndex(of: clamped)
        var column = 1
        var i = lineStarts[index]
        while i < clamped {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (firstLine + index, column)
    }

    /// The text of the line holding `offset` (without its newline), and the offset of its start.
    public func lineText(at offset: Int) -> (text: String, start: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let start = lineStarts[lineIndex(of: clamped)]
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return (String(decoding: bytes[start..<end], as: UTF8.self), start)
    }
}

/// The arguments a script was started with: `placeshell FILE ARG…` or `source FILE ARG…`.
public struct ScriptArguments: Sendable {
    /// `$0`: the script's name as given.
    public var scriptName: String
    /// `$1`, `$2`, …
    public var values: [String]
    /// `$TMP`: the run's own temporary folder, or nil where a script has none.
    public var temporaryFolder: TemporaryFolder?
    public init(scriptName: String, values: [String], temporaryFolder: TemporaryFolder? = nil) {
        self.scriptName = scriptName
        self.values = values
        self.temporaryFolder = temporaryFolder
    }
}

/// A place in a source: where a token or a command starts, and how many bytes it covers.
public struct SourceLocation: Sendable {
    public let source: SourceText
    public let offset: Int
    public let length: Int

    public init(source: SourceText, offset: Int, length: Int = 1) {
        self.source = source
        self.offset = offset
        self.length = length
    }

    public var line: Int { source.lineAndColumn(of: offset).line }
    /// The text it covers, as written.
    public var text: String {
        let bytes = source.bytes
        let end = min(offset + length, bytes.count)
        return String(decoding: bytes[min(offset, end)..<end], as: UTF8.self)
    }
    public var column: Int { source.lineAndColumn(of: offset).column }
}
