import PlaceFormats

/// Every behaviour the real APIs leave unstated, decided once, here. The man page's
/// SIMULATION CHOICES section and `help choices` list them from `SimulationChoices.all`.
public enum SimulationChoices {
    // MARK: Timing (virtual seconds)

    /// The authorization callback that Core Location sends when a manager is created, and after
    /// every change, arrives on the next turn of the run loop.
    public static let authorizationCallbackDelay = 0.0
    /// A location fix arrives this long after updates become possible (start, permission granted)
    /// or after the device moves.
    public static let fixDelay = 1.0
    /// The places service answers a likelihood request after this long.
    public static let placesLatency = 0.4
    /// `animate(to:)` takes this long.
    public static let cameraAnimationDuration = 0.5
    /// The timing curve `animate(to:)` follows: Core Animation's ease-in-ease-out, the cubic
    /// Bézier from (0, 0) to (1, 1) with control points (0.42, 0) and (0.58, 1). The Maps SDK's
    /// default animation eases in and out; its exact curve is unconfirmed.
    public static let cameraAnimationCurve = (x1: 0.42, y1: 0.0, x2: 0.58, y2: 1.0)
    /// The permission alert appears this long after `requestWhenInUseAuthorization()`.
    public static let promptDelay = 0.0
    /// An Allow Once permission ends when the app has been in the background this long
    /// (unconfirmed: the sources say "a few seconds" and give no number).
    public static let allowOnceBackgroundLimit = 10.0

    // MARK: Location

    /// `accuracyAuthorization` before the person has answered the prompt.
    public static let accuracyWhileNotDetermined = AccuracyAuthorization.full
    /// With reduced accuracy, positions are snapped to a grid of this many degrees (≈2 km).
    public static let reducedGridDegrees = 0.02
    /// The `horizontalAccuracy` of a reduced-accuracy fix, in metres.
    public static let reducedHorizontalAccuracy = 3000.0
    /// With reduced accuracy, at most one fix per this many seconds (4 an hour).
    public static let reducedMinimumInterval = 900.0
    /// What an updating, authorized app hears while the device has no position: by default
    /// `kCLErrorLocationUnknown`, `fixDelay` after updates become possible or the position goes.
    public static let noLocationReport = NoLocationReport.error
    /// Whether the picker's table scrolls (`set picker-scroll`): no, as the code's comment says,
    /// so only the first five rows, each a fifth of the table's height, can be tapped.
    public static let pickerScrolls = false
    /// The rows one screen of the picker shows: `tableView.frame.size.height/5` each.
    public static let pickerRowsPerScreen = 5
    /// The accuracy `locate LAT LNG` gives when none is stated (the Simulator's ±5 m).
    public static let defaultHorizontalAccuracy = 5.0
    /// The speed of `route start` and of untimed GPX points, as `xcrun simctl location start`.
    public static let routeSpeed = 20.0
    /// The virtual clock's zero: 2024-06-01 09:00:00 UTC (Unix time).
    public static let epoch = 1_717_232_400.0

    // MARK: Places

    /// The most likely places one request returns.
    public static let maximumLikelihoods = 20
    /// A place more than this many spread-widths away is not a candidate.
    public static let candidateSpreads = 3.0
    /// Candidates are searched at least this far away, in metres.
    public static let minimumSearchRadius = 200.0
    /// The uncertainty every fix has beyond its stated accuracy (indoor error, people at the
    /// door), in metres.
    public static let baselineSpread = 40.0
    /// The weight of "somewhere not in the list": likelihoods sum to W / (W + this).
    public static let elsewhereWeight = 0.25
    /// The order a likelihood request's checks run in; the first that fails answers it. Local
    /// checks come first (the SDK validates the fields and needs the device's location before it
    /// sends anything), then what needs the servers: reaching them, the key, the key's rate
    /// limit, and last whatever the servers were told to answer (`fail places`).
    public static let placesCheckOrder: [PlacesCheck] = [
        .fields, .location, .network, .apiKey, .project, .rateLimit, .injected,
    ]
    /// The circle's radius the Nearby Search (New) flavour asks for, in metres, until
    /// `nearby radius` changes it (no recommended radius is documented).
    public static let nearbyDefaultRadius = 500.0
    /// The key's Cloud project at the start of a session: an existing one, with both Places API
    /// (Legacy) and Places API (New) enabled, so the legacy flavours keep working.
    public static let defaultProject = (legacy: true, newAPI: true)
    /// The note after a legacy request refused because the project lacks Places API (Legacy).
    public static let legacyOffNote =
        "Places API (Legacy) is not enabled in the key's Cloud project (since March 2025 a new project cannot enable it), and findPlaceLikelihoodsFromCurrentLocation needs it: migrate the app to Nearby Search (New) ('launch --flavor nearby', 'help flavor nearby'), or 'project legacy on' for an older project"
    /// The note after a Nearby Search request refused because the project lacks Places API (New).
    public static let newAPIOffNote =
        "Places API (New) is not enabled in the key's Cloud project, and searchNearby needs it: enable it and allow it on the key ('project new-api on')"
    /// Free calls a month of Find Current Place (legacy SKU pricing: 5,000, then $30.00 per 1,000).
    public static let findCurrentPlaceFreeCalls = 5_000
    /// Free calls a month of each Nearby Search SKU: Pro 5,000 and Enterprise 1,000, as the
    /// announcement of the new SDKs gives them per category; Enterprise + Atmosphere is counted
    /// in the Enterprise category (unconfirmed).
    public static let nearbyFreeCalls: [NearbySKU: Int] = [
        .pro: 5_000, .enterprise: 1_000, .enterpriseAtmosphere: 1_000,
    ]
    /// `ratelimit N` allows N requests in any window of this many seconds.
    public static let rateLimitWindow = 60.0

    // MARK: Map

    /// The smallest and largest zoom (`kGMSMinZoomLevel`, `kGMSMaxZoomLevel`).
    public static let minimumZoom = 2.0
    public static let maximumZoom = 21.0
    /// What the Maps SDK logs (through NSLog) the first time in a launch the servers refuse the
    /// key it was given: the wording reported in moe-java-samples/moe-java-samples#2 for an
    /// older SDK, without the response body it appended; the current SDK's wording is
    /// unconfirmed.
    public static let mapsKeyFailureLog = [
        "Google Maps SDK for iOS cannot connect or validate APIKey: Error Domain=com.google.HTTPStatus Code=400 \"(null)\"",
        "Your key may be invalid for your bundle ID: \(tutorialBundleIdentifier)",
    ]

    /// One decided behaviour, for the manual and `help choices`.
    public struct Choice: Sendable {
        public var topic: String
        public var choice: String
    }

    /// The list the manual prints.
    public static let all: [Choice] = [
        Choice(
            topic: "accuracy before an answer",
            choice: "accuracyAuthorization reads full while the status is notDetermined, so viewDidLoad picks zoom 15"),
        Choice(
            topic: "callback timing",
            choice:
                "authorization callbacks arrive on the next run-loop turn; a fix 1 s after updates become possible or the device moves; a places response 0.4 s after the request; animations take 0.5 s"
        ),
        Choice(
            topic: "denied while updating",
            choice:
                "when the status becomes denied or restricted while updating, didFailWithError follows with kCLErrorDomain code 1, so the tutorial stops updating for good"
        ),
        Choice(
            topic: "accuracy-only changes",
            choice:
                "turning Precise on or off does not call the deprecated locationManager(_:didChangeAuthorization:) that the tutorial implements; only status changes do"
        ),
        Choice(
            topic: "reduced accuracy",
            choice:
                "positions snap to a 0.02° grid (about 2 km), horizontalAccuracy 3000 m, at most one fix every 15 minutes; the places service still answers, with flat, low likelihoods"
        ),
        Choice(
            topic: "places without permission",
            choice:
                "a likelihood request made while the app is not authorized, or with no device position, fails with locationError (-11); the request is judged when it is made"
        ),
        Choice(
            topic: "empty results",
            choice: "with no place nearby the service succeeds with an empty list (the app prints nothing)"
        ),
        Choice(
            topic: "maximum results",
            choice: "at most 20 likely places per request"),
        Choice(
            topic: "unrequested fields",
            choice:
                "text fields read nil, rating 0, priceLevel -1, types empty and coordinate kCLLocationCoordinate2DInvalid (-180, -180); an empty field mask is no error: the request succeeds with places that have no field (GMSPlaceField reference)"
        ),
        Choice(
            topic: "fields unsupported for likelihoods",
            choice:
                "requesting phoneNumber, website, addressComponents, openingHours or utcOffsetMinutes fails the request with invalidRequest (-12)"
        ),
        Choice(
            topic: "zoom limits",
            choice: "zoom is clamped to 2…21; viewing angle to 30° at zoom ≤ 10 rising to 65° at zoom ≥ 16"),
        Choice(
            topic: "camera animation",
            choice:
                "animate(to:) moves the camera for 0.5 s along Core Animation's ease-in-ease-out curve (the cubic Bézier with control points (0.42, 0) and (0.58, 1)), and mapView.camera reads where the move has got at every instant: camera, map, snapshot and the camera.* paths show it. Latitude, zoom (in zoom levels, not in scale) and viewing angle go in a straight line, longitude and bearing the short way round (across the 180° line, not round the world). The Maps SDK's default animation eases in and out; its exact curve and whether it interpolates in degrees or on the projected map are unconfirmed. A new animation, or a camera set instantly, starts from where the camera has got; mapView(_:idleAt:) comes at the end"
        ),
        Choice(
            topic: "blank map",
            choice:
                "the tutorial's AppDelegate gives one key to GMSServices.provideAPIKey and GMSPlacesClient.provideAPIKey, so 'apikey' sets both. The map fetches its tiles when it is shown (the first fix, or a denial) and, while it has none, at every camera move (set, animate(to:) and its end, a gesture); the first fetch has the servers check the key. With no network, or a key they refuse (invalid, expired, not allowed for the bundle id), the map view is blank: the SDK's plain beige-grey background with no streets or places, the markers, info window and my-location dot still drawn over it (as reported in hansemannn/titanium-googlemaps#102, tolu360/react-native-google-places#37 and mapsplugin/cordova-plugin-googlemaps#371; the colour is unconfirmed). The tiles come at the first camera move once the network and the key are good: the SDK does retry its key request by itself (\"ClientParametersRequest failed, 7 attempts remaining\", mapsplugin/cordova-plugin-googlemaps#1600) on a schedule that is not simulated. Once the map has its tiles it keeps them for the launch: a key that goes bad later, or a network that drops, does not blank it (no tile cache is simulated, so new areas draw as well). Places requests are judged as before"
        ),
        Choice(
            topic: "Maps SDK key failure",
            choice:
                "the first time in a launch the servers refuse the key, the Maps SDK logs through NSLog “Google Maps SDK for iOS cannot connect or validate APIKey: Error Domain=com.google.HTTPStatus Code=400 \"(null)\"” and “Your key may be invalid for your bundle ID: com.google.examples.current-place-on-map”, the wording reported in moe-java-samples/moe-java-samples#2 for an older SDK (the response body it appended is left out; the current SDK's wording is unconfirmed); no network logs nothing"
        ),
        Choice(
            topic: "my-location button",
            choice: "tapping it animates the camera to the device's position and keeps zoom, bearing and angle"),
        Choice(
            topic: "marker taps",
            choice: "tapping a marker opens its info window and does not move the camera"),
        Choice(
            topic: "picker scrolling",
            choice:
                "the picker's table does not scroll: only its first five rows can be tapped, and 'select 6' or later is refused. PlacesViewController makes each row a fifth of the table's height (tableView.frame.size.height/5) and its comment says scrolling is disabled in Interface Builder; but the storyboard, as published, sets no scrollEnabled=\"NO\" on the table, and a UITableView scrolls by default, so the rows below could be dragged into reach. placeshell follows the code and its comment; 'set picker-scroll on' gives the storyboard's reading: the table scrolls and every row can be tapped. Sources: the tutorial's PlacesViewController.swift and .m (row height and comment) and Main.storyboard (no scrollEnabled attribute)"
        ),
        Choice(
            topic: "the alert's language",
            choice:
                "'set language LANG' (en, de, es, ko, vi, fa; a new session takes it from LC_ALL, LC_MESSAGES or LANG, English otherwise) is the device's language: the location alert's title and buttons are shown as iOS words them in that language where a public source confirms the wording, and in English, as on a device iOS does not localise, where none does. German: the title “Darf „APP“ deinen Standort verwenden?” and Beim Verwenden der App erlauben from a public XCUITest of the gematik E-Rezept app that matches the German alert by its label; Einmal erlauben from public UI tests that tap it and a German guide to the iOS 13 option (etoppc.com), Nicht erlauben from a public test fixture of German system dialogs. Spanish (Spain): Permitir una vez, Permitir al usarse la app and No permitir from Apple's support page support.apple.com/es-es/102647 and a public accessibility dump of the real alert; the title “¿Permitir que “APP” use tu ubicación?” from public replicas of the alert (unconfirmed by Apple). Korean: the title “‘APP’ 앱이 사용자의 위치를 사용하도록 허용하겠습니까?” and 앱을 사용하는 동안 허용 from public Appium tests that find the alert by its name, 한 번 허용 from a public XCUITest, 허용 안 함 from public replicas. Vietnamese: Cho phép khi dùng ứng dụng from a public XCUITest that taps it, Cho phép một lần and Không cho phép from minhtuanmobile.com's guide to the alert; the title is unconfirmed and stays English. Persian: a choice: no public source shows iOS's Persian wording, so the alert stays English. The message is the app's Info.plist text, which the tutorial does not localise; the Precise switch keeps its English label; the console and the trace stay code"
        ),
        Choice(
            topic: "back from the picker",
            choice: "leaving the picker with Back runs no unwind: nothing changes and no request is made"),
        Choice(
            topic: "allow once",
            choice:
                "Allow Once lasts until the app terminates, or until it has been in the background for 10 s; then the status is notDetermined and the next launch asks again"
        ),
        Choice(
            topic: "allow once in the background",
            choice:
                "Allow Once ends once the app is no longer in use (WWDC 2019 session 705, What's New in Core Location: temporary authorization reverts to notDetermined when the app stops being used); an app is in use in the foreground and for a few seconds after it goes to the background, longer only with the background location indicator, which needs a location background mode the tutorial lacks (the same session; Apple's “Choosing the Location Services Authorization to Request”). The 10 s is unconfirmed: no source gives a number. The delegate hears of it when the app returns, not in the background (a suspended app runs no code; unconfirmed)"
        ),
        Choice(
            topic: "the app in the background",
            choice:
                "'app background' suspends the app, as iOS does an app without a location background mode (the tutorial has no UIBackgroundModes location and leaves allowsBackgroundLocationUpdates false): no didUpdateLocations while it is away; back in the foreground, a status that changed meanwhile reaches locationManager(_:didChangeAuthorization:) first, then one fix of where the device is then, 1 s later, through the distance filter (moves made meanwhile are not replayed); a places response due meanwhile arrives, and its callback runs when the app is back; the permission alert is dismissed unanswered; touches are refused until 'app foreground'. The tutorial implements no applicationDidEnterBackground or scene delegate method, so the app itself prints nothing"
        ),
        Choice(
            topic: "unknown status",
            choice:
                "'auth unknown' reports a status this code does not know; the Swift app's @unknown default: fatalError() ends it (P11); the Objective-C switch has no default, so that app prints only the accuracy line and runs on"
        ),
        Choice(
            topic: "the crash line",
            choice:
                "a crash prints the Swift runtime's line for a fatalError() without a message, “current_place_on_map/MapViewController.swift:155: Fatal error” (the file as #fileID: the module Main.storyboard names and the file, as the Swift runtime prints a trap); 155 is the line of the status switch's fatalError() in the tutorial's listing of the file, which the repository's copy may shift by its licence header"
        ),
        Choice(
            topic: "virtual clock",
            choice:
                "time starts at 2024-06-01 09:00:00 UTC; dates print in the en_US locale and UTC, as a device set to that locale and zone would"
        ),
        Choice(
            topic: "Objective-C console",
            choice: "NSLog lines carry NSLog's prefix with the virtual time and a fixed process id"),
        Choice(
            topic: "held-back reduced fixes",
            choice:
                "with reduced accuracy a move within 15 minutes of the last fix is reported when the 15 minutes are over, as time passes (wait); turning Precise on cancels the wait"
        ),
        Choice(
            topic: "reduced positions",
            choice: "a reduced fix is the centre of its 0.02° grid cell, with no speed or course"),
        Choice(
            topic: "the alert",
            choice:
                "its title reads “Allow “current-place-on-map” to use your location?”: iOS names the app by CFBundleDisplayName, else CFBundleName, and the tutorial's Info.plist (tutorials/current-place-on-map in googlemaps-samples/maps-sdk-for-ios-samples) sets the display name to current-place-on-map (the navigation bar's “Current Place on a Map” is a screen title, not the app's name); its message is the usage string; leaving the app for Settings while it is up dismisses it unanswered"
        ),
        Choice(
            topic: "billing",
            choice:
                "a request that fails (no permission, no position, invalid fields, any fault) bills nothing but counts in stats.placesRequests; an answered one bills Find Current Place plus one Places Data SKU per tier of the fields"
        ),
        Choice(
            topic: "no places found",
            choice: "the service never answers with a nil list, so the app's \"No places found.\" line does not appear"),
        Choice(
            topic: "places check order",
            choice:
                "a likelihood request is judged when it is made, in this order, and the first check that fails answers it: the fields (invalidRequest, -12), the device's location and permission (locationError, -11), the network (networkError, -1), the API key (keyInvalid -4, keyExpired -5, incorrectBundleIdentifier -10), the Places API the request needs enabled in the key's Cloud project (accessNotConfigured, -9), the rate limit (rateLimitExceeded, -7), then an error armed with 'fail places'"
        ),
        Choice(
            topic: "injected places errors",
            choice:
                "'fail places CODE once' is spent by the first request that passes every other check (one that fails earlier, like the launch request before permission, leaves it armed); 'always' lasts until 'fail places off'; the error's text is the SDK's failure reason after “The operation couldn’t be completed. ”"
        ),
        Choice(
            topic: "rate limit",
            choice:
                "'ratelimit N' lets N requests through in any 60 s of virtual time (a sliding window); a request counts when it is let through, one refused does not; the count starts afresh when a limit is set; requests that fail an earlier check never reach the limit"
        ),
        Choice(
            topic: "no retries",
            choice:
                "the tutorial retries nothing, retryable or not (network, server and internal errors are the SDK's retryable ones): the list stays empty until the next fix or selection sends a new request"
        ),
        Choice(
            topic: "faults last",
            choice:
                "the network, the API key, the rate limit, an armed places error and the Info.plist outlast launches and 'reset': they belong to the network, the servers, the key and the app bundle, not to the simulator's content and settings"
        ),
        Choice(
            topic: "location errors",
            choice:
                "'fail location' calls didFailWithError at once, only while updates run; once the tutorial has stopped updating, Core Location has nothing to report an error on and nothing happens. Every code stops the tutorial's updates for good, even the transient locationUnknown (P5)"
        ),
        Choice(
            topic: "location errors before an answer",
            choice:
                "while the status is notDetermined Core Location holds updates until the person answers, so it has no fix to fail and reports no error: 'fail location' is refused then rather than queued (a queued error would land after the answer, where a script can put it itself). Unconfirmed: the sources, Apple's pages on locationManager(_:didFailWithError:) and CLError.Code, describe errors of a running service and say nothing of the time before authorization"
        ),
        Choice(
            topic: "no location",
            choice:
                "with no position (Simulator: Features ▸ Location ▸ None, 'locate none') an app that is updating and authorized gets didFailWithError with kCLErrorLocationUnknown (kCLErrorDomain code 0) 1 s after updates become possible or the position goes, as a fix would have come; the tutorial then stops updating (P5), so a position chosen later never reaches it and the map stays hidden. Nothing is reported while the status is notDetermined, denied or restricted. 'set simulator-no-location silent' gives the older reading: no fix, no error, and a later 'locate' delivers. Sources: PromiseKit/CoreLocation #24 (the error “tends to happen in the simulator” when no location is set), mxcl/PromiseKit #1029 (Debug ▸ Location ▸ None throws kCLErrorLocationUnknown), intuit/LocationManager #23 (kCLErrorDomain error 0 in the Simulator until a location is simulated); how soon the error comes is unconfirmed"
        ),
        Choice(
            topic: "batched locations",
            choice:
                "each move of the device while the app is updating and authorized with full accuracy is a reading (a 'locate' 1 s later, a route position at once), kept if it passes the distance filter against the reading before it; readings taken while an earlier one still waits in the app's run loop join it, and the app gets them all in one locationManager(_:didUpdateLocations:) call, oldest first (Apple's page on that method: the array holds more than one location when several arrived before they could be delivered, the most recent last). With autorun on the run loop turns after every command, so this happens only with 'set autorun off' and several moves before 'step', 'run' or 'wait'. A reading dated after a later move is dropped (the device left before it was taken). With reduced accuracy nothing is batched: a reduced location is computed at most every 15 minutes, so the positions in between are never read, and the one held back is the position when the interval ends (WWDC 2020 “What's new in location”; radar.com on approximate location). stats.locationUpdates counts calls, not locations"
        ),
        Choice(
            topic: "Always in Settings",
            choice:
                "Settings offers Always ('auth always') only to an app whose Info.plist has NSLocationAlwaysAndWhenInUseUsageDescription; without it the change is refused. Sources: Core Location's header on requestAlwaysAuthorization (without both always keys the request does nothing and the app is taken not to support Always) and Apple's page on the key; what Settings lists for such an app is unconfirmed"
        ),
        Choice(
            topic: "always request",
            choice:
                "'launch --request always' calls requestAlwaysAuthorization(): from notDetermined the same three-button alert as for when-in-use (iOS 13+), whose message is the NSLocationWhenInUseUsageDescription text (Apple's requestAlwaysAuthorization page: the first prompt uses the when-in-use purpose string; Medium, “Location Permission in iOS 13”); Allow While Using App gives provisional Always, read as authorizedAlways, which Settings shows as “While Using the App (provisional Always)” (wording unconfirmed) until the entry is changed; Allow Once and Don't Allow as for when-in-use. The second, upgrade prompt (Keep Only While Using / Change to Always Allow) is not simulated, so an always request while the status is authorizedWhenInUse shows nothing. Without both NSLocationWhenInUseUsageDescription and NSLocationAlwaysAndWhenInUseUsageDescription the request is ignored and iOS's message naming both keys is printed (public code quoting it, P9)"
        ),
        Choice(
            topic: "reduced accuracy by default",
            choice:
                "with NSLocationDefaultAccuracyReduced true in the Info.plist the alert shows an approximate map with Precise off and no switch to turn it on, so Allow (While Using or Once) gives reduced accuracy and Settings' Precise switch is off afterwards; the person can turn it on in Settings ('auth precise on'). Apple's page on the key says the prompt shows an approximate location, the app has Precise off in Settings and the person can change that in Settings; that the alert has no switch is unconfirmed. accuracyAuthorization before the answer still reads full (see “accuracy before an answer”); the key is read when the alert is shown"
        ),
        Choice(
            topic: "base map",
            choice:
                "with an OpenStreetMap extract loaded, 'map' and 'snapshot' draw its roads, railways, water, green areas, buildings and street names as the Maps SDK's tiles would show that ground, in the manner of Google's default style (its exact colours, widths and label rules are not published): water from zoom 0, motorways 5, trunk roads 6, primary roads and rivers 8, secondary 9, parks and railways 10, tertiary 11, streets 12, service roads 14, footways and buildings 15; street names from zoom 15 (service roads and footways 17), each name once, along its longest nearly straight stretch in view, where it touches no other label; roads widen by half a zoom level's doubling (×2 every 1.6 levels). Subways and railways in tunnels are left out, as street maps leave them. Sources: OpenStreetMap's map features wiki (the tags) and the zoom ranges of openstreetmap-carto; Google's styling reference names the same feature types (road.highway, road.arterial, road.local, transit.line, water, landscape.man_made, poi.park)"
        ),
        Choice(
            topic: "Info.plist",
            choice:
                "the usage key is read when the app asks for permission (at launch); without NSLocationWhenInUseUsageDescription the request is ignored: no alert, the status stays notDetermined, and iOS's message names the missing key in the app's console. The alert's message is the key's text. The other two keys matter only for always requests ('launch --request always'; the tutorial makes none) and, NSLocationAlwaysAndWhenInUseUsageDescription, for Always in Settings"
        ),
        Choice(
            topic: "the nearby app",
            choice:
                "'launch --flavor nearby' is the tutorial as placeshell imagines it migrated (no migration of Current Place for iOS is published; Android's guide, developers.google.com/maps/documentation/places/android-sdk/legacy/migrate-current-place, calls getLastLocation, then searchNearby, and says to use the result order): the same screens, permission and location code, in Swift with the GooglePlaces SDK (not GooglePlacesSwift); listLikelyPlaces() builds GMSPlaceSearchNearbyRequest(locationRestriction: GMSPlaceCircularLocationOption(center, radius), placeProperties:) around the last location the app received and calls placesClient.searchNearby(with:completion:) (GMSPlacesClient.h of SDK 9+); the picker lists the places in the order they came. With no location yet the app sends nothing and prints “Nearby search skipped: no location yet.”; a response's error prints as “Nearby Search error: ” and the localized description. The shell's likely[N].distance is the place's distance from the circle's centre; likelihood is nil"
        ),
        Choice(
            topic: "nearby radius",
            choice:
                "the app's circle is 500 m until 'nearby radius' changes it: no radius is recommended anywhere (the official demo, NearbySearchManager.swift in ios-places-sdk-samples, lets the user pick one); 0…50000 m is accepted by the SDK (GMSPlaceCircularLocationOption reference)"
        ),
        Choice(
            topic: "invalid nearby requests",
            choice:
                "a radius outside 0…50000 m, maxResultCount outside 1…20, an empty placeProperties, more than 50 included or excluded types, or a type both included and excluded fail the request with invalidRequest (-12) before anything is sent (GMSPlaceSearchNearbyRequest.h says these are errors; the service's INVALID_ARGUMENT and INVALID_REQUEST reach the app as -12: the mapping is unconfirmed). A type string no place has is no error (unconfirmed): it matches nothing"
        ),
        Choice(
            topic: "popularity",
            choice:
                "rankPreference .popularity (the default, GMSPlaceSearchNearbyRankPreference) orders the places in the circle by popularity = prior(type) × quality × reach, quality = rating / 5 (0.5 unrated), reach = 1 + log2(1 + radius / 25 m), then by distance, then place ID; .distance by distance from the centre, then place ID. The real service's popularity model is not published; the type priors are the likelihood model's ('help popularity')"
        ),
        Choice(
            topic: "the place you stand in",
            choice:
                "Nearby Search (New) finds a place when its point lies in the request's circle; whether the service also counts a place whose area reaches into the circle is unconfirmed (the GMSPlaceCircularLocationOption and searchNearby references speak only of the circle). The device stands in a place when it is within the place's size (the datasets' radius) of its point: the smallest such place is the one the notes and 'explain' of P14 (its point outside the circle) and P15 (popularity ranked another place first) name"
        ),
        Choice(
            topic: "nearby properties",
            choice:
                "the place properties the nearby app asks for are GMSPlaceProperty cases named as the GMSPlaceField they replace (name, placeID, coordinate, formattedAddress, …, currentOpeningHours for openingHours) plus the Atmosphere ones (curbsidePickup, delivery, dineIn, allowsDogs); an unrequested property reads as for the legacy fields. Which still exist in today's SDK (e.g. .name beside displayName) is unconfirmed"
        ),
        Choice(
            topic: "the Cloud project",
            choice:
                "a session starts with an existing Cloud project that has both Places API (Legacy) and Places API (New) enabled, so the legacy flavours answer as before; 'project legacy off' gives a new project (Places API (Legacy) cannot be enabled for new projects: developers.google.com/maps/legacy, from March 2025). A legacy request then fails with accessNotConfigured (-9), the code the SDK's header documents as “The Places API service for iOS is not enabled” (GMSPlacesErrors.h); today's exact error and its text are unconfirmed (2019 logs in tolu360/react-native-google-places#217 show code -9). Nearby Search without Places API (New) fails the same way. The check runs after the API key's and before the rate limit's. The project outlasts launches and 'reset', like the key"
        ),
        Choice(
            topic: "nearby billing",
            choice:
                "an answered Nearby Search request bills one SKU, the highest its place properties need (developers.google.com/maps/documentation/places/web-service/usage-and-billing): Nearby Search Pro for name, placeID, coordinate, formattedAddress, types, businessStatus, photos, addressComponents, plusCode and viewport; Enterprise for rating, userRatingsTotal, priceLevel, currentOpeningHours, phoneNumber and website; Enterprise + Atmosphere for curbsidePickup, delivery, dineIn and allowsDogs (the iOS data-fields page lists Pro's and examples of the others; rating and the rest of the Enterprise list are unconfirmed). A refused or failed request bills nothing but counts in stats.placesRequests, as a legacy one"
        ),
        Choice(
            topic: "billing figures",
            choice:
                "'stats billing' shows only figures a price list states: Find Current Place, 5,000 free calls a month then $30.00 per 1,000 up to 100,000 (developers.google.com/maps/billing-and-pricing/legacy-sku-pricing); Nearby Search Pro 5,000 and Enterprise 1,000 free calls a month (the free calls per category in Google's announcement of the new Places SDKs), Enterprise + Atmosphere counted as Enterprise, 1,000 (unconfirmed). The legacy Places Data SKUs' free calls and prices and every Nearby Search price are unconfirmed and shown as unknown, never guessed; the counts are the session's, as if it were the month's only use"
        ),
        Choice(
            topic: "compare",
            choice:
                "'compare' asks placeshell's two models (the likelihood model for the legacy call, the popularity model for Nearby Search under the current 'nearby' knobs) about the device's position now, coarsened under reduced accuracy as the app's fix would be; permission, faults, the network, the key and the Cloud project do not apply, and nothing is sent: no request counts or bills and the app's list stays. It holds the two top 5s side by side because the picker's first screen shows five rows. Neither service publishes how it ranks, so the comparison is of the models, not of Google's answers"
        ),
        Choice(
            topic: "the search circle on the map",
            choice:
                "'map' and 'snapshot' draw the nearby app's search circle only in the nearby flavour once the app has sent a request (it has a last location): around that location with the radius 'nearby radius' sets now, the circle the next request searches, as 'export geojson' gives it; no circle with a radius the SDK refuses. Like the accuracy circle it is drawn round at the camera target's scale, also when the camera is turned or tilted. The real app draws no circle: it is placeshell's overlay"
        ),
    ]
}
