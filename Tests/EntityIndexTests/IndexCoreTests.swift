import Foundation
import Testing
@testable import EntityIndex

/// Donate, replace, delete and get round trips, atomic batches and search.
@Suite struct IndexCoreTests {
    @Test(arguments: TestStorage.allCases)
    func donatedEntitiesComeBackAsTheyWere(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let entity = Entity(type: "calendar.event", id: "evt-1", properties: [
            "title": "Crew Lunch", "startDate": "2026-03-10T12:00:00Z", "isFavorite": true,
            "location": ["name": "Airlock B", "latitude": 0.67],
            "calendar": ["type": "calendar.calendar", "id": "cal-meals"],
            "attendees": [["name": "Zoë Müller", "status": "accepted"]], "alarm": "-PT15M",
        ])
        try index.donate([entity])
        #expect(try index.entity(for: entity.identifier) == entity)
        #expect(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "evt-2")) == nil)
    }

    @Test(arguments: TestStorage.allCases)
    func storedJSONKeepsEveryCharacterAndNumber(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let tricky = "Quote \" backslash \\ slash / tab \t newline \n bell \u{7} Zoë 陈静 🚀"
        let entity = Entity(type: "notes.note", id: "id \"with\" quotes/😀", properties: [
            "title": .string(tricky), "tags": ["a\u{0}b", ""], "body": "2.5e-7",
        ])
        try index.donate([entity])
        #expect(try index.entity(for: entity.identifier) == entity)
        let event = Entity(type: "calendar.event", id: "e", properties: [
            "title": "Burn", "startDate": "2026-03-14", "location": ["name": "Pad", "latitude": 0.000123, "longitude": -179.5],
        ])
        try index.donate([event])
        #expect(try index.entity(for: event.identifier) == event)
        let infinite = Entity(type: "calendar.event", id: "x", properties: [
            "title": "Burn", "startDate": "2026-03-14", "location": ["name": "Pad", "latitude": .number(.infinity)],
        ])
        #expect(throws: EntityIndexError.self) { try index.donate([infinite]) }
    }

    @Test(arguments: TestStorage.allCases)
    func donatingTheSameKeyReplacesTheEntityAndItsWords(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([event("evt-1", title: "Crew Lunch")])
        try index.donate([event("evt-1", title: "Orbit Burn")])
        #expect(try index.statistics().entityCount == 1)
        #expect(try index.search(SearchQuery("lunch")).isEmpty)
        #expect(ids(try index.search(SearchQuery("burn"))) == ["evt-1"])
    }

    @Test(arguments: TestStorage.allCases)
    func theSameIdInTwoTypesIsTwoEntities(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([event("x", title: "Crew Lunch"), Entity(type: "notes.note", id: "x", properties: ["title": "Lunch menu"])])
        #expect(try index.statistics().entityCountsByType == ["calendar.event": 1, "notes.note": 1])
        #expect(try index.delete(ids: ["x"], ofType: "notes.note") == 1)
        #expect(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "x")) != nil)
    }

    @Test(arguments: TestStorage.allCases)
    func deleteRemovesByIdAndByType(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate(try sampleCorpus())
        #expect(try index.delete(ids: ["evt-001", "evt-002", "no-such-id"], ofType: "calendar.event") == 2)
        #expect(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "evt-001")) == nil)
        #expect(try index.statistics().entityCountsByType["calendar.event"] == 20)
        #expect(try index.deleteAll(ofType: "notes.note") == 8)
        #expect(try index.statistics().entityCountsByType["notes.note"] == nil)
        #expect(try index.search(SearchQuery("hydroponics", types: ["notes.note"])).isEmpty)
    }

    @Test(arguments: TestStorage.allCases)
    func anInvalidEntityRejectsTheWholeBatch(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([event("evt-0", title: "Before")])
        let batch = [event("evt-1", title: "Crew Lunch"), Entity(type: "Not A Type", id: "x")]
        let error = #expect(throws: EntityIndexError.self) { try index.donate(batch) }
        #expect(error?.code == .invalidEntity)
        #expect(error?.message.contains("entity 2 of the batch (Not A Type:x): unknown type") == true)
        #expect(try index.statistics().entityCount == 1)
        #expect(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "evt-1")) == nil)
    }

    @Test(arguments: TestStorage.allCases)
    func idsAndPropertyNamesAreChecked(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        for entity in [Entity(type: "notes.note", id: ""),
                       Entity(type: "notes.note", id: String(repeating: "i", count: 200)),
                       Entity(type: "notes.note", id: "n", properties: ["": "x"])] {
            #expect(throws: EntityIndexError.self) { try index.donate([entity]) }
        }
    }

    @Test(arguments: TestStorage.allCases)
    func searchRanksByBM25AcrossTextProperties(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate(try sampleCorpus())
        let results = try index.search(SearchQuery("O2 canisters"))
        #expect(results.first?.identifier == EntityIdentifier(type: "calendar.event", id: "evt-003"))
        #expect(results.first?.title == "EVA 1: Solar Array Inspection")
        #expect(zip(results, results.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test(arguments: TestStorage.allCases)
    func searchFindsNamesWithoutAccentsAndInOtherScripts(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate(try sampleCorpus())
        #expect(ids(try index.search(SearchQuery("zoe muller", types: ["messages.contact"]))).first == "con-zoe-muller")
        #expect(ids(try index.search(SearchQuery("Lukasz", types: ["messages.contact"]))).first == "con-lukasz-nowak")
        #expect(ids(try index.search(SearchQuery("Ольга", types: ["messages.contact"]))).first == "con-olga-petrova")
        #expect(ids(try index.search(SearchQuery("花园", types: ["notes.note"]))) == ["note-001"])
        #expect(ids(try index.search(SearchQuery("観測", types: ["notes.note"]))).first == "note-002")
    }

    @Test(arguments: TestStorage.allCases)
    func searchFiltersByTypeAndLimits(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate(try sampleCorpus())
        let events = try index.search(SearchQuery("orbit", types: ["calendar.event"], limit: 3))
        #expect(events.count == 3)
        #expect(events.allSatisfy { $0.identifier.type == "calendar.event" })
        #expect(try index.search(SearchQuery("orbit", types: ["photos.asset"], usesMeaning: false)).isEmpty)
        #expect(try index.search(SearchQuery("?!")).isEmpty)
        #expect(throws: EntityIndexError.self) { try index.search(SearchQuery("orbit", limit: 0)) }
    }

    @Test(arguments: TestStorage.allCases)
    func referencesAndDatesAreNotSearchedAsWords(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([Entity(type: "calendar.event", id: "e", properties: [
            "title": "Burn", "calendar": ["type": "calendar.calendar", "id": "cal-log"], "startDate": "2026-03-14T09:00:00Z",
        ])])
        #expect(try index.search(SearchQuery("cal log")).isEmpty)
        #expect(try index.search(SearchQuery("2026")).isEmpty)
    }

    @Test(arguments: TestStorage.allCases)
    func eachPropertyIsIndexedUnderItsOwnPrefix(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([event("evt-1", title: "Crew Lunch", notes: "Bring spoons")])
        #expect(try index.termFrequency(IndexLayout.stemmedTerm("spoon", prefix: IndexLayout.propertyPrefix(for: "notes"))) == 1)
        #expect(try index.termFrequency(IndexLayout.stemmedTerm("spoon", prefix: IndexLayout.propertyPrefix(for: "title"))) == 0)
        #expect(try index.termFrequency(IndexLayout.stemmedTerm("spoon")) == 1)
    }

    @Test func aDeclaredLanguageStemsThatProperty() throws {
        var schemas = SchemaRegistry.builtIn
        try schemas.register(EntitySchema("travel.journal", summary: "a German travel journal", title: "body", properties: [
            PropertySchema("body", .string, required: true, language: "de"),
        ]))
        let index = try EntityIndex(configuration: IndexConfiguration(schemas: schemas))
        try index.donate([Entity(type: "travel.journal", id: "n", properties: ["body": "Die Häuser am Kraterrand"])])
        // The German stem of "Häusern" is that of "Häuser"; English would not join them.
        #expect(ids(try index.search(SearchQuery("Häusern"))) == ["n"])
    }
}

/// Indexes on disk: durability, locking and read-only access.
@Suite struct IndexStorageTests {
    @Test func committedEntitiesSurviveReopening() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try EntityIndex(path: directory.path).donate(try sampleCorpus())
        let reopened = try EntityIndex(path: directory.path, access: .readOnly)
        #expect(try reopened.statistics().entityCount == 83)
        #expect(try reopened.statistics().sizeOnDisk ?? 0 > 0)
        #expect(ids(try reopened.search(SearchQuery("Crew Lunch"))).first == "evt-004")
    }

    @Test func typosFindNamesInAReopenedIndex() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try EntityIndex(path: directory.path).donate(try sampleCorpus())
        let reopened = try EntityIndex(path: directory.path, access: .readOnly)
        #expect(ids(try reopened.search(SearchQuery("Hydroponcis Harvest"))).first == "evt-011")
        #expect(ids(try reopened.search(SearchQuery("Amra Okafor", types: ["messages.contact"]))).first == "con-amara-okafor")
    }

    @Test func aMissingIndexIsReportedWhenOpenedForReading() throws {
        let error = #expect(throws: EntityIndexError.self) {
            try EntityIndex(path: "/nonexistent/entity-index", access: .readOnly)
        }
        #expect(error?.code == .indexNotFound)
        #expect(error?.message.contains("donate entities to create it") == true)
    }

    @Test func anIndexFromAnotherVersionIsRefusedWithAdvice() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        do {
            let index = try EntityIndex(path: directory.path)
            try index.donate([event("e", title: "Crew Lunch")])
            try index.write { try $0.database.setMetadata("", for: IndexFormat.key) }  // as format 1 left it
        }
        for access in [EntityIndex.Access.readOnly, .readWrite] {
            let error = #expect(throws: EntityIndexError.self) { try EntityIndex(path: directory.path, access: access) }
            #expect(error?.code == .incompatibleIndex)
            #expect(error?.message.contains("format 1") == true)
            #expect(error?.message.contains("delete it and donate the entities again") == true)
        }
    }

    @Test func anEmptyIndexItsWriterHasYetToStampCanBeRead() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let creating = try Database(path: directory.path, mode: .writable)  // created, no format recorded yet
        #expect(try creating.metadata(IndexFormat.key).isEmpty)
        #expect(try EntityIndex(path: directory.path, access: .readOnly).statistics().entityCount == 0)
    }

    @Test func onlyOneWriterAtATime() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let writer = try EntityIndex(path: directory.path)
        let error = #expect(throws: EntityIndexError.self) { try EntityIndex(path: directory.path) }
        #expect(error?.code == .indexLocked)
        // Readers are welcome meanwhile.
        #expect(try EntityIndex(path: directory.path, access: .readOnly).statistics().entityCount == 0)
        withExtendedLifetime(writer) {}
    }

    @Test func aWriteLockHeldForAnInstantIsWaitedOut() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try EntityIndex(path: directory.path).donate([event("evt-1", title: "Crew Lunch")])
        // Held the way a process another thread starts holds it, until it runs its program.
        let holder = Locked<Database?>(try Database(path: directory.path, mode: .writable))
        // A thread of its own: the shared pool may be busy with other suites for longer than a writer waits.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.1)
            holder.withLock { $0 = nil }
        }
        try EntityIndex(path: directory.path).donate([event("evt-2", title: "Crew Dinner")])
        #expect(try EntityIndex(path: directory.path, access: .readOnly).statistics().entityCount == 2)
        // Held longer than that: the writer is refused, and told why.
        let longer = try Database(path: directory.path, mode: .writable)
        let error = #expect(throws: EntityIndexError.self) { try EntityIndex(path: directory.path) }
        #expect(error?.code == .indexLocked && error?.message.contains("another process") == true)
        withExtendedLifetime(longer) {}
    }

    @Test func aReadOnlyIndexRefusesChanges() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = try EntityIndex(path: directory.path)
        let reader = try EntityIndex(path: directory.path, access: .readOnly)
        let error = #expect(throws: EntityIndexError.self) { try reader.donate([event("e", title: "x")]) }
        #expect(error?.code == .readOnly)
    }
}
