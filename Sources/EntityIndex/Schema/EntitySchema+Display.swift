extension EntitySchema {
    /// The longest title shown; longer ones (a message body) are cut with "…".
    static let maximumTitleLength = 80

    /// How an entity of this type is shown: its title property (or its first
    /// text when that is missing, or its id), the subtitle properties joined by
    /// " · ", and the type's image.
    public func displayRepresentation(of entity: Entity) -> DisplayRepresentation {
        let title = entity.properties[titleProperty]?.displayText
            ?? properties.lazy.compactMap { entity.properties[$0.name]?.stringValue }.first
            ?? entity.id
        let subtitle = subtitleProperties.compactMap { entity.properties[$0]?.displayText }.joined(separator: " · ")
        return DisplayRepresentation(title: Self.shortened(title), subtitle: subtitle.isEmpty ? nil : subtitle, image: image)
    }

    private static func shortened(_ text: String) -> String {
        // Most titles are short single lines: no need to look at characters.
        if text.utf8.count <= maximumTitleLength, !text.utf8.contains(0x0A), !text.utf8.contains(0x0D) { return text }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > maximumTitleLength ? String(line.prefix(maximumTitleLength - 1)) + "…" : line
    }
}

extension PropertyValue {
    /// The value as a person would read it: a date as "2026-03-14 09:00", a
    /// place or attendee by name, a list joined by commas; nil for flags and empties.
    var displayText: String? {
        switch self {
        case .string(let text):
            if ISO8601.seconds(fromDate: text) != nil {
                // Not replacingOccurrences, which goes through NSString: 8% of building a document.
                return String(text.prefix(16).map { $0 == "T" ? " " : $0 })
            }
            return text.isEmpty ? nil : text
        case .integer(let number):
            return String(number)
        case .number(let number):
            return String(number)
        case .array(let values):
            let texts = values.compactMap(\.displayText)
            return texts.isEmpty ? nil : texts.joined(separator: ", ")
        case .object(let fields):
            if isReference { return fields["id"]?.stringValue }
            return (fields["name"] ?? fields["title"] ?? fields["frequency"])?.displayText
        case .bool, .null:
            return nil
        }
    }
}
