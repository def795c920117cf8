import Foundation

/// What a request points at: an entity it comes after or before ("after the
/// crew lunch"), and a reference to the screen ("this", "the third photo",
/// "the one above", "the photo she sent").
extension RequestParser {
    /// The most things a number after an article counts among those shown ("the 3 photos"); a larger one is a number of its own.
    static let mostCounted = 12

    /// "after the crew lunch tomorrow": an entity the wanted one follows or
    /// precedes, when only types, articles and question words come before it.
    func takeAnchor(_ request: inout RequestWords, after start: Int) -> Interpretation.Anchor? {
        for index in request.words.indices where index > start || (index == start && start > 0) {
            guard let (length, (relation, isOnScreen)) = request.match(vocabulary.anchors, at: index) else { continue }
            // To the end of its clause: "the one after the staff meeting, move it to Tuesday".
            let end = request.clauseEnd(after: index)
            let span = (index + length..<end).filter(request.isUntaken)
            // What it comes after is named by some word ("before off" names nothing), or is a place ("the last").
            guard span.contains(where: { !vocabulary.ignored.contains(request.words[$0]) || vocabulary.ordinals.contains(in: request.words, at: $0) })
            else { continue }
            // "what's on the day after the KIT talk": a unit of time right before says which stretch is wanted.
            var unitStart = index, unit: String?
            if index > 0, request.isFree(index - 1), let (length, name) = request.match(vocabulary.time.units, at: index - 1), length == 1 {
                unit = name
                unitStart = index - 1
                while unitStart > start, request.isFree(unitStart - 1),
                      vocabulary.articles.contains(request.words[unitStart - 1]) || vocabulary.time.on.contains(in: request.words, at: unitStart - 1) {
                    unitStart -= 1
                }
            }
            let leading = (start..<unitStart).filter(request.isUntaken)
            let onlyFrame = leading.allSatisfy { position in
                let word = request.words[position]
                return vocabulary.ignored.contains(word) || vocabulary.articles.contains(word)
                    || grammar.typeNames.contains(in: request.words, at: position) || vocabulary.relatives.contains(in: request.words, at: position)
                    || vocabulary.one.contains(in: request.words, at: position)
                    || (position > 0 && grammar.typeNames.match(in: request.words, at: position - 1)?.length == 2)
                    // "what's on Sunday before Saoirse's party": the time is read after.
                    || vocabulary.time.spoken.contains(word)
            }
            // "the one after that" is an order after what is shown, not after an entity named "that";
            // so is "the one after this got cancelled", whose pointer a verb follows.
            // ("The mail below this one" is beside the focused one, `besideOnScreen`.)
            let pointsAtScreen = vocabulary.focusedPointers.match(in: request.words, at: span[0]).map { pointer in
                pointer.length == span.count || isOnScreen || isVerb(request.words[span[pointer.length]])
            } ?? false
            guard onlyFrame, !pointsAtScreen, !startsWithTime(request, at: span[0]) else { continue }
            request.take(unitStart..<end)
            return Interpretation.Anchor(relation: relation, words: span.map { request.words[$0] }, marker: request[index..<index + length],
                                         isOnScreen: isOnScreen, unit: unit)
        }
        return nil
    }

    /// Whether a pronoun that may mean things says who or what those wanted
    /// hold ("favourites with Oisín in them"): it follows an inside marker,
    /// after a cue and what it names in its clause. It points at nothing.
    func saysThingsHold(_ request: RequestWords, pronounAt index: Int, length: Int) -> Bool {
        guard index > 1, vocabulary.insideMarkers.contains(request.words[index - 1]),
              request.words[index..<index + length].allSatisfy({ vocabulary.thingsOrPeople.contains(in: [$0], at: 0) })
        else { return false }
        let clause = request.clauseStart(of: index)..<index - 1
        return clause.contains { cue in
            guard let (cueLength, _) = grammar.cues.match(in: request.words, at: cue) else { return false }
            return (cue + cueLength..<index - 1).contains { isContent(at: $0, in: request) }
        }
    }

    /// Whether a word says what something did or is ("got", "was", "is"), not what it is called.
    func isVerb(_ word: String) -> Bool {
        vocabulary.pastTense.contains(word) || vocabulary.copulas.contains(word)
    }

    /// The place on screen beside the one an anchor names, when its words are
    /// only a place ("before the last": the second to last; "after the first":
    /// the second); nil otherwise, or when no place is there (before the first).
    func placeBeside(_ anchor: Interpretation.Anchor) -> Int? {
        let words = anchor.words
        let start = words.first.map(vocabulary.articles.contains) == true ? 1 : 0
        guard let (length, position) = vocabulary.ordinals.match(in: words, at: start), position != 0 else { return nil }
        let end = start + length
        guard end == words.count || vocabulary.one.match(in: words, at: end)?.length == words.count - end else { return nil }
        let beside = position + (anchor.relation == .after ? 1 : -1)
        return beside == 0 ? nil : beside
    }

    /// Whether every type the request names (by a noun, or the caller) is of
    /// things that happen and are not planned — photos taken, messages sent,
    /// an album of photos — rather than planned, or holding what is planned
    /// (a calendar's events).
    func speaksOnlyOfWhatHappened(_ request: RequestWords, requested: Set<EntityType>) -> Bool {
        var named = requested
        for index in request.words.indices where request.isUntaken(index) {
            named.formUnion(grammar.typeNames.matches(in: request.words, at: index).map(\.value.type))
        }
        // A type with a time of its own (a photo's) is timed by it, not by what refers to it.
        return !named.isEmpty && named.allSatisfy { type in
            !grammar.scheduledTypes.contains(type) && (grammar.schemas.schema(for: type)?.timeProperty != nil
                || grammar.timedReferrers[type, default: []].allSatisfy { !grammar.scheduledTypes.contains($0) })
        }
    }

    /// Whether a time expression starts at a position ("after 3 pm" is a time, not an anchor). A meal is
    /// not: "after lunch" may be after the lunch planned, and is a time only when none is (`Resolver`).
    func startsWithTime(_ request: RequestWords, at index: Int) -> Bool {
        var copy = request
        _ = TimeExpressionReader(words: vocabulary.time, clock: clock, tense: .either, isReferenceNoun: { _, _ in false }).read(&copy)
        let meal = vocabulary.articles.contains(request.words[index]) ? index + 1 : index
        return copy.taken[index] && !request.taken[index] && !vocabulary.time.meals.contains(in: request.words, at: meal)
    }

    // MARK: Reference

    /// "the RFC it mentions", "the doc he's talking about": a verb of speaking
    /// right after a pointer or a pronoun, taken; whether one was.
    func takeMentionVerb(_ request: inout RequestWords) -> Bool {
        for index in request.words.indices where request.isFree(index) && !vocabulary.clauseStartingPointers.contains(request.words[index]) {
            // "the surgery he's talking about": the pronoun may carry its verb.
            let pronoun = [withoutContraction(request.words[index])]
            let pointer = request.match(vocabulary.focusedPointers, at: index) ?? request.match(vocabulary.personPointers, at: index)
                ?? vocabulary.personPointers.match(in: pronoun, at: 0).map { _ in (1, ()) }
            guard let (length, _) = pointer, let (verb, _) = request.match(vocabulary.mentionVerbs, at: index + length) else { continue }
            request.take(index + length..<index + length + verb)
            return true
        }
        return false
    }

    /// "mark all of them done except the candles": the words after an exclusion
    /// marker, to the end of the clause, taken; articles and "one" say nothing.
    func takeExclusion(_ request: inout RequestWords) -> [String] {
        for start in request.words.indices {
            guard let (length, _) = request.match(vocabulary.exclusionMarkers, at: start) else { continue }
            let span = (start + length..<request.clauseEnd(after: start)).filter(request.isUntaken)
            guard !span.isEmpty else { return [] }
            request.take(start..<start + length)
            span.forEach { request.take($0..<$0 + 1) }
            return span.map { request.words[$0] }.filter { !vocabulary.articles.contains($0) && !vocabulary.one.contains(in: [$0], at: 0) }
        }
        return []
    }

    /// Whether a position holds a noun a screen reference ends in: "one" or a type ("the third photo"),
    /// or holds a particle that links them and the noun after it ("一番下のメール").
    func isReferenceNoun(at said: Int, in request: RequestWords) -> Bool {
        let index = request.words.indices.contains(said) && vocabulary.nounLinks.contains(request.words[said]) ? said + 1 : said
        return request.words.indices.contains(index)
            && (vocabulary.one.contains(in: request.words, at: index) || vocabulary.ones.contains(in: request.words, at: index)
                || grammar.typeNames.contains(in: request.words, at: index))
    }

    /// Whether a noun after an ordinal stands for "one" because an article
    /// comes first: "the last thing on my calendar", not "first thing on Monday".
    func saysOne(at index: Int, afterOrdinalAt ordinal: Int, in request: RequestWords) -> Bool {
        request.words.indices.contains(index) && ordinal > 0 && vocabulary.oneAfterArticle.contains(request.words[index])
            && vocabulary.articles.contains(request.words[ordinal - 1])
    }

    /// Whether a position holds a word still to be read that says something (not "the", not "did").
    func isContent(at index: Int, in request: RequestWords) -> Bool {
        request.isUntaken(index) && !vocabulary.ignored.contains(request.words[index])
    }

    /// "this", "it", "these", "she", "the third photo", "the previous mail",
    /// "the 8 am one", "the mail that is open"; and an order in time said with
    /// other words ("my next call with Arjun"). "Her birthday dinner" is the
    /// birthday dinner of the person on screen: a cue, added to `cues`.
    func takeReference(_ request: inout RequestWords, cues: inout [Interpretation.PropertyCue])
        -> (reference: Interpretation.Reference?, order: (order: RequestTime.Order, words: [String])?) {
        var kinds: [Interpretation.Reference.Kind] = []
        var starts: [Int] = []
        var words: [String] = []
        var order: (order: RequestTime.Order, words: [String])?
        var saidCount: Int?  // "both"
        var countEnd: Int?  // where "les deux" ends: a place or an order after it says which ("les deux tout en bas", "les deux derniers")
        var saidWithNoun = false  // "this note"
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
            if let (length, _) = request.match(vocabulary.others, at: index) {
                found(.others, index..<index + length)
            } else if let (length, _) = request.match(vocabulary.other, at: index) {
                found(.other, index..<index + length)
            }
        }
        for index in request.words.indices where request.isFree(index) {
            if let (length, _) = request.match(vocabulary.personDeterminers, at: index), isContent(at: index + length, in: request),
               !grammar.propertyNames.contains(in: request.words, at: index + length) {
                let saidBefore = (0..<index).contains { isContent(at: $0, in: request) }
                cues.append(.init(properties: [], words: [], cue: request[index..<index + length], isPossessive: true, isOnScreen: true,
                                  mayReferBack: saidBefore))
                request.take(index..<index + length)
            } else if let (length, count) = request.match(vocabulary.countedPointers, at: index) {
                found(.plural, index..<index + length)
                saidCount = count
                countEnd = index + length
            } else if vocabulary.articles.contains(request.words[index]), request.isFree(index + 1),
                      let (length, count) = vocabulary.time.number(at: index + 1, in: request), (2...Self.mostCounted).contains(count),
                      isReferenceNoun(at: index + 1 + length, in: request) {
                // "the 2 mails", "the 3 photos": as many of what is shown, as "the two" says ("the 0533 invoice" is its number).
                found(.plural, index..<index + 1 + length)
                saidCount = count
            } else if let (length, _) = request.match(vocabulary.pluralPointers, at: index),
                      !vocabulary.time.units.contains(in: request.words, at: index + length) {  // "block those days": dates
                found(.plural, index..<index + length)
            } else if let (length, _) = request.match(vocabulary.personPointers, at: index) {
                if saysThingsHold(request, pronounAt: index, length: length) {
                    request.take(index - 1..<index + length)
                } else {
                    found(.person, index..<index + length)
                }
            } else if let (length, position) = request.match(vocabulary.ordinals, at: index), abs(position) == 1,
                      let (countLength, count) = vocabulary.time.number(at: index + length, in: request), count > 1,
                      isReferenceNoun(at: index + length + countLength, in: request)
                        || endsClause(at: pastFrame(from: index + length + countLength, in: request), in: request)
                        || grammar.flags.contains(in: request.words, at: index + length + countLength) {
                // "the first two", "the last three photos", "mark the first three done"
                found(.span(position * count), index..<index + length + countLength)
            } else if let (length, position) = request.match(vocabulary.ordinals, at: index),
                      isReferenceNoun(at: index + length, in: request) || saysOne(at: index + length, afterOrdinalAt: index, in: request)
                        || (index > 0 && vocabulary.articles.contains(request.words[index - 1]) || index == countEnd)
                            && saysNoMore(past: index + length, in: request)
                        || request.match(vocabulary.countedFromEnd, at: index + length) != nil {
                // "the third photo", "the second one", and said alone: "read me the second", "léeme la segunda",
                // "déplace le premier à mardi matin" (the new time read already), "reply to the last from Dennis".
                found(.position(position), index..<index + length)
                // "the third one from the bottom", "die zweite von unten": counted from the end.
                if position > 0, let start = [index + length, index + length + 1].first(where: {
                    request.isFree($0) && request.match(vocabulary.countedFromEnd, at: $0) != nil
                }), let (endLength, _) = request.match(vocabulary.countedFromEnd, at: start) {
                    kinds[kinds.count - 1] = .position(-position)
                    request.take(start..<start + endLength)
                }
            } else if let (length, position) = request.match(vocabulary.placesAfterNoun, at: index),
                      (index..<index + length).allSatisfy(request.isFree), isReferenceNoun(at: index - 1, in: request) || index == countEnd,
                      endsClause(at: pastFrame(from: index + length, in: request), in: request) {
                // "the one at the bottom", not "the call at the top of the hour"
                found(.position(position), index..<index + length)
            } else if let (length, relative) = request.match(vocabulary.relatives, at: index),
                      // "last week Wednesday", "next Wednesday" (said of what something is about) are times
                      !vocabulary.time.units.contains(in: request.words, at: index + length),
                      !vocabulary.time.weekdays.contains(in: request.words, at: index + length),
                      !(index > 0 && vocabulary.pastTense.contains(request.words[index - 1])) {  // "who was coming": a verb
                if isReferenceNoun(at: index + length, in: request), relative == .previous || relative == .next {
                    found(.relative(relative), index..<index + length)
                } else if isReferenceNoun(at: index + length, in: request) || isContent(at: index + length, in: request)
                            || saysOne(at: index + length, afterOrdinalAt: index, in: request)
                            || endsOrSaysWhere(past: index + length, in: request) && !isNoun(request, index..<index + length) {
                    // "the next meeting", "the next thing on my calendar", and after what it orders: "when am I talking to
                    // her next", "what's first (thing) on Monday", "what's next on my calendar".
                    order = (relative, request[index..<index + length])
                    request.take(index..<index + length)
                }
            } else if let (length, _) = request.match(vocabulary.focusedPointers, at: index),
                      !vocabulary.clauseStartingPointers.contains(request.words[index]) || pointsHere(request, after: index + length) {
                // "this was taken at", "it starts": "this" and "it" always point; "that" may begin a clause.
                saidWithNoun = saidWithNoun || isReferenceNoun(at: index + length, in: request)
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
        // A cue that relates to a person ("from", "with") before the pronoun, or a verb it does after it
        // ("what did she say"), makes it whose, not what.
        let personCues = Set(vocabulary.possessiveMeans + vocabulary.possessiveMayMean)
        let whose = people.contains { position in
            request.possessive[position]  // "answer her about Valencia" (`markAuthor`)
                || position > 0 && request.isFree(position - 1) && personCues.contains(request.words[position - 1])
                || (max(0, position - 3)..<position).contains { request.match(grammar.typeNames, at: $0)?.length == position - $0 }
                || request.match(vocabulary.agentVerbs, at: position + 1) != nil
                || request.words.indices.contains(position + 1) && vocabulary.ignored.contains(request.words[position + 1])
                    && request.match(vocabulary.agentVerbs, at: position + 2) != nil  // "did she already send"
        }
        // The subject of what is said about a thing pointed at after it ("when do they need it by") is
        // someone the thing speaks of: the thing is wanted.
        let pointers = zip(kinds, starts).filter { $0.0 == .pointer }.map(\.1)
        if !whose, !people.isEmpty, people.allSatisfy({ position in
            vocabulary.subjectPronouns.contains(request.words[position]) && pointers.contains { $0 > position }
        }) {
            kinds.removeAll { $0 == .person }
        }
        // A pronoun in the clause of "the one" says whose it is; in a later clause it is about it
        // ("the first one, what time do they get in").
        let inClauseOfOne = ones.min().map { firstOne in
            people.contains { person in person > firstOne && !request.clauseStarts.contains { $0 > firstOne && $0 <= person } }
        } ?? false
        if whose || inClauseOfOne {
            kinds.removeAll { $0 == .person }
            cues.append(.init(properties: [], words: [], cue: [], isPossessive: true, isOnScreen: true))
            guard !kinds.isEmpty else { return (nil, order) }
        }
        // The most specific kind wins: a position or order, then plural, person, pointer.
        var kind = kinds.first {
            switch $0 { case .position, .span, .relative, .shown, .other, .others: true; default: false }
        }
            ?? kinds.first { $0 == .plural } ?? kinds.first { $0 == .person } ?? .pointer
        // "the two Japanese ones at the top": as many as counted, from the end said.
        if case .position(let place) = kind, abs(place) == 1, let count = saidCount, count > 1 { kind = .span(place * count) }
        return (Interpretation.Reference(kind: kind, words: words, isDescribed: isDescribed,
                                         isSaidWithNoun: kind == .pointer && saidWithNoun, count: kind == .plural ? saidCount : nil), order)
    }


    /// Whether words are said as a noun, after an article ("show the next"),
    /// not after a pronoun ("talking to her next").
    func isNoun(_ request: RequestWords, _ range: Range<Int>) -> Bool {
        func isArticle(_ index: Int) -> Bool {
            request.words.indices.contains(index) && vocabulary.articles.contains(request.words[index])
                && !vocabulary.personDeterminers.contains(in: request.words, at: index)
        }
        return isArticle(range.lowerBound) || isArticle(range.lowerBound - 1)
    }

    /// The first position from `index` on that holds more than a frame around
    /// what was said: words already read (a time) and words that say nothing.
    func pastFrame(from index: Int, in request: RequestWords) -> Int {
        var position = index
        while position < request.words.count, !request.clauseStarts.contains(position),
              !request.isUntaken(position) || vocabulary.ignored.contains(request.words[position]) {
            position += 1
        }
        return position
    }

    /// Whether, past the words that only frame it, the clause ends after a
    /// position or a type's noun says where ("what's next on my calendar").
    func endsOrSaysWhere(past index: Int, in request: RequestWords) -> Bool {
        let next = pastFrame(from: index, in: request)
        return endsClause(at: next, in: request) || grammar.typeNames.contains(in: request.words, at: next)
    }

    /// Whether, past the words that only frame it, the clause ends after a
    /// position or a cue says whose or where ("the last from Dennis", "die letzte von Oma").
    func saysNoMore(past index: Int, in request: RequestWords) -> Bool {
        let next = pastFrame(from: index, in: request)
        // A cue's marker may be a word that otherwise frames ("von"); what it names is no unit of time ("the top of the hour").
        return endsClause(at: next, in: request) || (index...next).contains { marker in
            guard request.isFree(marker), let (length, _) = grammar.cues.match(in: request.words, at: marker) else { return false }
            var named = marker + length
            while named < request.count, vocabulary.articles.contains(request.words[named]) { named += 1 }
            return !vocabulary.time.units.contains(in: request.words, at: named)
        }
    }

    /// Whether a clause ends before a position: the request's end or a comma.
    func endsClause(at index: Int, in request: RequestWords) -> Bool {
        index == request.words.count || request.clauseStarts.contains(index)
    }

    /// Whether "that" before a position points at something rather than
    /// beginning a clause ("that mentions oxygen"): it ends the request or
    /// comes before a type, "one", a cue, a language or words already read.
    func pointsHere(_ request: RequestWords, after index: Int) -> Bool {
        guard request.words.indices.contains(index) else { return true }
        if request.taken[index] || request.possessive[index] { return true }
        return isReferenceNoun(at: index, in: request) || grammar.cues.contains(in: request.words, at: index)
            || vocabulary.pointerFollowers.contains(request.words[index])
            || vocabulary.languageMarkers.contains(in: request.words, at: index)
            || vocabulary.languageNames.contains(in: request.words, at: index)
            || grammar.flags.contains(in: request.words, at: index)
    }
}
