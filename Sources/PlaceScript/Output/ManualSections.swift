import PlaceKit
import PlaceStorage

/// The manual's STATE PATHS, COMMANDS, RUNNING TESTS and SIMULATION CHOICES sections, made from
/// the command table and the simulation's table of choices: each family's
/// introduction, each command's entry and each state root's entries are fields of the table
/// (`manual`); what is about a section as a whole is here. `placeshell --manual-sections` prints
/// them and `scripts/manual` puts them into man/placeshell.1 in place of the old ones.
extension CommandTable {
    /// The generated sections, each from its `.Sh` line.
    public func manualSections() -> String {
        manualStatePathsSection() + manualCommandsSection() + manualTestSection() + manualChoicesSection()
    }

    /// The SIMULATION CHOICES section: every behaviour the simulation decides, from
    /// `SimulationChoices.all`.
    public func manualChoicesSection() -> String {
        let lines = [
            ".Sh SIMULATION CHOICES",
            "Where the real APIs leave a behaviour unstated, the simulation decides, in one",
            "place",
            ".Pq Pa Sources/PlaceKit/Session/SimulationChoices.swift .",
            ".Ql help choices",
            "prints the same list.",
            Self.choicesList,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The simulation's choices as an mdoc list, each under its topic: the manual's section and
    /// `help choices` print it.
    static let choicesList: String =
        ([".Bl -tag -width Ds"] + SimulationChoices.all.map { ".It " + $0.topic + "\n" + $0.manual } + [".El"])
        .joined(separator: "\n")

    /// The STATE PATHS section: the shell's own roots, then every other family's, in table order.
    public func manualStatePathsSection() -> String {
        let shellFamily = CommandFamily.builtins.name
        let shellRoots = families.filter { $0.name == shellFamily }.flatMap { $0.stateRoots }
        let otherRoots = families.filter { $0.name != shellFamily }.flatMap { $0.stateRoots }
        var lines = [".Sh STATE PATHS", statePathsPreamble, ".Pp", "The shell's own paths:"]
        lines += Self.tagList(shellRoots.map(\.manual))
        lines += [".Pp", statePathsMiddle]
        lines += Self.tagList(otherRoots.map(\.manual))
        lines += [".Pp", statePathsEnd]
        lines += wordPathsParagraph()
        return lines.joined(separator: "\n") + "\n"
    }

    /// The paths whose values are one of a fixed set of words, with their words, from the
    /// schema: in an expectation a bare word that is one of them is that text.
    private func wordPathsParagraph() -> [String] {
        var found: [(String, [String])] = []
        func visit(_ shape: StateShape, _ path: String) {
            switch shape.unwrapped {
            case .words(let words): found.append((path, words))
            case .record(let members): for m in members { visit(m.shape, path + "." + m.name) }
            case .list(let element, _): visit(element, path + "[N]")
            default: break
            }
        }
        for root in stateRoots { visit(root.shape, root.name) }
        var lines = [
            ".Pp", "These paths take a fixed set of words, which an expectation may write bare",
            ".Pq Ql expect app.screen == map :", ".Bl -tag -width Ds -compact",
        ]
        for (path, words) in found {
            lines.append(".It Li \(path)")
            lines.append(".Li " + words.map(Self.macroArgument).joined(separator: " , "))
        }
        lines.append(".El")
        return lines
    }

    /// The COMMANDS section: what holds for every command, the list of families, then for each
    /// family its introduction and its commands' entries (subcommands after their parent).
    public func manualCommandsSection() -> String {
        var lines = [".Sh COMMANDS", commandsPreamble]
        let width = families.map(\.name).max { $0.count < $1.count } ?? "Ds"
        lines.append(".Bl -tag -width \(Self.macroArgument(width)) -compact")
        for family in families {
            lines.append(".It Sx \(family.name)")
            lines.append(Self.sentence(family.summary))
        }
        lines.append(".El")
        lines += [".Pp", commandsAfterFamilies]
        lines += touchesParagraph()
        lines += nextRequestParagraph()
        for family in families {
            lines.append(".Ss \(family.name)")
            if !family.manual.isEmpty { lines.append(family.manual) }
            func entries(_ spec: CommandSpec) -> [String] {
                (spec.manual.isEmpty ? [] : [entry(spec)]) + spec.subcommands.flatMap(entries)
            }
            lines += Self.tagList(family.commands.flatMap(entries))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The commands (and subcommands) of the table that `holds`, as `.Ic` lines joined by commas
    /// and "and", the last one followed by `after`; nil when none does.
    private func commandList(where holds: (CommandSpec) -> Bool, after: String) -> [String]? {
        func matching(_ spec: CommandSpec) -> [String] {
            (holds(spec) ? [spec.fullName] : []) + spec.subcommands.flatMap(matching)
        }
        let names = families.flatMap(\.commands).flatMap(matching)
        guard let last = names.last else { return nil }
        return names.dropLast().map { ".Ic \(Self.macroArgument($0)) ," } + [
            "and", ".Ic \(Self.macroArgument(last))" + after,
        ]
    }

    /// The commands that touch the app, from the table, and what the modal alert does to them.
    private func touchesParagraph() -> [String] {
        guard let names = commandList(where: { $0.effect == .touches }, after: " ,") else { return [] }
        return [".Pp", "The commands that touch the app's screens,"] + names + [
            "are refused while the permission alert is on screen: the alert is modal, and",
            "takes every touch until it is answered",
            ".Pq see Sx Permission ;",
            "and while the app is in the background, until",
            ".Ic app foreground .",
        ]
    }

    /// The commands whose setting the app reads at its next request, from the table.
    private func nextRequestParagraph() -> [String] {
        guard let names = commandList(where: { $0.readAt == .nextRequest }, after: "") else { return [] }
        return [".Pp", "What"] + names + [
            "set, the app reads when it sends its next places request, at its next location fix or",
            "selection: a change leaves the list it already has as it was answered, and says so.",
        ]
    }

    /// A command's entry: its text, then its examples (the ones `help` lists) as display lines.
    private func entry(_ spec: CommandSpec) -> String {
        let shown = ManualText.displays(in: spec.manual)
        return
            ([manualText(of: spec)] + spec.examples.filter { !shown.contains($0) }.map { ".Dl " + Self.displayed($0) })
            .joined(separator: "\n")
    }

    /// A command line as the words of a `.Dl` line: nothing in it read as a macro, a quote, a
    /// delimiter or an escape, and its hyphens the ASCII ones a reader copies.
    static func displayed(_ command: String) -> String {
        command.split(separator: " ", omittingEmptySubsequences: false).map { word in
            var text = ""
            for c in word {
                switch c {
                case "\\": text += "\\e"
                case "\"": text += "\\(dq"
                case "-": text += "\\-"
                default: text.append(c)
                }
            }
            let isMacroName =
                word.count <= 3 && word.first?.isUppercase == true && word.dropFirst().allSatisfy(\.isLowercase)
            let isDelimiter = word.count == 1 && "().,:;[]?!|".contains(word)
            return isMacroName || isDelimiter ? "\\&" + text : text
        }.joined(separator: "\\ ")
    }

    /// `.Bl -tag -width Ds`, the items, `.El`.
    private static func tagList(_ items: [String]) -> [String] {
        [".Bl -tag -width Ds"] + items.filter { !$0.isEmpty } + [".El"]
    }

    /// A summary from the table as a line of mdoc text: capitalised, with a full stop, and
    /// escaped so that nothing in it reads as a request or an escape.
    private static func sentence(_ summary: String) -> String {
        var text = summary.replacing("\\", with: "\\e")
        if let first = text.first { text = first.uppercased() + text.dropFirst() }
        if text.first == "." || text.first == "'" { text = "\\&" + text }
        return text + "."
    }

    /// A word as one macro argument: quoted when it has a space (`"Run loop"`).
    private static func macroArgument(_ word: String) -> String {
        word.contains(" ") ? "\"\(word)\"" : word
    }
}

private let statePathsPreamble = #"""
    The session is a tree of values that
    .Ic show
    prints and
    .Ic expect
    checks.
    A path is a name followed by
    .Li \&. Ns Ar member
    and
    .Li \&[ Ns Ar N Ns Li \&]
    parts.
    Indexes are 1-based, like the rows people see:
    .Li markers[1]
    is the first marker.
    A negative index counts from the end:
    .Li log[-1]
    is the last line of the log and
    .Li likely[-1].name
    the name of the least likely place.
    A list also has
    .Li .count ,
    and
    .Li \&[*]
    stands for each of its items:
    .Li likely[*].name
    is the list of the likely places' names.
    Every member of every path is known from the state's schema, whatever value it
    holds now: a member no state has
    .Pq Li camera.zom , Li markers.cont
    is an error when a script is read, even where the value is
    .Li nil
    at that moment, and a member of
    .Li nil
    spelt right is
    .Li nil .
    An index past the end of a list is an error that says what there is.
    .Ql show
    alone lists the top-level paths;
    .Ic help paths
    lists them with a line each.
    """#

private let statePathsMiddle = #"""
    The app simulation's paths, by root
    .Po
    .Ql show
    lists the roots,
    .Ql show Ar path
    prints everything under one, and
    .Ic help paths
    describes them
    .Pc .
    Text is quoted; lengths, speeds, angles and durations carry their unit
    .Pq Li 5m , Li 0deg , Li 1.4s .
    """#

private let statePathsEnd = #"""
    With no app running,
    .Li map
    and
    .Li camera
    are
    .Li nil ,
    and
    .Li likely ,
    .Li picker.rows
    and
    .Li markers
    are empty.
    """#

private let commandsPreamble = #"""
    Every command has help with usage and examples:
    .Ic help Ar command .
    Arguments in brackets are optional.
    The commands come in families, as
    .Ic help
    lists them:
    """#

private let commandsAfterFamilies = #"""
    The commands that act on the app do what a person, the Simulator or the system
    would
    .Pq see Sx THE SIMULATED APP .
    A command that needs the app fails with
    .Ql the app is not running
    when it is not; a command used in the wrong state fails with an error that
    says why, and what to type instead when that is known, and changes nothing.
    After every command the run loop delivers whatever falls due
    .Pq Sx Clock and run loop .
    """#
