/// The answer to a request: ranked entities, a verdict the caller acts on, and
/// what the request was understood to say.
///
/// Scores run from 0 to 1 and say how much of the request a result accounts
/// for (see `RequestSearch`): a whole name that is the whole request scores 1,
/// a name that holds the words less the more words it has besides (0.75 to 1), a
/// prefix 0.8 and a typo 0.7 or 0.5 of that; a text match that holds every word
/// `textQuality` to `textQuality + relevanceSpread`; words matched only through
/// meaning count `meaningShare`; an entity on screen is raised by
/// `screenBoost` (focused: `focusBoost`), at most to 1.
public struct Resolution: Sendable, Hashable {
    /// The verdict.
    public enum Status: String, Sendable, Hashable, Codable {
        /// One clear winner: act on the first result — or, when the request
        /// points at several entities at once ("these"), on every result.
        case resolved
        /// Several close candidates, or one that accounts for only part of the
        /// request: ask the person to choose, as Siri does.
        case ambiguous
        /// Nothing fits.
        case notFound
    }

    /// The verdict.
    public var status: Status
    /// The ranked entities, best first.
    public var results: [SearchResult]
    /// What the request was understood to say; nil for a plain search
    /// (`SearchQuery.understandsRequest` off).
    public var interpretation: RequestInterpretation?
    /// The remote shards that could not be reached and were left out of the
    /// answer (only when the index skips them, `EntityIndex.UnreachableShards.skip`).
    public var skippedShards: [ShardLocation] = []

    /// A result whose score is below this is not an answer at all.
    public static let minimumScore = 0.3
    /// The first result is acted on only when its score reaches this: it
    /// accounts for the request (every word held, or all but a small one).
    public static let resolvedScore = 0.75
    /// Whether a score reaches `resolvedScore` (allowing for rounding in its sums).
    static func accountsForRequest(_ score: Double) -> Bool { score >= resolvedScore - 1e-9 }
    /// The first result wins clearly when it leads the second by at least this much.
    public static let ambiguityMargin = 0.1
    /// How much a visible entity's score is raised when context is given.
    public static let screenBoost = 0.1
    /// How much the focused entity's score is raised when context is given.
    public static let focusBoost = 0.15
    /// How well a text match that holds every word fits, before its relevance.
    public static let textQuality = 0.8
    /// How much relevance (BM25 and meaning, against the best match) adds to a text match.
    public static let relevanceSpread = 0.05
    /// How much a word counts when an entity holds only a neighbour of it in meaning.
    public static let meaningShare = 0.5
    /// Results within this of the best are put in the order a request asks for ("the next one").
    public static let orderTolerance = 0.05
    /// How much lower an entity ranks that fits as well as others but is a
    /// less likely target: one already in the state a command sets ("mark …
    /// as read": one already read), one that began before the time said and
    /// is still going on then (a trip, asked "what's on tonight?"). Enough to
    /// order it after its equals, too little to make a verdict surer.
    public static let lessLikelyShare = 0.01
    /// The most an answer found through a guess scores (beside one of several
    /// entities an anchor may name): just under `resolvedScore`.
    public static let unsureScore = resolvedScore - 0.01
    /// The most an entity that no longer takes place (a cancelled event) scores
    /// when the request does not speak of it: `unsureScore`.
    public static let withdrawnScore = unsureScore

    /// Whether what a result matched says it is on screen (raised as visible or focused).
    static func isOnScreen(matched: [String]) -> Bool { matched.contains { $0 == "visible" || $0 == "focused" } }

    /// The verdict on ranked results, by the thresholds above. Results below
    /// `minimumScore` stay in the list but never make an answer; a plural
    /// request is resolved by every result it found, when each accounts for
    /// it ("both school emails" where no mail shown says "school" is not) and
    /// they are no more than it says ("both": two).
    init(ranked results: [SearchResult], interpretation: RequestInterpretation? = nil) {
        self.results = results
        self.interpretation = interpretation
        let answers = results.prefix { $0.score >= Self.minimumScore }
        if let reference = interpretation?.reference, reference.isPlural {
            // "both" is answered by two, not by three.
            let accountFor = answers.allSatisfy { Self.accountsForRequest($0.score) } && answers.count <= (reference.count ?? answers.count)
            status = answers.isEmpty ? .notFound : accountFor ? .resolved : .ambiguous
            return
        }
        func isShown(_ result: SearchResult) -> Bool { Self.isOnScreen(matched: result.matched) }
        switch answers.count {
        case 0: status = .notFound
        case _ where !Self.accountsForRequest(answers[0].score): status = .ambiguous
        case 1: status = .resolved
        // Something on screen fits too: the person may mean what they are looking at, not what is elsewhere.
        case _ where !isShown(answers[0]) && answers.dropFirst().contains(where: isShown): status = .ambiguous
        // A request for several ("are there any mails about…") is answered by all that fit, never by one of them.
        case _ where interpretation?.asksForSeveral == true && Self.accountsForRequest(answers[1].score): status = .ambiguous
        default:
            // The tolerance keeps 0.9 against 0.8 a clear lead despite binary fractions.
            status = answers[0].score - answers[1].score >= Self.ambiguityMargin - 1e-9 ? .resolved : .ambiguous
        }
    }
}
