import Foundation

/// Reads entities from JSON Lines: one `{"type", "id", "properties"}` object a line.
public enum EntityJSONLines {
    /// Decodes every line of `data`; blank lines are skipped. Fails on the first
    /// malformed line with its line number, so nothing from bad input is applied.
    /// - Parameters:
    ///   - data: UTF-8 JSON Lines.
    ///   - source: a name for the input (a file path) used in error messages.
    public static func decode(_ data: Data, source: String = "input") throws -> [Entity] {
        let decoder = JSONDecoder()
        var entities: [Entity] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains(where: { !isWhitespace($0) }) else { continue }
            do {
                let entity = try decoder.decode(Entity.self, from: line)
                if let failure = entity.validationFailure {
                    throw EntityIndexError(.invalidEntity, "\(entity.identifier): \(failure)")
                }
                entities.append(entity)
            } catch {
                throw EntityIndexError(.malformedInput,
                                       "\(source):\(lineNumber): \(describe(error)); nothing was applied")
            }
        }
        return entities
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
        case DecodingError.dataCorrupted:
            return "not valid JSON"
        default:
            return "\(error)"
        }
    }
}
