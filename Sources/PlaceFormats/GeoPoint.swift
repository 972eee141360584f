/// A point on the globe in degrees (WGS 84), as a file gives it and `CLLocationCoordinate2D` holds it.
public struct GeoPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var isValid: Bool { (-90...90).contains(latitude) && (-180...180).contains(longitude) }
}

/// Mean Earth radius in metres (IUGG), used for distances.
public let earthRadius = 6_371_008.8
