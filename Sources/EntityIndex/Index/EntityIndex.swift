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

    private let writer: Locked<IndexWriter?>
    private let readers: ReaderPool?

    /// Opens an index, creating it on disk when opened read-write.
    /// - Parameters:
    ///   - storage: a directory, or memory.
    ///   - access: read-write (the default) or read-only; an in-memory index is always read-write.
    ///   - configuration: text analysis settings; use the same ones every time an index is opened.
    public init(storage: Storage = .inMemory, access: Access = .readWrite,
                configuration: IndexConfiguration = IndexConfiguration()) throws {
        self.storage = storage
        self.configuration = configuration
        switch storage {
        case .inMemory:
            writer = Locked(try IndexWriter(path: "", mode: .inMemory, configuration: configuration))
            readers = nil
        case .directory(let path):
            if access == .readWrite {
                writer = Locked(try Self.translatingErrors(path: path) {
                    try IndexWriter(path: path, mode: .writable, configuration: configuration)
                })
            } else {
                writer = Locked(nil)
            }
            readers = ReaderPool(path: path)
            // Fail now, not on the first search, when there is no index to read.
            _ = try withReader { try $0.database.documentCount() }
        }
    }

    /// Opens the index in a directory (see `init(storage:access:configuration:)`).
    public convenience init(path: String, access: Access = .readWrite,
                            configuration: IndexConfiguration = IndexConfiguration()) throws {
        try self.init(storage: .directory(path), access: access, configuration: configuration)
    }

    // MARK: Writing

    /// Adds or replaces entities by type + id, atomically: the whole batch lands
    /// in one durable commit, or (on any invalid entity or failure) none of it does.
    /// - Parameters:
    ///   - entities: the entities; a later entity with the same type + id wins.
    ///   - progress: called with the number of entities written so far.
    public func donate(_ entities: [Entity], progress: ((Int) -> Void)? = nil) throws {
        for (offset, entity) in entities.enumerated() {
            if let failure = entity.validationFailure {
                throw EntityIndexError(.invalidEntity,
                                       "entity \(offset + 1) of the batch (\(entity.identifier)): \(failure); nothing was applied")
            }
        }
        try write { writer in
            // Without transactions (in memory), build every document before the
            // first change, so a failure cannot leave half a batch applied.
            let prepared = writer.database.hasTransactions ? nil : try entities.map(writer.builder.document(for:))
            for (offset, entity) in entities.enumerated() {
                let document = try prepared?[offset] ?? writer.builder.document(for: entity)
                try writer.database.replaceDocument(uniqueTerm: IndexLayout.uniqueTerm(for: entity.identifier),
                                                    with: document)
                progress?(offset + 1)
            }
        }
    }

    /// Deletes entities of one type by id, atomically; ids not in the index are
    /// ignored. Returns how many entities were deleted.
    @discardableResult
    public func delete(ids: [String], ofType type: EntityType) throws -> Int {
        try write { writer in
            try ids.reduce(0) { count, id in
                count + (try writer.database.deleteDocuments(
                    indexedBy: IndexLayout.uniqueTerm(for: EntityIdentifier(type: type, id: id))))
            }
        }
    }

    /// Deletes every entity of a type. Returns how many were deleted.
    @discardableResult
    public func deleteAll(ofType type: EntityType) throws -> Int {
        try write { writer in
            try writer.database.deleteDocuments(indexedBy: IndexLayout.typeTerm(for: type))
        }
    }

    // MARK: Reading

    /// The stored entity with this identifier, or nil when it is not indexed.
    public func entity(for identifier: EntityIdentifier) throws -> Entity? {
        let data = try withReader { reader in
            try reader.database.document(uniqueTerm: IndexLayout.uniqueTerm(for: identifier))?.data()
        }
        guard let data else { return nil }
        return try JSONDecoder().decode(Entity.self, from: Data(data))
    }

    /// Ranks entities against a free-text query (BM25 over all text properties).
    public func search(_ query: SearchQuery) throws -> [SearchResult] {
        try query.validate()
        let languages = configuration.indexedLanguages
        return try withReader { reader in
            try TextSearch(reader: reader, languages: languages).results(for: query)
        }
    }

    /// Counts per type and the size of the index.
    public func statistics() throws -> IndexStatistics {
        let counts = try withReader { reader in
            try reader.database.terms(withPrefix: IndexLayout.typeTermPrefix).filter { $0.frequency > 0 }.map { term, frequency in
                (EntityType(rawValue: String(term.dropFirst(IndexLayout.typeTermPrefix.count))), frequency)
            }
        }
        var sizeOnDisk: Int?
        if case .directory(let path) = storage {
            sizeOnDisk = Self.directorySize(path)
        }
        return IndexStatistics(entityCountsByType: Dictionary(counts, uniquingKeysWith: +),
                               sizeOnDisk: sizeOnDisk)
    }

    // MARK: Plumbing

    /// The writer's database handle, for tests that inspect the terms indexed.
    func engineForTesting() -> Database? {
        writer.withLock { $0?.database }
    }

    private var path: String? {
        if case .directory(let path) = storage { return path }
        return nil
    }

    /// Runs `body` in one transaction on the writer.
    private func write<Result: Sendable>(_ body: (IndexWriter) throws -> Result) throws -> Result {
        try Self.translatingErrors(path: path) {
            try writer.withLock { writer in
                guard let writer else {
                    throw EntityIndexError(.readOnly, "the index at \(path ?? "") was opened read-only; open it read-write to change it")
                }
                return try writer.database.transaction { try body(writer) }
            }
        }
    }

    /// Runs `body` with a reader: a pooled snapshot on disk, the writer's handle in memory.
    private func withReader<Result: Sendable>(_ body: (IndexReader) throws -> Result) throws -> Result {
        try Self.translatingErrors(path: path) {
            if let readers {
                return try readers.withReader(body)
            }
            return try writer.withLock { writer in try writer!.reader.read(body) }
        }
    }

    private static func translatingErrors<Result>(path: String?, _ body: () throws -> Result) throws -> Result {
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

/// The writer's state: its database handle, its document builder, and (in
/// memory) the reader that shares its handle.
final class IndexWriter {
    let database: Database
    let builder: DocumentBuilder
    let reader: IndexReader

    init(path: String, mode: Database.Mode, configuration: IndexConfiguration) throws {
        database = try Database(path: path, mode: mode)
        builder = DocumentBuilder(configuration: configuration, stemmers: Stemmers())
        reader = IndexReader(database: database)
    }
}
