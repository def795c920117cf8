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
}
