/// One name of an entity — a title property's value — as words.
struct EntityName: Hashable, Sendable {
    /// The property it comes from (`title`, `name`, `nickname`).
    var property: String
    /// Its normalised words.
    var words: [String]
    /// Its words spelled in Latin letters, when it is written in another
    /// script ("Ольга Петрова" -> olga petrova); empty otherwise.
    var latinSpelling: [String]

    /// The name of a property's text; Latin spellings only for other scripts.
    /// Possessive endings are cut as requests cut them: "Amma's Birthday" is "amma birthday".
    init(property: String, text: String, possessiveEndings: PossessiveEndings) throws {
        self.property = property
        words = try normalizedWords(in: text).map { possessiveEndings.stripping($0).word }
        let latin = Self.isInOtherScript(text) ? try latinWords(in: text) : []
        latinSpelling = latin == words ? [] : latin
    }

    init(property: String, words: [String], latinSpelling: [String]) {
        self.property = property
        self.words = words
        self.latinSpelling = latinSpelling
    }

    /// Whether a name is written in a script other than Latin, so that it is spelt in Latin letters too.
    static func isInOtherScript(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value > 0x24F && $0.properties.isAlphabetic }
    }
}
