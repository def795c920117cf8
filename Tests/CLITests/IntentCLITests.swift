import Foundation
import Testing

/// From a spoken request to a parameter record, and through the gate, on the command line.
@Suite struct IntentCLITests {
    @Test func aSpokenRequestBecomesARecordThatIsPerformed() throws {
        let index = try CLITests.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let recorded = try CLITests.run(["--index", index, "intent", "record", "--intent", "deleteEvent", "--source", "siri",
                                         "--param", "event=delete the crew lunch", "--param-type", "event=calendar.event",
                                         "--value", "notify=true"])
        #expect(recorded.status == 0, "\(recorded.error)")
        #expect(recorded.output == """
            {"intent":"deleteEvent","source":"siri","parameters":{"notify":true,"event":"evt-004"},"resolved":true}

            """)
        let checked = try CLITests.run(["--index", index, "intent", "check", "--entity", "event=calendar.event", "--json", "-"],
                                       input: recorded.output)
        #expect(checked.status == 0, "\(checked.error)")
        #expect(checked.output == #"{"line":1,"decision":"perform","parameters":{"notify":true,"event":"evt-004"}}"# + "\n")
    }

    @Test func anAmbiguousRequestIsRecordedUnresolvedAndHeld() throws {
        let index = try CLITests.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let recorded = try CLITests.run(["--index", index, "intent", "record", "--intent", "open", "--source", "app",
                                         "--param", "item=the drill"])
        #expect(recorded.status == 2)
        #expect(recorded.output.contains(#""parameters":{"item":null},"resolved":false"#))
        #expect(recorded.error.contains("ambiguous") && recorded.error.contains("calendar.event:evt-010"))
        let checked = try CLITests.run(["intent", "check", "-"], input: recorded.output)
        #expect(checked.status == 3)
        #expect(checked.output.contains("line 1: hold") && checked.output.contains("not resolved"))
    }

    @Test func everyLineIsDecidedWithItsReasons() throws {
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(#"{"type": "object", "properties": {"quantity": {"type": "integer", "minimum": 1}}}"#.utf8).write(to: schema)
        let lines = """
            {"source":"foundation-models","sessionId":"s-1","schemaVersion":2,"generable":"OrderDraft","complete":true,"content":{"item":"sku_42","quantity":2,"rationale":"usual"},"intent":"placeOrder","parameters":{"item":"sku_42","quantity":2}}
            {"source":"foundation-models","sessionId":"s-1","schemaVersion":2,"generable":"OrderDraft","complete":false,"content":{"item":"sku_42"},"intent":"placeOrder","parameters":null}

            {"source":"siri","sessionId":null,"schemaVersion":2,"generable":null,"complete":"true","content":null,"intent":"placeOrder"}
            {"source":"app-intent","sessionId":null,"schemaVersion":1,"generable":null,"complete":true,"content":null,"intent":"placeOrder","parameters":{"quantity":1}}
            {"source":"app-intent","sessionId":null,"schemaVersion":2,"generable":null,"complete":true,"content":null,"intent":"placeOrder","parameters":{"quantity":0}}
            not json
            """
        let checked = try CLITests.run(["intent", "check", "--schema", schema.path, "--schema-version", "2", "-"], input: lines)
        #expect(checked.status == 3)
        let decided = checked.output.split(separator: "\n").filter { $0.hasPrefix("line ") }
        #expect(decided == [#"line 1: perform {"item":"sku_42","quantity":2}"#, "line 2: hold", "line 4: hold", "line 5: hold",
                            "line 6: hold", "line 7: hold"])
        for reason in ["not complete", "/source", "/complete", "\"parameters\" is missing", "schema version 1",
                       "/quantity: 0 is less than the minimum 1", "not JSON"] {
            #expect(checked.output.contains(reason), "\(reason)")
        }
    }

    @Test func mistakesAreUsageErrorsWithTheCause() throws {
        #expect(try CLITests.run(["intent", "check", "--entity", "event=calendar.event", "-"], input: "").status == 64)
        #expect(try CLITests.run(["intent", "frobnicate"]).status == 64)
        #expect(try CLITests.run(["intent", "check", "--schema", "/nonexistent/schema.json", "-"], input: "").status == 66)
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(#"{"type": "object", "unevaluatedProperties": false}"#.utf8).write(to: schema)
        let refused = try CLITests.run(["intent", "check", "--schema", schema.path, "-"], input: "")
        #expect(refused.status == 65 && refused.error.contains("unevaluatedProperties"))
        let printed = try CLITests.run(["intent", "schema", "record"])
        #expect(printed.status == 0 && printed.output.contains(#""required": ["intent", "source", "parameters", "resolved"]"#))
    }
}
