import EntityIndex

/// `delete --type TYPE ID...|--all`, or `delete --match REQUEST`: remove entities.
enum DeleteCommand: Command {
    static let spec = CommandSpec(
        name: "delete",
        summary: "delete entities by id, all of a type, or what a request resolves to",
        help: """
            Usage: entity-index --index DIR delete --type TYPE ID...
                   entity-index --index DIR delete --type TYPE --all
                   entity-index --index DIR delete --match REQUEST [--type TYPE]... [--visible TYPE:ID,...]
                                [--focused TYPE:ID] [--now ISO8601] [--time-zone TZ] [--dry-run] [--json]

            Deletes the entities of TYPE with the given ids (ids not in the index are
            ignored), or every entity of TYPE with --all, in one commit.

            With --match, resolves the request as search does ("this", "the crew lunch
            tomorrow", "these") and deletes only when it is resolved: the entity it
            resolves to, or every one of a plural request. When it is ambiguous, it lists
            the candidates, deletes nothing and exits with 2; when nothing fits, 1.
              --match REQUEST     what to delete, as a person says it
              --type, --visible, --focused, --now, --time-zone   as for search
              --dry-run           show what would be deleted, delete nothing
              --json              print {"status", "dryRun", "deleted": ["TYPE:ID", ...], "candidates": [...]}
            """,
        valueOptions: ["--type", "--match", "--visible", "--focused", "--now", "--time-zone"],
        flags: ["--all", "--dry-run", "--json"])

    /// The JSON shape of `delete --match`'s output.
    struct MatchOutput: Encodable {
        let status: String
        let dryRun: Bool
        let deleted: [String]
        let candidates: [SearchCommand.Output.Result]
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        if let text = arguments.value("--match") {
            guard arguments.positionals.isEmpty, !arguments.flags.contains("--all") else {
                throw UsageError("--match takes the request alone: no ids and no --all")
            }
            return try deleteMatching(text, arguments: arguments, path: path, schemas: schemas)
        }
        guard let type = arguments.value("--type") else { throw UsageError("--type TYPE is required, or --match REQUEST") }
        let all = arguments.flags.contains("--all")
        guard all != !arguments.positionals.isEmpty else {
            throw UsageError("give the ids to delete, or --all (not both)")
        }
        let index = try EntityIndex(path: path, configuration: IndexConfiguration(schemas: schemas))
        let deleted = all
            ? try index.deleteAll(ofType: EntityType(rawValue: type))
            : try index.delete(ids: arguments.positionals, ofType: EntityType(rawValue: type))
        Terminal.print("deleted \(deleted) entities of type \(type)")
        return .success
    }

    private static func deleteMatching(_ text: String, arguments: ParsedArguments, path: String,
                                       schemas: SchemaRegistry) throws -> ExitStatus {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("--match needs a request, such as \"this\"") }
        let request = try SearchCommand.request(from: arguments, text: text)
        let dryRun = arguments.flags.contains("--dry-run")
        let outcome = try EntityIndex(path: path, configuration: IndexConfiguration(schemas: schemas)).delete(matching: request, dryRun: dryRun)
        let resolution = outcome.resolution
        if arguments.flags.contains("--json") {
            try Terminal.printJSON(MatchOutput(status: resolution.status.rawValue, dryRun: dryRun,
                                               deleted: outcome.deleted.map(\.description),
                                               candidates: resolution.results.map(SearchCommand.Output.Result.init)))
        } else {
            switch resolution.status {
            case .resolved:
                let verb = dryRun ? "would delete" : "deleted"
                Terminal.print("\(verb) \(outcome.deleted.map(\.description).joined(separator: ", "))")
            case .ambiguous:
                Terminal.print("\"\(text)\" is ambiguous: nothing was deleted; say which one:")
                SearchCommand.printTable(of: resolution.results)
            case .notFound:
                Terminal.print("nothing matches \"\(text)\": nothing was deleted")
            }
        }
        switch resolution.status {
        case .resolved: return .success
        case .ambiguous: return .ambiguous
        case .notFound: return .notFound
        }
    }
}
