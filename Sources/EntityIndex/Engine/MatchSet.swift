import CXapianShim

/// The ranked matches of one search.
final class MatchSet {
    private let handle: OpaquePointer

    init(owning handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { eix_match_set_free(handle) }

    /// The number of matches returned.
    var count: Int { Int(eix_match_set_size(handle)) }

    /// The BM25 weight of the match at a rank.
    func weight(at rank: Int) -> Double {
        eix_match_set_weight(handle, UInt32(rank))
    }

    /// The document id at a rank.
    func documentID(at rank: Int) -> UInt32 {
        eix_match_set_docid(handle, UInt32(rank))
    }

    /// One value slot of every match, in rank order (empty where unset): read
    /// in one pass, which costs less than reading each match's document.
    func values(inSlot slot: UInt32) throws -> [[UInt8]] {
        _ = try withEngineError { eix_match_set_read_values(handle, slot, $0) }
        return (0..<count).map { rank in
            var length = 0
            let pointer = eix_match_set_value(handle, UInt32(rank), &length)
            return Array(UnsafeRawBufferPointer(start: pointer, count: length))
        }
    }

    /// The document at a rank.
    func document(at rank: Int) throws -> Document {
        let document = try withEngineError { eix_match_set_document(handle, UInt32(rank), $0) }
        return Document(owning: document!)
    }
}
