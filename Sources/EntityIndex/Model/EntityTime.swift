/// When an entity happens: the date its type's time property holds (an
/// event's start, a message's sending) and, for a recurring entity, its rule.
struct EntityTime: Hashable, Sendable {
    /// The date, or the first occurrence's, in seconds since 1970.
    var start: Double
    /// How it repeats, if it does.
    var recurrence: Recurrence?

    /// The first occurrence within bounds (either may be open), or nil.
    func firstOccurrence(from lower: Double?, to upper: Double?) -> Double? {
        guard let recurrence else {
            return (lower.map { start >= $0 } ?? true) && (upper.map { start <= $0 } ?? true) ? start : nil
        }
        return recurrence.firstOccurrence(from: start, atOrAfter: lower ?? start, upTo: upper)
    }

    /// The last occurrence at or before a moment, or nil.
    func lastOccurrence(atOrBefore upper: Double) -> Double? {
        guard let recurrence else { return start <= upper ? start : nil }
        return recurrence.lastOccurrence(from: start, atOrBefore: upper)
    }

    /// The time as one line of an index record: "START" or "START RULE".
    var encoded: String {
        recurrence.map { "\(start) \($0.encoded)" } ?? String(start)
    }

    /// The time an index record holds (see `encoded`).
    init?(encoded: Substring) {
        let space = encoded.firstIndex(of: " ")
        guard let start = Double(encoded[..<(space ?? encoded.endIndex)]) else { return nil }
        self.start = start
        recurrence = space.flatMap { Recurrence(encoded: encoded[encoded.index(after: $0)...]) }
    }

    init(start: Double, recurrence: Recurrence? = nil) {
        self.start = start
        self.recurrence = recurrence
    }
}
