/// Resolves by words: BM25 over all searchable text, or over one property.
/// A query word matches its stem in each language the index uses; the whole
/// text also matches an identifier (an email, a phone number) exactly. With a
/// lexicon, words also bring their nearest words in meaning (weighted below
/// them), and the best BM25 matches are re-ranked by meaning.
struct TextResolver {
    let reader: IndexReader
    let schemas: SchemaRegistry
    /// The languages text may be indexed in, the default first.
    let languages: [Language]
    /// The lexicon for expansion and re-ranking; nil to match words only.
    let lexicon: Lexicon?
    /// How strongly meaning counts.
    let meaningSettings: MeaningSettings
    /// How BM25 weighs words.
    let relevance: Relevance

    /// A resolver over a reader, configured as the index is.
    init(reader: IndexReader, configuration: IndexConfiguration) {
        self.reader = reader
        schemas = configuration.schemas
        languages = configuration.indexedLanguages
        lexicon = configuration.lexicon
        meaningSettings = configuration.meaning
        relevance = configuration.relevance
    }

    /// How much of the 0-to-1 scale the best text match reaches: a name match
    /// (1 for the whole name, 0.875 for a first name alone) outranks a mention.
    static let weight = 0.6

    /// The terms a text is searched with.
    struct Plan {
        /// Each distinct word with its distinct stems across the languages, and
        /// how often the text says it: a word said n times weighs n times its
        /// BM25 weight for that within-query frequency, as Xapian's query
        /// parser weighs repeated words (on CISI's long questions, 0.315 ->
        /// 0.357 nDCG@10 against counting the frequency alone).
        var words: [(word: String, stems: [String], count: Int)]
        /// Neighbours of the words in meaning that the index holds.
        var expansions: [QueryExpansion.Term]
        /// Identifiers or keywords to match whole: the whole text when it is
        /// one, or the emails and phone numbers a request holds.
        var exact: [String]
        /// Terms of entities the words name (a contact "amara" is), which an
        /// entity holds when it refers to one of them: searched beside the words.
        var mentionTerms: [String] = []
        /// The meaning of the whole text, for re-ranking.
        var meaning: MeaningVector?
        /// How much re-ranking weighs meaning: `MeaningSettings.rerankWeight`,
        /// raised for searched words no entity holds.
        var rerankWeight = 0.0
        /// The terms of content words the lexicon lacks: the best matches
        /// holding one lend it their meaning.
        var unknownWordTerms: [String] = []
        /// Whether the semantic layer (expansion, feedback, re-ranking) is on.
        var usesMeaning: Bool
        /// For a word, the terms of the index's words that have it among their
        /// neighbours in meaning (`DocumentExpansion`), searched as plain terms
        /// (one synonym's estimated statistics would differ across shards) at
        /// `linkedWordWeight(of:)`; empty when they are not searched.
        var entityNeighbours: [String: [String]] = [:]
        /// The weight of a word found through `entityNeighbours`, against 1 for the word itself.
        var entityNeighbourWeight = 0.0
        /// Whether a match must hold every word (stop words aside), rather
        /// than any: set when the words are some entity's whole name, which
        /// ranks first. Then neither expansions nor the whole text as an
        /// identifier are searched, and the matches are not ranked by
        /// relevance: the first found in index order are taken, all alike,
        /// so Xapian stops as soon as it has them instead of weighing every
        /// entity that holds common words.
        var requiresAllWords = false

        /// The words searched for: a name's significant words when a match
        /// must hold them all, otherwise all but stop words (`StopWords.searched`).
        var searchedWords: Set<String> {
            let all = words.map(\.word)
            return Set(requiresAllWords ? NameWords.significant(all) : StopWords.searched(all))
        }

        /// The factor each of the words linked to a word is weighed by: the
        /// neighbour weight over the square root of how many there are (on the
        /// tuned requests and, leaving one BEIR collection out, better than an
        /// equal share).
        func linkedWordWeight(of word: String) -> Double {
            entityNeighbourWeight / Double(max(entityNeighbours[word]?.count ?? 1, 1)).squareRoot()
        }
    }

    /// The plan for a text; without `usesMeaning`, words only.
    func plan(for text: String, usesMeaning: Bool) throws -> Plan {
        try plan(forWords: try normalizedWords(in: text), exact: IndexLayout.exactValue(text).map { [$0] } ?? [],
                 usesMeaning: usesMeaning)
    }

    /// The plan for words already split, and values to match whole.
    func plan(forWords text: [String], exact: [String], usesMeaning: Bool) throws -> Plan {
        var positions: [String: Int] = [:]
        var words: [(word: String, stems: [String], count: Int)] = []
        for word in text {
            if let position = positions[word] {
                words[position].count += 1
                continue
            }
            var stems: [String] = []
            for language in languages {
                let stem = try reader.stemmers.stemmer(for: language).stem(word)
                if !stems.contains(stem) { stems.append(stem) }
            }
            positions[word] = words.count
            words.append((word, stems, 1))
        }
        var plan = Plan(words: words, expansions: [], exact: exact, meaning: nil, usesMeaning: false)
        if usesMeaning { try addMeaning(to: &plan) }
        return plan
    }

    /// Adds the semantic layer to a words-only plan: the words' neighbours in
    /// meaning that the index holds, and the text's meaning for re-ranking.
    /// - Parameter expandingEveryWord: expand words the index holds too (when
    ///   what holds them is not what is asked for).
    func addMeaning(to plan: inout Plan, expandingEveryWord: Bool = false) throws {
        guard let lexicon, !plan.usesMeaning else { return }
        plan.usesMeaning = true
        // Words no entity holds, looked up once, when a search of another language asks which they are.
        let usesUnheld = meaningSettings.borrowedLinkNeighbours > 0 || meaningSettings.rerankBoostForUnheldWords > 0
        let unheld: Set<String> = usesUnheld ? Set(try plan.words.filter { try isUnheld($0.stems) }.map(\.word)) : []
        if meaningSettings.entityNeighbourWeight > 0 {
            plan.entityNeighbourWeight = meaningSettings.entityNeighbourWeight
            plan.entityNeighbours = try entityNeighbours(of: plan.words, unheld: unheld)
        }
        let words = plan.words.map(\.word)
        let stemmer = reader.stemmers.stemmer(for: languages[0])
        var settings = meaningSettings
        if expandingEveryWord { settings.expansionMaximumFrequency = -1 }
        plan.expansions = try QueryExpansion(lexicon: lexicon, settings: settings).terms(
            for: words, stem: stemmer.stem,
            frequency: { try reader.database.termFrequency(IndexLayout.stemmedTerm($0)) })
        if meaningSettings.rerankWeight > 0 {
            plan.meaning = MeaningVector(words: words, lexicon: lexicon)
            plan.rerankWeight = meaningSettings.rerankWeight * (1 + meaningSettings.rerankBoostForUnheldWords * unheldShare(of: plan, unheld))
            if meaningSettings.unknownWordDocuments > 0 {
                plan.unknownWordTerms = plan.words.filter { lexicon.id(of: $0.word) == nil && !StopWords.english.contains($0.word) }
                    .map { IndexLayout.stemmedTerm($0.stems[0]) }
            }
        }
    }

    /// The share of the plan's searched words among `unheld`, those no entity holds.
    private func unheldShare(of plan: Plan, _ unheld: Set<String>) -> Double {
        let searched = plan.searchedWords
        return searched.isEmpty ? 0 : Double(searched.intersection(unheld).count) / Double(searched.count)
    }

    /// For each content word, the terms of the index's words that donation
    /// linked to it as their neighbour in meaning, the word's own terms aside:
    /// those it is nearest to first, at most `MeaningSettings.linkedWordsPerWord`.
    /// Links outlive the entities that made them: when there are more than
    /// that, words no entity holds any more are passed over rather than taking a place.
    /// A word among `unheld`, which no entity holds, borrows links (`borrowedLinks(of:sparing:)`) when it has none.
    private func entityNeighbours(of words: [(word: String, stems: [String], count: Int)], unheld: Set<String>) throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        for (word, stems, _) in words where Lexicon.isExpandable(word) {
            let own = Set(stems.map { IndexLayout.stemmedTerm($0) })
            var links: [(term: String, rank: Int)] = []
            for stem in stems {
                for link in try reader.synonymTable.synonyms(under: IndexLayout.neighbourKey(stem: stem)).compactMap(IndexLayout.linkedTerm)
                where !own.contains(link.term) && !links.contains(where: { $0.term == link.term }) {
                    links.append(link)
                }
            }
            if links.isEmpty, meaningSettings.borrowedLinkNeighbours > 0, unheld.contains(word) {
                links = try borrowedLinks(of: word, sparing: own)
            }
            let limit = max(meaningSettings.linkedWordsPerWord, 0)
            var nearest: [String] = []
            for link in links.sorted(by: { $0.rank < $1.rank }) where nearest.count < limit {
                if links.count > limit, try reader.database.termFrequency(link.term) == 0 { continue }
                nearest.append(link.term)
            }
            if !nearest.isEmpty { found[word] = nearest }
        }
        return found
    }

    /// For a word no entity word is linked to, the links of its nearest
    /// neighbours in meaning (`MeaningSettings.borrowedLinkNeighbours`), ranked
    /// after one another: a German word reaches the Chinese words linked to
    /// its English neighbours, which it is not linked to itself.
    private func borrowedLinks(of word: String, sparing own: Set<String>) throws -> [(term: String, rank: Int)] {
        guard let lexicon, let id = lexicon.id(of: word) else { return [] }
        let stemmer = reader.stemmers.stemmer(for: languages[0])
        var links: [(term: String, rank: Int)] = []
        let neighbours = lexicon.neighbours(of: id).prefix(meaningSettings.borrowedLinkNeighbours)
        for (place, neighbour) in neighbours.enumerated() where neighbour.similarity >= meaningSettings.minimumSimilarity {
            let key = IndexLayout.neighbourKey(stem: try stemmer.stem(lexicon.word(neighbour.id)))
            for link in try reader.synonymTable.synonyms(under: key).compactMap(IndexLayout.linkedTerm)
            where !own.contains(link.term) && !links.contains(where: { $0.term == link.term }) {
                links.append((link.term, link.rank + Self.borrowedRankOffset * (place + 1)))
            }
        }
        return links
    }

    /// Puts a neighbour's links after the word's own and the nearer neighbours' (a link's rank is below it).
    private static let borrowedRankOffset = 1_000

    /// Whether no entity holds any of a word's stems.
    private func isUnheld(_ stems: [String]) throws -> Bool {
        try stems.allSatisfy { try reader.database.termFrequency(IndexLayout.stemmedTerm($0)) == 0 }
    }

    /// Entities whose text fits, scored `weight` × their (re-ranked) relevance
    /// relative to the best.
    func candidates(for plan: Plan, property: String?, filter: Query?, limit: Int) throws -> [Candidate] {
        guard var query = try query(for: plan, property: property) else { return [] }
        if let filter { query = try Query.combine(.filter, [query, filter]) }
        let usesFeedback = plan.usesMeaning && meaningSettings.feedbackTerms > 0
        let reranks = plan.meaning != nil || usesFeedback
        var matches = try reader.database.search(query, limit: reranks ? max(limit, meaningSettings.rerankDepth) : limit,
                                                 relevance: relevance)
        guard matches.count > 0 else { return [] }
        if usesFeedback, let rescored = try rescoredWithFeedback(matches, of: query) { matches = rescored }

        var scores = (0..<matches.count).map { matches.weight(at: $0) }
        var records = [RecordReader?](repeating: nil, count: matches.count)
        if var meaning = plan.meaning {
            let depth = min(matches.count, meaningSettings.rerankDepth)
            records = try matches.records()
            let vectors = records.prefix(depth).map { record in
                record.flatMap { MeaningVector(encoded: Array($0.meaning), dimensions: meaning.values.count) }
            }
            meaning = try lent(meaning, byHoldersOf: plan.unknownWordTerms, among: matches, records: records, vectors: vectors)
            let lowest = scores.min()!, highest = scores.max()!
            for rank in scores.indices {
                scores[rank] = highest > lowest ? (scores[rank] - lowest) / (highest - lowest) : 1
                // Below the depth, relevance alone, which never lifts a match above a re-ranked one.
                guard rank < depth else { continue }
                scores[rank] += plan.rerankWeight * max(0, vectors[rank].map(meaning.cosine) ?? 0)
            }
        }
        let best = scores.max()!
        return scores.enumerated().map { rank, score in
            Candidate(documentID: matches.documentID(at: rank), score: Self.weight * (best > 0 ? score / best : 1),
                      record: records[rank])
        }
    }

    /// The text's meaning moved halfway towards the best matches holding each
    /// word the lexicon lacks: in this index, such a word (jargon, a rare
    /// term) means what it is found with. On scifact-train, whose questions
    /// are 12% such words, the documents settings go from 0.6972 to 0.7038
    /// nDCG@10. `vectors` are the best matches' meanings, best first, and
    /// `records` the matches' records.
    private func lent(_ meaning: MeaningVector, byHoldersOf terms: [String], among matches: MatchSet,
                      records: [RecordReader?], vectors: [MeaningVector?]) throws -> MeaningVector {
        guard !terms.isEmpty, !vectors.isEmpty else { return meaning }
        let ranks = vectors.indices
        let documents = ranks.compactMap { rank in
            records[rank].map { (id: matches.documentID(at: rank), uniqueTerm: IndexLayout.uniqueTerm(for: $0.identifier)) }
        }.sorted { $0.id < $1.id }
        let column = Dictionary(uniqueKeysWithValues: documents.enumerated().map { ($1.id, $0) })
        var lent = meaning
        for holds in try reader.database.postings(of: terms, contain: documents.map(\.id), uniqueTerms: documents.map(\.uniqueTerm)) {
            let holders = ranks.filter { column[matches.documentID(at: $0)].map { holds[$0] } ?? false }.compactMap { vectors[$0] }
            lent = lent.adding(meanOf: Array(holders.prefix(meaningSettings.unknownWordDocuments)), weight: 0.5)
        }
        return lent
    }

    /// The first-pass matches re-scored with the terms that best describe the
    /// best of them added below the query (pseudo relevance feedback); nil
    /// when they lend no terms. Only the first-pass matches are scored again,
    /// which keeps the second pass cheap.
    private func rescoredWithFeedback(_ matches: MatchSet, of query: Query) throws -> MatchSet? {
        let documentIDs = (0..<matches.count).map(matches.documentID(at:))
        let feedback = try reader.database.feedbackTerms(describing: Array(documentIDs.prefix(meaningSettings.feedbackDocuments)),
                                                         excluding: query, count: meaningSettings.feedbackTerms,
                                                         stemPrefix: IndexLayout.stemmedPrefix(IndexLayout.generalTextPrefix),
                                                         prefixInitials: IndexLayout.prefixInitials)
        guard let best = feedback.first?.weight, best > 0 else { return nil }
        let terms = try feedback.map { try Query.term($0.term).scaled(by: meaningSettings.feedbackWeight * $0.weight / best) }
        let expanded = try Query.combine(.andMaybe, [query, try Query.combine(.or, terms)])
        let firstPass = try Query.entities(try matches.records().compactMap { $0?.identifier })
        return try reader.database.search(try Query.combine(.filter, [expanded, firstPass]),
                                          limit: documentIDs.count, relevance: relevance)
    }

    /// `OR` of the searched words (`Plan.searchedWords`), their expansions, the
    /// entity words linked to them (`Plan.entityNeighbours`, scaled below them), and the whole text as an identifier — or `AND` of
    /// the searched words alone when the plan requires all — in the general
    /// text or under one property's prefixes; nil without words.
    func query(for plan: Plan, property: String?) throws -> Query? {
        // A property stands for itself, or a parent for its searched parts ("attendees": name and email).
        let paths = property.map(schemas.paths(of:)) ?? []
        let prefixes = property == nil ? [IndexLayout.generalTextPrefix] : paths.map(IndexLayout.propertyPrefix(for:))
        let searched = plan.searchedWords
        var alternatives: [Query] = []
        for (word, stems, count) in plan.words where searched.contains(word) {
            let terms = try prefixes.flatMap { prefix in
                try stems.map { try Query.term(IndexLayout.stemmedTerm($0, prefix: prefix), withinQueryFrequency: UInt32(count)) }
            }
            let word = terms.count == 1 ? terms[0] : try Query.combine(.synonym, terms)
            alternatives.append(count > 1 ? try word.scaled(by: Double(count)) : word)
        }
        if plan.requiresAllWords {
            return try Query.all(alternatives)?.scaled(by: 0)
        }
        if property == nil {
            for (word, _, _) in plan.words where searched.contains(word) {
                guard let linked = plan.entityNeighbours[word] else { continue }
                alternatives += try linked.map { try Query.term($0).scaled(by: plan.linkedWordWeight(of: word)) }
            }
        }
        for expansion in plan.expansions {
            for prefix in prefixes {
                alternatives.append(try Query.term(IndexLayout.stemmedTerm(expansion.stem, prefix: prefix)).scaled(by: expansion.weight))
            }
        }
        for exact in plan.exact {
            if property != nil {
                for path in paths {
                    alternatives.append(try Query.term(IndexLayout.identifierPrefix(for: path) + exact))
                    alternatives.append(try Query.term(IndexLayout.keywordPrefix(for: path) + exact))
                }
            } else {
                alternatives.append(try Query.term(IndexLayout.anyIdentifierPrefix + exact))
                // A number said in groups ("42 750") is also a word of a text: an amount's whole units.
                if exact.allSatisfy(\.isNumber) { alternatives.append(try Query.term(IndexLayout.stemmedTerm(exact))) }
            }
        }
        if property == nil {
            alternatives += try plan.mentionTerms.map { try Query.term($0) }
        }
        return try Query.any(alternatives)
    }

    /// For each candidate (identified, from the index), the property paths of
    /// its type in which the plan's words (or the whole text, for identifiers
    /// and keywords) occur; a path matched only through expansion is reported
    /// as `expansion:<path>`. Reads posting lists once for all candidates.
    func matchedProperties(of candidates: [Candidate], plan: Plan) throws -> [[String]] {
        let searched = plan.searchedWords
        let literal = plan.words.filter { searched.contains($0.word) }.flatMap(\.stems), expanded = plan.expansions.map(\.stem)
        var checks: [EntityType: [(label: String, term: String)]] = [:]
        for type in Set(candidates.compactMap { $0.documentID == nil ? nil : $0.identifier?.type }) {
            // Only the terms each property can hold: words, whole keywords, whole identifiers.
            checks[type] = schemas.searchablePaths(of: type).flatMap { path, searchability -> [(label: String, term: String)] in
                let prefix = IndexLayout.propertyPrefix(for: path)
                switch searchability {
                case .identifier:
                    return plan.exact.map { (path, IndexLayout.identifierPrefix(for: path) + $0) }
                        + literal.map { (path, IndexLayout.stemmedTerm($0, prefix: prefix)) }
                case .notSearched:
                    return []
                case .title, .text, .keywords:
                    let keyword = searchability == .keywords ? plan.exact.map { (path, IndexLayout.keywordPrefix(for: path) + $0) } : []
                    return literal.map { (path, IndexLayout.stemmedTerm($0, prefix: prefix)) } + keyword
                        + expanded.map { ("expansion:\(path)", IndexLayout.stemmedTerm($0, prefix: prefix)) }
                }
            }
        }
        // Each term once, and each check by its term's row.
        var terms: [String] = [], termRow: [String: Int] = [:]
        let rows = checks.mapValues { checks in
            checks.map { label, term in
                if termRow[term] == nil {
                    termRow[term] = terms.count
                    terms.append(term)
                }
                return (label: label, row: termRow[term]!)
            }
        }
        let (presence, documentColumn) = try reader.postings(of: terms, in: candidates)

        return candidates.map { candidate in
            guard let documentID = candidate.documentID, let type = candidate.identifier?.type,
                  let column = documentColumn[documentID] else { return [] }
            var matched: [String] = []
            for (label, row) in rows[type] ?? [] where !matched.contains(label) {
                if presence[row][column] { matched.append(label) }
            }
            // A path matched literally needs no expansion label too.
            return matched.filter { !$0.hasPrefix("expansion:") || !matched.contains(String($0.dropFirst("expansion:".count))) }
        }
    }
}

extension SchemaRegistry {
    /// The searched paths a property path stands for in any type: itself, or a
    /// transient parent's parts; the path itself when no type has it.
    func paths(of property: String) -> [String] {
        var found: [String] = []
        for schema in domains.flatMap(\.types) where !schema.isTransient {
            for (path, _) in searchablePaths(of: schema.type) where path == property || path.hasPrefix(property + ".") {
                if !found.contains(path) { found.append(path) }
            }
        }
        return found.isEmpty ? [property] : found
    }
}

extension ValueKind {
    /// The type this kind refers to, directly or in a list.
    var referencedType: EntityType? {
        switch self {
        case .reference(let type): type
        case .array(let element): element.referencedType
        default: nil
        }
    }

    /// The transient type this kind holds, directly or in a list.
    var transientType: EntityType? {
        switch self {
        case .transient(let type): type
        case .array(let element): element.transientType
        default: nil
        }
    }
}
