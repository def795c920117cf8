import CXapianShim
import EntityIndex
import Foundation

/// `entity-index-bench`: donation throughput and resolution latency of
/// EntityIndex (names, typos, free text, CJK), side by side with raw Xapian
/// (the shim's C calls, no EntityIndex layers: a BM25 OR of the same stemmed
/// terms, without name matching) on the same index.
@main
enum Benchmark {
    static let usage = """
        Usage: entity-index-bench --corpus FILE [--copies N] [--iterations N] [--json FILE]

          --corpus FILE     JSON Lines entities to index (e.g. corpora/space-crew.jsonl)
          --copies N        index N copies of the corpus under fresh ids (default 1)
          --iterations N    runs of each query (default 200)
          --json FILE       also write the figures as JSON
        """

    /// Queries over the sample corpus by kind: names, typos in names, free text, CJK.
    static let queries: [(kind: String, text: String)] = [
        ("name", "Lunar Orbit Log"), ("name", "Zoe Muller"), ("name", "Crew Lunch"),
        ("typo", "Lunar Orbit Lgo"), ("typo", "Hydroponcis Harvest"), ("typo", "Amra Okafor"),
        ("text", "check the O2 canisters"), ("text", "spare parts budget"), ("text", "EVA suit maintenance"),
        ("cjk", "水培花园"), ("cjk", "月面観測"),
    ]

    static func main() throws {
        var options = [String: String]()
        var arguments = CommandLine.arguments.dropFirst()
        while let name = arguments.popFirst() {
            guard name.hasPrefix("--"), let value = arguments.popFirst() else {
                FileHandle.standardError.write(Data((usage + "\n").utf8))
                exit(64)
            }
            options[name] = value
        }
        guard let corpusPath = options["--corpus"], let corpus = FileManager.default.contents(atPath: corpusPath) else {
            FileHandle.standardError.write(Data("entity-index-bench: --corpus FILE is required and must be readable\n\(usage)\n".utf8))
            exit(64)
        }
        let copies = Int(options["--copies"] ?? "1") ?? 1
        let iterations = Int(options["--iterations"] ?? "200") ?? 200

        let base = try EntityJSONLines.decode(corpus, source: corpusPath)
        let entities = (0..<copies).flatMap { copy in
            base.map { entity in
                var clone = entity
                clone.id = copies == 1 ? entity.id : "\(entity.id)~\(copy)"
                return clone
            }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }

        var report = Report(entities: entities.count, iterations: iterations)

        // Donation in batches of 1,000, each one durable commit.
        let index = try EntityIndex(path: directory)
        let donation = try time {
            for start in stride(from: 0, to: entities.count, by: 1_000) {
                try index.donate(Array(entities[start..<min(start + 1_000, entities.count)]))
            }
        }
        report.donationPerSecond = Double(entities.count) / donation

        // One entity donated and committed.
        report.singleDonation = Percentiles(try (0..<50).map { item in
            try time { try index.donate([Entity(type: "notes.note", id: "single-\(item)", properties: ["title": .string("Single donation \(item)")])]) }
        })

        // Warm search latency through EntityIndex and through raw Xapian.
        let reader = try EntityIndex(path: directory, access: .readOnly)
        let raw = try RawXapian(path: directory)
        for (kind, query) in queries {
            let request = SearchQuery(query, limit: 10)
            let terms = try raw.terms(for: query)
            _ = try reader.search(request)
            _ = try raw.search(terms: terms, limit: 10)
            var ours: [Double] = [], theirs: [Double] = []
            for _ in 0..<iterations {
                ours.append(try time { _ = try reader.search(request) })
                theirs.append(try time { _ = try raw.search(terms: terms, limit: 10) })
            }
            report.queries.append(QueryFigures(kind: kind, query: query, entityIndex: Percentiles(ours), rawXapian: Percentiles(theirs)))
        }

        print(report.markdown)
        if let path = options["--json"] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Seconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// Median and tail of a set of timings, in milliseconds.
struct Percentiles: Encodable {
    let medianMilliseconds: Double
    let p99Milliseconds: Double

    init(_ seconds: [Double]) {
        let sorted = seconds.sorted()
        medianMilliseconds = sorted[sorted.count / 2] * 1_000
        p99Milliseconds = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))] * 1_000
    }
}

struct QueryFigures: Encodable {
    let kind: String
    let query: String
    let entityIndex: Percentiles
    let rawXapian: Percentiles
}

/// Everything one run measured.
struct Report: Encodable {
    let entities: Int
    let iterations: Int
    var donationPerSecond = 0.0
    var singleDonation = Percentiles([0])
    var queries: [QueryFigures] = []

    var markdown: String {
        func ms(_ value: Double) -> String { String(format: "%.3f", value) }
        let ourMedians = queries.map(\.entityIndex.medianMilliseconds).sorted()
        let rawMedians = queries.map(\.rawXapian.medianMilliseconds).sorted()
        var lines = [
            "entities: \(entities), runs per query: \(iterations)",
            "donation in batches of 1,000: \(Int(donationPerSecond)) entities/s",
            "one entity donated and committed: median \(ms(singleDonation.medianMilliseconds)) ms, p99 \(ms(singleDonation.p99Milliseconds)) ms",
            "",
            "| kind | query | EntityIndex p50 ms | p99 ms | raw Xapian p50 ms | p99 ms | ratio p50 |",
            "|---|---|---:|---:|---:|---:|---:|",
        ]
        for figures in queries {
            lines.append("| \(figures.kind) | \(figures.query) | \(ms(figures.entityIndex.medianMilliseconds)) | \(ms(figures.entityIndex.p99Milliseconds)) | \(ms(figures.rawXapian.medianMilliseconds)) | \(ms(figures.rawXapian.p99Milliseconds)) | \(String(format: "%.2f", figures.entityIndex.medianMilliseconds / figures.rawXapian.medianMilliseconds)) |")
        }
        lines.append("")
        lines.append("median of the queries' medians: EntityIndex \(ms(ourMedians[ourMedians.count / 2])) ms, raw Xapian \(ms(rawMedians[rawMedians.count / 2])) ms")
        return lines.joined(separator: "\n")
    }
}
