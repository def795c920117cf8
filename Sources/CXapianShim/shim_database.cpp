// Databases: opening, transactions, documents by unique term, term lists, search.
#include "shim_internal.h"

#include <algorithm>
#include <numeric>
#include <exception>
#include <thread>
#include <unordered_map>
#include <cmath>
#include <sstream>
#include <cerrno>
#include <cstring>
#include <system_error>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace {

/// The shards to begin, commit or cancel a transaction on.
std::vector<Xapian::WritableDatabase> &transactional(eix_database *database) {
    if (!database->is_writable) {
        throw Xapian::InvalidOperationError("the database was opened read-only");
    }
    database->forget_revision();  // what is about to change may change what it remembers
    return database->shards;
}

/// The shards to change: only inside a transaction on disk.
std::vector<Xapian::WritableDatabase> &writable(eix_database *database) {
    std::vector<Xapian::WritableDatabase> &shards = transactional(database);
    if (!database->is_in_memory && !database->in_transaction) {
        throw Xapian::InvalidOperationError("an on-disk database is changed only inside a transaction");
    }
    return shards;
}

/// The shard a document lives in, from its unique term: a stable hash
/// (64-bit FNV-1a), so it is the same in every process and on every machine.
size_t shard_of(const std::string &unique_term, size_t shard_count) {
    uint64_t hash = 14695981039346656037ull;
    for (unsigned char byte : unique_term) {
        hash ^= byte;
        hash *= 1099511628211ull;
    }
    return static_cast<size_t>(hash % shard_count);
}

/// A shard's address as an error names it: its directory, or tcp://HOST:PORT.
std::string address_of(const eix_shard &shard) {
    const std::string name(shard.name, shard.name_length);
    return shard.port == 0 ? name : "tcp://" + name + ":" + std::to_string(shard.port);
}

/// A read-only handle on a shard, local or served by xapian-tcpsrv.
Xapian::Database open_reader(const eix_shard &shard, eix_remote_timeouts timeouts) {
    const std::string name(shard.name, shard.name_length);
    if (shard.port == 0) return Xapian::Database(name);
    return Xapian::Remote::open(name, shard.port, timeouts.request, timeouts.connect);
}

/// A writable handle on a shard: a local one is created when missing; a remote one
/// needs `xapian-tcpsrv --writable`.
Xapian::WritableDatabase open_writer(const eix_shard &shard, eix_remote_timeouts timeouts) {
    const std::string name(shard.name, shard.name_length);
    if (shard.port == 0) return Xapian::WritableDatabase(name, Xapian::DB_CREATE_OR_OPEN);
    return Xapian::Remote::open_writable(name, shard.port, timeouts.request, timeouts.connect);
}

/// The matches of a search, remembered by a handle with remote shards for documents read by id later.
eix_match_set *remembered(eix_database &database, eix::MatchList matches) {
    if (database.has_remote) {
        constexpr size_t kept = 8;
        if (database.recent_matches.size() == kept) database.recent_matches.erase(database.recent_matches.begin());
        database.recent_matches.push_back(matches);
    }
    auto set = std::make_unique<eix_match_set>();
    set->matches = std::move(matches);
    set->fetches_in_bulk = database.has_remote;
    set->is_remote = database.has_remote;
    set->database = database.database;
    return eix::hand_over(std::move(set));
}

/// A document of one of the recent match sets of a handle with remote shards:
/// the first time one of a set's documents is read, all of them are fetched
/// at once (Xapian pipelines the requests). False when no recent set holds it.
bool recently_matched(eix_database &database, Xapian::docid docid, Xapian::Document &out) {
    auto known = database.fetched_documents.find(docid);
    if (known == database.fetched_documents.end()) {
        if (database.fetched_documents.size() > 100'000) database.fetched_documents.clear();
        for (auto set = database.recent_matches.rbegin(); set != database.recent_matches.rend(); ++set) {
            const auto &items = set->items;
            if (std::none_of(items.begin(), items.end(), [docid](const auto &item) { return item.first == docid; })) continue;
            set->fetch();
            for (const auto &[id, item] : items) database.fetched_documents.emplace(id, item.get_document());
            break;
        }
        known = database.fetched_documents.find(docid);
        if (known == database.fetched_documents.end()) return false;
    }
    out = known->second;
    return true;
}

/// A term's frequency, remembered until the handle's revision changes: feedback
/// and searches over remote shards ask for the same terms query after query,
/// and each look-up costs a B-tree descent (a round trip a remote shard).
Xapian::doccount term_frequency(eix_database &database, const std::string &term) {
    if (database.term_frequencies.size() > 1'000'000) database.term_frequencies.clear();
    auto known = database.term_frequencies.find(term);
    if (known != database.term_frequencies.end()) return known->second;
    const Xapian::doccount frequency = database.database.get_termfreq(term);
    database.term_frequencies.emplace(term, frequency);
    return frequency;
}

}  // namespace

extern "C" eix_database *eix_database_open(const char *path, size_t length,
                                           eix_open_mode mode, eix_error *error) {
    const eix_shard local{path, length, 0};
    return eix_database_open_shards(&local, 1, mode, eix_remote_timeouts{0, 0}, 0, error);
}

extern "C" eix_database *eix_database_open_shards(const eix_shard *shards, size_t count, eix_open_mode mode,
                                                  eix_remote_timeouts timeouts, int skip_unreachable, eix_error *error) {
    return eix_guard<eix_database *>(error, nullptr, [&] {
        if (count == 0 || (mode == EIX_OPEN_IN_MEMORY && count != 1)) {
            throw Xapian::InvalidArgumentError("a database has one shard or more, and one in memory");
        }
        auto handle = std::make_unique<eix_database>();
        bool has_local = false;
        for (size_t position = 0; position < count; ++position) {
            const eix_shard &shard = shards[position];
            try {
                switch (mode) {
                    case EIX_OPEN_READ_ONLY:
                        // Several databases searched as one: Xapian combines their statistics.
                        handle->parts.push_back(open_reader(shard, timeouts));
                        handle->database.add_database(handle->parts.back());
                        break;
                    case EIX_OPEN_WRITABLE:
                        handle->shards.push_back(open_writer(shard, timeouts));
                        break;
                    case EIX_OPEN_IN_MEMORY:
                        handle->shards.emplace_back(std::string(), Xapian::DB_BACKEND_INMEMORY);
                        handle->is_in_memory = true;
                        break;
                }
            } catch (const Xapian::NetworkError &e) {
                if (mode == EIX_OPEN_READ_ONLY && skip_unreachable) {
                    handle->skipped.push_back(position);
                    continue;
                }
                const char *reason = e.get_error_string();
                throw Xapian::NetworkError("shard " + std::to_string(position) + " at " + address_of(shard) + " cannot be reached: "
                                           + e.get_msg() + (reason != nullptr ? std::string(" (") + reason + ")" : std::string()));
            }
            if (shard.port != 0) {
                handle->has_remote = true;
            } else if (!has_local) {
                handle->synonym_shard = position;  // written, no shard is left out: positions are indexes
                has_local = true;
            }
        }
        if (mode != EIX_OPEN_READ_ONLY) {
            if (count == 1) {
                handle->database = handle->shards[0];
            } else {
                for (auto &shard : handle->shards) handle->database.add_database(shard);
                handle->parts.assign(handle->shards.begin(), handle->shards.end());
            }
            handle->is_writable = true;
        }
        if (handle->parts.size() == 1) handle->parts.clear();  // one shard: nothing to search shard by shard
        return eix::hand_over(std::move(handle));
    });
}

extern "C" int eix_database_shard_skipped(const eix_database *database, size_t position) {
    const auto &skipped = database->skipped;
    return std::find(skipped.begin(), skipped.end(), position) != skipped.end() ? 1 : 0;
}

extern "C" void eix_database_free(eix_database *database) {
    if (database == nullptr) return;
    // Closing commits what is pending outside a transaction, and there never is
    // anything: an on-disk database is changed only inside one (`writable`), which
    // closing cancels. Swallow any failure: no exception escapes a free.
    try { database->database.close(); } catch (...) {}
    delete database;
}

namespace {

/// Writes all of `bytes` to `descriptor`, retrying short writes; false on failure.
bool write_all(int descriptor, const void *bytes, size_t count) {
    auto *next = static_cast<const char *>(bytes);
    while (count > 0) {
        const ssize_t written = ::write(descriptor, next, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return false;
        next += written;
        count -= static_cast<size_t>(written);
    }
    return true;
}

/// What a checking child sends back: how many problems (-1: it failed, and
/// `code`/`system_error` say how), then the report or the failure's message.
struct CheckHeader {
    int64_t problems;
    int32_t code;
    int32_t system_error;
};

/// The body of the checking child: runs Xapian's check and writes its outcome
/// to `descriptor`. Never returns.
[[noreturn]] void run_check_child(const std::string &path, int descriptor) {
    // A crash here is an answer, not an event to report: die quietly, past the
    // handlers the parent installed (the Swift runtime's backtracer, sanitizers).
    for (const int fault : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) ::signal(fault, SIG_DFL);
    CheckHeader header{-1, EIX_OK, 0};
    std::string text;
    eix_error failure{EIX_OK, nullptr, 0};
    try {
        std::ostringstream report;
        header.problems = static_cast<int64_t>(Xapian::Database::check(path, 0, &report));
        text = report.str();
    } catch (...) {
        eix::capture_current_exception(&failure);
        header = CheckHeader{-1, failure.code, failure.system_error};
        if (failure.message != nullptr) text = failure.message;
    }
    const bool sent = write_all(descriptor, &header, sizeof header) && write_all(descriptor, text.data(), text.size());
    ::_exit(sent ? 0 : 1);  // no destructors, no leak check: the parent owns everything
}

}  // namespace

extern "C" int64_t eix_database_check(const char *path, size_t length, char **out_report, size_t *out_length,
                                      eix_error *error) {
    return eix_guard<int64_t>(error, -1, [&]() -> int64_t {
        // Xapian's check reads damaged tables as they are, and some damage makes it read out of
        // bounds (a flipped byte inside a termlist item kills the process with SIGSEGV in Xapian
        // 1.4.22). It therefore runs in a child process: a check that dies says the tables are
        // damaged instead of taking the caller down with it.
        const std::string directory(path, length);
        int pipe_ends[2];
        if (::pipe(pipe_ends) != 0) throw std::system_error(errno, std::generic_category(), "cannot start the check");
        const pid_t child = ::fork();
        if (child < 0) {
            const int cause = errno;
            ::close(pipe_ends[0]);
            ::close(pipe_ends[1]);
            throw std::system_error(cause, std::generic_category(), "cannot start the check");
        }
        if (child == 0) {
            ::close(pipe_ends[0]);
            run_check_child(directory, pipe_ends[1]);
        }
        ::close(pipe_ends[1]);
        std::string received;
        char buffer[65536];
        for (;;) {
            const ssize_t count = ::read(pipe_ends[0], buffer, sizeof buffer);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            received.append(buffer, static_cast<size_t>(count));
        }
        ::close(pipe_ends[0]);
        int status = 0;
        while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        if (WIFSIGNALED(status)) {
            throw Xapian::DatabaseCorruptError("Xapian's check died on signal " + std::to_string(WTERMSIG(status))
                                               + " reading the tables, which are damaged");
        }
        CheckHeader header;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || received.size() < sizeof header) {
            throw Xapian::DatabaseError("Xapian's check stopped without saying why");
        }
        std::memcpy(&header, received.data(), sizeof header);
        const std::string text = received.substr(sizeof header);
        if (header.problems < 0) {
            eix::set_error(error, header.code, text, header.system_error);
            return -1;
        }
        *out_report = eix::copy_out(text, out_length);  // written only once nothing can fail
        return header.problems;
    });
}

extern "C" int eix_database_reopen(eix_database *database, eix_error *error) {
    return eix_guard(error, -1, [&] {
        if (!database->database.reopen()) return 0;
        database->forget_revision();
        return 1;
    });
}

extern "C" int64_t eix_database_document_count(eix_database *database, eix_error *error) {
    return eix_guard<int64_t>(error, -1, [&] {
        return static_cast<int64_t>(database->database.get_doccount());
    });
}

extern "C" int64_t eix_database_last_document_id(eix_database *database, eix_error *error) {
    return eix_guard<int64_t>(error, -1, [&] {
        return static_cast<int64_t>(database->database.get_lastdocid());
    });
}

extern "C" int64_t eix_database_term_frequency(eix_database *database, const char *term,
                                               size_t length, eix_error *error) {
    return eix_guard<int64_t>(error, -1, [&] {
        const std::string key(term, length);
        // Over the network each look-up is a round trip a shard: remember them.
        return static_cast<int64_t>(database->has_remote ? term_frequency(*database, key) : database->database.get_termfreq(key));
    });
}

extern "C" int eix_database_begin_transaction(eix_database *database, eix_error *error) {
    return eix_guard(error, -1, [&] {
        auto &shards = transactional(database);
        for (size_t begun = 0; begun < shards.size(); ++begun) {
            try {
                shards[begun].begin_transaction(true);
            } catch (...) {
                for (size_t shard = 0; shard < begun; ++shard) {
                    try { shards[shard].cancel_transaction(); } catch (...) {}
                }
                throw;
            }
        }
        database->in_transaction = true;
        return 0;
    });
}

extern "C" int eix_database_commit_transaction(eix_database *database, eix_error *error) {
    return eix_guard(error, -1, [&] {
        database->in_transaction = false;  // a failed commit leaves no transaction open either
        database->committed_shards = 0;
        auto &shards = transactional(database);
        for (size_t shard = 0; shard < shards.size(); ++shard) {
            try {
                shards[shard].commit_transaction();
                database->committed_shards = shard + 1;
            } catch (...) {
                // The shards after it were not committed: cancel them (the caller's journal replays the batch).
                for (size_t rest = shard + 1; rest < shards.size(); ++rest) {
                    try { shards[rest].cancel_transaction(); } catch (...) {}
                }
                throw;
            }
            // Fault injection for the tests of a crash between two shard commits.
            if (shard + 1 < shards.size() && std::getenv("ENTITY_INDEX_CRASH_BETWEEN_SHARD_COMMITS") != nullptr) {
                std::_Exit(86);
            }
        }
        return 0;
    });
}

extern "C" int64_t eix_database_committed_shards(eix_database *database) {
    return static_cast<int64_t>(database->committed_shards);
}

extern "C" int eix_database_cancel_transaction(eix_database *database, eix_error *error) {
    return eix_guard(error, -1, [&] {
        database->in_transaction = false;
        std::exception_ptr failure;
        for (auto &shard : transactional(database)) {
            try { shard.cancel_transaction(); } catch (...) { if (!failure) failure = std::current_exception(); }
        }
        if (failure) std::rethrow_exception(failure);
        return 0;
    });
}

extern "C" int eix_database_replace_document(eix_database *database, const char *term,
                                             size_t length, const eix_document *document,
                                             eix_error *error) {
    return eix_database_replace_documents(database, &term, &length, &document, 1, error);
}

extern "C" int eix_database_replace_documents(eix_database *database, const char *const *terms, const size_t *lengths,
                                              const eix_document *const *documents, size_t count, eix_error *error) {
    return eix_guard(error, -1, [&] {
        auto &shards = writable(database);
        std::vector<std::vector<size_t>> parts(shards.size());
        for (size_t index = 0; index < count; ++index) {
            parts[shard_of(std::string(terms[index], lengths[index]), shards.size())].push_back(index);
        }
        auto write = [&](size_t shard) {
            for (size_t index : parts[shard]) {
                shards[shard].replace_document(std::string(terms[index], lengths[index]), documents[index]->document);
            }
        };
        if (shards.size() == 1) {
            write(0);
            return 0;
        }
        // Each shard on a thread of its own: its handle and its documents are used by that thread alone.
        std::vector<std::exception_ptr> failures(shards.size());
        std::vector<std::thread> threads;
        for (size_t shard = 0; shard < shards.size(); ++shard) {
            if (parts[shard].empty()) continue;
            threads.emplace_back([&, shard] {
                try { write(shard); } catch (...) { failures[shard] = std::current_exception(); }
            });
        }
        for (auto &thread : threads) thread.join();
        for (auto &failure : failures) {
            if (failure) std::rethrow_exception(failure);
        }
        return 0;
    });
}

extern "C" int64_t eix_database_delete_documents(eix_database *database, const char *term,
                                                 size_t length, eix_error *error) {
    return eix_guard<int64_t>(error, -1, [&] {
        std::string key(term, length);
        int64_t count = 0;
        for (auto &shard : writable(database)) {
            auto found = static_cast<int64_t>(shard.get_termfreq(key));
            if (found > 0) shard.delete_document(key);
            count += found;
        }
        return count;
    });
}

extern "C" eix_document *eix_database_find_document(eix_database *database,
                                                    const char *term, size_t length,
                                                    eix_error *error) {
    return eix_guard<eix_document *>(error, nullptr, [&]() -> eix_document * {
        std::string key(term, length);
        Xapian::PostingIterator posting = database->database.postlist_begin(key);
        if (posting == database->database.postlist_end(key)) return nullptr;
        auto found = std::make_unique<eix_document>();
        found->document = database->database.get_document(*posting);
        return eix::hand_over(std::move(found));
    });
}

extern "C" int64_t eix_database_find_docid(eix_database *database, const char *term,
                                           size_t length, eix_error *error) {
    return eix_guard<int64_t>(error, -1, [&]() -> int64_t {
        std::string key(term, length);
        Xapian::PostingIterator posting = database->database.postlist_begin(key);
        return posting == database->database.postlist_end(key) ? 0 : *posting;
    });
}

namespace {

/// One value slot of some documents (ids as `db` numbers them, in any order), one a
/// document, empty where unset or missing: in one pass over the slot's value stream,
/// in document order. Local shards only: a remote one would send the stream whole.
std::vector<std::string> slot_values(const Xapian::Database &db, uint32_t slot, const std::vector<Xapian::docid> &docids) {
    std::vector<std::string> values(docids.size());
    std::vector<size_t> order(docids.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return docids[a] < docids[b]; });
    auto value = db.valuestream_begin(slot);
    const auto end = db.valuestream_end(slot);
    for (size_t index : order) {
        if (value == end) break;
        value.skip_to(docids[index]);
        if (value != end && value.get_docid() == docids[index]) values[index] = *value;
    }
    return values;
}

}  // namespace

extern "C" char *eix_database_values(eix_database *database, uint32_t slot, const uint32_t *docids, size_t count,
                                     size_t *out_length, eix_error *error) {
    return eix_guard<char *>(error, nullptr, [&] {
        const std::vector<Xapian::docid> ids(docids, docids + count);
        std::vector<std::string> values;
        if (database->has_remote) {
            for (Xapian::docid docid : ids) {
                Xapian::Document document;
                try {
                    if (!recently_matched(*database, docid, document)) document = database->database.get_document(docid, Xapian::DOC_ASSUME_VALID);
                    values.push_back(document.get_value(slot));
                } catch (const Xapian::DocNotFoundError &) {
                    values.emplace_back();  // deleted since it was found: no value, as a local shard gives
                }
            }
        } else {
            values = slot_values(database->database, slot, ids);
        }
        std::string entries;
        for (const std::string &value : values) {
            for (int shift = 0; shift < 32; shift += 8) entries.push_back(static_cast<char>((value.size() >> shift) & 0xFF));
            entries += value;
        }
        return eix::copy_out(entries, out_length);
    });
}

extern "C" eix_document *eix_database_document(eix_database *database, uint32_t docid,
                                               eix_error *error) {
    return eix_guard<eix_document *>(error, nullptr, [&]() -> eix_document * {
        auto found = std::make_unique<eix_document>();
        if (database->has_remote && recently_matched(*database, docid, found->document)) return eix::hand_over(std::move(found));
        try {
            // The id came from a search of this snapshot: skip Xapian's existence
            // check, which reads the whole stored entity.
            found->document = database->database.get_document(docid, Xapian::DOC_ASSUME_VALID);
        } catch (const Xapian::DocNotFoundError &) {
            return nullptr;
        }
        return eix::hand_over(std::move(found));
    });
}

namespace {

/// `eix_database_postings_contain` by searching: one search for every 48
/// terms, confined to the documents by their unique terms, each term weighing
/// a power of two under `CoordWeight` (a present term adds its scale factor),
/// so that a match's weight, a sum of distinct powers of two a double holds
/// exactly, says which of the terms the document holds. A search costs a
/// round trip to the remote shards (sent to all of them at once), where a
/// term list or a posting list costs one each.
void searched_presence(const Xapian::Database &db, const char *const *terms, const size_t *lengths, size_t term_count,
                       const uint32_t *docids, const char *const *unique_terms, const size_t *unique_lengths,
                       size_t docid_count, std::vector<uint8_t> &present) {
    constexpr size_t terms_a_search = 48;
    std::vector<Xapian::Query> documents;
    std::unordered_map<Xapian::docid, size_t> column;
    for (size_t d = 0; d < docid_count; ++d) {
        documents.emplace_back(std::string(unique_terms[d], unique_lengths[d]));
        column.emplace(docids[d], d);
    }
    const Xapian::Query candidates(Xapian::Query::OP_OR, documents.begin(), documents.end());
    Xapian::Enquire enquire(db);
    enquire.set_weighting_scheme(Xapian::CoordWeight());
    for (size_t first = 0; first < term_count; first += terms_a_search) {
        const size_t last = std::min(term_count, first + terms_a_search);
        std::vector<Xapian::Query> weighed;
        for (size_t t = first; t < last; ++t) {
            weighed.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(std::string(terms[t], lengths[t])),
                                 std::ldexp(1.0, static_cast<int>(t - first)));
        }
        enquire.set_query(Xapian::Query(Xapian::Query::OP_FILTER, Xapian::Query(Xapian::Query::OP_OR, weighed.begin(), weighed.end()),
                                        candidates));
        const Xapian::MSet matches = enquire.get_mset(0, static_cast<Xapian::doccount>(docid_count));
        for (auto match = matches.begin(); match != matches.end(); ++match) {
            const auto found = column.find(*match);
            if (found == column.end()) continue;
            const auto held = static_cast<uint64_t>(match.get_weight());
            for (size_t t = first; t < last; ++t) {
                if ((held >> (t - first)) & 1) present[t * docid_count + found->second] = 1;
            }
        }
    }
}

}  // namespace

extern "C" int eix_database_postings_contain(eix_database *database, const char *const *terms,
                                             const size_t *lengths, size_t term_count,
                                             const uint32_t *docids, const char *const *unique_terms,
                                             const size_t *unique_lengths, size_t docid_count,
                                             uint8_t *out_present, eix_error *error) {
    return eix_guard(error, -1, [&] {
        const Xapian::Database &db = database->database;
        // Built here and copied out at the end: the caller's buffer is written only on success.
        std::vector<uint8_t> present(term_count * docid_count, 0);
        // Walking a posting list to a document costs a B-tree seek, about as
        // much as reading a few terms of a document's own term list: read the
        // documents' term lists when they are short next to the terms asked.
        constexpr double seek_cost_in_terms = 4;
        if (database->has_remote) {
            if (unique_terms == nullptr || unique_lengths == nullptr) {
                throw Xapian::InvalidArgumentError("documents on remote shards are found by their unique terms: pass them");
            }
            searched_presence(db, terms, lengths, term_count, docids, unique_terms, unique_lengths, docid_count, present);
        } else if (db.get_avlength() < seek_cost_in_terms * term_count) {
            std::vector<std::pair<std::string, size_t>> wanted;  // term, row; sorted
            for (size_t t = 0; t < term_count; ++t) wanted.emplace_back(std::string(terms[t], lengths[t]), t);
            std::sort(wanted.begin(), wanted.end());
            for (size_t d = 0; d < docid_count; ++d) {
                auto want = wanted.begin();
                Xapian::TermIterator term = db.termlist_begin(docids[d]), end = db.termlist_end(docids[d]);
                while (want != wanted.end() && term != end) {
                    const std::string &name = *term;
                    if (name < want->first) {
                        term.skip_to(want->first);
                    } else if (want->first < name) {
                        ++want;
                    } else {
                        for (; want != wanted.end() && want->first == name; ++want) present[want->second * docid_count + d] = 1;
                        ++term;
                    }
                }
            }
        } else {
          for (size_t t = 0; t < term_count; ++t) {
            std::string term(terms[t], lengths[t]);
            uint8_t *row = present.data() + t * docid_count;
            Xapian::PostingIterator posting = db.postlist_begin(term);
            Xapian::PostingIterator end = db.postlist_end(term);
            for (size_t d = 0; d < docid_count && posting != end; ++d) {
                posting.skip_to(docids[d]);
                if (posting != end && *posting == docids[d]) row[d] = 1;
            }
          }
        }
        std::copy(present.begin(), present.end(), out_present);
        return 0;
    });
}

extern "C" eix_term_list *eix_database_terms(eix_database *database, const char *prefix,
                                             size_t length, eix_error *error) {
    return eix_guard<eix_term_list *>(error, nullptr, [&] {
        std::string start(prefix, length);
        return new eix_term_list{database->database, database->database.allterms_begin(start),
                                 database->database.allterms_end(start),
                                 std::string(), false};
    });
}

extern "C" int eix_term_list_next(eix_term_list *list, const char **out_term,
                                  size_t *out_length, uint32_t *out_frequency,
                                  eix_error *error) {
    return eix_guard(error, -1, [&] {
        if (list->started) ++list->current;
        list->started = true;
        if (list->current == list->end) return 0;
        list->term = *list->current;
        // Asked of the database: the in-memory backend's term iterator reports
        // frequencies from before deletions. Out-parameters are written once nothing can fail.
        const uint32_t frequency = list->database.get_termfreq(list->term);
        *out_term = list->term.data();
        *out_length = list->term.size();
        *out_frequency = frequency;
        return 1;
    });
}

extern "C" void eix_term_list_free(eix_term_list *list) { delete list; }

extern "C" char *eix_database_synonyms(eix_database *database, const char *term, size_t length,
                                       size_t *out_length, eix_error *error) {
    return eix_guard<char *>(error, nullptr, [&] {
        // Searches ask for the same keys query after query, and each look-up costs a B-tree descent.
        std::string key(term, length);
        if (database->synonyms.size() > 1'000'000) database->synonyms.clear();
        auto known = database->synonyms.find(key);
        if (known == database->synonyms.end()) {
            std::string joined;
            for (auto synonym = database->database.synonyms_begin(key); synonym != database->database.synonyms_end(key); ++synonym) {
                joined += *synonym;
                joined.push_back('\0');
            }
            known = database->synonyms.emplace(std::move(key), std::move(joined)).first;
        }
        return eix::copy_out(known->second, out_length);
    });
}

extern "C" int eix_database_add_synonym(eix_database *database, const char *term,
                                        size_t term_length, const char *synonym,
                                        size_t synonym_length, eix_error *error) {
    return eix_guard(error, -1, [&] {
        // In the first local shard only (a remote database has no synonym table): searched as one, the shards' synonyms are merged.
        writable(database)[database->synonym_shard].add_synonym(std::string(term, term_length), std::string(synonym, synonym_length));
        return 0;
    });
}

extern "C" char *eix_database_slot_values(eix_database *database, uint32_t slot, size_t *out_length,
                                          eix_error *error) {
    return eix_guard<char *>(error, nullptr, [&] {
        std::string entries;
        auto append = [&entries](uint32_t number) {
            for (int shift = 0; shift < 32; shift += 8) entries.push_back(static_cast<char>((number >> shift) & 0xFF));
        };
        const Xapian::Database &db = database->database;
        for (auto value = db.valuestream_begin(slot); value != db.valuestream_end(slot); ++value) {
            const std::string bytes = *value;
            append(value.get_docid());
            append(static_cast<uint32_t>(bytes.size()));
            entries += bytes;
        }
        *out_length = 0;
        return entries.empty() ? static_cast<char *>(nullptr) : eix::copy_out(entries, out_length);
    });
}

extern "C" char *eix_database_metadata(eix_database *database, const char *key,
                                       size_t key_length, size_t *out_length,
                                       eix_error *error) {
    return eix_guard<char *>(error, nullptr, [&] {
        char *value = eix::copy_out(database->database.get_metadata(std::string(key, key_length)), out_length);
        return value;
    });
}

extern "C" int eix_database_set_metadata(eix_database *database, const char *key,
                                         size_t key_length, const char *value,
                                         size_t value_length, eix_error *error) {
    return eix_guard(error, -1, [&] {
        // In every shard: searched as one, metadata is read from the first.
        for (auto &shard : writable(database)) shard.set_metadata(std::string(key, key_length), std::string(value, value_length));
        return 0;
    });
}

namespace {

/// A weightless search over several shards, run shard by shard and merged. Searched as one,
/// Xapian reads every match of such a search, since the shards' documents do not come in
/// order (an AND of two name words, limit 20, over 100k entities in two shards: 0.9 ms, where
/// one database stops at its first 20 in 0.01); each shard alone stops at its first
/// `offset + limit`, and those hold the first `offset + limit` of all, as the shards searched
/// as one interleave their documents' ids: `parts[n]`'s document d is (d - 1) x count + n + 1.
eix::MatchList weightless_by_shard(eix_database &database, const Xapian::Query &query, uint32_t offset, uint32_t limit) {
    eix::MatchList merged;
    const Xapian::doccount count = database.parts.size();
    for (Xapian::doccount part = 0; part < count; ++part) {
        Xapian::Enquire enquire(database.parts[part]);
        enquire.set_query(query);
        enquire.set_docid_order(Xapian::Enquire::ASCENDING);
        merged.sets.push_back(enquire.get_mset(0, offset + limit));
        const Xapian::MSet &matches = merged.sets.back();
        for (auto item = matches.begin(); item != matches.end(); ++item) merged.items.emplace_back((*item - 1) * count + part + 1, item);
    }
    auto &items = merged.items;
    std::sort(items.begin(), items.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    items.erase(items.begin(), items.begin() + std::min<size_t>(offset, items.size()));
    if (items.size() > limit) items.resize(limit);
    return merged;
}

}  // namespace

extern "C" eix_match_set *eix_database_search(eix_database *database,
                                              const eix_query *query, uint32_t offset,
                                              uint32_t limit, double k1, double b,
                                              eix_error *error) {
    return eix_guard<eix_match_set *>(error, nullptr, [&] {
        if (query->is_weightless && !database->parts.empty()) {
            return remembered(*database, weightless_by_shard(*database, query->query, offset, limit));
        }
        Xapian::Enquire enquire(database->database);
        enquire.set_query(query->query);
        // k2 0, k3 1 and a minimum normalised length of 0.5, as Xapian's default BM25Weight has them.
        enquire.set_weighting_scheme(Xapian::BM25Weight(k1, 0, 1, b, 0.5));
        return remembered(*database, eix::MatchList(enquire.get_mset(offset, limit)));
    });
}

extern "C" eix_match_set *eix_database_search_by_value(eix_database *database,
                                                       const eix_query *query, uint32_t slot,
                                                       int ascending, uint32_t offset,
                                                       uint32_t limit, eix_error *error) {
    return eix_guard<eix_match_set *>(error, nullptr, [&] {
        Xapian::Enquire enquire(database->database);
        enquire.set_query(query->query);
        enquire.set_sort_by_value(slot, ascending == 0);
        enquire.set_docid_order(Xapian::Enquire::ASCENDING);
        return remembered(*database, eix::MatchList(enquire.get_mset(offset, limit)));
    });
}

namespace {

/// Whether a term is a stemmed word of the general text: `stem_prefix` then a
/// word, not `stem_prefix` then another prefix (one that begins with one of
/// `prefix_initials`). The caller's layout says what both are.
bool is_general_stem(const std::string &term, const std::string &stem_prefix, const std::string &prefix_initials) {
    return term.size() > stem_prefix.size() && term.compare(0, stem_prefix.size(), stem_prefix) == 0
        && prefix_initials.find(term[stem_prefix.size()]) == std::string::npos;
}

/// What the relevant documents say about one term.
struct RelevantTermStats {
    Xapian::doccount documents = 0;  // r: relevant documents holding the term
    double multiplier = 0;           // the sum over them of (k+1)·wdf / (k·length/average + wdf)
};

}  // namespace

// Xapian's expansion set, computed the way `Enquire::get_eset` does with its
// default scheme (TradEWeight, k = 1), but only for terms that at least two of
// the relevant documents share, and with one frequency look-up per term (in
// any order) rather than one per relevant document holding it. A term only
// one relevant document holds describes that document, not what they have in
// common; leaving such terms out spares most look-ups, which are most of the
// cost.
extern "C" eix_expansion_set *eix_database_feedback_terms(eix_database *database,
                                                          const eix_query *query,
                                                          const uint32_t *docids, size_t documents,
                                                          const char *stem_prefix, size_t stem_prefix_length,
                                                          const char *prefix_initials, size_t prefix_initials_length,
                                                          uint32_t count, eix_error *error) {
    return eix_guard<eix_expansion_set *>(error, nullptr, [&] {
        const std::string general(stem_prefix, stem_prefix_length), initials(prefix_initials, prefix_initials_length);
        const Xapian::Database &db = database->database;
        auto set = std::make_unique<eix_expansion_set>();
        std::vector<Xapian::docid> relevant(docids, docids + documents);
        std::sort(relevant.begin(), relevant.end());
        relevant.erase(std::unique(relevant.begin(), relevant.end()), relevant.end());
        if (relevant.size() < 2) return eix::hand_over(std::move(set));

        // Each relevant document's contribution to each of its terms, gathered by term
        // (a hash table: sorting every contribution by term cost a third of a millisecond).
        const double k = 1.0, average_length = db.get_avlength();
        std::unordered_map<std::string, RelevantTermStats> relevant_terms;
        relevant_terms.reserve(1024);
        for (Xapian::docid did : relevant) {
            const double length = db.get_doclength(did);
            for (auto term = db.termlist_begin(did); term != db.termlist_end(did); ++term) {
                std::string name = *term;
                if (!is_general_stem(name, general, initials)) continue;
                const double wdf = std::max<Xapian::termcount>(term.get_wdf(), 1);
                RelevantTermStats &entry = relevant_terms[std::move(name)];
                entry.documents += 1;
                entry.multiplier += (k + 1) * wdf / (k * length / average_length + wdf);
            }
        }
        std::vector<std::string> excluded(query->query.get_unique_terms_begin(), query->query.get_unique_terms_end());
        std::sort(excluded.begin(), excluded.end());

        const double size = db.get_doccount(), relevant_size = relevant.size();
        std::vector<std::pair<std::string, double>> &best = set->terms;
        auto heavier = [](const auto &a, const auto &b) { return a.second > b.second || (a.second == b.second && a.first < b.first); };
        for (const auto &[name, entry] : relevant_terms) {
            if (entry.documents < 2 || std::binary_search(excluded.begin(), excluded.end(), name)) continue;
            const double r = entry.documents, n = term_frequency(*database, name);
            const double without = relevant_size - r;
            const double weight = entry.multiplier * std::log((r + 0.5) * (size - n - without + 0.5) /
                                                              ((n - r + 0.5) * (without + 0.5)));
            if (weight <= 0) continue;
            best.emplace_back(name, weight);
            std::push_heap(best.begin(), best.end(), heavier);
            if (best.size() > count) {
                std::pop_heap(best.begin(), best.end(), heavier);
                best.pop_back();
            }
        }
        std::sort(best.begin(), best.end(), heavier);
        return eix::hand_over(std::move(set));
    });
}

extern "C" uint32_t eix_expansion_set_size(const eix_expansion_set *set) {
    return static_cast<uint32_t>(set->terms.size());
}

extern "C" const char *eix_expansion_set_term(const eix_expansion_set *set, uint32_t index,
                                              size_t *out_length) {
    *out_length = set->terms[index].first.size();
    return set->terms[index].first.data();
}

extern "C" double eix_expansion_set_weight(const eix_expansion_set *set, uint32_t index) {
    return set->terms[index].second;
}

extern "C" void eix_expansion_set_free(eix_expansion_set *set) { delete set; }

extern "C" uint32_t eix_match_set_size(const eix_match_set *matches) {
    return matches->matches.items.size();
}

extern "C" uint32_t eix_match_set_docid(const eix_match_set *matches, uint32_t index) {
    return matches->matches.items[index].first;
}

extern "C" double eix_match_set_weight(const eix_match_set *matches, uint32_t index) {
    return matches->matches.items[index].second.get_weight();
}

extern "C" eix_document *eix_match_set_document(const eix_match_set *matches,
                                                uint32_t index, eix_error *error) {
    return eix_guard<eix_document *>(error, nullptr, [&] {
        if (matches->fetches_in_bulk) {
            matches->matches.fetch();
            matches->fetches_in_bulk = false;
        }
        auto document = std::make_unique<eix_document>();
        document->document = matches->matches.items[index].second.get_document();
        return eix::hand_over(std::move(document));
    });
}

extern "C" int eix_match_set_read_values(eix_match_set *matches, uint32_t slot, eix_error *error) {
    return eix_guard(error, -1, [&] {
        const auto &items = matches->matches.items;
        auto &values = matches->values;
        values.assign(items.size(), std::string());
        if (matches->is_remote) {
            matches->matches.fetch();
            matches->fetches_in_bulk = false;
            for (size_t index = 0; index < items.size(); ++index) values[index] = items[index].second.get_document().get_value(slot);
            return 0;
        }
        std::vector<Xapian::docid> docids;
        for (const auto &item : items) docids.push_back(item.first);
        values = slot_values(matches->database, slot, docids);
        return 0;
    });
}

extern "C" const char *eix_match_set_value(const eix_match_set *matches, uint32_t index, size_t *out_length) {
    const std::string &value = matches->values[index];
    *out_length = value.size();
    return value.data();
}

extern "C" void eix_match_set_free(eix_match_set *matches) { delete matches; }
