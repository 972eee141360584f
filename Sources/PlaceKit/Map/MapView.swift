import PlaceFormats

/// `GMSCameraPosition`, clamped as the Maps SDK clamps it.
public struct CameraPosition: Sendable, Equatable {
    public private(set) var target: GeoPoint
    public private(set) var zoom: Double
    public private(set) var bearing: Double
    public private(set) var viewingAngle: Double

    /// `GMSCameraPosition.camera(withLatitude:longitude:zoom:)`, bearing and angle 0.
    public init(target: GeoPoint, zoom: Double, bearing: Double = 0, viewingAngle: Double = 0) {
        let lat = min(85, max(-85, target.latitude))
        var lng = target.longitude
        if !(-180..<180).contains(lng) {  // wrap only when needed: no rounding noise otherwise
            lng = (lng + 180).truncatingRemainder(dividingBy: 360)
            if lng < 0 { lng += 360 }
            lng -= 180
        }
        self.target = GeoPoint(latitude: lat, longitude: lng)
        self.zoom = min(SimulationChoices.maximumZoom, max(SimulationChoices.minimumZoom, zoom))
        var b = bearing.truncatingRemainder(dividingBy: 360)
        if b < 0 { b += 360 }
        self.bearing = b
        self.viewingAngle = min(CameraPosition.maximumViewingAngle(zoom: self.zoom), max(0, viewingAngle))
    }

    /// The largest viewing angle at a zoom: 30° up to zoom 10, 65° from zoom 16, linear between.
    public static func maximumViewingAngle(zoom: Double) -> Double {
        if zoom <= 10 { return 30 }
        if zoom >= 16 { return 65 }
        return 30 + (zoom - 10) / 6 * 35
    }

    /// Metres per point at the target (Web Mercator).
    public var metresPerPoint: Double {
        156_543.033_92 * cos(target.latitude * .pi / 180) / pow(2, zoom)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `GMSMarker`.
public struct Marker: Sendable, Equatable {
    public var position: GeoPoint
    public var title: String?
    public var snippet: String?
}

/// The visible region of the map: its four corners.
public struct VisibleRegion: Sendable, Equatable {
    public var nearLeft: GeoPoint
    public var nearRight: GeoPoint
    public var farLeft: GeoPoint
    public var farRight: GeoPoint
}

/// A camera move in progress (`animate(to:)`).
public struct CameraAnimation: Sendable, Equatable {
    public var from: CameraPosition
    public var to: CameraPosition
    public var start: Double
    public var end: Double
}

/// `GMSMapView`: its frame, camera, markers, info window and my-location layer.
public final class MapView {
    public let width: Double
    public let height: Double
    public internal(set) var camera: CameraPosition
    public internal(set) var isHidden = false
    public internal(set) var markers: [Marker] = []
    /// Index of the marker whose info window is open.
    public internal(set) var selectedMarker: Int?
    public internal(set) var isMyLocationEnabled = false
    public internal(set) var myLocationButton = false
    /// The animation running now, if any.
    public internal(set) var animation: CameraAnimation?
    /// The last animation, running or finished (for `camera`).
    public internal(set) var lastAnimation: CameraAnimation?
    private var animationEvent: Int?
    unowned let session: Session

    init(session: Session, camera: CameraPosition, width: Double, height: Double) {
        self.session = session
        self.camera = camera
        self.width = width
        self.height = height
    }

    /// `mapView.camera = …`: instant; stops any animation.
    func setCamera(_ position: CameraPosition) {
        stopAnimation()
        camera = position
    }

    /// `animate(to:)`: the camera moves over `cameraAnimationDuration`; `camera` reads the end
    /// position once it has finished.
    func animate(to position: CameraPosition, owner: AnyObject) {
        stopAnimation()
        let move = CameraAnimation(
            from: camera, to: position, start: session.clock,
            end: session.clock + SimulationChoices.cameraAnimationDuration)
        animation = move
        lastAnimation = move
        animationEvent = session.schedule(
            after: SimulationChoices.cameraAnimationDuration, "mapView(_:idleAt:)", owner: owner
        ) { [weak self] in
            guard let self else { return }
            self.camera = move.to
            self.animation = nil
            self.animationEvent = nil
        }
    }

    private func stopAnimation() {
        if let animationEvent { session.cancel(animationEvent) }
        if let animation { camera = animation.to }
        animation = nil
        animationEvent = nil
    }

    /// `clear()`: removes markers (and overlays); keeps the my-location dot.
    func clear() {
        markers = []
        selectedMarker = nil
    }

    func add(_ marker: Marker) { markers.append(marker) }

    /// Where `p` is in the frame, in points from its top left corner (Web Mercator at the
    /// camera's zoom, the longitude taken on the copy of the world nearest the centre). Bearing
    /// and viewing angle are not applied, as in `visibleRegion`.
    public func screenPoint(of p: GeoPoint) -> (x: Double, y: Double) {
        let c = worldPoint(camera.target, zoom: camera.zoom)
        let q = worldPoint(p, zoom: camera.zoom)
        let worldWidth = worldPoint(GeoPoint(latitude: 0, longitude: 180), zoom: camera.zoom).x
        var dx = q.x - c.x
        if worldWidth.isFinite && worldWidth > 0 {
            dx -= (dx / worldWidth).rounded() * worldWidth
        }
        return (width / 2 + dx, height / 2 + (q.y - c.y))
    }

    /// Whether `p` is inside the frame: a finger can reach it.
    public func isOnScreen(_ p: GeoPoint) -> Bool {
        let s = screenPoint(of: p)
        return s.x >= 0 && s.x <= width && s.y >= 0 && s.y <= height
    }

    /// A tap on the map where no marker is: an open info window closes (the SDK's default; the
    /// tutorial's app has no `mapView(_:didTapAt:)`). Returns whether one was open.
    func tapEmptyMap() -> Bool {
        defer { selectedMarker = nil }
        return selectedMarker != nil
    }

    /// The four corners of what the frame shows (Web Mercator, 256 points per tile at zoom 0;
    /// bearing and viewing angle are not applied: the tutorial never changes them).
    public var visibleRegion: VisibleRegion {
        let c = worldPoint(camera.target, zoom: camera.zoom)
        let halfW = width / 2
        let halfH = height / 2
        func at(_ dx: Double, _ dy: Double) -> GeoPoint {
            var p = coordinate(worldX: c.x + dx, worldY: c.y + dy, zoom: camera.zoom)
            // At low zoom the frame can span more than the world: longitudes wrap into -180..<180.
            if p.longitude < -180 || p.longitude >= 180 {
                var lng = (p.longitude + 180).truncatingRemainder(dividingBy: 360)
                if lng < 0 { lng += 360 }
                p.longitude = lng - 180
            }
            return p
        }
        return VisibleRegion(
            nearLeft: at(-halfW, halfH), nearRight: at(halfW, halfH), farLeft: at(-halfW, -halfH),
            farRight: at(halfW, -halfH))
    }
}
