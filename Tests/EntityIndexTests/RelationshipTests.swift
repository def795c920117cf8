import Testing
@testable import EntityIndex

/// References between entities and transient entities inside their parent.
@Suite struct RelationshipTests {
    @Test(arguments: TestStorage.allCases)
    func attendeesAreSearchedThroughTheirEventAndNeverReturned(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate(try sampleCorpus())
        let results = try index.search(SearchQuery("Amara Okafor", limit: 100))
        #expect(results.contains { $0.identifier == EntityIdentifier(type: "calendar.event", id: "evt-004") })
        #expect(!results.contains { $0.identifier.type == "calendar.attendee" })
        #expect(try index.statistics().entityCountsByType["calendar.attendee"] == nil)
    }

    @Test(arguments: TestStorage.allCases)
    func attendeePropertiesHaveTheirOwnPaths(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([event("e", title: "Crew Lunch").with("attendees", [
            ["name": "Zoë Müller", "email": "Zoe.Muller@tycho.space", "status": "accepted"],
        ])])
        #expect(try index.termFrequency(IndexLayout.stemmedTerm("zoe", prefix: IndexLayout.propertyPrefix(for: "attendees.name"))) == 1)
        #expect(try index.termFrequency(IndexLayout.identifierPrefix(for: "attendees.email") + "zoe.muller@tycho.space") == 1)
        #expect(try index.termFrequency(IndexLayout.keywordPrefix(for: "attendees.status") + "accepted") == 1)
        // An email is matched whole, by its parts and by its words.
        #expect(ids(try index.search(SearchQuery("zoe.muller@tycho.space"))) == ["e"])
        #expect(try index.termFrequency(IndexLayout.identifierPrefix(for: "attendees.email") + "tycho.space") == 1)
        #expect(try index.termFrequency(IndexLayout.identifierPrefix(for: "attendees.email") + "zoe.muller") == 1)
        #expect(ids(try index.search(SearchQuery("tycho"))) == ["e"])
    }

    @Test(arguments: TestStorage.allCases)
    func deletingAnEntityLeavesReferencesToItDangling(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate(try sampleCorpus())
        let event = try #require(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "evt-001")))
        #expect(try index.danglingReferences(in: event).isEmpty)

        #expect(try index.delete(ids: ["cal-lunar-orbit-log"], ofType: "calendar.calendar") == 1)
        #expect(try index.entity(for: event.identifier) == event)
        #expect(try index.danglingReferences(in: event) ==
            [DanglingReference(path: "calendar", target: EntityIdentifier(type: "calendar.calendar", id: "cal-lunar-orbit-log"))])
    }

    @Test(arguments: TestStorage.allCases)
    func referencesInListsAreReportedWithTheirPosition(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let conversation = Entity(type: "messages.conversation", id: "c", properties: [
            "participants": [["type": "messages.contact", "id": "missing"]],
        ])
        try index.donate([conversation])
        #expect(try index.danglingReferences(in: conversation).map(\.path) == ["participants[0]"])
    }

    @Test(arguments: TestStorage.allCases)
    func datesAndNumbersAreKeptAsSortableValues(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([event("e", title: "Burn")])
        let stored = try index.withReader { reader in
            try reader.database.document(uniqueTerm: IndexLayout.uniqueTerm(for: EntityIdentifier(type: "calendar.event", id: "e")))?
                .valueBytes(slot: IndexLayout.valueSlot(for: "startDate"))
        }
        #expect(stored == Document.sortableBytes(ISO8601.seconds(fromDate: "2026-03-10T12:00:00Z")!))
        #expect(Document.sortableBytes(-1).lexicographicallyPrecedes(Document.sortableBytes(0.5)))
        #expect(Document.sortableBytes(1_773_478_800).lexicographicallyPrecedes(Document.sortableBytes(1_773_478_801)))
    }
}

extension Entity {
    /// This entity with one property set.
    func with(_ name: String, _ value: PropertyValue) -> Entity {
        var copy = self
        copy.properties[name] = value
        return copy
    }
}
