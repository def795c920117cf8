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

    /// The most UTF-8 bytes a keyword or identifier value may have as it is
    /// matched (`wholeValue`: lowercased, without whitespace): it is matched whole as one Xapian term, and a term (with its
    /// prefix) must fit Xapian's limit of 245 bytes (`IndexLayout.maximumWholeValueLength(atPath:)`).
    /// Donations are checked against it, in memory as on disk.
    public static let maximumWholeValueLength = 180

    /// Whether values are matched whole, as one term.
    var matchesWhole: Bool { self == .keywords || self == .identifier }

    /// A value as it is matched whole: lowercased, without whitespace.
    static func wholeValue(_ text: String) -> String {
        let lowered = text.lowercased()
        if lowered.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (most text): its whitespace is tab to carriage return and the space. Filtering
            // bytes spares appending scalars one by one, 3% of a plain search (which does it once).
            return String(decoding: lowered.utf8.filter { $0 != 0x20 && !(0x09...0x0D).contains($0) }, as: UTF8.self)
        }
        var value = String.UnicodeScalarView()
        value.append(contentsOf: lowered.unicodeScalars.lazy.filter { !$0.properties.isWhitespace })
        return String(value)
    }
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
    /// The words a request uses for the property and its values.
    public var words: PropertyWords
    /// Values that say the entity no longer takes place (an event's
    /// "cancelled"): a request that names none of the property's values ranks
    /// such entities after the others, and never resolves on one of them alone.
    public var withdrawnValues: [String]
    /// Whether its values are addresses of the index's owner, who says "I" in
    /// a request (a mailbox's account): "the mail I sent" is from one of them.
    public var identifiesOwner: Bool

    /// A property. Unless told otherwise, one that holds text (strings, places,
    /// enumerations, transient entities) is searched as body text and any other
    /// (dates, numbers, references) is not searched.
    public init(_ name: String, _ kind: ValueKind, required: Bool = false,
                searchable: Searchability? = nil, language: Language? = nil, words: PropertyWords = PropertyWords(),
                withdrawn withdrawnValues: [String] = [], identifiesOwner: Bool = false) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.searchability = searchable ?? (kind.holdsText ? .text : .notSearched)
        self.language = language
        self.words = words
        self.withdrawnValues = withdrawnValues
        self.identifiesOwner = identifiesOwner
    }
}

/// How people speak of a property in a request, in any language: what they
/// call it, the words that bring in one of its values, and, for a flag, the
/// words that say it is set or not.
public struct PropertyWords: Sendable, Hashable {
    /// What people call the property ("email address", "phone number"):
    /// "Inês's email address" asks for the entity that has one.
    public var names: [String]
    /// Words that bring in a value of the property: "from" Amara (a sender),
    /// "with" Mateo (attendees), "tagged" hydroponics (tags). A phrase is
    /// several words ("tagged with").
    public var cues: [String]
    /// For a flag: words that say it is true ("favourite", "starred").
    public var whenTrue: [String]
    /// For a flag: words that say it is false ("unread").
    public var whenFalse: [String]

    /// Words for a property; each list may be empty.
    public init(names: [String] = [], cues: [String] = [], whenTrue: [String] = [], whenFalse: [String] = []) {
        self.names = names
        self.cues = cues
        self.whenTrue = whenTrue
        self.whenFalse = whenFalse
    }

    /// Words that bring in a value of the property.
    public static func cues(_ cues: String...) -> PropertyWords {
        PropertyWords(cues: cues)
    }
}
