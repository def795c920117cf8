import Foundation

/// Standard measures of a ranking against relevance judgments (graded gains:
/// 0 not relevant, higher more relevant).
public enum RankingMetrics {
    /// Normalised discounted cumulative gain of the top `k`: the ranking's
    /// gains discounted by log2(rank + 1), over the ideal ranking's.
    public static func ndcg(_ ranking: [String], judgments: [String: Int], at k: Int) -> Double {
        func dcg(_ gains: [Int]) -> Double {
            gains.prefix(k).enumerated().reduce(0) { total, item in
                total + Double(item.element) / log2(Double(item.offset) + 2)
            }
        }
        let ideal = dcg(judgments.values.filter { $0 > 0 }.sorted(by: >))
        guard ideal > 0 else { return 0 }
        return dcg(ranking.map { max(0, judgments[$0] ?? 0) }) / ideal
    }

    /// The share of the relevant items found in the top `k` (out of at most `k`).
    public static func recall(_ ranking: [String], relevant: Set<String>, at k: Int) -> Double {
        guard !relevant.isEmpty else { return 0 }
        return Double(ranking.prefix(k).filter(relevant.contains).count) / Double(min(relevant.count, k))
    }

    /// 1 / the rank of the first relevant item within the top `k`, or 0.
    public static func reciprocalRank(_ ranking: [String], relevant: Set<String>, at k: Int) -> Double {
        guard let index = ranking.prefix(k).firstIndex(where: relevant.contains) else { return 0 }
        return 1 / Double(index + 1)
    }

    /// The value below which a share `p` (0 to 1) of the values lie; 0 for none.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}
