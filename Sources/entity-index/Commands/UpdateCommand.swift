import EntityIndex

/// `update FILE...|-`: change some properties of indexed entities, all or nothing.
enum UpdateCommand: Command {
    static let spec = CommandSpec(
        name: "update",
        summary: "change some properties of indexed entities (null clears one)",
        help: """
            Usage: entity-index --index DIR update FILE... | -

            Each line names an indexed entity and the properties to change:
              {"type": "calendar.event", "id": "evt-1", "properties": {"location": "Mess Hall", "alarm": null}}
            A property with a value is set, one with null is cleared, and one that is
            absent is left as it is. All lines are applied in one commit; if any is
            malformed, names an entity that is not indexed, or breaks the schema
            (such as clearing a required property), nothing is applied.
            """)

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        var updates: [EntityUpdate] = []
        for source in try InputFiles.sources(arguments, what: "updates") {
            updates += try EntityJSONLines.decodeUpdates(try InputFiles.read(source), source: source)
        }
        try EntityIndex(path: path, configuration: IndexConfiguration(schemas: schemas)).update(updates)
        Terminal.print("updated \(updates.count) entities")
        return .success
    }
}
