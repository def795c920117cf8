/// A JSON value (RFC 8259), as JSON Schema sees it: numbers compare by value
/// (`1 == 1.0`), strings and member names code point by code point (unlike Swift's
/// `String`, `"\u{E4}"` is not `"a\u{308}"`), objects regardless of member order,
/// and `true` is not `1`.
///
/// Parse one with `init(parsing:)`, or write one as a literal:
/// `let record: JSONValue = ["quantity": 2, "unit": "kg", "fragile": true]`.
public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): CodePoints(a) == CodePoints(b)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let number): hasher.combine(number)
        case .string(let string): hasher.combine(CodePoints(string))
        case .array(let elements): hasher.combine(elements)
        case .object(let object): hasher.combine(object)
        }
    }

    /// The value as compact JSON text.
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// The value as compact JSON, cut to about `limit` characters for messages.
    func brief(limit: Int = 60) -> String {
        let text = description
        return text.count <= limit ? text : text.prefix(limit) + "…"
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let number): text += number.description
        case .string(let string): Self.writeString(string, to: &text)
        case .array(let elements):
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (position, key) in object.keys.enumerated() {
                if position > 0 { text += "," }
                Self.writeString(key, to: &text)
                text += ":"
                object[key]!.write(to: &text)
            }
            text += "}"
        }
    }

    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

/// A JSON object: members looked up by name, kept in the order they were written
/// (for messages), and compared regardless of that order.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The member names, in the order they were written or added.
    public private(set) var keys: [String] = []
    private var members: [CodePoints: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// An object with the members in the order written; each name must appear once.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(literal: elements)
    }

    /// The members of a literal, in order; a repeated name is a programming error.
    fileprivate init(literal elements: [(String, JSONValue)]) {
        for (key, value) in elements {
            precondition(self[key] == nil, "duplicate member \"\(key)\" in a JSON object literal")
            self[key] = value
        }
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// The member named `key`; setting a new name appends it, setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { members[CodePoints(key)] }
        set {
            switch (self[key] != nil, newValue != nil) {
            case (false, true): keys.append(key)
            case (true, false): keys.removeAll { CodePoints($0) == CodePoints(key) }
            default: break
            }
            members[CodePoints(key)] = newValue
        }
    }

    public static func == (left: JSONObject, right: JSONObject) -> Bool {
        left.members == right.members
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// A number, as the shortest decimal that reads back as `value`.
    public init(floatLiteral value: Double) {
        guard let number = JSONNumber(value) else { preconditionFailure("a JSON number must be finite, not \(value)") }
        self = .number(number)
    }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object, members in the order written; each name must appear once.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(literal: elements))
    }
}

/// A string compared code point by code point, as JSON compares strings and member
/// names; Swift's `String` equates canonically equivalent ones ("\u{E4}", "a\u{308}").
struct CodePoints: Hashable, Sendable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (left: CodePoints, right: CodePoints) -> Bool {
        left.string.utf8.elementsEqual(right.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        for byte in string.utf8 { hasher.combine(byte) }
    }
}
