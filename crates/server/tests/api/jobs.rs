//! Background jobs shared by several server processes on one database: each job is taken by
//! one process at a time, a job whose process died is taken again when its lease ends, and a
//! failing job is retried later, then set aside.

use std::time::Duration;

use chrono::Utc;
use lifegraph::app::{AppState, Application};
use lifegraph::auth::users::{self, Identity};
use lifegraph::config::Config;
use lifegraph::db::entities::job;
use lifegraph::jobs::{self, Job, Outcome};
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};

use crate::helpers::{Backend, fresh_database};

/// Two server processes (each with its own connection pool and claimer name) on one fresh
/// database and one photo store, not serving, so no job runs unless a test runs it, and a
/// writer whose jobs they run.
struct Cluster {
    first: Application,
    second: Application,
    user_id: i64,
    _dir: tempfile::TempDir,
}

async fn cluster(backend: Backend) -> Cluster {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
    let dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database(backend, dir.path()).await;
    let config = Config::for_tests(&database_url, &format!("file://{}/photos", dir.path().display()));
    let first = Application::build(config.clone()).await.expect("first process");
    let second = Application::build(config).await.expect("second process");
    assert_ne!(first.state().worker, second.state().worker, "each process claims under its own name");
    let identity = Identity { subject: "local:jobs@example.org".into(), ..Default::default() };
    let user_id = users::upsert(&first.state().db, identity).await.expect("a writer").id;
    Cluster { first, second, user_id, _dir: dir }
}

fn release(user_id: i64, n: usize) -> Job {
    Job::ReleasePhoto { user_id, url: format!("/api/photos/{user_id}/gone-{n}.jpg") }
}

async fn queued(state: &AppState) -> Vec<job::Model> {
    job::Entity::find().all(&state.db).await.expect("read the jobs")
}

async fn jobs_are_taken_by_one_process_at_a_time(backend: Backend) {
    let c = cluster(backend).await;
    let (a, b) = (c.first.state(), c.second.state());
    let mut all = Vec::new();
    for n in 0..40 {
        all.push(jobs::enqueue(&a.db, &release(c.user_id, n)).await.unwrap());
    }

    // Both processes reach for a job at the same moment, round after round.
    let mut taken = Vec::new();
    loop {
        let (from_a, from_b) = tokio::join!(
            jobs::claim(&a.db, &a.worker, jobs::LEASE, None),
            jobs::claim(&b.db, &b.worker, jobs::LEASE, None),
        );
        let (from_a, from_b) = (from_a.expect("claim"), from_b.expect("claim"));
        if let (Some(x), Some(y)) = (&from_a, &from_b) {
            assert_ne!(x.id, y.id, "two processes hold job {} at once", x.id);
        }
        if from_a.is_none() && from_b.is_none() {
            break;
        }
        for (state, claimed) in [(a, from_a), (b, from_b)] {
            if let Some(claimed) = claimed {
                assert_eq!(claimed.claimed_by.as_deref(), Some(&*state.worker));
                assert_eq!(claimed.attempts, 1, "a job is taken once");
                taken.push(claimed.id);
                assert_eq!(jobs::execute(state, &state.worker, claimed).await.unwrap(), Outcome::Done);
            }
        }
    }
    taken.sort_unstable();
    assert_eq!(taken, all, "every job ran, each once");
    assert!(queued(a).await.is_empty(), "done jobs leave the queue");
}

async fn a_job_whose_process_died_is_taken_again(backend: Backend) {
    let c = cluster(backend).await;
    let (a, b) = (c.first.state(), c.second.state());
    let id = jobs::enqueue(&a.db, &release(c.user_id, 1)).await.unwrap();

    // The first process takes the job, then dies: its lease runs out.
    let lost = jobs::claim(&a.db, &a.worker, Duration::ZERO, None).await.unwrap().expect("the job");
    tokio::time::sleep(Duration::from_millis(20)).await;
    let again = jobs::claim(&b.db, &b.worker, jobs::LEASE, None).await.unwrap().expect("taken again");
    assert_eq!((again.id, again.attempts), (id, 2));
    assert!(jobs::claim(&a.db, &a.worker, jobs::LEASE, None).await.unwrap().is_none(), "a live claim is not taken");

    // A process that comes back late does not record over the one now holding the job.
    jobs::execute(a, &a.worker, lost).await.unwrap();
    let rows = queued(a).await;
    assert_eq!(rows.len(), 1, "the late process did not remove the job");
    assert_eq!(rows[0].claimed_by.as_deref(), Some(&*b.worker));

    assert_eq!(jobs::execute(b, &b.worker, again).await.unwrap(), Outcome::Done);
    assert!(queued(a).await.is_empty());
}

async fn a_failing_job_is_retried_later_then_set_aside(backend: Backend) {
    let c = cluster(backend).await;
    let a = c.first.state();
    // A job this version cannot run (written by a newer one, say) fails every time.
    let now = Utc::now();
    let unknown = job::ActiveModel {
        user_id: Set(Some(c.user_id)),
        kind: Set("from_a_newer_version".into()),
        payload: Set(serde_json::json!({"kind": "from_a_newer_version"})),
        state: Set("queued".into()),
        attempts: Set(0),
        run_at: Set(now),
        claimed_by: Set(None),
        claimed_until: Set(None),
        last_error: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&a.db)
    .await
    .unwrap();

    assert_eq!(jobs::run_next(a).await.unwrap(), Some((unknown.id, Outcome::Retry)));
    let row = job::Entity::find_by_id(unknown.id).one(&a.db).await.unwrap().expect("kept for a retry");
    assert_eq!((row.state.as_str(), row.attempts, row.claimed_by.as_deref()), ("queued", 1, None));
    assert!(row.run_at > Utc::now(), "the retry waits");
    assert!(row.last_error.as_deref().unwrap_or_default().contains("does not know"), "{:?}", row.last_error);
    assert_eq!(jobs::run_next(a).await.unwrap(), None, "not due yet");

    // Time passes, and the last attempt fails too.
    let mut due = row.into_active_model();
    due.run_at = Set(Utc::now());
    due.attempts = Set(jobs::MAX_ATTEMPTS - 1);
    due.update(&a.db).await.unwrap();
    assert_eq!(jobs::run_next(a).await.unwrap(), Some((unknown.id, Outcome::Failed)));
    let row = job::Entity::find_by_id(unknown.id).one(&a.db).await.unwrap().expect("kept, set aside");
    assert_eq!((row.state.as_str(), row.attempts), ("failed", jobs::MAX_ATTEMPTS));
    let mut due = row.into_active_model();
    due.run_at = Set(Utc::now());
    due.update(&a.db).await.unwrap();
    assert_eq!(jobs::run_next(a).await.unwrap(), None, "a job set aside is not taken again");
}

crate::backends!(
    jobs_are_taken_by_one_process_at_a_time,
    a_job_whose_process_died_is_taken_again,
    a_failing_job_is_retried_later_then_set_aside,
);
