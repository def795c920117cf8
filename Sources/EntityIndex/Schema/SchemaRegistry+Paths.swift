extension SchemaRegistry {
    /// The property a path names in a type ("attendees.email"), through the
    /// transient parts it holds; nil when the type has no such property.
    func property(at path: String, of type: EntityType) -> PropertySchema? {
        var schema = self.schema(for: type)
        var found: PropertySchema?
        for name in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let property = schema?.property(named: String(name)) else { return nil }
            found = property
            schema = property.kind.transientType.flatMap(self.schema(for:))
        }
        return found
    }

    /// The states the parts of a type's entities are in ("attendees.status"),
    /// each with its cases: the enumerations a transient part holds as
    /// keywords. A state is said of whose part it is ("which events did I
    /// decline"), so the index pairs each part's state with its names and
    /// addresses (`IndexLayout.partStateTerm`).
    func partStates(of type: EntityType) -> [(path: String, cases: [String])] {
        (schema(for: type)?.properties ?? []).flatMap { property in
            (property.kind.transientType.flatMap(schema(for:))?.properties ?? []).compactMap { part in
                guard part.searchability == .keywords, case .enumeration(_, let cases) = part.kind else { return nil }
                return (property.name + "." + part.name, cases)
            }
        }
    }

    /// The types a search may name: every registered type that is not transient.
    var searchableTypes: [EntityType] {
        domains.flatMap(\.types).filter { !$0.isTransient }.map(\.type)
    }
}
