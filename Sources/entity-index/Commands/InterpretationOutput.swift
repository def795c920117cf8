import EntityIndex
import Foundation

/// The JSON shape of a request's interpretation, as `search --json` prints it.
struct InterpretationOutput: Encodable {
    struct Command: Encodable {
        let name: String
        let words: [String]
        let arguments: [Argument]
    }
    struct Argument: Encodable {
        let role: String
        let words: [String]
        let date: String?
    }
    struct Reference: Encodable {
        let kind: String
        let words: [String]
    }
    struct Time: Encodable {
        let from: String?
        let to: String?
        let minutesOfDay: [Int]?
        /// True when the minutes may as well be twelve hours away ("at 7"); absent otherwise.
        let eitherHalfOfDay: Bool?
        let order: String?
        /// True when what has no time at all is wanted ("with no date"); absent otherwise.
        let undated: Bool?
        let words: [String]
    }
    struct Cue: Encodable {
        let properties: [String]
        let words: [String]
    }
    struct Flag: Encodable {
        let properties: [String]
        let value: Bool
        let words: [String]
    }
    let command: Command?
    let reference: Reference?
    let types: [String]
    let time: Time?
    let languages: [String]
    let cues: [Cue]
    let flags: [Flag]
    let anchor: Reference?
    /// "speaker" ("the one I sent") or "someoneElse" ("who texted me").
    let author: String?
    /// The words said with the speaker as their subject ("did I decline": decline).
    let saidOfSpeaker: [String]
    let contentWords: [String]
    let identifiers: [String]

    init(_ interpretation: RequestInterpretation) {
        func format(_ date: Date?) -> String? { date?.formatted(.iso8601) }
        command = interpretation.command.map {
            Command(name: $0.name, words: $0.words,
                    arguments: $0.arguments.map { Argument(role: $0.role, words: $0.words, date: format($0.date)) })
        }
        reference = interpretation.reference.map { Reference(kind: "\($0.kind)", words: $0.words) }
        types = interpretation.types.map(\.rawValue)
        time = interpretation.time.map {
            Time(from: format($0.from), to: format($0.to), minutesOfDay: $0.minutesOfDay.map { [$0.lowerBound, $0.upperBound] },
                 eitherHalfOfDay: $0.isEitherHalfOfDay ? true : nil,
                 order: $0.order?.rawValue, undated: $0.isUndated ? true : nil, words: $0.words)
        }
        languages = interpretation.languages
        cues = interpretation.cues.map { Cue(properties: $0.properties.map { "\($0.type).\($0.path)" }, words: $0.words) }
        flags = interpretation.flags.map { Flag(properties: $0.properties.map { "\($0.type).\($0.path)" }, value: $0.value, words: $0.words) }
        anchor = interpretation.anchor.map { Reference(kind: $0.relation.rawValue, words: $0.words) }
        author = interpretation.author?.rawValue
        saidOfSpeaker = interpretation.saidOfSpeaker
        contentWords = interpretation.contentWords
        identifiers = interpretation.identifiers
    }
}
