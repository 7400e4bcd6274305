//! The sequence tagger: a linear-chain conditional random field that reads a memory word by word
//! and marks the feelings, activities, things and life periods in it (one label per type, O for
//! the rest), from each word, its shape, the lexicon kinds it belongs to and the words around it. It finds phrases no lexicon lists. Its spans reach the content model (`src/model.rs`) as
//! candidates beside the lexicons' words, and as a feature of those words: the model decides, and
//! its margin is the confidence.
//!
//! `train.sh` fits it with the `crfs` crate (a Rust port of CRFsuite: L-BFGS with an L1 and an L2
//! penalty) and writes its weights to `data/model/tagger.tsv`, which the crate embeds. Tagging is
//! done here, not by `crfs`: the weights are indexed by word hash, so a known word costs one
//! lookup (an unknown one four, with its affixes) instead of one per feature.

use std::hash::Hasher;
use std::sync::LazyLock;

use crate::EntityType;
use crate::fxhash::{FxHasher, FxMap};

#[cfg(feature = "train")]
mod fit;
#[cfg(feature = "train")]
pub use fit::train;

/// What the tagger reads of one token: its folded word and its flags (bits of [`FLAGS`]).
#[derive(Debug, Clone, Copy)]
pub struct TokenView<'t> {
    pub word: &'t str,
    pub flags: u64,
}

/// The yes/no features of a token, by bit.
pub const FLAGS: [&str; 36] = [
    "cap",
    "upper",
    "digit",
    "start",
    "title",
    "comma-before",
    "lang=en",
    "lang=fr",
    // The lexicon kinds covering the token, beginning at it, covering the one before and after.
    "k=emotion",
    "k=activity",
    "k=object",
    "k=period",
    "k=kin",
    "k=place",
    "k=block",
    "kb=emotion",
    "kb=activity",
    "kb=object",
    "kb=period",
    "kb=kin",
    "kb=place",
    "kb=block",
    "k-1=emotion",
    "k-1=activity",
    "k-1=object",
    "k-1=period",
    "k-1=kin",
    "k-1=place",
    "k-1=block",
    "k+1=emotion",
    "k+1=activity",
    "k+1=object",
    "k+1=period",
    "k+1=kin",
    "k+1=place",
    "k+1=block",
];

/// The bit of a flag of [`FLAGS`].
pub fn flag(name: &str) -> u64 {
    FLAGS.iter().position(|f| *f == name).map_or(0, |i| 1 << i)
}

/// Features of one word, by where the word stands: the token itself, one or two before it, one or
/// two after it.
const WORD_TEMPLATES: [&str; 5] = ["w", "w-1", "w-2", "w+1", "w+2"];
/// Features of the token's own word's letters.
const AFFIX_TEMPLATES: [&str; 3] = ["s3", "s2", "p3"];
const BEFORE: &str = "<s>";
const AFTER: &str = "</s>";

/// The word at `i` (or the edge marks past either end).
fn word_at<'t>(toks: &[TokenView<'t>], i: isize) -> &'t str {
    if i < 0 { BEFORE } else { toks.get(i as usize).map_or(AFTER, |t| t.word) }
}

/// The last `k` characters of a word and its first three.
fn affixes(w: &str) -> [&str; 3] {
    let suffix = |k: usize| w.char_indices().rev().nth(k - 1).map_or(w, |(at, _)| &w[at..]);
    let prefix = w.char_indices().nth(3).map_or(w, |(at, _)| &w[..at]);
    [suffix(3), suffix(2), prefix]
}

/// Every feature of token `i`, as the names the model is trained on.
pub fn attributes(toks: &[TokenView<'_>], i: usize) -> Vec<String> {
    let ii = i as isize;
    let w = toks[i].word;
    let mut names = Vec::with_capacity(24);
    for (t, at) in WORD_TEMPLATES.iter().zip([ii, ii - 1, ii - 2, ii + 1, ii + 2]) {
        names.push(format!("{t}={}", word_at(toks, at)));
    }
    for (t, a) in AFFIX_TEMPLATES.iter().zip(affixes(w)) {
        names.push(format!("{t}={a}"));
    }
    for (bit, name) in FLAGS.iter().enumerate() {
        if toks[i].flags & (1 << bit) != 0 {
            names.push(name.to_string());
        }
    }
    names
}

/// The label of a token inside a mention of `ty` (the type's name; [`OUTSIDE`] for the types the
/// tagger does not mark). Two mentions of one type side by side read as one: rare in a memory,
/// and five labels instead of nine (a B and an I per type) make the Viterbi pass three times
/// shorter.
pub fn label(ty: EntityType) -> &'static str {
    if TYPES.contains(&ty) { ty.as_str() } else { OUTSIDE }
}

/// The label of a token outside any mention.
pub const OUTSIDE: &str = "O";

/// The types the tagger marks.
pub const TYPES: [EntityType; 4] =
    [EntityType::Emotion, EntityType::Activity, EntityType::Object, EntityType::LifePeriod];

/// The mentions of a label sequence: first token, last token, type.
pub fn spans<S: AsRef<str>>(tags: &[S]) -> Vec<(usize, usize, EntityType)> {
    let mut out: Vec<(usize, usize, EntityType)> = Vec::new();
    for (i, tag) in tags.iter().enumerate() {
        let Some(ty) = TYPES.into_iter().find(|t| t.as_str() == tag.as_ref()) else { continue };
        match out.last_mut() {
            Some((_, b, t)) if *t == ty && *b + 1 == i => *b = i,
            _ => out.push((i, i, ty)),
        }
    }
    out
}

/// The rows of weights (one per label) a word brings, by where it stands relative to the token
/// scored ([`WORD_TEMPLATES`]), and the hashes of its affixes, while the file is read.
#[derive(Debug, Default, Clone, Copy)]
struct WordRows {
    at: [Option<u32>; WORD_TEMPLATES.len()],
    affixes: [u64; AFFIX_TEMPLATES.len()],
}

/// The hash a word or an affix is indexed under: no string is compared or
/// hashed twice while tagging.
fn hash_str(s: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(s.as_bytes());
    h.finish()
}

/// The key of an affix feature: its template and the affix's hash.
fn key(template: usize, affix: u64) -> u64 {
    let mut h = FxHasher::default();
    h.write_usize(template);
    h.write_u64(affix);
    h.finish()
}

/// A trained tagger, indexed for tagging.
#[derive(Debug, Default)]
pub struct Tagger {
    labels: Vec<String>,
    /// `trans[from * L + to]`.
    trans: Vec<f32>,
    /// Weights, one row of L per feature.
    rows: Vec<f32>,
    /// By word hash, the index of its block in `blocks`.
    words: FxMap<u64, u32>,
    /// Each known word's weights, one row of L per template of [`WORD_TEMPLATES`] side by side
    /// (zeros where it has none), so that a word's weights are read from one place.
    blocks: Vec<f32>,
    /// By [`key`].
    affixes: FxMap<u64, u32>,
    flags: Vec<Option<u32>>,
}

static TEXT: &str = include_str!("../data/model/tagger.tsv");

/// The shipped tagger, read once per process (empty when the file holds no weights).
pub static SHIPPED: LazyLock<Tagger> = LazyLock::new(|| Tagger::parse(TEXT));

impl Tagger {
    /// Reads `tagger.tsv`: `#` comments, a `labels` line, a `trans` line per label (the weights to
    /// every label), then one line per feature: its name and its weight for every label.
    pub fn parse(text: &str) -> Tagger {
        let mut t = Tagger { flags: vec![None; FLAGS.len()], ..Tagger::default() };
        let mut word_rows: FxMap<u64, WordRows> = FxMap::default();
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let mut cols = line.split('\t');
            let Some(name) = cols.next() else { continue };
            if name == "labels" {
                if t.labels.is_empty() {
                    t.labels = cols.map(str::to_string).collect();
                }
                continue;
            }
            let weights: Vec<f32> = cols.map(|c| c.parse().unwrap_or(0.0)).collect();
            if t.labels.is_empty() || weights.len() != t.labels.len() {
                continue;
            }
            if name == "trans" {
                t.trans.extend(weights);
                continue;
            }
            let row = t.push_row(&weights);
            t.index(name, row, &mut word_rows);
        }
        let l = t.labels.len();
        if l == 0 || t.trans.len() != l * l {
            return Tagger::default();
        }
        // Each known word's block: its own row plus its affixes' rows, then its rows as a
        // neighbour; in hash order, so that the same file always gives the same tagger.
        let mut known: Vec<(u64, WordRows)> = word_rows.into_iter().collect();
        known.sort_unstable_by_key(|k| k.0);
        for (h, rows) in known {
            let mut own = vec![0.0_f32; l];
            let parts = std::iter::once(rows.at[0])
                .chain(rows.affixes.iter().enumerate().map(|(k, &a)| t.affixes.get(&key(k, a)).copied()));
            for r in parts.flatten() {
                own.iter_mut().zip(&t.rows[r as usize * l..(r as usize + 1) * l]).for_each(|(s, w)| *s += w);
            }
            let block = (t.blocks.len() / (l * WORD_TEMPLATES.len())) as u32;
            t.blocks.extend(own);
            for r in &rows.at[1..] {
                match r {
                    Some(r) => t.blocks.extend_from_slice(&t.rows[*r as usize * l..(*r as usize + 1) * l]),
                    None => t.blocks.extend(std::iter::repeat_n(0.0, l)),
                }
            }
            t.words.insert(h, block);
        }
        t
    }

    fn push_row(&mut self, weights: &[f32]) -> u32 {
        let row = (self.rows.len() / self.labels.len().max(1)) as u32;
        self.rows.extend_from_slice(weights);
        row
    }

    /// Files a feature's row under its word (in `word_rows`, until every line is read), affix or flag.
    fn index(&mut self, name: &str, row: u32, word_rows: &mut FxMap<u64, WordRows>) {
        let Some((template, value)) = name.split_once('=').filter(|_| !FLAGS.contains(&name)) else {
            if let Some(bit) = FLAGS.iter().position(|f| *f == name) {
                self.flags[bit] = Some(row);
            }
            return;
        };
        if let Some(k) = WORD_TEMPLATES.iter().position(|t| *t == template) {
            let rows = word_rows.entry(hash_str(value)).or_default();
            rows.at[k] = Some(row);
            rows.affixes = affixes(value).map(hash_str);
        } else if let Some(k) = AFFIX_TEMPLATES.iter().position(|t| *t == template) {
            self.affixes.insert(key(k, hash_str(value)), row);
        }
    }

    /// Whether the tagger has weights (an empty file tags nothing).
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Each token's score for each label: the sum of its features' weights.
    fn scores(&self, toks: &[TokenView<'_>]) -> Vec<f32> {
        let l = self.labels.len();
        let n = toks.len();
        let mut out = vec![0.0_f32; n * l];
        let hashes: Vec<u64> = toks.iter().map(|t| hash_str(t.word)).collect();
        let width = l * WORD_TEMPLATES.len();
        let block = |h: &u64| self.words.get(h).map(|&b| &self.blocks[b as usize * width..(b as usize + 1) * width]);
        let blocks: Vec<Option<&[f32]>> = hashes.iter().map(block).collect();
        let (before, after) = (hash_str(BEFORE), hash_str(AFTER));
        let edges = (block(&before), block(&after));
        let block_at = |i: isize| -> Option<&[f32]> {
            if i < 0 { edges.0 } else { blocks.get(i as usize).copied().unwrap_or(edges.1) }
        };
        let add = |s: &mut [f32], row: Option<u32>| {
            if let Some(r) = row {
                let r = r as usize * l;
                s.iter_mut().zip(&self.rows[r..r + l]).for_each(|(a, w)| *a += w);
            }
        };
        for (i, s) in out.chunks_exact_mut(l).enumerate() {
            let ii = i as isize;
            for (k, at) in [ii, ii - 1, ii - 2, ii + 1, ii + 2].into_iter().enumerate() {
                if let Some(b) = block_at(at) {
                    s.iter_mut().zip(&b[k * l..(k + 1) * l]).for_each(|(a, w)| *a += w);
                }
            }
            if blocks[i].is_none() {
                for (k, a) in affixes(toks[i].word).into_iter().enumerate() {
                    add(s, self.affixes.get(&key(k, hash_str(a))).copied());
                }
            }
            let mut bits = toks[i].flags;
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                add(s, self.flags.get(bit).copied().flatten());
            }
        }
        out
    }

    /// The best label sequence (Viterbi) and its mentions.
    pub fn tag(&self, toks: &[TokenView<'_>]) -> Vec<(usize, usize, EntityType)> {
        let l = self.labels.len();
        if l == 0 || toks.is_empty() {
            return Vec::new();
        }
        let scores = self.scores(toks);
        let n = toks.len();
        // alpha[i * L + k]: the best score of a labelling of tokens 0..=i that ends in label k.
        let mut alpha = scores;
        let mut top = vec![0.0_f32; l];
        for i in 1..n {
            let (done, rest) = alpha.split_at_mut(i * l);
            let prev = &done[(i - 1) * l..];
            // Label by label of the token before, so that the maxima over the labels reached
            // are independent of each other.
            top.fill(f32::NEG_INFINITY);
            for (from, p) in prev.iter().enumerate() {
                for (t, w) in top.iter_mut().zip(&self.trans[from * l..(from + 1) * l]) {
                    let v = p + w;
                    *t = if v > *t { v } else { *t };
                }
            }
            rest[..l].iter_mut().zip(&top).for_each(|(a, t)| *a += t);
        }
        // Back from the best last label, each step to the label that gave the best score.
        let argmax = |xs: &mut dyn Iterator<Item = f32>| {
            xs.enumerate().fold((0, f32::NEG_INFINITY), |best, (k, v)| if v > best.1 { (k, v) } else { best }).0
        };
        let mut path = vec![0usize; n];
        path[n - 1] = argmax(&mut alpha[(n - 1) * l..].iter().copied());
        for i in (1..n).rev() {
            let to = path[i];
            let prev = &alpha[(i - 1) * l..i * l];
            path[i - 1] = argmax(&mut prev.iter().enumerate().map(|(from, p)| p + self.trans[from * l + to]));
        }
        spans(&path.iter().map(|&k| self.labels[k].as_str()).collect::<Vec<_>>())
    }
}

/// A labelled memory: each token's features (as [`attributes`] names them) and its label.
pub type Sequence = (Vec<Vec<String>>, Vec<&'static str>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_follow_the_labels() {
        let tags = ["O", "emotion", "emotion", "object", "activity", "O", "lifePeriod"];
        assert_eq!(
            spans(&tags),
            vec![
                (1, 2, EntityType::Emotion),
                (3, 3, EntityType::Object),
                (4, 4, EntityType::Activity),
                (6, 6, EntityType::LifePeriod),
            ]
        );
    }

    pub(super) fn views<'t>(words: &[&'t str]) -> Vec<TokenView<'t>> {
        words.iter().map(|w| TokenView { word: w, flags: flag("lang=en") }).collect()
    }

    #[test]
    fn weights_are_read_by_word_place_affix_and_flag() {
        // Two labels; each feature's weights for O, then emotion.
        let model = "labels\tO\temotion\n\
                     trans\t0\t0\n\
                     trans\t0\t-1\n\
                     w=glad\t0\t3\n\
                     w-1=so\t0\t1\n\
                     s3=ful\t0\t2\n\
                     cap\t1\t-5\n";
        let t = Tagger::parse(model);
        assert!(!t.is_empty());
        // The word itself, and the one before.
        assert_eq!(t.tag(&views(&["i", "was", "glad"])), vec![(2, 2, EntityType::Emotion)]);
        // An unknown word by its ending; "so" before it adds to it.
        assert_eq!(t.tag(&views(&["so", "joyful"])), vec![(1, 1, EntityType::Emotion)]);
        // A flag against it wins over its ending.
        let mut capital = views(&["Joyful"]);
        capital[0].flags |= flag("cap");
        assert!(t.tag(&capital).is_empty());
        // Nothing known: nothing marked.
        assert!(t.tag(&views(&["we", "walked"])).is_empty());
        assert!(Tagger::parse("").tag(&views(&["glad"])).is_empty());
    }
}
