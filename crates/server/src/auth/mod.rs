//! Sign-in (OpenID Connect or local), sessions, and the signed-in user's own record.

pub mod extractors;
pub mod local;
pub mod oidc;
pub mod session;
pub mod users;

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Json, Router};
use axum_extra::extract::CookieJar;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

pub use extractors::{Admin, CurrentUser, MaybeUser};

use crate::app::AppState;
use crate::error::{ApiError, ApiJson, ApiResult, ErrorBody};
use users::{UpdateUserRequest, User, UserChanges};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/login", get(login))
        .route("/api/logout", get(logout))
        .route("/api/auth/callback", get(callback))
        .route("/api/auth/user", get(current_user).patch(update_user))
        .route("/api/auth/me", get(me))
        .route("/api/auth/consent", axum::routing::post(give_consent))
        .route("/auth/local", get(local::page).post(local::submit))
}

/// Only same-site paths: never an open redirect to another site.
pub fn safe_redirect(wanted: Option<&str>) -> &str {
    match wanted {
        Some(path) if path.starts_with('/') && !path.starts_with("//") && !path.contains('\\') => path,
        _ => "/",
    }
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct LoginQuery {
    /// Where to go after signing in (a path on this site).
    redirect: Option<String>,
    /// `1` when the person accepted both registration consents on the sign-up page.
    consent: Option<String>,
    /// `en` or `fr`: the language of the local sign-in page (default: the browser's).
    lang: Option<String>,
}

/// Start signing in: to the identity provider, or to the local sign-in page.
#[utoipa::path(get, path = "/api/login", tag = "auth", params(LoginQuery),
    responses((status = 303, description = "Redirect to the identity provider or the local sign-in page")))]
pub(crate) async fn login(State(state): State<AppState>, Query(query): Query<LoginQuery>) -> ApiResult<Response> {
    let redirect = safe_redirect(query.redirect.as_deref());
    let consent = query.consent.as_deref() == Some("1");
    if let Some(oidc) = &state.oidc {
        let url = oidc.begin(&state.db, redirect, consent).await?;
        return Ok(Redirect::to(&url).into_response());
    }
    if state.config.local_sign_in_enabled() {
        let mut target = url::Url::parse("http://local/auth/local").expect("static URL");
        target.query_pairs_mut().append_pair("redirect", redirect);
        if consent {
            target.query_pairs_mut().append_pair("consent", "1");
        }
        if let Some(lang) = query.lang.as_deref().filter(|l| users::LANGUAGES.contains(l)) {
            target.query_pairs_mut().append_pair("lang", lang);
        }
        let location = format!("{}?{}", target.path(), target.query().unwrap_or_default());
        return Ok(Redirect::to(&location).into_response());
    }
    Err(ApiError::bad_request("sign_in_unavailable", "No sign-in method is configured on this server"))
}

#[derive(Debug, Deserialize)]
pub(crate) struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

/// The identity provider sends the person back here.
#[utoipa::path(get, path = "/api/auth/callback", tag = "auth",
    responses((status = 303, description = "Signed in; redirect into the app"),
              (status = 400, description = "Missing, stale or forged state", body = ErrorBody)))]
pub(crate) async fn callback(State(state): State<AppState>, jar: CookieJar, Query(query): Query<CallbackQuery>) -> ApiResult<Response> {
    let Some(oidc) = &state.oidc else {
        return Err(ApiError::not_found("No identity provider is configured"));
    };
    if let Some(error) = query.error {
        tracing::info!(%error, "the identity provider refused the sign-in");
        return Err(ApiError::bad_request("sign_in_refused", "The identity provider did not sign you in"));
    }
    let (Some(code), Some(returned_state)) = (query.code, query.state) else {
        return Err(ApiError::bad_request("invalid_callback", "The sign-in answer is missing its code or state"));
    };
    let (identity, attempt) = oidc.finish(&state.db, &code, &returned_state).await.map_err(|e| match e {
        oidc::CallbackError::UnknownState => ApiError::bad_request("invalid_state", e.to_string()),
        oidc::CallbackError::Provider(cause) => ApiError::Internal(cause),
    })?;
    let mut user = users::upsert(&state.db, identity).await?;
    if attempt.consent {
        user = users::record_consents(&state.db, user).await?;
    }
    let cookie = session::start(&state.db, user.id, state.config.secure_cookies()).await?;
    tracing::info!(user_id = user.id, "signed in through OpenID Connect");
    Ok((jar.add(cookie), Redirect::to(safe_redirect(Some(&attempt.redirect_to)))).into_response())
}

/// End the session and go home.
#[utoipa::path(get, path = "/api/logout", tag = "auth",
    responses((status = 303, description = "Signed out; redirect to /")))]
pub(crate) async fn logout(State(state): State<AppState>, jar: CookieJar) -> ApiResult<Response> {
    if let Some(cookie) = jar.get(session::COOKIE_NAME) {
        session::end(&state.db, cookie.value()).await?;
    }
    Ok((jar.remove(session::removal_cookie()), Redirect::to("/")).into_response())
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/auth/user", tag = "auth",
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
pub(crate) async fn current_user(CurrentUser(user): CurrentUser) -> Json<User> {
    Json(user.into())
}

/// The signed-in user (same answer as `/api/auth/user`).
#[utoipa::path(get, path = "/api/auth/me", tag = "auth",
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
pub(crate) async fn me(CurrentUser(user): CurrentUser) -> Json<User> {
    Json(user.into())
}

/// Change the signed-in user's first name, gender, language or theme.
#[utoipa::path(patch, path = "/api/auth/user", tag = "auth", request_body = UpdateUserRequest,
    responses((status = 200, body = User), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn update_user(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(request): ApiJson<UpdateUserRequest>,
) -> ApiResult<Json<User>> {
    let changes = UserChanges::try_from(request)?;
    let updated = users::update(&state.db, user, changes).await?;
    Ok(Json(updated.into()))
}

/// Both registration consents: data processing, and the terms including being 16 or older.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentRequest {
    pub data_processing: bool,
    pub terms: bool,
}

/// Record the signed-in user's consents, with their time.
#[utoipa::path(post, path = "/api/auth/consent", tag = "auth", request_body = ConsentRequest,
    responses((status = 200, body = User), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn give_consent(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(request): ApiJson<ConsentRequest>,
) -> ApiResult<Json<User>> {
    if !(request.data_processing && request.terms) {
        return Err(ApiError::bad_request(
            "consent_required",
            "Please accept both consents to create your account.",
        ));
    }
    let updated = users::record_consents(&state.db, user).await?;
    Ok(Json(updated.into()))
}

#[cfg(test)]
mod tests {
    use super::safe_redirect;

    #[test]
    fn redirects_stay_on_this_site() {
        assert_eq!(safe_redirect(Some("/memories?x=1")), "/memories?x=1");
        assert_eq!(safe_redirect(Some("https://evil.example")), "/");
        assert_eq!(safe_redirect(Some("//evil.example")), "/");
        assert_eq!(safe_redirect(Some("/\\evil.example")), "/");
        assert_eq!(safe_redirect(None), "/");
    }
}
