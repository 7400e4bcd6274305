//! The extraction rules. One pass builds candidate mentions from five sources — the writer's own
//! names (Aho-Corasick), kin words, capitalised name spans, the lexicons and a few patterns —
//! then resolves overlaps, links what is left to existing entities and scores everything.

use std::borrow::Cow;

use crate::lexicon::{LEX, LangLex, LexEntry, LexKind, Lexicons};
use crate::link::{Cand, KnownHit, Matcher, Reason, Via};
use crate::model::Candidate;
use crate::token::{Doc, TokKind, gap};
use crate::{EntityMatch, EntityType, Lang, MemoryText, SuggestedAction, ValidationResult, name_key};

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

// Word classes used by the rules (folded forms).
const PLACE_PREPS: &[&str] = &[
    "in", "at", "to", "from", "near", "across", "into", "around", "towards", "toward", "outside", "up", "on", "devant",
    "derriere", "behind", "opposite", "beside", "past", "pres", "inside", "down", "along", "via", "visiting",
    "visited", "a", "au", "aux", "en", "dans", "depuis", "vers", "jusqu'", "pres", "sur", "par", "through", "leaving",
    "left", "reached", "landed",
];
const PERSON_PREPS: &[&str] = &[
    "with",
    "avec",
    "chez",
    "and",
    "et",
    "by",
    "named",
    "called",
    "nicknamed",
    "met",
    "meet",
    "meeting",
    "told",
    "asked",
    "thanked",
    "hugged",
    "kissed",
    "visit",
    "appelle",
    "nomme",
    "for",
    "pour",
    "love",
    "miss",
    "adopted",
    "adopte",
];
const WORK_VERBS: &[&str] = &[
    "watched",
    "watching",
    "watch",
    "read",
    "reading",
    "reread",
    "discussed",
    "discussing",
    "finished",
    "saw",
    "seen",
    "regarde",
    "regarder",
    "revu",
    "lu",
    "lire",
    "relu",
    "discute",
    "vu",
    "chante",
    "sang",
    "sing",
    "singing",
    "performed",
    "rehearsed",
    "practised",
    "practiced",
    "through",
];
const MUSIC_CUES: &[&str] = &["accords", "chords", "solo", "air", "tune", "song", "chanson", "morceau"];
const FIRST_PERSON: &[&str] =
    &["i", "we", "me", "us", "my", "our", "je", "j'", "m'", "moi", "nous", "on", "mon", "ma", "mes", "'m", "myself"];
const THIRD_SUBJECT: &[&str] = &["he", "she", "they", "il", "elle", "ils", "elles"];
const THIRD_POSSESSIVE: &[&str] = &["his", "her", "their", "sa", "son", "ses", "leur", "leurs"];
pub(crate) const MY: &[&str] = &["my", "our", "ma", "mon", "mes", "notre", "nos"];
const DETERMINERS: &[&str] = &[
    "the", "a", "an", "his", "her", "their", "your", "its", "this", "that", "every", "le", "la", "les", "l'", "un",
    "une", "sa", "son", "ses", "leur", "leurs", "ta", "ton", "tes", "votre", "vos", "ce", "cette", "some", "any", "no",
    "des", "du", "d'", "my", "our", "ma", "mon", "mes", "notre", "nos",
];
const EMOTION_CONTEXT: &[&str] = &[
    "feel",
    "feels",
    "felt",
    "feeling",
    "so",
    "very",
    "really",
    "quite",
    "too",
    "bit",
    "little",
    "am",
    "was",
    "were",
    "be",
    "been",
    "being",
    "'m",
    "got",
    "get",
    "getting",
    "more",
    "most",
    "totally",
    "completely",
    "incredibly",
    "such",
    "truly",
    "deeply",
    "mostly",
    "weirdly",
    "strangely",
    "oddly",
    "just",
    "still",
    "utterly",
    "sens",
    "sentais",
    "senti",
    "sentie",
    "sentir",
    "sentis",
    "suis",
    "etais",
    "ete",
    "etre",
    "trop",
    "si",
    "tellement",
    "tres",
    "vraiment",
    "assez",
    "peu",
    "plutot",
    "completement",
    "profondement",
    "quelle",
    "quel",
    "grande",
    "grand",
    "eu",
    "avais",
    "rendu",
    "rendue",
    "aussi",
    "as",
    "entre",
    "sheer",
    "pure",
    "tout",
    "toute",
];
/// Days, months and holidays: capitalised, but never the start of a place name.
const TIME_WORDS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "lundi",
    "mardi",
    "mercredi",
    "jeudi",
    "vendredi",
    "samedi",
    "dimanche",
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "janvier",
    "fevrier",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "aout",
    "septembre",
    "octobre",
    "novembre",
    "decembre",
    "christmas",
    "easter",
    "noel",
    "paques",
    "toussaint",
    "halloween",
];
/// Common irregular past tenses (and a few present forms) that follow a subject.
const PAST_VERBS: &[&str] = &[
    "broke", "came", "went", "made", "took", "gave", "told", "said", "brought", "sang", "ran", "won", "lost", "fell",
    "left", "got", "found", "bought", "met", "wrote", "drove", "flew", "swam", "sent", "kept", "held", "hid", "lent",
    "taught", "caught", "thought", "slept", "spent", "stood", "sat", "saw", "ate", "drank", "rang", "began", "forgot",
    "knew", "grew", "threw", "wore", "laughed", "cried", "smiled", "turned", "says", "thinks", "looks", "seems",
    "loves", "hates", "knows", "wants", "lives", "works",
];

/// Verbs after which a concrete noun is usually a thing that matters.
const GIFT_VERBS: &[&str] = &[
    "gave",
    "sent",
    "envoye",
    "given",
    "bought",
    "found",
    "kept",
    "inherited",
    "lent",
    "knitted",
    "sewed",
    "offert",
    "offerte",
    "donne",
    "donnee",
    "achete",
    "retrouve",
    "garde",
    "herite",
    "prete",
    "tricote",
    "fabrique",
    "ressorti",
    "treasure",
    "restored",
    "repaired",
    "fixed",
    "repare",
    "restaure",
];
/// Determiners between such a verb and its object.
const SIMPLE_DETS: &[&str] = &[
    "a", "an", "the", "my", "his", "her", "their", "our", "un", "une", "le", "la", "l'", "les", "mon", "ma", "mes",
    "son", "sa", "ses", "notre", "leur", "des",
];
/// Things given or found that are not keepsakes: food, time, words.
const FOOD_AND_SUCH: &[&str] = &[
    "loaf",
    "loaves",
    "miche",
    "baguette",
    "cookies",
    "biscuits",
    "muffins",
    "scones",
    "brownies",
    "casserole",
    "cake",
    "pie",
    "bread",
    "lunch",
    "dinner",
    "breakfast",
    "coffee",
    "tea",
    "wine",
    "beer",
    "pizza",
    "sandwich",
    "sandwiches",
    "chocolate",
    "chocolates",
    "flowers",
    "money",
    "cash",
    "time",
    "speech",
    "hug",
    "kiss",
    "lift",
    "ride",
    "hand",
    "call",
    "seat",
    "way",
    "answer",
    "advice",
    "chance",
    "job",
    "place",
    "room",
    "table",
    "parking",
    "space",
    "courage",
    "strength",
    "gateau",
    "repas",
    "diner",
    "dejeuner",
    "cafe",
    "the",
    "vin",
    "biere",
    "fleurs",
    "argent",
    "temps",
    "discours",
    "bisou",
    "coup",
    "main",
    "appel",
    "place",
    "chemin",
    "reponse",
    "conseil",
    "conseils",
    "travail",
    "emploi",
    "courage",
    "force",
    "croissant",
    "croissants",
    "bonbons",
    "glace",
    "soupe",
    "pain",
    "idea",
    "idee",
    "moment",
    "minute",
    "minutes",
    "heure",
    "hour",
    "hours",
    "heures",
    "news",
    "nouvelles",
    "lesson",
    "lecon",
    "smile",
    "sourire",
    "look",
    "regard",
];

/// Containers: in "a box of photos" the photos are the thing that matters.
const CONTAINERS: &[&str] = &[
    "box", "shoebox", "tin", "bag", "suitcase", "crate", "drawer", "boite", "carton", "sac", "valise", "malle",
    "tiroir", "coffret", "pile", "stack", "bundle", "paquet", "liasse",
];

/// Nouns that follow a possessive but are not objects: places, events, body parts, people, ideas.
const NOT_OBJECTS: &[&str] = &[
    "house",
    "flat",
    "home",
    "place",
    "garden",
    "garage",
    "room",
    "bedroom",
    "kitchen",
    "birthday",
    "funeral",
    "wedding",
    "party",
    "death",
    "hands",
    "hand",
    "face",
    "eyes",
    "voice",
    "hair",
    "arm",
    "arms",
    "heart",
    "grave",
    "side",
    "friend",
    "friends",
    "family",
    "stories",
    "story",
    "words",
    "laugh",
    "smile",
    "name",
    "memory",
    "memories",
    "life",
    "day",
    "time",
    "office",
    "bed",
    "dog",
    "cat",
    "wife",
    "husband",
    "son",
    "daughter",
    "kids",
    "children",
    "parents",
    "advice",
    "way",
    "idea",
    "fault",
    "turn",
    "job",
    "work",
    "shop",
    "street",
    "village",
    "town",
    "city",
    "cooking",
    "recipe",
    "garden",
    "surgery",
    "operation",
    "illness",
    "health",
    "age",
    "retirement",
    "number",
    "maison",
    "appartement",
    "jardin",
    "chambre",
    "cuisine",
    "anniversaire",
    "enterrement",
    "mariage",
    "mort",
    "mains",
    "main",
    "visage",
    "yeux",
    "voix",
    "cheveux",
    "bras",
    "coeur",
    "tombe",
    "cote",
    "ami",
    "amie",
    "amis",
    "famille",
    "histoires",
    "histoire",
    "mots",
    "rire",
    "sourire",
    "nom",
    "souvenir",
    "souvenirs",
    "vie",
    "jour",
    "temps",
    "bureau",
    "lit",
    "chien",
    "chat",
    "femme",
    "mari",
    "fils",
    "fille",
    "enfants",
    "parents",
    "conseils",
    "idee",
    "faute",
    "tour",
    "travail",
    "boulot",
    "rue",
    "ville",
    "recette",
    "recettes",
    "age",
    "retraite",
    "part",
    "place",
    "mort",
    "deces",
    "depart",
    "arrivee",
    "voiture",
    "mere",
    "pere",
    "soeur",
    "frere",
];
/// Describing words between a possessive and a kin word ("my little sister").
pub(crate) const KIN_ADJ: &[&str] = &[
    "little", "big", "older", "younger", "baby", "dear", "eldest", "youngest", "twin", "late", "petit", "petite",
    "grand", "grande", "cher", "chere", "aine", "ainee", "cadet", "cadette", "defunt", "defunte", "feu",
];
/// Verbs of doing before an ambiguous activity noun.
const ACTIVITY_CONTEXT: &[&str] = &[
    "faire", "fait", "fais", "faisons", "faisait", "faisais", "cours", "atelier", "aime", "adore", "love", "loves",
    "enjoy", "enjoyed", "started", "play", "played", "playing", "jouer", "joue", "pratique", "practice", "practise",
    "go", "went", "tried", "essaye",
];
const OBJECT_VERBS: &[&str] = &[
    "gave",
    "sent",
    "envoye",
    "give",
    "given",
    "bought",
    "buy",
    "found",
    "find",
    "kept",
    "keep",
    "treasure",
    "inherited",
    "offered",
    "got",
    "received",
    "fixed",
    "repaired",
    "restored",
    "lost",
    "broke",
    "made",
    "knitted",
    "sewed",
    "framed",
    "wore",
    "wear",
    "wearing",
    "carry",
    "carried",
    "brought",
    "surprised",
    "donne",
    "offert",
    "offerte",
    "achete",
    "retrouve",
    "garde",
    "gardee",
    "herite",
    "repare",
    "perdu",
    "apporte",
    "ressorti",
    "casse",
    "tricote",
    "montre",
    "porte",
    "portait",
    "reparer",
    "offrir",
    "garder",
    "offert",
    "found",
    "stays",
    "kept",
    "fit",
    "clearing",
    "replaced",
    "photos",
    "cousu",
    "sewn",
    "planted",
    "plante",
    "left",
    "laisse",
    "inherit",
    "dug",
    "stolen",
    "vole",
    "volee",
    "stole",
    "borrowed",
    "emprunte",
    "lent",
    "prete",
    "sorti",
];
const OBJECT_ADJ: &[&str] = &[
    "old",
    "copper",
    "brass",
    "iron",
    "porcelain",
    "glass",
    "crystal",
    "velvet",
    "silk",
    "wool",
    "enamel",
    "favourite",
    "favorite",
    "chipped",
    "framed",
    "vieux",
    "vieille",
    "vieil",
    "ancien",
    "ancienne",
    "prefere",
    "preferee",
    "precious",
    "antique",
    "battered",
    "beloved",
    "first",
    "new",
    "nouveau",
    "nouvelle",
    "blue",
    "green",
    "red",
    "yellow",
    "black",
    "white",
    "pink",
    "rouge",
    "bleu",
    "bleue",
    "vert",
    "verte",
    "noir",
    "noire",
    "blanc",
    "blanche",
    "little",
    "petit",
    "petite",
    "tiny",
    "wooden",
    "silver",
    "gold",
    "golden",
    "leather",
    "woollen",
    "premier",
    "premiere",
    "paper",
    "precieux",
    "precieuse",
    "fameux",
    "fameuse",
    "famous",
];
const PRETEND: &[&str] = &["pretend", "pretended", "pretending", "pretends", "semblant", "fake", "faked"];
const VERBISH_AFTER: &[&str] = &[
    "is", "was", "has", "had", "said", "says", "will", "would", "can", "could", "always", "never", "just", "finally",
    "still", "also", "made", "came", "went", "took", "told", "asked", "lent", "brought", "gave", "got", "loved",
    "loves", "wants", "wanted", "thinks", "thought", "called", "sent", "did", "does", "hid", "stayed", "tried", "a",
    "avait", "est", "etait", "m'", "me", "nous", "lui", "se", "s'", "n'", "ne", "y", "va", "fait", "dit", "sera",
    "aime", "'s", "who", "qui", "and", "et", "isn't", "wasn't", "'ll", "'d", "et", "agreed",
];

impl<'a> Cx<'a> {
    /// A determiner ("the", "la"...); the folded French "à" is not the English "a".
    fn is_det(&self, w: &str) -> bool {
        DETERMINERS.contains(&w) && !(w == "a" && self.lang == Lang::Fr)
    }

    /// A preposition that introduces a place.
    fn is_place_prep(&self, w: &str) -> bool {
        PLACE_PREPS.contains(&w) && !(w == "a" && self.lang == Lang::En)
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
        self.lex.stop.contains(self.f(i))
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

    fn any_before(&self, i: usize, k: usize, set: &[&str]) -> bool {
        self.before(i, k).any(|j| set.contains(&self.f(j)))
    }

    /// The nearest pronoun before `i` in its clause is a third person.
    fn third_person(&self, i: usize, possessive_too: bool) -> bool {
        let mut j = i;
        for _ in 0..8 {
            let Some(p) = self.prev(j) else { return false };
            let w = self.f(p);
            if FIRST_PERSON.contains(&w) {
                return false;
            }
            if THIRD_SUBJECT.contains(&w) || (possessive_too && THIRD_POSSESSIVE.contains(&w)) {
                return true;
            }
            if self.doc.toks[p].gap & gap::COMMA != 0
                || matches!(w, "but" | "mais" | "because" | "car" | "que" | "that" | "and" | "et")
            {
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

    // ---------------------------------------------------------------- sources

    fn lexicon_hits(&mut self) {
        let doc = self.doc;
        for (i, t) in doc.toks.iter().enumerate() {
            if t.cap && !t.sent_start && t.kind == TokKind::Word {
                self.mid_caps.insert(doc.f(i));
            }
        }
        for mat in self.ll.ac.find_overlapping_iter(doc.folded.as_str()) {
            let Some((a, b)) = tok_range(doc, mat.start(), mat.end()) else {
                continue;
            };
            for e in &self.ll.pats[mat.pattern().as_usize()] {
                if e.kind == LexKind::Block {
                    for t in a..=b {
                        self.blocked[t] = true;
                    }
                }
                for t in a..=b {
                    self.kinds[t] |= kind_bit(e.kind);
                }
                if e.kind == LexKind::Kin {
                    let longer = self.kin_end[b].is_none_or(|(oa, _)| a < oa);
                    if longer {
                        self.kin_end[b] = Some((a, e.idx));
                    }
                }
                if e.kind == LexKind::Place && self.place_at[a].is_none_or(|ob| b > ob) {
                    self.place_at[a] = Some(b);
                }
                self.lexh.push(LexHit { a, b, e: *e, pat: mat.pattern().as_u32() });
            }
        }
    }

    fn known_hits(&mut self) {
        self.known = self.m.hits(self.doc);
        let hits = std::mem::take(&mut self.known);
        for h in &hits {
            let ent = &self.m.ents[h.ent as usize];
            let ty = ent.entity_type;
            // A modifier of a thing: "fishing rods", "wedding dress" are objects, not the
            // writer's fishing or wedding.
            if matches!(ty, EntityType::Activity | EntityType::LifePeriod)
                && self
                    .next(h.b)
                    .is_some_and(|j| self.doc.toks[j].gap == 0 && self.kinds[j] & 4 != 0 && !self.doc.toks[j].cap)
            {
                continue;
            }
            let all_lower = (h.a..=h.b).all(|t| !self.doc.toks[t].cap);
            let mut score = match h.via {
                Via::Name => 0.95,
                Via::Alias => 0.93,
                Via::Short => 0.86,
            };
            if h.proper && all_lower && !self.lower_style {
                // A proper name written in lower case: an ordinary word ("summer", "rose")?
                let common = (h.a..=h.b).any(|t| {
                    let w = self.f(t);
                    self.lex.stop.contains(w)
                        || self.lex.first_name(w).unwrap_or(false)
                        || self.kinds[t] & CONTENT_BITS != 0
                });
                if common && matches!(ty, EntityType::Person | EntityType::Location) {
                    continue;
                }
                score = 0.7;
            }
            // A kin word alias ("Mum", "Granny") after a determiner is not that person.
            if ty == EntityType::Person
                && h.a == h.b
                && let Some(p) = self.prev_f(h.a)
            {
                let w = self.f(h.a);
                let is_kin = self.kin_end[h.b].is_some_and(|(ka, _)| ka == h.a);
                if is_kin && self.is_det(p) && !MY.contains(&p) {
                    continue;
                }
                if is_kin && MY.contains(&p) && !w.is_empty() {
                    // "my mum": fine, it is the writer's.
                }
            }
            let conf = match h.via {
                Via::Name => 0.97,
                Via::Alias => 0.94,
                Via::Short => 0.9,
            };
            let reason = match h.via {
                Via::Name => Reason::ExactName,
                Via::Alias => Reason::Alias,
                Via::Short => Reason::NameWithoutArticle,
            };
            let rel = if ty == EntityType::Person { ent.category.clone() } else { None };
            let m = Mention {
                a: h.a,
                b: h.b,
                ty,
                name: self.text(h.a, h.b).to_string(),
                canon: None,
                score,
                rel,
                links: vec![Cand { ent: h.ent, conf: if score < 0.8 { conf - 0.2 } else { conf }, reason }],
                prio: 5,
                fuzzy: false,
                alts: Vec::new(),
                alt_canons: Vec::new(),
            };
            self.push(m);
        }
        self.known = hits;
    }

    /// Kin words: "my sister" resolved to the writer's one sister; "Mum", "Papy" used as names.
    fn kin(&mut self) {
        let hits: Vec<LexHit> = self.lexh.iter().filter(|h| h.e.kind == LexKind::Kin).copied().collect();
        for h in hits {
            let info = &self.ll.kin[h.e.idx as usize];
            let cat = info.category.clone();
            // "my little sister", "ma petite sœur": skip one describing word.
            let prev = self.prev(h.a).map(|p| {
                let kin_adj = KIN_ADJ.contains(&self.f(p));
                match self.prev(p) {
                    Some(q) if kin_adj && MY.contains(&self.f(q)) => q,
                    _ => p,
                }
            });
            let pw = prev.map(|p| self.f(p).to_string());
            let next_name = self.next(h.b).is_some_and(|j| {
                self.cap_word(j) || (self.lower_style && self.lex.first_name(self.f(j)) == Some(false))
            });
            let next_appelle = self.next(h.b).is_some_and(|j| {
                matches!(self.f(j), "s'" | "named" | "called" | "nomme" | "nommee")
                    && self.next(j).is_some_and(|k| {
                        let k = if self.f(k) == "appelle" { self.next(k).unwrap_or(k) } else { k };
                        self.doc.toks[k].cap || self.lower_style
                    })
            });
            let cap = self.doc.toks[h.a].cap;
            for t in h.a..=h.b {
                self.kin_tok[t] = true;
            }
            if pw.as_deref().is_some_and(|p| MY.contains(&p)) {
                if next_name || next_appelle {
                    continue; // "my brother Marcus": the name carries the mention.
                }
                let people = self.m.people_in_category(&cat);
                if people.len() == 1 {
                    let ei = people[0];
                    let ent = &self.m.ents[ei as usize];
                    self.push(Mention {
                        a: prev.unwrap_or(h.a),
                        b: h.b,
                        ty: EntityType::Person,
                        name: ent.name.clone(),
                        canon: None,
                        score: 0.9,
                        rel: Some(cat.clone()),
                        links: vec![Cand { ent: ei, conf: 0.92, reason: Reason::Relationship }],
                        prio: 4,
                        fuzzy: false,
                        alts: Vec::new(),
                        alt_canons: Vec::new(),
                    });
                }
                continue;
            }
            if !info.name || h.a != h.b && !cap {
                continue;
            }
            if !(cap || self.lower_style) {
                continue;
            }
            if pw.as_deref().is_some_and(|p| self.is_det(p)) {
                continue;
            }
            if info.title && next_name {
                continue; // "Grandpa Joe": a name span.
            }
            let people = self.m.people_in_category(&cat);
            let mut links = Vec::new();
            if people.len() == 1 {
                links.push(Cand { ent: people[0], conf: 0.88, reason: Reason::Relationship });
            }
            self.push(Mention {
                a: h.a,
                b: h.b,
                ty: EntityType::Person,
                name: self.text(h.a, h.b).to_string(),
                canon: None,
                score: 0.88,
                rel: Some(cat),
                links,
                prio: 4,
                fuzzy: false,
                alts: Vec::new(),
                alt_canons: Vec::new(),
            });
        }
    }

    /// Gazetteer places.
    fn places(&mut self) {
        let hits: Vec<LexHit> = self.lexh.iter().filter(|h| h.e.kind == LexKind::Place).copied().collect();
        for h in hits {
            if self.blocked[h.a] {
                continue;
            }
            // Needs a capital on a content word unless the name is unambiguous.
            let capped = (h.a..=h.b).any(|t| self.doc.toks[t].cap && !self.is_stop(t));
            let place = &self.lex.places[h.e.idx as usize];
            let single = h.a == h.b;
            if !capped && !self.lower_style {
                if h.e.caps || place.caps {
                    continue;
                }
                // A lower-case single word that is also a first name or a stop word: skip.
                if single && (self.lex.is_first_name(self.f(h.a)) || self.is_stop(h.a)) {
                    continue;
                }
                // Otherwise only after a place preposition ("in kyoto", not "la sienne").
                if single && !self.prev_f(h.a).is_some_and(|p| self.is_place_prep(p)) {
                    continue;
                }
            }
            if h.e.caps && !capped {
                continue;
            }
            if (h.e.caps || place.caps)
                && (h.a..=h.b).all(|t| !self.doc.toks[t].cap || self.doc.toks[t].sent_start)
                && !self.prev_f(h.a).is_some_and(|p| self.is_place_prep(p))
            {
                continue;
            }
            // "l'université de Lille", "le lac d'Annecy": the span rules take the naming word too.
            let cue_before = self.prev(h.a).is_some_and(|d| {
                matches!(self.f(d), "de" | "du" | "d'" | "des")
                    && self.prev(d).is_some_and(|q| {
                        !self.doc.toks[q].cap && self.lex.cues.get(self.f(q)).is_some_and(|c| c.pre && !c.post)
                    })
            });
            if cue_before && capped {
                continue;
            }
            // A first name that is also a place (Florence, Nancy) is decided by the span rules.
            if single && self.lex.is_first_name(self.f(h.a)) && capped {
                continue;
            }
            // Inside a larger capitalised name ("Paris Hilton", "Lincoln High")? Let spans decide.
            let left_cap = self.prev(h.a).is_some_and(|p| self.cap_word(p) && !self.doc.toks[h.a].sent_start);
            let right_cap = self.next(h.b).is_some_and(|j| self.cap_word(j));
            if capped && (left_cap || right_cap) {
                continue;
            }
            self.push(Mention {
                a: h.a,
                b: h.b,
                ty: EntityType::Location,
                name: self.text(h.a, h.b).to_string(),
                canon: None,
                score: if capped { 0.9 } else { 0.78 },
                rel: None,
                links: Vec::new(),
                prio: 3,
                fuzzy: true,
                alts: vec![crate::name_key(&place.name)],
                alt_canons: Vec::new(),
            });
        }
    }

    /// The next word is a verb that takes a subject: "Jas broke", "Yanis avait", "Léna a".
    fn subject_verb_next(&self, i: usize) -> bool {
        // Past the rest of a hyphenated name ("Min-ji a posé").
        let mut i = i;
        while i + 1 < self.n() && self.doc.toks[i + 1].hyph_prev {
            i += 1;
        }
        let Some(j) = self.next(i) else { return false };
        if self.doc.toks[j].cap {
            return false;
        }
        let v = self.f(j);
        match self.lang {
            Lang::En => {
                PAST_VERBS.contains(&v)
                    || (v.ends_with("ed")
                        && v.len() > 4
                        && !["tion", "ment", "ness", "ity", "ance", "ence", "ing", "ship"]
                            .iter()
                            .any(|s| self.f(i).ends_with(s)))
                    || matches!(
                        v,
                        "was"
                            | "has"
                            | "had"
                            | "is"
                            | "said"
                            | "says"
                            | "will"
                            | "would"
                            | "can"
                            | "could"
                            | "did"
                            | "does"
                    )
            }
            Lang::Fr => {
                matches!(
                    v,
                    "avait" | "etait" | "est" | "m'" | "me" | "lui" | "nous" | "s'" | "se" | "va" | "fait" | "dit"
                ) || self.doc.raw(j) == "a"
            }
        }
    }

    /// Whether a sentence-initial capitalised word may begin a name.
    fn start_ok(&self, i: usize) -> bool {
        let w = self.f(i);
        if self.lex.titles.contains(w) {
            return true;
        }
        if let Some(c) = self.lex.cues.get(w)
            && c.pre
            && self.next(i).is_some_and(|j| self.cap_word(j))
        {
            return true;
        }
        let in_lexicon = self.kinds[i] & CONTENT_BITS != 0;
        let verb_next = self.next(i).is_some_and(|j| {
            let v = self.f(j);
            !self.doc.toks[j].cap
                && (VERBISH_AFTER.contains(&v) || PAST_VERBS.contains(&v) || (v.ends_with("ed") && v.len() > 3))
        });
        match self.lex.first_name(w) {
            // "Ravi." alone is a feeling (ravi), not Ravi.
            Some(false) if in_lexicon && self.next(i).is_none_or(|j| self.doc.toks[j].gap & gap::COMMA != 0) => {
                return false;
            }
            Some(false) => return true,
            Some(true) if verb_next || self.next(i).is_some_and(|j| matches!(self.f(j), "from" | "de")) => {
                return true;
            }
            Some(_) => {}
            // An unknown capitalised word doing something: "Jas broke a string".
            None if self.subject_verb_next(i)
                && !in_lexicon
                && w.chars().count() >= 3
                && !self.lex.cues.contains_key(w)
                && !["ly", "ed", "ing", "e", "ee", "es", "ees"].iter().any(|s| w.ends_with(s)) =>
            {
                return true;
            }
            None => {}
        }
        // A country, region or sizeable town of the gazetteer whose name is no ordinary word.
        if !in_lexicon && self.lex.compiled.place(self.doc.raw(i)).is_some_and(|p| p.major && !p.word) {
            return true;
        }
        // Written with a capital elsewhere in mid-sentence.
        let elsewhere = self.mid_caps.contains(w);
        if elsewhere {
            return true;
        }
        // "Priti and Owen waited": coordinated with a first name.
        if let Some(j) = self.next(i)
            && matches!(self.f(j), "and" | "et")
            && self.next(j).is_some_and(|k| {
                (self.doc.toks[k].cap && self.lex.is_first_name(self.f(k)))
                    // "Priya and I", "Léa et moi"
                    || (self.doc.raw(k) == "I" || self.f(k) == "moi")
            })
            && !in_lexicon
            && !self.lex.cues.contains_key(w)
        {
            return true;
        }
        // Close to an existing person's name ("Kathrine" for Katherine).
        if !in_lexicon && !self.m.is_empty() {
            let c = self.cached_link(self.doc.raw(i), EntityType::Person, true);
            if c.iter().any(|c| c.conf >= 0.8) {
                return true;
            }
        }
        if in_lexicon {
            return false;
        }
        // A two-word capitalised name ("Danny Reyes", "Hollis Bakery").
        self.next(i).is_some_and(|j| {
            self.cap_word(j)
                && self.doc.toks[j].gap == 0
                && !self.doc.toks[j].hyph_prev
                && !self.lex.is_first_name(w)
                && !w.ends_with("ed")
                && !w.ends_with("ing")
        }) && !self.lex.is_first_name(self.f(i + 1))
            && self.kinds[i + 1] & CONTENT_BITS == 0
            && self.lex.cues.get(self.f(i + 1)).is_some_and(|c| c.post)
    }

    /// Capitalised name spans, classified as person, location or object.
    fn spans(&mut self) {
        let n = self.n();
        let mut i = 0;
        while i < n {
            let t = &self.doc.toks[i];
            let lower_name = self.lower_style
                && t.kind == TokKind::Word
                && !t.cap
                && self.lex.first_name(self.f(i)) == Some(false)
                && !self.is_stop(i);
            let code = t.cap && t.digit && self.doc.raw(i).chars().all(|c| c.is_ascii_digit() || c.is_uppercase());
            // A capitalised stop word in mid-sentence before another capital: "the Premier Inn",
            // "watched The Princess Bride".
            let title_start =
                t.cap && self.lex.titles.contains(self.f(i)) && self.next(i).is_some_and(|j| self.cap_word(j));
            let cap_stop_start = !t.sent_start
                && self.cap_any(i)
                && self.is_stop(i)
                && self.next(i).is_some_and(|j| {
                    self.doc.toks[j].gap == 0
                        && (self.cap_word(j)
                            || (matches!(self.f(j), "de" | "du" | "des" | "d'" | "of")
                                && !TIME_WORDS.contains(&self.f(i))
                                && self.next(j).is_some_and(|k| {
                                    let k = if matches!(self.f(k), "la" | "l'" | "the") {
                                        self.next(k).unwrap_or(k)
                                    } else {
                                        k
                                    };
                                    self.cap_word(k)
                                })))
                });
            if !(self.cap_word(i) || lower_name || code || cap_stop_start || title_start) || t.hyph_prev {
                i += 1;
                continue;
            }
            if t.line == 0 && self.title_case && !lower_name {
                i += 1;
                continue;
            }
            if t.sent_start && !lower_name && !self.start_ok(i) {
                i += 1;
                continue;
            }
            // Extend.
            let a = i;
            let mut b = i;
            loop {
                let j = b + 1;
                if j >= n {
                    break;
                }
                let tj = &self.doc.toks[j];
                if tj.hyph_prev {
                    b = j;
                    continue;
                }
                if tj.gap & (gap::STOP | gap::COMMA | gap::QUOTE) != 0 && tj.gap & gap::ABBREV_DOT == 0 {
                    break;
                }
                if tj.gap & gap::STOP != 0 {
                    break;
                }
                if tj.kind == TokKind::Clitic {
                    let cl = self.f(j);
                    if cl == "'" {
                        b = j;
                        break;
                    }
                    // "St Columba's", "Saint Bride's": the possessive is part of the name.
                    if cl == "'s" && matches!(self.f(a), "st" | "saint" | "ste" | "sainte") && b > a {
                        b = j;
                        if !(j + 1 < n && self.cap_word(j + 1) && self.doc.toks[j + 1].gap == 0) {
                            break;
                        }
                        b = j + 1;
                        continue;
                    }
                    // "St Mary's Hall", "King's College": keep going when a capital follows.
                    if cl == "'s"
                        && j + 1 < n
                        && self.cap_word(j + 1)
                        && self.doc.toks[j + 1].gap == 0
                        && !self.lex.is_first_name(self.f(j + 1))
                    {
                        b = j + 1;
                        continue;
                    }
                    break;
                }
                if self.cap_word(j) || (self.cap_any(j) && !tj.sent_start && b > a) {
                    b = j;
                    continue;
                }
                if lower_name {
                    break;
                }
                // Connectors: de, du, des, d', da, of (the), de la.
                let w = self.f(j);
                let conn = matches!(w, "de" | "du" | "des" | "d'" | "da" | "di" | "del" | "van" | "von" | "of" | "y");
                if conn {
                    let mut k = j + 1;
                    if k < n && matches!(self.f(k), "la" | "the" | "l'" | "le") {
                        k += 1;
                    }
                    if k < n && self.cap_any(k) && self.doc.toks[k].gap & (gap::STOP | gap::COMMA) == 0 {
                        b = k;
                        continue;
                    }
                }
                break;
            }
            i = b + 1;
            self.classify(a, b);
        }
    }

    fn classify(&mut self, a0: usize, b0: usize) {
        let (mut a, b) = (a0, b0);
        let lex = self.lex;
        // Skip spans the writer's own names or kin words already cover.
        if (a..=b).all(|t| self.strong[t]) || (a..=b).all(|t| self.placed[t]) {
            return;
        }
        let first = self.f(a).to_string();
        let last = self.f(b).to_string();
        let prev = self.prev(a);
        let pw = prev.map(|p| self.f(p).to_string()).unwrap_or_default();
        let p2 = prev.and_then(|p| self.prev(p));
        let p2w = p2.map(|p| self.f(p).to_string()).unwrap_or_default();
        let next = self.next(b);
        let nw = next.map(|j| self.f(j).to_string()).unwrap_or_default();
        let single = a == b;
        let key = if (a..=b).any(|t| self.kinds[t] & 4 != 0) { name_key(self.text(a, b)) } else { String::new() };
        let rel: Option<String>;

        // Known span exactly? Then known_hits made it.
        // Gazetteer place covering exactly (a first name that is also a place).
        let generated = self.place_at[a] != Some(b) && self.generated_place(a, b, &pw);
        let gaz = self.place_at[a] == Some(b) || generated;
        // A hyphenated compound is a first name only as a whole ("Marie-Thérèse"); one whose first
        // part alone is ("stade Pierre-Mauroy") names something after a person, as French writes it.
        let mut first_end = a;
        while first_end < b && self.doc.toks[first_end + 1].hyph_prev {
            first_end += 1;
        }
        let firstname = if first_end == a {
            lex.first_name(first.as_str())
        } else {
            lex.first_name(&crate::fold::lexicon_key(self.text(a, first_end)))
        };
        let brand = lex.brands.contains(&key);

        // Honorific title first: "Mrs. Tanaka", "Dr Benali", "M. Garnier".
        if lex.titles.contains(first.as_str()) && !single {
            let rel = self.role_before(a);
            self.emit(a, b, EntityType::Person, 0.9, rel, 3);
            return;
        }
        // Lower-case honorific before: "docteur Benali", "madame Roux".
        if let Some(p) = prev
            && lex.titles.contains(pw.as_str())
            && !self.doc.toks[p].cap
            && pw.len() > 2
            && self.doc.toks[a].gap == 0
        {
            self.emit(p, b, EntityType::Person, 0.88, None, 3);
            return;
        }
        // Kin title: "Grand-mère Odette", "Mamie Yvonne", "tante Maïté", "Auntie Bev".
        let kin_at = |cx: &Self, i: usize| -> Option<(usize, usize, bool)> {
            cx.kin_end[i].map(|(ka, k)| (ka, i, cx.ll.kin[k as usize].title))
        };
        if let Some((ka, _, true)) = kin_at(self, a)
            && !single
        {
            let info = self.kin_info_at(a);
            self.emit(ka, b, EntityType::Person, 0.88, info, 3);
            return;
        }
        if let Some(p) = prev
            && let Some((ka, kb, title)) = kin_at(self, p)
        {
            let info = self.kin_info_at(kb);
            let is_role = self.kin_end[kb].is_some_and(|(_, k)| self.ll.kin[k as usize].role);
            if title && self.doc.toks[ka].cap {
                self.emit(ka, b, EntityType::Person, 0.88, info, 3);
                return;
            }
            if title || is_role {
                // "my brother Marcus", "tante Maïté", "coach Durand", "his dog Whisky".
                let mine = self.prev(ka).is_some_and(|q| MY.contains(&self.f(q)));
                let r = if mine || title { info } else { None };
                self.emit(a, b, EntityType::Person, 0.86, r, 3);
                return;
            }
        }
        // A kin word used as a name ("Visite à Mamie") is a person, wherever it stands.
        if single && self.kin_end[a].is_some_and(|(ka, k)| ka == a && self.ll.kin[k as usize].name) {
            let info = self.kin_info_at(a);
            self.emit(a, b, EntityType::Person, 0.85, info, 3);
            return;
        }
        // "un pub de Portree", "the port of Dover": a place word, then de/of and the name.
        if matches!(pw.as_str(), "de" | "d'" | "of" | "du") && !self.doc.toks[a].sent_start && firstname.is_none() {
            let cue = p2
                .is_some_and(|q| !self.doc.toks[q].cap && self.lex.cues.contains_key(self.f(q)) && self.f(q).len() > 2);
            if let (true, Some(q)) = (cue, p2) {
                // A naming word ("canal du Midi", "lac d'Annecy") is part of the name; a venue
                // ("un pub de Portree") is not.
                let naming = self.lex.cues.get(self.f(q)).is_some_and(|c| c.pre && !c.post);
                let start = if naming { q } else { a };
                self.emit(start, b, EntityType::Location, 0.78, None, 3);
                return;
            }
        }
        // "Found a Penny Red", "un vieux Leica": a name after an indefinite article is a thing.
        // (The raw word: a folded "a" may be the French "à".)
        let indef = |t: Option<usize>| t.is_some_and(|t| matches!(self.doc.raw(t), "a" | "an" | "un" | "une"));
        let indefinite = (self.lang == Lang::En || pw != "a")
            && (indef(prev) || (OBJECT_ADJ.contains(&pw.as_str()) && (indef(p2) || p2w == "'s")));
        if indefinite && !self.lex.titles.contains(first.as_str()) && self.kin_end[a].is_none() {
            self.emit(a, b, EntityType::Object, 0.6, None, 2);
            return;
        }
        // "the Van Gogh exhibition", "Exposition Monet": an artist.
        let show_words = ["exhibition", "exhibit", "retrospective", "exposition", "expo"];
        if show_words.contains(&nw.as_str()) || show_words.contains(&pw.as_str()) {
            let start = if matches!(self.f(a), "the" | "le" | "la" | "les") { a + 1 } else { a };
            if start <= b {
                self.emit(start, b, EntityType::Person, 0.7, None, 3);
                return;
            }
        }
        // "a first pressing of Rumours", "un exemplaire de Dune": a named work.
        if matches!(pw.as_str(), "of" | "de" | "d'")
            && matches!(
                p2w.as_str(),
                "copy"
                    | "pressing"
                    | "edition"
                    | "exemplaire"
                    | "pressage"
                    | "album"
                    | "disque"
                    | "record"
                    | "cd"
                    | "dvd"
                    | "vinyl"
                    | "vinyle"
                    | "tome"
                    | "volume"
                    | "recording"
                    | "enregistrement"
                    | "score"
                    | "partition"
            )
        {
            self.emit(a, b, EntityType::Object, 0.7, None, 3);
            return;
        }
        // "Yuki, my pen pal in Osaka": a name then, after a comma, the writer's relation.
        if let Some(j) = next
            && self.doc.toks[j].gap & gap::COMMA != 0
            && MY.contains(&self.f(j))
            && self.next(j).is_some_and(|k| {
                self.kin_end[k].is_some()
                    || self.next(k).is_some_and(|k2| self.kin_end[k2].is_some())
                    || matches!(self.f(k), "pen" | "correspondante" | "correspondant")
            })
        {
            self.emit(a, b, EntityType::Person, 0.8, None, 3);
            return;
        }
        // "s'appelle Sonia", "named Biscuit".
        if matches!(pw.as_str(), "appelle" | "named" | "called" | "nicknamed" | "nomme") {
            rel = self.role_before(a);
            self.emit(a, b, EntityType::Person, 0.82, rel, 3);
            return;
        }
        // Place cues: "Lake Tahoe", "Market Street", "rue des Martyrs", "Riverside skate park".
        let pre_cue = lex.cues.get(first.as_str()).is_some_and(|c| c.pre) && !single;
        let post_cue = lex.cues.get(last.as_str()).is_some_and(|c| c.post) && !single;
        if pre_cue || post_cue {
            let (a2, b2) = self.extend_cues(a, b);
            self.emit(a2, b2, EntityType::Location, 0.86, None, 3);
            return;
        }
        let (a2, b2) = self.extend_cues(a, b);
        if (a2, b2) != (a, b) {
            self.emit(a2, b2, EntityType::Location, 0.84, None, 3);
            return;
        }
        // "the Edinburgh Marathon": a place, then an activity word.
        if let Some(pb) = self.place_at[a]
            && pb < b
            && (pb + 1..=b).all(|t| self.kinds[t] & 2 != 0)
        {
            self.emit(a, pb, EntityType::Location, 0.8, None, 3);
            for t in pb + 1..=b {
                self.cap_ok[t] = true;
            }
            return;
        }
        // Gazetteer place that is also a first name: decided by the words around it.
        if gaz {
            // "Wren and I", "Ilse et moi": someone beside the writer.
            let with_writer = matches!(nw.as_str(), "and" | "et")
                && next.and_then(|j| self.next(j)).is_some_and(|k| self.doc.raw(k) == "I" || self.f(k) == "moi");
            // (The generated gazetteer holds no first names: a verb after one says nothing.)
            let person = PERSON_PREPS.contains(&pw.as_str()) && !self.is_place_prep(&pw)
                || VERBISH_AFTER.contains(&nw.as_str()) && !self.is_place_prep(&pw) && !generated
                || with_writer;
            if person {
                self.emit(a, b, EntityType::Person, 0.6, None, 2);
            } else {
                self.emit(a, b, EntityType::Location, 0.75, None, 3);
            }
            return;
        }
        // Brands and models: "the Land Rover", "the Singer".
        if brand {
            self.emit(a, b, EntityType::Object, 0.72, None, 3);
            return;
        }
        // Named works: "watched The Princess Bride", "L'Étranger de Camus", "Wonderwall".
        let art_before = prev.is_some_and(|p| {
            let t = &self.doc.toks[p];
            t.cap && !t.sent_start && matches!(self.f(p), "the" | "le" | "la" | "les" | "l'" | "un" | "une")
        }) || (!single
            && self.doc.toks[a].cap
            && !self.doc.toks[a].sent_start
            && matches!(self.f(a), "the" | "le" | "la" | "les" | "un" | "une"));
        let art_in_span = art_before
            && !prev.is_some_and(|p| {
                let t = &self.doc.toks[p];
                t.cap && !t.sent_start && matches!(self.f(p), "the" | "le" | "la" | "les" | "l'" | "un" | "une")
            });
        let work_verb = self.before(a, 3).any(|j| WORK_VERBS.contains(&self.f(j)));
        let music = prev.is_some_and(|p| {
            let mut q = Some(p);
            for _ in 0..2 {
                if let Some(x) = q
                    && matches!(self.f(x), "de" | "du" | "d'" | "of" | "from" | "l'" | "la" | "le" | "the")
                {
                    q = self.prev(x);
                }
            }
            q.is_some_and(|q| MUSIC_CUES.contains(&self.f(q)))
        });
        let art_place = art_before && !work_verb && !music && {
            let before_art = if art_in_span { prev } else { p2 };
            before_art.is_some_and(|q| self.is_place_prep(self.f(q)))
        };
        if art_place {
            let a2 = if art_in_span { a } else { prev.unwrap_or(a) };
            self.emit(a2, b, EntityType::Location, 0.7, None, 2);
            return;
        }
        let read_watch = prev.is_some_and(|p| {
            matches!(
                self.f(p),
                "watched"
                    | "read"
                    | "finished"
                    | "reading"
                    | "rereading"
                    | "reread"
                    | "lu"
                    | "relu"
                    | "fini"
                    | "regarde"
                    | "revu"
                    | "termine"
                    | "saw"
                    | "seen"
                    | "vu"
                    | "see"
                    | "voir"
            )
        });
        if read_watch && single && firstname.is_none() && !gaz {
            self.emit(a, b, EntityType::Object, 0.66, None, 2);
            return;
        }
        if art_before || music || (work_verb && !single) {
            if art_before && !art_in_span {
                a = prev.unwrap_or(a);
            }
            // French titles are in sentence case: "L'Amie prodigieuse", "Le Petit Prince".
            let mut b = b;
            if self.lang == Lang::Fr && (art_before || read_watch) {
                for _ in 0..3 {
                    let Some(j) = self.next(b) else { break };
                    let t = &self.doc.toks[j];
                    if t.cap
                        || t.gap != 0
                        || t.kind != TokKind::Word
                        || self.is_stop(j)
                        || self.kinds[j] & CONTENT_BITS != 0
                        || t.digit
                    {
                        break;
                    }
                    b = j;
                }
            }
            // Split an author: "L'Étranger de Camus" -> object "L'Étranger", person "Camus".
            let reading = self.before(a, 3).any(|j| {
                matches!(
                    self.f(j),
                    "read" | "reading" | "discussed" | "discussing" | "lu" | "relu" | "lire" | "discute"
                )
            });
            let split = (a..=b).find(|&k| k > a && matches!(self.f(k), "de" | "by") && k + 1 == b);
            if let (Some(k), false, true) = (split, music, reading || art_before) {
                self.emit(a, k - 1, EntityType::Object, 0.72, None, 3);
                self.emit(b, b, EntityType::Person, 0.62, None, 2);
            } else {
                self.emit(a, b, EntityType::Object, 0.72, None, 3);
                // "le Messie de Haendel" sung or played: the composer too.
                let performed = self.before(a, 3).any(|j| {
                    matches!(
                        self.f(j),
                        "chante"
                            | "chanter"
                            | "chantons"
                            | "sang"
                            | "sing"
                            | "singing"
                            | "played"
                            | "playing"
                            | "joue"
                            | "jouer"
                            | "performed"
                            | "performing"
                    )
                });
                if let (Some(k), true) = (split, performed)
                    && self.cap_word(k + 1)
                    && !self.lex.is_first_name(self.f(k + 1))
                {
                    self.emit(k + 1, b, EntityType::Person, 0.58, None, 2);
                }
                // "Handel's Messiah": the author too.
                if let Some(k) = (a + 1..b).find(|&k| self.doc.toks[k].kind == TokKind::Clitic && self.f(k) == "'s")
                    && k > a
                    && !self.is_stop(k - 1)
                    && (a..k).all(|t| self.doc.toks[t].cap)
                {
                    self.emit(a, k - 1, EntityType::Person, 0.6, None, 2);
                }
            }
            return;
        }
        // All-caps codes (M25, GR20) are places after a place word.
        let code = self.doc.toks[a].digit && self.doc.raw(a).chars().all(|c| c.is_ascii_digit() || c.is_uppercase());
        if code {
            if single && (self.is_place_prep(&pw) || matches!(pw.as_str(), "the" | "le" | "la" | "l'" | "du" | "on")) {
                self.emit(a, b, EntityType::Location, 0.7, None, 2);
            }
            return;
        }
        if self.doc.toks[a].upper && single && !gaz {
            // Acronyms: only after a place preposition.
            if self.is_place_prep(&pw) || (matches!(pw.as_str(), "la" | "the" | "le") && self.is_place_prep(&p2w)) {
                self.emit(a, b, EntityType::Location, 0.6, None, 2);
            }
            return;
        }
        // "the Hendersons'": a family, not one person or a place.
        let family = (single && next.is_some_and(|j| self.f(j) == "'")) || (b == a + 1 && self.f(b) == "'");
        if family && self.f(a).ends_with('s') && !matches!(first.as_str(), "st" | "saint") {
            return;
        }
        // Possessive: "Leo's garage" (person), "to Katz's" (a place named after someone).
        let poss = next.is_some_and(|j| self.f(j) == "'s");
        let place_prep =
            self.is_place_prep(&pw) || (matches!(pw.as_str(), "the" | "la" | "le" | "l'") && self.is_place_prep(&p2w));
        if poss {
            let after = next.and_then(|j| self.next(j));
            let noun_after = after.is_some_and(|k| !self.lex.stop.contains(self.f(k)) && self.doc.toks[k].gap == 0);
            if place_prep && !noun_after && firstname.is_none() {
                self.emit(a, b + 1, EntityType::Location, 0.66, None, 2);
            } else {
                self.emit(a, b, EntityType::Person, 0.8, None, 3);
            }
            return;
        }
        // "chez Decathlon": a shop; "chez Inès": a person.
        if pw == "chez" && firstname.is_none() && !self.doc.toks[a].upper {
            self.emit(a, b, EntityType::Location, 0.6, None, 2);
            return;
        }
        let person_prep = PERSON_PREPS.contains(&pw.as_str());
        if place_prep && (firstname != Some(false)) {
            if matches!(pw.as_str(), "a" | "to") && firstname.is_some() {
                self.emit(a, b, EntityType::Person, 0.55, None, 2);
            } else {
                self.emit(a, b, EntityType::Location, 0.72, None, 2);
            }
            return;
        }
        if firstname.is_some() || person_prep {
            let s = if firstname == Some(false) { 0.86 } else { 0.8 };
            self.emit(a, b, EntityType::Person, s, None, 3);
            return;
        }
        // "a view of the Forth": after "the", a name is a place or a thing, not a person.
        if self.is_det(&pw) && !MY.contains(&pw.as_str()) && firstname.is_none() {
            if matches!(p2w.as_str(), "of" | "de" | "du") {
                self.emit(a, b, EntityType::Location, 0.5, None, 1);
            }
            return;
        }
        if next
            .is_some_and(|j| VERBISH_AFTER.contains(&self.f(j)) || (self.f(j).ends_with("ed") && !self.doc.toks[j].cap))
            || self.subject_verb_next(b)
        {
            self.emit(a, b, EntityType::Person, 0.72, None, 2);
            return;
        }
        let in_lexicon = (a..=b).any(|t| self.kinds[t] & CONTENT_BITS != 0);
        // "the Riverside running club": a name used as a modifier, not a person.
        if self.is_det(&pw) && !MY.contains(&pw.as_str()) {
            return;
        }
        // "le bal de Nogent", "la fête de Collioure": after an event and de, a place.
        let event_de = matches!(
            p2w.as_str(),
            "bal"
                | "fete"
                | "marche"
                | "foire"
                | "festival"
                | "carnaval"
                | "ville"
                | "region"
                | "route"
                | "concours"
                | "feria"
                | "kermesse"
        );
        if matches!(pw.as_str(), "de" | "d'") && event_de && firstname.is_none() && single && !in_lexicon {
            self.emit(a, b, EntityType::Location, 0.5, None, 1);
            return;
        }
        if b - a <= 2 && !self.doc.toks[a].sent_start && !in_lexicon {
            if single {
                self.emit(a, b, EntityType::Person, 0.5, None, 1);
            } else {
                // Two capitalised words with no first name among them: more often a place.
                self.emit(a, b, EntityType::Location, 0.45, None, 1);
            }
        }
    }

    /// Content words of the lexicons that no mention covers, with the model's features; each with
    /// its first and last token.
    fn leftover_content(&self) -> Vec<((usize, usize), Candidate)> {
        let covered = |a: usize, b: usize| self.out.iter().any(|m| m.a <= b && a <= m.b);
        let content =
            |h: &&LexHit| matches!(h.e.kind, LexKind::Emotion | LexKind::Activity | LexKind::Object | LexKind::Period);
        let hits: Vec<&LexHit> = self.lexh.iter().filter(content).collect();
        let mut out: Vec<((usize, usize), Candidate)> = Vec::new();
        for h in &hits {
            let inside_longer = hits.iter().any(|o| o.a <= h.a && h.b <= o.b && (o.a, o.b) != (h.a, h.b));
            if inside_longer
                || covered(h.a, h.b)
                || (h.a..=h.b).any(|t| self.blocked[t] || self.kin_tok[t] || self.person_tok[t])
                || (h.e.caps && !self.doc.toks[h.a].cap)
            {
                continue;
            }
            let surface = self.text(h.a, h.b);
            if let Some(pi) = self.pat_of(h)
                && crate::lexicon::accented_letters(surface).any(|c| !self.ll.accents[pi].contains(c))
            {
                continue;
            }
            let kind = match h.e.kind {
                LexKind::Emotion => EntityType::Emotion,
                LexKind::Activity => EntityType::Activity,
                LexKind::Object => EntityType::Object,
                _ => EntityType::LifePeriod,
            };
            if out.iter().any(|((a, b), c)| (*a, *b) == (h.a, h.b) && c.kind == kind) {
                continue;
            }
            let canon = self.ll.canon[h.e.idx as usize].clone();
            let features = self.content_features(h, kind, &canon);
            out.push(((h.a, h.b), Candidate { kind, surface: surface.to_string(), canon, verb: h.e.verb, features }));
        }
        out
    }

    /// What the model weighs for a content word: the word and its lexicon flags, its shape, the
    /// words around it and who the sentence is about.
    fn content_features(&self, h: &LexHit, kind: EntityType, canon: &str) -> Vec<String> {
        let k = kind.as_str();
        let class = |i: Option<usize>| -> &'static str {
            let Some(i) = i else { return "none" };
            let w = self.f(i);
            if MY.contains(&w) {
                "mine"
            } else if THIRD_POSSESSIVE.contains(&w) {
                "theirs"
            } else if FIRST_PERSON.contains(&w) {
                "me"
            } else if THIRD_SUBJECT.contains(&w) {
                "them"
            } else if self.is_det(w) {
                "det"
            } else if self.is_place_prep(w) || matches!(w, "with" | "for" | "of" | "de" | "avec" | "pour") {
                "prep"
            } else if self.is_stop(i) {
                "stop"
            } else {
                "word"
            }
        };
        let prev = self.prev(h.a);
        let prev2 = prev.and_then(|p| self.prev(p));
        let next = self.next(h.b);
        let word = crate::fold::fold(self.text(h.a, h.b));
        let tok = &self.doc.toks[h.a];
        let mut f = vec![
            format!("{k}|bias"),
            format!("{k}|w={word}"),
            format!("{k}|canon={}", crate::fold::fold(canon)),
            format!("{k}|p1={}", prev.map_or("<s>", |p| self.f(p))),
            format!("{k}|p2={}", prev2.map_or("<s>", |p| self.f(p))),
            format!("{k}|n1={}", next.map_or("</s>", |j| self.f(j))),
            format!("{k}|p1c={}", class(prev)),
            format!("{k}|p2c={}", class(prev2)),
            format!("{k}|n1c={}", class(next)),
            format!("{k}|suf={}", word.chars().rev().take(3).collect::<String>()),
            format!("{k}|lang={:?}", self.lang),
        ];
        let mut flag = |on: bool, name: &str| {
            if on {
                f.push(format!("{k}|{name}"));
            }
        };
        flag(h.e.ctx, "ctx");
        flag(h.e.verb, "verb");
        flag(h.e.weak, "weak");
        flag(h.b > h.a, "multi");
        flag(tok.line == 0, "title");
        flag(tok.sent_start, "start");
        flag(tok.cap, "cap");
        flag(next.is_none(), "end");
        flag(self.writer_subject(h.a), "writer");
        flag(self.third_person(h.a, true), "third");
        flag(self.any_before(h.a, 4, FIRST_PERSON), "me-before");
        flag(self.any_before(h.a, 3, EMOTION_CONTEXT), "feel-before");
        flag(self.any_before(h.a, 3, ACTIVITY_CONTEXT), "do-before");
        flag((h.a..=h.b).any(|t| self.kinds[t].count_ones() > 1), "several-kinds");
        flag(prev.is_some_and(|p| self.person_tok[p]), "after-name");
        flag(self.any_before(h.a, 4, PRETEND), "pretend-before");
        f.sort();
        f.dedup();
        f
    }

    /// Content words no other source covers, as the model decides (crates/extract/README.md, "Learned").
    fn learned(&mut self) {
        let model = &*crate::model::MODEL;
        if model.is_empty() {
            return;
        }
        for ((a, b), c) in self.leftover_content() {
            let margin = model.margin(&c.features);
            if margin <= 0.0 {
                continue;
            }
            // An activity written as a verb (a finite form, a French infinitive) is named by its
            // lexicon name ("snowboarded", "bricoler": snowboarding, bricolage), otherwise by the
            // word used; a feeling by its own word when the phrase starts with the writer or holds it.
            let infinitive = self.lang == Lang::Fr && a == b && ["er", "ir"].iter().any(|s| self.f(a).ends_with(s));
            let lemma_inside = b > a && (a..=b).any(|t| self.f(t) == crate::fold::fold(&c.canon));
            let name = match c.kind {
                EntityType::Activity if c.verb || infinitive => c.canon.clone(),
                EntityType::Emotion if matches!(self.f(a), "i" | "j'" | "je") || lemma_inside => c.canon.clone(),
                _ => c.surface,
            };
            self.push(Mention {
                a,
                b,
                ty: c.kind,
                name,
                canon: None,
                score: model.probability(margin),
                rel: None,
                links: Vec::new(),
                prio: 1,
                fuzzy: true,
                alts: vec![crate::name_key(&c.canon)],
                alt_canons: Vec::new(),
            });
        }
    }

    /// A place of the generated gazetteer spanning exactly `a..=b` that is not a first name (the
    /// rules for names weigh those), as a place the words around may take: after a place
    /// preposition (`pw`, the word before) any of them; elsewhere a major one (a country, region,
    /// natural place or sizeable town) whose name is not an ordinary word.
    fn generated_place(&self, a: usize, b: usize, pw: &str) -> bool {
        if a == b && self.lex.is_first_name(self.f(a)) {
            return false;
        }
        // "the Lakeside rowing club": after a determiner, a name before a common noun qualifies it.
        let modifier = self.is_det(pw)
            && self.next(b).is_some_and(|j| {
                let t = &self.doc.toks[j];
                !t.cap && t.gap == 0 && t.kind == TokKind::Word && !self.is_stop(j)
            });
        if modifier {
            return false;
        }
        let Some(place) = self.lex.compiled.place(self.text(a, b)) else { return false };
        self.is_place_prep(pw) || (place.major && !place.word)
    }

    fn kin_info_at(&self, i: usize) -> Option<String> {
        self.kin_end[i].map(|(_, k)| self.ll.kin[k as usize].category.clone())
    }

    /// Relationship from a role word right before the name ("my manager Nadia").
    fn role_before(&self, a: usize) -> Option<String> {
        let p = self.prev(a)?;
        let p = if matches!(self.f(p), "s'" | "appelle" | "named" | "called") {
            self.before(p, 3).find(|&q| self.kin_info_at(q).is_some())?
        } else {
            p
        };
        self.kin_info_at(p)
    }

    /// Pulls lower-case place cues into a name ("rue des Martyrs", "Pinewood cinema").
    fn extend_cues(&self, a: usize, b: usize) -> (usize, usize) {
        let lex = self.lex;
        let mut a2 = a;
        // Before: cue [de|des|du|d'|de la] Name.
        let mut k = a;
        let mut steps = 0;
        while let Some(p) = self.prev(k) {
            steps += 1;
            if steps > 3 {
                break;
            }
            let w = self.f(p);
            if matches!(w, "de" | "des" | "du" | "d'" | "la") {
                // "l'atelier de Sophie" is Sophie's workshop, not a place named Sophie.
                if self.lex.is_first_name(self.f(a)) && a == b {
                    break;
                }
                k = p;
                continue;
            }
            if !self.doc.toks[p].cap && lex.cues.get(w).is_some_and(|c| c.pre) && w.len() > 2 {
                a2 = p;
            }
            break;
        }
        // After: Name [word] cue.
        let mut b2 = b;
        let mut j = b;
        for step in 0..2 {
            let Some(nx) = self.next(j) else { break };
            if self.doc.toks[nx].cap || self.doc.toks[nx].kind != TokKind::Word {
                break;
            }
            let w = self.f(nx);
            let cue = lex.cues.get(w).is_some_and(|c| c.post)
                && !matches!(
                    w,
                    "close"
                        | "way"
                        | "point"
                        | "head"
                        | "wood"
                        | "woods"
                        | "high"
                        | "drive"
                        | "square"
                        | "crescent"
                        | "terrace"
                        | "hills"
                        | "hill"
                        | "port"
                        | "falls"
                        | "college"
                        | "university"
                        | "school"
                        | "club"
                        | "society"
                        | "foundation"
                        | "trust"
                        | "common"
                        | "green"
                        | "fields"
                        | "estate"
                );
            if cue {
                b2 = nx;
                break;
            }
            if step == 0 && !self.lex.stop.contains(w) && w.len() > 2 {
                j = nx;
                continue;
            }
            break;
        }
        (a2, b2)
    }

    fn emit(&mut self, a: usize, b: usize, ty: EntityType, score: f32, rel: Option<String>, prio: u8) {
        let name = self.text(a, b).trim_end_matches(['\'', '\u{2019}']).to_string();
        let name = if name.ends_with(" s") || name.is_empty() { self.text(a, b).to_string() } else { name };
        let keep_apos = self.text(a, b).ends_with("s'") || self.text(a, b).ends_with("s\u{2019}");
        let name = if keep_apos { self.text(a, b).to_string() } else { name };
        self.push(Mention {
            a,
            b,
            ty,
            name,
            canon: None,
            score,
            rel,
            links: Vec::new(),
            prio,
            fuzzy: true,
            alts: Vec::new(),
            alt_canons: Vec::new(),
        });
    }

    /// Things that belong to someone and are described: "Grandad's old toolbox", "le vieux
    /// chapeau de Papy". The noun need not be in the lexicon; an adjective or a verb of giving,
    /// finding or keeping must show that it matters.
    fn possessed_objects(&mut self) {
        let n = self.n();
        let doc = self.doc;
        let mut found: Vec<(usize, f32)> = Vec::new();
        let is_owner = |cx: &Self, t: usize| cx.person_tok[t] || cx.kin_tok[t];
        let plain_noun = |cx: &Self, t: usize| {
            let tok = &doc.toks[t];
            tok.kind == TokKind::Word
                && !tok.cap
                && !tok.digit
                && cx.kinds[t] == 0
                && !cx.is_stop(t)
                && doc.f(t).chars().count() >= 3
                && !NOT_OBJECTS.contains(&doc.f(t))
                && !OBJECT_ADJ.contains(&doc.f(t))
                && !doc.f(t).ends_with("ly")
        };
        for i in 1..n {
            // A gift, a find, a keepsake: "gave me a scarf", "found his pipe", "m'a offert un
            // mug". The noun need not be in the lexicon.
            if GIFT_VERBS.contains(&doc.f(i - 1)) && self.next(i - 1) == Some(i) {
                let mut j = i;
                // An indirect object: "gave me", "m'a offert" (the pronoun comes before in French).
                if matches!(doc.f(j), "me" | "him" | "her" | "us" | "them") {
                    j += 1;
                }
                if j < n && doc.toks[j].gap == 0 && SIMPLE_DETS.contains(&doc.f(j)) {
                    let mut k = j + 1;
                    let mut adjs = 0;
                    while k < n && doc.toks[k].gap == 0 && OBJECT_ADJ.contains(&doc.f(k)) {
                        adjs += 1;
                        k += 1;
                    }
                    if k < n
                        && doc.toks[k].gap == 0
                        && plain_noun(self, k)
                        && !FOOD_AND_SUCH.contains(&doc.f(k))
                        && !self.next(k).is_some_and(|x| matches!(doc.f(x), "of" | "de" | "d'"))
                        && !(k + 1 < n
                            && doc.toks[k + 1].gap == 0
                            && doc.toks[k + 1].kind == TokKind::Word
                            && !self.is_stop(k + 1))
                    {
                        found.push((k, if adjs > 0 { 0.62 } else { 0.57 }));
                    }
                }
            }
            // English: owner 's [adj]* noun
            if doc.toks[i].kind == TokKind::Clitic && doc.f(i) == "'s" && is_owner(self, i - 1) {
                let mut j = i + 1;
                let mut adjs = 0;
                while j < n && doc.toks[j].gap == 0 && OBJECT_ADJ.contains(&doc.f(j)) {
                    adjs += 1;
                    j += 1;
                }
                if j < n && doc.toks[j].gap == 0 && plain_noun(self, j) {
                    // Not followed by another noun ("Mum's birthday party"): the last word is the head.
                    let followed = j + 1 < n && doc.toks[j + 1].gap == 0 && plain_noun(self, j + 1);
                    if !followed {
                        let verb = self.before(i, 6).any(|k| OBJECT_VERBS.contains(&self.f(k)));
                        if adjs > 0 || verb {
                            found.push((j, if adjs > 0 && verb { 0.62 } else { 0.56 }));
                        }
                    }
                }
            }
            // French: [det] [adj] noun de [ma|mon] owner
            if self.lang == Lang::Fr
                && self.next(i).is_some_and(|d| matches!(doc.f(d), "de" | "d'"))
                && plain_noun(self, i)
            {
                let Some(d) = self.next(i) else { continue };
                let Some(mut o) = self.next(d) else { continue };
                if MY.contains(&doc.f(o)) {
                    let Some(o2) = self.next(o) else { continue };
                    o = o2;
                }
                if !is_owner(self, o) {
                    continue;
                }
                let adj = self.prev(i).is_some_and(|p| OBJECT_ADJ.contains(&doc.f(p)));
                let verb = self.before(i, 6).any(|k| OBJECT_VERBS.contains(&self.f(k)));
                if adj || verb {
                    found.push((i, if adj && verb { 0.62 } else { 0.56 }));
                }
            }
        }
        for (j, score) in found {
            if self.out.iter().any(|m| m.a <= j && j <= m.b) {
                continue;
            }
            self.push(Mention {
                a: j,
                b: j,
                ty: EntityType::Object,
                name: self.text(j, j).to_string(),
                canon: None,
                score,
                rel: None,
                links: Vec::new(),
                prio: 1,
                fuzzy: false,
                alts: Vec::new(),
                alt_canons: Vec::new(),
            });
        }
    }

    /// A few patterns: "Year 11", "Japanese class", "cours d'espagnol", "progrès en espagnol".
    fn patterns(&mut self) {
        let n = self.n();
        let doc = self.doc;
        for i in 0..n {
            let w = doc.f(i);
            // "the Paris years", "my London years": a period named after a place or a name.
            if w == "years" && i >= 2 {
                let p = i - 1;
                let q = i - 2;
                if doc.toks[p].cap
                    && !doc.toks[p].sent_start
                    && matches!(doc.f(q), "the" | "my" | "our")
                    && doc.toks[i].gap == 0
                    && doc.toks[p].gap == 0
                {
                    self.push(Mention {
                        a: q,
                        b: i,
                        ty: EntityType::LifePeriod,
                        name: self.text(q, i).to_string(),
                        canon: None,
                        score: 0.72,
                        rel: None,
                        links: Vec::new(),
                        prio: 2,
                        fuzzy: false,
                        alts: Vec::new(),
                        alt_canons: Vec::new(),
                    });
                }
            }
            // Year 11 / Grade 9.
            if matches!(w, "year" | "grade")
                && self.doc.toks[i].cap
                && let Some(j) = self.next(i)
                && self.doc.toks[j].digit
                && self.f(j).len() <= 2
            {
                self.push(Mention {
                    a: i,
                    b: j,
                    ty: EntityType::LifePeriod,
                    name: self.text(i, j).to_string(),
                    canon: None,
                    score: 0.8,
                    rel: None,
                    links: Vec::new(),
                    prio: 2,
                    fuzzy: false,
                    alts: Vec::new(),
                    alt_canons: Vec::new(),
                });
            }
            if LANGUAGES_EN.contains(&w) && self.doc.toks[i].cap {
                if let Some(j) = self.next(i)
                    && matches!(self.f(j), "class" | "classes" | "lesson" | "lessons" | "course" | "lectures")
                {
                    self.push(Mention {
                        a: i,
                        b: j,
                        ty: EntityType::Activity,
                        name: self.text(i, j).to_string(),
                        canon: None,
                        score: 0.8,
                        rel: None,
                        links: Vec::new(),
                        prio: 2,
                        fuzzy: false,
                        alts: Vec::new(),
                        alt_canons: Vec::new(),
                    });
                }
                if self
                    .prev_f(i)
                    .is_some_and(|p| matches!(p, "learning" | "studying" | "speaking" | "practising" | "practicing"))
                {
                    let p = i - 1;
                    self.push(Mention {
                        a: p,
                        b: i,
                        ty: EntityType::Activity,
                        name: self.text(p, i).to_string(),
                        canon: None,
                        score: 0.75,
                        rel: None,
                        links: Vec::new(),
                        prio: 2,
                        fuzzy: false,
                        alts: Vec::new(),
                        alt_canons: Vec::new(),
                    });
                }
            }
            if LANGUAGES_FR.contains(&w) && !self.doc.toks[i].cap {
                let p = self.prev_f(i).unwrap_or("");
                let pp = self.prev(i).and_then(|p| self.prev_f(p)).unwrap_or("");
                let ok = (matches!(p, "d'" | "de") && pp == "cours")
                    || (p == "en" && matches!(pp, "progres" | "cours" | "nulle" | "nul" | "bon" | "bonne"))
                    || (matches!(p, "l'" | "le")
                        && matches!(
                            pp,
                            "apprendre" | "apprends" | "appris" | "etudier" | "parler" | "pratiquer" | "reviser"
                        ));
                if ok {
                    self.push(Mention {
                        a: i,
                        b: i,
                        ty: EntityType::Activity,
                        name: self.text(i, i).to_string(),
                        canon: None,
                        score: 0.75,
                        rel: None,
                        links: Vec::new(),
                        prio: 2,
                        fuzzy: false,
                        alts: Vec::new(),
                        alt_canons: Vec::new(),
                    });
                }
            }
        }
    }

    // ---------------------------------------------------------------- resolution

    fn resolve(&mut self) {
        let mut ms = std::mem::take(&mut self.out);
        // Same type overlapping: keep the stronger source, then the longer, then the surer.
        ms.sort_by(|x, y| {
            y.prio
                .cmp(&x.prio)
                .then((y.b - y.a).cmp(&(x.b - x.a)))
                .then(y.score.partial_cmp(&x.score).unwrap_or(std::cmp::Ordering::Equal))
                .then(x.a.cmp(&y.a))
        });
        let mut kept: Vec<Mention> = Vec::with_capacity(ms.len());
        // Few mentions: scan them; many (a huge text): index them by token.
        let indexed = ms.len() > 256;
        let mut occ: Vec<Vec<u32>> = if indexed { vec![Vec::new(); self.n()] } else { Vec::new() };
        let mut near: Vec<u32> = Vec::new();
        for m in ms {
            near.clear();
            if indexed {
                near.extend((m.a..=m.b).flat_map(|t| occ[t].iter().copied()));
                near.sort_unstable();
                near.dedup();
            } else {
                near.extend(0..kept.len() as u32);
            }
            let clash = near.iter().map(|&ki| &kept[ki as usize]).any(|k| {
                let overlap = k.a <= m.b && m.a <= k.b;
                if !overlap {
                    return false;
                }
                if k.ty == m.ty {
                    return true;
                }
                // Same words read as two types: keep the first (stronger).
                if k.a == m.a && k.b == m.b {
                    return true;
                }
                // Content words inside a name are part of the name.
                let inside = k.a <= m.a && m.b <= k.b;
                inside
                    && matches!(k.ty, EntityType::Person | EntityType::Location)
                    && matches!(
                        m.ty,
                        EntityType::Emotion | EntityType::Activity | EntityType::Object | EntityType::LifePeriod
                    )
                    || inside && k.ty == EntityType::Object && m.ty != EntityType::Person
            });
            if !clash {
                if indexed {
                    for o in &mut occ[m.a..=m.b] {
                        o.push(kept.len() as u32);
                    }
                }
                kept.push(m);
            }
        }
        kept.sort_by_key(|m| (m.a, m.b));
        // Merge "shoebox of photos", "répétition de la chorale": two of a kind joined by of/de.
        let mut merged: Vec<Mention> = Vec::with_capacity(kept.len());
        for m in kept {
            if let Some(last) = merged.last_mut()
                && last.ty == m.ty
                && matches!(m.ty, EntityType::Object | EntityType::Activity)
                && m.a > last.b
                && m.a - last.b <= 3
                && last.links.is_empty()
                && m.links.is_empty()
            {
                let between: Vec<&str> = (last.b + 1..m.a).map(|t| self.f(t)).collect();
                let joined = !between.is_empty()
                    && matches!(between[0], "of" | "de" | "du" | "d'" | "des")
                    && between[1..].iter().all(|w| {
                        matches!(
                            *w,
                            "the"
                                | "la"
                                | "le"
                                | "l'"
                                | "les"
                                | "his"
                                | "her"
                                | "my"
                                | "their"
                                | "son"
                                | "sa"
                                | "ses"
                                | "mon"
                                | "ma"
                                | "mes"
                        )
                    });
                // Apposition: "her old sewing machine, the Singer".
                let appos = m.ty == EntityType::Object
                    && m.prio == 3
                    && between.len() <= 1
                    && between.iter().all(|w| matches!(*w, "the" | "le" | "la" | "l'"))
                    && self.doc.toks[if between.is_empty() { m.a } else { last.b + 1 }].gap & gap::COMMA != 0;
                let no_stop = (last.a + 1..=m.b).all(|t| self.doc.toks[t].gap & gap::STOP == 0);
                if (joined && (last.a + 1..=m.b).all(|t| self.doc.toks[t].gap & (gap::STOP | gap::COMMA) == 0))
                    || (appos && no_stop)
                {
                    let container = m.ty == EntityType::Object
                        && !appos
                        && last.a == last.b
                        && CONTAINERS.contains(&self.f(last.a));
                    if m.ty == EntityType::Activity {
                        last.name = self.text(last.a, m.b).to_string();
                    }
                    if !appos {
                        last.b = m.b;
                    }
                    if container {
                        // "a box of photos": the photos, found in a box.
                        let box_name = std::mem::replace(&mut last.name, m.name.clone());
                        last.alts.push(name_key(&box_name));
                    }
                    last.alts.push(name_key(&m.name));
                    last.alts.extend(m.alts.iter().cloned());
                    if let Some(c) = m.canon {
                        last.alt_canons.push(c);
                    }
                    last.score = last.score.max(m.score);
                    continue;
                }
            }
            merged.push(m);
        }
        self.out = merged;
    }

    fn link_and_dedupe(&mut self) -> Vec<ValidationResult> {
        let mut ms = std::mem::take(&mut self.out);
        for m in &mut ms {
            let mut cands = std::mem::take(&mut m.links);
            if cands.is_empty() {
                cands = self.cached_link(&m.name, m.ty, m.fuzzy);
            } else {
                self.m.link(&m.name, m.ty, m.fuzzy, &mut cands);
            }
            if let Some(c) = m.canon
                && matches!(m.ty, EntityType::Activity | EntityType::Emotion)
                && self.m.has_type(m.ty)
            {
                let cn = &self.ll.canon[c as usize];
                if name_key(cn) != name_key(&m.name) {
                    self.m.link(cn, m.ty, false, &mut cands);
                }
            }
            cands.sort_by(|x, y| y.conf.partial_cmp(&x.conf).unwrap_or(std::cmp::Ordering::Equal));
            m.links = cands;
        }
        let mut results: Vec<ValidationResult> = Vec::with_capacity(ms.len());
        let mut seen_ids: crate::fxhash::FxSet<i64> = Default::default();
        let mut seen_keys: crate::fxhash::FxSet<(EntityType, String)> = Default::default();
        let mut seen_canon: crate::fxhash::FxSet<(EntityType, u32)> = Default::default();
        let mut seen_object_words: crate::fxhash::FxSet<String> = Default::default();
        for m in ms {
            let top = m.links.first().copied();
            let rec = top.filter(|c| c.conf >= 0.5).map(|c| self.m.ents[c.ent as usize].id);
            if let Some(id) = rec
                && top.is_some_and(|c| c.conf >= 0.7)
                && !seen_ids.insert(id)
            {
                continue;
            }
            let key = name_key(&m.name);
            if m.ty == EntityType::Object && m.links.is_empty() {
                let words: Vec<String> =
                    object_words(&key).chain(m.alts.iter().flat_map(|k| object_words(k))).collect();
                if words.iter().any(|w| seen_object_words.contains(w)) {
                    continue;
                }
                seen_object_words.extend(words);
            }
            if seen_keys.contains(&(m.ty, key.clone())) || m.alts.iter().any(|k| seen_keys.contains(&(m.ty, k.clone())))
            {
                continue;
            }
            seen_keys.insert((m.ty, key));
            for k in &m.alts {
                seen_keys.insert((m.ty, k.clone()));
            }
            if let Some(c) = m.canon
                && matches!(m.ty, EntityType::Activity | EntityType::Emotion | EntityType::LifePeriod)
            {
                if m.alt_canons.iter().chain(std::iter::once(&c)).any(|c| seen_canon.contains(&(m.ty, *c))) {
                    continue;
                }
                seen_canon.insert((m.ty, c));
                for c in &m.alt_canons {
                    seen_canon.insert((m.ty, *c));
                }
            }
            results.push(self.result(m));
        }
        results
    }

    fn result(&self, m: Mention) -> ValidationResult {
        let top = m.links.first().copied();
        let second = m.links.get(1).copied();
        let (action, rec) = match top {
            Some(t) if t.conf >= 0.7 => {
                let close = second.filter(|s| t.conf - s.conf < 0.05);
                let action = match close {
                    // Two existing entities fit equally well: likely duplicates of each other.
                    Some(s) if s.conf >= 0.8 => SuggestedAction::MergeEntities,
                    // Two weak, equal candidates ("Tahoe": Lake Tahoe or Tahoe City?): let the
                    // writer choose.
                    Some(_) if t.conf < 0.8 => SuggestedAction::AddAsAlias,
                    _ => SuggestedAction::UseExisting,
                };
                (action, Some(t))
            }
            Some(t) if t.conf >= 0.5 => (SuggestedAction::AddAsAlias, Some(t)),
            _ => (SuggestedAction::CreateNew, None),
        };
        let mut score = m.score;
        if let Some(t) = rec {
            if t.conf >= 0.85 {
                score = score.max(0.6 + 0.4 * t.conf);
            } else if t.conf >= 0.7 {
                score = score.max(0.8);
            }
        }
        let rel = m.rel.or_else(|| {
            let t = rec?;
            if m.ty == EntityType::Person { self.m.ents[t.ent as usize].category.clone() } else { None }
        });
        let matches = m
            .links
            .iter()
            .take(5)
            .map(|c| {
                let e = &self.m.ents[c.ent as usize];
                EntityMatch {
                    entity_id: e.id,
                    name: e.name.clone(),
                    entity_type: e.entity_type,
                    confidence: (f64::from(c.conf) * 100.0).round() / 100.0,
                    reason: c.reason.text(self.m.cats[c.ent as usize].as_deref()),
                }
            })
            .collect();
        ValidationResult {
            extracted_name: m.name,
            extracted_type: m.ty,
            extracted_confidence: (score * 100.0).round().clamp(0.0, 100.0) as u8,
            extracted_relationship: if m.ty == EntityType::Person { rel } else { None },
            suggested_action: action,
            recommended_entity_id: rec.map(|c| self.m.ents[c.ent as usize].id),
            matches,
        }
    }
}

const LANGUAGES_EN: &[&str] = &[
    "english",
    "french",
    "spanish",
    "italian",
    "german",
    "japanese",
    "chinese",
    "mandarin",
    "portuguese",
    "dutch",
    "greek",
    "russian",
    "arabic",
    "korean",
    "polish",
    "swedish",
    "latin",
    "hebrew",
    "hindi",
    "turkish",
    "welsh",
    "gaelic",
];
const LANGUAGES_FR: &[&str] = &[
    "anglais",
    "francais",
    "espagnol",
    "italien",
    "allemand",
    "japonais",
    "chinois",
    "portugais",
    "neerlandais",
    "grec",
    "russe",
    "arabe",
    "coreen",
    "polonais",
    "suedois",
    "latin",
    "hebreu",
    "breton",
    "occitan",
    "basque",
    "corse",
];

/// Content words of an object name ("grandma's old ring" -> grandma, ring), for de-duplication.
fn object_words(key: &str) -> impl Iterator<Item = String> + '_ {
    let lex = &*LEX;
    key.split(' ')
        .map(|w| w.trim_end_matches("'s").trim_matches('\''))
        .filter(|w| {
            w.chars().count() >= 3 && !lex.stop.contains(*w) && !OBJECT_ADJ.contains(w) && !lex.is_first_name(w)
        })
        .filter(|w| {
            !matches!(
                *w,
                "mum" | "dad" | "papa" | "maman" | "mamie" | "papy" | "granny" | "grandma" | "grandpa" | "grandad"
            )
        })
        .map(str::to_string)
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
    with_rules(m, mem, |cx| {
        cx.learned();
        cx.resolve();
        cx.link_and_dedupe()
    })
    .unwrap_or_default()
}

/// The content words the rules leave aside in a memory, for training the model.
pub(crate) fn candidates(m: &Matcher, mem: &MemoryText<'_>) -> Vec<Candidate> {
    with_rules(m, mem, |cx| cx.leftover_content().into_iter().map(|(_, c)| c).collect()).unwrap_or_default()
}

/// Runs the rules on a memory, then `then` on what they found (`None` for a memory without words).
fn with_rules<R>(m: &Matcher, mem: &MemoryText<'_>, then: impl FnOnce(&mut Cx<'_>) -> R) -> Option<R> {
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
        shout: shouted(&doc),
        cap_ok: vec![false; n],
        mid_caps: Default::default(),
        link_cache: Default::default(),
        out: Vec::new(),
    };
    let _ = cx.lang;
    cx.lexicon_hits();
    cx.known_hits();
    cx.kin();
    cx.places();
    cx.spans();
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
