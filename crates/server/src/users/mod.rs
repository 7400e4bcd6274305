//! A writer's own account (docs/rules.md "Account"): their profile, their data taken away
//! (JSON or CSV), and the deletion of everything.
//!
//! Every `/api/users/{id}` route acts on the signed-in user alone: another id is not found,
//! whatever the client sends.

pub mod archive;
pub mod delete;
pub mod export;
pub mod import;
pub mod imports;

use crate::openapi::routes;
use axum::Json;
use axum::extract::State;
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::users::{self, Gender, Language, Theme, User, UserChanges, checked_name};
use crate::db::entities::user;
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody, ErrorCode};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(update_profile, delete::delete_account))
        .routes(routes!(export::export))
        .routes(routes!(archive::archive))
        .routes(routes!(imports::list_imports))
        .routes({
            // Room for the multipart envelope around the largest upload.
            let (schemas, paths, route) = routes!(import::import);
            (schemas, paths, route.layer(axum::extract::DefaultBodyLimit::max(import::UPLOAD_MAX + 64 * 1024)))
        })
}

/// The signed-in user, when `id` is theirs.
pub(crate) fn own(user: user::Model, id: i64) -> ApiResult<user::Model> {
    if user.id == id { Ok(user) } else { Err(ApiError::not_found("User not found")) }
}

/// A birth date as sent: absent, cleared (null or blank), or a past `yyyy-MM-dd` (else 400
/// `invalid_date`).
pub fn checked_birth_date(sent: Option<Option<String>>) -> ApiResult<Option<Option<NaiveDate>>> {
    Ok(match sent {
        None => None,
        Some(None) => Some(None),
        Some(Some(raw)) if raw.trim().is_empty() => Some(None),
        Some(Some(raw)) => {
            let date = NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
                .ok()
                .filter(|d| crate::memories::types::is_calendar_day(d) && *d <= chrono::Utc::now().date_naive())
                .ok_or_else(|| {
                    ApiError::bad_request(ErrorCode::InvalidDate, "Birth date must be a past date (yyyy-MM-dd)")
                })?;
            Some(Some(date))
        }
    })
}

/// `PATCH /api/users/{id}`: each field optional; `null` (or blank text) clears it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileRequest {
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub username: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub first_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub last_name: Option<Option<String>>,
    /// `yyyy-MM-dd`, or null.
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub birth_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<Gender>, nullable)]
    pub gender: Option<Option<String>>,
    #[schema(value_type = Option<Language>)]
    pub language: Option<String>,
    #[schema(value_type = Option<Theme>)]
    pub theme: Option<String>,
    /// Read-only: accepted only when it is the registered address (or empty).
    pub email: Option<String>,
}

/// Change the signed-in user's profile: username, names, birth date, gender, language, theme.
/// The e-mail cannot change (it is the one the person signed up with).
#[utoipa::path(patch, path = "/api/users/{id}", tag = "users", request_body = ProfileRequest,
    params(("id" = i64, Path, description = "The signed-in user's id")),
    responses((status = 200, body = User), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, description = "Another user's id", body = ErrorBody)))]
pub(crate) async fn update_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(request): ApiJson<ProfileRequest>,
) -> ApiResult<Json<User>> {
    let user = own(user, id)?;
    if let Some(email) = request.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        let registered = user.email.as_deref().is_some_and(|r| r.eq_ignore_ascii_case(email));
        if !registered {
            return Err(ApiError::bad_request(ErrorCode::EmailReadOnly, "The e-mail address cannot be changed"));
        }
    }
    let birth_date = checked_birth_date(request.birth_date)?;
    let changes = UserChanges {
        username: checked_name("Username", request.username)?,
        first_name: checked_name("First name", request.first_name)?,
        last_name: checked_name("Last name", request.last_name)?,
        birth_date,
        gender: request.gender,
        language: request.language,
        theme: request.theme,
    }
    .check()?;
    Ok(Json(users::update(&state.db, user, changes).await?.into()))
}
