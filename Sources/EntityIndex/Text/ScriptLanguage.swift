/// The language a text's script gives away: Japanese kana, Chinese
/// characters, Korean Hangul, Cyrillic (as Russian), Greek, Arabic, Hebrew,
/// Thai and Devanagari (as Hindi). Latin text says nothing on its own.
enum ScriptLanguage {
    /// The language of the text's first letters that are not Latin, or nil.
    static func language(of text: String) -> String? {
        var sawHan = false
        for scalar in text.unicodeScalars.prefix(400) {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF: return "ja"  // hiragana, katakana
            case 0x4E00...0x9FFF, 0x3400...0x4DBF: sawHan = true  // Chinese characters, also used in Japanese
            case 0xAC00...0xD7AF, 0x1100...0x11FF: return "ko"
            case 0x0400...0x04FF: return "ru"
            case 0x0370...0x03FF: return "el"
            case 0x0600...0x06FF: return "ar"
            case 0x0590...0x05FF: return "he"
            case 0x0E00...0x0E7F: return "th"
            case 0x0900...0x097F: return "hi"
            default: continue
            }
        }
        return sawHan ? "zh" : nil
    }
}
