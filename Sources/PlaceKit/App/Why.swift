import PlaceFormats
import PlaceStorage

/// Why things are as they are: this file is the one place that answers. A person may ask the
/// running app a question (why no fix comes, why the list is empty, why the map is hidden, why
/// the picker's rows are blank: `TutorialApp.why`), or ask for an account of the whole session
/// (`Session.findings`, what `explain` prints); the account reads the app's own answers, so
/// `explain`, the picker's note, the `why` state path and the tutorial's hints agree.
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
                            "Places API (Legacy), which Current Place needs, is off in the key's project, as in every project made since October 2026, when Places API (Legacy), legacy since March 1, 2025, closed to new projects: the app must move to Nearby Search (New) ('explain migrate').",
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
            // Places in the circle that the type filters turned away are another answer.
            if let query = session.lastNearbyQuery, query.settings.query.filters {
                var open = query.settings
                open.includedTypes = []
                open.excludedTypes = []
                open.includedPrimaryTypes = []
                open.excludedPrimaryTypes = []
                let inCircle = NearbyModel.search(session.places.dataset, center: query.center, settings: open).count
                if inCircle > 0 {
                    let count =
                        inCircle >= open.maxResultCount
                        ? "\(inCircle) or more places lie" : inCircle == 1 ? "1 place lies" : "\(inCircle) places lie"
                    return [
                        WhyReason(
                            cause: "\(count) in the \(circle) m circle, but none passes the request's type filters",
                            help: "other types ('nearby types clear', 'nearby primary clear'), " + again)
                    ]
                }
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

/// One line of the session's account: a topic (`app`, `permission`, `map`, `fixes`, `list`,
/// `picker`, `markers`, `faults`), what it says (sentences, with their final period), and the
/// pitfall it shows.
public struct WhyFinding: Sendable, Equatable {
    public var topic: String
    public var text: String
    public var pitfall: String?

    public init(topic: String, text: String, pitfall: String? = nil) {
        self.topic = topic
        self.text = text
        self.pitfall = pitfall
    }
}

extension Session {
    /// Why the session is the way it is, topic by topic (the app, the permission, the map, the
    /// fixes, the list, the picker, the markers, the faults), each with the pitfall it shows:
    /// what `explain` says with no argument.
    public func findings() -> [WhyFinding] {
        let session = self
        var reasons: [WhyFinding] = []
        let privacy = session.device.privacy
        guard let app = session.app else {
            if let crash = session.lastApp?.crashMessage {
                reasons.append(
                    WhyFinding(
                        topic: "app", text: "The app crashed: \(crash). Nothing runs until 'launch'.", pitfall: "P11"))
            } else {
                reasons.append(
                    WhyFinding(topic: "app", text: "The app is not running: 'launch' starts it (viewDidLoad)."))
            }
            reasons.append(contentsOf: permissionReasons(privacy, session))
            reasons.append(contentsOf: faultReasons(session))
            return reasons
        }
        reasons.append(
            WhyFinding(
                topic: "app",
                text:
                    "The \(app.flavor.title) app runs, on the \(app.screen == .map ? "map screen" : "picker screen")."
            ))
        if app.isInBackground {
            reasons.append(
                WhyFinding(
                    topic: "app",
                    text:
                        "It is in the background and suspended: no fix reaches it (the tutorial has no location background mode), its callbacks wait, and touches are refused until 'app foreground'."
                ))
        }
        reasons.append(contentsOf: permissionReasons(privacy, session))
        let manager = app.locationManager
        let status = privacy.status
        // The map.
        if app.mapView.isHidden {
            // Which cause is the app's own answer (TutorialApp.why); the words here add the detail.
            let pitfall = app.why(.hiddenMap).first?.pitfall
            if pitfall == "P6" {
                reasons.append(
                    WhyFinding(
                        topic: "map",
                        text:
                            "The map is hidden and stays hidden: the tutorial shows it only on a fix or a denial, and a restricted app gets neither.",
                        pitfall: "P6"))
            } else if pitfall == "P5", let error = app.locationError {
                let cause =
                    error == .locationUnknown
                    ? "Core Location had no fix to give, kCLErrorLocationUnknown (code 0), as with no location set"
                    : "Core Location reported \(error.name) (code \(error.rawValue))"
                reasons.append(
                    WhyFinding(
                        topic: "map",
                        text:
                            "The map is hidden and stays hidden: a location error stopped updates before the first fix (\(cause), and didFailWithError called stopUpdatingLocation()). The tutorial shows the map only on a fix, and none can come now, even after 'locate'; relaunch the app with a position set.",
                        pitfall: "P5"))
            } else if manager.lastDelivered == nil {
                reasons.append(
                    WhyFinding(
                        topic: "map", text: "The map is hidden until the first fix arrives (viewDidLoad hid it)."))
            }
        } else if status == .denied && manager.lastDelivered == nil {
            reasons.append(
                WhyFinding(
                    topic: "map",
                    text:
                        "The map shows the tutorial's default point, Sydney (-33.869405, 151.199): a denial unhides it without a fix."
                ))
        } else {
            let c = app.mapView.camera
            var text =
                "The map is shown, centred on \(formatFixed(c.target.latitude, decimals: 6)), \(formatFixed(c.target.longitude, decimals: 6)) at zoom \(formatNumber(c.zoom))"
            text +=
                manager.accuracyAuthorization == .reduced && app.flavor != .objc ? " (10: approximate location)." : "."
            if status == .restricted {
                text +=
                    " The restriction did not hide it: the tutorial's .restricted case only prints a line, and no new fix will move it."
            }
            var pitfall: String? = nil
            if manager.accuracyAuthorization == .reduced && app.flavor == .objc {
                text += " The Objective-C code zooms to 15 even for approximate location."
                pitfall = "P12"
            }
            reasons.append(WhyFinding(topic: "map", text: text, pitfall: pitfall))
        }
        if app.mapView.isBlank {
            reasons.append(blankMapWhyFinding(app.mapView, session.places.faults, session.places.project))
        }
        // Fixes.
        if app.locationError != nil, let stopped = app.why(.noFix).first {
            reasons.append(
                WhyFinding(topic: "fixes", text: "No more fixes come: \(stopped.cause).", pitfall: stopped.pitfall))
        } else if !manager.isUpdating {
            reasons.append(WhyFinding(topic: "fixes", text: "No fixes come: location updates are stopped."))
        } else if !status.isAuthorized {
            let waiting =
                status == .notDetermined
                ? "the permission has not been answered" : "the app may not use location (\(status.rawValue))"
            reasons.append(
                WhyFinding(
                    topic: "fixes",
                    text:
                        "No fixes come yet: \(waiting). Updates were started in viewDidLoad and begin once it is allowed."
                ))
        } else if session.device.position == nil {
            let text =
                session.device.noLocationReport == .error
                ? "No fixes come: the device has no position, and Core Location reports kCLErrorLocationUnknown 1 s after updates start or the position goes, which stops the tutorial's updates (P5): 'locate LAT LNG' first, or 'set simulator-no-location silent'."
                : "No fixes come: the device has no position ('locate LAT LNG', or a route); with simulator-no-location silent no error is reported."
            reasons.append(WhyFinding(topic: "fixes", text: text))
        } else if manager.queuedReadings.count > 1 {
            reasons.append(
                WhyFinding(
                    topic: "fixes",
                    text:
                        "\(manager.queuedReadings.count) locations wait in the run loop: they reach the app in one didUpdateLocations call, and the app uses the last ('step', 'run')."
                ))
        } else if manager.isHoldingBackAFix {
            reasons.append(
                WhyFinding(
                    topic: "fixes",
                    text:
                        "With approximate location a fix comes at most every 15 minutes: the next one is held back until then ('wait')."
                ))
        } else if let last = manager.lastDelivered, let position = session.device.position {
            let moved = distance(last.coordinate, position.coordinate)
            if manager.accuracyAuthorization == .reduced {
                reasons.append(
                    WhyFinding(
                        topic: "fixes",
                        text:
                            "With approximate location, fixes are snapped to about 2 km and come at most every 15 minutes: \(session.stats.locationUpdates) so far."
                    ))
            } else if moved < manager.distanceFilter {
                let whereNow =
                    moved < 0.05
                    ? "The device has not moved since the last fix"
                    : "The device is \(formatFixed(moved, decimals: 1)) m from the last fix"
                reasons.append(
                    WhyFinding(
                        topic: "fixes",
                        text:
                            "\(whereNow): less than the distance filter (\(formatNumber(manager.distanceFilter)) m), so no new fix comes until it moves further."
                    ))
            } else {
                reasons.append(
                    WhyFinding(
                        topic: "fixes",
                        text:
                            "Fixes come as the device moves at least \(formatNumber(manager.distanceFilter)) m: \(session.stats.locationUpdates) so far."
                    ))
            }
        } else {
            reasons.append(
                WhyFinding(topic: "fixes", text: "The first fix is on its way (1 s after updates became possible)."))
        }
        // The list.
        let count = app.likelyPlaces.count
        if app.requestsInFlight > 1 {
            reasons.append(
                WhyFinding(
                    topic: "list",
                    text:
                        "\(app.requestsInFlight) places requests are in flight: each answer appends to the same list after one removeAll(), so rows will repeat.",
                    pitfall: "P3"))
        }
        if count == 0 {
            for (i, why) in app.why(.emptyList).enumerated() {
                var text = (i == 0 ? "The list is empty: " : "And ") + why.cause + "."
                if let detail = why.detail { text += " " + detail }
                reasons.append(WhyFinding(topic: "list", text: text, pitfall: why.pitfall))
            }
        } else {
            var text = "The list has \(count) likely place\(count == 1 ? "" : "s")"
            if let first = app.likelyPlaces.first, let likelihood = first.likelihood {
                text +=
                    "; the most likely is \(first.place.name ?? "(no name)") at \(formatFixed(likelihood, decimals: 3))"
            } else if let first = app.likelyPlaces.first {
                text += "; Nearby Search ranked \(first.place.name ?? "(no name)") first"
            }
            reasons.append(WhyFinding(topic: "list", text: text + "."))
        }
        if count > 0, let standing = app.nearbyStanding, let pitfall = standing.pitfall, let cause = standing.cause {
            let help = standing.help.map { " Fix: " + $0 + "." } ?? ""
            reasons.append(
                WhyFinding(
                    topic: "list", text: cause.prefix(1).uppercased() + cause.dropFirst() + "." + help, pitfall: pitfall
                )
            )
        }
        if app.flavor == .objc, let picker = app.pickerPlaces, let array = app.pickerArray, array.count != picker.count
        {
            let shared =
                app.pickerSharesList
                ? "the map controller's NSMutableArray itself" : "the map controller's old NSMutableArray"
            reasons.append(
                WhyFinding(
                    topic: "picker",
                    text:
                        "The Objective-C picker holds \(shared) (a strong property set in prepareForSegue): the answer that came after \"Get Place\" was added to it, \(array.count) place\(array.count == 1 ? "" : "s") now, but the table loaded its \(picker.count) row\(picker.count == 1 ? "" : "s") once, in viewDidLoad, and nothing calls reloadData.",
                    pitfall: "P2"))
        } else if let picker = app.pickerPlaces,
            picker.count != count || zip(picker, app.likelyPlaces).contains(where: { $0.place != $1.place })
        {
            reasons.append(
                WhyFinding(
                    topic: "picker",
                    text:
                        "The picker shows its own copy, taken when \"Get Place\" was tapped: \(picker.count) row\(picker.count == 1 ? "" : "s"), not the app's current \(count).",
                    pitfall: "P2"))
        }
        if app.flavor == .objc && app.pickerPlaces != nil {
            reasons.append(
                WhyFinding(
                    topic: "picker",
                    text:
                        "The Objective-C picker never sets the cells' text: every row is blank, and a selection is never passed back.",
                    pitfall: "P8"))
        }
        // Markers.
        let fields = session.places.requestedFields
        for (i, marker) in app.mapView.markers.enumerated() where marker.snippet == nil {
            let why =
                fields.contains("formattedAddress")
                ? "its place was fetched before formattedAddress was requested"
                : "formattedAddress is not among the requested fields \(fields.swiftSyntax) ('fields +formattedAddress')"
            reasons.append(WhyFinding(topic: "markers", text: "Marker \(i + 1) has no snippet: \(why).", pitfall: "P1"))
        }
        reasons.append(contentsOf: faultReasons(session))
        return reasons
    }
}

private func permissionReasons(_ privacy: PrivacySettings, _ session: Session) -> [WhyFinding] {
    var text: String
    switch privacy.status {
    case .notDetermined: text = "The permission is not determined: nobody has answered the alert yet."
    case .restricted:
        text = "Location is restricted for the app (parental controls): it cannot ask, and nobody can allow it."
    case .denied:
        text =
            privacy.servicesEnabled
            ? "Location is denied for the app (Settings: \(privacy.settingName))."
            : "Location Services are off for the whole device: every app reads denied."
    case .authorizedWhenInUse, .authorizedAlways:
        text =
            "Location is allowed (\(privacy.settingName)) with \(privacy.accuracy == .full ? "precise" : "approximate") accuracy."
        if privacy.allowedOnce { text += " Allow Once ends with the app: the next launch asks again." }
    }
    if session.device.promptOpen {
        text += " The alert is on screen, waiting: auth allow | auth allow once | auth deny."
        text += " It is modal: nothing in the app can be tapped until it is answered."
        if session.app?.authorizationRequest == .whenInUse {
            text +=
                " Its message is NSLocationWhenInUseUsageDescription's text: the code asks When In Use, though the tutorial's text tells readers to add NSLocationAlwaysUsageDescription."
        }
    }
    var keyMissing = !session.device.hasWhenInUseUsageKey
    if keyMissing {
        text += " Info.plist lacks NSLocationWhenInUseUsageDescription, so iOS ignores the request."
    } else if (session.app ?? session.lastApp)?.authorizationRequest == .always,
        session.device.infoPlist.text(for: .alwaysAndWhenInUse) == nil
    {
        keyMissing = true
        text +=
            " The app asks for Always and Info.plist lacks NSLocationAlwaysAndWhenInUseUsageDescription, so iOS ignores the request."
    }
    return [WhyFinding(topic: "permission", text: text, pitfall: keyMissing ? "P9" : nil)]
}

/// Why the shown map has no tiles, and what brings them.
private func blankMapWhyFinding(_ map: MapView, _ faults: PlacesFaults, _ project: CloudProject) -> WhyFinding {
    let now: String
    switch BlankMapCause.blocking(faults, project) {
    case .network?:
        now = "They come at the next camera move (a fix, 'pan', 'zoom') once the network is on ('network on')."
    case .apiKey?:
        now =
            "They come at the next camera move once the servers accept the key ('apikey valid'); in a real app, fix the key in AppDelegate and check that the Maps SDK for iOS is enabled for its project and that its iOS-app restriction lists \(tutorialBundleIdentifier)."
    case .mapsAPI?:
        now =
            "They come at the next camera move once the project enables the Maps SDK for iOS and the key may call it ('project maps on'); the tutorial enables both it and Places."
    case nil:
        now = "The network and the key are good now: the tiles come at the next camera move (a fix, 'pan', 'zoom')."
    }
    let why: String
    switch map.blankCause {
    case .network?:
        why = "the device had no network when the map first needed them"
    case .apiKey(let state)?:
        why =
            "the Maps SDK refused the API key (\(state.rawValue)) that the app delegate gives GMSServices.provideAPIKey, the same key it gives GMSPlacesClient.provideAPIKey, and logged why"
    case .mapsAPI?:
        why =
            "the Maps SDK for iOS is not enabled in the key's Cloud project, or the key is restricted to other APIs, while Places answers with the same key"
    case nil:
        why = "none has loaded yet"
    }
    return WhyFinding(
        topic: "map",
        text:
            "The map is blank, no tiles: \(why). Markers and the my-location dot are still drawn over it. \(now)")
}

/// What each fault set says (`PlacesFault.finding`).
private func faultReasons(_ session: Session) -> [WhyFinding] {
    PlacesFault.all.compactMap { $0.finding(session) }.map { WhyFinding(topic: "faults", text: $0) }
}
