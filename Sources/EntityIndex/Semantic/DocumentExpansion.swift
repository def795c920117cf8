/// Links an entity's words to their nearest words in meaning at donation
/// (document-side expansion, a static, model-free cousin of SPLADE's): "O2"
/// in a note leads from "oxygen", and a Chinese word from its English
/// neighbours, so a search that says it otherwise, or in another language,
/// finds the entity. The links live in the index's synonym table, recorded
/// once a word rather than once an entity (`IndexWriter`), so they cost
/// donation almost nothing; a search reads them back (`TextResolver`).
///
/// One per document builder, used by one thread at a time: it remembers each
/// word's link, which donation asks for entity after entity.
final class DocumentExpansion {
    private let lexicon: Lexicon
    private let settings: MeaningSettings
    private let stemmers: Stemmers
    private let defaultLanguage: Language
    /// For a word's lexicon id, the stems of its neighbours that may be used, nearest first.
    private var neighbourStems: [Int: [String]] = [:]
    /// For a word in a language: its term and the stems it links to, nil when none.
    private var links: [Language: [String: Link?]] = [:]
    /// For a word: what it means in the lexicon (`lexiconIDs(of:)`).
    private var meanings: [String: [Int]?] = [:]
    /// The most words each memory keeps before it starts again.
    private static let rememberedWords = 100_000

    /// A word's term in the general text and the stems of its neighbours.
    private struct Link {
        let term: String
        let stems: [String]
    }

    /// An expansion with a lexicon's neighbours, stemmed as the index stems
    /// its default language (as searches stem their words).
    init(lexicon: Lexicon, settings: MeaningSettings, stemmers: Stemmers, defaultLanguage: Language) {
        self.lexicon = lexicon
        self.settings = settings
        self.stemmers = stemmers
        self.defaultLanguage = defaultLanguage
    }

    /// For each of an entity's words that has neighbours to give: its term in
    /// the general text, and the stems of its neighbours, at most
    /// `settings.neighboursPerEntityWord`, none the word's own stem.
    /// - Parameter words: the entity's normalised words, each with the language it was indexed in.
    func neighbourStems(of words: [(word: String, language: Language)]) throws -> [String: [String]] {
        guard settings.neighboursPerEntityWord > 0 else { return [:] }
        var found: [String: [String]] = [:]
        for (word, language) in words {
            if let link = try link(of: word, in: language) { found[link.term] = link.stems }
        }
        return found
    }

    /// The lexicon ids a word means (`Lexicon.ids(meaning:)`), remembered: donation
    /// asks for the same words entity after entity, and splitting a compound costs.
    func lexiconIDs(of word: String) -> [Int]? {
        if let known = meanings[word] { return known }
        let ids = lexicon.ids(meaning: word)
        if meanings.count >= Self.rememberedWords { meanings.removeAll(keepingCapacity: true) }
        meanings[word] = .some(ids)
        return ids
    }

    private func link(of word: String, in language: Language) throws -> Link? {
        if let known = links[language]?[word] { return known }
        var link: Link?
        if Lexicon.isExpandable(word) {
            let own = try stem(word, in: defaultLanguage)
            var stems: [String] = []
            if let ids = lexiconIDs(of: word), ids.count == 1 {
                stems = lexicon.carriesMeaning(ids[0]) ? try usableNeighbourStems(of: ids[0]) : []
            } else if let parts = lexiconIDs(of: word) {
                // A compound the lexicon lacks ("kinderzahnarzt"): found by its parts, the head first, then the head's
                // nearest neighbour, each other part's nearest ("raumänderung": room), and the head's others.
                let modifiers = try parts.dropLast().compactMap { try usableNeighbourStems(of: $0).first }
                let head = try usableNeighbourStems(of: parts.last!)
                stems = try parts.reversed().map { try stem(lexicon.word($0), in: defaultLanguage) } + head.prefix(1) + modifiers + head.dropFirst()
            }
            var seen: Set<String> = [own]
            let usable = stems.filter { seen.insert($0).inserted }.prefix(settings.neighboursPerEntityWord)
            if !usable.isEmpty { link = Link(term: IndexLayout.stemmedTerm(try stem(word, in: language)), stems: Array(usable)) }
        }
        if links[language, default: [:]].count >= Self.rememberedWords { links[language] = [:] }
        links[language, default: [:]][word] = .some(link)
        return link
    }

    /// The stems of a word's neighbours similar enough, whose stem does not
    /// mean something else (`Lexicon.stem(_:of:meansSomethingElseThan:)`).
    private func usableNeighbourStems(of id: Int) throws -> [String] {
        if let known = neighbourStems[id] { return known }
        var usable: [String] = []
        for neighbour in lexicon.neighbours(of: id) where neighbour.similarity >= settings.minimumSimilarity && lexicon.carriesMeaning(neighbour.id) {
            let neighbourWord = lexicon.word(neighbour.id)
            guard Lexicon.isExpandable(neighbourWord) else { continue }
            let neighbourStem = try stem(neighbourWord, in: defaultLanguage)
            if !usable.contains(neighbourStem), !lexicon.stem(neighbourStem, of: neighbour.id, meansSomethingElseThan: id) {
                usable.append(neighbourStem)
            }
        }
        if neighbourStems.count >= Self.rememberedWords { neighbourStems.removeAll(keepingCapacity: true) }
        neighbourStems[id] = usable
        return usable
    }

    private func stem(_ word: String, in language: Language) throws -> String {
        try stemmers.stemmer(for: language).stem(word)
    }
}
