/// A place as a file describes it, before it joins the dataset. Every importer produces these
/// and every exporter writes what they hold, so a dataset round-trips.
public struct PlaceRecord: Sendable, Equatable {
    /// The source's own identifier (`osm:node/123` for OpenStreetMap, an `id` column), or nil: the
    /// dataset then derives a stable one from the name and position.
    public var id: String?
    public var name: String
    public var latitude: Double
    public var longitude: Double
    /// Google-style place types, most specific first (`restaurant`, `cafe`, `lodging`, …).
    public var types: [String]
    public var address: String?
    /// 1.0–5.0.
    public var rating: Double?
    /// 0 free … 4 expensive.
    public var priceLevel: Int?
    /// Rough size in metres (from a polygon's area, or given); nil when the file does not say.
    public var radius: Double?

    public init(
        id: String? = nil, name: String, latitude: Double, longitude: Double, types: [String] = [],
        address: String? = nil, rating: Double? = nil, priceLevel: Int? = nil, radius: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.types = types
        self.address = address
        self.rating = rating
        self.priceLevel = priceLevel
        self.radius = radius
    }
}

/// What an importer read: the places, what it skipped and why, and what was odd.
public struct ImportSummary: Sendable, Equatable {
    /// `GeoJSON`, `CSV`, `OSM XML`, `OSM PBF`.
    public var format: String
    public var records: [PlaceRecord]
    /// Why features or rows were left out, with counts, in first-seen order
    /// (`("without coordinates", 33)`).
    public var skipped: [Skip]
    /// Optional fields left out of places that were loaded (a rating `good`), by reason, with
    /// the first one's place in the file.
    public var fieldSkips: [FieldSkip] = []
    /// Odd things worth a line each (a column not understood, a feature type ignored).
    public var warnings: [String]
    /// Places an importer handed straight to a store (`CSVImporter.read` into a `PlaceSink`), not in `records`.
    public var streamed = 0
    /// An OpenStreetMap extract's map features besides its places, when asked for.
    public var baseMap: OSMMapLayer?
    /// How many places were read: `records` and `streamed`.
    public var loaded: Int { records.count + streamed }

    public struct Skip: Sendable, Equatable {
        public var reason: String
        public var count: Int
        public init(reason: String, count: Int) {
            self.reason = reason
            self.count = count
        }
    }

    /// Fields of one kind left out: how many, and where the first was (`line 3, column 35: 'good'`).
    public struct FieldSkip: Sendable, Equatable {
        /// `rating`, `price`, `radius`.
        public var field: String
        /// What a good value is: `a number from 1 to 5`.
        public var wanted: String
        public var count: Int
        /// The first one's line and column (1-based, in characters) and its text.
        public var line: Int
        public var column: Int
        public var text: String
    }

    /// Counts one more `field` left out because it was not `wanted`; the first one met is the
    /// example the summary gives.
    public mutating func skipField(
        _ field: String, wanted: String, line: Int, column: @autoclosure () -> Int, text: @autoclosure () -> String
    ) {
        if let i = fieldSkips.firstIndex(where: { $0.field == field }) {
            fieldSkips[i].count += 1
        } else {
            fieldSkips.append(
                FieldSkip(field: field, wanted: wanted, count: 1, line: line, column: column(), text: text()))
        }
    }

    public init(format: String, records: [PlaceRecord] = [], skipped: [Skip] = [], warnings: [String] = []) {
        self.format = format
        self.records = records
        self.skipped = skipped
        self.warnings = warnings
    }

    /// Counts one more item skipped for `reason`.
    public mutating func skip(_ reason: String) {
        if let i = skipped.firstIndex(where: { $0.reason == reason }) {
            skipped[i].count += 1
        } else {
            skipped.append(Skip(reason: reason, count: 1))
        }
    }

    /// `loaded 1,227 places, skipped 33: 33 without coordinates`.
    public var line: String {
        var text = "loaded \(groupedThousands(loaded)) place\(loaded == 1 ? "" : "s")"
        let total = skipped.reduce(0) { $0 + $1.count }
        if total > 0 {
            text +=
                ", skipped \(groupedThousands(total)): "
                + skipped.map { "\(groupedThousands($0.count)) \($0.reason)" }.joined(separator: ", ")
        }
        let fields = fieldSkips.reduce(0) { $0 + $1.count }
        if fields > 0 {
            text +=
                "; left out \(groupedThousands(fields)) field\(fields == 1 ? "" : "s"): "
                + fieldSkips.map {
                    let plural = $0.field == "radius" ? "radii" : $0.field + "s"
                    return
                        "\(groupedThousands($0.count)) \($0.count == 1 ? $0.field : plural) not \($0.wanted) (first at line \($0.line), column \($0.column): '\($0.text)')"
                }.joined(separator: ", ")
        }
        return text
    }
}

/// Which CSV column or GeoJSON property holds a place's name, position, ID, types or address,
/// for a file whose own names are not ones the importers know (`places load FILE --name
/// Applicant --lat Latitude --lng Longitude`). A field not given is found as without a mapping.
public struct PlaceFieldMapping: Sendable, Equatable {
    /// A field a mapping can name; the raw value is its option's name.
    public enum Field: String, CaseIterable, Sendable {
        case name
        case latitude = "lat"
        case longitude = "lng"
        case id, types, address
    }

    /// For each field given: a header name (an exact match first, then one ignoring case) or,
    /// for CSV, a 1-based column number in digits (a header spelt so wins); a GeoJSON property
    /// name the same way.
    public var columns: [Field: String] = [:]

    public init(_ columns: [Field: String] = [:]) { self.columns = columns }

    public var isEmpty: Bool { columns.isEmpty }
}

/// Why a file could not be read as places: where (a line, or a feature's number) and what.
public struct ImportError: Error, Sendable, Equatable {
    public var message: String
    /// 1-based line (text formats), when known.
    public var line: Int?
    /// 1-based feature, row or element number, when known.
    public var item: Int?
    /// The mapped field at fault (`PlaceFieldMapping`): its option, not the file, is where the
    /// mistake is.
    public var field: PlaceFieldMapping.Field?
    /// The header's columns (or the properties seen), for "did you mean": set when a column
    /// was not found.
    public var columns: [String] = []
    /// The fields no column was found for (a CSV header without a name column): what to map.
    public var missingFields: [PlaceFieldMapping.Field] = []

    /// Ctrl-C stopped the import (`ImportInterruption`); nothing was changed.
    public var isInterruption = false

    public init(_ message: String, line: Int? = nil, item: Int? = nil) {
        self.message = message
        self.line = line
        self.item = item
    }

    public static var interrupted: ImportError {
        var e = ImportError("interrupted")
        e.isInterruption = true
        return e
    }
}

/// Ctrl-C during a long import: the importers call `check()` once per row, feature, element
/// or blob; every `every` calls it asks `requested`, and when that says so it throws
/// `ImportError.interrupted`. The importers change nothing until they finish, so an
/// interrupted import leaves the dataset as it was.
public struct ImportInterruption {
    let requested: () -> Bool
    let every: Int
    var countdown: Int

    public init(every: Int = 4096, _ requested: @escaping () -> Bool) {
        self.requested = requested
        self.every = max(1, every)
        countdown = self.every
    }

    /// Never interrupted.
    public static var none: ImportInterruption { ImportInterruption { false } }

    mutating func check() throws(ImportError) {
        countdown -= 1
        guard countdown <= 0 else { return }
        countdown = every
        if requested() { throw ImportError.interrupted }
    }
}

/// OpenStreetMap tags as places: which tags make a point of interest, the Google-style types
/// they map to, and the address they spell. Shared by the OSM XML, OSM PBF and GeoJSON (Overpass,
/// osmium) importers.
public enum OSMTags {
    /// The keys that mark a feature as OpenStreetMap data, in the order they are looked at (a bare
    /// `building` marks it, but `types` does not make it a place).
    public static let poiKeys = [
        "amenity", "shop", "tourism", "leisure", "office", "craft", "historic", "railway", "public_transport",
        "building",
    ]

    /// Google-style types for a feature's tags, most specific first; nil when no tag makes it a
    /// place (a named street, a bare building with no use).
    public static func types(_ tags: [String: String]) -> [String]? {
        var types: [String] = []
        func add(_ t: String) { if !types.contains(t) { types.append(t) } }
        if let v = tags["amenity"] {
            switch v {
            case "restaurant", "fast_food", "food_court":
                add("restaurant")
                add("food")
            case "cafe":
                add("cafe")
                add("food")
            case "bar", "pub", "biergarten": add("bar")
            case "nightclub": add("night_club")
            case "bank":
                add("bank")
                add("finance")
            case "atm":
                add("atm")
                add("finance")
            case "pharmacy":
                add("pharmacy")
                add("health")
            case "hospital", "clinic", "doctors":
                add("hospital")
                add("health")
            case "dentist":
                add("dentist")
                add("health")
            case "library": add("library")
            case "school", "kindergarten": add("school")
            case "university", "college": add("university")
            case "cinema": add("movie_theater")
            case "theatre", "arts_centre": add("tourist_attraction")
            case "post_office": add("post_office")
            case "police": add("police")
            case "fire_station": add("fire_station")
            case "parking", "parking_entrance": add("parking")
            case "fuel": add("gas_station")
            case "place_of_worship": add("place_of_worship")
            case "casino": add("casino")
            case "ferry_terminal": add("transit_station")
            case "bus_station":
                add("bus_station")
                add("transit_station")
            case "car_rental": add("car_rental")
            case "gym": add("gym")
            case "townhall": add("city_hall")
            default: add("point_of_interest")
            }
        }
        if let v = tags["shop"] {
            switch v {
            case "supermarket":
                add("supermarket")
                add("grocery_or_supermarket")
            case "convenience": add("convenience_store")
            case "bakery": add("bakery")
            case "clothes", "shoes", "fashion": add("clothing_store")
            case "books": add("book_store")
            case "electronics", "mobile_phone", "computer": add("electronics_store")
            case "mall", "department_store": add("shopping_mall")
            case "hairdresser", "beauty": add("beauty_salon")
            case "jewelry": add("jewelry_store")
            case "alcohol", "wine": add("liquor_store")
            case "florist": add("florist")
            default: break
            }
            add("store")
        }
        if let v = tags["tourism"] {
            switch v {
            case "hotel", "hostel", "motel", "guest_house", "apartment": add("lodging")
            case "museum", "gallery":
                add("museum")
                add("tourist_attraction")
            case "aquarium":
                add("aquarium")
                add("tourist_attraction")
            case "zoo":
                add("zoo")
                add("tourist_attraction")
            default: add("tourist_attraction")
            }
        }
        if let v = tags["leisure"] {
            switch v {
            case "park", "garden", "playground": add("park")
            case "fitness_centre", "sports_centre": add("gym")
            case "stadium": add("stadium")
            default: add("point_of_interest")
            }
        }
        if tags["office"] != nil { add("point_of_interest") }
        if tags["craft"] != nil { add("store") }
        if tags["historic"] != nil { add("tourist_attraction") }
        if let v = tags["railway"], v == "station" || v == "halt" || v == "tram_stop" {
            add(v == "tram_stop" ? "light_rail_station" : "train_station")
            add("transit_station")
        }
        if let v = tags["public_transport"], v == "station" { add("transit_station") }
        guard !types.isEmpty else { return nil }
        add("point_of_interest")
        add("establishment")
        return types
    }

    /// A formatted address from `addr:*` tags, as Google would write it in the country, or nil.
    public static func address(_ tags: [String: String]) -> String? {
        if let full = tags["addr:full"] { return full }
        let street = [tags["addr:housenumber"], tags["addr:street"]].compactMap { $0 }.joined(separator: " ")
        var parts: [String] = []
        if !street.isEmpty { parts.append(street) }
        let locality = [tags["addr:suburb"] ?? tags["addr:city"], tags["addr:state"], tags["addr:postcode"]]
            .compactMap { $0 }.joined(separator: " ")
        if !locality.isEmpty { parts.append(locality) }
        if let country = tags["addr:country"] { parts.append(country) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
