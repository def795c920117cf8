/// A person handed between apps, and the contacts and attendees that stand
/// for one here (as App Intents' `Transferable` converts them): a person's
/// display name is a contact's or attendee's `name`, its handles their
/// `email` and `phone`.
extension IntentPerson {
    /// The person a contact or an attendee is, to hand to another app: its
    /// `name`, `email` and `phone` (the first of a list).
    /// - Parameter properties: a contact's (`Entity.properties`) or an attendee's properties.
    public init(properties: [String: PropertyValue]) {
        func text(_ name: String) -> String? {
            switch properties[name] {
            case .string(let value)?: value
            case .array(let values)?: values.lazy.compactMap(\.stringValue).first
            default: nil
            }
        }
        self.init(displayName: text("name"), email: text("email"), phone: text("phone"))
    }

    /// The person a contact is (`init(properties:)` of the contact's properties).
    public init(contact: Entity) {
        self.init(properties: contact.properties)
    }

    /// The properties this person gives a contact or an attendee: those it has.
    public var properties: [String: PropertyValue] {
        var properties: [String: PropertyValue] = [:]
        for (name, value) in [("name", displayName), ("email", email), ("phone", phone)] {
            if let value, !value.isEmpty { properties[name] = .string(value) }
        }
        return properties
    }

    /// The person as an event's attendee (`calendar.attendee`): a name and email.
    public var attendee: PropertyValue {
        .object(properties.filter { $0.key != "phone" })
    }
}

extension EntityIndex {
    /// Imports a person from another app as a new contact with `id`, donated
    /// and validated like any donation (a contact without a name is refused
    /// and nothing is written); an entity with that id is replaced.
    /// - Returns: the contact as stored.
    @discardableResult
    public func importContact(_ person: IntentPerson, id: String, type: EntityType = "messages.contact") throws -> Entity {
        guard configuration.schemas.schema(for: type)?.isPerson == true else {
            throw EntityIndexError(.invalidEntity, "\(type) is not a type of people; import the person as a contact type such as messages.contact")
        }
        let contact = Entity(type: type, id: id, properties: person.properties)
        try donate([contact])
        return contact
    }
}
