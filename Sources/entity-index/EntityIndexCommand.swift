import EntityIndex
import Foundation

/// `entity-index`: donate, delete, get, search and inspect an entity index.
@main
enum EntityIndexCommand {
    /// Every subcommand, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        InitCommand.self, DonateCommand.self, UpdateCommand.self, DeleteCommand.self, GetCommand.self, ExportCommand.self, SearchCommand.self,
        StatsCommand.self, CheckCommand.self, SchemaCommand.self, IntentCommand.self, EvalCommand.self,
    ]

    static let help = """
        entity-index — a semantic search index for app entities (calendar events, messages, contacts, notes).

        Usage: entity-index --index DIR [--types FILE]... <command> [options]

        Commands:
        \(commands.map { "  \($0.spec.name.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.spec.summary)" }.joined(separator: "\n"))

        Options:
          --index DIR   the index directory (created by donate)
          --types FILE  also accept the entity types a JSON file declares, in the shape
                        'entity-index schema --json' prints (repeat for several files);
                        give it to every command that reads or writes those types
          --help, -h    show help; 'entity-index <command> --help' shows a command's help

        Exit status: 0 success, 1 not found (nothing matched, or no such entity to update),
        2 ambiguous (delete --match deleted nothing), 3 held (intent check), 64 usage error,
        65 bad input data, 66 no such index or file, 70 internal or storage failure, 72 damaged index,
        73 read-only (file system or index), 74 disk full, 75 locked by another writer, or the
        index changed under an export (retry),
        77 permission denied.
        """

    static func main() {
        let status = run(Array(CommandLine.arguments.dropFirst()))
        exit(status.rawValue)
    }

    /// Runs the command line and returns its exit status.
    static func run(_ arguments: [String]) -> ExitStatus {
        var arguments = arguments[...]
        var indexPath: String?
        var typesFiles: [String] = []
        while let first = arguments.first, first.hasPrefix("-") {
            arguments.removeFirst()
            switch first {
            case "--help", "-h":
                Terminal.print(help)
                return .success
            case "--index":
                guard let path = arguments.popFirst() else { return usageFailure(UsageError("--index needs a directory")) }
                indexPath = path
            case "--types":
                guard let file = arguments.popFirst() else { return usageFailure(UsageError("--types needs a JSON file")) }
                typesFiles.append(file)
            default:
                if first.hasPrefix("--index=") {
                    indexPath = String(first.dropFirst("--index=".count))
                } else if first.hasPrefix("--types=") {
                    typesFiles.append(String(first.dropFirst("--types=".count)))
                } else {
                    return usageFailure(UsageError("unknown option \(first)"))
                }
            }
        }
        guard let name = arguments.popFirst() else {
            Terminal.printError(help)
            return .usage
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            return usageFailure(UsageError("unknown command '\(name)'"))
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            Terminal.print(command.spec.help)
            return .success
        }
        do {
            var spec = command.spec
            spec.valueOptions.formUnion(["--index", "--types"])
            let parsed = try ParsedArguments(Array(arguments), spec: spec)
            var schemas = SchemaRegistry.builtIn
            for file in typesFiles + (parsed.values["--types"] ?? []) {
                try schemas.register(contentsOf: URL(fileURLWithPath: file))
            }
            return try command.run(parsed, indexPath: parsed.value("--index") ?? indexPath, schemas: schemas)
        } catch let error as UsageError {
            return usageFailure(error, command: name)
        } catch let error as EntityIndexError {
            Terminal.printError("entity-index: \(error.message)")
            return ExitStatus(for: error.code)
        } catch {
            Terminal.printError("entity-index: \(error)")
            return .software
        }
    }

    private static func usageFailure(_ error: UsageError, command: String? = nil) -> ExitStatus {
        let help = command.map { "entity-index \($0) --help" } ?? "entity-index --help"
        Terminal.printError("entity-index: \(error.description) (see '\(help)')")
        return .usage
    }
}

/// A subcommand of `entity-index`.
protocol Command: Sendable {
    /// The command's name, summary, help and options.
    static var spec: CommandSpec { get }
    /// Runs the command with its checked arguments, the `--index` directory and
    /// the entity types: the built-in ones and those of the `--types` files.
    static func run(_ arguments: ParsedArguments, indexPath: String?, schemas: SchemaRegistry) throws -> ExitStatus
}

extension Command {
    /// The `--index` directory, required by commands that use an index.
    static func requireIndexPath(_ path: String?) throws -> String {
        guard let path, !path.isEmpty else { throw UsageError("--index DIR is required") }
        return path
    }
}

/// The process's exit status (BSD sysexits where one fits).
struct ExitStatus: RawRepresentable, Equatable {
    let rawValue: Int32

    static let success = ExitStatus(rawValue: 0)
    static let notFound = ExitStatus(rawValue: 1)
    static let ambiguous = ExitStatus(rawValue: 2)
    static let held = ExitStatus(rawValue: 3)
    static let usage = ExitStatus(rawValue: 64)
    static let dataError = ExitStatus(rawValue: 65)
    static let noInput = ExitStatus(rawValue: 66)
    static let unavailable = ExitStatus(rawValue: 69)
    static let software = ExitStatus(rawValue: 70)
    static let damaged = ExitStatus(rawValue: 72)
    static let readOnly = ExitStatus(rawValue: 73)
    static let diskFull = ExitStatus(rawValue: 74)
    static let locked = ExitStatus(rawValue: 75)
    static let permissionDenied = ExitStatus(rawValue: 77)

    init(rawValue: Int32) { self.rawValue = rawValue }

    /// The status that fits a library failure.
    init(for code: EntityIndexError.Code) {
        switch code {
        case .entityNotFound: self = .notFound
        case .invalidEntity, .malformedInput, .invalidSchema: self = .dataError
        case .indexNotFound, .notAnIndex, .inputNotFound: self = .noInput
        case .invalidQuery: self = .usage
        case .indexCorrupt, .incompatibleIndex: self = .damaged
        case .readOnly, .readOnlyFileSystem: self = .readOnly
        case .diskFull: self = .diskFull
        case .indexLocked, .indexChanged: self = .locked
        case .permissionDenied: self = .permissionDenied
        case .shardUnreachable: self = .unavailable
        default: self = .software
        }
    }
}
