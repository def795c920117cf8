import Foundation
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
