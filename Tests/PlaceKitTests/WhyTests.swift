import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The session's account (`Session.findings`) reads the same answers the model acts on: the
/// map's tiles, the app's own `why`, the faults.
final class WhyTests: XCTestCase {
    /// A running app whose map is shown blank because the network was off at its first tiles.
    private func blankMap() -> Harness {
        let h = Harness()
        h.session.places.faults.networkOnline = false
        h.session.launch(flavor: .swift)
        h.deny()  // a denial unhides the map without a fix
        h.session.advance(by: 2)
        return h
    }

    private func mapText(_ h: Harness) -> [String] {
        h.session.findings().filter { $0.topic == "map" }.map(\.text)
    }

    func testTheBlankMapsFindingSaysWhatBringsTheTilesNow() throws {
        let h = blankMap()
        XCTAssertTrue(h.map.isBlank)
        XCTAssertEqual(h.map.blankCause, .network)
        let blank = try XCTUnwrap(mapText(h).first { $0.hasPrefix("The map is blank") })
        XCTAssertTrue(blank.contains("the device had no network"), blank)
        XCTAssertTrue(blank.contains("('network on')"), blank)
        // The network back but the key refused: what brings the tiles is now the key.
        h.session.places.faults.networkOnline = true
        h.session.places.faults.apiKey = .expired
        let key = try XCTUnwrap(mapText(h).first { $0.hasPrefix("The map is blank") })
        XCTAssertTrue(key.contains("('apikey valid')"), key)
        XCTAssertFalse(key.contains("('network on')"), key)
        h.session.places.faults.apiKey = .valid
        let good = try XCTUnwrap(mapText(h).first { $0.hasPrefix("The map is blank") })
        XCTAssertTrue(good.contains("The network and the key are good now"), good)
    }

    func testWhatKeepsTheTilesAwayIsWhatTheMapActsOn() {
        var faults = PlacesFaults()
        var project = CloudProject()
        XCTAssertNil(BlankMapCause.blocking(faults, project))
        project.maps = false
        XCTAssertEqual(BlankMapCause.blocking(faults, project), .mapsAPI)
        faults.apiKey = .invalid
        XCTAssertEqual(BlankMapCause.blocking(faults, project), .apiKey(.invalid), "the key is checked first")
        faults.networkOnline = false
        XCTAssertEqual(BlankMapCause.blocking(faults, project), .network, "no network is found before the key")
    }

    func testEveryFaultSetHasItsFinding() {
        let h = Harness()
        XCTAssertTrue(h.session.findings().filter { $0.topic == "faults" }.isEmpty)
        h.session.places.faults.networkOnline = false
        h.session.places.faults.apiKey = .expired
        h.session.places.faults.injected = InjectedPlacesFault(code: .serverError, mode: .always)
        h.session.places.faults.rateLimit = PlacesRateLimit(perMinute: 3)
        let faults = h.session.findings().filter { $0.topic == "faults" }.map(\.text)
        XCTAssertEqual(faults.count, PlacesFault.all.count, "\(faults)")
        XCTAssertTrue(faults[0].hasPrefix("The network is off"))
        XCTAssertTrue(faults[1].hasPrefix("The API key is expired"))
        XCTAssertTrue(faults[2].contains("serverError"))
        XCTAssertTrue(faults[3].contains("3 a minute"))
    }

    func testWithNoAppTheAccountSaysSoFirst() {
        let h = Harness()
        let first = h.session.findings().first
        XCTAssertEqual(first?.topic, "app")
        XCTAssertEqual(first?.text, "The app is not running: 'launch' starts it (viewDidLoad).")
    }
}
