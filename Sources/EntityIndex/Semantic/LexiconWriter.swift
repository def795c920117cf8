import Foundation

/// Writes a lexicon's two files, its words (`EIXLEX03`) and their vectors
/// (`EIXVEC01`), the formats `Scripts/add_lexicon_languages.py` produces, from
/// words with vectors and neighbours. Used for small lexicons: test fixtures,
/// or a service's own vocabulary.
public struct LexiconWriter {
    /// One word of a lexicon.
    public struct Entry {
        /// The normalised word.
        public var word: String
        /// Its Zipf frequency (how common it is).
        public var zipfFrequency: Double
        /// Its vector (any length, the same for every entry).
        public var vector: [Float]
        /// Its nearest words and their cosine similarity.
        public var neighbours: [(word: String, similarity: Double)]

        /// An entry of a lexicon.
        public init(word: String, zipfFrequency: Double, vector: [Float], neighbours: [(word: String, similarity: Double)]) {
            self.word = word
            self.zipfFrequency = zipfFrequency
            self.vector = vector
            self.neighbours = neighbours
        }
    }

    /// Writes a lexicon of these entries: its words file at `path` and its
    /// vectors beside it (`Lexicon.vectorsPath(forWordsAt:)`).
    public static func write(_ entries: [Entry], to path: String) throws {
        let (words, vectors) = data(for: entries)
        try words.write(to: URL(fileURLWithPath: path))
        try vectors.write(to: URL(fileURLWithPath: Lexicon.vectorsPath(forWordsAt: path)))
    }

    /// The two files' bytes for these entries; neighbours that are not entries are left out.
    public static func data(for entries: [Entry]) -> (words: Data, vectors: Data) {
        let sorted = entries.sorted { Array($0.word.utf8).lexicographicallyPrecedes(Array($1.word.utf8)) }
        let ids = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1.word, UInt32($0)) })
        let neighbours = sorted.map { entry in entry.neighbours.compactMap { neighbour in ids[neighbour.word].map { ($0, neighbour.similarity) } } }
        let dimensions = sorted.first?.vector.count ?? 0
        var words = Data(Lexicon.magic.utf8)
        for value in [UInt32(sorted.count), UInt32(dimensions), UInt32(neighbours.joined().count), 0, 0, 0] { words.appendLittleEndian(value) }
        words.appendRunningTotals(sorted.map(\.word.utf8.count))
        for entry in sorted { words.append(contentsOf: entry.word.utf8) }
        words.alignToFourBytes()
        for entry in sorted { words.append(UInt8(min(255, max(0, (entry.zipfFrequency * 10).rounded())))) }
        words.alignToFourBytes()
        words.appendRunningTotals(neighbours.map(\.count))
        for (id, _) in neighbours.joined() { words.appendLittleEndian(id) }
        for (_, similarity) in neighbours.joined() { words.append(UInt8(min(255, max(0, (similarity * 255).rounded())))) }

        var vectors = Data(Lexicon.vectorsMagic.utf8)
        for value in [UInt32(sorted.count), UInt32(dimensions), 0, 0, 0, 0] { vectors.appendLittleEndian(value) }
        let scales = sorted.map { entry in max(entry.vector.map(abs).max() ?? 0, 1e-12) / 127 }
        for scale in scales { vectors.appendLittleEndian(scale.bitPattern) }
        for (entry, scale) in zip(sorted, scales) {
            for value in entry.vector { vectors.append(UInt8(bitPattern: Int8((value / scale).rounded()))) }
        }
        return (words, vectors)
    }
}

private extension Data {
    /// Appends four bytes, least significant first.
    mutating func appendLittleEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    /// 0, then each running total of the counts: the offsets of consecutive runs.
    mutating func appendRunningTotals(_ counts: [Int]) {
        var total: UInt32 = 0
        appendLittleEndian(total)
        for count in counts {
            total += UInt32(count)
            appendLittleEndian(total)
        }
    }

    mutating func alignToFourBytes() {
        while count % 4 != 0 { append(UInt8(0)) }
    }
}
