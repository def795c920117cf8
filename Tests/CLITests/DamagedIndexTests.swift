import Foundation
import Testing

/// Damaged index files, tried on the built CLI: each file of an index is
/// removed, truncated and bit-flipped in turn, and every command run on the
/// damaged copy must exit (never die on a signal). A donation into it is
/// refused, or it adds its entity to every one that could be read before; when
/// opening cannot see the damage (inside a table's blocks, which only `check`
/// reads), `check` still reports it afterwards, or the donation rewrote the
/// damaged block and every entity is there. No index is created over another.
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
        let originalCount = try #require(try Self.entityCount(in: original))
        let newEntity = #"{"type": "notes.note", "id": "after-damage", "properties": {"title": "Written after the damage"}}"#
        var refused = 0, accepted = 0, acceptedDamaged = 0
        for trial in trials {
            let copy = original + "-damaged"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: original, toPath: copy)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            try trial.apply(in: copy)

            // Checking, reading (stats) and writing (donate) open the index each in their own way.
            let checked = try CLITests.run(["--index", copy, "check"])
            #expect(checked.exited, "\(trial): check died on signal \(checked.status)")
            let before = try Self.entityCount(in: copy)
            let donated = try CLITests.run(["--index", copy, "donate", "-"], input: newEntity)
            #expect(donated.exited, "\(trial): donate died on signal \(donated.status)")
            if donated.status == 0 {
                // Accepted: opening did not notice the damage (a flip in unused space, or inside a block
                // only `check` reads). Where check found the index sound, the donation added one entity to
                // what could be read before and lost none; where it did not, it still does not.
                accepted += 1
                if checked.status == 0 {
                    let after = try Self.entityCount(in: copy)
                    #expect(after != nil && after == before.map { $0 + 1 },
                            "\(trial): \(before ?? -1) entities before the donation, \(after ?? -1) after")
                } else {
                    // The donation may rewrite the damaged block (Xapian writes changed blocks anew); if check
                    // then finds the index sound, every entity of the original is there and the new one too.
                    acceptedDamaged += 1
                    if try CLITests.run(["--index", copy, "check"]).status == 0 {
                        let after = try Self.entityCount(in: copy)
                        #expect(after == originalCount + 1, "\(trial): sound after the donation with \(after ?? -1) entities")
                    }
                }
            } else {
                refused += 1
                #expect(donated.error.contains("damaged") || donated.error.contains("no index"),
                        "\(trial): refused without saying why: \(donated.error)")
            }
        }
        print("damage trials: \(trials.count), donation refused \(refused), accepted \(accepted) "
              + "(\(acceptedDamaged) into an index check calls damaged)")
    }

    /// How many entities `stats` counts, or nil when it cannot read the index.
    static func entityCount(in index: String) throws -> Int? {
        struct Stats: Decodable { let entities: Int }
        let stats = try CLITests.run(["--index", index, "stats", "--json"])
        #expect(stats.exited, "stats died on signal \(stats.status)")
        return stats.status == 0 ? try? JSONDecoder().decode(Stats.self, from: Data(stats.output.utf8)).entities : nil
    }
}
