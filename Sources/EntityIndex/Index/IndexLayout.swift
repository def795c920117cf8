/// How entities map onto Xapian terms and value slots. The one place that
/// knows the term prefixes, so indexing and querying cannot drift apart.
enum IndexLayout {
    /// The value slot holding what a search result shows — type, id and title,
    /// NUL-separated — so a result costs one value read and no JSON decoding.
    static let summarySlot: UInt32 = 0

    /// The summary stored for an entity (see `summarySlot`); type and id hold no NUL.
    static func summary(of entity: Entity) -> String {
        "\(entity.type.rawValue)\u{0}\(entity.id)\u{0}\(entity.displayTitle ?? "")"
    }

    /// The identifier and title in a stored summary.
    static func identifierAndTitle(fromSummary summary: String) -> (EntityIdentifier, title: String?) {
        // Split on bytes: a search reads a summary per result, and Character-level
        // splitting showed up in profiles.
        let bytes = summary.utf8
        let typeEnd = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let idStart = typeEnd == bytes.endIndex ? typeEnd : bytes.index(after: typeEnd)
        let idEnd = bytes[idStart...].firstIndex(of: 0) ?? bytes.endIndex
        let titleStart = idEnd == bytes.endIndex ? idEnd : bytes.index(after: idEnd)
        let identifier = EntityIdentifier(type: EntityType(rawValue: String(summary[..<typeEnd])),
                                          id: String(summary[idStart..<idEnd]))
        return (identifier, titleStart == bytes.endIndex ? nil : String(summary[titleStart...]))
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
