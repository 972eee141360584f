import PlaceScript
import TestSupport
import XCTest

@testable import PlaceCLI

/// `--live` and `--pace` as the command line takes them, and the limits of the live page as
/// the manual states them: the server's own numbers.
final class LiveOptionsTests: XCTestCase {
    func testAddressesAndPaces() {
        XCTAssertEqual(parseLiveAddress("8080")?.port, 8080)
        XCTAssertNil(parseLiveAddress("8080")?.host)
        XCTAssertEqual(parseLiveAddress("0.0.0.0:80")?.host, "0.0.0.0")
        XCTAssertEqual(parseLiveAddress("[::1]:8080")?.host, "::1")
        for bad in ["", "x", "65536", "-1", ":80", "host:", "123456", "80 "] {
            XCTAssertNil(parseLiveAddress(bad), bad)
        }
        XCTAssertEqual(Pace("2"), .seconds(2))
        XCTAssertEqual(Pace("0.5s"), .seconds(0.5))
        XCTAssertEqual(Pace("key"), .key)
        XCTAssertEqual(Pace("500ms"), .seconds(0.5))
        XCTAssertEqual(Pace("1min"), .seconds(60))
        XCTAssertEqual(Pace("1e3"), .seconds(1000), "numbers as the language reads them")
        for bad in ["", "s", "-1", "fast", "3601", "2m", "5km/h", "2h"] { XCTAssertNil(Pace(bad), bad) }
        XCTAssertThrowsError(try parseOptions(["--live", "nine"]))
        XCTAssertThrowsError(try parseOptions(["--pace", "soon", "-c", "echo"]))
        XCTAssertEqual(try parseOptions(["--live", "127.0.0.1:0", "--pace", "key", "-c", "echo"]).pace, .key)
    }

    func testTheManualStatesTheServersLimits() throws {
        let manual = String(decoding: try Repository.bytes("man/placeshell.1"), as: UTF8.self)
        guard let start = manual.range(of: ".Sh LIVE PAGE\n"),
            let end = manual.range(of: "\n.Sh ", range: start.upperBound..<manual.endIndex)
        else { return XCTFail("no LIVE PAGE section") }
        let section = String(manual[start.upperBound..<end.lowerBound])
        for said in [
            "\(LiveServer.maxRequest / 1024) KiB", "within \(LiveServer.requestMilliseconds / 1000) s",
            "\(LiveServer.maxViewers) viewers", "\(LiveServer.maxConnections) connections",
            "\(LiveServer.maxBehind >> 20) MiB behind", "last \(LivePage.lines) console lines",
        ] {
            XCTAssertTrue(section.contains(said), "the manual's LIVE PAGE does not say '\(said)'")
        }
    }
}
