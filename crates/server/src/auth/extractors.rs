//! Authentication as extractors: a handler that takes `CurrentUser` or `Admin` never runs
//! for someone who is not allowed.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;

use super::session;
use crate::app::AppState;
use crate::db::entities::user;
use crate::error::{ApiError, ErrorCode};

/// The signed-in user; 401 otherwise.
pub struct CurrentUser(pub user::Model);

/// The signed-in user, if any.
pub struct MaybeUser(pub Option<user::Model>);

/// The administrator (user id 1); 401 signed out, 403 for anyone else.
pub struct Admin(pub user::Model);

impl<S> FromRequestParts<S> for MaybeUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let jar = CookieJar::from_headers(&parts.headers);
        let Some(cookie) = jar.get(session::COOKIE_NAME) else {
            return Ok(Self(None));
        };
        let user = session::user_for_token(&state.db, cookie.value()).await?;
        Ok(Self(user))
    }
}

impl<S> FromRequestParts<S> for CurrentUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match MaybeUser::from_request_parts(parts, state).await? {
            MaybeUser(Some(user)) => Ok(Self(user)),
            MaybeUser(None) => Err(ApiError::Unauthorized),
        }
    }
}

impl<S> FromRequestParts<S> for Admin
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        if user.id == super::users::ADMIN_USER_ID {
            Ok(Self(user))
        } else {
            Err(ApiError::forbidden(ErrorCode::Forbidden, "Only the administrator may do this"))
        }
    }
}

/// The address of the client, for rate limits: the connection's peer, or, behind a reverse
/// proxy the operator trusts (`--trust-forwarded-for`), the last address the proxy appended to
/// `X-Forwarded-For` (earlier ones are the client's own word).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub std::net::IpAddr);

impl<S> FromRequestParts<S> for ClientAddr
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let forwarded = state
            .config
            .trust_forwarded_for
            .then(|| parts.headers.get_all("x-forwarded-for").iter().next_back())
            .flatten()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .map(str::trim)
            // Some proxies append `address:port`.
            .and_then(|v| v.parse().ok().or_else(|| v.parse::<std::net::SocketAddr>().ok().map(|a| a.ip())));
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|axum::extract::ConnectInfo(addr)| addr.ip());
        Ok(Self(forwarded.or(peer).unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED))))
    }
}
