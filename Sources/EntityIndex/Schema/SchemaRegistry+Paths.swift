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
}
