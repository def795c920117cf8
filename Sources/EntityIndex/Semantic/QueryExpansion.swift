/// Expands a query's words with their nearest words in meaning, as weighted
/// alternatives that rank below a literal match: "oxygen" also looks for "o2".
struct QueryExpansion {
    let lexicon: Lexicon
    let settings: MeaningSettings

    /// One neighbour brought into a query.
    struct Term: Hashable {
        /// The query word it stands in for.
        var word: String
        /// The neighbour from the lexicon.
        var neighbour: String
        /// Their cosine similarity.
        var similarity: Double
        /// The neighbour's stem, as the index holds it.
        var stem: String
        /// The factor its BM25 weight is scaled by.
        var weight: Double
    }

    /// The expansion terms for a query's words: neighbours of each content word
    /// the index knows too little, whose stem differs from every query stem
    /// and occurs in the index.
    /// - Parameters:
    ///   - words: the query's normalised words.
    ///   - stem: the index's stemmer.
    ///   - frequency: how many entities hold a stem.
    func terms(for words: [String], stem: (String) throws -> String, frequency: (String) throws -> Int) throws -> [Term] {
        var taken = Set(try words.map(stem))
        var terms: [Term] = []
        for word in words where Lexicon.isExpandable(word) {
            let held = try frequency(try stem(word))
            if settings.expansionMaximumFrequency >= 0, held > settings.expansionMaximumFrequency { continue }
            // A form no entity holds and the lexicon lacks ("dentystę") means what its commonest form does.
            guard let id = lexicon.id(of: word) ?? (held == 0 ? lexicon.formID(of: word) : nil) else { continue }
            var kept = 0
            for neighbour in lexicon.neighbours(of: id) where neighbour.similarity >= settings.minimumSimilarity {
                guard kept < settings.neighboursPerWord, terms.count < settings.maximumExpansions else { break }
                let text = lexicon.word(neighbour.id)
                guard Lexicon.isExpandable(text) else { continue }
                let neighbourStem = try stem(text)
                guard !taken.contains(neighbourStem), !lexicon.stem(neighbourStem, of: neighbour.id, meansSomethingElseThan: id),
                      try frequency(neighbourStem) > 0 else { continue }
                taken.insert(neighbourStem)
                terms.append(Term(word: word, neighbour: text, similarity: neighbour.similarity, stem: neighbourStem,
                                  weight: neighbour.similarity * settings.expansionWeight))
                kept += 1
            }
        }
        return terms
    }
}
