import Foundation

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
