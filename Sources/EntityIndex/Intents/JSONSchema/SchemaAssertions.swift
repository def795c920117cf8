extension CompiledKeyword {
    /// What is wrong with `instance` for a keyword that checks it without subschemas
    /// (`type`, `minimum`, `required`, …): one sentence per violation, none when it holds
    /// or when the keyword is about another type of instance (`pattern` says nothing about a number).
    func assertionViolations(of instance: JSONValue) -> [String] {
        switch (rule, instance) {
        case (.type(let types), _):
            if types.contains(where: { $0.matches(instance) }) { return [] }
            return ["\(instance.brief()) is \(JSONType(of: instance).phrase), not \(types.map(\.phrase).joined(separator: " or "))"]
        case (.enumeration(let values), _):
            return values.contains(instance) ? [] : ["\(instance.brief()) is not one of the allowed values \(JSONValue.array(values).brief(limit: 80))"]
        case (.constant(let value), _):
            return instance == value ? [] : ["\(instance.brief()) is not the required value \(value.brief())"]
        case (.numberBound(let bound, let limit), .number(let number)):
            return bound.violation(of: number, limit: limit).map { [$0] } ?? []
        case (.multipleOf(let divisor), .number(let number)):
            return number.isMultiple(of: divisor) ? [] : ["\(number) is not a multiple of \(divisor)"]
        case (.countBound(let bound, let limit), _):
            return bound.violation(of: instance, limit: limit).map { [$0] } ?? []
        case (.pattern(let pattern), .string(let string)):
            return pattern.matches(string) ? [] : ["\(instance.brief()) does not match the pattern \(pattern.source)"]
        case (.uniqueItems, .array(let elements)):
            for second in elements.indices {
                if let first = elements[..<second].firstIndex(of: elements[second]) {
                    return ["items \(first) and \(second) are both \(elements[second].brief()); items must be distinct"]
                }
            }
            return []
        case (.required(let names), .object(let object)):
            return names.filter { object[$0] == nil }.map { "the required property \"\($0)\" is missing" }
        case (.dependentRequired(let dependencies), .object(let object)):
            return dependencies.filter { object[$0.property] != nil }.flatMap { dependency in
                dependency.required.filter { object[$0] == nil }
                    .map { "the property \"\($0)\" is required when \"\(dependency.property)\" is present" }
            }
        default:
            return []
        }
    }
}
