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
            The index is created when missing. All files are applied in one commit:
            if any line is malformed, it is reported with its line number and nothing
            is applied. Progress is shown on a terminal.
            """)

    static func run(_ arguments: ParsedArguments, indexPath: String?) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        guard !arguments.positionals.isEmpty else { throw UsageError("name a JSON Lines file to donate, or - for standard input") }
        var entities: [Entity] = []
        for source in arguments.positionals {
            entities += try EntityJSONLines.decode(try read(source), source: source)
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

    /// The bytes of a file, or of standard input for `-`.
    private static func read(_ source: String) throws -> Data {
        if source == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw EntityIndexError(.malformedInput, "cannot read \(source): check that the file exists and is readable")
        }
        return data
    }
}
