//! Notifications. For now the header's bell asks only how many are unread.

use axum::Json;
use axum::extract::State;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::notification;
use crate::error::{ApiResult, ErrorBody};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(unread_count))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    pub count: u64,
}

/// How many of the signed-in user's notifications are unread.
#[utoipa::path(get, path = "/api/notifications/unread-count", tag = "notifications",
    responses((status = 200, body = UnreadCount), (status = 401, body = ErrorBody)))]
pub(crate) async fn unread_count(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<UnreadCount>> {
    let count = notification::Entity::find()
        .filter(notification::Column::UserId.eq(user.id))
        .filter(notification::Column::Read.eq(false))
        .count(&state.db)
        .await?;
    Ok(Json(UnreadCount { count }))
}
