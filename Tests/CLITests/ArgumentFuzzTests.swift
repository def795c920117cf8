import Foundation
import Testing

/// Command lines put together at random from the CLI's own words and odd
/// values: each exits with a documented status (never a signal), and the index
/// it was run on stays sound.
@Suite struct ArgumentFuzzTests {
    static let documentedStatuses: Set<Int32> = [0, 1, 2, 64, 65, 66, 70, 72, 73, 74, 75, 77]

    @Test func randomCommandLinesExitWithADocumentedStatus() throws {
        let index = try CLITests.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let commands = ["donate", "update", "delete", "get", "search", "stats", "check", "schema", "eval", "nope"]
        let options = ["--type", "--limit", "--property", "--range", "--visible", "--focused", "--now", "--time-zone", "--json",
                       "--explain", "--plain", "--all", "--match", "--dry-run", "--report", "--beir", "--expansion", "--meaning",
                       "-h", "--", "-", "--unknown"]  // not --index: a random value would make an index wherever it names
        let values = ["calendar.event", "notes.note", "no.such", "0", "-1", "10001", "3", "startDate:2026-03-09..2026-03-10",
                      "title:1..2", "startDate:..", "calendar.event:evt-004", "nope:nope", "2026-03-12T09:30:00Z", "yesterday",
                      "Europe/Lisbon", "Mars/Olympus", "crew lunch", "", "🚀", "\u{0}x", String(repeating: "w ", count: 600),
                      "/nonexistent/file.jsonl", CLITests.corpus, "evt-004"]
        var generator = SystemRandomNumberGenerator()
        let runs = Int(ProcessInfo.processInfo.environment["ENTITY_INDEX_FUZZ_COUNT"] ?? "") ?? 120
        for _ in 0..<runs {
            var arguments = ["--index", index, commands.randomElement(using: &generator)!]
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                arguments.append(Bool.random(using: &generator) ? options.randomElement(using: &generator)! : values.randomElement(using: &generator)!)
            }
            // A NUL cannot be passed in an argument at all (exec cuts it); standard input is empty.
            let run = try CLITests.run(arguments.filter { !$0.contains("\u{0}") }, input: "")
            #expect(run.exited && Self.documentedStatuses.contains(run.status), "\(arguments.dropFirst(2)): exit \(run.status) \(run.error)")
        }
        let check = try CLITests.run(["--index", index, "check"])
        #expect(check.status == 0, "\(check.output)")
    }
}
