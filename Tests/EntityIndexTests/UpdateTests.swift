import Testing
@testable import EntityIndex

/// Partial updates: set, clear, or leave each property (App Intents' valueState).
@Suite struct UpdateTests {
    let eventID = EntityIdentifier(type: "calendar.event", id: "evt-004")

    private func indexWithCorpus(_ storage: TestStorage) throws -> EntityIndex {
        let index = try storage.makeIndex()
        try index.donate(try sampleCorpus())
        return index
    }

    @Test(arguments: TestStorage.allCases)
    func anUpdateClearsARecurrence(storage: TestStorage) throws {
        let index = try indexWithCorpus(storage)
        #expect(try index.entity(for: eventID)?.properties["recurrence"] == "weekly")
        try index.update([EntityUpdate(eventID, changes: ["recurrence": .set(nil)])])
        let updated = try #require(try index.entity(for: eventID))
        #expect(updated.properties["recurrence"] == nil)
        #expect(updated.properties["title"] == "Crew Lunch")
    }

    @Test(arguments: TestStorage.allCases)
    func anUpdateLeavesAnUnmentionedRecurrenceUntouched(storage: TestStorage) throws {
        let index = try indexWithCorpus(storage)
        let before = try #require(try index.entity(for: eventID))
        try index.update([EntityUpdate(eventID, changes: ["location": .set("Galley"), "recurrence": .unset])])
        let after = try #require(try index.entity(for: eventID))
        #expect(after.properties["recurrence"] == "weekly")
        #expect(after.properties["location"] == "Galley")
        var expected = before
        expected.properties["location"] = "Galley"
        #expect(after == expected)
    }

    @Test(arguments: TestStorage.allCases)
    func theIndexForgetsOldWordsAtOnce(storage: TestStorage) throws {
        let index = try indexWithCorpus(storage)
        let events: Set<EntityType> = ["calendar.event"]
        #expect(ids(try index.search(SearchQuery("sambar", types: events))) == ["evt-004"])
        try index.update([EntityUpdate(eventID, json: ["notes": "Pizza day"])])
        #expect(try index.search(SearchQuery("sambar", types: events)).isEmpty)
        #expect(ids(try index.search(SearchQuery("pizza"))) == ["evt-004"])
    }

    @Test(arguments: TestStorage.allCases)
    func clearingARequiredPropertyFailsAndAppliesNothing(storage: TestStorage) throws {
        let index = try indexWithCorpus(storage)
        let note = EntityIdentifier(type: "notes.note", id: "note-003")
        let before = try index.entity(for: note)
        let error = #expect(throws: EntityIndexError.self) {
            try index.update([
                EntityUpdate(note, changes: ["body": .set("changed")]),
                EntityUpdate(eventID, changes: ["title": .set(nil)]),
            ])
        }
        #expect(error?.code == .invalidEntity)
        #expect(error?.message.hasPrefix("update 2 of the batch (calendar.event:evt-004): missing required property \"title\"") == true)
        #expect(try index.entity(for: note) == before)
    }

    @Test(arguments: TestStorage.allCases)
    func updatingAMissingEntityFails(storage: TestStorage) throws {
        let index = try indexWithCorpus(storage)
        let error = #expect(throws: EntityIndexError.self) {
            try index.update([EntityUpdate(EntityIdentifier(type: "calendar.event", id: "nope"), json: ["title": "x"])])
        }
        #expect(error?.code == .entityNotFound)
    }

    @Test(arguments: TestStorage.allCases)
    func updatesOfOneEntityInABatchBuildOnEachOther(storage: TestStorage) throws {
        let index = try indexWithCorpus(storage)
        try index.update([
            EntityUpdate(eventID, json: ["title": "Crew Brunch"]),
            EntityUpdate(eventID, json: ["notes": "Waffles", "alarm": "-PT5M"]),
        ])
        let event = try #require(try index.entity(for: eventID))
        #expect(event.properties["title"] == "Crew Brunch")
        #expect(event.properties["notes"] == "Waffles")
        #expect(event.properties["alarm"] == "-PT5M")
    }

    @Test(arguments: TestStorage.allCases)
    func aRenamedEntityIsShownByItsNewName(storage: TestStorage) throws {
        let index = try indexWithCorpus(storage)
        #expect(try index.search(SearchQuery("crew lunch")).first?.title == "Crew Lunch")
        try index.update([EntityUpdate(eventID, json: ["title": "Crew Brunch"])])
        let renamed = try index.search(SearchQuery("crew brunch"))
        #expect(renamed.first?.identifier == eventID)
        #expect(renamed.first?.title == "Crew Brunch")
    }

    @Test func aReaderSeesAnotherWritersRenameAndDeletionAtTheirRevision() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let writer = try EntityIndex(path: directory.path)
        try writer.donate(try sampleCorpus())
        let reader = try EntityIndex(path: directory.path, access: .readOnly)
        #expect(try reader.search(SearchQuery("crew lunch")).first?.title == "Crew Lunch")
        try writer.update([EntityUpdate(eventID, json: ["title": "Crew Brunch"])])
        #expect(try reader.search(SearchQuery("crew brunch")).first?.title == "Crew Brunch")
        _ = try writer.delete(ids: [eventID.id], ofType: eventID.type)
        #expect(try reader.search(SearchQuery("crew brunch")).allSatisfy { $0.identifier != eventID })
    }

    @Test func updatesOnDiskAreDurable() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try EntityIndex(path: directory.path).donate(try sampleCorpus())
        try EntityIndex(path: directory.path).update([EntityUpdate(eventID, json: ["recurrence": nil])])
        let reopened = try EntityIndex(path: directory.path, access: .readOnly)
        #expect(try reopened.entity(for: eventID)?.properties["recurrence"] == nil)
    }
}
