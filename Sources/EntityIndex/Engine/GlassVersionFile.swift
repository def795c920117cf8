/// Xapian's glass version file (`iamglass`), read here with every bound
/// checked before Xapian reads it.
///
/// Xapian 1.4 trusts what this file says about each table. A table's B-tree
/// level of 10 or more makes `GlassTable::basic_open` initialise cursors past
/// the end of its fixed array of `GLASS_BTREE_CURSOR_LEVELS` (10), and the
/// process dies with SIGSEGV; a block size that is not a power of two from
/// 2 to 64 KiB breaks every block read. So one flipped bit in this file crashed
/// any process that opened the index. The layout (glass_version.cc): magic and
/// format version, a 16-byte UUID, the revision, then for each table its root
/// block, level and flags, entry count, block size / 2048, compression
/// threshold and free list, then the database statistics; numbers are packed
/// seven bits to a byte, low bits first.
struct GlassVersionFile {
    /// What the file says about one table.
    struct Table {
        /// The table's name: its file is `NAME.glass`.
        let name: String
        let root: UInt64
        let level: UInt64
        /// Whether the table has never been written (no root block on disk).
        let rootIsFake: Bool
        let entryCount: UInt64
        let blockSize: UInt64
    }

    /// The tables in the order the file lists them (`Glass::table_type`).
    static let tableNames = ["postlist", "docdata", "termlist", "position", "spelling", "synonym"]
    /// Tables Xapian creates only when something is first written to them.
    static let lazyTables: Set<String> = ["docdata", "position", "spelling", "synonym"]
    /// The most B-tree levels Xapian can hold a cursor for (`GLASS_BTREE_CURSOR_LEVELS`).
    static let maximumLevels: UInt64 = 10
    /// Xapian reads at most this many bytes of the file.
    static let maximumSize = 256

    let revision: UInt64
    let tables: [Table]

    /// Reads the file's bytes; throws what is wrong with them.
    init(_ bytes: [UInt8]) throws(Damage) {
        let magic: [UInt8] = [0x0f, 0x0d] + Array("Xapian Glass".utf8)
        guard bytes.count <= Self.maximumSize else { throw Damage("it is \(bytes.count) bytes long, more than Xapian reads") }
        guard bytes.count >= magic.count + 2 + 16, Array(bytes.prefix(magic.count)) == magic else {
            throw Damage("it does not start as a Xapian glass version file does")
        }
        var reader = PackedReader(bytes: bytes, position: magic.count + 2 + 16)
        revision = try reader.number(fitting: UInt32.self, "the revision")
        var tables: [Table] = []
        for name in Self.tableNames {
            let root = try reader.number(fitting: UInt32.self, "\(name)'s root block")
            let flags = try reader.number(fitting: UInt32.self, "\(name)'s level")
            let entryCount = try reader.number(fitting: UInt64.self, "\(name)'s entry count")
            let blockSize = try reader.number(fitting: UInt32.self, "\(name)'s block size") << 11
            _ = try reader.number(fitting: UInt32.self, "\(name)'s compression threshold")
            try reader.skipString("\(name)'s free list")
            let table = Table(name: name, root: root, level: flags >> 2, rootIsFake: flags & 1 == 1, entryCount: entryCount,
                              blockSize: blockSize)
            guard table.level < Self.maximumLevels else {
                throw Damage("it gives \(name) \(table.level) levels, more than Xapian can open (\(Self.maximumLevels - 1))")
            }
            guard !table.rootIsFake || (table.level == 0 && table.entryCount == 0) else {
                // A table never written has one level and nothing in it: Xapian would take a full one for empty.
                throw Damage("it says \(name) was never written yet holds \(table.entryCount) entries in \(table.level + 1) levels")
            }
            guard (2048...65536).contains(blockSize), blockSize & (blockSize - 1) == 0 else {
                throw Damage("it gives \(name) a block size of \(blockSize) bytes, not a power of two from 2 to 64 KiB")
            }
            tables.append(table)
        }
        self.tables = tables
        // The statistics: document count, last id, length bounds, changeset, total length, spelling bound.
        for statistic in ["document count", "last document id", "length bounds", "length bounds", "length bounds",
                          "oldest changeset", "total length", "spelling bound"] {
            _ = try reader.number(fitting: UInt64.self, "the \(statistic)")
        }
        guard reader.isAtEnd else { throw Damage("it has \(bytes.count - reader.position) unexpected bytes at its end") }
    }

    /// What is wrong with a version file.
    struct Damage: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Xapian's packed numbers and strings (pack.h), bounds checked.
    private struct PackedReader {
        let bytes: [UInt8]
        var position: Int

        var isAtEnd: Bool { position == bytes.count }

        /// A number packed seven bits to a byte, low first, that fits the type Xapian reads it into.
        mutating func number<Width: FixedWidthInteger & UnsignedInteger>(fitting _: Width.Type, _ what: String) throws(Damage) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard position < bytes.count else { throw Damage("it ends before \(what)") }
                let byte = bytes[position]
                position += 1
                guard shift < UInt64(Width.bitWidth), shift < 64 else { throw Damage("\(what) overflows") }
                let part = UInt64(byte & 0x7f)
                guard shift == 0 || part >> (UInt64(Width.bitWidth) - shift) == 0 else { throw Damage("\(what) overflows") }
                value |= part << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        /// A string packed as its length and its bytes.
        mutating func skipString(_ what: String) throws(Damage) {
            let length = try number(fitting: UInt32.self, what)
            guard length <= UInt64(bytes.count - position) else { throw Damage("it ends inside \(what)") }
            position += Int(length)
        }
    }
}
