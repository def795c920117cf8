/// What "this", "it", "this event", "the first one" or "the last message"
/// points at on screen. Only the visible entities count.
enum ScreenReference: Equatable {
    /// The focused entity, if it is of one of these types (nil: any type).
    case focused(types: Set<EntityType>?)
    /// The visible entity at a position among those of these types (nil: any
    /// type); a negative position counts from the end (-1 is the last).
    case position(Int, types: Set<EntityType>?)

    private static let pointers: Set<String> = ["this", "that", "it"]
    private static let ordinals: [String: Int] = [
        "first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "sixth": 5, "seventh": 6, "eighth": 7,
        "ninth": 8, "tenth": 9, "1st": 0, "2nd": 1, "3rd": 2, "4th": 3, "5th": 4, "last": -1,
    ]

    /// The reference the whole text makes, or nil when it is not one
    /// ("this event" is; "this week's events" is not).
    init?(parsing text: String, schemas: SchemaRegistry) throws {
        var words = try normalizedWords(in: text)[...]
        if words.first == "the" { words.removeFirst() }
        guard let first = words.popFirst() else { return nil }
        if words.last == "one" { words.removeLast() }
        guard words.count <= 1 else { return nil }
        var types: Set<EntityType>?
        if let noun = words.first {
            let named = Self.types(named: noun, in: schemas)
            guard !named.isEmpty else { return nil }
            types = named
        }
        if Self.pointers.contains(first), first != "it" || types == nil {
            self = .focused(types: types)
        } else if let position = Self.ordinals[first] {
            self = .position(position, types: types)
        } else {
            return nil
        }
    }

    /// The entity pointed at, if the screen has one.
    func target(in context: ScreenContext) -> EntityIdentifier? {
        switch self {
        case .focused(let types):
            guard let focused = context.focused, types?.contains(focused.type) ?? true else { return nil }
            return focused
        case .position(let position, let types):
            let candidates = context.visible.filter { types?.contains($0.type) ?? true }
            let index = position < 0 ? candidates.count + position : position
            return candidates.indices.contains(index) ? candidates[index] : nil
        }
    }

    /// What decided the match, for `SearchResult.matched`.
    var matchedLabel: String {
        if case .focused = self { return "focused" }
        return "visible"
    }

    /// The non-transient types a noun names, singular or plural ("events").
    private static func types(named noun: String, in schemas: SchemaRegistry) -> Set<EntityType> {
        let singular = noun.hasSuffix("s") ? String(noun.dropLast()) : noun
        return Set(schemas.domains.flatMap(\.types).filter { schema in
            !schema.isTransient && (schema.spokenNames.contains(noun) || schema.spokenNames.contains(singular))
        }.map(\.type))
    }
}
