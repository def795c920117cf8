/// An index in memory only, gone when released: Xapian's in-memory backend,
/// and the one place that makes up for what it lacks. It has no transactions,
/// so the writer builds a whole batch's documents before changing anything;
/// no synonym table, so the typo synonyms live in a table of its own; and
/// one handle, which reads share with the writer, under its lock; and one shard.
final class MemoryStore: IndexStoreWriter {
    private let writer: Locked<IndexWriter>

    /// A new, empty index in memory, its format stamped (no transaction: see above).
    /// - Parameter shardLocations: nil, or the one local shard.
    init(configuration: IndexConfiguration, shardLocations: [ShardLocation]?) throws {
        guard (shardLocations ?? [.local]) == [.local] else {
            throw EntityIndexError(.invalidQuery, "an index in memory has one local shard; give it a directory to shard it")
        }
        let database = try Database(shards: [.memory], mode: .writable)
        try IndexFormat.stamp(database)
        writer = Locked(IndexWriter(database: database, synonymTable: MemorySynonyms(), undoesFailedBatches: false,
                                    configuration: configuration))
    }

    func read<Result>(_ body: (IndexReader) throws -> Result) throws -> Result {
        try writer.withLock { try $0.reader.read(body) }
    }

    func write<Result>(_ body: (IndexWriter) throws -> Result) throws -> Result {
        try writer.withLock { writer in try writer.batch { try body(writer) } }
    }

    func shardLocations() -> [ShardLocation] { [.local] }

    func databases() -> [Database.Shard] { [.memory] }

    func sizeOnDisk() -> Int? { nil }
}

/// The typo synonyms of an index in memory. Used under the store's lock only.
private final class MemorySynonyms: SynonymTable {
    private var table: [String: Set<String>] = [:]

    func addSynonym(_ synonym: String, under key: String) {
        table[key, default: []].insert(synonym)
    }

    func synonyms(under key: String) -> [String] {
        (table[key] ?? []).sorted()
    }
}
