import CXapianShim

/// A Xapian document: terms and value slots.
final class Document {
    let handle: OpaquePointer

    /// An empty document.
    init() {
        handle = eix_document_new()!  // NULL only when memory runs out, which Swift treats as fatal too
    }

    /// Takes ownership of a handle returned by the shim.
    init(owning handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { eix_document_free(handle) }

    /// Adds a term without positions or weight (an identifier or filter term).
    func addBooleanTerm(_ term: String) throws {
        try term.withBytes { bytes, count in
            _ = try withEngineError { eix_document_add_boolean_term(handle, bytes, count, $0) }
        }
    }

    /// Adds a term without positions that counts `wdf` times towards relevance.
    func addTerm(_ term: String, wdf: UInt32 = 1) throws {
        try term.withBytes { bytes, count in
            _ = try withEngineError { eix_document_add_term(handle, bytes, count, wdf, $0) }
        }
    }

    /// Stores bytes (a record, a sortable number) in a slot.
    func setValue(_ bytes: [UInt8], slot: UInt32) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = try withEngineError { eix_document_set_value(handle, slot, chars.baseAddress, chars.count, $0) }
            }
        }
    }

    /// The bytes whose order is the numeric order of `number` (for ranges and sorting).
    static func sortableBytes(_ number: Double) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 18) { buffer in
            let length = eix_sortable_serialise(number, buffer.baseAddress!)
            return buffer.prefix(length).map { UInt8(bitPattern: $0) }
        }
    }

    /// The bytes in a slot; empty when unset.
    func valueBytes(slot: UInt32) throws -> [UInt8] {
        var length = 0
        let pointer = try withEngineError { eix_document_value(handle, slot, &length, $0) }
        return Array(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : length))
    }

    /// Indexes the words of `text`, split and stemmed once, under each of the
    /// term `prefixes` (without positions: nothing searches phrases), and each
    /// number after a word as `numberedPrefix` + word + " " + number when given;
    /// each word counts `wordFrequency` times in its terms' within-document frequency.
    /// - Returns: the words, when `returningWords` (to spare splitting twice).
    @discardableResult
    func indexText(_ text: String, under prefixes: [String], numberedPrefix: String = "", maximumTermLength: Int,
                   wordFrequency: UInt32 = 1, stemmer: Stemmer, returningWords: Bool = false) throws -> [String] {
        var words: UnsafeMutablePointer<CChar>?
        var length = 0
        let prefixBytes = prefixes.map { Array($0.utf8) }
        let prefixLengths = prefixBytes.map(\.count)
        try text.withBytes { textBytes, textCount in
            try numberedPrefix.withBytes { numberedBytes, numberedCount in
                try withPointers(to: prefixBytes) { prefixPointers in
                    try stemmer.withHandle { stemmerHandle in
                        try withUnsafeMutablePointer(to: &words) { wordsPointer in
                            _ = try withEngineError {
                                eix_document_index_text(handle, textBytes, textCount, prefixPointers, prefixLengths,
                                                        prefixes.count, numberedBytes, numberedCount, maximumTermLength, wordFrequency, stemmerHandle,
                                                        returningWords ? wordsPointer : nil, &length, $0)
                            }
                        }
                    }
                }
            }
        }
        guard let words else { return [] }
        defer { eix_string_free(words) }
        return UnsafeRawBufferPointer(start: words, count: length).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}

