import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

final class BinderTests: XCTestCase {
    func args(_ text: String) -> [ArgValue?] {
        switch bind(text) {
        case .success(let inv): return inv.args.map { $0?.value }
        case .failure(let e):
            XCTFail("'\(text)': \(e.message)")
            return []
        }
    }

    /// A line of plain words for a command whose arguments read plain words (`locate LAT LNG`,
    /// `wait 3s`) binds from its bytes to what the binder makes of its tokens: the same offsets
    /// and values, for random lines of numbers, units, commas, presets, options and extra
    /// words; where the binder would refuse the line, the bytes are left to it.
    func testPlainWordsBindAsTheBinderDoes() throws {
        let table = CommandTable.standard
        let specs = table.commands.filter(\.readsPlainWords)
        XCTAssertTrue(specs.contains { $0.name == "locate" })
        var rng = SeededRandom(seed: 41)
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }  // safe: below count
        let pieces = [
            "-33.8688", "151.2093", "-23.141963873344753", "135.14915593676346", "0", "90", "-90", "180", "-180.0",
            "91", "180.5", "1e-3", "1e309", ".5", "+4", "5m", "3s", "2.5km", "10deg", "200ms", "3h", "5,", "5,6",
            "-33.8,151.2", "north", "sydney", "none", "x=1", "--json", "--", "12abc", "-", "0.0001", "100000",
        ]
        var bound = 0
        for round in 0..<3_000 {
            let spec = pick(specs)
            // Half the lines of numbers alone (with units), most of which bind.
            let from = round % 2 == 0 ? Array(pieces.prefix(21)) : pieces
            let words = (0..<Int(rng.next() % 4)).map { _ in pick(from) }  // safe: below 4
            let text = "  " + ([spec.name] + words).joined(separator: pick([" ", "  ", "\t"])) + " "
            let source = SourceText(name: "t", text: text)
            var lexer = Lexer(source: source)
            guard case .plain = try lexer.nextPlainCommand() else { continue }
            let plain = lexer.plainArgumentsInvocation(spec)
            let full = try? table.bind(lexer.plainCommand(), source: source)
            guard let plain else { continue }
            bound += 1
            guard let full else {
                XCTFail("round \(round): '\(text)' binds from its bytes, but the binder refuses it")
                continue
            }
            XCTAssertEqual(plain.offset, full.offset, text)
            XCTAssertEqual(plain.length, full.length, text)
            XCTAssertEqual(plain.args.count, full.args.count, text)
            for (a, b) in zip(plain.args, full.args) {
                XCTAssertEqual(
                    a.map { "\($0.start)+\($0.length) \($0.value)" }, b.map { "\($0.start)+\($0.length) \($0.value)" },
                    text)
            }
        }
        XCTAssertGreaterThan(bound, 300, "many lines bind from their bytes")
    }

    func testCoordinatesInEveryForm() {
        for text in [
            "locate -33.8688 151.2093", "locate -33.8688,151.2093", "locate -33.8688, 151.2093",
            "locate '-33.8688,151.2093'",
        ] {
            guard case .coordinate(let c)?? = args(text).first else { return XCTFail(text) }
            XCTAssertEqual(c, Coordinate(latitude: -33.8688, longitude: 151.2093), text)
        }
        XCTAssertEqual(bind("locate 90 180").errorMessage, nil)
        XCTAssertEqual(bind("locate -90 -180").errorMessage, nil)
        XCTAssertEqual(bind("locate 91 0").errorMessage, "latitude 91 is out of range (-90…90)")
        XCTAssertEqual(bind("locate 91 0").errorHelp, "positions are written latitude first: LAT LNG")
        XCTAssertEqual(bind("locate 0 180.5").errorMessage, "longitude 180.5 is out of range (-180…180)")
        XCTAssertEqual(bind("locate 0 180.5").errorColumn, 10)
        XCTAssertEqual(bind("locate 10,200").errorColumn, 11, "the longitude inside LAT,LNG")
        XCTAssertEqual(bind("locate 5").errorMessage, "expected a longitude after the latitude '5'")
        XCTAssertEqual(bind("locate 5,").errorMessage, "expected a longitude after '5,'")
        XCTAssertEqual(bind("locate 5km 3").errorMessage, "a coordinate is in degrees, not a length")
        XCTAssertEqual(bind("locate 5deg 3deg").errorMessage, nil)
        XCTAssertEqual(bind("locate north 3").errorMessage, "expected a number, found 'north'")
        XCTAssertEqual(bind("locate 1e309 3").errorMessage, "number '1e309' is out of range")
    }

    /// `locate`'s target in the standard table: a number first is read as a position straight
    /// away (no preset looked for), and every other form still reads as before: presets, 'none',
    /// a quoted preset (the preset still), a place's name, a unit, a word where a number goes, a
    /// latitude alone.
    func testLocateTargetsInEveryForm() {
        let cases: [(String, out: String, err: String)] = [
            ("locate -33.8 151.2", "device at -33.8, 151.2 ±5 m\n", ""),
            ("locate +33.8 151.2 10", "device at 33.8, 151.2 ±10 m\n", ""),
            ("locate .5 1", "device at 0.5, 1 ±5 m\n", ""),
            ("locate 1,2", "device at 1, 2 ±5 m\n", ""),
            ("locate 1e1 2", "device at 10, 2 ±5 m\n", ""),
            ("locate sydney", "device at -33.869405, 151.199 ±5 m\n", ""),
            (
                "locate none",
                "the device has no position: an updating app gets kCLErrorLocationUnknown (code 0) 1 s later\n", ""
            ),
            ("locate \"sydney\"", "device at -33.869405, 151.199 ±5 m\n", ""),
            ("locate Maritime", "device at -33.869357, 151.198633 ±5 m (Australian National Maritime Museum)\n", ""),
            (
                "locate \"Maritime\" 10m",
                "device at -33.869357, 151.198633 ±10 m (Australian National Maritime Museum)\n", ""
            ),
            ("locate nan 1", "", "t:1:8: error: expected a number, found 'nan'"),
            ("locate Darling Harbour", "", "t:1:16: error: a name of several words: 'Darling Harbour'"),
            ("locate 9zz 1", "", "t:1:9: error: unknown unit 'zz' in '9zz'"),
            ("locate -x 1", "", "t:1:8: error: expected a number, found '-x'"),
            ("locate .5", "", "t:1:8: error: expected a longitude after the latitude '.5'"),
        ]
        for (line, out, err) in cases {
            let t = TestShell(table: .standard)
            t.run(line, name: "t")
            XCTAssertEqual(t.out.text, out, line)
            XCTAssertEqual(t.err.text.split(separator: "\n").first.map(String.init) ?? "", err, line)
        }
    }

    func testNumbersWithUnits() {
        guard case .number(let q)?? = args("locate 1 2 2.5km").last else { return XCTFail() }
        XCTAssertEqual(q, Quantity(2500, .length))
        guard case .number(let bare)?? = args("locate 1 2 65").last else { return XCTFail() }
        XCTAssertEqual(bare, Quantity(65, .length), "a bare number takes the argument's unit")
        XCTAssertEqual(bind("locate 1 2 5s").errorMessage, "expected a length, found a duration '5s'")
        XCTAssertEqual(bind("locate 1 2 5s").errorHelp, "units for a length: m, km, cm, ft, mi")
        XCTAssertEqual(bind("wait 5parsec").errorMessage, "unknown unit 'parsec' in '5parsec'")
        XCTAssertEqual(bind("wait 5parsec").errorColumn, 7, "the caret goes under the unit")
        XCTAssertEqual(bind("locate 1 2").errorMessage, nil, "an optional argument may be left out")
        guard case .some(nil) = args("locate 1 2").last else { return XCTFail("the missing optional is nil") }
    }

    func testArity() {
        XCTAssertEqual(bind("select").errorMessage, "'select' needs N (a row)")
        XCTAssertEqual(bind("select").errorHelp, "usage: select N")
        XCTAssertEqual(bind("select 1 2").errorMessage, "unexpected argument '2'")
        XCTAssertEqual(bind("select 1 2").errorColumn, 10)
        XCTAssertEqual(bind("version now").errorMessage, "'version' takes no arguments")
        XCTAssertEqual(bind("wait").errorMessage, "'wait' needs DURATION")
        XCTAssertEqual(bind("tag").errorMessage, "'tag' needs WORDS")
        guard case .words(let w)?? = args("tag a b 'c d'").first else { return XCTFail() }
        XCTAssertEqual(w, ["a", "b", "c d"])
    }

    func testIntegers() {
        guard case .integer(let n)?? = args("select 20").first else { return XCTFail() }
        XCTAssertEqual(n, 20)
        XCTAssertEqual(bind("select 0").errorMessage, "0 is out of range (1…20)")
        XCTAssertEqual(bind("select 1.5").errorMessage, "expected a whole number, found '1.5'")
        XCTAssertEqual(
            bind("select 99999999999999999999").errorMessage, "number '99999999999999999999' is out of range")
    }

    func testOptions() throws {
        let inv = try bind("locate --quiet 1 2 --speed 3km/h flavor=objc").get()
        XCTAssertNotNil(inv.options["quiet"])
        guard case .number(let speed)? = inv.options["speed"]?.value else { return XCTFail("speed") }
        XCTAssertEqual(speed.value, 3 / 3.6, accuracy: 1e-12)
        guard case .word("objc")? = inv.options["flavor"]?.value else { return XCTFail("flavor") }
        XCTAssertEqual(try bind("locate --speed=2 1 2").get().options.count, 1)
        XCTAssertEqual(bind("locate 1 2 --sped 3").errorMessage, "unknown option '--sped' for 'locate'")
        XCTAssertEqual(bind("locate 1 2 --sped 3").errorHelp, "did you mean '--speed'?")
        XCTAssertEqual(bind("locate 1 2 sped=3").errorHelp, "did you mean 'speed='?")
        XCTAssertEqual(
            bind("locate 1 2 --zzzzzz").errorHelp,
            "usage: locate [--speed SPEED] [--quiet] [--flavor FLAVOR] LAT LNG [ACCURACY]")
        XCTAssertEqual(bind("locate 1 2 --quiet=yes").errorMessage, "option '--quiet' takes no value")
        XCTAssertEqual(bind("locate 1 2 --speed").errorMessage, "option '--speed' needs a value")
        XCTAssertEqual(bind("locate 1 2 --speed 3s").errorMessage, "expected a speed, found a duration '3s'")
        XCTAssertEqual(bind("locate 1 2 flavor=kotlin").errorMessage, "'kotlin' is not one of swift, objc")
        XCTAssertEqual(bind("locate 1 2 flavor=kotlin").errorColumn, 19, "the caret goes under the value")
        XCTAssertEqual(bind("locate 1 2 flavor=swif").errorHelp, "did you mean 'swift'?")
        XCTAssertEqual(bind("locate -- 1 2").errorMessage, nil, "'--' ends the options")
        XCTAssertEqual(
            bind("locate 1 2 '--quiet'").errorMessage, "expected a number, found '--quiet'", "a quoted flag is text")
    }

    func testSubcommands() throws {
        let table = testTable()  // kept alive: a subcommand knows its parent only while the table lives
        XCTAssertEqual(try bind("auth allow --approximate", table: table).get().spec.fullName, "auth allow")
        XCTAssertEqual(try bind("auth deny", table: table).get().spec.fullName, "auth deny")
        XCTAssertEqual(bind("auth").errorMessage, "'auth' needs a subcommand")
        XCTAssertEqual(bind("auth").errorHelp, "subcommands: allow, deny")
        XCTAssertEqual(bind("auth alow").errorMessage, "unknown subcommand 'alow' for 'auth'")
        XCTAssertEqual(bind("auth alow").errorHelp, "did you mean 'allow'?")
        XCTAssertEqual(bind("auth alow").errorColumn, 6)
        XCTAssertEqual(bind("auth xyzzy").errorHelp, "subcommands: allow, deny")
        XCTAssertEqual(
            bind("auth 'allow'").errorMessage, "unknown subcommand 'allow' for 'auth'", "a quoted word is no subcommand"
        )
        XCTAssertEqual(bind("auth deny now").errorMessage, "'auth deny' takes no arguments")
    }

    func testAMisspeltSubcommandOfACommandThatAlsoRunsAloneIsNamedSo() {
        for (text, near) in [
            ("auth alow", "allow"), ("places lod", "load"), ("route strat", "start"), ("tutorial nxt", "next"),
            ("plist shw", "show"),
        ] {
            let result = bind(text, table: .standard)
            let word = text.split(separator: " ")[1]
            let command = text.split(separator: " ")[0]
            XCTAssertEqual(result.errorMessage, "unknown subcommand '\(word)' for '\(command)'", text)
            XCTAssertEqual(result.errorHelp, "did you mean '\(near)'?", text)
        }
        XCTAssertEqual(
            bind("auth xyzzy", table: .standard).errorHelp,
            "subcommands: allow, always, deny, precise, restrict, services, cancel, unknown; or 'auth' alone")
        XCTAssertEqual(bind("auth", table: .standard).errorMessage, nil, "alone, it runs")
        XCTAssertEqual(
            bind("auth 'alow'", table: .standard).errorMessage, "'auth' takes no arguments", "a quoted word is text")
    }

    func testUnknownCommandsAndDidYouMean() {
        XCTAssertEqual(bind("locat 1 2").errorMessage, "unknown command 'locat'")
        XCTAssertEqual(bind("locat 1 2").errorHelp, "did you mean 'locate'?")
        XCTAssertEqual(bind("slect 1").errorHelp, "did you mean 'select'?")
        XCTAssertEqual(bind("ver").errorHelp, "did you mean 'version'?", "a prefix suggests the command")
        XCTAssertEqual(bind("frobnicate").errorHelp, "type 'help' for the list of commands")
        XCTAssertEqual(bind("'' x").errorMessage, "empty command name")
        XCTAssertEqual(bind("exit 3").errorMessage, nil, "aliases bind")
    }

    func testSuggestionAndEditDistance() {
        XCTAssertEqual(editDistance("", "abc"), 3)
        XCTAssertEqual(editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(editDistance("ehco", "echo"), 1, "a transposition counts once")
        XCTAssertEqual(editDistance("안녕", "안녕하"), 1, "on Unicode scalars")
        XCTAssertEqual(suggestion(for: "SHOW", among: ["show", "set"]), "did you mean 'show'?", "case-insensitive")
        XCTAssertNil(suggestion(for: "", among: ["show"]))
        XCTAssertNil(suggestion(for: "xyz", among: ["show", "set"]))
        XCTAssertEqual(suggestion(for: "jsn", among: ["json"], quoting: { "--" + $0 }), "did you mean '--json'?")
        XCTAssertEqual(
            editDistance(String(repeating: "a", count: 100), "b"), 100, "long words are not compared in full")
    }

    func testLocationsAreByteOffsets() throws {
        let inv = try bind("  select   7").get()
        XCTAssertEqual(inv.offset, 2)
        XCTAssertEqual(inv.length, 10)
        XCTAssertEqual(inv.args[0]?.start, 9)
        XCTAssertEqual(try inv.location(of: "N").offset, 11)
    }
}
