/// What a search reads about a matching entity — its identifier, display title
/// and subtitle, names and meaning vector — packed into one value slot, so one
/// read serves scoring by name, re-ranking by meaning and showing the result.
struct EntityRecord {
    var identifier: EntityIdentifier
    var title: String?
    var subtitle: String?
    /// The names, for scoring name matches.
    var names: [EntityName]
    /// The meaning vector (`MeaningVector.encoded`), empty without a lexicon.
    var meaning: [UInt8]

    /// The value slot holding the record.
    static let slot: UInt32 = 0

    /// The record as bytes: the summary (type, id, title, subtitle, NUL-separated)
    /// and the names (a line each: property TAB words TAB Latin words), each
    /// after its length, then the meaning vector.
    var encoded: [UInt8] {
        let summary = [identifier.type.rawValue, identifier.id, title ?? "", subtitle ?? ""].joined(separator: "\u{0}")
        let names = names.map { "\($0.property)\t\($0.words.joined(separator: " "))\t\($0.latinSpelling.joined(separator: " "))" }
            .joined(separator: "\n")
        var bytes: [UInt8] = []
        for field in [summary, names] {
            let count = UInt32(field.utf8.count)
            bytes += [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)]
            bytes += field.utf8
        }
        return bytes + meaning
    }

    init(identifier: EntityIdentifier, display: DisplayRepresentation, names: [EntityName], meaning: [UInt8]) {
        self.identifier = identifier
        title = display.title
        subtitle = display.subtitle
        self.names = names
        self.meaning = meaning
    }

    /// A record read back; nil when the bytes are not one.
    init?(encoded bytes: [UInt8]) {
        var offset = 0
        func field() -> String? {
            guard offset + 4 <= bytes.count else { return nil }
            let count = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
            guard offset + 4 + count <= bytes.count else { return nil }
            defer { offset += 4 + count }
            return String(decoding: bytes[offset + 4..<offset + 4 + count], as: UTF8.self)
        }
        guard let summary = field(), let names = field() else { return nil }
        // Split on bytes: Character-level splitting showed up in profiles.
        let parts = summary.utf8.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard parts.count == 4 else { return nil }
        identifier = EntityIdentifier(type: EntityType(rawValue: parts[0]), id: parts[1])
        title = parts[2].isEmpty ? nil : parts[2]
        subtitle = parts[3].isEmpty ? nil : parts[3]
        self.names = names.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            func words(_ index: Int) -> [String] {
                index < fields.count ? fields[index].split(separator: " ").map(String.init) : []
            }
            return EntityName(property: String(fields[0]), words: words(1), latinSpelling: words(2))
        }
        meaning = Array(bytes[offset...])
    }
}
