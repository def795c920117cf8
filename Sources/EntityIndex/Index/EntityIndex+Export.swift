import Foundation

extension EntityIndex {
    /// How many entities an export reads at a time.
    static let exportPageSize = 1_000

    /// Writes every entity, or every one of a type, as donation lines: the
    /// JSON the index stores for each, one a line; types in name order, a
    /// type's entities in the order they were first donated. Donating the
    /// lines into a new index and exporting again gives the same bytes, so a
    /// service can back up, move to another index, or follow a format change.
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
        var state: [Int]?, written = 0
        for type in types {
            var offset = 0
            while true {
                let (lines, count, now) = try withReader { reader in
                    let everyOne = try Query.term(IndexLayout.typeTerm(for: type)).scaled(by: 0)  // unranked: document order
                    let matches = try reader.database.search(everyOne, offset: offset, limit: Self.exportPageSize)
                    var lines = Data()
                    for rank in 0..<matches.count {
                        lines.append(contentsOf: try matches.document(at: rank).valueBytes(slot: IndexLayout.entitySlot))
                        lines.append(UInt8(ascii: "\n"))
                    }
                    return (lines, matches.count, [try reader.database.documentCount(), try reader.database.lastDocumentID()])
                }
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
        return written
    }
}
