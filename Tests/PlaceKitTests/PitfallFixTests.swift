import XCTest

@testable import PlaceKit

/// Every pitfall says what to change, in a sentence that names the code it changes.
final class PitfallFixTests: XCTestCase {
    func testEveryPitfallHasItsFix() {
        XCTAssertEqual(Pitfalls.all.map(\.id), (1...17).map { "P\($0)" })
        for p in Pitfalls.all {
            XCTAssertGreaterThan(p.fix.count, 40, p.id)
            XCTAssertTrue(p.fix.hasSuffix("."), p.id)
            XCTAssertNotEqual(p.fix, p.what, p.id)
        }
        XCTAssertTrue(Pitfalls.all[0].fix.contains(".formattedAddress"), "P1 names the field to add")
        XCTAssertTrue(Pitfalls.all[4].fix.contains(".denied"), "P5 stops only on a denial")
    }
}
