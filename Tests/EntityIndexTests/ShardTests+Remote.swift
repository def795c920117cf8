import Foundation
import ShardServers
import Testing
@testable import EntityIndex

extension ShardServers {
    /// The servers' locations, as an index records them.
    var shardLocations: [ShardLocation] { locations.compactMap(ShardLocation.init) }
}

/// Shards served by `xapian-tcpsrv` answer as local ones do.
extension ShardTests {
    @Test func remoteShardsAnswerAsOneLocalDatabase() throws {
        let servers = try ShardServers(count: 2)
        defer { servers.stop() }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let entities = try sampleCorpus() + EntityJSONLines.decode(try Data(contentsOf: corpusURL("station-life.jsonl")))
        let single = try EntityIndex(path: directory.path + "/single")
        let remote = try EntityIndex(path: directory.path + "/remote", shardLocations: [.local] + servers.shardLocations)
        try single.donate(entities)
        try remote.donate(entities)
        let now = Date(timeIntervalSince1970: 1_773_309_000)  // 2026-03-12 09:50 UTC
        let requests = ["check the O2 canisters before the EVA", "Lunar Orbit Lgo", "what's after the crew lunch", "which events mention oxygen?",
                        "messages from Amara", "the next meeting with Mateo", "hydroponic garden", "水培花园", "tycho-station", "zeppelin"]
        let shown = ScreenContext(visible: ["evt-001", "evt-003", "evt-004", "evt-010", "evt-012"].map {
            EntityIdentifier(type: "calendar.event", id: $0)
        })
        let onScreen = ["this event", "the third one", "the drill", "the last one", "these"].map {
            SearchQuery($0, context: shown, now: now, timeZone: TimeZone(identifier: "UTC")!)
        }
        let queries = requests.map { SearchQuery($0, now: now, timeZone: TimeZone(identifier: "UTC")!) }
            + requests.map { SearchQuery($0, understandsRequest: false) } + onScreen
        try expectSameAnswers(single, remote, for: queries)
        // Read-only, over connections of its own, as another process would.
        let reader = try EntityIndex(path: directory.path + "/remote", access: .readOnly, shardLocations: nil)
        try expectSameAnswers(single, reader, for: queries)
        #expect(try reader.statistics().entityCount == entities.count)
        // Which entities hold which terms, found over the network by searching, is what the local lists say.
        let terms = ["lunch", "oxygen", "crew", "airlock", "garden", "zeppelin"].map { IndexLayout.stemmedTerm($0) }
        func presence(in index: EntityIndex) throws -> [String: [Bool]] {
            try index.withReader { reader in
                let documents = try entities.prefix(200).compactMap { entity -> (id: UInt32, uniqueTerm: String)? in
                    let term = IndexLayout.uniqueTerm(for: entity.identifier)
                    return try reader.database.documentID(uniqueTerm: term).map { ($0, term) }
                }.sorted { $0.id < $1.id }
                let rows = try reader.database.postings(of: terms, contain: documents.map(\.id), uniqueTerms: documents.map(\.uniqueTerm))
                return Dictionary(uniqueKeysWithValues: documents.enumerated().map { column, document in
                    (document.uniqueTerm, rows.map { $0[column] })
                })
            }
        }
        let remotely = try presence(in: reader)
        #expect(remotely == (try presence(in: single)) && remotely.values.contains { $0.contains(true) })
        #expect(try reader.shardLocations() == [.local] + servers.shardLocations)
        // Each server holds some of them.
        for location in servers.shardLocations {
            guard case .remote(let host, let port) = location else { continue }
            #expect(try Database(shards: [.remote(host: host, port: port)], mode: .readOnly).documentCount() > entities.count / 6)
        }
    }

    @Test func anUnreachableShardIsNamedOrSkipped() throws {
        let servers = try ShardServers(count: 2)
        defer { servers.stop() }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/index"
        let entities = try sampleCorpus()
        try EntityIndex(path: path, shardLocations: [.local] + servers.shardLocations).donate(entities)
        servers.stop()

        let unreachable = #expect(throws: EntityIndexError.self) { try EntityIndex(path: path, access: .readOnly, shardLocations: nil) }
        #expect(unreachable?.code == .shardUnreachable)
        #expect(unreachable?.message.contains("\(servers.shardLocations[0])") == true)
        #expect(unreachable?.message.contains("--skip-unreachable") == true)
        #expect(throws: EntityIndexError.self) { try EntityIndex(path: path, shardLocations: nil) }

        let partial = try EntityIndex(path: path, access: .readOnly, shardLocations: nil, unreachableShards: .skip)
        let answer = try partial.resolve(SearchQuery("crew lunch", understandsRequest: false))
        #expect(answer.skippedShards == servers.shardLocations)
        #expect(try partial.statistics().entityCount < entities.count)
    }

    @Test func shardLocationsAreCheckedAndRecorded() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(ShardLocation("tcp://10.0.0.7:7001") == .remote(host: "10.0.0.7", port: 7001))
        #expect(ShardLocation("tcp://[::1]:7001") == .remote(host: "::1", port: 7001))
        #expect(ShardLocation("tcp://host") == nil && ShardLocation("udp://host:1") == nil && ShardLocation("tcp://:1") == nil)
        let remoteOnly = #expect(throws: EntityIndexError.self) {
            try EntityIndex(path: directory.path + "/a", shardLocations: [.remote(host: "127.0.0.1", port: 9)])
        }
        #expect(remoteOnly?.message.contains("local shard") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/a"))
        // A remote shard that is not there: named, and nothing is made.
        let absent = #expect(throws: EntityIndexError.self) {
            try EntityIndex(path: directory.path + "/a", shardLocations: [.local, .remote(host: "127.0.0.1", port: 9)])
        }
        #expect(absent?.code == .shardUnreachable && absent?.message.contains("tcp://127.0.0.1:9") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/a"))
        #expect(throws: EntityIndexError.self) {
            try EntityIndex(path: directory.path + "/b", shardLocations: [.local, .remote(host: "h", port: 1), .remote(host: "h", port: 1)])
        }
        // An index of local shards keeps the count-only file that earlier versions wrote and read.
        _ = try EntityIndex(path: directory.path + "/c", shards: 2)
        #expect(try String(contentsOfFile: directory.path + "/c/" + IndexShards.listFile, encoding: .utf8) == "2\n")
    }
}
