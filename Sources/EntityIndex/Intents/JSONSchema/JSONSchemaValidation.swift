extension JSONSchema {
    /// Every way `instance` fails the schema, in schema order; empty when it is valid.
    ///
    /// Each violation names the instance path (a JSON Pointer, `""` for the root), the
    /// keyword and a sentence. A keyword that combines subschemas without passing their
    /// failures through (`anyOf`, `oneOf`, `not`, `contains`, `propertyNames`) is one violation.
    public func validate(_ instance: JSONValue) -> [JSONSchemaViolation] {
        var evaluation = Evaluation(nodes: nodes, collecting: true)
        _ = evaluation.validate(instance, against: 0, appliedBy: "false")
        return evaluation.violations
    }

    /// True when `instance` satisfies the schema; faster than `validate(_:)`, as it stops at the first failure.
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluation = Evaluation(nodes: nodes, collecting: false)
        return evaluation.validate(instance, against: 0, appliedBy: "false")
    }
}

/// One validation: where in the instance it is, and the violations found so far.
private struct Evaluation {
    let nodes: [SchemaNode]
    /// Whether violations are recorded; when not, evaluation stops at the first failure.
    var collecting: Bool
    var violations: [JSONSchemaViolation] = []
    /// The JSON Pointer tokens of the instance location being validated.
    var location: [String] = []
    var depth = 0

    init(nodes: [SchemaNode], collecting: Bool) {
        self.nodes = nodes
        self.collecting = collecting
    }

    /// Validates `instance` against node `index`; `keyword` is the one that applied it,
    /// which a `false` schema's violation names.
    mutating func validate(_ instance: JSONValue, against index: Int, appliedBy keyword: String) -> Bool {
        let node = nodes[index]
        guard depth < JSONSchema.maximumEvaluationDepth else {
            return fail(keyword, node.location, """
                validation nests more than \(JSONSchema.maximumEvaluationDepth) schemas deep here; \
                the instance is too deeply nested for this schema
                """)
        }
        switch node.body {
        case .boolean(let accepts):
            return accepts || fail(keyword, node.location, "no value is allowed here (the schema is false)")
        case .keywords(let keywords):
            depth += 1
            defer { depth -= 1 }
            return all(keywords) { $0.apply($1, to: instance, in: node) }
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

    /// Validates a member or element of the instance, at `location` + `token`.
    private mutating func validate(_ instance: JSONValue, at token: String, against index: Int,
                                   appliedBy keyword: String) -> Bool {
        location.append(token)
        defer { location.removeLast() }
        return validate(instance, against: index, appliedBy: keyword)
    }

    /// True when `check` holds for every element; stops at the first failure unless collecting.
    private mutating func all<Elements: Sequence>(_ elements: Elements,
                                                  _ check: (inout Evaluation, Elements.Element) -> Bool) -> Bool {
        var valid = true
        for element in elements where !check(&self, element) {
            valid = false
            if !collecting { break }
        }
        return valid
    }

    /// Records a violation of `keyword` (in the schema at `schemaLocation`) at the current instance location; false.
    private mutating func fail(_ keyword: String, _ schemaLocation: String, _ message: String) -> Bool {
        if collecting {
            let schemaPath = keyword == "false" ? schemaLocation : schemaLocation + JSONPointer.string([keyword])
            violations.append(JSONSchemaViolation(instancePath: JSONPointer.string(location), keyword: keyword,
                                                  schemaPath: schemaPath, message: message))
        }
        return false
    }

    private mutating func apply(_ keyword: CompiledKeyword, to instance: JSONValue, in node: SchemaNode) -> Bool {
        let fail = { (evaluation: inout Evaluation, message: String) in
            evaluation.fail(keyword.name, node.location, message)
        }
        switch (keyword.rule, instance) {
        case (.type(let types), _):
            return types.contains { $0.matches(instance) }
                || fail(&self, "\(instance.brief()) is \(JSONType(of: instance).phrase), not \(types.map(\.phrase).joined(separator: " or "))")
        case (.enumeration(let values), _):
            return values.contains(instance)
                || fail(&self, "\(instance.brief()) is not one of the allowed values \(JSONValue.array(values).brief(limit: 80))")
        case (.constant(let value), _):
            return instance == value || fail(&self, "\(instance.brief()) is not the required value \(value.brief())")
        case (.numberBound(let bound, let limit), .number(let number)):
            return bound.violation(of: number, limit: limit).map { fail(&self, $0) } ?? true
        case (.multipleOf(let divisor), .number(let number)):
            return number.isMultiple(of: divisor) || fail(&self, "\(number) is not a multiple of \(divisor)")
        case (.countBound(let bound, let limit), _):
            return bound.violation(of: instance, limit: limit).map { fail(&self, $0) } ?? true
        case (.pattern(let pattern), .string(let string)):
            return pattern.matches(string) || fail(&self, "\(instance.brief()) does not match the pattern \(pattern.source)")
        case (.uniqueItems, .array(let elements)):
            for second in elements.indices {
                if let first = elements[..<second].firstIndex(of: elements[second]) {
                    return fail(&self, "items \(first) and \(second) are both \(elements[second].brief()); items must be distinct")
                }
            }
            return true
        case (.required(let names), .object(let object)):
            return all(names.filter { object[$0] == nil }) { fail(&$0, "the required property \"\($1)\" is missing") }
        case (.dependentRequired(let dependencies), .object(let object)):
            let missing = dependencies.filter { object[$0.property] != nil }
                .flatMap { dependency in dependency.required.filter { object[$0] == nil }.map { (dependency.property, $0) } }
            return all(missing) { fail(&$0, "the property \"\($1.1)\" is required when \"\($1.0)\" is present") }
        case (.properties(let properties), .object(let object)):
            return all(properties) { evaluation, property in
                object[property.name].map { evaluation.validate($0, at: property.name, against: property.schema, appliedBy: keyword.name) } ?? true
            }
        case (.patternProperties(let patterns), .object(let object)):
            let matches = object.keys.flatMap { key in patterns.filter { $0.pattern.matches(key) }.map { (key, $0.schema) } }
            return all(matches) { $0.validate(object[$1.0]!, at: $1.0, against: $1.1, appliedBy: keyword.name) }
        case (.additionalProperties(let schema, let named, let patterns), .object(let object)):
            let additional = object.keys.filter { key in !named.contains(CodePoints(key)) && !patterns.contains { $0.matches(key) } }
            return all(additional) { $0.validate(object[$1]!, at: $1, against: schema, appliedBy: keyword.name) }
        case (.propertyNames(let schema), .object(let object)):
            return all(object.keys) { evaluation, key in
                evaluation.satisfies(.string(key), schema) || fail(&evaluation, "the property name \"\(key)\" does not match propertyNames")
            }
        case (.dependentSchemas(let dependencies), .object(let object)):
            return all(dependencies.filter { object[$0.property] != nil }) {
                $0.validate(instance, against: $1.schema, appliedBy: keyword.name)
            }
        case (.prefixItems(let schemas), .array(let elements)):
            return all(zip(elements.indices, schemas)) { $0.validate(elements[$1.0], at: String($1.0), against: $1.1, appliedBy: keyword.name) }
        case (.items(let schema, let first), .array(let elements)):
            return all(elements.indices.dropFirst(first)) { $0.validate(elements[$1], at: String($1), against: schema, appliedBy: keyword.name) }
        case (.contains(let schema, let minimum, let maximum), .array(let elements)):
            var matches = 0
            for element in elements where satisfies(element, schema) { matches += 1 }
            if matches < minimum {
                let message = minimum == 1 ? "no item matches the schema in contains"
                    : "\(matches) items match the schema in contains, fewer than minContains \(minimum)"
                return self.fail(minimum == 1 ? "contains" : "minContains", node.location, message)
            }
            if let maximum, matches > maximum {
                return self.fail("maxContains", node.location, "\(matches) items match the schema in contains, more than maxContains \(maximum)")
            }
            return true
        case (.allOf(let schemas), _):
            return all(schemas) { $0.validate(instance, against: $1, appliedBy: keyword.name) }
        case (.anyOf(let schemas), _):
            return schemas.contains { satisfies(instance, $0) } || fail(&self, "\(instance.brief()) matches none of the \(schemas.count) schemas in anyOf")
        case (.oneOf(let schemas), _):
            let matching = schemas.indices.filter { satisfies(instance, schemas[$0]) }
            if matching.count == 1 { return true }
            return fail(&self, matching.isEmpty ? "\(instance.brief()) matches none of the \(schemas.count) schemas in oneOf"
                        : "\(instance.brief()) matches the schemas at \(matching.map(String.init).joined(separator: " and ")) in oneOf; it must match exactly one")
        case (.not(let schema), _):
            return !satisfies(instance, schema) || fail(&self, "\(instance.brief()) matches the schema in not, which it must not")
        case (.conditional(let condition, let then, let otherwise), _):
            let (branch, name) = satisfies(instance, condition) ? (then, "then") : (otherwise, "else")
            return branch.map { validate(instance, against: $0, appliedBy: name) } ?? true
        case (.reference(let target), _):
            return validate(instance, against: target, appliedBy: keyword.name)
        default: // A keyword about another type of instance: a string's `pattern` says nothing about a number.
            return true
        }
    }
}
