import Foundation

/// `xapian-tcpsrv` processes serving remote shards on 127.0.0.1, for the
/// tests and the benchmark, started by `Scripts/shard-servers.sh` (each in a
/// session of its own, stopping by itself should this process end first);
/// `stop()` them when done.
public struct ShardServers: Sendable {
    /// Where the servers keep their databases (under the system's temporary folder).
    public let directory: String
    /// Each server's location, `tcp://127.0.0.1:PORT`.
    public let locations: [String]

    /// Why the servers could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `count` servers on free ports.
    public init(count: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-servers-\(UUID().uuidString)").path
        let output = try Self.run(["start", directory, "\(count)", "\(getpid())"])
        locations = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("tcp://") }
        guard locations.count == count else {
            stop()
            throw Failure(description: "Scripts/shard-servers.sh started \(locations.count) of \(count) servers: \(output)")
        }
    }

    /// Stops the servers and removes their databases.
    public func stop() {
        _ = try? Self.run(["stop", directory])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The script in `Scripts/`, run with some arguments: its standard output.
    /// Spawned with every signal unblocked and at its default: a child
    /// inherits the spawning thread's mask, and worker threads block SIGTERM,
    /// which would leave the servers deaf to being stopped.
    private static func run(_ arguments: [String]) throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/shard-servers.sh").path
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-script-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: capture) }
        let output = capture + "/output", errors = capture + "/errors"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["/bin/bash", script] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(script): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = contents(of: output)
        guard status == 0 else {
            let message = contents(of: errors)
            throw Failure(description: "Scripts/shard-servers.sh \(arguments.first ?? "") failed: \(message)")
        }
        return text
    }

    /// A file's text, read with the C library: Foundation's file reading
    /// leaks its buffer when the file is empty, as a stopped script's output is.
    private static func contents(of path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
