import PlaceFormats
import PlaceKit
import PlaceStorage

/// What a picture of the phone shows, gathered once from the session: the map view's frame and
/// camera, the places and markers inside the frame (in frame points, origin top left, the
/// camera target at the centre), the my-location layer, and the picker when it is open. The
/// terminal map and the SVG snapshot both draw from it, so they always show the same view.
struct MapScene {
    /// A place of the dataset inside the frame.
    struct PlaceDot {
        var name: String
        var x: Double
        var y: Double
    }

    /// A `GMSMarker` on the map.
    struct Pin {
        var title: String
        var snippet: String
        var x: Double
        var y: Double
        /// Its info window is open (`selectedMarker`).
        var isOpen: Bool
        /// Inside the frame (a marker can be anywhere; only those in view are drawn).
        var isInFrame: Bool
    }

    /// The my-location dot and its accuracy circle.
    struct MyLocation {
        var x: Double
        var y: Double
        var accuracyMetres: Double
        /// The accuracy circle's radius in points.
        var radius: Double
    }

    /// The circle the nearby app searches, in frame points.
    struct SearchCircle {
        var x: Double
        var y: Double
        var metres: Double
        /// The circle's radius in points.
        var radius: Double
    }

    var width: Double
    var height: Double
    var camera: CameraPosition
    var metresPerPoint: Double
    /// Why the map view is hidden, or nil when it shows.
    var hiddenReason: String?
    /// Why the map view shows no tiles (a blank background: no places, no grid), or nil when
    /// it has them or is hidden.
    var blankReason: String?
    /// Places in the frame, most deserving of a label first: the app's likely places in the
    /// order of the list, then the others nearest the camera target first.
    var places: [PlaceDot]
    var markers: [Pin]
    var myLocation: MyLocation?
    /// The circle the nearby app searches: around the last location it received, with the
    /// request's radius, as `export geojson` gives it. Nil in the other flavours, before the
    /// app's first request, and with a radius the SDK refuses.
    var searchCircle: SearchCircle?
    /// The base map's features in view, in frame points, in the order a street map draws
    /// them (areas, then water lines and railways, then roads smallest first); empty with no
    /// base map, on a blank map and with the map hidden.
    var ground: [GroundFeature] = []
    var showsMyLocationButton: Bool
    /// The picker's rows when it covers the map (blank rows in the Objective-C flavour).
    var pickerRows: [String]?
    /// Whether the picker's table scrolls (a scroll indicator shows it has more rows).
    var pickerScrolls = false
    /// The virtual time of day, for the status bar.
    var time: String
    /// The permission alert, when it is on screen over the app.
    var alert: Alert?
    /// The device's language: the alert's words, and the picture's `xml:lang`.
    var language = DeviceLanguage.english

    /// The system's permission alert as `auth` answers it: the title names the app, the message
    /// is the Info.plist usage text, and the Precise switch shows its state (no switch when the
    /// Info.plist asks for reduced accuracy).
    struct Alert {
        var title: String
        var message: String
        var buttons: [String]
        var precise: Bool
        var preciseSwitch: Bool
    }

    /// The frame point of a coordinate: points right and down from the frame's top left corner,
    /// Web Mercator at the camera's zoom, turned by the camera's bearing (the bearing's direction
    /// is up) and tilted by its viewing angle (`tilted`). Longitudes take the nearer way round.
    static func framePoint(_ p: GeoPoint, camera: CameraPosition, width: Double, height: Double) -> (
        x: Double, y: Double
    ) {
        let c = worldPoint(camera.target, zoom: camera.zoom)
        let q = worldPoint(p, zoom: camera.zoom)
        let world = 256 * pow(2, camera.zoom)
        var dx = q.x - c.x
        if dx > world / 2 { dx -= world } else if dx < -world / 2 { dx += world }
        return viewPoint(dx: dx, dy: q.y - c.y, camera: camera, width: width, height: height)
    }

    /// The frame point of a ground offset (`dx`, `dy` world points from the camera target, y down).
    static func viewPoint(dx: Double, dy: Double, camera: CameraPosition, width: Double, height: Double) -> (
        x: Double, y: Double
    ) {
        if camera.bearing == 0 && camera.viewingAngle == 0 { return (width / 2 + dx, height / 2 + dy) }
        let b = camera.bearing * .pi / 180
        let x = dx * cos(b) + dy * sin(b)
        let y = -dx * sin(b) + dy * cos(b)
        let t = tilted(x: x, y: y, angle: camera.viewingAngle, height: height)
        return (width / 2 + t.x, height / 2 + t.y)
    }

    /// Perspective for a viewing angle: the eye `eyeDistance` × height above the target, looking
    /// down at `angle` from the vertical; ground farther up the screen looks smaller. Points past
    /// the horizon are pushed to the far top (depth at least a tenth of the eye's distance).
    static func tilted(x: Double, y: Double, angle: Double, height: Double) -> (x: Double, y: Double) {
        guard angle != 0 else { return (x, y) }
        let a = angle * .pi / 180
        let d = eyeDistance * height
        let depth = max(d - y * sin(a), d / 10)
        return (x * d / depth, y * cos(a) * d / depth)
    }

    /// How far the eye is from the target, in frame heights, for the viewing angle's perspective.
    static let eyeDistance = 1.5

    /// The ground offset (world points from the target) seen at a frame point: the inverse of
    /// `viewPoint`, for the visible region.
    static func groundOffset(x fx: Double, y fy: Double, camera: CameraPosition, width: Double, height: Double) -> (
        dx: Double, dy: Double
    ) {
        var x = fx - width / 2
        var y = fy - height / 2
        if camera.viewingAngle != 0 {
            let a = camera.viewingAngle * .pi / 180
            let d = eyeDistance * height
            let ground = y * d / max(d * cos(a) + y * sin(a), d / 100)
            x = x * (d - ground * sin(a)) / d
            y = ground
        }
        let b = camera.bearing * .pi / 180
        return (x * cos(b) - y * sin(b), x * sin(b) + y * cos(b))
    }

    init(app: TutorialApp, session: Session) {
        let map = app.mapView
        width = map.width
        height = map.height
        camera = map.camera
        metresPerPoint = camera.metresPerPoint
        hiddenReason = map.isHidden ? MapScene.hiddenReason(app: app, session: session) : nil
        blankReason = map.isBlank ? MapScene.blankReason(map.blankCause) : nil
        let date = VirtualDate(clock: session.clock)
        time = String(date.hour) + ":" + (date.minute < 10 ? "0" : "") + String(date.minute)
        pickerRows = app.pickerPlaces != nil ? app.pickerRows : nil
        let device = session.device
        if device.promptOpen {
            let plist = device.infoPlist
            alert = Alert(
                title: PermissionAlert.title(appName: plist.appName, language: device.language),
                message: plist.text(for: .whenInUse) ?? PermissionAlert.message,
                buttons: device.language.alertButtons,
                precise: !device.promptAccuracyReduced && device.privacy.precise,
                preciseSwitch: !device.promptAccuracyReduced)
        }
        pickerScrolls = session.device.pickerScrolls
        language = session.device.language
        showsMyLocationButton = map.myLocationButton && map.isMyLocationEnabled
        let (w, h, cam) = (width, height, camera)
        func point(_ p: GeoPoint) -> (x: Double, y: Double) { MapScene.framePoint(p, camera: cam, width: w, height: h) }
        func inFrame(_ q: (x: Double, y: Double)) -> Bool { q.x >= 0 && q.x < w && q.y >= 0 && q.y < h }

        // Places in the frame: the tiles' points of interest, none on a blank map.
        var found: [(dot: PlaceDot, distance: Double)] = []
        let around = map.isBlank ? [] : MapScene.placesAround(session: session, camera: cam, width: w, height: h)
        for place in around {
            let q = point(place.coordinate)
            guard inFrame(q) else { continue }
            found.append((PlaceDot(name: place.name, x: q.x, y: q.y), distance(place.coordinate, cam.target)))
        }
        // The app's likely places first (in the list's order), then the nearest.
        var likelyRank: [String: Int] = [:]
        for (i, l) in app.likelyPlaces.enumerated() {
            if let name = l.place.name, likelyRank[name] == nil { likelyRank[name] = i }
        }
        // Each place's rank looked up once, not at every comparison.
        var ranked = found.map { (dot: $0.dot, distance: $0.distance, rank: likelyRank[$0.dot.name] ?? Int.max) }
        ranked.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.distance != b.distance { return a.distance < b.distance }
            return a.dot.name < b.dot.name
        }
        places = ranked.map(\.dot)
        if !map.isBlank && !map.isHidden, let baseMap = session.baseMap {
            ground = MapScene.ground(baseMap, camera: cam, width: w, height: h)
        }

        markers = map.markers.enumerated().map { i, m in
            let q = point(m.position)
            return Pin(
                title: m.title ?? "", snippet: m.snippet ?? "", x: q.x, y: q.y, isOpen: map.selectedMarker == i,
                isInFrame: m.position.isValid && inFrame(q))
        }
        // A place under a marker is the marker's place: the pin and its title stand for it.
        let pins = markers.filter(\.isInFrame)
        places.removeAll { p in pins.contains { abs($0.x - p.x) < 1 && abs($0.y - p.y) < 1 } }

        // The my-location layer: the device's position as the map's own location source sees
        // it (coarsened with reduced accuracy), when enabled and allowed.
        myLocation = nil
        if map.isMyLocationEnabled, app.locationManager.authorizationStatus.isAuthorized,
            let position = session.device.position
        {
            var coordinate = position.coordinate
            var accuracy = position.horizontalAccuracy
            if app.locationManager.accuracyAuthorization == .reduced {
                // As `LocationManager.coarsened` snaps a fix.
                let g = SimulationChoices.reducedGridDegrees
                func snap(_ x: Double) -> Double { ((x / g).rounded(.down) + 0.5) * g }
                coordinate = GeoPoint(latitude: snap(coordinate.latitude), longitude: snap(coordinate.longitude))
                accuracy = SimulationChoices.reducedHorizontalAccuracy
            }
            let q = point(coordinate)
            myLocation = MyLocation(x: q.x, y: q.y, accuracyMetres: accuracy, radius: accuracy / metresPerPoint)
        }

        let nearby = session.places.nearby
        if app.flavor == .nearby, let center = app.currentLocation?.coordinate, center.isValid,
            NearbySettings.radiusRange.contains(nearby.radius)
        {
            let q = point(center)
            searchCircle = SearchCircle(x: q.x, y: q.y, metres: nearby.radius, radius: nearby.radius / metresPerPoint)
        }
    }

    /// The most places a picture looks at: the nearest to the camera target.
    static let placeLimit = 5000

    /// The places near enough to the camera to be in the frame: within the distance of the
    /// farthest corner of the visible region, from the store's grid.
    private static func placesAround(session: Session, camera: CameraPosition, width: Double, height: Double) -> [Place]
    {
        var radius = 0.0
        for (fx, fy) in [(0.0, 0.0), (width, 0), (0, height), (width, height)] {
            let c = worldPoint(camera.target, zoom: camera.zoom)
            let g = groundOffset(x: fx, y: fy, camera: camera, width: width, height: height)
            let corner = coordinate(worldX: c.x + g.dx, worldY: c.y + g.dy, zoom: camera.zoom)
            radius = max(radius, distance(camera.target, corner))
        }
        let store = session.places.dataset
        return store.near(camera.target, radius: min(radius * 1.01 + 1, 20_100_000), limit: placeLimit).map {
            store.place(at: $0.index)
        }
    }

    /// Why the tutorial keeps the map view hidden, in the state the session is in.
    static func hiddenReason(app: TutorialApp, session: Session) -> String {
        let status = app.locationManager.authorizationStatus
        if status == .restricted {
            return "location access is restricted, and the tutorial shows the map only at a fix or a denial (P6)"
        }
        if app.locationError != nil {
            return "location updates stopped with an error before the first fix (P5)"
        }
        if status == .notDetermined {
            return "the app shows it at the first location fix, and the permission alert is not answered yet"
        }
        if session.device.position == nil {
            return "the app shows it at the first location fix, and the device has no position ('locate …')"
        }
        return "the app shows it at the first location fix"
    }

    /// Why the map view shows no tiles, in a few words.
    static func blankReason(_ cause: BlankMapCause?) -> String {
        switch cause {
        case .network?: return "no network when the map needed them"
        case .apiKey(let state)?: return "the Maps SDK refused the API key (\(state.rawValue))"
        case .mapsAPI?: return "the Maps SDK for iOS is not enabled for the key"
        case nil: return "none loaded yet"
        }
    }

    /// A round distance for a scale bar at most `maxMetres` long: 1, 2 or 5 × 10^n metres.
    static func roundDistance(atMost maxMetres: Double) -> Double {
        guard maxMetres.isFinite, maxMetres >= 1 else { return 1 }
        var unit = 1.0
        while unit * 10 <= maxMetres { unit *= 10 }
        for m in [5.0, 2.0, 1.0] where m * unit <= maxMetres { return m * unit }
        return unit
    }

    /// `200 m`, `1 km`, `2.5 km`.
    static func distanceText(_ metres: Double) -> String {
        metres < 1000 ? formatNumber(metres) + " m" : formatNumber(metres / 1000) + " km"
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
