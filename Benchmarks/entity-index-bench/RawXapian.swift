import CXapianShim
import Foundation

/// The baseline: Xapian through the shim's C calls alone, with the query's
/// terms worked out in advance, so it pays for no EntityIndex layer at all.
final class RawXapian {
    private let database: OpaquePointer
    private let stemmer: OpaquePointer

    /// Xapian on the databases of an index (several shards are searched as
    /// one): each a directory, or a host and port that xapian-tcpsrv serves.
    init(databases: [(name: String, port: UInt16)]) throws {
        var error = eix_error()
        let copies = databases.map { strdup($0.name) }
        defer { copies.forEach { free($0) } }
        let shards = zip(databases, copies).map { eix_shard(name: $1!, name_length: $0.name.utf8.count, port: $0.port) }
        let timeouts = eix_remote_timeouts(connect: 5_000, request: 30_000)
        guard let database = eix_database_open_shards(shards, shards.count, EIX_OPEN_READ_ONLY, timeouts, 0, &error),
              let stemmer = eix_stemmer_new("en", 2, &error)
        else { throw RawXapianError(error) }
        self.database = database
        self.stemmer = stemmer
    }

    deinit {
        eix_database_free(database)
        eix_stemmer_free(stemmer)
    }

    func reopen() throws { var error = eix_error(); _ = eix_database_reopen(database, &error) }
    /// The stemmed terms EntityIndex searches for `text` (same analysis: ICU + English stems).
    func terms(for text: String) throws -> [String] {
        var error = eix_error()
        var length = 0, count = 0
        guard let words = eix_text_words(text, text.utf8.count, &length, &count, &error) else { throw RawXapianError(error) }
        defer { eix_string_free(words) }
        let joined = String(decoding: UnsafeRawBufferPointer(start: words, count: length), as: UTF8.self)
        var terms: [String] = []
        for word in joined.split(separator: "\0") {
            var stemLength = 0
            guard let stem = eix_stemmer_stem(stemmer, String(word), word.utf8.count, &stemLength, &error) else {
                throw RawXapianError(error)
            }
            let term = "Z" + String(decoding: UnsafeRawBufferPointer(start: stem, count: stemLength), as: UTF8.self)
            eix_string_free(stem)
            if !terms.contains(term) { terms.append(term) }
        }
        return terms
    }

    /// OR of the terms, BM25, top `limit`, each match's summary value read:
    /// the same work a search result needs.
    func search(terms: [String], limit: UInt32) throws -> Int {
        var error = eix_error()
        let termQueries = terms.compactMap { eix_query_term($0, $0.utf8.count, 1, &error) }
        defer { termQueries.forEach { eix_query_free($0) } }
        guard termQueries.count == terms.count,
              let query = termQueries.withUnsafeBufferPointer({ eix_query_combine(EIX_QUERY_OR, $0.baseAddress, $0.count, &error) }),
              let matches = eix_database_search(database, query, 0, limit, 1, 0.5, &error)  // Xapian's default BM25
        else { throw RawXapianError(error) }
        defer {
            eix_query_free(query)
            eix_match_set_free(matches)
        }
        var found = 0
        for rank in 0..<eix_match_set_size(matches) {
            guard let document = eix_match_set_document(matches, rank, &error) else { throw RawXapianError(error) }
            var length = 0
            if eix_document_value(document, 0, &length, &error) != nil { found += 1 }
            eix_document_free(document)
        }
        return found
    }
}

struct RawXapianError: Error, CustomStringConvertible {
    let description: String

    init(_ error: eix_error) {
        var error = error
        description = error.message.map { String(cString: $0) } ?? "unknown Xapian error"
        eix_error_clear(&error)
    }
}
