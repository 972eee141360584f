import PlaceFormats
import PlaceKit
import PlaceStorage

/// An error as a value: what went wrong, where, and what to type instead. Every failure of the
/// language and of the commands is one of these; `DiagnosticRenderer` is the one place that
/// turns them into text and the shell is the one place that picks the exit status from them.
public struct Diagnostic: Error {
    /// When the error was found: while reading a script (nothing has run, exit 2), or while
    /// running a command (exit 1).
    public enum Phase: Sendable { case syntax, runtime }

    public var phase: Phase
    public var message: String
    public var location: SourceLocation?
    /// What to type instead, when known ("did you mean 'select'?").
    public var help: String?
    /// Extra lines shown under the message (an expectation's expected and actual values).
    public var notes: [String]
    /// Extra members of the JSON error object.
    public var details: [Value.Field]
    /// The command stopped because of Ctrl-C (or SIGTERM/SIGHUP at the prompt): a script
    /// stops here with status 130, whatever `--keep-going` says.
    public var isInterruption = false

    public init(
        _ phase: Phase, _ message: String, at location: SourceLocation? = nil, help: String? = nil,
        notes: [String] = [], details: [Value.Field] = []
    ) {
        self.phase = phase
        self.message = message
        self.location = location
        self.help = help
        self.notes = notes
        self.details = details
    }

    /// A syntax error: the script does not parse or does not type-check.
    public static func syntax(_ message: String, at location: SourceLocation?, help: String? = nil) -> Diagnostic {
        Diagnostic(.syntax, message, at: location, help: help)
    }

    /// A command that could not do what it was asked.
    public static func runtime(_ message: String, at location: SourceLocation? = nil, help: String? = nil)
        -> Diagnostic
    {
        Diagnostic(.runtime, message, at: location, help: help)
    }

    /// A command that stopped early at a safe point because of Ctrl-C, with the state
    /// consistent; the message says what was done and what was not.
    public static func interrupted(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        var d = Diagnostic(.runtime, "interrupted: " + message, at: location)
        d.isInterruption = true
        return d
    }

    /// The JSON `error` object: message, file, line, column, and any details.
    public var jsonObject: Value {
        var fields = [Value.Field("message", .string(message))]
        if let location {
            let (line, column) = location.source.lineAndColumn(of: location.offset)
            fields.append(Value.Field("file", .string(location.source.name)))
            fields.append(Value.Field("line", .int(line)))
            fields.append(Value.Field("column", .int(column)))
        }
        if let help { fields.append(Value.Field("help", .string(help))) }
        fields.append(contentsOf: details)
        return .record(fields)
    }
}

/// Renders diagnostics as `FILE:LINE:COL: error: MESSAGE`, or `error: MESSAGE` at the prompt,
/// with the source line and a caret when the reader is a person at a terminal.
public struct DiagnosticRenderer {
    /// Print the source line and a caret under the fault.
    public var showsSource: Bool
    /// Leave out `FILE:LINE:COL:` (a line typed at the prompt is right above the message).
    public var omitsLocationPrefix: Bool
    public var style: TextStyle

    public init(showsSource: Bool, omitsLocationPrefix: Bool = false, style: TextStyle = .plain) {
        self.showsSource = showsSource
        self.omitsLocationPrefix = omitsLocationPrefix
        self.style = style
    }

    /// The whole report, ending with a newline.
    public func render(_ d: Diagnostic) -> String {
        var out = ""
        if let loc = d.location, !omitsLocationPrefix {
            let (line, column) = loc.source.lineAndColumn(of: loc.offset)
            out += style.bold("\(escapingControlCharacters(loc.source.name)):\(line):\(column):") + " "
        }
        // Each part is one line whatever it quotes: a file name with a line break included.
        out += style.error("error:") + " " + escapingControlCharacters(d.message) + "\n"
        for note in d.notes { out += "  " + escapingControlCharacters(note) + "\n" }
        if showsSource, let loc = d.location { out += sourceExcerpt(loc) }
        if let help = d.help { out += style.help("help:") + " " + escapingControlCharacters(help) + "\n" }
        return out
    }

    /// The source line (cut to a window around the fault when it is long) and a caret line.
    func sourceExcerpt(_ loc: SourceLocation) -> String {
        let (text, start) = loc.source.lineText(at: loc.offset)
        let lineBytes = Array(text.utf8)
        let caretByte = max(0, min(loc.offset - start, lineBytes.count))
        var prefix = String(decoding: lineBytes[0..<caretByte], as: UTF8.self)
        var rest = String(decoding: lineBytes[caretByte...], as: UTF8.self)
        // Keep about 60 columns before the fault and 60 after.
        let window = 60
        if displayWidth(prefix) > window {
            prefix = "…" + String(suffixFitting(prefix, width: window))
        }
        if displayWidth(rest) > window {
            rest = String(prefixFitting(rest, width: window)) + "…"
        }
        var underlined = String(
            decoding: lineBytes[caretByte..<min(lineBytes.count, caretByte + max(loc.length, 1))], as: UTF8.self)
        if underlined.isEmpty { underlined = " " }
        let caretWidth = max(1, min(displayWidth(underlined), displayWidth(rest)))
        let gutter = "    | "
        var out = gutter + printable(prefix + rest) + "\n"
        out += gutter + String(repeating: " ", count: displayWidth(printable(prefix)))
        out += style.error("^" + String(repeating: "~", count: max(0, caretWidth - 1))) + "\n"
        return out
    }

    /// Control characters shown as visible escapes (a tab as a space), so the caret lines up and
    /// the terminal is safe.
    private func printable(_ s: String) -> String {
        escapingControlCharacters(String(s.map { $0 == "\t" ? " " : $0 }))
    }
}

/// Several diagnostics at once: every syntax error of a script.
public struct DiagnosticList: Error {
    public var items: [Diagnostic]
    public init(_ items: [Diagnostic]) { self.items = items }
}
