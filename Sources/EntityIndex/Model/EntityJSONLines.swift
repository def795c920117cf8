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
        try decodeLines(data, source: source) { try validated($0, by: schemas) }
    }

    /// Decodes partial updates: in each line's `properties`, a value sets the
    /// property, `null` clears it, and an absent property is left as it is.
    public static func decodeUpdates(_ data: Data, source: String = "input") throws -> [EntityUpdate] {
        try decodeLines(data, source: source) { entity in
            EntityUpdate(entity.identifier, json: entity.properties)
        }
    }

    /// Calls `body` with each entity of a JSON Lines file, checked against the
    /// schemas, reading the file a block at a time (memory stays bounded
    /// whatever its size). Fails on the first malformed or invalid line.
    static func forEachEntity(inFileAt path: String, source: String, schemas: SchemaRegistry,
                              _ body: (Entity) throws -> Void) throws {
        var lines = try LineReader(path: path)
        let decoder = JSONDecoder()
        var number = 0
        while let line = try lines.next() {
            number += 1
            if let entity = try decode(line: line, number: number, source: source, decoder: decoder, { try validated($0, by: schemas) }) {
                try body(entity)
            }
        }
    }

    private static func validated(_ entity: Entity, by schemas: SchemaRegistry) throws -> Entity {
        do {
            return try schemas.validated(entity)
        } catch {
            throw EntityIndexError(.invalidEntity, "\(entity.identifier): \(error)", entity: entity.identifier, property: error.property)
        }
    }

    private static func decodeLines<Result>(_ data: Data, source: String,
                                            _ transform: (Entity) throws -> Result) throws -> [Result] {
        let decoder = JSONDecoder()
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return try lines.enumerated().compactMap { offset, line in
            try decode(line: line, number: offset + 1, source: source, decoder: decoder, transform)
        }
    }

    /// What `transform` makes of one line's entity (the line numbered from 1);
    /// nil for a blank line. A failure names the source, the line and, where
    /// it can, the entity and property.
    private static func decode<Result>(line: Data, number: Int, source: String, decoder: JSONDecoder,
                                       _ transform: (Entity) throws -> Result) throws -> Result? {
        guard line.contains(where: { !isWhitespace($0) }) else { return nil }
        guard String(validating: line, as: UTF8.self) != nil else {
            throw EntityIndexError(.malformedInput, "\(source):\(number): the line is not valid UTF-8; nothing was applied", line: number)
        }
        do {
            // The reader is quicker; on a line it refuses, the decoder (which refuses it too) says why.
            let entity = try (try? EntityJSONReader.entity(from: Array(line))) ?? decoder.decode(Entity.self, from: line)
            return try transform(entity)
        } catch {
            let known = error as? EntityIndexError
            throw EntityIndexError(known?.code ?? .malformedInput, "\(source):\(number): \(describe(error)); nothing was applied",
                                   entity: known?.entity, property: known?.property ?? codingPath(of: error), line: number)
        }
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
