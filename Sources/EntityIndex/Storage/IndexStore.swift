/// Where an index lives, as the index reads it: the one seam between the
/// index and its storage (GRDB's `DatabaseReader`). Implementations: in
/// memory (`MemoryStore`), a directory of one database or of several shards,
/// local or remote, opened read-write (`DiskStore`) or read-only (`ReaderPool`).
protocol IndexStoreReader: Sendable {
    /// Runs `body` with a reader on the last committed state. The reader is
    /// the caller's alone until `body` returns.
    func read<Result>(_ body: (IndexReader) throws -> Result) throws -> Result
    /// Where each of the index's shards lives, in shard order.
    func shardLocations() throws -> [ShardLocation]
    /// The databases the index is made of, in shard order.
    func databases() throws -> [Database.Shard]
    /// How many bytes the index takes on disk; nil in memory.
    func sizeOnDisk() -> Int?
}

/// Where an index lives, as its one writer changes it (GRDB's `DatabaseWriter`).
protocol IndexStoreWriter: IndexStoreReader {
    /// Runs `body` with the writer, under its lock, as one batch: committed
    /// (durably, on disk) when it returns, undone when it throws. A store that
    /// cannot undo (in memory) has the writer build every document before
    /// changing anything (`IndexWriter.undoesFailedBatches`).
    func write<Result>(_ body: (IndexWriter) throws -> Result) throws -> Result
}
