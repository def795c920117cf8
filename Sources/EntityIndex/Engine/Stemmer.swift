import CXapianShim

/// A Snowball stemmer for one language. Not thread-safe: confine it to one
/// reader or writer at a time.
final class Stemmer {
    private let handle: OpaquePointer

    /// A stemmer for a Xapian language name or ISO code; `""` stems nothing.
    /// Throws `EngineError.Code.invalidArgument` for a language Xapian lacks.
    init(language: String) throws {
        handle = try language.withBytes { bytes, count in
            try withEngineError { eix_stemmer_new(bytes, count, $0) }
        }!
    }

    deinit { eix_stemmer_free(handle) }

    /// The stem of a normalised word.
    func stem(_ word: String) throws -> String {
        try word.withBytes { bytes, count in
            try withEngineString { eix_stemmer_stem(handle, bytes, count, $0, $1) }
        }
    }

    /// Passes the raw handle to a shim call.
    func withHandle<Result>(_ body: (OpaquePointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) { try body(handle) }
    }
}
