import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

final class StatePathTests: XCTestCase {
    func testParsing() throws {
        XCTAssertEqual(try StatePath.parse("clock").get().components, [.key("clock")])
        XCTAssertEqual(
            try StatePath.parse("markers[12].title").get().components, [.key("markers"), .index(12), .key("title")])
        XCTAssertEqual(try StatePath.parse("a_b.c2[1][2]").get().description, "a_b.c2[1][2]")
        XCTAssertEqual(try StatePath.parse("markers[1].title").get().root, "markers")
        XCTAssertEqual(try StatePath.parse("log[-1]").get().components, [.key("log"), .index(-1)])
        XCTAssertEqual(try StatePath.parse("likely[-12].name").get().description, "likely[-12].name")
    }

    func testParseErrors() {
        func error(_ text: String) -> PathSyntaxError? {
            if case .failure(let e) = StatePath.parse(text) { return e }
            return nil
        }
        XCTAssertEqual(error("")?.message, "a state path starts with a name")
        XCTAssertEqual(error("1abc")?.message, "a state path starts with a name")
        XCTAssertEqual(error("a.")?.offset, 2)
        XCTAssertEqual(error("a.")?.message, "expected a name after '.'")
        XCTAssertEqual(error("a[")?.message, "expected an index like [1], [-1] or [*]")
        XCTAssertEqual(error("a[x]")?.offset, 1)
        XCTAssertEqual(error("a[-]")?.message, "expected an index like [1], [-1] or [*]")
        XCTAssertEqual(error("a[--1]")?.message, "expected an index like [1], [-1] or [*]")
        XCTAssertEqual(error("a[*")?.message, "expected an index like [1], [-1] or [*]")
        XCTAssertEqual(try StatePath.parse("likely[*].name").get().description, "likely[*].name")
        XCTAssertEqual(error("a[0]")?.message, "indexes start at 1, or at -1 for the last item, and are whole numbers")
        XCTAssertEqual(error("a[-0]")?.offset, 2)
        XCTAssertEqual(error("a[0]")?.offset, 2)
        XCTAssertEqual(error("a[99999999999999999999]")?.message, "index 99999999999999999999 is too large")
        XCTAssertEqual(error("a-b")?.offset, 1)
        XCTAssertEqual(error("a-b")?.message, "unexpected character in a state path")
        XCTAssertEqual(error("café")?.offset, 3)
    }

    func resolve(_ text: String) -> Result<Value, PathError> {
        let t = TestShell()
        guard case .success(let path) = StatePath.parse(text) else { return .failure(PathError(message: "bad path")) }
        return t.shell.resolve(path).map { $0.materialize() }
    }

    func testResolution() {
        XCTAssertEqual(try resolve("camera.zoom").get(), .number(15))
        XCTAssertEqual(try resolve("markers.count").get(), .int(2))
        XCTAssertEqual(try resolve("markers[2].title").get(), .string("Darling Harbour"))
        XCTAssertEqual(try resolve("markers[2].snippet").get(), .null)
        XCTAssertEqual(try resolve("log[1]").get(), .string("Location status is OK."))
        XCTAssertEqual(try resolve("log.count").get(), .int(2))
        XCTAssertEqual(try resolve("markers[-1].title").get(), .string("Darling Harbour"), "-1 is the last")
        XCTAssertEqual(try resolve("markers[-2].title").get(), .string("Café Morso"))
        XCTAssertEqual(try resolve("location.latitude").get(), .null, "a member of nil is nil")
        XCTAssertEqual(
            try resolve("markers[*].title").get(), .list([.string("Café Morso"), .string("Darling Harbour")]))
        XCTAssertEqual(try resolve("markers[*].snippet").get(), .list([.string("Pyrmont"), .null]))
        XCTAssertEqual(
            try resolve("markers[1]").get(),
            .record([Value.Field("title", .string("Café Morso")), Value.Field("snippet", .string("Pyrmont"))]))
    }

    func testResolutionErrors() {
        func message(_ text: String) -> String? {
            if case .failure(let e) = resolve(text) { return e.message + (e.help.map { " | " + $0 } ?? "") }
            return nil
        }
        XCTAssertEqual(
            message("markers[3]"),
            "'markers' has 2 items; [3] is out of range | indexes run from 1 to 2, or from -1 (the last) to -2")
        XCTAssertEqual(
            message("markers[-3]"),
            "'markers' has 2 items; [-3] is out of range | indexes run from 1 to 2, or from -1 (the last) to -2")
        XCTAssertEqual(
            message("markers.title"),
            "'markers' is a list; it has no member 'title' | use 'markers[*].title' for each item's title, or 'markers[N].title' for one"
        )
        XCTAssertEqual(
            message("markers.cont"), "'markers' is a list; it has no member 'cont' | did you mean 'markers.count'?")
        XCTAssertEqual(
            message("markers.zoom"),
            "'markers' is a list; it has no member 'zoom' | use 'markers[N]' for an item or 'markers.count'")
        XCTAssertEqual(
            message("camera[1]"),
            "'camera' is a record, not a list; [1] does not apply | members: zoom, bearing, target")
        // The schema knows the members of a value that is nil now: a misspelt one is an error.
        XCTAssertEqual(message("location.a.b[3]"), "'location' has no member 'a' | members: latitude, longitude")
        XCTAssertEqual(message("location.latitud"), "'location' has no member 'latitud' | did you mean 'latitude'?")
        XCTAssertEqual(message("camera.zoom.x"), "'camera.zoom' is a number; it has no member 'x'")
        XCTAssertEqual(message("camera.bearin"), "'camera' has no member 'bearin' | did you mean 'bearing'?")
        XCTAssertEqual(message("camera.qqqqqq"), "'camera' has no member 'qqqqqq' | members: zoom, bearing, target")
        XCTAssertEqual(message("markers[1].titel"), "'markers[1]' has no member 'titel' | did you mean 'title'?")
        XCTAssertEqual(message("nothing"), "no state path 'nothing'")
    }

    func testShowPrintsLeaves() {
        let t = TestShell()
        XCTAssertEqual(t.run("show markers; show camera.zoom; show log"), 0)
        XCTAssertEqual(
            t.out.text,
            """
            markers.count = 2
            markers[1].title = "Café Morso"
            markers[1].snippet = "Pyrmont"
            markers[2].title = "Darling Harbour"
            markers[2].snippet = nil
            camera.zoom = 15
            log.count = 2
            log[1] = "Location status is OK."
            log[2] = "Current Place error: quota"

            """)
    }
}
