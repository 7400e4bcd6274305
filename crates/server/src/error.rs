//! One error type for the whole API. 4xx answers carry a human `message` and a stable
//! snake_case `code` the web app translates; 5xx answers say nothing internal and the
//! cause is logged.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use sea_orm::{DbErr, SqlErr};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// A sentence for people (English).
    pub message: String,
    /// A stable identifier for programs, e.g. `not_found`.
    pub code: ErrorCode,
    /// On `entity_exists`: the entity that already has this name and type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub existing_entity: Option<ExistingEntity>,
}

/// The entity a duplicate name collides with.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ExistingEntity {
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = crate::entities::types::EntityKind)]
    pub entity_type: String,
}

/// Every code an error answer can carry: stable identifiers the web app translates, one list
/// here, generated into the web's types (docs/errors.md describes when each is answered).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: A field breaks a rule without a code of its own (too long, unknown gender, wrong sort, bad
    /// `pageSize`, JSON of the wrong shape, bad path or query parameter).
    ValidationFailed,
    /// 400: The body is not valid JSON.
    InvalidJson,
    /// 400: A JSON body without a JSON content type.
    InvalidContentType,
    /// 400: The body could not be read.
    InvalidBody,
    /// 400: Text holds a NUL character.
    InvalidText,
    /// 400: A memory without a title.
    TitleRequired,
    /// 400: A memory without details.
    DetailsRequired,
    /// 400: A date that is not `yyyy-MM-dd` (years 1-9999).
    InvalidDate,
    /// 400: A memory's photo is not one of the user's stored uploads.
    InvalidPhoto,
    /// 400: An entity in a request body is not the user's.
    UnknownEntity,
    /// 400: `use_existing` or `add_as_alias` without `entityId`.
    EntityRequired,
    /// 400: A confirmation action outside the five.
    InvalidAction,
    /// 400: More than 200 entities linked or confirmed at once.
    TooManyEntities,
    /// 400: More than 20 media items.
    TooManyMedia,
    /// 400: An entity type outside the list.
    InvalidEntityType,
    /// 400: A field of an entity's metadata of the wrong shape or out of range (the message names it).
    InvalidMetadata,
    /// 400: A period made its own parent or ancestor, directly or through a merge.
    PeriodCycle,
    /// 400: A merge of an entity into itself, or of two entities of different types.
    InvalidMerge,
    /// 400: A blank entity name or alias (\"Enter entity name\").
    NameRequired,
    /// 400: More than 50 aliases.
    TooManyAliases,
    /// 400: An entity's metadata over 16 KB.
    MetadataTooLarge,
    /// 400: A page cursor from another list, or forged.
    InvalidCursor,
    /// 400: `timeZone` is not a known IANA time zone name.
    InvalidTimeZone,
    /// 400: A relationship between two entities that cannot be stated (an entity with itself; an
    /// empty, reserved or over-60-character name).
    InvalidRelationship,
    /// 400: Feedback without a message ("Please enter your feedback message.").
    MessageRequired,
    /// 400: Feedback from a visitor without a name and a valid e-mail address.
    ContactRequired,
    /// 400: An import that is not a known export, or a hostile archive (a path out of it, far more
    /// data than it holds).
    InvalidArchive,
    /// 400: A profile change of the e-mail address, which stays the one registered.
    EmailReadOnly,
    /// 400: An invitation accepted or declined by the person who sent it.
    OwnInvite,
    /// 400: A memory shared with someone who is not an accepted friend.
    NotAFriend,
    /// 400: An upload that is not a readable JPEG, PNG, GIF or WebP.
    InvalidFileType,
    /// 400: A picture over 50 megapixels.
    ImageTooLarge,
    /// 400: A malformed multipart upload.
    InvalidUpload,
    /// 400: An upload without a `photo` field.
    PhotoRequired,
    /// 400: Consents given without both being true.
    ConsentRequired,
    /// 400: A `redirect` that is not a path on this site.
    InvalidRedirect,
    /// 400: Neither an identity provider nor local sign-in is configured.
    SignInUnavailable,
    /// 400: The identity provider did not sign the person in.
    SignInRefused,
    /// 400: The provider's answer lacks its code or state.
    InvalidCallback,
    /// 400: A sign-in not started in this browser, or stale.
    InvalidState,
    /// 400: The local sign-in form could not be read.
    InvalidForm,
    /// 400: With local sign-in on, a request addressed to another host name.
    UnknownHost,
    /// 401: No session.
    Unauthorized,
    /// 403: Only the administrator may do this.
    Forbidden,
    /// 403: A friend request answered by the person who sent it.
    NotRecipient,
    /// 403: A change that does not come from this site.
    CrossSiteRequest,
    /// 403: A change without `Sec-Fetch-Site` or `Origin`.
    OriginRequired,
    /// 404: Not found, or not the user's; also unknown paths under `/api` and `/auth`, and a row deleted meanwhile.
    NotFound,
    /// 405: The path exists but not with this method.
    MethodNotAllowed,
    /// 409: An entity of that name and type exists; carries `existingEntity`.
    EntityExists,
    /// 409: An invitation accepted by someone who is already a friend.
    AlreadyFriends,
    /// 409: An invitation accepted while a request between the two already waits.
    RequestPending,
    /// 409: A friend request that is no longer waiting for an answer.
    NotPending,
    /// 409: Any other uniqueness conflict.
    AlreadyExists,
    /// 413: A body over its limit.
    PayloadTooLarge,
    /// 413: A photo over 10 MB.
    FileTooLarge,
    /// 414: An address over 8 KB.
    UriTooLong,
    /// 429: Too many sign-in attempts, or token checks (invitations, public links), from one address.
    RateLimited,
    /// 500: Anything unexpected.
    InternalError,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest { code: ErrorCode, message: String },
    #[error("Authentication required")]
    Unauthorized,
    #[error("{message}")]
    Forbidden { code: ErrorCode, message: String },
    #[error("{0}")]
    NotFound(String),
    #[error("{message}")]
    Conflict { code: ErrorCode, message: String, existing_entity: Option<ExistingEntity> },
    #[error("This address does not accept that method")]
    MethodNotAllowed,
    #[error("{message}")]
    PayloadTooLarge { code: ErrorCode, message: String },
    #[error("The address is too long")]
    UriTooLong,
    /// Too many attempts from one client; try again after this many seconds.
    #[error("Too many attempts. Please wait a moment and try again.")]
    TooManyRequests { retry_after_secs: u64 },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn bad_request(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::BadRequest { code, message: message.into() }
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::bad_request(ErrorCode::ValidationFailed, message)
    }

    pub fn forbidden(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::Forbidden { code, message: message.into() }
    }

    pub fn conflict(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::Conflict { code, message: message.into(), existing_entity: None }
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::Forbidden { .. } => StatusCode::FORBIDDEN,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::UriTooLong => StatusCode::URI_TOO_LONG,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn code(&self) -> ErrorCode {
        match self {
            Self::BadRequest { code, .. }
            | Self::Conflict { code, .. }
            | Self::PayloadTooLarge { code, .. }
            | Self::Forbidden { code, .. } => *code,
            Self::Unauthorized => ErrorCode::Unauthorized,
            Self::MethodNotAllowed => ErrorCode::MethodNotAllowed,
            Self::UriTooLong => ErrorCode::UriTooLong,
            Self::TooManyRequests { .. } => ErrorCode::RateLimited,
            Self::NotFound(_) => ErrorCode::NotFound,
            Self::Internal(_) => ErrorCode::InternalError,
        }
    }
}

impl From<DbErr> for ApiError {
    /// A unique-constraint violation is a conflict the user can act on, a row deleted meanwhile
    /// is gone; anything else is ours.
    fn from(err: DbErr) -> Self {
        // Deleted by another request between reading and writing it.
        if matches!(err, DbErr::RecordNotUpdated) {
            return Self::not_found("This was deleted meanwhile");
        }
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => Self::Conflict {
                code: ErrorCode::AlreadyExists,
                message: "This already exists".to_owned(),
                existing_entity: None,
            },
            _ => Self::Internal(err.into()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = match &self {
            Self::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                "Something went wrong on our side. Please try again.".to_owned()
            }
            other => other.to_string(),
        };
        let code = self.code();
        let retry_after = match &self {
            Self::TooManyRequests { retry_after_secs } => Some(*retry_after_secs),
            _ => None,
        };
        let existing_entity = match self {
            Self::Conflict { existing_entity, .. } => existing_entity,
            _ => None,
        };
        let body = ErrorBody { message, code, existing_entity };
        let mut response = (status, Json(body)).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

/// Rejections of axum's extractors (bad JSON, wrong content type, too large) become our
/// error shape instead of plain text.
impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> Self {
        use axum::extract::rejection::JsonRejection as R;
        match rejection {
            R::JsonDataError(e) => Self::validation(e.body_text()),
            R::JsonSyntaxError(_) => Self::bad_request(ErrorCode::InvalidJson, "The request body is not valid JSON"),
            R::MissingJsonContentType(_) => Self::bad_request(
                ErrorCode::InvalidContentType,
                "Expected a JSON body (Content-Type: application/json)",
            ),
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => payload_too_large(),
            other => Self::bad_request(ErrorCode::InvalidBody, other.body_text()),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> Self {
        Self::validation(rejection.body_text())
    }
}

/// `axum::Json`, whose rejections answer in our error shape, and which refuses text holding a
/// NUL character before deserializing (see [`crate::text`]).
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(request.headers()) {
            return Err(ApiError::bad_request(
                ErrorCode::InvalidContentType,
                "Expected a JSON body (Content-Type: application/json)",
            ));
        }
        let bytes = axum::body::Bytes::from_request(request, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                payload_too_large()
            } else {
                Self::Rejection::bad_request(ErrorCode::InvalidBody, rejection.body_text())
            }
        })?;
        if crate::text::json_has_nul(&bytes) {
            return Err(crate::text::nul_refused());
        }
        let Json(value) = Json::<T>::from_bytes(&bytes)?;
        Ok(Self(value))
    }
}

/// `application/json`, or any `application/...+json`.
fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers.get(axum::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

pub fn payload_too_large() -> ApiError {
    ApiError::PayloadTooLarge { code: ErrorCode::PayloadTooLarge, message: "The request body is too large".to_owned() }
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

/// `axum::extract::Path`, whose rejections answer in our error shape.
#[derive(Debug, axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

/// `axum::extract::Query`, whose rejections answer in our error shape.
#[derive(Debug, axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

impl From<axum::extract::rejection::PathRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::PathRejection) -> Self {
        Self::validation(rejection.body_text())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// docs/errors.md, which the web app and people read, lists exactly the codes of [`super::ErrorCode`].
    #[test]
    fn the_documented_codes_are_the_answered_codes() {
        let document = serde_json::to_value(crate::openapi::document()).unwrap();
        let answered: BTreeSet<String> = document["components"]["schemas"]["ErrorCode"]["enum"]
            .as_array()
            .expect("ErrorCode is an enum in the OpenAPI document")
            .iter()
            .map(|code| code.as_str().unwrap().to_owned())
            .collect();
        let documented: BTreeSet<String> = include_str!("../../../docs/errors.md")
            .lines()
            .filter_map(|line| line.strip_prefix("| `")?.split('`').next())
            .map(str::to_owned)
            .collect();
        assert_eq!(documented, answered);
    }
}
