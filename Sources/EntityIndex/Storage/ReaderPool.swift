import Synchronization

/// Read-only handles on an on-disk index, one per concurrent read, reused.
/// Each read starts at the latest committed revision. On its own, it is the
/// store of an index opened read-only, which other processes may write meanwhile.
final class ReaderPool: DirectoryStore {
    let path: String
    private let idle = Locked<[IndexReader]>([])
    /// How many idle handles are kept; more concurrent reads open more.
    private let maximumIdle = 16
    /// Whether every write goes through this process's writer, so that a reader
    /// needs reopening only after `writerCommitted()`; otherwise (read-only
    /// access, other processes writing) each read reopens.
    private let writerIsInProcess: Bool
    /// How many commits this process's writer has made.
    private let commits = Atomic<Int>(0)
    /// Whether readers leave out remote shards that cannot be reached, rather than fail.
    private let skipsUnreachable: Bool
    /// The meaning table the readers share (one copy a revision, not one a reader).
    private let sharedMeaningTable = SharedMeaningTable()

    init(path: String, writerIsInProcess: Bool, skipsUnreachable: Bool) {
        self.path = path
        self.writerIsInProcess = writerIsInProcess
        self.skipsUnreachable = skipsUnreachable
    }

    /// Tells the pool that the in-process writer committed.
    func writerCommitted() {
        commits.add(1, ordering: .releasing)
    }

    func read<Result>(_ body: (IndexReader) throws -> Result) throws -> Result {
        do {
            return try withReader(body)
        } catch let error as EngineError where error.code == .databaseModified {
            return try withReader(body)  // commits kept overtaking this read: once more
        }
    }

    /// Runs `body` with a reader that no other thread is using. A reader whose
    /// remote shard failed is dropped (its connection is gone); skipping
    /// unreachable shards, the read is tried once more on a new reader,
    /// which leaves that shard out.
    func withReader<Result>(_ body: (IndexReader) throws -> Result) throws -> Result {
        do {
            return try withPooledReader(body)
        } catch let error as EngineError where error.code == .network && skipsUnreachable {
            return try withPooledReader(body)
        }
    }

    private func withPooledReader<Result>(_ body: (IndexReader) throws -> Result) throws -> Result {
        let generation = commits.load(ordering: .acquiring)
        let reader: IndexReader
        if let pooled = idle.withLock({ $0.popLast() }) {
            reader = pooled
            // Reopening costs a system call: skip it when nothing was committed since.
            if !writerIsInProcess || reader.generation != generation {
                try reader.refresh()
            }
        } else {
            reader = try IndexReader(openingReadOnly: path, skippingUnreachable: skipsUnreachable, sharing: sharedMeaningTable)
        }
        reader.generation = generation
        let result = try reader.read(body)
        // A reader that left a shard out is not kept: the next read tries that shard again.
        guard reader.skippedShards.isEmpty else { return result }
        idle.withLock { readers in
            if readers.count < maximumIdle { readers.append(reader) }
        }
        return result
    }
}
