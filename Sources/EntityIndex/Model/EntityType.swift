/// The type of an entity, written `<domain>.<kind>` ("calendar.event", "notes.note").
public struct EntityType: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The type's name, e.g. `"calendar.event"`.
    public let rawValue: String

    /// A type from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A type from a string literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// A type from its decoded name.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the type as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: EntityType, rhs: EntityType) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Why the name is not a valid type, or nil when it is: a type is
    /// `<domain>.<kind>`, lower-case ASCII letters, digits, `-` and `_` in each part.
    var validationFailure: String? {
        let parts = rawValue.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }),
              rawValue.utf8.count <= 64
        else {
            return "a type is \"<domain>.<kind>\" in lower-case letters, digits, '-' or '_' (e.g. \"calendar.event\"), at most 64 bytes"
        }
        return nil
    }
}
