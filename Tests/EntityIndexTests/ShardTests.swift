import Foundation
import Testing
@testable import EntityIndex

/// An index of several shards, as every other store, answers as one
/// database holding every entity.
@Suite struct ShardTests {
    /// A single index on disk and one on `storage` (three shards by default), each holding `entities`.
    func indexes(holding entities: [Entity], on storage: TestStorage = .sharded) throws
        -> (single: EntityIndex, sharded: EntityIndex, directory: TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let single = try EntityIndex(path: directory.path + "/single")
        let sharded = try storage.makeIndex()
        try single.donate(entities)
        try sharded.donate(entities)
        return (single, sharded, directory)
    }

    /// The same results with the same scores: equal to the last bits a
    /// different order of summing the shards' statistics may change (1e-12),
    /// entities tied at the last place shown aside.
    func expectSameAnswers(_ single: EntityIndex, _ sharded: EntityIndex, for queries: [SearchQuery],
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        for query in queries {
            let one = try single.resolve(query), many = try sharded.resolve(query)
            #expect(one.status == many.status, "\(query.text)", sourceLocation: sourceLocation)
            #expect(one.results.count == many.results.count, "\(query.text)", sourceLocation: sourceLocation)
            for (mine, theirs) in zip(one.results, many.results) {
                #expect(abs(mine.score - theirs.score) < 1e-12, "\(query.text)", sourceLocation: sourceLocation)
            }
            let last = one.results.last?.score ?? 0
            let scores = Dictionary(many.results.map { ($0.identifier, $0.score) }, uniquingKeysWith: max)
            for result in one.results where result.score > last + 1e-12 {
                #expect(scores[result.identifier].map { abs($0 - result.score) < 1e-12 } == true,
                        "\(query.text): \(result.identifier)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: TestStorage.allCases)
    func requestsOverTheCorporaAnswerAsOneDatabase(storage: TestStorage) throws {
        let entities = try sampleCorpus() + EntityJSONLines.decode(try Data(contentsOf: corpusURL("station-life.jsonl")))
        let (single, sharded, directory) = try indexes(holding: entities, on: storage)
        defer { directory.remove() }
        let now = Date(timeIntervalSince1970: 1_773_309_000)  // 2026-03-12 09:50 UTC
        let requests = ["check the O2 canisters before the EVA", "Lunar Orbit Lgo", "what's after the crew lunch", "which events mention oxygen?",
                        "messages from Amara", "the next meeting with Mateo", "hydroponic garden", "水培花园", "tycho-station", "zeppelin"]
        // On screen: entities picked among those shown (a list of documents, each shard's own ids).
        let shown = ScreenContext(visible: ["evt-001", "evt-003", "evt-004", "evt-010", "evt-012"].map {
            EntityIdentifier(type: "calendar.event", id: $0)
        })
        let onScreen = ["this event", "the third one", "the drill", "the one at 8 am", "the last one", "these"].map {
            SearchQuery($0, context: shown, now: now, timeZone: TimeZone(identifier: "UTC")!)
        }
        try expectSameAnswers(single, sharded, for: requests.map { SearchQuery($0, now: now, timeZone: TimeZone(identifier: "UTC")!) }
                              + requests.map { SearchQuery($0, understandsRequest: false) } + onScreen)
        #expect(try sharded.statistics().entityCount == entities.count)
        // Every shard on disk holds some of them.
        for shard in try sharded.databaseDirectories() {
            #expect(try Database(path: shard, mode: .readOnly).documentCount() > entities.count / 6)
        }
    }

    static let collection = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/datasets/cranfield").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: collection), "the cranfield collection is not at ../shared/datasets"))
    func aBEIRCollectionRanksAsOneDatabase() throws {
        let cranfield = try BEIRCollection(directory: Self.collection, split: "test")
        let (single, sharded, directory) = try indexes(holding: cranfield.entities)
        defer { directory.remove() }
        try expectSameAnswers(single, sharded, for: cranfield.queries.prefix(60).map { SearchQuery($0.text, understandsRequest: false) })
    }

    @Test func theShardCountIsRecordedAndKept() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/index"
        try EntityIndex(path: path, shards: 4).donate([event("evt-1", title: "Crew Lunch")])
        #expect(try EntityIndex(path: path).shardCount() == 4)
        #expect(try EntityIndex(path: path, access: .readOnly).search(SearchQuery("crew lunch")).first?.identifier.id == "evt-1")
        let other = #expect(throws: EntityIndexError.self) { try EntityIndex(path: path, shards: 2) }
        #expect(other?.message.contains("has 4 shards, not 2") == true)
        #expect(throws: EntityIndexError.self) { try EntityIndex(shards: 2) }
        #expect(throws: EntityIndexError.self) { try EntityIndex(path: directory.path + "/too-many", shards: 65) }
    }

    @Test func aMissingShardOrAStrangerIsDamage() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/index"
        try EntityIndex(path: path, shards: 2).donate([event("evt-1", title: "Crew Lunch")])
        try Data().write(to: URL(fileURLWithPath: path + "/notes.txt"))
        #expect(throws: EntityIndexError.self) { try EntityIndex(path: path, access: .readOnly) }
        try FileManager.default.removeItem(atPath: path + "/notes.txt")
        try FileManager.default.removeItem(atPath: path + "/" + IndexShards.directoryName(1))
        let error = #expect(throws: EntityIndexError.self) { try EntityIndex(path: path) }
        #expect(error?.code == .indexCorrupt && error?.message.contains("shard-1") == true)
    }

    @Test(arguments: TestStorage.allCases)
    func aBatchIsAllOrNothingAcrossShards(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let batch = (0..<30).map { event("evt-\($0)", title: "Drill \($0)") }
        try index.donate(batch)
        // An invalid entity anywhere in a batch: none of it lands, in any shard.
        let invalid = (30..<60).map { event("evt-\($0)", title: "Drill \($0)") } + [Entity(type: "calendar.event", id: "bad", properties: [:])]
        #expect(throws: EntityIndexError.self) { try index.donate(invalid) }
        #expect(try index.statistics().entityCount == 30)
        // Deletions reach every shard, and leave no batch pending.
        #expect(try index.deleteAll(ofType: "calendar.event") == 30)
        #expect(try index.statistics().entityCount == 0)
        #expect(try index.statistics().interruptedDonation == nil)
    }
}
