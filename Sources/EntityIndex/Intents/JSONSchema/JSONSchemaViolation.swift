/// One way an instance fails its schema: where, which keyword, and a sentence.
///
/// Paths are JSON Pointers (RFC 6901): `""` is the instance (or schema) root,
/// `/parameters/quantity` a member, `/items/0` an array element; `~` and `/` in names
/// are written `~0` and `~1`.
public struct JSONSchemaViolation: Hashable, Sendable, CustomStringConvertible {
    /// Where in the instance, as a JSON Pointer; `""` is the whole instance.
    public let instancePath: String
    /// The keyword that failed (`"minimum"`); `"false"` for the `false` schema at the root.
    public let keyword: String
    /// Where the failing keyword is in the schema, as a JSON Pointer (`"/properties/quantity/minimum"`).
    public let schemaPath: String
    /// What is wrong, as a sentence about the value ("0 is less than the minimum 1").
    public let message: String

    /// The path (`(root)` for `""`), the message and the keyword:
    /// `/parameters/quantity: 0 is less than the minimum 1 (minimum)`.
    public var description: String {
        "\(instancePath.isEmpty ? "(root)" : instancePath): \(message) (\(keyword))"
    }
}
