/// The check between a resolved request and the API it calls: a parameter
/// record or an exchange envelope either goes ahead with its parameters, or
/// is held with every reason, each a sentence a person can act on.
///
/// It holds when the record or envelope fails its schema; a record is not
/// `resolved`; an envelope is not `complete` (and then carries parameters);
/// an envelope was written for another schema version and no migration
/// brings it to this one; a foundation-models envelope's parameters hold a
/// member its content lacks, a `rationale`, or are the content itself; an
/// app-intent envelope carries a session, generable type or content; the
/// parameters fail the service's own schema; or an entity parameter's id is
/// not in the index.
///
/// ```swift
/// let gate = IntentGate(schemaVersion: 2, parameterSchema: orderSchema,
///                       entityParameters: ["event": "calendar.event"], index: index)
/// switch gate.decide(try JSONValue(parsing: line)) {
/// case .perform(let parameters): try api.call(parameters)
/// case .hold(let reasons): log(reasons)
/// }
/// ```
public struct IntentGate: Sendable {
    /// What to do with a record or envelope.
    public enum Decision: Sendable, Hashable {
        /// Go ahead with these parameters.
        case perform(JSONObject)
        /// Do not call the API, for these reasons.
        case hold([String])
    }

    /// Brings an envelope written for an older schema version to the
    /// current one, or throws when it cannot; the gate checks the result
    /// like any envelope.
    public typealias Migration = @Sendable (ExchangeEnvelope) throws -> ExchangeEnvelope

    /// The schema version the service runs now.
    public var schemaVersion: Int
    /// The service's own schema for the parameters, if it has one.
    public var parameterSchema: JSONSchema?
    /// The parameters that hold entity ids, with the type of entity each names.
    public var entityParameters: [String: EntityType]
    /// The index entity ids must be in; needed when there are entity parameters.
    public var index: EntityIndex?
    /// How an envelope of an older version is replayed; without one it is held.
    public var migration: Migration?

    /// A gate for a service at `schemaVersion`.
    public init(schemaVersion: Int = 1, parameterSchema: JSONSchema? = nil, entityParameters: [String: EntityType] = [:],
                index: EntityIndex? = nil, migration: Migration? = nil) {
        self.schemaVersion = schemaVersion
        self.parameterSchema = parameterSchema
        self.entityParameters = entityParameters
        self.index = index
        self.migration = migration
    }

    /// The decision on a record or an envelope as JSON: an object with a
    /// `resolved` member is a parameter record, any other an envelope.
    public func decide(_ json: JSONValue) -> Decision {
        if case .object(let members) = json, members["resolved"] != nil {
            do {
                return decide(try ParameterRecord(json: json))
            } catch {
                return .hold(error.violations.map { "The parameter record fails its schema at \($0)." })
            }
        }
        do {
            return decide(try ExchangeEnvelope(json: json))
        } catch {
            return .hold(error.violations.map { "The exchange envelope fails its schema at \($0)." })
        }
    }

    /// The decision on a parameter record.
    public func decide(_ record: ParameterRecord) -> Decision {
        var reasons: [String] = []
        if !record.resolved {
            reasons.append("The record is not resolved: an entity parameter did not resolve to one entity; ask the person which one they mean.")
        }
        reasons += problems(with: record.parameters)
        return reasons.isEmpty ? .perform(record.parameters) : .hold(reasons)
    }

    /// The decision on an exchange envelope.
    public func decide(_ envelope: ExchangeEnvelope) -> Decision {
        guard envelope.schemaVersion == schemaVersion else { return migrated(envelope) }
        var reasons: [String] = []
        if !envelope.complete {
            reasons.append("The envelope is not complete: the exchange has not finished, so there is nothing to perform yet.")
            if envelope.parameters != nil {
                reasons.append("An incomplete envelope carries parameters: they must be null until the envelope is complete.")
            }
        }
        switch envelope.source {
        case .foundationModels: reasons += projectionProblems(in: envelope)
        case .appIntent:
            for (name, present) in [("sessionId", envelope.sessionId != nil), ("generable", envelope.generable != nil),
                                    ("content", envelope.content != nil)] where present {
                reasons.append("An app-intent envelope carries \(name): only a foundation-models envelope has a session, a generable type and content; set it to null.")
            }
        }
        guard envelope.complete else { return .hold(reasons) }
        guard let parameters = envelope.parameters else {
            return .hold(reasons + ["The envelope is complete but its parameters are null: there is nothing to perform."])
        }
        reasons += problems(with: parameters)
        return reasons.isEmpty ? .perform(parameters) : .hold(reasons)
    }

    /// An envelope of another version, replayed through the migration when the service supplies one.
    private func migrated(_ envelope: ExchangeEnvelope) -> Decision {
        let written = "The envelope was written for schema version \(envelope.schemaVersion) and the service runs version \(schemaVersion)"
        guard let migration else {
            return .hold(["\(written); an old envelope is never replayed as it is: supply a migration (IntentGate.migration)."])
        }
        let replayed: ExchangeEnvelope
        do {
            replayed = try migration(envelope)
        } catch {
            return .hold(["\(written), and the migration failed: \(error)."])
        }
        guard replayed.schemaVersion == schemaVersion else {
            return .hold(["\(written), and the migration brought it to version \(replayed.schemaVersion), not \(schemaVersion)."])
        }
        return decide(replayed)
    }

    /// How a foundation-models envelope's parameters fail to be a projection of its content.
    private func projectionProblems(in envelope: ExchangeEnvelope) -> [String] {
        guard let parameters = envelope.parameters else { return [] }
        guard let content = envelope.content else {
            return ["A foundation-models envelope has parameters but no content: parameters are projected from what the model generated."]
        }
        if parameters == content {
            return ["The parameters are the same object as the content: project the parameters out of it, and keep the rationale in the content only."]
        }
        var reasons: [String] = []
        if parameters["rationale"] != nil {
            reasons.append("The parameters hold the model's rationale: it stays in the content only.")
        }
        for name in parameters.keys where name != "rationale" && content[name] == nil {
            reasons.append("The parameters hold \"\(name)\", which the content lacks: parameters are projected from the content, never added.")
        }
        return reasons
    }

    /// How parameters fail the service's schema, and entity ids the index lacks.
    private func problems(with parameters: JSONObject) -> [String] {
        var reasons = (parameterSchema?.validate(.object(parameters)) ?? []).map {
            "The parameters fail the service's schema at \($0)."
        }
        for name in entityParameters.keys.sorted() {
            let type = entityParameters[name]!
            let ids: [JSONValue]
            switch parameters[name] {
            case nil: continue  // whether it must be there is the parameter schema's to say
            case .null?:
                reasons.append("Parameter \"\(name)\" names no \(type): resolve it before performing.")
                continue
            case .array(let values)?: ids = values
            case let value?: ids = [value]
            }
            for id in ids {
                guard case .string(let id) = id else {
                    reasons.append("Parameter \"\(name)\" holds \(id), not the id of a \(type): a parameter holds entity ids only.")
                    continue
                }
                guard let index else {
                    reasons.append("Parameter \"\(name)\" cannot be checked: the gate has no index to look \(type) ids up in.")
                    continue
                }
                do {
                    if try index.entity(for: EntityIdentifier(type: type, id: id)) == nil {
                        reasons.append("Parameter \"\(name)\" holds \"\(id)\", but no \(type) with that id is in the index: it was deleted or never donated.")
                    }
                } catch {
                    reasons.append("Parameter \"\(name)\" could not be looked up: \(error).")
                }
            }
        }
        return reasons
    }
}
