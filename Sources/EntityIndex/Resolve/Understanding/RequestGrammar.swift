/// Everything a request is read with: a language's vocabulary together with
/// the words an index's types and properties bring (their spoken names, cues,
/// flag words and property names). Built once per index, and shared by
/// reference: every request's parser holds it.
final class RequestGrammar: Sendable {
    typealias PropertyPath = RequestInterpretation.PropertyPath

    let vocabulary: RequestVocabulary
    let schemas: SchemaRegistry
    /// Nouns for types, singular and plural ("meeting", "meetings").
    let typeNames: PhraseTable<TypeName>
    /// Nouns of one word for each type, of four letters or more, that may end a
    /// compound naming one ("einkaufsliste": a list).
    private let compoundEndings: [EntityType: [String]]

    /// A type a noun names, and whether the noun is plural.
    struct TypeName: Sendable, Hashable {
        var type: EntityType
        var isPlural: Bool
    }
    /// Words that bring in a property's value ("from", "tagged").
    let cues: PhraseTable<PropertyPath>
    /// Words that say a flag's value ("unread", "favourite").
    let flags: PhraseTable<(path: PropertyPath, value: Bool)>
    /// What people call properties ("email address").
    let propertyNames: PhraseTable<PropertyPath>
    /// The types of people, for "she", "him", "they".
    let personTypes: Set<EntityType>
    /// The types of groups of people said to as one (a group chat): "text the book club".
    let groupTypes: Set<EntityType>
    /// The types planned for a time, for a request that says only a time.
    let scheduledTypes: Set<EntityType>
    /// The types a name in a request may stand for as something another entity
    /// refers to: people, and every type a reference property points at.
    let mentionableTypes: Set<EntityType>
    /// For each type, the types with a time that refer to it (a calendar's
    /// events, a chat's messages, a list's reminders): "my calendar next week".
    let timedReferrers: [EntityType: [EntityType]]
    /// The values that say an entity no longer takes place, as the terms that
    /// hold them, by property (`PropertySchema.withdrawnValues`).
    let withdrawnTerms: [(path: PropertyPath, term: String)]
    /// For each type, the states its parts are in, as keywords match them
    /// ("attendees.status", "declined"): the enumerations a transient part holds
    /// as keywords. A state is said of whose part it is ("which events did I
    /// decline"), so the index pairs each part's state with its names and
    /// addresses (`IndexLayout.partStateTerm`).
    let partStates: [EntityType: [(path: String, state: String)]]
    /// The properties that say whom an entity is from, for "the one I sent"
    /// and "who texted me": those the agent's cue ("from") brings in that hold
    /// a person or an address (a message's sender, a mail's from address).
    let authorProperties: [PropertyPath]
    /// The properties whose values are the index owner's own addresses
    /// (`PropertySchema.identifiesOwner`: a mailbox's account).
    let ownerAddressProperties: [PropertyPath]
    /// Every word the grammar knows: the vocabulary's and its types' and properties'.
    let words: Set<String>
    /// How a misspelt word of the vocabulary or of a type's or property's words is read.
    let spelling: GrammarSpelling
    /// The folded cases of each enumeration property.
    private let enumerationCases: [PropertyPath: Set<String>]

    /// The grammar of a vocabulary and an index's types; a variant's grammar
    /// (`RequestVocabulary.variants`) shares the main grammar's spelling.
    init(vocabulary: RequestVocabulary, schemas: SchemaRegistry, variantOf main: RequestGrammar? = nil) throws {
        self.vocabulary = vocabulary
        self.schemas = schemas
        var typeNames: [(String, TypeName)] = [], cues: [(String, PropertyPath)] = []
        var flags: [(String, (path: PropertyPath, value: Bool))] = [], propertyNames: [(String, PropertyPath)] = []
        var personTypes: Set<EntityType> = []
        var enumerationCases: [PropertyPath: Set<String>] = [:]
        var withdrawnTerms: [(path: PropertyPath, term: String)] = []
        var agentCued: [(path: PropertyPath, property: PropertySchema)] = [], ownerAddressProperties: [PropertyPath] = []
        for schema in schemas.domains.flatMap(\.types) where !schema.isTransient {
            for name in schema.spokenNames + vocabulary.typeNames[schema.type, default: []] {
                typeNames.append((name, TypeName(type: schema.type, isPlural: false)))
                typeNames += Self.plurals(of: name).map { ($0, TypeName(type: schema.type, isPlural: true)) }
            }
            if schema.isPerson { personTypes.insert(schema.type) }
            for property in schema.properties {
                let path = PropertyPath(type: schema.type, path: property.name)
                for words in [property.words, vocabulary.propertyWords[schema.type]?[property.name]].compactMap({ $0 }) {
                    cues += words.cues.map { ($0, path) }
                    flags += words.whenTrue.map { ($0, (path, true)) } + words.whenFalse.map { ($0, (path, false)) }
                    propertyNames += words.names.map { ($0, path) }
                    if words.cues.contains(vocabulary.agentCue), !agentCued.contains(where: { $0.path == path }) {
                        agentCued.append((path, property))
                    }
                }
                if property.identifiesOwner { ownerAddressProperties.append(path) }
                if case .enumeration(_, let cases) = property.kind {
                    enumerationCases[path] = Set(try cases.flatMap(normalizedWords(in:)))
                }
                withdrawnTerms += property.withdrawnValues.compactMap(IndexLayout.exactValue)
                    .map { (path, IndexLayout.keywordPrefix(for: property.name) + $0) }
            }
        }
        self.withdrawnTerms = withdrawnTerms
        compoundEndings = typeNames.reduce(into: [:]) { endings, entry in
            if let words = try? normalizedWords(in: entry.0), words.count == 1, words[0].count >= 4 {
                endings[entry.1.type, default: []].append(words[0])
            }
        }
        var partStates: [EntityType: [(path: String, state: String)]] = [:]
        for schema in schemas.domains.flatMap(\.types) where !schema.isTransient {
            for property in schema.properties {
                for part in property.kind.transientType.flatMap(schemas.schema(for:))?.properties ?? [] {
                    guard part.searchability == .keywords, case .enumeration(_, let cases) = part.kind else { continue }
                    let path = property.name + "." + part.name
                    partStates[schema.type, default: []] += cases.compactMap(IndexLayout.exactValue).map { (path, $0) }
                }
            }
        }
        self.partStates = partStates
        self.enumerationCases = enumerationCases
        self.typeNames = try PhraseTable(typeNames)
        self.cues = try PhraseTable(cues)
        self.flags = try PhraseTable(flags)
        self.propertyNames = try PhraseTable(propertyNames)
        self.personTypes = personTypes
        groupTypes = Set(schemas.domains.flatMap(\.types).filter(\.isGroup).map(\.type))
        authorProperties = agentCued.filter { _, property in
            property.searchability == .identifier || property.kind.referencedType.map(personTypes.contains) == true
        }.map(\.path)
        self.ownerAddressProperties = ownerAddressProperties
        scheduledTypes = Set(schemas.domains.flatMap(\.types).filter(\.isScheduled).map(\.type))
        var referrers: [EntityType: [EntityType]] = [:]
        for schema in schemas.domains.flatMap(\.types) where !schema.isTransient && schema.timeProperty != nil {
            for target in Set(schema.properties.compactMap(\.kind.referencedType)) { referrers[target, default: []].append(schema.type) }
        }
        timedReferrers = referrers
        mentionableTypes = personTypes.union(schemas.domains.flatMap(\.types).flatMap(\.properties).compactMap(\.kind.referencedType))
        words = vocabulary.spokenWords.union(self.typeNames.words).union(self.cues.words)
            .union(self.flags.words).union(self.propertyNames.words)
        spelling = GrammarSpelling(words: words, adding: main?.spelling)
    }

    /// A noun's regular plurals ("photos"; "mailboxes"; "diaries").
    private static func plurals(of noun: String) -> [String] {
        guard let last = noun.last, last.isLetter else { return [] }
        var forms = [noun + "s"]
        if ["s", "x", "z", "h"].contains(last) { forms.append(noun + "es") }
        if last == "y" { forms.append(noun.dropLast() + "ies") }
        return forms
    }

    /// What a type holds when it is a place things are kept in (a calendar's
    /// events, an album's photos, a chat's messages): the timed types that
    /// refer to it, when it has no time of its own and names no person; else none.
    func held(by type: EntityType) -> [EntityType] {
        guard schemas.schema(for: type)?.timeProperty == nil, !personTypes.contains(type) else { return [] }
        return timedReferrers[type] ?? []
    }

    /// The states a command sets: its state arguments as flags ("mark it done", "uncheck it").
    func states(setBy command: RequestInterpretation.Command?) -> [RequestInterpretation.FlagCue] {
        (command?.arguments ?? []).filter { $0.role == "state" }.compactMap { flag(saidBy: $0.words) }
    }

    /// The flag words say whole ("read", "done"), as a cue for the types given
    /// (any when empty), turned around when `negated`; nil when they say none.
    func flag(saidBy words: [String], types: Set<EntityType> = [], negated: Bool = false) -> RequestInterpretation.FlagCue? {
        let fitting = flags.matches(in: words, at: 0)
            .filter { $0.length == words.count && (types.isEmpty || types.contains($0.value.path.type)) }
        guard let value = fitting.first?.value.value else { return nil }
        return .init(properties: fitting.filter { $0.value.value == value }.map(\.value.path), value: value != negated, words: words)
    }

    /// The types of people and referenced entities, as a filter.
    func mentionFilter() throws -> Query {
        guard !mentionableTypes.isEmpty else { return try Query.matchingNothing() }
        return try Query.ofTypes(mentionableTypes)
    }

    /// The folded cases of an enumeration property ("high" for a reminder's
    /// priority); empty for any other property.
    func enumerationCases(of path: PropertyPath) -> Set<String> {
        enumerationCases[path] ?? []
    }

    /// The kinds a type noun names when it is one of its type's enumeration
    /// values but not the type's first noun: "video" is a photo asset whose
    /// media type is video; "photo" is any photo asset.
    func kinds(namedBy words: [String], types: Set<EntityType>) -> [RequestInterpretation.PropertyCue] {
        types.sorted().compactMap { type in
            guard let schema = schemas.schema(for: type), let first = schema.spokenNames.first,
                  let said = words.last.map({ singular($0, of: type) }), said != (try? normalizedWords(in: first))?.last else { return nil }
            let paths = schema.properties.filter { property in
                enumerationCases(of: PropertyPath(type: type, path: property.name)).contains(said)
            }.map { PropertyPath(type: type, path: $0.name) }
            return paths.isEmpty ? nil : RequestInterpretation.PropertyCue(properties: paths, words: [said], cue: words)
        }
    }

    /// "kletterfotos" -> ("kletter", "fotos"), "geburtstagsfotos" -> ("geburtstag", "fotos"): a word that ends with one
    /// of the language's own nouns for a type, after four letters or more (a linking "s" dropped), in a language
    /// that joins nouns; nil for any other word.
    func splitAtTypeNoun(_ word: String) -> (head: String, noun: String)? {
        // A flag's own compound ("Lieblingsfotos": favourites) is read whole.
        guard vocabulary.joinsNouns, !typeNames.contains(in: [word], at: 0), !flags.contains(in: [word], at: 0) else { return nil }
        let nouns = vocabulary.typeNames.values.joined().filter { $0.count >= 4 && !$0.contains(" ") && word.hasSuffix($0) }
        guard let noun = nouns.max(by: { $0.count < $1.count }), word.count - noun.count >= 4 else { return nil }
        let head = word.dropLast(noun.count)
        return (String(head.last == "s" && head.count > 5 ? head.dropLast() : head), noun)
    }

    /// A type noun in the singular ("videos" -> "video"), as its type spells it.
    private func singular(_ word: String, of type: EntityType) -> String {
        guard let schema = schemas.schema(for: type) else { return word }
        return schema.spokenNames.compactMap { try? normalizedWords(in: $0).last }
            .first { word == $0 || Self.plurals(of: $0).contains(word) } ?? word
    }

    /// Words without the nouns of a type ("groceries list" -> "groceries" for
    /// lists), also where a compound ends with one ("einkaufsliste" -> "einkauf").
    func withoutNames(of type: EntityType, in words: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < words.count {
            if let match = typeNames.matches(in: words, at: index).first(where: { $0.value.type == type }) {
                index += match.length
            } else {
                kept.append(withoutNounEnding(of: type, words[index]))
                index += 1
            }
        }
        return kept
    }

    /// A word without a noun of a type that ends it, and the linking "s" before
    /// that noun, when what is left could be a word of its own ("einkaufsliste":
    /// "einkauf", which names the list "Einkaufen" as a name's first letters do).
    private func withoutNounEnding(of type: EntityType, _ word: String) -> String {
        guard let ending = compoundEndings[type]?.first(where: { word.hasSuffix($0) && word.count - $0.count >= 3 }) else { return word }
        let head = word.dropLast(ending.count)
        return String(head.last == "s" && head.count > 4 ? head.dropLast() : head)
    }
}
