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
        candidates(at: position, in: words).filter { fits($0.words, at: position, in: words, usable: usable) }
            .map { ($0.words.count, $0.value) }
    }

    /// The longest phrase that starts at `position` (see `matches`); it stops at the first that fits.
    func match(in words: [String], at position: Int, usable: (Int) -> Bool = { _ in true }) -> (length: Int, value: Value)? {
        candidates(at: position, in: words).first { fits($0.words, at: position, in: words, usable: usable) }
            .map { ($0.words.count, $0.value) }
    }

    /// The phrases whose first word is the one at `position`, longest first.
    private func candidates(at position: Int, in words: [String]) -> [(words: [String], value: Value)] {
        words.indices.contains(position) ? byFirstWord[words[position]] ?? [] : []
    }

    /// Whether a phrase's words are the words from `position` on, each `usable`.
    private func fits(_ phrase: [String], at position: Int, in words: [String], usable: (Int) -> Bool) -> Bool {
        let end = position + phrase.count
        return end <= words.count && words[position..<end].elementsEqual(phrase) && (position..<end).allSatisfy(usable)
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
