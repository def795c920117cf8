import Foundation

/// A Swift type whose values are indexed as entities of one schema type, as in
/// App Intents. Its `Codable` properties (other than `id`) are the entity's
/// properties; dates are ISO-8601.
///
/// ```swift
/// struct CrewEvent: IndexedEntity {
///     static let entityType: EntityType = "calendar.event"
///     var id: String
///     var title: String
///     var startDate: Date
///     var attendees: [Attendee] = []
/// }
/// try index.donate([CrewEvent(id: "evt-1", title: "Crew Lunch", startDate: .now)])
/// let event = try index.entity(CrewEvent.self, id: "evt-1")
/// ```
public protocol IndexedEntity: Codable, Sendable, Identifiable where ID == String {
    /// The schema type the values are stored as.
    static var entityType: EntityType { get }
}

/// A type that says how its values are shown, as an App Intents `AppEntity`
/// does, instead of the schema's title and subtitle properties.
public protocol DisplayRepresentable {
    /// How the value is shown to a person.
    var displayRepresentation: DisplayRepresentation { get }
}

/// A Swift type for an entity without identity of its own (an event's
/// attendee): stored and searched inside its parent, never a result.
public protocol TransientEntity: Codable, Sendable {
    /// The transient schema type the values match.
    static var entityType: EntityType { get }
}

extension IndexedEntity {
    /// The value as the index stores it.
    public func entity() throws -> Entity {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard case .object(var properties) = try JSONDecoder().decode(PropertyValue.self, from: try encoder.encode(self)) else {
            throw EntityIndexError(.invalidEntity, "\(Self.self) must encode as a keyed container (a struct or class with properties)")
        }
        properties["id"] = nil
        return Entity(type: Self.entityType, id: id, properties: properties, display: (self as? any DisplayRepresentable)?.displayRepresentation)
    }

    /// A value from a stored entity of `entityType`.
    public init(_ entity: Entity) throws {
        guard entity.type == Self.entityType else {
            throw EntityIndexError(.invalidEntity, "\(entity.identifier) is not a \(Self.entityType), so it cannot become a \(Self.self)")
        }
        var properties = entity.properties
        properties["id"] = .string(entity.id)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            self = try decoder.decode(Self.self, from: JSONEncoder().encode(PropertyValue.object(properties)))
        } catch {
            throw EntityIndexError(.invalidEntity, "\(entity.identifier) does not decode as \(Self.self): \(error)")
        }
    }
}

extension EntityIndex {
    /// Adds or replaces typed entities (see `donate(_:progress:)`).
    public func donate<Value: IndexedEntity>(_ values: [Value]) throws {
        try donate(try values.map { try $0.entity() })
    }

    /// The typed entity with an id, or nil when it is not indexed.
    public func entity<Value: IndexedEntity>(_ type: Value.Type, id: String) throws -> Value? {
        try entity(for: EntityIdentifier(type: Value.entityType, id: id)).map(Value.init)
    }

    /// The typed entities with these ids, in the same order; those not indexed are left out.
    public func entities<Value: IndexedEntity>(_ type: Value.Type, ids: [String]) throws -> [Value] {
        try entities(for: ids.map { EntityIdentifier(type: Value.entityType, id: $0) }).map(Value.init)
    }

    /// A page of all typed entities of their type (see `allEntities(ofType:offset:limit:)`).
    public func allEntities<Value: IndexedEntity>(_ type: Value.Type, offset: Int = 0, limit: Int = 100) throws -> [Value] {
        try allEntities(ofType: Value.entityType, offset: offset, limit: limit).map(Value.init)
    }

    /// How a typed entity is shown: as it says itself when its type is
    /// `DisplayRepresentable`, else from its type's schema.
    public func displayRepresentation<Value: IndexedEntity>(of value: Value) throws -> DisplayRepresentation {
        displayRepresentation(of: try value.entity())
    }
}
