import PlaceFormats
import PlaceStorage

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

    /// How far the move has got at virtual time `clock`, from 0 (the start) to 1 (the end),
    /// before easing.
    public func progress(at clock: Double) -> Double {
        let span = end - start
        guard span > 0, clock < end else { return 1 }
        return max(0, (clock - start) / span)
    }

    /// Where the camera is at virtual time `clock`: `from` eased towards `to`
    /// (`SimulationChoices.cameraAnimationCurve`); exactly `from` at the start and `to` at the end.
    public func position(at clock: Double) -> CameraPosition {
        from.interpolated(to: to, fraction: CameraEasing.easeInEaseOut(progress(at: clock)))
    }
}

/// The timing curve of `animate(to:)`.
public enum CameraEasing {
    /// The eased fraction of a move at `t` (0…1 of its duration): the cubic Bézier curve from
    /// (0, 0) to (1, 1) with the control points of `SimulationChoices.cameraAnimationCurve`.
    /// Exactly 0 at 0 and 1 at 1, never decreasing between.
    public static func easeInEaseOut(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        let curve = SimulationChoices.cameraAnimationCurve
        // The Bézier coordinate at parameter s, in Horner form.
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let c = 3 * p1
            let b = 3 * (p2 - p1) - c
            let a = 1 - c - b
            return ((a * s + b) * s + c) * s
        }
        // The parameter whose x is t, by bisection: a fixed number of halvings, so the result
        // is the same on every machine and never decreases as t grows.
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(mid, curve.x1, curve.x2) < t { low = mid } else { high = mid }
        }
        return min(1, max(0, bezier((low + high) / 2, curve.y1, curve.y2)))
    }
}

extension CameraPosition {
    /// The camera a `fraction` (0…1) of the way to `end`: latitude, zoom (in zoom levels) and
    /// viewing angle in a straight line; longitude and bearing the short way round, so that a
    /// move across the 180° line does not circle the world. Exactly `self` at 0 and `end` at 1;
    /// between, each number is rounded to 1e-9 (a tenth of a millimetre in degrees), so that
    /// what is printed carries no binary rounding noise.
    public func interpolated(to end: CameraPosition, fraction: Double) -> CameraPosition {
        guard fraction > 0 else { return self }
        guard fraction < 1 else { return end }
        func shortWay(_ from: Double, _ to: Double) -> Double {
            var d = (to - from).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 } else if d < -180 { d += 360 }
            return d
        }
        func clean(_ x: Double) -> Double { (x * 1e9).rounded() / 1e9 }
        func along(_ from: Double, _ to: Double) -> Double { clean(from + (to - from) * fraction) }
        func around(_ from: Double, _ to: Double) -> Double { clean(from + shortWay(from, to) * fraction) }
        return CameraPosition(
            target: GeoPoint(
                latitude: along(target.latitude, end.target.latitude),
                longitude: around(target.longitude, end.target.longitude)),
            zoom: along(zoom, end.zoom), bearing: around(bearing, end.bearing),
            viewingAngle: along(viewingAngle, end.viewingAngle))
    }
}

/// Why the map view shows no tiles.
public enum BlankMapCause: Sendable, Equatable {
    /// The device had no network when the map needed its tiles.
    case network
    /// The Maps SDK refused the key the app gave `GMSServices.provideAPIKey`.
    case apiKey(APIKeyState)
    /// The key's Cloud project does not enable the Maps SDK for iOS, or the key may not call it
    /// (`project maps off`): Places works with the same key.
    case mapsAPI
}

extension BlankMapCause {
    /// What keeps the map's tiles away while `faults` are set: no network, then a key the
    /// Maps SDK refuses; nil when a try to load them now would succeed.
    public static func blocking(_ faults: PlacesFaults, _ project: CloudProject) -> BlankMapCause? {
        if !faults.networkOnline { return .network }
        if faults.apiKey != .valid { return .apiKey(faults.apiKey) }
        if !project.maps { return .mapsAPI }
        return nil
    }

    /// Why, in a few words, for notes.
    public var reason: String {
        switch self {
        case .network:
            return
                "the device had no network when the map needed its tiles; they come at the next camera move with the network on"
        case .apiKey(let state):
            return
                "the Maps SDK refused the API key (\(state.rawValue)) that the app delegate gives GMSServices.provideAPIKey, the key GMSPlacesClient gets too; markers and the my-location dot are still drawn"
        case .mapsAPI:
            return
                "the Maps SDK for iOS is not enabled in the key's Cloud project, or the key may not call it, while Places works with the same key; markers and the my-location dot are still drawn"
        }
    }
}

/// `GMSMapView`: its frame, camera, markers, info window and my-location layer.
///
/// Its public state is read through computed properties over storage of its own module's, so
/// that the optimizer can leave out the run-time exclusivity check (see `Session`).
public final class MapView {
    public let width: Double
    public let height: Double
    /// Where the camera rests, or where the running animation started from.
    private var restingCamera: CameraPosition
    /// `mapView.camera`: during an animation, where the move has got at the session's clock.
    public internal(set) var camera: CameraPosition {
        get { animation.map { $0.position(at: session.clock) } ?? restingCamera }
        set { restingCamera = newValue }
    }
    /// A new map view is not on screen until its controller's view appears, and the tutorial's
    /// viewDidLoad hides it before then: nothing is drawn, and no tile is fetched, before it is
    /// shown.
    private var hidden = true
    /// `isHidden`; showing the map makes it load its tiles.
    public internal(set) var isHidden: Bool {
        get { hidden }
        set {
            let wasHidden = hidden
            hidden = newValue
            if wasHidden && !newValue { loadTiles() }
        }
    }
    /// The map has drawn its tiles in this launch (they stay: no tile is ever dropped).
    public internal(set) var hasTiles: Bool {
        get { _hasTiles }
        set { _hasTiles = newValue }
    }
    var _hasTiles: Bool = false
    /// Why the last try to load the tiles failed; nil once they loaded, or before any try.
    public internal(set) var blankCause: BlankMapCause? {
        get { _blankCause }
        set { _blankCause = newValue }
    }
    var _blankCause: BlankMapCause?
    /// The Maps SDK has logged its key failure in this launch (it does once).
    var reportedKeyFailure = false
    /// The map view is on screen with no tiles: a blank background under the markers and the
    /// my-location dot.
    public var isBlank: Bool { !hidden && !hasTiles }
    public internal(set) var markers: [Marker] = []
    /// Index of the marker whose info window is open.
    public internal(set) var selectedMarker: Int? {
        get { _selectedMarker }
        set { _selectedMarker = newValue }
    }
    var _selectedMarker: Int?
    public internal(set) var isMyLocationEnabled = false
    public internal(set) var myLocationButton = false
    /// The animation running now, if any.
    public internal(set) var animation: CameraAnimation? {
        get { _animation }
        set { _animation = newValue }
    }
    var _animation: CameraAnimation?
    /// The last animation, running or finished (for `camera`).
    public internal(set) var lastAnimation: CameraAnimation? {
        get { _lastAnimation }
        set { _lastAnimation = newValue }
    }
    var _lastAnimation: CameraAnimation?
    private var animationEvent: Int?
    unowned let session: Session

    init(session: Session, camera: CameraPosition, width: Double, height: Double) {
        self.session = session
        self.restingCamera = camera
        self.width = width
        self.height = height
    }

    /// `mapView.camera = …`: instant; stops any animation.
    func setCamera(_ position: CameraPosition) {
        stopAnimation()
        camera = position
        loadTiles()
    }

    /// `animate(to:)`: the camera moves over `cameraAnimationDuration` from where it is, along
    /// the easing curve; `camera` reads where the move has got, and the end once it has
    /// finished (`mapView(_:idleAt:)`).
    func animate(to position: CameraPosition, owner: AnyObject) {
        stopAnimation()
        // The session read once: each read of an unowned reference checks and retains it.
        let session = self.session
        let move = CameraAnimation(
            from: camera, to: position, start: session.clock,
            end: session.time(after: SimulationChoices.cameraAnimationDuration))
        animation = move
        lastAnimation = move
        loadTiles()
        animationEvent = session.schedule(
            after: SimulationChoices.cameraAnimationDuration, "mapView(_:idleAt:)", owner: owner
        ) { [weak self] in
            guard let self else { return }
            self.animation = nil
            self.camera = move.to
            self.animationEvent = nil
            self.loadTiles()
        }
    }

    /// An animation stops where it has got to.
    private func stopAnimation() {
        if let animationEvent { session.cancel(animationEvent) }
        if animation != nil { restingCamera = camera }
        animation = nil
        animationEvent = nil
    }

    // MARK: - Tiles

    /// The map needs tiles (it was shown, or its camera moved): the Maps SDK fetches them with
    /// the key the app gave `GMSServices.provideAPIKey`, which the servers check the first time.
    /// Without a network, or with a key they refuse, the map stays blank until a later try
    /// succeeds; once it has its tiles it keeps them for the launch.
    /// (`SimulationChoices` "blank map", "Maps SDK key failure".)
    func loadTiles() {
        guard !hidden, !hasTiles else { return }
        guard let cause = BlankMapCause.blocking(session.places.faults, session.places.project) else {
            hasTiles = true
            if blankCause != nil {
                blankCause = nil
                session.emit(.note("the map loaded its tiles: it is no longer blank"))
            }
            return
        }
        if cause != .network, !reportedKeyFailure {
            reportedKeyFailure = true
            for line in SimulationChoices.mapsKeyFailureLog { session.nslog(line) }
        }
        if cause != blankCause {
            blankCause = cause
            session.emit(.note("the map is blank, no tiles: " + cause.reason))
        }
    }

    /// Puts back whether the map is hidden and its tiles as a saved session had them, without
    /// loading or logging anything.
    func restore(hidden: Bool, hasTiles: Bool, blankCause: BlankMapCause?, reportedKeyFailure: Bool) {
        self.hidden = hidden
        self.hasTiles = hasTiles
        self.blankCause = hasTiles ? nil : blankCause
        self.reportedKeyFailure = reportedKeyFailure
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
