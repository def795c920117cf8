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
    /// How an event shows on a free/busy schedule (EventKit's `EKEventAvailability`).
    public static let eventAvailability = ValueKind.enumeration(
        name: "availability", cases: ["busy", "free", "tentative", "unavailable"])

    /// Calendars, their events, and the events' attendees.
    public static let calendar = SchemaDomain(name: "calendar", types: [
        EntitySchema("calendar.calendar", summary: "a calendar that holds events",
                     title: "title", image: .systemName("calendar"), spokenNames: ["calendar", "diary", "agenda"], properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                         PropertySchema("color", .string, searchable: .notSearched),
                     ]),
        EntitySchema("calendar.event", summary: "an event in a calendar",
                     title: "title", subtitle: ["startDate", "location"], image: .systemName("calendar.badge.clock"),
                     spokenNames: ["event", "meeting", "appointment", "session", "call", "plans"], endProperty: "endDate", scheduled: true,
                     properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                         PropertySchema("startDate", .date, required: true),
                         PropertySchema("endDate", .date, words: PropertyWords(names: ["end", "end time", "duration", "length"])),
                         PropertySchema("isAllDay", .bool,
                                        words: PropertyWords(whenTrue: ["all-day", "all day", "whole-day", "full-day"])),
                         PropertySchema("notes", .string),
                         PropertySchema("location", .oneOf([.place, .string]),
                                        words: PropertyWords(names: ["location", "place", "venue", "address"], cues: ["at", "in"])),
                         PropertySchema("virtualLocation", .string, searchable: .identifier,
                                        words: PropertyWords(names: ["meeting link", "call link", "virtual location"])),
                         PropertySchema("travelTime", .duration, words: PropertyWords(names: ["travel time", "journey time"])),
                         PropertySchema("calendar", .reference("calendar.calendar"), words: .cues("in", "on")),
                         PropertySchema("attendees", .array(.transient("calendar.attendee")),
                                        words: PropertyWords(names: ["attendees", "people", "participants", "guests"],
                                                             cues: ["with"])),
                         PropertySchema("organizers", .array(.transient("calendar.attendee")),
                                        words: PropertyWords(names: ["organizer", "organiser", "organizers", "organisers", "host"],
                                                             cues: ["organized by", "organised by", "hosted by"])),
                         PropertySchema("recurrence", .recurrence),
                         PropertySchema("alarm", .oneOf([.duration, .date]), words: PropertyWords(names: ["alarm", "alert"])),
                         PropertySchema("status", eventStatus, searchable: .keywords, words: PropertyWords(names: ["status"]),
                                        withdrawn: ["cancelled"]),
                         // Kept, not searched: "am I free on Friday" asks for the events
                         // that take the time, not for those marked free.
                         PropertySchema("availability", eventAvailability, searchable: .notSearched,
                                        words: PropertyWords(names: ["availability"])),
                         PropertySchema("isFavorite", .bool,
                                        words: PropertyWords(whenTrue: ["favorite", "favourite", "starred"])),
                     ]),
        EntitySchema("calendar.attendee", summary: "a person, room or resource invited to an event",
                     title: "name", subtitle: ["email"], image: .systemName("person"), transient: true,
                     properties: [
                         PropertySchema("name", .string, searchable: .title),
                         PropertySchema("email", .string, searchable: .identifier),
                         PropertySchema("status", attendeeStatus, searchable: .keywords),
                         PropertySchema("attendeeType", attendeeType, searchable: .notSearched),
                     ]),
    ])
}
