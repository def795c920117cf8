/// The meaning of a text as one vector: the mean of its words' lexicon
/// vectors, rarer words weighing more (as idf does), normalised.
struct MeaningVector: Equatable {
    private(set) var values: [Float]

    /// The vector of some words, or nil when the lexicon knows none of them.
    /// - Parameter ids: the lexicon ids a word means (`Lexicon.ids(meaning:)`
    ///   when nil; `DocumentExpansion.lexiconIDs(of:)` remembers them).
    init?(words: [String], lexicon: Lexicon, ids: ((String) -> [Int]?)? = nil) {
        var sum = [Float](repeating: 0, count: lexicon.dimensions)
        var known = false
        for word in words where !StopWords.english.contains(word) {
            // A compound the lexicon lacks means what its parts do.
            guard let ids = ids.map({ $0(word) }) ?? lexicon.ids(meaning: word) else { continue }
            for id in ids {
                // Zipf 8 is "the"; a word seen once in a billion has about 1.
                lexicon.addVector(of: id, weight: Float(max(0.1, 8 - lexicon.zipfFrequency(of: id))), to: &sum)
            }
            known = true
        }
        guard known, let values = Self.normalised(sum) else { return nil }
        self.values = values
    }

    /// This vector plus `weight` × the mean of others, normalised.
    func adding(meanOf others: [MeaningVector], weight: Float) -> MeaningVector {
        guard !others.isEmpty else { return self }
        var sum = values
        let share = weight / Float(others.count)
        for other in others where other.values.count == sum.count {
            for index in sum.indices { sum[index] += share * other.values[index] }
        }
        return Self.normalised(sum).map(MeaningVector.init(values:)) ?? self
    }

    private init(values: [Float]) {
        self.values = values
    }

    /// `sum` scaled to unit length; nil when it is all zeros.
    private static func normalised(_ sum: [Float]) -> [Float]? {
        let norm = sum.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? sum.map { $0 / norm } : nil
    }

    /// A vector read back from `encoded`; nil when the bytes are not one.
    init?(encoded bytes: [UInt8], dimensions: Int) {
        guard bytes.count == 4 + dimensions else { return nil }
        self.init(quantized: bytes[4...].map { Int8(bitPattern: $0) }, scale: Self.scale(ofEncoded: bytes[...]))
    }

    /// The scale `encoded` begins with (4 bytes, little-endian).
    static func scale(ofEncoded bytes: ArraySlice<UInt8>) -> Float {
        let start = bytes.startIndex
        return Float(bitPattern: UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16 | UInt32(bytes[start + 3]) << 24)
    }

    /// A vector kept as one signed byte a value and a scale (as `encoded` holds it).
    init(quantized: some Collection<Int8>, scale: Float) {
        values = quantized.map { Float($0) * scale }
    }

    /// Four bytes of scale, then one signed byte a dimension (for a value slot).
    var encoded: [UInt8] {
        let scale = max(values.map(abs).max() ?? 0, 1e-12) / 127
        let bits = scale.bitPattern
        return [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
            + values.map { UInt8(bitPattern: Int8(($0 / scale).rounded())) }
    }

    /// The cosine similarity with another vector (both normalised).
    func cosine(_ other: MeaningVector) -> Double {
        guard values.count == other.values.count else { return 0 }
        var dot: Float = 0
        for index in values.indices { dot += values[index] * other.values[index] }
        return Double(dot)
    }
}
