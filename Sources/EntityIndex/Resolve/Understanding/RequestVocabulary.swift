import Foundation

/// The words of one language, or of several, that `resolve` recognises in a request before it
/// searches: politeness, commands, references to what is on screen, time
/// expressions, language names. Loaded from a data table, so a language is
/// added by writing a table (`Resources/requests/en.json` is English), not code.
/// Types and properties bring their own words (`EntitySchema.spokenNames`,
/// `PropertyWords`).
public struct RequestVocabulary: Sendable {
    /// The table's language ("en"), or its tables' ("en+zh").
    public private(set) var language: String
    /// Vocabularies for requests in languages whose words these tables would
    /// misread (German "die", French "le"): each is this one with a table of its
    /// own added, and a request is read with the one whose own words it says
    /// most (`RequestGrammars`).
    public private(set) var variants: [RequestVocabulary] = []

    let fillers: PhraseTable<Void>
    let ignored: Set<String>
    /// Honorifics joined to a name by a hyphen, no part of it ("Yamamoto-san", "Takahashi-sensei").
    let honorifics: Set<String>
    /// Endings a name takes in a case other than the one it is written in, and
    /// those it may be written with ("Димы" for "Дима", "Kasi" for "Kasia"),
    /// longest first: `nameForms(of:)`.
    let nameEndings: [(ending: String, bases: [String])]
    /// Words a language writes as one that are read as several, as segmented ("改到": 改 到, a verb and its marker).
    let splitWords: [String: [String]]
    let pastTense: Set<String>
    /// Past-tense words that speak of the present after one of some words
    /// earlier in the request: "what have I got on Friday" is having, not the past.
    let presentAfter: [String: Set<String>]
    /// Words that, soon after a past-tense word, make it speak of what is
    /// still to come: "what was I supposed to bring", "what was I gonna get Mum".
    let aheadAfterPast: Set<String>
    /// Words that say a number follows rather than name what is numbered ("bib number 1187", "n° 1187").
    let numberWords: Set<String>
    /// Words before a place on screen that ask what is in it ("what's the price in the third one").
    let insideMarkers: Set<String>
    let commands: PhraseTable<CommandEntry>
    /// Commands said as one word with an object pronoun joined to another of their
    /// phrases ("reenvíaselo": reenvía + selo; `objectPronouns`): they point back at
    /// what was said before them, so they may follow it ("el último reenvíaselo a Toni").
    let commandsResumingObject: Set<String>
    let focusedPointers: PhraseTable<Void>
    /// Pointers that may also begin a clause ("the note *that* mentions oxygen"):
    /// they point only where nothing follows that they could begin.
    let clauseStartingPointers: Set<String>
    let pluralPointers: PhraseTable<Void>
    /// Plural pointers that say how many they point at ("both": 2, "these three": 3);
    /// `pluralPointers` holds them too.
    let countedPointers: PhraseTable<Int>
    let personPointers: PhraseTable<Void>
    /// Words that say a thing belongs to the person on screen ("her birthday dinner").
    let personDeterminers: PhraseTable<Void>
    let onScreen: PhraseTable<Void>
    let one: PhraseTable<Void>
    /// Particles between a reference word and its noun ("一番下のメール": の), passed over to the noun.
    let nounLinks: Set<String>
    let ones: PhraseTable<Void>
    /// Nouns that stand for "one" after an article and an ordinal ("the last
    /// thing on my calendar"), but not alone ("first thing on Monday" is an idiom).
    let oneAfterArticle: Set<String>
    /// Relative words that compare what is shown among itself when nothing is
    /// focused ("the earlier one" of two trips: the first of them), not with now.
    let comparatives: Set<String>
    let ordinals: PhraseTable<Int>
    /// Places on screen said after the noun ("the one at the bottom", "the mail at the top"):
    /// positions as `ordinals` count them.
    let placesAfterNoun: PhraseTable<Int>
    /// "from the bottom" after an ordinal: "the third one from the bottom" counts from the end.
    let countedFromEnd: PhraseTable<Void>
    let relatives: PhraseTable<RequestTime.Order>
    /// "the other one": what is shown besides the focused entity.
    let other: PhraseTable<Void>
    /// "the rest of them", "everything except this one": all that is shown besides the focused entity.
    let others: PhraseTable<Void>
    /// "the one after that", "the one before": the entity beside the focused one in time.
    let besideFocused: PhraseTable<RequestTime.Order>
    /// "the one above", "the mail below this one": the entity shown just before
    /// (-1) or after (+1) the focused one, in screen order.
    let besideOnScreen: PhraseTable<Int>
    /// Person pointers that may also mean the things shown ("mark them read").
    let thingsOrPeople: PhraseTable<Void>
    /// Words before a noun that add nothing to it ("the", "my").
    let articles: Set<String>
    /// Articles before a noun for a thing not yet made ("a", "an"): "send her a text" writes a new one.
    let indefiniteArticles: Set<String>
    /// Words between a property and its owner ("the phone number of Mateo").
    let ownerMarkers: PhraseTable<Void>
    /// The cues a possessive stands for: "Mateo's email" is an email from him.
    let possessiveMeans: [String]
    /// The cues a possessive may stand for, less surely: "Mateo's meeting" may be one with him.
    let possessiveMayMean: [String]
    /// Words that turn a flag around: "haven't done", "not read".
    let negations: PhraseTable<Void>
    /// Phrases that say an enumeration's case in other words, by the case
    /// ("said no to": "declined", "said maybe to": "tentative"): read as the case.
    let caseWords: PhraseTable<String>
    /// Words for the one speaking ("remind me"): a recipient that is no one to find.
    let speaker: Set<String>
    /// The one speaking as a subject ("*I*'ll be late"): a clause so begun is said, not described.
    let speakerSubjects: Set<String>
    /// Words for all the people something is from, by or with ("email everyone on this").
    let everyone: Set<String>
    /// Nouns for one person something is from, by or with ("call the guy in this event").
    let someone: Set<String>
    /// Words after which a time is what something is about ("about Saturday"), not when it is.
    let topicMarkers: Set<String>
    /// Words that say what something is for: a month said after one and an
    /// article, before a word to find, describes it ("the numbers for the October walking group").
    let purposeMarkers: Set<String>
    /// Words that make what follows an attribute of the word before ("la factura *de* abril":
    /// April's invoice): a month so said after a word to find is what that thing is for, not
    /// when it is; after a type's noun it is when ("correos de abril").
    let attributeMarkers: Set<String>
    /// Nouns for types in the table's language, by type ("calendar.event": 预约), added to
    /// the nouns their schemas give (`EntitySchema.spokenNames`).
    let typeNames: [EntityType: [String]]
    /// Words for properties in the table's language, by type and property
    /// (`"photos.asset": {"isFavorite": {"whenTrue": ["favorita"]}}`), added to
    /// the words their schemas give (`PropertySchema.words`).
    let propertyWords: [EntityType: [String: PropertyWords]]
    /// Words before a type noun that says what something is made into, not what is
    /// wanted: "save this *as* a note", "turn it *into* a reminder".
    let formMarkers: Set<String>
    /// Words after a type noun, before a pointer, that say what it is made from: "make a reminder *out of* this".
    let sourceMarkers: PhraseTable<Void>
    /// Words after a plural reference that begin what it leaves out: "all of them *except* the candles".
    let exclusionMarkers: PhraseTable<Void>
    /// Verbs after a pointer or a pronoun that make what is wanted something the
    /// entity on screen speaks of: "the RFC *it mentions*", "the doc *he's talking about*".
    let mentionVerbs: PhraseTable<Void>
    /// Pronouns that begin a clause about a noun before them ("mail *I* haven't read").
    let subjectPronouns: Set<String>
    /// Verbs whose subject is a value of a cue: "what did Arjun send" is from
    /// Arjun; some also say the type ("Hugo emailed": mail), as a spoken type noun.
    let agentVerbs: PhraseTable<String?>
    /// Words that ask whose a property is ("whose number is 555 0176").
    let ownerQuestions: PhraseTable<Void>
    /// Words a property's value never runs past ("on the loop *for* the rehearsal").
    let valueEnds: Set<String>
    /// Words that end in the start of a verb, not of a value ("when do I *have to* hand this in").
    let infinitiveLeads: PhraseTable<Void>
    /// Whether the one who sent may be said after the verb ("lo que ha escrito Rosa").
    let agentsFollowVerbs: Bool
    /// Whether the language writes a type's noun joined to what describes it ("Kletterfotos", "Zahnarzttermin").
    let joinsNouns: Bool
    /// Whether a command may be said last, as an infinitive ("Rauchmelder-Erinnerung auf morgen verschieben"),
    /// or around what it acts on, its particle last ("Schick den Entwurf an Tobi weiter").
    let commandsLast: Bool
    /// Words after "this" or "that" that keep it pointing ("translate this into English").
    let pointerFollowers: Set<String>
    /// The cue an agent verb's subject stands for ("from").
    let agentCue: String
    /// Verbs of receiving ("got", "received"): what the speaker got ("the mail
    /// I got yesterday") is from someone else.
    let receiptVerbs: Set<String>
    /// Verbs of what an entity does when it happens ("start", "leave",
    /// "open"): ending a question of when or where ("what time does the
    /// pharmacy open"), they ask of it, not words to find nor a state.
    let happeningVerbs: Set<String>
    /// "Is", "are": a flag after one, ending a request with no command, is
    /// declared of what it names ("the third one's done"; "'s" is marked possessive).
    let copulas: Set<String>
    let languageNames: PhraseTable<String>
    let languageMarkers: PhraseTable<Void>
    /// Words before a language that make it the one wanted, not the one an
    /// entity is in: "translate this into English".
    let languageTargets: PhraseTable<Void>
    /// Words before a value a command gives a property ("bump it *to* high priority"): the value it sets, not one it has.
    let newValueMarkers: Set<String>
    let time: TimeWords
    /// "after", "before" (in time); "under", "above" (on screen, `Anchor.isOnScreen`).
    let anchors: PhraseTable<(relation: RequestInterpretation.Anchor.Relation, isOnScreen: Bool)>

    /// The possessive endings ("'s"), which do not come off the words the
    /// vocabulary's phrases use ("what's", "who's").
    let possessiveEndings: PossessiveEndings
    /// Every word of the table's phrases and word lists, for reading a
    /// misspelt one as the word meant (`GrammarSpelling`).
    let spokenWords: Set<String>

    /// A command and how its arguments are introduced.
    struct CommandEntry: Sendable {
        let name: String
        /// Whether the words after the command name a recipient first ("text Amara back about it").
        let recipientFirst: Bool
        /// Argument roles by the words that introduce them ("to" Seán: recipient).
        let arguments: PhraseTable<String>
        /// The roles of its arguments.
        let argumentRoles: Set<String>
        /// Whether it asks for several entities ("are there any", "list").
        let many: Bool
        /// What it asks about the entity, as spoken names of properties or
        /// types ("where": "location"; "who": "attendees", "person").
        let asks: [String]
        /// What it acts on, as spoken type names ("archive": "mail", "note").
        let on: [String]
        /// What it acts on when its "reply" marker says it answers the person
        /// it is said to ("text Tomoko back about the deadline": her "mail" or
        /// "message" about it, or her "contact" when she wrote none).
        let repliesOn: [String]
        /// Whether it changes the entity ("delete", "reschedule", "mark"), rather than asks or shows.
        let changes: Bool
        /// The state it always sets, as flag words ("complete": "done"; "uncheck": "open"); empty if none.
        let sets: [String]
        /// Whether it speaks of what lies ahead ("who's coming to"): with no time said, the next one is meant.
        let liesAhead: Bool
        /// Whether it shows a whole entity ("open", "read"): "open Haru's email" is a mail, not his address.
        let shows: Bool
        /// Whether a person named right after it wrote what it acts on ("reply to Katarzyna about
        /// the training": her message, as "reply to Katarzyna's message" says).
        let answersAuthor: Bool
        /// Whether it asks how much something costs ("how much is"): what states an amount of money fits.
        let asksAmount: Bool
        /// Whether it may be said after what it acts on, anywhere in the first clause
        /// ("把写作文的提醒改到星期二晚上": 改, then 到 its new time).
        let saidAfterObject: Bool
    }

    /// The time words (see the table's "time" section).
    struct TimeWords: Sendable {
        /// Phrases of a time that imply flags too ("overdue" means open).
        struct ImplyingPhrases: Sendable {
            let phrases: PhraseTable<Void>
            let alsoMeans: [String]
            /// Words after which the phrases mean something else ("running late", "the note I left").
            let notAfter: Set<String>

            /// The length of the phrase at a position, unless a word it is never said after comes before.
            func match(in request: RequestWords, at index: Int) -> Int? {
                guard index == 0 || !notAfter.contains(request.words[index - 1]) else { return nil }
                return request.match(phrases, at: index)?.length
            }
        }

        /// Days by name, and the part of them they name ("tonight"), in minutes after midnight.
        let days: PhraseTable<(day: Int, minutes: Range<Int>?)>
        /// Parts of the day, in minutes after midnight (the table says hours).
        let partsOfDay: PhraseTable<Range<Int>>
        /// Meals, at the hours they are usually eaten, in minutes after midnight: "before lunch" ends
        /// where lunch begins. Only a bound reads them; alone, a meal is a word to find ("lunch with Tom").
        let meals: PhraseTable<Range<Int>>
        let weekdays: PhraseTable<Int>
        let months: PhraseTable<Int>
        /// Days of the year by name, as month and day ("christmas eve"), written as
        /// requests are read: without possessive endings ("new year eve").
        let holidays: PhraseTable<(month: Int, day: Int)>
        /// Days named by their distance from Easter Sunday, first and last
        /// ("good friday": -2 to -2, "easter weekend": -2 to 1).
        let easterDays: PhraseTable<ClosedRange<Int>>
        let monthsNeedingContext: Set<String>
        /// Weekdays that are other words too ("wed", "sat"): weekdays only after a word of `monthContext` ("on sat").
        let weekdaysNeedingContext: Set<String>
        /// Words before such a month that make it one ("early May", "of March").
        let monthContext: Set<String>
        let articles: Set<String>
        /// Words before a part of the day that make it one, as an article does ("any evenings this week").
        let quantifiers: Set<String>
        /// Articles after which a plain number is a day of the month ("le 24", "el 27", "am 20").
        let dayArticles: Set<String>
        /// Words after a plain number that make it a day of the month ("12号", "26日").
        let dayMarkers: PhraseTable<Void>
        let units: PhraseTable<String>
        let this: PhraseTable<Void>, next: PhraseTable<Void>, last: PhraseTable<Void>
        let within: PhraseTable<Void>, withinPast: PhraseTable<Void>
        let inWords: PhraseTable<Void>, on: PhraseTable<Void>, at: PhraseTable<Void>, of: PhraseTable<Void>, ago: PhraseTable<Void>
        /// After a quantity of a unit, ahead of now: "two weeks from today".
        let hence: PhraseTable<Void>
        /// After a length of time something moves by, which way ("two days later", "um zwei Tage nach hinten").
        let directions: PhraseTable<Void>
        /// After a quantity of a unit, before a day said: "two weeks from tomorrow".
        let countedFrom: PhraseTable<Void>
        let before: PhraseTable<Void>, until: PhraseTable<Void>, after: PhraseTable<Void>, since: PhraseTable<Void>
        let am: PhraseTable<Void>, pm: PhraseTable<Void>, oclock: PhraseTable<Void>, half: PhraseTable<Void>
        /// After an hour and its marker, half past it ("七点半").
        let halfAfterHour: PhraseTable<Void>
        let now: PhraseTable<Void>, recent: PhraseTable<Void>
        let upcoming: ImplyingPhrases, overdue: ImplyingPhrases
        /// What remains, of a time said ("what's left today") or of what is open ("what's left on my list").
        let remaining: ImplyingPhrases
        /// "The one with no date", "without a due date": what has no time at all.
        let undated: PhraseTable<Void>
        let laterToday: PhraseTable<Void>, earlierToday: PhraseTable<Void>
        /// After a unit: the one after the next ("the week after next").
        let afterNext: PhraseTable<Void>
        /// After a unit, weekday or month: the next or the last one, as languages that say
        /// it afterwards do ("la semana que viene", "la semaine dernière", "el lunes pasado").
        let nextAfter: PhraseTable<Void>, lastAfter: PhraseTable<Void>
        /// Before a day or unit: from now to its end ("the rest of the week").
        let restOf: PhraseTable<Void>
        /// Before a unit, weekday or month: the one after the next, or before the last ("übernächste Woche").
        let nextButOne: PhraseTable<Void>, lastButOne: PhraseTable<Void>
        /// Around two clock times: "between 9 and 11", "from 2 to 4".
        let between: PhraseTable<Void>, betweenAnd: PhraseTable<Void>
        /// Words that make "from" and a time a lower bound ("from 3 pm on").
        let onwards: PhraseTable<Void>
        /// Between two days, either may be meant: "on the 12th or the 13th".
        let or: PhraseTable<Void>
        let weekStartsOn: Int
        let numbers: PhraseTable<Int>
        let dayOrdinals: PhraseTable<Int>
        let ordinalSuffixes: [String]
        /// How a date written in numbers reads when both could be a month ("4/5"): day first or month first.
        let dayFirst: Bool
        /// Every word of every time phrase, and the articles: a word that is none of
        /// them and no number begins no time expression.
        private(set) var spoken: Set<String> = []

        /// Whether a time expression may begin with a word (see `spoken`).
        func mayBegin(with word: String) -> Bool {
            spoken.contains(word) || word.unicodeScalars.first.map(\.properties.numericType) != nil
        }

        /// `spoken`, once every table is read.
        mutating func gatherSpokenWords() {
            let tables = [days.words, partsOfDay.words, weekdays.words, months.words, holidays.words, easterDays.words, units.words, this.words, next.words,
                          last.words, within.words, withinPast.words, inWords.words, on.words, at.words, of.words, ago.words, hence.words, countedFrom.words,
                          before.words, until.words, after.words, since.words, am.words, pm.words, oclock.words, half.words, now.words,
                          recent.words, upcoming.phrases.words, overdue.phrases.words, remaining.phrases.words, undated.words, laterToday.words, earlierToday.words, afterNext.words,
                          nextAfter.words, lastAfter.words, restOf.words, nextButOne.words, lastButOne.words, between.words, betweenAnd.words, onwards.words, numbers.words, dayOrdinals.words]
            spoken = articles.union(monthsNeedingContext).union(monthContext).union(tables.joined())
        }

        /// Whether a day, a part of one, a weekday, a month or a named day begins at a position.
        func namesATime(in words: [String], at position: Int) -> Bool {
            days.contains(in: words, at: position) || partsOfDay.contains(in: words, at: position)
                || weekdays.contains(in: words, at: position) || months.contains(in: words, at: position)
                || holidays.contains(in: words, at: position) || easterDays.contains(in: words, at: position)
        }

        /// A number at a position, in digits (1 to 999) or words: "3", "three", "a couple of".
        func number(at index: Int, in request: RequestWords) -> (length: Int, value: Int)? {
            if request.isFree(index), let number = Int(request.words[index]), number > 0, number < 1_000 { return (1, number) }
            return request.match(numbers, at: index)
        }
    }

    /// The bundled vocabulary: English (`Resources/requests/en.json`) with the
    /// words of Chinese, Japanese and Russian added (`zh.json`, `ja.json`,
    /// `ru.json`), and German, French, Spanish and Polish as variants
    /// (`de.json`, `fr.json`, `es.json`, `pl.json`).
    public static let bundled: RequestVocabulary = {
        let merged = ["en", "zh", "ja", "ru"], variants = ["de", "fr", "es", "pl"]
        let urls = (merged + variants).compactMap { Bundle.module.url(forResource: $0, withExtension: "json", subdirectory: "Resources/requests") }
        guard urls.count == merged.count + variants.count else {
            fatalError("EntityIndex's bundled request vocabulary (Resources/requests/*.json) is missing a table")
        }
        do {
            return try RequestVocabulary(contentsOf: Array(urls.prefix(merged.count)), variants: Array(urls.dropFirst(merged.count)))
        } catch {
            fatalError("EntityIndex's bundled request vocabulary is malformed: \(error)")
        }
    }()

    /// A vocabulary from a table in the shape of `Resources/requests/en.json`.
    /// - Throws: `EntityIndexError.Code.malformedInput` naming what is wrong.
    public init(contentsOf url: URL) throws {
        try self.init(contentsOf: [url], variants: [])
    }

    /// A vocabulary from several tables, one language each: the first in full,
    /// in the shape of `Resources/requests/en.json`; each later one adds its
    /// words to the first's lists and word tables (`zh.json` is one), so a
    /// request may be said in any of their languages. Each of `variants` is
    /// added on its own instead, as a variant (`variants`).
    /// - Throws: `EntityIndexError.Code.malformedInput` naming the table that is wrong.
    public init(contentsOf urls: [URL], variants: [URL] = []) throws {
        let tables = try urls.map(Self.table(at:))
        let merged = tables.dropFirst().reduce(tables.first?.value ?? .object(JSONObject())) { Self.adding($1.value, to: $0) }
        try self.init(merged, languages: tables.map(\.language), from: urls)
        self.variants = try variants.map { url in
            let variant = try Self.table(at: url)
            return try RequestVocabulary(Self.adding(variant.value, to: merged), languages: tables.map(\.language) + [variant.language],
                                         from: urls + [url])
        }
    }

    /// A table's JSON, parsed once, and the language it says it is.
    private static func table(at url: URL) throws -> (value: JSONValue, language: String?) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: Data(contentsOf: url))
        } catch {
            throw EntityIndexError(.malformedInput, "the request vocabulary \(url.path) cannot be read: \(error)")
        }
        guard case .object(let members) = value else {
            throw EntityIndexError(.malformedInput, "the request vocabulary \(url.path) is not a JSON object; write it in the shape of en.json")
        }
        guard case .string(let language)? = members["language"] else { return (value, nil) }
        return (value, language)
    }

    /// The vocabulary of merged tables, decoded once.
    private init(_ merged: JSONValue, languages: [String?], from urls: [URL]) throws {
        let table: Table
        do {
            table = try JSONDecoder().decode(Table.self, from: Data(merged.description.utf8))
        } catch {
            throw EntityIndexError(.malformedInput, "the request vocabulary \(urls.map(\.path).joined(separator: " + ")) cannot be read: \(error)")
        }
        try self.init(table)
        language = languages.compactMap { $0 }.joined(separator: "+")
    }

    /// A later table's words added to what came before: lists joined, the
    /// later's first (its command for a phrase both say is the one read:
    /// French "change … à samedi"), word tables merged key by key, a value
    /// already said kept.
    private static func adding(_ later: JSONValue, to earlier: JSONValue) -> JSONValue {
        switch (earlier, later) {
        case (.object(var earlier), .object(let later)):
            for key in later.keys { earlier[key] = earlier[key].map { adding(later[key]!, to: $0) } ?? later[key] }
            return .object(earlier)
        case (.array(let earlier), .array(let later)):
            return .array(later + earlier)
        default:
            return earlier
        }
    }

    /// The table's entry of a command the request said, by the words that said it.
    func entry(of command: RequestInterpretation.Command?) -> CommandEntry? {
        command.flatMap { commands.match(in: $0.words, at: 0)?.value }
    }

    /// The other ways a name said in some case may be written: each word with
    /// its case ending put back to the endings it may have (`nameEndings`), the
    /// words as said excluded; at most `mostNameForms`.
    func nameForms(of words: [String]) -> [[String]] {
        guard !nameEndings.isEmpty else { return [] }
        let choices = words.map { word in
            [word] + nameEndings.filter { word.hasSuffix($0.ending) && word.count > $0.ending.count + 1 }
                .flatMap { ending in ending.bases.map { String(word.dropLast(ending.ending.count)) + $0 } }
        }
        let forms = choices.reduce([[String]]([[]])) { forms, choice in
            Array(forms.flatMap { form in choice.map { form + [$0] } }.prefix(Self.mostNameForms + 1))
        }
        return Array(forms.dropFirst().prefix(Self.mostNameForms))
    }

    /// The most other forms of a name tried (`nameForms(of:)`).
    static let mostNameForms = 16

    private init(_ table: Table) throws {
        var spoken: Set<String> = []
        func phrases(_ list: [String]) throws -> PhraseTable<Void> {
            let table = try PhraseTable(list)
            spoken.formUnion(table.words)
            return table
        }
        func words(_ list: [String]) throws -> Set<String> {
            let words = Set(try list.flatMap(normalizedWords(in:)))
            spoken.formUnion(words)
            return words
        }
        func implying(_ table: Table.Time.ImplyingPhrases) throws -> TimeWords.ImplyingPhrases {
            TimeWords.ImplyingPhrases(phrases: try phrases(table.phrases), alsoMeans: table.alsoMeans, notAfter: try words(table.notAfter ?? []))
        }
        language = table.language
        fillers = try phrases(table.fillers)
        // "the school show": a stop word a table takes back is a word to find where no command takes it.
        ignored = try words(table.ignored).union(StopWords.english.subtracting(words(table.notIgnored ?? [])))
        honorifics = try words(table.honorifics ?? [])
        // An ending or a base folds as words do ("ой" -> "ои"); a base may be empty ("Тобиаса" -> "Тобиас").
        func folded(_ text: String) throws -> String { try normalizedWords(in: text).joined() }
        nameEndings = try (table.nameEndings ?? [:]).map { (ending: try folded($0.key), bases: try $0.value.map(folded)) }
            .sorted { $0.ending.count > $1.ending.count }
        splitWords = try (table.splitWords ?? [:]).reduce(into: [:]) { split, entry in
            split[try folded(entry.key)] = try entry.value.flatMap(normalizedWords(in:))
        }
        // A variant's own word that spells a past form of the first language's is not one ("was" in German is "what").
        pastTense = try words(table.pastTense).subtracting(words(table.notPastTense ?? []))
        presentAfter = try (table.presentAfter ?? [:]).reduce(into: [:]) { table, entry in
            for word in try normalizedWords(in: entry.key) { table[word] = try words(entry.value) }
        }
        aheadAfterPast = try words(table.aheadAfterPast ?? [])
        numberWords = try words(table.numberWords ?? [])
        insideMarkers = try words(table.insideMarkers ?? [])
        commands = try PhraseTable(table.commands.flatMap { command in
            let entry = CommandEntry(name: command.name, recipientFirst: command.recipientFirst ?? false,
                                     arguments: try PhraseTable((command.arguments ?? []).flatMap { argument in
                                         argument.markers.map { ($0, argument.role) }
                                     }),
                                     argumentRoles: Set((command.arguments ?? []).map(\.role)), many: command.many ?? false,
                                     asks: command.asks ?? [], on: command.on ?? [], repliesOn: command.repliesOn ?? [], changes: command.changes ?? false,
                                     sets: try command.sets.map(normalizedWords(in:)) ?? [], liesAhead: command.ahead ?? false, shows: command.shows ?? false,
                                     answersAuthor: command.answersAuthor ?? false, asksAmount: command.amount ?? false,
                                     saidAfterObject: command.afterObject ?? false)
            return command.phrases.map { ($0, entry) }
        })
        let pronouns = try words(table.objectPronouns ?? [])
        commandsResumingObject = try Set(table.commands.flatMap { command in
            // A verb with a pronoun joined: its stem is a phrase too, or takes another pronoun ("pásalo", "pásala"); "cancela" is no "cance" + "la".
            let phrases = Set(try command.phrases.map { try normalizedWords(in: $0) }.filter { $0.count == 1 }.map { $0[0] })
            let stems = phrases.flatMap { phrase in pronouns.filter { phrase.hasSuffix($0) }.map { (phrase, String(phrase.dropLast($0.count))) } }
            let stemCounts = Dictionary(stems.map { ($0.1, 1) }, uniquingKeysWith: +)
            return stems.filter { phrases.contains($0.1) || stemCounts[$0.1, default: 0] > 1 }.map(\.0)
        })
        let references = table.references
        focusedPointers = try phrases(references.focused)
        clauseStartingPointers = try words(references.clauseStarting)
        countedPointers = try PhraseTable((references.counted ?? [:]).map { ($0.key, $0.value) })
        pluralPointers = try phrases(references.plural + (references.counted ?? [:]).keys.sorted())
        // A variant's own word that spells a pronoun of the first language's is not one (Spanish "he" is "I have").
        personPointers = try phrases(references.person.filter { !(references.notPerson ?? []).contains($0) })
        personDeterminers = try phrases(references.personDeterminers)
        onScreen = try phrases(references.onScreen)
        one = try phrases(references.one)
        nounLinks = try words(references.nounLinks ?? [])
        ones = try phrases(references.ones)
        oneAfterArticle = try words(references.oneAfterArticle ?? [])
        comparatives = try words(references.comparatives ?? [])
        ordinals = try PhraseTable(references.ordinals.map { ($0.key, $0.value) })
        placesAfterNoun = try PhraseTable((references.placesAfterNoun ?? [:]).map { ($0.key, $0.value) })
        countedFromEnd = try phrases(references.countedFromEnd ?? [])
        relatives = try PhraseTable(references.previous.map { ($0, .previous) } + references.next.map { ($0, .next) }
            + references.latest.map { ($0, .latest) } + references.earliest.map { ($0, .earliest) })
        other = try phrases(references.other)
        others = try phrases(references.others ?? [])
        besideFocused = try PhraseTable(references.beforeThis.map { ($0, .previous) } + references.afterThis.map { ($0, .next) })
        besideOnScreen = try PhraseTable(references.above.map { ($0, -1) } + references.below.map { ($0, 1) })
        thingsOrPeople = try phrases(references.thingsOrPeople)
        articles = try words(table.articles)
        indefiniteArticles = try words(table.indefiniteArticles ?? [])
        ownerMarkers = try phrases(table.ownerMarkers)
        possessiveMeans = table.possessiveMeans
        possessiveMayMean = table.possessiveMayMean
        negations = try phrases(table.negations)
        caseWords = try PhraseTable((table.caseWords ?? [:]).flatMap { value, phrases in phrases.map { ($0, value) } })
        spoken.formUnion(caseWords.words)
        speaker = try words(table.speaker ?? [])
        speakerSubjects = try words(table.speakerSubjects ?? [])
        everyone = try words(table.everyone ?? [])
        someone = try words(table.someone ?? [])
        topicMarkers = try words(table.topicMarkers ?? [])
        purposeMarkers = try words(table.purposeMarkers ?? [])
        attributeMarkers = try words(table.attributeMarkers ?? [])
        typeNames = Dictionary(uniqueKeysWithValues: (table.typeNames ?? [:]).map { (EntityType(rawValue: $0.key), $0.value) })
        propertyWords = Dictionary(uniqueKeysWithValues: (table.propertyWords ?? [:]).map { type, properties in
            (EntityType(rawValue: type), properties.mapValues { words in
                PropertyWords(names: words.names ?? [], cues: words.cues ?? [], whenTrue: words.whenTrue ?? [], whenFalse: words.whenFalse ?? [])
            })
        })
        formMarkers = try words(table.formMarkers ?? [])
        exclusionMarkers = try phrases(table.exclusionMarkers ?? [])
        sourceMarkers = try phrases(table.sourceMarkers ?? [])
        mentionVerbs = try phrases(table.mentionVerbs ?? [])
        subjectPronouns = try words(table.subjectPronouns ?? [])
        agentVerbs = try PhraseTable(table.agentVerbs.verbs.map { ($0, nil) } + table.agentVerbs.typed.map { ($0.key, $0.value) })
        ownerQuestions = try phrases(table.ownerQuestions)
        valueEnds = try words(table.valueEnds)
        infinitiveLeads = try phrases(table.infinitiveLeads ?? [])
        agentsFollowVerbs = table.agentsFollowVerbs ?? false
        joinsNouns = table.joinsNouns ?? false
        commandsLast = table.commandsLast ?? false
        pointerFollowers = try words(table.pointerFollowers)
        agentCue = table.agentVerbs.cue
        receiptVerbs = try words(table.receiptVerbs ?? [])
        happeningVerbs = try words(table.happeningVerbs ?? [])
        copulas = try words(table.copulas ?? [])
        languageNames = try PhraseTable(table.languages.map { ($0.key, $0.value) })
        languageMarkers = try phrases(table.languageMarkers)
        languageTargets = try phrases(table.languageTargets ?? [])
        newValueMarkers = try words(table.newValueMarkers ?? [])
        let time = table.time
        var timeWords = TimeWords(
            days: try PhraseTable(time.days.map { ($0.key, ($0.value.day, $0.value.hours.map { $0[0] * 60..<$0[1] * 60 })) }),
            partsOfDay: try PhraseTable(time.partsOfDay.map { ($0.key, $0.value[0] * 60..<$0.value[1] * 60) }),
            meals: try PhraseTable((time.meals ?? [:]).map { ($0.key, $0.value[0] * 60..<$0.value[1] * 60) }),
            weekdays: try PhraseTable(time.weekdays.map { ($0.key, $0.value) }),
            months: try PhraseTable(time.months.map { ($0.key, $0.value) }),
            holidays: try PhraseTable((time.holidays ?? [:]).map { ($0.key, (month: $0.value[0], day: $0.value[1])) }),
            easterDays: try PhraseTable((time.easterDays ?? [:]).map { name, days in
                guard let first = days.first, let last = days.last, first <= last else {
                    throw EntityIndexError(.malformedInput, "the request vocabulary's easter day \"\(name)\" should be its first and last days "
                                           + "from Easter Sunday, in order (\(days)); correct the table")
                }
                return (name, first...last)
            }),
            monthsNeedingContext: try words(time.monthsNeedingContext), weekdaysNeedingContext: try words(time.weekdaysNeedingContext ?? []),
            monthContext: try words(time.monthContext),
            articles: try words(table.articles), quantifiers: try words(time.quantifiers ?? []), dayArticles: try words(time.dayArticles ?? []),
            dayMarkers: try phrases(time.dayMarkers ?? []),
            units: try PhraseTable(time.units.map { ($0.key, $0.value) }),
            this: try phrases(time.this), next: try phrases(time.next), last: try phrases(time.last),
            within: try phrases(time.within), withinPast: try phrases(time.withinPast),
            inWords: try phrases(time.in), on: try phrases(time.on), at: try phrases(time.at), of: try phrases(time.of),
            ago: try phrases(time.ago), hence: try phrases(time.hence ?? []), directions: try phrases(time.directions ?? []), countedFrom: try phrases(time.countedFrom ?? []), before: try phrases(time.before), until: try phrases(time.until),
            after: try phrases(time.after), since: try phrases(time.since),
            am: try phrases(time.am), pm: try phrases(time.pm), oclock: try phrases(time.oclock), half: try phrases(time.half),
            halfAfterHour: try phrases(time.halfAfterHour ?? []),
            now: try phrases(time.now), recent: try phrases(time.recent),
            upcoming: try implying(time.upcoming), overdue: try implying(time.overdue),
            remaining: try implying(time.remaining ?? .init(phrases: [], alsoMeans: [], notAfter: nil)),
            undated: try phrases(time.undated ?? []),
            laterToday: try phrases(time.laterToday), earlierToday: try phrases(time.earlierToday),
            afterNext: try phrases(time.afterNext ?? []), nextAfter: try phrases(time.nextAfter ?? []),
            lastAfter: try phrases(time.lastAfter ?? []), restOf: try phrases(time.restOf ?? []),
            nextButOne: try phrases(time.nextButOne ?? []), lastButOne: try phrases(time.lastButOne ?? []),
            between: try phrases(time.between ?? []), betweenAnd: try phrases(time.betweenAnd ?? []), onwards: try phrases(time.onwards ?? []),
            or: try phrases(time.or ?? []), weekStartsOn: time.weekStartsOn,
            numbers: try PhraseTable(time.numbers.map { ($0.key, $0.value) }),
            dayOrdinals: try PhraseTable(time.dayOrdinals.map { ($0.key, $0.value) }),
            ordinalSuffixes: time.ordinalSuffixes, dayFirst: time.numericDateOrder == "day-month")
        timeWords.gatherSpokenWords()
        self.time = timeWords
        anchors = try PhraseTable(table.anchors.after.map { ($0, (.after, false)) } + table.anchors.before.map { ($0, (.before, false)) }
            + (table.anchors.below ?? []).map { ($0, (.after, true)) } + (table.anchors.above ?? []).map { ($0, (.before, true)) })
        let phraseWords = ignored.union(pastTense).union(fillers.words).union(commands.words).union(focusedPointers.words)
            .union(pluralPointers.words).union(personPointers.words).union(onScreen.words).union(relatives.words)
            .union(besideFocused.words).union(besideOnScreen.words).union(other.words)
            .union(others.words)
        possessiveEndings = PossessiveEndings(suffixes: table.possessiveSuffixes.sorted { $0.count > $1.count }, wholeWords: phraseWords)
        spoken.formUnion(try table.commands.flatMap { ($0.arguments ?? []).flatMap(\.markers) }.flatMap(normalizedWords(in:)))
        let tables = [commands.words, countedPointers.words, ordinals.words, placesAfterNoun.words, relatives.words,
                      besideFocused.words, besideOnScreen.words, agentVerbs.words, languageNames.words, anchors.words,
                      timeWords.days.words, timeWords.partsOfDay.words, timeWords.weekdays.words, timeWords.months.words,
                      timeWords.holidays.words, timeWords.easterDays.words, timeWords.units.words, timeWords.nextAfter.words, timeWords.lastAfter.words,
                      timeWords.numbers.words, timeWords.dayOrdinals.words]
        spokenWords = spoken.union(tables.joined())
    }

    /// The JSON shape of a vocabulary table.
    private struct Table: Decodable {
        struct Command: Decodable {
            struct Argument: Decodable {
                let role: String
                let markers: [String]
            }
            let name: String
            let phrases: [String]
            let recipientFirst: Bool?
            let arguments: [Argument]?
            let many: Bool?
            let asks: [String]?
            let on, repliesOn: [String]?
            let changes: Bool?
            let sets: String?
            let ahead: Bool?
            let shows: Bool?
            let answersAuthor: Bool?
            let amount: Bool?
            let afterObject: Bool?
        }
        struct References: Decodable {
            let focused, clauseStarting, plural, person, personDeterminers, onScreen, one, ones: [String]
            let ordinals: [String: Int]
            let counted, placesAfterNoun: [String: Int]?
            let previous, next, latest, earliest, beforeThis, afterThis, above, below, thingsOrPeople, other: [String]
            let others, oneAfterArticle, comparatives, countedFromEnd, notPerson, nounLinks: [String]?
        }
        struct Time: Decodable {
            struct Day: Decodable {
                let day: Int
                let hours: [Int]?
            }
            /// Phrases that imply flags too ("overdue" means open).
            struct ImplyingPhrases: Decodable {
                let phrases: [String]
                let alsoMeans: [String]
                /// Words after which the phrases mean something else ("running late").
                let notAfter: [String]?
            }
            let days: [String: Day]
            let partsOfDay: [String: [Int]]
            let meals: [String: [Int]]?
            let weekdays, months: [String: Int]
            let holidays, easterDays: [String: [Int]]?
            let monthsNeedingContext, monthContext: [String]
            let weekdaysNeedingContext: [String]?
            let quantifiers: [String]?
            let dayArticles, dayMarkers: [String]?
            let units: [String: String]
            let this, next, last, within, withinPast, `in`, on, at, of, ago, before, until, after, since: [String]
            let hence, directions, halfAfterHour, countedFrom, afterNext, nextAfter, lastAfter, restOf, nextButOne, lastButOne, between, betweenAnd, onwards, undated, or: [String]?
            let am, pm, oclock, half, now, recent, laterToday, earlierToday: [String]
            let upcoming, overdue: ImplyingPhrases
            let remaining: ImplyingPhrases?
            let weekStartsOn: Int
            let numbers, dayOrdinals: [String: Int]
            let ordinalSuffixes: [String]
            let numericDateOrder: String
        }
        struct Anchors: Decodable {
            let after, before: [String]
            let below, above: [String]?
        }
        let language: String
        let fillers, ignored, pastTense: [String]
        let notPastTense, notIgnored: [String]?
        let presentAfter: [String: [String]]?
        let aheadAfterPast, numberWords, insideMarkers, objectPronouns: [String]?
        let commands: [Command]
        let references: References
        struct AgentVerbs: Decodable {
            let cue: String
            let verbs: [String]
            let typed: [String: String]
        }
        let possessiveSuffixes, articles, ownerMarkers, ownerQuestions, valueEnds, pointerFollowers, possessiveMeans, possessiveMayMean, negations: [String]
        let speaker, speakerSubjects, receiptVerbs, happeningVerbs, copulas, everyone, someone, subjectPronouns, topicMarkers, purposeMarkers: [String]?
        let attributeMarkers, formMarkers, sourceMarkers, mentionVerbs, exclusionMarkers, infinitiveLeads, indefiniteArticles: [String]?
        let agentsFollowVerbs, joinsNouns, commandsLast: Bool?
        let honorifics: [String]?
        let nameEndings: [String: [String]]?
        let splitWords: [String: [String]]?
        let caseWords: [String: [String]]?
        let typeNames: [String: [String]]?
        /// `PropertyWords`' lists, each optional.
        struct Words: Decodable {
            let names, cues, whenTrue, whenFalse: [String]?
        }
        let propertyWords: [String: [String: Words]]?
        let agentVerbs: AgentVerbs
        let languages: [String: String]
        let languageMarkers: [String]
        let languageTargets: [String]?
        let newValueMarkers: [String]?
        let time: Time
        let anchors: Anchors
    }
}

extension RequestVocabulary {
    /// Whether words speak of the past: a past-tense word, unless a word
    /// before it makes it present ("what have I got", not "what I got") or one
    /// of the next three speaks of what is still ahead ("what was I supposed to bring").
    func speaksOfPast(_ words: [String]) -> Bool {
        words.indices.contains { index in
            guard pastTense.contains(words[index]) else { return false }
            guard !words[(index + 1)..<min(index + 4, words.count)].contains(where: aheadAfterPast.contains) else { return false }
            guard let makesPresent = presentAfter[words[index]] else { return true }
            return !words[..<index].contains(where: makesPresent.contains)
        }
    }
}
