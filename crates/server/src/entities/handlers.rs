//! The entity operations of the API: lists, create, change, delete, merge, counts and the graph.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::graph::{self, Graph};
use super::queries::{self, Cursor, EntitySort, ListFilter};
use super::types::{
    CreateEntityRequest, CreateRelationshipRequest, Entity, EntityChanges, EntityKind, MergeRequest, NewEntity,
    RELATIONSHIP_MAX, Relationship, UpdateEntityRequest,
};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody, ErrorCode};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only entities of this type.
    #[serde(rename = "type")]
    #[param(value_type = Option<EntityKind>)]
    entity_type: Option<String>,
    /// Case- and accent-insensitive text in the name or an alias.
    search: Option<String>,
    /// The order (default nameAsc).
    #[param(value_type = Option<EntitySort>)]
    sort: Option<String>,
    /// With it, the answer is a page `{items, nextCursor, total, matching}` instead of the whole
    /// list (1-100).
    page_size: Option<u64>,
    /// `nextCursor` of the previous page.
    cursor: Option<String>,
    /// Ignored: the list is always the signed-in user's.
    #[allow(dead_code)]
    user_id: Option<i64>,
}

/// One page of an entity list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntityPage {
    pub items: Vec<Entity>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
    /// The entities of the list's type (all types without one).
    pub total: u64,
    /// Of those, the ones the search finds (the total without a search).
    pub matching: u64,
}

/// What an entity list answers: the whole list, or a page when `pageSize` is given.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum EntityListing {
    All(Vec<Entity>),
    Page(EntityPage),
}

/// A batch of the whole list: the list is read a batch at a time, each with its counts.
const LIST_BATCH: u64 = 500;

async fn list(state: &AppState, user_id: i64, query: ListQuery) -> ApiResult<Json<EntityListing>> {
    let kind = query.entity_type.as_deref().map(EntityKind::parse).transpose()?;
    let sort = match query.sort.as_deref() {
        None => EntitySort::default(),
        Some(raw) => crate::text::parse_name(raw).ok_or_else(|| {
            ApiError::validation(format!("sort must be nameAsc, nameDesc, oldest or newest, not '{raw}'"))
        })?,
    };
    let filter = ListFilter { kind, search: query.search, sort };
    if let Some(size) = query.page_size {
        if !(1..=100).contains(&size) {
            return Err(ApiError::validation("pageSize must be between 1 and 100"));
        }
        let cursor = query.cursor.as_deref().map(|c| Cursor::decode(c, sort)).transpose()?;
        let (rows, next) = queries::list_page(&state.db, user_id, &filter, cursor.as_ref(), size).await?;
        let (total, matching) = queries::list_counts(&state.db, user_id, &filter).await?;
        let items = queries::views(&state.db, rows).await?;
        return Ok(Json(EntityListing::Page(EntityPage {
            items,
            next_cursor: next.map(|c| c.encode()),
            total,
            matching,
        })));
    }
    let mut all = Vec::new();
    let mut after = None;
    loop {
        let (rows, next) = queries::list_page(&state.db, user_id, &filter, after.as_ref(), LIST_BATCH).await?;
        all.extend(queries::views(&state.db, rows).await?);
        match next {
            Some(cursor) => after = Some(cursor),
            None => return Ok(Json(EntityListing::All(all))),
        }
    }
}

/// The signed-in user's entities with their memory counts: the whole list, or a page when
/// `pageSize` is given.
#[utoipa::path(get, path = "/api/entities", tag = "entities", params(ListQuery),
    responses((status = 200, description = "An array of Entity, or an EntityPage with pageSize", body = EntityListing),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn list_entities(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Json<EntityListing>> {
    list(&state, user.id, query).await
}

/// The same list as `GET /api/entities`, under the name the entity screens use.
#[utoipa::path(get, path = "/api/entities-with-metadata", tag = "entities", params(ListQuery),
    responses((status = 200, description = "An array of Entity, or an EntityPage with pageSize", body = EntityListing),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn list_entities_with_metadata(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Json<EntityListing>> {
    list(&state, user.id, query).await
}

async fn create(state: &AppState, user_id: i64, request: CreateEntityRequest) -> ApiResult<(StatusCode, Json<Entity>)> {
    let new = NewEntity::try_from(request)?;
    let txn = crate::db::begin_write(&state.db).await?;
    queries::begin_changes(&txn, user_id).await?;
    let created = queries::create(&txn, user_id, new).await?;
    let entity = queries::view(&txn, created).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, Json(entity)))
}

/// Create an entity. A name already used by an entity of the same type answers 409 with
/// `existingEntity`.
#[utoipa::path(post, path = "/api/entities", tag = "entities", request_body = CreateEntityRequest,
    responses((status = 201, body = Entity), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(crate) async fn create_entity(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(request): ApiJson<CreateEntityRequest>,
) -> ApiResult<(StatusCode, Json<Entity>)> {
    create(&state, user.id, request).await
}

/// Create an entity with the fields of its type, as the entity screens do.
#[utoipa::path(post, path = "/api/entities-with-metadata", tag = "entities", request_body = CreateEntityRequest,
    responses((status = 201, body = Entity), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(crate) async fn create_entity_with_metadata(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(request): ApiJson<CreateEntityRequest>,
) -> ApiResult<(StatusCode, Json<Entity>)> {
    create(&state, user.id, request).await
}

/// Change an entity's name, aliases, notes or fields; what is left out stays.
#[utoipa::path(patch, path = "/api/entities-with-metadata/{id}", tag = "entities", request_body = UpdateEntityRequest,
    params(("id" = i64, Path, description = "Entity id")),
    responses((status = 200, body = Entity), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(crate) async fn update_entity(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(request): ApiJson<UpdateEntityRequest>,
) -> ApiResult<Json<Entity>> {
    let txn = crate::db::begin_write(&state.db).await?;
    queries::begin_changes(&txn, user.id).await?;
    let found = queries::find_own(&txn, user.id, id).await?;
    let changes = EntityChanges::parse(EntityKind::parse(&found.entity_type)?, request)?;
    let updated = queries::update(&txn, found, changes).await?;
    let entity = queries::view(&txn, updated).await?;
    txn.commit().await?;
    Ok(Json(entity))
}

/// Delete an entity for good. Its memories stay; its links and relationships go.
#[utoipa::path(delete, path = "/api/entities-with-metadata/{id}", tag = "entities",
    params(("id" = i64, Path, description = "Entity id")),
    responses((status = 204, description = "Deleted"), (status = 404, body = ErrorBody),
        (status = 401, body = ErrorBody)))]
pub(crate) async fn delete_entity(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    let txn = crate::db::begin_write(&state.db).await?;
    queries::begin_changes(&txn, user.id).await?;
    let found = queries::find_own(&txn, user.id, id).await?;
    queries::delete(&txn, found).await?;
    txn.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// State how two of the writer's entities stand to each other ("sisters", "met at school").
/// Both must be the writer's (404); an entity with itself, an empty or reserved name is refused
/// (`invalid_relationship`); the same relationship twice is a conflict.
#[utoipa::path(post, path = "/api/entity-relationships", tag = "entities", request_body = CreateRelationshipRequest,
    responses((status = 201, body = Relationship), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(crate) async fn create_relationship(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(request): ApiJson<CreateRelationshipRequest>,
) -> ApiResult<(StatusCode, Json<Relationship>)> {
    let name = crate::text::trim(&request.relationship).to_owned();
    let invalid = |message: &str| ApiError::bad_request(ErrorCode::InvalidRelationship, message);
    if crate::text::is_blank(&name) || name == queries::PARENT_PERIOD {
        return Err(invalid("Name the relationship"));
    }
    if name.chars().count() > RELATIONSHIP_MAX {
        return Err(invalid("A relationship name must be at most 60 characters"));
    }
    if request.source_id == request.target_id {
        return Err(invalid("An entity cannot be related to itself"));
    }
    let txn = crate::db::begin_write(&state.db).await?;
    queries::find_own(&txn, user.id, request.source_id).await?;
    queries::find_own(&txn, user.id, request.target_id).await?;
    if queries::relationship_exists(&txn, user.id, request.source_id, request.target_id, &name).await? {
        return Err(ApiError::Conflict {
            code: ErrorCode::AlreadyExists,
            message: "This relationship is already stated".into(),
            existing_entity: None,
        });
    }
    let id = queries::relate(&txn, user.id, request.source_id, request.target_id, &name).await?;
    txn.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(Relationship { id, source_id: request.source_id, target_id: request.target_id, relationship: name }),
    ))
}

/// Remove a stated relationship (a period's parents change through the period).
#[utoipa::path(delete, path = "/api/entity-relationships/{id}", tag = "entities",
    params(("id" = i64, Path, description = "Relationship id")),
    responses((status = 204), (status = 404, body = ErrorBody)))]
pub(crate) async fn delete_relationship(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    if !queries::unrelate(&state.db, user.id, id).await? {
        return Err(ApiError::not_found("Relationship not found"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Merge the source entity into the target, in one transaction: the source's memories,
/// names, relationships and period links move to the target, and the source is deleted.
#[utoipa::path(post, path = "/api/entities/merge", tag = "entities", request_body = MergeRequest,
    responses((status = 200, body = Entity), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn merge_entities(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(request): ApiJson<MergeRequest>,
) -> ApiResult<Json<Entity>> {
    if request.source_id == request.target_id {
        return Err(ApiError::bad_request(ErrorCode::InvalidMerge, "An entity cannot be merged into itself"));
    }
    let txn = crate::db::begin_write(&state.db).await?;
    queries::begin_changes(&txn, user.id).await?;
    let source = queries::find_own(&txn, user.id, request.source_id).await?;
    let target = queries::find_own(&txn, user.id, request.target_id).await?;
    if source.entity_type != target.entity_type {
        return Err(ApiError::bad_request(ErrorCode::InvalidMerge, "Only entities of the same type can be merged"));
    }
    let merged = queries::merge(&txn, source, target).await?;
    let entity = queries::view(&txn, merged).await?;
    txn.commit().await?;
    Ok(Json(entity))
}

/// How many entities the writer has of each type.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntityCounts {
    pub person: i64,
    pub location: i64,
    pub life_period: i64,
    pub event: i64,
    pub emotion: i64,
    pub object: i64,
    pub activity: i64,
}

impl EntityCounts {
    /// Record `count` for the type named `kind` (an unknown name is ignored).
    pub fn set(&mut self, kind: &str, count: i64) {
        let slot = match EntityKind::parse(kind) {
            Ok(EntityKind::Person) => &mut self.person,
            Ok(EntityKind::Location) => &mut self.location,
            Ok(EntityKind::LifePeriod) => &mut self.life_period,
            Ok(EntityKind::Event) => &mut self.event,
            Ok(EntityKind::Emotion) => &mut self.emotion,
            Ok(EntityKind::Object) => &mut self.object,
            Ok(EntityKind::Activity) => &mut self.activity,
            Err(_) => return,
        };
        *slot = count;
    }
}

/// How many entities of each type the signed-in user has.
#[utoipa::path(get, path = "/api/entities/counts", tag = "entities",
    responses((status = 200, body = EntityCounts), (status = 401, body = ErrorBody)))]
pub(crate) async fn entity_counts(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<EntityCounts>> {
    let mut counts = EntityCounts::default();
    for (kind, count) in queries::type_counts(&state.db, user.id).await? {
        counts.set(&kind, count);
    }
    Ok(Json(counts))
}

/// The signed-in user's life graph: entities with memory counts, and what joins them.
#[utoipa::path(get, path = "/api/graph", tag = "entities",
    responses((status = 200, body = Graph), (status = 401, body = ErrorBody)))]
pub(crate) async fn get_graph(State(state): State<AppState>, CurrentUser(user): CurrentUser) -> ApiResult<Json<Graph>> {
    Ok(Json(graph::graph(&state.db, user.id).await?))
}
