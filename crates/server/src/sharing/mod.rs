//! Sharing (docs/rules.md "Sharing"): a memory shared by its owner with chosen friends, read-only
//! to them until revoked; or with anyone holding a public link, for 2 days or until revoked.
//! Nothing else of the owner goes with it: no entities, no other memories, no e-mail to
//! strangers. A shared photo is served only through the share's own routes, which check the
//! share on every request.

pub mod owner;
pub mod public;
pub mod received;

use crate::openapi::routes;
use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};

/// How long a public link lives.
pub const LINK_DAYS: i64 = 2;
/// Memories one share-status request may ask about.
pub const STATUS_ASKED_MAX: usize = 200;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(owner::create_link, owner::revoke_links))
        .routes(routes!(owner::share_with_friend))
        .routes(routes!(owner::unshare_with_friend))
        .routes(routes!(owner::batch_status))
        .routes(routes!(received::shared_with_me))
        .routes(routes!(received::shared_memory))
        .routes(routes!(received::shared_photo))
        .routes(routes!(public::public_memory))
        .routes(routes!(public::public_photo))
}

/// The photo of a memory (its URL as the memory keeps it) as a private, unstored answer.
pub(crate) async fn photo_response(state: &AppState, owner_id: i64, photo_url: Option<&str>) -> ApiResult<Response> {
    let not_found = || ApiError::not_found("Photo not found");
    let key = photo_url.and_then(|url| crate::photos::own_key(url, owner_id)).ok_or_else(not_found)?;
    let bytes = state.photos.get(&key).await?.ok_or_else(not_found)?;
    let mime = mime_guess::from_path(&key).first_or_octet_stream();
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    // Checked again on each request: a share can end at any moment.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
