extension CommandTable {
    /// Every family placeshell has, in the order `help` lists them.
    public static let standard = CommandTable(families: [
        .builtins, .app, .permission, .location, .places, .nearby, .dataset, .map, .route, .runLoop, .faults, .explain,
        .files, .storyboard, .tutorial, .live,
    ])
}
