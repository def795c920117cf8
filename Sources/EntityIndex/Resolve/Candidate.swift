/// An entity on its way to becoming a result: its score so far, what matched,
/// and (for text matches) its document, to find the matching properties later.
struct Candidate {
    var identifier: EntityIdentifier
    var score: Double
    var title: String?
    var subtitle: String?
    var matched: [String]
    var document: Document?

    /// Keeps the better score of two findings of one entity and every match.
    mutating func merge(_ other: Candidate) {
        if other.score > score {
            score = other.score
        }
        for property in other.matched where !matched.contains(property) {
            matched.append(property)
        }
        title = title ?? other.title
        subtitle = subtitle ?? other.subtitle
        document = document ?? other.document
    }

    var result: SearchResult {
        SearchResult(identifier: identifier, score: score, title: title, subtitle: subtitle, matched: matched)
    }
}

extension Candidate {
    /// A candidate from a matching document's stored summary.
    init(document: Document, score: Double, matched: [String]) throws {
        let summary = IndexLayout.parseSummary(try document.value(slot: IndexLayout.summarySlot))
        self.init(identifier: summary.identifier, score: score, title: summary.title, subtitle: summary.subtitle,
                  matched: matched, document: document)
    }
}
