//! The extraction rules. One pass builds candidate mentions from five sources — the writer's own
//! names (Aho-Corasick), kin words, capitalised name spans, the lexicons and a few patterns —
//! then resolves overlaps, links what is left to existing entities and scores everything.
//!
//! This module holds the state of one memory's pass ([`Cx`]) and the small questions every rule
//! asks of it (the previous word, a capital, the writer as subject); each source of candidates,
//! the type decisions, the content model and the resolution have their own module.

use std::borrow::Cow;

use crate::lexicon::{LEX, LangLex, LexEntry, LexKind, Lexicons};
use crate::link::{Cand, KnownHit, Matcher, Reason, Via};
use crate::model::Candidate;
use crate::token::{Doc, TokKind, gap};
use crate::{EntityMatch, EntityType, Lang, MemoryText, SuggestedAction, ValidationResult, name_key};

mod classify;
mod content;
mod kin;
mod names;
mod patterns;
mod places;
mod resolve;
mod sources;
mod tagged;
mod words;

pub(crate) use tagged::{sequence, tagged};

use words::*;
pub(crate) use words::{KIN_ADJ, MY};

/// Longest input processed; anything beyond is ignored (a memory is far shorter).
const MAX_INPUT: usize = 1 << 20;

/// Maps a match in [`Doc::folded`] (pattern `" a b "`) to its first and last token.
pub(crate) fn tok_range(doc: &Doc<'_>, start: usize, end: usize) -> Option<(usize, usize)> {
    let a = doc.toks.binary_search_by(|t| t.fstart.cmp(&(start + 1))).ok()?;
    let b = doc.toks.binary_search_by(|t| t.fend.cmp(&(end - 1))).ok()?;
    if b < a {
        return None;
    }
    // A match may not split a hyphenated compound ("Marie" in "Marie-Claire").
    if doc.toks[a].hyph_prev {
        return None;
    }
    if b + 1 < doc.toks.len() && doc.toks[b + 1].hyph_prev {
        return None;
    }
    // Nor run across a sentence end.
    for t in &doc.toks[a + 1..=b] {
        if t.gap & gap::STOP != 0 {
            return None;
        }
    }
    Some((a, b))
}

/// Guesses the language from function words.
pub(crate) fn detect_lang(doc: &Doc<'_>) -> Lang {
    let (mut en, mut fr) = (0i32, 0i32);
    for i in 0..doc.toks.len() {
        match doc.f(i) {
            "the" | "and" | "i" | "was" | "with" | "my" | "to" | "of" | "we" | "it" | "is" | "at" | "for" | "in"
            | "she" | "he" | "'s" | "'m" | "but" | "so" | "her" | "his" => en += 1,
            "le" | "la" | "les" | "et" | "je" | "j'" | "de" | "des" | "un" | "une" | "est" | "avec" | "a" | "au"
            | "pour" | "dans" | "que" | "qui" | "on" | "ma" | "mon" | "l'" | "d'" | "du" | "c'" | "m'" | "pas"
            | "elle" | "il" | "sur" | "mais" => fr += 1,
            _ => {}
        }
    }
    if fr > en { Lang::Fr } else { Lang::En }
}

/// A candidate entity mention.
#[derive(Debug, Clone)]
struct Mention {
    a: usize,
    b: usize,
    ty: EntityType,
    name: String,
    /// Canonical lexicon entry (for de-duplication of inflected forms).
    canon: Option<u32>,
    score: f32,
    rel: Option<String>,
    links: Vec<Cand>,
    /// Source strength for overlap resolution: 5 the writer's own names, 4 kin, 3 cue-backed
    /// names, 2 lexicon, 1 weak guess.
    prio: u8,
    /// Linking may try typo matching.
    fuzzy: bool,
    /// Other names and canonical entries this mention stands for (after merging), for
    /// de-duplication.
    alts: Vec<String>,
    alt_canons: Vec<u32>,
}

impl Mention {
    /// A mention with no canonical entry, relationship, links or merged names yet (set them with
    /// struct update syntax: `Mention { rel, ..Mention::new(...) }`).
    fn new(a: usize, b: usize, ty: EntityType, name: String, score: f32, prio: u8, fuzzy: bool) -> Mention {
        Mention {
            a,
            b,
            ty,
            name,
            canon: None,
            score,
            rel: None,
            links: Vec::new(),
            prio,
            fuzzy,
            alts: Vec::new(),
            alt_canons: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct LexHit {
    a: usize,
    b: usize,
    e: LexEntry,
    pat: u32,
}

struct Cx<'a> {
    doc: &'a Doc<'a>,
    lang: Lang,
    lex: &'static Lexicons,
    ll: &'static LangLex,
    m: &'a Matcher,
    lower_style: bool,
    title_case: bool,
    lexh: Vec<LexHit>,
    known: Vec<KnownHit>,
    blocked: Vec<bool>,
    /// Token is part of a kin word used as a name, title or role.
    kin_tok: Vec<bool>,
    /// Lexicon kinds covering each token (bit per [`LexKind`]).
    kinds: Vec<u8>,
    /// Kin hit ending at a token: (first token, kin index).
    kin_end: Vec<Option<(usize, u32)>>,
    /// Longest gazetteer place starting at a token: its last token.
    place_at: Vec<Option<usize>>,
    /// Tokens covered by the writer's names or kin words (person/location).
    strong: Vec<bool>,
    /// Tokens covered by gazetteer places.
    placed: Vec<bool>,
    /// Tokens covered by person mentions.
    person_tok: Vec<bool>,
    /// Tokens of a title in quotation marks ("sang 'Take Five'"): no name inside is a person or place.
    quoted: Vec<bool>,
    /// Tokens of sentences written in capitals ("WE WON THE LEAGUE"): capitals say nothing there.
    shout: Vec<bool>,
    /// Capitalised tokens that may still be read as content words ("Marathon" in "the Edinburgh
    /// Marathon").
    cap_ok: Vec<bool>,
    /// Links already computed in this memory.
    link_cache: std::cell::RefCell<crate::fxhash::FxMap<(EntityType, bool, String), Vec<Cand>>>,
    /// Folded words written with a capital in mid-sentence.
    mid_caps: crate::fxhash::FxSet<&'a str>,
    out: Vec<Mention>,
    /// Kin words with no name after them, to resolve once names are known ([`Cx::kin_of_kin`]).
    kin_later: Vec<LexHit>,
    /// Kin-of-kin questions asked so far.
    kin_questions: std::cell::Cell<u32>,
    /// The sequence tagger's mentions: first token, last token, type.
    tagged: Vec<(usize, usize, EntityType)>,
    /// Each token's bits of [`WORD_BITS`], looked up on first use ([`B_UNKNOWN`] before).
    bits: Vec<std::cell::Cell<u16>>,
}

fn kind_bit(k: LexKind) -> u8 {
    match k {
        LexKind::Emotion => 1,
        LexKind::Activity => 2,
        LexKind::Object => 4,
        LexKind::Period => 8,
        LexKind::Kin => 16,
        LexKind::Place => 32,
        LexKind::Block => 64,
    }
}
const CONTENT_BITS: u8 = 1 | 2 | 4 | 8 | 16;

impl<'a> Cx<'a> {
    /// A determiner ("the", "la"...); the folded French "à" is not the English "a".
    fn is_det(&self, w: &str) -> bool {
        DETERMINERS.contains(&w) && !(w == "a" && self.lang == Lang::Fr)
    }

    /// A preposition that introduces a place.
    fn is_place_prep(&self, w: &str) -> bool {
        PLACE_PREPS.contains(&w) && !(w == "a" && self.lang == Lang::En)
    }

    /// A word after a name that makes the name its subject ("Hortense said", "Cyprien a dit"); the
    /// French preposition "à" folds to the verb "a" and is not one.
    fn verbish(&self, j: usize) -> bool {
        VERBISH_AFTER.contains(&self.f(j)) && !matches!(self.doc.raw(j), "à" | "À")
    }

    fn n(&self) -> usize {
        self.doc.toks.len()
    }

    fn f(&self, i: usize) -> &str {
        self.doc.f(i)
    }

    /// Previous token in the same sentence.
    fn prev(&self, i: usize) -> Option<usize> {
        if i == 0 || self.doc.toks[i].gap & gap::STOP != 0 { None } else { Some(i - 1) }
    }

    /// Next token in the same sentence.
    fn next(&self, i: usize) -> Option<usize> {
        let j = i + 1;
        if j >= self.n() || self.doc.toks[j].gap & gap::STOP != 0 { None } else { Some(j) }
    }

    fn prev_f(&self, i: usize) -> Option<&str> {
        self.prev(i).map(|j| self.f(j))
    }

    fn is_stop(&self, i: usize) -> bool {
        self.word_bits(i) & B_STOP != 0
    }

    /// Folded words in the `k` tokens before `i`, same sentence.
    fn before(&self, i: usize, k: usize) -> impl Iterator<Item = usize> + '_ {
        let mut j = i;
        let mut left = k;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            left -= 1;
            let p = self.prev(j)?;
            j = p;
            Some(p)
        })
    }

    /// The word classes of token `i` ([`WORD_BITS`]), looked up once per memory.
    fn word_bits(&self, i: usize) -> u16 {
        let cell = &self.bits[i];
        if cell.get() == B_UNKNOWN {
            cell.set(WORD_BITS.get(self.f(i)).copied().unwrap_or(0));
        }
        cell.get()
    }

    /// A word of the classes `bits` in the `k` tokens before `i`, same sentence.
    fn any_before(&self, i: usize, k: usize, bits: u16) -> bool {
        self.before(i, k).any(|j| self.word_bits(j) & bits != 0)
    }

    /// Before `i` in its clause, someone other than the writer comes first: a third-person pronoun
    /// or possessive, or (with `names_too`) a name or a kin word; a first person nearer says no.
    fn someone_else_before(&self, i: usize, names_too: bool) -> bool {
        let mut j = i;
        for _ in 0..8 {
            let Some(p) = self.prev(j) else { return false };
            let w = self.f(p);
            let bits = self.word_bits(p);
            if bits & B_FIRST_PERSON != 0 {
                return false;
            }
            if bits & (B_THIRD_SUBJECT | B_THIRD_POSSESSIVE) != 0
                || (names_too && (self.person_tok[p] || self.kin_tok[p]))
            {
                return true;
            }
            if self.doc.toks[p].gap & gap::COMMA != 0 || CLAUSE_LINKS.contains(&w) {
                return false;
            }
            j = p;
        }
        false
    }

    /// The writer is plausibly the subject of the verb at `i`.
    fn writer_subject(&self, i: usize) -> bool {
        if self.doc.toks[i].sent_start {
            return true;
        }
        for (k, j) in self.before(i, 3).enumerate() {
            let w = self.f(j);
            if matches!(w, "i" | "we" | "je" | "j'" | "ai" | "avons" | "on" | "nous") {
                return true;
            }
            if k == 0
                && self.doc.toks[j].sent_start
                && matches!(w, "finally" | "also" | "then" | "just" | "enfin" | "puis" | "ensuite")
            {
                return true;
            }
        }
        false
    }

    /// Links a name, remembering the answer for the rest of the memory (names repeat).
    fn cached_link(&self, name: &str, ty: EntityType, fuzzy: bool) -> Vec<Cand> {
        if !self.m.has_type(ty) {
            return Vec::new();
        }
        self.cached_link_key(name_key(name), ty, fuzzy)
    }

    /// [`Cx::cached_link`] for a name already in key form.
    fn cached_link_key(&self, key: String, ty: EntityType, fuzzy: bool) -> Vec<Cand> {
        if !self.m.has_type(ty) {
            return Vec::new();
        }
        let k = (ty, fuzzy, key);
        if let Some(c) = self.link_cache.borrow().get(&k) {
            return c.clone();
        }
        let mut c = Vec::new();
        self.m.link_key(&k.2, ty, fuzzy, &mut c);
        self.link_cache.borrow_mut().insert(k, c.clone());
        c
    }

    fn pat_of(&self, h: &LexHit) -> Option<usize> {
        Some(h.pat as usize)
    }

    /// A capitalised word, stop words included (inside a name: "The Remains of the Day").
    fn cap_any(&self, i: usize) -> bool {
        if self.shout[i] {
            return false;
        }
        let t = &self.doc.toks[i];
        t.kind == TokKind::Word && t.cap && t.end - t.start >= 2 && self.f(i) != "i"
    }

    fn cap_word(&self, i: usize) -> bool {
        if self.shout[i] {
            return false;
        }
        let t = &self.doc.toks[i];
        t.kind == TokKind::Word && t.cap && !self.is_stop(i) && t.end - t.start >= 2
    }

    fn text(&self, a: usize, b: usize) -> &'a str {
        self.doc.span_text(a, b)
    }

    fn push(&mut self, m: Mention) {
        if m.prio >= 4 && matches!(m.ty, EntityType::Person | EntityType::Location) {
            for t in m.a..=m.b {
                self.strong[t] = true;
            }
        }
        if m.ty == EntityType::Person {
            for t in m.a..=m.b {
                self.person_tok[t] = true;
            }
        }
        if m.prio == 3 && m.ty == EntityType::Location {
            for t in m.a..=m.b {
                self.placed[t] = true;
            }
        }
        self.out.push(m);
    }
}

/// Marks the tokens of sentences written in capitals.
fn shouted(doc: &Doc<'_>) -> Vec<bool> {
    let n = doc.toks.len();
    let mut out = vec![false; n];
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && doc.toks[end].gap & gap::STOP == 0 {
            end += 1;
        }
        let words: Vec<&crate::token::Tok> = doc.toks[start..end]
            .iter()
            .filter(|t| t.kind == TokKind::Word && !t.digit && t.end - t.start >= 2)
            .collect();
        let upper = words.iter().filter(|t| t.upper).count();
        if words.len() >= 2 && upper * 5 >= words.len() * 4 {
            for o in &mut out[start..end] {
                *o = true;
            }
        }
        start = end;
    }
    out
}

/// Runs the whole extraction for one memory.
pub(crate) fn run(m: &Matcher, mem: &MemoryText<'_>) -> Vec<ValidationResult> {
    with_rules(m, mem, Some(&crate::tagger::SHIPPED), |cx| {
        cx.learned();
        cx.resolve();
        cx.link_and_dedupe()
    })
    .unwrap_or_default()
}

/// The content words the rules leave aside in a memory, with what `tagger` marks in it, for
/// training the model.
pub(crate) fn candidates(m: &Matcher, mem: &MemoryText<'_>, tagger: Option<&crate::tagger::Tagger>) -> Vec<Candidate> {
    with_rules(m, mem, tagger, |cx| cx.leftover_content().into_iter().map(|(_, c)| c).collect()).unwrap_or_default()
}

/// Runs the tagger (if any) and the rules on a memory, then `then` on what they found (`None` for a
/// memory without words).
fn with_rules<R>(
    m: &Matcher,
    mem: &MemoryText<'_>,
    tagger: Option<&crate::tagger::Tagger>,
    then: impl FnOnce(&mut Cx<'_>) -> R,
) -> Option<R> {
    let title = clip(mem.title);
    let details = clip(mem.details);
    let text: Cow<'_, str> =
        if title.trim().is_empty() { Cow::Borrowed(details) } else { Cow::Owned(format!("{title}\n{details}")) };
    let doc = Doc::new(&text);
    if doc.toks.is_empty() {
        return None;
    }
    let lang = mem.lang.unwrap_or_else(|| detect_lang(&doc));
    let lex = &*LEX;
    let n = doc.toks.len();
    let title_case = !title.trim().is_empty() && {
        let words: Vec<usize> =
            (0..n).filter(|&i| doc.toks[i].line == 0 && doc.toks[i].kind == TokKind::Word).collect();
        let content: Vec<&usize> = words.iter().filter(|&&i| !lex.stop.contains(doc.f(i))).collect();
        content.len() >= 3 && content.iter().filter(|&&&i| doc.toks[i].cap).count() * 4 >= content.len() * 3
    };
    let mut cx = Cx {
        doc: &doc,
        lang,
        lex,
        ll: lex.lang(lang),
        m,
        lower_style: doc.lowercase_style(),
        title_case,
        lexh: Vec::new(),
        known: Vec::new(),
        blocked: vec![false; n],
        kin_tok: vec![false; n],
        kinds: vec![0; n],
        kin_end: vec![None; n],
        place_at: vec![None; n],
        strong: vec![false; n],
        placed: vec![false; n],
        person_tok: vec![false; n],
        quoted: vec![false; n],
        shout: shouted(&doc),
        cap_ok: vec![false; n],
        mid_caps: Default::default(),
        link_cache: Default::default(),
        out: Vec::new(),
        kin_later: Vec::new(),
        kin_questions: Default::default(),
        tagged: Vec::new(),
        bits: vec![std::cell::Cell::new(B_UNKNOWN); n],
    };
    cx.lexicon_hits();
    if let Some(tagger) = tagger.filter(|t| !t.is_empty()) {
        let spans = tagger.tag(&cx.token_views());
        cx.tagged = cx.within_sentences(spans);
    }
    cx.known_hits();
    cx.kin();
    cx.places();
    cx.quoted_titles();
    cx.spans();
    cx.kin_of_kin();
    cx.possessed_objects();
    cx.patterns();
    Some(then(&mut cx))
}

/// At most [`MAX_INPUT`] bytes, cut on a character boundary.
fn clip(s: &str) -> &str {
    if s.len() <= MAX_INPUT {
        return s;
    }
    let mut end = MAX_INPUT;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}
