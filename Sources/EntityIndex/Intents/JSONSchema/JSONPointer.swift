import Foundation

/// JSON Pointers (RFC 6901) as token lists, and as the `#…` fragments `$ref` uses.
enum JSONPointer {
    /// The pointer for `tokens`: `""` for none, `"/a~1b/0"` for `["a/b", "0"]`.
    static func string(_ tokens: some Sequence<String>) -> String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// The tokens of a pointer; nil when it is not one (no leading `/`, or `~` not followed by `0` or `1`).
    static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for escaped in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var afterTilde = false
            for character in escaped {
                if afterTilde {
                    guard character == "0" || character == "1" else { return nil }
                    token.append(character == "0" ? "~" : "/")
                    afterTilde = false
                } else if character == "~" {
                    afterTilde = true
                } else {
                    token.append(character)
                }
            }
            guard !afterTilde else { return nil }
            tokens.append(token)
        }
        return tokens
    }

    /// The value `tokens` point at inside `value`; nil when there is none.
    static func resolve(_ tokens: [String], in value: JSONValue) -> JSONValue? {
        var current = value
        for token in tokens {
            switch current {
            case .object(let object):
                guard let member = object[token] else { return nil }
                current = member
            case .array(let elements):
                // An index is "0" or digits without a leading zero.
                guard let index = Int(token), String(index) == token, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
