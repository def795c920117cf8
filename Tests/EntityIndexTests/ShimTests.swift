import Testing
@testable import EntityIndex

/// The engine layer reports every shim failure as a typed error, never a crash.
@Suite struct ShimTests {
    @Test func openingAMissingDatabaseReadOnlyFails() throws {
        let error = #expect(throws: EngineError.self) {
            try Database(path: "/nonexistent/entity-index", mode: .readOnly)
        }
        #expect(error?.code == .databaseOpening)
        #expect(error?.message.isEmpty == false)
    }

    @Test func aSecondWriterIsToldTheDatabaseIsLocked() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let first = try Database(path: directory.path, mode: .writable)
        let error = #expect(throws: EngineError.self) {
            try Database(path: directory.path, mode: .writable)
        }
        #expect(error?.code == .databaseLocked)
        withExtendedLifetime(first) {}
    }

    @Test func writingThroughAReadOnlyHandleIsAnInvalidOperation() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = try Database(path: directory.path, mode: .writable)
        let reader = try Database(path: directory.path, mode: .readOnly)
        let error = #expect(throws: EngineError.self) {
            try reader.replaceDocument(uniqueTerm: "Qx", with: Document())
        }
        #expect(error?.code == .invalidOperation)
    }

    @Test func aNestedTransactionIsAnInvalidOperation() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try Database(path: directory.path, mode: .writable)
        let error = #expect(throws: EngineError.self) {
            try database.transaction { try database.transaction {} }
        }
        #expect(error?.code == .invalidOperation)
    }

    @Test func aTooLongTermFailsAndTheTransactionLeavesNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try Database(path: directory.path, mode: .writable)
        let good = Document()
        try good.addBooleanTerm("Qgood")
        let bad = Document()
        let longTerm = "Q" + String(repeating: "x", count: 300)
        try bad.addBooleanTerm(longTerm)

        #expect(throws: EngineError.self) {
            try database.transaction {
                try database.replaceDocument(uniqueTerm: "Qgood", with: good)
                try database.replaceDocument(uniqueTerm: longTerm, with: bad)
            }
        }
        #expect(try database.documentCount() == 0)
    }

    @Test func anUnknownLanguageHasNoStemmer() {
        let error = #expect(throws: EngineError.self) { try Stemmer(language: "klingon") }
        #expect(error?.code == .invalidArgument)
    }

    @Test func aMissingDocumentIsNotAnError() throws {
        let database = try Database(path: "", mode: .inMemory)
        #expect(try database.document(uniqueTerm: "Qmissing") == nil)
    }

    @Test func queriesCombineAndDescribeThemselves() throws {
        let query = try Query.combine(.or, [try Query.term("Zorbit"), try Query.term("Zlog").scaled(by: 0.5)])
        #expect(try query.description() == "Query((Zorbit OR 0.5 * Zlog))")
    }

    @Test func documentsKeepDataAndValues() throws {
        let document = Document()
        try document.setData(Array("{\"a\":1}".utf8))
        try document.setValue(Array("Crew Lunch".utf8), slot: 2)
        #expect(try document.data() == Array("{\"a\":1}".utf8))
        #expect(try document.valueBytes(slot: 2) == Array("Crew Lunch".utf8))
        #expect(try document.valueBytes(slot: 7) == [])
    }
}
