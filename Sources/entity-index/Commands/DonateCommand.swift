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
            index is created when missing. Every line of every file is checked first:
            if any is malformed or invalid, it is reported with its line number and
            nothing is applied. Then the entities are written in commits of \(EntityIndex.donationChunkSize), so
            memory stays bounded whatever the size: if writing fails part way (a full
            disk), 'stats' and 'check' say so, and donating the same files again
            completes it. Progress is shown on a terminal.
            """)

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        let sources = try InputFiles.sources(arguments, what: "entities")
        // Standard input is read twice (checked, then written): it is kept in a file meanwhile.
        let spooled = sources.contains("-") ? try InputFiles.spoolStandardInput() : nil
        defer { spooled.map { try? FileManager.default.removeItem(atPath: $0) } }
        let files = sources.map { $0 == "-" ? spooled! : $0 }
        try InputFiles.checkReadable(files, names: sources)

        let started = Date()
        let index = try EntityIndex(path: path, configuration: IndexConfiguration(schemas: schemas))
        let progress = ProgressLine(verb: "donating", lastStep: "committing")
        let counts = try index.donate(contentsOfFiles: files, sourceNames: sources, progress: progress.update(_:of:))
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        Terminal.print("donated \(counts.values.reduce(0, +)) entities of \(counts.count) types in \(String(format: "%.2f", seconds)) s")
        return .success
    }
}
