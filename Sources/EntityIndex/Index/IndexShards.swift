import Foundation

/// How an index directory holds its shards. An index of one shard is one
/// Xapian database in the directory itself; an index of several holds a
/// `shards` file with their count and the databases `shard-0` …
/// `shard-(N-1)`, searched as one (Xapian's `add_database`, with the
/// statistics combined, so scores are those of one database) and written
/// in parallel, a document to the shard its type + id hashes to.
enum IndexShards {
    /// The file that records the shard count.
    static let countFile = "shards"
    /// The most shards an index may have.
    static let maximumCount = 64

    /// A shard's database directory's name.
    static func directoryName(_ shard: Int) -> String { "shard-\(shard)" }

    /// The shard count recorded in a directory: 1 when it records none.
    static func count(in path: String) throws -> Int {
        let file = path + "/" + countFile
        guard FileManager.default.fileExists(atPath: file) else { return 1 }
        guard let text = FileManager.default.contents(atPath: file).map({ String(decoding: $0, as: UTF8.self) }),
              let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), (2...maximumCount).contains(count) else {
            throw EntityIndexError(.indexCorrupt, """
                the index at \(path) is damaged: its file \(countFile) does not hold a shard count from 2 to \(maximumCount). \
                It was not opened or changed: \(EntityIndexError.rebuildAdvice)
                """, path: path)
        }
        return count
    }

    /// The directories of the databases the index at `path` is made of.
    static func databasePaths(of path: String) throws -> [String] {
        let count = try count(in: path)
        return count == 1 ? [path] : (0..<count).map { path + "/" + directoryName($0) }
    }

    /// Records `count` shards (1 to `maximumCount`) in a new, empty index
    /// directory (their databases are made when the index is first opened for writing).
    static func record(_ count: Int, in path: String) throws {
        guard count > 1 else { return }
        let file = path + "/" + countFile
        guard FileManager.default.createFile(atPath: file, contents: Data("\(count)\n".utf8)) else {
            throw EntityIndexError(systemErrorAt: file, doing: "create")
        }
        try Database.sync(directory: path)
    }

    /// Whether a name in a sharded index's directory belongs there.
    static func belongs(_ name: String, count: Int) -> Bool {
        name == countFile || name == ShardJournal.fileName || (0..<count).contains { directoryName($0) == name }
    }
}
