import PlaceFormats
import PlaceStorage

/// A location as `CLLocation` holds it.
public struct LocationFix: Sendable, Equatable {
    public var coordinate: GeoPoint
    public var horizontalAccuracy: Double
    public var speed: Double
    public var course: Double
    /// Virtual seconds since the session began.
    public var timestamp: Double

    /// `CLLocation.description`: `<+37.78583400,-122.40641700> +/- 5.00m (speed -1.00 mps /
    /// course -1.00) @ 6/1/24, 9:00:01 AM Coordinated Universal Time`.
    public var description: String { description(after: "") }

    /// `prefix` and the description, made into one String (the app's `Location: ` line).
    func description(after prefix: StaticString) -> String {
        // Written byte by byte and made into a String once: a fix is described at every
        // update. At most 4 numbers of 26 bytes, 2 signs, 35 bytes of words and a date of 50.
        TextWriter.string(capacity: 256 + prefix.utf8CodeUnitCount) { text in
            text.append(prefix)
            text.append("<")
            text.appendSignedFixed(coordinate.latitude, decimals: 8)
            text.append(",")
            text.appendSignedFixed(coordinate.longitude, decimals: 8)
            text.append("> +/- ")
            text.appendFixed(horizontalAccuracy, decimals: 2)
            text.append("m (speed ")
            text.appendFixed(speed < 0 ? -1 : speed, decimals: 2)
            text.append(" mps / course ")
            text.appendFixed(course < 0 ? -1 : course, decimals: 2)
            text.append(") @ ")
            VirtualDate(clock: timestamp).writeLocaleDescription(to: &text)
        }
    }
}

/// `CLError.Code` values the simulation produces.
public enum LocationErrorCode: Int, Sendable, CaseIterable {
    case locationUnknown = 0
    case denied = 1
    case network = 2

    public var name: String {
        switch self {
        case .locationUnknown: return "locationUnknown"
        case .denied: return "denied"
        case .network: return "network"
        }
    }

    /// `"\(error)"` of the NSError: `Error Domain=kCLErrorDomain Code=1 "(null)"`.
    public var errorDescription: String { "Error Domain=kCLErrorDomain Code=\(rawValue) \"(null)\"" }
    /// `localizedDescription`.
    public var localizedDescription: String {
        "The operation couldn’t be completed. (kCLErrorDomain error \(rawValue).)"
    }
}

/// What the location manager tells its delegate (the app).
protocol LocationManagerDelegate: AnyObject {
    func locationManager(didChangeAuthorization status: AuthorizationStatus)
    func locationManager(didUpdateLocations locations: [LocationFix])
    func locationManager(didFailWithError code: LocationErrorCode)
}

/// `CLLocationManager`: authorization, the prompt, updates filtered by distance, callbacks as
/// run-loop events. One per app launch.
///
/// Its public state is read through computed properties over storage of its own module's, so
/// that the optimizer can leave out the run-time exclusivity check (see `Session`).
public final class LocationManager {
    unowned let session: Session
    weak var delegate: LocationManagerDelegate?
    /// `desiredAccuracy` (kCLLocationAccuracyBest = -1).
    public internal(set) var desiredAccuracy: Double {
        get { _desiredAccuracy }
        set { _desiredAccuracy = newValue }
    }
    var _desiredAccuracy: Double = -1.0
    /// `distanceFilter` in metres (kCLDistanceFilterNone = -1).
    public internal(set) var distanceFilter: Double {
        get { _distanceFilter }
        set { _distanceFilter = newValue }
    }
    var _distanceFilter: Double = -1.0
    /// `startUpdatingLocation()` was called and `stopUpdatingLocation()` was not.
    public internal(set) var isUpdating: Bool {
        get { _isUpdating }
        set { _isUpdating = newValue }
    }
    var _isUpdating: Bool = false
    /// The last location delivered to the delegate.
    public internal(set) var lastDelivered: LocationFix? {
        get { _lastDelivered }
        set { _lastDelivered = newValue }
    }
    var _lastDelivered: LocationFix?
    /// The status the delegate was last told about.
    var reportedStatus: AuthorizationStatus?
    var reportedUnknown = false
    var pendingSample: Int?
    /// The pending sample is the reduced-accuracy rate limit's timer.
    var pendingSampleIsTimer = false
    /// The pending delivery reads the device's position as it runs (not only queued readings).
    var pendingSampleReadsPosition = false
    /// A reduced-accuracy fix waits for the 15-minute rate (it comes with `wait`).
    public var isHoldingBackAFix: Bool { pendingSample != nil && pendingSampleIsTimer }
    var pendingDenial: Int?
    /// The pending `kCLErrorLocationUnknown` of a device with no position.
    var pendingUnknown: Int?
    /// Readings taken as the device moved, oldest first, that wait for the pending delivery: it
    /// hands every one that is due to the app in one `didUpdateLocations` call.
    public internal(set) var queuedReadings: [LocationFix] = []
    /// The app is in the background with no location background mode (the tutorial has no
    /// `UIBackgroundModes` location and leaves `allowsBackgroundLocationUpdates` false):
    /// nothing is delivered until it returns.
    public internal(set) var isSuspended: Bool {
        get { _isSuspended }
        set { _isSuspended = newValue }
    }
    var _isSuspended: Bool = false

    init(session: Session) {
        self.session = session
    }

    /// Core Location reports the initial state to a new manager on the next run-loop turn. The
    /// app calls this as it creates the manager, so that the callback is the app's and dies with it.
    func reportInitialAuthorization(owner: AnyObject?) {
        scheduleAuthorizationCallback(owner: owner)
    }

    var privacy: PrivacySettings { session.device.privacy }
    public var authorizationStatus: AuthorizationStatus { privacy.status }
    public var accuracyAuthorization: AccuracyAuthorization { privacy.accuracy }

    private var owner: AnyObject? { delegate }

    private func scheduleAuthorizationCallback(owner: AnyObject? = nil) {
        session.schedule(
            after: SimulationChoices.authorizationCallbackDelay, "locationManager(_:didChangeAuthorization:)",
            owner: owner ?? session.app
        ) { [weak self] in
            guard let self else { return }
            let status = self.authorizationStatus
            let unknown = self.privacy.unknownFutureStatus
            guard status != self.reportedStatus || unknown != self.reportedUnknown else { return }
            self.reportedStatus = status
            self.reportedUnknown = unknown
            self.delegate?.locationManager(didChangeAuthorization: status)
        }
    }

    /// `requestWhenInUseAuthorization()`: shows the alert only while the status is notDetermined.
    func requestWhenInUseAuthorization() {
        guard authorizationStatus == .notDetermined, !session.device.promptOpen else { return }
        guard session.device.hasWhenInUseUsageKey else {
            session.console(
                "This app has attempted to access privacy-sensitive data without a usage description. "
                    + "The app's Info.plist must contain an “NSLocationWhenInUseUsageDescription” key with a string "
                    + "value explaining to the user how the app uses this data")
            session.emit(
                .note(
                    "the permission request was ignored: no alert, the status stays notDetermined and no fix will come; 'plist add NSLocationWhenInUseUsageDescription' fixes the app"
                ))
            return
        }
        scheduleAlert()
    }

    /// `requestAlwaysAuthorization()`: from notDetermined, iOS 13 and later show the same alert
    /// as for when-in-use; Allow While Using App then gives provisional Always. It needs both the
    /// when-in-use and the always-and-when-in-use keys.
    func requestAlwaysAuthorization() {
        guard authorizationStatus == .notDetermined, !session.device.promptOpen else { return }
        let plist = session.device.infoPlist
        guard plist.text(for: .whenInUse) != nil, plist.text(for: .alwaysAndWhenInUse) != nil else {
            session.console(
                "This app has attempted to access privacy-sensitive data without a usage description. "
                    + "The app's Info.plist must contain both “NSLocationAlwaysAndWhenInUseUsageDescription” and "
                    + "“NSLocationWhenInUseUsageDescription” keys with string values explaining to the user how the app "
                    + "uses this data")
            let missing = [UsageKey.alwaysAndWhenInUse, .whenInUse].filter { plist.text(for: $0) == nil }
            session.emit(
                .note(
                    "the always request was ignored: no alert, the status stays notDetermined and no fix will come; "
                        + missing.map { "'plist add \($0.rawValue)'" }.joined(separator: " and ")
                        + (missing.count == 1 ? " fixes the app" : " fix the app"),
                    pitfall: "P9"))
            return
        }
        scheduleAlert()
    }

    /// The alert appears on the next turn of the run loop, with the when-in-use key's text as its
    /// message (for an always request too) and the Precise switch the Info.plist asks for.
    private func scheduleAlert() {
        session.schedule(after: SimulationChoices.promptDelay, "permission alert", owner: session.app) {
            [weak self] in
            guard let self, self.authorizationStatus == .notDetermined else { return }
            let plist = self.session.device.infoPlist
            let reduced = plist.defaultAccuracyReduced == true
            self.session.device.promptOpen = true
            self.session.device.promptAccuracyReduced = reduced
            self.session.emit(
                PermissionAlert.event(
                    precise: reduced ? false : self.privacy.precise, appName: plist.appName,
                    message: plist.text(for: .whenInUse) ?? PermissionAlert.message, preciseSwitch: !reduced,
                    language: self.session.device.language))
        }
    }

    func startUpdatingLocation() {
        isUpdating = true
        if !privacy.servicesEnabled { scheduleServicesAlert() }
        updatesMayHaveChanged(delay: SimulationChoices.fixDelay)
    }

    /// Location Services are off: iOS answers the start of updates with its own alert, which
    /// offers Settings or Cancel (`locationServicesEnabled`'s documentation); the status the app
    /// hears stays "denied".
    private func scheduleServicesAlert() {
        session.schedule(after: SimulationChoices.promptDelay, "Location Services alert", owner: session.app) {
            [weak self] in
            guard let self, !self.privacy.servicesEnabled, !self.session.device.servicesAlertOpen else { return }
            self.session.device.servicesAlertOpen = true
            self.session.emit(ServicesAlert.event(appName: self.session.device.infoPlist.appName))
        }
    }

    func stopUpdatingLocation() {
        isUpdating = false
        cancelPendingDelivery()
    }

    /// The app went to the background: no sample or error is taken for it until it returns.
    func suspend() {
        isSuspended = true
        cancelPendingDelivery()
        if let pendingDenial { session.cancel(pendingDenial) }
        pendingDenial = nil
    }

    /// Drops the fix, the readings and the no-location error waiting for the app.
    private func cancelPendingDelivery() {
        if let pendingSample { session.cancel(pendingSample) }
        pendingSample = nil
        if let pendingUnknown { session.cancel(pendingUnknown) }
        pendingUnknown = nil
        queuedReadings = []
    }

    /// The app is back: a status that changed meanwhile is reported, and updates carry on from
    /// where the device is now (one fix for whatever moves it made meanwhile).
    func resume() {
        isSuspended = false
        scheduleAuthorizationCallback()
        updatesMayHaveChanged(delay: SimulationChoices.fixDelay)
    }

    /// Settings or the prompt changed something: report a status change, start or refuse fixes.
    /// In the background nothing is reported yet: `resume()` does it.
    func privacyDidChange() {
        guard !isSuspended else { return }
        scheduleAuthorizationCallback()
        updatesMayHaveChanged(delay: SimulationChoices.fixDelay)
    }

    /// The device moved. A position of a route is a reading in itself and reaches the app at
    /// once; a position set by hand (`locate`) is read at the next sample, a second later.
    /// With full accuracy each move is a reading of its own, queued for the app's run loop:
    /// moves made while a delivery waits reach the app together (see "batched locations").
    func positionDidChange(immediate: Bool = false) {
        let delay = immediate ? 0 : SimulationChoices.fixDelay
        let session = self.session  // read once (see `sample`)
        let privacy = session.device.privacy
        guard isUpdating, !isSuspended, privacy.status.isAuthorized, privacy.accuracy == .full,
            let position = session.device.position
        else {
            updatesMayHaveChanged(delay: delay)
            return
        }
        if let timer = pendingSample, pendingSampleIsTimer {
            session.cancel(timer)  // a reduced-accuracy wait left over: full accuracy has none
            pendingSample = nil
        }
        if let pendingUnknown {
            session.cancel(pendingUnknown)  // a position came before the error
            self.pendingUnknown = nil
        }
        // A reading the distance filter drops still has its turn of the run loop, with nothing
        // to deliver (as a sample that finds the device where it was).
        _ = queue(reading(of: position, at: session.time(after: delay)))
        scheduleDelivery(delay: delay, readsPosition: false)
        if let pendingSample, queuedReadings.count > 1 {
            session.relabel(
                pendingSample, "locationManager(_:didUpdateLocations:) with \(queuedReadings.count) locations")
        }
    }

    /// A reading of the device's position, dated `timestamp`.
    private func reading(of position: DevicePosition, at timestamp: Double) -> LocationFix {
        LocationFix(
            coordinate: position.coordinate, horizontalAccuracy: position.horizontalAccuracy, speed: position.speed,
            course: position.course, timestamp: timestamp)
    }

    /// Queues a reading unless the distance filter drops it; readings dated after it were never
    /// taken (the device moved before their time) and go. Returns whether it was queued.
    private func queue(_ fix: LocationFix) -> Bool {
        queuedReadings.removeAll { $0.timestamp > fix.timestamp }
        if let previous = queuedReadings.last ?? lastDelivered, distanceFilter > 0,
            distance(previous.coordinate, fix.coordinate) < distanceFilter
        {
            return false
        }
        queuedReadings.append(fix)
        return true
    }

    /// Makes sure a delivery is pending no later than `delay` from now.
    private func scheduleDelivery(delay: Double, readsPosition: Bool) {
        let session = self.session  // read once (see `sample`)
        if let pending = pendingSample {
            let due = session.pendingEvents.first { $0.sequence == pending }?.time ?? session.clock
            if readsPosition { pendingSampleReadsPosition = true }
            guard due > session.clock + delay + 0.000_000_5 else { return }
            session.cancel(pending)  // an earlier reading: the delivery comes sooner
        } else {
            pendingSampleReadsPosition = readsPosition
        }
        pendingSampleIsTimer = false
        pendingSample = session.schedule(
            after: delay, "locationManager(_:didUpdateLocations:)", owner: session.app
        ) { [weak self] in
            guard let self else { return }
            self.pendingSample = nil
            self.sample()
        }
    }

    /// `set simulator-no-location` changed: an updating app with no position may now get the error.
    func noLocationReportDidChange() {
        if isUpdating, !isSuspended, session.device.position == nil { scheduleLocationUnknown() }
    }

    /// Schedules the held-back reduced-accuracy fix again (a session being restored).
    func restoreHeldBackFix(delay: Double) {
        pendingSample = nil
        updatesMayHaveChanged(delay: delay, onlyWhenDue: true)
    }

    private func updatesMayHaveChanged(delay: Double, onlyWhenDue: Bool = false) {
        guard isUpdating, !isSuspended else { return }
        if session.device.position == nil { scheduleLocationUnknown() }
        let status = authorizationStatus
        if status == .denied || status == .restricted {
            guard pendingDenial == nil else { return }
            pendingDenial = session.schedule(
                after: SimulationChoices.authorizationCallbackDelay, "locationManager(_:didFailWithError:)",
                owner: session.app
            ) { [weak self] in
                guard let self else { return }
                self.pendingDenial = nil
                let now = self.authorizationStatus
                guard self.isUpdating, now == .denied || now == .restricted else { return }
                self.delegate?.locationManager(didFailWithError: .denied)
            }
            return
        }
        if let timer = pendingSample, pendingSampleIsTimer, accuracyAuthorization == .full {
            session.cancel(timer)  // Precise is back on: no rate limit to wait for
            pendingSample = nil
        }
        guard status.isAuthorized, session.device.position != nil else { return }
        if pendingSample != nil {
            // A delivery (or the reduced-accuracy timer) is pending already: it reads the
            // position when it comes.
            if !pendingSampleIsTimer { pendingSampleReadsPosition = true }
            return
        }
        guard !onlyWhenDue else {
            scheduleHeldBackFix(delay: delay)
            return
        }
        scheduleDelivery(delay: delay, readsPosition: true)
    }

    /// The reduced-accuracy timer: the fix held back until the interval is over.
    private func scheduleHeldBackFix(delay: Double) {
        guard pendingSample == nil else { return }
        pendingSampleReadsPosition = true
        pendingSampleIsTimer = true
        pendingSample = session.schedule(
            after: delay, "locationManager(_:didUpdateLocations:)", owner: session.app, onlyWhenDue: true
        ) {
            [weak self] in
            guard let self else { return }
            self.pendingSample = nil
            self.sample()
        }
    }

    /// Core Location has no position to report: `kCLErrorLocationUnknown` a fix's delay later,
    /// unless a position comes first (or the device is set to report nothing).
    private func scheduleLocationUnknown() {
        guard authorizationStatus.isAuthorized, session.device.noLocationReport == .error, pendingUnknown == nil
        else { return }
        pendingUnknown = session.schedule(
            after: SimulationChoices.fixDelay, "locationManager(_:didFailWithError:)", owner: session.app
        ) { [weak self] in
            guard let self else { return }
            self.pendingUnknown = nil
            guard self.isUpdating, self.authorizationStatus.isAuthorized, self.session.device.position == nil,
                self.session.device.noLocationReport == .error
            else { return }
            self.delegate?.locationManager(didFailWithError: .locationUnknown)
        }
    }

    /// The delivery: reads the position when updates just became possible (or with reduced
    /// accuracy), then hands the app every reading that is due, in one call.
    func sample() {
        // The session read once: each read of an unowned reference checks and retains it.
        let session = self.session
        let privacy = session.device.privacy
        guard isUpdating, privacy.status.isAuthorized else {
            queuedReadings = []
            return
        }
        let readsPosition = pendingSampleReadsPosition
        pendingSampleReadsPosition = false
        if privacy.accuracy == .reduced {
            queuedReadings = []  // reduced locations are computed afresh, never queued
            sampleReduced()
            return
        }
        let now = session.clock
        if readsPosition, let position = session.device.position {
            _ = queue(reading(of: position, at: now))
        }
        // Whole microseconds again: half a microsecond of tolerance.
        let due = queuedReadings.prefix { $0.timestamp <= now + 0.000_000_5 }
        queuedReadings.removeFirst(due.count)
        if let next = queuedReadings.first {
            scheduleDelivery(delay: max(0, next.timestamp - now), readsPosition: false)
        }
        guard let last = due.last else { return }
        lastDelivered = last
        session.stats.locationUpdates += 1
        delegate?.locationManager(didUpdateLocations: Array(due))
    }

    /// A reduced-accuracy fix of the position now, through the rate limit and the distance filter.
    private func sampleReduced() {
        guard let position = session.device.position else { return }
        let fix = LocationManager.coarsened(reading(of: position, at: session.clock))
        // Times are whole microseconds, but their difference in seconds can fall a hair short of
        // the interval (the timer would fire again and again): half a microsecond of tolerance.
        if let last = lastDelivered,
            session.clock - last.timestamp < SimulationChoices.reducedMinimumInterval - 0.000_000_5
        {
            // Too soon: the next reduced fix is taken when the interval is over (time must pass
            // for it: `wait`).
            scheduleHeldBackFix(delay: last.timestamp + SimulationChoices.reducedMinimumInterval - session.clock)
            return
        }
        if let last = lastDelivered, distanceFilter > 0, distance(last.coordinate, fix.coordinate) < distanceFilter {
            return
        }
        lastDelivered = fix
        session.stats.locationUpdates += 1
        delegate?.locationManager(didUpdateLocations: [fix])
    }

    /// Delivers a location error now (fault injection).
    func fail(_ code: LocationErrorCode) {
        delegate?.locationManager(didFailWithError: code)
    }

    /// A reduced-accuracy version of a fix: snapped to a grid of about 2 km, accuracy 3 km,
    /// no speed or course.
    public static func coarsened(_ fix: LocationFix) -> LocationFix {
        let g = SimulationChoices.reducedGridDegrees
        func snap(_ x: Double) -> Double { ((x / g).rounded(.down) + 0.5) * g }
        var out = fix
        out.coordinate = GeoPoint(latitude: snap(fix.coordinate.latitude), longitude: snap(fix.coordinate.longitude))
        out.horizontalAccuracy = SimulationChoices.reducedHorizontalAccuracy
        out.speed = -1
        out.course = -1
        return out
    }
}

/// The system alert `requestWhenInUseAuthorization()` (or `requestAlwaysAuthorization()`) shows.
/// iOS's alert when an app starts location updates while Location Services are off.
public enum ServicesAlert {
    /// The title, as an app's UI test checks it.
    public static func title(appName: String) -> String {
        "Turn On Location Services to Allow “\(appName)” to Determine Your Location"
    }
    public static let buttons = ["Settings", "Cancel"]

    static func event(appName: String) -> Event {
        let title = title(appName: appName)
        let text =
            "┌ \(escapingControlCharacters(title))\n└ \(buttons.joined(separator: " · "))  →  auth services on | auth cancel"
        return Event(
            "alert", text: text,
            fields: [
                Value.Field("title", .string(title)), Value.Field("buttons", .list(buttons.map { .string($0) })),
                Value.Field("kind", .string("services")),
            ])
    }
}

public enum PermissionAlert {
    public static let message = "Show your location on a map"

    /// The alert's title; iOS names the app by its bundle's display name, not by any screen title.
    public static func title(appName: String, language: DeviceLanguage = .english) -> String {
        language.alertTitle(appName: appName)
    }

    /// The alert as shown; its message is the Info.plist usage string. Without a Precise switch
    /// (the Info.plist asks for reduced accuracy) its map shows an approximate location.
    static func event(
        precise: Bool, appName: String, message: String = PermissionAlert.message, preciseSwitch: Bool = true,
        language: DeviceLanguage = .english
    ) -> Event {
        let title = title(appName: appName, language: language)
        let buttons = language.alertButtons
        let precision =
            preciseSwitch ? "[Precise: \(precise ? "On" : "Off")]" : "[Precise: Off — approximate map, no switch]"
        let answers =
            preciseSwitch
            ? "auth allow once | auth allow [--approximate] | auth deny" : "auth allow once | auth allow | auth deny"
        // Three lines whatever the app's name and usage string hold.
        let text = """
            ┌ \(escapingControlCharacters(title))
            │ \(escapingControlCharacters(message))   \(precision)
            └ \(buttons.joined(separator: " · "))  →  \(answers)
            """
        var fields = [
            Value.Field("title", .string(title)), Value.Field("message", .string(message)),
            Value.Field("buttons", .list(buttons.map { .string($0) })),
            Value.Field("precise", .bool(precise)),
        ]
        if !preciseSwitch { fields.append(Value.Field("preciseSwitch", .bool(false))) }
        return Event("alert", text: text, fields: fields)
    }
}
