import Foundation

/// Reads entities and updates from JSON Lines: one
/// `{"type": ..., "id": ..., "properties": {...}}` object a line.
public enum EntityJSONLines {
    /// Decodes and validates every line of `data`; blank lines are skipped.
    /// Fails on the first malformed or invalid line with its line number, so
    /// nothing from bad input is applied.
    /// - Parameters:
    ///   - data: UTF-8 JSON Lines.
    ///   - source: a name for the input (a file path) used in error messages.
    ///   - schemas: the types the entities must match.
    public static func decode(_ data: Data, source: String = "input",
                              schemas: SchemaRegistry = .builtIn) throws -> [Entity] {
        try decodeLines(data, source: source) { entity in
            do {
                return try schemas.validated(entity)
            } catch {
                throw EntityIndexError(.invalidEntity, "\(entity.identifier): \(error)", entity: entity.identifier,
                                       property: (error as? SchemaViolation)?.property)
            }
        }
    }

    /// Decodes partial updates: in each line's `properties`, a value sets the
    /// property, `null` clears it, and an absent property is left as it is.
    public static func decodeUpdates(_ data: Data, source: String = "input") throws -> [EntityUpdate] {
        try decodeLines(data, source: source) { entity in
            EntityUpdate(entity.identifier, json: entity.properties)
        }
    }

    private static func decodeLines<Result>(_ data: Data, source: String,
                                            _ transform: (Entity) throws -> Result) throws -> [Result] {
        let decoder = JSONDecoder()
        var results: [Result] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains(where: { !isWhitespace($0) }) else { continue }
            guard String(validating: line, as: UTF8.self) != nil else {
                throw EntityIndexError(.malformedInput, "\(source):\(lineNumber): the line is not valid UTF-8; nothing was applied",
                                       line: lineNumber)
            }
            do {
                results.append(try transform(try decoder.decode(Entity.self, from: line)))
            } catch {
                let entity = (error as? EntityIndexError)?.entity
                throw EntityIndexError(.malformedInput, "\(source):\(lineNumber): \(describe(error)); nothing was applied",
                                       entity: entity, property: (error as? EntityIndexError)?.property ?? codingPath(of: error),
                                       line: lineNumber)
            }
        }
        return results
    }

    /// Where in a line a decoding failure is, as a property path ("properties.title"), if it says.
    private static func codingPath(of error: any Error) -> String? {
        let context: DecodingError.Context
        switch error {
        case DecodingError.typeMismatch(_, let found), DecodingError.valueNotFound(_, let found), DecodingError.dataCorrupted(let found):
            context = found
        case DecodingError.keyNotFound(_, let found):
            context = found
        default:
            return nil
        }
        return context.codingPath.isEmpty ? nil : context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// A one-line reason for a decoding failure.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as EntityIndexError:
            return error.message
        case DecodingError.keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\"; each line is {\"type\": ..., \"id\": ..., \"properties\": {...}}"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "wrong kind of value at \"\(path)\": \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" is \(context.debugDescription)"
        case DecodingError.dataCorrupted:
            return "not valid JSON"
        default:
            return "\(error)"
        }
    }
}
