import Foundation
import Testing
@testable import EntityIndex

/// A crew event as an app would declare it.
struct CrewEvent: IndexedEntity, Equatable {
    static let entityType: EntityType = "calendar.event"

    struct Attendee: TransientEntity, Equatable {
        static let entityType: EntityType = "calendar.attendee"
        var name: String
        var email: String?
    }

    var id: String
    var title: String
    var startDate: Date
    var notes: String?
    var attendees: [Attendee] = []
    var isFavorite = false
}

/// Swift types conforming to `IndexedEntity` round-trip through the index.
@Suite struct TypedEntityTests {
    let lunch = CrewEvent(id: "evt-1", title: "Crew Lunch", startDate: Date(timeIntervalSince1970: 1_773_144_000),
                          notes: "Bring spoons", attendees: [.init(name: "Zoë Müller", email: "zoe@tycho.space")])

    @Test(arguments: TestStorage.allCases)
    func aTypedEntityRoundTrips(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([lunch])
        #expect(try index.entity(CrewEvent.self, id: "evt-1") == lunch)
        #expect(try index.entity(for: lunch.entity().identifier)?.properties["startDate"] == "2026-03-10T12:00:00Z")
        #expect(try index.entity(CrewEvent.self, id: "nope") == nil)
        #expect(ids(try index.search(SearchQuery("zoe spoons"))) == ["evt-1"])
        #expect(try index.displayRepresentation(of: lunch).subtitle == "2026-03-10 12:00")
    }

    @Test(arguments: TestStorage.allCases)
    func entitiesComeBackByIdsAndInPages(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let events = (0..<25).map { number in
            CrewEvent(id: "evt-\(number)", title: "Drill \(number)", startDate: Date(timeIntervalSince1970: Double(number) * 3_600))
        }
        try index.donate(events)
        #expect(try index.entities(CrewEvent.self, ids: ["evt-3", "missing", "evt-1"]).map(\.id) == ["evt-3", "evt-1"])
        let pages = try stride(from: 0, to: 30, by: 10).map { try index.allEntities(CrewEvent.self, offset: $0, limit: 10) }
        #expect(pages.map(\.count) == [10, 10, 5])
        // Oldest first; a sharded index interleaves its shards' oldest first.
        #expect(storage == .sharded ? pages.flatMap { $0 }.sorted { $0.startDate < $1.startDate } == events : pages.flatMap { $0 } == events)
        #expect(throws: EntityIndexError.self) { try index.allEntities(CrewEvent.self, limit: 0) }
    }

    @Test func aTypedEntityIsValidatedLikeAnyOther() throws {
        struct Stranger: IndexedEntity {
            static let entityType: EntityType = "calendar.event"
            var id: String
            var title: String
        }
        let error = #expect(throws: EntityIndexError.self) { try EntityIndex().donate([Stranger(id: "s", title: "x")]) }
        #expect(error?.message.contains("missing required property \"startDate\"") == true)
    }

    @Test func aStoredEntityOfAnotherTypeDoesNotDecode() throws {
        #expect(throws: EntityIndexError.self) {
            try CrewEvent(Entity(type: "notes.note", id: "n", properties: ["title": "x"]))
        }
    }
}
