import Foundation
import Testing
@testable import EntityIndex

/// What is on disk is never trusted blindly: damaged or foreign directories
/// are refused before Xapian reads them, a second writer in one process is
/// told so, and every failure says its cause.
@Suite struct IndexTrustTests {
    /// An index of the sample corpus in a fresh directory, closed.
    func donatedDirectory() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        try EntityIndex(path: directory.path).donate(try sampleCorpus())
        return directory
    }

    func flip(_ file: String, in directory: TemporaryDirectory, at offset: Int, mask: UInt8) throws {
        let url = URL(fileURLWithPath: directory.path + "/" + file)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[offset] ^= mask
        try Data(bytes).write(to: url)
    }

    @Test func theVersionFileIsReadWithEveryBoundChecked() throws {
        let directory = try donatedDirectory()
        defer { directory.remove() }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path + "/iamglass")))
        let version = try GlassVersionFile(bytes)
        #expect(version.tables.map(\.name) == GlassVersionFile.tableNames)
        #expect(version.revision > 0)
        let postlist = try #require(version.tables.first)
        #expect(!postlist.rootIsFake && postlist.entryCount > 0 && postlist.blockSize == 8192)
        // Every shorter prefix and one byte more are refused, never read past.
        for length in 0..<bytes.count {
            #expect(throws: GlassVersionFile.Damage.self) { try GlassVersionFile(Array(bytes.prefix(length))) }
        }
        #expect(throws: GlassVersionFile.Damage.self) { try GlassVersionFile(bytes + [0]) }
    }

    @Test func aVersionFileThatWouldCrashXapianIsRefused() throws {
        let directory = try donatedDirectory()
        defer { directory.remove() }
        // The postlist's level and flags follow the magic (16 bytes), the UUID (16), the revision and its root.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.path + "/iamglass")))
        var position = 32
        while bytes[position] & 0x80 != 0 { position += 1 }  // the revision
        position += 1
        while bytes[position] & 0x80 != 0 { position += 1 }  // the root block
        position += 1
        try flip("iamglass", in: directory, at: position, mask: 0x40)  // level + 16: past Xapian's ten cursors
        let error = try #require(throws: EntityIndexError.self) { try EntityIndex(path: directory.path, access: .readOnly) }
        #expect(error.code == .indexCorrupt)
        #expect(error.message.contains("levels") && error.message.contains("iamglass"))
        #expect(throws: EntityIndexError.self) { try EntityIndex(path: directory.path) }
        let check = try EntityIndex.check(path: directory.path)
        #expect(!check.isSound && check.problems[0].contains("levels"))
    }

    @Test func aVersionFileDamagedWhileReadersRunIsRefusedNotRead() throws {
        let directory = try donatedDirectory()
        defer { directory.remove() }
        let reader = try EntityIndex(path: directory.path, access: .readOnly)
        #expect(try !reader.search(SearchQuery("crew lunch")).isEmpty)
        let versionFile = URL(fileURLWithPath: directory.path + "/iamglass")
        let sound = try Data(contentsOf: versionFile)
        var damaged = [UInt8](sound)
        damaged[damaged.count - 1] ^= 0x80  // the last statistic now runs past the end of the file
        try Data(damaged).write(to: versionFile)
        let error = try #require(throws: EntityIndexError.self) { try reader.search(SearchQuery("crew lunch")) }
        #expect(error.code == .indexCorrupt, "\(error)")
        try sound.write(to: versionFile)
        #expect(try !reader.search(SearchQuery("crew lunch")).isEmpty)
    }

    @Test func aMissingTableIsRefusedAndNeverCreatedOver() throws {
        let directory = try donatedDirectory()
        defer { directory.remove() }
        let termlist = directory.path + "/termlist.glass"
        let sizeBefore = try FileManager.default.attributesOfItem(atPath: termlist)[.size] as? Int
        try FileManager.default.removeItem(atPath: directory.path + "/postlist.glass")
        for access in [EntityIndex.Access.readOnly, .readWrite] {
            let error = try #require(throws: EntityIndexError.self) { try EntityIndex(path: directory.path, access: access) }
            #expect(error.code == .indexCorrupt && error.message.contains("postlist.glass is missing"), "\(error)")
            #expect(error.path == directory.path)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: termlist)[.size] as? Int == sizeBefore)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/postlist.glass"))
    }

    @Test func aTruncatedTableIsRefused() throws {
        let directory = try donatedDirectory()
        defer { directory.remove() }
        let handle = try #require(FileHandle(forWritingAtPath: directory.path + "/postlist.glass"))
        try handle.truncate(atOffset: 8192)
        try handle.close()
        let error = try #require(throws: EntityIndexError.self) { try EntityIndex(path: directory.path) }
        #expect(error.code == .indexCorrupt && error.message.contains("truncated"), "\(error)")
    }

    @Test func checkPassesASoundIndexAndFindsAGarbledTable() throws {
        let directory = try donatedDirectory()
        defer { directory.remove() }
        let sound = try EntityIndex.check(path: directory.path)
        #expect(sound.isSound, "\(sound.problems)")
        #expect(sound.soundEntities == 83)
        // Garble the middle of the postlist's blocks: opening may not notice, the check does.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: directory.path + "/postlist.glass")[.size] as? Int)
        for offset in stride(from: 100, to: size, by: 8192) {
            try flip("postlist.glass", in: directory, at: offset, mask: 0xff)
        }
        let damaged = try EntityIndex.check(path: directory.path)
        #expect(!damaged.isSound)
    }

    @Test func aDirectoryOfOtherFilesIsNeverMadeAnIndex() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: directory.path + "/notes.txt"))
        let error = try #require(throws: EntityIndexError.self) { try EntityIndex(path: directory.path) }
        #expect(error.code == .notAnIndex)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
        // An empty directory is where a new index goes.
        let empty = TemporaryDirectory()
        defer { empty.remove() }
        try FileManager.default.createDirectory(atPath: empty.path, withIntermediateDirectories: true)
        try EntityIndex(path: empty.path).donate([event("evt-1", title: "Crew Lunch")])
        #expect(try EntityIndex(path: empty.path, access: .readOnly).statistics().entityCount == 1)
    }

    @Test func aSecondWriterInTheSameProcessIsToldWhereTheFirstIs() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        do {
            let first = try EntityIndex(path: directory.path)
            let error = try #require(throws: EntityIndexError.self) { try EntityIndex(path: directory.path) }
            #expect(error.code == .indexLocked && error.message.contains("in this process"), "\(error)")
            // Readers are welcome beside it.
            _ = try EntityIndex(path: directory.path, access: .readOnly)
            withExtendedLifetime(first) {}
        }
        // Once the first is gone, the directory may be opened read-write again.
        _ = try EntityIndex(path: directory.path)
    }

    @Test func queriesOnUnknownTypesAndPropertiesAreRefused() throws {
        let index = try EntityIndex()
        try index.donate(try sampleCorpus())
        for query in [SearchQuery("lunch", types: ["no.such"]), SearchQuery("lunch", property: "nope"),
                      SearchQuery("lunch", ranges: [PropertyRange("title", from: 1.0)]),
                      SearchQuery("lunch", types: ["notes.note"], ranges: [PropertyRange("startDate", from: Date())]),
                      SearchQuery("lunch", ranges: [PropertyRange("attendees.name", from: 1.0)])] {
            let error = try #require(throws: EntityIndexError.self) { try index.search(query) }
            #expect(error.code == .invalidQuery, "\(error)")
        }
        #expect(try index.search(SearchQuery("Amara", property: "attendees.name")).count > 0)
    }

    @Test func malformedLinesSayWhatIsWrongAndWhere() throws {
        var invalidUTF8 = Data(#"{"type": "notes.note", "id": "a", "properties": {"title": "x"#.utf8)
        invalidUTF8.append(contentsOf: [0xff] + Array(#""}}"#.utf8))
        let cases: [(Data, String)] = [
            (invalidUTF8, "not valid UTF-8"),
            (Data(#"{"type": "notes.note", "id": "a", "properties": {"title": "x", "n": 1e400}}"#.utf8), "properties.n"),
        ]
        for (data, expected) in cases {
            let error = try #require(throws: EntityIndexError.self) { try EntityJSONLines.decode(Data("\n".utf8) + data) }
            #expect(error.code == .malformedInput && error.message.contains(expected), "\(error)")
            #expect(error.line == 2)
        }
    }
}

/// Any text donated comes back as it was, in memory and on disk.
@Suite struct ExactRoundTripTests {
    static let texts = [
        "Crew\u{0}Lunch plans", "\u{301}\u{308} lone combining marks", "مرحبا بالطاقم שלום", "🚀👩🏽‍🚀 launch 🇵🇹",
        "tab\tand\nnewline", String(repeating: "Regolith sample ", count: 6_250),
    ]

    @Test(arguments: TestStorage.allCases)
    func anyTextComesBackByteForByte(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        let notes = Self.texts.enumerated().map { number, text in
            Entity(type: "notes.note", id: "note-\(number)", properties: ["title": .string(text), "body": .string(text + " body")])
        }
        try index.donate(notes)
        for note in notes {
            let stored = try #require(try index.entity(for: note.identifier))
            #expect(Array(stored.properties["title"]!.stringValue!.utf8) == Array(note.properties["title"]!.stringValue!.utf8))
            #expect(stored == note)
        }
        let crew = try index.search(SearchQuery("crew lunch plans", types: ["notes.note"], understandsRequest: false))
        let first = try #require(crew.first)
        #expect(first.identifier.id == "note-0")
        #expect(first.title == "Crew\u{0}Lunch plans")
    }

    @Test func requestsPastTheirLimitsAreRefusedAtOnce() throws {
        let index = try EntityIndex()
        try index.donate(try sampleCorpus())
        let long = Array(repeating: "oxygen", count: 8_000).joined(separator: " ")
        for query in [SearchQuery(long), SearchQuery(long, understandsRequest: false),
                      SearchQuery(Array(repeating: "oxygen", count: SearchQuery.maximumRequestWords + 1).joined(separator: " "))] {
            let error = try #require(throws: EntityIndexError.self) { try index.resolve(query) }
            #expect(error.code == .invalidQuery && error.message.contains("shorten it"), "\(error)")
        }
        let longest = Array(repeating: "oxygen", count: SearchQuery.maximumRequestWords).joined(separator: " ")
        #expect(try !index.search(SearchQuery(longest)).isEmpty)
    }
}

/// Donating files of any size in bounded commits.
@Suite struct FileDonationTests {
    @Test func aFileIsCheckedWholeThenWrittenInCommits() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let index = try EntityIndex(path: directory.path)
        let corpus = corpusURL("space-crew.jsonl").path
        var reported: [Int] = []
        let counts = try index.donate(contentsOfFiles: [corpus], sourceNames: nil, chunkSize: 10) { written, total in
            #expect(total == 83)
            reported.append(written)
        }
        #expect(counts.values.reduce(0, +) == 83 && counts["calendar.event"] == 22, "\(counts)")
        #expect(reported.last == 83)
        let statistics = try index.statistics()
        #expect(statistics.entityCount == 83 && statistics.interruptedDonation == nil)

        // A bad line far past the first commit applies nothing: every line is checked before any is written.
        let bad = directory.path + "-bad.jsonl"
        defer { try? FileManager.default.removeItem(atPath: bad) }
        var lines = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n").map {
            $0.replacingOccurrences(of: "\"id\": \"", with: "\"id\": \"copy-")
        }
        lines[70] = #"{"type": "notes.note", "id": "broken", "properties": {"title": 7}}"#
        try lines.joined(separator: "\n").write(toFile: bad, atomically: true, encoding: .utf8)
        let error = try #require(throws: EntityIndexError.self) {
            try index.donate(contentsOfFiles: [bad], sourceNames: ["bad.jsonl"], chunkSize: 10, progress: nil)
        }
        #expect(error.code == .invalidEntity && error.line == 71 && error.message.hasPrefix("bad.jsonl:71:"), "\(error)")
        #expect(try index.statistics().entityCount == 83)
    }

    @Test func progressNeverRunsUnderTheIndexLock() throws {
        let index = try EntityIndex()
        var searchedDuringProgress = 0
        try index.donate(try sampleCorpus()) { _ in
            // Calling back into an in-memory index (one lock for everything) would deadlock under the lock.
            searchedDuringProgress += (try? index.search(SearchQuery("crew"))).map { _ in 1 } ?? 0
        }
        #expect(searchedDuringProgress > 0)
    }

    @Test func aFallbackMayCallBackIntoTheIndex() throws {
        let index = try EntityIndex()
        try index.donate(try sampleCorpus())
        let calls = Locked(0)
        let query = SearchQuery("zeppelin", fallback: { _ in
            calls.withLock { $0 += 1 }
            _ = try index.search(SearchQuery("crew lunch"))  // would deadlock an in-memory index under its lock
            return [FallbackCandidate(identifier: EntityIdentifier(type: "notes.note", id: "app-only"), score: 0.9, title: "Zeppelin")]
        })
        #expect(try index.search(query).first?.identifier.id == "app-only")
        #expect(calls.withLock { $0 } == 1)
    }
}
