import Foundation

/// Reads the time expressions among a request's free words — "tomorrow
/// morning", "next Friday at 8 am", "in March", "on the 9th", "the past two
/// weeks", "before Friday", "upcoming", "overdue" — relative to the caller's
/// clock and time zone, and takes the words it understood.
struct TimeExpressionReader {
    let words: RequestVocabulary.TimeWords
    let clock: RequestClock
    /// Which side of now a bare weekday is on.
    let tense: Tense

    /// Which side of now a request speaks of.
    enum Tense {
        /// "what did Amara send on Friday", "pics from Saturday": the last Friday or Saturday.
        case past
        /// "reschedule it to Monday": the next Monday.
        case future
        /// "what's on Saturday", "the meeting on the 9th": the coming Saturday (as
        /// English says "last Saturday" for the past one), the coming 9th.
        case either
    }
    /// Whether the word at a position makes a screen reference of a number
    /// before it ("the 9th one", "the 2nd photo"), which is then no date.
    let isReferenceNoun: (Int, RequestWords) -> Bool
    /// Whether a bare number is a clock time ("move the lunch to 1"): where only a time can be said.
    var readsBareHours = false
    /// Whether the word at a position is a content word that a named day just
    /// before it says the kind of ("the Christmas concert", "Easter lunch"): the
    /// day is then part of a name, not the time (a Christmas party is seldom on the 25th).
    var isModifiedNoun: (Int, RequestWords) -> Bool = { _, _ in false }

    /// What was read: the time, and flag words it implies ("overdue" and "upcoming" mean "open" too).
    struct Reading {
        var time: RequestTime?
        var impliedFlagWords: [String] = []
    }

    /// Reads every time expression among the free words and takes them;
    /// `dates` are days the request wrote in numbers ("14/4"), already taken.
    func read(_ request: inout RequestWords, dates: [(day: DateInterval, words: [String])] = []) -> Reading {
        var state = State()
        for date in dates {
            state.name(date.day)
            state.words += date.words
        }
        var index = 0
        // Where the expression that named the stretch said so far was said, and its words in `state.words`.
        var spanSaid: (range: Range<Int>, words: Range<Int>)?
        while index < request.count {
            let before = state
            if request.isFree(index), words.mayBegin(with: request.words[index]),
               let length = expression(at: index, in: request, into: &state), length > 0 {
                // "The email from this morning about the July shipment", "the April invoice from yesterday": two
                // times that cannot both hold. The narrower is when; the broader says what is wanted, as words.
                if let said = before.span, let named = state.span, !Self.overlap(said, named) {
                    let either = DateInterval(start: min(said.start, named.start), end: max(said.end, named.end))
                    if let earlier = spanSaid, saysEither(request, from: earlier.range.upperBound, to: index), either.duration <= 8 * 86_400 {
                        // "on the 12th or the 13th": either day.
                        state.span = either
                    } else if named.duration >= said.duration {
                        // "Thursday next week", "el jueves de la semana que viene": the weekday of the week said after it.
                        guard let day = sameWeekday(as: said, within: named) else {
                            state = before
                            index += length
                            continue
                        }
                        state.span = day
                    } else if let day = sameWeekday(as: named, within: said) {
                        // "last week Wednesday", "letzte Woche Mittwoch": the weekday of the week said.
                        state.span = day
                    } else if let earlier = spanSaid {
                        for position in earlier.range { request.taken[position] = false }
                        state.words.removeSubrange(earlier.words)
                    }
                }
                if state.span != before.span { spanSaid = (index..<index + length, state.words.count..<state.words.count + length) }
                state.words += request[index..<index + length]
                request.take(index..<index + length)
                index += length
            } else {
                index += 1
            }
        }
        return Reading(time: state.time(on: clock), impliedFlagWords: state.flagWords)
    }

    /// Whether two stretches share some time (not only where one ends and the other begins).
    static func overlap(_ first: DateInterval, _ second: DateInterval) -> Bool {
        first.intersection(with: second).map { $0.duration > 0 } ?? false
    }

    /// Whether the words between two times say that either is meant: "or", with articles and "on".
    private func saysEither(_ request: RequestWords, from start: Int, to end: Int) -> Bool {
        var index = start, saidOr = false
        while index < end {
            if let (length, _) = request.match(words.or, at: index) {
                saidOr = true
                index += length
            } else if let (length, _) = request.match(words.on, at: index) {
                index += length
            } else if words.articles.contains(request.words[index]) {
                index += 1
            } else {
                return false
            }
        }
        return saidOr
    }

    /// A day moved by whole weeks into a stretch of a week or less, if it
    /// then falls in it: the weekday of the week said.
    private func sameWeekday(as day: DateInterval, within stretch: DateInterval) -> DateInterval? {
        guard day.duration <= 90_000, stretch.duration <= 8 * 86_400 else { return nil }
        let weeks = Int(((stretch.start.timeIntervalSince(day.start)) / 604_800).rounded(.down))
        return [weeks, weeks + 1].lazy.compactMap { weeks -> DateInterval? in
            guard let start = clock.calendar.date(byAdding: .day, value: 7 * weeks, to: day.start),
                  let end = clock.calendar.date(byAdding: .day, value: 7 * weeks, to: day.end) else { return nil }
            return stretch.contains(start) ? DateInterval(start: start, end: end) : nil
        }.first
    }

    // MARK: What has been read so far

    private struct State {
        var from: Date?
        var to: Date?
        /// A named stretch of time (a day, a week, a month), intersected as more are named.
        var span: DateInterval?
        var minutes: Range<Int>?
        /// A clock hour said without am or pm ("at 8"), to be placed by a part of the day.
        var ambiguousHour = false
        var partOfDay: Range<Int>?
        var order: RequestTime.Order?
        /// Whether the order is only what "upcoming" or "planned" implies.
        var orderIsUpcoming = false
        /// Whether only what remains of the time said is meant ("what's left today"): from now on.
        var remainsFromNow = false
        var words: [String] = []
        var flagWords: [String] = []
        /// Whether what has no time is wanted ("the one with no date").
        var isUndated = false
        /// A clock time things begin after (lower) or before, in minutes ("after 3"), on the day said or today.
        var clockBound: (minutes: Int, isLower: Bool)?

        mutating func name(_ interval: DateInterval) {
            if let span, let common = span.intersection(with: interval), common.duration > 0 {
                self.span = common
            } else {
                span = interval
            }
        }

        mutating func atClock(_ range: Range<Int>, ambiguous: Bool) {
            minutes = range
            ambiguousHour = ambiguous
        }

        /// The time these words say, or nil when they said nothing.
        func time(on clock: RequestClock) -> RequestTime? {
            // "The one with no date, give it Friday": what has no time is wanted, whatever else is said.
            guard !isUndated else { return RequestTime(words: words, isUndated: true) }
            var minutes = self.minutes.map { TimeExpressionReader.placed($0, ambiguous: ambiguousHour, within: partOfDay) } ?? partOfDay
            var from = self.from, to = self.to
            if let span {
                from = max(from ?? span.start, span.start)
                to = min(to ?? span.end, span.end)
                // A clock on one day is a moment of that day.
                if let range = minutes, span.duration <= 90_000 {
                    let day = clock.startOfDay(span.start)
                    from = max(from!, clock.date(day, minutes: range.lowerBound))
                    // A night runs on past midnight into the small hours ("last night" at 01:30).
                    let end = clock.date(day, minutes: range.upperBound)
                    to = range.upperBound > 24 * 60 ? max(to!, end) : min(to!, end)
                    minutes = nil
                }
            }
            if remainsFromNow, span != nil { from = max(from ?? clock.now, clock.now) }
            if let bound = clockBound {
                if let span, span.duration > 90_000 {
                    // "next week after 5": after 5 on each of its days.
                    let part = bound.isLower ? bound.minutes..<24 * 60 : 0..<bound.minutes
                    minutes = minutes.map { $0.clamped(to: part) } ?? part
                } else {
                    let moment = clock.date(clock.startOfDay(span?.start ?? clock.now), minutes: bound.minutes)
                    if bound.isLower { from = max(from ?? moment, moment) } else { to = min(to ?? moment, moment) }
                }
            }
            // "What's planned for the weekend of the 3rd": all that goes on in a stretch named, not the next of it.
            let order = orderIsUpcoming && span != nil ? nil : order
            var time = RequestTime(from: from, to: to, minutesOfDay: minutes, order: order, words: words)
            time.isEitherHalfOfDay = minutes != nil && ambiguousHour && partOfDay == nil
            return time.isEmpty ? nil : time
        }
    }

    // MARK: Expressions

    /// Reads one expression at a free position into the state; its length, or nil.
    private func expression(at index: Int, in request: RequestWords, into state: inout State) -> Int? {
        if let (length, _) = request.match(words.laterToday, at: index) {
            state.from = clock.now
            state.name(clock.day(offset: 0))
            return length
        }
        if let (length, _) = request.match(words.earlierToday, at: index) {
            state.to = clock.now
            state.name(clock.day(offset: 0))
            return length
        }
        if let (length, _) = request.match(words.undated, at: index) {
            state.isUndated = true
            return length
        }
        if let length = words.overdue.match(in: request, at: index) {
            state.to = clock.now
            state.flagWords += words.overdue.alsoMeans
            return length
        }
        if let length = words.remaining.match(in: request, at: index) {
            state.remainsFromNow = true
            state.flagWords += words.remaining.alsoMeans
            return length
        }
        if let length = words.upcoming.match(in: request, at: index) {
            state.from = max(state.from ?? clock.now, clock.now)
            state.orderIsUpcoming = state.order == nil
            state.order = state.order ?? .next
            state.flagWords += words.upcoming.alsoMeans
            return length
        }
        if let (length, _) = request.match(words.recent, at: index) {
            state.to = clock.now
            state.order = state.order ?? .latest
            return length
        }
        if let (length, _) = request.match(words.now, at: index), length == request.count - index || !request.isFree(index + length) {
            state.from = clock.now.addingTimeInterval(-3_600)
            state.order = .next
            state.orderIsUpcoming = false
            return length
        }
        if let length = restOf(at: index, in: request, into: &state) { return length }
        if let length = between(at: index, in: request, into: &state) { return length }
        if let length = bound(at: index, in: request, into: &state) { return length }
        if let length = stretch(at: index, in: request, into: &state) { return length }
        if let (length, point) = point(at: index, in: request) {
            apply(point, to: &state)
            return length
        }
        // A part of the day alone, unless it ends a name ("movie night", "the morning briefing" is a time).
        if let (length, part) = request.match(words.partsOfDay, at: index), index == 0 || !request.isFree(index - 1)
            || words.articles.contains(request.words[index - 1]) || words.quantifiers.contains(request.words[index - 1]) {
            state.partOfDay = part
            return length
        }
        return nil
    }

    /// "the rest of the week", "the rest of today": from now to the end of the
    /// unit or day; the end of one that is over, its last third.
    private func restOf(at index: Int, in request: RequestWords, into state: inout State) -> Int? {
        guard let (length, _) = request.match(words.restOf, at: index) else { return nil }
        let article = articleLength(at: index + length, in: request)
        let interval: DateInterval, named: Int
        if let (unitLength, unit) = request.match(words.units, at: index + length + article) {
            (interval, named) = (clock.unit(unit, containing: clock.now, shiftedBy: 0), article + unitLength)
        } else if let (pointLength, point) = point(at: index + length, in: request), case .interval(let day, _) = point {
            (interval, named) = (day, pointLength)
        } else {
            return nil
        }
        if interval.end <= clock.now {
            // "at the end of January", said in February: its last third.
            state.from = max(state.from ?? .distantPast, clock.startOfDay(interval.end.addingTimeInterval(-interval.duration / 3)))
        } else {
            state.from = max(state.from ?? clock.now, clock.now)
        }
        state.name(interval)
        return length + named
    }

    /// "between 9 and 11", "from 2 to 4": the hours between two clock times;
    /// "between now and Sunday": from now to the end of the day said.
    private func between(at index: Int, in request: RequestWords, into state: inout State) -> Int? {
        guard let (length, _) = request.match(words.between, at: index) else { return nil }
        if let (nowLength, _) = request.match(words.now, at: index + length),
           let (andLength, _) = request.match(words.betweenAnd, at: index + length + nowLength),
           let (pointLength, point) = point(at: index + length + nowLength + andLength, in: request),
           case .interval(let until, nil) = point, until.end > clock.now {
            state.from = max(state.from ?? clock.now, clock.now)
            state.to = min(state.to ?? until.end, until.end)
            return length + nowLength + andLength + pointLength
        }
        guard let (firstLength, first, firstAmbiguous) = clockTime(at: index + length, in: request, needsMarker: false),
              let (andLength, _) = request.match(words.betweenAnd, at: index + length + firstLength),
              let (secondLength, second, secondAmbiguous) = clockTime(at: index + length + firstLength + andLength, in: request,
                                                                      needsMarker: false)
        else { return nil }
        // "between 11 and 1": the second is the later one, past noon if need be.
        let end = second.lowerBound > first.lowerBound ? second.lowerBound : second.lowerBound + 720
        guard end > first.lowerBound, end <= 24 * 60 else { return nil }
        state.atClock(first.lowerBound..<end, ambiguous: firstAmbiguous && secondAmbiguous)
        return length + firstLength + andLength + secondLength
    }

    /// "before Friday", "until tomorrow", "after 3 pm", "since Monday", "from 3 pm on".
    private func bound(at index: Int, in request: RequestWords, into state: inout State) -> Int? {
        // A day whose name begins with the marker is that day: "après-demain", "avant-hier".
        guard request.match(words.days, at: index) == nil else { return nil }
        // table, sets the lower bound, takes the point's start, whether "on" ends it ("from 3 pm on": since 3 pm)
        let kinds: [(PhraseTable<Void>, Bool, Bool, Bool)] = [
            (words.before, false, true, false), (words.until, false, false, false), (words.after, true, false, false),
            (words.since, true, true, false), (words.between, true, true, true),
        ]
        for (table, isLower, usesStart, endsOnwards) in kinds {
            guard var (length, _) = request.match(table, at: index) else { continue }
            var found = self.point(at: index + length, in: request)
            if found == nil, articleLength(at: index + length, in: request) == 1,
               let (pointLength, point) = self.point(at: index + length + 1, in: request), case .interval = point {
                // "since the 20th", "until the end of May": the day or stretch after an article.
                length += 1
                found = (pointLength, point)
            }
            // "after 3", as "at 3": a bare hour is a clock here, unless a unit follows ("after 2 weeks").
            if found == nil, let (clockLength, minutes, ambiguous) = clockTime(at: index + length, in: request, needsMarker: false),
               request.match(words.units, at: index + length + clockLength) == nil {
                found = (clockLength, .clock(minutes, ambiguous: ambiguous))
            }
            if endsOnwards {
                guard let (pointLength, _) = found, let (onwardsLength, _) = request.match(words.onwards, at: index + length + pointLength)
                else { continue }
                found?.0 += onwardsLength
            }
            if found == nil, let (partLength, part) = mealOrPartOfDay(at: index + length, in: request),
               !isModifiedNoun(index + length + partLength, request) {
                // "before lunch", "after the evening": where it begins or ends, on the day said ("before the
                // morning briefing" names what it is before).
                state.clockBound = (isLower ? part.upperBound : part.lowerBound, isLower)
                return length + partLength
            }
            guard let (pointLength, point) = found else { continue }
            let interval: DateInterval
            switch point {
            case .interval(let named, let minutes):
                if let minutes {
                    let day = clock.startOfDay(named.start)
                    interval = DateInterval(start: clock.date(day, minutes: minutes.lowerBound),
                                            end: clock.date(day, minutes: minutes.upperBound))
                } else {
                    interval = named
                }
            case .clock(let minutes, _):
                // On the day said, wherever it is said ("Wednesday after 3", "after 3 on Wednesday"): see `time(on:)`.
                state.clockBound = (minutes.lowerBound, isLower)
                return length + pointLength
            }
            let moment = usesStart ? interval.start : interval.end
            if isLower { state.from = moment } else { state.to = moment }
            return length + pointLength
        }
        return nil
    }

    /// 1 when a free article is said at a position ("the 20th"), else 0.
    private func articleLength(at index: Int, in request: RequestWords) -> Int {
        request.isFree(index) && words.articles.contains(request.words[index]) ? 1 : 0
    }

    /// A meal or a part of the day at a position, an article before it or not: its length and minutes.
    private func mealOrPartOfDay(at index: Int, in request: RequestWords) -> (Int, Range<Int>)? {
        let article = articleLength(at: index, in: request)
        for table in [words.meals, words.partsOfDay] {
            if let (length, minutes) = request.match(table, at: index + article) { return (article + length, minutes) }
        }
        return nil
    }

    /// "in the next 3 days", "the past week", "in 2 hours", "3 days ago", "two weeks from today", "in March".
    private func stretch(at index: Int, in request: RequestWords, into state: inout State) -> Int? {
        // A modifier right before a unit ("next week") names a calendar unit: leave that to `point`.
        let modified = [words.this, words.next, words.last].contains { table in
            request.match(table, at: index).map { request.match(words.units, at: index + $0.length) != nil } ?? false
        }
        if !modified {
            for (table, forward) in [(words.withinPast, false), (words.within, true)] {
                guard let (length, _) = request.match(table, at: index),
                      let (quantityLength, quantity) = quantity(at: index + length, in: request, optional: true),
                      let (unitLength, unit) = request.match(words.units, at: index + length + quantityLength) else { continue }
                let span = clock.duration(of: unit) * Double(quantity)
                if forward {
                    state.from = clock.now
                    state.to = clock.now.addingTimeInterval(span)
                } else {
                    state.from = clock.now.addingTimeInterval(-span)
                    state.to = clock.now
                }
                return length + quantityLength + unitLength
            }
        }
        // "at night", "at lunchtime"
        if let (length, _) = request.match(words.at, at: index), let (partLength, part) = request.match(words.partsOfDay, at: index + length) {
            state.partOfDay = part
            return length + partLength
        }
        if let (length, _) = request.match(words.inWords, at: index) {
            if let (quantityLength, quantity) = quantity(at: index + length, in: request, optional: false),
               let (unitLength, unit) = request.match(words.units, at: index + length + quantityLength) {
                state.name(clock.unit(unit, containing: clock.now, shiftedBy: quantity))
                return length + quantityLength + unitLength
            }
            if let (monthLength, interval) = month(at: index + length, in: request, afterMarker: true) {
                state.name(interval)
                return length + monthLength
            }
            // "in the morning"; "por la mañana", whose part of the day is said with its article ("mañana" alone is tomorrow)
            let article = articleLength(at: index + length, in: request)
            if let (partLength, part) = request.match(words.partsOfDay, at: index + length).map({ ($0.length, $0.value) })
                ?? request.match(words.partsOfDay, at: index + length + article).map({ ($0.length + article, $0.value) }) {
                state.partOfDay = part
                return length + partLength
            }
        }
        if let (quantityLength, quantity) = quantity(at: index, in: request, optional: false),
           let (unitLength, unit) = request.match(words.units, at: index + quantityLength) {
            if let (agoLength, _) = request.match(words.ago, at: index + quantityLength + unitLength) {
                let end = index + quantityLength + unitLength + agoLength
                if let (todayLength, today) = request.match(words.days, at: end), today.day == 0, today.minutes == nil {
                    // "a month ago today": that day, not the month.
                    state.name(clock.day(after: -quantity, unit))
                    return end - index + todayLength
                }
                state.name(clock.unit(unit, containing: clock.now, shiftedBy: -quantity))
                return quantityLength + unitLength + agoLength
            }
            if let (henceLength, _) = request.match(words.hence, at: index + quantityLength + unitLength) {
                // "two weeks from today" is a day; "two hours from now" is the hour it names.
                let isShort = unit == "minute" || unit == "hour" || unit == "weekend"
                state.name(isShort ? clock.unit(unit, containing: clock.now, shiftedBy: quantity) : clock.day(after: quantity, unit))
                return quantityLength + unitLength + henceLength
            }
            let counted = index + quantityLength + unitLength
            if let (fromLength, _) = request.match(words.countedFrom, at: counted),
               let (dayLength, day) = request.match(words.days, at: counted + fromLength), day.minutes == nil {
                // "two weeks from tomorrow": counted from the day said.
                state.name(clock.day(after: quantity, unit, fromDay: day.day))
                return quantityLength + unitLength + fromLength + dayLength
            }
        }
        return nil
    }

    /// A named time: a day, a date, a week, a month, a clock time.
    private enum Point {
        case interval(DateInterval, minutes: Range<Int>?)
        case clock(Range<Int>, ambiguous: Bool)
    }

    private func apply(_ point: Point, to state: inout State) {
        switch point {
        case .interval(let interval, let minutes):
            state.name(interval)
            if let minutes { state.partOfDay = minutes }
        case .clock(let minutes, let ambiguous):
            state.atClock(minutes, ambiguous: ambiguous)
        }
    }

    /// The point at a position, with a clock or part of the day that follows it
    /// ("tomorrow at 8", "Monday morning").
    private func point(at index: Int, in request: RequestWords) -> (Int, Point)? {
        guard request.isFree(index) else { return nil }
        if let (length, _) = request.match(words.on, at: index) {
            let article = articleLength(at: index + length, in: request)
            if let (rest, point) = point(at: index + length + article, in: request) { return (length + article + rest, point) }
        }
        if let (length, _) = request.match(words.at, at: index), let (clockLength, minutes, ambiguous) = clockTime(at: index + length, in: request, needsMarker: false) {
            return (length + clockLength, .clock(minutes, ambiguous: ambiguous))
        }
        if let (clockLength, minutes, ambiguous) = clockTime(at: index, in: request, needsMarker: !readsBareHours) {
            return (clockLength, .clock(minutes, ambiguous: ambiguous))
        }
        guard let (length, interval, hours) = day(at: index, in: request) else { return nil }
        // What follows on the same day: "at 8 am", "8 pm", "morning".
        var end = index + length
        var minutes = hours
        if let (atLength, _) = request.match(words.at, at: end), let (clockLength, clockMinutes, ambiguous) = clockTime(at: end + atLength, in: request, needsMarker: false) {
            minutes = Self.placed(clockMinutes, ambiguous: ambiguous, within: hours)
            end += atLength + clockLength
        } else if let (clockLength, clockMinutes, ambiguous) = clockTime(at: end, in: request, needsMarker: true) {
            minutes = Self.placed(clockMinutes, ambiguous: ambiguous, within: hours)
            end += clockLength
        } else if let (partLength, part) = request.match(words.partsOfDay, at: end) {
            minutes = part
            end += partLength
        }
        return (end - index, .interval(interval, minutes: minutes))
    }

    /// A clock time that could be morning or evening, in the part of the day said ("8 in the evening": 20:00).
    fileprivate static func placed(_ minutes: Range<Int>, ambiguous: Bool, within part: Range<Int>?) -> Range<Int> {
        guard ambiguous, let part, !part.contains(minutes.lowerBound), part.contains(minutes.lowerBound + 720) else { return minutes }
        return minutes.lowerBound + 720..<minutes.upperBound + 720
    }

    /// "my last night shift", "the next morning run": after an article, "last",
    /// "next" or "this" and a part of the day (or "day") right before a noun
    /// order things of that kind ("my next night shift", "my next day shift"); they say no time.
    private func ordersAKindOfThing(at index: Int, in request: RequestWords) -> Bool {
        guard index > 0, words.articles.contains(request.words[index - 1]) else { return false }
        for table in [words.this, words.next, words.last] {
            guard let (length, _) = request.match(table, at: index) else { continue }
            let kind = request.match(words.partsOfDay, at: index + length)?.length
                ?? request.match(words.units, at: index + length).flatMap { $0.value == "day" ? $0.length : nil }
            if let kind, isModifiedNoun(index + length + kind, request) { return true }
        }
        return false
    }

    /// A day or longer stretch by name: "tomorrow", "tonight", "Friday", "next
    /// week", "this month", "March 9", "the 9th", "2026-03-09", "in March";
    /// with the hours it names ("tonight": 17 to 24), in minutes.
    private func day(at index: Int, in request: RequestWords) -> (Int, DateInterval, Range<Int>?)? {
        guard !ordersAKindOfThing(at: index, in: request) else { return nil }
        if let (length, entry) = request.match(words.days, at: index) {
            return (length, clock.day(offset: entry.day), entry.minutes)
        }
        if let (length, holiday) = request.match(words.holidays, at: index), !isModifiedNoun(index + length, request),
           let interval = clock.day(ofYear: holiday.month, day: holiday.day, tense: tense) {
            return (length, interval, nil)  // "christmas eve"
        }
        if let (length, days) = request.match(words.easterDays, at: index), !isModifiedNoun(index + length, request),
           let interval = clock.days(fromEaster: days, tense: tense) {
            return (length, interval, nil)  // "good friday", "the easter weekend"
        }
        // "the week after next"
        let article = articleLength(at: index, in: request)
        if let (length, interval) = weekOfMonth(at: index, article: article, in: request) { return (length, interval, nil) }
        if let (unitLength, unit) = request.match(words.units, at: index + article), unit == "week" || unit == "weekend",
           let (ofLength, _) = request.match(words.of, at: index + article + unitLength) {
            // "the weekend of the 13th", "the week of March 9": the one that holds the day.
            let dayIndex = index + article + unitLength + ofLength
            let dayArticle = articleLength(at: dayIndex, in: request)
            if let (dayLength, day, _) = self.day(at: dayIndex + dayArticle, in: request) {
                return (dayIndex + dayArticle + dayLength - index, clock.unit(unit, containing: day.start, shiftedBy: 0), nil)
            }
        }
        if let (unitLength, unit) = request.match(words.units, at: index + article),
           let (afterLength, _) = request.match(words.afterNext, at: index + article + unitLength) {
            return (article + unitLength + afterLength, clock.unit(unit, containing: clock.now, shiftedBy: 2), nil)
        }
        for (table, shift) in [(words.nextAfter, 1), (words.lastAfter, -1)] {
            // "la semana que viene", "el lunes pasado": the order said after what it orders.
            if let (orderedLength, interval) = ordered(at: index + article, in: request),
               let (length, _) = request.match(table, at: index + article + orderedLength) {
                return (article + orderedLength + length, interval(shift), nil)
            }
        }
        if let (length, interval) = modified(at: index, in: request) { return (length, interval, nil) }
        if let (length, weekday) = request.match(words.weekdays, at: index),
           // "sat" and "wed" are also words: alone, they need a word that makes them weekdays ("on sat").
           hasContext(at: index, in: request, ifOneOf: words.weekdaysNeedingContext) {
            // "el jueves 20", "Thursday the 20th": the day of the month says which Thursday (a bare number only
            // past 12, which no clock says).
            let next = index + length + articleLength(at: index + length, in: request)
            if request.words.indices.contains(next), let (dayLength, dayOfMonth) = dayOfMonth(at: next, in: request),
               isOrdinal(at: next, in: request) || dayOfMonth > 12, request.match(words.units, at: next + dayLength) == nil,
               let interval = clock.day(ofMonth: dayOfMonth, tense: tense) {
                return (next + dayLength - index, interval, nil)
            }
            return (length, clock.weekday(weekday, shift: tense == .past ? -2 : 2), nil)
        }
        // "am Wochenende", "vom Wochenende": a preposition joined with its article is one too.
        let joinedArticle = article == 0 && request.isFree(index) && words.dayArticles.contains(request.words[index]) ? 1 : 0
        if article + joinedArticle == 1, let (unitLength, unit) = request.match(words.units, at: index + 1), unit == "weekend" {
            // "the weekend", "over the weekend": this week's, or for the past the last one begun.
            let this = clock.unit(unit, containing: clock.now, shiftedBy: 0)
            return (1 + unitLength, tense == .past && this.start > clock.now ? clock.unit(unit, containing: clock.now, shiftedBy: -1) : this, nil)
        }
        if let (length, interval) = isoDate(at: index, in: request) { return (length, interval, nil) }
        if let (length, interval) = month(at: index, in: request, afterMarker: false) { return (length, interval, nil) }
        if let (length, dayOfMonth) = dayOfMonth(at: index, in: request) {
            // "the 9th of March", "9 March"
            var end = index + length
            if let (ofLength, _) = request.match(words.of, at: end) { end += ofLength }
            if let (monthLength, month) = request.match(words.months, at: end),
               let interval = clock.date(month: month, day: dayOfMonth, year: year(at: end + monthLength, in: request)?.year) {
                return (end + monthLength + (year(at: end + monthLength, in: request)?.length ?? 0) - index, interval, nil)
            }
            // "the 9th" alone, "le 24", "12号": the nearest, or the last one for the past.
            let afterDayArticle = index > 0 && words.dayArticles.contains(request.words[index - 1])
            let marker = request.match(words.dayMarkers, at: index + length)?.length ?? 0
            if isOrdinal(at: index, in: request) || afterDayArticle || marker > 0, let interval = clock.day(ofMonth: dayOfMonth, tense: tense) {
                return (length + marker, interval, nil)
            }
        }
        return nil
    }

    /// "this week", "next Friday", "last March", "übernächste Woche": a unit, weekday or month after a word
    /// that says which one from now; its length and stretch of time.
    private func modified(at index: Int, in request: RequestWords) -> (Int, DateInterval)? {
        for (table, shift) in [(words.this, 0), (words.next, 1), (words.last, -1), (words.nextButOne, 2), (words.lastButOne, -2)] {
            guard let (length, _) = request.match(table, at: index) else { continue }
            if let (orderedLength, interval) = ordered(at: index + length, in: request) {
                return (length + orderedLength, interval(shift))
            }
        }
        return nil
    }

    /// A unit, weekday or month at a position, and its stretch of time that
    /// many ahead (or back) of the current one: "week" and 1 is next week.
    private func ordered(at index: Int, in request: RequestWords) -> (Int, (Int) -> DateInterval)? {
        if let (length, unit) = request.match(words.units, at: index) {
            return (length, { clock.unit(unit, containing: clock.now, shiftedBy: $0) })
        }
        // "mon prochain rdv" is French for "my next", no Monday.
        if let (length, weekday) = request.match(words.weekdays, at: index), hasContext(at: index, in: request, ifOneOf: words.weekdaysNeedingContext) {
            return (length, { clock.weekday(weekday, shift: $0) })
        }
        if let (length, month) = request.match(words.months, at: index), hasContext(at: index, in: request, ifOneOf: words.monthsNeedingContext) {
            return (length, { clock.month(month, shift: $0) })
        }
        return nil
    }

    /// Whether a weekday or month that is another word too ("sat", "mon", "may") has a word
    /// before it that makes it one ("on sat"); any other has.
    private func hasContext(at index: Int, in request: RequestWords, ifOneOf ambiguous: Set<String>) -> Bool {
        !ambiguous.contains(request.words[index]) || index > 0 && words.monthContext.contains(request.words[index - 1])
    }

    /// "the first week of April", "the last week of March": seven days of a month; "the first Saturday of
    /// December", "the first weekend in April": the nth such day of a month, or the weekend that begins on it.
    private func weekOfMonth(at index: Int, article: Int, in request: RequestWords) -> (Int, DateInterval)? {
        let nth: (length: Int, value: Int)
        if let (length, value) = request.match(words.dayOrdinals, at: index + article), value <= 5 {
            nth = (article + length, value)
        } else if let (length, _) = request.match(words.last, at: index) {
            nth = (length, -1)
        } else {
            return nil
        }
        let named = index + nth.length
        let unit = request.match(words.units, at: named).flatMap { ["week", "weekend"].contains($0.value) ? $0 : nil }
        let weekday = unit == nil ? request.match(words.weekdays, at: named) : nil
        guard let nameLength = unit?.length ?? weekday?.length,
              let (ofLength, _) = request.match(words.of, at: named + nameLength) ?? request.match(words.inWords, at: named + nameLength),
              let (monthLength, month) = self.month(at: named + nameLength + ofLength, in: request, afterMarker: true)
                ?? monthUnit(at: named + nameLength + ofLength, in: request)
        else { return nil }
        let length = nth.length + nameLength + ofLength + monthLength
        if unit?.value == "week" { return clock.week(nth.value, of: month).map { (length, $0) } }
        // A weekend is the one whose Saturday is the nth of the month.
        let day = weekday?.value ?? 6
        guard let date = clock.weekday(day, nth: nth.value, of: month) else { return nil }
        return (length, unit == nil ? date : clock.unit("weekend", containing: date.start, shiftedBy: 0))
    }

    /// "the month", "this month", "next month": a month said as a unit of time, from now.
    private func monthUnit(at index: Int, in request: RequestWords) -> (Int, DateInterval)? {
        let article = articleLength(at: index, in: request)
        if let (unitLength, unit) = request.match(words.units, at: index + article), unit == "month" {
            return (article + unitLength, clock.unit(unit, containing: clock.now, shiftedBy: 0))
        }
        guard let (length, interval) = modified(at: index, in: request),
              request.match(words.units, at: index + length - 1).map({ $0.value == "month" && $0.length == 1 }) == true else { return nil }
        return (length, interval)
    }

    /// "March", "March 9", "March 9th 2026", "in May": a month or one of its days.
    private func month(at index: Int, in request: RequestWords, afterMarker: Bool) -> (Int, DateInterval)? {
        guard let (length, month) = request.match(words.months, at: index) else { return nil }
        var end = index + length
        if let (dayLength, dayOfMonth) = dayOfMonth(at: end, in: request) {
            let year = year(at: end + dayLength, in: request)
            if let interval = clock.date(month: month, day: dayOfMonth, year: year?.year) {
                return (end + dayLength + (year?.length ?? 0) - index, interval)
            }
        }
        // "may" and "march" are also verbs: alone, they need a word that makes them months.
        guard afterMarker || hasContext(at: index, in: request, ifOneOf: words.monthsNeedingContext) else { return nil }
        let year = year(at: end, in: request)
        end += year?.length ?? 0
        // A month said of the past ("photos from December" in March) is the last one.
        let said = clock.month(month, year: year?.year)
        guard year == nil, tense == .past, said.start > clock.now else { return (end - index, said) }
        return (end - index, clock.month(month, year: clock.calendar.component(.year, from: clock.now) - 1))
    }

    /// A day of the month: "9", "9th", "ninth" (at most 31).
    private func dayOfMonth(at index: Int, in request: RequestWords) -> (Int, Int)? {
        guard request.isFree(index) else { return nil }
        let word = request.words[index]
        if let number = Int(word), (1...31).contains(number), word.count <= 2 { return (1, number) }
        if let number = ordinalNumber(word), (1...31).contains(number), !isReferenceNoun(index + 1, request) { return (1, number) }
        if let (length, number) = request.match(words.dayOrdinals, at: index), !isReferenceNoun(index + length, request) {
            // Word ordinals are dates only after "on" ("on the first", not "the first photo").
            let previous = index > 1 && words.articles.contains(request.words[index - 1]) ? index - 2 : index - 1
            if previous >= 0, words.on.contains(in: request.words, at: previous) { return (length, number) }
        }
        return nil
    }

    /// Whether the word is an ordinal ("9th", "ninth"), not a plain number.
    private func isOrdinal(at index: Int, in request: RequestWords) -> Bool {
        ordinalNumber(request.words[index]) != nil || request.match(words.dayOrdinals, at: index) != nil
    }

    /// "9th" -> 9.
    private func ordinalNumber(_ word: String) -> Int? {
        for suffix in words.ordinalSuffixes where word.hasSuffix(suffix) {
            if let number = Int(word.dropLast(suffix.count)) { return number }
        }
        return nil
    }

    /// A four-digit year after a date.
    private func year(at index: Int, in request: RequestWords) -> (length: Int, year: Int)? {
        guard request.isFree(index), request.words[index].count == 4, let year = Int(request.words[index]), (1900...2200).contains(year)
        else { return nil }
        return (1, year)
    }

    /// "2026-03-09", split into three numbers.
    private func isoDate(at index: Int, in request: RequestWords) -> (Int, DateInterval)? {
        guard (index..<index + 3).allSatisfy(request.isFree), request.words[index].count == 4,
              let year = Int(request.words[index]), let month = Int(request.words[index + 1]), let day = Int(request.words[index + 2]),
              (1...12).contains(month), let interval = clock.date(month: month, day: day, year: year) else { return nil }
        return (3, interval)
    }

    /// A number: "3", "three", "a couple of"; with `optional`, one when there is none.
    private func quantity(at index: Int, in request: RequestWords, optional: Bool) -> (Int, Int)? {
        words.number(at: index, in: request) ?? (optional ? (0, 1) : nil)
    }

    /// The length of an am or pm marker at a position, or nil when there is
    /// none. A marker that also names a day ("at 10 tonight") says pm, but is
    /// left to name its day too: its length is then 0.
    private func dayPartMarker(_ markers: PhraseTable<Void>, at index: Int, in request: RequestWords) -> Int? {
        guard let (length, _) = request.match(markers, at: index) else { return nil }
        return request.match(words.days, at: index)?.length == length ? 0 : length
    }

    /// A time of day, as the minutes of an hour or a minute: "8 am", "8am",
    /// "8:30", "14:00", "8 o'clock", "15h30", "noon", "half past 8"; a bare hour ("8")
    /// only when `needsMarker` is false (after "at"). Ambiguous when it could be
    /// morning or evening.
    private func clockTime(at index: Int, in request: RequestWords, needsMarker: Bool) -> (Int, Range<Int>, Bool)? {
        guard request.isFree(index) else { return nil }
        if let (length, part) = request.match(words.partsOfDay, at: index), part.count == 60 {
            return (length, part, false)  // "noon", "midnight": one hour
        }
        if let (length, _) = request.match(words.half, at: index), let (hourLength, minutes, ambiguous) = clockTime(at: index + length, in: request, needsMarker: false) {
            return (length + hourLength, minutes.lowerBound + 30..<minutes.lowerBound + 31, ambiguous)
        }
        let word = request.words[index]
        // "8am", "10pm"
        for (suffixes, afternoon) in [(["am", "a.m"], false), (["pm", "p.m"], true)] {
            for suffix in suffixes where word.hasSuffix(suffix) {
                if let hour = Int(word.dropLast(suffix.count)), (1...12).contains(hour) {
                    let start = (hour % 12 + (afternoon ? 12 : 0)) * 60
                    return (1, start..<start + 60, false)
                }
            }
        }
        // "15h", "15h30": an hour joined to a marker of the hour, and its minutes after it.
        if let letters = word.firstIndex(where: \.isLetter), letters > word.startIndex, let hour = Int(word[..<letters]), (0...24).contains(hour) {
            let marker = word[letters...].prefix(while: \.isLetter), digits = word[marker.endIndex...]
            if words.oclock.contains(in: [String(marker)], at: 0), digits.isEmpty || digits.count == 2,
               let minute = digits.isEmpty ? 0 : Int(digits), (0...59).contains(minute) {
                return (1, hour * 60 + minute..<hour * 60 + minute + (digits.isEmpty ? 60 : 1), false)
            }
        }
        // "8", or "eight" where a clock is certain ("at eight", "half eight", "eight pm", "eight o'clock", "三点").
        let saysHour = request.match(words.oclock, at: index + 1) != nil
        let spelled = (needsMarker && !saysHour) || words.articles.contains(word) ? nil
            : request.match(words.numbers, at: index).flatMap { $0.length == 1 ? $0.value : nil }
        guard let hour = Int(word).flatMap({ word.count <= 2 ? $0 : nil }) ?? spelled, (0...24).contains(hour) else { return nil }
        var length = 1
        var minute: Int?
        if request.isFree(index + 1), request.words[index + 1].count == 2, let number = Int(request.words[index + 1]), (0...59).contains(number) {
            minute = number
            length += 1
        }
        var start = hour * 60 + (minute ?? 0)
        let width = minute == nil ? 60 : 1
        if let markerLength = dayPartMarker(words.am, at: index + length, in: request), hour <= 12 {
            start = (hour % 12) * 60 + (minute ?? 0)
            return (length + markerLength, start..<start + width, false)
        }
        if let markerLength = dayPartMarker(words.pm, at: index + length, in: request), hour <= 12 {
            start = (hour % 12 + 12) * 60 + (minute ?? 0)
            return (length + markerLength, start..<start + width, false)
        }
        let marker = request.match(words.oclock, at: index + length)?.length ?? 0
        guard minute != nil || marker > 0 || !needsMarker else { return nil }
        if marker > 0, minute == nil, let (half, _) = request.match(words.halfAfterHour, at: index + length + marker) {
            // "七点半": half past the hour said.
            let start = (hour + ((1...6).contains(hour) ? 12 : 0)) * 60 + 30
            return (length + marker + half, start..<start + 1, (1...12).contains(hour))
        }
        // An hour without am or pm, with its minutes or not ("at 4", "the 4:15 one"): 1 to 6 is more often
        // afternoon than night, unless written as a 24-hour clock ("04:15").
        if (1...6).contains(hour), !word.hasPrefix("0") { start += 720 }
        return (length + marker, start..<start + width, (1...12).contains(hour))
    }
}

/// The caller's clock and time zone, and the calendar arithmetic of time words.
struct RequestClock {
    let now: Date
    let calendar: Calendar

    /// A clock at `now` in `timeZone`, with weeks starting on an ISO weekday (1 is Monday).
    init(now: Date, timeZone: TimeZone, weekStartsOn: Int) {
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = weekStartsOn % 7 + 1
        self.calendar = calendar
    }

    /// The clock of a query, with weeks starting as a vocabulary says.
    init(_ query: SearchQuery, vocabulary: RequestVocabulary) {
        self.init(now: query.now, timeZone: query.timeZone, weekStartsOn: vocabulary.time.weekStartsOn)
    }

    func startOfDay(_ date: Date) -> Date {
        calendar.startOfDay(for: date)
    }

    /// A moment of a day, in minutes after its midnight.
    func date(_ day: Date, minutes: Int) -> Date {
        calendar.date(byAdding: .minute, value: minutes, to: day) ?? day
    }

    /// The day `offset` days from today.
    func day(offset: Int) -> DateInterval {
        let start = calendar.date(byAdding: .day, value: offset, to: startOfDay(now))!
        return DateInterval(start: start, end: calendar.date(byAdding: .day, value: 1, to: start)!)
    }

    /// The day `count` units ("day", "week", "fortnight", "month", "year") after today, or after the day
    /// `fromDay` days from today.
    func day(after count: Int, _ unit: String, fromDay: Int = 0) -> DateInterval {
        let (component, multiple): (Calendar.Component, Int) = switch unit {
        case "week": (.weekOfYear, 1)
        case "fortnight": (.weekOfYear, 2)
        case "month": (.month, 1)
        case "year": (.year, 1)
        default: (.day, 1)
        }
        let from = calendar.date(byAdding: .day, value: fromDay, to: startOfDay(now))!
        let start = calendar.date(byAdding: component, value: count * multiple, to: from)!
        return DateInterval(start: start, end: calendar.date(byAdding: .day, value: 1, to: start)!)
    }

    /// The calendar unit ("week", "month", "weekend", "day", "hour") containing a
    /// moment, moved by `shift` units.
    func unit(_ unit: String, containing date: Date, shiftedBy shift: Int) -> DateInterval {
        switch unit {
        case "minute", "hour":
            let seconds = unit == "hour" ? 3_600.0 : 60.0
            let moment = date.addingTimeInterval(Double(shift) * seconds)
            return DateInterval(start: moment.addingTimeInterval(-seconds / 2), duration: seconds)
        case "weekend":
            let week = calendar.dateInterval(of: .weekOfYear, for: date)!
            let saturday = week.end.addingTimeInterval(-2 * 86_400)
            let start = calendar.date(byAdding: .weekOfYear, value: shift, to: startOfDay(saturday.addingTimeInterval(3_600)))!
            return DateInterval(start: start, end: calendar.date(byAdding: .day, value: 2, to: start)!)
        case "fortnight":
            let start = calendar.date(byAdding: .day, value: 14 * shift, to: startOfDay(date))!
            return DateInterval(start: start, end: calendar.date(byAdding: .day, value: 14, to: start)!)
        default:
            let component: Calendar.Component = switch unit {
            case "week": .weekOfYear
            case "month": .month
            case "year": .year
            default: .day
            }
            let shifted = calendar.date(byAdding: component, value: shift, to: date)!
            return calendar.dateInterval(of: component, for: shifted)!
        }
    }

    /// Seconds in a unit, for "the next 3 days".
    func duration(of unit: String) -> Double {
        switch unit {
        case "minute": 60
        case "hour": 3_600
        case "week": 604_800
        case "weekend": 172_800
        case "fortnight": 1_209_600
        case "month": 2_629_746
        case "year": 31_556_952
        default: 86_400
        }
    }

    /// A weekday (ISO: 1 is Monday) near today: `shift` 0 is this week's, 1
    /// the first after today, -1 the last before today, 2 the next from today
    /// on (today included), -2 the last up to today (today included).
    func weekday(_ isoWeekday: Int, shift: Int) -> DateInterval {
        let today = calendar.component(.weekday, from: now)  // Sunday is 1
        let wanted = isoWeekday % 7 + 1
        var offset: Int
        switch shift {
        case 0:
            let week = calendar.dateInterval(of: .weekOfYear, for: now)!
            let first = calendar.component(.weekday, from: week.start)
            let position = (wanted - first + 7) % 7
            return day(from: week.start, offset: position)
        case 1: offset = (wanted - today + 7) % 7; if offset == 0 { offset = 7 }
        case -1: offset = -((today - wanted + 7) % 7); if offset == 0 { offset = -7 }
        case 2: offset = (wanted - today + 7) % 7
        default: offset = -((today - wanted + 7) % 7)
        }
        return day(offset: offset)
    }

    private func day(from start: Date, offset: Int) -> DateInterval {
        let day = calendar.date(byAdding: .day, value: offset, to: start)!
        return DateInterval(start: day, end: calendar.date(byAdding: .day, value: 1, to: day)!)
    }

    /// A month of the current year, or of the next or last one with that name (`shift` 1, -1).
    func month(_ month: Int, shift: Int) -> DateInterval {
        let current = calendar.component(.month, from: now), year = calendar.component(.year, from: now)
        switch shift {
        case 1: return self.month(month, year: month > current ? year : year + 1)
        case -1: return self.month(month, year: month < current ? year : year - 1)
        default: return self.month(month, year: year)
        }
    }

    /// The nth seven days of a month (-1: its last seven); nil past its end.
    func week(_ nth: Int, of month: DateInterval) -> DateInterval? {
        let start = nth > 0 ? calendar.date(byAdding: .day, value: 7 * (nth - 1), to: month.start)!
                            : calendar.date(byAdding: .day, value: -7, to: month.end)!
        guard start < month.end else { return nil }
        return DateInterval(start: start, end: min(calendar.date(byAdding: .day, value: 7, to: start)!, month.end))
    }

    /// The nth day of a month that is a weekday (ISO: Monday is 1), counted from its end when nth is negative.
    func weekday(_ isoWeekday: Int, nth: Int, of month: DateInterval) -> DateInterval? {
        let wanted = isoWeekday % 7 + 1
        let days = (0..<31).map { calendar.date(byAdding: .day, value: $0, to: month.start)! }
            .filter { $0 < month.end && calendar.component(.weekday, from: $0) == wanted }
        let index = nth > 0 ? nth - 1 : days.count + nth
        guard days.indices.contains(index) else { return nil }
        return day(from: days[index], offset: 0)
    }

    /// A month of a year (this year when nil).
    func month(_ month: Int, year: Int?) -> DateInterval {
        let components = DateComponents(year: year ?? calendar.component(.year, from: now), month: month, day: 1)
        let start = calendar.date(from: components)!
        return calendar.dateInterval(of: .month, for: start)!
    }

    /// A day written in numbers, "14/4", "4/22", "14/4/2026" or "14.4.": day and
    /// month in the order that fits, `dayFirst` when both could be a month;
    /// nil when it is no date.
    func date(writtenAs text: Substring, dayFirst: Bool) -> DateInterval? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "." }).map(String.init)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
              let first = Int(parts[0]), let second = Int(parts[1]), parts[0].count <= 2, parts[1].count <= 2 else { return nil }
        var year = parts.count == 3 ? Int(parts[2]) : nil
        if let short = year, short < 100 { year = 2000 + short }
        let (day, month) = first > 12 ? (first, second) : second > 12 ? (second, first) : dayFirst ? (first, second) : (second, first)
        guard (1...12).contains(month) else { return nil }
        return date(month: month, day: day, year: year)
    }

    /// A day of the month near today: this month's, last month's or next
    /// month's — the last one on or before today for the past, else the next
    /// one on or after today, as a weekday said alone is the coming one ("what's
    /// the plan for the 27th" on the 10th is this month's).
    func day(ofMonth day: Int, tense: TimeExpressionReader.Tense) -> DateInterval? {
        let today = startOfDay(now)
        return nearest((-1...1).compactMap { shift -> DateInterval? in
            guard let month = calendar.date(byAdding: .month, value: shift, to: today) else { return nil }
            let parts = calendar.dateComponents([.year, .month], from: month)
            return date(month: parts.month, day: day, year: parts.year)
        }, tense: tense)
    }

    /// A day of the year by name ("christmas eve"): the next one on or after
    /// today, or the last one on or before it for the past.
    func day(ofYear month: Int, day: Int, tense: TimeExpressionReader.Tense) -> DateInterval? {
        let year = calendar.component(.year, from: now)
        return nearest((-1...1).compactMap { date(month: month, day: day, year: year + $0) }, tense: tense)
    }

    /// Days counted from Easter Sunday ("good friday": -2...-2), in the year a tense means (`nearest`).
    func days(fromEaster days: ClosedRange<Int>, tense: TimeExpressionReader.Tense) -> DateInterval? {
        let year = calendar.component(.year, from: now)
        return nearest((year - 1...year + 1).compactMap { year in
            guard let easter = Self.easterSunday(in: year), let sunday = date(month: easter.month, day: easter.day, year: year),
                  let start = calendar.date(byAdding: .day, value: days.lowerBound, to: sunday.start),
                  let end = calendar.date(byAdding: .day, value: days.upperBound + 1, to: sunday.start) else { return nil }
            return DateInterval(start: start, end: end)
        }, tense: tense)
    }

    /// The month and day of Easter Sunday in a Gregorian year (the anonymous Gregorian computus).
    static func easterSunday(in year: Int) -> (month: Int, day: Int)? {
        guard year > 1582 else { return nil }
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = (a + 11 * h + 22 * l) / 451
        return ((h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1)
    }

    /// Of days (or runs of whole days) in order, the one a tense means: the
    /// last begun by today for the past, else the first not over before today
    /// (for a single day, today or later; for the Easter weekend, the one under way).
    private func nearest(_ candidates: [DateInterval], tense: TimeExpressionReader.Tense) -> DateInterval? {
        let today = startOfDay(now)
        return tense == .past ? candidates.last { $0.start <= today } : candidates.first { $0.end > today }
    }

    /// A day by date (this month and year when nil); nil when there is no such day.
    func date(month: Int?, day: Int, year: Int?) -> DateInterval? {
        let components = DateComponents(year: year ?? calendar.component(.year, from: now),
                                        month: month ?? calendar.component(.month, from: now), day: day)
        guard let start = calendar.date(from: components), calendar.component(.day, from: start) == day else { return nil }
        return DateInterval(start: start, end: calendar.date(byAdding: .day, value: 1, to: start)!)
    }

    /// The first moment of a time that is still to come: its start, now when
    /// it has begun, or for a time of day on no day in particular, its next
    /// start (today's, else tomorrow's); nil when none is.
    func firstMomentAhead(of time: RequestTime) -> Date? {
        if let to = time.to, to <= now { return nil }
        if let from = time.from { return max(from, now) }
        if time.to != nil { return now }
        guard let minutes = time.minutesOfDay else { return nil }
        let today = date(startOfDay(now), minutes: minutes.lowerBound)
        return today >= now ? today : date(day(offset: 1).start, minutes: minutes.lowerBound)
    }

    /// Minutes after local midnight of a moment.
    func minutesOfDay(_ date: Date) -> Int {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}
