/// The tutorial's words in every language it has, by language code: the English template
/// (tutorial.pot) and one translation (XX.po) per other language, each embedded in the
/// executable (Package.swift lists them as PlaceScript's resources). A new language is its
/// XX.po, copied from tutorial.pot and translated, a line in Package.swift and a line here;
/// the tests refuse a PO file in Tutorial/ that is not here.
let tutorialCatalogs: [String: [UInt8]] = [
    "de": PackageResources.de_po,
    "en": tutorialTemplate,
    "es": PackageResources.es_po,
    "fa": PackageResources.fa_po,
    "ko": PackageResources.ko_po,
    "vi": PackageResources.vi_po,
]

/// The English words, and the entries every translation must have.
let tutorialTemplate = PackageResources.tutorial_pot

/// The language the walk starts in when none is chosen, and the one every other is checked
/// against: the same steps, commands, checks, hints and messages.
let defaultTutorialLanguage = "en"
