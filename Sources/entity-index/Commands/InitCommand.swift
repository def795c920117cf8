import EntityIndex
import Foundation

/// `init [--shards N | --shard LOCATION...]`: an empty index, of several shards if asked.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        summary: "create an empty index, of several shards if asked, local or remote",
        help: """
            Usage: entity-index --index DIR init [--shards N | --shard LOCATION...]

            Creates an empty index in DIR, which must be new or empty. With --shards N
            (2 to 64), the index is N Xapian databases searched as one, with the same
            scores as one database, and written in parallel: each entity goes to the
            shard its type and id hash to. With --shard, once for each shard in order,
            a shard is `local` (a database in DIR) or `tcp://HOST:PORT`, a database that
            `xapian-tcpsrv --writable --port PORT DBDIR` serves on HOST; one shard at
            least is local (it keeps the typo synonyms, which a remote database cannot).
            The shards are recorded in DIR/shards; every command opens the index with
            them. A batch stays all-or-nothing across shards (a crash between two shard
            commits is completed when the index is next opened read-write). Donating
            into a new directory makes one shard.
              --shards N         how many local shards (default 1)
              --shard LOCATION   local or tcp://HOST:PORT (repeat, in shard order)
            """,
        valueOptions: ["--shards", "--shard"])

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        guard arguments.positionals.isEmpty else { throw UsageError("init takes no arguments") }
        let locations = try shardLocations(arguments)
        if let existing = try? EntityIndex(path: path, access: .readOnly, configuration: IndexConfiguration(schemas: schemas),
                                           shardLocations: nil, unreachableShards: .skip) {
            let count = try existing.shardCount()
            throw UsageError("there is already an index at \(path) (\(count) shard\(count == 1 ? "" : "s")); give init a new or empty directory")
        }
        let index = try EntityIndex(path: path, configuration: IndexConfiguration(schemas: schemas), shardLocations: locations)
        let created = try index.shardLocations()
        let remote = created.filter { $0 != .local }
        Terminal.print("created an empty index of \(created.count) shard\(created.count == 1 ? "" : "s") at \(path)"
                       + (remote.isEmpty ? "" : " (remote: \(remote.map(\.description).joined(separator: ", ")))"))
        return .success
    }

    /// The shards `--shards N` or `--shard LOCATION...` ask for (one local shard by default).
    private static func shardLocations(_ arguments: ParsedArguments) throws -> [ShardLocation] {
        let given = arguments.values["--shard"] ?? []
        guard !given.isEmpty else { return Array(repeating: .local, count: try arguments.positiveInteger("--shards", default: 1)) }
        guard arguments.value("--shards") == nil else {
            throw UsageError("give either --shards N or a --shard for each shard, not both")
        }
        return try given.map { text in
            guard let location = ShardLocation(text) else {
                throw UsageError("a shard is local or tcp://HOST:PORT (e.g. tcp://10.0.0.7:7001), not '\(text)'")
            }
            return location
        }
    }
}
