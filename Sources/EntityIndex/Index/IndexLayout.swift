/// How entities map onto Xapian terms and value slots. The one place that
/// knows the term prefixes, so indexing and querying cannot drift apart.
enum IndexLayout {
    /// Value slots holding what a search result shows without decoding the entity.
    enum Slot {
        static let type: UInt32 = 0
        static let id: UInt32 = 1
        static let title: UInt32 = 2
    }

    /// Xapian's hard limit on a term's length in bytes.
    static let maximumTermLength = 245

    /// The unique term of an entity: `Q` + type + NUL + id.
    static func uniqueTerm(for identifier: EntityIdentifier) -> String {
        "Q\(identifier.type.rawValue)\u{0}\(identifier.id)"
    }

    /// The term every entity of a type carries (filters, deletes and counts by type).
    static func typeTerm(for type: EntityType) -> String {
        "T\(type.rawValue)"
    }

    /// The prefix of `typeTerm`, for listing the types in an index.
    static let typeTermPrefix = "T"

    /// The prefix of the words of all text properties together.
    static let generalTextPrefix = ""

    /// The prefix of the words of one property, so a query can target it.
    static func propertyPrefix(for property: String) -> String {
        "XP\(property):"
    }

    /// The term a stemmed word is indexed and searched as (see `eix_document_index_text`).
    static func stemmedTerm(_ stem: String, prefix: String = generalTextPrefix) -> String {
        "Z\(prefix)\(stem)"
    }
}
