import Foundation

extension EntityIndex {
    /// How many entities an export reads at a time.
    static let exportPageSize = 1_000

    /// Writes every entity, or every one of a type, as donation lines: the
    /// JSON the index stores for each, one a line; types in name order, a
    /// type's entities in the order they were first donated (shard by shard
    /// in a sharded index). Donating the lines into a new index of as many
    /// shards and exporting again gives the same bytes, so a service can back
    /// up, move to another index, or follow a format change.
    ///
    /// Entities are read a page at a time, so memory stays bounded. An entity
    /// replaced meanwhile is written as it is when its page is read; should
    /// entities be added or deleted while the export runs, it stops with
    /// `indexChanged` rather than write a mix of two states.
    /// - Parameters:
    ///   - type: the type to export; nil for all.
    ///   - write: takes each page of lines; it runs outside any lock, so it may use the index.
    /// - Returns: how many entities were written.
    @discardableResult
    public func export(ofType type: EntityType? = nil, to write: (Data) throws -> Void) throws -> Int {
        let types = try type.map { [$0] } ?? withReader { reader in
            try reader.database.terms(withPrefix: IndexLayout.typeTermPrefix).filter { $0.frequency > 0 }
                .map { EntityType(rawValue: String($0.term.dropFirst(IndexLayout.typeTermPrefix.count))) }
        }.sorted { $0.rawValue < $1.rawValue }
        // Searched as one, shards interleave their documents: read each on its own, in its own order.
        let databases = try store.databases()
        let shards: [Database.Shard?] = databases.count > 1 ? databases : [nil]
        var written = 0
        for shard in shards {
            var state: [Int]?
            for type in types {
                var offset = 0
                while true {
                    let (lines, count, now) = try page(of: type, from: offset, inShard: shard)
                    guard state == nil || state == now else {
                        throw EntityIndexError(.indexChanged, "entities were added or deleted while exporting, after \(written) were written; "
                                               + "export again when no writer is donating", path: path)
                    }
                    state = now
                    guard count > 0 else { break }
                    try write(lines)
                    written += count
                    offset += count
                }
            }
        }
        return written
    }

    /// A page of a type's stored entities as lines, how many, and the
    /// database's document count and last id (which change with any addition
    /// or deletion); from one shard's database, or from the index as a whole.
    private func page(of type: EntityType, from offset: Int, inShard shard: Database.Shard?) throws -> (Data, Int, [Int]) {
        func read(_ database: Database) throws -> (Data, Int, [Int]) {
            let everyOne = try Query.term(IndexLayout.typeTerm(for: type)).scaled(by: 0)  // unranked: document order
            let matches = try database.search(everyOne, offset: offset, limit: Self.exportPageSize)
            var lines = Data()
            for entity in try matches.values(inSlot: IndexLayout.entitySlot) {
                lines.append(contentsOf: entity)
                lines.append(UInt8(ascii: "\n"))
            }
            return (lines, matches.count, [try database.documentCount(), try database.lastDocumentID()])
        }
        guard let shard else { return try withReader { try read($0.database) } }
        return try EntityIndexError.translating(path: path) {
            if let directory = shard.directory { _ = try IndexDirectory.inspect(directory) }  // as every reader does before Xapian opens a database
            return try read(try Database(shards: [shard], mode: .readOnly))
        }
    }
}
