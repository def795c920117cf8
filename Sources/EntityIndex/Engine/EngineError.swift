import CXapianShim

/// A failure reported by the Xapian/ICU shim, with Xapian's own description.
struct EngineError: Error, Hashable, CustomStringConvertible {
    /// The kind of failure, mirroring `eix_error_code`.
    struct Code: RawRepresentable, Hashable, Sendable {
        let rawValue: Int32

        static let databaseModified = Code(rawValue: Int32(EIX_ERROR_DATABASE_MODIFIED.rawValue))
        static let databaseLocked = Code(rawValue: Int32(EIX_ERROR_DATABASE_LOCKED.rawValue))
        static let databaseOpening = Code(rawValue: Int32(EIX_ERROR_DATABASE_OPENING.rawValue))
        static let databaseCorrupt = Code(rawValue: Int32(EIX_ERROR_DATABASE_CORRUPT.rawValue))
        static let invalidArgument = Code(rawValue: Int32(EIX_ERROR_INVALID_ARGUMENT.rawValue))
        static let invalidOperation = Code(rawValue: Int32(EIX_ERROR_INVALID_OPERATION.rawValue))
        static let unicode = Code(rawValue: Int32(EIX_ERROR_UNICODE.rawValue))
        static let other = Code(rawValue: Int32(EIX_ERROR_OTHER.rawValue))
        static let database = Code(rawValue: Int32(EIX_ERROR_DATABASE.rawValue))
        static let network = Code(rawValue: Int32(EIX_ERROR_NETWORK.rawValue))
    }

    let code: Code
    let message: String
    /// The operating system's error number behind it (`errno`), or 0.
    var systemError: Int32 = 0

    var description: String { message }

    /// Whether another writer holds the database's lock (rather than the lock
    /// failing for another reason, which the directory then says).
    var isLockTaken: Bool { code == .databaseLocked && message.hasSuffix("already locked") }
}

/// Calls a shim function with an error out-parameter and throws what it reports.
func withEngineError<Result>(_ body: (UnsafeMutablePointer<eix_error>) -> Result) throws -> Result {
    var error = eix_error(code: 0, message: nil, system_error: 0)
    let result = body(&error)
    guard error.code != 0 else { return result }
    defer { eix_error_clear(&error) }
    let message = error.message.map { String(cString: $0) } ?? "unknown Xapian error"
    throw EngineError(code: EngineError.Code(rawValue: error.code), message: message, systemError: error.system_error)
}

/// Calls a shim function that returns a malloc'd string and takes ownership of it.
func withEngineString(
    _ body: (UnsafeMutablePointer<Int>, UnsafeMutablePointer<eix_error>) -> UnsafeMutablePointer<CChar>?
) throws -> String {
    var length = 0
    let pointer = try withEngineError { body(&length, $0) }
    guard let pointer else { return "" }
    defer { eix_string_free(pointer) }
    return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
}

extension String {
    /// Passes the string's UTF-8 bytes to a shim call as (pointer, length).
    func withBytes<Result>(_ body: (UnsafePointer<CChar>, Int) throws -> Result) rethrows -> Result {
        var copy = self
        return try copy.withUTF8 { buffer in
            guard let base = buffer.baseAddress else {
                // An empty string may have no storage; the shim still needs a pointer.
                return try "".withCString { try body($0, 0) }
            }
            return try base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                try body($0, buffer.count)
            }
        }
    }
}

/// Calls `body` with C pointers to each byte array, valid during the call.
func withPointers<Result>(to arrays: [[UInt8]], _ body: ([UnsafePointer<CChar>?]) throws -> Result) rethrows -> Result {
    var pointers: [UnsafePointer<CChar>?] = []
    pointers.reserveCapacity(arrays.count)
    func visit(_ index: Int) throws -> Result {
        guard index < arrays.count else { return try body(pointers) }
        return try arrays[index].withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { chars in
                pointers.append(chars.baseAddress)
                return try visit(index + 1)
            }
        }
    }
    return try visit(0)
}
