/// Expands an entity's words at donation with their nearest words in meaning
/// (document-side expansion, a static, model-free cousin of SPLADE's): a
/// note saying "O2 canisters" also holds the neighbour term of "oxygen", and
/// one written in Chinese the terms of its words' English neighbours, so a
/// search that says it otherwise, or in another language, finds it.
struct DocumentExpansion {
    let lexicon: Lexicon
    let settings: MeaningSettings

    /// The stems of the neighbours an entity's words bring in, at most
    /// `settings.neighboursPerEntityWord` per word and
    /// `settings.maximumEntityNeighbours` in all, rarest words first (they say
    /// most about the entity); never a stem the entity holds itself.
    /// - Parameters:
    ///   - words: the entity's normalised words, as indexed.
    ///   - stem: the stemmer its neighbour terms are stemmed with.
    func stems(for words: [String], stem: (String) throws -> String) throws -> [String] {
        guard settings.neighboursPerEntityWord > 0, settings.maximumEntityNeighbours > 0 else { return [] }
        var taken = Set(try words.map(stem))
        let known = Set(words).filter { !StopWords.english.contains($0) }.compactMap { lexicon.id(of: $0) }
        let rarestFirst = known.sorted { (lexicon.zipfFrequency(of: $0), $0) < (lexicon.zipfFrequency(of: $1), $1) }
        var stems: [String] = []
        for id in rarestFirst {
            var kept = 0
            for neighbour in lexicon.neighbours(of: id) where neighbour.similarity >= settings.minimumSimilarity {
                guard kept < settings.neighboursPerEntityWord else { break }
                let neighbourStem = try stem(lexicon.word(neighbour.id))
                guard !lexicon.stem(neighbourStem, of: neighbour.id, meansSomethingElseThan: id),
                      taken.insert(neighbourStem).inserted else { continue }
                stems.append(neighbourStem)
                kept += 1
                if stems.count == settings.maximumEntityNeighbours { return stems }
            }
        }
        return stems
    }
}
