import Foundation
import Testing
@testable import EntityIndex

/// A contact as an app would declare it, shown by its own representation.
struct CrewContact: IndexedEntity, DisplayRepresentable, Equatable {
    static let entityType: EntityType = "messages.contact"
    var id: String
    var name: String
    var email: String?
    var phone: String?

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "👩‍🚀 \(name)", subtitle: email.map { "Crew · \($0)" })
    }
}

struct CrewEventQuery: EntityStringQuery {
    typealias Value = CrewEvent
    let index: EntityIndex
}

struct CrewContactQuery: ContactValueQuery, EntityQuery {
    typealias Value = CrewContact
    let index: EntityIndex
}

/// App Intents' entity queries, backed by the index.
@Suite struct EntityQueryTests {
    let now = Date()

    func eventsIndex(storage: TestStorage) throws -> EntityIndex {
        let index = try storage.makeIndex()
        let day = 86_400.0
        try index.donate([
            CrewEvent(id: "past", title: "Hull Inspection", startDate: now.addingTimeInterval(-day)),
            CrewEvent(id: "in-two-days", title: "Crew Lunch", startDate: now.addingTimeInterval(2 * day)),
            CrewEvent(id: "tomorrow", title: "Oxygen Drill", startDate: now.addingTimeInterval(day)),
        ])
        // Weekly since a month ago: its next occurrence is within a week, before or after the others.
        try index.donate([Entity(type: "calendar.event", id: "weekly", properties: [
            "title": "Weekly Sync", "startDate": .string(ISO8601DateFormatter().string(from: now.addingTimeInterval(-30 * day + 3_600))),
            "recurrence": "weekly", "attendees": [], "isFavorite": false])])
        return index
    }

    @Test(arguments: TestStorage.allCases)
    func entitiesComeBackByIdsInOrder(storage: TestStorage) async throws {
        let query = CrewEventQuery(index: try eventsIndex(storage: storage))
        #expect(try await query.entities(for: ["tomorrow", "nope", "past"]).map(\.id) == ["tomorrow", "past"])
    }

    @Test(arguments: TestStorage.allCases)
    func suggestionsAreTheNextToHappen(storage: TestStorage) async throws {
        let index = try eventsIndex(storage: storage)
        let suggested = try await CrewEventQuery(index: index).suggestedEntities().map(\.id)
        // The past single event is never suggested; the others come nearest first.
        #expect(!suggested.contains("past"))
        #expect(Set(suggested) == ["tomorrow", "in-two-days", "weekly"])
        #expect(suggested.firstIndex(of: "tomorrow")! < suggested.firstIndex(of: "in-two-days")!)
        #expect(try index.suggestions(ofType: "calendar.event", from: now, limit: 1).count == 1)
        // A type without a time suggests its oldest.
        try index.donate([CrewContact(id: "c1", name: "Amara Okafor"), CrewContact(id: "c2", name: "Mateo Ruiz")])
        #expect(try await CrewContactQuery(index: index).suggestedEntities().map(\.id).sorted() == ["c1", "c2"])
    }

    @Test func suggestionsLookAsFarAheadAsTheyNeed() throws {
        let index = try EntityIndex(), day = 86_400.0
        let ahead: [(String, Double)] = [("going-on", -3_600), ("soon", 1_800), ("in-two-days", 2 * day), ("in-three-weeks", 21 * day),
                                         ("in-ten-months", 300 * day), ("in-three-years", 1_100 * day)]
        try index.donate(ahead.map { id, offset in
            Entity(type: "calendar.event", id: id, properties: [
                "title": .string(id), "startDate": .string(ISO8601DateFormatter().string(from: now.addingTimeInterval(offset))),
                "endDate": .string(ISO8601DateFormatter().string(from: now.addingTimeInterval(offset + 7_200)))])
        })
        // Begun is not ahead; the nearest come first, however far the next ones are.
        #expect(try index.suggestions(ofType: "calendar.event", from: now, limit: 2).map(\.id) == ["soon", "in-two-days"])
        #expect(try index.suggestions(ofType: "calendar.event", from: now, limit: 10).map(\.id)
                == ["soon", "in-two-days", "in-three-weeks", "in-ten-months", "in-three-years"])
    }

    @Test(arguments: TestStorage.allCases)
    func aStringFindsWhatTheIndexResolves(storage: TestStorage) async throws {
        let query = CrewEventQuery(index: try eventsIndex(storage: storage))
        #expect(try await query.entities(matching: "oxygen drill").first?.id == "tomorrow")
        #expect(try await query.entities(matching: "zeppelin").isEmpty)
    }

    @Test func aQueryOfItsOwnMayCallTheIndexFromItsFallback() async throws {
        // An in-memory index has one lock for everything: a fallback that reads the index would deadlock under it.
        struct Fallback: EntityStringQuery {
            typealias Value = CrewEvent
            let index: EntityIndex
            func entities(matching string: String) async throws -> [CrewEvent] {
                let index = self.index
                let request = SearchQuery(string, types: [CrewEvent.entityType], fallback: { _ in
                    let lunch = try index.entity(CrewEvent.self, id: "in-two-days")
                    return lunch.map { [FallbackCandidate(identifier: EntityIdentifier(type: CrewEvent.entityType, id: $0.id),
                                                          score: 0.9, title: $0.title)] } ?? []
                })
                return try index.entities(CrewEvent.self, ids: index.resolve(request).results.map(\.identifier.id))
            }
        }
        let found = try await Fallback(index: try eventsIndex(storage: .inMemory)).entities(matching: "the shared meal")
        #expect(found.map(\.id) == ["in-two-days"])
    }

    @Test(arguments: TestStorage.allCases)
    func aTypeShowsItselfInResults(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let amara = CrewContact(id: "c1", name: "Amara Okafor", email: "amara@tycho.space")
        try index.donate([amara])
        let shown = try index.displayRepresentation(of: amara)
        #expect(shown.title == "👩‍🚀 Amara Okafor" && shown.subtitle == "Crew · amara@tycho.space")
        let result = try #require(index.search(SearchQuery("amara")).first)
        #expect(result.title == "👩‍🚀 Amara Okafor" && result.subtitle == "Crew · amara@tycho.space")
        // The stored entity keeps it, and still decodes as the type.
        #expect(try index.entity(for: amara.entity().identifier)?.display == shown)
        #expect(try index.entity(CrewContact.self, id: "c1") == amara)
        // An empty title is refused; an entity without one is shown by its schema.
        #expect(throws: EntityIndexError.self) {
            try index.donate([Entity(type: "messages.contact", id: "c2", properties: ["name": "Mateo"], display: DisplayRepresentation(title: " "))])
        }
        #expect(try index.displayRepresentation(of: CrewEvent(id: "e", title: "Crew Lunch", startDate: now)).title == "Crew Lunch")
    }

    @Test(arguments: TestStorage.allCases)
    func aPersonResolvesToContactsByHandleOrName(storage: TestStorage) async throws {
        let index = try storage.makeIndex()
        try index.donate([CrewContact(id: "c1", name: "Amara Okafor", email: "amara@tycho.space", phone: "+351 912 345 678"),
                          CrewContact(id: "c2", name: "Mateo Ruiz", email: "mateo@tycho.space")])
        let query = CrewContactQuery(index: index)
        #expect(try await query.values(for: IntentPerson(email: "mateo@tycho.space")).map(\.id) == ["c2"])
        #expect(try await query.values(for: IntentPerson(displayName: "Amara Okafor")).map(\.id) == ["c1"])
        #expect(try await query.values(for: IntentPerson(displayName: "Someone Else")).isEmpty)
    }

    @Test func contactsAndAttendeesConvertToPeopleAndBack() throws {
        let contact = Entity(type: "messages.contact", id: "c1", properties: [
            "name": "Zoë Müller", "email": "zoe@tycho.space", "phone": "+351 912 345 678", "organization": "Tycho"])
        let person = IntentPerson(contact: contact)
        #expect(person == IntentPerson(displayName: "Zoë Müller", email: "zoe@tycho.space", phone: "+351 912 345 678"))
        #expect(person.attendee == ["name": "Zoë Müller", "email": "zoe@tycho.space"])
        #expect(IntentPerson(properties: ["name": "Ada", "email": ["ada@x.org", "ada@y.org"]]).email == "ada@x.org")
        // An attendee converted back and forth stays valid in an event.
        let event = Entity(type: "calendar.event", id: "e1", properties: [
            "title": "Crew Lunch", "startDate": "2026-03-10T12:00:00Z", "attendees": [person.attendee]])
        #expect(throws: Never.self) { try SchemaRegistry.builtIn.validated(event) }
        guard case .object(let attendee) = person.attendee else { Issue.record("an attendee is an object"); return }
        #expect(IntentPerson(properties: attendee) == IntentPerson(displayName: "Zoë Müller", email: "zoe@tycho.space"))
    }

    @Test(arguments: TestStorage.allCases)
    func anImportedPersonIsValidatedLikeAnyDonation(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let stored = try index.importContact(IntentPerson(displayName: "Inês Costa", email: "ines@tycho.space"), id: "ines")
        #expect(try index.entity(for: stored.identifier)?.properties["email"] == "ines@tycho.space")
        #expect(try index.search(SearchQuery("ines")).first?.identifier.id == "ines")
        // No name: refused, nothing written.
        let error = #expect(throws: EntityIndexError.self) { try index.importContact(IntentPerson(email: "x@y.z"), id: "nameless") }
        #expect(error?.message.contains("name") == true)
        #expect(try index.entity(for: EntityIdentifier(type: "messages.contact", id: "nameless")) == nil)
        // Only into a type of people.
        #expect(throws: EntityIndexError.self) { try index.importContact(IntentPerson(displayName: "Ada"), id: "a", type: "calendar.event") }
    }
}
