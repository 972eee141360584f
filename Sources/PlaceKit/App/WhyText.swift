/// The sentences of `explain`'s account that a student meets on the guided walk, each declared
/// once here, in English, with `{name}` where a value goes. The walk's catalogues translate them
/// (`explain.KEY` in Tutorial/*.po; the English template must read as it does here, which the
/// catalogue check enforces), so that `explain` during a walk speaks the student's language.
/// A sentence not declared here stays English wherever it is said.
public enum WhyPhrase: String, Sendable, CaseIterable {
    // The topics: the first column of `explain`.
    case topicApp = "topic.app"
    case topicPermission = "topic.permission"
    case topicMap = "topic.map"
    case topicFixes = "topic.fixes"
    case topicList = "topic.list"
    case topicPicker = "topic.picker"
    case topicMarkers = "topic.markers"
    // The app.
    case appNotRunning = "app.notRunning"
    case appRunsMap = "app.runsMap"
    case appRunsPicker = "app.runsPicker"
    // The permission.
    case permissionNotDetermined = "permission.notDetermined"
    case permissionRestricted = "permission.restricted"
    case permissionDenied = "permission.denied"
    case permissionServicesOff = "permission.servicesOff"
    case permissionAllowedPrecise = "permission.allowedPrecise"
    case permissionAllowedApproximate = "permission.allowedApproximate"
    case permissionAllowOnce = "permission.allowOnce"
    case permissionAlertOnScreen = "permission.alertOnScreen"
    case permissionAlertModal = "permission.alertModal"
    case permissionAlertMessage = "permission.alertMessage"
    // The map.
    case mapHiddenUntilFix = "map.hiddenUntilFix"
    case mapHiddenRestricted = "map.hiddenRestricted"
    case mapHiddenStopped = "map.hiddenStopped"
    case mapHiddenStoppedUnknown = "map.hiddenStoppedUnknown"
    case mapDeniedDefault = "map.deniedDefault"
    case mapShown = "map.shown"
    case mapShownApproximate = "map.shownApproximate"
    case mapRestrictionKept = "map.restrictionKept"
    case mapObjcZoom = "map.objcZoom"
    // The fixes.
    case fixesNoMore = "fixes.noMore"
    case fixesUpdatesStopped = "fixes.updatesStopped"
    case fixesNotAnswered = "fixes.notAnswered"
    case fixesNotAllowed = "fixes.notAllowed"
    case fixesNoPosition = "fixes.noPosition"
    case fixesNoPositionSilent = "fixes.noPositionSilent"
    case fixesQueued = "fixes.queued"
    case fixesHeldBack = "fixes.heldBack"
    case fixesApproximate = "fixes.approximate"
    case fixesNotMoved = "fixes.notMoved"
    case fixesMovedLess = "fixes.movedLess"
    case fixesAsItMoves = "fixes.asItMoves"
    case fixesFirstOnItsWay = "fixes.firstOnItsWay"
    // The list.
    case listInFlight = "list.inFlight"
    case listEmpty = "list.empty"
    case listEmptyAlso = "list.emptyAlso"
    case listHasOne = "list.hasOne"
    case listHasOneRanked = "list.hasOneRanked"
    case listHas = "list.has"
    case listHasRanked = "list.hasRanked"
    case listStanding = "list.standing"
    // Why the list is empty (the causes `list.empty` names), and why fixes stopped.
    case causeStopped = "cause.stopped"
    case causeStoppedUnknown = "cause.stoppedUnknown"
    case causeInFlight = "cause.inFlight"
    case causeInFlightUnauthorized = "cause.inFlightUnauthorized"
    case causeNearbyNoLocation = "cause.nearbyNoLocation"
    case causeNoProperties = "cause.noProperties"
    case causeFailed = "cause.failed"
    case meaningLocationError = "meaning.locationError"
    case meaningAccessNotConfigured = "meaning.accessNotConfigured"
    case causeNoneNear = "cause.noneNear"
    case causeNoneInCircle = "cause.noneInCircle"
    case causeNoResponse = "cause.noResponse"
    case detailEmptyCopy = "detail.emptyCopy"
    case detailNoneWillCome = "detail.noneWillCome"
    case detailNoPermissionNoFix = "detail.noPermissionNoFix"
    case detailStoppedNoOther = "detail.stoppedNoOther"
    case detailNoPermissionFails = "detail.noPermissionFails"
    case detailSentBeforeAnswer = "detail.sentBeforeAnswer"
    case detailLegacyOff = "detail.legacyOff"
    // Where the device stands and what the nearby answer did with it (P14, P15).
    case standingOutside = "standing.outside"
    case standingOutranked = "standing.outranked"
    case standingOutrankedMissing = "standing.outrankedMissing"
    case standingHelpRadius = "standing.helpRadius"
    case standingHelpRank = "standing.helpRank"
    // The picker and the markers.
    case pickerCopy = "picker.copy"
    case pickerBlankRows = "picker.blankRows"
    case markerNoSnippetNotRequested = "markers.notRequested"
    case markerNoSnippetFetchedBefore = "markers.fetchedBefore"

    /// The English, with `{name}` for each value.
    public var english: String {
        switch self {
        case .topicApp: return "app"
        case .topicPermission: return "permission"
        case .topicMap: return "map"
        case .topicFixes: return "fixes"
        case .topicList: return "list"
        case .topicPicker: return "picker"
        case .topicMarkers: return "markers"
        case .appNotRunning: return "The app is not running: 'launch' starts it (viewDidLoad)."
        case .appRunsMap: return "The {flavor} app runs, on the map screen."
        case .appRunsPicker: return "The {flavor} app runs, on the picker screen."
        case .permissionNotDetermined: return "The permission is not determined: nobody has answered the alert yet."
        case .permissionRestricted:
            return "Location is restricted for the app (parental controls): it cannot ask, and nobody can allow it."
        case .permissionDenied: return "Location is denied for the app (Settings: {setting})."
        case .permissionServicesOff: return "Location Services are off for the whole device: every app reads denied."
        case .permissionAllowedPrecise: return "Location is allowed ({setting}) with precise accuracy."
        case .permissionAllowedApproximate: return "Location is allowed ({setting}) with approximate accuracy."
        case .permissionAllowOnce: return "Allow Once ends with the app: the next launch asks again."
        case .permissionAlertOnScreen:
            return "The alert is on screen, waiting: auth allow | auth allow once | auth deny."
        case .permissionAlertModal: return "It is modal: nothing in the app can be tapped until it is answered."
        case .permissionAlertMessage:
            return
                "Its message is NSLocationWhenInUseUsageDescription's text: the code asks When In Use, though the tutorial's text tells readers to add NSLocationAlwaysUsageDescription."
        case .mapHiddenUntilFix: return "The map is hidden until the first fix arrives (viewDidLoad hid it)."
        case .mapHiddenRestricted:
            return
                "The map is hidden and stays hidden: the tutorial shows it only on a fix or a denial, and a restricted app gets neither."
        case .mapHiddenStopped:
            return
                "The map is hidden and stays hidden: a location error stopped updates before the first fix (Core Location reported {error} (code {code}), and didFailWithError called stopUpdatingLocation()). The tutorial shows the map only on a fix, and none can come now, even after 'locate'; relaunch the app with a position set."
        case .mapHiddenStoppedUnknown:
            return
                "The map is hidden and stays hidden: a location error stopped updates before the first fix (Core Location had no fix to give, kCLErrorLocationUnknown (code 0), as with no location set, and didFailWithError called stopUpdatingLocation()). The tutorial shows the map only on a fix, and none can come now, even after 'locate'; relaunch the app with a position set."
        case .mapDeniedDefault:
            return
                "The map shows the tutorial's default point, Sydney ({latitude}, {longitude}): a denial unhides it without a fix."
        case .mapShown: return "The map is shown, centred on {latitude}, {longitude} at zoom {zoom}."
        case .mapShownApproximate:
            return "The map is shown, centred on {latitude}, {longitude} at zoom {zoom} (10: approximate location)."
        case .mapRestrictionKept:
            return
                "The restriction did not hide it: the tutorial's .restricted case only prints a line, and no new fix will move it."
        case .mapObjcZoom: return "The Objective-C code zooms to 15 even for approximate location."
        case .fixesNoMore: return "No more fixes come: {cause}."
        case .fixesUpdatesStopped: return "No fixes come: location updates are stopped."
        case .fixesNotAnswered:
            return
                "No fixes come yet: the permission has not been answered. Updates were started in viewDidLoad and begin once it is allowed."
        case .fixesNotAllowed:
            return
                "No fixes come yet: the app may not use location ({status}). Updates were started in viewDidLoad and begin once it is allowed."
        case .fixesNoPosition:
            return
                "No fixes come: the device has no position, and Core Location reports kCLErrorLocationUnknown 1 s after updates start or the position goes, which stops the tutorial's updates (P5): 'locate LAT LNG' first, or 'set simulator-no-location silent'."
        case .fixesNoPositionSilent:
            return
                "No fixes come: the device has no position ('locate LAT LNG', or a route); with simulator-no-location silent no error is reported."
        case .fixesQueued:
            return
                "{count} locations wait in the run loop: they reach the app in one didUpdateLocations call, and the app uses the last ('step', 'run')."
        case .fixesHeldBack:
            return
                "With approximate location a fix comes at most every 15 minutes: the next one is held back until then ('wait')."
        case .fixesApproximate:
            return
                "With approximate location, fixes are snapped to about 2 km and come at most every 15 minutes: {count} so far."
        case .fixesNotMoved:
            return
                "The device has not moved since the last fix: less than the distance filter ({filter} m), so no new fix comes until it moves further."
        case .fixesMovedLess:
            return
                "The device is {distance} m from the last fix: less than the distance filter ({filter} m), so no new fix comes until it moves further."
        case .fixesAsItMoves: return "Fixes come as the device moves at least {filter} m: {count} so far."
        case .fixesFirstOnItsWay: return "The first fix is on its way (1 s after updates became possible)."
        case .listInFlight:
            return
                "{count} places requests are in flight: each answer appends to the same list after one removeAll(), so rows will repeat."
        case .listEmpty: return "The list is empty: {cause}."
        case .listEmptyAlso: return "And {cause}."
        case .listHasOne: return "The list has 1 likely place; the most likely is {name} at {likelihood}."
        case .listHasOneRanked: return "The list has 1 likely place; Nearby Search ranked {name} first."
        case .listHas: return "The list has {count} likely places; the most likely is {name} at {likelihood}."
        case .listHasRanked: return "The list has {count} likely places; Nearby Search ranked {name} first."
        case .listStanding: return "{cause}. Fix: {help}."
        case .standingOutside:
            return
                "the device stands in {place}, whose point is {distance} m away, outside the {radius} m circle: Nearby Search matches a place by its point, so the answer cannot hold it"
        case .standingOutranked:
            return
                "with rankPreference .popularity the answer puts {first}, {distance} m away, first, and the device stands in {place} (row {row}): the most popular place is not where the user is"
        case .standingOutrankedMissing:
            return
                "with rankPreference .popularity the answer puts {first}, {distance} m away, first, and the device stands in {place} (not in the answer at all): the most popular place is not where the user is"
        case .standingHelpRadius:
            return "a radius that reaches the points of the places the user may stand in ('nearby radius {radius}m')"
        case .standingHelpRank: return "rank by distance for \"where am I\" ('nearby rank distance')"
        case .causeStopped:
            return
                "didFailWithError ({error}, code {code}) made the tutorial call stopUpdatingLocation(), and it never starts again: no fix comes, so no fix sends another places request"
        case .causeStoppedUnknown:
            return
                "didFailWithError (locationUnknown, code 0) made the tutorial call stopUpdatingLocation() (locationUnknown is transient; the tutorial stops anyway), and it never starts again: no fix comes, so no fix sends another places request"
        case .causeInFlight: return "a request is in flight and its answer has not arrived"
        case .causeInFlightUnauthorized:
            return "a request is in flight, but without location permission its answer will be an error"
        case .causeNearbyNoLocation:
            return
                "the nearby app has no location to search around yet: listLikelyPlaces() sent nothing (“Nearby search skipped: no location yet.”) and only a fix sends a search"
        case .causeNoProperties:
            return
                "the last request failed with invalidRequest (-12): GMSPlaceSearchNearbyRequest's placeProperties is empty, and the SDK sends no request without one"
        case .causeFailed: return "the last request failed with {name} ({code}): {meaning}"
        case .meaningLocationError: return "the device's location is not available (often: permission not granted)"
        case .meaningAccessNotConfigured: return "the Places API for iOS is not enabled for the key's project"
        case .causeNoneNear: return "the service found no place near the device"
        case .causeNoneInCircle: return "no place's point lies in the {radius} m circle around the app's last location"
        case .causeNoResponse: return "no places response has come yet"
        case .detailEmptyCopy: return "\"Get Place\" now would hand the picker an empty copy."
        case .detailNoneWillCome: return "And none will come: {cause}."
        case .detailNoPermissionNoFix:
            return "Without location permission no fix comes, and no error is printed: the list stays empty."
        case .detailStoppedNoOther:
            return
                "No other request follows: didFailWithError stopped the updates for good, so no fix comes to send one."
        case .detailNoPermissionFails: return "Without location permission every request fails."
        case .detailSentBeforeAnswer:
            return "The request was sent before the permission was answered; the next fix sends another."
        case .detailLegacyOff:
            return
                "Places API (Legacy), which Current Place needs, is off in the key's project, as in every project made since October 2026, when Places API (Legacy), legacy since March 1, 2025, closed to new projects: the app must move to Nearby Search (New) ('explain migrate')."
        case .pickerCopy:
            return
                "The picker shows its own copy, taken when \"Get Place\" was tapped: {rows} rows, not the app's current {count}."
        case .pickerBlankRows:
            return
                "The Objective-C picker never sets the cells' text: every row is blank, and a selection is never passed back."
        case .markerNoSnippetNotRequested:
            return
                "Marker {n} has no snippet: formattedAddress is not among the requested fields {fields} ('fields +formattedAddress')."
        case .markerNoSnippetFetchedBefore:
            return "Marker {n} has no snippet: its place was fetched before formattedAddress was requested."
        }
    }
}

/// A sentence to say: a phrase and its values. A value is a name, a number or code, said as it
/// is in every language, or another sentence, said in the language of the whole.
public struct WhyText: Sendable, Equatable {
    public indirect enum Value: Sendable, Equatable {
        /// A name, a coordinate, code: the same in every language.
        case plain(String)
        /// A count or a measure (`12`, `50`, `0.252`), written with the language's digits.
        case number(String)
        /// English words no phrase declares: the sentence holding them is said in English only.
        case english(String)
        /// A sentence, said in the language of the whole.
        case text(WhyText)
    }
    public var phrase: WhyPhrase
    public var values: [String: Value]

    public init(_ phrase: WhyPhrase, _ values: [String: Value] = [:]) {
        self.phrase = phrase
        self.values = values
    }

    /// The sentence in the language `words` gives each phrase in (nil when it lacks one), with
    /// `isolate` around each plain value (a right-to-left language keeps a coordinate's order).
    /// `numeral` writes a number's digits in the language's own.
    public func said(
        in words: (WhyPhrase) -> String?, isolate: (String) -> String = { $0 }, numeral: (String) -> String = { $0 }
    ) -> String? {
        said(in: words, english: false, isolate: isolate, numeral: numeral)
    }

    private func said(
        in words: (WhyPhrase) -> String?, english: Bool, isolate: (String) -> String, numeral: (String) -> String
    ) -> String? {
        guard let template = words(phrase) else { return nil }
        var said: [String: String] = [:]
        for (name, value) in values {
            switch value {
            case .plain(let s): said[name] = isolate(s)
            case .number(let s): said[name] = numeral(s)
            case .english(let s):
                guard english else { return nil }
                said[name] = s
            case .text(let t):
                guard let s = t.said(in: words, english: english, isolate: isolate, numeral: numeral) else {
                    return nil
                }
                said[name] = s
            }
        }
        return Self.filledIn(template, said)
    }

    /// `template` with each `{name}` replaced by its value, in one pass: a value is never read
    /// again (a place named "{count}" stays as it is named).
    public static func filledIn(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                let value = values[String(rest[rest.index(after: open)..<close])]
            else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// A sentence as it starts: its first letter a capital (a phrase may begin with a value or
    /// another sentence, lower-case as it stands inside one), unless its first word is code
    /// (`rankPreference`, `didFailWithError`), which keeps its case.
    public static func sentence(_ s: String) -> String {
        let word = s.prefix { $0.isLetter }
        guard let first = word.first, first.isLowercase, !word.contains(where: \.isUppercase) else { return s }
        return word.prefix(1).uppercased() + s.dropFirst()
    }

    /// The sentence in English.
    public var english: String {
        said(in: { $0.english }, english: true, isolate: { $0 }, numeral: { $0 }) ?? phrase.english
    }
}
