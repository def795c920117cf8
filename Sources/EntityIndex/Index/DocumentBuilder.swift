import Foundation

/// Turns an entity into the Xapian document that indexes and stores it.
struct DocumentBuilder {
    let configuration: IndexConfiguration
    let stemmers: Stemmers
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(configuration: IndexConfiguration, stemmers: Stemmers) {
        self.configuration = configuration
        self.stemmers = stemmers
    }

    /// The document for a valid entity: its unique and type terms, the words of
    /// each text property (under the property's prefix and in the general text),
    /// the result summary, and the entity itself as stored data.
    func document(for entity: Entity) throws -> Document {
        let document = Document()
        try document.addBooleanTerm(IndexLayout.uniqueTerm(for: entity.identifier))
        try document.addBooleanTerm(IndexLayout.typeTerm(for: entity.type))

        var generalPosition: UInt32 = 0
        for name in entity.properties.keys.sorted() {
            let texts = entity.properties[name]!.searchableTexts
            guard !texts.isEmpty else { continue }
            let stemmer = stemmers.stemmer(for: configuration.language(of: name, in: entity.type))
            let prefix = IndexLayout.propertyPrefix(for: name)
            var propertyPosition: UInt32 = 0
            for text in texts {
                try document.indexText(text, prefix: prefix, stemmer: stemmer, position: &propertyPosition)
                try document.indexText(text, prefix: IndexLayout.generalTextPrefix, stemmer: stemmer,
                                       position: &generalPosition)
            }
        }

        try document.setValue(IndexLayout.summary(of: entity), slot: IndexLayout.summarySlot)
        try document.setData(Array(try encoder.encode(entity)))
        return document
    }
}

extension PropertyValue {
    /// The texts of this value that are searched as words: strings, also inside
    /// arrays and objects, except references to other entities and dates.
    var searchableTexts: [String] {
        switch self {
        case .string(let string):
            return string.looksLikeISODate ? [] : [string]
        case .array(let values):
            return values.flatMap(\.searchableTexts)
        case .object(let fields) where !isReference:
            return fields.keys.sorted().flatMap { fields[$0]!.searchableTexts }
        default:
            return []
        }
    }
}

extension String {
    /// True for an ISO-8601 date or date-time ("2026-03-14", "2026-03-14T09:00:00Z"):
    /// a value to compare, not words to search.
    var looksLikeISODate: Bool {
        let bytes = Array(utf8.prefix(11))
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
        return digits && (bytes.count == 10 || bytes[10] == UInt8(ascii: "T"))
    }
}
