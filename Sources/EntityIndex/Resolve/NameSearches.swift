/// The name searches one request makes, each made once: the words as said
/// and as understood often ask Xapian the same ("From Tracker", when nothing
/// is from Tracker, looks for the name "Tracker" both ways). Each asker
/// scores the matches with its own words. Kept for one request only, over
/// one revision, where the same description is the same search.
final class NameSearches {
    /// A match: its document and its record.
    typealias Match = (documentID: UInt32, record: RecordReader?)

    /// The matches of each search made, by its limit and Xapian's description of its query.
    var made: [String: [Match]] = [:]
}
