/// Finds the grammar word a word misspells: "messages" for "mesages",
/// "tomorrow" for "tommorow", "when" for "wehn" — the one grammar word
/// nearer than any other, within the word's typo allowance (`Spelling`).
/// Whether the word was meant so is the caller's to say: what the index and
/// the lexicon hold (`IndexReader.grammarWord(misspelledAs:spelling:lexicon:language:)`).
struct GrammarSpelling: Sendable {
    /// The grammar's words of three letters or more, under each of their
    /// deletion variants and themselves (as names are, see `Spelling`).
    private let byVariant: [String: [String]]
    private let known: Set<String>

    /// Spelling for a grammar's words.
    init(words: Set<String>) {
        known = words
        var byVariant: [String: [String]] = [:]
        for word in words.sorted() where word.unicodeScalars.count >= 3 {
            for variant in Spelling.indexedVariants(of: word).union([word]) { byVariant[variant, default: []].append(word) }
        }
        self.byVariant = byVariant
    }

    /// Whether a word could misspell a grammar word at all: it is none, and
    /// is a word of three letters or more. Cheap; asked before anything costs more.
    func mayMisspell(_ word: String) -> Bool {
        !known.contains(word) && word.unicodeScalars.count >= 3 && word.unicodeScalars.allSatisfy(\.properties.isAlphabetic)
    }

    /// The grammar word a word misspells, or nil when it is one, misspells
    /// none, or is as near to several.
    func correction(of word: String) -> String? {
        guard mayMisspell(word) else { return nil }
        let allowed = Spelling.allowedEdits(for: word)
        if allowed == 0 {
            let swapped = Spelling.swaps(of: word).filter(known.contains)
            return swapped.count == 1 ? swapped.first : nil
        }
        let candidates = Set(Spelling.queryVariants(of: word).union([word]).flatMap { byVariant[$0] ?? [] })
        var nearest: [String] = [], nearestDistance = allowed + 1
        for candidate in candidates {
            let distance = Spelling.distance(word, candidate, limit: allowed)
            guard distance <= allowed, distance <= nearestDistance else { continue }
            if distance < nearestDistance { (nearest, nearestDistance) = ([], distance) }
            nearest.append(candidate)
        }
        return nearest.count == 1 ? nearest[0] : nil
    }
}
