/// Syntax highlighting for `.placescript` files in editors, made from the command table so that a
/// new command is highlighted as one without editing anything by hand: a Vim syntax file and a
/// TextMate grammar (VS Code and most other editors read those). The files in `editors/` are
/// these functions' output; `EditorSyntaxTests` fails when they differ and rewrites them with
/// `PLACESHELL_RECORD=1`.
extension CommandTable {
    /// The words that start a command (names and aliases), the longest first so that an
    /// alternation never stops at a shorter name that is a prefix of a longer one.
    public var editorCommandWords: [String] {
        Array(Set(commandNames)).sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// The subcommands' names and aliases, sorted.
    public var editorSubcommandWords: [String] {
        func names(_ spec: CommandSpec) -> [String] {
            spec.subcommands.flatMap { [$0.name] + $0.aliases + names($0) }
        }
        return Array(Set(commands.flatMap(names))).sorted()
    }

    /// Expect's operator words and the literals.
    static let editorOperatorWords = ["contains", "matches", "within", "near"]
    static let editorConstantWords = ["true", "false", "nil", "on", "off"]

    /// `editors/vim/syntax/placescript.vim`.
    public func vimSyntax() -> String {
        // Names in a magic-mode alternation `\%(…\|…\)`: only `.` is special among their
        // characters (`?` is literal in Vim's magic mode).
        func vimAlternation(_ words: [String]) -> String {
            words.map { $0.replacingAll(".", with: "\\.") }.joined(separator: "\\|")
        }
        return """
            " Vim syntax file for placeshell scripts (*.placescript).
            " Generated from placeshell's command table (Sources/PlaceScript/Output/EditorSyntax.swift);
            " do not edit: PLACESHELL_RECORD=1 swift test --filter EditorSyntaxTests writes it again.
            if exists("b:current_syntax")
              finish
            endif

            syn match placescriptComment "#.*$" contains=@Spell
            syn match placescriptDirective "^#|.*$"
            syn region placescriptString start=+"+ skip=+\\\\.+ end=+"+ oneline
            syn region placescriptString start=+'+ end=+'+ oneline
            syn match placescriptArgument "\\$\\%(\\d\\+\\|{[^}]*}\\|#\\|@\\|\\*\\)"
            syn match placescriptNumber "-\\=\\<\\d\\+\\%(\\.\\d\\+\\)\\=\\%([eE][-+]\\=\\d\\+\\)\\=\\%(km/h\\|m/s\\|km\\|min\\|ms\\|deg\\|m\\|s\\|h\\|%\\)\\="
            syn match placescriptOption "\\%(^\\|\\s\\)\\zs--\\=\\a[-a-zA-Z]*"
            syn match placescriptOperator "==\\|!=\\|<=\\|>=\\|\\~=\\|<\\|>"
            syn keyword placescriptOperator \(Self.editorOperatorWords.joined(separator: " "))
            syn keyword placescriptConstant \(Self.editorConstantWords.joined(separator: " "))
            syn match placescriptCommand "\\%(^\\|;\\)\\s*\\zs\\%(\(vimAlternation(editorCommandWords))\\)\\ze\\%(\\s\\|;\\|$\\)"
            syn keyword placescriptSubcommand \(editorSubcommandWords.filter { $0.allSatisfy(\.isLetter) }.joined(separator: " "))

            hi def link placescriptComment Comment
            hi def link placescriptDirective PreProc
            hi def link placescriptString String
            hi def link placescriptArgument Identifier
            hi def link placescriptNumber Number
            hi def link placescriptOption Special
            hi def link placescriptOperator Operator
            hi def link placescriptConstant Constant
            hi def link placescriptCommand Statement
            hi def link placescriptSubcommand Type

            let b:current_syntax = "placescript"

            """
    }

    /// `editors/vscode/syntaxes/placescript.tmLanguage.json`: a TextMate grammar (JSON).
    public func textMateGrammar() -> String {
        func escaped(_ word: String) -> String {
            var out = ""
            for ch in word {
                if "\\^$.|?*+()[]{}".contains(ch) { out += "\\" }
                out.append(ch)
            }
            return out
        }
        func rule(_ name: String, _ match: String, capture: Int? = nil) -> (String, String) {
            var text = "{ \"match\": \(jsonQuoted(match)), "
            if let capture {
                text += "\"captures\": { \"\(capture)\": { \"name\": \(jsonQuoted(name)) } } }"
            } else {
                text += "\"name\": \(jsonQuoted(name)) }"
            }
            return (name, text)
        }
        let commands = editorCommandWords.map(escaped).joined(separator: "|")
        let subcommands = editorSubcommandWords.map(escaped).joined(separator: "|")
        let rules: [(key: String, rule: (String, String))] = [
            ("directive", rule("meta.preprocessor.directive.placescript", "^#\\|.*$")),
            ("comment", rule("comment.line.number-sign.placescript", "(?:^|(?<=\\s))#.*$")),
            ("string", rule("string.quoted.double.placescript", "\"(?:[^\"\\\\]|\\\\.)*\"")),
            ("string-single", rule("string.quoted.single.placescript", "'[^']*'")),
            ("argument", rule("variable.parameter.placescript", "\\$(?:[0-9]+|\\{[^}]*\\}|#|@|\\*)")),
            ("command", rule("keyword.control.command.placescript", "(?:^|;)\\s*(\(commands))(?=\\s|;|$)", capture: 1)),
            (
                "subcommand",
                rule("support.function.subcommand.placescript", "(?<=\\s)(\(subcommands))(?=\\s|;|$)", capture: 1)
            ),
            ("option", rule("variable.other.option.placescript", "(?<=^|\\s)--?[A-Za-z][-A-Za-z]*")),
            (
                "number",
                rule(
                    "constant.numeric.placescript",
                    "(?<![\\w.])-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?(?:km/h|m/s|km|min|ms|deg|m|s|h|%)?(?![\\w.])"
                )
            ),
            (
                "operator",
                rule(
                    "keyword.operator.placescript",
                    "==|!=|<=|>=|~=|<|>|\\b(?:\(Self.editorOperatorWords.joined(separator: "|")))\\b")
            ),
            (
                "constant",
                rule("constant.language.placescript", "\\b(?:\(Self.editorConstantWords.joined(separator: "|")))\\b")
            ),
        ]
        var lines = [
            "{",
            "  \"$comment\": \"Generated from placeshell's command table (Sources/PlaceScript/Output/EditorSyntax.swift); do not edit: PLACESHELL_RECORD=1 swift test --filter EditorSyntaxTests writes it again.\",",
            "  \"name\": \"placescript\",",
            "  \"scopeName\": \"source.placescript\",",
            "  \"fileTypes\": [\"placescript\"],",
            "  \"patterns\": [",
        ]
        lines.append(rules.map { "    { \"include\": \"#\($0.key)\" }" }.joined(separator: ",\n"))
        lines += ["  ],", "  \"repository\": {"]
        lines.append(rules.map { "    \"\($0.key)\": \($0.rule.1)" }.joined(separator: ",\n"))
        lines += ["  }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `text` as a JSON string literal.
private func jsonQuoted(_ text: String) -> String {
    var out = ""
    appendJSON(.string(text), to: &out)
    return out
}

extension String {
    /// Every `target` replaced by `replacement` (no Foundation).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
