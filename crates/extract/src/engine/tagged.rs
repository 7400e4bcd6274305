//! What the sequence tagger (`src/tagger.rs`) reads of each token, the labels it learns from, and
//! its spans in a memory.

use super::*;
use crate::eval::GoldEntity;
use std::sync::LazyLock;

use crate::tagger::{self, Sequence, TokenView};

/// Lexicon kinds as feature names, by bit ([`kind_bit`]).
const KIND_NAMES: [&str; 7] = ["emotion", "activity", "object", "period", "kin", "place", "block"];

/// The flag bits of a set of kinds ([`kind_bit`]s), by where they stand: covering the token,
/// beginning at it, covering the token before, covering the token after.
static KIND_FLAGS: LazyLock<[[u64; 128]; 4]> = LazyLock::new(|| {
    std::array::from_fn(|at| {
        let prefix = ["k", "kb", "k-1", "k+1"][at];
        let bits: [u64; 7] = std::array::from_fn(|bit| tagger::flag(&format!("{prefix}={}", KIND_NAMES[bit])));
        std::array::from_fn(|kinds| (0..7).filter(|b| kinds & (1 << b) != 0).fold(0, |f, b| f | bits[b]))
    })
});

impl<'a> Cx<'a> {
    /// What the tagger reads of each token: the word, its shape and lexicon kinds (the words
    /// around it are read from the neighbours).
    pub(super) fn token_views(&self) -> Vec<TokenView<'_>> {
        let n = self.n();
        let mut starts = vec![0u8; n];
        for h in &self.lexh {
            starts[h.a] |= kind_bit(h.e.kind);
        }
        let kind_flags = &*KIND_FLAGS;
        let lang = tagger::flag(match self.lang {
            Lang::En => "lang=en",
            Lang::Fr => "lang=fr",
        });
        let (cap, upper, digit, start, title, comma) = (
            tagger::flag("cap"),
            tagger::flag("upper"),
            tagger::flag("digit"),
            tagger::flag("start"),
            tagger::flag("title"),
            tagger::flag("comma-before"),
        );
        (0..n)
            .map(|i| {
                let tok = &self.doc.toks[i];
                let mut flags = lang;
                let mut set = |on: bool, bit: u64| {
                    if on {
                        flags |= bit;
                    }
                };
                set(tok.cap, cap);
                set(tok.upper, upper);
                set(tok.digit, digit);
                set(tok.sent_start, start);
                set(tok.line == 0, title);
                set(tok.gap & gap::COMMA != 0, comma);
                let before = if i > 0 { self.kinds[i - 1] } else { 0 };
                let after = if i + 1 < n { self.kinds[i + 1] } else { 0 };
                for (at, kinds) in [self.kinds[i], starts[i], before, after].into_iter().enumerate() {
                    flags |= kind_flags[at][usize::from(kinds & 127)];
                }
                TokenView { word: self.f(i), flags }
            })
            .collect()
    }

    /// The tagger's spans cut at sentence ends and line breaks: it reads the memory as one
    /// sequence, and a mention never runs from the title into the details or across a full stop.
    pub(super) fn within_sentences(&self, spans: Vec<(usize, usize, EntityType)>) -> Vec<(usize, usize, EntityType)> {
        let mut out = Vec::with_capacity(spans.len());
        for (a, b, ty) in spans {
            let mut start = a;
            for t in a + 1..=b {
                if self.doc.toks[t].gap & gap::STOP != 0 {
                    out.push((start, t - 1, ty));
                    start = t;
                }
            }
            out.push((start, b, ty));
        }
        out
    }

    /// Each token's label from the gold: every place the name of a feeling, activity, thing or
    /// life period (or one of its variants) is written, longest names first; a determiner or a
    /// possessive before the name in the gold is not part of it.
    pub(super) fn gold_labels(&self, gold: &[GoldEntity]) -> Vec<&'static str> {
        let n = self.n();
        let mut names: Vec<(Vec<String>, EntityType)> = Vec::new();
        for g in gold.iter().filter(|g| tagger::TYPES.contains(&g.entity_type)) {
            for name in std::iter::once(&g.name).chain(&g.variants) {
                let d = Doc::new(name);
                let mut words: Vec<String> = (0..d.toks.len()).map(|i| d.f(i).to_string()).collect();
                while words.len() > 1 && (self.is_det(&words[0]) || MY.contains(&words[0].as_str())) {
                    words.remove(0);
                }
                if !words.is_empty() {
                    names.push((words, g.entity_type));
                }
            }
        }
        names.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        let mut labels = vec![tagger::OUTSIDE; n];
        for (words, ty) in &names {
            let len = words.len();
            for a in 0..n.saturating_sub(len - 1) {
                let fits = (0..len).all(|k| self.f(a + k) == words[k])
                    && labels[a..a + len].iter().all(|l| *l == tagger::OUTSIDE);
                if fits {
                    labels[a..a + len].fill(tagger::label(*ty));
                }
            }
        }
        labels
    }
}

/// A memory's tokens with their features and gold labels, for training the tagger.
pub(crate) fn sequence(m: &Matcher, mem: &MemoryText<'_>, gold: &[GoldEntity]) -> Sequence {
    with_rules(m, mem, None, |cx| {
        let views = cx.token_views();
        ((0..views.len()).map(|i| tagger::attributes(&views, i)).collect(), cx.gold_labels(gold))
    })
    .unwrap_or_default()
}

/// What `tagger` marks in a memory: first token, last token, type.
pub(crate) fn tagged(m: &Matcher, mem: &MemoryText<'_>, tagger: &tagger::Tagger) -> Vec<(usize, usize, EntityType)> {
    with_rules(m, mem, Some(tagger), |cx| std::mem::take(&mut cx.tagged)).unwrap_or_default()
}
