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

    /// The value slot holding the record.
    static let slot: UInt32 = 0

    /// The record as bytes: the summary (type, id, title, subtitle, NUL-separated),
    /// the names (a line each: property TAB words TAB Latin words) and the time
    /// (`EntityTime.encoded`), each after its length, then the meaning vector.
    var encoded: [UInt8] {
        let summary = [identifier.type.rawValue, identifier.id, title ?? "", subtitle ?? ""].joined(separator: "\u{0}")
        let names = names.map { "\($0.property)\t\($0.words.joined(separator: " "))\t\($0.latinSpelling.joined(separator: " "))" }
            .joined(separator: "\n")
        var bytes: [UInt8] = []
        for field in [summary, names, time?.encoded ?? ""] {
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
    private let summaryRange: Range<Int>
    private let namesRange: Range<Int>
    private let timeRange: Range<Int>

    /// A reader over a record's bytes; nil when they are not one.
    init?(_ bytes: [UInt8]) {
        func field(at offset: Int) -> Range<Int>? {
            guard offset + 4 <= bytes.count else { return nil }
            let count = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
            return offset + 4 + count <= bytes.count ? offset + 4..<offset + 4 + count : nil
        }
        guard let summary = field(at: 0), let names = field(at: summary.upperBound), let time = field(at: names.upperBound)
        else { return nil }
        self.bytes = bytes
        summaryRange = summary
        namesRange = names
        timeRange = time
    }

    /// The identifier, display title and subtitle.
    var summary: (identifier: EntityIdentifier, title: String?, subtitle: String?) {
        // Split on bytes: Character-level splitting showed up in profiles.
        let parts = bytes[summaryRange].split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        func part(_ index: Int) -> String { index < parts.count ? String(decoding: parts[index], as: UTF8.self) : "" }
        let title = part(2), subtitle = part(3)
        return (EntityIdentifier(type: EntityType(rawValue: part(0)), id: part(1)),
                title.isEmpty ? nil : title, subtitle.isEmpty ? nil : subtitle)
    }

    /// The names, for scoring name matches.
    var names: [EntityName] {
        bytes[namesRange].split(separator: UInt8(ascii: "\n")).map { line in
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            func words(_ index: Int) -> [String] {
                index < fields.count ? fields[index].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) } : []
            }
            return EntityName(property: String(decoding: fields[0], as: UTF8.self), words: words(1), latinSpelling: words(2))
        }
    }

    /// When the entity happens, if its type has a time and it holds one.
    var time: EntityTime? {
        timeRange.isEmpty ? nil : EntityTime(encoded: Substring(decoding: bytes[timeRange], as: UTF8.self))
    }

    /// The meaning vector's bytes (`MeaningVector.encoded`), empty without a lexicon.
    var meaning: ArraySlice<UInt8> {
        bytes[timeRange.upperBound...]
    }
}

extension Document {
    /// The document's stored record, or nil when it holds none.
    func record() throws -> RecordReader? {
        RecordReader(try valueBytes(slot: EntityRecord.slot))
    }
}
