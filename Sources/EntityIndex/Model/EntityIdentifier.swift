/// The key of an indexed entity: its type and its id within that type.
public struct EntityIdentifier: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The entity's type.
    public var type: EntityType
    /// The entity's id, unique within its type.
    public var id: String

    /// The identifier of the entity `id` of `type`.
    public init(type: EntityType, id: String) {
        self.type = type
        self.id = id
    }

    /// Parses `TYPE:ID` (the id may itself contain colons); nil when malformed.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let type = String(text[..<colon]), id = String(text[text.index(after: colon)...])
        guard !type.isEmpty, !id.isEmpty else { return nil }
        self.init(type: EntityType(rawValue: type), id: id)
    }

    /// `TYPE:ID`, as the CLI writes it.
    public var description: String { "\(type.rawValue):\(id)" }
}
