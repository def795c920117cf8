/// An entity on its way to becoming a result: its score so far and what
/// matched. Index entities are known by document id until the end, so that
/// only the results shown pay for reading their summaries.
struct Candidate {
    /// The index document, or nil for an entity from a fallback.
    var documentID: UInt32?
    /// The entity's type and id, once known.
    var identifier: EntityIdentifier?
    var score: Double
    var title: String?
    var subtitle: String?
    var matched: [String]

    /// A candidate from the index, with its record when it was read already.
    init(documentID: UInt32, score: Double, matched: [String] = [], record: EntityRecord? = nil) {
        self.documentID = documentID
        self.score = score
        self.matched = matched
        identifier = record?.identifier
        title = record?.title
        subtitle = record?.subtitle
    }

    /// A candidate from a fallback, already known in full.
    init(fallback: FallbackCandidate) {
        identifier = fallback.identifier
        score = min(max(fallback.score, 0), 1)
        title = fallback.title
        subtitle = fallback.subtitle
        matched = ["fallback"]
    }

    /// Keeps the better score of two findings of one entity and every match.
    mutating func merge(_ other: Candidate) {
        score = max(score, other.score)
        for property in other.matched where !matched.contains(property) {
            matched.append(property)
        }
        identifier = identifier ?? other.identifier
        title = title ?? other.title
        subtitle = subtitle ?? other.subtitle
    }

    /// Fills in the identifier, title and subtitle from the document's record.
    mutating func readSummary(from database: Database) throws {
        guard identifier == nil, let documentID, let document = try database.document(id: documentID),
              let record = EntityRecord(encoded: try document.valueBytes(slot: EntityRecord.slot)) else { return }
        (identifier, title, subtitle) = (record.identifier, record.title, record.subtitle)
    }

    var result: SearchResult? {
        identifier.map { SearchResult(identifier: $0, score: score, title: title, subtitle: subtitle, matched: matched) }
    }
}
