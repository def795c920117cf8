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
                                [--now ISO8601] [--time-zone TZ] [--expansion on|off] [--plain]
                                [--explain] [--limit N] [--json] [--skip-unreachable]

            Understands the request as a person says it ("archive this", "the next
            meeting with Mateo", "are there any mails about the invoice"): its command,
            screen reference, types, time, language, property values and flags; then
            resolves by name (typos, accents, other scripts), by words (BM25 over all
            searchable text), by one property, or by what is on screen, and says whether
            the answer is resolved, ambiguous or notFound.
              --type TYPE         only entities of TYPE (repeat for several types); a call
                                  is made to a contact whatever the type ("call her")
              --property NAME     only matches in this property (notes, location,
                                  attendees.name, attendees.email, tags, ...)
              --range P:FROM..TO  only entities whose date or number P lies in the range;
                                  dates are ISO-8601, either bound may be left out
                                  (sentAt:2026-03-15..); a date-only upper bound
                                  includes that whole day
              --visible LIST      the entities on screen, top to bottom (TYPE:ID,TYPE:ID)
              --focused TYPE:ID   the entity the person is looking at
              --now ISO8601       the moment time words are relative to (default: now)
              --time-zone TZ      the time zone of days and times of day, e.g.
                                  Europe/Lisbon (default: the system's)
              --expansion on|off  words also find their nearest words in meaning and
                                  results are re-ranked by meaning (default on)
              --plain             search every word as in a document search, without
                                  reading the request first
              --explain           print on standard error how the request was understood
                                  and the neighbours each word brought
              --limit N           at most N results (default 10)
              --skip-unreachable  answer from the shards that can be reached when a
                                  remote shard cannot, and say which were skipped
              --json              print {"status", "results": [{"type", "id", "score",
                                  "title", "subtitle", "matched", "occurrence"}, ...],
                                  "interpretation", "skippedShards": ["tcp://HOST:PORT"]}
            """,
        valueOptions: ["--type", "--limit", "--property", "--range", "--visible", "--focused", "--expansion", "--now", "--time-zone"],
        flags: ["--json", "--explain", "--plain", "--skip-unreachable"])

    /// The JSON shape of the output; later fields are added, never renamed.
    struct Output: Encodable {
        struct Result: Encodable {
            let type: String
            let id: String
            let score: Double
            let title: String?
            let subtitle: String?
            let matched: [String]
            let occurrence: String?

            init(_ result: SearchResult) {
                type = result.identifier.type.rawValue
                id = result.identifier.id
                score = result.score
                title = result.title
                subtitle = result.subtitle
                matched = result.matched
                occurrence = result.occurrence?.formatted(.iso8601)
            }
        }
        let status: String
        let results: [Result]
        let interpretation: InterpretationOutput?
        /// The remote shards left out because they could not be reached (`--skip-unreachable`).
        let skippedShards: [String]
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        let query = try request(from: arguments, text: arguments.positionals.joined(separator: " "))
        guard !query.text.trimmingCharacters(in: .whitespaces).isEmpty || !query.types.isEmpty || !query.ranges.isEmpty else {
            throw UsageError("give a query to search for, or --type or --range to list entities")
        }
        let index = try EntityIndex(path: path, access: .readOnly, configuration: IndexConfiguration(schemas: schemas),
                                    shardLocations: nil, unreachableShards: arguments.flags.contains("--skip-unreachable") ? .skip : .fail)
        let resolution = try index.resolve(query)
        let skipped = resolution.skippedShards.map(\.description)
        if arguments.flags.contains("--explain") {
            let searched = resolution.interpretation.map { $0.contentWords.joined(separator: " ") } ?? query.text
            let expansions = query.usesMeaning ? try index.expansions(for: searched) : []
            let links = query.usesMeaning ? try index.links(for: searched) : []
            let lines = expansions.map {
                "\($0.word) -> \($0.neighbour) (similarity \(String(format: "%.2f", $0.similarity)), weight \(String(format: "%.2f", $0.weight)))"
            } + links.map {
                "\($0.word) <- \($0.linkedStems.joined(separator: ", ")) (linked at donation, weight \(String(format: "%.2f", $0.weight)) each)"
            }
            Terminal.printError((resolution.interpretation.map { "\($0)\n" } ?? "") + (lines.isEmpty ? "no expansions" : lines.joined(separator: "\n")))
        }

        if arguments.flags.contains("--json") {
            try Terminal.printJSON(Output(status: resolution.status.rawValue, results: resolution.results.map(Output.Result.init),
                                          interpretation: resolution.interpretation.map(InterpretationOutput.init), skippedShards: skipped))
            return resolution.results.isEmpty ? .notFound : .success
        }
        if !skipped.isEmpty {
            Terminal.printError("answered without the shards that could not be reached: \(skipped.joined(separator: ", "))")
        }
        if resolution.results.isEmpty {
            Terminal.print("no entities match \"\(query.text)\"")
            return .notFound
        }
        Terminal.print("status: \(resolution.status.rawValue)")
        printTable(of: resolution.results)
        return .success
    }

    /// Results as a table, best first (shared with `delete --match`).
    static func printTable(of results: [SearchResult]) {
        Terminal.printTable(
            header: ["#", "score", "type", "id", "title", "matched", "subtitle"],
            rows: results.enumerated().map { rank, result in
                ["\(rank + 1)", String(format: "%.3f", result.score), result.identifier.type.rawValue,
                 result.identifier.id, result.title ?? "", result.matched.joined(separator: ","),
                 result.occurrence.map { "occurs \($0.formatted(.iso8601))" + (result.subtitle.map { " · \($0)" } ?? "") } ?? result.subtitle ?? ""]
            })
    }

    /// The request the search arguments describe for a text (shared with `delete --match`).
    static func request(from arguments: ParsedArguments, text: String) throws -> SearchQuery {
        var query = try SearchQuery(
            text,
            types: Set((arguments.values["--type"] ?? []).map(EntityType.init(rawValue:))),
            property: arguments.value("--property"),
            ranges: (arguments.values["--range"] ?? []).map(parseRange),
            context: screenContext(arguments),
            usesMeaning: arguments.switchValue("--expansion", default: true),
            understandsRequest: !arguments.flags.contains("--plain"),
            limit: arguments.positiveInteger("--limit", default: 10))
        if let now = arguments.value("--now") {
            guard let date = moment(now) else {
                throw UsageError("--now is an ISO-8601 moment such as 2026-03-12T09:30:00Z, not '\(now)'")
            }
            query.now = date
        }
        if let zone = arguments.value("--time-zone") {
            guard let timeZone = TimeZone(identifier: zone) else {
                throw UsageError("--time-zone is a time zone name such as Europe/Lisbon or UTC, not '\(zone)'")
            }
            query.timeZone = timeZone
        }
        return query
    }

    /// An ISO-8601 moment, its zone UTC when it says none, or a date (its midnight, UTC).
    private static func moment(_ text: String) -> Date? {
        [text, text + "Z", text + "T00:00:00Z"].lazy.compactMap { try? Date($0, strategy: .iso8601) }.first
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
            guard let date = moment(value) else {
                throw UsageError("'\(value)' in --range \(text) is neither a number nor an ISO-8601 date")
            }
            // A date-only upper bound means "to the end of that day".
            return date.timeIntervalSince1970 + (upper && value.count == 10 ? 86_399.999 : 0)
        }
        return PropertyRange(property, from: try bound(from, upper: false), to: try bound(to, upper: true))
    }

    static func screenContext(_ arguments: ParsedArguments) throws -> ScreenContext? {
        func identifier(_ text: String) throws -> EntityIdentifier {
            guard let identifier = EntityIdentifier(text) else { throw UsageError("'\(text)' is not TYPE:ID") }
            return identifier
        }
        let visible = try (arguments.values["--visible"] ?? []).flatMap { $0.split(separator: ",") }.map { try identifier(String($0)) }
        let focused = try arguments.value("--focused").map(identifier)
        return visible.isEmpty && focused == nil ? nil : ScreenContext(visible: visible, focused: focused)
    }
}
