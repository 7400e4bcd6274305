//! The OpenAPI document of the API, served at `/api/openapi.json`; the web app's API types
//! are generated from it.

use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(title = "Lifegraph API", description = "A private, bilingual memory journal with a personal life graph."),
    paths(
        crate::health::healthz,
        crate::health::readyz,
        crate::auth::login,
        crate::auth::logout,
        crate::auth::callback,
        crate::auth::current_user,
        crate::auth::me,
        crate::auth::update_user,
        crate::auth::give_consent,
        crate::notifications::unread_count,
        crate::entities::list_entities,
        crate::entities::create_entity,
        crate::memories::create_memory,
        crate::memories::confirm_entities,
        crate::memories::list_memories,
        crate::memories::get_memory,
        crate::memories::update_memory,
        crate::memories::delete_memory,
        crate::memories::memory_entities,
        crate::photos::upload,
        crate::photos::download,
    ),
    components(schemas(crate::error::ErrorBody, crate::memories::types::Memory)),
    tags(
        (name = "auth", description = "Sign-in and the signed-in user"),
        (name = "notifications", description = "Notifications"),
        (name = "memories", description = "Memories and their entities"),
        (name = "entities", description = "Entities of the life graph"),
        (name = "photos", description = "Photos of memories"),
        (name = "health", description = "Liveness and readiness"),
    )
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
