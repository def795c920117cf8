/// What checking an index found (`EntityIndex.check(path:)`).
public struct IndexCheck: Sendable, Codable {
    /// What is wrong, one line each; empty when the index is sound. The
    /// entities' own problems are listed up to `listedLimit`, then counted.
    public var problems: [String]
    /// How many stored entities decoded whole.
    public var soundEntities: Int
    /// What a donation from files left undone, if one was interrupted: the
    /// index is sound, only incomplete (see `IndexStatistics.interruptedDonation`).
    public var interruptedDonation: String?
    /// What Xapian's own check (`xapian-check`'s) said, when it ran.
    public var engineReport: String

    /// Whether nothing is wrong.
    public var isSound: Bool { problems.isEmpty }

    /// How many damaged entities are named before the rest are only counted.
    static let listedLimit = 20
}

extension EntityIndex {
    /// Verifies the index at `path` without changing it: its files against its
    /// version file, Xapian's own check of every table, its format, and every
    /// stored entity decoding whole. Throws only when there is no index there
    /// or its files cannot be read at all (permission, …).
    /// - Parameter progress: called with the entities checked so far and the total.
    public static func check(path: String, progress: ((Int, Int) -> Void)? = nil) throws -> IndexCheck {
        var check = IndexCheck(problems: [], soundEntities: 0, interruptedDonation: nil, engineReport: "")
        do {
            guard try IndexDirectory.inspect(path) == .index else {
                throw EntityIndexError(.indexNotFound, "no index at \(path) to check", path: path)
            }
        } catch let error as EntityIndexError where error.code == .indexCorrupt {
            // Xapian cannot safely read what its version file does not describe.
            check.problems.append(error.message)
            return check
        }
        let shards = try IndexShards.databaseShards(of: path)
        for remote in shards where remote.isRemote {
            check.engineReport += "\(remote): a remote shard's tables are checked on its server (xapian-check there)\n"
        }
        for databasePath in shards.compactMap(\.directory) {
            let shard = shards.count == 1 ? "" : " of \(databasePath)"
            do {
                let (problems, report) = try Database.check(path: databasePath)
                check.engineReport += report
                if problems > 0 {
                    check.problems.append("""
                        Xapian's check found \(problems) problem(s) in the tables\(shard) (its report says which): \(EntityIndexError.rebuildAdvice)
                        """)
                }
            } catch let error as EngineError {
                check.problems.append("""
                    Xapian's check\(shard) stopped: \(error.message): \(EntityIndexError.rebuildAdvice)
                    """)
                return check
            }
        }
        try EntityIndexError.translating(path: path) {
            let database = try Database(shards: shards, mode: .readOnly)
            do {
                try IndexFormat.check(database, path: path)
            } catch let error as EntityIndexError {
                check.problems.append(error.message)
                return
            }
            check.interruptedDonation = try interruption(in: database, path: path)
            try checkEntities(in: database, into: &check, progress: progress)
        }
        return check
    }

    /// Decodes every stored entity and its record, a page of documents at a time.
    private static func checkEntities(in database: Database, into check: inout IndexCheck,
                                      progress: ((Int, Int) -> Void)?) throws {
        let total = try database.documentCount()
        let everything = try Query.term("")  // Xapian's MatchAll
        let page = 10_000
        var damaged = 0
        for offset in stride(from: 0, to: total, by: page) {
            let matches = try database.search(everything, offset: offset, limit: page)
            for rank in 0..<matches.count {
                do {
                    let document = try matches.document(at: rank)
                    _ = try document.storedEntity()
                    _ = try document.record()
                    check.soundEntities += 1
                } catch {
                    damaged += 1
                    if damaged <= IndexCheck.listedLimit {
                        check.problems.append("document \(matches.documentID(at: rank)) does not decode (\(error)): donate its entity again")
                    }
                }
            }
            progress?(min(offset + page, total), total)
        }
        if damaged > IndexCheck.listedLimit {
            check.problems.append("\(damaged - IndexCheck.listedLimit) more documents do not decode")
        }
    }
}
