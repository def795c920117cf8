/// The value of an entity's property: any JSON value.
public indirect enum PropertyValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case array([PropertyValue])
    case object([String: PropertyValue])
    case null

    /// The string, when the value is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// True for an object of exactly `type` and `id`: a reference to another entity.
    var isReference: Bool {
        referenceTarget != nil
    }

    /// The entity a reference (an object of exactly `type` and `id`) points at.
    var referenceTarget: EntityIdentifier? {
        guard case .object(let fields) = self, fields.count == 2, let type = fields["type"]?.stringValue,
              let id = fields["id"]?.stringValue else { return nil }
        return EntityIdentifier(type: EntityType(rawValue: type), id: id)
    }
}

extension PropertyValue: Codable {
    /// Decodes any JSON value; integers stay integers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Strings first: they are most values, and each failed attempt costs an error.
        if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let array = try? container.decode([PropertyValue].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: PropertyValue].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: """
                not a value an entity can hold (a string, a number within ±1.8e308, true, false, null, an array or an object)
                """)
        }
    }

    /// Encodes the value as the JSON it came from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

extension PropertyValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: PropertyValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, PropertyValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
