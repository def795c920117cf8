import Foundation

/// When an entity happens: the date its type's time property holds (an
/// event's start, a message's sending), how long it lasts and, for a
/// recurring entity, its rule.
struct EntityTime: Hashable, Sendable {
    /// The date, or the first occurrence's, in seconds since 1970.
    var start: Double
    /// How long each occurrence lasts, in seconds: 0 for a moment.
    var duration: Double = 0
    /// How it repeats, if it does.
    var recurrence: Recurrence?
    /// Whether it was written as a date alone ("2027-05-22": an all-day event,
    /// a birthday): the same day wherever a request is said, from its local
    /// midnight; `start` holds that day's UTC midnight.
    var isDay = false

    /// The same time on a request's calendar: a day from its local midnight,
    /// and occurrences stepping on the calendar when they are local times of
    /// its zone (`Recurrence.stepping(on:from:)`).
    func stepping(on calendar: Calendar) -> EntityTime {
        var time = self
        if isDay {
            let offset = calendar.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start))
            time.start -= Double(offset)
            time.recurrence?.writtenOffset = offset
        }
        time.recurrence = time.recurrence?.stepping(on: calendar, from: time.start)
        return time
    }

    /// The first occurrence within bounds (either may be open), or nil.
    func firstOccurrence(from lower: Double?, to upper: Double?) -> Double? {
        guard let recurrence else {
            return (lower.map { start >= $0 } ?? true) && (upper.map { start <= $0 } ?? true) ? start : nil
        }
        return recurrence.firstOccurrence(from: start, atOrAfter: lower ?? start, upTo: upper)
    }

    /// The first occurrence still going on at or after a moment (a trip that
    /// began before it and ends after it counts), up to an upper bound, or nil.
    func firstOccurrence(goingOnFrom lower: Double?, to upper: Double?) -> Double? {
        // An occurrence that ends just as the bound begins is over: hence the millisecond.
        firstOccurrence(from: lower.map { duration > 0 ? $0 - duration + 0.001 : $0 }, to: upper)
    }

    /// Whether an occurrence is still going on at a moment or begins after it.
    func occurrence(_ moment: Double, goesOnAtOrAfter lower: Double) -> Bool {
        duration > 0 ? moment + duration > lower : moment >= lower
    }

    /// The last occurrence at or before a moment, or nil.
    func lastOccurrence(atOrBefore upper: Double) -> Double? {
        guard let recurrence else { return start <= upper ? start : nil }
        return recurrence.lastOccurrence(from: start, atOrBefore: upper)
    }

    /// The time as one line of an index record: "START", "START/DURATION",
    /// "START/DURATION/day" for a date alone, then " RULE" when it repeats.
    /// Records written before durations hold none, before days no "day".
    var encoded: String {
        let moment = isDay ? "\(start)/\(duration)/day" : duration > 0 ? "\(start)/\(duration)" : String(start)
        return recurrence.map { "\(moment) \($0.encoded)" } ?? moment
    }

    /// The time an index record holds (see `encoded`).
    init?(encoded: Substring) {
        let space = encoded.firstIndex(of: " ")
        let moment = encoded[..<(space ?? encoded.endIndex)].split(separator: "/", maxSplits: 2)
        guard let first = moment.first, let start = Double(first) else { return nil }
        self.start = start
        duration = moment.count > 1 ? Double(moment[1]) ?? 0 : 0
        isDay = moment.count > 2 && moment[2] == "day"
        recurrence = space.flatMap { Recurrence(encoded: encoded[encoded.index(after: $0)...]) }
    }

    init(start: Double, duration: Double = 0, recurrence: Recurrence? = nil) {
        self.start = start
        self.duration = duration
        self.recurrence = recurrence
    }
}
