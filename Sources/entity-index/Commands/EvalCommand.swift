import EntityIndex
import Foundation

/// `eval --beir DIR`: ranking quality and speed on a standard test collection.
enum EvalCommand: Command {
    static let spec = CommandSpec(
        name: "eval",
        summary: "measure ranking quality (nDCG@10, Recall@100, MRR@10) on a BEIR collection",
        help: """
            Usage: entity-index eval --beir DIR [--split test|train] [--expansion on|off|both]
                                     [--meaning KEY=VALUE,...] [--lexicon FILE] [--json]

            Donates the collection's corpus.jsonl as document.document entities into a
            temporary index, runs the queries judged in qrels/<split>.tsv as a plain
            document search (words only, no name matching), and prints nDCG@10 (graded
            gains), Recall@100, MRR@10 and query latency (p50, p99). Metrics average
            over the judged queries.
              --split NAME       the qrels file to use (default: test, else the only one)
              --expansion MODE   the semantic layer on (default), off, or both side by side
              --meaning SETTINGS tune the semantic layer (repeat to compare settings), e.g. neighbours=5,similarity=0.4,
                                 weight=0.6,expansions=12,rarity=0,depth=30,rerank=1,unknown=5,feedback=10,
                                 feedbackdocs=10,feedbackweight=0.3 (see MeaningSettings;
                                 the runs start from MeaningSettings.documents)
              --lexicon FILE     a lexicon of your own (Scripts/build_lexicon.py) instead of the bundled one
              --json             print one JSON object per run
            """,
        valueOptions: ["--beir", "--split", "--expansion", "--meaning", "--lexicon"],
        flags: ["--json"])

    struct Output: Encodable {
        let collection: String
        let split: String
        let report: EvaluationReport
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?) throws -> ExitStatus {
        guard let directory = arguments.value("--beir") else { throw UsageError("--beir DIR is required") }
        let modes: [Bool]
        switch arguments.value("--expansion") ?? "on" {
        case "on": modes = [true]
        case "off": modes = [false]
        case "both": modes = [false, true]
        case let other: throw UsageError("--expansion is on, off or both, not '\(other)'")
        }
        let split = try arguments.value("--split") ?? defaultSplit(of: directory)
        let collection = try BEIRCollection(directory: directory, split: split)
        let name = URL(fileURLWithPath: directory).lastPathComponent

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-eval-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lexicon = try arguments.value("--lexicon").map(Lexicon.init(contentsOf:)) ?? (try? Lexicon.bundled())
        let entities = collection.entities
        let donating = ProgressLine(verb: "donating", total: entities.count)
        try EntityIndex(path: path, configuration: IndexConfiguration(lexicon: lexicon)).donate(entities, progress: donating.update)
        donating.finish()

        // Off is one run; on is one run per --meaning value, over the same index (for tuning).
        let texts = arguments.values["--meaning"] ?? ["default"]
        let runs = (modes.contains(false) ? [("-", false, MeaningSettings.documents)] : [])
            + (modes.contains(true) ? try texts.map { ($0, true, try meaningSettings($0 == "default" ? nil : $0)) } : [])
        var reports: [(settings: String, report: EvaluationReport)] = []
        for (text, usesMeaning, meaning) in runs {
            let index = try EntityIndex(path: path, access: .readOnly, configuration: IndexConfiguration(lexicon: lexicon, meaning: meaning))
            let querying = ProgressLine(verb: "querying", total: collection.queries.count)
            reports.append((text, try collection.evaluate(index, usesMeaning: usesMeaning, progress: querying.update)))
            querying.finish()
        }

        if arguments.flags.contains("--json") {
            for (_, report) in reports { try Terminal.printJSON(Output(collection: name, split: split, report: report)) }
        } else {
            Terminal.print("\(name) (\(split)): \(collection.queries.count) judged queries, \(entities.count) documents")
            Terminal.printTable(
                header: ["expansion", "nDCG@10", "Recall@100", "MRR@10", "p50 ms", "p99 ms", "settings"],
                rows: reports.map { settings, report in
                    [report.usesMeaning ? "on" : "off", String(format: "%.4f", report.ndcgAt10),
                     String(format: "%.4f", report.recallAt100), String(format: "%.4f", report.mrrAt10),
                     String(format: "%.2f", report.latencyP50Milliseconds), String(format: "%.2f", report.latencyP99Milliseconds), settings]
                })
        }
        return .success
    }

    /// Settings from `key=value` pairs, starting from the defaults.
    private static func meaningSettings(_ text: String?) throws -> MeaningSettings {
        var settings = MeaningSettings.documents
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
            case "feedback": settings.feedbackTerms = Int(number)
            case "feedbackdocs": settings.feedbackDocuments = Int(number)
            case "feedbackweight": settings.feedbackWeight = number
            case "unknown": settings.unknownWordDocuments = Int(number)
            default:
                throw UsageError("--meaning knows neighbours, expansions, rarity, similarity, weight, depth, rerank, unknown, feedback, feedbackdocs and feedbackweight, not '\(parts[0])'")
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
