import PlaceFormats
import PlaceStorage

/// Something that happened in the simulation and is reported to whoever drives it: an
/// asynchronous callback, a console line of the app, a system alert, a note. The model never
/// prints; the shell renders events as text or as `{"event":NAME,…}` JSON lines.
public struct Event: Sendable, Equatable {
    public var name: String
    /// The fields of its JSON line.
    public var fields: [Value.Field] {
        get { textIsField ? [Value.Field("text", .string(text))] + otherFields : otherFields }
        set {
            otherFields = newValue
            textIsField = false
        }
    }
    /// The line(s) a person reads in text mode.
    public var text: String {
        willSet {
            // The field keeps the text it was made with.
            if textIsField { fields = fields }
        }
    }
    /// Whether `fields` begins with `text` as its `text` field, which is not made until asked
    /// for: a console line (one every fix) printed as text needs no array of fields.
    private var textIsField = false
    private var otherFields: [Value.Field]

    public init(_ name: String, text: String, fields: [Value.Field] = []) {
        self.name = name
        self.text = text
        self.otherFields = fields
    }

    /// A line the app printed to its console (`print`/`NSLog`).
    public static func console(_ line: String) -> Event {
        var event = Event("console", text: line)
        event.textIsField = true
        return event
    }

    public static func == (a: Event, b: Event) -> Bool {
        a.name == b.name && a.text == b.text && a.fields == b.fields
    }

    /// A remark of the simulator's, not the app's: why something happened (a pitfall).
    public static func note(_ text: String, pitfall: String? = nil) -> Event {
        var fields = [Value.Field("text", .string(text))]
        if let pitfall { fields.append(Value.Field("pitfall", .string(pitfall))) }
        return Event("note", text: "note: " + text + (pitfall.map { " (\($0))" } ?? ""), fields: fields)
    }
}

/// Something the run loop will do at a virtual time: a delegate callback, a places response,
/// the end of a camera animation.
public struct ScheduledEvent {
    /// Due time in microseconds of virtual time.
    var micros: Int64
    /// Due time in virtual seconds.
    public var time: Double { Double(micros) / 1_000_000 }
    public var sequence: Int
    /// What it is, for `events` and traces: `locationManager(_:didUpdateLocations:)`.
    public var label: String
    /// The object whose callback this is (the app): its events die with it.
    var owner: ObjectIdentifier?
    /// A timer that only the passing of time reaches (`wait`): settling after a command stops
    /// before it while it lies in the future.
    var onlyWhenDue = false
    let action: () -> Void
}

/// The whole simulated world: the virtual clock and run loop, the device, its privacy settings,
/// the places service and the app when it runs. Deterministic: it never reads the wall clock
/// and uses no unseeded randomness.
///
/// What other modules read and set of its state goes through computed properties over storage
/// of this module's own (`_app` behind `app`): every access to the storage is then in this
/// module, where the optimizer can see that none overlaps another and leaves out Swift's
/// run-time exclusivity check, which a public stored property keeps at every access (a command
/// and a fix make dozens: benchmarks/README.md). Storage changed in place (an array appended
/// to) keeps the check, and stays stored.
public final class Session {
    /// Virtual time in whole microseconds, so that sums of delays never drift. It stays within
    /// `clockRange`.
    var clockMicros: Int64 = 0
    /// Virtual seconds since the session began.
    public var clock: Double { Double(clockMicros) / 1_000_000 }

    /// Where virtual time ends: 10¹⁸ µs (10¹² s, about 31,700 years). The clock never passes it,
    /// nothing is scheduled beyond it (a timer due later falls due there), and a session file
    /// holds no time beyond it, so every session that is saved loads again.
    public static let clockEndMicros: Int64 = 1_000_000_000_000_000_000
    /// The same in seconds.
    public static let clockEnd = Double(clockEndMicros) / 1_000_000

    /// Virtual seconds left before the clock's end.
    public var timeLeft: Double { Double(Session.clockEndMicros - clockMicros) / 1_000_000 }

    /// The time `delay` seconds from now, in microseconds, no later than the clock's end.
    func micros(after delay: Double) -> Int64 { Session.micros(clockMicros, plus: Session.micros(delay)) }

    /// The time `delay` seconds from now, in seconds, no later than the clock's end.
    public func time(after delay: Double) -> Double {
        guard delay.isFinite, delay > 0 else { return clock }
        return min(clock + delay, Session.clockEnd)
    }

    /// `start` plus `offset` microseconds, no later than the clock's end (never overflowing).
    static func micros(_ start: Int64, plus offset: Int64) -> Int64 {
        let (sum, overflow) = start.addingReportingOverflow(offset)
        return overflow ? clockEndMicros : min(sum, clockEndMicros)
    }
    /// Where events go as they happen; the shell installs its renderer here (assigned whole).
    public var eventSink: (Event) -> Void {
        get { _eventSink }
        set { _eventSink = newValue }
    }
    var _eventSink: (Event) -> Void

    /// The simulated device: its position and its Settings.
    public var device = Device()
    /// The places service (dataset, error injection, billing), shared by every launch.
    public var places = PlacesService()
    /// The map's ground under the places: the last OpenStreetMap extract's roads, water, parks
    /// and buildings (`places load`), or nil when none was loaded with one.
    public var baseMap: BaseMap?
    /// The running app, or nil.
    public internal(set) var app: TutorialApp? {
        get { _app }
        set { _app = newValue }
    }
    var _app: TutorialApp?
    /// How many times an app went to the background, and how many location errors were sent
    /// to one, and the last (for `export simctl`, which sees a command's state before and after
    /// it: a trip to the background and back within one command is seen here).
    public internal(set) var timesInBackground = 0
    public internal(set) var locationErrorsSent = 0
    public internal(set) var lastLocationErrorSent: LocationErrorCode?
    /// The last app that ran (for `status` after it stopped or crashed).
    public internal(set) var lastApp: TutorialApp?
    /// The app's console lines since the last launch, in order: the last `logLimit` at most
    /// (a route followed for days prints millions), the oldest dropped ten thousand at a time.
    public internal(set) var log: [String] = []
    /// How many console lines are kept in `log`.
    public static let logLimit = 100_000
    /// Counters since the last launch.
    public internal(set) var stats = Stats()
    /// What the last answered likelihood request was asked for.
    public internal(set) var lastAnsweredQuery: LikelihoodQuery? {
        get { _lastAnsweredQuery }
        set { _lastAnsweredQuery = newValue }
    }
    var _lastAnsweredQuery: LikelihoodQuery?
    /// What the last Nearby Search request was made for (its circle, for the map and exports).
    public internal(set) var lastNearbyQuery: NearbyQuery?
    /// What the last launch was built from: a build of the same prints no warnings again, as
    /// Xcode compiles only what changed.
    public internal(set) var lastBuild: BuildConfiguration?

    /// What building the app for a launch of `flavor` gives, against the project's SDK: the
    /// compiler's errors and, for a build that differs from the last launch's, its warnings.
    public func build(_ flavor: AppFlavor) -> AppBuild {
        let configuration = BuildConfiguration(flavor: flavor, sdk: places.sdk, nearbyCall: places.nearby.call)
        var build = AppBuild(flavor: flavor, sdk: places.sdk, nearbyCall: places.nearby.call)
        if configuration == lastBuild { build.warnings = [] }
        return build
    }

    /// What is waiting to run, latest first (the next event is the last, and taken from the
    /// end, where removing the first moved the rest up and copied the event out); events due
    /// at the same time run in the order they were scheduled.
    private var queue: [ScheduledEvent] = []
    private var nextSequence = 0
    /// The app's callbacks that fell due while it was in the background: a suspended app runs
    /// no code, so they wait, in order, until it is back in the foreground.
    public private(set) var heldWhileSuspended: [ScheduledEvent] = []

    public init(eventSink: @escaping (Event) -> Void = { _ in }) {
        self._eventSink = eventSink
    }

    /// Reports an event to the driver.
    public func emit(_ event: Event) { eventSink(event) }

    /// `trace on`: every simulated API call the app makes and every callback it receives is
    /// reported as it happens.
    public var tracing: Bool {
        get { _tracing }
        set { _tracing = newValue }
    }
    var _tracing: Bool = false

    /// Reports an API call (`call` true) or a delegate callback, in Swift signature form.
    func trace(_ text: @autoclosure () -> String, call: Bool = true) {
        guard tracing else { return }
        let text = text()
        let line = (call ? "  → " : "  ← ") + text
        emit(
            Event(
                "trace", text: line,
                fields: [
                    Value.Field("kind", .string(call ? "call" : "callback")), Value.Field("signature", .string(text)),
                ]))
    }

    /// The app printed a line: it goes to the log and to the output.
    func console(_ line: String) {
        if log.count >= Session.logLimit { log.removeFirst(Session.logLimit / 10) }
        log.append(line)
        emit(.console(line))
    }

    /// A line logged with `NSLog` in the app's process (the Objective-C app's own lines, the
    /// Maps SDK's): NSLog's prefix with the virtual time and a fixed process id, then the text.
    func nslog(_ message: String) {
        console(VirtualDate(clock: clock).logStamp + " current-place-on-map[4242:61337] " + message)
    }

    // MARK: - Run loop

    /// Schedules `action` to run `delay` virtual seconds from now (0: on the next turn of the run
    /// loop, after the current command). Events run in (time, order scheduled) order.
    ///
    /// An action runs only from `step`, which this session's own queue calls, so an action the
    /// session schedules for itself captures it `unowned`: it cannot run once the session is
    /// gone. A weak capture would give the session a side table, and then every retain and
    /// release of it (each command, each event, each access from the app's `unowned` reference)
    /// would take the runtime's slow path.
    @discardableResult
    public func schedule(
        after delay: Double, _ label: String, owner: AnyObject? = nil, onlyWhenDue: Bool = false,
        _ action: @escaping () -> Void
    ) -> Int {
        let event = ScheduledEvent(
            micros: micros(after: delay), sequence: nextSequence, label: label,
            owner: owner.map { ObjectIdentifier($0) }, onlyWhenDue: onlyWhenDue, action: action)
        nextSequence += 1
        let sequence = event.sequence
        enqueue(event)
        return sequence
    }

    /// Puts `event` in the queue (latest first) ahead of every event due no later than it, so
    /// that it runs after them.
    private func enqueue(_ event: consuming ScheduledEvent) {
        var index = queue.count
        while index > 0 && queue[index - 1].micros <= event.micros { index -= 1 }
        queue.append(event)
        // Into its place by moving the events from there up one slot, as bytes: `insert(_:at:)`
        // goes a generic way that copied the event several times, a few hundred instructions
        // for each of the three events a fix schedules. The closure reaches nothing else.
        let last = queue.count - 1
        guard index < last else { return }
        queue.withUnsafeMutableBufferPointer { events in
            guard let base = events.baseAddress else { return }
            let moving = (base + last).move()
            (base + index + 1).moveInitialize(from: base + index, count: last - index)
            (base + index).initialize(to: moving)
        }
    }

    /// Removes a scheduled event that has not run.
    public func cancel(_ sequence: Int) {
        queue.removeAll { $0.sequence == sequence }
    }

    /// Renames a scheduled event that has not run (a delivery that gathered more locations).
    func relabel(_ sequence: Int, _ label: String) {
        if let index = queue.firstIndex(where: { $0.sequence == sequence }) { queue[index].label = label }
    }

    /// What is waiting to run, earliest first.
    public var pendingEvents: [ScheduledEvent] { queue.reversed() }

    /// When the next pending event falls due and whether only the passing of time reaches it,
    /// read without a copy of the event (its label and action, retained and released again).
    private var next: (micros: Int64, onlyWhenDue: Bool)? {
        guard let last = queue.last else { return nil }
        return (last.micros, last.onlyWhenDue)
    }

    /// Runs the next pending event, moving the clock to its time. Returns false when none is left.
    @discardableResult
    public func step() -> Bool {
        guard !queue.isEmpty else { return false }
        let event = queue.removeLast()
        if event.micros > clockMicros { clockMicros = event.micros }
        if let app, app.isInBackground, event.owner == ObjectIdentifier(app) {
            heldWhileSuspended.append(event)
            return true
        }
        event.action()
        return true
    }

    /// Lets the run loop settle: runs every pending event and whatever they schedule, moving the
    /// clock forward as it goes (the app's work takes virtual time), up to `limit` events. It
    /// stops at an `onlyWhenDue` timer that lies in the future: only `advance(by:)` reaches it.
    public func settle(limit: Int = 10_000) {
        var count = 0
        while count < limit, let first = next, !first.onlyWhenDue || first.micros <= clockMicros, step() {
            count += 1
        }
    }

    /// Runs the events that are due now (at or before the clock) and whatever they schedule for
    /// now; the clock does not move. Returns how many ran.
    @discardableResult
    public func runDue(limit: Int = 100_000) -> Int {
        var count = 0
        while count < limit, let first = next, first.micros <= clockMicros, step() { count += 1 }
        return count
    }

    /// Moves the clock forward by `seconds` (no further than its end), running every event that
    /// falls due on the way. Returns false when `interrupted` stopped it early: the clock is then
    /// at the last event delivered, and the events after it are still queued.
    @discardableResult
    public func advance(by seconds: Double, interrupted: () -> Bool = { false }) -> Bool {
        let end = micros(after: seconds)
        while let first = next, first.micros <= end {
            if interrupted() { return false }
            step()
        }
        clockMicros = max(clockMicros, end)
        return true
    }

    /// Whole microseconds for a duration in seconds (negative and non-finite durations are 0).
    static func micros(_ seconds: Double) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int64(min(seconds, 9e12) * 1_000_000 + 0.5)  // safe: 0…9e18 after the guard and min
    }

    // MARK: - Lifecycle

    /// Launches the app: a new process with the tutorial's `viewDidLoad`.
    @discardableResult
    public func launch(flavor: AppFlavor, request: AuthorizationRequest = .whenInUse) -> TutorialApp {
        lastBuild = BuildConfiguration(flavor: flavor, sdk: places.sdk, nearbyCall: places.nearby.call)
        if let app { app.terminate(reason: .relaunch) }
        device.privacy.applicationWillLaunch()
        log = []
        stats = Stats()
        let app = TutorialApp(session: self, flavor: flavor, authorizationRequest: request)
        self.app = app
        self.lastApp = app
        app.viewDidLoad()
        return app
    }

    /// Ends the running app.
    public func terminate() {
        app?.terminate(reason: .user)
    }

    /// Called by the app when its process ends.
    func appDidEnd(_ app: TutorialApp) {
        if self.app === app { self.app = nil }
        let id = ObjectIdentifier(app)
        queue.removeAll { $0.owner == id }  // its pending callbacks die with it
        heldWhileSuspended.removeAll { $0.owner == id }
        device.privacy.applicationDidEnd()
        device.promptOpen = false
        device.servicesAlertOpen = false
    }

    /// The app goes to the background (the Home gesture, another app): it is suspended, as an
    /// app without a background mode is. Returns false when it was there already.
    @discardableResult
    public func sendAppToBackground() -> Bool {
        guard let app, !app.isInBackground else { return false }
        timesInBackground += 1
        if device.promptOpen {
            device.promptOpen = false
            emit(.note("the permission alert was dismissed unanswered when the app went to the background"))
        }
        if device.servicesAlertOpen {
            device.servicesAlertOpen = false
            emit(.note("the Location Services alert was dismissed when the app went to the background"))
        }
        app.enterBackground()
        return true
    }

    /// The app comes back to the foreground: what it missed runs now, in order. Returns false
    /// when it was not in the background.
    @discardableResult
    public func bringAppToForeground() -> Bool {
        guard let app, app.isInBackground else { return false }
        app.enterForeground()
        // A status that changed meanwhile is reported first, then what waited, in order.
        app.locationManager.resume()
        let id = ObjectIdentifier(app)
        let held = heldWhileSuspended.filter { $0.owner == id }
        heldWhileSuspended.removeAll { $0.owner == id }
        for var event in held {
            event.micros = max(event.micros, clockMicros)
            enqueue(event)
        }
        return true
    }

    /// The simulator's "Erase All Content and Settings": the app is gone, privacy settings are
    /// back to their defaults; the simulated location stays.
    public func reset() {
        app?.terminate(reason: .reset)
        lastApp = nil
        device.privacy = PrivacySettings()
        device.promptOpen = false
        device.servicesAlertOpen = false
        log = []
        stats = Stats()
    }

    /// Applies a change to the privacy settings and tells the running app what changed.
    public func changePrivacy(_ change: (inout PrivacySettings) -> Void) {
        // A copy, changed and put back: the device is not accessed while the closure runs.
        var privacy = device.privacy
        change(&privacy)
        device.privacy = privacy
        app?.locationManager.privacyDidChange()
    }

    /// Moves the device (nil: no position).
    public func setDevicePosition(_ position: DevicePosition?) {
        device.position = position
        app?.locationManager.positionDidChange()
    }

    /// `set simulator-no-location`: what an updating app hears while the device has no position.
    public func setNoLocationReport(_ report: NoLocationReport) {
        device.noLocationReport = report
        app?.locationManager.noLocationReportDidChange()
    }

    // MARK: - Routes

    /// The route the device is following, or the last one it finished (assigned whole; the
    /// player is an object).
    public internal(set) var route: RoutePlayer? {
        get { _route }
        set { _route = newValue }
    }
    var _route: RoutePlayer?

    /// Starts following a route: its first position now, the others as virtual time passes
    /// (`wait`). Each position reaches the app at once, through the distance filter.
    public func startRoute(_ route: Route) {
        stopRoute()
        let player = RoutePlayer(route: route, startMicros: clockMicros)
        self.route = player
        deliverRoutePosition(player)
    }

    /// Stops the route; the device stands still where it is (speed 0, course -1).
    public func stopRoute() {
        guard let player = route else { return }
        if let pending = player.pendingEvent { cancel(pending) }
        if let standstill = player.standstillEvent { cancel(standstill) }
        player.pendingEvent = nil
        player.standstillEvent = nil
        if !player.isFinished {
            player.stoppedMicros = clockMicros
            device.position?.speed = 0
            device.position?.course = -1
        }
        player.isFinished = true
    }

    private func deliverRoutePosition(_ player: RoutePlayer) {
        guard route === player, player.nextIndex < player.route.samples.count else { return }
        let sample = player.route.samples[player.nextIndex]
        player.nextIndex += 1
        device.position = DevicePosition(
            coordinate: sample.coordinate, horizontalAccuracy: SimulationChoices.defaultHorizontalAccuracy,
            speed: sample.speed, course: sample.course)
        app?.locationManager.positionDidChange(immediate: true)
        if player.nextIndex >= player.route.samples.count {
            player.isFinished = true
            emit(.note("the route '\(player.route.name)' is over; the device stays at its last position"))
            // A second later the device stands still there (after the last reading, which still
            // carries the route's speed and course).
            scheduleStandstill(player, delay: 1)
            return
        }
        scheduleNextRoutePosition(player)
    }

    /// The route's next position, due at the route's start plus its offset (never drifting).
    func scheduleNextRoutePosition(_ player: RoutePlayer) {
        let next = Session.micros(
            player.startMicros, plus: Session.micros(player.route.samples[player.nextIndex].offset))
        player.pendingEvent = schedule(
            after: Double(next - clockMicros) / 1_000_000, "route position", onlyWhenDue: true
        ) { [unowned self, weak player] in
            guard let player else { return }
            player.pendingEvent = nil
            self.deliverRoutePosition(player)
        }
    }

    /// After the last position: the device stops moving.
    func scheduleStandstill(_ player: RoutePlayer, delay: Double) {
        player.standstillEvent = schedule(after: delay, "route end", onlyWhenDue: true) { [unowned self, weak player] in
            guard let player, self.route === player else { return }
            player.standstillEvent = nil
            self.device.position?.speed = 0
            self.device.position?.course = -1
        }
    }

}

/// Counters since the last launch.
public struct Stats: Sendable {
    public var placesRequests = 0
    public var locationUpdates = 0
    /// Billable units per SKU (`findCurrentPlace`, `basicData`, `contactData`, `atmosphereData`),
    /// in first-billed order.
    public var billing: [(sku: String, count: Int)] = []

    /// Every SKU a request can bill, in the order `stats.billing` lists them.
    public static let skus =
        ["findCurrentPlace", "basicData", "contactData", "atmosphereData"]
        + NearbySKU.allCases.map(\.key)

    /// The units billed to `sku`, 0 for one not billed.
    public func billed(_ sku: String) -> Int { billing.first { $0.sku == sku }?.count ?? 0 }

    /// The SKU's name on a bill.
    public static func skuName(_ sku: String) -> String {
        switch sku {
        case "findCurrentPlace": return "Find Current Place"
        case "basicData": return "Places Data: Basic"
        case "contactData": return "Places Data: Contact"
        case "atmosphereData": return "Places Data: Atmosphere"
        default: return NearbySKU.allCases.first { $0.key == sku }?.name ?? sku
        }
    }

    mutating func bill(_ sku: String) {
        if let i = billing.firstIndex(where: { $0.sku == sku }) {
            billing[i].count += 1
        } else {
            billing.append((sku, 1))
        }
    }
}
