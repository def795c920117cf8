/// Typo tolerance for names, SymSpell-style: a name word is indexed with the
/// words it becomes when letters are deleted, and a query word finds names by
/// its own deletions; the true edit distance then confirms each candidate.
enum Spelling {
    /// Edits forgiven in a query word: none below 5 letters, one from 5, two from 9.
    static func allowedEdits(for word: String) -> Int {
        let length = word.unicodeScalars.count
        return length >= 9 ? 2 : (length >= 5 ? 1 : 0)
    }

    /// The words a short word (3 or 4 letters, too short for an edit) becomes
    /// when two neighbouring letters swap: "lgo" for "log". A swap is the one
    /// typo forgiven in such words.
    static func swaps(of word: String) -> Set<String> {
        let letters = Array(word)
        guard (3...4).contains(letters.count) else { return [] }
        var swapped: Set<String> = []
        for index in letters.indices.dropLast() where letters[index] != letters[index + 1] {
            var variant = letters
            variant.swapAt(index, index + 1)
            swapped.insert(String(variant))
        }
        return swapped
    }

    /// Whether `other` is one of `swaps(of: word)`, without building them.
    static func isSwap(_ word: String, of other: String) -> Bool {
        guard word.utf8.count == other.utf8.count, word != other else { return false }
        if isASCII(word), isASCII(other) {
            var (word, other) = (word, other)
            return word.withUTF8 { word in other.withUTF8 { other in isSwap(word, of: other) } }  // a byte is a letter
        }
        return isSwap(Array(word), of: Array(other))
    }

    private static func isSwap<Letters: RandomAccessCollection>(_ letters: Letters, of others: Letters) -> Bool
        where Letters.Element: Equatable, Letters.Index == Int {
        guard (3...4).contains(letters.count), letters.count == others.count,
              let first = letters.indices.first(where: { letters[$0] != others[$0] }), first + 1 < letters.count
        else { return false }
        return letters[first] == others[first + 1] && letters[first + 1] == others[first]
            && letters[(first + 2)...].elementsEqual(others[(first + 2)...])
    }

    /// The deletion variants indexed for a name word: one deletion from 4
    /// letters, two from 9 (enough to meet any query word within its
    /// allowance); and the word with its doubled letters written once.
    static func indexedVariants(of word: String) -> Set<String> {
        let length = word.unicodeScalars.count
        return variants(of: word, deletions: length >= 9 ? 2 : (length >= 4 ? 1 : 0)).union(undoubledVariant(of: word))
    }

    /// The deletion variants of a query word, within its allowance, and the
    /// word with its doubled letters written once.
    static func queryVariants(of word: String) -> Set<String> {
        let allowed = allowedEdits(for: word)
        return allowed > 0 ? variants(of: word, deletions: allowed).union(undoubledVariant(of: word)) : []
    }

    /// A word with each doubled letter written once ("hoffmann": "hofman"):
    /// people double a letter in a name, or miss one, more than once in a word.
    static func undoubled(_ word: String) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: undoubled(word.unicodeScalars))
        return String(result)
    }

    private static func undoubledVariant(of word: String) -> Set<String> {
        let undoubled = undoubled(word)
        return undoubled == word ? [] : [undoubled]
    }

    private static func variants(of word: String, deletions: Int) -> Set<String> {
        guard deletions > 0 else { return [] }
        // Plain ASCII words (most) are cut as bytes; others by Unicode scalar.
        if isASCII(word) {
            return variants(of: Array(word.utf8), deletions: deletions) { String(decoding: $0, as: UTF8.self) }
        }
        return variants(of: Array(word.unicodeScalars), deletions: deletions) { scalars in
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            return String(text)
        }
    }

    private static func variants<Unit: Hashable>(of units: [Unit], deletions: Int,
                                                 _ makeString: ([Unit]) -> String) -> Set<String> {
        var result: Set<String> = []
        var frontier: Set<[Unit]> = [units]
        for _ in 0..<deletions {
            var next: Set<[Unit]> = []
            for shorter in frontier where shorter.count > 1 {
                for index in shorter.indices {
                    var variant = shorter
                    variant.remove(at: index)
                    next.insert(variant)
                }
            }
            for variant in next { result.insert(makeString(variant)) }
            frontier = next
        }
        return result
    }

    /// The edit distance between two words (insertions, deletions, substitutions
    /// and swaps of neighbours; letters doubled or not count one edit in all:
    /// "Hofman" is one from "Hoffmann"), or `limit + 1` when it exceeds `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        // Plain ASCII words (most) are compared as their bytes, in place; others by Unicode scalar.
        if isASCII(a), isASCII(b) {
            var (a, b) = (a, b)
            return a.withUTF8 { a in b.withUTF8 { b in distance(letters: a, b, limit: limit) } }
        }
        return distance(letters: Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }

    private static func distance<Letters: RandomAccessCollection>(letters a: Letters, _ b: Letters, limit: Int) -> Int
        where Letters.Element: Equatable, Letters.Index == Int {
        let direct = editDistance(a, b, limit: limit)
        guard direct > 1, limit >= 1, hasDoubledLetter(a) || hasDoubledLetter(b) else { return direct }
        return min(direct, 1 + editDistance(undoubled(a), undoubled(b), limit: limit - 1))
    }

    /// Whether a letter follows itself somewhere in the word.
    private static func hasDoubledLetter<Letters: RandomAccessCollection>(_ letters: Letters) -> Bool
        where Letters.Element: Equatable {
        zip(letters, letters.dropFirst()).contains { $0 == $1 }
    }

    /// The letters with each doubled one written once.
    private static func undoubled<Letters: Collection>(_ letters: Letters) -> [Letters.Element]
        where Letters.Element: Equatable {
        var result: [Letters.Element] = []
        result.reserveCapacity(letters.count)
        for letter in letters where letter != result.last { result.append(letter) }
        return result
    }

    /// The edit distance without forgiving doubled letters, or `limit + 1`.
    private static func editDistance<Letters: RandomAccessCollection>(_ a: Letters, _ b: Letters, limit: Int) -> Int
        where Letters.Element: Equatable, Letters.Index == Int {
        // Words whose lengths differ by more than the limit are far apart: known before any row is built.
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), limit + 1) }
        let width = b.count + 1
        // Three rows of the table, on the stack: the one before the previous (for swaps), the previous, the current.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            var (previousPrevious, previous, current) = (0, width, 2 * width)
            for j in 0...b.count { rows[previous + j] = j }
            for i in 1...a.count {
                rows[current] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, rows[previousPrevious + j - 2] + 1)
                    }
                    rows[current + j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > limit { return limit + 1 }
                (previousPrevious, previous, current) = (previous, current, previousPrevious)
            }
            return min(rows[previous + b.count], limit + 1)
        }
    }

    /// Whether a word is plain ASCII, so that each byte is one letter.
    private static func isASCII(_ word: String) -> Bool {
        word.utf8.allSatisfy { $0 < 0x80 }
    }
}
