/// Free-text search: the query's words, stemmed as the index stems them,
/// ranked by BM25 over the general text of every entity.
struct TextSearch {
    let reader: IndexReader
    /// The languages text may be indexed in; a word matches its stem in any of them.
    let languages: [Language]

    /// The ranked results for a query; empty when no entity matches or the
    /// query has no words.
    func results(for request: SearchQuery) throws -> [SearchResult] {
        guard var query = try textQuery(for: request.text) else { return [] }
        if !request.types.isEmpty {
            let typeFilter = try Query.combine(.or, request.types.sorted().map {
                try Query.term(IndexLayout.typeTerm(for: $0))
            })
            query = try Query.combine(.filter, [query, typeFilter])
        }
        let matches = try reader.database.search(query, limit: request.limit)
        return try (0..<matches.count).map { rank in
            let summary = IndexLayout.parseSummary(try matches.document(at: rank).value(slot: IndexLayout.summarySlot))
            return SearchResult(identifier: summary.identifier, score: matches.weight(at: rank),
                                title: summary.title, subtitle: summary.subtitle)
        }
    }

    /// `OR` of the query's words (each the synonym of its stems across the
    /// indexed languages) and of the whole text as an identifier, or nil when
    /// the text has no words.
    func textQuery(for text: String) throws -> Query? {
        var seen = Set<String>()
        var wordQueries: [Query] = []
        for word in try normalizedWords(in: text) where seen.insert(word).inserted {
            var stems: [String] = []
            for language in languages {
                let term = IndexLayout.stemmedTerm(try reader.stemmers.stemmer(for: language).stem(word))
                if !stems.contains(term) { stems.append(term) }
            }
            let terms = try stems.map { try Query.term($0) }
            wordQueries.append(terms.count == 1 ? terms[0] : try Query.combine(.synonym, terms))
        }
        // The whole text may be an identifier (an email, a phone number).
        if !wordQueries.isEmpty, let identifier = IndexLayout.exactValue(text) {
            wordQueries.append(try Query.term(IndexLayout.anyIdentifierPrefix + identifier))
        }
        guard !wordQueries.isEmpty else { return nil }
        return wordQueries.count == 1 ? wordQueries[0] : try Query.combine(.or, wordQueries)
    }
}
