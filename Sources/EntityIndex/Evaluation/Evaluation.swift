import Foundation

/// The quality and speed of an index's ranking on a test collection.
public struct EvaluationReport: Sendable, Codable {
    /// The judged queries run.
    public var queries: Int
    /// The documents indexed.
    public var documents: Int
    /// Whether the semantic layer (expansion and re-ranking) was on.
    public var usesMeaning: Bool
    /// Mean nDCG@10 with graded gains.
    public var ndcgAt10: Double
    /// Mean Recall@100.
    public var recallAt100: Double
    /// Mean MRR@10.
    public var mrrAt10: Double
    /// Median query latency in milliseconds.
    public var latencyP50Milliseconds: Double
    /// 99th-percentile query latency in milliseconds.
    public var latencyP99Milliseconds: Double
}

extension BEIRCollection {
    /// Runs every judged query against an index holding this collection's
    /// documents, as a plain document search (words only: no names, no matched
    /// properties).
    /// - Parameters:
    ///   - index: an index into which `entities` were donated.
    ///   - usesMeaning: whether the semantic layer is on.
    ///   - progress: called with the number of queries run.
    public func evaluate(_ index: EntityIndex, usesMeaning: Bool,
                         progress: ((Int) -> Void)? = nil) throws -> EvaluationReport {
        var ndcg = 0.0, recall = 0.0, mrr = 0.0
        var latencies: [Double] = []
        for (number, query) in queries.enumerated() {
            let judged = judgments[query.id] ?? [:]
            let relevant = Set(judged.filter { $0.value > 0 }.keys)
            let started = DispatchTime.now().uptimeNanoseconds
            let results = try index.search(SearchQuery(query.text, types: ["document.document"], usesMeaning: usesMeaning,
                                                       matchesNames: false, reportsMatches: false, understandsRequest: false,
                                                       limit: 100))
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            let ranking = results.map(\.identifier.id)
            ndcg += RankingMetrics.ndcg(ranking, judgments: judged, at: 10)
            recall += RankingMetrics.recall(ranking, relevant: relevant, at: 100)
            mrr += RankingMetrics.reciprocalRank(ranking, relevant: relevant, at: 10)
            progress?(number + 1)
        }
        let count = Double(max(queries.count, 1))
        return EvaluationReport(queries: queries.count, documents: documents.count, usesMeaning: usesMeaning,
                                ndcgAt10: ndcg / count, recallAt100: recall / count, mrrAt10: mrr / count,
                                latencyP50Milliseconds: RankingMetrics.percentile(latencies, 0.5),
                                latencyP99Milliseconds: RankingMetrics.percentile(latencies, 0.99))
    }
}
