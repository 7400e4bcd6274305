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
    pub entity_type: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("Authentication required")]
    Unauthorized,
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{message}")]
    Conflict { code: &'static str, message: String, existing_entity: Option<ExistingEntity> },
    #[error("{message}")]
    PayloadTooLarge { code: &'static str, message: String },
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

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. } | Self::Conflict { code, .. } | Self::PayloadTooLarge { code, .. } => code,
            Self::Unauthorized => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound(_) => "not_found",
            Self::Internal(_) => "internal_error",
        }
    }
}

impl From<DbErr> for ApiError {
    /// A unique-constraint violation is a conflict the user can act on; anything else is ours.
    fn from(err: DbErr) -> Self {
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
        let existing_entity = match self {
            Self::Conflict { existing_entity, .. } => existing_entity,
            _ => None,
        };
        let body = ErrorBody { message, code, existing_entity };
        (status, Json(body)).into_response()
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
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Self::PayloadTooLarge { code: "payload_too_large", message: "The request body is too large".to_owned() }
            }
            other => Self::bad_request("invalid_body", other.body_text()),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> Self {
        Self::validation(rejection.body_text())
    }
}

/// `axum::Json`, whose rejections answer in our error shape.
#[derive(Debug, axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

/// `axum::extract::Path`, whose rejections answer in our error shape.
#[derive(Debug, axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

impl From<axum::extract::rejection::PathRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::PathRejection) -> Self {
        Self::validation(rejection.body_text())
    }
}
