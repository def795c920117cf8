extension IndexReader {
    /// The name a word is the possessive of, typed without the apostrophe
    /// ("selins": selin, "martas": marta): when the word without its final "s"
    /// is a word of a person's name (`personTypes`) and the word itself is
    /// no word the lexicon knows ("plans") nor in any entity's text or names;
    /// nil otherwise.
    func name(possessiveWithoutApostrophe word: String, personTypes: Set<EntityType>, lexicon: Lexicon?) throws -> String? {
        let name = String(word.dropLast())
        guard lexicon?.id(of: word) == nil, try database.termFrequency(IndexLayout.nameTerm(name)) > 0,
              try database.termFrequency(IndexLayout.nameTerm(word)) == 0, try database.termFrequency(word) == 0
        else { return nil }
        return try isWord(ofAPersonsName: name, personTypes: personTypes) ? name : nil
    }

    /// Whether a word is a word of some person's name (an entity of `personTypes`).
    func isWord(ofAPersonsName word: String, personTypes: Set<EntityType>) throws -> Bool {
        let person = try Query.combine(.filter, [try Query.term(IndexLayout.nameTerm(word)), try Query.ofTypes(personTypes)])
        return try database.search(person.scaled(by: 0), limit: 1).count > 0
    }
}
