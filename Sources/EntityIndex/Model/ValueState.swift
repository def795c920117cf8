/// What a partial update does with one property, as App Intents' `valueState`:
/// `.set(value)` sets it, `.set(nil)` clears it, `.unset` leaves it as it is.
public enum ValueState<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Set to a value, or cleared with `nil`.
    case set(Value?)
    /// Not part of the request: left as it is.
    case unset
}

/// A partial update of one indexed entity.
public struct EntityUpdate: Sendable, Hashable {
    /// The entity to change.
    public var identifier: EntityIdentifier
    /// The properties to set or clear; properties not listed are left as they are.
    public var changes: [String: ValueState<PropertyValue>]

    /// An update of an entity's properties.
    public init(_ identifier: EntityIdentifier, changes: [String: ValueState<PropertyValue>]) {
        self.identifier = identifier
        self.changes = changes
    }

    /// The update a JSON object describes: a property present with a value is
    /// set, present with `null` is cleared, absent is left as it is.
    public init(_ identifier: EntityIdentifier, json properties: [String: PropertyValue]) {
        self.init(identifier, changes: properties.mapValues { $0 == .null ? .set(nil) : .set($0) })
    }

    /// The entity after this update.
    func applied(to entity: Entity) -> Entity {
        var updated = entity
        for (name, state) in changes {
            switch state {
            case .set(let value?): updated.properties[name] = value
            case .set(nil): updated.properties[name] = nil
            case .unset: break
            }
        }
        return updated
    }
}
