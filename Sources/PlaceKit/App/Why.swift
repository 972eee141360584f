import PlaceFormats

/// What a person may ask of the running app: why no fix comes, why the list is empty, why the
/// map is hidden, why the picker's rows are blank. One place answers, from the session's state
/// and history, so that `explain`, the picker's note and the tutorial's hints agree.
public enum WhyQuestion: String, Sendable, CaseIterable {
    case noFix = "no-fix"
    case emptyList = "empty-list"
    case hiddenMap = "hidden-map"
    case blankRows = "blank-rows"
}

/// One reason: the cause (lower-case, no final period), a further sentence, the pitfall it
/// shows, and what to do about it.
public struct WhyReason: Sendable, Equatable {
    public var cause: String
    public var detail: String?
    public var pitfall: String?
    public var help: String

    public init(cause: String, detail: String? = nil, pitfall: String? = nil, help: String) {
        self.cause = cause
        self.detail = detail
        self.pitfall = pitfall
        self.help = help
    }
}

extension TutorialApp {
    /// The reasons behind `question`, most decisive first; empty when the question does not
    /// arise (a fix has come and more can, the list has places, the map is shown, rows have text).
    public func why(_ question: WhyQuestion) -> [WhyReason] {
        switch question {
        case .noFix: return whyNoFix()
        case .emptyList: return likelyPlaces.isEmpty ? whyEmptyList() : []
        case .hiddenMap: return mapView.isHidden ? whyHiddenMap() : []
        case .blankRows:
            guard flavor == .objc, !(pickerPlaces ?? []).isEmpty else { return [] }
            return [
                WhyReason(
                    cause: "the Objective-C picker's cellForRowAtIndexPath never sets the cell's text",
                    detail: "Its prepareForSegue is empty too: a selection never reaches the map.", pitfall: "P8",
                    help: "the Swift flavour shows the names ('launch --flavor swift')")
            ]
        }
    }

    /// The app's location updates have stopped for good: a location error, and the tutorial's
    /// `didFailWithError` calls `stopUpdatingLocation()` and never starts again.
    private var stoppedForGood: WhyReason? {
        guard let error = locationError else { return nil }
        let transient = error == .locationUnknown ? " (locationUnknown is transient; the tutorial stops anyway)" : ""
        let allow = locationManager.authorizationStatus.isAuthorized ? "" : "allow location ('auth allow'), then "
        return WhyReason(
            cause:
                "didFailWithError (\(error.name), code \(error.rawValue)) made the tutorial call stopUpdatingLocation()\(transient), and it never starts again: no fix comes, so no fix sends another places request",
            pitfall: "P5",
            help: allow + "relaunch the app ('launch')"
                + (session.device.position == nil ? " with a position set ('locate')" : ""))
    }

    private func whyNoFix() -> [WhyReason] {
        if let stopped = stoppedForGood { return [stopped] }
        let status = locationManager.authorizationStatus
        if !locationManager.isUpdating {
            return [WhyReason(cause: "location updates are stopped", help: "relaunch the app ('launch')")]
        }
        if status == .notDetermined {
            return [
                WhyReason(
                    cause: "the permission has not been answered; updates begin once it is allowed",
                    help: "answer the alert ('auth allow')")
            ]
        }
        if !status.isAuthorized {
            return [
                WhyReason(
                    cause: "the app may not use location (\(status.rawValue))",
                    pitfall: status == .restricted ? "P6" : nil, help: "allow location ('auth allow')")
            ]
        }
        if session.device.position == nil {
            return [WhyReason(cause: "the device has no position", help: "'locate LAT LNG', or a route")]
        }
        return []
    }

    private func whyEmptyList() -> [WhyReason] {
        let again = "then tap \"Get Place\" again ('back', 'likely')"
        let status = locationManager.authorizationStatus
        let unauthorized = status != .notDetermined && !status.isAuthorized
        if requestsInFlight > 0 {
            var reasons: [WhyReason] = []
            if unauthorized {
                reasons.append(
                    WhyReason(
                        cause:
                            "a request is in flight, but without location permission its answer will be an error",
                        help: "allow location ('auth allow')"))
            } else {
                reasons.append(
                    WhyReason(
                        cause: "a request is in flight and its answer has not arrived",
                        detail: "\"Get Place\" now would hand the picker an empty copy.", pitfall: "P2",
                        help: "wait for the places response ('wait'), " + again))
            }
            if let stopped = stoppedForGood { reasons.append(stopped) }
            return reasons
        }
        if flavor == .nearby, currentLocation == nil {
            // The migrated app gives the circle's centre itself and has none before a fix.
            var reason = WhyReason(
                cause:
                    "the nearby app has no location to search around yet: listLikelyPlaces() sent nothing (“Nearby search skipped: no location yet.”) and only a fix sends a search",
                pitfall: "P16",
                help: unauthorized
                    ? "allow location ('auth allow'); the first fix sends the search, " + again
                    : "wait for the first fix ('wait'), " + again)
            if let stopped = stoppedForGood {
                reason.detail = "And none will come: " + stopped.cause + "."
                reason.help = stopped.help
            } else if unauthorized {
                reason.detail =
                    "Without location permission no fix comes, and no error is printed: the list stays empty."
            }
            return [reason]
        }
        switch lastPlacesResponse {
        case .failed(.invalidRequest)? where flavor == .nearby && session.places.nearby.properties.isEmpty:
            return [
                WhyReason(
                    cause:
                        "the last request failed with invalidRequest (-12): GMSPlaceSearchNearbyRequest's placeProperties is empty, and the SDK sends no request without one",
                    pitfall: "P17",
                    help: "name the properties the app reads ('nearby fields name,coordinate,formattedAddress'), "
                        + again)
            ]
        case .failed(let code)?:
            let cause = "the last request failed with \(code.name) (\(code.rawValue)): \(code.meaning)"
            if code == .locationError, let stopped = stoppedForGood {
                return [
                    WhyReason(
                        cause: cause,
                        detail:
                            "No other request follows: didFailWithError stopped the updates for good, so no fix comes to send one.",
                        pitfall: "P5", help: stopped.help)
                ]
            }
            if code == .locationError && unauthorized {
                return [
                    WhyReason(
                        cause: cause, detail: "Without location permission every request fails.",
                        help: "allow location ('auth allow'), " + again)
                ]
            }
            if code == .locationError {
                return [
                    WhyReason(
                        cause: cause,
                        detail: "The request was sent before the permission was answered; the next fix sends another.",
                        pitfall: "P4",
                        help: (status == .notDetermined
                            ? "answer the permission alert and wait for the next fix, "
                            : "wait for the next fix (the device needs a position: 'locate'), ") + again)
                ]
            }
            if code == .accessNotConfigured && flavor.usesLegacyAPI && !session.places.project.legacy {
                return [
                    WhyReason(
                        cause: cause,
                        detail:
                            "Places API (Legacy), which Current Place needs, is off in the key's project, as in every project made since March 2025: the app must move to Nearby Search (New) ('explain migrate').",
                        help:
                            "run the migrated app ('launch --flavor nearby'), or 'project legacy on' for an older project"
                    )
                ]
            }
            return [WhyReason(cause: cause, help: "once a request can succeed ('faults'), " + again)]
        case .answered(0)? where flavor == .nearby:
            let circle = formatNumber(session.lastNearbyQuery?.settings.radius ?? session.places.nearby.radius)
            if let standing = nearbyStanding, standing.outsideCircle, let cause = standing.cause {
                return [WhyReason(cause: cause, pitfall: "P14", help: (standing.help ?? "") + ", " + again)]
            }
            return [
                WhyReason(
                    cause: "no place's point lies in the \(circle) m circle around the app's last location",
                    help: "a larger circle ('nearby radius') or fewer type filters ('nearby types clear'), " + again)
            ]
        case .answered(0)?:
            return [
                WhyReason(
                    cause: "the service found no place near the device",
                    help: "move the device near places (e.g. 'locate sydney'), " + again)
            ]
        default:
            if let stopped = stoppedForGood { return [stopped] }
            return [
                WhyReason(
                    cause: "no places response has come yet",
                    help: "wait for a fix and its places response ('wait'), " + again)
            ]
        }
    }

    private func whyHiddenMap() -> [WhyReason] {
        if locationManager.authorizationStatus == .restricted {
            return [
                WhyReason(
                    cause:
                        "the tutorial shows the map only on a fix or a denial, and a restricted app gets neither",
                    pitfall: "P6", help: "lift the restriction and relaunch")
            ]
        }
        if locationManager.lastDelivered == nil, let stopped = stoppedForGood {
            return [
                WhyReason(
                    cause: "a location error stopped updates before the first fix, and the map is shown only on a fix",
                    detail: stopped.cause.prefix(1).uppercased() + stopped.cause.dropFirst() + ".", pitfall: "P5",
                    help: stopped.help)
            ]
        }
        return [
            WhyReason(
                cause: "viewDidLoad hid the map until the first fix", help: "wait for the first fix ('wait')")
        ]
    }
}
