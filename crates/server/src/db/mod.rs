//! Database connection (SQLite or PostgreSQL, picked by the URL), migrations and table models.

pub mod entities;
mod migrations;

use std::time::Duration;

use anyhow::Context;
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbErr, SqliteTransactionMode,
    TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;

pub use migrations::Migrator;

/// Connect and bring the schema up to date.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_path(url) {
        create_parent_folder(path)?;
    }
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .sqlx_logging(false)
        .acquire_timeout(Duration::from_secs(10))
        // An acknowledged write survives a crash; readers never block the writer.
        .map_sqlx_sqlite_opts(|opts| {
            opts.create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(5))
        });
    if url.starts_with("sqlite:") {
        // SQLite has one writer: a small pool avoids busy waits between our own connections.
        // Each connection keeps its own cache of pages (2 MiB), so four, not eight: on a
        // small machine more only hold more memory.
        options.max_connections(4).min_connections(1);
    } else {
        options.max_connections(16);
    }
    let db = Database::connect(options)
        .await
        .with_context(|| format!("connecting to {}", crate::config::redact_url(url)))?;
    migrate(&db).await.context("applying database migrations")?;
    Ok(db)
}

/// Bring the schema up to date. Processes of a cluster that start together take turns on
/// PostgreSQL: the first applies what is missing while the others wait on an advisory lock
/// (held by a transaction of its own), then find nothing left to do.
async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    if db.get_database_backend() != sea_orm::DatabaseBackend::Postgres {
        return Migrator::up(db, None).await;
    }
    let lock = begin_write(db).await?;
    // The key is "lifegrap" read as a big-endian integer: unlikely to be another program's.
    lock.execute_unprepared("SELECT pg_advisory_xact_lock(7811887614364115312)").await?;
    Migrator::up(db, None).await?;
    lock.commit().await
}

/// Begin a transaction that writes. On SQLite it takes the write lock at once (`BEGIN
/// IMMEDIATE`), so concurrent writers queue on the busy timeout; a deferred transaction that
/// reads and then writes would fail with "database is locked" instead of waiting, because
/// SQLite cannot upgrade a read snapshot that another writer has moved past. PostgreSQL
/// ignores the mode. Every transaction that may write goes through here (clippy.toml forbids
/// the plain `begin`).
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}

/// The file behind `sqlite://path?...`, unless the database lives in memory.
fn sqlite_path(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.starts_with(":memory:")).then_some(path)
}

fn create_parent_folder(path: &str) -> anyhow::Result<()> {
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    Ok(())
}

/// A raw statement written once with `?` placeholders, numbered (`$1`, `$2`, ...) for PostgreSQL.
/// For the few aggregate queries the query builder cannot say portably; values stay parameters.
pub fn statement(
    backend: sea_orm::DatabaseBackend,
    sql: &str,
    values: impl IntoIterator<Item = sea_orm::Value>,
) -> sea_orm::Statement {
    let sql = match backend {
        sea_orm::DatabaseBackend::Postgres => {
            let mut numbered = String::with_capacity(sql.len() + 8);
            let mut n = 0;
            for c in sql.chars() {
                if c == '?' {
                    n += 1;
                    numbered.push_str(&format!("${n}"));
                } else {
                    numbered.push(c);
                }
            }
            numbered
        }
        _ => sql.to_owned(),
    };
    sea_orm::Statement::from_sql_and_values(backend, sql, values)
}

#[cfg(test)]
mod tests {
    use super::{sqlite_path, statement};
    use sea_orm::DatabaseBackend;

    #[test]
    fn placeholders_are_numbered_for_postgres_only() {
        let sql = "SELECT 1 WHERE a = ? AND b IN (?, ?)";
        assert_eq!(statement(DatabaseBackend::Postgres, sql, []).sql, "SELECT 1 WHERE a = $1 AND b IN ($2, $3)");
        assert_eq!(statement(DatabaseBackend::Sqlite, sql, []).sql, sql);
    }

    #[test]
    fn finds_the_sqlite_file() {
        assert_eq!(sqlite_path("sqlite://./data/lifegraph.db"), Some("./data/lifegraph.db"));
        assert_eq!(sqlite_path("sqlite:///tmp/x.db?mode=rwc"), Some("/tmp/x.db"));
        assert_eq!(sqlite_path("sqlite::memory:"), None);
        assert_eq!(sqlite_path("postgres://localhost/db"), None);
    }
}
