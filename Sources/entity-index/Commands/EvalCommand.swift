import EntityIndex
import Foundation

/// `eval --beir DIR` or `eval --queries FILE`: ranking quality and speed on a
/// standard test collection or on a judged request set.
enum EvalCommand: Command {
    static let spec = CommandSpec(
        name: "eval",
        summary: "measure ranking quality on a BEIR collection (nDCG@10) or a judged request set (Recall@5)",
        help: """
            Usage: entity-index eval --beir DIR [--split test|train] [--queries-from DIR] [options]
                   entity-index [--index DIR] eval --queries FILE [--corpus FILE ...] [options]

            --beir: donates the collection's corpus.jsonl as document.document entities into a
            temporary index, runs the queries judged in qrels/<split>.tsv as a plain
            document search (words only, no name matching), and prints nDCG@10 (graded
            gains), Recall@100, MRR@10 and query latency (p50, p99). Metrics average
            over the judged queries.
            --queries: resolves each request of a judged request set (the format of
            corpora/requests-*.jsonl) as said, with its clock and screen, against the
            entities of the --corpus files (donated into a temporary index) or the index
            given with --index, and prints per kind Recall@1, Recall@5, MRR and how often
            the verdict was resolved on a wrong or a right entity.

            Options:
              --split NAME       the qrels file to use (default: test, else the only one)
              --queries-from DIR with --beir, ask the queries of a parallel collection instead (the same
                                 questions under the same ids in another language, as XQuAD's): the
                                 corpus is searched across languages
              --expansion MODE   the semantic layer on (default), off, or both side by side
              --meaning SETTINGS tune the semantic layer (repeat to compare settings), e.g. neighbours=5,similarity=0.4,
                                 weight=0.6,expansions=12,rarity=0,depth=30,rerank=1,unheld=3,unknown=5,feedback=10,
                                 feedbackdocs=10,feedbackweight=0.3,entityneighbours=5,entityweight=0.5,linked=4,borrow=5,
                                 nearest=10,nearestsimilarity=0.2 (nearest only for --queries: --beir searches plainly)
                                 (see MeaningSettings; runs start from MeaningSettings.documents for --beir and from
                                 the entity defaults for --queries; entities are donated with the first run's
                                 entityneighbours)
              --lexicon FILE     a lexicon of your own instead of the bundled one: the lexicon.bin that
                                 Scripts/add_lexicon_languages.py writes, with lexicon-vectors.bin beside it
              --bm25 K1,B        BM25's parameters (repeat to compare; default: IndexConfiguration's)
              --json             print one JSON object per run
              --misses           with --queries, first list each request whose first result is
                                 not expected, or that was resolved wrongly: id, kind, verdict,
                                 the first three results and what was expected
            Every run prints the settings it ran with.
            """,
        valueOptions: ["--beir", "--split", "--queries-from", "--queries", "--corpus", "--expansion", "--meaning", "--lexicon", "--bm25"],
        flags: ["--json", "--misses"])

    /// One run's report and the settings it ran with.
    struct Output<Report: Encodable>: Encodable {
        let collection: String
        let split: String?
        let settings: String
        let report: Report
    }

    /// A run: meaning on or off, and the settings it uses.
    private struct Run {
        let usesMeaning: Bool
        let settings: MeaningSettings
        let relevance: Relevance
        var description: String {
            "bm25=\(relevance.k1),\(relevance.b)," + (usesMeaning ? settings.keyValueDescription : "meaning off")
        }

        /// The configuration the run reads with.
        func configuration(lexicon: Lexicon?, schemas: SchemaRegistry) -> IndexConfiguration {
            IndexConfiguration(schemas: schemas, lexicon: lexicon, meaning: settings, relevance: relevance)
        }
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let lexicon = try arguments.value("--lexicon").map(Lexicon.init(contentsOf:)) ?? (try? Lexicon.bundled())
        if let file = arguments.value("--queries") {
            guard arguments.value("--queries-from") == nil else {
                throw UsageError("--queries-from asks a BEIR collection another's queries: use it with --beir, not --queries")
            }
            return try evaluateRequests(file, arguments: arguments, indexPath: indexPath, schemas: schemas, lexicon: lexicon)
        }
        guard let directory = arguments.value("--beir") else { throw UsageError("--beir DIR or --queries FILE is required") }
        let split = try arguments.value("--split") ?? defaultSplit(of: directory)
        let queriesDirectory = arguments.value("--queries-from")
        let collection = try BEIRCollection(directory: directory, split: split, queriesFrom: queriesDirectory)
        let name = URL(fileURLWithPath: directory).lastPathComponent
            + (queriesDirectory.map { ", queries of " + URL(fileURLWithPath: $0).lastPathComponent } ?? "")

        let path = temporaryIndexPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let entities = collection.entities
        let runs = try runs(arguments, startingFrom: .documents)
        let donating = ProgressLine(verb: "donating", total: entities.count, lastStep: "committing")
        try EntityIndex(path: path, configuration: donationConfiguration(runs, lexicon: lexicon, schemas: schemas)).donate(entities, progress: donating.update)
        donating.finish()

        var reports: [(run: Run, report: EvaluationReport)] = []
        for run in runs {
            let index = try EntityIndex(path: path, access: .readOnly, configuration: run.configuration(lexicon: lexicon, schemas: schemas))
            let querying = ProgressLine(verb: "querying", total: collection.queries.count)
            reports.append((run, try collection.evaluate(index, usesMeaning: run.usesMeaning, progress: querying.update)))
            querying.finish()
        }

        if arguments.flags.contains("--json") {
            for (run, report) in reports {
                try Terminal.printJSON(Output(collection: name, split: split, settings: run.description, report: report))
            }
        } else {
            Terminal.print("\(name) (\(split)): \(collection.queries.count) judged queries, \(entities.count) documents")
            Terminal.printTable(
                header: ["expansion", "nDCG@10", "Recall@100", "MRR@10", "p50 ms", "p99 ms", "settings"],
                rows: reports.map { run, report in
                    [report.usesMeaning ? "on" : "off", String(format: "%.4f", report.ndcgAt10),
                     String(format: "%.4f", report.recallAt100), String(format: "%.4f", report.mrrAt10),
                     String(format: "%.2f", report.latencyP50Milliseconds), String(format: "%.2f", report.latencyP99Milliseconds),
                     run.description]
                })
        }
        return .success
    }

    /// `--queries FILE`: a judged request set against the --corpus files or the index.
    private static func evaluateRequests(_ file: String, arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry,
                                         lexicon: Lexicon?) throws -> ExitStatus {
        let requests = try JudgedRequest.load(contentsOf: URL(fileURLWithPath: file))
        let corpus = arguments.values["--corpus"] ?? []
        let temporary = corpus.isEmpty ? nil : temporaryIndexPath()
        defer { temporary.map { try? FileManager.default.removeItem(atPath: $0) } }
        guard let path = temporary ?? indexPath else { throw UsageError("give the entities with --corpus FILE, or an index with --index DIR") }
        let runs = try runs(arguments, startingFrom: MeaningSettings())
        if temporary != nil {
            let donating = ProgressLine(verb: "donating", lastStep: "committing")
            try EntityIndex(path: path, configuration: donationConfiguration(runs, lexicon: lexicon, schemas: schemas))
                .donate(contentsOfFiles: corpus, progress: donating.update(_:of:))
            donating.finish()
        }
        var reports: [(run: Run, report: RequestSetReport)] = []
        for run in runs {
            let index = try EntityIndex(path: path, access: .readOnly, configuration: run.configuration(lexicon: lexicon, schemas: schemas))
            let listsMisses = arguments.flags.contains("--misses")
            reports.append((run, try index.evaluate(requests, usesMeaning: run.usesMeaning) { request, resolution, outcome in
                if listsMisses { printMiss(request, resolution, outcome) }
            }))
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        if arguments.flags.contains("--json") {
            for (run, report) in reports {
                try Terminal.printJSON(Output(collection: name, split: nil, settings: run.description, report: report))
            }
            return .success
        }
        Terminal.print("\(name): \(requests.count) judged requests")
        Terminal.printTable(
            header: ["expansion", "kind", "requests", "Recall@1", "Recall@5", "MRR", "wrong", "right", "p50 ms", "settings"],
            rows: reports.flatMap { run, report in
                (report.kinds + [report.all]).map { figures in
                    [report.usesMeaning ? "on" : "off", figures.kind, "\(figures.requests)",
                     String(format: "%.3f", figures.recallAt1), String(format: "%.3f", figures.recallAt5), String(format: "%.3f", figures.mrr),
                     String(format: "%.3f", figures.resolvedWrongly), String(format: "%.3f", figures.resolvedRightly),
                     String(format: "%.2f", report.latencyP50Milliseconds), run.description]
                }
            })
        return .success
    }

    /// A request not answered first, or resolved wrongly, on one line; nothing for the others.
    private static func printMiss(_ request: JudgedRequest, _ resolution: Resolution, _ outcome: RequestOutcome) {
        guard outcome.recallAt1 < 1 || outcome.resolvedWrongly else { return }
        let first = resolution.results.prefix(3).map(\.identifier.description).joined(separator: " ")
        Terminal.print("miss \(request.id) [\(request.kind)] \"\(request.request)\" → \(resolution.status.rawValue): "
                       + "\(first.isEmpty ? "nothing" : first); expected \(request.expected.joined(separator: " "))")
    }

    /// The configuration entities are donated with: the first run's meaning
    /// settings, whose entity neighbours (document-side expansion) all runs share.
    private static func donationConfiguration(_ runs: [Run], lexicon: Lexicon?, schemas: SchemaRegistry) -> IndexConfiguration {
        IndexConfiguration(schemas: schemas, lexicon: lexicon, meaning: runs.first { $0.usesMeaning }?.settings ?? MeaningSettings())
    }

    /// Off is one run; on is one run per --meaning value, over the same index (for tuning).
    private static func runs(_ arguments: ParsedArguments, startingFrom defaults: MeaningSettings) throws -> [Run] {
        let modes: [Bool]
        switch arguments.value("--expansion") ?? "on" {
        case "on": modes = [true]
        case "off": modes = [false]
        case "both": modes = [false, true]
        case let other: throw UsageError("--expansion is on, off or both, not '\(other)'")
        }
        let relevances = try (arguments.values["--bm25"] ?? []).map { text in
            let numbers = text.split(separator: ",").compactMap { Double($0) }
            guard numbers.count == 2, numbers[0] >= 0, (0...1).contains(numbers[1]) else {
                throw UsageError("--bm25 takes K1,B (k1 0 or more, b from 0 to 1), such as 1.2,0.75, not '\(text)'")
            }
            return Relevance(k1: numbers[0], b: numbers[1])
        }
        let settings = try (arguments.values["--meaning"] ?? ["default"]).map {
            try meaningSettings($0 == "default" ? nil : $0, startingFrom: defaults)
        }
        return (relevances.isEmpty ? [Relevance.standard] : relevances).flatMap { relevance in
            (modes.contains(false) ? [Run(usesMeaning: false, settings: defaults, relevance: relevance)] : [])
                + (modes.contains(true) ? settings.map { Run(usesMeaning: true, settings: $0, relevance: relevance) } : [])
        }
    }

    private static func temporaryIndexPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-eval-\(UUID().uuidString)").path
    }

    /// Settings from `key=value` pairs, starting from the defaults.
    private static func meaningSettings(_ text: String?, startingFrom defaults: MeaningSettings) throws -> MeaningSettings {
        var settings = defaults
        for pair in (text ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let number = Double(parts[1]) else {
                throw UsageError("--meaning takes KEY=NUMBER pairs, not '\(pair)'")
            }
            switch parts[0] {
            case "neighbours": settings.neighboursPerWord = Int(number)
            case "expansions": settings.maximumExpansions = Int(number)
            case "similarity": settings.minimumSimilarity = number
            case "rarity": settings.expansionMaximumFrequency = Int(number)
            case "weight": settings.expansionWeight = number
            case "depth": settings.rerankDepth = Int(number)
            case "rerank": settings.rerankWeight = number
            case "unheld": settings.rerankBoostForUnheldWords = number
            case "feedback": settings.feedbackTerms = Int(number)
            case "feedbackdocs": settings.feedbackDocuments = Int(number)
            case "feedbackweight": settings.feedbackWeight = number
            case "unknown": settings.unknownWordDocuments = Int(number)
            case "entityneighbours": settings.neighboursPerEntityWord = Int(number)
            case "entityweight": settings.entityNeighbourWeight = number
            case "linked": settings.linkedWordsPerWord = Int(number)
            case "borrow": settings.borrowedLinkNeighbours = Int(number)
            case "nearest": settings.nearestEntities = Int(number)
            case "nearestsimilarity": settings.nearestMinimumSimilarity = number
            default:
                throw UsageError("--meaning knows neighbours, expansions, rarity, similarity, weight, depth, rerank, unheld, unknown, feedback, feedbackdocs, feedbackweight, entityneighbours, entityweight, linked, borrow, nearest and nearestsimilarity, not '\(parts[0])'")
            }
        }
        return settings
    }

    /// `test` when the collection has it, else its only qrels file.
    private static func defaultSplit(of directory: String) throws -> String {
        let qrels = URL(fileURLWithPath: directory).appendingPathComponent("qrels").path
        let splits = ((try? FileManager.default.contentsOfDirectory(atPath: qrels)) ?? [])
            .filter { $0.hasSuffix(".tsv") }.map { String($0.dropLast(4)) }
        if splits.contains("test") || splits.isEmpty { return "test" }
        guard splits.count == 1 else { throw UsageError("choose a split with --split: \(splits.sorted().joined(separator: ", "))") }
        return splits[0]
    }
}
