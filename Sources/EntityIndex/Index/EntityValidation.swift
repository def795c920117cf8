extension Entity {
    /// The longest id, in UTF-8 bytes, that keeps the unique term within Xapian's limit.
    static let maximumIDLength = 160
    /// The longest property name, in UTF-8 bytes.
    static let maximumPropertyNameLength = 64

    /// Why this entity cannot be indexed, or nil when it can.
    var validationFailure: String? {
        if let failure = type.validationFailure {
            return "type \"\(type.rawValue)\": \(failure)"
        }
        if id.isEmpty || id.utf8.count > Self.maximumIDLength || id.utf8.contains(0) {
            return "the id must be 1 to \(Self.maximumIDLength) bytes of text without NUL characters"
        }
        for name in properties.keys
        where name.isEmpty || name.utf8.count > Self.maximumPropertyNameLength || name.utf8.contains(0) {
            return "property \"\(name)\": a property name must be 1 to \(Self.maximumPropertyNameLength) bytes without NUL characters"
        }
        return nil
    }
}
