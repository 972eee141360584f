import PlaceFormats
import PlaceStorage

/// Which version of the tutorial's code runs.
public enum AppFlavor: String, Sendable, CaseIterable {
    /// `MapViewController.swift` / `PlacesViewController.swift` (the app the storyboard uses).
    case swift
    /// The Objective-C twins `MapViewController.m` / `PlacesViewController.m`.
    case objc
    /// The Swift app migrated to Nearby Search (New): the same screens and location code, with
    /// `searchNearby(with:completion:)` around the last location received (`help flavor nearby`).
    case nearby

    /// The flavour's name in messages.
    public var title: String {
        switch self {
        case .swift: return "Swift"
        case .objc: return "Objective-C"
        case .nearby: return "Nearby Search (Swift)"
        }
    }

    /// Whether its places come from Places API (Legacy), Current Place.
    public var usesLegacyAPI: Bool { self != .nearby }
}

/// The permission the app's `viewDidLoad` asks for.
public enum AuthorizationRequest: String, Sendable, CaseIterable {
    /// `requestWhenInUseAuthorization()`, as the tutorial does.
    case whenInUse = "when-in-use"
    /// `requestAlwaysAuthorization()`, as the tutorial did until 2020-09 and as its
    /// troubleshooting suggests trying (P9).
    case always

    /// The call as the app makes it.
    public var call: String {
        switch self {
        case .whenInUse: return "locationManager.requestWhenInUseAuthorization()"
        case .always: return "locationManager.requestAlwaysAuthorization()"
        }
    }

    /// The call as the Objective-C app makes it.
    public var objcCall: String {
        switch self {
        case .whenInUse: return "[locationManager requestWhenInUseAuthorization]"
        case .always: return "[locationManager requestAlwaysAuthorization]"
        }
    }
}

/// The screen on top of the navigation stack.
public enum AppScreen: String, Sendable, CaseIterable {
    case map, picker
}

/// Why the app stopped.
public enum AppEnd: Sendable {
    case user, relaunch, reset, crash
}

/// The tutorial app: `MapViewController` and `PlacesViewController`, line for line, in either
/// flavour. Every console line it prints goes to the session's log.
///
/// Its public state is read through computed properties over storage of its own module's, so
/// that the optimizer can leave out the run-time exclusivity check (see `Session`).
public final class TutorialApp: LocationManagerDelegate {
    unowned let session: Session
    public let flavor: AppFlavor
    /// The permission `viewDidLoad` asks for.
    public let authorizationRequest: AuthorizationRequest
    public internal(set) var screen: AppScreen {
        get { _screen }
        set { _screen = newValue }
    }
    var _screen: AppScreen = AppScreen.map
    public internal(set) var isRunning: Bool {
        get { _isRunning }
        set { _isRunning = newValue }
    }
    var _isRunning: Bool = true
    /// The app is in the background (`app background`): suspended, as an app without a
    /// location background mode is, so the manager delivers nothing and its callbacks wait.
    public internal(set) var isInBackground: Bool {
        get { _isInBackground }
        set { _isInBackground = newValue }
    }
    var _isInBackground: Bool = false
    /// The timer that ends an Allow Once permission while the app stays in the background.
    var allowOnceExpiry: Int?
    /// The fatal error message when the app crashed.
    public internal(set) var crashMessage: String?
    public let locationManager: LocationManager
    public let mapView: MapView
    /// `likelyPlaces`: what the app has collected from places responses (with the likelihood
    /// the service gave each, which the app itself drops).
    public internal(set) var likelyPlaces: [PlaceLikelihood] = []
    /// The picker's own copy of the list, taken when "Get Place" was tapped; nil when closed.
    public internal(set) var pickerPlaces: [PlaceLikelihood]?
    /// `selectedPlace` as the map controller holds it.
    public internal(set) var selectedPlace: FetchedPlace?
    /// How many times a row of the picker was tapped, and the last one (its index and text).
    public var rowsTapped: Int { _rowsTapped }
    public var lastRowTapped: (index: Int, text: String)? { _lastRowTapped }
    private var _rowsTapped = 0
    private var _lastRowTapped: (index: Int, text: String)?
    /// Likelihood requests sent whose response has not arrived.
    public internal(set) var requestsInFlight: Int {
        get { _requestsInFlight }
        set { _requestsInFlight = newValue }
    }
    var _requestsInFlight: Int = 0
    /// The error that stopped location updates (the tutorial never restarts them: P5).
    public internal(set) var locationError: LocationErrorCode?
    /// How the last places response came back: its error, or how many places it listed.
    public internal(set) var lastPlacesResponse: PlacesOutcome? {
        get { _lastPlacesResponse }
        set { _lastPlacesResponse = newValue }
    }
    var _lastPlacesResponse: PlacesOutcome?

    /// How a places response came back.
    public enum PlacesOutcome: Sendable, Equatable {
        case failed(PlacesErrorCode)
        case answered(count: Int)
    }
    /// The tutorial's default location, where the map starts.
    public static let defaultLocation = GeoPoint(latitude: -33.869405, longitude: 151.199)
    public static let preciseZoom = 15.0
    /// Swift uses 10 for approximate location; the Objective-C twin uses 15.
    public var approximateZoom: Double { flavor == .objc ? 15 : 10 }
    /// `currentLocation`: the last location the nearby app received, its search circle's centre
    /// (the legacy flavours have no such property: the SDK locates the device itself).
    public internal(set) var currentLocation: LocationFix? {
        get { _currentLocation }
        set { _currentLocation = newValue }
    }
    var _currentLocation: LocationFix?
    /// The pitfalls this launch has already noted once (the nearby app's P14 and P15).
    var notedPitfalls: Set<String> = []
    /// The Nearby Search call the nearby app's code makes, as it was built (`nearby call`, `sdk`).
    public let nearbyCall: PlacesSDKCall

    /// A new app process; `restoring` skips what a launch sets in motion (a saved session is
    /// being read back, with its own state).
    init(
        session: Session, flavor: AppFlavor, authorizationRequest: AuthorizationRequest = .whenInUse,
        restoring: Bool = false, nearbyCall: PlacesSDKCall? = nil
    ) {
        self.session = session
        self.flavor = flavor
        self.nearbyCall = nearbyCall ?? session.places.nearby.call.call(in: session.places.sdk)
        self.authorizationRequest = authorizationRequest
        // viewDidLoad step 1 happens here so that Core Location's initial callback is scheduled
        // first, as it is on a device.
        locationManager = LocationManager(session: session)
        mapView = MapView(
            session: session, camera: CameraPosition(target: Self.defaultLocation, zoom: Self.preciseZoom),
            width: session.device.screenWidth, height: session.device.screenHeight)
        if restoring {
            locationManager.delegate = self
        } else {
            locationManager.reportInitialAuthorization(owner: self)
        }
    }

    /// `viewDidLoad()` of the map controller, in the tutorial's order (api-facts §1.2).
    func viewDidLoad() {
        trace("MapViewController.viewDidLoad()", objc: "[mapViewController viewDidLoad]", call: false)
        trace("locationManager = CLLocationManager()", objc: "locationManager = [[CLLocationManager alloc] init]")
        locationManager.desiredAccuracy = -1  // kCLLocationAccuracyBest
        session.trace("locationManager.desiredAccuracy = kCLLocationAccuracyBest")
        trace(authorizationRequest.call, objc: authorizationRequest.objcCall)
        switch authorizationRequest {
        case .whenInUse: locationManager.requestWhenInUseAuthorization()
        case .always: locationManager.requestAlwaysAuthorization()
        }
        locationManager.distanceFilter = 50
        session.trace("locationManager.distanceFilter = 50")
        trace("locationManager.startUpdatingLocation()", objc: "[locationManager startUpdatingLocation]")
        locationManager.startUpdatingLocation()
        locationManager.delegate = self
        session.trace("locationManager.delegate = self")
        trace("placesClient = GMSPlacesClient.shared()", objc: "placesClient = [GMSPlacesClient sharedClient]")
        let zoom = locationManager.accuracyAuthorization == .full ? Self.preciseZoom : approximateZoom
        let latitude = formatNumber(Self.defaultLocation.latitude)
        let longitude = formatNumber(Self.defaultLocation.longitude)
        trace(
            "GMSCameraPosition.camera(withLatitude: \(latitude), longitude: \(longitude), zoom: \(formatNumber(zoom)))",
            objc: "[GMSCameraPosition cameraWithLatitude:\(latitude) longitude:\(longitude) zoom:\(formatNumber(zoom))]"
        )
        trace(
            "mapView = GMSMapView.map(withFrame: view.bounds, camera: camera)",
            objc: "mapView = [GMSMapView mapWithFrame:self.view.bounds camera:camera]")
        mapView.setCamera(CameraPosition(target: Self.defaultLocation, zoom: zoom))
        mapView.myLocationButton = true
        mapView.isMyLocationEnabled = true
        trace("mapView.settings.myLocationButton = true", objc: "mapView.settings.myLocationButton = YES")
        trace(
            "mapView.autoresizingMask = [.flexibleWidth, .flexibleHeight]",
            objc: "mapView.autoresizingMask = UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight")
        trace("mapView.isMyLocationEnabled = true", objc: "mapView.myLocationEnabled = YES")
        trace("view.addSubview(mapView)", objc: "[self.view addSubview:mapView]")
        mapView.isHidden = true  // hidden until the first fix
        trace("mapView.isHidden = true", objc: "mapView.hidden = YES")
        listLikelyPlaces()
    }

    /// A trace line in the flavour's own syntax: Swift, or Objective-C message sends.
    private func trace(_ swift: @autoclosure () -> String, objc: @autoclosure () -> String, call: Bool = true) {
        trace(in: session, swift(), objc: objc(), call: call)
    }

    /// `trace` through a session already in hand: a function that reaches the session several
    /// times reads it once, as each read of an unowned reference checks and retains it.
    private func trace(
        in session: Session, _ swift: @autoclosure () -> String, objc: @autoclosure () -> String, call: Bool = true
    ) {
        session.trace(flavor == .objc ? objc() : swift(), call: call)
    }

    /// A string literal as the flavour writes it, or nil.
    private func literal(_ text: String?) -> String {
        guard let text else { return "nil" }
        return (flavor == .objc ? "@\"" : "\"") + text + "\""
    }

    // MARK: - Console

    /// A line the app prints: `print` in Swift, `NSLog` (with its prefix) in Objective-C.
    private func log(_ message: String) { log(message, in: session) }

    /// `log` through a session already in hand (see `trace(in:)`).
    private func log(_ message: String, in session: Session) {
        switch flavor {
        case .swift, .nearby:
            session.console(message)
        case .objc:
            session.nslog(message)
        }
    }

    /// The `.restricted` case prints its line and touches nothing else: the map stays as it was.
    /// Before the first fix that means hidden for good (P6).
    private func noteRestricted() {
        if mapView.isHidden {
            session.emit(
                .note(
                    "restricted: the app only prints its line; the map stays hidden, and no fix will come to show it",
                    pitfall: "P6"))
        } else {
            session.emit(
                .note("restricted: the app only prints its line; the map stays shown, and no new fix will move it"))
        }
    }

    // MARK: - CLLocationManagerDelegate

    func locationManager(didChangeAuthorization status: AuthorizationStatus) {
        let shown =
            session.device.privacy.unknownFutureStatus ? "CLAuthorizationStatus(rawValue: 5)" : "." + status.rawValue
        let objcShown =
            session.device.privacy.unknownFutureStatus
            ? "(CLAuthorizationStatus)5" : status.objcName
        trace(
            "locationManager(_:didChangeAuthorization: \(shown))",
            objc: "[mapViewController locationManager:manager didChangeAuthorizationStatus:\(objcShown)]", call: false)
        let accuracy = locationManager.accuracyAuthorization
        log(accuracy == .full ? "Location accuracy is precise." : "Location accuracy is not precise.")
        if session.device.privacy.unknownFutureStatus {
            switch flavor {
            case .swift, .nearby:
                crash(
                    atLine: Self.statusSwitchFatalErrorLine,
                    because:
                        "an unknown CLAuthorizationStatus reached the status switch's `@unknown default: fatalError()`",
                    pitfall: "P11")
            case .objc:
                // The C switch has a case for each known status and no default: an unknown value
                // matches none of them, so nothing more is printed and the app runs on.
                session.emit(
                    .note(
                        "the Objective-C status switch has no case for this status and no default: it prints nothing and the app keeps running",
                        pitfall: "P11"))
            }
            return
        }
        switch flavor {
        case .swift, .nearby:
            switch status {
            case .restricted:
                log("Location access was restricted.")
                noteRestricted()
            case .denied:
                log("User denied access to location.")
                // Display the map using the default location.
                mapView.isHidden = false
                session.trace("mapView.isHidden = false")
            case .notDetermined:
                log("Location status not determined.")
            case .authorizedAlways, .authorizedWhenInUse:
                log("Location status is OK.")
            }
        case .objc:
            // The Objective-C switch has a break only after the restricted case: the others fall
            // through (P7).
            switch status {
            case .restricted:
                log("Location access was restricted.")
                noteRestricted()
            case .denied:
                log("User denied access to location.")
                mapView.isHidden = false
                session.trace("mapView.hidden = NO")
                log("Location status not determined.")
                log("Location status is OK.")
                session.emit(.note("the Objective-C switch falls through: two extra lines", pitfall: "P7"))
            case .notDetermined:
                log("Location status not determined.")
                log("Location status is OK.")
                session.emit(.note("the Objective-C switch falls through: one extra line", pitfall: "P7"))
            case .authorizedAlways, .authorizedWhenInUse:
                log("Location status is OK.")
            }
        }
    }

    func locationManager(didUpdateLocations locations: [LocationFix]) {
        guard let location = locations.last else { return }
        let session = self.session  // read once (see `trace(in:)`)
        // Only the trace prints them all: written out when tracing.
        var described: String { locations.map(\.description).joined(separator: ", ") }
        trace(
            in: session, "locationManager(_:didUpdateLocations: [\(described)])",
            objc: "[mapViewController locationManager:manager didUpdateLocations:@[\(described)]]", call: false)
        if locations.count > 1 {
            session.emit(
                .note(
                    "one didUpdateLocations call brought \(locations.count) locations, oldest first (they waited for the run loop); the app uses locations.last"
                ))
        }
        log(location.description(after: "Location: "), in: session)
        if flavor == .nearby {
            currentLocation = location
            session.trace("currentLocation = locations.last")
        }
        let zoom = locationManager.accuracyAuthorization == .full ? Self.preciseZoom : approximateZoom
        let camera = CameraPosition(target: location.coordinate, zoom: zoom)
        // Only the trace prints it: written out when tracing.
        var cameraText: String {
            let latitude = formatFixed(camera.target.latitude, decimals: 6)
            let longitude = formatFixed(camera.target.longitude, decimals: 6)
            return flavor != .objc
                ? "GMSCameraPosition(latitude: \(latitude), longitude: \(longitude), zoom: \(formatNumber(camera.zoom)))"
                : "[GMSCameraPosition cameraWithLatitude:\(latitude) longitude:\(longitude) zoom:\(formatNumber(camera.zoom))]"
        }
        if mapView.isHidden {
            mapView.isHidden = false
            mapView.setCamera(camera)
            trace("mapView.isHidden = false", objc: "mapView.hidden = NO")
            session.trace("mapView.camera = \(cameraText)")
        } else {
            mapView.animate(to: camera, owner: self)
            trace(
                in: session, "mapView.animate(to: \(cameraText))",
                objc: "[mapView animateToCameraPosition:\(cameraText)]")
        }
        listLikelyPlaces()
    }

    func locationManager(didFailWithError code: LocationErrorCode) {
        trace(
            "locationManager(_:didFailWithError: \(code.errorDescription))",
            objc: "[mapViewController locationManager:manager didFailWithError:\(code.errorDescription)]", call: false)
        trace("locationManager.stopUpdatingLocation()", objc: "[manager stopUpdatingLocation]")
        locationManager.stopUpdatingLocation()
        locationError = code
        switch flavor {
        case .swift, .nearby: log("Error: " + code.errorDescription)
        case .objc: log("Error: " + code.localizedDescription)
        }
        session.emit(
            .note(code.stopNote, pitfall: "P5"))
    }

    // MARK: - Places

    /// A response's places added to `likelyPlaces`. The list was emptied when the request went
    /// out, so usually it takes the response's array whole: the same list as appending, without
    /// a copy of every place (and a reference more to each of its strings).
    private func collect(_ likelihoods: [PlaceLikelihood]) {
        if likelyPlaces.isEmpty {
            likelyPlaces = likelihoods
        } else {
            likelyPlaces.append(contentsOf: likelihoods)
        }
    }

    /// `listLikelyPlaces()`: clears the list, then asks for likely places with the app's fields.
    func listLikelyPlaces() {
        if flavor == .nearby { return searchNearbyPlaces() }
        let session = self.session  // read once (see `trace(in:)`)
        trace(in: session, "listLikelyPlaces()", objc: "[self listLikelyPlaces]")
        if pickerSharesList {
            // The picker keeps the old array as it has grown; the map controller starts a new one.
            pickerArrayAfterSharing = likelyPlaces
            pickerSharesList = false
        }
        likelyPlaces.removeAll()  // Objective-C: a new array; the same thing for the app
        let fields = session.places.requestedFields
        trace(in: session, "likelyPlaces.removeAll()", objc: "likelyPlaces = [NSMutableArray array]")
        trace(
            in: session,
            "placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: \(fields.swiftSyntax), callback:)",
            objc:
                "[placesClient findPlaceLikelihoodsFromCurrentLocationWithPlaceFields:\(fields.objcSyntax) callback:^(…)]"
        )
        let statusAtRequest = locationManager.authorizationStatus
        requestsInFlight += 1
        session.findPlaceLikelihoods(fields: fields, owner: self) { [weak self] response in
            guard let self, self.isRunning else { return }
            self.requestsInFlight -= 1
            switch response {
            case .failure(let code):
                self.trace(
                    "findPlaceLikelihoodsFromCurrentLocation callback: nil, \(code.name) (\(code.rawValue))",
                    objc: "^(likelihoods, error) callback block: nil, \(code.objcName) (\(code.rawValue))",
                    call: false)
            case .success(let list):
                self.trace(
                    "findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × \(list.count), nil",
                    objc: "^(likelihoods, error) callback block: NSArray<GMSPlaceLikelihood *> × \(list.count), nil",
                    call: false)
            }
            switch response {
            case .failure(let code):
                self.lastPlacesResponse = .failed(code)
                self.log("Current Place error: " + code.localizedDescription)
                if code == .locationError && statusAtRequest == .notDetermined {
                    self.session.emit(
                        .note("the request was sent before the permission was answered", pitfall: "P4"))
                }
            case .success(let likelihoods):
                self.lastPlacesResponse = .answered(count: likelihoods.count)
                self.collect(likelihoods)
            }
        }
    }

    /// The nearby app's `listLikelyPlaces()`: clears the list, then, when it has a location,
    /// searches the circle around it with the request's knobs (`nearby`).
    func searchNearbyPlaces() {
        session.trace("listLikelyPlaces()")
        likelyPlaces.removeAll()
        session.trace("likelyPlaces.removeAll()")
        guard let location = currentLocation else {
            session.trace("guard let location = currentLocation else { … return }", call: false)
            log("Nearby search skipped: no location yet.")
            return
        }
        let settings = session.places.nearby
        let latitude = formatFixed(location.coordinate.latitude, decimals: 6)
        let longitude = formatFixed(location.coordinate.longitude, decimals: 6)
        session.trace(
            "request = GMSPlaceSearchNearbyRequest(locationRestriction: GMSPlaceCircularLocationOption(CLLocationCoordinate2D(latitude: \(latitude), longitude: \(longitude)), \(formatNumber(settings.radius))), placeProperties: \(NearbyProperties.swiftSyntax(settings.properties)))"
        )
        session.trace("request.maxResultCount = \(settings.maxResultCount)")
        session.trace("request.rankPreference = .\(settings.rank.rawValue)")
        for (name, types) in [
            ("includedTypes", settings.includedTypes), ("excludedTypes", settings.excludedTypes),
            ("includedPrimaryTypes", settings.includedPrimaryTypes),
            ("excludedPrimaryTypes", settings.excludedPrimaryTypes),
        ] where !types.isEmpty {
            session.trace("request.\(name) = [" + types.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        }
        if let region = settings.regionCode { session.trace("request.regionCode = \"\(region)\"") }
        let call = nearbyCall
        session.trace(call.traceLine)
        requestsInFlight += 1
        session.searchNearby(center: location.coordinate, settings: settings, owner: self) { [weak self] response in
            guard let self, self.isRunning else { return }
            self.requestsInFlight -= 1
            switch response {
            case .failure(let code):
                // The error as the callback gets it: the code, or the server's HTTP status.
                let (error, description) =
                    code.nearbyHTTPStatus.map {
                        (
                            "Error Domain=com.google.HTTPStatus Code=\($0.code) \"\($0.localizedDescription)\"",
                            $0.localizedDescription
                        )
                    } ?? ("\(code.name) (\(code.rawValue))", code.localizedDescription)
                self.session.trace(call.answerLine("nil") + ", " + error, call: false)
                self.lastPlacesResponse = .failed(code)
                self.log("Nearby Search error: " + description)
            case .success(let places):
                self.session.trace(call.answerLine(places: places.count) + ", nil", call: false)
                self.lastPlacesResponse = .answered(count: places.count)
                self.collect(places)
                // The place the user stands in, missed (P14) or outranked (P15): said once a launch.
                if !self.notedPitfalls.isSuperset(of: ["P14", "P15"]), let standing = self.nearbyStanding,
                    let pitfall = standing.pitfall, let cause = standing.cause,
                    self.notedPitfalls.insert(pitfall).inserted
                {
                    self.session.emit(.note(cause + (standing.help.map { " — " + $0 } ?? ""), pitfall: pitfall))
                }
            }
        }
    }

    // MARK: - Navigation

    /// "Get Place": the segue hands the picker the list as it is now (Swift: a copy; Objective-C:
    /// the same array object, whose rows the table loads once, in its viewDidLoad).
    func showPicker() {
        // The storyboard's "Get Place" bar button is wired to the segue: no line of the map
        // controller performs it; UIKit calls its prepare on the way.
        session.trace("storyboard: the \"Get Place\" button performs segue \"segueToSelect\"", call: false)
        trace(
            "prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (\(likelyPlaces.count), a copy)",
            objc:
                "[mapViewController prepareForSegue:segue sender:sender]: placesViewController.likelyPlaces = likelyPlaces (\(likelyPlaces.count), the same NSMutableArray)",
            call: false
        )
        trace("PlacesViewController.viewDidLoad()", objc: "[placesViewController viewDidLoad]", call: false)
        pickerPlaces = likelyPlaces
        pickerSharesList = flavor == .objc
        pickerArrayAfterSharing = nil
        screen = .picker
    }

    /// The Objective-C picker holds the map controller's `NSMutableArray` itself (a strong
    /// property set in prepareForSegue): until listLikelyPlaces() makes a new array, a places
    /// answer appends to the picker's array too, though its table shows only the rows it loaded.
    public internal(set) var pickerSharesList = false
    /// The Objective-C picker's array once the map controller has moved on to a new one.
    var pickerArrayAfterSharing: [PlaceLikelihood]?

    /// The picker is gone: its rows and the array it held.
    private func closePicker() {
        pickerPlaces = nil
        pickerSharesList = false
        pickerArrayAfterSharing = nil
    }

    /// The array the picker holds: what its table loaded (Swift: its own copy), or the
    /// Objective-C picker's shared `NSMutableArray`, which may have grown since; nil when closed.
    public var pickerArray: [PlaceLikelihood]? {
        guard let loaded = pickerPlaces else { return nil }
        if pickerSharesList { return likelyPlaces }
        return pickerArrayAfterSharing ?? loaded
    }

    /// How many of the picker's rows a finger can reach: all when the table scrolls, else the
    /// first screen (each row a fifth of the table's height).
    public var reachablePickerRows: Int {
        let count = pickerPlaces?.count ?? 0
        return session.device.pickerScrolls ? count : min(count, SimulationChoices.pickerRowsPerScreen)
    }

    /// The text of each picker row (Objective-C never sets the cell's text: P8).
    public var pickerRows: [String] { (pickerPlaces ?? []).map(rowText) }

    private func rowText(_ row: PlaceLikelihood) -> String { flavor != .objc ? (row.place.name ?? "") : "" }

    /// A row was tapped: the selection goes back to the map (Swift), the map is cleared and a
    /// marker added, then a new request is made.
    func selectRow(_ index: Int) {
        guard let rows = pickerPlaces, rows.indices.contains(index), index < reachablePickerRows else { return }
        trace(
            "tableView(_:didSelectRowAt: [0, \(index)])",
            objc:
                "[placesViewController tableView:tableView didSelectRowAtIndexPath:[NSIndexPath indexPathForRow:\(index) inSection:0]]",
            call: false)
        trace(
            "selectedPlace = likelyPlaces[\(index)]",
            objc: "self.selectedPlace = [self.likelyPlaces objectAtIndex:\(index)]")
        trace(
            "performSegue(withIdentifier: \"unwindToMain\", sender:)",
            objc: "[self performSegueWithIdentifier:@\"unwindToMain\" sender:self]")
        // The picker's prepare hands the choice to the map controller; the Objective-C one is
        // empty (P8).
        if flavor != .objc {
            session.trace("prepare(for:sender:): mapViewController.selectedPlace = selectedPlace", call: false)
        }
        if flavor == .objc {
            session.trace(
                "[placesViewController prepareForSegue:segue sender:self] (empty: the map's selectedPlace stays nil, P8)",
                call: false)
        }
        _rowsTapped += 1
        _lastRowTapped = (index, rowText(rows[index]))
        if flavor != .objc { selectedPlace = rows[index].place }
        closePicker()
        screen = .map
        unwindToMain()
    }

    /// Back without a choice: no unwind action runs.
    func goBack() {
        trace(
            "navigationController.popViewController(animated: true) (no unwind action)",
            objc: "[self.navigationController popViewControllerAnimated:YES] (no unwind action)")
        closePicker()
        screen = .map
    }

    /// `unwindToMain(segue:)`.
    private func unwindToMain() {
        trace("unwindToMain(segue:)", objc: "[mapViewController unwindToMain:segue]", call: false)
        mapView.clear()
        trace("mapView.clear()", objc: "[mapView clear]")
        if let place = selectedPlace {
            let marker = Marker(position: place.coordinate, title: place.name, snippet: place.formattedAddress)
            mapView.add(marker)
            let latitude = formatFixed(place.coordinate.latitude, decimals: 6)
            let longitude = formatFixed(place.coordinate.longitude, decimals: 6)
            trace(
                "marker = GMSMarker(position: CLLocationCoordinate2D(latitude: \(latitude), longitude: \(longitude)))",
                objc: "marker = [GMSMarker markerWithPosition:CLLocationCoordinate2DMake(\(latitude), \(longitude))]")
            session.trace("marker.title = " + literal(place.name))
            session.trace("marker.snippet = " + literal(place.formattedAddress))
            session.trace("marker.map = mapView")
            if marker.snippet == nil {
                let nearby = flavor == .nearby
                let properties = session.places.nearby.properties
                let fields = nearby ? NearbyProperties.fields(properties) : session.places.requestedFields
                let text =
                    fields.contains("formattedAddress")
                    ? "the marker has no snippet: this place came from a request made before formattedAddress was added; the next list carries it"
                    : nearby
                        ? "the marker has no snippet: formattedAddress is not among the requested place properties "
                            + NearbyProperties.swiftSyntax(properties) + "; try 'nearby fields +formattedAddress'"
                        : "the marker has no snippet: formattedAddress is not among the requested fields "
                            + fields.swiftSyntax + "; try 'fields +formattedAddress'"
                session.emit(.note(text, pitfall: "P1"))
            }
            if !place.coordinate.isValid {
                session.emit(
                    .note(
                        "the marker stands at kCLLocationCoordinate2DInvalid: coordinate was not requested",
                        pitfall: "P10"))
            }
        } else if flavor == .objc {
            session.emit(
                .note("the Objective-C picker never passes the selection back: no marker", pitfall: "P8"))
        }
        listLikelyPlaces()
    }

    /// The my-location button: the camera moves to the device, zoom unchanged.
    func tapMyLocationButton() -> Bool {
        guard mapView.isMyLocationEnabled, locationManager.authorizationStatus.isAuthorized,
            let position = session.device.position
        else { return false }
        var target = position.coordinate
        if locationManager.accuracyAuthorization == .reduced {
            target =
                LocationManager.coarsened(
                    LocationFix(coordinate: target, horizontalAccuracy: 0, speed: -1, course: -1, timestamp: 0)
                ).coordinate
        }
        let camera = mapView.camera
        mapView.animate(
            to: CameraPosition(
                target: target, zoom: camera.zoom, bearing: camera.bearing, viewingAngle: camera.viewingAngle),
            owner: self)
        return true
    }

    // MARK: - Lifecycle

    /// The line of `MapViewController.swift` holding the status switch's
    /// `@unknown default: fatalError()`, counted in the tutorial's listing of the file.
    public static let statusSwitchFatalErrorLine = 155
    /// The Swift app's module, as the storyboard names it (`customModule`).
    public static let swiftModuleName = "current_place_on_map"

    /// A `fatalError()` with no message: the Swift runtime prints `FILE-ID:LINE: Fatal error`
    /// (the file as `#fileID`, module/file) and the process ends. The line enters the log as the
    /// console shows it; placeshell's explanation follows as a note.
    private func crash(atLine line: Int, because reason: String, pitfall: String) {
        let runtimeLine = "\(Self.swiftModuleName)/MapViewController.swift:\(line): Fatal error"
        crashMessage = runtimeLine
        session.console(runtimeLine)
        session.emit(
            Event(
                "crash", text: "note: the app crashed: \(reason) (\(pitfall))",
                fields: [
                    Value.Field("message", .string(runtimeLine)), Value.Field("reason", .string(reason)),
                    Value.Field("pitfall", .string(pitfall)),
                ]))
        terminate(reason: .crash)
    }

    /// The app leaves the foreground. The tutorial implements no app or scene delegate method
    /// for it: only Core Location notices (it stops delivering). An Allow Once permission ends
    /// if the app stays away (`SimulationChoices.allowOnceBackgroundLimit`).
    func enterBackground() {
        guard isRunning, !isInBackground else { return }
        isInBackground = true
        locationManager.suspend()
        if session.device.privacy.allowedOnce {
            scheduleAllowOnceExpiry(after: SimulationChoices.allowOnceBackgroundLimit)
        }
    }

    /// The timer that ends Allow Once; only the passing of time reaches it (`wait`).
    func scheduleAllowOnceExpiry(after delay: Double) {
        allowOnceExpiry = session.schedule(after: delay, "Allow Once ends", onlyWhenDue: true) { [weak self] in
            guard let self, self.isRunning, self.isInBackground else { return }
            self.allowOnceExpiry = nil
            guard self.session.device.privacy.allowedOnce else { return }
            self.session.device.privacy.allowedOnce = false
            self.session.emit(
                .note(
                    "Allow Once ended: the app has been in the background for \(formatNumber(SimulationChoices.allowOnceBackgroundLimit)) s; the status is notDetermined again and the app hears of it when it comes back; the tutorial asks for permission only in viewDidLoad, so no alert comes until the next launch"
                ))
        }
    }

    /// The app is back in the foreground (the session then releases what waited).
    func enterForeground() {
        guard isInBackground else { return }
        isInBackground = false
        if let allowOnceExpiry { session.cancel(allowOnceExpiry) }
        allowOnceExpiry = nil
    }

    func terminate(reason: AppEnd) {
        guard isRunning else { return }
        isRunning = false
        isInBackground = false
        if let allowOnceExpiry { session.cancel(allowOnceExpiry) }
        allowOnceExpiry = nil
        screen = .map
        closePicker()
        locationManager.stopUpdatingLocation()
        session.appDidEnd(self)
    }
}
