/// The tutorial's text in every language it has, by language code: one line per language, in
/// the order of the codes. A language is a file in Tutorial/ (a copy of en.swift with its text
/// written in that language; the format is described at the top of en.swift) and its line here.
let tutorialTexts: [String: String] = [
    "de": tutorialTextDE,
    "en": tutorialTextEN,
    "es": tutorialTextES,
    "fa": tutorialTextFA,
    "ko": tutorialTextKO,
    "vi": tutorialTextVI,
]

/// The language the walk starts in when none is chosen, and the one every other is checked
/// against: the same steps, commands, checks, hints and messages.
let defaultTutorialLanguage = "en"
