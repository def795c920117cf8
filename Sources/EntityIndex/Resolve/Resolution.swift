/// The answer to a request: ranked entities and a verdict the caller acts on.
///
/// Scores run from 0 to 1. A name match scores by how much of the query and of
/// the name it covers (exact words 1, prefixes 0.8, one typo 0.7, two 0.5); a
/// text match scores 0.6 × its BM25 weight relative to the best text match; an
/// entity on screen is raised by `screenBoost` (focused by `focusBoost`).
public struct Resolution: Sendable, Hashable {
    /// The verdict.
    public enum Status: String, Sendable, Hashable, Codable {
        /// One clear winner: act on the first result.
        case resolved
        /// Several close candidates: ask the person to choose, as Siri does.
        case ambiguous
        /// Nothing fits.
        case notFound
    }

    /// The verdict.
    public var status: Status
    /// The ranked entities, best first.
    public var results: [SearchResult]

    /// A result whose score is below this is not an answer.
    public static let minimumScore = 0.3
    /// The first result wins clearly when it leads the second by at least this much.
    public static let ambiguityMargin = 0.1
    /// How much a visible entity's score is raised when context is given.
    public static let screenBoost = 0.1
    /// How much the focused entity's score is raised when context is given.
    public static let focusBoost = 0.15

    /// The verdict on ranked results, by the thresholds above. Results below
    /// `minimumScore` stay in the list but never make an answer.
    init(ranked results: [SearchResult]) {
        self.results = results
        let answers = results.prefix { $0.score >= Self.minimumScore }
        switch answers.count {
        case 0: status = .notFound
        case 1: status = .resolved
        default:
            // The tolerance keeps 0.9 against 0.8 a clear lead despite binary fractions.
            status = answers[0].score - answers[1].score >= Self.ambiguityMargin - 1e-9 ? .resolved : .ambiguous
        }
    }
}
