/// What travels between an on-device model or an app intent and the service:
/// `{"source", "sessionId", "schemaVersion", "generable", "complete",
/// "content", "intent", "parameters"}`. The model's output (`content`, with
/// its `rationale`) and the parameters projected from it are kept apart, so
/// only the projection reaches an API, and only once the exchange is complete.
public struct ExchangeEnvelope: Sendable, Hashable {
    /// Who wrote the envelope.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// An on-device model (Apple's Foundation Models), generating `content`.
        case foundationModels = "foundation-models"
        /// An app intent, handing parameters directly: no session, generable type or content.
        case appIntent = "app-intent"
    }

    /// Who wrote it.
    public var source: Source
    /// The model session, for a foundation-models envelope.
    public var sessionId: String?
    /// The version of the service's schema it was written for.
    public var schemaVersion: Int
    /// The generable type the model filled in, for a foundation-models envelope.
    public var generable: String?
    /// Whether the exchange is finished; `parameters` is null until it is.
    public var complete: Bool
    /// What the model generated, rationale included.
    public var content: JSONObject?
    /// The intent the parameters are for.
    public var intent: String
    /// The parameters for the intent, projected from `content`; null while incomplete.
    public var parameters: JSONObject?

    /// An envelope as it is written.
    public init(source: Source, sessionId: String? = nil, schemaVersion: Int, generable: String? = nil, complete: Bool,
                content: JSONObject? = nil, intent: String, parameters: JSONObject?) {
        self.source = source
        self.sessionId = sessionId
        self.schemaVersion = schemaVersion
        self.generable = generable
        self.complete = complete
        self.content = content
        self.intent = intent
        self.parameters = parameters
    }

    /// The envelope as JSON (every member present; absent ones null).
    public var json: JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return ["source": .string(source.rawValue), "sessionId": optional(sessionId), "schemaVersion": .number(JSONNumber(schemaVersion)),
                "generable": optional(generable), "complete": .bool(complete), "content": content.map(JSONValue.object) ?? .null,
                "intent": .string(intent), "parameters": parameters.map(JSONValue.object) ?? .null]
    }

    /// The JSON Schema every envelope must pass (draft 2020-12).
    public static let schema = IntentSchemas.compiled(IntentSchemas.envelope)

    /// The envelope `json` holds.
    /// - Throws: `IntentFormatError` listing every way it fails `schema`.
    public init(json: JSONValue) throws(IntentFormatError) {
        let violations = Self.schema.validate(json)
        guard violations.isEmpty, case .object(let members) = json else { throw IntentFormatError(kind: "exchange envelope", violations: violations) }
        func text(_ name: String) -> String? {
            if case .string(let value)? = members[name] { return value }
            return nil
        }
        func object(_ name: String) -> JSONObject? {
            if case .object(let value)? = members[name] { return value }
            return nil
        }
        guard case .number(let version)? = members["schemaVersion"], case .bool(let complete)? = members["complete"],
              let source = text("source").flatMap(Source.init(rawValue:)), let intent = text("intent") else {
            preconditionFailure("the envelope schema requires source, schemaVersion, complete and intent")
        }
        self.init(source: source, sessionId: text("sessionId"), schemaVersion: Int(version.doubleValue), generable: text("generable"),
                  complete: complete, content: object("content"), intent: intent, parameters: object("parameters"))
    }
}

extension ParameterRecord {
    /// The record `json` holds.
    /// - Throws: `IntentFormatError` listing every way it fails `schema`.
    public init(json: JSONValue) throws(IntentFormatError) {
        let violations = Self.schema.validate(json)
        guard violations.isEmpty, case .object(let members) = json, case .string(let intent)? = members["intent"],
              case .string(let source)? = members["source"], let source = Source(rawValue: source),
              case .object(let parameters)? = members["parameters"], case .bool(let resolved)? = members["resolved"] else {
            throw IntentFormatError(kind: "parameter record", violations: violations)
        }
        self.init(intent: intent, source: source, parameters: parameters, resolved: resolved)
    }
}

/// A record or envelope that fails its schema: every violation, each naming
/// the instance path and the keyword.
public struct IntentFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// "parameter record" or "exchange envelope".
    public let kind: String
    /// How it fails its schema.
    public let violations: [JSONSchemaViolation]

    /// One line a violation: "not a valid exchange envelope: /complete: …".
    public var description: String {
        "not a valid \(kind): " + violations.map(\.description).joined(separator: "; ")
    }
}
