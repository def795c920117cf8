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
        let text = TextResolver(reader: reader, configuration: configuration)
        var plan = try text.plan(for: request.text, usesMeaning: false)
        var found: [UInt32: Candidate] = [:]
        func add(_ candidates: [Candidate]) {
            for candidate in candidates {
                found[candidate.documentID!, default: candidate].merge(candidate)
            }
        }

        if plan.words.isEmpty {
            if let filter { add(try listing(filter, limit: request.limit)) }
        } else {
            let names = NameResolver(reader: reader)
            let matchesNames = request.property == nil && request.matchesNames
            let named = matchesNames ? try names.wholeNameCandidates(for: plan.words.map(\.word), filter: filter) : []
            add(named)
            // Words that are exactly some entity's whole name: other entities
            // must hold every one of them (they rank below it anyway), which
            // spares searching for each word alone — and guessing at meaning.
            plan.requiresAllWords = !named.isEmpty
            if request.usesMeaning, !plan.requiresAllWords { try text.addMeaning(to: &plan) }
            if matchesNames {
                add(try names.candidates(for: plan.words.map(\.word), filter: filter, requiringAll: plan.requiresAllWords))
            }
            // Alone, text needs no more matches than it shows; merged with names, a few more.
            let pool = matchesNames ? max(request.limit, 20) : request.limit
            add(try text.candidates(for: plan, property: request.property, filter: filter, limit: pool))
        }
        if let context = request.context {
            try raise(&found, by: context)
        }
        var ranked = Array(found.values)
        if let fallback = request.fallback {
            ranked += try fallback(request.text)
                .filter { request.types.isEmpty || request.types.contains($0.identifier.type) }
                .map(Candidate.init(fallback:))
        }
        return Resolution(ranked: try shown(ranked, limit: request.limit, plan: plan, text: request.reportsMatches ? text : nil))
    }

    /// The best candidates as results: summaries read, duplicates (an entity
    /// both indexed and from the fallback) merged, and (given a text resolver)
    /// matching properties found.
    private func shown(_ candidates: [Candidate], limit: Int, plan: TextResolver.Plan,
                       text: TextResolver?) throws -> [SearchResult] {
        // Best first; ties in index order (listings), fallback entities after.
        let ranked = candidates.sorted {
            $0.score != $1.score ? $0.score > $1.score : ($0.documentID ?? .max) < ($1.documentID ?? .max)
        }
        var shown: [Candidate] = []
        var positions: [EntityIdentifier: Int] = [:]
        for var candidate in ranked {
            guard shown.count < limit else { break }
            try candidate.readSummary(from: reader.database)
            guard let identifier = candidate.identifier else { continue }  // deleted meanwhile
            if let position = positions[identifier] {
                shown[position].merge(candidate)
            } else {
                positions[identifier] = shown.count
                shown.append(candidate)
            }
        }
        if let text, !plan.words.isEmpty {
            for (index, paths) in try text.matchedProperties(of: shown, plan: plan).enumerated() {
                for path in paths where !shown[index].matched.contains(path) { shown[index].matched.append(path) }
            }
        }
        // Merging a fallback finding may raise a score: re-sort, keeping ties in order.
        return shown.enumerated().sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .compactMap(\.element.result)
    }

    /// The one entity a screen reference points at, or nothing.
    private func resolve(_ reference: ScreenReference, in context: ScreenContext) throws -> Resolution {
        guard let target = reference.target(in: context),
              let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: target))
        else { return Resolution(ranked: []) }
        var candidate = Candidate(documentID: documentID, score: 1, matched: [reference.matchedLabel])
        try candidate.readSummary(from: reader.database)
        return Resolution(ranked: candidate.result.map { [$0] } ?? [])
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
        return (0..<matches.count).map { Candidate(documentID: matches.documentID(at: $0), score: 1) }
    }

    /// Raises entities on screen, so that when the text fits them about as well
    /// as others they come first.
    private func raise(_ found: inout [UInt32: Candidate], by context: ScreenContext) throws {
        func raise(_ identifier: EntityIdentifier, by boost: Double, label: String) throws {
            guard let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: identifier)),
                  found[documentID] != nil else { return }
            found[documentID]!.score += boost
            found[documentID]!.matched.append(label)
        }
        if let focused = context.focused {
            try raise(focused, by: Resolution.focusBoost, label: "focused")
        }
        for visible in Set(context.visible) where visible != context.focused {
            try raise(visible, by: Resolution.screenBoost, label: "visible")
        }
    }
}
