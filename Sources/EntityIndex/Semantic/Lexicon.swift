import Foundation

/// A semantic lexicon: for each of its words, the nearest words in meaning
/// (from embedding models, built offline by `Scripts/build_lexicon.py` and
/// `Scripts/add_lexicon_languages.py`) and a compact vector, memory-mapped from
/// two files: the words (`EIXLEX03`) and, beside them, their vectors
/// (`EIXVEC01`), so that each file stays small enough for a repository.
/// Loading maps the files without copying them; look-ups are binary searches.
///
/// The formats, little-endian, sections 4-byte aligned. Words: a 32-byte
/// header (magic `EIXLEX03`, u32 word count N, u32 dimensions D, u32 neighbour
/// entries T, three u32 zeros); u32 word offsets[N+1] into a UTF-8 blob of the
/// words sorted by bytes (a word's id is its rank); u8 Zipf frequency × 10 [N];
/// u32 neighbour starts[N+1] into the next two arrays; u32 neighbour ids[T],
/// nearest first; u8 neighbour similarities[T] (cosine × 255). Vectors: a
/// 32-byte header (magic `EIXVEC01`, u32 N, u32 D, four u32 zeros); f32
/// scales[N]; i8 vectors[N × D] (value = i8 × scale), in word id order.
public final class Lexicon: @unchecked Sendable {  // immutable after init; the mappings are read-only
    /// The number of words.
    public let wordCount: Int
    /// The length of each word's compact vector.
    public let dimensions: Int
    /// Neighbours stored in all, over every word.
    public let neighbourEntryCount: Int

    private let mapping: FileMapping, vectorMapping: FileMapping
    private let wordOffsets: Int, wordBlob: Int, zipfs: Int
    private let neighbourStarts: Int, neighbourIDs: Int, neighbourSimilarities: Int
    /// Where the vectors file's scales and vectors begin.
    private let scales = 32, vectors: Int

    /// The magic bytes the words file starts with.
    static let magic = "EIXLEX03"
    /// The magic bytes the vectors file starts with.
    static let vectorsMagic = "EIXVEC01"

    /// The vectors file that goes with a words file: beside it, `-vectors`
    /// before its `.bin` extension (`lexicon.bin`, `lexicon-vectors.bin`).
    public static func vectorsPath(forWordsAt path: String) -> String {
        path.hasSuffix(".bin") ? String(path.dropLast(4)) + "-vectors.bin" : path + "-vectors"
    }

    /// Maps a lexicon: its words file and the vectors file beside it
    /// (`vectorsPath(forWordsAt:)`).
    /// - Throws: `EntityIndexError.Code.invalidLexicon` when either file is
    ///   missing, not a lexicon, cut short, or not made for the other.
    public init(contentsOf path: String) throws {
        func fail(_ reason: String) -> EntityIndexError {
            EntityIndexError(.invalidLexicon, "\(path) is not a usable lexicon: \(reason); rebuild it with Scripts/add_lexicon_languages.py")
        }
        mapping = try FileMapping(path: path)
        guard mapping.count >= 32, mapping.bytes(0, 8).elementsEqual(Self.magic.utf8) else { throw fail("wrong magic") }
        let vectorsPath = Self.vectorsPath(forWordsAt: path)
        vectorMapping = try FileMapping(path: vectorsPath)
        wordCount = Int(mapping.uint32(at: 8))
        dimensions = Int(mapping.uint32(at: 12))
        neighbourEntryCount = Int(mapping.uint32(at: 16))
        // Each count is bounded by the file's size first, so that no offset below can overflow.
        guard wordCount <= mapping.count, dimensions <= Self.maximumDimensions, neighbourEntryCount <= mapping.count else {
            throw fail("its header gives \(wordCount) words of \(dimensions) dimensions and \(neighbourEntryCount) neighbours")
        }
        guard vectorMapping.count >= 32, vectorMapping.bytes(0, 8).elementsEqual(Self.vectorsMagic.utf8) else {
            throw fail("its vectors file \(vectorsPath) has the wrong magic")
        }
        guard Int(vectorMapping.uint32(at: 8)) == wordCount, Int(vectorMapping.uint32(at: 12)) == dimensions,
              vectorMapping.count == scales + wordCount * (4 + dimensions) else {
            throw fail("its vectors file \(vectorsPath) is cut short or made for another lexicon")
        }
        vectors = scales + 4 * wordCount
        func aligned(_ offset: Int) -> Int { (offset + 3) & ~3 }
        wordOffsets = 32
        wordBlob = wordOffsets + 4 * (wordCount + 1)
        guard wordBlob <= mapping.count else { throw fail("cut short in the word table") }
        let blobLength = Int(mapping.uint32(at: wordOffsets + 4 * wordCount))
        zipfs = aligned(wordBlob + blobLength)
        neighbourStarts = aligned(zipfs + wordCount)
        neighbourIDs = neighbourStarts + 4 * (wordCount + 1)
        neighbourSimilarities = neighbourIDs + 4 * neighbourEntryCount
        guard neighbourSimilarities + neighbourEntryCount <= mapping.count else { throw fail("cut short") }
        // Every offset a look-up follows is checked once here: words and neighbour lists lie
        // in order within their arrays, and every neighbour is a word of the lexicon.
        func inOrder(_ table: Int, upTo limit: Int) -> Int? {
            var previous = 0
            for id in 0...wordCount {
                let offset = Int(mapping.uint32(at: table + 4 * id))
                guard offset >= previous, offset <= limit else { return id }
                previous = offset
            }
            return nil
        }
        if let id = inOrder(wordOffsets, upTo: blobLength) { throw fail("word \(id) lies outside the word table") }
        if let id = inOrder(neighbourStarts, upTo: neighbourEntryCount) { throw fail("the neighbours of word \(id) lie outside their table") }
        for index in 0..<neighbourEntryCount where Int(mapping.uint32(at: neighbourIDs + 4 * index)) >= wordCount {
            throw fail("neighbour entry \(index) is no word")
        }
    }

    /// The most dimensions a lexicon may have.
    static let maximumDimensions = 4_096

    /// The lexicon shipped with EntityIndex: 50,000 English words (neighbours
    /// from all-MiniLM-L6-v2 and GloVe) and about 20,000 words each of German,
    /// French, Spanish, Polish, Russian, Chinese and Japanese, aligned with them
    /// by Universal Sentence Encoder multilingual v3 (see `lexicon-manifest.json`). Mapped once.
    public static func bundled() throws -> Lexicon {
        try bundledLexicon.get()
    }

    private static let bundledLexicon: Result<Lexicon, any Error> = Result {
        guard let path = Bundle.module.path(forResource: "lexicon", ofType: "bin", inDirectory: "Resources") else {
            throw EntityIndexError(.invalidLexicon, "the bundled lexicon is missing from the package resources; build it with Scripts/build_lexicon.py and Scripts/add_lexicon_languages.py")
        }
        return try Lexicon(contentsOf: path)
    }

    /// Whether a word takes part in expansion, as a word expanded or as a
    /// neighbour brought in: not a stop word (its neighbours are other function
    /// words) nor a number (other numbers: "EVA 3" is not "EVA 2").
    static func isExpandable(_ word: String) -> Bool {
        !StopWords.english.contains(word) && !word.allSatisfy(\.isNumber)
    }

    /// Whether a word the lexicon knows carries meaning of its own rather than
    /// being a function word of some language (as common as `functionWordZipf`
    /// or more). Donation links no such word, and links no word to one.
    func carriesMeaning(_ id: Int) -> Bool {
        zipfFrequency(of: id) < Self.functionWordZipf
    }

    /// The Zipf frequency from which a word is taken for a function word. The
    /// lexicon gives a word its highest frequency in any of its languages, so
    /// Spanish "un", French "pour" and Polish "jeszcze" count as the function
    /// words they are there: linked at donation to "nation", "boil" and (by its
    /// stem) "evening", they had any entity in those languages found by these.
    /// From 6.2 up are nearly only such words, and a few of the commonest
    /// nouns ("time", "people"), which every index holds anyway.
    static let functionWordZipf = 6.2

    /// Whether a neighbour's stem is itself a word much further from the word
    /// than the neighbour is: "starring" is near "movie", but its stem "star"
    /// would find star trackers, and "savings" near "money" would find "save
    /// some basil". Such a neighbour is not used.
    func stem(_ stem: String, of neighbour: Int, meansSomethingElseThan word: Int) -> Bool {
        guard let stemWord = id(of: stem), stemWord != neighbour else { return false }
        return cosine(word, stemWord) < 0.5 * cosine(word, neighbour)
    }

    /// The id of a normalised word, or nil when the lexicon lacks it.
    func id(of word: String) -> Int? {
        let first = firstID(notBefore: word)
        guard first < wordCount else { return nil }
        var word = word
        return word.withUTF8 { compare(wordBytes(first), $0) == 0 } ? first : nil
    }

    /// The ids of the words that start with a prefix, in byte order (at most `limit`).
    func ids(startingWith prefix: String, limit: Int = 64) -> [Int] {
        let first = firstID(notBefore: prefix)
        let bytes = Array(prefix.utf8)
        var ids: [Int] = []
        for id in first..<wordCount where ids.count < limit {
            let candidate = wordBytes(id)
            guard candidate.count >= bytes.count, zip(candidate, bytes).allSatisfy({ $0 == $1 }) else { break }
            ids.append(id)
        }
        return ids
    }

    /// The id of the first word, in byte order, that does not come before a text (`wordCount` when none).
    private func firstID(notBefore text: String) -> Int {
        var text = text
        return text.withUTF8 { target in
            var low = 0, high = wordCount
            while low < high {
                let middle = (low + high) / 2
                if compare(wordBytes(middle), target) < 0 { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// The word with an id.
    func word(_ id: Int) -> String {
        String(decoding: wordBytes(id), as: UTF8.self)
    }

    /// The word's nearest words in meaning with their cosine similarity, nearest first.
    func neighbours(of id: Int) -> [(id: Int, similarity: Double)] {
        let start = Int(mapping.uint32(at: neighbourStarts + 4 * id)), end = Int(mapping.uint32(at: neighbourStarts + 4 * (id + 1)))
        return (start..<end).map { index in
            (Int(mapping.uint32(at: neighbourIDs + 4 * index)), Double(mapping.uint8(at: neighbourSimilarities + index)) / 255)
        }
    }

    /// How common the word is: its Zipf frequency (about 1 for rare words, 7 for "the").
    func zipfFrequency(of id: Int) -> Double {
        Double(mapping.uint8(at: zipfs + id)) / 10
    }

    /// The cosine similarity of two words' compact vectors.
    func cosine(_ first: Int, _ second: Int) -> Double {
        let a = row(first), b = row(second)
        var dot = 0, normA = 0, normB = 0
        for dimension in 0..<dimensions {
            let x = Int(a[dimension]), y = Int(b[dimension])
            dot += x * y
            normA += x * x
            normB += y * y
        }
        return normA > 0 && normB > 0 ? Double(dot) / (Double(normA).squareRoot() * Double(normB).squareRoot()) : 0
    }

    /// Adds `weight` × the word's compact vector to `sum`.
    func addVector(of id: Int, weight: Float, to sum: inout [Float]) {
        let scale = vectorMapping.float32(at: scales + 4 * id) * weight
        let row = row(id)
        for dimension in 0..<dimensions {
            sum[dimension] += Float(row[dimension]) * scale
        }
    }

    /// The word's compact vector, one signed byte a dimension (before its scale).
    private func row(_ id: Int) -> UnsafePointer<Int8> {
        UnsafePointer(vectorMapping.base.advanced(by: vectors + id * dimensions).assumingMemoryBound(to: Int8.self))
    }

    private func wordBytes(_ id: Int) -> UnsafeRawBufferPointer {
        let start = Int(mapping.uint32(at: wordOffsets + 4 * id)), end = Int(mapping.uint32(at: wordOffsets + 4 * (id + 1)))
        return UnsafeRawBufferPointer(start: mapping.base.advanced(by: wordBlob + start), count: end - start)
    }

    private func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let aBase = a.baseAddress, let bBase = b.baseAddress {
            let order = memcmp(aBase, bBase, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }
}

/// A read-only memory mapping of a whole file, unmapped on release.
private final class FileMapping {
    let base: UnsafeRawPointer
    let count: Int

    init(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw EntityIndexError(.invalidLexicon, "cannot open the lexicon \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else {
            throw EntityIndexError(.invalidLexicon, "the lexicon \(path) is empty or unreadable")
        }
        count = Int(status.st_size)
        guard let pointer = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), pointer != MAP_FAILED else {
            throw EntityIndexError(.invalidLexicon, "cannot map the lexicon \(path): \(String(cString: strerror(errno)))")
        }
        base = UnsafeRawPointer(pointer)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), count) }

    func bytes(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base.advanced(by: offset), count: length)
    }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    func uint8(at offset: Int) -> UInt8 {
        base.load(fromByteOffset: offset, as: UInt8.self)
    }

    func float32(at offset: Int) -> Float {
        Float(bitPattern: uint32(at: offset))
    }
}
