/// How BM25 weighs a word in an entity: how soon repeating it stops counting
/// (`k1`) and how much a long text is discounted (`b`, 0 for not at all, 1 in
/// full).
public struct Relevance: Sendable, Hashable {
    /// Term frequency saturation: 0 counts a word once, however often it is said.
    public var k1: Double
    /// Length normalisation, from 0 to 1.
    public var b: Double

    /// BM25 with these parameters.
    public init(k1: Double, b: Double) {
        self.k1 = k1
        self.b = b
    }

    /// Xapian's own defaults (k1 1, b 0.5).
    public static let xapian = Relevance(k1: 1, b: 0.5)

    /// EntityIndex's defaults (k1 1.5, b 0.6), chosen on the shared collections
    /// by leaving one out: tuned on the other two, the left-out one's plain
    /// nDCG@10 against Xapian's defaults is CISI 0.3976 (0.3907), cranfield
    /// 0.3723 (0.3653), scifact-train 0.6933 (0.6947); see the README.
    public static let standard = Relevance(k1: 1.5, b: 0.6)

    /// Each word counted once, by how rare it is (k1 0, b 0): what picks the entities
    /// whose names are scored. A name word says nothing more for being repeated or
    /// for the rest of the entity's text being short, and weighing without lengths
    /// spares Xapian a look-up of every match's length (a name word 1,551 entities
    /// hold, at 1M: 2.9 ms ranked by standard BM25, 0.18 ms so).
    static let namePicking = Relevance(k1: 0, b: 0)
}
