/// Phrases of one or more words, each with a value, found longest first at a
/// position of a request. Phrases are split and folded as search text is.
struct PhraseTable<Value: Sendable>: Sendable {
    private var byFirstWord: [String: [(words: [String], value: Value)]] = [:]

    /// A table of phrases; later entries of the same phrase add values.
    init(_ entries: [(phrase: String, value: Value)]) throws {
        for (phrase, value) in entries {
            try add(phrase, value)
        }
    }

    /// Adds a phrase with a value.
    mutating func add(_ phrase: String, _ value: Value) throws {
        let words = try normalizedWords(in: phrase)
        guard let first = words.first else { return }
        byFirstWord[first, default: []].append((words, value))
        byFirstWord[first]!.sort { $0.words.count > $1.words.count }
    }

    /// Every phrase that starts at `position` and whose words are all `usable`,
    /// longest first.
    func matches(in words: [String], at position: Int, usable: (Int) -> Bool = { _ in true })
        -> [(length: Int, value: Value)] {
        guard words.indices.contains(position), let candidates = byFirstWord[words[position]] else { return [] }
        return candidates.compactMap { candidate in
            let end = position + candidate.words.count
            guard end <= words.count, words[position..<end].elementsEqual(candidate.words),
                  (position..<end).allSatisfy(usable) else { return nil }
            return (candidate.words.count, candidate.value)
        }
    }

    /// The longest phrase that starts at `position` (see `matches`).
    func match(in words: [String], at position: Int, usable: (Int) -> Bool = { _ in true }) -> (length: Int, value: Value)? {
        guard words.indices.contains(position), let candidates = byFirstWord[words[position]] else { return nil }
        for candidate in candidates {
            let end = position + candidate.words.count
            if end <= words.count, words[position..<end].elementsEqual(candidate.words), (position..<end).allSatisfy(usable) {
                return (candidate.words.count, candidate.value)
            }
        }
        return nil
    }

    /// Whether some phrase begins with a word: one look-up, asked before a match is tried.
    func hasPhrase(beginningWith word: String) -> Bool {
        byFirstWord[word] != nil
    }

    /// Every word of every phrase.
    var words: Set<String> {
        Set(byFirstWord.values.joined().flatMap(\.words))
    }

    /// Whether a phrase starts at `position`.
    func contains(in words: [String], at position: Int) -> Bool {
        match(in: words, at: position) != nil
    }
}

extension PhraseTable where Value == Void {
    /// A table of phrases that carry no value.
    init(_ phrases: [String]) throws {
        try self.init(phrases.map { ($0, ()) })
    }
}
