//! Memory given back when the server falls idle.
//!
//! A burst of requests leaves each SQLite connection of the pool holding a cache of up to 2 MiB
//! of pages and its prepared statements, which nothing uses once the burst ends. A journal server
//! is idle most of the day, so once no request has come for `IDLE_AFTER` the server closes the
//! idle SQLite connections but one and empties that one's cache (the pages stay in the system's
//! file cache, so the next request reads them from memory, not disk). The allocator's background
//! thread then returns the freed pages to the system (`main.rs`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sea_orm::{DatabaseBackend, DatabaseConnection};
use tokio::sync::Notify;

/// How long without a request before the server gives memory back.
pub const IDLE_AFTER: Duration = Duration::from_secs(2);

/// When the last request came, shared by the accept loop (which records each request) and the
/// task that waits for the server to fall idle.
pub struct Activity {
    started: Instant,
    /// Milliseconds from `started` to the latest request.
    last_request_ms: AtomicU64,
    /// Whether the waiting task sleeps until the next request (the memory has been given back).
    asleep: AtomicBool,
    wake: Notify,
}

impl Default for Activity {
    fn default() -> Self {
        Self {
            started: Instant::now(),
            last_request_ms: AtomicU64::new(0),
            asleep: AtomicBool::new(true),
            wake: Notify::new(),
        }
    }
}

impl Activity {
    /// Called for every request: a relaxed store, and a wake-up only for the first request after
    /// the server gave memory back.
    pub fn request(&self) {
        self.last_request_ms.store(self.elapsed_ms(), Ordering::Relaxed);
        if self.asleep.load(Ordering::Relaxed) && self.asleep.swap(false, Ordering::AcqRel) {
            self.wake.notify_one();
        }
    }

    fn elapsed_ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn since_last_request(&self) -> Duration {
        Duration::from_millis(self.elapsed_ms().saturating_sub(self.last_request_ms.load(Ordering::Relaxed)))
    }

    /// Until the process ends: after each burst of requests, once none has come for `idle_after`,
    /// give memory back.
    pub async fn give_back_when_idle(self: Arc<Self>, db: DatabaseConnection, idle_after: Duration) {
        loop {
            self.wake.notified().await;
            loop {
                let since = self.since_last_request();
                if since >= idle_after {
                    break;
                }
                tokio::time::sleep(idle_after - since).await;
            }
            self.asleep.store(true, Ordering::Release);
            // A request that came between the last check and the store above finds the flag
            // still false and wakes nobody: it costs one early give-back, nothing more.
            give_back(&db).await;
        }
    }
}

/// Close the idle SQLite connections but one and empty that one's page cache. Connections in
/// use are left alone; PostgreSQL keeps its pool (its caches live in the database's processes).
pub async fn give_back(db: &DatabaseConnection) {
    if db.get_database_backend() != DatabaseBackend::Sqlite {
        return;
    }
    let pool = db.get_sqlite_connection_pool();
    let mut kept = None;
    while let Some(connection) = pool.try_acquire() {
        if kept.is_none() {
            kept = Some(connection);
        } else if let Err(error) = connection.close().await {
            tracing::debug!(%error, "could not close an idle SQLite connection");
        }
    }
    if let Some(mut connection) = kept
        && let Err(error) = sea_orm::sqlx::query("PRAGMA shrink_memory").execute(&mut *connection).await
    {
        tracing::debug!(%error, "could not empty the page cache of an idle SQLite connection");
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use sea_orm::{ConnectionTrait, Statement};

    use super::Activity;

    /// Polls `condition` every 10 ms for up to 10 s.
    async fn eventually(condition: impl Fn() -> bool) -> bool {
        for _ in 0..1000 {
            if condition() {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        false
    }

    #[tokio::test]
    async fn after_a_burst_an_idle_server_keeps_one_sqlite_connection_and_still_answers() {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::db::connect(&format!("sqlite://{}/idle.db", dir.path().display())).await.unwrap();
        let pool = db.get_sqlite_connection_pool();
        let activity = Arc::new(Activity::default());
        let waiter = tokio::spawn(activity.clone().give_back_when_idle(db.clone(), Duration::from_millis(50)));

        // A burst: four requests at once, each holding one of the pool's connections.
        activity.request();
        let (a, b, c, d) = tokio::join!(pool.acquire(), pool.acquire(), pool.acquire(), pool.acquire());
        let burst = [a.unwrap(), b.unwrap(), c.unwrap(), d.unwrap()];
        assert_eq!(pool.size(), 4);
        activity.request();
        drop(burst);

        assert!(eventually(|| pool.size() == 1).await, "the pool still holds {} connections", pool.size());
        let answer = db.query_one_raw(Statement::from_string(db.get_database_backend(), "SELECT 1")).await.unwrap();
        assert!(answer.is_some());

        // The next burst opens connections again, and they are given back again when it ends.
        activity.request();
        let (a, b) = tokio::join!(pool.acquire(), pool.acquire());
        assert!(pool.size() >= 2);
        drop((a.unwrap(), b.unwrap()));
        assert!(eventually(|| pool.size() == 1).await, "the pool still holds {} connections", pool.size());
        waiter.abort();
    }
}
