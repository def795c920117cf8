import EntityIndex
import Foundation

/// One query of the benchmark, as each engine runs it.
struct Workload {
    /// name, typo, property, text, meaning, context, request, understanding or suggestion.
    let kind: String
    /// The request EntityIndex resolves.
    let request: SearchQuery
    /// Whether EntityIndex only reads the request (`interpretation(of:)`), searching nothing.
    var understandsOnly = false
    /// For a suggestion, the moment the next events are suggested from (`suggestions(ofType:from:)`).
    var suggestsFrom: Date?
    /// The words raw Xapian and SQLite FTS5 search for, when they can run this
    /// kind: those EntityIndex searches (stop words only when there is nothing else).
    let words: [String]?
    /// The FTS5 column, for a property query.
    let column: String?
    /// The name of the entity a query was drawn from (a name, a misspelt name, "delete the …"), which should come first.
    var drawnFrom: String?

    /// The queries of every kind for a corpus, drawn deterministically.
    static func all(for corpus: SyntheticCorpus, count: Int) -> [Workload] {
        var random = SplitMix64(seed: 7)
        let titled = corpus.entities.filter { $0.type == "calendar.event" || $0.type == "notes.note" }
        let events = corpus.entities.filter { $0.type == "calendar.event" }
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func words(_ text: String) -> [String] { text.lowercased().split(separator: " ").map(String.init) }
        func searched(_ text: String) -> [String] { StopWords.searched(words(text)) }
        let meaning = ["movie", "doctor", "salad", "repair", "spending", "oxygen", "breakfast", "vegetables", "photograph", "astronaut"]

        var workloads: [Workload] = []
        for number in 0..<count {
            let title = pick(titled).properties["title"]!.stringValue!
            workloads.append(Workload(kind: "name", request: SearchQuery(title), words: searched(title), column: "title", drawnFrom: title))
            workloads.append(Workload(kind: "typo", request: SearchQuery(withTypo(title)), words: nil, column: nil, drawnFrom: title))
            let note = words(pick(events).properties["notes"]!.stringValue!)
            let word = note[Int.random(in: 0..<note.count, using: &random)]
            workloads.append(Workload(kind: "property", request: SearchQuery(word, property: "notes"), words: [word], column: "body"))
            let text = (0..<3).map { _ in corpus.vocabulary[Int.random(in: 0..<min(2_000, corpus.vocabulary.count), using: &random)] }
            // Plain text: words only, as raw Xapian and FTS5 search, and like them no matched properties.
            workloads.append(Workload(kind: "text", request: SearchQuery(text.joined(separator: " "), usesMeaning: false,
                                                                         matchesNames: false, reportsMatches: false,
                                                                         understandsRequest: false),
                                      words: StopWords.searched(text), column: nil))
            workloads.append(Workload(kind: "meaning", request: SearchQuery(meaning[number % meaning.count]), words: nil, column: nil))
            let visible = (0..<10).map { _ in pick(events).identifier }
            workloads.append(Workload(kind: "context", request: SearchQuery("the last event", context: ScreenContext(visible: visible)),
                                      words: nil, column: nil))
            // Requests as people say them, at a moment inside the corpus's dates.
            let event = pick(events)
            let eventTitle = event.properties["title"]!.stringValue!
            let attendee = event.properties["attendees"]?.arrayFirstName ?? "Amara"
            let topic = corpus.vocabulary[Int.random(in: 0..<min(500, corpus.vocabulary.count), using: &random)]
            let requests = ["delete the \(eventTitle)", "what's after the \(eventTitle)", "the next meeting with \(attendee)",
                            "are there any notes about \(topic)", "messages from last week about \(topic)",
                            "\(eventTitle) tomorrow morning"]
            let request = SearchQuery(requests[number % requests.count], now: Self.requestClock, timeZone: TimeZone(identifier: "UTC")!)
            // "delete the …" names the event it was drawn from.
            workloads.append(Workload(kind: "request", request: request, words: nil, column: nil,
                                      drawnFrom: number % requests.count == 0 ? eventTitle : nil))
            workloads.append(Workload(kind: "understanding", request: request, understandsOnly: true, words: nil, column: nil))
            // What an intent's parameter offers before anything is said: the next events from a moment
            // within a month of the requests' (drawn without `random`, so the other kinds' queries stay as they were).
            let moment = Self.requestClock.addingTimeInterval(Double(number * 17 % 61 - 30) * 86_400)
            let said = SearchQuery("the next events from \(ISO8601DateFormatter().string(from: moment))")  // what --slowest prints
            workloads.append(Workload(kind: "suggestion", request: said, suggestsFrom: moment, words: nil, column: nil))
        }
        return workloads
    }

    /// The moment requests are said at: inside the synthetic corpus's dates.
    static let requestClock = Date(timeIntervalSince1970: 1_775_000_000)

    /// Runs the workload once on EntityIndex.
    func run(on index: EntityIndex) throws {
        if understandsOnly {
            _ = try index.interpretation(of: request)
        } else if let suggestsFrom {
            _ = try index.suggestions(ofType: "calendar.event", from: suggestsFrom)
        } else {
            _ = try index.search(request)
        }
    }

    /// The text with one letter of its longest word changed.
    private static func withTypo(_ text: String) -> String {
        var words = text.split(separator: " ").map(String.init)
        guard let longest = words.indices.max(by: { words[$0].count < words[$1].count }), words[longest].count >= 5 else { return text }
        var letters = Array(words[longest])
        letters[letters.count / 2] = letters[letters.count / 2] == "x" ? "y" : "x"
        words[longest] = String(letters)
        return words.joined(separator: " ")
    }
}

extension PropertyValue {
    /// The name of the first object of a list (an event's first attendee).
    var arrayFirstName: String? {
        guard case .array(let values) = self, case .object(let fields)? = values.first else { return nil }
        return fields["name"]?.stringValue
    }
}
