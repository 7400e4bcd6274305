//! Feedback to the makers, from visitors and writers, and the administrator's view
//! (docs/rules.md "Feedback and administration").

pub mod admin;

use crate::openapi::routes;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::auth::{ClientAddr, MaybeUser};
use crate::db::entities::feedback;
use crate::error::{ApiError, ApiJson, ApiResult, ErrorBody, ErrorCode};

/// The longest message, subject, name and e-mail, in characters.
pub const MESSAGE_MAX: usize = 5_000;
pub const SUBJECT_MAX: usize = 200;
pub const CONTACT_MAX: usize = 200;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send_feedback))
        .routes(routes!(admin::stats))
        .routes(routes!(admin::list_feedback))
        .routes(routes!(admin::update_feedback, admin::delete_feedback))
}

/// The two kinds of feedback.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FeedbackType {
    /// A comment or a suggestion.
    Feedback,
    /// Something does not work.
    Bug,
}

/// `POST /api/feedback`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackRequest {
    #[serde(rename = "type")]
    #[schema(value_type = FeedbackType)]
    pub feedback_type: String,
    pub subject: Option<String>,
    pub message: String,
    /// Required from a visitor; ignored from a signed-in writer.
    pub user_email: Option<String>,
    /// Required from a visitor; ignored from a signed-in writer.
    pub user_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FeedbackSent {
    pub id: i64,
}

fn trimmed(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

fn at_most(field: &str, text: &Option<String>, max: usize) -> ApiResult<()> {
    match text {
        Some(t) if t.chars().count() > max => {
            Err(ApiError::validation(format!("{field} must be at most {max} characters")))
        }
        _ => Ok(()),
    }
}

/// A plausible e-mail address: something, one `@`, a dotted domain, no spaces.
pub fn plausible_email(email: &str) -> bool {
    match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !email.chars().any(char::is_whitespace)
        }
        None => false,
    }
}

/// Send feedback to the makers. A visitor gives a name and an e-mail; a signed-in writer is known.
/// Limited per client address.
#[utoipa::path(post, path = "/api/feedback", tag = "feedback", request_body = FeedbackRequest,
    responses((status = 201, body = FeedbackSent), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn send_feedback(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    client: ClientAddr,
    ApiJson(request): ApiJson<FeedbackRequest>,
) -> ApiResult<(StatusCode, Json<FeedbackSent>)> {
    state.limits.feedback.check(client)?;
    let kind: FeedbackType = crate::text::parse_name(&request.feedback_type)
        .ok_or_else(|| ApiError::validation("type must be feedback or bug"))?;
    let message = trimmed(Some(request.message))
        .ok_or_else(|| ApiError::bad_request(ErrorCode::MessageRequired, "Please enter your feedback message."))?;
    let subject = trimmed(request.subject);
    at_most("message", &Some(message.clone()), MESSAGE_MAX)?;
    at_most("subject", &subject, SUBJECT_MAX)?;
    let (name, email) = match &user {
        Some(_) => (None, None),
        None => {
            let (name, email) = (trimmed(request.user_name), trimmed(request.user_email));
            let (Some(name), Some(email)) = (name, email) else {
                return Err(ApiError::bad_request(
                    ErrorCode::ContactRequired,
                    "Please provide your name and email address.",
                ));
            };
            at_most("userName", &Some(name.clone()), CONTACT_MAX)?;
            at_most("userEmail", &Some(email.clone()), CONTACT_MAX)?;
            if !plausible_email(&email) {
                return Err(ApiError::bad_request(ErrorCode::ContactRequired, "Please provide a valid email address."));
            }
            (Some(name), Some(email))
        }
    };
    let now = Utc::now();
    let saved = feedback::ActiveModel {
        user_id: Set(user.map(|u| u.id)),
        feedback_type: Set(match kind {
            FeedbackType::Feedback => "feedback".into(),
            FeedbackType::Bug => "bug".into(),
        }),
        subject: Set(subject),
        message: Set(message),
        user_email: Set(email),
        user_name: Set(name),
        status: Set("new".into()),
        admin_notes: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok((StatusCode::CREATED, Json(FeedbackSent { id: saved.id })))
}

#[cfg(test)]
mod tests {
    use super::plausible_email;

    #[test]
    fn e_mail_addresses_are_checked_loosely() {
        for good in ["a@b.fr", "élise.dupont@example.org", "x+tag@sub.example.co.uk"] {
            assert!(plausible_email(good), "{good}");
        }
        for bad in ["", "a", "a@b", "@b.fr", "a@@b.fr", "a b@c.fr", "a@.fr", "a@b.fr."] {
            assert!(!plausible_email(bad), "{bad}");
        }
    }
}
