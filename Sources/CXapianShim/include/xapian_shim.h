/*
 * xapian_shim.h — a plain C ABI over Xapian and ICU for EntityIndex.
 *
 * Conventions:
 *  - Every object is an opaque handle created by an `eix_*_new`/`open` call and
 *    released by the matching `eix_*_free`.
 *  - Every call that can fail takes an `eix_error *` (which may be NULL). On
 *    failure the call returns -1 or NULL and fills the error with a code and a
 *    malloc'd message (Xapian's `get_description()`); release it with
 *    `eix_error_clear`. No C++ exception ever crosses this ABI.
 *  - Strings go in and out as (pointer, length); they may contain NUL bytes.
 *  - "Not found" is a result (NULL with `code == EIX_OK`), not an error.
 *  - Ownership: a call hands over what it returns (free it with the matching
 *    `eix_*_free` or `eix_string_free`) only on success; out-parameters are
 *    written only on success; on failure nothing is left for the caller to free.
 *
 * Threads:
 *  - A database handle, and every handle made from it (documents, match sets,
 *    term lists), is used by one thread at a time; separate database handles,
 *    on the same index or not, may be used by separate threads at once.
 *  - A query is not changed by use and may be shared between threads; a stemmer
 *    keeps state while it stems (Snowball) and is used by one thread at a time.
 *  - The text functions (`eix_text_*`) may be called from any thread: each thread
 *    keeps its own ICU state.
 */
#ifndef ENTITY_INDEX_XAPIAN_SHIM_H
#define ENTITY_INDEX_XAPIAN_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Pointers are non-null unless marked _Nullable. */
#pragma clang assume_nonnull begin

/* ---- Errors ------------------------------------------------------------ */

/** The kind of a failure, so callers can react (retry, report, …). */
typedef enum {
    EIX_OK = 0,
    /** A reader's snapshot was overwritten: reopen and retry. */
    EIX_ERROR_DATABASE_MODIFIED = 1,
    /** Another writer holds the database's write lock. */
    EIX_ERROR_DATABASE_LOCKED = 2,
    /** The database could not be opened (missing, unreadable, wrong format). */
    EIX_ERROR_DATABASE_OPENING = 3,
    /** The database files are damaged. */
    EIX_ERROR_DATABASE_CORRUPT = 4,
    /** An argument was invalid (a term too long, an unknown language, …). */
    EIX_ERROR_INVALID_ARGUMENT = 5,
    /** The call is not allowed in the current state (e.g. nested transaction). */
    EIX_ERROR_INVALID_OPERATION = 6,
    /** ICU could not process the text. */
    EIX_ERROR_UNICODE = 7,
    /** Any other failure (out of memory, …). */
    EIX_ERROR_OTHER = 8,
    /** Another failure reading or writing the database (I/O, an unexpected end of a file). */
    EIX_ERROR_DATABASE = 9,
    /** A remote shard could not be reached, or its connection failed or timed out. */
    EIX_ERROR_NETWORK = 10
} eix_error_code;

/** The outcome of a failed call: a code, a malloc'd, human-readable message
 *  and the operating system's error number behind it (`errno`; 0 when none). */
typedef struct eix_error {
    int code;
    char *_Nullable message;
    int system_error;
} eix_error;

/** Frees the error's message and resets it to `EIX_OK`. */
void eix_error_clear(eix_error *_Nullable error);

/** Frees a string returned by the shim. */
void eix_string_free(char *_Nullable string);

/* ---- Text (ICU) -------------------------------------------------------- */

/**
 * Splits text into normalised words: NFKC case folding, Latin accent folding
 * ("Zoë" -> "zoe", "Łukasz" -> "lukasz") and ICU's dictionary-based word
 * segmentation (Chinese and Japanese are split into words).
 * Returns the words joined by NUL bytes (malloc'd, free with
 * `eix_string_free`), with the total byte length in `out_length` and the number
 * of words in `out_count`. Returns NULL on failure; an empty text gives a
 * non-NULL empty buffer with `out_count == 0`.
 */
char *_Nullable eix_text_words(const char *text, size_t length, size_t *out_length,
                     size_t *_Nullable out_count, eix_error *_Nullable error);

/**
 * Spells text in Latin letters, as a person would type a name from another
 * script ("Ольга Петрова" -> "olga petrova", "陈静" -> "chen jing"): ICU's
 * Any-Latin and Latin-ASCII, lower-cased, split into words of letters and
 * digits only. Same output convention as `eix_text_words`.
 */
char *_Nullable eix_text_latin_words(const char *text, size_t length, size_t *out_length,
                           size_t *_Nullable out_count, eix_error *_Nullable error);

/* ---- Stemming ---------------------------------------------------------- */

typedef struct eix_stemmer eix_stemmer;

/**
 * Creates a Snowball stemmer for a language name or ISO code ("english",
 * "en", "de", …). An empty name gives a stemmer that leaves words unchanged.
 * An unknown language fails with `EIX_ERROR_INVALID_ARGUMENT`.
 */
eix_stemmer *_Nullable eix_stemmer_new(const char *language, size_t length, eix_error *_Nullable error);
void eix_stemmer_free(eix_stemmer *_Nullable stemmer);

/** Stems one word; returns a malloc'd string (free with `eix_string_free`). */
char *_Nullable eix_stemmer_stem(const eix_stemmer *stemmer, const char *word, size_t length,
                       size_t *out_length, eix_error *_Nullable error);

/* ---- Values ------------------------------------------------------------ */

/** Writes the 9-byte-or-shorter encoding of a number whose byte order is its
 *  numeric order (Xapian's `sortable_serialise`) to `out`; returns its length. */
size_t eix_sortable_serialise(double number, char out[_Nonnull 18]);

/* ---- Documents --------------------------------------------------------- */

typedef struct eix_document eix_document;

eix_document *_Nullable eix_document_new(void);
void eix_document_free(eix_document *_Nullable document);

/** Adds a term without positions (an identifier or a filter term). */
int eix_document_add_boolean_term(eix_document *document, const char *term,
                                  size_t length, eix_error *_Nullable error);

/** Adds a term without positions, with a within-document frequency (an exact
 *  value that should count towards relevance, such as an email address). */
int eix_document_add_term(eix_document *document, const char *term, size_t length,
                          uint32_t wdf, eix_error *_Nullable error);

/** Stores a value in a slot (for display fields, sorting, ranges). */
int eix_document_set_value(eix_document *document, uint32_t slot,
                           const char *_Nullable value, size_t length, eix_error *_Nullable error);

/** Reads a value slot; the pointer stays valid until the next call on this
 *  document. An empty slot gives length 0. */
const char *_Nullable eix_document_value(eix_document *document, uint32_t slot,
                               size_t *out_length, eix_error *_Nullable error);

/**
 * Indexes text, splitting and stemming it once: every word (as
 * `eix_text_words` splits it) is stemmed and added as `prefixes[i] + stem`
 * for each term prefix (the caller's layout marks stemmed terms in them), without positions (nothing searches phrases, and
 * positions cost donation time and index size). The unstemmed word is not
 * kept: nothing searches it. A number right after a word that has letters
 * ("Kestrel 4", "EVA 2") is also added as `numbered_prefix + word + " " +
 * number` when `numbered_prefix_length` is not 0 and that term has at most
 * `maximum_term_length` bytes, so that numbers tell namesakes apart. Each word adds `wdf` to its terms' within-document
 * frequency (BM25 then counts it that many times). When `out_words` is not
 * NULL it receives the words as `eix_text_words` returns them (free with
 * `eix_string_free`).
 */
int eix_document_index_text(eix_document *document, const char *text, size_t length,
                            const char *_Nullable const *_Nullable prefixes, const size_t *_Nullable prefix_lengths,
                            size_t prefix_count, const char *_Nullable numbered_prefix,
                            size_t numbered_prefix_length, size_t maximum_term_length, uint32_t wdf, const eix_stemmer *stemmer,
                            char *_Nullable *_Nullable out_words, size_t *out_length, eix_error *_Nullable error);

/* ---- Queries ----------------------------------------------------------- */

typedef struct eix_query eix_query;

/** How subqueries combine (the matching Xapian::Query operators). */
typedef enum {
    EIX_QUERY_AND = 0,
    EIX_QUERY_OR = 1,
    EIX_QUERY_AND_NOT = 2,
    EIX_QUERY_AND_MAYBE = 3,
    EIX_QUERY_FILTER = 4,
    EIX_QUERY_SYNONYM = 5
} eix_query_operator;

/** A query for one term with a within-query frequency (1 for a plain term). */
eix_query *_Nullable eix_query_term(const char *term, size_t length, uint32_t wqf,
                          eix_error *_Nullable error);

/** Combines subqueries (which stay owned by the caller) with an operator. */
eix_query *_Nullable eix_query_combine(eix_query_operator op, const eix_query *const _Nonnull *_Nullable subqueries,
                             size_t count, eix_error *_Nullable error);

/** Documents whose value in `slot` lies between the bounds (byte order,
 *  inclusive); a NULL bound is open. At least one bound must be given. */
eix_query *_Nullable eix_query_value_range(uint32_t slot, const char *_Nullable lower, size_t lower_length,
                                 const char *_Nullable upper, size_t upper_length, eix_error *_Nullable error);

/** Terms that start with `prefix` (at most `max_expansion`, the most frequent),
 *  combined as synonyms. */
eix_query *_Nullable eix_query_prefix(const char *prefix, size_t length, uint32_t max_expansion,
                            eix_error *_Nullable error);

/** Scales the weight of a query's matches by a non-negative factor. */
eix_query *_Nullable eix_query_scale_weight(const eix_query *query, double factor,
                                  eix_error *_Nullable error);

/** Xapian's description of a query (for tests and explanations). */
char *_Nullable eix_query_description(const eix_query *query, size_t *out_length,
                            eix_error *_Nullable error);
void eix_query_free(eix_query *_Nullable query);

/* ---- Databases --------------------------------------------------------- */

typedef struct eix_database eix_database;

/** Exactly some documents of a database (ids as `database` numbers them, in
 *  any order), weighing nothing: confines a search to earlier matches without
 *  a term look-up each. Local shards only (a remote one cannot run it: find
 *  documents there by their unique terms); valid for searches of `database`. */
eix_query *_Nullable eix_query_documents(const eix_database *database, const uint32_t *_Nullable docids, size_t count,
                               eix_error *_Nullable error);

/** How a database is opened. */
typedef enum {
    /** Read-only snapshot of an on-disk database; must exist. */
    EIX_OPEN_READ_ONLY = 0,
    /** Writable on-disk database, created when missing. */
    EIX_OPEN_WRITABLE = 1,
    /** Writable database that lives in memory only (path ignored). */
    EIX_OPEN_IN_MEMORY = 2
} eix_open_mode;

eix_database *_Nullable eix_database_open(const char *path, size_t length, eix_open_mode mode,
                                eix_error *_Nullable error);

/** Where a shard lives: a directory on this machine (`port` 0), or a
 *  database that `xapian-tcpsrv` serves on `name`:`port` (`--writable` for a
 *  writer). */
typedef struct eix_shard {
    const char *name;
    size_t name_length;
    uint16_t port;
} eix_shard;

/** How long a remote shard may take: to connect, and to answer each request
 *  (milliseconds); a shard that takes longer fails with `EIX_ERROR_NETWORK`. */
typedef struct eix_remote_timeouts {
    uint32_t connect;
    uint32_t request;
} eix_remote_timeouts;

/** Opens several databases as one: searches see them as a single database
 *  (Xapian combines their statistics, so scores are those of one database
 *  holding every document). Written, a document goes to the shard its unique
 *  term hashes to (64-bit FNV-1a, modulo the count); deletions, transactions
 *  and metadata apply to every shard, synonyms go to the first local one (a
 *  remote database has no synonym table). A transaction commits the shards in
 *  order: a crash between two commits leaves the first ones committed (the
 *  caller's journal replays the batch). In memory, one shard only.
 *  A remote shard that cannot be reached fails the call with
 *  `EIX_ERROR_NETWORK`, its address in the message; opened read-only with
 *  `skip_unreachable`, it is left out instead (`eix_database_shard_skipped`). */
eix_database *_Nullable eix_database_open_shards(const eix_shard *shards, size_t count, eix_open_mode mode,
                                                 eix_remote_timeouts timeouts, int skip_unreachable,
                                                 eix_error *_Nullable error);

/** 1 when the shard at `position` (as given to `eix_database_open_shards`)
 *  could not be reached and was left out, 0 otherwise. */
int eix_database_shard_skipped(const eix_database *database, size_t position);
void eix_database_free(eix_database *_Nullable database);

/** Runs Xapian's own consistency check (`Xapian::Database::check`, what
 *  xapian-check does) over the on-disk database at `path`. Returns how many
 *  problems it found (-1 on failure, with `error` set) and, in `*out_report`
 *  (malloc'd, `*out_length` bytes; free with `eix_string_free`), what it
 *  said. Only call it on a directory whose version file was checked first.
 *  The check runs in a child process (fork), so damage that makes Xapian's
 *  check itself crash fails the call as `EIX_ERROR_DATABASE_CORRUPT`. */
int64_t eix_database_check(const char *path, size_t length, char *_Nullable *_Nonnull out_report, size_t *out_length,
                           eix_error *_Nullable error);

/** Moves a reader to the latest committed revision. Returns 1 when it moved,
 *  0 when it was current, -1 on failure. */
int eix_database_reopen(eix_database *database, eix_error *_Nullable error);

/** The number of documents (-1 on failure). */
int64_t eix_database_document_count(eix_database *database, eix_error *_Nullable error);

/** The highest document id ever used (0 for none yet; -1 on failure): it
 *  changes with every document added, so a reader can tell that the index
 *  changed between two reads. */
int64_t eix_database_last_document_id(eix_database *database, eix_error *_Nullable error);

/** The number of documents indexed by a term (-1 on failure). With a remote
 *  shard, remembered until the handle's revision changes. */
int64_t eix_database_term_frequency(eix_database *database, const char *term,
                                    size_t length, eix_error *_Nullable error);

/** Atomic groups of changes on a writable database. An on-disk database is
 *  changed only inside one (the calls that change it fail with
 *  `EIX_ERROR_INVALID_OPERATION` otherwise). A committed transaction is on disk
 *  with its tables and version file synced; its directory is not (sync it to
 *  survive a power loss); a cancelled one leaves the database as it was. */
int eix_database_begin_transaction(eix_database *database, eix_error *_Nullable error);
int eix_database_commit_transaction(eix_database *database, eix_error *_Nullable error);
int eix_database_cancel_transaction(eix_database *database, eix_error *_Nullable error);

/** Adds or replaces the document whose unique `term` is given. The document
 *  must itself contain that term. */
int eix_database_replace_document(eix_database *database, const char *term,
                                  size_t length, const eix_document *document,
                                  eix_error *_Nullable error);

/** How many shards the last commit committed: all of them when it
 *  succeeded, those before the one that failed otherwise. */
int64_t eix_database_committed_shards(eix_database *database);

/** Adds or replaces several documents by their unique terms (0, or -1 on
 *  failure); with several shards, each shard's documents are written on a
 *  thread of their own. */
int eix_database_replace_documents(eix_database *database, const char *_Nullable const *_Nonnull terms,
                                   const size_t *lengths, const eix_document *_Nullable const *_Nonnull documents,
                                   size_t count, eix_error *_Nullable error);

/** Deletes every document indexed by `term`; returns how many (-1 on failure). */
int64_t eix_database_delete_documents(eix_database *database, const char *term,
                                      size_t length, eix_error *_Nullable error);

/** The id of the first document indexed by `term`, or 0 when none (-1 on failure). */
int64_t eix_database_find_docid(eix_database *database, const char *term, size_t length,
                                eix_error *_Nullable error);

/** Every document's value in `slot`, in document order, as one buffer of
 *  entries: the document id and the value's length (4 bytes each, little
 *  endian), then the value (free with `eix_string_free`; nullptr with
 *  `out_length` 0 when no document has one). Xapian streams a slot's values
 *  in chunks, far faster than reading documents one by one. */
char *_Nullable eix_database_slot_values(eix_database *database, uint32_t slot, size_t *out_length,
                                         eix_error *_Nullable error);

/** One value slot of some documents (ids a search of this snapshot returned,
 *  in any order), packed one a document in the order asked: the value's
 *  length (4 bytes, little endian), then the value, empty when unset. On
 *  local shards in one pass over the slot's value stream (a document read
 *  on its own seeks the stream afresh, about twice as slow). Free with
 *  `eix_string_free`. */
char *_Nullable eix_database_values(eix_database *database, uint32_t slot, const uint32_t *docids, size_t count,
                                    size_t *out_length, eix_error *_Nullable error);

/** The document with an id that a search of this snapshot returned (it is
 *  assumed to exist: reading a value of a missing one gives nothing). */
eix_document *_Nullable eix_database_document(eix_database *database, uint32_t docid,
                                    eix_error *_Nullable error);

/** For each of `term_count` terms and each of `docid_count` documents (ids
 *  in ascending order, each with its unique term), sets
 *  `out_present[term * docid_count + doc]` to 1 when the document contains
 *  the term. Reads the documents' term lists when they are short next to the
 *  number of terms, else the terms' posting lists. With a remote shard, where
 *  either costs a round trip a document or a term, it runs one search for
 *  every 48 terms instead, confined to the documents by their unique terms:
 *  each term weighs a power of two (`CoordWeight`), so a match's weight says
 *  which terms it holds; the unique terms may be NULL without a remote shard. */
int eix_database_postings_contain(eix_database *database, const char *_Nullable const *_Nullable terms,
                                  const size_t *_Nullable lengths, size_t term_count,
                                  const uint32_t *_Nullable docids, const char *_Nullable const *_Nullable unique_terms,
                                  const size_t *_Nullable unique_lengths, size_t docid_count,
                                  uint8_t *out_present, eix_error *_Nullable error);

/** The first document indexed by `term`, or NULL (with EIX_OK) when none. */
eix_document *_Nullable eix_database_find_document(eix_database *database, const char *term,
                                         size_t length, eix_error *_Nullable error);

/** The user metadata stored under `key`, empty when none (free with
 *  eix_string_free). */
char *_Nullable eix_database_metadata(eix_database *database, const char *key, size_t key_length,
                            size_t *out_length, eix_error *_Nullable error);

/** Stores `value` under `key` in the user metadata, committed with the
 *  current transaction (in memory, at once). */
int eix_database_set_metadata(eix_database *database, const char *key, size_t key_length,
                              const char *value, size_t value_length, eix_error *_Nullable error);

/** Records `synonym` under `term` in the database's synonym table (both
 *  unprefixed strings of the caller's choosing); repeating it changes nothing. */
int eix_database_add_synonym(eix_database *database, const char *term, size_t term_length,
                             const char *synonym, size_t synonym_length, eix_error *_Nullable error);

/* ---- Term lists -------------------------------------------------------- */

typedef struct eix_term_list eix_term_list;

/** The database's terms that start with `prefix`, in byte order. */
eix_term_list *_Nullable eix_database_terms(eix_database *database, const char *prefix,
                                  size_t length, eix_error *_Nullable error);

/** Advances to the next term: 1 and the term (valid until the next call) with
 *  its document frequency, 0 at the end, -1 on failure. */
int eix_term_list_next(eix_term_list *list, const char *_Nullable *_Nonnull out_term, size_t *out_length,
                       uint32_t *out_frequency, eix_error *_Nullable error);
void eix_term_list_free(eix_term_list *_Nullable list);

/** The synonyms recorded under `term`, in byte order, each followed by a NUL
 *  byte (free with `eix_string_free`); remembered until the handle's revision changes. */
char *_Nullable eix_database_synonyms(eix_database *database, const char *term, size_t length,
                                      size_t *out_length, eix_error *_Nullable error);

/* ---- Search ------------------------------------------------------------ */

typedef struct eix_match_set eix_match_set;

/** Runs a BM25-ranked search and returns the matches in [offset, offset+limit).
 *  `k1` and `b` are BM25's term frequency saturation and length normalisation
 *  (Xapian's defaults are 1 and 0.5). */
eix_match_set *_Nullable eix_database_search(eix_database *database, const eix_query *query,
                                   uint32_t offset, uint32_t limit, double k1, double b,
                                   eix_error *_Nullable error);

/** Runs a search whose matches are ordered by a value slot (sortable numbers
 *  order as their values), ascending or descending, ties in document order. */
eix_match_set *_Nullable eix_database_search_by_value(eix_database *database, const eix_query *query,
                                            uint32_t slot, int ascending, uint32_t offset,
                                            uint32_t limit, eix_error *_Nullable error);

/* ---- Relevance feedback ------------------------------------------------ */

typedef struct eix_expansion_set eix_expansion_set;

/**
 * The terms that best describe the given documents, weighted as Xapian's
 * expansion set weighs them (TradEWeight, the documents as the relevant set),
 * at most `count`, best first: only stemmed words of the general text —
 * `stem_prefix` then a word that does not begin with one of `prefix_initials`
 * (the caller's layout says both) — that at least two of the documents share
 * and that are not in `query`. Term frequencies are remembered until the
 * handle's revision changes.
 */
eix_expansion_set *_Nullable eix_database_feedback_terms(eix_database *database, const eix_query *query,
                                               const uint32_t *_Nullable docids, size_t documents,
                                               const char *stem_prefix, size_t stem_prefix_length,
                                               const char *prefix_initials, size_t prefix_initials_length,
                                               uint32_t count, eix_error *_Nullable error);
uint32_t eix_expansion_set_size(const eix_expansion_set *set);
/** The term at a position; valid until the set is freed. */
const char *eix_expansion_set_term(const eix_expansion_set *set, uint32_t index, size_t *out_length);
double eix_expansion_set_weight(const eix_expansion_set *set, uint32_t index);
void eix_expansion_set_free(eix_expansion_set *_Nullable set);

uint32_t eix_match_set_size(const eix_match_set *matches);
double eix_match_set_weight(const eix_match_set *matches, uint32_t index);

/** The document id at a rank. */
uint32_t eix_match_set_docid(const eix_match_set *matches, uint32_t index);

/** The document at a rank (free with `eix_document_free`). With remote
 *  shards, the first call fetches every document of the set at once. */
eix_document *_Nullable eix_match_set_document(const eix_match_set *matches, uint32_t index,
                                     eix_error *_Nullable error);
/** Reads one value slot of every match, for `eix_match_set_value`: on local
 *  shards in one pass over the slot's value stream, in document order (a
 *  document read on its own seeks the stream afresh, about twice as slow);
 *  with remote shards from the documents, fetched at once. */
int eix_match_set_read_values(eix_match_set *matches, uint32_t slot, eix_error *_Nullable error);

/** The value read at a rank by the last `eix_match_set_read_values`; empty
 *  when unset. Valid until the next read or the set is freed. */
const char *eix_match_set_value(const eix_match_set *matches, uint32_t index, size_t *out_length);

void eix_match_set_free(eix_match_set *_Nullable matches);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif /* ENTITY_INDEX_XAPIAN_SHIM_H */
