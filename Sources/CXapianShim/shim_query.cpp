// Queries built term by term, so the caller controls analysis and weighting.
#include "shim_internal.h"

#include <vector>

namespace {

Xapian::Query::op xapian_operator(eix_query_operator op) {
    switch (op) {
        case EIX_QUERY_AND: return Xapian::Query::OP_AND;
        case EIX_QUERY_OR: return Xapian::Query::OP_OR;
        case EIX_QUERY_AND_NOT: return Xapian::Query::OP_AND_NOT;
        case EIX_QUERY_AND_MAYBE: return Xapian::Query::OP_AND_MAYBE;
        case EIX_QUERY_FILTER: return Xapian::Query::OP_FILTER;
        case EIX_QUERY_SYNONYM: return Xapian::Query::OP_SYNONYM;
    }
    throw Xapian::InvalidArgumentError("unknown query operator");
}

}  // namespace

extern "C" eix_query *eix_query_term(const char *term, size_t length, uint32_t wqf,
                                     eix_error *error) {
    return eix_guard<eix_query *>(error, nullptr, [&] {
        return new eix_query{Xapian::Query(std::string(term, length), wqf)};
    });
}

extern "C" eix_query *eix_query_combine(eix_query_operator op,
                                        const eix_query *const *subqueries, size_t count,
                                        eix_error *error) {
    return eix_guard<eix_query *>(error, nullptr, [&] {
        std::vector<Xapian::Query> parts;
        parts.reserve(count);
        bool every_part_weightless = true;
        for (size_t i = 0; i < count; ++i) {
            parts.push_back(subqueries[i]->query);
            every_part_weightless = every_part_weightless && subqueries[i]->is_weightless;
        }
        // A filter's and an exclusion's later parts add no weight: the first part says.
        const bool only_first_weighs = op == EIX_QUERY_FILTER || op == EIX_QUERY_AND_NOT;
        const bool weightless = only_first_weighs && count > 0 ? subqueries[0]->is_weightless : every_part_weightless;
        return new eix_query{Xapian::Query(xapian_operator(op), parts.begin(), parts.end()), weightless};
    });
}

extern "C" eix_query *eix_query_value_range(uint32_t slot, const char *lower,
                                            size_t lower_length, const char *upper,
                                            size_t upper_length, eix_error *error) {
    return eix_guard<eix_query *>(error, nullptr, [&] {
        // A value range weighs nothing.
        if (lower != nullptr && upper != nullptr) {
            return new eix_query{Xapian::Query(Xapian::Query::OP_VALUE_RANGE, slot,
                                               std::string(lower, lower_length),
                                               std::string(upper, upper_length)), true};
        }
        if (lower != nullptr) {
            return new eix_query{Xapian::Query(Xapian::Query::OP_VALUE_GE, slot,
                                               std::string(lower, lower_length)), true};
        }
        if (upper != nullptr) {
            return new eix_query{Xapian::Query(Xapian::Query::OP_VALUE_LE, slot,
                                               std::string(upper, upper_length)), true};
        }
        throw Xapian::InvalidArgumentError("a value range needs at least one bound");
    });
}

extern "C" eix_query *eix_query_prefix(const char *prefix, size_t length,
                                       uint32_t max_expansion, eix_error *error) {
    return eix_guard<eix_query *>(error, nullptr, [&] {
        return new eix_query{Xapian::Query(Xapian::Query::OP_WILDCARD, std::string(prefix, length),
                                           max_expansion,
                                           Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT,
                                           Xapian::Query::OP_SYNONYM)};
    });
}

extern "C" eix_query *eix_query_scale_weight(const eix_query *query, double factor,
                                             eix_error *error) {
    return eix_guard<eix_query *>(error, nullptr, [&] {
        return new eix_query{Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, query->query, factor),
                             factor == 0 || query->is_weightless};
    });
}

extern "C" char *eix_query_description(const eix_query *query, size_t *out_length,
                                       eix_error *error) {
    return eix_guard<char *>(error, nullptr, [&]() -> char * {
        char *result = eix::copy_out(query->query.get_description(), out_length);
        return result;
    });
}

extern "C" void eix_query_free(eix_query *query) { delete query; }
