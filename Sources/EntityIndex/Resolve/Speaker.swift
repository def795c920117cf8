/// The one who says "I" in a request — the index's owner — as the entities
/// know them: the people who have one of the owner's own addresses (the values
/// of the properties that identify the owner, `PropertySchema.identifiesOwner`:
/// a mailbox's account) or whom far more entities refer to than anyone else
/// (the owner of the phone's chats), and every address of theirs. What the
/// owner sent has one of them as its author, or no author at all: a message
/// without a sender was sent from this phone.
struct Speaker {
    /// For each type that has a property saying whom an entity is from
    /// (`RequestGrammar.authorProperties`), each such property: the prefix of
    /// any value of it, and the terms that say the value is the speaker.
    private let authorship: [EntityType: [(anyValue: String, speaker: [String])]]
    /// Every type that can be asked for.
    private let searchableTypes: [EntityType]
    /// The owner's addresses and their contacts', as identifiers are matched (`IndexLayout.exactValue`).
    let addresses: [String]

    /// The speaker as an index's entities know them.
    init(reader: IndexReader, grammar: RequestGrammar) throws {
        let accounts = try Self.ownAddresses(reader: reader, grammar: grammar)
        // The owner's own contacts: those with one of the owner's addresses, and whom everything refers to.
        var people: [EntityIdentifier] = []
        if !accounts.isEmpty {
            let holding = try Query.combine(.filter, [try Query.ofTypes(grammar.personTypes),
                                                      try Query.indexed(byAnyOf: accounts.map { IndexLayout.anyIdentifierPrefix + $0 })])
            people = try reader.database.search(holding, limit: Self.mostOwnEntities).records().compactMap { $0?.summary.identifier }
        }
        if let referred = try Self.mostReferredPerson(reader: reader, grammar: grammar), !people.contains(referred) {
            people.append(referred)
        }
        // Their addresses are the owner's too: the mail the owner's contact sent is the owner's.
        addresses = Set(accounts).union(try people.compactMap(reader.storedEntity).flatMap(grammar.schemas.identifierValues(of:))).sorted()
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

    /// The person far more entities refer to than anyone else (at least
    /// `referenceShare` times as many as the next): the owner of the phone's
    /// chats, in every conversation and the sender of their own messages.
    /// Nil when no one stands out so.
    static func mostReferredPerson(reader: IndexReader, grammar: RequestGrammar) throws -> EntityIdentifier? {
        var counts: [(person: EntityIdentifier, frequency: Int)] = []
        for type in grammar.personTypes.sorted() {
            guard let prefix = IndexLayout.anyReferenceTerm(to: EntityIdentifier(type: type, id: "")) else { continue }
            counts += try reader.database.terms(withPrefix: prefix).map { referred in
                (EntityIdentifier(type: type, id: String(referred.term.dropFirst(prefix.count))), referred.frequency)
            }
        }
        let ranked = counts.sorted { $0.frequency > $1.frequency }
        guard let top = ranked.first, top.frequency >= referenceShare * max(ranked.dropFirst().first?.frequency ?? 0, 1) else { return nil }
        return top.person
    }

    /// How many times more entities must refer to someone than to anyone else
    /// for them to be taken as the speaker.
    static let referenceShare = 2

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
