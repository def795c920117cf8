/// Every entity's meaning vector held in memory, by type, so that what a
/// request means can be compared with all of them: an entity that says it in
/// words of its own — none of the request's, nor their neighbours — is still
/// found.
/// Vectors are kept as donation encoded them (`MeaningVector.encoded`): one
/// signed byte a dimension, padded to a multiple of 16 so that 16 are
/// multiplied at once, and a scale: 132 bytes an entity with the bundled lexicon.
struct MeaningTable: Sendable {
    /// One type's entities: their document ids, scales and vectors, row by row.
    private struct Rows: Sendable {
        var documentIDs: [UInt32] = []
        var scales: [Float] = []
        var values: [Int8] = []
    }

    let dimensions: Int
    /// The bytes a row takes: `dimensions` rounded up to a multiple of 16.
    private let stride: Int
    private var rows: [EntityType: Rows] = [:]

    /// An empty table for vectors of `dimensions` values.
    init(dimensions: Int) {
        self.dimensions = dimensions
        stride = (dimensions + 15) / 16 * 16
    }

    /// How many entities it holds.
    var count: Int { rows.values.reduce(0) { $0 + $1.documentIDs.count } }

    /// Adds an entity's vector as its record stores it; an entity without one
    /// (no word the lexicon knows) is left out.
    mutating func add(encoded bytes: ArraySlice<UInt8>, documentID: UInt32, type: EntityType) {
        guard bytes.count == 4 + dimensions else { return }
        rows[type, default: Rows()].documentIDs.append(documentID)
        rows[type]!.scales.append(MeaningVector.scale(ofEncoded: bytes))
        rows[type]!.values.append(contentsOf: bytes.dropFirst(4).map { Int8(bitPattern: $0) })
        rows[type]!.values.append(contentsOf: repeatElement(0, count: stride - dimensions))
    }

    /// The `count` entities of the types (all when empty) whose meaning is
    /// nearest `meaning`, nearest first, with their cosine similarity and vector.
    func nearest(to meaning: MeaningVector, ofTypes types: Set<EntityType>, count: Int)
        -> [(documentID: UInt32, similarity: Double, meaning: MeaningVector)] {
        guard meaning.values.count == dimensions, count > 0 else { return [] }
        // The request's vector in bytes too: the sums stay in integers, which the compiler vectorises.
        let scale = max(meaning.values.map(abs).max() ?? 0, 1e-12) / 127
        let padded = meaning.values.map { Int16(($0 / scale).rounded()) } + repeatElement(0, count: stride - dimensions)
        let query = (0..<stride / 16).map { SIMD16<Int16>(padded[($0 * 16)..<($0 * 16 + 16)]) }
        var best: [(documentID: UInt32, similarity: Double, row: Int, type: EntityType)] = []
        for (type, rows) in self.rows where types.isEmpty || types.contains(type) {
            query.withUnsafeBufferPointer { query in
            rows.values.withUnsafeBytes { bytes in
            rows.scales.withUnsafeBufferPointer { scales in
                var offset = 0
                for row in 0..<scales.count {
                    var sums = SIMD16<Int32>()
                    for chunk in 0..<query.count {
                        // Two bytes' product fits 16 bits (127 × 127), which multiply on any x86-64; the sum takes 32.
                        let values = bytes.loadUnaligned(fromByteOffset: offset, as: SIMD16<Int8>.self)
                        sums &+= SIMD16<Int32>(truncatingIfNeeded: SIMD16<Int16>(truncatingIfNeeded: values) &* query[chunk])
                        offset += 16
                    }
                    let similarity = Double(Float(sums.wrappedSum()) * scale * scales[row])
                    guard best.count < count || similarity > best[best.count - 1].similarity else { continue }
                    let position = best.firstIndex { $0.similarity < similarity } ?? best.count
                    best.insert((rows.documentIDs[row], similarity, row, type), at: position)
                    if best.count > count { best.removeLast() }
                }
            }
            }
            }
        }
        return best.map { near in
            let rows = rows[near.type]!
            let start = near.row * stride
            return (near.documentID, near.similarity,
                    MeaningVector(quantized: rows.values[start..<start + dimensions], scale: rows.scales[near.row]))
        }
    }
}
