/// A read handle on an index with its own stemmers. Used by one thread at a time.
final class IndexReader {
    let database: Database
    let stemmers = Stemmers()
    /// The in-process writer's commit count when the reader was last brought up to date.
    var generation = -1

    init(database: Database) {
        self.database = database
    }

    /// Runs a read, reopening the snapshot and retrying when a writer has
    /// overwritten it (Xapian's `DatabaseModifiedError`), so readers never fail
    /// while a writer donates.
    func read<Result>(_ body: (IndexReader) throws -> Result) throws -> Result {
        var attempts = 0
        while true {
            do {
                return try body(self)
            } catch let error as EngineError where error.code == .databaseModified && attempts < 10 {
                attempts += 1
                try database.reopen()
            }
        }
    }
}
