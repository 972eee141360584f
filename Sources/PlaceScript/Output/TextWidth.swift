import CByteMask
import PlaceFormats

/// Terminal display width of text: East Asian wide and fullwidth characters and emoji take two
/// cells, combining marks and format characters none. Tables and carets are aligned with it, so
/// that a column of Korean or Chinese place names lines up.
public func displayWidth(_ s: String) -> Int {
    var width = 0
    var ascii = true
    for b in s.utf8 where b >= 0x80 {
        ascii = false
        break
    }
    var controls = false
    for b in s.utf8 where b < 0x20 || b == 0x7F {
        controls = true
        break
    }
    if ascii && !controls { return s.utf8.count }
    if !controls {
        for scalar in s.unicodeScalars { width += scalarWidth(scalar) }
        return width
    }
    // Colour sequences take no cells; other control characters those of the form they are
    // shown in.
    let scalars = Array(s.unicodeScalars)
    var i = 0
    while i < scalars.count {
        if scalars[i].value == 0x1B, let end = colourSequenceEnd(scalars, from: i) {
            i = end + 1
            continue
        }
        width += scalarWidth(scalars[i])
        i += 1
    }
    return width
}

/// The cells one scalar takes: 0, 1 or 2; a control character takes the cells of the form it is
/// shown in (`\u{1b}`, see `visibleControls`).
public func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v == 0x0A || v == 0x09 { return 0 }
    if let escape = controlEscape(scalar) { return escape.utf8.count }
    if v < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
        return 0
    default:
        break
    }
    // Hangul medial vowels and final consonants combine with the syllable before them.
    if (v >= 0x1160 && v <= 0x11FF) || (v >= 0xD7B0 && v <= 0xD7FF) { return 0 }
    if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
}

private let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18AFF,
    0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
]

private func isWide(_ v: UInt32) -> Bool {
    if v < 0x1100 { return false }
    for range in wideRanges where range.contains(v) { return true }
    return false
}

/// The longest prefix of `s` that fits in `width` cells.
public func prefixFitting(_ s: String, width: Int) -> Substring {
    var used = 0
    var end = s.startIndex
    for (index, ch) in zip(s.indices, s) {
        let w = displayWidth(String(ch))
        if used + w > width { return s[s.startIndex..<index] }
        used += w
        end = s.index(after: index)
    }
    return s[s.startIndex..<end]
}

/// The longest suffix of `s` that fits in `width` cells.
public func suffixFitting(_ s: String, width: Int) -> Substring {
    var used = 0
    var start = s.endIndex
    while start > s.startIndex {
        let before = s.index(before: start)
        let w = displayWidth(String(s[before]))
        if used + w > width { break }
        used += w
        start = before
    }
    return s[start...]
}

/// `s` padded with spaces to `width` cells (never cut).
public func padded(_ s: String, to width: Int) -> String {
    let w = displayWidth(s)
    return w >= width ? s : s + String(repeating: " ", count: width - w)
}

/// `s` padded on the left to `width` cells, for numbers.
public func leftPadded(_ s: String, to width: Int) -> String {
    let w = displayWidth(s)
    return w >= width ? s : String(repeating: " ", count: width - w) + s
}

/// The right-to-left mark, U+200F: a strong right-to-left character that takes no cell.
public let rightToLeftMark: Character = "\u{200F}"

/// Whether `s` holds a letter of a script written right to left (Arabic, Persian, Hebrew, …).
public func hasRightToLeftLetters(_ s: String) -> Bool {
    for scalar in s.unicodeScalars where scalar.value >= 0x0590 {
        let v = scalar.value
        if (0x0660...0x0669).contains(v) || (0x06F0...0x06F9).contains(v) { continue }  // digits
        if (v <= 0x08FF) || (v >= 0xFB1D && v <= 0xFDFF) || (v >= 0xFE70 && v <= 0xFEFF) { return true }
    }
    return false
}

/// A line of right-to-left prose for a terminal: kept in logical order (the order it is typed
/// and read in; the terminal lays it out) and opened with a right-to-left mark, so that a
/// terminal that takes each line's direction from its first strong character (Konsole, mlterm,
/// PuTTY, the macOS Terminal, GNOME Terminal and other VTE terminals with direction
/// autodetection on) shows it right to left, aligned on the right, even when the line starts
/// with a command or a number. A line with no right-to-left letter (a command, a call) is
/// left as it is; so is one already marked. The mark takes no cell: widths are unchanged.
public func rightToLeftLine(_ line: String) -> String {
    guard hasRightToLeftLetters(line), line.first != rightToLeftMark else { return line }
    return String(rightToLeftMark) + keepingNumbersInOrder(line)
}

/// The left-to-right mark, U+200E.
public let leftToRightMark: Character = "\u{200E}"

/// Right-to-left prose with each left-to-right run a right-to-left layout would reorder set
/// between left-to-right marks, so that it reads as written: a run of Western numbers — a
/// negative number, a coordinate pair `-33.869405, 151.199`, with the parentheses around it —
/// and the parentheses that end a call (`viewDidLoad()`, which would otherwise move to the
/// front of the name). A quoted command ('locate -33.870305 151.199') gets no mark, so that it
/// can be copied into the shell as it is; a run next to Latin letters already reads left to
/// right and is left alone, as is a plain number (`15`), which keeps its order anyway. Text
/// already marked is left as it is: marking twice changes nothing.
public func keepingNumbersInOrder(_ line: String) -> String {
    guard line.contains(where: { $0 == "-" || $0 == "," || $0 == ")" }) else { return line }
    let chars = Array(line)
    var out = ""
    var i = 0
    func isDigit(_ k: Int) -> Bool { k < chars.count && chars[k].isASCII && chars[k].isNumber }
    func number(at k: Int) -> Int? {
        var j = k
        if j < chars.count && chars[j] == "-" { j += 1 }
        guard isDigit(j) else { return nil }
        while isDigit(j) || (j + 1 < chars.count && chars[j] == "." && isDigit(j + 1)) { j += 1 }
        return j
    }
    var quoted = false
    // Open parentheses of calls (a name just before them), innermost last.
    var calls: [Bool] = []
    while i < chars.count {
        // A quoted command is copied as it is: no mark goes inside it.
        if chars[i] == "'" { quoted.toggle() }
        if quoted || chars[i] == "'" {
            out.append(chars[i])
            i += 1
            continue
        }
        // A run marked already, up to its closing mark.
        if chars[i] == leftToRightMark, let close = chars[(i + 1)...].firstIndex(of: leftToRightMark) {
            out += String(chars[i...close])
            i = close + 1
            continue
        }
        if chars[i] == "(" {
            let previous = i > 0 ? chars[i - 1] : " "
            calls.append(previous.isASCII && (previous.isLetter || previous.isNumber || previous == "_"))
        } else if chars[i] == ")", let call = calls.popLast() {
            out.append(")")
            if call && (i + 1 == chars.count || chars[i + 1] != leftToRightMark) { out.append(leftToRightMark) }
            i += 1
            continue
        }
        // A run starts at a number (or at '(' before one) that no letter or mark stands just before.
        let before = i > 0 ? chars[i - 1] : " "
        let open = chars[i] == "(" ? 1 : 0
        guard !before.isLetter, !before.isNumber, before != leftToRightMark, before != "'", before != ".",
            var end = number(at: i + open)
        else {
            out.append(chars[i])
            i += 1
            continue
        }
        var pairs = 0
        while end + 1 < chars.count, chars[end] == ",", chars[end + 1] == " ", let next = number(at: end + 2) {
            end = next
            pairs += 1
        }
        let closed = open == 1 && end < chars.count && chars[end] == ")"
        let start = closed || open == 0 ? i : i + 1
        if !closed && open == 1 { out.append("(") }
        if closed {
            end += 1
            _ = calls.popLast()
        }
        let run = String(chars[start..<end])
        let after = end < chars.count ? chars[end] : " "
        if (pairs > 0 || run.contains("-")) && !after.isLetter {
            out += String(leftToRightMark) + run + String(leftToRightMark)
        } else {
            out += run
        }
        i = end
    }
    return out
}

/// Colour and emphasis for text a person reads; all identity when colour is off.
public struct TextStyle: Sendable {
    public var enabled: Bool
    public init(enabled: Bool) { self.enabled = enabled }
    public static let plain = TextStyle(enabled: false)

    private func wrap(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m" + s + "\u{1B}[0m" : s
    }
    public func bold(_ s: String) -> String { wrap(s, "1") }
    public func dim(_ s: String) -> String { wrap(s, "2") }
    public func error(_ s: String) -> String { wrap(s, "1;31") }
    public func warning(_ s: String) -> String { wrap(s, "1;33") }
    public func help(_ s: String) -> String { wrap(s, "1;36") }
    public func good(_ s: String) -> String { wrap(s, "32") }
    public func heading(_ s: String) -> String { wrap(s, "1") }
}

/// A table for people: a header and rows, columns aligned by display width, numbers to the right.
public struct TextTable {
    public enum Alignment: Sendable { case left, right }
    public var headers: [String]
    public var alignments: [Alignment]
    public var rows: [[String]]

    public init(headers: [String], alignments: [Alignment]? = nil, rows: [[String]] = []) {
        self.headers = headers
        self.alignments = alignments ?? Array(repeating: .left, count: headers.count)
        self.rows = rows
    }

    /// The lines of the table, without trailing spaces; an empty header row is left out. A cell
    /// is one line: a line feed or a tab in it (a place name from a file may hold either) is
    /// shown as `\n` or `\t`, so it can neither break the row nor forge one.
    public func render(style: TextStyle = .plain, indent: String = "") -> [String] {
        let columnCount = headers.count
        let rows = self.rows.map { $0.map(oneLine) }
        var widths = headers.map(displayWidth)
        for row in rows {
            for (i, cell) in row.prefix(columnCount).enumerated() { widths[i] = max(widths[i], displayWidth(cell)) }
        }
        func line(_ cells: [String], header: Bool) -> String {
            var parts: [String] = []
            for i in 0..<columnCount {
                let cell = i < cells.count ? cells[i] : ""
                let last = i == columnCount - 1
                let text: String
                switch alignments[i] {
                case .left: text = last ? cell : padded(cell, to: widths[i])
                case .right: text = leftPadded(cell, to: widths[i])
                }
                parts.append(header ? style.heading(text) : text)
            }
            var joined = indent + parts.joined(separator: "  ")
            while joined.hasSuffix(" ") { joined.removeLast() }
            return joined
        }
        var out: [String] = []
        if headers.contains(where: { !$0.isEmpty }) { out.append(line(headers, header: true)) }
        for row in rows { out.append(line(row, header: false)) }
        return out
    }
}

/// `text` with its line feeds and tabs as `\n` and `\t`, for a line that quotes data; other
/// control characters are left to the output, which shows them the same way
/// (`visibleControls`) and passes placeshell's own colours.
public func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Text broken into lines of at most `width` cells at spaces: the first line starts with
/// `indent`, the others with `hanging` (default: `indent`).
public func wrapText(_ text: String, width: Int, indent: String = "", hanging: String? = nil) -> String {
    wrapWords(text.split(separator: " "), width: width, indent: indent, hanging: hanging)
}

/// Prose wrapped as `wrapText` does, except that a quoted command ('auth allow --approximate')
/// and a run set between left-to-right marks (`keepingNumbersInOrder`) stay on one line when
/// they fit on one: a command is copied whole, and a coordinate pair is not cut in two. A quote
/// is a `'` without an ASCII letter on both sides (those of "app's" are apostrophes).
public func wrapProse(_ text: String, width: Int, indent: String = "") -> String {
    var units: [String] = []
    var open = false
    for word in text.split(separator: " ") {
        if open, let last = units.popLast() {
            units.append(last + " " + word)
        } else {
            units.append(String(word))
        }
        let chars = Array(word)
        for (k, c) in chars.enumerated() {
            if c == leftToRightMark {
                open.toggle()
            } else if c == "'" {
                let letterBefore = k > 0 && chars[k - 1].isASCII && chars[k - 1].isLetter
                let letterAfter = k + 1 < chars.count && chars[k + 1].isASCII && chars[k + 1].isLetter
                if !(letterBefore && letterAfter) { open.toggle() }
            }
        }
    }
    // A unit wider than the line (or a quote left open) is wrapped word by word.
    let room = width - displayWidth(indent)
    var words: [Substring] = []
    for unit in units {
        if unit.contains(" ") && displayWidth(unit) > room {
            words += unit.split(separator: " ")
        } else {
            words.append(Substring(unit))
        }
    }
    return wrapWords(words, width: width, indent: indent, hanging: nil)
}

private func wrapWords(_ words: [Substring], width: Int, indent: String, hanging: String?) -> String {
    let rest = hanging ?? indent
    var lines: [String] = []
    var line = indent
    var lineHasWord = false
    for word in words {
        let candidate = lineHasWord ? line + " " + word : line + word
        if lineHasWord && displayWidth(candidate) > width {
            lines.append(line)
            line = rest + word
        } else {
            line = candidate
        }
        lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
}

/// The colour sequences placeshell writes (`ESC [ CODE m`), by CODE: those of `TextStyle` and of
/// the terminal map. Only these pass `visibleControls`, and only where colour is on.
let colourCodes: Set<String> = ["0", "1", "2", "32", "34", "36", "1;31", "1;33", "1;34", "1;36"]

/// Whether UTF-8 text holds a character `visibleControls` would change (a C0 control other than
/// newline and tab, DEL, or a C1 control).
func containsControls(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = bytes.count
    guard n >= 16, let base = bytes.baseAddress else { return containsControls(bytes, from: 0) }
    // Sixteen bytes at a time, the last sixteen overlapping the block before (a byte looked at
    // twice says the same). A block's mask marks the bytes below 0x20, DEL, 0xC2 and 0xE2; a
    // newline, a tab, a 0xC2 that does not begin a C1 control (the ± of `±5 m`) and a 0xE2 that
    // does not begin a reordering character or separator (the — of a sentence) pass.
    var start = 0
    while true {
        var mask = placeshell_control_mask16(base + start)
        while mask != 0 {
            let i = start + mask.trailingZeroBitCount
            mask &= mask - 1
            let byte = base[i]
            if byte == 0xC2 {
                if i + 1 < n && base[i + 1] < 0xA0 { return true }
            } else if byte == 0xE2 {
                if i + 2 < n && isReorderingOrSeparator(second: base[i + 1], third: base[i + 2]) { return true }
            } else if byte != 0x0A && byte != 0x09 {
                return true
            }
        }
        if start + 16 == n { return false }
        start = min(start + 16, n - 16)
    }
}

/// `containsControls` byte by byte from `start`, for text shorter than a block.
private func containsControls(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in bytes[start...] {
        if isControlByte(byte, after: previous, beforePrevious) { return true }
        beforePrevious = previous
        previous = byte
    }
    return false
}

/// Whether `byte`, after `previous` and the byte before that, ends a character
/// `controlEscape` names: below 0x20 but a newline or a tab, DEL, the second byte of a C1
/// control (after 0xC2, below 0xA0), or the third of a reordering character or separator.
@inline(__always)
private func isControlByte(_ byte: UInt8, after previous: UInt8, _ beforePrevious: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || (previous == 0xC2 && byte < 0xA0)
        || (beforePrevious == 0xE2 && isReorderingOrSeparator(second: previous, third: byte))
}

/// Text made safe for a terminal: control characters that data may carry (a place name with
/// `ESC ] 0 ; … BEL` that would retitle the window, `ESC [ 2 J` that would clear the screen, a
/// carriage return that would overwrite the line) are shown as the language writes them in a
/// quoted string — `\u{1b}`, `\u{7}`, `\r` — so what is shown can be pasted back into a script.
/// Line feeds and tabs stay; DEL, the C1 controls (U+0080…U+009F), the bidirectional overrides
/// and isolates and the line separators (`controlEscape`) are shown the same way. With `colours`, placeshell's own colour sequences (`colourCodes`) pass unchanged.
public func visibleControls(_ text: String, colours: Bool) -> String {
    var clean = true
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in text.utf8 {
        if isControlByte(byte, after: previous, beforePrevious) {
            clean = false
            break
        }
        beforePrevious = previous
        previous = byte
    }
    if clean { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i < scalars.count {
        let s = scalars[i]
        if colours, s.value == 0x1B, let end = colourSequenceEnd(scalars, from: i) {
            out.unicodeScalars.append(contentsOf: scalars[i...end])
            i = end + 1
            continue
        }
        if s != "\n" && s != "\t", let escape = controlEscape(s) {
            out += escape
        } else {
            out.unicodeScalars.append(s)
        }
        i += 1
    }
    return out
}

/// `text` without placeshell's colour sequences (`colourCodes`): what a terminal showed, for a
/// page.
func withoutColours(_ text: String) -> String {
    guard text.utf8.contains(0x1B) else { return text }
    var out = ""
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i < scalars.count {
        if scalars[i].value == 0x1B, let end = colourSequenceEnd(scalars, from: i) {
            i = end + 1
            continue
        }
        out.unicodeScalars.append(scalars[i])
        i += 1
    }
    return out
}

/// Where one of placeshell's colour sequences (`ESC [ CODE m`, CODE in `colourCodes`) that
/// starts at `start` ends, or nil.
private func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var j = start + 2
    var code = ""
    while j < scalars.count, j - start < 8, scalars[j] == ";" || ("0"..."9").contains(scalars[j]) {
        code.unicodeScalars.append(scalars[j])
        j += 1
    }
    return j < scalars.count && scalars[j] == "m" && colourCodes.contains(code) ? j : nil
}

/// A value inside right-to-left text, kept in its own order: a coordinate pair or a negative
/// number in Persian prose reads `-33.869405, 151.199`, not with its parts swapped or its sign
/// moved, when a U+200E LEFT-TO-RIGHT MARK stands on each side (a strong left-to-right
/// character that takes no cell, as the right-to-left mark does for the lines). A value with
/// right-to-left letters of its own (a Persian place name), or of letters and spaces only, is
/// left to lay itself out.
public func leftToRightIsolated(_ s: String) -> String {
    guard !hasRightToLeftLetters(s), s.contains(where: { !$0.isLetter && $0 != " " }) else { return s }
    return "\u{200E}" + s + "\u{200E}"
}
