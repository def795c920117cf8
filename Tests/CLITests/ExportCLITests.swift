import Foundation
import Testing

/// `export` writes donation lines that donate into the same index again.
@Suite struct ExportCLITests {
    @Test func anExportRoundTripsThroughANewIndex() throws {
        let first = try CLITests.donatedIndex()
        let second = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        let exported = try CLITests.run(["--index", first, "export"])
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.output.split(separator: "\n").count == 83)
        #expect(try CLITests.run(["--index", second, "donate", "-"], input: exported.output).status == 0)
        #expect(try CLITests.run(["--index", second, "export"]).output == exported.output)

        let events = try CLITests.run(["--index", first, "export", "--type", "calendar.event"])
        #expect(events.status == 0 && !events.output.isEmpty)
        #expect(events.output.split(separator: "\n").allSatisfy { $0.hasSuffix(#""type":"calendar.event"}"#) })
        #expect(try CLITests.run(["--index", first, "export", "--type", "no.such"]).status == 64)
        #expect(try CLITests.run(["--index", first, "export", "extra"]).status == 64)
    }
}
