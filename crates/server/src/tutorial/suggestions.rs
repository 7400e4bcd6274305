//! What the tutorial and the onboarding flow suggest (docs/rules.md "Tutorial suggestions"):
//! people to quick-add (family, friends, a companion animal), and life periods dated from a birth
//! date, in English and French.
//!
//! The periods follow the stages of life and of schooling at the typical ages of UNESCO's
//! International Standard Classification of Education (ISCED 2011): pre-primary from 3, primary
//! from 6, lower secondary from 11, upper secondary from 15, a bachelor's degree from 18, three
//! years long. A period is suggested once it has begun; one still under way ends "ongoing".

use axum::Json;
use axum::extract::{Query, State};
use chrono::{Months, NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::entity;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};

/// Friends suggested, at most.
pub const FRIENDS_SHOWN: usize = 6;
/// Periods of the flat list.
pub const FLAT_SHOWN: usize = 5;

/// The groups of people suggested.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SuggestionGroup {
    Family,
    Friends,
    CompanionAnimal,
}

/// A person to quick-add: a relationship (a person category) the writer names.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonSuggestion {
    pub category: &'static str,
    pub group: SuggestionGroup,
    /// The gender the relationship implies, if it does.
    pub gender: Option<&'static str>,
}

/// A life period to add, with its dates from the birth date (none without one).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodSuggestion {
    /// A stable key (`childhood`, `primary-school`...), the parent's `parentId` of its children.
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub suggested_start: Option<NaiveDate>,
    /// None when it is still under way (or without a birth date).
    pub suggested_end: Option<NaiveDate>,
    pub is_one_day: bool,
    pub parent_id: Option<&'static str>,
    /// 0 for a stage of life, 1 inside it, 2 inside that.
    pub level: u8,
    #[schema(no_recursion)]
    pub children: Vec<PeriodSuggestion>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodSuggestions {
    /// Stages of life (level 0) with their parts (levels 1 and 2).
    pub hierarchical: Vec<PeriodSuggestion>,
    /// The five broad periods, without parts.
    pub flat: Vec<PeriodSuggestion>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Suggestions {
    pub people: Vec<PersonSuggestion>,
    pub life_periods: PeriodSuggestions,
    /// The birth date the periods were dated from.
    pub birth_date: Option<NaiveDate>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SuggestionsQuery {
    /// `yyyy-MM-dd`; the writer's own birth date when left out.
    pub birth_date: Option<String>,
    /// `en` or `fr`; the writer's language when left out.
    pub lang: Option<String>,
}

/// Family relationships, with the gender each implies. A writer has one partner, one mother,
/// one father: those already among their people are not suggested again.
const FAMILY: [(&str, Option<&str>); 7] = [
    ("partner", None),
    ("mother", Some("female")),
    ("father", Some("male")),
    ("sister", Some("female")),
    ("brother", Some("male")),
    ("grandmother", Some("female")),
    ("grandfather", Some("male")),
];
const ONLY_ONE: [&str; 3] = ["partner", "mother", "father"];
const FRIENDS: [&str; 8] = [
    "best-friend",
    "close-friend",
    "childhood-friend",
    "school-friend",
    "work-friend",
    "good-friend",
    "friend",
    "neighbor",
];

/// A period: key, parent, level, from and to ages (none: under way for good), names and
/// descriptions in English and French.
struct Stage {
    id: &'static str,
    parent: Option<&'static str>,
    level: u8,
    from: Option<u32>,
    to: Option<u32>,
    en: (&'static str, &'static str),
    fr: (&'static str, &'static str),
}

const STAGES: [Stage; 13] = [
    Stage {
        id: "childhood",
        parent: None,
        level: 0,
        from: Some(0),
        to: Some(11),
        en: ("Childhood", "From birth to the start of secondary school."),
        fr: ("Enfance", "De la naissance à l'entrée au collège."),
    },
    Stage {
        id: "early-childhood",
        parent: Some("childhood"),
        level: 1,
        from: Some(0),
        to: Some(3),
        en: ("Early childhood", "The first years, at home or in day care."),
        fr: ("Petite enfance", "Les premières années, à la maison, chez une nounou ou en crèche."),
    },
    Stage {
        id: "preschool",
        parent: Some("childhood"),
        level: 1,
        from: Some(3),
        to: Some(6),
        en: ("Preschool", "Nursery school, from age 3."),
        fr: ("École maternelle", "L'école maternelle, à partir de 3 ans."),
    },
    Stage {
        id: "primary-school",
        parent: Some("childhood"),
        level: 1,
        from: Some(6),
        to: Some(11),
        en: ("Primary school", "Learning to read and write, from age 6."),
        fr: ("École primaire", "Apprendre à lire et à écrire, du CP au CM2."),
    },
    Stage {
        id: "adolescence",
        parent: None,
        level: 0,
        from: Some(11),
        to: Some(18),
        en: ("Teenage years", "From secondary school to coming of age."),
        fr: ("Adolescence", "Du collège à la majorité."),
    },
    Stage {
        id: "middle-school",
        parent: Some("adolescence"),
        level: 1,
        from: Some(11),
        to: Some(15),
        en: ("Middle school", "Lower secondary school, from age 11."),
        fr: ("Collège", "De la sixième à la troisième."),
    },
    Stage {
        id: "high-school",
        parent: Some("adolescence"),
        level: 1,
        from: Some(15),
        to: Some(18),
        en: ("High school", "Upper secondary school, from age 15."),
        fr: ("Lycée", "De la seconde à la terminale."),
    },
    Stage {
        id: "final-school-year",
        parent: Some("high-school"),
        level: 2,
        from: Some(17),
        to: Some(18),
        en: ("Final year of school", "The last year of school and its exams."),
        fr: ("Terminale", "La dernière année du lycée et le baccalauréat."),
    },
    Stage {
        id: "adulthood",
        parent: None,
        level: 0,
        from: Some(18),
        to: None,
        en: ("Adult life", "From coming of age onwards."),
        fr: ("Vie d'adulte", "Depuis la majorité."),
    },
    Stage {
        id: "higher-education",
        parent: Some("adulthood"),
        level: 1,
        from: Some(18),
        to: Some(21),
        en: ("College or university", "Studies after school, a first degree."),
        fr: ("Études supérieures", "Les études après le bac, une licence."),
    },
    Stage {
        id: "first-year-away",
        parent: Some("higher-education"),
        level: 2,
        from: Some(18),
        to: Some(19),
        en: ("First year of studies", "A new place, new friends, a first home of your own."),
        fr: ("Première année d'études", "Une nouvelle ville, de nouveaux amis, un premier chez-soi."),
    },
    Stage {
        id: "early-career",
        parent: Some("adulthood"),
        level: 1,
        from: Some(21),
        to: Some(30),
        en: ("Early career", "First jobs and finding your way."),
        fr: ("Début de carrière", "Les premiers emplois, trouver sa voie."),
    },
    Stage {
        id: "first-job",
        parent: Some("early-career"),
        level: 2,
        from: Some(21),
        to: Some(23),
        en: ("First job", "Your first steps at work."),
        fr: ("Premier emploi", "Vos premiers pas dans le monde du travail."),
    },
];

/// The flat list: the broad periods of a life, as stages of their own (no parent, level 0).
const FLAT: [&str; FLAT_SHOWN] = ["childhood", "school-years", "higher-education", "early-career", "partnership"];

/// The periods only the flat list offers.
const FLAT_ONLY: [Stage; 2] = [
    Stage {
        id: "school-years",
        parent: None,
        level: 0,
        from: Some(6),
        to: Some(18),
        en: ("School years", "From the first day of school to the last."),
        fr: ("Années d'école", "Du premier jour d'école au dernier."),
    },
    Stage {
        id: "partnership",
        parent: None,
        level: 0,
        from: None,
        to: None,
        en: ("Marriage or partnership", "Life together: add when it began."),
        fr: ("Mariage ou vie de couple", "La vie à deux : ajoutez quand elle a commencé."),
    },
];

/// The day someone born on `birth` turns `age` (28 February for a 29 February birthday).
fn birthday(birth: NaiveDate, age: u32) -> Option<NaiveDate> {
    birth.checked_add_months(Months::new(age * 12))
}

/// The suggestion of a stage for a writer born on `birth` (dates left empty without it), or none
/// when it has not begun by `today`.
fn suggest(stage: &Stage, birth: Option<NaiveDate>, today: NaiveDate, french: bool) -> Option<PeriodSuggestion> {
    let (start, end) = match (birth, stage.from) {
        (Some(birth), Some(from)) => {
            let start = birthday(birth, from)?;
            if start > today {
                return None;
            }
            (Some(start), stage.to.and_then(|to| birthday(birth, to)).filter(|end| *end <= today))
        }
        _ => (None, None),
    };
    let (name, description) = if french { stage.fr } else { stage.en };
    Some(PeriodSuggestion {
        id: stage.id,
        name,
        description,
        suggested_start: start,
        suggested_end: end,
        is_one_day: false,
        parent_id: stage.parent,
        level: stage.level,
        children: Vec::new(),
    })
}

/// The stages under `parent`, each with its own parts.
fn tree(parent: Option<&str>, birth: Option<NaiveDate>, today: NaiveDate, french: bool) -> Vec<PeriodSuggestion> {
    STAGES
        .iter()
        .filter(|stage| stage.parent == parent)
        .filter_map(|stage| {
            let mut suggestion = suggest(stage, birth, today, french)?;
            suggestion.children = tree(Some(stage.id), birth, today, french);
            Some(suggestion)
        })
        .collect()
}

pub fn periods(birth: Option<NaiveDate>, today: NaiveDate, french: bool) -> PeriodSuggestions {
    PeriodSuggestions {
        hierarchical: tree(None, birth, today, french),
        flat: FLAT
            .iter()
            .filter_map(|id| {
                let stage = STAGES.iter().chain(&FLAT_ONLY).find(|stage| stage.id == *id)?;
                let suggestion = suggest(stage, birth, today, french)?;
                Some(PeriodSuggestion { parent_id: None, level: 0, ..suggestion })
            })
            .collect(),
    }
}

/// People to quick-add, leaving out a partner, mother or father the writer already has.
pub fn people(taken: &[String]) -> Vec<PersonSuggestion> {
    let family = FAMILY
        .iter()
        .filter(|(category, _)| !(ONLY_ONE.contains(category) && taken.iter().any(|t| t == category)))
        .map(|&(category, gender)| PersonSuggestion { category, group: SuggestionGroup::Family, gender });
    let friends = FRIENDS.iter().take(FRIENDS_SHOWN).map(|&category| PersonSuggestion {
        category,
        group: SuggestionGroup::Friends,
        gender: None,
    });
    let animal =
        PersonSuggestion { category: "companion-animal", group: SuggestionGroup::CompanionAnimal, gender: None };
    family.chain(friends).chain(std::iter::once(animal)).collect()
}

/// People to quick-add and life periods dated from a birth date (the writer's own when none is
/// given), named in the language asked for (the writer's when none is).
#[utoipa::path(get, path = "/api/onboarding/suggestions", tag = "tutorial", params(SuggestionsQuery),
    responses((status = 200, body = Suggestions), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn suggestions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(query): Query<SuggestionsQuery>,
) -> ApiResult<Json<Suggestions>> {
    let birth = match query.birth_date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(raw) => crate::users::checked_birth_date(Some(Some(raw.to_owned())))?.flatten(),
        None => user.birth_date,
    };
    let french = match query.lang.as_deref() {
        Some("fr") => true,
        Some("en") => false,
        Some(_) => return Err(ApiError::bad_request(ErrorCode::ValidationFailed, "lang must be 'en' or 'fr'")),
        None => user.language.as_deref() == Some("fr"),
    };
    let metadata: Vec<serde_json::Value> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Metadata)
        .filter(entity::Column::UserId.eq(user.id))
        .filter(entity::Column::EntityType.eq("person"))
        .into_tuple()
        .all(&state.db)
        .await?;
    let taken: Vec<String> =
        metadata.iter().filter_map(|m| crate::entities::metadata::stored_category(m).map(str::to_owned)).collect();
    Ok(Json(Suggestions {
        people: people(&taken),
        life_periods: periods(birth, Utc::now().date_naive(), french),
        birth_date: birth,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn periods_are_dated_from_the_birth_date_and_only_once_begun() {
        let found = periods(Some(day("2004-02-29")), day("2026-11-24"), false);
        let ids: Vec<&str> = found.hierarchical.iter().map(|p| p.id).collect();
        assert_eq!(ids, ["childhood", "adolescence", "adulthood"]);
        let adulthood = &found.hierarchical[2];
        assert_eq!((adulthood.suggested_start, adulthood.suggested_end), (Some(day("2022-02-28")), None));
        let parts: Vec<&str> = adulthood.children.iter().map(|p| p.id).collect();
        assert_eq!(parts, ["higher-education", "early-career"], "both have begun at 22");
        let career = &adulthood.children[1];
        assert_eq!((career.suggested_start, career.suggested_end, career.level), (Some(day("2025-02-28")), None, 1));
        assert_eq!(career.children[0].suggested_end, None, "a first job from 21 to 23 is still under way at 22");
        let school = &found.hierarchical[1].children[1];
        assert_eq!((school.suggested_start, school.suggested_end), (Some(day("2019-02-28")), Some(day("2022-02-28"))));
        assert_eq!(school.children[0].level, 2);
        let flat: Vec<&str> = found.flat.iter().map(|p| p.id).collect();
        assert_eq!(flat, ["childhood", "school-years", "higher-education", "early-career", "partnership"]);
    }

    #[test]
    fn a_child_is_offered_only_what_has_begun() {
        let found = periods(Some(day("2021-06-01")), day("2026-11-24"), true);
        assert_eq!(found.hierarchical.len(), 1);
        let childhood = &found.hierarchical[0];
        assert_eq!((childhood.name, childhood.suggested_end), ("Enfance", None));
        let parts: Vec<&str> = childhood.children.iter().map(|p| p.name).collect();
        assert_eq!(parts, ["Petite enfance", "École maternelle"]);
        assert_eq!(found.flat.len(), 2, "childhood, and a partnership whatever the age");
    }

    #[test]
    fn without_a_birth_date_every_period_comes_undated() {
        let found = periods(None, day("2026-11-24"), false);
        assert_eq!(found.hierarchical.len(), 3);
        assert_eq!(found.flat.len(), FLAT_SHOWN);
        assert!(found.flat.iter().all(|p| p.suggested_start.is_none() && p.suggested_end.is_none()));
        let count =
            |list: &[PeriodSuggestion]| -> usize { list.len() + list.iter().map(|p| p.children.len()).sum::<usize>() };
        assert_eq!(count(&found.hierarchical), 3 + 7);
    }

    #[test]
    fn a_mother_already_named_is_not_suggested_again_but_a_sister_is() {
        let all = people(&[]);
        assert_eq!(all.iter().filter(|p| p.group == SuggestionGroup::Friends).count(), FRIENDS_SHOWN);
        assert_eq!(all.iter().filter(|p| p.group == SuggestionGroup::CompanionAnimal).count(), 1);
        let some = people(&["mother".to_owned(), "sister".to_owned()]);
        assert!(!some.iter().any(|p| p.category == "mother"));
        assert!(some.iter().any(|p| p.category == "sister"));
        assert_eq!(all.len() - some.len(), 1);
    }
}
