import PlaceStorage

/// A pitfall of the tutorial's code that placeshell reproduces: what goes wrong, where in the
/// app's code, and what shows it. `help pitfalls` and `explain P4` read this one table.
public struct Pitfall: Sendable {
    /// `P1`, `P2`, …: the id notes, `explain` and the tutorial give it.
    public var id: String
    /// A short name.
    public var title: String
    /// What goes wrong, in a sentence or two.
    public var what: String
    /// Where in the tutorial's code it comes from.
    public var code: String
    /// The example (in examples/) or the commands that show it.
    public var example: String
    /// The change the developer should make: every pitfall has one.
    public var fix: String
}

/// The pitfalls, in id order.
public enum Pitfalls {
    public static let all: [Pitfall] = [
        Pitfall(
            id: "P1", title: "missing snippet",
            what:
                "The marker's info window shows the title and no address: the snippet, place.formattedAddress, reads nil because the field is never requested.",
            code:
                "MapViewController listLikelyPlaces(): placeFields = [.name, .coordinate]; unwindToMain(segue:) sets marker.snippet",
            example: "examples/p1-missing-snippet.placescript",
            fix:
                "Ask for the address: let placeFields: GMSPlaceField = [.name, .coordinate, .formattedAddress] in listLikelyPlaces() (Objective-C: GMSPlaceFieldName | GMSPlaceFieldCoordinate | GMSPlaceFieldFormattedAddress). The address is a Basic field, the same data SKU the name and coordinate bill."
        ),
        Pitfall(
            id: "P2", title: "empty or stale list on Get Place",
            what:
                "The picker gets the list as it is when \"Get Place\" is tapped; a places answer that comes later never reaches it, so it can be empty or old.",
            code:
                "MapViewController prepare(for:sender:) hands likelyPlaces to PlacesViewController: in Swift a copy; in Objective-C the same NSMutableArray (a strong property), which a later answer fills while the table shows the rows it loaded once (nothing calls reloadData)",
            example: "examples/p2-empty-list.placescript",
            fix:
                "Refresh the picker when the answer comes: give the open PlacesViewController the new list in the callback and call tableView.reloadData() (Objective-C too: it holds the same array, but its table never reloads), or keep \"Get Place\" disabled until the first answer has arrived."
        ),
        Pitfall(
            id: "P3", title: "duplicate rows",
            what:
                "Two listLikelyPlaces() calls in flight both append to one list after one removeAll(): every place appears twice, and with five reachable rows a duplicate may push real places out of reach.",
            code:
                "MapViewController listLikelyPlaces(): likelyPlaces.removeAll() at the call, append in the callback; called from viewDidLoad, every fix and every unwind",
            example: "examples/p3-duplicate-rows.placescript",
            fix:
                "Fill the list from one answer: set likelyPlaces to the answer's places in the callback instead of emptying it before the request and appending after, or send no request while one is in flight (a flag set in listLikelyPlaces() and cleared in the callback)."
        ),
        Pitfall(
            id: "P4", title: "first request before the permission",
            what:
                "viewDidLoad asks for likely places right after asking for permission, before anyone answers: the request fails with locationError (-11), \"Current Place error: …\".",
            code: "MapViewController viewDidLoad(): requestWhenInUseAuthorization(), then listLikelyPlaces()",
            example: "examples/p4-first-request-fails.placescript",
            fix:
                "Ask for places once the permission is granted: call listLikelyPlaces() from locationManager(_:didChangeAuthorization:) for .authorizedWhenInUse and .authorizedAlways, or from the first didUpdateLocations, not from viewDidLoad."
        ),
        Pitfall(
            id: "P5", title: "one location error stops updates for good",
            what:
                "didFailWithError calls stopUpdatingLocation() for every error, even the transient locationUnknown, and nothing starts updates again: no more fixes, and no fix sends another places request.",
            code: "MapViewController locationManager(_:didFailWithError:): locationManager.stopUpdatingLocation()",
            example: "examples/simulator-no-location.placescript",
            fix:
                "Stop only when location is denied: in didFailWithError check (error as? CLError)?.code == .denied before stopUpdatingLocation(); on locationUnknown and network errors keep updating, as Core Location keeps trying."
        ),
        Pitfall(
            id: "P6", title: "restricted: the map stays hidden",
            what:
                "The map is unhidden only by a fix or a denial; a restricted app gets neither, so the map stays hidden.",
            code:
                "MapViewController viewDidLoad(): mapView.isHidden = true; didChangeAuthorization: .restricted only prints",
            example: "examples/p6-restricted-map-hidden.placescript",
            fix:
                "Show the map in the .restricted case too (mapView.isHidden = false, at the default location), and tell the user that location is not available to the app."
        ),
        Pitfall(
            id: "P7", title: "Objective-C switch falls through",
            what:
                "In the Objective-C app only the restricted case has a break: denied prints two extra lines, notDetermined one.",
            code: "MapViewController.m locationManager:didChangeAuthorizationStatus:: switch (status) without breaks",
            example: "examples/p7-objc-fallthrough.placescript",
            fix:
                "End every case of the Objective-C switch with break;, as the Swift switch ends each case by itself."
        ),
        Pitfall(
            id: "P8", title: "Objective-C blank rows, no marker",
            what:
                "The Objective-C picker never sets a cell's text (blank rows) and its prepareForSegue is empty: the selection never reaches the map, so no marker.",
            code:
                "PlacesViewController.m tableView:cellForRowAtIndexPath: (no text) and prepareForSegue:sender: (empty)",
            example: "examples/p8-objc-blank-rows.placescript",
            fix:
                "In tableView:cellForRowAtIndexPath: set cell.textLabel.text = self.likelyPlaces[indexPath.row].name; in PlacesViewController's prepareForSegue:sender: hand the choice over, ((MapViewController *)segue.destinationViewController).selectedPlace = self.selectedPlace, with selectedPlace a property MapViewController declares."
        ),
        Pitfall(
            id: "P9", title: "usage keys for an always request",
            what:
                "Until 2020 the app asked for Always with only NSLocationAlwaysUsageDescription in Info.plist: iOS ignores the request, no alert.",
            code: "Info.plist usage keys; viewDidLoad requestAlwaysAuthorization() (before 2020-09)",
            example: "examples/p9-request-always.placescript",
            fix:
                "For requestAlwaysAuthorization() Info.plist needs both NSLocationWhenInUseUsageDescription and NSLocationAlwaysAndWhenInUseUsageDescription (iOS 11 and later); better, ask When In Use, as today's code does: the app needs location only while it is used."
        ),
        Pitfall(
            id: "P10", title: "marker at an unrequested coordinate",
            what:
                "With the field mask .name only (2020-07…09) the marker is built from a coordinate that was not requested: kCLLocationCoordinate2DInvalid.",
            code: "MapViewController listLikelyPlaces(): withPlaceFields: .name; unwindToMain: GMSMarker(position:)",
            example: "'fields name', 'likely', 'select 1', 'markers'",
            fix:
                "Request .coordinate whenever a marker is placed from the place: [.name, .coordinate] at least, with .formattedAddress for its snippet (P1)."
        ),
        Pitfall(
            id: "P11", title: "fatalError on an unknown status",
            what: "`@unknown default: fatalError()`: any future CLAuthorizationStatus case crashes the Swift app.",
            code: "MapViewController locationManager(_:didChangeAuthorization:): @unknown default: fatalError()",
            example: "examples/p11-unknown-status-crash.placescript",
            fix:
                "Do not crash on a status this version does not know: in @unknown default print the status and treat it as not authorized (show the map at the default location)."
        ),
        Pitfall(
            id: "P12", title: "zoom from the accuracy authorization",
            what:
                "The camera zooms to 15 with precise location and 10 with approximate; the Objective-C app uses 15 for both.",
            code:
                "MapViewController preciseLocationZoomLevel / approximateLocationZoomLevel, read at viewDidLoad and at each fix",
            example: "examples/p12-approximate-zoom.placescript",
            fix:
                "Give the Objective-C app the zoom the Swift app uses for approximate location: approximateLocationZoomLevel = 10.0 in viewDidLoad."
        ),
        Pitfall(
            id: "P13", title: "a billed request per fix and unwind",
            what:
                "Every fix and every unwind sends a billable Find Current Place request, an API that is legacy now.",
            code: "MapViewController didUpdateLocations and unwindToMain(segue:) both call listLikelyPlaces()",
            example: "'route run city-run', then 'stats'",
            fix:
                "Ask when the answer is needed: call listLikelyPlaces() when \"Get Place\" is tapped (or after a significant move), not at every fix and every unwind; a Nearby Search (New) request is billed each time too."
        ),
        Pitfall(
            id: "P14", title: "a circle too small for the place you stand in",
            what:
                "The migrated app searches a circle around its last location, and a place is in the answer only when its point lies in the circle: standing in a large place (a campus, a park, a market) whose point is farther away than the radius, the place is missing from the list. The legacy answer counts a place's size (placeshell's likelihood model), so it lists the place.",
            code:
                "nearby flavour listLikelyPlaces(): GMSPlaceCircularLocationOption(location.coordinate, radius) with a radius smaller than the places the user may stand in",
            example: "examples/p14-small-radius.placescript",
            fix:
                "Ask for a radius that reaches the points of the largest places the user may stand in (several hundred metres: 500 m finds the middle of a 450 m campus from its edge), and keep the list short with maxResultCount and rankPreference .distance rather than with a small radius."
        ),
        Pitfall(
            id: "P15", title: "popularity puts a famous place above where you are",
            what:
                "rankPreference .popularity, the SDK's default, orders the circle's places by popularity: a famous attraction 200 m away comes first, before the café the user stands in. With no likelihood, the first row is all the app has to go on, and it is the wrong place.",
            code:
                "nearby flavour listLikelyPlaces(): request.rankPreference = .popularity (or left at its default)",
            example: "examples/p15-popularity-over-presence.placescript",
            fix:
                "For \"where am I\" set request.rankPreference = .distance: the nearest places come first. Popularity suits \"what is worth seeing near me\"."
        ),
        Pitfall(
            id: "P16", title: "a request before the first fix",
            what:
                "The legacy call located the device itself; the migrated app gives the circle's centre, and before the first location arrives it has none. viewDidLoad's listLikelyPlaces() sends nothing (“Nearby search skipped: no location yet.”), \"Get Place\" opens an empty picker, and with location denied the list stays empty for good with no error to print, where the legacy request failed with locationError (-11).",
            code:
                "nearby flavour viewDidLoad(): listLikelyPlaces() before any didUpdateLocations; listLikelyPlaces(): guard let location = currentLocation else { return }",
            example: "examples/p16-request-before-fix.placescript",
            fix:
                "Search from didUpdateLocations only (drop the call in viewDidLoad); until currentLocation is set, disable \"Get Place\" or say that the location is not known yet, and when location is denied say so instead of showing an empty list."
        ),
        Pitfall(
            id: "P17", title: "an empty property list",
            what:
                "Current Place took any field mask, an empty one too (its places came back blank). GMSPlaceSearchNearbyRequest refuses an empty placeProperties: every request fails with invalidRequest (-12), the app prints “Nearby Search error: …”, and the list stays empty.",
            code:
                "nearby flavour listLikelyPlaces(): GMSPlaceSearchNearbyRequest(locationRestriction:placeProperties:) given [] (a mask built from a list that ended up empty)",
            example: "examples/p17-empty-properties.placescript",
            fix:
                "Name every property the app reads: [GMSPlaceProperty.name, .coordinate, .formattedAddress].map(\\.rawValue) for the picker's rows and the marker's title, position and snippet (all Pro: the request bills Nearby Search Pro)."
        ),
    ]

    /// The pitfall with this id (`P4` or `p4`), or nil.
    public static func named(_ id: String) -> Pitfall? {
        all.first { $0.id.lowercased() == id.lowercased() }
    }
}
