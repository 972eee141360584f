import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// Settings ▸ Privacy ▸ Location Services → `CLAuthorizationStatus` and `accuracyAuthorization`.
final class PrivacyTests: XCTestCase {
    private func settings(
        services: Bool = true, restricted: Bool = false, permission: LocationPermission = .askNextTime,
        once: Bool = false, precise: Bool = true
    ) -> PrivacySettings {
        var p = PrivacySettings()
        p.servicesEnabled = services
        p.restricted = restricted
        p.permission = permission
        p.allowedOnce = once
        p.precise = precise
        return p
    }

    func testFreshInstallIsNotDetermined() {
        let p = PrivacySettings()
        XCTAssertEqual(p.status, .notDetermined)
        XCTAssertEqual(p.permission, .askNextTime)
        XCTAssertTrue(p.servicesEnabled)
        XCTAssertTrue(p.precise)
        XCTAssertFalse(p.restricted)
        XCTAssertEqual(p.settingName, "Ask Next Time")
    }

    func testStatusForEachPermission() {
        XCTAssertEqual(settings(permission: .never).status, .denied)
        XCTAssertEqual(settings(permission: .whileUsing).status, .authorizedWhenInUse)
        XCTAssertEqual(settings(permission: .always).status, .authorizedAlways)
        XCTAssertEqual(settings(permission: .askNextTime).status, .notDetermined)
        XCTAssertEqual(settings(permission: .askNextTime, once: true).status, .authorizedWhenInUse)
    }

    func testProvisionalAlwaysReadsAsAlwaysOnlyWhileUsing() {
        var p = settings(permission: .whileUsing)
        p.provisionalAlways = true
        XCTAssertEqual(p.status, .authorizedAlways)
        XCTAssertEqual(p.settingName, "While Using the App (provisional Always)")
        p.servicesEnabled = false
        XCTAssertEqual(p.status, .denied)
        p.servicesEnabled = true
        p.permission = .never
        XCTAssertEqual(p.status, .denied)
    }

    func testServicesOffReadsAsDeniedWhateverThePermission() {
        for permission in [LocationPermission.askNextTime, .never, .whileUsing, .always] {
            XCTAssertEqual(settings(services: false, permission: permission).status, .denied, "\(permission)")
        }
        XCTAssertEqual(settings(services: false, permission: .askNextTime, once: true).status, .denied)
    }

    func testRestrictedWinsOverEverything() {
        for permission in [LocationPermission.askNextTime, .never, .whileUsing, .always] {
            XCTAssertEqual(settings(restricted: true, permission: permission).status, .restricted)
            XCTAssertEqual(settings(services: false, restricted: true, permission: permission).status, .restricted)
        }
    }

    func testAllowOnceLastsUntilTheAppEnds() {
        var p = settings(permission: .askNextTime, once: true)
        XCTAssertEqual(p.status, .authorizedWhenInUse)
        p.applicationWillLaunch()
        XCTAssertEqual(p.status, .authorizedWhenInUse, "launching does not end it")
        p.applicationDidEnd()
        XCTAssertEqual(p.status, .notDetermined)
        XCTAssertFalse(p.allowedOnce)
        XCTAssertEqual(p.settingName, "Ask Next Time")
    }

    func testAppEndingDoesNotTouchAPersistentChoice() {
        var p = settings(permission: .whileUsing, precise: false)
        p.applicationDidEnd()
        XCTAssertEqual(p.status, .authorizedWhenInUse)
        XCTAssertEqual(p.accuracy, .reduced)
    }

    func testAccuracyBeforeAnAnswerIsTheDocumentedChoice() {
        XCTAssertEqual(settings(precise: true).accuracy, SimulationChoices.accuracyWhileNotDetermined)
        XCTAssertEqual(settings(precise: false).accuracy, SimulationChoices.accuracyWhileNotDetermined)
        XCTAssertEqual(SimulationChoices.accuracyWhileNotDetermined, .full)
    }

    func testAccuracyFollowsThePreciseSwitchOnceAnswered() {
        XCTAssertEqual(settings(permission: .whileUsing, precise: true).accuracy, .full)
        XCTAssertEqual(settings(permission: .whileUsing, precise: false).accuracy, .reduced)
        XCTAssertEqual(settings(permission: .askNextTime, once: true, precise: false).accuracy, .reduced)
        XCTAssertEqual(settings(permission: .never, precise: false).accuracy, .reduced)
        XCTAssertEqual(settings(permission: .never, precise: true).accuracy, .full)
    }

    func testSettingNames() {
        XCTAssertEqual(settings(permission: .askNextTime).settingName, "Ask Next Time")
        XCTAssertEqual(settings(permission: .askNextTime, once: true).settingName, "Allow Once (this session)")
        XCTAssertEqual(settings(permission: .never).settingName, "Never")
        XCTAssertEqual(settings(permission: .whileUsing).settingName, "While Using the App")
        XCTAssertEqual(settings(permission: .always).settingName, "Always")
    }

    func testCoreLocationRawValues() {
        XCTAssertEqual(AuthorizationStatus.allCases.map(\.rawCode), [0, 1, 2, 3, 4])
        XCTAssertEqual(AuthorizationStatus.allCases.filter(\.isAuthorized), [.authorizedAlways, .authorizedWhenInUse])
    }

    func testResetRestoresDefaultsAndKeepsThePosition() {
        let h = Harness()
        h.locateSydney()
        h.session.changePrivacy {
            $0.permission = .never
            $0.servicesEnabled = false
            $0.restricted = true
            $0.precise = false
        }
        h.session.reset()
        XCTAssertEqual(h.session.device.privacy, PrivacySettings())
        XCTAssertEqual(h.session.device.position?.coordinate, TutorialApp.defaultLocation)
    }
}
