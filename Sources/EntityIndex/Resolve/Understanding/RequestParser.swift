import Foundation

/// Reads a request the way a person says it — "text Amara back about it",
/// "the previous mail from Seán", "what's after the crew lunch tomorrow",
/// "are there any mails about the invoice" — into an interpretation, before
/// anything is searched. Each step takes the words it recognises; what no
/// step takes is searched for. Nothing here reads the index.
struct RequestParser {
    let grammar: RequestGrammar
    let clock: RequestClock
    /// The word of the grammar a word said misspells, if it does, as what the
    /// index and lexicon hold say (`IndexReader.grammarWord(misspelledAs:…)`);
    /// nil to take every word as said.
    var misspelledWord: ((String) throws -> String?)?
    /// The name a word said is the possessive of without its apostrophe
    /// ("selins": selin), as the index's names say
    /// (`IndexReader.name(possessiveWithoutApostrophe:personTypes:lexicon:)`); nil to read none so.
    var namePossessive: ((String) throws -> String?)?
    /// Whether a word said is a word of some entity's name, as it is written or
    /// misspelt (`IndexReader.misspellsName(_:lexicon:language:)`), as the index says; nil to take none so.
    var isNameWord: ((String) throws -> Bool)?
    /// Whether a word said is a word of some person's name, as the index says
    /// (`IndexReader.isWord(ofAPersonsName:personTypes:)`); nil to take none so.
    var isPersonNameWord: ((String) throws -> Bool)?

    var vocabulary: RequestVocabulary { grammar.vocabulary }
    typealias Interpretation = RequestInterpretation

    /// Whether a position comes after a topic marker ("about") in its clause,
    /// with only words not yet understood between them ("about training tomorrow").
    private func saysAfterTopicMarker(_ position: Int, in request: RequestWords) -> Bool {
        var index = position - 1
        while index >= 0, !request.clauseStarts.contains(index + 1), request.isUntaken(index) {
            if vocabulary.topicMarkers.contains(request.words[index]) { return true }
            index -= 1
        }
        return false
    }

    /// Whether a verb of saying or sending comes before a position ("what did
    /// mum say she's making this weekend"): a time ahead after it is what was said.
    private func saysWhatWasSaid(before position: Int, in request: RequestWords) -> Bool {
        (0..<position).contains { vocabulary.agentVerbs.contains(in: request.words, at: $0) }
    }

    /// Whether a time is a month said after an attribute marker and a word to
    /// find ("la factura de abril", "el alquiler de julio": what the thing is
    /// for), not after a type's noun ("correos de abril"); a day so said is
    /// when ("la cena del viernes").
    private func saysAttribute(_ said: [Int], in request: RequestWords) -> Bool {
        guard let position = said.first, position >= 2, vocabulary.attributeMarkers.contains(request.words[position - 1]),
              vocabulary.time.months.match(in: request.words, at: position)?.length == said.count else { return false }
        return isContent(at: position - 2, in: request) && !grammar.typeNames.contains(in: request.words, at: position - 2)
    }

    /// What a request says, its types narrowed to `requested` when given.
    func interpret(_ said: String, types requested: Set<EntityType>) throws -> RequestInterpretation {
        let text = Self.clockTimesSpelledOut(withoutHonorifics(said))
        var request = try words(of: text)
        var interpretation = Interpretation(contentWords: [])
        let (identifiers, numbers) = protectIdentifiers(in: text, &request)
        interpretation.identifiers = identifiers
        dropHonorificWords(&request)
        interpretation.misspellings = try correctMisspellings(&request)
        readCaseWords(&request)
        splitDayCompounds(&request)
        splitTypeCompounds(&request)
        splitWrittenAsOne(&request)
        try markPossessivesWithoutApostrophe(&request)
        try markOwnersBeforeLinks(&request)
        takeFillers(&request)
        joinSplitCommands(&request)
        moveLastCommandFirst(&request)
        moveLastQuestionFirst(&request)
        moveCommandSaidAfterObjectFirst(&request)
        // "the one about the flat, remind me to sign it tonight": a command may begin a later clause.
        var command = try takeCommand(&request)
        for start in request.clauseStarts.sorted().dropFirst() where command == nil && request.nextUntaken(from: start) == start {
            // After the clause's fillers: "the one after this got cancelled? just delete it".
            var first = start
            while let (length, _) = request.match(vocabulary.fillers, at: first) { first += length }
            command = try takeCommand(&request, from: first)
            if command != nil { request.take(start..<first) }
        }
        if var found = command, found.isForLater || found.acts {
            takeOffset(&request, into: &found.command, commandEnd: found.end)
            command = found
        }
        interpretation.command = command?.command
        interpretation.answersSomeoneNamed = command?.authorNamed ?? false
        if let command, !command.command.asksAbout.isEmpty { takeHappeningVerb(&request, after: command.end) }
        // "…, I've had the echo now", "…, that's all sorted now": what the speaker says they did, or says of it in a
        // clause of its own, is no time of what is wanted.
        let remarks = command.map { speakerRemarks(in: request, after: $0.end) + remarksAboutIt(in: request, after: $0.end) } ?? []
        // An anchor after the command, or anywhere when the command begins a later clause.
        let commandLater = command.map { found in request.clauseStarts.contains { $0 > 0 && $0 < found.end } } ?? false
        interpretation.anchor = takeAnchor(&request, after: commandLater ? 0 : command?.end ?? 0)

        // Past tense, or only what happened rather than was planned ("pics from Saturday"), speaks of the past —
        // unless what is asked is for later: "remind me to deal with this on Wednesday" in the mail.
        let speaksOfPast = vocabulary.speaksOfPast(request.words.indices.filter { !remarks.contains($0) }.map { request.words[$0] })
            || command?.isForLater != true && speaksOnlyOfWhatHappened(request, requested: requested)
        // "on first thing tomorrow": an ordinal before "thing" is the idiom, no date.
        var reader = TimeExpressionReader(words: vocabulary.time, clock: clock, tense: speaksOfPast ? .past : .either,
                                          isReferenceNoun: { isReferenceNoun(at: $0, in: $1) || $1.words.indices.contains($0)
                                                                 && vocabulary.oneAfterArticle.contains($1.words[$0]) })
        reader.isModifiedNoun = { isContent(at: $0, in: $1) && !vocabulary.time.spoken.contains($1.words[$0]) }
        for position in remarks { request.taken[position] = true }
        let beforeTime = request
        var time = reader.read(&request, dates: takeNumericDates(in: text, &request))
        for position in remarks { request.taken[position] = false }
        let said = request.words.indices.filter { request.taken[$0] && !beforeTime.taken[$0] }
        // Right after "about" (or "for"), or after it and an article ("about the July containers").
        func follows(_ markers: Set<String>, _ position: Int) -> Bool {
            let marker = position > 1 && vocabulary.articles.contains(request.words[position - 1]) ? position - 2 : position - 1
            return marker >= 0 && markers.contains(request.words[marker])
        }
        func followsTopicMarker(_ position: Int) -> Bool { follows(vocabulary.topicMarkers, position) }
        // "for the October walking group", "for May's book club", "for my Tuesday class": a month or a weekday said
        // of what something is for describes the word to find after it.
        func describesWord(_ said: [Int]) -> Bool {
            guard let first = said.first, let last = said.last, first > 0,
                  vocabulary.purposeMarkers.contains(request.words[first - 1]) && request.possessive[last]
                    || first > 1 && vocabulary.articles.contains(request.words[first - 1]) && vocabulary.purposeMarkers.contains(request.words[first - 2]),
                  (vocabulary.time.months.match(in: request.words, at: first) ?? vocabulary.time.weekdays.match(in: request.words, at: first))?
                    .length == said.count else { return false }
            return isContent(at: last + 1, in: request) && !grammar.typeNames.contains(in: request.words, at: last + 1)
        }
        // Whether the time said is what something is about, not when it is.
        func saysWhatItIsAbout(_ said: [Int]) -> Bool {
            guard let first = said.first else { return false }
            // "reply to Tomek about Saturday", "la factura de abril", "the numbers for the October walking group"
            if followsTopicMarker(first) || saysAttribute(said, in: beforeTime) || describesWord(said) { return true }
            // Of what was said before: "what did Marco say about the wind for Sunday" …
            let saidBefore = speaksOfPast || command?.authorNamed == true
            if saidBefore, first > 0, vocabulary.purposeMarkers.contains(request.words[first - 1]), saysAfterTopicMarker(first, in: beforeTime) {
                return true
            }
            // … and a time ahead: "what did the coach say about training tomorrow", "reply to Kenji about going to
            // Rokko on the 27th", "what food did mum say she's making this weekend"; an amount for later is stated
            // before it: "how much is the DAAD paying out in July".
            let ahead = time.time?.from.map { $0 > clock.now } ?? false
            if ahead, command?.command.asksAmount == true { return true }
            // What a command acts on that never lies ahead (a mail, a message) is about a time ahead: "réponds à
            // Claire pour le souper du 12 juin"; a person is found whatever the time ("call Mateo tomorrow": when).
            // So is a day it is for, ahead or not: "réponds à sa question pour le 27".
            if command?.isForLater != true, let acted = command?.command.actsOn, !acted.isEmpty,
               grammar.scheduledTypes.isDisjoint(with: acted), !Set(acted).isSubset(of: grammar.personTypes),
               ahead || follows(vocabulary.purposeMarkers, first) {
                return true
            }
            // After "about", ahead or not: "what did my brother say about taking Ah Ma to the hospital on the 15th".
            return saidBefore && (saysAfterTopicMarker(first, in: beforeTime) || ahead && saysWhatWasSaid(before: first, in: beforeTime))
        }
        if saysWhatItIsAbout(said) {
            request = beforeTime
            time = TimeExpressionReader.Reading()
        }
        interpretation.time = time.time
        if command?.acts == true, let now = time.time?.words, vocabulary.time.now.match(in: now, at: 0)?.length == now.count {
            // "delete the check-in mail, sure we're home now", "call him now": beside a command that does
            // something, now is when to do it, not when the entity is.
            interpretation.time = nil
        }
        // "email the woman in the 4 pm one": a time between an article and the noun describes what is meant.
        let describesReference = said.first.map { first in
            first > 0 && vocabulary.articles.contains(request.words[first - 1]) && isReferenceNoun(at: said.last! + 1, in: request)
        } ?? false
        if command?.isForLater == true || command?.recipientIsTarget == true, !describesReference, let said = time.time, said.order == nil,
           let moment = clock.firstMomentAhead(of: said) {
            // "remind me to answer this tomorrow", "remind me at 6", "remind me tonight" at 7 pm: when to
            // answer or be reminded, not when the message was sent; "call Mateo tomorrow": when to call him.
            interpretation.command?.arguments.append(.init(role: "time", words: said.words, date: moment))
            interpretation.time = nil
        }
        // A number that is no part of a time ("ends in 0143", not "march 9 2026") may be part of an identifier.
        // Digits written in groups ("ends in 11 90") are one number, searched whole, when no group was read as something else.
        for number in numbers {
            let positions = number.words.map { word in request.words.indices.first { request.words[$0] == word && request.isUntaken($0) } }
            guard positions.allSatisfy({ $0 != nil }) else { continue }
            interpretation.identifiers.append(number.digits)
            if number.words.count > 1 { for case let position? in positions { request.protected[position] = true } }
        }

        if let command, (command.end..<request.clauseEnd(after: command.end)).contains(where: { request.isFree($0) && pointsAtScreen(request, at: $0) }) {
            // Said of what the command's clause points at, a remark says nothing of which: "unflag it, I already
            // replied to him yesterday" (not him, nor what I wrote).
            for position in remarks where request.isFree(position) { request.take(position..<position + 1) }
        }
        var cues: [Interpretation.PropertyCue] = []
        interpretation.isMentionedByShown = takeMentionVerb(&request)
        let (reference, order) = takeReference(&request, cues: &cues)
        if let order {
            // "the latest message", "my next call with Arjun": an order in time.
            var ordered = interpretation.time ?? RequestTime(words: [])
            ordered.order = order.order
            ordered.words += order.words
            interpretation.time = ordered
        }
        // "the one after the staff meeting, move it": the anchor says which one; "it", in the
        // command's later clause, is that one.
        interpretation.reference = commandLater && interpretation.anchor != nil && reference?.kind == .pointer ? nil : reference
        if reference?.kind == .pointer, let pointer = reference?.words, pointer.count == 1, let said = request.protected.lastIndex(of: true),
           request.words.indices.contains(where: { $0 > said && request.words[$0] == pointer[0] }) {
            // "416 555 0139, whose is that": a pointer after a number or an address said points back at it.
            interpretation.reference = nil
        }
        if let anchor = interpretation.anchor, reference == nil || reference?.kind == .pointer, let place = placeBeside(anchor) {
            // "the one before the last": beside a place on screen, not after an entity named "the last".
            interpretation.anchor = nil
            interpretation.reference = Interpretation.Reference(kind: .position(place), words: (reference?.words ?? []) + anchor.words)
        }
        switch interpretation.reference?.kind {
        case .position, .span:
            // A remark says nothing of which place on screen is meant: "cancel the last one, I'll be busy with the
            // new crew that evening".
            for position in remarks where request.isFree(position) { request.take(position..<position + 1) }
            // Nor do the words before "in the third one": they ask what is in it ("what's the family shoot price").
            if let first = interpretation.reference?.words.first,
               let place = request.words.indices.first(where: { request.words[$0] == first && !request.isFree($0) }) {
                let marker = place > 0 && vocabulary.articles.contains(request.words[place - 1]) ? place - 2 : place - 1
                if marker > 0, vocabulary.insideMarkers.contains(request.words[marker]) {
                    for position in 0...marker where request.isFree(position) { request.take(position..<position + 1) }
                }
            }
        default: break
        }
        if reference?.isPlural == true { interpretation.excludedWords = takeExclusion(&request) }
        if let words = reference?.words, reference?.kind == .person, !(command?.recipientIsTarget ?? false) {
            // "mark them read": them, or the things shown; "call them" is people.
            interpretation.reference?.mayMeanThings = words.allSatisfy { vocabulary.thingsOrPeople.contains(in: [$0], at: 0) }
        }
        (interpretation.languages, interpretation.unmarkedLanguageWords) = takeLanguages(&request)

        var newValues: [Interpretation.Argument] = []
        var named = takePropertyNames(&request, cues: &cues, values: &newValues, asked: &interpretation.askedProperties,
                                      actsOnWhole: command?.actsOnWhole ?? false,
                                      afterCommand: command != nil,
                                      actsOn: Set(command?.command.actsOn ?? []),
                                      changing: command?.command.changesEntity == true ? command?.end : nil)
        interpretation.command?.arguments += newValues
        let setStates = grammar.states(setBy: interpretation.command)
        var restoredTypeWords: [String] = []
        let fitting = requested.union(command?.command.actsOn ?? [])
        let typeWords = takeTypeWords(&request, hasTime: !(interpretation.time?.isEmpty ?? true), fitting: fitting, kinds: &cues)
        named.formUnion(typeWords.types)
        interpretation.typeWords = typeWords.words
        // What can take the state a command sets ("unpin": a note).
        let settable = setStates.flatMap { $0.properties.map(\.type) }
        if let asked = command.map({ $0.command.asksAbout + settable }), !asked.isEmpty, !typeWords.types.isEmpty,
           typeWords.types.isDisjoint(with: asked) {
            // "who's coming to the Earth Day photo": a photo has no one coming; "unpin my shopping list": a
            // list is never pinned. The noun is part of a name.
            named.subtract(typeWords.types)
            interpretation.typeWords = []
            restoredTypeWords = typeWords.words
        }
        if let command, command.authorNamed, !command.command.actsOn.isEmpty, named.isDisjoint(with: command.command.actsOn) {
            // "reply to Julien about the grandparents photos": Julien wrote what is answered, a mail or a
            // message; a noun for anything else is part of what it is about.
            named = Set(command.command.actsOn)
            interpretation.typeWords = []
            restoredTypeWords = typeWords.words
        }
        // "the Earth Day photos" asks for several, unless "photos" is part of a name.
        interpretation.asksForSeveral = typeWords.plural && restoredTypeWords.isEmpty || (command?.many ?? false) || reference?.kind == .plural
        var types = named
        if !requested.isEmpty {
            types = named.intersection(requested)
            if types.isEmpty { types = requested }
        }
        // "ring her about this" in the mail app: a command that acts on people only acts on a person, whatever is shown.
        if let acted = command?.command.actsOn, !acted.isEmpty, Set(acted).isSubset(of: grammar.personTypes),
           types.isDisjoint(with: grammar.personTypes) {
            types = Set(acted)
        }
        // A question of when that says something happens asks for what does ("when's he coming again"), not
        // for the person ("when is she free").
        let asked = !typeWords.types.isEmpty ? typeWords.types : interpretation.time != nil ? Set(command?.command.asksAbout ?? []) : []
        if reference?.kind == .person, !(command?.recipientIsTarget ?? false), !asked.isEmpty,
           asked.isDisjoint(with: grammar.personTypes), interpretation.reference?.mayMeanThings == false {
            // "which meeting is he asking about": a meeting is no person, so he is whose it is ("photos with Olga in
            // them": them may be the photos).
            interpretation.reference = nil
            // "what did Hana text me after I sang to her": she may be someone said before.
            let pronoun = reference?.words.last.flatMap { request.words.lastIndex(of: $0) } ?? 0
            cues.append(.init(properties: [], words: [], cue: [], isPossessive: true, isOnScreen: true,
                              mayReferBack: (0..<pronoun).contains { isContent(at: $0, in: request) }))
        }
        // "she", and "text Amara" with nothing to text about: a person (of the types searched, if one is).
        if interpretation.reference?.kind == .person || (command?.recipientIsTarget ?? false) {
            interpretation.namesRecipient = interpretation.reference?.kind != .person
            let people = types.isEmpty ? grammar.personTypes : types.intersection(grammar.personTypes)
            if !(command?.recipientIsTarget ?? false) { interpretation.typesApartFromPerson = types.sorted() }
            if !people.isEmpty { types = people }
        }
        // A time and nothing else ("what's on tomorrow?") asks what is planned.
        var asksWhatIsPlanned = false
        if types.isEmpty, !(interpretation.time?.isEmpty ?? true), interpretation.reference == nil, interpretation.anchor == nil,
           !request.words.indices.contains(where: { isContent(at: $0, in: request) }), cues.isEmpty {
            types = grammar.scheduledTypes
            asksWhatIsPlanned = true
        }
        // Only what is planned lies ahead: "when am I talking to her next", "anything with Mateo next week".
        if types.isEmpty, let time = interpretation.time, time.liesAhead(of: clock.now) {
            types = grammar.scheduledTypes
        }
        interpretation.types = types.sorted()
        if command?.liesAhead == true, interpretation.time == nil {
            // "who's coming to the barbecue": with no time said, the next one (of what has what is asked).
            var ahead = RequestTime(words: [])
            ahead.from = clock.now
            ahead.order = .next
            interpretation.time = ahead
        }

        // After a command that sets a state, a flag is that state — unless "as" said it ("mark the unread ones as read").
        let stateSaid = interpretation.command?.arguments.contains { $0.role == "state" } ?? false
        let flags = takeFlags(&request, types: types, implied: time.impliedFlagWords, asState: (command?.takesState ?? false) && !stateSaid,
                              stateFrom: command.map { request.clauseStart(of: $0.end - 1) } ?? 0, declares: command == nil, restating: setStates)
        interpretation.flags = flags.flags
        if !flags.states.isEmpty { interpretation.command?.arguments += flags.states }
        let leftUndone = Set(flags.flags.filter(\.isImplied).flatMap { $0.properties.map(\.type) })
        if !leftUndone.isEmpty, typeWords.types.isEmpty, let said = interpretation.time, said.from == nil, said.to != nil,
           !types.intersection(leftUndone).isEmpty || types.isEmpty {
            // "anything overdue?": what is past and still open can be left undone (a reminder); a meeting that is over is not.
            types = types.isEmpty ? leftUndone : types.intersection(leftUndone)
            interpretation.types = types.sorted()
        }
        // "mark my Japanese homework as done": only what has the state a command sets can be given it.
        let settableNow = grammar.states(setBy: interpretation.command).flatMap { $0.properties.map(\.type) }
        if types.isEmpty, !settableNow.isEmpty {
            types = Set(settableNow)
            interpretation.types = types.sorted()
        }
        interpretation.author = takeAuthor(&request, commandWords: command.map { $0.end - $0.command.words.count..<$0.end })
        if asksWhatIsPlanned, interpretation.author == .someoneElse, types == grammar.scheduledTypes {
            // "what did I get this morning": what was sent to the speaker then, not what is planned.
            types = Set(grammar.authorProperties.map(\.type))
            interpretation.types = types.sorted()
        }
        interpretation.saidOfSpeaker = wordsSaidOfSpeaker(in: request)
        let agents = takeAgents(&request, types: types, speakerIsAuthor: interpretation.author == .speaker)
        cues += agents.cues
        if !agents.types.isEmpty, requested.isEmpty || !agents.types.isDisjoint(with: requested) {
            types = types.isEmpty ? agents.types : types.intersection(agents.types).isEmpty ? types : types.intersection(agents.types)
            interpretation.types = types.sorted()
        }
        cues += takeCues(&request, types: types)
        if let recipient = interpretation.command?.arguments.first(where: { $0.role == "recipient" })?.words {
            readPronouns(in: &cues, asNamed: recipient, in: request)
        }
        interpretation.cues = cues
        // A hyphenated word read as something else ("all-day" events: a flag; French "qu'est-ce", function words)
        // is no identifier to match whole; one read as a cue's value ("from tycho-station") still is, for the cue.
        let unread = Set(request.words.indices.filter(request.isUntaken).map { request.words[$0] } + cues.flatMap(\.words))
        interpretation.identifiers.removeAll { identifier in
            let elided = identifier.contains { "'’".contains($0) }
            return identifier.contains("-") && identifier.allSatisfy { $0.isLetter || $0.isNumber || "-'’".contains($0) }
                && identifier.split(whereSeparator: { "-'’".contains($0) }).allSatisfy { part in
                    !unread.contains(String(part)) || elided && vocabulary.ignored.contains(String(part))
                }
        }
        // An email or a phone number is searched whole, as an identifier, not word by word.
        interpretation.contentWords = restoredTypeWords + request.words.indices.filter {
            request.isUntaken($0) && !vocabulary.ignored.contains(request.words[$0]) && !request.protected[$0]
        }.map { request.words[$0] }
        if interpretation.saysNothing {
            // Only small words ("the"): search them, rather than list everything.
            interpretation.contentWords = request.words.indices.filter(request.isUntaken).map { request.words[$0] }
        }
        return interpretation
    }

    // MARK: Words

    /// The request's folded words, possessive endings ("Amara's") cut off and
    /// marked, and where clauses begin ("the message from Beatriz, what's it say").
    func words(of text: String) throws -> RequestWords {
        var words: [(word: String, wasPossessive: Bool)] = []
        var clauseStarts: Set<Int> = [], quoteStarts: Set<Int> = []
        // A dash between spaces parts clauses as a comma does ("reply to this - yes to both"), and so does a
        // colon before a space ("reply to Gabriela: yes please", not "10:30"), which begins what is said (read
        // as a semicolon): no pattern to compile on every request.
        let parted = Self.withoutThousandsSeparators(Self.withClausePunctuation(
            Array([(" - ", ", "), (" – ", ", "), (" — ", ", "), (": ", "; ")].reduce(text) { text, separator in
                text.contains(separator.0) ? text.replacingOccurrences(of: separator.0, with: separator.1) : text
            })))
        // A decimal comma is part of its number ("142,37 $", kept whole as texts are indexed), no clause's end.
        func isDecimalComma(_ index: Int) -> Bool {
            guard parted[index] == ",", index > 0, parted[index - 1].isNumber else { return false }
            let decimals = parted[(index + 1)...].prefix(while: \.isNumber).count
            return (1...2).contains(decimals)
        }
        let ends = parted.indices.filter { ",;?!".contains(parted[$0]) && !isDecimalComma($0) }
        for (end, next) in zip([-1] + ends, ends + [parted.count]) where end + 1 < next {
            clauseStarts.insert(words.count)
            if end >= 0, parted[end] == ";" { quoteStarts.insert(words.count) }
            words += try normalizedWords(in: String(parted[end + 1..<next])).map(vocabulary.possessiveEndings.stripping)
        }
        var request = RequestWords(words: words.map(\.word), possessive: words.map(\.wasPossessive))
        request.clauseStarts = clauseStarts
        request.quoteStarts = quoteStarts
        return request
    }

    /// "42,750 euros", "10.000 €": a number written with separators between
    /// groups of three digits is one number ("42750"), as amounts are indexed
    /// (`MoneyAmounts.values`), not two words and no clause's end.
    /// Full-width punctuation read as the ASCII marks it stands for ("回小姨：谢谢！"), and a colon
    /// joined to words of a script written without spaces ("回小姨:谢谢") as one before a space.
    static func withClausePunctuation(_ text: [Character]) -> [Character] {
        text.indices.map { index in
            let character = text[index]
            if let ascii = fullWidthPunctuation[character] { return ascii }
            guard character == ":", index > 0, index + 1 < text.count else { return character }
            let (before, after) = (text[index - 1], text[index + 1])
            return before.isLetter && after.isLetter && !(before.isASCII && after.isASCII) ? ";" : character
        }
    }

    /// Full-width punctuation that ends a clause, or begins what is said, and the ASCII mark it stands for.
    private static let fullWidthPunctuation: [Character: Character] = ["，": ",", "、": ",", "！": "!", "？": "?", "；": ";", "：": ";"]

    static func withoutThousandsSeparators(_ text: [Character]) -> [Character] {
        text.indices.compactMap { index in
            let character = text[index]
            guard ",.'’".contains(character), index + 3 < text.count, text[index + 1...index + 3].allSatisfy(\.isNumber),
                  index + 4 == text.count || !text[index + 4].isNumber,
                  (1...3).contains(text[..<index].reversed().prefix(while: \.isNumber).count) else { return character }
            return nil
        }
    }

    /// "Send Laura all the photos from her wedding": a pronoun after the
    /// recipient's name, when the request names no one else, is that person,
    /// not someone on screen ("forward Kay's email where she says … to Aoife":
    /// she is Kay).
    private func readPronouns(in cues: inout [Interpretation.PropertyCue], asNamed recipient: [String], in request: RequestWords) {
        guard let first = recipient.first, vocabulary.personPointers.match(in: recipient, at: 0)?.length != recipient.count,
              !cues.contains(where: { !$0.isOnScreen && !$0.words.isEmpty }),
              let named = request.words.firstIndex(of: first) else { return }
        for index in cues.indices where cues[index].isOnScreen && cues[index].isPossessive && cues[index].words.isEmpty
            && cues[index].cue.allSatisfy({ word in request.words.indices.contains { request.words[$0] == word && $0 > named } }) {
            cues[index].words = recipient
            cues[index].isOnScreen = false
        }
    }

    /// The text with each honorific joined to a name by a hyphen left out ("has
    /// Yamamoto-san's mail come" asks for Yamamoto's); one said as a word of its
    /// own is left out once the words are read (`dropHonorificWords(_:)`).
    func withoutHonorifics(_ text: String) -> String {
        guard !vocabulary.honorifics.isEmpty, text.contains("-") else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { token -> String in
            guard let hyphen = token.lastIndex(of: "-"), hyphen > token.startIndex,
                  token[token.index(before: hyphen)].isLetter else { return String(token) }
            let suffix = token[token.index(after: hyphen)...]
            let honorific = suffix.prefix(while: \.isLetter)
            guard vocabulary.honorifics.contains(honorific.lowercased()) else { return String(token) }
            return String(token[..<hyphen] + suffix.dropFirst(honorific.count))
        }.joined(separator: " ")
    }

    /// Reads each phrase that says an enumeration's case in other words as the
    /// case ("which meeting did Dana say no to": "declined"), its first word
    /// becoming the case and the others taken.
    func readCaseWords(_ request: inout RequestWords) {
        for index in request.words.indices where request.isFree(index) {
            guard let (length, value) = request.match(vocabulary.caseWords, at: index), (index..<index + length).allSatisfy(request.isFree)
            else { continue }
            request.words[index] = value
            request.take(index + 1..<index + length)
        }
    }

    /// Reads each free word that misspells a word of the grammar as that word;
    /// the misspelt words, and what each was read as.
    func correctMisspellings(_ request: inout RequestWords) throws -> [RequestInterpretation.Misspelling] {
        guard let misspelledWord else { return [] }
        var misspellings: [RequestInterpretation.Misspelling] = []
        for index in request.words.indices where request.isFree(index) {
            let word = request.words[index]
            guard let meant = try misspelledWord(word) else { continue }
            request.words[index] = meant
            misspellings.append(.init(said: word, meant: meant))
        }
        return misspellings
    }

    /// "Samstagvormittag", "Montagabend": a weekday and a part of the day written
    /// as one word (German compounds) are read as the two words they join.
    func splitDayCompounds(_ request: inout RequestWords) {
        let time = vocabulary.time
        for index in request.words.indices.reversed() where request.isFree(index) {
            let word = request.words[index]
            guard !time.weekdays.contains(in: [word], at: 0), !time.partsOfDay.contains(in: [word], at: 0) else { continue }
            for cut in word.indices.dropFirst() {
                let (day, part) = (String(word[..<cut]), String(word[cut...]))
                guard time.weekdays.match(in: [day], at: 0)?.length == 1, time.partsOfDay.match(in: [part], at: 0)?.length == 1 else { continue }
                request.replace(index..<index + 1, with: [day, part])
                break
            }
        }
    }

    /// "Zeig mir die Kletterfotos": a type's noun joined to what describes it
    /// (`RequestGrammar.splitAtTypeNoun`) is read as the two words it joins.
    func splitTypeCompounds(_ request: inout RequestWords) {
        for index in request.words.indices.reversed() where request.isFree(index) {
            guard let (head, noun) = grammar.splitAtTypeNoun(request.words[index]) else { continue }
            request.replace(index..<index + 1, with: [head, noun])
        }
    }

    /// "改到" (change to): a word the table reads as several (`RequestVocabulary.splitWords`), split.
    func splitWrittenAsOne(_ request: inout RequestWords) {
        for index in request.words.indices.reversed() where request.isFree(index) {
            guard let parts = vocabulary.splitWords[request.words[index]] else { continue }
            request.replace(index..<index + 1, with: parts)
        }
    }

    /// An honorific said as a word of its own after a name, before a word that
    /// says nothing to find or the clause's end, left out: "reply to Yamamoto san
    /// about…" (not "Mercado de San Juan"), and "佐藤さんに電話して", whose
    /// honorific is a word of its own once segmented. A possessive passes to the name.
    func dropHonorificWords(_ request: inout RequestWords) {
        for index in request.words.indices.reversed() where index > 0 && request.isFree(index) {
            let (before, next) = (request.words[index - 1], index + 1)
            guard vocabulary.honorifics.contains(request.words[index]), request.isFree(index - 1), !vocabulary.ignored.contains(before),
                  next == request.count || request.clauseStarts.contains(next) || vocabulary.ignored.contains(request.words[next])
            else { continue }
            if request.possessive[index] { request.possessive[index - 1] = true }
            request.replace(index..<next, with: [])
        }
    }

    /// "tick that off", "cross it off": a command of two words said around a
    /// pointer is read as the command and then the pointer ("tick off that"),
    /// unless its second word may begin a time or a value ("send it on Friday").
    func joinSplitCommands(_ request: inout RequestWords) {
        for index in request.words.indices.dropLast(2) where (index...index + 2).allSatisfy(request.isFree) {
            let (pointer, particle) = (request.words[index + 1], request.words[index + 2])
            guard !vocabulary.time.spoken.contains(particle), !grammar.cues.contains(in: [particle], at: 0),
                  vocabulary.commands.match(in: [request.words[index], particle], at: 0)?.length == 2,
                  [vocabulary.focusedPointers, vocabulary.pluralPointers].contains(where: { $0.match(in: [pointer], at: 0)?.length == 1 })
                    || vocabulary.thingsOrPeople.contains(in: [pointer], at: 0)  // "check them off"
            else { continue }
            request.replace(index + 1..<index + 3, with: [particle, pointer])
        }
    }

    /// "Rauchmelder-Erinnerung auf morgen verschieben", "Mama anrufen": in a
    /// language that may say a command last, as an infinitive, a first clause
    /// that ends in one and neither begins with a command or a question nor has
    /// a subject of its own is read with it first. One that begins with a verb
    /// whose particle ends it ("Schick Claires Entwurf an Tobi weiter", "Sag den
    /// Termin ab") is read with the particle after the verb.
    func moveLastCommandFirst(_ request: inout RequestWords) {
        let end = request.clauseEnd(after: 0)
        guard vocabulary.commandsLast, end > 1, request.isFree(end - 1) else { return }
        if request.match(vocabulary.commands, at: 0)?.length == 1 {
            guard end > 2, vocabulary.commands.match(in: [request.words[0], request.words[end - 1]], at: 0)?.length == 2 else { return }
            request.move(end - 1..<end, to: 1)
            return
        }
        guard request.match(vocabulary.commands, at: 0) == nil,
              !(0..<end).contains(where: { vocabulary.subjectPronouns.contains(request.words[$0]) }),
              let start = commandEnding(request, at: end, longest: 2) else { return }
        request.move(start..<end, to: 0)
    }

    /// Where a command that ends a clause at `end` begins, said in up to `longest`
    /// words (the longest first) that are free and of one piece, when its entry fits.
    private func commandEnding(_ request: RequestWords, at end: Int, longest: Int,
                               fits: (RequestVocabulary.CommandEntry, Int) -> Bool = { _, _ in true }) -> Int? {
        for length in stride(from: longest, through: 1, by: -1) where end - length > 0 {
            let start = end - length
            guard (start..<end).allSatisfy(request.isFree), !request.joinedToPrevious.contains(start),
                  let (said, entry) = request.match(vocabulary.commands, at: start), said == length, fits(entry, start) else { continue }
            return start
        }
        return nil
    }

    /// "le rdv avec le comptable c'est quand ?", "la réparation ça coûte
    /// combien ?": a first clause that begins with no command and ends with a
    /// question (a command that neither changes nor shows the entity, nor says
    /// anything to anyone, and no noun: "my shopping list") is read with the question first.
    /// Words of time may follow it: "le loyer va monter à combien en juillet ?".
    func moveLastQuestionFirst(_ request: inout RequestWords) {
        let clauseEnd = request.clauseEnd(after: 0)
        guard clauseEnd > 1, request.match(vocabulary.commands, at: 0) == nil else { return }
        var beforeTime = clauseEnd
        while beforeTime > 1, vocabulary.time.spoken.contains(request.words[beforeTime - 1]) { beforeTime -= 1 }
        // The time begins with its marker ("en juillet"): "any evenings this week" is no question said before a time.
        let time = vocabulary.time
        let saysTime = beforeTime < clauseEnd && [time.inWords, time.on, time.at].contains { $0.contains(in: request.words, at: beforeTime) }
        for end in saysTime ? [clauseEnd, beforeTime] : [clauseEnd] where request.isFree(end - 1) {
            guard let start = commandEnding(request, at: end, longest: 3, fits: { entry, start in
                !entry.changes && !entry.shows && !entry.recipientFirst && !entry.argumentRoles.contains("recipient")
                    && !grammar.typeNames.contains(in: request.words, at: start) && !grammar.propertyNames.contains(in: request.words, at: start)
            }) else { continue }
            request.move(start..<end, to: 0)
            return
        }
    }

    /// "把写作文的提醒改到星期二晚上", "阿嬷眼睛复诊改到下午三点": a first clause
    /// that begins with no command and holds, after what it acts on, one a
    /// table says may be said there (`CommandEntry.saidAfterObject`), or that
    /// points back at it with a pronoun ("el último reenvíaselo a Toni",
    /// `commandsResumingObject`), is read with that command first: what came
    /// before is what it acts on, what follows its arguments.
    func moveCommandSaidAfterObjectFirst(_ request: inout RequestWords) {
        let end = request.clauseEnd(after: 0)
        guard request.match(vocabulary.commands, at: 0) == nil else { return }
        for start in 1..<max(end, 1) where request.isFree(start) && !request.joinedToPrevious.contains(start) {
            guard let (length, entry) = request.match(vocabulary.commands, at: start),
                  entry.saidAfterObject || length == 1 && vocabulary.commandsResumingObject.contains(request.words[start]),
                  (start..<start + length).allSatisfy(request.isFree) else { continue }
            request.move(start..<start + length, to: 0)
            return
        }
    }

    /// "小姨的电话号码", "陈老师的email": a word of a person's name, then a word
    /// that links a noun to what it belongs to (的, の: `nounLinks`), is that
    /// noun's owner, as "'s" says; the link is left out.
    func markOwnersBeforeLinks(_ request: inout RequestWords) throws {
        guard let isPersonNameWord, !vocabulary.nounLinks.isEmpty else { return }
        var index = 1
        while index < request.count {
            if request.isFree(index), vocabulary.nounLinks.contains(request.words[index]), index + 1 < request.clauseEnd(after: index),
               request.isFree(index - 1), try isPersonNameWord(request.words[index - 1]) {
                request.possessive[index - 1] = true
                request.replace(index..<index + 1, with: [])
            }
            index += 1
        }
    }

    /// Marks each free word that is a person's possessive typed without its
    /// apostrophe, before what is theirs ("whats selins number"; not "both
    /// Lenas"), as the possessive it is.
    func markPossessivesWithoutApostrophe(_ request: inout RequestWords) throws {
        guard let namePossessive else { return }
        for index in request.words.indices where request.isFree(index) && !request.possessive[index]
            && index + 1 < request.clauseEnd(after: index) {
            let word = request.words[index]
            guard word.count > 3, word.last == "s", !vocabulary.spokenWords.contains(word), let name = try namePossessive(word) else { continue }
            request.words[index] = name
            request.possessive[index] = true
        }
    }

    /// Emails, domains and phone numbers in the raw text: their exact values,
    /// with their words kept from being read as grammar (a phone's "21" is no
    /// day). Hyphenated words ("tycho-station") and words joined by "_" ("sku_42")
    /// are exact values too. Numbers of three digits or more may be part of one
    /// ("ends in 0143"), unless they turn out to be part of a time. Dates
    /// ("2026-03-09", "14.3.2026") are no identifiers; digits written in
    /// groups ("ends in 11 90") are one number.
    func protectIdentifiers(in text: String, _ request: inout RequestWords) -> (identifiers: [String], numbers: [(digits: String, words: [String])]) {
        var identifiers: [String] = [], numbers: [(digits: String, words: [String])] = []
        var protectedTexts: [String] = [], hyphenated: [String] = []
        let tokens = text.split(whereSeparator: \.isWhitespace).map(Self.trimmingPunctuation)
            .map { $0.last == "." ? String($0.dropLast()) : String($0) }
        var phone: [String] = []
        func endPhone(before next: String? = nil) {
            guard !phone.isEmpty else { return }
            // "the 4 600 $": an amount is words to find, as texts say it.
            guard !(next?.contains(where: \.isCurrencySymbol) ?? false) else {
                phone = []
                return
            }
            let joined = phone.joined(separator: " ")
            if let digits = IdentifierParts.phoneDigits(joined), digits.hasPrefix("+") || digits.count >= 7 {
                identifiers.append(digits)
                protectedTexts.append(joined)
            } else {
                let groups = phone.filter { $0.allSatisfy(\.isNumber) }
                if groups.count > 1, groups.count == phone.count, groups.joined().count >= 3 {
                    numbers.append((groups.joined(), groups))
                } else {
                    numbers += groups.filter { $0.count >= 3 }.map { ($0, [$0]) }
                }
            }
            phone = []
        }
        for token in tokens {
            if ISO8601.seconds(fromDate: token) != nil || clock.date(writtenAs: Substring(token), dayFirst: vocabulary.time.dayFirst) != nil {
                endPhone()
                continue
            }
            if !token.isEmpty, token.allSatisfy({ $0.isNumber || "+-().".contains($0) }), token.contains(where: \.isNumber) {
                phone.append(token)
                continue
            }
            endPhone(before: token)
            let letters = token.contains(where: \.isLetter)
            if token.contains("@" as Character)
                || (letters && token.dropFirst().dropLast().contains("." as Character) && !token.contains("..")) {
                if let value = IndexLayout.exactValue(token) {
                    identifiers.append(value)
                    protectedTexts.append(token)
                }
            } else if letters, token.dropFirst().dropLast().contains("-" as Character), let value = IndexLayout.exactValue(token) {
                identifiers.append(value)
                hyphenated.append(token)
            } else if letters, token.dropFirst().dropLast().contains("_" as Character), let value = IndexLayout.exactValue(token) {
                // A code such as "sku_42" is one word to ICU, and no word of any text.
                identifiers.append(value)
                protectedTexts.append(token)
            }

        }
        endPhone()
        func position(of words: [String]) -> Int? {
            guard !words.isEmpty, words.count <= request.count else { return nil }
            return (0...request.count - words.count).first { request.words[$0..<$0 + words.count].elementsEqual(words) }
        }
        for text in hyphenated {
            guard let words = try? normalizedWords(in: text), let start = position(of: words) else { continue }
            request.joinedToPrevious.formUnion(start + 1..<start + words.count)
        }
        for text in protectedTexts {
            guard let words = try? normalizedWords(in: text), let start = position(of: words) else { continue }
            // Its words as an address's words are indexed: "control.earth" is "control" and "earth".
            let parts = words.flatMap { $0.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init) }
            request.replace(start..<start + words.count, with: parts)
            for index in start..<start + parts.count { request.protected[index] = true }
        }
        return (identifiers, numbers)
    }

    /// Punctuation around a written token ("(kestrel-5),").
    static let edgePunctuation = Set(",;:!?\"()[]<>")

    /// A token without the punctuation around it.
    static func trimmingPunctuation(_ token: Substring) -> Substring {
        var token = token
        while let first = token.first, edgePunctuation.contains(first) { token.removeFirst() }
        while let last = token.last, edgePunctuation.contains(last) { token.removeLast() }
        return token
    }

    /// Days written in numbers ("14/4", "4/22"), their words taken.
    func takeNumericDates(in text: String, _ request: inout RequestWords) -> [(day: DateInterval, words: [String])] {
        var dates: [(day: DateInterval, words: [String])] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            let trimmed = String(Self.trimmingPunctuation(token))
            guard trimmed.contains(where: { $0 == "/" || $0 == "." }),
                  let day = clock.date(writtenAs: Substring(trimmed), dayFirst: vocabulary.time.dayFirst),
                  let words = try? normalizedWords(in: trimmed), !words.isEmpty,
                  let start = (0...max(0, request.count - words.count)).first(where: { start in
                      start + words.count <= request.count && request.words[start..<start + words.count].elementsEqual(words)
                          && (start..<start + words.count).allSatisfy(request.isFree)
                  }) else { continue }
            request.take(start..<start + words.count)
            dates.append((day, words))
        }
        return dates
    }

    /// "10.30", "10:30am", "7.45 pm": a clock written with a dot or glued to
    /// am or pm, as "10:30 am" ("10.05" with neither stays a day, the 10th of May).
    static func clockTimesSpelledOut(_ text: String) -> String {
        guard text.contains(where: \.isNumber) else { return text }
        let whole = NSRange(text.startIndex..., in: text)
        var result = text
        for match in clockPattern.matches(in: text, range: whole).reversed() {
            guard let range = Range(match.range, in: text), let hour = Range(match.range(at: 1), in: text),
                  let separator = Range(match.range(at: 2), in: text), let minutes = Range(match.range(at: 3), in: text),
                  let hourValue = Int(text[hour]), let minuteValue = Int(text[minutes]), hourValue <= 24, minuteValue <= 59 else { continue }
            let half = Range(match.range(at: 4), in: text).map { " " + text[$0].lowercased().filter(\.isLetter) } ?? ""
            // A dot with no am or pm is a day and a month when it can be one ("14.3", "10.05").
            if text[separator] == ".", half.isEmpty, minuteValue <= 12 { continue }
            result.replaceSubrange(range, with: "\(text[hour]):\(text[minutes])\(half)")
        }
        return result
    }

    /// An hour, a dot or colon, two digits of minutes, and am or pm glued or after a space, as a whole word.
    private static let clockPattern = try! NSRegularExpression(
        pattern: "(?<![\\d.:/])(\\d{1,2})([.:])(\\d{2})(?:\\s?([ap]\\.?m\\.?))?(?![\\d.:/]|[a-z])", options: [.caseInsensitive])

    /// Politeness at the start and end ("please", "can you", "thanks").
    func takeFillers(_ request: inout RequestWords) {
        while let first = request.nextUntaken(from: 0), let (length, _) = request.match(vocabulary.fillers, at: first) {
            request.take(first..<first + length)
        }
        var end = request.count
        trailing: while end > 0 {
            for start in (0..<end).reversed() {
                if let (length, _) = request.match(vocabulary.fillers, at: start), start + length == end {
                    request.take(start..<end)
                    end = start
                    continue trailing
                }
            }
            break
        }
    }
}
