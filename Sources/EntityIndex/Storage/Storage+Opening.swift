extension EntityIndex.Storage {
    /// Opens the store an index lives in (see `EntityIndex.init(storage:access:configuration:shardLocations:unreachableShards:)`):
    /// in memory, or a directory read-write (created when empty) or read-only.
    func open(access: EntityIndex.Access, configuration: IndexConfiguration, shardLocations: [ShardLocation]?,
              unreachableShards: EntityIndex.UnreachableShards) throws -> any IndexStoreReader {
        switch self {
        case .inMemory:
            return try MemoryStore(configuration: configuration, shardLocations: shardLocations)
        case .directory(let path):
            if let shardLocations { try IndexShards.validate(shardLocations, path: path) }
            if access == .readWrite {
                return try DiskStore.open(path: path, configuration: configuration, shardLocations: shardLocations,
                                          skipsUnreachable: unreachableShards == .skip)
            }
            // A damaged index is refused before Xapian reads it.
            guard try IndexDirectory.inspect(path) == .index else {
                throw EntityIndexError(.indexNotFound, "no index at \(path): donate entities to create it", path: path)
            }
            return ReaderPool(path: path, writerIsInProcess: false, skipsUnreachable: unreachableShards == .skip)
        }
    }
}
