import Foundation
import Testing

/// Damaged index files, tried on the built CLI: each file of an index is
/// removed, truncated and bit-flipped in turn, and every command run on the
/// damaged copy must exit (never die on a signal), and a donation into it must
/// either be refused or keep every entity that was there (never a new index
/// created over the old one).
///
/// CI runs a bounded set: one flipped bit in every byte of the version file
/// and a few flips in every table. `ENTITY_INDEX_DAMAGE_TRIALS=all` flips
/// every bit of the version file and 200 bytes spread over every table.
@Suite struct DamagedIndexTests {
    /// One way of damaging one file.
    struct Trial: CustomStringConvertible {
        let file: String
        let damage: Damage
        enum Damage {
            case missing
            case truncated(to: Int)
            /// XOR of a mask into the byte at an offset.
            case flipped(offset: Int, mask: UInt8)
        }

        var description: String { "\(file) \(damage)" }

        func apply(in directory: String) throws {
            let path = directory + "/" + file
            switch damage {
            case .missing:
                try FileManager.default.removeItem(atPath: path)
            case .truncated(let size):
                let handle = try #require(FileHandle(forWritingAtPath: path))
                try handle.truncate(atOffset: UInt64(size))
                try handle.close()
            case .flipped(let offset, let mask):
                var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                bytes[offset] ^= mask
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            }
        }
    }

    /// The trials for the files of an index.
    static func trials(for directory: String, everything: Bool) throws -> [Trial] {
        var trials: [Trial] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where file != "flintlock" {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: directory + "/" + file)[.size] as? Int)
            trials += [Trial(file: file, damage: .missing), Trial(file: file, damage: .truncated(to: 0)),
                       Trial(file: file, damage: .truncated(to: size / 2)), Trial(file: file, damage: .truncated(to: size - 1))]
            if file == "iamglass" {
                // The file Xapian trusts: every byte, one bit (or, in full, every bit).
                for offset in 0..<size {
                    let masks: [UInt8] = everything ? (0..<8).map { 1 << $0 } : [1 << UInt8(offset % 8)]
                    trials += masks.map { Trial(file: file, damage: .flipped(offset: offset, mask: $0)) }
                }
            } else {
                // Bytes spread evenly over the table, each with another mask.
                let flips = everything ? 200 : 4
                for number in 1...flips {
                    let mask = UInt8(truncatingIfNeeded: 37 &* number) | 1
                    trials.append(Trial(file: file, damage: .flipped(offset: size * number / (flips + 1), mask: mask)))
                }
            }
        }
        return trials
    }

    @Test func damagedFilesAreRefusedNeverCrashAndNeverCreatedOver() throws {
        let original = try CLITests.donatedIndex()
        defer { try? FileManager.default.removeItem(atPath: original) }
        let everything = ProcessInfo.processInfo.environment["ENTITY_INDEX_DAMAGE_TRIALS"] == "all"
        let trials = try Self.trials(for: original, everything: everything)
        let newEntity = #"{"type": "notes.note", "id": "after-damage", "properties": {"title": "Written after the damage"}}"#
        var refused = 0, undetected = 0
        for trial in trials {
            let copy = original + "-damaged"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: original, toPath: copy)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            try trial.apply(in: copy)

            // Reading (search), checking and writing (donate) open the index each in their own way.
            for arguments in [["check"], ["search", "oxygen"]] {
                let run = try CLITests.run(["--index", copy] + arguments)
                #expect(run.status < 128 && !run.error.contains("Fatal error"), "\(trial): \(arguments[0]) died (\(run.status))")
            }
            let donated = try CLITests.run(["--index", copy, "donate", "-"], input: newEntity)
            #expect(donated.status < 128, "\(trial): donate died (\(donated.status))")
            if donated.status == 0 {
                // Accepted: then the damage was harmless, and everything that was there still is.
                undetected += 1
                let stats = try CLITests.run(["--index", copy, "stats", "--json"])
                #expect(stats.output.contains(#""entities":84"#) || stats.output.contains(#""entities" : 84"#),
                        "\(trial): a donation into the damaged index lost entities: \(stats.output) \(stats.error)")
            } else {
                refused += 1
                #expect(donated.error.contains("damaged") || donated.error.contains("no index"),
                        "\(trial): refused without saying why: \(donated.error)")
            }
        }
        print("damage trials: \(trials.count), donation refused \(refused), accepted whole \(undetected)")
    }
}
