/// Settings that shape what an index accepts and how it analyses text. Open an
/// index with the same configuration every time.
public struct IndexConfiguration: Sendable {
    /// The entity types the index accepts; the built-in domains by default.
    public var schemas: SchemaRegistry
    /// The language of text whose property declares none; English unless changed.
    public var defaultLanguage: Language

    /// A configuration of schemas and a default language.
    public init(schemas: SchemaRegistry = .builtIn, defaultLanguage: Language = .english) {
        self.schemas = schemas
        self.defaultLanguage = defaultLanguage
    }

    /// Every language text may be indexed in, the default first: a query word is
    /// searched under its stem in each.
    var indexedLanguages: [Language] {
        schemas.languages(defaultLanguage: defaultLanguage)
    }
}
