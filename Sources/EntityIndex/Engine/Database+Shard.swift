import CXapianShim

extension Database {
    /// Where one of a database's shards lives.
    enum Shard: Hashable, CustomStringConvertible {
        /// A Xapian database in a directory on this machine.
        case directory(String)
        /// A database that `xapian-tcpsrv` serves (`--writable` for a writer).
        case remote(host: String, port: UInt16)
        /// A writable database in memory only, the one shard of its database
        /// (Xapian's in-memory backend: no transactions, no synonym table).
        case memory

        /// How long a remote shard may take to accept a connection, and to
        /// answer each request, before it counts as unreachable (milliseconds).
        static let timeouts = eix_remote_timeouts(connect: 5_000, request: 30_000)

        /// The directory, `tcp://HOST:PORT`, or `memory`.
        var description: String {
            switch self {
            case .directory(let path): path
            case .remote(let host, let port): "tcp://\(host):\(port)"
            case .memory: "memory"
            }
        }

        /// The directory of a shard on disk; nil for a remote one or in memory.
        var directory: String? {
            if case .directory(let path) = self { return path }
            return nil
        }

        /// Whether `xapian-tcpsrv` serves it.
        var isRemote: Bool {
            if case .remote = self { return true }
            return false
        }

        /// The name the shim takes (a directory or a host) and the port (0 for a directory).
        fileprivate var shimName: (name: String, port: UInt16) {
            switch self {
            case .directory(let path): (path, 0)
            case .remote(let host, let port): (host, port)
            case .memory: ("", 0)
            }
        }
    }

    /// Opens the shim's handle on shards; the positions of those left out unreachable.
    static func openHandle(_ shards: [Shard], mode: Mode, skippingUnreachable: Bool) throws -> (OpaquePointer, skipped: [Int]) {
        precondition(!shards.contains(.memory) || (shards == [.memory] && mode == .writable), "a database in memory is one writable shard")
        let shimMode = shards == [.memory] ? EIX_OPEN_IN_MEMORY : mode == .readOnly ? EIX_OPEN_READ_ONLY : EIX_OPEN_WRITABLE
        let names = shards.map { Array($0.shimName.name.utf8) }
        let handle = try withPointers(to: names) { pointers in
            let specs = zip(shards, pointers).map { shard, name in
                eix_shard(name: name!, name_length: shard.shimName.name.utf8.count, port: shard.shimName.port)
            }
            return try withEngineError {
                eix_database_open_shards(specs, specs.count, shimMode, Shard.timeouts, skippingUnreachable ? 1 : 0, $0)
            }
        }!
        return (handle, shards.indices.filter { eix_database_shard_skipped(handle, $0) == 1 })
    }
}
