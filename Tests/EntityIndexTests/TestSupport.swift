import Foundation
import Testing
@testable import EntityIndex

/// A fresh directory under the system's temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("entity-index-tests-\(UUID().uuidString)").path
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Where a core test's index lives: the core suites run on each, since on disk
/// there are transactions, Xapian's term limit and a lock per reader, and
/// sharded there are several databases searched as one and written in parallel.
enum TestStorage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory, onDisk, sharded

    var testDescription: String { rawValue }

    /// Where on-disk test indexes go; removed when the test process ends.
    private static let root: String = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-tests-\(getpid())").path
        atexit { try? FileManager.default.removeItem(atPath: TestStorage.root) }
        return root
    }()

    /// A fresh, empty index: in memory, or in a new directory under `root`.
    func makeIndex() throws -> EntityIndex {
        switch self {
        case .inMemory: try EntityIndex()
        case .onDisk: try EntityIndex(path: Self.root + "/" + UUID().uuidString)
        case .sharded: try EntityIndex(path: Self.root + "/" + UUID().uuidString, shards: 3)
        }
    }
}

extension EntityIndex {
    /// How many documents index a term, as a search reads it.
    func termFrequency(_ term: String) throws -> Int {
        try withReader { try $0.database.termFrequency(term) }
    }
}

/// A file shipped in `corpora/`.
func corpusURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("corpora/\(name)")
}

/// The sample corpus shipped in `corpora/`.
func sampleCorpus() throws -> [Entity] {
    let url = corpusURL("space-crew.jsonl")
    return try EntityJSONLines.decode(try Data(contentsOf: url), source: url.path)
}

/// A screen from "type:id" identifiers; nil when nothing is shown.
func screen(visible: [String]?, focused: String?) -> ScreenContext? {
    guard !(visible ?? []).isEmpty || focused != nil else { return nil }
    return ScreenContext(visible: (visible ?? []).compactMap(EntityIdentifier.init), focused: focused.flatMap(EntityIdentifier.init))
}

/// The clock requests over the sample corpus are said at: Thursday 12 March
/// 2026, 09:30 UTC, in the week of its events.
let sampleNow = Date(timeIntervalSince1970: 1_773_307_800)

/// A request said at `sampleNow`, in UTC.
func sampleRequest(_ text: String, types: Set<EntityType> = [], context: ScreenContext? = nil) -> SearchQuery {
    SearchQuery(text, types: types, context: context, now: sampleNow, timeZone: TimeZone(identifier: "UTC")!)
}

/// The ids of a search's results, best first.
func ids(_ results: [SearchResult]) -> [String] {
    results.map(\.identifier.id)
}

/// A small event for tests.
func event(_ id: String, title: String, notes: String? = nil) -> Entity {
    var properties: [String: PropertyValue] = ["title": .string(title), "startDate": "2026-03-10T12:00:00Z"]
    if let notes { properties["notes"] = .string(notes) }
    return Entity(type: "calendar.event", id: id, properties: properties)
}

/// A small deterministic random number generator (SplitMix64), so that seeded runs repeat.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
