import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceScript

/// How the base map is placed in the frame: the bearing turns it, the viewing angle tilts it,
/// and features are clipped to the view.
final class BaseMapDrawingTests: XCTestCase {
    let target = GeoPoint(latitude: -33.87, longitude: 151.2)
    let east = GeoPoint(latitude: -33.87, longitude: 151.201)

    func testBearingTurnsTheMap() {
        let north = CameraPosition(target: target, zoom: 17)
        let p = MapScene.framePoint(east, camera: north, width: 393, height: 852)
        XCTAssertGreaterThan(p.x, 393 / 2 + 10, "east is right with north up")
        XCTAssertEqual(p.y, 852 / 2, accuracy: 1e-6)
        let facingEast = CameraPosition(target: target, zoom: 17, bearing: 90)
        let q = MapScene.framePoint(east, camera: facingEast, width: 393, height: 852)
        XCTAssertEqual(q.x, 393 / 2, accuracy: 1e-6)
        XCTAssertLessThan(q.y, 852 / 2 - 10, "east is up with bearing 90")
    }

    func testViewingAngleShrinksTheFarSide() {
        let tilted = CameraPosition(target: target, zoom: 17, viewingAngle: 45)
        let up = MapScene.viewPoint(dx: 0, dy: -100, camera: tilted, width: 393, height: 852)
        let down = MapScene.viewPoint(dx: 0, dy: 100, camera: tilted, width: 393, height: 852)
        XCTAssertLessThan(852 / 2 - up.y, down.y - 852 / 2, "the far side looks smaller")
        let back = MapScene.groundOffset(x: up.x, y: up.y, camera: tilted, width: 393, height: 852)
        XCTAssertEqual(back.dx, 0, accuracy: 1e-6)
        XCTAssertEqual(back.dy, -100, accuracy: 1e-6)
    }

    func testClipping() {
        let box = (x0: 0.0, y0: 0.0, x1: 100.0, y1: 100.0)
        let runs = MapScene.clipPolyline([(-50, 50), (150, 50)], box)
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs[0].map(\.x), [0, 100])
        XCTAssertTrue(MapScene.clipPolyline([(-50, -50), (-10, -10)], box).isEmpty)
        let ring = MapScene.clipPolygon([(-10, -10), (50, -10), (50, 50), (-10, 50), (-10, -10)], box)
        XCTAssertEqual(Set(ring.map { "\($0.x),\($0.y)" }), ["0.0,0.0", "50.0,0.0", "50.0,50.0", "0.0,50.0"])
    }
}
