import Foundation

/// How much of a request each candidate accounts for: its content words,
/// each weighted by how rare it is in the index (a word nothing holds, such
/// as "zeppelin", weighs most), and its property values, each as much as the
/// rarest word. A word counts in full when the candidate holds it (in any text,
/// its name — with a typo or as a prefix — an identifier, or a reference to
/// someone it names), by `Resolution.meaningShare` when only a neighbour in
/// meaning is there (the word's neighbour in the entity, or the word among the
/// entity's neighbours); for a question ("where is…"), whether its type has what is
/// asked ("how much…": whether it states an amount of money); and the time said,
/// as much as the rarest word, which every candidate measured falls in. Reads
/// posting lists once for all candidates.
struct Coverage {
    /// One thing the request asks for, and the terms that show a candidate has it.
    private struct Unit {
        var weight: Double
        /// The word, for name matching; nil for a property value.
        var word: String?
        /// Types whose entities hold it whatever they say ("meeting" for events).
        var types: Set<EntityType> = []
        /// Alternatives: a candidate holding every term of one has it.
        var literal: [[String]]
        /// Alternatives that count in part, as meaning does.
        var weak: [[String]] = []
        /// Terms of neighbours in meaning: holding one counts in part.
        var meaning: [String]
        /// The word's meaning, for an entity found by its meaning (`Candidate.meaning`).
        var vector: MeaningVector? = nil
        /// Held by every candidate measured: the time said, which they all fall in.
        var heldByAll = false
    }

    /// The least a word weighs against the rarest word of the request.
    static let commonWordShare = 0.4

    private let units: [Unit]
    /// Where the property values' units are.
    private let cueUnits: Range<Int>
    private let reader: IndexReader

    /// What each candidate holds.
    struct Measure {
        /// The share of the request it accounts for, from 0 to 1.
        var share: Double
        /// The part of `share` held by property values and asked-for types,
        /// which are held exactly or not at all.
        var valueShare = 0.0
        /// For each property value, whether it holds it.
        var holdsCue: [Bool]
    }

    /// The units of a plan's searched words, the names they stand for, the
    /// whole identifiers and the property values. A word that is a state said
    /// of whose part it is (`RequestSearch.statesOfParts`) is held only by its terms.
    /// `said`, the request's words as said, tells a number said right after a
    /// word from one with other words between (none given: as the plan has them).
    init(reader: IndexReader, plan: TextResolver.Plan, mentions: [String: [String]], cues: [CueMatcher.Match],
         typeUnit: (words: [String], types: Set<EntityType>)?, askedTypes: Set<EntityType>, asksAmount: Bool = false, saysATime: Bool = false,
         statesOfParts: [String: [String]] = [:], said: [String] = [], vocabulary: RequestVocabulary, lexicon: Lexicon? = nil) throws {
        self.reader = reader
        let count = Double(try reader.database.documentCount())
        var units: [Unit] = []
        let searched = plan.searchedWords
        // The words of an identifier ("tycho-station": tycho, station) also stand for it.
        let identifierWords = plan.exact.map { exact in (exact, Set(Self.parts(of: exact))) }
        for (position, (word, stems, _)) in plan.words.enumerated() where searched.contains(word) && !vocabulary.ignored.contains(word) {
            // A number tells one thing from its namesakes, however common: it weighs most, and said right
            // after a word the index says numbers after, it counts only said after that word ("Kestrel 6" is
            // not "Kestrel 4 … 6 March"); after a word it never does, alone ("bib 1187" for "Dossard n° 1187"),
            // as it does when other words came between ("the invoice for 42,750 euros").
            let isNumber = word.allSatisfy(\.isNumber)
            let frequency = isNumber ? 0 : try reader.database.termFrequency(IndexLayout.stemmedTerm(stems[0]))
            let after = position > 0 ? plan.words[position - 1].word : nil
            let saidRightAfter = !(said.contains(word) && after.map(said.contains) == true)
                || zip(said, said.dropFirst()).contains { $0 == after && $1 == word }
            let numbered = isNumber && saidRightAfter
                ? after.flatMap { $0.contains(where: \.isLetter) && !vocabulary.numberWords.contains($0) ? $0 : nil } : nil
            var literal = try numbered.map { try Self.saysNumbers(after: $0, in: reader) } == true
                ? [[IndexLayout.numberedTerm(numbered!, word)]]
                : stems.map { [IndexLayout.stemmedTerm($0)] } + [[IndexLayout.nameTerm(word)]]
            literal += (mentions[word] ?? []).map { [$0] }
            literal += identifierWords.filter { $0.1.contains(word) }.map { [IndexLayout.anyIdentifierPrefix + $0.0] }
            // "which events did I decline": the state of the part said, not anyone's.
            if let terms = statesOfParts[word] { literal = terms.map { [$0] } }
            // A name of someone others refer to means them, not what is near it in meaning (other names).
            let isName = mentions[word]?.isEmpty == false
            units.append(Unit(weight: max(0.1, log((count + 1) / (Double(frequency) + 0.5))), word: word,
                              types: typeUnit.flatMap { $0.words.contains(word) ? $0.types : nil } ?? [], literal: literal,
                              meaning: isName ? [] : plan.expansions.filter { $0.word == word }.map { IndexLayout.stemmedTerm($0.stem) }
                                  + (plan.entityNeighbours[word] ?? []),
                              vector: isName ? nil : lexicon.flatMap { MeaningVector(words: [word], lexicon: $0) }))
        }
        for exact in plan.exact where !plan.words.contains(where: { identifierWords.first { $0.0 == exact }?.1.contains($0.word) ?? false }) {
            // An identifier none of whose words is searched on its own (an email, a phone number): a unit
            // of its own, held whole or by all its words.
            // A number is also held as a word of a text ("42 750" as an amount's whole units).
            let words = exact.allSatisfy(\.isNumber) ? [exact] : Self.parts(of: exact).filter { $0.contains(where: \.isLetter) }
            units.append(Unit(weight: units.map(\.weight).max() ?? 1, word: nil,
                              literal: [[IndexLayout.anyIdentifierPrefix + exact]] + (words.isEmpty ? [] : [words.map { IndexLayout.stemmedTerm($0) }]),
                              meaning: []))
        }
        // Every word counts at least a share of the rarest: a common word left unmatched
        // ("about the station") still says the entity is not quite what was asked for.
        let rarest = units.map(\.weight).max() ?? 1
        units = units.map { var unit = $0; unit.weight = max(unit.weight, Self.commonWordShare * rarest); return unit }
        let cueWeight = rarest
        cueUnits = units.count..<units.count + cues.count
        units += cues.map { Unit(weight: cueWeight, word: nil, literal: $0.strong, weak: $0.weak, meaning: []) }
        if !askedTypes.isEmpty {
            // "where is the movie night": the entity asked about has a location; "archive" acts on mail.
            units.append(Unit(weight: cueWeight, word: nil, types: askedTypes, literal: [], meaning: []))
        }
        if asksAmount {
            // "how much is the rent": the entity asked about states an amount of money.
            units.append(Unit(weight: cueWeight, word: nil, literal: [[IndexLayout.amountTerm]], meaning: []))
        }
        if saysATime {
            units.append(Unit(weight: cueWeight, word: nil, literal: [], meaning: [], heldByAll: true))
        }
        self.units = units
    }

    /// Whether some entity says a number right after a word ("Kestrel 4").
    private static func saysNumbers(after word: String, in reader: IndexReader) throws -> Bool {
        try !reader.database.terms(withPrefix: IndexLayout.numberedTerm(word, "")).isEmpty
    }

    /// An identifier's words as an address's words are indexed: its runs of letters and digits.
    private static func parts(of identifier: String) -> [String] {
        identifier.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// What each candidate (from the index, its record read) holds.
    func measure(_ candidates: [Candidate]) throws -> [Measure] {
        let cueCount = cueUnits.count
        guard !units.isEmpty else { return candidates.map { _ in Measure(share: 1, holdsCue: []) } }
        let terms = Array(Set(units.flatMap { ($0.literal + $0.weak).flatMap { $0 } + $0.meaning })).sorted()
        let (presence, column) = try reader.postings(of: terms, in: candidates)
        let row = Dictionary(uniqueKeysWithValues: terms.enumerated().map { ($1, $0) })
        let total = units.map(\.weight).reduce(0, +)

        return candidates.map { candidate in
            guard let documentID = candidate.documentID, let column = column[documentID] else {
                return Measure(share: 0, holdsCue: Array(repeating: false, count: cueCount))
            }
            func holds(_ term: String) -> Bool { presence[row[term]!][column] }
            let names = candidate.names ?? candidate.record?.names ?? []
            let type = candidate.record?.summary.identifier.type
            var held = 0.0, heldValues = 0.0
            var holdsCue: [Bool] = []
            for (index, unit) in units.enumerated() {
                var fit = unit.heldByAll || unit.literal.contains { $0.allSatisfy(holds) } || type.map(unit.types.contains) == true ? 1.0 : 0
                if fit == 1, !unit.types.isEmpty, type.map(unit.types.contains) != true, unit.word != nil {
                    fit = Resolution.meaningShare  // "photo" said of an event that has it in its name: in part
                }
                if fit == 0, let word = unit.word, names.contains(where: { name in
                    (name.words + name.latinSpelling).contains { NameScoring.quality(of: word, against: $0) > 0 }
                }) {
                    fit = 1  // a typo or prefix of a name word; the name's score says how good
                }
                if fit == 0, unit.meaning.contains(where: holds) || unit.weak.contains(where: { $0.allSatisfy(holds) }) {
                    fit = Resolution.meaningShare
                }
                if fit == 0, let vector = unit.vector, let meaning = candidate.meaning {
                    // Said in other words: as far as the word's meaning is part of the entity's.
                    fit = Resolution.meaningShare * max(0, vector.cosine(meaning))
                }
                if cueUnits.contains(index) { holdsCue.append(fit == 1) }
                held += unit.weight * fit
                if unit.word == nil, index >= cueUnits.lowerBound { heldValues += unit.weight * fit }
            }
            return Measure(share: total > 0 ? held / total : 1, valueShare: total > 0 ? heldValues / total : 0, holdsCue: holdsCue)
        }
    }
}
