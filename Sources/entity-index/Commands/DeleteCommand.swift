import EntityIndex

/// `delete --type TYPE ID...|--all`: remove entities of one type.
enum DeleteCommand: Command {
    static let spec = CommandSpec(
        name: "delete",
        summary: "delete entities of a type by id, or all of a type",
        help: """
            Usage: entity-index --index DIR delete --type TYPE ID...
                   entity-index --index DIR delete --type TYPE --all

            Deletes the entities of TYPE with the given ids (ids not in the index are
            ignored), or every entity of TYPE with --all, in one commit.
            """,
        valueOptions: ["--type"],
        flags: ["--all"])

    static func run(_ arguments: ParsedArguments, indexPath: String?) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        guard let type = arguments.value("--type") else { throw UsageError("--type TYPE is required") }
        let all = arguments.flags.contains("--all")
        guard all != !arguments.positionals.isEmpty else {
            throw UsageError("give the ids to delete, or --all (not both)")
        }
        let index = try EntityIndex(path: path)
        let deleted = all
            ? try index.deleteAll(ofType: EntityType(rawValue: type))
            : try index.delete(ids: arguments.positionals, ofType: EntityType(rawValue: type))
        Terminal.print("deleted \(deleted) entities of type \(type)")
        return .success
    }
}
