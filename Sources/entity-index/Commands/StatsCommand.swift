import EntityIndex

/// `stats`: what the index holds.
enum StatsCommand: Command {
    static let spec = CommandSpec(
        name: "stats",
        summary: "show entity counts per type and the index size",
        help: """
            Usage: entity-index --index DIR stats [--json]

            Prints the number of entities of each type, the total, and the bytes
            the index takes on disk.
              --json   print {"entities": N, "types": {TYPE: N, ...}, "sizeOnDisk": BYTES,
                       "interruptedDonation": TEXT (only when a donation was interrupted)}
            """,
        flags: ["--json"])

    struct Output: Encodable {
        let entities: Int
        let types: [String: Int]
        let sizeOnDisk: Int?
        let interruptedDonation: String?
    }

    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus {
        let path = try requireIndexPath(indexPath)
        let statistics = try EntityIndex(path: path, access: .readOnly, configuration: IndexConfiguration(schemas: schemas)).statistics()
        let counts = statistics.entityCountsByType.sorted { $0.key < $1.key }
        if arguments.flags.contains("--json") {
            try Terminal.printJSON(Output(
                entities: statistics.entityCount,
                types: Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }),
                sizeOnDisk: statistics.sizeOnDisk, interruptedDonation: statistics.interruptedDonation))
        } else {
            Terminal.printTable(header: ["type", "entities"],
                                rows: counts.map { [$0.key.rawValue, "\($0.value)"] } + [["total", "\(statistics.entityCount)"]])
            if let size = statistics.sizeOnDisk {
                Terminal.print("size on disk: \(size) bytes")
            }
            if let interrupted = statistics.interruptedDonation {
                Terminal.printError("entity-index: a donation was interrupted: \(interrupted)")
            }
        }
        return .success
    }
}
