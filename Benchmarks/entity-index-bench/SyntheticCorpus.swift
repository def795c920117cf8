import EntityIndex
import Foundation

/// A deterministic corpus of any size in the shape of the sample corpus:
/// events, notes, messages and contacts whose words are drawn, Zipf-like,
/// from the sample corpus's vocabulary (and a collection's, when given).
struct SyntheticCorpus {
    /// The generated entities.
    let entities: [Entity]
    /// The vocabulary, most common first.
    let vocabulary: [String]

    init(size: Int, sample: [Entity], extraText: [String]) {
        var counts: [String: Int] = [:]
        func count(_ text: String) {
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) where word.count >= 3 && word.allSatisfy(\.isASCII) {
                counts[String(word), default: 0] += 1
            }
        }
        for entity in sample {
            for value in entity.properties.values { if case .string(let text) = value { count(text) } }
        }
        extraText.forEach(count)
        let vocabulary = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        self.vocabulary = vocabulary

        var random = SplitMix64(seed: UInt64(size))
        let words = ZipfSampler(count: vocabulary.count)
        func phrase(_ length: ClosedRange<Int>) -> String {
            (0..<Int.random(in: length, using: &random)).map { _ in vocabulary[words.sample(using: &random)] }.joined(separator: " ")
        }
        func title(_ length: ClosedRange<Int>) -> String { phrase(length).capitalized }
        let formatter = ISO8601DateFormatter()
        func date(_ number: Int) -> String {
            formatter.string(from: Date(timeIntervalSince1970: 1_773_000_000 + Double(number % 5_000) * 3_600))
        }
        entities = (0..<size).map { number in
            let id = "s\(number)"
            switch number % 5 {
            case 0, 1:
                return Entity(type: "calendar.event", id: id, properties: [
                    "title": .string(title(2...4)), "startDate": .string(date(number)), "notes": .string(phrase(8...30)),
                    "location": .string(title(1...2)),
                    "attendees": .array([.object(["name": .string(title(2...2)), "status": "accepted"])]),
                ])
            case 2:
                return Entity(type: "notes.note", id: id, properties: [
                    "title": .string(title(2...5)), "body": .string(phrase(20...80)), "tags": .array([.string(phrase(1...1))]),
                ])
            case 3:
                return Entity(type: "messages.message", id: id, properties: [
                    "body": .string(phrase(5...25)), "sentAt": .string(date(number)),
                ])
            default:
                let name = title(2...2)
                return Entity(type: "messages.contact", id: id, properties: [
                    "name": .string(name), "email": .string(name.lowercased().replacingOccurrences(of: " ", with: ".") + "@crew.example"),
                ])
            }
        }
    }
}

/// A small, fast, seeded random number generator, so runs are repeatable.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Draws ranks with probability 1 / (rank + 1), like word frequencies.
struct ZipfSampler {
    private let cumulative: [Double]
    init(count: Int) {
        var total = 0.0
        cumulative = (0..<count).map { rank in
            total += 1 / Double(rank + 1)
            return total
        }
    }
    func sample(using random: inout SplitMix64) -> Int {
        let target = Double.random(in: 0..<cumulative.last!, using: &random)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
