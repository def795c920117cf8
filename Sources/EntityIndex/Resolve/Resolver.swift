import Foundation

/// Turns a request into a ranked, judged answer. An understood request is
/// read first (`RequestParser`); a reference to the screen is resolved among
/// what is shown (`ScreenResolver`), anything else is searched by what it says
/// (`RequestSearch`), after the entity it comes after or before when it names
/// one. A plain search ranks names and text by relevance alone. Entities on
/// screen are raised, and the caller's fallback is merged in.
struct Resolver {
    let reader: IndexReader
    let configuration: IndexConfiguration
    let grammar: RequestGrammar
    /// What the caller's fallback found for the request, asked before any
    /// lock was taken (`SearchQuery.fallback` itself is never called here).
    var fallbackFound: [FallbackCandidate] = []

    /// The request parser, reading a word the index does not hold as the
    /// grammar word it misspells (`IndexReader.grammarWord(misspelledAs:…)`).
    func parser(_ clock: RequestClock) -> RequestParser {
        RequestParser(grammar: grammar, clock: clock, misspelledWord: { [reader, grammar, configuration] in
            try reader.grammarWord(misspelledAs: $0, spelling: grammar.spelling, lexicon: configuration.lexicon,
                                   language: configuration.defaultLanguage)
        }, namePossessive: { [reader, grammar, configuration] in
            try reader.name(possessiveWithoutApostrophe: $0, personTypes: grammar.personTypes, lexicon: configuration.lexicon)
        }, isNameWord: { [reader, configuration] in
            try reader.database.termFrequency(IndexLayout.nameTerm($0)) > 0
                || reader.misspellsName($0, lexicon: configuration.lexicon, language: configuration.defaultLanguage)
        }, isPersonNameWord: { [reader, grammar] in
            try reader.isWord(ofAPersonsName: $0, personTypes: grammar.personTypes)
        })
    }

    func resolve(_ request: SearchQuery) throws -> Resolution {
        guard request.understandsRequest else { return try resolvePlainly(request) }
        let clock = RequestClock(request, vocabulary: grammar.vocabulary)
        var interpretation = try parser(clock).interpret(request.text, types: request.types)
        var search = RequestSearch(reader: reader, configuration: configuration, grammar: grammar, request: request,
                                   interpretation: interpretation, clock: clock, anchor: clock.now.timeIntervalSince1970)
        let screen = request.context ?? ScreenContext()
        let screenIsEmpty = screen.visible.isEmpty && screen.focused == nil

        if interpretation.author == .someoneElse, interpretation.types.isEmpty, request.types.isEmpty, screenIsEmpty {
            // "what have I received about Paddy Nolan": what someone sent, not the person named (said of what the
            // speaker sent, "what did I send Paddy Nolan", it lost a held-out question at rank 1).
            interpretation.types = Set(grammar.authorProperties.map(\.type)).sorted()
        }
        if let anchor = interpretation.anchor, anchor.isOnScreen, screenIsEmpty {
            // "the one under the vet questions" with nothing shown: no place to count from; its words say what is wanted.
            interpretation.anchor = nil
            interpretation.contentWords += anchor.words.filter { !grammar.vocabulary.ignored.contains($0) }
        }

        if interpretation.reference != nil, screenIsEmpty, request.matchesNames, let name = try wholeName(request.text) {
            // "Her", "It": with nothing on screen, a request that is some entity's whole name is that name —
            // but only all of it: "archive this" never acts on a note called "This".
            interpretation.reference = nil
            interpretation.contentWords = name
        }
        if let reference = interpretation.reference, screenIsEmpty, reference.kind == .pointer || reference.kind == .person,
           !interpretation.contentWords.isEmpty || !interpretation.cues.isEmpty || !interpretation.languages.isEmpty
            || interpretation.flags.contains(where: { !$0.isImplied }) {
            // With nothing on screen, "it" in "reply to Beatriz's email about when it airs" is part of what is
            // said, not what is meant, and "that email in German", "that unread one" say what is wanted; "this
            // event" alone stays a reference with nothing to point at. So is "she" in "reply to Sophie, she's
            // asking about the gallery": no person is wanted for it.
            if reference.kind == .person, let types = interpretation.typesApartFromPerson { interpretation.types = types }
            interpretation.reference = nil
        }
        if let reference = interpretation.reference, reference.mayMeanThings, screen.shown.count > 1,
           !screen.shown.contains(where: { grammar.personTypes.contains($0.type) }) {
            // "mark them read" over a list of mail and no one shown: them is the mail.
            interpretation.reference?.kind = .plural
            interpretation.types.removeAll(where: grammar.personTypes.contains)
        }
        if interpretation.isMentionedByShown {
            // "the link she mentioned": she is who mentions it, not what is wanted.
            if interpretation.reference?.kind == .person, let types = interpretation.typesApartFromPerson { interpretation.types = types }
            // With nothing focused, what is shown does the mentioning ("which meeting is he asking about", "the
            // link she mentioned"), unless the request points at one of it ("the one where she mentions the glove").
            let pointsAtShown = interpretation.reference.map { $0.kind != .person } ?? false
            let mentioners = try subject(of: screen, outside: interpretation.types, orTitle: !pointsAtShown).map { [$0] }
                ?? (pointsAtShown ? [] : mentioners(on: screen, outside: interpretation.types))
            if !mentioners.isEmpty {
                // "the RFC it mentions", "the doc he's talking about": an entity about what is shown, found by its name.
                interpretation.reference = nil
                interpretation.cues.removeAll { $0.isOnScreen && $0.words.isEmpty }
                for (documentID, words) in mentioners {
                    interpretation.contentWords += words
                    search.excluded.insert(documentID)
                }
            } else if interpretation.reference?.kind == .person {
                interpretation.reference = nil
            }
        }
        // The focused entity, for "the previous mail" and "the one after that".
        var focusedRecord: RecordReader?
        if let reference = interpretation.reference {
            switch reference.kind {
            case .relative(let order):
                // "the message before this" over a chat: the one shown just before it, when one is.
                if let beside = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar,
                                                   interpretation: interpretation, clock: clock).beside(order, on: screen) {
                    return Resolution(ranked: try shown([beside], limit: request.limit), interpretation: interpretation)
                }
                if let occurrence = try focusedOccurrence(order, on: screen, types: interpretation.types, clock: clock) {
                    return Resolution(ranked: try shown([occurrence], limit: request.limit), interpretation: interpretation)
                }
                // "the previous mail", "the one after that": before or after the focused one in time, or now.
                focusedRecord = try screen.focused.flatMap(reader.record(of:))
                if let focused = screen.focused, let time = focusedRecord?.time {
                    search.anchor = time.start
                    if let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: focused)) {
                        search.excluded.insert(documentID)
                    }
                    if interpretation.types.isEmpty { interpretation.types = [focused.type] }
                }
                interpretation.time = ordered(interpretation.time, by: order)
            case .position(let position) where screenIsEmpty && abs(position) == 1:
                // "the last message" with nothing on screen: the latest one.
                interpretation.time = ordered(interpretation.time, by: position == 1 ? .earliest : .latest)
            case .span(let count) where screenIsEmpty:
                // "the last three messages" with nothing on screen: the latest ones.
                interpretation.time = ordered(interpretation.time, by: count > 0 ? .earliest : .latest)
                interpretation.reference = nil
                interpretation.asksForSeveral = true
            case .plural where screenIsEmpty
                && !(interpretation.contentWords.isEmpty && interpretation.cues.isEmpty && interpretation.time?.from == nil):
                // "both orbital review newsletters", "both my nights next week" with nothing on screen: several,
                // found by what they are or when.
                interpretation.reference = nil
            case .pointer where !screenIsEmpty && interpretation.anchor != nil
                && grammar.vocabulary.one.match(in: reference.words, at: 0)?.length == reference.words.count:
                // "the one after the hiring debrief" over a day's events: beside the one shown so named.
                if let anchor = interpretation.anchor,
                   let beside = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar,
                                                   interpretation: interpretation, clock: clock).beside(anchor, on: screen) {
                    return Resolution(ranked: try shown([beside], limit: request.limit), interpretation: interpretation)
                }
                fallthrough
            default:
                guard !screenIsEmpty else { return Resolution(ranked: [], interpretation: interpretation) }
                let screenResolver = ScreenResolver(reader: reader, configuration: configuration, grammar: grammar,
                                                    interpretation: interpretation, clock: clock)
                let picked = try screenResolver.resolve(reference.kind, on: screen)
                if let named = try screenResolver.peopleNamed(in: picked, on: screen) {
                    // "email the people in this event": all of them, of the types asked; "the guy in it": one of them.
                    interpretation.reference?.kind = screenResolver.namesSomeone ? .person : .plural
                    return Resolution(ranked: try shown(people(named, of: request), limit: request.limit), interpretation: interpretation)
                }
                guard picked.isEmpty, reference.kind == .pointer, !reference.isDescribed, !reference.isSaidWithNoun,
                      !interpretation.types.isEmpty,
                      let (documentID, words) = try subject(of: screen, outside: interpretation.types, orTitle: true)
                else { return Resolution(ranked: try shown(picked, limit: request.limit), interpretation: interpretation) }
                // "the calendar event this was taken at", "the reminder about it", "is this in my calendar" over a
                // mail: nothing of the types named is shown, so what is meant is an entity of those types about what
                // is shown, found by its name ("the one from Ana" and "this note" stay on screen).
                interpretation.reference = nil
                interpretation.contentWords += words
                search.excluded.insert(documentID)
            }
        }
        if interpretation.reference == nil, !screenIsEmpty, interpretation.answersSomeoneNamed, interpretation.contentWords.isEmpty,
           interpretation.time == nil {
            // "reply to Seán: copy" over the conversation: his last message shown, when one is.
            var last = interpretation
            last.reference = .init(kind: .position(-1), words: [])
            let picked = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar, interpretation: last, clock: clock)
                .resolve(.position(-1), on: screen)
            if !picked.isEmpty { return Resolution(ranked: try shown(picked, limit: request.limit), interpretation: last) }
        }
        if interpretation.reference == nil, !screenIsEmpty, screen.focused == nil, interpretation.contentWords.isEmpty,
           interpretation.cues.isEmpty, interpretation.time == nil,
           grammar.vocabulary.entry(of: interpretation.command)?.answersAuthor == true {
            // "réponds-lui que …", "contéstale que sí", "reply: ok" over a conversation, none open: as "reply to him",
            // the last message of the one it is with.
            var answered = interpretation
            answered.reference = .init(kind: .person, words: [])
            let picked = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar, interpretation: answered, clock: clock)
                .resolve(.person, on: screen)
            if picked.count == 1 { return Resolution(ranked: try shown(picked, limit: request.limit), interpretation: answered) }
        }
        if interpretation.reference == nil, screenIsEmpty, interpretation.answersSomeoneNamed, interpretation.contentWords.isEmpty,
           interpretation.time == nil {
            // "回小姨:谢谢!", "reply to Dennis: I can drive" with nothing on screen: their latest, as "the last one from him" says.
            interpretation.time = ordered(nil, by: .latest)
        }
        if interpretation.reference == nil, !screenIsEmpty,
           let named = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar,
                                          interpretation: interpretation, clock: clock).peopleNamed(in: [], on: screen) {
            // "message the organizer I'll be late" over an event: its organizer, as "of this" would say.
            return Resolution(ranked: try shown(people(named, of: request), limit: request.limit), interpretation: interpretation)
        }
        if interpretation.reference == nil, !screenIsEmpty, !interpretation.types.isEmpty, interpretation.contentWords.isEmpty,
           interpretation.anchor == nil, interpretation.time?.order == nil, !interpretation.asksForSeveral {
            // "the message in Japanese", "the mail from Seán" with mail on screen: what is shown, when one fits.
            let shown = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar,
                                           interpretation: interpretation, clock: clock).resolve(.pointer, on: screen)
            // Several shown that each fit only in part are what is meant, unsure: "la de abril" over one mail
            // dated April and one saying it, "the chat with the author" over chats that do not say who wrote.
            if shown.count == 1 || shown.count > 1 && shown.allSatisfy({ $0.score <= ScreenResolver.fitsInPart }) {
                return Resolution(ranked: try self.shown(shown, limit: request.limit), interpretation: interpretation)
            }
        }
        if interpretation.reference == nil, !screenIsEmpty, let anchor = interpretation.anchor, anchor.unit == nil {
            // "the message right before the dumplings one", "what comes right after Maya's swim" over a day's
            // list: beside the one shown that the anchor names, of the types said (any, when none is said).
            var placing = interpretation
            if placing.typeWords.isEmpty { placing.types = [] }
            if let beside = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar,
                                               interpretation: placing, clock: clock).beside(anchor, on: screen) {
                return Resolution(ranked: try shown([beside], limit: request.limit), interpretation: interpretation)
            }
        }
        var unanchored = false
        if let anchor = interpretation.anchor {
            let (anchors, isSure, said) = try anchorEntities(anchor, of: request, clock: clock)
            func placed(beside entity: AnchorEntity) -> RequestSearch {
                var placed = search
                placed.excluded.insert(entity.documentID)
                if let unit = anchor.unit {
                    // "the day after the audit": what goes on that day, in any order.
                    let stretch = clock.unit(unit, containing: Date(timeIntervalSince1970: entity.moment),
                                             shiftedBy: anchor.relation == .after ? 1 : -1)
                    placed.interpretation.time = RequestTime(from: stretch.start, to: stretch.end, words: anchor.words)
                    if interpretation.types.isEmpty { placed.interpretation.types = [entity.type] }
                    return placed
                }
                placed.anchor = entity.moment
                if anchor.relation == .after, entity.duration > 0 { placed.within = entity.moment...entity.moment + entity.duration }
                placed.interpretation.time = ordered(interpretation.time, by: anchor.relation == .after ? .next : .previous)
                if interpretation.types.isEmpty { placed.interpretation.types = [entity.type] }
                return placed
            }
            // With nothing the anchor names then, the time its words may say: "before lunch on Thursday" with no
            // lunch planned that day (or none at all), as "before noon" would.
            let bounded = anchors.isEmpty && interpretation.time == nil
                ? try parser(clock).interpret((anchor.marker + anchor.words).joined(separator: " "), types: request.types) : nil
            if let bounded, let time = bounded.time, bounded.contentWords.count < (said?.contentWords.count ?? 1) {
                interpretation.anchor = nil
                interpretation.contentWords += bounded.contentWords
                interpretation.time = time
                // "anything before lunch today": a time and nothing else asks what is planned, as read alone.
                if interpretation.types.isEmpty { interpretation.types = bounded.types }
                unanchored = true
            } else if anchors.isEmpty, let said {
                // Nothing is what the anchor names ("the note I wrote after the critic came in last Saturday"): what
                // it says says what is wanted, after (or before) the time it says — never resolved on.
                interpretation.anchor = nil
                interpretation.contentWords += said.contentWords
                if interpretation.time == nil, let time = said.time {
                    // After the anchor's time, or before it.
                    let after = anchor.relation == .after
                    interpretation.time = RequestTime(from: after ? time.from : nil, to: after ? nil : time.to, words: time.words)
                }
                unanchored = true
            } else if !isSure {
                // "what's after training on Saturday" when two trainings fit: what comes beside each (all that goes on
                // in the stretch beside each, "the day after the talk"), never resolved.
                let beside = try anchors.flatMap { entity in
                    let found = try placed(beside: entity).candidates().candidates
                    return anchor.unit == nil ? Array(found.prefix(1)) : found
                }.map { candidate in
                    var candidate = candidate
                    candidate.score = min(candidate.score, Resolution.unsureScore)
                    return candidate
                }
                return Resolution(ranked: try shown(beside, limit: request.limit), interpretation: interpretation)
            } else {
                search = placed(beside: anchors[0])
                interpretation = search.interpretation
            }
        }
        search.interpretation = interpretation
        search.screen = screen
        var (found, plan) = try search.candidates()
        if let similar = focusedRecord?.names.first?.words, !similar.isEmpty {
            // "the one after that": the next of the same kind as the focused one, if there is one.
            var alike = search
            alike.interpretation.contentWords += similar
            let (others, otherPlan) = try alike.candidates()
            // Alike: the focused one's name fits theirs at least `alikeNameFit` ("Movie Night: Spirited Away" after "…: Arrival").
            let alikeNamed = try others.contains { candidate in
                var candidate = candidate
                try candidate.readRecord(from: reader.database)
                return (candidate.record.flatMap { NameScoring.best(query: similar, names: $0.names)?.score } ?? 0) >= Self.alikeNameFit
            }
            if alikeNamed { (found, plan) = (others, otherPlan) }
        }
        // Whether nothing of the types asked says any of the request (what is near it in meaning says none of
        // it): what is shown may then be meant.
        let nothingSaysIt = !found.contains { $0.score > 0 && !$0.isFoundByMeaningOnly }
        let groups = grammar.groupTypes.filter { request.types.isEmpty || request.types.contains($0) }
        if interpretation.namesRecipient, !groups.isEmpty, (found.map(\.score).max() ?? 0) < Resolution.minimumScore {
            // No one is so called: "text the book club" is said to a group chat.
            var toGroups = search
            toGroups.interpretation.types = (interpretation.types + groups).sorted()
            (found, plan) = try toGroups.candidates()
        }
        var unnamedType: Set<UInt32> = []  // of another type than the one named, whose name does not say it
        if !interpretation.typeWords.isEmpty, (found.map(\.score).max() ?? 0) < Resolution.resolvedScore {
            // No entity of the types named fits well: look wider, the type words counting for the
            // types named or as words (part of a name: "the Earth Day photo").
            var wider = search
            wider.interpretation.types = Array(request.types).sorted()
            wider.interpretation.contentWords += interpretation.typeWords
            wider.typeUnit = (interpretation.typeWords, Set(interpretation.types))
            (found, plan) = try wider.candidates()
            // Of another type, only what the type words name ("the Earth Day photo", a note) may be resolved on:
            // "send Laura all the photos" never resolves on her contract.
            let named = Set(interpretation.types)
            for index in found.indices {
                guard let type = (found[index].identifier ?? found[index].record?.summary.identifier)?.type,
                      !named.contains(type) else { continue }
                let saysTypeWords = (found[index].names ?? found[index].record?.names)?.contains { name in
                    interpretation.typeWords.allSatisfy { word in name.words.contains { NameScoring.quality(of: word, against: $0) > 0 } }
                } ?? false
                if !saysTypeWords, let documentID = found[index].documentID { unnamedType.insert(documentID) }
            }
        }
        // An order ("the next meeting") decides alone; otherwise what is on screen comes first among equals.
        if !screenIsEmpty, interpretation.time?.order == nil { try raise(&found, by: screen) }
        // Shown or not ("open the photo he sent" over his messages), or found without the anchor said, never resolved
        // on; and of another type than the one named, after what of that type is an answer ("what photos did we take
        // on moving day": the photos before a contract that says "moving"), just below it, past the comparisons' tolerance.
        func isOfUnnamedType(_ candidate: Candidate) -> Bool { candidate.documentID.map(unnamedType.contains) ?? false }
        // "what's Chen's phone number": one with no number does not answer it (nor "Niamh's email": her mail may be meant).
        let lacking = try lackingAskedValue(found, asked: interpretation.askedProperties)
        for index in found.indices where found[index].documentID.map(lacking.contains) ?? false {
            found[index].score = min(found[index].score, Resolution.unsureScore)
        }
        let namedBest = found.filter { !isOfUnnamedType($0) && $0.documentID != nil && $0.score >= Resolution.minimumScore }.map(\.score).max()
        for index in found.indices where unanchored || isOfUnnamedType(found[index]) {
            let belowNamed = isOfUnnamedType(found[index]) ? namedBest.map { $0 - 10 * Self.scoreTolerance } : nil
            found[index].score = min(found[index].score, Resolution.unsureScore, belowNamed ?? .infinity)
        }
        if !screenIsEmpty, interpretation.reference == nil, nothingSaysIt {
            // "forward the quote to Nadia" over mails that call it a "devis", "mute the running chat" over chats
            // named in French: nothing of the types asked says the words, so what is shown and fits the rest may
            // be meant, nearest in meaning first, unsure — before what only a wider search found.
            var described = interpretation
            described.reference = .init(kind: .pointer, words: [], isDescribed: true)
            let shown = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar,
                                           interpretation: described, clock: clock).resolve(.pointer, on: screen)
            found = shown.map { candidate in
                var candidate = candidate
                candidate.score = min(candidate.score, ScreenResolver.fitsInPart)
                return candidate
            } + found
        }
        found += fallbackCandidates(for: request)
        let text = TextResolver(reader: reader, configuration: configuration)
        return Resolution(ranked: try shown(found, limit: request.limit, matching: request.reportsMatches ? (plan, text) : nil),
                          interpretation: interpretation)
    }

    /// How far apart two scores must be to rank one above the other.
    static let scoreTolerance = 1e-9

    /// Whether two scores differ by more than rounding (0.85 against 0.8500000000000001 do not).
    private static func differ(_ first: Double, _ second: Double) -> Bool {
        abs(first - second) > scoreTolerance
    }

    /// "When's the next one" over a weekly session: the focused entity itself
    /// at its next occurrence after now (or its last before, for "the previous
    /// one"), when it recurs and is of a type asked for; nil otherwise.
    private func focusedOccurrence(_ order: RequestTime.Order, on screen: ScreenContext, types: [EntityType],
                                   clock: RequestClock) throws -> Candidate? {
        guard let focused = screen.focused, types.isEmpty || types.contains(focused.type),
              let record = try reader.record(of: focused), let time = record.time?.stepping(on: clock.calendar), time.recurrence != nil,
              let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: focused)) else { return nil }
        let now = clock.now.timeIntervalSince1970
        guard let occurrence = order == .previous ? time.lastOccurrence(atOrBefore: now - 1) : time.firstOccurrence(from: now, to: nil)
        else { return nil }
        var candidate = Candidate(documentID: documentID, score: 1, matched: ["focused"])
        candidate.record = record
        candidate.occurrence = occurrence
        return candidate
    }

    /// The people a request names on screen, of the types it is asked of.
    private func people(_ named: [Candidate], of request: SearchQuery) -> [Candidate] {
        named.filter { person in
            request.types.isEmpty || person.record.map { request.types.contains($0.summary.identifier.type) } ?? false
        }
    }

    /// The entity a pointer points at when it is not of the types the request
    /// names (the focused one, or the only one shown): its document and name
    /// words — or, for what has no name (a message), when `orTitle`, the words of its title.
    private func subject(of screen: ScreenContext, outside types: [EntityType], orTitle: Bool = false) throws -> (UInt32, [String])? {
        guard let shown = screen.focused ?? (screen.visible.count == 1 ? screen.visible.first : nil),
              !types.contains(shown.type),
              let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: shown))
        else { return nil }
        if let words = try reader.record(of: shown)?.names.first?.words, !words.isEmpty { return (documentID, words) }
        return orTitle ? try titleWords(of: shown) : nil
    }

    /// "Which meeting is he asking about" over a chat with nothing focused: the
    /// things shown that may do the mentioning — not of the types asked, not
    /// people, not what holds others (the chat itself) — with the words of
    /// their titles (a message's body); none when more than `mentionersShown` are.
    private func mentioners(on screen: ScreenContext, outside types: [EntityType]) throws -> [(UInt32, [String])] {
        let shown = screen.visible.filter { identifier in
            !types.contains(identifier.type) && !grammar.personTypes.contains(identifier.type)
                && grammar.timedReferrers[identifier.type] == nil
        }
        guard shown.count <= Self.mentionersShown else { return [] }
        return try shown.compactMap(titleWords(of:))
    }

    /// An entity's document and the words of its title that say something in
    /// any language: no word of the grammar's, no function word of another's.
    private func titleWords(of identifier: EntityIdentifier) throws -> (UInt32, [String])? {
        guard let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: identifier)),
              let entity = try reader.storedEntity(identifier), let schema = grammar.schemas.schema(for: identifier.type),
              let title = entity.properties[schema.titleProperty]?.stringValue else { return nil }
        let words = try normalizedWords(in: title).filter { word in
            !grammar.vocabulary.ignored.contains(word) && word.contains(where: \.isLetter)
                && (configuration.lexicon.flatMap { lexicon in lexicon.id(of: word).map(lexicon.carriesMeaning) } ?? true)
        }
        return words.isEmpty ? nil : (documentID, words)
    }

    /// The most things shown whose words say what they mention (`mentioners(on:outside:)`).
    static let mentionersShown = 3

    /// A time with an order, keeping what else it says.
    private func ordered(_ time: RequestTime?, by order: RequestTime.Order) -> RequestTime {
        var ordered = time ?? RequestTime(words: [])
        ordered.order = order
        return ordered
    }

    /// An entity a request places another beside ("after the crew lunch"):
    /// its document, the occurrence that counts, how long it lasts, and its type.
    private struct AnchorEntity {
        var documentID: UInt32
        var moment: Double
        var duration: Double
        var type: EntityType
    }

    /// The most entities an anchor may stand for when it names none surely.
    static let anchorAlternatives = 3

    /// The entities an anchor names ("the crew lunch tomorrow"): the one it
    /// resolves to (sure), else those that account for it about as well as
    /// the best, best first, up to `anchorAlternatives`; and what its words
    /// say, when they name nothing at any time.
    private func anchorEntities(_ anchor: RequestInterpretation.Anchor, of request: SearchQuery,
                                clock: RequestClock) throws -> (anchors: [AnchorEntity], isSure: Bool, said: RequestInterpretation?) {
        var anchorRequest = request
        anchorRequest.text = anchor.words.joined(separator: " ")
        anchorRequest.reportsMatches = true  // what an anchor holds decides whether it leads
        // "The day after Hannah's reading" is after what is planned to take place: the reading, not a mail about it.
        if anchor.unit != nil, request.types.isEmpty { anchorRequest.types = grammar.scheduledTypes }
        var interpretation = try parser(clock).interpret(anchorRequest.text, types: anchorRequest.types)
        if anchorRequest.types.isEmpty, interpretation.types.isEmpty {
            // Unless its words say a type ("after Mum's email"), what comes before or after takes place: "anything
            // before lunch today" is before a lunch planned, not before a note that mentions lunch.
            anchorRequest.types = grammar.scheduledTypes
            interpretation.types = grammar.scheduledTypes.sorted()
        }
        let search = RequestSearch(reader: reader, configuration: configuration, grammar: grammar, request: anchorRequest,
                                   interpretation: interpretation, clock: clock, anchor: clock.now.timeIntervalSince1970)
        // The anchor is what its words say, time included ("the crew lunch tomorrow"), unless they are a whole name.
        var fitting = try search.candidates().candidates.filter { $0.passesFilter || $0.rawNameScore == NameScoring.exact }
        // "what's after lunch" over a day's events: the lunch shown.
        if let context = request.context { try raise(&fitting, by: context) }
        let ranked = try shown(fitting, limit: Self.anchorAlternatives)
        func entity(_ result: SearchResult) throws -> AnchorEntity? {
            guard let time = try reader.record(of: result.identifier)?.time?.stepping(on: clock.calendar),
                  let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: result.identifier))
            else { return nil }
            let moment = result.occurrence?.timeIntervalSince1970
                ?? time.firstOccurrence(from: clock.now.timeIntervalSince1970, to: nil) ?? time.start
            return AnchorEntity(documentID: documentID, moment: moment, duration: time.duration, type: result.identifier.type)
        }
        func found() throws -> (anchors: [AnchorEntity], isSure: Bool) {
            guard let best = ranked.first else { return ([], false) }
            // The anchor is what is called so ("after the heater checkout"), even when others mention it.
            func nameScore(_ result: SearchResult) throws -> Double {
                try reader.record(of: result.identifier).flatMap { NameScoring.best(query: interpretation.contentWords, names: $0.names)?.score } ?? 0
            }
            let bestName = try nameScore(best), secondName = ranked.count < 2 ? 0 : try nameScore(ranked[1])
            let named = bestName >= NameScoring.prefix && secondName < bestName - Resolution.ambiguityMargin
            if Resolution(ranked: Array(ranked.prefix(2))).status == .resolved || named {
                return (try entity(best).map { [$0] } ?? [], true)
            }
            // Each accounts for what the anchor says, as a resolved one would, but none leads.
            let alike = ranked.filter { Resolution.accountsForRequest($0.score) && $0.score >= best.score - Resolution.ambiguityMargin }
            if alike.isEmpty, best.score >= Resolution.minimumScore, !best.matched.isEmpty,
               ranked.count < 2 || ranked[1].score < best.score - Resolution.ambiguityMargin {
                // None accounts for it, but one clearly leads by what it holds, not only by the time it falls in
                // ("Hannah's reading" for her "Lesung"): that one, unsure.
                return (try entity(best).map { [$0] } ?? [], false)
            }
            return (try alike.compactMap(entity), false)
        }
        let (anchors, isSure) = try found()
        guard anchors.isEmpty else { return (anchors, isSure, interpretation) }
        // What the anchor's words name at another time ("after the crew lunch tomorrow", none tomorrow) has nothing
        // beside it; words that name nothing at any time say what is wanted.
        var untimed = search
        untimed.interpretation.time = nil
        let namesSomething = try shown(untimed.candidates().candidates, limit: 1).first.map { Resolution.accountsForRequest($0.score) } ?? false
        return ([], false, namesSomething ? nil : interpretation)
    }

    /// How well the focused entity's name words must fit another's name for
    /// it to be of the same kind ("the one after that"): about two words of three.
    static let alikeNameFit = 0.5

    /// Names and text ranked by relevance, without reading the request: a
    /// document search (`understandsRequest` off).
    private func resolvePlainly(_ request: SearchQuery) throws -> Resolution {
        let filter = try EntityFilter(types: Array(request.types), ranges: request.ranges, anchor: request.now.timeIntervalSince1970,
                                      schemas: configuration.schemas,
                                      clock: RequestClock(request, vocabulary: grammar.vocabulary)).query()
        let text = TextResolver(reader: reader, configuration: configuration)
        var plan = try text.plan(for: request.text, usesMeaning: false)
        var found: [UInt32: Candidate] = [:]
        func add(_ candidates: [Candidate]) {
            for candidate in candidates {
                found[candidate.documentID!, default: candidate].merge(candidate)
            }
        }
        if plan.words.isEmpty && plan.exact.isEmpty {
            if let filter {
                let matches = try reader.database.search(try filter.scaled(by: 0), limit: request.limit)
                add((0..<matches.count).map { Candidate(documentID: matches.documentID(at: $0), score: 1) })
            }
        } else {
            let names = NameResolver(reader: reader)
            let matchesNames = request.property == nil && request.matchesNames
            // Names are indexed without possessive endings ("Amma's Birthday" is "amma birthday").
            let nameWords = plan.words.map { grammar.vocabulary.possessiveEndings.stripping($0.word).word }
            let named = matchesNames ? try names.wholeNameCandidates(for: nameWords, filter: filter) : []
            add(named)
            // Words that are exactly some entity's whole name: other entities
            // must hold every one of them (they rank below it anyway), which
            // spares searching for each word alone — and guessing at meaning.
            plan.requiresAllWords = !named.isEmpty
            if request.usesMeaning, !plan.requiresAllWords { try text.addMeaning(to: &plan) }
            if matchesNames {
                add(try names.candidates(for: nameWords, filter: filter, requiringAll: plan.requiresAllWords))
            }
            // Alone, text needs no more matches than it shows; merged with names, a few more.
            let pool = matchesNames ? max(request.limit, RequestSearch.poolSize) : request.limit
            add(try text.candidates(for: plan, property: request.property, filter: filter, limit: pool))
        }
        var ranked = found.values.sorted { $0.documentID! < $1.documentID! }
        if let context = request.context { try raise(&ranked, by: context) }
        ranked += fallbackCandidates(for: request)
        return Resolution(ranked: try shown(ranked, limit: request.limit, matching: request.reportsMatches ? (plan, text) : nil))
    }

    /// The words of a text when they are some entity's whole name, else nil.
    /// The candidates that could be resolved on, of a type whose property the
    /// request asks the value of, that hold no value of it.
    private func lackingAskedValue(_ candidates: [Candidate], asked: [RequestInterpretation.PropertyPath]) throws -> Set<UInt32> {
        guard !asked.isEmpty else { return [] }
        let likely = candidates.filter { $0.score >= Resolution.unsureScore }.compactMap(\.documentID)
        var lacking: Set<UInt32> = []
        for (documentID, stored) in zip(likely, try reader.database.values(inSlot: IndexLayout.entitySlot, ofDocuments: likely))
        where !stored.isEmpty {
            let entity = try Entity(storedData: stored)
            let paths = asked.filter { $0.type == entity.type }
            let holds = paths.contains { path in
                guard let top = path.path.split(separator: ".").first.map(String.init), let value = entity.properties[top] else { return false }
                return value != .null
            }
            if !paths.isEmpty, !holds { lacking.insert(documentID) }
        }
        return lacking
    }

    private func wholeName(_ text: String) throws -> [String]? {
        let words = try normalizedWords(in: text)
        guard let term = IndexLayout.wholeNameTerm(words), try reader.database.termFrequency(term) > 0 else { return nil }
        return words
    }

    /// The caller's own candidates for the request's text (`fallbackFound`), of its types.
    private func fallbackCandidates(for request: SearchQuery) -> [Candidate] {
        fallbackFound
            .filter { request.types.isEmpty || request.types.contains($0.identifier.type) }
            .map(Candidate.init(fallback:))
    }

    /// The best candidates as results: summaries read, duplicates (an entity
    /// both indexed and from the fallback) merged, and (given a plan) the
    /// properties its words matched found.
    private func shown(_ candidates: [Candidate], limit: Int,
                       matching: (plan: TextResolver.Plan, text: TextResolver)? = nil) throws -> [SearchResult] {
        // Best first; ties on screen first (a raised score may meet the cap of 1), then in the order
        // given (index order, or time for a request with an order), fallback entities after.
        func shownFirst(_ candidate: Candidate) -> Int { Resolution.isOnScreen(matched: candidate.matched) ? 0 : 1 }
        var ranked = candidates.enumerated().sorted {
            if Self.differ($0.element.score, $1.element.score) { return $0.element.score > $1.element.score }
            return (shownFirst($0.element), $0.offset) < (shownFirst($1.element), $1.offset)
        }.map(\.element)[...]
        // Those likely shown are read in one pass; one a duplicate or deleted leaves room for the next, read alone.
        try Candidate.readRecords(of: &ranked[..<min(limit, ranked.count)], from: reader.database)
        var shown: [Candidate] = []
        var positions: [EntityIdentifier: Int] = [:]
        for var candidate in ranked {
            guard shown.count < limit else { break }
            try candidate.readSummary(from: reader.database)
            guard let identifier = candidate.identifier else { continue }  // deleted meanwhile
            if let position = positions[identifier] {
                shown[position].merge(candidate)
            } else {
                positions[identifier] = shown.count
                shown.append(candidate)
            }
        }
        if let (plan, text) = matching, !(plan.words.isEmpty && plan.exact.isEmpty) {
            for (index, paths) in try text.matchedProperties(of: shown, plan: plan).enumerated() {
                for path in paths where !shown[index].matched.contains(path) { shown[index].matched.append(path) }
            }
        }
        // Merging a fallback finding may raise a score: re-sort, keeping ties in order.
        return shown.enumerated().sorted {
            Self.differ($0.element.score, $1.element.score) ? $0.element.score > $1.element.score : $0.offset < $1.offset
        }
            .compactMap(\.element.result)
    }

    /// Raises entities on screen, so that when the words fit them about as well
    /// as others they come first.
    private func raise(_ candidates: inout [Candidate], by context: ScreenContext) throws {
        var boosts: [UInt32: (Double, String)] = [:]
        for visible in Set(context.visible) where visible != context.focused {
            if let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: visible)) {
                boosts[documentID] = (Resolution.screenBoost, "visible")
            }
        }
        if let focused = context.focused, let documentID = try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: focused)) {
            boosts[documentID] = (Resolution.focusBoost, "focused")
        }
        for index in candidates.indices {
            guard let documentID = candidates[index].documentID, let (boost, label) = boosts[documentID],
                  candidates[index].score > 0 else { continue }
            candidates[index].score = min(1, candidates[index].score + boost)
            candidates[index].matched.append(label)
        }
    }
}
