import Foundation
import Testing
@testable import EntityIndex

/// The request set in `corpora/requests-*.jsonl`: 640 requests written the way
/// people talk to an assistant over the personal corpus (`space-crew.jsonl`
/// and `station-life.jsonl`). Two writers wrote 320 before any tuning, split
/// at random into 160 tuned on and 160 held out (`holdout`: its requests were
/// never read, only its figures, after each change); two more wrote 320 after
/// the first round of tuning, all tuned on (`tune`: 480 in all).
///
/// Per part and kind: Recall@1 and Recall@5 (the share of the expected
/// entities in the top k, out of at most k; for a request any of several
/// entities answers, whether one is there), MRR, and how often the verdict is
/// `resolved` on a wrong entity or on a request with no right answer.
@Suite struct RequestSetTests {
    struct Request: Decodable {
        let id: String
        let kind: String
        let request: String
        let now: String
        let timeZone: String
        let types: [String]?
        let visible: [String]?
        let focused: String?
        let expected: [String]
        /// one, any, all or none.
        let answer: String

        var query: SearchQuery {
            get throws {
                return SearchQuery(request, types: Set((types ?? []).map(EntityType.init(rawValue:))),
                                   context: screen(visible: visible, focused: focused),
                                   now: try Date(now, strategy: .iso8601), timeZone: try #require(TimeZone(identifier: timeZone)),
                                   limit: 10)
            }
        }
    }

    /// What one request scored.
    struct Outcome {
        var recallAt1 = 0.0, recallAt5 = 0.0, reciprocalRank = 0.0
        var resolvedWrongly = false
        var resolvedCorrectly = false
    }

    /// The figures of a part of the set, by kind.
    struct Figures {
        var outcomes: [String: [Outcome]] = [:]

        func mean(_ kind: String?, _ value: (Outcome) -> Double) -> Double {
            let chosen = kind.map { outcomes[$0] ?? [] } ?? outcomes.values.flatMap { $0 }
            return chosen.isEmpty ? 0 : chosen.map(value).reduce(0, +) / Double(chosen.count)
        }
    }

    /// The figures each part reached when the resolver was last changed, by
    /// kind (Recall@1, Recall@5, MRR); a part that drops below them fails.
    /// They are where the resolver stands, not its targets (Recall@5 0.95 in
    /// every kind): the held-out part shows how far a request it was never
    /// tuned on may still be from them.
    static let floors: [String: [String: (recallAt1: Double, recallAt5: Double, mrr: Double)]] = [
        "tune": [
            "command": (0.845, 0.909, 0.880), "meaning": (0.249, 0.374, 0.311), "name": (0.963, 0.999, 0.975),
            "none": (0.999, 0.999, 0.999), "property": (0.886, 0.960, 0.928), "question": (0.681, 0.869, 0.756),
            "screen": (0.919, 0.931, 0.922), "time": (0.918, 0.939, 0.947), "typo": (0.999, 0.999, 0.999),
        ],
        "holdout": [
            "command": (0.807, 0.922, 0.843), "meaning": (0.000, 0.000, 0.000), "name": (0.999, 0.999, 0.999),
            "none": (0.916, 0.916, 0.916), "property": (0.863, 0.890, 0.897), "question": (0.544, 0.817, 0.654),
            "screen": (0.807, 0.807, 0.807), "time": (0.845, 0.922, 0.884), "typo": (0.999, 0.999, 0.999),
        ],
    ]
    /// The most requests of each part that may be answered `resolved` on a
    /// wrong entity (2 of 480 and 5 of 160 when last measured), and how many
    /// of them may be requests with no right answer (0 and 1). The aim is under
    /// 2% and none.
    static let wrongResolvedCeiling: [String: (share: Double, noAnswer: Int)] = ["tune": (0.005, 0), "holdout": (0.032, 1)]

    static func load(_ part: String) throws -> [Request] {
        let url = corpusURL("requests-\(part).jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Request.self, from: Data($0.utf8))
        }
    }

    static func personalCorpus() throws -> [Entity] {
        let url = corpusURL("station-life.jsonl")
        return try sampleCorpus() + EntityJSONLines.decode(try Data(contentsOf: url), source: url.path)
    }

    /// How a resolution scored against a request's answer.
    static func outcome(of resolution: Resolution, for request: Request) -> Outcome {
        let found = resolution.results.map(\.identifier.description)
        let expected = Set(request.expected)
        var outcome = Outcome()
        let resolved = resolution.status == .resolved
        guard request.answer != "none" else {
            outcome.resolvedWrongly = resolved
            let right = resolution.status != .resolved ? 1.0 : 0
            (outcome.recallAt1, outcome.recallAt5, outcome.reciprocalRank) = (right, right, right)
            return outcome
        }
        func recall(at k: Int) -> Double {
            let hits = Double(found.prefix(k).filter(expected.contains).count)
            return request.answer == "all" ? hits / Double(min(expected.count, k)) : min(hits, 1)
        }
        outcome.recallAt1 = recall(at: 1)
        outcome.recallAt5 = recall(at: 5)
        outcome.reciprocalRank = found.firstIndex(where: expected.contains).map { 1 / Double($0 + 1) } ?? 0
        outcome.resolvedWrongly = resolved && !(found.first.map(expected.contains) ?? false)
        outcome.resolvedCorrectly = resolved && !outcome.resolvedWrongly
        return outcome
    }

    @Test(arguments: ["tune", "holdout"])
    func requestsAsPeopleSayThemFindTheirTargets(part: String) throws {
        let index = try EntityIndex()
        try index.donate(try Self.personalCorpus())
        var figures = Figures()
        for request in try Self.load(part) {
            let resolution = try index.resolve(try request.query)
            let outcome = Self.outcome(of: resolution, for: request)
            figures.outcomes[request.kind, default: []].append(outcome)
            // Only the tuned half says which requests missed.
            if part == "tune", outcome.reciprocalRank < 1 || outcome.resolvedWrongly {
                let rank = resolution.results.firstIndex { request.expected.contains($0.identifier.description) }.map { "\($0 + 1)" } ?? "-"
                print("request set miss \(request.id) [\(request.kind)] \"\(request.request)\": \(resolution.status.rawValue), "
                      + "first \(resolution.results.first?.identifier.description ?? "none"), expected at \(rank) \(request.expected.prefix(3))")
            }
        }
        func format(_ value: Double) -> String { String(format: "%.3f", value) }
        print("request set \(part) | kind     | requests | Recall@1 | Recall@5 | MRR   | resolved wrongly | resolved rightly")
        for kind in figures.outcomes.keys.sorted() + [nil] {
            let count = kind.map { figures.outcomes[$0]!.count } ?? figures.outcomes.values.map(\.count).reduce(0, +)
            print("request set \(part) | \((kind ?? "all").padding(toLength: 8, withPad: " ", startingAt: 0)) | \(count) | "
                  + "\(format(figures.mean(kind) { $0.recallAt1 })) | \(format(figures.mean(kind) { $0.recallAt5 })) | "
                  + "\(format(figures.mean(kind) { $0.reciprocalRank })) | \(format(figures.mean(kind) { $0.resolvedWrongly ? 1 : 0 })) | "
                  + "\(format(figures.mean(kind) { $0.resolvedCorrectly ? 1 : 0 }))")
        }
        for (kind, floor) in Self.floors[part] ?? [:] {
            #expect(figures.mean(kind) { $0.recallAt1 } >= floor.recallAt1 - 1e-9, "\(part) \(kind) Recall@1")
            #expect(figures.mean(kind) { $0.recallAt5 } >= floor.recallAt5 - 1e-9, "\(part) \(kind) Recall@5")
            #expect(figures.mean(kind) { $0.reciprocalRank } >= floor.mrr - 1e-9, "\(part) \(kind) MRR")
        }
        let ceiling = try #require(Self.wrongResolvedCeiling[part])
        #expect(figures.mean(nil) { $0.resolvedWrongly ? 1 : 0 } <= ceiling.share + 1e-9, "\(part): resolved wrongly too often")
        #expect((figures.outcomes["none"] ?? []).filter(\.resolvedWrongly).count <= ceiling.noAnswer,
                "\(part): a request with no right answer was resolved")
        #expect(Set(figures.outcomes.keys) == Set(Self.floors[part]?.keys ?? [:].keys))
    }
}
