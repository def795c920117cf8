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
}
