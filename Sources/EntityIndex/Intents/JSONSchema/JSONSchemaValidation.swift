extension JSONSchema {
    /// Every way `instance` fails the schema, in the order of the schema's keywords;
    /// empty when it is valid.
    ///
    /// Each violation names the instance path (a JSON Pointer, `""` for the root), the
    /// keyword and a sentence. A keyword that combines subschemas without passing their
    /// failures through (`anyOf`, `oneOf`, `not`, `contains`, `propertyNames`) is one violation.
    public func validate(_ instance: JSONValue) -> [JSONSchemaViolation] {
        var evaluation = Evaluation(nodes: nodes, collecting: true)
        _ = evaluation.validate(instance, against: 0, appliedBy: "false")
        if let stop = evaluation.tooDeep, !evaluation.violations.contains(stop) { evaluation.violations.append(stop) }
        return evaluation.violations
    }

    /// True when `instance` satisfies the schema; faster than `validate(_:)`, as it stops at the first failure.
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluation = Evaluation(nodes: nodes, collecting: false)
        return evaluation.validate(instance, against: 0, appliedBy: "false") && evaluation.tooDeep == nil
    }
}

/// One validation: where in the instance it is, and the violations found so far.
///
/// The functions that recurse (`validate`, `apply`, `validateParts`, `validateInPlace`)
/// are kept small, and the work of each keyword is done elsewhere, so that each level
/// of nesting costs little stack.
private struct Evaluation {
    let nodes: [SchemaNode]
    /// Whether violations are recorded; when not, evaluation stops at the first failure.
    var collecting: Bool
    var violations: [JSONSchemaViolation] = []
    /// The JSON Pointer tokens of the instance location being validated.
    var location: [String] = []
    var depth = 0
    /// Where validation first nested too deep to go on, even inside `not` or `anyOf`, whose
    /// outcome that leaves unknown: the instance is then not valid.
    var tooDeep: JSONSchemaViolation?

    init(nodes: [SchemaNode], collecting: Bool) {
        self.nodes = nodes
        self.collecting = collecting
    }

    /// Validates `instance` against node `index`; `keyword` is the one that applied it,
    /// which a `false` schema's violation names.
    mutating func validate(_ instance: JSONValue, against index: Int, appliedBy keyword: String) -> Bool {
        guard case .keywords(let keywords) = nodes[index].body, depth < JSONSchema.maximumEvaluationDepth else {
            return validateWithoutKeywords(against: index, appliedBy: keyword)
        }
        depth += 1
        defer { depth -= 1 }
        var valid = true
        for keyword in keywords where !apply(keyword, to: instance, in: index) {
            valid = false
            if !collecting { break }
        }
        return valid
    }

    /// A boolean schema, or the point where validation nests too deep to go on.
    private mutating func validateWithoutKeywords(against index: Int, appliedBy keyword: String) -> Bool {
        switch nodes[index].body {
        case .boolean(let accepts):
            return accepts || record(JSONSchemaViolation(instancePath: JSONPointer.string(location), keyword: keyword,
                                                         schemaPath: nodes[index].location,
                                                         message: "no value is allowed here (the schema is false)"))
        case .keywords:
            let stop = JSONSchemaViolation(instancePath: JSONPointer.string(location), keyword: keyword,
                                           schemaPath: nodes[index].location, message: """
                validation nests more than \(JSONSchema.maximumEvaluationDepth) schemas deep here; \
                the instance is too deeply nested for this schema
                """)
            if tooDeep == nil { tooDeep = stop }
            return record(stop)
        }
    }

    /// True when `instance` satisfies node `index`, recording nothing: for keywords that
    /// combine the results of subschemas rather than pass on their violations.
    private mutating func satisfies(_ instance: JSONValue, _ index: Int) -> Bool {
        let wasCollecting = collecting
        collecting = false
        defer { collecting = wasCollecting }
        return validate(instance, against: index, appliedBy: "false")
    }

    /// Records a violation of `keyword` in node `index` at the current instance location; false.
    private mutating func fail(_ keyword: String, in index: Int, _ message: String) -> Bool {
        record(JSONSchemaViolation(instancePath: JSONPointer.string(location), keyword: keyword,
                                   schemaPath: nodes[index].location + JSONPointer.string([keyword]), message: message))
    }

    /// Records `violation` when collecting; false.
    private mutating func record(_ violation: JSONSchemaViolation) -> Bool {
        if collecting { violations.append(violation) }
        return false
    }

    private mutating func apply(_ keyword: CompiledKeyword, to instance: JSONValue, in index: Int) -> Bool {
        switch keyword.rule {
        case .properties, .patternProperties, .additionalProperties, .prefixItems, .items:
            return validateParts(keyword.parts(of: instance), appliedBy: keyword.name)
        case .allOf, .dependentSchemas, .reference:
            return validateInPlace(instance, against: keyword.inPlaceSchemas(for: instance), appliedBy: keyword.name)
        case .conditional(let condition, let then, let otherwise):
            let (branch, name) = satisfies(instance, condition) ? (then, "then") : (otherwise, "else")
            return validateInPlace(instance, against: branch.map { [$0] } ?? [], appliedBy: name)
        case .anyOf, .oneOf, .not, .contains, .propertyNames:
            return combine(keyword, for: instance, in: index)
        default:
            var valid = true
            for message in keyword.assertionViolations(of: instance) {
                valid = fail(keyword.name, in: index, message)
                if !collecting { break }
            }
            return valid
        }
    }

    /// Validates members or elements of the instance, each at its own location.
    private mutating func validateParts(_ parts: [CompiledKeyword.Part], appliedBy keyword: String) -> Bool {
        var valid = true
        for part in parts {
            location.append(part.token)
            defer { location.removeLast() }
            if !validate(part.value, against: part.schema, appliedBy: keyword) {
                valid = false
                if !collecting { break }
            }
        }
        return valid
    }

    /// Validates the instance itself against subschemas a keyword applies to it, passing their violations on.
    private mutating func validateInPlace(_ instance: JSONValue, against schemas: [Int], appliedBy keyword: String) -> Bool {
        var valid = true
        for schema in schemas where !validate(instance, against: schema, appliedBy: keyword) {
            valid = false
            if !collecting { break }
        }
        return valid
    }

    /// Keywords that judge by whether subschemas match, reporting one violation of their own.
    private mutating func combine(_ keyword: CompiledKeyword, for instance: JSONValue, in index: Int) -> Bool {
        switch (keyword.rule, instance) {
        case (.anyOf(let schemas), _):
            return schemas.contains { satisfies(instance, $0) }
                || fail(keyword.name, in: index, "\(instance.brief()) matches none of the \(schemas.count) schemas in anyOf")
        case (.oneOf(let schemas), _):
            let matching = schemas.indices.filter { satisfies(instance, schemas[$0]) }
            if matching.count == 1 { return true }
            return fail(keyword.name, in: index, matching.isEmpty
                ? "\(instance.brief()) matches none of the \(schemas.count) schemas in oneOf"
                : "\(instance.brief()) matches the schemas at \(matching.map(String.init).joined(separator: " and ")) in oneOf; it must match exactly one")
        case (.not(let schema), _):
            return !satisfies(instance, schema) || fail(keyword.name, in: index, "\(instance.brief()) matches the schema in not, which it must not")
        case (.contains(let schema, let minimum, let maximum), .array(let elements)):
            let matches = elements.count { satisfies($0, schema) }
            if matches < minimum {
                return minimum == 1 ? fail("contains", in: index, "no item matches the schema in contains")
                    : fail("minContains", in: index, "\(matches) items match the schema in contains, fewer than minContains \(minimum)")
            }
            if let maximum, matches > maximum {
                return fail("maxContains", in: index, "\(matches) items match the schema in contains, more than maxContains \(maximum)")
            }
            return true
        case (.propertyNames(let schema), .object(let object)):
            var valid = true
            for key in object.keys where !satisfies(.string(key), schema) {
                valid = fail(keyword.name, in: index, "the property name \"\(key)\" does not match propertyNames")
                if !collecting { break }
            }
            return valid
        default: // contains and propertyNames say nothing about other types of instance
            return true
        }
    }
}

extension CompiledKeyword {
    /// A member or element of the instance, with the subschema a keyword applies to it.
    struct Part {
        let token: String
        let value: JSONValue
        let schema: Int
    }

    /// The subschemas `allOf`, `$ref` or `dependentSchemas` apply to `instance` itself.
    func inPlaceSchemas(for instance: JSONValue) -> [Int] {
        switch (rule, instance) {
        case (.allOf(let schemas), _): schemas
        case (.reference(let schema), _): [schema]
        case (.dependentSchemas(let dependencies), .object(let object)):
            dependencies.filter { object[$0.property] != nil }.map(\.schema)
        default: []
        }
    }

    /// The members or elements of `instance` this keyword applies subschemas to; none
    /// for another type of instance.
    func parts(of instance: JSONValue) -> [Part] {
        switch (rule, instance) {
        case (.properties(let properties), .object(let object)):
            return properties.compactMap { property in object[property.name].map { Part(token: property.name, value: $0, schema: property.schema) } }
        case (.patternProperties(let patterns), .object(let object)):
            return object.keys.flatMap { key in
                patterns.filter { $0.pattern.matches(key) }.map { Part(token: key, value: object[key]!, schema: $0.schema) }
            }
        case (.additionalProperties(let schema, let named, let patterns), .object(let object)):
            return object.keys.filter { key in !named.contains(CodePoints(key)) && !patterns.contains { $0.matches(key) } }
                .map { Part(token: $0, value: object[$0]!, schema: schema) }
        case (.prefixItems(let schemas), .array(let elements)):
            return zip(elements.indices, schemas).map { Part(token: String($0), value: elements[$0], schema: $1) }
        case (.items(let schema, let first), .array(let elements)):
            return elements.indices.dropFirst(first).map { Part(token: String($0), value: elements[$0], schema: schema) }
        default:
            return []
        }
    }
}
