import Testing
@testable import EntityIndex

/// Donations are checked against their schemas; a bad batch applies nothing.
@Suite struct ValidationTests {
    /// The message of the error donating one entity throws.
    private func failure(_ properties: [String: PropertyValue], type: EntityType = "calendar.event") throws -> String {
        let index = try EntityIndex()
        let error = #expect(throws: EntityIndexError.self) {
            try index.donate([Entity(type: type, id: "e1", properties: properties)])
        }
        #expect(error?.code == .invalidEntity)
        return error?.message ?? ""
    }

    private let valid: [String: PropertyValue] = ["title": "Crew Lunch", "startDate": "2026-03-10T12:00:00Z"]

    @Test func errorsNameTheEntityThePropertyAndWhatWasExpected() throws {
        #expect(try failure(["title": "x"]) ==
            "entity 1 of the batch (calendar.event:e1): missing required property \"startDate\" (a date (ISO-8601, e.g. \"2026-03-14T09:00:00Z\")); nothing was applied")
        #expect(try failure(valid.merging(["startDate": "tomorrow"]) { $1 }).contains(
            "property \"startDate\": expected a date (ISO-8601, e.g. \"2026-03-14T09:00:00Z\"), got \"tomorrow\""))
        #expect(try failure(valid.merging(["isFavorite": "yes"]) { $1 }).contains("property \"isFavorite\": expected true or false, got \"yes\""))
        #expect(try failure(valid.merging(["colour": "red"]) { $1 }).contains("unknown property \"colour\": calendar.event has title, startDate"))
        #expect(try failure([:], type: "calendar.meeting").contains("unknown type \"calendar.meeting\"; known types: calendar.calendar, calendar.event"))
        #expect(try failure(["name": "Zoë"], type: "calendar.attendee").contains("calendar.attendee is transient"))
    }

    @Test func errorsCarryTheEntityAndPropertyAsFields() throws {
        let index = try EntityIndex()
        let bad = Entity(type: "calendar.event", id: "e1",
                         properties: valid.merging(["attendees": [["name": "Zoë", "email": 5]]]) { $1 })
        let error = try #require(throws: EntityIndexError.self) { try index.donate([bad]) }
        #expect(error.entity == bad.identifier)
        #expect(error.property == "attendees[0].email")
        let missing = try #require(throws: EntityIndexError.self) {
            try index.update([EntityUpdate(bad.identifier, changes: ["title": .set("x")])])
        }
        #expect(missing.code == .entityNotFound && missing.entity == bad.identifier)
    }

    @Test(arguments: TestStorage.allCases)
    func wholeValuesHaveOneLengthLimitInMemoryAndOnDisk(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let longest = String(repeating: "k", count: Searchability.maximumWholeValueLength)
        try index.donate([Entity(type: "notes.note", id: "a", properties: ["title": "Tagged", "tags": [.string(longest)]])])
        #expect(try index.search(SearchQuery(longest, property: "tags", understandsRequest: false)).map(\.identifier.id) == ["a"])
        let error = try #require(throws: EntityIndexError.self) {
            try index.donate([Entity(type: "notes.note", id: "b", properties: ["title": "Tagged", "tags": [.string(longest + "K")]])])
        }
        #expect(error.property == "tags[0]" && error.message.contains("at most 180 bytes"), "\(error)")
    }

    @Test func unionValuesAcceptEachOfTheirKinds() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "a", properties: valid.merging(["location": "Mess Hall", "alarm": "-PT15M"]) { $1 }),
            Entity(type: "calendar.event", id: "b", properties: valid.merging([
                "location": ["name": "Airlock B", "latitude": 0.67, "longitude": 23.47], "alarm": "2026-03-09T08:00:00Z",
            ]) { $1 }),
            Entity(type: "calendar.event", id: "c", properties: valid.merging(["alarm": -900]) { $1 }),
        ])
        #expect(try failure(valid.merging(["alarm": "soon"]) { $1 }).contains(
            "property \"alarm\": expected a duration (ISO-8601, e.g. \"-PT15M\", or seconds) or a date"))
        #expect(try failure(valid.merging(["location": ["latitude": 1]]) { $1 }).contains("property \"location\": expected a place"))
        #expect(try failure(valid.merging(["location": ["name": "Pole", "latitude": 91]]) { $1 }).contains("property \"location\""))
    }

    @Test func recurrencesAreAFrequencyOrARule() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "a", properties: valid.merging(["recurrence": "weekly"]) { $1 }),
            Entity(type: "calendar.event", id: "b", properties: valid.merging([
                "recurrence": ["frequency": "monthly", "interval": 2, "end": "2026-12-31", "count": 5],
            ]) { $1 }),
        ])
        for bad: PropertyValue in ["fortnightly", ["frequency": "daily", "interval": 0], ["interval": 2],
                                   ["frequency": "daily", "end": "never"], ["frequency": "daily", "every": 2]] {
            #expect(try failure(valid.merging(["recurrence": bad]) { $1 }).contains("property \"recurrence\": expected a recurrence"))
        }
    }

    @Test func referencesAndTransientEntitiesAreChecked() throws {
        #expect(try failure(valid.merging(["calendar": ["type": "notes.note", "id": "n"]]) { $1 }).contains(
            "property \"calendar\": expected a reference {\"type\": \"calendar.calendar\", \"id\": ...}"))
        #expect(try failure(valid.merging(["attendees": [["name": "Zoë", "status": "accepted"], ["name": "Olga", "status": "maybe"]]]) { $1 })
            .contains("property \"attendees[1].status\": expected one of accepted, declined, tentative, pending (attendeeStatus), got \"maybe\""))
        #expect(try failure(valid.merging(["attendees": [["nom": "Zoë"]]]) { $1 }).contains("unknown property \"attendees[0].nom\""))
    }

    @Test func aBatchThatFailsOnItsLastEntityLeavesTheIndexExactlyAsItWas() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let index = try EntityIndex(path: directory.path)
        let corpus = try sampleCorpus()
        try index.donate(corpus)
        let before = try index.allEntities(ofType: "calendar.event", limit: 1_000)
        let statisticsBefore = try index.statistics()

        var batch = corpus.filter { $0.type == "calendar.event" }.map { event -> Entity in
            var changed = event
            changed.properties["title"] = "Renamed"
            return changed
        }
        batch.append(Entity(type: "calendar.event", id: "new", properties: ["title": "No start date"]))
        let error = #expect(throws: EntityIndexError.self) { try index.donate(batch) }
        #expect(error?.message.hasPrefix("entity 23 of the batch (calendar.event:new): missing required property \"startDate\"") == true)

        #expect(try index.allEntities(ofType: "calendar.event", limit: 1_000) == before)
        #expect(try index.statistics().entityCountsByType == statisticsBefore.entityCountsByType)
        #expect(try index.search(SearchQuery("renamed", usesMeaning: false)).isEmpty)
    }

    @Test func nullPropertiesAreNotStored() throws {
        let index = try EntityIndex()
        try index.donate([Entity(type: "calendar.event", id: "e", properties: valid.merging(["notes": nil]) { $1 })])
        #expect(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "e"))?.properties == valid)
    }
}
