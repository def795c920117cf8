import EntityIndex

/// `check`: whether an index is sound.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "verify an index without changing it",
        help: """
            Usage: entity-index --index DIR check [--json] [--report]

            Checks the index's files against its version file, runs Xapian's own
            check over every table (what xapian-check does), and decodes every
            stored entity. Prints whether the index is sound and, if not, what is
            wrong, and whether a donation was interrupted (the index is sound, but
            incomplete: donate the same files again). Exits 0 when it is sound, 72
            when it is damaged.
              --json     print {"sound": BOOL, "problems": [...], "soundEntities": N,
                         "interruptedDonation": TEXT or null, "engineReport": TEXT}
              --report   also print Xapian's own report
            """,
        flags: ["--json", "--report"])

    struct Output: Encodable {
        let sound: Bool
        let problems: [String]
        let soundEntities: Int
        let interruptedDonation: String?
        let engineReport: String
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        let progress = ProgressLine(verb: "checking")
        let check = try EntityIndex.check(path: path, progress: progress.update(_:of:))
        progress.finish()
        if arguments.flags.contains("--json") {
            try Terminal.printJSON(Output(sound: check.isSound, problems: check.problems, soundEntities: check.soundEntities,
                                          interruptedDonation: check.interruptedDonation, engineReport: check.engineReport))
        } else {
            if arguments.flags.contains("--report") { Terminal.print(check.engineReport) }
            if check.isSound {
                Terminal.print("sound: \(check.soundEntities) entities decode, and Xapian's check found no problems")
            } else {
                Terminal.print("damaged:")
                for problem in check.problems { Terminal.print("- \(problem)") }
            }
            if let interrupted = check.interruptedDonation { Terminal.print("a donation was interrupted: \(interrupted)") }
        }
        return check.isSound ? .success : .damaged
    }
}
