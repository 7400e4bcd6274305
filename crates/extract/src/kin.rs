//! The relationship to the writer that a text states for a person by name: "my sister Claire",
//! "ma petite sœur Claire", "Claire, my sister". Read from the kin words of `data/*/kinship.txt`.

use std::sync::LazyLock;

use crate::Lang;
use crate::engine::{KIN_ADJ, MY};
use crate::fold::search_key;
use crate::lexicon::{data, key_items, lines};

/// Every kin word of both languages in search-key form with its person category, longest first
/// so that "best friend" is read before "friend".
static KIN: LazyLock<Vec<(String, &'static str)>> = LazyLock::new(|| {
    let mut words: Vec<(String, &'static str)> = [Lang::En, Lang::Fr]
        .into_iter()
        .flat_map(|lang| lines(data(lang, "kinship")))
        .filter_map(|line| {
            let (word, items) = key_items(line);
            Some((search_key(word), *items.first()?))
        })
        .collect();
    words.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
    words.dedup_by(|a, b| a.0 == b.0);
    words
});

/// The person category that `text` gives the person called `name`, when it says so next to the
/// name with a possessive: "my (little) sister Claire", "Claire, my sister", "ma sœur Claire".
/// Both are in [`search_key`] form. The first statement in the text wins.
pub fn stated_relationship(text: &str, name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return None;
    }
    let mut from = 0;
    while let Some(found) = text[from..].find(name) {
        let start = from + found;
        let end = start + name.len();
        from = end;
        let before = &text[..start];
        let after = &text[end..];
        if !ends_word(before) || !starts_word(after) {
            continue;
        }
        if let Some(category) = kin_before(before).or_else(|| kin_after(after)) {
            return Some(category);
        }
    }
    None
}

/// Whether a person category names a woman (`Some(true)`), a man (`Some(false)`) or either.
pub(crate) fn category_female(category: &str) -> Option<bool> {
    match category {
        "mother" | "sister" | "daughter" | "grandmother" | "godmother" | "mother-in-law" | "sister-in-law"
        | "daughter-in-law" | "niece" | "cousin-female" => Some(true),
        "father" | "brother" | "son" | "grandfather" | "godfather" | "father-in-law" | "brother-in-law"
        | "son-in-law" | "nephew" => Some(false),
        _ => None,
    }
}

/// The writer's relationship to the `kin` of someone who is the writer's `of` (both person
/// categories; `female` is the sex the kin word gives): the husband of the writer's sister is a
/// brother-in-law, the mother of the writer's wife a mother-in-law, the daughter of the writer's
/// brother a niece. `None` when the family has no word for it among the categories (a partner's
/// child, a friend's husband).
pub(crate) fn compose(of: &str, kin: &str, female: Option<bool>) -> Option<&'static str> {
    let by_sex = |woman: &'static str, man: &'static str| female.map(|f| if f { woman } else { man });
    match (of, kin) {
        ("sister" | "brother" | "sibling", "partner") => by_sex("sister-in-law", "brother-in-law"),
        ("sister" | "brother" | "sibling", "son" | "daughter") => by_sex("niece", "nephew"),
        ("partner", "sister" | "brother" | "sibling") => by_sex("sister-in-law", "brother-in-law"),
        ("partner", "mother" | "father") => by_sex("mother-in-law", "father-in-law"),
        ("son" | "daughter", "partner") => by_sex("daughter-in-law", "son-in-law"),
        ("mother" | "father", "mother" | "father" | "grandparent") => by_sex("grandmother", "grandfather"),
        ("mother" | "father", "sister" | "brother") | ("son" | "daughter", "son" | "daughter") => Some("other-family"),
        _ => None,
    }
}

/// "... my sister " before the name.
fn kin_before(before: &str) -> Option<&'static str> {
    let before = before.strip_suffix(' ')?;
    let (word, category) = KIN.iter().find(|(word, _)| {
        before.strip_suffix(word.as_str()).is_some_and(|rest| rest.is_empty() || rest.ends_with(' '))
    })?;
    let rest = before[..before.len() - word.len()].trim_end();
    possessive_at_end(rest).then_some(*category)
}

/// ", my sister" after the name.
fn kin_after(after: &str) -> Option<&'static str> {
    let rest = after.strip_prefix(", ")?;
    let (first, rest) = rest.split_once(' ')?;
    if !MY.contains(&first) {
        return None;
    }
    let rest = match rest.split_once(' ') {
        Some((adjective, more)) if KIN_ADJ.contains(&adjective) => more,
        _ => rest,
    };
    KIN.iter()
        .find(|(word, _)| rest.strip_prefix(word.as_str()).is_some_and(starts_word))
        .map(|(_, category)| *category)
}

/// Whether `text` ends with a possessive ("my", "ma"), perhaps followed by one describing word.
fn possessive_at_end(text: &str) -> bool {
    let mut words = text.rsplit(' ');
    match words.next() {
        Some(last) if MY.contains(&last) => true,
        Some(last) if KIN_ADJ.contains(&last) => words.next().is_some_and(|w| MY.contains(&w)),
        _ => false,
    }
}

fn ends_word(text: &str) -> bool {
    text.chars().next_back().is_none_or(|c| !c.is_alphanumeric())
}

fn starts_word(text: &str) -> bool {
    text.chars().next().is_none_or(|c| !c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::stated_relationship;
    use crate::search_key;

    fn stated(text: &str, name: &str) -> Option<&'static str> {
        stated_relationship(&search_key(text), &search_key(name))
    }

    #[test]
    fn a_possessive_and_a_kin_word_beside_the_name_state_a_category() {
        assert_eq!(stated("Lunch with my sister Claire in Lyon.", "Claire"), Some("sister"));
        assert_eq!(stated("My little brother Tom called.", "Tom"), Some("brother"));
        assert_eq!(stated("J'ai revu ma petite sœur Élodie.", "Élodie"), Some("sister"));
        assert_eq!(stated("Dîner chez Marc, mon frère, hier.", "Marc"), Some("brother"));
        assert_eq!(stated("Coffee with Sam, my best friend.", "Sam"), Some("best-friend"));
    }

    #[test]
    fn kin_of_kin_composes_into_the_writers_category() {
        use super::compose;
        assert_eq!(compose("sister", "partner", Some(false)), Some("brother-in-law"));
        assert_eq!(compose("brother", "partner", Some(true)), Some("sister-in-law"));
        assert_eq!(compose("partner", "mother", Some(true)), Some("mother-in-law"));
        assert_eq!(compose("partner", "brother", Some(false)), Some("brother-in-law"));
        assert_eq!(compose("daughter", "partner", Some(false)), Some("son-in-law"));
        assert_eq!(compose("brother", "daughter", Some(true)), Some("niece"));
        assert_eq!(compose("father", "mother", Some(true)), Some("grandmother"));
        assert_eq!(compose("mother", "brother", Some(false)), Some("other-family"));
        // A partner of unknown sex, or someone outside the family, has no category.
        assert_eq!(compose("sister", "partner", None), None);
        assert_eq!(compose("friend", "partner", Some(false)), None);
        assert_eq!(compose("partner", "son", Some(false)), None);
    }

    #[test]
    fn no_possessive_or_another_name_states_nothing() {
        assert_eq!(stated("Her sister Claire came too.", "Claire"), None);
        assert_eq!(stated("My sister Claire came with Hugo.", "Hugo"), None);
        assert_eq!(stated("My sister Clairette came.", "Claire"), None);
        assert_eq!(stated("Claire came.", "Claire"), None);
        assert_eq!(stated("anything", ""), None);
    }
}
