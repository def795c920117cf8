// Internal helpers shared by the shim's C++ files: handle structs and the one
// place where C++ exceptions become `eix_error` values.
#ifndef ENTITY_INDEX_SHIM_INTERNAL_H
#define ENTITY_INDEX_SHIM_INTERNAL_H

#include "xapian_shim.h"

#include <xapian.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

struct eix_stemmer {
    Xapian::Stem stem;
};

struct eix_document {
    Xapian::Document document;
    std::string value;  // cache behind eix_document_value
};

struct eix_query {
    Xapian::Query query;
    /// Whether no match can weigh anything (scaled by 0, a value range, or built only of
    /// such): its matches come in document order, and a search may stop at the first N.
    bool is_weightless = false;
};

namespace eix {

/// The matches of one search, in order, each with its document id as every shard searched
/// as one numbers it: from one match set (the shards as one), or merged from one a shard
/// (a weightless search, which each shard stops early; see `eix_database_search`).
struct MatchList {
    std::vector<Xapian::MSet> sets;
    std::vector<std::pair<Xapian::docid, Xapian::MSetIterator>> items;

    MatchList() = default;
    /// The matches of one match set of the shards as one.
    explicit MatchList(Xapian::MSet set) {
        items.reserve(set.size());
        for (auto item = set.begin(); item != set.end(); ++item) items.emplace_back(*item, item);
        sets.push_back(std::move(set));
    }

    /// Reads every document at once: one request to each remote shard rather than one a document.
    void fetch() const {
        for (const auto &set : sets) set.fetch();
    }
};

}  // namespace eix

struct eix_database {
    Xapian::Database database;           // the handle every read goes through (all shards as one)
    /// With several shards, each on its own (sharing `database`'s handles, so reopened with it),
    /// in the order `database` numbers their documents: a weightless search runs shard by shard.
    std::vector<Xapian::Database> parts;
    /// The shards written to, one for an unsharded database; empty when opened read-only.
    std::vector<Xapian::WritableDatabase> shards;
    bool is_writable = false;
    /// Whether it lives in memory only (Xapian's in-memory backend has no transactions).
    bool is_in_memory = false;
    /// Whether a transaction is open: an on-disk database is changed only inside one,
    /// so that closing it (which commits what is pending) never commits anything.
    bool in_transaction = false;
    /// How many shards the last commit committed (all of them when it succeeded).
    size_t committed_shards = 0;
    /// The shard that keeps the synonyms: the first local one (a remote database has no synonym table).
    size_t synonym_shard = 0;
    /// Whether any shard is remote: then every term list read costs a round trip.
    bool has_remote = false;
    /// The positions of remote shards left out because they could not be reached.
    std::vector<size_t> skipped;
    /// Term frequencies looked up for relevance feedback, valid for the
    /// revision this handle reads: cleared by every change made through it
    /// and whenever a reopen finds a newer revision.
    std::unordered_map<std::string, Xapian::doccount> term_frequencies;
    /// The synonyms read under each key (each followed by a NUL byte), valid
    /// and forgotten as the term frequencies are.
    std::unordered_map<std::string, std::string> synonyms;
    /// With remote shards: the last match sets searched, so that a document
    /// read by id that one of them holds comes with all of that set's
    /// documents (one request a shard rather than one a document), and the
    /// documents so fetched. Forgotten with the term frequencies.
    std::vector<eix::MatchList> recent_matches;
    std::unordered_map<Xapian::docid, Xapian::Document> fetched_documents;

    /// Forgets what was remembered of the revision it reads.
    void forget_revision() {
        term_frequencies.clear();
        synonyms.clear();
        recent_matches.clear();
        fetched_documents.clear();
    }
};

struct eix_term_list {
    Xapian::Database database;
    Xapian::TermIterator current;
    Xapian::TermIterator end;
    std::string term;  // cache behind eix_term_list_next
    bool started;
};

struct eix_match_set {
    eix::MatchList matches;
    /// Whether its documents are fetched all at once on first use (from remote shards).
    mutable bool fetches_in_bulk = false;
    /// Whether it comes from remote shards, whose value streams travel whole.
    bool is_remote = false;
    /// The handle searched, whose value streams `eix_match_set_read_values` reads.
    Xapian::Database database;
    /// The values `eix_match_set_read_values` read, one a match.
    std::vector<std::string> values;
};

struct eix_expansion_set {
    std::vector<std::pair<std::string, double>> terms;
};

namespace eix {

/// An ICU failure (reported as `EIX_ERROR_UNICODE`).
struct UnicodeError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Copies bytes into a malloc'd, NUL-terminated buffer for a C caller, its
/// length in `*out_length` (if given); throws `std::bad_alloc` when memory runs out.
/// The one way a result string leaves the shim.
char *copy_out(const std::string &value, size_t *out_length);

/// Hands an object built under `std::unique_ptr` to a C caller: call it last,
/// so that a throw anywhere before frees the object instead of leaking it.
template <class T>
T *hand_over(std::unique_ptr<T> owned) { return owned.release(); }

/// Records a failure in `error` (which may be NULL).
void set_error(eix_error *error, int code, const std::string &message, int system_error = 0);

/// Splits text into normalised words, each followed by a NUL byte; returns the count.
size_t split_words(const char *text, size_t length, std::string &out);

/// Maps the exception being handled to an error code and message.
void capture_current_exception(eix_error *error);

}  // namespace eix

/// Runs `body`, turning any exception into an `eix_error` and `failure`.
template <typename Result, typename Body>
Result eix_guard(eix_error *error, Result failure, Body body) {
    try {
        return body();
    } catch (...) {
        eix::capture_current_exception(error);
        return failure;
    }
}

#endif
