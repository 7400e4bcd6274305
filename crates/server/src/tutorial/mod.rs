//! The setup tutorial's state: which of its three steps the writer's own data already completes
//! (a memory; three people besides "myself"; a life period), and whether the dashboard's banner
//! invites them to it (docs/rules.md "Tutorial").

use axum::Json;
use axum::extract::State;
use chrono::Utc;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::{entity, memory, tutorial_progress};
use crate::entities::metadata::is_myself;
use crate::error::{ApiResult, ErrorBody};

/// People besides "myself" that complete the people step.
pub const PEOPLE_NEEDED: usize = 3;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(step_status)).routes(routes!(should_show_banner)).routes(routes!(dismiss))
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
    let now = Utc::now();
    tutorial_progress::Entity::insert(tutorial_progress::ActiveModel {
        user_id: Set(user.id),
        banner_dismissed_at: Set(Some(now)),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::column(tutorial_progress::Column::UserId)
            .update_columns([tutorial_progress::Column::BannerDismissedAt, tutorial_progress::Column::UpdatedAt])
            .to_owned(),
    )
    .exec_without_returning(&state.db)
    .await?;
    Ok(Json(BannerState { show_banner: false }))
}
