import EntityIndex
import Foundation

/// Reading the JSON Lines files named on the command line.
enum InputFiles {
    /// The bytes of a file, or of standard input for `-`.
    static func read(_ source: String) throws -> Data {
        if source == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw EntityIndexError(.malformedInput, "cannot read \(source): check that the file exists and is readable")
        }
        return data
    }

    /// Throws, naming the first, unless every file can be read: checked before
    /// an index is opened, so that a mistyped name does not create one.
    static func checkReadable(_ files: [String], names: [String]) throws {
        for (file, name) in zip(files, names) {
            guard FileManager.default.fileExists(atPath: file) else {
                throw EntityIndexError(.inputNotFound, "there is no file \(name): check its name", path: file)
            }
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw EntityIndexError(.permissionDenied, "cannot read \(name): check its permissions", path: file)
            }
        }
    }

    /// Copies standard input into a temporary file, a block at a time; returns its path.
    static func spoolStandardInput() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-stdin-\(UUID().uuidString).jsonl").path
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw EntityIndexError(.storage, "cannot keep standard input in \(path): check the temporary directory", path: path)
        }
        defer { try? file.close() }
        do {
            while let block = try FileHandle.standardInput.read(upToCount: 1 << 20), !block.isEmpty {
                try file.write(contentsOf: block)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw EntityIndexError(.storage, "cannot keep standard input in \(path) (\(error)): free space there, or donate from a file")
        }
        return path
    }

    /// The files named as positional arguments, or a usage error when there are none.
    static func sources(_ arguments: ParsedArguments, what: String) throws -> [String] {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("name a JSON Lines file of \(what), or - for standard input")
        }
        return arguments.positionals
    }
}
