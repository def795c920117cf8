/// Why an entity does not match its schema, naming the property and what was expected.
struct SchemaViolation: Error, CustomStringConvertible {
    let description: String
    /// The property path it concerns ("attendees[0].email"), when it is one property.
    let property: String?
    init(_ description: String, property: String? = nil) {
        self.description = description
        self.property = property
    }
}

extension SchemaRegistry {
    /// The entity checked against its type's schema, with `null` properties
    /// dropped (a null donates nothing).
    /// - Throws: `SchemaViolation` for an unknown type, an unknown or missing
    ///   property, or a value of the wrong kind.
    func validated(_ entity: Entity) throws(SchemaViolation) -> Entity {
        if entity.id.isEmpty || entity.id.utf8.count > IndexLayout.maximumIDLength || entity.id.utf8.contains(0) {
            throw SchemaViolation("the id must be 1 to \(IndexLayout.maximumIDLength) bytes of text without NUL characters")
        }
        guard let schema = schema(for: entity.type) else {
            let known = domains.flatMap(\.types).filter { !$0.isTransient }.map(\.type.rawValue)
            throw SchemaViolation("unknown type \"\(entity.type)\"; known types: \(known.joined(separator: ", ")) (register others with SchemaRegistry.register, or entity-index --types FILE)")
        }
        guard !schema.isTransient else {
            throw SchemaViolation("\(entity.type) is transient: it is donated inside its parent entity, not on its own")
        }
        if let display = entity.display, display.title.allSatisfy(\.isWhitespace) {
            throw SchemaViolation("the display title is empty; give the entity's display representation a title, or none to show its \(schema.titleProperty)")
        }
        let checked = Entity(type: entity.type, id: entity.id,
                             properties: try checkedProperties(entity.properties, of: schema, path: ""), display: entity.display)
        try checkWholeValues(in: checked, schema: schema)
        return checked
    }

    private func checkedProperties(_ properties: [String: PropertyValue], of schema: EntitySchema,
                                   path: String) throws(SchemaViolation) -> [String: PropertyValue] {
        var kept: [String: PropertyValue] = [:]
        for name in properties.keys.sorted() {
            guard let property = schema.property(named: name) else {
                let names = schema.properties.map(\.name).joined(separator: ", ")
                throw SchemaViolation("unknown property \"\(path)\(name)\": \(schema.type) has \(names) (add app-specific ones with SchemaRegistry.addProperties)",
                                      property: path + name)
            }
            let value = properties[name]!
            if value != .null {
                kept[name] = try checked(value, as: property.kind, path: path + name)
            }
        }
        for property in schema.properties where property.isRequired && kept[property.name] == nil {
            throw SchemaViolation("missing required property \"\(path)\(property.name)\" (\(property.kind))", property: path + property.name)
        }
        return kept
    }

    /// Throws when a keyword or identifier is too long to be matched whole.
    private func checkWholeValues(in entity: Entity, schema: EntitySchema) throws(SchemaViolation) {
        try forEachValue(in: entity, schema: schema) { value throws(SchemaViolation) in
            guard value.property.searchability.matchesWhole, case .string(let text) = value.value else { return }
            let length = Searchability.wholeValue(text).utf8.count, limit = IndexLayout.maximumWholeValueLength(atPath: value.path)
            guard length <= limit else {
                throw SchemaViolation("""
                    property "\(value.place)": a keyword or identifier is matched whole and may be at most \(limit) bytes \
                    lowercased and without spaces; this one is \(length)
                    """, property: value.place)
            }
        }
    }

    /// The value, if it is of the kind (with nulls dropped inside transient objects).
    private func checked(_ value: PropertyValue, as kind: ValueKind, path: String) throws(SchemaViolation) -> PropertyValue {
        // Built only on failure: the snippet writes the value as JSON.
        var mismatch: SchemaViolation { SchemaViolation("property \"\(path)\": expected \(kind), got \(value.snippet)", property: path) }
        switch (kind, value) {
        case (.string, .string), (.integer, .integer), (.number, .integer), (.bool, .bool):
            return value
        case (.number, .number(let number)) where number.isFinite:
            return value
        case (.date, .string(let text)) where ISO8601.seconds(fromDate: text) != nil:
            return value
        case (.duration, .integer), (.duration, .number):
            return value
        case (.duration, .string(let text)) where ISO8601.seconds(fromDuration: text) != nil:
            return value
        case (.place, .object(let fields)) where Self.isPlace(fields):
            return value
        case (.recurrence, .string(let frequency)) where ValueKind.recurrenceFrequencies.contains(frequency):
            return value
        case (.recurrence, .object(let fields)) where Self.isRecurrence(fields):
            return value
        case (.language, .string(let code)) where Language.isCode(code):
            return value
        case (.enumeration(_, let cases), .string(let text)) where cases.contains(text):
            return value
        case (.reference(let type), .object(let fields)) where value.isReference && fields["type"]?.stringValue == type.rawValue:
            return value
        case (.transient(let type), .object(let fields)):
            guard let schema = schema(for: type) else {
                throw SchemaViolation("property \"\(path)\" holds \(type), which is not registered", property: path)
            }
            return .object(try checkedProperties(fields, of: schema, path: path + "."))
        case (.array(let element), .array(let values)):
            var checkedValues: [PropertyValue] = []
            for (index, element_) in values.enumerated() {
                checkedValues.append(try checked(element_, as: element, path: "\(path)[\(index)]"))
            }
            return .array(checkedValues)
        case (.oneOf(let kinds), _):
            for kind in kinds {
                if let accepted = try? checked(value, as: kind, path: path) { return accepted }
            }
            throw mismatch
        default:
            throw mismatch
        }
    }

    private static func isPlace(_ fields: [String: PropertyValue]) -> Bool {
        guard fields["name"]?.stringValue != nil,
              Set(fields.keys).isSubset(of: ["name", "latitude", "longitude"]) else { return false }
        return inRange(fields["latitude"], -90...90) && inRange(fields["longitude"], -180...180)
    }

    private static func inRange(_ value: PropertyValue?, _ range: ClosedRange<Double>) -> Bool {
        switch value {
        case nil: true
        case .integer(let number)?: range.contains(Double(number))
        case .number(let number)?: range.contains(number)
        default: false
        }
    }

    private static func isRecurrence(_ fields: [String: PropertyValue]) -> Bool {
        guard let frequency = fields["frequency"]?.stringValue, ValueKind.recurrenceFrequencies.contains(frequency),
              Set(fields.keys).isSubset(of: ["frequency", "interval", "end", "count"]) else { return false }
        func isPositive(_ value: PropertyValue?) -> Bool {
            if case .integer(let number)? = value { return number >= 1 }
            return value == nil
        }
        let endIsDate = fields["end"].map { $0.stringValue.flatMap(ISO8601.seconds(fromDate:)) != nil } ?? true
        return isPositive(fields["interval"]) && isPositive(fields["count"]) && endIsDate
    }
}

extension PropertyValue {
    /// The value as short JSON for an error message.
    var snippet: String {
        let json = String(decoding: EntityJSONWriter.bytes(of: self), as: UTF8.self)
        return json.count > 60 ? String(json.prefix(57)) + "..." : json
    }
}
