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

    /// `NSLocalizedFailureReason` (the simulation's wording).
    public var failureReason: String {
        switch self {
        case .networkError: return "A network error occurred while contacting the Places API."
        case .serverError: return "The Places API returned a response that could not be understood."
        case .internalError: return "An internal error occurred in the Places API library."
        case .keyInvalid: return "The API key provided is invalid or missing."
        case .keyExpired: return "The API key provided has expired."
        case .usageLimitExceeded: return "The usage limit for this API key has been exceeded."
        case .rateLimitExceeded: return "The rate limit for this API key has been exceeded."
        case .deviceRateLimitExceeded: return "The rate limit for this device has been exceeded."
        case .accessNotConfigured: return "The Places API for iOS is not enabled for this API key's project."
        case .incorrectBundleIdentifier: return "This app's bundle identifier is not allowed to use this API key."
        case .locationError:
            return
                "The Places API could not find the user's location. This may be because the user has not allowed the application to access location information."
        case .invalidRequest: return "The Places API could not process the request."
        }
    }

    /// `error.localizedDescription`, as the app prints it.
    public var localizedDescription: String { "The operation couldn’t be completed. " + failureReason }

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
    public var requestedFields = PlaceFields.tutorial
    /// Faults set on the network, the API key and the servers (`fail places`, `network`,
    /// `apikey`, `ratelimit`).
    public var faults = PlacesFaults()
    /// The request the Nearby Search (New) flavour builds (`nearby`).
    public var nearby = NearbySettings()
    /// Which Places APIs the key's Cloud project has enabled (`project`).
    public var project = CloudProject()

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
