import Foundation

/// Resolves a request that points at the screen — "this", "it", "these",
/// "she", "the third photo from Amara", "the 8 am one", "the message in
/// Japanese" — among the visible entities that fit everything else it says:
/// types, property values, flags, language, time and words. With nothing on
/// screen, or nothing there that fits, there is no answer: never a guess from text.
struct ScreenResolver {
    let reader: IndexReader
    let configuration: IndexConfiguration
    let grammar: RequestGrammar
    let interpretation: RequestInterpretation
    let clock: RequestClock

    /// The entities the reference picks, in screen order; several for a
    /// plural reference or when a pointer fits more than one.
    func resolve(_ kind: RequestInterpretation.Reference.Kind, on screen: ScreenContext) throws -> [Candidate] {
        var fitting = try self.fitting(try shown(on: screen), kind: kind)
        if interpretation.cues.contains(where: \.isOnScreen) {
            // "his last message": pick among what refers to each person the screen is about.
            let matcher = CueMatcher(reader: reader, grammar: grammar, stemmer: reader.stemmers.stemmer(for: configuration.defaultLanguage))
            var picked: [Candidate] = []
            for person in try people(on: screen) {
                guard let entity = try reader.storedEntity(person), let query = try matcher.match(possessiveOf: entity).query() else { continue }
                let theirs = try reader.passing(fitting, query)
                picked += pick(kind, from: fitting.filter { theirs.contains($0.documentID!) })
            }
            return picked.uniqued(by: \.documentID)
        }
        if kind == .person, saidToPeople {
            // "text her", "call him": a person, or what someone sent (texting her back over her message) —
            // never a thing no one is from (an event she is invited to): then the people in it.
            fitting = try fitting.filter { candidate in
                guard let identifier = candidate.record?.summary.identifier else { return false }
                if grammar.personTypes.contains(identifier.type) { return true }
                return !(try peopleByTier(referredToBy: identifier).first ?? []).isEmpty
            }
        }
        if fitting.isEmpty, kind != .person, !interpretation.types.isEmpty, interpretation.types.allSatisfy(grammar.personTypes.contains) {
            // "call the fourth one" over a list of chats: the person the one so picked is with or from.
            var any = interpretation
            any.types = []
            let picked = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar, interpretation: any, clock: clock)
                .resolve(kind, on: screen)
            guard picked.count == 1, let identifier = picked[0].record?.summary.identifier else { return [] }
            return try candidates(for: people(on: ScreenContext(visible: [identifier], focused: identifier)))
        }
        if kind == .person, fitting.isEmpty {
            // "what's her number" over her mail: the person the entity shown is from, of the types asked.
            let asked = try people(on: screen).filter { interpretation.types.isEmpty || interpretation.types.contains($0.type) }
            fitting = try candidates(for: asked)
        }
        return pick(kind, from: fitting)
    }

    /// Whether the words left name one person, not a property, and nothing
    /// else says who ("call the guy in this event", not "the guy from the régie").
    var namesSomeone: Bool {
        interpretation.cues.isEmpty && !interpretation.contentWords.isEmpty
            && interpretation.contentWords.allSatisfy(grammar.vocabulary.someone.contains)
    }

    /// The candidate that begins or was sent last (first, with `earliest`), of those with a time.
    private static func newest(of candidates: [Candidate], earliest: Bool = false) -> Candidate? {
        let timed = candidates.compactMap { candidate in (candidate.occurrence ?? candidate.record?.time?.start).map { (candidate, $0) } }
        return timed.max { earliest ? $0.1 > $1.1 : $0.1 < $1.1 }?.0
    }

    /// Whether a candidate is a person.
    private func isPerson(_ candidate: Candidate) -> Bool {
        candidate.record.map { grammar.personTypes.contains($0.summary.identifier.type) } ?? false
    }

    /// Whether the request's command is said to people ("text", "email",
    /// "call": its recipient comes first), not done to things ("reply", "open").
    private var saidToPeople: Bool {
        grammar.vocabulary.entry(of: interpretation.command)?.recipientFirst ?? false
    }

    /// Whether the request's command answers what someone sent ("reply", "réponds").
    private var answers: Bool {
        grammar.vocabulary.entry(of: interpretation.command)?.answersAuthor ?? false
    }

    /// "email the people in this event", "email the attendees of this",
    /// "message everyone on this": when a command said to people, to no one
    /// named, is said of entities shown that are not people (those picked;
    /// none fitting the types a command implies, the focused or only one
    /// shown), and the words left are the name of a property of theirs that
    /// holds people, those people (`people(in:)`) — or all they refer to, for
    /// everyone or someone ("the guy in this event"); nil otherwise.
    func peopleNamed(in picked: [Candidate], on screen: ScreenContext) throws -> [Candidate]? {
        guard saidToPeople, !(interpretation.command?.arguments.contains { $0.role == "recipient" } ?? false),
              !interpretation.contentWords.isEmpty
        else { return nil }
        let pointedAt = picked.isEmpty
            ? try describedApartFromPeople(on: screen)
                ?? [screen.focused ?? (screen.visible.count == 1 ? screen.visible.first : nil)].compactMap { $0 }
            : picked.compactMap { $0.identifier ?? $0.record?.identifier }
        guard !pointedAt.isEmpty else { return nil }
        var people: [EntityIdentifier] = []
        for identifier in pointedAt {
            guard !grammar.personTypes.contains(identifier.type), let schema = grammar.schemas.schema(for: identifier.type),
                  let entity = try reader.storedEntity(identifier) else { return nil }
            if interpretation.contentWords.allSatisfy(grammar.vocabulary.everyone.contains) || namesSomeone {
                // "everyone on this": all it refers to, but the one speaking; "the guy in this event": one of them.
                let everyone = try peopleByTier(referredToBy: identifier).last ?? []
                let speaker = try speaker(among: everyone)
                people += everyone.filter { $0 != speaker }
                continue
            }
            let named = schema.properties.filter { property in
                property.words.names.contains { (try? normalizedWords(in: $0)) == interpretation.contentWords }
            }
            guard !named.isEmpty else { return nil }
            people += try named.flatMap { try self.people(in: entity.properties[$0.name], kind: $0.kind, searchability: $0.searchability) }
        }
        return try candidates(for: people.uniqued)
    }

    /// "the 4 pm one" in "email the woman in the 4 pm one": what a described
    /// reference picks among what is shown of any type, when it picks one;
    /// the words left name the people in it, not what is picked.
    private func describedApartFromPeople(on screen: ScreenContext) throws -> [EntityIdentifier]? {
        guard let reference = interpretation.reference, reference.isDescribed else { return nil }
        var described = interpretation
        described.types = []
        described.contentWords = []
        let picked = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar, interpretation: described, clock: clock)
            .resolve(reference.kind, on: screen)
        guard picked.count == 1, let identifier = picked[0].record?.summary.identifier else { return nil }
        return [identifier]
    }

    /// People the screen is about as candidates that fit fully, read from the
    /// index (those it no longer holds left out).
    private func candidates(for people: [EntityIdentifier]) throws -> [Candidate] {
        var candidates = try people.compactMap { person in
            try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: person)).map { Candidate(documentID: $0, score: 1, matched: ["visible"]) }
        }
        try Candidate.readRecords(of: &candidates, from: reader.database)
        return candidates
    }

    /// "the message before this" over a chat: of what is shown and fits, the
    /// nearest before (or after) the focused entity in time — with nothing
    /// focused, before (or after) now ("the previous one" over a day of
    /// events), or, for a comparative, the first (or last) of what is shown
    /// ("the earlier one" of two messages); nil when none is.
    func beside(_ order: RequestTime.Order, on screen: ScreenContext) throws -> Candidate? {
        let shown = try resolve(.plural, on: screen)
        func isFocused(_ candidate: Candidate) -> Bool { candidate.matched.first == "focused" }
        // The focused one places what is beside it, even when it is not what is asked for: "what did I say
        // right before this" over their message.
        if let focused = try shown.first(where: isFocused) ?? self.shown(on: screen).first(where: isFocused) {
            if interpretation.reference?.words.contains(where: { grammar.vocabulary.relatives.contains(in: [$0], at: 0) }) ?? false {
                // "next one", "the previous mail": the list is gone through as it is shown (an inbox newest first).
                return place(focused, on: screen).flatMap { nearestInList(below: order == .next, $0, among: shown, on: screen) }
            }
            let moment = screenMoment(of: shown)
            return shownTime(of: focused, near: moment).flatMap {
                nearest(order, to: $0, among: shown.filter { $0.documentID != focused.documentID }, near: moment)
            }
        }
        guard screen.focused == nil else { return nil }
        if interpretation.reference?.words.contains(where: grammar.vocabulary.comparatives.contains) ?? false {
            let moment = screenMoment(of: shown)
            return order == .previous ? nearest(.next, to: -.infinity, among: shown, near: moment)
                : nearest(.previous, to: .infinity, among: shown, near: moment)
        }
        return nearest(order, to: clock.now.timeIntervalSince1970, among: shown, near: screenMoment(of: shown))
    }

    /// "the one after the hiring debrief" over a day's events: of what is
    /// shown and fits, the nearest after (or before) in time the one shown that
    /// the anchor's words name, when they name one alone; for an anchor on
    /// screen ("the one under the vet questions"), the nearest below (or above)
    /// it in screen order; nil otherwise.
    func beside(_ anchor: RequestInterpretation.Anchor, on screen: ScreenContext) throws -> Candidate? {
        // The one named is named by the anchor's words alone, of any type ("the reminder after the swim"):
        // what else the request says is said of what it asks for. A time said with them ("after gym today")
        // is the day shown, no word of the name.
        let words = anchor.words.filter { !grammar.vocabulary.articles.contains($0) && !grammar.vocabulary.time.spoken.contains($0) }
        guard !words.isEmpty else { return nil }
        let naming = RequestInterpretation(contentWords: words)
        let named = try ScreenResolver(reader: reader, configuration: configuration, grammar: grammar, interpretation: naming, clock: clock)
            .fitting(try shown(on: screen), kind: .pointer).filter { $0.score >= 1 }
        let shown = try resolve(.plural, on: screen)
        if anchor.isOnScreen {
            // "the one just under the vet questions": the nearest below (or above) it, as the list is shown.
            guard named.count == 1, let pivot = place(named[0], on: screen) else { return nil }
            return nearestInList(below: anchor.relation == .after, pivot, among: shown, on: screen)
        }
        let moment = screenMoment(of: shown)
        guard named.count == 1, let pivot = shownTime(of: named[0], near: moment) else { return nil }
        return nearest(anchor.relation == .after ? .next : .previous, to: pivot,
                       among: shown.filter { $0.documentID != named[0].documentID }, near: moment)
    }

    /// Where a candidate is in the list shown.
    private func place(_ candidate: Candidate, on screen: ScreenContext) -> Int? {
        candidate.record.flatMap { screen.shown.firstIndex(of: $0.summary.identifier) }
    }

    /// Of some candidates, the nearest below (or above) a place in the list shown.
    private func nearestInList(below: Bool, _ pivot: Int, among candidates: [Candidate], on screen: ScreenContext) -> Candidate? {
        let side = candidates.compactMap { candidate in
            place(candidate, on: screen).flatMap { (below ? $0 > pivot : $0 < pivot) ? (candidate, $0) : nil }
        }
        return (below ? side.min { $0.1 < $1.1 } : side.max { $0.1 < $1.1 })?.0
    }

    /// Of some candidates, the nearest before (for `.previous`) or after a moment.
    private func nearest(_ order: RequestTime.Order, to pivotTime: Double, among candidates: [Candidate],
                         near moment: Double) -> Candidate? {
        let before = order == .previous
        let side: [(candidate: Candidate, time: Double)] = candidates.compactMap { candidate in
            guard let time = shownTime(of: candidate, near: moment), before ? time < pivotTime : time > pivotTime else { return nil }
            return (candidate, time)
        }
        return (before ? side.max { $0.time < $1.time } : side.min { $0.time < $1.time })?.candidate
    }

    /// The moment a screen shows: the middle of what is shown that happens
    /// once (a day's agenda shows that day), or now when all of it recurs.
    private func screenMoment(of shown: [Candidate]) -> Double {
        let once = startsOfWhatHappensOnce(shown)
        return once.isEmpty ? clock.now.timeIntervalSince1970 : once[once.count / 2]
    }

    /// When what is shown and does not recur begins, earliest first.
    private func startsOfWhatHappensOnce(_ shown: [Candidate]) -> [Double] {
        shown.compactMap(\.record?.time).filter { $0.recurrence == nil }.map(\.start).sorted()
    }

    /// "The one with Ah Ma on Tuesday" over next week's agenda: a weekday said of what is shown is that day
    /// of the week shown, when what happens once there spans no more than a week and not the day said.
    private func inWeekShown(_ time: RequestTime, by shown: [Candidate]) -> RequestTime {
        let day = 86_400.0, week = 7 * day
        let once = startsOfWhatHappensOnce(shown)
        // A day, one with a clock change included.
        guard let from = time.from, let to = time.to, to.timeIntervalSince(from) <= day + 3_600,
              let first = once.first, let last = once.last, last - first < week,
              time.words.indices.contains(where: { grammar.vocabulary.time.weekdays.contains(in: time.words, at: $0) }) else { return time }
        let calendar = clock.calendar
        let shownDays = calendar.startOfDay(for: Date(timeIntervalSince1970: first))..<calendar.startOfDay(for: Date(timeIntervalSince1970: last + day))
        let weeks = Int((((first + last) / 2 - from.timeIntervalSince1970) / week).rounded())
        guard !shownDays.contains(from), weeks != 0,
              let shiftedFrom = calendar.date(byAdding: .weekOfYear, value: weeks, to: from),
              let shiftedTo = calendar.date(byAdding: .weekOfYear, value: weeks, to: to), shownDays.contains(shiftedFrom) else { return time }
        var shifted = time
        shifted.from = shiftedFrom
        shifted.to = shiftedTo
        return shifted
    }

    /// When a shown entity happens as shown: for one that recurs (a weekly
    /// swim on a day's agenda), its occurrence nearest the screen's moment.
    private func shownTime(of candidate: Candidate, near moment: Double) -> Double? {
        guard let time = candidate.record?.time?.stepping(on: clock.calendar) else { return nil }
        guard time.recurrence != nil else { return time.start }
        let occurrences = [time.lastOccurrence(atOrBefore: moment), time.firstOccurrence(from: moment, to: nil)].compactMap { $0 }
        return occurrences.min { abs($0 - moment) < abs($1 - moment) }
    }

    /// What a kind of reference picks among the entities that fit, in screen order.
    private func pick(_ kind: RequestInterpretation.Reference.Kind, from fitting: [Candidate]) -> [Candidate] {
        switch kind {
        case .plural:
            // "both": when more fit, those that fit best, if they are as many as said.
            guard let count = interpretation.reference?.count, fitting.count > count,
                  let best = fitting.map(\.score).max() else { return fitting }
            let fitBest = fitting.filter { $0.score >= best }
            return fitBest.count == count ? fitBest : fitting
        case .position(0):
            // "the middle one": of an even count, the two in the middle, unsure.
            guard !fitting.isEmpty else { return [] }
            return Array(fitting[(fitting.count - 1) / 2...fitting.count / 2])
        case .position(let position):
            let index = position > 0 ? position - 1 : fitting.count + position
            return fitting.indices.contains(index) ? [fitting[index]] : []
        case .pointer where interpretation.time?.order == .latest || interpretation.time?.order == .earliest:
            // "the newest one": the latest of what fits, whichever is focused.
            return Self.newest(of: fitting, earliest: interpretation.time?.order == .earliest).map { [$0] } ?? []
        case .person where (saidToPeople || answers && !fitting.contains { $0.matched.first == "focused" })
            && fitting.count > 1 && !fitting.contains(where: isPerson):
            // "text her back" over her messages: her last one is answered, whichever is focused; "reply to him"
            // answers the one open, or with none open his last one.
            return Self.newest(of: fitting).map { [$0] } ?? fitting
        case .pointer, .person, .relative:
            return fitting.first { $0.matched.first == "focused" }.map { [$0] } ?? fitting
        case .span(let count):
            // "the first two": that many, or nothing when fewer fit.
            guard fitting.count >= abs(count) else { return [] }
            return count > 0 ? Array(fitting.prefix(count)) : Array(fitting.suffix(-count))
        case .shown(let offset):
            // "the one above": beside the focused one, among what fits, in screen order.
            guard let focused = fitting.firstIndex(where: { $0.matched.first == "focused" }) else { return [] }
            return fitting.indices.contains(focused + offset) ? [fitting[focused + offset]] : []
        case .other, .others:
            return fitting.filter { $0.matched.first != "focused" }
        }
    }

    /// The people the screen is about: those shown (the focused one first),
    /// else those the focused entity — or the only one shown — is from, by or
    /// with, in the order of the vocabulary's possessive cues, else any it refers to.
    func people(on screen: ScreenContext) throws -> [EntityIdentifier] {
        let shown = screen.shown
        if let focused = screen.focused, grammar.personTypes.contains(focused.type) { return [focused] }
        let visiblePeople = shown.filter { grammar.personTypes.contains($0.type) }
        if !visiblePeople.isEmpty { return visiblePeople }
        // The focused entity's people, or those of everything shown (a chat's senders).
        let subjects = screen.focused.map { [$0] } ?? shown
        let tiers = try subjects.map(peopleByTier(referredToBy:))
        let everyone = tiers.flatMap { $0.flatMap { $0 } }.uniqued
        let speaker = try speaker(among: everyone)
        // The first tier that names someone besides the speaker: the sender before the recipients.
        for depth in 0..<(tiers.map(\.count).max() ?? 0) {
            let people = tiers.flatMap { $0.indices.contains(depth) ? $0[depth] : [] }.filter { $0 != speaker }.uniqued
            if !people.isEmpty { return people }
        }
        // Naming no one, the focused entity may say where it takes place, and who works there.
        guard let focused = screen.focused, let entity = try reader.storedEntity(focused),
              let schema = grammar.schemas.schema(for: entity.type) else { return [] }
        return try people(workingAt: entity, schema: schema)
    }

    /// The one the index belongs to, when it is among some people: "he" and
    /// "she" are never the speaker (`Speaker.mostReferredPerson`).
    private func speaker(among people: [EntityIdentifier]) throws -> EntityIdentifier? {
        guard people.count > 1, let owner = try Speaker.mostReferredPerson(reader: reader, grammar: grammar) else { return nil }
        return people.contains(owner) ? owner : nil
    }

    /// How many entities must fit for a reference to pick among them: as many
    /// as a position or a span counts ("the second one": two; "the middle one": one), else one.
    private static func fewestToPick(_ kind: RequestInterpretation.Reference.Kind) -> Int {
        switch kind {
        case .position(let position): max(abs(position), 1)
        case .span(let count): abs(count)
        default: 1
        }
    }

    /// The score of what is shown when none of it holds the words said about it.
    static let fitsInPart = 0.5

    /// The share of `fitsInPart` that how near in meaning such an entity is to
    /// the words decides: enough to order them, too little to resolve.
    static let inPartMeaningShare = 0.1

    /// The people an entity is from or by, then with or of, then any other it
    /// refers to: a tier each, in the order of the vocabulary's possessive cues.
    private func peopleByTier(referredToBy identifier: EntityIdentifier) throws -> [[EntityIdentifier]] {
        guard let entity = try reader.storedEntity(identifier), let schema = grammar.schemas.schema(for: entity.type) else { return [] }
        let cueWords = (grammar.vocabulary.possessiveMeans + grammar.vocabulary.possessiveMayMean).compactMap { try? normalizedWords(in: $0) }
        var tiers = cueWords.map { words in
            schema.properties.filter { property in property.words.cues.contains { (try? normalizedWords(in: $0)) == words } }
        }
        tiers.append(schema.properties)
        return try tiers.map { tier in
            try tier.flatMap { try people(in: entity.properties[$0.name], kind: $0.kind, searchability: $0.searchability) }
        }
    }

    /// The people who work where an entity takes place: those whose organization
    /// (a text property of a person type) the name of one of its places says
    /// whole ("call them" over the vet's appointment at Przychodnia Weterynaryjna
    /// Łapa: Marta, of that clinic).
    private func people(workingAt entity: Entity, schema: EntitySchema) throws -> [EntityIdentifier] {
        func holdsPlace(_ kind: ValueKind) -> Bool {
            switch kind {
            case .place: true
            case .oneOf(let kinds): kinds.contains(where: holdsPlace)
            default: false
            }
        }
        let names = schema.properties.filter { holdsPlace($0.kind) }.compactMap { property -> String? in
            switch entity.properties[property.name] {
            case .string(let text)?: text
            case .object(let fields)?: fields["name"]?.stringValue
            default: nil
            }
        }
        let placeWords = Set(try names.flatMap(normalizedWords(in:)).filter { !grammar.vocabulary.ignored.contains($0) })
        guard !placeWords.isEmpty else { return [] }
        let stemmer = reader.stemmers.stemmer(for: configuration.defaultLanguage)
        var found: [EntityIdentifier] = []
        for type in grammar.personTypes.sorted() {
            guard let personSchema = grammar.schemas.schema(for: type) else { continue }
            for property in personSchema.properties where property.searchability == .text {
                let prefix = IndexLayout.propertyPrefix(for: property.name)
                let terms = try placeWords.sorted().map { try Query.term(IndexLayout.stemmedTerm(try stemmer.stem($0), prefix: prefix)) }
                let query = try Query.combine(.filter, [try Query.combine(.or, terms), try Query.ofTypes([type])])
                for stored in try reader.database.search(query, limit: Self.workplaceMatches).values(inSlot: IndexLayout.entitySlot) {
                    guard !stored.isEmpty else { continue }  // deleted since it was found
                    let person = try Entity(storedData: stored)
                    guard let text = person.properties[property.name]?.stringValue else { continue }
                    let words = try normalizedWords(in: text).filter { !grammar.vocabulary.ignored.contains($0) }
                    if !words.isEmpty, words.allSatisfy(placeWords.contains), !found.contains(person.identifier) { found.append(person.identifier) }
                }
            }
        }
        return found
    }

    /// How many people whose organization shares a word with a place are read to find those it names whole.
    static let workplaceMatches = 10

    /// The people a property value refers to: references to people, and the
    /// people whose addresses or numbers it holds, in it or in its parts (an
    /// event's attendees, by their email, or by their whole name when they have none).
    private func people(in value: PropertyValue?, kind: ValueKind, searchability: Searchability) throws -> [EntityIdentifier] {
        switch (kind, value) {
        case (.array(let element), .array(let values)?):
            return try values.flatMap { try people(in: $0, kind: element, searchability: searchability) }
        case (.transient(let type), .object(let fields)?):
            guard let schema = grammar.schemas.schema(for: type) else { return [] }
            let byAddress = try schema.properties.flatMap { try people(in: fields[$0.name], kind: $0.kind, searchability: $0.searchability) }.uniqued
            guard byAddress.isEmpty else { return byAddress }
            // A part with a name and no address ("Carmen Puig Ferrer" among the attendees) is whoever has that whole name.
            return try schema.properties.filter { $0.searchability == .title }.compactMap { fields[$0.name]?.stringValue }.flatMap(people(named:))
        case (.reference(let type), let reference?) where grammar.personTypes.contains(type):
            return reference.referenceTarget.map { [$0] } ?? []
        case (.string, .string(let text)?) where searchability == .identifier:
            guard let exact = IndexLayout.exactValue(text) else { return [] }
            let query = try Query.combine(.filter, [try Query.term(IndexLayout.anyIdentifierPrefix + exact), try Query.ofTypes(grammar.personTypes)])
            let matches = try reader.database.search(query, limit: 2)
            return try matches.records().compactMap { $0?.summary.identifier }
        default:
            return []
        }
    }

    /// The people whose whole name a text is.
    private func people(named text: String) throws -> [EntityIdentifier] {
        try NameResolver(reader: reader).wholeNameCandidates(for: try normalizedWords(in: text), filter: try Query.ofTypes(grammar.personTypes),
                                                            limit: Self.sameNamed).compactMap { $0.record?.summary.identifier }
    }

    /// The most people of one whole name that a part naming them stands for.
    static let sameNamed = 2

    /// What is shown, in screen order, with its records read.
    private func shown(on screen: ScreenContext) throws -> [Candidate] {
        var shown: [Candidate] = try screen.shown.compactMap { identifier in
            try reader.database.documentID(uniqueTerm: IndexLayout.uniqueTerm(for: identifier)).map { documentID in
                Candidate(documentID: documentID, score: 1, matched: [identifier == screen.focused ? "focused" : "visible"])
            }
        }
        try Candidate.readRecords(of: &shown, from: reader.database)
        return shown
    }

    /// The candidates that fit what the request says besides the reference, in their order.
    private func fitting(_ candidates: [Candidate], kind: RequestInterpretation.Reference.Kind) throws -> [Candidate] {
        let documentIDs = candidates.compactMap(\.documentID)
        guard !documentIDs.isEmpty else { return [] }
        let matcher = CueMatcher(reader: reader, grammar: grammar, stemmer: reader.stemmers.stemmer(for: configuration.defaultLanguage))
        var contentWords = interpretation.contentWords
        var constraints: [Query] = []
        var strongConstraints: [Query] = []  // what a cue's value is, not what merely relates to it ("reply to Kelvin": from him, not copied to him)
        var someAreWeak = false
        var cueWords: [String] = []
        var cuesNameEntities = false
        var cueTypes: Set<EntityType> = []  // the types that have the properties of the cues that narrow
        let shownTypes = Set(candidates.compactMap { $0.record?.summary.identifier.type })
        for var cue in interpretation.cues where !cue.isOnScreen {
            // Only a cue the entities shown can hold narrows them ("the one from Amara");
            // any other was meant otherwise ("move the 8 am one to half eight").
            let properties = cue.properties.filter { shownTypes.contains($0.type) }
            if !cue.properties.isEmpty && properties.isEmpty {
                contentWords += cue.words
                continue
            }
            cue.properties = properties
            let match = try matcher.match(cue)
            contentWords += match.unusedWords
            if let query = try match.query() {
                constraints.append(query)
                strongConstraints.append(try match.strongQuery() ?? query)
                someAreWeak = someAreWeak || !match.weak.isEmpty
                cueWords += cue.words
                cuesNameEntities = cuesNameEntities || match.namesEntity
                cueTypes.formUnion(properties.map(\.type))
            } else {
                contentWords += cue.words
            }
        }
        let filter = EntityFilter(types: interpretation.types, time: interpretation.time.map { inWeekShown($0, by: candidates) },
                                  flags: interpretation.flags,
                                  languages: interpretation.languages,
                                  author: try interpretation.author.map { ($0, try Speaker(reader: reader, grammar: grammar)) },
                                  anchor: clock.now.timeIntervalSince1970,
                                  timeExtent: interpretation.time == nil ? nil : try reader.timeExtent(), schemas: grammar.schemas, clock: clock)
        var filterQuery = try filter.query()
        var passing = try reader.passing(candidates, try Query.all(strongConstraints + [filterQuery].compactMap { $0 }))
        if passing.isEmpty, someAreWeak {
            passing = try reader.passing(candidates, try Query.all(constraints + [filterQuery].compactMap { $0 }))
        }
        if passing.isEmpty, !interpretation.unmarkedLanguageWords.isEmpty {
            // "The Chinese one" where nothing shown is written in Chinese: the one about Chinese (the Chinese class).
            var unwritten = filter
            unwritten.languages = []
            filterQuery = try unwritten.query()
            contentWords += interpretation.unmarkedLanguageWords
            passing = try reader.passing(candidates, try Query.all(constraints + [filterQuery].compactMap { $0 }))
        }
        let valuesAsWords = passing.isEmpty && !cueWords.isEmpty
        if valuesAsWords {
            // No one shown holds the values ("the one with Chen in it" where no photo lists Chen among
            // its people): what says them may, so they are searched as words — and must be held when they
            // name someone or something the index holds; else ("the one with the dog") they only describe,
            // and what may be with anything (photos, not the mail shown beside them) fits.
            contentWords += cueWords
            let describable = cuesNameEntities ? nil : try Query.ofTypes(cueTypes)
            passing = try reader.passing(candidates, try Query.all([filterQuery, describable].compactMap { $0 }))
        }
        var fitting: [Candidate] = candidates.compactMap { candidate in
            guard passing.contains(candidate.documentID!),
                  let occurrence = filter.occurrence(of: candidate.record)
            else { return nil }
            var fitting = candidate
            fitting.occurrence = occurrence ?? nil
            return fitting
        }
        if filter.time != nil, fitting.count < candidates.count {
            fitting = try withThoseSayingTheTime(fitting, among: candidates, constraints: constraints, filter: filter)
        }
        if let goingOnFrom = filter.goingOnFrom, fitting.contains(where: { ($0.occurrence ?? goingOnFrom) >= goingOnFrom }) {
            // "the one at 10 on Tuesday": what begins then fits; what began before and is still going on, in part.
            fitting = fitting.map { ($0.occurrence ?? goingOnFrom) < goingOnFrom ? Self.inPart($0) : $0 }
        }
        let describes = interpretation.reference?.isDescribed ?? false
        func isActedOn(_ candidate: Candidate) -> Bool {
            candidate.record.map { interpretation.command?.actsOn.contains($0.summary.identifier.type) ?? false } ?? false
        }
        if describes, fitting.contains(where: isActedOn) {
            // "reply to Kevin's one" in his group's chat: of what fits, what the command acts on (his message, not
            // the chat focused).
            fitting.removeAll { !isActedOn($0) }
        }
        if !interpretation.excludedWords.isEmpty, !fitting.isEmpty {
            // "all of them except the candles": what holds the words left out is not wanted.
            let (excluded, _, _) = try holders(of: interpretation.excludedWords, among: fitting, identifiers: [])
            fitting.removeAll { excluded.contains($0.documentID!) }
        }
        if !contentWords.isEmpty, !fitting.isEmpty {
            // Words said about the entity pick among what fits ("this crew lunch", "the one about oxygen"),
            // unless too few of it hold them for the reference to pick from: then they were about something
            // else ("translate the one I have open", "who's the owner in the second one").
            let (holders, plan, mentions) = try holders(of: contentWords, among: fitting, identifiers: interpretation.identifiers)
            let holding = fitting.filter { holders.contains($0.documentID!) }
            if holding.count >= Self.fewestToPick(kind) || valuesAsWords && (cuesNameEntities || !holding.isEmpty) {
                // What only says a cue's value ("to Lucía" for "the one from Lucía") is offered, never resolved on.
                // "which of these are Levante invoices": those that say more of the words fit, the others in part.
                fitting = valuesAsWords ? holding.map(Self.inPart) : kind == .pointer || kind == .plural ? try ranked(holding, by: plan, mentions: mentions, words: contentWords) : holding
            } else if !(kind == .pointer && !describes && fitting.contains { $0.matched.first == "focused" }) {
                // Nothing shown holds the words: unless the focused entity is pointed at ("translate this",
                // not "the one where she mentions dinner"), what is shown fits only in part, what says
                // them in other words (in another language) first.
                fitting = inPart(fitting, nearestInMeaningTo: contentWords)
            }
        }
        return fitting
    }

    /// "La de abril", "the March one": a period may be what an entity says (the April invoice, sent in
    /// May) rather than when it is dated. When a shown entity that the time leaves out says the time's
    /// words, both readings stand: it joins those dated then, and all of them fit only in part.
    private func withThoseSayingTheTime(_ fitting: [Candidate], among candidates: [Candidate], constraints: [Query],
                                        filter: EntityFilter) throws -> [Candidate] {
        guard let time = interpretation.time, time.from != nil || time.to != nil else { return fitting }
        let words = time.words.filter { !grammar.vocabulary.ignored.contains($0) && $0.contains(where: \.isLetter) }
        guard !words.isEmpty else { return fitting }
        let dated = Set(fitting.compactMap(\.documentID))
        let left = candidates.filter { !dated.contains($0.documentID!) }
        var untimed = filter
        untimed.time = nil
        let passing = try reader.passing(left, try Query.all(constraints + [try untimed.query()].compactMap { $0 }))
        let unfiltered = left.filter { passing.contains($0.documentID!) }
        guard !unfiltered.isEmpty else { return fitting }
        // Said literally (not `holders(of:among:identifiers:)`): a neighbour in meaning is another period (marzo for abril).
        let text = TextResolver(reader: reader, configuration: configuration)
        let plan = try text.plan(forWords: words, exact: [], usesMeaning: false)
        let ids = try Query.indexed(byAnyOf: try reader.documents(of: unfiltered).map(\.uniqueTerm))
        let sayers = Set(try text.candidates(for: plan, property: nil, filter: ids, limit: unfiltered.count).compactMap(\.documentID))
        guard !sayers.isEmpty else { return fitting }
        return (fitting + unfiltered.filter { sayers.contains($0.documentID!) }).map(Self.inPart)
    }

    /// The documents among candidates that hold words: by name, by text, by what refers to someone a word
    /// names, or by a neighbour in meaning; the plan of the words searched, and the terms of what refers to
    /// someone, by the word that names them.
    private func holders(of words: [String], among candidates: [Candidate],
                         identifiers: [String]) throws -> (Set<UInt32>, TextResolver.Plan, mentions: [String: [String]]) {
        let ids = try Query.indexed(byAnyOf: try reader.documents(of: candidates).map(\.uniqueTerm))
        let text = TextResolver(reader: reader, configuration: configuration)
        var plan = try text.plan(forWords: words, exact: identifiers, usesMeaning: false)
        try text.addMeaning(to: &plan)
        // A word that names someone others refer to ("papa wanted something, which msg was that") is held by
        // what refers to them; what is near it in meaning is other names.
        let matcher = CueMatcher(reader: reader, grammar: grammar, stemmer: reader.stemmers.stemmer(for: configuration.defaultLanguage))
        var mentions: [String: [String]] = [:]
        for word in plan.searchedWords {
            let terms = try matcher.mentionTerms(forWord: word)
            mentions[word] = terms
            guard !terms.isEmpty else { continue }
            plan.mentionTerms += terms
            plan.entityNeighbours[word] = nil
        }
        let named = try NameResolver(reader: reader).candidates(for: words, filter: ids).compactMap(\.documentID)
        let said = try text.candidates(for: plan, property: nil, filter: ids, limit: candidates.count).compactMap(\.documentID)
        return (Set(named + said), plan, mentions)
    }

    /// "The Mariages Lyonnais one": among the shown entities that hold some of the words, those that
    /// account for the most of them fit; the others, holding less ("mariage" alone), fit only in part.
    private func ranked(_ holding: [Candidate], by plan: TextResolver.Plan, mentions: [String: [String]], words: [String]) throws -> [Candidate] {
        let coverage = try Coverage(reader: reader, plan: plan, mentions: mentions, cues: [], typeUnit: nil, askedTypes: [],
                                    vocabulary: grammar.vocabulary)
        let shares = try coverage.measure(holding).map(\.share)
        guard let best = shares.max() else { return holding }
        // Among those that say as much, what is called so comes first ("the Tomasz one": the sync with Tomasz,
        // not the debrief he attends).
        func isNamedSo(_ candidate: Candidate) -> Bool {
            (candidate.record?.names).flatMap { NameScoring.best(query: words, names: $0) }.map { $0.score > 0 } ?? false
        }
        let named = zip(holding, shares).contains { $1 >= best && isNamedSo($0) }
        return zip(holding, shares).map { candidate, share in
            share < best || named && !isNamedSo(candidate) ? Self.inPart(candidate) : candidate
        }
    }

    /// Candidates that fit only in part, none holding the words: scored up to
    /// `fitsInPart`, `inPartMeaningShare` of it by how near each one's meaning
    /// is to the words', so that "the running club one" over chats named in French puts
    /// the running club's first — never resolved on it.
    private func inPart(_ candidates: [Candidate], nearestInMeaningTo words: [String]) -> [Candidate] {
        guard let lexicon = configuration.lexicon, let meaning = MeaningVector(words: words, lexicon: lexicon) else {
            return candidates.map(Self.inPart)
        }
        return candidates.map { candidate in
            var candidate = candidate
            let vector = candidate.record.flatMap { MeaningVector(encoded: Array($0.meaning), dimensions: lexicon.dimensions) }
            let nearness = max(0, vector.map(meaning.cosine) ?? 0)
            candidate.score = Self.fitsInPart * (1 - Self.inPartMeaningShare * (1 - nearness))
            return candidate
        }
    }

    /// A candidate that fits only in part: scored `fitsInPart`.
    private static func inPart(_ candidate: Candidate) -> Candidate {
        var candidate = candidate
        candidate.score = fitsInPart
        return candidate
    }
}

extension Array {
    /// The elements without repeats of a key, in the order they first come.
    func uniqued<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var seen: Set<Key> = []
        return filter { seen.insert(key($0)).inserted }
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, in the order they first come.
    var uniqued: [Element] { uniqued { $0 } }
}
