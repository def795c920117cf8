/// The entity types an index knows: the built-in domains plus what a service
/// registers or adds. Every donated entity must match its type's schema.
public struct SchemaRegistry: Sendable {
    private var schemasByType: [EntityType: EntitySchema] = [:]
    /// Type names in the order they were registered, for listings.
    private var order: [EntityType] = []
    /// The languages properties declare, in the order first declared (kept
    /// up to date here: every search asks for them).
    private var declaredLanguages: [Language] = []
    /// What the schemas say that every search asks for, derived again whenever they change.
    private var derived = Derived()

    /// The domains, the searchable types and their searched paths, as the schemas are now.
    private struct Derived: Sendable {
        var domains: [SchemaDomain] = []
        var searchableTypes: [EntityType] = []
        var searchablePaths: [EntityType: [(path: String, searchability: Searchability)]] = [:]
    }

    /// The built-in domains: calendar, messages, notes, mail, photos, reminders and document.
    public static let builtIn = try! SchemaRegistry(domains: [.calendar, .messages, .notes, .mail, .photos, .reminders, .document])

    /// A registry of the types in some domains.
    public init(domains: [SchemaDomain]) throws {
        for schema in domains.flatMap(\.types) {
            try register(schema)
        }
    }

    /// The schema of a type, if registered.
    public func schema(for type: EntityType) -> EntitySchema? {
        schemasByType[type]
    }

    /// Every registered type, grouped into domains by the first part of their names.
    public var domains: [SchemaDomain] { derived.domains }

    /// The types a search may name: every registered type that is not transient.
    var searchableTypes: [EntityType] { derived.searchableTypes }

    /// The searched property paths of a type, transient children as
    /// `parent.child`, with how each is searched.
    func searchablePaths(of type: EntityType) -> [(path: String, searchability: Searchability)] {
        derived.searchablePaths[type] ?? []
    }

    private mutating func derive() {
        var domains: [SchemaDomain] = []
        for type in order {
            let name = String(type.rawValue.prefix { $0 != "." })
            if let index = domains.firstIndex(where: { $0.name == name }) {
                domains[index].types.append(schemasByType[type]!)
            } else {
                domains.append(SchemaDomain(name: name, types: [schemasByType[type]!]))
            }
        }
        derived.domains = domains
        derived.searchableTypes = order.filter { !schemasByType[$0]!.isTransient }
        derived.searchablePaths = schemasByType.mapValues { searchablePaths(in: $0, prefix: "") }
    }

    private func searchablePaths(in schema: EntitySchema, prefix: String) -> [(path: String, searchability: Searchability)] {
        schema.properties.flatMap { property -> [(path: String, searchability: Searchability)] in
            if let child = property.kind.transientType, let childSchema = self.schema(for: child) {
                return searchablePaths(in: childSchema, prefix: "\(prefix)\(property.name).")
            }
            return property.searchability == .notSearched ? [] : [("\(prefix)\(property.name)", property.searchability)]
        }
    }

    /// Registers a type of the service's own.
    /// - Throws: `EntityIndexError.Code.invalidSchema` when the type exists or the schema is inconsistent.
    public mutating func register(_ schema: EntitySchema) throws {
        if let failure = schema.type.validationFailure {
            throw EntityIndexError(.invalidSchema, "cannot register \"\(schema.type)\": \(failure)")
        }
        guard schemasByType[schema.type] == nil else {
            throw EntityIndexError(.invalidSchema, "\(schema.type) is already registered; add properties to it with addProperties(_:to:)")
        }
        try Self.check(schema)
        schemasByType[schema.type] = schema
        order.append(schema.type)
        noteLanguages(of: schema.properties)
        derive()
    }

    /// Adds app-specific properties to a registered type (an event's `isFavorite`).
    /// - Throws: `EntityIndexError.Code.invalidSchema` when the type is unknown or a property exists.
    public mutating func addProperties(_ properties: [PropertySchema], to type: EntityType) throws {
        guard var schema = schemasByType[type] else {
            throw EntityIndexError(.invalidSchema, "cannot add properties to \(type): no such type; register it first")
        }
        for property in properties where schema.property(named: property.name) != nil {
            throw EntityIndexError(.invalidSchema, "\(type) already has a property \"\(property.name)\"")
        }
        schema.properties += properties
        try Self.check(schema)
        schemasByType[type] = schema
        noteLanguages(of: properties)
        derive()
    }

    private mutating func noteLanguages(of properties: [PropertySchema]) {
        for language in properties.compactMap(\.language) where !declaredLanguages.contains(language) {
            declaredLanguages.append(language)
        }
    }

    /// Every language text may be indexed in, `defaultLanguage` first.
    func languages(defaultLanguage: Language) -> [Language] {
        [defaultLanguage] + declaredLanguages.filter { $0 != defaultLanguage }
    }

    /// Checks what one schema can check alone: names, display properties and value slots.
    private static func check(_ schema: EntitySchema) throws {
        func fail(_ reason: String) -> EntityIndexError {
            EntityIndexError(.invalidSchema, "schema of \(schema.type): \(reason)")
        }
        var slots: [UInt32: String] = [:]
        for property in schema.properties {
            guard !property.name.isEmpty, property.name.utf8.count <= IndexLayout.maximumPropertyNameLength,
                  !property.name.contains("."), !property.name.utf8.contains(0)
            else {
                throw fail("property name \"\(property.name)\" must be 1 to \(IndexLayout.maximumPropertyNameLength) bytes without '.' or NUL")
            }
            guard schema.properties.filter({ $0.name == property.name }).count == 1 else {
                throw fail("property \"\(property.name)\" is declared twice")
            }
            if property.kind.isSortable {
                let slot = IndexLayout.valueSlot(for: property.name)
                if let other = slots[slot] {
                    throw fail("properties \"\(other)\" and \"\(property.name)\" would share value slot \(slot); rename one")
                }
                slots[slot] = property.name
            }
        }
        for name in [schema.titleProperty] + schema.subtitleProperties where schema.property(named: name) == nil {
            throw fail("display property \"\(name)\" is not one of its properties")
        }
        if let time = schema.timeProperty, schema.property(named: time)?.kind != .date {
            throw fail("time property \"\(time)\" is not one of its date properties")
        }
        if let end = schema.endProperty, schema.property(named: end)?.kind != .date || schema.timeProperty == nil {
            throw fail("end property \"\(end)\" is not one of its date properties beside a time property")
        }
        for property in schema.properties where property.kind != .bool
            && !(property.words.whenTrue.isEmpty && property.words.whenFalse.isEmpty) {
            throw fail("property \"\(property.name)\" has words for true and false but is not a flag (bool)")
        }
    }
}
