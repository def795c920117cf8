import Foundation

/// Why text is not JSON, and where: a strict RFC 8259 reading found a mistake.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, and what was expected instead.
    public let message: String
    /// The line of the mistake, counted from 1.
    public let line: Int
    /// The column of the mistake in UTF-8 bytes, counted from 1.
    public let column: Int

    public var description: String { "malformed JSON at line \(line), column \(column): \(message)" }
}

extension JSONValue {
    /// Arrays and objects nest at most this deep. Parsing itself uses no stack per level,
    /// but comparing, printing and validating values recurse, so deeper text is refused.
    public static let maximumNesting = 256

    /// The value that UTF-8 JSON text spells.
    ///
    /// Strict RFC 8259: one value with optional whitespace around it; no comments,
    /// trailing commas, single quotes, `NaN` or byte order mark. It also refuses what
    /// RFC 8259 leaves open: a member name repeated in one object, an escaped lone
    /// surrogate (`"\uD800"`), a number beyond the range of `Double`, and nesting
    /// deeper than `maximumNesting`.
    /// - Throws: `JSONParseError` naming the line and column of the first mistake.
    public init(parsing data: Data) throws(JSONParseError) {
        var parser = JSONParser(bytes: [UInt8](data))
        self = try parser.parseDocument()
    }

    /// The value that JSON text spells; see `init(parsing:)` for `Data`.
    public init(parsing text: String) throws(JSONParseError) {
        var parser = JSONParser(bytes: Array(text.utf8))
        self = try parser.parseDocument()
    }
}

/// A reader of JSON text, one byte at a time. Open arrays and objects are kept on an
/// explicit stack rather than the call stack, so no nesting can overflow it.
private struct JSONParser {
    /// An array or object whose closing bracket has not been read yet; changed in place
    /// on the stack, so adding to it never copies what it holds.
    private struct OpenContainer {
        let isArray: Bool
        var elements: [JSONValue] = []
        var object = JSONObject()
        /// The name of the object member whose value is being read.
        var name = ""
    }

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        var open: [OpenContainer] = []
        var value: JSONValue
        reading: while true {
            skipWhitespace()
            guard position < bytes.count else { throw failure("the text ends where a value was expected") }
            switch bytes[position] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard open.count < JSONValue.maximumNesting else {
                    throw failure("arrays and objects nest more than \(JSONValue.maximumNesting) deep; flatten the data")
                }
                let isArray = bytes[position] == UInt8(ascii: "[")
                position += 1
                skipWhitespace()
                if consume(isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                    value = isArray ? .array([]) : .object(JSONObject())
                    break
                }
                var container = OpenContainer(isArray: isArray)
                if !isArray { container.name = try parseMemberName(in: container.object) }
                open.append(container)
                continue reading
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"): value = try parseWord("true", .bool(true))
            case UInt8(ascii: "f"): value = try parseWord("false", .bool(false))
            case UInt8(ascii: "n"): value = try parseWord("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
            default: throw failure("unexpected \(found) where a value was expected")
            }
            // A value is complete: add it to the innermost open container, and close those that end here.
            while !open.isEmpty {
                let innermost = open.count - 1
                if open[innermost].isArray {
                    open[innermost].elements.append(value)
                } else {
                    open[innermost].object[open[innermost].name] = value
                }
                skipWhitespace()
                if consume(UInt8(ascii: ",")) {
                    if !open[innermost].isArray {
                        skipWhitespace()
                        open[innermost].name = try parseMemberName(in: open[innermost].object)
                    }
                    continue reading
                }
                let closed = open.removeLast()
                if closed.isArray {
                    guard consume(UInt8(ascii: "]")) else { throw failure("unexpected \(found) in an array; expected \",\" or \"]\"") }
                    value = .array(closed.elements)
                } else {
                    guard consume(UInt8(ascii: "}")) else { throw failure("unexpected \(found) in an object; expected \",\" or \"}\"") }
                    value = .object(closed.object)
                }
            }
            break
        }
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected \(found) after the value; a JSON text holds one value") }
        return value
    }

    /// A member name and its colon; `object` holds the members before it, which it must not repeat.
    private mutating func parseMemberName(in object: JSONObject) throws(JSONParseError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw failure("unexpected \(found) in an object; expected a member name in double quotes")
        }
        let nameStart = position
        let name = try parseString()
        guard object[name] == nil else {
            position = nameStart
            throw failure("the member name \"\(name)\" appears twice in one object; keep one")
        }
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw failure("unexpected \(found) after a member name; expected \":\"") }
        return name
    }

    private var found: String {
        guard position < bytes.count else { return "end of text" }
        let byte = bytes[position]
        return (0x21..<0x7F).contains(byte) ? "\"\(Character(UnicodeScalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
    }

    private func failure(_ message: String) -> JSONParseError {
        let before = bytes[..<min(position, bytes.count)]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return JSONParseError(message: message, line: before.count { $0 == UInt8(ascii: "\n") } + 1,
                              column: position - lineStart + 1)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func parseWord(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        guard bytes[position...].starts(with: word.utf8) else { throw failure("unexpected \(found); did you mean \(word)?") }
        position += word.utf8.count
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// A string from its opening quote to its closing one, escapes decoded.
    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1 // the opening quote
        var utf8: [UInt8] = []
        while true {
            guard position < bytes.count else { throw failure("the text ends inside a string; close it with \"") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw failure("the string before this point is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw failure("a control character (byte 0x\(String(byte, radix: 16))) inside a string; escape it (\\n, \\t, \\u00XX)")
            default:
                utf8.append(byte)
                position += 1
            }
        }
    }

    /// One escape after its backslash, appended as UTF-8.
    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        guard position < bytes.count else { throw failure("the text ends inside an escape") }
        let escaped = bytes[position]
        position += 1
        let simple: [UInt8: UInt8] = [UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                                      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                                      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09]
        if let byte = simple[escaped] {
            utf8.append(byte)
            return
        }
        guard escaped == UInt8(ascii: "u") else {
            position -= 2
            throw failure("unknown escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        var code = try parseHexQuad()
        if (0xD800..<0xDC00).contains(code) {
            guard bytes[position...].starts(with: Array("\\u".utf8)) else {
                throw failure("a high surrogate \\u\(String(code, radix: 16, uppercase: true)) without its low surrogate; encode the whole character")
            }
            position += 2
            let low = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
                throw failure("a high surrogate followed by \\u\(String(low, radix: 16, uppercase: true)), not a low surrogate")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw failure("a lone low surrogate \\u\(String(code, radix: 16, uppercase: true)); encode the whole character")
        }
        utf8.append(contentsOf: Array(String(Character(UnicodeScalar(code)!)).utf8))
    }

    private mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = hexValue(bytes[position]) else {
                throw failure("\\u must be followed by four hexadecimal digits")
            }
            code = code << 4 | digit
            position += 1
        }
        return code
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            if position < bytes.count, isDigit(bytes[position]) { throw failure("a number may not have leading zeros") }
        } else {
            try digits()
        }
        if consume(UInt8(ascii: ".")) { try digits() }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            try digits()
        }
        guard let number = JSONNumber(literal: Array(bytes[start..<position])) else {
            position = start
            throw failure("the number is beyond the range of a 64-bit floating-point number")
        }
        return .number(number)
    }

    private mutating func digits() throws(JSONParseError) {
        guard position < bytes.count, isDigit(bytes[position]) else { throw failure("unexpected \(found) in a number; expected a digit") }
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
