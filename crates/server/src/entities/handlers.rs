//! The entity operations of the API.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::IntoParams;

use super::queries;
use super::types::{CreateEntityRequest, Entity, EntityKind, NewEntity};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiJson, ApiQuery, ApiResult, ErrorBody};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only entities of this type.
    #[serde(rename = "type")]
    #[param(value_type = Option<EntityKind>)]
    entity_type: Option<String>,
    /// Ignored: the list is always the signed-in user's.
    #[serde(rename = "userId")]
    #[allow(dead_code)]
    user_id: Option<i64>,
}

/// The signed-in user's entities, by name.
#[utoipa::path(get, path = "/api/entities", tag = "entities", params(ListQuery),
    responses((status = 200, body = Vec<Entity>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn list_entities(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Json<Vec<Entity>>> {
    let kind = query.entity_type.as_deref().map(EntityKind::parse).transpose()?;
    let entities = queries::list(&state.db, user.id, kind).await?;
    Ok(Json(entities.into_iter().map(Entity::from).collect()))
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
    let new = NewEntity::try_from(request)?;
    let txn = crate::db::begin_write(&state.db).await?;
    queries::begin_changes(&txn, user.id).await?;
    let created = queries::create(&txn, user.id, new).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, Json(created.into())))
}
