import Synchronization

/// Read-only handles on an on-disk index, one per concurrent read, reused.
/// Each read starts at the latest committed revision.
final class ReaderPool: Sendable {
    private let path: String
    private let idle = Locked<[IndexReader]>([])
    /// How many idle handles are kept; more concurrent reads open more.
    private let maximumIdle = 16
    /// Whether every write goes through this process's writer, so that a reader
    /// needs reopening only after `writerCommitted()`; otherwise (read-only
    /// access, other processes writing) each read reopens.
    private let writerIsInProcess: Bool
    /// How many commits this process's writer has made.
    private let commits = Atomic<Int>(0)

    init(path: String, writerIsInProcess: Bool) {
        self.path = path
        self.writerIsInProcess = writerIsInProcess
    }

    /// Tells the pool that the in-process writer committed.
    func writerCommitted() {
        commits.add(1, ordering: .releasing)
    }

    /// Runs `body` with a reader that no other thread is using.
    func withReader<Result>(_ body: (IndexReader) throws -> Result) throws -> Result {
        let generation = commits.load(ordering: .acquiring)
        let reader: IndexReader
        if let pooled = idle.withLock({ $0.popLast() }) {
            reader = pooled
            // Reopening costs a system call: skip it when nothing was committed since.
            if !writerIsInProcess || reader.generation != generation {
                try reader.refresh()
            }
        } else {
            reader = try IndexReader(openingReadOnly: path)
        }
        reader.generation = generation
        let result = try reader.read(body)
        idle.withLock { readers in
            if readers.count < maximumIdle { readers.append(reader) }
        }
        return result
    }
}
