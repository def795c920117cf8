/// Resolves by words: BM25 over all searchable text, or over one property.
/// A query word matches its stem in each language the index uses; the whole
/// text also matches an identifier (an email, a phone number) exactly.
struct TextResolver {
    let reader: IndexReader
    let schemas: SchemaRegistry
    /// The languages text may be indexed in, the default first.
    let languages: [Language]

    /// How much of the 0-to-1 scale the best text match reaches: a name match
    /// (1 for the whole name, 0.875 for a first name alone) outranks a mention.
    static let weight = 0.6

    /// Entities whose text fits, scored `weight` × their BM25 weight relative to the best.
    func candidates(for text: String, property: String?, filter: Query?, limit: Int) throws -> [Candidate] {
        guard var query = try textQuery(for: text, property: property) else { return [] }
        if let filter { query = try Query.combine(.filter, [query, filter]) }
        let matches = try reader.database.search(query, limit: limit)
        guard matches.count > 0 else { return [] }
        let best = matches.weight(at: 0)
        return try (0..<matches.count).map { rank in
            let relative = best > 0 ? matches.weight(at: rank) / best : 1
            return try Candidate(document: matches.document(at: rank), score: Self.weight * relative, matched: [])
        }
    }

    /// `OR` of the text's words and of the whole text as an identifier — in the
    /// general text, or under one property's prefixes; nil without words.
    func textQuery(for text: String, property: String?) throws -> Query? {
        let prefix = property.map(IndexLayout.propertyPrefix(for:)) ?? IndexLayout.generalTextPrefix
        var alternatives: [Query] = []
        for stems in try stemmedWords(of: text) {
            let terms = try stems.map { try Query.term(IndexLayout.stemmedTerm($0, prefix: prefix)) }
            alternatives.append(terms.count == 1 ? terms[0] : try Query.combine(.synonym, terms))
        }
        guard !alternatives.isEmpty else { return nil }
        if let exact = IndexLayout.exactValue(text) {
            if let property {
                alternatives.append(try Query.term(IndexLayout.identifierPrefix(for: property) + exact))
                alternatives.append(try Query.term(IndexLayout.keywordPrefix(for: property) + exact))
            } else {
                alternatives.append(try Query.term(IndexLayout.anyIdentifierPrefix + exact))
            }
        }
        return alternatives.count == 1 ? alternatives[0] : try Query.combine(.or, alternatives)
    }

    /// What `matchedProperties` looks for: the text's stems and its exact value.
    struct MatchTerms {
        let stems: [String]
        let exact: String?
    }

    /// The stems and exact value of a text, worked out once per request.
    func matchTerms(for text: String) throws -> MatchTerms {
        MatchTerms(stems: try stemmedWords(of: text).flatMap { $0 }, exact: IndexLayout.exactValue(text))
    }

    /// The property paths of a candidate's type in which the text's words (or
    /// the whole text, for identifiers and keywords) occur.
    func matchedProperties(of candidate: Candidate, looking match: MatchTerms) throws -> [String] {
        guard let document = candidate.document else { return [] }
        let (stems, exact) = (match.stems, match.exact)
        var paths: [String] = []
        var terms: [String] = []
        for path in schemas.searchablePaths(of: candidate.identifier.type) {
            var pathTerms = stems.map { IndexLayout.stemmedTerm($0, prefix: IndexLayout.propertyPrefix(for: path)) }
            if let exact {
                pathTerms += [IndexLayout.identifierPrefix(for: path) + exact, IndexLayout.keywordPrefix(for: path) + exact]
            }
            paths += Array(repeating: path, count: pathTerms.count)
            terms += pathTerms
        }
        var matched: [String] = []
        for (path, present) in zip(paths, try document.containsTerms(terms)) where present && !matched.contains(path) {
            matched.append(path)
        }
        return matched
    }

    /// Each distinct word of the text with its distinct stems across the languages.
    private func stemmedWords(of text: String) throws -> [[String]] {
        var seen = Set<String>()
        var result: [[String]] = []
        for word in try normalizedWords(in: text) where seen.insert(word).inserted {
            var stems: [String] = []
            for language in languages {
                let stem = try reader.stemmers.stemmer(for: language).stem(word)
                if !stems.contains(stem) { stems.append(stem) }
            }
            result.append(stems)
        }
        return result
    }
}

extension SchemaRegistry {
    /// The searched property paths of a type, transient children as `parent.child`.
    func searchablePaths(of type: EntityType) -> [String] {
        guard let schema = schema(for: type) else { return [] }
        return searchablePaths(in: schema, prefix: "")
    }

    private func searchablePaths(in schema: EntitySchema, prefix: String) -> [String] {
        schema.properties.flatMap { property -> [String] in
            if let child = property.kind.transientType, let childSchema = self.schema(for: child) {
                return searchablePaths(in: childSchema, prefix: "\(prefix)\(property.name).")
            }
            return property.searchability == .notSearched ? [] : ["\(prefix)\(property.name)"]
        }
    }
}

extension ValueKind {
    /// The transient type this kind holds, directly or in a list.
    var transientType: EntityType? {
        switch self {
        case .transient(let type): type
        case .array(let element): element.transientType
        default: nil
        }
    }
}
