/// How entities map onto Xapian terms and value slots. The one place that
/// knows the term prefixes, so indexing and querying cannot drift apart.
enum IndexLayout {
    /// The value slot holding what a search result shows — type, id, title and
    /// subtitle, NUL-separated — so a result costs one value read and no JSON decoding.
    static let summarySlot: UInt32 = 0

    /// The summary stored for an entity (see `summarySlot`); type and id hold no NUL.
    static func summary(of identifier: EntityIdentifier, display: DisplayRepresentation) -> String {
        [identifier.type.rawValue, identifier.id, display.title, display.subtitle ?? ""].joined(separator: "\u{0}")
    }

    /// The identifier, title and subtitle in a stored summary.
    static func parseSummary(_ summary: String) -> (identifier: EntityIdentifier, title: String?, subtitle: String?) {
        // Split on bytes: a search reads a summary per result, and Character-level
        // splitting showed up in profiles.
        var fields: [Substring] = []
        var start = summary.utf8.startIndex
        for index in summary.utf8.indices where summary.utf8[index] == 0 && fields.count < 3 {
            fields.append(summary[start..<index])
            start = summary.utf8.index(after: index)
        }
        fields.append(summary[start...])
        func field(_ number: Int) -> String? {
            number < fields.count && !fields[number].isEmpty ? String(fields[number]) : nil
        }
        return (EntityIdentifier(type: EntityType(rawValue: field(0) ?? ""), id: field(1) ?? ""), field(2), field(3))
    }

    /// The value slot holding an entity's names (its title properties' words,
    /// and their Latin spelling when written in another script), for scoring
    /// name matches: one line per name, `property TAB words TAB latin words`.
    static let namesSlot: UInt32 = 1_000_001

    /// The names stored for an entity (see `namesSlot`).
    static func namesValue(_ names: [EntityName]) -> String {
        names.map { "\($0.property)\t\($0.words.joined(separator: " "))\t\($0.latinSpelling.joined(separator: " "))" }
            .joined(separator: "\n")
    }

    /// The names in a stored value.
    static func parseNames(_ value: String) -> [EntityName] {
        value.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            func words(_ index: Int) -> [String] {
                index < fields.count ? fields[index].split(separator: " ").map(String.init) : []
            }
            return EntityName(property: String(fields[0]), words: words(1), latinSpelling: words(2))
        }
    }

    /// The value slot holding an entity's meaning vector (see `MeaningVector.encoded`).
    static let meaningSlot: UInt32 = 1_000_002

    /// The term of a word of an entity's name (unstemmed).
    static func nameTerm(_ word: String) -> String {
        "XN\(word)"
    }

    /// The synonym-table key under which a deletion variant leads to the name
    /// words it comes from (see `Spelling`). Kept once per word for the whole
    /// index, not per entity.
    static func spellingKey(variant: String) -> String {
        "XS\(variant)"
    }

    /// The value slot of a sortable (date or number) property. Slots are derived
    /// from the name so they stay stable as types are added; `SchemaRegistry`
    /// rejects two properties of one type that would share a slot.
    static func valueSlot(for property: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261  // FNV-1a
        for byte in property.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return 1 + hash % 1_000_000
    }

    /// Xapian's hard limit on a term's length in bytes.
    static let maximumTermLength = 245

    /// The unique term of an entity: `Q` + type + NUL + id.
    static func uniqueTerm(for identifier: EntityIdentifier) -> String {
        "Q\(identifier.type.rawValue)\u{0}\(identifier.id)"
    }

    /// The term every entity of a type carries (filters, deletes and counts by type).
    static func typeTerm(for type: EntityType) -> String {
        "T\(type.rawValue)"
    }

    /// The prefix of `typeTerm`, for listing the types in an index.
    static let typeTermPrefix = "T"

    /// The prefix of the words of all text properties together.
    static let generalTextPrefix = ""

    /// The prefix of the words of one property, so a query can target it.
    static func propertyPrefix(for property: String) -> String {
        "XP\(property):"
    }

    /// The prefix of a keyword property's whole values (a tag), per property path.
    static func keywordPrefix(for path: String) -> String {
        "XK\(path):"
    }

    /// The prefix of an identifier property's whole values (an email), per property path.
    static func identifierPrefix(for path: String) -> String {
        "XI\(path):"
    }

    /// The prefix of every identifier value, whatever its property, so free text
    /// that is a whole email or phone number finds it.
    static let anyIdentifierPrefix = "XID:"

    /// An identifier or keyword as it is matched: lower-cased, without spaces.
    /// Nil when it is empty or too long for a term.
    static func exactValue(_ text: String) -> String? {
        let value = String(text.lowercased().filter { !$0.isWhitespace })
        return value.isEmpty || value.utf8.count > 180 ? nil : value
    }

    /// The term a stemmed word is indexed and searched as (see `eix_document_index_text`).
    static func stemmedTerm(_ stem: String, prefix: String = generalTextPrefix) -> String {
        "Z\(prefix)\(stem)"
    }
}
