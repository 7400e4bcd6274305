//! Entities as the API shows and receives them, checked at the boundary.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::metadata::EntityMetadata;
use crate::db::entities::entity;
use crate::error::{ApiError, ErrorCode};

/// The types of docs/data.md "Entities". `event` is kept for compatibility; the app files events as `lifePeriod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = EntityType)]
pub enum EntityKind {
    Person,
    Location,
    LifePeriod,
    Event,
    Emotion,
    Object,
    Activity,
}

impl EntityKind {
    pub const ALL: [Self; 7] =
        [Self::Person, Self::Location, Self::LifePeriod, Self::Event, Self::Emotion, Self::Object, Self::Activity];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Person => "person",
            Self::Location => "location",
            Self::LifePeriod => "lifePeriod",
            Self::Event => "event",
            Self::Emotion => "emotion",
            Self::Object => "object",
            Self::Activity => "activity",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ApiError> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw).ok_or_else(|| {
            ApiError::bad_request(
                ErrorCode::InvalidEntityType,
                format!("Unknown entity type '{raw}': expected person, location, lifePeriod, event, emotion, object or activity"),
            )
        })
    }
}

/// How a person stands to the writer (docs/data.md "Person categories"): a person's `category`, and
/// the relationship extraction reads in the text. A relationship outside them is not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PersonCategory {
    Myself,
    Partner,
    ExPartner,
    Son,
    Daughter,
    Brother,
    Sister,
    Sibling,
    Mother,
    Father,
    Grandmother,
    Grandfather,
    Grandparent,
    Godfather,
    Godmother,
    SonInLaw,
    DaughterInLaw,
    FatherInLaw,
    MotherInLaw,
    BrotherInLaw,
    SisterInLaw,
    CousinFemale,
    Cousin,
    Nephew,
    Niece,
    OtherFamily,
    CloseFriend,
    BestFriend,
    GoodFriend,
    Friend,
    ChildhoodFriend,
    SchoolFriend,
    WorkFriend,
    Acquaintance,
    WorkColleague,
    Colleague,
    Boss,
    Employee,
    Classmate,
    Student,
    Neighbor,
    Mentor,
    Mentee,
    Doctor,
    Therapist,
    Teacher,
    Coach,
    CompanionAnimal,
    Other,
}

impl PersonCategory {
    /// The category `raw` names, if it names one.
    pub fn parse(raw: &str) -> Option<Self> {
        crate::text::parse_name(raw)
    }

    /// The category `raw` names, whatever its case, accents, spaces or underscores.
    pub fn parse_loose(raw: &str) -> Option<Self> {
        Self::parse(&lifegraph_extract::search_key(raw).replace([' ', '_'], "-"))
    }
}

/// An entity of the user's life graph.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Entity {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = EntityKind)]
    pub entity_type: String,
    pub aliases: Vec<String>,
    pub notes: Option<String>,
    /// Percentage, when the entity came from extraction.
    pub confidence: Option<i32>,
    /// The fields of its type (docs/data.md "Metadata per type").
    pub metadata: EntityMetadata,
    /// How many of the writer's memories name it.
    pub memory_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Entity {
    /// The answer for a stored entity, with its period parents and its memory count.
    pub fn new(model: entity::Model, parents: Option<Vec<i64>>, memory_count: i64) -> Self {
        let aliases = model.alias_list();
        let kind = EntityKind::parse(&model.entity_type).unwrap_or(EntityKind::Event);
        let mut metadata = EntityMetadata::from_stored(kind, &model.metadata);
        if kind == EntityKind::LifePeriod {
            metadata.parent_periods = parents.filter(|p| !p.is_empty());
        }
        Self {
            id: model.id,
            user_id: model.user_id,
            name: model.name,
            entity_type: model.entity_type,
            aliases,
            notes: model.notes,
            confidence: model.confidence,
            metadata,
            memory_count,
            created_at: model.created_at,
            updated_at: model.updated_at,
        }
    }
}

/// `POST /api/entities` and `POST /api/entities-with-metadata`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateEntityRequest {
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = EntityKind)]
    pub entity_type: String,
    /// The fields of its type; `aliases` and `notes` are accepted here too, and a period's parents
    /// as `parentPeriods` or the single `parentPeriod`.
    #[schema(value_type = Option<EntityMetadata>)]
    pub metadata: Option<Value>,
    pub aliases: Option<Vec<String>>,
    pub notes: Option<String>,
    /// Ignored: entities always belong to the signed-in user.
    #[allow(dead_code)]
    pub user_id: Option<i64>,
}

/// `PATCH /api/entities-with-metadata/{id}`: what is left out stays as it was. `metadata`, when
/// sent, replaces the fields of the type; a period's parents change only when named in it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEntityRequest {
    pub name: Option<String>,
    #[schema(value_type = Option<EntityMetadata>)]
    pub metadata: Option<Value>,
    pub aliases: Option<Vec<String>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub notes: Option<Option<String>>,
    /// Ignored: an entity keeps its owner.
    #[allow(dead_code)]
    pub user_id: Option<i64>,
}

/// `POST /api/entity-relationships`: how two of the writer's entities stand to each other.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRelationshipRequest {
    pub source_id: i64,
    pub target_id: i64,
    /// In the writer's words ("sisters", "met at school"); 1 to 60 characters.
    pub relationship: String,
}

/// A relationship stated between two entities.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Relationship {
    pub id: i64,
    pub source_id: i64,
    pub target_id: i64,
    pub relationship: String,
}

/// The longest relationship name.
pub const RELATIONSHIP_MAX: usize = 60;

/// `POST /api/entities/merge`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeRequest {
    /// The entity that goes away.
    pub source_id: i64,
    /// The entity that stays and takes the source's memories, names and links.
    pub target_id: i64,
}

pub const NAME_MAX: usize = 200;
pub const ALIAS_MAX: usize = 50;
const NOTES_MAX: usize = 5_000;
/// The type-specific fields of one entity, as JSON.
pub const METADATA_MAX_BYTES: usize = 16 * 1024;

pub fn too_many_aliases() -> ApiError {
    ApiError::bad_request(ErrorCode::TooManyAliases, format!("An entity can have at most {ALIAS_MAX} aliases"))
}

/// A request's metadata as an object within its size limit (absent or null: empty).
fn metadata_object(metadata: Option<Value>) -> Result<Map<String, Value>, ApiError> {
    let map = match metadata {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(map)) => map,
        Some(_) => return Err(ApiError::bad_request(ErrorCode::InvalidMetadata, "metadata must be an object")),
    };
    if serde_json::to_vec(&map).map_or(true, |json| json.len() > METADATA_MAX_BYTES) {
        return Err(ApiError::bad_request(
            ErrorCode::MetadataTooLarge,
            format!("An entity's details must take at most {} KB", METADATA_MAX_BYTES / 1024),
        ));
    }
    Ok(map)
}

/// A checked new entity.
#[derive(Debug, Clone)]
pub struct NewEntity {
    pub name: String,
    pub kind: EntityKind,
    pub metadata: EntityMetadata,
    /// A period's parents, by id (checked against the writer's periods when stored).
    pub parents: Vec<i64>,
    pub aliases: Vec<String>,
    pub notes: Option<String>,
    pub confidence: Option<i32>,
}

impl NewEntity {
    /// Name required and trimmed; the metadata read for the type (docs/rules.md "Entities");
    /// aliases and notes sent inside the metadata go to their own fields.
    pub fn new(name: &str, kind: EntityKind, metadata: Option<Value>) -> Result<Self, ApiError> {
        let name = checked_name(name)?;
        let input = EntityMetadata::from_request(kind, metadata_object(metadata)?)?;
        let mut new = Self {
            name,
            kind,
            metadata: input.fields,
            parents: input.parents.unwrap_or_default(),
            aliases: Vec::new(),
            notes: None,
            confidence: None,
        };
        new.aliases = clean_aliases(&new.name, input.aliases.unwrap_or_default())?;
        new.notes = checked_notes(input.notes)?;
        Ok(new)
    }
}

impl TryFrom<CreateEntityRequest> for NewEntity {
    type Error = ApiError;

    fn try_from(request: CreateEntityRequest) -> Result<Self, Self::Error> {
        let kind = EntityKind::parse(&request.entity_type)?;
        let mut new = Self::new(&request.name, kind, request.metadata)?;
        if let Some(aliases) = request.aliases {
            if aliases.len() > ALIAS_MAX {
                return Err(too_many_aliases());
            }
            let mut all = new.aliases.clone();
            all.extend(aliases);
            new.aliases = clean_aliases(&new.name, all)?;
        }
        if request.notes.is_some() {
            new.notes = checked_notes(request.notes)?;
        }
        Ok(new)
    }
}

/// A checked change to an entity; `None` leaves a field as it was.
#[derive(Debug, Default)]
pub struct EntityChanges {
    pub name: Option<String>,
    pub metadata: Option<EntityMetadata>,
    pub parents: Option<Vec<i64>>,
    /// Before the clean-up against the (possibly new) name, done when applied.
    pub aliases: Option<Vec<String>>,
    pub notes: Option<Option<String>>,
}

impl EntityChanges {
    pub fn parse(kind: EntityKind, request: UpdateEntityRequest) -> Result<Self, ApiError> {
        let mut changes = Self { name: request.name.as_deref().map(checked_name).transpose()?, ..Self::default() };
        if let Some(metadata) = request.metadata {
            let input = EntityMetadata::from_request(kind, metadata_object(Some(metadata))?)?;
            changes.metadata = Some(input.fields);
            changes.parents = input.parents;
            changes.aliases = input.aliases;
            if input.notes.is_some() {
                changes.notes = Some(checked_notes(input.notes)?);
            }
        }
        if let Some(aliases) = request.aliases {
            changes.aliases = Some(aliases);
        }
        if let Some(notes) = request.notes {
            changes.notes = Some(checked_notes(notes)?);
        }
        if changes.aliases.as_ref().is_some_and(|a| a.len() > ALIAS_MAX) {
            return Err(too_many_aliases());
        }
        Ok(changes)
    }
}

/// Blank aliases, the name itself and repeats (as names compare: case and accents aside) are
/// dropped. The list is capped before any of that work.
pub fn clean_aliases(name: &str, aliases: Vec<String>) -> Result<Vec<String>, ApiError> {
    if aliases.len() > ALIAS_MAX {
        return Err(too_many_aliases());
    }
    let mut seen = std::collections::HashSet::from([lifegraph_extract::name_key(name)]);
    let mut clean: Vec<String> = Vec::with_capacity(aliases.len());
    for alias in aliases {
        let alias = crate::text::trim(&alias);
        if crate::text::is_blank(alias) {
            continue;
        }
        if alias.chars().count() > NAME_MAX {
            return Err(ApiError::validation(format!("An alias must be at most {NAME_MAX} characters")));
        }
        if seen.insert(lifegraph_extract::name_key(alias)) {
            clean.push(alias.to_owned());
        }
    }
    Ok(clean)
}

/// Trimmed; empty notes are no notes.
fn checked_notes(notes: Option<String>) -> Result<Option<String>, ApiError> {
    let notes = notes.map(|n| crate::text::trim(&n).to_owned()).filter(|n| !n.is_empty());
    if notes.as_ref().is_some_and(|n| n.chars().count() > NOTES_MAX) {
        return Err(ApiError::validation(format!("Notes must be at most {NOTES_MAX} characters")));
    }
    Ok(notes)
}

/// A name as people type it: trimmed, required, bounded.
pub fn checked_name(raw: &str) -> Result<String, ApiError> {
    let name = crate::text::trim(raw).split_whitespace().collect::<Vec<_>>().join(" ");
    if crate::text::is_blank(&name) {
        return Err(ApiError::bad_request(ErrorCode::NameRequired, "Enter entity name"));
    }
    if name.chars().count() > NAME_MAX {
        return Err(ApiError::validation(format!("A name must be at most {NAME_MAX} characters")));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn person_categories_are_read_loosely_from_stored_metadata() {
        assert_eq!(PersonCategory::parse("best-friend"), Some(PersonCategory::BestFriend));
        assert_eq!(PersonCategory::parse("Best friend"), None, "the API's own spelling is exact");
        assert_eq!(PersonCategory::parse_loose("Best friend"), Some(PersonCategory::BestFriend));
        assert_eq!(PersonCategory::parse_loose(" best_friend "), Some(PersonCategory::BestFriend));
        assert_eq!(PersonCategory::parse_loose("Companion Animal"), Some(PersonCategory::CompanionAnimal));
        assert_eq!(PersonCategory::parse_loose("stranger"), None);
    }

    #[test]
    fn names_are_trimmed_and_required() {
        assert_eq!(checked_name("  Claire   Martin ").unwrap(), "Claire Martin");
        assert_eq!(checked_name("   ").unwrap_err().code(), ErrorCode::NameRequired);
    }

    #[test]
    fn empty_notes_and_lists_are_left_out() {
        let new = NewEntity::new(
            "Mont Blanc",
            EntityKind::Location,
            Some(json!({"category": "mountain", "visitedDates": [], "notes": "  ", "aliases": ["", "le Mont"]})),
        )
        .unwrap();
        assert!(new.notes.is_none());
        assert_eq!(new.metadata.visited_dates, None);
        assert_eq!(new.metadata.category.as_deref(), Some("mountain"));
        assert_eq!(new.aliases, vec!["le Mont"]);
    }

    #[test]
    fn a_person_is_a_friend_by_default() {
        let new = NewEntity::new("Leo", EntityKind::Person, None).unwrap();
        assert_eq!(new.metadata.category.as_deref(), Some("friend"));
        let sister = NewEntity::new("Anna", EntityKind::Person, Some(json!({"category": "sister"}))).unwrap();
        assert_eq!(sister.metadata.category.as_deref(), Some("sister"));
    }

    #[test]
    fn alias_lists_are_capped_before_any_work() {
        let many: Vec<Value> = (0..=ALIAS_MAX).map(|i| json!(format!("a{i}"))).collect();
        let refused = NewEntity::new("Leo", EntityKind::Person, Some(json!({"aliases": many}))).unwrap_err();
        assert_eq!(refused.code(), ErrorCode::TooManyAliases);
        let clean =
            clean_aliases("Léo", vec!["leo".into(), "Lolo".into(), " lolo ".into(), "\u{200B}".into()]).unwrap();
        assert_eq!(clean, vec!["Lolo"], "the name itself, repeats and blanks are dropped");
        assert_eq!(
            clean_aliases("Léo", vec![String::new(); ALIAS_MAX + 1]).unwrap_err().code(),
            ErrorCode::TooManyAliases
        );
    }

    #[test]
    fn metadata_is_bounded() {
        let big = json!({"notes": "x".repeat(METADATA_MAX_BYTES)});
        assert_eq!(
            NewEntity::new("Leo", EntityKind::Person, Some(big)).unwrap_err().code(),
            ErrorCode::MetadataTooLarge
        );
    }

    #[test]
    fn unknown_types_are_refused() {
        assert_eq!(EntityKind::parse("planet").unwrap_err().code(), ErrorCode::InvalidEntityType);
        assert_eq!(EntityKind::parse("lifePeriod").unwrap(), EntityKind::LifePeriod);
    }
}
