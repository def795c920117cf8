/// A failure of the index, with a message that says what to do next.
public struct EntityIndexError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, for callers that react by case.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An entity is malformed (bad type, id or property); nothing was applied.
        public static let invalidEntity = Code(rawValue: "invalidEntity")
        /// A schema cannot be registered as given.
        public static let invalidSchema = Code(rawValue: "invalidSchema")
        /// An update names an entity that is not in the index.
        public static let entityNotFound = Code(rawValue: "entityNotFound")
        /// A lexicon file is missing or malformed.
        public static let invalidLexicon = Code(rawValue: "invalidLexicon")
        /// Input (a JSON Lines file) could not be read or parsed; nothing was applied.
        public static let malformedInput = Code(rawValue: "malformedInput")
        /// There is no index at the given path.
        public static let indexNotFound = Code(rawValue: "indexNotFound")
        /// Another writer holds the index's write lock.
        public static let indexLocked = Code(rawValue: "indexLocked")
        /// The index was written by another version of EntityIndex, in a format this one does not read.
        public static let incompatibleIndex = Code(rawValue: "incompatibleIndex")
        /// The index files are damaged.
        public static let indexCorrupt = Code(rawValue: "indexCorrupt")
        /// The index was opened read-only and cannot be changed.
        public static let readOnly = Code(rawValue: "readOnly")
        /// A search request cannot be run as given.
        public static let invalidQuery = Code(rawValue: "invalidQuery")
        /// The storage engine failed (I/O, disk full, …).
        public static let storage = Code(rawValue: "storage")
    }

    /// The kind of failure.
    public let code: Code
    /// A one-line explanation that says what to do next.
    public let message: String

    /// A failure of a kind with a message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension EntityIndexError {
    /// Translates an engine failure on the index at `path` into terms a caller can act on.
    init(_ error: EngineError, path: String?) {
        let location = path.map { "at \($0)" } ?? "in memory"
        switch error.code {
        case .databaseLocked:
            self.init(.indexLocked, "the index \(location) is being written by another process; wait for it to finish, then retry")
        case .databaseOpening:
            self.init(.indexNotFound, "no index \(location): donate entities to create it (\(error.message))")
        case .databaseCorrupt:
            self.init(.indexCorrupt, "the index \(location) is damaged: delete it and donate again (\(error.message))")
        default:
            self.init(.storage, "the index \(location) failed: \(error.message)")
        }
    }
}
