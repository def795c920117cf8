import Foundation

/// Finds and scores the entities an understood request asks for, when it does
/// not point at the screen: by name and words (the content words), by the
/// property values it names, within the types, time, flags and languages it
/// says, in the order it asks for ("the next meeting").
///
/// A result's score says how much of the request it accounts for: the share
/// of the request's weight (content words by rarity, each property value as
/// much as the rarest word) it matches — a word in its name or text fully, a
/// word only through meaning by `Resolution.meaningShare` — times how well it
/// matches: the name's fit (`NameScoring`) or, for a text match,
/// `Resolution.textQuality` raised by its relevance.
struct RequestSearch {
    let reader: IndexReader
    let configuration: IndexConfiguration
    let grammar: RequestGrammar
    let request: SearchQuery
    var interpretation: RequestInterpretation
    let clock: RequestClock
    /// The moment an order counts from: now, or the entity the request comes after.
    var anchor: Double
    /// Entities never to return (the anchor itself).
    var excluded: Set<UInt32> = []
    /// When the entity a request comes after goes on: what goes on wholly
    /// within it (the afternoon of a day trip) comes not after it, though it
    /// begins after it does (a checkup that begins during a sync and ends after it does).
    var within: ClosedRange<Double>?
    /// What is on screen, for "her" in "her birthday dinner".
    var screen = ScreenContext()
    /// When searching wider than the types a request named: their words, which
    /// an entity of one of those types holds as if it said them.
    var typeUnit: (words: [String], types: Set<EntityType>)?

    /// How many candidates each way of finding them contributes.
    static let poolSize = 20
    /// A day, in seconds.
    static let day = 86_400.0
    /// How many times the pool a listing holds, so that an order ("the next") has enough to choose from.
    static let listingShare = 5

    /// The candidates, scored, with the occurrence that matched; and the plan
    /// their words were searched with, for finding which properties matched.
    func candidates() throws -> (candidates: [Candidate], plan: TextResolver.Plan) {
        var interpretation = self.interpretation
        let matcher = CueMatcher(reader: reader, grammar: grammar, stemmer: reader.stemmers.stemmer(for: configuration.defaultLanguage),
                                 identifiers: interpretation.identifiers)
        // A value nothing in the index holds is searched as words instead.
        var cues: [(cue: RequestInterpretation.PropertyCue, match: CueMatcher.Match)] = []
        // Values that name someone or something the index holds, which nothing has ("from Marco", who never
        // wrote): their words are searched, but what holds only the words does not account for them.
        var unheldValues = 0
        for cue in interpretation.cues {
            if cue.isOnScreen {
                // "her birthday dinner": whatever refers to the person on screen.
                if let person = try personOnScreen() {
                    cues.append((cue, try matcher.match(possessiveOf: person)))
                    continue
                }
                // "is Pilar inviting friends to her party": else someone the request names, searched as a word,
                // or the value of another cue ("Kay's email with her flight number").
                let namesSomeone = interpretation.cues.contains { !$0.isOnScreen && !$0.words.isEmpty }
                if try namesSomeone || interpretation.contentWords.contains(where: { !(try matcher.mentionTerms(forWord: $0)).isEmpty }) {
                    continue
                }
                // With nothing shown, whose it is may have been said before it ("when's the dog getting his shots"):
                // the words are searched, and what holds them does not account for whose. Else nothing is meant.
                guard cue.mayReferBack, screen.visible.isEmpty, screen.focused == nil, !interpretation.contentWords.isEmpty else {
                    return ([], try text(for: interpretation))
                }
                unheldValues += 1
                continue
            }
            if try ownerIsThePersonAskedFor(cue, types: interpretation.types) {
                // "Lena Hoffmann's contact": the contact asked for is hers — her own.
                interpretation.contentWords += cue.words
                continue
            }
            let match = try matcher.match(cue)
            interpretation.contentWords += match.unusedWords
            // A value nothing holds ("to Chennai" as a mail's recipient) was meant otherwise: search its words.
            guard let query = try match.query(), try reader.database.search(query, limit: 1).count > 0 else {
                interpretation.contentWords += cue.words
                if match.namesEntity { unheldValues += 1 }
                continue
            }
            cues.append((cue, match))
        }
        interpretation.contentWords = try interpretation.contentWords.map(nameSaidInItsCase)
        var time = interpretation.time
        if let only = time, only.from == nil, only.to == nil, only.order == nil, only.minutesOfDay != nil {
            time?.order = .next  // "the 8 am meeting": the next one at 8
        }
        let filter = EntityFilter(types: interpretation.types, time: time, ranges: request.ranges, flags: interpretation.flags,
                                  languages: interpretation.languages,
                                  author: try interpretation.author.map { ($0, try Speaker(reader: reader, grammar: grammar)) },
                                  anchor: anchor, timeExtent: time == nil ? nil : try reader.timeExtent(),
                                  schemas: grammar.schemas, clock: clock)
        let filterQuery = try filter.query()
        let cueQueries = try cues.compactMap { try $0.match.query() }
        let narrowed = try Query.all((filterQuery.map { [$0] } ?? []) + cueQueries)

        let text = TextResolver(reader: reader, configuration: configuration)
        // An identifier that is the name of someone a cue's value names ("from Takahashi-sensei", his nickname;
        // "from Marc-André", folded as the cue's words are) is the cue's to find, not an address of its own to hold.
        // So is a number said in groups that the cue's value spells ("from 647 555 0141").
        let cueValues = cues.filter(\.match.namesEntity).map(\.cue.words)
        let cueWords = Set(cueValues.joined())
        let searchedIdentifiers = try interpretation.identifiers.filter { identifier in
            !(try normalizedWords(in: identifier)).allSatisfy(cueWords.contains) && !cueValues.contains { $0.joined() == identifier }
        }.map(asHeld)
        var plan = try text.plan(forWords: interpretation.contentWords, exact: searchedIdentifiers, usesMeaning: false)
        var mentions: [String: [String]] = [:]

        var found: [UInt32: Candidate] = [:]
        func add(_ candidates: [Candidate]) {
            for candidate in candidates where !excluded.contains(candidate.documentID!) {
                if found[candidate.documentID!] == nil {
                    found[candidate.documentID!] = candidate
                } else {
                    found[candidate.documentID!]!.merge(candidate)
                }
            }
        }
        var relevance: [UInt32: Double] = [:]
        // The request's meaning, to look for the entities nearest it when what the words find does not account for it.
        var meaningToSearch: MeaningVector?
        let matchesNames = request.matchesNames && request.property == nil
        // Some entity's whole name, as the request says it ("Friday Pizza Night", "Eva Crew Did Relay").
        let saidWords = try normalizedWords(in: String(RequestParser.withoutThousandsSeparators(Array(request.text))))
        let names = NameResolver(reader: reader, searches: NameSearches())
        let saidWholeNames = matchesNames ? try names.wholeNameCandidates(for: saidWords, filter: try typesFilter) : []
        var wholeNames: [Candidate] = []
        if plan.words.isEmpty && plan.exact.isEmpty {
            // With nothing to narrow by either, there is nothing to list: only what the whole request names, as said
            // ("Tentative The", read as a verb and a word left out), is found, below.
            if let narrowed {
                add(try listing(narrowed, filter: filter, limit: max(request.limit, Self.poolSize) * Self.listingShare))
            } else if saidWholeNames.isEmpty {
                return ([], plan)
            }
        } else {
            if matchesNames {
                let words = plan.words.map(\.word)
                wholeNames = try names.wholeNameCandidates(for: words, filter: narrowed).filter { !excluded.contains($0.documentID!) }
                add(wholeNames)
                // Words that are exactly some entity's whole name: other entities
                // must hold every one of them (they rank below it anyway), which
                // spares searching for each word alone — and guessing at meaning.
                plan.requiresAllWords = !wholeNames.isEmpty || !saidWholeNames.isEmpty
                add(try names.candidates(for: words, filter: narrowed, requiringAll: plan.requiresAllWords))
            }
            if request.property == nil, !plan.requiresAllWords, !interpretation.namesRecipient {
                // Names that stand for someone or something others refer to ("what did Amara say").
                for word in plan.searchedWords { mentions[word] = try matcher.mentionTerms(forWord: word) }
                plan.mentionTerms = Array(Set(mentions.values.joined())).sorted()
            }
            // A word that names someone or something others refer to ("which shift is Kenji doing") means that
            // one: the words linked to it in meaning are other names ("Takahashi"), not other words for it.
            let names = Set(mentions.filter { !$0.value.isEmpty }.keys)
            func addMeaning(expandingEveryWord: Bool = false) throws {
                try text.addMeaning(to: &plan, expandingEveryWord: expandingEveryWord)
                for name in names { plan.entityNeighbours[name] = nil }
            }
            if request.usesMeaning, !plan.requiresAllWords { try addMeaning() }
            let pool = max(request.limit, Self.poolSize)
            var matches = try text.candidates(for: plan, property: request.property, filter: narrowed, limit: pool)
            if matches.isEmpty, request.usesMeaning, plan.expansions.isEmpty, !plan.requiresAllWords {
                // No entity of those holds the words: look for what they mean.
                plan.usesMeaning = false
                try addMeaning(expandingEveryWord: true)
                matches = try text.candidates(for: plan, property: request.property, filter: narrowed, limit: pool)
            }
            if matches.isEmpty, !cueQueries.isEmpty {
                // Nothing holds both the words and the values: show what holds the words, scored lower.
                matches = try text.candidates(for: plan, property: request.property, filter: filterQuery, limit: pool)
            }
            for match in matches { relevance[match.documentID!] = match.score / TextResolver.weight }
            add(matches.map { var match = $0; match.score = 0; return match })
            if request.usesMeaning, request.property == nil, !plan.requiresAllWords { meaningToSearch = plan.meaning }
            // Only a span of dates ("the 27th", "next week"): a time of day alone ("morning") falls on every day
            // and "the next" on all that is ahead — what is in them says little, and listing them costs much.
            let timeHasDates = filter.time.map { $0.from != nil && $0.to != nil } ?? false
            if !cueQueries.isEmpty || timeHasDates, let narrowed {
                // And what holds the values, or falls in the dates said, without the words ("Hugo's report" in
                // French; "the plan for the 27th" when that day's event says no plan): in time order only
                // when a value narrows, the first found else (they are scored, not ordered, and one search
                // that stops at them costs a fraction of sorting a day of a large index).
                add(try listing(narrowed, filter: filter, limit: pool, inTimeOrder: !cueQueries.isEmpty).prefix(pool).map { $0 })
            }
        }
        // Names as said, beside what was understood, when understanding took some of the words, only as said
        // is the request a whole name, or some entity is named word for word as said where the words searched
        // are fewer ("Are May Suiting", whose small words the search leaves out): they need not pass the filters.
        let taken = wordsUnderstandingTook(saidWords)
        let namesAsSaid = saidWords.map { grammar.vocabulary.possessiveEndings.stripping($0).word }
        let namedExactlyAsSaid = saidWholeNames.filter { $0.names?.contains { $0.words == namesAsSaid } ?? false }
        // Or, when none is, named so once a typo is read as meant ("Are May Suixing").
        let asMeant = matchesNames && namedExactlyAsSaid.isEmpty
            ? try names.namedWordForWordAsMeant(said: namesAsSaid, filter: try typesFilter, lexicon: configuration.lexicon,
                                                        language: configuration.defaultLanguage) : []
        let namedWordForWordAsSaid = namedExactlyAsSaid + asMeant
        let namedWordForWord = plan.words.map(\.word) != namesAsSaid && !namedWordForWordAsSaid.isEmpty
        let saysMore = !taken.isEmpty || (wholeNames.isEmpty && !saidWholeNames.isEmpty) || namedWordForWord
        let said = matchesNames && saysMore ? saidWords : nil
        // Named as said, and of those found only so, the ones that fail the filters Xapian checks.
        var namedAsSaidIDs: Set<UInt32> = [], rawNamed: Set<UInt32> = []
        if let said {
            let raw = try rawNameCandidates(for: said, wholeNames: saidWholeNames + asMeant, names: names)
            namedAsSaidIDs = Set(raw.compactMap(\.documentID))
            // Those that pass the filters too are found like any other.
            let rawOnly = raw.filter { $0.documentID.map { found[$0] == nil } ?? false }
            rawNamed = Set(rawOnly.compactMap(\.documentID)).subtracting(try reader.passing(rawOnly, narrowed))
            add(raw)
        }

        // The types a command acts on or asks about count when the request names none.
        let askedTypes = interpretation.types.isEmpty
            ? Set((interpretation.command?.actsOn ?? []) + (interpretation.command?.asksAbout ?? [])) : []
        // A text match's record is read only when its type or time decides; else only if it is shown.
        let saysATime = !(filter.time?.isEmpty ?? true)
        let readsRecords = saysATime || !filter.ranges.isEmpty || typeUnit != nil || !askedTypes.isEmpty || !cues.isEmpty
        let saidQuery = said.map(NameScoring.QueryWords.init)
        // As said, a name scores only when it holds a word understanding took and one of the content
        // words ("Call bank about…" for "call the bank"): one that holds no word taken is what the content
        // words find, and scores so ("call the dentist"); one that holds no content word fits none of
        // what was asked ("Call with Arjun" for "call Lucas").
        let content = Set(plan.words.map(\.word))
        func holdsWhatUnderstandingTook(_ names: [EntityName]) -> Bool {
            taken.isEmpty || names.contains { name in
                func holdsOne(of said: Set<String>) -> Bool {
                    (name.words + name.latinSpelling).contains { word in said.contains { NameScoring.quality(of: $0, against: word) > 0 } }
                }
                return holdsOne(of: taken) && (content.isEmpty || holdsOne(of: content))
            }
        }
        let words = plan.words.map(\.word)
        let wordsQuery = NameScoring.QueryWords(words)
        let goingOnFrom = filter.goingOnFrom
        // Words that are some entity's whole name were required of every match: each holds them all.
        let asksAmount = interpretation.command?.asksAmount ?? false
        let statesOfParts = try self.statesOfParts(in: plan.searchedWords.sorted())
        let coverage = plan.requiresAllWords && cues.isEmpty && unheldValues == 0 && typeUnit == nil && askedTypes.isEmpty && !asksAmount
            && statesOfParts.isEmpty
            ? nil
            : try Coverage(reader: reader, plan: plan, mentions: mentions,
                           cues: cues.map(\.match) + Array(repeating: CueMatcher.Match(), count: unheldValues), typeUnit: typeUnit,
                           askedTypes: askedTypes, asksAmount: asksAmount, saysATime: saysATime, statesOfParts: statesOfParts,
                           said: saidWords, vocabulary: grammar.vocabulary, lexicon: meaningToSearch == nil ? nil : configuration.lexicon)
        // Candidates found, past the exact filters, scored by what of the request each accounts for
        // (each on its own: a candidate's score does not depend on the others').
        func scoring(_ found: [Candidate]) throws -> [Candidate] {
            var found = found
            if readsRecords { try Candidate.readRecords(of: &found, from: reader.database) }
            var scored: [Candidate] = []
            for var candidate in found {
                let occurrence = filter.occurrence(of: candidate.record)
                // (Xapian's time filter takes in whole hours: a name as said outside the time is kept all the same.)
                guard occurrence != nil || namedAsSaidIDs.contains(candidate.documentID!) else { continue }
                if let within, let start = occurrence ?? nil, within.contains(start),
                   within.contains(start + (candidate.record?.time?.duration ?? 0)) { continue }
                candidate.occurrence = occurrence ?? nil
                candidate.passesFilter = occurrence != nil && !rawNamed.contains(candidate.documentID!)
                candidate.relevance = relevance[candidate.documentID!]
                candidate.names = candidate.names ?? candidate.record?.names
                candidate.rawNameScore = saidQuery.flatMap { query in
                    candidate.names.flatMap { names in
                        holdsWhatUnderstandingTook(names) ? NameScoring.best(query, names: names)?.score : nil
                    }
                }
                scored.append(candidate)
            }
            let measures = try coverage?.measure(scored) ?? scored.map { _ in Coverage.Measure(share: 1, holdsCue: []) }
            for (index, measure) in measures.enumerated() {
                let share = scored[index].passesFilter ? measure.share : 0
                scored[index].share = share
                scored[index].valueShare = scored[index].passesFilter ? measure.valueShare : 0
                scored[index].nameFit = words.isEmpty ? 0 : scored[index].names.flatMap { NameScoring.best(wordsQuery, names: $0)?.score } ?? 0
                scored[index].score = score(of: scored[index], share: share, plan: plan)
                // What the time said finds still going on ranks after what begins in it.
                if let occurrence = scored[index].occurrence, let goingOnFrom, occurrence < goingOnFrom {
                    scored[index].score -= Resolution.lessLikelyShare
                }
                let type = scored[index].record?.summary.identifier.type
                for (cue, held) in zip(cues.map(\.cue), measure.holdsCue) where held {
                    let paths = cue.properties.isEmpty ? ["reference"] : cue.properties.filter { $0.type == type }.map(\.path)
                    for path in paths where !scored[index].matched.contains(path) { scored[index].matched.append(path) }
                }
            }
            try lowerWhatIsAlreadySo(&scored)
            try lowerWhatIsPast(&scored)
            // Named nearly as said but failing what else was understood ("send Liam a pic of his charger" and the
            // reminder "Send Liam his charger", no photo): never resolved on, unless named word for word.
            let wordForWord = Set(namedWordForWordAsSaid.compactMap(\.documentID))
            for index in scored.indices where rawNamed.contains(scored[index].documentID!) && !wordForWord.contains(scored[index].documentID!) {
                scored[index].score = min(scored[index].score, Resolution.unsureScore)
            }
            return scored
        }

        var scored = try scoring(found.values.sorted { $0.documentID! < $1.documentID! })
        if let meaning = meaningToSearch, !scored.contains(where: { Resolution.accountsForRequest($0.score) }) {
            // What the words find does not account for the request: what means the same in other words
            // joins, ranked as the least relevant text match — unless with it something the words found does.
            let nearest = try nearestInMeaning(meaning, ofTypes: Set(interpretation.types), filter: narrowed)
            let nearestIDs = Set(nearest.compactMap(\.documentID))
            let foundByMeaningOnly = nearestIDs.filter { found[$0] == nil }
            add(nearest)
            for documentID in foundByMeaningOnly {
                relevance[documentID] = 0
                found[documentID]?.matched.append("meaning")  // what `search --explain` and `matched` show
            }
            // Only those the nearest found or lent their meaning to are scored again.
            scored = try (scored.filter { !nearestIDs.contains($0.documentID!) } + scoring(nearestIDs.compactMap { found[$0] }))
                .sorted { $0.documentID! < $1.documentID! }
            if scored.contains(where: { Resolution.accountsForRequest($0.score) && !foundByMeaningOnly.contains($0.documentID!) }) {
                scored.removeAll { foundByMeaningOnly.contains($0.documentID!) }
            }
        }
        try lowerWhatIsWithdrawn(&scored)
        try putPeopleBeforeWhatIsNamedAfterThem(&scored)
        // Among equals, what is called so comes first: what the whole request as said is the name of, if of a type
        // asked for ("Tycho The Orbit": the note named so, before "The Orbit", which the words after an unknown verb
        // name as well; but "call mom" asks for a contact, not the event "Call Mom"), then by the words searched ("the
        // futsal tournament": the event named so, then the photo whose caption says it), then a name that holds them
        // in the order said ("Suit Mateo" before "Mateo Suit").
        let typesAsked = Set(interpretation.types)
        let namedAsSaid = Set(namedWordForWordAsSaid.filter { candidate in
            typesAsked.isEmpty || candidate.record.map { typesAsked.contains($0.identifier.type) } ?? false
        }.compactMap(\.documentID))
        let inOrderSaid = Set(scored.filter { candidate in
            !words.isEmpty && candidate.names.map { NameScoring.keepsOrder(wordsQuery, names: $0) } ?? false
        }.compactMap(\.documentID))
        scored.sort {
            let (left, right) = ($0.documentID!, $1.documentID!)
            if namedAsSaid.contains(left) != namedAsSaid.contains(right) { return namedAsSaid.contains(left) }
            if $0.nameFit != $1.nameFit { return $0.nameFit > $1.nameFit }
            if inOrderSaid.contains(left) != inOrderSaid.contains(right) { return inOrderSaid.contains(left) }
            return left < right
        }
        return (ordered(scored, by: time?.order, severalWanted: interpretation.asksForSeveral, plan: plan), plan)
    }

    /// "anything tomorrow evening?", "when is the meeting with the accountant?":
    /// an event that was cancelled does not take place, so when a request asks
    /// what there is at a time, or asks when, where or who of something — not
    /// one that acts on what it names ("delete tomorrow's coffee"), nor one that
    /// speaks of the property that says so — what is withdrawn
    /// (`PropertySchema.withdrawnValues`) scores at most
    /// `Resolution.withdrawnScore`: after what fits as well, never resolved.
    private func lowerWhatIsWithdrawn(_ candidates: inout [Candidate]) throws {
        let asksOfIt = !(interpretation.command?.asksAbout.isEmpty ?? true)
        guard interpretation.time != nil || asksOfIt, !(interpretation.command?.changesEntity ?? false) else { return }
        let spoken = Set(interpretation.cues.flatMap(\.properties))
        let withdrawn = grammar.withdrawnTerms.filter { !spoken.contains($0.path) }
        guard !withdrawn.isEmpty, !candidates.isEmpty else { return }
        // Which candidates hold each value, and each one's type, read from the postings at once.
        let typeTerms = Array(Set(withdrawn.map { IndexLayout.typeTerm(for: $0.path.type) }))
        let terms = withdrawn.map(\.term) + typeTerms
        let (holds, column) = try reader.postings(of: terms, in: candidates)
        let typeRow = Dictionary(uniqueKeysWithValues: typeTerms.enumerated().map { ($1, withdrawn.count + $0) })
        for index in candidates.indices {
            guard let documentID = candidates[index].documentID, let at = column[documentID] else { continue }
            if withdrawn.indices.contains(where: { holds[$0][at] && holds[typeRow[IndexLayout.typeTerm(for: withdrawn[$0].path.type)]!][at] }) {
                candidates[index].score = min(candidates[index].score, Resolution.withdrawnScore)
            }
        }
    }

    /// "mark Yuki's message as read": one already read is a less likely target
    /// than one not yet, so entities already in the state a command sets rank
    /// after their equals (`Resolution.lessLikelyShare`).
    private func lowerWhatIsAlreadySo(_ candidates: inout [Candidate]) throws {
        let states = grammar.states(setBy: interpretation.command)
        guard !states.isEmpty else { return }
        let alreadySo = try EntityFilter(flags: states, anchor: anchor, schemas: grammar.schemas, clock: clock).query()
        try change(&candidates, holding: alreadySo) { $0 -= Resolution.lessLikelyShare }
    }

    /// "move the inspection to Friday": what already took place is a less
    /// likely target of a command that gives it a new time than what is still
    /// ahead (a recurring entity is always ahead): `Resolution.lessLikelyShare` lower.
    private func lowerWhatIsPast(_ candidates: inout [Candidate]) throws {
        guard let command = interpretation.command, command.changesEntity, command.arguments.contains(where: { $0.role == "time" }),
              !candidates.isEmpty else { return }
        let past = try EntityFilter.goingOn(from: nil, to: clock.now.timeIntervalSince1970, within: try reader.timeExtent(),
                                            includingRecurring: false)
        try change(&candidates, holding: past) { $0 -= Resolution.lessLikelyShare }
    }

    /// "Marcos", "Lena Hoffmann": a chat called by the name of the person it
    /// is with is not what that name means first. A candidate that refers to a
    /// person among the candidates and whose name is made of that person's
    /// name words scores `Resolution.lessLikelyShare` below the person, who
    /// scores at least what it did: the person first, and no verdict between them.
    private func putPeopleBeforeWhatIsNamedAfterThem(_ candidates: inout [Candidate]) throws {
        let isPerson = candidates.map { ($0.identifier ?? $0.record?.identifier).map { grammar.personTypes.contains($0.type) } ?? false }
        let people = candidates.indices.filter { isPerson[$0] }
        let others = candidates.indices.filter { !isPerson[$0] && !(candidates[$0].names ?? []).isEmpty }
        guard !people.isEmpty, !others.isEmpty else { return }
        // Who each name word is a name word of, so that each other's names are looked up once, not once a person.
        var peopleByWord: [String: Set<Int>] = [:]
        for person in people {
            for word in Set((candidates[person].names ?? []).flatMap(\.words)) { peopleByWord[word, default: []].insert(person) }
        }
        var othersNamedAfter: [Int: [Int]] = [:]
        for index in others {
            var namedAfter: Set<Int> = []
            for name in candidates[index].names ?? [] where !name.words.isEmpty {
                namedAfter.formUnion(name.words.dropFirst().reduce(peopleByWord[name.words[0]] ?? []) { $0.intersection(peopleByWord[$1] ?? []) })
            }
            for person in namedAfter { othersNamedAfter[person, default: []].append(index) }
        }
        // Which of them refer to whom, read in one pass over the postings of every person's reference term.
        let referredTo = people.compactMap { person -> (person: Int, term: String)? in
            guard othersNamedAfter[person] != nil, let identifier = candidates[person].identifier ?? candidates[person].record?.identifier,
                  let term = IndexLayout.anyReferenceTerm(to: identifier) else { return nil }
            return (person, term)
        }
        guard !referredTo.isEmpty else { return }
        let namedAfterSomeone = Set(othersNamedAfter.values.joined()).map { candidates[$0] }
        let (holds, column) = try reader.postings(of: referredTo.map(\.term), in: namedAfterSomeone)
        for (row, person) in referredTo.map(\.person).enumerated() {
            let namedAfter = (othersNamedAfter[person] ?? []).filter { candidates[$0].score >= candidates[person].score }
            let referring = namedAfter.filter { index in candidates[index].documentID.flatMap { column[$0] }.map { holds[row][$0] } ?? false }
            for index in referring {
                candidates[person].score = max(candidates[person].score, candidates[index].score)
                candidates[index].score = candidates[person].score - Resolution.lessLikelyShare
            }
        }
    }

    /// "which events did I decline", "did Mateo accept the sync": a word that is
    /// a state of a part (an attendee's answer: `RequestGrammar.partStates`)
    /// said of whose part it is — the speaker's, or someone another word of the
    /// request names and some part in that state is named by — is held only
    /// where that part is in it. For each such word, the terms that say so
    /// (`IndexLayout.partStateTerm`); none for the speaker when the index knows none of their addresses,
    /// nor where the index holds no such pairs (donated before them).
    private func statesOfParts(in words: [String]) throws -> [String: [String]] {
        let stemmer = reader.stemmers.stemmer(for: configuration.defaultLanguage)
        let types = interpretation.types.isEmpty ? grammar.schemas.searchableTypes : interpretation.types
        var states: [(path: String, state: String)] = []
        for state in types.flatMap({ grammar.partStates[$0] ?? [] }) where !states.contains(where: { $0 == state }) {
            states.append(state)
        }
        guard !states.isEmpty else { return [:] }
        let stateStems = try states.map { try stemmer.stem($0.state) }
        var held: [String: [String]] = [:]
        var speaker: Speaker?
        for word in Set(words) {
            let stem = try stemmer.stem(word)
            let said = states.indices.filter { stateStems[$0] == stem }.map { states[$0] }
            guard try said.contains(where: { try reader.database.termFrequency(IndexLayout.partStateTerm(path: $0.path, state: $0.state)) > 0 })
            else { continue }
            func terms(holders: [String]) -> [String] {
                said.flatMap { state in holders.compactMap { IndexLayout.partStateTerm(path: state.path, state: state.state, holder: $0) } }
            }
            var holding = try terms(holders: Set(words).subtracting([word]).sorted()).filter { try reader.database.termFrequency($0) > 0 }
            if interpretation.saidOfSpeaker.contains(word) {
                speaker = try speaker ?? Speaker(reader: reader, grammar: grammar)
                holding += terms(holders: speaker!.addresses)
            }
            if !holding.isEmpty { held[word] = holding }
        }
        return held
    }

    /// Changes the scores of the candidates that a query matches; none when it is nil.
    private func change(_ candidates: inout [Candidate], holding query: Query?, _ score: (inout Double) -> Void) throws {
        guard let query, !candidates.isEmpty else { return }
        let documentIDs = try reader.passing(candidates, query)
        for index in candidates.indices where candidates[index].documentID.map(documentIDs.contains) == true {
            score(&candidates[index].score)
        }
    }

    /// "04 78 28 61 40": a phone number dialled at home, as the index holds it when
    /// only its form without the country's code is held (`IdentifierParts.domesticForms(of:)`).
    private func asHeld(_ identifier: String) throws -> String {
        guard try reader.database.termFrequency(IndexLayout.anyIdentifierPrefix + identifier) == 0 else { return identifier }
        return try IdentifierParts.domesticForms(of: identifier).first {
            try reader.database.termFrequency(IndexLayout.anyIdentifierPrefix + $0) > 0
        } ?? identifier
    }

    /// "bilans Zosi": a word nothing holds that is a name in another case
    /// (`RequestVocabulary.nameForms(of:)`) is searched as the name is written.
    private func nameSaidInItsCase(_ word: String) throws -> String {
        let forms = grammar.vocabulary.nameForms(of: [word])
        guard !forms.isEmpty, try !reader.holds(word, language: configuration.defaultLanguage) else { return word }
        return try forms.first { try reader.database.termFrequency(IndexLayout.nameTerm($0[0])) > 0 }?[0] ?? word
    }

    /// Whether a possessive's owner is someone of the very person types the
    /// request asks for ("Lena Hoffmann's contact", "Mom's contact"): their
    /// names fit the owner's words as well as a name must to stand for someone
    /// (`CueMatcher.words(_:standFor:)`).
    private func ownerIsThePersonAskedFor(_ cue: RequestInterpretation.PropertyCue, types: [EntityType]) throws -> Bool {
        guard cue.isPossessive, !types.isEmpty, types.allSatisfy(grammar.personTypes.contains) else { return false }
        return try NameResolver(reader: reader).candidates(for: cue.words, filter: try Query.ofTypes(types), guessing: false)
            .contains { CueMatcher.words(cue.words, standFor: $0) }
    }

    /// The one person the screen shows or its focused entity refers to, if there is one.
    private func personOnScreen() throws -> Entity? {
        let screenResolver = ScreenResolver(reader: reader, configuration: configuration, grammar: grammar,
                                            interpretation: RequestInterpretation(contentWords: []), clock: clock)
        let people = try screenResolver.people(on: screen)
        guard people.count == 1 else { return nil }
        return try reader.storedEntity(people[0])
    }

    /// The entities of the types (all when empty) whose meaning is nearest the
    /// request's (`MeaningSettings.nearestEntities` of them), of those the ones
    /// near enough (`nearestMinimumSimilarity`) that pass the filter, each with its meaning.
    private func nearestInMeaning(_ meaning: MeaningVector, ofTypes types: Set<EntityType>, filter: Query?) throws -> [Candidate] {
        let count = configuration.meaning.nearestEntities
        guard count > 0, let lexicon = configuration.lexicon else { return [] }
        let nearest = try reader.meaningTable(dimensions: lexicon.dimensions).nearest(to: meaning, ofTypes: types, count: count)
        let candidates = nearest.filter { $0.similarity >= configuration.meaning.nearestMinimumSimilarity }.map { near in
            var candidate = Candidate(documentID: near.documentID, score: 0)
            candidate.meaning = near.meaning
            return candidate
        }
        let passing = try reader.passing(candidates, filter)
        return candidates.filter { passing.contains($0.documentID!) }
    }

    /// A words-only plan, for an answer found before any search.
    private func text(for interpretation: RequestInterpretation) throws -> TextResolver.Plan {
        try TextResolver(reader: reader, configuration: configuration).plan(forWords: interpretation.contentWords, exact: [],
                                                                           usesMeaning: false)
    }

    /// A candidate's score: the share of the request it accounts for, times how
    /// well. Property values are held exactly, so their part fits at least as a
    /// text match does, whether or not the words fit ("Hugo's report" said of
    /// a mail from Hugo that calls it a "compte rendu").
    private func score(of candidate: Candidate, share: Double, plan: TextResolver.Plan) -> Double {
        let words = plan.words.map(\.word)
        // An owner is often part of a name ("Amma's Birthday"): the name is scored with it.
        let owners = interpretation.cues.filter(\.isPossessive).flatMap(\.words)
        let withOwners = words.isEmpty || owners.isEmpty ? 0
            : candidate.names.flatMap { NameScoring.best(query: words + owners, names: $0)?.score } ?? 0
        let named = max(candidate.nameFit, withOwners)
        let quality: Double
        if let relevance = candidate.relevance {
            quality = max(named, Resolution.textQuality + Resolution.relevanceSpread * relevance)
        } else if words.isEmpty && plan.exact.isEmpty {
            quality = Resolution.textQuality  // a listing: it fits, and nothing ranks it above the others
        } else {
            quality = named
        }
        let values = min(candidate.valueShare, share)
        return max(values * max(quality, Resolution.textQuality) + (share - values) * quality, candidate.rawNameScore ?? 0)
    }

    /// Candidates in the order a request asks for: those that account for the
    /// request and fit about as well as the best, nearest occurrence first —
    /// the others clearly behind it, unless the request wants several.
    private func ordered(_ candidates: [Candidate], by order: RequestTime.Order?, severalWanted: Bool,
                         plan: TextResolver.Plan) -> [Candidate] {
        guard let order, let best = candidates.max(by: { $0.score < $1.score }) else { return candidates }
        let bestShare = best.share ?? 1, bestQuality = best.score / max(bestShare, 1e-9)
        func accountsLikeTheBest(_ candidate: Candidate) -> Bool {
            let share = candidate.share ?? 0
            return candidate.occurrence != nil && share >= bestShare - Resolution.orderTolerance
                && candidate.score / max(share, 1e-9) >= bestQuality - Resolution.ambiguityMargin
        }
        // "the last movie night" is the last thing called so, when something is.
        func isNamedSo(_ candidate: Candidate) -> Bool { candidate.nameFit >= NameScoring.prefix }
        let namedSo = candidates.contains { accountsLikeTheBest($0) && isNamedSo($0) }
        func leads(_ candidate: Candidate) -> Bool { accountsLikeTheBest(candidate) && (!namedSo || isNamedSo(candidate)) }
        var leaders: [Candidate] = [], others: [Candidate] = []
        for candidate in candidates {
            if leads(candidate) { leaders.append(candidate) } else { others.append(candidate) }
        }
        // "First thing tomorrow" is what begins first; a birthday or a trip that takes whole days (a date alone, or
        // days from midnight) has no beginning then.
        func takesWholeDays(_ candidate: Candidate) -> Bool {
            guard order == .earliest, let time = candidate.record?.time else { return false }
            return time.isDay || time.duration > 0 && time.duration.truncatingRemainder(dividingBy: Self.day) == 0
                && clock.minutesOfDay(Date(timeIntervalSince1970: candidate.occurrence!)) == 0
        }
        leaders.sort {
            if takesWholeDays($0) != takesWholeDays($1) { return takesWholeDays($1) }
            let (left, right) = ($0.occurrence!, $1.occurrence!)
            return order == .next || order == .earliest ? left < right : left > right
        }
        guard let top = leaders.map(\.score).max() else { return candidates }
        for index in leaders.indices {
            leaders[index].score = index == 0 || severalWanted ? top : min(leaders[index].score, top - Resolution.ambiguityMargin)
        }
        return leaders + others
    }

    /// Every entity that passes the filters, in the order of its time when it
    /// has one (the first occurrences first) and `inTimeOrder`, else in index order.
    private func listing(_ query: Query, filter: EntityFilter, limit: Int, inTimeOrder: Bool = true) throws -> [Candidate] {
        let timed = filter.time != nil && inTimeOrder ? filter.timedTypes : []
        guard !timed.isEmpty else {
            let matches = try reader.database.search(try query.scaled(by: 0), limit: limit)
            return (0..<matches.count).map { Candidate(documentID: matches.documentID(at: $0), score: 0) }
        }
        let ascending = filter.time?.order != .previous && filter.time?.order != .latest
        var candidates: [Candidate] = []
        for (type, property) in timed {
            let ofType = try Query.combine(.filter, [query, try Query.ofTypes([type])])
            let spans = try filter.listingSpans(ascending: ascending).map { span in
                try Query.combine(.filter, [ofType, try filter.goingOn(from: span.lower, to: span.upper)])
            }
            let matches = try reader.nearestFirst(spans + [ofType], sortedBySlot: IndexLayout.valueSlot(for: property),
                                                  ascending: ascending, limit: limit)
            candidates += (0..<matches.count).map { Candidate(documentID: matches.documentID(at: $0), score: 0) }
        }
        return candidates
    }

    /// The words said that understanding took from the content words
    /// (commands, time words), politeness aside.
    private func wordsUnderstandingTook(_ words: [String]) -> Set<String> {
        let contentWords = Set(interpretation.contentWords)
        return Set(words.map { grammar.vocabulary.possessiveEndings.stripping($0).word }.filter { word in
            !grammar.vocabulary.ignored.contains(word) && !contentWords.contains(word)
        })
    }

    /// Entities whose names fit the words as said ("Call with Mom"), scored
    /// 0 (they score by `Candidate.rawNameScore`), narrowed only by the query's
    /// types; only names holding every word when some name is exactly them.
    /// No typos or prefixes are guessed at: the words understanding took were
    /// known words, and the others are searched with guessing already.
    /// `names` is the request's resolver, whose searches are made once.
    private func rawNameCandidates(for words: [String], wholeNames: [Candidate], names: NameResolver) throws -> [Candidate] {
        let named = try names.candidates(for: words, filter: try typesFilter, requiringAll: !wholeNames.isEmpty, guessing: false)
        return (wholeNames + named).map { var candidate = $0; candidate.score = 0; return candidate }
    }

    /// The query's own types as a filter, or nil when it names none.
    private var typesFilter: Query? {
        get throws { request.types.isEmpty ? nil : try Query.ofTypes(request.types) }
    }
}
