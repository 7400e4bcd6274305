//! Lexicons embedded in the crate (`data/`), parsed once per process.
//!
//! Each language has one Aho-Corasick automaton over the folded forms of its emotions,
//! activities, objects, life periods and kin words, plus the shared place gazetteer and a few
//! blocking phrases. Patterns are wrapped in spaces and matched against [`Doc::folded`], which is
//! space-delimited, so every match falls on token boundaries.

use crate::fxhash::{FxMap as HashMap, FxSet as HashSet};
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::Lang;
use crate::fold::fold;
use crate::token::Doc;

mod compiled;
// Shared with build.rs, which writes what the crate reads: each side uses its half.
#[allow(dead_code)]
mod packed;

pub use compiled::Compiled;

/// What a lexicon pattern denotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LexKind {
    /// A feeling.
    Emotion,
    /// Something the writer does.
    Activity,
    /// A concrete thing.
    Object,
    /// A life period or milestone.
    Period,
    /// A kin word or role; `idx` points into [`LangLex::kin`].
    Kin,
    /// A gazetteer place; `idx` points into [`Lexicons::places`].
    Place,
    /// A phrase that blocks the patterns it overlaps ("maison de retraite", "last summer").
    Block,
}

/// One reading of a pattern.
#[derive(Debug, Clone, Copy)]
pub struct LexEntry {
    /// Kind.
    pub kind: LexKind,
    /// Index of the canonical name (in [`LangLex::canon`]), kin entry or place.
    pub idx: u32,
    /// `?`: an ordinary word that needs a context to count.
    pub ctx: bool,
    /// `~`: a finite verb form; the writer must be the subject.
    pub verb: bool,
    /// `^`: needs a capital letter.
    pub caps: bool,
    /// `-`: an everyday word that needs a sign it matters.
    pub weak: bool,
    /// A holiday or festival of `data/lexicon/holidays.tsv` (always written with a capital).
    pub holiday: bool,
}

impl LexEntry {
    /// A reading with no flag set.
    fn new(kind: LexKind, idx: u32) -> Self {
        LexEntry { kind, idx, ctx: false, verb: false, caps: false, weak: false, holiday: false }
    }
}

/// A kin word or role.
#[derive(Debug, Clone)]
pub struct KinInfo {
    /// Relationship category, as in docs/data.md ("Person categories").
    pub category: String,
    /// Used as a name when capitalised ("Mum", "Papy").
    pub name: bool,
    /// Stands before a name and stays in it ("Grandpa Joe", "tante Maïté").
    pub title: bool,
    /// A role before a name ("my manager Nadia").
    pub role: bool,
    /// Whether the word names a woman (`Some(true)`), a man, or either: from the `f` and `m`
    /// flags (wife, husband), else from the category (a sister, a son).
    pub female: Option<bool>,
}

/// A gazetteer place.
#[derive(Debug, Clone)]
pub struct PlaceInfo {
    /// Canonical name.
    pub name: String,
    /// The name is also an ordinary word: needs a capital.
    pub caps: bool,
}

/// Lexicon of one language.
pub struct LangLex {
    /// Automaton over `" form "` patterns.
    pub ac: AhoCorasick,
    /// Readings of each pattern.
    pub pats: Vec<Vec<LexEntry>>,
    /// Accented letters the forms of each pattern are written with: a match whose words carry
    /// any other accent is another word ("montré" is not "montre").
    pub accents: Vec<String>,
    /// Canonical names of content entries.
    pub canon: Vec<String>,
    /// Kin words.
    pub kin: Vec<KinInfo>,
}

/// Where a place cue stands relative to the name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cue {
    /// May stand before the name.
    pub pre: bool,
    /// May stand after the name.
    pub post: bool,
}

/// All lexicons.
pub struct Lexicons {
    /// English.
    pub en: LangLex,
    /// French.
    pub fr: LangLex,
    /// Gazetteer places (shared by both automata).
    pub places: Vec<PlaceInfo>,
    /// Folded first names of the hand list; the value is true when the name is also an ordinary
    /// word. (The generated ones are in `compiled`; [`Lexicons::first_name`] reads both.)
    pub firstnames: HashMap<String, bool>,
    /// The generated lexicons (first names and places from open data; the word clusters are read
    /// through [`Compiled::clusters`]).
    pub compiled: Compiled,
    /// Folded nickname -> folded full first names.
    pub nicknames: HashMap<String, Vec<String>>,
    /// Folded honorific titles.
    pub titles: HashSet<String>,
    /// Folded place cues.
    pub cues: HashMap<String, Cue>,
    /// Folded stop words.
    pub stop: HashSet<String>,
    /// Folded object brands and models that need a capital (Polaroid, Land Rover).
    pub brands: HashSet<String>,
}

impl Lexicons {
    /// For a folded word that is a first name (of the hand list or the generated one): whether it
    /// is also an ordinary word.
    pub fn first_name(&self, folded: &str) -> Option<bool> {
        self.firstnames.get(folded).copied().or_else(|| self.compiled.first_name(folded).map(|n| n.word))
    }

    /// Whether a folded word is a first name.
    pub fn is_first_name(&self, folded: &str) -> bool {
        self.first_name(folded).is_some()
    }

    /// The lexicon of a language.
    pub fn lang(&self, lang: Lang) -> &LangLex {
        match lang {
            Lang::En => &self.en,
            Lang::Fr => &self.fr,
        }
    }
}

/// The process-wide lexicons, built on first use.
pub static LEX: LazyLock<Lexicons> = LazyLock::new(build);

pub(crate) fn data(lang: Lang, name: &str) -> &'static str {
    match (lang, name) {
        (Lang::En, "emotions") => include_str!("../data/en/emotions.txt"),
        (Lang::En, "activities") => include_str!("../data/en/activities.txt"),
        (Lang::En, "objects") => include_str!("../data/en/objects.txt"),
        (Lang::En, "periods") => include_str!("../data/en/periods.txt"),
        (Lang::En, "kinship") => include_str!("../data/en/kinship.txt"),
        (Lang::En, "blocked") => include_str!("../data/en/blocked.txt"),
        (Lang::Fr, "emotions") => include_str!("../data/fr/emotions.txt"),
        (Lang::Fr, "activities") => include_str!("../data/fr/activities.txt"),
        (Lang::Fr, "objects") => include_str!("../data/fr/objects.txt"),
        (Lang::Fr, "periods") => include_str!("../data/fr/periods.txt"),
        (Lang::Fr, "kinship") => include_str!("../data/fr/kinship.txt"),
        (Lang::Fr, "blocked") => include_str!("../data/fr/blocked.txt"),
        _ => "",
    }
}

const PLACES: &str = include_str!("../data/common/places.txt");
const FIRSTNAMES: &str = include_str!("../data/common/firstnames.txt");
const NICKNAMES: &str = include_str!("../data/common/nicknames.txt");
const TITLES: &str = include_str!("../data/common/titles.txt");
const CUES: &str = include_str!("../data/common/placecues.txt");
const STOPWORDS: &str = include_str!("../data/common/stopwords.txt");
const HOLIDAYS: &str = include_str!("../data/lexicon/holidays.tsv");

/// Lines without comments and blanks.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Splits `key: a, b, c` into the key and its comma-separated items.
pub(crate) fn key_items(line: &str) -> (&str, Vec<&str>) {
    match line.split_once(':') {
        Some((k, rest)) => (k.trim(), rest.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()),
        None => (line.trim(), Vec::new()),
    }
}

struct Builder {
    patterns: Vec<String>,
    index: HashMap<String, usize>,
    pats: Vec<Vec<LexEntry>>,
    accents: Vec<String>,
}

/// Lower-case accented letters of `s`.
pub fn accented_letters(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars().flat_map(char::to_lowercase).filter(|c| c.is_alphabetic() && !c.is_ascii())
}

impl Builder {
    fn add(&mut self, form: &str, entry: LexEntry) {
        let doc = Doc::new(form);
        if doc.toks.is_empty() {
            return;
        }
        let pat = doc.folded.clone();
        let i = match self.index.get(&pat) {
            Some(&i) => i,
            None => {
                self.patterns.push(pat.clone());
                self.index.insert(pat, self.pats.len());
                self.pats.push(Vec::new());
                self.accents.push(String::new());
                self.pats.len() - 1
            }
        };
        for c in accented_letters(form) {
            if !self.accents[i].contains(c) {
                self.accents[i].push(c);
            }
        }
        // One reading per kind is enough; the first loaded wins.
        if !self.pats[i].iter().any(|e| e.kind == entry.kind) {
            self.pats[i].push(entry);
        }
    }
}

/// English activities of WordNet with their verb forms (generated; see data/lexicon/README.md).
const ACTIVITIES_EN: &str = include_str!("../data/lexicon/en-activities.tsv");

/// The past forms of the English activities of the hand list ("sang", "swum": singing, swimming),
/// from WordNet's derivational links, as finite verbs (`~`); not the base form, as often a noun
/// or an infinitive ("a swim", "ski lifts", "heard her sing"), nor the third person; and only
/// where most of WordNet's sense evidence for the verb is the activity ("sew", not "box" or
/// "draw"). Forms the hand list has keep its reading.
fn add_verb_forms(b: &mut Builder, canon: &[String]) {
    let activities: HashMap<&str, u32> = b
        .pats
        .iter()
        .flatten()
        .filter(|e| e.kind == LexKind::Activity)
        .map(|e| (canon[e.idx as usize].as_str(), e.idx))
        .collect();
    for row in lines(ACTIVITIES_EN) {
        let cols: Vec<&str> = row.split('\t').collect();
        let [form, lemma, "v", _zipf, share, ..] = cols[..] else { continue };
        let Some(&idx) = activities.get(lemma) else { continue };
        let base = lemma.starts_with(form.trim_end_matches('e'));
        if share.parse::<u32>().is_ok_and(|s| s >= 50) && !form.ends_with('s') && !base {
            b.add(form, LexEntry { verb: true, ..LexEntry::new(LexKind::Activity, idx) });
        }
    }
}

/// A gazetteer row: canonical name, forms with their needs-a-capital flag, and the flag of the
/// canonical name.
type PlaceRow = (String, Vec<(String, bool)>, bool);

fn build_lang(lang: Lang, places: &[PlaceRow]) -> LangLex {
    let mut b = Builder { patterns: Vec::new(), index: HashMap::default(), pats: Vec::new(), accents: Vec::new() };
    let mut canon = Vec::new();
    for (file, kind) in [
        ("emotions", LexKind::Emotion),
        ("activities", LexKind::Activity),
        ("objects", LexKind::Object),
        ("periods", LexKind::Period),
    ] {
        for line in lines(data(lang, file)) {
            let (key, items) = key_items(line);
            let idx = canon.len() as u32;
            canon.push(key.to_string());
            let mut forms: Vec<&str> = items;
            if forms.is_empty() {
                forms.push(key);
            }
            for raw in forms {
                let mut form = raw;
                let mut e = LexEntry::new(kind, idx);
                loop {
                    if let Some(r) = form.strip_prefix('?') {
                        e.ctx = true;
                        form = r;
                    } else if let Some(r) = form.strip_prefix('~') {
                        e.verb = true;
                        form = r;
                    } else if let Some(r) = form.strip_prefix('^') {
                        e.caps = true;
                        form = r;
                    } else if let Some(r) = form.strip_prefix('-') {
                        e.weak = true;
                        form = r;
                    } else {
                        break;
                    }
                }
                b.add(form, e);
            }
        }
    }
    if lang == Lang::En {
        add_verb_forms(&mut b, &canon);
    }
    let code = match lang {
        Lang::En => "en",
        Lang::Fr => "fr",
    };
    // Holidays and festivals from open data (generated; see data/lexicon/README.md): life periods
    // when the memory is about them, which the learned model decides like any other content word.
    for row in lines(HOLIDAYS) {
        let mut cols = row.split('\t');
        let (Some(form), Some(lemma), Some(l)) = (cols.next(), cols.next(), cols.next()) else { continue };
        if l != code {
            continue;
        }
        let idx = canon.len() as u32;
        canon.push(lemma.to_string());
        b.add(form, LexEntry { caps: true, holiday: true, ..LexEntry::new(LexKind::Period, idx) });
    }
    let mut kin = Vec::new();
    for line in lines(data(lang, "kinship")) {
        let (key, items) = key_items(line);
        let Some(cat) = items.first() else { continue };
        let idx = kin.len() as u32;
        kin.push(KinInfo {
            category: cat.to_string(),
            name: items.contains(&"name"),
            title: items.contains(&"title"),
            role: items.contains(&"role"),
            female: if items.contains(&"f") {
                Some(true)
            } else if items.contains(&"m") {
                Some(false)
            } else {
                crate::kin::category_female(cat)
            },
        });
        b.add(key, LexEntry::new(LexKind::Kin, idx));
    }
    for (pi, (_, forms, _)) in places.iter().enumerate() {
        for (form, caps) in forms {
            b.add(form, LexEntry { caps: *caps, ..LexEntry::new(LexKind::Place, pi as u32) });
        }
    }
    for block in lines(data(lang, "blocked")) {
        b.add(block, LexEntry::new(LexKind::Block, 0));
    }
    // A contiguous NFA, not a DFA: as fast on memories in the bench when it was chosen, for a fifth
    // of the memory and a third of the load time (`cargo bench` prints today's figures).
    let ac = AhoCorasickBuilder::new()
        .match_kind(MatchKind::Standard)
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .build(&b.patterns)
        .expect("lexicon automaton");
    LangLex { ac, pats: b.pats, accents: b.accents, canon, kin }
}

fn build() -> Lexicons {
    // Places: (canonical, forms with caps flag, canonical caps).
    let mut place_rows: Vec<PlaceRow> = Vec::new();
    for line in lines(PLACES) {
        let (head, rest) = match line.split_once('|') {
            Some((h, r)) => (h.trim(), r),
            None => (line, ""),
        };
        let caps = head.starts_with('*');
        let name = head.trim_start_matches('*').trim().to_string();
        let mut forms = vec![(name.clone(), caps)];
        for v in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let vc = v.starts_with('*');
            forms.push((v.trim_start_matches('*').trim().to_string(), vc));
        }
        place_rows.push((name, forms, caps));
    }
    let places = place_rows.iter().map(|(n, _, c)| PlaceInfo { name: n.clone(), caps: *c }).collect();
    let en = build_lang(Lang::En, &place_rows);
    let fr = build_lang(Lang::Fr, &place_rows);

    let mut firstnames = HashMap::default();
    for line in lines(FIRSTNAMES) {
        for w in line.split_whitespace() {
            let common = w.starts_with('*');
            firstnames.insert(fold(w.trim_start_matches('*')), common);
        }
    }
    let mut nicknames: HashMap<String, Vec<String>> = HashMap::default();
    for line in lines(NICKNAMES) {
        let (k, items) = key_items(line);
        nicknames.entry(fold(k)).or_default().extend(items.iter().map(|s| fold(s)));
    }
    let titles = lines(TITLES).map(fold).collect();
    let mut cues = HashMap::default();
    for line in lines(CUES) {
        let (k, items) = key_items(line);
        let w = items.first().copied().unwrap_or("both");
        cues.insert(fold(k), Cue { pre: w == "pre" || w == "both", post: w == "post" || w == "both" });
    }
    let mut stop = HashSet::default();
    for line in lines(STOPWORDS) {
        for w in line.split_whitespace() {
            stop.insert(fold(w));
        }
    }
    let mut brands = HashSet::default();
    for lang in [Lang::En, Lang::Fr] {
        for line in lines(data(lang, "objects")) {
            let (_, items) = key_items(line);
            for it in items {
                if let Some(b) = it.strip_prefix('^') {
                    brands.insert(crate::fold::name_key(b));
                }
            }
        }
    }
    Lexicons { en, fr, places, firstnames, compiled: Compiled::open(), nicknames, titles, cues, stop, brands }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexicons_are_sizeable_and_parse() {
        let lex = &*LEX;
        let count = |l: &LangLex, kind: LexKind| l.pats.iter().filter(|p| p.iter().any(|e| e.kind == kind)).count();
        for l in [&lex.en, &lex.fr] {
            assert!(count(l, LexKind::Emotion) >= 100, "emotions");
            assert!(count(l, LexKind::Activity) >= 60, "activities");
            assert!(count(l, LexKind::Object) >= 100, "objects");
            assert!(count(l, LexKind::Period) >= 30, "periods");
            assert!(count(l, LexKind::Kin) >= 60, "kin");
            assert!(count(l, LexKind::Block) >= 30, "blocked phrases");
            let holidays = l.pats.iter().filter(|p| p.iter().any(|e| e.holiday && e.caps)).count();
            assert!(holidays >= 50, "holidays: {holidays}");
        }
        assert!(lex.places.len() > 400);
        assert!(lex.firstnames.len() > 500);
        assert!(lex.titles.contains("mme"));
        assert!(lex.cues.get("rue").is_some_and(|c| c.pre));
        assert!(lex.brands.contains("land rover"));
    }
}
