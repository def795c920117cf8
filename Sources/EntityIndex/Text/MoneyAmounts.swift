import Foundation

/// Whether a text states an amount of money ("$25 each", "ca. 380 € mehr",
/// "CHF 1'200", "25 zł"): a number written with a currency's sign, ISO code
/// or symbol. The signs are Unicode's currency symbols, on either side of the
/// number or in the same word; the codes and symbols are those Foundation
/// knows for every locale, a symbol made of letters only after the number
/// (German's "den 22." is a date, "100 den" denars).
enum MoneyAmounts {
    /// Whether the text states an amount.
    static func appear(in text: String) -> Bool {
        guard text.contains(where: \.isNumber) else { return false }
        let tokens = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: enclosingPunctuation) }
        for (index, token) in tokens.enumerated() where token.contains(where: \.isNumber) {
            if token.contains(where: \.isCurrencySymbol) { return true }  // "$25", "96€"
            guard isAmount(token) else { continue }
            if index > 0, signsOrCodes.contains(tokens[index - 1]) { return true }  // "CHF 1'200"
            if index + 1 < tokens.count, symbols.contains(tokens[index + 1]) { return true }  // "380 €", "25 zł"
        }
        return false
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
