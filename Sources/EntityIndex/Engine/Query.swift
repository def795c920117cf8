import CXapianShim

/// A Xapian query, built term by term so the caller controls analysis and weights.
final class Query {
    /// How subqueries combine (Xapian's operators).
    enum Operator {
        case and, or, andNot, andMaybe, filter, synonym

        var shimValue: eix_query_operator {
            switch self {
            case .and: EIX_QUERY_AND
            case .andNot: EIX_QUERY_AND_NOT
            case .or: EIX_QUERY_OR
            case .andMaybe: EIX_QUERY_AND_MAYBE
            case .filter: EIX_QUERY_FILTER
            case .synonym: EIX_QUERY_SYNONYM
            }
        }
    }

    let handle: OpaquePointer

    /// Takes over a query the shim made.
    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { eix_query_free(handle) }

    /// A query matching documents that contain `term`.
    static func term(_ term: String, withinQueryFrequency: UInt32 = 1) throws -> Query {
        let handle = try term.withBytes { bytes, count in
            try withEngineError { eix_query_term(bytes, count, withinQueryFrequency, $0) }
        }
        return Query(handle: handle!)
    }

    /// Combines subqueries with an operator.
    static func combine(_ op: Operator, _ subqueries: [Query]) throws -> Query {
        let handles = subqueries.map(\.handle)
        let handle = try handles.withUnsafeBufferPointer { buffer in
            try withEngineError { eix_query_combine(op.shimValue, buffer.baseAddress, buffer.count, $0) }
        }
        return withExtendedLifetime(subqueries) { Query(handle: handle!) }
    }

    /// Documents whose value in `slot` lies between two bounds (inclusive, in
    /// byte order); a nil bound is open.
    static func valueRange(slot: UInt32, lower: [UInt8]?, upper: [UInt8]?) throws -> Query {
        func withBound<Result>(_ bytes: [UInt8]?, _ body: (UnsafePointer<CChar>?, Int) throws -> Result) rethrows -> Result {
            guard let bytes else { return try body(nil, 0) }
            return try bytes.withUnsafeBufferPointer { buffer in
                try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!, $0.count) }  // a sortable value is never empty
            }
        }
        let handle = try withBound(lower) { lowerBytes, lowerCount in
            try withBound(upper) { upperBytes, upperCount in
                try withEngineError { eix_query_value_range(slot, lowerBytes, lowerCount, upperBytes, upperCount, $0) }
            }
        }
        return Query(handle: handle!)
    }

    /// The documents indexed by any of some terms (each document's unique
    /// term, say), with no weight of their own: as a filter, it confines a
    /// search to earlier matches. Plain terms travel to remote shards as they
    /// are, where a custom posting source would not. No terms match nothing.
    static func indexed(byAnyOf terms: [String]) throws -> Query {
        try combine(.or, try terms.map { try term($0) }).scaled(by: 0)
    }

    /// A query that matches no document.
    static func matchingNothing() throws -> Query {
        try combine(.or, [])
    }

    /// The most frequent terms (at most `maximumExpansion`) that start with
    /// `prefix`, as synonyms.
    static func prefix(_ prefix: String, maximumExpansion: UInt32) throws -> Query {
        let handle = try prefix.withBytes { bytes, count in
            try withEngineError { eix_query_prefix(bytes, count, maximumExpansion, $0) }
        }
        return Query(handle: handle!)
    }

    /// This query with every match's weight multiplied by `factor`.
    func scaled(by factor: Double) throws -> Query {
        let handle = try withEngineError { eix_query_scale_weight(self.handle, factor, $0) }
        return Query(handle: handle!)
    }

    /// Xapian's description of the query, e.g. `Query((Zorbit OR Zlog))`.
    func description() throws -> String {
        try withEngineString { eix_query_description(handle, $0, $1) }
    }
}
