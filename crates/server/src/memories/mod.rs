//! Memories: write (with entity extraction), confirm the proposed entities, list, read, edit
//! and delete.

pub mod extraction;
pub mod handlers;
pub mod queries;
pub mod types;

use crate::openapi::routes;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
pub(crate) use handlers::release_photo;
use handlers::*;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_memories))
        .routes(routes!(create_memory))
        .routes(routes!(get_memory, update_memory, delete_memory))
        .routes(routes!(confirm_entities))
        .routes(routes!(extract_entities))
        .routes(routes!(memory_entities))
}
