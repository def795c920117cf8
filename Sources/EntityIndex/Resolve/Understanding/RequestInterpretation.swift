import Foundation

/// What a request was understood to say, before anything was searched: the
/// command, a reference to what is on screen, the types, time, languages,
/// properties and flags it names, and the words left to search for.
/// `Resolution.interpretation` returns it; `search --explain` prints it.
public struct RequestInterpretation: Sendable, Hashable {
    /// What the person wants done ("archive", "forward", "reschedule"), or asks ("which", "when").
    public var command: Command?
    /// A reference to what is on screen ("this", "the third photo", "she").
    public var reference: Reference?
    /// The types the request names ("meeting" → `calendar.event`), intersected with the query's.
    public var types: [EntityType]
    /// When the entity happens, or in which order (the next, the latest).
    public var time: RequestTime?
    /// The languages the entity is written in ("the message in Japanese" → "ja").
    public var languages: [String]
    /// The words that named a language without a marker ("Chinese" in "the
    /// Chinese one", not in "the one in Chinese"): what it may be about instead.
    var unmarkedLanguageWords: [String] = []
    /// Values of properties ("from Amara", "tagged hydroponics", "Amara's photos").
    public var cues: [PropertyCue]
    /// Flags ("unread" → `isRead` false, "favourite" → `isFavorite` true).
    public var flags: [FlagCue]
    /// The properties whose value is asked for ("Chen's phone number" →
    /// `messages.contact` `phone`): an entity without one does not answer it.
    public var askedProperties: [PropertyPath] = []
    /// Another entity the wanted one comes after or before ("what's after the crew lunch").
    public var anchor: Anchor?
    /// Whom the entity wanted is from, when the request says it of the one
    /// speaking, the index's owner: "the one I sent" (`.speaker`), "who texted
    /// me", "the mail I got" (`.someoneElse`).
    public var author: Author?
    /// The words said with the speaker as their subject ("which events did I
    /// decline": decline), still searched as content words: a state one of
    /// them says is the state of the speaker's part of an entity (an attendee's answer).
    public var saidOfSpeaker: [String] = []
    /// The words left to search for in names and text.
    public var contentWords: [String]
    /// Whole identifiers in the request (an email, a phone number, "tycho-station").
    public var identifiers: [String]
    /// Words of the grammar said misspelt, read as the words meant ("mesages" as "messages").
    public var misspellings: [Misspelling] = []
    /// The words that named `types` ("meetings"), searched as words when no
    /// entity of those types fits.
    public var typeWords: [String] = []
    /// Whether it asks for several entities ("are there any…", "my meetings
    /// tomorrow"): then no order in time picks one of them alone.
    public var asksForSeveral = false
    /// Whether what is wanted is something the entity on screen speaks of
    /// ("the RFC it mentions", "the doc he's talking about"): an entity about
    /// what is shown, not the one shown nor one its sender is part of.
    public var isMentionedByShown = false
    /// Whether the command answers what the person named wrote ("reply to
    /// Seán", "text Tomoko back about the deadline"): over their messages
    /// shown, the last of them.
    public var answersSomeoneNamed = false
    /// The words of what a plural reference leaves out ("all of them except
    /// the candles": "candles"); what is shown and holds them is not wanted.
    public var excludedWords: [String] = []
    /// The types wanted when the person reference ("she") points at no one:
    /// with nothing shown, "reply to Sophie, she's asking about the gallery"
    /// wants what Sophie sent, not a person.
    var typesApartFromPerson: [EntityType]?
    /// Whether what is wanted is whom a command is said to, by name ("text
    /// Amara"): not what refers to them (a chat she is in), and a group chat
    /// when no one is so called ("text the book club").
    var namesRecipient = false

    /// A word said misspelt and the word of the grammar it was read as.
    public struct Misspelling: Sendable, Hashable {
        /// The word as said ("mesages").
        public var said: String
        /// The word it was read as ("messages").
        public var meant: String
    }

    /// A command and what it was said with.
    public struct Command: Sendable, Hashable {
        /// The command's name in the vocabulary ("delete", "forward", "message", "which").
        public var name: String
        /// The words that said it.
        public var words: [String]
        /// What it is done with, beside the entity: a recipient, a new time.
        public var arguments: [Argument]
        /// The types it acts on, when it says ("archive": mail, messages,
        /// notes): an entity of another type accounts for less of the request.
        public var actsOn: [EntityType] = []
        /// The types a question asks about ("where is…": what has a location;
        /// "who is coming to…": events and people).
        public var asksAbout: [EntityType] = []
        /// Whether it changes the entity ("delete", "reschedule", "mark as
        /// read"), rather than asks about or shows it.
        public var changesEntity = false
        /// Whether it asks how much something costs ("how much is the rent"):
        /// an entity that states an amount of money accounts for more of it.
        public var asksAmount = false
    }

    /// A value a command is done with ("to Seán", "to Monday").
    public struct Argument: Sendable, Hashable {
        /// What the argument is: "recipient", "time", "subject" (what is acted on), "topic" (what it is about), "state", "destination" (a container it goes to), as the vocabulary names it.
        public var role: String
        /// Its words.
        public var words: [String]
        /// For a time, the moment it names.
        public var date: Date?
    }

    /// A reference to entities on screen.
    public struct Reference: Sendable, Hashable {
        /// How the reference picks.
        public enum Kind: Sendable, Hashable {
            /// "this", "that", "it", "the one …", "the mail that is open": the focused entity, or the only one that fits.
            case pointer
            /// "these", "those": every visible entity that fits.
            case plural
            /// "she", "him", "they": the focused or only visible person.
            case person
            /// "the third one", "the last message": a position among the visible
            /// entities that fit (negative: from the end; 0: the middle one).
            case position(Int)
            /// "the previous mail", "the next one": before or after the focused entity in time.
            case relative(RequestTime.Order)
            /// "the other one": what is shown besides the focused entity.
            case other
            /// "the rest of them", "everything except this one": all of what is shown besides the focused entity.
            case others
            /// "the one above", "the mail below this one": the entity shown just
            /// before (-1) or after (+1) the focused one.
            case shown(Int)
            /// "the first two", "the last three photos": that many from the top
            /// (positive) or the bottom (negative) of the visible entities that fit.
            case span(Int)
        }
        /// What it points at.
        public var kind: Kind
        /// The words that made it.
        public var words: [String]
        /// Whether a person pointer may mean the things shown instead ("mark them
        /// read"): the screen decides, when it shows no one.
        public var mayMeanThings = false
        /// Whether it is "the one" that the other words describe ("the one where
        /// she mentions dinner"), rather than a pointer the words are said about
        /// ("translate this"): the focused entity fits only if it holds them.
        public var isDescribed = false
        /// Whether the pointer is said with its type's noun ("this note", "this
        /// appointment"): it points only at what is shown, never at something about it.
        public var isSaidWithNoun = false
        /// How many entities a plural reference says it points at ("both": 2), when it says.
        public var count: Int?

        /// Whether it points at several entities at once.
        public var isPlural: Bool {
            if case .span = kind { return true }
            return kind == .plural || kind == .others
        }
    }

    /// A value of a property that the entity must hold.
    public struct PropertyCue: Sendable, Hashable {
        /// The properties it may be, per type (`messages.message` `sender`,
        /// `mail.message` `from`); empty for any property that refers to a
        /// person or entity (a possessive: "Amara's photos").
        public var properties: [PropertyPath]
        /// The value's words ("amara", "airlock a").
        public var words: [String]
        /// The words that brought it in ("from", "'s").
        public var cue: [String]
        /// Whether it is a possessive ("Amma's birthday"): the entity may also
        /// just mention the name.
        public var isPossessive = false
        /// Whether the value is the person on screen ("her birthday dinner"),
        /// rather than named by `words`.
        public var isOnScreen = false
        /// For a value on screen: whether words said before it may be whose
        /// it is ("when's the dog getting his shots"), when nothing is shown.
        public var mayReferBack = false
    }

    /// A property of a type.
    public struct PropertyPath: Sendable, Hashable {
        /// The type that has the property.
        public var type: EntityType
        /// The property's path (`sender`, `attendees`, `location`).
        public var path: String

        /// The type and path as one: "mail.message.from".
        var dotted: String { "\(type).\(path)" }
    }

    /// A flag the entity must have set or not.
    public struct FlagCue: Sendable, Hashable {
        /// The flag, per type.
        public var properties: [PropertyPath]
        /// The value it must have.
        public var value: Bool
        /// The words that said it ("unread").
        public var words: [String]
        /// Whether a time word implies it ("upcoming" and "overdue" mean
        /// open): it holds for the types that have the flag, and the other
        /// types asked for pass (upcoming events and open reminders).
        public var isImplied = false
    }

    /// An entity the wanted one comes after or before in time, or below or
    /// above on screen.
    public struct Anchor: Sendable, Hashable {
        /// Whether the wanted entity comes after or before the anchor.
        public enum Relation: String, Sendable, Hashable {
            case after, before
        }
        /// Whether the wanted entity comes after or before it.
        public var relation: Relation
        /// The words that name the anchor ("crew lunch tomorrow").
        public var words: [String]
        /// The words that said the relation ("straight after").
        public var marker: [String] = []
        /// Whether it is placed on screen, after meaning below ("the one just under the vet questions").
        public var isOnScreen = false
        /// The stretch of time said before it, by the unit's name ("day" in "the day after the audit"):
        /// the whole day, week or month beside the anchor's is wanted (`RequestClock.unit`), not the next thing;
        /// nil when none.
        public var unit: String? = nil
    }

    /// Whom an entity is from, as a request says it of the one speaking.
    public enum Author: String, Sendable, Hashable {
        /// The speaker wrote or sent it.
        case speaker
        /// Someone else did, to the speaker.
        case someoneElse
    }

    /// Whether it asks for nothing in particular: no command, reference, type,
    /// time, language, value, flag, anchor, author, identifier or content word.
    var saysNothing: Bool {
        command == nil && reference == nil && types.isEmpty && (time?.isEmpty ?? true) && languages.isEmpty && cues.isEmpty
            && flags.isEmpty && anchor == nil && author == nil && contentWords.isEmpty && identifiers.isEmpty
    }

    /// An interpretation with nothing recognised: every word is content.
    init(contentWords: [String]) {
        self.contentWords = contentWords
        types = []
        languages = []
        cues = []
        flags = []
        identifiers = []
    }
}

/// When a request's entity happens: a range of moments, times of day, and an order.
public struct RequestTime: Sendable, Hashable {
    /// Which end of time the request wants first.
    public enum Order: String, Sendable, Hashable {
        /// The first after now (or after the focused entity): "the next meeting", "upcoming".
        case next
        /// The last before now (or before the focused entity): "the previous mail".
        case previous
        /// The most recent: "the latest message", "the last mail from Seán".
        case latest
        /// The oldest: "the earliest note".
        case earliest
    }

    /// The first moment it may start (inclusive), nil for open.
    public var from: Date?
    /// The moment it must start before (exclusive), nil for open.
    public var to: Date?
    /// Minutes after local midnight it must start within ("at 8 am": 480..<540), any day.
    public var minutesOfDay: Range<Int>?
    /// Whether `minutesOfDay` may as well be twelve hours later or earlier: an
    /// hour said without am, pm or a part of the day ("the 7 o'clock one").
    public var isEitherHalfOfDay = false
    /// The order results come in.
    public var order: Order?
    /// The words that said it.
    public var words: [String]
    /// Whether what has no time at all is wanted ("the one with no date"): the rest is then unsaid.
    public var isUndated = false

    /// Whether it says anything at all.
    var isEmpty: Bool { from == nil && to == nil && minutesOfDay == nil && order == nil && !isUndated }

    /// Whether it asks only for what comes after a moment: the next one, or a range from then on.
    func liesAhead(of now: Date) -> Bool {
        order == .next || (order == nil && from.map { $0 >= now } ?? false)
    }
}
