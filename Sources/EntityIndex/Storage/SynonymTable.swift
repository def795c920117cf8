/// Where an index keeps its typo synonyms (`Spelling`'s deletion variants,
/// each leading to the name words it comes from): Xapian's synonym table, or
/// a table of the store's own where Xapian has none (`MemoryStore`).
protocol SynonymTable: AnyObject {
    /// Records a synonym under a key (idempotent; part of the writer's current transaction).
    func addSynonym(_ synonym: String, under key: String) throws
    /// The synonyms recorded under a key.
    func synonyms(under key: String) throws -> [String]
}

extension Database: SynonymTable {}
