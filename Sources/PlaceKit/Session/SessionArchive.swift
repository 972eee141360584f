import PlaceFormats
import PlaceStorage

/// Why a session cannot be saved or read back, in words for a message.
public struct ArchiveError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A whole session as one value — model, clock, log, counters, route — and back. `save` writes
/// it as JSON, `load` reads it, so a scenario can be paused and resumed and a bug report can carry
/// the exact state. Reading is strict: a wrong type or a missing member names its path, and a
/// newer version is refused; nothing of the running session changes until all of it has read.
///
/// Callbacks waiting in the run loop cannot be written down, except the timers that only time
/// reaches (a route's next position, a held-back reduced-accuracy fix): a session is saved when
/// the run loop has settled.
public enum SessionArchive {
    /// The format's version; a file with a larger one is refused. A member added after format
    /// 1 says which format added it (`ArchiveReader.bool(_:since:default:)` and its kin): a file saved
    /// before then reads as its default, a later one must have it.
    /// 2: every member is there; a format 1 file may lack those the format gained before it had a
    /// new number (`provisionalAlways`, `promptAccuracyReduced`, `noLocation`, `pickerScrolls`,
    /// `language`, `places.nearby`, `places.project`, the app's `request`, `currentLocation`,
    /// `background`, `allowOnceEnds`, the map's `hasTiles`, `blankCause`, `keyFailureLogged`).
    /// 3: `places.sdk`, `places.nearby.call`, the app's `nearbyCall` (what the nearby app was
    /// built to call), `pickerSharesList` and `pickerArray` (the Objective-C picker's array), the device's
    /// `servicesAlertOpen`, `places.project.maps` and the blank map's cause `mapsAPI`,
    /// `places.nearby`'s `includedPrimaryTypes`, `excludedPrimaryTypes` and `regionCode`.
    /// 4: the route's `waypoints`, `spacing` and `speed` (what it was made of, for `route export`
    /// and `export simctl`).
    /// A fault declared later says the format that adds it (`PlacesFault`'s `since`), and the
    /// format is the newest any member names.
    public static let version = max(4, PlacesFault.all.map(\.archive.since).max() ?? 4)
    /// The first member of every file, so that `load` can tell a session from another JSON file.
    public static let kind = "placeshell-session"

    /// The ranges `load` holds every saved number to: what the simulation itself can produce. A
    /// number outside its range is refused with its path, so an edited file cannot make a later
    /// command trap or hang.
    public enum Limits {
        /// Virtual time in seconds (fix timestamps, camera animations, route offsets): about
        /// 31,700 years, where `wait` moves the clock at most a year at a time.
        public static let seconds: ClosedRange<Double> = 0...Session.clockEnd
        /// The same in microseconds, as the clock and the times of pending timers are saved.
        public static let micros: ClosedRange<Double> = 0...Double(Session.clockEndMicros)
        /// `horizontalAccuracy` in metres (`locate` takes 0.1…100000; a reduced fix has 3000).
        public static let accuracy: ClosedRange<Double> = 0...100_000
        /// `desiredAccuracy` (kCLLocationAccuracyBestForNavigation is −2) and `distanceFilter`
        /// (kCLDistanceFilterNone is −1), in metres.
        public static let desiredAccuracy: ClosedRange<Double> = -2...100_000
        public static let distanceFilter: ClosedRange<Double> = -1...100_000
        /// A speed in m/s (−1: unknown); a GPX track with millisecond times can ask for 2×10¹⁰.
        public static let speed: ClosedRange<Double> = -1...1e11
        /// A course in degrees (−1: unknown).
        public static let course: ClosedRange<Double> = -1...360
        /// Counters (requests, updates, billed units).
        public static let count: ClosedRange<Int> = 0...1_000_000_000_000_000
        /// A route's length in metres.
        public static let length: ClosedRange<Double> = 0...1e12
        /// A place's rating, price level, radius (as the place store keeps them) and likelihood.
        public static let rating: ClosedRange<Double> = 0...5
        public static let priceLevel: ClosedRange<Int> = -1...4
        public static let radius: ClosedRange<Double> = 0...6553.5
        public static let likelihood: ClosedRange<Double> = 0...1
        /// A Nearby Search distance in metres, and the radius and result count `nearby` keeps
        /// (in or out of the SDK's range: the SDK refuses them, not the file).
        public static let nearbyDistance: ClosedRange<Double> = 0...1e8
        public static let nearbyRadius: ClosedRange<Double> = -1e9...1e9
        public static let nearbyMax: ClosedRange<Int> = -1_000_000...1_000_000
    }

    // MARK: - Writing

    /// The largest session file: what `load` reads (the limit of a whole-file read), so `save`
    /// refuses to write more.
    public static let maxFileSize = 1 << 31

    /// The session as a value; `extra` (the shell's settings) is kept beside it. With
    /// `datasetSeparately`, `places.dataset` is left empty for a writer that streams the places
    /// in with `placeRecord(_:)`, so that ten million of them are never values all at once.
    public static func archive(
        _ session: Session, extra: [Value.Field], datasetSeparately: Bool = false
    ) throws(ArchiveError) -> Value {
        // Only timers that time alone reaches can be rebuilt.
        var allowed: Set<Int> = []
        if let p = session.route?.pendingEvent { allowed.insert(p) }
        if let p = session.route?.standstillEvent { allowed.insert(p) }
        if let m = session.app?.locationManager, m.isHoldingBackAFix, let p = m.pendingSample { allowed.insert(p) }
        if let p = session.app?.allowOnceExpiry { allowed.insert(p) }
        let busy = session.pendingEvents.filter { !allowed.contains($0.sequence) } + session.heldWhileSuspended
        if !busy.isEmpty {
            let labels = busy.prefix(3).map(\.label).joined(separator: ", ")
            throw ArchiveError(
                "\(busy.count) event\(busy.count == 1 ? " is" : "s are") still pending (\(labels)\(busy.count > 3 ? ", …" : "")): "
                    + "a session is saved when the run loop has settled ('run' or 'wait' first)")
        }
        var fields = [
            Value.Field("kind", .string(kind)), Value.Field("version", .int(version)),
            Value.Field("clock", .number(Double(session.clockMicros))),
            Value.Field("device", device(session.device)),
            Value.Field("places", places(session.places, withDataset: !datasetSeparately)),
            Value.Field("log", .list(session.log.map { .string($0) })),
            Value.Field("stats", stats(session.stats)),
            Value.Field("tracing", .bool(session.tracing)),
        ]
        if let app = session.app {
            fields.append(Value.Field("app", try self.app(app, session)))
        } else {
            fields.append(Value.Field("app", .null))
        }
        if let last = session.lastApp, last !== session.app {
            fields.append(Value.Field("lastApp", try self.app(last, session)))
        } else {
            fields.append(Value.Field("lastApp", .null))
        }
        fields.append(Value.Field("route", session.route.map { route($0, session) } ?? .null))
        fields.append(Value.Field("settings", .record(extra)))
        return .record(fields)
    }

    private static func num(_ x: Double) -> Value { .number(x) }
    private static func int(_ x: Int) -> Value { .int(x) }
    private static func point(_ p: GeoPoint) -> Value { .list([num(p.latitude), num(p.longitude)]) }

    private static func device(_ d: Device) -> Value {
        let p = d.privacy
        var plist: [Value.Field] = []
        for key in UsageKey.allCases {
            if let text = d.infoPlist.text(for: key) { plist.append(Value.Field(key.rawValue, .string(text))) }
        }
        if let reduced = d.infoPlist.defaultAccuracyReduced {
            plist.append(Value.Field(InfoPlist.defaultAccuracyReducedKey, .bool(reduced)))
        }
        return .record([
            Value.Field("position", d.position.map(position) ?? .null),
            Value.Field(
                "privacy",
                .record([
                    Value.Field("servicesEnabled", .bool(p.servicesEnabled)),
                    Value.Field("restricted", .bool(p.restricted)),
                    Value.Field("permission", .string(p.permission.rawValue)),
                    Value.Field("allowedOnce", .bool(p.allowedOnce)),
                    Value.Field("provisionalAlways", .bool(p.provisionalAlways)),
                    Value.Field("precise", .bool(p.precise)),
                    Value.Field("unknownFutureStatus", .bool(p.unknownFutureStatus)),
                ])),
            Value.Field("promptOpen", .bool(d.promptOpen)),
            Value.Field("servicesAlertOpen", .bool(d.servicesAlertOpen)),
            Value.Field("promptAccuracyReduced", .bool(d.promptAccuracyReduced)),
            Value.Field("infoPlist", .record(plist)),
            Value.Field("screen", .list([num(d.screenWidth), num(d.screenHeight)])),
            Value.Field("noLocation", .string(d.noLocationReport.rawValue)),
            Value.Field("pickerScrolls", .bool(d.pickerScrolls)),
            Value.Field("language", .string(d.language.code)),
        ])
    }

    private static func position(_ p: DevicePosition) -> Value {
        .record([
            Value.Field("coordinate", point(p.coordinate)),
            Value.Field("horizontalAccuracy", num(p.horizontalAccuracy)),
            Value.Field("speed", num(p.speed)), Value.Field("course", num(p.course)),
        ])
    }

    /// One place of the dataset as it is saved in `places.dataset`.
    public static func placeRecord(_ p: Place) -> Value { place(p) }

    private static func place(_ p: Place) -> Value {
        .record([
            Value.Field("id", .string(p.id)), Value.Field("name", .string(p.name)),
            Value.Field("coordinate", point(p.coordinate)),
            Value.Field("types", .list(p.types.map { .string($0) })), Value.Field("address", .string(p.address)),
            Value.Field("rating", num(p.rating)), Value.Field("priceLevel", int(p.priceLevel)),
            Value.Field("radius", num(p.radius)), Value.Field("area", .string(p.area)),
        ])
    }

    private static func places(_ service: PlacesService, withDataset: Bool) -> Value {
        var service = service
        let store = service.dataset
        let faults = service.faults
        var records: [Value] = []
        if withDataset {
            records.reserveCapacity(store.count)
            for i in 0..<store.count { records.append(place(store.place(at: i))) }
        }
        return .record([
            Value.Field("source", .string(store.source)),
            Value.Field("dataset", .list(records)),
            Value.Field("fields", num(Double(service.requestedFields.bits))),
            Value.Field(
                "nearby",
                .record([
                    Value.Field("radius", num(service.nearby.radius)),
                    Value.Field("rank", .string(service.nearby.rank.rawValue)),
                    Value.Field("maxResultCount", int(service.nearby.maxResultCount)),
                    Value.Field("includedTypes", .list(service.nearby.includedTypes.map { .string($0) })),
                    Value.Field("excludedTypes", .list(service.nearby.excludedTypes.map { .string($0) })),
                    Value.Field("properties", .list(service.nearby.properties.map { .string($0) })),
                    Value.Field("call", .string(service.nearby.call.rawValue)),
                    Value.Field("includedPrimaryTypes", .list(service.nearby.includedPrimaryTypes.map { .string($0) })),
                    Value.Field("excludedPrimaryTypes", .list(service.nearby.excludedPrimaryTypes.map { .string($0) })),
                    Value.Field("regionCode", .optional(service.nearby.regionCode)),
                ])),
            Value.Field("sdk", .string(service.sdk.description)),
            Value.Field(
                "project",
                .record([
                    Value.Field("legacy", .bool(service.project.legacy)),
                    Value.Field("newAPI", .bool(service.project.newAPI)),
                    Value.Field("maps", .bool(service.project.maps)),
                ])),
            Value.Field(
                "faults", .record(PlacesFault.all.map { Value.Field($0.archive.key, $0.archive.save(faults)) })),
        ])
    }

    private static func stats(_ s: Stats) -> Value {
        .record([
            Value.Field("placesRequests", int(s.placesRequests)),
            Value.Field("locationUpdates", int(s.locationUpdates)),
            Value.Field("billing", .list(s.billing.map { .list([.string($0.sku), int($0.count)]) })),
        ])
    }

    private static func fix(_ f: LocationFix) -> Value {
        .record([
            Value.Field("coordinate", point(f.coordinate)),
            Value.Field("horizontalAccuracy", num(f.horizontalAccuracy)),
            Value.Field("speed", num(f.speed)), Value.Field("course", num(f.course)),
            Value.Field("timestamp", num(f.timestamp)),
        ])
    }

    private static func camera(_ c: CameraPosition) -> Value {
        .record([
            Value.Field("target", point(c.target)), Value.Field("zoom", num(c.zoom)),
            Value.Field("bearing", num(c.bearing)),
            Value.Field("viewingAngle", num(c.viewingAngle)),
        ])
    }

    private static func fetched(_ f: FetchedPlace) -> Value {
        .record([
            Value.Field("name", .optional(f.name)), Value.Field("placeID", .optional(f.placeID)),
            Value.Field("coordinate", point(f.coordinate)),
            Value.Field("formattedAddress", .optional(f.formattedAddress)),
            Value.Field("rating", num(f.rating)), Value.Field("priceLevel", int(f.priceLevel)),
            Value.Field("types", .list(f.types.map { .string($0) })), Value.Field("source", place(f.source)),
        ])
    }

    private static func likelihoods(_ list: [PlaceLikelihood]) -> Value {
        .list(
            list.map {
                var fields = [
                    Value.Field("place", fetched($0.place)), Value.Field("likelihood", $0.likelihood.map(num) ?? .null),
                ]
                if let d = $0.distance { fields.append(Value.Field("distance", num(d))) }
                return .record(fields)
            })
    }

    private static func app(_ app: TutorialApp, _ session: Session) throws(ArchiveError) -> Value {
        guard app.requestsInFlight == 0 else {
            throw ArchiveError("a places request is in flight: a session is saved when the run loop has settled")
        }
        let m = app.locationManager
        var heldBack: Value = .null
        if m.isHoldingBackAFix, let p = m.pendingSample,
            let event = session.pendingEvents.first(where: { $0.sequence == p })
        {
            heldBack = num(Double(event.micros))
        }
        var allowOnceEnds: Value = .null
        if let p = app.allowOnceExpiry, let event = session.pendingEvents.first(where: { $0.sequence == p }) {
            allowOnceEnds = num(Double(event.micros))
        }
        let map = app.mapView
        var response: Value = .null
        switch app.lastPlacesResponse {
        case .failed(let code)?: response = .record([Value.Field("failed", int(code.rawValue))])
        case .answered(let count)?: response = .record([Value.Field("answered", int(count))])
        case nil: break
        }
        return .record([
            Value.Field("flavor", .string(app.flavor.rawValue)),
            Value.Field("request", .string(app.authorizationRequest.rawValue)),
            Value.Field("nearbyCall", .string(app.nearbyCall.rawValue)),
            Value.Field("screen", .string(app.screen.rawValue)),
            Value.Field("running", .bool(app.isRunning)), Value.Field("crashMessage", .optional(app.crashMessage)),
            Value.Field(
                "locationManager",
                .record([
                    Value.Field("desiredAccuracy", num(m.desiredAccuracy)),
                    Value.Field("distanceFilter", num(m.distanceFilter)),
                    Value.Field("updating", .bool(m.isUpdating)),
                    Value.Field("lastDelivered", m.lastDelivered.map(fix) ?? .null),
                    Value.Field("reportedStatus", .optional(m.reportedStatus?.rawValue)),
                    Value.Field("reportedUnknown", .bool(m.reportedUnknown)), Value.Field("heldBackFixDue", heldBack),
                ])),
            Value.Field(
                "mapView",
                .record([
                    Value.Field("camera", camera(map.camera)), Value.Field("hidden", .bool(map.isHidden)),
                    Value.Field(
                        "markers",
                        .list(
                            map.markers.map {
                                .record([
                                    Value.Field("position", point($0.position)),
                                    Value.Field("title", .optional($0.title)),
                                    Value.Field("snippet", .optional($0.snippet)),
                                ])
                            })),
                    Value.Field("selectedMarker", map.selectedMarker.map { int($0) } ?? .null),
                    Value.Field("myLocationEnabled", .bool(map.isMyLocationEnabled)),
                    Value.Field("myLocationButton", .bool(map.myLocationButton)),
                    Value.Field("hasTiles", .bool(map.hasTiles)),
                    Value.Field("blankCause", blankCause(map.blankCause)),
                    Value.Field("keyFailureLogged", .bool(map.reportedKeyFailure)),
                    Value.Field(
                        "lastAnimation",
                        map.lastAnimation.map {
                            .record([
                                Value.Field("from", camera($0.from)), Value.Field("to", camera($0.to)),
                                Value.Field("start", num($0.start)), Value.Field("end", num($0.end)),
                            ])
                        } ?? .null),
                ])),
            Value.Field("likelyPlaces", likelihoods(app.likelyPlaces)),
            Value.Field("pickerPlaces", app.pickerPlaces.map(likelihoods) ?? .null),
            Value.Field("pickerSharesList", .bool(app.pickerSharesList)),
            Value.Field("pickerArray", app.pickerArrayAfterSharing.map(likelihoods) ?? .null),
            Value.Field("selectedPlace", app.selectedPlace.map(fetched) ?? .null),
            Value.Field("locationError", app.locationError.map { int($0.rawValue) } ?? .null),
            Value.Field("lastPlacesResponse", response),
            Value.Field("currentLocation", app.currentLocation.map(fix) ?? .null),
            Value.Field("background", .bool(app.isInBackground)),
            Value.Field("allowOnceEnds", allowOnceEnds),
        ])
    }

    /// `"network"`, the refused key's state, or null.
    private static func blankCause(_ cause: BlankMapCause?) -> Value {
        switch cause {
        case .network?: return .string("network")
        case .apiKey(let state)?: return .string(state.rawValue)
        case .mapsAPI?: return .string("mapsAPI")
        case nil: return .null
        }
    }

    private static func route(_ player: RoutePlayer, _ session: Session) -> Value {
        let r = player.route
        func due(_ sequence: Int?) -> Value {
            guard let sequence, let e = session.pendingEvents.first(where: { $0.sequence == sequence }) else {
                return .null
            }
            return num(Double(e.micros))
        }
        return .record([
            Value.Field("name", .string(r.name)), Value.Field("source", .string(r.source)),
            Value.Field("length", num(r.length)),
            Value.Field("warnings", .list(r.warnings.map { .string($0) })),
            Value.Field(
                "samples",
                .list(
                    r.samples.map {
                        .list([
                            num($0.coordinate.latitude), num($0.coordinate.longitude), num($0.speed), num($0.course),
                            num($0.offset),
                        ])
                    })),
            Value.Field(
                "waypoints",
                .list(
                    r.waypoints.map {
                        .list([num($0.coordinate.latitude), num($0.coordinate.longitude), num($0.time)])
                    })),
            Value.Field("spacing", spacingValue(r.spacing)),
            Value.Field("speed", r.speed.map(num) ?? .null),
            Value.Field("start", num(Double(player.startMicros))), Value.Field("next", int(player.nextIndex)),
            Value.Field("finished", .bool(player.isFinished)),
            Value.Field("stopped", player.stoppedMicros.map { num(Double($0)) } ?? .null),
            Value.Field("positionDue", due(player.pendingEvent)),
            Value.Field("standstillDue", due(player.standstillEvent)),
        ])
    }

    // MARK: - Reading

    /// Why a session file did not load: it is not JSON (`damaged`), or not a session
    /// placeshell reads (`invalid`).
    public enum LoadFailure: Error {
        case damaged(JSONError)
        case invalid(ArchiveError)
    }

    /// A session from the bytes of a saved one, and the shell's settings kept with it. The
    /// places are read one at a time as the parser meets them, each into the dataset, so a
    /// load holds the file, the dataset it makes and one place's JSON, not a tree of every
    /// place (which took about 17 times the file). A file with a place that does not read is
    /// read again whole, so that its errors are found in the order `restore(_:)` finds them.
    public static func restore(bytes: [UInt8]) -> Result<(Session, settings: JSONObject), LoadFailure> {
        var store = PlaceStore()
        var merge = store.beginStreamedMerge()
        var index = 0
        var placeFailed = false
        let parsed = JSON.parse(bytes, streaming: ["places", "dataset"]) { element in
            index += 1
            guard let reader = try? ArchiveReader(element, "places.dataset[\(index)]"), let p = try? readPlace(reader)
            else {
                placeFailed = true
                return false
            }
            store.add(record(of: p), source: p.area, to: &merge)
            return true
        }
        store.finish(&merge)
        let json: JSONValue
        switch parsed {
        case .success(let v): json = v
        case .failure(let e) where placeFailed || e.message == JSON.repeatedStreamMessage:
            store = PlaceStore()
            switch JSON.parse(bytes) {
            case .success(let v):
                do throws(ArchiveError) {
                    return .success(try restore(v))
                } catch {
                    return .failure(.invalid(error))
                }
            case .failure(let e): return .failure(.damaged(e))
            }
        case .failure(let e): return .failure(.damaged(e))
        }
        do throws(ArchiveError) {
            return .success(try restore(json, dataset: store))
        } catch {
            return .failure(.invalid(error))
        }
    }

    /// A new session from a saved one, and the shell's settings kept with it. Nothing is shared
    /// with any running session. `dataset`, when given, is the places already read from the
    /// file (`restore(bytes:)`), in place of `places.dataset`.
    public static func restore(_ json: JSONValue, dataset: PlaceStore? = nil) throws(ArchiveError) -> (
        Session, settings: JSONObject
    ) {
        let top = try ArchiveReader(json, "")
        guard top.value["kind"]?.string == kind else {
            throw ArchiveError("this is not a placeshell session file (no \"kind\": \"\(kind)\")")
        }
        let fileVersion = try top.int("version")
        guard fileVersion <= version else {
            throw ArchiveError(
                "the file was saved by a newer placeshell (session format \(fileVersion)); this one reads format \(version)"
            )
        }
        guard fileVersion >= 1 else { throw ArchiveError("version: \(fileVersion) is not a session format") }
        let root = try ArchiveReader(json, "", version: fileVersion)
        let session = Session()
        guard try root.number("clock") >= 0 else {
            throw ArchiveError("clock: expected a time, found a negative number")
        }
        session.clockMicros = try root.micros("clock")
        session.device = try readDevice(root.object("device"))
        try readPlaces(root.object("places"), into: session, dataset: dataset)
        session.log = try root.strings("log")
        session.stats = try readStats(root.object("stats"))
        session.tracing = try root.bool("tracing")
        if let app = try root.optionalObject("app") {
            let restored = try readApp(app, session)
            session.app = restored
            session.lastApp = restored
        }
        if let last = try root.optionalObject("lastApp") {
            session.lastApp = try readApp(last, session)
        }
        if let route = try root.optionalObject("route") { try readRoute(route, session) }
        let settings = try root.object("settings").value.object ?? JSONObject()
        return (session, settings)
    }

    private static func readDevice(_ r: ArchiveReader) throws(ArchiveError) -> Device {
        var d = Device()
        if let p = try r.optionalObject("position") { d.position = try readPosition(p) }
        let pr = try r.object("privacy")
        d.privacy.servicesEnabled = try pr.bool("servicesEnabled")
        d.privacy.restricted = try pr.bool("restricted")
        d.privacy.permission = try pr.choice("permission", LocationPermission.self)
        d.privacy.allowedOnce = try pr.bool("allowedOnce")
        d.privacy.provisionalAlways = try pr.bool("provisionalAlways", since: 2, default: false)
        d.privacy.precise = try pr.bool("precise")
        d.privacy.unknownFutureStatus = try pr.bool("unknownFutureStatus")
        d.promptOpen = try r.bool("promptOpen")
        d.servicesAlertOpen = try r.bool("servicesAlertOpen", since: 3, default: false)
        if let text = try r.optionalString("noLocation", since: 2) {
            guard let report = NoLocationReport(rawValue: text) else {
                throw ArchiveError("\(r.path).noLocation: not error or silent")
            }
            d.noLocationReport = report
        }
        d.pickerScrolls = try r.bool("pickerScrolls", since: 2, default: SimulationChoices.pickerScrolls)
        // Sessions saved before the setting existed are English.
        if let code = try r.optionalString("language", since: 2) {
            guard let language = DeviceLanguage.named(code) else {
                let codes = DeviceLanguage.all.map(\.code).joined(separator: ", ")
                throw ArchiveError("\(r.path).language: '\(code)' is not one of \(codes)")
            }
            d.language = language
        }
        d.promptAccuracyReduced = try r.bool("promptAccuracyReduced", since: 2, default: false)
        let plist = try r.object("infoPlist")
        var texts: [UsageKey: String] = [:]
        for member in plist.value.object?.members ?? [] {
            if member.key == InfoPlist.defaultAccuracyReducedKey {
                guard case .bool(let reduced) = member.value else {
                    throw ArchiveError("\(plist.path).\(member.key): expected true or false")
                }
                d.infoPlist.defaultAccuracyReduced = reduced
                continue
            }
            guard let key = UsageKey(rawValue: member.key), let text = member.value.string else {
                throw ArchiveError("\(plist.path).\(member.key): not a location usage key with its text")
            }
            texts[key] = text
        }
        d.infoPlist.texts = texts
        let screen = try r.numbers("screen", count: 2)
        // The map view's frame: a screen of no size, or of astronomical size, has no map to draw.
        guard screen.allSatisfy({ (1...10_000).contains($0) }) else {
            throw ArchiveError("\(r.path).screen: expected a width and a height of 1…10000 points")
        }
        d.screenWidth = screen[0]
        d.screenHeight = screen[1]
        return d
    }

    private static func readPosition(_ r: ArchiveReader) throws(ArchiveError) -> DevicePosition {
        DevicePosition(
            coordinate: try r.point("coordinate"),
            horizontalAccuracy: try r.number("horizontalAccuracy", in: Limits.accuracy),
            speed: try r.number("speed", in: Limits.speed), course: try r.number("course", in: Limits.course))
    }

    private static func readPlace(_ r: ArchiveReader) throws(ArchiveError) -> Place {
        Place(
            id: try r.string("id"), name: try r.string("name"), coordinate: try r.point("coordinate"),
            types: try r.strings("types"), address: try r.string("address"),
            rating: try r.number("rating", in: Limits.rating),
            priceLevel: try r.int("priceLevel", in: Limits.priceLevel),
            radius: try r.number("radius", in: Limits.radius), area: try r.string("area"))
    }

    /// A saved place as the record the dataset is built from.
    private static func record(of p: Place) -> PlaceRecord {
        PlaceRecord(
            id: p.id, name: p.name, latitude: p.coordinate.latitude, longitude: p.coordinate.longitude,
            types: p.types, address: p.address.isEmpty ? nil : p.address, rating: p.rating > 0 ? p.rating : nil,
            priceLevel: p.priceLevel >= 0 ? p.priceLevel : nil, radius: p.radius)
    }

    private static func readPlaces(_ r: ArchiveReader, into session: Session, dataset: PlaceStore?) throws(ArchiveError)
    {
        // Places keep the area (source) each came from: consecutive runs of one area are merged
        // as one batch under its name, in order, so the store reads back as it was.
        let items = try r.array("dataset")
        var store = dataset ?? PlaceStore()
        if dataset == nil {
            var merge = store.beginStreamedMerge()
            for item in items {
                let p = try readPlace(item)
                store.add(record(of: p), source: p.area, to: &merge)
            }
            store.finish(&merge)
        }
        store.source = try r.string("source")
        session.places.dataset = store
        let bits = try r.number("fields")
        guard bits >= 0, bits < 9e15, let mask = wholeInt(bits) else {
            throw ArchiveError("\(r.path).fields: not a field mask")
        }
        session.places.requestedFields = PlaceFields(bits: UInt64(mask))  // safe: 0…9e15, checked above
        var nearby = NearbySettings()
        if let n = try r.optionalObject("nearby", since: 2) {
            nearby.radius = try n.number("radius", in: Limits.nearbyRadius)
            nearby.rank = try n.choice("rank", NearbyRank.self)
            nearby.maxResultCount = try n.int("maxResultCount", in: Limits.nearbyMax)
            nearby.includedTypes = try n.strings("includedTypes")
            nearby.excludedTypes = try n.strings("excludedTypes")
            let properties = try n.strings("properties")
            guard properties.allSatisfy(NearbyProperties.allNames.contains) else {
                throw ArchiveError("\(n.path).properties: not a place property")
            }
            nearby.properties = NearbyProperties.normalized(properties)
            nearby.call = try n.choice("call", NearbyCallSpelling.self, since: 3, default: .sdk)
            if n.reads("includedPrimaryTypes", since: 3) {
                nearby.includedPrimaryTypes = try n.strings("includedPrimaryTypes")
                nearby.excludedPrimaryTypes = try n.strings("excludedPrimaryTypes")
                nearby.regionCode = try n.optionalString("regionCode")
            }
        }
        session.places.nearby = nearby
        // Before format 3 every project built against the tutorial's pin.
        if let text = try r.optionalString("sdk", since: 3) {
            guard let version = SDKVersion(text), version >= PlacesSDK.oldest else {
                throw ArchiveError("\(r.path).sdk: '\(text)' is not a GooglePlaces version placeshell builds with")
            }
            session.places.sdk = version
        }
        var project = CloudProject()
        if let p = try r.optionalObject("project", since: 2) {
            project.legacy = try p.bool("legacy")
            project.newAPI = try p.bool("newAPI")
            project.maps = try p.bool("maps", since: 3, default: true)
        }
        session.places.project = project
        let f = try r.object("faults")
        var faults = PlacesFaults()
        for fault in PlacesFault.all where f.reads(fault.archive.key, since: fault.archive.since) {
            try fault.archive.load(f, fault.archive.key, &faults)
        }
        session.places.faults = faults
    }

    private static func readStats(_ r: ArchiveReader) throws(ArchiveError) -> Stats {
        var s = Stats()
        s.placesRequests = try r.int("placesRequests", in: Limits.count)
        s.locationUpdates = try r.int("locationUpdates", in: Limits.count)
        for item in try r.array("billing") {
            guard let pair = item.value.array, pair.count == 2, let sku = pair[0].string, let n = pair[1].number else {
                throw ArchiveError("\(item.path): expected [SKU, count]")
            }
            s.billing.append((sku, try ArchiveReader.whole(n, in: Limits.count, "\(item.path)[2]")))
        }
        return s
    }

    private static func readFix(_ r: ArchiveReader) throws(ArchiveError) -> LocationFix {
        LocationFix(
            coordinate: try r.point("coordinate"),
            horizontalAccuracy: try r.number("horizontalAccuracy", in: Limits.accuracy),
            speed: try r.number("speed", in: Limits.speed), course: try r.number("course", in: Limits.course),
            timestamp: try r.number("timestamp", in: Limits.seconds))
    }

    private static func readCamera(_ r: ArchiveReader) throws(ArchiveError) -> CameraPosition {
        CameraPosition(
            target: try r.point("target"),
            zoom: try r.number("zoom", in: SimulationChoices.minimumZoom...SimulationChoices.maximumZoom),
            bearing: try r.number("bearing", in: 0...360), viewingAngle: try r.number("viewingAngle", in: 0...65))
    }

    private static func readFetched(_ r: ArchiveReader) throws(ArchiveError) -> FetchedPlace {
        var f = FetchedPlace(try readPlace(r.object("source")), fields: PlaceFields())
        f.name = try r.optionalString("name")
        f.placeID = try r.optionalString("placeID")
        f.coordinate = try r.point("coordinate")
        f.formattedAddress = try r.optionalString("formattedAddress")
        f.rating = try r.number("rating", in: Limits.rating)
        f.priceLevel = try r.int("priceLevel", in: Limits.priceLevel)
        f.types = try r.strings("types")
        return f
    }

    private static func readLikelihoods(_ items: [ArchiveReader]) throws(ArchiveError) -> [PlaceLikelihood] {
        var out: [PlaceLikelihood] = []
        for item in items {
            out.append(
                PlaceLikelihood(
                    place: try readFetched(item.object("place")),
                    likelihood: try item.optionalNumber("likelihood", in: Limits.likelihood),
                    distance: item.value["distance"] != nil
                        ? try item.number("distance", in: Limits.nearbyDistance) : nil)
            )
        }
        return out
    }

    private static func readApp(_ r: ArchiveReader, _ session: Session) throws(ArchiveError) -> TutorialApp {
        let request = try r.choice("request", AuthorizationRequest.self, since: 2, default: .whenInUse)
        // Before format 3 the nearby app called searchNearby(with:completion:).
        let nearbyCall = try r.choice("nearbyCall", PlacesSDKCall.self, since: 3, default: .searchNearbyCompletion)
        let app = TutorialApp(
            session: session, flavor: try r.choice("flavor", AppFlavor.self), authorizationRequest: request,
            restoring: true, nearbyCall: nearbyCall)
        app.screen = try r.choice("screen", AppScreen.self)
        app.isRunning = try r.bool("running")
        app.crashMessage = try r.optionalString("crashMessage")
        let m = try r.object("locationManager")
        app.locationManager.desiredAccuracy = try m.number("desiredAccuracy", in: Limits.desiredAccuracy)
        app.locationManager.distanceFilter = try m.number("distanceFilter", in: Limits.distanceFilter)
        app.locationManager.isUpdating = try m.bool("updating")
        if let f = try m.optionalObject("lastDelivered") { app.locationManager.lastDelivered = try readFix(f) }
        if let s = try m.optionalString("reportedStatus") {
            guard let status = AuthorizationStatus(rawValue: s) else {
                throw ArchiveError("\(m.path).reportedStatus: not a status")
            }
            app.locationManager.reportedStatus = status
        }
        app.locationManager.reportedUnknown = try m.bool("reportedUnknown")
        let map = try r.object("mapView")
        app.mapView.camera = try readCamera(map.object("camera"))
        let hidden = try map.bool("hidden")
        for item in try map.array("markers") {
            app.mapView.markers.append(
                Marker(
                    position: try item.point("position"), title: try item.optionalString("title"),
                    snippet: try item.optionalString("snippet")))
        }
        if let selected = try map.optionalNumber("selectedMarker") {
            guard let index = wholeInt(selected), app.mapView.markers.indices.contains(index) else {
                throw ArchiveError("\(map.path).selectedMarker: no such marker")
            }
            app.mapView.selectedMarker = index
        }
        app.mapView.isMyLocationEnabled = try map.bool("myLocationEnabled")
        app.mapView.myLocationButton = try map.bool("myLocationButton")
        // The tile state came with the blank map; in a file saved before it, a shown map has its
        // tiles and a hidden one will fetch them when it is shown.
        var cause: BlankMapCause?
        if let word = try map.optionalString("blankCause", since: 2) {
            if word == "network" {
                cause = .network
            } else if word == "mapsAPI" && map.version >= 3 {
                cause = .mapsAPI
            } else if let state = APIKeyState(rawValue: word), state != .valid {
                cause = .apiKey(state)
            } else {
                throw ArchiveError("\(map.path).blankCause: not network or a refused key's state")
            }
        }
        app.mapView.restore(
            hidden: hidden, hasTiles: try map.bool("hasTiles", since: 2, default: !hidden), blankCause: cause,
            reportedKeyFailure: try map.bool("keyFailureLogged", since: 2, default: false))
        if let a = try map.optionalObject("lastAnimation") {
            app.mapView.lastAnimation = CameraAnimation(
                from: try readCamera(a.object("from")), to: try readCamera(a.object("to")),
                start: try a.number("start", in: Limits.seconds),
                end: try a.number("end", in: Limits.seconds))
        }
        app.likelyPlaces = try readLikelihoods(r.array("likelyPlaces"))
        if let picker = try r.optionalArray("pickerPlaces") { app.pickerPlaces = try readLikelihoods(picker) }
        app.pickerSharesList = try r.bool("pickerSharesList", since: 3, default: false) && app.pickerPlaces != nil
        if r.reads("pickerArray", since: 3), let array = try r.optionalArray("pickerArray") {
            app.pickerArrayAfterSharing = try readLikelihoods(array)
        }
        if let selected = try r.optionalObject("selectedPlace") { app.selectedPlace = try readFetched(selected) }
        if let code = try r.optionalNumber("locationError") {
            guard let error = ArchiveReader.code(code, LocationErrorCode.self) else {
                throw ArchiveError("\(r.path).locationError: not a code")
            }
            app.locationError = error
        }
        if let response = try r.optionalObject("lastPlacesResponse") {
            if response.value["failed"] != nil {
                guard let code = ArchiveReader.code(try response.number("failed"), PlacesErrorCode.self) else {
                    throw ArchiveError("\(response.path).failed: not a Places error code")
                }
                app.lastPlacesResponse = .failed(code)
            } else if response.value["answered"] != nil {
                let count = try response.int("answered", in: 0...SimulationChoices.maximumLikelihoods)
                app.lastPlacesResponse = .answered(count: count)
            } else {
                throw ArchiveError("\(response.path): expected failed or answered")
            }
        }
        if let f = try r.optionalObject("currentLocation", since: 2) {
            app.currentLocation = try readFix(f)
        }
        if app.isRunning, try r.bool("background", since: 2, default: false) {
            app.isInBackground = true
            app.locationManager.isSuspended = true
            if let due = try r.optionalNumber("allowOnceEnds", in: Limits.micros, since: 2) {
                app.scheduleAllowOnceExpiry(after: (due - Double(session.clockMicros)) / 1_000_000)
            }
        }
        if app.isRunning, !app.isInBackground,
            let due = try m.optionalNumber("heldBackFixDue", in: Limits.micros)
        {
            app.locationManager.restoreHeldBackFix(delay: (due - Double(session.clockMicros)) / 1_000_000)
        }
        return app
    }

    /// `{"interval": S}` or `{"distance": M}`.
    private static func spacingValue(_ spacing: Route.Spacing) -> Value {
        switch spacing {
        case .interval(let s): return .record([Value.Field("interval", .number(s))])
        case .distance(let m): return .record([Value.Field("distance", .number(m))])
        }
    }

    private static func readSpacing(_ r: ArchiveReader) throws(ArchiveError) -> Route.Spacing {
        if r.has("distance") { return .distance(try r.number("distance", in: 0.1...1_000_000)) }
        return .interval(try r.number("interval", in: 0.01...86_400))
    }

    private static func readRoute(_ r: ArchiveReader, _ session: Session) throws(ArchiveError) {
        var samples: [RouteSample] = []
        for item in try r.array("samples") {
            guard let a = item.value.array, a.count == 5 else { throw ArchiveError("\(item.path): expected 5 numbers") }
            var n: [Double] = []
            for x in a {
                guard let v = x.number, v.isFinite else { throw ArchiveError("\(item.path): expected 5 numbers") }
                n.append(v)
            }
            guard (-90...90).contains(n[0]), (-180...180).contains(n[1]) else {
                throw ArchiveError("\(item.path): not a position")
            }
            _ = try ArchiveReader.checked(n[2], Limits.speed, "\(item.path)[3]")
            _ = try ArchiveReader.checked(n[3], Limits.course, "\(item.path)[4]")
            _ = try ArchiveReader.checked(n[4], Limits.seconds, "\(item.path)[5]")
            samples.append(
                RouteSample(
                    coordinate: GeoPoint(latitude: n[0], longitude: n[1]), speed: n[2], course: n[3], offset: n[4]))
        }
        var route = Route(
            name: try r.string("name"), source: try r.string("source"), samples: samples,
            length: try r.number("length", in: Limits.length),
            warnings: try r.strings("warnings"))
        // A file from before format 4 has no waypoints: its positions stand for them.
        route.waypoints = samples.map { RouteWaypoint(coordinate: $0.coordinate, time: $0.offset) }
        if r.reads("waypoints", since: 4) {
            route.waypoints = []
            for item in try r.array("waypoints") {
                guard let a = item.value.array, a.count == 3, let lat = a[0].number, let lng = a[1].number,
                    let time = a[2].number, (-90...90).contains(lat), (-180...180).contains(lng)
                else { throw ArchiveError("\(item.path): expected a latitude, a longitude and a time") }
                _ = try ArchiveReader.checked(time, Limits.seconds, "\(item.path)[3]")
                route.waypoints.append(RouteWaypoint(coordinate: GeoPoint(latitude: lat, longitude: lng), time: time))
            }
            route.spacing = try readSpacing(try r.object("spacing"))
            route.speed = try r.optionalNumber("speed", in: Limits.speed)
        }
        let player = RoutePlayer(route: route, startMicros: try r.micros("start"))
        player.nextIndex = try r.int("next")
        guard player.nextIndex >= 0, player.nextIndex <= samples.count else {
            throw ArchiveError("\(r.path).next: beyond the route's end")
        }
        player.isFinished = try r.bool("finished")
        if let stopped = try r.optionalMicros("stopped") { player.stoppedMicros = stopped }
        session.route = player
        if try r.optionalNumber("positionDue", in: Limits.micros) != nil, player.nextIndex < samples.count {
            session.scheduleNextRoutePosition(player)
        }
        if let due = try r.optionalNumber("standstillDue", in: Limits.micros) {
            session.scheduleStandstill(player, delay: (due - Double(session.clockMicros)) / 1_000_000)
        }
    }
}

/// Reads a saved session's members with their paths, so an error names where it is.
struct ArchiveReader {
    let value: JSONValue
    let path: String
    /// The format of the file being read (`SessionArchive.version`).
    let version: Int

    init(_ value: JSONValue, _ path: String, version: Int = SessionArchive.version) throws(ArchiveError) {
        self.value = value
        self.path = path
        self.version = version
    }

    // A member that format `since` added is read where the file has it, or must have it (a file
    // of that format or later: its absence is an error); a file saved before reads as `value`.

    func reads(_ key: String, since: Int) -> Bool { version >= since || has(key) }

    func bool(_ key: String, since: Int, default value: Bool) throws(ArchiveError) -> Bool {
        reads(key, since: since) ? try bool(key) : value
    }
    func optionalObject(_ key: String, since: Int) throws(ArchiveError) -> ArchiveReader? {
        reads(key, since: since) ? try optionalObject(key) : nil
    }
    func optionalString(_ key: String, since: Int) throws(ArchiveError) -> String? {
        reads(key, since: since) ? try optionalString(key) : nil
    }
    func optionalNumber(_ key: String, in range: ClosedRange<Double>, since: Int) throws(ArchiveError) -> Double? {
        reads(key, since: since) ? try optionalNumber(key, in: range) : nil
    }
    func choice<T: RawRepresentable>(_ key: String, _ type: T.Type, since: Int, default value: T) throws(ArchiveError)
        -> T where T.RawValue == String
    {
        reads(key, since: since) ? try choice(key, type) : value
    }

    private func member(_ key: String) throws(ArchiveError) -> JSONValue {
        guard let object = value.object else {
            throw ArchiveError("\(path.isEmpty ? "the file" : path): expected an object")
        }
        guard let v = object[key] else { throw ArchiveError("\(sub(key)): missing") }
        return v
    }
    private func sub(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
    private func wrong(_ key: String, _ what: String, _ v: JSONValue) -> ArchiveError {
        ArchiveError("\(sub(key)): expected \(what), found \(v.kindName)")
    }

    func object(_ key: String) throws(ArchiveError) -> ArchiveReader {
        let v = try member(key)
        guard v.object != nil else { throw wrong(key, "an object", v) }
        return try ArchiveReader(v, sub(key), version: version)
    }
    /// Whether the object has the member (one a later format added may be missing).
    func has(_ key: String) -> Bool { value.object?[key] != nil }
    func optionalObject(_ key: String) throws(ArchiveError) -> ArchiveReader? {
        let v = try member(key)
        if v.isNull { return nil }
        guard v.object != nil else { throw wrong(key, "an object or null", v) }
        return try ArchiveReader(v, sub(key), version: version)
    }
    func array(_ key: String) throws(ArchiveError) -> [ArchiveReader] {
        let v = try member(key)
        guard let items = v.array else { throw wrong(key, "an array", v) }
        var out: [ArchiveReader] = []
        for (i, item) in items.enumerated() {
            out.append(try ArchiveReader(item, "\(sub(key))[\(i + 1)]", version: version))
        }
        return out
    }
    func optionalArray(_ key: String) throws(ArchiveError) -> [ArchiveReader]? {
        if try member(key).isNull { return nil }
        return try array(key)
    }
    func number(_ key: String) throws(ArchiveError) -> Double {
        let v = try member(key)
        guard let n = v.number, n.isFinite else { throw wrong(key, "a number", v) }
        return n
    }
    func optionalNumber(_ key: String) throws(ArchiveError) -> Double? {
        if try member(key).isNull { return nil }
        return try number(key)
    }
    /// A number within `range`; outside it, an error naming the path and the range.
    func number(_ key: String, in range: ClosedRange<Double>) throws(ArchiveError) -> Double {
        try ArchiveReader.checked(try number(key), range, sub(key))
    }
    func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(ArchiveError) -> Double? {
        if try member(key).isNull { return nil }
        return try number(key, in: range)
    }
    func int(_ key: String) throws(ArchiveError) -> Int {
        try ArchiveReader.whole(try number(key), sub(key))
    }
    func int(_ key: String, in range: ClosedRange<Int>) throws(ArchiveError) -> Int {
        try ArchiveReader.whole(try number(key), in: range, sub(key))
    }
    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(ArchiveError) -> Int? {
        if try member(key).isNull { return nil }
        return try int(key, in: range)
    }
    /// Whole microseconds within `SessionArchive.Limits.micros`.
    func micros(_ key: String) throws(ArchiveError) -> Int64 {
        let n = try number(key, in: SessionArchive.Limits.micros)
        guard let m = wholeInt(n) else { throw ArchiveError("\(sub(key)): expected a whole number") }
        return Int64(m)  // safe: Int64 holds every Int
    }
    func optionalMicros(_ key: String) throws(ArchiveError) -> Int64? {
        if try member(key).isNull { return nil }
        return try micros(key)
    }

    /// `n` as an Int in `range`: outside it, an error naming the range; inside, a whole number.
    static func whole(_ n: Double, in range: ClosedRange<Int>, _ path: String) throws(ArchiveError) -> Int {
        guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw ArchiveError(
                "\(path): \(formatNumber(n)) is outside the allowed range \(range.lowerBound)…\(range.upperBound)")
        }
        return try whole(n, path)
    }
    /// A code (an error's raw value): nil when `n` is not a whole number or names no code.
    static func code<T: RawRepresentable>(_ n: Double, _ type: T.Type) -> T? where T.RawValue == Int {
        wholeInt(n).flatMap(T.init(rawValue:))
    }
    static func checked(_ n: Double, _ range: ClosedRange<Double>, _ path: String) throws(ArchiveError) -> Double {
        guard range.contains(n) else {
            throw ArchiveError(
                "\(path): \(formatNumber(n)) is outside the allowed range \(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))"
            )
        }
        return n
    }
    /// `n` as an Int when it is a whole number (any size a JSON number can hold is refused
    /// past ±9×10¹⁵, where doubles stop counting every integer).
    static func whole(_ n: Double, _ path: String) throws(ArchiveError) -> Int {
        guard abs(n) < 9e15, let i = wholeInt(n) else { throw ArchiveError("\(path): expected a whole number") }
        return i
    }
    func bool(_ key: String) throws(ArchiveError) -> Bool {
        let v = try member(key)
        guard case .bool(let b) = v else { throw wrong(key, "true or false", v) }
        return b
    }
    func string(_ key: String) throws(ArchiveError) -> String {
        let v = try member(key)
        guard let s = v.string else { throw wrong(key, "text", v) }
        return s
    }
    func optionalString(_ key: String) throws(ArchiveError) -> String? {
        if try member(key).isNull { return nil }
        return try string(key)
    }
    func strings(_ key: String) throws(ArchiveError) -> [String] {
        var out: [String] = []
        for item in try array(key) { out.append(try item.stringValue()) }
        return out
    }
    func stringValue() throws(ArchiveError) -> String {
        guard let s = value.string else { throw ArchiveError("\(path): expected text, found \(value.kindName)") }
        return s
    }
    func numbers(_ key: String, count: Int) throws(ArchiveError) -> [Double] {
        let items = try array(key)
        guard items.count == count else { throw ArchiveError("\(sub(key)): expected \(count) numbers") }
        var out: [Double] = []
        for item in items {
            guard let n = item.value.number, n.isFinite else {
                throw ArchiveError("\(item.path): expected a number")
            }
            out.append(n)
        }
        return out
    }
    func point(_ key: String) throws(ArchiveError) -> GeoPoint {
        let n = try numbers(key, count: 2)
        guard (-90...90).contains(n[0]), (-180...180).contains(n[1]) else {
            throw ArchiveError("\(sub(key)): not a position")
        }
        return GeoPoint(latitude: n[0], longitude: n[1])
    }
    func choice<T: RawRepresentable>(_ key: String, _ type: T.Type) throws(ArchiveError) -> T
    where T.RawValue == String {
        let s = try string(key)
        guard let v = T(rawValue: s) else {
            throw ArchiveError("\(sub(key)): '\(excerpt(s))' is not a known value")
        }
        return v
    }
}
