import Foundation
import Testing
@testable import EntityIndex

/// JSON Lines input: every line checked, errors by line number.
@Suite struct EntityJSONLinesTests {
    private func decode(_ text: String) throws -> [Entity] {
        try EntityJSONLines.decode(Data(text.utf8), source: "events.jsonl")
    }

    @Test func decodesEntitiesAndSkipsBlankLines() throws {
        let entities = try decode("""
            {"type": "notes.note", "id": "n1", "properties": {"title": "Budget"}}

            {"type": "notes.note", "id": "n2", "properties": {"title": "Spares", "tags": null}}
            """)
        #expect(entities.map(\.id) == ["n1", "n2"])
        #expect(entities[0].properties["title"] == "Budget")
        #expect(entities[1].properties == ["title": "Spares"])
    }

    @Test func aMalformedLineIsReportedWithItsNumber() throws {
        let error = #expect(throws: EntityIndexError.self) {
            try decode("{\"type\": \"notes.note\", \"id\": \"n1\", \"properties\": {\"title\": \"A\"}}\n{\"type\": \"notes.note\", \"id\": }\n")
        }
        #expect(error?.code == .malformedInput)
        #expect(error?.message.hasPrefix("events.jsonl:2: not valid JSON") == true)
    }

    @Test func missingFieldsAndBadTypesAreNamed() throws {
        let missing = #expect(throws: EntityIndexError.self) { try decode("{\"type\": \"notes.note\"}") }
        #expect(missing?.message.contains("missing \"id\"") == true)
        let badType = #expect(throws: EntityIndexError.self) { try decode("{\"type\": \"Note\", \"id\": \"n\"}") }
        #expect(badType?.message.hasPrefix("events.jsonl:1: Note:n: unknown type \"Note\"") == true)
        let badValue = #expect(throws: EntityIndexError.self) {
            try decode("{\"type\": \"notes.note\", \"id\": \"n\", \"properties\": {\"title\": 7}}")
        }
        #expect(badValue?.message == "events.jsonl:1: notes.note:n: property \"title\": expected a string, got 7; nothing was applied")
    }
}
