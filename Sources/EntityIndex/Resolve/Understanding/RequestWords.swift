/// A request's words as the parser reads them: which are taken by what was
/// recognised, which end in a possessive ("Amara's"), and which belong to an
/// identifier (an email, a phone number) and so are never read as time or grammar.
struct RequestWords {
    /// The folded words, possessive endings removed.
    var words: [String]
    /// Words already recognised as something.
    var taken: [Bool]
    /// Words that ended in a possessive.
    var possessive: [Bool]
    /// Words of an identifier.
    var protected: [Bool]
    /// Positions where a clause begins, after a comma or a question mark.
    var clauseStarts: Set<Int> = []
    /// The clause starts after a colon, which begin what is said ("reply to Chen: saw it too").
    var quoteStarts: Set<Int> = []
    /// Words joined by a hyphen to the one before ("in" of "check-in"): the
    /// second half of a compound begins no value ("the check-in time" is no time "in" somewhere).
    var joinedToPrevious: Set<Int> = []

    init(words: [String], possessive: [Bool]) {
        self.words = words
        self.possessive = possessive
        taken = Array(repeating: false, count: words.count)
        protected = Array(repeating: false, count: words.count)
    }

    var count: Int { words.count }

    /// Whether a word may still be recognised as grammar.
    func isFree(_ index: Int) -> Bool {
        words.indices.contains(index) && !taken[index] && !protected[index]
    }

    /// Whether a word is still unrecognised (identifier words included).
    func isUntaken(_ index: Int) -> Bool {
        words.indices.contains(index) && !taken[index]
    }

    /// Marks words as recognised.
    mutating func take(_ range: Range<Int>) {
        for index in range where words.indices.contains(index) { taken[index] = true }
    }

    /// Moves some words, with all that is known of them, to begin at `destination` (before the range, in
    /// the same clause: where clauses begin does not move).
    mutating func move(_ range: Range<Int>, to destination: Int) {
        let order = Array(0..<destination) + Array(range) + Array(destination..<range.lowerBound) + Array(range.upperBound..<count)
        let newPosition = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        words = order.map { words[$0] }
        taken = order.map { taken[$0] }
        possessive = order.map { possessive[$0] }
        protected = order.map { protected[$0] }
        joinedToPrevious = Set(joinedToPrevious.compactMap { newPosition[$0] })
    }

    /// Puts other words in place of some (an identifier's parts for its words).
    mutating func replace(_ range: Range<Int>, with replacement: [String]) {
        words.replaceSubrange(range, with: replacement)
        taken.replaceSubrange(range, with: replacement.map { _ in false })
        possessive.replaceSubrange(range, with: replacement.map { _ in false })
        protected.replaceSubrange(range, with: replacement.map { _ in false })
        func shifted(_ starts: Set<Int>) -> Set<Int> {
            Set(starts.map { $0 >= range.upperBound ? $0 + replacement.count - range.count : $0 })
        }
        clauseStarts = shifted(clauseStarts)
        quoteStarts = shifted(quoteStarts)
    }

    /// The positions from one on to the end (none when it is past the end).
    func positions(from start: Int) -> Range<Int> {
        min(start, count)..<count
    }

    /// Where the clause that holds a position ends: the next clause's start, or the end.
    func clauseEnd(after index: Int) -> Int {
        clauseStarts.filter { $0 > index }.min() ?? count
    }

    /// Where the clause that holds a position begins.
    func clauseStart(of index: Int) -> Int {
        clauseStarts.filter { $0 <= index }.max() ?? 0
    }

    /// The next position at or after `index` whose word is untaken, or nil.
    func nextUntaken(from index: Int) -> Int? {
        (index..<count).first { !taken[$0] }
    }

    /// The words of a range.
    subscript(range: Range<Int>) -> [String] {
        Array(words[range])
    }

    /// The longest phrase of a table that starts at a free position and uses only free words.
    func match<Value>(_ table: PhraseTable<Value>, at index: Int) -> (length: Int, value: Value)? {
        guard isFree(index), table.hasPhrase(beginningWith: words[index]) else { return nil }
        return table.match(in: words, at: index, usable: isFree)
    }
}
