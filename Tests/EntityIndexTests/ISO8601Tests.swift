import Testing
@testable import EntityIndex

/// The ISO-8601 forms entities use.
@Suite struct ISO8601Tests {
    @Test func datesAndDateTimes() {
        #expect(ISO8601.seconds(fromDate: "1970-01-01") == 0)
        #expect(ISO8601.seconds(fromDate: "2026-03-14T09:00:00Z") == 1_773_478_800)
        #expect(ISO8601.seconds(fromDate: "2026-03-14T09:00") == 1_773_478_800)
        #expect(ISO8601.seconds(fromDate: "2026-03-14T11:00:00+02:00") == 1_773_478_800)
        #expect(ISO8601.seconds(fromDate: "2026-03-14T09:00:00.25Z") == 1_773_478_800.25)
        #expect(ISO8601.seconds(fromDate: "2024-02-29") != nil)
    }

    @Test func theOffsetADateTimeIsWrittenWith() {
        #expect(ISO8601.offset(fromDate: "2027-01-13T16:30:00+01:00") == 3_600)
        #expect(ISO8601.offset(fromDate: "2027-03-12T18:00:00-05:00") == -18_000)
        #expect(ISO8601.offset(fromDate: "2027-03-12T18:00:00+0530") == 19_800)
        #expect(ISO8601.offset(fromDate: "2027-01-13T16:30:00Z") == nil)
        #expect(ISO8601.offset(fromDate: "2027-01-13") == nil)
        #expect(ISO8601.offset(fromDate: "not-a-date+01:00") == nil)
    }

    @Test func malformedDatesAreRejected() {
        for text in ["tomorrow", "2026-13-01", "2026-02-30", "2025-02-29", "2026-03-14T25:00", "2026-03-14Zulu", "2026-3-14", ""] {
            #expect(ISO8601.seconds(fromDate: text) == nil, "\(text)")
        }
    }

    @Test func durations() {
        #expect(ISO8601.seconds(fromDuration: "PT15M") == 900)
        #expect(ISO8601.seconds(fromDuration: "-PT1H30M") == -5_400)
        #expect(ISO8601.seconds(fromDuration: "P1DT2H") == 93_600)
        #expect(ISO8601.seconds(fromDuration: "P2W") == 1_209_600)
        for text in ["P", "PT", "15M", "PT15", "P1H", "PT1D"] {
            #expect(ISO8601.seconds(fromDuration: text) == nil, "\(text)")
        }
    }
}
