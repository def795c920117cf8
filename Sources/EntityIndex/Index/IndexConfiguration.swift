/// Settings that shape how an index analyses text.
public struct IndexConfiguration: Sendable {
    /// The language of text whose property declares none; English unless changed.
    public var defaultLanguage: Language
    /// Languages declared per property, by entity type and property name.
    public var propertyLanguages: [EntityType: [String: Language]]

    /// A configuration; by default all text is English.
    public init(defaultLanguage: Language = .english,
                propertyLanguages: [EntityType: [String: Language]] = [:]) {
        self.defaultLanguage = defaultLanguage
        self.propertyLanguages = propertyLanguages
    }

    /// The language a property's text is stemmed in.
    func language(of property: String, in type: EntityType) -> Language {
        propertyLanguages[type]?[property] ?? defaultLanguage
    }

    /// Every language text may be indexed in, the default first: a query word is
    /// searched under its stem in each.
    var indexedLanguages: [Language] {
        var languages = [defaultLanguage]
        for language in propertyLanguages.values.flatMap(\.values) where !languages.contains(language) {
            languages.append(language)
        }
        return languages
    }
}
