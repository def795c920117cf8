import EntityIndex
import Foundation

/// `intent check|record|schema`: the gate before perform, parameter records
/// built from requests, and the schemas both follow.
enum IntentCommand: Command {
    static let spec = CommandSpec(
        name: "intent",
        summary: "check records and envelopes before perform; build a record from requests",
        help: """
            Usage: entity-index [--index DIR] intent check [--schema FILE] [--schema-version N]
                                [--entity NAME=TYPE]... [--json] FILE|-
                   entity-index --index DIR intent record --intent NAME --source siri|shortcut|app
                                --param NAME=REQUEST... [--param-type NAME=TYPE]... [--value NAME=JSON]...
                                [--visible TYPE:ID,...] [--focused TYPE:ID] [--now ISO8601] [--time-zone TZ]
                   entity-index intent schema record|envelope

            check: reads JSON Lines of parameter records {"intent", "source", "parameters",
            "resolved"} and exchange envelopes {"source", "sessionId", "schemaVersion",
            "generable", "complete", "content", "intent", "parameters"} and prints, a line
            each, perform with the parameters or hold with every reason. Exits 3 when any
            line is held, 0 when all may be performed.
              --schema FILE         the service's JSON Schema (draft 2020-12) for the parameters
              --schema-version N    the envelope schema version the service runs (default 1)
              --entity NAME=TYPE    parameter NAME holds ids of TYPE, looked up in --index
              --json                print {"line", "decision", "parameters" | "reasons"} a line

            record: resolves each entity parameter's request against the index, as search
            does, and prints the parameter record: an id for what resolved, null (and
            "resolved": false) for what did not. Exits 0 when every parameter resolved,
            2 when one is ambiguous (its candidates go to standard error), 1 otherwise.
              --intent NAME         the intent the record is for
              --source SOURCE       where the request came from: siri, shortcut or app
              --param NAME=REQUEST  an entity parameter and what the person said for it
              --param-type NAME=TYPE  the type the parameter's entity must be
              --value NAME=JSON     a plain parameter, as JSON ("2", "\\"kg\\"", "true")
              --visible, --focused, --now, --time-zone   as for search

            schema: prints the JSON Schema of records or envelopes.
            """,
        valueOptions: ["--schema", "--schema-version", "--entity", "--intent", "--source", "--param", "--param-type", "--value",
                       "--visible", "--focused", "--now", "--time-zone"],
        flags: ["--json"])

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        var arguments = arguments
        guard !arguments.positionals.isEmpty else { throw UsageError("say check, record or schema") }
        let action = arguments.positionals.removeFirst()
        func opened(_ path: String) throws -> EntityIndex {
            try EntityIndex(path: path, access: .readOnly, configuration: IndexConfiguration(schemas: schemas))
        }
        switch action {
        case "check": return try check(arguments, index: try indexPath.map(opened))
        case "record": return try record(arguments, index: try opened(try requireIndexPath(indexPath)))
        case "schema":
            guard arguments.positionals.count == 1, let kind = arguments.positionals.first else { throw UsageError("say record or envelope") }
            switch kind {
            case "record": Terminal.print(IntentSchemas.record)
            case "envelope": Terminal.print(IntentSchemas.envelope)
            default: throw UsageError("there are schemas for record and envelope, not '\(kind)'")
            }
            return .success
        default: throw UsageError("intent does check, record or schema, not '\(action)'")
        }
    }

    /// `intent check`: a decision a line.
    private static func check(_ arguments: ParsedArguments, index: EntityIndex?) throws -> ExitStatus {
        guard arguments.positionals.count == 1 else { throw UsageError("name one JSON Lines file of records or envelopes, or - for standard input") }
        let entityParameters = try Dictionary(pairs(arguments, "--entity").map { ($0, EntityType(rawValue: $1)) }) { _, last in last }
        guard entityParameters.isEmpty || index != nil else { throw UsageError("--entity needs --index DIR to look the ids up in") }
        let gate = IntentGate(schemaVersion: try arguments.positiveInteger("--schema-version", default: 1),
                              parameterSchema: try arguments.value("--schema").map(parameterSchema),
                              entityParameters: entityParameters,
                              index: index)
        let data = try InputFiles.read(arguments.positionals[0])
        var held = false
        for (offset, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
            let decision: IntentGate.Decision
            do {
                decision = gate.decide(try JSONValue(parsing: Data(line)))
            } catch {
                decision = .hold(["The line is not JSON (\(error))."])
            }
            let number = JSONValue.number(JSONNumber(offset + 1))
            switch decision {
            case .perform(let parameters):
                Terminal.print(arguments.flags.contains("--json")
                    ? JSONValue.object(["line": number, "decision": "perform", "parameters": .object(parameters)]).description
                    : "line \(offset + 1): perform \(JSONValue.object(parameters))")
            case .hold(let reasons):
                held = true
                Terminal.print(arguments.flags.contains("--json")
                    ? JSONValue.object(["line": number, "decision": "hold", "reasons": .array(reasons.map(JSONValue.string))]).description
                    : "line \(offset + 1): hold\n" + reasons.map { "  - \($0)" }.joined(separator: "\n"))
            }
        }
        return held ? .held : .success
    }

    /// `intent record`: each entity parameter resolved, the record printed.
    private static func record(_ arguments: ParsedArguments, index: EntityIndex) throws -> ExitStatus {
        guard let intent = arguments.value("--intent"), !intent.isEmpty else { throw UsageError("--intent NAME is required") }
        guard let sourceName = arguments.value("--source"), let source = ParameterRecord.Source(rawValue: sourceName) else {
            throw UsageError("--source is siri, shortcut or app")
        }
        let requests = try pairs(arguments, "--param")
        guard !requests.isEmpty else { throw UsageError("give at least one --param NAME=REQUEST") }
        let types = try Dictionary(pairs(arguments, "--param-type")) { _, last in last }
        var values = JSONObject()
        for (name, text) in try pairs(arguments, "--value") {
            do {
                values[name] = try JSONValue(parsing: text)
            } catch {
                throw UsageError("--value \(name)=\(text) is not JSON (\(error)); quote a string as \"\\\"text\\\"\"")
            }
        }
        var resolutions: [String: Resolution] = [:]
        for (name, text) in requests {
            var request = try SearchCommand.request(from: arguments, text: text)
            request.types = types[name].map { [EntityType(rawValue: $0)] } ?? []
            resolutions[name] = try index.resolve(request)
        }
        let record = try index.parameterRecord(intent: intent, source: source, entities: resolutions, values: values)
        Terminal.print(record.json.description)
        for (name, resolution) in resolutions.sorted(by: { $0.key < $1.key }) where resolution.status != .resolved {
            let said = requests.first { $0.0 == name }!.1
            Terminal.printError(resolution.status == .ambiguous
                ? "\(name): \"\(said)\" is ambiguous; say which one: "
                    + resolution.results.map { "\($0.identifier) (\($0.title ?? $0.identifier.id))" }.joined(separator: ", ")
                : "\(name): nothing matches \"\(said)\"")
        }
        let statuses = Set(resolutions.values.map(\.status))
        return statuses.contains(.ambiguous) ? .ambiguous : statuses.contains(.notFound) ? .notFound : .success
    }

    /// An option's `NAME=VALUE` values, in order.
    private static func pairs(_ arguments: ParsedArguments, _ option: String) throws -> [(String, String)] {
        try (arguments.values[option] ?? []).map { text in
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError("\(option) is NAME=VALUE, not '\(text)'")
            }
            return (String(text[..<equals]), String(text[text.index(after: equals)...]))
        }
    }

    /// The service's parameter schema from a file.
    private static func parameterSchema(at path: String) throws -> JSONSchema {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EntityIndexError(.inputNotFound, "cannot read the schema \(path): check that the file exists and is readable")
        }
        do {
            return try JSONSchema(data: data)
        } catch {
            throw EntityIndexError(.malformedInput, "the schema \(path) cannot be used: \(error)")
        }
    }
}
