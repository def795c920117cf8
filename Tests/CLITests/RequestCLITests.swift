import Foundation
import Testing

/// Requests as people say them through the CLI: the clock, the explanation,
/// and deleting by request with its own exit statuses.
@Suite struct RequestCLITests {

    struct Output: Decodable {
        struct Result: Decodable {
            let id: String
            let occurrence: String?
        }
        struct Interpretation: Decodable {
            struct Command: Decodable { let name: String }
            struct Time: Decodable {
                let from: String?
                let order: String?
            }
            let command: Command?
            let types: [String]
            let time: Time?
            let contentWords: [String]
        }
        let status: String
        let results: [Result]
        let interpretation: Interpretation?
    }

    @Test func aRequestIsReadOnTheGivenClockAndExplained() throws {
        let index = try CLITests.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let searched = try CLITests.run(["--index", index, "search", "delete the crew lunch next Tuesday", "--now", "2026-03-12T09:30:00Z",
                                    "--time-zone", "Europe/Lisbon", "--json"])
        #expect(searched.status == 0, "\(searched.error)")
        let output = try JSONDecoder().decode(Output.self, from: Data(searched.output.utf8))
        #expect(output.status == "resolved")
        #expect(output.results.first?.id == "evt-004")
        #expect(output.results.first?.occurrence == "2026-03-17T12:00:00Z")
        #expect(output.interpretation?.command?.name == "delete")
        #expect(output.interpretation?.contentWords == ["crew", "lunch"])
        #expect(output.interpretation?.time?.from == "2026-03-17T00:00:00Z")

        let explained = try CLITests.run(["--index", index, "search", "which events mention oxygen?", "--now", "2026-03-12T09:30:00Z", "--explain"])
        #expect(explained.error.contains("types: calendar.event"))
        #expect(explained.error.contains("content: oxygen"))
        #expect(explained.output.contains("status: ambiguous"))

        #expect(try CLITests.run(["--index", index, "search", "x", "--now", "yesterday"]).status == 64)
        #expect(try CLITests.run(["--index", index, "search", "x", "--time-zone", "Mars/Olympus"]).status == 64)
    }

    @Test func aJudgedRequestSetIsEvaluatedWithTheSettingsItRanWith() throws {
        let requests = FileManager.default.temporaryDirectory.appendingPathComponent("requests-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: requests) }
        try Data("""
            {"id": "r1", "kind": "meaning", "request": "which events mention oxygen", "now": "2026-03-12T09:30:00Z", "timeZone": "UTC", "types": ["calendar.event"], "expected": ["calendar.event:evt-003"], "answer": "any"}
            {"id": "r2", "kind": "name", "request": "the crew lunch", "now": "2026-03-12T09:30:00Z", "timeZone": "UTC", "expected": ["calendar.event:evt-004"], "answer": "one"}

            """.utf8).write(to: requests)
        let evaluated = try CLITests.run(["eval", "--queries", requests.path, "--corpus", CLITests.corpus, "--expansion", "both",
                                          "--bm25", "1.2,0.75"])
        #expect(evaluated.status == 0, "\(evaluated.error)")
        let rows = evaluated.output.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("off") && $0.contains(" name ") && $0.contains("bm25=1.2,0.75,meaning off") })
        #expect(rows.contains { $0.hasPrefix("on") && $0.contains(" meaning ") && $0.contains("entityneighbours=5") })
        #expect(try CLITests.run(["eval", "--queries", requests.path, "--corpus", CLITests.corpus, "--bm25", "1.2"]).status == 64)
        #expect(try CLITests.run(["eval", "--queries", "/nonexistent/requests.jsonl", "--corpus", CLITests.corpus]).status != 0)
        // Another collection's queries go with --beir only: beside --queries they would be ignored.
        let across = try CLITests.run(["eval", "--queries", requests.path, "--corpus", CLITests.corpus, "--queries-from", "/tmp"])
        #expect(across.status == 64 && across.error.contains("--beir"))
    }

    @Test func deletingByRequestDeletesOnlyAResolvedAnswer() throws {
        let index = try CLITests.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let ambiguous = try CLITests.run(["--index", index, "delete", "--match", "delete it", "--visible", "notes.note:note-001,notes.note:note-002"])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.output.contains("nothing was deleted"))
        #expect(ambiguous.output.contains("note-001") && ambiguous.output.contains("note-002"))
        #expect(try CLITests.run(["--index", index, "delete", "--match", "delete this event"]).status == 1)

        let dryRun = try CLITests.run(["--index", index, "delete", "--match", "delete the crew lunch", "--dry-run"])
        #expect(dryRun.status == 0)
        #expect(dryRun.output.contains("would delete calendar.event:evt-004"))
        #expect(try CLITests.run(["--index", index, "get", "--type", "calendar.event", "evt-004"]).status == 0)

        let deleted = try CLITests.run(["--index", index, "delete", "--match", "delete the crew lunch", "--json"])
        #expect(deleted.status == 0)
        #expect(deleted.output.contains("\"deleted\":[\"calendar.event:evt-004\"]"))
        #expect(try CLITests.run(["--index", index, "get", "--type", "calendar.event", "evt-004"]).status == 1)

        #expect(try CLITests.run(["--index", index, "delete", "--match", "x", "--all"]).status == 64)
    }
}
