#!/usr/bin/python3
"""How fast Xapian itself indexes an EntityIndex index's documents, and without what.

Re-adds every document of an index to a fresh Glass database through python3-xapian,
the way EntityIndex donates (replace by unique term, one committed transaction per
batch of 1,000), with the documents built before the clock starts. Each variant leaves
part of the layout out, to show what the writer's time goes on:

    make build
    .build/release/entity-index-bench --sizes 100000 --export /tmp/corpus.jsonl
    .build/release/entity-index --index /tmp/corpus.index donate /tmp/corpus.jsonl
    /usr/bin/python3 Scripts/xapian_indexing_ceiling.py /tmp/corpus.index

Needs Debian's python3-xapian (hence /usr/bin/python3).
"""
import argparse
import shutil
import tempfile
import time

import xapian

PROPERTY_PREFIX = b"ZXP"  # IndexLayout.propertyPrefix under the stemmed-term "Z"
VARIANTS = {
    "as EntityIndex writes them": dict(property_terms=True, values=True),
    "without per-property terms": dict(property_terms=False, values=True),
    "without stored values (entity, record, dates)": dict(property_terms=True, values=False),
    "neither": dict(property_terms=False, values=False),
}


def read_documents(path, limit):
    """Each document's terms (with wdf), values and unique term."""
    database = xapian.Database(path)
    documents = []
    for posting in database.postlist(""):
        document = database.get_document(posting.docid)
        terms = [(item.term, item.wdf) for item in document.termlist()]
        values = [(item.num, item.value) for item in document.values()]
        unique = next(term for term, _ in terms if term.startswith(b"Q"))
        documents.append((unique, terms, values))
        if len(documents) == limit:
            break
    return documents


def build(documents, property_terms, values):
    built = []
    for unique, terms, slots in documents:
        document = xapian.Document()
        for term, wdf in terms:
            if not property_terms and term.startswith(PROPERTY_PREFIX):
                continue
            if wdf == 0:
                document.add_boolean_term(term)
            else:
                document.add_term(term, wdf)
        if values:
            for slot, value in slots:
                document.add_value(slot, value)
        built.append((unique, document))
    return built


def documents_per_second(built, batch):
    directory = tempfile.mkdtemp(prefix="xapian-ceiling-")
    try:
        database = xapian.WritableDatabase(directory, xapian.DB_CREATE_OR_OVERWRITE)
        start = time.perf_counter()
        for first in range(0, len(built), batch):
            database.begin_transaction(True)
            for unique, document in built[first:first + batch]:
                database.replace_document(unique, document)
            database.commit_transaction()
        elapsed = time.perf_counter() - start
        database.close()
        return len(built) / elapsed
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("index", help="an EntityIndex index directory")
    parser.add_argument("--limit", type=int, default=0, help="re-add only the first N documents (0, the default: all)")
    parser.add_argument("--batch", type=int, default=1000, help="documents a committed transaction")
    arguments = parser.parse_args()

    documents = read_documents(arguments.index, arguments.limit)
    print(f"{len(documents)} documents, batches of {arguments.batch}")
    for name, variant in VARIANTS.items():
        rate = documents_per_second(build(documents, **variant), arguments.batch)
        print(f"{rate:9,.0f} documents/s  {name}")


if __name__ == "__main__":
    main()
