import Foundation

/// Keeps a sharded index's batches all-or-nothing. Each shard commits on its
/// own, one after another, so a crash between two commits would leave a batch
/// in some shards only. Before the first commit, the batch's changes are
/// written to `pending-batch.jsonl` and synced; once every shard has
/// committed, the file is removed. An index opened for writing that finds the
/// file applies the batch again (donations replace by type + id and deletions
/// delete by term, so applying twice is applying once) and removes it; until
/// then `stats` and `check` say a batch is pending.
final class ShardJournal {
    /// The journal's name in the index directory.
    static let fileName = "pending-batch.jsonl"

    /// One change of a batch: a line `{"replace": ENTITY}` or `{"delete": TERM}`.
    enum Change {
        /// Added or replaced, as validated.
        case replace(Entity)
        /// Every document indexed by a term deleted.
        case delete(term: String)

        /// The change as one line of the journal.
        var line: [UInt8] {
            switch self {
            case .replace(let entity): Array(#"{"replace":"#.utf8) + EntityJSONWriter.bytes(of: entity) + Array("}\n".utf8)
            case .delete(let term): Array(#"{"delete":"#.utf8) + EntityJSONWriter.bytes(of: .string(term)) + Array("}\n".utf8)
            }
        }

        /// A line's change.
        init(line: Data, decoder: JSONDecoder) throws {
            struct Line: Decodable {
                let replace: Entity?
                let delete: String?
            }
            let decoded = try decoder.decode(Line.self, from: line)
            if let entity = decoded.replace {
                self = .replace(entity)
            } else if let term = decoded.delete {
                self = .delete(term: term)
            } else {
                throw EntityIndexError(.malformedInput, "a journal line is neither a replacement nor a deletion")
            }
        }
    }

    private let file: String
    private let directory: String
    /// The open transaction's changes.
    private var changes: [Change] = []

    /// The journal of the sharded index at `path`.
    init(indexPath path: String) {
        directory = path
        file = path + "/" + Self.fileName
    }

    /// Whether a batch was cut off between shard commits.
    var isPending: Bool { FileManager.default.fileExists(atPath: file) }

    /// What `stats` and `check` say of a pending batch.
    static let pendingNote = "a batch was cut off between shard commits; opening the index read-write completes it"

    /// Notes changes of the open transaction.
    func record(_ change: Change) {
        changes.append(change)
    }

    /// Before the first shard commits: the batch on disk, synced.
    func write() throws {
        guard !changes.isEmpty else { return }
        var lines = Data()
        for change in changes { lines.append(contentsOf: change.line) }
        guard FileManager.default.createFile(atPath: file, contents: nil), let handle = FileHandle(forWritingAtPath: file) else {
            throw EntityIndexError(systemErrorAt: file, doing: "create")
        }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: lines)
            try handle.synchronize()
        } catch {
            throw EntityIndexError(.storage, "cannot keep the batch in \(file) before committing it (\(error)): free space there and retry", path: directory)
        }
        try Database.sync(directory: directory)
    }

    /// The transaction ended: its batch is forgotten when no shard holds part
    /// of it only (every shard committed it, or none did); otherwise it stays
    /// pending, to be applied again.
    func finish(partlyCommitted: Bool) throws {
        changes.removeAll()
        guard !partlyCommitted, isPending else { return }
        guard unlink(file) == 0 else { throw EntityIndexError(systemErrorAt: file, doing: "remove") }
        try Database.sync(directory: directory)
    }

    /// The changes of a pending batch.
    func pendingChanges() throws -> [Change] {
        guard let data = FileManager.default.contents(atPath: file) else { throw EntityIndexError(systemErrorAt: file, doing: "read") }
        let decoder = JSONDecoder()
        do {
            return try data.split(separator: UInt8(ascii: "\n")).map { try Change(line: Data($0), decoder: decoder) }
        } catch {
            // Cut off while written: no shard committed it, so there is nothing to complete.
            return []
        }
    }
}
