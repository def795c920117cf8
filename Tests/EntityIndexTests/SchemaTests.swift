import Testing
@testable import EntityIndex

/// The built-in domains, registering types, and display representations.
@Suite struct SchemaTests {
    let registry = SchemaRegistry.builtIn

    @Test func builtInTypesHaveTheirProperties() throws {
        let expected: [EntityType: [String]] = [
            "calendar.calendar": ["title", "color"],
            "calendar.event": ["title", "startDate", "endDate", "notes", "location", "calendar", "attendees",
                               "recurrence", "alarm", "status", "isFavorite"],
            "calendar.attendee": ["name", "email", "status", "attendeeType"],
            "messages.contact": ["name", "email", "phone", "nickname", "organization"],
            "messages.conversation": ["title", "participants"],
            "messages.message": ["body", "sender", "conversation", "sentAt", "language", "isRead"],
            "notes.note": ["title", "body", "tags", "modifiedAt", "language", "isPinned"],
            "mail.message": ["subject", "body", "from", "to", "cc", "mailbox", "sentAt", "language", "isRead", "isFlagged"],
            "mail.mailbox": ["name", "account"],
            "photos.asset": ["title", "caption", "creationDate", "location", "albums", "people", "sharedBy", "keywords",
                             "mediaType", "isFavorite"],
            "photos.album": ["title"],
            "reminders.list": ["title"],
            "reminders.reminder": ["title", "notes", "dueDate", "list", "priority", "location", "recurrence", "isCompleted"],
            "document.document": ["title", "text"],
        ]
        for (type, properties) in expected {
            let schema = try #require(registry.schema(for: type))
            #expect(schema.properties.map(\.name) == properties, "\(type)")
        }
        #expect(registry.domains.map(\.name) == ["calendar", "messages", "notes", "mail", "photos", "reminders", "document"])
        // Time words are about each type's own date.
        #expect(registry.schema(for: "calendar.event")?.timeProperty == "startDate")
        #expect(registry.schema(for: "reminders.reminder")?.timeProperty == "dueDate")
        #expect(registry.schema(for: "messages.contact")?.timeProperty == nil)
        #expect(registry.schema(for: "calendar.attendee")?.isTransient == true)
        #expect(registry.schema(for: "messages.contact")?.property(named: "email")?.searchability == .identifier)
        #expect(registry.schema(for: "calendar.event")?.property(named: "startDate")?.searchability == .notSearched)
    }

    @Test func aServiceRegistersTypesAndAddsProperties() throws {
        var schemas = registry
        try schemas.register(EntitySchema("crew.shift", summary: "a work shift", title: "role", properties: [
            PropertySchema("role", .string, required: true, searchable: .title),
            PropertySchema("hours", .number),
        ]))
        try schemas.addProperties([PropertySchema("missionPhase", .string, searchable: .keywords)], to: "calendar.event")
        #expect(schemas.domains.last?.name == "crew")
        #expect(schemas.schema(for: "calendar.event")?.property(named: "missionPhase") != nil)

        let index = try EntityIndex(configuration: IndexConfiguration(schemas: schemas))
        try index.donate([
            Entity(type: "crew.shift", id: "s1", properties: ["role": "Night watch", "hours": 8]),
            Entity(type: "calendar.event", id: "e1", properties: [
                "title": "Burn", "startDate": "2026-03-14", "missionPhase": "transfer orbit",
            ]),
        ])
        #expect(ids(try index.search(SearchQuery("night watch"))) == ["s1"])
        #expect(ids(try index.search(SearchQuery("transfer"))) == ["e1"])
        // The built-in registry is untouched.
        #expect(throws: EntityIndexError.self) { try EntityIndex().donate([Entity(type: "crew.shift", id: "s1", properties: ["role": "x"])]) }
    }

    @Test func inconsistentRegistrationsAreRefused() throws {
        var schemas = registry
        let duplicate = #expect(throws: EntityIndexError.self) {
            try schemas.register(EntitySchema("notes.note", summary: "", title: "title", properties: [PropertySchema("title", .string)]))
        }
        #expect(duplicate?.code == .invalidSchema)
        #expect(throws: EntityIndexError.self) { try schemas.addProperties([PropertySchema("title", .string)], to: "notes.note") }
        #expect(throws: EntityIndexError.self) { try schemas.addProperties([PropertySchema("x", .string)], to: "nope.nope") }
        #expect(throws: EntityIndexError.self) {
            try schemas.register(EntitySchema("x.y", summary: "", title: "missing", properties: [PropertySchema("title", .string)]))
        }
        #expect(throws: EntityIndexError.self) {
            try schemas.register(EntitySchema("Bad Type", summary: "", title: "t", properties: [PropertySchema("t", .string)]))
        }
    }

    @Test func displayRepresentationsComeFromTheSchema() throws {
        let index = try EntityIndex()
        let event = Entity(type: "calendar.event", id: "e", properties: [
            "title": "Crew Lunch", "startDate": "2026-03-10T12:00:00Z", "location": ["name": "Mess Hall"],
        ])
        #expect(index.displayRepresentation(of: event) == DisplayRepresentation(
            title: "Crew Lunch", subtitle: "2026-03-10 12:00 · Mess Hall", image: .systemName("calendar.badge.clock")))

        let body = String(repeating: "We watched Inception at the cinema deck. ", count: 4)
        let message = Entity(type: "messages.message", id: "m", properties: ["body": .string(body)])
        let shown = index.displayRepresentation(of: message)
        #expect(shown.title.count == EntitySchema.maximumTitleLength)
        #expect(shown.title.hasSuffix("…"))
        #expect(shown.subtitle == nil)

        // A document without a title shows its text.
        let document = Entity(type: "document.document", id: "d", properties: ["text": "Regolith shielding study"])
        #expect(index.displayRepresentation(of: document).title == "Regolith shielding study")
    }

    @Test func searchResultsCarryTitleAndSubtitle() throws {
        let index = try EntityIndex()
        try index.donate(try sampleCorpus())
        let result = try #require(try index.search(SearchQuery("crew lunch", types: ["calendar.event"])).first)
        #expect(result.title == "Crew Lunch")
        #expect(result.subtitle == "2026-03-10 12:00 · Mess Hall")
        let message = try #require(try index.search(SearchQuery("Inception", types: ["messages.message"])).first)
        #expect(message.title?.hasPrefix("We watched Inception") == true)
    }
}
