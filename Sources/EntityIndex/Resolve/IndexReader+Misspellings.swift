extension IndexReader {
    /// How much rarer than the grammar word a word of the lexicon must be to
    /// be taken for a misspelling of it, in Zipf points (2: a hundred times
    /// rarer, as "comming" is than "coming", where "form" and "from" are both common).
    static let misspellingRarity = 2.0

    /// The grammar word a request's word misspells (`GrammarSpelling`), when
    /// no entity's text or names hold the word ("Evens" stays a name when
    /// someone is called so) nor a name word begins with it ("recert" for the
    /// CRRT recertification, not "recent"), and the lexicon lacks it or knows
    /// it as a word much rarer than the one meant; nil otherwise. Grammar words
    /// themselves are let go before the index is asked, and the index before
    /// the spelling: most other words said are held, and need no spelling.
    func grammarWord(misspelledAs word: String, spelling: GrammarSpelling, lexicon: Lexicon?, language: Language) throws -> String? {
        // Cheapest first: a name's word, then the text's, then the words of names it begins.
        guard spelling.mayMisspell(word), try database.termFrequency(IndexLayout.nameTerm(word)) == 0,
              try !holds(word, language: language), try database.terms(withPrefix: IndexLayout.nameTerm(word)).isEmpty,
              let meant = spelling.correction(of: word) else { return nil }
        guard let lexicon, let id = lexicon.id(of: word) else { return meant }
        guard let meantID = lexicon.id(of: meant),
              lexicon.zipfFrequency(of: id) + Self.misspellingRarity <= lexicon.zipfFrequency(of: meantID) else { return nil }
        return meant
    }

    /// Whether a word misspells a word of some entity's name ("tyxho" for
    /// Tycho): it may (`mayMisspellName(_:lexicon:language:)`), and a name word lies
    /// within its typo allowance.
    func misspellsName(_ word: String, lexicon: Lexicon?, language: Language) throws -> Bool {
        try mayMisspellName(word, lexicon: lexicon, language: language) && !(try NameResolver(reader: self).corrections(of: word)).isEmpty
    }

    /// Whether a word may be a typo of a name word: neither the lexicon, nor
    /// the index, nor any name holds it. One lexicon and two term look-ups.
    func mayMisspellName(_ word: String, lexicon: Lexicon?, language: Language) throws -> Bool {
        try lexicon?.id(of: word) == nil && !holds(word, language: language)
            && database.termFrequency(IndexLayout.nameTerm(word)) == 0
    }

    /// Whether some entity's text or identifiers hold a word: its stem in
    /// the index's language, the word as it is (what a language without a
    /// stemmer indexes), or an identifier's part ("mater" of outpatients@mater.ie).
    func holds(_ word: String, language: Language) throws -> Bool {
        let stem = try stemmers.stemmer(for: language).stem(word)
        return try Set([stem, word]).contains { try database.termFrequency(IndexLayout.stemmedTerm($0)) > 0 }
            || database.termFrequency(IndexLayout.anyIdentifierPrefix + word) > 0
    }
}
