//! The per-writer index ([`Matcher`]) and the linking of mentions to existing entities.

use crate::fxhash::FxMap as HashMap;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

use crate::fold::{LEADING_DETERMINERS, name_key};
use crate::lexicon::LEX;
use crate::token::Doc;
use crate::{EntityType, KnownEntity, MemoryText, ValidationResult};

/// How a pattern names its entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Via {
    /// The entity's name.
    Name,
    /// One of its aliases.
    Alias,
    /// Its name or an alias without a leading article or possessive ("the Pinewood").
    Short,
    /// The first name of a person known by first name and surname ("Maud" of Maud Pennington).
    FirstName,
}

/// A word shared by more existing entities than this ("park", a first name carried by a dozen
/// people) says too little to link on.
const MAX_WORD_FANOUT: usize = 8;

/// Words that begin a surname ("Le Corre", "van Dyke", "de la Tour").
pub(crate) const SURNAME_PARTICLES: [&str; 10] = ["le", "la", "de", "du", "des", "van", "von", "da", "di", "del"];

/// A name spelled out for typo matching, and its entity.
type FuzzyKey = (Box<[char]>, u32);

/// A first name spelled out for typo matching, and the people known by it.
type FirstNameKey = (Box<[char]>, Vec<u32>);

/// Why a mention may refer to an entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reason {
    ExactName,
    Alias,
    NameWithoutArticle,
    NameWithoutTitle,
    FirstName,
    PartOfName,
    Nickname,
    Typo,
    Relationship,
    SharedWord,
}

impl Reason {
    pub(crate) fn text(self, category: Option<&str>) -> String {
        match self {
            Reason::ExactName => "same name (ignoring case and accents)".into(),
            Reason::Alias => "matches an alias".into(),
            Reason::NameWithoutArticle => "same name without the article".into(),
            Reason::NameWithoutTitle => "same name without the title".into(),
            Reason::FirstName => "first name of an existing person".into(),
            Reason::PartOfName => "part of an existing name".into(),
            Reason::Nickname => "nickname of an existing name".into(),
            Reason::Typo => "similar spelling (likely typo)".into(),
            Reason::Relationship => {
                format!("the writer's only person with relationship {}", category.unwrap_or("?"))
            }
            Reason::SharedWord => "shares a key word with an existing entity".into(),
        }
    }
}

/// A candidate link.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cand {
    pub ent: u32,
    pub conf: f32,
    pub reason: Reason,
}

/// An occurrence of an existing entity's name or alias in a memory.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KnownHit {
    /// First token.
    pub a: usize,
    /// Last token (inclusive).
    pub b: usize,
    pub ent: u32,
    pub via: Via,
    /// The stored name or alias is written with a capital (a proper name).
    pub proper: bool,
}

#[derive(Debug, Clone, Copy)]
struct Target {
    ent: u32,
    via: Via,
    proper: bool,
}

/// The writer's existing entities, prepared for fast matching and linking.
///
/// Build it once per writer with [`Matcher::new`] and reuse it for every memory: it holds an
/// Aho-Corasick automaton over the folded names and aliases (case- and accent-insensitive, on
/// word boundaries), an index of people by relationship category for kin words ("my sister",
/// "ma mère"), first-name, nickname and word indexes, and length buckets for typo matching.
#[derive(Debug)]
pub struct Matcher {
    pub(crate) ents: Vec<KnownEntity>,
    /// Folded category of each entity.
    pub(crate) cats: Vec<Option<String>>,
    ac: Option<AhoCorasick>,
    targets: Vec<Vec<Target>>,
    by_key: HashMap<String, Vec<(u32, Via)>>,
    /// Word of a name -> (entity, is the first word of a person's name).
    by_word: HashMap<String, Vec<(u32, bool)>>,
    /// Full first name a nickname of an existing person stands for -> entity.
    by_nick_full: HashMap<String, Vec<u32>>,
    /// The beginning of a person's first name, as a short form of it ("Bartho" for Bartholomew:
    /// three letters or more, two fewer than the name or more) -> entity.
    by_short: HashMap<String, Vec<u32>>,
    by_cat: HashMap<String, Vec<u32>>,
    /// (first two chars, char count) -> keys for typo matching (typos rarely hit the first two
    /// letters; bucketing by them keeps the search short for writers with many entities).
    fuzzy: HashMap<(char, char, usize), Vec<FuzzyKey>>,
    /// The same for the first names of people known by first name and surname (each spelling
    /// once, with its people).
    fuzzy_first: HashMap<(char, char, usize), Vec<FirstNameKey>>,
    /// Existing entities per type (indexed like [`EntityType::ALL`]).
    per_type: [usize; 6],
}

fn type_index(t: EntityType) -> usize {
    EntityType::ALL.iter().position(|&x| x == t).unwrap_or(0)
}

fn is_title_word(w: &str) -> bool {
    let lex = &*LEX;
    lex.titles.contains(w)
        || matches!(
            w,
            "grandma"
                | "granny"
                | "gran"
                | "nana"
                | "nan"
                | "grandpa"
                | "grandad"
                | "granddad"
                | "uncle"
                | "aunt"
                | "auntie"
                | "aunty"
                | "mamie"
                | "mamy"
                | "meme"
                | "papy"
                | "papi"
                | "pepe"
                | "tante"
                | "oncle"
                | "tonton"
                | "tata"
                | "tatie"
                | "taty"
                | "grand mere"
                | "grand pere"
                | "coach"
                | "mr."
                | "mrs."
                | "dr."
        )
}

/// Comparison form of a relationship category: folded, spaces and underscores as hyphens
/// ("Best friend" -> "best-friend").
pub(crate) fn category_key(c: &str) -> String {
    crate::fold::fold(c.trim()).replace([' ', '_'], "-")
}

/// Splits a key into words, without a trailing "'s".
fn key_words(key: &str) -> impl Iterator<Item = &str> {
    key.split(' ').map(|w| w.trim_end_matches("'s").trim_matches('\'')).filter(|w| !w.is_empty())
}

/// The key without leading honorific or kin titles ("mme lefevre" -> "lefevre").
pub(crate) fn strip_titles(key: &str) -> &str {
    let mut rest = key;
    loop {
        let (first, tail) = match rest.split_once(' ') {
            Some(x) => x,
            None => return rest,
        };
        let first = first.trim_end_matches('.');
        let two = tail.split_once(' ').map_or(tail, |(a, _)| a);
        if (first == "grand" || first == "arriere") && matches!(two, "mere" | "pere") {
            rest = tail.split_once(' ').map_or("", |(_, r)| r);
            if rest.is_empty() {
                return key;
            }
            continue;
        }
        if is_title_word(first) {
            rest = tail;
        } else {
            return rest;
        }
    }
}

impl Matcher {
    /// Prepares the index for a writer's existing entities.
    pub fn new(known: &[KnownEntity]) -> Matcher {
        let lex = &*LEX;
        let mut m = Matcher {
            ents: known.to_vec(),
            cats: known.iter().map(|e| e.category.as_deref().map(category_key)).collect(),
            ac: None,
            targets: Vec::new(),
            by_key: HashMap::with_capacity_and_hasher(known.len() * 2, Default::default()),
            by_word: HashMap::with_capacity_and_hasher(known.len() * 2, Default::default()),
            by_nick_full: HashMap::default(),
            by_short: HashMap::default(),
            by_cat: HashMap::default(),
            fuzzy: HashMap::with_capacity_and_hasher(known.len(), Default::default()),
            fuzzy_first: HashMap::default(),
            per_type: [0; 6],
        };
        for e in known {
            m.per_type[type_index(e.entity_type)] += 1;
        }
        let mut patterns: Vec<String> = Vec::with_capacity(known.len() * 2);
        let mut pat_index: HashMap<String, usize> =
            HashMap::with_capacity_and_hasher(known.len() * 2, Default::default());
        let mut add_pat = |pat: String, t: Target, targets: &mut Vec<Vec<Target>>| {
            if pat.trim().is_empty() {
                return;
            }
            let i = match pat_index.get(&pat) {
                Some(&i) => i,
                None => {
                    let i = targets.len();
                    pat_index.insert(pat.clone(), i);
                    patterns.push(pat);
                    targets.push(Vec::new());
                    i
                }
            };
            if !targets[i].iter().any(|x| x.ent == t.ent) {
                targets[i].push(t);
            }
        };
        // First names of people known by first name and surname, and those people.
        let mut first_names: HashMap<String, Vec<u32>> = HashMap::default();
        for (ei, e) in known.iter().enumerate() {
            let ei = ei as u32;
            if e.entity_type == EntityType::Person
                && let Some(c) = &m.cats[ei as usize]
            {
                m.by_cat.entry(c.clone()).or_default().push(ei);
            }
            let names = std::iter::once((&e.name, Via::Name)).chain(e.aliases.iter().map(|a| (a, Via::Alias)));
            for (n, via) in names {
                let proper = n.chars().find(|c| c.is_alphabetic()).is_some_and(char::is_uppercase);
                let doc = Doc::new(n);
                if doc.toks.is_empty() {
                    continue;
                }
                // Full form, and the form without a leading article or possessive.
                let first = doc.f(0);
                let strip = doc.toks.len() > 1 && LEADING_DETERMINERS.contains(&first);
                if strip {
                    let short = format!(" {}", &doc.folded[doc.toks[1].fstart..]);
                    add_pat(short, Target { ent: ei, via: Via::Short, proper }, &mut m.targets);
                }
                add_pat(doc.folded, Target { ent: ei, via, proper }, &mut m.targets);
                let key = name_key(n);
                if key.is_empty() {
                    continue;
                }
                let list = m.by_key.entry(key.clone()).or_default();
                if !list.iter().any(|&(x, _)| x == ei) {
                    list.push((ei, via));
                }
                // Words of the name.
                let core = if e.entity_type == EntityType::Person { strip_titles(&key) } else { &key };
                let words: Vec<&str> = key_words(core).collect();
                if words.len() > 1 || core != key {
                    for (wi, w) in words.iter().enumerate() {
                        if w.chars().count() < 3 || lex.stop.contains(*w) {
                            continue;
                        }
                        let first = wi == 0 && e.entity_type == EntityType::Person;
                        match m.by_word.get_mut(*w) {
                            Some(l) if l.iter().any(|&(x, _)| x == ei) => {}
                            Some(l) => l.push((ei, first)),
                            None => {
                                m.by_word.insert((*w).to_string(), vec![(ei, first)]);
                            }
                        }
                    }
                }
                // A hyphenated first name is one name ("Marie-Claire"): its first part alone is
                // someone else's.
                let person = e.entity_type == EntityType::Person;
                let hyphenated = person
                    && n.split_whitespace().find(|w| !is_title_word(&name_key(w))).is_some_and(|w| w.contains('-'));
                if e.entity_type == EntityType::Person
                    && via == Via::Name
                    && words.len() > 1
                    && !hyphenated
                    && let Some(w) = words.first().filter(|w| {
                        w.chars().count() >= 3 && !lex.stop.contains(**w) && !SURNAME_PARTICLES.contains(*w)
                    })
                {
                    let l = first_names.entry((*w).to_string()).or_default();
                    if l.last() != Some(&ei) {
                        l.push(ei);
                    }
                }
                if e.entity_type == EntityType::Person
                    && !hyphenated
                    && let Some(w) = words.first()
                {
                    for short in short_forms(w) {
                        let l = m.by_short.entry(short.to_string()).or_default();
                        if l.last() != Some(&ei) {
                            l.push(ei);
                        }
                    }
                }
                if e.entity_type == EntityType::Person
                    && let Some(w) = words.first()
                    && let Some(fulls) = lex.nicknames.get(*w)
                {
                    for f in fulls {
                        let l = m.by_nick_full.entry(f.clone()).or_default();
                        if !l.contains(&ei) {
                            l.push(ei);
                        }
                    }
                }
                let chars: Box<[char]> = core.chars().collect();
                if chars.len() >= 4 {
                    m.fuzzy.entry((chars[0], chars[1], chars.len())).or_default().push((chars, ei));
                }
            }
        }
        // A person's first name on its own, written with a capital ("Maud" of Maud Pennington):
        // the engine proposes it and links it as a first name, so one target is enough; not a
        // first name so many people share that it says too little to link on.
        // Misspelt on its own, it is looked for among the first names, each spelling once.
        let mut first_names: Vec<(String, Vec<u32>)> = first_names.into_iter().collect();
        first_names.sort_unstable();
        for (w, ents) in first_names {
            if ents.len() > MAX_WORD_FANOUT {
                continue;
            }
            add_pat(Doc::new(&w).folded, Target { ent: ents[0], via: Via::FirstName, proper: true }, &mut m.targets);
            let chars: Box<[char]> = w.chars().collect();
            if chars.len() >= 5 {
                m.fuzzy_first.entry((chars[0], chars[1], chars.len())).or_default().push((chars, ents));
            }
        }
        if !patterns.is_empty() {
            let kind = if patterns.len() > 500 { AhoCorasickKind::ContiguousNFA } else { AhoCorasickKind::DFA };
            m.ac = AhoCorasickBuilder::new().match_kind(MatchKind::Standard).kind(Some(kind)).build(&patterns).ok();
        }
        m
    }

    /// Number of existing entities.
    pub fn len(&self) -> usize {
        self.ents.len()
    }

    /// True when the writer has no existing entities.
    pub fn is_empty(&self) -> bool {
        self.ents.is_empty()
    }

    /// Extracts the entities of one memory and links them to this writer's existing entities.
    /// Results are in text order. Never panics, whatever the input; text beyond the first MiB
    /// of the title or of the details is ignored.
    pub fn extract(&self, memory: &MemoryText<'_>) -> Vec<ValidationResult> {
        crate::engine::run(self, memory)
    }

    /// All occurrences of existing names and aliases on token boundaries (overlaps included).
    pub(crate) fn hits(&self, doc: &Doc<'_>) -> Vec<KnownHit> {
        let mut out = Vec::new();
        let Some(ac) = &self.ac else { return out };
        for mat in ac.find_overlapping_iter(doc.folded.as_str()) {
            let Some((a, b)) = crate::engine::tok_range(doc, mat.start(), mat.end()) else {
                continue;
            };
            for t in &self.targets[mat.pattern().as_usize()] {
                out.push(KnownHit { a, b, ent: t.ent, via: t.via, proper: t.proper });
            }
        }
        out
    }

    /// People whose relationship category is `cat` (or a close variant of it).
    pub(crate) fn people_in_category(&self, cat: &str) -> Vec<u32> {
        let cat = category_key(cat);
        let cat = cat.as_str();
        let mut out: Vec<u32> = self.by_cat.get(cat).cloned().unwrap_or_default();
        let related: &[&str] = match cat {
            "cousin" => &["cousin-female"],
            "cousin-female" => &["cousin"],
            "friend" => {
                &["close-friend", "best-friend", "good-friend", "childhood-friend", "school-friend", "work-friend"]
            }
            "colleague" => &["work-colleague", "work-friend"],
            "grandparent" => &["grandmother", "grandfather"],
            "other-family" => &[],
            _ => &[],
        };
        for r in related {
            if let Some(v) = self.by_cat.get(*r) {
                out.extend(v);
            }
        }
        out
    }

    /// Candidate existing entities for a mention named `name` of type `ty`.
    pub(crate) fn link(&self, name: &str, ty: EntityType, fuzzy: bool, out: &mut Vec<Cand>) {
        if self.per_type[type_index(ty)] == 0 {
            return;
        }
        self.link_key(&name_key(name), ty, fuzzy, out);
    }

    /// Whether the writer has any entity of type `ty`.
    pub(crate) fn has_type(&self, ty: EntityType) -> bool {
        self.per_type[type_index(ty)] > 0
    }

    /// [`Matcher::link`] for a name already in [`name_key`] form.
    pub(crate) fn link_key(&self, key: &str, ty: EntityType, fuzzy: bool, out: &mut Vec<Cand>) {
        if key.is_empty() || self.per_type[type_index(ty)] == 0 {
            return;
        }
        let same = |ei: u32| self.ents[ei as usize].entity_type == ty;
        let push = |out: &mut Vec<Cand>, ent: u32, conf: f32, reason: Reason| {
            if let Some(c) = out.iter_mut().find(|c| c.ent == ent) {
                if conf > c.conf {
                    c.conf = conf;
                    c.reason = reason;
                }
            } else {
                out.push(Cand { ent, conf, reason });
            }
        };
        if let Some(list) = self.by_key.get(key) {
            for &(ei, via) in list {
                if same(ei) {
                    let (conf, r) = match via {
                        Via::Name => (0.97, Reason::ExactName),
                        Via::Alias => (0.94, Reason::Alias),
                        Via::Short => (0.9, Reason::NameWithoutArticle),
                        Via::FirstName => (0.84, Reason::FirstName),
                    };
                    push(out, ei, conf, r);
                }
            }
        }
        let core = if ty == EntityType::Person { strip_titles(key) } else { key };
        if core != key
            && let Some(list) = self.by_key.get(core)
        {
            for &(ei, _) in list {
                if same(ei) {
                    push(out, ei, 0.9, Reason::NameWithoutTitle);
                }
            }
        }
        let words: Vec<&str> = key_words(core).collect();
        let lex = &*LEX;
        if ty == EntityType::Person {
            if let Some(first) = words.first() {
                if let Some(list) = self.by_word.get(*first).filter(|l| l.len() <= MAX_WORD_FANOUT) {
                    let firsts = list.iter().filter(|&&(e, f)| f && same(e)).count().max(1) as f32;
                    for &(ei, is_first) in list {
                        if same(ei) {
                            if is_first {
                                push(out, ei, 0.84 - 0.08 * (firsts - 1.0), Reason::FirstName);
                            } else {
                                push(out, ei, 0.66, Reason::PartOfName);
                            }
                        }
                    }
                }
                // A surname with its particle ("M. Da Costa"): the particle is in many names, the
                // word after it is the one to look up.
                if SURNAME_PARTICLES.contains(first)
                    && let Some(last) = words.last().filter(|_| words.len() > 1)
                    && let Some(list) = self.by_word.get(*last).filter(|l| l.len() <= MAX_WORD_FANOUT)
                {
                    for &(ei, is_first) in list {
                        if !is_first && same(ei) {
                            push(out, ei, 0.66, Reason::PartOfName);
                        }
                    }
                }
                // Nicknames both ways: "Bobby" for Robert, "Robert" for an existing "Bob".
                if let Some(fulls) = lex.nicknames.get(*first) {
                    for f in fulls {
                        if let Some(list) = self.by_word.get(f.as_str()).filter(|l| l.len() <= MAX_WORD_FANOUT) {
                            for &(ei, is_first) in list {
                                if is_first && same(ei) {
                                    push(out, ei, 0.82, Reason::Nickname);
                                }
                            }
                        }
                        if let Some(list) = self.by_key.get(f.as_str()) {
                            for &(ei, _) in list {
                                if same(ei) {
                                    push(out, ei, 0.82, Reason::Nickname);
                                }
                            }
                        }
                    }
                }
                // A short form ("Bartho" for an existing Bartholomew), unless it is a first name
                // of its own (Paul is not Pauline): weak evidence, an alias to offer.
                if words.len() == 1
                    && !lex.is_first_name(first)
                    && let Some(list) = self.by_short.get(*first).filter(|l| l.len() <= MAX_WORD_FANOUT)
                {
                    for &ei in list {
                        if same(ei) {
                            push(out, ei, 0.66, Reason::Nickname);
                        }
                    }
                }
                if let Some(list) = self.by_nick_full.get(*first) {
                    for &ei in list {
                        if same(ei) {
                            push(out, ei, 0.8, Reason::Nickname);
                        }
                    }
                }
                // Diminutives: Jon -> Jonny, Tom -> Tommy.
                for suffix in ["y", "ie"] {
                    if let Some(stem) = first.strip_suffix(suffix) {
                        let cs: Vec<char> = stem.chars().collect();
                        if cs.len() >= 4 && cs[cs.len() - 1] == cs[cs.len() - 2] {
                            let short: String = cs[..cs.len() - 1].iter().collect();
                            if let Some(list) = self.by_key.get(&short) {
                                for &(ei, _) in list {
                                    if same(ei) {
                                        push(out, ei, 0.78, Reason::Nickname);
                                    }
                                }
                            }
                            if let Some(list) = self.by_word.get(&short).filter(|l| l.len() <= MAX_WORD_FANOUT) {
                                for &(ei, is_first) in list {
                                    if is_first && same(ei) {
                                        push(out, ei, 0.76, Reason::Nickname);
                                    }
                                }
                            }
                        }
                    }
                }
                // Diminutives: Bob -> Bobby, Jo -> Jojo.
                for suffix in ["by", "y", "ie", "o", "ou", "ette", "inou"] {
                    if let Some(stem) = first.strip_suffix(suffix)
                        && stem.chars().count() >= 3
                        && let Some(list) = self.by_key.get(stem)
                    {
                        for &(ei, _) in list {
                            if same(ei) {
                                push(out, ei, 0.78, Reason::Nickname);
                            }
                        }
                    }
                }
            }
        } else {
            for w in &words {
                if w.chars().count() < 3 || lex.stop.contains(*w) {
                    continue;
                }
                if let Some(list) = self.by_word.get(*w).filter(|l| l.len() <= MAX_WORD_FANOUT) {
                    let n = list.iter().filter(|&&(e, _)| same(e)).count().max(1) as f32;
                    for &(ei, _) in list {
                        if same(ei) {
                            push(out, ei, 0.72 - 0.05 * (n - 1.0), Reason::SharedWord);
                        }
                    }
                }
            }
        }
        let best = out.iter().map(|c| c.conf).fold(0.0f32, f32::max);
        if fuzzy && best < 0.9 {
            self.fuzzy_into(core, ty, out);
        }
    }

    fn fuzzy_into(&self, core: &str, ty: EntityType, out: &mut Vec<Cand>) {
        let chars: Vec<char> = core.chars().collect();
        let n = chars.len();
        if !(4..=40).contains(&n) {
            return;
        }
        let maxd = if n >= 8 { 2 } else { 1 };
        let lengths = n.saturating_sub(maxd)..=n + maxd;
        // The distance to a stored spelling when it is a typo of it: one letter, two for long names.
        let typo = |k: &[char]| {
            let lim = if n.min(k.len()) >= 8 { 2 } else { 1 };
            Some(osa_distance(&chars, k, lim)).filter(|d| (1..=lim).contains(d))
        };
        for len in lengths.clone() {
            for (k, ei) in self.fuzzy.get(&(chars[0], chars[1], len)).into_iter().flatten() {
                if self.ents[*ei as usize].entity_type != ty {
                    continue;
                }
                if let Some(d) = typo(k) {
                    // Below an exact first name that one known person has (0.84).
                    let conf = if d == 1 { 0.83 } else { 0.74 };
                    if let Some(c) = out.iter_mut().find(|c| c.ent == *ei) {
                        if conf > c.conf {
                            c.conf = conf;
                            c.reason = Reason::Typo;
                        }
                    } else {
                        out.push(Cand { ent: *ei, conf, reason: Reason::Typo });
                    }
                }
            }
        }
        // A misspelt first name on its own, unless it is a first name of its own (Louis is not
        // Louise): weak evidence, an alias to offer.
        if ty != EntityType::Person || core.contains(' ') || LEX.is_first_name(core) {
            return;
        }
        for len in lengths {
            for (k, ents) in self.fuzzy_first.get(&(chars[0], chars[1], len)).into_iter().flatten() {
                if let Some(d) = typo(k) {
                    let conf = if d == 1 { 0.68 } else { 0.6 };
                    for ei in ents {
                        if !out.iter().any(|c| c.ent == *ei) {
                            out.push(Cand { ent: *ei, conf, reason: Reason::Typo });
                        }
                    }
                }
            }
        }
    }
}

/// The beginnings of a first name that may stand for it: from three letters to two fewer than the
/// whole name ("Bart", "Barth", "Bartho"... of Bartholomew).
fn short_forms(first: &str) -> impl Iterator<Item = &str> {
    let len = first.chars().count();
    first
        .char_indices()
        .map(|(at, _)| &first[..at])
        .enumerate()
        .filter(move |(k, _)| (3..len.saturating_sub(1)).contains(k))
        .map(|(_, s)| s)
}

/// Optimal string alignment distance (Levenshtein with adjacent transpositions), giving up
/// (returning `limit + 1`) once every path exceeds `limit`.
pub(crate) fn osa_distance(a: &[char], b: &[char], limit: usize) -> usize {
    let (n, m) = (a.len(), b.len());
    if n.abs_diff(m) > limit {
        return limit + 1;
    }
    // Names are short: rows live on the stack.
    if m >= 64 {
        return limit + 1;
    }
    let mut prev2 = [0usize; 64];
    let mut prev = [0usize; 64];
    for (j, p) in prev.iter_mut().enumerate().take(m + 1) {
        *p = j;
    }
    let mut cur = [0usize; 64];
    for i in 1..=n {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(prev2[j - 2] + 1);
            }
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if row_min > limit {
            return limit + 1;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[m]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn distance() {
        assert_eq!(osa_distance(&c("kathrine"), &c("katherine"), 2), 1);
        assert_eq!(osa_distance(&c("cleo"), &c("chloe"), 2), 2);
        assert_eq!(osa_distance(&c("marianne"), &c("marie"), 2), 3);
        assert_eq!(osa_distance(&c("ab"), &c("ba"), 1), 1);
    }

    #[test]
    fn titles_are_stripped() {
        assert_eq!(strip_titles("mme lefevre"), "lefevre");
        assert_eq!(strip_titles("grand mere odette"), "odette");
        assert_eq!(strip_titles("mamie"), "mamie");
        assert_eq!(strip_titles("claire"), "claire");
    }

    #[test]
    fn short_forms_run_from_three_letters_to_two_fewer() {
        assert_eq!(short_forms("Cyprien").collect::<Vec<_>>(), ["Cyp", "Cypr", "Cypri"]);
        assert_eq!(short_forms("Zoé").count(), 0);
        assert_eq!(short_forms("").count(), 0);
        assert_eq!(short_forms("Éloïse").collect::<Vec<_>>(), ["Élo", "Éloï"]);
    }
}
