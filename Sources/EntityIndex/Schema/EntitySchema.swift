/// The shape of one entity type: its properties and how it is displayed.
public struct EntitySchema: Sendable, Hashable {
    /// The type, `<domain>.<kind>`.
    public var type: EntityType
    /// A short description for listings.
    public var summary: String
    /// The properties, in the order they are listed and displayed.
    public var properties: [PropertySchema]
    /// The property whose value is the display title.
    public var titleProperty: String
    /// The properties whose values make the display subtitle, joined by " · ".
    public var subtitleProperties: [String]
    /// The image shown for entities of this type.
    public var image: DisplayRepresentation.Image?
    /// The nouns a person uses for entities of this type ("event", "meeting"),
    /// for "this event" and "the last message".
    public var spokenNames: [String]
    /// Whether entities of this type live only inside a parent (an event's
    /// attendees): searchable through it, never results of their own.
    public var isTransient: Bool

    /// A schema for a type.
    /// Spoken names default to the type's kind (`event` for `calendar.event`).
    public init(_ type: EntityType, summary: String, title titleProperty: String, subtitle subtitleProperties: [String] = [],
                image: DisplayRepresentation.Image? = nil, spokenNames: [String]? = nil, transient: Bool = false,
                properties: [PropertySchema]) {
        self.spokenNames = spokenNames ?? [String(type.rawValue.split(separator: ".").last ?? "")]
        self.type = type
        self.summary = summary
        self.properties = properties
        self.titleProperty = titleProperty
        self.subtitleProperties = subtitleProperties
        self.image = image
        self.isTransient = transient
    }

    /// The property with a name, if the type has one.
    public func property(named name: String) -> PropertySchema? {
        properties.first { $0.name == name }
    }
}

/// A group of related entity types, e.g. calendar (calendars, events, attendees).
public struct SchemaDomain: Sendable, Hashable {
    /// The domain's name, the first part of its types' names.
    public var name: String
    /// The domain's types.
    public var types: [EntitySchema]

    /// A domain of types.
    public init(name: String, types: [EntitySchema]) {
        self.name = name
        self.types = types
    }
}
