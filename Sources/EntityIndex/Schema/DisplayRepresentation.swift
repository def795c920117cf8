/// How an entity is shown to a person: a title, an optional subtitle and image.
public struct DisplayRepresentation: Sendable, Hashable, Codable {
    /// An image that stands for an entity.
    public enum Image: Sendable, Hashable, Codable {
        /// A symbol by name, as SF Symbols names them ("calendar", "person.crop.circle").
        case systemName(String)
        /// An image at a URL.
        case url(String)
    }

    /// The main line.
    public var title: String
    /// A second line with detail (a date, a place, a sender).
    public var subtitle: String?
    /// An image for the entity.
    public var image: Image?

    /// A representation with a title and optional subtitle and image.
    public init(title: String, subtitle: String? = nil, image: Image? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
}
