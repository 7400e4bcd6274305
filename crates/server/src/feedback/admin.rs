//! The administrator's view (the user with id 1; everyone else is refused by the server): system
//! metrics, and the feedback list. Every request is recorded in the access log.

use std::collections::{BTreeMap, HashMap};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::Admin;
use crate::db::entities::{admin_access, entity, feedback, user};
use crate::db::statement;
use crate::entities::metadata::stored_category;
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};

/// A count in total and over the last day, week and month.
#[derive(Debug, Default, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Metric {
    pub total: i64,
    pub last24h: i64,
    pub last7d: i64,
    pub last30d: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminStats {
    pub users: Metric,
    pub memories: Metric,
    pub memories_with_pictures: Metric,
    /// By entity type: person, location, lifePeriod, emotion, object, activity.
    pub entities: BTreeMap<String, Metric>,
    pub tutorial_completed: Metric,
    pub tutorial_dismissed: Metric,
    /// `total` (no windows), `pending`, `accepted`, `declined`.
    pub friendships: BTreeMap<String, Metric>,
    /// `total` (no windows), `active`, `revoked` (windows by the moment revoked).
    pub shared_memories: BTreeMap<String, Metric>,
    /// Entities of each category, per type.
    pub person_categories: BTreeMap<String, i64>,
    pub location_categories: BTreeMap<String, i64>,
    pub object_categories: BTreeMap<String, i64>,
}

/// Record what the administrator read or changed.
async fn log_access(state: &AppState, admin: &user::Model, action: &str, target: Option<i64>) -> ApiResult<()> {
    tracing::info!(admin_id = admin.id, action, ?target, "administrator access");
    admin_access::ActiveModel {
        admin_id: Set(admin.id),
        action: Set(action.to_owned()),
        target_id: Set(target),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok(())
}

/// `COUNT`s of `table` rows where `condition` holds, in total and with `column` in each window.
async fn metric<C: ConnectionTrait>(db: &C, table: &str, column: &str, condition: &str) -> Result<Metric, DbErr> {
    let now = Utc::now();
    let since: [DateTime<Utc>; 3] = [now - Duration::hours(24), now - Duration::days(7), now - Duration::days(30)];
    let sql = format!(
        "SELECT COUNT(*) AS total, \
            COUNT(CASE WHEN {column} >= ? THEN 1 END) AS d1, \
            COUNT(CASE WHEN {column} >= ? THEN 1 END) AS d7, \
            COUNT(CASE WHEN {column} >= ? THEN 1 END) AS d30 \
         FROM {table} WHERE {condition}"
    );
    let row = db.query_one_raw(statement(db.get_database_backend(), &sql, since.map(Into::into))).await?;
    let Some(row) = row else { return Ok(Metric::default()) };
    Ok(Metric {
        total: row.try_get("", "total")?,
        last24h: row.try_get("", "d1")?,
        last7d: row.try_get("", "d7")?,
        last30d: row.try_get("", "d30")?,
    })
}

pub async fn compute<C: ConnectionTrait>(db: &C) -> Result<AdminStats, DbErr> {
    let photo = "photo IS NOT NULL AND photo <> ''";
    let mut entities = BTreeMap::new();
    for kind in ["person", "location", "lifePeriod", "emotion", "object", "activity"] {
        entities
            .insert(kind.to_owned(), metric(db, "entities", "created_at", &format!("entity_type = '{kind}'")).await?);
    }
    let mut friendships = BTreeMap::new();
    let all = metric(db, "friendships", "created_at", "1 = 1").await?;
    friendships.insert("total".to_owned(), Metric { total: all.total, ..Metric::default() });
    for status in ["pending", "accepted", "declined"] {
        friendships
            .insert(status.to_owned(), metric(db, "friendships", "updated_at", &format!("status = '{status}'")).await?);
    }
    let mut shared = BTreeMap::new();
    let all = metric(db, "memory_shares", "created_at", "1 = 1").await?;
    shared.insert("total".to_owned(), Metric { total: all.total, ..Metric::default() });
    shared.insert("active".to_owned(), metric(db, "memory_shares", "created_at", "revoked_at IS NULL").await?);
    shared.insert("revoked".to_owned(), metric(db, "memory_shares", "revoked_at", "revoked_at IS NOT NULL").await?);
    Ok(AdminStats {
        users: metric(db, "users", "created_at", "1 = 1").await?,
        memories: metric(db, "memories", "created_at", "1 = 1").await?,
        memories_with_pictures: metric(db, "memories", "created_at", photo).await?,
        entities,
        tutorial_completed: metric(db, "tutorial_progress", "completed_at", "completed_at IS NOT NULL").await?,
        tutorial_dismissed: metric(db, "tutorial_progress", "banner_dismissed_at", "banner_dismissed_at IS NOT NULL")
            .await?,
        friendships,
        shared_memories: shared,
        person_categories: categories(db, "person").await?,
        location_categories: categories(db, "location").await?,
        object_categories: categories(db, "object").await?,
    })
}

/// How many entities of this type carry each category (those without one as `none`).
async fn categories<C: ConnectionTrait>(db: &C, kind: &str) -> Result<BTreeMap<String, i64>, DbErr> {
    let rows: Vec<serde_json::Value> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Metadata)
        .filter(entity::Column::EntityType.eq(kind))
        .into_tuple()
        .all(db)
        .await?;
    let mut counts = BTreeMap::new();
    for metadata in rows {
        *counts.entry(stored_category(&metadata).unwrap_or("none").to_owned()).or_default() += 1;
    }
    Ok(counts)
}

/// The system metrics (administrator only).
#[utoipa::path(get, path = "/api/admin/stats", tag = "admin",
    responses((status = 200, body = AdminStats), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn stats(State(state): State<AppState>, Admin(admin): Admin) -> ApiResult<Json<AdminStats>> {
    log_access(&state, &admin, "read_stats", None).await?;
    Ok(Json(compute(&state.db).await?))
}

/// One piece of feedback, as the administrator reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackItem {
    pub id: i64,
    #[serde(rename = "type")]
    pub feedback_type: String,
    pub subject: Option<String>,
    pub message: String,
    /// The sender: the visitor's name, or the writer's; null once their account is deleted.
    pub user_name: Option<String>,
    pub user_email: Option<String>,
    /// `new`, `reviewed` or `resolved`.
    pub status: String,
    pub admin_notes: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Every piece of feedback, newest first (administrator only).
#[utoipa::path(get, path = "/api/admin/feedback", tag = "admin",
    responses((status = 200, body = [FeedbackItem]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn list_feedback(
    State(state): State<AppState>,
    Admin(admin): Admin,
) -> ApiResult<Json<Vec<FeedbackItem>>> {
    log_access(&state, &admin, "read_feedback", None).await?;
    let rows = feedback::Entity::find()
        .order_by_desc(feedback::Column::CreatedAt)
        .order_by_desc(feedback::Column::Id)
        .all(&state.db)
        .await?;
    let senders: Vec<i64> = rows.iter().filter_map(|f| f.user_id).collect();
    let people: HashMap<i64, user::Model> = crate::friends::queries::users(&state.db, senders).await?;
    Ok(Json(
        rows.into_iter()
            .map(|f| {
                let writer = f.user_id.and_then(|id| people.get(&id));
                FeedbackItem {
                    user_name: f.user_name.or_else(|| writer.map(crate::friends::queries::public_name)),
                    user_email: f.user_email.or_else(|| writer.and_then(|w| w.email.clone())),
                    id: f.id,
                    feedback_type: f.feedback_type,
                    subject: f.subject,
                    message: f.message,
                    status: f.status,
                    admin_notes: f.admin_notes,
                    created_at: f.created_at,
                }
            })
            .collect(),
    ))
}

/// The states of feedback.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FeedbackStatus {
    New,
    Reviewed,
    Resolved,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackUpdate {
    #[schema(value_type = Option<FeedbackStatus>)]
    pub status: Option<String>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub admin_notes: Option<Option<String>>,
}

/// Change a feedback's status or notes (administrator only; any status to any other).
#[utoipa::path(patch, path = "/api/admin/feedback/{id}", tag = "admin", request_body = FeedbackUpdate,
    params(("id" = i64, Path, description = "Feedback id")),
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn update_feedback(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<i64>,
    ApiJson(update): ApiJson<FeedbackUpdate>,
) -> ApiResult<StatusCode> {
    if let Some(status) = &update.status
        && crate::text::parse_name::<FeedbackStatus>(status).is_none()
    {
        return Err(ApiError::validation("status must be new, reviewed or resolved"));
    }
    let notes = update.admin_notes.map(|n| n.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()));
    if let Some(Some(text)) = &notes
        && text.chars().count() > super::MESSAGE_MAX
    {
        return Err(ApiError::validation(format!("adminNotes must be at most {} characters", super::MESSAGE_MAX)));
    }
    let found = feedback::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::not_found("Feedback not found"))?;
    log_access(&state, &admin, "update_feedback", Some(id)).await?;
    let mut active = found.into_active_model();
    if let Some(status) = update.status {
        active.status = Set(status);
    }
    if let Some(notes) = notes {
        active.admin_notes = Set(notes);
    }
    active.updated_at = Set(Utc::now());
    active.update(&state.db).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Delete a feedback (administrator only).
#[utoipa::path(delete, path = "/api/admin/feedback/{id}", tag = "admin",
    params(("id" = i64, Path, description = "Feedback id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn delete_feedback(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    log_access(&state, &admin, "delete_feedback", Some(id)).await?;
    let done = feedback::Entity::delete_many().filter(feedback::Column::Id.eq(id)).exec(&state.db).await?;
    if done.rows_affected == 0 {
        return Err(ApiError::not_found("Feedback not found"));
    }
    Ok(StatusCode::NO_CONTENT)
}
