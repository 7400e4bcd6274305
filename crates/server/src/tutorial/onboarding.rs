//! The older onboarding flow's progress (docs/rules.md "Onboarding"): profile, people, life
//! periods, an optional first memory, completion. The required steps are read from the writer's
//! data, like the tutorial's; only passing the optional memory step and skipping the whole flow
//! are recorded.

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbErr, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::{tutorial_progress, user};
use crate::error::{ApiJson, ApiResult, ErrorBody};

/// The onboarding flow's steps, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OnboardingStep {
    Profile,
    People,
    LifePeriods,
    FirstMemory,
    Completion,
}

impl OnboardingStep {
    fn name(self) -> &'static str {
        match self {
            Self::Profile => "profile",
            Self::People => "people",
            Self::LifePeriods => "life_periods",
            Self::FirstMemory => "first_memory",
            Self::Completion => "completion",
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingProgress {
    /// Where the flow resumes: the first required step the writer's data does not complete (a
    /// first name; three people besides "myself"; a life period), then the optional first memory
    /// unless the writer has one or passed it, then completion.
    pub current_step: OnboardingStep,
    /// When the writer skipped the flow, if they did.
    pub skipped_at: Option<DateTime<Utc>>,
}

/// `POST /api/onboarding/progress`: the step the writer moved to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OnboardingProgressRequest {
    pub current_step: OnboardingStep,
}

async fn progress_of<C: ConnectionTrait>(db: &C, writer: &user::Model) -> Result<OnboardingProgress, DbErr> {
    let steps = super::step_status_of(db, writer.id).await?;
    let stored = super::progress(db, writer.id).await?;
    let passed_memory = stored.as_ref().and_then(|p| p.onboarding_step.as_deref()) == Some("completion");
    let current_step = if writer.first_name.as_deref().is_none_or(|n| n.trim().is_empty()) {
        OnboardingStep::Profile
    } else if !steps.people_complete {
        OnboardingStep::People
    } else if !steps.periods_complete {
        OnboardingStep::LifePeriods
    } else if !steps.memory_complete && !passed_memory {
        OnboardingStep::FirstMemory
    } else {
        OnboardingStep::Completion
    };
    Ok(OnboardingProgress { current_step, skipped_at: stored.and_then(|p| p.onboarding_skipped_at) })
}

/// Where the signed-in writer's onboarding resumes.
#[utoipa::path(get, path = "/api/onboarding/progress", tag = "tutorial",
    responses((status = 200, body = OnboardingProgress), (status = 401, body = ErrorBody)))]
pub(crate) async fn onboarding_progress(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<OnboardingProgress>> {
    Ok(Json(progress_of(&state.db, &user).await?))
}

/// Record the step the writer moved to; only moving past the optional first memory
/// (`completion`) changes where the flow resumes, the required steps being read from the data.
#[utoipa::path(post, path = "/api/onboarding/progress", tag = "tutorial", request_body = OnboardingProgressRequest,
    responses((status = 200, body = OnboardingProgress), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn set_onboarding_progress(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(request): ApiJson<OnboardingProgressRequest>,
) -> ApiResult<Json<OnboardingProgress>> {
    let active = tutorial_progress::ActiveModel {
        onboarding_step: Set(Some(request.current_step.name().to_owned())),
        ..Default::default()
    };
    super::stamp(&state.db, user.id, tutorial_progress::Column::OnboardingStep, active).await?;
    Ok(Json(progress_of(&state.db, &user).await?))
}

/// Skip the onboarding flow (it stays reachable); answers its progress.
#[utoipa::path(post, path = "/api/onboarding/skip", tag = "tutorial",
    responses((status = 200, body = OnboardingProgress), (status = 401, body = ErrorBody)))]
pub(crate) async fn skip_onboarding(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<OnboardingProgress>> {
    let active = tutorial_progress::ActiveModel { onboarding_skipped_at: Set(Some(Utc::now())), ..Default::default() };
    super::stamp(&state.db, user.id, tutorial_progress::Column::OnboardingSkippedAt, active).await?;
    Ok(Json(progress_of(&state.db, &user).await?))
}
