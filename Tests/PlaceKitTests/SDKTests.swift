import XCTest

@testable import PlaceKit

/// What each GooglePlaces version declares, read from the headers seen, and what a build prints.
final class SDKTests: XCTestCase {
    func testVersionsParseAndOrder() {
        XCTAssertEqual(SDKVersion("9")?.description, "9.0.0")
        XCTAssertEqual(SDKVersion("10.14")?.description, "10.14.0")
        XCTAssertEqual(SDKVersion("9.4.1"), SDKVersion(9, 4, 1))
        for bad in ["", "9.", ".9", "9.x", "1.2.3.4", "1234", "-1", "+9", "9 "] {
            XCTAssertNil(SDKVersion(bad), bad)
        }
        XCTAssertLessThan(SDKVersion(9, 4, 1), SDKVersion(10, 0, 0))
        XCTAssertLessThan(SDKVersion(10, 4, 0), SDKVersion(10, 14, 0))
        XCTAssertEqual(PlacesSDK.headers.map(\.version), PlacesSDK.headers.map(\.version).sorted())
    }

    func testBoundariesFollowTheHeaders() {
        func d(_ call: PlacesSDKCall, _ v: String) -> SDKDeclaration? {
            SDKVersion(v).map { PlacesSDK.declaration(of: call, in: $0) }
        }
        XCTAssertEqual(d(.findPlaceLikelihoods, "9.0.0"), .declared)
        XCTAssertEqual(d(.findPlaceLikelihoods, "10.0.0"), .declared)
        XCTAssertEqual(d(.findPlaceLikelihoods, "10.4.0"), .deprecated)
        XCTAssertEqual(d(.findPlaceLikelihoods, "11.3.0"), .deprecated)
        XCTAssertEqual(d(.searchNearbyCallback, "8.9.9"), .absent)
        XCTAssertEqual(d(.searchNearbyCallback, "9.0.0"), .declared)
        XCTAssertEqual(d(.searchNearbyCallback, "10.13.0"), .declared)
        XCTAssertEqual(d(.searchNearbyCallback, "10.14.0"), .deprecated)
        XCTAssertEqual(d(.searchNearbyCompletion, "10.4.0"), .absent)
        XCTAssertEqual(d(.searchNearbyCompletion, "10.5.9"), .absent)
        XCTAssertEqual(d(.searchNearbyCompletion, "10.6.0"), .declared)
        XCTAssertEqual(PlacesSDK.firstSeen(.searchNearbyCompletion), SDKVersion(10, 6, 0))
    }

    func testAVersionBetweenDifferingHeadersSaysSo() throws {
        let v105 = try XCTUnwrap(SDKVersion("10.5"))
        XCTAssertNotNil(PlacesSDK.uncertainty(of: .searchNearbyCompletion, in: v105))
        XCTAssertNil(PlacesSDK.uncertainty(of: .findPlaceLikelihoods, in: v105), "10.4.0 and 10.6.0 agree")
        XCTAssertNil(
            PlacesSDK.uncertainty(of: .searchNearbyCompletion, in: PlacesSDK.pinned), "a header of it was read")
        // The overview's minimum settles where Nearby Search starts.
        XCTAssertNil(PlacesSDK.uncertainty(of: .searchNearbyCallback, in: try XCTUnwrap(SDKVersion("8.5"))))
        XCTAssertNotNil(PlacesSDK.uncertainty(of: .findPlaceLikelihoods, in: try XCTUnwrap(SDKVersion("10.2"))))
        XCTAssertNotNil(PlacesSDK.uncertainty(of: .findPlaceLikelihoods, in: PlacesSDK.latest))
    }

    func testBuilds() throws {
        let pinned = PlacesSDK.pinned
        XCTAssertEqual(
            AppBuild(flavor: .swift, sdk: pinned, nearbyCall: .sdk),
            AppBuild(flavor: .objc, sdk: pinned, nearbyCall: .sdk))
        XCTAssertTrue(AppBuild(flavor: .swift, sdk: pinned, nearbyCall: .sdk).warnings.isEmpty)
        let v104 = try XCTUnwrap(SDKVersion("10.4"))
        XCTAssertEqual(
            AppBuild(flavor: .swift, sdk: v104, nearbyCall: .sdk).warnings,
            [
                "MapViewController.swift:75:18: warning: 'findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)' is deprecated: This method is replaced by <code>searchNearbyWithRequest:callback:</code> and will be removed in a future release."
            ])
        XCTAssertTrue(
            AppBuild(flavor: .objc, sdk: v104, nearbyCall: .sdk).warnings[0].hasSuffix("[-Wdeprecated-declarations]"))
        XCTAssertTrue(AppBuild(flavor: .nearby, sdk: pinned, nearbyCall: .sdk).succeeded)
        let wrong = AppBuild(flavor: .nearby, sdk: pinned, nearbyCall: .completion)
        XCTAssertFalse(wrong.succeeded)
        XCTAssertTrue(wrong.errors[0].contains("expected 'with:callback:'"))
        XCTAssertFalse(AppBuild(flavor: .nearby, sdk: try XCTUnwrap(SDKVersion("8.1")), nearbyCall: .sdk).succeeded)
        XCTAssertEqual(AppBuild(flavor: .nearby, sdk: PlacesSDK.latest, nearbyCall: .callback).warnings.count, 1)
        XCTAssertEqual(NearbyCallSpelling.sdk.call(in: pinned), .searchNearbyCallback)
        XCTAssertEqual(NearbyCallSpelling.sdk.call(in: PlacesSDK.latest), .searchNearbyCompletion)
    }

    /// The readings the audit asked to be stated are choices, each with its sources.
    func testTheAuditsReadingsAreStatedAsChoices() throws {
        func choice(_ topic: String) throws -> String {
            try XCTUnwrap(SimulationChoices.all.first { $0.topic == topic }?.manual, topic)
        }
        XCTAssertTrue(try choice("maximum results").contains("five most likely"))
        XCTAssertTrue(try choice("a new session's position").contains("37.785834"))
        XCTAssertTrue(try choice("a new session's position").contains("intuit/LocationManager#23"))
        XCTAssertTrue(try choice("the GooglePlaces SDK").contains("10.14.0"))
        XCTAssertTrue(try choice("place type filters").contains("cablate/mcp-google-map#83"))
        XCTAssertTrue(try choice("places errors").contains("matanshukry/flutter_google_places_sdk#125"))
        XCTAssertTrue(try choice("the Cloud project").contains("googlemaps/ios-places-sdk#11"))
        XCTAssertTrue(try choice("the Cloud project").contains("October 2026"))
        XCTAssertTrue(try choice("marker taps").contains("centre"))
        XCTAssertTrue(try choice("Location Services off, restricted").contains("Turn On Location Services"))
    }
}
