//! Background jobs: work that must happen after a change is committed, even if the process
//! that made the change dies first, and that exactly one of several server processes does.
//!
//! A job is a row of `jobs`, written in the same transaction as the change that needs it. A
//! process takes a job by setting itself as its claimer for a lease, in one statement that
//! skips rows another process holds (`FOR UPDATE SKIP LOCKED` on PostgreSQL; on SQLite the
//! write lock orders the claims). A job that succeeds is deleted; one that fails is retried
//! after a growing delay, and set aside as "failed" after `MAX_ATTEMPTS`; one whose process
//! died is taken again when its lease ends. The process that wrote the job runs it at once
//! (`run_now`); every process also looks for due jobs every `POLL` (`run_pending`).

use std::time::Duration;

use chrono::Utc;
use rand::RngCore;
use sea_orm::sea_query::{Expr, ExprTrait, LockBehavior, LockType, Query, QueryStatementBuilder};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, Order,
    QueryFilter, Set,
};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::db::entities::job;

/// How long a process may hold a job before another may take it.
pub const LEASE: Duration = Duration::from_secs(300);
/// How often each process looks for due jobs (retries, and jobs whose process died).
pub const POLL: Duration = Duration::from_secs(5);
/// Attempts before a job is set aside.
pub const MAX_ATTEMPTS: i32 = 8;

const QUEUED: &str = "queued";
const FAILED: &str = "failed";

/// What a job does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Job {
    /// Delete a photo (and its thumbnail) once none of its owner's memories shows it.
    ReleasePhoto { user_id: i64, url: String },
    /// Read an import's memories with the entity extractor (`users::imports`).
    ExtractImport { user_id: i64, import_id: i64 },
}

impl Job {
    fn kind(&self) -> &'static str {
        match self {
            Self::ReleasePhoto { .. } => "release_photo",
            Self::ExtractImport { .. } => "extract_import",
        }
    }

    fn user_id(&self) -> Option<i64> {
        match self {
            Self::ReleasePhoto { user_id, .. } | Self::ExtractImport { user_id, .. } => Some(*user_id),
        }
    }

    async fn run(&self, state: &AppState) -> anyhow::Result<()> {
        match self {
            Self::ReleasePhoto { user_id, url } => crate::memories::release_photo(state, *user_id, url).await,
            Self::ExtractImport { user_id, import_id } => {
                crate::users::imports::extract(state, *user_id, *import_id).await
            }
        }
    }
}

/// This process's name as a claimer: its id and a random part, unique across a cluster.
pub fn worker_name() -> String {
    format!("{}-{:08x}", std::process::id(), rand::rng().next_u32())
}

/// Queue a job, due now. Write it in the transaction of the change that needs it, then call
/// `run_now` with the id once that transaction has committed.
pub async fn enqueue<C: ConnectionTrait>(db: &C, job: &Job) -> Result<i64, DbErr> {
    let now = Utc::now();
    let payload = serde_json::to_value(job).map_err(|e| DbErr::Custom(format!("job payload: {e}")))?;
    let row = job::ActiveModel {
        user_id: Set(job.user_id()),
        kind: Set(job.kind().to_owned()),
        payload: Set(payload),
        state: Set(QUEUED.to_owned()),
        attempts: Set(0),
        run_at: Set(now),
        claimed_by: Set(None),
        claimed_until: Set(None),
        last_error: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// Take the next due job (or job `only`) for `worker`, for `lease`: none when every due job is
/// held by a live claim. Two processes never hold the same job at once.
pub async fn claim(
    db: &DatabaseConnection,
    worker: &str,
    lease: Duration,
    only: Option<i64>,
) -> Result<Option<job::Model>, DbErr> {
    let now = Utc::now();
    let until = now + chrono::Duration::from_std(lease).expect("a lease of minutes, not of aeons");
    let mut due = Query::select();
    due.column(job::Column::Id)
        .from(job::Entity)
        .and_where(job::Column::State.eq(QUEUED))
        .and_where(job::Column::RunAt.lte(now))
        .cond_where(Condition::any().add(job::Column::ClaimedUntil.is_null()).add(job::Column::ClaimedUntil.lt(now)))
        .order_by(job::Column::RunAt, Order::Asc)
        .order_by(job::Column::Id, Order::Asc)
        .limit(1)
        .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
    if let Some(id) = only {
        due.and_where(job::Column::Id.eq(id));
    }
    let txn = crate::db::begin_write(db).await?;
    let claimed = job::Entity::update_many()
        .col_expr(job::Column::ClaimedBy, Expr::val(worker))
        .col_expr(job::Column::ClaimedUntil, Expr::val(until))
        .col_expr(job::Column::Attempts, Expr::col(job::Column::Attempts).add(1))
        // `id = (one row)`: PostgreSQL may run an `IN (...)` subquery more than once, and so
        // claim more rows than its LIMIT.
        .filter(Expr::col(job::Column::Id).eq(Expr::SubQuery(None, Box::new(due.into_sub_query_statement()))))
        .exec_with_returning(&txn)
        .await?;
    txn.commit().await?;
    Ok(claimed.into_iter().next())
}

/// What became of a job a process ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    /// Failed; to be tried again later.
    Retry,
    /// Failed `MAX_ATTEMPTS` times: set aside.
    Failed,
}

/// Run a claimed job and record the outcome: delete it when done, else release it for later.
/// The record is kept only while `worker` still holds the claim; a claim that ran out and
/// was taken by another process is that process's to record.
pub async fn execute(state: &AppState, worker: &str, claimed: job::Model) -> Result<Outcome, DbErr> {
    let result = match serde_json::from_value::<Job>(claimed.payload.clone()) {
        Ok(job) => job.run(state).await,
        Err(error) => Err(anyhow::anyhow!("this version does not know the job: {error}")),
    };
    let mine = Condition::all().add(job::Column::Id.eq(claimed.id)).add(job::Column::ClaimedBy.eq(worker));
    let txn = crate::db::begin_write(&state.db).await?;
    let outcome = match result {
        Ok(()) => {
            job::Entity::delete_many().filter(mine).exec(&txn).await?;
            Outcome::Done
        }
        Err(error) => {
            let outcome = if claimed.attempts >= MAX_ATTEMPTS { Outcome::Failed } else { Outcome::Retry };
            let message: String = format!("{error:#}").chars().take(2_000).collect();
            if outcome == Outcome::Failed {
                tracing::error!(
                    job = claimed.id,
                    kind = claimed.kind,
                    attempts = claimed.attempts,
                    error = message,
                    "a job failed for good"
                );
            } else {
                tracing::warn!(
                    job = claimed.id,
                    kind = claimed.kind,
                    attempts = claimed.attempts,
                    error = message,
                    "a job failed; it will be tried again"
                );
            }
            let run_at = Utc::now() + chrono::Duration::from_std(retry_delay(claimed.attempts)).unwrap_or_default();
            job::Entity::update_many()
                .col_expr(job::Column::State, Expr::val(if outcome == Outcome::Failed { FAILED } else { QUEUED }))
                .col_expr(job::Column::RunAt, Expr::val(run_at))
                .col_expr(job::Column::ClaimedBy, Expr::val(Option::<String>::None))
                .col_expr(job::Column::ClaimedUntil, Expr::val(Option::<chrono::DateTime<Utc>>::None))
                .col_expr(job::Column::LastError, Expr::val(message))
                .filter(mine)
                .exec(&txn)
                .await?;
            outcome
        }
    };
    txn.commit().await?;
    Ok(outcome)
}

/// The wait before attempt `attempts + 1`: 2, 4, 8 ... seconds, at most an hour.
pub fn retry_delay(attempts: i32) -> Duration {
    Duration::from_secs(std::cmp::min(2_u64.saturating_pow(attempts.clamp(1, 12) as u32), 3_600))
}

/// Run the job just written by this request (after its transaction committed), unless
/// another process already took it. Failures are logged; the job stays queued.
pub async fn run_now(state: &AppState, id: i64) {
    match claim(&state.db, &state.worker, LEASE, Some(id)).await {
        Ok(Some(claimed)) => {
            if let Err(error) = execute(state, &state.worker, claimed).await {
                tracing::warn!(%error, job = id, "could not record a job's outcome");
            }
        }
        Ok(None) => {}
        Err(error) => tracing::warn!(%error, job = id, "could not take a job; it waits for the next look"),
    }
}

/// Take and run the next due job, if any: its id and outcome.
pub async fn run_next(state: &AppState) -> Result<Option<(i64, Outcome)>, DbErr> {
    let Some(claimed) = claim(&state.db, &state.worker, LEASE, None).await? else {
        return Ok(None);
    };
    let id = claimed.id;
    Ok(Some((id, execute(state, &state.worker, claimed).await?)))
}

/// Look for due jobs every `POLL` and run them, for as long as the server runs.
pub async fn run_pending(state: AppState) {
    loop {
        match run_next(&state).await {
            Ok(Some(_)) => continue,
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "could not look for background jobs"),
        }
        tokio::time::sleep(POLL).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_an_hour() {
        let delays: Vec<u64> = (1..=14).map(|n| retry_delay(n).as_secs()).collect();
        assert_eq!(&delays[..4], &[2, 4, 8, 16]);
        assert!(delays.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(*delays.last().unwrap(), 3_600);
    }

    #[test]
    fn a_job_reads_back_as_written() {
        let job = Job::ReleasePhoto { user_id: 7, url: "/api/photos/7/a.jpg".into() };
        let json = serde_json::to_value(&job).unwrap();
        assert_eq!(json["kind"], "release_photo");
        assert_eq!(serde_json::from_value::<Job>(json).unwrap(), job);
    }
}
