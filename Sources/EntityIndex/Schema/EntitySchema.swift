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
    /// The nouns a person uses for entities of this type, in any language
    /// ("event", "meeting"; plurals with a plain "s" or "es" need not be
    /// listed): "this event", "the last message", "are there any mails …".
    public var spokenNames: [String]
    /// The date property that time words in a request are about ("tomorrow",
    /// "next Friday"): an event's `startDate`, a message's `sentAt`; nil when
    /// the type has no date.
    public var timeProperty: String?
    /// The date property where the time ends (an event's `endDate`): a time
    /// a request says ("this morning", "on the 4th") takes in what is still
    /// going on then; nil when entities of the type happen at a moment.
    public var endProperty: String?
    /// Whether entities of this type are planned for their time (events,
    /// reminders), rather than made at it (messages, photos): a request that
    /// says only a time ("what's on tomorrow?") asks for these.
    public var isScheduled: Bool
    /// Whether entities of this type are people: "she", "him" and "they" point at them.
    public var isPerson: Bool
    /// Whether entities of this type are groups of people written to or
    /// called as one (a group chat): "text the book club" is said to one.
    public var isGroup: Bool
    /// Whether entities of this type live only inside a parent (an event's
    /// attendees): searchable through it, never results of their own.
    public var isTransient: Bool

    /// A schema for a type.
    /// Spoken names default to the type's kind (`event` for `calendar.event`);
    /// the time property to the first required date property, else the first date.
    public init(_ type: EntityType, summary: String, title titleProperty: String, subtitle subtitleProperties: [String] = [],
                image: DisplayRepresentation.Image? = nil, spokenNames: [String]? = nil, timeProperty: String? = nil,
                endProperty: String? = nil, scheduled: Bool = false, person: Bool = false, group: Bool = false, transient: Bool = false,
                properties: [PropertySchema]) {
        self.spokenNames = spokenNames ?? [String(type.rawValue.split(separator: ".").last ?? "")]
        self.type = type
        self.summary = summary
        self.properties = properties
        self.titleProperty = titleProperty
        self.subtitleProperties = subtitleProperties
        self.image = image
        let dates = properties.filter { $0.kind == .date }
        self.timeProperty = timeProperty ?? (dates.first(where: \.isRequired) ?? dates.first)?.name
        self.endProperty = endProperty
        self.isScheduled = scheduled
        self.isPerson = person
        self.isGroup = group
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
