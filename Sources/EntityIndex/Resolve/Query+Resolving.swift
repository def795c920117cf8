/// The queries resolving builds again and again.
extension Query {
    /// Entities of any of some types.
    static func ofTypes<Types: Sequence<EntityType>>(_ types: Types) throws -> Query {
        try combine(.or, types.sorted().map { try term(IndexLayout.typeTerm(for: $0)) })
    }

    /// Entities that match every one of some queries: nil for none, the query itself for one.
    static func all(_ queries: [Query]) throws -> Query? {
        queries.count > 1 ? try combine(.and, queries) : queries.first
    }

    /// Entities that match any of some queries: nil for none, the query itself for one.
    static func any(_ queries: [Query]) throws -> Query? {
        queries.count > 1 ? try combine(.or, queries) : queries.first
    }
}

extension IndexReader {
    /// The documents among some that a filter lets through (all of them without one).
    func passing(_ documentIDs: [UInt32], _ filter: Query?) throws -> Set<UInt32> {
        guard let filter, !documentIDs.isEmpty else { return Set(documentIDs) }
        let query = try Query.combine(.filter, [try Query.documents(documentIDs.sorted()), filter])
        let matches = try database.search(query, limit: documentIDs.count)
        return Set((0..<matches.count).map(matches.documentID(at:)))
    }

    /// The record stored for an identifier, or nil.
    func record(of identifier: EntityIdentifier) throws -> RecordReader? {
        try database.document(uniqueTerm: IndexLayout.uniqueTerm(for: identifier))?.record()
    }
}
