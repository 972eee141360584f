/// A line diff of expected against actual text, as `diff -u` prints it: the fewest lines
/// removed and added (Myers' algorithm), in hunks with three lines of context. One changed word
/// shows as one line removed and one added. Whitespace at the end of a line, which a terminal
/// does not show, is shown (`·` for a space, `→` for a tab), and so is a missing last newline.
public struct UnifiedDiff: Sendable {
    /// One line of the diff.
    public enum Line: Sendable, Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// A run of changes with its context: where it starts on each side (1-based) and its lines.
    public struct Hunk: Sendable {
        public var expectedStart: Int
        public var expectedCount: Int
        public var actualStart: Int
        public var actualCount: Int
        public var lines: [Line]
        /// The index (0-based) in the actual text of the first line this hunk adds, or of the
        /// line where its removals would be: the line whose command printed the difference.
        public var firstActualChange: Int
    }

    public var hunks: [Hunk]
    /// The two texts end differently in their last newline.
    public var lastNewlineDiffers: Bool
    public var expectedEndsWithNewline: Bool
    public var actualEndsWithNewline: Bool

    public var isEmpty: Bool { hunks.isEmpty && !lastNewlineDiffers }

    /// The diff of two texts, split into lines.
    public init(expected: [UInt8], actual: [UInt8], context: Int = 3, maxEdits: Int = 2_000) {
        let a = Self.lines(expected)
        let b = Self.lines(actual)
        expectedEndsWithNewline = expected.isEmpty || expected.last == 0x0A
        actualEndsWithNewline = actual.isEmpty || actual.last == 0x0A
        lastNewlineDiffers = expectedEndsWithNewline != actualEndsWithNewline
        let script = Self.editScript(a, b, maxEdits: maxEdits)
        hunks = Self.hunks(script, context: context)
    }

    /// The lines of a text, without their newlines (a last line without one counts).
    static func lines(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            out.append(String(decoding: bytes[start..<i], as: UTF8.self))
            start = i + 1
        }
        if start < bytes.count { out.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return out
    }

    /// The shortest edit script from `a` to `b` (Myers 1986, the greedy forward search with a
    /// trace of each step for the way back). Beyond `maxEdits` edits it gives up on the
    /// shortest and replaces the middle whole, after the common start and end.
    static func editScript(_ a: [String], _ b: [String], maxEdits: Int) -> [Line] {
        // The common start and end cost nothing and shorten the search.
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            suffix += 1
        }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        var middle: [Line] = []
        let n = x.count
        let m = y.count
        let limit = min(n + m, maxEdits)
        if n == 0 || m == 0 {
            middle = x.map { .removed($0) } + y.map { .added($0) }
        } else {
            let offset = limit + 1
            var v = [Int](repeating: 0, count: 2 * limit + 3)
            var trace: [[Int]] = []
            var found = false
            search: for d in 0...limit {
                // What the way back reads of this step: diagonals -d…d (memory grows as the
                // square of the edits, which `maxEdits` bounds).
                trace.append(Array(v[(offset - d)...(offset + d)]))
                for k in stride(from: -d, through: d, by: 2) {
                    var px: Int
                    if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                        px = v[offset + k + 1]
                    } else {
                        px = v[offset + k - 1] + 1
                    }
                    var py = px - k
                    while px < n && py < m && x[px] == y[py] {
                        px += 1
                        py += 1
                    }
                    v[offset + k] = px
                    if px >= n && py >= m {
                        found = true
                        break search
                    }
                }
            }
            if found {
                // Back from the end, one step of the trace at a time.
                var px = n
                var py = m
                var reversed: [Line] = []
                for d in stride(from: trace.count - 1, through: 0, by: -1) {
                    let vd = trace[d]
                    func at(_ k: Int) -> Int { vd[k + d] }
                    let k = px - py
                    let previousK: Int
                    if d == 0 {
                        previousK = 0
                    } else if k == -d || (k != d && at(k - 1) < at(k + 1)) {
                        previousK = k + 1
                    } else {
                        previousK = k - 1
                    }
                    let previousX = d == 0 ? 0 : at(previousK)
                    let previousY = previousX - previousK
                    while px > previousX && py > previousY {
                        px -= 1
                        py -= 1
                        reversed.append(.same(x[px]))
                    }
                    if d > 0 {
                        if px == previousX {
                            py -= 1
                            reversed.append(.added(y[py]))
                        } else {
                            px -= 1
                            reversed.append(.removed(x[px]))
                        }
                    }
                }
                middle = reversed.reversed()
            } else {
                middle = x.map { .removed($0) } + y.map { .added($0) }
            }
        }
        return a[..<prefix].map { .same($0) } + middle + a[(a.count - suffix)...].map { .same($0) }
    }

    /// Groups an edit script into hunks of changes with `context` lines around each.
    static func hunks(_ script: [Line], context: Int) -> [Hunk] {
        var changed: [Int] = []
        for (i, line) in script.enumerated() {
            if case .same = line { continue }
            changed.append(i)
        }
        guard !changed.isEmpty else { return [] }
        // Ranges of the script, each a change with its context, merged where they touch.
        var ranges: [(Int, Int)] = []
        for i in changed {
            let lo = max(0, i - context)
            let hi = min(script.count - 1, i + context)
            if let last = ranges.last, lo <= last.1 + 1 {
                ranges[ranges.count - 1].1 = max(last.1, hi)
            } else {
                ranges.append((lo, hi))
            }
        }
        // Where each script line falls on each side.
        var expectedLine = [Int](repeating: 0, count: script.count + 1)
        var actualLine = [Int](repeating: 0, count: script.count + 1)
        var e = 0
        var a = 0
        for (i, line) in script.enumerated() {
            expectedLine[i] = e
            actualLine[i] = a
            switch line {
            case .same:
                e += 1
                a += 1
            case .removed: e += 1
            case .added: a += 1
            }
        }
        expectedLine[script.count] = e
        actualLine[script.count] = a
        return ranges.map { lo, hi in
            let lines = Array(script[lo...hi])
            var eCount = 0
            var aCount = 0
            var firstChange: Int? = nil
            for (k, line) in lines.enumerated() {
                switch line {
                case .same:
                    eCount += 1
                    aCount += 1
                case .removed:
                    eCount += 1
                    if firstChange == nil { firstChange = actualLine[lo + k] }
                case .added:
                    aCount += 1
                    if firstChange == nil { firstChange = actualLine[lo + k] }
                }
            }
            // diff -u numbers an empty side from the line before it.
            return Hunk(
                expectedStart: eCount == 0 ? expectedLine[lo] : expectedLine[lo] + 1, expectedCount: eCount,
                actualStart: aCount == 0 ? actualLine[lo] : actualLine[lo] + 1, actualCount: aCount, lines: lines,
                firstActualChange: firstChange ?? actualLine[lo])
        }
    }

    /// The diff of two pieces that start `lines` lines into the texts they are taken from,
    /// numbered as in the whole texts.
    public mutating func shift(byLines lines: Int) {
        for i in hunks.indices {
            hunks[i].expectedStart += lines
            hunks[i].actualStart += lines
            hunks[i].firstActualChange += lines
        }
    }

    /// The diff as lines to print: each hunk's `@@ -A,B +C,D @@` header, followed by `label(N)`
    /// for the actual text's line N (0-based) where the hunk's first change is, when it gives
    /// one; then its lines.
    public func render(unicode: Bool = true, label: (Int) -> String? = { _ in nil }) -> [String] {
        var out: [String] = []
        for hunk in hunks {
            var header = "@@ -\(hunk.expectedStart),\(hunk.expectedCount) +\(hunk.actualStart),\(hunk.actualCount) @@"
            if let text = label(hunk.firstActualChange) { header += " " + text }
            out.append(header)
            for line in hunk.lines {
                switch line {
                case .same(let s): out.append(" " + Self.visibleEnd(s, unicode: unicode))
                case .removed(let s): out.append("-" + Self.visibleEnd(s, unicode: unicode))
                case .added(let s): out.append("+" + Self.visibleEnd(s, unicode: unicode))
                }
            }
        }
        if lastNewlineDiffers {
            out.append(
                expectedEndsWithNewline
                    ? "\\ the actual output has no newline at its end"
                    : "\\ the expected output has no newline at its end")
        }
        return out
    }

    /// A line with the spaces and tabs at its end made visible.
    static func visibleEnd(_ line: String, unicode: Bool) -> String {
        var body = Substring(line)
        var tail = ""
        while let last = body.last, last == " " || last == "\t" {
            tail = (last == " " ? (unicode ? "·" : "~") : (unicode ? "→" : ">")) + tail
            body = body.dropLast()
        }
        return String(body) + tail
    }
}
