/// Terms that say when an entity goes on, so that a range of time is found
/// through postings instead of a scan of a value slot: Xapian's value range
/// reads every value of the slot when its estimate leads an AND, which cost a
/// millisecond and more a search on 100k entities.
///
/// Time is cut into aligned blocks of four sizes (an hour, a day of 24 hours,
/// 32 days, 512 days, counted in UTC from 1970). An entity carries the block
/// of every size of every hour it goes on in — or, going on longer than
/// `longestBucketed`, one term (`IndexLayout.longTimeTerm`) that every range
/// takes in. A range is covered by the fewest blocks that tile it, finest at
/// its edges: an entity that goes on in the range holds one of them. The
/// cover is rounded out to whole hours, so it takes in a little more than the
/// range; the record's exact check (`EntityFilter.occurrence(of:)`) settles it.
enum TimeBuckets {
    /// How many blocks of one size make one of the next: hours a day, days a
    /// block of 32 days, 32-day blocks a block of 512 days.
    static let fanOut = [24, 32, 16]
    /// The letter of each block size in its terms.
    static let sizeLetters: [Character] = ["h", "d", "m", "y"]
    /// How many hours an entity may go on in and still carry blocks: longer
    /// ones carry `IndexLayout.longTimeTerm`.
    static let longestBucketed = 48
    /// How far an open range reaches: a range with no end stops this many
    /// hours after its start (about a century), one with no start as far before its end.
    static let openReach = 24 * 36_525

    /// The terms of an entity that goes on from `start` for `duration` seconds.
    static func terms(start: Double, duration: Double) -> [String] {
        let first = hour(start)
        let last = duration > 0 ? hour(start + duration - 0.001) : first
        guard last - first < longestBucketed else { return [IndexLayout.longTimeTerm] }
        var terms: [String] = []
        var (low, high) = (first, last)
        for size in sizeLetters.indices {
            terms += (low...high).map { term(size: size, block: $0) }
            guard size < fanOut.count else { break }
            (low, high) = (floorDivide(low, fanOut[size]), floorDivide(high, fanOut[size]))
        }
        return terms
    }

    /// The terms of the fewest blocks that tile the hours from `lower` to
    /// `upper` (either may be open), plus `IndexLayout.longTimeTerm`; only
    /// blocks within `extent` when it is given (`largestBlocks(in:)`), for no
    /// entity goes on outside it.
    static func cover(from lower: Double?, to upper: Double?, within extent: ClosedRange<Int>? = nil) -> [String] {
        var low = lower.map(hour), high = upper.map(hour)
        if low == nil, high == nil { return [] }
        low = low ?? high! - openReach
        high = high ?? low! + openReach
        if let extent {
            let hoursPerLargest = fanOut.reduce(1, *)
            low = max(low!, extent.lowerBound * hoursPerLargest)
            high = min(high!, (extent.upperBound + 1) * hoursPerLargest - 1)
        }
        var terms = [IndexLayout.longTimeTerm]
        var (first, last) = (low!, high!)
        for size in sizeLetters.indices where first <= last {
            guard size < fanOut.count else {
                terms += (first...last).map { term(size: size, block: $0) }
                break
            }
            let children = fanOut[size]
            // Blocks at the edges that do not fill a block of the next size stay at this size.
            while first <= last, !isMultiple(first, of: children) {
                terms.append(term(size: size, block: first))
                first += 1
            }
            while first <= last, !isMultiple(last + 1, of: children) {
                terms.append(term(size: size, block: last))
                last -= 1
            }
            (first, last) = (floorDivide(first, children), floorDivide(last + 1, children) - 1)
        }
        return terms
    }

    /// The prefix of the terms of the largest blocks.
    static var largestBlockPrefix: String { "\(IndexLayout.timeBlockPrefix)\(sizeLetters[fanOut.count])" }

    /// The numbers of the first and last of the largest blocks among terms
    /// with `largestBlockPrefix` (an index's), nil when there are none.
    static func largestBlocks(in terms: [String]) -> ClosedRange<Int>? {
        let blocks = terms.compactMap { Int($0.dropFirst(largestBlockPrefix.count)) }
        guard let first = blocks.min(), let last = blocks.max() else { return nil }
        return first...last
    }

    /// The hour a moment falls in, counted from 1970.
    private static func hour(_ moment: Double) -> Int {
        Int((moment / 3_600).rounded(.down))
    }

    private static func term(size: Int, block: Int) -> String {
        "\(IndexLayout.timeBlockPrefix)\(sizeLetters[size])\(block)"
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    private static func isMultiple(_ value: Int, of divisor: Int) -> Bool {
        ((value % divisor) + divisor) % divisor == 0
    }
}
