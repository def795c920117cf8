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

    /// Where the index lives: read through it, and written when it is an `IndexStoreWriter`.
    let store: any IndexStoreReader
    /// How requests are read: the vocabulary with the words of the schemas' types.
    let grammars: RequestGrammars

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
        grammars = try RequestGrammars(vocabulary: configuration.vocabulary, schemas: configuration.schemas)
        store = try storage.open(access: access, configuration: configuration, shardLocations: shardLocations,
                                 unreachableShards: unreachableShards)
        // Fail now, not on the first search, when the index is in another version's format.
        try withReader { try IndexFormat.check($0.database, path: path) }
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
        return IndexStatistics(entityCountsByType: Dictionary(counts, uniquingKeysWith: +),
                               sizeOnDisk: store.sizeOnDisk(), interruptedDonation: interrupted)
    }

    /// How many shards the index is made of (see `IndexShards`): 1 in memory.
    public func shardCount() throws -> Int {
        try shardLocations().count
    }

    /// Where each of the index's shards lives, in shard order: one local shard in memory.
    public func shardLocations() throws -> [ShardLocation] {
        try store.shardLocations()
    }

    /// The directories of the Xapian databases the index holds on this
    /// machine, one a local shard (empty in memory; remote shards live on
    /// their servers): for Xapian's own tools, such as `xapian-check` and
    /// `xapian-compact`, which take one database at a time.
    public func databaseDirectories() throws -> [String] {
        try store.databases().compactMap(\.directory)
    }

    // MARK: Plumbing

    var path: String? {
        if case .directory(let path) = storage { return path }
        return nil
    }

    /// Runs `body` in one transaction on the writer.
    func write<Result: Sendable>(_ body: (IndexWriter) throws -> Result) throws -> Result {
        guard let writer = store as? any IndexStoreWriter else {
            throw EntityIndexError(.readOnly, "the index at \(path ?? "") was opened read-only; open it read-write to change it")
        }
        return try EntityIndexError.translating(path: path) { try writer.write(body) }
    }

    /// Runs `body` with a reader on the last committed state.
    func withReader<Result: Sendable>(_ body: (IndexReader) throws -> Result) throws -> Result {
        try EntityIndexError.translating(path: path) { try store.read(body) }
    }
}
