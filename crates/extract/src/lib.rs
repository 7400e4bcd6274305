//! # lifegraph-extract
//!
//! Offline entity extraction and linking for Lifegraph memories, in English and French.
//!
//! Given a memory (title and details) and the writer's existing entities, it proposes the people,
//! locations, life periods, emotions, objects and activities the memory mentions, each as a
//! [`ValidationResult`] in the shape of docs/data.md ("Entity validation result"), with a
//! suggested action for the confirmation dialog (docs/rules.md, "Entity confirmation") and the
//! existing entities it may refer to.
//!
//! It is a pure library: no I/O, no network, nothing downloaded. The lexicons are data files
//! compiled into the crate and parsed once per process.
//!
//! ```
//! use lifegraph_extract::{EntityType, KnownEntity, Matcher, MemoryText, SuggestedAction};
//!
//! let known = vec![KnownEntity {
//!     id: 71,
//!     name: "Claire".into(),
//!     entity_type: EntityType::Person,
//!     aliases: vec![],
//!     category: Some("sister".into()),
//! }];
//! // Prepare once per writer, reuse for each memory.
//! let matcher = Matcher::new(&known);
//! let results = matcher.extract(&MemoryText {
//!     title: "Hospital visit",
//!     details: "Visited my sister in Lyon. I was so worried.",
//!     lang: None,
//! });
//! let sister = results.iter().find(|r| r.recommended_entity_id == Some(71)).unwrap();
//! assert_eq!(sister.suggested_action, SuggestedAction::UseExisting);
//! assert!(results.iter().any(|r| r.extracted_name == "Lyon" && r.extracted_type == EntityType::Location));
//! assert!(results.iter().any(|r| r.extracted_name == "worried" && r.extracted_type == EntityType::Emotion));
//! ```

mod engine;
pub mod eval;
mod fold;
mod fxhash;
mod kin;
mod lexicon;
mod link;
pub mod model;
pub mod tagger;
mod token;
#[cfg(feature = "train")]
pub mod train;

use serde::{Deserialize, Serialize};

pub use fold::{name_key, search_key};
pub use kin::stated_relationship;
pub use link::Matcher;

/// Language of a memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    En,
    /// French.
    Fr,
}

/// The six entity types (docs/data.md, "Entities"). `event`, which docs/data.md lists beside
/// `lifePeriod`, is read as `lifePeriod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EntityType {
    /// A specific named person or pet, or a kin word used as a name.
    Person,
    /// A named place.
    Location,
    /// A period or milestone of the writer's life, or a named event.
    #[serde(alias = "event")]
    LifePeriod,
    /// A feeling the writer expresses.
    Emotion,
    /// A concrete thing that matters in the story, or a named work.
    Object,
    /// Something the writer does or did.
    Activity,
}

impl EntityType {
    /// All types, in a fixed order.
    pub const ALL: [EntityType; 6] = [
        EntityType::Person,
        EntityType::Location,
        EntityType::LifePeriod,
        EntityType::Emotion,
        EntityType::Object,
        EntityType::Activity,
    ];

    /// The JSON name (`person`, `lifePeriod`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            EntityType::Person => "person",
            EntityType::Location => "location",
            EntityType::LifePeriod => "lifePeriod",
            EntityType::Emotion => "emotion",
            EntityType::Object => "object",
            EntityType::Activity => "activity",
        }
    }
}

/// One of the writer's existing entities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KnownEntity {
    /// Entity id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Type.
    #[serde(rename = "type")]
    pub entity_type: EntityType,
    /// Other names the writer uses for it.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// For people: the relationship category (docs/data.md "Person categories": `mother`, `sister`,
    /// `partner`, `companion-animal`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
}

/// The text of one memory.
#[derive(Debug, Clone, Copy, Default)]
pub struct MemoryText<'a> {
    /// Title (may be empty).
    pub title: &'a str,
    /// Details (the body).
    pub details: &'a str,
    /// Language, detected from the text when `None`.
    pub lang: Option<Lang>,
}

/// What the confirmation dialog should offer first (docs/rules.md, "Entity confirmation").
///
/// Decided from the best match (`matches[0].confidence`):
/// - at least 0.7 and clearly ahead: [`UseExisting`](SuggestedAction::UseExisting);
/// - at least 0.7 with a second match of 0.8 or more within 0.05:
///   [`MergeEntities`](SuggestedAction::MergeEntities) (the writer seems to have duplicates);
/// - from 0.5 to 0.7, or two weak matches tied: [`AddAsAlias`](SuggestedAction::AddAsAlias);
/// - otherwise [`CreateNew`](SuggestedAction::CreateNew), with no recommendation.
///
/// Per docs/rules.md ("Entity confirmation") the dialog starts from `use_existing` (and
/// `merge_entities`) with the recommendation, and from `create_new` otherwise;
/// `recommended_entity_id` is set for every action but `create_new`, so the dialog can still offer it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuggestedAction {
    /// No existing entity fits: create one.
    CreateNew,
    /// The mention refers to `recommended_entity_id` (by name, alias, nickname, typo, or as the
    /// writer's one person of a relationship).
    UseExisting,
    /// The mention fits two existing entities of its type equally well; they may be duplicates.
    /// `recommended_entity_id` is the first of them.
    MergeEntities,
    /// An existing entity may be meant under a new name (weak evidence): offer to add the
    /// extracted name as an alias of `recommended_entity_id`.
    AddAsAlias,
}

/// An existing entity the mention may refer to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EntityMatch {
    /// Entity id.
    pub entity_id: i64,
    /// Entity name.
    pub name: String,
    /// Entity type.
    #[serde(rename = "type")]
    pub entity_type: EntityType,
    /// How likely this is the entity meant, 0 to 1.
    pub confidence: f64,
    /// Why it matched, in plain English words ("matches an alias", "similar spelling (likely
    /// typo)", "the writer's only person with relationship sister", ...): for display or logs;
    /// do not parse it.
    pub reason: String,
}

/// One proposed entity (docs/data.md "Entity validation result").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidationResult {
    /// The name as proposed: the words of the memory, the canonical form of an activity, or,
    /// for a kin word resolved to an existing person ("my sister"), that person's name.
    pub extracted_name: String,
    /// Type.
    pub extracted_type: EntityType,
    /// How likely the proposal is right, 0 to 100. Higher is right more often: on the third
    /// frozen held-out set (text nobody tuned on), proposals at 90+ are right about 97% of the
    /// time, at 70-79 about 78%, under 60 about 42% (`lifegraph-extract eval` prints the table).
    pub extracted_confidence: u8,
    /// For people: the relationship category to the writer when the text says it.
    pub extracted_relationship: Option<String>,
    /// Suggested action.
    pub suggested_action: SuggestedAction,
    /// The existing entity to use, when one is suggested.
    pub recommended_entity_id: Option<i64>,
    /// Existing entities it may refer to, best first (at most 5).
    pub matches: Vec<EntityMatch>,
}

/// Extracts entities from one memory. `text` is the title, a line break, then the details (as in
/// the development set); a text without a line break is all details.
///
/// This prepares a [`Matcher`] for `known` on each call; to process many memories of one writer,
/// build the [`Matcher`] once and call [`Matcher::extract`].
pub fn extract(text: &str, lang: Option<Lang>, known: &[KnownEntity]) -> Vec<ValidationResult> {
    let (title, details) = text.split_once('\n').unwrap_or(("", text));
    Matcher::new(known).extract(&MemoryText { title, details, lang })
}

/// The title and details of a gold case (its text is the title, a line break, then the details).
fn case_memory(case: &eval::Case) -> MemoryText<'_> {
    let (title, details) = case.text.split_once('\n').unwrap_or(("", &case.text));
    MemoryText { title, details, lang: case.lang }
}

/// The content words (emotions, activities, objects, life periods of the lexicons) that the rules
/// leave aside in a gold case's memory, and those `tagger` marks, with the features of [`model`]:
/// what `lifegraph-extract train` learns from.
pub fn content_candidates(case: &eval::Case, tagger: Option<&tagger::Tagger>) -> Vec<model::Candidate> {
    engine::candidates(&Matcher::new(&case.known), &case_memory(case), tagger)
}

/// What `tagger` marks in a gold case's memory (first token, last token, type), to score it
/// against [`tagger_sequence`]'s labels.
pub fn tagger_spans(case: &eval::Case, tagger: &tagger::Tagger) -> Vec<(usize, usize, EntityType)> {
    engine::tagged(&Matcher::new(&case.known), &case_memory(case), tagger)
}

/// A gold case's tokens with the [`tagger`]'s features and the labels of its gold, for training it.
pub fn tagger_sequence(case: &eval::Case) -> tagger::Sequence {
    engine::sequence(&Matcher::new(&case.known), &case_memory(case), &case.gold)
}

/// Bytes of the compiled lexicons (first names and places from open data, word clusters) embedded
/// in the program: finite-state maps and hash tables read in place, so only the pages a lookup
/// touches become resident.
pub fn compiled_lexicon_bytes() -> usize {
    lexicon::Compiled::open().size()
}

/// Guesses the language of a text from its function words (French when it has more French ones,
/// English otherwise).
pub fn detect_lang(text: &str) -> Lang {
    engine::detect_lang(&token::Doc::new(text))
}
