/// A read handle on an index with its own stemmers. Used by one thread at a time.
final class IndexReader {
    let database: Database
    let stemmers = Stemmers()
    /// The in-process writer's commit count when the reader was last brought up to date.
    var generation = -1
    /// The index directory of a read-only handle, whose newer revisions are checked before
    /// Xapian reads them (`refresh()`); nil for the writer's own handle.
    private let path: String?
    /// The directories of the index's databases (its shards).
    private let databasePaths: [String]
    /// The version files of the revision this reader reads.
    private var versionFile: [UInt8] = []

    /// A reader on the writer's own handle.
    init(database: Database) {
        self.database = database
        path = nil
        databasePaths = []
    }

    /// A read-only handle on the index at `path`, all its shards as one,
    /// checked first as at opening (`IndexDirectory`): it may have changed since.
    init(openingReadOnly path: String) throws {
        // Read before Xapian opens: a commit in between only makes the next refresh reopen.
        databasePaths = try IndexShards.databasePaths(of: path)
        versionFile = try IndexDirectory.versionFiles(of: databasePaths)
        _ = try IndexDirectory.inspect(path)
        database = try Database(shards: databasePaths, mode: .readOnly)
        self.path = path
    }

    /// Moves to the latest committed revision. A new revision's version file is
    /// checked first, as at opening: Xapian trusts it.
    /// - Parameter always: reopen even when the version file looks unchanged.
    func refresh(always: Bool = false) throws {
        guard let path else {
            try database.reopen()
            return
        }
        let latest = try IndexDirectory.versionFiles(of: databasePaths)
        guard always || latest != versionFile else { return }  // the same revision: nothing to reopen
        _ = try IndexDirectory.inspect(path)
        try database.reopen()
        versionFile = latest
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
                try refresh(always: true)
            }
        }
    }
}
