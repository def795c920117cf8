import CXapianShim

/// Splits text into normalised words with ICU: NFKC case folding, Latin accent
/// folding and dictionary-based word segmentation (Chinese and Japanese too),
/// elided articles cut off ("l'album": `Elision`). Index and query text go
/// through the same function. Thread-safe.
func normalizedWords(in text: String) throws -> [String] {
    try splitWords(text, with: eix_text_words).map(Elision.stripping)
}

/// The words of text spelled in Latin letters, as a person would type a name
/// from another script: "Ольга Петрова" gives ["olga", "petrova"].
func latinWords(in text: String) throws -> [String] {
    try splitWords(text, with: eix_text_latin_words)
}

private typealias ShimSplitter = (UnsafePointer<CChar>, Int, UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>?,
                                  UnsafeMutablePointer<eix_error>?) -> UnsafeMutablePointer<CChar>?

private func splitWords(_ text: String, with splitter: ShimSplitter) throws -> [String] {
    var count = 0
    let joined = try text.withBytes { bytes, length in
        try withEngineString { splitter(bytes, length, $0, &count, $1) }
    }
    var words: [String] = []
    words.reserveCapacity(count)
    for word in joined.utf8.split(separator: 0) {
        words.append(String(decoding: word, as: UTF8.self))
    }
    return words
}

/// One stemmer per language, created on first use. Not thread-safe (Xapian's
/// stemmers are not): each reader and the writer keep their own.
final class Stemmers {
    private var byLanguage: [Language: Stemmer] = [:]

    /// The stemmer for a language; a language Xapian cannot stem is not stemmed.
    func stemmer(for language: Language) -> Stemmer {
        if let stemmer = byLanguage[language] { return stemmer }
        let stemmer = (try? Stemmer(language: language.rawValue)) ?? (try! Stemmer(language: ""))
        byLanguage[language] = stemmer
        return stemmer
    }
}
