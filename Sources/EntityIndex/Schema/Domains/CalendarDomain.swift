extension SchemaDomain {
    /// An attendee's answer to an invitation.
    public static let attendeeStatus = ValueKind.enumeration(
        name: "attendeeStatus", cases: ["accepted", "declined", "tentative", "pending"])
    /// What an attendee is.
    public static let attendeeType = ValueKind.enumeration(
        name: "attendeeType", cases: ["person", "room", "resource", "group", "unknown"])
    /// Whether an event takes place.
    public static let eventStatus = ValueKind.enumeration(
        name: "eventStatus", cases: ["confirmed", "tentative", "cancelled"])

    /// Calendars, their events, and the events' attendees.
    public static let calendar = SchemaDomain(name: "calendar", types: [
        EntitySchema("calendar.calendar", summary: "a calendar that holds events",
                     title: "title", image: .systemName("calendar"), properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                         PropertySchema("color", .string, searchable: .notSearched),
                     ]),
        EntitySchema("calendar.event", summary: "an event in a calendar",
                     title: "title", subtitle: ["startDate", "location"], image: .systemName("calendar.badge.clock"),
                     spokenNames: ["event", "meeting", "appointment"], properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                         PropertySchema("startDate", .date, required: true),
                         PropertySchema("endDate", .date),
                         PropertySchema("notes", .string),
                         PropertySchema("location", .oneOf([.place, .string])),
                         PropertySchema("calendar", .reference("calendar.calendar")),
                         PropertySchema("attendees", .array(.transient("calendar.attendee"))),
                         PropertySchema("recurrence", .recurrence),
                         PropertySchema("alarm", .oneOf([.duration, .date])),
                         PropertySchema("status", eventStatus, searchable: .keywords),
                         PropertySchema("isFavorite", .bool),
                     ]),
        EntitySchema("calendar.attendee", summary: "a person, room or resource invited to an event",
                     title: "name", subtitle: ["email"], image: .systemName("person"), transient: true, properties: [
                         PropertySchema("name", .string, searchable: .title),
                         PropertySchema("email", .string, searchable: .identifier),
                         PropertySchema("status", attendeeStatus, searchable: .keywords),
                         PropertySchema("attendeeType", attendeeType, searchable: .notSearched),
                     ]),
    ])
}
