//! The extraction that follows an import (docs/rules.md "Account"): the imported memories are
//! read by the entity extractor in the background, a batch at a time, through the job queue
//! (`crate::jobs`), so it survives a restart and runs on one process of a cluster. A memory the
//! extractor finds nothing in stops waiting for its entities; one with proposals keeps waiting
//! until the writer confirms them from its page. The writer follows the progress with
//! `GET /api/users/{id}/imports`.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::{import, memory, memory_entity};
use crate::error::{ApiPath, ApiResult, ErrorBody};
use crate::jobs::{self, Job};

/// Memories read per batch (one query to fetch them, one transaction to record them).
pub const BATCH: u64 = 100;
/// How long one run of the job works before it hands the rest to a fresh job, well inside the
/// job's lease.
pub const RUN_BUDGET: Duration = Duration::from_secs(60);
/// Imports listed, newest first.
pub const LISTED: u64 = 10;

/// An import and how far its background extraction has gone.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportJob {
    pub id: i64,
    /// `dayOne`, `journiv` or `memos`.
    pub format: String,
    /// Memories the import brought.
    pub total: i64,
    /// Of those, how many the extractor has read (a memory deleted meanwhile counts as read).
    pub done: i64,
    /// Read memories whose proposed entities wait for the writer's confirmation.
    pub to_confirm: i64,
    pub created_at: DateTime<Utc>,
    /// When the last memory was read.
    pub finished_at: Option<DateTime<Utc>>,
}

/// The writer's latest imports (at most ten), newest first, with their extraction's progress.
#[utoipa::path(get, path = "/api/users/{id}/imports", tag = "users",
    params(("id" = i64, Path, description = "The signed-in user's id")),
    responses((status = 200, body = Vec<ImportJob>), (status = 401, body = ErrorBody),
              (status = 404, description = "Another user's id", body = ErrorBody)))]
pub(crate) async fn list_imports(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Vec<ImportJob>>> {
    let user = super::own(user, id)?;
    let rows = import::Entity::find()
        .filter(import::Column::UserId.eq(user.id))
        .order_by_desc(import::Column::Id)
        .limit(LISTED)
        .all(&state.db)
        .await?;
    Ok(Json(progress(&state.db, user.id, rows).await?))
}

/// Each import with its counts, from one grouped query.
pub async fn progress<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    imports: Vec<import::Model>,
) -> Result<Vec<ImportJob>, sea_orm::DbErr> {
    let ids: Vec<i64> = imports.iter().map(|i| i.id).collect();
    let counts: HashMap<i64, (i64, i64)> = if ids.is_empty() {
        HashMap::new()
    } else {
        memory::Entity::find()
            .select_only()
            .column(memory::Column::ImportId)
            .column_as(Expr::cust("SUM(CASE WHEN extraction_queued THEN 1 ELSE 0 END)"), "queued")
            .column_as(
                Expr::cust("SUM(CASE WHEN entities_pending AND NOT extraction_queued THEN 1 ELSE 0 END)"),
                "to_confirm",
            )
            .filter(memory::Column::UserId.eq(user_id))
            .filter(memory::Column::ImportId.is_in(ids))
            .group_by(memory::Column::ImportId)
            .into_tuple::<(Option<i64>, Option<i64>, Option<i64>)>()
            .all(db)
            .await?
            .into_iter()
            .filter_map(|(id, queued, to_confirm)| Some((id?, (queued.unwrap_or(0), to_confirm.unwrap_or(0)))))
            .collect()
    };
    Ok(imports
        .into_iter()
        .map(|row| {
            let (queued, to_confirm) = counts.get(&row.id).copied().unwrap_or((0, 0));
            let total = i64::from(row.total);
            ImportJob {
                id: row.id,
                format: row.format,
                total,
                done: (total - queued).max(0),
                to_confirm,
                created_at: row.created_at,
                finished_at: row.finished_at,
            }
        })
        .collect())
}

/// The background job: read the import's waiting memories, a batch at a time, for at most
/// `RUN_BUDGET`; queue a fresh job for the rest, or mark the import finished.
pub async fn extract(state: &AppState, user_id: i64, import_id: i64) -> anyhow::Result<()> {
    let started = Instant::now();
    loop {
        let batch = memory::Entity::find()
            .filter(memory::Column::UserId.eq(user_id))
            .filter(memory::Column::ImportId.eq(import_id))
            .filter(memory::Column::ExtractionQueued.eq(true))
            .order_by_asc(memory::Column::Id)
            .limit(BATCH)
            .all(&state.db)
            .await?;
        if batch.is_empty() {
            import::Entity::update_many()
                .col_expr(import::Column::FinishedAt, Expr::value(Some(Utc::now())))
                .filter(import::Column::Id.eq(import_id))
                .filter(import::Column::UserId.eq(user_id))
                .filter(import::Column::FinishedAt.is_null())
                .exec(&state.db)
                .await?;
            return Ok(());
        }
        if started.elapsed() > RUN_BUDGET {
            let txn = crate::db::begin_write(&state.db).await?;
            jobs::enqueue(&txn, &Job::ExtractImport { user_id, import_id }).await?;
            txn.commit().await?;
            return Ok(());
        }
        read_batch(state, user_id, batch).await?;
    }
}

/// Propose entities for each memory of the batch (off the async threads), then record which
/// memories stop waiting: those with nothing to propose.
async fn read_batch(state: &AppState, user_id: i64, batch: Vec<memory::Model>) -> anyhow::Result<()> {
    let matcher = state.matchers.matcher(&state.db, user_id).await?;
    let ids: Vec<i64> = batch.iter().map(|m| m.id).collect();
    let mut linked: HashMap<i64, Vec<i64>> = HashMap::new();
    let links: Vec<(i64, i64)> = memory_entity::Entity::find()
        .select_only()
        .column(memory_entity::Column::MemoryId)
        .column(memory_entity::Column::EntityId)
        .filter(memory_entity::Column::MemoryId.is_in(ids.clone()))
        .into_tuple()
        .all(&state.db)
        .await?;
    for (memory_id, entity_id) in links {
        linked.entry(memory_id).or_default().push(entity_id);
    }
    let nothing_found: Vec<i64> = tokio::task::spawn_blocking(move || {
        batch
            .iter()
            .filter(|m| {
                let named = linked.get(&m.id).map(Vec::as_slice).unwrap_or_default();
                crate::memories::extraction::propose(&matcher, &m.title, &m.content, named).is_empty()
            })
            .map(|m| m.id)
            .collect()
    })
    .await?;
    let txn = crate::db::begin_write(&state.db).await?;
    // Only memories still queued: one a writer confirmed or edited meanwhile keeps its state.
    memory::Entity::update_many()
        .col_expr(memory::Column::EntitiesPending, Expr::value(false))
        .filter(memory::Column::Id.is_in(nothing_found))
        .filter(memory::Column::ExtractionQueued.eq(true))
        .exec(&txn)
        .await?;
    memory::Entity::update_many()
        .col_expr(memory::Column::ExtractionQueued, Expr::value(false))
        .filter(memory::Column::Id.is_in(ids))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}
