import Foundation

/// How an index directory holds its shards. An index of one local shard is
/// one Xapian database in the directory itself; an index of several holds a
/// `shards` file and, for each local shard, a database `shard-K` (K its
/// position). The shards are searched as one (Xapian's `add_database`, with
/// the statistics combined, so scores are those of one database) and written
/// in parallel, a document to the shard its type + id hashes to.
///
/// The `shards` file holds the count when every shard is local, else each
/// shard's location a line (`local` or `tcp://HOST:PORT`, see `ShardLocation`).
/// The typo synonyms live in the first local shard (a remote database has no
/// synonym table), so an index has at least one.
enum IndexShards {
    /// The file that records the shards.
    static let listFile = "shards"
    /// The most shards an index may have.
    static let maximumCount = 64

    /// A local shard's database directory's name.
    static func directoryName(_ shard: Int) -> String { "shard-\(shard)" }

    /// The shard locations recorded in a directory: one local shard when it records none.
    static func locations(in path: String) throws -> [ShardLocation] {
        let file = path + "/" + listFile
        guard FileManager.default.fileExists(atPath: file) else { return [.local] }
        let text = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.count == 1, let count = Int(lines[0]), (2...maximumCount).contains(count) {
            return Array(repeating: .local, count: count)
        }
        let locations = lines.compactMap(ShardLocation.init)
        guard locations.count == lines.count, (try? validate(locations)) != nil else {
            throw EntityIndexError(.indexCorrupt, """
                the index at \(path) is damaged: its file \(listFile) holds neither a shard count from 2 to \(maximumCount) \
                nor a shard a line (local or tcp://HOST:PORT, one local at least). It was not opened or changed: \
                \(EntityIndexError.rebuildAdvice)
                """, path: path)
        }
        return locations
    }

    /// Throws unless the locations make an index: 1 to `maximumCount`
    /// shards, one local at least, no remote one twice.
    static func validate(_ locations: [ShardLocation], path: String? = nil) throws {
        guard (1...maximumCount).contains(locations.count) else {
            throw EntityIndexError(.invalidQuery, "an index has 1 to \(maximumCount) shards, not \(locations.count)", path: path)
        }
        guard locations.contains(.local) else {
            throw EntityIndexError(.invalidQuery, """
                an index keeps its typo synonyms in a local shard (a remote database has none): add a local shard \
                (--shard local) beside the remote ones
                """, path: path)
        }
        let remote = locations.filter { $0 != .local }
        if let twice = remote.first(where: { location in remote.filter { $0 == location }.count > 1 }) {
            throw EntityIndexError(.invalidQuery, "\(twice) is given twice: each remote shard is a database of its own", path: path)
        }
    }

    /// Throws unless every remote shard accepts a writer and holds no
    /// documents yet: checked before a new index is made at `path`, so that
    /// nothing is made there for shards that are not ready.
    static func checkReady(_ locations: [ShardLocation], for path: String) throws {
        for (position, location) in locations.enumerated() {
            guard case .remote(let host, let port) = location else { continue }
            let documents: Int
            do {
                documents = try Database(shards: [.remote(host: host, port: port)], mode: .writable).documentCount()
            } catch let error as EngineError {
                throw EntityIndexError(.shardUnreachable, """
                    shard \(position), \(location), does not take a writer (\(error.message)): start xapian-tcpsrv --writable \
                    there, or give another location; nothing was made at \(path)
                    """, path: path)
            }
            guard documents == 0 else {
                throw EntityIndexError(.invalidQuery, """
                    shard \(position), \(location), already holds \(documents) documents: give each index empty databases \
                    of its own; nothing was made at \(path)
                    """, path: path)
            }
        }
    }

    /// The databases the index at `path` is made of, in shard order.
    static func databaseShards(of path: String) throws -> [Database.Shard] {
        let locations = try locations(in: path)
        guard locations != [.local] else { return [.directory(path)] }
        return locations.enumerated().map { position, location in
            switch location {
            case .local: .directory(path + "/" + directoryName(position))
            case .remote(let host, let port): .remote(host: host, port: port)
            }
        }
    }

    /// Records the shards of a new, empty index directory (their databases
    /// are made when the index is first opened for writing): nothing for one
    /// local shard, the count when all are local, else a location a line.
    static func record(_ locations: [ShardLocation], in path: String) throws {
        guard locations != [.local] else { return }
        let text = locations.allSatisfy { $0 == .local } ? "\(locations.count)\n" : locations.map { "\($0)\n" }.joined()
        let file = path + "/" + listFile
        guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else {
            throw EntityIndexError(systemErrorAt: file, doing: "create")
        }
        try Database.sync(directory: path)
    }

    /// Shards as a person reads them: "3 shards", or "the shards local, tcp://HOST:PORT".
    static func summary(of locations: [ShardLocation]) -> String {
        guard locations.allSatisfy({ $0 == .local }) else { return "the shards " + locations.map(\.description).joined(separator: ", ") }
        return "\(locations.count) shard\(locations.count == 1 ? "" : "s")"
    }

    /// Whether a name in a sharded index's directory belongs there.
    static func belongs(_ name: String, locations: [ShardLocation]) -> Bool {
        name == listFile || name == ShardJournal.fileName
            || locations.indices.contains { locations[$0] == .local && directoryName($0) == name }
    }
}
