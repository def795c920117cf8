/// A read handle on an index with its own stemmers. Used by one thread at a time.
final class IndexReader {
    let database: Database
    /// Where the typo synonyms are read (the database's own table, except in memory).
    let synonymTable: any SynonymTable
    let stemmers = Stemmers()
    /// The in-process writer's commit count when the reader was last brought up to date.
    var generation = -1
    /// The remote shards left out because they could not be reached (see
    /// `EntityIndex.UnreachableShards`); empty when every shard answers.
    let skippedShards: [ShardLocation]
    /// The index directory of a read-only handle, whose newer revisions are checked before
    /// Xapian reads them (`refresh()`); nil for the writer's own handle.
    private let path: String?
    /// The version files of the revision this reader reads (of its local shards).
    private var versionFile: [UInt8] = []
    /// Every entity's meaning vector as of the revision read, once a search
    /// needed them (`meaningTable(dimensions:)`); dropped when the reader moves on.
    var cachedMeaningTable: MeaningTable?
    /// Where the readers of one index share the table of the latest revision;
    /// nil for the writer's own reader and with remote shards (whose revisions
    /// the version files do not tell).
    private let sharedMeaningTable: SharedMeaningTable?

    /// A reader on the writer's own handle.
    init(database: Database, synonymTable: any SynonymTable) {
        self.database = database
        self.synonymTable = synonymTable
        skippedShards = []
        path = nil
        sharedMeaningTable = nil
    }

    /// A read-only handle on the index at `path`, all its shards as one,
    /// checked first as at opening (`IndexDirectory`): it may have changed since.
    /// - Parameter skippingUnreachable: leave out remote shards that cannot be
    ///   reached (`skippedShards`) rather than fail.
    /// - Parameter sharing: where readers of the index share their meaning table.
    init(openingReadOnly path: String, skippingUnreachable: Bool = false, sharing: SharedMeaningTable? = nil) throws {
        // Read before Xapian opens: a commit in between only makes the next refresh reopen.
        let shards = try IndexShards.databaseShards(of: path)
        versionFile = try IndexDirectory.versionFiles(of: shards)
        _ = try IndexDirectory.inspect(path)
        database = try Database(shards: shards, mode: .readOnly, skippingUnreachable: skippingUnreachable)
        synonymTable = database
        sharedMeaningTable = database.hasRemoteShards ? nil : sharing
        let locations = try IndexShards.locations(in: path)
        skippedShards = database.skippedShards.map { locations[$0] }
        self.path = path
    }

    /// Moves to the latest committed revision. A new revision's version file is
    /// checked first, as at opening: Xapian trusts it. With remote shards,
    /// whose revisions only their servers know, it always reopens.
    /// - Parameter always: reopen even when the version file looks unchanged.
    func refresh(always: Bool = false) throws {
        guard let path else {
            if try database.reopen() { cachedMeaningTable = nil }
            return
        }
        let latest = try IndexDirectory.versionFiles(of: database.shards)
        guard always || database.hasRemoteShards || latest != versionFile else { return }  // the same revision: nothing to reopen
        _ = try IndexDirectory.inspect(path)
        // Xapian says when it did not move (a remote shard's server is asked): what was read stays.
        if try database.reopen() { cachedMeaningTable = nil }
        versionFile = latest
    }

    /// The largest blocks of time the index's entities go on in (`TimeBuckets`), nil when none does.
    func timeExtent() throws -> ClosedRange<Int>? {
        TimeBuckets.largestBlocks(in: try database.terms(withPrefix: TimeBuckets.largestBlockPrefix).map(\.term))
    }

    /// Every entity's meaning vector, read once per revision and shared by the
    /// readers at it (132 bytes an entity with the bundled lexicon: 13 MB at 100,000).
    func meaningTable(dimensions: Int) throws -> MeaningTable {
        if let table = cachedMeaningTable, table.dimensions == dimensions { return table }
        let table = try sharedMeaningTable.map { try $0.table(of: versionFile, dimensions: dimensions, build: { try readMeaningTable(dimensions: dimensions) }) }
            ?? readMeaningTable(dimensions: dimensions)
        cachedMeaningTable = table
        return table
    }

    /// Every entity's meaning vector, read from the records in one stream of
    /// their value slot: 0.17–0.20 s at 100k entities, against 0.25–0.35 s
    /// reading each entity's document (a remote shard's Xapian still reads
    /// them one by one).
    private func readMeaningTable(dimensions: Int) throws -> MeaningTable {
        var table = MeaningTable(dimensions: dimensions)
        var types: [ArraySlice<UInt8>: EntityType] = [:]
        try database.forEachValue(inSlot: IndexLayout.recordSlot) { documentID, bytes in
            guard let record = RecordReader(Array(bytes)) else { return }
            let typeBytes = record.typeBytes
            let type = types[typeBytes] ?? EntityType(rawValue: String(decoding: typeBytes, as: UTF8.self))
            types[typeBytes] = type
            table.add(encoded: record.meaning, documentID: documentID, type: type)
        }
        return table
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
