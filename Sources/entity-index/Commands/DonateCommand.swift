import EntityIndex
import Foundation

/// `donate FILE...|-`: add or replace entities from JSON Lines, all or nothing.
enum DonateCommand: Command {
    static let spec = CommandSpec(
        name: "donate",
        summary: "add or replace entities from JSON Lines files (or - for standard input)",
        help: """
            Usage: entity-index --index DIR donate FILE... | -

            Adds or replaces entities by type + id. Each line of a file is one entity:
              {"type": "calendar.event", "id": "evt-1", "properties": {"title": "Crew Lunch"}}
            Each entity must match its type's schema (see 'entity-index schema'). The
            index is created when missing. All files are applied in one commit: if
            any line is malformed or invalid, it is reported with its line number and
            nothing is applied. Progress is shown on a terminal.
            """)

    static func run(_ arguments: ParsedArguments, indexPath: String?) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        var entities: [Entity] = []
        for source in try InputFiles.sources(arguments, what: "entities") {
            entities += try EntityJSONLines.decode(try InputFiles.read(source), source: source)
        }

        let started = Date()
        let index = try EntityIndex(path: path)
        let progress = ProgressLine(verb: "donating", total: entities.count)
        try index.donate(entities, progress: progress.update)
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        let types = Set(entities.map(\.type)).count
        Terminal.print("donated \(entities.count) entities of \(types) types in \(String(format: "%.2f", seconds)) s")
        return .success
    }
}
