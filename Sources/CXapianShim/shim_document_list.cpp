// A query for documents given by id: what confines a search to earlier matches
// on local databases without looking up a term for each of them.
#include "shim_internal.h"

#include <xapian/postingsource.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace {

/// Exactly some documents, weighing nothing. Over several shards Xapian gives
/// each shard a clone and that shard's own database, and numbers documents as
/// the shards searched as one do (shard n's d is (d-1)·count+n+1): a clone finds
/// its shard among the handle's parts and keeps the documents that are its own.
class DocumentList final : public Xapian::PostingSource {
public:
    DocumentList(std::shared_ptr<const std::vector<Xapian::docid>> documents, std::vector<Xapian::Database> parts)
        : documents(std::move(documents)), parts(std::move(parts)) {}

    Xapian::PostingSource *clone() const override { return new DocumentList(documents, parts); }

    void init(const Xapian::Database &database) override {
        const Xapian::doccount count = parts.empty() ? 1 : static_cast<Xapian::doccount>(parts.size());
        Xapian::doccount shard = 0;
        if (count > 1) {
            const auto same = [&](const Xapian::Database &part) {
                return part.internal.size() == 1 && database.internal.size() == 1
                    && part.internal[0].get() == database.internal[0].get();
            };
            const auto found = std::find_if(parts.begin(), parts.end(), same);
            if (found == parts.end()) {
                throw Xapian::InvalidOperationError("a list of documents was searched in a database it was not made for");
            }
            shard = static_cast<Xapian::doccount>(found - parts.begin());
        }
        own.clear();
        for (const Xapian::docid document : *documents) {
            if ((document - 1) % count == shard) own.push_back((document - 1) / count + 1);
        }
        at = 0;
        started = false;
    }

    Xapian::doccount get_termfreq_min() const override { return static_cast<Xapian::doccount>(own.size()); }
    Xapian::doccount get_termfreq_est() const override { return static_cast<Xapian::doccount>(own.size()); }
    Xapian::doccount get_termfreq_max() const override { return static_cast<Xapian::doccount>(own.size()); }

    void next(double) override {
        if (started) ++at;
        started = true;
    }

    void skip_to(Xapian::docid document, double) override {
        started = true;
        at = static_cast<size_t>(std::lower_bound(own.begin() + static_cast<std::ptrdiff_t>(std::min(at, own.size())), own.end(), document)
                                 - own.begin());
    }

    bool at_end() const override { return at >= own.size(); }
    Xapian::docid get_docid() const override { return own[at]; }

private:
    std::shared_ptr<const std::vector<Xapian::docid>> documents;  // ascending, as the handle numbers them
    std::vector<Xapian::Database> parts;                           // the handle's shards; empty for one database
    std::vector<Xapian::docid> own;                                // this shard's, as it numbers them
    size_t at = 0;
    bool started = false;
};

}  // namespace

extern "C" eix_query *eix_query_documents(const eix_database *database, const uint32_t *docids, size_t count,
                                          eix_error *error) {
    return eix_guard<eix_query *>(error, nullptr, [&] {
        if (database->has_remote) {
            throw Xapian::InvalidArgumentError("a remote shard cannot run a list of documents: find them by their unique terms");
        }
        auto documents = std::make_shared<std::vector<Xapian::docid>>(docids, docids + count);
        std::sort(documents->begin(), documents->end());
        documents->erase(std::unique(documents->begin(), documents->end()), documents->end());
        auto *source = new DocumentList(std::move(documents), database->parts);
        return new eix_query{Xapian::Query(source->release()), true};
    });
}
