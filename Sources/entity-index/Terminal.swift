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
        var widths = header.map(displayWidth)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], displayWidth(cell))
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - displayWidth(cell))
            }.joined(separator: "  ")
        }
        print(line(header))
        for row in rows { print(line(row)) }
    }
}

/// The columns a string takes on a terminal: Chinese, Japanese and Korean
/// characters and full-width forms take two.
func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F: width  // combining marks, zero-width spaces
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD: width + 2
        default: width + 1
        }
    }
}

/// A progress line on standard error that redraws itself, shown only on a terminal.
final class ProgressLine {
    private var total: Int
    private let verb: String
    /// What happens once every thing is done ("committing"), shown then.
    private let lastStep: String?
    private var lastDrawn = Date.distantPast

    /// A line for `verb`ing `total` things (0 when only the updates will say
    /// how many), saying `lastStep` when all are done.
    init(verb: String, total: Int = 0, lastStep: String? = nil) {
        self.verb = verb
        self.total = total
        self.lastStep = lastStep
    }

    /// Shows `done` of the total, at most ten times a second.
    func update(_ done: Int) {
        guard Terminal.standardErrorIsTerminal else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        let percent = total == 0 ? 100 : done * 100 / total
        let last = done == total ? lastStep.map { ", \($0)" } ?? "" : ""
        FileHandle.standardError.write(Data("\r\(verb) \(done)/\(total) (\(percent)%)\(last)".utf8))
    }

    /// Shows `done` of a total known only as the work goes.
    func update(_ done: Int, of total: Int) {
        self.total = total
        update(done)
    }

    /// Clears the progress line.
    func finish() {
        guard Terminal.standardErrorIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
