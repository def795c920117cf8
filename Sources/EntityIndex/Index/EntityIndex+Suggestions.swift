import Foundation

extension EntityIndex {
    /// How many entities an `EntityQuery` suggests by default.
    public static let suggestionLimit = 10

    /// Entities to offer before anything is said. For a type with a time
    /// (events, reminders) the next to happen at or after `moment`, nearest
    /// first, a recurring one at its next occurrence; for any other type, the
    /// oldest (`allEntities(ofType:offset:limit:)`).
    public func suggestions(ofType type: EntityType, from moment: Date, limit: Int = suggestionLimit) throws -> [Entity] {
        guard let property = configuration.schemas.schema(for: type)?.timeProperty else {
            return try allEntities(ofType: type, limit: limit)
        }
        guard (1...SearchQuery.maximumLimit).contains(limit) else {
            throw EntityIndexError(.invalidQuery, "limit must be 1 to \(SearchQuery.maximumLimit)")
        }
        let now = moment.timeIntervalSince1970
        return try withReader { reader in
            let slot = IndexLayout.valueSlot(for: property), ofType = try Query.term(IndexLayout.typeTerm(for: type))
            // Single ones from now, in time order: the first of the spans ahead that holds enough, else all of
            // what is ahead (the blocks of time lead the search, the value range only checks what they find).
            let fromNow = try Query.combine(.filter, [ofType, try Query.valueRange(slot: slot, lower: Document.sortableBytes(now), upper: nil)])
            let extent = try reader.timeExtent()
            let spans = try EntityFilter.spans(from: now, to: nil, ascending: true).map { span in
                try Query.combine(.filter, [fromNow, try EntityFilter.goingOn(from: span.lower, to: span.upper, within: extent,
                                                                             includingRecurring: false)])
            }
            let ahead = try reader.nearestFirst(spans + [fromNow], sortedBySlot: slot, ascending: true, limit: limit)
            // Recurring ones (which began earlier) are read beside them.
            let recurring = try Query.combine(.filter, [ofType, try Query.term(IndexLayout.recurringTerm)])
            var next: [UInt32: (moment: Double, document: Document)] = [:]
            for matches in [ahead, try reader.database.search(recurring.scaled(by: 0), limit: Self.recurringScanned)] {
                for rank in 0..<matches.count {
                    let document = try matches.document(at: rank)
                    if let occurrence = try document.record()?.time?.firstOccurrence(from: now, to: nil) {
                        next[matches.documentID(at: rank)] = (occurrence, document)
                    }
                }
            }
            return try next.values.sorted { $0.moment < $1.moment }.prefix(limit).map { try $0.document.storedEntity() }
        }
    }

    /// How many recurring entities a suggestion reads at most for their next occurrence.
    static let recurringScanned = 500
}
