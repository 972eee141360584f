import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceScript
@testable import PlaceStorage

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
        let box = MapScene.ClipBox(x0: 0, y0: 0, x1: 100, y1: 100)
        let runs = polylineRuns([(-50, 50), (150, 50)], box)
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs[0].map(\.x), [0, 100])
        XCTAssertTrue(polylineRuns([(-50, -50), (-10, -10)], box).isEmpty)
        let ring = clippedRing([(-10, -10), (50, -10), (50, 50), (-10, 50), (-10, -10)], box)
        XCTAssertEqual(Set(ring.map { "\($0.x),\($0.y)" }), ["0.0,0.0", "50.0,0.0", "50.0,50.0", "0.0,50.0"])
    }

    /// The clipping that appends into shared buffers gives, bit for bit, what clipping each part
    /// into arrays of its own gives: lines and rings inside, across and outside the box, on its
    /// edges, with repeated points, vertical and horizontal segments.
    func testClippingInPlaceMatchesClippingByArrays() {
        let box = MapScene.ClipBox(x0: -24, y0: -24, x1: 417, y1: 876)
        var seed: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let special: [Double] = [-24, 417, 876, 0, -0.0, 100.05, -30, 900]
        func coordinate() -> Double {
            next(5) == 0 ? special[next(special.count)] : Double(next(14_000) - 4_000) / 10 + Double(next(7)) / 7
        }
        var points: [FramePoint] = []
        var bounds = [0]
        var scratch: [FramePoint] = []
        for trial in 0..<4_000 {
            var part: [FramePoint] = []
            for _ in 0..<(1 + next(12)) {
                if let last = part.last, next(6) == 0 {
                    part.append(next(2) == 0 ? last : (last.x, coordinate()))
                } else {
                    part.append((coordinate(), coordinate()))
                }
            }
            if trial % 2 == 0, let first = part.first { part.append(first) }
            // Lines.
            let startParts = bounds.count
            MapScene.clipPolyline(part, box, appendingTo: &points, bounds: &bounds)
            let runs = (startParts..<bounds.count).map { Array(points[bounds[$0 - 1]..<bounds[$0]]) }
            XCTAssertEqual(bits(runs), bits(referenceClipPolyline(part, box)), "line \(part)")
            // Rings.
            let start = points.count
            var ring = part
            MapScene.clipPolygon(&ring, box, scratch: &scratch, appendingTo: &points)
            XCTAssertEqual(bits([Array(points[start...])]), bits([referenceClipPolygon(part, box)]), "ring \(part)")
            points.removeSubrange(start...)
        }
    }

    private func polylineRuns(_ line: [FramePoint], _ box: MapScene.ClipBox) -> [[FramePoint]] {
        var points: [FramePoint] = []
        var bounds = [0]
        MapScene.clipPolyline(line, box, appendingTo: &points, bounds: &bounds)
        return bounds.indices.dropFirst().map { Array(points[bounds[$0 - 1]..<bounds[$0]]) }
    }

    private func clippedRing(_ ring: [FramePoint], _ box: MapScene.ClipBox) -> [FramePoint] {
        var ring = ring
        var scratch: [FramePoint] = []
        var out: [FramePoint] = []
        MapScene.clipPolygon(&ring, box, scratch: &scratch, appendingTo: &out)
        return out
    }

    private func bits(_ runs: [[FramePoint]]) -> [[UInt64]] {
        runs.map { $0.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }
    }

    /// The runs of a polyline inside `box`, an array each (Liang–Barsky on each segment).
    private func referenceClipPolyline(_ points: [FramePoint], _ box: MapScene.ClipBox) -> [[FramePoint]] {
        var runs: [[FramePoint]] = []
        var run: [FramePoint] = []
        for k in 1..<max(points.count, 1) {
            let a = points[k - 1]
            let b = points[k]
            var t0 = 0.0
            var t1 = 1.0
            let dx = b.x - a.x
            let dy = b.y - a.y
            var inside = true
            for (p, q) in [(-dx, a.x - box.x0), (dx, box.x1 - a.x), (-dy, a.y - box.y0), (dy, box.y1 - a.y)] {
                if p == 0 {
                    if q < 0 { inside = false }
                } else {
                    let r = q / p
                    if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                }
            }
            guard inside, t0 <= t1 else {
                if run.count >= 2 { runs.append(run) }
                run = []
                continue
            }
            let start = (x: a.x + t0 * dx, y: a.y + t0 * dy)
            let end = (x: a.x + t1 * dx, y: a.y + t1 * dy)
            if run.isEmpty || t0 > 0 {
                if run.count >= 2 { runs.append(run) }
                run = [start]
            }
            run.append(end)
            if t1 < 1 {
                if run.count >= 2 { runs.append(run) }
                run = []
            }
        }
        if run.count >= 2 { runs.append(run) }
        return runs
    }

    /// A ring clipped to `box` (Sutherland–Hodgman, one edge at a time, an array each pass).
    private func referenceClipPolygon(_ ring: [FramePoint], _ box: MapScene.ClipBox) -> [FramePoint] {
        var pts = ring
        if let first = pts.first, let last = pts.last, first == last { pts.removeLast() }
        let edges: [(FramePoint) -> Double] = [
            { $0.x - box.x0 }, { box.x1 - $0.x }, { $0.y - box.y0 }, { box.y1 - $0.y },
        ]
        for inside in edges {
            guard !pts.isEmpty else { break }
            var next: [FramePoint] = []
            var prev = pts[pts.count - 1]
            var prevIn = inside(prev) >= 0
            for p in pts {
                let pIn = inside(p) >= 0
                if pIn != prevIn {
                    let a = inside(prev)
                    let b = inside(p)
                    let t = a / (a - b)
                    next.append((prev.x + t * (p.x - prev.x), prev.y + t * (p.y - prev.y)))
                }
                if pIn { next.append(p) }
                prev = p
                prevIn = pIn
            }
            pts = next
        }
        return pts
    }
}
