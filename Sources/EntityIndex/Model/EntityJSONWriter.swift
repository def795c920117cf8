import Foundation

/// Writes an entity as compact JSON with sorted keys — what the index stores.
/// Hand-written because Foundation's encoder was a fifth of the cost of
/// building a document; `JSONDecoder` reads the result back.
enum EntityJSONWriter {
    /// The entity's JSON bytes.
    static func bytes(of entity: Entity) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        out.append(UInt8(ascii: "{"))
        if let display = entity.display {
            // Rare (typed entities that show themselves): the encoder's bytes, keys sorted like the rest.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            out.append(contentsOf: #""display":"#.utf8)
            out.append(contentsOf: (try? encoder.encode(display)) ?? Data("null".utf8))
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: #""id":"#.utf8)
        appendString(entity.id, to: &out)
        out.append(contentsOf: #","properties":"#.utf8)
        appendObject(entity.properties, to: &out)
        out.append(contentsOf: #","type":"#.utf8)
        appendString(entity.type.rawValue, to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A property value's JSON bytes.
    static func bytes(of value: PropertyValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out)
        return out
    }

    private static func append(_ value: PropertyValue, to out: inout [UInt8]) {
        switch value {
        case .string(let text): appendString(text, to: &out)
        case .integer(let number): out.append(contentsOf: String(number).utf8)
        case .number(let number): out.append(contentsOf: (number.isFinite ? String(number) : "null").utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .object(let fields): appendObject(fields, to: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                append(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    private static func appendObject(_ fields: [String: PropertyValue], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (index, key) in fields.keys.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            append(fields[key]!, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
