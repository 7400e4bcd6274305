//! The OpenAPI document of the API, served at `/api/openapi.json`; the web app's API types
//! are generated from it. Each feature's router declares its operations (`routes!`), so an
//! operation is written once: its handler and annotation, then one line in the router.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr, Response};
use utoipa::{Modify, OpenApi};

/// What the document says besides its operations.
#[derive(OpenApi)]
#[openapi(
    info(title = "Lifegraph API", description = "A private, bilingual memory journal with a personal life graph."),
    components(schemas(
        crate::error::ErrorBody,
        crate::memories::types::Memory,
        // The vocabularies: each named once, so the web app's types name them too.
        crate::entities::types::EntityKind,
        crate::entities::types::PersonCategory,
        crate::memories::types::SuggestedAction,
        crate::memories::types::ConfirmationAction,
        crate::memories::queries::SortBy,
        crate::memories::queries::SortOrder,
        crate::auth::users::Language,
        crate::auth::users::Theme,
        crate::auth::users::Gender,
        crate::entities::metadata::LocationCategory,
        crate::entities::metadata::ObjectCategory,
        crate::entities::metadata::ActivityCategory,
        crate::entities::queries::EntitySort,
        crate::error::ErrorCode,
    )),
    tags(
        (name = "auth", description = "Sign-in and the signed-in user"),
        (name = "notifications", description = "Notifications"),
        (name = "memories", description = "Memories and their entities"),
        (name = "entities", description = "Entities of the life graph"),
        (name = "photos", description = "Photos of memories"),
        (name = "dashboard", description = "The dashboard's statistics"),
        (name = "insights", description = "Reflections and relationship suggestions, computed offline"),
        (name = "friends", description = "Invitations and friendships"),
        (name = "sharing", description = "Memories shared with friends or by public link"),
        (name = "timeline", description = "Life periods placed in time, and their memories"),
        (name = "feedback", description = "Feedback to the makers"),
        (name = "admin", description = "The administrator's metrics and feedback list"),
        (name = "users", description = "A writer's own account: profile, export, deletion"),
        (name = "tutorial", description = "The setup tutorial's state"),
        (name = "health", description = "Liveness and readiness"),
    )
)]
pub struct ApiDoc;

/// The whole document: the operations the routers declare, with the answers every one of them
/// may give.
pub fn document() -> utoipa::openapi::OpenApi {
    let previous = DOCUMENTING.replace(true);
    let (_, mut document) = crate::app::api_router().split_for_parts();
    DOCUMENTING.set(previous);
    CommonAnswers.modify(&mut document);
    document
}

thread_local! {
    /// Set while [`document`] builds the routers. Serving needs only their paths and methods, so a
    /// server that starts does not build the document (every operation and schema) and drop it:
    /// that cost about 2 MB of its own memory at every start (docs/constants.md, "Load and start-up").
    static DOCUMENTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the routers being built are for the API document (see [`document`]).
pub(crate) fn documenting() -> bool {
    DOCUMENTING.get()
}

/// `utoipa_axum::routes!`, which describes each operation only when the routers are built for the
/// API document; otherwise each handler is routed at its declared path and methods alone.
macro_rules! routes {
    // Each handler as plain words (`module::handler`), which utoipa_axum's `routes!` takes apart.
    ($($($handler:ident)::+),+ $(,)?) => {
        if $crate::openapi::documenting() {
            utoipa_axum::routes!($($($handler)::+),+)
        } else {
            #[allow(unused_imports)]
            use utoipa_axum::PathItemExt;
            let mut paths = utoipa::openapi::path::Paths::new();
            let mut router = axum::routing::MethodRouter::new();
            $(
                let path = utoipa_axum::routes!(@path [path()] of $($handler)::+);
                let methods = utoipa_axum::routes!(@path [methods()] of $($handler)::+);
                router = methods.iter().fold(router, |router, method| router.on(method.to_method_filter(), $($handler)::+));
                paths.add_path_operation(&path, methods, utoipa::openapi::path::Operation::new());
            )+
            (Vec::new(), paths, router)
        }
    };
}
pub(crate) use routes;

/// Operations anyone may call; every other one needs the session cookie.
const PUBLIC: &[&str] =
    &["/healthz", "/readyz", "/api/login", "/api/logout", "/api/auth/callback", "/api/openapi.json"];

/// What every layer in front of the handlers may answer, written once rather than on each
/// operation: any address can be malformed or too long (400, 414) and any request can fail on
/// our side (500); a changing request can come from another site (403) or be too large (413);
/// an operation behind sign-in answers 401 without a session.
struct CommonAnswers;

impl Modify for CommonAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        openapi.components.get_or_insert_with(Default::default).add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::auth::session::COOKIE_NAME,
                "The session cookie set by signing in",
            ))),
        );
        for (path, item) in &mut openapi.paths.paths {
            let signed_in = !PUBLIC.contains(&path.as_str());
            let operations = [
                (&mut item.get, false),
                (&mut item.head, false),
                (&mut item.post, true),
                (&mut item.put, true),
                (&mut item.patch, true),
                (&mut item.delete, true),
            ];
            for (operation, changes) in operations {
                let Some(operation) = operation else { continue };
                let mut answers = vec![
                    ("400", "Invalid input: the `code` says which"),
                    ("414", "The address is too long"),
                    ("500", "Something went wrong on our side"),
                ];
                if changes {
                    answers.push((
                        "403",
                        "The request does not come from this site (`cross_site_request`, `origin_required`)",
                    ));
                    answers.push(("413", "The request body is too large"));
                }
                if signed_in {
                    answers.push(("401", "Not signed in"));
                    operation.security = Some(vec![SecurityRequirement::new("session", Vec::<String>::new())]);
                }
                for (status, description) in answers {
                    operation.responses.responses.entry(status.to_owned()).or_insert_with(|| error_answer(description));
                }
            }
        }
    }
}

fn error_answer(description: &str) -> RefOr<Response> {
    let mut response = Response::new(description);
    response.content.insert("application/json".to_owned(), Content::new(Some(Ref::from_schema_name("ErrorBody"))));
    RefOr::T(response)
}
