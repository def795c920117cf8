/// A free-text search request.
public struct SearchQuery: Sendable, Hashable {
    /// What the person said or typed.
    public var text: String
    /// Only entities of these types; empty for all types.
    public var types: Set<EntityType>
    /// The most results to return.
    public var limit: Int

    /// The largest `limit` accepted.
    public static let maximumLimit = 10_000

    /// A search for `text`, optionally restricted to some types.
    public init(_ text: String, types: Set<EntityType> = [], limit: Int = 10) {
        self.text = text
        self.types = types
        self.limit = limit
    }

    func validate() throws {
        guard (1...Self.maximumLimit).contains(limit) else {
            throw EntityIndexError(.invalidQuery, "the limit must be between 1 and \(Self.maximumLimit), not \(limit)")
        }
    }
}

/// One ranked entity in the answer to a search.
public struct SearchResult: Sendable, Hashable, Codable {
    /// The entity's type and id.
    public var identifier: EntityIdentifier
    /// The relevance score (BM25); higher is better, comparable within one search only.
    public var score: Double
    /// The entity's display title.
    public var title: String?
    /// The entity's display subtitle, when its type has one.
    public var subtitle: String?

    /// A result for an entity with a score, a title and a subtitle.
    public init(identifier: EntityIdentifier, score: Double, title: String?, subtitle: String? = nil) {
        self.identifier = identifier
        self.score = score
        self.title = title
        self.subtitle = subtitle
    }
}
