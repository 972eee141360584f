/// What the importers' messages and summaries are written with; the shell's output uses the
/// same, so a count reads the same in an import summary and in a table.

/// Text from a file as a message quotes it: at most 40 characters, then `…`, so a hostile
/// 10 MB value makes a one-line message.
public func excerpt(_ text: String) -> String {
    let head = text.prefix(41)
    return head.count > 40 ? String(head.prefix(40)) + "…" : text
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
