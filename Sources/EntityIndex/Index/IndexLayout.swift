/// How entities map onto Xapian terms and value slots. The one place that
/// knows the term prefixes, so indexing and querying cannot drift apart.
enum IndexLayout {
    /// The term of a word of an entity's name (unstemmed).
    static func nameTerm(_ word: String) -> String {
        "XN\(word)"
    }

    /// The term of an entity's whole name, from its words (see
    /// `NameWords.significant`); nil when it would be too long a term.
    static func wholeNameTerm(_ words: [String]) -> String? {
        let significant = NameWords.significant(words)
        guard !significant.isEmpty else { return nil }
        let term = "XW" + significant.joined(separator: " ")
        return term.utf8.count <= maximumTermLength ? term : nil
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

    /// The value slot that keeps the entity's record (`EntityRecord`): what a
    /// search reads of each candidate.
    static let recordSlot: UInt32 = 0

    /// The value slot that keeps the entity itself, as JSON (`EntityJSONWriter`).
    /// A value rather than the document's data: Glass compresses data with zlib
    /// on the one writer thread, and values it stores as they are.
    static let entitySlot: UInt32 = 1_000_001

    /// Xapian's hard limit on a term's length in bytes.
    static let maximumTermLength = 245

    /// The longest id, in UTF-8 bytes, that keeps the unique term within `maximumTermLength`.
    static let maximumIDLength = 160

    /// The longest property name, in UTF-8 bytes: a property's prefix holds it.
    static let maximumPropertyNameLength = 64

    /// The most bytes a keyword or identifier of a property at `path` (list
    /// positions left out) may have: `Searchability.maximumWholeValueLength`,
    /// less where a long path leaves less of `maximumTermLength` beside the
    /// prefix of its whole values.
    static func maximumWholeValueLength(atPath path: String) -> Int {
        let prefix = max(keywordPrefix(for: path).utf8.count, identifierPrefix(for: path).utf8.count)
        return min(Searchability.maximumWholeValueLength, maximumTermLength - prefix)
    }

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

    /// How many times a word of a title property counts in the text: a name
    /// says what an entity is about more than its body does (BM25F's field
    /// weight). Chosen by leaving one collection out: cranfield, CISI and
    /// SciFact each chose 3 from the other two, of 1 to 4, and went from 1
    /// to 3 with meaning off by +0.006, +0.004 and +0.003 nDCG@10.
    static let titleWordFrequency: UInt32 = 3

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

    /// An identifier or keyword as it is matched: lower-cased, without spaces;
    /// a phone number as its digits, after a "+" if it has one ("+351 21 555
    /// 0179" and "+351-21-5550179" agree). Nil when it is empty or too long for a term.
    static func exactValue(_ text: String) -> String? {
        if let phone = IdentifierParts.phoneDigits(text) { return phone }
        let value = Searchability.wholeValue(text)
        return value.isEmpty || value.utf8.count > Searchability.maximumWholeValueLength ? nil : value
    }

    /// The prefix of the references from a property path, to any entity.
    static func referencePrefix(path: String) -> String {
        "XR\(path):"
    }

    /// The term of a reference from a property path to an entity; nil when too long.
    static func referenceTerm(path: String, to target: EntityIdentifier) -> String? {
        let term = referencePrefix(path: path) + "\(target.type.rawValue)\u{0}\(target.id)"
        return term.utf8.count <= maximumTermLength ? term : nil
    }

    /// The term of a reference to an entity from any property ("Amara's photos");
    /// nil when too long.
    static func anyReferenceTerm(to target: EntityIdentifier) -> String? {
        referenceTerm(path: "", to: target)
    }

    /// The term an entity carries when its text states an amount of money
    /// (`MoneyAmounts`): "how much is the rent" asks for one.
    static let amountTerm = "XA"

    /// The term of a part of an entity (an attendee) in a state, with one of
    /// the part's name words or its address (`RequestGrammar.partStates`):
    /// "which events did I decline" asks for the speaker's part declined. Nil when too long.
    static func partStateTerm(path: String, state: String, holder: String) -> String? {
        let term = partStateTerm(path: path, state: state) + "\u{0}\(holder)"
        return term.utf8.count <= maximumTermLength ? term : nil
    }

    /// The term of an entity a part of which is in a state, whoever's: a state
    /// is paired with whose it is only in an index that holds the pairs (one
    /// donated before them does not, until donated again).
    static func partStateTerm(path: String, state: String) -> String {
        "XE\(path):\(state)"
    }

    /// The term an entity carries when a flag (a bool property) of it is true.
    static func flagTerm(path: String) -> String {
        "XB\(path)"
    }

    /// The term of the language an entity is written in (its primary code: "ja", "pt").
    static func languageTerm(_ code: String) -> String {
        "XL\(Language.primaryCode(of: code))"
    }

    /// The prefix of a number said after a word ("kestrel 4", "eva 2"): numbers
    /// tell namesakes apart, which their words alone do not.
    static let numberedPrefix = "XC"

    /// The term of a number said after a word.
    static func numberedTerm(_ word: String, _ number: String) -> String {
        "\(numberedPrefix)\(word) \(number)"
    }

    /// The term every entity with a recurrence rule carries, so a range of
    /// dates can take in the occurrences of entities that began before it.
    static let recurringTerm = "XY"

    /// The prefix of the terms that say which blocks of time an entity goes on
    /// in (`TimeBuckets`): a letter for the block's size, then its number.
    static let timeBlockPrefix = "XD"

    /// The term of an entity that goes on too long to carry blocks of time
    /// (`TimeBuckets.longestBucketed`): every range of time takes it in.
    static let longTimeTerm = "XDL"

    /// The synonym-table key under which a word's stem leads to the terms of
    /// the index's words that have it among their neighbours in meaning
    /// (`DocumentExpansion`): searched below the word itself.
    static func neighbourKey(stem: String) -> String {
        "XM\(stem)"
    }

    /// What a word's link under `neighbourKey(stem:)` records: how near the
    /// neighbour is among the word's own (1 for the nearest, at most 9), then
    /// the word's term. A synonym table keeps a key's entries in byte order,
    /// so the nearest links come first.
    static func neighbourLink(term: String, rank: Int) -> String {
        "\(min(max(rank, 1), 9))\(term)"
    }

    /// The term a `neighbourLink(term:rank:)` leads to, and its rank; nil for anything else.
    static func linkedTerm(_ link: String) -> (term: String, rank: Int)? {
        guard let first = link.first, let rank = first.wholeNumberValue, rank > 0 else { return nil }
        return (String(link.dropFirst()), rank)
    }

    /// What marks a stemmed term, before its prefix: "Z" as Xapian's own
    /// query parser marks them.
    static let stemMarker = "Z"

    /// The term prefix under which a stemmed word is indexed, for a word prefix
    /// (`generalTextPrefix`, `propertyPrefix(for:)`).
    static func stemmedPrefix(_ prefix: String) -> String {
        stemMarker + prefix
    }

    /// The term a stemmed word is indexed and searched as (see `eix_document_index_text`).
    static func stemmedTerm(_ stem: String, prefix: String = generalTextPrefix) -> String {
        stemmedPrefix(prefix) + stem
    }

    /// The letters that begin a prefix of the layout's own (every one is a
    /// capital): after `stemMarker`, such a letter begins a property's
    /// prefix, anything else a word of the general text.
    static let prefixInitials = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
}
