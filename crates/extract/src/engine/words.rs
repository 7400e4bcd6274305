//! The word classes the rules read (prepositions, verbs of giving, things that are not keepsakes...),
//! from `data/common/wordclasses.txt`: one list per class, in folded form, English and French
//! together.

use std::ops::Deref;
use std::sync::{LazyLock, OnceLock};

use crate::fxhash::{FxMap, FxSet};
use crate::lexicon::lines;

const DATA: &str = include_str!("../../data/common/wordclasses.txt");

/// Every class of the data file by name.
static CLASSES: LazyLock<FxMap<&'static str, Vec<&'static str>>> = LazyLock::new(|| parse(DATA));

fn parse(text: &'static str) -> FxMap<&'static str, Vec<&'static str>> {
    let mut classes: FxMap<&'static str, Vec<&'static str>> = FxMap::default();
    let mut current = None;
    for line in lines(text) {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            classes.entry(name).or_default();
            current = Some(name);
        } else if let Some(name) = current {
            let words = line.split(',').map(str::trim).filter(|w| !w.is_empty());
            classes.entry(name).or_default().extend(words);
        }
    }
    classes
}

/// A word class of the data file, read on first use; it derefs to its words, and answers
/// `contains` from a hash set (the rules ask it for nearly every token).
pub(crate) struct Class {
    name: &'static str,
    words: OnceLock<Words>,
}

struct Words {
    list: &'static [&'static str],
    set: FxSet<&'static str>,
}

impl Class {
    const fn new(name: &'static str) -> Self {
        Class { name, words: OnceLock::new() }
    }

    fn words(&self) -> &Words {
        self.words.get_or_init(|| match CLASSES.get(self.name) {
            Some(list) => Words { list: list.as_slice(), set: list.iter().copied().collect() },
            None => panic!("word class [{}] missing from data/common/wordclasses.txt", self.name),
        })
    }

    /// Whether the folded word is in the class.
    pub(crate) fn contains(&self, word: &&str) -> bool {
        self.words().set.contains(*word)
    }
}

impl Deref for Class {
    type Target = [&'static str];

    fn deref(&self) -> &[&'static str] {
        self.words().list
    }
}

pub(super) static PLACE_PREPS: Class = Class::new("place_preps");
/// Words that make a place preposition with de or of: "près de", "au bord du", "north of".
pub(super) static LOCATIVE_OF: Class = Class::new("locative_of");
pub(super) static PERSON_PREPS: Class = Class::new("person_preps");
pub(super) static WORK_VERBS: Class = Class::new("work_verbs");
pub(super) static MUSIC_CUES: Class = Class::new("music_cues");
pub(super) static FIRST_PERSON: Class = Class::new("first_person");
pub(super) static THIRD_SUBJECT: Class = Class::new("third_subject");
pub(super) static THIRD_POSSESSIVE: Class = Class::new("third_possessive");
pub(crate) static MY: Class = Class::new("my");
pub(super) static DETERMINERS: Class = Class::new("determiners");
pub(super) static EMOTION_CONTEXT: Class = Class::new("emotion_context");
/// Days, months and holidays: capitalised, but never the start of a place name.
pub(super) static TIME_WORDS: Class = Class::new("time_words");
/// Common irregular past tenses (and a few present forms) that follow a subject.
pub(super) static PAST_VERBS: Class = Class::new("past_verbs");
/// Verbs after which a concrete noun is usually a thing that matters.
pub(super) static GIFT_VERBS: Class = Class::new("gift_verbs");
/// Determiners between such a verb and its object.
pub(super) static SIMPLE_DETS: Class = Class::new("simple_dets");
/// Things given or found that are not keepsakes: food, time, words.
pub(super) static FOOD_AND_SUCH: Class = Class::new("food_and_such");
/// Containers: in "a box of photos" the photos are the thing that matters.
pub(super) static CONTAINERS: Class = Class::new("containers");
/// Nouns that follow a possessive but are not objects: places, events, body parts, people, ideas.
pub(super) static NOT_OBJECTS: Class = Class::new("not_objects");
/// Describing words between a possessive and a kin word ("my little sister").
pub(crate) static KIN_ADJ: Class = Class::new("kin_adj");
/// Verbs of doing before an ambiguous activity noun.
pub(super) static ACTIVITY_CONTEXT: Class = Class::new("activity_context");
pub(super) static OBJECT_VERBS: Class = Class::new("object_verbs");
pub(super) static OBJECT_ADJ: Class = Class::new("object_adj");
/// Words after which an object word is a verb or a describing word ("they record", "I look lighter").
pub(super) static NOT_A_THING_AFTER: Class = Class::new("not_a_thing_after");
pub(super) static PRETEND: Class = Class::new("pretend");
pub(super) static CLAUSE_LINKS: Class = Class::new("clause_links");
pub(super) static TITLE_MINOR: Class = Class::new("title_minor");
pub(super) static VERBISH_AFTER: Class = Class::new("verbish_after");
pub(super) static LANGUAGES_EN: Class = Class::new("languages_en");
pub(super) static LANGUAGES_FR: Class = Class::new("languages_fr");

/// Bits of [`WORD_BITS`]: the classes the content model's features ask of every word around a
/// candidate, and those the rules ask of every token.
pub(super) const B_MY: u16 = 1;
pub(super) const B_THIRD_POSSESSIVE: u16 = 2;
pub(super) const B_FIRST_PERSON: u16 = 4;
pub(super) const B_THIRD_SUBJECT: u16 = 8;
pub(super) const B_DETERMINER: u16 = 16;
pub(super) const B_PLACE_PREP: u16 = 32;
pub(super) const B_EMOTION_CONTEXT: u16 = 64;
pub(super) const B_ACTIVITY_CONTEXT: u16 = 128;
pub(super) const B_PRETEND: u16 = 256;
pub(super) const B_STOP: u16 = 512;
pub(super) const B_LANGUAGE_EN: u16 = 1 << 10;
pub(super) const B_LANGUAGE_FR: u16 = 1 << 11;
pub(super) const B_GIFT_VERB: u16 = 1 << 12;
/// Not yet looked up (in [`super::Cx::word_bits`]'s cache).
pub(super) const B_UNKNOWN: u16 = 1 << 15;

/// Each word of those classes with the bits of the classes it is in: one lookup answers them all.
pub(super) static WORD_BITS: LazyLock<FxMap<&'static str, u16>> = LazyLock::new(|| {
    let mut bits: FxMap<&'static str, u16> = FxMap::default();
    let classes: [(&Class, u16); 12] = [
        (&MY, B_MY),
        (&THIRD_POSSESSIVE, B_THIRD_POSSESSIVE),
        (&FIRST_PERSON, B_FIRST_PERSON),
        (&THIRD_SUBJECT, B_THIRD_SUBJECT),
        (&DETERMINERS, B_DETERMINER),
        (&PLACE_PREPS, B_PLACE_PREP),
        (&EMOTION_CONTEXT, B_EMOTION_CONTEXT),
        (&ACTIVITY_CONTEXT, B_ACTIVITY_CONTEXT),
        (&PRETEND, B_PRETEND),
        (&LANGUAGES_EN, B_LANGUAGE_EN),
        (&LANGUAGES_FR, B_LANGUAGE_FR),
        (&GIFT_VERBS, B_GIFT_VERB),
    ];
    for (class, bit) in classes {
        for w in class.iter() {
            *bits.entry(w).or_default() |= bit;
        }
    }
    for w in &crate::lexicon::LEX.stop {
        *bits.entry(w.as_str()).or_default() |= B_STOP;
    }
    bits
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_is_in_the_data_and_every_word_is_folded() {
        let declared = include_str!("words.rs")
            .lines()
            .filter_map(|l| l.split("Class::new(\"").nth(1)?.split('"').next())
            .filter(|name| !name.is_empty())
            .collect::<Vec<_>>();
        assert!(declared.len() >= 20);
        for name in &declared {
            let words = CLASSES.get(name).unwrap_or_else(|| panic!("[{name}] missing"));
            assert!(!words.is_empty(), "[{name}] is empty");
            for w in words {
                assert_eq!(*w, crate::fold::fold(w), "[{name}] {w} is not folded");
            }
        }
        for name in CLASSES.keys() {
            assert!(declared.contains(name), "[{name}] is read by no rule");
        }
    }
}
