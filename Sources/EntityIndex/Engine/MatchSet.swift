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

    /// The document at a rank.
    func document(at rank: Int) throws -> Document {
        let document = try withEngineError { eix_match_set_document(handle, UInt32(rank), $0) }
        return Document(owning: document!)
    }
}
