/// Why a schema cannot be loaded: it is not JSON, it is malformed, or it uses
/// something this validator does not support (which it refuses rather than ignore).
public struct JSONSchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, for callers that react by case.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The schema text is not JSON.
        public static let malformedJSON = Code(rawValue: "malformedJSON")
        /// A keyword's value is not what JSON Schema 2020-12 allows, or a `$ref` points at nothing.
        public static let invalidSchema = Code(rawValue: "invalidSchema")
        /// The schema uses a keyword (or a place for one, such as `$id` below the root) this validator does not implement.
        public static let unsupportedKeyword = Code(rawValue: "unsupportedKeyword")
        /// A `$ref` leaves the document (a remote or relative URI, an `$anchor` name), which this validator does not load.
        public static let unsupportedReference = Code(rawValue: "unsupportedReference")
        /// Subschemas nest deeper than `JSONSchema.maximumNesting`, or `$ref`s loop without moving into the instance.
        public static let tooComplex = Code(rawValue: "tooComplex")
    }

    /// The kind of failure.
    public let code: Code
    /// A one-line explanation that says what to do next.
    public let message: String
    /// The keyword it concerns (`"minimum"`, `"$dynamicRef"`), when it is one.
    public let keyword: String?
    /// Where in the schema, as a JSON Pointer (`"/properties/quantity"`, `""` for the root).
    public let schemaPath: String

    public var description: String { message }
}
