import Foundation

/// An index in a directory, opened read-write: one Xapian database, or
/// several shards searched and written as one (`IndexShards`), a journal
/// keeping each batch whole across their commits (`ShardJournal`). Its one
/// writer commits under a lock and syncs the directory after each commit;
/// reads take pooled snapshots (`ReaderPool`) meanwhile. It holds the
/// directory's write lock, and this process's claim on it, until released.
final class DiskStore: DirectoryStore, IndexStoreWriter {
    let path: String
    private let writer: Locked<IndexWriter>
    private let readers: ReaderPool
    /// The key of this process's claim on the directory (`claimWriting`).
    private let claim: String

    private init(path: String, writer: IndexWriter, readers: ReaderPool, claim: String) {
        self.path = path
        self.writer = Locked(writer)
        self.readers = readers
        self.claim = claim
    }

    deinit {
        Self.releaseWriting(claim)
    }

    /// Opens the index at `path` for writing, creating it when the directory
    /// holds nothing yet: of `shardLocations` (one local shard when nil), or
    /// checked against the shards it records; its format stamped and a batch
    /// a crash cut off between shard commits completed.
    static func open(path: String, configuration: IndexConfiguration, shardLocations: [ShardLocation]?,
                     skipsUnreachable: Bool) throws -> DiskStore {
        // A damaged index is refused before Xapian reads it (and before it could create a new one over it).
        if try IndexDirectory.inspect(path) == .nothing {
            try shardLocations.map { try IndexShards.checkReady($0, for: path) }
            try IndexDirectory.create(path)
            if try IndexShards.locations(in: path) == [.local] {
                try EntityIndexError.translating(path: path) { try IndexShards.record(shardLocations ?? [.local], in: path) }
            }
        }
        let recorded = try IndexShards.locations(in: path)
        if let shardLocations, shardLocations != recorded {
            throw EntityIndexError(.invalidQuery, """
                the index at \(path) has \(IndexShards.summary(of: recorded)), not \(IndexShards.summary(of: shardLocations)): \
                open it without shards, or export it and donate the entities into a new index of those shards
                """, path: path)
        }
        let claim = try claimWriting(path)
        do {
            let writer = try EntityIndexError.translating(path: path) {
                let database = try openWriting(try IndexShards.databaseShards(of: path))
                if try IndexFormat.isUnstamped(database) { try database.transaction { try IndexFormat.stamp(database) } }
                let writer = IndexWriter(database: database, synonymTable: database, undoesFailedBatches: true, configuration: configuration,
                                         journal: recorded.count > 1 ? ShardJournal(indexPath: path) : nil)
                try writer.completePendingBatch()
                return writer
            }
            let readers = ReaderPool(path: path, writerIsInProcess: true, skipsUnreachable: skipsUnreachable)
            return DiskStore(path: path, writer: writer, readers: readers, claim: claim)
        } catch {
            releaseWriting(claim)
            throw error
        }
    }

    func read<Result>(_ body: (IndexReader) throws -> Result) throws -> Result {
        do {
            return try readers.withReader(body)
        } catch let error as EngineError where error.code == .databaseModified {
            // Commits keep overtaking this read: hold the writer still and read once more.
            return try writer.withLock { _ in try readers.withReader(body) }
        }
    }

    func write<Result>(_ body: (IndexWriter) throws -> Result) throws -> Result {
        try writer.withLock { writer in
            try writer.completePendingBatch()
            let result = try writer.batch {
                try writer.database.transaction(beforeCommit: writer.journal?.write) { try body(writer) }
            }
            readers.writerCommitted()
            // Committed: readers see it; now make it survive a power loss.
            try writer.database.syncDirectory()
            return result
        }
    }

    /// The directories this process has open read-write: Xapian's lock would
    /// tell a second writer in the same process only that "another process" holds it.
    private static let writingPaths = Locked<Set<String>>([])

    /// How long a writer waits for a write lock that is taken.
    static let lockPatience: Duration = .milliseconds(500)

    /// Opens shards for writing, waiting up to `lockPatience` for a lock that
    /// is taken: Xapian's lock belongs to an open file, and a process that any
    /// thread of this one starts holds a copy of it until it runs its program,
    /// so a writer reopened meanwhile finds it taken for an instant.
    private static func openWriting(_ shards: [Database.Shard]) throws -> Database {
        let clock = ContinuousClock(), deadline = clock.now + lockPatience
        while true {
            do {
                return try Database(shards: shards, mode: .writable)
            } catch let error as EngineError where error.isLockTaken && clock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// Claims a directory for this process's one writer; returns the key to release it by.
    private static func claimWriting(_ path: String) throws -> String {
        let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let claimed = writingPaths.withLock { $0.insert(key).inserted }
        guard claimed else {
            throw EntityIndexError(.indexLocked, """
                the index at \(path) is already open read-write in this process: share that EntityIndex \
                (it is Sendable), or open this one read-only
                """, path: path)
        }
        return key
    }

    private static func releaseWriting(_ key: String) {
        _ = writingPaths.withLock { $0.remove(key) }
    }
}
