import Foundation
import Testing

/// Failures of the storage under an index, each with its own exit status and
/// advice. Permission needs another user (`setpriv`), a read-only or full file
/// system a tmpfs mount: both need root, so they run where the tests run as root.
@Suite(.enabled(if: geteuid() == 0, "needs root to switch user and mount file systems"))
struct StorageFailureTests {
    /// Mounts a tmpfs of `size` at a new directory, runs `body`, unmounts.
    func withTemporaryFileSystem(size: String, _ body: (String) throws -> Void) throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-fs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: mountPoint) }
        try #require(try shell(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint]) == 0)
        defer { _ = try? shell(["umount", mountPoint]) }
        try body(mountPoint)
    }

    func shell(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func permissionDeniedSaysSoWithItsOwnStatus() throws {
        let index = try CLITests.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: index) }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: index)
        let cli = CLITests.executable().path
        for arguments in [["stats"], ["donate", CLITests.corpus]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", cli, "--index", index] + arguments
            let error = Pipe()
            process.standardError = error
            try process.run()
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 77, "\(arguments[0]): \(message)")
            #expect(message.contains("permission denied") && !message.contains("another process"), "\(message)")
        }
    }

    @Test func aReadOnlyFileSystemSaysSoWithItsOwnStatus() throws {
        try withTemporaryFileSystem(size: "20m") { mountPoint in
            let index = mountPoint + "/index"
            #expect(try CLITests.run(["--index", index, "donate", CLITests.corpus]).status == 0)
            #expect(try shell(["mount", "-o", "remount,ro", mountPoint]) == 0)
            let donated = try CLITests.run(["--index", index, "donate", CLITests.corpus])
            #expect(donated.status == 73 && donated.error.contains("read-only file system"), "\(donated.error)")
            // Reading still works.
            #expect(try CLITests.run(["--index", index, "stats"]).status == 0)
        }
    }

    @Test func aFullDiskSaysSoWithItsOwnStatusAndCommitsNothing() throws {
        try withTemporaryFileSystem(size: "300k") { mountPoint in
            let index = mountPoint + "/index"
            let station = CLITests.root.appendingPathComponent("corpora/station-life.jsonl").path
            let donated = try CLITests.run(["--index", index, "donate", CLITests.corpus, station])
            #expect(donated.status == 74 && donated.error.contains("no space left"), "\(donated.error)")
            let stats = try CLITests.run(["--index", index, "stats", "--json"])
            #expect(stats.status == 0 && stats.output.contains(#""entities":0"#), "\(stats.output) \(stats.error)")
        }
    }
}

extension StorageFailureTests {
    @Test func aDonationCutShortByAFullDiskSaysSoAndCompletesWhenRepeated() throws {
        let notes = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-notes-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: notes) }
        let lines = (0..<25_000).map { #"{"type": "notes.note", "id": "n\#($0)", "properties": {"title": "Note \#($0) about regolith"}}"# }
        try lines.joined(separator: "\n").write(toFile: notes, atomically: true, encoding: .utf8)
        // Room for the first commit of 10,000 (about 9 MB), not for the second.
        try withTemporaryFileSystem(size: "14m") { mountPoint in
            let index = mountPoint + "/index"
            let donated = try CLITests.run(["--index", index, "donate", notes])
            #expect(donated.status == 74 && donated.error.contains("no space left"), "\(donated.error)")
            let stats = try CLITests.run(["--index", index, "stats", "--json"])
            #expect(stats.output.contains(#""entities":10000"#) && stats.output.contains("interruptedDonation"), "\(stats.output)")
            let check = try CLITests.run(["--index", index, "check"])
            #expect(check.status == 0 && check.output.contains("a donation was interrupted"), "\(check.output)")

            #expect(try shell(["mount", "-o", "remount,size=64m", mountPoint]) == 0)
            let again = try CLITests.run(["--index", index, "donate", notes])
            #expect(again.status == 0, "\(again.error)")
            let after = try CLITests.run(["--index", index, "stats", "--json"])
            #expect(after.output.contains(#""entities":25000"#) && !after.output.contains("interruptedDonation"), "\(after.output)")
            #expect(try CLITests.run(["--index", index, "check"]).status == 0)
        }
    }
}
