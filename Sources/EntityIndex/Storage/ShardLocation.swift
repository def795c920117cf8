/// Where one shard of an index lives: in the index directory, or on a machine
/// that serves it with Xapian's remote backend (`xapian-tcpsrv --writable`).
public enum ShardLocation: Sendable, Hashable, CustomStringConvertible {
    /// A Xapian database in the index directory (`shard-K`, K its position).
    case local
    /// A database that `xapian-tcpsrv --writable --port PORT DIR` serves on HOST.
    case remote(host: String, port: UInt16)

    /// Reads a location as `description` writes it: `local` or
    /// `tcp://HOST:PORT` (an IPv6 host in brackets); nil for anything else.
    public init?(_ text: String) {
        if text == "local" {
            self = .local
            return
        }
        guard text.hasPrefix("tcp://"), let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]),
              port > 0 else { return nil }
        var host = text[text.index(text.startIndex, offsetBy: 6)..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else { return nil }
        self = .remote(host: String(host), port: port)
    }

    /// `local`, or `tcp://HOST:PORT`.
    public var description: String {
        switch self {
        case .local: "local"
        case .remote(let host, let port): host.contains(":") ? "tcp://[\(host)]:\(port)" : "tcp://\(host):\(port)"
        }
    }
}
