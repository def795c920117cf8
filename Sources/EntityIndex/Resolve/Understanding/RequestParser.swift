import Foundation

/// Reads a request the way a person says it — "text Amara back about it",
/// "the previous mail from Seán", "what's after the crew lunch tomorrow",
/// "are there any mails about the invoice" — into an interpretation, before
/// anything is searched. Each step takes the words it recognises; what no
/// step takes is searched for. Nothing here reads the index.
struct RequestParser {
    let grammar: RequestGrammar
    let clock: RequestClock

    private var vocabulary: RequestVocabulary { grammar.vocabulary }
    private typealias Interpretation = RequestInterpretation

    /// What a request says, its types narrowed to `requested` when given.
    func interpret(_ text: String, types requested: Set<EntityType>) throws -> RequestInterpretation {
        var request = try words(of: text)
        var interpretation = Interpretation(contentWords: [])
        let (identifiers, numbers) = protectIdentifiers(in: text, &request)
        interpretation.identifiers = identifiers
        takeFillers(&request)
        let command = takeCommand(&request)
        interpretation.command = command?.command
        interpretation.anchor = takeAnchor(&request, after: command?.end ?? 0)

        // Past tense, or only what happened rather than was planned ("pics from Saturday"), speaks of the past.
        let speaksOfPast = vocabulary.speaksOfPast(request.words) || speaksOnlyOfWhatHappened(request, requested: requested)
        let reader = TimeExpressionReader(words: vocabulary.time, clock: clock, tense: speaksOfPast ? .past : .either,
                                          isReferenceNoun: { isReferenceNoun(at: $0, in: $1) })
        let time = reader.read(&request, dates: takeNumericDates(in: text, &request))
        interpretation.time = time.time
        // A number that is no part of a time ("ends in 0143", not "march 9 2026") may be part of an identifier.
        interpretation.identifiers += numbers.filter { number in request.words.indices.contains { request.words[$0] == number && request.isUntaken($0) } }

        var cues: [Interpretation.PropertyCue] = []
        let (reference, order) = takeReference(&request, cues: &cues)
        if let order {
            // "the latest message", "my next call with Arjun": an order in time.
            var ordered = interpretation.time ?? RequestTime(words: [])
            ordered.order = order.order
            ordered.words += order.words
            interpretation.time = ordered
        }
        interpretation.reference = reference
        if let words = reference?.words, reference?.kind == .person, !(command?.recipientIsTarget ?? false) {
            // "mark them read": them, or the things shown; "call them" is people.
            interpretation.reference?.mayMeanThings = words.allSatisfy { vocabulary.thingsOrPeople.contains(in: [$0], at: 0) }
        }
        interpretation.languages = takeLanguages(&request)

        var named = takePropertyNames(&request, cues: &cues)
        var restoredTypeWords: [String] = []
        let typeWords = takeTypeWords(&request, hasTime: !(interpretation.time?.isEmpty ?? true), kinds: &cues)
        named.formUnion(typeWords.types)
        interpretation.typeWords = typeWords.words
        if let asked = command?.command.asksAbout, !asked.isEmpty, !typeWords.types.isEmpty, typeWords.types.isDisjoint(with: asked) {
            // "who's coming to the Earth Day photo": a photo has no one coming; the noun is part of a name.
            named.subtract(typeWords.types)
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
        // "she", and "text Amara" with nothing to text about: a person (of the types searched, if one is).
        if reference?.kind == .person || (command?.recipientIsTarget ?? false) {
            let people = types.isEmpty ? grammar.personTypes : types.intersection(grammar.personTypes)
            if !people.isEmpty { types = people }
        }
        // A time and nothing else ("what's on tomorrow?") asks what is planned.
        if types.isEmpty, !(interpretation.time?.isEmpty ?? true), interpretation.reference == nil, interpretation.anchor == nil,
           !request.words.indices.contains(where: { isContent(at: $0, in: request) }), cues.isEmpty {
            types = grammar.scheduledTypes
        }
        // Only what is planned lies ahead: "when am I talking to her next", "anything with Mateo next week".
        if types.isEmpty, let time = interpretation.time, time.liesAhead(of: clock.now) {
            types = grammar.scheduledTypes
        }
        interpretation.types = types.sorted()

        // After a command that sets a state, a flag is that state — unless "as" said it ("mark the unread ones as read").
        let stateSaid = interpretation.command?.arguments.contains { $0.role == "state" } ?? false
        let flags = takeFlags(&request, types: types, implied: time.impliedFlagWords, asState: (command?.takesState ?? false) && !stateSaid)
        interpretation.flags = flags.flags
        if !flags.states.isEmpty { interpretation.command?.arguments += flags.states }
        let agents = takeAgents(&request, types: types)
        cues += agents.cues
        if !agents.types.isEmpty, requested.isEmpty || !agents.types.isDisjoint(with: requested) {
            types = types.isEmpty ? agents.types : types.intersection(agents.types).isEmpty ? types : types.intersection(agents.types)
            interpretation.types = types.sorted()
        }
        cues += takeCues(&request, types: types)
        interpretation.cues = cues
        // A hyphenated word read as something else ("all-day" events: a flag) is no identifier to match whole;
        // one read as a cue's value ("from tycho-station") still is, for the cue.
        let unread = Set(request.words.indices.filter(request.isUntaken).map { request.words[$0] } + cues.flatMap(\.words))
        interpretation.identifiers.removeAll { identifier in
            !identifier.contains("@") && identifier.contains("-")
                && identifier.split(separator: "-").allSatisfy { !unread.contains(String($0)) }
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
    private func words(of text: String) throws -> RequestWords {
        var words: [(word: String, wasPossessive: Bool)] = []
        var clauseStarts: Set<Int> = []
        for clause in text.split(whereSeparator: { ",;?!".contains($0) }) {
            clauseStarts.insert(words.count)
            words += try normalizedWords(in: String(clause)).map(vocabulary.possessiveEndings.stripping)
        }
        var request = RequestWords(words: words.map(\.word), possessive: words.map(\.wasPossessive))
        request.clauseStarts = clauseStarts
        return request
    }

    /// Emails, domains and phone numbers in the raw text: their exact values,
    /// with their words kept from being read as grammar (a phone's "21" is no
    /// day). Hyphenated words ("tycho-station") and words joined by "_" ("sku_42")
    /// are exact values too. Numbers of three digits or more may be part of one
    /// ("ends in 0143"), unless they turn out to be part of a time. Dates
    /// ("2026-03-09", "14.3.2026") are no identifiers.
    private func protectIdentifiers(in text: String, _ request: inout RequestWords) -> (identifiers: [String], numbers: [String]) {
        var identifiers: [String] = [], numbers: [String] = []
        var protectedTexts: [String] = []
        let tokens = text.split(whereSeparator: \.isWhitespace).map(Self.trimmingPunctuation)
            .map { $0.last == "." ? String($0.dropLast()) : String($0) }
        var phone: [String] = []
        func endPhone() {
            guard !phone.isEmpty else { return }
            let joined = phone.joined(separator: " ")
            if let digits = IdentifierParts.phoneDigits(joined), digits.hasPrefix("+") || digits.count >= 7 {
                identifiers.append(digits)
                protectedTexts.append(joined)
            } else {
                numbers += phone.filter { $0.count >= 3 && $0.allSatisfy(\.isNumber) }
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
            endPhone()
            let letters = token.contains(where: \.isLetter)
            if token.contains("@" as Character)
                || (letters && token.dropFirst().dropLast().contains("." as Character) && !token.contains("..")) {
                if let value = IndexLayout.exactValue(token) {
                    identifiers.append(value)
                    protectedTexts.append(token)
                }
            } else if letters, token.dropFirst().dropLast().contains("-" as Character), let value = IndexLayout.exactValue(token) {
                identifiers.append(value)
            } else if letters, token.dropFirst().dropLast().contains("_" as Character), let value = IndexLayout.exactValue(token) {
                // A code such as "sku_42" is one word to ICU, and no word of any text.
                identifiers.append(value)
                protectedTexts.append(token)
            }

        }
        endPhone()
        for text in protectedTexts {
            guard let words = try? normalizedWords(in: text), !words.isEmpty, words.count <= request.count,
                  let start = (0...request.count - words.count).first(where: { request.words[$0..<$0 + words.count].elementsEqual(words) })
            else { continue }
            // Its words as an address's words are indexed: "control.earth" is "control" and "earth".
            let parts = words.flatMap { $0.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init) }
            request.replace(start..<start + words.count, with: parts)
            for index in start..<start + parts.count { request.protected[index] = true }
        }
        return (identifiers, numbers)
    }

    /// Punctuation around a written token ("(kestrel-5),").
    private static let edgePunctuation = Set(",;:!?\"()[]<>")

    /// A token without the punctuation around it.
    private static func trimmingPunctuation(_ token: Substring) -> Substring {
        var token = token
        while let first = token.first, edgePunctuation.contains(first) { token.removeFirst() }
        while let last = token.last, edgePunctuation.contains(last) { token.removeLast() }
        return token
    }

    /// Days written in numbers ("14/4", "4/22"), their words taken.
    private func takeNumericDates(in text: String, _ request: inout RequestWords) -> [(day: DateInterval, words: [String])] {
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

    /// Politeness at the start and end ("please", "can you", "thanks").
    private func takeFillers(_ request: inout RequestWords) {
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

    // MARK: Command

    /// A command found at the start of a request.
    private struct FoundCommand {
        var command: Interpretation.Command
        /// Where the words it acts on begin.
        var end: Int
        /// Whether the person it is said to is what it acts on ("call Mateo").
        var recipientIsTarget: Bool
        /// Whether a flag after it is the state it sets ("mark it done"), not a filter.
        var takesState: Bool
        /// Whether it asks for several entities.
        var many: Bool
    }

    /// The command at the start, with its arguments taken.
    private func takeCommand(_ request: inout RequestWords) -> FoundCommand? {
        guard let start = request.nextUntaken(from: 0), let (length, entry) = request.match(vocabulary.commands, at: start) else { return nil }
        // A command that is also a type's noun, before a cue or a clause about it, is the noun: "mail from
        // Amara", "texts about the launch", "mail I haven't read".
        let isNoun = grammar.typeNames.matches(in: request.words, at: start).contains { $0.length == length }
        let next = start + length
        let clauseFollows = request.words.indices.contains(next) && vocabulary.subjectPronouns.contains(request.words[next])
        guard !(isNoun && (grammar.cues.contains(in: request.words, at: next) || clauseFollows)) else { return nil }
        request.take(start..<start + length)
        var found = FoundCommand(command: Interpretation.Command(name: entry.name, words: request[start..<start + length], arguments: [],
                                                                 actsOn: types(named: entry.on, properties: false),
                                                                 asksAbout: types(named: entry.asks, properties: true)),
                                 end: start + length, recipientIsTarget: false, takesState: entry.argumentRoles.contains("state"),
                                 many: entry.many)
        let body = start + length
        if entry.recipientFirst {
            found.recipientIsTarget = takeRecipient(&request, after: body, entry: entry, into: &found.command)
            return found
        }
        // Each other argument begins at the last of its markers ("forward the mail from Inês to Seán").
        var end = request.count
        let markers = request.positions(from: body + 1).compactMap { index in
            request.match(entry.arguments, at: index).map { (index: index, length: $0.length, role: $0.value) }
        }
        for marker in markers.reversed() where marker.index < end {
            let span = (marker.index + marker.length..<end).filter(request.isUntaken)  // not the "please" after it
            guard !span.isEmpty else { continue }
            let words = span.map { request.words[$0] }
            var argument = Interpretation.Argument(role: marker.role, words: words, date: nil)
            if marker.role == "time" {
                if let date = moment(of: words) {
                    argument.date = date
                } else if span.contains(where: { grammar.typeNames.contains(in: request.words, at: $0) }) {
                    argument.role = "destination"  // "move it to the groceries list": where it goes, not what is wanted
                } else {
                    continue
                }
            }
            found.command.arguments.insert(argument, at: 0)
            request.take(marker.index..<end)
            end = marker.index
        }
        if entry.argumentRoles.contains("recipient"), !found.command.arguments.contains(where: { $0.role == "recipient" }),
           let recipient = takeRecipientBeforeObject(&request, after: body) {
            found.command.arguments.insert(.init(role: "recipient", words: recipient, date: nil), at: 0)
        }
        return found
    }

    /// "send Hugo my run log", "share Amara this": a recipient said right
    /// after the command, before what is sent — up to three words that name
    /// no type or cue, then an article or a pointer.
    private func takeRecipientBeforeObject(_ request: inout RequestWords, after body: Int) -> [String]? {
        func beginsObject(_ index: Int) -> Bool {
            vocabulary.articles.contains(request.words[index]) || vocabulary.focusedPointers.contains(in: request.words, at: index)
                || vocabulary.pluralPointers.contains(in: request.words, at: index)
        }
        guard let object = (body..<min(body + 4, request.count)).first(where: beginsObject), object > body else { return nil }
        let span = body..<object
        let namesSomeone = span.allSatisfy { index in
            request.isUntaken(index) && !vocabulary.ignored.contains(request.words[index])
                && !grammar.typeNames.contains(in: request.words, at: index) && !grammar.cues.contains(in: request.words, at: index)
        }
        guard namesSomeone else { return nil }
        request.take(span)
        return request[span]
    }

    /// The types some nouns name, and with `properties` those that have a property the nouns name.
    private func types(named nouns: [String], properties: Bool) -> [EntityType] {
        var types: Set<EntityType> = []
        for noun in nouns {
            guard let words = try? normalizedWords(in: noun), !words.isEmpty else { continue }
            types.formUnion(grammar.typeNames.matches(in: words, at: 0).filter { $0.length == words.count }.map(\.value.type))
            if properties {
                types.formUnion(grammar.propertyNames.matches(in: words, at: 0).filter { $0.length == words.count }.map(\.value.type))
            }
        }
        return types.sorted()
    }

    /// After a command said to someone: "text Amara back about it" (Amara is
    /// whom to text, "it" the topic and the entity acted on; a topic that is
    /// only words leaves her the one), "add Seán to the review" (the subject is
    /// acted on), "text Arjun that the relay may cut out"
    /// and "text her I'll be late" (the rest is the message). Whether the
    /// person is what the command acts on.
    private func takeRecipient(_ request: inout RequestWords, after body: Int, entry: RequestVocabulary.CommandEntry,
                               into command: inout Interpretation.Command) -> Bool {
        if request.isFree(body), vocabulary.speaker.contains(request.words[body]) {
            // "remind me about the dentist", "text me the details": said to oneself, so what it is about is meant.
            let marker = request.match(entry.arguments, at: body + 1)?.length ?? 0
            request.take(body..<body + 1 + marker)
            return false
        }
        let markers = request.positions(from: body + 1).compactMap { index in
            request.match(entry.arguments, at: index).map { (index: index, length: $0.length, role: $0.value) }
        }
        if let marker = markers.first {
            let rest = (marker.index + marker.length..<request.count).filter(request.isUntaken)
            let recipient = (body..<marker.index).filter(request.isUntaken)
            // A message, or a topic in words to someone ("text Divs about Amma's gift"), is said, not an entity to find.
            let isSaid = marker.role == "message"
                || marker.role == "topic" && !recipient.isEmpty && !rest.isEmpty && !pointsAtScreen(request, at: rest[0])
            if isSaid {
                command.arguments.append(.init(role: marker.role, words: rest.map { request.words[$0] }, date: nil))
                request.take(marker.index..<request.count)
                return true
            }
            request.take(marker.index..<marker.index + marker.length)
            guard !rest.isEmpty, !recipient.isEmpty else { return true }
            command.arguments.append(.init(role: "recipient", words: recipient.map { request.words[$0] }, date: nil))
            request.take(body..<marker.index)
            return false
        }
        if let (length, _) = request.match(vocabulary.personPointers, at: body), body + length < request.count {
            command.arguments.append(.init(role: "message", words: request[body + length..<request.count], date: nil))
            request.take(body + length..<request.count)
        }
        return true
    }

    /// Whether a screen reference starts at a position: "it", "this mail", "these", "the third one".
    private func pointsAtScreen(_ request: RequestWords, at index: Int) -> Bool {
        [vocabulary.focusedPointers, vocabulary.pluralPointers, vocabulary.onScreen].contains { $0.contains(in: request.words, at: index) }
            || request.match(vocabulary.ordinals, at: index + (vocabulary.articles.contains(request.words[index]) ? 1 : 0)) != nil
    }

    /// The moment words name when they are a time and nothing else ("Monday", "2 pm tomorrow").
    private func moment(of words: [String]) -> Date? {
        var span = RequestWords(words: words, possessive: words.map { _ in false })
        // A new time for something: "to 1" is one o'clock.
        let reading = TimeExpressionReader(words: vocabulary.time, clock: clock, tense: .future, isReferenceNoun: { _, _ in false },
                                           readsBareHours: true).read(&span)
        guard let time = reading.time, words.indices.allSatisfy({ span.taken[$0] || vocabulary.articles.contains(words[$0]) })
        else { return nil }
        if let from = time.from { return from }
        if let minutes = time.minutesOfDay { return clock.date(clock.startOfDay(clock.now), minutes: minutes.lowerBound) }
        return nil
    }

    // MARK: Anchor

    /// "after the crew lunch tomorrow": an entity the wanted one follows or
    /// precedes, when only types, articles and question words come before it.
    private func takeAnchor(_ request: inout RequestWords, after start: Int) -> Interpretation.Anchor? {
        for index in request.words.indices where index > start || (index == start && start > 0) {
            guard let (length, relation) = request.match(vocabulary.anchors, at: index) else { continue }
            let span = (index + length..<request.count).filter(request.isUntaken)
            guard !span.isEmpty else { continue }
            let leading = (start..<index).filter(request.isUntaken)
            let onlyFrame = leading.allSatisfy { position in
                let word = request.words[position]
                return vocabulary.ignored.contains(word) || vocabulary.articles.contains(word)
                    || grammar.typeNames.contains(in: request.words, at: position) || vocabulary.relatives.contains(in: request.words, at: position)
                    || vocabulary.one.contains(in: request.words, at: position)
                    || (position > 0 && grammar.typeNames.match(in: request.words, at: position - 1)?.length == 2)
            }
            // "the one after that" is an order after what is shown, not after an entity named "that".
            let pointsAtScreen = vocabulary.focusedPointers.match(in: request.words, at: span[0]).map { $0.length == span.count } ?? false
            guard onlyFrame, !pointsAtScreen, !startsWithTime(request, at: span[0]) else { continue }
            request.take(index..<request.count)
            return Interpretation.Anchor(relation: relation, words: span.map { request.words[$0] })
        }
        return nil
    }

    /// Whether every type the request names (by a noun, or the caller) is of
    /// things that happen and are not planned — photos taken, messages sent,
    /// an album of photos — rather than planned, or holding what is planned
    /// (a calendar's events).
    private func speaksOnlyOfWhatHappened(_ request: RequestWords, requested: Set<EntityType>) -> Bool {
        var named = requested
        for index in request.words.indices where request.isUntaken(index) {
            named.formUnion(grammar.typeNames.matches(in: request.words, at: index).map(\.value.type))
        }
        return !named.isEmpty && named.allSatisfy { type in
            !grammar.scheduledTypes.contains(type) && grammar.timedReferrers[type, default: []].allSatisfy { !grammar.scheduledTypes.contains($0) }
        }
    }

    /// Whether a time expression starts at a position ("after 3 pm" is a time, not an anchor).
    private func startsWithTime(_ request: RequestWords, at index: Int) -> Bool {
        var copy = request
        _ = TimeExpressionReader(words: vocabulary.time, clock: clock, tense: .either, isReferenceNoun: { _, _ in false }).read(&copy)
        return copy.taken[index] && !request.taken[index]
    }

    // MARK: Reference

    /// Whether a position holds a noun a screen reference ends in: "one" or a type ("the third photo").
    private func isReferenceNoun(at index: Int, in request: RequestWords) -> Bool {
        request.words.indices.contains(index)
            && (vocabulary.one.contains(in: request.words, at: index) || vocabulary.ones.contains(in: request.words, at: index)
                || grammar.typeNames.contains(in: request.words, at: index))
    }

    /// Whether a position holds a word still to be read that says something (not "the", not "did").
    private func isContent(at index: Int, in request: RequestWords) -> Bool {
        request.isUntaken(index) && !vocabulary.ignored.contains(request.words[index])
    }

    /// "this", "it", "these", "she", "the third photo", "the previous mail",
    /// "the 8 am one", "the mail that is open"; and an order in time said with
    /// other words ("my next call with Arjun"). "Her birthday dinner" is the
    /// birthday dinner of the person on screen: a cue, added to `cues`.
    private func takeReference(_ request: inout RequestWords, cues: inout [Interpretation.PropertyCue])
        -> (reference: Interpretation.Reference?, order: (order: RequestTime.Order, words: [String])?) {
        var kinds: [Interpretation.Reference.Kind] = []
        var starts: [Int] = []
        var words: [String] = []
        var order: (order: RequestTime.Order, words: [String])?
        var determinesNoun = false, saidAsPronoun = false  // "this note"; "the note about it"
        func found(_ kind: Interpretation.Reference.Kind, _ range: Range<Int>) {
            kinds.append(kind)
            starts.append(range.lowerBound)
            words += request[range]
            request.take(range)
        }
        for index in request.words.indices {
            if let (length, _) = request.match(vocabulary.onScreen, at: index) { found(.pointer, index..<index + length) }
            if let (length, order) = request.match(vocabulary.besideFocused, at: index) { found(.relative(order), index..<index + length) }
            if let (length, offset) = request.match(vocabulary.besideOnScreen, at: index),
               isReferenceNoun(at: index - 1, in: request) || pointsHere(request, after: index + length) {
                found(.shown(offset), index..<index + length)
            }
            if let (length, _) = request.match(vocabulary.other, at: index) { found(.other, index..<index + length) }
        }
        for index in request.words.indices where request.isFree(index) {
            if let (length, _) = request.match(vocabulary.personDeterminers, at: index), isContent(at: index + length, in: request),
               !grammar.propertyNames.contains(in: request.words, at: index + length) {
                cues.append(.init(properties: [], words: [], cue: request[index..<index + length], isPossessive: true, isOnScreen: true))
                request.take(index..<index + length)
            } else if let (length, _) = request.match(vocabulary.pluralPointers, at: index) {
                found(.plural, index..<index + length)
            } else if let (length, _) = request.match(vocabulary.personPointers, at: index) {
                found(.person, index..<index + length)
            } else if let (length, position) = request.match(vocabulary.ordinals, at: index), abs(position) == 1,
                      let (countLength, count) = count(at: index + length, in: request), count > 1,
                      isReferenceNoun(at: index + length + countLength, in: request)
                        || endsClause(at: pastFrame(from: index + length + countLength, in: request), in: request) {
                // "the first two", "the last three photos"
                found(.span(position * count), index..<index + length + countLength)
            } else if let (length, position) = request.match(vocabulary.ordinals, at: index), isReferenceNoun(at: index + length, in: request) {
                found(.position(position), index..<index + length)
            } else if let (length, relative) = request.match(vocabulary.relatives, at: index) {
                if isReferenceNoun(at: index + length, in: request), relative == .previous || relative == .next {
                    found(.relative(relative), index..<index + length)
                } else if isReferenceNoun(at: index + length, in: request) || isContent(at: index + length, in: request)
                            || endsClause(at: pastFrame(from: index + length, in: request), in: request) && !isNoun(request, index..<index + length) {
                    // "the next meeting", and after what it orders: "when am I talking to her next", "what's first (thing) on Monday".
                    order = (relative, request[index..<index + length])
                    request.take(index..<index + length)
                }
            } else if let (length, _) = request.match(vocabulary.focusedPointers, at: index),
                      !vocabulary.clauseStartingPointers.contains(request.words[index]) || pointsHere(request, after: index + length) {
                if isReferenceNoun(at: index + length, in: request) {
                    determinesNoun = true
                } else if (0..<index).contains(where: { grammar.typeNames.contains(in: request.words, at: $0) }) {
                    saidAsPronoun = true  // after the noun of what is wanted, not before a destination ("move it to the list")
                }
                // "this was taken at", "it starts": "this" and "it" always point; "that" may begin a clause.
                found(.pointer, index..<index + length)
            }
        }
        // "the 8 am one", "the one from Amara": "one" after what else was said, which describes it.
        let pointsAlready = kinds.contains(.pointer)  // "this one", "the one I have open"
        var isDescribed = false
        for index in request.words.indices where request.isFree(index) {
            if let (length, _) = request.match(vocabulary.one, at: index) {
                isDescribed = !pointsAlready
                found(.pointer, index..<index + length)
            } else if let (length, _) = request.match(vocabulary.ones, at: index) {
                found(.plural, index..<index + length)
            }
        }
        guard !kinds.isEmpty else { return (nil, order) }
        // "the one where he brings up the dinner", "the photo she sent", "messages from him": the one is
        // wanted, he is whose it is (but "send him the first one" sends it to him).
        let ones = starts.filter { vocabulary.one.contains(in: request.words, at: $0) }
        let people = zip(kinds, starts).filter { $0.0 == .person }.map(\.1)
        // A cue that relates to a person ("from", "with") before the pronoun makes it whose, not what.
        let personCues = Set(vocabulary.possessiveMeans + vocabulary.possessiveMayMean)
        let whose = people.contains { position in
            position > 0 && request.isFree(position - 1) && personCues.contains(request.words[position - 1])
                || (max(0, position - 3)..<position).contains { request.match(grammar.typeNames, at: $0)?.length == position - $0 }
        }
        if whose || ones.min().map({ firstOne in people.contains { $0 > firstOne } }) == true {
            kinds.removeAll { $0 == .person }
            cues.append(.init(properties: [], words: [], cue: [], isPossessive: true, isOnScreen: true))
            guard !kinds.isEmpty else { return (nil, order) }
        }
        // The most specific kind wins: a position or order, then plural, person, pointer.
        let kind = kinds.first {
            switch $0 { case .position, .span, .relative, .shown, .other: true; default: false }
        }
            ?? kinds.first { $0 == .plural } ?? kinds.first { $0 == .person } ?? .pointer
        return (Interpretation.Reference(kind: kind, words: words, isDescribed: isDescribed,
                                         isPronoun: kind == .pointer && saidAsPronoun && !determinesNoun && !isDescribed), order)
    }

    /// A count of things at a position: "two", "3".
    private func count(at index: Int, in request: RequestWords) -> (length: Int, count: Int)? {
        if let (length, count) = request.match(vocabulary.time.numbers, at: index) { return (length, count) }
        guard request.isFree(index), let count = Int(request.words[index]), count < 100 else { return nil }
        return (1, count)
    }

    /// Whether words are said as a noun, after an article ("show the next"),
    /// not after a pronoun ("talking to her next").
    private func isNoun(_ request: RequestWords, _ range: Range<Int>) -> Bool {
        func isArticle(_ index: Int) -> Bool {
            request.words.indices.contains(index) && vocabulary.articles.contains(request.words[index])
                && !vocabulary.personDeterminers.contains(in: request.words, at: index)
        }
        return isArticle(range.lowerBound) || isArticle(range.lowerBound - 1)
    }

    /// The first position from `index` on that holds more than a frame around
    /// what was said: words already read (a time) and words that say nothing.
    private func pastFrame(from index: Int, in request: RequestWords) -> Int {
        var position = index
        while position < request.words.count, !request.clauseStarts.contains(position),
              !request.isUntaken(position) || vocabulary.ignored.contains(request.words[position]) {
            position += 1
        }
        return position
    }

    /// Whether a clause ends before a position: the request's end or a comma.
    private func endsClause(at index: Int, in request: RequestWords) -> Bool {
        index == request.words.count || request.clauseStarts.contains(index)
    }

    /// Whether "that" before a position points at something rather than
    /// beginning a clause ("that mentions oxygen"): it ends the request or
    /// comes before a type, "one", a cue, a language or words already read.
    private func pointsHere(_ request: RequestWords, after index: Int) -> Bool {
        guard request.words.indices.contains(index) else { return true }
        if request.taken[index] || request.possessive[index] { return true }
        return isReferenceNoun(at: index, in: request) || grammar.cues.contains(in: request.words, at: index)
            || vocabulary.pointerFollowers.contains(request.words[index])
            || vocabulary.languageMarkers.contains(in: request.words, at: index)
            || vocabulary.languageNames.contains(in: request.words, at: index)
            || grammar.flags.contains(in: request.words, at: index)
    }

    // MARK: Languages, types, properties, flags

    /// "in Japanese", "the German note"; "into English" is taken but wanted, not filtered by.
    private func takeLanguages(_ request: inout RequestWords) -> [String] {
        var codes: [String] = []
        for index in request.words.indices where request.isFree(index) {
            if let (targetLength, _) = request.match(vocabulary.languageTargets, at: index),
               let (nameLength, _) = request.match(vocabulary.languageNames, at: index + targetLength),
               !request.isUntaken(index + targetLength + nameLength) {
                // "translate this into English": the language wanted, not the one it is in.
                request.take(index..<index + targetLength + nameLength)
            } else if let (markerLength, _) = request.match(vocabulary.languageMarkers, at: index),
               let (nameLength, code) = request.match(vocabulary.languageNames, at: index + markerLength) {
                codes.append(code)
                request.take(index..<index + markerLength + nameLength)
            } else if let (nameLength, code) = request.match(vocabulary.languageNames, at: index),
                      isReferenceNoun(at: index + nameLength, in: request) || !request.isUntaken(index + nameLength) {
                codes.append(code)
                request.take(index..<index + nameLength)
            }
        }
        return codes
    }

    /// "Inês's email address", "the phone number of Mateo": the types that
    /// have the property. "High priority": a value of the property, added to `cues`.
    private func takePropertyNames(_ request: inout RequestWords, cues: inout [Interpretation.PropertyCue]) -> Set<EntityType> {
        var types: Set<EntityType> = []
        for index in request.words.indices where request.isFree(index) {
            let matches = grammar.propertyNames.matches(in: request.words, at: index, usable: request.isFree)
            guard let length = matches.first?.length else { continue }
            let paths = matches.filter { $0.length == length }.map(\.value)
            // A value said before the property's name: "high priority", "cancelled status".
            if index > 0, request.isFree(index - 1) {
                let value = request.words[index - 1]
                let valued = paths.filter { path in grammar.enumerationCases(of: path).contains(value) }
                if !valued.isEmpty {
                    cues.append(.init(properties: valued, words: [value], cue: request[index..<index + length]))
                    request.take(index - 1..<index + length)
                    continue
                }
            }
            let afterOwner = index > 0 && (request.possessive[index - 1] || vocabulary.personPointers.contains(in: request.words, at: index - 1)
                || asksWhose(before: index, in: request))
            let owner = request.match(vocabulary.ownerMarkers, at: index + length)?.length ?? 0
            let beforeOwner = owner > 0 && request.isFree(index + length + owner)
            guard afterOwner || beforeOwner else { continue }
            types.formUnion(paths.map(\.type))
            request.take(index..<index + length + (beforeOwner ? owner : 0))
        }
        return types
    }

    /// Whether "whose" or "who's got" (and articles) come right before a position.
    private func asksWhose(before index: Int, in request: RequestWords) -> Bool {
        (max(0, index - 4)..<index).contains { start in
            guard let (length, _) = request.match(vocabulary.ownerQuestions, at: start) ?? vocabulary.ownerQuestions.match(in: request.words, at: start),
                  start + length <= index else { return false }
            return (start + length..<index).allSatisfy { vocabulary.articles.contains(request.words[$0]) }
        }
    }

    /// Nouns for types ("meetings", "mail", "photo"), and the words that said
    /// them; a noun that is also a kind of its type ("video") adds that kind to
    /// `kinds`, unless the type's own noun is said too ("photos and videos": any
    /// of them). A container said after a cue ("on the crew meals calendar", "in
    /// the Family album") is the cue's value, not a type wanted; said with a
    /// time ("my calendar next week"), it stands for what it holds.
    private func takeTypeWords(_ request: inout RequestWords, hasTime: Bool, kinds: inout [Interpretation.PropertyCue])
        -> (types: Set<EntityType>, words: [String], plural: Bool) {
        var types: Set<EntityType> = []
        var words: [String] = []
        var plural = false
        var saidKinds: [Interpretation.PropertyCue] = []
        var saidWhole: Set<EntityType> = []  // types named by a noun for all of them
        for index in request.words.indices where request.isFree(index) {
            let matches = grammar.typeNames.matches(in: request.words, at: index, usable: request.isFree)
            guard let length = matches.first?.length else { continue }
            let longest = matches.filter { $0.length == length }
            var named = Set(longest.map(\.value.type))
            if isCueValue(named, before: index, in: request) { continue }
            if hasTime {
                named = Set(named.flatMap { type in
                    grammar.schemas.schema(for: type)?.timeProperty == nil ? grammar.timedReferrers[type] ?? [type] : [type]
                })
            }
            types.formUnion(named)
            words += request[index..<index + length]
            plural = plural || longest.allSatisfy(\.value.isPlural)
            request.take(index..<index + length)
            for type in named {
                let kind = grammar.kinds(namedBy: request[index..<index + length], types: [type])
                if kind.isEmpty { saidWhole.insert(type) } else { saidKinds += kind }
            }
        }
        kinds += saidKinds.filter { kind in !kind.properties.allSatisfy { saidWhole.contains($0.type) } }
        return (types, words, plural)
    }

    /// Whether a type word at a position ends the value of a cue that refers
    /// to its type ("on the crew meals calendar"): free words with something
    /// to say lie between the cue and it.
    private func isCueValue(_ types: Set<EntityType>, before index: Int, in request: RequestWords) -> Bool {
        var position = index - 1
        var saysSomething = false
        while position >= 0, request.isFree(position) {
            let cues = grammar.cues.matches(in: request.words, at: position, usable: request.isFree)
            if cues.contains(where: { cue in
                grammar.schemas.schema(for: cue.value.type)?.property(named: cue.value.path)?.kind.referencedType.map(types.contains) ?? false
            }) {
                return saysSomething
            }
            saysSomething = saysSomething || !vocabulary.ignored.contains(request.words[position])
            position -= 1
        }
        return false
    }

    /// "unread", "favourite", "haven't done" — for the types named, or any type
    /// that has the flag. After a command that sets a state ("mark it done"),
    /// the states it sets.
    private func takeFlags(_ request: inout RequestWords, types: Set<EntityType>, implied: [String], asState: Bool)
        -> (flags: [Interpretation.FlagCue], states: [Interpretation.Argument]) {
        var flags: [Interpretation.FlagCue] = []
        var states: [Interpretation.Argument] = []
        func add(_ matches: [(length: Int, value: (path: Interpretation.PropertyPath, value: Bool))], words: [String], negated: Bool) -> Bool {
            let fitting = matches.filter { types.isEmpty || types.contains($0.value.path.type) }
            guard let value = fitting.first?.value.value else { return false }
            flags.append(.init(properties: fitting.filter { $0.value.value == value }.map(\.value.path), value: value != negated, words: words))
            return true
        }
        for index in request.words.indices where request.isFree(index) {
            let matches = grammar.flags.matches(in: request.words, at: index, usable: request.isFree)
            guard let length = matches.first?.length else { continue }
            if asState {
                states.append(.init(role: "state", words: request[index..<index + length], date: nil))
                request.take(index..<index + length)
                continue
            }
            // "haven't done", "not read yet": a negation up to two words before turns it around.
            let negation = (max(0, index - 3)..<index).first { start in
                request.isUntaken(start) && request.match(vocabulary.negations, at: start).map { start + $0.length >= index - 1 } == true
            }
            if add(matches.filter { $0.length == length }, words: request[(negation ?? index)..<index + length], negated: negation != nil) {
                request.take((negation ?? index)..<index + length)
            }
        }
        for word in implied {
            let words = (try? normalizedWords(in: word)) ?? []
            _ = add(grammar.flags.matches(in: words, at: 0).filter { $0.length == words.count }, words: words, negated: false)
        }
        return (flags, states)
    }

    /// "from Amara", "with Mateo", "in Airlock A", "tagged hydroponics",
    /// "what did Arjun send" (an agent: from Arjun), "Amara's photos" (a
    /// possessive): property values, each up to the next word already read.
    private func takeCues(_ request: inout RequestWords, types: Set<EntityType>) -> [Interpretation.PropertyCue] {
        var cues: [Interpretation.PropertyCue] = []
        func fitting(at index: Int) -> (length: Int, paths: [Interpretation.PropertyPath])? {
            let matches = grammar.cues.matches(in: request.words, at: index, usable: request.isFree)
                .filter { types.isEmpty || types.contains($0.value.type) }
            guard let length = matches.first?.length else { return nil }
            return (length, matches.filter { $0.length == length }.map(\.value))
        }
        var index = 0
        while index < request.count {
            guard request.isFree(index), let (length, paths) = fitting(at: index) else {
                index += 1
                continue
            }
            var end = index + length
            while request.isUntaken(end), fitting(at: end) == nil, !vocabulary.agentVerbs.contains(in: request.words, at: end),
                  !vocabulary.valueEnds.contains(request.words[end]), !request.clauseStarts.contains(end) {
                end += 1
            }
            let value = Array((index + length..<end).map { request.words[$0] }.drop { vocabulary.articles.contains($0) })
            guard value.contains(where: { !vocabulary.ignored.contains($0) }) else {
                index += 1
                continue
            }
            cues.append(.init(properties: paths, words: value, cue: request[index..<index + length]))
            request.take(index..<end)
            index = end
        }
        // "Amara's photos", "Seán O'Brien's mail": from, by, with or of the entity named, or mentioning it.
        for index in request.words.indices where request.possessive[index] && request.isUntaken(index) {
            var start = index
            while start > 0, index - start < 2, isContent(at: start - 1, in: request) { start -= 1 }
            guard !vocabulary.ignored.contains(request.words[index]) else { continue }
            cues.append(.init(properties: properties(cuedBy: vocabulary.possessiveMeans + vocabulary.possessiveMayMean, types: types),
                              words: request[start..<index + 1], cue: ["'s"], isPossessive: true))
            request.take(start..<index + 1)
        }
        return cues
    }

    /// "what did Arjun send", "everything Hugo emailed me": whoever does it is
    /// the value of the agent's cue (from Arjun), and the verb may say the type (mail).
    private func takeAgents(_ request: inout RequestWords, types: Set<EntityType>)
        -> (cues: [Interpretation.PropertyCue], types: Set<EntityType>) {
        var cues: [Interpretation.PropertyCue] = []
        var said: Set<EntityType> = []
        for index in request.words.indices where request.isFree(index) {
            guard let (length, noun) = request.match(vocabulary.agentVerbs, at: index) else { continue }
            var start = index
            while start > 0, index - start < 3, isContent(at: start - 1, in: request) { start -= 1 }
            let nounWords = noun.flatMap { try? normalizedWords(in: $0) } ?? []
            let nounTypes = Set(grammar.typeNames.matches(in: nounWords, at: 0).filter { $0.length == nounWords.count }.map(\.value.type))
            let paths = properties(cuedBy: [vocabulary.agentCue], types: nounTypes.isEmpty ? types : nounTypes)
            guard start < index, !paths.isEmpty else {
                // The verb alone says nothing to search for, but what it sends: "who emailed me" asks for a mail.
                request.take(index..<index + length)
                said.formUnion(nounTypes)
                continue
            }
            cues.append(.init(properties: paths, words: request[start..<index], cue: request[index..<index + length]))
            said.formUnion(nounTypes)
            request.take(start..<index + length)
        }
        return (cues, said)
    }

    /// The properties of some types (any, when empty) that cue words bring in.
    private func properties(cuedBy words: [String], types: Set<EntityType>) -> [Interpretation.PropertyPath] {
        var paths: [Interpretation.PropertyPath] = []
        for word in words {
            let folded = (try? normalizedWords(in: word)) ?? []
            for match in grammar.cues.matches(in: folded, at: 0) where match.length == folded.count
                && (types.isEmpty || types.contains(match.value.type)) && !paths.contains(match.value) {
                paths.append(match.value)
            }
        }
        return paths
    }
}
