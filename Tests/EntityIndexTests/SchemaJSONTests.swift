import Foundation
import Testing
@testable import EntityIndex

/// A service's own types read from JSON, in the shape `entity-index schema --json` prints.
@Suite struct SchemaJSONTests {
    /// An order item as a shop would declare it: only the fields it needs.
    static let orderItem = """
        [{"type": "shop.order-item", "summary": "a line of a customer's order", "title": "name",
          "subtitle": ["sku"], "spokenNames": ["order item", "item"],
          "properties": [
            {"name": "name", "kind": "string", "required": true, "searchable": "title"},
            {"name": "sku", "kind": "string", "searchable": "identifier", "spokenNames": ["sku"]},
            {"name": "quantity", "kind": "integer"},
            {"name": "price", "kind": "number"},
            {"name": "status", "kind": "orderStatus", "cases": ["pending", "shipped", "delivered"], "searchable": "keywords"}
          ]}]
        """

    /// Writes JSON to a temporary file, for `register(contentsOf:)`.
    func file(_ json: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-types-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test func kindsAreReadFromTheirShortNames() throws {
        let kinds: [ValueKind] = [
            .string, .integer, .number, .bool, .date, .duration, .place, .recurrence, .language,
            .array(.transient("calendar.attendee")), .oneOf([.place, .string]), .reference("calendar.calendar"),
            .array(.reference("photos.album")), .oneOf([.duration, .date]), .array(.oneOf([.place, .string])),
            SchemaDomain.eventStatus, .array(SchemaDomain.mediaType),
        ]
        let cases = ["eventStatus": ["confirmed", "tentative", "cancelled"], "mediaType": ["photo", "livePhoto", "video"]]
        for kind in kinds {
            #expect(try ValueKind(shortName: kind.shortName, cases: cases) == kind, "\(kind.shortName)")
        }
        #expect(try ValueKind(shortName: "[ place|string ]") == .array(.oneOf([.place, .string])))
        for wrong in ["", "strng", "[string", "string]", "->", "-> nope", "string |", "status"] {
            let error = #expect(throws: EntityIndexError.self, "\(wrong)") { try ValueKind(shortName: wrong) }
            #expect(error?.code == .invalidSchema)
            #expect(error?.message.contains("a kind is string, integer, number") == true)
        }
    }

    @Test func everyBuiltInTypeSurvivesItsPrintedJSON() throws {
        let types = SchemaRegistry.builtIn.domains.flatMap(\.types)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(types)
        #expect(try JSONDecoder().decode([EntitySchema].self, from: json) == types)
        // Enumerations keep their values beside the kind's name.
        let event = try #require(try JSONSerialization.jsonObject(with: encoder.encode(types[1])) as? [String: Any])
        let status = (event["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "status" }
        #expect(status?["kind"] as? String == "eventStatus")
        #expect(status?["cases"] as? [String] == ["confirmed", "tentative", "cancelled"])
        // Two enumerations in one kind keep theirs by name.
        let mixed = EntitySchema("x.y", summary: "", title: "t", properties: [
            PropertySchema("t", .string), PropertySchema("either", .oneOf([SchemaDomain.eventStatus, SchemaDomain.mediaType])),
        ])
        #expect(try JSONDecoder().decode(EntitySchema.self, from: encoder.encode(mixed)) == mixed)
    }

    @Test func aServiceRegistersTypesFromAJSONFile() throws {
        let url = try file(Self.orderItem)
        defer { try? FileManager.default.removeItem(at: url) }
        var schemas = SchemaRegistry.builtIn
        try schemas.register(contentsOf: url)
        let item = try #require(schemas.schema(for: "shop.order-item"))
        #expect(item.properties.map(\.name) == ["name", "sku", "quantity", "price", "status"])
        #expect(item.property(named: "quantity")?.kind == .integer)
        #expect(item.property(named: "quantity")?.searchability == .notSearched)
        #expect(item.property(named: "status")?.kind == .enumeration(name: "orderStatus", cases: ["pending", "shipped", "delivered"]))
        #expect(item.spokenNames == ["order item", "item"])
        #expect(item.timeProperty == nil && !item.isTransient)
        #expect(schemas.domains.last?.name == "shop")

        let index = try EntityIndex(configuration: IndexConfiguration(schemas: schemas))
        try index.donate([
            Entity(type: "shop.order-item", id: "oi-1", properties: [
                "name": "Regolith sieve", "sku": "sku_42", "quantity": 2, "price": 19.5, "status": "shipped"]),
            Entity(type: "shop.order-item", id: "oi-2", properties: ["name": "Oxygen candle", "sku": "sku_7", "quantity": 10]),
        ])
        #expect(ids(try index.search(SearchQuery("sku_42"))) == ["oi-1"])
        #expect(try index.resolve(SearchQuery("sku_42")).results.first?.identifier.id == "oi-1")
        #expect(try index.resolve(SearchQuery("the shipped order item")).results.first?.identifier.id == "oi-1")
        // A second file may not declare the same type again.
        #expect(throws: EntityIndexError.self) { try schemas.register(contentsOf: url) }
    }

    @Test func badTypesFilesAreRefusedWholeWithTheirCause() throws {
        func property(_ json: String) -> String {
            """
            [{"type": "shop.order-item", "title": "name", "properties": [
              {"name": "name", "kind": "string"}, \(json)]}]
            """
        }
        let cases: [(json: String, code: EntityIndexError.Code, message: String)] = [
            (property(#"{"name": "sku", "kind": "strng"}"#), .invalidSchema,
             #"type "shop.order-item", property "sku": kind "strng": unknown kind "strng" (if it is an enumeration, give its values in "cases"); a kind is string, integer"#),
            (property(#"{"name": "name", "kind": "integer"}"#), .invalidSchema, #"property "name": declared twice; keep one"#),
            (property(#"{"name": "sku"}"#), .invalidSchema, #"property "sku": no "kind": give one of string, integer"#),
            (property(#"{"name": "sku", "kind": "string", "requried": true}"#), .invalidSchema,
             #"property "sku": unknown field "requried"; a property has "name", "kind", "cases", "required""#),
            (property(#"{"name": "sku", "kind": "string", "required": "yes"}"#), .invalidSchema,
             #"type "shop.order-item", property "sku": "required" should be true or false"#),
            (property(#"{"name": "sku", "kind": "string", "searchable": "exact"}"#), .invalidSchema,
             #""searchable" is "exact"; it is one of "title", "text", "keywords", "identifier", "notSearched""#),
            (property(#"{"name": "sku", "kind": "string", "cases": ["a"]}"#), .invalidSchema, #"has "cases" but its kind "string" names no enumeration"#),
            (property(#"{"name": "buyer", "kind": "-> shop.customer"}"#), .invalidSchema,
             #"property "buyer": kind names shop.customer, which is not a registered type"#),
            (property(#"{"name": "lines", "kind": "[calendar.event]"}"#), .invalidSchema, "which is not transient"),
            (#"[{"type": "calendar.event", "title": "title", "properties": [{"name": "title", "kind": "string"}]}]"#, .invalidSchema,
             #"type "calendar.event": clashes with a type already registered"#),
            (#"[{"type": "shop.orderItem", "title": "name", "properties": [{"name": "name", "kind": "string"}]}]"#, .invalidSchema,
             #"cannot register "shop.orderItem": a type is "<domain>.<kind>" in lower-case letters"#),
            (#"[{"type": "shop.order-item", "properties": [{"name": "name", "kind": "string"}]}]"#, .invalidSchema, #"no "title" field"#),
            (#"[{"type": "shop.order-item", "title": "label", "properties": [{"name": "name", "kind": "string"}]}]"#, .invalidSchema,
             #"display property "label" is not one of its properties"#),
            (#"[{"title": "name", "properties": []}]"#, .invalidSchema, #"a type has no "type" field"#),
            (#"[{"type": "shop.order-item", "#, .malformedInput, "is not valid JSON"),
            ("42", .malformedInput, "should hold an array of types"),
        ]
        for (json, code, message) in cases {
            // A good type first: nothing of a bad file is registered.
            let text = json.hasPrefix("[{") && json.hasSuffix("}]")
                ? #"[{"type": "shop.customer-note", "title": "t", "properties": [{"name": "t", "kind": "string"}]}, "# + json.dropFirst()
                : json
            let url = try file(text)
            defer { try? FileManager.default.removeItem(at: url) }
            var schemas = SchemaRegistry.builtIn
            let error = #expect(throws: EntityIndexError.self, "\(json)") { try schemas.register(contentsOf: url) }
            #expect(error?.code == code, "\(json)")
            #expect(error?.message.hasPrefix(url.path + ": ") == true || error?.message.hasPrefix(url.path + " ") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "") lacks \(message)")
            #expect(schemas.schema(for: "shop.customer-note") == nil, "\(json)")
        }
        var schemas = SchemaRegistry.builtIn
        let missing = #expect(throws: EntityIndexError.self) { try schemas.register(contentsOf: URL(fileURLWithPath: "/nonexistent/types.json")) }
        #expect(missing?.code == .inputNotFound)
        #expect(missing?.message == "there is no types file /nonexistent/types.json: check its name")
    }
}
