import EntityIndex

/// `get --type TYPE ID`: print a stored entity.
enum GetCommand: Command {
    static let spec = CommandSpec(
        name: "get",
        summary: "print the stored entity with a type and id as JSON",
        help: """
            Usage: entity-index --index DIR get --type TYPE ID

            Prints the entity as one line of JSON, and on standard error a note for
            each reference to an entity that is not in the index (a dangling
            reference is kept, not an error). Exits with status 1 when the index has
            no such entity.
            """,
        valueOptions: ["--type"])

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        guard let type = arguments.value("--type") else { throw UsageError("--type TYPE is required") }
        guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
            throw UsageError("give exactly one id")
        }
        let identifier = EntityIdentifier(type: EntityType(rawValue: type), id: id)
        let index = try EntityIndex(path: path, access: .readOnly, configuration: IndexConfiguration(schemas: schemas))
        guard let entity = try index.entity(for: identifier) else {
            Terminal.printError("entity-index: no entity \(identifier) in the index")
            return .notFound
        }
        try Terminal.printJSON(entity)
        for reference in try index.danglingReferences(in: entity) {
            Terminal.printError("entity-index: note: \(reference.path) refers to \(reference.target), which is not in the index")
        }
        return .success
    }
}
