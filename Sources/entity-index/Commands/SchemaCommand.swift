import EntityIndex

/// `schema [TYPE]`: the domains, types and properties the index accepts.
enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema",
        summary: "list the entity types and their properties",
        help: """
            Usage: entity-index [--types FILE]... schema [TYPE] [--json]

            Without TYPE, lists every domain and type with its properties. With TYPE,
            lists the type's properties: kind, whether required, how searched, language,
            and the words a request uses for the type and its properties.
            Needs no index.
              --types FILE  add the types a JSON file declares (repeat for several);
                            it takes the shape --json prints, optional fields left out
              --json        print the types as JSON: [{"type", "summary", "transient",
                            "scheduled", "person", "image", "title", "subtitle",
                            "spokenNames", "timeProperty", "endProperty",
                            "properties": [{"name", "kind", "cases", "required",
                            "searchable", "language", "spokenNames", "cues",
                            "whenTrue", "whenFalse"}, ...]}, ...]
            """,
        flags: ["--json"])

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let registry = schemas
        var types = registry.domains.flatMap(\.types)
        if let name = arguments.positionals.first {
            guard arguments.positionals.count == 1, let schema = registry.schema(for: EntityType(rawValue: name)) else {
                throw UsageError("no type \"\(arguments.positionals.joined(separator: " "))\"; run 'entity-index schema' to list them")
            }
            types = [schema]
        }
        if arguments.flags.contains("--json") {
            try Terminal.printJSON(types)
            return .success
        }
        for (number, schema) in types.enumerated() {
            if number > 0 { Terminal.print("") }
            let domain = String(schema.type.rawValue.prefix { $0 != "." })
            if arguments.positionals.isEmpty, number == 0 || !types[number - 1].type.rawValue.hasPrefix(domain + ".") {
                Terminal.print("== domain \(domain)")
            }
            let transient = schema.isTransient ? ", transient: searched inside its parent" : ""
            Terminal.print("\(schema.type) — \(schema.summary)\(transient)")
            if !schema.isTransient {
                let end = schema.endProperty.map { " until \($0)" } ?? ""
                let time = schema.timeProperty.map { "; time words are about \($0)\(end)" } ?? ""
                Terminal.print("  said as: \(schema.spokenNames.joined(separator: ", "))\(time)")
            }
            Terminal.printTable(
                header: ["  property", "kind", "required", "searchable", "language", "said with"],
                rows: schema.properties.map {
                    let display = $0.name == schema.titleProperty ? " (title)" : ""
                    let said = ($0.words.names + $0.words.cues.map { "\($0) …" } + $0.words.whenTrue + $0.words.whenFalse.map { "\($0) (false)" })
                    return ["  \($0.name)\(display)", $0.kind.shortName, $0.isRequired ? "yes" : "",
                            $0.searchability == .notSearched ? "" : $0.searchability.rawValue, $0.language?.rawValue ?? "",
                            said.joined(separator: ", ")]
                })
        }
        return .success
    }
}
