import PlaceFormats
import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A script's commands read one at a time and each bound the cheapest sound way: a command
/// written exactly like one bound before is that one, moved to where it stands (found in
/// `RememberedCommands`); a line of plain words for a command whose arguments read plain words
/// is bound from its bytes (`Lexer.plainArgumentsInvocation`), and one for a command that takes
/// any words (`echo`) from its text (`plainTextInvocation`); anything else goes to the binder.
/// The shell's three passes over a script (keeping what it binds, checking the rest of a script
/// too long to keep, running that rest) all read through here; they differ in `Purpose`.
struct ScriptReader {
    enum Purpose {
        /// Bind every command, each through the full check (`parse`'s first commands).
        case keep
        /// Check every command; one known to bind (a line for a command that takes any words,
        /// one like a command checked before) need not be bound again.
        case check
        /// Bind every command of a script checked before, for running.
        case run
    }

    /// What reading one command gave.
    enum Read {
        /// The next command, bound.
        case command(Invocation)
        /// The next command is sound and was not bound (`check` only).
        case sound
        /// The script ends here.
        case end
    }

    let source: SourceText
    private(set) var purpose: Purpose
    private let table: CommandTable
    private var lexer: Lexer
    private var remembered: RememberedCommands?

    /// `remembering`: commands are remembered from the first on; otherwise from
    /// `startRemembering()` (a line typed alone repeats nothing).
    init(source: SourceText, table: CommandTable, purpose: Purpose, remembering: Bool) {
        self.source = source
        self.table = table
        self.purpose = purpose
        lexer = Lexer(source: source)
        remembered = remembering ? RememberedCommands() : nil
    }

    /// The same reader, where it stands, for another purpose (`parse` goes on checking where it
    /// stopped keeping), remembering afresh.
    func continued(for purpose: Purpose) -> ScriptReader {
        var reader = self
        reader.purpose = purpose
        reader.remembered = RememberedCommands()
        return reader
    }

    /// Remembers the commands read from now on.
    mutating func startRemembering() {
        if remembered == nil { remembered = RememberedCommands() }
    }

    /// Reads the next command. `bind` binds one that no shorter way binds (with the checks
    /// the purpose asks for). Throws a lexical or binding error; the next call goes on after
    /// the command that failed, and an input that ends inside a quote or after a backslash
    /// ends the script (the call after its error returns `.end`).
    /// Inlined where it is called: each of the three passes gets the reading specialized to its
    /// purpose and binder, as the loop it replaced was (a call for every line of a
    /// million-line script cost the batch benchmark 15%).
    @inline(__always)
    mutating func next(bind: (RawCommand) throws(Diagnostic) -> Invocation) throws(Diagnostic) -> Read {
        if ended { return .end }
        let step: Lexer.PlainStep
        do {
            step = try lexer.nextPlainCommand()
        } catch {
            ended = true
            throw error
        }
        var lexed: RawCommand? = nil
        let span: (offset: Int, length: Int)
        switch step {
        case .end:
            return .end
        case .incomplete(let why):
            ended = true
            throw Shell.incompleteError(why, source: source)
        case .command(let command):
            lexed = command
            span = command.span
        case .plain:
            if purpose != .keep, let spec = lexer.plainSpec(in: table) {
                if purpose == .check,
                    spec.isTextOnly && (spec.arguments[0].isOptional || lexer.wordCount > 1)
                        || spec.readsPlainWords && lexer.plainArgumentsInvocation(spec) != nil
                {
                    return .sound
                }
                if purpose == .run, spec.isTextOnly, let text = lexer.plainTextInvocation(spec) {
                    return .command(text)
                }
            }
            span = lexer.plainSpan
        }
        let (slot, seen) = remembered?.find(offset: span.offset, length: span.length, in: source) ?? (-1, false)
        if seen {
            if purpose == .check { return .sound }
            if let taken = remembered?.relocated(at: slot, to: span.offset) { return .command(taken) }
        }
        let made: Invocation
        if lexed == nil, purpose != .check, let fast = lexer.plainArgumentsInvocation(in: table) {
            made = fast
        } else {
            made = try bind(lexed ?? lexer.plainCommand())
        }
        remembered?.remember(made, offset: span.offset, length: span.length, at: slot)
        return .command(made)
    }

    /// Set once the lexer has stopped: after an unreadable byte, a quote left open.
    private var ended = false
}

/// Commands of a long script remembered by their source text, as they were bound, in a fixed
/// number of slots (a later command with the same hash takes
/// the slot), so that memory stays flat however long the script is. The same words, from the
/// same source, bind the same way: the binder reads only the words and the command table.
struct RememberedCommands {
    private static var slotCount: Int { 1024 }
    /// By slot: where in the source the remembered command's words are (length 0: none yet).
    private var spans = [(offset: Int, length: Int)](repeating: (0, 0), count: slotCount)
    private var payloads = [Invocation?](repeating: nil, count: slotCount)

    /// The slot for the command whose words are `length` bytes at `offset` in `source` (from
    /// the first word to the end of the last), and whether a command written the same, byte for
    /// byte, is remembered there.
    func find(offset: Int, length: Int, in source: SourceText) -> (slot: Int, remembered: Bool) {
        source.bytes.withUnsafeBufferPointer { bytes -> (Int, Bool) in
            guard length > 0, offset >= 0, offset + length <= bytes.count else {
                return (-1, false)  // not a span of the source: never remembered
            }
            // FNV-1a's steps, eight bytes at a time (a line of fixes is 40 bytes and more), then
            // the high bits folded down, as the slot is the low ten.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var i = offset
            let end = offset + length
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while i + 8 <= end {
                    hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01b3
                    i += 8
                }
            }
            while i < end {
                hash = (hash ^ UInt64(bytes[i])) &* 0x100_0000_01b3  // safe: a byte widens
                i += 1
            }
            hash ^= hash >> 32
            let slot = Int(truncatingIfNeeded: hash % 1024)  // safe: below slotCount, 1024
            let seen = spans[slot]
            guard seen.length == length, payloads[slot] != nil else { return (slot, false) }
            if seen.offset == offset { return (slot, true) }
            guard let base = bytes.baseAddress else { return (slot, false) }
            return (slot, memcmp(base + seen.offset, base + offset, length) == 0)
        }
    }

    /// The command remembered in `slot` (which `find` found), moved to `offset` where the same
    /// words are written again, and remembered there. It moves where it is remembered: its
    /// arguments are placed from its offset, and an expectation that something else holds (a
    /// line bound before) is copied as it moves.
    mutating func relocated(at slot: Int, to offset: Int) -> Invocation? {
        guard payloads.indices.contains(slot), let from = payloads[slot]?.offset else { return nil }
        payloads[slot]?.move(by: offset - from)
        spans[slot].offset = offset
        return payloads[slot]
    }

    /// Remembers `invocation`, the command at `offset`, in the slot `find` gave.
    mutating func remember(_ invocation: Invocation, offset: Int, length: Int, at slot: Int) {
        guard spans.indices.contains(slot) else { return }
        spans[slot] = (offset, length)
        payloads[slot] = invocation
    }
}

extension RawCommand {
    /// Where the command's words are in its source: from the first word to the end of the last.
    var span: (offset: Int, length: Int) {
        guard let first = tokens.first, let last = tokens.last else { return (0, 0) }
        return (first.offset, last.offset + last.length - first.offset)
    }
}

extension Lexer {
    /// Where the words of the plain command found last are: from the first to the end of the last.
    var plainSpan: (offset: Int, length: Int) {
        guard wordCount > 0 else { return (0, 0) }
        return (wordStarts[0], wordEnds[wordCount - 1] - wordStarts[0])
    }

    /// The command the first word of the plain command found last names, if any.
    func plainSpec(in table: CommandTable) -> CommandSpec? {
        guard wordCount > 0 else { return nil }
        let (start, end) = (wordStarts[0], wordEnds[0])
        return source.bytes.withUnsafeBufferPointer { bytes in table.command(named: bytes[start..<end]) }
    }

    /// The plain command found last, bound from its bytes when the command it names reads
    /// plain words (`plainArgumentsInvocation(_:)`); nil when it does not, or when the binder is
    /// to bind it.
    func plainArgumentsInvocation(in table: CommandTable) -> Invocation? {
        guard let spec = plainSpec(in: table), spec.readsPlainWords else { return nil }
        return plainArgumentsInvocation(spec)
    }

    /// The plain command found last, bound from its bytes for `spec`, a command whose every
    /// argument reads plain words (`CommandSpec.readsPlainWords`): what the binder makes of it,
    /// without tokens. Nil when a word has an option's shape (an `=`, a leading `--`) or the
    /// words are not what the arguments read (too many, too few, one an argument does not take
    /// as it is): the binder then binds the command, or says what is wrong with it.
    func plainArgumentsInvocation(_ spec: CommandSpec) -> Invocation? {
        let count = wordCount
        guard count > 0 else { return nil }
        return source.bytes.withUnsafeBufferPointer { bytes in
            wordStarts.withUnsafeBufferPointer { starts in
                wordEnds.withUnsafeBufferPointer { ends -> Invocation? in
                    for k in 1..<count {
                        let word = bytes[starts[k]..<ends[k]]
                        if word.contains(0x3D) { return nil }
                        if word.count >= 2 && word.first == 0x2D && word[word.startIndex + 1] == 0x2D { return nil }
                    }
                    let words = PlainWords(bytes: bytes, starts: starts, ends: ends, count: count)
                    let offset = starts[0]
                    var args: [BoundArg?] = []
                    args.reserveCapacity(spec.arguments.count)
                    var k = 1
                    // By index: an argument taken whole from the array is a copy of its names and
                    // closures, retained and released, for each of them on every line.
                    for a in spec.arguments.indices {
                        guard k < count else {
                            guard spec.arguments[a].isOptional else { return nil }
                            args.append(nil)
                            continue
                        }
                        guard let read = spec.arguments[a].type.readPlain, let (value, taken) = read(words, k),
                            taken > 0,
                            k + taken <= count
                        else { return nil }
                        args.append(
                            BoundArg(value: value, start: starts[k] - offset, length: ends[k + taken - 1] - starts[k]))
                        k += taken
                    }
                    guard k == count else { return nil }
                    return Invocation(
                        spec: spec, source: source, offset: offset, length: ends[count - 1] - offset, args: args,
                        options: [:])
                }
            }
        }
    }

    /// The plain command found last, bound for `spec`, a command that takes any words (`echo`):
    /// its words after the first, joined by single spaces, as the binder joins them. Nil when
    /// it has no words and needs some.
    func plainTextInvocation(_ spec: CommandSpec) -> Invocation? {
        let count = wordCount
        guard count > 0 else { return nil }
        let (offset, end) = (wordStarts[0], wordEnds[count - 1])
        var args: [BoundArg?] = []
        if count == 1 {
            guard spec.arguments[0].isOptional else { return nil }
            args = [nil]
        } else {
            let text = source.bytes.withUnsafeBufferPointer { bytes -> String in
                var single = true
                for k in 2..<count where wordStarts[k] != wordEnds[k - 1] + 1 || bytes[wordEnds[k - 1]] != 0x20 {
                    single = false
                    break
                }
                // Words apart by one space each are their source, as it stands.
                if single { return String(decoding: bytes[wordStarts[1]..<end], as: UTF8.self) }
                var joined: [UInt8] = []
                for k in 1..<count {
                    if k > 1 { joined.append(0x20) }
                    joined.append(contentsOf: bytes[wordStarts[k]..<wordEnds[k]])
                }
                return String(decoding: joined, as: UTF8.self)
            }
            args = [BoundArg(value: .word(text), start: wordStarts[1] - offset, length: end - wordStarts[1])]
        }
        return Invocation(spec: spec, source: source, offset: offset, length: end - offset, args: args, options: [:])
    }
}

extension Invocation {
    /// Moves the command `delta` bytes further on in its source: every location moves. Its
    /// arguments are placed from its offset, so only an expectation, which keeps offsets of its
    /// own, has to move besides: in place when nothing else holds it, else as a copy.
    mutating func move(by delta: Int) {
        guard delta != 0 else { return }
        offset += delta
        for k in args.indices {
            // The case looked at first, without binding (which copied every argument's value).
            guard case .expectation? = args[k]?.value, case .expectation(var e)? = args[k]?.value else { continue }
            args[k]?.value = .flag(false)  // the expectation is held by `e` alone while it moves
            if isKnownUniquelyReferenced(&e) {
                e.move(by: delta)
            } else {
                e = e.moved(by: delta)
            }
            args[k]?.value = .expectation(e)
        }
        for (name, bound) in options {
            if case .expectation(let e) = bound.value { options[name]?.value = .expectation(e.moved(by: delta)) }
        }
    }
}
