import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// `places find`'s search: names folded for case and accents, precomposed and decomposed alike,
/// ASCII and non-ASCII names on their two paths, nearest first with a limit and a total.
final class PlaceSearchTests: XCTestCase {
    private func store(_ names: [(String, Double)]) -> PlaceStore {
        var store = PlaceStore(source: "test")
        for (name, lat) in names {
            store.add(PlaceRecord(name: name, latitude: lat, longitude: 151.2), source: "test")
        }
        return store
    }

    func testFoldingIgnoresCaseAndAccents() {
        var folding = NameFolding()
        XCTAssertEqual(String(decoding: folding.fold("Café Sydney"), as: UTF8.self), "cafe sydney")
        XCTAssertEqual(String(decoding: folding.fold("Cafe\u{301}"), as: UTF8.self), "cafe")
        XCTAssertEqual(String(decoding: folding.fold("ŁÓDŹ Øresund MÜLLER"), as: UTF8.self), "lodz oresund muller")
        XCTAssertEqual(
            String(decoding: folding.fold("Ἀθῆναι"), as: UTF8.self),
            "ἀθῆναι".lowercased().unicodeScalars
                .filter { $0.properties.generalCategory != .nonspacingMark }.map(String.init).joined())
        XCTAssertEqual(String(decoding: folding.fold("東京"), as: UTF8.self), "東京")
    }

    func testNameContainingMatchesBothPaths() {
        let s = store([
            ("Café Sydney", -33.86), ("CAFE DEL MAR", -33.87), ("Cafe\u{301} Nero", -33.88), ("Tea House", -33.89),
            ("東京カフェ", -33.9),
        ])
        XCTAssertEqual(s.indexes(nameContaining: "cafe"), [0, 1, 2])
        XCTAssertEqual(s.indexes(nameContaining: "CAFÉ"), [0, 1, 2])
        XCTAssertEqual(s.indexes(nameContaining: "é n"), [2])
        XCTAssertEqual(s.indexes(nameContaining: "カフェ"), [4])
        XCTAssertEqual(s.indexes(nameContaining: "house"), [3])
        XCTAssertEqual(s.indexes(nameContaining: "houses"), [])
        XCTAssertEqual(s.indexes(nameContaining: "").count, 5)
    }

    func testFindIsNearestFirstWithLimitAndTotal() {
        let s = store([("Cafe A", -33.80), ("Cafe B", -33.86), ("Cafe C", -33.95), ("Bar", -33.861)])
        let (found, total) = s.find("cafe", from: GeoPoint(latitude: -33.861, longitude: 151.2), limit: 2)
        XCTAssertEqual(total, 3)
        XCTAssertEqual(found.map(\.index), [1, 0])
        XCTAssertLessThan(found[0].distance, found[1].distance)
        XCTAssertEqual(s.find("cafe", from: GeoPoint(latitude: -33.861, longitude: 151.2), limit: 0).found.count, 0)
    }
}
