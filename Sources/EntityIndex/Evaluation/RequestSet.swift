import Foundation

/// A request of a request set, judged: what a person said, on which clock and
/// screen, and which entities answer it (`corpora/requests-*.jsonl`, one JSON
/// object a line).
public struct JudgedRequest: Sendable, Decodable {
    /// Which entities answer a request.
    public enum Answer: String, Sendable, Decodable {
        /// The single expected entity.
        case one
        /// Any one of the expected entities.
        case any
        /// All of the expected entities.
        case all
        /// Nothing: the request has no right answer and must not resolve.
        case none
    }

    /// The request's id in its set.
    public let id: String
    /// Its kind (`command`, `screen`, `time`, `meaning`, `language`, …): figures are given per kind.
    public let kind: String
    /// What the person said.
    public let request: String
    /// When it was said (ISO 8601) and in which time zone.
    public let now: String, timeZone: String
    /// The types it is asked of; all when nil.
    public let types: [String]?
    /// The screen: visible entities in order and the focused one ("type:id").
    public let visible: [String]?, focused: String?
    /// The entities that answer it ("type:id").
    public let expected: [String]
    /// How `expected` answers it.
    public let answer: Answer

    /// The request as a query.
    /// - Throws: `EntityIndexError.Code.malformedInput` when its clock, zone or an identifier is not one.
    public func query(usesMeaning: Bool = true, limit: Int = 10) throws -> SearchQuery {
        func fail(_ what: String) -> EntityIndexError {
            EntityIndexError(.malformedInput, "request \(id) has \(what): correct it in the request set")
        }
        guard let seconds = ISO8601.seconds(fromDate: now) else { throw fail("the clock \"\(now)\", which is no ISO 8601 date") }
        guard let zone = TimeZone(identifier: timeZone) else { throw fail("the time zone \"\(timeZone)\", which is unknown") }
        func identifier(_ text: String) throws -> EntityIdentifier {
            guard let identifier = EntityIdentifier(text) else { throw fail("\"\(text)\", which is not type:id") }
            return identifier
        }
        let visible = try (self.visible ?? []).map(identifier)
        let focused = try self.focused.map(identifier)
        let context = visible.isEmpty && focused == nil ? nil : ScreenContext(visible: visible, focused: focused)
        return SearchQuery(request, types: Set((types ?? []).map(EntityType.init(rawValue:))), context: context,
                           usesMeaning: usesMeaning, now: Date(timeIntervalSince1970: seconds), timeZone: zone, limit: limit)
    }

    /// How a resolution of this request scored.
    public func outcome(of resolution: Resolution) -> RequestOutcome {
        let resolved = resolution.status == .resolved
        guard answer != .none else {
            let right = resolved ? 0.0 : 1
            return RequestOutcome(recallAt1: right, recallAt5: right, reciprocalRank: right,
                                  resolvedWrongly: resolved, resolvedRightly: false)
        }
        let found = resolution.results.map(\.identifier.description)
        let expected = Set(self.expected)
        func recall(at k: Int) -> Double {
            let hits = Double(found.prefix(k).filter(expected.contains).count)
            return answer == .all ? hits / Double(min(expected.count, k)) : min(hits, 1)
        }
        let firstIsRight = found.first.map(expected.contains) ?? false
        return RequestOutcome(recallAt1: recall(at: 1), recallAt5: recall(at: 5),
                              reciprocalRank: found.firstIndex(where: expected.contains).map { 1 / Double($0 + 1) } ?? 0,
                              resolvedWrongly: resolved && !firstIsRight, resolvedRightly: resolved && firstIsRight)
    }

    /// The requests of a set file, one JSON object a line.
    /// - Throws: `EntityIndexError.Code.malformedInput` naming the line that is not a request.
    public static func load(contentsOf url: URL) throws -> [JudgedRequest] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line -> JudgedRequest? in
            guard !line.allSatisfy(\.isWhitespace) else { return nil }
            do {
                return try JSONDecoder().decode(JudgedRequest.self, from: Data(line.utf8))
            } catch {
                throw EntityIndexError(.malformedInput, "\(url.path) line \(number + 1) is not a judged request (\(error)); correct it",
                                       path: url.path, line: number + 1)
            }
        }
    }
}

/// How one request scored.
public struct RequestOutcome: Sendable, Hashable {
    /// The share of the expected entities among the first 1 and 5 results (for
    /// `any`, whether one is there; for `none`, 1 when it was not resolved).
    public var recallAt1: Double, recallAt5: Double
    /// 1 / the rank of the first expected entity, 0 when none was found.
    public var reciprocalRank: Double
    /// Whether the verdict was `resolved` on a wrong entity (or on a request with no right answer).
    public var resolvedWrongly: Bool
    /// Whether the verdict was `resolved` on a right entity.
    public var resolvedRightly: Bool
}

/// The figures of a request set, per kind and in all.
public struct RequestSetReport: Sendable, Codable {
    /// The figures of some requests.
    public struct Figures: Sendable, Codable {
        /// The kind, or "all".
        public var kind: String
        /// How many requests.
        public var requests: Int
        /// Mean Recall@1, Recall@5 and reciprocal rank.
        public var recallAt1: Double, recallAt5: Double, mrr: Double
        /// The share resolved on a wrong entity, and on a right one.
        public var resolvedWrongly: Double, resolvedRightly: Double
        /// How many requests with no right answer were resolved.
        public var noAnswerResolved: Int

        init(kind: String, outcomes: [(JudgedRequest, RequestOutcome)]) {
            func mean(_ value: (RequestOutcome) -> Double) -> Double {
                outcomes.isEmpty ? 0 : outcomes.map { value($0.1) }.reduce(0, +) / Double(outcomes.count)
            }
            self.kind = kind
            requests = outcomes.count
            recallAt1 = mean(\.recallAt1)
            recallAt5 = mean(\.recallAt5)
            mrr = mean(\.reciprocalRank)
            resolvedWrongly = mean { $0.resolvedWrongly ? 1 : 0 }
            resolvedRightly = mean { $0.resolvedRightly ? 1 : 0 }
            noAnswerResolved = outcomes.filter { $0.0.answer == .none && $0.1.resolvedWrongly }.count
        }
    }

    /// Per kind, in the kinds' alphabetical order.
    public var kinds: [Figures]
    /// Over every request.
    public var all: Figures
    /// Whether the semantic layer was on.
    public var usesMeaning: Bool
    /// Median and 99th-percentile resolution latency in milliseconds.
    public var latencyP50Milliseconds: Double, latencyP99Milliseconds: Double

    /// The figures of one kind, if the set has it.
    public func figures(of kind: String) -> Figures? {
        kinds.first { $0.kind == kind }
    }
}

extension EntityIndex {
    /// Resolves every request of a set and scores the answers.
    /// - Parameters:
    ///   - requests: the judged requests (`JudgedRequest.load(contentsOf:)`).
    ///   - usesMeaning: whether the semantic layer is on.
    ///   - each: called with every request, its resolution and its outcome (to list the misses).
    public func evaluate(_ requests: [JudgedRequest], usesMeaning: Bool = true,
                         each: ((JudgedRequest, Resolution, RequestOutcome) -> Void)? = nil) throws -> RequestSetReport {
        var outcomes: [(JudgedRequest, RequestOutcome)] = []
        var latencies: [Double] = []
        for request in requests {
            let query = try request.query(usesMeaning: usesMeaning)
            let started = DispatchTime.now().uptimeNanoseconds
            let resolution = try resolve(query)
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            let outcome = request.outcome(of: resolution)
            outcomes.append((request, outcome))
            each?(request, resolution, outcome)
        }
        let kinds = Dictionary(grouping: outcomes, by: \.0.kind).sorted { $0.key < $1.key }
        return RequestSetReport(kinds: kinds.map { RequestSetReport.Figures(kind: $0.key, outcomes: $0.value) },
                                all: RequestSetReport.Figures(kind: "all", outcomes: outcomes), usesMeaning: usesMeaning,
                                latencyP50Milliseconds: RankingMetrics.percentile(latencies, 0.5),
                                latencyP99Milliseconds: RankingMetrics.percentile(latencies, 0.99))
    }
}
