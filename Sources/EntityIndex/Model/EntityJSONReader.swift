import Foundation

/// Reads an entity's JSON by hand: what an index stores (`EntityJSONWriter`'s)
/// and the lines of a donated file. `JSONDecoder` tries each kind of value in
/// turn, paying for an error at every miss: reading stored entities was 8%
/// of a name look-up read as a sender ("From Tracker"), and decoding lines
/// kept the one thread that writes a donated file busy. Values come out as
/// `JSONDecoder` gives them: a number whose value is a whole number within
/// `Int` is an integer ("5.0" too), any other a `Double`; the first of a
/// repeated key is kept, and a comma before a closing bracket is allowed.
enum EntityJSONReader {
    /// The entity in `bytes`.
    /// - Throws: `DecodingError.dataCorrupted` when they are not an entity's JSON.
    static func entity(from bytes: [UInt8]) throws -> Entity {
        let fields = try bytes.withUnsafeBufferPointer { buffer -> [String: PropertyValue] in
            var parser = Parser(bytes: buffer)
            guard case .object(let fields) = try parser.document() else { throw Parser.failure("the entity is not a JSON object") }
            return fields
        }
        if let display = fields["display"], display != .null {
            // Rare (typed entities that show themselves): their display is the decoder's to read.
            return try JSONDecoder().decode(Entity.self, from: Data(bytes))
        }
        guard case .string(let type)? = fields["type"], case .string(let id)? = fields["id"] else {
            throw Parser.failure("the entity has no string \"type\" and \"id\"")
        }
        switch fields["properties"] {
        case .object(let properties)?: return Entity(type: EntityType(rawValue: type), id: id, properties: properties)
        case nil, .null?: return Entity(type: EntityType(rawValue: type), id: id)
        default: throw Parser.failure("the entity's \"properties\" are not an object")
        }
    }

    /// A JSON parser over bytes (RFC 8259), strict as `JSONDecoder` is.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        /// The deepest nesting read, as `JSONDecoder` allows.
        static let maximumDepth = 512

        static func failure(_ reason: String) -> DecodingError {
            .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: reason))
        }

        private func failure(expecting what: String) -> DecodingError {
            Self.failure("expected \(what) at byte \(position)")
        }

        /// The one value the bytes hold, with nothing but white space around it.
        mutating func document() throws -> PropertyValue {
            let value = try value(depth: 0)
            skipWhiteSpace()
            guard position == bytes.count else { throw failure(expecting: "the end") }
            return value
        }

        private mutating func value(depth: Int) throws -> PropertyValue {
            guard depth < Self.maximumDepth else { throw failure(expecting: "a value nested less deeply") }
            skipWhiteSpace()
            guard position < bytes.count else { throw failure(expecting: "a value") }
            switch bytes[position] {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "{"): return .object(try object(depth: depth))
            case UInt8(ascii: "["): return .array(try array(depth: depth))
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return try number()
            }
        }

        private mutating func object(depth: Int) throws -> [String: PropertyValue] {
            var fields: [String: PropertyValue] = [:]
            if opensEmpty(closedBy: UInt8(ascii: "}")) { return fields }
            repeat {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure(expecting: "a key") }
                let key = try string()
                skipWhiteSpace()
                guard consume(UInt8(ascii: ":")) else { throw failure(expecting: "':'") }
                let value = try value(depth: depth + 1)
                if fields[key] == nil { fields[key] = value }  // the first of a repeated key, as the decoder keeps
            } while try another(before: UInt8(ascii: "}"))
            return fields
        }

        private mutating func array(depth: Int) throws -> [PropertyValue] {
            var values: [PropertyValue] = []
            if opensEmpty(closedBy: UInt8(ascii: "]")) { return values }
            repeat {
                values.append(try value(depth: depth + 1))
            } while try another(before: UInt8(ascii: "]"))
            return values
        }

        /// Steps past an object's or an array's opening bracket; true when its
        /// `closing` one follows at once.
        private mutating func opensEmpty(closedBy closing: UInt8) -> Bool {
            position += 1
            skipWhiteSpace()
            return consume(closing)
        }

        /// After an element: whether another follows its comma; false past the
        /// `closing` bracket, which may follow a comma, as the decoder allows.
        private mutating func another(before closing: UInt8) throws -> Bool {
            skipWhiteSpace()
            if consume(UInt8(ascii: ",")) {
                skipWhiteSpace()
                return !consume(closing)
            }
            guard consume(closing) else { throw failure(expecting: "',' or '\(Character(Unicode.Scalar(closing)))'") }
            return false
        }

        /// A string, from its opening quote: escapes resolved, valid UTF-8 required.
        private mutating func string() throws -> String {
            position += 1
            let start = position
            // Most strings hold no escape: their bytes are the string's.
            while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20 {
                position += 1
            }
            guard position < bytes.count else { throw failure(expecting: "a closing '\"'") }
            var text = Array(bytes[start..<position])
            while bytes[position] != UInt8(ascii: "\"") {
                let byte = bytes[position]
                guard byte >= 0x20 else { throw failure(expecting: "no control character in a string") }
                position += 1
                if byte == UInt8(ascii: "\\") {
                    try escape(into: &text)
                } else {
                    text.append(byte)
                }
                guard position < bytes.count else { throw failure(expecting: "a closing '\"'") }
            }
            position += 1
            guard let string = String(validating: text, as: UTF8.self) else { throw failure(expecting: "UTF-8 text in the string") }
            return string
        }

        /// The character an escape stands for, after its backslash, appended as UTF-8.
        private mutating func escape(into text: inout [UInt8]) throws {
            guard position < bytes.count else { throw failure(expecting: "an escape") }
            let letter = bytes[position]
            position += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexUnit()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate needs its low half, escaped right after it.
                    guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw failure(expecting: "a low surrogate") }
                    let low = try hexUnit()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure(expecting: "a low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let character = Unicode.Scalar(scalar) else { throw failure(expecting: "a Unicode scalar") }
                text.append(contentsOf: String(character).utf8)
            default:
                throw failure(expecting: "a valid escape")
            }
        }

        private mutating func hexUnit() throws -> UInt32 {
            guard position + 4 <= bytes.count else { throw failure(expecting: "four hex digits") }
            var unit: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = bytes[position].hexDigitValue else { throw failure(expecting: "a hex digit") }
                unit = unit << 4 | UInt32(digit)
                position += 1
            }
            return unit
        }

        /// A number as JSON writes it: an integer when its value is a whole
        /// number `Int` holds, as `JSONDecoder` reads one into `Int`.
        private mutating func number() throws -> PropertyValue {
            let start = position
            _ = consume(UInt8(ascii: "-"))
            let integerStart = position
            guard digits() > 0 else { throw failure(expecting: "a value") }
            guard bytes[integerStart] != UInt8(ascii: "0") || position - integerStart == 1 else { throw failure(expecting: "no leading zero") }
            var whole = true
            if consume(UInt8(ascii: ".")) {
                whole = false
                guard digits() > 0 else { throw failure(expecting: "a digit after '.'") }
            }
            if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
                whole = false
                _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
                guard digits() > 0 else { throw failure(expecting: "a digit in the exponent") }
            }
            let literal = String(decoding: bytes[start..<position], as: UTF8.self)
            if whole, let integer = Int(literal) { return .integer(integer) }
            guard let number = Double(literal), number.isFinite else { throw failure(expecting: "a number within ±1.8e308") }
            if !whole, number == number.rounded(), number >= -0x1p63, number < 0x1p63 { return .integer(Int(number)) }
            return .number(number)
        }

        /// Skips decimal digits, returning how many.
        private mutating func digits() -> Int {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - start
        }

        private mutating func literal(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count,
                  UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[position..<position + count])
            else { throw failure(expecting: "a value") }
            position += count
        }

        /// Steps over `byte` when it comes next.
        private mutating func consume(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func skipWhiteSpace() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
        }
    }
}

private extension UInt8 {
    /// The value of an ASCII hex digit, nil for any other byte.
    var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
