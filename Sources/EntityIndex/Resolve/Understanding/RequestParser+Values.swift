import Foundation

/// The languages, types, property names and values, flags and agents a request names.
extension RequestParser {
    /// "in Japanese", "the German note"; "into English" is taken but wanted, not filtered by.
    func takeLanguages(_ request: inout RequestWords) -> (codes: [String], unmarkedWords: [String]) {
        var codes: [String] = [], unmarkedWords: [String] = []
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
                      isReferenceNoun(at: index + nameLength, in: request) || namesLanguage(at: index, length: nameLength, in: request) {
                codes.append(code)
                unmarkedWords += request[index..<index + nameLength]
                request.take(index..<index + nameLength)
            }
        }
        return (codes, unmarkedWords)
    }

    /// Whether a language's name said without a marker names the language:
    /// before what was read already ("the French mail"), or ending the
    /// request after no word to find ("which texts are Japanese"; in "the pad
    /// thai" it is part of what is said).
    private func namesLanguage(at index: Int, length: Int, in request: RequestWords) -> Bool {
        guard index + length == request.count else { return !request.isUntaken(index + length) }
        return index == 0 || !isContent(at: index - 1, in: request)
    }

    /// Whether a cue's words end before a position, small words ("my", "the") between: "at my mum's".
    private func saysCue(before index: Int, in request: RequestWords) -> Bool {
        var position = index - 1
        while position >= 0 {
            if let cue = grammar.cues.match(in: request.words, at: position), position + cue.length <= index { return true }
            guard vocabulary.ignored.contains(request.words[position]) || vocabulary.articles.contains(request.words[position]) else { return false }
            position -= 1
        }
        return false
    }

    /// "Inês's email address", "the phone number of Mateo": the types that
    /// have the property. "High priority": a value of the property, added to `cues`.
    /// After a command that sets a state, changes or shows a whole entity
    /// (`actsOnWhole`), or acts on the type, a property's name that is also a
    /// type's noun is the type ("mark Haruto's email as read", "flag Alvin's
    /// email", "open Haru's email", "forward Haruto's email to Yuki": a mail; a
    /// contact's address is never read, flagged, opened or forwarded, though it may be edited). Right after
    /// a command that changes an entity (`changing`: where its object begins), a property's name is what it
    /// changes: "set an alert an hour before it" acts on what has an alarm.
    /// Followed by what it is about, a time or a property's cue, such a name is the type's noun:
    /// "Hannah's email about the party", "Montse's email from yesterday" are mails. After a command, a value
    /// said after "to" is the one it sets ("bump the gloves order to high
    /// priority"), added to `values`.
    func takePropertyNames(_ request: inout RequestWords, cues: inout [Interpretation.PropertyCue], values: inout [Interpretation.Argument],
                           asked: inout [Interpretation.PropertyPath],
                           actsOnWhole: Bool, afterCommand: Bool, actsOn: Set<EntityType>, changing: Int?) -> Set<EntityType> {
        var types: Set<EntityType> = []
        for index in request.words.indices where request.isFree(index) {
            let matches = grammar.propertyNames.matches(in: request.words, at: index, usable: request.isFree)
            guard let length = matches.first?.length else { continue }
            // A type's noun said as the whole name ("email", not "email address").
            let nounOf = Set(grammar.typeNames.matches(in: request.words, at: index).filter { $0.length == length }.map(\.value.type))
            guard !(actsOnWhole && !nounOf.isEmpty), nounOf.isDisjoint(with: actsOn) else { continue }
            // A noun that says what it is about, when or another of its values is the type: "Hannah's email about the
            // party", "Montse's email from yesterday" are mails.
            let next = index + length
            // An owner marker that is a cue of other types ("of", a photo's people) says whose the value is: "email of the reporter".
            let ownerFollows = request.match(vocabulary.ownerMarkers, at: next) != nil
            let cueOfNoun = grammar.cues.matches(in: request.words, at: next).contains { !ownerFollows || nounOf.contains($0.value.type) }
            if !nounOf.isEmpty, request.words.indices.contains(next),
               vocabulary.topicMarkers.contains(request.words[next]) || vocabulary.time.namesATime(in: request.words, at: next)
                || cueOfNoun && !(changing != nil && vocabulary.newValueMarkers.contains(request.words[next])) {
                continue
            }
            let paths = matches.filter { $0.length == length }.map(\.value)
            // A value said before the property's name: "high priority", "cancelled status".
            if index > 0, request.isFree(index - 1) {
                let value = request.words[index - 1]
                let valued = paths.filter { path in grammar.enumerationCases(of: path).contains(value) }
                if !valued.isEmpty, afterCommand, index > 1, request.isFree(index - 2),
                   vocabulary.newValueMarkers.contains(request.words[index - 2]) {
                    values.append(.init(role: "value", words: request[index - 1..<index + length], date: nil))
                    request.take(index - 2..<index + length)
                    continue
                }
                if !valued.isEmpty {
                    cues.append(.init(properties: valued, words: [value], cue: request[index..<index + length]))
                    request.take(index - 1..<index + length)
                    continue
                }
            }
            let changed = changing.map { start in
                index == start || index == start + 1 && vocabulary.articles.contains(request.words[start])
            } ?? false
            if changed, nounOf.isEmpty {
                types.formUnion(paths.map(\.type))
                request.take(index..<index + length)
                continue
            }
            // "the import permit number for the shipment", "my bib number for Sunday": a word before the name that
            // says what kind it is makes it that thing's, not a person's.
            if index > 0, request.isFree(index - 1), !request.possessive[index - 1], isContent(at: index - 1, in: request) { continue }
            if index > 0, request.possessive[index - 1], saysCue(before: index - 1, in: request) {
                // "the wifi password at my mum's place": the place is the cue's value, no property asked for.
                request.take(index..<index + length)
                continue
            }
            // "what does the agreement say about staying past the end of shift": in what something is about, a word.
            if saysWhatSomethingIsAbout(before: index, in: request) { continue }
            let afterOwner = index > 0 && (request.possessive[index - 1] || vocabulary.personPointers.contains(in: request.words, at: index - 1)
                || asksWhose(before: index, in: request))
            let owner = request.match(vocabulary.ownerMarkers, at: index + length)?.length ?? 0
            let beforeOwner = owner > 0 && request.isFree(index + length + owner)
            guard afterOwner || beforeOwner else { continue }
            types.formUnion(paths.map(\.type))
            for path in paths where !asked.contains(path) { asked.append(path) }
            request.take(index..<index + length + (beforeOwner ? owner : 0))
        }
        return types
    }

    /// Whether "whose" or "who's got" (and articles) come right before a position.
    func asksWhose(before index: Int, in request: RequestWords) -> Bool {
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
    /// time ("my calendar next week"), it stands for what it holds. A noun
    /// right before "one" that names none of the types the request may be
    /// about (`fitting`, when known) describes the one: "move the album one
    /// to August" moves a reminder about the album.
    func takeTypeWords(_ request: inout RequestWords, hasTime: Bool, fitting: Set<EntityType>,
                       kinds: inout [Interpretation.PropertyCue]) -> (types: Set<EntityType>, words: [String], plural: Bool) {
        var types: Set<EntityType> = []
        var words: [String] = []
        var plural = false
        var saidKinds: [Interpretation.PropertyCue] = []
        var saidWhole: Set<EntityType> = []  // types named by a noun for all of them
        // Of several type nouns, one after an article and right before a word that says something describes
        // that word ("meetings with a video link"): the other is wanted.
        var nouns: [(index: Int, length: Int)] = []
        var head: (end: Int, types: Set<EntityType>)?  // the first type noun taken, and the types it names
        for index in request.words.indices where request.isFree(index) && index >= (nouns.last.map { $0.index + $0.length } ?? 0) {
            if let length = grammar.typeNames.matches(in: request.words, at: index, usable: request.isFree).first?.length {
                nouns.append((index, length))
            }
        }
        let modifiers = nouns.count < 2 ? [] : Set(nouns.filter { index, length in
            index > 0 && vocabulary.articles.contains(request.words[index - 1])
                && isContent(at: index + length, in: request) && !grammar.typeNames.contains(in: request.words, at: index + length)
        }.map(\.0))
        for index in request.words.indices where request.isFree(index) && !modifiers.contains(index) {
            let matches = grammar.typeNames.matches(in: request.words, at: index, usable: request.isFree)
            guard let length = matches.first?.length else { continue }
            // "which have I still to do": a type noun ending a state's phrase is that state.
            if (max(0, index - 2)..<index).contains(where: { start in
                grammar.flags.matches(in: request.words, at: start, usable: request.isFree).contains { start + $0.length >= index + length }
            }) { continue }
            // "what did I text Aoife", "did Amma message me": after the speaker, or between someone the index names and
            // the speaker it was sent to, a noun that is a verb of sending is that verb (`takeAuthor`, `takeAgents`).
            if vocabulary.agentVerbs.contains(in: request.words, at: index), index > 0, request.isFree(index - 1),
               vocabulary.speakerSubjects.contains(request.words[index - 1])
                || request.isFree(index + length) && vocabulary.speaker.contains(request.words[index + length])
                    && (try? isNameWord?(request.words[index - 1])) == true { continue }
            let longest = matches.filter { $0.length == length }
            var named = Set(longest.map(\.value.type))
            switch containingCue(named, before: index, in: request) {
            case .value: continue
            // "dans l'album Famille", "in the calendar Admin": the noun begins the name of what holds them.
            case .holders where isContent(at: index + length, in: request) && !grammar.typeNames.contains(in: request.words, at: index + length):
                continue
            case .holders(let holders, let cue):
                named = holders  // "the pickup in my calendar": what the calendar holds
                request.take(cue..<index)
            case nil: break
            }
            let saysOne = vocabulary.one.contains(in: request.words, at: index + length)
            if saysOne {
                // "the calendar one": one of what a calendar holds; a place things are kept in is never "one" on its own.
                let held = named.flatMap(grammar.held(by:))
                if !held.isEmpty { named = Set(held) }
            }
            if !fitting.isEmpty, named.isDisjoint(with: fitting), saysOne { continue }
            if let head, named.isDisjoint(with: head.types), describes(after: head.end, upTo: index, in: request) {
                // "the email from Ana about the meeting", "the pics from the climbing session": a noun in what
                // describes the first one said tells what it is about, not what is wanted; its words are searched.
                continue
            }
            if head == nil, saysWhatSomethingIsAbout(before: index, in: request) {
                // "did the school send anything about the end of year show": what was sent is about the show.
                continue
            }
            if let marker = formMarker(before: index, in: request) {
                request.take(marker..<index + length)  // what it is made into: neither wanted nor words to find
                continue
            }
            if let source = sourceMarker(after: index + length, in: request) {
                request.take(index..<index + length + source)  // "make a reminder out of this": made into, from it
                continue
            }
            if hasTime {
                named = Set(named.flatMap { type in
                    grammar.schemas.schema(for: type)?.timeProperty == nil ? grammar.timedReferrers[type] ?? [type] : [type]
                })
            }
            types.formUnion(named)
            if head == nil { head = (index + length, named) }
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

    /// Whether the words between a type noun and a later position begin what
    /// describes it: a topic ("about", "regarding"), a purpose ("my notes for
    /// the call") or a cue ("from", "with": "the email with the pictures" is an email).
    private func describes(after end: Int, upTo index: Int, in request: RequestWords) -> Bool {
        (end..<index).contains { position in
            vocabulary.topicMarkers.contains(request.words[position]) || vocabulary.purposeMarkers.contains(request.words[position])
                || grammar.cues.contains(in: request.words, at: position)
        }
    }

    /// Whether a position comes after a topic marker in its clause that
    /// follows words saying something or a verb of sending ("did the school
    /// send anything about the show"), not "what about the show".
    private func saysWhatSomethingIsAbout(before index: Int, in request: RequestWords) -> Bool {
        let clauseStart = request.clauseStart(of: index)
        guard let marker = (clauseStart..<index).last(where: { vocabulary.topicMarkers.contains(request.words[$0]) }) else { return false }
        return (clauseStart..<marker).contains { isContent(at: $0, in: request) || vocabulary.agentVerbs.contains(in: request.words, at: $0) }
    }

    /// The length of "out of" right after a type noun and right before a pointer ("make a reminder out of
    /// this"): what the pointer is made into; nil when none is said so.
    func sourceMarker(after end: Int, in request: RequestWords) -> Int? {
        guard let (length, _) = request.match(vocabulary.sourceMarkers, at: end),
              [vocabulary.focusedPointers, vocabulary.pluralPointers].contains(where: { $0.contains(in: request.words, at: end + length) })
        else { return nil }
        return length
    }

    /// Where "as" or "into" begins before a type noun, right after a pointer
    /// ("save this as a note", "turn it into a reminder"), if it does.
    func formMarker(before index: Int, in request: RequestWords) -> Int? {
        let marker = index - 1 - (index > 0 && vocabulary.articles.contains(request.words[index - 1]) ? 1 : 0)
        guard marker > 0, request.isFree(marker), vocabulary.formMarkers.contains(request.words[marker]) else { return nil }
        let pointers = [vocabulary.focusedPointers, vocabulary.pluralPointers]
        return (max(0, marker - 3)..<marker).contains { start in
            pointers.contains { $0.match(in: request.words, at: start).map { start + $0.length == marker } ?? false }
        } ? marker : nil
    }

    /// What a cue that refers to a type word's type, said before it, makes of
    /// it. With free words that say something between them ("on the crew
    /// meals calendar"), the noun ends the cue's value; with none ("in my
    /// calendar", "on the list"), it stands for what it holds: the types whose
    /// property the cue names. Nil when no such cue comes before it, or the
    /// noun names people.
    func containingCue(_ types: Set<EntityType>, before index: Int, in request: RequestWords) -> ContainingCue? {
        var position = index - 1
        var saysSomething = false
        while position >= 0, request.isFree(position) {
            let cues = grammar.cues.matches(in: request.words, at: position, usable: request.isFree).filter { cue in
                grammar.schemas.schema(for: cue.value.type)?.property(named: cue.value.path)?.kind.referencedType.map(types.contains) ?? false
            }
            if !cues.isEmpty {
                if saysSomething { return .value }
                // People hold nothing: "which of my contacts" asks for contacts.
                return types.isDisjoint(with: grammar.personTypes) ? .holders(Set(cues.map(\.value.type)), cue: position) : nil
            }
            saysSomething = saysSomething || !vocabulary.ignored.contains(request.words[position])
            position -= 1
        }
        return nil
    }

    /// What a cue said before a type word makes of it (`containingCue`).
    enum ContainingCue {
        /// The noun ends the cue's value ("on the crew meals calendar").
        case value
        /// The noun stands for what it holds, of these types ("in my calendar"); the cue is at `cue`.
        case holders(Set<EntityType>, cue: Int)
    }

    /// "unread", "favourite", "haven't done" — for the types named, or any type
    /// that has the flag. After a command that sets a state ("mark it done"),
    /// the states it sets. A flag that says a state the command sets is no
    /// filter ("the Leboncoin one isn't done, uncheck it"): nobody asks to set
    /// what only entities already so would have. Only a flag in the command's clause (from `stateFrom`) is a
    /// state it sets: "the one I starred, make it the wallpaper" sets none.
    func takeFlags(_ request: inout RequestWords, types: Set<EntityType>, implied: [String], asState: Bool, stateFrom: Int = 0,
                   declares: Bool = false, restating setStates: [Interpretation.FlagCue] = [])
        -> (flags: [Interpretation.FlagCue], states: [Interpretation.Argument]) {
        var flags: [Interpretation.FlagCue] = []
        var states: [Interpretation.Argument] = []
        for index in request.words.indices where request.isFree(index) {
            let asState = asState && index >= stateFrom
            // "when do I need to complete the form": after what leads to a verb, the word is that verb, no state.
            let matches = grammar.flags.matches(in: request.words, at: index, usable: request.isFree)
            guard let length = matches.first?.length, index == 0 || !leadsToVerb(index - 1, in: request) else { continue }
            // "the new prices", "the new rent": said right before a word to find, it describes that word — unless a
            // noun for what is wanted ends the words ("the pinned party one", "the unread school emails").
            if !asState, isContent(at: index + length, in: request) {
                var end = index + length
                while end < request.count, isContent(at: end, in: request), !isReferenceNoun(at: end, in: request) { end += 1 }
                guard isReferenceNoun(at: end, in: request) else { continue }
            }
            // "when's the new appointment" asked of a mail: said right before another type's noun, it describes that.
            let nounTypes = Set(grammar.typeNames.matches(in: request.words, at: index + length).map(\.value.type))
            if !types.isEmpty, !nounTypes.isEmpty, nounTypes.isDisjoint(with: types) { continue }
            if asState || (declares && isDeclared(at: index, length: length, in: request)) {
                states.append(.init(role: "state", words: request[index..<index + length], date: nil))
                request.take(index..<index + length)
                continue
            }
            // "haven't done", "not read yet": a negation up to two words before turns it around.
            let negation = (max(0, index - 3)..<index).first { start in
                request.isUntaken(start) && request.match(vocabulary.negations, at: start).map { start + $0.length >= index - 1 } == true
            }
            if var flag = grammar.flag(saidBy: request[index..<index + length], types: types, negated: negation != nil) {
                flag.words = request[(negation ?? index)..<index + length]
                request.take((negation ?? index)..<index + length)
                if !setStates.contains(where: { $0.value == flag.value && !Set($0.properties).isDisjoint(with: flag.properties) }) {
                    flags.append(flag)
                }
            }
        }
        for word in implied {
            let words = (try? normalizedWords(in: word)) ?? []
            if var flag = grammar.flag(saidBy: words, types: types) {
                flag.isImplied = true
                flags.append(flag)
            }
        }
        return (flags, states)
    }

    /// Whether a flag is said of what the request names, ending its clause
    /// after "is" ("the third one's done", "this one is paid"): with no
    /// command, a state declared, as "mark it done" sets it, not one to look for.
    private func isDeclared(at index: Int, length: Int, in request: RequestWords) -> Bool {
        index > 0 && index + length == request.clauseEnd(after: index)
            && (request.possessive[index - 1] || vocabulary.copulas.contains(request.words[index - 1]))
    }

    /// Whether the word at a position ends what leads to a verb (the "to" of
    /// "have to", "need to"), so that the next word is that verb.
    func leadsToVerb(_ index: Int, in request: RequestWords) -> Bool {
        guard index > 0 else { return false }
        return (max(0, index - 2)..<index).contains { vocabulary.infinitiveLeads.match(in: request.words, at: $0)?.length == index - $0 + 1 }
    }

    /// "les messages de Lulu", "el último mensaje de Montse", "the email of
    /// Rohan": a type's noun, an owner marker and a person the index names (an
    /// initial may follow: "Sophie T") say whose it is, as "Lulu's messages"
    /// does; the name is marked possessive, the marker taken. Not where the
    /// marker is a cue of the types' own, nor one of purpose ("the email for Tom").
    private func markOwnersAfterNouns(_ request: inout RequestWords, types: Set<EntityType>) {
        guard let isPersonNameWord else { return }
        for index in request.words.indices.dropFirst() where request.isFree(index) && request.taken[index - 1]
            && request.match(vocabulary.ownerMarkers, at: index)?.length == 1 && !vocabulary.purposeMarkers.contains(request.words[index])
            && grammar.typeNames.contains(in: request.words, at: index - 1)
            && !grammar.cues.matches(in: request.words, at: index).contains(where: { types.isEmpty || types.contains($0.value.type) }) {
            var end = index + 1
            while end < request.clauseEnd(after: index), end - index <= 3, request.isFree(end),
                  (try? isPersonNameWord(request.words[end])) == true || end > index + 1 && request.words[end].count == 1 {
                end += 1
            }
            guard end > index + 1 else { continue }
            request.take(index..<index + 1)
            request.possessive[end - 1] = true
        }
    }

    /// "from Amara", "with Mateo", "in Airlock A", "tagged hydroponics",
    /// "what did Arjun send" (an agent: from Arjun), "Amara's photos" (a
    /// possessive): property values, each up to the next word already read.
    func takeCues(_ request: inout RequestWords, types: Set<EntityType>) -> [Interpretation.PropertyCue] {
        var cues: [Interpretation.PropertyCue] = []
        func fitting(at index: Int) -> (length: Int, paths: [Interpretation.PropertyPath])? {
            let matches = grammar.cues.matches(in: request.words, at: index, usable: request.isFree)
                .filter { types.isEmpty || types.contains($0.value.type) }
            guard let length = matches.first?.length else { return nil }
            return (length, matches.filter { $0.length == length }.map(\.value))
        }
        markOwnersAfterNouns(&request, types: types)
        var index = 0
        while index < request.count {
            // "have to hand this in": the last word of what leads to a verb begins no value.
            guard request.isFree(index), !request.joinedToPrevious.contains(index), !leadsToVerb(index, in: request),
                  let (length, paths) = fitting(at: index) else {
                index += 1
                continue
            }
            var end = index + length
            while request.isUntaken(end), fitting(at: end) == nil, !vocabulary.agentVerbs.contains(in: request.words, at: end),
                  !vocabulary.valueEnds.contains(request.words[end]), !request.clauseStarts.contains(end),
                  !vocabulary.anchors.contains(in: request.words, at: end) {  // "to Aoife after the echo"
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
        // Not over a verb said of a subject: "where do I collect Zosia's cake".
        func followsSubject(_ position: Int) -> Bool {
            position > 0 && (isSpeakerSubject(request.words[position - 1]) || vocabulary.subjectPronouns.contains(request.words[position - 1]))
        }
        for index in request.words.indices where request.possessive[index] && request.isUntaken(index) {
            var start = index
            while start > 0, index - start < 2, !request.clauseStarts.contains(start), isContent(at: start - 1, in: request),
                  !followsSubject(start - 1) { start -= 1 }
            guard !vocabulary.ignored.contains(request.words[index]) else { continue }
            // "delete the webinar invite, Nurul's going instead": a later clause that begins with a name and owns
            // nothing says what someone is doing (Nurul is going), nothing of what is wanted.
            let clauseEnd = request.clauseEnd(after: index)
            if start > 0, request.clauseStarts.contains(start),
               !(index + 1..<clauseEnd).contains(where: { isContent(at: $0, in: request) || grammar.typeNames.contains(in: request.words, at: $0) }) {
                request.take(start..<clauseEnd)
                continue
            }
            // "the one about Kay's surprise party": whose the party is says what the thing is about, not whom it is from.
            let marker = start > 1 && vocabulary.articles.contains(request.words[start - 1]) ? start - 2 : start - 1
            if marker >= 0, vocabulary.topicMarkers.contains(request.words[marker]) { continue }
            cues.append(.init(properties: properties(cuedBy: vocabulary.possessiveMeans + vocabulary.possessiveMayMean, types: types),
                              words: request[start..<index + 1], cue: ["'s"], isPossessive: true))
            request.take(start..<index + 1)
        }
        return cues
    }

    /// "the one I sent", "what did I tell Mateo": the speaker is the author;
    /// "who texted me", "what Hugo sent me", "the mail I got": someone else
    /// is, to the speaker. An agent verb counts where it is free, or inside
    /// the command past its first word ("who sent me": not "send me the photos",
    /// whose "me" is whom the command sends to); a verb of receiving only after
    /// the speaker. The speaker's words are taken; the verb is left to `takeAgents`.
    func takeAuthor(_ request: inout RequestWords, commandWords: Range<Int>?) -> Interpretation.Author? {
        // "I sent", "I already sent" ("I" is a stop word too); "qu'est-ce que j'ai reçu": in the command's words too.
        func isCommandWord(_ position: Int) -> Bool { commandWords?.contains(position) ?? false }
        func saysSpeaker(_ position: Int) -> Bool {
            (request.isFree(position) || isCommandWord(position)) && vocabulary.speakerSubjects.contains(request.words[position])
        }
        for index in request.words.indices {
            let inCommand = commandWords.map { $0.contains(index) && index > $0.lowerBound } ?? false
            let isAgentVerb = (request.isFree(index) || inCommand) && vocabulary.agentVerbs.contains(in: request.words, at: index)
            // "what I got", not "what have I got" (to have got is to have).
            let isReceiptVerb = request.isFree(index) && vocabulary.receiptVerbs.contains(request.words[index])
                && !request.words[..<index].contains { vocabulary.presentAfter[request.words[index]]?.contains($0) ?? false }
            // "what was I going to ask the doctor": what is meant to be said is not what was sent.
            guard isAgentVerb || isReceiptVerb, !leadsToVerb(index - 1, in: request) else { continue }
            var subject = index - 1
            while subject >= 0, !saysSpeaker(subject),
                  request.isFree(subject) && vocabulary.ignored.contains(request.words[subject]) || isCommandWord(subject) {
                subject -= 1
            }
            // "Was hab ich gestern an Claire geschickt": a verb said last in its clause has its subject anywhere before it there.
            if isAgentVerb, !(subject >= 0 && saysSpeaker(subject)),
               let (length, _) = request.match(vocabulary.agentVerbs, at: index), request.clauseEnd(after: index) == index + length,
               let speaker = (request.clauseStart(of: index)..<index).first(where: saysSpeaker) {
                subject = speaker
            }
            if subject >= 0, saysSpeaker(subject) {
                request.take(subject..<subject + 1)
                return isAgentVerb ? .speaker : .someoneElse
            }
            if isAgentVerb, request.isFree(index + 1), vocabulary.speaker.contains(request.words[index + 1]) {
                request.take(index + 1..<index + 2)
                return .someoneElse
            }
        }
        return nil
    }

    /// "What time does the pharmacy open", "when does the train leave": the
    /// verb that ends the clause (but for a time) of a question of when or where, after what it
    /// asks of, or that comes right after the question ("a qué hora empieza la
    /// barbacoa", "wann kommt der Gasmann"), says what happens (`happeningVerbs`):
    /// taken, neither a word to find nor a state ("open").
    func takeHappeningVerb(_ request: inout RequestWords, after end: Int) {
        // Before the time that may end the clause: "what time does my train leave tomorrow".
        var last = request.clauseEnd(after: end - 1) - 1
        func endsWithTime(_ position: Int) -> Bool {
            let time = vocabulary.time
            return time.namesATime(in: request.words, at: position) || request.words[position].first?.isNumber == true
                || [time.at, time.on, time.this, time.next, time.am, time.pm].contains { $0.contains(in: request.words, at: position) }
        }
        while last > end, endsWithTime(last) { last -= 1 }
        guard last > end, let verb = [last, end].first(where: { request.isFree($0) && vocabulary.happeningVerbs.contains(request.words[$0]) })
        else { return }
        request.take(verb..<verb + 1)
    }

    /// "Unflag the email from the Mater, I've had the echo now", "archive the
    /// bill, I paid it yesterday": a clause after the command's that begins
    /// with the speaker says what they did. Its free words' positions: their
    /// time and tense are not of what is wanted, though its words may name it.
    func speakerRemarks(in request: RequestWords, after commandEnd: Int) -> [Int] {
        clauses(in: request, after: commandEnd, where: { isSpeakerSubject(request.words[$0]) })
    }

    /// "Delete the karaoke thing on Friday, it got called off anyway": a clause
    /// after the command's that begins with a pronoun says something of its
    /// own, unless it says which one ("it's the one from Friday"). Its free
    /// words' positions: their time and tense are not of what is wanted.
    func remarksAboutIt(in request: RequestWords, after commandEnd: Int) -> [Int] {
        clauses(in: request, after: commandEnd, where: { start in
            let pronoun = withoutContraction(request.words[start])  // "it", "that's", "she'll"
            return (vocabulary.subjectPronouns.contains(pronoun) || vocabulary.focusedPointers.match(in: [pronoun], at: 0)?.length == 1)
                && !(start..<request.clauseEnd(after: start)).contains { vocabulary.one.contains(in: request.words, at: $0) }
        })
    }

    /// The free words' positions of the clauses after the command's that begin as `begins` says.
    private func clauses(in request: RequestWords, after commandEnd: Int, where begins: (Int) -> Bool) -> [Int] {
        request.clauseStarts.sorted().filter { $0 >= commandEnd && $0 > 0 && request.isFree($0) && begins($0) }
            .flatMap { start in (start..<request.clauseEnd(after: start)).filter(request.isFree) }
    }

    /// The free words right after a speaker subject, small words skipped: "did I decline", "I already accepted".
    func wordsSaidOfSpeaker(in request: RequestWords) -> [String] {
        request.words.indices.compactMap { index in
            guard request.isFree(index), vocabulary.speakerSubjects.contains(request.words[index]) else { return nil }
            var next = index + 1
            while next < request.count, request.isFree(next), vocabulary.ignored.contains(request.words[next]) { next += 1 }
            return next < request.count && request.isFree(next) ? request.words[next] : nil
        }
    }

    /// The most small words between an agent and its verb ("m'a", "me ha").
    static let wordsBeforeAgentVerb = 2

    /// "what did Arjun send", "everything Hugo emailed me": whoever does it is
    /// the value of the agent's cue (from Arjun), and the verb may say the type (mail).
    /// When the speaker is the author, none is read: whoever is named did not send it.
    func takeAgents(_ request: inout RequestWords, types: Set<EntityType>, speakerIsAuthor: Bool)
        -> (cues: [Interpretation.PropertyCue], types: Set<EntityType>) {
        var cues: [Interpretation.PropertyCue] = []
        var said: Set<EntityType> = []
        for index in request.words.indices where request.isFree(index) {
            guard let (length, noun) = request.match(vocabulary.agentVerbs, at: index) else { continue }
            // Up to three words before the verb name the agent, past what was read already within six words
            // ("was hat Marta vorgestern abend geschrieben": the verb ends the clause, after the time).
            var agent: [Int] = []
            var position = index - 1
            // "que Papa m'a envoyés", "lo que Rosa me ha escrito": up to two small words may come between them.
            while position >= 0, index - position <= Self.wordsBeforeAgentVerb, !leadsToVerb(index - 1, in: request), request.isFree(position),
                  vocabulary.ignored.contains(request.words[position]) {
                position -= 1
            }
            while position >= 0, agent.count < 3, index - position <= 6, request.taken[position] || isContent(at: position, in: request) {
                // "the voice note Conor sent": the noun of what was sent ends who sent it.
                if request.taken[position], !agent.isEmpty, grammar.typeNames.contains(in: request.words, at: position) { break }
                if request.isFree(position) { agent.insert(position, at: 0) }
                position -= 1
            }
            if agent.isEmpty, vocabulary.agentsFollowVerbs {
                // "lo que ha escrito Rosa", "qu'a dit Julien": the agent may follow the verb.
                var position = index + length
                while agent.count < 2, isContent(at: position, in: request), !vocabulary.ignored.contains(request.words[position]) {
                    agent.append(position)
                    position += 1
                }
            }
            let nounWords = noun.flatMap { try? normalizedWords(in: $0) } ?? []
            let nounTypes = Set(grammar.typeNames.matches(in: nounWords, at: 0).filter { $0.length == nounWords.count }.map(\.value.type))
            let paths = properties(cuedBy: [vocabulary.agentCue], types: nounTypes.isEmpty ? types : nounTypes)
            guard !agent.isEmpty, !paths.isEmpty, !speakerIsAuthor else {
                // The verb alone says nothing to search for, but what it sends: "who emailed me" asks for a mail.
                request.take(index..<index + length)
                said.formUnion(nounTypes)
                continue
            }
            cues.append(.init(properties: paths, words: agent.map { request.words[$0] }, cue: request[index..<index + length]))
            said.formUnion(nounTypes)
            for position in agent { request.take(position..<position + 1) }
            request.take(index..<index + length)
        }
        return (cues, said)
    }

    /// The properties of some types (any, when empty) that cue words bring in.
    func properties(cuedBy words: [String], types: Set<EntityType>) -> [Interpretation.PropertyPath] {
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
