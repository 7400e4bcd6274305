//! The dashboard's statistics (`GET /api/dashboard/stats`): memories and entities in total and
//! this month (in the writer's time zone), memories with and without a photo, entities per type,
//! and the people and periods the writer names most (docs/rules.md "Dashboard").

use crate::openapi::routes;
use axum::Json;
use axum::extract::State;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::clock::WriterClock;
use crate::db::entities::entity;
use crate::db::statement;
use crate::entities::handlers::EntityCounts;
use crate::entities::metadata::is_myself;
use crate::entities::types::EntityKind;
use crate::error::{ApiQuery, ApiResult, ErrorBody};

/// Rows in each "top" list.
pub const TOP_ROWS: usize = 5;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dashboard_stats))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ZoneQuery {
    /// The writer's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`); UTC
    /// without it. "This month" and "today" are the writer's.
    time_zone: Option<String>,
}

impl ZoneQuery {
    pub fn clock(&self) -> ApiResult<WriterClock> {
        WriterClock::parse(self.time_zone.as_deref())
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardStats {
    pub memories: MemoryStats,
    pub entities: EntityStats,
    pub activity: Activity,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemoryStats {
    pub total: i64,
    /// Written since the first day of the writer's current month.
    pub this_month: i64,
    pub with_photos: i64,
    pub without_photos: i64,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntityStats {
    pub total: i64,
    /// Added since the first day of the writer's current month.
    pub this_month: i64,
    pub by_type: EntityCounts,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Activity {
    /// The people named by the most memories ("myself" aside), most first (at most 5).
    pub top_people: Vec<TopEntity>,
    /// The life periods and events named by the most memories, most first (at most 5).
    pub top_events: Vec<TopEntity>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopEntity {
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = EntityKind)]
    pub entity_type: String,
    /// Memories that name it.
    pub count: i64,
}

/// The signed-in writer's dashboard statistics.
#[utoipa::path(get, path = "/api/dashboard/stats", tag = "dashboard", params(ZoneQuery),
    responses((status = 200, body = DashboardStats), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn dashboard_stats(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<ZoneQuery>,
) -> ApiResult<Json<DashboardStats>> {
    let clock = query.clock()?;
    Ok(Json(stats(&state.db, user.id, &clock).await?))
}

pub async fn stats<C: ConnectionTrait>(db: &C, user_id: i64, clock: &WriterClock) -> Result<DashboardStats, DbErr> {
    let backend = db.get_database_backend();
    let since = clock.month_start();
    let row = db
        .query_one_raw(statement(
            backend,
            "SELECT COUNT(*) AS total, \
                COUNT(CASE WHEN photo IS NOT NULL AND photo <> '' THEN 1 END) AS with_photos, \
                COUNT(CASE WHEN created_at >= ? THEN 1 END) AS this_month \
             FROM memories WHERE user_id = ?",
            [since.into(), user_id.into()],
        ))
        .await?;
    let mut memories = MemoryStats::default();
    if let Some(row) = row {
        memories.total = row.try_get("", "total")?;
        memories.with_photos = row.try_get("", "with_photos")?;
        memories.this_month = row.try_get("", "this_month")?;
        memories.without_photos = memories.total - memories.with_photos;
    }

    let mut entities = EntityStats::default();
    let per_type = db
        .query_all_raw(statement(
            backend,
            "SELECT entity_type, COUNT(*) AS total, COUNT(CASE WHEN created_at >= ? THEN 1 END) AS this_month \
             FROM entities WHERE user_id = ? GROUP BY entity_type",
            [since.into(), user_id.into()],
        ))
        .await?;
    for row in per_type {
        let kind: String = row.try_get("", "entity_type")?;
        let total: i64 = row.try_get("", "total")?;
        entities.total += total;
        entities.this_month += row.try_get::<i64>("", "this_month")?;
        entities.by_type.set(&kind, total);
    }

    let top_people = top(db, user_id, &[EntityKind::Person], TOP_ROWS).await?;
    let top_events = top(db, user_id, &[EntityKind::LifePeriod, EntityKind::Event], TOP_ROWS).await?;
    Ok(DashboardStats { memories, entities, activity: Activity { top_people, top_events } })
}

/// The entities of these types named by the most memories, most first, then by id; "myself"
/// is left out (the writer is in most of their own memories).
async fn top<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    kinds: &[EntityKind],
    rows: usize,
) -> Result<Vec<TopEntity>, DbErr> {
    let backend = db.get_database_backend();
    let marks = vec!["?"; kinds.len()].join(", ");
    let mut values: Vec<sea_orm::Value> = vec![user_id.into()];
    values.extend(kinds.iter().map(|kind| kind.as_str().into()));
    // One extra row per possible "myself" is cheap; a writer has one.
    values.push(((rows + 2) as i64).into());
    let counted = db
        .query_all_raw(statement(
            backend,
            &format!(
                "SELECT me.entity_id AS id, COUNT(*) AS n FROM memory_entities me \
                 JOIN entities e ON e.id = me.entity_id \
                 WHERE me.user_id = ? AND e.entity_type IN ({marks}) \
                 GROUP BY me.entity_id ORDER BY n DESC, me.entity_id LIMIT ?"
            ),
            values,
        ))
        .await?;
    let mut order: Vec<(i64, i64)> = Vec::with_capacity(counted.len());
    for row in counted {
        order.push((row.try_get("", "id")?, row.try_get("", "n")?));
    }
    let found: Vec<entity::Model> = entity::Entity::find()
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::Id.is_in(order.iter().map(|(id, _)| *id)))
        .all(db)
        .await?;
    Ok(order
        .into_iter()
        .filter_map(|(id, count)| {
            let model = found.iter().find(|m| m.id == id)?;
            (!is_myself(&model.metadata)).then(|| TopEntity {
                id,
                name: model.name.clone(),
                entity_type: model.entity_type.clone(),
                count,
            })
        })
        .take(rows)
        .collect())
}
