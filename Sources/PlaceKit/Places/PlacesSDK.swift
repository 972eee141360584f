/// A GooglePlaces SDK version, `MAJOR.MINOR.PATCH`.
public struct SDKVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `9`, `9.4` or `9.4.1`: up to three numbers of at most three digits; nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let n = Int(part)  // safe: parsing text gives nil, never traps
            else { return nil }
            numbers.append(n)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(numbers[0], numbers[1], numbers[2])
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: SDKVersion, b: SDKVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}

/// A `GMSPlacesClient` method one of the app's flavours calls.
public enum PlacesSDKCall: String, Sendable, CaseIterable {
    /// Current Place, what the tutorial's Swift and Objective-C code call.
    case findPlaceLikelihoods
    /// Nearby Search (New) with a callback that gets `[GMSPlace]?`.
    case searchNearbyCallback
    /// Nearby Search (New) with a completion that gets a `GMSPlaceSearchNearbyResponse?`.
    case searchNearbyCompletion

    /// The Objective-C selector.
    public var selector: String {
        switch self {
        case .findPlaceLikelihoods: return "findPlaceLikelihoodsFromCurrentLocationWithPlaceFields:callback:"
        case .searchNearbyCallback: return "searchNearbyWithRequest:callback:"
        case .searchNearbyCompletion: return "searchNearbyWithRequest:completion:"
        }
    }

    /// The Swift name.
    public var swiftName: String {
        switch self {
        case .findPlaceLikelihoods: return "findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)"
        case .searchNearbyCallback: return "searchNearby(with:callback:)"
        case .searchNearbyCompletion: return "searchNearby(with:completion:)"
        }
    }

    /// The call as the nearby app's trace shows it.
    public var traceLine: String {
        switch self {
        case .findPlaceLikelihoods:
            return "placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)"
        case .searchNearbyCallback: return "placesClient.searchNearby(with: request, callback:)"
        case .searchNearbyCompletion: return "placesClient.searchNearby(with: request, completion:)"
        }
    }

    /// The start of the trace line of the answer, `value` what the closure's first argument got.
    public func answerLine(_ value: String) -> String {
        switch self {
        case .findPlaceLikelihoods: return "findPlaceLikelihoodsFromCurrentLocation callback: " + value
        case .searchNearbyCallback: return "searchNearby callback: " + value
        case .searchNearbyCompletion: return "searchNearby completion: " + value
        }
    }

    /// The trace line of an answer with places, up to their count.
    public var answerPrefix: String {
        switch self {
        case .findPlaceLikelihoods: return answerLine("[GMSPlaceLikelihood] ×")
        case .searchNearbyCallback: return answerLine("[GMSPlace] ×")
        case .searchNearbyCompletion: return answerLine("GMSPlaceSearchNearbyResponse(places: [GMSPlace] ×")
        }
    }

    /// The trace line of an answer with `places` places.
    public func answerLine(places: Int) -> String {
        answerPrefix + " \(places)" + (self == .searchNearbyCompletion ? ")" : "")
    }

    /// The message of the header's `__GMS_AVAILABLE_BUT_DEPRECATED_MSG` where it is deprecated.
    public var deprecationMessage: String {
        let replacement: PlacesSDKCall = self == .findPlaceLikelihoods ? .searchNearbyCallback : .searchNearbyCompletion
        return
            "This method is replaced by <code>\(replacement.selector)</code> and will be removed in a future release."
    }
}

/// How one `GMSPlacesClient.h` declares a call.
public enum SDKDeclaration: String, Sendable, CaseIterable {
    case absent, declared, deprecated
}

/// A `GMSPlacesClient.h` of a known version, as published projects that vendor the pod hold it.
public struct SDKHeader: Sendable {
    public var version: SDKVersion
    /// Where it was read: a repository, its commit and the framework slice.
    public var source: String
    public var findPlaceLikelihoods: SDKDeclaration
    public var searchNearbyCallback: SDKDeclaration
    public var searchNearbyCompletion: SDKDeclaration

    public func declaration(of call: PlacesSDKCall) -> SDKDeclaration {
        switch call {
        case .findPlaceLikelihoods: return findPlaceLikelihoods
        case .searchNearbyCallback: return searchNearbyCallback
        case .searchNearbyCompletion: return searchNearbyCompletion
        }
    }
}

/// The GooglePlaces SDK the simulated project builds against (`sdk`): which calls exist, which
/// are deprecated, and so how the app's code is spelled and what its build prints. Everything
/// is read from the headers seen (`headers`); a version between two of them whose declarations
/// differ takes the older one's, and says so (`uncertainty`).
public enum PlacesSDK {
    /// What the tutorial's Podfile pins: `pod 'GooglePlaces', '9.0.0'`.
    public static let pinned = SDKVersion(9, 0, 0)
    /// The newest release the Places SDK for iOS release notes name (2026-10-22): what the
    /// tutorial's Swift Package Manager steps fetch.
    public static let latest = SDKVersion(11, 3, 0)
    /// The oldest version the tutorial's calls can be built with: `GMSPlaceField` and
    /// `findPlaceLikelihoodsFromCurrentLocationWithPlaceFields:callback:` came with 3.0.0.
    public static let oldest = SDKVersion(3, 0, 0)

    /// The first version with each call, as the Places SDK for iOS's overview of versions gives
    /// it (Current Place (Legacy) 3.0.0, Nearby Search (New) 9.0.0); a version below it lacks
    /// the call whatever headers were read.
    public static let documentedMinimum: [PlacesSDKCall: SDKVersion] = [
        .findPlaceLikelihoods: SDKVersion(3, 0, 0), .searchNearbyCallback: SDKVersion(9, 0, 0),
    ]

    /// The headers read, oldest first (`Pods/GooglePlaces/Frameworks/GooglePlaces.xcframework/
    /// SLICE/GooglePlaces.framework/Headers/GMSPlacesClient.h`, the version from the same
    /// commit's Podfile.lock or Manifest.lock).
    public static let headers: [SDKHeader] = [
        SDKHeader(
            version: SDKVersion(7, 3, 0), source: "ekremalkn/CityGuideApp@2b1d446, simulator slice",
            findPlaceLikelihoods: .declared, searchNearbyCallback: .absent, searchNearbyCompletion: .absent),
        SDKHeader(
            version: SDKVersion(8, 1, 0), source: "TSanni/TenkiWeather@036f0a7, ios-arm64",
            findPlaceLikelihoods: .declared, searchNearbyCallback: .absent, searchNearbyCompletion: .absent),
        SDKHeader(
            version: SDKVersion(9, 0, 0), source: "arpitplexustechnology2024/MapLocation@5a08680, ios-arm64",
            findPlaceLikelihoods: .declared, searchNearbyCallback: .declared, searchNearbyCompletion: .absent),
        SDKHeader(
            version: SDKVersion(9, 4, 1), source: "sralexco/AppAlertsSwiftUI@53b54f5, ios-arm64",
            findPlaceLikelihoods: .declared, searchNearbyCallback: .declared, searchNearbyCompletion: .absent),
        SDKHeader(
            version: SDKVersion(10, 0, 0), source: "newsesame/meeat-swiftui@c7a146a, simulator slice",
            findPlaceLikelihoods: .declared, searchNearbyCallback: .declared, searchNearbyCompletion: .absent),
        SDKHeader(
            version: SDKVersion(10, 4, 0), source: "bansi131095/TheCrazyBeautyPOS_iPad@de935b3, ios-arm64",
            findPlaceLikelihoods: .deprecated, searchNearbyCallback: .declared, searchNearbyCompletion: .absent),
        SDKHeader(
            version: SDKVersion(10, 6, 0),
            source: "danielspadydevelop/AllTrailsMapSearchDemoStoryboard@fb3b11b, ios-arm64",
            findPlaceLikelihoods: .deprecated, searchNearbyCallback: .declared, searchNearbyCompletion: .declared),
        SDKHeader(
            version: SDKVersion(10, 10, 0), source: "BhushanIos1/Find-Taxi-Cab@5f21131, simulator slice",
            findPlaceLikelihoods: .deprecated, searchNearbyCallback: .declared, searchNearbyCompletion: .declared),
        SDKHeader(
            version: SDKVersion(10, 14, 0), source: "Brijesh2312singh/DriverApp@0cfe072, ios-arm64",
            findPlaceLikelihoods: .deprecated, searchNearbyCallback: .deprecated, searchNearbyCompletion: .declared),
    ]

    /// How `version` declares `call`: as the newest header at or below it does (the oldest
    /// header for a version older than all of them).
    public static func declaration(of call: PlacesSDKCall, in version: SDKVersion) -> SDKDeclaration {
        if let first = documentedMinimum[call], version < first { return .absent }
        return (headers.last { $0.version <= version } ?? headers[0]).declaration(of: call)
    }

    /// Whether `version` has `call` at all (deprecated or not).
    public static func has(_ call: PlacesSDKCall, in version: SDKVersion) -> Bool {
        declaration(of: call, in: version) != .absent
    }

    /// The oldest version a header shows `call` in: the documented minimum, or the first header
    /// that declares it.
    public static func firstSeen(_ call: PlacesSDKCall) -> SDKVersion? {
        documentedMinimum[call] ?? headers.first { $0.declaration(of: call) != .absent }?.version
    }

    /// The oldest header that marks `call` deprecated.
    public static func firstDeprecated(_ call: PlacesSDKCall) -> SDKVersion? {
        headers.first { $0.declaration(of: call) == .deprecated }?.version
    }

    /// Why `call`'s declaration in `version` is not read from a header of that version: nil when
    /// a header of it was read, or when the headers around it agree.
    public static func uncertainty(of call: PlacesSDKCall, in version: SDKVersion) -> String? {
        guard !headers.contains(where: { $0.version == version }) else { return nil }
        let below = headers.last { $0.version < version }
        let above = headers.first { $0.version > version }
        switch (below, above) {
        case (let b?, let a?):
            // The overview's table of minimum versions settles where a call first appears.
            let documented =
                documentedMinimum[call].map {
                    b.declaration(of: call) == .absent && a.declaration(of: call) == .declared && $0 > b.version
                        && $0 <= a.version
                } ?? false
            guard b.declaration(of: call) != a.declaration(of: call), !documented else { return nil }
            return
                "\(call.selector) is \(b.declaration(of: call).rawValue) in \(b.version) and \(a.declaration(of: call).rawValue) in \(a.version), the headers seen around \(version) — taken as in \(b.version)"
        case (let b?, nil):
            guard call == .findPlaceLikelihoods else { return nil }
            return
                "one header newer than \(b.version), of unknown version, no longer declares \(call.selector); placeshell keeps it as \(b.version) has it"
        case (nil, _), (_, nil):
            return nil
        }
    }
}
