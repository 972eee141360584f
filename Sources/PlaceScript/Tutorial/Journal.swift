import PlaceKit
import PlaceStorage

// What the walk remembers of the session while it runs, for the steps' `happened:` checks and
// the `when.happened:` conditions of hints (the format is described at the top of Steps.swift).

/// One thing that happened while the walk ran.
struct JournalEntry: Sendable, Equatable {
    /// `typed`, `launch`, `answer`, or the name of an event (`alert`, `console`, `note`, …).
    var kind: String
    /// The command as typed, the console line, the note's words, the alert's title, …
    var text: String
}

/// The kinds of entry the journal holds; a pattern naming another kind is an error in the text.
let journalKinds = [
    "typed", "launch", "answer", "alert", "console", "note", "crash", "step", "trace",
]

/// One line of `happened:` or `when.happened:`: `[not] KIND [TEXT]`.
struct JournalPattern: Sendable, Equatable {
    /// `not`: no entry between the neighbouring patterns (or, last, after the one before) matches.
    var negated = false
    var kind: String
    /// nil: any text.
    var text: String?
    /// `…` at the end of the text of a `typed` or `answer` pattern: the command starts with the
    /// text (`typed show likely …` is `show likely` and `show likely.count`).
    var prefix = false
    var line: Int

    /// Reads `[not] KIND [TEXT]`; the error says what is wrong.
    static func parse(_ source: String, line: Int) -> Result<JournalPattern, TutorialFormatError> {
        var words = source.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var pattern = JournalPattern(kind: "", line: line)
        if words.first == "not" {
            pattern.negated = true
            words.removeFirst()
        }
        guard let kind = words.first else {
            return .failure(TutorialFormatError(line: line, message: "a pattern is '[not] KIND [TEXT]'"))
        }
        guard journalKinds.contains(kind) else {
            return .failure(
                TutorialFormatError(
                    line: line,
                    message: "unknown kind '\(kind)' in a pattern (\(journalKinds.joined(separator: ", ")))"))
        }
        pattern.kind = kind
        words.removeFirst()
        if words.last == "…" {
            words.removeLast()
            pattern.prefix = true
        }
        pattern.text = words.isEmpty ? nil : words.joined(separator: " ")
        return .success(pattern)
    }

    /// Whether `entry` is one this pattern names (`not` aside).
    func matches(_ entry: JournalEntry) -> Bool {
        guard entry.kind == kind else { return false }
        guard let text else { return true }
        switch kind {
        case "typed", "answer":
            return prefix ? entry.text.hasPrefix(text) : entry.text == text
        default:
            return entry.text.contains(text)
        }
    }
}

/// Where a step's `happened:` starts reading the journal: at the step's start, or at the last
/// launch of the app (before the step, when the step follows on from it).
enum JournalScope: String, Sendable {
    case step, launch
}

/// A hint that is given when its conditions hold.
struct TutorialHint: Sendable {
    /// Expectations, as `expect` takes them, with their lines.
    var when: [(text: String, line: Int)] = []
    /// Patterns over the step's journal, matched in order like `happened:`.
    var happened: [JournalPattern] = []
    var text = ""
}

/// Whether `patterns` match `entries` in order: each pattern that is not negated matches an
/// entry after the one the pattern before it matched, and no entry between the two matches a
/// negated pattern written between them (a negated pattern at the end: no entry after).
func journalMatches(_ patterns: [JournalPattern], _ entries: ArraySlice<JournalEntry>) -> Bool {
    var memo: [Int: Bool] = [:]
    func match(_ p: Int, _ j: Int) -> Bool {
        let key = p &* (entries.count + 1) &+ (j - entries.startIndex)
        if let known = memo[key] { return known }
        var next = p
        var forbidden: [JournalPattern] = []
        while next < patterns.count && patterns[next].negated {
            forbidden.append(patterns[next])
            next += 1
        }
        var result = false
        if next == patterns.count {
            result = !entries[j...].contains { e in forbidden.contains { $0.matches(e) } }
        } else {
            var k = j
            while k < entries.endIndex {
                if patterns[next].matches(entries[k]) && match(next + 1, k + 1) {
                    result = true
                    break
                }
                if forbidden.contains(where: { $0.matches(entries[k]) }) { break }
                k += 1
            }
        }
        memo[key] = result
        return result
    }
    return match(0, entries.startIndex)
}

/// How many of `patterns`' positive patterns match in order from the start (negations
/// aside): how far along a step's `happened:` the session has come.
func journalProgress(_ patterns: [JournalPattern], _ entries: ArraySlice<JournalEntry>) -> Int {
    var count = 0
    var j = entries.startIndex
    for pattern in patterns where !pattern.negated {
        guard let k = entries[j...].firstIndex(where: pattern.matches) else { break }
        count += 1
        j = k + 1
    }
    return count
}

/// The journal's entry for an event the shell printed, or nil for the walk's own.
func journalEntry(for event: Event) -> JournalEntry? {
    guard event.name != "tutorial" else { return nil }
    func field(_ name: String) -> String? {
        for f in event.fields where f.name == name { if case .string(let s) = f.value { return s } }
        return nil
    }
    let text = field("text") ?? field("signature") ?? field("title") ?? field("reason") ?? event.text
    return JournalEntry(kind: event.name, text: text)
}
