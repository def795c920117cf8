import Foundation

/// The parts an identifier is also found by, so that a person need not say it
/// whole: an email's local part and domain ("tycho-station" finds
/// `zoe.muller@tycho-station.space`), a phone number without its country code,
/// its area's code ("514"), its last two groups ("555 0179") and last group ("0179"), and the country code alone ("+351").
enum IdentifierParts {
    /// The exact values (as `IndexLayout.exactValue` writes them) an identifier
    /// is found by besides its whole `value`; `phoneDigits` are the text's, when it is a phone number.
    static func parts(of text: String, value: String, phoneDigits: String?) -> [String] {
        if let phoneDigits { return phoneParts(of: text, digits: phoneDigits) }
        guard let at = value.lastIndex(of: "@") else { return [] }
        let local = String(value[..<at]), domain = String(value[value.index(after: at)...])
        var parts = [local, domain]
        if let dot = domain.lastIndex(of: "."), dot != domain.startIndex {
            parts.append(String(domain[..<dot]))  // the domain without its top level
        }
        return parts.filter { !$0.isEmpty && $0.utf8.count <= 180 }
    }

    /// A phone number's digits, after a "+" when it starts with one; nil when
    /// the text is not a phone number (only digits and the separators people
    /// write between them, with at least three digits).
    static func phoneDigits(_ text: String) -> String? {
        // Read by Unicode scalar, whitespace around it left out: most texts are words, refused at their first letter.
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return nil }
        var digits = "", sawPlus = false
        for (offset, scalar) in scalars[first...last].enumerated() {
            switch scalar {
            case "0"..."9": digits.unicodeScalars.append(scalar)
            case "+" where offset == 0: sawPlus = true
            case _ where phoneSeparators.contains(scalar): continue
            default: return nil
            }
        }
        guard digits.count >= (sawPlus ? 1 : 3), digits.count <= 20 else { return nil }  // "+44" is a country's code
        return sawPlus ? "+" + digits : digits
    }

    /// The phone numbers a text writes among its words ("Pharmacie Jean Coutu —
    /// 514-555-0142."): each run of digits and the separators people write
    /// between them that holds from `phoneDigitsInText` digits, with its
    /// digits as `phoneDigits` reads them.
    static func phoneNumbers(in text: String) -> [(text: String, digits: String)] {
        guard text.unicodeScalars.lazy.filter({ ("0"..."9").contains($0) }).count >= phoneDigitsInText.lowerBound else { return [] }
        var found: [(text: String, digits: String)] = []
        var run = String.UnicodeScalarView(), digitCount = 0
        func endRun() {
            while let last = run.last, !("0"..."9").contains(last) { run.removeLast() }
            if phoneDigitsInText.contains(digitCount), let digits = phoneDigits(String(run)) { found.append((String(run), digits)) }
            run = String.UnicodeScalarView()
            digitCount = 0
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9":
                run.append(scalar)
                digitCount += 1
            case "+" where run.isEmpty, "(" where run.isEmpty:
                run.append(scalar)
            case _ where !run.isEmpty && phoneSeparators.contains(scalar):
                run.append(scalar)
            default:
                endRun()
            }
        }
        endRun()
        return found
    }

    /// The forms a number dialled without "+" may be held in: without the
    /// trunk "0" dialled at home ("0478286140" is "+33 4 78 28 61 40"'s
    /// "478286140"), or with "+" for the "00" dialled abroad.
    static func domesticForms(of digits: String) -> [String] {
        guard digits.count >= 8, digits.allSatisfy(\.isNumber), digits.hasPrefix("0") else { return [] }
        return digits.hasPrefix("00") ? ["+" + digits.dropFirst(2)] : [String(digits.dropFirst())]
    }

    /// What people write between a phone number's digits.
    private static let phoneSeparators: Set<Unicode.Scalar> = [" ", "-", ".", "(", ")", "/", "\u{A0}"]

    /// How many digits a phone number written in a text has: fewer are a count or an amount.
    static let phoneDigitsInText = 7...15

    /// "+351 21 555 0179": "351215550179", "215550179", "+351", "21", "5550179"
    /// and "0179" (the country code is the first group after the "+", and the
    /// area's code the next, as people write numbers).
    private static func phoneParts(of text: String, digits: String) -> [String] {
        guard digits.hasPrefix("+") else { return [] }
        let groups = text.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().split(whereSeparator: { !$0.isNumber })
        var parts = [String(digits.dropFirst())]
        if groups.count > 1, let country = groups.first, (1...3).contains(country.count) {
            parts.append(String(digits.dropFirst(1 + country.count)))
            parts.append("+" + country)
        }
        if groups.count > 3 {
            parts.append(String(groups[1]))  // the area's code: "a 514 number"
            parts.append(groups.suffix(2).joined())  // the local number, as people quote it: "555 0179"
        }
        if groups.count > 2, let last = groups.last, last.count >= 3 {
            parts.append(String(last))  // its last group: "ends in 0179"
        }
        return parts
    }
}

extension SchemaRegistry {
    /// An entity's identifiers (emails, phone numbers) as exact values (`IndexLayout.exactValue`).
    func identifierValues(of entity: Entity) -> [String] {
        guard let schema = schema(for: entity.type) else { return [] }
        return schema.properties.filter { $0.searchability == .identifier }.flatMap { property -> [String] in
            switch entity.properties[property.name] {
            case .string(let text)?: IndexLayout.exactValue(text).map { [$0] } ?? []
            case .array(let values)?: values.compactMap { $0.stringValue.flatMap(IndexLayout.exactValue) }
            default: []
            }
        }
    }
}
