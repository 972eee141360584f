import PlaceFormats
import PlaceStorage

/// `GMSPlacesErrorCode`, with the failure reasons the simulated SDK gives.
public enum PlacesErrorCode: Int, Sendable, CaseIterable {
    case networkError = -1
    case serverError = -2
    case internalError = -3
    case keyInvalid = -4
    case keyExpired = -5
    case usageLimitExceeded = -6
    case rateLimitExceeded = -7
    case deviceRateLimitExceeded = -8
    case accessNotConfigured = -9
    case incorrectBundleIdentifier = -10
    case locationError = -11
    case invalidRequest = -12

    /// The Objective-C constant: `kGMSPlacesErrorLocationError`.
    public var objcName: String { "kGMSPlacesError" + name.prefix(1).uppercased() + name.dropFirst() }

    /// The Swift case name.
    public var name: String {
        switch self {
        case .networkError: return "networkError"
        case .serverError: return "serverError"
        case .internalError: return "internalError"
        case .keyInvalid: return "keyInvalid"
        case .keyExpired: return "keyExpired"
        case .usageLimitExceeded: return "usageLimitExceeded"
        case .rateLimitExceeded: return "rateLimitExceeded"
        case .deviceRateLimitExceeded: return "deviceRateLimitExceeded"
        case .accessNotConfigured: return "accessNotConfigured"
        case .incorrectBundleIdentifier: return "incorrectBundleIdentifier"
        case .locationError: return "locationError"
        case .invalidRequest: return "invalidRequest"
        }
    }

    /// `error.localizedDescription`, as the app prints it: the SDK sets the description itself
    /// (the logs quote it as the error's description, with no "The operation couldn’t be
    /// completed." before it). Where a public log gives the text it is that log's, word for
    /// word (`logged`); otherwise the code's description in the 9.3.0 `GMSPlacesErrors.h`, its
    /// link written as the logged texts write theirs, "text (URL)".
    public var localizedDescription: String {
        switch self {
        case .networkError: return "Something went wrong with the connection to the Places API server."
        case .serverError:
            return
                "The Places API server returned a response that we couldn't understand. If you believe this error represents a bug, please file a report using the instructions on our community and support page (https://developers.google.com/places/ios-sdk/support)."
        case .internalError:
            return
                "An internal error occurred in the Places SDK library. If you believe this error represents a bug, please file a report using the instructions on our community and support page (https://developers.google.com/places/ios-sdk/support)."
        case .keyInvalid:
            return
                "Operation failed due to an invalid (malformed or missing) API key. See the developer's guide (https://developers.google.com/places/ios-sdk/start) for information on creating and using an API key."
        case .keyExpired:
            return
                "Operation failed due to an expired API key. See the developer's guide (https://developers.google.com/places/ios-sdk/start) for information on creating and using an API key."
        case .usageLimitExceeded:
            return
                "Operation failed due to exceeding the quota usage limit. See the usage limits guide (https://developers.google.com/places/ios-sdk/usage) for information on usage limits and how to request a higher limit."
        case .rateLimitExceeded:
            return
                "Operation failed due to exceeding the usage rate limit for the API key. This status code shouldn't be returned during normal usage of the API. It relates to usage of the API that far exceeds normal request levels. See the usage limits guide (https://developers.google.com/places/ios-sdk/usage) for more information."
        case .deviceRateLimitExceeded:
            return
                "Operation failed due to exceeding the per-device usage rate limit. This status code shouldn't be returned during normal usage of the API. It relates to usage of the API that far exceeds normal request levels. See the usage limits guide (https://developers.google.com/places/ios-sdk/usage) for more information."
        case .accessNotConfigured:
            return
                "The Places API for iOS is not enabled. See the developer's guide (https://developers.google.com/places/ios-api/start) for how to enable the Google Places API for iOS."
        case .incorrectBundleIdentifier:
            return
                "The application's bundle identifier does not match one of the allowed iOS applications for the API key. See the developer's guide (https://developers.google.com/places/ios-sdk/start) for how to configure bundle restrictions on API keys."
        case .locationError:
            return
                "The Places SDK could not find the user's location. This may be because the user has not allowed the application to access location information."
        case .invalidRequest:
            return
                "Operation failed due to an invalid request sent to Places API. Please see (https://developers.google.com/places/ios-sdk/place-details) for information on how to setup the request."
        }
    }

    /// What a Nearby Search (New) callback gets for this failure, where it is not the code
    /// itself: with Places API (New) off, GooglePlaces 9 was reported (googlemaps/ios-places-sdk
    /// #11 and #16) to pass the server's 403 through, `Error Domain=com.google.HTTPStatus
    /// Code=403 "Internal Error"`; whether later versions map it to -9 is unconfirmed.
    public var nearbyHTTPStatus: (code: Int, localizedDescription: String)? {
        self == .accessNotConfigured ? (403, "Internal Error") : nil
    }

    /// The public log the description is quoted from, or nil where it is the header's.
    public var logged: String? {
        switch self {
        case .internalError: return "tolu360/react-native-google-places#265 (2019)"
        case .keyInvalid: return "matanshukry/flutter_google_places_sdk#125 (2025)"
        case .accessNotConfigured: return "derTuca/flutter_google_places_picker#9 (GooglePlaces 2.7.0, 2019)"
        case .invalidRequest: return "matanshukry/flutter_google_places_sdk#114 (2025)"
        default: return nil
        }
    }

    /// The SDK marks network, server and internal errors as worth retrying.
    public var isRetryable: Bool { rawValue >= -3 }
}

/// The places service: the dataset it searches and its settings, shared by every launch.
public struct PlacesService: Sendable {
    /// The places searched (a compact store with a spatial index); the built-in set is read on
    /// first use, so start-up does not pay for it. Reading it gives a copy (a retain and a release
    /// of each of the store's arrays); a request reads it in place (`withDataset`).
    public var dataset: PlaceStore {
        mutating get { withDataset { $0 } }
        set {
            storedDataset = newValue
            datasetRead = true
        }
        _modify {
            readDataset()
            yield &storedDataset
        }
    }
    private var storedDataset = PlaceStore(source: "empty")
    private var datasetRead = false
    /// The fields the app's code requests (the tutorial's `[.name, .coordinate]` unless changed).
    public var requestedFields = PlaceFields.tutorial {
        didSet { codeChanges &+= 1 }
    }
    /// Faults set on the network, the API key and the servers (`fail places`, `network`,
    /// `apikey`, `ratelimit`).
    public var faults = PlacesFaults()
    /// The request the Nearby Search (New) flavour builds (`nearby`).
    public var nearby = NearbySettings() {
        didSet { codeChanges &+= 1 }
    }
    /// Which Places APIs the key's Cloud project has enabled (`project`).
    public var project = CloudProject()
    /// The GooglePlaces SDK the app is built against (`sdk places`): the tutorial's Podfile pin.
    public var sdk = PlacesSDK.pinned {
        didSet { codeChanges &+= 1 }
    }
    /// How many times the app's code was changed (`requestedFields`, `nearby`, `sdk`): a cheap
    /// test that it was not (`SimulatorState`).
    public private(set) var codeChanges = 0

    public init() {}

    /// Whether the dataset has been read or set: false until then, when it is still the
    /// built-in places, not yet built.
    public var hasReadDataset: Bool { datasetRead }

    /// Calls `body` with the dataset where it is stored, read on first use as `dataset` is.
    mutating func withDataset<R>(_ body: (inout PlaceStore) -> R) -> R {
        readDataset()
        return body(&storedDataset)
    }

    private mutating func readDataset() {
        guard !datasetRead else { return }
        storedDataset = .builtin
        datasetRead = true
    }
}

/// The Places APIs enabled in the Cloud project the API key belongs to. By default an existing
/// project with both (`SimulationChoices.defaultProject`): the legacy flavours keep working.
public struct CloudProject: Sendable, Equatable {
    /// Places API (Legacy), `places-backend.googleapis.com`: what Current Place needs.
    public var legacy = SimulationChoices.defaultProject.legacy
    /// Places API (New), `places.googleapis.com`: what Nearby Search (New) needs.
    public var newAPI = SimulationChoices.defaultProject.newAPI
    /// The Maps SDK for iOS, enabled and allowed on the key: what the map's tiles need.
    public var maps = true

    public init() {}
}

/// The position and accuracy a likelihood request was answered for (for `explain likely`).
public struct LikelihoodQuery: Sendable, Equatable {
    public var point: GeoPoint
    public var accuracy: Double
}

/// What a Nearby Search (New) request was made for (the app's circle and knobs).
public struct NearbyQuery: Sendable, Equatable {
    public var center: GeoPoint
    public var settings: NearbySettings
}

/// What a likelihood request gives back.
public enum LikelihoodResponse {
    case success([PlaceLikelihood])
    case failure(PlacesErrorCode)
}

extension Session {
    /// `findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)`: judged when made
    /// (the checks of `SimulationChoices.placesCheckOrder`), answered after the service's
    /// latency. Billed per answered request; every request counts in `stats.placesRequests`.
    func findPlaceLikelihoods(
        fields: PlaceFields, owner: AnyObject, callback: @escaping (LikelihoodResponse) -> Void
    ) {
        stats.placesRequests += 1
        let response: LikelihoodResponse
        var faultNote: Event?
        var query: LikelihoodQuery?
        let privacy = device.privacy
        if let failure = placesFailure(fields: fields) {
            response = .failure(failure.code)
            if failure.fault {
                let advice = failure.code.advice.map { " — " + $0 } ?? ""
                faultNote = .note(failure.code.explanation + advice)
            } else if failure.code == .accessNotConfigured {
                faultNote = .note(SimulationChoices.legacyOffNote)
            }
        } else if let position = device.position {
            var fix = LocationFix(
                coordinate: position.coordinate, horizontalAccuracy: position.horizontalAccuracy, speed: -1,
                course: -1, timestamp: clock)
            if privacy.accuracy == .reduced { fix = LocationManager.coarsened(fix) }
            query = LikelihoodQuery(point: fix.coordinate, accuracy: fix.horizontalAccuracy)
            response = .success(
                places.withDataset { store in
                    LikelihoodModel.rank(store, at: fix.coordinate, accuracy: fix.horizontalAccuracy) { found, place in
                        PlaceLikelihood(place: FetchedPlace(place, fields: fields), likelihood: found.likelihood)
                    }
                })
            // Only answered requests bill: the base SKU and one data SKU per tier touched.
            stats.bill("findCurrentPlace")
            fields.forEachDataSKU { stats.bill($0) }
        } else {
            response = .failure(.locationError)
        }
        schedule(
            after: SimulationChoices.placesLatency, "findPlaceLikelihoodsFromCurrentLocation callback", owner: owner
        ) { [unowned self] in
            if let query { self.lastAnsweredQuery = query }
            callback(response)
            // Why a fault's error came: after the app's console line.
            if let faultNote { self.emit(faultNote) }
        }
    }

    /// `searchNearby(with:completion:)`: judged when made (`SimulationChoices.placesCheckOrder`,
    /// the request's own checks first), answered after the service's latency. An answered
    /// request bills one Nearby Search SKU, the highest its properties need.
    func searchNearby(
        center: GeoPoint, settings: NearbySettings, owner: AnyObject, callback: @escaping (LikelihoodResponse) -> Void
    ) {
        stats.placesRequests += 1
        let response: LikelihoodResponse
        var faultNote: Event?
        let invalid = !settings.problems.isEmpty
        if let failure = placesFailure(invalid: invalid, needsLocation: false, api: .newAPI) {
            response = .failure(failure.code)
            if failure.fault {
                let advice = failure.code.advice.map { " — " + $0 } ?? ""
                faultNote = .note(failure.code.explanation + advice)
            } else if failure.code == .accessNotConfigured {
                faultNote = .note(SimulationChoices.newAPIOffNote)
            } else if failure.code == .invalidRequest {
                faultNote = .note(
                    "the SDK refused the request: " + settings.problems.joined(separator: "; "),
                    pitfall: settings.properties.isEmpty ? "P17" : nil)
            }
        } else {
            let fields = NearbyProperties.fields(settings.properties)
            response = .success(
                places.withDataset { store in
                    NearbyModel.search(store, center: center, settings: settings) { found, place in
                        PlaceLikelihood(
                            place: FetchedPlace(place, fields: fields), likelihood: nil, distance: found.distance)
                    }
                })
            stats.bill(NearbyProperties.sku(settings.properties).key)
        }
        let query = NearbyQuery(center: center, settings: settings)
        lastNearbyQuery = query
        schedule(after: SimulationChoices.placesLatency, "searchNearby completion", owner: owner) { [unowned self] in
            callback(response)
            if let faultNote { self.emit(faultNote) }
        }
    }
}
