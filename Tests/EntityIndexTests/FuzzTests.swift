import Foundation
import Testing
@testable import EntityIndex

/// Seeded fuzzing of what callers hand the index: donation lines, update
/// lines and requests, mutated from the sample corpus and the request words.
/// Every input is either accepted or refused with an `EntityIndexError`; none
/// crashes, and a refused batch changes nothing.
///
/// CI runs 1,500 inputs of each kind; `ENTITY_INDEX_FUZZ_COUNT=N` runs N
/// (`ENTITY_INDEX_FUZZ_SEED` picks another seed).
@Suite struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = Int(environment["ENTITY_INDEX_FUZZ_COUNT"] ?? "") ?? 1_500
    static let seed = UInt64(environment["ENTITY_INDEX_FUZZ_SEED"] ?? "") ?? 20_261_201

    /// The corpus's lines, the seeds every donation and update is mutated from.
    static func corpusLines() throws -> [String] {
        try String(contentsOf: corpusURL("space-crew.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Pieces that break JSON, types and limits in their own ways.
    static let splices = [
        "null", "1e400", "-0", "true", "[]", "{}", #""\u0000""#, #""\ud800""#, #""🚀👩🏽‍🚀""#, "\u{301}", "\"", "\\", ",", ":",
        String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000), #"{"type": 5}"#,
        "\"" + String(repeating: "x", count: 100_000) + "\"", "9223372036854775808", "NaN", "\u{202E}", "\u{FEFF}",
    ]

    /// One mutation of a line: bytes flipped, cut short, or a piece spliced in.
    static func mutate(_ line: String, using random: inout SeededGenerator) -> Data {
        var bytes = Array(line.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &random)
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(contentsOf: splices.randomElement(using: &random)!.utf8, at: at)
            default:
                // A value replaced: after a colon, up to the next comma or brace.
                guard let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")) else { continue }
                let end = bytes[(colon + 1)...].firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") } ?? bytes.count
                bytes.replaceSubrange((colon + 1)..<end, with: Array(" \(splices.randomElement(using: &random)!)".utf8))
            }
        }
        return Data(bytes)
    }

    @Test func mutatedDonationsAreAcceptedOrRefusedWholeAndNeverCrash() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let index = try EntityIndex(path: directory.path)
        let lines = try Self.corpusLines()
        try index.donate(try sampleCorpus())
        var random = SeededGenerator(seed: Self.seed)
        var refused = 0
        for number in 0..<Self.count {
            // A valid new entity first: a refused batch must not apply it.
            let marker = #"{"type": "notes.note", "id": "fuzz-\#(number)", "properties": {"title": "Fuzz"}}"#
            let batch = Data((marker + "\n").utf8) + Self.mutate(lines.randomElement(using: &random)!, using: &random)
            do {
                try index.donate(try EntityJSONLines.decode(batch))
            } catch is EntityIndexError {
                refused += 1
                #expect(try index.entity(for: EntityIdentifier(type: "notes.note", id: "fuzz-\(number)")) == nil, "input \(number)")
            }
        }
        print("fuzzed donations: \(Self.count), refused \(refused)")
        #expect(refused > Self.count / 4)
    }

    @Test func mutatedUpdatesAreAppliedOrRefusedWholeAndNeverCrash() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let index = try EntityIndex(path: directory.path)
        try index.donate(try sampleCorpus())
        let target = EntityIdentifier(type: "notes.note", id: "fuzz-target")
        try index.donate([Entity(type: target.type, id: target.id, properties: ["title": "Before any update"])])
        let lines = try Self.corpusLines()
        var random = SeededGenerator(seed: Self.seed &+ 1)
        var refused = 0
        for number in 0..<Self.count {
            // A change to the target first: a refused batch must not apply it.
            let before = try index.entity(for: target)
            let first = EntityUpdate(target, changes: ["title": .set(.string("Update \(number)"))])
            let mutated = Self.mutate(lines.randomElement(using: &random)!, using: &random)
            do {
                let updates = try EntityJSONLines.decodeUpdates(mutated)
                try index.update([first] + updates)
            } catch is EntityIndexError {
                refused += 1
                #expect(try index.entity(for: target) == before, "input \(number)")
            }
        }
        print("fuzzed updates: \(Self.count), refused \(refused)")
        #expect(refused > 0)
    }

    @Test func anyRequestIsAnsweredOrRefusedAndNeverCrashes() throws {
        let index = try EntityIndex()
        let corpus = try sampleCorpus()
        try index.donate(corpus)
        // The request words (commands, time words, references) and the corpus's words.
        let requestWords = corpusURL("").deletingLastPathComponent().appendingPathComponent("Sources/EntityIndex/Resources/requests/en.json")
        var words = Set(try String(contentsOf: requestWords, encoding: .utf8).split { !$0.isLetter && !$0.isNumber }.map(String.init))
        words.formUnion(try Self.corpusLines().joined(separator: " ").split(separator: " ").prefix(3_000).map(String.init))
        let vocabulary = Array(words).sorted() + Self.splices + ["8 am", "2026-03-09", "14/4", "+351 21 555 0179", "tycho-station.space"]
        let zones = ["UTC", "Europe/Lisbon", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns"]
        var random = SeededGenerator(seed: Self.seed &+ 2)
        var refused = 0
        for _ in 0..<Self.count {
            let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }.joined(separator: " ")
            let shown = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                Bool.random(using: &random) ? corpus.randomElement(using: &random)!.identifier : EntityIdentifier(type: "notes.note", id: "gone")
            }
            let query = SearchQuery(text, context: ScreenContext(visible: shown, focused: Bool.random(using: &random) ? shown.first : nil),
                                    understandsRequest: Int.random(in: 0..<5, using: &random) > 0,
                                    now: Date(timeIntervalSince1970: Double.random(in: 1.7e9...1.8e9, using: &random)),
                                    timeZone: TimeZone(identifier: zones.randomElement(using: &random)!)!,
                                    limit: Int.random(in: 1...20, using: &random))
            do {
                let resolution = try index.resolve(query)
                #expect(resolution.results.count <= query.limit)
            } catch is EntityIndexError {
                refused += 1
            }
        }
        print("fuzzed requests: \(Self.count), refused \(refused)")
    }
}
