import EntityIndex
import Foundation

/// `search QUERY`: ranked entities for free text.
enum SearchCommand: Command {
    static let spec = CommandSpec(
        name: "search",
        summary: "rank entities against a free-text query",
        help: """
            Usage: entity-index --index DIR search QUERY [--type TYPE]... [--limit N] [--json]

            Ranks entities by BM25 over all their text properties. Words are matched
            without regard to case or accents; Chinese and Japanese are split into words.
              --type TYPE   only entities of TYPE (repeat for several types)
              --limit N     at most N results (default 10)
              --json        print {"results": [{"type", "id", "score", "title", "subtitle"}, ...]}
            """,
        valueOptions: ["--type", "--limit"],
        flags: ["--json"])

    /// The JSON shape of the output; later fields are added, never renamed.
    struct Output: Encodable {
        struct Result: Encodable {
            let type: String
            let id: String
            let score: Double
            let title: String?
            let subtitle: String?
        }
        let results: [Result]
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        let text = arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("give a query to search for") }
        let query = SearchQuery(text,
                                types: Set((arguments.values["--type"] ?? []).map(EntityType.init(rawValue:))),
                                limit: try arguments.positiveInteger("--limit", default: 10))
        let results = try EntityIndex(path: path, access: .readOnly).search(query)

        if arguments.flags.contains("--json") {
            try Terminal.printJSON(Output(results: results.map {
                Output.Result(type: $0.identifier.type.rawValue, id: $0.identifier.id, score: $0.score, title: $0.title,
                              subtitle: $0.subtitle)
            }))
        } else if results.isEmpty {
            Terminal.print("no entities match \"\(text)\"")
        } else {
            Terminal.printTable(
                header: ["#", "score", "type", "id", "title", "subtitle"],
                rows: results.enumerated().map { rank, result in
                    ["\(rank + 1)", String(format: "%.3f", result.score), result.identifier.type.rawValue,
                     result.identifier.id, result.title ?? "", result.subtitle ?? ""]
                })
        }
        return .success
    }
}
