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

    /// Exactly some entities, by their unique terms, with no weight: a filter
    /// that confines a search to earlier matches, on local and remote shards alike.
    static func entities<Identifiers: Sequence<EntityIdentifier>>(_ identifiers: Identifiers) throws -> Query {
        try indexed(byAnyOf: identifiers.map(IndexLayout.uniqueTerm(for:)))
    }
}

extension IndexReader {
    /// The matches, in the order of a value slot, of the first query that holds
    /// `limit` of them, else of the last: narrower spans of time first (a
    /// listing's `EntityFilter.spans`), so that the nearest ones spare sorting all.
    func nearestFirst(_ queries: [Query], sortedBySlot slot: UInt32, ascending: Bool, limit: Int) throws -> MatchSet {
        for query in queries.dropLast() {
            let matches = try database.search(query, sortedBySlot: slot, ascending: ascending, limit: limit)
            if matches.count >= limit { return matches }
        }
        return try database.search(queries.last!, sortedBySlot: slot, ascending: ascending, limit: limit)
    }

    /// The documents of some candidates from the index that a filter lets
    /// through (all of them without one): on local shards by their ids, on
    /// remote ones by their unique terms.
    func passing(_ candidates: [Candidate], _ filter: Query?) throws -> Set<UInt32> {
        let documentIDs = Set(candidates.compactMap(\.documentID))
        guard let filter, !documentIDs.isEmpty else { return documentIDs }
        let theirs = database.hasRemoteShards
            ? try Query.indexed(byAnyOf: try documents(of: candidates).map(\.uniqueTerm))
            : try database.query(matchingDocuments: Array(documentIDs))
        let matches = try database.search(try Query.combine(.filter, [theirs, filter]), limit: documentIDs.count)
        return Set((0..<matches.count).map(matches.documentID(at:)))
    }

    /// For each term, which of the candidates' documents hold it, and each
    /// document's column. Their unique terms, which may mean reading their
    /// records, are worked out only for remote shards, which need them.
    func postings(of terms: [String], in candidates: [Candidate]) throws -> (present: [[Bool]], column: [UInt32: Int]) {
        let documentIDs: [UInt32], uniqueTerms: [String]?
        if database.hasRemoteShards {
            let documents = try documents(of: candidates)
            (documentIDs, uniqueTerms) = (documents.map(\.id), documents.map(\.uniqueTerm))
        } else {
            (documentIDs, uniqueTerms) = (Set(candidates.compactMap(\.documentID)).sorted(), nil)
        }
        let present = try database.postings(of: terms, contain: documentIDs, uniqueTerms: uniqueTerms)
        return (present, Dictionary(uniqueKeysWithValues: documentIDs.enumerated().map { ($1, $0) }))
    }

    /// The documents of the candidates from the index, each once, in id
    /// order, with their unique terms (their records read unless they were already).
    func documents(of candidates: [Candidate]) throws -> [(id: UInt32, uniqueTerm: String)] {
        var found: [UInt32: String] = [:]
        for candidate in candidates {
            guard let id = candidate.documentID, found[id] == nil else { continue }
            var reading = candidate
            if reading.identifier == nil && reading.record == nil { try reading.readRecord(from: database) }
            if let identifier = reading.identifier ?? reading.record?.identifier { found[id] = IndexLayout.uniqueTerm(for: identifier) }
        }
        return found.sorted { $0.key < $1.key }.map { (id: $0.key, uniqueTerm: $0.value) }
    }

    /// The record stored for an identifier, or nil.
    func record(of identifier: EntityIdentifier) throws -> RecordReader? {
        try database.document(uniqueTerm: IndexLayout.uniqueTerm(for: identifier))?.record()
    }
}
