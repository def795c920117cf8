import Foundation

/// What is in an index directory, found before Xapian opens it: nothing yet
/// (an index may be created there), a sound-looking index, or something
/// that must be refused rather than opened or created over.
///
/// Xapian's `DB_CREATE_OR_OPEN` takes a directory whose postlist table is
/// missing for one with no database and creates a new, empty one over the
/// remaining files; and it crashes on some damaged version files (see
/// `GlassVersionFile`). Both are refused here, with what is wrong.
enum IndexDirectory {
    /// What a directory holds.
    enum Contents: Equatable {
        /// No directory, or an empty one (a lock file at most): no index yet.
        case nothing
        /// An index whose version file and tables agree.
        case index
    }

    /// Files Xapian leaves in a directory that holds no committed index.
    private static let leftovers: Set<String> = ["flintlock", "v.tmp"]

    /// Inspects the directory at `path`; throws `indexCorrupt` when its files
    /// are incomplete or damaged and `notAnIndex` when it holds other files.
    static func inspect(_ path: String) throws -> Contents {
        var status = stat()
        guard stat(path, &status) == 0 else {
            guard errno == ENOENT else { throw EntityIndexError(systemErrorAt: path, doing: "look at") }
            return .nothing
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw EntityIndexError(.notAnIndex, "\(path) is a file, not an index directory: give --index a directory", path: path)
        }
        let names = try entries(of: path)
        if names.contains(IndexShards.listFile) { return try inspectShards(of: path, names: names) }
        guard names.contains("iamglass") else {
            let tables = names.filter { $0.hasSuffix(".glass") }
            if !tables.isEmpty {
                throw damaged(path, "its version file iamglass is missing (\(tables.sorted().joined(separator: ", ")) remain)")
            }
            guard Set(names).isSubset(of: leftovers) else {
                throw EntityIndexError(.notAnIndex, """
                    \(path) holds other files and no index: give --index a new or empty directory \
                    (an index is never created over other files)
                    """, path: path)
            }
            return .nothing
        }
        let version: GlassVersionFile
        do {
            version = try GlassVersionFile(try versionFile(in: path))
        } catch let damage as GlassVersionFile.Damage {
            throw damaged(path, "its version file iamglass is damaged: \(damage.reason)")
        }
        for table in version.tables {
            try check(table, in: path, present: names.contains(table.name + ".glass"))
        }
        return .index
    }

    /// Inspects each local shard of a sharded index (a remote one is its
    /// server's to look after): none written yet is no index yet; some
    /// written and some not, or a stranger among them, is damage.
    private static func inspectShards(of path: String, names: [String]) throws -> Contents {
        let locations = try IndexShards.locations(in: path)
        if let stranger = names.sorted().first(where: { !IndexShards.belongs($0, locations: locations) }) {
            throw damaged(path, "it holds \(stranger), which is none of its \(locations.count) shards")
        }
        let local = locations.indices.filter { locations[$0] == .local }
        let shards = try local.map { try inspect(path + "/" + IndexShards.directoryName($0)) }
        if shards.allSatisfy({ $0 == .nothing }) { return .nothing }
        if let missing = shards.firstIndex(of: .nothing) {
            throw damaged(path, "its shard \(IndexShards.directoryName(local[missing])) holds no database")
        }
        return .index
    }

    /// The version files of an index's local databases, one after another:
    /// they change when any of those shards commits.
    static func versionFiles(of shards: [Database.Shard]) throws -> [UInt8] {
        try shards.compactMap(\.directory).flatMap(versionFile(in:))
    }

    /// Creates the directory and any missing parents (Xapian makes only the last).
    static func create(_ path: String) throws {
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            made += "/" + component
            guard mkdir(made, 0o777) == 0 || errno == EEXIST else {
                throw EntityIndexError(systemErrorAt: made, doing: "create")
            }
        }
    }

    /// The names in a directory.
    private static func entries(of path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw EntityIndexError(systemErrorAt: path, doing: "list") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The bytes of an index's version file (at most one more than Xapian reads).
    static func versionFile(in path: String) throws -> [UInt8] {
        try contents(of: path + "/iamglass", upTo: GlassVersionFile.maximumSize + 1)
    }

    /// Up to `limit` bytes from the start of a file.
    private static func contents(of path: String, upTo limit: Int) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw EntityIndexError(systemErrorAt: path, doing: "read") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let read = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, limit - count) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw EntityIndexError(systemErrorAt: path, doing: "read") }
            if read == 0 { break }
            count += read
        }
        return Array(bytes.prefix(count))
    }

    /// Throws unless a table's file is there and long enough for what the version file says it holds.
    private static func check(_ table: GlassVersionFile.Table, in path: String, present: Bool) throws {
        let file = table.name + ".glass"
        guard present else {
            // A lazy table that was never written has no file yet.
            if GlassVersionFile.lazyTables.contains(table.name) && table.rootIsFake { return }
            throw damaged(path, "its table \(file) is missing")
        }
        let filePath = path + "/" + file
        var status = stat()
        guard stat(filePath, &status) == 0 else { throw EntityIndexError(systemErrorAt: filePath, doing: "look at") }
        let size = UInt64(status.st_size)
        // A partial block at the end is one a failed write (a full disk) left past the committed
        // revision: harmless. The root block must be whole.
        if !table.rootIsFake, table.root >= size / table.blockSize {
            throw damaged(path, "its table \(file) is truncated (its root block \(table.root) lies past its end, \(size) bytes)")
        }
    }

    private static func damaged(_ path: String, _ reason: String) -> EntityIndexError {
        EntityIndexError(.indexCorrupt, """
            the index at \(path) is damaged: \(reason). It was not opened or changed: \(EntityIndexError.rebuildAdvice)
            """, path: path)
    }
}
