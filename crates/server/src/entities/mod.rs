//! Entities of the life graph: people, locations, life periods, emotions, objects, activities.
//! Lists with memory counts, create, change, delete, merge, counts per type, and the graph.

pub mod graph;
pub mod handlers;
pub mod metadata;
pub mod queries;
pub mod types;

use crate::openapi::routes;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use handlers::*;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_entities, create_entity))
        .routes(routes!(list_entities_with_metadata, create_entity_with_metadata))
        .routes(routes!(update_entity, delete_entity))
        .routes(routes!(merge_entities))
        .routes(routes!(create_relationship))
        .routes(routes!(delete_relationship))
        .routes(routes!(entity_counts))
        .routes(routes!(get_graph))
}
