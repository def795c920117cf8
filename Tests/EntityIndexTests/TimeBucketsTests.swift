import Testing
@testable import EntityIndex

/// A range of time finds through its blocks every entity that goes on in it,
/// and the blocks it is covered by are few.
@Suite struct TimeBucketsTests {
    /// Moments from 1969 to 2040, so that blocks before 1970 are counted too.
    private static func moment(_ generator: inout SeededGenerator) -> Double {
        -40_000_000 + Double(generator.next() % 2_250_000_000) + Double(generator.next() % 1000) / 1000
    }

    @Test func anEntityHoldsABlockOfTheCoverExactlyWhenItGoesOnInTheRangesHours() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<3_000 {
            let start = Self.moment(&generator)
            // Moments, an hour's meeting, a day's trip, a week away.
            let duration = [0, 3_600, 86_400 + 7_200, 7 * 86_400][Int(generator.next() % 4)] * Double(generator.next() % 3) / 2
            var (lower, upper) = (Self.moment(&generator), Self.moment(&generator))
            if lower > upper { swap(&lower, &upper) }
            if generator.next() % 4 == 0 { upper = lower + Double(generator.next() % 200_000) }  // short ranges too
            let entity = Set(TimeBuckets.terms(start: start, duration: duration))
            let cover = TimeBuckets.cover(from: lower, to: upper)
            let hours = { (moment: Double) in (moment / 3_600).rounded(.down) }
            let lastHour = duration > 0 ? hours(start + duration - 0.001) : hours(start)
            let goesOnInTheRangesHours = hours(start) <= hours(upper) && lastHour >= hours(lower)
            #expect(!entity.isDisjoint(with: cover) == (goesOnInTheRangesHours || entity == [IndexLayout.longTimeTerm]),
                    "\(start) for \(duration) s against \(lower)...\(upper)")
            // Held to the blocks an index of this one entity has, the cover finds the same.
            let extent = TimeBuckets.largestBlocks(in: entity.filter { $0.hasPrefix(TimeBuckets.largestBlockPrefix) })
            #expect(entity.isDisjoint(with: TimeBuckets.cover(from: lower, to: upper, within: extent)) == entity.isDisjoint(with: cover))
        }
    }

    @Test func openRangesAndLongEntities() {
        let now = 1_775_000_000.0
        // What goes on longer than two days is taken in by every range.
        #expect(TimeBuckets.terms(start: now, duration: 3 * 86_400) == [IndexLayout.longTimeTerm])
        #expect(TimeBuckets.cover(from: now, to: nil).contains(IndexLayout.longTimeTerm))
        // "the next": a year from now is found, and a century's blocks are a few hundred terms at most.
        let ahead = TimeBuckets.cover(from: now, to: nil)
        #expect(!Set(TimeBuckets.terms(start: now + 365 * 86_400, duration: 3_600)).isDisjoint(with: ahead))
        #expect(Set(TimeBuckets.terms(start: now - 3_600, duration: 0)).isDisjoint(with: ahead))
        #expect(ahead.count < 300)
        #expect(TimeBuckets.cover(from: nil, to: nil).isEmpty)
    }
}
