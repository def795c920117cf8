import EntityIndex

/// `schema [TYPE]`: the domains, types and properties the index accepts.
enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema",
        summary: "list the entity types and their properties",
        help: """
            Usage: entity-index schema [TYPE] [--json]

            Without TYPE, lists every domain and type with its properties. With TYPE,
            lists the type's properties: kind, whether required, how searched, language,
            and the words a request uses for the type and its properties.
            Needs no index.
              --json   print the types as JSON
            """,
        flags: ["--json"])

    /// The JSON shape of one type.
    struct TypeOutput: Encodable {
        struct Property: Encodable {
            let name: String
            let kind: String
            let required: Bool
            let searchable: String
            let language: String?
            /// What a request calls it and the words that bring in its value.
            let spokenNames: [String]
            let cues: [String]
            /// For a flag, the words that say it is set or not ("unread").
            let whenTrue: [String]
            let whenFalse: [String]
        }
        let type: String
        let summary: String
        let transient: Bool
        let title: String
        let subtitle: [String]
        /// The nouns a request uses for the type.
        let spokenNames: [String]
        /// The date time words in a request are about.
        let timeProperty: String?
        let properties: [Property]

        init(_ schema: EntitySchema) {
            type = schema.type.rawValue
            summary = schema.summary
            transient = schema.isTransient
            title = schema.titleProperty
            subtitle = schema.subtitleProperties
            spokenNames = schema.spokenNames
            timeProperty = schema.timeProperty
            properties = schema.properties.map {
                Property(name: $0.name, kind: $0.kind.shortName, required: $0.isRequired,
                         searchable: $0.searchability.rawValue, language: $0.language?.rawValue,
                         spokenNames: $0.words.names, cues: $0.words.cues, whenTrue: $0.words.whenTrue, whenFalse: $0.words.whenFalse)
            }
        }
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?) throws -> ExitStatus {
        let registry = SchemaRegistry.builtIn
        var schemas = registry.domains.flatMap(\.types)
        if let name = arguments.positionals.first {
            guard arguments.positionals.count == 1, let schema = registry.schema(for: EntityType(rawValue: name)) else {
                throw UsageError("no type \"\(arguments.positionals.joined(separator: " "))\"; run 'entity-index schema' to list them")
            }
            schemas = [schema]
        }
        if arguments.flags.contains("--json") {
            try Terminal.printJSON(schemas.map(TypeOutput.init))
            return .success
        }
        for (number, schema) in schemas.enumerated() {
            if number > 0 { Terminal.print("") }
            let domain = String(schema.type.rawValue.prefix { $0 != "." })
            if arguments.positionals.isEmpty, number == 0 || !schemas[number - 1].type.rawValue.hasPrefix(domain + ".") {
                Terminal.print("== domain \(domain)")
            }
            let transient = schema.isTransient ? ", transient: searched inside its parent" : ""
            Terminal.print("\(schema.type) — \(schema.summary)\(transient)")
            if !schema.isTransient {
                let time = schema.timeProperty.map { "; time words are about \($0)" } ?? ""
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
