import PlaceStorage

/// The device's language (Settings ▸ General ▸ Language & Region), as far as the simulation
/// shows it: the words of the system's location permission alert. Everything else placeshell
/// prints (the app's console, the trace, the shell's own lines) is code or English and stays so.
public struct DeviceLanguage: Sendable, Equatable {
    /// The language code: `en`, `de`, `es`, `ko`, `vi`, `fa`.
    public var code: String
    /// The language's English name, for `status` and the help.
    public var name: String
    /// The alert's title with `%@` where iOS puts the app's name; nil: the English title.
    public var titleFormat: String?
    /// Allow Once, Allow While Using App, Don’t Allow in this language; nil: the English one.
    public var allowOnce: String?
    public var allowWhileUsing: String?
    public var dontAllow: String?
    /// The language's script is written right to left.
    public var rightToLeft: Bool

    /// The languages `set language` takes: English and the tutorial's other languages.
    public static let all: [DeviceLanguage] = [
        DeviceLanguage(
            code: "en", name: "English", titleFormat: "Allow “%@” to use your location?", allowOnce: "Allow Once",
            allowWhileUsing: "Allow While Using App", dontAllow: "Don’t Allow", rightToLeft: false),
        // Title and Allow While Using App: a public XCUITest of the gematik E-Rezept app matching
        // the German alert (alert.label "Darf „E-Rezept“ deinen Standort verwenden?"); Einmal
        // erlauben: public UI tests tapping it and a German guide (etoppc.com); Nicht erlauben: a
        // public test fixture of German system dialogs.
        DeviceLanguage(
            code: "de", name: "German", titleFormat: "Darf „%@“ deinen Standort verwenden?",
            allowOnce: "Einmal erlauben",
            allowWhileUsing: "Beim Verwenden der App erlauben", dontAllow: "Nicht erlauben", rightToLeft: false),
        // Buttons: Apple's Spanish support page support.apple.com/es-es/102647 and a public
        // accessibility dump of the real alert; title: public replicas of the alert.
        DeviceLanguage(
            code: "es", name: "Spanish", titleFormat: "¿Permitir que “%@” use tu ubicación?",
            allowOnce: "Permitir una vez", allowWhileUsing: "Permitir al usarse la app", dontAllow: "No permitir",
            rightToLeft: false),
        // Title: public Appium and XCUITest code matching the Korean alert by its name
        // (‘[STG] T world’ 앱이 …); buttons: the same tests and public replicas.
        DeviceLanguage(
            code: "ko", name: "Korean", titleFormat: "‘%@’ 앱이 사용자의 위치를 사용하도록 허용하겠습니까?",
            allowOnce: "한 번 허용", allowWhileUsing: "앱을 사용하는 동안 허용", dontAllow: "허용 안 함", rightToLeft: false),
        // Buttons: a public XCUITest tapping “Cho phép khi dùng ứng dụng” on the alert, and
        // minhtuanmobile.com's guide naming the three buttons; the title is unconfirmed: English.
        DeviceLanguage(
            code: "vi", name: "Vietnamese", titleFormat: nil, allowOnce: "Cho phép một lần",
            allowWhileUsing: "Cho phép khi dùng ứng dụng", dontAllow: "Không cho phép", rightToLeft: false),
        // A choice: no public source shows iOS's Persian wording, so the alert stays English.
        DeviceLanguage(
            code: "fa", name: "Persian", titleFormat: nil, allowOnce: nil, allowWhileUsing: nil, dontAllow: nil,
            rightToLeft: true),
    ]

    public static let english = all[0]

    /// The language with this code, or nil.
    public static func named(_ code: String) -> DeviceLanguage? { all.first { $0.code == code } }

    /// The language a locale name asks for (`ko_KR.UTF-8` is `ko`); English when placeshell does
    /// not have it, or for `C` and `POSIX`.
    public static func fromLocale(_ value: String) -> DeviceLanguage {
        let code = String(value.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }).lowercased()
        return named(code) ?? english
    }

    /// The alert's title for an app of this display name.
    public func alertTitle(appName: String) -> String {
        var title = titleFormat ?? Self.english.titleFormat ?? "%@"
        if let range = title.firstRange(of: "%@") { title.replaceSubrange(range, with: appName) }
        return title
    }

    /// The alert's three buttons, top to bottom: Allow Once, Allow While Using App, Don’t Allow.
    public var alertButtons: [String] {
        let en = Self.english
        return [
            allowOnce ?? en.allowOnce ?? "", allowWhileUsing ?? en.allowWhileUsing ?? "",
            dontAllow ?? en.dontAllow ?? "",
        ]
    }

    /// How much of the alert this language shows in its own words.
    public var alertCoverage: String {
        if code == "en" { return "the permission alert in English" }
        let words = [titleFormat, allowOnce, allowWhileUsing, dontAllow].filter { $0 != nil }.count
        if words == 4 { return "the permission alert in \(name)" }
        if words == 0 { return "the permission alert in English (no \(name) wording is confirmed)" }
        return "the permission alert's buttons in \(name), its title in English (unconfirmed)"
    }
}
