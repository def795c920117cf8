import EntityIndex
import Foundation

/// `export [--type TYPE]`: every entity as donation lines, on standard output.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        summary: "write every entity (or one type's) as donation lines",
        help: """
            Usage: entity-index --index DIR export [--type TYPE] > entities.jsonl

            Writes each entity as the line that donates it, {"display"?, "id", "properties",
            "type"} with keys sorted: types in name order, a type's entities in the order
            they were first donated (shard by shard). Donating the output into a new index
            of as many shards and exporting again gives the same bytes: back up, move to
            more shards, or follow an index format change.
            Should entities be added or deleted meanwhile, it stops with status 75: export
            again when no writer is donating. Progress is shown on a terminal.
              --type TYPE   only the entities of TYPE
            """,
        valueOptions: ["--type"])

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        guard arguments.positionals.isEmpty else { throw UsageError("export takes no arguments; redirect its output to a file") }
        let index = try EntityIndex(path: path, access: .readOnly, configuration: IndexConfiguration(schemas: schemas))
        let type = arguments.value("--type").map(EntityType.init(rawValue:))
        let statistics = try index.statistics()
        if let type, schemas.schema(for: type) == nil, statistics.entityCountsByType[type] == nil {
            throw UsageError("unknown type \"\(type)\"; 'entity-index schema' lists the types")
        }
        let progress = ProgressLine(verb: "exporting", total: type.map { statistics.entityCountsByType[$0] ?? 0 } ?? statistics.entityCount)
        var done = 0
        try index.export(ofType: type) { lines in
            FileHandle.standardOutput.write(lines)
            done += lines.count { $0 == UInt8(ascii: "\n") }
            progress.update(done)
        }
        progress.finish()
        return .success
    }
}
