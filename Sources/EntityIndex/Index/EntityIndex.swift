import Foundation

/// A searchable index of entities keyed by type + id, on disk or in memory.
///
/// One writer (this object, under a lock) and any number of concurrent readers:
/// searches never fail while a donation is being written, and see each
/// donation whole once it is committed.
public final class EntityIndex: Sendable {
    /// Where an index lives.
    public enum Storage: Sendable, Hashable {
        /// A directory on disk, created on first write.
        case directory(String)
        /// Memory only: gone when the index is released.
        case inMemory
    }

    /// Whether the index may be changed.
    public enum Access: Sendable, Hashable {
        /// Donate, update and delete, as well as read. Holds the index's write lock.
        case readWrite
        /// Read only: other processes may write meanwhile.
        case readOnly
    }

    /// Where this index lives.
    public let storage: Storage
    /// How this index analyses text.
    public let configuration: IndexConfiguration

    let writer: Locked<IndexWriter?>
    private let readers: ReaderPool?
    /// The directory this index holds open read-write, as this process knows it (`claimWriting`).
    private let claimedPath: String?
    /// How requests are read: the vocabulary with the words of the schemas' types.
    let grammar: RequestGrammar

    /// What a read does when a remote shard cannot be reached.
    public enum UnreachableShards: Sendable, Hashable {
        /// Fail with `shardUnreachable`, naming the shard.
        case fail
        /// Answer from the shards that can be reached; `Resolution.skippedShards`
        /// says which were left out. Writing still needs every shard.
        case skip
    }

    /// Opens an index, creating it on disk when opened read-write.
    /// - Parameters:
    ///   - storage: a directory, or memory.
    ///   - access: read-write (the default) or read-only; an in-memory index is always read-write.
    ///   - configuration: text analysis settings; use the same ones every time an index is opened.
    ///   - shards: for a new index on disk, how many local shards to make it of (see
    ///     `IndexShards`; 1 by default); for an existing one, nil or the count it has.
    public convenience init(storage: Storage = .inMemory, access: Access = .readWrite,
                            configuration: IndexConfiguration = IndexConfiguration(), shards: Int? = nil) throws {
        if let shards, !(1...IndexShards.maximumCount).contains(shards) {
            throw EntityIndexError(.invalidQuery, "an index has 1 to \(IndexShards.maximumCount) shards, not \(shards)")
        }
        try self.init(storage: storage, access: access, configuration: configuration,
                      shardLocations: shards.map { Array(repeating: .local, count: $0) })
    }

    /// Opens an index whose shards may live on other machines, creating it
    /// on disk when opened read-write.
    /// - Parameters:
    ///   - storage: a directory, or memory (one local shard only).
    ///   - access: read-write (the default) or read-only; an in-memory index is always read-write.
    ///   - configuration: text analysis settings; use the same ones every time an index is opened.
    ///   - shardLocations: for a new index on disk, where each shard lives (one
    ///     local at least, see `IndexShards`); for an existing one, nil or the
    ///     locations it has. A remote shard is a database `xapian-tcpsrv --writable` serves.
    ///   - unreachableShards: whether a read fails (the default) or skips the
    ///     remote shards that cannot be reached.
    public init(storage: Storage = .inMemory, access: Access = .readWrite,
                configuration: IndexConfiguration = IndexConfiguration(), shardLocations: [ShardLocation]?,
                unreachableShards: UnreachableShards = .fail) throws {
        self.storage = storage
        self.configuration = configuration
        grammar = try RequestGrammar(vocabulary: configuration.vocabulary, schemas: configuration.schemas)
        switch storage {
        case .inMemory:
            guard (shardLocations ?? [.local]) == [.local] else {
                throw EntityIndexError(.invalidQuery, "an index in memory has one local shard; give it a directory to shard it")
            }
            writer = Locked(try IndexWriter(shards: [.directory("")], mode: .inMemory, configuration: configuration))
            readers = nil
            claimedPath = nil
        case .directory(let path):
            if let shardLocations { try IndexShards.validate(shardLocations, path: path) }
            // A damaged index is refused before Xapian reads it (and before it could create a new one over it).
            let contents = try IndexDirectory.inspect(path)
            if access == .readWrite {
                if contents == .nothing {
                    try shardLocations.map { try IndexShards.checkReady($0, for: path) }
                    try IndexDirectory.create(path)
                    if try IndexShards.locations(in: path) == [.local] {
                        try Self.translatingErrors(path: path) { try IndexShards.record(shardLocations ?? [.local], in: path) }
                    }
                }
                let recorded = try IndexShards.locations(in: path)
                if let shardLocations, shardLocations != recorded {
                    throw EntityIndexError(.invalidQuery, """
                        the index at \(path) has \(IndexShards.summary(of: recorded)), not \(IndexShards.summary(of: shardLocations)): \
                        open it without shards, or export it and donate the entities into a new index of those shards
                        """, path: path)
                }
                let claimed = try Self.claimWriting(path)
                do {
                    writer = Locked(try Self.translatingErrors(path: path) {
                        try IndexWriter(shards: try IndexShards.databaseShards(of: path), mode: .writable, configuration: configuration,
                                        journal: recorded.count > 1 ? ShardJournal(indexPath: path) : nil)
                    })
                } catch {
                    Self.releaseWriting(claimed)
                    throw error
                }
                claimedPath = claimed
            } else {
                guard contents == .index else {
                    throw EntityIndexError(.indexNotFound, "no index at \(path): donate entities to create it", path: path)
                }
                writer = Locked(nil)
                claimedPath = nil
            }
            readers = ReaderPool(path: path, writerIsInProcess: access == .readWrite, skipsUnreachable: unreachableShards == .skip)
            // Fail now, not on the first search, when there is no index to read
            // or it is in another version's format.
            try withReader { try IndexFormat.check($0.database, path: path) }
        }
    }

    deinit {
        claimedPath.map(Self.releaseWriting)
    }

    /// The directories this process has open read-write: Xapian's lock would
    /// tell a second writer in the same process only that "another process" holds it.
    private static let writingPaths = Locked<Set<String>>([])

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

    /// Opens the index in a directory (see `init(storage:access:configuration:shards:)`).
    public convenience init(path: String, access: Access = .readWrite,
                            configuration: IndexConfiguration = IndexConfiguration(), shards: Int? = nil) throws {
        try self.init(storage: .directory(path), access: access, configuration: configuration, shards: shards)
    }

    /// Opens the index in a directory, its shards where they live (see
    /// `init(storage:access:configuration:shardLocations:unreachableShards:)`).
    public convenience init(path: String, access: Access = .readWrite, configuration: IndexConfiguration = IndexConfiguration(),
                            shardLocations: [ShardLocation]?, unreachableShards: UnreachableShards = .fail) throws {
        try self.init(storage: .directory(path), access: access, configuration: configuration, shardLocations: shardLocations,
                      unreachableShards: unreachableShards)
    }

    /// Counts per type and the size of the index.
    public func statistics() throws -> IndexStatistics {
        let (counts, interrupted) = try withReader { reader in
            let counts = try reader.database.terms(withPrefix: IndexLayout.typeTermPrefix).filter { $0.frequency > 0 }.map { term, frequency in
                (EntityType(rawValue: String(term.dropFirst(IndexLayout.typeTermPrefix.count))), frequency)
            }
            return (counts, try Self.interruption(in: reader.database, path: path))
        }
        var sizeOnDisk: Int?
        if case .directory(let path) = storage {
            sizeOnDisk = Self.directorySize(path)
        }
        return IndexStatistics(entityCountsByType: Dictionary(counts, uniquingKeysWith: +),
                               sizeOnDisk: sizeOnDisk, interruptedDonation: interrupted)
    }

    /// How many shards the index is made of (see `IndexShards`): 1 in memory.
    public func shardCount() throws -> Int {
        try shardLocations().count
    }

    /// Where each of the index's shards lives, in shard order: one local shard in memory.
    public func shardLocations() throws -> [ShardLocation] {
        try path.map(IndexShards.locations(in:)) ?? [.local]
    }

    /// The directories of the Xapian databases the index holds on this
    /// machine, one a local shard (empty in memory; remote shards live on
    /// their servers): for Xapian's own tools, such as `xapian-check` and
    /// `xapian-compact`, which take one database at a time.
    public func databaseDirectories() throws -> [String] {
        try path.map { try IndexShards.databaseShards(of: $0).compactMap(\.directory) } ?? []
    }

    // MARK: Plumbing

    /// The writer's database handle, for tests that inspect the terms indexed.
    func engineForTesting() -> Database? {
        writer.withLock { $0?.database }
    }

    var path: String? {
        if case .directory(let path) = storage { return path }
        return nil
    }

    /// Runs `body` in one transaction on the writer.
    func write<Result: Sendable>(_ body: (IndexWriter) throws -> Result) throws -> Result {
        try Self.translatingErrors(path: path) {
            try writer.withLock { writer in
                guard let writer else {
                    throw EntityIndexError(.readOnly, "the index at \(path ?? "") was opened read-only; open it read-write to change it")
                }
                try writer.completePendingBatch()
                let result: Result
                do {
                    result = try writer.database.transaction(beforeCommit: writer.journal?.write) { try body(writer) }
                } catch {
                    try? writer.transactionEnded(committed: false)
                    throw error
                }
                try writer.transactionEnded(committed: true)
                readers?.writerCommitted()
                // Committed: readers see it; now make it survive a power loss.
                try writer.database.syncDirectory()
                return result
            }
        }
    }

    /// Runs `body` with a reader: a pooled snapshot on disk, the writer's handle in memory.
    func withReader<Result: Sendable>(_ body: (IndexReader) throws -> Result) throws -> Result {
        try Self.translatingErrors(path: path) {
            if let readers {
                do {
                    return try readers.withReader(body)
                } catch let error as EngineError where error.code == .databaseModified {
                    // Commits keep overtaking this read. Hold this index's writer
                    // still (if it has one) and read once more.
                    return try writer.withLock { _ in try readers.withReader(body) }
                }
            }
            return try writer.withLock { writer in try writer!.reader.read(body) }
        }
    }

    static func translatingErrors<Result>(path: String?, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as EngineError {
            throw EntityIndexError(error, path: path)
        }
    }

    private static func directorySize(_ path: String) -> Int {
        let files = FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []
        return files.reduce(0) { total, file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: "\(path)/\(file)")
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}
