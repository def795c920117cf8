import Foundation

/// One compiled (sub)schema: where it is in the schema document, and what it checks.
struct SchemaNode: Sendable {
    enum Body: Sendable {
        /// `true` accepts every instance, `false` none.
        case boolean(Bool)
        /// Every keyword must hold.
        case keywords([CompiledKeyword])
    }

    /// The schema's place in its document, as a JSON Pointer.
    let location: String
    let body: Body
}

/// A keyword as written (`name`), compiled; subschemas are indexes into the schema's nodes.
struct CompiledKeyword: Sendable {
    let name: String
    let rule: Rule

    enum Rule: Sendable {
        case type([JSONType])
        case enumeration([JSONValue])
        case constant(JSONValue)
        case numberBound(NumberBound, JSONNumber)
        case multipleOf(JSONNumber)
        case countBound(CountBound, Int)
        case pattern(SchemaPattern)
        case uniqueItems
        case required([String])
        case dependentRequired([(property: String, required: [String])])
        case properties([(name: String, schema: Int)])
        case patternProperties([(pattern: SchemaPattern, schema: Int)])
        /// The members neither named in `properties` nor matched by `patternProperties` beside it.
        case additionalProperties(schema: Int, named: Set<CodePoints>, patterns: [SchemaPattern])
        case propertyNames(Int)
        case dependentSchemas([(property: String, schema: Int)])
        case prefixItems([Int])
        /// The elements from `first` on (after those `prefixItems` beside it covers).
        case items(schema: Int, first: Int)
        case contains(schema: Int, minimum: Int, maximum: Int?)
        case allOf([Int])
        case anyOf([Int])
        case oneOf([Int])
        case not(Int)
        case conditional(if: Int, then: Int?, else: Int?)
        case reference(Int)
    }

    /// The subschemas this keyword applies to the same instance (not to a member or
    /// element of it): a cycle through these would never end.
    var subschemasInPlace: [Int] {
        switch rule {
        case .allOf(let schemas), .anyOf(let schemas), .oneOf(let schemas): schemas
        case .not(let schema), .reference(let schema): [schema]
        case .conditional(let condition, let then, let otherwise): [condition] + [then, otherwise].compactMap { $0 }
        case .dependentSchemas(let schemas): schemas.map(\.schema)
        default: []
        }
    }
}

/// The instance types JSON Schema names; `integer` is a number without a fractional part.
enum JSONType: String, Sendable, CaseIterable {
    case null, boolean, object, array, number, string, integer

    func matches(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.null, .null), (.boolean, .bool), (.object, .object), (.array, .array), (.number, .number), (.string, .string): true
        case (.integer, .number(let number)): number.isInteger
        default: false
        }
    }

    /// The type with its article, for messages: "an integer", "null".
    var phrase: String {
        switch self {
        case .null: "null"
        case .integer, .object, .array: "an \(rawValue)"
        case .boolean, .number, .string: "a \(rawValue)"
        }
    }

    /// The type of a value, as `type` would name it (a number is a `number` even when integral).
    init(of value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .boolean
        case .number: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }
}

/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`.
enum NumberBound: String, Sendable {
    case minimum, maximum, exclusiveMinimum, exclusiveMaximum

    /// Nil when `number` is within `limit`, otherwise why it is not.
    func violation(of number: JSONNumber, limit: JSONNumber) -> String? {
        switch self {
        case .minimum: number < limit ? "\(number) is less than the minimum \(limit)" : nil
        case .maximum: number > limit ? "\(number) is greater than the maximum \(limit)" : nil
        case .exclusiveMinimum: number <= limit ? "\(number) is not greater than the exclusive minimum \(limit)" : nil
        case .exclusiveMaximum: number >= limit ? "\(number) is not less than the exclusive maximum \(limit)" : nil
        }
    }
}

/// The keywords that bound a count: of a string's characters, an array's items, an object's members.
enum CountBound: String, Sendable {
    case minLength, maxLength, minItems, maxItems, minProperties, maxProperties

    /// Nil when `value` is not the kind this bound counts, or its count is within `limit`; otherwise why not.
    func violation(of value: JSONValue, limit: Int) -> String? {
        let count: Int, unit: String, subject: String
        switch (self, value) {
        case (.minLength, .string(let string)), (.maxLength, .string(let string)):
            // JSON Schema counts Unicode code points: "é" written as e + U+0301 is 2.
            (count, unit, subject) = (string.unicodeScalars.count, "character", value.brief())
        case (.minItems, .array(let elements)), (.maxItems, .array(let elements)):
            (count, unit, subject) = (elements.count, "item", "the array")
        case (.minProperties, .object(let object)), (.maxProperties, .object(let object)):
            (count, unit, subject) = (object.count, "property", "the object")
        default:
            return nil
        }
        let counted = "\(count) \(count == 1 ? unit : unit == "property" ? "properties" : unit + "s")"
        switch self {
        case .minLength, .minItems, .minProperties:
            return count < limit ? "\(subject) has \(counted), fewer than the minimum \(limit)" : nil
        case .maxLength, .maxItems, .maxProperties:
            return count > limit ? "\(subject) has \(counted), more than the maximum \(limit)" : nil
        }
    }
}

/// A `pattern` or `patternProperties` regular expression, matched anywhere in a string
/// (unanchored, as ECMA-262's `RegExp.test`); ICU's syntax, which agrees with
/// ECMA-262 on the common subset (`\d` also matches non-ASCII digits).
struct SchemaPattern: @unchecked Sendable {
    /// The expression as written in the schema.
    let source: String
    /// Immutable once made, and documented as safe to share between threads.
    private let expression: NSRegularExpression

    /// Nil when `source` is not a valid regular expression.
    init?(_ source: String) {
        guard let expression = try? NSRegularExpression(pattern: source) else { return nil }
        self.source = source
        self.expression = expression
    }

    func matches(_ string: String) -> Bool {
        expression.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
    }
}
