import Foundation

/// Writes a lexicon file in the `EIXLEX02` format (the format
/// `Scripts/add_lexicon_languages.py` produces), from words with vectors and neighbours.
/// Used for small lexicons: test fixtures, or a service's own vocabulary.
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

    /// The file's bytes for these entries; neighbours that are not entries are left out.
    public static func data(for entries: [Entry]) -> Data {
        let sorted = entries.sorted { Array($0.word.utf8).lexicographicallyPrecedes(Array($1.word.utf8)) }
        let ids = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1.word, UInt32($0)) })
        let neighbours = sorted.map { entry in entry.neighbours.compactMap { neighbour in ids[neighbour.word].map { ($0, neighbour.similarity) } } }
        let dimensions = sorted.first?.vector.count ?? 0
        var data = Data(Lexicon.magic.utf8)
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func appendRunningTotals(_ counts: [Int]) {
            var total: UInt32 = 0
            append(0)
            for count in counts {
                total += UInt32(count)
                append(total)
            }
        }
        func align() { while data.count % 4 != 0 { data.append(0) } }
        for value in [UInt32(sorted.count), UInt32(dimensions), UInt32(neighbours.joined().count), 0, 0, 0] { append(value) }
        appendRunningTotals(sorted.map(\.word.utf8.count))
        for entry in sorted { data.append(contentsOf: entry.word.utf8) }
        align()
        for entry in sorted { data.append(UInt8(min(255, max(0, (entry.zipfFrequency * 10).rounded())))) }
        align()
        let scales = sorted.map { entry in max(entry.vector.map(abs).max() ?? 0, 1e-12) / 127 }
        for scale in scales { append(scale.bitPattern) }
        for (entry, scale) in zip(sorted, scales) {
            for value in entry.vector { data.append(UInt8(bitPattern: Int8((value / scale).rounded()))) }
        }
        align()
        appendRunningTotals(neighbours.map(\.count))
        for (id, _) in neighbours.joined() { append(id) }
        for (_, similarity) in neighbours.joined() { data.append(UInt8(min(255, max(0, (similarity * 255).rounded())))) }
        return data
    }
}
