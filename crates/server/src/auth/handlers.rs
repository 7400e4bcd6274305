//! The sign-in operations of the API and the signed-in user's own record.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum_extra::extract::CookieJar;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::users::{self, UpdateUserRequest, User, UserChanges};
use super::{ClientAddr, CurrentUser, oidc, safe_redirect, session};
use crate::app::AppState;
use crate::error::{ApiError, ApiJson, ApiQuery, ApiResult, ErrorBody, ErrorCode};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LoginQuery {
    /// Where to go after signing in (a path on this site).
    redirect: Option<String>,
    /// `1` when the person accepted both registration consents on the sign-up page.
    consent: Option<String>,
    /// The language of the local sign-in page (default: the browser's).
    #[param(value_type = Option<users::Language>)]
    lang: Option<String>,
}

/// Start signing in: to the identity provider, or to the local sign-in page.
#[utoipa::path(get, path = "/api/login", tag = "auth", params(LoginQuery),
    responses((status = 303, description = "Redirect to the identity provider or the local sign-in page"),
              (status = 400, description = "The address to return to is not a path on this site", body = ErrorBody),
              (status = 429, description = "Too many sign-in attempts from this address", body = ErrorBody)))]
pub(crate) async fn login(
    State(state): State<AppState>,
    client: ClientAddr,
    ApiQuery(query): ApiQuery<LoginQuery>,
) -> ApiResult<Response> {
    state.limits.sign_in.check(client)?;
    let redirect = safe_redirect(query.redirect.as_deref())?;
    let consent = query.consent.as_deref() == Some("1");
    if let Some(oidc) = &state.oidc {
        let (url, attempt) = oidc.begin(&state.db, redirect, consent).await?;
        let jar = CookieJar::new().add(oidc::state_cookie(attempt, state.config.secure_cookies()));
        return Ok((jar, Redirect::to(&url)).into_response());
    }
    if state.config.local_sign_in_enabled() {
        let mut target = url::Url::parse("http://local/auth/local").expect("static URL");
        target.query_pairs_mut().append_pair("redirect", redirect);
        if consent {
            target.query_pairs_mut().append_pair("consent", "1");
        }
        if let Some(lang) = query.lang.as_deref().filter(|l| crate::text::parse_name::<users::Language>(l).is_some()) {
            target.query_pairs_mut().append_pair("lang", lang);
        }
        let location = format!("{}?{}", target.path(), target.query().unwrap_or_default());
        return Ok(Redirect::to(&location).into_response());
    }
    Err(ApiError::bad_request(ErrorCode::SignInUnavailable, "No sign-in method is configured on this server"))
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
              (status = 400, description = "Missing, stale or forged state", body = ErrorBody),
              (status = 404, description = "No identity provider is configured", body = ErrorBody),
              (status = 429, description = "Too many sign-in attempts from this address", body = ErrorBody)))]
pub(crate) async fn callback(
    State(state): State<AppState>,
    client: ClientAddr,
    jar: CookieJar,
    ApiQuery(query): ApiQuery<CallbackQuery>,
) -> ApiResult<Response> {
    state.limits.sign_in.check(client)?;
    let Some(oidc) = &state.oidc else {
        return Err(ApiError::not_found("No identity provider is configured"));
    };
    if let Some(error) = query.error {
        tracing::info!(%error, "the identity provider refused the sign-in");
        return Err(ApiError::bad_request(ErrorCode::SignInRefused, "The identity provider did not sign you in"));
    }
    let (Some(code), Some(returned_state)) = (query.code, query.state) else {
        return Err(ApiError::bad_request(
            ErrorCode::InvalidCallback,
            "The sign-in answer is missing its code or state",
        ));
    };
    if jar.get(oidc::STATE_COOKIE).map(|c| c.value()) != Some(returned_state.as_str()) {
        return Err(ApiError::bad_request(ErrorCode::InvalidState, "This sign-in was not started in this browser"));
    }
    let jar = jar.remove(oidc::state_cookie_removal());
    let (identity, attempt) = oidc.finish(&state.db, &code, &returned_state).await.map_err(|e| match e {
        oidc::CallbackError::UnknownState => ApiError::bad_request(ErrorCode::InvalidState, e.to_string()),
        oidc::CallbackError::Provider(cause) => ApiError::Internal(cause),
    })?;
    let mut user = users::upsert(&state.db, identity).await?;
    if attempt.consent {
        user = users::record_consents(&state.db, user).await?;
    }
    let cookie = session::start(&state.db, user.id, state.config.secure_cookies()).await?;
    tracing::info!(user_id = user.id, "signed in through OpenID Connect");
    Ok((jar.add(cookie), Redirect::to(safe_redirect(Some(&attempt.redirect_to))?)).into_response())
}

/// Sign out: end the session. The app calls it; like every change, only from this site.
#[utoipa::path(post, path = "/api/logout", tag = "auth",
    responses((status = 204, description = "Signed out (also when no one was signed in)")))]
pub(crate) async fn logout(State(state): State<AppState>, jar: CookieJar) -> ApiResult<Response> {
    if let Some(cookie) = jar.get(session::COOKIE_NAME) {
        session::end(&state.db, cookie.value()).await?;
    }
    Ok((jar.remove(session::removal_cookie()), StatusCode::NO_CONTENT).into_response())
}

/// Sign out by following a link, then go home (303 to `/`). Only a navigation that started on
/// this site (or an address the person typed) signs out: a link or an image on another site
/// cannot.
pub(crate) async fn logout_link(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> ApiResult<Response> {
    let public_origin = state.config.public_origin();
    if crate::guard::from_this_site(&headers, &public_origin, crate::guard::Strictness::AllowReferer).is_err() {
        return Ok(Redirect::to("/").into_response());
    }
    logout(State(state), jar).await.map(|signed_out| {
        let (parts, _) = signed_out.into_parts();
        let mut response = Redirect::to("/").into_response();
        response
            .headers_mut()
            .extend(parts.headers.get_all(header::SET_COOKIE).iter().map(|v| (header::SET_COOKIE, v.clone())));
        response
    })
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/auth/user", tag = "auth",
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
pub(crate) async fn current_user(CurrentUser(user): CurrentUser) -> Json<User> {
    Json(user.into())
}

/// Where sign-in happens, as the settings show it.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInProvider {
    /// The identity provider's account page (to change a password there), when configured.
    pub account_url: Option<String>,
}

/// The identity provider's account page, if one is configured (Lifegraph holds no passwords).
#[utoipa::path(get, path = "/api/auth/provider", tag = "auth", responses((status = 200, body = SignInProvider)))]
pub(crate) async fn provider(State(state): State<AppState>) -> Json<SignInProvider> {
    Json(SignInProvider { account_url: state.config.oidc_account_url.as_ref().map(|url| url.to_string()) })
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
            ErrorCode::ConsentRequired,
            "Please accept both consents to create your account.",
        ));
    }
    let updated = users::record_consents(&state.db, user).await?;
    Ok(Json(updated.into()))
}
