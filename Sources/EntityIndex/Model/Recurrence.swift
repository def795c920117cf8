import Foundation

/// How a recurring entity repeats (a weekly sync, a yearly birthday), as a
/// `.recurrence` property holds it: `"weekly"` or `{"frequency", "interval",
/// "end", "count"}`. Occurrences step from the entity's first date on a
/// calendar: in UTC for a date written in UTC ("…Z"); for one written with
/// an offset ("…+01:00"), in the request's time zone when it had that offset
/// then (a weekly 16:30 stays at 16:30 after the change to summer time), else
/// at that fixed offset.
struct Recurrence: Hashable, Sendable {
    /// The unit of repetition.
    enum Frequency: String, Sendable, CaseIterable {
        case daily, weekly, monthly, yearly
    }

    var frequency: Frequency
    /// Every how many units (2: every other week).
    var interval: Int
    /// The last moment an occurrence may start, in seconds since 1970.
    var end: Double?
    /// How many occurrences there are in all.
    var count: Int?
    /// The offset from UTC (seconds east) the first date was written with; nil for UTC.
    var writtenOffset: Int?
    /// The calendar occurrences step on (not part of the rule an index holds): see `stepping(on:from:)`.
    private(set) var calendar = Recurrence.utc
    /// Whether days are the calendar's, some 23 or 25 hours long, rather than 24 hours.
    private var hasDaysOfOtherLengths = false

    /// The rule a property value holds; nil when it is not one.
    init?(_ value: PropertyValue) {
        switch value {
        case .string(let text):
            guard let frequency = Frequency(rawValue: text) else { return nil }
            self.init(frequency: frequency)
        case .object(let fields):
            guard let text = fields["frequency"]?.stringValue, let frequency = Frequency(rawValue: text) else { return nil }
            func integer(_ name: String) -> Int? {
                if case .integer(let number)? = fields[name], number >= 1 { return number }
                return nil
            }
            self.init(frequency: frequency, interval: integer("interval") ?? 1,
                      end: fields["end"]?.stringValue.flatMap(ISO8601.seconds(fromDate:)), count: integer("count"))
        default:
            return nil
        }
    }

    init(frequency: Frequency, interval: Int = 1, end: Double? = nil, count: Int? = nil) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.end = end
        self.count = count
    }

    /// The rule as one line for an index record: "weekly 2 END COUNT OFFSET" with "-" for what is unset.
    var encoded: String {
        [frequency.rawValue, String(interval), end.map { String($0) } ?? "-", count.map(String.init) ?? "-",
         writtenOffset.map(String.init) ?? "-"].joined(separator: " ")
    }

    /// The rule an index record holds (see `encoded`; records written before offsets hold four fields).
    init?(encoded: Substring) {
        let fields = encoded.split(separator: " ")
        guard fields.count == 4 || fields.count == 5, let frequency = Frequency(rawValue: String(fields[0])),
              let interval = Int(fields[1]) else { return nil }
        self.init(frequency: frequency, interval: interval, end: Double(fields[2]), count: Int(fields[3]))
        writtenOffset = fields.count == 5 ? Int(fields[4]) : nil
    }

    /// The rule stepping on a request's calendar when its first date, at
    /// `start`, was written with the offset that calendar's zone had then;
    /// at the written offset when it had another; in UTC when written in UTC.
    func stepping(on requested: Calendar, from start: Double) -> Recurrence {
        guard let writtenOffset else { return self }
        var rule = self
        if requested.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start)) == writtenOffset {
            rule.calendar = requested
            rule.hasDaysOfOtherLengths = true
        } else if let fixed = TimeZone(secondsFromGMT: writtenOffset) {
            rule.calendar.timeZone = fixed
        }
        return rule
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The start of occurrence `number` (0 is the first) of an entity that
    /// first starts at `start`; nil past the rule's end or count.
    func occurrence(_ number: Int, from start: Double) -> Double? {
        guard number >= 0, count.map({ number < $0 }) ?? true else { return nil }
        let step = number * interval
        let time: Double
        switch frequency {
        case .daily where !hasDaysOfOtherLengths: time = start + Double(step) * 86_400
        case .weekly where !hasDaysOfOtherLengths: time = start + Double(step) * 604_800
        default:
            let (unit, units): (Calendar.Component, Int) = switch frequency {
            case .daily: (.day, step)
            case .weekly: (.day, 7 * step)
            case .monthly: (.month, step)
            case .yearly: (.year, step)
            }
            guard let date = calendar.date(byAdding: unit, value: units, to: Date(timeIntervalSince1970: start)) else { return nil }
            time = date.timeIntervalSince1970
        }
        return end.map { time <= $0 } ?? true ? time : nil
    }

    /// The number of the last occurrence that starts at or before `time`
    /// (ignoring the end and count), or -1 when the first starts after it.
    private func lastNumber(atOrBefore time: Double, from start: Double) -> Int {
        guard time >= start else { return -1 }
        let approximate: Int
        switch frequency {
        case .daily: approximate = Int((time - start) / (86_400 * Double(interval)))
        case .weekly: approximate = Int((time - start) / (604_800 * Double(interval)))
        case .monthly: approximate = Int((time - start) / (2_629_746 * Double(interval)))
        case .yearly: approximate = Int((time - start) / (31_556_952 * Double(interval)))
        }
        // Calendar steps vary in length: settle on the exact number nearby.
        var number = max(0, approximate - 1)
        while let next = occurrenceIgnoringLimits(number + 1, from: start), next <= time { number += 1 }
        while number > 0, let current = occurrenceIgnoringLimits(number, from: start), current > time { number -= 1 }
        return number
    }

    private func occurrenceIgnoringLimits(_ number: Int, from start: Double) -> Double? {
        var unlimited = self
        (unlimited.end, unlimited.count) = (nil, nil)
        return unlimited.occurrence(number, from: start)
    }

    /// The first occurrence that starts at or after `lower` and, when given,
    /// at or before `upper`; nil when there is none.
    func firstOccurrence(from start: Double, atOrAfter lower: Double, upTo upper: Double? = nil) -> Double? {
        var number = lastNumber(atOrBefore: lower, from: start)
        if let current = occurrence(max(number, 0), from: start), current >= lower {
            number = max(number, 0)
        } else {
            number += 1
        }
        guard let time = occurrence(number, from: start) else { return nil }
        return upper.map { time <= $0 } ?? true ? time : nil
    }

    /// The last occurrence that starts at or before `upper`; nil when there is none.
    func lastOccurrence(from start: Double, atOrBefore upper: Double) -> Double? {
        var number = lastNumber(atOrBefore: min(upper, end ?? upper), from: start)
        if let count { number = min(number, count - 1) }
        return number >= 0 ? occurrence(number, from: start) : nil
    }
}
