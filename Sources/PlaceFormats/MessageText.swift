/// What the importers' messages and summaries are written with; the shell's output uses the
/// same, so a count reads the same in an import summary and in a table.

/// Text from a file as a message quotes it: at most 40 characters, then `…`, so a hostile
/// 10 MB value makes a one-line message.
public func excerpt(_ text: String) -> String {
    let head = text.prefix(41)
    // Shown on its line: a line break in a file's value cannot start one of its own.
    return escapingControlCharacters(head.count > 40 ? String(head.prefix(40)) + "…" : text)
}

/// `1 place`, `1,227 places`: a count and its noun, plural unless the count is one.
public func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    groupedThousands(n) + " " + (n == 1 ? noun : plural ?? noun + "s")
}

/// `1,227`: a count with thousands separators.
public func groupedThousands(_ n: Int) -> String {
    let digits = String(abs(n))
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}

/// A character that changes what a terminal shows rather than being shown, written as the
/// language writes it in double quotes (`\n`, `\t`, `\r`, `\u{1b}`), or nil for any other
/// character. These count: the C0 and C1 controls (U+0080…U+009F: some terminals obey them as
/// they obey escape sequences), DEL, the bidirectional embeddings, overrides and isolates
/// (U+202A…U+202E, U+2066…U+2069: they reorder the text after them, so a name can make a line
/// read otherwise than it is), and the line and paragraph separators (U+2028, U+2029: some
/// terminals and editors break the line there). The marks U+200E, U+200F and U+061C, which
/// only give a direction and reorder nothing, are shown as they are: right-to-left prose needs
/// them.
public func controlEscape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    default:
        let v = scalar.value
        guard v < 0x20 || (v >= 0x7F && v <= 0x9F) || isReorderingOrSeparator(v) else { return nil }
        return "\\u{" + String(v, radix: 16) + "}"
    }
}

/// U+2028, U+2029 (separators), U+202A…U+202E (embeddings and overrides), U+2066…U+2069
/// (isolates): the characters after C0, DEL and C1 that `controlEscape` shows escaped.
@inline(__always)
public func isReorderingOrSeparator(_ v: UInt32) -> Bool {
    (v >= 0x2028 && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
}

/// Whether the three bytes at `lead`, `second`, `third` (a lead byte 0xE2) are one of the
/// characters `isReorderingOrSeparator` names, in UTF-8: E2 80 A8…AE, E2 81 A6…A9.
@inline(__always)
public func isReorderingOrSeparator(second: UInt8, third: UInt8) -> Bool {
    (second == 0x80 && third >= 0xA8 && third <= 0xAE) || (second == 0x81 && third >= 0xA6 && third <= 0xA9)
}

/// Text for one line of a message on a terminal: every character `controlEscape` names, line
/// feeds and tabs among them, in the form it gives, so a name with a line break (or an escape
/// sequence, or a right-to-left override) stays on its line and is shown, not obeyed.
public func escapingControlCharacters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { controlEscape($0) != nil }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if let escape = controlEscape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
    }
    return out
}
