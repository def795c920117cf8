import EntityIndex
import Foundation

/// `search QUERY`: resolve what a person said to ranked entities with a verdict.
enum SearchCommand: Command {
    static let spec = CommandSpec(
        name: "search",
        summary: "resolve a name, words or a screen reference to ranked entities",
        help: """
            Usage: entity-index --index DIR search [QUERY] [--type TYPE]... [--property NAME]
                                [--range PROPERTY:FROM..TO]... [--visible TYPE:ID,...] [--focused TYPE:ID]
                                [--expansion on|off] [--explain] [--limit N] [--json]

            Resolves by name (typos, accents, other scripts), by words (BM25 over all
            searchable text), by one property, or by what is on screen ("this event",
            "the last message"), and says whether the answer is resolved, ambiguous
            or notFound.
              --type TYPE         only entities of TYPE (repeat for several types)
              --property NAME     only matches in this property (notes, location,
                                  attendees.name, attendees.email, tags, ...)
              --range P:FROM..TO  only entities whose date or number P lies in the range;
                                  dates are ISO-8601, either bound may be left out
                                  (sentAt:2026-03-15..); a date-only upper bound
                                  includes that whole day
              --visible LIST      the entities on screen, top to bottom (TYPE:ID,TYPE:ID)
              --focused TYPE:ID   the entity the person is looking at
              --expansion on|off  words also find their nearest words in meaning and
                                  results are re-ranked by meaning (default on)
              --explain           print on standard error the neighbours each word brought
              --limit N           at most N results (default 10)
              --json              print {"status", "results": [{"type", "id", "score",
                                  "title", "subtitle", "matched"}, ...]}
            """,
        valueOptions: ["--type", "--limit", "--property", "--range", "--visible", "--focused", "--expansion"],
        flags: ["--json", "--explain"])

    /// The JSON shape of the output; later fields are added, never renamed.
    struct Output: Encodable {
        struct Result: Encodable {
            let type: String
            let id: String
            let score: Double
            let title: String?
            let subtitle: String?
            let matched: [String]
        }
        let status: String
        let results: [Result]
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        let query = try SearchQuery(
            arguments.positionals.joined(separator: " "),
            types: Set((arguments.values["--type"] ?? []).map(EntityType.init(rawValue:))),
            property: arguments.value("--property"),
            ranges: (arguments.values["--range"] ?? []).map(parseRange),
            context: screenContext(arguments),
            usesMeaning: arguments.switchValue("--expansion", default: true),
            limit: arguments.positiveInteger("--limit", default: 10))
        guard !query.text.trimmingCharacters(in: .whitespaces).isEmpty || !query.types.isEmpty || !query.ranges.isEmpty else {
            throw UsageError("give a query to search for, or --type or --range to list entities")
        }
        let index = try EntityIndex(path: path, access: .readOnly)
        let resolution = try index.resolve(query)
        if arguments.flags.contains("--explain") {
            let expansions = query.usesMeaning ? try index.expansions(for: query.text) : []
            Terminal.printError(expansions.isEmpty ? "no expansions" : expansions.map {
                "\($0.word) -> \($0.neighbour) (similarity \(String(format: "%.2f", $0.similarity)), weight \(String(format: "%.2f", $0.weight)))"
            }.joined(separator: "\n"))
        }

        if arguments.flags.contains("--json") {
            try Terminal.printJSON(Output(status: resolution.status.rawValue, results: resolution.results.map {
                Output.Result(type: $0.identifier.type.rawValue, id: $0.identifier.id, score: $0.score, title: $0.title,
                              subtitle: $0.subtitle, matched: $0.matched)
            }))
        } else if resolution.results.isEmpty {
            Terminal.print("no entities match \"\(query.text)\"")
        } else {
            Terminal.print("status: \(resolution.status.rawValue)")
            Terminal.printTable(
                header: ["#", "score", "type", "id", "title", "matched", "subtitle"],
                rows: resolution.results.enumerated().map { rank, result in
                    ["\(rank + 1)", String(format: "%.3f", result.score), result.identifier.type.rawValue,
                     result.identifier.id, result.title ?? "", result.matched.joined(separator: ","), result.subtitle ?? ""]
                })
        }
        return .success
    }

    /// `PROPERTY:FROM..TO` with ISO-8601 dates or numbers; either bound may be empty.
    private static func parseRange(_ text: String) throws -> PropertyRange {
        guard let colon = text.firstIndex(of: ":"), let dots = text.range(of: "..") else {
            throw UsageError("a range is PROPERTY:FROM..TO, e.g. startDate:2026-03-10..2026-03-20, not '\(text)'")
        }
        let property = String(text[..<colon])
        let from = String(text[text.index(after: colon)..<dots.lowerBound]), to = String(text[dots.upperBound...])
        func bound(_ value: String, upper: Bool) throws -> Double? {
            guard !value.isEmpty else { return nil }
            if let number = Double(value) { return number }
            guard let date = (try? Date(value, strategy: .iso8601)) ?? (try? Date(value + "T00:00:00Z", strategy: .iso8601)) else {
                throw UsageError("'\(value)' in --range \(text) is neither a number nor an ISO-8601 date")
            }
            // A date-only upper bound means "to the end of that day".
            return date.timeIntervalSince1970 + (upper && value.count == 10 ? 86_399.999 : 0)
        }
        return PropertyRange(property, from: try bound(from, upper: false), to: try bound(to, upper: true))
    }

    private static func screenContext(_ arguments: ParsedArguments) throws -> ScreenContext? {
        func identifier(_ text: String) throws -> EntityIdentifier {
            guard let identifier = EntityIdentifier(text) else { throw UsageError("'\(text)' is not TYPE:ID") }
            return identifier
        }
        let visible = try (arguments.values["--visible"] ?? []).flatMap { $0.split(separator: ",") }.map { try identifier(String($0)) }
        let focused = try arguments.value("--focused").map(identifier)
        return visible.isEmpty && focused == nil ? nil : ScreenContext(visible: visible, focused: focused)
    }
}
