/// A reference from an entity to another that is not in the index.
public struct DanglingReference: Sendable, Hashable, Codable {
    /// Where the reference is, e.g. `calendar` or `participants[2]`.
    public var path: String
    /// The entity it names.
    public var target: EntityIdentifier
}

extension EntityIndex {
    /// The stored entity with this identifier, or nil when it is not indexed.
    public func entity(for identifier: EntityIdentifier) throws -> Entity? {
        try withReader { try $0.storedEntity(identifier) }
    }

    /// The stored entities with these identifiers, in the same order; those not
    /// indexed are left out.
    public func entities(for identifiers: [EntityIdentifier]) throws -> [Entity] {
        try withReader { reader in try identifiers.compactMap { try reader.storedEntity($0) } }
    }

    /// A page of the entities of a type, in a stable order: oldest first (in
    /// a sharded index, the shards' oldest first in turn, as Xapian interleaves them).
    /// - Parameters:
    ///   - offset: how many to skip.
    ///   - limit: the most to return (at most `SearchQuery.maximumLimit`).
    public func allEntities(ofType type: EntityType, offset: Int = 0, limit: Int = 100) throws -> [Entity] {
        guard offset >= 0, (1...SearchQuery.maximumLimit).contains(limit) else {
            throw EntityIndexError(.invalidQuery, "offset must be 0 or more and limit 1 to \(SearchQuery.maximumLimit)")
        }
        return try withReader { reader in
            let everyOne = try Query.term(IndexLayout.typeTerm(for: type)).scaled(by: 0)  // unranked: document order
            let matches = try reader.database.search(everyOne, offset: offset, limit: limit)
            return try matches.values(inSlot: IndexLayout.entitySlot).map(Entity.init(storedData:))
        }
    }

    /// How an entity is shown: as it says itself (`Entity.display`), else from its type's schema.
    public func displayRepresentation(of entity: Entity) -> DisplayRepresentation {
        entity.display ?? configuration.schemas.schema(for: entity.type)?.displayRepresentation(of: entity)
            ?? DisplayRepresentation(title: entity.id)
    }

    /// The entity's references to entities that are not in the index. A
    /// dangling reference is kept as donated, not an error.
    public func danglingReferences(in entity: Entity) throws -> [DanglingReference] {
        guard let schema = configuration.schemas.schema(for: entity.type) else { return [] }
        let references = configuration.schemas.references(in: entity, schema: schema)
        return try withReader { reader in
            try references.filter {
                try reader.database.termFrequency(IndexLayout.uniqueTerm(for: $0.target)) == 0
            }
        }
    }

    /// Resolves what a person said to ranked entities with a verdict: by name
    /// (typos, accents, other scripts), by words, by one property, by what is
    /// on screen, narrowed by type and ranges (see `SearchQuery`, `Resolution`).
    public func resolve(_ query: SearchQuery) throws -> Resolution {
        try query.validate(against: configuration.schemas)
        // The caller's fallback runs once, before any lock is taken: it may call back into this index.
        let fallbackFound = try query.fallback.map { try $0(query.text) } ?? []
        return try withReader { reader in
            var resolution = try Resolver(reader: reader, configuration: configuration, grammar: grammars.grammar(for: query.text),
                                          fallbackFound: fallbackFound)
                .resolve(query)
            resolution.skippedShards = reader.skippedShards
            return resolution
        }
    }

    /// How a request is understood — command, screen reference, types, time,
    /// languages, property values, flags and the words left to search — without
    /// searching (what `Resolution.interpretation` holds after `resolve(_:)`).
    public func interpretation(of query: SearchQuery) throws -> RequestInterpretation {
        try query.validate(against: configuration.schemas)
        return try withReader { reader in
            let grammar = grammars.grammar(for: query.text)
            return try Resolver(reader: reader, configuration: configuration, grammar: grammar)
                .parser(RequestClock(query, vocabulary: grammar.vocabulary)).interpret(query.text, types: query.types)
        }
    }

    /// The ranked entities for a query, best first (`resolve(_:)` without the verdict).
    public func search(_ query: SearchQuery) throws -> [SearchResult] {
        try resolve(query).results
    }
}

extension IndexReader {
    /// The entity stored under an identifier, or nil.
    func storedEntity(_ identifier: EntityIdentifier) throws -> Entity? {
        try database.document(uniqueTerm: IndexLayout.uniqueTerm(for: identifier)).map { try $0.storedEntity() }
    }
}

extension Document {
    /// The entity a document indexes, as donated.
    func storedEntity() throws -> Entity {
        try Entity(storedData: try valueBytes(slot: IndexLayout.entitySlot))
    }
}

extension SchemaRegistry {
    /// Every reference an entity holds, with where it is.
    func references(in entity: Entity, schema: EntitySchema) -> [DanglingReference] {
        var found: [DanglingReference] = []
        forEachValue(in: entity, schema: schema) { value in
            guard case .reference = value.kind, case .object(let fields) = value.value,
                  let type = fields["type"]?.stringValue, let id = fields["id"]?.stringValue else { return }
            found.append(DanglingReference(path: value.place, target: EntityIdentifier(type: EntityType(rawValue: type), id: id)))
        }
        return found
    }
}
