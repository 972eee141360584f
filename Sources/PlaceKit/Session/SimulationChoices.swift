import PlaceFormats
import PlaceStorage

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
        "Places API (Legacy) is not enabled in the key's Cloud project (legacy since March 1, 2025; as of October 2026 a new project can no longer enable it), and findPlaceLikelihoodsFromCurrentLocation needs it: migrate the app to Nearby Search (New) ('launch --flavor nearby', 'help flavor nearby'), or 'project legacy on' for an older project"
    /// The note after a Nearby Search request refused because the project lacks Places API (New).
    public static let newAPIOffNote =
        "Places API (New) is not enabled in the key's Cloud project, and searchNearby needs it: GooglePlaces 9 reports this as com.google.HTTPStatus 403 \"Internal Error\", not as accessNotConfigured (-9); enable the API and allow it on the key ('project new-api on')"
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

    /// One decided behaviour: a few words that name it, and what is decided, in mdoc (the
    /// manual's markup): the manual's SIMULATION CHOICES section prints it as it is, `help
    /// choices` as plain text.
    public struct Choice: Sendable {
        public var topic: String
        public var manual: String

        init(_ topic: String, _ manual: String) {
            self.topic = topic
            self.manual = manual
        }
    }

    /// Every decided behaviour, in the order the manual lists them; a fault's own choice
    /// (`PlacesFault.choice`) comes after these.
    public static let all: [Choice] = decided + PlacesFault.all.compactMap(\.choice)

    private static let decided: [Choice] = [
        Choice(
            "accuracy before an answer",
            #"""
            .Va accuracyAuthorization
            reads full while the status is notDetermined, so
            .Fn viewDidLoad
            picks zoom 15.
            """#),
        Choice(
            "callback timing",
            #"""
            Authorization callbacks arrive on the next run-loop turn; a fix 1 s after
            updates become possible or the device moves; a places response 0.4 s after the
            request; animations take 0.5 s.
            """#),
        Choice(
            "denied while updating",
            #"""
            When the status becomes denied or restricted while updating,
            .Fn didFailWithError
            follows with
            .Dv kCLErrorDomain
            code 1, so the tutorial stops updating for good.
            """#),
        Choice(
            "accuracy-only changes",
            #"""
            Turning Precise on or off does not call the deprecated
            .Fn locationManager _:didChangeAuthorization:
            that the tutorial implements; only status changes do.
            """#),
        Choice(
            "reduced accuracy",
            #"""
            Positions snap to a 0.02\(de grid (about 2 km),
            .Va horizontalAccuracy
            3000 m, at most one fix every 15 minutes; the places service still answers,
            with flat, low likelihoods.
            """#),
        Choice(
            "places without permission",
            #"""
            A likelihood request made while the app is not authorized, or with no device
            position, fails with
            .Dv locationError
            (\-11); the request is judged when it is made.
            """#),
        Choice(
            "empty results",
            #"""
            With no place nearby the service succeeds with an empty list (the app prints
            nothing).
            """#),
        Choice(
            "no places found",
            #"""
            The service never answers with a nil list, so the app's
            .Dq \&No places found.
            line does not appear.
            """#),
        Choice(
            "maximum results",
            #"""
            At most 20 likely places per request.
            Every translation of the tutorial says the SDK returns the five most likely
            places, but neither the
            .Fn findPlaceLikelihoodsFromCurrentLocation
            reference nor the Current Place guide states a number, and the legacy web
            service's Find Current Place answers with up to 20; placeshell takes 20, and the
            picker shows five rows a screen
            .Pq see picker scrolling .
            """#),
        Choice(
            "a new session's position",
            #"""
            A new session's device has no position, as a Simulator whose Location is None:
            public reports
            .Pq intuit/LocationManager#23, Lyokone/flutterlocation#358, apache/cordova-plugin-geolocation#56
            show
            .Dv kCLErrorLocationUnknown
            or no fix until a location is chosen, while many projects' logs show a fresh
            Simulator's fix at 37.785834, \-122.406417 and one maintainer
            .Pq expo/expo#8584
            says it picks Cupertino.
            .Ic locate
            gives it one; a script that launches the app and allows it before
            .Ic locate
            meets the
            .Dq no location
            choice and P5.
            """#),
        Choice(
            "the GooglePlaces SDK",
            #"""
            A session builds against GooglePlaces \#(PlacesSDK.pinned), what the tutorial's Podfile pins;
            .Ql sdk places latest
            takes \#(PlacesSDK.latest), the newest release the release notes name
            .Pq 2026-10-22 .
            What a version declares is read from the
            .Pa GMSPlacesClient.h
            of published projects that vendor the pod, with the version their lock file
            names
            .Pq Ic sdk headers :
            \#(PlacesSDK.headers.map(\.version.description).joined(separator: ", ")).
            A version between two headers that differ is taken as the older one, and
            .Ic sdk
            says so: Current Place deprecated from 10.1 to 10.4 (10.4.0 is the first seen),
            .Fn searchNearby with:completion:
            from 10.5 or 10.6, the callback form deprecated from 10.11 to 10.14.
            Versions after 10.14.0 are taken as 10.14.0: one newer header, whose version was
            not identified, lacks Current Place, but the October 2026 documentation still
            describes it.
            Nearby Search (New) needs 9.0.0, as the SDK's overview of versions says.
            The nearby app's code has no published listing, so its compiler messages name
            the file without a line.
            """#),
        Choice(
            "unrequested fields",
            #"""
            Text fields read
            .Li nil ,
            rating 0, priceLevel \-1, types empty and coordinate
            .Dv kCLLocationCoordinate2DInvalid
            (\-180, \-180).
            An empty field mask is no error: the request succeeds with places that have no
            field, as the
            .Vt GMSPlaceField
            reference says.
            """#),
        Choice(
            "fields unsupported for likelihoods",
            #"""
            Requesting phoneNumber, website, addressComponents, openingHours or
            utcOffsetMinutes fails the request with
            .Dv invalidRequest
            (\-12).
            """#),
        Choice(
            "zoom limits",
            #"""
            Zoom is clamped to 2...21; viewing angle to 30\(de at zoom \(<= 10 rising to
            65\(de at zoom \(>= 16.
            """#),
        Choice(
            "camera animation",
            #"""
            .Fn animate to:
            moves the camera for 0.5 s along Core Animation's ease-in-ease-out curve (the
            cubic B\('ezier with control points (0.42, 0) and (0.58, 1)), and
            .Va mapView.camera
            reads where the move has got at every instant:
            .Ic camera ,
            .Ic map ,
            .Ic snapshot
            and the
            .Li camera.*
            paths show it.
            Latitude, zoom (in zoom levels, not in scale) and viewing angle go in a straight
            line, longitude and bearing the short way round (across the 180\(de line, not
            round the world).
            The Maps SDK's default animation eases in and out; its exact curve, and whether
            it interpolates in degrees or on the projected map, are unconfirmed.
            A new animation, or a camera set instantly, starts from where the camera has
            got;
            .Fn mapView _:idleAt:
            comes at the end.
            """#),
        Choice(
            "blank map",
            #"""
            The tutorial's
            .Li AppDelegate
            gives one key to
            .Fn GMSServices.provideAPIKey
            and
            .Fn GMSPlacesClient.provideAPIKey ,
            so
            .Ic apikey
            sets both.
            The map fetches its tiles when it is shown (the first fix, or a denial) and,
            while it has none, at every camera move (set,
            .Fn animate to:
            and its end, a gesture); the first fetch has the servers check the key.
            With no network, or a key they refuse (invalid, expired, not allowed for the
            bundle id), the map view is blank
            .Pq Li map.blank :
            the SDK's plain beige-grey background with no streets or places, the markers,
            info window and my-location dot still drawn over it (as reported in
            hansemannn/titanium-googlemaps#102, tolu360/react-native-google-places#37 and
            mapsplugin/cordova-plugin-googlemaps#371; the colour is unconfirmed).
            The tiles come at the first camera move once the network and the key are good:
            the SDK does retry its key request by itself (mapsplugin/cordova-plugin-googlemaps#1600
            logs
            .Ql ClientParametersRequest failed, 7 attempts remaining )
            on a schedule that is not simulated.
            Once the map has its tiles it keeps them for the launch: a key that goes bad
            later, or a network that drops, does not blank it (no tile cache is simulated,
            so new areas draw as well).
            Places requests are judged as before.
            """#),
        Choice(
            "Maps SDK key failure",
            #"""
            The first time in a launch the servers refuse the key, the Maps SDK logs
            through
            .Fn NSLog
            .Ql Google Maps SDK for iOS cannot connect or validate APIKey: Error Domain=com.google.HTTPStatus Code=400 \(dq(null)\(dq
            and
            .Ql Your key may be invalid for your bundle ID: com.google.examples.current-place-on-map ,
            the wording reported in moe-java-samples/moe-java-samples#2 for an older SDK
            (the response body it appended is left out; the current SDK's wording is
            unconfirmed); no network logs nothing.
            """#),
        Choice(
            "my-location button",
            #"""
            Tapping it animates the camera to the device's position and keeps zoom,
            bearing and angle.
            """#),
        Choice(
            "marker taps",
            #"""
            The tutorial's map has no delegate, so a tap on a marker gets the Maps SDK's
            default selection
            .Po
            .Fn mapView _:didTap:
            answers false or is not there
            .Pc :
            the marker becomes
            .Va selectedMarker ,
            its info window opens, and the camera animates to centre it, keeping its zoom,
            in the same 0.5 s as
            .Fn animate to: .
            A marker already at the centre leaves the camera still.
            """#),
        Choice(
            "picker scrolling",
            #"""
            The picker's table does not scroll: only its first five rows can be tapped, and
            .Ql select 6
            or later is refused.
            .Vt PlacesViewController
            makes each row a fifth of the table's height
            .Pq Li tableView.frame.size.height/5
            and its comment says scrolling is disabled in Interface Builder; but the
            storyboard, as published, sets no
            .Li scrollEnabled="NO"
            on the table, and a
            .Vt UITableView
            scrolls by default, so the rows below could be dragged into reach.
            placeshell follows the code and its comment;
            .Ic set picker-scroll on
            gives the storyboard's reading.
            Sources: the tutorial's PlacesViewController.swift and .m (row height and
            comment) and Main.storyboard (no scrollEnabled attribute).
            """#),
        Choice(
            "the alert's language",
            #"""
            .Ql set language Ar LANG
            is the device's language, one of
            .Cm en , de , es , ko , vi , fa ;
            a new session takes it from
            .Ev LC_ALL ,
            .Ev LC_MESSAGES
            or
            .Ev LANG ,
            English otherwise.
            The location alert's title and buttons are shown as iOS words them in that
            language where a public source confirms the wording, and in English, as on a
            device iOS does not localise, where none does.
            German: the title
            .Dq Darf \(BqAPP\(lq deinen Standort verwenden?
            and
            .Dq Beim Verwenden der App erlauben
            from a public XCUITest of the gematik E-Rezept app that matches the German alert
            by its label;
            .Dq Einmal erlauben
            from public UI tests that tap it and a German guide to the iOS 13 option
            (etoppc.com),
            .Dq Nicht erlauben
            from a public test fixture of German system dialogs.
            Spanish (Spain):
            .Dq Permitir una vez ,
            .Dq Permitir al usarse la app
            and
            .Dq \&No permitir
            from Apple's support page support.apple.com/es-es/102647 and a public
            accessibility dump of the real alert; the title
            .Dq \(r?Permitir que \(lqAPP\(rq use tu ubicaci\('on?
            from public replicas of the alert (unconfirmed by Apple).
            Korean: the title
            .Dq \[u2018]APP\[u2019] \[uC571]\[uC774] \[uC0AC]\[uC6A9]\[uC790]\[uC758] \[uC704]\[uCE58]\[uB97C] \[uC0AC]\[uC6A9]\[uD558]\[uB3C4]\[uB85D] \[uD5C8]\[uC6A9]\[uD558]\[uACA0]\[uC2B5]\[uB2C8]\[uAE4C]?
            and the button Allow While Using App from public Appium tests that find the
            alert by its name, Allow Once from a public XCUITest, Don't Allow from public
            replicas.
            Vietnamese:
            .Dq Cho ph\('ep khi d\[u00F9]ng \[u1EE9]ng d\[u1EE5]ng
            from a public XCUITest that taps it,
            .Dq Cho ph\('ep m\[u1ED9]t l\[u1EA7]n
            and
            .Dq Kh\[u00F4]ng cho ph\('ep
            from minhtuanmobile.com's guide to the alert; the title is unconfirmed and stays
            English.
            Persian: a choice: no public source shows iOS's Persian wording, so the alert
            stays English.
            The message is the app's Info.plist text, which the tutorial does not localise;
            the Precise switch keeps its English label; the console and the trace stay
            code.
            """#),
        Choice(
            "back from the picker",
            #"""
            Leaving the picker with Back runs no unwind: nothing changes and no request is
            made.
            """#),
        Choice(
            "allow once",
            #"""
            Allow Once lasts until the app terminates, or until it has been in the
            background for 10 s; then the status is notDetermined and the next launch asks
            again.
            """#),
        Choice(
            "allow once in the background",
            #"""
            Allow Once ends once the app is no longer in use (WWDC 2019 session 705,
            What's New in Core Location: temporary authorization reverts to notDetermined
            when the app stops being used).
            An app is in use in the foreground and for a few seconds after it goes to the
            background, longer only with the background location indicator, which needs a
            location background mode the tutorial lacks (the same session; Apple's
            .Dq Choosing the Location Services Authorization to Request ) .
            The 10 s is unconfirmed: no source gives a number.
            The delegate hears of it when the app returns, not in the background: a
            suspended app runs no code (unconfirmed).
            """#),
        Choice(
            "the app in the background",
            #"""
            .Ql app background
            suspends the app, as iOS does an app without a location background mode (the
            tutorial has no
            .Li UIBackgroundModes
            location and leaves
            .Va allowsBackgroundLocationUpdates
            false): no
            .Fn locationManager _:didUpdateLocations:
            while it is away.
            Back in the foreground, a status that changed meanwhile reaches
            .Fn locationManager _:didChangeAuthorization:
            first, then one fix of where the device is then, 1 s later, through the
            distance filter; moves made meanwhile are not replayed.
            A places response due meanwhile arrives, and its callback runs when the app is
            back.
            The permission alert is dismissed unanswered, and touches are refused until
            .Ql app foreground .
            The tutorial implements no
            .Fn applicationDidEnterBackground
            or scene delegate method, so the app itself prints nothing.
            """#),
        Choice(
            "unknown status",
            #"""
            .Ql auth unknown
            reports a status this code does not know; the Swift app's
            .Ql @unknown default: fatalError()
            ends it (P11); the Objective-C switch has no default, so that app prints only
            the accuracy line and runs on.
            """#),
        Choice(
            "the crash line",
            #"""
            A crash prints the Swift runtime's line for a
            .Fn fatalError
            without a message,
            .Ql current_place_on_map/MapViewController.swift:155: Fatal error
            (the file as
            .Li #fileID :
            the module
            .Pa Main.storyboard
            names and the file, as the Swift runtime prints a trap); 155 is the line of the status switch's
            .Fn fatalError
            in the tutorial's listing of the file, which the repository's copy may shift by
            its licence header.
            """#),
        Choice(
            "virtual clock",
            #"""
            Time starts at 2024-06-01 09:00:00 UTC; dates print in the en_US locale and
            UTC, as a device set to that locale and zone would.
            """#),
        Choice(
            "Objective-C console",
            #"""
            NSLog lines carry NSLog's prefix with the virtual time and a fixed process id.
            """#),
        Choice(
            "held-back reduced fixes",
            #"""
            A fix that comes too soon for the 15-minute rate is taken when the interval is
            over, at the position the device has then; it is a timer that only
            .Ic wait
            reaches.
            Turning Precise on cancels it: a full-accuracy fix follows 1 s later.
            """#),
        Choice(
            "reduced positions",
            #"""
            A reduced fix is the centre of the 0.02\(de grid cell the device is in, with
            no speed or course
            .Pq \-1 ;
            the same position always gives the same fix.
            The places service and the my-location button use the same coarse position.
            """#),
        Choice(
            "the alert",
            #"""
            It appears on the next turn of the run loop after
            .Fn requestWhenInUseAuthorization ,
            only while the status is notDetermined and no alert is open, titled
            .Ql Allow \(lqcurrent-place-on-map\(rq to use your location?
            (iOS names the app by
            .Dv CFBundleDisplayName ,
            else
            .Dv CFBundleName ;
            the tutorial's Info.plist
            .Pq Pa tutorials/current-place-on-map No in Pa googlemaps-samples/maps-sdk-for-ios-samples
            sets the display name to
            .Qq current-place-on-map ;
            the navigation bar's
            .Dq Current Place on a Map
            is a screen title, not the app's name)
            with the usage string
            .Ql Show your location on a map
            and Precise on.
            Leaving the app for Settings
            .Pq Ic auth precise , restrict , services
            while it is up dismisses it unanswered.
            """#),
        Choice(
            "accuracy after Don't Allow",
            #"""
            The accuracy follows the Precise switch whatever the status, once it is not
            notDetermined:
            .Qq full
            after Don't Allow with Precise on.
            """#),
        Choice(
            "Allow Once in Settings",
            #"""
            Settings has no Allow Once: the words
            .Ql auth allow once
            with no alert open choose Ask Next Time.
            """#),
        Choice(
            "Location Services off, restricted",
            #"""
            Both read as a status change,
            .Qq denied
            or
            .Qq restricted ,
            with the app's lines and the location error; restricted wins over every other
            setting; switching either back restores the status the Settings entry gives.
            An app that starts updates while Location Services are off also gets iOS's alert,
            as
            .Va locationServicesEnabled Ns 's
            documentation says
            .Pq Dq prompts the user with a confirmation alert :
            its title is the one a published UI test checks,
            .Ql Turn On Location Services to Allow \(lqAPP\(rq to Determine Your Location ,
            its buttons Settings and Cancel
            .Pq no source was found for their words .
            It comes once per start, after the status callback, and the app's own lines are
            the denial's.
            """#),
        Choice(
            "no position",
            #"""
            .Ql locate none
            (the Simulator's None) gives no fixes; what an updating app hears then is
            the choice
            .Qq no location .
            """#),
        Choice(
            "the Simulator's locations",
            #"""
            Custom Location defaults to 37.785834, \-122.406417; Apple is the old
            Infinite Loop point, 37.33233141, \-122.0312186.
            """#),
        Choice(
            "the Location line",
            #"""
            .Vt CLLocation Ns 's
            description has no floor suffix and a plain space before AM or PM.
            """#),
        Choice(
            "places errors",
            #"""
            The SDK gives each error its own description, so
            .Va localizedDescription
            is that text alone.
            Where a public log quotes it, the text is the log's, word for word:
            \-3
            .Pq tolu360/react-native-google-places#265, 2019 ,
            \-4
            .Pq matanshukry/flutter_google_places_sdk#125, 2025 ,
            \-9
            .Pq derTuca/flutter_google_places_picker#9, GooglePlaces 2.7.0, 2019: no later log was found
            and \-12
            .Pq matanshukry/flutter_google_places_sdk#114, 2025 .
            The others are the code's description in the 9.3.0
            .Pa GMSPlacesErrors.h ,
            its link written as the logged texts write theirs
            .Pq Ql text (URL) ;
            the logs of \-3 and \-4 match that header's descriptions.
            No two logs of one code within the versions placeshell builds with
            .Pq 3.0.0 and later
            differ, so the SDK version does not change them.
            """#),
        Choice(
            "billing",
            #"""
            Every request counts; an answered one bills the Find Current Place SKU plus one
            Places Data SKU per tier its fields touch, and one that fails (no permission, no
            position, invalid fields, any fault) bills nothing.
            Tiers: Contact is openingHours, phoneNumber and website; Atmosphere is rating,
            priceLevel and userRatingsTotal; every other field is Basic.
            """#),
        Choice(
            "places check order",
            #"""
            A likelihood request is judged when it is made, and the first check that fails
            answers it:
            \#(PlacesCheck.manualOrder)
            Local checks come first: the SDK validates the fields and needs the device's
            location before it sends anything.
            """#),
        Choice(
            "injected places errors",
            #"""
            .Ql fail places CODE once
            is spent by the first request that passes every other check; one that fails
            earlier leaves it armed.
            .Cm always
            lasts until
            .Ql fail places off .
            """#),
        Choice(
            "rate limit",
            #"""
            N requests in any 60 s of virtual time, a sliding window; a request counts when
            it is let through, one refused does not; the count starts afresh when a limit
            is set.
            """#),
        Choice(
            "no retries",
            #"""
            The tutorial retries nothing, retryable or not: the list stays empty until the
            next fix or selection sends a new request.
            """#),
        Choice(
            "faults last",
            #"""
            The network, the API key, the rate limit, an armed places error and the
            Info.plist outlast launches and
            .Ic reset .
            """#),
        Choice(
            "location errors",
            #"""
            .Ic fail location
            calls
            .Fn didFailWithError
            on the next turn of the run loop, only while updates run; every code stops the
            tutorial's updates for good, even the transient
            .Dv locationUnknown
            .Pq P5 .
            """#),
        Choice(
            "location errors before an answer",
            #"""
            While the status is
            .Qq notDetermined
            Core Location holds updates until the person answers, so it has no fix to fail
            and reports no error:
            .Ic fail location
            is refused then, not queued; a queued error would only land after the answer,
            where a script can put it itself.
            Unconfirmed: the sources, Apple's pages on
            .Fn locationManager _:didFailWithError:
            and
            .Vt CLError.Code ,
            describe errors of a running service and say nothing of the time before
            authorization.
            """#),
        Choice(
            "no location",
            #"""
            With no position
            .Po
            the Simulator's Features \(-> Location \(-> None,
            .Ql locate none
            .Pc
            an app that is updating and authorized gets
            .Fn locationManager _:didFailWithError:
            with
            .Dv kCLErrorLocationUnknown
            .Pq Dv kCLErrorDomain No code 0
            1 s after updates become possible or the position goes, as a fix would have
            come; the tutorial then stops updating
            .Pq P5 ,
            so a position chosen later never reaches it and the map stays hidden.
            Nothing is reported while the status is
            .Qq notDetermined ,
            .Qq denied
            or
            .Qq restricted .
            .Ql set simulator-no-location silent
            gives the older reading: no fix, no error, and a later
            .Ic locate
            delivers.
            Sources: PromiseKit/CoreLocation #24 (the error
            .Dq tends to happen in the simulator
            when no location is set), mxcl/PromiseKit #1029 (Debug \(-> Location \(-> None
            throws
            .Dv kCLErrorLocationUnknown ) ,
            intuit/LocationManager #23
            .Pq Dq kCLErrorDomain error 0 No in the Simulator until a location is simulated ;
            how soon the error comes is unconfirmed.
            """#),
        Choice(
            "batched locations",
            #"""
            Each move of the device while the app is updating and authorized with full
            accuracy is a reading
            .Po
            a
            .Ic locate
            1 s later, a route position at once
            .Pc ,
            kept if it passes the distance filter against the reading before it.
            Readings taken while an earlier one still waits in the app's run loop join it:
            the app gets them all in one
            .Fn locationManager _:didUpdateLocations:
            call, oldest first
            .Po
            Apple's page on that method: the array holds more than one location when several
            arrived before they could be delivered, the most recent last
            .Pc ;
            the tutorial uses
            .Li locations.last .
            With autorun on the run loop turns after every command, so this happens only
            with
            .Ql set autorun off
            and several moves before
            .Ic step ,
            .Ic run
            or
            .Ic wait .
            A reading dated after a later move is dropped: the device left before it was
            taken.
            With reduced accuracy nothing is batched: a reduced location is computed at
            most every 15 minutes, so the positions in between are never read, and the one
            held back is the position when the interval ends (WWDC 2020
            .Dq What's new in location ;
            radar.com on approximate location).
            .Li stats.locationUpdates
            counts calls, not locations.
            """#),
        Choice(
            "base map",
            #"""
            With an OpenStreetMap extract loaded,
            .Ic map
            and
            .Ic snapshot
            draw its roads, railways, water, green areas, buildings and street names as the
            Maps SDK's tiles would show that ground, after Google's default style, whose
            exact colours, widths and label rules are not published: water from zoom 0,
            motorways 5, trunk roads 6, primary roads and rivers 8, secondary roads 9, parks
            and railways 10, tertiary roads 11, streets 12, service roads 14, footways and
            buildings 15; street names from zoom 15
            .Pq service roads and footways 17 ,
            each name once, along its longest nearly straight stretch in view, where it
            touches no other label; roads double in width every 1.6 zoom levels.
            Subways and railways in tunnels are left out, as street maps leave them
            .Pq sources: the OpenStreetMap wiki's map features, the zoom ranges of openstreetmap-carto, and the feature types of Google's styling reference .
            """#),
        Choice(
            "Info.plist",
            #"""
            The usage key is read when the app asks for permission, at launch; without
            .Dv NSLocationWhenInUseUsageDescription
            the request is ignored, the status stays
            .Qq notDetermined ,
            and iOS's message names the missing key in the app's console.
            The alert's message is the key's text.
            """#),
        Choice(
            "Always in Settings",
            #"""
            .Ic auth always
            works only when the Info.plist has
            .Dv NSLocationAlwaysAndWhenInUseUsageDescription ;
            without it the change is refused.
            Core Location's header says an app without both always keys is taken not to
            support Always; what Settings lists for such an app is unconfirmed.
            """#),
        Choice(
            "always request",
            #"""
            .Ic launch Fl Fl request Cm always
            calls
            .Fn requestAlwaysAuthorization :
            from
            .Qq notDetermined
            the same three-button alert appears (iOS 13 and later), with the
            .Dv NSLocationWhenInUseUsageDescription
            text, as Apple's page on the method says of the first prompt.
            Allow While Using App gives provisional Always, read as
            .Qq authorizedAlways ;
            Settings shows it as
            .Ql While Using the App (provisional Always)
            (wording unconfirmed) until the entry is changed.
            The second, upgrade prompt is not simulated, so an always request while the
            status is
            .Qq authorizedWhenInUse
            shows nothing.
            Without both
            .Dv NSLocationWhenInUseUsageDescription
            and
            .Dv NSLocationAlwaysAndWhenInUseUsageDescription
            the request is ignored and iOS's message names both keys (P9).
            """#),
        Choice(
            "reduced accuracy by default",
            #"""
            With
            .Dv NSLocationDefaultAccuracyReduced
            true the alert shows an approximate map with Precise off and no switch, so
            allowing gives
            .Qq reduced
            accuracy; Settings' Precise switch stays off until
            .Ic auth precise on .
            Apple documents the approximate map, Precise off in Settings and the person's
            right to change it there; that the alert has no switch is unconfirmed.
            """#),
        Choice(
            "all fields",
            #"""
            .Ql fields all
            requests every field likelihood requests support, not
            .Dv GMSPlaceFieldAll .
            """#),
        Choice(
            "the map",
            #"""
            The frame is 393 \(mu 852 points (an iPhone 15); the visible region ignores
            bearing and viewing angle, which the tutorial never changes.
            """#),
        Choice(
            "the picker",
            #"""
            The table scrolls: rows past the fifth are on further screens.
            """#),
        Choice(
            "route positions",
            #"""
            A route's position reaches the app at once, on the run loop's next turn,
            through the distance filter, while a position set with
            .Ic locate
            is read 1 s later; when a reading is already due
            .Pq just after a launch, Ic locate No or Ic auth allow ,
            that reading takes whatever position the device has then.
            A reduced-accuracy app still gets at most one fix every 15 minutes.
            """#),
        Choice(
            "route timing",
            #"""
            Positions are due at the route's start plus their offset, counted in whole
            microseconds, so a long route never drifts: with the default interval, position
            36,000 of a 10-hour route comes exactly 35,999 s after the first.
            Each position is the point on the straight line between two waypoints (or GPX
            points) at its time, with that segment's speed and course.
            """#),
        Choice(
            "routes and locate",
            #"""
            .Ic locate
            stops a running route, as
            .Ql simctl location set
            replaces a scenario;
            .Ic route stop
            and the end of a route leave the device standing still where it is
            .Pq speed 0, course \-1 ;
            a launch and
            .Ic reset
            leave a route running.
            """#),
        Choice(
            "interval and distance together",
            #"""
            .Ql simctl location start
            leaves unstated which wins; the shell refuses the pair.
            """#),
        Choice(
            "GPX timing",
            #"""
            Timed points at the pace their times imply; untimed points between timed ones
            by distance; the rest, and files without times, at
            .Cm speed=
            .Pq 20 m/s ;
            backwards or equal times with a jump, and pauses over a day, crossed at
            .Cm speed=
            with a warning; one point is a fixed location.
            """#),
        Choice(
            "scenario routes",
            #"""
            The Simulator's City Run, City Bicycle Ride and Freeway Drive are not
            published; the shell's
            .Cm city-run ,
            .Cm bicycle-ride
            and
            .Cm freeway-drive
            are its own, around Cupertino, at 3, 6 and 29 m/s.
            """#),
        Choice(
            "the nearby app",
            #"""
            .Ic launch Fl Fl flavor Cm nearby
            is the tutorial as placeshell imagines it migrated: no migration of Current
            Place is published for iOS; Android's guide calls
            .Fn getLastLocation ,
            then
            .Fn searchNearby ,
            and says to use the result order.
            The same screens, permission and location code, in Swift with the GooglePlaces
            SDK;
            .Fn listLikelyPlaces
            builds a
            .Vt GMSPlaceSearchNearbyRequest
            around the last location the app received and calls
            .Fn placesClient.searchNearby with:completion: ;
            the picker lists the places in the order they came.
            With no location yet the app sends nothing and prints
            .Ql Nearby search skipped: no location yet. ;
            an error prints as
            .Ql Nearby Search error:
            and the localized description.
            .Li likely[ Ns Ar N Ns Li ].distance
            is the place's distance from the circle's centre; its likelihood is
            .Li nil .
            """#),
        Choice(
            "nearby radius",
            #"""
            The circle is 500 m until
            .Ic nearby radius
            changes it: no radius is recommended anywhere (the official demo lets the user
            pick one); the SDK takes 0 to 50000 m.
            """#),
        Choice(
            "invalid nearby requests",
            #"""
            A radius outside 0 to 50000 m, a
            .Va maxResultCount
            outside 1 to 20, an empty
            .Va placeProperties ,
            more than 50 included or excluded types, or a type both included and excluded
            fail the request with
            .Dv invalidRequest
            (\-12) before anything is sent.
            The SDK's header says these are errors; that the service's
            .Dv INVALID_ARGUMENT
            and
            .Dv INVALID_REQUEST
            reach the app as \-12 is unconfirmed.
            A type no place has is no error (unconfirmed): it matches nothing.
            """#),
        Choice(
            "popularity",
            #"""
            The order of
            .Li .popularity
            is the model of
            .Sx POPULARITY MODEL ;
            the real service's is not published.
            """#),
        Choice(
            "the place you stand in",
            #"""
            Nearby Search (New) finds a place when its point lies in the request's circle;
            whether the service also counts a place whose area reaches into the circle is
            unconfirmed (the references speak only of the circle).
            The device stands in a place when it is within the place's size (the datasets'
            radius) of its point: the smallest such place is the one the notes and
            .Ic explain
            name for P14 (its point outside the circle) and P15 (popularity ranked another
            place first).
            """#),
        Choice(
            "nearby properties",
            #"""
            The place properties are
            .Vt GMSPlaceProperty
            cases named as the
            .Vt GMSPlaceField
            they replace, with
            .Cm currentOpeningHours
            for
            .Cm openingHours ,
            plus the Atmosphere ones; which still exist in today's SDK (for example
            .Li .name
            beside
            .Li displayName )
            is unconfirmed.
            """#),
        Choice(
            "the Cloud project",
            #"""
            A session starts with an existing Cloud project that has both Places API
            (Legacy) and Places API (New), so the legacy flavours answer as before;
            .Ic project legacy off
            gives a new project: Places API (Legacy) has been legacy since March 1, 2025,
            and as of October 2026 a new Cloud project can no longer enable it.
            A legacy request then fails with
            .Dv accessNotConfigured
            (\-9), the code the SDK's header documents as
            .Dq The Places API service for iOS is not enabled ,
            with the text of the 2019 log
            .Pq see places errors ;
            today's exact error is unconfirmed.
            Nearby Search without Places API (New) fails as GooglePlaces 9 was reported to
            .Pq googlemaps/ios-places-sdk#11 and #16, 2024 :
            the callback gets
            .Ql Error Domain=com.google.HTTPStatus Code=403 \(dqInternal Error\(dq ,
            not \-9, and the app prints
            .Ql Nearby Search error: Internal Error ;
            whether later versions map it to \-9 is unconfirmed.
            The check runs after the API key's and before the rate limit's; the project
            outlasts launches and
            .Ic reset .
            """#),
        Choice(
            "place type filters",
            #"""
            A Nearby Search request may name only Table A types: the \#(PlaceTypeTables.tableA.count) of
            Google's
            .Dq Place types (New)
            page as copied on 2026-08-23, after the 180 added on 2026-02-12; Table B's
            \#(PlaceTypeTables.tableB.count) (such as
            .Cm food
            and
            .Cm point_of_interest )
            a place may carry but no request may name.
            Any other word fails the request with the service's
            .Ql INVALID_ARGUMENT: Unsupported types: X.
            .Pq as a public log of the Places API (New) shows it, cablate/mcp-google-map#83 ,
            which the app receives as
            .Dv invalidRequest
            (\-12); how the iOS SDK words that error is unconfirmed, so placeshell prints the
            service's text in a note.
            A place's primary type is the first of its types in the dataset.
            .Va regionCode
            is checked to be two letters and changes nothing in the answer.
            """#),
        Choice(
            "nearby billing",
            #"""
            An answered Nearby Search request bills one SKU, the highest its place
            properties need:
            .Sy Nearby Search Pro
            for
            \#(manualWords(NearbyProperties.names(billing: .pro), conjunction: "and")) ;
            .Sy Enterprise
            for
            \#(manualWords(NearbyProperties.names(billing: .enterprise), conjunction: "and")) ;
            .Sy Enterprise + Atmosphere
            for
            \#(manualWords(NearbyProperties.names(billing: .enterpriseAtmosphere), conjunction: "and")) .
            The iOS data-fields page lists Pro's and gives examples of the others; the rest
            follow the web service's Nearby Search (New) field list, and rating's SKU is
            unconfirmed.
            The properties are the 9.0.0 header's
            .Vt GMSPlaceProperty
            cases, and
            .Cm allowsDogs ;
            later versions add more (EV charging, parking, payment options, summaries),
            which placeshell does not offer.
            A refused or failed request bills nothing but counts, as a legacy one.
            """#),
        Choice(
            "billing figures",
            #"""
            .Ic stats billing
            shows only figures a price list states: Find Current Place, 5,000 free calls a
            month, then $30.00 per 1,000 up to 100,000 (Google's legacy SKU pricing); Nearby
            Search Pro 5,000 and Enterprise 1,000 free calls a month (the free calls per
            category Google announced with the new Places SDKs); Enterprise + Atmosphere is
            counted as Enterprise, 1,000 (unconfirmed).
            The legacy Places Data SKUs' free calls and prices, and every Nearby Search
            price, are unconfirmed and shown as
            .Ql \(em ,
            never guessed.
            The counts are the session's, as if it were the month's only use.
            """#),
        Choice(
            "compare",
            #"""
            .Ic compare
            asks placeshell's two models (the likelihood model for the legacy call, the
            popularity model for Nearby Search under the current
            .Ic nearby
            knobs) about the device's position now, coarsened under reduced accuracy as the
            app's fix would be.
            Permission, faults, the network, the key and the Cloud project do not apply, and
            nothing is sent: no request counts or bills and the app's list stays.
            It holds the two top 5s side by side because the picker's first screen shows
            five rows.
            Neither service publishes how it ranks, so the comparison is of the models, not
            of Google's answers.
            """#),
        Choice(
            "the search circle on the map",
            #"""
            .Ic map
            and
            .Ic snapshot
            draw the nearby app's search circle only in the
            .Cm nearby
            flavour once the app has sent a request: around its last location, with the
            radius
            .Ic nearby radius
            sets now (the circle the next request searches, as
            .Ic export geojson
            gives it); none with a radius the SDK refuses.
            Like the accuracy circle it is drawn round at the camera target's scale, also
            when the camera is turned or tilted.
            The real app draws no circle: it is placeshell's overlay.
            """#),
    ]
}
