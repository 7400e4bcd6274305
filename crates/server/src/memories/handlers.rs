//! The memory operations of the API: each handler checks its input, then reads or writes
//! through `queries`.

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use sea_orm::{DatabaseTransaction, DbErr, IntoActiveModel, Set};
use serde::Deserialize;
use utoipa::IntoParams;

use super::queries::{Cursor, ListFilter, SortBy, SortOrder};
use super::types::*;
use super::{extraction, queries, types};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::memory;
use crate::entities::queries as entity_queries;
use crate::entities::types::{EntityKind, NewEntity, PersonCategory};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody, ErrorCode};
use crate::jobs::{self, Job};
use crate::photos;

/// The photo must be one this user uploaded and that is still stored.
async fn checked_photo(state: &AppState, user_id: i64, photo: Option<&str>) -> ApiResult<()> {
    let Some(url) = photo else { return Ok(()) };
    let invalid = || ApiError::bad_request(ErrorCode::InvalidPhoto, "The photo is not one of your uploads");
    let key = photos::own_key(url, user_id).ok_or_else(invalid)?;
    if !state.photos.exists(&key).await? {
        return Err(invalid());
    }
    Ok(())
}

/// Delete a photo no memory of the user shows any more (a background job, `crate::jobs`,
/// queued with the change that let it go, so that a failure is retried).
pub(crate) async fn release_photo(state: &AppState, user_id: i64, url: &str) -> anyhow::Result<()> {
    let Some(key) = photos::own_key(url, user_id) else { return Ok(()) };
    if !queries::photo_in_use(&state.db, user_id, url).await? {
        photos::delete(&state.photos, &key).await?;
    }
    Ok(())
}

/// Queue the release of the photo a change lets go, in the change's transaction.
async fn queue_release(txn: &DatabaseTransaction, user_id: i64, url: Option<String>) -> Result<Option<i64>, DbErr> {
    match url {
        Some(url) => jobs::enqueue(txn, &Job::ReleasePhoto { user_id, url }).await.map(Some),
        None => Ok(None),
    }
}

/// Once the change has committed, release the photo at once (retried later if that fails).
async fn run_release(state: &AppState, job: Option<i64>) {
    if let Some(job) = job {
        jobs::run_now(state, job).await;
    }
}

/// Write a memory, link the chosen entities, and propose the entities its text mentions.
#[utoipa::path(post, path = "/api/memories/with-validation", tag = "memories", request_body = CreateMemoryRequest,
    responses((status = 201, body = CreateMemoryResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody)))]
pub(crate) async fn create_memory(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(request): ApiJson<CreateMemoryRequest>,
) -> ApiResult<(StatusCode, Json<CreateMemoryResponse>)> {
    let new = NewMemory::parse(request, Utc::now().date_naive())?;
    checked_photo(&state, user.id, new.photo.as_deref()).await?;
    // Proposed before writing, so that the memory is stored knowing whether it waits for them.
    let matcher = state.matchers.matcher(&state.db, user.id).await?;
    let proposals = extraction::propose(&matcher, &new.title, &new.content, &new.entity_ids);
    let validation_results: Vec<ValidationResult> = proposals.into_iter().map(Into::into).collect();
    let txn = crate::db::begin_write(&state.db).await?;
    queries::check_own_entities(&txn, user.id, &new.entity_ids).await?;
    let created = queries::insert(&txn, user.id, &new, !validation_results.is_empty()).await?;
    for entity_id in &new.entity_ids {
        queries::link(&txn, user.id, &created, *entity_id, None).await?;
    }
    txn.commit().await?;

    let memory = queries::view(&state.db, user.id, created).await?;
    Ok((
        StatusCode::CREATED,
        Json(CreateMemoryResponse {
            memory,
            entity_validation: EntityValidation {
                needs_confirmation: !validation_results.is_empty(),
                validation_results,
            },
        }),
    ))
}

/// Propose again the entities a memory's text mentions, leaving out those it already names:
/// for a memory whose confirmation was closed, or whose text changed since. With nothing to
/// propose, the memory no longer waits for its entities.
#[utoipa::path(post, path = "/api/memories/{id}/extract", tag = "memories",
    params(("id" = i64, Path, description = "Memory id")),
    responses((status = 200, body = CreateMemoryResponse), (status = 404, body = ErrorBody),
        (status = 401, body = ErrorBody)))]
pub(crate) async fn extract_entities(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<CreateMemoryResponse>> {
    let found = queries::find_own(&state.db, user.id, id).await?;
    let named = queries::linked_entities(&state.db, found.id).await?;
    let matcher = state.matchers.matcher(&state.db, user.id).await?;
    let proposals = extraction::propose(&matcher, &found.title, &found.content, &named);
    let validation_results: Vec<ValidationResult> = proposals.into_iter().map(Into::into).collect();
    let found = if validation_results.is_empty() && found.entities_pending {
        let txn = crate::db::begin_write(&state.db).await?;
        let settled = queries::set_entities_pending(&txn, found, false).await?;
        txn.commit().await?;
        settled
    } else {
        found
    };
    let memory = queries::view(&state.db, user.id, found).await?;
    Ok(Json(CreateMemoryResponse {
        memory,
        entity_validation: EntityValidation { needs_confirmation: !validation_results.is_empty(), validation_results },
    }))
}

fn percent(confidence: Option<f64>) -> Option<i32> {
    let value = confidence?;
    if !value.is_finite() || value < 0.0 {
        return None;
    }
    let scaled = if value <= 1.0 { value * 100.0 } else { value };
    Some(scaled.round().min(100.0) as i32)
}

/// Apply the writer's choices in one transaction: create, link, alias. Repeating it changes nothing.
#[utoipa::path(post, path = "/api/memories/{id}/confirm-entities", tag = "memories",
    request_body = ConfirmEntitiesRequest,
    params(("id" = i64, Path, description = "Memory id")),
    responses((status = 200, body = ConfirmEntitiesResponse), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(crate) async fn confirm_entities(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(request): ApiJson<ConfirmEntitiesRequest>,
) -> ApiResult<Json<ConfirmEntitiesResponse>> {
    if request.confirmed_entities.len() > CONFIRMED_MAX {
        return Err(ApiError::bad_request(
            ErrorCode::TooManyEntities,
            format!("At most {CONFIRMED_MAX} entities can be confirmed at once"),
        ));
    }
    let txn = crate::db::begin_write(&state.db).await?;
    let found = queries::find_own(&txn, user.id, id).await?;
    entity_queries::begin_changes(&txn, user.id).await?;
    let mut processed = 0;
    for choice in request.confirmed_entities {
        let confidence = percent(choice.confidence);
        let action = crate::text::parse_name(&choice.action).ok_or_else(|| {
            ApiError::bad_request(
                ErrorCode::InvalidAction,
                format!(
                    "Unknown action '{}': expected create_new, use_existing, merge_entities, add_as_alias or skip",
                    choice.action
                ),
            )
        })?;
        let entity_id = match action {
            ConfirmationAction::Skip => continue,
            ConfirmationAction::CreateNew => {
                let kind = EntityKind::parse(choice.selected_entity_type.as_deref().unwrap_or(&choice.entity_type))?;
                let category =
                    choice.relationship.filter(|r| kind == EntityKind::Person && PersonCategory::parse(r).is_some());
                let metadata = category.map(|c| serde_json::json!({ "category": c }));
                let mut new = NewEntity::new(&choice.name, kind, metadata)?;
                new.confidence = confidence;
                entity_queries::find_or_create(&txn, user.id, new).await?.id
            }
            ConfirmationAction::UseExisting | ConfirmationAction::MergeEntities => {
                let target = choice.entity_id.ok_or_else(|| {
                    ApiError::bad_request(
                        ErrorCode::EntityRequired,
                        format!("Choose an existing entity for '{}'", choice.name),
                    )
                })?;
                let existing = entity_queries::find_own(&txn, user.id, target).await.map_err(unknown_entity)?;
                let id = existing.id;
                if choice.create_alias == Some(true) {
                    entity_queries::add_alias(&txn, existing, &choice.name).await?;
                }
                id
            }
            ConfirmationAction::AddAsAlias => {
                let target = choice.entity_id.ok_or_else(|| {
                    ApiError::bad_request(
                        ErrorCode::EntityRequired,
                        format!("Choose the entity '{}' is another name for", choice.name),
                    )
                })?;
                let existing = entity_queries::find_own(&txn, user.id, target).await.map_err(unknown_entity)?;
                let id = existing.id;
                let alias = choice.alias_text.as_deref().filter(|a| !a.trim().is_empty()).unwrap_or(&choice.name);
                entity_queries::add_alias(&txn, existing, alias).await?;
                id
            }
        };
        queries::link(&txn, user.id, &found, entity_id, confidence).await?;
        processed += 1;
    }
    let touched = queries::set_entities_pending(&txn, found, false).await?;
    txn.commit().await?;
    let memory = queries::view(&state.db, user.id, touched).await?;
    Ok(Json(ConfirmEntitiesResponse { memory, entities_processed: processed }))
}

/// Inside a request body, an entity that is not the user's is a bad request, not a missing page.
fn unknown_entity(error: ApiError) -> ApiError {
    match error {
        ApiError::NotFound(message) => ApiError::bad_request(ErrorCode::UnknownEntity, message),
        other => other,
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// The order of the list (default createdAt).
    #[param(value_type = Option<SortBy>)]
    sort_by: Option<String>,
    /// Default desc.
    #[param(value_type = Option<SortOrder>)]
    sort_order: Option<String>,
    /// Only memories linked to this entity.
    filter_entity: Option<String>,
    /// Case-insensitive text in the title, details or description.
    search: Option<String>,
    /// With it, the answer is a page `{items, nextCursor}` instead of the whole list (1-100).
    page_size: Option<u64>,
    /// `nextCursor` of the previous page.
    cursor: Option<String>,
}

const STREAM_BATCH: u64 = 500;

/// A list's `sortBy` (default createdAt) and `sortOrder` (default desc).
pub(crate) fn list_order(sort_by: Option<&str>, sort_order: Option<&str>) -> ApiResult<(SortBy, SortOrder)> {
    let sort_by = match sort_by {
        None => SortBy::CreatedAt,
        Some(raw) => crate::text::parse_name(raw)
            .ok_or_else(|| ApiError::validation(format!("sortBy must be eventDate or createdAt, not '{raw}'")))?,
    };
    let order = match sort_order {
        None => SortOrder::Desc,
        Some(raw) => crate::text::parse_name(raw)
            .ok_or_else(|| ApiError::validation(format!("sortOrder must be asc or desc, not '{raw}'")))?,
    };
    Ok((sort_by, order))
}

/// The user's memories with their entities: the whole list, or a page when `pageSize` is given.
#[utoipa::path(get, path = "/api/memories", tag = "memories", params(ListQuery),
    responses((status = 200, description = "An array of Memory, or a MemoryPage with pageSize", body = MemoryListing),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn list_memories(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let (sort_by, order) = list_order(query.sort_by.as_deref(), query.sort_order.as_deref())?;
    let entity_id = match query.filter_entity.as_deref().filter(|f| !f.is_empty() && *f != "all") {
        None => None,
        Some(raw) => Some(raw.parse::<i64>().map_err(|_| ApiError::validation("filterEntity must be an entity id"))?),
    };
    if let Some(id) = entity_id {
        // Another writer's entity is as unknown as one that does not exist.
        entity_queries::find_own(&state.db, user.id, id).await?;
    }
    let filter = ListFilter { sort_by, order, entity_id, within: None, search: query.search };

    if let Some(size) = query.page_size {
        if !(1..=queries::LARGEST_PAGE).contains(&size) {
            return Err(ApiError::validation(format!("pageSize must be between 1 and {}", queries::LARGEST_PAGE)));
        }
        let cursor = query.cursor.as_deref().map(|c| Cursor::decode(c, sort_by)).transpose()?;
        let (items, next) = queries::list_page(&state.db, user.id, &filter, cursor.as_ref(), size).await?;
        return Ok(Json(MemoryPage { items, next_cursor: next.map(|c| c.encode()) }).into_response());
    }
    Ok(stream_all(state, user.id, filter))
}

/// The whole list as one JSON array, written batch by batch: a long journal is never held in
/// memory whole, neither as rows nor as text.
fn stream_all(state: AppState, user_id: i64, filter: ListFilter) -> Response {
    enum Step {
        Start,
        After(Cursor),
        Done,
    }
    let batches = futures::stream::unfold((Step::Start, true), move |(step, first)| {
        let state = state.clone();
        let filter = filter.clone();
        async move {
            let after = match step {
                Step::Done => return None,
                Step::Start => None,
                Step::After(cursor) => Some(cursor),
            };
            let page = queries::list_page(&state.db, user_id, &filter, after.as_ref(), STREAM_BATCH).await;
            let (items, next) = match page {
                Ok(page) => page,
                Err(error) => {
                    tracing::error!(?error, "listing memories failed mid-stream");
                    let failed: Result<Bytes, std::io::Error> = Err(std::io::Error::other("listing memories failed"));
                    return Some((failed, (Step::Done, false)));
                }
            };
            let mut chunk = Vec::new();
            if first {
                chunk.push(b'[');
            }
            for (i, item) in items.iter().enumerate() {
                if i > 0 || !first {
                    chunk.push(b',');
                }
                serde_json::to_writer(&mut chunk, item).expect("a memory serializes");
            }
            let step = match next {
                Some(cursor) if !items.is_empty() => Step::After(cursor),
                _ => {
                    chunk.push(b']');
                    Step::Done
                }
            };
            // Commas go before items, so an empty first batch still opens the array properly.
            let first = first && items.is_empty();
            Some((Ok(Bytes::from(chunk)), (step, first)))
        }
    });
    // Fused: once the array is closed the stream answers "ended" however often it is asked.
    // Compression asks again after the end, and an unfused `unfold` panics when it is.
    let mut response = Response::new(Body::from_stream(futures::StreamExt::fuse(batches)));
    response.headers_mut().insert(header::CONTENT_TYPE, header::HeaderValue::from_static("application/json"));
    response
}

/// One of the user's memories.
#[utoipa::path(get, path = "/api/memories/{id}", tag = "memories",
    params(("id" = i64, Path, description = "Memory id")),
    responses((status = 200, body = Memory), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn get_memory(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Memory>> {
    let found = queries::find_own(&state.db, user.id, id).await?;
    Ok(Json(queries::view(&state.db, user.id, found).await?))
}

/// Change a memory; fields left out stay as they were.
#[utoipa::path(patch, path = "/api/memories/{id}", tag = "memories", request_body = UpdateMemoryRequest,
    params(("id" = i64, Path, description = "Memory id")),
    responses((status = 200, body = Memory), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn update_memory(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(request): ApiJson<UpdateMemoryRequest>,
) -> ApiResult<Json<Memory>> {
    let found = queries::find_own(&state.db, user.id, id).await?;
    let old_photo = found.photo.clone();
    let mut active: memory::ActiveModel = found.into_active_model();
    if let Some(title) = request.title {
        active.title = Set(checked_title(Some(&title))?);
    }
    if let Some(content) = request.content {
        active.content = Set(checked_content(Some(&content))?);
    }
    if let Some(description) = request.description {
        active.description = Set(optional_text(description, DESCRIPTION_MAX, "Description")?);
    }
    if let Some(event_date) = request.event_date {
        active.event_date = Set(checked_date(event_date.as_deref())?);
    }
    if let Some(location) = request.location {
        active.location = Set(optional_text(location, LOCATION_MAX, "Location")?);
    }
    if let Some(visibility) = request.visibility {
        active.visibility = Set(optional_text(visibility, 50, "Visibility")?);
    }
    let mut photo_changed = false;
    if let Some(photo) = request.photo {
        let photo = optional_text(photo, 500, "Photo")?;
        if photo != old_photo {
            checked_photo(&state, user.id, photo.as_deref()).await?;
            photo_changed = true;
        }
        active.photo = Set(photo);
    }
    let entity_ids = request.entities.as_deref().map(types::entity_ids).transpose()?;
    active.updated_at = Set(Utc::now());
    let date_changed = active.event_date.is_set();
    // Only a change of text rewrites the search text (and, on SQLite, its index entry), and
    // leaves the memory waiting for its entities again.
    if active.title.is_set() || active.content.is_set() || active.description.is_set() {
        let text = queries::search_text(
            active.title.as_ref(),
            active.content.as_ref(),
            active.description.as_ref().as_deref(),
        );
        if text != *active.search_text.as_ref() {
            active.entities_pending = Set(true);
            active.search_text = Set(text);
        }
    }

    let txn = crate::db::begin_write(&state.db).await?;
    if let Some(ids) = &entity_ids {
        queries::check_own_entities(&txn, user.id, ids).await?;
    }
    let updated = sea_orm::ActiveModelTrait::update(active, &txn).await?;
    if date_changed {
        queries::sync_link_dates(&txn, &updated).await?;
    }
    if let Some(ids) = &entity_ids {
        queries::replace_links(&txn, user.id, &updated, ids).await?;
    }
    let released = queue_release(&txn, user.id, old_photo.filter(|_| photo_changed)).await?;
    txn.commit().await?;
    run_release(&state, released).await;
    Ok(Json(queries::view(&state.db, user.id, updated).await?))
}

/// Delete a memory, its entity links and its photo. The entities stay.
#[utoipa::path(delete, path = "/api/memories/{id}", tag = "memories",
    params(("id" = i64, Path, description = "Memory id")),
    responses((status = 204, description = "Deleted"), (status = 404, body = ErrorBody),
        (status = 401, body = ErrorBody)))]
pub(crate) async fn delete_memory(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    let found = queries::find_own(&state.db, user.id, id).await?;
    let photo = found.photo.clone();
    let txn = crate::db::begin_write(&state.db).await?;
    sea_orm::ModelTrait::delete(found, &txn).await?;
    let released = queue_release(&txn, user.id, photo).await?;
    txn.commit().await?;
    run_release(&state, released).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Every link between the user's memories and entities.
#[utoipa::path(get, path = "/api/memory-entities", tag = "memories",
    responses((status = 200, body = Vec<MemoryEntityLink>), (status = 401, body = ErrorBody)))]
pub(crate) async fn memory_entities(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<Vec<MemoryEntityLink>>> {
    let links = queries::links_of_user(&state.db, user.id).await?;
    Ok(Json(links.into_iter().map(|(memory_id, entity_id)| MemoryEntityLink { memory_id, entity_id }).collect()))
}
