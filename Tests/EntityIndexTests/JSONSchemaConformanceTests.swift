import Foundation
import Testing
@testable import EntityIndex

/// The official JSON Schema Test Suite, draft 2020-12, read from outside the repository
/// (`$JSON_SCHEMA_TEST_SUITE`, else `../shared/conformance/json-schema-test-suite` beside
/// the package). Every group whose schema loads must pass every test; a group whose
/// schema uses an unsupported keyword or reference must be refused at load, and is
/// counted as skipped with that reason.
@Suite struct JSONSchemaConformanceTests {
    static let suiteDirectory: URL = {
        if let path = ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/json-schema-test-suite")
    }()

    static let testsDirectory = suiteDirectory.appendingPathComponent("tests/draft2020-12")

    /// The files of the keywords the validator must support: each of their groups must run
    /// and pass, unless it needs another document, `$id`/`$anchor`/`$dynamicRef` resolution
    /// or a keyword that is not supported.
    static let requiredFiles: Set<String> = [
        "type", "enum", "const", "required", "properties", "additionalProperties", "patternProperties", "items",
        "prefixItems", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "minimum",
        "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "allOf", "anyOf", "oneOf", "not",
        "if-then-else", "defs", "ref", "boolean_schema",
        // Supported beyond the required set, so held to the same rule.
        "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "propertyNames", "contains",
        "minContains", "maxContains", "default", "format", "infinite-loop-detection",
    ].reduce(into: []) { $0.insert($1 + ".json") }

    /// In a required file, a group may be refused only for these: a keyword outside the
    /// supported set, `$id` below the root, or a reference outside the document.
    static func isAllowedSkip(_ error: JSONSchemaError) -> Bool {
        switch error.code {
        case .unsupportedReference: true
        case .unsupportedKeyword: !JSONSchema.supportedKeywords.contains(error.keyword ?? "") || error.keyword == "$id"
        default: false
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: testsDirectory.path),
                   "the JSON Schema Test Suite is not at ../shared/conformance/json-schema-test-suite; set JSON_SCHEMA_TEST_SUITE to its folder"))
    func draft2020_12() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.testsDirectory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        var all = Tally(), required = Tally()
        for file in files {
            let groups = try #require(try JSONValue(parsing: Data(contentsOf: Self.testsDirectory.appendingPathComponent(file)))
                .arrayValue, "\(file) is not a list of groups")
            for group in groups {
                let tally = try run(group, in: file)
                all.add(tally)
                if Self.requiredFiles.contains(file) { required.add(tally) }
            }
        }
        print("JSON Schema Test Suite draft2020-12: \(files.count) files; \(all)")
        print("  of which the \(Self.requiredFiles.count) files of supported keywords: \(required)")
        #expect(all.testsRun > 0, "no test ran: the suite at \(Self.testsDirectory.path) is empty")
    }

    /// Loads one group's schema and runs its tests, recording an issue for each failure.
    private func run(_ group: JSONValue, in file: String) throws -> Tally {
        let groupName = "\(file): \(group["description"]?.stringValue ?? "?")"
        let schemaJSON = try #require(group["schema"], "\(groupName) has no schema")
        var tally = Tally()
        let schema: JSONSchema
        do {
            schema = try JSONSchema(schemaJSON)
        } catch {
            guard error.code == .unsupportedKeyword || error.code == .unsupportedReference else {
                Issue.record("\(groupName): the schema was refused: \(error)")
                return tally
            }
            let reason = Self.reason(for: error, in: schemaJSON)
            if Self.requiredFiles.contains(file) {
                #expect(Self.isAllowedSkip(error), "\(groupName): \(error)")
                print("  skipped \(groupName) — \(reason)")
            }
            tally.skipped[reason, default: 0] += 1
            return tally
        }
        tally.groupsRun = 1
        var groupPassed = true
        for test in try #require(group["tests"]?.arrayValue, "\(groupName) has no tests") {
            let data = try #require(test["data"]), expected = test["valid"] == .bool(true)
            let testName = "\(groupName) / \(test["description"]?.stringValue ?? "?")"
            let isValid = schema.isValid(data), violations = schema.validate(data)
            #expect(isValid == expected, "\(testName): \(data)")
            #expect(violations.isEmpty == expected, "\(testName): \(violations)")
            tally.testsRun += 1
            if isValid == expected && violations.isEmpty == expected { tally.testsPassed += 1 } else { groupPassed = false }
        }
        tally.groupsPassed = groupPassed ? 1 : 0
        return tally
    }

    /// Why a group was refused: the keyword, or where its `$ref` leads (read from the schema itself).
    private static func reason(for error: JSONSchemaError, in schema: JSONValue) -> String {
        guard error.code == .unsupportedReference else { return "unsupported keyword \(error.keyword ?? "?")" }
        let reference = JSONPointer.tokens(error.schemaPath).flatMap { JSONPointer.resolve($0, in: schema) }?.stringValue ?? ""
        if reference.hasPrefix("http://localhost:1234/") { return "$ref to a remote (localhost:1234)" }
        let fragment = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
        if !fragment.isEmpty && !fragment.hasPrefix("/") { return "$ref to an $anchor" }
        return "$ref to another document or $id"
    }
}

/// Counts of one run of the suite, or part of it.
private struct Tally: CustomStringConvertible {
    var groupsRun = 0, groupsPassed = 0, testsRun = 0, testsPassed = 0
    var skipped: [String: Int] = [:]

    mutating func add(_ other: Tally) {
        groupsRun += other.groupsRun
        groupsPassed += other.groupsPassed
        testsRun += other.testsRun
        testsPassed += other.testsPassed
        skipped.merge(other.skipped, uniquingKeysWith: +)
    }

    var description: String {
        let reasons = skipped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
        return """
            \(groupsPassed)/\(groupsRun) groups run passed, \(testsPassed)/\(testsRun) tests passed, \
            \(skipped.values.reduce(0, +)) groups skipped (\(reasons.joined(separator: ", ")))
            """
    }
}

private extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }
}
