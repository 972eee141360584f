import PlaceFormats
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

@testable import PlaceScript

final class TutorialTests: XCTestCase {
    private func parsed(_ language: String) throws -> TutorialText {
        switch try XCTUnwrap(parsedTutorials[language], "no tutorial text '\(language)'") {
        case .success(let text): return text
        case .failure(let e):
            XCTFail("the tutorial text '\(language)' does not parse: \(e)")
            throw e
        }
    }

    // MARK: - The published tutorial's words

    /// Each step's part is a heading of the published tutorial, word for word, so a student can
    /// search for it: read from the published pages (../shared/seeds, beside the repository,
    /// when it is there); an Objective-C step adds " (Objective-C)", the code tab's name.
    func testEveryPartIsAPublishedHeading() throws {
        let seeds = RealData.directory.deletingLastPathComponent().appendingPathComponent("seeds")
        guard FileManager.default.fileExists(atPath: seeds.path) else {
            throw XCTSkip("the published tutorial (../shared/seeds) is not beside the repository")
        }
        for language in ["de", "es", "fa", "ko", "vi"] {
            let page = try String(
                contentsOf: seeds.appendingPathComponent("tutorial.\(language).txt"), encoding: .utf8)
            let lines = Set(page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            let english = try parsed(defaultTutorialLanguage).steps
            // A migrated step has no published heading ("none (…)" in English): not compared.
            for (step, source) in zip(try parsed(language).steps, english) where !source.part.hasPrefix("none") {
                var heading = step.part
                if heading.hasSuffix(" (Objective-C)") { heading = String(heading.dropLast(" (Objective-C)".count)) }
                XCTAssertTrue(
                    lines.contains(heading), "\(language) step \(step.number): '\(heading)' is no heading of the page")
            }
        }
    }

    /// What native readers found: the seeds' own terms where they exist, and no word that
    /// says something else (Persian "warning" for the permission request, Korean "arrived").
    func testTheTranslationsUseTheSeedsTerms() throws {
        func texts(_ language: String) throws -> [String] {
            try parsed(language).steps.flatMap {
                [$0.title, $0.part, $0.recap, $0.hint] + $0.say + $0.after + $0.hints.map(\.text)
            }
        }
        let korean = try texts("ko").joined(separator: "\n")
        XCTAssertFalse(korean.contains("\"Get Place\""), "Korean names the button '장소 가져오기'")
        XCTAssertFalse(try parsed("ko").steps[12].title.contains("도착"), "the request was sent, not arrived")
        let persian = try texts("fa").joined(separator: "\n")
        for wrong in ["هشدار", "مدیر موقعیت مکانی", "مکان‌های محتمل ", "\"Get Place\"", "انتخاب، انتخاب"] {
            XCTAssertFalse(persian.contains(wrong), "Persian uses the seed's term, not '\(wrong)'")
        }
        for term in ["درخواست مجوز", "مدیر مکان", "مکان‌های احتمالی", "نماینده"] {
            XCTAssertTrue(persian.contains(term), "Persian lacks the seed's term '\(term)'")
        }
    }

    // MARK: - Every language file

    func testEveryLanguageFileParses() throws {
        XCTAssertNotNil(tutorialCatalogs[defaultTutorialLanguage], "the default language must have a text")
        for language in tutorialCatalogs.keys.sorted() {
            let text = try parsed(language)
            XCTAssertEqual(
                text.language, language, "the file registered as '\(language)' says 'language: \(text.language)'")
            XCTAssertFalse(text.name.isEmpty)
            for step in text.steps {
                XCTAssertFalse(step.say.isEmpty, "\(language) step \(step.number) says nothing")
                XCTAssertFalse(step.api.isEmpty, "\(language) step \(step.number) names no API")
                XCTAssertFalse(step.code.isEmpty, "\(language) step \(step.number) shows no calls")
            }
        }
    }

    /// Every step's `done:` lines bind as `expect` against the real command table (state paths,
    /// operators, literals), and every `type:` line is a command the shell takes.
    func testEveryStepBindsAgainstTheStandardTable() throws {
        let table = CommandTable.standard
        for language in tutorialCatalogs.keys.sorted() {
            let text = try parsed(language)
            for step in text.steps {
                for (expression, line) in step.done {
                    do {
                        _ = try bindExpectation(expression, line: line, language: language, table: table)
                    } catch {
                        XCTFail(
                            "\(language) line \(line), step \(step.number): 'done: \(expression)': \(error.message)")
                    }
                }
                for command in step.type {
                    do {
                        _ = try bindCommand(command, language: language, table: table)
                    } catch {
                        XCTFail("\(language) step \(step.number): 'type: \(command)': \(error.message)")
                    }
                }
                for (expression, line) in step.hints.flatMap(\.when) {
                    do {
                        _ = try bindExpectation(expression, line: line, language: language, table: table)
                    } catch {
                        XCTFail(
                            "\(language) line \(line), step \(step.number): 'when: \(expression)': \(error.message)")
                    }
                }
                // A pattern on a command names one the shell takes.
                for pattern in step.happened + step.hints.flatMap(\.happened)
                where ["typed", "answer"].contains(pattern.kind) && !pattern.prefix {
                    guard let command = pattern.text else { continue }
                    do {
                        _ = try bindCommand(command, language: language, table: table)
                    } catch {
                        XCTFail("\(language) line \(pattern.line), step \(step.number): '\(command)': \(error.message)")
                    }
                }
            }
        }
    }

    /// Every language file in Sources/PlaceScript/Tutorial (tutorial.pot, XX.po) is registered
    /// under its code in Tutorial/Languages.swift: a file left out is a failure, not a language
    /// that silently is not there. Each is a well-formed PO file as gettext's msgfmt reads it.
    func testEveryLanguageFileIsRegisteredAndWellFormed() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/PlaceScript/Tutorial").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let translations = files.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }
        XCTAssertEqual((translations + ["en"]).sorted(), tutorialCatalogs.keys.sorted())
        XCTAssertTrue(files.contains("tutorial.pot"))
        let msgfmt = ["/usr/bin/msgfmt", "/opt/homebrew/bin/msgfmt", "/usr/local/bin/msgfmt"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let checker = try XCTUnwrap(msgfmt, "gettext's msgfmt is missing: run scripts/setup test")
        for file in files where file.hasSuffix(".po") || file.hasSuffix(".pot") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: checker)
            process.arguments = ["--check-format", "--check-domain", "-o", "/dev/null", file]
            process.currentDirectoryURL = directory
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(file): \(text)")
        }
    }

    /// Every message a language file has is there, and uses only placeholders the walk fills in
    /// for it.
    func testEveryMessageHasItsPlaceholders() throws {
        for language in tutorialCatalogs.keys.sorted() {
            let text = try parsed(language)
            for (key, names) in tutorialMessages {
                let message = try XCTUnwrap(text.messages[key], "\(language): message.\(key) is missing")
                let used = Set(message.matches(of: /\{([a-zA-Z]+)\}/).map { String($0.output.1) })
                XCTAssertTrue(
                    used.isSubset(of: names), "\(language): message.\(key) has a placeholder the walk does not fill in")
            }
        }
    }

    /// A translation changes the words, not the walk: the same steps, commands and checks, the
    /// same hints, and the same placeholders in each message.
    func testTranslationsKeepTheStepsCommandsAndChecks() throws {
        let english = try parsed(defaultTutorialLanguage)
        func placeholders(_ s: String) -> [String] {
            s.matches(of: /\{[a-z]+\}/).map { String($0.output) }.sorted()
        }
        for language in tutorialCatalogs.keys.sorted() where language != defaultTutorialLanguage {
            let text = try parsed(language)
            XCTAssertEqual(text.steps.count, english.steps.count, "\(language): number of steps")
            for (a, b) in zip(english.steps, text.steps) {
                XCTAssertEqual(a.type, b.type, "\(language) step \(b.number): type:")
                XCTAssertEqual(a.code, b.code, "\(language) step \(b.number): code: is never translated")
                XCTAssertEqual(a.done.map(\.text), b.done.map(\.text), "\(language) step \(b.number): done:")
                XCTAssertEqual(a.isOptional, b.isOptional, "\(language) step \(b.number): optional:")
                func shape(_ patterns: [JournalPattern]) -> [String] {
                    patterns.map { "\($0.negated) \($0.kind) \($0.text ?? "") \($0.prefix)" }
                }
                XCTAssertEqual(shape(a.happened), shape(b.happened), "\(language) step \(b.number): happened:")
                XCTAssertEqual(
                    a.hints.map { shape($0.happened) }, b.hints.map { shape($0.happened) },
                    "\(language) step \(b.number): when.happened:")
                XCTAssertEqual(a.from, b.from, "\(language) step \(b.number): from:")
                XCTAssertEqual(
                    a.hints.map { $0.when.map(\.text) }, b.hints.map { $0.when.map(\.text) },
                    "\(language) step \(b.number): when:")
                XCTAssertEqual(a.hints.count, b.hints.count, "\(language) step \(b.number): hints")
                XCTAssertEqual(a.api, b.api, "\(language) step \(b.number): api: is never translated")
                XCTAssertEqual(a.after.count, b.after.count, "\(language) step \(b.number): after: paragraphs")
                XCTAssertEqual(a.say.count, b.say.count, "\(language) step \(b.number): say: paragraphs")
            }
            for key in tutorialMessageKeys {
                XCTAssertEqual(
                    placeholders(text.message(key)), placeholders(english.message(key)), "\(language): message.\(key)")
            }
            for phrase in WhyPhrase.allCases {
                XCTAssertEqual(
                    placeholders(text.explain[phrase] ?? ""), placeholders(phrase.english),
                    "\(language): explain.\(phrase.rawValue)")
            }
        }
    }

    func testTheEnglishWalkFollowsTheTutorialsOrder() throws {
        let titles = try parsed("en").steps.map(\.title)
        XCTAssertEqual(
            Array(titles.prefix(7)),
            [
                "Start the app", "Answer the alert", "Set up the location manager", "Add the map",
                "Ask for likely places", "Let the user pick", "Add the marker",
            ])
        XCTAssertTrue(titles.contains { $0.contains("P1") })
        XCTAssertTrue(titles.contains { $0.contains("P7") })
        XCTAssertTrue(titles.contains { $0.contains("P8") })
        XCTAssertTrue(titles.contains { $0.contains("P12") })
    }

    // MARK: - The format

    private let steps = """
        # a comment
        == 1
        code: → locationManager = CLLocationManager()
        code: ← MapViewController.viewDidLoad()
        api: CLLocationManager()
        type: launch
        done: app.running == true
        done: markers.count == 0
        when: app.running == false
        hint: 1
        hint: default

        == 2
        optional: yes
        api: x
        type: likely
        done: app.screen == "picker"
        hint: default
        """

    /// A PO file of the entries, each `(key, English, words)`.
    private func catalog(_ language: String, _ entries: [(String, String, String)], extra: String = "") -> [UInt8] {
        var text = "msgid \"\"\nmsgstr \"\"\n\"Language: \(language)\\n\"\n" + extra + "\n"
        for (key, english, words) in entries {
            text += "msgctxt \"\(key)\"\nmsgid \"\(english)\"\nmsgstr \"\(words)\"\n\n"
        }
        return Array(text.utf8)
    }

    private var englishEntries: [(String, String, String)] {
        let messages: [(String, String, String)] = tutorialMessageKeys.map { ("message." + $0, "m", "") }
        let explain: [(String, String, String)] = WhyPhrase.allCases.map { phrase in
            let quoted = phrase.english.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
            return ("explain." + phrase.rawValue, quoted, "")
        }
        return [("language.name", "English", "")] + messages + explain + [
            ("step.1.title", "One", ""), ("step.1.part", "The first part", ""),
            ("step.1.say", "First paragraph, on one line.\\n\\nSecond paragraph.", ""),
            ("step.1.hint.1", "launch it first", ""), ("step.1.hint.default", "launch it", ""),
            ("step.1.recap", "It ran.", ""), ("step.1.after", "Then look.", ""),
            ("step.2.title", "Two", ""), ("step.2.part", "The second part", ""), ("step.2.say", "Short.", ""),
            ("step.2.hint.default", "tap", ""), ("step.2.recap", "Tapped.", ""),
        ]
    }

    private func walk(_ po: [UInt8], steps text: String? = nil) -> Result<TutorialText, TutorialFormatError> {
        guard case .success(let steps) = parseTutorialSteps(text ?? steps) else {
            return .failure(TutorialFormatError(line: 0, message: "the steps do not parse"))
        }
        guard case .success(let template) = parseCatalog(catalog("", englishEntries)) else {
            return .failure(TutorialFormatError(line: 0, message: "the template does not parse"))
        }
        switch parseCatalog(po) {
        case .failure(let e): return .failure(e)
        case .success(let c): return tutorialText(steps: steps, catalog: c, template: template)
        }
    }

    private func failure(_ po: [UInt8]) -> String? {
        if case .failure(let e) = walk(po) { return e.message }
        return nil
    }

    func testTheStepsAndTheWordsMakeTheWalk() throws {
        let english = try walk(catalog("", englishEntries)).get()
        XCTAssertEqual(english.language, "en")
        XCTAssertEqual(english.steps.count, 2)
        let first = english.steps[0]
        XCTAssertEqual(first.title, "One")
        XCTAssertEqual(first.say, ["First paragraph, on one line.", "Second paragraph."])
        XCTAssertEqual(first.done.map(\.text), ["app.running == true", "markers.count == 0"])
        XCTAssertEqual(first.after, ["Then look."])
        XCTAssertEqual(first.code, ["→ locationManager = CLLocationManager()", "← MapViewController.viewDidLoad()"])
        XCTAssertEqual(first.hint, "launch it")
        XCTAssertEqual(first.hints.map(\.text), ["launch it first"])
        XCTAssertEqual(first.hints.first?.when.map(\.text), ["app.running == false"])
        XCTAssertEqual(english.steps[1].recap, "Tapped.")
        XCTAssertTrue(english.steps[1].isOptional)
        XCTAssertEqual(english.message("step"), "m")
        XCTAssertEqual(english.direction, .ltr)
        XCTAssertEqual(english.number(15), "15")
        // A translation: its words, its direction and digits, the same steps.
        let persian = try walk(
            catalog(
                "xx", englishEntries.map { ($0.0, $0.1, "ف " + $0.1) },
                extra: "\"X-Direction: rtl\\n\"\n\"X-Digits: ۰۱۲۳۴۵۶۷۸۹\\n\"\n")
        ).get()
        XCTAssertEqual(persian.language, "xx")
        XCTAssertEqual(persian.steps[0].title, "ف One")
        XCTAssertEqual(persian.steps[0].hints.map(\.text), ["ف launch it first"])
        XCTAssertEqual(persian.steps[0].type, ["launch"])
        XCTAssertEqual(persian.direction, .rtl)
        XCTAssertEqual(persian.number(15), "۱۵")
        XCTAssertEqual(persian.number(-3), "-۳")
    }

    func testATranslationHasEveryEntryAndNoOther() {
        let translated = englishEntries.map { ($0.0, $0.1, "x " + $0.1) }
        XCTAssertNil(failure(catalog("xx", translated)))
        XCTAssertEqual(
            failure(catalog("xx", translated.filter { $0.0 != "step.2.recap" })), "'step.2.recap' is missing")
        XCTAssertEqual(
            failure(catalog("xx", translated + [("step.3.title", "Three", "x")])),
            "'step.3.title' is no entry the walk has")
        XCTAssertEqual(
            failure(catalog("xx", translated.map { $0.0 == "step.1.part" ? ($0.0, $0.1, "") : $0 })),
            "'step.1.part' has no words")
        XCTAssertEqual(
            failure(catalog("xx", translated.map { $0.0 == "step.1.part" ? ($0.0, "Old English", $0.2) : $0 })),
            "'step.1.part' translates an older English text: msgmerge it with tutorial.pot")
        var fuzzy = catalog("xx", translated)
        fuzzy = Array(
            String(decoding: fuzzy, as: UTF8.self).replacing(
                "msgctxt \"step.1.say\"", with: "#, fuzzy\nmsgctxt \"step.1.say\""
            ).utf8)
        XCTAssertEqual(failure(fuzzy), "'step.1.say' is marked fuzzy: translate it again")
    }

    func testMalformedCatalogsSayWhatAndWhere() {
        func parseError(_ text: String) -> TutorialFormatError? {
            if case .failure(let e) = parseCatalog(Array(text.utf8)) { return e }
            return nil
        }
        XCTAssertEqual(
            parseError("msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c\"\n\nmsgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c\"\n")?
                .message, "'a' is given twice")
        XCTAssertEqual(parseError("msgctxt \"a\"\nmsgid \"b\n")?.line, 2)
        XCTAssertEqual(
            parseError("msgid \"b\"\nmsgstr \"c\"\n")?.message, "an entry without msgctxt: every entry has its key")
        XCTAssertEqual(
            parseError("msgctxt \"a\"\nmsgid \"b\"\nmsgid_plural \"bs\"\n")?.message,
            "'msgid_plural' is not part of a tutorial catalogue (msgctxt, msgid, msgstr)")
        guard
            case .success(let c) = parseCatalog(
                Array("msgctxt \"k\"\nmsgid \"\"\n\"a \\\"q\\\" \"\n\"b\\\\n\"\nmsgstr \"x\"\n".utf8))
        else {
            return XCTFail("a continued string does not parse")
        }
        XCTAssertEqual(c.entries["k"]?.source, "a \"q\" b\\n")
    }

    func testMalformedStepsSayWhatAndWhere() {
        func failure(_ text: String) -> TutorialFormatError? {
            if case .failure(let e) = parseTutorialSteps(text) { return e }
            return nil
        }
        let step = "== 1\napi: a\ntype: launch\ndone: app.running\nhint: default\n"
        XCTAssertNil(failure(step))
        XCTAssertEqual(failure("== 1\napi: a\n")?.message, "step 1 has no 'type:', 'done:', 'hint:'")
        XCTAssertEqual(failure(step + step)?.message, "step 1 follows step 1: steps count 1, 2, 3, …")
        XCTAssertEqual(failure("== one\n")?.message, "a step heading is '== N'")
        let colour = failure(step + "colour: red\n")
        XCTAssertEqual(
            colour?.message,
            "unknown field 'colour:' (optional, code, api, type, done, happened, from, when, when.happened, hint)")
        XCTAssertEqual(colour?.line, 6)
        XCTAssertEqual(
            failure(step + "title: T\n")?.message, "'title:' is words: they are in the language files (step.1.title)")
        XCTAssertEqual(failure("# only a comment\n")?.message, "there are no steps ('== 1' starts the first)")
        XCTAssertEqual(failure(step + "optional: maybe\n")?.message, "'optional:' is yes or no")
        XCTAssertEqual(
            failure(step + "happened: typo launch\n")?.message,
            "unknown kind 'typo' in a pattern (typed, launch, answer, alert, console, note, crash, step, trace)")
        XCTAssertEqual(failure(step + "from: yesterday\n")?.message, "'from:' is step or launch")
        XCTAssertEqual(
            failure(step + "when: app.running\n")?.message, "step 1 has 'when:' lines with no 'hint:' after them")
        XCTAssertEqual(failure(step + "hint: default\n")?.message, "step 1 has two 'hint: default' lines")
        XCTAssertEqual(
            failure(step + "when: app.running\nhint: 2\n")?.message,
            "step 1's hints after 'when:' count 1, 2, 3, …: this one is 1")
        XCTAssertNil(failure(step + "when: app.running\nwhen.happened: not typed launch\nhint: 1\n"))
        // A step may check only what happened.
        XCTAssertNil(failure("== 1\napi: a\ntype: launch\nhappened: launch\nhint: default\n"))
        XCTAssertEqual(failure(step + "type:\n")?.message, "'type:' has no text")
        XCTAssertEqual(failure(step + "  indented\n")?.message, "a line starts with a space: every field is one line")
    }

    // MARK: - What happened

    private func entries(_ list: [(String, String)]) -> ArraySlice<JournalEntry> {
        ArraySlice(list.map { JournalEntry(kind: $0.0, text: $0.1) })
    }

    private func patterns(_ lines: [String]) throws -> [JournalPattern] {
        try lines.map { try JournalPattern.parse($0, line: 1).get() }
    }

    func testPatternsMatchInOrderAndNotForbidsBetween() throws {
        let journal = entries([
            ("typed", "launch"), ("launch", "swift"), ("alert", "Allow?"), ("typed", "auth deny"),
            ("answer", "auth deny"), ("typed", "auth allow"), ("console", "Location status is OK."),
        ])
        XCTAssertTrue(journalMatches(try patterns(["launch", "alert"]), journal))
        XCTAssertFalse(journalMatches(try patterns(["alert", "launch"]), journal), "the order counts")
        XCTAssertFalse(journalMatches(try patterns(["alert", "answer auth allow"]), journal))
        XCTAssertTrue(journalMatches(try patterns(["answer auth deny"]), journal))
        XCTAssertTrue(journalMatches(try patterns(["typed auth …"]), journal), "'…' matches the start")
        XCTAssertFalse(journalMatches(try patterns(["typed auth"]), journal), "without '…' the whole command")
        XCTAssertTrue(journalMatches(try patterns(["console status is OK"]), journal), "other kinds: contains")
        XCTAssertFalse(
            journalMatches(try patterns(["alert", "not typed auth deny", "console"]), journal),
            "a forbidden entry between the two")
        XCTAssertTrue(journalMatches(try patterns(["typed auth deny", "not alert", "console"]), journal))
        XCTAssertFalse(journalMatches(try patterns(["launch", "not console"]), journal), "not, last: none after")
        XCTAssertTrue(journalMatches(try patterns(["not crash"]), journal))
        // A later match is found when the first one is spoilt.
        let twice = entries([("alert", ""), ("answer", "auth deny"), ("alert", ""), ("answer", "auth allow")])
        XCTAssertTrue(journalMatches(try patterns(["alert", "not answer auth deny", "answer auth allow"]), twice))
        XCTAssertEqual(journalProgress(try patterns(["alert", "answer auth allow", "crash"]), twice), 2)
    }

    // MARK: - Progress between sessions

    func testProgressIsKeptBesideTheHistoryFileAndForgotten() throws {
        let directory = NSTemporaryDirectory() + "placeshell-tutorial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let history = directory + "/state/history"
        let (first, _) = shell()
        first.historyPath = history
        XCTAssertEqual(first.runScript(SourceText(name: "t", text: "tutorial; trace on; launch; auth allow")), 0)
        let saved = try String(contentsOfFile: directory + "/state/tutorial", encoding: .utf8)
        XCTAssertEqual(saved, "# placeshell tutorial progress\nlanguage en\nstep 3\ndone 1 2\n")
        // A new session takes the walk up at step 3, with the commands of steps 1 and 2 typed for it.
        let (second, out) = shell()
        second.historyPath = history
        XCTAssertEqual(state(second, "tutorial.done"), .list([.int(1), .int(2)]))
        XCTAssertEqual(second.runScript(SourceText(name: "t", text: "tutorial")), 0)
        XCTAssertEqual(state(second, "tutorial.step"), .int(3))
        XCTAssertEqual(state(second, "auth.status"), .string("authorizedWhenInUse"))
        XCTAssertTrue(out.text.contains("The walk typed, silently, the commands of the steps before this one (1–2)"))
        XCTAssertEqual(second.runScript(SourceText(name: "t", text: "tutorial reset")), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/state/tutorial"))
        let (third, _) = shell()
        third.historyPath = history
        XCTAssertEqual(state(third, "tutorial.done"), .list([]))
        // Without a history file (scripts), nothing is written.
        let (fourth, _) = shell()
        XCTAssertEqual(fourth.runScript(SourceText(name: "t", text: "tutorial; launch; auth allow")), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/state/tutorial"))
    }

    /// The language a student chose is taken up again; one the environment gave is not: the
    /// next student's own LANG wins over the last walk's.
    func testOnlyAChosenLanguageOutlivesTheSession() throws {
        let directory =
            NSTemporaryDirectory() + "placeshell-tutorial-lang-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/tutorial"
        let steps = try parsed(defaultTutorialLanguage).steps.count
        try "# placeshell tutorial progress\nlanguage fa\nstep 2\ndone 1\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let next = TutorialWalk(language: "ko")
        next.loadProgress(from: path, steps: steps)
        XCTAssertEqual(next.language, "ko", "the environment's language of the last walk overrode this one's")
        XCTAssertEqual(next.done, [0], "the steps done are taken up")
        try "# placeshell tutorial progress\nlanguage fa chosen\nstep 2\ndone 1\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let chosen = TutorialWalk(language: "ko")
        chosen.loadProgress(from: path, steps: steps)
        XCTAssertEqual(chosen.language, "fa", "a chosen language is the student's")
        XCTAssertTrue(chosen.progress.text.contains("language fa chosen\n"))
        // 'tutorial language' is a choice, and is kept as one.
        let (shell, _) = shell()
        shell.historyPath = directory + "/history"
        try? FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "tutorial language de; tutorial")), 0)
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            "# placeshell tutorial progress\nlanguage de chosen\nstep 1\ndone\n")
    }

    /// `tutorial goto N` on a new session types the steps before N, each of which must hold.
    func testGotoBringsANewSessionToEveryStep() throws {
        let total = try parsed(defaultTutorialLanguage).steps.count
        for n in 2...total {
            let (shell, out) = shell()
            XCTAssertEqual(
                shell.runScript(SourceText(name: "t", text: "tutorial goto \(n)")), 0, "goto \(n): \(out.text)")
            XCTAssertEqual(state(shell, "tutorial.step"), .int(n))
            XCTAssertTrue(out.text.contains("The walk typed, silently"), "goto \(n)")
        }
    }

    // MARK: - The language

    func testTheLanguageComesFromTheEnvironment() {
        func pick(_ env: [String: String]) -> String { preferredTutorialLanguage { env[$0] } }
        XCTAssertEqual(pick([:]), "en")
        XCTAssertEqual(pick(["LANG": "C.UTF-8"]), "en")
        XCTAssertEqual(pick(["LANG": "en_GB.UTF-8"]), "en")
        XCTAssertEqual(pick(["LANG": "xx_YY.UTF-8"]), "en", "a language the tutorial lacks gives English")
        XCTAssertEqual(pick(["LANG": "", "LC_MESSAGES": "en_US"]), "en")
        if let other = tutorialCatalogs.keys.first(where: { $0 != "en" }) {
            XCTAssertEqual(pick(["LANG": "en_US", "LC_ALL": other + "_XX.UTF-8"]), other, "LC_ALL comes first")
        }
    }

    // MARK: - The walk

    private func shell() -> (Shell, StringSink) {
        let out = StringSink()
        return (Shell(stdout: out, stderr: StringSink()), out)
    }

    private func state(_ shell: Shell, _ path: String) -> Value? {
        guard case .success(let p) = StatePath.parse(path), case .success(let node) = shell.resolve(p) else {
            return nil
        }
        return node.materialize()
    }

    func testTheWalkAdvancesOnlyWhenTheStateShowsTheStepDone() {
        let (shell, out) = shell()
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "tutorial")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(1))
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "launch")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(1), "the trace was off: viewDidLoad went by unseen")
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "reset; trace on; launch")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(2))
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "auth allow")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(3))
        XCTAssertEqual(state(shell, "tutorial.done"), .list([.int(1), .int(2)]))
        XCTAssertTrue(
            out.text.contains(
                "✓ step 2 done: Answer the alert\n  Allow While Using App made the status authorizedWhenInUse, and the delegate heard it.\n\nStep 3 of 20: Set up the location manager\n"
            ))
    }

    func testAHintComesAfterTwoCommandsThatLeadElsewhereAndNotAfterLooking() {
        let (shell, out) = shell()
        XCTAssertEqual(
            shell.runScript(SourceText(name: "t", text: "tutorial; show app; explain; status; help launch")), 0)
        XCTAssertFalse(out.text.contains("tutorial: type"), "looking around is no reason for a hint")
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "locate sydney")), 0)
        XCTAssertFalse(out.text.contains("tutorial: type"), "one command is not yet a reason")
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "fields +formattedAddress")), 0)
        XCTAssertTrue(
            out.text.hasSuffix(
                "tutorial: type 'trace on', then 'launch' to start the app.\n"
            ))
    }

    /// Step 5's command typed at step 4, then 'next': step 5 holds already, says so, and waits.
    /// ('goto' would start the session over, and the step would not hold.)
    func testAStepThatAlreadyHoldsWaitsForNextWhenReachedByHand() {
        let (shell, out) = shell()
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "tutorial goto 4; likely; tutorial next")), 0)
        XCTAssertTrue(out.text.contains("Your session already shows this step done"))
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "show app")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(5))
        let done = state(shell, "tutorial.done")
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "tutorial next")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(6))
        XCTAssertEqual(state(shell, "tutorial.done"), done, "'next' moves on without marking the step done")
        // 'goto' in this session that ran starts it over: step 5 does not hold yet.
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "tutorial goto 5")), 0)
        XCTAssertEqual(state(shell, "app.screen"), .string("map"))
        XCTAssertEqual(state(shell, "tutorial.step"), .int(5))
    }

    func testStepOneWantsTheAlertSeenAndAnsweredWithAllow() {
        let (shell, _) = shell()
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "locate sydney; launch; auth allow; tutorial")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(1), "the alert was answered before the walk began")
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "reset; trace on; launch")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(2), "the trace showed viewDidLoad, and the alert came")
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "auth allow")), 0)
        XCTAssertEqual(state(shell, "tutorial.step"), .int(4), "step 2, and step 3 too: the device had a position")
    }

    /// The whole walk completes in every language with the same commands: each step's `type:`
    /// lines, typed in order, bring the walk to the next step, and the last one ends it.
    func testTheWholeWalkCompletesInEveryLanguage() throws {
        for language in tutorialCatalogs.keys.sorted() {
            let text = try parsed(language)
            let (shell, out) = shell()
            XCTAssertEqual(
                shell.runScript(SourceText(name: "t", text: "tutorial language \(language)\ntutorial")), 0, out.text)
            for step in text.steps {
                XCTAssertEqual(
                    state(shell, "tutorial.step"), .int(step.number), "\(language) before step \(step.number)")
                for line in step.type {
                    // The picture goes where it harms nothing.
                    let command =
                        line.hasPrefix("snapshot ") ? "snapshot /tmp/placeshell-walk-\(language).svg" : line
                    XCTAssertEqual(
                        shell.runScript(SourceText(name: "t", text: command)), 0, "\(language) step \(step.number)")
                }
            }
            XCTAssertEqual(state(shell, "tutorial.running"), .bool(false), "\(language): the walk ends")
            XCTAssertEqual(
                state(shell, "tutorial.done"), .list(text.steps.map { .int($0.number) }), "\(language): every step done"
            )
            XCTAssertTrue(out.text.contains(text.message("finished").prefix(20)), language)
        }
    }

    /// In every language, 'tutorial list' puts the titles in one column: the mark and the number
    /// before them take the same cells on every row, whatever digits the language writes.
    func testTheListLinesUpInEveryLanguage() throws {
        for language in tutorialCatalogs.keys.sorted() {
            let text = try parsed(language)
            let (shell, out) = shell()
            let script = "tutorial language \(language)\ntutorial\nlaunch\ntutorial next\ntutorial list"
            XCTAssertEqual(shell.runScript(SourceText(name: "t", text: script)), 0, out.text)
            let lines = out.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let rows = lines.suffix(text.steps.count + 1).dropLast()
            XCTAssertEqual(rows.count, text.steps.count, language)
            var columns: Set<Int> = []
            for (row, step) in zip(rows, text.steps) {
                let plain = row.first == rightToLeftMark ? String(row.dropFirst()) : row
                guard let range = plain.range(of: step.title) else {
                    XCTFail("\(language): no title in '\(row)'")
                    continue
                }
                columns.insert(displayWidth(String(plain[..<range.lowerBound])))
            }
            XCTAssertEqual(columns.count, 1, "\(language): the titles start at columns \(columns.sorted())")
        }
    }

    func testWithJSONTheWalkSpeaksInEvents() {
        let (shell, out) = shell()
        shell.json = true
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "tutorial; trace on; launch")), 0)
        let lines = out.text.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("{\"event\":\"tutorial\",\"kind\":\"done\",\"step\":1,") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("{\"event\":\"tutorial\",\"kind\":\"step\",\"step\":2,") })
        XCTAssertFalse(lines.contains { !$0.hasPrefix("{") }, "nothing but JSON lines")
    }

    /// Every `code:` line is a line 'trace' prints when the walk's commands are typed in order:
    /// the calls a step shows are placeshell's own rendering, not a copy of the tutorial's code.
    /// The text before a '…' must appear as it stands.
    /// Both for the SDK the tutorial pins and the latest, which spell Nearby Search differently.
    func testEveryStepsCallsAreWhatTheTraceShows() throws {
        try checkStepsCallsAreWhatTheTraceShows(sdk: "pinned", nearby: "searchNearby(with: request, callback:)")
        try checkStepsCallsAreWhatTheTraceShows(sdk: "latest", nearby: "searchNearby(with: request, completion:)")
    }

    private func checkStepsCallsAreWhatTheTraceShows(sdk: String, nearby: String) throws {
        let text = try parsed(defaultTutorialLanguage)
        let (shell, out) = shell()
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "sdk places " + sdk)), 0)
        for step in text.steps {
            for line in step.type where !line.hasPrefix("snapshot") {
                XCTAssertEqual(shell.runScript(SourceText(name: "t", text: line)), 0, "step \(step.number): \(line)")
            }
        }
        let traced = out.text.split(separator: "\n").map { $0.drop { $0 == " " } }
        // The Objective-C steps show the calls in Objective-C, as the trace of that flavour
        // renders them: checked once the trace renders Objective-C message sends.
        let objcRendered = traced.contains { $0.hasPrefix("→ [") }
        XCTAssertTrue(traced.contains { $0.contains(nearby) }, "the nearby app's call with SDK \(sdk)")
        var resolved = 0
        for step in text.steps where objcRendered || !step.type.contains(where: { $0.contains("--flavor objc") }) {
            for code in step.calls(in: shell.session) {
                XCTAssertNil(
                    code.firstMatch(of: /\{[A-Za-z]+\}/), "step \(step.number): 'code: \(code)' has an unknown stand-in"
                )
                let known = String(code.prefix { $0 != "…" })
                XCTAssertTrue(
                    traced.contains { $0.hasPrefix(known) },
                    "step \(step.number): 'code: \(code)' is no line of the trace (SDK \(sdk))")
                if code.contains("searchNearby") { resolved += 1 }
            }
        }
        XCTAssertGreaterThan(resolved, 0, "the nearby steps show the call")
    }

    /// The picker's prepare(for:sender:) hands the choice to the map controller; in Objective-C
    /// it is empty. The trace and 'explain select' show it.
    func testTheHandOffOfTheSelectedPlaceIsTraced() {
        let (shell, out) = shell()
        XCTAssertEqual(
            shell.runScript(
                SourceText(name: "t", text: "locate sydney; launch; auth allow; likely; trace on; select 1")), 0)
        XCTAssertTrue(
            out.text.contains(
                "  → performSegue(withIdentifier: \"unwindToMain\", sender:)\n  ← prepare(for:sender:): mapViewController.selectedPlace = selectedPlace\n"
            ))
        let (objc, objcOut) = self.shell()
        XCTAssertEqual(
            objc.runScript(
                SourceText(
                    name: "t", text: "locate sydney; launch --flavor objc; auth allow; likely; trace on; select 1")),
            0)
        XCTAssertTrue(
            objcOut.text.contains(
                "[placesViewController prepareForSegue:segue sender:self] (empty: the map's selectedPlace stays nil, P8)"
            ))
        let (explain, explainOut) = self.shell()
        XCTAssertEqual(explain.runScript(SourceText(name: "t", text: "explain select")), 0)
        XCTAssertTrue(explainOut.text.contains("prepare(for:sender:): mapViewController.selectedPlace = selectedPlace"))
    }
}
