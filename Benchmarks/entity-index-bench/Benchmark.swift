import CXapianShim
import EntityIndex
import Foundation

/// `entity-index-bench`: donation throughput, search latency by kind, reads
/// under a writer, index size, memory and cold start — EntityIndex side by
/// side with raw Xapian (the shim's C calls on the same index, the same terms)
/// and SQLite FTS5 (BM25, Porter) on the same entities and queries.
@main
enum Benchmark {
    static let usage = """
        Usage: entity-index-bench [--sizes 10000,100000] [--corpus FILE] [--beir DIR] [--queries N]
                                  [--iterations N] [--json FILE] [--markdown FILE] [--export FILE]
                                  [--only donation] [--kinds LIST] [--entity-neighbours N] [--shards N] [--remote N]
                                  [--slowest N]

          --sizes LIST     corpus sizes to build (default 10000,100000); 1000000 takes a while
          --corpus FILE    the sample entities whose vocabulary the corpus uses (corpora/space-crew.jsonl)
          --beir DIR       also take vocabulary from a BEIR collection's corpus.jsonl
          --queries N      queries of each kind (default 40)
          --iterations N   runs of each query (default 20)
          --json FILE      write every figure as JSON
          --markdown FILE  write the tables as Markdown
          --export FILE    only write the first size's corpus as JSON Lines (for
                           entity-index donate, or another engine), then stop
          --only donation  only measure donation in batches of 1,000, and print it
          --kinds LIST     only these query kinds (default all: \(SizeRun.kinds.joined(separator: ",")))
          --entity-neighbours N  with --only donation: neighbours in meaning per entity
                           word (MeaningSettings.neighboursPerEntityWord; 0 for none)
          --slowest N      also print each kind's N slowest queries by their median (to find what a tail is made of)
          --shards N       EntityIndex's index of N shards (default 1); raw Xapian searches them as one too
          --remote N       the last N of those shards served by xapian-tcpsrv on 127.0.0.1 (over
                           loopback), started for each size by Scripts/shard-servers.sh (run from
                           the package's directory); one shard at least stays local
        """

    static func main() {
        do {
            try run()
        } catch {
            FileHandle.standardError.write(Data("entity-index-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() throws {
        var options = [String: String]()
        var arguments = CommandLine.arguments.dropFirst()
        while let name = arguments.popFirst() {
            guard name.hasPrefix("--"), let value = arguments.popFirst() else {
                print(usage)
                exit(name == "--help" ? 0 : 64)
            }
            options[name] = value
        }
        let sizes = (options["--sizes"] ?? "10000,100000").split(separator: ",").compactMap { Int($0) }
        let sample = try EntityJSONLines.decode(try Data(contentsOf: URL(fileURLWithPath: options["--corpus"] ?? "corpora/space-crew.jsonl")))
        let extraText = try options["--beir"].map { try BEIRCollection(directory: $0, split: "test").documents.map { $0.title + " " + $0.text } } ?? []
        guard let shards = Int(options["--shards"] ?? "1"), shards > 0 else { throw BenchmarkError("--shards takes a count of 1 or more") }
        guard let remote = Int(options["--remote"] ?? "0"), (0..<shards).contains(remote) else {
            throw BenchmarkError("--remote takes a count below --shards: one shard at least stays local")
        }
        let kinds = options["--kinds"].map { $0.split(separator: ",").map(String.init) } ?? SizeRun.kinds
        if let unknown = kinds.first(where: { !SizeRun.kinds.contains($0) }) {
            throw BenchmarkError("--kinds takes some of \(SizeRun.kinds.joined(separator: ",")), not '\(unknown)'")
        }
        let settings = RunSettings(queries: Int(options["--queries"] ?? "40") ?? 40, iterations: Int(options["--iterations"] ?? "20") ?? 20,
                                   shards: shards, remoteShards: remote, kinds: kinds, slowest: Int(options["--slowest"] ?? "0") ?? 0)

        if let path = options["--export"] {
            let corpus = SyntheticCorpus(size: sizes.first ?? 10_000, sample: sample, extraText: extraText)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            var lines = Data()
            for entity in corpus.entities {
                lines += try encoder.encode(entity)
                lines.append(UInt8(ascii: "\n"))
            }
            try lines.write(to: URL(fileURLWithPath: path))
            return
        }
        if let only = options["--only"] {
            guard only == "donation" else { throw BenchmarkError("--only takes 'donation'; leave it out to measure everything") }
            var meaning = MeaningSettings()
            if let count = options["--entity-neighbours"] {
                guard let count = Int(count), count >= 0 else { throw BenchmarkError("--entity-neighbours takes a count, not '\(count)'") }
                meaning.neighboursPerEntityWord = count
            }
            for size in sizes {
                let rate = try SizeRun(corpus: SyntheticCorpus(size: size, sample: sample, extraText: extraText), settings: settings)
                    .donationOnly(configuration: IndexConfiguration(meaning: meaning))
                print("\(size) entities\(settings.shardsDescription): donation in batches of 1,000: \(Int(rate))/s")
            }
            return
        }
        var reports: [SizeReport] = []
        for size in sizes {
            FileHandle.standardError.write(Data("building \(size) entities…\n".utf8))
            reports.append(try SizeRun(corpus: SyntheticCorpus(size: size, sample: sample, extraText: extraText), settings: settings).run())
            print(reports.last!.markdown)
        }
        let report = BenchmarkReport(cores: ProcessInfo.processInfo.activeProcessorCount, sizes: reports)
        if let path = options["--json"] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        }
        if let path = options["--markdown"] {
            try Data(reports.map(\.markdown).joined(separator: "\n\n").utf8).write(to: URL(fileURLWithPath: path))
        }
    }
}

/// How many queries, and how often each.
struct RunSettings {
    let queries: Int
    let iterations: Int
    /// How many shards EntityIndex's index is made of.
    let shards: Int
    /// How many of them (the last ones) xapian-tcpsrv serves.
    let remoteShards: Int
    /// The query kinds measured, in `SizeRun.kinds` order.
    let kinds: [String]
    /// How many of each kind's slowest queries to print.
    let slowest: Int

    /// " in 3 shards (2 served by xapian-tcpsrv)", or nothing for one local shard.
    var shardsDescription: String { Self.describe(shards: shards, remote: remoteShards) }

    /// " in 3 shards (2 served by xapian-tcpsrv)", or nothing for one local shard.
    static func describe(shards: Int, remote: Int) -> String {
        guard shards > 1 else { return "" }
        return " in \(shards) shards" + (remote > 0 ? " (\(remote) served by xapian-tcpsrv)" : "")
    }
}

/// Everything one run measured.
struct BenchmarkReport: Codable {
    let cores: Int
    let sizes: [SizeReport]
}
