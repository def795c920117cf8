/// What a search reads about a matching entity — its identifier, display title
/// and subtitle, names, time and meaning vector — packed into one value slot, so
/// one read serves scoring by name, time and meaning and showing the result.
struct EntityRecord {
    var identifier: EntityIdentifier
    var title: String?
    var subtitle: String?
    /// The names, for scoring name matches.
    var names: [EntityName]
    /// When it happens, for time words and ranges that take in recurrences.
    var time: EntityTime?
    /// The meaning vector (`MeaningVector.encoded`), empty without a lexicon.
    var meaning: [UInt8]

    /// The record as bytes: the type, id, title and subtitle (any text, NUL
    /// included), the names (a line each: property TAB words TAB Latin words;
    /// name words hold no whitespace) and the time (`EntityTime.encoded`), each
    /// after its length (4 bytes, little-endian), then the meaning vector.
    var encoded: [UInt8] {
        let names = names.map { "\($0.property)\t\($0.words.joined(separator: " "))\t\($0.latinSpelling.joined(separator: " "))" }
            .joined(separator: "\n")
        var bytes: [UInt8] = []
        for field in [identifier.type.rawValue, identifier.id, title ?? "", subtitle ?? "", names, time?.encoded ?? ""] {
            let count = UInt32(field.utf8.count)
            bytes += [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)]
            bytes += field.utf8
        }
        return bytes + meaning
    }

    init(identifier: EntityIdentifier, display: DisplayRepresentation, names: [EntityName], time: EntityTime?,
         meaning: [UInt8]) {
        self.identifier = identifier
        title = display.title
        subtitle = display.subtitle
        self.names = names
        self.time = time
        self.meaning = meaning
    }
}

/// A stored record, read field by field on demand: a result needs only its
/// summary, a name candidate its names, a re-ranked match its meaning.
struct RecordReader {
    private let bytes: [UInt8]
    /// Where the type, id, title, subtitle, names and time are.
    private let fields: [Range<Int>]

    /// A reader over a record's bytes; nil when they are not one.
    init?(_ bytes: [UInt8]) {
        var fields: [Range<Int>] = []
        var offset = 0
        for _ in 0..<6 {
            guard offset + 4 <= bytes.count else { return nil }
            let count = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
            guard count <= bytes.count - offset - 4 else { return nil }
            fields.append(offset + 4..<offset + 4 + count)
            offset += 4 + count
        }
        self.bytes = bytes
        self.fields = fields
    }

    private func text(_ field: Int) -> String { String(decoding: bytes[fields[field]], as: UTF8.self) }

    /// The entity's type as stored, without making a string of it.
    var typeBytes: ArraySlice<UInt8> { bytes[fields[0]] }

    /// The entity's type and id.
    var identifier: EntityIdentifier { EntityIdentifier(type: EntityType(rawValue: text(0)), id: text(1)) }

    /// The identifier, display title and subtitle.
    var summary: (identifier: EntityIdentifier, title: String?, subtitle: String?) {
        let title = text(2), subtitle = text(3)
        return (identifier, title.isEmpty ? nil : title, subtitle.isEmpty ? nil : subtitle)
    }

    /// The names, for scoring name matches.
    /// (Read byte by byte, with no intermediate arrays: a name look-up reads the names of
    /// dozens of matches.)
    var names: [EntityName] {
        var names: [EntityName] = []
        var rest = bytes[fields[4]]
        while !rest.isEmpty {
            let line = rest.prefix { $0 != UInt8(ascii: "\n") }
            rest = rest.dropFirst(line.count + 1)
            let property = line.prefix { $0 != UInt8(ascii: "\t") }
            let nameWords = line.dropFirst(property.count + 1).prefix { $0 != UInt8(ascii: "\t") }
            let latinWords = line.dropFirst(property.count + nameWords.count + 2)
            names.append(EntityName(property: String(decoding: property, as: UTF8.self),
                                    words: Self.words(in: nameWords), latinSpelling: Self.words(in: latinWords)))
        }
        return names
    }

    /// The space-separated words of a name.
    private static func words(in text: ArraySlice<UInt8>) -> [String] {
        var words: [String] = []
        var rest = text
        while !rest.isEmpty {
            let word = rest.prefix { $0 != UInt8(ascii: " ") }
            if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
            rest = rest.dropFirst(word.count + 1)
        }
        return words
    }

    /// When the entity happens, if its type has a time and it holds one.
    var time: EntityTime? {
        fields[5].isEmpty ? nil : EntityTime(encoded: Substring(decoding: bytes[fields[5]], as: UTF8.self))
    }

    /// The meaning vector's bytes (`MeaningVector.encoded`), empty without a lexicon.
    var meaning: ArraySlice<UInt8> {
        bytes[fields[5].upperBound...]
    }
}

extension Document {
    /// The document's stored record, or nil when it holds none.
    func record() throws -> RecordReader? {
        RecordReader(try valueBytes(slot: IndexLayout.recordSlot))
    }
}

extension Database {
    /// The stored records of some documents (ids a search returned), in the
    /// order asked (nil where one holds none).
    func records(of ids: [UInt32]) throws -> [RecordReader?] {
        try values(inSlot: IndexLayout.recordSlot, ofDocuments: ids).map(RecordReader.init)
    }
}

extension MatchSet {
    /// Every match's stored record, in rank order (nil where it holds none).
    func records() throws -> [RecordReader?] {
        try values(inSlot: IndexLayout.recordSlot).map(RecordReader.init)
    }
}
