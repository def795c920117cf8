import Foundation

/// The command a request starts with ("archive", "text Amara back about it",
/// "reschedule … to Monday") and its arguments, which are never searched for.
extension RequestParser {
    /// A command found at the start of a request.
    struct FoundCommand {
        var command: Interpretation.Command
        /// Where the words it acts on begin.
        var end: Int
        /// Whether the person it is said to is what it acts on ("call Mateo").
        var recipientIsTarget: Bool
        /// Whether a flag after it is the state it sets ("mark it done"), not a filter.
        var takesState: Bool
        /// Whether it sets a state, changes or shows an entity whole ("flag", "archive", "open"), not one value of it ("edit … to").
        var actsOnWhole = false
        /// Whether it asks for several entities.
        var many: Bool
        /// Whether it speaks of what lies ahead ("who's coming to").
        var liesAhead = false
        /// Whether it is said to oneself for later ("remind me about the last
        /// one tomorrow", "remind me to answer this tomorrow"): a time ahead is when.
        var isForLater = false
        /// Whether the person named right after it wrote what it acts on (`markAuthor`).
        var authorNamed = false
        /// Whether it does something with an entity: changes it ("delete"), sends it or answers it ("forward",
        /// "reply", "call"), rather than asks about, finds or shows it.
        var acts = false
    }

    /// The command at the start (or at a position), with its arguments taken.
    func takeCommand(_ request: inout RequestWords, from position: Int = 0) throws -> FoundCommand? {
        guard let start = request.nextUntaken(from: position) else { return nil }
        guard let (length, said) = request.match(vocabulary.commands, at: start) else {
            return position == 0 ? try takeUnknownVerb(&request, at: start) : nil
        }
        var entry = said
        if entry.argumentRoles.contains("recipient"), let (message, noun) = newMessage(after: start + length, in: request) {
            // "send her a text saying …", "send Mum an email": a new message, so the command that writes one, to them.
            entry = message
            request.take(noun)
        }
        // A command that is also a type's noun, before a cue or a clause about it, is the noun: "mail from
        // Amara", "texts about the launch", "mail I haven't read".
        let isNoun = grammar.typeNames.matches(in: request.words, at: start).contains { $0.length == length }
        let next = start + length
        let clauseFollows = request.words.indices.contains(next) && vocabulary.subjectPronouns.contains(request.words[next])
        // "email about the cargo rocket": no one to write to, so the noun.
        let topicFollows = request.words.indices.contains(next) && vocabulary.topicMarkers.contains(request.words[next])
        guard !(isNoun && (grammar.cues.contains(in: request.words, at: next) || clauseFollows || topicFollows)) else { return nil }
        // A command that is also a state of the type named right after it is that state: "open tasks on the WG list".
        let nextTypes = Set(grammar.typeNames.matches(in: request.words, at: next).map(\.value.type))
        guard nextTypes.isEmpty || grammar.flag(saidBy: Array(request.words[start..<next]), types: nextTypes) == nil else { return nil }
        request.take(start..<start + length)
        var found = FoundCommand(command: Interpretation.Command(name: entry.name, words: request[start..<start + length], arguments: [],
                                                                 actsOn: types(named: entry.on, properties: false),
                                                                 asksAbout: types(named: entry.asks, properties: true),
                                                                 changesEntity: entry.changes, asksAmount: entry.asksAmount),
                                 end: start + length, recipientIsTarget: false, takesState: entry.argumentRoles.contains("state"),
                                 actsOnWhole: entry.argumentRoles.contains("state") || entry.shows
                                     || entry.changes && entry.argumentRoles.isDisjoint(with: ["value", "name"]),
                                 many: entry.many, liesAhead: entry.liesAhead)
        found.acts = entry.changes || entry.recipientFirst || !entry.argumentRoles.isDisjoint(with: ["recipient", "message"])
        if !entry.sets.isEmpty {
            found.command.arguments.append(.init(role: "state", words: entry.sets, date: nil))
        }
        let body = start + length
        if entry.answersAuthor, takeMessageAfterName(&request, after: body, entry: entry, into: &found.command) {
            found.authorNamed = true
        }
        takeSaidClause(&request, after: body, entry: entry, into: &found.command)
        if entry.answersAuthor, !found.authorNamed { found.authorNamed = markAuthor(&request, after: body, entry: entry) }
        if entry.recipientFirst {
            let toSpeaker = request.isFree(body) && vocabulary.speaker.contains(request.words[body])
            found.recipientIsTarget = takeRecipient(&request, after: body, entry: entry, into: &found)
            if found.recipientIsTarget, pointsInEarlierClause(than: start, in: request) {
                // "the airport one – text Ola that it's on me": what the earlier clause points at is acted on, and
                // Ola is whom to.
                let free = (body..<request.clauseEnd(after: body)).prefix(while: request.isFree)
                let recipient = body..<body + free.count
                if !recipient.isEmpty {
                    found.command.arguments.insert(.init(role: "recipient", words: request[recipient], date: nil), at: 0)
                    request.take(recipient)
                }
                found.recipientIsTarget = false
            }
            // "remind me to answer this tomorrow": what is to be done is the command, on what it names.
            let afterMarker = (body..<request.count).last { request.taken[$0] }.map { $0 + 1 } ?? body + 1
            if toSpeaker, var later = try takeCommand(&request, from: afterMarker) {
                later.isForLater = true
                return later
            }
            // "remind me about the last one tomorrow morning": tomorrow morning is when to remind.
            found.isForLater = toSpeaker
            return found
        }
        // "send her the one with the dog": a recipient said before the object is the only one, so a later
        // recipient marker ("with") describes the object.
        let saidFirst = entry.argumentRoles.contains("recipient") ? takeRecipientBeforeObject(&request, after: body, entry: entry) : nil
        // Each other argument begins at the last of its markers ("forward the mail from Inês to Seán").
        var end = request.count
        // "forward to Álvaro", "reenvíaselo a Álvaro", "push back half an hour": with no object said, whom to or when begins
        // right after the command.
        let saysNoObject = request.isFree(body) && request.match(entry.arguments, at: body).map { ["recipient", "time"].contains($0.value) } == true
        let markers = request.positions(from: beginsWhatIsSaid(at: body, entry: entry, in: request) || saysNoObject ? body : body + 1).compactMap { index in
            isInsideOrdinal(request, at: index) ? nil : request.match(entry.arguments, at: index).map { (index: index, length: $0.length, role: $0.value) }
        }
        var recipientSaid = false  // after: "send the one with the cake to Marisol"
        // "move the reminder to call Julien back to Friday": a time's marker before a verb said to the assistant
        // begins what the thing says, no time.
        for marker in markers.reversed() where marker.index < end && !(saidFirst != nil && marker.role == "recipient")
            && !(marker.role == "time" && request.match(vocabulary.commands, at: marker.index + marker.length) != nil)
            && !(recipientSaid && marker.role == "recipient"
                 && (describesWhatIsSent(before: marker.index, in: request)
                     // "forward the one about Nico's trip to the Montseny to Andrés": part of what it is about.
                     || (body..<marker.index).contains { vocabulary.topicMarkers.contains(request.words[$0]) })) {
            // A time ends with its clause ("move the last one to Thursday, same time").
            let spanEnd = marker.role == "time" ? min(end, request.clauseEnd(after: marker.index)) : end
            let span = (marker.index + marker.length..<spanEnd).filter(request.isUntaken)  // not the "please" after it
            guard !span.isEmpty else {
                // "push the visa appointment back by a week": a marker right before the next argument is part of it.
                if marker.index + marker.length == end, end < request.count, found.command.arguments.first?.role == marker.role {
                    request.take(marker.index..<end)
                    end = marker.index
                }
                continue
            }
            // "rename my note of places to eat in Mexico City to 'CDMX food'": a thing has one new name (or time,
            // or value); an earlier marker of a role said already is part of what is renamed.
            if !["recipient", "message"].contains(marker.role), found.command.arguments.contains(where: { $0.role == marker.role }) {
                continue
            }
            if marker.role == "recipient" { recipientSaid = true }
            let words = span.map { request.words[$0] }
            var argument = Interpretation.Argument(role: marker.role, words: words, date: nil)
            // "push the lab cleanup back a week": how far it moves, kept as said.
            if marker.role == "time", !isLengthOfTime(words) {
                if let date = moment(of: words) {
                    argument.date = date
                } else if span.contains(where: { grammar.typeNames.contains(in: request.words, at: $0) }) {
                    argument.role = "destination"  // "move it to the groceries list": where it goes, not what is wanted
                } else if span.contains(where: { vocabulary.time.namesATime(in: request.words, at: $0) }) {
                    // "to the Tuesday after": a new time said from the old one, kept as said, and no time to find.
                } else {
                    continue
                }
            }
            found.command.arguments.insert(argument, at: 0)
            request.take(marker.index..<spanEnd)
            end = marker.index
        }
        if let saidFirst {
            found.command.arguments.insert(.init(role: "recipient", words: saidFirst, date: nil), at: 0)
        }
        return found
    }

    /// Whether what a command says begins right after it ("reply that I'll send
    /// it today", "respóndele que …"): a message marker there that does not
    /// point ("reply to that last one": "that" is the one replied to).
    private func beginsWhatIsSaid(at body: Int, entry: RequestVocabulary.CommandEntry, in request: RequestWords) -> Bool {
        guard request.isFree(body), let marker = request.match(entry.arguments, at: body), marker.value == "message" else { return false }
        guard vocabulary.focusedPointers.contains(in: request.words, at: body) else { return true }
        let next = body + marker.length
        return !(pointsHere(request, after: next) || vocabulary.relatives.contains(in: request.words, at: next)
                 || vocabulary.ordinals.contains(in: request.words, at: next))
    }

    /// Whether a marker comes right after what is sent, said as "one", "ones" or a
    /// type's noun ("the one with the cake", "the photo with the dog"): once
    /// whom it goes to is said, such a marker describes it.
    func describesWhatIsSent(before index: Int, in request: RequestWords) -> Bool {
        (max(0, index - 2)..<index).contains { start in
            [vocabulary.one, vocabulary.ones].contains { $0.match(in: request.words, at: start)?.length == index - start }
                || grammar.typeNames.matches(in: request.words, at: start).contains { start + $0.length == index }
        }
    }

    /// "reply to him, I'll send everything Monday": a later clause in which the
    /// speaker says something ("I", "I'll", "we") is the message a command
    /// that takes one says, not words or a time to find ("she's asking about
    /// the gallery" describes what is wanted). So is one that points at
    /// nothing, after the command's object was said ("reply to Marco's, see
    /// you at 9"): no pronoun, "one", type or mention in it. And one that
    /// begins by saying what to tell ("answer this, tell her to book it").
    func takeSaidClause(_ request: inout RequestWords, after body: Int, entry: RequestVocabulary.CommandEntry,
                        into command: inout Interpretation.Command) {
        guard entry.argumentRoles.contains("message"),
              let start = request.clauseStarts.filter({ $0 > body && request.isFree($0) }).min() else { return }
        // What is said runs to the end, over the clauses it has ("yes to both, and zero dropouts since the fix").
        let end = request.count
        // "reply to her — yes please": "her" ending the clause is whom, not an article.
        let objectSaid = (body..<start).contains { request.isFree($0) && !vocabulary.articles.contains(request.words[$0]) }
            || request.isFree(start - 1) && vocabulary.personPointers.match(in: request.words, at: start - 1)?.length == 1
        let tells = request.match(vocabulary.commands, at: start)?.value.argumentRoles.contains("message") ?? false
        // A description begins so ("the one about dinner", "she's asking about the gallery"); what is said may
        // point on later ("all good, go ahead and file it").
        let describes = (start..<min(start + Self.describingStart, end)).contains { pointsOrNames(at: $0, in: request) }
        let quoted = objectSaid && request.quoteStarts.contains(start)
        guard isSpeakerSubject(request.words[start]) || tells || quoted || objectSaid && !describes else { return }
        command.arguments.append(.init(role: "message", words: request[start..<end], date: nil))
        request.take(start..<end)
    }

    /// "reply to minh thursday works, see u at 8": after a command that answers
    /// what someone wrote, a name the index holds and then words that neither
    /// point, name a type nor begin an argument or a cue: the one who wrote
    /// what is answered (marked possessive, as `markAuthor` marks), and what is
    /// said to them, to the end. Whether it was so.
    func takeMessageAfterName(_ request: inout RequestWords, after body: Int, entry: RequestVocabulary.CommandEntry,
                              into command: inout Interpretation.Command) -> Bool {
        guard entry.argumentRoles.contains("message"), let isNameWord else { return false }
        func namesSomeone(_ index: Int) -> Bool {
            request.isFree(index) && !request.possessive[index] && !vocabulary.ignored.contains(request.words[index])
                && !vocabulary.time.namesATime(in: request.words, at: index) && (try? isNameWord(request.words[index])) == true
        }
        // The whole name: "Frau Aydın", not "Frau" and then what is said.
        let clauseEnd = request.clauseEnd(after: body)
        var said = body
        while said < clauseEnd, said - body < Self.longestRecipient, namesSomeone(said) { said += 1 }
        guard said > body, said < clauseEnd, request.isFree(said),
              !(body..<clauseEnd).contains(where: { pointsOrNames(at: $0, in: request) }),
              !vocabulary.topicMarkers.contains(request.words[said]), !grammar.cues.contains(in: request.words, at: said),
              request.match(entry.arguments, at: said) == nil, !vocabulary.articles.contains(request.words[said])
        else { return false }
        request.possessive[said - 1] = true
        command.arguments.append(.init(role: "message", words: request[said..<request.count], date: nil))
        request.take(said..<request.count)
        return true
    }

    /// "reply to Katarzyna about the training", "get back to Devon about covering
    /// the meeting": after a command that answers what someone wrote, the person
    /// named right after it wrote it, as "reply to Katarzyna's message" says. The
    /// name is up to three words that point at nothing and name no type, cue or
    /// time, and end the clause or come right before what it is about, a cue or
    /// an argument — or a pronoun right before what it is about; its last word
    /// is marked possessive. Whether one was.
    func markAuthor(_ request: inout RequestWords, after body: Int, entry: RequestVocabulary.CommandEntry) -> Bool {
        func isMarker(_ index: Int) -> Bool {
            vocabulary.topicMarkers.contains(request.words[index]) || grammar.cues.contains(in: request.words, at: index)
                || request.match(entry.arguments, at: index) != nil
        }
        func isNameWord(_ index: Int) -> Bool {
            let word = request.words[index]
            return request.isFree(index) && word.contains(where: \.isLetter) && !vocabulary.ignored.contains(word) && !isMarker(index)
                && !pointsOrNames(at: index, in: request) && !vocabulary.time.namesATime(in: request.words, at: index)
        }
        // "answer her about Valencia": what she wrote about it, too.
        if request.isFree(body), let (length, _) = request.match(vocabulary.personPointers, at: body), body + length < request.count,
           vocabulary.topicMarkers.contains(request.words[body + length]) {
            request.possessive[body + length - 1] = true
            return true
        }
        var end = body
        while end < request.clauseEnd(after: body), end - body < Self.longestRecipient, isNameWord(end), !request.possessive[end] { end += 1 }
        guard end > body, end == request.clauseEnd(after: body) || isMarker(end) else { return false }
        request.possessive[end - 1] = true
        return true
    }

    /// Whether a word points at something or names what is wanted: a pronoun or
    /// pointer, "one", a type's noun or a verb of mentioning.
    func pointsOrNames(at index: Int, in request: RequestWords) -> Bool {
        let pointers = [vocabulary.focusedPointers, vocabulary.pluralPointers, vocabulary.personPointers, vocabulary.one, vocabulary.mentionVerbs]
        return pointers.contains { $0.contains(in: request.words, at: index) } || grammar.typeNames.contains(in: request.words, at: index)
    }

    /// The words at the start of a later clause in which a description of what is wanted points or names.
    static let describingStart = 2

    /// The most words a recipient said before the message takes ("text Mama Lopez I'm late").
    static let longestRecipient = 3

    /// Whether a word is the speaker as a subject: "I", "I'll", "we're".
    func isSpeakerSubject(_ word: String) -> Bool {
        vocabulary.speakerSubjects.contains(withoutContraction(word))
    }

    /// A word without what an apostrophe joins to it: "i'll" -> "i", "that's" -> "that".
    func withoutContraction(_ word: String) -> String {
        word.split(separator: "'").first.map(String.init) ?? word
    }

    /// "mute the Familia chat", "hide this", "translate this message": a
    /// word no table knows, said first and right before an article or a
    /// pointer at what is wanted, is a verb said to the assistant — a command
    /// whose name is the verb, not a word to search; unless it is a name word,
    /// as written or misspelt ("Sophie m'a relancée", "Tyxho The Orbit").
    func takeUnknownVerb(_ request: inout RequestWords, at start: Int) throws -> FoundCommand? {
        let next = start + 1, word = request.words[start]
        guard request.words.indices.contains(next), request.isFree(next), !request.possessive[start],
              word.allSatisfy(\.isLetter), !vocabulary.ignored.contains(word), !vocabulary.speaker.contains(word),
              !vocabulary.subjectPronouns.contains(word), !grammar.typeNames.contains(in: request.words, at: start),
              !grammar.cues.contains(in: request.words, at: start), !vocabulary.time.namesATime(in: request.words, at: start)
        else { return nil }
        // "this" and "these" point only when what follows is what they point at or a word
        // that goes on from a pointer ("save this as a note"): "Amara this morning" is a time.
        let pointer = [vocabulary.focusedPointers, vocabulary.pluralPointers].compactMap { $0.match(in: request.words, at: next) }.first
        let pointsAtWhatIsWanted = pointer.map { length, _ in
            let after = next + length
            return after == request.count || grammar.typeNames.contains(in: request.words, at: after)
                || vocabulary.one.contains(in: request.words, at: after) || vocabulary.pointerFollowers.contains(request.words[after])
        }
        guard pointsAtWhatIsWanted ?? vocabulary.articles.contains(request.words[next]),
              try !(isNameWord?(word) ?? false) else { return nil }
        request.take(start..<next)
        return FoundCommand(command: Interpretation.Command(name: word, words: [word], arguments: []), end: next,
                            recipientIsTarget: false, takesState: false, many: false)
    }

    /// "send Hugo my run log", "share Amara this", "send her the photo": a
    /// recipient said right after the command, before what is sent — up to
    /// three words that name no type or cue, then an article or a pointer. The
    /// command's own recipient marker may come first ("envíale a Dieguito el itinerario").
    func takeRecipientBeforeObject(_ request: inout RequestWords, after command: Int, entry: RequestVocabulary.CommandEntry) -> [String]? {
        let marker = request.isFree(command) ? request.match(entry.arguments, at: command).flatMap { $0.value == "recipient" ? $0.length : nil } : nil
        let body = command + (marker ?? 0)
        func beginsObject(_ index: Int) -> Bool {
            // "schick Claires Entwurf an Tobi": a recipient's marker ("an") begins whom to, not what.
            guard request.match(entry.arguments, at: index)?.value != "recipient" else { return false }
            return vocabulary.articles.contains(request.words[index]) || vocabulary.focusedPointers.contains(in: request.words, at: index)
                || vocabulary.pluralPointers.contains(in: request.words, at: index)
                // "send Laura all the photos": a small word before the article begins it.
                || vocabulary.ignored.contains(request.words[index]) && index + 1 < request.count
                    && vocabulary.articles.contains(request.words[index + 1])
        }
        guard body + 1 < request.count,
              let object = (body + 1..<min(body + 1 + Self.longestRecipient, request.count)).first(where: beginsObject) else { return nil }
        let span = body..<object
        let isPronoun = request.match(vocabulary.personPointers, at: body)?.length == span.count && request.isUntaken(body)
        let namesSomeone = isPronoun || span.allSatisfy { index in
            request.isUntaken(index) && !vocabulary.ignored.contains(request.words[index])
                && !grammar.typeNames.contains(in: request.words, at: index) && !grammar.cues.contains(in: request.words, at: index)
                // "reenvía esto a Andrés": what points at the screen is what is sent.
                && !vocabulary.focusedPointers.contains(in: request.words, at: index) && !vocabulary.pluralPointers.contains(in: request.words, at: index)
        }
        guard namesSomeone else { return nil }
        request.take(command..<object)
        return request[span]
    }

    /// "Send her a text", "send Mum an email": after up to `longestRecipient`
    /// words that name someone, an indefinite article and a noun that is itself
    /// a command said to someone with a message ("text", "email"). That command
    /// and where the article and noun are; nil when none is said.
    func newMessage(after body: Int, in request: RequestWords) -> (RequestVocabulary.CommandEntry, Range<Int>)? {
        for article in body + 1..<max(body + 1, min(body + 1 + Self.longestRecipient, request.count))
        where vocabulary.indefiniteArticles.contains(request.words[article]) {
            guard (body..<article).allSatisfy({ request.isFree($0) && !grammar.typeNames.contains(in: request.words, at: $0) }),
                  let (length, entry) = request.match(vocabulary.commands, at: article + 1),
                  entry.recipientFirst, entry.argumentRoles.contains("message") else { return nil }
            return (entry, article..<article + 1 + length)
        }
        return nil
    }

    /// The types some nouns name, and with `properties` those that have a property the nouns name.
    func types(named nouns: [String], properties: Bool) -> [EntityType] {
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
    /// whom to text, "it" the topic and the entity acted on), "text Tomoko back
    /// about the comp deadline" (a reply: what she wrote about it is acted on),
    /// "text Divs about Amma's gift" (a topic in words is said, and she is the
    /// one), "add Seán to the review" (the subject is acted on), "text Arjun
    /// that the relay may cut out" and "text her I'll be late" (the rest is the
    /// message). Whether the person is what the command acts on.
    func takeRecipient(_ request: inout RequestWords, after body: Int, entry: RequestVocabulary.CommandEntry,
                       into found: inout FoundCommand) -> Bool {
        if request.isFree(body), vocabulary.speaker.contains(request.words[body]) {
            // "remind me about the dentist", "text me the details": said to oneself, so what it is about is
            // meant; "remind me tomorrow to…": the marker may follow a time.
            request.take(body..<body + 1)
            var next = body + 1
            while next < request.count, vocabulary.time.namesATime(in: request.words, at: next) { next += 1 }
            if let (length, _) = request.match(entry.arguments, at: next) { request.take(next..<next + length) }
            return false
        }
        let markers = request.positions(from: body + 1).compactMap { index in
            isInsideOrdinal(request, at: index) ? nil : request.match(entry.arguments, at: index).map { (index: index, length: $0.length, role: $0.value) }
        }
        // "text Mama I'll be there Sunday", "text her I'll pick her up at quarter to eleven", "tell the book club chat
        // I'll make it": after whom it is said to, the speaker saying something is the message, whatever markers it holds.
        let window = Self.longestRecipient + (saysArticle(at: body, in: request) ? 1 : 0)
        // Unless a later marker begins a clause of its own: "text the girl I'm interviewing that we start at 11".
        let saysLater = markers.contains { marker in
            marker.role == "message" && request.words.indices.contains(marker.index + marker.length)
                && (isSpeakerSubject(request.words[marker.index + marker.length])
                    || vocabulary.subjectPronouns.contains(withoutContraction(request.words[marker.index + marker.length])))
        }
        if !saysLater,
           let start = request.words.indices.dropFirst(body + 1).prefix(window).first(where: { request.isFree($0) && isSpeakerSubject(request.words[$0]) }),
           markers.first.map({ $0.index > start }) ?? true {
            found.command.arguments.append(.init(role: "message", words: request[start..<request.count], date: nil))
            request.take(start..<request.count)
            return true
        }
        if var marker = markers.first {
            if markers.count > 1, markers[1].index == marker.index + marker.length, markers[1].role == "message" {
                // "text Olga back that I'm in for the flat": "back", then what is said.
                marker = (index: marker.index, length: marker.length + markers[1].length, role: markers[1].role)
            }
            let rest = (marker.index + marker.length..<request.count).filter(request.isUntaken)
            let recipient = (body..<marker.index).filter(request.isUntaken)
            if marker.role == "reply" {
                if let author = recipient.last, let said = rest.first, !pointsAtScreen(request, at: said) {
                    // "text Tomoko back about the comp deadline": she wrote what is answered, the rest says what about.
                    request.take(marker.index..<marker.index + marker.length)
                    request.possessive[author] = true
                    found.authorNamed = true
                    found.command.actsOn = types(named: entry.repliesOn, properties: false)
                    return false
                }
                marker.role = "topic"  // "text Amara back about it": what is pointed at is the topic
            }
            // What comes before the marker points at a thing, not at someone: "this", "the Freebox one".
            let pointsAtThing = recipient.first.map { pointsAtScreen(request, at: $0) } ?? false
                || recipient.contains { vocabulary.one.contains(in: request.words, at: $0) }
            if marker.role == "message", pointsAtThing, !rest.isEmpty, rest.count <= Self.longestRecipient,
               rest.allSatisfy({ !vocabulary.ignored.contains(request.words[$0]) }) {
                // "email the insurance one to Alvin", "text this to Mum": what is pointed at is sent, to whom the
                // name after the marker says.
                found.command.arguments.append(.init(role: "recipient", words: rest.map { request.words[$0] }, date: nil))
                request.take(marker.index..<request.count)
                return false
            }
            // A message, or a topic in words to someone ("text Divs about Amma's gift"), is said, not an entity to find.
            let isSaid = marker.role == "message"
                || marker.role == "topic" && !recipient.isEmpty && !rest.isEmpty && !pointsAtScreen(request, at: rest[0])
            if isSaid {
                found.command.arguments.append(.init(role: marker.role, words: rest.map { request.words[$0] }, date: nil))
                request.take(marker.index..<request.count)
                return true
            }
            // "add the skippers' briefing from the regatta email to my calendar", "add Kay's arrival to my calendar": a
            // thing said with its article or its owner goes where things are kept ("add Kevin to the kitchen chat",
            // "add oat milk to my list" name no such thing).
            let saysThing = recipient.first.map { saysArticle(at: $0, in: request) } == true
                || recipient.dropLast().contains { request.possessive[$0] }
            let toHolder = saysThing && rest.contains { index in
                grammar.typeNames.matches(in: request.words, at: index).contains { !grammar.held(by: $0.value.type).isEmpty }
            }
            if marker.role == "subject", pointsAtThing || toHolder, !rest.isEmpty {
                // "add this to my calendar", "add the Freebox one to my calendar": what is pointed at is acted
                // on, and the rest says where it goes.
                found.command.arguments.append(.init(role: "destination", words: rest.map { request.words[$0] }, date: nil))
                request.take(marker.index..<request.count)
                return false
            }
            request.take(marker.index..<marker.index + marker.length)
            guard !rest.isEmpty, !recipient.isEmpty else { return true }
            found.command.arguments.append(.init(role: "recipient", words: recipient.map { request.words[$0] }, date: nil))
            request.take(body..<marker.index)
            return false
        }
        if let (length, _) = request.match(vocabulary.personPointers, at: body), body + length < request.count {
            let said = (body + length..<request.count).filter(request.isUntaken)
            if !said.isEmpty { found.command.arguments.append(.init(role: "message", words: said.map { request.words[$0] }, date: nil)) }
            request.take(body + length..<request.count)
        }
        return true
    }

    /// Whether a word is inside an ordinal of more words ("to" in "the second to last"): no argument's marker.
    private func isInsideOrdinal(_ request: RequestWords, at index: Int) -> Bool {
        (max(0, index - 2)..<index).contains { start in
            request.match(vocabulary.ordinals, at: start).map { start + $0.length > index } ?? false
        }
    }

    /// Whether an article is said at a position.
    private func saysArticle(at index: Int, in request: RequestWords) -> Bool {
        request.words.indices.contains(index) && vocabulary.articles.contains(request.words[index])
    }

    /// Whether a screen reference starts at a position: "it", "this mail", "these", "the third one",
    /// "the second"; not "a second shooter", where the ordinal describes a thing that is not on screen.
    func pointsAtScreen(_ request: RequestWords, at index: Int) -> Bool {
        if [vocabulary.focusedPointers, vocabulary.pluralPointers, vocabulary.onScreen].contains(where: { $0.contains(in: request.words, at: index) }) {
            return true
        }
        let ordinal = index + (vocabulary.articles.contains(request.words[index]) ? 1 : 0)
        guard let (length, _) = request.match(vocabulary.ordinals, at: ordinal) else { return false }
        return isReferenceNoun(at: ordinal + length, in: request) || saysOne(at: ordinal + length, afterOrdinalAt: ordinal, in: request)
            || endsClause(at: ordinal + length, in: request)
    }

    /// Whether a clause before the one a position is in points at something shown ("the airport one", "this").
    func pointsInEarlierClause(than position: Int, in request: RequestWords) -> Bool {
        (0..<request.clauseStart(of: position)).contains { pointsAtScreen(request, at: $0) || vocabulary.one.contains(in: request.words, at: $0) }
    }

    /// "remind me about the meeting an hour before", "set an alert an hour before this": how long before or
    /// after what is acted on, a command's argument (`offset`), taken — no words to find, no reference beside.
    /// And how far a change moves it, said with no marker ("push the demolition two days later", "décale-les
    /// d'une heure" after its object): its new time.
    func takeOffset(_ request: inout RequestWords, into command: inout Interpretation.Command, commandEnd: Int) {
        let movesIt = command.changesEntity && !command.arguments.contains { $0.role == "time" }
        let clauseEnd = request.clauseEnd(after: max(commandEnd - 1, 0))
        // A count or article says it ("an hour"): "week" alone ends "both my nights next week".
        let earliest = max(commandEnd, clauseEnd - 4)
        if movesIt, let start = (earliest..<max(earliest, clauseEnd - 1)).first(where: { start in
            (start..<clauseEnd).allSatisfy(request.isFree) && isLengthOfTime(Array(request.words[start..<clauseEnd]))
        }) {
            command.arguments.append(.init(role: "time", words: request[start..<clauseEnd], date: nil))
            request.take(start..<clauseEnd)
            return
        }
        for index in request.words.indices where request.isFree(index) {
            let (length, role): (Int, String)
            if let (anchor, _) = request.match(vocabulary.anchors, at: index) {
                (length, role) = (anchor, "offset")
            } else if movesIt, let (direction, _) = request.match(vocabulary.time.directions, at: index) {
                (length, role) = (direction, "time")
            } else {
                continue
            }
            // It ends its clause, or only "this" follows.
            let end = index + length
            let pointer = vocabulary.focusedPointers.match(in: request.words, at: end)?.length ?? 0
            guard end + pointer == request.clauseEnd(after: index),
                  let start = (max(0, index - 4)..<index).first(where: { start in
                      (start..<index).allSatisfy(request.isFree) && isLengthOfTime(Array(request.words[start..<index]))
                  }) else { continue }
            command.arguments.append(.init(role: role, words: request[start..<end], date: nil))
            request.take(start..<end)
            return
        }
    }

    /// Whether words are a length of time and nothing else ("a week", "two days", "half an hour"),
    /// or with the way something moves by it ("two days later", "zwei Tage nach hinten").
    func isLengthOfTime(_ words: [String]) -> Bool {
        let span = RequestWords(words: words, possessive: words.map { _ in false })
        let half = span.match(vocabulary.time.half, at: 0)?.length ?? 0  // "half an hour"
        let count = half + (vocabulary.time.number(at: half, in: span)?.length
            ?? (words.indices.contains(half) && vocabulary.articles.contains(words[half]) ? 1 : 0))
        guard let (unitLength, _) = span.match(vocabulary.time.units, at: count) else { return false }
        let direction = span.match(vocabulary.time.directions, at: count + unitLength)?.length ?? 0
        return count + unitLength + direction == words.count
    }

    /// The moment words name when they are a time and nothing else ("Monday", "2 pm tomorrow").
    func moment(of words: [String]) -> Date? {
        var span = RequestWords(words: words, possessive: words.map { _ in false })
        // A new time for something: "to 1" is one o'clock.
        let reading = TimeExpressionReader(words: vocabulary.time, clock: clock, tense: .future, isReferenceNoun: { _, _ in false },
                                           readsBareHours: true).read(&span)
        // "to sometime next week": words that say nothing may come with it, not time words ("the Tuesday after").
        guard let time = reading.time, words.indices.allSatisfy({ index in
            span.taken[index] || vocabulary.articles.contains(words[index])
                || vocabulary.ignored.contains(words[index]) && !vocabulary.time.spoken.contains(words[index])
        })
        else { return nil }
        if let from = time.from { return from }
        if let minutes = time.minutesOfDay { return clock.date(clock.startOfDay(clock.now), minutes: minutes.lowerBound) }
        return nil
    }
}
