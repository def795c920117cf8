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

    /// Failures leave nothing behind (`make test-sanitized` runs this under LeakSanitizer).
    @Test func failingCallsLeakNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try Database(path: directory.path, mode: .writable)
        for _ in 0..<50 {
            #expect(throws: EngineError.self) { try Database(path: "/nonexistent/entity-index", mode: .readOnly) }
            #expect(throws: EngineError.self) { try Database(path: directory.path, mode: .writable) }  // locked
            #expect(throws: EngineError.self) {
                try database.transaction { try database.setMetadata("x", for: String(repeating: "k", count: 300)) }
            }
            let error = #expect(throws: EngineError.self) { try Database.check(path: "/nonexistent/entity-index") }
            #expect(error?.message.isEmpty == false)
        }
    }

    /// Closing a writable database commits what is pending: on disk nothing is ever pending outside a transaction.
    @Test func anOnDiskDatabaseChangesOnlyInsideATransaction() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try Database(path: directory.path, mode: .writable)
        let error = #expect(throws: EngineError.self) { try database.setMetadata("x", for: "key") }
        #expect(error?.code == .invalidOperation)
        try database.transaction { try database.setMetadata("x", for: "key") }
        #expect(try database.metadata("key") == "x")
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
        let database = try Database(shards: [.memory], mode: .writable)
        #expect(try database.document(uniqueTerm: "Qmissing") == nil)
    }

    @Test func queriesCombineAndDescribeThemselves() throws {
        let query = try Query.combine(.or, [try Query.term("Zorbit"), try Query.term("Zlog").scaled(by: 0.5)])
        #expect(try query.description() == "Query((Zorbit OR 0.5 * Zlog))")
    }

    @Test func documentsKeepValues() throws {
        let document = Document()
        try document.setValue(Array("Crew Lunch".utf8), slot: 2)
        #expect(try document.valueBytes(slot: 2) == Array("Crew Lunch".utf8))
        #expect(try document.valueBytes(slot: 7) == [])
    }

    /// An in-memory database of documents holding the given terms, ids from 1.
    private func database(of documents: [[String]]) throws -> Database {
        let database = try Database(shards: [.memory], mode: .writable)
        for (index, terms) in documents.enumerated() {
            let document = Document()
            for term in terms { try document.addTerm(term) }
            try document.addBooleanTerm("Q\(index)")
            try database.replaceDocument(uniqueTerm: "Q\(index)", with: document)
        }
        return database
    }

    @Test func uniqueTermsConfineASearchWithoutWeight() throws {
        let database = try database(of: [["Zorbit"], ["Zorbit"], ["Zorbit"], ["Zmoon"]])
        let alone = try database.search(try Query.term("Zorbit"), limit: 10)
        let confined = try Query.combine(.filter, [try Query.term("Zorbit"), try Query.indexed(byAnyOf: ["Q2", "Q0", "Q2", "Q3"])])
        let matches = try database.search(confined, limit: 10)
        #expect(Set((0..<matches.count).map(matches.documentID(at:))) == [1, 3])
        #expect(matches.weight(at: 0) == alone.weight(at: 0))
        let scored = try database.search(try Query.combine(.and, [try Query.term("Zorbit"), try Query.indexed(byAnyOf: ["Q0"])]), limit: 10)
        #expect(scored.weight(at: 0) == alone.weight(at: 0))
        #expect(try database.search(try Query.indexed(byAnyOf: []), limit: 10).count == 0)
    }

    /// Run shard by shard (each stops at its first matches), a search without weight keeps
    /// what the shards searched as one would answer: the first matches in their document order.
    /// A writer over shards in `directories` holding `documents` documents, the nth
    /// indexed by "Q" + n and given what `describe` adds; and those shards.
    private func writer(of directories: [TemporaryDirectory], documents: Int,
                        _ describe: (Int, Document) throws -> Void) throws -> (Database, [Database.Shard]) {
        let shards = directories.map { Database.Shard.directory($0.path) }
        let writer = try Database(shards: shards, mode: .writable)
        try writer.transaction {
            for index in 0..<documents {
                let document = Document()
                try describe(index, document)
                try document.addBooleanTerm("Q\(index)")
                try writer.replaceDocument(uniqueTerm: "Q\(index)", with: document)
            }
        }
        return (writer, shards)
    }

    @Test func aSearchWithoutWeightOverShardsAnswersAsOverOne() throws {
        let directories = [TemporaryDirectory(), TemporaryDirectory()]
        defer { directories.forEach { $0.remove() } }
        let (writer, shards) = try writer(of: directories, documents: 60) { index, document in
            if index % 3 != 0 { try document.addTerm("Zorbit") }
            if index % 5 != 0 { try document.addTerm("Zlog") }
            try document.setValue(Array("\(index)".utf8), slot: 0)
        }
        let both = try Query.combine(.and, [try Query.term("Zorbit"), try Query.term("Zlog")])
        for database in [writer, try Database(shards: shards, mode: .readOnly)] {
            let ranked = try database.search(both, limit: 100)
            let inDocumentOrder = (0..<ranked.count).map(ranked.documentID(at:)).sorted()
            #expect(inDocumentOrder.count == 32)
            for (offset, limit) in [(0, 5), (0, 20), (3, 7), (30, 10), (40, 5)] {
                let matches = try database.search(try both.scaled(by: 0), offset: offset, limit: limit)
                let identifiers = (0..<matches.count).map(matches.documentID(at:))
                #expect(identifiers == Array(inDocumentOrder.dropFirst(offset).prefix(limit)))
                for rank in 0..<matches.count {
                    #expect(matches.weight(at: rank) == 0)
                    let read = try matches.document(at: rank), byID = try database.document(id: identifiers[rank])
                    #expect(try read.valueBytes(slot: 0) == byID?.valueBytes(slot: 0))
                }
            }
        }
    }

    @Test func aSlotOfManyDocumentsReadsInOnePassAsDocumentByDocument() throws {
        for shardCount in [1, 3] {
            let directories = (0..<shardCount).map { _ in TemporaryDirectory() }
            defer { directories.forEach { $0.remove() } }
            let (writer, shards) = try writer(of: directories, documents: 50) { index, document in
                try document.addTerm("Zorbit", wdf: UInt32(1 + index % 7))
                if index % 4 != 0 { try document.setValue(Array("value \(index)".utf8), slot: 3) }
            }
            for database in [writer, try Database(shards: shards, mode: .readOnly)] {
                for query in [try Query.term("Zorbit"), try Query.term("Zorbit").scaled(by: 0)] {
                    let matches = try database.search(query, offset: 5, limit: 30)
                    #expect(matches.count == 30)
                    let values = try matches.values(inSlot: 3)
                    #expect(values.filter(\.isEmpty).count > 0)
                    #expect(try values == (0..<matches.count).map { try matches.document(at: $0).valueBytes(slot: 3) })
                    // By id, in any order, an id no document has among them.
                    let ids = (0..<matches.count).map(matches.documentID(at:)).reversed() + [9_999]
                    #expect(try database.values(inSlot: 3, ofDocuments: ids) == values.reversed() + [[]])
                }
            }
        }
    }

    @Test func aListOfDocumentsConfinesASearchOnOneDatabaseAndOverShards() throws {
        for shardCount in [1, 3] {
            let directories = (0..<shardCount).map { _ in TemporaryDirectory() }
            defer { directories.forEach { $0.remove() } }
            let (writer, shards) = try writer(of: directories, documents: 40) { index, document in
                if index % 2 == 0 { try document.addTerm("Zeven") }
            }
            for database in [writer, try Database(shards: shards, mode: .readOnly)] {
                let all = try database.search(try Query.term("Zeven"), limit: 100)
                let even = Set((0..<all.count).map(all.documentID(at:)))
                #expect(even.count == 20)
                let asked = Array(Set((1...40).filter { $0 % 3 != 0 }.map(UInt32.init)).union([9_999]))  // one id no document has
                let filter = try Query.combine(.filter, [try database.query(matchingDocuments: asked), try Query.term("Zeven")])
                let matches = try database.search(filter, limit: 100)
                let found = (0..<matches.count).map(matches.documentID(at:))
                #expect(Set(found) == even.intersection(asked), "\(shardCount) shards")
                #expect(found == found.sorted() && (0..<matches.count).allSatisfy { matches.weight(at: $0) == 0 })
                #expect(try database.search(try database.query(matchingDocuments: []), limit: 10).count == 0)
            }
        }
    }

    @Test func feedbackTermsAreWhatTheDocumentsShareBeyondTheQuery() throws {
        let filler = (0..<8).map { ["Zfiller\($0)"] }
        let database = try database(of: [
            ["Zorbit", "Zoxygen", "Zmoon", "ZXTITLEoxygen"],
            ["Zorbit", "Zoxygen", "Zmoon", "ZXTITLEoxygen"],
            ["Zorbit", "Zoxygen", "Zrover"],
        ] + filler)
        let terms = try database.feedbackTerms(describing: [1, 2, 3], excluding: try Query.term("Zorbit"), count: 10, stemPrefix: IndexLayout.stemMarker, prefixInitials: IndexLayout.prefixInitials)
        // Shared by all three beats shared by two; a term one document holds, a
        // query term and a property's term are left out.
        #expect(terms.map(\.term) == ["Zoxygen", "Zmoon"])
        #expect(terms[0].weight > terms[1].weight && terms[1].weight > 0)
        #expect(try database.feedbackTerms(describing: [1], excluding: try Query.term("Zorbit"), count: 10, stemPrefix: IndexLayout.stemMarker, prefixInitials: IndexLayout.prefixInitials).isEmpty)
    }

    @Test func feedbackWeightsFollowChangesToTheIndex() throws {
        let database = try database(of: [["Zorbit", "Zmoon"], ["Zorbit", "Zmoon"]] + (0..<8).map { ["Zfiller\($0)"] })
        let query = try Query.term("Zorbit")
        let before = try database.feedbackTerms(describing: [1, 2], excluding: query, count: 1, stemPrefix: IndexLayout.stemMarker, prefixInitials: IndexLayout.prefixInitials)
        for number in 0..<5 {
            let document = Document()
            try document.addTerm("Zmoon")
            try database.replaceDocument(uniqueTerm: "Qmore\(number)", with: document)
        }
        // "moon" is now common: remembered frequencies must not hide that.
        let after = try database.feedbackTerms(describing: [1, 2], excluding: query, count: 1, stemPrefix: IndexLayout.stemMarker, prefixInitials: IndexLayout.prefixInitials)
        #expect(before.first?.term == "Zmoon" && after.first?.term == "Zmoon")
        #expect(after[0].weight < before[0].weight)
    }

    @Test func presenceIsTheSameFromTermListsAndFromPostingLists() throws {
        // Short documents and many terms asked: term lists are read.
        let short = try database(of: [["Za", "Zb"], ["Zb", "Zc"], ["Zc"]])
        #expect(try short.postings(of: ["Za", "Zb", "Zc", "Zd"], contain: [1, 3], uniqueTerms: nil)
                == [[true, false], [true, false], [false, true], [false, false]])
        // Long documents and one term asked: posting lists are read.
        let padding = (0..<40).map { "Zpad\($0)" }
        let long = try database(of: [["Za"] + padding, padding, ["Za"] + padding])
        #expect(try long.postings(of: ["Za"], contain: [1, 2, 3], uniqueTerms: nil) == [[true, false, true]])
    }
}
