extension Lexicon {
    /// The ids a word means: its own, or the parts' of a compound the lexicon
    /// lacks (`parts(of:)`); nil when neither.
    func ids(meaning word: String) -> [Int]? {
        id(of: word).map { [$0] } ?? parts(of: word)
    }

    /// The fewest letters a part of a compound has ("haus", "zahn").
    static let compoundPartLength = 4
    /// The most parts a compound is split into.
    static let compoundParts = 3

    /// The known words a word the lexicon lacks is made of, as German writes
    /// compounds ("einkaufsliste": einkauf and liste, joined by an "s";
    /// "kinderzahnarzt": kinder and zahnarzt) and English some
    /// ("spacewalk"): the fewest parts that make the whole word, the longest
    /// first ones among them, in order (the last is the head, which says what
    /// the thing is). Nil when the lexicon knows the word, or it is no such compound.
    func parts(of word: String) -> [Int]? {
        let letters = Array(word)
        guard letters.count >= 2 * Self.compoundPartLength, letters.allSatisfy(\.isLetter), id(of: word) == nil else { return nil }
        // best[start]: the fewest known parts (with their ids) that spell the letters from `start` to the end.
        var best: [[Int]?] = Array(repeating: nil, count: letters.count + 1)
        best[letters.count] = []
        for start in stride(from: letters.count - Self.compoundPartLength, through: 0, by: -1) {
            // A part is a known word; after the first, a linking "s" may come before it.
            let partStarts = start > 0 && letters[start] == "s" ? [start, start + 1] : [start]
            for partStart in partStarts {
                for end in stride(from: letters.count, through: partStart + Self.compoundPartLength, by: -1) {
                    guard let rest = best[end], rest.count < Self.compoundParts,
                          let part = id(of: String(letters[partStart..<end])) else { continue }
                    let split = [part] + rest
                    if best[start].map({ split.count < $0.count }) ?? true { best[start] = split }
                }
            }
        }
        guard let split = best[0], split.count > 1 else { return nil }
        return split
    }

    /// The most letters an inflected form's ending differs by ("dentystę" for "dentysta").
    static let formEndingLength = 2
    /// The fewest letters the form and its word share.
    static let formStemLength = 5

    /// The id of the commonest word the lexicon holds that a word it lacks is an
    /// inflected form of, as languages the lexicon lists in one form decline
    /// others ("dentystę", "dentysty": "dentysta"): a word that shares all but
    /// its last letter or two, and ends in at most three letters of its own. Nil
    /// when the lexicon knows the word, or holds no such word.
    func formID(of word: String) -> Int? {
        let letters = Array(word)
        guard letters.count > Self.formStemLength, letters.allSatisfy(\.isLetter), id(of: word) == nil else { return nil }
        for cut in 1...Self.formEndingLength where letters.count - cut >= Self.formStemLength {
            let stem = String(letters.dropLast(cut))
            let forms = ids(startingWith: stem).filter { self.word($0).count <= stem.count + Self.formEndingLength + 1 }
            if let commonest = forms.max(by: { zipfFrequency(of: $0) < zipfFrequency(of: $1) }) { return commonest }
        }
        return nil
    }
}
