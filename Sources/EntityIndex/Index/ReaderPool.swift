
/// Read-only handles on an on-disk index, one per concurrent read, reused.
/// Each read starts at the latest committed revision.
final class ReaderPool: Sendable {
    private let path: String
    private let idle = Locked<[IndexReader]>([])
    /// How many idle handles are kept; more concurrent reads open more.
    private let maximumIdle = 16

    init(path: String) {
        self.path = path
    }

    /// Runs `body` with a reader that no other thread is using.
    func withReader<Result>(_ body: (IndexReader) throws -> Result) throws -> Result {
        let reader: IndexReader
        if let pooled = idle.withLock({ $0.popLast() }) {
            reader = pooled
            try reader.database.reopen()
        } else {
            reader = IndexReader(database: try Database(path: path, mode: .readOnly))
        }
        let result = try reader.read(body)
        idle.withLock { readers in
            if readers.count < maximumIdle { readers.append(reader) }
        }
        return result
    }
}
