//! Memories as the API shows and receives them, checked at the boundary.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::queries::MemoryRow;
use crate::entities::types::{EntityKind, PersonCategory};
use crate::error::{ApiError, ErrorCode};
use crate::text;

/// An entity tag on a memory.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemoryEntity {
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = EntityKind)]
    pub entity_type: String,
    /// The extraction's confidence (0-100) when the link came from it.
    pub confidence: Option<i32>,
}

/// A memory with its entities.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Memory {
    pub id: i64,
    pub user_id: i64,
    pub title: String,
    pub description: Option<String>,
    pub content: String,
    /// Calendar date `yyyy-MM-dd`; null is an unknown date.
    pub event_date: Option<NaiveDate>,
    pub location: Option<String>,
    /// `/api/photos/...` of the full image.
    pub photo: Option<String>,
    /// `/api/photos/...` of a small version for cards.
    pub photo_thumbnail: Option<String>,
    pub visibility: Option<String>,
    pub media: Option<Vec<String>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub entities: Vec<MemoryEntity>,
    /// Its text has not been through entity confirmation since it was written or changed: the
    /// memory page offers to find its entities (`POST /api/memories/{id}/extract`).
    pub entities_pending: bool,
}

impl Memory {
    pub fn new(model: MemoryRow, entities: Vec<MemoryEntity>) -> Self {
        let photo_thumbnail = model.photo.as_deref().map(crate::photos::thumbnail_url);
        Self {
            id: model.id,
            user_id: model.user_id,
            title: model.title,
            description: model.description,
            content: model.content,
            event_date: model.event_date,
            location: model.location,
            photo: model.photo,
            photo_thumbnail,
            visibility: model.visibility,
            media: model.media.and_then(|m| serde_json::from_value(m).ok()),
            created_at: model.created_at,
            updated_at: model.updated_at,
            entities,
            entities_pending: model.entities_pending,
        }
    }
}

/// An entity chosen in the dialog: its id, or an object with its id.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum EntityRef {
    Id(i64),
    Object { id: i64 },
}

impl EntityRef {
    pub fn id(&self) -> i64 {
        match self {
            Self::Id(id) | Self::Object { id } => *id,
        }
    }
}

/// `POST /api/memories/with-validation`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateMemoryRequest {
    pub title: Option<String>,
    /// The memory's details.
    pub content: Option<String>,
    pub description: Option<String>,
    /// `yyyy-MM-dd`; today when left out.
    pub event_date: Option<String>,
    pub location: Option<String>,
    /// A `photoUrl` returned by `POST /api/photos/upload`.
    pub photo: Option<String>,
    /// Entities to link at once.
    #[serde(default)]
    pub entities: Vec<EntityRef>,
    pub visibility: Option<String>,
    pub media: Option<Vec<String>>,
    /// Ignored: memories always belong to the signed-in user.
    #[allow(dead_code)]
    pub user_id: Option<i64>,
}

/// `PATCH /api/memories/{id}`: fields left out stay; `null` clears an optional one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateMemoryRequest {
    pub title: Option<String>,
    pub content: Option<String>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub description: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub event_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub location: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub photo: Option<Option<String>>,
    /// When given, the memory's entities become exactly these.
    pub entities: Option<Vec<EntityRef>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub visibility: Option<Option<String>>,
    /// Ignored: memories always belong to the signed-in user.
    #[allow(dead_code)]
    pub user_id: Option<i64>,
}

pub const TITLE_MAX: usize = 200;
pub const CONTENT_MAX: usize = 100_000;
pub const DESCRIPTION_MAX: usize = 2_000;
pub const LOCATION_MAX: usize = 200;

/// Entities linked to one memory in one request.
pub const LINKED_ENTITIES_MAX: usize = 200;
/// Media items of a memory, and the length of each.
pub const MEDIA_MAX: usize = 20;
pub const MEDIA_ITEM_MAX: usize = 500;
/// Choices in one confirmation.
pub const CONFIRMED_MAX: usize = 200;

pub fn checked_title(raw: Option<&str>) -> Result<String, ApiError> {
    let title = text::trim(raw.unwrap_or_default());
    if title.is_empty() {
        return Err(ApiError::bad_request(ErrorCode::TitleRequired, "Title is required"));
    }
    bounded(title, TITLE_MAX, "Title")?;
    Ok(title.to_owned())
}

pub fn checked_content(raw: Option<&str>) -> Result<String, ApiError> {
    let content = raw.unwrap_or_default();
    if text::is_blank(content) {
        return Err(ApiError::bad_request(ErrorCode::DetailsRequired, "Memory details are required"));
    }
    bounded(content, CONTENT_MAX, "Memory details")?;
    Ok(content.trim_end().to_owned())
}

/// Blank becomes absent.
pub fn optional_text(raw: Option<String>, max: usize, what: &str) -> Result<Option<String>, ApiError> {
    let Some(text) = raw.map(|t| text::trim(&t).to_owned()).filter(|t| !t.is_empty()) else { return Ok(None) };
    bounded(&text, max, what)?;
    Ok(Some(text))
}

pub fn checked_date(raw: Option<&str>) -> Result<Option<NaiveDate>, ApiError> {
    match raw.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(None),
        Some(text) => {
            // Accept a full timestamp too, keeping its calendar date.
            let day = text.get(..10).unwrap_or(text);
            NaiveDate::parse_from_str(day, "%Y-%m-%d").ok().filter(is_calendar_day).map(Some).ok_or_else(|| {
                ApiError::bad_request(ErrorCode::InvalidDate, format!("'{text}' is not a date (yyyy-MM-dd)"))
            })
        }
    }
}

/// A day of years 1 to 9999, which both databases store alike.
pub fn is_calendar_day(date: &NaiveDate) -> bool {
    (1..=9999).contains(&chrono::Datelike::year(date))
}

fn bounded(text: &str, max: usize, what: &str) -> Result<(), ApiError> {
    if text.chars().count() > max {
        return Err(ApiError::validation(format!("{what} must be at most {max} characters")));
    }
    Ok(())
}

/// A checked new memory.
#[derive(Debug)]
pub struct NewMemory {
    pub title: String,
    pub content: String,
    pub description: Option<String>,
    pub event_date: Option<NaiveDate>,
    pub location: Option<String>,
    pub photo: Option<String>,
    pub visibility: Option<String>,
    pub media: Option<Vec<String>>,
    pub entity_ids: Vec<i64>,
}

/// The ids of the entities to link, each once; a list over [`LINKED_ENTITIES_MAX`] is refused
/// before anything else is done with it.
pub fn entity_ids(list: &[EntityRef]) -> Result<Vec<i64>, ApiError> {
    if list.len() > LINKED_ENTITIES_MAX {
        return Err(ApiError::bad_request(
            ErrorCode::TooManyEntities,
            format!("A memory can be linked to at most {LINKED_ENTITIES_MAX} entities at once"),
        ));
    }
    let mut ids: Vec<i64> = list.iter().map(EntityRef::id).collect();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

fn checked_media(media: Option<Vec<String>>) -> Result<Option<Vec<String>>, ApiError> {
    let Some(media) = media else { return Ok(None) };
    if media.len() > MEDIA_MAX {
        return Err(ApiError::bad_request(
            ErrorCode::TooManyMedia,
            format!("A memory can hold at most {MEDIA_MAX} media items"),
        ));
    }
    let mut clean = Vec::with_capacity(media.len());
    for item in media {
        if let Some(item) = optional_text(Some(item), MEDIA_ITEM_MAX, "A media item")? {
            clean.push(item);
        }
    }
    Ok(Some(clean).filter(|c| !c.is_empty()))
}

impl NewMemory {
    pub fn parse(request: CreateMemoryRequest, today: NaiveDate) -> Result<Self, ApiError> {
        let entity_ids = entity_ids(&request.entities)?;
        Ok(Self {
            title: checked_title(request.title.as_deref())?,
            content: checked_content(request.content.as_deref())?,
            description: optional_text(request.description, DESCRIPTION_MAX, "Description")?,
            event_date: Some(checked_date(request.event_date.as_deref())?.unwrap_or(today)),
            location: optional_text(request.location, LOCATION_MAX, "Location")?,
            photo: optional_text(request.photo, 500, "Photo")?,
            visibility: optional_text(request.visibility, 50, "Visibility")?,
            media: checked_media(request.media)?,
            entity_ids,
        })
    }
}

/// `POST /api/memories/{id}/confirm-entities`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmEntitiesRequest {
    pub confirmed_entities: Vec<ConfirmedEntity>,
}

/// One choice of the confirmation dialog (docs/data.md "Confirmed-entity item").
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmedEntity {
    #[schema(value_type = ConfirmationAction)]
    pub action: String,
    pub entity_id: Option<i64>,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = EntityKind)]
    pub entity_type: String,
    /// The extraction's confidence, 0-100 (or 0-1).
    pub confidence: Option<f64>,
    /// Kept for a new person when it is one of the person categories.
    pub relationship: Option<String>,
    /// With use_existing: also add `name` as an alias of the entity.
    pub create_alias: Option<bool>,
    pub existing_name: Option<String>,
    /// With add_as_alias: the alias (default: `name`).
    pub alias_text: Option<String>,
    /// With create_new: the type the writer picked, overriding `type`.
    #[schema(value_type = Option<EntityKind>)]
    pub selected_entity_type: Option<String>,
}

/// What `POST /api/memories/with-validation` answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateMemoryResponse {
    pub memory: Memory,
    pub entity_validation: EntityValidation,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntityValidation {
    pub needs_confirmation: bool,
    pub validation_results: Vec<ValidationResult>,
}

/// What the confirmation dialog proposes for an extracted entity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SuggestedAction {
    CreateNew,
    UseExisting,
    MergeEntities,
    AddAsAlias,
}

/// What the writer chose for an extracted entity (`merge_entities` is the same as
/// `use_existing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConfirmationAction {
    CreateNew,
    UseExisting,
    MergeEntities,
    AddAsAlias,
    Skip,
}

/// One proposed entity (docs/data.md "Entity validation result").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValidationResult {
    pub extracted_name: String,
    #[schema(value_type = EntityKind)]
    pub extracted_type: String,
    /// 0-100.
    pub extracted_confidence: u8,
    pub extracted_relationship: Option<PersonCategory>,
    pub suggested_action: SuggestedAction,
    pub recommended_entity_id: Option<i64>,
    /// Best first.
    pub matches: Vec<EntityMatch>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntityMatch {
    pub entity_id: i64,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = EntityKind)]
    pub entity_type: String,
    /// 0-1.
    pub confidence: f64,
    pub reason: String,
}

impl From<lifegraph_extract::ValidationResult> for ValidationResult {
    fn from(result: lifegraph_extract::ValidationResult) -> Self {
        let action = match result.suggested_action {
            lifegraph_extract::SuggestedAction::CreateNew => SuggestedAction::CreateNew,
            lifegraph_extract::SuggestedAction::UseExisting => SuggestedAction::UseExisting,
            lifegraph_extract::SuggestedAction::MergeEntities => SuggestedAction::MergeEntities,
            lifegraph_extract::SuggestedAction::AddAsAlias => SuggestedAction::AddAsAlias,
        };
        Self {
            extracted_name: result.extracted_name,
            extracted_type: result.extracted_type.as_str().to_owned(),
            extracted_confidence: result.extracted_confidence,
            // An existing person's category may be written "Best friend" or "best_friend".
            extracted_relationship: result.extracted_relationship.as_deref().and_then(PersonCategory::parse_loose),
            suggested_action: action,
            recommended_entity_id: result.recommended_entity_id,
            matches: result
                .matches
                .into_iter()
                .map(|m| EntityMatch {
                    entity_id: m.entity_id,
                    name: m.name,
                    entity_type: m.entity_type.as_str().to_owned(),
                    confidence: m.confidence,
                    reason: m.reason,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmEntitiesResponse {
    pub memory: Memory,
    /// How many choices were applied (skips excluded).
    pub entities_processed: usize,
}

/// What `GET /api/memories` answers: the whole list, or a page when `pageSize` is given.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum MemoryListing {
    All(Vec<Memory>),
    Page(MemoryPage),
}

/// A page of memories.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemoryPage {
    pub items: Vec<Memory>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemoryEntityLink {
    pub memory_id: i64,
    pub entity_id: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_and_details_are_required() {
        assert_eq!(checked_title(Some("   ")).unwrap_err().code(), ErrorCode::TitleRequired);
        assert_eq!(checked_title(None).unwrap_err().code(), ErrorCode::TitleRequired);
        assert_eq!(checked_content(Some(" \n ")).unwrap_err().code(), ErrorCode::DetailsRequired);
        assert_eq!(checked_title(Some(" Beach day ")).unwrap(), "Beach day");
        assert_eq!(checked_title(Some(" \u{200B}\u{FEFF} ")).unwrap_err().code(), ErrorCode::TitleRequired);
        assert_eq!(checked_content(Some("\u{200B}\n\u{2060}")).unwrap_err().code(), ErrorCode::DetailsRequired);
        assert!(checked_title(Some(&"x".repeat(TITLE_MAX + 1))).is_err());
    }

    #[test]
    fn dates_are_calendar_days() {
        assert_eq!(checked_date(Some("2024-02-29")).unwrap(), NaiveDate::from_ymd_opt(2024, 2, 29));
        assert_eq!(checked_date(Some("2024-06-01T10:00:00Z")).unwrap(), NaiveDate::from_ymd_opt(2024, 6, 1));
        assert_eq!(checked_date(Some("")).unwrap(), None);
        assert_eq!(checked_date(Some("2023-02-29")).unwrap_err().code(), ErrorCode::InvalidDate);
        assert_eq!(checked_date(Some("yesterday")).unwrap_err().code(), ErrorCode::InvalidDate);
        assert_eq!(checked_date(Some("-100-01-01")).unwrap_err().code(), ErrorCode::InvalidDate);
        assert_eq!(checked_date(Some("0000-01-01")).unwrap_err().code(), ErrorCode::InvalidDate);
    }

    #[test]
    fn event_date_defaults_to_today() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let request: CreateMemoryRequest = serde_json::from_value(
            serde_json::json!({"title": "t", "content": "c", "entities": [3, {"id": 3}, {"id": 4, "name": "x"}]}),
        )
        .unwrap();
        let memory = NewMemory::parse(request, today).unwrap();
        assert_eq!(memory.event_date, Some(today));
        assert_eq!(memory.entity_ids, vec![3, 4]);
    }
}
