/// What kind of value a property holds. Entities carry JSON values; a kind
/// says which JSON shapes are accepted and how they are indexed.
public indirect enum ValueKind: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string
    /// A whole number.
    case integer
    /// Any number.
    case number
    /// `true` or `false`.
    case bool
    /// An ISO-8601 date or date-time string ("2026-03-14", "2026-03-14T09:00:00Z").
    case date
    /// An ISO-8601 duration string ("-PT15M") or a number of seconds.
    case duration
    /// A place: `{"name", "latitude", "longitude"}` (name required, coordinates optional).
    case place
    /// A repetition rule: "daily", "weekly", "monthly", "yearly", or
    /// `{"frequency", "interval", "end", "count"}`.
    case recurrence
    /// A language as a BCP 47 code ("ja", "pt-BR"): the language an entity is
    /// written in, so that "the message in Japanese" finds it.
    case language
    /// One of a fixed set of strings, e.g. an attendee's status.
    case enumeration(name: String, cases: [String])
    /// A reference to another indexed entity: `{"type": ..., "id": ...}`.
    case reference(EntityType)
    /// An entity without identity of its own, stored and searched inside its parent.
    case transient(EntityType)
    /// A list of values of one kind.
    case array(ValueKind)
    /// A value of any of several kinds, tried in order (a location is a place or a string).
    case oneOf([ValueKind])

    /// The frequencies a recurrence accepts.
    public static let recurrenceFrequencies = Recurrence.Frequency.allCases.map(\.rawValue)

    /// A short phrase for messages and listings: "a date (ISO-8601, …)".
    public var description: String {
        switch self {
        case .string: "a string"
        case .integer: "a whole number"
        case .number: "a number"
        case .bool: "true or false"
        case .date: "a date (ISO-8601, e.g. \"2026-03-14T09:00:00Z\")"
        case .duration: "a duration (ISO-8601, e.g. \"-PT15M\", or seconds)"
        case .place: "a place {\"name\", \"latitude\", \"longitude\"}"
        case .recurrence: "a recurrence (\"daily\", \"weekly\", \"monthly\", \"yearly\" or {\"frequency\", \"interval\", \"end\", \"count\"})"
        case .language: "a language code (BCP 47, e.g. \"ja\", \"pt-BR\")"
        case .enumeration(let name, let cases): "one of \(cases.joined(separator: ", ")) (\(name))"
        case .reference(let type): "a reference {\"type\": \"\(type)\", \"id\": ...}"
        case .transient(let type): "a \(type) object"
        case .array(let element): "a list of \(element)"
        case .oneOf(let kinds): kinds.map(\.description).joined(separator: " or ")
        }
    }

    /// A compact name for schema listings: "date", "[calendar.attendee]", "place | string".
    public var shortName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .bool: "bool"
        case .date: "date"
        case .duration: "duration"
        case .place: "place"
        case .recurrence: "recurrence"
        case .language: "language"
        case .enumeration(let name, _): name
        case .reference(let type): "-> \(type)"
        case .transient(let type): type.rawValue
        case .array(let element): "[\(element.shortName)]"
        case .oneOf(let kinds): kinds.map(\.shortName).joined(separator: " | ")
        }
    }

    /// Whether values of this kind can hold words to search.
    var holdsText: Bool {
        switch self {
        case .string, .place, .enumeration, .transient: true
        case .array(let element): element.holdsText
        case .oneOf(let kinds): kinds.contains(where: \.holdsText)
        default: false
        }
    }

    /// Whether values of this kind are kept as sortable numbers for range filters.
    var isSortable: Bool {
        switch self {
        case .integer, .number, .date: true
        default: false
        }
    }
}
