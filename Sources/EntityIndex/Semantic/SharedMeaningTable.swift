/// The meaning table of the latest revision read, shared by the readers of one
/// index (`ReaderPool`), so that concurrent readers at one revision hold one
/// copy instead of one each. A revision is known by its version files.
final class SharedMeaningTable: Sendable {
    private let latest = Locked<(revision: [UInt8], table: MeaningTable)?>(nil)

    /// The table of `revision`, built by `build` unless a reader already built it.
    func table(of revision: [UInt8], dimensions: Int, build: () throws -> MeaningTable) rethrows -> MeaningTable {
        if let latest = latest.withLock({ $0 }), latest.revision == revision, latest.table.dimensions == dimensions {
            return latest.table
        }
        let table = try build()  // outside the lock: readers of other revisions go on meanwhile
        latest.withLock { $0 = (revision, table) }
        return table
    }
}
