/// How a property's text is searched.
public enum Searchability: String, Sendable, Hashable, Codable, CaseIterable {
    /// A name or title: what a person calls the entity ("the Lunar Orbit Log").
    case title
    /// Body text: notes, message bodies, descriptions.
    case text
    /// Tags and categories: each value is matched as words and as a whole.
    case keywords
    /// An exact identifier such as an email or phone number: matched whole, not as words.
    case identifier
    /// Not searched; kept and returned only.
    case notSearched
}

/// One property of an entity type.
public struct PropertySchema: Sendable, Hashable {
    /// The property's name in the entity's `properties`.
    public var name: String
    /// What kind of value it holds.
    public var kind: ValueKind
    /// Whether every entity of the type must have it.
    public var isRequired: Bool
    /// How its text is searched.
    public var searchability: Searchability
    /// The language its text is always in; nil for the index's default language.
    public var language: Language?

    /// A property. Unless told otherwise, one that holds text (strings, places,
    /// enumerations, transient entities) is searched as body text and any other
    /// (dates, numbers, references) is not searched.
    public init(_ name: String, _ kind: ValueKind, required: Bool = false,
                searchable: Searchability? = nil, language: Language? = nil) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.searchability = searchable ?? (kind.holdsText ? .text : .notSearched)
        self.language = language
    }
}
