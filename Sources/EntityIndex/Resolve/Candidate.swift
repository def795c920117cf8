import Foundation

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

    /// The index record, when it was read already (its summary is parsed only if shown).
    var record: RecordReader?
    /// The occurrence that matched a request's time, in seconds since 1970.
    var occurrence: Double?
    /// Whether it passes the request's filters (a name said whole may not: "Friday Pizza Night").
    var passesFilter = true
    /// The share of the request it accounts for (see `Coverage`).
    var share: Double?
    /// The part of `share` held by property values and asked-for types (see `Coverage.Measure`).
    var valueShare = 0.0
    /// How relevant its text is to the request's words, from 0 to 1 (the best match), when it matched by text.
    var relevance: Double?
    /// How well its name fits the request's words as said, commands and time words included.
    var rawNameScore: Double?
    /// Its record's names, once read for scoring (a request's candidates are scored against them several times).
    var names: [EntityName]?
    /// How well its name fits the request's content words (0 when they fit no name).
    var nameFit = 0.0
    /// Its meaning, when it is among the entities nearest the request's: a word
    /// it does not hold counts as far as the word's meaning is part of it.
    var meaning: MeaningVector?

    /// Whether only its nearness in meaning found it: it says none of the request's words.
    var isFoundByMeaningOnly: Bool { matched == ["meaning"] }

    /// A candidate from the index, with its record when it was read already.
    init(documentID: UInt32, score: Double, matched: [String] = [], record: RecordReader? = nil) {
        self.documentID = documentID
        self.score = score
        self.matched = matched
        self.record = record
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
        record = record ?? other.record
        names = names ?? other.names
        occurrence = occurrence ?? other.occurrence
        meaning = meaning ?? other.meaning
    }

    /// Reads the document's record unless it was read already.
    mutating func readRecord(from database: Database) throws {
        guard record == nil, let documentID, let document = try database.document(id: documentID) else { return }
        record = try document.record()
    }

    /// Reads the records of those of `candidates` not read yet, in one pass
    /// over the index (`Database.records(of:)`).
    static func readRecords(of candidates: inout some MutableCollection<Candidate>, from database: Database) throws {
        let unread = candidates.indices.filter { candidates[$0].record == nil && candidates[$0].documentID != nil }
        guard !unread.isEmpty else { return }
        for (index, record) in zip(unread, try database.records(of: unread.map { candidates[$0].documentID! })) {
            candidates[index].record = record
        }
    }

    /// Fills in the identifier, title and subtitle from the document's record
    /// (reading it now unless it was read already).
    mutating func readSummary(from database: Database) throws {
        guard identifier == nil else { return }
        try readRecord(from: database)
        guard let summary = record?.summary else { return }
        (identifier, title, subtitle) = (summary.identifier, summary.title, summary.subtitle)
    }

    var result: SearchResult? {
        identifier.map {
            SearchResult(identifier: $0, score: score, title: title, subtitle: subtitle, matched: matched,
                         occurrence: occurrence.map(Date.init(timeIntervalSince1970:)))
        }
    }
}
