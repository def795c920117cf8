import Foundation
import Testing
@testable import EntityIndex

/// Parameter records, exchange envelopes and the gate before perform.
@Suite struct IntentGateTests {
    /// A service's own parameter schema: an order of some quantity of an item.
    let orderSchema = try! JSONSchema(data: Data("""
        {"type": "object", "required": ["item", "quantity"], "additionalProperties": false,
         "properties": {"item": {"type": "string", "pattern": "^sku_[0-9]+$"},
                        "quantity": {"type": "integer", "minimum": 1, "maximum": 99}}}
        """.utf8))

    /// The complete order envelope of the rules' own example.
    let completeOrder: JSONValue = [
        "source": "foundation-models", "sessionId": "s-1", "schemaVersion": 2, "generable": "OrderDraft", "complete": true,
        "content": ["item": "sku_42", "quantity": 2, "rationale": "The person asked for two of the usual filters."],
        "intent": "placeOrder", "parameters": ["item": "sku_42", "quantity": 2],
    ]

    func envelope(_ changes: [String: JSONValue?]) -> JSONValue {
        guard case .object(var members) = completeOrder else { return completeOrder }
        for (name, value) in changes { members[name] = value }
        return .object(members)
    }

    func reasons(_ decision: IntentGate.Decision) -> [String] {
        if case .hold(let reasons) = decision { return reasons }
        return []
    }

    var gate: IntentGate { IntentGate(schemaVersion: 2, parameterSchema: orderSchema) }

    @Test func aCompleteEnvelopeIsPerformedWithItsParametersOnly() {
        #expect(gate.decide(completeOrder) == .perform(["item": "sku_42", "quantity": 2]))
    }

    @Test func anIncompleteEnvelopePassesItsSchemaAndIsHeld() throws {
        let incomplete = envelope(["complete": false, "parameters": .null])
        #expect(ExchangeEnvelope.schema.validate(incomplete).isEmpty)
        #expect(reasons(gate.decide(incomplete)).count == 1)
        #expect(reasons(gate.decide(incomplete)).first?.contains("not complete") == true)
        // Incomplete with parameters: held for both.
        #expect(reasons(gate.decide(envelope(["complete": false]))).contains { $0.contains("must be null") })
    }

    @Test(arguments: [
        ("source", JSONValue.string("siri"), "/source", "enum"),
        ("complete", JSONValue.string("true"), "/complete", "type"),
        ("schemaVersion", JSONValue.number(JSONNumber(2.5)!), "/schemaVersion", "type"),
    ])
    func aWrongMemberFailsTheEnvelopeSchema(member: String, value: JSONValue, path: String, keyword: String) throws {
        let violations = ExchangeEnvelope.schema.validate(envelope([member: value]))
        #expect(violations.map(\.instancePath) == [path])
        #expect(violations.map(\.keyword) == [keyword])
        let held = reasons(gate.decide(envelope([member: value])))
        #expect(held.count == 1 && held[0].contains(path) && held[0].contains("fails its schema"))
    }

    @Test func aMissingMemberFailsTheEnvelopeSchema() {
        let violations = ExchangeEnvelope.schema.validate(envelope(["parameters": nil]))
        #expect(violations.map(\.keyword) == ["required"])
        #expect(reasons(gate.decide(envelope(["parameters": nil]))).first?.contains("parameters") == true)
        #expect(reasons(gate.decide(envelope(["extra": 1]))).first?.contains("additionalProperties") == true)
        #expect(!reasons(gate.decide("not an object")).isEmpty)
    }

    @Test func anOldEnvelopeIsNeverReplayedWithoutAMigration() {
        let old = envelope(["schemaVersion": 1])
        #expect(reasons(gate.decide(old)).first?.contains("schema version 1") == true)
        var migrating = gate
        migrating.migration = { envelope in
            var current = envelope
            current.schemaVersion = 2
            return current
        }
        #expect(migrating.decide(old) == .perform(["item": "sku_42", "quantity": 2]))
        migrating.migration = { $0 }  // a migration that forgets the version
        #expect(reasons(migrating.decide(old)).first?.contains("brought it to version 1") == true)
    }

    @Test func foundationModelParametersAreAProjectionOfTheContent() {
        let added = envelope(["parameters": ["item": "sku_42", "quantity": 2, "coupon": "FREE"]])
        #expect(reasons(gate.decide(added)).contains { $0.contains("\"coupon\", which the content lacks") })
        guard case .object(let content) = completeOrder.member("content") else { Issue.record("content is an object"); return }
        let same = envelope(["parameters": .object(content)])
        #expect(reasons(gate.decide(same)).contains { $0.contains("same object as the content") })
        let rationale = envelope(["parameters": ["item": "sku_42", "quantity": 2, "rationale": "because"]])
        #expect(reasons(gate.decide(rationale)).contains { $0.contains("rationale") })
    }

    @Test func anAppIntentEnvelopeCarriesNoModelOutput() {
        let appIntent = envelope(["source": "app-intent", "sessionId": .null, "generable": .null, "content": .null])
        #expect(gate.decide(appIntent) == .perform(["item": "sku_42", "quantity": 2]))
        let withSession = envelope(["source": "app-intent", "generable": .null, "content": .null])
        #expect(reasons(gate.decide(withSession)) == [
            "An app-intent envelope carries sessionId: only a foundation-models envelope has a session, a generable type and content; set it to null."])
    }

    @Test func parametersMustPassTheServicesSchema() {
        let zero = envelope(["content": ["item": "sku_42", "quantity": 0, "rationale": "none"], "parameters": ["item": "sku_42", "quantity": 0]])
        let held = reasons(gate.decide(zero))
        #expect(held == ["The parameters fail the service's schema at /quantity: 0 is less than the minimum 1 (minimum)."], "\(held)")
    }

    func calendarIndex() throws -> EntityIndex {
        let index = try EntityIndex()
        try index.donate([event("evt-lunch", title: "Crew Lunch"), event("evt-drill", title: "Oxygen Drill"),
                          event("evt-drill-2", title: "Oxygen Drill")])
        return index
    }

    @Test func aRecordHoldsTheIdsOfWhatResolvedAndNothingElse() throws {
        let index = try calendarIndex()
        let lunch = try index.resolve(SearchQuery("delete the crew lunch", types: ["calendar.event"]))
        let record = try index.parameterRecord(intent: "deleteEvent", source: .siri, entities: ["event": lunch], values: ["notify": true])
        #expect(record.json == ["intent": "deleteEvent", "source": "siri", "parameters": ["notify": true, "event": "evt-lunch"], "resolved": true])
        let recordGate = IntentGate(entityParameters: ["event": "calendar.event"], index: index)
        #expect(recordGate.decide(record.json) == .perform(["notify": true, "event": "evt-lunch"]))
        // Two drills: ambiguous, so the parameter is null and the record held.
        let drill = try index.resolve(SearchQuery("the oxygen drill", types: ["calendar.event"]))
        let unresolved = try index.parameterRecord(intent: "deleteEvent", source: .siri, entities: ["event": drill])
        #expect(unresolved.parameters["event"] == .null && !unresolved.resolved)
        #expect(reasons(recordGate.decide(unresolved)).count == 2)
        // A plural request: every id.
        let these = try index.resolve(SearchQuery("these", context: ScreenContext(visible: [
            EntityIdentifier(type: "calendar.event", id: "evt-drill"), EntityIdentifier(type: "calendar.event", id: "evt-drill-2")])))
        let both = try index.parameterRecord(intent: "deleteEvents", source: .app, entities: ["events": these])
        #expect(both.parameters["events"] == ["evt-drill", "evt-drill-2"])
    }

    @Test func aRecordNeverHoldsAnIdTheIndexLacks() throws {
        let index = try calendarIndex()
        let made = FallbackCandidate(identifier: EntityIdentifier(type: "calendar.event", id: "made-up"), score: 1, title: "Zeppelin Ride")
        let elsewhere = try index.resolve(SearchQuery("zeppelin ride", fallback: { _ in [made] }))
        #expect(elsewhere.status == .resolved)
        #expect(throws: EntityIndexError.self) { try index.parameterRecord(intent: "open", source: .app, entities: ["event": elsewhere]) }
        let gate = IntentGate(entityParameters: ["event": "calendar.event"], index: index)
        let forged = ParameterRecord(intent: "deleteEvent", source: .shortcut, parameters: ["event": "Crew Lunch"], resolved: true)
        #expect(reasons(gate.decide(forged)) == [
            "Parameter \"event\" holds \"Crew Lunch\", but no calendar.event with that id is in the index: it was deleted or never donated."])
        let noIndex = IntentGate(entityParameters: ["event": "calendar.event"])
        #expect(reasons(noIndex.decide(forged)).first?.contains("no index") == true)
    }

    @Test func aRecordMustPassItsSchema() {
        let gate = IntentGate()
        #expect(gate.decide(["intent": "x", "source": "siri", "parameters": [:], "resolved": "true"]) != .perform([:]))
        #expect(reasons(gate.decide(["intent": "x", "source": "foundation-models", "parameters": [:], "resolved": true]))
            .first?.contains("/source") == true)
        #expect(gate.decide(["intent": "x", "source": "shortcut", "parameters": [:], "resolved": true]) == .perform([:]))
    }

    @Test func envelopesRoundTripThroughJSON() throws {
        let read = try ExchangeEnvelope(json: completeOrder)
        #expect(read.json == completeOrder)
        #expect(read.source == .foundationModels && read.schemaVersion == 2 && read.generable == "OrderDraft")
        #expect(throws: IntentFormatError.self) { try ExchangeEnvelope(json: envelope(["complete": "true"])) }
    }
}

extension JSONValue {
    /// A member of an object, for tests.
    func member(_ name: String) -> JSONValue? {
        if case .object(let members) = self { return members[name] }
        return nil
    }
}
