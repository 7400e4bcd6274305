//! Linking to the writer's existing entities.

use lifegraph_extract::EntityType::{Activity, LifePeriod, Location};
use lifegraph_extract::Lang::{En, Fr};
use lifegraph_extract::{Matcher, MemoryText, SuggestedAction};

use crate::{entity, linked, person, run_known, show};

#[test]
fn alias() {
    let known = [entity(141, "Birmingham", Location, &["Brum"]), person(144, "Beverley", &["Auntie Bev"], "other")];
    let rs = run_known("Back in Brum\nBack in Brum at last. Auntie Bev held my hand.", En, &known);
    assert_eq!(linked(&rs, 141).suggested_action, SuggestedAction::UseExisting);
    linked(&rs, 144);
}

#[test]
fn accents_and_case() {
    let known = [person(51, "Zoé", &[], "sister"), entity(52, "Montréal", Location, &[])];
    let rs = run_known("Call\nLong call with Zoe in MONTREAL.", En, &known);
    linked(&rs, 51);
    linked(&rs, 52);
    let known = [person(233, "Françoise", &[], "other"), person(234, "François", &[], "cousin")];
    let rs = run_known("Visite\nElle m'a prise pour tante Francoise.", Fr, &known);
    let r = linked(&rs, 233);
    assert_eq!(r.matches[0].entity_id, 233);
    assert!(!rs.iter().any(|r| r.recommended_entity_id == Some(234)));
}

#[test]
fn typo() {
    let known = [person(82, "Katherine", &["Kate"], "close-friend"), person(281, "Mme Lefèvre", &[], "teacher")];
    let rs = run_known("Recital\nKathrine saved us seats. Then a lesson with Mme Lefebvre.", En, &known);
    assert_eq!(linked(&rs, 82).suggested_action, SuggestedAction::UseExisting);
    linked(&rs, 281);
    // A misspelt first name on its own, of someone known by first name and surname; a first name
    // one letter from it is someone else.
    let known = [person(283, "Barnaby Whitcombe", &[], "friend"), person(284, "Simone Keller", &[], "sister")];
    let rs = run_known("Coffee\nBarnabby came round for coffee with Simon and Simone.", En, &known);
    linked(&rs, 283);
    assert_eq!(linked(&rs, 284).extracted_name, "Simone");
    assert!(!rs.iter().any(|r| r.extracted_name == "Simon" && r.recommended_entity_id.is_some()), "{}", show(&rs));
}

#[test]
fn nickname() {
    let known = [person(61, "Robert Kowalski", &["Bob"], "close-friend"), person(261, "Emmanuel", &[], "friend")];
    let rs = run_known("Fishing with Bobby\nWent fishing with Bobby, then Manu called.", En, &known);
    linked(&rs, 61);
    linked(&rs, 261);
}

#[test]
fn kin_word_resolves_to_the_one_person() {
    let known = [person(71, "Claire", &[], "sister"), person(72, "Cleo", &[], "cousin")];
    let rs = run_known("Hospital\nVisited my sister after her surgery.", En, &known);
    let r = linked(&rs, 71);
    assert_eq!(r.extracted_name, "Claire");
    assert_eq!(r.extracted_relationship.as_deref(), Some("sister"));
    assert_eq!(r.matches[0].entity_id, 71);
    let known = [person(311, "Martine", &["Maman"], "mother")];
    let rs = run_known("Carnet\nMa mère m'a donné son carnet.", Fr, &known);
    linked(&rs, 311);
    // Two daughters: "my daughter" is ambiguous and is left out.
    let known = [person(131, "Ava", &[], "daughter"), person(132, "Isla", &[], "daughter")];
    let rs = run_known("Beach\nMy daughter built a sand castle.", En, &known);
    assert!(rs.iter().all(|r| r.recommended_entity_id.is_none()), "{}", show(&rs));
    // A kin word used as a name links through the category too.
    let known = [person(142, "Frank", &[], "father")];
    let rs = run_known("Brum\nFirst time back since Dad died.", En, &known);
    linked(&rs, 142);
}

#[test]
fn decoys_with_similar_names_do_not_link() {
    let known =
        [person(31, "Marie", &[], "colleague"), person(272, "Paul", &[], "friend"), person(72, "Cleo", &[], "cousin")];
    let rs = run_known("Coffee\nCoffee with Marianne, then Paulin and Chloe came by.", En, &known);
    assert!(rs.iter().all(|r| r.recommended_entity_id.is_none()), "{}", show(&rs));
    for name in ["Marianne", "Paulin", "Chloe"] {
        let r = rs.iter().find(|r| r.extracted_name == name).unwrap_or_else(|| panic!("{name}: {}", show(&rs)));
        assert_eq!(r.suggested_action, SuggestedAction::CreateNew);
    }
    // Jamie (partner) and Jamie Lee (cousin): the exact name wins.
    let known = [person(101, "Jamie", &[], "partner"), person(105, "Jamie Lee", &[], "cousin")];
    let rs = run_known("Ten years\nJamie surprised me.", En, &known);
    assert_eq!(linked(&rs, 101).matches[0].entity_id, 101);
}

#[test]
fn other_types_link_by_name_alias_and_canonical_form() {
    let known = [
        entity(63, "fishing", Activity, &[]),
        entity(102, "Our wedding", LifePeriod, &["wedding"]),
        entity(354, "tricot", Activity, &[]),
    ];
    let rs = run_known("Ten years\nTen years since our wedding. Went fishing.", En, &known);
    linked(&rs, 63);
    linked(&rs, 102);
    let rs = run_known("Pull\nLe pull que je lui avais tricoté.", Fr, &known);
    linked(&rs, 354);
}

#[test]
fn matcher_is_reusable_and_matches_are_ranked() {
    let known = [person(101, "Jamie", &[], "partner"), person(105, "Jamie Lee", &[], "cousin")];
    let m = Matcher::new(&known);
    assert_eq!(m.len(), 2);
    for _ in 0..3 {
        let rs = m.extract(&MemoryText { title: "", details: "Jamie called.", lang: None });
        let r = linked(&rs, 101);
        assert!(r.matches.windows(2).all(|w| w[0].confidence >= w[1].confidence));
        assert!(r.matches.iter().all(|m| (0.0..=1.0).contains(&m.confidence)));
    }
}

#[test]
fn kin_word_with_a_describing_word_and_hyphenated_categories() {
    let known = [
        person(1941, "Nia", &[], "sister"),
        person(1302, "Hollie", &[], "best-friend"),
        person(1311, "Bramble", &[], "companion-animal"),
    ];
    let rs = run_known("Day\nWatched my little sister graduate, rang my best friend, walked my dog.", En, &known);
    linked(&rs, 1941);
    linked(&rs, 1302);
    linked(&rs, 1311);
}

/// A kin phrase composed of two kin words refers to the writer's one person of the composed
/// category, as "my sister" does to the one sister.
#[test]
fn kin_of_kin_links_to_the_one_person_of_that_category() {
    let known = [person(61, "Anselm Duval", &[], "brother-in-law"), person(62, "Ottilie", &[], "sister")];
    let rs = run_known("Visite\nLe mari de ma sœur est passé ce matin.", Fr, &known);
    assert_eq!(linked(&rs, 61).extracted_relationship.as_deref(), Some("brother-in-law"));
    let rs = run_known("Call\nMy sister rang. Her husband got the job!", En, &known);
    linked(&rs, 61);
    let known = [person(63, "Hortense", &[], "mother-in-law")];
    let rs = run_known("Lunch\nMy wife's mother came for lunch.", En, &known);
    linked(&rs, 63);
    // One of several ("un ami de mon frère"), someone else's wife, or a phrase whose name is
    // given: no link to the one brother-in-law or sister-in-law.
    let known = [person(66, "Anselm Duval", &[], "brother-in-law"), person(67, "Hortense", &[], "sister-in-law")];
    let rs = run_known("Visite\nUn copain de mon frère est passé.", Fr, &known);
    assert!(!rs.iter().any(|r| r.recommended_entity_id.is_some()), "{}", show(&rs));
    let rs = run_known("Pub\nMy brother met Barnaby at the pub. His wife was there too.", En, &known);
    assert!(!rs.iter().any(|r| r.recommended_entity_id == Some(67)), "{}", show(&rs));
    let rs = run_known("Visit\nThe husband of my sister, Cyprien, came by.", En, &known);
    assert!(!rs.iter().any(|r| r.recommended_entity_id == Some(66)), "{}", show(&rs));
    // Two people of that category: no guess.
    let known = [person(64, "Hortense", &[], "mother-in-law"), person(65, "Wilhelmina", &[], "mother-in-law")];
    let rs = run_known("Lunch\nMy wife's mother came for lunch.", En, &known);
    assert!(!rs.iter().any(|r| r.recommended_entity_id.is_some()), "{}", show(&rs));
}

/// A first name that is exactly an existing person's beats a name one letter away: the Wilhelmina
/// of the neighbours, not the Wilhelmena of work.
#[test]
fn an_exact_first_name_beats_a_near_spelling() {
    let known = [person(401, "Wilhelmina Ashby", &[], "neighbor"), person(402, "Wilhelmena", &[], "colleague")];
    let rs = run_known("Street party\nI ran the cake stall with Wilhelmina from number 4.", En, &known);
    assert_eq!(linked(&rs, 401).matches[0].entity_id, 401, "{}", show(&rs));
    assert!(!rs.iter().any(|r| r.recommended_entity_id == Some(402)), "{}", show(&rs));
}

/// The first name alone of a person the writer knows by first name and surname is that person,
/// wherever it stands; a first name that is also a town is left to the name rules.
#[test]
fn a_known_persons_first_name_alone_is_that_person() {
    let known = [person(411, "Ottilie Marchbank", &[], "friend"), person(412, "Florence Whitby", &[], "friend")];
    let rs = run_known("Physio\nOttilie at the clinic had me walking the corridor twice.", En, &known);
    let r = linked(&rs, 411);
    assert_eq!(r.extracted_type, lifegraph_extract::EntityType::Person);
    assert_eq!(r.extracted_relationship.as_deref(), Some("friend"));
    let rs = run_known("Away\nThree days in Florence for a conference.", En, &known);
    assert!(!rs.iter().any(|r| r.recommended_entity_id == Some(412)), "{}", show(&rs));
    // An ordinary word at a sentence's start is the word.
    let known = [person(413, "Hope Ellis", &[], "friend")];
    let rs = run_known("Weekend\nHope the rain holds off for the fete.", En, &known);
    assert!(!rs.iter().any(|r| r.recommended_entity_id == Some(413)), "{}", show(&rs));
    let known = [person(411, "Ottilie Marchbank", &[], "friend"), person(412, "Florence Whitby", &[], "friend")];
    // Beside another capitalised name it is someone else's full name.
    let rs = run_known("Party\nI met Ottilie Brennan at the party.", En, &known);
    assert!(!rs.iter().any(|r| r.recommended_entity_id == Some(411) && r.extracted_name == "Ottilie"), "{}", show(&rs));
}

/// A title and a surname with its particle ("Mme Le Querrec") is the person of that surname.
#[test]
fn a_title_and_a_surname_with_its_particle() {
    let known = [person(421, "Brunehilde Le Querrec", &[], "neighbor"), person(422, "Cyprien", &[], "son")];
    let rs = run_known("Dîner\nDîner à Espalion chez Mme Le Querrec, la voisine.", Fr, &known);
    linked(&rs, 421);
}

/// The beginning of a first name is a short form of it, offered as an alias; one that is a first
/// name of its own is someone else.
#[test]
fn a_short_form_of_a_first_name() {
    let known = [person(432, "Cyprien", &[], "friend"), person(433, "Pauline Marsh", &[], "neighbor")];
    let rs = run_known("Resto\nDîner avec Cypr ce soir à Marvejols.", Fr, &known);
    assert_eq!(linked(&rs, 432).suggested_action, SuggestedAction::AddAsAlias);
    let rs = run_known("Tea\nPaul came round for tea with Pauline.", En, &known);
    let paul = rs.iter().find(|r| r.extracted_name == "Paul").unwrap_or_else(|| panic!("{}", show(&rs)));
    assert_eq!(paul.recommended_entity_id, None, "{}", show(&rs));
    assert_eq!(linked(&rs, 433).extracted_name, "Pauline");
}

/// Québec French: "ma blonde", "mon chum" are the writer's partner.
#[test]
fn quebec_partner_words() {
    let known = [person(441, "Hortense", &[], "partner")];
    let rs = run_known("Chalet\nFin de semaine au chalet avec ma blonde.", Fr, &known);
    linked(&rs, 441);
    let known = [person(442, "Anselm", &[], "partner")];
    let rs = run_known("Chalet\nMon chum a fait le souper.", Fr, &known);
    linked(&rs, 442);
}
