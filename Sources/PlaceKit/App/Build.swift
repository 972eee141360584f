/// How the nearby app's code calls Nearby Search (New) (`nearby call`).
public enum NearbyCallSpelling: String, Sendable, CaseIterable {
    /// As the project's SDK has it: `completion:` where the SDK declares it, else `callback:`.
    case sdk
    /// `searchNearby(with:callback:)`, whose closure gets `[GMSPlace]?`.
    case callback
    /// `searchNearby(with:completion:)`, whose closure gets a `GMSPlaceSearchNearbyResponse?`.
    case completion

    /// The call the code makes against `version`.
    public func call(in version: SDKVersion) -> PlacesSDKCall {
        switch self {
        case .callback: return .searchNearbyCallback
        case .completion: return .searchNearbyCompletion
        case .sdk:
            return PlacesSDK.has(.searchNearbyCompletion, in: version) ? .searchNearbyCompletion : .searchNearbyCallback
        }
    }
}

/// What an app build is made from.
public struct BuildConfiguration: Sendable, Equatable {
    public var flavor: AppFlavor
    public var sdk: SDKVersion
    /// Only the nearby flavour's code has it.
    public var nearbyCall: NearbyCallSpelling?

    public init(flavor: AppFlavor, sdk: SDKVersion, nearbyCall: NearbyCallSpelling) {
        self.flavor = flavor
        self.sdk = sdk
        self.nearbyCall = flavor == .nearby ? nearbyCall : nil
    }
}

/// What Xcode prints when it builds a flavour of the app against the project's GooglePlaces:
/// the compiler's warnings and errors, as it words them, at the lines of the tutorial's
/// listings (the nearby flavour's code, placeshell's own, has no published lines).
public struct AppBuild: Sendable, Equatable {
    public var warnings: [String] = []
    public var errors: [String] = []
    /// What to change when the build fails.
    public var fix: String?

    public var succeeded: Bool { errors.isEmpty }

    /// The line and column of the Current Place call in the tutorial's `MapViewController.swift`
    /// and `MapViewController.m`, counted in its published listings.
    public static let swiftLikelihoodCall = (file: "MapViewController.swift", line: 75, column: 18)
    public static let objcLikelihoodCall = (file: "MapViewController.m", line: 68, column: 17)

    /// Builds `flavor` against `sdk`, the nearby flavour's call spelled `nearbyCall`.
    public init(flavor: AppFlavor, sdk: SDKVersion, nearbyCall: NearbyCallSpelling) {
        switch flavor {
        case .swift, .objc:
            // swiftc names the method by its Swift name; clang by its selector, with the flag.
            let call = PlacesSDKCall.findPlaceLikelihoods
            guard PlacesSDK.declaration(of: call, in: sdk) == .deprecated else { break }
            let at = flavor == .swift ? Self.swiftLikelihoodCall : Self.objcLikelihoodCall
            let (name, flag) = flavor == .swift ? (call.swiftName, "") : (call.selector, " [-Wdeprecated-declarations]")
            warnings.append(
                "\(at.file):\(at.line):\(at.column): warning: '\(name)' is deprecated: \(call.deprecationMessage)\(flag)"
            )
        case .nearby:
            let file = "MapViewController.swift"
            let call = nearbyCall.call(in: sdk)
            if !PlacesSDK.has(.searchNearbyCallback, in: sdk) {
                errors = [
                    "\(file): error: cannot find 'GMSPlaceSearchNearbyRequest' in scope",
                    "\(file): error: value of type 'GMSPlacesClient' has no member 'searchNearby'",
                ]
                fix =
                    "Nearby Search (New) needs GooglePlaces 9.0.0 or later: 'sdk places 9.0.0' (pod 'GooglePlaces', '9.0.0'), or 'sdk places latest'"
            } else if !PlacesSDK.has(call, in: sdk) {
                // Only completion: can be missing here: callback: came with searchNearby itself.
                errors = [
                    "\(file): error: incorrect argument label in call (have 'with:completion:', expected 'with:callback:')"
                ]
                let first = PlacesSDK.firstSeen(.searchNearbyCompletion).map { "\($0)" } ?? "a later version"
                fix =
                    "GooglePlaces \(sdk) declares \(PlacesSDKCall.searchNearbyCallback.selector) only, whose closure gets [GMSPlace]?; \(call.selector) is first seen in \(first): 'nearby call callback' writes the call for this SDK, 'sdk places \(first)' (or 'latest') updates the SDK"
            } else if PlacesSDK.declaration(of: call, in: sdk) == .deprecated {
                warnings.append(
                    "\(file): warning: '\(call.swiftName)' is deprecated: \(call.deprecationMessage)")
            }
        }
    }
}
