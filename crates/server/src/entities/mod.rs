//! Entities of the life graph: people, locations, life periods, emotions, objects, activities.
//! This part lists and creates them; the memory dialogs need both.

pub mod handlers;
pub mod queries;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use handlers::*;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_entities, create_entity))
}
