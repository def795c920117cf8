import Testing
@testable import EntityIndex

/// The built-in domains, registering types, and display representations.
@Suite struct SchemaTests {
    let registry = SchemaRegistry.builtIn

    @Test func builtInTypesHaveTheirProperties() throws {
        let expected: [EntityType: [String]] = [
            "calendar.calendar": ["title", "color"],
            "calendar.event": ["title", "startDate", "endDate", "isAllDay", "notes", "location", "virtualLocation", "travelTime",
                               "calendar", "attendees", "organizers", "recurrence", "alarm", "status", "availability", "isFavorite"],
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

    @Test func theEventHoldsTheOptionalPropertiesOfAppSchemasCalendarEvent() throws {
        let event = try #require(registry.schema(for: "calendar.event"))
        let added: [(name: String, kind: ValueKind, searchable: Searchability)] = [
            ("isAllDay", .bool, .notSearched),
            ("virtualLocation", .string, .identifier),
            ("travelTime", .duration, .notSearched),
            ("organizers", .array(.transient("calendar.attendee")), .text),
            ("availability", SchemaDomain.eventAvailability, .notSearched),
        ]
        for (name, kind, searchable) in added {
            let property = try #require(event.property(named: name), "\(name)")
            #expect(property.kind == kind, "\(name)")
            #expect(property.searchability == searchable, "\(name)")
            #expect(!property.isRequired, "\(name)")
        }
        #expect(event.property(named: "isAllDay")?.words.whenTrue.contains("all day") == true)
        #expect(event.property(named: "organizers")?.words.cues.contains("organized by") == true)

        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "e1", properties: [
                "title": "Budget Review", "startDate": "2026-06-21T10:00:00Z", "travelTime": "PT30M", "availability": "busy",
                "virtualLocation": "https://meet.tycho.space/budget-review",
                "organizers": [["name": "Amara Okafor", "email": "amara@tycho.space"]],
            ]),
            Entity(type: "calendar.event", id: "e2", properties: ["title": "Solstice", "startDate": "2026-06-21", "isAllDay": true]),
            // An event as donated before: none of them is required.
            Entity(type: "calendar.event", id: "e3", properties: ["title": "Hydroponics Sync", "startDate": "2026-06-21T14:00:00Z"]),
        ])
        let review = try #require(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "e1")))
        #expect(review.properties["travelTime"] == "PT30M")
        #expect(review.properties["availability"] == "busy")
        #expect(try index.resolve(SearchQuery("events organized by Amara")).results.map(\.identifier.id) == ["e1"])
        #expect(try index.resolve(SearchQuery("https://meet.tycho.space/budget-review")).results.first?.identifier.id == "e1")
        #expect(ids(try index.search(SearchQuery("okafor", property: "organizers"))) == ["e1"])
        let allDay = try index.resolve(SearchQuery("the all day event"))
        #expect(allDay.status == .resolved)
        #expect(allDay.results.map(\.identifier.id) == ["e2"])
        #expect(throws: EntityIndexError.self) {
            try index.donate([Entity(type: "calendar.event", id: "e4", properties: [
                "title": "x", "startDate": "2026-06-21", "availability": "away"])])
        }
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
