import Foundation
import Testing
@testable import EntityIndex

/// Resolving requests as people say them on the sample corpus, with a fixed
/// clock: verdicts that are never confidently wrong, time and recurrence,
/// identifiers by their parts, the screen, and deleting by request.
@Suite struct RequestResolutionTests {
    let index: EntityIndex

    init() throws {
        index = try EntityIndex()
        try index.donate(try sampleCorpus())
    }

    private func resolve(_ text: String, types: Set<EntityType> = [], visible: [String] = [], focused: String? = nil,
                         now: Date = sampleNow) throws -> Resolution {
        try index.resolve(SearchQuery(text, types: types, context: screen(visible: visible, focused: focused), now: now,
                                      timeZone: TimeZone(identifier: "UTC")!))
    }

    @Test func aRequestWhoseWordsOnlyMeanItsTargetsIsNeverResolved() throws {
        let oxygen = try resolve("which events mention oxygen?", types: ["calendar.event"])
        #expect(oxygen.status == .ambiguous)
        #expect(Set(oxygen.results.prefix(5).map(\.identifier.id)).isSuperset(of: ["evt-019", "evt-003"]))
        // Nothing is about a zeppelin.
        #expect(try resolve("delete the zeppelin tour").status == .notFound)
        // A reference with nothing on screen is no guess from the words.
        #expect(try resolve("this event").status == .notFound)
        #expect(try resolve("archive it").status == .notFound)
        // A reference that says what it is, a language or a state, with nothing on screen is described.
        #expect(try resolve("that message in Japanese").results.first?.identifier.id == "msg-008")
    }

    @Test func aWordInsideAValueSaidIsPartOfIt() throws {
        // "a" says little alone, but Airlock A is not Airlock B: what is there fits, what is at the other fits in part.
        let airlockA = try resolve("events at airlock A")
        let best = try #require(airlockA.results.first).score
        #expect(Set(airlockA.results.filter { $0.score == best }.map(\.identifier.id)) == ["evt-015", "evt-018"])
        #expect(airlockA.status == .ambiguous)
        let airlockB = try #require(airlockA.results.first { $0.identifier.id == "evt-003" })
        #expect(airlockB.score < best)
    }

    @Test func aFirstNameMisspeltInACueStillNamesTheSender() throws {
        // Mateo García, his first name with two letters swapped: his message, as for "Mateo".
        let misspelt = try resolve("messages from Mtaeo")
        #expect(misspelt.results.first?.identifier.id == "msg-002")
        #expect(try resolve("messages from Mateo").results.first?.identifier.id == "msg-002")
    }

    @Test func whatIsShownAndFitsInPartKeepsWhatIsNotShownFromBeingResolved() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "notes.note", id: "order", properties: ["title": "Blue masa order", "body": "Ten kilos for the tamales class."]),
            Entity(type: "notes.note", id: "prices", properties: ["title": "Masa prices", "body": "Up again in March."]),
        ])
        #expect(try index.resolve(SearchQuery("the masa for the tamales")).status == .resolved)
        // Looking at the prices, the person may mean them: no verdict on the order they do not see.
        let shown = try index.resolve(SearchQuery("the masa for the tamales", context: ScreenContext(visible: [EntityIdentifier("notes.note:prices")!])))
        #expect(ids(shown.results) == ["order", "prices"])
        #expect(shown.status == .ambiguous)
    }

    @Test func aNameOfSomeoneInTheIndexIsNoWordWithNeighboursInMeaning() throws {
        // Kenji's nearest words in meaning are other names: a document that says "Takahashi" is not about Kenji.
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "kenji", properties: ["name": "Kenji Mori"]),
            Entity(type: "document.document", id: "proposal", properties: ["title": "Beamtime proposal", "text": "Applicants: Takahashi. Requested: six shifts."]),
            Entity(type: "notes.note", id: "plan", properties: ["title": "Beamtime plan", "body": "Shifts: Kenji nine to nine, me the night."]),
        ])
        #expect(try index.links(for: "kenji").first?.linkedStems.contains("takahashi") == true)
        let shift = try index.resolve(SearchQuery("which shift is Kenji doing"))
        #expect(shift.results.first?.identifier.id == "plan")
        // It holds "shift", no more: not half of what was asked.
        let proposal = try #require(shift.results.first { $0.identifier.id == "proposal" })
        #expect(proposal.score < 0.5)
    }

    @Test func aContainerNamedInOtherWordsHoldsWhatIsAskedForInPart() throws {
        // "moving" is among the neighbours in meaning of "déménagement", which donation linked to it.
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "reminders.list", id: "move", properties: ["title": "Déménagement"]),
            Entity(type: "reminders.list", id: "home", properties: ["title": "Perso"]),
            Entity(type: "reminders.reminder", id: "boxes", properties: ["title": "Acheter des cartons", "list": ["type": "reminders.list", "id": "move"]]),
            Entity(type: "reminders.reminder", id: "osteo", properties: ["title": "Prendre RDV ostéo", "list": ["type": "reminders.list", "id": "home"]]),
        ])
        let moving = try index.resolve(SearchQuery("what's on the moving list"))
        #expect(moving.results.first?.identifier.id == "boxes")
        #expect(moving.status != .resolved)
        #expect(!moving.results.contains { $0.identifier.id == "osteo" && $0.score >= Resolution.minimumScore })
    }

    @Test func aCompoundEndingWithAContainersNounNamesTheContainer() throws {
        // "Einkaufsliste" is the list "Einkaufen": the noun "liste" and its linking "s" are no part of the name.
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "reminders.list", id: "shopping", properties: ["title": "Einkaufen"]),
            Entity(type: "reminders.list", id: "work", properties: ["title": "Arbeit"]),
            Entity(type: "reminders.reminder", id: "soil", properties: ["title": "Erde für den Garten", "isCompleted": false,
                                                                         "list": ["type": "reminders.list", "id": "shopping"]]),
            Entity(type: "reminders.reminder", id: "bread", properties: ["title": "Brot", "isCompleted": true,
                                                                          "list": ["type": "reminders.list", "id": "shopping"]]),
            Entity(type: "reminders.reminder", id: "copies", properties: ["title": "Kopien machen", "isCompleted": false,
                                                                           "list": ["type": "reminders.list", "id": "work"]]),
        ])
        let open = try index.resolve(SearchQuery("was steht noch offen auf der Einkaufsliste?"))
        #expect(open.results.first?.identifier.id == "soil")
        #expect(!open.results.contains { $0.identifier.id != "soil" && $0.score >= Resolution.minimumScore })
    }

    @Test func aPronounAfterWhatItMayStandForIsNoScreenReferenceWhenNothingIsShown() throws {
        // "his" may be the dog's: with nothing shown, the words are searched, and no verdict is given on whose.
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "vet", properties: ["title": "Vet – Frijol's shots", "startDate": "2026-03-20T09:00:00Z",
                                                                   "notes": "Rabies booster for the dog."]),
            Entity(type: "calendar.event", id: "party", properties: ["title": "Birthday party", "startDate": "2026-03-21T18:00:00Z"]),
        ])
        let shots = try index.resolve(SearchQuery("when's the dog getting his shots", now: sampleNow))
        #expect(shots.results.first?.identifier.id == "vet")
        #expect(shots.status != .resolved)
        // Said first, it points at someone on screen, and there is no one.
        #expect(try index.resolve(SearchQuery("her party", now: sampleNow)).status == .notFound)
    }

    @Test func whatIsMovedIsWhatIsStillAhead() throws {
        let index = try EntityIndex()
        func event(_ id: String, _ title: String, _ start: String) -> Entity {
            Entity(type: "calendar.event", id: id, properties: ["title": .string(title), "startDate": .string(start)])
        }
        // Said on Thursday 12 March 2026: last September's inspection and next week's fit alike.
        try index.donate([event("past", "Health inspection", "2025-09-14T10:00:00Z"),
                          event("ahead", "Health inspection", "2026-03-18T14:00:00Z")])
        #expect(ids(try index.resolve(sampleRequest("move the health inspection to Friday")).results) == ["ahead", "past"])
        // Asked about, the one that took place is no less likely: the two tie, in the order they were donated.
        #expect(ids(try index.resolve(sampleRequest("the health inspection")).results) == ["past", "ahead"])
    }

    @Test func aPersonComesBeforeTheChatNamedAfterThem() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "marcos", properties: ["name": "Marcos Ferrer"]),
            Entity(type: "messages.conversation", id: "chat", properties: [
                "title": "Marcos", "participants": [["type": "messages.contact", "id": "marcos"]]]),
        ])
        let marcos = try index.resolve(SearchQuery("Marcos"))
        #expect(ids(marcos.results) == ["marcos", "chat"])
        #expect(marcos.status == .ambiguous)
        // What does not refer to him keeps its score: a note called "Marcos" fits as well as he now does.
        try index.donate([Entity(type: "notes.note", id: "note", properties: ["title": "Marcos", "body": "nothing of his"])])
        let withNote = try index.resolve(SearchQuery("Marcos"))
        #expect(Set(ids(withNote.results).prefix(2)) == ["marcos", "note"])
        #expect(withNote.results.first { $0.identifier.id == "note" }?.score == withNote.results.first?.score)
    }

    @Test func someonesContactIsThatPerson() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "hoffmann", properties: ["name": "Lena Hoffmann", "organization": "VetMed Diagnostik"]),
            Entity(type: "messages.contact", id: "ruiz", properties: ["name": "Lena Ruiz", "organization": "Clínica Turia"]),
        ])
        let lena = try index.resolve(SearchQuery("send Lena Hoffmann's contact to Álvaro"))
        #expect(lena.status == .resolved)
        #expect(lena.results.first?.identifier.id == "hoffmann")
        // Two fit "Lena": no verdict between them.
        #expect(try index.resolve(SearchQuery("Lena's contact")).status == .ambiguous)
    }

    @Test func aContainerIsNamedByItsNameAndAnotherOfItsValues() throws {
        let index = try EntityIndex()
        let personal: PropertyValue = ["type": "mail.mailbox", "id": "personal"], work: PropertyValue = ["type": "mail.mailbox", "id": "work"]
        try index.donate([
            Entity(type: "mail.mailbox", id: "personal", properties: ["name": "Inbox", "account": "jo.lachance@gmail.com"]),
            Entity(type: "mail.mailbox", id: "work", properties: ["name": "Inbox", "account": "joanne.lachance@uhn.ca"]),
            Entity(type: "mail.message", id: "hydro", properties: ["subject": "Your hydro bill", "from": "ebills@torontohydro.com", "mailbox": personal]),
            Entity(type: "mail.message", id: "swap", properties: ["subject": "Shift exchange", "from": "priya.nair@gmail.com", "mailbox": work]),
        ])
        // "gmail" is no word of either name: it is the account of one, not the sender of the other.
        let inbox = try index.resolve(SearchQuery("emails in my gmail inbox"))
        #expect(inbox.status == .resolved && inbox.results.first?.identifier.id == "hydro")
        #expect(!inbox.results.contains { $0.identifier.id == "swap" })
    }

    @Test func aFamilyNameSaidFirstIsNoFirstNameOfTheOwner() throws {
        let index = try EntityIndex()
        let aunt: PropertyValue = ["type": "messages.contact", "id": "aunt"]
        try index.donate([
            Entity(type: "messages.contact", id: "aunt", properties: ["name": "Lee Siew Hua", "nickname": "Aunty"]),
            Entity(type: "messages.contact", id: "mum", properties: ["name": "Lee Siew Lan"]),
            Entity(type: "messages.message", id: "tarts", properties: ["body": "I made pineapple tarts, come and get a jar", "sender": aunt,
                                                                         "sentAt": "2026-03-10T07:20:00Z"]),
            Entity(type: "mail.message", id: "trucking", properties: ["subject": "Trucking request to Hup Lee", "from": "ops@straitscargo.sg",
                                                                      "sentAt": "2026-03-11T09:20:00Z"]),
        ])
        // "Lee" begins both sisters' names: a title that holds it ("Hup Lee") is none of the aunt's.
        let reply = try index.resolve(SearchQuery("reply to Aunty: thanks so much", now: sampleNow))
        #expect(reply.status == .resolved && reply.results.first?.identifier.id == "tarts")
    }

    @Test func severalSaidWithATimeAndNothingOnScreenAreFoundByTheTime() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "monday", properties: ["title": "Night shift", "startDate": "2026-03-16T19:00:00Z"]),
            Entity(type: "calendar.event", id: "tuesday", properties: ["title": "Night shift", "startDate": "2026-03-17T19:00:00Z"]),
            Entity(type: "calendar.event", id: "later", properties: ["title": "Night shift", "startDate": "2026-03-24T19:00:00Z"]),
        ])
        // "both" points at nothing shown: the two of next week are meant, not a screen to read.
        let both = try index.resolve(SearchQuery("cancel both my nights next week", now: sampleNow, timeZone: TimeZone(identifier: "UTC")!))
        #expect(Set(both.results.prefix(2).map(\.identifier.id)) == ["monday", "tuesday"])
        #expect(!both.results.contains { $0.identifier.id == "later" })
    }

    @Test func aNameSaidInAnotherScriptIsTheNameWrittenInLatinLetters() throws {
        let index = try EntityIndex()
        let marta: PropertyValue = ["type": "messages.contact", "id": "marta"]
        try index.donate([
            Entity(type: "messages.contact", id: "marta", properties: ["name": "Marta Wiśniewska"]),
            Entity(type: "messages.message", id: "homework", properties: ["body": "Я сделала домашнее задание", "sender": marta,
                                                                         "sentAt": "2026-03-10T20:05:00Z"]),
            Entity(type: "calendar.event", id: "class", properties: ["title": "Russisch A1", "startDate": "2026-03-10T16:00:00Z"]),
        ])
        // "Марта" (and "Марты", another case) is Marta as she is written; what she wrote on Tuesday is past, no class ahead.
        for text in ["Что Марта написала во вторник?", "сообщения от Марты"] {
            let found = try index.resolve(sampleRequest(text))
            #expect(found.status == .resolved && found.results.first?.identifier.id == "homework", "\(text)")
        }
    }

    @Test func someoneWithoutTheValueAskedForIsNeverResolvedOn() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "niamh", properties: ["name": "Niamh Kavanagh", "phone": "+353 87 555 0101"]),
            Entity(type: "messages.contact", id: "kay", properties: ["name": "Kay Doyle", "email": "kay@example.com"]),
        ])
        // Niamh has no email: she is offered, unsure; Kay has one.
        let niamh = try index.resolve(SearchQuery("What's Niamh's email?"))
        #expect(niamh.status == .ambiguous && niamh.results.first?.identifier.id == "niamh")
        #expect(niamh.interpretation?.askedProperties == [.init(type: "messages.contact", path: "email")])
        let kay = try index.resolve(SearchQuery("What's Kay's email?"))
        #expect(kay.status == .resolved && kay.results.first?.identifier.id == "kay")
    }

    @Test func aTypesNounAndSomeoneNamedAfterItsOwnerMarkerAreTheirs() throws {
        let index = try EntityIndex()
        let lucie: PropertyValue = ["type": "messages.contact", "id": "lucie"]
        try index.donate([
            Entity(type: "messages.contact", id: "lucie", properties: ["name": "Lucie Marchand", "nickname": "Lulu"]),
            Entity(type: "messages.conversation", id: "chat", properties: ["title": "Lulu", "participants": [lucie]]),
            Entity(type: "messages.message", id: "hers", properties: ["body": "Je peux venir aider samedi", "sender": lucie,
                                                                     "sentAt": "2026-03-11T20:10:00Z"]),
            Entity(type: "messages.message", id: "mine", properties: ["body": "Tu es un ange, merci Lulu", "sentAt": "2026-03-11T20:31:00Z"]),
            Entity(type: "calendar.calendar", id: "cours", properties: ["title": "Cours de cuisine"]),
        ])
        // "de Lulu" after "message" is who sent it, as "Lulu's message" says: not the later one that says her name.
        let last = try index.resolve(sampleRequest("dernier message de Lulu ?"))
        #expect(last.results.first?.identifier.id == "hers" && last.interpretation?.cues.first?.isPossessive == true)
        // A name's own "de" is no owner's: "Cours de cuisine" names no one.
        #expect(try index.resolve(sampleRequest("le calendrier Cours de cuisine")).interpretation?.cues.contains { $0.isPossessive } == false)
    }

    @Test func aPersonBeforeANounLinkOwnsTheNoun() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "aunt", properties: ["name": "Lee Siew Hua", "nickname": "小姨", "phone": "+65 9123 4567"]),
            Entity(type: "messages.conversation", id: "chat", properties: ["title": "小姨"]),
            Entity(type: "notes.note", id: "pinned", properties: ["title": "装修预算", "isPinned": true]),
        ])
        // "小姨的电话号码是多少": the aunt's phone number, as "小姨's phone number" says.
        let phone = try index.resolve(sampleRequest("小姨的电话号码是多少?"))
        #expect(phone.status == .resolved && phone.results.first?.identifier.id == "aunt")
        #expect(phone.interpretation?.askedProperties == [.init(type: "messages.contact", path: "phone")])
        // Chinese flags: what is pinned.
        #expect(try index.resolve(sampleRequest("置顶的笔记")).results.first?.identifier.id == "pinned")
    }

    @Test func whomAReplyAnswersIsWhoSentItNotWhoWasCopied() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "kelvin", properties: ["name": "Kelvin Goh", "email": "kelvin.goh@straitscargo.sg"]),
            Entity(type: "mail.message", id: "audit", properties: ["subject": "Audit plan", "from": "kelvin.goh@straitscargo.sg",
                                                                  "sentAt": "2026-03-11T10:00:00Z"]),
            Entity(type: "mail.message", id: "kpis", properties: ["subject": "May KPIs", "from": "desmond.ong@straitscargo.sg",
                                                                 "cc": ["kelvin.goh@straitscargo.sg"], "sentAt": "2026-03-11T12:00:00Z"]),
        ])
        // Over both, his last is the one he sent, not the later one he was copied on.
        let reply = try index.resolve(sampleRequest("reply to Kelvin: noted",
                                                    context: screen(visible: ["mail.message:audit", "mail.message:kpis"], focused: nil)))
        #expect(reply.status == .resolved && reply.results.first?.identifier.id == "audit")
    }

    @Test func amongShownThatSayTheWordsWhatIsCalledSoIsMeant() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "hiring", properties: ["title": "Hiring debrief", "startDate": "2026-03-12T10:30:00Z",
                                                                     "attendees": [["name": "Tomasz Nowak"]]]),
            Entity(type: "calendar.event", id: "sync", properties: ["title": "Sync with Tomasz", "startDate": "2026-03-12T11:00:00Z"]),
        ])
        // Both say "Tomasz"; the one called so is "the Tomasz one".
        let moved = try index.resolve(sampleRequest("move the Tomasz one to half eleven",
                                                    context: screen(visible: ["calendar.event:hiring", "calendar.event:sync"], focused: nil)))
        #expect(moved.status == .resolved && moved.results.first?.identifier.id == "sync")
    }

    @Test func aNameSaidInAnotherCaseIsSearchedAsItIsWritten() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "dima", properties: ["name": "Дима Петров"]),
            Entity(type: "notes.note", id: "sasha", properties: ["title": "Саша — подарок на день рождения"]),
            Entity(type: "notes.note", id: "dima-gift", properties: ["title": "Дима — подарок на день рождения"]),
        ])
        // "Димы" is no word the index holds; "Дима", its nominative, is a name: his note, not Sasha's.
        let gift = try index.resolve(SearchQuery("подарок на день рождения Димы"))
        #expect(gift.status == .resolved && gift.results.first?.identifier.id == "dima-gift")
    }

    @Test func theSpeakerIsWhoOwnsTheMailboxesAndSendsWithoutASender() throws {
        let index = try EntityIndex()
        let kathi: PropertyValue = ["type": "messages.contact", "id": "kathi"], tobi: PropertyValue = ["type": "messages.contact", "id": "tobi"]
        try index.donate([
            Entity(type: "mail.mailbox", id: "inbox", properties: ["name": "Inbox", "account": "kathi@posteo.de"]),
            Entity(type: "messages.contact", id: "kathi", properties: ["name": "Kathi Vogel", "email": "Kathi@Posteo.de"]),
            Entity(type: "messages.contact", id: "tobi", properties: ["name": "Tobias Vogel", "email": "tobi@web.de"]),
            Entity(type: "messages.message", id: "asked", properties: ["body": "Can you pick up Emil?", "sender": tobi]),
            Entity(type: "messages.message", id: "answered", properties: ["body": "Sure, after work", "sender": kathi]),
            Entity(type: "messages.message", id: "from-phone", properties: ["body": "On my way"]),
            Entity(type: "mail.message", id: "got", properties: ["subject": "Tickets", "from": "tobi@web.de", "to": ["kathi@posteo.de"]]),
            Entity(type: "mail.message", id: "sent", properties: ["subject": "Re: Tickets", "from": "kathi@posteo.de", "to": ["tobi@web.de"]]),
            Entity(type: "notes.note", id: "list", properties: ["title": "Packing list"]),
        ])
        func found(_ text: String, visible: [String] = []) throws -> Set<String> {
            Set(try index.resolve(SearchQuery(text, context: screen(visible: visible, focused: nil))).results.map(\.identifier.id))
        }
        // Her own contact sends as she does, and a message without a sender was sent from this phone.
        #expect(try found("who texted me") == ["asked"])
        #expect(try found("texts I sent") == ["answered", "from-phone"])
        #expect(try found("the mail I got") == ["got"])
        #expect(try found("emails I sent") == ["sent"])
        // What has no author is the owner's own.
        #expect(try found("the note I wrote") == ["list"])
        let shown = try index.resolve(SearchQuery("delete the one I sent", context: screen(visible: ["messages.message:asked", "messages.message:from-phone"],
                                                                                                 focused: nil)))
        #expect(shown.status == .resolved && shown.results.first?.identifier.id == "from-phone")

        // With no mailbox, the owner is whom far more entities refer to: in every chat, the sender of their own messages.
        let chats = try EntityIndex()
        func person(_ id: String) -> PropertyValue { ["type": "messages.contact", "id": .string(id)] }
        try chats.donate(["mia", "ana", "ben"].map { Entity(type: "messages.contact", id: $0, properties: ["name": .string($0.capitalized)]) } + [
            Entity(type: "messages.conversation", id: "with-ana", properties: ["participants": [person("mia"), person("ana")]]),
            Entity(type: "messages.conversation", id: "with-ben", properties: ["participants": [person("mia"), person("ben")]]),
            Entity(type: "messages.message", id: "ana-asks", properties: ["body": "Lunch?", "sender": person("ana")]),
            Entity(type: "messages.message", id: "mia-1", properties: ["body": "Sure", "sender": person("mia")]),
            Entity(type: "messages.message", id: "mia-2", properties: ["body": "Running late", "sender": person("mia")]),
            Entity(type: "messages.message", id: "ben-asks", properties: ["body": "Keys?", "sender": person("ben")]),
        ])
        #expect(Set(try chats.resolve(SearchQuery("texts I sent")).results.map(\.identifier.id)) == ["mia-1", "mia-2"])
        #expect(Set(try chats.resolve(SearchQuery("who texted me")).results.map(\.identifier.id)) == ["ana-asks", "ben-asks"])
    }

    @Test func herAfterSomeoneNamedIsThatPerson() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "mail.message", id: "kay", properties: ["subject": "Welcome home!", "from": "kay@example.com",
                                                                "body": "Our flight number is AA 110, landing on the 3rd"]),
            Entity(type: "mail.message", id: "other", properties: ["subject": "Flight deals", "from": "travel@example.com"]),
            Entity(type: "messages.contact", id: "kay-c", properties: ["name": "Kay Murphy", "email": "kay@example.com"]),
        ])
        // Nothing on screen: "her" is Kay, whom the request named, not someone shown.
        let forward = try index.resolve(SearchQuery("forward Kay's email with her flight number to Aoife"))
        #expect(forward.results.first?.identifier.id == "kay")
    }

    @Test func whatComesAfterAnEventIsNotWhatGoesOnWithinIt() throws {
        let index = try EntityIndex()
        func event(_ id: String, _ title: String, _ start: String, _ end: String) -> Entity {
            Entity(type: "calendar.event", id: id, properties: ["title": .string(title), "startDate": .string(start), "endDate": .string(end)])
        }
        try index.donate([
            event("trip", "Day trip to Verona", "2027-04-20T08:30:00Z", "2027-04-20T17:00:00Z"),
            event("pickup", "School pick-up", "2027-04-20T14:30:00Z", "2027-04-20T15:30:00Z"),
            event("flight", "Flight home", "2027-04-22T10:00:00Z", "2027-04-22T13:00:00Z"),
            event("sync", "Release sync", "2027-02-24T08:00:00Z", "2027-02-24T08:30:00Z"),
            event("checkup", "Zosia's checkup", "2027-02-24T08:15:00Z", "2027-02-24T08:45:00Z"),
            event("dentist", "Dentist", "2027-02-25T07:00:00Z", "2027-02-25T07:45:00Z"),
            event("lesung", "Lesung Hannah Whitcombe", "2027-04-23T17:30:00Z", "2027-04-23T19:00:00Z"),
            event("match", "Punktspiel SC Rixdorf", "2027-04-24T08:30:00Z", "2027-04-24T10:30:00Z"),
        ])
        func first(_ text: String) throws -> String? {
            try index.resolve(SearchQuery(text, now: try Date("2027-02-01T00:00:00Z", strategy: .iso8601),
                                          timeZone: TimeZone(identifier: "UTC")!)).results.first?.identifier.id
        }
        // The pick-up is during the trip; the checkup begins during the sync but goes on after it.
        #expect(try first("what's after the day trip to Verona") == "flight")
        #expect(try first("what's after the release sync") == "checkup")
        // "The day after": what goes on that whole day, not the next thing.
        let dayAfter = try index.resolve(SearchQuery("what's on the day after the release sync",
                                                     now: try Date("2027-02-01T00:00:00Z", strategy: .iso8601),
                                                     timeZone: TimeZone(identifier: "UTC")!))
        #expect(dayAfter.interpretation?.anchor?.unit == "day")
        #expect(dayAfter.status == .resolved && dayAfter.results.first?.identifier.id == "dentist")
        // An anchor that only leads ("Hannah's reading" for her Lesung) is taken, unsure.
        let reading = try index.resolve(SearchQuery("what's on the day after hannah's reading",
                                                    now: try Date("2027-04-01T00:00:00Z", strategy: .iso8601),
                                                    timeZone: TimeZone(identifier: "UTC")!))
        #expect(reading.status == .ambiguous && reading.results.first?.identifier.id == "match")
    }

    @Test func aDateAloneIsThatDayWhereverTheRequestIsSaid() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "birthday", properties: ["title": "Sam's birthday", "startDate": "2027-05-22", "recurrence": "yearly"]),
            Entity(type: "reminders.reminder", id: "seats", properties: ["title": "Choose seats", "dueDate": "2027-05-31"]),
            Entity(type: "calendar.event", id: "road-test", properties: ["title": "Road test", "startDate": "2027-05-21T10:20:00-04:00"]),
        ])
        func found(_ text: String, zone: String) throws -> [SearchResult] {
            try index.resolve(SearchQuery(text, now: try Date("2027-05-21T01:00:00Z", strategy: .iso8601),
                                          timeZone: TimeZone(identifier: zone)!)).results
        }
        // In Toronto, on the evening of the 20th: the 22nd's birthday is not tomorrow, though its UTC midnight is.
        #expect(try found("what's on tomorrow", zone: "America/Toronto").map(\.identifier.id) == ["road-test"])
        let seats = try found("what's due on the 31st", zone: "America/Toronto")
        let localMidnight = try Date("2027-05-31T04:00:00Z", strategy: .iso8601)
        #expect(seats.first?.identifier.id == "seats" && seats.first?.occurrence == localMidnight)
        // In Tokyo the same dates are their own days too.
        #expect(try found("what's on the 22nd", zone: "Asia/Tokyo").first?.identifier.id == "birthday")
    }

    @Test func firstThingIsWhatBeginsFirstNotWhatTakesTheDay() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "trip", properties: ["title": "Lake Garda", "startDate": "2027-04-15", "endDate": "2027-04-23",
                                                                   "isAllDay": true]),
            Entity(type: "calendar.event", id: "birthday", properties: ["title": "Kay's birthday", "startDate": "1952-04-15", "recurrence": "yearly"]),
            Entity(type: "calendar.event", id: "flight", properties: ["title": "Flight to Verona", "startDate": "2027-04-15T06:40:00+01:00"]),
            Entity(type: "calendar.event", id: "choir", properties: ["title": "Choir practice", "startDate": "2027-04-15T19:30:00+01:00"]),
        ])
        let first = try index.resolve(SearchQuery("what's on first thing tomorrow", now: try Date("2027-04-14T20:00:00Z", strategy: .iso8601),
                                                  timeZone: TimeZone(identifier: "Europe/Dublin")!))
        #expect(first.results.first?.identifier.id == "flight")
    }

    @Test func theNextOneOfARecurringEventIsItsNextOccurrence() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "physio", properties: ["title": "Rehab", "startDate": "2027-04-26T13:00:00Z",
                                                                     "recurrence": ["frequency": "weekly", "count": 8]]),
            Entity(type: "calendar.event", id: "soccer", properties: ["title": "Soccer", "startDate": "2027-05-11T18:00:00Z"]),
        ])
        func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
        func occurrence(_ text: String) throws -> (String?, Date?) {
            let resolution = try index.resolve(SearchQuery(text, context: screen(visible: ["calendar.event:physio"], focused: "calendar.event:physio"),
                                                           now: date("2027-05-12T10:00:00Z"), timeZone: TimeZone(identifier: "UTC")!))
            #expect(resolution.status == .resolved, "\(text)")
            return (resolution.results.first?.identifier.id, resolution.results.first?.occurrence)
        }
        // Its own next and last sessions, not the soccer that comes after its first one.
        #expect(try occurrence("when's the next one") == ("physio", date("2027-05-17T13:00:00Z")))
        #expect(try occurrence("the previous one") == ("physio", date("2027-05-10T13:00:00Z")))
    }

    @Test func whomToCallIsFoundWhateverTheTimeToCall() throws {
        let index = try EntityIndex()
        try index.donate([Entity(type: "messages.contact", id: "mateo", properties: ["name": "Mateo García"])])
        for text in ["call Mateo tomorrow", "text mateo tonight", "call Mateo at 5"] {
            let resolution = try index.resolve(SearchQuery(text, now: sampleNow, timeZone: TimeZone(identifier: "UTC")!))
            #expect(resolution.status == .resolved && resolution.results.first?.identifier.id == "mateo", "\(text)")
        }
    }

    @Test func anAttendeesAnswerIsTheirs() throws {
        let index = try EntityIndex()
        func attendee(_ name: String, _ email: String, _ status: String) -> PropertyValue {
            ["name": .string(name), "email": .string(email), "status": .string(status)]
        }
        let start: PropertyValue = "2026-05-04T09:00:00Z"
        try index.donate([
            Entity(type: "mail.mailbox", id: "inbox", properties: ["name": "Inbox", "account": "kathi@posteo.de"]),
            Entity(type: "messages.contact", id: "kathi", properties: ["name": "Kathi Vogel", "email": "kathi@posteo.de"]),
            Entity(type: "calendar.event", id: "standup", properties: ["title": "Standup", "startDate": start, "attendees": [
                attendee("Kathi Vogel", "kathi@posteo.de", "accepted"), attendee("Mateo García", "mateo@example.com", "declined")]]),
            Entity(type: "calendar.event", id: "review", properties: ["title": "Design review", "startDate": start, "attendees": [
                attendee("Kathi Vogel", "kathi@posteo.de", "declined"), attendee("Mateo García", "mateo@example.com", "accepted")]]),
            Entity(type: "calendar.event", id: "retro", properties: ["title": "Retro", "startDate": start, "attendees": [
                attendee("Kathi Vogel", "kathi@posteo.de", "tentative"), attendee("Mateo García", "mateo@example.com", "tentative")]]),
        ])
        func first(_ text: String) throws -> (Resolution.Status, String?) {
            let resolution = try index.resolve(SearchQuery(text))
            return (resolution.status, resolution.results.first?.identifier.id)
        }
        // Whose answer it is, by name or as the speaker (the mailbox's owner), not anyone's at the event.
        #expect(try first("which events did Mateo decline") == (.resolved, "standup"))
        #expect(try first("which events did I decline") == (.resolved, "review"))
        // An answer said in other words is that answer.
        #expect(try first("which meeting did Mateo say no to") == (.resolved, "standup"))
        #expect(try first("which events did I say yes to") == (.resolved, "standup"))
        #expect(try first("meetings Mateo accepted") == (.resolved, "review"))
        #expect(try first("which meetings is Mateo still unsure about") == (.resolved, "retro"))
        // Said of no one, any answer counts.
        #expect(try index.resolve(SearchQuery("which events were declined")).status == .ambiguous)
    }

    @Test func aGroupChatIsSaidToWhenNoOneIsSoCalled() throws {
        let index = try EntityIndex()
        func person(_ id: String) -> PropertyValue { ["type": "messages.contact", "id": .string(id)] }
        try index.donate([
            Entity(type: "messages.contact", id: "ana", properties: ["name": "Ana Ruiz"]),
            Entity(type: "messages.contact", id: "ben", properties: ["name": "Ben Okafor"]),
            Entity(type: "messages.conversation", id: "club", properties: ["title": "Book Club", "participants": [person("ana"), person("ben")]]),
        ])
        let club = try index.resolve(SearchQuery("text the book club that I'm late"))
        #expect(club.status == .resolved && club.results.first?.identifier.id == "club")
        // Someone so called is whom it is said to, not a chat they are in.
        let ana = try index.resolve(SearchQuery("call Ana"))
        #expect(ana.status == .resolved && ana.results.map(\.identifier.id) == ["ana"])
    }

    @Test func howMuchAsksForWhatStatesAnAmount() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "reminders.reminder", id: "pay", properties: ["title": "Pay the rent"]),
            Entity(type: "mail.message", id: "lease", properties: ["subject": "Your new lease", "body": "From July the rent is 1,250 € a month."]),
        ])
        let rent = try index.resolve(SearchQuery("how much is the rent"))
        #expect(rent.interpretation?.command?.asksAmount == true)
        #expect(rent.results.map(\.identifier.id) == ["lease", "pay"])
        // Asked otherwise, the reminder called so comes first.
        #expect(try index.resolve(SearchQuery("the rent")).results.first?.identifier.id == "pay")
    }

    @Test func whatHasNoDateIsFoundBySayingSo() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "reminders.reminder", id: "blurb", properties: ["title": "Write the newsletter blurb"]),
            Entity(type: "reminders.reminder", id: "survey", properties: ["title": "Fill in the survey", "dueDate": "2026-03-14"]),
            Entity(type: "reminders.reminder", id: "forms", properties: ["title": "Hand in the overtime forms", "dueDate": "2026-03-20"]),
        ])
        let shown = ScreenContext(visible: ["survey", "forms", "blurb"].map { EntityIdentifier(type: "reminders.reminder", id: $0) })
        let undated = try index.resolve(sampleRequest("the one with no date, give it friday", context: shown))
        #expect(undated.interpretation?.time?.isUndated == true)
        #expect(undated.results.map(\.identifier.id) == ["blurb"])
        #expect(try index.resolve(sampleRequest("reminders without a due date")).results.map(\.identifier.id) == ["blurb"])
    }

    @Test func aRequestThatIsAWholeNameIsThatNameEvenWhenItReadsAsAReference() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "notes.note", id: "her", properties: ["title": "Her", "body": "Spike Jonze film about an operating system"]),
            Entity(type: "notes.note", id: "this", properties: ["title": "This", "body": "a note with an unlucky title"]),
            Entity(type: "notes.note", id: "cake", properties: ["title": "Groceries", "body": "milk and eggs for her birthday cake"]),
        ])
        let her = try index.resolve(SearchQuery("Her"))
        #expect(her.status == .resolved)
        #expect(her.results.first?.identifier.id == "her")
        // Only the whole request: with nothing on screen, "archive this" acts on nothing.
        #expect(try index.resolve(SearchQuery("archive this")).status == .notFound)
        // With someone on screen, "her" is still the person shown.
        try index.donate([Entity(type: "messages.contact", id: "amara", properties: ["name": "Amara Okafor"])])
        let shown = try index.resolve(SearchQuery("Her", context: screen(visible: ["messages.contact:amara"], focused: nil)))
        #expect(shown.results.first?.identifier.id == "amara")
    }

    @Test func wholeNamesResolveAndPartsOfTheRequestCount() throws {
        let lunch = try resolve("delete the crew lunch")
        #expect(lunch.status == .resolved)
        #expect(lunch.results.first?.identifier.id == "evt-004")
        #expect(lunch.interpretation?.command?.name == "delete")
        // A word left unmatched keeps the verdict from being sure.
        #expect(try resolve("the crew lunch with the astronomers from Mars").status != .resolved)
    }

    @Test func anEntityNamedAsTheWholeRequestComesFirst() throws {
        // "Tycho" before "The" would read as a verb no table knows, but it is a word of a name:
        // the note named so leads the others that the words after it ("orbit") name as well.
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "notes.note", id: "orbit", properties: ["title": "The Orbit"]),
            Entity(type: "calendar.event", id: "orbit-event", properties: ["title": "The Orbit", "startDate": "2026-03-09T08:00:00Z"]),
            Entity(type: "notes.note", id: "tycho", properties: ["title": "Tycho The Orbit"]),
        ])
        let said = try index.resolve(SearchQuery("Tycho The Orbit"))
        #expect(said.interpretation?.command == nil)
        #expect(said.results.first?.identifier.id == "tycho")
        // So is a person's name before a word that reads as an article ("m'a": "a"): who did it, no verb.
        try index.donate([Entity(type: "messages.contact", id: "sophie", properties: ["name": "Sophie Benali"]),
                          Entity(type: "messages.message", id: "gallery", properties: ["body": "Une idée de quand on aura la galerie ?",
                                                                                        "sender": ["type": "messages.contact", "id": "sophie"]])])
        let reminded = try index.resolve(SearchQuery("Sophie m'a relancée pour la galerie ?"))
        #expect(reminded.interpretation?.command == nil && reminded.results.first?.identifier.id == "gallery")
        // A word no table knows and no name holds is a verb: "translate the orbit".
        #expect(try index.resolve(SearchQuery("translate The Orbit")).interpretation?.command?.name == "translate")
        // Nothing is left to search after the verb: the whole request as said is still a name.
        try index.donate([Entity(type: "notes.note", id: "tycho-the", properties: ["title": "Tycho The"])])
        #expect(try index.resolve(SearchQuery("Tycho The")).results.first?.identifier.id == "tycho-the")
        // A first word that misspells a name is no verb: "Tyxho The Orbit" is the note, misspelt.
        let misspelt = try index.resolve(SearchQuery("Tyxho The Orbit"))
        #expect(misspelt.interpretation?.command == nil)
        #expect(misspelt.results.first?.identifier.id == "tycho")
        // A known command that asks for a type keeps it first: "call mom" calls her, before the event named so.
        try index.donate([Entity(type: "messages.contact", id: "mom", properties: ["name": "Mom"]),
                          Entity(type: "calendar.event", id: "call-mom", properties: ["title": "Call Mom", "startDate": "2026-03-10T08:00:00Z"])])
        #expect(try index.resolve(SearchQuery("call mom")).results.first?.identifier.id == "mom")
    }

    @Test func anEntityNamedWordForWordComesFirstAmongManyHoldingItsSearchedWords() throws {
        // The search leaves out "are" and "may" and looks for "suiting", which "For Suiting" is the whole name
        // of and more entities hold than a name search takes: the one named word for word as said still leads.
        let index = try EntityIndex()
        try index.donate([Entity(type: "notes.note", id: "for-suiting", properties: ["title": "For Suiting"])]
            + (1...30).map { Entity(type: "notes.note", id: "session-\($0)", properties: ["title": .string("Suiting Session \($0)")]) }
            + [Entity(type: "notes.note", id: "said", properties: ["title": "Are May Suiting"])])
        #expect(try index.resolve(SearchQuery("Are May Suiting")).results.first?.identifier.id == "said")
        // So when a typo is read as the name word meant.
        #expect(try index.resolve(SearchQuery("Are May Suixing")).results.first?.identifier.id == "said")
    }

    @Test func recurringEventsMatchEveryOccurrence() throws {
        // The crew lunch is weekly from Tuesday 10 March: next Tuesday is the 17th.
        let tuesday = try resolve("crew lunch next Tuesday")
        #expect(tuesday.results.first?.identifier.id == "evt-004")
        #expect(tuesday.results.first?.occurrence == (try Date("2026-03-17T12:00:00Z", strategy: .iso8601)))
        // Not on a Wednesday.
        #expect(try resolve("crew lunch next Wednesday").status != .resolved)
        // The next event of all: the water recycler swap is every 14 days from today at 09:00,
        // so the next after 09:30 is the Mission Control sync (weekly from Friday 13th, 15:00).
        let next = try resolve("the next meeting")
        #expect(next.status == .resolved)
        #expect(next.results.first?.identifier.id == "evt-007")
        // What comes after the crew lunch on the 17th.
        let after = try resolve("what's after the crew lunch next Tuesday")
        #expect(after.results.first.map { $0.occurrence! > (try! Date("2026-03-17T12:00:00Z", strategy: .iso8601)) } == true)
        // No crew lunch tomorrow, a Friday: nothing comes after it.
        #expect(try resolve("what's after the crew lunch tomorrow").status == .notFound)
        // "weekly" finds weekly events.
        #expect(Set(try resolve("weekly events").results.map(\.identifier.id)).isSuperset(of: ["evt-004", "evt-005", "evt-007"]))
    }

    @Test func identifiersAreFoundWholeAndByTheirParts() throws {
        #expect(try resolve("+351 21 555 0179").results.first?.identifier.id == "con-ines-carvalho")
        #expect(try resolve("who has a +351 number").results.first?.identifier.id == "con-ines-carvalho")
        // Dialled at home, with the trunk 0 and no country's code; or abroad, with 00 for the "+".
        for dialled in ["whose number is 021 555 0179", "00351 21 555 0179"] {
            #expect(try resolve(dialled).results.first?.identifier.id == "con-ines-carvalho", "\(dialled)")
        }
        #expect(try resolve("whose number ends in 0179").results.first?.identifier.id == "con-ines-carvalho")
        #expect(try resolve("who's got a 495 number").results.first?.identifier.id == "con-olga-petrova")
        // "that", after the number said, is the number: no screen is meant.
        let whose = try resolve("21 555 0179, whose is that")
        #expect(whose.status == .resolved)
        #expect(whose.results.first?.identifier.id == "con-ines-carvalho")
        let station = try resolve("people at tycho-station", types: ["messages.contact"])
        #expect(station.results.count >= 8)
        #expect(station.results.allSatisfy { $0.identifier.type == "messages.contact" })
        let mail = try resolve("mails from mission-control.earth")
        #expect(mail.results.prefix(3).allSatisfy { $0.subtitle?.contains("mission-control.earth") == true })
    }

    @Test func aPhoneNumberWrittenInATextIsFoundAsAPhonesIs() throws {
        #expect(IdentifierParts.phoneNumbers(in: "Pharmacie Jean Coutu — 514-555-0142. Ask for Luc").map(\.digits) == ["5145550142"])
        #expect(IdentifierParts.phoneNumbers(in: "Call +44 20 7946 0958 before 5, room 12").map(\.digits) == ["+442079460958"])
        #expect(IdentifierParts.phoneNumbers(in: "42 750,00 € for 3 boxes").isEmpty)
        let index = try EntityIndex()
        try index.donate([Entity(type: "reminders.reminder", id: "pharmacy", properties: [
            "title": "Call Jean Coutu re: the renewal", "notes": "Pharmacie Jean Coutu — 514-555-0142. They need the authorization."])])
        for said in ["which reminder has the 514-555-0142 number in it?", "(514) 555 0142", "5145550142"] {
            #expect(try index.resolve(SearchQuery(said)).results.first?.identifier.id == "pharmacy")
        }
        #expect(try index.resolve(SearchQuery("+44 20 7946 0958")).results.isEmpty)
    }

    @Test func anAmountSaidAsPeopleSayItFindsWhatStatesIt() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "mail.message", id: "beds", properties: ["subject": "Facture 2026-0198 — lits de multifiltration",
                                                                 "body": "Montant total : 42 750,00 € HT"]),
            Entity(type: "mail.message", id: "bread", properties: ["subject": "Factura abril – Forn Cal Pep", "body": "Son 612,40 € (IVA incluido)."]),
            Entity(type: "mail.message", id: "other", properties: ["subject": "Invoice 2026-0412", "body": "Total: €184,300"]),
        ])
        #expect(try index.resolve(SearchQuery("find the invoice email for 42,750 euros")).results.first?.identifier.id == "beds")
        #expect(try index.resolve(SearchQuery("the 42 750 invoice")).results.first?.identifier.id == "beds")
        #expect(try index.resolve(SearchQuery("la factura de 612 euros")).results.first?.identifier.id == "bread")
    }

    @Test func theScreenIsReadForReferences() throws {
        let mixed = ["photos.asset:photo-001", "calendar.event:evt-001", "photos.asset:photo-004", "photos.asset:photo-006"]
        #expect(try resolve("the third photo", visible: mixed).results.map(\.identifier.id) == ["photo-006"])
        #expect(try resolve("the fourth photo", visible: mixed).status == .notFound)
        // Words too few of those shown hold to count the third among were about something else: not resolved.
        let lens = try resolve("which lens took the third photo", visible: mixed)
        #expect(lens.results.first?.identifier.id == "photo-006" && lens.status != .resolved)
        // Words said about "the one" pick what holds the most of them; what holds only some fits in part.
        let described = try resolve("open the EVA helmet cam one", visible: ["calendar.event:evt-003", "photos.asset:photo-004"])
        #expect(described.status == .resolved)
        #expect(described.results.map(\.identifier.id) == ["photo-004", "evt-003"])
        #expect(try resolve("open the EVA one", visible: ["calendar.event:evt-003", "photos.asset:photo-004"]).status == .ambiguous)
        let these = try resolve("delete these photos", visible: mixed)
        #expect(these.status == .resolved)
        #expect(these.results.map(\.identifier.id) == ["photo-001", "photo-004", "photo-006"])
        // "Both" says two: three that fit as well are no answer, two are.
        #expect(try resolve("delete both photos", visible: mixed).status == .ambiguous)
        let both = try resolve("delete both photos", visible: Array(mixed.prefix(3)))
        #expect(both.status == .resolved)
        #expect(both.results.map(\.identifier.id) == ["photo-001", "photo-004"])
        // A number after the article counts too; a long one is a number of its own.
        let two = try resolve("delete the 2 photos", visible: Array(mixed.prefix(3)))
        #expect(two.status == .resolved && two.results.map(\.identifier.id) == ["photo-001", "photo-004"])
        #expect(try index.interpretation(of: SearchQuery("reply to the 0533 invoice")).reference == nil)
        // Two things shown and neither in focus: "it" could be either.
        #expect(try resolve("open it", visible: ["notes.note:note-001", "notes.note:note-002"]).status == .ambiguous)
        // She is whom the focused mail is from.
        let her = try resolve("call her", visible: ["mail.message:mail-002"], focused: "mail.message:mail-002")
        #expect(her.results.map(\.identifier.id) == ["con-ines-carvalho"])
        // A call is to a person, whatever app is shown ("ring her about this" in the mail app).
        let ring = try resolve("ring her about this", types: ["mail.message"], visible: ["mail.message:mail-002"], focused: "mail.message:mail-002")
        #expect(ring.results.map(\.identifier.id) == ["con-ines-carvalho"])
        // Texting him back in the messages app, over his messages, answers the last of them, whichever is shown first.
        let back = try resolve("text him back, on my way", types: ["messages.message"],
                               visible: ["messages.message:msg-004", "messages.message:msg-002"])
        #expect(back.status == .resolved && back.results.map(\.identifier.id) == ["msg-002"])
        // So does replying to him, with none open, by a pronoun, a French one joined to the verb, or none at all.
        for text in ["reply to him: on my way", "réponds-lui que j'arrive", "reply that I'm on my way"] {
            let reply = try resolve(text, types: ["messages.message"], visible: ["messages.message:msg-004", "messages.message:msg-002"])
            #expect(reply.status == .resolved && reply.results.map(\.identifier.id) == ["msg-002"], "\(text)")
        }
        // What is said may follow his name with no colon: the name is whose message is answered, the rest is said.
        let unmarked = try resolve("reply to Mateo thursday works, see you at 8", visible: ["messages.message:msg-004", "messages.message:msg-002"])
        #expect(unmarked.status == .resolved && unmarked.results.map(\.identifier.id) == ["msg-002"])
        #expect(unmarked.interpretation?.command?.arguments.first?.words.first == "thursday" && unmarked.interpretation?.time == nil)
        // The whole name is whose: "Mateo García", not "Mateo" and then "garcía" said.
        let whole = try resolve("reply to Mateo García thursday works", visible: ["messages.message:msg-004", "messages.message:msg-002"])
        #expect(whole.interpretation?.command?.arguments.first?.words == ["thursday", "works"])
        // So does replying to him by name, when his messages are shown.
        let named = try resolve("reply to Mateo: on my way", visible: ["messages.message:msg-004", "messages.message:msg-002"])
        #expect(named.status == .resolved && named.results.map(\.identifier.id) == ["msg-002"])
        // And with nothing shown, his latest message yet (the other is sent after the clock's now).
        let latest = try resolve("reply to Mateo: on my way")
        #expect(latest.status == .resolved && latest.results.first?.identifier.id == "msg-004")
        // A Japanese command said last calls the person named before it, in the script their name is written in.
        let sato = try resolve("佐藤さんに電話して")
        #expect(sato.status == .resolved && sato.results.first?.identifier.id == "con-sato-hanako")
        // So is the pronoun joined to a French command.
        let french = try resolve("appelle-la", visible: ["mail.message:mail-002"], focused: "mail.message:mail-002")
        #expect(french.results.map(\.identifier.id) == ["con-ines-carvalho"])
        // The message in Japanese among those shown.
        let japanese = try resolve("the message in Japanese", visible: ["messages.message:msg-001", "messages.message:msg-008"])
        #expect(japanese.results.map(\.identifier.id) == ["msg-008"])
        #expect(japanese.status == .resolved)
        // The 8 am one.
        let eight = try resolve("the 8 am one", visible: ["calendar.event:evt-003", "calendar.event:evt-004"])
        #expect(eight.results.map(\.identifier.id) == ["evt-003"])
        // Said without am or pm, the hour may be in either half of the day: "the 7:30 one" is the call at 19:30.
        let evening = try resolve("the 7:30 one", visible: ["calendar.event:evt-004", "calendar.event:evt-005"])
        #expect(evening.results.map(\.identifier.id) == ["evt-005"] && evening.status == .resolved)
    }

    @Test func whatIsShownAndSaysTheWordsOtherwiseComesFirstWithoutBeingResolved() throws {
        let french = try EntityIndex()
        try french.donate([
            Entity(type: "notes.note", id: "bill", properties: ["title": .string("Facture du plombier"), "body": .string("Payer avant vendredi.")]),
            Entity(type: "notes.note", id: "run", properties: ["title": .string("Course à pied du dimanche"),
                                                              "body": .string("Dix kilomètres au parc, allure lente.")]),
            Entity(type: "notes.note", id: "meeting", properties: ["title": .string("Réunion de copropriété"), "body": .string("Ordre du jour: toiture.")]),
        ])
        let shown = ScreenContext(visible: ["bill", "run", "meeting"].map { EntityIdentifier(type: "notes.note", id: $0) })
        let running = try french.resolve(SearchQuery("open the running one", context: shown))
        #expect(running.results.first?.identifier.id == "run" && running.status == .ambiguous)
        #expect(running.results.allSatisfy { $0.score <= ScreenResolver.fitsInPart })
    }

    @Test func amongEqualsWhatIsCalledSoComesFirst() throws {
        // The event named so and a photo whose caption and keywords say it score alike (0.85 and 0.85 but
        // for rounding): the one called so comes first.
        let index = try EntityIndex()
        let url = corpusURL("engineer-krakow.jsonl")
        try index.donate(try EntityJSONLines.decode(try Data(contentsOf: url), source: url.path))
        let found = try index.resolve(SearchQuery("where's the futsal tournament", now: Date(timeIntervalSince1970: 1_802_000_000)))
        #expect(ids(found.results).prefix(2) == ["e-futsal", "ph-1"])
    }

    @Test func theTimeSaidCountsForWhatFallsInIt() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "lesung", properties: ["title": "Lesung Hannah Whitcombe", "startDate": "2027-04-23T19:30:00+02:00"]),
            Entity(type: "calendar.event", id: "dentist", properties: ["title": "Dentist", "startDate": "2027-04-24T08:00:00+02:00"]),
        ])
        // The reading is in German ("Lesung"): only the evening says which it is, and in part.
        let reading = try index.resolve(SearchQuery("what time's the reading tonight", now: try Date("2027-04-23T09:00:00+02:00", strategy: .iso8601),
                                                    timeZone: TimeZone(identifier: "Europe/Berlin")!))
        #expect(reading.status == .ambiguous)
        #expect(ids(reading.results).first == "lesung")
    }

    @Test func aPeriodThatAShownEntitySaysMayBeWhatItIsAbout() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "mail.message", id: "march", properties: ["subject": "Laundry invoice, March / factura de marzo", "sentAt": "2027-04-06T08:00:00+02:00"]),
            Entity(type: "mail.message", id: "april", properties: ["subject": "Laundry invoice, April / factura de abril", "sentAt": "2027-05-11T08:00:00+02:00"]),
        ])
        let shown = screen(visible: ["mail.message:march", "mail.message:april"], focused: nil)
        // Sent in April, or about April: both stand, and neither is resolved on.
        for request in ["open the one from April", "abre la de abril"] {
            let april = try index.resolve(SearchQuery(request, types: ["mail.message"], context: shown,
                                                      now: try Date("2027-05-12T09:40:00+02:00", strategy: .iso8601),
                                                      timeZone: TimeZone(identifier: "Europe/Madrid")!))
            #expect(april.status == .ambiguous, "\(request)")
            #expect(Set(ids(april.results)) == ["march", "april"], "\(request)")
        }
    }

    @Test func whatIsShownIsOfferedUnsureWhenNothingSaysTheWords() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "mail.message", id: "devis", properties: ["subject": "Devis D-2027-018 – Pauline & Hugo",
                                                                  "body": "Voici mon devis pour la journée complète : 2 600 €."]),
            Entity(type: "mail.message", id: "facture", properties: ["subject": "Facture F-2027-031 – solde mariage",
                                                                    "body": "Veuillez trouver la facture du solde."]),
            Entity(type: "notes.note", id: "shots", properties: ["title": "Shot list", "body": "first dance, rings"]),
        ])
        // No mail says "quote" (they say "devis"): with nothing shown, nothing is found.
        #expect(try index.resolve(SearchQuery("forward the quote to Nadia")).status == .notFound)
        // With the mails shown, they are what may be meant, and neither is resolved on.
        let shown = try index.resolve(SearchQuery("forward the quote to Nadia",
                                                  context: screen(visible: ["mail.message:devis", "mail.message:facture"], focused: nil)))
        #expect(shown.status == .ambiguous)
        #expect(Set(ids(shown.results)) == ["devis", "facture"])

        // Chats named in French: an album that says "running" is found only by looking wider, after them.
        try index.donate([
            Entity(type: "messages.conversation", id: "club", properties: ["title": "Foulées CR 🏃‍♀️"]),
            Entity(type: "messages.conversation", id: "wedding", properties: ["title": "Mariage S&K 💍"]),
            Entity(type: "photos.album", id: "album", properties: ["title": "Running"]),
        ])
        let chats = try index.resolve(SearchQuery("mute the running chat",
                                                  context: screen(visible: ["messages.conversation:club", "messages.conversation:wedding"], focused: nil)))
        #expect(chats.status == .ambiguous)
        #expect(Set(ids(chats.results).prefix(2)) == ["club", "wedding"])
    }

    @Test func whatTheShownMessagesMentionIsFoundWithNothingFocused() throws {
        let index = try EntityIndex()
        let jonas = PropertyValue.object(["type": "messages.contact", "id": "jonas"])
        let chat = PropertyValue.object(["type": "messages.conversation", "id": "chat"])
        try index.donate([
            Entity(type: "messages.contact", id: "jonas", properties: ["name": "Jonas Weber"]),
            Entity(type: "messages.conversation", id: "chat", properties: ["title": "Jonas", "participants": .array([jonas])]),
            Entity(type: "messages.message", id: "ask", properties: ["body": "Quick question: can you take the minutes at the architecture review on Thursday?",
                                                                     "sender": jonas, "conversation": chat]),
            Entity(type: "messages.message", id: "thanks", properties: ["body": "Thanks! And remember your self-assessment by March 1.",
                                                                        "sender": jonas, "conversation": chat]),
            Entity(type: "calendar.event", id: "review", properties: ["title": "Architecture review: event bus migration",
                                                                      "startDate": "2027-02-18T13:00:00+01:00"]),
            Entity(type: "calendar.event", id: "standup", properties: ["title": "Platform standup", "startDate": "2027-02-18T10:00:00+01:00",
                                                                       "attendees": .array([.object(["name": "Jonas Weber"])])]),
        ])
        let shown = screen(visible: ["messages.conversation:chat", "messages.message:ask", "messages.message:thanks"], focused: nil)
        let asked = try index.resolve(SearchQuery("which meeting is he asking about", context: shown))
        #expect(ids(asked.results).first == "review")
    }

    @Test func whatOnlyMeansTheWordsDoesNotKeepWhatIsShownOut() throws {
        let index = try EntityIndex()
        try index.donate(try RequestSetTests.corpus(of: "lyon-tune"))
        let shown = ["calendar.event:e-recup-r5", "reminders.reminder:r-r5", "mail.message:ml-atelier-pret", "mail.message:ml-atelier-devis",
                     "document.document:d-devis-atelier", "messages.message:m-thomas-1", "calendar.event:e-depot-r5"]
        let request = SearchQuery("send the quote to Benoît", now: try Date("2027-06-18T09:30:00+02:00", strategy: .iso8601),
                                  timeZone: TimeZone(identifier: "Europe/Paris")!)
        // Nothing says "quote" (the repair shop's quote says "devis"); notes near it in meaning are found.
        let unseen = try index.resolve(request)
        #expect(!unseen.results.isEmpty && unseen.results.allSatisfy { $0.matched == ["meaning"] || $0.score == 0 })
        // With the shop's mail and documents shown, they come first, unsure.
        var onScreen = request
        onScreen.context = screen(visible: shown, focused: nil)
        let answer = try index.resolve(onScreen)
        #expect(answer.status == .ambiguous)
        #expect(Set(ids(answer.results).prefix(3)).contains("ml-atelier-devis"))
        #expect(answer.results.prefix(shown.count).allSatisfy { $0.matched.contains("visible") })
    }

    @Test func aCueValueThatNamesNothingDescribesWhatIsShown() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "chloe", properties: ["name": "Chloé Faure"]),
            Entity(type: "calendar.event", id: "shoot", properties: ["title": "Séance engagement Chloé & Maxime",
                                                                     "startDate": "2027-05-15T18:30:00+02:00",
                                                                     "attendees": .array([.object(["name": "Chloé Faure"])])]),
            Entity(type: "photos.asset", id: "dog", properties: ["title": "_MG_2077", "caption": "Pistache qui vole la vedette",
                                                                 "creationDate": "2027-05-15T20:05:00+02:00"]),
            Entity(type: "photos.asset", id: "rings", properties: ["title": "_MG_2041", "caption": "Les alliances",
                                                                   "creationDate": "2027-05-15T19:52:00+02:00"]),
            Entity(type: "mail.message", id: "thanks", properties: ["subject": "Merci pour les photos !!!"]),
        ])
        let shown = screen(visible: ["messages.contact:chloe", "mail.message:thanks", "calendar.event:shoot",
                                     "photos.asset:dog", "photos.asset:rings"], focused: nil)
        // No one is called "dog", and nothing shown says it: what may be with anything (not the mail, not
        // the contact) may be meant, never resolved on.
        let dog = try index.resolve(SearchQuery("send her the one with the dog", context: shown))
        #expect(dog.status == .ambiguous)
        #expect(Set(ids(dog.results)) == ["shoot", "dog", "rings"])
    }

    @Test func aWordForAFamilyMemberNamesTheContactCalledSoInAnyLanguage() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "mum", properties: ["name": "Lee Siew Lan", "nickname": "妈妈"]),
            Entity(type: "messages.contact", id: "oma", properties: ["name": "Ingrid Brandt", "nickname": "Oma"]),
            Entity(type: "messages.message", id: "soup", properties: ["body": "今晚回家吃饭吗?", "sentAt": "2026-03-12T07:50:00Z",
                                                                     "sender": ["type": "messages.contact", "id": "mum"]]),
            Entity(type: "messages.message", id: "piano", properties: ["body": "Can you ship my mum's old piano?", "sentAt": "2026-03-12T08:55:00Z"]),
            Entity(type: "notes.note", id: "party", properties: ["title": "Mum's 60th – plan"]),
        ])
        // "Mum" is what the contact called 妈妈 is; a note named "Mum's 60th" does not keep her from being found.
        let texts = try index.resolve(sampleRequest("any texts from my mum?"))
        #expect(ids(texts.results).first == "soup")
        #expect(ids(try index.resolve(sampleRequest("call my grandma")).results) == ["oma"])
        // Said as a name no one is called, nothing is found by it.
        #expect(try index.resolve(sampleRequest("call my uncle")).status == .notFound)
    }

    @Test func aLanguageNoShownEntityIsWrittenInMayBeWhatOneIsAbout() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "class", properties: ["title": "HSK 5 writing", "location": "Linguo Chinese Centre",
                                                                     "startDate": "2026-03-12T19:30:00Z"]),
            Entity(type: "calendar.event", id: "yoga", properties: ["title": "Yoga", "startDate": "2026-03-12T07:00:00Z"]),
            Entity(type: "messages.message", id: "soup", properties: ["body": "今晚回家吃饭吗?", "language": "zh"]),
        ])
        let day = screen(visible: ["calendar.event:yoga", "calendar.event:class"], focused: nil)
        #expect(ids(try index.resolve(SearchQuery("open the Chinese one", context: day)).results) == ["class"])
        // Shown, the message written in Chinese is the Chinese one.
        let chat = screen(visible: ["messages.message:soup", "calendar.event:class"], focused: nil)
        #expect(ids(try index.resolve(SearchQuery("open the Chinese one", context: chat)).results) == ["soup"])
    }

    @Test func aMailToSomeoneAtAnOrganizationIsNoMailFromThere() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "bartek", properties: ["name": "Bartek Lis", "email": "bartek.lis@comarch.pl",
                                                                        "organization": "Comarch"]),
            Entity(type: "mail.message", id: "club", properties: ["subject": "Book club", "from": "magda@gmail.com",
                                                                  "to": ["bartek.lis@comarch.pl"]]),
        ])
        // No mail is from Comarch; the one to Bartek there is listed, not resolved on.
        let fromComarch = try index.resolve(sampleRequest("any emails from someone at Comarch?"))
        #expect(fromComarch.status != .resolved)
    }

    @Test func whatIsNamedNearlyAsSaidButIsNotOfTheTypeAskedIsNeverResolvedOn() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "liam", properties: ["name": "Liam O'Brien"]),
            Entity(type: "reminders.reminder", id: "post", properties: ["title": "Send Liam his charger"]),
            Entity(type: "photos.asset", id: "photo", properties: ["title": "IMG_6050", "caption": "Liam's charger, left in room 3", "creationDate": "2026-03-09T09:20:00Z",
                                                                   "people": [["type": "messages.contact", "id": "liam"]]]),
        ])
        // The reminder is named almost as said, but a pic is asked for: it is listed, never resolved on.
        let pic = try index.resolve(sampleRequest("send liam a pic of his charger"))
        #expect(pic.status != .resolved || ids(pic.results).first == "photo")
        #expect(ids(pic.results).contains("photo"))
        // No photo of it, only a message shown that says the words: listed, never resolved on.
        try index.donate([Entity(type: "messages.message", id: "truck", properties: [
            "body": "Permit received. Prime mover XE 4512 K", "sender": ["type": "messages.contact", "id": "liam"]])])
        let mover = try index.resolve(SearchQuery("open the photo he sent of the prime mover",
                                                  context: screen(visible: ["messages.message:truck"], focused: nil)))
        #expect(mover.status != .resolved)
    }

    @Test func aShownEntityThatOnlyMentionsWhoACueNamesIsNeverResolvedOn() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "lucia", properties: ["name": "Lucía Fernández", "email": "lucia.fernandez@gmail.com"]),
            Entity(type: "mail.message", id: "rent", properties: ["subject": "Rent for July", "from": "fujii@fudosan.jp",
                                                                  "to": ["lucia.fernandez@gmail.com"]]),
            Entity(type: "mail.message", id: "pass", properties: ["subject": "Your climbing pass", "from": "info@rockdock.jp"]),
        ])
        // Nothing shown is from Lucía; the rent mail is to her. It is offered, not resolved on.
        let fromLucia = try index.resolve(SearchQuery("open the one from Lucía", context: screen(visible: ["mail.message:rent", "mail.message:pass"], focused: nil)))
        #expect(ids(fromLucia.results) == ["rent"])
        #expect(fromLucia.status != .resolved)
    }

    @Test func aPersonsPossessiveTypedWithoutTheApostropheIsTheirs() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "selin", properties: ["name": "Selin Aydın", "phone": "+49 30 6128 4470"]),
            Entity(type: "notes.note", id: "plan", properties: ["title": "Training plan", "body": "Numbers for Selin"]),
        ])
        let number = try index.resolve(SearchQuery("whats selins number"))
        #expect(number.status == .resolved && ids(number.results).first == "selin")
        #expect(number.interpretation?.cues.first?.isPossessive == true)
        // A word some entity holds, or a name's plural at the end, is as said.
        #expect(try index.interpretation(of: SearchQuery("the numbers for the plans")).cues.isEmpty)
        #expect(try index.interpretation(of: SearchQuery("text both Selins")).cues.isEmpty)
    }

    @Test func aNumberSaidAsWhoSentSomethingIsWhoeverHasIt() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "marisol", properties: ["name": "Marisol Reyes", "phone": "+1 647 555 0141"]),
            Entity(type: "messages.message", id: "cover", properties: ["body": "Can you cover my day shift Saturday?",
                                                                      "sender": ["type": "messages.contact", "id": "marisol"]]),
            Entity(type: "messages.message", id: "other", properties: ["body": "Seedling swap on Sunday"]),
        ])
        // Her number in groups, as people say it: her messages, not her contact.
        let texts = try index.resolve(SearchQuery("show texts from 647 555 0141"))
        #expect(ids(texts.results).first == "cover" && texts.status == .resolved)
    }

    @Test func aNumberAfterAWordNeverSaidBeforeANumberCountsAlone() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "kestrel", properties: ["title": "Kestrel 4 arrival", "startDate": "2026-03-06T09:00:00Z",
                                                                    "notes": "Capture on 6 March"]),
            Entity(type: "mail.message", id: "trail", properties: ["subject": "Inscription confirmée – Trail 13 km",
                                                                  "body": "Départ 9h00. Dossard n° 1187."]),
        ])
        // "Kestrel 6" is not Kestrel 4, though its notes say 6.
        #expect(try index.resolve(SearchQuery("Kestrel 6")).status != .resolved)
        // No entity says a number after "bib", and "number" says only that one follows: the number counts alone.
        for said in ["bib 1187", "the thing with bib number 1187"] {
            #expect(try index.resolve(SearchQuery(said)).results.first?.identifier.id == "trail")
        }
    }

    @Test func anAnchorThatFitsSeveralAnswersBesideEachUnsure() throws {
        let index = try EntityIndex()
        func event(_ id: String, _ title: String, _ start: String) -> Entity {
            Entity(type: "calendar.event", id: id, properties: ["title": .string(title), "startDate": .string(start)])
        }
        try index.donate([event("football", "Football training", "2026-11-14T09:00:00Z"),
                          event("dentist", "Dentist", "2026-11-14T12:00:00Z"),
                          event("swim", "Swim training", "2026-11-14T16:00:00Z"),
                          event("party", "Birthday party", "2026-11-14T18:00:00Z")])
        let thursday = try Date("2026-11-12T10:00:00Z", strategy: .iso8601)
        func resolve(_ text: String) throws -> Resolution {
            try index.resolve(SearchQuery(text, now: thursday, timeZone: TimeZone(identifier: "UTC")!))
        }
        // Either training: what comes after each, and no verdict.
        let either = try resolve("what's after training on Saturday")
        #expect(either.status == .ambiguous)
        #expect(Set(ids(either.results)) == ["dentist", "party"])
        // One training named: what comes after it.
        let swim = try resolve("what's after swim training on Saturday")
        #expect(swim.status == .resolved)
        #expect(ids(swim.results).first == "party")
    }

    @Test func aNameSaidInAnotherCaseIsTheNameWritten() throws {
        let index = try EntityIndex()
        let dima: PropertyValue = ["type": "messages.contact", "id": "dima"]
        try index.donate([
            Entity(type: "messages.contact", id: "dima", properties: ["name": "Dmitri Orlov", "nickname": "Дима"]),
            Entity(type: "messages.contact", id: "anna", properties: ["name": "Anna Gorelova", "nickname": "Анна Горелова"]),
            Entity(type: "messages.message", id: "wine", properties: ["body": "Только вино и хорошее настроение", "sender": dima]),
            Entity(type: "messages.message", id: "panel", properties: ["body": "Увидимся на панели", "sender": ["type": "messages.contact", "id": "anna"]]),
        ])
        // Genitive after "от": "Димы" is Дима, "Анны Гореловой" Анна Горелова.
        for (text, id) in [("сообщения от Димы", "wine"), ("сообщения от Анны Гореловой", "panel")] {
            let found = try index.resolve(SearchQuery(text))
            #expect(found.results.first?.identifier.id == id, "\(text)")
        }
    }

    @Test func thePeopleOfAnEventShownAreItsAttendeesContacts() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "lena", properties: ["name": "Lena Hoffmann", "email": "lena@vetmed.example"]),
            Entity(type: "messages.contact", id: "alvaro", properties: ["name": "Álvaro Muñoz", "email": "alvaro@turia.example"]),
            Entity(type: "calendar.event", id: "call", properties: [
                "title": "X-ray call", "startDate": "2026-11-12T15:00:00Z",
                "attendees": [["name": "Lena Hoffmann", "email": "lena@vetmed.example"]]]),
            Entity(type: "calendar.event", id: "review", properties: [
                "title": "Quote review", "startDate": "2026-11-13T15:00:00Z",
                "attendees": [["name": "Lena H.", "email": "LENA@vetmed.example"], ["name": "Álvaro", "email": "alvaro@turia.example"]]]),
            Entity(type: "calendar.event", id: "visit", properties: [
                "title": "Site visit", "startDate": "2026-11-14T15:00:00Z", "attendees": [["name": "Álvaro Muñoz"]]]),
        ])
        func resolve(_ text: String, over event: String, types: Set<EntityType> = []) throws -> Resolution {
            try index.resolve(SearchQuery(text, types: types,
                                          context: ScreenContext(visible: [], focused: EntityIdentifier(type: "calendar.event", id: event))))
        }
        // An attendee is the contact with their address, whatever name the invitation gives them.
        let her = try resolve("email her", over: "call")
        #expect(her.status == .resolved)
        #expect(ids(her.results) == ["lena"])
        // An attendee with no address is the contact of that whole name.
        #expect(ids(try resolve("call him", over: "visit").results) == ["alvaro"])
        // She is never the event shown: asked of events only, no one fits.
        #expect(try resolve("email her", over: "call", types: ["calendar.event"]).status == .notFound)
        // Two attendees, and nothing says which of them "him" is.
        let him = try resolve("call him", over: "review")
        #expect(him.status == .ambiguous)
        #expect(Set(ids(him.results)) == ["lena", "alvaro"])
        // "The people in this event" are all of them; "this event" alone is the event.
        let people = try resolve("email the people in this event", over: "review")
        #expect(people.status == .resolved)
        #expect(Set(ids(people.results)) == ["lena", "alvaro"])
        #expect(Set(ids(try resolve("email the attendees of this", over: "review").results)) == ["lena", "alvaro"])
        #expect(Set(ids(try resolve("message everyone on this", over: "review").results)) == ["lena", "alvaro"])
        // Said over the event without pointing at it, "the attendees" are still its own.
        #expect(Set(ids(try resolve("email the attendees I'll be late", over: "review").results)) == ["lena", "alvaro"])
        #expect(ids(try resolve("email this event", over: "review").results) == ["review"])
        // "The guy in this event" is one of its people: the only one, or either of two.
        let guy = try resolve("call the guy in this event", over: "call")
        #expect(guy.status == .resolved && ids(guy.results) == ["lena"])
        #expect(try resolve("call the guy in this event", over: "review").status == .ambiguous)
        // "The Thursday one" is the event shown on Thursday (a description, not when to email): its one attendee.
        let days = ScreenContext(visible: ["calendar.event:call", "calendar.event:review"].compactMap(EntityIdentifier.init))
        let woman = try index.resolve(SearchQuery("email the woman in the Thursday one", context: days,
                                                  now: try Date("2026-11-11T09:00:00Z", strategy: .iso8601),
                                                  timeZone: TimeZone(identifier: "UTC")!))
        #expect(ids(woman.results) == ["lena"])
        #expect(woman.interpretation?.command?.arguments.isEmpty ?? false)
    }

    @Test func theScreenIsReadInItsOrderAndByTime() throws {
        let photos = ["photos.asset:photo-001", "photos.asset:photo-004", "photos.asset:photo-006"]
        let may = Date(timeIntervalSince1970: 1_777_600_000)  // 2026-05-01, after all three were taken
        // Above and below the focused one, in screen order; with nothing focused, nothing is beside it.
        #expect(try resolve("the one above", visible: photos, focused: photos[1]).results.map(\.identifier.id) == ["photo-001"])
        #expect(try resolve("the photo below this one", visible: photos, focused: photos[1]).results.map(\.identifier.id) == ["photo-006"])
        #expect(try resolve("the one above", visible: photos).status == .notFound)
        // The newest and the oldest of what is shown, whichever is focused.
        #expect(try resolve("the newest one", visible: photos, focused: photos[1], now: may).results.map(\.identifier.id) == ["photo-006"])
        #expect(try resolve("the oldest one", visible: photos, focused: photos[0], now: may).results.map(\.identifier.id) == ["photo-004"])
        // An anchor shown is the one meant: "what's after lunch" over a day of events.
        let day = ["calendar.event:evt-004", "calendar.event:evt-005", "calendar.event:evt-006"]
        let afterLunch = try resolve("what's after lunch", visible: day, now: Date(timeIntervalSince1970: 1_773_129_600))  // 2026-03-10
        #expect(afterLunch.interpretation?.anchor != nil)
        #expect(afterLunch.status == .resolved)
        // "The one after" an entity shown is the nearest after it in time among those shown, in any screen order.
        let shuffled = ["calendar.event:evt-006", "calendar.event:evt-004", "calendar.event:evt-005"]
        let next = try resolve("move the one after the crew lunch to 3 pm", visible: shuffled)
        #expect(next.results.map(\.identifier.id) == ["evt-005"] && next.status == .resolved)
        #expect(try resolve("the one before the filter swap", visible: shuffled).results.map(\.identifier.id) == ["evt-005"])
        // A value no photo holds as a property may be said in a caption; else nothing fits.
        let grid = ["photos.asset:photo-001", "photos.asset:photo-002", "photos.asset:photo-003", "photos.asset:photo-004"]
        #expect(Set(try resolve("the one with Chen in it", visible: grid).results.map(\.identifier.id)) == ["photo-002", "photo-003"])
        #expect(try resolve("the one from Amara", visible: grid).status == .notFound)
        // All but the focused one.
        let rest = try resolve("delete everything except this one", visible: photos, focused: photos[1])
        #expect(rest.status == .resolved)
        #expect(rest.results.map(\.identifier.id) == ["photo-001", "photo-006"])
        // Several from the top or the bottom; never fewer than said.
        let firstTwo = try resolve("delete the first two", visible: photos)
        #expect(firstTwo.status == .resolved)
        #expect(firstTwo.results.map(\.identifier.id) == ["photo-001", "photo-004"])
        #expect(try resolve("the last 2 photos", visible: photos).results.map(\.identifier.id) == ["photo-004", "photo-006"])
        #expect(try resolve("the first four", visible: photos).status == .notFound)
        // "The one" the words describe is not the focused one when it does not hold them.
        let messages = ["messages.message:msg-001", "messages.message:msg-002", "messages.message:msg-003"]
        #expect(try resolve("the one where she mentions dinner", visible: messages, focused: messages[2]).status != .resolved)
        #expect(try resolve("the one where she mentions the glove", visible: messages, focused: messages[2]).status == .resolved)
        // "them" over photos and no one shown is the photos; over a mail, the people in it.
        let them = try resolve("delete them", visible: photos)
        #expect(them.status == .resolved)
        #expect(them.results.map(\.identifier.id) == ["photo-001", "photo-004", "photo-006"])
        #expect(try resolve("call them", visible: ["mail.message:mail-002"], focused: "mail.message:mail-002")
            .results.allSatisfy { $0.identifier.type == "messages.contact" })
    }

    @Test func allShownButWhatIsLeftOut() throws {
        let notes = ["notes.note:note-003", "notes.note:note-004", "notes.note:note-005"]
        let others = try resolve("pin all of them except the talent show", visible: notes)
        #expect(Set(others.results.map(\.identifier.id)) == ["note-003", "note-004"])
        #expect(others.status == .resolved)
        // What is shown does not say what the request says of it: no sure answer.
        #expect(try resolve("pin both zeppelin notes", visible: notes).status == .ambiguous)
    }

    @Test func aPointerAtAnotherTypeFindsWhatIsAboutWhatIsShown() throws {
        // The event a photo was taken at: no event is shown, so the one about the photo.
        let harvest = try resolve("show me the calendar event this was taken at",
                                  visible: ["photos.asset:photo-003"], focused: "photos.asset:photo-003")
        #expect(harvest.status == .resolved)
        #expect(harvest.results.first?.identifier.id == "evt-011")
        // The reminder about the focused check-up; the check-up itself is not of the types asked for.
        let reminder = try resolve("who sent me the reminder about it",
                                   visible: ["calendar.event:evt-013"], focused: "calendar.event:evt-013")
        #expect(reminder.results.first?.identifier.id == "mail-003")
        #expect(!reminder.results.contains { $0.identifier.id == "evt-013" })
        // So is "is this in my calendar" over the photo: the event is the one about it; "this event" is shown or none.
        #expect(try resolve("when was this event", visible: ["photos.asset:photo-003"], focused: "photos.asset:photo-003")
            .status == .notFound)
        for text in ["is this in my calendar", "is it on my calendar"] {
            #expect(try resolve(text, visible: ["photos.asset:photo-003"], focused: "photos.asset:photo-003")
                .results.first?.identifier.id == "evt-011")
        }
        // A message has no name: the event about it is found by what it says.
        #expect(try resolve("is this in my calendar", visible: ["messages.message:msg-012"], focused: "messages.message:msg-012")
            .results.first?.identifier.id == "evt-010")
        // Of the type shown, the pointer is what is shown.
        #expect(try resolve("open this event", focused: "calendar.event:evt-013").results.map(\.identifier.id) == ["evt-013"])
    }

    @Test func deletingByRequestDeletesOnlyWhatIsResolved() throws {
        let visible = ScreenContext(visible: [EntityIdentifier(type: "notes.note", id: "note-001"), EntityIdentifier(type: "notes.note", id: "note-002")])
        let ambiguous = try index.delete(matching: SearchQuery("delete it", context: visible))
        #expect(ambiguous.resolution.status == .ambiguous && ambiguous.deleted.isEmpty)
        #expect(try index.entity(for: EntityIdentifier(type: "notes.note", id: "note-001")) != nil)
        let dryRun = try index.delete(matching: SearchQuery("delete the crew lunch", now: sampleNow), dryRun: true)
        #expect(dryRun.deleted == [EntityIdentifier(type: "calendar.event", id: "evt-004")])
        #expect(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "evt-004")) != nil)
        let deleted = try index.delete(matching: SearchQuery("delete the crew lunch", now: sampleNow))
        #expect(deleted.deleted == [EntityIdentifier(type: "calendar.event", id: "evt-004")])
        #expect(try index.entity(for: EntityIdentifier(type: "calendar.event", id: "evt-004")) == nil)
        let these = try index.delete(matching: SearchQuery("delete these", context: visible))
        #expect(these.deleted.count == 2)
        #expect(try index.entities(for: visible.visible).isEmpty)
        // More than a page of them: all go, not the first ten.
        let events = try sampleCorpus().filter { $0.type == "calendar.event" && $0.id != "evt-004" }.map(\.identifier)
        let allEvents = try index.delete(matching: SearchQuery("delete these events", context: ScreenContext(visible: events), limit: 10))
        #expect(allEvents.deleted.count == events.count && events.count > 10)
    }
}

/// How recurring entities repeat.
@Suite struct RecurrenceTests {
    private func seconds(_ text: String) -> Double { ISO8601.seconds(fromDate: text)! }

    /// A day of a veterinary practice, apart from the sample corpus: tomorrow (Friday 13 March)
    /// holds a run, a dentist's appointment and a dinner; a supplier writes from its own domain.
    private func practice() throws -> EntityIndex {
        let practice = try EntityIndex()
        func timed(_ id: String, _ title: String, _ start: String) -> Entity {
            Entity(type: "calendar.event", id: id, properties: ["title": .string(title), "startDate": .string(start)])
        }
        func mail(_ id: String, from: String, subject: String, body: String) -> Entity {
            Entity(type: "mail.message", id: id, properties: ["from": .string(from), "subject": .string(subject), "body": .string(body),
                                                               "sentAt": "2026-03-10T08:00:00Z"])
        }
        try practice.donate([
            timed("run", "Morning run", "2026-03-13T07:00:00Z"), timed("dentist", "Dentist", "2026-03-13T17:30:00Z"),
            timed("dinner", "Dinner at Marta's", "2026-03-13T21:00:00Z"),
            Entity(type: "messages.contact", id: "raul", properties: ["name": "Raúl Gómez", "email": "raul.gomez@distlevante.es",
                                                                     "organization": "Distribuciones Levante"]),
            Entity(type: "messages.contact", id: "marco", properties: ["name": "Marco Bianchi", "email": "marco.bianchi@gmail.com"]),
            Entity(type: "messages.contact", id: "pilar", properties: ["name": "Pilar Ortega", "email": "pilar.ortega@gmail.com"]),
            mail("invoice", from: "facturacion@distlevante.es", subject: "Invoice F-1102", body: "Payment within 30 days."),
            mail("order", from: "pedidos@distlevante.es", subject: "Your order has shipped", body: "It arrives on Friday."),
            mail("rota", from: "lena.ruiz@clinic.es", subject: "December rota", body: "Marcos and Sofía swapped the 8th."),
            Entity(type: "notes.note", id: "party", properties: ["title": "Pilar party ideas", "body": "Bowling and pizza. 12 friends max."]),
            Entity(type: "messages.message", id: "seen", properties: ["body": "Wind looks good for Sunday", "isRead": true,
                                                                     "sender": ["type": "messages.contact", "id": "marco"]]),
            Entity(type: "messages.message", id: "unseen", properties: ["body": "Meet at the club at 9?", "isRead": false,
                                                                       "sender": ["type": "messages.contact", "id": "marco"]]),
        ])
        return practice
    }

    @Test func aCancelledEventIsNeverWhatIsOn() throws {
        let practice = try practice()
        try practice.donate([Entity(type: "calendar.event", id: "coffee", properties: [
            "title": "Coffee with Bartek", "startDate": "2026-03-14T17:30:00Z", "status": "cancelled"])])
        func resolve(_ text: String) throws -> Resolution {
            try practice.resolve(sampleRequest(text))
        }
        let saturday = try resolve("anything on Saturday evening?")
        #expect(ids(saturday.results) == ["coffee"])
        #expect(saturday.status == .ambiguous)
        // Asked for as cancelled, it is what is wanted.
        #expect(try resolve("which events were cancelled").results.first?.identifier.id == "coffee")
        // Asked when, the coffee moved to Monday is the one meant, not the cancelled one, though that comes first.
        try practice.donate([Entity(type: "calendar.event", id: "coffee-moved", properties: [
            "title": "Coffee with Bartek", "startDate": "2026-03-16T17:30:00Z"])])
        let when = try resolve("when is the coffee with Bartek")
        #expect(ids(when.results).first == "coffee-moved")
    }

    @Test func whatIsStillGoingOnIsOnAfterWhatBeginsThen() throws {
        let practice = try practice()
        func lasting(_ id: String, _ title: String, _ start: String, _ end: String) -> Entity {
            Entity(type: "calendar.event", id: id, properties: ["title": .string(title), "startDate": .string(start), "endDate": .string(end)])
        }
        try practice.donate([lasting("congress", "Veterinary congress in Seville", "2026-03-12T08:00:00Z", "2026-03-15T18:00:00Z"),
                             lasting("night", "Night on call", "2026-03-13T20:00:00Z", "2026-03-14T08:00:00Z")])
        func resolve(_ text: String) throws -> Resolution {
            try practice.resolve(sampleRequest(text))
        }
        // Nothing begins on Saturday, but the congress and the night on call are on.
        #expect(Set(ids(try resolve("what's on Saturday").results)) == ["congress", "night"])
        // The run begins tomorrow morning; the congress only goes on then.
        #expect(ids(try resolve("what's on tomorrow morning").results) == ["run", "congress"])
        // Saturday afternoon: the night on call ended at eight.
        #expect(ids(try resolve("anything Saturday afternoon?").results) == ["congress"])
        // Over by Monday; and "the next" counts by when things begin.
        #expect(!ids(try resolve("what's on Monday").results).contains("congress"))
        #expect(try resolve("the next event").results.first?.identifier.id == "run")
        // On screen too, "the one tomorrow morning" is what begins then, not what only goes on.
        let shown = try practice.resolve(sampleRequest("the one tomorrow morning",
                                                       context: screen(visible: ["calendar.event:congress", "calendar.event:run"], focused: nil)))
        #expect(shown.status == .resolved)
        #expect(shown.results.first?.identifier.id == "run")
    }

    @Test func whatTheShownMailSpeaksOfIsFoundByItsName() throws {
        let practice = try practice()
        try practice.donate([
            Entity(type: "mail.message", id: "rfc-mail", properties: ["from": "tomasz@fernweh.io", "subject": "RFC-031: Migrate the event bus to NATS",
                                                                     "body": "Comments welcome before Thursday.", "sentAt": "2026-03-11T09:00:00Z"]),
            Entity(type: "document.document", id: "rfc", properties: ["title": "RFC-031 Event bus migration to NATS", "text": "Motivation, plan, risks."]),
        ])
        func resolve(_ text: String) throws -> Resolution {
            try practice.resolve(sampleRequest(text, context: ScreenContext(visible: [], focused: EntityIdentifier("mail.message:rfc-mail"))))
        }
        #expect(try resolve("open the doc he's talking about").results.first?.identifier.id == "rfc")
        #expect(try resolve("open the RFC it mentions").results.first?.identifier.id == "rfc")
        // A message has no name: its words say what it speaks of, and it is not what is wanted.
        try practice.donate([
            Entity(type: "messages.message", id: "confirmed", properties: ["body": "Rocky's owner confirmed surgery for Wednesday",
                                                                          "sentAt": "2026-03-12T08:00:00Z"]),
            Entity(type: "calendar.event", id: "surgery", properties: ["title": "Surgery: Rocky", "startDate": "2026-03-18T09:00:00Z"]),
        ])
        let surgery = try practice.resolve(sampleRequest("open the surgery he's talking about", context: ScreenContext(
            visible: ["messages.message:msg-lh-1", "messages.message:confirmed"].compactMap(EntityIdentifier.init),
            focused: EntityIdentifier("messages.message:confirmed"))))
        #expect(surgery.results.first?.identifier.id == "surgery" && !ids(surgery.results).contains("confirmed"))
        // "She" is who mentions it: never the sender herself.
        let link = try practice.resolve(sampleRequest("open the link she mentioned",
                                                      context: ScreenContext(visible: [], focused: EntityIdentifier("messages.message:msg-lh-1"))))
        #expect(link.results.allSatisfy { $0.identifier.type != "messages.contact" })
    }

    @Test func theLastOfATimeIsItsLastAndAfternoonsRunToSix() throws {
        let practice = try practice()
        func resolve(_ text: String) throws -> Resolution {
            try practice.resolve(sampleRequest(text))
        }
        #expect(try resolve("the last event tomorrow").results.first?.identifier.id == "dinner")
        #expect(try resolve("what's the last thing on my calendar tomorrow").results.first?.identifier.id == "dinner")
        #expect(try resolve("the first thing tomorrow").results.first?.identifier.id == "run")
        #expect(ids(try resolve("what's on tomorrow afternoon").results) == ["dentist"])
    }

    @Test func valuesThatNameSomeoneAreMeantAsThem() throws {
        let practice = try practice()
        func resolve(_ text: String, types: Set<EntityType> = []) throws -> Resolution {
            try practice.resolve(sampleRequest(text, types: types))
        }
        // An organization is where its people write from, though none of its mail says its name.
        #expect(Set(ids(try resolve("emails from Levante").results).prefix(2)) == ["invoice", "order"])
        // Marco never wrote: a mail that mentions Marcos is no mail from him.
        #expect(try resolve("emails from Marco", types: ["mail.message"]).status != .resolved)
        // "her" with nothing on screen is the one the request names.
        #expect(try resolve("how many friends is Pilar inviting to her party").results.first?.identifier.id == "party")
        #expect(try resolve("her party").status == .notFound)
        // A command that sets a state acts first on what is not so yet, and is no surer for it.
        let mark = try resolve("mark Marco's message as read")
        #expect(ids(mark.results).prefix(2) == ["unseen", "seen"])
        #expect(mark.status == .ambiguous)
    }

    @Test func whatIsComingUpIsWhatIsStillToDo() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "reminders.reminder", id: "sent", properties: ["title": "Send the statements to Benoît", "dueDate": "2026-03-14",
                                                                       "isCompleted": true]),
            Entity(type: "calendar.event", id: "meeting", properties: ["title": "Accountant – Benoît Lambert",
                                                                      "startDate": "2026-03-15T10:00:00Z", "endDate": "2026-03-15T11:00:00Z"]),
            Entity(type: "reminders.reminder", id: "ask", properties: ["title": "Ask Benoît about the VAT", "dueDate": "2026-03-16"]),
        ])
        let upcoming = try index.resolve(sampleRequest("anything coming up with Benoît"))
        // Upcoming means open for what can be done (a reminder ticked off is not coming up, though sooner), and
        // events still come.
        #expect(ids(upcoming.results).prefix(2) == ["meeting", "ask"])
        #expect(upcoming.interpretation?.flags.map(\.isImplied) == [true])
    }

    @Test func anAnchorThatNamesNothingSaysWhatIsWanted() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "notes.note", id: "critic", properties: ["title": "Après la visite de la critique", "body": "Table 6 : tamal servi tiède.",
                                                                  "modifiedAt": "2026-03-08T10:00:00Z", "language": "fr"]),
            Entity(type: "notes.note", id: "bike", properties: ["title": "Vélo – pièces à changer", "modifiedAt": "2026-03-07T09:00:00Z"]),
        ])
        // No entity is the critic's visit: the note that says it, written after last Saturday, unsure.
        let note = try index.resolve(sampleRequest("find the note I wrote after the critic came in last Saturday"))
        #expect(note.results.first?.identifier.id == "critic" && note.status != .resolved)
        // A meal planned is the anchor ("what's after lunch" over a day's events); with none, the meal says a time.
        try index.donate([Entity(type: "calendar.event", id: "review", properties: ["title": "Design review", "startDate": "2026-03-12T10:00:00Z"]),
                          Entity(type: "calendar.event", id: "yoga", properties: ["title": "Yoga", "startDate": "2026-03-12T17:00:00Z"])])
        let morning = try index.resolve(sampleRequest("do I have anything before lunch on thursday"))
        #expect(morning.interpretation?.time?.to == Date(timeIntervalSince1970: 1_773_316_800))  // 2026-03-12T12:00:00Z
        #expect(morning.results.first?.identifier.id == "review" && !morning.results.contains { $0.identifier.id == "yoga" })
    }

    @Test func theShownThatSayMoreOfTheWordsFitBest() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "mail.message", id: "order", properties: ["subject": "Your order has shipped – Levante", "sentAt": "2026-03-10T08:00:00Z"]),
            Entity(type: "mail.message", id: "nov", properties: ["subject": "Invoice F-1102 – Levante", "sentAt": "2026-03-09T08:00:00Z"]),
            Entity(type: "mail.message", id: "oct", properties: ["subject": "Invoice F-0988 – Levante", "sentAt": "2026-03-08T08:00:00Z"]),
            Entity(type: "mail.message", id: "promo", properties: ["subject": "Autumn offers", "sentAt": "2026-03-07T08:00:00Z"]),
        ])
        let shown = ScreenContext(visible: ["order", "nov", "oct", "promo"].map { EntityIdentifier(type: "mail.message", id: $0) })
        let invoices = try index.resolve(sampleRequest("which of these are Levante invoices?", context: shown))
        #expect(Set(ids(Array(invoices.results.prefix(2)))) == ["nov", "oct"])
        #expect(invoices.results.last?.identifier.id == "order" && invoices.status != .resolved)
    }

    @Test func aPolishRequestFindsWhatItAsksFor() throws {
        // Read as English, none of these was found: their time, type and command words were words to find. Read as
        // Polish, each is resolved on what it asks for.
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "kasia", properties: ["name": "Kasia Wójcik", "email": "kasia.wojcik@wp.pl"]),
            Entity(type: "mail.message", id: "kasia-mail", properties: ["from": "kasia.wojcik@wp.pl", "subject": "Ścianka w sobotę?",
                                                                       "body": "Idziemy na ściankę w sobotę?", "sentAt": "2026-03-10T08:00:00Z"]),
            Entity(type: "mail.message", id: "club-mail", properties: ["from": "trener@orleta.pl", "subject": "Trening Orląt",
                                                                      "body": "Trening przeniesiony na wtorek", "sentAt": "2026-03-11T08:00:00Z"]),
            Entity(type: "calendar.event", id: "training", properties: ["title": "Trening Orlęta U10", "startDate": "2026-03-17T17:00:00Z"]),
            Entity(type: "calendar.event", id: "last-training", properties: ["title": "Trening Orlęta U10", "startDate": "2026-03-10T17:00:00Z"]),
            Entity(type: "calendar.event", id: "dentist", properties: ["title": "Dentysta", "startDate": "2026-03-16T09:00:00Z"]),
            Entity(type: "calendar.event", id: "climbing", properties: ["title": "Ścianka z Kasią", "startDate": "2026-03-14T15:00:00Z",
                                                                       "endDate": "2026-03-14T17:00:00Z"]),
            Entity(type: "photos.asset", id: "saturday", properties: ["title": "Ścianka", "creationDate": "2026-03-07T16:00:00Z"]),
            Entity(type: "photos.asset", id: "sunday", properties: ["title": "Spacer", "creationDate": "2026-03-08T11:00:00Z"]),
            Entity(type: "reminders.reminder", id: "milk", properties: ["title": "Kupić mleko", "dueDate": "2026-03-10"]),
            Entity(type: "reminders.reminder", id: "gift", properties: ["title": "Prezent dla Zosi", "dueDate": "2026-03-20"]),
        ])
        func resolved(_ text: String) throws -> String? {
            let resolution = try index.resolve(sampleRequest(text))
            return resolution.status == .resolved ? resolution.results.first?.identifier.id : nil
        }
        #expect(try resolved("usuń maila od Kasi") == "kasia-mail")
        // Next Tuesday's training, not last Tuesday's, nor the mail that says it moved.
        #expect(try resolved("kiedy jest trening w przyszły wtorek") == "training")
        #expect(try resolved("pokaż zdjęcia z zeszłej soboty") == "saturday")
        #expect(try resolved("przesuń wizytę u dentysty na piątek") == "dentist")
        #expect(try resolved("co mam w sobotę o 15?") == "climbing")
        // Overdue is past its date and still open.
        #expect(try resolved("jakie mam zaległe zadania?") == "milk")
        #expect(ids(try index.resolve(sampleRequest("jakie mam zaległe zadania?")).results) == ["milk"])
    }

    @Test func aPronounForSomeoneTheRequestNamesIsNoPersonWanted() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "sophie", properties: ["name": "Sophie Benali"]),
            Entity(type: "messages.message", id: "gallery", properties: [
                "body": "Any idea when the full gallery will be ready?", "sentAt": "2026-03-11T20:45:00Z",
                "sender": ["type": "messages.contact", "id": "sophie"]]),
        ])
        let reply = try index.resolve(sampleRequest("reply to Sophie, she's asking about the gallery"))
        // With nothing on screen, "she" is Sophie, said about what to reply to: her message, not her.
        #expect(reply.results.first?.identifier.id == "gallery")
        #expect(reply.interpretation?.types == ["mail.message", "messages.message"])
        // "Her" after someone said, who is no contact, may be her: her words are searched, not nothing.
        try index.donate([Entity(type: "messages.message", id: "song", properties: [
            "body": "Hana here: thank you for the birthday song!", "sentAt": "2026-03-11T21:00:00Z"])])
        let song = try index.resolve(sampleRequest("what did Hana text me after I sang happy birthday to her"))
        #expect(song.results.first?.identifier.id == "song")
    }

    @Test func aDescribedOneIsWhatTheCommandActsOn() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "kevin", properties: ["name": "Kevin Roy"]),
            Entity(type: "messages.contact", id: "ana", properties: ["name": "Ana Silva"]),
            Entity(type: "messages.conversation", id: "team", properties: [
                "title": "Team", "participants": [["type": "messages.contact", "id": "kevin"], ["type": "messages.contact", "id": "ana"]]]),
            Entity(type: "messages.message", id: "late", properties: [
                "body": "Can't make the tasting before 5", "sentAt": "2026-03-11T20:45:00Z",
                "sender": ["type": "messages.contact", "id": "kevin"], "conversation": ["type": "messages.conversation", "id": "team"]]),
            Entity(type: "messages.message", id: "fine", properties: [
                "body": "No problem", "sentAt": "2026-03-11T21:00:00Z",
                "sender": ["type": "messages.contact", "id": "ana"], "conversation": ["type": "messages.conversation", "id": "team"]]),
        ])
        // In the team's chat, "Kevin's one" to reply to is his message, not the chat focused, which he is in too.
        let screen = ScreenContext(visible: ["messages.message:late", "messages.message:fine"].compactMap(EntityIdentifier.init),
                                   focused: EntityIdentifier("messages.conversation:team"))
        let reply = try index.resolve(SearchQuery("reply to Kevin's one, no worries just come at 5", context: screen, now: sampleNow,
                                                  timeZone: TimeZone(identifier: "UTC")!))
        #expect(reply.results.first?.identifier.id == "late")
    }

    @Test func aHyphenatedNameInACueIsSomeoneNotAnAddress() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "takahashi", properties: [
                "name": "Hiroshi Takahashi", "nickname": "Takahashi-sensei", "email": "takahashi.hiroshi@osaka-u.ac.jp"]),
            Entity(type: "mail.message", id: "beamtime", properties: [
                "subject": "Beamtime in July", "body": "Shifts attached.", "from": "takahashi.hiroshi@osaka-u.ac.jp",
                "sentAt": "2026-03-10T07:40:00Z"]),
            Entity(type: "messages.contact", id: "marc", properties: ["name": "Marc-André Pelletier", "email": "ma.pelletier@lamerdunord.ca"]),
            Entity(type: "mail.message", id: "fish", properties: [
                "subject": "Arrivage de la semaine", "from": "ma.pelletier@lamerdunord.ca", "sentAt": "2026-03-10T12:12:00Z"]),
            Entity(type: "mail.message", id: "vet", properties: [
                "subject": "Rappel de rendez-vous", "from": "rdv@hvrosemont.ca", "sentAt": "2026-03-11T14:00:00Z"]),
        ])
        // "Takahashi-sensei" names him: his mail is wanted, though none of it says the nickname.
        let mail = try index.resolve(sampleRequest("emails from Takahashi-sensei"))
        #expect(mail.results.first?.identifier.id == "beamtime")
        // So does a name with an accent: "marc-andré" is folded as the cue's words are, and asks nothing more of his mail.
        let fish = try index.resolve(sampleRequest("emails from Marc-André this week"))
        #expect(fish.status == .resolved && fish.results.first?.identifier.id == "fish")
    }

    @Test func thePeopleOfAPlaceAreThoseWhoWorkThere() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "messages.contact", id: "marta", properties: ["name": "Marta Sikora", "organization": "Przychodnia Weterynaryjna Łapa"]),
            Entity(type: "messages.contact", id: "ola", properties: ["name": "Ola Nowak", "organization": "Przychodnia Dentystyczna"]),
            Entity(type: "calendar.event", id: "vet", properties: [
                "title": "Borys – vaccination", "startDate": "2026-03-13T15:30:00Z",
                "location": ["name": "Przychodnia Weterynaryjna Łapa, ul. Wrocławska 12, Kraków", "latitude": 50.07, "longitude": 19.91]]),
        ])
        // The appointment names no one; its place is Marta's clinic. Ola's shares a word with it, not its name.
        let them = try index.resolve(sampleRequest("call them", context: ScreenContext(visible: [], focused: EntityIdentifier(type: "calendar.event", id: "vet"))))
        #expect(ids(them.results) == ["marta"])
        #expect(them.status == .resolved)
    }

    @Test func aChatOnScreenIsReadAsItIsShown() throws {
        let chat = try EntityIndex()
        func message(_ id: String, _ body: String, at time: String, from sender: String) -> Entity {
            Entity(type: "messages.message", id: id, properties: ["body": .string(body), "sentAt": .string(time),
                                                                  "sender": ["type": "messages.contact", "id": .string(sender)]])
        }
        try chat.donate([
            Entity(type: "messages.contact", id: "ola", properties: ["name": "Ola Kovalenko"]),
            Entity(type: "messages.contact", id: "kasia", properties: ["name": "Kasia Wójcik"]),
            message("sock", "Borys ate half a sock again", at: "2026-03-12T07:48:00Z", from: "ola"),
            message("hut", "Need to book the hut by Friday", at: "2026-03-12T09:30:00Z", from: "kasia"),
            message("cake", "Did you order the cake for Saturday?", at: "2026-03-12T13:12:00Z", from: "ola"),
        ])
        let screen = ScreenContext(visible: ["messages.message:sock", "messages.message:cake"].compactMap(EntityIdentifier.init),
                                   focused: EntityIdentifier("messages.message:cake"))
        func resolve(_ text: String) throws -> Resolution {
            try chat.resolve(sampleRequest(text, context: screen))
        }
        // The one before in the chat shown, not Kasia's message in between.
        #expect(try resolve("the message before this").results.first?.identifier.id == "sock")
        // "she" before what she did is whose: her message, not her contact.
        #expect(try resolve("what did she say about the cake").results.first?.identifier.id == "cake")
        // With nothing focused, "the previous one" of what is shown is the last before now, not Kasia's
        // message, which is not shown, nor the one shown after now.
        let unfocused = ScreenContext(visible: ["messages.message:sock", "messages.message:cake"].compactMap(EntityIdentifier.init))
        let previous = try chat.resolve(SearchQuery("open the previous one", context: unfocused,
                                                    now: Date(timeIntervalSince1970: seconds("2026-03-12T10:00:00Z")),
                                                    timeZone: TimeZone(identifier: "UTC")!))
        #expect(ids(previous.results) == ["sock"])
        // "The earlier one" compares what is shown: the first of it, though both were before now.
        let earlier = try chat.resolve(SearchQuery("what did she say in the earlier one", context: unfocused,
                                                   now: Date(timeIntervalSince1970: seconds("2026-03-12T18:00:00Z")),
                                                   timeZone: TimeZone(identifier: "UTC")!))
        #expect(ids(earlier.results) == ["sock"])
    }

    @Test func whatIsShownIsCountedAndPlacedAsItIsShown() throws {
        let index = try EntityIndex()
        func message(_ id: String, _ body: String, at time: String) -> Entity {
            Entity(type: "messages.message", id: id, properties: ["body": .string(body), "sentAt": .string(time),
                                                                  "sender": ["type": "messages.contact", "id": "mama"]])
        }
        try index.donate([
            Entity(type: "messages.contact", id: "mama", properties: ["name": "Mama"]),
            Entity(type: "calendar.event", id: "swim", properties: ["title": "Maya – swim practice", "startDate": "2027-04-08T17:30:00Z",
                                                                   "endDate": "2027-04-08T19:00:00Z", "recurrence": "weekly"]),
            Entity(type: "calendar.event", id: "interview", properties: ["title": "Parent-teacher interview – Maya",
                                                                        "startDate": "2027-05-13T16:15:00Z"]),
            Entity(type: "reminders.reminder", id: "water", properties: ["title": "Water the plot", "dueDate": "2027-05-13T19:00:00Z"]),
            Entity(type: "calendar.event", id: "committee", properties: ["title": "Committee meeting", "startDate": "2027-05-13T20:00:00Z"]),
            message("train", "Ich komme am Samstag mit dem ICE um 11:22 an", at: "2027-04-08T09:00:00Z"),
            message("dumplings", "Who wants dumplings tonight?", at: "2027-04-09T09:00:00Z"),
            message("back", "Bin gut zurück in Leipzig", at: "2027-04-12T09:00:00Z"),
            message("russian", "Здравствуйте, я сделала домашнее задание", at: "2027-04-13T09:00:00Z"),
        ])
        func resolve(_ text: String, visible: [String], focused: String? = nil) throws -> Resolution {
            try index.resolve(SearchQuery(text, context: ScreenContext(visible: visible.compactMap(EntityIdentifier.init),
                                                                       focused: focused.flatMap { EntityIdentifier("messages.message:" + $0) }),
                                          now: Date(timeIntervalSince1970: seconds("2027-05-12T13:30:00Z")),
                                          timeZone: TimeZone(identifier: "UTC")!))
        }
        // Beside the one shown that the words name, of any type when none is said: on a day's agenda, a weekly
        // swim is the one of that day, and what comes after it is the reminder, not the next event.
        let day = ["calendar.event:interview", "calendar.event:swim", "reminders.reminder:water", "calendar.event:committee"]
        let after = try resolve("what comes right after Maya's swim?", visible: day)
        #expect(after.status == .resolved && ids(after.results) == ["water"])
        // The day said with it is the day shown, no word of its name.
        #expect(ids(try resolve("what's after Maya's swim tomorrow", visible: day).results) == ["water"])
        let chat = ["messages.message:train", "messages.message:dumplings", "messages.message:back", "messages.message:russian"]
        #expect(ids(try resolve("the message right before the dumplings one", visible: chat).results) == ["train"])
        // Below and above one shown, as the list is shown; with nothing shown, the words say what is wanted.
        #expect(ids(try resolve("the one just under the dumplings one", visible: chat).results) == ["back"])
        #expect(ids(try resolve("show me the one right under this", visible: chat, focused: "dumplings").results) == ["back"])
        #expect(ids(try resolve("the message above the dumplings one", visible: chat).results) == ["train"])
        #expect(try resolve("the one under the dumplings one", visible: []).interpretation?.anchor == nil)
        // "Call the second one" over messages: the person the one so picked is from.
        #expect(ids(try resolve("call the second one", visible: chat).results) == ["mama"])
        // Counted from the end.
        #expect(ids(try resolve("open the third one from the bottom", visible: chat).results) == ["dumplings"])
        #expect(ids(try resolve("öffne die zweite von unten", visible: chat).results) == ["back"])
        // German "letzte" is the last, as "last" is, and "ihre" is hers; a language said as an adjective is one.
        #expect(ids(try resolve("antworte auf ihre letzte Nachricht: klingt super!", visible: chat).results) == ["russian"])
        #expect(ids(try resolve("antworte auf ihre russische Nachricht", visible: chat).results) == ["russian"])
        #expect(ids(try resolve("antworte auf ihre erste Nachricht", visible: chat).results) == ["train"])
        // "Next" and "previous" go through a list as it is shown (newest first here); "after this" is in time.
        let newestFirst = ScreenContext(visible: chat.reversed().compactMap(EntityIdentifier.init),
                                        focused: EntityIdentifier("messages.message:back"))
        func beside(_ text: String) throws -> [String] {
            ids(try index.resolve(SearchQuery(text, context: newestFirst, now: Date(timeIntervalSince1970: seconds("2027-05-12T13:30:00Z")),
                                              timeZone: TimeZone(identifier: "UTC")!)).results)
        }
        #expect(try beside("ok next one") == ["dumplings"])
        #expect(try beside("the previous message") == ["russian"])
        #expect(try beside("the one after this") == ["russian"])
    }

    @Test func whatIsOfTheTypeNamedComesBeforeWhatAWiderSearchFinds() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "photos.asset", id: "truck", properties: ["title": "IMG_6590", "caption": "The truck outside on the big day",
                                                                    "mediaType": "photo", "creationDate": "2027-06-19T08:12:00Z"]),
            Entity(type: "document.document", id: "quote", properties: ["title": "Moving day", "text": "Moving day quote: two movers on moving day"]),
        ])
        // No photo holds every word, so other types are looked at too; the photo that holds some still comes first, unsure.
        let photos = try index.resolve(SearchQuery("what photos did we take on moving day", usesMeaning: false))
        #expect(ids(photos.results) == ["truck", "quote"] && photos.status != .resolved)
    }

    @Test func aWeekdaySaidOverAnotherWeekShownIsThatWeeksDay() throws {
        let index = try EntityIndex()
        func event(_ id: String, _ title: String, at start: String) -> Entity {
            Entity(type: "calendar.event", id: id, properties: ["title": .string(title), "startDate": .string(start)])
        }
        try index.donate([
            event("tennis", "Tennis", at: "2027-06-08T18:00:00Z"),
            event("trip", "Trip out", at: "2027-06-14T08:00:00Z"),
            event("clinic", "Clinic follow-up", at: "2027-06-15T10:00:00Z"),
            event("back", "Trip back", at: "2027-06-16T15:00:00Z"),
        ])
        // Now is Thursday 3 June; the agenda shows the week after next, so its Tuesday is the 15th, not the 8th.
        let agenda = ScreenContext(visible: ["trip", "clinic", "back"].compactMap { EntityIdentifier("calendar.event:" + $0) })
        let tuesday = try index.resolve(SearchQuery("the one on Tuesday", context: agenda,
                                                    now: Date(timeIntervalSince1970: seconds("2027-06-03T09:00:00Z")),
                                                    timeZone: TimeZone(identifier: "UTC")!))
        #expect(ids(tuesday.results) == ["clinic"] && tuesday.status == .resolved)
    }

    @Test func whatIsShownIsPickedByWhoItIsFromAndPlacedBesideWhatIsFocused() throws {
        let index = try EntityIndex()
        func message(_ id: String, _ body: String, at time: String, from sender: String?) -> Entity {
            var properties: [String: PropertyValue] = ["body": .string(body), "sentAt": .string(time)]
            if let sender { properties["sender"] = ["type": "messages.contact", "id": .string(sender)] }
            return Entity(type: "messages.message", id: id, properties: properties)
        }
        try index.donate([
            Entity(type: "messages.contact", id: "papa", properties: ["name": "Papa"]),
            Entity(type: "messages.contact", id: "felix", properties: ["name": "Felix"]),
            message("gift", "Mama hat am 29. Geburtstag, wollen wir ihr zusammen den Kochkurs schenken?", at: "2027-06-12T09:00:00Z", from: "felix"),
            message("tax", "Lena, kannst du mir deine Steuer-ID schicken?", at: "2027-06-12T10:00:00Z", from: "papa"),
            message("sure", "Klar, mache ich heute Abend", at: "2027-06-12T11:00:00Z", from: nil),
            message("pics", "Schick mir Bilder vom Ausflug!", at: "2027-06-13T08:00:00Z", from: "felix"),
        ])
        let chat = ["gift", "tax", "sure", "pics"].map { "messages.message:" + $0 }
        func resolve(_ text: String, visible: [String], focused: String? = nil) throws -> Resolution {
            try index.resolve(SearchQuery(text, context: ScreenContext(visible: visible.compactMap(EntityIdentifier.init),
                                                                       focused: focused.flatMap { EntityIdentifier("messages.message:" + $0) }),
                                          now: Date(timeIntervalSince1970: seconds("2027-06-14T09:00:00Z")),
                                          timeZone: TimeZone(identifier: "UTC")!))
        }
        // A word that names someone picks what is from them, before a word near in meaning ("wanted", "wollen").
        let papa = try resolve("papa wanted something from me, which msg was that", visible: chat)
        #expect(papa.interpretation?.types == ["messages.message"] && papa.results.first?.identifier.id == "tax")
        // The focused one places what is beside it, though it is not what is asked for (the speaker's message).
        #expect(ids(try resolve("what did I say right before this", visible: chat, focused: "pics").results) == ["sure"])
        // The middle one: of an odd count, the one in the middle; of an even count, the two, unsure.
        let middle = try resolve("open the middle one", visible: Array(chat.prefix(3)))
        #expect(middle.status == .resolved && ids(middle.results) == ["tax"])
        let two = try resolve("open the one in the middle", visible: chat)
        #expect(two.status == .ambiguous && ids(two.results) == ["tax", "sure"])
    }

    @Test func whatComesBeforeOrAfterTakesPlace() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "notes.note", id: "buddy", properties: ["title": "Arjun – week 1 buddy plan", "body": "Take him to lunch on day one",
                                                                "modifiedAt": "2027-06-03T01:05:00Z"]),
            Entity(type: "calendar.event", id: "call", properties: ["title": "Call Alvin – delivery plan", "startDate": "2027-06-03T03:00:00Z"]),
            Entity(type: "calendar.event", id: "lunch", properties: ["title": "Lunch with procurement", "startDate": "2027-06-10T04:30:00Z"]),
        ])
        func resolve(_ text: String) throws -> Resolution {
            try index.resolve(SearchQuery(text, now: Date(timeIntervalSince1970: seconds("2027-06-03T01:30:00Z")),
                                          timeZone: TimeZone(identifier: "Asia/Singapore")!))
        }
        // No lunch is planned today, and a note that mentions lunch is no lunch: before noon today, what is planned.
        let beforeLunch = try resolve("anything before lunch today?")
        #expect(beforeLunch.interpretation?.anchor == nil && beforeLunch.results.first?.identifier.id == "call")
        // A lunch planned that day is the anchor.
        #expect(try resolve("what's before the lunch with procurement").results.first?.identifier.id == "call")
    }

    @Test func whatWasReceivedIsMailOrAMessage() throws {
        let index = try EntityIndex()
        try index.donate([
            Entity(type: "calendar.event", id: "call", properties: ["title": "Customs broker – HS classification",
                                                                   "startDate": "2027-06-02T10:00:00Z"]),
            Entity(type: "mail.message", id: "permit", properties: ["subject": "Import permit approved", "from": "rajesh@broker.example",
                                                                   "body": "The customs broker filed it", "sentAt": "2027-06-02T11:00:00Z"]),
        ])
        let got = try index.resolve(SearchQuery("did I get anything from the customs broker yesterday",
                                                now: Date(timeIntervalSince1970: seconds("2027-06-03T09:00:00Z")),
                                                timeZone: TimeZone(identifier: "UTC")!))
        // What one gets is sent: a meeting that says the words is not resolved on ahead of the mail.
        #expect(got.interpretation?.command?.actsOn == ["mail.message", "messages.message"])
        #expect(got.status != .resolved || ids(got.results).first == "permit")
        #expect(ids(got.results).contains("permit"))
        // What the speaker got about someone is something sent, not the person the words name.
        try index.donate([
            Entity(type: "messages.contact", id: "paddy", properties: ["name": "Paddy Nolan", "email": "paddy@gpaa.example"]),
            Entity(type: "mail.message", id: "agm", properties: ["subject": "AGM on Saturday", "from": "secretary@gpaa.example",
                                                                "body": "Paddy Nolan chairs it", "sentAt": "2027-03-10T11:00:00Z"]),
        ])
        let received = try index.resolve(sampleRequest("what have I received about Paddy Nolan"))
        #expect(received.interpretation?.author == .someoneElse && ids(received.results).first == "agm")
    }

    @Test func occurrencesStepFromTheFirstDate() throws {
        let start = seconds("2026-03-10T12:00:00Z")
        let weekly = EntityTime(start: start, recurrence: Recurrence(frequency: .weekly))
        #expect(weekly.firstOccurrence(from: seconds("2026-03-11"), to: nil) == seconds("2026-03-17T12:00:00Z"))
        #expect(weekly.firstOccurrence(from: seconds("2026-03-18"), to: seconds("2026-03-23")) == nil)
        #expect(weekly.lastOccurrence(atOrBefore: seconds("2026-03-30")) == seconds("2026-03-24T12:00:00Z"))
        let fortnightly = EntityTime(start: start, recurrence: Recurrence(frequency: .weekly, interval: 2, end: seconds("2026-04-01")))
        #expect(fortnightly.firstOccurrence(from: seconds("2026-03-11"), to: nil) == seconds("2026-03-24T12:00:00Z"))
        #expect(fortnightly.firstOccurrence(from: seconds("2026-03-25"), to: nil) == nil)  // past the end
        let counted = EntityTime(start: start, recurrence: Recurrence(frequency: .daily, count: 3))
        #expect(counted.lastOccurrence(atOrBefore: seconds("2027-01-01")) == seconds("2026-03-12T12:00:00Z"))
        let birthday = EntityTime(start: seconds("2015-01-19"), recurrence: Recurrence(frequency: .yearly))
        #expect(birthday.firstOccurrence(from: seconds("2026-01-01"), to: nil) == seconds("2026-01-19"))
        let monthly = EntityTime(start: seconds("2026-01-31"), recurrence: Recurrence(frequency: .monthly))
        #expect(monthly.firstOccurrence(from: seconds("2026-02-01"), to: nil) == seconds("2026-02-28"))
        #expect(Recurrence(encoded: Recurrence(frequency: .weekly, interval: 2, end: 5, count: nil).encoded[...]) ==
            Recurrence(frequency: .weekly, interval: 2, end: 5, count: nil))
        #expect(Recurrence(encoded: "weekly 1 - -")?.writtenOffset == nil)  // a record written before offsets
    }

    @Test func aRuleWrittenInLocalTimeKeepsItsHourAcrossSummerTime() throws {
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        // Weekly from Wednesday 13 January at 16:30 in Berlin (+01:00); summer time begins on 28 March.
        var local = Recurrence(frequency: .weekly)
        local.writtenOffset = ISO8601.offset(fromDate: "2027-01-13T16:30:00+01:00")
        #expect(local.writtenOffset == 3_600)
        let training = EntityTime(start: seconds("2027-01-13T16:30:00+01:00"), recurrence: local)
        #expect(training.stepping(on: berlin).firstOccurrence(from: seconds("2027-04-07"), to: nil) == seconds("2027-04-07T16:30:00+02:00"))
        // Read in a zone that had another offset then, at the offset written; written in UTC, in UTC.
        var lisbon = berlin
        lisbon.timeZone = TimeZone(identifier: "Europe/Lisbon")!
        #expect(training.stepping(on: lisbon).firstOccurrence(from: seconds("2027-04-07"), to: nil) == seconds("2027-04-07T15:30:00Z"))
        let station = EntityTime(start: seconds("2027-01-13T18:00:00Z"), recurrence: Recurrence(frequency: .weekly))
        #expect(station.stepping(on: berlin).firstOccurrence(from: seconds("2027-04-07"), to: nil) == seconds("2027-04-07T18:00:00Z"))
    }

    @Test func anOccurrenceGoesOnForItsDuration() throws {
        // A weekly night shift, 20:00 to 08:00: Wednesday morning holds Tuesday's.
        let shift = EntityTime(start: seconds("2026-03-10T20:00:00Z"), duration: 12 * 3600, recurrence: Recurrence(frequency: .weekly))
        #expect(shift.firstOccurrence(goingOnFrom: seconds("2026-03-18"), to: nil) == seconds("2026-03-17T20:00:00Z"))
        // One that ends as the time begins is over.
        #expect(shift.firstOccurrence(goingOnFrom: seconds("2026-03-18T08:00:00Z"), to: nil) == seconds("2026-03-24T20:00:00Z"))
        #expect(!shift.occurrence(seconds("2026-03-17T20:00:00Z"), goesOnAtOrAfter: seconds("2026-03-18T08:00:00Z")))
        // A record keeps the duration; one written before durations reads as a moment.
        #expect(EntityTime(encoded: shift.encoded[...]) == shift)
        #expect(EntityTime(encoded: "1773000000.0 weekly")?.duration == 0)
        #expect(EntityTime(encoded: "1773000000.0")?.start == 1_773_000_000)
    }
}
