import Foundation

/// The amounts of money a text states ("$25 each", "ca. 380 € mehr",
/// "CHF 1'200", "25 zł"): numbers written with a currency's sign, ISO code
/// or symbol. The signs are Unicode's currency symbols, on either side of the
/// number or in the same word; the codes and symbols are those Foundation
/// knows for every locale, a symbol made of letters only after the number
/// (German's "den 22." is a date, "100 den" denars).
enum MoneyAmounts {
    /// The whole units of each amount the text states, as digits: "612" for
    /// "612,40 €", "42750" for "42 750,00 €" or "$42,750": what a person says
    /// of an amount ("the 612 euro bill"); nil for an amount under one unit.
    static func values(in text: String) -> [String?] {
        let (tokens, amounts) = amountTokens(in: text)
        return amounts.map { index in
            var number = tokens[index].filter { $0.isNumber || ".,'’".contains($0) }
            // "42 750,00 €": groups of thousands written apart, before a group of three.
            var before = index - 1
            while before >= 0, (1...3).contains(tokens[before].count), tokens[before].allSatisfy(\.isNumber),
                  number.prefix(while: \.isNumber).count == 3 {
                number = tokens[before] + number
                before -= 1
            }
            return wholeUnits(of: number)
        }
    }

    /// The digits of a number's whole units: what comes before a last separator
    /// followed by one or two digits (decimals), all its digits otherwise.
    private static func wholeUnits(of number: String) -> String? {
        var whole = Substring(number)
        if let separator = number.lastIndex(where: { ".,".contains($0) }),
           (1...2).contains(number[number.index(after: separator)...].count) {
            whole = number[..<separator]
        }
        let digits = String(whole.filter(\.isNumber).drop { $0 == "0" })
        return digits.isEmpty ? nil : digits
    }

    /// The whitespace-parted tokens of a text, and where among them each amount's number is.
    private static func amountTokens(in text: String) -> (tokens: [String], amounts: [Int]) {
        guard text.contains(where: \.isNumber) else { return ([], []) }
        let tokens = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: enclosingPunctuation) }
        return (tokens, tokens.indices.filter { index in
            let token = tokens[index]
            guard token.contains(where: \.isNumber) else { return false }
            if token.contains(where: \.isCurrencySymbol) { return true }  // "$25", "96€"
            guard isAmount(token) else { return false }
            return index > 0 && signsOrCodes.contains(tokens[index - 1])  // "CHF 1'200"
                || index + 1 < tokens.count && symbols.contains(tokens[index + 1])  // "380 €", "25 zł"
        })
    }

    /// A number as amounts are written: digits with separators ("1'200", "12,50").
    private static func isAmount(_ token: String) -> Bool {
        token.first?.isNumber == true && token.allSatisfy { $0.isNumber || ".,'’".contains($0) }
    }

    /// What may stand before an amount: a currency sign ("€", "R$") or an ISO 4217 code ("EUR").
    private static let signsOrCodes: Set<String> = {
        Set(Locale.Currency.isoCurrencies.map(\.identifier)).union(symbols.filter { $0.contains(where: \.isCurrencySymbol) })
    }()

    /// What may stand after one: those, and every locale's currency symbol
    /// that is not one letter alone ("zł", "kr"; a "K" after a number says something else).
    private static let symbols: Set<String> = {
        var symbols = Set(Locale.Currency.isoCurrencies.map(\.identifier))
        for identifier in Locale.availableIdentifiers {
            guard let symbol = Locale(identifier: identifier).currencySymbol else { continue }
            if symbol.count > 1 || symbol.contains(where: \.isCurrencySymbol) { symbols.insert(symbol) }
        }
        return symbols
    }()

    /// What a word may be wrapped in or followed by: brackets, quotes and punctuation.
    private static let enclosingPunctuation = CharacterSet(charactersIn: ".,;:!?)(\"")
}
