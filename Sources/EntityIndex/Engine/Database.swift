import CXapianShim
import Foundation

/// A Xapian database handle. Not thread-safe: one handle per concurrent reader,
/// and one writer (under a lock) per index.
final class Database {
    /// How the database is opened.
    enum Mode {
        /// A read-only snapshot of an existing on-disk database.
        case readOnly
        /// A writable database, created when missing.
        case writable
    }

    private let handle: OpaquePointer
    /// Where its shards live, one for an unsharded database.
    let shards: [Shard]
    /// The positions of the remote shards left out because they could not be
    /// reached (only when opened read-only, skipping them).
    let skippedShards: [Int]

    /// Opens the database in a directory.
    convenience init(path: String, mode: Mode) throws {
        try self.init(shards: [.directory(path)], mode: mode)
    }

    /// Opens several databases as one (Xapian's own sharding): searched, they
    /// are one database with combined statistics; written, each document goes
    /// to the shard its unique term hashes to (see `eix_database_open_shards`).
    /// A remote shard that cannot be reached fails the opening (`EngineError.Code.network`),
    /// unless a reader is `skippingUnreachable`: then it is left out (`skippedShards`).
    init(shards: [Shard], mode: Mode, skippingUnreachable: Bool = false) throws {
        precondition(!shards.isEmpty, "a database has one shard or more")
        self.shards = shards
        (handle, skippedShards) = try Self.openHandle(shards, mode: mode, skippingUnreachable: skippingUnreachable && mode == .readOnly)
    }

    /// How many shards it has.
    var shardCount: Int { shards.count }

    deinit { eix_database_free(handle) }

    /// Xapian's own consistency check of the on-disk database at `path`: how
    /// many problems it found, and what it said. Check the version file first
    /// (`GlassVersionFile`): Xapian trusts it.
    static func check(path: String) throws -> (problems: Int, report: String) {
        var report: UnsafeMutablePointer<CChar>?
        var length = 0
        let problems = try path.withBytes { bytes, count in
            try withEngineError { eix_database_check(bytes, count, &report, &length, $0) }
        }
        defer { eix_string_free(report) }
        let text = report.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        return (Int(problems), text)
    }

    /// Moves a reader to the latest committed revision; true when it moved.
    @discardableResult
    func reopen() throws -> Bool {
        try withEngineError { eix_database_reopen(handle, $0) } == 1
    }

    /// The number of documents.
    func documentCount() throws -> Int {
        Int(try withEngineError { eix_database_document_count(handle, $0) })
    }

    /// The highest document id ever used: with `documentCount()`, it tells
    /// whether documents were added or deleted between two reads.
    func lastDocumentID() throws -> Int {
        Int(try withEngineError { eix_database_last_document_id(handle, $0) })
    }

    /// The number of documents indexed by `term`.
    func termFrequency(_ term: String) throws -> Int {
        try term.withBytes { bytes, count in
            Int(try withEngineError { eix_database_term_frequency(handle, bytes, count, $0) })
        }
    }

    /// Runs `body` as one transaction: committed when it returns (durable once
    /// `syncDirectory()` ran), cancelled (leaving the database as it was) when
    /// it or `beforeCommit` throws (not in memory: Xapian's in-memory backend
    /// applies changes as they are made). With several shards, the shards commit in
    /// turn: a failed commit may leave the first ones committed (`committedShards`).
    func transaction<Result>(beforeCommit: (() throws -> Void)? = nil, _ body: () throws -> Result) throws -> Result {
        _ = try withEngineError { eix_database_begin_transaction(handle, $0) }
        let result: Result
        do {
            result = try body()
            try beforeCommit?()
        } catch {
            _ = try? withEngineError { eix_database_cancel_transaction(handle, $0) }
            throw error
        }
        _ = try withEngineError { eix_database_commit_transaction(handle, $0) }
        return result
    }

    /// How many shards the last commit committed: all when it succeeded.
    var committedShards: Int { Int(eix_database_committed_shards(handle)) }

    /// Makes a commit survive a power loss: Xapian syncs the tables and the new
    /// version file, then renames it over `iamglass`, but does not sync the
    /// directory that holds the new name (`GlassVersion::sync`). Until the
    /// directory is synced, a power loss may bring back the previous revision.
    /// Call it after each commit of an on-disk database.
    func syncDirectory() throws {
        for path in shards.compactMap(\.directory) { try Self.sync(directory: path) }
    }

    /// Syncs a directory, so that the names made in it survive a power loss.
    static func sync(directory path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        let failure = descriptor < 0 ? errno : (fsync(descriptor) == 0 ? 0 : errno)
        if descriptor >= 0 { close(descriptor) }
        guard failure == 0 else {
            throw EngineError(code: .other, message: """
                the change was committed, but syncing the directory \(path) failed (\(String(cString: strerror(failure)))), \
                so a power loss before the next commit may undo it: check the disk
                """, systemError: failure)
        }
    }

    /// Adds or replaces the document identified by a unique term it contains.
    func replaceDocument(uniqueTerm: String, with document: Document) throws {
        try uniqueTerm.withBytes { bytes, count in
            _ = try withEngineError { eix_database_replace_document(handle, bytes, count, document.handle, $0) }
        }
        withExtendedLifetime(document) {}
    }

    /// Adds or replaces documents, each identified by a unique term it
    /// contains; with several shards, the shards are written in parallel.
    func replaceDocuments(_ documents: [(uniqueTerm: String, document: Document)]) throws {
        guard !documents.isEmpty else { return }
        let terms = documents.map { Array($0.uniqueTerm.utf8) }
        let lengths = terms.map(\.count)
        let handles: [OpaquePointer?] = documents.map { $0.document.handle }
        try withPointers(to: terms) { pointers in
            _ = try handles.withUnsafeBufferPointer { handles in
                try withEngineError { eix_database_replace_documents(handle, pointers, lengths, handles.baseAddress!, documents.count, $0) }
            }
        }
        withExtendedLifetime(documents) {}
    }

    /// Deletes every document indexed by `term`; returns how many.
    @discardableResult
    func deleteDocuments(indexedBy term: String) throws -> Int {
        try term.withBytes { bytes, count in
            Int(try withEngineError { eix_database_delete_documents(handle, bytes, count, $0) })
        }
    }

    /// The document indexed by a unique term, or nil.
    func document(uniqueTerm: String) throws -> Document? {
        let found = try uniqueTerm.withBytes { bytes, count in
            try withEngineError { eix_database_find_document(handle, bytes, count, $0) }
        }
        return found.map(Document.init(owning:))
    }

    /// The id of the document indexed by a unique term, or nil.
    func documentID(uniqueTerm: String) throws -> UInt32? {
        let id = try uniqueTerm.withBytes { bytes, count in
            try withEngineError { eix_database_find_docid(handle, bytes, count, $0) }
        }
        return id > 0 ? UInt32(id) : nil
    }

    /// The document with an id, or nil.
    func document(id: UInt32) throws -> Document? {
        try withEngineError { eix_database_document(handle, id, $0) }.map(Document.init(owning:))
    }

    /// One value slot of some documents (ids a search returned), in the order
    /// asked, empty where unset: read in one pass, which costs less than
    /// reading each document.
    func values(inSlot slot: UInt32, ofDocuments ids: [UInt32]) throws -> [[UInt8]] {
        guard !ids.isEmpty else { return [] }
        var length = 0
        let entries = try ids.withUnsafeBufferPointer { buffer in
            try withEngineError { eix_database_values(handle, slot, buffer.baseAddress!, buffer.count, &length, $0) }
        }
        defer { eix_string_free(entries) }
        let bytes = UnsafeRawBufferPointer(start: entries, count: length)
        var offset = 0
        return ids.map { _ in
            let count = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            defer { offset += 4 + count }
            return Array(bytes[(offset + 4)..<(offset + 4 + count)])
        }
    }

    /// Exactly some documents (ids as this database numbers them), weighing
    /// nothing: as a filter, it confines a search of this database to earlier
    /// matches without a term look-up each. Local shards only: with remote ones,
    /// confine it by the documents' unique terms (`Query.indexed(byAnyOf:)`).
    func query(matchingDocuments ids: [UInt32]) throws -> Query {
        let handle = try ids.withUnsafeBufferPointer { buffer in
            try withEngineError { eix_query_documents(self.handle, buffer.baseAddress, buffer.count, $0) }
        }
        return Query(handle: handle!)
    }

    /// Whether some shard is served by `xapian-tcpsrv`.
    var hasRemoteShards: Bool { shards.contains(where: \.isRemote) }

    /// For each term, which of the documents (ids in ascending order) contain
    /// it: from term lists or posting lists on local shards, from searches
    /// confined by the documents' unique terms with remote ones (see
    /// `eix_database_postings_contain`). `uniqueTerms`, one a document, are
    /// needed only when the database `hasRemoteShards`.
    func postings(of terms: [String], contain documentIDs: [UInt32], uniqueTerms: [String]?) throws -> [[Bool]] {
        precondition(!hasRemoteShards || uniqueTerms?.count == documentIDs.count, "remote shards find documents by their unique terms")
        guard !terms.isEmpty, !documentIDs.isEmpty else { return terms.map { _ in [] } }
        let bytes = terms.map { Array($0.utf8) }, uniqueBytes = (uniqueTerms ?? []).map { Array($0.utf8) }
        let lengths = bytes.map(\.count), uniqueLengths = uniqueBytes.map(\.count)
        var present = [UInt8](repeating: 0, count: terms.count * documentIDs.count)
        try withPointers(to: bytes) { pointers in
            try withPointers(to: uniqueBytes) { uniquePointers in
                _ = try withEngineError {
                    eix_database_postings_contain(handle, pointers, lengths, terms.count, documentIDs,
                                                  uniqueTerms == nil ? nil : uniquePointers, uniqueTerms == nil ? nil : uniqueLengths,
                                                  documentIDs.count, &present, $0)
                }
            }
        }
        return (0..<terms.count).map { row in present[row * documentIDs.count..<(row + 1) * documentIDs.count].map { $0 == 1 } }
    }

    /// The terms starting with `prefix`, with how many documents each indexes.
    func terms(withPrefix prefix: String) throws -> [(term: String, frequency: Int)] {
        try read(try prefix.withBytes { bytes, count in
            try withEngineError { eix_database_terms(handle, bytes, count, $0) }
        }!)
    }

    /// The user metadata stored under a key; empty when none.
    func metadata(_ key: String) throws -> String {
        try key.withBytes { bytes, count in
            try withEngineString { eix_database_metadata(handle, bytes, count, $0, $1) }
        }
    }

    /// Calls `body` with every document's value in `slot` that is not empty, in
    /// document order: the document id and the value's bytes (valid during the call).
    func forEachValue(inSlot slot: UInt32, _ body: (UInt32, UnsafeRawBufferPointer) throws -> Void) throws {
        var length = 0
        guard let entries = try withEngineError({ eix_database_slot_values(handle, slot, &length, $0) }) else { return }
        defer { eix_string_free(entries) }
        let buffer = UnsafeRawBufferPointer(start: entries, count: length)
        var offset = 0
        while offset + 8 <= length {
            let documentID = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let count = Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
            guard count <= length - offset - 8 else { break }
            try body(documentID, UnsafeRawBufferPointer(rebasing: buffer[(offset + 8)..<(offset + 8 + count)]))
            offset += 8 + count
        }
    }

    /// Stores user metadata under a key (committed with the current transaction).
    func setMetadata(_ value: String, for key: String) throws {
        try key.withBytes { keyBytes, keyCount in
            try value.withBytes { valueBytes, valueCount in
                _ = try withEngineError { eix_database_set_metadata(handle, keyBytes, keyCount, valueBytes, valueCount, $0) }
            }
        }
    }

    /// Records a synonym under a key (idempotent; part of the current
    /// transaction). Not in memory: Xapian's in-memory backend has no synonym table.
    func addSynonym(_ synonym: String, under key: String) throws {
        try key.withBytes { keyBytes, keyCount in
            try synonym.withBytes { synonymBytes, synonymCount in
                _ = try withEngineError { eix_database_add_synonym(handle, keyBytes, keyCount, synonymBytes, synonymCount, $0) }
            }
        }
    }

    /// The synonyms recorded under a key.
    func synonyms(under key: String) throws -> [String] {
        let joined = try key.withBytes { bytes, count in
            try withEngineString { eix_database_synonyms(handle, bytes, count, $0, $1) }
        }
        return joined.split(separator: "\0").map(String.init)
    }

    /// Reads and frees a term list.
    private func read(_ list: OpaquePointer) throws -> [(term: String, frequency: Int)] {
        defer { eix_term_list_free(list) }
        var terms: [(term: String, frequency: Int)] = []
        var term: UnsafePointer<CChar>?
        var length = 0
        var frequency: UInt32 = 0
        while try withEngineError({ eix_term_list_next(list, &term, &length, &frequency, $0) }) == 1 {
            let text = String(decoding: UnsafeRawBufferPointer(start: term, count: length), as: UTF8.self)
            terms.append((text, Int(frequency)))
        }
        return terms
    }

    /// The terms that best describe some documents — a query's best matches,
    /// for relevance feedback — best first, with Xapian's expansion weights;
    /// only terms of `stemPrefix` then a word not beginning with one of
    /// `prefixInitials` (the layout's general text), the query's own left out.
    func feedbackTerms(describing documentIDs: [UInt32], excluding query: Query, count: Int,
                       stemPrefix: String, prefixInitials: String) throws -> [(term: String, weight: Double)] {
        let set = try documentIDs.withUnsafeBufferPointer { buffer in
            try stemPrefix.withBytes { prefixBytes, prefixCount in
                try prefixInitials.withBytes { initialsBytes, initialsCount in
                    try withEngineError {
                        eix_database_feedback_terms(handle, query.handle, buffer.baseAddress, buffer.count, prefixBytes, prefixCount,
                                                    initialsBytes, initialsCount, UInt32(count), $0)
                    }
                }
            }
        }!
        defer { eix_expansion_set_free(set) }
        return withExtendedLifetime(query) {
            (0..<eix_expansion_set_size(set)).map { index in
                var length = 0
                let term = eix_expansion_set_term(set, index, &length)
                return (String(decoding: UnsafeRawBufferPointer(start: term, count: length), as: UTF8.self),
                        eix_expansion_set_weight(set, index))
            }
        }
    }

    /// Runs a BM25-ranked search.
    func search(_ query: Query, offset: Int = 0, limit: Int, relevance: Relevance = .standard) throws -> MatchSet {
        let matches = try withEngineError {
            eix_database_search(handle, query.handle, UInt32(offset), UInt32(limit), relevance.k1, relevance.b, $0)
        }
        return withExtendedLifetime(query) { MatchSet(owning: matches!) }
    }

    /// Runs a search whose matches come in the order of a value slot's sortable
    /// numbers (dates, for "the next meeting"), ties in index order.
    func search(_ query: Query, sortedBySlot slot: UInt32, ascending: Bool, limit: Int) throws -> MatchSet {
        let matches = try withEngineError {
            eix_database_search_by_value(handle, query.handle, slot, ascending ? 1 : 0, 0, UInt32(limit), $0)
        }
        return withExtendedLifetime(query) { MatchSet(owning: matches!) }
    }
}
