import Foundation

/// A JSON Schema (draft 2020-12), checked and compiled once, then used to validate
/// any number of instances: parameter records, exchange envelopes, a service's own
/// parameter schemas.
///
/// ```swift
/// let schema = try JSONSchema(data: schemaData)
/// for violation in schema.validate(try JSONValue(parsing: recordData)) {
///     print(violation)   // /parameters/quantity: 0 is less than the minimum 1 (minimum)
/// }
/// ```
///
/// Every keyword in `supportedKeywords` is checked as the specification says. Any other
/// keyword — `$dynamicRef`, `unevaluatedProperties`, `$anchor`, a misspelling — is refused
/// when the schema is loaded (`JSONSchemaError.Code.unsupportedKeyword`, naming it and its
/// place), never silently ignored.
///
/// Annotations are accepted and not checked: `title`, `description`, `$comment`, `default`,
/// `examples`, `deprecated`, `readOnly`, `writeOnly`, and `format` — which is an
/// annotation only, as 2020-12 specifies by default: `"format": "email"` does not check
/// addresses. `$schema` must name draft 2020-12. `$id` is accepted at the root only.
///
/// `$ref` resolves within the document: a JSON Pointer fragment (`#`, `#/$defs/name`,
/// with `~0`, `~1` and percent-encoding), optionally after the root's own `$id`. A `$ref`
/// to another document or an `$anchor` name is refused (`unsupportedReference`).
///
/// Work is bounded: subschemas nest at most `maximumNesting` deep, `$ref` cycles that do
/// not move into the instance are refused at load, and validation nests at most
/// `maximumEvaluationDepth` schemas deep.
public struct JSONSchema: Sendable {
    /// The keywords this validator implements or accepts as annotations.
    public static let supportedKeywords: Set<String> = [
        // Core
        "$schema", "$id", "$ref", "$defs", "$comment",
        // Applicators
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas",
        "properties", "patternProperties", "additionalProperties", "propertyNames",
        "prefixItems", "items", "contains",
        // Validation
        "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
        "maxProperties", "minProperties", "required", "dependentRequired",
        // Annotations only
        "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "format",
    ]

    /// The dialect `$schema` may name.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// Subschemas nest at most this deep (a `$ref` target found by pointer counts its pointer's length).
    public static let maximumNesting = 64

    /// Validation applies at most this many schemas inside one another (through members,
    /// elements and `$ref`s); deeper, it stops with a violation rather than risk the stack.
    /// At this depth a debug build uses about 300 KB of stack, well within a 512 KB thread.
    public static let maximumEvaluationDepth = 128

    /// The compiled subschemas; the root is the first.
    let nodes: [SchemaNode]

    /// The schema `json` spells.
    /// - Throws: `JSONSchemaError` naming the keyword and schema path when the schema is
    ///   malformed, uses an unsupported keyword or reference, or nests too deep.
    public init(_ json: JSONValue) throws(JSONSchemaError) {
        var compiler = SchemaCompiler(root: json)
        nodes = try compiler.compileDocument()
    }

    /// The schema in UTF-8 JSON text.
    /// - Throws: `JSONSchemaError` (`malformedJSON` when the text is not JSON; see `init(_:)`).
    public init(data: Data) throws(JSONSchemaError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw JSONSchemaError(code: .malformedJSON, message: "the schema is not JSON: \(error)", keyword: nil, schemaPath: "")
        }
        try self.init(json)
    }
}
