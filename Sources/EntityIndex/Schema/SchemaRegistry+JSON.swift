import Foundation

/// Types declared in JSON, in the shape `entity-index schema --json` prints:
///
///     [{"type": "shop.order-item", "summary": "a line of an order", "title": "name",
///       "subtitle": ["sku"], "spokenNames": ["order item", "item"],
///       "properties": [
///         {"name": "name", "kind": "string", "required": true, "searchable": "title"},
///         {"name": "sku", "kind": "string", "searchable": "identifier", "spokenNames": ["sku"]},
///         {"name": "status", "kind": "orderStatus", "cases": ["pending", "shipped", "delivered", "cancelled"],
///          "withdrawn": ["cancelled"]}]}]
///
/// Only `type`, `title`, `properties` and each property's `name` and `kind` are
/// required; every other field has the default the Swift initialisers give it.
extension SchemaRegistry {
    /// Registers the types a JSON file declares (an array of types, or one type),
    /// all or nothing: if any is malformed or clashes with a registered type,
    /// none is registered.
    /// - Throws: `EntityIndexError.Code.inputNotFound` when there is no such file,
    ///   `malformedInput` when it is not JSON, `invalidSchema` when a type is
    ///   wrong; the message names the file, the type and the property.
    public mutating func register(contentsOf url: URL) throws {
        let source = url.isFileURL ? url.path : url.absoluteString
        guard !url.isFileURL || FileManager.default.fileExists(atPath: url.path) else {
            throw EntityIndexError(.inputNotFound, "there is no types file \(source): check its name", path: source)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw EntityIndexError(.malformedInput, "cannot read the types file \(source): \(error.localizedDescription)", path: source)
        }
        var registry = self
        var declared: Set<EntityType> = []
        for schema in try Self.decodeTypes(data, source: source) {
            func fail(_ reason: String) -> EntityIndexError {
                EntityIndexError(.invalidSchema, "\(source): type \"\(schema.type)\": \(reason)", path: source)
            }
            if declared.contains(schema.type) {
                throw fail("declared twice in the file; keep one")
            }
            if registry.schema(for: schema.type) != nil {
                throw fail("clashes with a type already registered (a built-in type, or one from another types file); "
                           + "name yours in a domain of your own (\"shop.\(schema.type.rawValue.split(separator: ".").last ?? "item")\")")
            }
            do {
                try registry.register(schema)
            } catch let error as EntityIndexError {
                throw EntityIndexError(.invalidSchema, "\(source): \(error.message)", path: source)
            }
            declared.insert(schema.type)
        }
        for type in declared {
            for property in registry.schema(for: type)?.properties ?? [] {
                for (named, isTransient) in property.kind.namedTypes {
                    let target = registry.schema(for: named)
                    let problem = target == nil ? "which is not a registered type; declare it in the file or correct the name"
                        : isTransient && target?.isTransient == false ? "which is not transient; make it \"-> \(named)\" (a reference) or declare a transient type"
                        : nil
                    if let problem {
                        throw EntityIndexError(.invalidSchema, "\(source): type \"\(type)\", property \"\(property.name)\": kind names \(named), \(problem)",
                                               path: source, property: property.name)
                    }
                }
            }
        }
        self = registry
    }

    /// The types in a JSON document: an array of types, or one type.
    static func decodeTypes(_ data: Data, source: String) throws -> [EntitySchema] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw EntityIndexError(.malformedInput, "\(source) is not valid JSON (\(error.localizedDescription)); "
                                   + "it should hold an array of types as 'entity-index schema --json' prints", path: source)
        }
        guard root is [Any] || root is [String: Any] else {
            throw EntityIndexError(.malformedInput, "\(source) should hold an array of types as 'entity-index schema --json' prints", path: source)
        }
        do {
            if root is [String: Any] { return [try JSONDecoder().decode(EntitySchema.self, from: data)] }
            return try JSONDecoder().decode([EntitySchema].self, from: data)
        } catch let error as EntityIndexError {
            throw EntityIndexError(error.code, "\(source): \(error.message)", path: source, property: error.property)
        } catch {
            throw EntityIndexError(.malformedInput, "\(source): \(error)", path: source)
        }
    }
}

/// An entity schema in JSON: the shape `entity-index schema --json` prints, which
/// `SchemaRegistry.register(contentsOf:)` reads back.
extension EntitySchema: Codable {
    /// A schema from its JSON shape, each optional field defaulted as the initialiser does.
    /// - Throws: `EntityIndexError.Code.invalidSchema` naming the type, the
    ///   property and the field that is wrong, and what is accepted.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: SchemaJSON.AnyKey.self)
        let type = try? fields.decodeIfPresent(String.self, forKey: SchemaJSON.AnyKey("type"))
        let json: SchemaJSON
        do {
            json = try SchemaJSON(from: decoder)
        } catch let error as DecodingError {
            throw SchemaJSON.failure(error, type: type, properties: try? fields.decodeIfPresent([SchemaJSON.Name].self, forKey: SchemaJSON.AnyKey("properties")))
        }
        self = try json.schema()
    }

    /// Encodes the schema in the shape `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        try SchemaJSON(self).encode(to: encoder)
    }
}

/// The JSON shape of a type; every field is optional here so that a missing
/// one is reported by name.
struct SchemaJSON: Codable {
    struct Property: Codable {
        var name: String?
        var kind: String?
        /// The values of the enumeration the kind names: a list, or by
        /// enumeration name when the kind names several.
        var cases: Cases?
        var required: Bool?
        var searchable: String?
        var language: String?
        var spokenNames: [String]?
        var cues: [String]?
        var whenTrue: [String]?
        var whenFalse: [String]?
        var withdrawn: [String]?
        var identifiesOwner: Bool?
        var unknownFields: [String] = []

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, kind, cases, required, searchable, language, spokenNames, cues, whenTrue, whenFalse, withdrawn, identifiesOwner
        }
    }

    /// An enumeration's values, or several enumerations' by name.
    enum Cases: Codable, Equatable {
        case list([String])
        case byName([String: [String]])

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let list = try? value.decode([String].self) {
                self = .list(list)
            } else {
                self = .byName(try value.decode([String: [String]].self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var value = encoder.singleValueContainer()
            switch self {
            case .list(let list): try value.encode(list)
            case .byName(let table): try value.encode(table)
            }
        }
    }

    var type: String?
    var summary: String?
    var transient: Bool?
    var scheduled: Bool?
    var person: Bool?
    var group: Bool?
    /// A symbol's name ("calendar"), or a URL ("https://…").
    var image: String?
    var title: String?
    var subtitle: [String]?
    var spokenNames: [String]?
    var timeProperty: String?
    var endProperty: String?
    var properties: [Property]?
    /// Fields of the object that are not part of the shape (never encoded: not in `CodingKeys`).
    var unknownFields: [String] = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, summary, transient, scheduled, person, group, image, title, subtitle, spokenNames, timeProperty, endProperty, properties
    }

    /// Any key, to find the fields that are not part of the shape.
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A property's name alone, read leniently for messages.
    struct Name: Decodable {
        let name: String?
        init(from decoder: any Decoder) throws {
            name = try? decoder.container(keyedBy: AnyKey.self).decodeIfPresent(String.self, forKey: AnyKey("name"))
        }
    }
}

extension SchemaJSON {
    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        type = try fields.decodeIfPresent(String.self, forKey: .type)
        summary = try fields.decodeIfPresent(String.self, forKey: .summary)
        transient = try fields.decodeIfPresent(Bool.self, forKey: .transient)
        scheduled = try fields.decodeIfPresent(Bool.self, forKey: .scheduled)
        person = try fields.decodeIfPresent(Bool.self, forKey: .person)
        group = try fields.decodeIfPresent(Bool.self, forKey: .group)
        image = try fields.decodeIfPresent(String.self, forKey: .image)
        title = try fields.decodeIfPresent(String.self, forKey: .title)
        subtitle = try fields.decodeIfPresent([String].self, forKey: .subtitle)
        spokenNames = try fields.decodeIfPresent([String].self, forKey: .spokenNames)
        timeProperty = try fields.decodeIfPresent(String.self, forKey: .timeProperty)
        endProperty = try fields.decodeIfPresent(String.self, forKey: .endProperty)
        properties = try fields.decodeIfPresent([Property].self, forKey: .properties)
        unknownFields = try Self.unknownFields(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// The fields of the object being decoded that are not `known`, sorted.
    static func unknownFields(in decoder: any Decoder, known: [String]) throws -> [String] {
        try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
    }

    /// A schema's JSON shape, every field given.
    init(_ schema: EntitySchema) {
        type = schema.type.rawValue
        summary = schema.summary
        transient = schema.isTransient
        scheduled = schema.isScheduled
        person = schema.isPerson
        group = schema.isGroup
        image = schema.image.map { image in
            switch image {
            case .systemName(let name): name
            case .url(let url): url
            }
        }
        title = schema.titleProperty
        subtitle = schema.subtitleProperties
        spokenNames = schema.spokenNames
        timeProperty = schema.timeProperty
        endProperty = schema.endProperty
        properties = schema.properties.map(Property.init)
    }

    /// The schema this JSON describes.
    func schema() throws -> EntitySchema {
        func fail(_ reason: String, property: String? = nil) -> EntityIndexError {
            let place = "type \"\(type ?? "")\"" + (property.map { ", property \"\($0)\"" } ?? "")
            return EntityIndexError(.invalidSchema, "\(place): \(reason)", property: property)
        }
        guard let type else {
            throw EntityIndexError(.invalidSchema, "a type has no \"type\" field: give its name, \"<domain>.<kind>\" (e.g. \"shop.order-item\")")
        }
        if !unknownFields.isEmpty {
            throw fail("unknown field \(Self.quoted(unknownFields)); a type has \(Self.quoted(CodingKeys.allCases.map(\.rawValue)))")
        }
        guard let title else { throw fail("no \"title\" field: name the property whose value is the display title") }
        guard let properties, !properties.isEmpty else { throw fail("no \"properties\": list at least the title property") }
        var names: Set<String> = []
        let converted = try properties.enumerated().map { number, json in
            guard let name = json.name else { throw fail("property \(number + 1) has no \"name\"") }
            guard names.insert(name).inserted else { throw fail("declared twice; keep one", property: name) }
            do {
                return try json.property(named: name)
            } catch let error as EntityIndexError {
                throw fail(error.message, property: name)
            }
        }
        return EntitySchema(EntityType(rawValue: type), summary: summary ?? "", title: title, subtitle: subtitle ?? [],
                            image: image.map { $0.contains("://") ? .url($0) : .systemName($0) },
                            spokenNames: spokenNames, timeProperty: timeProperty, endProperty: endProperty, scheduled: scheduled ?? false,
                            person: person ?? false, group: group ?? false, transient: transient ?? false, properties: converted)
    }

    /// A failure to decode, naming the type, the property and the field.
    static func failure(_ error: DecodingError, type: String??, properties: [Name]??) -> EntityIndexError {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found), .dataCorrupted(let found):
            context = found
        @unknown default:
            return EntityIndexError(.invalidSchema, "\(error)")
        }
        var place = "type \"\((type ?? nil) ?? "")\""
        let path = context.codingPath
        if let at = path.firstIndex(where: { $0.stringValue == "properties" }), at + 1 < path.count, let number = path[at + 1].intValue {
            let name = ((properties ?? nil)?.indices.contains(number) == true ? (properties ?? nil)?[number].name : nil)
            place += ", property " + (name.map { "\"\($0)\"" } ?? "\(number + 1)")
        }
        let field = path.last { $0.intValue == nil }?.stringValue ?? "?"
        let expected: String
        switch field {
        case "transient", "scheduled", "person", "group", "required", "identifiesOwner": expected = "true or false"
        case "subtitle", "spokenNames", "cues", "whenTrue", "whenFalse": expected = "a list of strings"
        case "properties": expected = "a list of properties"
        case "cases": expected = "a list of strings, or lists by enumeration name"
        default: expected = "a string"
        }
        return EntityIndexError(.invalidSchema, "\(place): \"\(field)\" should be \(expected)")
    }

    static func quoted(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

extension SchemaJSON.Property {
    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        name = try fields.decodeIfPresent(String.self, forKey: .name)
        kind = try fields.decodeIfPresent(String.self, forKey: .kind)
        cases = try fields.decodeIfPresent(SchemaJSON.Cases.self, forKey: .cases)
        required = try fields.decodeIfPresent(Bool.self, forKey: .required)
        searchable = try fields.decodeIfPresent(String.self, forKey: .searchable)
        language = try fields.decodeIfPresent(String.self, forKey: .language)
        spokenNames = try fields.decodeIfPresent([String].self, forKey: .spokenNames)
        cues = try fields.decodeIfPresent([String].self, forKey: .cues)
        whenTrue = try fields.decodeIfPresent([String].self, forKey: .whenTrue)
        whenFalse = try fields.decodeIfPresent([String].self, forKey: .whenFalse)
        withdrawn = try fields.decodeIfPresent([String].self, forKey: .withdrawn)
        identifiesOwner = try fields.decodeIfPresent(Bool.self, forKey: .identifiesOwner)
        unknownFields = try SchemaJSON.unknownFields(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    }

    /// A property's JSON shape, every field given but `language` and `cases` when it has none.
    init(_ property: PropertySchema) {
        name = property.name
        kind = property.kind.shortName
        let enumerations = property.kind.enumerations
        if enumerations.count == 1 {
            cases = .list(enumerations[0].cases)
        } else if !enumerations.isEmpty {
            cases = .byName(Dictionary(enumerations.map { ($0.name, $0.cases) }) { first, _ in first })
        }
        required = property.isRequired
        searchable = property.searchability.rawValue
        language = property.language?.rawValue
        spokenNames = property.words.names
        cues = property.words.cues
        whenTrue = property.words.whenTrue
        whenFalse = property.words.whenFalse
        withdrawn = property.withdrawnValues
        identifiesOwner = property.identifiesOwner
    }

    /// The property this JSON describes.
    func property(named name: String) throws -> PropertySchema {
        if !unknownFields.isEmpty {
            throw EntityIndexError(.invalidSchema, "unknown field \(SchemaJSON.quoted(unknownFields)); a property has \(SchemaJSON.quoted(CodingKeys.allCases.map(\.rawValue)))")
        }
        guard let kind else {
            throw EntityIndexError(.invalidSchema, "no \"kind\": give one of \(ValueKind.acceptedShortNames)")
        }
        let enumerations = ValueKind.enumerationNames(inShortName: kind)
        var table: [String: [String]] = [:]
        switch cases {
        case .list(let list)?:
            guard enumerations.count <= 1 else {
                throw EntityIndexError(.invalidSchema, "its kind names several enumerations (\(enumerations.joined(separator: ", "))): "
                                       + "give \"cases\" as an object of values by enumeration name")
            }
            table = Dictionary(enumerations.map { ($0, list) }) { first, _ in first }
        case .byName(let byName)?:
            table = byName
        case nil:
            break
        }
        if cases != nil, enumerations.isEmpty {
            throw EntityIndexError(.invalidSchema, "it has \"cases\" but its kind \"\(kind)\" names no enumeration; remove them or name the enumeration in \"kind\"")
        }
        let parsed = try ValueKind(shortName: kind, cases: table)
        for enumeration in parsed.enumerations where enumeration.cases.isEmpty || Set(enumeration.cases).count != enumeration.cases.count {
            throw EntityIndexError(.invalidSchema, "the enumeration \(enumeration.name) needs its values in \"cases\", each once")
        }
        var searchability: Searchability?
        if let searchable {
            guard let known = Searchability(rawValue: searchable) else {
                throw EntityIndexError(.invalidSchema, "\"searchable\" is \"\(searchable)\"; it is one of \(SchemaJSON.quoted(Searchability.allCases.map(\.rawValue)))")
            }
            searchability = known
        }
        return PropertySchema(name, parsed, required: required ?? false, searchable: searchability,
                              language: language.map(Language.init(rawValue:)),
                              words: PropertyWords(names: spokenNames ?? [], cues: cues ?? [], whenTrue: whenTrue ?? [], whenFalse: whenFalse ?? []),
                              withdrawn: withdrawn ?? [], identifiesOwner: identifiesOwner ?? false)
    }
}

extension ValueKind {
    /// The enumerations the kind names, directly or in lists and unions, each once.
    var enumerations: [(name: String, cases: [String])] {
        var found: [(name: String, cases: [String])] = []
        func visit(_ kind: ValueKind) {
            switch kind {
            case .enumeration(let name, let cases) where !found.contains { $0.name == name }: found.append((name, cases))
            case .array(let element): visit(element)
            case .oneOf(let kinds): kinds.forEach(visit)
            default: break
            }
        }
        visit(self)
        return found
    }

    /// The types the kind names, and whether each is held as a transient entity (not referred to).
    var namedTypes: [(type: EntityType, isTransient: Bool)] {
        switch self {
        case .reference(let type): [(type, false)]
        case .transient(let type): [(type, true)]
        case .array(let element): element.namedTypes
        case .oneOf(let kinds): kinds.flatMap(\.namedTypes)
        default: []
        }
    }
}
