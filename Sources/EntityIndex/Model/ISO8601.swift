/// Parsing of the ISO-8601 forms entities use: dates, date-times and durations.
/// Hand-written (no formatter objects) because it runs for every date donated.
enum ISO8601 {
    /// Seconds since 1970-01-01T00:00:00Z of `2026-03-14`, `2026-03-14T09:00`,
    /// `2026-03-14T09:00:00Z`, `2026-03-14T09:00:00.5+02:00`; nil when malformed.
    /// A date-time without a zone is taken as UTC.
    static func seconds(fromDate text: String) -> Double? {
        // Most strings are not dates: look at the first bytes before scanning.
        let head = text.utf8.prefix(5)
        guard head.count == 5, head.prefix(4).allSatisfy({ (48...57).contains($0) }), head.last == UInt8(ascii: "-") else { return nil }
        var scanner = Scanner(text)
        guard let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
              let day = scanner.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysSinceEpoch(year: year, month: month, day: day)) * 86_400
        if scanner.isAtEnd { return seconds }
        guard scanner.take("T") || scanner.take(" "), let hour = scanner.digits(2), scanner.take(":"),
              let minute = scanner.digits(2), hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3_600 + minute * 60)
        if scanner.take(":") {
            guard let second = scanner.digits(2), second < 61 else { return nil }
            seconds += Double(second)
            if scanner.take(".") || scanner.take(",") {
                guard let fraction = scanner.fraction() else { return nil }
                seconds += fraction
            }
        }
        if scanner.take("Z") || scanner.isAtEnd { return scanner.isAtEnd ? seconds : nil }
        let sign: Double = scanner.take("+") ? -1 : (scanner.take("-") ? 1 : 0)
        guard sign != 0, let zoneHours = scanner.digits(2) else { return nil }
        _ = scanner.take(":")
        guard let zoneMinutes = scanner.digits(2), scanner.isAtEnd else { return nil }
        return seconds + sign * Double(zoneHours * 3_600 + zoneMinutes * 60)
    }

    /// The offset from UTC, in seconds east, a date-time is written with
    /// (`+02:00`: 7200, `-05:00`: -18000); nil for UTC said as `Z`, no zone,
    /// a date alone or a text that is no date.
    static func offset(fromDate text: String) -> Int? {
        guard seconds(fromDate: text) != nil, let time = text.firstIndex(where: { $0 == "T" || $0 == " " }),
              let sign = text[time...].lastIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let digits = text[text.index(after: sign)...].filter(\.isNumber).compactMap(\.wholeNumberValue)
        guard digits.count == 4 else { return nil }
        let seconds = (digits[0] * 10 + digits[1]) * 3_600 + (digits[2] * 10 + digits[3]) * 60
        return text[sign] == "+" ? seconds : -seconds
    }

    /// Whether a text is a date alone (`2026-03-14`): a day wherever it is
    /// read, not a moment (an all-day event, a birthday).
    static func isDateOnly(_ text: String) -> Bool {
        text.utf8.count == 10 && seconds(fromDate: text) != nil
    }

    /// Seconds in a duration such as `PT15M`, `-PT1H30M`, `P1DT2H`, `P2W`; nil when malformed.
    static func seconds(fromDuration text: String) -> Double? {
        var scanner = Scanner(text)
        let sign: Double = scanner.take("-") ? -1 : 1
        guard scanner.take("P"), !scanner.isAtEnd else { return nil }
        var total = 0.0, inTime = false, sawComponent = false
        while !scanner.isAtEnd {
            if scanner.take("T") {
                guard !inTime else { return nil }
                inTime = true
                continue
            }
            guard let number = scanner.number(), let unit = scanner.next() else { return nil }
            let scale: Double? = switch (unit, inTime) {
            case ("W", false): 604_800
            case ("D", false): 86_400
            case ("H", true): 3_600
            case ("M", true): 60
            case ("S", true): 1
            default: nil
            }
            guard let scale else { return nil }
            total += number * scale
            sawComponent = true
        }
        return sawComponent ? sign * total : nil
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads ASCII characters of a string one at a time.
    private struct Scanner {
        private let bytes: [UInt8]
        private var position = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        var isAtEnd: Bool { position == bytes.count }

        mutating func take(_ character: Character) -> Bool {
            guard !isAtEnd, bytes[position] == character.asciiValue else { return false }
            position += 1
            return true
        }

        mutating func next() -> Character? {
            guard !isAtEnd else { return nil }
            defer { position += 1 }
            return Character(UnicodeScalar(bytes[position]))
        }

        /// Exactly `count` decimal digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += count
            return value
        }

        /// Digits after a decimal point, as a fraction.
        mutating func fraction() -> Double? {
            var value = 0.0, scale = 0.1, sawDigit = false
            while !isAtEnd, (48...57).contains(bytes[position]) {
                value += Double(bytes[position] - 48) * scale
                scale /= 10
                position += 1
                sawDigit = true
            }
            return sawDigit ? value : nil
        }

        /// A non-negative decimal number (`15`, `1.5`).
        mutating func number() -> Double? {
            var value = 0.0, sawDigit = false
            while !isAtEnd, (48...57).contains(bytes[position]) {
                value = value * 10 + Double(bytes[position] - 48)
                position += 1
                sawDigit = true
            }
            guard sawDigit else { return nil }
            if take(".") || take(",") {
                guard let fraction = fraction() else { return nil }
                value += fraction
            }
            return value
        }
    }
}
