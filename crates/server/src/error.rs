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
    pub code: String,
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

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("Authentication required")]
    Unauthorized,
    #[error("{message}")]
    Forbidden { code: &'static str, message: String },
    #[error("{0}")]
    NotFound(String),
    #[error("{message}")]
    Conflict { code: &'static str, message: String, existing_entity: Option<ExistingEntity> },
    #[error("This address does not accept that method")]
    MethodNotAllowed,
    #[error("{message}")]
    PayloadTooLarge { code: &'static str, message: String },
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
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest { code, message: message.into() }
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::bad_request("validation_failed", message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::Forbidden { code, message: message.into() }
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

    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. }
            | Self::Conflict { code, .. }
            | Self::PayloadTooLarge { code, .. }
            | Self::Forbidden { code, .. } => code,
            Self::Unauthorized => "unauthorized",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::UriTooLong => "uri_too_long",
            Self::TooManyRequests { .. } => "rate_limited",
            Self::NotFound(_) => "not_found",
            Self::Internal(_) => "internal_error",
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
                code: "already_exists",
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
        let code = self.code().to_owned();
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
            R::JsonSyntaxError(_) => Self::bad_request("invalid_json", "The request body is not valid JSON"),
            R::MissingJsonContentType(_) => {
                Self::bad_request("invalid_content_type", "Expected a JSON body (Content-Type: application/json)")
            }
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => payload_too_large(),
            other => Self::bad_request("invalid_body", other.body_text()),
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
                "invalid_content_type",
                "Expected a JSON body (Content-Type: application/json)",
            ));
        }
        let bytes = axum::body::Bytes::from_request(request, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                payload_too_large()
            } else {
                Self::Rejection::bad_request("invalid_body", rejection.body_text())
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
    ApiError::PayloadTooLarge { code: "payload_too_large", message: "The request body is too large".to_owned() }
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
