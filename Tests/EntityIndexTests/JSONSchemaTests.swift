import Foundation
import Testing
@testable import EntityIndex

/// The JSON Schema validator: paths and keywords in violations, what is refused at
/// load, JSON's own equality and numbers, and the bounds on work.
@Suite struct JSONSchemaTests {
    private func schema(_ text: String) throws -> JSONSchema {
        try JSONSchema(data: Data(text.utf8))
    }

    private func json(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: text)
    }

    /// The error loading `text` throws; fails the test when it loads.
    private func loadError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONSchemaError? {
        #expect(throws: JSONSchemaError.self, sourceLocation: sourceLocation) { try schema(text) }
    }

    // MARK: Violations

    @Test func aViolationNamesTheInstancePathAndKeyword() throws {
        let parameters = try schema("""
            {"type": "object", "properties": {"parameters": {"type": "object",
                "properties": {"quantity": {"type": "integer", "minimum": 1}}}}}
            """)
        let violations = parameters.validate(try json(#"{"parameters": {"quantity": 0}}"#))
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.instancePath == "/parameters/quantity")
        #expect(violation.keyword == "minimum")
        #expect(violation.schemaPath == "/properties/parameters/properties/quantity/minimum")
        #expect(violation.description == "/parameters/quantity: 0 is less than the minimum 1 (minimum)")
        #expect(parameters.validate(try json(#"{"parameters": {"quantity": 3}}"#)).isEmpty)
        #expect(!parameters.isValid(try json(#"{"parameters": {"quantity": 2.5}}"#)))
    }

    @Test func everyViolationIsReportedWithItsOwnPath() throws {
        let envelope = try schema("""
            {"type": "object", "required": ["id", "items"], "additionalProperties": false,
             "properties": {"id": {"type": "string", "pattern": "^[a-z]+-[0-9]+$"},
                            "items": {"type": "array", "items": {"type": "object", "required": ["sku"]}, "maxItems": 3},
                            "a/b": {"const": 1}, "t~x": {"enum": ["x", "y"]}}}
            """)
        let violations = envelope.validate(try json("""
            {"id": "Order 7", "items": [{"sku": "a"}, {}, 5, {}], "a/b": 2, "t~x": "z", "extra": null}
            """))
        let found = violations.map { "\($0.instancePath) \($0.keyword)" }
        // In the order of the schema's keywords.
        #expect(found == ["/extra additionalProperties", "/id pattern", "/items/1 required", "/items/2 type",
                          "/items/3 required", "/items maxItems", "/a~1b const", "/t~0x enum"])
        #expect(violations.map(\.description) == [
            "/extra: no value is allowed here (the schema is false) (additionalProperties)",
            "/id: \"Order 7\" does not match the pattern ^[a-z]+-[0-9]+$ (pattern)",
            "/items/1: the required property \"sku\" is missing (required)",
            "/items/2: 5 is a number, not an object (type)",
            "/items/3: the required property \"sku\" is missing (required)",
            "/items: the array has 4 items, more than the maximum 3 (maxItems)",
            "/a~1b: 2 is not the required value 1 (const)",
            "/t~0x: \"z\" is not one of the allowed values [\"x\",\"y\"] (enum)",
        ])
        #expect(violations[0].schemaPath == "/additionalProperties")
        #expect(violations[7].schemaPath == "/properties/t~0x/enum")
        // The whole instance is "" in paths and "(root)" in sentences.
        let missing = envelope.validate(try json("{}"))
        #expect(missing.map(\.instancePath) == ["", ""])
        #expect(missing.first?.description == "(root): the required property \"id\" is missing (required)")
        #expect(!envelope.isValid(try json("{}")))
    }

    @Test func combinatorsReportOneViolationAndConditionalsPassTheirBranchOn() throws {
        let choice = try schema("""
            {"oneOf": [{"type": "integer"}, {"minimum": 0}], "not": {"const": 7},
             "if": {"properties": {"kind": {"const": "box"}}}, "then": {"required": ["size"]}}
            """)
        let both = choice.validate(5)
        #expect(both.map(\.keyword) == ["oneOf"])
        #expect(both.first?.message == "5 matches the schemas at 0 and 1 in oneOf; it must match exactly one")
        #expect(choice.validate(7).map(\.keyword) == ["oneOf", "not"])
        #expect(choice.validate(-1.5).first?.message == "-1.5 matches none of the 2 schemas in oneOf")
        // An object matches only {"minimum": 0}; "then" passes its own violation on.
        let box = choice.validate(try json(#"{"kind": "box"}"#))
        #expect(box.map { "\($0.instancePath) \($0.keyword) \($0.schemaPath)" } == [" required /then/required"])
    }

    @Test func falseAtTheRootAcceptsNothing() throws {
        let nothing = try JSONSchema(false)
        #expect(nothing.validate(nil).map(\.description) == ["(root): no value is allowed here (the schema is false) (false)"])
        #expect(try JSONSchema(true).isValid(["anything": [1, 2]]))
    }

    // MARK: Refused at load

    @Test func unsupportedKeywordsAreRefusedByNameAndPlace() throws {
        for (keyword, text) in [
            ("$dynamicRef", ##"{"properties": {"tree": {"$dynamicRef": "#node"}}}"##),
            ("unevaluatedProperties", #"{"allOf": [{"unevaluatedProperties": false}]}"#),
            ("minimun", #"{"$defs": {"count": {"minimun": 1}}}"#),
            ("$anchor", #"{"$defs": {"count": {"$anchor": "count"}}}"#),
        ] {
            let error = try #require(loadError(text))
            #expect(error.code == .unsupportedKeyword)
            #expect(error.keyword == keyword)
            #expect(error.message.contains("\"\(keyword)\"") && error.message.contains("JSONSchema.supportedKeywords"))
        }
        #expect(loadError(##"{"properties": {"tree": {"$dynamicRef": "#node"}}}"##)?.schemaPath == "/properties/tree/$dynamicRef")
        #expect(loadError(#"{"allOf": [{"unevaluatedProperties": false}]}"#)?.schemaPath == "/allOf/0/unevaluatedProperties")
        // A keyword-like member name is data, not a keyword.
        #expect(try schema(#"{"properties": {"$dynamicRef": {"type": "string"}}, "enum": [{"$ref": "x"}]}"#)
            .isValid(["$dynamicRef": "a"]) == false)
    }

    @Test func referencesOutsideTheDocumentAndSubschemaIDsAreRefused() throws {
        for text in [##"{"$ref": "https://example.com/other.json"}"##, ##"{"$ref": "#node"}"##, ##"{"$ref": "other.json#/$defs/a"}"##] {
            let error = try #require(loadError(text))
            #expect(error.code == .unsupportedReference, "\(text)")
            #expect(error.keyword == "$ref" && error.schemaPath == "/$ref")
        }
        #expect(loadError(#"{"$defs": {"a": {"$id": "a.json"}}}"#)?.code == .unsupportedKeyword)
        #expect(loadError(#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#)?.keyword == "$schema")
        // The root's own $id may name the document.
        let named = try schema(#"{"$id": "urn:example:order", "$defs": {"n": {"type": "integer"}}, "$ref": "urn:example:order#/$defs/n"}"#)
        #expect(!named.isValid("seven"))
    }

    @Test func malformedSchemasAreRefusedWithTheKeyword() throws {
        for (keyword, text) in [
            ("minimum", #"{"minimum": "1"}"#), ("type", #"{"type": "int"}"#), ("required", #"{"required": ["a", "a"]}"#),
            ("multipleOf", #"{"multipleOf": 0}"#), ("minLength", #"{"minLength": -1}"#), ("pattern", #"{"pattern": "(unclosed"}"#),
            ("allOf", #"{"allOf": []}"#), ("properties", #"{"properties": {"a": 3}}"#),
            ("$ref", ##"{"$ref": "#/$defs/missing"}"##), ("$ref", ##"{"$ref": "#/$defs/a~2"}"##),
        ] {
            let error = try #require(loadError(text))
            #expect(error.code == .invalidSchema, "\(text)")
            #expect(error.keyword == keyword, "\(text): \(error)")
        }
        #expect(loadError("3")?.message == "the root: a schema must be an object or a boolean, not a number")
        #expect(try schema(#"{"minItems": 2.0}"#).isValid([1]) == false) // 2.0 is an integer
    }

    @Test func malformedJSONIsRefusedWithItsPlace() throws {
        let error = try #require(loadError("{\"type\":\n  \"object\",}"))
        #expect(error.code == .malformedJSON)
        #expect(error.message.contains("line 2, column 12"))
        for text in ["[1,]", "{'a': 1}", "01", "NaN", "[1] [2]", "\"\\ud800\"", #"{"a": 1, "a": 2}"#, "1e400", "\"tab\there\"", "",
                     "[\"\\x\"]", "tru"] {
            #expect(throws: JSONParseError.self, "\(text)") { try json(text) }
        }
        #expect(try json(" {\"a\" : [1, -0.5e+2, \"\\u00e9\\ud83d\\ude00\\n\", true, null]} ").description
            == #"{"a":[1,-50,"é😀\n",true,null]}"#)
    }

    // MARK: JSON equality and numbers

    @Test func numbersCompareByValueAndBooleansAreNotNumbers() throws {
        #expect(try json("1.0") == json("1") && json("1.0") == json("10e-1"))
        #expect(try schema(#"{"type": "integer"}"#).isValid(try json("1.0")))
        #expect(try !schema(#"{"type": "integer"}"#).isValid(try json("1.5")))
        let one = try schema(#"{"enum": [1]}"#)
        #expect(!one.isValid(true))
        #expect(one.isValid(try json("1.0")))
        #expect(try !schema(#"{"const": true}"#).isValid(1))
        #expect(try !schema(#"{"const": 9007199254740993}"#).isValid(try json("9007199254740992"))) // equal as Doubles
        let unique = try schema(#"{"uniqueItems": true}"#)
        #expect(unique.isValid(try json("[true, 1, false, 0, {\"a\": 1}, [1]]")))
        #expect(!unique.isValid(try json("[1, 1.0]")))
        #expect(!unique.isValid(try json(#"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#)))
        #expect(!unique.isValid(["\u{E4}", "a\u{308}", "\u{E4}"]))
        #expect(unique.isValid(["\u{E4}", "a\u{308}"])) // different code points, unlike Swift's ==
    }

    @Test func multipleOfIsExactForDecimals() throws {
        func isMultiple(_ value: String, of divisor: String) throws -> Bool {
            try schema("{\"multipleOf\": \(divisor)}").isValid(try json(value))
        }
        #expect(try isMultiple("0.0075", of: "0.0001"))
        #expect(try !isMultiple("0.0075", of: "0.01"))
        #expect(try isMultiple("0.3", of: "0.1"))
        #expect(try isMultiple("12391239123", of: "1e-8"))
        #expect(try !isMultiple("1e308", of: "0.123456789"))
        #expect(try isMultiple("1e308", of: "2"))
        #expect(try !isMultiple("123456789012345678.5", of: "1")) // an integer as a Double
        #expect(try schema(#"{"maximum": 12345678901234567890}"#).validate(try json("12345678901234567891")).first?.message
            == "12345678901234567891 is greater than the maximum 12345678901234567890")
    }

    @Test func lengthsCountCodePoints() throws {
        let two = try schema(#"{"minLength": 2, "maxLength": 2}"#)
        #expect(two.isValid("e\u{301}"))   // one character on screen, two code points
        #expect(!two.isValid("😀"))       // one code point, two UTF-16 units
        #expect(two.isValid("🇫🇷"))       // one flag, two code points
        #expect(two.validate("abc").first?.message == "\"abc\" has 3 characters, more than the maximum 2")
    }

    @Test func patternsSearchAnywhere() throws {
        let digits = try schema(#"{"pattern": "[0-9]{2}", "patternProperties": {"^x-": {"type": "string"}}}"#)
        #expect(digits.isValid("order 42 shipped"))
        #expect(!digits.isValid("order 4"))
        #expect(digits.validate(try json(#"{"x-note": 1}"#)).map(\.instancePath) == ["/x-note"])
    }

    // MARK: References and bounds

    @Test func referencesResolveWithinTheDocument() throws {
        let tree = try schema("""
            {"$defs": {"node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}},
                                                                 "label": {"$ref": "#/$defs/a%20b~1c"}}},
                       "a b/c": {"type": "string"}},
             "$ref": "#/$defs/node"}
            """)
        #expect(tree.isValid(try json(#"{"label": "root", "children": [{"children": [{"label": "leaf"}]}]}"#)))
        let violations = tree.validate(try json(#"{"children": [{"children": [{"label": 5}]}]}"#))
        #expect(violations.map { "\($0.instancePath) \($0.keyword) \($0.schemaPath)" }
            == ["/children/0/children/0/label type /$defs/a b~1c/type"])
    }

    @Test func loopsWithoutProgressAreRefused() throws {
        for text in [##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
                     ##"{"allOf": [{"$ref": "#"}]}"##, ##"{"if": {"not": {"$ref": "#"}}}"##] {
            let error = try #require(loadError(text))
            #expect(error.code == .tooComplex, "\(text)")
            #expect(error.keyword == "$ref" && error.message.contains("loops"))
        }
        // A $ref back to the root inside a member moves into the instance: fine.
        #expect(try schema(##"{"properties": {"next": {"$ref": "#"}}, "required": ["value"]}"##)
            .validate(try json(#"{"value": 1, "next": {"value": 2, "next": {}}}"#)).map(\.instancePath) == ["/next/next"])
    }

    @Test func nestingIsBounded() throws {
        let arrays = { (depth: Int) in String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        _ = try json(arrays(JSONValue.maximumNesting))
        let tooDeep = #expect(throws: JSONParseError.self) { try json(arrays(1_000_000)) }
        #expect(tooDeep?.message == "arrays and objects nest more than \(JSONValue.maximumNesting) deep; flatten the data")

        let nots = { (depth: Int) in String(repeating: #"{"not": "#, count: depth) + "{}" + String(repeating: "}", count: depth) }
        _ = try schema(nots(JSONSchema.maximumNesting))
        #expect(loadError(nots(JSONSchema.maximumNesting + 1))?.code == .tooComplex)
        #expect(loadError(nots(100_000))?.code == .malformedJSON) // the JSON itself nests too deep

        // Validation with a recursive schema stops at its own limit, however deep the instance.
        let lists = try schema(##"{"items": {"$ref": "#"}}"##)
        #expect(lists.isValid(try json(arrays(JSONSchema.maximumEvaluationDepth / 4))))
        let stopped = lists.validate(try json(arrays(JSONValue.maximumNesting)))
        #expect(stopped.count == 1)
        #expect(stopped.first?.message.hasPrefix("validation nests more than \(JSONSchema.maximumEvaluationDepth) schemas deep") == true)
        #expect(!lists.isValid(try json(arrays(JSONValue.maximumNesting))))
        // Even where a subschema's failure would make the instance valid.
        let notLists = try schema(##"{"not": {"$ref": "#/$defs/lists"}, "$defs": {"lists": {"items": {"$ref": "#/$defs/lists"}, "type": "string"}}}"##)
        #expect(notLists.isValid(try json(arrays(3))))
        #expect(!notLists.isValid(try json(arrays(JSONValue.maximumNesting))))
        #expect(notLists.validate(try json(arrays(JSONValue.maximumNesting))).map(\.keyword) == ["$ref"])
    }
}
