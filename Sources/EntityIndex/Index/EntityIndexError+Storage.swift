import Foundation

extension EntityIndexError {
    /// Runs `body`, turning an engine failure on the index at `path` into an `EntityIndexError`.
    static func translating<Result>(path: String?, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as EngineError {
            throw EntityIndexError(error, path: path)
        }
    }

    /// Translates an engine failure on the index at `path` into terms a caller
    /// can act on: the system error behind it first (permission, read-only
    /// file system, full disk), then what Xapian says.
    init(_ error: EngineError, path: String?) {
        let location = path.map { "at \($0)" } ?? "in memory"
        if error.code == .network {
            self.init(.shardUnreachable, """
                a remote shard of the index \(location) failed: \(error.message). Check that xapian-tcpsrv --writable serves it \
                at that host and port (the index's shards file lists them); to answer searches from the other shards meanwhile, \
                open the index with unreachableShards: .skip (search --skip-unreachable)
                """, path: path)
            return
        }
        // Xapian nests errors in its messages ("Modifications failed (… (No space left on device))"): the
        // system error may be named only there.
        let systemError = error.systemError != 0 ? error.systemError : Self.systemError(namedIn: error.message)
        if let fromSystem = Self(systemError: systemError, path: path, detail: error.message) {
            self = fromSystem
            return
        }
        switch error.code {
        case .databaseLocked where error.isLockTaken:
            self.init(.indexLocked, """
                the index \(location) is being written by another process: wait for it to finish, then retry
                """, path: path)
        case .databaseLocked:
            // Xapian could not take the lock for another reason: the directory says which.
            self = Self(diagnosing: path, detail: error.message)
        case .databaseOpening where path.map({ (try? IndexDirectory.inspect($0)) == .nothing }) ?? false:
            self.init(.indexNotFound, "no index \(location): donate entities to create it", path: path)
        case .databaseCorrupt, .databaseOpening, .database:
            // The directory looked sound, yet Xapian could not read it: a table is missing, short or
            // garbled — unless the system said why (too many open files, an I/O error).
            if systemError == 0 || error.code == .databaseCorrupt {
                self.init(.indexCorrupt, "the index \(location) is damaged (\(error.message)): \(Self.rebuildAdvice)", path: path)
            } else {
                self.init(.storage, "the index \(location) failed: \(error.message)", path: path, systemError: systemError)
            }
        default:
            self.init(.storage, "the index \(location) failed: \(error.message)", path: path)
        }
    }

    /// What to do about a damaged index.
    static let rebuildAdvice = "restore it from a backup, or delete it and donate the entities again"

    /// The failure an operating system error stands for, or nil for one the
    /// caller cannot act on differently.
    init?(systemError: Int32, path: String?, detail: String) {
        let location = path ?? "the index"
        switch systemError {
        case EACCES, EPERM:
            self.init(.permissionDenied, """
                permission denied on \(location) (\(detail)): run as a user who may use it, or change its \
                owner or permissions
                """, path: path, systemError: systemError)
        case EROFS:
            self.init(.readOnlyFileSystem, """
                \(location) is on a read-only file system (\(detail)): open it read-only, or copy it to a writable disk
                """, path: path, systemError: systemError)
        case ENOSPC, EDQUOT:
            self.init(.diskFull, """
                no space left for \(location) (\(detail)): free some space, then retry; what was being written \
                was not committed
                """, path: path, systemError: systemError)
        default:
            return nil
        }
    }

    /// The system error an engine message names in its text, of those a caller can act on; 0 for none.
    private static func systemError(namedIn message: String) -> Int32 {
        [ENOSPC, EDQUOT, EROFS, EACCES, EPERM].first { message.contains(String(cString: strerror($0))) } ?? 0
    }

    /// Why the files at `path` cannot be used, found by asking the operating
    /// system for access to them (after a failure that did not say).
    init(diagnosing path: String?, detail: String) {
        if let path {
            for mode in [R_OK | X_OK, W_OK] where access(path, mode) != 0 {
                if let failure = Self(systemError: errno, path: path, detail: detail) {
                    self = failure
                    return
                }
            }
        }
        self.init(.storage, "the index at \(path ?? "") failed: \(detail)", path: path)
    }

    /// A failure to `doing` (read, list, …) a file, from `errno` as the failing call left it
    /// (the default argument reads it before the initialiser runs anything).
    init(systemErrorAt path: String, doing: String, number: Int32 = errno) {
        let detail = "could not \(doing) it: \(String(cString: strerror(number)))"
        self = Self(systemError: number, path: path, detail: detail)
            ?? Self(.storage, "\(path) failed: \(detail)", path: path, systemError: number)
    }
}
