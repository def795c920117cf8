import Foundation

/// A request to resolve what a person said to entities: by name, by text, by
/// property, by what is on screen, or by all of these together.
public struct SearchQuery: Sendable {
    /// What the person said or typed: a name, words to search, or "this event".
    public var text: String
    /// Only entities of these types (the app a request is said in), but that a
    /// command that acts only on people acts on a person ("call her" over a
    /// mail finds her contact); empty for all types.
    public var types: Set<EntityType>
    /// Only matches in this property path (`notes`, `attendees.email`, `tags`); nil for all.
    public var property: String?
    /// Only entities whose dates or numbers lie in these ranges.
    public var ranges: [PropertyRange]
    /// What is on screen: "this", "the last message" and on-screen preference resolve against it.
    public var context: ScreenContext?
    /// Data the service keeps elsewhere, searched too and merged into the ranking
    /// (App Intents' `EntityStringQuery`).
    public var fallback: StringQueryFallback?
    /// Whether words also find their nearest words in meaning and results are
    /// re-ranked by meaning (needs the index's lexicon); on by default.
    public var usesMeaning: Bool
    /// Whether entities are also resolved by their names (typos, prefixes,
    /// other scripts); on by default. Off, only words in text count, as in a
    /// plain document search.
    public var matchesNames: Bool
    /// Whether each result says which properties matched (`SearchResult.matched`);
    /// on by default. Finding them reads posting lists after the search: turn it
    /// off for the fastest plain searches.
    public var reportsMatches: Bool
    /// Whether the text is understood as a request before it is searched: its
    /// command, screen reference, type, time, language, property and flag words
    /// (`RequestInterpretation`); on by default. Off, every word is searched,
    /// as in a plain document search, and results rank by relevance alone.
    public var understandsRequest: Bool
    /// The moment "tomorrow", "next Friday" and "the next meeting" are relative to.
    public var now: Date
    /// The time zone days and times of day are in.
    public var timeZone: TimeZone
    /// The most results to return.
    public var limit: Int

    /// The largest `limit` accepted.
    public static let maximumLimit = 10_000
    /// The most words a request read as a person says it may have (`understandsRequest`).
    public static let maximumRequestWords = 64
    /// The most words a plain search (`understandsRequest` off) may have.
    public static let maximumSearchWords = 512
    /// The most UTF-8 bytes of text either may have.
    public static let maximumTextBytes = 4096

    /// A request for `text`, optionally narrowed by type, property, ranges and
    /// context, understood at `now` in `timeZone` (the system's clock and zone by default).
    public init(_ text: String, types: Set<EntityType> = [], property: String? = nil, ranges: [PropertyRange] = [],
                context: ScreenContext? = nil, fallback: StringQueryFallback? = nil, usesMeaning: Bool = true,
                matchesNames: Bool = true, reportsMatches: Bool = true, understandsRequest: Bool = true,
                now: Date = Date(), timeZone: TimeZone = .current, limit: Int = 10) {
        self.text = text
        self.types = types
        self.property = property
        self.ranges = ranges
        self.context = context
        self.fallback = fallback
        self.usesMeaning = usesMeaning
        self.matchesNames = matchesNames
        self.reportsMatches = reportsMatches
        self.understandsRequest = understandsRequest
        self.now = now
        self.timeZone = timeZone
        self.limit = limit
    }

    /// Throws unless the query can be run as given: a limit in range, types
    /// the schemas know, and a property and ranges that one of those types has.
    func validate(against schemas: SchemaRegistry) throws {
        guard (1...Self.maximumLimit).contains(limit) else {
            throw EntityIndexError(.invalidQuery, "the limit must be between 1 and \(Self.maximumLimit), not \(limit)")
        }
        // Bounded work: a text past these is refused before any of it is read.
        guard text.utf8.count <= Self.maximumTextBytes else {
            throw EntityIndexError(.invalidQuery, """
                the request is \(text.utf8.count) bytes long; at most \(Self.maximumTextBytes) are read: shorten it
                """)
        }
        let words = Self.wordCount(of: text)
        let maximumWords = understandsRequest ? Self.maximumRequestWords : Self.maximumSearchWords
        guard words <= maximumWords else {
            throw EntityIndexError(.invalidQuery, """
                the request has \(words) words; at most \(maximumWords) are read \
                \(understandsRequest ? "as a person says a request (search it plainly for up to \(Self.maximumSearchWords))" : "in a search"): \
                shorten it
                """)
        }
        for type in types.sorted() where schemas.schema(for: type)?.isTransient != false {
            throw EntityIndexError(.invalidQuery, """
                unknown type "\(type)": known types are \(schemas.searchableTypes.map(\.rawValue).joined(separator: ", "))
                """)
        }
        // A search naming no property and no range (most) is done here.
        guard property != nil || !ranges.isEmpty else { return }
        let searched = types.isEmpty ? schemas.searchableTypes : Array(types)
        func kinds(of path: String) -> [ValueKind] { searched.compactMap { schemas.property(at: path, of: $0)?.kind } }
        if let property, kinds(of: property).isEmpty {
            throw EntityIndexError(.invalidQuery, """
                no type searched has a property "\(property)": 'entity-index schema' lists each type's properties
                """, property: property)
        }
        for range in ranges {
            guard range.lower != nil || range.upper != nil else {
                throw EntityIndexError(.invalidQuery, "the range on \"\(range.property)\" needs a lower or an upper bound",
                                       property: range.property)
            }
            // Value slots hold an entity's own date and number properties, not its parts'.
            let sortable = searched.contains { schemas.schema(for: $0)?.property(named: range.property)?.kind.isSortable == true }
            guard sortable else {
                throw EntityIndexError(.invalidQuery, """
                    no type searched has a date or number property "\(range.property)" to take a range on: \
                    'entity-index schema' lists each type's properties
                    """, property: range.property)
            }
        }
    }

    /// The words of a text, counted where whitespace ends, by Unicode scalar
    /// (splitting it into characters would cost more than some searches).
    private static func wordCount(of text: String) -> Int {
        var words = 0, afterWhitespace = true
        for scalar in text.unicodeScalars {
            let isWhitespace = scalar.properties.isWhitespace
            if afterWhitespace && !isWhitespace { words += 1 }
            afterWhitespace = isWhitespace
        }
        return words
    }
}

/// A range of a date or number property; either bound may be open.
public struct PropertyRange: Sendable, Hashable {
    /// The property's name (`startDate`, `sentAt`).
    public var property: String
    /// The smallest value accepted (seconds since 1970 for dates).
    public var lower: Double?
    /// The largest value accepted.
    public var upper: Double?

    /// A range of a number property.
    public init(_ property: String, from lower: Double? = nil, to upper: Double? = nil) {
        self.property = property
        self.lower = lower
        self.upper = upper
    }

    /// A range of a date property.
    public init(_ property: String, from lower: Date? = nil, to upper: Date? = nil) {
        self.init(property, from: lower?.timeIntervalSince1970, to: upper?.timeIntervalSince1970)
    }
}

/// What the person sees: the entities on screen in order, and the one in focus.
public struct ScreenContext: Sendable, Hashable {
    /// The visible entities, top to bottom.
    public var visible: [EntityIdentifier]
    /// The entity the person is looking at ("this event"), if any.
    public var focused: EntityIdentifier?

    /// A screen with visible entities and an optional focused one.
    public init(visible: [EntityIdentifier] = [], focused: EntityIdentifier? = nil) {
        self.visible = visible
        self.focused = focused
    }

    /// Everything shown once, in screen order: the visible entities, then the
    /// focused one if it is not among them.
    var shown: [EntityIdentifier] {
        (visible + (focused.map { [$0] } ?? [])).uniqued
    }
}

/// A search over data the service keeps outside the index; it returns
/// candidates scored from 0 (barely) to 1 (certainly) for a query's text.
public typealias StringQueryFallback = @Sendable (String) throws -> [FallbackCandidate]

/// An entity found by a `StringQueryFallback`.
public struct FallbackCandidate: Sendable, Hashable {
    /// The entity's type and id.
    public var identifier: EntityIdentifier
    /// How well it fits, from 0 to 1, on the same scale as name matches.
    public var score: Double
    /// Its display title.
    public var title: String
    /// Its display subtitle.
    public var subtitle: String?

    /// A candidate with a score from 0 to 1.
    public init(identifier: EntityIdentifier, score: Double, title: String, subtitle: String? = nil) {
        self.identifier = identifier
        self.score = score
        self.title = title
        self.subtitle = subtitle
    }
}

/// One ranked entity in an answer.
public struct SearchResult: Sendable, Hashable, Codable {
    /// The entity's type and id.
    public var identifier: EntityIdentifier
    /// How well it fits, from 0 to 1 (see `Resolution` for the scale).
    public var score: Double
    /// The entity's display title.
    public var title: String?
    /// The entity's display subtitle, when its type has one.
    public var subtitle: String?
    /// The property paths that matched (`title`, `attendees.name`), with
    /// `focused`, `visible` or `fallback` when those decided (words' paths only
    /// when the query `reportsMatches`).
    public var matched: [String]
    /// For a request with a time, the occurrence of the entity that matched it
    /// (for a recurring event, the one in the range or the next one).
    public var occurrence: Date?

    /// A result for an entity.
    public init(identifier: EntityIdentifier, score: Double, title: String?, subtitle: String? = nil, matched: [String] = [],
                occurrence: Date? = nil) {
        self.identifier = identifier
        self.score = score
        self.title = title
        self.subtitle = subtitle
        self.matched = matched
        self.occurrence = occurrence
    }
}
