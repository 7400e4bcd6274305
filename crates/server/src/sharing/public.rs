//! What a visitor with a public link reads: one memory, while the link lives, and nothing else
//! of its owner. Expired, revoked and unknown tokens get the same answer.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use chrono::{NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::ClientAddr;
use crate::auth::session::hash_token;
use crate::db::entities::{memory, share_link, user};
use crate::error::{ApiError, ApiPath, ApiResult, ErrorBody};
use crate::friends::queries::public_name;
use crate::text::escape_html;

/// Characters of the content a link preview shows.
pub const PREVIEW_CHARS: usize = 160;

/// The memory of a public link: these fields only.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicSharedMemory {
    pub title: String,
    pub content: String,
    pub event_date: Option<NaiveDate>,
    pub location: Option<String>,
    /// `/api/shared/{token}/photo` when it has a photo.
    pub photo: Option<String>,
    /// The owner's name (never their e-mail).
    pub shared_by: String,
}

fn gone() -> ApiError {
    ApiError::not_found("This shared memory is no longer available")
}

/// The memory and owner of a live link.
async fn live(state: &AppState, token: &str) -> ApiResult<(memory::Model, user::Model)> {
    let now = Utc::now();
    let link = share_link::Entity::find()
        .filter(share_link::Column::TokenHash.eq(hash_token(token)))
        .filter(share_link::Column::ExpiresAt.gt(now))
        .filter(share_link::Column::RevokedAt.is_null())
        .one(&state.db)
        .await?
        .ok_or_else(gone)?;
    let memory = memory::Entity::find_by_id(link.memory_id)
        .filter(memory::Column::UserId.eq(link.user_id))
        .one(&state.db)
        .await?
        .ok_or_else(gone)?;
    let owner = user::Entity::find_by_id(link.user_id).one(&state.db).await?.ok_or_else(gone)?;
    Ok((memory, owner))
}

/// Never kept by a browser or a proxy, never indexed.
fn private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex, nofollow"));
    response
}

/// The memory of a live public link (open to everyone holding it).
#[utoipa::path(get, path = "/api/shared/{token}", tag = "sharing",
    params(("token" = String, Path, description = "The link's token")),
    responses((status = 200, body = PublicSharedMemory),
              (status = 404, description = "Expired, revoked or unknown", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn public_memory(
    State(state): State<AppState>,
    client: ClientAddr,
    ApiPath(token): ApiPath<String>,
) -> Response {
    let answer = async {
        state.limits.token_checks.check(client)?;
        let (memory, owner) = live(&state, &token).await?;
        Ok::<_, ApiError>(Json(PublicSharedMemory {
            photo: memory.photo.as_ref().map(|_| format!("/api/shared/{token}/photo")),
            title: memory.title,
            content: memory.content,
            event_date: memory.event_date,
            location: memory.location,
            shared_by: public_name(&owner),
        }))
    };
    private(answer.await.into_response())
}

/// The photo of a live public link's memory, checked on every request.
#[utoipa::path(get, path = "/api/shared/{token}/photo", tag = "sharing",
    params(("token" = String, Path, description = "The link's token")),
    responses((status = 200, description = "The image"),
              (status = 404, description = "Expired, revoked, unknown, or no photo", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn public_photo(
    State(state): State<AppState>,
    client: ClientAddr,
    ApiPath(token): ApiPath<String>,
) -> Response {
    let answer = async {
        state.limits.token_checks.check(client)?;
        let (memory, owner) = live(&state, &token).await?;
        super::photo_response(&state, owner.id, memory.photo.as_deref()).await
    };
    private(answer.await.into_response())
}

/// `/shared/{token}`: the app's page with the memory's link-preview tags (title, the first 160
/// characters, the photo or the logo, the address, an article with a large card), so that a link
/// pasted in a chat shows the memory. A dead link (or too many tries) gets a generic preview.
pub(crate) async fn preview_page(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: axum::http::HeaderMap,
    Path(token): Path<String>,
) -> Response {
    // Before the app is built, a bare page still carries the preview.
    let (page, status) = match crate::web::index_html() {
        Some(page) => (page, axum::http::StatusCode::OK),
        None => (UNBUILT_PAGE.to_owned(), axum::http::StatusCode::SERVICE_UNAVAILABLE),
    };
    let base = match (&state.config.public_url, headers.get(header::HOST).and_then(|h| h.to_str().ok())) {
        (None, Some(host))
            if host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']')) =>
        {
            format!("http://{host}")
        }
        _ => state.config.public_url(),
    };
    let url = format!("{base}/shared/{}", url_part(&token));
    let found = match state.limits.token_checks.check(client) {
        Ok(()) => live(&state, &token).await.ok(),
        Err(_) => None,
    };
    let preview = match &found {
        Some((memory, _)) => Preview {
            title: memory.title.clone(),
            description: excerpt(&memory.content, PREVIEW_CHARS),
            image: match memory.photo {
                Some(_) => format!("{base}/api/shared/{}/photo", url_part(&token)),
                None => format!("{base}/favicon.svg"),
            },
            url,
        },
        None => Preview {
            title: "Lifegraph".into(),
            description: "This shared memory is no longer available.".into(),
            image: format!("{base}/favicon.svg"),
            url,
        },
    };
    let mut response = (status, Html(with_preview(&page, &preview))).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
        .headers_mut()
        .insert(HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex, nofollow"));
    response
}

const UNBUILT_PAGE: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"UTF-8\" />\
    <meta name=\"description\" content=\"\" /><title>Lifegraph</title></head>\
    <body>The web app is not built: run `make build`.</body></html>";

/// A token as it may appear in an address (tokens are URL-safe; anything else is dropped).
fn url_part(token: &str) -> String {
    token.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')).collect()
}

pub struct Preview {
    pub title: String,
    pub description: String,
    pub image: String,
    pub url: String,
}

/// The first `limit` characters of `text`, with an ellipsis when there was more.
pub fn excerpt(text: &str, limit: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(limit) {
        Some((end, _)) => format!("{}…", text[..end].trim_end()),
        None => text.to_owned(),
    }
}

/// The page with its title and description replaced and the preview tags added to its head.
pub fn with_preview(page: &str, preview: &Preview) -> String {
    let (title, description, image, url) = (
        escape_html(&preview.title),
        escape_html(&preview.description),
        escape_html(&preview.image),
        escape_html(&preview.url),
    );
    let tags = format!(
        "<meta name=\"robots\" content=\"noindex, nofollow\" />\
         <meta property=\"og:title\" content=\"{title}\" />\
         <meta property=\"og:description\" content=\"{description}\" />\
         <meta property=\"og:image\" content=\"{image}\" />\
         <meta property=\"og:url\" content=\"{url}\" />\
         <meta property=\"og:type\" content=\"article\" />\
         <meta property=\"og:site_name\" content=\"Lifegraph\" />\
         <meta name=\"twitter:card\" content=\"summary_large_image\" />\
         <meta name=\"twitter:title\" content=\"{title}\" />\
         <meta name=\"twitter:description\" content=\"{description}\" />\
         <meta name=\"twitter:image\" content=\"{image}\" />"
    );
    let mut page = replace_between(page, "<title>", "</title>", &format!("{title} | Lifegraph"));
    page = replace_meta_description(&page, &description);
    match page.find("</head>") {
        Some(at) => format!("{}{tags}{}", &page[..at], &page[at..]),
        None => page,
    }
}

fn replace_between(page: &str, open: &str, close: &str, inner: &str) -> String {
    match (page.find(open), page.find(close)) {
        (Some(start), Some(end)) if start < end => format!("{}{open}{inner}{}", &page[..start], &page[end..]),
        _ => page.to_owned(),
    }
}

fn replace_meta_description(page: &str, description: &str) -> String {
    let marker = "<meta name=\"description\" content=\"";
    let Some(start) = page.find(marker).map(|at| at + marker.len()) else {
        return page.to_owned();
    };
    match page[start..].find('"') {
        Some(end) => format!("{}{description}{}", &page[..start], &page[start + end..]),
        None => page.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_cut_on_characters_and_say_so() {
        assert_eq!(excerpt("  Short.  ", 160), "Short.");
        let long = "é".repeat(200);
        let cut = excerpt(&long, 160);
        assert_eq!(cut.chars().count(), 161);
        assert!(cut.ends_with('…'));
        assert_eq!(excerpt(&"a".repeat(160), 160).chars().count(), 160, "exactly the limit: no ellipsis");
    }

    #[test]
    fn previews_escape_every_value() {
        let page = "<html><head><meta name=\"description\" content=\"App\" /><title>Lifegraph</title></head><body></body></html>";
        let preview = Preview {
            title: "<script>alert(\"x\")</script> & 'friends'".into(),
            description: "\"quoted\" <b>".into(),
            image: "https://example.org/favicon.svg".into(),
            url: "https://example.org/shared/abc".into(),
        };
        let html = with_preview(page, &preview);
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains(
            "<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39; | Lifegraph</title>"
        ));
        assert!(html.contains("content=\"&quot;quoted&quot; &lt;b&gt;\""));
        assert!(html.contains("<meta property=\"og:type\" content=\"article\" />"));
        assert_eq!(html.matches("<title>").count(), 1);
        assert!(html.find("og:title").unwrap() < html.find("</head>").unwrap());
    }
}
