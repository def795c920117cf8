/// Turns a request into a ranked, judged answer: screen references first,
/// then names and text (or one property), narrowed by type and ranges, raised
/// by what is on screen, merged with the caller's fallback.
struct Resolver {
    let reader: IndexReader
    let configuration: IndexConfiguration

    func resolve(_ request: SearchQuery) throws -> Resolution {
        if let context = request.context,
           let reference = try ScreenReference(parsing: request.text, schemas: configuration.schemas) {
            return try resolve(reference, in: context)
        }
        let filter = try filterQuery(for: request)
        let text = TextResolver(reader: reader, schemas: configuration.schemas, languages: configuration.indexedLanguages)
        var found: [EntityIdentifier: Candidate] = [:]
        func add(_ candidates: [Candidate]) {
            for candidate in candidates {
                found[candidate.identifier, default: candidate].merge(candidate)
            }
        }

        let words = try normalizedWords(in: request.text)
        let pool = max(request.limit, 20)
        if words.isEmpty {
            if let filter { add(try listing(filter, limit: request.limit)) }
        } else {
            if request.property == nil {
                add(try NameResolver(reader: reader).candidates(for: words, filter: filter))
            }
            add(try text.candidates(for: request.text, property: request.property, filter: filter, limit: pool))
        }
        if let context = request.context {
            raise(&found, by: context)
        }
        if let fallback = request.fallback {
            add(try fallback(request.text).filter { request.types.isEmpty || request.types.contains($0.identifier.type) }.map {
                Candidate(identifier: $0.identifier, score: min(max($0.score, 0), 1), title: $0.title, subtitle: $0.subtitle,
                          matched: ["fallback"], document: nil)
            })
        }

        var ranked = found.values.sorted { $0.score != $1.score ? $0.score > $1.score : $0.identifier.description < $1.identifier.description }
        ranked = Array(ranked.prefix(request.limit))
        if !words.isEmpty {
            let match = try text.matchTerms(for: request.text)
            for index in ranked.indices {
                for path in try text.matchedProperties(of: ranked[index], looking: match) where !ranked[index].matched.contains(path) {
                    ranked[index].matched.append(path)
                }
            }
        }
        return Resolution(ranked: ranked.map(\.result))
    }

    /// The one entity a screen reference points at, or nothing.
    private func resolve(_ reference: ScreenReference, in context: ScreenContext) throws -> Resolution {
        guard let target = reference.target(in: context),
              let document = try reader.database.document(uniqueTerm: IndexLayout.uniqueTerm(for: target))
        else { return Resolution(ranked: []) }
        return Resolution(ranked: [try Candidate(document: document, score: 1, matched: [reference.matchedLabel]).result])
    }

    /// Types and ranges as one filter, or nil when there are none.
    private func filterQuery(for request: SearchQuery) throws -> Query? {
        var filters: [Query] = []
        if !request.types.isEmpty {
            filters.append(try Query.combine(.or, request.types.sorted().map { try Query.term(IndexLayout.typeTerm(for: $0)) }))
        }
        for range in request.ranges {
            filters.append(try Query.valueRange(slot: IndexLayout.valueSlot(for: range.property),
                                                lower: range.lower.map(Document.sortableBytes),
                                                upper: range.upper.map(Document.sortableBytes)))
        }
        guard !filters.isEmpty else { return nil }
        return filters.count == 1 ? filters[0] : try Query.combine(.and, filters)
    }

    /// Every entity that passes a filter, unranked (score 1), in index order.
    private func listing(_ filter: Query, limit: Int) throws -> [Candidate] {
        let matches = try reader.database.search(try filter.scaled(by: 0), limit: limit)
        return try (0..<matches.count).map { try Candidate(document: matches.document(at: $0), score: 1, matched: []) }
    }

    /// Raises entities on screen, so that when the text fits them about as well
    /// as others they come first.
    private func raise(_ found: inout [EntityIdentifier: Candidate], by context: ScreenContext) {
        for identifier in found.keys {
            if identifier == context.focused {
                found[identifier]!.score += Resolution.focusBoost
                found[identifier]!.matched.append("focused")
            } else if context.visible.contains(identifier) {
                found[identifier]!.score += Resolution.screenBoost
                found[identifier]!.matched.append("visible")
            }
        }
    }
}
