import PlaceFormats
import PlaceStorage

/// Where the simulated device is, as the location hardware reports it.
public struct DevicePosition: Sendable, Equatable {
    public var coordinate: GeoPoint
    /// Radius of uncertainty in metres (`horizontalAccuracy`).
    public var horizontalAccuracy: Double
    /// Metres per second; negative when unknown.
    public var speed: Double
    /// Degrees clockwise from north; negative when unknown.
    public var course: Double

    public init(coordinate: GeoPoint, horizontalAccuracy: Double = 5, speed: Double = -1, course: Double = -1) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
    }
}

/// The app's entry in Settings ▸ Privacy ▸ Location Services.
public enum LocationPermission: String, Sendable {
    /// "Ask Next Time" (also the state of a fresh install).
    case askNextTime
    /// "Never".
    case never
    /// "While Using the App".
    case whileUsing
    /// "Always".
    case always
}

/// `CLAuthorizationStatus`.
public enum AuthorizationStatus: String, Sendable, CaseIterable {
    case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse

    /// The Objective-C constant: `kCLAuthorizationStatusDenied`.
    public var objcName: String { "kCLAuthorizationStatus" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The raw value Core Location uses.
    public var rawCode: Int {
        switch self {
        case .notDetermined: return 0
        case .restricted: return 1
        case .denied: return 2
        case .authorizedAlways: return 3
        case .authorizedWhenInUse: return 4
        }
    }

    public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}

/// `CLAccuracyAuthorization`: `full` or `reduced`.
public enum AccuracyAuthorization: String, Sendable, CaseIterable {
    case full, reduced
}

/// The device's privacy settings for this app and the global Location Services switch.
public struct PrivacySettings: Sendable, Equatable {
    /// Settings ▸ Privacy ▸ Location Services (the global switch).
    public var servicesEnabled = true
    /// Screen Time / parental restriction on location for this app.
    public var restricted = false
    public var permission: LocationPermission = .askNextTime
    /// "Allow Once" was chosen: authorized until the app stops being in use.
    public var allowedOnce = false
    /// "Allow While Using App" answered an always request: provisional Always, read as
    /// `authorizedAlways` (with `permission` While Using the App).
    public var provisionalAlways = false
    /// The Precise switch.
    public var precise = true
    /// A status a future iOS might report that the app's code does not know (P11).
    public var unknownFutureStatus = false

    public init() {}

    /// What `CLLocationManager.authorizationStatus` reads.
    public var status: AuthorizationStatus {
        if restricted { return .restricted }
        if !servicesEnabled { return .denied }
        switch permission {
        case .never: return .denied
        case .whileUsing: return provisionalAlways ? .authorizedAlways : .authorizedWhenInUse
        case .always: return .authorizedAlways
        case .askNextTime: return allowedOnce ? .authorizedWhenInUse : .notDetermined
        }
    }

    /// What `accuracyAuthorization` reads. Before the person has answered, it reads `full`
    /// (a documented choice: the real value is unconfirmed).
    public var accuracy: AccuracyAuthorization {
        status == .notDetermined ? SimulationChoices.accuracyWhileNotDetermined : (precise ? .full : .reduced)
    }

    /// Settings' words for the permission.
    public var settingName: String {
        switch permission {
        case .askNextTime: return allowedOnce ? "Allow Once (this session)" : "Ask Next Time"
        case .never: return "Never"
        case .whileUsing: return provisionalAlways ? "While Using the App (provisional Always)" : "While Using the App"
        case .always: return "Always"
        }
    }

    mutating func applicationWillLaunch() {}

    /// "Allow Once" lasts until the app is no longer in use.
    mutating func applicationDidEnd() { allowedOnce = false }
}

/// What Core Location tells an app that is updating, and allowed to, while the device has no
/// position (Simulator: Features ▸ Location ▸ None): `set simulator-no-location`.
public enum NoLocationReport: String, Sendable, CaseIterable {
    /// `didFailWithError` with `kCLErrorLocationUnknown` (code 0), as the Simulator is reported to.
    case error
    /// Nothing: no fix and no error, until a position comes.
    case silent
}

/// The simulated device.
public struct Device: Sendable {
    /// The simulated location, or nil for none (Simulator: Features ▸ Location ▸ None).
    public var position: DevicePosition?
    /// What an updating app hears while there is no position.
    public var noLocationReport = SimulationChoices.noLocationReport
    /// Whether the picker's table scrolls, so rows below the first screen can be tapped
    /// (`set picker-scroll`); part of the simulated app build, kept across launches.
    public var pickerScrolls = SimulationChoices.pickerScrolls
    /// The device's language (`set language`): the words of the permission alert. A setting of
    /// the device, not of the app's privacy entry: `reset` keeps it, as the person picks the same
    /// language again when the erased device is set up.
    public var language = DeviceLanguage.english
    public var privacy = PrivacySettings()
    /// The system's location permission alert is on screen.
    public var promptOpen = false
    /// iOS's "Turn On Location Services" alert is on screen: an app started location updates
    /// while Location Services were off.
    public var servicesAlertOpen = false
    /// The alert on screen was shown for an app whose Info.plist asks for reduced accuracy by
    /// default (`NSLocationDefaultAccuracyReduced`): its Precise switch is off.
    public var promptAccuracyReduced = false
    /// The location keys of the app's Info.plist (part of the app bundle, not of the device's
    /// settings: it outlasts `reset`).
    public var infoPlist = InfoPlist.tutorial {
        didSet { infoPlistChanges &+= 1 }
    }
    /// How many times the Info.plist was changed (`export simctl` compares this, not the file).
    public private(set) var infoPlistChanges = 0
    /// Info.plist has `NSLocationWhenInUseUsageDescription`.
    /// Info.plist has `NSLocationWhenInUseUsageDescription`; setting it adds the key with the
    /// tutorial's text, or removes it.
    public var hasWhenInUseUsageKey: Bool {
        get { infoPlist.text(for: .whenInUse) != nil }
        set {
            if newValue {
                infoPlist.set(.whenInUse, text: infoPlist.text(for: .whenInUse) ?? InfoPlist.tutorialText)
            } else {
                infoPlist.remove(.whenInUse)
            }
        }
    }
    /// The map view's frame in points (the screen of an iPhone 15).
    public var screenWidth = 393.0
    public var screenHeight = 852.0

    public init() {}
}

/// Named positions for `locate`.
public struct LocationPreset: Sendable {
    public var name: String
    public var coordinate: GeoPoint
    public var summary: String

    public static let all: [LocationPreset] = [
        LocationPreset(
            name: "sydney", coordinate: GeoPoint(latitude: -33.869405, longitude: 151.199),
            summary: "the tutorial's default point, Pyrmont/Darling Harbour, Sydney"),
        LocationPreset(
            name: "sf", coordinate: GeoPoint(latitude: 37.785834, longitude: -122.406417),
            summary: "the iOS Simulator's default custom location, Union Square, San Francisco"),
        LocationPreset(
            name: "apple", coordinate: GeoPoint(latitude: 37.33233141, longitude: -122.0312186),
            summary: "the Simulator's Apple location, Infinite Loop, Cupertino"),
        LocationPreset(
            name: "google-sydney", coordinate: GeoPoint(latitude: -33.866651, longitude: 151.195827),
            summary: "Google Sydney, 48 Pirrama Rd, Pyrmont"),
    ]

    public static func named(_ name: String) -> LocationPreset? { all.first { $0.name == name } }
}
