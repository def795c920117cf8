/// How strongly meaning shapes a search: how far words expand, how much
/// re-ranking by meaning counts, and whether the best first matches lend their
/// terms (relevance feedback).
///
/// The defaults suit entities — short texts, interactive searches: only words
/// the index does not know are expanded, entities carry their own words'
/// neighbours from donation, and results are re-ranked by meaning.
/// `documents` suits collections of longer documents: it adds relevance
/// feedback, which costs about a millisecond more (see the README's quality table).
public struct MeaningSettings: Sendable, Hashable {
    /// Neighbours kept per query word.
    public var neighboursPerWord: Int
    /// Expansion terms kept per query.
    public var maximumExpansions: Int
    /// Only words found in at most this many entities are expanded: a word
    /// the index knows well finds its entities itself, and its neighbours
    /// would only add noise. Negative expands every word.
    public var expansionMaximumFrequency: Int
    /// Neighbours less similar than this are not used.
    public var minimumSimilarity: Double
    /// An expansion's weight is its similarity times this (below 1, so a
    /// literal match outranks it).
    public var expansionWeight: Double
    /// How many of the best BM25 matches are re-ranked by meaning.
    public var rerankDepth: Int
    /// How much meaning counts against BM25 when re-ranking (both scaled 0 to 1);
    /// 0 turns re-ranking off.
    public var rerankWeight: Double
    /// How much more meaning counts when no entity holds some of the words
    /// searched, as when the request is in another language than the
    /// entities: re-ranking weighs meaning `rerankWeight` × (1 + this × the
    /// share of such words); 0 for never more.
    public var rerankBoostForUnheldWords: Double
    /// How many of the best matches holding a query word the lexicon lacks
    /// lend it their meaning for re-ranking (jargon, rare terms); 0 for none.
    public var unknownWordDocuments: Int

    /// Terms taken from the best first-pass matches (relevance feedback); 0 for none.
    public var feedbackTerms: Int
    /// How many first-pass matches feedback terms come from.
    public var feedbackDocuments: Int
    /// The weight of the best feedback term (others scale down with Xapian's expansion weight).
    public var feedbackWeight: Double

    /// Neighbours in meaning linked to each entity word at donation
    /// (document-side expansion, recorded once a word for the whole index);
    /// 0 for none. Donation reads it: a change applies to the words a writer
    /// records afterwards, and never unlinks what was recorded.
    public var neighboursPerEntityWord: Int
    /// The weight of a query word found through the entity words linked to
    /// it, against 1 for the word itself; 0 leaves them out of searches.
    public var entityNeighbourWeight: Double
    /// For a query word no entity holds and no entity word is linked to (a
    /// word of another language than the entities'), the links of this many
    /// of its nearest neighbours are searched in its place: German
    /// "Verteidigung" reaches the Chinese words linked to "defense". 0 for none.
    public var borrowedLinkNeighbours: Int
    /// How many of the entity words linked to a query word a search takes,
    /// those the word is nearest to first (each costs a posting list).
    public var linkedWordsPerWord: Int
    /// How many entities nearest a request's meaning join its candidates,
    /// whatever words they hold (`MeaningTable`); a word they do not hold counts
    /// as far as its meaning is part of theirs. They are kept only while
    /// nothing that holds the words accounts for the request. 0 for none.
    public var nearestEntities: Int
    /// How near (cosine) an entity's meaning must be to the request's to join
    /// its candidates that way (on the tuned request sets, 0.15 and 0.2 found
    /// as many targets and 0.25 fewer; "zeppelin" is 0.06 from the nearest sample event).
    public var nearestMinimumSimilarity: Double

    /// Settings for entities by default.
    public init(neighboursPerWord: Int = 5, maximumExpansions: Int = 12, expansionMaximumFrequency: Int = 0,
                minimumSimilarity: Double = 0.4,
                expansionWeight: Double = 0.6, rerankDepth: Int = 30, rerankWeight: Double = 1,
                rerankBoostForUnheldWords: Double = 0, unknownWordDocuments: Int = 5,
                feedbackTerms: Int = 0, feedbackDocuments: Int = 10, feedbackWeight: Double = 0.3,
                neighboursPerEntityWord: Int = 5, entityNeighbourWeight: Double = 0.5, linkedWordsPerWord: Int = 4,
                borrowedLinkNeighbours: Int = 0,
                nearestEntities: Int = 10, nearestMinimumSimilarity: Double = 0.2) {
        self.nearestEntities = nearestEntities
        self.nearestMinimumSimilarity = nearestMinimumSimilarity
        self.neighboursPerEntityWord = neighboursPerEntityWord
        self.linkedWordsPerWord = linkedWordsPerWord
        self.borrowedLinkNeighbours = borrowedLinkNeighbours
        self.entityNeighbourWeight = entityNeighbourWeight
        self.expansionMaximumFrequency = expansionMaximumFrequency
        self.feedbackTerms = feedbackTerms
        self.feedbackDocuments = feedbackDocuments
        self.feedbackWeight = feedbackWeight
        self.neighboursPerWord = neighboursPerWord
        self.maximumExpansions = maximumExpansions
        self.minimumSimilarity = minimumSimilarity
        self.expansionWeight = expansionWeight
        self.rerankDepth = rerankDepth
        self.rerankWeight = rerankWeight
        self.rerankBoostForUnheldWords = rerankBoostForUnheldWords
        self.unknownWordDocuments = unknownWordDocuments
    }

    /// Settings for collections of longer documents, tuned on the shared test
    /// collections: words found in up to three documents are expanded too, the
    /// ten best first matches lend the terms they share (relevance feedback)
    /// before re-ranking by meaning, and a question in another language than
    /// the documents is helped twice: meaning counts more for words no
    /// document holds, and such a word borrows its neighbours' links. Both
    /// were chosen on XQuAD's English questions over the German paragraphs,
    /// Chinese over English and German over Chinese (`eval --queries-from`);
    /// the other three directions, never tuned on, went from 0.7510 to 0.7892
    /// nDCG@10 (English over Chinese), 0.6756 to 0.7336 (German over English)
    /// and 0.4173 to 0.6148 (Chinese over German), and the English
    /// collections stayed within 0.0005.
    public static let documents = MeaningSettings(expansionMaximumFrequency: 3, rerankBoostForUnheldWords: 3,
                                                  feedbackTerms: 10, feedbackWeight: 0.2, borrowedLinkNeighbours: 5)

    /// The settings as `key=value` pairs, in the keys `entity-index eval --meaning` takes.
    public var keyValueDescription: String {
        let pairs: [(String, Any)] = [
            ("neighbours", neighboursPerWord), ("expansions", maximumExpansions), ("rarity", expansionMaximumFrequency),
            ("similarity", minimumSimilarity), ("weight", expansionWeight), ("depth", rerankDepth), ("rerank", rerankWeight),
            ("unheld", rerankBoostForUnheldWords), ("unknown", unknownWordDocuments), ("feedback", feedbackTerms),
            ("feedbackdocs", feedbackDocuments), ("feedbackweight", feedbackWeight), ("entityneighbours", neighboursPerEntityWord),
            ("entityweight", entityNeighbourWeight), ("linked", linkedWordsPerWord), ("borrow", borrowedLinkNeighbours),
            ("nearest", nearestEntities), ("nearestsimilarity", nearestMinimumSimilarity),
        ]
        return pairs.map { "\($0.0)=\($0.1)" }.joined(separator: ",")
    }
}
