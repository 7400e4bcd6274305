//! Serves the built web app. Release builds embed `web/dist`; debug builds read it from disk,
//! so a fresh `vite build` shows without recompiling the server.

use axum::body::Body;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::openapi::routes;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::config::Config;
use crate::error::ApiError;

/// Release builds carry the web app inside the binary.
#[cfg(not(debug_assertions))]
#[derive(rust_embed::RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct WebApp;

#[cfg(not(debug_assertions))]
fn asset(file: &str) -> Option<Vec<u8>> {
    WebApp::get(file).map(|found| found.data.into_owned())
}

/// Debug builds read `web/dist` at each request, so the app may be built after the server
/// (and rebuilt while it runs).
#[cfg(debug_assertions)]
fn asset(file: &str) -> Option<Vec<u8>> {
    let safe = file.split('/').all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'));
    if !safe {
        return None;
    }
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    std::fs::read(dist.join(file)).ok()
}

const INDEX: &str = "index.html";

/// The app's page, when the app is built.
pub(crate) fn index_html() -> Option<String> {
    asset(INDEX).and_then(|bytes| String::from_utf8(bytes).ok())
}

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
        && let Some(bytes) = asset(file)
    {
        // Vite puts content-hashed files under assets/: they never change.
        let cache =
            if file.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "public, max-age=3600" };
        return file_response(file, bytes, cache);
    }
    match asset(INDEX) {
        Some(index) => file_response(INDEX, index, "no-cache"),
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
pub fn content_security_policy(config: &Config) -> String {
    let tiles = config.map_tiles_origin().map(|origin| format!(" {origin}")).unwrap_or_default();
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:{tiles}; font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// What the web app needs to know of the server's configuration.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientConfig {
    /// Raster tiles for the map of places (`{z}/{x}/{y}` template), if configured.
    pub map_tiles_url: Option<String>,
    /// The tile provider's credit, shown with its tiles.
    pub map_tiles_attribution: Option<String>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(client_config))
}

/// The settings of this server that the web app follows (open to everyone: nothing private).
#[utoipa::path(get, path = "/api/client-config", tag = "health", responses((status = 200, body = ClientConfig)))]
pub(crate) async fn client_config(State(state): State<AppState>) -> Json<ClientConfig> {
    Json(ClientConfig {
        map_tiles_url: state.config.map_tiles_url.clone(),
        map_tiles_attribution: state.config.map_tiles_attribution.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(debug_assertions)]
    #[test]
    fn never_serves_files_outside_the_build() {
        // web/package.json exists one level above web/dist.
        assert!(asset("../package.json").is_none());
        assert!(asset("assets/../../package.json").is_none());
        assert!(asset("/etc/passwd").is_none());
        assert!(asset("assets\\..\\..\\package.json").is_none());
    }

    #[test]
    fn tiles_add_their_origin_to_the_images_a_page_may_show() {
        let mut config = Config::for_tests("sqlite::memory:", "file:///tmp");
        assert!(content_security_policy(&config).contains("img-src 'self' data: blob:; "));
        config.map_tiles_url = Some("https://tile.example.org:8443/{z}/{x}/{y}.png".into());
        assert!(
            content_security_policy(&config).contains("img-src 'self' data: blob: https://tile.example.org:8443; ")
        );
    }

    #[tokio::test]
    async fn api_paths_never_fall_back_to_the_app() {
        let response = fallback(Method::GET, Uri::from_static("/api/nothing")).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let response = fallback(Method::POST, Uri::from_static("/memories")).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
    }
}
