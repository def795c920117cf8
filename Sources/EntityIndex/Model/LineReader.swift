import Foundation

/// The lines of a file, read a block at a time, so that memory stays bounded
/// whatever the file's size. Lines end with "\n"; the last may not.
struct LineReader {
    private let handle: FileHandle
    private var buffer = Data()
    private var start = 0
    private var atEnd = false
    /// How many bytes are read at a time.
    static let blockSize = 1 << 20

    /// Opens a file; throws `inputNotFound` when there is none, or what the system says (permission, …).
    init(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let number = errno
            guard number != ENOENT else {
                throw EntityIndexError(.inputNotFound, "there is no file \(path): check its name", path: path, systemError: number)
            }
            throw EntityIndexError(systemErrorAt: path, doing: "read", number: number)
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// The next line without its "\n", or nil at the end of the file.
    mutating func next() throws -> Data? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return Data(buffer[start..<newline])
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return Data(buffer[start...])
            }
            let block = try handle.read(upToCount: Self.blockSize) ?? Data()
            // Keep only the unfinished line, then what follows it.
            var rest = Data(buffer[start...])
            rest.append(block)
            buffer = rest
            start = 0
            atEnd = block.isEmpty
        }
    }
}
