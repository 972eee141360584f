@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// A session with a recorder for everything it reports.
final class Harness {
    let session: Session
    private(set) var events: [Event] = []

    init() {
        session = Session()
        session.eventSink = { [unowned self] event in self.events.append(event) }
    }

    var app: TutorialApp { session.app! }
    var log: [String] { session.log }
    var map: MapView { session.app!.mapView }

    /// The pitfall tags of the notes reported so far.
    var pitfalls: [String] {
        events.compactMap { event in
            guard event.name == "note" else { return nil }
            for field in event.fields where field.name == "pitfall" {
                if case .string(let tag) = field.value { return tag }
            }
            return nil
        }
    }

    func eventNames() -> [String] { events.map(\.name) }

    func clearEvents() { events = [] }

    /// The device at the tutorial's default point with the Simulator's ±5 m.
    func locateSydney() {
        session.setDevicePosition(DevicePosition(coordinate: TutorialApp.defaultLocation))
    }

    /// Presses "Allow While Using App" (Precise as given) on the open alert.
    func allow(precise: Bool = true) {
        session.device.promptOpen = false
        session.changePrivacy {
            $0.permission = .whileUsing
            $0.allowedOnce = false
            $0.precise = precise
        }
    }

    /// Presses "Allow Once" on the open alert.
    func allowOnce() {
        session.device.promptOpen = false
        session.changePrivacy {
            $0.permission = .askNextTime
            $0.allowedOnce = true
        }
    }

    /// Presses "Don't Allow" (or Settings ▸ Never).
    func deny() {
        session.device.promptOpen = false
        session.changePrivacy {
            $0.permission = .never
            $0.allowedOnce = false
        }
    }

    /// Launch, allow, and the first fix at the default point with its places response: the
    /// tutorial's happy path, settled.
    @discardableResult
    func launchAllowedAtSydney(flavor: AppFlavor = .swift) -> TutorialApp {
        locateSydney()
        let app = session.launch(flavor: flavor)
        session.settle()
        allow()
        session.settle()
        return app
    }
}

/// A place for synthetic datasets.
func makePlace(
    _ id: String, at point: GeoPoint, types: [String] = ["point_of_interest"], radius: Double = 30,
    name: String? = nil, address: String = "1 Test St"
) -> Place {
    Place(
        id: id, name: name ?? id, coordinate: point, types: types, address: address, rating: 4.0, priceLevel: 2,
        radius: radius, area: "test")
}

/// The console line the app prints for a Places error.
func currentPlaceError(_ code: PlacesErrorCode) -> String {
    "Current Place error: " + code.localizedDescription
}
