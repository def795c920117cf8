import Foundation
import Testing
@testable import EntityIndex

/// Reading a request before searching: commands, references, types, time,
/// languages, property values and flags, with a fixed clock.
@Suite struct RequestUnderstandingTests {
    let index: EntityIndex

    init() throws {
        index = try EntityIndex()
    }

    private func read(_ text: String, types: Set<EntityType> = [], zone: String = "UTC") throws -> RequestInterpretation {
        try index.interpretation(of: SearchQuery(text, types: types, now: sampleNow, timeZone: TimeZone(identifier: zone)!))
    }

    private func day(_ text: String) -> Date {
        try! Date(text + "T00:00:00Z", strategy: .iso8601)
    }

    @Test func aMisspeltWordOfTheGrammarIsReadAsTheWordMeant() throws {
        let messages = try read("mesages from Lucai")
        #expect(messages.misspellings == [.init(said: "mesages", meant: "messages")])
        #expect(messages.types.contains("messages.message") && messages.contentWords.isEmpty)
        #expect(try read("wehn is the dentist").command?.name == "when")
        // A word the lexicon knows as a word of its own is what was said: "form" is no "from".
        #expect(try read("the tax form").misspellings.isEmpty)
        // A word some entity holds is no misspelling, however it looks.
        #expect(try read("what's on tommorow").time != nil)
        try index.donate([Entity(type: "notes.note", id: "club", properties: ["title": "Tommorow Club"])])
        let club = try read("what's on tommorow")
        #expect(club.misspellings.isEmpty && club.time == nil)
        // Nor is a word some entity's text or address holds: "mater" of outpatients@mater.ie is no "later".
        try index.donate([Entity(type: "mail.message", id: "echo", properties: ["subject": "Echo", "from": "outpatients@mater.ie"])])
        #expect(try read("the email from the Mater").misspellings.isEmpty)
        // Nor is the beginning of a name's word: "recert" is the recertification, not "recent".
        #expect(try read("when is the CRRT recert").misspellings == [.init(said: "recert", meant: "recent")])
        try index.donate([Entity(type: "calendar.event", id: "crrt", properties: ["title": "CRRT recertification", "startDate": "2026-05-25T08:00:00Z"])])
        let recert = try read("when is the CRRT recert")
        #expect(recert.misspellings.isEmpty && recert.contentWords == ["crrt", "recert"])
    }

    @Test func commandsTakeTheirWordsAndArguments() throws {
        #expect(try read("go back to the previous one").command?.name == "open")
        let join = try read("join the call")
        #expect(join.command?.name == "open" && join.types == ["calendar.event"])
        #expect(try read("which days am I in Lisbon").command?.name == "when")
        // "When is" asks about what is planned; "when did" about anything that has a date.
        #expect(try read("when is mum's birthday").command?.asksAbout == ["calendar.event", "reminders.reminder"])
        #expect(try read("when did Amara send the invoice").command?.asksAbout == [])
        // "am I free": what there is then, not events whose availability is "free".
        let free = try read("am I free Thursday afternoon")
        #expect(free.command?.name == "ask" && free.contentWords.isEmpty)
        // Adverbs that say nothing of what is wanted are no words to find.
        #expect(try read("reminders I've already done").contentWords.isEmpty)
        // After a command that sets a state, "email" is a mail, not a contact's address.
        #expect(try read("mark Haruto's email as read").types == ["mail.message"])
        #expect(try read("forward Haruto's email to Yuki").types == ["mail.message"])
        // So is one opened; "email address" is his address, whatever the command.
        #expect(try read("open Haru's email").types == ["mail.message"])
        #expect(try read("show me Haru's email address").types == ["messages.contact"])
        // Said to someone of a thing pointed at, the name after "to" is whom it goes to; said to a person, what follows is the message.
        let insurance = try read("email the insurance one to Alvin")
        #expect(insurance.command?.arguments.map(\.role) == ["recipient"] && insurance.command?.arguments.first?.words == ["alvin"])
        #expect(insurance.reference?.kind == .pointer && insurance.contentWords == ["insurance"])
        #expect(try read("text Amara to bring the milk").command?.arguments.map(\.role) == ["message"])
        // A word before the name that says what kind it is makes it that thing's: a permit number is no phone number.
        let permit = try read("what's the import permit number for the Naniwa shipment")
        #expect(permit.types.isEmpty && permit.contentWords.contains("number"))
        #expect(try read("the phone number of Mateo").types == ["messages.contact"])
        // So after one that changes a whole entity: an address is never flagged, though it may be edited.
        #expect(try read("flag Alvin's email").types == ["mail.message"])
        #expect(try read("change Alvin's email to alvin@tay.sg").types == ["messages.contact"])
        // Followed by a time or another of its values, the noun is a mail's; the address has neither.
        #expect(try read("Montse's email from yesterday about the tourist tax").types == ["mail.message"])
        #expect(try read("Montse's email").types == ["messages.contact"])
        // A time after "about" is what it is about.
        let about = try read("reply to Tomek about Saturday")
        #expect(about.time == nil && about.contentWords.contains("saturday"))
        #expect(try read("reply to Kenji about the July containers").time == nil)
        // So is one after what it is about: the coach said it today, of tomorrow's training.
        let coach = try read("what did the coach say about training tomorrow")
        #expect(coach.time == nil && coach.contentWords.contains("tomorrow"))
        // Past or ahead: the 15th of what was said about is no day it was said on.
        #expect(try read("what did my brother say about taking Ah Ma to the hospital on the 15th").time == nil)
        // Unless it is when to remind.
        #expect(try read("remind me about the dentist tomorrow").command?.arguments.contains { $0.role == "time" } == true)
        let archive = try read("archive this")
        #expect(archive.command?.name == "archive")
        #expect(archive.reference?.kind == .pointer)
        #expect(archive.contentWords.isEmpty)
        // A command that is also a type's noun is the noun before a cue.
        let mail = try read("mail from Amara")
        #expect(mail.command == nil)
        #expect(mail.types == ["mail.message"])
        #expect(try read("message Amara about the party").command?.name == "message")

        let forward = try read("forward the mail from Seán to Inês")
        #expect(forward.command?.name == "forward")
        #expect(forward.command?.arguments.map(\.role) == ["recipient"])
        #expect(forward.command?.arguments.first?.words == ["ines"])
        #expect(forward.types == ["mail.message"])
        #expect(forward.cues.first?.words == ["sean"])

        // Said before what is sent: "send Hugo my run log"; an article right after the command is the object's.
        let send = try read("send Hugo my run log")
        #expect(send.command?.arguments.first?.role == "recipient")
        #expect(send.command?.arguments.first?.words == ["hugo"])
        #expect(send.contentWords == ["run", "log"])
        #expect(try read("send the run log").command?.arguments.isEmpty == true)

        // A pronoun before the object is whom it goes to, and then "with" describes the object.
        let sendHer = try read("send her the one with the dog")
        #expect(sendHer.command?.arguments.map(\.role) == ["recipient"])
        #expect(sendHer.command?.arguments.first?.words == ["her"])
        #expect(sendHer.reference?.kind != .person)

        // Adding what is pointed at somewhere acts on it: the rest is where it goes.
        // A thing said with its article goes where things are kept: the mail is acted on; a person is added.
        let briefing = try read("add the skippers' briefing from the regatta email to my calendar")
        #expect(briefing.command?.arguments.map(\.role) == ["destination"] && briefing.types == ["mail.message"])
        #expect(try read("add Kevin to the kitchen chat").command?.arguments.first?.role == "recipient")
        // A thing said with its owner too: the party is no one to add.
        let party = try read("add Siobhán's surprise party for her mother to the calendar")
        #expect(party.command?.arguments.map(\.role) == ["destination"] && party.contentWords == ["surprise", "party", "mother"])
        let addThis = try read("add the Freebox one to my calendar")
        #expect(addThis.command?.arguments.map(\.role) == ["destination"])
        #expect(addThis.reference?.kind == .pointer)
        #expect(addThis.types.isEmpty)
        #expect(try read("add Seán to the crew lunch").command?.arguments.first?.role == "recipient")

        // Whose a thing is, said of what something is about, is no one it is from.
        let kaysParty = try read("the one about Kay's surprise party")
        #expect(kaysParty.cues.isEmpty && kaysParty.contentWords == ["kay", "surprise", "party"])
        // A property's name after the owner a cue's value names is part of that value: no type asked for.
        let place = try read("what's the wifi password at my mum's place")
        #expect(place.types.isEmpty && place.contentWords == ["wifi", "password"])
        // A property's name that is also a type's noun, followed by what it is about, is the type.
        #expect(try read("show me Hannah's email about the party").types == ["mail.message"])
        #expect(try read("what's Hannah's email").types == ["messages.contact"])

        let text = try read("text Amara back about it")
        #expect(text.command?.arguments.first?.words == ["amara"])
        #expect(text.reference?.kind == .pointer)

        // Someone to call or text with nothing to say about: the person is what is meant.
        let call = try read("call Mateo")
        #expect(call.types == ["messages.contact"])
        #expect(call.contentWords == ["mateo"])

        // A topic in words is what to say, so the person is meant; "add" someone "to" an event acts on the event.
        let topic = try read("text Divs about Amma's gift")
        #expect(topic.types == ["messages.contact"])
        #expect(topic.contentWords == ["divs"])
        #expect(topic.command?.arguments.first?.role == "topic")
        // Said back about something in words, it answers what the person wrote about it: her mail or message, or her.
        let reply = try read("text Tomoko back about the comp entry deadline")
        #expect(reply.types == ["mail.message", "messages.contact", "messages.message"])
        #expect(reply.cues.first?.words == ["tomoko"])
        #expect(reply.contentWords == ["comp", "entry", "deadline"])
        // A day ahead said after "about" in a reply is what it is about, not when the message came.
        let replyAbout = try read("reply to Kenji about going to Rokko on the 27th")
        #expect(replyAbout.time == nil)
        #expect(replyAbout.contentWords.contains("rokko"))
        // Said to oneself: what it is about is meant.
        let remind = try read("remind me about the dentist")
        #expect(remind.types.isEmpty)
        #expect(remind.contentWords == ["dentist"])
        #expect(try read("text me the crew lunch details").types.isEmpty)
        let invite = try read("add Sean Whelan to the crew 8 handover planning")
        #expect(invite.command?.arguments.first?.words == ["sean", "whelan"])
        #expect(invite.types != ["messages.contact"])

        // Where only a time can follow, a bare number is one o'clock or three.
        #expect(try read("move the lunch to 1").command?.arguments.first?.date == day("2026-03-12").addingTimeInterval(13 * 3_600))

        let reschedule = try read("reschedule the 2 pm one to Monday")
        #expect(reschedule.command?.arguments.first?.date == day("2026-03-16"))
        #expect(reschedule.time?.minutesOfDay == 840..<900)
        #expect(reschedule.reference?.kind == .pointer)
    }

    @Test func aFlagAfterACommandThatSetsOneIsTheStateNotAFilter() throws {
        let done = try read("mark the second one done")
        #expect(done.flags.isEmpty)
        #expect(done.command?.arguments.map(\.role) == ["state"])
        #expect(done.reference?.kind == .position(2))
        let unread = try read("mark the unread ones as read")
        #expect(unread.flags.map(\.value) == [false])
        #expect(unread.command?.arguments.first?.words == ["read"])
        // A negation turns a flag around.
        #expect(try read("reminders I haven't done yet").flags.map(\.value) == [false])
        // A state whose phrase ends in a type's noun ("to do") is the state.
        let stillToDo = try read("which ones have I still to do")
        #expect(stillToDo.flags.map(\.value) == [false] && stillToDo.typeWords.isEmpty)
        let left = try read("what's still left on my clinic to-do list?")
        #expect(left.flags.map(\.value) == [false] && !left.contentWords.contains("left"))
    }

    @Test func aValueAfterToIsTheOneACommandSets() throws {
        // "to high priority" is what the reminder becomes, not what it is now.
        let bump = try read("bump the gloves order to high priority")
        #expect(bump.cues.isEmpty)
        #expect(bump.command?.arguments.map(\.role) == ["value"])
        #expect(bump.command?.arguments.first?.words == ["high", "priority"])
        #expect(bump.contentWords == ["gloves", "order"])
        // Without a command it is what is wanted.
        #expect(try read("high priority reminders").cues.map(\.words) == [["high"]])
    }

    @Test func aLaterClauseThatPointsAtNothingIsWhatIsSaid() throws {
        // After "Marco's", the clause is the reply: no time to find at 9.
        let reply = try read("reply to Marco's, see you at 9")
        #expect(reply.command?.arguments.map(\.words) == [["see", "you", "at", "9"]])
        #expect(reply.time == nil)
        // After a pronoun for whom, too.
        let her = try read("reply to her — yes please, pick me up at 6")
        #expect(her.command?.arguments.map(\.words) == [["yes", "please", "pick", "me", "up", "at", "6"]] && her.time == nil)
        // A clause that begins by pointing at something describes what is wanted; one that points later is said.
        #expect(try read("reply to Sophie, she's asking about the gallery").command?.arguments.isEmpty == true)
        let file = try read("reply to this: all good, go ahead and file it")
        #expect(file.command?.arguments.map(\.role) == ["message"] && file.time == nil && file.types.isEmpty)
        // A dash parts clauses as a comma does, and so does a colon before a space (not one inside a clock time).
        #expect(try read("paskah with olga - what time").command?.name == "when")
        let colon = try read("reply to Gabriela: yes please send the blue masa tomorrow")
        #expect(colon.command?.arguments.first?.role == "message" && colon.time == nil && colon.cues.map(\.words) == [["gabriela"]])
        // After a colon, what is said may point as it begins: "it" is no reference.
        let seen = try read("reply to Chen: saw it too, let's check rack 2 on Sunday")
        #expect(seen.command?.arguments.map(\.role) == ["message"] && seen.reference == nil && seen.time == nil)
        #expect(try read("what's at 10:30 tomorrow").time?.from == day("2026-03-13").addingTimeInterval(10.5 * 3_600))
        // A clock written with a dot, or glued to am or pm, is a clock; "14.3" and "10.05" stay days.
        #expect(try read("move the aircon one to 10.30").command?.arguments.first?.date == day("2026-03-12").addingTimeInterval(10.5 * 3_600))
        #expect(try read("the meeting at 7.45pm").time?.minutesOfDay == 1_185..<1_186)
        #expect(try read("what's on 14.3.").time?.from == day("2026-03-14"))
    }

    @Test func aChineseRequestReadsItsTimeAndTheWordsThatSayNothing() throws {
        // The Chinese table adds its words to the English one: 明天 is tomorrow; 有 and 什么 say nothing to find.
        #expect(RequestVocabulary.bundled.language == "en+zh+ja+ru")
        let tomorrow = try read("明天有什么安排")
        #expect(tomorrow.time?.from == day("2026-03-13") && tomorrow.contentWords == ["安排"])
        // 下次 is the next one; the question word last (什么时候) says nothing to find.
        let next = try read("阿嬷下次复诊是什么时候")
        #expect(next.time?.order == .next && next.contentWords == ["阿嬷", "复", "诊"])
        // A table names types in its language too: 预约 is an appointment, 提醒 a reminder.
        #expect(try read("阿嬷的所有预约").types == ["calendar.event"])
        #expect(try read("把订寿桃的提醒勾掉").types == ["reminders.reminder"])
        // 下 周五 is next Friday, as English says it.
        let friday = try read("下周五的会议"), english = try read("next friday")
        #expect(friday.time?.from == english.time?.from && friday.time?.to == english.time?.to && friday.time?.from != nil)
        // A verb said after what it acts on is the command, and one written with its marker is both (改到: 改, 到 Tuesday evening).
        let moved = try read("把写作文的提醒改到星期二晚上")
        #expect(moved.command?.name == "reschedule" && moved.time == nil && moved.types == ["reminders.reminder"])
        #expect(moved.command?.arguments.first?.date == day("2026-03-17").addingTimeInterval(17 * 3_600))
        #expect(moved.contentWords == ["写作", "文"])
        #expect(try read("把订寿桃的提醒勾掉").command?.name == "complete")
        // Commands said first, whom to first; a colon joined to the words begins what is said.
        let call = try read("打电话给小姨")
        #expect(call.command?.name == "call" && call.contentWords == ["小姨"])
        let reply = try read("回小姨:谢谢!星期六下午过去拿")
        #expect(reply.command?.name == "reply" && reply.command?.arguments.first?.words.first == "谢谢" && reply.time == nil)
        // An hour said with 点, and half past it with 半.
        #expect(try read("明天下午三点的会议").time?.from == day("2026-03-13").addingTimeInterval(15 * 3_600))
        #expect(try read("明天七点半的会议").time?.from == day("2026-03-13").addingTimeInterval(7.5 * 3_600))
        // A number before 号 is a day of the month; 日历上有 says nothing to find.
        let twelfth = try read("12号日历上有什么")
        #expect(twelfth.time?.from == day("2026-03-12") && twelfth.contentWords.isEmpty && twelfth.types == ["calendar.event"])
    }

    @Test func aJapaneseRequestReadsItsTimeTypesAndParticles() throws {
        // 明日 is tomorrow and 予定 a plan; の and は say nothing to find.
        let plans = try read("明日の予定は")
        #expect(plans.time?.from == day("2026-03-13") && plans.types == ["calendar.event"] && plans.contentWords.isEmpty)
        // 次の is the next one; いつ, the question word last, says nothing to find.
        let next = try read("次の貨物船キャプチャのリハーサルはいつ？")
        #expect(next.time?.order == .next && next.contentWords == ["貨物", "船", "キャプチャ", "リハーサル"])
        // 次 alone, as Chinese writes it ("次日"), is no order.
        #expect(try read("预告次日中餐菜单").time == nil)
        // A command said last is read first, whom to before it, the honorific joined to the name left out.
        let call = try read("佐藤さんに電話して")
        #expect(call.command?.name == "call" && call.contentWords == ["佐藤"])
        let message = try read("Yukkiにメッセージ送って")
        #expect(message.command?.name == "message" && message.contentWords == ["yukki"])
        // Places on screen, the particle before the noun passed over: "一番下のメール", "上から3番目のメール", "一番上のやつ".
        let bottom = try read("一番下のメール開いて")
        #expect(bottom.reference?.kind == .position(-1) && bottom.command?.name == "open" && bottom.types == ["mail.message"])
        #expect(try read("上から3番目のメール、何だっけ?").reference?.kind == .position(3))
        let top = try read("一番上のやつ、完了にして")
        #expect(top.reference?.kind == .position(1) && top.command?.name == "complete" && top.contentWords.isEmpty)
        // An hour said with 時, and half past it with 半 (written joined: 時半).
        #expect(try read("明日の10時半の予定").time?.from == day("2026-03-13").addingTimeInterval(10.5 * 3_600))
        // "電話番号" is a number, no call.
        #expect(try read("佐藤さんの電話番号").command == nil)
    }

    @Test func aPronounForWhatIsWantedThatHoldsSomeoneIsNoPerson() throws {
        // "with Oisín in them": them are the things wanted, which hold him; no contact, and the cue is read.
        let holding = try read("anything with Oisín in them")
        #expect(holding.reference == nil && holding.cues.first?.words == ["oisin"] && holding.types.isEmpty)
        // Said with no one named, "them" is still what is shown.
        #expect(try read("who's in them").reference?.kind == .person)
        #expect(try read("márcale a Gabi").command?.name == "call")
        // "email of" someone asks for their address: "of" is a cue of photos only.
        #expect(try read("email of the reporter from the Madras Chronicle").askedProperties == [.init(type: "messages.contact", path: "email")])
        // What is still needed off a list is open on it; what someone put up was sent by them.
        let needed = try read("what do I still need off the shopping list")
        #expect(needed.cues.first?.properties == [.init(type: "reminders.reminder", path: "list")]
                && needed.flags.first?.value == false && needed.contentWords.isEmpty)
        #expect(try read("what has Declan put up in the choir group").cues.first?.words == ["declan"])
        // "still due" is open; "due" alone is not ("the invoice, when's it due?" may be a mail).
        #expect(try read("what's still due before the weekend").flags.first?.value == false)
        #expect(try read("the invoice, when's it due?").flags.isEmpty)
        // How far a change moves something may end its clause with no marker: "push the dentist an hour".
        let pushed = try read("push the dentist an hour")
        #expect(pushed.command?.arguments.first.map { $0.role == "time" && $0.words == ["an", "hour"] } == true && pushed.time == nil)
        #expect(try read("les deux au marché, décale-les d'une heure").command?.arguments.first?.role == "time")
        #expect(try read("mets le souper avec Mathieu à 20h").command?.arguments.first?.role == "time")
        // "my next day shift" orders day shifts: "next day" there is no tomorrow.
        #expect(try read("when's my next day shift").time?.from == nil)
        // "the last time" is the latest, as "last" is.
        let last = try read("what did Olga write me last time")
        #expect(last.time?.order == .latest && last.contentWords.isEmpty)
    }

    @Test func aNounThatIsAVerbOfSendingBetweenSomeoneNamedAndTheSpeakerIsThatVerb() throws {
        // Before Amma is known, "message" is what is wanted; once she is a contact, it is what she did.
        #expect(try read("did Amma message me for Puthandu?").cues.allSatisfy { $0.words != ["amma"] })
        try index.donate([Entity(type: "messages.contact", id: "amma", properties: ["name": "Amma"])])
        let amma = try read("did Amma message me for Puthandu?")
        #expect(amma.author == .someoneElse && amma.cues.first?.words == ["amma"] && amma.contentWords == ["puthandu"])
    }

    @Test func aRussianRequestReadsItsCommandAndTheWordsThatSayNothing() throws {
        // "когда" said first asks when; "у меня" and "в" say nothing to find.
        let panel = try read("когда у меня панель в Тбилиси?")
        #expect(panel.command?.name == "when" && panel.contentWords == ["панель", "тбилиси"])
        #expect(try read("что у меня завтра").time?.from == day("2026-03-13"))
        // ru.json's property words: "от" brings in who a mail is from.
        let fromAnna = try read("письма от Анны")
        #expect(fromAnna.types == ["mail.message"] && fromAnna.cues.first?.properties == [.init(type: "mail.message", path: "from")])
        // Who wrote, in the past: "что Оля писала в последний раз" is her latest, "во вторник" the Tuesday gone.
        let last = try read("Что мне Оля писала в последний раз?")
        #expect(last.time?.order == .latest && last.cues.first?.words == ["оля"] && last.contentWords.isEmpty)
        #expect(try read("Что Марта написала во вторник?").time?.from == day("2026-03-10"))
        // Dates, weekends and photos as Russian says them.
        #expect(try read("Что у меня 21 мая?").time?.from == day("2026-05-21"))
        let weekend = try read("Какие у нас планы на выходные?")
        #expect(try read("что у меня на этой неделе").time?.from == day("2026-03-09"))
        #expect(weekend.time?.from == day("2026-03-14") && weekend.time?.to == day("2026-03-16"))
        #expect(try read("покажи фотку с пляжа").types == ["photos.asset"])
        // "Марта" is a name, not March, unless a number or a marker says so.
        #expect(try read("Что Марта написала?").time == nil)
    }

    @Test func aRequestInALanguageWhoseWordsAreEnglishWordsIsReadWithItsOwnTable() throws {
        // Two words only the German table brings make the request German: "die" and "an" are then no English.
        let call = try read("ruf die Physio an, ich bin spät dran")
        #expect(call.command?.name == "call" && call.contentWords == ["physio"])
        #expect(call.command?.arguments.first?.words == ["ich", "bin", "spat", "dran"])
        // A clock said as German, French and Spanish say it.
        for text in ["Termin morgen um 15 Uhr", "rendez-vous demain à 15 h", "rendez-vous demain à 15h", "la cita de mañana a las 3"] {
            let clock = try read(text)
            #expect(clock.time?.from == day("2026-03-13").addingTimeInterval(15 * 3_600), "\(text)")
        }
        // "Pon … a las 9" sets a new time.
        #expect(try read("pon la revisión del aire a las 9").time == nil)
        // A short request has room for one: a command only German knows, said first.
        let short = try read("ruf Mama an")
        #expect(short.command?.name == "call" && short.contentWords == ["mama"])
        #expect(try read("Chez Lévêque").command == nil)
        // "email about …" writes to no one: the noun.
        let about = try read("email about the cargo rocket being delayed", types: ["mail.message"])
        #expect(about.command == nil && about.types == ["mail.message"])
        #expect(try read("c'est à quelle heure le premier ?").command?.name == "when")
        // German may say the command last, as an infinitive: "morgen" is then the new time, not one to find.
        let last = try read("Rauchmelder-Erinnerung auf morgen verschieben")
        #expect(last.command?.name == "reschedule" && last.command?.arguments.first?.date == day("2026-03-13") && last.time == nil)
        #expect(last.types == ["reminders.reminder"] && last.contentWords == ["rauchmelder"])
        #expect(try read("wann muss ich die Miete schicken").command?.name == "when")
        #expect(try read("Mama anrufen").command?.name == "call")
        // A compound ending in a German noun is German evidence: "Termine" are then events, no French "termine".
        let climbing = try read("Termine im Kletterkalender")
        #expect(climbing.command == nil && climbing.types == ["calendar.event"])
        // A priority said in German, French or Spanish is the case it names.
        let urgent = try read("Erinnerungen mit hoher Prio")
        #expect(urgent.cues.map(\.words) == [["high"]] && urgent.contentWords.isEmpty && urgent.types == ["reminders.reminder"])
        // A German verb's particle may end the clause: the command is the verb and its particle.
        let forward = try read("Schick Claires Vertragsentwurf an Tobi weiter")
        #expect(forward.command?.name == "forward" && forward.command?.arguments.first?.words == ["tobi"])
        #expect(try read("Sag den Zahnarzttermin morgen ab").command?.name == "cancel")
        #expect(try read("schreib zurück: Spargel ja").command?.name == "reply")
        // Spoken German: "heut abend" is this evening, "zuletzt" the latest.
        #expect(try read("hab ich heut abend noch was").time?.from == day("2026-03-12").addingTimeInterval(17 * 3_600))
        #expect(try read("was hat papa zuletzt geschrieben").time?.order == .latest)
        // A command only German knows begins a German request, however long.
        #expect(try read("Ruf beim Zahnarzt wegen der Rechnung an").command?.name == "call")
        // French ordinals written with digits ("le 4e", "la 2ème") are positions; "le 1er avril" stays a day.
        #expect(try read("ouvre le 4e").reference?.words == ["4e"])
        #expect(try read("qu'est-ce que j'ai le 1er avril").time?.from == day("2026-04-01"))
        // A flag's own compound is read whole, inflected flags are flags, and "aus dem" says an album.
        #expect(try read("meine Lieblingsfotos").flags.map(\.value) == [true])
        let pinned = try read("angepinnte notizen")
        #expect(pinned.types == ["notes.note"] && pinned.flags.map(\.value) == [true] && pinned.contentWords.isEmpty)
        #expect(try read("Fotos aus dem Bad-Album").cues.first?.properties.map(\.path) == ["albums"])
        // A first word two languages' tables bring ("Termine") makes neither the request's language.
        #expect(try read("Termine im Gemeinschaftsgarten").command == nil)
        // A plain number after a day's article is a day of the month: "le 24", "el 27", "am 20".
        #expect(try read("qu'est-ce que j'ai à l'agenda le 20?").time?.from == day("2026-03-20"))
        #expect(try read("qué hay el 27?").time?.from == day("2026-03-27"))
        // Québec French: "c quoi", "d'ici samedi" (until), "comme rappels", "chez le dentiste" (where).
        let until = try read("qu'est-ce que j'ai comme rappels d'ici samedi")
        #expect(until.contentWords.isEmpty && until.time?.to == day("2026-03-15"))
        #expect(try read("c quoi les rappels pour la semaine prochaine").command?.name == "which")
        #expect(try read("c'est quand mon prochain rdv chez le dentiste").cues.first?.words == ["dentiste"])
        // "de l'agenda …", "du calendrier …" name the container; "ce qui reste" is what is still open.
        let running = try read("tous les évènements de l'agenda course à pied")
        #expect(running.types == ["calendar.event"] && running.cues.first?.properties.map(\.path) == ["calendar"])
        let left = try read("qu'est-ce qui reste dans la liste déménagement")
        #expect(left.flags.contains { $0.value == false } && left.contentWords.isEmpty && left.command?.name == "which")
        // Spoken French may say its question last: "… c'est quand ?", "… ça coûte combien ?"; a noun last is no question.
        let whenLast = try read("le rdv avec le comptable finalement c'est quand ?")
        #expect(whenLast.command?.name == "when" && whenLast.cues.first?.words.first == "comptable")
        let costLast = try read("la réparation du R5 ça coûte combien ?")
        #expect(costLast.command?.name == "which" && costLast.contentWords == ["reparation", "r5"])
        #expect(try read("my shopping list").command == nil)
        // A day a message is for is what it is about, past or ahead.
        let forDay = try read("réponds à sa question pour le 27")
        #expect(forDay.time == nil && forDay.contentWords.contains("27"))
        // What the speaker received is said, no word to find; "anoche" is last night.
        let received = try read("montre-moi les courriels que j'ai reçus hier")
        #expect(received.contentWords.isEmpty && received.types == ["mail.message"] && received.time?.from == day("2026-03-11"))
        #expect(try read("qué mensajes me llegaron anoche").time?.from == day("2026-03-11").addingTimeInterval(17 * 3_600))
        // Russian: whom a reply answers ("Анне", her in the dative), what it is about ("насчёт"), what it says.
        let anna = try read("Ответь Анне насчёт винного бара: да, с удовольствием!")
        #expect(anna.command?.arguments.map(\.role) == ["message"] && anna.cues.first?.words == ["анне"])
        #expect(anna.contentWords == ["винного", "бара"])
        // "Alle" and "tous" say how many, nothing to find.
        #expect(try read("Alle Mails von Takahashi bitte").contentWords.isEmpty)
        #expect(try read("montre-moi tous les mails de Pierre").contentWords == ["pierre"])
        let french = try read("c'est quand le rendez-vous avec le comptable ?")
        #expect(french.command?.name == "when" && french.types == ["calendar.event"] && french.cues.first?.words == ["comptable"])
        let spanish = try read("¿cuándo tengo que pagar el alquiler del viernes?")
        #expect(spanish.time?.from == day("2026-03-13") && spanish.contentWords == ["pagar", "alquiler"])
        // An honorific joined to a name (ja.json's) is no part of it, possessive or not; a hyphenated word stays whole.
        #expect(try read("emails from Takahashi-sensei").cues.first?.words == ["takahashi"])
        // So is one said as a word of its own after a name, but not a word of a name ("San Juan").
        #expect(try read("mails from Yamamoto san").cues.first?.words == ["yamamoto"])
        #expect(try read("the Mercado de San Juan visit").contentWords.contains("san"))
        #expect(try read("reply to Yamamoto-san's mail").cues.first.map { $0.words == ["yamamoto"] && $0.isPossessive } == true)
        // A mailbox is said with "on" as with "in": "on my gmail" is no sender.
        #expect(try read("any unread emails on my gmail?").cues.map(\.words) == [["gmail"]])
        // A verb said of a subject is no part of the name after it, nor is a word of an earlier clause.
        #expect(try read("where do I collect Zosia's birthday cake from?").cues.first?.words == ["zosia"])
        // A later clause that begins with a name and owns nothing says what someone does ("Nurul is going").
        let nurul = try read("delete the webinar invite, Nurul's going instead")
        #expect(nurul.cues.isEmpty && nurul.contentWords == ["webinar", "invite"])
        #expect(try read("the follow-up with Lena").identifiers == ["follow-up"])
        // fr.json's, es.json's and de.json's anchors: what comes before or after an entity named.
        #expect(try read("c'était quoi le rdv juste avant le déménagement ?").anchor.map { $0.relation == .before && $0.words == ["demenagement"] } == true)
        #expect(try read("qué hay después de la mudanza").anchor?.relation == .after)
        #expect(try read("was ist direkt nach dem Zahnarzt").anchor?.relation == .after)
        // "nach" before an article is after; before a place's name it is where to ("nach Leipzig").
        #expect(try read("Was mach ich heute nach den Fliesen?").anchor.map { $0.relation == .after && $0.words == ["fliesen"] } == true)
        #expect(try read("Welcher Termin kommt vor dem Zoom mit Claire?").anchor?.relation == .before)
        #expect(try read("Wann fährt Mama zurück nach Leipzig?").anchor == nil)
        // "am Wochenende" is this weekend, as "the weekend" is; "kamen" says nothing to find.
        let weekend = try read("Welche Mails kamen am Wochenende?")
        #expect(weekend.time?.from == day("2026-03-07") && weekend.contentWords.isEmpty)
        // A verb said last has its subject anywhere in the clause: the speaker sent it, to whom "an" names.
        let sent = try read("Was hab ich gestern Abend an Claire geschickt?")
        #expect(sent.author == .speaker && sent.cues.map(\.words) == [["claire"]]
                && sent.cues.first?.properties == [.init(type: "mail.message", path: "to")])
        #expect(try read("was hat Claire mir geschickt").cues.first?.properties.contains(.init(type: "mail.message", path: "from")) == true)
        // A variant's own command for a phrase English says too is the one read: French "change … à" sets a value.
        #expect(try read("change le rappel pour le cadeau de Mat à samedi").command?.arguments.first?.words == ["samedi"])
        // French property words: tags, who works where, addresses and numbers as Quebec says them, favourites.
        #expect(try read("toutes les notes avec le tag comal").cues.first?.properties == [.init(type: "notes.note", path: "tags")])
        #expect(try read("mes contacts qui travaillent au Comal").cues.first?.properties == [.init(type: "messages.contact", path: "organization")])
        #expect(try read("le num de Sophie B").askedProperties == [.init(type: "messages.contact", path: "phone")])
        #expect(try read("mes événements en favoris").flags.first?.value == true)
        #expect(try read("qu'est-ce qu'il y a dans l'agenda ce mois-ci").contentWords.isEmpty)
        // A day whose name begins with a bound's marker is that day; "pro" is "prochaine"; "j'ai reçu" was sent to the speaker.
        #expect(try read("rdv et rappels pour après-demain").time?.from == day("2026-03-14"))
        #expect(try read("rappels de la semaine pro").time?.from == day("2026-03-16"))
        #expect(try read("qu'est-ce que j'ai reçu cette nuit ?").author == .someoneElse)
        // "mon" is French for "my" before "prochain", no Monday; a question said before the time that ends the clause is read first.
        let next = try read("c quand mon prochain rdv chez le dentiste")
        #expect(next.time?.from == nil && next.cues.first?.words == ["dentiste"])
        let rent = try read("le loyer de l'appart va monter à combien en juillet?")
        #expect(rent.command?.asksAmount == true && rent.contentWords.contains("loyer"))
        // French and Spanish past tenses: what was written on Monday is the Monday gone, not the next.
        let written = try read("Claire m'a écrit quoi lundi ?")
        #expect(written.time?.from == day("2026-03-09") && !written.types.contains("calendar.event"))
        #expect(try read("¿qué me mandó Diego el lunes?").time?.from == day("2026-03-09"))
        // Spanish verbs of having and arriving say nothing to find.
        #expect(try read("¿Qué correos han entrado esta mañana?").contentWords.isEmpty)
        #expect(try read("qué tenía ayer por la tarde").contentWords.isEmpty)
        // Languages, places on screen and "one" in fr, es and de; an ordinal alone after its article, past the new time.
        #expect(try read("ouvre le mail en anglais").languages == ["en"])
        #expect(try read("die Mail auf Englisch").languages == ["en"])
        #expect(try read("mándale a Tomi la foto de arriba").reference?.kind == .position(1))
        // A Spanish command with its object pronoun joined points back at what was said before it.
        let forwardLast = try read("el último reenvíaselo a Toni")
        #expect(forwardLast.command?.name == "forward" && forwardLast.reference?.kind == .position(-1))
        let moved = try read("esos dos de abajo pásalos al lunes")
        #expect(moved.command?.name == "reschedule" && moved.reference?.kind == .span(-2))
        // "cancela" ends as "pásala" does, but is no verb with a pronoun: said after a name, it is none.
        #expect(try read("la reunión cancela").command == nil)
        // Spanish "he" is "I have", no pronoun; "editado" says nothing to find, as "edited" does.
        let edited = try read("las notas que he editado esta mañana")
        #expect(edited.cues.isEmpty && edited.contentWords.isEmpty && edited.types == ["notes.note"])
        // Spanish says whom to first, with its marker: "a Dieguito" is whom the itinerary goes to.
        let itinerary = try read("envíale a Dieguito el itinerario del viaje")
        #expect(itinerary.command?.arguments.map(\.role) == ["recipient"] && itinerary.contentWords == ["itinerario", "viaje"])
        #expect(try read("c'est combien, celle du poissonnier?").reference?.kind == .pointer)
        #expect(try read("déplace le premier à mardi matin").reference?.kind == .position(1))
        // "dafür" points, as "for this" does; a spoken "ne" is "eine".
        let reminder = try read("Hab ich dafür schon ne Erinnerung?")
        #expect(reminder.reference?.kind == .pointer && reminder.types == ["reminders.reminder"] && reminder.contentWords.isEmpty)
        // One such word in English is English: "die" here is a title's word.
        #expect(try read("die hard movie night").contentWords == ["die", "hard", "movie", "night"])
    }

    @Test func aTableNamesPropertiesInItsLanguage() throws {
        // es.json's property words: a flag, a property's name after "de", a cue; its type nouns are evidence of Spanish.
        let favourites = try read("fotos favoritas")
        #expect(favourites.types == ["photos.asset"] && favourites.flags.first?.value == true
                    && favourites.flags.first?.properties.contains(.init(type: "photos.asset", path: "isFavorite")) == true)
        #expect(try read("recordatorios pendientes").flags.map(\.value) == [false])
        // A texted "q" begins what a reply says, as "que" does; its time is the message's.
        let reply = try read("contéstale al alemán q mañana le hago la factura")
        #expect(reply.command?.arguments.map(\.role) == ["message"] && reply.time == nil)
        #expect(try read("táchalo de la lista").command?.name == "complete")
        let phone = try read("el móvil de Jordi")
        #expect(phone.types == ["messages.contact"] && phone.contentWords == ["jordi"])
        let with = try read("la reunión con Jordi")
        #expect(with.cues.first?.properties.contains(.init(type: "calendar.event", path: "attendees")) == true)
    }

    @Test func nextOrLastSaidAfterTheUnitIsRead() throws {
        // Spanish and French say it after the unit, weekday or month (nextAfter, lastAfter).
        #expect(try read("qué tengo la semana que viene").time?.from == day("2026-03-16"))
        #expect(try read("les mails de la semaine dernière").time?.from == day("2026-03-02"))
        #expect(try read("fotos del viernes pasado").time?.from == day("2026-03-06"))
        // "del" and "du" hold an article: "del finde" is this weekend, as "the weekend" is.
        #expect(try read("recordatorios del finde").time?.from == day("2026-03-14"))
    }

    @Test func aTimeOfWhatWasReceivedAsksForWhatWasSent() throws {
        // "what's on this morning" is planned; "what did I get this morning" was sent to the speaker.
        #expect(try read("what's on this morning").types == ["calendar.event", "reminders.reminder"])
        let got = try read("what did I get this morning")
        #expect(got.author == .someoneElse && got.types.contains("messages.message") && got.types.contains("mail.message"))
        #expect(!got.types.contains("calendar.event"))
    }

    @Test func aShortWeekdayThatIsAlsoAWordNeedsAWordBefore() throws {
        // "on wed", "next sat" are weekdays; "sat" alone is a verb, "wed" a marriage.
        #expect(try read("what's after the audit on wed").anchor?.words == ["the", "audit", "on", "wed"])
        #expect(try read("anything on sat").time?.from == day("2026-03-14"))
        #expect(try read("what's on fri").time?.from == day("2026-03-13"))
        #expect(try read("the photo where I sat by the window").time == nil)
        // So does "may": "photos from may" is the month.
        #expect(try read("photos from may").time?.from == day("2025-05-01"))
    }

    @Test func aMonthSaidOfAThingIsWhatItIsFor() throws {
        // Said of what something is for, in English too: the group that walks in October.
        let october = try read("where did I jot down the numbers for the October walking group?")
        #expect(october.time == nil && october.contentWords.contains("october"))
        #expect(try read("the October meeting").time != nil)
        #expect(try read("what's the book for May's book club again").time == nil)
        // A weekday too: the class held on Tuesdays, not mail sent on one.
        let tuesday = try read("the email about the room change for my Tuesday class")
        #expect(tuesday.time == nil && tuesday.contentWords.contains("tuesday"))
        // "Coming" after "was" is the verb: no order, the time said is when.
        let coming = try read("who was coming at half eight on the 12th of March")
        #expect(coming.time?.order == nil && coming.time?.from == Date(timeIntervalSince1970: 1_773_304_200))
        // "de" + a month after a word to find says what the thing is for: July's rent, April's invoice.
        let rent = try read("¿cuándo tengo que pagar el alquiler de julio?")
        #expect(rent.time == nil && rent.contentWords == ["pagar", "alquiler", "julio"])
        // After a type's noun the month is when (mails are never sent ahead: the last July); so is a day said of a thing.
        #expect(try read("correos de julio").time?.from == day("2025-07-01"))
        #expect(try read("la cena del viernes con Jordi").time?.from == day("2026-03-13"))
    }

    @Test func aPolishRequestIsReadWithItsOwnTable() throws {
        // pl.json is a variant, as de.json is ("to", "on", "do", "a" and "i" are English words too): two words only it
        // brings make a request Polish, and its commands, question words and type nouns are read in the cases said.
        #expect(RequestVocabulary.bundled.variants.map(\.language).last == "en+zh+ja+ru+pl")
        let meetings = try read("jakie spotkania mam jutro rano?")
        #expect(meetings.command?.name == "list" && meetings.types == ["calendar.event"] && meetings.contentWords.isEmpty)
        #expect(meetings.time?.from == day("2026-03-13").addingTimeInterval(5 * 3_600)
                    && meetings.time?.to == day("2026-03-13").addingTimeInterval(12 * 3_600))
        let photos = try read("pokaż zdjęcia z zeszłej soboty")
        #expect(photos.command?.name == "open" && photos.types == ["photos.asset"] && photos.cues.isEmpty && photos.contentWords.isEmpty)
        #expect(photos.time?.from == day("2026-03-07") && photos.time?.to == day("2026-03-08"))
        // "na" brings in the new time; "u dentysty" is where, or with whom, the visit is.
        let dentist = try read("przesuń wizytę u dentysty na piątek")
        #expect(dentist.command?.name == "reschedule" && dentist.types == ["calendar.event"] && dentist.time == nil)
        #expect(dentist.command?.arguments.map { $0.role == "time" && $0.words == ["piatek"] && $0.date == day("2026-03-13") } == [true])
        #expect(dentist.cues.map(\.words) == [["dentysty"]]
                    && dentist.cues.first?.properties.contains(.init(type: "calendar.event", path: "location")) == true)
        let saturday = try read("co mam w sobotę o 15?")
        #expect(saturday.command?.name == "ask" && saturday.types == ["calendar.event", "reminders.reminder"])
        #expect(saturday.time?.from == day("2026-03-14").addingTimeInterval(15 * 3_600)
                    && saturday.time?.to == day("2026-03-14").addingTimeInterval(16 * 3_600))
        let delete = try read("usuń maila od Kasi")
        #expect(delete.command?.name == "delete" && delete.types == ["mail.message"] && delete.contentWords.isEmpty)
        #expect(delete.cues.map(\.words) == [["kasi"]] && delete.cues.first?.properties == [.init(type: "mail.message", path: "from")])
        // Whom one replies to wrote what is answered; "że" begins what is said, and its time is the message's.
        let reply = try read("odpowiedz Tomkowi na maila")
        #expect(reply.command?.name == "reply" && reply.types == ["mail.message"])
        #expect(reply.cues.first.map { $0.words == ["tomkowi"] && $0.isPossessive } == true)
        let answer = try read("odpisz Kasi, że będę o 18")
        #expect(answer.command?.arguments.map(\.role) == ["message"] && answer.time == nil && answer.cues.map(\.words) == [["kasi"]])
        let training = try read("kiedy jest trening w przyszły wtorek")
        #expect(training.command?.name == "when" && training.command?.asksAbout == ["calendar.event", "reminders.reminder"])
        #expect(training.time?.from == day("2026-03-17") && training.time?.to == day("2026-03-18") && training.contentWords == ["trening"])
        // Said to someone: "do" before whom, "w sprawie" before what about, "że" before what to say.
        let late = try read("napisz do Ani, że się spóźnię")
        #expect(late.command?.name == "message" && late.command?.arguments.map(\.words) == [["ze", "sie", "spoznie"]] && late.contentWords == ["ani"])
        let call = try read("zadzwoń do mamy w sprawie obiadu")
        #expect(call.command?.name == "call" && call.command?.arguments.map(\.role) == ["topic"] && call.contentWords == ["mamy"])
        #expect(call.command?.arguments.first?.words == ["obiadu"])
        // A state after "jako"; "tego" points at what is shown, "ostatnią" at the last of it.
        let mark = try read("oznacz tego maila jako przeczytany")
        #expect(mark.command?.name == "mark" && mark.reference?.kind == .pointer && mark.types == ["mail.message"])
        #expect(mark.command?.arguments.map(\.words) == [["przeczytany"]])
        let last = try read("przeczytaj ostatnią wiadomość od Kasi")
        #expect(last.command?.name == "read" && last.reference?.kind == .position(-1) && last.types == ["messages.message"])
        let tick = try read("odhacz zadanie kup mleko")
        #expect(tick.command?.name == "complete" && tick.types == ["reminders.reminder"] && tick.contentWords == ["kup", "mleko"])
        // Flags, cues and languages in the forms said.
        let unread = try read("nieprzeczytane wiadomości od Kasi")
        #expect(unread.types == ["messages.message"] && unread.flags.map(\.value) == [false])
        #expect(unread.flags.first?.properties == [.init(type: "messages.message", path: "isRead")])
        #expect(unread.cues.first?.properties == [.init(type: "messages.message", path: "sender")])
        let whereIs = try read("gdzie jest spotkanie z Tomkiem w czwartek")
        #expect(whereIs.command?.name == "where" && whereIs.types == ["calendar.event"] && whereIs.time?.from == day("2026-03-12"))
        #expect(whereIs.cues.map(\.words) == [["tomkiem"]] && whereIs.cues.first?.properties == [.init(type: "calendar.event", path: "attendees")])
        let german = try read("maile po niemiecku od Jonasa")
        #expect(german.languages == ["de"] && german.types == ["mail.message"] && german.cues.map(\.words) == [["jonasa"]])
        let urgent = try read("zadania z wysokim priorytetem")
        #expect(urgent.types == ["reminders.reminder"] && urgent.cues.first.map { $0.words == ["high"] && $0.properties.map(\.path) == ["priority"] } == true)
        // A request that names Polish people in English is English, and one in Spanish whose small words are Polish too is Spanish.
        let english = try read("the mail from Kasia about training on saturday")
        #expect(english.cues.first?.properties == [.init(type: "mail.message", path: "from")] && english.contentWords == ["training"])
        let spanish = try read("te mando la foto de mi hija")
        #expect(spanish.types == ["photos.asset"] && spanish.contentWords == ["hija"])
        // "na liście zakupów" is on the shopping list, no screen.
        #expect(try read("co mam na liście zakupów?").cues.first?.properties.contains { $0.path == "list" } == true)
    }

    @Test func polishTimeWordsBecomeRangesOnTheClock() throws {
        // Weekdays, months, units and next or last in every case said; it is Thursday 12 March.
        let lastWeek = try #require(try read("maile z zeszłego tygodnia").time)
        #expect(lastWeek.from == day("2026-03-02") && lastWeek.to == day("2026-03-09"))
        let weekend = try #require(try read("co mam w ten weekend").time)
        #expect(weekend.from == day("2026-03-14") && weekend.to == day("2026-03-16"))
        #expect(try read("co mam w przyszłą środę").time?.from == day("2026-03-18"))
        // A bare weekday is the coming one, unless the request speaks of the past ("było").
        #expect(try read("co mam w piątek").time?.from == day("2026-03-13"))
        #expect(try read("co było w piątek").time?.from == day("2026-03-06"))
        #expect(try read("co mam za tydzień").time?.from == day("2026-03-19"))
        #expect(try read("co było tydzień temu").time?.from == day("2026-03-05"))
        // "od" and "do" bound the time; "do końca miesiąca" is what is left of it.
        let since = try #require(try read("maile od wtorku").time)
        #expect(since.from == day("2026-03-10") && since.to == nil)
        #expect(try read("zadania do piątku").time?.to == day("2026-03-14"))
        let rest = try #require(try read("co mam do końca miesiąca").time)
        #expect(rest.from == sampleNow && rest.to == day("2026-04-01"))
        // "zaległe" is overdue and still open, "nadchodzące" what lies ahead.
        let overdue = try read("jakie mam zaległe zadania?")
        #expect(overdue.time?.to == sampleNow && overdue.types == ["reminders.reminder"] && overdue.flags.map(\.value) == [false])
        let upcoming = try read("pokaż nadchodzące spotkania")
        #expect(upcoming.time?.order == .next && upcoming.time?.from == sampleNow && upcoming.types == ["calendar.event"])
        // Parts of the day and clock times: "o ósmej rano", "od 10 do 12".
        #expect(try read("co mam wieczorem").time?.minutesOfDay == 1_020..<1_320)
        #expect(try read("co mam o ósmej rano").time?.minutesOfDay == 480..<540)
        let monday = try #require(try read("spotkania od 10 do 12 w poniedziałek").time)
        #expect(monday.from == day("2026-03-16").addingTimeInterval(10 * 3_600) && monday.to == day("2026-03-16").addingTimeInterval(12 * 3_600))
        // Months in the nominative, genitive and locative; "maja" alone is Maja, "za luty" what a thing is for.
        let may = try #require(try read("spotkania w maju").time)
        #expect(may.from == day("2026-05-01") && may.to == day("2026-06-01"))
        #expect(try read("maile z 5 maja").time?.from == day("2026-05-05"))
        let maja = try read("spotkanie z Mają w czwartek")
        #expect(maja.time?.from == day("2026-03-12") && maja.cues.map(\.words) == [["maja"]])
        let dues = try read("składki za luty")
        #expect(dues.time == nil && dues.contentWords == ["skladki", "luty"])
        // A time said with a reminder to oneself is when to remind.
        let remind = try read("przypomnij mi o spotkaniu jutro o 9")
        #expect(remind.time == nil && remind.command?.arguments.first?.date == day("2026-03-13").addingTimeInterval(9 * 3_600))
    }

    @Test func whoIsRepliedToWroteWhatIsAnswered() throws {
        // "reply to Katarzyna about …" answers her message, as "reply to Katarzyna's message" would.
        let reply = try read("reply to Katarzyna about saturday training")
        #expect(reply.cues.map(\.words) == [["katarzyna"]] && reply.cues.first?.isPossessive == true)
        #expect(reply.contentWords == ["saturday", "training"] && reply.types == ["mail.message", "messages.message"])
        // A noun for what cannot be answered is part of what it is about.
        let photos = try read("reply to Julien about the grandparents photos")
        #expect(photos.types == ["mail.message", "messages.message"] && photos.contentWords.contains("photos"))
        // A pointer, an article or a possessive already said names no one.
        #expect(try read("reply to him").cues.isEmpty)
        // But a pronoun before what it is about is whose: what she wrote about Valencia is answered.
        let valencia = try read("answer her about Valencia")
        #expect(valencia.reference == nil && valencia.cues.contains { $0.isPossessive && $0.isOnScreen })
        #expect(valencia.types == ["mail.message", "messages.message"] && valencia.contentWords == ["valencia"])
        #expect(try read("reply to the hausverwaltung mail about the pipes").cues.allSatisfy { !$0.isPossessive })
        #expect(try read("reply to Kuba's message about the balloons").cues.map(\.words) == [["kuba"]])
    }

    @Test func whatTheSpeakerSentOrGotSaysWhomItIsFrom() throws {
        #expect(try read("delete the one I sent").author == .speaker)
        #expect(try read("what did I already tell Mateo").author == .speaker)
        // German verbs of sending say whom it is from, and may end the clause, after a time.
        let marta = try read("was hat Marta vorgestern abend geschrieben")
        #expect(marta.cues.map(\.words) == [["marta"]] && marta.time != nil)
        // The one who sent may come before the speaker and a helping verb, as French says it.
        #expect(try read("montre-moi les messages que Papa m'a envoyés").cues.map(\.words) == [["papa"]])
        // "Did I flag" says flagged, as "flagged" does; "flagd" is read as meant.
        #expect(try read("which mails did I flag?").flags.map(\.value) == [true])
        #expect(try read("show me my flagd emails").flags.map(\.value) == [true])
        // The noun of what was sent ends who sent it: "voice" describes the note.
        let voice = try read("play the voice note Conor sent", types: ["messages.message"])
        #expect(voice.cues.map(\.words) == [["conor"]] && voice.contentWords == ["voice"])
        // In Spanish and French the one who sent may follow the verb.
        #expect(try read("¿qué dijo Rosa del menú?").cues.map(\.words).first == ["rosa"])
        // A verb of sending may begin the request.
        #expect(try read("sent by Amara").cues.map(\.words) == [["amara"]])
        // What the speaker means to say is no sign of what was sent.
        #expect(try read("what was I going to ask the heart doctor about Papa").author == nil)
        // After the speaker, a noun for what is sent is the verb: "I text", "I email".
        let text = try read("what did I text Aoife after the echo")
        #expect(text.author == .speaker && text.types == ["messages.message"])
        #expect(try read("did I email the surgery").author == .speaker)
        // A value ends where an anchor begins.
        #expect(try read("messages to Aoife after the echo").cues.map(\.words) == [["aoife"]])
        let texted = try read("who texted me this morning")
        #expect(texted.author == .someoneElse && texted.types == ["messages.message"] && texted.contentWords.isEmpty)
        #expect(try read("who sent me the reminder about it again?").author == .someoneElse)
        #expect(try read("the mail I got yesterday from the fish supplier").author == .someoneElse)
        let hugo = try read("show me everything Hugo emailed me")
        #expect(hugo.author == .someoneElse && hugo.cues.map(\.words) == [["hugo"]])
        // "me" after a command that sends is whom it goes to, not who sent what is wanted.
        #expect(try read("send me the photos from Saturday").author == nil)
        #expect(try read("text me the details").author == nil)
        // Having got something planned is no receiving.
        #expect(try read("what have I got tomorrow").author == nil)
    }

    @Test func whatTheSpeakerDidIsSaidOfThem() throws {
        // "Haven't opened" is unread.
        #expect(try read("which emails haven't I opened yet").flags.map(\.value) == [false])
        let declined = try read("which events did I decline")
        #expect(declined.saidOfSpeaker == ["decline"] && declined.contentWords == ["decline"])
        #expect(try read("meetings I already accepted").saidOfSpeaker == ["accepted"])
        #expect(try read("which events did Mateo decline").saidOfSpeaker.isEmpty)
    }

    @Test func aPronounInALaterClauseIsAboutTheOneNotWhoseItIs() throws {
        let first = try read("the first one, what time do they get in")
        #expect(first.command?.name == "when")
        #expect(first.reference?.kind == .position(1))
        #expect(first.cues.isEmpty)
        // In the clause of "the one", he is whose it is.
        #expect(try read("the one where he brings up the dinner").cues.contains { $0.isOnScreen && $0.isPossessive })
    }

    @Test func stepsOnScreenTicksAndShiftsAsPeopleSayThem() throws {
        // "go back one" in a viewer: the one shown before the focused one.
        #expect(try read("go back one").reference?.kind == .shown(-1))
        #expect(try read("go forward one").reference?.kind == .shown(1))
        // What was ticked off is done.
        #expect(try read("what did I tick off last week").flags.map(\.value) == [true])
        // How far to push something is no word to find.
        let push = try read("push the lab cleanup back a week")
        #expect(push.command?.arguments.map(\.words) == [["a", "week"]])
        #expect(push.contentWords == ["lab", "cleanup"])
        // So is a marker right before another of the same argument: "back by a week".
        let by = try read("push the lab cleanup back by a week")
        #expect(by.command?.arguments.map(\.words) == [["a", "week"]] && by.contentWords == ["lab", "cleanup"])
        // "All" before the article begins what is sent, after whom; "her" is that person.
        let laura = try read("send Laura all the photos from her wedding")
        #expect(laura.command?.arguments.first.map { $0.role == "recipient" && $0.words == ["laura"] } == true)
        #expect(laura.cues.first.map { $0.words == ["laura"] && $0.isPossessive && !$0.isOnScreen } == true)
        // Said after her, or beside someone else named, the recipient is not whom "she" stands for.
        let kay = try read("forward Kay's email where she says Frank booked the flights to Aoife")
        #expect(!kay.cues.contains { $0.words == ["aoife"] })
        // The new time ends with its clause; "same time" keeps the hour and says nothing to find.
        let same = try read("move the last one to Thursday, same time")
        #expect(same.command?.arguments.map(\.words) == [["thursday"]] && same.time == nil && same.contentWords.isEmpty)
        // How far, and which way, said with no marker: "two days later"; in German "um zwei Tage nach hinten", no clock.
        let later = try read("push the demolition two days later")
        #expect(later.command?.arguments.map(\.words) == [["two", "days", "later"]] && later.time == nil && later.contentWords == ["demolition"])
        let back = try read("den Abriss um zwei Tage nach hinten schieben")
        #expect(back.command?.name == "reschedule" && back.command?.arguments.map(\.words) == [["zwei", "tage", "nach", "hinten"]])
        #expect(back.time == nil && back.contentWords == ["abriss"])
    }

    @Test func aNounInWhatSomethingIsAboutIsNoTypeWanted() throws {
        // What the school sent is about the show: no event is asked for, and the noun is a word to find.
        let show = try read("did the school send anything about the show?")
        #expect(show.types.isEmpty && show.contentWords.contains("show"))
        // "what about the show" asks for the show.
        #expect(try read("what about the meeting").types == ["calendar.event"])
        // A noun in what another is for describes it: the notes are wanted, not the call.
        #expect(try read("rename my notes for the call with Hannah to \"Sunset\"").types == ["notes.note"])
        // Nor is a property's name there: the end of a shift asks for no event's end.
        #expect(try read("what does the agreement say about staying past the end of shift").types.isEmpty)
    }

    @Test func aContainersNounWithOneIsOneOfWhatItHolds() throws {
        #expect(try read("the calendar one, put an alert on it for 6").types == ["calendar.event"])
        #expect(try read("the calendar").types == ["calendar.calendar"])
    }

    @Test func aFlagBeforeAnotherTypesNounDescribesThatThing() throws {
        // In the mail, "the new appointment" is a new time, not an unread mail.
        #expect(try read("when's the new appointment again?", types: ["mail.message"]).flags.isEmpty)
        #expect(try read("the new mails", types: ["mail.message"]).flags.map(\.words) == [["new"]])
    }

    @Test func aFlagThatSaysTheStateACommandSetsIsNoFilter() throws {
        // "uncheck" sets a reminder open: "isn't done" says so, it does not ask for open ones only.
        let uncheck = try read("the sofa one isn't done actually, uncheck it")
        #expect(uncheck.command?.name == "reopen")
        #expect(uncheck.command?.arguments.map(\.words) == [["open"]])
        #expect(uncheck.flags.isEmpty)
        #expect(uncheck.contentWords == ["sofa"])
        // "Never finish" after "did I" is not done.
        let never = try read("which of these did I never finish?")
        #expect(never.flags.first.map { $0.value == false && $0.properties.map(\.path) == ["isCompleted"] } == true)
        // A command word that is a state of the type named right after it is that state.
        let openTasks = try read("open tasks on the groceries list")
        #expect(openTasks.command == nil)
        #expect(openTasks.flags.map(\.value) == [false])
        #expect(try read("open the reminders").command?.name == "open")
        // Said right before a word to find, a state's word describes that word: "new" prices are no unread mail.
        let prices = try read("the email with the new prices")
        #expect(prices.flags.isEmpty && prices.contentWords == ["new", "prices"])
        #expect(try read("new messages from Amara").flags.map(\.value) == [false])
        // Unless the words end in a noun for what is wanted: the pinned one is about a party.
        let pinned = try read("share the pinned party one with Kor Kor")
        #expect(pinned.flags.map(\.value) == [true] && pinned.contentWords == ["party"])
        // After what leads to a verb, a state's word is that verb: no state is asked for.
        #expect(try read("from when are we allowed to open the terrace").flags.isEmpty)
        #expect(try read("when do I need to complete the tax form").flags.isEmpty)
        // Only what has the state can be given it: what is done is a reminder.
        #expect(try read("mark my Japanese homework as done").types == ["reminders.reminder"])
        #expect(Set(try read("mark the one from Amara as read").types) == ["mail.message", "messages.message"])
        // A noun of a type that never takes the state is part of a name: a list is never pinned.
        let unpin = try read("unpin my shopping list")
        #expect(unpin.types == ["notes.note"])
        #expect(Set(unpin.contentWords) == ["shopping", "list"])
        // A flag that differs from the state set still filters: "complete the unfinished ones".
        let complete = try read("complete the unfinished ones")
        #expect(complete.command?.arguments.map(\.words) == [["done"]])
        #expect(complete.flags.map(\.value) == [false])
    }

    @Test func referencesPointAtTheScreen() throws {
        #expect(try read("these").reference?.kind == .plural)
        #expect(try read("call her").reference?.kind == .person)
        #expect(try read("the third photo from Amara").reference?.kind == .position(3))
        // How many, then which end: "les deux derniers" are the last two, "les trois du haut" the first three.
        #expect(try read("les deux derniers, archive-les").reference?.kind == .span(-2))
        let top = try read("désépingle les trois du haut")
        #expect(top.reference?.kind == .span(3) && top.command?.name == "unpin" && top.contentWords.isEmpty)
        // Said alone before whose it is: "reply to the last from Dennis", "die letzte von Oma Gisela".
        #expect(try read("reply to the last from Dennis: I can drive").reference?.kind == .position(-1))
        #expect(try read("mach ein herz an die letzte von oma gisela").reference?.kind == .position(-1))
        #expect(try read("mach ein herz an die letzte von oma gisela").command?.name == "star")
        // A person is a contact, in any language: "call the second person".
        let second = try read("zadzwoń do drugiej osoby")
        #expect(second.reference?.kind == .position(2) && second.types == ["messages.contact"] && second.contentWords.isEmpty)
        // "him" is who it goes to, not whose it is.
        let sendHim = try read("send him the first one")
        #expect(sendHim.reference?.kind == .position(1))
        #expect(!sendHim.cues.contains { $0.isOnScreen })
        #expect(try read("the one where he brings up the dinner").cues.contains { $0.isOnScreen })
        #expect(try read("the one where he brings up the dinner").reference?.isDescribed == true)
        #expect(try read("translate the one I have open").reference?.isDescribed == false)
        // "the photo she sent": photos, hers; she is not what is wanted.
        // A verb that says what was sent, without who sent it, still says what is wanted.
        #expect(try read("who emailed me about the podcast").types == ["mail.message"])
        #expect(try read("email him").reference?.kind == .person)  // the command's word is no noun
        let notRead = try read("mail I haven't read")
        #expect(notRead.command == nil)
        #expect(notRead.flags.first?.value == false)
        #expect(try read("how many unread mails do I have").contentWords.isEmpty)
        let fromHim = try read("messages from him")
        #expect(fromHim.reference == nil)
        #expect(fromHim.cues.contains { $0.isOnScreen })
        let sent = try read("open the photo she sent")
        #expect(sent.reference == nil)
        #expect(sent.types == ["photos.asset"])
        #expect(sent.cues.contains { $0.isOnScreen })
        // So is one doing the saying as it goes on: "which shift is he asking to swap" wants the shift.
        let asking = try read("which shift is he asking to swap")
        #expect(asking.reference == nil && asking.cues.contains { $0.isOnScreen })
        #expect(try read("how much did she already send us for the deposit").reference == nil)
        #expect(try read("the last message").reference?.kind == .position(-1))
        // A person who is the subject of what is said about a thing pointed at is whose it is.
        #expect(try read("when do they need it by").reference?.kind == .pointer)
        #expect(try read("when is she free").reference?.kind == .person)
        // A question of when something happens with him asks for what happens: he is whose it is.
        let coming = try read("when's he coming again?")
        #expect(coming.reference == nil && coming.types == ["calendar.event", "reminders.reminder"] && coming.cues.first?.isOnScreen == true)
        // A place on screen said after the noun counts as an ordinal does, where nothing more follows.
        #expect(try read("what's the one at the bottom about").reference?.kind == .position(-1))
        // An ordinal said alone after its article is a place on screen too; a day's is a date ("on the second").
        #expect(try read("read me the second").reference?.kind == .position(2))
        #expect(try read("léeme la segunda").reference?.kind == .position(2))
        #expect(try read("what's on the second").reference == nil)
        #expect(try read("archive the mail at the top").reference?.kind == .position(1))
        #expect(try read("the call at the top of the hour").reference?.kind != .position(1))
        #expect(try read("the previous mail").reference?.kind == .relative(.previous))
        #expect(try read("the one after that").reference?.kind == .relative(.next))
        #expect(try read("mark the two Japanese ones at the top as read").reference?.kind == .span(2))
        // "An hour before this" is how long before the one pointed at, not the one before it.
        let alert = try read("set an alert an hour before this")
        #expect(alert.reference?.kind == .pointer && alert.command?.arguments.map(\.words) == [["an", "hour", "before"]])
        let remind = try read("remind me about the parent-teacher meeting an hour before")
        #expect(remind.command?.arguments.map(\.role) == ["offset"] && !remind.contentWords.contains("hour"))
        // "Those days" are dates, not things shown.
        #expect(try read("ok approve this and block those days in the calendar").reference?.kind == .pointer)
        // A pointer that a verb follows is what is shown, whatever is said of it; a later clause's command may follow fillers.
        let cancelled = try read("the one after this got cancelled right? just delete it")
        #expect(cancelled.reference?.kind == .relative(.next) && cancelled.anchor == nil && cancelled.command?.name == "delete")
        // Beside a place on screen is a place too.
        #expect(try read("reply to the one before the last").reference?.kind == .position(-2))
        #expect(try read("the one after the first").reference?.kind == .position(2))
        #expect(try read("the one after the staff meeting").anchor != nil)
        #expect(try read("the mail that is open").reference?.kind == .pointer)
        // A verb of arriving says nothing about which one: what it is said of is counted among all shown.
        #expect(try read("the last one, when did that come in").contentWords.isEmpty)
        #expect(try read("translate this into English").reference?.kind == .pointer)
        #expect(try read("the mail above this one").reference?.kind == .shown(-1))
        #expect(try read("forward the first two to Amara").reference?.kind == .span(2))
        #expect(try read("mark the first three done").reference?.kind == .span(3))
        // "To" inside an ordinal is no recipient's marker.
        let secondToLast = try read("send the second to last one to Karine")
        #expect(secondToLast.reference?.kind == .position(-2) && secondToLast.command?.arguments.map(\.words) == [["karine"]])
        #expect(try read("and the one just before it?").reference?.kind == .relative(.previous))
        #expect(try read("tick off the reminder on that day").reference?.kind == .pointer)
        // A command of two words said around a pointer: "tick it off" is "tick off it"; "send it on Friday" is no "send on".
        let tick = try read("tick it off")
        #expect(tick.command?.name == "complete" && tick.reference?.kind == .pointer)
        #expect(try read("send it on Friday").command?.name == "send")
        // "Them" too, for things: "I've done the first two, check them off".
        let them = try read("I've done the first two, check them off")
        #expect(them.command?.name == "complete" && them.reference?.kind == .span(2))
        let two = try read("share the two on Tuesday with Javi")
        #expect(two.reference?.kind == .plural && two.time != nil && two.contentWords.isEmpty)
        #expect(try read("the last three photos").reference?.kind == .span(-3))
        #expect(try read("the one underneath").reference?.kind == .shown(1))
        #expect(try read("mark them read").reference?.mayMeanThings == true)
        #expect(try read("call them").reference?.mayMeanThings == false)
        // "this" and "it" point whatever follows; "that" starting a clause points at nothing.
        #expect(try read("show me the calendar event this was taken at").reference?.kind == .pointer)
        let move = try read("move it to the groceries list")
        #expect(move.reference?.kind == .pointer)
        #expect(move.command?.arguments.first?.role == "destination")
        #expect(move.types.isEmpty)
        #expect(try read("the note that mentions oxygen").reference == nil)
        // "her birthday dinner": the person on screen is whose it is.
        let dinner = try read("what time is her birthday dinner")
        #expect(dinner.reference == nil)
        #expect(dinner.cues.contains { $0.isOnScreen })
        // An order said with words, not a screen: "my next lesson with Arjun".
        let next = try read("when's my next lesson with Arjun")
        #expect(next.time?.order == .next)
        #expect(next.reference == nil)
    }

    @Test func typeWordsComeFromTheSchemasAndNameKinds() throws {
        #expect(try read("which events mention oxygen?").types == ["calendar.event"])
        #expect(try read("which events mention oxygen?").contentWords == ["oxygen"])
        #expect(try read("are there any mails about the invoice").types == ["mail.message"])
        #expect(try read("are there any mails about the invoice").asksForSeveral)
        // A container with a time stands for what it holds; so does one said right after its cue.
        #expect(try read("my calendar next week").types == ["calendar.event"])
        let pickup = try read("what time is the pickup in my calendar")
        #expect(pickup.types == ["calendar.event"] && pickup.contentWords == ["pickup"])
        #expect(try read("the milk on my list").types == ["reminders.reminder"])
        // People hold nothing: "of my contacts" asks for contacts.
        #expect(try read("which of my contacts have a mission control email").types.contains("messages.contact"))
        // A container after a cue is the cue's value.
        let groceries = try read("what's on the groceries list")
        #expect(groceries.types.isEmpty)
        #expect(groceries.cues.first?.words == ["groceries", "list"])
        // So is one said before its name, as French says it; fr.json's, de.json's and es.json's cues of places.
        #expect(try read("what's in the calendar Admin").cues.first?.words == ["calendar", "admin"])
        let inAlbum = try read("montre-moi les photos dans l'album Famille")
        #expect(inAlbum.types == ["photos.asset"] && inAlbum.cues.first?.words == ["album", "famille"])
        #expect(try read("die Mails im Ordner Archiv").cues.first?.properties.contains { $0.path == "mailbox" } == true)
        // "How long do I have" asks when something is due, not how long it lasts.
        #expect(try read("how long do I have for the JMCA revisions").command?.name == "when")
        // French function words joined by an apostrophe and a hyphen are no identifier.
        #expect(try read("qu'est-ce qu'il y a dans l'agenda Admin").identifiers.isEmpty)
        // "video" is a kind of photo asset.
        let video = try read("the video Olga sent")
        #expect(video.types == ["photos.asset"])
        #expect(video.cues.contains { $0.properties.map(\.path) == ["mediaType"] && $0.words == ["video"] })
        #expect(video.cues.contains { $0.words == ["olga"] && $0.properties.contains { $0.path == "sharedBy" } })
        // Said with the type's own noun, a kind narrows nothing: "photos and videos" are any photo assets.
        let both = try read("photos and videos with Arjun in them")
        #expect(both.types == ["photos.asset"])
        #expect(!both.cues.contains { $0.properties.map(\.path) == ["mediaType"] })
        // Of two type nouns, one before a word it describes is no type wanted.
        let link = try read("meetings with a video link")
        #expect(link.types == ["calendar.event"])
        #expect(!link.cues.contains { $0.properties.map(\.path) == ["mediaType"] })
        #expect(try read("the calendar event Marco created").types.contains("calendar.event"))
        // A noun in what describes the first one said (its topic, a cue of its type) says what it is about.
        let about = try read("the email from Ana about the meeting")
        #expect(about.types == ["mail.message"] && about.contentWords == ["meeting"])
        #expect(try read("the pics from the climbing session").types == ["photos.asset"])
        #expect(try read("my daughter's email with the pictures from the lunch").types == ["mail.message"])
        #expect(try read("emails and messages from Ana").types == ["mail.message", "messages.message"])
        // A noun before "one" that names no type the command acts on describes the one.
        let album = try read("move the album one to August")
        #expect(!album.types.contains("photos.album") && album.contentWords == ["album"])
        #expect(try read("open the photo one").types == ["photos.asset"])
        #expect(try read("what plans do I have this weekend").types == ["calendar.event"])
        // Right after a command that changes something, a property's name says what has it.
        #expect(try read("set an alert an hour before it").types == ["calendar.event"])
    }

    @Test func aVerbNoTableKnowsIsACommandNotWordsToFind() throws {
        let mute = try read("mute the running chat")
        #expect(mute.command?.name == "mute" && mute.contentWords == ["running"])
        #expect(try read("hide this").reference?.kind == .pointer)
        #expect(try read("translate this message").command?.name == "translate")
        // A name or a time before a time, and words before anything else, are no verbs.
        #expect(try read("Amara this morning").command == nil)
        #expect(try read("Monday the 4th").command == nil)
        #expect(try read("dinner with Tom").command == nil)
        // What something is made into is neither a type wanted nor words to find.
        let save = try read("save this as a note")
        #expect(save.command?.name == "save" && save.types.isEmpty && save.contentWords.isEmpty)
        // A flag said before the command's clause describes what is meant; it is no state the command sets.
        let starred = try read("the one i starred, make it the wallpaper")
        #expect(starred.command?.arguments.isEmpty == true && starred.flags.map(\.words) == [["starred"]])
        let made = try read("make a reminder out of this for friday morning")
        #expect(made.types.isEmpty && made.reference?.kind == .pointer && made.contentWords.isEmpty)
    }

    @Test func whatIsShownSpeaksOfIsWantedNotWhatIsShown() throws {
        let rfc = try read("open the RFC it mentions")
        #expect(rfc.isMentionedByShown && rfc.contentWords == ["rfc"])
        #expect(try read("open the doc he's talking about").isMentionedByShown)
        // "that" begins a clause about what is wanted.
        #expect(!(try read("the mail that mentions the invoice").isMentionedByShown))
        // A meeting is no person: he is whose it is.
        let meeting = try read("which meeting is he asking about")
        #expect(meeting.reference == nil && meeting.types == ["calendar.event"] && meeting.cues.contains(where: \.isOnScreen))
        // "them" may be the photos.
        #expect(!(try read("photos with olga in them").cues.contains(where: \.isOnScreen)))
    }

    @Test func aPluralReferenceLeavesOutWhatFollowsExcept() throws {
        let done = try read("mark all of them done except the candles")
        #expect(done.reference?.kind == .plural && done.excludedWords == ["candles"] && done.contentWords.isEmpty)
        #expect(try read("unpin all of them except the Jura one").excludedWords == ["jura"])
        // Without a plural reference, "except" is a word like any other.
        #expect(try read("the note except the title").excludedWords.isEmpty)
    }

    @Test func whatTheSpeakerSaysInALaterClauseIsTheMessage() throws {
        let reply = try read("reply to him, I'll send everything Monday")
        #expect(reply.time == nil && reply.contentWords.isEmpty && reply.command?.arguments.contains { $0.role == "message" } == true)
        // Said of someone else, the clause describes what is wanted.
        #expect(try read("reply to Sophie, she's asking about the gallery").contentWords.contains("gallery"))
        // A clause that begins by telling is what to say: "this" is still the mail answered.
        let tell = try read("answer this, tell her to book it")
        #expect(tell.reference?.kind == .pointer && tell.contentWords.isEmpty)
        #expect(tell.command?.arguments.first { $0.role == "message" }?.words == ["tell", "her", "to", "book", "it"])
        // After whom it is said to, the speaker begins the message, with no comma.
        let text = try read("text Mama I'll be there Sunday")
        #expect(text.time == nil && text.contentWords == ["mama"] && text.command?.arguments.first?.role == "message")
        // What an earlier clause points at is what is texted about; whom to is an argument.
        let airport = try read("the airport one – text Ola that it's on me")
        #expect(airport.contentWords == ["airport"] && airport.types.isEmpty)
        #expect(airport.command?.arguments.first { $0.role == "recipient" }?.words == ["ola"])
        // Unless a later marker begins a clause of its own: the speaker's words before it say who.
        let girl = try read("text the girl I'm interviewing that we start at 11 sharp")
        #expect(girl.command?.arguments.first { $0.role == "message" }?.words == ["we", "start", "at", "11", "sharp"])
        // Whatever markers the message holds ("to eleven").
        let pickUp = try read("text her I'll pick her up at quarter to eleven")
        #expect(pickUp.command?.arguments.map(\.words) == [["i'll", "pick", "her", "up", "at", "quarter", "to", "eleven"]])
        // Typed without the apostrophe, "im" is still the speaker: "late" is what is said, not a time.
        let late = try read("text Mathieu im late")
        #expect(late.time == nil && late.contentWords == ["mathieu"] && late.command?.arguments.first?.words == ["im", "late"])
        let bring = try read("text Jonas ill bring the grigri thursday")
        #expect(bring.time == nil && bring.contentWords == ["jonas"])
        // "Back", then what is said.
        let back = try read("text Olga back that im in for the flat")
        #expect(back.contentWords == ["olga"] && back.command?.arguments.first?.words == ["im", "in", "for", "the", "flat"])
    }

    @Test func aCommandInALaterClauseActsOnWhatTheFirstNames() throws {
        let later = try read("the one after the staff meeting, move it to Tuesday")
        #expect(later.command?.name == "reschedule" && later.anchor?.words == ["the", "staff", "meeting"] && later.reference == nil)
        let sign = try read("the one about the flat, remind me to sign it tonight")
        #expect(sign.command?.name == "message" && sign.time == nil)
    }

    @Test func aTimeAheadOfWhatNeverLiesAheadIsWhatItIsAbout() throws {
        // A reply acts on a mail or a message, never ahead: the day said is what it is about.
        let dinner = try read("Réponds à Claire pour le souper du 12 juin")
        #expect(dinner.time == nil && !dinner.types.contains("calendar.event") && dinner.contentWords.contains("juin"))
        // Said for later, a time ahead is still when to do it.
        #expect(try read("remind me tomorrow to answer Camille's mail").time == nil)
    }

    @Test func aCommandAskedForPolitelyIsAnInfinitive() throws {
        // "Peux-tu appeler …", "¿puedes borrar …?": a modal asks, the infinitive says what to do.
        let call = try read("Peux-tu appeler Monique?")
        #expect(call.command?.name == "call" && call.contentWords == ["monique"])
        #expect(try read("¿puedes borrar el correo de Monique?").command?.name == "delete")
        #expect(try read("tu pourrais déplacer la réunion à mardi").command?.name == "reschedule")
    }

    @Test func aThingHasOneNewName() throws {
        let rename = try read("rename my note of places to eat in Mexico City to \"CDMX food\"")
        #expect(rename.command?.arguments.map(\.words) == [["cdmx", "food"]])
        #expect(rename.contentWords.contains("eat") && rename.contentWords.contains("mexico"))
    }

    @Test func nextBeforeAWeekdayIsNoOrder() throws {
        // Said of what a reply is about, "next Wednesday" is a day, not "the next" of anything.
        let wednesday = try read("reply to Wei's message about the shift next Wednesday")
        #expect(wednesday.time?.order == nil && wednesday.reference == nil)
    }

    @Test func whatIsForLaterIsAheadThoughWhatItActsOnIsPast() throws {
        // In the mail app, mail only ever happened; when to be reminded still lies ahead.
        let later = try read("remind me to deal with this on wednesday", types: ["mail.message"])
        #expect(later.time == nil && later.command?.arguments.first { $0.role == "time" }?.date == day("2026-03-18"))
        // Said of the mail itself, Wednesday is the one past.
        #expect(try read("the mail from wednesday", types: ["mail.message"]).time?.from == day("2026-03-11"))
    }

    @Test func aRemarkSaysNothingOfWhichPlaceOnScreenIsMeant() throws {
        let last = try read("cancel the last one, I'll be dead after presenting")
        #expect(last.reference?.kind == .position(-1) && last.contentWords.isEmpty)
        let busy = try read("cancel the last one, I'll be busy with the new crew that evening")
        #expect(busy.reference?.kind == .position(-1) && busy.cues.isEmpty && busy.time == nil)
        // Nor of what a pointer points at: not him, nor what the speaker wrote yesterday.
        let unflag = try read("unflag it, I already replied to him yesterday")
        #expect(unflag.command?.name == "unflag" && unflag.reference?.kind == .pointer && unflag.reference?.words == ["it"])
        #expect(unflag.author == nil && unflag.time == nil && unflag.contentWords.isEmpty)
        // Beside a person, what the speaker adds is still what is wanted.
        #expect(try read("reply to Sophie, she's asking about the gallery").contentWords.contains("gallery"))
        #expect(try read("which msg was that").types == ["messages.message"])
        // "vid" is a video: the type, and the kind of asset.
        let vid = try read("share the vid with Kofi")
        #expect(vid.types == ["photos.asset"] && vid.cues.contains { $0.properties.map(\.path) == ["mediaType"] })
        #expect(try read("the middle one").reference?.kind == .position(0))
        // The words before "in the third one" ask what is in it: they do not pick which.
        let inside = try read("whats the family shoot price in the third one")
        #expect(inside.reference?.kind == .position(3) && inside.contentWords.isEmpty)
        #expect(try read("the family shoot one, the third").contentWords.contains("family"))
    }

    @Test func aReminderToOneselfActsOnWhatItNamesLater() throws {
        let answer = try read("remind me to answer this tomorrow")
        #expect(answer.command?.name == "reply" && answer.reference?.kind == .pointer)
        #expect(answer.time == nil && answer.command?.arguments.first { $0.role == "time" }?.date == day("2026-03-13"))
        let mail = try read("remind me tomorrow to answer Camille's mail")
        #expect(mail.command?.name == "reply" && mail.types == ["mail.message"] && mail.time == nil)
        #expect(mail.cues.contains { $0.words == ["camille"] })
        // Without a command to do later, what the reminder is about is searched; a time ahead is still when.
        let dentist = try read("remind me about the dentist tomorrow")
        #expect(dentist.command?.name == "message" && dentist.time == nil && dentist.contentWords == ["dentist"])
        // A time of day on no day, or a stretch of time not yet over, is when to remind too.
        let atSix = try read("the last one, remind me at 6")
        #expect(atSix.time == nil && atSix.command?.arguments.first { $0.role == "time" }?.date == day("2026-03-12").addingTimeInterval(18 * 3_600))
        let tonight = try read("remind me tonight about the dentist", zone: "Europe/Madrid")
        #expect(tonight.time == nil && tonight.contentWords == ["dentist"])
        // Over already, it is when what the reminder is about happened.
        #expect(try read("remind me about the dentist yesterday").time != nil)
    }

    @Test func theVerbEndingAQuestionOfWhenSaysWhatHappens() throws {
        let pharmacy = try read("what time does the pharmacy open")
        #expect(pharmacy.flags.isEmpty && pharmacy.contentWords == ["pharmacy"])
        #expect(try read("when does the train leave").contentWords == ["train"])
        // So does one before the time that ends the request.
        #expect(try read("what time does my train leave tomorrow").contentWords == ["train"])
        #expect(try read("when does the pharmacy open on saturday").flags.isEmpty)
        // Spanish, French and German say the verb right after the question.
        #expect(try read("¿a qué hora empieza la barbacoa el sábado?").contentWords == ["barbacoa"])
        #expect(try read("Welche Erinnerungen sind heute fällig?").contentWords.isEmpty)
        #expect(try read("where does the trail run start").contentWords == ["trail", "run"])
        // Not ending such a question, it is what it says: a command, a state.
        #expect(try read("open the pharmacy note").command?.name == "open")
        #expect(try read("what are my open reminders").flags.map(\.value) == [false])
    }

    @Test func aClauseTheSpeakerBeginsAfterTheCommandSaysNoTimeOfWhatIsWanted() throws {
        try index.donate([Entity(type: "mail.message", id: "mater", properties: ["subject": "Echocardiogram", "from": "outpatients@mater.ie"])])
        let mater = try read("unflag the email from the Mater, I've had the echo now")
        #expect(mater.time == nil && mater.cues.map(\.words) == [["mater"]])
        // Its words may still name what is wanted.
        #expect(try read("delete the note, I have the packing list in my bag now").contentWords.contains("packing"))
        #expect(try read("archive the bill, I paid it yesterday").time == nil)
        // Before the command, or said to someone, it is what it says.
        #expect(try read("what did I send yesterday").time != nil)
        #expect(try read("text Aoife, I'll be there Sunday").command?.arguments.map(\.role) == ["message"])
        // A clause that begins by saying what to say is the message too, its time with it.
        let say = try read("reply to that last one, say I'll ring her Sunday with all the news")
        #expect(say.command?.arguments.map(\.role) == ["message"] && say.time == nil)
        // What is said may follow the command at once.
        let atOnce = try read("reply that I'll send it today")
        #expect(atOnce.command?.arguments.map(\.words) == [["i'll", "send", "it", "today"]] && atOnce.time == nil)
        #expect(try read("respóndele que ya lo mando hoy").command?.arguments.first?.role == "message")
        // What points at the screen is what is sent, never whom it goes to.
        let esto = try read("reenvía esto a Andrés")
        #expect(esto.command?.arguments.map(\.words) == [["andres"]] && esto.reference?.kind == .pointer)
        // Unsure on the invitation, as a maybe; "somewhere" says nothing.
        #expect(try read("which meeting am I still a maybe for?").saidOfSpeaker == ["tentative"])
        // "Urgent" is the high priority a reminder may have.
        #expect(try read("what's the urgent one", types: ["reminders.reminder"]).contentWords == ["high"])
        #expect(try read("is there an email in German somewhere").contentWords.isEmpty)
    }

    @Test func aTimeSaidWithWhomToCallIsWhenToCall() throws {
        let call = try read("call Mateo tomorrow")
        #expect(call.time == nil && call.contentWords == ["mateo"])
        #expect(call.command?.arguments.first { $0.role == "time" }?.date == day("2026-03-13"))
        #expect(try read("text mateo tonight").time == nil)
        // A person is found whatever the time, so a time over already says nothing of them either way.
        #expect(try read("call Mateo yesterday").command?.arguments.contains { $0.role == "time" } == false)
    }

    @Test func sendingSomeoneANewMessageIsMessagingThem() throws {
        let text = try read("send her a text saying see you at quarter past four")
        #expect(text.command?.name == "message" && text.reference?.kind == .person && text.time == nil)
        #expect(text.command?.arguments.map(\.words) == [["see", "you", "at", "quarter", "past", "four"]])
        let email = try read("send Mateo an email")
        #expect(email.command?.name == "message" && email.contentWords == ["mateo"] && email.types == ["messages.contact"])
        // What is sent is found when it is one that exists: "the photo", "a photo of the lake" is no message.
        #expect(try read("send her the photo").command?.name == "send")
        #expect(try read("send").command?.name == "send")  // nothing after it: no message is looked for
        // Once whom it goes to is said, "with" after what is sent describes it.
        let cake = try read("send the one with the cake to Marisol")
        #expect(cake.command?.arguments.map(\.words) == [["marisol"]] && cake.cues.map(\.words) == [["cake"]])
    }

    @Test func eitherOfTwoDaysIsBoth() throws {
        // Two days said with "or" are both; two days next to each other that no "or" joins share no time.
        let either = try read("is Emil's party on the 14th or the 15th?")
        #expect(either.time?.from == day("2026-03-14") && either.time?.to == day("2026-03-16"))
        #expect(try read("what's on friday or saturday").time?.to == day("2026-03-15"))
        // "What've I got on Saturday" asks what is planned, as "what have I got" does.
        let got = try read("what've I got on saturday?")
        #expect(got.command?.name == "which" && got.time?.from == day("2026-03-14") && got.contentWords.isEmpty)
    }

    @Test func aTimeToSetSomethingForIsTheNewTime() throws {
        let set = try read("set it for tomorrow morning")
        #expect(set.time == nil)
        #expect(set.command?.arguments.first { $0.role == "time" }?.date == day("2026-03-13").addingTimeInterval(5 * 3_600))
        // A month a thing is for is what it is about, not when it was sent.
        let may = try read("forward the Seng Heng trucking invoice for May to Desmond pls")
        #expect(may.time == nil && may.contentWords == ["seng", "heng", "trucking", "invoice"])
        // Nor is the day a thing is to be due.
        let due = try read("the $8,580 one, make it due on the 11th instead")
        #expect(due.command?.arguments.map(\.role) == ["time"] && due.time == nil && due.contentWords == ["8580"])
        // "With" after "the ones" describes them once whom they go to is said.
        let teddy = try read("share the ones with Teddy in them with Papa")
        #expect(teddy.command?.arguments.map(\.words) == [["papa"]] && teddy.cues.map(\.words) == [["teddy"]])
        // A recipient's marker in what the thing is about is part of it; whom to is said last.
        let montseny = try read("forward the one about Nico's trip to the Montseny to Andrés")
        #expect(montseny.command?.arguments.filter { $0.role == "recipient" }.map(\.words) == [["andres"]])
        // So is where a thing is put.
        let put = try read("the one from my mum, put that lunch in my calendar")
        #expect(put.command?.arguments.map(\.role) == ["destination"] && put.types.isEmpty && put.contentWords == ["lunch"])
        // Where a thing is moved into is where it goes.
        let album = try read("move the photo of the tarts into the family album")
        #expect(album.command?.arguments.map(\.role) == ["destination"] && album.types == ["photos.asset"])
        // How long to mute a chat for is no time to find it by.
        let mute = try read("mute the work group chat for today")
        #expect(mute.command?.name == "mute" && mute.command?.arguments.map(\.role) == ["time"] && mute.time == nil)
        // What is not a time after "for" stays words to find.
        let vet = try read("set the reminder for the vet as done")
        #expect(vet.command?.arguments.map(\.role) == ["state"] && vet.contentWords == ["vet"])
        // With no object said, whom to or when begins right after the command; the object may be a Spanish clitic.
        for text in ["forward to Álvaro", "reenvíaselo a Álvaro"] {
            let forward = try read(text)
            #expect(forward.command?.name == "forward" && forward.command?.arguments.map(\.words) == [["alvaro"]] && forward.contentWords.isEmpty)
        }
        #expect(try read("push the last one back half an hour").command?.arguments.first?.words == ["half", "an", "hour"])
        // What to say in a reply, as French says it: no time to find.
        let merci = try read("réponds au dernier message, dis-lui merci et à 11h")
        #expect(merci.command?.arguments.first?.role == "message" && merci.time == nil)
        // A time's marker before a verb begins what the reminder says: "to call Julien" is no time.
        let callBack = try read("hey can you move the reminder to call Julien back to Friday")
        #expect(callBack.command?.arguments.map(\.role) == ["time"] && callBack.command?.arguments.first?.date == day("2026-03-13"))
        #expect(callBack.contentWords == ["call", "julien"])
        // What a reply suggests is said, its time too.
        let suggest = try read("reply to Yumi's email and suggest we talk next Wednesday")
        #expect(suggest.command?.arguments.first?.role == "message" && suggest.time == nil)
        // "Sometime" says nothing of when: the new time is next week.
        let sometime = try read("can you reschedule my dentist appointment on Friday to sometime next week")
        #expect(sometime.command?.arguments.first?.date == day("2026-03-16"))
        #expect(sometime.time?.from == day("2026-03-13") && sometime.contentWords == ["dentist"])
        // Its own time too: "now" is when it was sorted.
        #expect(try read("unflag the bottom one, that's all sorted now").time?.from == nil)
        // Unless it says which one.
        #expect(try read("delete it, it's the one from Friday").time?.from == day("2026-03-13"))
        // Beside a command that does something, now is when to do it; asked about, it is when the entity is.
        #expect(try read("delete the check-in mail, sure we're home now").time == nil)
        #expect(try read("that packing one can go now, delete it").time == nil)
        #expect(try read("what's on right now").time?.order == .next)
        // An amount for later is stated before it: the time is what it is for.
        let payout = try read("how much is the DAAD paying out in July?")
        #expect(payout.time == nil && payout.contentWords.starts(with: ["daad"]))
        // What something said is about, and the time that is for, are no time of the saying.
        #expect(try read("what did Marco say about the wind for Sunday").time == nil)
        // A later clause about it has its own tense: the karaoke is this Friday's.
        let calledOff = try read("delete the karaoke thing on friday, it got called off anyway")
        #expect(calledOff.time?.from == day("2026-03-13") && calledOff.contentWords == ["karaoke"])
        // A new time said from the old one is kept as said, and is no time to find the entity by.
        let after = try read("move the kitchen cabinet install to the Tuesday after")
        #expect(after.time == nil && after.contentWords == ["kitchen", "cabinet", "install"])
        #expect(after.command?.arguments.first.map { $0.role == "time" && $0.words == ["the", "tuesday", "after"] && $0.date == nil } == true)
    }

    @Test func timeWordsBecomeRangesOnTheClock() throws {
        let tomorrowMorning = try #require(try read("tomorrow morning").time)
        #expect(tomorrowMorning.from == day("2026-03-13").addingTimeInterval(5 * 3_600))
        #expect(tomorrowMorning.to == day("2026-03-13").addingTimeInterval(12 * 3_600))
        #expect(try read("this Friday").time?.from == day("2026-03-13"))
        // "tonight" after a clock says pm and names the day too.
        let tenTonight = try #require(try read("at 10 tonight").time)
        #expect(tenTonight.from == day("2026-03-12").addingTimeInterval(22 * 3_600) && tenTonight.minutesOfDay == nil)
        #expect(try read("last Monday").time?.from == day("2026-03-09"))
        // After an article, "last night" before a noun orders night shifts; said alone it is a time.
        let shift = try read("what's my last night shift")
        #expect(shift.time?.order == .latest && shift.time?.from == nil && shift.contentWords == ["night", "shift"])
        // Last night runs on into the small hours.
        let lastNight = try #require(try read("what did Sam text last night").time)
        #expect(lastNight.from == day("2026-03-11").addingTimeInterval(17 * 3_600) && lastNight.to == day("2026-03-12").addingTimeInterval(4 * 3_600))
        // "Was" before "supposed to" speaks of what is still ahead: the coming Saturday, not the last.
        #expect(try read("what was I supposed to bring to the BBQ on saturday").time?.from == day("2026-03-14"))
        #expect(try read("what was on saturday").time?.from == day("2026-03-07"))
        #expect(try read("next month").time?.from == day("2026-04-01"))
        #expect(try read("in March").time?.to == day("2026-04-01"))
        // A month that is a word too ("may") is one after a word that says when: "booked for May".
        #expect(try read("have I got the hair booked for May").time?.from == day("2026-05-01"))
        #expect(try read("it may rain").time == nil)
        // Two times that cannot both hold: the narrower is when, the broader says what it is about.
        let shipment = try read("open the email from this morning about the July shipment")
        #expect(shipment.time?.from == day("2026-03-12").addingTimeInterval(5 * 3_600))
        #expect(shipment.contentWords.contains("july"))
        // German: "was" is "what", no past tense ("was ist am Freitag" is the coming Friday, "was war" the last);
        // a weekday and a part of the day may be one word.
        #expect(try read("was ist am Freitag").time?.from == day("2026-03-13"))
        #expect(try read("was war am Freitag").time?.from == day("2026-03-06"))
        let compound = try read("was ist am Samstagvormittag mit Emil")
        #expect(compound.time?.from == day("2026-03-14").addingTimeInterval(5 * 3_600) && !compound.contentWords.contains("samstagvormittag"))
        // A type's noun joined to what describes it is both: "Kletterfotos" are photos of climbing.
        let photos = try read("zeig mir die Kletterfotos von letztem Donnerstag")
        #expect(photos.types == ["photos.asset"] && photos.contentWords.first == "kletter" && photos.time?.from == day("2026-03-05"))
        // A bound before a day after an article: "since the 20th" is from the 20th on.
        let since = try #require(try read("show unread emails since the 20th").time)
        #expect(since.from == day("2026-02-20") && since.to == nil)
        // "From 3 pm on" is since 3 pm; "before lunch" ends where lunch begins, on the day said.
        let fromThree = try #require(try read("what's on wednesday from 3pm on").time)
        #expect(fromThree.from == day("2026-03-18").addingTimeInterval(15 * 3_600) && fromThree.to == day("2026-03-19"))
        let beforeLunch = try #require(try read("before lunch on thursday").time)
        #expect(beforeLunch.to == day("2026-03-12").addingTimeInterval(12 * 3_600))
        #expect(try read("before the lunch meeting on thursday").time?.to != day("2026-03-12").addingTimeInterval(12 * 3_600))
        // The nth weekday or weekend of a month: "the first Saturday of December", "the first weekend in April".
        #expect(try read("what am I doing the first Saturday of December").time?.from == day("2026-12-05"))
        let firstWeekend = try #require(try read("the first weekend in April").time)
        #expect(firstWeekend.from == day("2026-04-04") && firstWeekend.to == day("2026-04-06"))
        #expect(try read("the last Friday of next month").time?.from == day("2026-04-24"))
        #expect(try read("the second Tuesday of the month").time?.from == day("2026-03-10"))
        // A weekday after a week is that week's: "last week Wednesday", "letzte Woche Mittwoch".
        #expect(try read("what did Tobi ask me last week Wednesday").time?.from == day("2026-03-04"))
        // So is one before it: "Thursday next week", "el jueves de la semana que viene".
        #expect(try read("what's on Thursday next week").time?.from == day("2026-03-19"))
        #expect(try read("¿qué hay el jueves de la semana que viene?").time?.from == day("2026-03-19"))
        #expect(try read("was hat Tobi letzte Woche Mittwoch gefragt").time?.from == day("2026-03-04"))
        // The one after the next: "übernächste Woche"; "um wie viel Uhr" asks when.
        let weekAfterNext = try read("um wie viel Uhr kommt der Techniker übernächste Woche")
        #expect(weekAfterNext.time?.from == day("2026-03-23") && weekAfterNext.command?.name == "when")
        let invoice = try read("the April invoice from yesterday")
        #expect(invoice.time?.from == day("2026-03-11") && invoice.contentWords.contains("april"))
        // A day of the month is the coming one, as a weekday is, unless the request speaks of the past.
        #expect(try read("on the 9th").time?.from == day("2026-04-09"))
        #expect(try read("what was on the 9th").time?.from == day("2026-03-09"))
        #expect(try read("what's on 14/4").time?.from == day("2026-04-14"))
        // Dates are no identifiers; a number outside a time may be part of one.
        let written = try read("events on march 9 2026")
        #expect(written.time?.from == day("2026-03-09"))
        #expect(written.identifiers.isEmpty)
        let iso = try read("events on 2026-03-09")
        #expect(iso.time?.from == day("2026-03-09"))
        #expect(iso.identifiers.isEmpty)
        #expect(try read("whose number ends in 0143").identifiers == ["0143"])
        // A hyphenated word read as a flag is no identifier; one read as a cue's value still is.
        #expect(try read("all-day events in April").identifiers.isEmpty)
        #expect(try read("mail from tycho-station").identifiers == ["tycho-station"])
        #expect(try read("which contacts work at mission control").cues.first?.properties.map(\.path) == ["organization"])
        #expect(try read("anything on 4/22?").time?.from == day("2026-04-22"))
        #expect(try read("the day after tomorrow").time?.from == day("2026-03-14"))
        let fortnight = try #require(try read("what have I got on two weeks from today").time)
        #expect(fortnight.from == day("2026-03-26") && fortnight.to == day("2026-03-27"))
        #expect(try read("3 days from now").time?.from == day("2026-03-15"))
        // Counted from another day said.
        let fromTomorrow = try #require(try read("what's happening two weeks from tomorrow?").time)
        #expect(fromTomorrow.from == day("2026-03-27") && fromTomorrow.to == day("2026-03-28"))
        // Planned in a stretch named: all of it, not the next.
        let planned = try #require(try read("what's planned for the weekend of the 21st?").time)
        #expect(planned.order == nil && planned.from == day("2026-03-21") && planned.to == day("2026-03-23"))
        #expect(try read("anything planned?").time?.order == .next)
        // Days counted from Easter, which moves: in 2026 Easter Sunday is 5 April.
        let easter = try #require(try read("what's on over the easter weekend").time)
        #expect(easter.from == day("2026-04-03") && easter.to == day("2026-04-07"))
        #expect(try read("anything on good friday").time?.from == day("2026-04-03"))
        #expect(try read("what's the easter egg hunt about").time == nil)  // a name's word
        #expect(RequestClock.easterSunday(in: 2027)! == (3, 28) && RequestClock.easterSunday(in: 2038)! == (4, 25))
        // "Any evenings" is the evening of each day, as "the evening" is; "movie night" stays a name.
        #expect(try read("am I out any evenings this week").time?.minutesOfDay == 1_020..<1_320)
        let monthAgo = try #require(try read("what was I doing a month ago today").time)
        #expect(monthAgo.from == day("2026-02-12") && monthAgo.to == day("2026-02-13"))
        #expect(try read("at 8 am").time?.minutesOfDay == 480..<540)
        #expect(try read("at half eight").time?.minutesOfDay == 510..<511)
        #expect(try read("the 3 o'clock one").time?.minutesOfDay == 900..<960)
        // An hour of 1 to 6 without am or pm is in the afternoon, with its minutes too, unless written "04:15".
        #expect(try read("move the 4:15 one to 4:30").time?.minutesOfDay == 975..<976)
        #expect(try read("the 04:15 one").time?.minutesOfDay == 255..<256)
        // Without am, pm or a part of the day, the other half of the day may be meant too.
        #expect(try read("the 7 o'clock one").time?.isEitherHalfOfDay == true)
        #expect(try read("the 7 pm one").time?.isEitherHalfOfDay == false)
        #expect(try read("at 7 in the morning").time?.isEitherHalfOfDay == false)
        #expect(try read("upcoming events").time?.order == .next)
        let afterNext = try #require(try read("anything on the week after next").time)
        #expect(afterNext.from == day("2026-03-23") && afterNext.to == day("2026-03-30"))
        let rest = try #require(try read("the rest of the week").time)
        #expect(rest.from == sampleNow && rest.to == day("2026-03-16"))
        // "Between now and Sunday" (it is Thursday): from now to Sunday's end.
        let untilSunday = try #require(try read("between now and sunday, which reminders do I still have?").time)
        #expect(untilSunday.from == sampleNow && untilSunday.to == day("2026-03-16"))
        // "The end of the month" is what is left of it, as a bound too: no anchor named "the end".
        for text in ["reminders due before the end of the month", "what's on between now and the end of the month"] {
            let end = try #require(try read(text).time)
            #expect(end.from == sampleNow && end.to == day("2026-04-01"))
        }
        // The end of a month that is over is its last third.
        let january = try #require(try read("photos from the futsal tournament at the end of January").time)
        #expect(january.from == day("2026-01-21") && january.to == day("2026-02-01"))
        // A month said of photos is the last one: they are never taken ahead ("fotos de diciembre" in March).
        for text in ["photos from December", "fotos de diciembre"] {
            #expect(try read(text).time?.from == day("2025-12-01"), "\(text)")
        }
        #expect(try read("what's on in December").time?.from == day("2026-12-01"))
        let between = try #require(try read("meetings between 9 and 11 tomorrow").time)
        #expect(between.from == day("2026-03-13").addingTimeInterval(9 * 3_600))
        #expect(between.to == day("2026-03-13").addingTimeInterval(11 * 3_600))
        #expect(try read("from 2 to 4").time?.minutesOfDay == 840..<960)
        // A clock after "after" or "before" bounds the day said, wherever the day is said; a bare hour is a clock there.
        let afterThree = try #require(try read("what's in the calendar wednesday after 3").time)
        #expect(afterThree.from == day("2026-03-18").addingTimeInterval(15 * 3_600) && afterThree.to == day("2026-03-19"))
        #expect(try read("anything after 5 tomorrow").time?.from == day("2026-03-13").addingTimeInterval(17 * 3_600))
        #expect(try read("what's after 3").anchor == nil)
        // A weekday with its day of the month is that date; "por la mañana" is the morning, not tomorrow.
        #expect(try read("what do I have friday 20").time?.from == day("2026-03-20"))
        let morning = try #require(try read("qué tengo el viernes 20 por la mañana").time)
        #expect(morning.from == day("2026-03-20").addingTimeInterval(5 * 3_600) && morning.to == day("2026-03-20").addingTimeInterval(12 * 3_600))
        #expect(try read("what's after the 3 pm meeting").anchor != nil)
        #expect(try read("photos taken at night").time?.minutesOfDay == 1080..<1440)
        let firstWeek = try #require(try read("events in the first week of April").time)
        #expect(firstWeek.from == day("2026-04-01") && firstWeek.to == day("2026-04-08"))
        #expect(try read("the last week of March").time?.from == day("2026-03-25"))
        #expect(try read("mail from Amara").time == nil)
        // An order after what it orders; and only what is planned lies ahead.
        let talking = try read("when am I talking to Mateo next")
        #expect(talking.time?.order == .next)
        #expect(talking.types == ["calendar.event", "reminders.reminder"])
        #expect(try read("anything about the scrubber tomorrow").types == ["calendar.event", "reminders.reminder"])
        #expect(try read("anything about the scrubber yesterday").types.isEmpty)
        #expect(try read("show the next").time == nil)
        // An order with only a time and words that say nothing after it orders what is asked for.
        #expect(try read("what's first thing on Monday").time?.order == .earliest)
        #expect(try read("what's on first thing tomorrow").time?.order == .earliest)
        // A time before an anchor is read as well: "on Sunday", before the party.
        let sunday = try read("what's on Sunday before Saoirse's party")
        #expect(sunday.anchor?.words == ["saoirse", "party"] && sunday.time?.from == day("2026-03-15"))
        // A flag after "is" with no command is declared of what is named, not looked for.
        let done = try read("the third one's done")
        #expect(done.flags.isEmpty && done.reference?.kind == .position(3))
        #expect(try read("which reminders are done").flags.map(\.value) == [true])
        #expect(try read("what's first on Monday").contentWords.isEmpty)
        // After an article, "thing" is "one": "the last thing on my calendar tonight" is the last of them.
        #expect(try read("what's the last thing on my calendar tonight").reference?.kind == .position(-1))
        // So is "the next thing"; and "next" before where it is ("on my calendar") orders what that holds.
        for request in ["what's the next thing on my calendar", "what's next on my calendar"] {
            let next = try read(request)
            #expect(next.time?.order == .next, "\(request)")
            #expect(next.types == ["calendar.event"], "\(request)")
            #expect(next.contentWords.isEmpty, "\(request)")
        }
        // Days of the year by name: the nearest one, or the last one for the past.
        #expect(try read("what's on christmas eve").time?.from == day("2026-12-24"))
        #expect(try read("what did we do on new year's eve").time?.from == day("2025-12-31"))
        // Before a word that says what kind of thing, a day's name is part of a name: a Christmas concert is seldom on the 25th.
        let concert = try read("when is the christmas concert")
        #expect(concert.time == nil && concert.contentWords == ["christmas", "concert"])
        #expect(try read("christmas eve at 8").time?.from == day("2026-12-24").addingTimeInterval(8 * 3_600))
        #expect(try read("this afternoon").time?.to == day("2026-03-12").addingTimeInterval(18 * 3_600))
        let weekend = try #require(try read("what's going on the weekend of the 14th?").time)
        #expect(weekend.from == day("2026-03-14") && weekend.to == day("2026-03-16"))
        #expect(try read("the week of March 18").time?.from == day("2026-03-16"))
        // "Who's coming to" speaks of what lies ahead: the next one, when no time is said.
        let coming = try read("who's coming to the barbecue")
        #expect(coming.time?.from == sampleNow && coming.time?.order == .next)
        #expect(try read("who's in the meeting").time == nil)
        // "The weekend" is this week's, or the last one for the past ("came" is past too).
        #expect(try read("what's on the weekend").time?.from == day("2026-03-14"))
        #expect(try read("emails that came in over the weekend").time?.from == day("2026-03-07"))
        let overdue = try read("overdue reminders")
        #expect(overdue.time?.to == sampleNow)
        #expect(overdue.flags.first?.value == false)
        #expect(try read("which reminders are late").time?.to == sampleNow)
        #expect(try read("Haruto's message saying he'd be a bit late").time == nil)
        // A time ahead, after a verb of saying in a question of the past, is what was said.
        let making = try read("what food did mum say she's making this weekend?")
        #expect(making.time == nil && making.contentWords.contains("weekend"))
        // Running late is delayed: no time, and a word to find.
        let ship = try read("the email about the ship running late")
        #expect(ship.time == nil && ship.contentWords == ["ship", "running", "late"])
        // What is left of a time said is from now on; what is left alone is what is still open; what "is left" is an amount.
        let left = try read("what's left today?")
        #expect(left.time?.from == sampleNow && left.time?.to == day("2026-03-13") && left.contentWords.isEmpty)
        let list = try read("what's left on my shopping list")
        #expect(list.time == nil && list.flags.map(\.value) == [false] && !list.contentWords.contains("left"))
        #expect(try read("how much argon is left after the retry").contentWords.contains("left"))
        // Overdue said alone is what can be left undone, not a meeting that is over; "upcoming" is all that is planned.
        #expect(try read("anything overdue?").types == ["reminders.reminder"])
        #expect(try read("anything upcoming?").types == ["calendar.event", "reminders.reminder"])
        // "Tonight" in Tokyo begins at 08:00 UTC.
        #expect(try read("tonight", zone: "Asia/Tokyo").time?.from == day("2026-03-12").addingTimeInterval(8 * 3_600))
        // A bare weekday (it is Thursday) is the coming one, unless the request speaks of the past:
        // in past tense ("have got" is having, not the past), or only of what happened, not what was planned.
        #expect(try read("what's on Tuesday").time?.from == day("2026-03-17"))
        #expect(try read("what have I got on Tuesday").time?.from == day("2026-03-17"))
        #expect(try read("what's on my family calendar on Tuesday").time?.from == day("2026-03-17"))
        #expect(try read("what did Amara send on Tuesday").time?.from == day("2026-03-10"))
        #expect(try read("the mail I got on Tuesday").time?.from == day("2026-03-10"))
        #expect(try read("pics from Tuesday").time?.from == day("2026-03-10"))
        #expect(try read("the one taken on Sunday").time?.from == day("2026-03-08"))
        #expect(try read("Tuesday", types: ["messages.message"]).time?.from == day("2026-03-10"))
        // Words that look like time but name something stay words.
        #expect(try read("the Lagaan movie night").time == nil)
        #expect(try read("EVA 2").time == nil)
        #expect(try read("may I see the mail").time == nil)
    }

    @Test func propertyCuesLanguagesAndIdentifiers() throws {
        // The language to translate into is wanted, not the one the entity is in.
        let translate = try read("can you translate this into English")
        #expect(translate.languages.isEmpty && translate.command?.name == "translate" && translate.contentWords.isEmpty)
        #expect(try read("the message in Japanese").languages == ["ja"])
        let tagged = try read("notes tagged hydroponics")
        #expect(tagged.cues.first?.properties.map(\.path) == ["tags"])
        #expect(try read("meetings with Mateo").cues.first?.properties.map(\.path) == ["attendees"])
        // "to" after what leads to a verb begins the verb, not a recipient.
        #expect(try read("when do I have to hand this in by").cues.isEmpty)
        #expect(try read("mail I need to send to Amara").cues.map(\.words) == [["amara"]])
        #expect(try read("events at airlock A").cues.first?.words == ["airlock", "a"])
        // The second half of a compound begins no value: "check-in time" is no time "in" somewhere.
        let checkIn = try read("what's the check-in time at the hotel")
        #expect(checkIn.cues.map(\.words) == [["hotel"]] && checkIn.contentWords == ["check", "time"])
        #expect(try read("the message in Japanese").languages == ["ja"])
        // Without "in", a language's name is one before a noun or ending the request after no word to find.
        #expect(try read("the Japanese mail").languages == ["ja"])
        #expect(try read("which texts are Japanese").languages == ["ja"])
        let padThai = try read("the one about the pad thai")
        #expect(padThai.languages.isEmpty && padThai.contentWords == ["pad", "thai"])
        #expect(try read("Inês's email address").types == ["messages.contact"])
        // An event's location is its address, as a contact's email is theirs.
        #expect(try read("what's the address of the repair shop").types == ["calendar.event", "messages.contact"])
        #expect(try read("what did Arjun send me yesterday").cues.first?.words == ["arjun"])
        // An adverb ends a value: "the team", not "the team actually confirmed".
        #expect(try read("is the outing with the team actually confirmed").cues.first?.words == ["team"])
        #expect(try read("whose number ends in 0143").identifiers == ["0143"])
        // Written in groups, the digits are one number; read as a clock, they are none.
        let grouped = try read("whose number ends in 11 90?")
        #expect(grouped.identifiers == ["1190"] && grouped.contentWords.isEmpty)
        #expect(try read("what's on at 11 30").identifiers.isEmpty)
        // An amount is words to find as texts say it: in groups, or with a decimal comma.
        let rent = try read("the reminder about the 4 600 $")
        #expect(rent.identifiers.isEmpty && rent.contentWords == ["4", "600"])
        #expect(try read("find the bill for 142,37 $").contentWords == ["bill", "142,37"])
        #expect(try read("+351 21 555 0179").identifiers == ["+351215550179"])
        #expect(try read("who's got a +44 number").identifiers == ["+44"])
        #expect(try read("high priority reminders").cues.first?.properties.map(\.path) == ["priority"])
        let anchor = try #require(try read("what's after the crew lunch tomorrow").anchor)
        #expect(anchor.relation == .after)
        #expect(anchor.words == ["the", "crew", "lunch", "tomorrow"])
        // "Straight after", "just before": the same anchors, said closer.
        #expect(try read("what have I got straight after the crew lunch").anchor?.relation == .after)
        #expect(try read("anything just before the standup").anchor?.relation == .before)
    }

    @Test func aRequestNeverCrashesTheReader() throws {
        // Words from every part of the vocabulary in many orders, with punctuation and numbers.
        let pool = ["delete", "this", "the", "next", "last", "one", "ones", "from", "to", "at", "in", "on", "tomorrow", "8", "am",
                    "half", "after", "before", "Amara's", "her", "these", "meeting", "mail", "photo", "unread", "not", "done",
                    "14/4", "+44", "0143", "march", "may", "?", ",", "it", "with", "tagged", "what's", "who's", "mark", "as"]
        // The same 400 requests every run, so that a failure can be replayed.
        for number in 0..<400 {
            let text = (0..<number % 9).map { pool[(number * 31 + $0 * 17 + number / 7) % pool.count] }.joined(separator: " ")
            #expect(throws: Never.self, "\(text)") { _ = try read(text) }
        }
    }

    @Test func aMalformedVocabularyTableIsRefusedNamingTheEntry() throws {
        let english = corpusURL("").deletingLastPathComponent().appendingPathComponent("Sources/EntityIndex/Resources/requests/en.json")
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("eix-vocabulary-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: bad) }
        try Data(#"{"language": "xx", "time": {"easterDays": {"backwards": [3, 1]}}}"#.utf8).write(to: bad)
        let error = #expect(throws: EntityIndexError.self) { try RequestVocabulary(contentsOf: [english, bad]) }
        #expect(error?.code == .malformedInput && error?.message.contains("backwards") == true)
    }
}
