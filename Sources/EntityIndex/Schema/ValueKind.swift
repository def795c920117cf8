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

extension ValueKind {
    /// The kinds named by one word in a `shortName`.
    static let simpleKinds: [String: ValueKind] = [
        "string": .string, "integer": .integer, "number": .number, "bool": .bool, "date": .date,
        "duration": .duration, "place": .place, "recurrence": .recurrence, "language": .language,
    ]

    /// What a kind may be written as, for messages.
    static let acceptedShortNames = """
        string, integer, number, bool, date, duration, place, recurrence, language; \
        a transient type ("calendar.attendee"); "-> TYPE" (a reference); "[KIND]" (a list); \
        "KIND | KIND" (any of several); or an enumeration's name with its values in "cases"
        """

    /// The kind a `shortName` names: the inverse of `shortName`. "date",
    /// "[calendar.attendee]", "place | string", "-> calendar.calendar"; any other
    /// plain word is an enumeration, whose values `cases` gives by its name
    /// (`shortName` does not carry them).
    /// - Throws: `EntityIndexError.Code.invalidSchema` naming what is wrong and the kinds accepted.
    public init(shortName: String, cases: [String: [String]] = [:]) throws {
        var parser = ShortNameParser(text: shortName, cases: cases)
        self = try parser.parse()
    }

    /// The enumerations a `shortName` names: its plain words that are no other kind.
    static func enumerationNames(inShortName shortName: String) -> [String] {
        var names: [String] = []
        for word in ShortNameParser(text: shortName, cases: [:]).tokens
        where word.first.map({ $0.isLetter || $0 == "_" }) == true && !word.contains(".") && simpleKinds[word] == nil && !names.contains(word) {
            names.append(word)
        }
        return names
    }
}

/// Reads a `ValueKind.shortName`: `kind ("|" kind)*`, where a kind is a word,
/// `-> TYPE` or `[kinds]`.
private struct ShortNameParser {
    let text: String
    let cases: [String: [String]]
    private(set) var tokens: [String] = []
    private var position = 0

    init(text: String, cases: [String: [String]]) {
        self.text = text
        self.cases = cases
        var characters = text[...]
        while let first = characters.first {
            if first.isWhitespace {
                characters.removeFirst()
            } else if characters.hasPrefix("->") {
                tokens.append("->")
                characters.removeFirst(2)
            } else if "[]|".contains(first) {
                tokens.append(String(first))
                characters.removeFirst()
            } else {
                var word = ""
                while let next = characters.first, !next.isWhitespace, !"[]|".contains(next), !characters.hasPrefix("->") {
                    word.append(next)
                    characters.removeFirst()
                }
                tokens.append(word)
            }
        }
    }

    private func fail(_ reason: String) -> EntityIndexError {
        EntityIndexError(.invalidSchema, "kind \"\(text)\": \(reason); a kind is \(ValueKind.acceptedShortNames)")
    }

    mutating func parse() throws -> ValueKind {
        let kind = try union()
        guard position == tokens.count else { throw fail("unexpected \"\(tokens[position])\"") }
        return kind
    }

    private mutating func union() throws -> ValueKind {
        var kinds = [try single()]
        while position < tokens.count, tokens[position] == "|" {
            position += 1
            kinds.append(try single())
        }
        return kinds.count == 1 ? kinds[0] : .oneOf(kinds)
    }

    private mutating func single() throws -> ValueKind {
        guard position < tokens.count else { throw fail(tokens.isEmpty ? "it is empty" : "it ends too soon") }
        let token = tokens[position]
        position += 1
        switch token {
        case "[":
            let element = try union()
            guard position < tokens.count, tokens[position] == "]" else { throw fail("a \"[\" is not closed") }
            position += 1
            return .array(element)
        case "->":
            guard position < tokens.count, tokens[position].contains(".") else {
                throw fail("\"->\" is followed by the type referred to (\"-> calendar.calendar\")")
            }
            position += 1
            return .reference(EntityType(rawValue: tokens[position - 1]))
        case "]", "|":
            throw fail("unexpected \"\(token)\"")
        default:
            if let kind = ValueKind.simpleKinds[token] { return kind }
            if token.contains(".") { return .transient(EntityType(rawValue: token)) }
            guard let values = cases[token] else {
                throw fail("unknown kind \"\(token)\" (if it is an enumeration, give its values in \"cases\")")
            }
            return .enumeration(name: token, cases: values)
        }
    }
}

extension ValueKind {
    /// Whether a value has this kind's shape (a shallow check, for picking the
    /// kind of a `oneOf` value that validation already accepted).
    func accepts(_ value: PropertyValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.enumeration, .string), (.integer, .integer), (.number, .integer),
             (.number, .number), (.bool, .bool), (.duration, .integer), (.duration, .number),
             (.transient, .object), (.array, .array):
            true
        case (.date, .string(let text)):
            ISO8601.seconds(fromDate: text) != nil
        case (.duration, .string(let text)):
            ISO8601.seconds(fromDuration: text) != nil
        case (.place, .object(let fields)):
            fields["name"]?.stringValue != nil
        case (.recurrence, .string), (.recurrence, .object):
            true
        case (.language, .string(let code)):
            Language.isCode(code)
        case (.reference, _):
            value.isReference
        case (.oneOf(let kinds), _):
            kinds.contains { $0.accepts(value) }
        default:
            false
        }
    }
}
