import Foundation

/// Turns a schema document into `SchemaNode`s: checks every keyword's value, refuses
/// what is not supported, links each `$ref` to its target and refuses `$ref` loops.
struct SchemaCompiler {
    private let root: JSONValue
    /// The root's `$id` without its (empty) fragment: a `$ref` may name the document by it.
    private let rootID: String?
    /// The compiled nodes; nil for a `$ref` target not compiled yet.
    private var nodes: [SchemaNode?] = []
    private var indexByLocation: [CodePoints: Int] = [:]
    /// Schemas to compile, in document order (breadth first); compiled ones are cleared.
    private var queue: [Job?] = []
    private var nextJob = 0
    /// The nodes in `queue`, not compiled yet.
    private var queued: Set<Int> = []
    /// Every `$ref`'s target: one that no keyword reaches as a subschema is compiled from the raw document at the end.
    private var references: [(target: [String], from: [String])] = []

    init(root: JSONValue) {
        self.root = root
        if case .object(let object) = root, case .string(let id) = object["$id"] {
            rootID = String(id.prefix { $0 != "#" })
        } else {
            rootID = nil
        }
    }

    mutating func compileDocument() throws(JSONSchemaError) -> [SchemaNode] {
        _ = try compile(root, at: [], depth: 0, for: nil)
        var nextReference = 0
        while true {
            while nextJob < queue.count {
                let job = queue[nextJob]
                queue[nextJob] = nil // the job's value is no longer needed
                nextJob += 1
                try compileNode(job!)
            }
            guard nextReference < references.count else { break }
            let (target, from) = references[nextReference]
            nextReference += 1
            guard nodes[slot(for: target)] == nil else { continue }
            guard let value = JSONPointer.resolve(target, in: root) else {
                throw JSONSchemaError(code: .invalidSchema, message: """
                    $ref at \(display(from)) points at \(display(target)), which is not in the document; \
                    point it at a schema (for example one under $defs)
                    """, keyword: "$ref", schemaPath: JSONPointer.string(from))
            }
            _ = try compile(value, at: target, depth: target.count, for: "$ref")
        }
        let compiled = nodes.map { $0! }
        try Self.refuseLoops(in: compiled)
        return compiled
    }

    /// The index of the node at `location`, reserved if it is not compiled yet.
    private mutating func slot(for location: [String]) -> Int {
        let pointer = CodePoints(JSONPointer.string(location))
        if let index = indexByLocation[pointer] { return index }
        nodes.append(nil)
        indexByLocation[pointer] = nodes.count - 1
        return nodes.count - 1
    }

    private func display(_ location: [String]) -> String {
        location.isEmpty ? "the root" : JSONPointer.string(location)
    }

    /// A failure at `location`; `compileKeywords` names the keyword when it is not given.
    private func failure(_ code: JSONSchemaError.Code, _ message: String, at location: [String],
                         keyword: String? = nil) -> JSONSchemaError {
        JSONSchemaError(code: code, message: "\(display(location)): \(message)", keyword: keyword,
                        schemaPath: JSONPointer.string(location))
    }

    /// A schema waiting to be compiled: `keyword` is the one it is the value (or part) of.
    private struct Job {
        let index: Int
        let value: JSONValue
        let location: [String]
        let depth: Int
        let keyword: String?
    }

    /// The index of the node for the schema `value` at `location`. It is compiled later,
    /// from a queue, so compiling never recurses however deep the schema.
    private mutating func compile(_ value: JSONValue, at location: [String], depth: Int,
                                  for keyword: String?) throws(JSONSchemaError) -> Int {
        let index = slot(for: location)
        guard nodes[index] == nil, !queued.contains(index) else { return index }
        guard depth <= JSONSchema.maximumNesting else {
            throw JSONSchemaError(code: .tooComplex, message: """
                \(display(location)): subschemas nest more than \(JSONSchema.maximumNesting) deep; \
                flatten the schema
                """, keyword: keyword, schemaPath: JSONPointer.string(location))
        }
        queued.insert(index)
        queue.append(Job(index: index, value: value, location: location, depth: depth, keyword: keyword))
        return index
    }

    private mutating func compileNode(_ job: Job) throws(JSONSchemaError) {
        let body: SchemaNode.Body
        switch job.value {
        case .bool(let accepts):
            body = .boolean(accepts)
        case .object(let object):
            body = .keywords(try compileKeywords(of: object, at: job.location, depth: job.depth))
        default:
            throw failure(.invalidSchema, "a schema must be an object or a boolean, not \(JSONType(of: job.value).phrase)",
                          at: job.location, keyword: job.keyword)
        }
        nodes[job.index] = SchemaNode(location: JSONPointer.string(job.location), body: body)
        queued.remove(job.index)
    }

    private mutating func compileKeywords(of object: JSONObject, at location: [String],
                                          depth: Int) throws(JSONSchemaError) -> [CompiledKeyword] {
        var keywords: [CompiledKeyword] = []
        for name in object.keys {
            let value = object[name]!
            guard JSONSchema.supportedKeywords.contains(name) else {
                throw failure(.unsupportedKeyword, """
                    the keyword "\(name)" is not supported by this validator; check its spelling against \
                    JSONSchema.supportedKeywords, or remove it
                    """, at: location + [name], keyword: name)
            }
            do {
                if let rule = try compileKeyword(name, value, of: object, at: location, depth: depth) {
                    keywords.append(CompiledKeyword(name: name, rule: rule))
                }
            } catch where error.keyword == nil {
                throw JSONSchemaError(code: error.code, message: error.message, keyword: name, schemaPath: error.schemaPath)
            }
        }
        return keywords
    }

    /// The rule for one keyword; nil for one that only annotates or is applied by a sibling.
    private mutating func compileKeyword(_ name: String, _ value: JSONValue, of object: JSONObject, at location: [String],
                                         depth: Int) throws(JSONSchemaError) -> CompiledKeyword.Rule? {
        let here = location + [name]
        let rule: CompiledKeyword.Rule?
        switch name {
        case "type":
            rule = .type(try types(value, at: here))
        case "enum":
            rule = .enumeration(try array(value, at: here))
        case "const":
            rule = .constant(value)
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
            rule = .numberBound(NumberBound(rawValue: name)!, try number(value, at: here))
        case "multipleOf":
            let divisor = try number(value, at: here)
            guard divisor > JSONNumber(0) else { throw failure(.invalidSchema, "must be a number greater than 0", at: here) }
            rule = .multipleOf(divisor)
        case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
            rule = .countBound(CountBound(rawValue: name)!, try count(value, at: here))
        case "pattern":
            rule = .pattern(try pattern(value, at: here))
        case "uniqueItems":
            rule = try boolean(value, at: here) ? .uniqueItems : nil
        case "required":
            rule = .required(try names(value, at: here))
        case "dependentRequired":
            rule = .dependentRequired(try members(of: value, at: here).map { (key, required) throws(JSONSchemaError) in
                (key, try names(required, at: here + [key]))
            })
        case "properties":
            rule = .properties(try subschemas(in: value, at: here, depth: depth))
        case "patternProperties":
            rule = .patternProperties(try patternSubschemas(in: value, at: here, depth: depth))
        case "additionalProperties":
            var named: Set<CodePoints> = []
            if case .object(let properties) = object["properties"] { named = Set(properties.keys.map(CodePoints.init)) }
            var patterns: [SchemaPattern] = []
            if case .object(let patternProperties) = object["patternProperties"] {
                for key in patternProperties.keys {
                    patterns.append(try pattern(.string(key), at: location + ["patternProperties", key]))
                }
            }
            rule = .additionalProperties(schema: try compile(value, at: here, depth: depth + 1, for: name), named: named, patterns: patterns)
        case "propertyNames":
            rule = .propertyNames(try compile(value, at: here, depth: depth + 1, for: name))
        case "dependentSchemas":
            rule = .dependentSchemas(try subschemas(in: value, at: here, depth: depth))
        case "prefixItems":
            rule = .prefixItems(try subschemaList(value, at: here, depth: depth))
        case "items":
            var first = 0
            if case .array(let prefix) = object["prefixItems"] { first = prefix.count }
            rule = .items(schema: try compile(value, at: here, depth: depth + 1, for: name), first: first)
        case "contains":
            let minimum = try object["minContains"].map { (value) throws(JSONSchemaError) in try count(value, at: location + ["minContains"]) }
            let maximum = try object["maxContains"].map { (value) throws(JSONSchemaError) in try count(value, at: location + ["maxContains"]) }
            rule = .contains(schema: try compile(value, at: here, depth: depth + 1, for: name), minimum: minimum ?? 1, maximum: maximum)
        case "minContains", "maxContains":
            _ = try count(value, at: here) // applied by "contains"; without it, they do nothing
            rule = nil
        case "allOf":
            rule = .allOf(try subschemaList(value, at: here, depth: depth))
        case "anyOf":
            rule = .anyOf(try subschemaList(value, at: here, depth: depth))
        case "oneOf":
            rule = .oneOf(try subschemaList(value, at: here, depth: depth))
        case "not":
            rule = .not(try compile(value, at: here, depth: depth + 1, for: name))
        case "if":
            let then = try object["then"].map { (value) throws(JSONSchemaError) in try compile(value, at: location + ["then"], depth: depth + 1, for: "then") }
            let otherwise = try object["else"].map { (value) throws(JSONSchemaError) in try compile(value, at: location + ["else"], depth: depth + 1, for: "else") }
            rule = .conditional(if: try compile(value, at: here, depth: depth + 1, for: name), then: then, else: otherwise)
        case "then", "else":
            _ = try compile(value, at: here, depth: depth + 1, for: name) // applied by "if"; without it, they do nothing
            rule = nil
        case "$ref":
            rule = .reference(try reference(value, at: here))
        case "$defs":
            _ = try subschemas(in: value, at: here, depth: depth)
            rule = nil
        default:
            try checkAnnotation(name, value, at: here)
            rule = nil
        }
        return rule
    }

    /// Annotations are not checked against instances, but their values must have the right type.
    private func checkAnnotation(_ name: String, _ value: JSONValue, at here: [String]) throws(JSONSchemaError) {
        switch name {
        case "title", "description", "$comment", "format":
            _ = try string(value, at: here)
        case "deprecated", "readOnly", "writeOnly":
            _ = try boolean(value, at: here)
        case "examples":
            _ = try array(value, at: here)
        case "$schema":
            guard try string(value, at: here).trimmingCharacters(in: ["#"]) == JSONSchema.dialect else {
                throw failure(.unsupportedKeyword, "only the draft 2020-12 dialect is supported; set $schema to \"\(JSONSchema.dialect)\" or remove it", at: here)
            }
        case "$id":
            guard here.count == 1 else {
                throw failure(.unsupportedKeyword, """
                    $id is supported only at the root (embedded schema resources are not); \
                    remove it and refer to this schema by JSON Pointer
                    """, at: here)
            }
            let id = try string(value, at: here)
            if let hash = id.firstIndex(of: "#"), id.index(after: hash) != id.endIndex {
                throw failure(.invalidSchema, "$id must not have a fragment; use a URI without \"#…\"", at: here)
            }
        case "default":
            return // any value
        default:
            preconditionFailure("\(name) is in JSONSchema.supportedKeywords but has no rule")
        }
    }

    /// The node a `$ref` points at; refused when it leaves the document.
    private mutating func reference(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> Int {
        let reference = try string(value, at: here)
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let document = String(parts[0]), fragment = parts.count > 1 ? String(parts[1]) : ""
        guard document.isEmpty || document == rootID else {
            throw failure(.unsupportedReference, """
                "\(reference)" refers to another document, which this validator does not load; \
                copy that schema under $defs and refer to it as "#/$defs/name"
                """, at: here)
        }
        guard let pointer = fragment.removingPercentEncoding else {
            throw failure(.invalidSchema, "\"\(reference)\" has malformed percent-encoding", at: here)
        }
        guard let target = JSONPointer.tokens(pointer) else {
            if !pointer.hasPrefix("/") {
                throw failure(.unsupportedReference, """
                    "\(reference)" names an anchor, which this validator does not support; \
                    use a JSON Pointer such as "#/$defs/name"
                    """, at: here)
            }
            throw failure(.invalidSchema, "\"\(reference)\" is not a valid JSON Pointer (write ~ as ~0 and / as ~1)", at: here)
        }
        let index = slot(for: target)
        if nodes[index] == nil { references.append((target, here)) }
        return index
    }

    /// Refuses a cycle of subschemas applied in place (through `$ref`, `allOf`, …): validating
    /// with it would never end. Depth-first, with an explicit stack.
    private static func refuseLoops(in nodes: [SchemaNode]) throws(JSONSchemaError) {
        let inPlace = nodes.map { node -> [Int] in
            guard case .keywords(let keywords) = node.body else { return [] }
            return keywords.flatMap(\.subschemasInPlace)
        }
        enum Mark { case unvisited, onPath, done }
        var marks = Array(repeating: Mark.unvisited, count: nodes.count)
        for start in nodes.indices where marks[start] == .unvisited {
            var path: [(node: Int, nextEdge: Int)] = [(start, 0)]
            marks[start] = .onPath
            while let (node, nextEdge) = path.last {
                guard nextEdge < inPlace[node].count else {
                    marks[node] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].nextEdge += 1
                let next = inPlace[node][nextEdge]
                switch marks[next] {
                case .onPath:
                    let cycle = path.map(\.node).drop { $0 != next }.map { nodes[$0].location } + [nodes[next].location]
                    throw JSONSchemaError(code: .tooComplex, message: """
                        $ref loops without moving into the instance (\(cycle.map { $0.isEmpty ? "#" : $0 }.joined(separator: " → "))), \
                        so validation would never end; break the cycle
                        """, keyword: "$ref", schemaPath: nodes[node].location)
                case .unvisited:
                    marks[next] = .onPath
                    path.append((next, 0))
                case .done:
                    break
                }
            }
        }
    }

    // MARK: Keyword values

    private func string(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> String {
        guard case .string(let string) = value else { throw failure(.invalidSchema, "must be a string", at: here) }
        return string
    }

    private func boolean(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> Bool {
        guard case .bool(let boolean) = value else { throw failure(.invalidSchema, "must be true or false", at: here) }
        return boolean
    }

    private func number(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> JSONNumber {
        guard case .number(let number) = value else { throw failure(.invalidSchema, "must be a number", at: here) }
        return number
    }

    private func array(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw failure(.invalidSchema, "must be an array", at: here) }
        return elements
    }

    private func members(of value: JSONValue, at here: [String]) throws(JSONSchemaError) -> [(String, JSONValue)] {
        guard case .object(let object) = value else { throw failure(.invalidSchema, "must be an object", at: here) }
        return object.keys.map { ($0, object[$0]!) }
    }

    /// A non-negative integer (`2.0` counts as 2).
    private func count(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> Int {
        guard case .number(let number) = value, number.isInteger, number >= JSONNumber(0),
              let count = Int(exactly: number.doubleValue) else {
            throw failure(.invalidSchema, "must be a non-negative integer", at: here)
        }
        return count
    }

    private func types(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> [JSONType] {
        let names = if case .array = value { try self.names(value, at: here) } else { [try string(value, at: here)] }
        return try names.map { (name) throws(JSONSchemaError) in
            guard let type = JSONType(rawValue: name) else {
                throw failure(.invalidSchema, """
                    "\(name)" is not a type; use \(JSONType.allCases.map(\.rawValue).joined(separator: ", "))
                    """, at: here)
            }
            return type
        }
    }

    /// An array of distinct strings.
    private func names(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> [String] {
        var names: [String] = []
        for element in try array(value, at: here) {
            guard case .string(let name) = element, !names.contains(where: { CodePoints($0) == CodePoints(name) }) else {
                throw failure(.invalidSchema, "must be an array of distinct strings", at: here)
            }
            names.append(name)
        }
        return names
    }

    private func pattern(_ value: JSONValue, at here: [String]) throws(JSONSchemaError) -> SchemaPattern {
        let source = try string(value, at: here)
        guard let pattern = SchemaPattern(source) else {
            throw failure(.invalidSchema, "\"\(source)\" is not a valid regular expression", at: here)
        }
        return pattern
    }

    /// A non-empty array of schemas.
    private mutating func subschemaList(_ value: JSONValue, at here: [String], depth: Int) throws(JSONSchemaError) -> [Int] {
        let elements = try array(value, at: here)
        guard !elements.isEmpty else { throw failure(.invalidSchema, "must be a non-empty array of schemas", at: here) }
        var schemas: [Int] = []
        for (position, element) in elements.enumerated() {
            schemas.append(try compile(element, at: here + [String(position)], depth: depth + 1, for: here.last))
        }
        return schemas
    }

    /// An object whose member values are schemas.
    private mutating func subschemas(in value: JSONValue, at here: [String], depth: Int) throws(JSONSchemaError) -> [(String, Int)] {
        var schemas: [(String, Int)] = []
        for (key, member) in try members(of: value, at: here) {
            schemas.append((key, try compile(member, at: here + [key], depth: depth + 1, for: here.last)))
        }
        return schemas
    }

    /// `patternProperties`: an object from regular expressions to schemas.
    private mutating func patternSubschemas(in value: JSONValue, at here: [String],
                                            depth: Int) throws(JSONSchemaError) -> [(SchemaPattern, Int)] {
        var schemas: [(SchemaPattern, Int)] = []
        for (key, schema) in try subschemas(in: value, at: here, depth: depth) {
            schemas.append((try pattern(.string(key), at: here + [key]), schema))
        }
        return schemas
    }
}
