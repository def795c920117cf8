/// A neighbour in meaning that a query word brought into a search.
public struct MeaningExpansion: Sendable, Hashable, Codable {
    /// The query word.
    public var word: String
    /// The neighbour from the lexicon, as the lexicon spells it.
    public var neighbour: String
    /// Their cosine similarity, 0 to 1.
    public var similarity: Double
    /// The factor the neighbour's BM25 weight is scaled by (below 1, so a
    /// literal match outranks it).
    public var weight: Double
}

/// The index's words that donation linked to a query word as its neighbour
/// in meaning (document-side expansion), which a search looks for beside it.
public struct MeaningLink: Sendable, Hashable, Codable {
    /// The query word.
    public var word: String
    /// The stems of the index's words linked to it, those it is nearest to first.
    public var linkedStems: [String]
    /// The factor each one's BM25 weight is scaled by.
    public var weight: Double
}

extension EntityIndex {
    /// The neighbours in meaning a search for `text` adds, and their weights:
    /// only neighbours that occur in the index, of words that are not stop words.
    public func expansions(for text: String) throws -> [MeaningExpansion] {
        try withReader { reader in
            let resolver = TextResolver(reader: reader, configuration: configuration)
            return try resolver.plan(for: text, usesMeaning: true).expansions.map {
                MeaningExpansion(word: $0.word, neighbour: $0.neighbour, similarity: $0.similarity, weight: $0.weight)
            }
        }
    }

    /// The index's words a search for `text` looks for beside each of its
    /// words, because donation linked them to it (`MeaningSettings.neighboursPerEntityWord`).
    public func links(for text: String) throws -> [MeaningLink] {
        try withReader { reader in
            let plan = try TextResolver(reader: reader, configuration: configuration).plan(for: text, usesMeaning: true)
            let prefix = IndexLayout.stemmedPrefix(IndexLayout.generalTextPrefix)
            return plan.words.compactMap { word, _, _ in
                plan.entityNeighbours[word].map { terms in
                    MeaningLink(word: word, linkedStems: terms.map { String($0.dropFirst(prefix.count)) },
                                weight: plan.linkedWordWeight(of: word))
                }
            }
        }
    }
}
