/// How the values a request names are found in entities: a property cue
/// ("from Amara", "in Airlock A", "tagged hydroponics", "Amara's photos") or a
/// word that names someone ("what did Amara say") becomes alternatives of
/// terms; an entity holding every term of one alternative has the value.
struct CueMatcher {
    let reader: IndexReader
    let grammar: RequestGrammar
    /// The stemmer of the index's default language.
    let stemmer: Stemmer
    /// Identifiers the request says whole (an email, a domain), for values of identifier properties.
    var identifiers: [String] = []

    private var schemas: SchemaRegistry { grammar.schemas }

    /// Alternatives of terms: an entity has the value when it holds all terms of one.
    typealias Alternatives = [[String]]

    /// What holds a cue's value: `strong` alternatives relate an entity to it
    /// (a reference, an address, a property's words, a name that holds it);
    /// `weak` ones relate it loosely (a possessive's "with": an attendee) or
    /// merely mention it, and count in part (`Resolution.meaningShare`).
    struct Match {
        var strong: Alternatives = []
        var weak: Alternatives = []
        /// Words said before a possessive's name that are not part of it
        /// ("translate" in "translate Chen's last message"): to be searched as words.
        var unusedWords: [String] = []
        /// Whether the value names someone or something the index holds (a
        /// person, a list): it was meant as that value, even when nothing has it.
        var namesEntity = false

        /// The query for entities that hold any alternative, or nil when there are none.
        func query() throws -> Query? { try (strong + weak).query() }
        /// The query for entities that hold a strong alternative, or nil when there are none.
        func strongQuery() throws -> Query? { try strong.query() }
    }

    /// The alternatives that satisfy a cue; empty when nothing in the index could.
    func match(_ cue: RequestInterpretation.PropertyCue) throws -> Match {
        var cue = cue
        var match = Match()
        // Whoever the words name: for a possessive, the longest run of the words before "'s" that names someone.
        var owners: [Entity] = []
        if cue.isPossessive || cue.properties.isEmpty {
            for dropped in 0..<(cue.isPossessive ? cue.words.count : 1) {
                owners = try named(Array(cue.words.dropFirst(dropped)), among: grammar.mentionFilter())
                guard owners.isEmpty else {
                    match.unusedWords = Array(cue.words.prefix(dropped))
                    cue.words = Array(cue.words.dropFirst(dropped))
                    break
                }
            }
        }
        if cue.properties.isEmpty {
            // Whatever refers to the entity named, or holds its address.
            match.strong = owners.flatMap(mentionTerms(of:)).map { [$0] }
        }
        let loose = cue.isPossessive ? Set(grammar.vocabulary.possessiveMayMean.flatMap { (try? normalizedWords(in: $0)) ?? [] }) : []
        var lookedUp = LookedUp()
        for path in cue.properties {
            guard let property = schemas.schema(for: path.type)?.property(named: path.path) else { continue }
            let found = try alternatives(for: cue.words, property: property, path: path.path, lookedUp: &lookedUp)
            if property.kind.referencedType != nil, !found.isEmpty { match.namesEntity = true }
            if found.isEmpty, let target = property.kind.referencedType, !grammar.personTypes.contains(target) {
                // "the moving list" for the list "Déménagement": a container named in other words fits in part.
                match.weak += try namedInOtherWords(cue.words, ofType: target, path: path.path)
            }
            // "Seán's birthday" is his, not one he goes to: the looser cues of a possessive count in part.
            let isLoose = !loose.isEmpty && !property.words.cues.isEmpty
                && property.words.cues.allSatisfy { cue in (try? normalizedWords(in: cue)).map { $0.allSatisfy(loose.contains) } ?? false }
            if isLoose { match.weak += found } else { match.strong += found }
        }
        if !cue.isPossessive { try preferTheWholeValue(cue, in: &match) }
        match.strong = Array(Set(match.strong)).sorted { $0.lexicographicallyPrecedes($1) }
        // Someone, or an organization someone works at ("from someone at Comarch": its domain), the index holds.
        if !owners.isEmpty || !(lookedUp.addresses?.addresses ?? []).isEmpty { match.namesEntity = true }
        if cue.isPossessive {
            // A name that holds the owner's ("Amma's Birthday", "Arjun's Birthday" for Aju) relates to them
            // as much as a reference does.
            let significant = cue.words.filter { !grammar.vocabulary.ignored.contains($0) }
            if !significant.isEmpty { match.strong.append(significant.map(IndexLayout.nameTerm)) }
            for person in owners {
                match.strong += try firstNames(of: person).filter { try !namesSeveralPeople($0) }.map { [IndexLayout.nameTerm($0)] }
            }
            match.weak += try possessiveMentions(of: cue.words, owners: owners)
        }
        return match
    }

    /// "in Airlock A", "at the Hall of Fame": a word that says little alone but
    /// stands inside the value said (a leading article is not kept) is part of
    /// its name. When some entity's property holds every word, what holds only
    /// the others (Airlock B) fits the value in part: its alternative turns weak.
    private func preferTheWholeValue(_ cue: RequestInterpretation.PropertyCue, in match: inout Match) throws {
        guard cue.words.contains(where: grammar.vocabulary.ignored.contains) else { return }
        var whole: Alternatives = [], partial: Alternatives = []
        for path in cue.properties {
            guard let property = schemas.schema(for: path.type)?.property(named: path.path),
                  property.searchability == .title || property.searchability == .text else { continue }
            whole.append(try stemmedTerms(of: cue.words, in: path.path))
            partial.append(try stemmedTerms(of: cue.words.filter { !grammar.vocabulary.ignored.contains($0) }, in: path.path))
        }
        guard let held = try whole.query(), try reader.database.search(held, limit: 1).count > 0 else { return }
        match.weak += match.strong.filter(partial.contains)
        match.strong = match.strong.filter { !partial.contains($0) } + whole
    }

    /// The stemmed terms of words in one property's text, or without a path in the general text.
    private func stemmedTerms(of words: [String], in path: String? = nil) throws -> [String] {
        let prefix = path.map(IndexLayout.propertyPrefix(for:)) ?? IndexLayout.generalTextPrefix
        return try words.map { IndexLayout.stemmedTerm(try stemmer.stem($0), prefix: prefix) }
    }

    /// The match of a possessive about an entity already known (the person on screen).
    func match(possessiveOf entity: Entity) throws -> Match {
        Match(strong: mentionTerms(of: entity).map { [$0] }, weak: try mentionsByName(of: entity))
    }

    /// Text that says the name: its words, or what the people so named are called
    /// ("Aju's birthday" for Arjun, whose nickname is Aju).
    private func possessiveMentions(of words: [String], owners: [Entity]) throws -> Alternatives {
        let significant = words.filter { !grammar.vocabulary.ignored.contains($0) }
        guard !significant.isEmpty else { return [] }
        var alternatives = [try stemmedTerms(of: significant)]
        for person in owners {
            alternatives += try mentionsByName(of: person)
        }
        return alternatives
    }

    /// Whether more than one person's name holds a word: "Lee" of "Lee Siew Hua", a family name said
    /// first, is not what she alone is called.
    private func namesSeveralPeople(_ word: String) throws -> Bool {
        let query = try Query.combine(.filter, [try Query.term(IndexLayout.nameTerm(word)), try Query.ofTypes(grammar.personTypes)])
        return try reader.database.search(query, limit: 2).count > 1
    }

    /// The words an entity is called by alone: the first word of its title (a first name).
    private func firstNames(of entity: Entity) throws -> [String] {
        guard let schema = schemas.schema(for: entity.type), let title = entity.properties[schema.titleProperty]?.stringValue else { return [] }
        return try normalizedWords(in: title).prefix(1).map { grammar.vocabulary.possessiveEndings.stripping($0).word }
    }

    /// Text that names an entity: the first word of its title (a first name), or
    /// all words of another name of it (a nickname).
    private func mentionsByName(of entity: Entity) throws -> Alternatives {
        guard let schema = schemas.schema(for: entity.type) else { return [] }
        return try schema.properties.filter { $0.searchability == .title }.compactMap { property -> [String]? in
            guard let text = entity.properties[property.name]?.stringValue else { return nil }
            let words = try normalizedWords(in: text).filter { !grammar.vocabulary.ignored.contains($0) }
            let said = property.name == schema.titleProperty ? Array(words.prefix(1)) : words
            return said.isEmpty ? nil : try stemmedTerms(of: said)
        }
    }

    /// Terms an entity holds when it refers to one of the entities a content
    /// word names ("amara" in "what did Amara say"; her address holds the word
    /// itself). Reads only the matches' records. When more than `namedLimit`
    /// names hold the word, it stands for none in particular: the first found
    /// are taken, unweighted, so Xapian stops at them.
    func mentionTerms(forWord word: String) throws -> [String] {
        guard !grammar.vocabulary.ignored.contains(word), try reader.database.termFrequency(IndexLayout.nameTerm(word)) > 0 else { return [] }
        let query = try Query.combine(.filter, [try Query.term(IndexLayout.nameTerm(word)).scaled(by: 0), try grammar.mentionFilter()])
        let matches = try reader.database.search(query, limit: Self.namedLimit)
        return try matches.records().compactMap { record in
            record.flatMap { IndexLayout.anyReferenceTerm(to: $0.summary.identifier) }
        }
    }

    /// How many entities one name may stand for.
    static let namedLimit = 5
    /// How well words must fit an entity's name to stand for it.
    static let namedMinimumScore = 0.7

    /// Whether the words a name search was made for stand for the candidate:
    /// they fit its name well (`namedMinimumScore`), or each of them is a
    /// word of one of its names, perhaps misspelt, however few of the name's
    /// words were said.
    static func words(_ words: [String], standFor candidate: Candidate) -> Bool {
        candidate.score >= namedMinimumScore || NameScoring.spellsEveryWord(words, ofOneOf: candidate.names ?? [])
    }

    /// The terms of what refers to an entity or holds its identifiers.
    private func mentionTerms(of entity: Entity) -> [String] {
        (IndexLayout.anyReferenceTerm(to: entity.identifier).map { [$0] } ?? [])
            + schemas.identifierValues(of: entity).map { IndexLayout.anyIdentifierPrefix + $0 }
    }

    /// The entities of a filter whose names the words fit well.
    private func named(_ words: [String], among filter: Query) throws -> [Entity] {
        let names = NameResolver(reader: reader)
        // A whole name scores 1, as much as any name can: when whole names fill
        // the limit, no name that merely holds the words can change the answer.
        let wholeNames = try names.wholeNameCandidates(for: words, filter: filter, limit: Self.namedLimit)
        let candidates = wholeNames.count >= Self.namedLimit
            ? wholeNames : wholeNames + (try names.candidates(for: words, filter: filter, minimumScore: Self.namedMinimumScore))
        var seen: Set<UInt32> = []
        let best = candidates.sorted { $0.score > $1.score }.filter { Self.words(words, standFor: $0) }
            .compactMap(\.documentID).filter { seen.insert($0).inserted }.prefix(Self.namedLimit)
        return try reader.database.values(inSlot: IndexLayout.entitySlot, ofDocuments: Array(best)).compactMap { stored in
            stored.isEmpty ? nil : try Entity(storedData: stored)  // empty: deleted since it was found
        }
    }

    /// What a cue's words were found to name, looked up once for all the
    /// cue's properties: the entities of some types that words name (a
    /// message's sender and a photo's sharer are both contacts), and the people
    /// named with the addresses they stand for (the people's, and an
    /// organization's domains), for identifier properties.
    private struct LookedUp {
        var named: [String: [Entity]] = [:]
        var addresses: (people: [Entity], addresses: [String])?
    }

    /// The entities of some types whose names the words fit well, looked up once.
    private func named(_ words: [String], ofTypes types: [EntityType], lookedUp: inout LookedUp) throws -> [Entity] {
        let key = types.map(\.rawValue).joined(separator: " ") + "\u{0}" + words.joined(separator: " ")
        if let found = lookedUp.named[key] { return found }
        let filter = try Query.ofTypes(types)
        var found = try named(words, among: filter)
        if found.isEmpty { found = try holding(identifierSaidAs: words, ofTypes: types) }
        // "от Димы", "od Kasi": a name said in another case than it is written in.
        for form in grammar.vocabulary.nameForms(of: words) where found.isEmpty {
            found = try named(form, among: filter)
        }
        // "что Марта написала": a name said in another script than it is written in (Marta), as names are spelt in Latin letters.
        if found.isEmpty, EntityName.isInOtherScript(words.joined(separator: " ")) {
            for form in [words] + grammar.vocabulary.nameForms(of: words) where found.isEmpty {
                let latin = try latinWords(in: form.joined(separator: " "))
                if latin != form { found = try named(latin, among: filter) }
            }
        }
        // "in my gmail inbox": one word may say another of its values (the account's), the others its name.
        for index in words.indices where found.isEmpty && words.count > 1 {
            var name = words
            let other = name.remove(at: index)
            let saysOther = try Query.any([IndexLayout.anyIdentifierPrefix + other, IndexLayout.stemmedTerm(try stemmer.stem(other))]
                .map { try Query.term($0) })
            guard let saysOther else { continue }
            found = try named(name, among: try Query.combine(.filter, [filter, saysOther]))
        }
        lookedUp.named[key] = found
        return found
    }

    /// The entities of some types that hold an identifier the request says whole
    /// as these words: "texts from 647 555 0141", whoever has that number.
    private func holding(identifierSaidAs words: [String], ofTypes types: [EntityType]) throws -> [Entity] {
        guard let identifier = identifiers.first(where: { $0 == words.joined() }) else { return [] }
        let query = try Query.combine(.filter, [try Query.term(IndexLayout.anyIdentifierPrefix + identifier).scaled(by: 0),
                                                try Query.ofTypes(types)])
        return try reader.database.search(query, limit: Self.namedLimit).values(inSlot: IndexLayout.entitySlot).map { try Entity(storedData: $0) }
    }

    /// The references to entities of a type (a list, a calendar, an album)
    /// whose names hold each of the words or a word donation linked to it in
    /// meaning (`MeaningSettings.neighboursPerEntityWord`): "moving" for
    /// "Déménagement", whose neighbours it is among.
    private func namedInOtherWords(_ words: [String], ofType type: EntityType, path: String) throws -> Alternatives {
        let name = grammar.withoutNames(of: type, in: words).filter { !grammar.vocabulary.ignored.contains($0) }
        var eachWord: [Query] = []
        for word in name {
            let stem = try stemmer.stem(word)
            let linked = try reader.synonymTable.synonyms(under: IndexLayout.neighbourKey(stem: stem)).compactMap(IndexLayout.linkedTerm)
            guard let any = try Query.any(try ([IndexLayout.stemmedTerm(stem)] + linked.map(\.term)).map { try Query.term($0) }) else { return [] }
            eachWord.append(any)
        }
        guard let holdsAll = try Query.all(eachWord) else { return [] }
        let query = try Query.combine(.filter, [try holdsAll.scaled(by: 0), try Query.ofTypes([type])])
        return try reader.database.search(query, limit: Self.namedLimit).records().compactMap { record in
            record.flatMap { IndexLayout.referenceTerm(path: path, to: $0.summary.identifier) }.map { [$0] }
        }
    }

    /// Alternatives for a value of one property; `lookedUp` keeps what the
    /// words name once it was looked up.
    private func alternatives(for words: [String], property: PropertySchema, path: String, lookedUp: inout LookedUp) throws -> Alternatives {
        if let child = property.kind.transientType, let schema = schemas.schema(for: child) {
            // A parent stands for its parts: "with Mateo" is an attendee's name or address.
            return try schema.properties.flatMap { try alternatives(for: words, property: $0, path: "\(path).\($0.name)", lookedUp: &lookedUp) }
        }
        if let target = property.kind.referencedType {
            // "on the groceries list": the list named "groceries".
            let name = grammar.withoutNames(of: target, in: words)
            guard !name.isEmpty else { return [] }
            return try named(name, ofTypes: [target], lookedUp: &lookedUp).compactMap {
                IndexLayout.referenceTerm(path: path, to: $0.identifier).map { [$0] }
            }
        }
        let significant = words.filter { !grammar.vocabulary.ignored.contains($0) }
        guard !significant.isEmpty else { return [] }
        let allWords = [try stemmedTerms(of: significant, in: path)]
        let whole = IndexLayout.exactValue(words.joined(separator: " "))
        switch property.searchability {
        case .title, .text:
            return allWords
        case .keywords:
            return allWords + (whole.map { [[IndexLayout.keywordPrefix(for: path) + $0]] } ?? [])
        case .identifier:
            // Its words ("amara" of amara.okafor@…), an identifier said whole ("from mission-control.earth"),
            // or the addresses of people so named.
            if lookedUp.addresses == nil {
                let people = try named(words, ofTypes: grammar.personTypes.sorted { $0.rawValue < $1.rawValue }, lookedUp: &lookedUp)
                lookedUp.addresses = (people, people.flatMap(schemas.identifierValues(of:)) + (try organizationDomains(for: significant)))
            }
            return allWords + (lookedUp.addresses!.addresses + identifiers).map { [IndexLayout.identifierPrefix(for: path) + $0] }
        case .notSearched:
            return []
        }
    }

    /// The email domains of an organization the words name ("from Levante":
    /// distlevante.es, where Raúl of Distribuciones Levante writes from): the
    /// domains of people whose words hold them all, when a domain spells one of
    /// the words (a shared mail provider's does not).
    private func organizationDomains(for words: [String]) throws -> [String] {
        guard let holdsAll = try Query.all(try stemmedTerms(of: words).map { try Query.term($0) }) else { return [] }
        // Unweighted: Xapian stops at the first people found, instead of ranking every one who says the words.
        let matches = try reader.database.search(try Query.combine(.filter, [try holdsAll.scaled(by: 0), try Query.ofTypes(grammar.personTypes)]),
                                                 limit: Self.namedLimit)
        var domains: Set<String> = []
        for stored in try matches.values(inSlot: IndexLayout.entitySlot) {
            for value in schemas.identifierValues(of: try Entity(storedData: stored)) {
                guard let at = value.lastIndex(of: "@") else { continue }
                let domain = value[value.index(after: at)...]
                let name = domain.split(separator: ".").dropLast().joined(separator: ".")
                if words.contains(where: name.contains) { domains.insert(String(domain)) }
            }
        }
        return domains.sorted()
    }
}

extension CueMatcher.Alternatives {
    /// The query for entities that hold one of the alternatives, or nil when there are none.
    func query() throws -> Query? {
        try Query.any(try compactMap { terms in try Query.all(try terms.map { try Query.term($0) }) })
    }
}
