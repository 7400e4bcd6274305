//! Serves the built web app. Release builds embed `web/dist`; debug builds read it from disk,
//! so a fresh `vite build` shows without recompiling the server.

use axum::body::Body;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::error::ApiError;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct WebApp;

const INDEX: &str = "index.html";

/// Every path outside `/api` and `/auth` is the web app's: a file of the build, or the app's
/// `index.html`, whose router takes it from there.
pub async fn fallback(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") || path == "/auth" || path.starts_with("/auth/") {
        return ApiError::not_found("There is nothing at this address").into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return ApiError::not_found("There is nothing at this address").into_response();
    }
    let file = path.trim_start_matches('/');
    if !file.is_empty()
        && let Some(asset) = WebApp::get(file)
    {
        // Vite puts content-hashed files under assets/: they never change.
        let cache = if file.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "public, max-age=3600"
        };
        return file_response(file, asset.data.into_owned(), cache);
    }
    match WebApp::get(INDEX) {
        Some(index) => file_response(INDEX, index.data.into_owned(), "no-cache"),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app is not built: run `make build` (or `npm run build` in web/).",
        )
            .into_response(),
    }
}

fn file_response(name: &str, bytes: Vec<u8>, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// Sent with every response.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; \
    form-action 'self'; frame-ancestors 'none'";
