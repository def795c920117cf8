/// Expands an entity's words at donation with their nearest words in meaning
/// (document-side expansion, a static, model-free cousin of SPLADE's): a
/// note saying "O2 canisters" also holds the neighbour term of "oxygen", and
/// one written in Chinese the terms of its words' English neighbours, so a
/// search that says it otherwise, or in another language, finds it.
///
/// One per document builder, used by one thread at a time: it remembers each
/// word's usable neighbour stems, which donation asks for entity after entity.
final class DocumentExpansion {
    private let lexicon: Lexicon
    private let settings: MeaningSettings
    private let stemmer: Stemmer
    /// For a word's lexicon id, the stems of its neighbours that may be used, nearest first.
    private var neighbourStems: [Int: [String]] = [:]
    /// Stems of words seen, so that a common word is stemmed once.
    private var stems: [String: String] = [:]
    /// The most words either memory keeps before it starts again.
    private static let rememberedWords = 100_000

    /// An expansion with a lexicon's neighbours, stemmed as the index stems its default language.
    init(lexicon: Lexicon, settings: MeaningSettings, stemmer: Stemmer) {
        self.lexicon = lexicon
        self.settings = settings
        self.stemmer = stemmer
    }

    /// The stems of the neighbours an entity's words bring in, at most
    /// `settings.neighboursPerEntityWord` per word and
    /// `settings.maximumEntityNeighbours` in all, rarest words first (they say
    /// most about the entity); never a stem the entity holds itself.
    /// - Parameter words: the entity's normalised words, as indexed.
    func stems(for words: [String]) throws -> [String] {
        guard settings.neighboursPerEntityWord > 0, settings.maximumEntityNeighbours > 0 else { return [] }
        var taken = Set(try words.map(stem))
        let known = Set(words).filter { !StopWords.english.contains($0) }.compactMap { lexicon.id(of: $0) }
        let rarestFirst = known.sorted { (lexicon.zipfFrequency(of: $0), $0) < (lexicon.zipfFrequency(of: $1), $1) }
        var added: [String] = []
        for id in rarestFirst {
            var kept = 0
            for neighbourStem in try usableNeighbourStems(of: id) where taken.insert(neighbourStem).inserted {
                added.append(neighbourStem)
                if added.count == settings.maximumEntityNeighbours { return added }
                kept += 1
                if kept == settings.neighboursPerEntityWord { break }
            }
        }
        return added
    }

    /// The stems of a word's neighbours similar enough, whose stem does not
    /// mean something else (`Lexicon.stem(_:of:meansSomethingElseThan:)`).
    private func usableNeighbourStems(of id: Int) throws -> [String] {
        if let known = neighbourStems[id] { return known }
        var usable: [String] = []
        for neighbour in lexicon.neighbours(of: id) where neighbour.similarity >= settings.minimumSimilarity {
            let neighbourStem = try stem(lexicon.word(neighbour.id))
            if !lexicon.stem(neighbourStem, of: neighbour.id, meansSomethingElseThan: id) { usable.append(neighbourStem) }
        }
        if neighbourStems.count >= Self.rememberedWords { neighbourStems.removeAll(keepingCapacity: true) }
        neighbourStems[id] = usable
        return usable
    }

    private func stem(_ word: String) throws -> String {
        if let known = stems[word] { return known }
        let stemmed = try stemmer.stem(word)
        if stems.count >= Self.rememberedWords { stems.removeAll(keepingCapacity: true) }
        stems[word] = stemmed
        return stemmed
    }
}
