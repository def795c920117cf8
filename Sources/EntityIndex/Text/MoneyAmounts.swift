import Foundation

/// Whether a text states an amount of money ("$25 each", "ca. 380 € mehr",
/// "CHF 1'200", "25 zł"): a number written with a currency's sign, ISO code
/// or symbol, right before or after it. The signs are Unicode's currency
/// symbols; the codes and symbols are those Foundation knows for every locale.
enum MoneyAmounts {
    /// Whether the text states an amount.
    static func appear(in text: String) -> Bool {
        guard text.contains(where: \.isNumber) else { return false }
        let tokens = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: trailingPunctuation) }
        for (index, token) in tokens.enumerated() where token.contains(where: \.isNumber) {
            if token.contains(where: \.isCurrencySymbol) { return true }  // "$25", "96€"
            guard isAmount(token) else { continue }
            if index > 0, isMarker(tokens[index - 1]) { return true }  // "CHF 1'200"
            if index + 1 < tokens.count, isMarker(tokens[index + 1]) { return true }  // "380 €", "25 zł"
        }
        return false
    }

    /// A number as amounts are written: digits with separators ("1'200", "12,50").
    private static func isAmount(_ token: String) -> Bool {
        token.first?.isNumber == true && token.allSatisfy { $0.isNumber || ".,'’".contains($0) }
    }

    /// A currency's sign, code or symbol, as written.
    private static func isMarker(_ token: String) -> Bool {
        token.count == 1 && token.first!.isCurrencySymbol || markers.contains(token)
    }

    /// ISO 4217 codes ("EUR") and every locale's currency symbol that is not
    /// one letter alone ("zł", "kr", "R$"; a "K" or "L" after a number says something else).
    private static let markers: Set<String> = {
        var markers = Set(Locale.Currency.isoCurrencies.map(\.identifier))
        for identifier in Locale.availableIdentifiers {
            if let symbol = Locale(identifier: identifier).currencySymbol, symbol.count > 1 { markers.insert(symbol) }
        }
        return markers
    }()

    private static let trailingPunctuation = CharacterSet(charactersIn: ".,;:!?)(\"")
}
