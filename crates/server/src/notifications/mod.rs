//! Notifications. For now the header's bell asks only how many are unread.

pub mod handlers;
pub mod queries;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use handlers::*;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(unread_count))
}
