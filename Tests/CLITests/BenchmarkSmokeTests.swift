import Foundation
import Testing

/// `entity-index-bench` run on a tiny corpus: every option works and every
/// figure is reported. Timings are never asserted (they belong to `make bench`).
@Suite struct BenchmarkSmokeTests {

    private func scratchFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-bench-\(UUID().uuidString)-\(name)").path
    }

    @Test func aRunReportsEveryKindBesideRawXapianAndFTS5() throws {
        let markdown = scratchFile("latest.md"), json = scratchFile("latest.json")
        defer { for file in [markdown, json] { try? FileManager.default.removeItem(atPath: file) } }
        let run = try CLITests.run(["--sizes", "300", "--queries", "2", "--iterations", "1", "--corpus", CLITests.corpus,
                               "--markdown", markdown, "--json", json], executable: "entity-index-bench")
        #expect(run.status == 0, "\(run.error)")
        let table = try String(contentsOfFile: markdown, encoding: .utf8)
        for kind in ["name", "typo", "property", "text", "meaning", "context", "request", "understanding"] {
            #expect(table.contains("| \(kind) |"), "no \(kind) row")
        }
        // Plain text is timed in all three engines.
        let text = try #require(table.split(separator: "\n").first { $0.hasPrefix("| text |") })
        #expect(!text.contains("—"))
        #expect(table.contains("- reading the request first adds at the median: name "))
        #expect(table.contains("- donation in batches of 1,000: EntityIndex"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect((report?["sizes"] as? [Any])?.count == 1)
    }

    @Test func donationAloneIsMeasured() throws {
        let run = try CLITests.run(["--sizes", "300", "--only", "donation", "--corpus", CLITests.corpus], executable: "entity-index-bench")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("300 entities: donation in batches of 1,000: "))
        let refused = try CLITests.run(["--only", "typos", "--corpus", CLITests.corpus], executable: "entity-index-bench")
        #expect(refused.status != 0)
        #expect(refused.error.contains("--only takes 'donation'"))
    }

    @Test func theCorpusIsExportedForTheCLIToDonate() throws {
        let corpus = scratchFile("corpus.jsonl"), index = scratchFile("index")
        defer { for path in [corpus, index] { try? FileManager.default.removeItem(atPath: path) } }
        let export = try CLITests.run(["--sizes", "250", "--export", corpus, "--corpus", CLITests.corpus], executable: "entity-index-bench")
        #expect(export.status == 0, "\(export.error)")
        let donated = try CLITests.run(["--index", index, "donate", corpus])
        #expect(donated.status == 0, "\(donated.error)")
        #expect(donated.output.hasPrefix("donated 250 entities of 4 types"))
    }
}
