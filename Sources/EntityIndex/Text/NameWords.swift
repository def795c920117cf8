/// The words that make a name what it is. Indexing keys whole names by them
/// (`IndexLayout.wholeNameTerm`) and resolving scores names by them
/// (`NameScoring`), so both read names alike.
enum NameWords {
    /// Small words a person adds around a name ("the", "with"); they neither
    /// count for nor against a name.
    static let stopWords: Set<String> = [
        "a", "an", "and", "at", "by", "for", "from", "in", "into", "my", "of", "on", "or", "our",
        "the", "to", "with", "about", "called", "named",
    ]

    /// A name's distinct words other than stop words, in order ("the Crew
    /// Lunch" and "crew lunch" agree); all its distinct words when every one
    /// is a stop word.
    static func significant(_ words: [String]) -> [String] {
        var seen: Set<String> = []
        let distinct = words.filter { seen.insert($0).inserted }
        let content = distinct.filter { !stopWords.contains($0) }
        return content.isEmpty ? distinct : content
    }
}
