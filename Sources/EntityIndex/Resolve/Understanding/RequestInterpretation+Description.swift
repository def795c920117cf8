import Foundation

extension RequestInterpretation: CustomStringConvertible {
    /// One line per part that was recognised, as `search --explain` prints it.
    public var description: String {
        var lines: [String] = []
        func quoted(_ words: [String]) -> String { "\"\(words.joined(separator: " "))\"" }
        if !misspellings.isEmpty { lines.append("read as: " + misspellings.map { "\($0.said) -> \($0.meant)" }.joined(separator: ", ")) }
        if let command {
            let arguments = command.arguments.map { argument in
                "\(argument.role) \(quoted(argument.words))" + (argument.date.map { " = \(Self.format($0))" } ?? "")
            }
            lines.append("command: \(command.name) \(quoted(command.words))" + (arguments.isEmpty ? "" : ", " + arguments.joined(separator: ", ")))
        }
        if let reference { lines.append("reference: \(reference.kind.name) \(quoted(reference.words))") }
        if !types.isEmpty { lines.append("types: \(types.map(\.rawValue).joined(separator: ", "))") }
        if let time { lines.append("time: \(time.summary) \(quoted(time.words))") }
        if !languages.isEmpty { lines.append("language: \(languages.joined(separator: ", "))") }
        for cue in cues {
            let properties = cue.properties.isEmpty ? "any reference" : cue.properties.map(\.dotted).joined(separator: " | ")
            lines.append("cue: \(quoted(cue.cue)) \(quoted(cue.words)) -> \(properties)")
        }
        for flag in flags {
            lines.append("flag: \(quoted(flag.words)) -> \(flag.properties.map(\.dotted).joined(separator: " | ")) = \(flag.value)")
        }
        if !askedProperties.isEmpty { lines.append("asks: \(askedProperties.map(\.dotted).joined(separator: " | "))") }
        if let anchor { lines.append("anchor: \(anchor.unit.map { "the \($0) " } ?? "")\(anchor.isOnScreen ? (anchor.relation == .after ? "below" : "above") : anchor.relation.rawValue) \(quoted(anchor.words))") }
        if let author { lines.append("author: \(author == .speaker ? "the speaker" : "someone else, to the speaker")") }
        if !saidOfSpeaker.isEmpty { lines.append("said of the speaker: \(saidOfSpeaker.joined(separator: " "))") }
        if !identifiers.isEmpty { lines.append("identifiers: \(identifiers.joined(separator: ", "))") }
        lines.append("content: \(contentWords.isEmpty ? "(none)" : contentWords.joined(separator: " "))")
        return lines.joined(separator: "\n")
    }

    static func format(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}

extension RequestInterpretation.Reference.Kind {
    /// A short name for explanations: "pointer", "position 3", "previous".
    var name: String {
        switch self {
        case .pointer: "pointer"
        case .plural: "plural"
        case .person: "person"
        case .position(0): "middle"
        case .position(let position): "position \(position)"
        case .relative(let order): order.rawValue
        case .other: "other"
        case .others: "others"
        case .shown(let offset): offset < 0 ? "shown above" : "shown below"
        case .span(let count): count > 0 ? "first \(count)" : "last \(-count)"
        }
    }
}

extension RequestTime {
    /// "from 2026-03-13T00:00:00Z to …, at 480-540 min, next".
    var summary: String {
        var parts: [String] = []
        if let from { parts.append("from \(RequestInterpretation.format(from))") }
        if let to { parts.append("to \(RequestInterpretation.format(to))") }
        if let minutes = minutesOfDay {
            parts.append(String(format: "at %02d:%02d-%02d:%02d", minutes.lowerBound / 60, minutes.lowerBound % 60,
                                minutes.upperBound / 60, minutes.upperBound % 60))
            if isEitherHalfOfDay { parts.append("or 12 hours away") }
        }
        if let order { parts.append(order.rawValue) }
        if isUndated { parts.append("none") }
        return parts.joined(separator: " ")
    }
}
