//! The notification operations of the API: each reads or changes the signed-in user's own
//! notifications only (another's is not found).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::queries;
use super::types::{Notification, UnreadCount};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::notification;
use crate::error::{ApiError, ApiPath, ApiResult, ErrorBody};

/// The signed-in user's latest notifications (at most 50), newest first.
#[utoipa::path(get, path = "/api/notifications", tag = "notifications",
    responses((status = 200, body = [Notification]), (status = 401, body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<Vec<Notification>>> {
    Ok(Json(queries::latest(&state.db, user.id).await?.into_iter().map(Notification::from).collect()))
}

/// How many of the signed-in user's notifications are unread.
#[utoipa::path(get, path = "/api/notifications/unread-count", tag = "notifications",
    responses((status = 200, body = UnreadCount), (status = 401, body = ErrorBody)))]
pub(crate) async fn unread_count(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<UnreadCount>> {
    Ok(Json(UnreadCount { count: queries::unread_count(&state.db, user.id).await? }))
}

/// Mark one notification read.
#[utoipa::path(patch, path = "/api/notifications/{id}/read", tag = "notifications",
    params(("id" = i64, Path, description = "Notification id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn mark_read(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    let done = notification::Entity::update_many()
        .col_expr(notification::Column::Read, Expr::value(true))
        .filter(notification::Column::Id.eq(id))
        .filter(notification::Column::UserId.eq(user.id))
        .exec(&state.db)
        .await?;
    if done.rows_affected == 0 {
        return Err(ApiError::not_found("Notification not found"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Mark every notification of the signed-in user read.
#[utoipa::path(patch, path = "/api/notifications/mark-all-read", tag = "notifications",
    responses((status = 204), (status = 401, body = ErrorBody)))]
pub(crate) async fn mark_all_read(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<StatusCode> {
    notification::Entity::update_many()
        .col_expr(notification::Column::Read, Expr::value(true))
        .filter(notification::Column::UserId.eq(user.id))
        .filter(notification::Column::Read.eq(false))
        .exec(&state.db)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Delete one notification.
#[utoipa::path(delete, path = "/api/notifications/{id}", tag = "notifications",
    params(("id" = i64, Path, description = "Notification id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn delete(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    let done = notification::Entity::delete_many()
        .filter(notification::Column::Id.eq(id))
        .filter(notification::Column::UserId.eq(user.id))
        .exec(&state.db)
        .await?;
    if done.rows_affected == 0 {
        return Err(ApiError::not_found("Notification not found"));
    }
    Ok(StatusCode::NO_CONTENT)
}
