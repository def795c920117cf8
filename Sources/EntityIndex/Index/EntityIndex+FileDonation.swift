import Foundation

extension EntityIndex {
    /// How many entities a donation from files commits at a time: what bounds
    /// its memory (Xapian holds a transaction's changes in memory until it commits).
    public static let donationChunkSize = 10_000

    /// Adds or replaces the entities of JSON Lines files, whatever their size,
    /// with memory bounded by `donationChunkSize`.
    ///
    /// What it guarantees: every line of every file is read and checked first,
    /// so a malformed or invalid line applies nothing. The entities are then
    /// written in commits of `donationChunkSize`; readers see each commit. Should
    /// writing fail (a full disk) or the process die part way, the entities
    /// committed so far stay, the index says a donation was interrupted
    /// (`IndexStatistics.interruptedDonation`, `EntityIndex.check`), and
    /// donating the same files again completes it, as entities are replaced by
    /// type + id. A donation that fits in one commit is all or nothing.
    /// - Parameters:
    ///   - paths: regular files (each is read twice, so not a pipe), applied in order (a later
    ///     entity with the same type + id wins).
    ///   - sourceNames: what messages call each file ("-" for a copy of standard input); by default its path.
    ///   - progress: called with the entities written so far and the total, after
    ///     the files were checked; on a queue of its own, never under the index's locks.
    /// - Returns: how many entities of each type were donated.
    @discardableResult
    public func donate(contentsOfFiles paths: [String], sourceNames: [String]? = nil,
                       progress: ((_ written: Int, _ total: Int) -> Void)? = nil) throws -> [EntityType: Int] {
        try donate(contentsOfFiles: paths, sourceNames: sourceNames, chunkSize: Self.donationChunkSize, progress: progress)
    }

    /// `donate(contentsOfFiles:sourceNames:progress:)` in commits of `chunkSize`.
    func donate(contentsOfFiles paths: [String], sourceNames: [String]?, chunkSize: Int,
                progress: ((_ written: Int, _ total: Int) -> Void)?) throws -> [EntityType: Int] {
        precondition(sourceNames.map { $0.count == paths.count } ?? true, "one source name for each file")
        let schemas = configuration.schemas
        let files = zip(paths, sourceNames ?? paths).map { (path: $0, name: $1) }
        for file in files {
            var status = stat()
            if stat(file.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw EntityIndexError(.malformedInput, """
                    \(file.name) is not a regular file, and a donation reads its files twice (checked, then written): \
                    copy it to a file first
                    """, path: file.path)
            }
        }
        var counts: [EntityType: Int] = [:]
        for file in files {
            try EntityJSONLines.forEachEntity(inFileAt: file.path, source: file.name, schemas: schemas) { counts[$0.type, default: 0] += 1 }
        }
        let total = counts.values.reduce(0, +)
        let relay = progress.map { progress in ProgressRelay { progress($0, total) } }
        defer { relay?.finish() }
        relay?.report(0)
        let marker = total > chunkSize
            ? "\(total) entities from \(files.map(\.name).joined(separator: ", ")): donate them again to complete it" : ""
        var chunk: [Entity] = []
        var written = 0
        func commit(last: Bool) throws {
            try write { writer in
                if written == 0, !marker.isEmpty { try writer.database.setMetadata(marker, for: Self.interruptedDonationKey) }
                try writer.replace(chunk, progress: relay.map { relay in { relay.report(written + $0) } })
                if last, !marker.isEmpty { try writer.database.setMetadata("", for: Self.interruptedDonationKey) }
            }
            written += chunk.count
            chunk.removeAll(keepingCapacity: true)
        }
        do {
            for file in files {
                try EntityJSONLines.forEachEntity(inFileAt: file.path, source: file.name, schemas: schemas) { entity in
                    chunk.append(entity)
                    if chunk.count == chunkSize, written + chunk.count < total { try commit(last: false) }
                }
            }
            try commit(last: true)
            guard written == total else {
                throw EntityIndexError(.malformedInput, """
                    the files changed while they were donated (\(total) entities when checked, \(written) when written): \
                    donate them again once nothing writes to them
                    """)
            }
        } catch let error as EntityIndexError where written > 0 {
            throw EntityIndexError(error.code, """
                \(error.message). \(written) of \(total) entities were committed before it: once that is solved, donate the \
                same files again to complete the donation
                """, path: error.path, entity: error.entity, property: error.property, line: error.line, systemError: error.systemError)
        }
        return counts
    }

    /// The metadata key that holds what a donation from files left undone, until it completes.
    static let interruptedDonationKey = "entity-index.interrupted-donation"

    /// What a donation from files left undone, or a batch a crash cut off
    /// between shard commits (the index at `path`); nil when nothing was.
    static func interruption(in database: Database, path: String?) throws -> String? {
        let interrupted = try database.metadata(interruptedDonationKey)
        if !interrupted.isEmpty { return interrupted }
        return path.map(ShardJournal.init(indexPath:))?.isPending == true ? ShardJournal.pendingNote : nil
    }
}
