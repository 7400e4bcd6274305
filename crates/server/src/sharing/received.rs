//! What a friend reads: the memories shared with them, read-only.

use axum::Json;
use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, LikeExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::{memory, memory_share};
use crate::error::{ApiError, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::friends::queries::{self as friends, Person};
use crate::memories::queries::{SortBy, SortOrder};

/// A memory as a friend reads it: no entities, no owner actions.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedMemory {
    pub id: i64,
    pub title: String,
    pub description: Option<String>,
    pub content: String,
    pub event_date: Option<NaiveDate>,
    pub location: Option<String>,
    /// `/api/shared-with-me/{id}/photo` when it has a photo.
    pub photo: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// One memory shared with the signed-in user.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedWithMe {
    /// The share's id.
    pub id: i64,
    pub memory: SharedMemory,
    pub shared_by: Person,
    pub shared_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SharedQuery {
    /// Case-insensitive text in the title, details or description.
    search: Option<String>,
    /// The order of the list (default createdAt: when it was written).
    #[param(value_type = Option<SortBy>)]
    sort_by: Option<String>,
    /// Default desc.
    #[param(value_type = Option<SortOrder>)]
    sort_order: Option<String>,
}

/// The live shares with `user_id` and their memories (one memory when `only` is given).
async fn received<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    only: Option<i64>,
    search: Option<&str>,
) -> ApiResult<Vec<(memory_share::Model, memory::Model)>> {
    let mut shares = memory_share::Entity::find()
        .filter(memory_share::Column::RecipientId.eq(user_id))
        .filter(memory_share::Column::RevokedAt.is_null());
    if let Some(id) = only {
        shares = shares.filter(memory_share::Column::MemoryId.eq(id));
    }
    let shares = shares.all(db).await?;
    if shares.is_empty() {
        return Ok(Vec::new());
    }
    let mut memories = memory::Entity::find().filter(memory::Column::Id.is_in(shares.iter().map(|s| s.memory_id)));
    if let Some(key) = search.map(lifegraph_extract::search_key).filter(|k| !k.is_empty()) {
        let like = LikeExpr::new(format!("%{}%", crate::text::escape_like(&key))).escape('\\');
        memories = memories.filter(Expr::col(memory::Column::SearchText).like(like));
    }
    let memories = memories.all(db).await?;
    Ok(shares
        .into_iter()
        .filter_map(|share| {
            // The memory must still be its sharer's.
            let memory = memories.iter().find(|m| m.id == share.memory_id && m.user_id == share.owner_id)?.clone();
            Some((share, memory))
        })
        .collect())
}

async fn items<C: ConnectionTrait>(
    db: &C,
    found: Vec<(memory_share::Model, memory::Model)>,
) -> ApiResult<Vec<SharedWithMe>> {
    let people = friends::users(db, found.iter().map(|(s, _)| s.owner_id).collect()).await?;
    Ok(found
        .into_iter()
        .filter_map(|(share, memory)| {
            let owner = people.get(&share.owner_id)?;
            Some(SharedWithMe {
                id: share.id,
                shared_by: Person::of(owner, true),
                shared_at: share.created_at,
                memory: SharedMemory {
                    photo: memory.photo.as_ref().map(|_| format!("/api/shared-with-me/{}/photo", memory.id)),
                    id: memory.id,
                    title: memory.title,
                    description: memory.description,
                    content: memory.content,
                    event_date: memory.event_date,
                    location: memory.location,
                    created_at: memory.created_at,
                },
            })
        })
        .collect())
}

/// The memories friends share with the signed-in user, with who shared each; searched and
/// sorted like the user's own list (unknown event dates last).
#[utoipa::path(get, path = "/api/shared-with-me", tag = "sharing", params(SharedQuery),
    responses((status = 200, body = [SharedWithMe]), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn shared_with_me(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<SharedQuery>,
) -> ApiResult<Json<Vec<SharedWithMe>>> {
    let (sort_by, order) =
        crate::memories::handlers::list_order(query.sort_by.as_deref(), query.sort_order.as_deref())?;
    let found = received(&state.db, user.id, None, query.search.as_deref()).await?;
    let mut list = items(&state.db, found).await?;
    list.sort_by(|a, b| {
        let (a, b) = (&a.memory, &b.memory);
        let ordered = match sort_by {
            SortBy::CreatedAt => a.created_at.cmp(&b.created_at),
            // Unknown dates last in either direction.
            SortBy::EventDate => match (a.event_date, b.event_date) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => return std::cmp::Ordering::Less,
                (None, Some(_)) => return std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            },
        };
        let ordered = ordered.then(a.id.cmp(&b.id));
        if order == SortOrder::Desc { ordered.reverse() } else { ordered }
    });
    Ok(Json(list))
}

/// One memory shared with the signed-in user (not found once the share ends).
#[utoipa::path(get, path = "/api/shared-with-me/{memoryId}", tag = "sharing",
    params(("memoryId" = i64, Path, description = "Memory id")),
    responses((status = 200, body = SharedWithMe), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn shared_memory(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<SharedWithMe>> {
    let found = received(&state.db, user.id, Some(id), None).await?;
    items(&state.db, found).await?.pop().map(Json).ok_or_else(|| ApiError::not_found("Memory not found"))
}

/// The photo of a memory shared with the signed-in user, while the share lives.
#[utoipa::path(get, path = "/api/shared-with-me/{memoryId}/photo", tag = "sharing",
    params(("memoryId" = i64, Path, description = "Memory id")),
    responses((status = 200, description = "The image"), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn shared_photo(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Response> {
    let (share, memory) = received(&state.db, user.id, Some(id), None)
        .await?
        .pop()
        .ok_or_else(|| ApiError::not_found("Photo not found"))?;
    super::photo_response(&state, share.owner_id, memory.photo.as_deref()).await
}
