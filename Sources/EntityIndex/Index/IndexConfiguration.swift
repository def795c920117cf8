/// Settings that shape what an index accepts and how it analyses text. Open an
/// index with the same configuration every time.
public struct IndexConfiguration: Sendable {
    /// The entity types the index accepts; the built-in domains by default.
    public var schemas: SchemaRegistry
    /// The language of text whose property declares none; English unless changed.
    public var defaultLanguage: Language

    /// The lexicon that gives words their meaning (query expansion and
    /// re-ranking); the bundled English one by default, nil for none.
    public var lexicon: Lexicon?
    /// How strongly meaning shapes searches.
    public var meaning: MeaningSettings
    /// The words requests are understood with (commands, references, time); English by default.
    public var vocabulary: RequestVocabulary
    /// How BM25 weighs the words of a text search.
    public var relevance: Relevance

    /// A configuration of schemas, a default language, a lexicon, a request vocabulary and BM25's parameters.
    public init(schemas: SchemaRegistry = .builtIn, defaultLanguage: Language = .english,
                lexicon: Lexicon? = try? Lexicon.bundled(), meaning: MeaningSettings = MeaningSettings(),
                vocabulary: RequestVocabulary = .bundled, relevance: Relevance = .standard) {
        self.relevance = relevance
        self.schemas = schemas
        self.defaultLanguage = defaultLanguage
        self.lexicon = lexicon
        self.meaning = meaning
        self.vocabulary = vocabulary
    }

    /// Every language text may be indexed in, the default first: a query word is
    /// searched under its stem in each.
    var indexedLanguages: [Language] {
        schemas.languages(defaultLanguage: defaultLanguage)
    }
}
