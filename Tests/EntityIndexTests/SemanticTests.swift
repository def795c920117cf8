import Foundation
import Testing
@testable import EntityIndex

/// A small lexicon written for tests: words, 3-dimensional vectors, neighbours.
func fixtureLexicon() throws -> (lexicon: Lexicon, directory: TemporaryDirectory) {
    let entries: [LexiconWriter.Entry] = [
        .init(word: "oxygen", zipfFrequency: 4.2, vector: [1, 0, 0], neighbours: [("o2", 0.8), ("air", 0.6), ("breathing", 0.55), ("nitrogen", 0.3)]),
        .init(word: "o2", zipfFrequency: 3.0, vector: [0.9, 0.1, 0], neighbours: [("oxygen", 0.8)]),
        .init(word: "air", zipfFrequency: 5.1, vector: [0.7, 0.3, 0], neighbours: [("oxygen", 0.6)]),
        .init(word: "breathing", zipfFrequency: 3.9, vector: [0.6, 0.4, 0], neighbours: [("oxygen", 0.55)]),
        .init(word: "nitrogen", zipfFrequency: 3.5, vector: [0.5, 0, 0.5], neighbours: [("oxygen", 0.3)]),
        .init(word: "lunch", zipfFrequency: 4.8, vector: [0, 0, 1], neighbours: [("meal", 0.7)]),
        .init(word: "meal", zipfFrequency: 4.6, vector: [0, 0.2, 0.9], neighbours: [("lunch", 0.7)]),
        .init(word: "film", zipfFrequency: 4.9, vector: [0, 1, 0], neighbours: [("starring", 0.55)]),
        .init(word: "starring", zipfFrequency: 3.8, vector: [0.1, 0.9, 0.1], neighbours: [("film", 0.55)]),
        .init(word: "star", zipfFrequency: 4.7, vector: [0.2, 0.1, 0.9], neighbours: []),
        .init(word: "the", zipfFrequency: 7.7, vector: [0.3, 0.3, 0.3], neighbours: [("a", 0.9)]),
        .init(word: "a", zipfFrequency: 7.4, vector: [0.3, 0.3, 0.31], neighbours: [("the", 0.9)]),
    ]
    let directory = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
    let path = directory.path + "/fixture.bin"
    try LexiconWriter.write(entries, to: path)
    return (try Lexicon(contentsOf: path), directory)
}

/// The lexicon, query expansion and re-ranking by meaning.
@Suite struct SemanticTests {
    @Test func aLexiconFileIsMappedAndLookedUp() throws {
        let (lexicon, directory) = try fixtureLexicon()
        defer { directory.remove() }
        #expect(lexicon.wordCount == 12)
        #expect(lexicon.dimensions == 3)
        let oxygen = try #require(lexicon.id(of: "oxygen"))
        #expect(lexicon.word(oxygen) == "oxygen")
        #expect(lexicon.id(of: "helium") == nil)
        #expect(lexicon.neighbours(of: oxygen).map { lexicon.word($0.id) } == ["o2", "air", "breathing", "nitrogen"])
        #expect(abs(lexicon.neighbours(of: oxygen)[0].similarity - 0.8) < 0.01)
        #expect(lexicon.zipfFrequency(of: oxygen) == 4.2)
    }

    @Test func aDamagedLexiconIsRefusedWithAReason() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let path = directory.path + "/bad.bin"
        func refusal() -> EntityIndexError? { #expect(throws: EntityIndexError.self) { try Lexicon(contentsOf: path) } }
        try Data("not a lexicon at all, just some text".utf8).write(to: URL(fileURLWithPath: path))
        let notALexicon = refusal()
        #expect(notALexicon?.code == .invalidLexicon)
        #expect(notALexicon?.message.contains("wrong magic") == true)
        let (words, vectors) = LexiconWriter.data(for: [.init(word: "a", zipfFrequency: 1, vector: [1], neighbours: [])])
        try words.write(to: URL(fileURLWithPath: path))
        #expect(refusal()?.message.contains("bad-vectors.bin") == true)  // the vectors file is missing
        try vectors.dropLast(1).write(to: URL(fileURLWithPath: Lexicon.vectorsPath(forWordsAt: path)))
        #expect(refusal()?.message.contains("cut short or made for another lexicon") == true)
        try vectors.write(to: URL(fileURLWithPath: Lexicon.vectorsPath(forWordsAt: path)))
        try words.dropLast(8).write(to: URL(fileURLWithPath: path))
        #expect(refusal()?.message.contains("cut short") == true)
        #expect(throws: EntityIndexError.self) { try Lexicon(contentsOf: directory.path + "/missing.bin") }
    }

    /// Every byte of either file of a lexicon flipped: it is refused, or every look-up stays
    /// inside the files (`make test-sanitized` runs this under AddressSanitizer).
    @Test func aLexiconWithAnyByteFlippedIsRefusedOrReadInBounds() throws {
        let (_, directory) = try fixtureLexicon()
        defer { directory.remove() }
        let wordsPath = directory.path + "/fixture.bin", vectorsPath = Lexicon.vectorsPath(forWordsAt: wordsPath)
        var refused = 0
        for path in [wordsPath, vectorsPath] {
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            for offset in original.indices {
                var bytes = original
                bytes[offset] ^= 0xA5
                try bytes.write(to: URL(fileURLWithPath: path))
                guard let lexicon = try? Lexicon(contentsOf: wordsPath) else {
                    refused += 1
                    continue
                }
                for id in 0..<lexicon.wordCount {
                    _ = lexicon.word(id)
                    _ = lexicon.id(of: lexicon.word(id))
                    for neighbour in lexicon.neighbours(of: id) { _ = lexicon.cosine(id, neighbour.id) }
                }
            }
            try original.write(to: URL(fileURLWithPath: path))
        }
        #expect(refused > 0)
    }

    @Test func expansionsWeighBelowTheWordAndSkipStopWords() throws {
        let (lexicon, directory) = try fixtureLexicon()
        defer { directory.remove() }
        let expansion = QueryExpansion(lexicon: lexicon, settings: MeaningSettings())
        let indexed: Set<String> = ["o2", "air", "breath", "nitrogen", "meal", "a"]
        let terms = try expansion.terms(for: ["the", "oxygen"], stem: { $0 == "breathing" ? "breath" : $0 },
                                        frequency: { indexed.contains($0) ? 1 : 0 })
        #expect(terms.map(\.neighbour) == ["o2", "air", "breathing"])  // nitrogen is too far
        #expect(terms.allSatisfy { $0.word == "oxygen" && $0.weight < 1 })
        #expect(abs(terms[0].weight - terms[0].similarity * MeaningSettings().expansionWeight) < 1e-9)
        #expect(terms[2].stem == "breath")
    }

    @Test func aNeighbourWhoseStemIsAnUnrelatedWordIsNotUsed() throws {
        let (lexicon, directory) = try fixtureLexicon()
        defer { directory.remove() }
        let expansion = QueryExpansion(lexicon: lexicon, settings: MeaningSettings())
        let stem = { (word: String) in word == "starring" ? "star" : word == "breathing" ? "breath" : word }
        let frequency = { (stem: String) in ["film", "oxygen"].contains(stem) ? 0 : 1 }  // the index holds every other stem
        // "starring" is searched as "star", a word far from "film"; "breath" is no word of its own.
        #expect(try expansion.terms(for: ["film"], stem: stem, frequency: frequency).isEmpty)
        #expect(try expansion.terms(for: ["oxygen"], stem: stem, frequency: frequency).map(\.neighbour).contains("breathing"))
    }

    @Test func onlyWordsTheIndexLacksAreExpanded() throws {
        let (lexicon, directory) = try fixtureLexicon()
        defer { directory.remove() }
        let known = QueryExpansion(lexicon: lexicon, settings: MeaningSettings())
        #expect(try known.terms(for: ["lunch"], stem: { $0 }, frequency: { _ in 3 }).isEmpty)
        var everyWord = MeaningSettings()
        everyWord.expansionMaximumFrequency = -1
        #expect(try QueryExpansion(lexicon: lexicon, settings: everyWord)
            .terms(for: ["lunch"], stem: { $0 }, frequency: { _ in 3 }).map(\.neighbour) == ["meal"])
    }

    @Test func meaningVectorsRoundTripAndCompare() throws {
        let (lexicon, directory) = try fixtureLexicon()
        defer { directory.remove() }
        let oxygen = try #require(MeaningVector(words: ["oxygen"], lexicon: lexicon))
        let o2 = try #require(MeaningVector(words: ["o2", "the"], lexicon: lexicon))
        let lunch = try #require(MeaningVector(words: ["lunch"], lexicon: lexicon))
        #expect(oxygen.cosine(o2) > oxygen.cosine(lunch))
        let decoded = try #require(MeaningVector(encoded: oxygen.encoded, dimensions: 3))
        #expect(abs(decoded.cosine(oxygen) - 1) < 0.02)
        #expect(MeaningVector(words: ["helium", "the"], lexicon: lexicon) == nil)
    }

    @Test func aMeaningQueryFindsItsTargetOnlyWithTheSemanticLayer() throws {
        let index = try EntityIndex()
        try index.donate(try sampleCorpus())
        let with = try index.search(SearchQuery("movie", limit: 5)).map(\.identifier.id)
        let without = try index.search(SearchQuery("movie", usesMeaning: false, limit: 5)).map(\.identifier.id)
        #expect(with.contains("msg-001"))
        #expect(!without.contains("msg-001"))
        let result = try #require(try index.search(SearchQuery("movie", types: ["messages.message"])).first)
        #expect(result.matched == ["expansion:body"])
        #expect(try index.expansions(for: "movie").contains { $0.neighbour == "cinema" && $0.weight < 1 })
        #expect(try index.expansions(for: "the lunch").isEmpty)  // a stop word, and a word the index knows
    }

    @Test func anEntityIsFoundThroughItsWordsNeighboursInAnotherLanguage() throws {
        func found(neighboursPerEntityWord: Int, linkedWordsPerWord: Int = 4) throws -> [String] {
            // Query-side expansion and the nearest in meaning off: only the neighbours linked at donation can match.
            let settings = MeaningSettings(neighboursPerWord: 0, neighboursPerEntityWord: neighboursPerEntityWord,
                                           linkedWordsPerWord: linkedWordsPerWord, nearestEntities: 0)
            let index = try EntityIndex(configuration: IndexConfiguration(meaning: settings))
            try index.donate([event("garden", title: "花园", notes: "周六"), event("fuel", title: "Check", notes: "fuel cells")])
            return ids(try index.search(SearchQuery("garden")))
        }
        #expect(try found(neighboursPerEntityWord: 5) == ["garden"])
        #expect(try found(neighboursPerEntityWord: 0).isEmpty)
        #expect(try found(neighboursPerEntityWord: 5, linkedWordsPerWord: 0).isEmpty)
    }

    @Test func aCompoundTheLexiconLacksMeansWhatItsPartsDo() throws {
        let lexicon = try Lexicon.bundled()
        func parts(_ word: String) -> [String]? { lexicon.parts(of: word)?.map(lexicon.word) }
        #expect(parts("einkaufsliste") == ["einkauf", "liste"])  // joined by an "s"
        #expect(parts("kinderzahnarzt") == ["kinder", "zahnarzt"])
        #expect(parts("zahnarzt") == nil)  // a word the lexicon knows is its own meaning
        #expect(parts("zahnarztx") == nil)  // no known words make it
        // Donated, the parts and the head's neighbours lead to it: "dentist" finds the children's dentist.
        let settings = MeaningSettings(neighboursPerWord: 0, nearestEntities: 0)
        let index = try EntityIndex(configuration: IndexConfiguration(meaning: settings))
        try index.donate([event("kids", title: "Kinderzahnarzt", notes: "Emil"), event("gym", title: "Klettern", notes: "Halle")])
        #expect(ids(try index.search(SearchQuery("dentist"))) == ["kids"])
        #expect(ids(try index.search(SearchQuery("zahnarzt"))) == ["kids"])
    }

    @Test func aFormTheLexiconLacksMeansWhatItsWordDoes() throws {
        let lexicon = try Lexicon.bundled()
        func form(_ word: String) -> String? { lexicon.formID(of: word).map(lexicon.word) }
        #expect(form("dentyste")?.hasPrefix("dentyst") == true)  // Polish "dentystę", accusative
        #expect(form("dentysta") == nil)  // a word the lexicon knows is its own meaning
        #expect(form("zzzzzzq") == nil)
        // Said in a form no entity holds, it brings in its word's neighbours: "przesuń dentystę" finds the dentist.
        let settings = MeaningSettings(nearestEntities: 0)
        let index = try EntityIndex(configuration: IndexConfiguration(meaning: settings))
        try index.donate([event("dentist", title: "Dentist check-up", notes: "Dental studio"), event("gym", title: "Climbing", notes: "Hall")])
        #expect(ids(try index.search(SearchQuery("dentystę"))).first == "dentist")
    }

    @Test func anEntitySaidInOtherWordsIsFoundByItsMeaning() throws {
        func search(_ request: String, nearestEntities: Int) throws -> [SearchResult] {
            // Neither the request's words nor their neighbours are in any entity: only the meaning can match.
            let settings = MeaningSettings(neighboursPerWord: 0, linkedWordsPerWord: 0, nearestEntities: nearestEntities)
            let index = try EntityIndex(configuration: IndexConfiguration(meaning: settings))
            try index.donate([event("pancakes", title: "Pancakes with maple syrup"), event("fuel", title: "Fuel cell inspection"),
                              event("drill", title: "Radiation shelter drill"), event("pizza", title: "Pizza night")])
            return try index.search(SearchQuery(request))
        }
        func found(_ request: String, nearestEntities: Int) throws -> [String] { ids(try search(request, nearestEntities: nearestEntities)) }
        // The two meals, before the inspection and the drill, if those come at all.
        #expect(Set(try found("breakfast", nearestEntities: 10).prefix(2)) == ["pancakes", "pizza"])
        #expect(try search("breakfast", nearestEntities: 10).allSatisfy { $0.matched == ["meaning"] && $0.score < Resolution.minimumScore })
        #expect(try found("breakfast", nearestEntities: 0).isEmpty)
        // Nothing means anything like it; and what holds the words leaves no place for what only means something like them.
        #expect(try found("zeppelin", nearestEntities: 10).isEmpty)
        #expect(try found("pizza", nearestEntities: 10) == ["pizza"])
    }

    @Test func theMeaningTableFindsTheNearestAsFullVectorsDo() throws {
        let lexicon = try #require(IndexConfiguration().lexicon)
        let texts = ["oxygen canisters", "movie night at the cinema deck", "pancakes for breakfast", "fuel cell inspection",
                     "radiation shelter drill", "dentist appointment", "grocery list", "birthday cake for Amara"]
        var table = MeaningTable(dimensions: lexicon.dimensions)
        var vectors: [MeaningVector] = []
        for (position, text) in texts.enumerated() {
            let vector = try #require(MeaningVector(words: try normalizedWords(in: text), lexicon: lexicon))
            vectors.append(vector)
            table.add(encoded: vector.encoded[...], documentID: UInt32(position + 1), type: position % 2 == 0 ? "notes.note" : "calendar.event")
        }
        #expect(table.count == texts.count)
        for request in ["air to breathe", "film", "food", "doctor"] {
            let meaning = try #require(MeaningVector(words: try normalizedWords(in: request), lexicon: lexicon))
            let exact = vectors.enumerated().map { (UInt32($0.offset + 1), meaning.cosine($0.element)) }.sorted { $0.1 > $1.1 }
            let nearest = table.nearest(to: meaning, ofTypes: [], count: 3)
            #expect(nearest.map(\.documentID) == exact.prefix(3).map(\.0), "\(request)")
            for (near, full) in zip(nearest, exact) { #expect(abs(near.similarity - full.1) < 0.02) }
            let notes = table.nearest(to: meaning, ofTypes: ["notes.note"], count: 8)
            #expect(notes.count == 4 && notes.allSatisfy { $0.documentID % 2 == 1 })
        }
    }

    @Test func readersOfOneRevisionShareOneMeaningTable() throws {
        let shared = SharedMeaningTable()
        var builds = 0
        func build() -> MeaningTable {
            builds += 1
            return MeaningTable(dimensions: 4)
        }
        _ = shared.table(of: [1, 2], dimensions: 4, build: build)
        _ = shared.table(of: [1, 2], dimensions: 4, build: build)
        #expect(builds == 1)
        _ = shared.table(of: [1, 3], dimensions: 4, build: build)  // a newer revision
        _ = shared.table(of: [1, 3], dimensions: 8, build: build)  // another lexicon
        #expect(builds == 3)
    }

    @Test func aSearchSaysWhichWordsDonationLinkedToItsWords() throws {
        let index = try EntityIndex()
        try index.donate([event("garden", title: "花园", notes: "周六")])
        let links = try index.links(for: "the garden")
        #expect(links.map(\.word) == ["garden"])
        #expect(links.first?.linkedStems == ["花园"])
        #expect(links.first.map { $0.weight > 0 && $0.weight < 1 } == true)
        // The link outlives the entity, but a word no entity holds takes no place among the nearest.
        // ("ogród" is nearer "garden" than "花园" is.)
        let nearestOnly = try EntityIndex(configuration: IndexConfiguration(meaning: MeaningSettings(linkedWordsPerWord: 1)))
        try nearestOnly.donate([event("polish", title: "ogród"), event("chinese", title: "花园")])
        #expect(try nearestOnly.links(for: "garden").first?.linkedStems == ["ogrod"])
        try nearestOnly.delete(ids: ["polish"], ofType: "calendar.event")
        #expect(try nearestOnly.links(for: "garden").first?.linkedStems == ["花园"])
    }

    @Test func aFunctionWordOfAnyLanguageLinksNothing() throws {
        // Spanish "un" is a neighbour of "nation" (UN), French "pour" of "boil": as the function words they are
        // in these entities, they must not make "nation" or "boil" find them.
        let lexicon = try Lexicon.bundled()
        #expect(["un", "pour", "jeszcze"].allSatisfy { lexicon.id(of: $0).map(lexicon.carriesMeaning) == false })
        #expect(["nation", "boil", "evening", "garden"].allSatisfy { lexicon.id(of: $0).map(lexicon.carriesMeaning) == true })
        let index = try EntityIndex()
        try index.donate([event("spanish", title: "Interstellar es un clásico"), event("french", title: "Des fleurs pour Marie"),
                          event("chinese", title: "花园")])
        #expect(try index.links(for: "nation boil").isEmpty)
        #expect(try index.search(SearchQuery("nation")).isEmpty)
        #expect(try index.links(for: "garden").first?.linkedStems == ["花园"])  // a word that carries meaning still links
    }

    @Test func meaningCountsMoreForWordsNoEntityHolds() throws {
        let settings = MeaningSettings(rerankWeight: 2, rerankBoostForUnheldWords: 3)
        let index = try EntityIndex(configuration: IndexConfiguration(meaning: settings))
        try index.donate([event("party", title: "Garden party")])
        func rerankWeight(_ text: String, _ settings: MeaningSettings = settings) throws -> Double {
            try index.withReader { reader in
                var configuration = index.configuration
                configuration.meaning = settings
                return try TextResolver(reader: reader, configuration: configuration).plan(for: text, usesMeaning: true).rerankWeight
            }
        }
        #expect(try rerankWeight("garden party") == 2)
        #expect(try rerankWeight("the garden Fest") == 2 * (1 + 3 * 0.5))  // "the" is not searched; "fest" no entity holds
        #expect(try rerankWeight("Gartenfest") == 2 * (1 + 3))
        #expect(try rerankWeight("Gartenfest", MeaningSettings(rerankWeight: 2)) == 2)
    }

    @Test func aWordNoEntityHoldsBorrowsItsNeighboursLinks() throws {
        func links(borrowing: Int, alsoDonating other: [Entity] = []) throws -> [String] {
            // 花园 is linked to its two nearest words only, 园 and "garden": not to "Garten".
            let settings = MeaningSettings(neighboursPerEntityWord: 2, borrowedLinkNeighbours: borrowing)
            let index = try EntityIndex(configuration: IndexConfiguration(meaning: settings))
            try index.donate([event("garden", title: "花园")] + other)
            return try index.links(for: "Garten").flatMap(\.linkedStems)
        }
        #expect(try links(borrowing: 0).isEmpty)
        #expect(try links(borrowing: 5) == ["花园"])  // through "garden", a neighbour of "Garten"
        #expect(try links(borrowing: 5, alsoDonating: [event("party", title: "Garten")]).isEmpty)  // a word held finds itself
    }

    @Test func numbersHaveNoNeighboursInMeaning() throws {
        // "EVA 3" is not "EVA 2": a number's nearest words are other numbers, which mean something else.
        let index = try EntityIndex()
        try index.donate([event("second", title: "EVA 2 debrief"), event("third", title: "EVA 3 survey")])
        #expect(try index.links(for: "EVA 3").allSatisfy { $0.word != "3" })
        #expect(try index.expansions(for: "7").isEmpty)
        #expect(try index.search(SearchQuery("3", usesMeaning: true)).map(\.identifier.id) == ["third"])
    }

    @Test func aWordsNearestLinksComeFirst() throws {
        // A synonym table keeps a key's entries in byte order: the rank leads.
        let links = [3, 1, 2].map { IndexLayout.neighbourLink(term: "Zword\($0)", rank: $0) }.sorted()
        #expect(links.compactMap(IndexLayout.linkedTerm).map(\.term) == ["Zword1", "Zword2", "Zword3"])
        #expect(IndexLayout.linkedTerm("Zgarden") == nil)
    }

    @Test(arguments: [1, 3])
    func wordsStayLinkedToTheirNeighboursOnceTheWriterIsGone(shards: Int) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // Query-side expansion off: only the neighbours linked at donation can match.
        let configuration = IndexConfiguration(meaning: MeaningSettings(neighboursPerWord: 0))
        try EntityIndex(path: directory.path, configuration: configuration, shards: shards)
            .donate([event("garden", title: "花园", notes: "周六"), event("fuel", title: "Check", notes: "fuel cells")])
        let reopened = try EntityIndex(path: directory.path, access: .readOnly, configuration: configuration)
        // The links live in the index, not in the writer that recorded them.
        #expect(ids(try reopened.search(SearchQuery("garden"))) == ["garden"])
        // They are recorded once a word, not once an entity: nothing is added to the document.
        #expect(try reopened.termFrequency(IndexLayout.neighbourKey(stem: "garden")) == 0)
    }

    @Test func aWordTheLexiconLacksTakesTheMeaningOfTheMatchesHoldingIt() throws {
        let (lexicon, directory) = try fixtureLexicon()
        defer { directory.remove() }
        func ranking(lendingMeaning: Bool) throws -> [String] {
            let index = try EntityIndex(configuration: IndexConfiguration(
                lexicon: lexicon, meaning: MeaningSettings(unknownWordDocuments: lendingMeaning ? 5 : 0)))
            try index.donate([
                event("holder", title: "Check", notes: "zeolite lunch meal"),
                event("film", title: "Check", notes: "air film"),
                event("lunch", title: "Check", notes: "air lunch"),
            ])
            return ids(try index.search(SearchQuery("zeolite air"))).filter { $0 != "holder" }
        }
        // "zeolite" is no lexicon word: alone, the query means "air", nearer
        // "air film"; the match holding "zeolite" is about lunch, so with its
        // meaning lent, "air lunch" comes first of the two.
        #expect(try ranking(lendingMeaning: false) == ["film", "lunch"])
        #expect(try ranking(lendingMeaning: true) == ["lunch", "film"])
    }

    @Test func theBundledLexiconIsThere() throws {
        let lexicon = try Lexicon.bundled()
        let movie = try #require(lexicon.id(of: "movie"))
        let nearest = lexicon.neighbours(of: movie).prefix(20).map { lexicon.word($0.id) }
        // Words of one meaning are near each other in every language.
        for word in ["cinema", "film", "映画", "фильм", "电影", "pelicula"] {
            #expect(nearest.contains(word), "\(word) is not among the neighbours of movie: \(nearest)")
        }
    }

    /// Everyday words past a language's 10,500 most frequent (the lexicon's size
    /// before 6 December) are there, next to their English meaning.
    @Test func everydayWordsOfEveryLanguageAreThere() throws {
        let lexicon = try Lexicon.bundled()
        for (word, meaning) in [("contrasenas", "passwords"), ("traiteur", "catering"), ("кислород", "oxygen"), ("toallas", "towels")] {
            let id = try #require(lexicon.id(of: word), "\(word) is not in the lexicon")
            let nearest = lexicon.neighbours(of: id).prefix(5).map { lexicon.word($0.id) }
            #expect(nearest.contains(meaning), "\(meaning) is not among the nearest words of \(word): \(nearest)")
        }
    }
}

/// Ranking metrics and the BEIR evaluation.
@Suite struct EvaluationTests {
    @Test func metricsMatchHandComputedValues() {
        let judgments = ["a": 2, "b": 1, "c": 0]
        #expect(RankingMetrics.ndcg(["a", "b"], judgments: judgments, at: 10) == 1)
        let swapped = (1 / log2(2.0) + 2 / log2(3.0)) / (2 / log2(2.0) + 1 / log2(3.0))
        #expect(abs(RankingMetrics.ndcg(["b", "a"], judgments: judgments, at: 10) - swapped) < 1e-12)
        #expect(RankingMetrics.ndcg(["c"], judgments: judgments, at: 10) == 0)
        #expect(RankingMetrics.recall(["x", "a"], relevant: ["a", "b"], at: 100) == 0.5)
        #expect(RankingMetrics.reciprocalRank(["x", "y", "a"], relevant: ["a"], at: 10) == 1.0 / 3)
        #expect(RankingMetrics.reciprocalRank(["x"], relevant: ["a"], at: 10) == 0)
    }

    @Test func aBEIRCollectionIsLoadedAndEvaluated() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path + "/qrels", withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory.path + "/" + name))
        }
        try write("corpus.jsonl", """
            {"_id": "d1", "title": "Lunar regolith", "text": "Shielding the habitat with regolith."}
            {"_id": "d2", "title": "Hydroponics", "text": "Growing lettuce under lights."}
            {"_id": "d3", "title": "", "text": ""}
            """)
        try write("queries.jsonl", """
            {"_id": "q1", "text": "regolith shielding"}
            {"_id": "q2", "text": "lettuce"}
            {"_id": "q3", "text": "unjudged"}
            """)
        try write("qrels/test.tsv", "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t2\n")
        let collection = try BEIRCollection(directory: directory.path, split: "test")
        #expect(collection.entities.map(\.id) == ["d1", "d2"])
        #expect(collection.queries.map(\.id) == ["q1", "q2"])
        let index = try EntityIndex()
        try index.donate(collection.entities)
        let report = try collection.evaluate(index, usesMeaning: false)
        #expect(report.queries == 2)
        #expect(report.ndcgAt10 == 1)
        #expect(report.mrrAt10 == 1)
        #expect(throws: EntityIndexError.self) { try BEIRCollection(directory: directory.path, split: "train") }

        // The same questions in another language, under the same ids, search the corpus across languages.
        let parallel = TemporaryDirectory()
        defer { parallel.remove() }
        try FileManager.default.createDirectory(atPath: parallel.path, withIntermediateDirectories: true)
        try Data(#"{"_id": "q2", "text": "Salat"}"#.utf8).write(to: URL(fileURLWithPath: parallel.path + "/queries.jsonl"))
        let across = try BEIRCollection(directory: directory.path, split: "test", queriesFrom: parallel.path)
        #expect(across.queries.map(\.text) == ["Salat"])
        #expect(across.judgments == collection.judgments)
    }
}
