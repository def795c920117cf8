import Foundation

/// The JSON Schemas (draft 2020-12) of parameter records and exchange
/// envelopes, as `entity-index intent schema` prints them.
public enum IntentSchemas {
    /// A parameter record: `{"intent", "source", "parameters", "resolved"}`, nothing else.
    public static let record = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Parameter record",
          "type": "object",
          "required": ["intent", "source", "parameters", "resolved"],
          "additionalProperties": false,
          "properties": {
            "intent": {"type": "string", "minLength": 1},
            "source": {"enum": ["siri", "shortcut", "app"]},
            "parameters": {"type": "object"},
            "resolved": {"type": "boolean"}
          }
        }
        """

    /// An exchange envelope: every member present (null where it does not
    /// apply), nothing else; `complete` a boolean, not a string.
    public static let envelope = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Exchange envelope",
          "type": "object",
          "required": ["source", "sessionId", "schemaVersion", "generable", "complete", "content", "intent", "parameters"],
          "additionalProperties": false,
          "properties": {
            "source": {"enum": ["foundation-models", "app-intent"]},
            "sessionId": {"type": ["string", "null"], "minLength": 1},
            "schemaVersion": {"type": "integer", "minimum": 1},
            "generable": {"type": ["string", "null"], "minLength": 1},
            "complete": {"type": "boolean"},
            "content": {"type": ["object", "null"]},
            "intent": {"type": "string", "minLength": 1},
            "parameters": {"type": ["object", "null"]}
          }
        }
        """

    /// A schema of this file, compiled (they are tested to compile).
    static func compiled(_ text: String) -> JSONSchema {
        do {
            return try JSONSchema(data: Data(text.utf8))
        } catch {
            preconditionFailure("the built-in schema does not compile: \(error)")
        }
    }
}
