import Testing
@testable import EntityIndex

/// Spelling tolerance and name scoring.
@Suite struct NameScoringTests {
    @Test func editDistanceCountsSwapsAsOneEdit() {
        #expect(Spelling.distance("orbit", "orbit", limit: 2) == 0)
        #expect(Spelling.distance("orbti", "orbit", limit: 2) == 1)
        #expect(Spelling.distance("lunr", "lunar", limit: 2) == 1)
        #expect(Spelling.distance("obsservaton", "observation", limit: 2) == 2)
        #expect(Spelling.distance("kitten", "sitting", limit: 1) == 2)  // over the limit: limit + 1
        #expect(Spelling.distance("moon", "moonbase", limit: 2) == 3)  // lengths too far apart
        #expect(Spelling.distance("", "ab", limit: 2) == 2)
        // Words beyond ASCII are compared by Unicode scalar: one letter is one edit.
        #expect(Spelling.distance("müller", "muller", limit: 1) == 1)
        #expect(Spelling.distance("жизнь", "жинзь", limit: 1) == 1)
        #expect(Spelling.distance("zoë", "zoé", limit: 2) == 1)
        // Letters doubled or not count one edit in all.
        #expect(Spelling.distance("hofman", "hoffmann", limit: 1) == 1)
        #expect(Spelling.distance("mateu", "matteo", limit: 1) == 2)
        #expect(Spelling.distance("jöhanson", "jöhannsson", limit: 1) == 1)
        // Short words forgive one swap of neighbours, and nothing else.
        #expect(Spelling.isSwap("lgo", of: "log") && Spelling.isSwap("olg", of: "log") && Spelling.isSwap("mća", of: "ćma"))
        #expect(!Spelling.isSwap("gol", of: "log") && !Spelling.isSwap("log", of: "log") && !Spelling.isSwap("lgoo", of: "log"))
    }

    @Test func typosAreForgivenByWordLength() {
        #expect(Spelling.allowedEdits(for: "log") == 0)
        #expect(Spelling.allowedEdits(for: "orbit") == 1)
        #expect(Spelling.allowedEdits(for: "insertion") == 2)
        #expect(Spelling.indexedVariants(of: "orbit") == ["rbit", "obit", "orit", "orbt", "orbi"])
        #expect(Spelling.indexedVariants(of: "log").isEmpty)
    }

    @Test func anExactNameOutranksAPrefixAndATypo() {
        let name = ["lunar", "orbit", "log"]
        let exact = NameScoring.score(query: ["lunar", "orbit", "log"], name: name)
        let prefix = NameScoring.score(query: ["lun", "orbit", "log"], name: name)
        let typo = NameScoring.score(query: ["lunra", "orbit", "log"], name: name)
        #expect(exact == 1)
        #expect(exact > prefix && prefix > typo && typo > 0)
        // A shorter name that holds all the words beats a longer one.
        #expect(NameScoring.score(query: ["crew", "lunch"], name: ["crew", "lunch"]) >
                NameScoring.score(query: ["crew", "lunch"], name: ["crew", "lunch", "extended"]))
        // Small words around a name do not count against it.
        #expect(NameScoring.score(query: ["the", "crew", "lunch"], name: ["crew", "lunch"]) == 1)
        // Nor small words in the name: "The Hobbit" is said whole, though "the" is not counted.
        #expect(NameScoring.score(query: ["the", "hobbit"], name: ["the", "hobbit"]) == 1)
        #expect(NameScoring.score(query: ["hobbit"], name: ["the", "hobbit"]) == 1)
        #expect(NameScoring.score(query: ["hobbit"], name: ["the", "hobbit", "returns"]) < 1)
        // A word said twice covers both of a name's.
        #expect(NameScoring.score(query: ["orbit", "orbit"], name: ["orbit", "orbit"]) == 1)
    }

    @Test func aNameThatKeepsTheOrderSaidIsKnown() {
        func name(_ words: [String]) -> [EntityName] { [EntityName(property: "title", words: words, latinSpelling: [])] }
        let said = NameScoring.QueryWords(["suit", "maxeo"])
        #expect(NameScoring.keepsOrder(said, names: name(["suit", "the", "mateo"])))
        #expect(!NameScoring.keepsOrder(said, names: name(["mateo", "suit"])))
        #expect(!NameScoring.keepsOrder(said, names: name(["suit"])))
    }

    @Test func aNameThatMustFitEveryWordIsLookedForAmongHoldersOfThemAll() throws {
        // A name that leaves one of three words unfit scores at most 2/3: under 0.7, each word is required.
        #expect(NameScoring.needsEveryWord(["amara", "okafr", "jones"], toScore: 0.7))
        #expect(!NameScoring.needsEveryWord(["amara", "okafr", "jones", "sync"], toScore: 0.7))
        #expect(!NameScoring.needsEveryWord(["amara", "okafr", "jones"], toScore: 0))
        #expect(NameScoring.score(query: ["amara", "okafr", "jones"], name: ["amara", "jones", "review"]) < 0.7)
        let index = try EntityIndex()
        try index.donate([event("evt-1", title: "Amara Okafor Jones Sync"), event("evt-2", title: "Amara Jones Review")])
        let (required, any) = try index.withReader { reader in
            let names = NameResolver(reader: reader)
            return (try names.candidates(for: ["amara", "okafr", "jones"], filter: nil, minimumScore: 0.7),
                    try names.candidates(for: ["amara", "okafr", "jones"], filter: nil))
        }
        // The typo still finds its word; a name without it is not even weighed.
        #expect(required.compactMap { $0.identifier?.id ?? $0.record?.identifier.id } == ["evt-1"])
        #expect(any.count == 2)
    }

    @Test func theSmallWordsSaidTellApartNamesThatShareTheOthers() throws {
        // More names share the counted words than a whole-name look-up hands over; the one said comes last.
        let index = try EntityIndex()
        try index.donate((0..<2 * NameResolver.candidateLimit).map { event("evt-\($0)", title: $0 % 2 == 0 ? "You The" : "And You") }
                         + [event("evt-said", title: "With The You")])
        #expect(try index.resolve(SearchQuery("With The You")).results.first?.identifier.id == "evt-said")
    }

    @Test func aMisspeltNameIsLookedUpWholeAsMeant() throws {
        // More names hold both words than a search hands over, and the one named so comes last in the index.
        let index = try EntityIndex()
        try index.donate((0..<2 * NameResolver.candidateLimit).map { event("evt-\($0)", title: "Mateo Suit") }
                         + [event("evt-named", title: "Suit Mateo")])
        let found = try index.withReader { reader in
            try NameResolver(reader: reader).candidates(for: ["suit", "maxeo"], filter: nil)
        }
        #expect(found.first.map { $0.identifier?.id ?? $0.record?.identifier.id } == "evt-named")
        #expect(try index.resolve(SearchQuery("Suit Maxeo")).results.first?.identifier.id == "evt-named")
    }
}

/// Resolving by name, property, range and screen context, with verdicts.
@Suite struct RelevanceTests {
    /// The first of a short and a long entity that both mention "oxygen", the
    /// long one three times, ranked by plain BM25 with these parameters.
    private func first(by relevance: Relevance) throws -> String? {
        let index = try EntityIndex(configuration: IndexConfiguration(lexicon: nil, relevance: relevance))
        let filler = (1...40).map { "word\($0)" }.joined(separator: " ")
        try index.donate([event("short", title: "Check", notes: "oxygen"),
                          event("long", title: "Check", notes: "oxygen oxygen oxygen \(filler)")])
        return ids(try index.search(SearchQuery("oxygen", usesMeaning: false, matchesNames: false,
                                                understandsRequest: false))).first
    }

    @Test func bm25sParametersShapeTheRanking() throws {
        #expect(try first(by: Relevance(k1: 2, b: 0)) == "long")  // no length normalisation: more mentions win
        #expect(try first(by: Relevance(k1: 2, b: 1)) == "short")  // full normalisation: the short one wins
    }
}

@Suite struct ResolverTests {
    /// An index of the sample corpus.
    private func corpusIndex(_ storage: TestStorage) throws -> EntityIndex {
        let index = try storage.makeIndex()
        try index.donate(try sampleCorpus())
        return index
    }

    private func resolve(_ index: EntityIndex, _ text: String, types: Set<EntityType> = [], property: String? = nil,
                         context: ScreenContext? = nil) throws -> Resolution {
        try index.resolve(SearchQuery(text, types: types, property: property, context: context))
    }

    @Test(arguments: TestStorage.allCases)
    func exactNamesTakeNoGuessesAndTyposScoreBelowThem(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "mateo", properties: ["name": "Mateo"]),
            Entity(type: "messages.contact", id: "matteo", properties: ["name": "Matteo"]),
            Entity(type: "messages.contact", id: "hoffmann", properties: ["name": "Lena Hoffmann"]),
        ])
        // A word some name holds as it is takes no guesses.
        let exact = try index.resolve(SearchQuery("Mateo"))
        #expect(exact.results.map(\.identifier.id) == ["mateo"])
        #expect(exact.results.first?.score == 1)
        #expect(exact.status == .resolved)
        // An unknown word finds the names it is a typo of, below a whole name.
        let typo = try index.resolve(SearchQuery("Matteu"))
        #expect(typo.results.map(\.identifier.id) == ["matteo"])
        #expect(typo.results.first?.score == NameScoring.oneEdit)
        // A name with its doubled letters written once is one edit away.
        #expect(try index.resolve(SearchQuery("Hofman")).results.map(\.identifier.id) == ["hoffmann"])
    }

    @Test(arguments: TestStorage.allCases)
    func aWholeNameComesFirstAndOthersMustHoldEveryWord(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([
            event("lunch", title: "Crew Lunch"),
            event("debrief", title: "Crew Lunch Debrief"),
            event("meeting", title: "Crew Meeting", notes: "Bring lunch"),
            event("galley", title: "Galley Shift", notes: "The crew lunch needs plates"),
            event("briefing", title: "Morning Briefing", notes: "crew only"),
        ])
        let resolution = try index.resolve(SearchQuery("the Crew Lunch"))
        #expect(resolution.results.first?.identifier.id == "lunch")
        #expect(resolution.results.first?.score == 1)
        // The rest hold both words, in a name or in text; one word is not enough.
        #expect(Set(resolution.results.dropFirst().map(\.identifier.id)) == ["debrief", "meeting", "galley"])
    }

    @Test func verdictsFollowTheDocumentedThresholds() {
        func results(_ scores: [Double]) -> [SearchResult] {
            scores.enumerated().map { SearchResult(identifier: EntityIdentifier(type: "notes.note", id: "\($0)"), score: $1, title: nil) }
        }
        #expect(Resolution(ranked: []).status == .notFound)
        #expect(Resolution(ranked: results([0.29])).status == .notFound)
        #expect(Resolution(ranked: results([0.9])).status == .resolved)
        #expect(Resolution(ranked: results([0.9, 0.8])).status == .resolved)
        #expect(Resolution(ranked: results([0.9, 0.85])).status == .ambiguous)
        #expect(Resolution(ranked: results([0.9, 0.2])).status == .resolved)
        #expect(Resolution(ranked: results([0.9, 0.2])).results.count == 2)
    }

    @Test(arguments: TestStorage.allCases)
    func namesResolveAndMatchedSaysWhere(storage: TestStorage) throws {
        let index = try corpusIndex(storage)
        let calendar = try resolve(index, "the Lunar Orbit Log")
        #expect(calendar.status == .resolved)
        #expect(calendar.results.first?.identifier.id == "cal-lunar-orbit-log")
        #expect(calendar.results.first?.matched == ["title"])
        let eva = try resolve(index, "EVA")
        #expect(eva.status == .ambiguous)
        #expect(try resolve(index, "qwertyuiop").status == .notFound)
    }

    @Test(arguments: TestStorage.allCases)
    func textMatchesSayWhichPropertiesMatched(storage: TestStorage) throws {
        let index = try corpusIndex(storage)
        let result = try #require(try resolve(index, "check the O2 canisters").results.first)
        #expect(result.identifier.id == "evt-003")
        #expect(result.matched == ["notes"])
        let attended = try #require(try resolve(index, "Amara", types: ["calendar.event"]).results.first)
        #expect(attended.matched.contains("attendees.name"))
    }

    @Test(arguments: TestStorage.allCases)
    func stopWordsAreSearchedOnlyWhenTheTextHoldsNothingElse(storage: TestStorage) throws {
        let index = try storage.makeIndex()
        try index.donate([
            event("galley", title: "Galley Shift", notes: "the plates and the cups for the crew"),
            event("relay", title: "Relay Check"),
        ])
        // "the" alone would match the galley shift; beside another word it is not searched.
        #expect(ids(try index.search(SearchQuery("the relay", usesMeaning: false))) == ["relay"])
        #expect(ids(try index.search(SearchQuery("the relya", usesMeaning: false))) == ["relay"])  // a typo still finds the name
        #expect(ids(try index.search(SearchQuery("the", usesMeaning: false))) == ["galley"])
        #expect(StopWords.searched(["the", "relay", "of"]) == ["relay"])
        #expect(StopWords.searched(["the", "of"]) == ["the", "of"])
    }

    @Test(arguments: TestStorage.allCases)
    func aPropertyRestrictsTheMatch(storage: TestStorage) throws {
        let index = try corpusIndex(storage)
        let inNotes = try resolve(index, "Zoë", types: ["calendar.event"], property: "notes").results.map(\.identifier.id)
        let asAttendee = try resolve(index, "Zoë", types: ["calendar.event"], property: "attendees.name").results.map(\.identifier.id)
        #expect(inNotes.count < asAttendee.count)
        let withZoe = try sampleCorpus().filter { "\($0.properties["attendees"] ?? nil)".contains("zoe.muller@") }
        let byEmail = try index.search(SearchQuery("zoe.muller@tycho-station.space", property: "attendees.email", limit: 50))
        #expect(Set(byEmail.map(\.identifier)) == Set(withZoe.map(\.identifier)))
        #expect(try resolve(index, "budget", property: "tags").results.map(\.identifier.id) == ["note-003"])
    }

    @Test(arguments: TestStorage.allCases)
    func rangesFilterDatesInclusively(storage: TestStorage) throws {
        let index = try corpusIndex(storage)
        let march9 = try #require(ISO8601.seconds(fromDate: "2026-03-09T08:00:00Z"))
        let events = try index.search(SearchQuery("", types: ["calendar.event"], ranges: [PropertyRange("startDate", from: march9, to: march9)]))
        #expect(events.map(\.identifier.id) == ["evt-003"])
        let later = try index.search(SearchQuery("EVA", types: ["calendar.event"], ranges: [PropertyRange("startDate", from: march9 + 1)]))
        #expect(!later.map(\.identifier.id).contains("evt-003"))
        #expect(later.map(\.identifier.id).contains("evt-018"))
        #expect(throws: EntityIndexError.self) { try index.search(SearchQuery("x", ranges: [PropertyRange("startDate", from: nil as Double?, to: nil)])) }
    }

    @Test(arguments: TestStorage.allCases)
    func screenReferencesUseOnlyWhatIsVisible(storage: TestStorage) throws {
        let index = try corpusIndex(storage)
        let screen = ScreenContext(visible: [EntityIdentifier(type: "messages.message", id: "msg-001"),
                                             EntityIdentifier(type: "calendar.event", id: "evt-004")],
                                   focused: EntityIdentifier(type: "calendar.event", id: "evt-004"))
        #expect(try resolve(index, "this event", context: screen).results.map(\.identifier.id) == ["evt-004"])
        #expect(try resolve(index, "this", context: screen).results.first?.matched == ["focused"])
        #expect(try resolve(index, "this note", context: screen).status == .notFound)
        #expect(try resolve(index, "the last message", context: screen).results.map(\.identifier.id) == ["msg-001"])
        #expect(try resolve(index, "the second message", context: screen).status == .notFound)
        // Several things shown and none in focus: "this" could be either.
        let unfocused = try resolve(index, "this", context: ScreenContext(visible: screen.visible))
        #expect(unfocused.status == .ambiguous)
        #expect(Set(unfocused.results.map(\.identifier.id)) == ["msg-001", "evt-004"])
        // Nothing on screen: no guess from the words.
        #expect(try resolve(index, "this event").status == .notFound)
    }

    @Test(arguments: TestStorage.allCases)
    func onScreenEntitiesWinWhenTheTextFitsAboutEqually(storage: TestStorage) throws {
        let index = try corpusIndex(storage)
        let plain = try resolve(index, "EVA 2 antenna realignment", types: ["calendar.event"])
        #expect(plain.results.prefix(2).map(\.identifier.id).contains("evt-015"))
        let onScreen = ScreenContext(visible: [EntityIdentifier(type: "calendar.event", id: "evt-018")])
        let raised = try resolve(index, "EVA 2 antenna realignment", types: ["calendar.event"], context: onScreen)
        #expect(raised.results.first?.identifier.id == "evt-018")
        #expect(raised.results.first?.matched.contains("visible") == true)
    }

    @Test(arguments: TestStorage.allCases)
    func aFallbackIsMergedIntoTheRanking(storage: TestStorage) throws {
        let index = try corpusIndex(storage)
        let fallback: StringQueryFallback = { text in
            text.contains("manifest") ? [FallbackCandidate(identifier: EntityIdentifier(type: "notes.note", id: "remote-1"),
                                                           score: 0.95, title: "Resupply manifest, May")] : []
        }
        let resolution = try index.resolve(SearchQuery("resupply manifest", fallback: fallback))
        #expect(resolution.results.first?.identifier.id == "remote-1")
        #expect(resolution.results.first?.matched == ["fallback"])
        #expect(resolution.results.count > 1)
        #expect(resolution.results.contains { $0.identifier.id == "mail-001" })
        let filtered = try index.resolve(SearchQuery("resupply manifest", types: ["calendar.event"], fallback: fallback))
        #expect(!filtered.results.contains { $0.identifier.id == "remote-1" })
    }

    @Test(arguments: TestStorage.allCases)
    func aPersonFromAnotherAppResolvesToAContact(storage: TestStorage) throws {
        let index = try corpusIndex(storage)
        let byEmail = try index.resolve(IntentPerson(displayName: "Z.", email: "Zoe.Muller@tycho-station.space"))
        #expect(byEmail.status == .resolved)
        #expect(byEmail.results.map(\.identifier.id) == ["con-zoe-muller"])
        #expect(byEmail.results.first?.matched == ["email"])
        let byName = try index.resolve(IntentPerson(displayName: "Olga Petrova", email: "olga@elsewhere.example"))
        #expect(byName.results.first?.identifier.id == "con-olga-petrova")
        #expect(try index.resolve(IntentPerson(displayName: "Nobody Here")).status == .notFound)
        #expect(try index.resolve(IntentPerson()).status == .notFound)
    }
}
