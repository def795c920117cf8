/// The language of a text, as Xapian names its stemmers ("en", "de", "french", …).
public struct Language: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    /// A language name or ISO 639 code; empty for "do not stem".
    public let rawValue: String

    /// A language from its name or code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A language from a string literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// English, the default.
    public static let english = Language(rawValue: "en")
    /// No stemming: words are matched as written (after normalisation).
    public static let unstemmed = Language(rawValue: "")

    /// Whether text is a BCP 47 language tag in its common form: a primary
    /// language of two or three letters, then subtags of 2 to 8 letters or digits
    /// ("ja", "pt-BR", "zh-Hant-TW").
    public static func isCode(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, (2...3).contains(primary.count),
              primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// The primary language of a BCP 47 code, lower-cased ("pt-BR" -> "pt").
    static func primaryCode(of code: String) -> String {
        String(code.prefix { $0 != "-" }).lowercased()
    }
}
