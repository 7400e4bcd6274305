//! Checks every request passes before any handler sees it:
//!
//! - the address is not too long, and holds no NUL character (see [`crate::text`]);
//! - with local sign-in on, the request was sent to this server's own name;
//! - a request that changes something comes from this site, and runs to its end once started. A
//!   browser sends cookies with cross-site form posts and multipart uploads (they need no preflight), and SameSite=Lax
//!   does not stop sibling sites, so the browser's own word on where the request comes from
//!   is checked: `Sec-Fetch-Site` when sent (every current browser does), else `Origin`
//!   against this server's public URL or the `Host` it was reached at. A request with
//!   neither is refused too: the API is the web app's, and a program calling it sends
//!   `Origin` like a browser. This follows Go's `net/http.CrossOriginProtection`, stricter on
//!   requests that carry neither header.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::app::AppState;
use crate::error::{ApiError, ErrorCode};

/// Longer addresses are refused (hyper itself refuses those above 64 KiB, without a body).
pub const MAX_URI_BYTES: usize = 8 * 1024;

pub async fn check_request(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if let Err(error) = checked(&state, &request) {
        return error.into_response();
    }
    if !changes_state(request.method()) {
        return next.run(request).await;
    }
    // A change runs to its end even when the client goes away (a closed tab, a dropped
    // connection): a handler dropped halfway would leave its transaction to be rolled back
    // whenever its connection is next used, and the person's write in a state they cannot know.
    match tokio::spawn(next.run(request)).await {
        Ok(response) => response,
        Err(failed) => ApiError::Internal(anyhow::anyhow!("a request handler failed: {failed}")).into_response(),
    }
}

fn checked(state: &AppState, request: &Request) -> Result<(), ApiError> {
    let uri = request.uri();
    let target = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
    if target.len() > MAX_URI_BYTES {
        return Err(ApiError::UriTooLong);
    }
    if crate::text::urlencoded_has_nul(target.as_bytes()) {
        return Err(crate::text::nul_refused());
    }
    if state.config.local_sign_in_enabled() {
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .or_else(|| uri.authority().map(|a| a.as_str()));
        if let Some(host) = host
            && !is_own_host(host, &state.config.public_origin())
        {
            return Err(ApiError::bad_request(ErrorCode::UnknownHost, "This server answers only at its own address"));
        }
    }
    if changes_state(request.method()) {
        from_this_site(request.headers(), &state.config.public_origin(), Strictness::RequireHeaders)?;
    }
    Ok(())
}

/// With local sign-in (anyone may sign in as anyone), a page on another site whose name is
/// pointed at this server (DNS rebinding) would be "same-origin" with it: only the public
/// URL's host and the loopback names are answered.
fn is_own_host(host: &str, public_origin: &str) -> bool {
    let Ok(parsed) = url::Url::parse(&format!("http://{host}")) else { return false };
    let public_host = url::Url::parse(public_origin).ok().and_then(|u| u.host_str().map(str::to_owned));
    match parsed.host() {
        Some(url::Host::Domain(name)) => name == "localhost" || public_host.as_deref() == Some(name),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback() || public_host == Some(ip.to_string()),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback() || public_host == Some(format!("[{ip}]")),
        None => false,
    }
}

fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    /// Without `Sec-Fetch-Site` and `Origin`, refuse.
    RequireHeaders,
    /// Without them, look at `Referer` (a plain navigation sends no `Origin`).
    AllowReferer,
}

/// Whether the browser says this request comes from this site. `public_origin` is
/// `scheme://host[:port]`.
pub fn from_this_site(headers: &HeaderMap, public_origin: &str, strictness: Strictness) -> Result<(), ApiError> {
    let refused = || ApiError::forbidden(ErrorCode::CrossSiteRequest, "This request must come from the Lifegraph app");
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site")) {
        // `none`: the person typed the address or used a bookmark.
        return if site == "same-origin" || site == "none" { Ok(()) } else { Err(refused()) };
    }
    let host = text(header::HOST);
    let origin = match (text(header::ORIGIN), strictness) {
        (Some(origin), _) => origin,
        (None, Strictness::AllowReferer) => {
            let referer = text(header::REFERER).ok_or_else(refused)?;
            return if same_origin(&origin_of(referer).ok_or_else(refused)?, public_origin, host) {
                Ok(())
            } else {
                Err(refused())
            };
        }
        (None, Strictness::RequireHeaders) => {
            return Err(ApiError::forbidden(
                ErrorCode::OriginRequired,
                "This request must say where it comes from (send an Origin header, as browsers do)",
            ));
        }
    };
    if same_origin(origin, public_origin, host) { Ok(()) } else { Err(refused()) }
}

/// `origin` names this server: its public URL, or the host the request was sent to.
fn same_origin(origin: &str, public_origin: &str, host: Option<&str>) -> bool {
    if origin.eq_ignore_ascii_case(public_origin) {
        return true;
    }
    let Ok(parsed) = url::Url::parse(origin) else { return false };
    let Some(origin_host) = parsed.host_str() else { return false };
    let origin_authority = match parsed.port() {
        Some(port) => format!("{origin_host}:{port}"),
        None => origin_host.to_owned(),
    };
    host.is_some_and(|h| h.eq_ignore_ascii_case(&origin_authority))
}

/// `scheme://host[:port]` of a full URL.
fn origin_of(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url).ok()?;
    let origin = parsed.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    }

    const PUBLIC: &str = "https://journal.example";

    #[test]
    fn the_browser_says_where_a_request_comes_from() {
        let ok = |h: &[(&'static str, &str)]| from_this_site(&headers(h), PUBLIC, Strictness::RequireHeaders).is_ok();
        assert!(ok(&[("sec-fetch-site", "same-origin")]));
        assert!(ok(&[("sec-fetch-site", "none")]));
        assert!(!ok(&[("sec-fetch-site", "same-site"), ("origin", PUBLIC)]), "a sibling site is another site");
        assert!(!ok(&[("sec-fetch-site", "cross-site")]));
        assert!(ok(&[("origin", "https://journal.example")]));
        assert!(ok(&[("origin", "http://127.0.0.1:8080"), ("host", "127.0.0.1:8080")]));
        assert!(!ok(&[("origin", "https://evil.example"), ("host", "journal.example")]));
        assert!(!ok(&[("origin", "null"), ("host", "journal.example")]));
        assert!(!ok(&[("origin", "http://journal.example.evil.example"), ("host", "journal.example")]));
        assert!(!ok(&[]), "neither header");
        assert!(!ok(&[("referer", "https://journal.example/memories")]), "a Referer is not enough for a change");
    }

    #[test]
    fn with_local_sign_in_only_its_own_names_are_answered() {
        let public = "http://127.0.0.1:8080";
        for own in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "127.0.0.1", "LOCALHOST:1"] {
            assert!(is_own_host(own, public), "{own}");
        }
        for other in ["evil.example", "evil.example:8080", "192.0.2.1:8080", "127.0.0.1.evil.example"] {
            assert!(!is_own_host(other, public), "{other}");
        }
        assert!(is_own_host("journal.home:8080", "http://journal.home:8080"));
    }

    #[test]
    fn a_plain_navigation_may_show_its_referer() {
        let ok = |h: &[(&'static str, &str)]| from_this_site(&headers(h), PUBLIC, Strictness::AllowReferer).is_ok();
        assert!(ok(&[("referer", "https://journal.example/memories")]));
        assert!(!ok(&[("referer", "https://evil.example/journal.example")]));
        assert!(!ok(&[]));
    }
}
