import Foundation
import ShardServers
import Testing

/// `init --shard` and `search --skip-unreachable` with shards served by `xapian-tcpsrv`.
@Suite struct RemoteShardCLITests {
    struct Answer: Decodable {
        struct Result: Decodable { let id: String }
        let results: [Result]
        let skippedShards: [String]
    }

    @Test func remoteShardsAreMadeSearchedAndSkippedWhenDown() throws {
        let servers = try ShardServers(count: 2)
        defer { servers.stop() }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-cli-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }

        let made = try CLITests.run(["--index", path, "init", "--shard", "local"] + servers.locations.flatMap { ["--shard", $0] })
        #expect(made.status == 0, "\(made.error)")
        #expect(made.output.contains("3 shards") && made.output.contains(servers.locations[1]))
        #expect(try String(contentsOfFile: path + "/shards", encoding: .utf8) == (["local"] + servers.locations).map { $0 + "\n" }.joined())
        #expect(try CLITests.run(["--index", path, "donate", CLITests.corpus]).status == 0)
        let found = try CLITests.run(["--index", path, "search", "crew lunch", "--json"])
        let answer = try JSONDecoder().decode(Answer.self, from: Data(found.output.utf8))
        #expect(answer.results.first?.id == "evt-004" && answer.skippedShards.isEmpty)

        servers.stop()
        let down = try CLITests.run(["--index", path, "search", "crew lunch"])
        #expect(down.status == 69)
        #expect(down.error.contains(servers.locations[0]) && down.error.contains("--skip-unreachable"))
        let skipping = try CLITests.run(["--index", path, "search", "crew lunch", "--json", "--skip-unreachable"])
        #expect(skipping.status == 0, "\(skipping.error)")
        #expect(try JSONDecoder().decode(Answer.self, from: Data(skipping.output.utf8)).skippedShards == servers.locations)
    }

    @Test func badShardsAreRefusedBeforeAnythingIsMade() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-cli-\(UUID().uuidString)").path
        let garbled = try CLITests.run(["--index", path, "init", "--shard", "local", "--shard", "tcp://nowhere"])
        #expect(garbled.status == 64 && garbled.error.contains("tcp://HOST:PORT"))
        let remoteOnly = try CLITests.run(["--index", path, "init", "--shard", "tcp://127.0.0.1:9"])
        #expect(remoteOnly.status == 64 && remoteOnly.error.contains("--shard local"))
        let both = try CLITests.run(["--index", path, "init", "--shards", "2", "--shard", "local"])
        #expect(both.status == 64)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
