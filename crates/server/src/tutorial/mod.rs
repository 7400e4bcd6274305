//! The setup tutorial's state: which of its three steps the writer's own data already completes
//! (a memory; three people besides "myself"; a life period), and whether the dashboard's banner
//! invites them to it (docs/rules.md "Tutorial"); its progress and completion; the older
//! onboarding flow's progress and the suggestions both show (`onboarding`, `suggestions`).

pub mod onboarding;
pub mod suggestions;

use crate::openapi::routes;
use axum::Json;
use axum::extract::State;
use chrono::Utc;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::{entity, memory, tutorial_progress};
use crate::entities::metadata::is_myself;
use crate::error::{ApiResult, ErrorBody};

/// People besides "myself" that complete the people step.
pub const PEOPLE_NEEDED: usize = 3;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(step_status))
        .routes(routes!(should_show_banner))
        .routes(routes!(dismiss))
        .routes(routes!(tutorial_progress))
        .routes(routes!(complete))
        .routes(routes!(update_birth_date))
        .routes(routes!(onboarding::onboarding_progress, onboarding::set_onboarding_progress))
        .routes(routes!(onboarding::skip_onboarding))
        .routes(routes!(suggestions::suggestions))
}

/// The tutorial's steps, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TutorialStep {
    MemoryCreation,
    PeopleSetup,
    LifePeriods,
    Done,
}

/// The tutorial's progress: its steps from the writer's data, where it starts, and when it was
/// completed or its banner dismissed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TutorialProgress {
    #[serde(flatten)]
    pub steps: StepStatus,
    /// Steps complete, of 3.
    pub completed_steps: u8,
    /// The first incomplete step (`done` when all are).
    pub current_step: TutorialStep,
    pub completed_at: Option<chrono::DateTime<Utc>>,
    pub banner_dismissed_at: Option<chrono::DateTime<Utc>>,
}

impl StepStatus {
    pub fn current(&self) -> TutorialStep {
        if !self.memory_complete {
            TutorialStep::MemoryCreation
        } else if !self.people_complete {
            TutorialStep::PeopleSetup
        } else if !self.periods_complete {
            TutorialStep::LifePeriods
        } else {
            TutorialStep::Done
        }
    }

    pub fn count(&self) -> u8 {
        u8::from(self.memory_complete) + u8::from(self.people_complete) + u8::from(self.periods_complete)
    }
}

async fn progress_of<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<TutorialProgress, DbErr> {
    let steps = step_status_of(db, user_id).await?;
    let stored = progress(db, user_id).await?;
    Ok(TutorialProgress {
        completed_steps: steps.count(),
        current_step: steps.current(),
        steps,
        completed_at: stored.as_ref().and_then(|p| p.completed_at),
        banner_dismissed_at: stored.and_then(|p| p.banner_dismissed_at),
    })
}

/// The tutorial's progress for the signed-in writer.
#[utoipa::path(get, path = "/api/tutorial/progress", tag = "tutorial",
    responses((status = 200, body = TutorialProgress), (status = 401, body = ErrorBody)))]
pub(crate) async fn tutorial_progress(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<TutorialProgress>> {
    Ok(Json(progress_of(&state.db, user.id).await?))
}

/// Record a moment column of the writer's tutorial progress, making the row on first use.
pub(crate) async fn stamp<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    column: tutorial_progress::Column,
    active: tutorial_progress::ActiveModel,
) -> Result<(), DbErr> {
    tutorial_progress::Entity::insert(tutorial_progress::ActiveModel {
        user_id: Set(user_id),
        updated_at: Set(Utc::now()),
        ..active
    })
    .on_conflict(
        OnConflict::column(tutorial_progress::Column::UserId)
            .update_columns([column, tutorial_progress::Column::UpdatedAt])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// The writer finished (or skipped) the tutorial: the banner stops inviting them. Repeating it
/// records the new moment.
#[utoipa::path(post, path = "/api/tutorial/complete", tag = "tutorial",
    responses((status = 200, body = TutorialProgress), (status = 401, body = ErrorBody)))]
pub(crate) async fn complete(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<TutorialProgress>> {
    let active = tutorial_progress::ActiveModel { completed_at: Set(Some(Utc::now())), ..Default::default() };
    stamp(&state.db, user.id, tutorial_progress::Column::CompletedAt, active).await?;
    Ok(Json(progress_of(&state.db, user.id).await?))
}

/// `POST /api/tutorial/update-birthdate`.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BirthDateRequest {
    /// A past `yyyy-MM-dd`, or null (or blank) to clear it.
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub birth_date: Option<Option<String>>,
}

/// Save the writer's birth date (from the periods step); answers the user.
#[utoipa::path(post, path = "/api/tutorial/update-birthdate", tag = "tutorial", request_body = BirthDateRequest,
    responses((status = 200, body = crate::auth::users::User), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody)))]
pub(crate) async fn update_birth_date(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    crate::error::ApiJson(request): crate::error::ApiJson<BirthDateRequest>,
) -> ApiResult<Json<crate::auth::users::User>> {
    let Some(birth_date) = crate::users::checked_birth_date(request.birth_date)? else {
        return Err(crate::error::ApiError::validation("birthDate is required (a date, or null to clear it)"));
    };
    let changes = crate::auth::users::UserChanges { birth_date: Some(birth_date), ..Default::default() };
    Ok(Json(crate::auth::users::update(&state.db, user, changes).await?.into()))
}

/// Which tutorial steps the writer's data completes.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StepStatus {
    /// At least one memory.
    pub memory_complete: bool,
    /// At least three people besides "myself".
    pub people_complete: bool,
    /// At least one life period.
    pub periods_complete: bool,
}

impl StepStatus {
    pub fn all(&self) -> bool {
        self.memory_complete && self.people_complete && self.periods_complete
    }
}

/// Whether the dashboard shows the "Complete your setup" banner.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BannerState {
    pub show_banner: bool,
}

pub async fn step_status_of<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<StepStatus, DbErr> {
    let memories = memory::Entity::find().filter(memory::Column::UserId.eq(user_id)).limit(1).count(db).await?;
    let periods = entity::Entity::find()
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.eq("lifePeriod"))
        .limit(1)
        .count(db)
        .await?;
    let people: Vec<serde_json::Value> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Metadata)
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.eq("person"))
        .into_tuple()
        .all(db)
        .await?;
    let others = people.iter().filter(|metadata| !is_myself(metadata)).count();
    Ok(StepStatus {
        memory_complete: memories > 0,
        people_complete: others >= PEOPLE_NEEDED,
        periods_complete: periods > 0,
    })
}

async fn progress<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Option<tutorial_progress::Model>, DbErr> {
    tutorial_progress::Entity::find_by_id(user_id).one(db).await
}

/// Which of the tutorial's steps the signed-in writer's data already completes.
#[utoipa::path(get, path = "/api/tutorial/step-status", tag = "tutorial",
    responses((status = 200, body = StepStatus), (status = 401, body = ErrorBody)))]
pub(crate) async fn step_status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<StepStatus>> {
    Ok(Json(step_status_of(&state.db, user.id).await?))
}

/// Whether to invite the writer to the tutorial: not once they dismissed the banner or finished
/// the tutorial, nor when their data already completes every step.
#[utoipa::path(get, path = "/api/tutorial/should-show-banner", tag = "tutorial",
    responses((status = 200, body = BannerState), (status = 401, body = ErrorBody)))]
pub(crate) async fn should_show_banner(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<BannerState>> {
    let done = progress(&state.db, user.id)
        .await?
        .is_some_and(|found| found.banner_dismissed_at.is_some() || found.completed_at.is_some());
    let show_banner = !done && !step_status_of(&state.db, user.id).await?.all();
    Ok(Json(BannerState { show_banner }))
}

/// Hide the tutorial banner for good (the tutorial itself stays at /tutorial).
#[utoipa::path(post, path = "/api/tutorial/dismiss", tag = "tutorial",
    responses((status = 200, body = BannerState), (status = 401, body = ErrorBody)))]
pub(crate) async fn dismiss(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<BannerState>> {
    let active = tutorial_progress::ActiveModel { banner_dismissed_at: Set(Some(Utc::now())), ..Default::default() };
    stamp(&state.db, user.id, tutorial_progress::Column::BannerDismissedAt, active).await?;
    Ok(Json(BannerState { show_banner: false }))
}
