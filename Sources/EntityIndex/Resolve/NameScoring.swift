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
        if queryWord == nameWord { return exact }
        if queryWord.utf8.count >= 2, nameWord.hasPrefix(queryWord) { return prefix }
        let allowed = Spelling.allowedEdits(for: queryWord)
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
        guard !name.isEmpty else { return 0 }
        var total = 0.0, counted = 0
        var coveredNameWords = Set<Int>()
        // Small words are no evidence of a name, unless they are all there is.
        let content = query.filter { !NameWords.stopWords.contains($0) }
        for word in content.isEmpty ? query : content {
            var best = 0.0, bestIndex: Int?
            for (index, nameWord) in name.enumerated() {
                let quality = quality(of: word, against: nameWord)
                if quality > best { (best, bestIndex) = (quality, index) }
            }
            counted += 1
            total += best
            if let bestIndex { coveredNameWords.insert(bestIndex) }
        }
        guard counted > 0, total > 0 else { return 0 }
        return total / Double(counted) * (0.75 + 0.25 * Double(coveredNameWords.count) / Double(name.count))
    }

    /// The best score over an entity's names, and the property of the best name.
    static func best(query: [String], names: [EntityName]) -> (score: Double, property: String)? {
        var best: (score: Double, property: String)?
        for name in names {
            let score = max(self.score(query: query, name: name.words), self.score(query: query, name: name.latinSpelling))
            if score > (best?.score ?? 0) { best = (score, name.property) }
        }
        return best
    }
}
