/// What an index holds.
public struct IndexStatistics: Hashable, Sendable, Codable {
    /// The number of entities of each type.
    public var entityCountsByType: [EntityType: Int]
    /// The bytes the index takes on disk; nil in memory.
    public var sizeOnDisk: Int?
    /// What a donation from files left undone when it was interrupted (see
    /// `EntityIndex.donate(contentsOfFiles:sourceNames:progress:)`); nil when none was.
    public var interruptedDonation: String?

    /// The number of entities of all types.
    public var entityCount: Int {
        entityCountsByType.values.reduce(0, +)
    }
}
