/// Finds the grammar word a word misspells: "messages" for "mesages",
/// "tomorrow" for "tommorow", "when" for "wehn" — the one grammar word
/// nearer than any other, within the word's typo allowance (`Spelling`).
/// Whether the word was meant so is the caller's to say: what the index and
/// the lexicon hold (`IndexReader.grammarWord(misspelledAs:spelling:lexicon:language:)`).
///
/// The deletion variants are worked out the first time a word is corrected,
/// not when an index opens: most opens (a donation, `stats`) never correct a
/// word. A variant grammar's spelling only adds its own words to the main
/// grammar's, which it shares.
final class GrammarSpelling: Sendable {
    private let known: Set<String>
    /// The spelling whose words this one adds to, sharing its variants.
    private let base: GrammarSpelling?
    /// This spelling's own words of three letters or more, under each of their
    /// deletion variants and themselves (as names are, see `Spelling`); built once.
    private let byVariant: Locked<[String: [String]]?>

    /// Spelling for a grammar's words; those `base` knows are looked up there.
    init(words: Set<String>, adding base: GrammarSpelling? = nil) {
        known = words
        self.base = base
        byVariant = Locked(nil)
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
        let candidates = words(under: Spelling.queryVariants(of: word).union([word])).filter(known.contains)
        var nearest: [String] = [], nearestDistance = allowed + 1
        for candidate in candidates {
            let distance = Spelling.distance(word, candidate, limit: allowed)
            guard distance <= allowed, distance <= nearestDistance else { continue }
            if distance < nearestDistance { (nearest, nearestDistance) = ([], distance) }
            nearest.append(candidate)
        }
        return nearest.count == 1 ? nearest[0] : nil
    }

    /// The words indexed under any of `variants`, here and in the base.
    private func words(under variants: Set<String>) -> Set<String> {
        let index = byVariant.withLock { index in
            if let index { return index }
            let built = Self.variantIndex(of: known.subtracting(base?.known ?? []))
            index = built
            return built
        }
        return Set(variants.flatMap { index[$0] ?? [] }).union(base?.words(under: variants) ?? [])
    }

    private static func variantIndex(of words: Set<String>) -> [String: [String]] {
        var byVariant: [String: [String]] = [:]
        for word in words.sorted() where word.unicodeScalars.count >= 3 {
            for variant in Spelling.indexedVariants(of: word).union([word]) { byVariant[variant, default: []].append(word) }
        }
        return byVariant
    }
}
