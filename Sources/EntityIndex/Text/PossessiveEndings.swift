/// How possessive endings come off folded words ("amara's" -> "amara"), as a
/// request vocabulary says them; the words it reads whole ("what's") keep
/// theirs. Names are read with them when indexed as requests are when resolved.
struct PossessiveEndings: Sendable {
    /// The endings, longest first.
    let suffixes: [String]
    /// Words read whole, never as a possessive.
    let wholeWords: Set<String>

    /// A folded word without its possessive ending, and whether it had one.
    func stripping(_ word: String) -> (word: String, wasPossessive: Bool) {
        guard !wholeWords.contains(word) else { return (word, false) }
        for suffix in suffixes where word.hasSuffix(suffix) && word.count > suffix.count {
            return (String(word.dropLast(suffix.count)), true)
        }
        return (word, false)
    }
}
