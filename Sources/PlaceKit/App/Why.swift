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
    /// The cause and the detail as sentences a walk translates (`WhyPhrase`), when they are.
    public var causeText: WhyText?
    public var detailText: WhyText?

    public init(cause: String, detail: String? = nil, pitfall: String? = nil, help: String) {
        self.cause = cause
        self.detail = detail
        self.pitfall = pitfall
        self.help = help
    }

    public init(cause: WhyText, detail: WhyText? = nil, pitfall: String? = nil, help: String) {
        self.init(cause: cause.english, detail: detail?.english, pitfall: pitfall, help: help)
        causeText = cause
        detailText = detail
    }

    /// A further sentence in English only: the whole reason is said in English then.
    mutating func setDetail(_ text: String) {
        detail = text
        detailText = nil
        causeText = nil
    }

    mutating func setDetail(_ text: WhyText) {
        detail = text.english
        detailText = text
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
        let allow = locationManager.authorizationStatus.isAuthorized ? "" : "allow location ('auth allow'), then "
        return WhyReason(
            cause: error == .locationUnknown
                ? WhyText(.causeStoppedUnknown)
                : WhyText(.causeStopped, ["error": .plain(error.name), "code": .plain(String(error.rawValue))]),
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
                    WhyReason(cause: WhyText(.causeInFlightUnauthorized), help: "allow location ('auth allow')"))
            } else {
                reasons.append(
                    WhyReason(
                        cause: WhyText(.causeInFlight), detail: WhyText(.detailEmptyCopy), pitfall: "P2",
                        help: "wait for the places response ('wait'), " + again))
            }
            if let stopped = stoppedForGood { reasons.append(stopped) }
            return reasons
        }
        if flavor == .nearby, currentLocation == nil {
            // The migrated app gives the circle's centre itself and has none before a fix.
            var reason = WhyReason(
                cause: WhyText(.causeNearbyNoLocation), pitfall: "P16",
                help: unauthorized
                    ? "allow location ('auth allow'); the first fix sends the search, " + again
                    : "wait for the first fix ('wait'), " + again)
            if let stopped = stoppedForGood {
                if let cause = stopped.causeText {
                    reason.setDetail(WhyText(.detailNoneWillCome, ["cause": .text(cause)]))
                } else {
                    reason.setDetail("And none will come: " + stopped.cause + ".")
                }
                reason.help = stopped.help
            } else if unauthorized {
                reason.setDetail(WhyText(.detailNoPermissionNoFix))
            }
            return [reason]
        }
        switch lastPlacesResponse {
        case .failed(.invalidRequest)? where flavor == .nearby && session.places.nearby.properties.isEmpty:
            return [
                WhyReason(
                    cause: WhyText(.causeNoProperties), pitfall: "P17",
                    help: "name the properties the app reads ('nearby fields name,coordinate,formattedAddress'), "
                        + again)
            ]
        case .failed(let code)?:
            let cause = failedCause(code)
            if code == .locationError, let stopped = stoppedForGood {
                return [
                    WhyReason(
                        cause: cause, detail: WhyText(.detailStoppedNoOther), pitfall: "P5", help: stopped.help)
                ]
            }
            if code == .locationError && unauthorized {
                return [
                    WhyReason(
                        cause: cause, detail: WhyText(.detailNoPermissionFails),
                        help: "allow location ('auth allow'), " + again)
                ]
            }
            if code == .locationError {
                return [
                    WhyReason(
                        cause: cause, detail: WhyText(.detailSentBeforeAnswer), pitfall: "P4",
                        help: (status == .notDetermined
                            ? "answer the permission alert and wait for the next fix, "
                            : "wait for the next fix (the device needs a position: 'locate'), ") + again)
                ]
            }
            if code == .accessNotConfigured && flavor.usesLegacyAPI && !session.places.project.legacy {
                return [
                    WhyReason(
                        cause: cause, detail: WhyText(.detailLegacyOff),
                        help:
                            "run the migrated app ('launch --flavor nearby'), or 'project legacy on' for an older project"
                    )
                ]
            }
            return [WhyReason(cause: cause, help: "once a request can succeed ('faults'), " + again)]
        case .answered(0)? where flavor == .nearby:
            let circle = formatNumber(session.lastNearbyQuery?.settings.radius ?? session.places.nearby.radius)
            if let standing = nearbyStanding, standing.outsideCircle, let cause = standing.causeText {
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
                    cause: WhyText(.causeNoneInCircle, ["radius": .number(circle)]),
                    help: "a larger circle ('nearby radius') or fewer type filters ('nearby types clear'), " + again)
            ]
        case .answered(0)?:
            return [
                WhyReason(
                    cause: WhyText(.causeNoneNear),
                    help: "move the device near places (e.g. 'locate sydney'), " + again)
            ]
        default:
            if let stopped = stoppedForGood { return [stopped] }
            return [
                WhyReason(
                    cause: WhyText(.causeNoResponse),
                    help: "wait for a fix and its places response ('wait'), " + again)
            ]
        }
    }

    /// "The last request failed with …": said in the walk's language for the codes it has words for.
    private func failedCause(_ code: PlacesErrorCode) -> WhyText {
        let meaning: WhyText.Value
        switch code {
        case .locationError: meaning = .text(WhyText(.meaningLocationError))
        case .accessNotConfigured: meaning = .text(WhyText(.meaningAccessNotConfigured))
        default: meaning = .english(code.meaning)
        }
        return WhyText(
            .causeFailed, ["name": .plain(code.name), "code": .plain(String(code.rawValue)), "meaning": meaning])
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

    /// The sentences of `text` a walk translates; empty when the text is English only.
    public var sentences: [WhyText] = []

    public init(topic: String, text: String, pitfall: String? = nil) {
        self.topic = topic
        self.text = text
        self.pitfall = pitfall
    }

    public init(topic: String, sentences: [WhyText], pitfall: String? = nil) {
        self.init(
            topic: topic, text: sentences.map { WhyText.sentence($0.english) }.joined(separator: " "), pitfall: pitfall)
        self.sentences = sentences
    }

    /// The topic's own name in the walk's words (`explain.topic.NAME`), when it has one.
    public var topicPhrase: WhyPhrase? { WhyPhrase(rawValue: "topic." + topic) }
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
                reasons.append(WhyFinding(topic: "app", sentences: [WhyText(.appNotRunning)]))
            }
            reasons.append(contentsOf: permissionReasons(privacy, session))
            reasons.append(contentsOf: faultReasons(session))
            return reasons
        }
        reasons.append(
            WhyFinding(
                topic: "app",
                sentences: [
                    WhyText(app.screen == .map ? .appRunsMap : .appRunsPicker, ["flavor": .plain(app.flavor.title)])
                ]
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
                reasons.append(WhyFinding(topic: "map", sentences: [WhyText(.mapHiddenRestricted)], pitfall: "P6"))
            } else if pitfall == "P5", let error = app.locationError {
                let text =
                    error == .locationUnknown
                    ? WhyText(.mapHiddenStoppedUnknown)
                    : WhyText(.mapHiddenStopped, ["error": .plain(error.name), "code": .plain(String(error.rawValue))])
                reasons.append(WhyFinding(topic: "map", sentences: [text], pitfall: "P5"))
            } else if manager.lastDelivered == nil {
                reasons.append(WhyFinding(topic: "map", sentences: [WhyText(.mapHiddenUntilFix)]))
            }
        } else if status == .denied && manager.lastDelivered == nil {
            let sydney = TutorialApp.defaultLocation
            reasons.append(
                WhyFinding(
                    topic: "map",
                    sentences: [
                        WhyText(
                            .mapDeniedDefault,
                            [
                                "latitude": .plain(formatNumber(sydney.latitude)),
                                "longitude": .plain(formatNumber(sydney.longitude)),
                            ])
                    ]))
        } else {
            let c = app.mapView.camera
            let shown: WhyPhrase =
                manager.accuracyAuthorization == .reduced && app.flavor != .objc ? .mapShownApproximate : .mapShown
            var sentences = [
                WhyText(
                    shown,
                    [
                        "latitude": .plain(formatFixed(c.target.latitude, decimals: 6)),
                        "longitude": .plain(formatFixed(c.target.longitude, decimals: 6)),
                        "zoom": .number(formatNumber(c.zoom)),
                    ])
            ]
            if status == .restricted { sentences.append(WhyText(.mapRestrictionKept)) }
            var pitfall: String? = nil
            if manager.accuracyAuthorization == .reduced && app.flavor == .objc {
                sentences.append(WhyText(.mapObjcZoom))
                pitfall = "P12"
            }
            reasons.append(WhyFinding(topic: "map", sentences: sentences, pitfall: pitfall))
        }
        if app.mapView.isBlank {
            reasons.append(blankMapWhyFinding(app.mapView, session.places.faults, session.places.project))
        }
        // Fixes.
        let filter = WhyText.Value.number(formatNumber(manager.distanceFilter))
        let fixesSoFar = WhyText.Value.number(String(session.stats.locationUpdates))
        if app.locationError != nil, let stopped = app.why(.noFix).first {
            let cause = stopped.causeText.map { WhyText.Value.text($0) } ?? .english(stopped.cause)
            reasons.append(
                WhyFinding(
                    topic: "fixes", sentences: [WhyText(.fixesNoMore, ["cause": cause])], pitfall: stopped.pitfall))
        } else if !manager.isUpdating {
            reasons.append(WhyFinding(topic: "fixes", sentences: [WhyText(.fixesUpdatesStopped)]))
        } else if !status.isAuthorized {
            let text =
                status == .notDetermined
                ? WhyText(.fixesNotAnswered) : WhyText(.fixesNotAllowed, ["status": .plain(status.rawValue)])
            reasons.append(WhyFinding(topic: "fixes", sentences: [text]))
        } else if session.device.position == nil {
            let phrase: WhyPhrase =
                session.device.noLocationReport == .error ? .fixesNoPosition : .fixesNoPositionSilent
            reasons.append(WhyFinding(topic: "fixes", sentences: [WhyText(phrase)]))
        } else if manager.queuedReadings.count > 1 {
            reasons.append(
                WhyFinding(
                    topic: "fixes",
                    sentences: [WhyText(.fixesQueued, ["count": .number(String(manager.queuedReadings.count))])]))
        } else if manager.isHoldingBackAFix {
            reasons.append(WhyFinding(topic: "fixes", sentences: [WhyText(.fixesHeldBack)]))
        } else if let last = manager.lastDelivered, let position = session.device.position {
            let moved = distance(last.coordinate, position.coordinate)
            let text: WhyText
            if manager.accuracyAuthorization == .reduced {
                text = WhyText(.fixesApproximate, ["count": fixesSoFar])
            } else if moved < manager.distanceFilter {
                text =
                    moved < 0.05
                    ? WhyText(.fixesNotMoved, ["filter": filter])
                    : WhyText(
                        .fixesMovedLess, ["distance": .number(formatFixed(moved, decimals: 1)), "filter": filter])
            } else {
                text = WhyText(.fixesAsItMoves, ["filter": filter, "count": fixesSoFar])
            }
            reasons.append(WhyFinding(topic: "fixes", sentences: [text]))
        } else {
            reasons.append(WhyFinding(topic: "fixes", sentences: [WhyText(.fixesFirstOnItsWay)]))
        }
        // The list.
        let count = app.likelyPlaces.count
        if app.requestsInFlight > 1 {
            reasons.append(
                WhyFinding(
                    topic: "list",
                    sentences: [WhyText(.listInFlight, ["count": .number(String(app.requestsInFlight))])],
                    pitfall: "P3"))
        }
        if count == 0 {
            for (i, why) in app.why(.emptyList).enumerated() {
                let cause = why.causeText.map { WhyText.Value.text($0) } ?? .english(why.cause)
                let first = WhyText(i == 0 ? .listEmpty : .listEmptyAlso, ["cause": cause])
                if let detail = why.detail, why.detailText == nil {
                    // A further sentence only in English: the whole finding is.
                    reasons.append(
                        WhyFinding(topic: "list", text: first.english + " " + detail, pitfall: why.pitfall))
                } else {
                    reasons.append(
                        WhyFinding(
                            topic: "list", sentences: [first] + (why.detailText.map { [$0] } ?? []),
                            pitfall: why.pitfall))
                }
            }
        } else if let first = app.likelyPlaces.first {
            let name = WhyText.Value.plain(first.place.name ?? "(no name)")
            let text: WhyText
            if let likelihood = first.likelihood {
                text = WhyText(
                    count == 1 ? .listHasOne : .listHas,
                    [
                        "count": .number(String(count)), "name": name,
                        "likelihood": .number(formatFixed(likelihood, decimals: 3)),
                    ])
            } else {
                text = WhyText(
                    count == 1 ? .listHasOneRanked : .listHasRanked, ["count": .number(String(count)), "name": name])
            }
            reasons.append(WhyFinding(topic: "list", sentences: [text]))
        }
        if count > 0, let standing = app.nearbyStanding, let pitfall = standing.pitfall, let cause = standing.causeText,
            let help = standing.helpText
        {
            reasons.append(
                WhyFinding(
                    topic: "list", sentences: [WhyText(.listStanding, ["cause": .text(cause), "help": .text(help)])],
                    pitfall: pitfall))
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
                    sentences: [
                        WhyText(.pickerCopy, ["rows": .number(String(picker.count)), "count": .number(String(count))])
                    ],
                    pitfall: "P2"))
        }
        if app.flavor == .objc && app.pickerPlaces != nil {
            reasons.append(WhyFinding(topic: "picker", sentences: [WhyText(.pickerBlankRows)], pitfall: "P8"))
        }
        // Markers.
        let fields = session.places.requestedFields
        for (i, marker) in app.mapView.markers.enumerated() where marker.snippet == nil {
            let text =
                fields.contains("formattedAddress")
                ? WhyText(.markerNoSnippetFetchedBefore, ["n": .number(String(i + 1))])
                : WhyText(
                    .markerNoSnippetNotRequested, ["n": .number(String(i + 1)), "fields": .plain(fields.swiftSyntax)])
            reasons.append(WhyFinding(topic: "markers", sentences: [text], pitfall: "P1"))
        }
        reasons.append(contentsOf: faultReasons(session))
        return reasons
    }
}

private func permissionReasons(_ privacy: PrivacySettings, _ session: Session) -> [WhyFinding] {
    var sentences: [WhyText]
    let setting = WhyText.Value.plain(privacy.settingName)
    switch privacy.status {
    case .notDetermined: sentences = [WhyText(.permissionNotDetermined)]
    case .restricted: sentences = [WhyText(.permissionRestricted)]
    case .denied:
        sentences = [
            privacy.servicesEnabled
                ? WhyText(.permissionDenied, ["setting": setting]) : WhyText(.permissionServicesOff)
        ]
    case .authorizedWhenInUse, .authorizedAlways:
        sentences = [
            WhyText(
                privacy.accuracy == .full ? .permissionAllowedPrecise : .permissionAllowedApproximate,
                ["setting": setting])
        ]
        if privacy.allowedOnce { sentences.append(WhyText(.permissionAllowOnce)) }
    }
    if session.device.promptOpen {
        sentences += [WhyText(.permissionAlertOnScreen), WhyText(.permissionAlertModal)]
        if session.app?.authorizationRequest == .whenInUse { sentences.append(WhyText(.permissionAlertMessage)) }
    }
    // A missing Info.plist key is said in English only.
    var missing: String? = nil
    if !session.device.hasWhenInUseUsageKey {
        missing = "Info.plist lacks NSLocationWhenInUseUsageDescription, so iOS ignores the request."
    } else if (session.app ?? session.lastApp)?.authorizationRequest == .always,
        session.device.infoPlist.text(for: .alwaysAndWhenInUse) == nil
    {
        missing =
            "The app asks for Always and Info.plist lacks NSLocationAlwaysAndWhenInUseUsageDescription, so iOS ignores the request."
    }
    if let missing {
        let text = (sentences.map(\.english) + [missing]).joined(separator: " ")
        return [WhyFinding(topic: "permission", text: text, pitfall: "P9")]
    }
    return [WhyFinding(topic: "permission", sentences: sentences)]
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
