import Foundation

/// The writer's state: its database handle, its document builders, the
/// reader that shares its handle, and the words whose spelling variants and
/// neighbours in meaning it recorded.
/// Its store runs each batch (`IndexStoreWriter.write`).
final class IndexWriter {
    let database: Database
    let builders: [DocumentBuilder]
    let reader: IndexReader
    /// Where the typo synonyms and meaning links go (see `SynonymTable`).
    private let synonymTable: any SynonymTable
    /// Whether the store undoes a failed batch (a transaction on disk). When
    /// it does not (in memory), every document of a batch is built before the
    /// first change, so that a failure cannot leave half a batch applied.
    private let undoesFailedBatches: Bool

    /// Entities whose documents are built together, across cores, before writing.
    static let chunkSize = 128
    /// Where the next chunk is built: a queue of its own, which gets a thread
    /// even when every pooled thread is busy (say, readers searching in a loop
    /// while this writer waits for the chunk).
    private static let buildingQueue = DispatchQueue(label: "EntityIndex.documentBuilding")
    /// Name words whose spelling variants this writer recorded.
    private var spelledWords = RecordedWords()
    /// Terms of words whose neighbours in meaning this writer recorded.
    private var linkedWords = RecordedWords()

    /// For a sharded index: the batch being committed, kept until every shard has it.
    let journal: ShardJournal?

    /// The writer of a database (an index's shards, written as one), whose
    /// store says where synonyms go and whether it undoes a failed batch.
    init(database: Database, synonymTable: any SynonymTable, undoesFailedBatches: Bool, configuration: IndexConfiguration,
         journal: ShardJournal? = nil) {
        self.database = database
        self.synonymTable = synonymTable
        self.undoesFailedBatches = undoesFailedBatches
        self.journal = journal
        // One builder for each core but one: that core is the writer's, whose
        // Xapian calls (one thread) bound a donation's speed.
        builders = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount - 1)).map { _ in
            DocumentBuilder(configuration: configuration, stemmers: Stemmers())
        }
        reader = IndexReader(database: database, synonymTable: synonymTable)
    }

    /// Runs a batch — the caller's changes inside whatever transaction its
    /// store makes — then keeps what the writer recorded when it succeeded,
    /// or forgets it when it failed.
    func batch<Result>(_ changes: () throws -> Result) throws -> Result {
        let result: Result
        do {
            result = try changes()
        } catch {
            try? transactionEnded(committed: false)
            throw error
        }
        try transactionEnded(committed: true)
        return result
    }

    /// Applies again a batch a crash or a failed commit left in some shards only.
    func completePendingBatch() throws {
        guard let journal, journal.isPending else { return }
        let changes = try journal.pendingChanges()
        try database.transaction(beforeCommit: journal.write) {
            // In the order made: runs of replacements, then each deletion.
            var replacing: [Entity] = []
            for change in changes {
                switch change {
                case .replace(let entity): replacing.append(entity)
                case .delete(let term):
                    try replace(replacing, progress: nil)
                    replacing.removeAll()
                    try deleteDocuments(indexedBy: term)
                }
            }
            try replace(replacing, progress: nil)
        }
        try transactionEnded(committed: true)
        try database.syncDirectory()
    }

    /// Deletes every document indexed by `term` (inside the caller's transaction); returns how many.
    @discardableResult
    func deleteDocuments(indexedBy term: String) throws -> Int {
        journal?.record(.delete(term: term))
        return try database.deleteDocuments(indexedBy: term)
    }

    /// Adds or replaces validated entities (inside the caller's transaction).
    /// The next chunk's documents are built while this one's are written.
    func replace(_ entities: [Entity], progress: ((Int) -> Void)?) throws {
        let chunkSize = undoesFailedBatches ? Self.chunkSize : max(entities.count, 1)
        let chunks = stride(from: 0, to: entities.count, by: chunkSize).map { Array(entities[$0..<min($0 + chunkSize, entities.count)]) }
        var written = 0
        var next = chunks.first.map(building)
        // A chunk still building when writing fails must finish before its builders are used again.
        defer { _ = try? next?.wait() }
        for (number, chunk) in chunks.enumerated() {
            let documents = try next!.wait()
            next = number + 1 < chunks.count ? building(chunks[number + 1]) : nil
            // Each shard's documents are written on a thread of their own.
            try database.replaceDocuments(zip(chunk, documents).map { (IndexLayout.uniqueTerm(for: $0.identifier), $1.document) })
            for (entity, built) in zip(chunk, documents) {
                journal?.record(.replace(entity))
                try recordSpelling(of: built.nameWords)
                try recordNeighbours(built.neighbourStems)
            }
            written += chunk.count
            progress?(written)
        }
    }

    /// Starts building the documents of some entities in the background. The
    /// work holds the builders, never the writer: a writer the caller let go
    /// closes its database (and frees the index's lock) on the caller's
    /// thread, not whenever the background thread lets go of the work.
    private func building(_ entities: [Entity]) -> PendingDocuments {
        let pending = PendingDocuments()
        let work = UncheckedSendable { [builders] in try Self.documents(for: entities, by: builders) }
        Self.buildingQueue.async { pending.finish(Result { try work.value() }) }
        return pending
    }

    /// Records the spelling variants of name words the index may not hold yet
    /// (once a word: they live in the synonym table, not in each document).
    private func recordSpelling(of words: Set<String>) throws {
        for word in words where spelledWords.isNew(word) {
            for variant in Spelling.indexedVariants(of: word) {
                try synonymTable.addSynonym(word, under: IndexLayout.spellingKey(variant: variant))
            }
            spelledWords.record(word)
        }
    }

    /// Records, once a word, the stems of its neighbours in meaning as leading
    /// to its term (`DocumentExpansion`): a search for a neighbour finds it.
    private func recordNeighbours(_ neighbourStems: [String: [String]]) throws {
        for (term, stems) in neighbourStems where linkedWords.isNew(term) {
            for (position, stem) in stems.enumerated() {
                try synonymTable.addSynonym(IndexLayout.neighbourLink(term: term, rank: position + 1),
                                            under: IndexLayout.neighbourKey(stem: stem))
            }
            linkedWords.record(term)
        }
    }

    /// Keeps what a committed transaction recorded, or forgets what a
    /// cancelled or failed one did; a batch a failed commit left in some
    /// shards only stays pending (`completePendingBatch()`).
    private func transactionEnded(committed: Bool) throws {
        spelledWords.transactionEnded(committed: committed)
        linkedWords.transactionEnded(committed: committed)
        reader.cachedMeaningTable = nil
        try journal?.finish(partlyCommitted: !committed && (1..<database.shardCount).contains(database.committedShards))
    }

    /// The documents of some entities, built on every core (each builder on
    /// one thread: stemmers are not thread-safe; ICU keeps one analyser a thread).
    private static func documents(for entities: [Entity], by builders: [DocumentBuilder]) throws -> [DocumentBuilder.Built] {
        let workers = min(builders.count, entities.count)
        guard workers > 1 else { return try entities.map(builders[0].document(for:)) }
        let built = Locked([DocumentBuilder.Built?](repeating: nil, count: entities.count))
        let failure = Locked<(any Error)?>(nil)
        let builders = UncheckedSendable(builders)  // each worker uses its own builder only
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [(Int, DocumentBuilder.Built)] = []
            do {
                for index in stride(from: worker, to: entities.count, by: workers) {
                    mine.append((index, try builders.value[worker].document(for: entities[index])))
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

/// Words a writer recorded something for once: those its committed
/// transactions hold, and those its open transaction records.
private struct RecordedWords {
    private var kept: Set<String> = []
    private var pending: Set<String> = []

    /// Whether neither a committed nor the open transaction recorded the word.
    func isNew(_ word: String) -> Bool { !kept.contains(word) && !pending.contains(word) }

    /// Notes that the open transaction recorded the word.
    mutating func record(_ word: String) { pending.insert(word) }

    /// Keeps the open transaction's words when it committed, forgets them when not.
    mutating func transactionEnded(committed: Bool) {
        if committed { kept.formUnion(pending) }
        pending.removeAll()
    }
}

/// Documents being built in the background: `wait` blocks until they are.
private final class PendingDocuments: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<[DocumentBuilder.Built], any Error>?

    func finish(_ result: Result<[DocumentBuilder.Built], any Error>) {
        self.result = result
        done.signal()
    }

    /// The documents, once built (the semaphore orders the write before this read).
    func wait() throws -> [DocumentBuilder.Built] {
        done.wait()
        done.signal()  // a second wait returns at once
        return try result!.get()
    }
}

/// A value handed to other threads that use it without racing: the caller
/// says how (one element a thread, or one thread at a time).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
