import Foundation

/// Where the CLI writes: results to standard output, messages and progress to
/// standard error; tables and progress only when a person is watching.
enum Terminal {
    static let standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1
    static let standardErrorIsTerminal = isatty(STDERR_FILENO) == 1

    /// Writes a line to standard output.
    static func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes a value as one line of JSON (keys sorted, so output is stable).
    static func printJSON<Value: Encodable>(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Lays out rows under a header in aligned columns.
    static func printTable(header: [String], rows: [[String]]) {
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        print(line(header))
        for row in rows { print(line(row)) }
    }
}

/// A progress line on standard error that redraws itself, shown only on a terminal.
final class ProgressLine {
    private let total: Int
    private let verb: String
    private var lastDrawn = Date.distantPast

    init(verb: String, total: Int) {
        self.verb = verb
        self.total = total
    }

    /// Shows `done` of the total, at most ten times a second.
    func update(_ done: Int) {
        guard Terminal.standardErrorIsTerminal else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        let percent = total == 0 ? 100 : done * 100 / total
        let committing = done == total ? ", committing" : ""
        FileHandle.standardError.write(Data("\r\(verb) \(done)/\(total) (\(percent)%)\(committing)".utf8))
    }

    /// Clears the progress line.
    func finish() {
        guard Terminal.standardErrorIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
