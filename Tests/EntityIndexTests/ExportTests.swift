import Foundation
import Testing
@testable import EntityIndex

/// Every entity written back as donation lines, and read back the same.
@Suite struct ExportTests {
    func exported(_ index: EntityIndex, ofType type: EntityType? = nil) throws -> Data {
        var lines = Data()
        try index.export(ofType: type) { lines.append($0) }
        return lines
    }

    @Test(arguments: TestStorage.allCases)
    func anExportDonatedAgainExportsTheSameBytes(storage: TestStorage) throws {
        let first = try storage.makeIndex()
        try first.donate(try sampleCorpus())
        // Replaced and deleted entities, and one that shows itself, are exported as they are now.
        try first.donate([event("evt-004", title: "Crew Lunch, moved")])
        _ = try first.delete(ids: ["evt-003"], ofType: "calendar.event")
        try first.donate([CrewContact(id: "c-display", name: "Amara Okafor", email: "amara@tycho.space")])
        let lines = try exported(first)
        let count = lines.count { $0 == UInt8(ascii: "\n") }
        #expect(count == (try first.statistics().entityCount))

        let second = try storage.makeIndex()
        try second.donate(try EntityJSONLines.decode(lines))
        #expect(try exported(second) == lines)
        #expect(try second.entity(for: EntityIdentifier(type: "calendar.event", id: "evt-004"))?.properties["title"] == "Crew Lunch, moved")
        #expect(try second.entity(for: EntityIdentifier(type: "calendar.event", id: "evt-003")) == nil)
        #expect(try second.entity(for: EntityIdentifier(type: "messages.contact", id: "c-display"))?.display?.title == "👩‍🚀 Amara Okafor")
    }

    @Test func anExportOfOneTypeHoldsOnlyIt() throws {
        let index = try EntityIndex()
        try index.donate(try sampleCorpus())
        let events = try EntityJSONLines.decode(try exported(index, ofType: "calendar.event"))
        #expect(!events.isEmpty && events.allSatisfy { $0.type == "calendar.event" })
        #expect(events.count == (try index.statistics().entityCountsByType["calendar.event"]))
        #expect(try exported(index, ofType: "reminders.reminder").isEmpty)  // a type the sample holds none of
    }

    @Test func anExportStopsWhenEntitiesAreAddedMeanwhile() throws {
        let index = try EntityIndex()
        try index.donate(try sampleCorpus())
        var pages = 0
        let error = #expect(throws: EntityIndexError.self) {
            try index.export { _ in
                pages += 1
                if pages == 1 { try index.donate([event("evt-new", title: "Added meanwhile")]) }
            }
        }
        #expect(error?.code == .indexChanged)
        #expect(error?.message.contains("export again") == true)
    }
}
