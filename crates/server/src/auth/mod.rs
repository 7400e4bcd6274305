//! Sign-in (OpenID Connect or local), sessions, and the signed-in user's own record.

pub mod extractors;
pub mod handlers;
pub mod local;
pub mod oidc;
pub mod session;
pub mod users;

use crate::openapi::routes;
use axum::routing::get;
use utoipa_axum::router::OpenApiRouter;

pub use extractors::{Admin, ClientAddr, CurrentUser, MaybeUser};

use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorCode};
use handlers::*;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(logout))
        // Pages for the browser, not operations of the API: left out of its document.
        .route("/api/logout", get(logout_link))
        .routes(routes!(callback))
        .routes(routes!(current_user, update_user))
        .routes(routes!(me))
        .routes(routes!(give_consent))
        .routes(routes!(provider))
        .route("/auth/local", get(local::page).post(local::submit))
}

/// Where to go after signing in: a path on this site, written as a URL writes it (printable
/// ASCII). Anything else is refused, never followed: browsers drop tabs and line breaks from
/// addresses and read `\\` as `/`, so `/\t/evil.example` would lead to another site, and a
/// line break cannot go in a header at all.
pub fn safe_redirect(wanted: Option<&str>) -> ApiResult<&str> {
    let path = match wanted {
        None | Some("") => return Ok("/"),
        Some(path) => path,
    };
    let printable = path.bytes().all(|b| b.is_ascii_graphic()) && path.len() <= 2048;
    let local = path.starts_with('/') && !path.starts_with("//") && !path.contains('\\');
    // What a browser would make of it, resolved against this site, must still be this site.
    let base = url::Url::parse("http://lifegraph.invalid/").expect("static URL");
    let stays = base.join(path).is_ok_and(|u| u.origin() == base.origin());
    if printable && local && stays {
        Ok(path)
    } else {
        Err(ApiError::bad_request(ErrorCode::InvalidRedirect, "The address to return to must be a path on this site"))
    }
}

#[cfg(test)]
mod tests {
    use super::safe_redirect;
    use crate::error::ErrorCode;

    #[test]
    fn redirects_stay_on_this_site() {
        assert_eq!(safe_redirect(Some("/memories?x=1")).unwrap(), "/memories?x=1");
        assert_eq!(safe_redirect(Some("/memories/12?new=true#top")).unwrap(), "/memories/12?new=true#top");
        assert_eq!(safe_redirect(None).unwrap(), "/");
        assert_eq!(safe_redirect(Some("")).unwrap(), "/");
        for hostile in [
            "https://evil.example",
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "/\r\nSet-Cookie:x=1",
            "/ /evil.example",
            "memories",
            "javascript:alert(1)",
            "/\u{3000}/evil.example",
        ] {
            assert_eq!(safe_redirect(Some(hostile)).unwrap_err().code(), ErrorCode::InvalidRedirect, "{hostile:?}");
        }
    }
}
