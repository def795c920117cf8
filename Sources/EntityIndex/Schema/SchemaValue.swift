/// One value an entity holds, reached along its type's schema
/// (`SchemaRegistry.forEachValue(in:schema:_:)`): a property's value, a list's
/// element, or a property of a transient part. Lists and parts are walked
/// through, not visited themselves.
struct SchemaValue {
    /// The value.
    let value: PropertyValue
    /// Its kind: for a list's element the element kind, for a union's value the kind it fits.
    let kind: ValueKind
    /// The property it is a value of (a transient part's own property for a part's value).
    let property: PropertySchema
    /// Its property path, parts joined by ".": "attendees.email".
    let path: String
    /// Where it is in the entity, list positions included: "attendees[0].email".
    let place: String
    /// The language the nearest property around it declares, if any.
    let language: Language?

    /// The transient part it is a value of ("attendees[0]" for "attendees[0].email"); nil for the entity's own.
    var part: Substring? {
        place.lastIndex(of: ".").map { place[..<$0] }
    }
}

extension SchemaRegistry {
    /// The one walk over an entity's values along its schema, which indexing,
    /// validation's length limits and references share. Visits every value in
    /// the schema's property order, depth first.
    /// - Parameter entity: any entity; a value that does not fit its kind
    ///   (in one not `validated(_:)`) is visited as it is, not walked into.
    func forEachValue<Failure>(in entity: Entity, schema: EntitySchema,
                               _ visit: (SchemaValue) throws(Failure) -> Void) throws(Failure) {
        try forEachValue(in: entity.properties, of: schema, path: "", place: "", language: nil, visit)
    }

    private func forEachValue<Failure>(in fields: [String: PropertyValue], of schema: EntitySchema, path: String, place: String,
                                       language: Language?, _ visit: (SchemaValue) throws(Failure) -> Void) throws(Failure) {
        for property in schema.properties {
            guard let value = fields[property.name] else { continue }
            try forEach(SchemaValue(value: value, kind: property.kind, property: property, path: path + property.name,
                                    place: place + property.name, language: property.language ?? language), visit)
        }
    }

    private func forEach<Failure>(_ found: SchemaValue, _ visit: (SchemaValue) throws(Failure) -> Void) throws(Failure) {
        switch (found.kind, found.value) {
        case (.transient(let type), .object(let fields)):
            guard let schema = schema(for: type) else { return }
            try forEachValue(in: fields, of: schema, path: found.path + ".", place: found.place + ".", language: found.language, visit)
        case (.array(let element), .array(let values)):
            for (position, value) in values.enumerated() {
                try forEach(SchemaValue(value: value, kind: element, property: found.property, path: found.path,
                                        place: "\(found.place)[\(position)]", language: found.language), visit)
            }
        case (.oneOf(let kinds), let value):
            guard let fitting = kinds.first(where: { $0.accepts(value) }) else { return }
            try forEach(SchemaValue(value: value, kind: fitting, property: found.property, path: found.path,
                                    place: found.place, language: found.language), visit)
        default:
            try visit(found)
        }
    }
}
