import Foundation
import Testing
@testable import EntityIndex

/// The request set in `corpora/requests-*.jsonl`: 760 requests written the way
/// people talk to an assistant over the personal corpus (`space-crew.jsonl`
/// and `station-life.jsonl`). Two writers wrote 320 before any tuning, split
/// at random into 160 tuned on and 160 held out (`holdout`: its requests were
/// never read, only its figures, after each change); two more wrote 320 after
/// the first round of tuning, all tuned on; a fifth wrote 120 requests whose
/// words never occur in their target (kind `meaning`, and `language` when the
/// request and its target are in different languages) before the lexicon
/// learnt other languages, split 60 and 60 (`tune`: 540 in all, `holdout`: 220).
/// Two more each wrote a world of their own and requests over it without
/// reading the resolver: a veterinary practice in Valencia
/// (`veterinary-practice.jsonl`, 195 requests) and a software engineer in
/// Kraków (`engineer-krakow.jsonl`, 204); of each, the odd-numbered requests
/// are tuned on (`practice-tune`, `krakow-tune`), the even ones only measured
/// (`practice-holdout`, `krakow-holdout`). A third, an ICU nurse in Toronto
/// (`nurse-toronto.jsonl`, 162 requests), is held out whole: none of its
/// requests is ever read (`toronto-holdout`). Two more came later: a wedding
/// photographer in Lyon whose messages and mails are half in French
/// (`photographer-lyon.jsonl`, 209 requests, odd ones tuned on: `lyon-tune`,
/// even ones only measured: `lyon-holdout`) and a retired teacher in Dublin
/// (`teacher-dublin.jsonl`, 207 requests, held out whole: `dublin-holdout`).
/// Two other writers added 80 screen references and 40 commands each over the
/// Kraków and the practice worlds, all tuned on (`krakow-screens-tune`,
/// `practice-screens-tune`; the second first measured before any change made
/// for it: screen Recall@1 0.800, resolved wrongly 7.5%). A third wrote as many over
/// the Lyon world (`lyon-screens-tune`, first measured before any change made for
/// it: Recall@1 0.817, resolved wrongly 1.7%). The last, a German graduate
/// student in Osaka whose phone speaks German, Japanese, Spanish and English
/// (`student-osaka.jsonl`, 200 requests: odd ones tuned on, `osaka-tune`; even
/// ones only measured, `osaka-holdout`), was first measured before any change
/// made for it: Recall@1 / @5 0.720 / 0.820 and 0.780 / 0.843, none resolved wrongly.
/// So was a chef in Montréal whose data is in English, Québec French and
/// Spanish (`chef-montreal.jsonl`, 200 requests: `montreal-tune`,
/// `montreal-holdout`): 0.700 / 0.818 (one request resolved wrongly) and 0.650 / 0.757.
/// And a literary translator in Berlin whose phone is in German, English,
/// Russian and French (`translator-berlin.jsonl`, 200 requests: `berlin-tune`,
/// `berlin-holdout`): 0.560 / 0.720 (two resolved wrongly) and 0.560 / 0.730.
/// And a logistics coordinator in Singapore whose phone is in English and
/// Chinese, with some Malay and Japanese (`logistics-singapore.jsonl`, 200
/// requests: `singapore-tune`, `singapore-holdout`): 0.650 / 0.797 (one resolved
/// wrongly) and 0.600 / 0.804 (five resolved wrongly). And a woman who runs a
/// family hotel in Barcelona, her phone in Spanish and English with French and
/// German guests (`hotel-barcelona.jsonl`, 200 requests: `barcelona-tune`,
/// `barcelona-holdout`): 0.560 / 0.685 (two resolved wrongly) and 0.660 / 0.820 (one).
///
/// Per part and kind: Recall@1 and Recall@5 (the share of the expected
/// entities in the top k, out of at most k; for a request any of several
/// entities answers, whether one is there), MRR, and how often the verdict is
/// `resolved` on a wrong entity or on a request with no right answer.
@Suite struct RequestSetTests {
    /// The figures each part reached when the resolver was last changed, by
    /// kind (Recall@1, Recall@5, MRR); a part that drops below them fails.
    /// They are where the resolver stands, not its targets (Recall@5 0.95 in
    /// every kind): the held-out part shows how far a request it was never
    /// tuned on may still be from them.
    static let floors: [String: [String: (recallAt1: Double, recallAt5: Double, mrr: Double)]] = [
        "tune": [
            "command": (0.935, 0.973, 0.948), "language": (0.374, 0.541, 0.452), "meaning": (0.249, 0.431, 0.331),
            "name": (0.963, 0.963, 0.969), "none": (0.999, 0.999, 0.999), "property": (0.934, 0.982, 0.967),
            "question": (0.741, 0.854, 0.794), "screen": (0.976, 0.999, 0.985), "time": (0.999, 0.991, 0.999),
            "typo": (0.943, 0.999, 0.971),
        ],
        "holdout": [
            "command": (0.845, 0.922, 0.887), "language": (0.332, 0.541, 0.408), "meaning": (0.309, 0.499, 0.394),
            "name": (0.999, 0.999, 0.999), "none": (0.999, 0.999, 0.999), "property": (0.908, 0.944, 0.946),
            "question": (0.772, 0.908, 0.815), "screen": (0.884, 0.884, 0.884), "time": (0.884, 0.999, 0.917),
            "typo": (0.999, 0.999, 0.999),
        ],
        "practice-tune": [
            "command": (0.999, 0.999, 0.999), "meaning": (0.166, 0.332, 0.249), "name": (0.499, 0.999, 0.749),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.954, 0.999), "question": (0.922, 0.999, 0.961),
            "screen": (0.999, 0.999, 0.999), "time": (0.999, 0.999, 0.999), "typo": (0.799, 0.999, 0.899),
        ],
        "practice-holdout": [
            "command": (0.937, 0.937, 0.947), "meaning": (0.332, 0.666, 0.523), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.999, 0.999), "question": (0.856, 0.910, 0.880),
            "screen": (0.904, 0.904, 0.904), "time": (0.932, 0.999, 0.955), "typo": (0.999, 0.999, 0.999),
        ],
        "krakow-tune": [
            "command": (0.999, 0.999, 0.999), "meaning": (0.499, 0.666, 0.582), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.999, 0.999), "question": (0.732, 0.999, 0.832),
            "screen": (0.999, 0.999, 0.999), "time": (0.832, 0.888, 0.866), "typo": (0.999, 0.999, 0.999),
        ],
        "krakow-holdout": [
            "command": (0.943, 0.943, 0.943), "meaning": (0.199, 0.599, 0.386), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.799, 0.819, 0.849), "question": (0.866, 0.932, 0.888),
            "screen": (0.912, 0.956, 0.934), "time": (0.999, 0.987, 0.999), "typo": (0.499, 0.999, 0.666),
        ],
        "toronto-holdout": [
            "command": (0.820, 0.999, 0.898), "meaning": (0.499, 0.799, 0.632), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.999, 0.999), "question": (0.772, 0.954, 0.838),
            "screen": (0.799, 0.942, 0.866), "time": (0.732, 0.916, 0.818), "typo": (0.999, 0.999, 0.999),
        ],
        "lyon-tune": [
            "command": (0.841, 0.894, 0.859), "meaning": (0.499, 0.666, 0.578), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.999, 0.999), "question": (0.785, 0.928, 0.844),
            "screen": (0.814, 0.999, 0.906), "time": (0.999, 0.999, 0.999), "typo": (0.999, 0.999, 0.999),
        ],
        "lyon-holdout": [
            "command": (0.749, 0.899, 0.809), "meaning": (0.399, 0.999, 0.589), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.999, 0.999), "question": (0.691, 0.999, 0.800),
            "screen": (0.845, 0.922, 0.868), "time": (0.999, 0.999, 0.999), "typo": (0.999, 0.932, 0.999),
        ],
        "dublin-holdout": [
            "command": (0.920, 0.973, 0.938), "meaning": (0.582, 0.916, 0.699), "name": (0.999, 0.999, 0.999),
            "none": (0.932, 0.932, 0.932), "property": (0.946, 0.999, 0.964), "question": (0.785, 0.928, 0.856),
            "screen": (0.839, 0.879, 0.856), "time": (0.970, 0.985, 0.980), "typo": (0.832, 0.999, 0.916),
        ],
        "krakow-screens-tune": [
            "command": (0.999, 0.999, 0.999), "screen": (0.924, 0.987, 0.953),
        ],
        "practice-screens-tune": [
            "command": (0.949, 0.974, 0.962), "screen": (0.911, 0.921, 0.918),
        ],
        "lyon-screens-tune": [
            "command": (0.899, 0.974, 0.937), "screen": (0.911, 0.984, 0.944),
        ],
        "osaka-tune": [
            "command": (0.777, 0.943, 0.860), "meaning": (0.299, 0.499, 0.385), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.999, 0.999), "question": (0.599, 0.799, 0.677),
            "screen": (0.949, 0.999, 0.959), "time": (0.999, 0.999, 0.999), "typo": (0.999, 0.999, 0.999),
        ],
        "osaka-holdout": [
            "command": (0.881, 0.999, 0.923), "meaning": (0.499, 0.499, 0.499), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.979, 0.999), "question": (0.799, 0.766, 0.810),
            "screen": (0.949, 0.949, 0.949), "time": (0.932, 0.999, 0.955), "typo": (0.999, 0.999, 0.999),
        ],
        "montreal-tune": [
            "command": (0.849, 0.974, 0.924), "meaning": (0.454, 0.635, 0.542), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.856, 0.856, 0.856), "question": (0.561, 0.811, 0.669),
            "screen": (0.949, 0.982, 0.974), "time": (0.768, 0.922, 0.812), "typo": (0.999, 0.999, 0.999),
        ],
        "montreal-holdout": [
            "command": (0.666, 0.932, 0.788), "meaning": (0.110, 0.332, 0.209), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.845, 0.961, 0.909), "question": (0.499, 0.713, 0.595),
            "screen": (0.849, 0.949, 0.891), "time": (0.587, 0.778, 0.694), "typo": (0.999, 0.999, 0.999),
        ],
        "berlin-holdout": [
            "command": (0.599, 0.866, 0.721), "meaning": (0.272, 0.454, 0.359), "name": (0.749, 0.999, 0.832),
            "none": (0.999, 0.999, 0.999), "property": (0.732, 0.786, 0.766), "question": (0.399, 0.799, 0.511),
            "screen": (0.736, 0.841, 0.788), "time": (0.866, 0.932, 0.899), "typo": (0.999, 0.999, 0.999),
        ],
        "berlin-tune": [
            "command": (0.599, 0.849, 0.695), "meaning": (0.332, 0.332, 0.346), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.999, 0.999), "question": (0.649, 0.899, 0.746),
            "screen": (0.713, 0.904, 0.801), "time": (0.932, 0.999, 0.946), "typo": (0.999, 0.999, 0.999),
        ],
        "singapore-holdout": [
            "command": (0.823, 0.940, 0.881), "meaning": (0.199, 0.499, 0.374), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.799, 0.882, 0.874), "question": (0.466, 0.932, 0.699),
            "screen": (0.649, 0.849, 0.741), "time": (0.866, 0.932, 0.907), "typo": (0.999, 0.999, 0.999),
        ],
        "singapore-tune": [
            "command": (0.666, 0.888, 0.732), "meaning": (0.099, 0.499, 0.241), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.799, 0.892, 0.882), "question": (0.666, 0.932, 0.782),
            "screen": (0.849, 0.949, 0.874), "time": (0.932, 0.949, 0.946), "typo": (0.000, 0.999, 0.416),
        ],
        "barcelona-holdout": [
            "command": (0.777, 0.888, 0.814), "meaning": (0.499, 0.699, 0.582), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.999, 0.966, 0.999), "question": (0.732, 0.999, 0.812),
            "screen": (0.599, 0.749, 0.666), "time": (0.866, 0.866, 0.866), "typo": (0.999, 0.999, 0.999),
        ],
        "barcelona-tune": [
            "command": (0.666, 0.943, 0.769), "meaning": (0.399, 0.599, 0.454), "name": (0.999, 0.999, 0.999),
            "none": (0.999, 0.999, 0.999), "property": (0.799, 0.759, 0.799), "question": (0.399, 0.799, 0.557),
            "screen": (0.849, 0.949, 0.891), "time": (0.732, 0.955, 0.855), "typo": (0.499, 0.999, 0.666),
        ],
    ]
    /// The most requests of each part that may be answered `resolved` on a
    /// wrong entity (1 of 540, 3 of 220, none of 98, 1 of 97, none of 102 and
    /// 102, 4 of 162, 1 of 105, 2 of 104, 6 of 207, of the three screen
    /// sets' 120 and of Osaka's and Montréal's 100 and 100 none each, none of Berlin's tuned 100 nor of its
    /// held-out 100, 1 of Singapore's tuned 100 and 3 of its held-out 100, 1 of Barcelona's tuned 100 and none of its
    /// held-out 100 when last measured), and how many of
    /// them may be requests with no right answer (none of the held-out 220, 1 of
    /// Dublin's, else none). The aim is under 2% and none.
    static let wrongResolvedCeiling: [String: (share: Double, noAnswer: Int)] = [
        "tune": (0.002, 0), "holdout": (0.014, 0), "practice-tune": (0.0, 0), "practice-holdout": (0.011, 0),
        "krakow-tune": (0.0, 0), "krakow-holdout": (0.0, 0), "toronto-holdout": (0.025, 0),
        "lyon-tune": (0.010, 0), "lyon-holdout": (0.020, 0), "dublin-holdout": (0.029, 1), "krakow-screens-tune": (0.0, 0),
        "practice-screens-tune": (0.0, 0), "lyon-screens-tune": (0.0, 0), "osaka-tune": (0.0, 0), "osaka-holdout": (0.0, 0),
        "montreal-tune": (0.0, 0), "montreal-holdout": (0.0, 0), "berlin-tune": (0.0, 0), "berlin-holdout": (0.0, 0),
        "singapore-tune": (0.010, 0), "singapore-holdout": (0.030, 0), "barcelona-tune": (0.010, 0), "barcelona-holdout": (0.0, 0),
    ]

    static func load(_ part: String) throws -> [JudgedRequest] {
        try JudgedRequest.load(contentsOf: corpusURL("requests-\(part).jsonl"))
    }

    static func personalCorpus() throws -> [Entity] {
        let url = corpusURL("station-life.jsonl")
        return try sampleCorpus() + EntityJSONLines.decode(try Data(contentsOf: url), source: url.path)
    }

    /// The world of each part whose requests are not said over the personal corpus.
    static let worlds = ["practice": "veterinary-practice.jsonl", "krakow": "engineer-krakow.jsonl", "toronto": "nurse-toronto.jsonl",
                         "lyon": "photographer-lyon.jsonl", "dublin": "teacher-dublin.jsonl", "osaka": "student-osaka.jsonl",
                         "montreal": "chef-montreal.jsonl", "berlin": "translator-berlin.jsonl",
                         "singapore": "logistics-singapore.jsonl", "barcelona": "hotel-barcelona.jsonl"]

    /// The entities a part's requests are said over.
    static func corpus(of part: String) throws -> [Entity] {
        guard let world = worlds.first(where: { part.hasPrefix($0.key + "-") })?.value else { return try personalCorpus() }
        let url = corpusURL(world)
        return try EntityJSONLines.decode(try Data(contentsOf: url), source: url.path)
    }

    @Test(arguments: ["tune", "holdout", "practice-tune", "practice-holdout", "krakow-tune", "krakow-holdout", "toronto-holdout",
                      "lyon-tune", "lyon-holdout", "dublin-holdout", "krakow-screens-tune",
                      "practice-screens-tune", "lyon-screens-tune", "osaka-tune", "osaka-holdout", "montreal-tune", "montreal-holdout",
                      "berlin-tune", "berlin-holdout", "singapore-tune", "singapore-holdout", "barcelona-tune", "barcelona-holdout"])
    func requestsAsPeopleSayThemFindTheirTargets(part: String) throws {
        let index = try EntityIndex()
        try index.donate(try Self.corpus(of: part))
        let report = try index.evaluate(try Self.load(part)) { request, resolution, outcome in
            // Only the tuned half says which requests missed.
            guard part.hasSuffix("tune"), outcome.reciprocalRank < 1 || outcome.resolvedWrongly else { return }
            let rank = resolution.results.firstIndex { request.expected.contains($0.identifier.description) }.map { "\($0 + 1)" } ?? "-"
            print("request set miss \(request.id) [\(request.kind)] \"\(request.request)\": \(resolution.status.rawValue), "
                  + "first \(resolution.results.first?.identifier.description ?? "none"), expected at \(rank) \(request.expected.prefix(3))")
        }
        func format(_ value: Double) -> String { String(format: "%.3f", value) }
        print("request set \(part) | kind     | requests | Recall@1 | Recall@5 | MRR   | resolved wrongly | resolved rightly")
        for figures in report.kinds + [report.all] {
            print("request set \(part) | \(figures.kind.padding(toLength: 8, withPad: " ", startingAt: 0)) | \(figures.requests) | "
                  + "\(format(figures.recallAt1)) | \(format(figures.recallAt5)) | \(format(figures.mrr)) | "
                  + "\(format(figures.resolvedWrongly)) | \(format(figures.resolvedRightly))")
        }
        for (kind, floor) in Self.floors[part] ?? [:] {
            let figures = try #require(report.figures(of: kind), "\(part) has no \(kind) requests")
            #expect(figures.recallAt1 >= floor.recallAt1 - 1e-9, "\(part) \(kind) Recall@1")
            #expect(figures.recallAt5 >= floor.recallAt5 - 1e-9, "\(part) \(kind) Recall@5")
            #expect(figures.mrr >= floor.mrr - 1e-9, "\(part) \(kind) MRR")
        }
        let ceiling = try #require(Self.wrongResolvedCeiling[part])
        #expect(report.all.resolvedWrongly <= ceiling.share + 1e-9, "\(part): resolved wrongly too often")
        #expect(report.all.noAnswerResolved <= ceiling.noAnswer, "\(part): a request with no right answer was resolved")
        #expect(Set(report.kinds.map(\.kind)) == Set(Self.floors[part]?.keys ?? [:].keys))
    }
}
