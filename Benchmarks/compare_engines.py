#!/usr/bin/env python3
"""Tantivy beside Xapian, both from Python, on an `entity-index-bench --export` corpus.

Indexes the same text in both engines on one writer thread, then times the same
3-word OR queries (top 10, BM25) against each:

    apt-get install -y python3-xapian                                # Debian's binding
    /usr/bin/python3 -m venv --system-site-packages ~/venv-bench    # Debian's Python sees it
    ~/venv-bench/bin/pip install tantivy                             # PyPI
    .build/release/entity-index-bench --sizes 100000 --export /tmp/corpus.jsonl
    ~/venv-bench/bin/python Benchmarks/compare_engines.py --corpus /tmp/corpus.jsonl \\
        --json Benchmarks/results/engines-100k.json

What each engine is given:

- Text: every string value of an entity's properties, nested ones included (title,
  name, notes, body, location, tags, attendees' names and statuses, e-mail
  addresses), joined by newlines; ISO 8601 dates are left out, as EntityIndex keeps
  dates as values, not words. Each entity's id is indexed as one term and stored.
  JSON parsing and this flattening happen before either clock starts.
- Indexing: entities/s from opening the writer to the end of its one commit,
  building each engine's documents included. Tantivy's writer is forced onto one
  indexing thread with `index.writer(WRITER_HEAP, num_threads=1)` (tantivy-py's default
  heap, 128 MB); segment merges, if its merge policy asks for any, run on their own
  threads after the commit and are not timed. Xapian's writer is one thread anyway;
  it still flushes on its own every 10,000 documents (XAPIAN_FLUSH_THRESHOLD).
- Queries: `--queries` draws of 3 words (with replacement, seeded) from the corpus's
  2,000 commonest words, counted the way the benchmark builds its vocabulary
  (lower-cased runs of letters, ASCII, three letters or more). As the benchmark's
  "text" queries do for raw Xapian and SQLite FTS5, stop words are dropped unless
  nothing else is left (the list is read from EntityIndex's StopWords.swift), and
  repeated words are searched once. Each query is an OR of its words, top 10,
  every hit's stored id read back, as a search result needs.
- Latency: every query runs once on each engine to warm up, then `--rounds` rounds
  of all queries back to back per engine, the engines taking turns to go first.
  Percentiles are over every timed query (the benchmark's rule:
  sorted[min(n - 1, int(n * fraction))]), building the query object included.

Differences that remain, and that overlap@10 (the share of the two top-10 id sets
in common, averaged over the queries) reflects:

- Analysis: Tantivy's "default" tokenizer splits on anything not a letter or digit
  and lower-cases, without stemming; Xapian's TermGenerator splits its own way
  ("o'brien" stays one word) and indexes English Snowball stems only, "Z"-prefixed
  (STEM_ALL_Z, as EntityIndex does), so "stations" and "station" are one term to
  Xapian and two to Tantivy. Neither records positions (Tantivy index_option
  "freq", Xapian index_text_without_positions): nothing searches phrases.
- Ranking: Tantivy's BM25 is k1 = 1.2, b = 0.75; Xapian's BM25Weight defaults are
  k1 = 1, b = 0.5 (k3 = 1, min_normlen = 0.5). Ties at the tenth place are broken
  by each engine's own document order.
- Counting: Tantivy is asked not to count every match (`count=False`), as Xapian's
  get_mset(0, 10) does not; counting would visit every matching document.
- Both are called through Python bindings, whose per-call cost is in every figure.
  EntityIndex's own figures come from `entity-index-bench` (Swift, no Python).
"""

import argparse
import json
import random
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import tantivy
import xapian

TOP_K = 10
COMMONEST = 2_000
QUERY_WORDS = 3
WRITER_HEAP = 128_000_000
STOP_WORDS_SOURCE = Path(__file__).resolve().parent.parent / "Sources/EntityIndex/Text/StopWords.swift"
DATE = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?")
LETTERS = re.compile(r"[^\W\d_]+")


@dataclass
class EngineResult:
    """One engine's figures."""

    engine: str
    package: str
    entities_per_second: float
    index_seconds: float
    index_mib: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    timed_queries: int


def strings(value: Any) -> Iterator[str]:
    """Every string inside a property value, dates left out."""
    if isinstance(value, str):
        if not DATE.fullmatch(value):
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)


def read_corpus(path: Path) -> list[tuple[str, str]]:
    """Each entity's id and searched text, in file order."""
    entities = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                entity = json.loads(line)
                entities.append((entity["id"], "\n".join(strings(entity["properties"]))))
    return entities


def commonest_words(entities: list[tuple[str, str]]) -> list[str]:
    """The corpus's commonest words, as the benchmark counts its vocabulary."""
    counts: Counter[str] = Counter()
    for _, text in entities:
        counts.update(word for word in LETTERS.findall(text.lower()) if len(word) >= 3 and word.isascii())
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [word for word, _ in ranked[:COMMONEST]]


def stop_words() -> set[str]:
    """EntityIndex's English stop words, read from its source."""
    source = STOP_WORDS_SOURCE.read_text(encoding="utf-8")
    block = re.search(r"english: Set<String> = \[(.*?)\]", source, re.DOTALL)
    if block is None:
        sys.exit(f"no stop word list in {STOP_WORDS_SOURCE}")
    return set(re.findall(r'"([^"]+)"', block.group(1)))


def draw_queries(words: list[str], count: int, seed: int) -> list[list[str]]:
    """`count` queries of QUERY_WORDS words, stop words dropped unless nothing else is left."""
    stops = stop_words()
    chosen = random.Random(seed)
    queries = []
    for _ in range(count):
        drawn = [chosen.choice(words) for _ in range(QUERY_WORDS)]
        searched = [word for word in drawn if word not in stops] or drawn
        queries.append(list(dict.fromkeys(searched)))
    return queries


def mib(directory: Path) -> float:
    return sum(file.stat().st_size for file in directory.rglob("*") if file.is_file()) / 2**20


def build_tantivy(entities: list[tuple[str, str]], directory: Path) -> tuple[Callable[[list[str]], list[str]], float]:
    """A Tantivy index of the entities, its search, and the seconds indexing took."""
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("id", stored=True, tokenizer_name="raw", index_option="basic")
    builder.add_text_field("text", index_option="freq")
    schema = builder.build()
    directory.mkdir()
    index = tantivy.Index(schema, path=str(directory))
    start = time.perf_counter()
    writer = index.writer(WRITER_HEAP, num_threads=1)
    for identifier, text in entities:
        writer.add_document(tantivy.Document(id=identifier, text=text))
    writer.commit()
    seconds = time.perf_counter() - start
    writer.wait_merging_threads()
    index.reload()
    searcher = index.searcher()

    def search(words: list[str]) -> list[str]:
        query = tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, tantivy.Query.term_query(schema, "text", word, index_option="freq")) for word in words])
        return [searcher.doc(address)["id"][0] for _, address in searcher.search(query, TOP_K, count=False).hits]

    return search, seconds


def build_xapian(entities: list[tuple[str, str]], directory: Path) -> tuple[Callable[[list[str]], list[str]], float]:
    """A Xapian (Glass) index of the entities, its search, and the seconds indexing took."""
    stemmer = xapian.Stem("english")
    generator = xapian.TermGenerator()
    generator.set_stemmer(stemmer)
    generator.set_stemming_strategy(xapian.TermGenerator.STEM_ALL_Z)
    start = time.perf_counter()
    database = xapian.WritableDatabase(str(directory), xapian.DB_CREATE_OR_OVERWRITE)
    for identifier, text in entities:
        document = xapian.Document()
        generator.set_document(document)
        generator.index_text_without_positions(text)
        document.add_boolean_term("Q" + identifier)
        document.set_data(identifier)
        database.add_document(document)
    database.commit()
    seconds = time.perf_counter() - start
    database.close()
    enquire = xapian.Enquire(xapian.Database(str(directory)))
    enquire.set_weighting_scheme(xapian.BM25Weight())  # Xapian's default, said outright

    def search(words: list[str]) -> list[str]:
        enquire.set_query(xapian.Query(xapian.Query.OP_OR, [b"Z" + stemmer(word) for word in words]))
        return [match.document.get_data().decode() for match in enquire.get_mset(0, TOP_K)]

    return search, seconds


def percentile(sorted_ms: list[float], fraction: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(len(sorted_ms) * fraction))]


def time_queries(engines: dict[str, Callable[[list[str]], list[str]]], queries: list[list[str]],
                 rounds: int) -> dict[str, list[float]]:
    """Every timed query's milliseconds per engine, after one warm-up pass each."""
    for search in engines.values():
        for words in queries:
            search(words)
    timings: dict[str, list[float]] = {name: [] for name in engines}
    names = list(engines)
    for number in range(rounds):
        for name in names if number % 2 == 0 else reversed(names):
            search = engines[name]
            for words in queries:
                start = time.perf_counter_ns()
                search(words)
                timings[name].append((time.perf_counter_ns() - start) / 1e6)
    return timings


def overlap_at_k(first: list[str], second: list[str]) -> float:
    larger = max(len(first), len(second))
    return 1.0 if larger == 0 else len(set(first) & set(second)) / larger


def markdown(results: list[EngineResult], overlap: float, queries: int, entities: int) -> str:
    lines = [
        f"| {entities:,} entities | entities/s, one writer thread | p50 ms | p95 | p99 | on disk MiB |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    lines += [f"| {result.engine} ({result.package}) | {result.entities_per_second:,.0f} | {result.p50_ms:.3f} | "
              f"{result.p95_ms:.3f} | {result.p99_ms:.3f} | {result.index_mib:.1f} |" for result in results]
    lines.append(f"\noverlap@{TOP_K} between the two engines' results, mean over {queries:,} queries: {overlap:.3f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, required=True, help="an `entity-index-bench --export` JSON Lines file")
    parser.add_argument("--queries", type=int, default=1000, help="3-word OR queries to draw (default 1000)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the query draw (default 7)")
    parser.add_argument("--rounds", type=int, default=5, help="timed passes over the queries per engine (default 5)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    options = parser.parse_args()

    entities = read_corpus(options.corpus)
    queries = draw_queries(commonest_words(entities), options.queries, options.seed)
    workspace = Path(tempfile.mkdtemp(prefix="compare-engines-"))
    try:
        built = {"Tantivy": build_tantivy(entities, workspace / "tantivy"),
                 "Xapian": build_xapian(entities, workspace / "xapian")}
        engines = {name: search for name, (search, _) in built.items()}
        timings = time_queries(engines, queries, options.rounds)
        packages = {"Tantivy": f"PyPI tantivy {version('tantivy')}",
                    "Xapian": f"python3-xapian {xapian.version_string()}"}
        results = []
        for name, (_, seconds) in built.items():
            ordered = sorted(timings[name])
            results.append(EngineResult(
                engine=name, package=packages[name], entities_per_second=len(entities) / seconds,
                index_seconds=seconds, index_mib=mib(workspace / name.lower()), p50_ms=percentile(ordered, 0.5),
                p95_ms=percentile(ordered, 0.95), p99_ms=percentile(ordered, 0.99), timed_queries=len(ordered)))
        overlaps = [overlap_at_k(engines["Tantivy"](words), engines["Xapian"](words)) for words in queries]
    finally:
        shutil.rmtree(workspace, ignore_errors=True)

    overlap = sum(overlaps) / len(overlaps)
    print(markdown(results, overlap, len(queries), len(entities)))
    if options.json:
        options.json.write_text(json.dumps({
            "command": " ".join(sys.argv),
            "corpus": str(options.corpus),
            "entities": len(entities),
            "queries": len(queries),
            "seed": options.seed,
            "rounds": options.rounds,
            "top_k": TOP_K,
            "engines": [asdict(result) for result in results],
            f"overlap_at_{TOP_K}": overlap,
        }, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
