import PlaceFormats
import PlaceStorage

/// Things that go wrong outside the app's code: the network, the API key, the Places servers'
/// quota, an error the servers answer with, a location error, a missing Info.plist key. Each is
/// set by a person (`fail places`, `network off`, `apikey expired`, `ratelimit 5`, `plist remove`)
/// and lasts until changed: none of them belongs to the simulator's content and settings, so
/// neither a launch nor `reset` clears them.

/// How long an injected places error lasts.
public enum FaultMode: String, Sendable, CaseIterable {
    /// The next request that reaches the servers fails, then the fault is spent.
    case once
    /// Every request that reaches the servers fails until the fault is turned off.
    case always
}

/// An error the Places servers answer with, armed by `fail places`.
public struct InjectedPlacesFault: Sendable, Equatable {
    public var code: PlacesErrorCode
    public var mode: FaultMode

    public init(code: PlacesErrorCode, mode: FaultMode) {
        self.code = code
        self.mode = mode
    }
}

/// The API key the app passes to `GMSPlacesClient.provideAPIKey`, as the Places servers judge it.
public enum APIKeyState: String, Sendable, CaseIterable {
    case valid, invalid, expired
    /// The key's iOS-app restriction does not list the app's bundle identifier.
    case unauthorizedBundle = "unauthorized-bundle"

    /// The error a request made with this key gets, or nil for a good key.
    public var errorCode: PlacesErrorCode? {
        switch self {
        case .valid: return nil
        case .invalid: return .keyInvalid
        case .expired: return .keyExpired
        case .unauthorizedBundle: return .incorrectBundleIdentifier
        }
    }
}

/// The tutorial app's bundle identifier (its Xcode project).
public let tutorialBundleIdentifier = "com.google.examples.current-place-on-map"

/// A per-key limit of N requests in any 60 seconds of virtual time (a sliding window).
public struct PlacesRateLimit: Sendable, Equatable {
    public var perMinute: Int
    /// When the requests the limit let through were made (microseconds of virtual time), oldest
    /// first; only those within the window are kept.
    public internal(set) var admitted: [Int64] = []

    public init(perMinute: Int) { self.perMinute = perMinute }

    static var windowMicros: Int64 { Session.micros(SimulationChoices.rateLimitWindow) }

    private mutating func forgetOld(at now: Int64) {
        let start = now - Self.windowMicros
        if let keep = admitted.firstIndex(where: { $0 > start }) {
            admitted.removeFirst(keep)
        } else {
            admitted.removeAll()
        }
    }

    /// Lets a request made at `now` through (it then counts), or refuses it (it does not count).
    mutating func admit(at now: Int64) -> Bool {
        forgetOld(at: now)
        guard admitted.count < perMinute else { return false }
        admitted.append(now)
        return true
    }

    /// How many requests of the last 60 s count against the limit at virtual time `clock`.
    public func used(at clock: Double) -> Int {
        let start = Session.micros(clock) - Self.windowMicros
        return admitted.reduce(0) { $0 + ($1 > start ? 1 : 0) }
    }

    /// When (virtual seconds) the next request will be let through, if the limit is reached at `clock`.
    public func nextFreeAt(_ clock: Double) -> Double? {
        let start = Session.micros(clock) - Self.windowMicros
        let live = admitted.filter { $0 > start }
        guard live.count >= perMinute, let oldest = live.first else { return nil }
        return Double(oldest + Self.windowMicros) / 1_000_000
    }
}

/// Which Places API a request goes to.
public enum PlacesAPI: String, Sendable {
    /// Places API (Legacy): Current Place.
    case legacy
    /// Places API (New): Nearby Search (New).
    case newAPI = "new-api"
}

/// The checks a places request goes through, each with the error it gives. The order they
/// run in is `SimulationChoices.placesCheckOrder`; the first that fails answers the request.
public enum PlacesCheck: String, Sendable, CaseIterable {
    /// The field mask (invalidRequest, -12), checked by the SDK before anything is sent.
    case fields
    /// The device's location: permission and a position (locationError, -11), needed before a
    /// request can be sent.
    case location
    /// The network (networkError, -1): the request must reach the servers.
    case network
    /// The API key (keyInvalid -4, keyExpired -5, incorrectBundleIdentifier -10), judged by the servers.
    case apiKey
    /// The Places API the request needs, enabled in the key's Cloud project
    /// (accessNotConfigured, -9).
    case project
    /// The per-key rate limit (rateLimitExceeded, -7).
    case rateLimit
    /// An error armed with `fail places`: what the servers answer.
    case injected
}

extension PlacesCheck {
    /// The order a places request's checks run in (`SimulationChoices.placesCheckOrder`), as an
    /// mdoc list, each check with the error it gives: the manual and `help` print it.
    public static let manualOrder: String =
        ([".Bl -enum -compact"] + SimulationChoices.placesCheckOrder.map { ".It\n" + $0.manualName } + [".El"])
        .joined(separator: "\n")

    private var manualName: String {
        switch self {
        case .fields: return "the fields\n.Pq Dv invalidRequest , No \\-12"
        case .location: return "the device's location and permission\n.Pq Dv locationError , No \\-11"
        case .network: return "the network\n.Pq Dv networkError , No \\-1"
        case .apiKey:
            return
                "the API key\n.Pq Dv keyInvalid No \\-4 , Dv keyExpired No \\-5 , Dv incorrectBundleIdentifier No \\-10"
        case .project:
            return
                "the Places API the request needs, enabled in the key's Cloud project\n.Pq Dv accessNotConfigured , No \\-9"
        case .rateLimit: return "the rate limit\n.Pq Dv rateLimitExceeded , No \\-7"
        case .injected: return "an error armed with\n.Ic fail places"
        }
    }
}

/// The faults set on the places service: each is declared in `PlacesFault.all`.
public struct PlacesFaults: Sendable, Equatable {
    /// The device's network connection (`network on|off`).
    public var networkOnline = true
    /// The API key, as the servers judge it (`apikey`).
    public var apiKey = APIKeyState.valid
    /// An error the servers answer with (`fail places`).
    public var injected: InjectedPlacesFault?
    /// A per-key rate limit (`ratelimit`).
    public var rateLimit: PlacesRateLimit?

    public init() {}

    /// Nothing is set.
    public var isClear: Bool { self == PlacesFaults() }
}

// MARK: - The faults, declared once

/// One fault of the places service that a person sets, and everything said of it, declared
/// here once: its member of the `faults` state path (its shape, its value and its entry in the
/// manual), its row of the `faults` table, what `explain` says while it is set, and how a saved
/// session holds it. The `faults` command and state path, `explain`, the session file and the
/// manual all read `PlacesFault.all`. A new fault is a member of `PlacesFaults` and an entry
/// here, its command in the Faults family, and its effect where it acts.
public struct PlacesFault: Sendable {
    /// Its word in the `faults` table (the command that sets it).
    public let name: String
    /// Its member of the `faults` state path.
    public let member: String
    /// What the member holds, whatever the value now: `expect` and `--check` read it.
    public let shape: StateShape
    /// The member's value now.
    public let value: @Sendable (Session) -> Value
    /// Its entry in the manual's STATE PATHS section, in mdoc: `.It Li faults.MEMBER` and text.
    public let manual: String
    /// Its row of the `faults` table.
    public let row: @Sendable (Session) -> String
    /// What `explain` says of it while it is set (sentences); nil while it is not.
    public let finding: @Sendable (Session) -> String?
    /// What to do by hand to have it as it is set on a real device or Simulator (no simctl
    /// command sets it): `export simctl` writes it where the session changed it.
    public let onDevice: @Sendable (PlacesFaults) -> String
    /// How a saved session holds it: the member of `places.faults`, the session format that
    /// added it (an older file reads as unset; a fault added later names the next format, and
    /// `SessionArchive.version` follows), and how it is written and read back.
    let archive: (key: String, since: Int, save: @Sendable (PlacesFaults) -> Value, load: Load)
    /// Its member of `places.faults` in a saved session.
    public var archiveKey: String { archive.key }
    typealias Load = @Sendable (ArchiveReader, String, inout PlacesFaults) throws(ArchiveError) -> Void
    /// What the simulation decides about it where the real APIs are silent, if anything: the
    /// manual's SIMULATION CHOICES and `help choices` list it with the others.
    public var choice: SimulationChoices.Choice? = nil

    /// Every fault, in the order the `faults` table and the state path list them.
    public static let all: [PlacesFault] = [network, apiKey, injected, rateLimit]

    public static let network = PlacesFault(
        name: "network", member: "network", shape: .words(["on", "off"]),
        value: { .string($0.places.faults.networkOnline ? "on" : "off") },
        manual: #"""
            .It Li faults.network
            .Qq on
            or
            .Qq off ,
            as
            .Ic network
            sets it.
            """#,
        row: { $0.places.faults.networkOnline ? "on" : "off: requests fail with networkError (-1)" },
        finding: { session in
            session.places.faults.networkOnline
                ? nil
                : "The network is off: places requests fail with networkError (-1), and a map that needs its first tiles stays blank."
        },
        onDevice: { faults in
            faults.networkOnline
                ? "turn the Mac's network back on (the Simulator has no network switch of its own; it uses the Mac's)"
                : "turn the Mac's network off (Wi-Fi off, or the Network Link Conditioner's 100% Loss profile): the Simulator uses the Mac's network"
        },
        archive: (
            "networkOnline", 1, { .bool($0.networkOnline) },
            { (r, key, faults) throws(ArchiveError) in faults.networkOnline = try r.bool(key) }
        ))

    public static let apiKey = PlacesFault(
        name: "apikey", member: "apikey", shape: .words(APIKeyState.self),
        value: { .string($0.places.faults.apiKey.rawValue) },
        manual: #"""
            .It Li faults.apikey
            The API key as the servers judge it:
            \#(manualWords(APIKeyState.allCases.map(\.rawValue), macro: "Qq")) .
            """#,
        row: { session in
            let state = session.places.faults.apiKey
            guard let code = state.errorCode else { return "valid" }
            return "\(state.rawValue): requests fail with \(code.name) (\(code.rawValue))"
        },
        finding: { session in
            let state = session.places.faults.apiKey
            guard let code = state.errorCode else { return nil }
            return
                "The API key is \(state.rawValue): places requests fail with \(code.name) (\(code.rawValue)), and the Maps SDK, given the same key, leaves a map that needs its first tiles blank."
        },
        onDevice: { faults in
            switch faults.apiKey {
            case .valid:
                return
                    "give GMSPlacesClient.provideAPIKey the project's own key (AppDelegate), with its iOS-app restriction in the Cloud console allowing \(tutorialBundleIdentifier) (APIs & Services ▸ Credentials); then "
                    + SimulatorState.buildAndInstall(true)
            case .invalid:
                return
                    "give GMSPlacesClient.provideAPIKey a key that is not one (change a character of it in AppDelegate); then "
                    + SimulatorState.buildAndInstall(true)
            case .expired:
                return
                    "use a key the Cloud console has deleted or rotated away (APIs & Services ▸ Credentials): a key cannot be made to expire on demand"
            case .unauthorizedBundle:
                return
                    "with the project's own key in AppDelegate, in the Cloud console (APIs & Services ▸ Credentials ▸ the key ▸ Application restrictions ▸ iOS apps) allow only a bundle ID other than \(tutorialBundleIdentifier)"
            }
        },
        archive: (
            "apiKey", 1, { .string($0.apiKey.rawValue) },
            { (r, key, faults) throws(ArchiveError) in faults.apiKey = try r.choice(key, APIKeyState.self) }
        ))

    public static let injected = PlacesFault(
        name: "places", member: "places",
        shape: .optional(
            .record([
                "code": .plain, "name": .words(PlacesErrorCode.allCases.map(\.name)), "mode": .words(FaultMode.self),
            ])),
        value: { session in
            guard let fault = session.places.faults.injected else { return .null }
            return .record([
                Value.Field("code", .int(fault.code.rawValue)), Value.Field("name", .string(fault.code.name)),
                Value.Field("mode", .string(fault.mode.rawValue)),
            ])
        },
        manual: #"""
            .It Li faults.places.code , faults.places.name , faults.places.mode
            The armed places error: its code
            .Pq \-1 to \-12 ,
            its Swift case name and
            .Qq once
            or
            .Qq always ;
            .Li faults.places
            is
            .Li nil
            when none is armed.
            """#,
        row: { session in
            guard let fault = session.places.faults.injected else { return "no error armed" }
            let which = fault.mode == .once ? "the next request" : "every request"
            return "\(which) that reaches the servers fails with \(fault.code.name) (\(fault.code.rawValue))"
        },
        finding: { session in
            session.places.faults.injected.map {
                "A places error is set (\($0.mode.rawValue)): \($0.code.explanation)."
            }
        },
        onDevice: { faults in
            guard let fault = faults.injected else {
                return "let the Places servers answer as they do (take away whatever made them fail)"
            }
            return
                "make the Places servers' answer fail with \(fault.code.name) (\(fault.code.rawValue)) \(fault.mode == .once ? "once" : "from now on"): the servers cannot be asked to, so an HTTPS proxy that rewrites their answer (such as mitmproxy) is the way"
        },
        archive: (
            "injected", 1,
            { faults in
                faults.injected.map {
                    .record([
                        Value.Field("code", .int($0.code.rawValue)), Value.Field("mode", .string($0.mode.rawValue)),
                    ])
                } ?? .null
            },
            { (r, key, faults) throws(ArchiveError) in
                guard let injected = try r.optionalObject(key) else { return }
                guard let code = ArchiveReader.code(try injected.number("code"), PlacesErrorCode.self) else {
                    throw ArchiveError("\(injected.path).code: not a Places error code")
                }
                faults.injected = InjectedPlacesFault(code: code, mode: try injected.choice("mode", FaultMode.self))
            }
        ))

    public static let rateLimit = PlacesFault(
        name: "ratelimit", member: "rateLimit",
        shape: .optional(.record(["perMinute": .plain, "used": .plain])),
        value: { session in
            guard let limit = session.places.faults.rateLimit else { return .null }
            return .record([
                Value.Field("perMinute", .int(limit.perMinute)),
                Value.Field("used", .int(limit.used(at: session.clock))),
            ])
        },
        manual: #"""
            .It Li faults.rateLimit.perMinute , faults.rateLimit.used
            The rate limit and how many requests of the last 60 s count against it;
            .Li faults.rateLimit
            is
            .Li nil
            with no limit.
            """#,
        row: { session in
            guard let limit = session.places.faults.rateLimit else { return "off" }
            var text = "\(limit.perMinute) per minute, \(limit.used(at: session.clock)) used in the last 60 s"
            if let free = limit.nextFreeAt(session.clock) {
                text += "; the next request is let through at \(formatNumber(free))s"
            }
            return text
        },
        finding: { session in
            session.places.faults.rateLimit.map {
                "Places requests are limited to \($0.perMinute) a minute; more fail with rateLimitExceeded (-7)."
            }
        },
        onDevice: { faults in
            guard let limit = faults.rateLimit else {
                return
                    "take the per-minute quota set on the Places API back to its default (Cloud console ▸ APIs & Services ▸ Places API ▸ Quotas)"
            }
            return
                "set the Places API's requests-per-minute quota to \(limit.perMinute) (Cloud console ▸ APIs & Services ▸ Places API ▸ Quotas)"
        },
        archive: (
            "rateLimit", 1,
            { faults in
                faults.rateLimit.map {
                    .record([
                        Value.Field("perMinute", .int($0.perMinute)),
                        Value.Field("admitted", .list($0.admitted.map { .number(Double($0)) })),
                    ])
                } ?? .null
            },
            { (r, key, faults) throws(ArchiveError) in
                guard let limit = try r.optionalObject(key) else { return }
                var rate = PlacesRateLimit(perMinute: try limit.int("perMinute", in: 1...1_000_000))
                for item in try limit.array("admitted") {
                    guard let n = item.value.number, let m = wholeInt(n) else {
                        throw ArchiveError("\(item.path): expected a time")
                    }
                    _ = try ArchiveReader.checked(n, SessionArchive.Limits.micros, item.path)
                    rate.admitted.append(Int64(m))  // safe: Int64 holds every Int
                }
                faults.rateLimit = rate
            }
        ))
}

extension PlacesErrorCode {
    /// Finds a code by its number (`-7`) or its Swift case name (`rateLimitExceeded`).
    public init?(codeOrName word: String) {
        // safe: parses text: nil when it is not a number
        if let n = Int(word), let code = PlacesErrorCode(rawValue: n) {
            self = code
        } else if let code = PlacesErrorCode.allCases.first(where: { $0.name == word }) {
            self = code
        } else {
            return nil
        }
    }

    /// What the code means, in a few words.
    public var meaning: String {
        switch self {
        case .networkError: return "the Places servers could not be reached"
        case .serverError: return "the servers' response could not be understood"
        case .internalError: return "the Places SDK failed inside itself"
        case .keyInvalid: return "the API key is malformed or missing"
        case .keyExpired: return "the API key has expired"
        case .usageLimitExceeded: return "the project's quota for the Places API is used up"
        case .rateLimitExceeded: return "too many requests with this API key in a short time"
        case .deviceRateLimitExceeded: return "too many requests from this device in a short time"
        case .accessNotConfigured: return WhyPhrase.meaningAccessNotConfigured.english
        case .incorrectBundleIdentifier:
            return "the key's iOS-app restriction does not allow this app's bundle identifier"
        case .locationError: return WhyPhrase.meaningLocationError.english
        case .invalidRequest: return "the request could not be processed"
        }
    }

    /// What to do about it, where there is something to check.
    public var advice: String? {
        switch self {
        case .keyInvalid:
            return
                "check the key the app passes to GMSPlacesClient.provideAPIKey (the sample ships with the placeholder YOUR_API_KEY) against the Credentials page of the Cloud console"
        case .keyExpired:
            return
                "create a new key, or restore this one, in the Cloud console and pass it to GMSPlacesClient.provideAPIKey"
        case .incorrectBundleIdentifier:
            return
                "the key's application restriction must list iOS apps with the bundle id \(tutorialBundleIdentifier), the app's own"
        case .accessNotConfigured:
            return "enable the Places API for iOS in the Cloud project the key belongs to"
        case .usageLimitExceeded:
            return "raise the project's quota, or wait for it to renew"
        case .rateLimitExceeded, .deviceRateLimitExceeded:
            return "send fewer requests: the tutorial sends one per fix and one per selection"
        default:
            return nil
        }
    }

    /// `meaning; retryable or not`, as the shell's note says it.
    public var explanation: String {
        let retry =
            isRetryable
            ? "the SDK marks it retryable, but the tutorial never retries" : "the SDK marks it not retryable"
        return "\(name) (\(rawValue)): \(meaning); \(retry)"
    }
}

/// The location keys of the app's Info.plist (usage descriptions).
public enum UsageKey: String, Sendable, CaseIterable {
    case whenInUse = "NSLocationWhenInUseUsageDescription"
    case alwaysAndWhenInUse = "NSLocationAlwaysAndWhenInUseUsageDescription"
    case always = "NSLocationAlwaysUsageDescription"

    /// When iOS needs the key (api-facts §2.9).
    public var neededFor: String {
        switch self {
        case .whenInUse: return "any when-in-use or always request (iOS 11+); the tutorial's request needs it"
        case .alwaysAndWhenInUse:
            return
                "always requests (iOS 11+), besides the when-in-use key, and for Always in Settings; the tutorial makes none"
        case .always: return "always requests on iOS 10 and earlier; the tutorial makes none"
        }
    }
}

/// The location part of the app's Info.plist. It belongs to the app bundle: it outlasts launches
/// and `reset`.
public struct InfoPlist: Sendable, Equatable {
    var texts: [UsageKey: String]
    /// `CFBundleDisplayName`: the tutorial's Info.plist sets it to the project's name.
    public var displayName: String? = InfoPlist.tutorialDisplayName
    /// `CFBundleName`, `$(PRODUCT_NAME)` in the file: the target's name once built.
    public var bundleName: String? = InfoPlist.tutorialDisplayName

    /// The tutorial's `CFBundleDisplayName` (and product name).
    public static let tutorialDisplayName = "current-place-on-map"

    /// `NSLocationDefaultAccuracyReduced`: true asks for reduced accuracy by default; nil when the
    /// key is absent, which counts as false. The tutorial's Info.plist does not have it.
    public var defaultAccuracyReduced: Bool?

    /// The Boolean key that makes reduced accuracy the default offer (iOS 14).
    public static let defaultAccuracyReducedKey = "NSLocationDefaultAccuracyReduced"

    /// The name iOS shows for the app, in the permission alert among other places: the display
    /// name, else the bundle name.
    public var appName: String { displayName ?? bundleName ?? "" }

    /// The tutorial's text for the when-in-use key.
    public static let tutorialText = "Show your location on a map"
    /// The tutorial's text for the two Always keys: the same sentence, with a period.
    public static let tutorialAlwaysText = tutorialText + "."
    /// The tutorial's Info.plist: all three keys.
    public static let tutorial = InfoPlist(texts: [
        .whenInUse: tutorialText, .alwaysAndWhenInUse: tutorialAlwaysText, .always: tutorialAlwaysText,
    ])

    /// The text the tutorial's Info.plist gives `key`.
    public static func tutorialText(for key: UsageKey) -> String {
        key == .whenInUse ? tutorialText : tutorialAlwaysText
    }

    /// The keys present, in `UsageKey.allCases` order.
    public var keys: [UsageKey] { UsageKey.allCases.filter { texts[$0] != nil } }

    /// What to change in `old` to make it this one, a phrase a key: `add KEY "text"`, `set KEY
    /// to …`, `remove KEY`.
    public func changes(from old: InfoPlist) -> [String] {
        var out: [String] = []
        func change(_ key: String, _ was: String?, _ now: String?) {
            switch (was, now) {
            case (nil, let now?): out.append("add \(key) \(now)")
            case (_?, nil): out.append("remove \(key)")
            case (let was?, let now?) where was != now: out.append("set \(key) to \(now)")
            default: break
            }
        }
        let quoted: (String?) -> String? = { $0.map { "\"\($0)\"" } }
        for key in UsageKey.allCases { change(key.rawValue, quoted(old.texts[key]), quoted(texts[key])) }
        let yes: (Bool?) -> String? = { $0.map { $0 ? "YES (Boolean)" : "NO (Boolean)" } }
        change(Self.defaultAccuracyReducedKey, yes(old.defaultAccuracyReduced), yes(defaultAccuracyReduced))
        change("CFBundleDisplayName", quoted(old.displayName), quoted(displayName))
        change("CFBundleName", quoted(old.bundleName), quoted(bundleName))
        return out
    }

    /// The key's usage string, or nil when the key is absent.
    public func text(for key: UsageKey) -> String? { texts[key] }

    public mutating func set(_ key: UsageKey, text: String) { texts[key] = text }

    /// Removes the key; false when it was not there.
    @discardableResult
    public mutating func remove(_ key: UsageKey) -> Bool { texts.removeValue(forKey: key) != nil }
}

extension LocationErrorCode {
    /// The pitfall note after the tutorial's `didFailWithError` stopped updates (P5).
    public var stopNote: String {
        switch self {
        case .locationUnknown:
            return "didFailWithError stopped location updates for good, although locationUnknown (0) is transient "
                + "and Core Location would have kept trying: no more fixes this session"
        case .denied:
            return "didFailWithError stopped location updates for good: no more fixes this session"
        case .network:
            return "didFailWithError stopped location updates for good, although a network error (2) may pass: "
                + "no more fixes this session"
        }
    }
}

extension Session {
    /// Runs the checks of a likelihood request in `SimulationChoices.placesCheckOrder` and gives
    /// the error of the first that fails, or nil when the request will be answered. A request the
    /// rate limit lets through counts against it; one that gets to an injected `once` fault spends it.
    func placesFailure(fields: PlaceFields) -> (code: PlacesErrorCode, fault: Bool)? {
        placesFailure(invalid: !fields.unsupported.isEmpty, needsLocation: true, api: .legacy)
    }

    /// The first check that fails: `invalid` says the SDK refuses the request as made,
    /// `needsLocation` that the SDK locates the device itself (Current Place), `api` which of the
    /// project's Places APIs the request needs.
    func placesFailure(invalid: Bool, needsLocation: Bool, api: PlacesAPI) -> (code: PlacesErrorCode, fault: Bool)? {
        for check in SimulationChoices.placesCheckOrder {
            switch check {
            case .fields:
                if invalid { return (.invalidRequest, false) }
            case .location:
                if needsLocation && (!device.privacy.status.isAuthorized || device.position == nil) {
                    return (.locationError, false)
                }
            case .project:
                let enabled = api == .legacy ? places.project.legacy : places.project.newAPI
                if !enabled { return (.accessNotConfigured, false) }
            case .network:
                if !places.faults.networkOnline { return (.networkError, true) }
            case .apiKey:
                if let code = places.faults.apiKey.errorCode { return (code, true) }
            case .rateLimit:
                if var limit = places.faults.rateLimit {
                    let admitted = limit.admit(at: Session.micros(clock))
                    places.faults.rateLimit = limit
                    if !admitted { return (.rateLimitExceeded, true) }
                }
            case .injected:
                if let fault = places.faults.injected {
                    if fault.mode == .once { places.faults.injected = nil }
                    return (fault.code, true)
                }
            }
        }
        return nil
    }

    /// Has Core Location report a location error to the running app on the next turn of the run
    /// loop, as it would: only while it is updating. Returns false when updates are stopped
    /// (nothing is delivered).
    @discardableResult
    public func injectLocationError(_ code: LocationErrorCode) -> Bool {
        guard let app, app.locationManager.isUpdating else { return false }
        schedule(after: 0, "locationManager(_:didFailWithError:)", owner: app) { [unowned self, weak app] in
            guard let app, app.isRunning, app.locationManager.isUpdating else { return }
            self.failLocation(code)
        }
        return true
    }
}

/// Words as an mdoc list, each set with `macro`: `.Cm a ,` `.Cm b` `or` `.Cm c` (the caller puts
/// the punctuation after the last). The manual's texts list a table's values with it.
public func manualWords(_ words: [String], macro: String = "Cm", conjunction: String = "or") -> String {
    guard let last = words.last else { return "" }
    guard words.count > 1 else { return ".\(macro) " + last }
    let head = words.dropLast(2).map { ".\(macro) \($0) ," }
    return (head + [".\(macro) " + words[words.count - 2], conjunction, ".\(macro) " + last]).joined(separator: "\n")
}
