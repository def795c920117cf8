import Foundation
import Testing

/// Sharded indexes on the command line, and a crash between two shard commits.
@Suite struct ShardCLITests {
    struct Statistics: Decodable {
        let entities: Int
        let interruptedDonation: String?
    }

    func lines(_ range: Range<Int>) -> String {
        range.map { #"{"type": "notes.note", "id": "n\#($0)", "properties": {"title": "Drill log \#($0)"}}"# }.joined(separator: "\n") + "\n"
    }

    @Test func aBatchCutOffBetweenShardCommitsIsCompletedOnTheNextWrite() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-shards-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CLITests.run(["--index", path, "init", "--shards", "3"]).status == 0)
        #expect(try CLITests.run(["--index", path, "donate", "-"], input: lines(0..<20)).status == 0)

        // The process dies after the first shard committed the second batch (read
        // from a file: a copy of standard input would outlive the process).
        let batch = path + "-batch.jsonl"
        defer { try? FileManager.default.removeItem(atPath: batch) }
        try Data(lines(20..<60).utf8).write(to: URL(fileURLWithPath: batch))
        let crashed = try CLITests.run(["--index", path, "donate", batch],
                                       environment: ["ENTITY_INDEX_CRASH_BETWEEN_SHARD_COMMITS": "1"])
        #expect(crashed.status == 86)
        let cut = try JSONDecoder().decode(Statistics.self, from: Data(try CLITests.run(["--index", path, "stats", "--json"]).output.utf8))
        #expect(cut.interruptedDonation?.contains("cut off between shard commits") == true)
        #expect(cut.entities < 60)

        // The next writer completes it before its own batch.
        #expect(try CLITests.run(["--index", path, "donate", "-"], input: lines(60..<61)).status == 0)
        let whole = try JSONDecoder().decode(Statistics.self, from: Data(try CLITests.run(["--index", path, "stats", "--json"]).output.utf8))
        #expect(whole.entities == 61 && whole.interruptedDonation == nil)
        #expect(try CLITests.run(["--index", path, "check"]).status == 0)
        let found = try CLITests.run(["--index", path, "search", "drill log 42", "--json"])
        #expect(found.output.contains(#""id":"n42""#))
    }

    @Test func initMakesShardsOnceAndSaysSo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-shards-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let made = try CLITests.run(["--index", path, "init", "--shards", "4"])
        #expect(made.status == 0 && made.output.contains("4 shards"))
        let again = try CLITests.run(["--index", path, "init", "--shards", "2"])
        #expect(again.status == 64 && again.error.contains("already an index"))
        #expect(try CLITests.run(["--index", path + "-other", "init", "--shards", "0"]).status == 64)
        #expect(try CLITests.run(["--index", path + "-other", "init", "--shards", "99"]).status == 64)
        #expect(!FileManager.default.fileExists(atPath: path + "-other/shards"))
    }
}
