import CSQLite
import EntityIndex
import Foundation

/// SQLite FTS5 (BM25 ranking, Porter stemmer) over the same entities: the
/// engine a Swift developer would otherwise embed. Title and all other text
/// are its two columns.
final class SQLiteFTS {
    private var database: OpaquePointer?
    let path: String

    init(path: String) throws {
        self.path = path
        guard sqlite3_open(path, &database) == SQLITE_OK else { throw failure("open") }
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=NORMAL")
        try execute("CREATE VIRTUAL TABLE entities USING fts5(type UNINDEXED, id UNINDEXED, title, body, tokenize='porter unicode61 remove_diacritics 2')")
    }

    deinit { sqlite3_close(database) }

    /// Inserts rows in one transaction.
    func insert(_ entities: [Entity]) throws {
        try execute("BEGIN")
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "INSERT INTO entities(type, id, title, body) VALUES (?, ?, ?, ?)", -1, &statement, nil) == SQLITE_OK
        else { throw failure("prepare insert") }
        defer { sqlite3_finalize(statement) }
        for entity in entities {
            let title = (entity.properties["title"] ?? entity.properties["name"])?.stringValue ?? ""
            let body = entity.properties.filter { $0.key != "title" && $0.key != "name" }.values.flatMap(\.texts).joined(separator: " ")
            for (column, text) in [entity.type.rawValue, entity.id, title, body].enumerated() {
                sqlite3_bind_text(statement, Int32(column + 1), text, -1, SQLITE_TRANSIENT)
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("insert") }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
    }

    /// The ids of the best `limit` rows for words (any of them, BM25), optionally in one column.
    func search(_ words: [String], column: String? = nil, limit: Int = 10) throws -> [String] {
        let match = words.map { "\"\($0.replacingOccurrences(of: "\"", with: ""))\"" }.joined(separator: " OR ")
        let expression = column.map { "\($0) : (\(match))" } ?? match
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT id, title FROM entities WHERE entities MATCH ? ORDER BY bm25(entities) LIMIT ?", -1, &statement, nil) == SQLITE_OK
        else { throw failure("prepare search") }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, expression, -1, SQLITE_TRANSIENT)
        sqlite3_bind_int(statement, 2, Int32(limit))
        var ids: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            ids.append(String(cString: sqlite3_column_text(statement, 0)))
        }
        return ids
    }

    /// The bytes the database takes on disk.
    var sizeOnDisk: Int {
        ["", "-wal", "-shm"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
        }
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    private func failure(_ what: String) -> Error {
        BenchmarkError("SQLite \(what): \(String(cString: sqlite3_errmsg(database)))")
    }
}

/// SQLite's "copy the string now" destructor, which Swift cannot import as a macro.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A failure of the benchmark's own plumbing.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension PropertyValue {
    /// Every string inside the value.
    var texts: [String] {
        switch self {
        case .string(let text): [text]
        case .array(let values): values.flatMap(\.texts)
        case .object(let fields): fields.values.flatMap(\.texts)
        default: []
        }
    }
}
