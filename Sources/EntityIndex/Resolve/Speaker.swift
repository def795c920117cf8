/// The one who says "I" in a request — the index's owner — as the entities
/// know them: by the owner's own addresses (the values of the properties that
/// identify the owner, `PropertySchema.identifiesOwner`: a mailbox's account),
/// and by the people who have one of those addresses (the owner's own
/// contact). What the owner sent has them as its author, or no author at all:
/// a message without a sender was sent from this phone.
struct Speaker {
    /// For each type that has a property saying whom an entity is from
    /// (`RequestGrammar.authorProperties`), each such property: the prefix of
    /// any value of it, and the terms that say the value is the speaker.
    private let authorship: [EntityType: [(anyValue: String, speaker: [String])]]
    /// Every type that can be asked for.
    private let searchableTypes: [EntityType]

    /// The speaker as an index's entities know them.
    init(reader: IndexReader, grammar: RequestGrammar) throws {
        let addresses = try Self.ownAddresses(reader: reader, grammar: grammar)
        // The people who have one of the owner's addresses: the owner's own contact.
        var people: [EntityIdentifier] = []
        for type in grammar.personTypes.sorted() {
            let properties = grammar.schemas.schema(for: type)?.properties.filter { $0.searchability == .identifier } ?? []
            let terms = properties.flatMap { property in addresses.map { IndexLayout.identifierPrefix(for: property.name) + $0 } }
            guard !terms.isEmpty else { continue }
            let holders = try reader.database.search(try Query.combine(.filter, [try Query.ofTypes([type]), try Query.indexed(byAnyOf: terms)]),
                                                     limit: Self.mostOwnEntities)
            for rank in 0..<holders.count {
                if let record = try holders.document(at: rank).record() { people.append(record.identifier) }
            }
        }
        var authorship: [EntityType: [(anyValue: String, speaker: [String])]] = [:]
        for path in grammar.authorProperties {
            guard let property = grammar.schemas.property(at: path.path, of: path.type) else { continue }
            if property.kind.referencedType != nil {
                authorship[path.type, default: []].append((IndexLayout.referencePrefix(path: path.path),
                                                            people.compactMap { IndexLayout.referenceTerm(path: path.path, to: $0) }))
            } else {
                let prefix = IndexLayout.identifierPrefix(for: path.path)
                authorship[path.type, default: []].append((prefix, addresses.map { prefix + $0 }))
            }
        }
        self.authorship = authorship
        searchableTypes = grammar.schemas.searchableTypes
    }

    /// The owner's addresses, as identifiers are matched (`IndexLayout.exactValue`).
    private static func ownAddresses(reader: IndexReader, grammar: RequestGrammar) throws -> [String] {
        var addresses: Set<String> = []
        for path in grammar.ownerAddressProperties {
            let holders = try reader.database.search(try Query.ofTypes([path.type]), limit: mostOwnEntities)
            for rank in 0..<holders.count {
                let entity = try holders.document(at: rank).storedEntity()
                guard let value = entity.properties[path.path]?.stringValue, let address = IndexLayout.exactValue(value) else { continue }
                addresses.insert(address)
            }
        }
        return addresses.sorted()
    }

    /// The most entities read for the owner's addresses and contacts: an owner has a few mailboxes and one card.
    static let mostOwnEntities = 1_000

    /// The most distinct values of an author property (senders, addresses) a
    /// filter reads, more than one person's index holds; Xapian's wildcard
    /// takes the most frequent past it.
    static let mostAuthors: UInt32 = 1_000_000

    /// The entities of some types (any, when empty) whose author is as said:
    /// the speaker, or someone else. A type with no property that says whom
    /// its entities are from passes whole: a note is always the owner's own.
    func filter(_ author: RequestInterpretation.Author, types: [EntityType]) throws -> Query {
        var passing: [Query] = []
        for type in (types.isEmpty ? searchableTypes : types).sorted() {
            let ofType = try Query.ofTypes([type])
            guard let properties = authorship[type] else {
                passing.append(ofType)
                continue
            }
            // Any value of the properties, and the speaker's among them.
            let anyAuthor = try Query.combine(.or, try properties.map { try Query.prefix($0.anyValue, maximumExpansion: Self.mostAuthors) })
            let speaker = try Query.indexed(byAnyOf: properties.flatMap(\.speaker))
            switch author {
            case .speaker:
                passing.append(try Query.combine(.or, [try Query.combine(.filter, [ofType, speaker]),
                                                       try Query.combine(.andNot, [ofType, anyAuthor])]))
            case .someoneElse:
                passing.append(try Query.combine(.andNot, [try Query.combine(.filter, [ofType, anyAuthor]), speaker]))
            }
        }
        return try Query.combine(.or, passing)
    }
}
