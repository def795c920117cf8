import CXapianShim

/// A Xapian document: terms, value slots and stored data.
final class Document {
    let handle: OpaquePointer

    /// An empty document.
    init() {
        handle = eix_document_new()
    }

    /// Takes ownership of a handle returned by the shim.
    init(owning handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { eix_document_free(handle) }

    /// The stored data returned with the document.
    func data() throws -> [UInt8] {
        var length = 0
        let pointer = try withEngineError { eix_document_data(handle, &length, $0) }
        guard let pointer else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    /// Replaces the stored data.
    func setData(_ data: [UInt8]) throws {
        try data.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = try withEngineError { eix_document_set_data(handle, chars.baseAddress, chars.count, $0) }
            }
        }
    }

    /// Adds a term without positions or weight (an identifier or filter term).
    func addBooleanTerm(_ term: String) throws {
        try term.withBytes { bytes, count in
            _ = try withEngineError { eix_document_add_boolean_term(handle, bytes, count, $0) }
        }
    }

    /// Stores a value in a slot.
    func setValue(_ value: String, slot: UInt32) throws {
        try value.withBytes { bytes, count in
            _ = try withEngineError { eix_document_set_value(handle, slot, bytes, count, $0) }
        }
    }

    /// The value in a slot; empty when unset.
    func value(slot: UInt32) throws -> String {
        var length = 0
        let pointer = try withEngineError { eix_document_value(handle, slot, &length, $0) }
        guard let pointer else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// Indexes the words of `text` under `prefix`, raw with positions and
    /// stemmed (`"Z" + prefix + stem`); `position` advances past them.
    func indexText(_ text: String, prefix: String, stemmer: Stemmer, position: inout UInt32) throws {
        try text.withBytes { textBytes, textCount in
            try prefix.withBytes { prefixBytes, prefixCount in
                try stemmer.withHandle { stemmerHandle in
                    _ = try withEngineError {
                        eix_document_index_text(handle, textBytes, textCount, prefixBytes, prefixCount,
                                                stemmerHandle, &position, $0)
                    }
                }
            }
        }
    }
}
