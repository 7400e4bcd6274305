//! Notifications: made by the events themselves (a friend request received, a request accepted,
//! a memory shared), read by their user alone in the header's bell.

pub mod handlers;
pub mod queries;
pub mod types;

use crate::openapi::routes;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use handlers::*;

pub use queries::notify;
pub use types::Event;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(unread_count))
        .routes(routes!(mark_all_read))
        .routes(routes!(mark_read))
        .routes(routes!(delete))
}
