/// A failure of the index, with a message that says what to do next and,
/// where they are known, the entity, property, input line, path and system
/// error it concerns.
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
        /// An input file named does not exist.
        public static let inputNotFound = Code(rawValue: "inputNotFound")
        /// There is no index at the given path.
        public static let indexNotFound = Code(rawValue: "indexNotFound")
        /// The path holds something other than an index (a file, other files), so none is created there.
        public static let notAnIndex = Code(rawValue: "notAnIndex")
        /// Another writer holds the index's write lock: retry once it is done.
        public static let indexLocked = Code(rawValue: "indexLocked")
        /// The index was written by another version of EntityIndex, in a format this one does not read.
        public static let incompatibleIndex = Code(rawValue: "incompatibleIndex")
        /// The index files are incomplete or damaged; the index was neither opened nor changed.
        public static let indexCorrupt = Code(rawValue: "indexCorrupt")
        /// The index was opened read-only and cannot be changed.
        public static let readOnly = Code(rawValue: "readOnly")
        /// The operating system denied access to the index's files.
        public static let permissionDenied = Code(rawValue: "permissionDenied")
        /// The index is on a read-only file system.
        public static let readOnlyFileSystem = Code(rawValue: "readOnlyFileSystem")
        /// The disk (or the user's quota) is full.
        public static let diskFull = Code(rawValue: "diskFull")
        /// A search request cannot be run as given.
        public static let invalidQuery = Code(rawValue: "invalidQuery")
        /// The index changed under a read that must see one state (an export): try again.
        public static let indexChanged = Code(rawValue: "indexChanged")
        /// The storage engine failed otherwise (an I/O error, …).
        public static let storage = Code(rawValue: "storage")
        /// A remote shard (`xapian-tcpsrv`) could not be reached, or stopped answering.
        public static let shardUnreachable = Code(rawValue: "shardUnreachable")
    }

    /// The kind of failure.
    public let code: Code
    /// A one-line explanation that says what to do next.
    public let message: String
    /// The index directory or file it concerns.
    public var path: String?
    /// The entity it concerns.
    public var entity: EntityIdentifier?
    /// The property it concerns, as a path ("attendees.email").
    public var property: String?
    /// The input line it concerns, counted from 1.
    public var line: Int?
    /// The operating system's error number behind it (`errno`).
    public var systemError: Int32?

    /// A failure of a kind with a message, and what it concerns.
    public init(_ code: Code, _ message: String, path: String? = nil, entity: EntityIdentifier? = nil, property: String? = nil,
                line: Int? = nil, systemError: Int32? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.entity = entity
        self.property = property
        self.line = line
        self.systemError = systemError
    }

    public var description: String { message }
}
