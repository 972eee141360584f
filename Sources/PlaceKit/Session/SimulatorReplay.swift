import PlaceFormats
import PlaceStorage

/// What of a session a real Simulator can be brought to: the device's location, the app's
/// permission and its Settings entry, the app's process and screen, and the faults set. Taken
/// after each command; what changed since the last one becomes the steps `export simctl`
/// writes (`SimulatorAction`).
public struct SimulatorState: Equatable, Sendable {
    /// Virtual time, in seconds.
    public var clock: Double
    public var position: GeoPoint?
    /// The route being followed or last followed (compared by identity), whether it still runs,
    /// and whether `route stop` or a new position ended it.
    var route: ObjectIdentifier?
    public internal(set) var routeRunning: Bool
    var routeStopped: Bool
    var privacy: PrivacySettings
    var alertOpen: Bool
    var servicesAlertOpen: Bool
    /// The running app (compared by identity: a launch makes a new one).
    var app: ObjectIdentifier?
    var background: Bool
    var screen: AppScreen?
    /// How many times a row of the picker was tapped in that app (the place chosen may be the
    /// one chosen before, or none at all in the Objective-C build).
    var rowsTapped: Int
    /// The faults as set: the network, the key, the armed error, the rate limit's figure.
    var faults: Faults
    /// How many times the app's Info.plist and its code (what it requests, against which SDK)
    /// were changed: built in at the next launch (`SimulatorBuild`).
    var plistVersion: Int
    var codeVersion: Int
    /// The Places APIs the key's Cloud project has: changed by hand in the Cloud console.
    var project: CloudProject
    /// The fixed position's accuracy (metres), which a Simulator's `set` does not carry.
    var accuracy: Double?
    var timesInBackground: Int
    var locationErrorsSent: Int
    /// The marker whose info window is open.
    var selectedMarker: Int?
    /// The flavour of the last app that ran.
    var flavor: AppFlavor?

    public init(_ session: Session) {
        // Taken after every command that acts: each object is read once.
        clock = session.clock
        let device = session.device
        let fix = device.position
        position = fix?.coordinate
        accuracy = fix?.horizontalAccuracy
        let player = session.route
        route = player.map(ObjectIdentifier.init)
        routeRunning = player.map { !$0.isFinished } ?? false
        routeStopped = player?.stoppedMicros != nil
        privacy = device.privacy
        alertOpen = device.promptOpen
        servicesAlertOpen = device.servicesAlertOpen
        plistVersion = device.infoPlistChanges
        if let app = session.app {
            self.app = ObjectIdentifier(app)
            background = app.isInBackground
            screen = app.screen
            rowsTapped = app.rowsTapped
            selectedMarker = app.mapView.selectedMarker
            flavor = app.flavor
        } else {
            app = nil
            background = false
            screen = nil
            rowsTapped = 0
            selectedMarker = nil
            flavor = session.lastApp?.flavor
        }
        faults = Faults(session.places.faults)
        codeVersion = session.places.codeChanges
        project = session.places.project
        timesInBackground = session.timesInBackground
        locationErrorsSent = session.locationErrorsSent
    }

    /// What of the app's code the session changes: the fields it requests, the Nearby Search
    /// request it builds, the SDK it is built against.
    public struct AppCode: Equatable, Sendable {
        var fields: PlaceFields
        var nearby: NearbySettings
        var sdk: SDKVersion

        /// The tutorial's.
        static let tutorial = AppCode(fields: .tutorial, nearby: NearbySettings(), sdk: PlacesSDK.pinned)

        /// What to change in `old`'s code to make it this one.
        func changes(from old: AppCode) -> [String] {
            var out: [String] = []
            if fields != old.fields { out.append("request the place fields \(fields.swiftSyntax)") }
            let n = nearby
            if n != old.nearby {
                var parts = [
                    "radius \(formatNumber(n.radius)) m", "rankPreference \(n.rank.rawValue)",
                    "maxResultCount \(n.maxResultCount)",
                ]
                for (name, list) in [
                    ("includedTypes", n.includedTypes), ("excludedTypes", n.excludedTypes),
                    ("includedPrimaryTypes", n.includedPrimaryTypes), ("excludedPrimaryTypes", n.excludedPrimaryTypes),
                ] where !list.isEmpty {
                    parts.append(name + " [" + list.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
                }
                if let region = n.regionCode { parts.append("regionCode \"\(region)\"") }
                parts.append("placeProperties " + NearbyProperties.swiftSyntax(n.properties))
                if n.call != .sdk { parts.append("searchNearby called with its '\(n.call.rawValue):' closure") }
                out.append("build the Nearby Search request with " + parts.joined(separator: ", "))
            }
            if sdk != old.sdk {
                out.append("build against GooglePlaces \(sdk) (the Podfile's pin or the package's version)")
            }
            return out
        }
    }

    /// The faults as a Simulator could have them: what is set, not what a rate limit counted.
    struct Faults: Equatable, Sendable {
        var network: Bool
        var apiKey: APIKeyState
        var injected: InjectedPlacesFault?
        var perMinute: Int?

        init(_ f: PlacesFaults) {
            network = f.networkOnline
            apiKey = f.apiKey
            injected = f.injected
            perMinute = f.rateLimit?.perMinute
        }

        /// As `PlacesFaults`, for `PlacesFault.onDevice`.
        var asFaults: PlacesFaults {
            var f = PlacesFaults()
            f.networkOnline = network
            f.apiKey = apiKey
            f.injected = injected
            f.rateLimit = perMinute.map { PlacesRateLimit(perMinute: $0) }
            return f
        }
    }

    /// A Simulator as `export simctl` leaves it before the first step: no simulated location,
    /// the app's permission not asked, the app not running, nothing failing.
    public static func blank(_ session: Session) -> SimulatorState {
        var state = SimulatorState(session)
        state.position = nil
        state.route = nil
        state.routeRunning = false
        state.routeStopped = false
        state.privacy = PrivacySettings()
        state.alertOpen = false
        state.servicesAlertOpen = false
        state.app = nil
        state.background = false
        state.screen = nil
        state.rowsTapped = 0
        state.faults = Faults(PlacesFaults())
        state.plistVersion = -1
        state.codeVersion = -1
        state.project = CloudProject()
        state.accuracy = nil
        state.selectedMarker = nil
        state.flavor = nil
        return state
    }
}

/// What the Simulator's app is built with: the Info.plist and the code, changed in Xcode and
/// built in at a launch (placeshell's own Info.plist counts from the next launch too).
public struct SimulatorBuild: Equatable, Sendable {
    var plist: InfoPlist
    var code: SimulatorState.AppCode

    /// The tutorial's: what a Simulator has before the first step.
    public static let tutorial = SimulatorBuild(plist: .tutorial, code: .tutorial)

    init(plist: InfoPlist, code: SimulatorState.AppCode) {
        self.plist = plist
        self.code = code
    }

    /// The session's now.
    public init(_ session: Session) {
        plist = session.device.infoPlist
        code = SimulatorState.AppCode(
            fields: session.places.requestedFields, nearby: session.places.nearby, sdk: session.places.sdk)
    }

    /// What of `self` is not in `built` (an Info.plist line each, then the code's).
    public func changes(from built: SimulatorBuild) -> [String] {
        plist.changes(from: built.plist).map { "Info.plist: " + $0 } + code.changes(from: built.code)
    }
}

/// One thing to do to a real Simulator so that it follows a session. A journal keeps one for
/// every step of a session: the rare large cases are boxed, so that each takes a String's size.
public enum SimulatorAction: Equatable, Sendable {
    /// `xcrun simctl location DEVICE set LAT,LNG`.
    case setLocation(GeoPoint)
    /// `xcrun simctl location DEVICE clear`: no simulated location (the Simulator's None).
    case clearLocation
    /// `xcrun simctl location DEVICE start --speed=… --interval=…|--distance=… WAYPOINTS`. A
    /// route whose times vary its pace (a GPX file's) is given its average speed, and `varies`.
    indirect case startRoute(name: String, waypoints: [GeoPoint], speed: Double, spacing: Route.Spacing, varies: Bool)
    /// `xcrun simctl location DEVICE run SCENARIO`, for one of the shell's own routes, in the
    /// spirit of that scenario; `ours` is the route the session followed.
    case runScenario(BuiltinRoute)
    /// `xcrun simctl privacy DEVICE ACTION SERVICE BUNDLE`.
    indirect case privacy(action: String, service: String, why: String)
    /// `xcrun simctl launch DEVICE BUNDLE`.
    case launch
    /// `xcrun simctl terminate DEVICE BUNDLE`.
    case terminate
    /// Something a person does at the Simulator or in Xcode: no simctl command does it.
    case byHand(String)
    /// Something that happens by itself, said for the reader.
    case note(String)

    /// The arguments after `xcrun simctl`, or nil for a step done by hand or a note.
    public func arguments(device: String, bundle: String) -> [String]? {
        switch self {
        case .setLocation(let p): return ["location", device, "set", SimulatorAction.pair(p)]
        case .clearLocation: return ["location", device, "clear"]
        case .startRoute(_, let points, let speed, let spacing, _):
            var words = ["location", device, "start", "--speed=" + SimulatorAction.decimal(speed, 3)]
            switch spacing {
            case .interval(let s): words.append("--interval=" + SimulatorAction.decimal(s, 3))
            case .distance(let m): words.append("--distance=" + SimulatorAction.decimal(m, 3))
            }
            return words + points.map(SimulatorAction.pair)
        case .runScenario(let builtin): return ["location", device, "run", builtin.simulatorScenario]
        case .privacy(let action, let service, _): return ["privacy", device, action, service, bundle]
        case .launch: return ["launch", device, bundle]
        case .terminate: return ["terminate", device, bundle]
        case .byHand, .note: return nil
        }
    }

    /// `LAT,LNG` as simctl reads a waypoint: plain decimals to the centimetre (7 places), no
    /// exponent.
    public static func pair(_ p: GeoPoint) -> String { decimal(p.latitude, 7) + "," + decimal(p.longitude, 7) }

    /// `x` with at most `places` decimals, trailing zeros left out, never an exponent.
    public static func decimal(_ x: Double, _ places: Int) -> String { formatTrimmed(x, decimals: places) }
}

extension SimulatorState {
    /// The steps that take a Simulator from `old` to `self`, in the order they are done: the
    /// app's end, Settings, the location, the app's launch, the alert's answer, taps, faults.
    /// `session` is the session `self` was taken from (for the route that started).
    public func actions(since old: SimulatorState, session: Session, build: inout SimulatorBuild) -> [SimulatorAction] {
        var steps: [SimulatorAction] = []
        appendActions(since: old, session: session, build: &build, to: &steps)
        return steps
    }

    /// `actions(since:session:)`, appended to `steps` (a journal's one array: no array a command).
    /// `build`: what the Simulator's app was last built with, brought up to date at a launch.
    public func appendActions(
        since old: SimulatorState, session: Session, build: inout SimulatorBuild, to steps: inout [SimulatorAction]
    ) {
        // The app's process ends (it stops, or another launch ends it).
        if old.app != nil && old.app != app {
            if app == nil, let crash = session.lastApp?.crashMessage {
                if privacy.unknownFutureStatus {
                    // No iOS reports that status, so the Simulator's app runs on: it is ended.
                    steps.append(.terminate)
                } else {
                    steps.append(.note("the app crashes here (\(crash)); a real build does the same, nothing to do"))
                }
            } else {
                steps.append(.terminate)
            }
        }
        settingsSteps(since: old, to: &steps)
        locationSteps(since: old, session: session, to: &steps)
        // What is built in Xcode is installed before the app starts.
        if launching(since: old) {
            if let flavor, flavor != old.flavor && (old.flavor != nil || flavor != .swift) {
                steps.append(
                    .byHand(
                        "the \(flavor.title) build of the app (\(flavor.rawValue)): "
                            + SimulatorState.buildAndInstall(false)))
            }
            func rebuilt(_ what: String, _ changes: [String]) {
                guard !changes.isEmpty else { return }
                steps.append(
                    .byHand(
                        what + ": " + changes.joined(separator: "; ") + "; then "
                            + SimulatorState.buildAndInstall(false)))
            }
            let now = SimulatorBuild(session)
            if now.plist != build.plist {
                rebuilt("edit the app's Info.plist in Xcode", now.plist.changes(from: build.plist))
            }
            if now.code != build.code { rebuilt("change the app's code", now.code.changes(from: build.code)) }
            build = now
            steps.append(.launch)
            if servicesOffAfterLaunch(since: old) {
                steps.append(.byHand("Settings ▸ Privacy & Security ▸ Location Services: off"))
            }
            if old.app == nil { resumedSteps(session: session, to: &steps) }
        }
        if let answer = alertAnswer(since: old, reducedByDefault: build.plist.defaultAccuracyReduced == true) {
            steps.append(.byHand(answer))
        }
        if app != nil && old.app == app {
            let home = SimulatorState.home
            let icon = "tap its icon, \(InfoPlist.tutorialDisplayName), on the Home Screen"
            if background != old.background {
                steps.append(
                    .byHand(
                        background ? "send the app to the background: \(home)" : "bring the app back: \(icon)"))
            } else if timesInBackground > old.timesInBackground && !background {
                let away = formatNumber(((clock - old.clock) * 10).rounded() / 10)
                steps.append(
                    .byHand(
                        "send the app to the background (\(home)) and, \(away) s later, bring it back: \(icon)"))
            }
            tapSteps(since: old, session: session, to: &steps)
        }
        if locationErrorsSent > old.locationErrorsSent, let code = session.lastLocationErrorSent {
            steps.append(.byHand(SimulatorState.byHand(code)))
        }
        if faults != old.faults {
            for fault in PlacesFault.all {
                let now = fault.onDevice(faults.asFaults)
                if now != fault.onDevice(old.faults.asFaults) { steps.append(.byHand(now)) }
            }
        }
        if project != old.project {
            let p = project
            let q = old.project
            for (on, was, name) in [
                (p.legacy, q.legacy, "Places API (Legacy)"), (p.newAPI, q.newAPI, "Places API (New)"),
                (p.maps, q.maps, "Maps SDK for iOS"),
            ] where on != was {
                // Since 2025 a project that never had the legacy API cannot enable it.
                let legacy =
                    on && name.contains("Legacy") ? " (only a project that had it can: use such a project's key)" : ""
                steps.append(
                    .byHand(
                        "in the Google Cloud console, \(on ? "enable" : "disable") \(name) for the API key's project (APIs & Services ▸ Library)\(legacy)"
                    ))
            }
        }
    }

    /// Location Services goes off after the app starts: a loaded session's app that runs with
    /// it off and no alert about it.
    private func servicesOffAfterLaunch(since old: SimulatorState) -> Bool {
        !privacy.servicesEnabled && old.privacy.servicesEnabled && old.app == nil && app != nil && !servicesAlertOpen
    }

    /// The app starts between `old` and this state (a launch, or a launch that ends the one before).
    func launching(since old: SimulatorState) -> Bool { app != nil && old.app != app }

    /// The end of a step changed in Xcode: built, not run (running it would start the app, with
    /// its alert and its requests), and installed.
    static func buildAndInstall(_ running: Bool) -> String {
        "build it (Product ▸ Build, ⌘B: not Run) and install it without starting it: 'xcrun simctl install' with the device and the .app Xcode built (Products in the build folder)"
            + (running ? "; installing ends the running app: start it again with 'xcrun simctl launch'" : "")
    }

    /// The Simulator's Home button.
    static let home = "Device ▸ Home (⇧⌘H)"

    /// The tap that opens marker `index`'s info window.
    static func markerTap(_ index: Int?, _ map: MapView) -> SimulatorAction? {
        guard let index, map.markers.indices.contains(index) else { return nil }
        let title = map.markers[index].title ?? "marker \(index + 1)"
        return .byHand("tap the marker \"\(title)\" on the map: its info window opens")
    }

    /// After a launch from a Simulator where the app was not running, the steps that bring the
    /// app where the session has it (a loaded session's app may be further than a new launch).
    private func resumedSteps(session: Session, to steps: inout [SimulatorAction]) {
        guard let app = session.app else { return }
        // Allow Once has no Settings entry: the alert of the launch is answered.
        if privacy.allowedOnce && !alertOpen { steps.append(.byHand("in the permission alert, tap \"Allow Once\"")) }
        if let place = app.selectedPlace {
            steps.append(
                .byHand(
                    "tap \"Get Place\", then \"\(place.name ?? "the place")\" in the list: the place the session had chosen"
                ))
        }
        // The map's marker before the list that covers it.
        if let tap = SimulatorState.markerTap(selectedMarker, app.mapView) { steps.append(tap) }
        if screen == .picker { steps.append(.byHand("tap \"Get Place\"")) }
        if background { steps.append(.byHand("send the app to the background: \(SimulatorState.home)")) }
    }

    /// What to do for a location error sent to the app, where the Simulator has a way.
    static func byHand(_ code: LocationErrorCode) -> String {
        switch code {
        case .locationUnknown:
            return
                "make Core Location fail with kCLErrorLocationUnknown: Features ▸ Location ▸ None in the Simulator comes closest ('xcrun simctl location booted clear')"
        case .denied:
            return
                "make Core Location fail with kCLErrorDenied: the Simulator has no control for the error alone; turning Location Services off sends it with a status change"
        case .network:
            return "make Core Location fail with kCLErrorNetwork: the Simulator has no control for it"
        }
    }

    /// The Settings entry and the switches, changed in Settings (an answer to the alert is
    /// `alertAnswer`'s).
    private func settingsSteps(since old: SimulatorState, to steps: inout [SimulatorAction]) {
        let p = privacy
        let q = old.privacy
        let answered = alertAnswer(since: old, reducedByDefault: false) != nil
        // Location Services on comes first: the app's own page is out of reach while it is off.
        func servicesStep() -> SimulatorAction {
            .byHand("Settings ▸ Privacy & Security ▸ Location Services: \(p.servicesEnabled ? "on" : "off")")
        }
        if p.servicesEnabled && !q.servicesEnabled { steps.append(servicesStep()) }
        let entryChanged =
            p.permission != q.permission || p.provisionalAlways != q.provisionalAlways
            || (p.allowedOnce && !q.allowedOnce)
        if entryChanged && !answered {
            let running = app != nil ? "; simctl's help warns that some permission changes end the running app" : ""
            switch p.permission {
            case .whileUsing where p.provisionalAlways:
                steps.append(
                    .privacy(action: "grant", service: "location-always", why: "Always (provisional)" + running))
            case .whileUsing:
                steps.append(.privacy(action: "grant", service: "location", why: "While Using the App" + running))
            case .always:
                steps.append(.privacy(action: "grant", service: "location-always", why: "Always" + running))
            case .never:
                steps.append(.privacy(action: "revoke", service: "location", why: "Never" + running))
            case .askNextTime:
                steps.append(.privacy(action: "reset", service: "location", why: "Ask Next Time" + running))
            }
        }
        if p.precise != q.precise && !answered {
            steps.append(
                .byHand(
                    "Settings ▸ Privacy & Security ▸ Location Services ▸ \(InfoPlist.tutorialDisplayName) ▸ Precise Location: \(p.precise ? "on" : "off")"
                ))
        }
        if !p.servicesEnabled && q.servicesEnabled {
            // Off before a launch, the launch would ask to turn it on; an app that started
            // without that alert had it turned off after (`servicesOffAfterLaunch`).
            if !servicesOffAfterLaunch(since: old) { steps.append(servicesStep()) }
        } else if p.servicesEnabled == q.servicesEnabled,
            old.servicesAlertOpen && !servicesAlertOpen && app == old.app && !background
        {
            steps.append(.byHand("tap Cancel in the \"Turn On Location Services\" alert"))
        }
        if p.restricted != q.restricted {
            steps.append(
                .byHand(
                    p.restricted
                        ? "restrict the app's location (status restricted): Settings ▸ Screen Time ▸ Content & Privacy Restrictions ▸ Location Services, or a management profile; simctl has no command for it"
                        : "lift the Screen Time restriction on location"))
        }
        if p.unknownFutureStatus && !q.unknownFutureStatus {
            steps.append(
                .note(
                    "the status the app does not know ('auth unknown') is one no iOS reports: no Simulator sends it (the app's crash on it, with the tutorial's code, is a terminate here)"
                ))
        }
    }

    /// The button pressed in the permission alert, when the alert was answered.
    /// `reducedByDefault`: the Info.plist asks for reduced accuracy, and the alert has no switch.
    private func alertAnswer(since old: SimulatorState, reducedByDefault: Bool) -> String? {
        let p = privacy
        let q = old.privacy
        guard old.alertOpen, !alertOpen, app == old.app,
            p.permission != q.permission || p.allowedOnce != q.allowedOnce
        else { return nil }
        let button: String
        if p.allowedOnce {
            button = "Allow Once"
        } else {
            switch p.permission {
            case .never: button = "Don't Allow"
            case .always: button = "Allow While Using App (Always is offered later, in Settings)"
            default: button = "Allow While Using App"
            }
        }
        // With NSLocationDefaultAccuracyReduced the alert has no Precise switch.
        let precise =
            p.precise != q.precise && !reducedByDefault
            ? "turn Precise off at the alert's top left, then " : ""
        return "in the permission alert, \(precise)tap \"\(button)\""
    }

    private func locationSteps(since old: SimulatorState, session: Session, to steps: inout [SimulatorAction]) {
        if route != old.route, routeRunning, let player = session.route {
            let r = player.route
            if r.source == "built-in", let builtin = BuiltinRoute(rawValue: r.name) {
                steps.append(.runScenario(builtin))
                return
            }
            var points: [GeoPoint] = []
            for w in r.waypoints where SimulatorAction.pair(w.coordinate) != points.last.map(SimulatorAction.pair) {
                points.append(w.coordinate)
            }
            let duration = r.waypoints.last?.time ?? 0
            var speed = r.speed ?? (duration > 0 ? r.length / duration : SimulationChoices.routeSpeed)
            speed = max(0.001, (speed * 1000).rounded() / 1000)
            steps.append(
                .startRoute(name: r.name, waypoints: points, speed: speed, spacing: r.spacing, varies: r.speed == nil))
            return
        }
        // A route moves the device by itself; one that ends on its own leaves it where it ends.
        if routeRunning && route == old.route { return }
        if old.routeRunning && route == old.route && !routeStopped { return }
        let stopped = old.routeRunning && !routeRunning
        guard position != old.position || stopped else { return }
        guard let position else { return steps.append(.clearLocation) }
        steps.append(.setLocation(position))
        if let accuracy, accuracy != SimulationChoices.defaultHorizontalAccuracy {
            steps.append(
                .note(
                    "the session's fix is accurate to \(formatNumber(accuracy)) m; the Simulator's to \(formatNumber(SimulationChoices.defaultHorizontalAccuracy)) m, whatever 'set' is given"
                ))
        }
    }

    private func tapSteps(since old: SimulatorState, session: Session, to steps: inout [SimulatorAction]) {
        guard screen != old.screen else {
            if selectedMarker != old.selectedMarker, let map = session.app?.mapView,
                let tap = SimulatorState.markerTap(selectedMarker, map)
            {
                steps.append(tap)
            }
            return
        }
        if screen == .picker { return steps.append(.byHand("tap \"Get Place\"")) }
        if rowsTapped != old.rowsTapped, let row = session.app?.lastRowTapped {
            let which = row.text.isEmpty ? "row \(row.index + 1) (a blank row in this build)" : "\"\(row.text)\""
            return steps.append(.byHand("tap \(which) in the list"))
        }
        steps.append(.byHand("tap \"Back\""))
    }
}
