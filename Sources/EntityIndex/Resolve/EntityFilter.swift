import Foundation

/// What an entity must be, apart from its words, to answer a request: one of
/// some types, happening at a time (every occurrence of a recurring one
/// counts, and one still going on then), with flags set or not, written in a
/// language, from the speaker or to them, with dates and numbers in ranges.
/// Xapian narrows by all of it but occurrences, which are checked on each
/// candidate's record.
struct EntityFilter {
    /// The types it may be; empty for any.
    var types: [EntityType] = []
    /// When it happens, on its type's time property.
    var time: RequestTime?
    /// Ranges of its dates and numbers.
    var ranges: [PropertyRange] = []
    /// Flags it must have set or not.
    var flags: [RequestInterpretation.FlagCue] = []
    /// Languages it may be written in; empty for any.
    var languages: [String] = []
    /// Whom it is from, as said of the speaker ("the one I sent"), with the speaker as the index knows them.
    var author: (said: RequestInterpretation.Author, speaker: Speaker)? = nil
    /// The moment order is counted from ("the next" after it).
    var anchor: Double
    /// The largest blocks of time the index's entities go on in (`IndexReader.timeExtent()`), which
    /// spare a range without an end the blocks no entity has; nil to take them all.
    var timeExtent: ClosedRange<Int>? = nil

    let schemas: SchemaRegistry
    let clock: RequestClock

    /// The types that have a time property, among those allowed.
    var timedTypes: [(type: EntityType, property: String)] {
        let candidates = types.isEmpty ? schemas.domains.flatMap(\.types).filter { !$0.isTransient }.map(\.type) : types
        return candidates.compactMap { type in schemas.schema(for: type)?.timeProperty.map { (type, $0) } }
    }

    /// Whether what is still going on at the time said counts (a trip from the
    /// 3rd to the 6th is on the 4th): when no order is asked, for "the next"
    /// and "the last" are counted by when things begin.
    var takesInWhatGoesOn: Bool {
        time?.order == nil
    }

    /// When the time said begins, if what began before it counts for going on
    /// then: an occurrence before it is only still going on.
    var goingOnFrom: Double? {
        takesInWhatGoesOn ? timeBounds.lower : nil
    }

    /// The bounds of the time, with an order's side of the anchor ("the next": after it).
    var timeBounds: (lower: Double?, upper: Double?) {
        var lower = time?.from?.timeIntervalSince1970, upper = time?.to.map { $0.timeIntervalSince1970 - 0.001 }
        switch time?.order {
        case .next?: lower = max(lower ?? anchor, anchor)
        case .previous?: upper = min(upper ?? anchor, anchor)
        // "the latest message" is before now; "the last event tonight" is the last within the time said.
        case .latest?: upper = upper ?? anchor
        default: break
        }
        return (lower, upper)
    }

    /// The Xapian filter, or nil when nothing narrows. Recurring entities
    /// that began before a range pass it, and so do those still going on
    /// when it begins: `occurrence(of:)` settles them.
    func query() throws -> Query? {
        var filters: [Query] = []
        if !types.isEmpty {
            filters.append(try Query.ofTypes(types))
        }
        if time?.isUndated == true {
            // "The one with no date": of the types that have a time, those with none.
            let undated = try timedTypes.map { type, property in
                try Query.combine(.andNot, [try Query.ofTypes([type]),
                                            try Query.valueRange(slot: IndexLayout.valueSlot(for: property), lower: [0], upper: nil)])
            }
            filters.append(try Query.any(undated) ?? Query.matchingNothing())
        } else if let time, !time.isEmpty {
            let timed = timedTypes.map(\.type)
            let (lower, upper) = timeBounds
            // A time of day alone is checked on each candidate.
            filters.append(timed.isEmpty ? try Query.matchingNothing()
                : lower == nil && upper == nil ? try Query.ofTypes(timed)
                : try Query.combine(.filter, [try Query.ofTypes(timed), try goingOn(from: lower, to: upper)]))
        }
        for range in ranges {
            filters.append(try self.range(on: range.property, range.lower, range.upper))
        }
        for flag in flags {
            var byType = try flag.properties.map { path in
                let type = try Query.ofTypes([path.type]), set = try Query.term(IndexLayout.flagTerm(path: path.path))
                return try Query.combine(flag.value ? .filter : .andNot, [type, set])
            }
            let others = Set(types).subtracting(flag.properties.map(\.type))
            if flag.isImplied, !others.isEmpty { byType.append(try Query.ofTypes(others)) }
            filters.append(try Query.any(byType) ?? Query.matchingNothing())
        }
        if !languages.isEmpty {
            filters.append(try Query.combine(.or, languages.map { try Query.term(IndexLayout.languageTerm($0)) }))
        }
        if let author {
            filters.append(try author.speaker.filter(author.said, types: types))
        }
        return try Query.all(filters)
    }

    /// How many occurrences are tried for a time of day: a recurring entity's
    /// local time moves only with daylight saving time, so a few settle it.
    static let occurrencesTried = 8

    /// Entities that may go on between two moments (either may be open): by
    /// the blocks of time they go on in (`TimeBuckets`), and every recurring
    /// one. A little more than goes on then passes: `occurrence(of:)` settles it.
    func goingOn(from lower: Double?, to upper: Double?) throws -> Query {
        // A date alone (`EntityTime.isDay`) goes on from the request's local midnight, its blocks from UTC's: the
        // bounds take in the zone's offset too (a Toronto day's entities are kept in blocks 4 hours earlier).
        let moment = Date(timeIntervalSince1970: lower ?? upper ?? clock.now.timeIntervalSince1970)
        let offset = Double(clock.calendar.timeZone.secondsFromGMT(for: moment))
        return try Self.goingOn(from: lower.map { min($0, $0 + offset) }, to: upper.map { max($0, $0 + offset) }, within: timeExtent)
    }

    /// Entities that may go on between two moments by their blocks of time,
    /// within an index's `extent` (`IndexReader.timeExtent()`), and unless left
    /// out, every recurring one.
    static func goingOn(from lower: Double?, to upper: Double?, within extent: ClosedRange<Int>?,
                        includingRecurring: Bool = true) throws -> Query {
        let cover = TimeBuckets.cover(from: lower, to: upper, within: extent)
        return try Query.combine(.or, try (cover + (includingRecurring ? [IndexLayout.recurringTerm] : [])).map { try Query.term($0) })
    }

    /// The spans of time a listing in time order tries before the whole of
    /// its bounds, nearest first: 1, 16 and 256 days from the end it counts
    /// from. An order needs only the nearest entities, which a short span
    /// usually holds, and sorting all of a long one's costs milliseconds; each
    /// span is 16 times the last, so trying a span too short costs a fraction of the next.
    func listingSpans(ascending: Bool) -> [(lower: Double, upper: Double)] {
        Self.spans(from: timeBounds.lower, to: timeBounds.upper, ascending: ascending)
    }

    /// The spans of `listingSpans(ascending:)` within bounds (either may be open),
    /// counted from the lower bound when ascending, else from the upper one.
    static func spans(from lower: Double?, to upper: Double?, ascending: Bool) -> [(lower: Double, upper: Double)] {
        listingSpanLengths.compactMap { length in
            if ascending, let lower, upper.map({ lower + length < $0 }) ?? true { return (lower, lower + length) }
            if !ascending, let upper, lower.map({ upper - length > $0 }) ?? true { return (upper - length, upper) }
            return nil
        }
    }

    /// The lengths of `listingSpans(ascending:)`, in seconds.
    static let listingSpanLengths: [Double] = [1, 16, 256].map { $0 * 86_400 }

    /// Values of a property within bounds and, when there is a lower one,
    /// recurring entities that began before the upper one (their occurrences
    /// are checked later).
    private func range(on property: String, _ lower: Double?, _ upper: Double?) throws -> Query {
        let slot = IndexLayout.valueSlot(for: property)
        let inRange = try Query.valueRange(slot: slot, lower: lower.map(Document.sortableBytes), upper: upper.map(Document.sortableBytes))
        guard lower != nil else { return inRange }
        var recurring = try Query.term(IndexLayout.recurringTerm)
        if let upper {
            recurring = try Query.combine(.filter, [recurring, try Query.valueRange(slot: slot, lower: nil, upper: Document.sortableBytes(upper))])
        }
        return try Query.combine(.or, [inRange, recurring])
    }

    /// Whether a candidate passes what Xapian could not check — its
    /// occurrences, how long they last, and time of day — and the occurrence
    /// that counts: the first going on in the range, the next or last one for an order. `.some(nil)` passes
    /// without a time; nil fails.
    func occurrence(of record: RecordReader?) -> Double?? {
        if time?.isUndated == true { return record?.time == nil ? .some(nil) : nil }
        let timed = time.map { !$0.isEmpty } ?? false
        let timeProperty = ranges.isEmpty ? nil : record.flatMap { schemas.schema(for: $0.summary.identifier.type)?.timeProperty }
        let ranged = ranges.filter { $0.property == timeProperty }
        guard timed || !ranged.isEmpty else { return .some(nil) }
        guard let when = record?.time?.stepping(on: clock.calendar) else { return timed ? nil : .some(nil) }
        var lower = timed ? timeBounds.lower : nil, upper = timed ? timeBounds.upper : nil
        for range in ranged {
            lower = max(lower ?? -.infinity, range.lower ?? -.infinity)
            upper = min(upper ?? .infinity, range.upper ?? .infinity)
        }
        if lower == -.infinity { lower = nil }
        if upper == .infinity { upper = nil }
        let minutes = time?.minutesOfDay
        let latestFirst = time?.order == .previous || time?.order == .latest
        // Walk occurrences from the right end until one falls at the time of day asked.
        var goingOn = when
        if !takesInWhatGoesOn { goingOn.duration = 0 }
        var occurrence = latestFirst ? when.lastOccurrence(atOrBefore: upper ?? anchor) : goingOn.firstOccurrence(goingOnFrom: lower, to: upper)
        for _ in 0..<Self.occurrencesTried {
            guard let moment = occurrence else { return nil }
            if let lower, !goingOn.occurrence(moment, goesOnAtOrAfter: lower) { return nil }
            if let upper, moment > upper { return nil }
            guard let minutes, !Self.fits(clock.minutesOfDay(Date(timeIntervalSince1970: moment)), minutes,
                                          eitherHalf: time?.isEitherHalfOfDay ?? false) else { return .some(moment) }
            guard when.recurrence != nil else { return nil }
            occurrence = latestFirst ? when.lastOccurrence(atOrBefore: moment - 1) : when.firstOccurrence(from: moment + 1, to: upper)
        }
        return nil
    }

    /// Whether a time of day falls in the minutes asked, or twelve hours away when either half of the day may be meant.
    private static func fits(_ minute: Int, _ minutes: Range<Int>, eitherHalf: Bool) -> Bool {
        minutes.contains(minute) || eitherHalf && minutes.contains((minute + 720) % 1440)
    }
}
