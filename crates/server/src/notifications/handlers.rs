//! The notification operations of the API.

use axum::Json;
use axum::extract::State;

use super::queries;
use super::types::UnreadCount;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiResult, ErrorBody};

/// How many of the signed-in user's notifications are unread.
#[utoipa::path(get, path = "/api/notifications/unread-count", tag = "notifications",
    responses((status = 200, body = UnreadCount), (status = 401, body = ErrorBody)))]
pub(crate) async fn unread_count(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<UnreadCount>> {
    Ok(Json(UnreadCount { count: queries::unread_count(&state.db, user.id).await? }))
}
