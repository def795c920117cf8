/// What a service writes between resolving a request and calling its API:
/// `{"intent", "source", "parameters", "resolved"}`. As App Intents hands
/// `perform()` only the ids of entities that resolved, an entity parameter
/// holds the entity's id alone (a list of ids for a request about several):
/// never its display name, the words said, a location trail or a token.
/// `resolved` is true only when every entity parameter resolved.
public struct ParameterRecord: Sendable, Hashable {
    /// Where the request came from.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// Said to Siri.
        case siri
        /// Run from a shortcut.
        case shortcut
        /// Asked inside the app.
        case app
    }

    /// The intent the parameters are for ("deleteEvent").
    public var intent: String
    /// Where the request came from.
    public var source: Source
    /// The parameters by name: entity ids, and plain values as given.
    public var parameters: JSONObject
    /// Whether every entity parameter resolved.
    public var resolved: Bool

    /// A record as it is written.
    public init(intent: String, source: Source, parameters: JSONObject, resolved: Bool) {
        self.intent = intent
        self.source = source
        self.parameters = parameters
        self.resolved = resolved
    }

    /// The record as JSON.
    public var json: JSONValue {
        ["intent": .string(intent), "source": .string(source.rawValue), "parameters": .object(parameters), "resolved": .bool(resolved)]
    }

    /// The JSON Schema every record must pass (draft 2020-12).
    public static let schema = IntentSchemas.compiled(IntentSchemas.record)
}

extension EntityIndex {
    /// The parameter record for an intent whose entity parameters were resolved.
    ///
    /// An entity parameter that resolved holds its entity's id (the ids of
    /// every result for a request about several, "these"); one that did not
    /// holds null and makes the record unresolved. Plain values are kept as given.
    /// - Parameters:
    ///   - entities: each entity parameter's resolution, by parameter name.
    ///   - values: the other parameters, by name.
    /// - Throws: `EntityIndexError` when a resolved id is not in the index (a
    ///   fallback's finding, or one deleted meanwhile) or a name is given twice.
    public func parameterRecord(intent: String, source: ParameterRecord.Source,
                                entities: [String: Resolution], values: JSONObject = JSONObject()) throws -> ParameterRecord {
        var parameters = values
        var resolved = true
        for name in entities.keys.sorted() {
            let resolution = entities[name]!
            guard parameters[name] == nil else {
                throw EntityIndexError(.invalidQuery, "parameter \"\(name)\" is given both as an entity and as a value; give it once")
            }
            guard resolution.status == .resolved, let first = resolution.results.first else {
                parameters[name] = .null
                resolved = false
                continue
            }
            let isPlural = resolution.interpretation?.reference?.isPlural == true
            let chosen = isPlural ? resolution.results : [first]
            for result in chosen where try entity(for: result.identifier) == nil {
                throw EntityIndexError(.entityNotFound, "parameter \"\(name)\" resolved to \(result.identifier), which the index does not hold; "
                                       + "a record holds only ids of indexed entities: donate it first")
            }
            let ids = chosen.map { JSONValue.string($0.identifier.id) }
            parameters[name] = isPlural ? .array(ids) : ids[0]
        }
        return ParameterRecord(intent: intent, source: source, parameters: parameters, resolved: resolved)
    }
}
