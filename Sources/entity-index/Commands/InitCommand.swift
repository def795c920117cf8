import EntityIndex
import Foundation

/// `init [--shards N]`: an empty index, of several shards if asked.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        summary: "create an empty index, of several shards if asked",
        help: """
            Usage: entity-index --index DIR init [--shards N]

            Creates an empty index in DIR, which must be new or empty. With --shards N
            (2 to 64), the index is N Xapian databases searched as one, with the same
            scores as one database, and written in parallel: each entity goes to the
            shard its type and id hash to. The count is recorded in DIR/shards; every
            command opens the index with it. A batch stays all-or-nothing across
            shards (a crash between two shard commits is completed when the index is
            next opened read-write). Donating into a new directory makes one shard.
              --shards N   how many shards (default 1)
            """,
        valueOptions: ["--shards"])

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        guard arguments.positionals.isEmpty else { throw UsageError("init takes no arguments") }
        let shards = try arguments.positiveInteger("--shards", default: 1)
        if let existing = try? EntityIndex(path: path, access: .readOnly, configuration: IndexConfiguration(schemas: schemas)) {
            let count = try existing.shardCount()
            throw UsageError("there is already an index at \(path) (\(count) shard\(count == 1 ? "" : "s")); give init a new or empty directory")
        }
        let index = try EntityIndex(path: path, configuration: IndexConfiguration(schemas: schemas), shards: shards)
        Terminal.print("created an empty index of \(try index.shardCount()) shard\(shards == 1 ? "" : "s") at \(path)")
        return .success
    }
}
