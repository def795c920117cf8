import Testing
@testable import EntityIndex

/// Index and query text are normalised and split the same way.
@Suite struct TextAnalysisTests {
    @Test func caseAndAccentsFold() throws {
        #expect(try normalizedWords(in: "Zoë Müller") == ["zoe", "muller"])
        #expect(try normalizedWords(in: "Łukasz STRAßE Café") == ["lukasz", "strasse", "cafe"])
    }

    /// A value matched whole drops every whitespace, ASCII or not, and keeps the rest as it is lowercased.
    @Test func wholeValuesDropEveryWhitespace() {
        #expect(Searchability.wholeValue(" Amara.Okafor@Tycho-Station.SPACE\t\n") == "amara.okafor@tycho-station.space")
        #expect(Searchability.wholeValue("ab\u{0B}c\u{0C}d\re f") == "abcdef")
        #expect(Searchability.wholeValue("Łukasz\u{00A0}Nowak\u{2003}\u{3000}x") == "łukasznowakx")
        #expect(Searchability.wholeValue("東京 タワー") == "東京タワー")
        #expect(Searchability.wholeValue(" \t ") == "")
    }

    @Test func compatibilityFormsFold() throws {
        // Full-width letters and the "fi" ligature are their plain forms.
        #expect(try normalizedWords(in: "ＡＢＣ ﬁnance") == ["abc", "finance"])
    }

    @Test func otherScriptsKeepTheirMarks() throws {
        #expect(try normalizedWords(in: "Ольга Петрова") == ["ольга", "петрова"])
        // The Japanese voiced mark is part of the letter, not an accent.
        #expect(try normalizedWords(in: "ガス") == ["ガス"])
    }

    @Test func punctuationAndSpacesAreNotWords() throws {
        #expect(try normalizedWords(in: "  O2, canisters!  — EVA-1 ") == ["o2", "canisters", "eva", "1"])
        #expect(try normalizedWords(in: "") == [])
    }

    @Test func elidedArticlesAreCutOff() throws {
        #expect(try normalizedWords(in: "Commander l'album, changer d’adresse") == ["commander", "album", "changer", "adresse"])
        #expect(try normalizedWords(in: "qu'il vienne dell'anno") == ["il", "vienne", "anno"])
        // English keeps its apostrophes; a name cut like "D'Arcy" is cut in requests too.
        #expect(try normalizedWords(in: "O'Brien isn't here") == ["o'brien", "isn't", "here"])
        #expect(try normalizedWords(in: "D'Arcy") == ["arcy"])
    }

    @Test func chineseIsSplitIntoWords() throws {
        let words = try normalizedWords(in: "水培花园生长记录")
        #expect(words.count >= 3)
        #expect(words.joined() == "水培花园生长记录")
        #expect(words.contains("记录"))
    }

    @Test func japaneseIsSplitIntoWords() throws {
        let words = try normalizedWords(in: "月面観測メモ")
        #expect(words.count >= 2)
        #expect(words.joined() == "月面観測メモ")
    }

    @Test func overlongWordsAreSkipped() throws {
        #expect(try normalizedWords(in: "a" + String(repeating: "b", count: 80) + " ok") == ["ok"])
    }

    @Test func stemmersFollowTheLanguage() throws {
        let stemmers = Stemmers()
        #expect(try stemmers.stemmer(for: .english).stem("canisters") == "canist")
        #expect(try stemmers.stemmer(for: "de").stem("häuser") == "haus")
        #expect(try stemmers.stemmer(for: .unstemmed).stem("canisters") == "canisters")
        // A language Xapian cannot stem leaves words as they are.
        #expect(try stemmers.stemmer(for: "tlh").stem("canisters") == "canisters")
    }

    @Test func amountsOfMoneyAreNumbersWithACurrency() {
        for text in ["3 units, $25 each", "ca. 380 € mehr", "CHF 1'200 a month", "Son 25 zł.", "the fee is 12,50€", "S$180 (deposit)"] {
            #expect(!MoneyAmounts.values(in: text).isEmpty, "\(text)")
        }
        // Numbers alone, times, codes and a letter that names no currency here are no amounts.
        for text in ["Room 25", "at 10:30", "permit SCL-27-0418", "ran 5 K today", "Crew 8 handover", "USD", "Montag, den 22.04."] {
            #expect(MoneyAmounts.values(in: text).isEmpty, "\(text)")
        }
    }

    @Test func anAmountIsFoundByItsWholeUnits() {
        #expect(MoneyAmounts.values(in: "Montant total : 42 750,00 € HT") == ["42750"])
        #expect(MoneyAmounts.values(in: "la factura: 612,40 € (IVA incluido), y $1,250.50 más") == ["612", "1250"])
        #expect(MoneyAmounts.values(in: "CHF 1'200 a month, 3 units") == ["1200"])
        #expect(MoneyAmounts.values(in: "Room 25 at 10:30").isEmpty)
        // A request's thousands are one number; a decimal comma, a date and a time are not thousands.
        func joined(_ text: String) -> String { String(RequestParser.withoutThousandsSeparators(Array(text))) }
        #expect(joined("the invoice for 42,750 euros") == "the invoice for 42750 euros")
        #expect(joined("1,250,000 or 10.000 €") == "1250000 or 10000 €")
        #expect(joined("142,37 $ on 12.05.2027 at 9.30") == "142,37 $ on 12.05.2027 at 9.30")
    }
}
