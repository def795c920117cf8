/// Resolves by name: exact, prefix and partial names, typos, accents, other
/// scripts spelled in Latin letters. Xapian finds candidates by their name
/// terms; `NameScoring` then ranks them.
struct NameResolver {
    let reader: IndexReader
    /// The searches already made, when the resolver is asked more than once
    /// for one request; nil to search every time.
    var searches: NameSearches?

    /// How many candidates Xapian hands over for scoring.
    static let candidateLimit = 20
    /// How many name words a prefix ("lun") may stand for.
    static let prefixExpansion: UInt32 = 30

    /// Entities whose names fit the query words, scored from 0 to 1; with
    /// `requiringAll` (the words are some entity's whole name), only names
    /// that hold every word (stop words aside) as it is, the first
    /// `candidateLimit` in index order — their scores rank them, and Xapian
    /// stops once it has them instead of weighing every holder of common
    /// words; without `guessing`, only names that hold some word as it is.
    /// With `minimumScore`, only names that may reach it: when a name that
    /// leaves one word unfit scores below it, each word (or a guess at it) is
    /// required, and Xapian walks only entities that hold them all. Guessing,
    /// a word for a family member is also read as its relatives' words
    /// (`kinshipReadings(of:)`) unless `readingRelatives` is false.
    func candidates(for words: [String], filter: Query?, requiringAll: Bool = false, guessing: Bool = true,
                    minimumScore: Double = 0, readingRelatives: Bool = true) throws -> [Candidate] {
        if readingRelatives, !requiringAll, guessing, let readings = try kinshipReadings(of: words) {
            // As said, and as each relative's word: the best fit of each entity counts.
            let found = try ([words] + readings).flatMap { reading in
                try candidates(for: reading, filter: filter, guessing: reading == words, minimumScore: minimumScore, readingRelatives: false)
            }
            return found.enumerated().sorted { ($0.element.score, $1.offset) > ($1.element.score, $0.offset) }.map(\.element)
                .uniqued(by: \.documentID)
        }
        var alternativesOfWords: [[Query]] = []
        // Each word as it may have been meant: itself, or the name words it is a typo of.
        var spellingsOfWords: [[String]] = []
        for word in NameWords.significant(words) {
            var alternatives = [try Query.term(IndexLayout.nameTerm(word))]
            var spellings = [word]
            // A word some name holds as it is needs no guessing: only unknown
            // words look for names they begin or are a typo of.
            if !requiringAll, guessing, try reader.database.termFrequency(IndexLayout.nameTerm(word)) == 0 {
                if word.utf8.count >= 2 {
                    alternatives.append(try Query.prefix(IndexLayout.nameTerm(word), maximumExpansion: Self.prefixExpansion))
                }
                for correction in try corrections(of: word).sorted() {
                    alternatives.append(try Query.term(IndexLayout.nameTerm(correction)))
                    spellings.append(correction)
                }
            }
            alternativesOfWords.append(alternatives)
            spellingsOfWords.append(spellings)
        }
        guard !alternativesOfWords.isEmpty else { return [] }
        var query: Query
        if requiringAll {
            query = try Query.combine(.and, alternativesOfWords.flatMap { $0 }).scaled(by: 0)
        } else if NameScoring.needsEveryWord(words, toScore: minimumScore) {
            query = try Query.combine(.and, try alternativesOfWords.map { try Query.combine(.or, $0) })
        } else {
            query = try Query.combine(.or, alternativesOfWords.flatMap { $0 })
        }
        if let filter { query = try Query.combine(.filter, [query, filter]) }

        let found = try scored(try matches(of: query, limit: Self.candidateLimit), words: words)
        // Names that are the words whole once a typo is read as meant ("Suit Maxeo"): among many names holding
        // the same words in other orders, the first matches of the search above may leave them out.
        let wholeNames = try wholeNamesAsMeant(spellingsOfWords, filter: filter, words: words)
        let foundWhole = Set(wholeNames.compactMap(\.documentID))
        return wholeNames + found.filter { !foundWhole.contains($0.documentID!) }
    }

    /// "Mum" for the contact whose nickname is 妈妈: the words with the first
    /// word for a family member read as each word of its relation that some
    /// name holds (`KinshipWords`); nil when there is none.
    private func kinshipReadings(of words: [String]) throws -> [[String]]? {
        for (index, word) in words.enumerated() {
            guard let relatives = KinshipWords.relatives[word] else { continue }
            let held = try relatives.filter { try reader.database.termFrequency(IndexLayout.nameTerm($0)) > 0 }
            guard !held.isEmpty else { continue }
            return held.map { relative in
                var reading = words
                reading[index] = relative
                return reading
            }
        }
        return nil
    }

    /// How many readings of misspelt words are tried as whole names.
    static let misspeltWholeNameReadings = 8

    /// Entities whose whole name is one reading of the words with a typo
    /// read as the name word meant (at most `misspeltWholeNameReadings`
    /// readings, each one term look-up); none when no word was misspelt.
    private func wholeNamesAsMeant(_ spellings: [[String]], filter: Query?, words: [String]) throws -> [Candidate] {
        guard spellings.contains(where: { $0.count > 1 }) else { return [] }
        var readings: [[String]] = [[]]
        for alternatives in spellings {
            readings = Array(readings.flatMap { reading in alternatives.map { reading + [$0] } }.prefix(Self.misspeltWholeNameReadings))
        }
        let terms = try readings.dropFirst().compactMap(IndexLayout.wholeNameTerm).filter { try reader.database.termFrequency($0) > 0 }
        guard !terms.isEmpty else { return [] }
        var query = try Query.combine(.or, terms.map { try Query.term($0) }).scaled(by: 0)
        if let filter { query = try Query.combine(.filter, [query, filter]) }
        return try scored(try matches(of: query, limit: Self.candidateLimit), words: words)
    }

    /// Entities named word for word as a reading of the words in which the
    /// one word no name holds, and that may be a typo of one
    /// (`IndexReader.mayMisspellName(_:lexicon:language:)`), is read as a name word it
    /// is a typo of ("Are May Suixing"); at most `misspeltWholeNameReadings`
    /// readings. None unless exactly one word is unknown to names: with more,
    /// the words are likelier a request than a misspelt name, and guessing at
    /// each would cost every such request.
    func namedWordForWordAsMeant(said words: [String], filter: Query?, lexicon: Lexicon?, language: Language) throws -> [Candidate] {
        let unknown = try words.indices.filter { try reader.database.termFrequency(IndexLayout.nameTerm(words[$0])) == 0 }
        guard unknown.count == 1, words.count > 1, try reader.mayMisspellName(words[unknown[0]], lexicon: lexicon, language: language)
        else { return [] }
        return try corrections(of: words[unknown[0]]).sorted().prefix(Self.misspeltWholeNameReadings).flatMap { meant in
            var reading = words
            reading[unknown[0]] = meant
            return try wholeNameCandidates(for: reading, filter: filter).filter { $0.names?.contains { $0.words == reading } ?? false }
        }
    }

    /// Entities one of whose whole names the words are (stop words aside),
    /// scored 1, at most `limit`; empty when no name is exactly that. One term look-up.
    func wholeNameCandidates(for words: [String], filter: Query?, limit: Int = candidateLimit) throws -> [Candidate] {
        guard let term = IndexLayout.wholeNameTerm(words), try reader.database.termFrequency(term) > 0 else { return [] }
        var query = try Query.term(term)
        if let filter { query = try Query.combine(.filter, [query, filter]) }
        let found = try scored(try matches(of: query, limit: limit), words: words)
        // The small words said tell apart names that share the others ("With The You", "You The", "And You"):
        // when the first matches may have left some out, those holding them all are looked for too.
        let small = Set(words).subtracting(NameWords.significant(words)).sorted()
        guard !small.isEmpty, found.count == limit else { return found }
        let holdingAll = try Query.combine(.filter, [query] + small.map { try Query.term(IndexLayout.nameTerm($0)) })
        let holders = try scored(try matches(of: holdingAll, limit: limit), words: words)
        let held = Set(holders.compactMap(\.documentID))
        return holders + found.filter { !held.contains($0.documentID!) }
    }

    /// The matches of a name search with their records, from `searches` when
    /// it was made before.
    private func matches(of query: Query, limit: Int) throws -> [NameSearches.Match] {
        let key = try searches.map { _ in "\(limit) \(try query.description())" }
        if let key, let known = searches?.made[key] { return known }
        let matches = try reader.database.search(query, limit: limit)
        let found = zip((0..<matches.count).map(matches.documentID(at:)), try matches.records()).map { NameSearches.Match($0, $1) }
        if let key { searches?.made[key] = found }
        return found
    }

    /// Matches scored by how well their names fit the words; those whose
    /// names do not fit at all are left out.
    private func scored(_ matches: [NameSearches.Match], words: [String]) throws -> [Candidate] {
        var candidates: [Candidate] = []
        let query = NameScoring.QueryWords(words)
        for (documentID, record) in matches {
            guard let record else { continue }
            let names = record.names
            guard let best = NameScoring.best(query, names: names), best.score > 0 else { continue }
            var candidate = Candidate(documentID: documentID, score: best.score, matched: [best.property], record: record)
            candidate.names = names
            candidates.append(candidate)
        }
        return candidates
    }

    /// Name words in the index within the word's typo allowance, or a swap of
    /// two letters of a short word (see `Spelling`).
    func corrections(of word: String) throws -> Set<String> {
        let allowed = Spelling.allowedEdits(for: word)
        guard allowed > 0 else {
            return try Spelling.swaps(of: word).filter { try reader.database.termFrequency(IndexLayout.nameTerm($0)) > 0 }
        }
        var found: Set<String> = []
        for variant in Spelling.queryVariants(of: word).union([word]) {
            found.formUnion(try reader.synonymTable.synonyms(under: IndexLayout.spellingKey(variant: variant)))
            if variant != word, try reader.database.termFrequency(IndexLayout.nameTerm(variant)) > 0 {
                found.insert(variant)
            }
        }
        return found.filter { $0 != word && Spelling.distance(word, $0, limit: allowed) <= allowed }
    }
}
