/// Turns a validated entity into the Xapian document that indexes and stores it,
/// following its type's schema.
struct DocumentBuilder {
    let schemas: SchemaRegistry
    let defaultLanguage: Language
    let lexicon: Lexicon?
    /// Links the entity's words to their neighbours in meaning; nil without a lexicon.
    let expansion: DocumentExpansion?
    /// How names lose their possessive endings, as requests do.
    let possessiveEndings: PossessiveEndings
    let stemmers: Stemmers

    init(configuration: IndexConfiguration, stemmers: Stemmers) {
        schemas = configuration.schemas
        defaultLanguage = configuration.defaultLanguage
        lexicon = configuration.lexicon
        expansion = configuration.lexicon.map {
            DocumentExpansion(lexicon: $0, settings: configuration.meaning, stemmers: stemmers,
                              defaultLanguage: configuration.defaultLanguage)
        }
        possessiveEndings = configuration.vocabulary.possessiveEndings
        self.stemmers = stemmers
    }

    /// A built document, the words of the entity's names, whose spelling
    /// variants the writer records once for the whole index, and its words'
    /// neighbours in meaning, which it records likewise.
    struct Built {
        let document: Document
        let nameWords: Set<String>
        /// For each word's term in the general text, the stems of its neighbours (`DocumentExpansion`).
        let neighbourStems: [String: [String]]
    }

    /// The document for an entity that passed `SchemaRegistry.validated`: its
    /// unique and type terms, the terms of each searchable property (transient
    /// entities' under `parent.child` paths), sortable values of dates and
    /// numbers, the record a search reads (display, names, meaning vector), and
    /// the entity itself.
    func document(for entity: Entity) throws -> Built {
        guard let schema = schemas.schema(for: entity.type) else {
            throw EntityIndexError(.invalidEntity, "\(entity.identifier): unknown type")
        }
        let document = Document()
        try document.addBooleanTerm(IndexLayout.uniqueTerm(for: entity.identifier))
        try document.addBooleanTerm(IndexLayout.typeTerm(for: entity.type))

        var terms = TermWriter(document: document, stemmers: stemmers, collectsWords: lexicon != nil)
        try schemas.forEachValue(in: entity, schema: schema) { try terms.index($0, language: $0.language ?? defaultLanguage) }
        try terms.indexPartStates()
        var start: Double?, end: Double?  // when it happens and ends: its time and end properties' values
        for property in schema.properties where property.kind.isSortable {
            guard let number = entity.properties[property.name]?.sortableNumber else { continue }
            try document.setValue(Document.sortableBytes(number), slot: IndexLayout.valueSlot(for: property.name))
            if property.name == schema.timeProperty { start = number }
            if property.name == schema.endProperty { end = number }
        }
        var recurrence = terms.recurrence
        // A rule steps on local time when its first date is written so ("2027-01-13T16:30:00+01:00").
        recurrence?.writtenOffset = schema.timeProperty.flatMap { entity.properties[$0]?.stringValue }.flatMap(ISO8601.offset(fromDate:))
        var time = start.map { EntityTime(start: $0, duration: max((end ?? $0) - $0, 0), recurrence: recurrence) }
        time?.isDay = schema.timeProperty.flatMap { entity.properties[$0]?.stringValue }.map(ISO8601.isDateOnly) ?? false
        if let time, time.recurrence == nil {
            // A recurring entity is taken in by every range (`IndexLayout.recurringTerm`).
            for term in TimeBuckets.terms(start: time.start, duration: time.duration) { try document.addBooleanTerm(term) }
        }
        if let language = writtenLanguage(of: entity, schema: schema) {
            try document.addBooleanTerm(IndexLayout.languageTerm(language))
        }

        let names = try indexNames(of: entity, schema: schema, in: document)
        let meaning = lexicon.flatMap { MeaningVector(words: terms.words, lexicon: $0, ids: expansion?.lexiconIDs) }?.encoded ?? []
        let record = EntityRecord(identifier: entity.identifier, display: entity.display ?? schema.displayRepresentation(of: entity),
                                  names: names, time: time, meaning: meaning)
        try document.setValue(record.encoded, slot: IndexLayout.recordSlot)
        try document.setValue(EntityJSONWriter.bytes(of: entity), slot: IndexLayout.entitySlot)
        return Built(document: document, nameWords: Set(names.flatMap { $0.words + $0.latinSpelling }),
                     neighbourStems: try expansion?.neighbourStems(of: terms.indexedWords) ?? [:])
    }
}

extension DocumentBuilder {
    /// The language a type with a language property is written in: the
    /// property's value, else the one its text's script says (Japanese kana,
    /// Chinese characters, Cyrillic…), else the index's default language.
    private func writtenLanguage(of entity: Entity, schema: EntitySchema) -> String? {
        guard let property = schema.properties.first(where: { $0.kind == .language }) else { return nil }
        if let code = entity.properties[property.name]?.stringValue { return code }
        let texts = schema.properties.filter { $0.searchability == .title || $0.searchability == .text }
            .compactMap { entity.properties[$0.name]?.stringValue }
        let fallback = texts.isEmpty || !Language.isCode(defaultLanguage.rawValue) ? nil : defaultLanguage.rawValue
        return texts.lazy.compactMap(ScriptLanguage.language(of:)).first ?? fallback
    }

    /// Indexes the entity's names (its top-level title properties) for the name
    /// resolver: each word as a name term, words in other scripts also in Latin
    /// letters, and each whole name as one term.
    /// - Returns: the names, for scoring (their words' spelling variants let typos find them).
    private func indexNames(of entity: Entity, schema: EntitySchema, in document: Document) throws -> [EntityName] {
        var names: [EntityName] = []
        for property in schema.properties where property.searchability == .title {
            for text in entity.properties[property.name]?.nameTexts ?? [] {
                names.append(try EntityName(property: property.name, text: text, possessiveEndings: possessiveEndings))
            }
        }
        for word in Set(names.flatMap { $0.words + $0.latinSpelling }) {
            try document.addTerm(IndexLayout.nameTerm(word))
        }
        for term in Set(names.flatMap { [$0.words, $0.latinSpelling].compactMap(IndexLayout.wholeNameTerm) }) {
            try document.addBooleanTerm(term)
        }
        return names
    }
}

extension PropertyValue {
    /// The texts of a title property that name an entity.
    fileprivate var nameTexts: [String] {
        switch self {
        case .string(let text): [text]
        case .array(let values): values.flatMap(\.nameTexts)
        default: []
        }
    }
}

/// Writes the terms of one document's property values.
private struct TermWriter {
    let document: Document
    let stemmers: Stemmers
    let collectsWords: Bool
    /// Every word indexed in the general text, with its language, when `collectsWords`.
    var indexedWords: [(word: String, language: Language)] = []
    /// Every word indexed in the general text, when `collectsWords`.
    var words: [String] { indexedWords.map(\.word) }
    /// The entity's own recurrence rule (not a part's), once indexed.
    var recurrence: Recurrence?
    /// Whether some text of it states an amount of money (`IndexLayout.amountTerm`), once indexed.
    private var statesAmount = false
    /// Each transient part's ("attendees[2]") states, and the names and addresses that say whose it is
    /// (split into words only for a part in some state).
    private var parts: [Substring: (states: [(path: String, value: String)], names: [String], addresses: [String])] = [:]

    init(document: Document, stemmers: Stemmers, collectsWords: Bool) {
        self.document = document
        self.stemmers = stemmers
        self.collectsWords = collectsWords
    }

    /// Indexes one value (`SchemaRegistry.forEachValue`); its property says how its text is searched.
    mutating func index(_ found: SchemaValue, language: Language) throws {
        let (value, property, path) = (found.value, found.property, found.path)
        if let part = found.part, let text = value.stringValue {
            try notePart(part, text: text, of: found)
        }
        switch (found.kind, value) {
        case (.place, .object(let fields)):
            if let name = fields["name"]?.stringValue {
                try indexText(name, searchability: property.searchability, path: path, language: language)
            }
        case (.reference, _):
            guard let target = value.referenceTarget else { break }
            if let term = IndexLayout.referenceTerm(path: path, to: target) { try document.addBooleanTerm(term) }
            // Weighted, so that "Amara" in a request ranks the messages she sent.
            if let term = IndexLayout.anyReferenceTerm(to: target) { try document.addTerm(term) }
        case (.bool, .bool(true)):
            try document.addBooleanTerm(IndexLayout.flagTerm(path: path))
        case (.recurrence, _):
            // "yearly" finds yearly events.
            guard let rule = Recurrence(value) else { break }
            if !path.contains("."), recurrence == nil { recurrence = rule }
            try document.addBooleanTerm(IndexLayout.recurringTerm)
            try indexWords(rule.frequency.rawValue, path: path, language: language)
        case (.string, .string(let text)):
            try indexText(text, searchability: property.searchability, path: path, language: language)
        case (.enumeration, .string(let text)):
            // "livePhoto" is said "live photo".
            try indexText(text.splittingCamelCase, searchability: property.searchability, path: path, language: language)
        default:
            break  // dates, numbers, false flags and durations are values, not words; a language is written once per entity
        }
    }

    /// Notes what a value of a transient part says of it: a state (an
    /// enumeration held as a keyword), or whose part it is (a name, an address).
    private mutating func notePart(_ part: Substring, text: String, of found: SchemaValue) throws {
        switch (found.kind, found.property.searchability) {
        case (.enumeration, .keywords):
            guard let state = IndexLayout.exactValue(text) else { return }
            parts[part, default: ([], [], [])].states.append((found.path, state))
        case (_, .title):
            parts[part, default: ([], [], [])].names.append(text)
        case (_, .identifier):
            guard let address = IndexLayout.exactValue(text) else { return }
            parts[part, default: ([], [], [])].addresses.append(address)
        default:
            break
        }
    }

    /// Pairs each part's states with whose part it is (`IndexLayout.partStateTerm`), once all its values are indexed.
    func indexPartStates() throws {
        for (states, names, addresses) in parts.values where !states.isEmpty {
            // Names' words, and in other scripts in Latin letters too, as requests may say them ("Olga" for Ольга).
            var holders = Set(addresses)
            for name in names {
                holders.formUnion(try normalizedWords(in: name) + (EntityName.isInOtherScript(name) ? try latinWords(in: name) : []))
            }
            for (path, state) in states {
                try document.addBooleanTerm(IndexLayout.partStateTerm(path: path, state: state))
                for holder in holders {
                    if let term = IndexLayout.partStateTerm(path: path, state: state, holder: holder) { try document.addBooleanTerm(term) }
                }
            }
        }
    }

    private mutating func indexText(_ text: String, searchability: Searchability, path: String,
                                    language: Language) throws {
        if searchability != .identifier, searchability != .notSearched {
            // An amount is found by its whole units as people say them: "612" for "612,40 €", "42750" for "42 750,00 €".
            let amounts = MoneyAmounts.values(in: text)
            if !statesAmount, !amounts.isEmpty {
                statesAmount = true
                try document.addBooleanTerm(IndexLayout.amountTerm)
            }
            // Both without weight, so that they leave the text's length, and every other word's relevance, as they were.
            for case let value? in amounts { try document.addBooleanTerm(IndexLayout.stemmedTerm(value)) }
            // A phone number written in a text is found as a phone property's is, whole or by its parts.
            for (written, digits) in IdentifierParts.phoneNumbers(in: text) {
                for value in [digits] + IdentifierParts.parts(of: written, value: digits, phoneDigits: digits) {
                    try document.addBooleanTerm(IndexLayout.anyIdentifierPrefix + value)
                }
            }
        }
        switch searchability {
        case .title:
            try indexWords(text, path: path, language: language, frequency: IndexLayout.titleWordFrequency)
        case .text:
            try indexWords(text, path: path, language: language)
        case .keywords:
            try indexWords(text, path: path, language: language)
            if let keyword = IndexLayout.exactValue(text) {
                try document.addBooleanTerm(IndexLayout.keywordPrefix(for: path) + keyword)
            }
        case .identifier:
            // Whole and by its parts, and an address's words as words ("from
            // amara", "the orbital review newsletters" from newsletter@orbitalreview…).
            let phone = IdentifierParts.phoneDigits(text)
            guard let identifier = phone ?? IndexLayout.exactValue(text) else { break }
            for value in [identifier] + IdentifierParts.parts(of: text, value: identifier, phoneDigits: phone) {
                try document.addBooleanTerm(IndexLayout.identifierPrefix(for: path) + value)
                try document.addTerm(IndexLayout.anyIdentifierPrefix + value)
            }
            if phone == nil {
                try indexWords(String(text.map { $0.isLetter || $0.isNumber ? $0 : " " }), path: path, language: language)
            }
        case .notSearched:
            break
        }
    }

    /// Words in the general text and under the property path's prefix, split once, each counted `frequency` times.
    private mutating func indexWords(_ text: String, path: String, language: Language, frequency: UInt32 = 1) throws {
        indexedWords += try document.indexText(text, under: [IndexLayout.generalTextPrefix, IndexLayout.propertyPrefix(for: path)].map(IndexLayout.stemmedPrefix),
                                        numberedPrefix: IndexLayout.numberedPrefix, maximumTermLength: IndexLayout.maximumTermLength,
                                        wordFrequency: frequency,
                                        stemmer: stemmers.stemmer(for: language), returningWords: collectsWords)
            .map { ($0, language) }
    }
}

extension PropertyValue {
    /// The number a date or number is sorted and filtered by (dates in seconds since 1970).
    var sortableNumber: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .number(let number): number
        case .string(let text): ISO8601.seconds(fromDate: text)
        default: nil
        }
    }
}

extension String {
    /// The words of a camelCase name apart: "livePhoto" -> "live Photo".
    var splittingCamelCase: String {
        var split = ""
        for character in self {
            if character.isUppercase, let last = split.last, last.isLowercase { split.append(" ") }
            split.append(character)
        }
        return split
    }
}
