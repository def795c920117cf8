import Foundation

/// A store in an index directory, which records its shards (`IndexShards`).
protocol DirectoryStore: IndexStoreReader {
    /// The index directory.
    var path: String { get }
}

extension DirectoryStore {
    func shardLocations() throws -> [ShardLocation] {
        try IndexShards.locations(in: path)
    }

    func databases() throws -> [Database.Shard] {
        try IndexShards.databaseShards(of: path)
    }

    func sizeOnDisk() -> Int? {
        let files = FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []
        return files.reduce(0) { total, file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: "\(path)/\(file)")
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}
