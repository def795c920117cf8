import Foundation
import Testing

/// The built `entity-index` run end to end on the sample corpus.
@Suite struct CLITests {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = root.appendingPathComponent("corpora/space-crew.jsonl").path

    /// What one run printed and how it exited.
    struct Run {
        /// The exit status, or the signal's number when it was killed by one (see `exited`).
        let status: Int32
        /// Whether it exited, rather than died on a signal.
        let exited: Bool
        let output: String
        let error: String
    }

    /// A binary of the package (the CLI, the benchmark), built next to the test bundle.
    static func executable(_ name: String = "entity-index") -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return root.appendingPathComponent(".build/debug/\(name)")
    }

    /// Runs the CLI (or another of the package's binaries) with arguments, optional standard input
    /// and variables added to the environment.
    static func run(_ arguments: [String], input: String? = nil, executable: String = "entity-index",
                    environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = Self.executable(executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let output = Pipe(), error = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, exited: process.terminationReason == .exit, output: String(decoding: out, as: UTF8.self),
                   error: String(decoding: err, as: UTF8.self))
    }

    /// A fresh index directory with the sample corpus donated.
    static func donatedIndex() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-cli-\(UUID().uuidString)").path
        let donated = try Self.run(["--index", path, "donate", Self.corpus])
        #expect(donated.status == 0, "\(donated.error)")
        #expect(donated.output.hasPrefix("donated 83 entities of 11 types"))
        return path
    }

    struct SearchOutput: Decodable {
        struct Result: Decodable {
            let type: String
            let id: String
            let score: Double
            let title: String?
            let subtitle: String?
            let matched: [String]
        }
        let status: String
        let results: [Result]
    }

    @Test func searchPrintsRankedJSON() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let searched = try Self.run(["--index", index, "search", "check the O2 canisters", "--json"])
        #expect(searched.status == 0)
        let output = try JSONDecoder().decode(SearchOutput.self, from: Data(searched.output.utf8))
        #expect(output.results.first?.id == "evt-003")
        #expect(output.results.first?.type == "calendar.event")
        #expect(output.results.first?.title == "EVA 1: Solar Array Inspection")
        #expect(output.results.first?.subtitle == "2026-03-09 08:00 · Airlock B")
        #expect(zip(output.results, output.results.dropFirst()).allSatisfy { $0.score >= $1.score })

        let filtered = try Self.run(["--index", index, "search", "orbit", "--type", "calendar.calendar", "--limit", "1", "--json"])
        let calendars = try JSONDecoder().decode(SearchOutput.self, from: Data(filtered.output.utf8))
        #expect(calendars.results.map(\.id) == ["cal-lunar-orbit-log"])
    }

    @Test func searchPrintsATableForPeople() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let searched = try Self.run(["--index", index, "search", "Zoe", "Muller", "--type", "messages.contact"])
        let lines = searched.output.split(separator: "\n")
        #expect(lines.first == "status: resolved")
        #expect(lines.dropFirst().first?.split(separator: " ") == ["#", "score", "type", "id", "title", "matched", "subtitle"])
        #expect(lines.dropFirst(2).first?.contains("Zoë Müller") == true)
    }

    @Test func searchThatMatchesNothingExitsNotFound() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let plain = try Self.run(["--index", index, "search", "zeppelin"])
        #expect(plain.status == 1)
        #expect(plain.output == "no entities match \"zeppelin\"\n")
        let json = try Self.run(["--index", index, "search", "zeppelin", "--json"])
        #expect(json.status == 1)
        #expect(json.output.contains("\"status\":\"notFound\""))
    }

    @Test func getDeleteAndStatsWorkOnTheSameIndex() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let got = try Self.run(["--index", index, "get", "--type", "calendar.event", "evt-004"])
        #expect(got.status == 0)
        #expect(got.output.contains("\"title\":\"Crew Lunch\""))

        let deleted = try Self.run(["--index", index, "delete", "--type", "calendar.event", "evt-004", "evt-999"])
        #expect(deleted.output == "deleted 1 entities of type calendar.event\n")
        let missing = try Self.run(["--index", index, "get", "--type", "calendar.event", "evt-004"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("no entity calendar.event:evt-004"))

        #expect(try Self.run(["--index", index, "delete", "--type", "notes.note", "--all"]).output == "deleted 8 entities of type notes.note\n")
        let stats = try Self.run(["--index", index, "stats", "--json"])
        let counts = try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any]
        #expect(counts?["entities"] as? Int == 74)
        #expect((counts?["types"] as? [String: Int])?["calendar.event"] == 21)
        #expect((counts?["sizeOnDisk"] as? Int ?? 0) > 0)
    }

    @Test func aMalformedLineAppliesNothing() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let input = """
            {"type": "notes.note", "id": "new-1", "properties": {"title": "Fresh"}}
            {"type": "notes.note", "id": "new-2", "properties": {"title": "Broken"
            """
        let donated = try Self.run(["--index", index, "donate", "-"], input: input)
        #expect(donated.status == 65)
        #expect(donated.error.hasPrefix("entity-index: -:2: not valid JSON"))
        #expect(donated.error.split(separator: "\n").count == 1)
        let stats = try Self.run(["--index", index, "stats", "--json"])
        // A donation from a file commits every 10,000 entities: what was committed stays, whole.
        struct Stats: Decodable { let entities: Int }
        let entities = try JSONDecoder().decode(Stats.self, from: Data(stats.output.utf8)).entities
        #expect((entities - 83) % 10_000 == 0, "\(entities) entities after the kill")
    }

    @Test func donateReadsStandardInput() throws {
        let index = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-cli-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: index) }
        let donated = try Self.run(["--index", index, "donate", "-"],
                              input: "{\"type\": \"notes.note\", \"id\": \"n1\", \"properties\": {\"title\": \"Budget\"}}\n")
        #expect(donated.status == 0)
        #expect(try Self.run(["--index", index, "search", "budget", "--json"]).output.contains("\"id\":\"n1\""))
    }

    @Test func badInvocationsFailWithOneLineAndAUsefulStatus() throws {
        let unknownOption = try Self.run(["--index", "/tmp/x", "search", "x", "--colour"])
        #expect(unknownOption.status == 64)
        #expect(unknownOption.error == "entity-index: unknown option --colour for 'search' (see 'entity-index search --help')\n")

        let noIndex = try Self.run(["--index", "/nonexistent/entity-index", "search", "orbit"])
        #expect(noIndex.status == 66)
        #expect(noIndex.error.contains("donate entities to create it"))

        #expect(try Self.run(["search", "orbit"]).status == 64)
        #expect(try Self.run(["frobnicate"]).status == 64)
        #expect(try Self.run(["--index", "/tmp/x", "search", "x", "--limit", "zero"]).status == 64)
        // A file that cannot be read is refused before any index is made.
        let never = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-cli-\(UUID().uuidString)").path
        #expect(try Self.run(["--index", never, "donate", "/nonexistent.jsonl"]).status == 66)
        #expect(!FileManager.default.fileExists(atPath: never))
    }

    @Test func updateSetsClearsAndLeavesProperties() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let updated = try Self.run(["--index", index, "update", "-"], input: """
            {"type": "calendar.event", "id": "evt-004", "properties": {"location": "Galley", "recurrence": null}}
            """)
        #expect(updated.status == 0, "\(updated.error)")
        #expect(updated.output == "updated 1 entities\n")
        let got = try Self.run(["--index", index, "get", "--type", "calendar.event", "evt-004"])
        let event = try JSONSerialization.jsonObject(with: Data(got.output.utf8)) as? [String: Any]
        let properties = event?["properties"] as? [String: Any]
        #expect(properties?["location"] as? String == "Galley")
        #expect(properties?["recurrence"] == nil)
        #expect(properties?["title"] as? String == "Crew Lunch")

        let refused = try Self.run(["--index", index, "update", "-"], input: """
            {"type": "calendar.event", "id": "evt-004", "properties": {"notes": "changed"}}
            {"type": "calendar.event", "id": "evt-004", "properties": {"startDate": null}}
            """)
        #expect(refused.status == 65)
        #expect(refused.error.contains("update 2 of the batch (calendar.event:evt-004): missing required property \"startDate\""))
        let unchanged = try Self.run(["--index", index, "get", "--type", "calendar.event", "evt-004"])
        #expect(!unchanged.output.contains("\"notes\":\"changed\""))
    }

    @Test func anInvalidEntityIsReportedWithItsLine() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        let donated = try Self.run(["--index", index, "donate", "-"], input: """
            {"type": "notes.note", "id": "n1", "properties": {"title": "Fine"}}
            {"type": "calendar.event", "id": "e1", "properties": {"title": "Burn", "startDate": "soon"}}
            """)
        #expect(donated.status == 65)
        #expect(donated.error.hasPrefix("entity-index: -:2: calendar.event:e1: property \"startDate\": expected a date"))
    }

    @Test func getNotesDanglingReferences() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        _ = try Self.run(["--index", index, "delete", "--type", "calendar.calendar", "cal-crew-meals"])
        let got = try Self.run(["--index", index, "get", "--type", "calendar.event", "evt-004"])
        #expect(got.status == 0)
        #expect(got.error == "entity-index: note: calendar refers to calendar.calendar:cal-crew-meals, which is not in the index\n")
    }

    @Test func schemaListsDomainsTypesAndProperties() throws {
        let all = try Self.run(["schema"])
        #expect(all.status == 0)
        for domain in ["calendar", "messages", "notes", "mail", "photos", "document"] {
            #expect(all.output.contains("== domain \(domain)"))
        }
        let event = try Self.run(["schema", "calendar.event", "--json"])
        let types = try JSONSerialization.jsonObject(with: Data(event.output.utf8)) as? [[String: Any]]
        let properties = types?.first?["properties"] as? [[String: Any]]
        #expect(properties?.first?["name"] as? String == "title")
        #expect(properties?.first?["required"] as? Bool == true)
        #expect(properties?.first?["searchable"] as? String == "title")
        #expect(try Self.run(["schema", "calendar.nothing"]).status == 64)
    }

    @Test func searchResolvesByPropertyRangeAndScreen() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        func search(_ arguments: [String]) throws -> SearchOutput {
            let searched = try Self.run(["--index", index, "search", "--json"] + arguments)
            let output = try JSONDecoder().decode(SearchOutput.self, from: Data(searched.output.utf8))
            #expect(searched.status == (output.results.isEmpty ? 1 : 0), "\(searched.error)")
            return output
        }
        let byName = try search(["Lunar Orbit Lgo"])
        #expect(byName.status == "resolved")
        #expect(byName.results.first?.id == "cal-lunar-orbit-log")
        #expect(byName.results.first?.matched == ["title"])

        let byProperty = try search(["canisters", "--property", "notes"])
        #expect(byProperty.results.map(\.id) == ["evt-003"])
        #expect(byProperty.results.first?.matched == ["notes"])

        let inRange = try search(["--type", "calendar.event", "--range", "startDate:2026-03-09..2026-03-10"])
        #expect(inRange.results.map(\.id) == ["evt-003", "evt-004"])

        let onScreen = try search(["the", "last", "message", "--visible", "messages.message:msg-001,messages.message:msg-002",
                                   "--focused", "calendar.event:evt-004"])
        #expect(onScreen.results.map(\.id) == ["msg-002"])
        #expect(onScreen.results.first?.matched == ["visible"])
        #expect(try search(["this", "event", "--focused", "calendar.event:evt-004"]).results.map(\.id) == ["evt-004"])
        #expect(try search(["qwertyuiop"]).status == "notFound")

        let badRange = try Self.run(["--index", index, "search", "--range", "startDate:soon..later"])
        #expect(badRange.status == 64)
        #expect(badRange.error.contains("neither a number nor an ISO-8601 date"))
        #expect(try Self.run(["--index", index, "search", "x", "--focused", "nonsense"]).status == 64)
    }

    @Test func aKilledDonationLosesNothingCommittedAndAppliesNothingHalfway() throws {
        let index = try Self.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        // A large file: the sample corpus 300 times under fresh ids.
        let lines = try String(contentsOfFile: Self.corpus, encoding: .utf8).split(separator: "\n")
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-big-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: big) }
        var text = ""
        for copy in 0..<300 {
            for line in lines { text += line.replacingOccurrences(of: "\"id\": \"", with: "\"id\": \"copy\(copy)-") + "\n" }
        }
        try text.write(toFile: big, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = Self.executable()
        process.arguments = ["--index", index, "donate", big]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the donation finished before it could be killed")

        let stats = try Self.run(["--index", index, "stats", "--json"])
        #expect(stats.status == 0, "\(stats.error)")
        // A donation from a file commits every 10,000 entities: what was committed stays, whole.
        struct Stats: Decodable { let entities: Int }
        let entities = try JSONDecoder().decode(Stats.self, from: Data(stats.output.utf8)).entities
        #expect((entities - 83) % 10_000 == 0, "\(entities) entities after the kill")
        #expect(try Self.run(["--index", index, "get", "--type", "calendar.event", "evt-004"]).status == 0)
        // The index takes writes again: the killed writer's lock died with it.
        #expect(try Self.run(["--index", index, "delete", "--type", "notes.note", "note-001"]).status == 0)
    }

    @Test func aServiceTypesFileWorksForEveryCommand() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let types = directory.appendingPathComponent("shop-types.json").path
        try Data("""
            [{"type": "shop.order-item", "summary": "a line of a customer's order", "title": "name", "subtitle": ["sku"],
              "spokenNames": ["order item", "item"],
              "properties": [
                {"name": "name", "kind": "string", "required": true, "searchable": "title"},
                {"name": "sku", "kind": "string", "searchable": "identifier", "spokenNames": ["sku"]},
                {"name": "quantity", "kind": "integer"},
                {"name": "price", "kind": "number"},
                {"name": "status", "kind": "orderStatus", "cases": ["pending", "shipped", "delivered"], "searchable": "keywords"}]}]
            """.utf8).write(to: URL(fileURLWithPath: types))
        let index = directory.appendingPathComponent("index").path
        let items = """
            {"type": "shop.order-item", "id": "oi-1", "properties": {"name": "Regolith sieve", "sku": "sku_42", "quantity": 2, "price": 19.5, "status": "shipped"}}
            {"type": "shop.order-item", "id": "oi-2", "properties": {"name": "Oxygen candle", "sku": "sku_7", "quantity": 10, "status": "pending"}}
            """

        // Without the types file, an order item is an unknown type.
        let refused = try Self.run(["--index", index, "donate", "-"], input: items)
        #expect(refused.status == 65)
        #expect(refused.error.contains("unknown type \"shop.order-item\""))
        #expect(refused.error.contains("--types FILE"))

        let donated = try Self.run(["--types", types, "--index", index, "donate", "-"], input: items)
        #expect(donated.status == 0, "\(donated.error)")
        #expect(donated.output.hasPrefix("donated 2 entities of 1 types"))
        let searched = try Self.run(["--types", types, "--index", index, "search", "sku_42", "--json"])
        #expect(searched.status == 0, "\(searched.error)")
        let output = try JSONDecoder().decode(SearchOutput.self, from: Data(searched.output.utf8))
        #expect(output.results.map(\.id) == ["oi-1"])
        #expect(output.results.first?.matched == ["sku"])
        // The option may also follow the command.
        let byType = try Self.run(["--index", index, "search", "--type", "shop.order-item", "--types", types, "--json"])
        #expect(try JSONDecoder().decode(SearchOutput.self, from: Data(byType.output.utf8)).results.count == 2)
        let updated = try Self.run(["--types", types, "--index", index, "update", "-"],
                                   input: #"{"type": "shop.order-item", "id": "oi-2", "properties": {"status": "lost"}}"#)
        #expect(updated.status == 65)
        #expect(updated.error.contains("expected one of pending, shipped, delivered (orderStatus)"))
        #expect(try Self.run(["--types", types, "--index", index, "get", "--type", "shop.order-item", "oi-1"]).output.contains("\"sku\":\"sku_42\""))
        #expect(try Self.run(["--types", types, "--index", index, "stats"]).status == 0)
        #expect(try Self.run(["--types", types, "--index", index, "delete", "--type", "shop.order-item", "oi-2"]).status == 0)

        let listed = try Self.run(["schema", "--types", types, "shop.order-item"])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.hasPrefix("shop.order-item — a line of a customer's order"))
        #expect(listed.output.contains("status        orderStatus"))
        #expect(try Self.run(["--types", types, "schema"]).output.contains("== domain shop"))
        // What schema --json prints for the type reads back as the same type.
        let printed = try Self.run(["--types", types, "schema", "shop.order-item", "--json"]).output
        let reprinted = directory.appendingPathComponent("printed.json").path
        try Data(printed.utf8).write(to: URL(fileURLWithPath: reprinted))
        #expect(try Self.run(["--types", reprinted, "schema", "shop.order-item", "--json"]).output == printed)
    }

    @Test func aBadTypesFileSaysWhatIsWrong() throws {
        let types = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-types-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: types) }
        try Data(#"[{"type": "shop.order-item", "title": "name", "properties": [{"name": "name", "kind": "strng"}]}]"#.utf8)
            .write(to: URL(fileURLWithPath: types))
        let bad = try Self.run(["--types", types, "schema"])
        #expect(bad.status == 65)
        #expect(bad.error.hasPrefix("entity-index: \(types): type \"shop.order-item\", property \"name\": kind \"strng\": unknown kind"))
        #expect(bad.error.split(separator: "\n").count == 1)
        let missing = try Self.run(["--types", "/nonexistent/types.json", "--index", "/nonexistent/index", "search", "x"])
        #expect(missing.status == 66)
        #expect(missing.error == "entity-index: there is no types file /nonexistent/types.json: check its name\n")
        #expect(try Self.run(["--types"]).status == 64)
    }

    @Test func everyCommandHasHelp() throws {
        let main = try Self.run(["--help"])
        #expect(main.status == 0)
        for command in ["donate", "update", "delete", "get", "search", "stats", "schema"] {
            #expect(main.output.contains("  \(command)"))
            let help = try Self.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.output.hasPrefix("Usage: entity-index "))
            #expect(help.output.contains(" \(command)"))
        }
    }
}
