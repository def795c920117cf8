/// Articles, pronouns and prepositions that French, Italian and Catalan write
/// joined to the next word by an apostrophe: "l'album", "d'adresse",
/// "qu'il", "dell'anno". A word is searched without them, as Lucene's
/// ElisionFilter does, so "album" finds "Commander l'album". Index and
/// requests cut the same way, so a name such as "D'Arcy" is still found;
/// "O'Brien" and English contractions keep their apostrophe.
enum Elision {
    /// The elided words, folded, without their apostrophe.
    static let prefixes: Set<Substring> = [
        "l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu",  // French
        "dell", "nell", "all", "dall", "sull", "coll", "un", "quest", "quell",  // Italian
    ]

    /// The word without an elided prefix; the word itself when it has none.
    static func stripping(_ word: String) -> String {
        guard word.utf8.contains(UInt8(ascii: "'")), let apostrophe = word.firstIndex(of: "'") else { return word }
        let rest = word[word.index(after: apostrophe)...]
        guard !rest.isEmpty, prefixes.contains(word[..<apostrophe]) else { return word }
        return String(rest)
    }
}
