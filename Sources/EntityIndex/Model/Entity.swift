import Foundation

/// An entity as the index stores it: its type, its id and its properties.
///
/// On the command line an entity is one JSON line:
/// `{"type": "calendar.event", "id": "evt-1", "properties": {"title": "Crew Lunch"}}`.
public struct Entity: Hashable, Codable, Sendable {
    /// The entity's type, `<domain>.<kind>`.
    public var type: EntityType
    /// The entity's id, unique within its type.
    public var id: String
    /// The entity's properties by name.
    public var properties: [String: PropertyValue]
    /// How the entity is shown when it says so itself (a `DisplayRepresentable`
    /// value); nil to show its schema's title and subtitle properties.
    public var display: DisplayRepresentation?

    /// An entity of `type` with `id` and `properties`, shown as `display` says or by its schema.
    public init(type: EntityType, id: String, properties: [String: PropertyValue] = [:], display: DisplayRepresentation? = nil) {
        self.type = type
        self.id = id
        self.properties = properties
        self.display = display
    }

    /// The entity's key.
    public var identifier: EntityIdentifier {
        EntityIdentifier(type: type, id: id)
    }

    private enum CodingKeys: String, CodingKey {
        case type, id, properties, display
    }

    /// Decodes an entity; `properties` and `display` may be omitted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(EntityType.self, forKey: .type)
        id = try container.decode(String.self, forKey: .id)
        properties = try container.decodeIfPresent([String: PropertyValue].self, forKey: .properties) ?? [:]
        display = try container.decodeIfPresent(DisplayRepresentation.self, forKey: .display)
    }
}

extension Entity {
    /// Decodes the JSON an index stores for an entity.
    init(storedData: [UInt8]) throws {
        self = try EntityJSONReader.entity(from: storedData)
    }
}
