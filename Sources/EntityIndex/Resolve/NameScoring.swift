/// How well query words fit a name: the heart of resolving by name.
enum NameScoring {
    /// Quality of an exact word.
    static let exact = 1.0
    /// Quality of a query word that begins a name word ("lun" in "lunar").
    static let prefix = 0.8
    /// Quality of a word one edit away.
    static let oneEdit = 0.7
    /// Quality of a word two edits away.
    static let twoEdits = 0.5

    /// How well one query word fits one name word.
    static func quality(of queryWord: String, against nameWord: String) -> Double {
        quality(of: CountedWord(queryWord), against: nameWord)
    }

    /// Query words prepared once for all the names they are scored against:
    /// the words a score counts (small words are no evidence of a name,
    /// unless they are all there is), each with the edits forgiven in it.
    struct QueryWords {
        fileprivate let words: [CountedWord]
        /// Whether small words were left out, so that a name's own small
        /// words do not count against how much of it the query covers.
        fileprivate let leavesOutStopWords: Bool

        init(_ words: [String]) {
            let content = words.filter { !NameWords.stopWords.contains($0) }
            leavesOutStopWords = !content.isEmpty
            self.words = (content.isEmpty ? words : content).map(CountedWord.init)
        }
    }

    /// A query word, with the edits forgiven in it.
    fileprivate struct CountedWord {
        let text: String
        let allowed: Int

        init(_ text: String) {
            self.text = text
            allowed = Spelling.allowedEdits(for: text)
        }
    }

    private static func quality(of word: CountedWord, against nameWord: String) -> Double {
        let (queryWord, allowed) = (word.text, word.allowed)
        if queryWord == nameWord { return exact }
        if queryWord.utf8.count >= 2, nameWord.hasPrefix(queryWord) { return prefix }
        guard allowed > 0 else { return Spelling.isSwap(queryWord, of: nameWord) ? oneEdit : 0 }
        // Over the allowance, the distance comes back as allowance + 1: no fit.
        let distance = Spelling.distance(queryWord, nameWord, limit: allowed)
        guard distance <= allowed else { return 0 }
        switch distance {
        case 1: return oneEdit
        case 2: return twoEdits
        default: return 0
        }
    }

    /// How well query words fit a name, from 0 to 1: the mean quality of the
    /// query's words, weighted by how much of the name they cover (a full name
    /// beats a longer name that merely contains the words).
    static func score(query: [String], name: [String]) -> Double {
        score(QueryWords(query), name: name)
    }

    private static func score(_ query: QueryWords, name: [String]) -> Double {
        let words = query.words
        guard !name.isEmpty, !words.isEmpty else { return 0 }
        var total = 0.0
        // The name words some query word fits best: a bit each for the first 64, a set beyond.
        var covered: UInt64 = 0, coveredBeyond = Set<Int>()
        func isCovered(_ index: Int) -> Bool { index < 64 ? covered & (1 << UInt64(index)) != 0 : coveredBeyond.contains(index) }
        for word in words {
            var best = 0.0, bestIndex: Int?
            for (index, nameWord) in name.enumerated() {
                let quality = quality(of: word, against: nameWord)
                // Of equal fits, a name word no other query word took ("And And" covers both).
                if quality > best || (quality == best && quality > 0 && bestIndex.map(isCovered) == true && !isCovered(index)) {
                    (best, bestIndex) = (quality, index)
                }
            }
            total += best
            if let bestIndex {
                if bestIndex < 64 { covered |= 1 << UInt64(bestIndex) } else { coveredBeyond.insert(bestIndex) }
            }
        }
        guard total > 0 else { return 0 }
        let coveredCount = covered.nonzeroBitCount + coveredBeyond.count
        // "the hobbit" fits "The Hobbit" whole, though the query counts "hobbit" alone.
        let counted = query.leavesOutStopWords ? name.reduce(0) { NameWords.stopWords.contains($1) ? $0 : $0 + 1 } : name.count
        return total / Double(words.count) * (0.75 + 0.25 * min(1, Double(coveredCount) / Double(max(counted, 1))))
    }

    /// Whether a name must fit every one of the query words to score at least
    /// `minimum`: a name that leaves one of n counted words unfit scores at
    /// most (n − 1) / n.
    static func needsEveryWord(_ words: [String], toScore minimum: Double) -> Bool {
        let counted = QueryWords(words).words.count
        return counted > 0 && Double(counted - 1) / Double(counted) < minimum
    }

    /// Whether each counted query word is a word of one of an entity's names,
    /// as it is or misspelt within its allowance (not merely its beginning):
    /// "Lucai" for Lucía Fernández García, however few of her names' words were said.
    static func spellsEveryWord(_ query: [String], ofOneOf names: [EntityName]) -> Bool {
        let words = QueryWords(query).words
        guard !words.isEmpty else { return false }
        return names.contains { name in
            [name.words, name.latinSpelling].contains { nameWords in
                words.allSatisfy { word in nameWords.contains { spells(word, $0) } }
            }
        }
    }

    /// Whether a query word is a name word, as it is or misspelt within its allowance.
    private static func spells(_ word: CountedWord, _ nameWord: String) -> Bool {
        if word.text == nameWord { return true }
        guard word.allowed > 0 else { return Spelling.isSwap(word.text, of: nameWord) }
        return Spelling.distance(word.text, nameWord, limit: word.allowed) <= word.allowed
    }

    /// Whether one of an entity's names holds the counted query words in the
    /// order they were said ("Suit Mateo", not "Mateo Suit"), each as it is,
    /// begun or misspelt within its allowance.
    static func keepsOrder(_ query: QueryWords, names: [EntityName]) -> Bool {
        names.contains { name in
            [name.words, name.latinSpelling].contains { nameWords in
                var next = nameWords.startIndex
                return !nameWords.isEmpty && query.words.allSatisfy { word in
                    guard let found = nameWords[next...].firstIndex(where: { quality(of: word, against: $0) > 0 }) else { return false }
                    next = found + 1
                    return true
                }
            }
        }
    }

    /// The best score over an entity's names, and the property of the best name.
    static func best(query: [String], names: [EntityName]) -> (score: Double, property: String)? {
        best(QueryWords(query), names: names)
    }

    /// The best score over an entity's names, and the property of the best
    /// name, for query words prepared once for many entities.
    static func best(_ query: QueryWords, names: [EntityName]) -> (score: Double, property: String)? {
        var best: (score: Double, property: String)?
        for name in names {
            let score = max(self.score(query, name: name.words), self.score(query, name: name.latinSpelling))
            if score > (best?.score ?? 0) { best = (score, name.property) }
        }
        return best
    }
}
