/// The version of `IndexLayout` an index was written in, kept in its metadata,
/// so that an index from another version is refused with advice, not misread.
enum IndexFormat {
    /// The metadata key of the format.
    static let key = "entity-index.format"
    /// The format this version writes and reads. Format 1 (no key) kept the
    /// entity as the document's data; format 2 keeps it in `IndexLayout.entitySlot`;
    /// format 3 adds references, flags, languages, identifier parts, recurrences
    /// and the entity's time to what is indexed; format 4 keeps the record's
    /// title and subtitle by length, so that they may hold any text (NUL too);
    /// format 5 links words to their neighbours in meaning in the synonym
    /// table instead of giving each document its words' neighbours as terms;
    /// format 6 leads each link with the neighbour's rank; format 7 adds the
    /// blocks of time an entity goes on in (`TimeBuckets`); format 8 keeps in a
    /// recurring entity's rule the offset its first date was written with.
    static let current = "8"

    /// Whether nothing was written to the index yet, not even its format.
    static func isUnstamped(_ database: Database) throws -> Bool {
        try database.metadata(key).isEmpty && database.documentCount() == 0
    }

    /// Records the current format in an index that `isUnstamped` (inside the
    /// writer's transaction, where its store has them).
    static func stamp(_ database: Database) throws {
        try database.setMetadata(current, for: key)
    }

    /// Throws unless the index was written in the current format.
    static func check(_ database: Database, path: String?) throws {
        let found = try database.metadata(key)
        if found == current { return }
        // An empty index that its writer has yet to stamp has nothing to misread.
        if found.isEmpty, try database.documentCount() == 0 { return }
        let location = path.map { "at \($0)" } ?? "in memory"
        throw EntityIndexError(.incompatibleIndex, """
            the index \(location) was written by another version of EntityIndex (format \(found.isEmpty ? "1" : found), \
            this version reads \(current)): delete it and donate the entities again
            """)
    }
}
