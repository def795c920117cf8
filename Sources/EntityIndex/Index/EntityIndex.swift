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
                do {
                    let result = try writer.database.transaction { try body(writer) }
                    writer.transactionCommitted()
                    return result
                } catch {
                    writer.transactionCancelled()
                    throw error
                }
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

/// The writer's state: its database handle, its document builders (one a
/// core), and (in memory) the reader that shares its handle.
final class IndexWriter {
    let database: Database
    let builders: [DocumentBuilder]
    let reader: IndexReader

    /// Entities whose documents are built together, across cores, before writing.
    static let chunkSize = 512
    /// Name words whose spelling variants the index holds (recorded by this writer).
    private var spelledWords: Set<String> = []
    /// Name words whose variants the open transaction records.
    private var pendingSpelledWords: Set<String> = []

    init(path: String, mode: Database.Mode, configuration: IndexConfiguration) throws {
        database = try Database(path: path, mode: mode)
        builders = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount)).map { _ in
            DocumentBuilder(configuration: configuration, stemmers: Stemmers())
        }
        reader = IndexReader(database: database)
    }

    /// Adds or replaces validated entities (inside the caller's transaction).
    func replace(_ entities: [Entity], progress: ((Int) -> Void)?) throws {
        // Without transactions (in memory), build every document before the
        // first change, so a failure cannot leave half a batch applied.
        let chunkSize = database.hasTransactions ? Self.chunkSize : max(entities.count, 1)
        var written = 0
        for start in stride(from: 0, to: entities.count, by: chunkSize) {
            let chunk = Array(entities[start..<min(start + chunkSize, entities.count)])
            for (entity, built) in zip(chunk, try documents(for: chunk)) {
                try database.replaceDocument(uniqueTerm: IndexLayout.uniqueTerm(for: entity.identifier), with: built.document)
                try recordSpelling(of: built.nameWords)
                written += 1
                progress?(written)
            }
        }
    }

    /// Records the spelling variants of name words the index may not hold yet
    /// (once a word: they live in the synonym table, not in each document).
    private func recordSpelling(of words: Set<String>) throws {
        for word in words where !spelledWords.contains(word) && !pendingSpelledWords.contains(word) {
            for variant in Spelling.indexedVariants(of: word) {
                try database.addSynonym(word, under: IndexLayout.spellingKey(variant: variant))
            }
            pendingSpelledWords.insert(word)
        }
    }

    /// Keeps what the committed transaction recorded.
    func transactionCommitted() {
        spelledWords.formUnion(pendingSpelledWords)
        pendingSpelledWords.removeAll()
    }

    /// Forgets what the cancelled transaction recorded.
    func transactionCancelled() {
        pendingSpelledWords.removeAll()
    }

    /// The documents of some entities, built on every core (each builder on
    /// one thread: stemmers are not thread-safe; ICU keeps one analyser a thread).
    private func documents(for entities: [Entity]) throws -> [DocumentBuilder.Built] {
        let workers = min(builders.count, entities.count)
        guard workers > 1 else { return try entities.map(builders[0].document(for:)) }
        let built = Locked([DocumentBuilder.Built?](repeating: nil, count: entities.count))
        let failure = Locked<(any Error)?>(nil)
        let builders = OnePerWorker(builders)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [(Int, DocumentBuilder.Built)] = []
            do {
                for index in stride(from: worker, to: entities.count, by: workers) {
                    mine.append((index, try builders.values[worker].document(for: entities[index])))
                }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
            built.withLock { documents in
                for (index, document) in mine { documents[index] = document }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return built.withLock { $0.map { $0! } }
    }
}

/// Values each used by one worker thread only (its index), so sharing the
/// array between threads is safe although the values are not `Sendable`.
private struct OnePerWorker<Value>: @unchecked Sendable {
    let values: [Value]
    init(_ values: [Value]) { self.values = values }
}
