import CXapianShim

extension Database {
    /// Where one of a database's shards lives.
    enum Shard: Hashable, CustomStringConvertible {
        /// A Xapian database in a directory on this machine.
        case directory(String)
        /// A database that `xapian-tcpsrv` serves (`--writable` for a writer).
        case remote(host: String, port: UInt16)

        /// How long a remote shard may take to accept a connection, and to
        /// answer each request, before it counts as unreachable (milliseconds).
        static let timeouts = eix_remote_timeouts(connect: 5_000, request: 30_000)

        /// The directory, or `tcp://HOST:PORT`.
        var description: String {
            switch self {
            case .directory(let path): path
            case .remote(let host, let port): "tcp://\(host):\(port)"
            }
        }

        /// The directory of a local shard; nil for a remote one.
        var directory: String? {
            if case .directory(let path) = self { return path }
            return nil
        }

        /// The name the shim takes (a directory or a host) and the port (0 for a directory).
        fileprivate var shimName: (name: String, port: UInt16) {
            switch self {
            case .directory(let path): (path, 0)
            case .remote(let host, let port): (host, port)
            }
        }
    }

    /// Opens the shim's handle on shards; the positions of those left out unreachable.
    static func openHandle(_ shards: [Shard], mode: Mode, skippingUnreachable: Bool) throws -> (OpaquePointer, skipped: [Int]) {
        let names = shards.map { Array($0.shimName.name.utf8) }
        let handle = try withPointers(to: names) { pointers in
            let specs = zip(shards, pointers).map { shard, name in
                eix_shard(name: name!, name_length: shard.shimName.name.utf8.count, port: shard.shimName.port)
            }
            return try withEngineError {
                eix_database_open_shards(specs, specs.count, mode.shimValue, Shard.timeouts, skippingUnreachable ? 1 : 0, $0)
            }
        }!
        return (handle, shards.indices.filter { eix_database_shard_skipped(handle, $0) == 1 })
    }
}
